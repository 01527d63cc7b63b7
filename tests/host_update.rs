//! What `studio update` trusts (issue 39, finding 4): only root's settings, never a `studio.toml`
//! in the folder it runs from; release keys only from a file no one else can write; and no
//! manifest past its expiry, nor a release older than the one installed.

mod host_support;

use host_support::{file_server, key, release, release_until, text};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use studio::config::{Config, Layer};
use studio::host::paths::Paths;

fn update_check(cwd: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_studio"))
        .args(["update", "--check"])
        .args(args)
        .current_dir(cwd)
        .env_remove("STUDIO_CONFIG")
        .env_remove("STUDIO_UPDATE_URL")
        .output()
        .unwrap();
    (out.status.success(), text(&out))
}

/// A channel with an attacker's release 9.9.9 (signed by the attacker's own key) and the
/// settings that would trust it.
fn hostile(dir: &Path) -> String {
    let (pkcs8, public) = key();
    let releases = dir.join("releases");
    release(&releases, "evil", "9.9.9", b"not studio", &pkcs8);
    let port = file_server(releases);
    format!(
        "update_url = \"http://127.0.0.1:{port}/evil/release.json\"\nupdate_pubkeys = [\"{public}\"]\n"
    )
}

#[test]
fn update_ignores_the_settings_of_the_folder_it_runs_from() {
    let dir = tempfile::tempdir().unwrap();
    let service_folder = dir.path().join("var-lib-studio");
    std::fs::create_dir(&service_folder).unwrap();
    let settings = service_folder.join("studio.toml");
    std::fs::write(&settings, hostile(dir.path())).unwrap();
    std::fs::set_permissions(&settings, std::fs::Permissions::from_mode(0o644)).unwrap();

    let (_, said) = update_check(&service_folder, &[]);
    assert!(
        !said.contains("9.9.9"),
        "./studio.toml is not read:\n{said}"
    );

    // Named with --config, the same file is read and said so: this test can fail.
    let s = settings.to_str().unwrap();
    let (ok, said) = update_check(dir.path(), &["--config", s]);
    assert!(ok && said.contains("Version 9.9.9 is available"), "{said}");
    assert!(
        said.contains(&format!("reading the settings {s}")),
        "{said}"
    );

    // Keys in a file others can write are refused, with what to do.
    std::fs::set_permissions(&settings, std::fs::Permissions::from_mode(0o666)).unwrap();
    let (ok, said) = update_check(dir.path(), &["--config", s]);
    assert!(!ok, "{said}");
    assert!(
        said.contains("others can write it (mode 0666)") && said.contains("chmod go-w"),
        "{said}"
    );
    assert!(!said.contains("9.9.9 is available"), "{said}");
}

#[test]
fn an_expired_or_older_release_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (pkcs8, public) = key();
    let releases = dir.path().join("releases");
    release_until(
        &releases,
        "expired",
        "9.0.0",
        b"binary",
        &pkcs8,
        "2026-01-01T00:00:00Z",
    );
    release(&releases, "older", "0.0.1", b"binary", &pkcs8);
    release(&releases, "newer", "9.0.0", b"binary", &pkcs8);
    let port = file_server(releases);
    let url = |name: &str| format!("http://127.0.0.1:{port}/{name}/release.json");
    let config = Config::from_layer(Layer {
        update_pubkeys: Some(vec![public.clone()]),
        ..Layer::default()
    })
    .unwrap();
    let paths = Paths::new(dir.path());
    let offer = |name: &str| studio::host::update::newer_offer(&config, &paths, Some(&url(name)));

    let e = offer("expired")
        .err()
        .expect("an expired manifest is refused");
    assert!(format!("{e:#}").contains("expired on 2026-01-01"), "{e:#}");
    let e = offer("older").err().expect("an older release is refused");
    assert!(format!("{e:#}").contains("downgrade"), "{e:#}");
    assert_eq!(offer("newer").unwrap().manifest.version, "9.0.0");

    // `update --check` says the same of the expired one.
    let settings = dir.path().join("studio.toml");
    std::fs::write(&settings, format!("update_pubkeys = [\"{public}\"]\n")).unwrap();
    std::fs::set_permissions(&settings, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (ok, said) = update_check(
        dir.path(),
        &[
            "--config",
            settings.to_str().unwrap(),
            "--from",
            &url("expired"),
        ],
    );
    assert!(!ok && said.contains("expired on 2026-01-01"), "{said}");
}
