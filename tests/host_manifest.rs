//! Releases as `scripts/dist --sign` makes them (openssl's Ed25519) are what `studio update`
//! accepts (ring's): the signature, the sizes and hashes, the version and the relative URLs.

use std::path::Path;
use std::process::Command;
use studio::host::manifest::{self, Version};

fn openssl(args: &[&str]) -> Vec<u8> {
    let out = Command::new("openssl")
        .args(args)
        .output()
        .expect("openssl runs");
    assert!(
        out.status.success(),
        "openssl {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn a_release_signed_by_scripts_dist_is_accepted_and_a_changed_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("release-key.pem");
    openssl(&[
        "genpkey",
        "-algorithm",
        "ed25519",
        "-out",
        key.to_str().unwrap(),
    ]);
    let der = openssl(&[
        "pkey",
        "-in",
        key.to_str().unwrap(),
        "-pubout",
        "-outform",
        "DER",
    ]);
    use base64::Engine;
    let public = base64::engine::general_purpose::STANDARD.encode(&der[der.len() - 32..]);

    let version = env!("CARGO_PKG_VERSION");
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    for arch in ["x86_64", "armv7"] {
        std::fs::write(
            dist.join(format!("studio-{version}-linux-{arch}")),
            format!("binary for {arch}"),
        )
        .unwrap();
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/dist");
    let out = Command::new(&script)
        .args([
            "--sign",
            key.to_str().unwrap(),
            "--sign-only",
            "--notes",
            "Faster pages.",
        ])
        .env("CARGO_TARGET_DIR", dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "scripts/dist --sign: {}",
        String::from_utf8_lossy(&out.stderr)
    );

    let bytes = std::fs::read(dist.join("release.json")).unwrap();
    let sig = std::fs::read(dist.join("release.json.sig")).unwrap();
    let keys = manifest::trusted_keys(&[public]).unwrap();
    let m = manifest::verify(&bytes, &sig, &keys).expect("scripts/dist's signature checks");
    assert_eq!(m.version(), Version::parse(version).unwrap());
    assert_eq!(m.notes, "Faster pages.");
    assert_eq!(
        m.files.keys().collect::<Vec<_>>(),
        ["armv7", "x86_64"],
        "only the binaries present"
    );
    let base: url::Url = "http://127.0.0.1:9/r/release.json".parse().unwrap();
    let (url, entry) = m.file_for("armv7", &base).unwrap();
    assert_eq!(
        url.as_str(),
        format!("http://127.0.0.1:9/r/studio-{version}-linux-armv7")
    );
    manifest::check_file(entry, b"binary for armv7").unwrap();
    assert!(manifest::check_file(entry, b"binary for armv8").is_err());

    let mut changed = bytes.clone();
    let at = changed.iter().position(|&b| b == b'F').unwrap();
    changed[at] = b'f';
    assert!(
        manifest::verify(&changed, &sig, &keys).is_err(),
        "a changed manifest is refused"
    );
    let other =
        manifest::trusted_keys(&[base64::engine::general_purpose::STANDARD.encode([7u8; 32])])
            .unwrap();
    assert!(
        manifest::verify(&bytes, &sig, &other).is_err(),
        "another key's release is refused"
    );
}
