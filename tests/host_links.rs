//! Root's commands in the service user's folders never follow a link the service planted
//! (issue 39, finding 1): `install` run again over a data file replaced by a link, `backup` and
//! `restore` with links at the final name and at the temporary names an earlier release used,
//! and the snapshot `update` and `rollback` take first. Each link's target is left as it was
//! (content, mode, owner) and the link is named in one line. As root (CI), the owners are checked
//! too, and the snapshot is taken by the installed binary run as the service's user.

mod host_support;

use host_support::{fake_root, is_root, studio_on, text};
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::Command;
use studio::config::{Config, Layer};
use studio::host::paths::Paths;

/// A file the service must never get at: "precious", 0644, and as it was owned.
struct Target {
    _dir: tempfile::TempDir,
    path: PathBuf,
    owner: (u32, u32),
}

impl Target {
    fn new() -> Target {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("root-owned.conf");
        std::fs::write(&path, b"precious").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let m = std::fs::metadata(&path).unwrap();
        Target {
            owner: (m.uid(), m.gid()),
            _dir: dir,
            path,
        }
    }

    /// Unchanged: content, mode and owner.
    fn untouched(&self, what: &str) {
        assert_eq!(
            std::fs::read(&self.path).unwrap(),
            b"precious",
            "{what}: content"
        );
        let m = std::fs::metadata(&self.path).unwrap();
        assert_eq!(m.mode() & 0o7777, 0o644, "{what}: mode");
        assert_eq!((m.uid(), m.gid()), self.owner, "{what}: owner");
    }
}

/// Links at the temporary names an earlier release wrote (`<dest>.tmp-<pid>`), for the process
/// ids the next commands are likely to get.
fn plant_old_temp_names(dest: &Path, target: &Path) -> Vec<PathBuf> {
    let last: u32 = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid")
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(1000);
    (last + 1..last + 400)
        .map(|pid| {
            let mut name = dest.as_os_str().to_owned();
            name.push(format!(".tmp-{pid}"));
            let link = PathBuf::from(name);
            symlink(target, &link).unwrap();
            link
        })
        .collect()
}

fn still_links(links: &[PathBuf]) {
    for l in links {
        assert!(
            std::fs::symlink_metadata(l)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{} is left alone",
            l.display()
        );
    }
}

fn studio(dir: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_studio"))
        .args(args)
        .current_dir(dir)
        .env_remove("STUDIO_CONFIG")
        .output()
        .unwrap();
    (out.status.success(), text(&out))
}

fn installed() -> tempfile::TempDir {
    let root = fake_root();
    let out = studio_on(
        root.path(),
        &["install", "--yes", "--listen", "127.0.0.1:8099"],
    );
    assert!(out.status.success(), "{}", text(&out));
    root
}

#[test]
fn install_again_refuses_a_data_file_replaced_by_a_link() {
    let root = installed();
    let r = root.path();
    let data = r.join("var/lib/studio/studio.redb");
    let target = Target::new();
    std::fs::remove_file(&data).unwrap();
    symlink(&target.path, &data).unwrap();

    let out = studio_on(r, &["install", "--yes", "--listen", "127.0.0.1:8099"]);
    let said = text(&out);
    assert!(!out.status.success(), "{said}");
    assert!(
        said.contains("var/lib/studio/studio.redb is a symbolic link"),
        "the link is named:\n{said}"
    );
    target.untouched("install over a link");

    // A dangling link is no missing data file either: nothing is created where it points.
    let nowhere = r.join("nowhere.redb");
    std::fs::remove_file(&data).unwrap();
    symlink(&nowhere, &data).unwrap();
    let out = studio_on(r, &["install", "--yes", "--listen", "127.0.0.1:8099"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("is a symbolic link"), "{}", text(&out));
    assert!(!nowhere.exists(), "nothing made through the link");
}

#[test]
fn backup_into_a_folder_with_planted_links() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("studio.redb");
    drop(studio::store::Store::open(&data).unwrap());
    let snaps = dir.path().join("snapshots");
    std::fs::create_dir(&snaps).unwrap();
    let dest = snaps.join("copy.redb");
    let target = Target::new();
    let planted = plant_old_temp_names(&dest, &target.path);
    symlink(&target.path, &dest).unwrap();
    let (d, to) = (data.to_str().unwrap(), dest.to_str().unwrap());

    let (ok, said) = studio(dir.path(), &["backup", to, "--data", d]);
    assert!(!ok, "{said}");
    assert!(
        said.contains("snapshots/copy.redb is a symbolic link"),
        "{said}"
    );
    target.untouched("backup onto a link");

    std::fs::remove_file(&dest).unwrap();
    let (ok, said) = studio(dir.path(), &["backup", to, "--data", d]);
    assert!(ok, "{said}");
    target.untouched("backup beside links");
    still_links(&planted);
    let m = std::fs::symlink_metadata(&dest).unwrap();
    assert!(m.is_file() && m.mode() & 0o777 == 0o600);
    studio::backup::verify(&dest).unwrap();
}

#[test]
fn restore_with_planted_links() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("studio.redb");
    let good = dir.path().join("good.redb");
    drop(studio::store::Store::open(&good).unwrap());
    let target = Target::new();
    let planted = plant_old_temp_names(&data, &target.path);
    let (d, g) = (data.to_str().unwrap(), good.to_str().unwrap());

    // A link where the data file belongs.
    symlink(&target.path, &data).unwrap();
    let (ok, said) = studio(dir.path(), &["restore", g, "--data", d]);
    assert!(!ok, "{said}");
    assert!(said.contains("studio.redb is a symbolic link"), "{said}");
    target.untouched("restore onto a link");
    std::fs::remove_file(&data).unwrap();

    // A link as the source: never read through.
    let link_src = dir.path().join("offered.redb");
    symlink(&good, &link_src).unwrap();
    let (ok, said) = studio(
        dir.path(),
        &["restore", link_src.to_str().unwrap(), "--data", d],
    );
    assert!(
        !ok && said.contains("offered.redb is a symbolic link"),
        "{said}"
    );

    // A data file in place, links all around: restored, the old file kept aside and private.
    drop(studio::store::Store::open(&data).unwrap());
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (ok, said) = studio(dir.path(), &["restore", g, "--data", d]);
    assert!(ok, "{said}");
    target.untouched("restore beside links");
    still_links(&planted);
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".bak-"))
        .collect();
    assert_eq!(kept.len(), 1, "{said}");
    assert_eq!(std::fs::metadata(&kept[0]).unwrap().mode() & 0o777, 0o600);
    assert!(std::fs::symlink_metadata(&data).unwrap().is_file());
}

#[test]
fn the_snapshot_before_update_and_rollback_follows_no_link() {
    let root = installed();
    let r = root.path();
    let paths = Paths::new(r);
    let config = Config::from_layer(Layer {
        data: Some(paths.data_file()),
        backup_dir: Some(paths.backup_dir()),
        ..Layer::default()
    })
    .unwrap();
    let target = Target::new();
    for label in ["update-0.1.0-to-0.2.0", "rollback-from-0.2.0"] {
        let dest = paths.backup_dir().join(format!("pre-{label}.redb"));
        let planted = plant_old_temp_names(&dest, &target.path);
        symlink(&target.path, &dest).unwrap();
        let e = studio::host::update::pre_change_snapshot(&config, &paths, label).unwrap_err();
        assert!(
            format!("{e:#}").contains(&format!("pre-{label}.redb is a symbolic link")),
            "{label}: {e:#}"
        );
        target.untouched(label);

        std::fs::remove_file(&dest).unwrap();
        let taken = studio::host::update::pre_change_snapshot(&config, &paths, label)
            .unwrap()
            .expect("a data file to copy");
        assert_eq!(taken, dest);
        target.untouched(label);
        still_links(&planted);
        let m = std::fs::symlink_metadata(&dest).unwrap();
        assert!(m.is_file() && m.mode() & 0o777 == 0o600, "{label}");
        if is_root() {
            assert_eq!(
                (m.uid(), m.gid()),
                (990, 991),
                "{label}: the service's own copy"
            );
        }
        studio::backup::verify(&dest).unwrap();
    }
}
