//! `studio install --root DIR` on a folder standing for `/`: the plan, then the files with their
//! modes and owners, a second run that changes nothing, a host's edited settings kept, and
//! `uninstall` keeping or purging the data. (The real thing, in a real systemd: tests/host_systemd.rs.)

mod host_support;

use host_support::{fake_root as root, is_root, studio_on as studio, text};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::Command;

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn install_plans_then_writes_everything_once_and_keeps_edits() {
    let dir = root();
    let r = dir.path();
    let args = ["install", "--listen", "127.0.0.1:8099"];

    let dry = studio(r, &[&args[..], &["--dry-run"]].concat());
    let out = text(&dry);
    assert!(dry.status.success(), "{out}");
    for expected in [
        "install ",
        "/usr/local/bin/studio (0755, root)",
        "/var/lib/studio (0750, studio:studio)",
        "/var/backups/studio (0750, studio:studio)",
        "write the settings /etc/studio/studio.toml (0640, root:studio)",
        "create the data file",
        "write the service /etc/systemd/system/studio.service",
        "nothing was changed",
    ] {
        assert!(
            out.contains(expected),
            "the plan names {expected:?}:\n{out}"
        );
    }
    assert!(
        !out.contains("create the system user"),
        "the user exists:\n{out}"
    );
    assert!(
        !r.join("usr").exists() && !r.join("var").exists(),
        "--dry-run writes nothing"
    );

    let first = studio(r, &[&args[..], &["--yes"]].concat());
    assert!(first.status.success(), "{}", text(&first));
    let unit = std::fs::read_to_string(r.join("etc/systemd/system/studio.service")).unwrap();
    let shipped = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/studio.service"),
    )
    .unwrap();
    assert_eq!(unit, shipped, "the unit written is the one shipped");
    let settings = std::fs::read_to_string(r.join("etc/studio/studio.toml")).unwrap();
    assert!(
        settings.contains("listen = \"127.0.0.1:8099\"")
            && settings.contains("backup_dir = \"/var/backups/studio\""),
        "{settings}"
    );
    for (path, want) in [
        ("usr/local/bin/studio", 0o755),
        ("var/lib/studio", 0o750),
        ("var/backups/studio", 0o750),
        ("etc/studio/studio.toml", 0o640),
        ("var/lib/studio/studio.redb", 0o600),
        ("etc/systemd/system/studio.service", 0o644),
    ] {
        assert_eq!(mode(&r.join(path)), want, "{path}");
    }
    assert!(
        text(&first).contains("password:"),
        "the admin password is shown once:\n{}",
        text(&first)
    );
    if is_root() {
        let m = std::fs::metadata(r.join("var/lib/studio/studio.redb")).unwrap();
        assert_eq!(
            (m.uid(), m.gid()),
            (990, 991),
            "the data file is the service's"
        );
        let m = std::fs::metadata(r.join("etc/studio/studio.toml")).unwrap();
        assert_eq!((m.uid(), m.gid()), (0, 991), "settings: root:studio");
    }

    let again = studio(r, &[&args[..], &["--yes"]].concat());
    assert!(again.status.success(), "{}", text(&again));
    assert!(
        text(&again).contains("Nothing to change"),
        "{}",
        text(&again)
    );
    assert!(!text(&again).contains("password:"), "accounts are kept");

    // What is wrong is repaired; a host's edit of the settings is kept and shown.
    std::fs::set_permissions(
        r.join("var/lib/studio"),
        std::fs::Permissions::from_mode(0o777),
    )
    .unwrap();
    std::fs::write(
        r.join("etc/studio/studio.toml"),
        settings.replace("8099", "8100"),
    )
    .unwrap();
    std::fs::set_permissions(
        r.join("etc/studio/studio.toml"),
        std::fs::Permissions::from_mode(0o640),
    )
    .unwrap();
    let repair = studio(r, &[&args[..], &["--yes"]].concat());
    let out = text(&repair);
    assert!(repair.status.success(), "{out}");
    assert!(
        out.contains("set ") && out.contains("/var/lib/studio to 0750"),
        "{out}"
    );
    assert!(
        out.contains("- listen = \"127.0.0.1:8100\"")
            && out.contains("+ listen = \"127.0.0.1:8099\""),
        "the difference is shown:\n{out}"
    );
    assert_eq!(mode(&r.join("var/lib/studio")), 0o750);
    assert!(
        std::fs::read_to_string(r.join("etc/studio/studio.toml"))
            .unwrap()
            .contains("8100"),
        "the edit is kept"
    );

    let keep = studio(r, &["uninstall", "--yes"]);
    assert!(keep.status.success(), "{}", text(&keep));
    assert!(
        !r.join("usr/local/bin/studio").exists()
            && !r.join("etc/systemd/system/studio.service").exists()
    );
    assert!(
        r.join("var/lib/studio/studio.redb").exists() && r.join("etc/studio/studio.toml").exists(),
        "data and settings kept"
    );
}

#[test]
fn install_says_what_it_needs() {
    let dir = root();
    let none = studio(dir.path(), &["install", "--yes"]);
    assert!(!none.status.success());
    assert!(
        text(&none).contains("--domain example.com") && text(&none).contains("--listen"),
        "{}",
        text(&none)
    );
    let no_email = studio(dir.path(), &["install", "--yes", "--domain", "example.com"]);
    assert!(
        text(&no_email).contains("--email is needed"),
        "{}",
        text(&no_email)
    );
    let bad = studio(dir.path(), &["install", "--yes", "--listen", "nowhere"]);
    assert!(text(&bad).contains("is not an address"), "{}", text(&bad));
    assert!(
        !dir.path().join("usr").exists(),
        "nothing written on a refusal"
    );
    let asked = studio(dir.path(), &["install", "--listen", "127.0.0.1:8099"]);
    assert!(
        !asked.status.success() && text(&asked).contains("--yes"),
        "no terminal to answer on: {}",
        text(&asked)
    );
}

#[test]
fn purge_deletes_the_data_too() {
    let dir = root();
    let r = dir.path();
    assert!(
        studio(r, &["install", "--yes", "--listen", "127.0.0.1:8099"])
            .status
            .success()
    );
    if !Command::new("userdel")
        .arg("--help")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        eprintln!("SKIP: no userdel on this machine");
        return;
    }
    let purge = studio(r, &["uninstall", "--purge", "--yes"]);
    let out = text(&purge);
    assert!(
        out.contains("/var/lib/studio") && out.contains("delete for good"),
        "names what it deletes:\n{out}"
    );
    assert!(!r.join("var/lib/studio").exists() && !r.join("etc/studio").exists());
}
