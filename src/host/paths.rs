//! Where an installed studio keeps each thing, under a root (`/`, or a test's folder).

use std::path::{Path, PathBuf};

pub const SERVICE: &str = "studio";
pub const USER: &str = "studio";

/// The places of one installation.
#[derive(Debug, Clone)]
pub struct Paths {
    pub root: PathBuf,
}

impl Paths {
    pub fn new(root: &Path) -> Paths {
        Paths {
            root: root.to_path_buf(),
        }
    }

    fn at(&self, path: &str) -> PathBuf {
        self.root.join(path.trim_start_matches('/'))
    }

    pub fn binary(&self) -> PathBuf {
        self.at("/usr/local/bin/studio")
    }
    /// The release before the last update, for `studio rollback`.
    pub fn previous_binary(&self) -> PathBuf {
        self.at("/usr/local/bin/studio.previous")
    }
    /// The signed manifests of the installed release and of the one before it.
    pub fn release_dir(&self) -> PathBuf {
        self.at("/usr/local/lib/studio")
    }
    pub fn release_record(&self) -> PathBuf {
        self.release_dir().join("release.json")
    }
    pub fn previous_release_record(&self) -> PathBuf {
        self.release_dir().join("release.previous.json")
    }
    pub fn data_dir(&self) -> PathBuf {
        self.at("/var/lib/studio")
    }
    pub fn data_file(&self) -> PathBuf {
        self.data_dir().join("studio.redb")
    }
    pub fn backup_dir(&self) -> PathBuf {
        self.at("/var/backups/studio")
    }
    pub fn etc_dir(&self) -> PathBuf {
        self.at("/etc/studio")
    }
    pub fn config(&self) -> PathBuf {
        self.etc_dir().join("studio.toml")
    }
    pub fn unit(&self) -> PathBuf {
        self.at("/etc/systemd/system/studio.service")
    }
    /// The unit of the Debian package (scripts/deb/), which `dpkg` owns.
    pub fn packaged_unit(&self) -> PathBuf {
        self.at("/lib/systemd/system/studio.service")
    }
    /// The refusal of a command that would fight the Debian package over its files.
    pub fn refuse_packaged(&self) -> anyhow::Result<()> {
        if self.packaged_unit().is_file() {
            anyhow::bail!(
                "studio is installed here from its Debian package: install, update and remove it \
                 with apt or dpkg (`dpkg -i studio_<version>_<arch>.deb`, `apt-get remove studio`)"
            );
        }
        Ok(())
    }
    pub fn passwd(&self) -> PathBuf {
        self.at("/etc/passwd")
    }
    pub fn group(&self) -> PathBuf {
        self.at("/etc/group")
    }
}

/// The uid and gid of `USER` in the root's /etc/passwd, if it exists there.
pub fn user_ids(paths: &Paths) -> Option<(u32, u32)> {
    let text = std::fs::read_to_string(paths.passwd()).ok()?;
    text.lines().find_map(|line| {
        let f: Vec<&str> = line.split(':').collect();
        (f.len() >= 4 && f[0] == USER).then(|| Some((f[2].parse().ok()?, f[3].parse().ok()?)))?
    })
}

/// The gid of group `USER` in the root's /etc/group.
pub fn group_id(paths: &Paths) -> Option<u32> {
    let text = std::fs::read_to_string(paths.group()).ok()?;
    text.lines().find_map(|line| {
        let f: Vec<&str> = line.split(':').collect();
        (f.len() >= 3 && f[0] == USER).then(|| f[2].parse().ok())?
    })
}
