//! Files in a folder another user can write (the service's `/var/lib/studio` and
//! `/var/backups/studio`), touched by root's `install`, `update`, `rollback`, `restore` and
//! `backup`: the folder is opened once without following a link, and everything after goes
//! relative to that open folder (`openat`, `renameat`, `unlinkat`), never following a link at the
//! last step either; owner and mode are changed on an open file, never by name; temporary files are
//! created new (`O_EXCL`) under names no one can guess. A symbolic link, or a file of another kind
//! where a regular file belongs, is refused with one line that names it.

use anyhow::{Context, Result, anyhow, bail};
use rustix::fs::{AtFlags, FileType, Mode, OFlags, RenameFlags};
use rustix::io::Errno;
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The one line for a link found where a file or folder belongs.
fn link_refused(path: &Path) -> anyhow::Error {
    anyhow!(
        "{} is a symbolic link: refusing to follow it (studio never follows a link in a folder \
         another user can write; move it away and find out who made it)",
        path.display()
    )
}

fn kind_refused(path: &Path, what: &str) -> anyhow::Error {
    anyhow!(
        "{} is not a {what}: refusing to touch it; move it away first",
        path.display()
    )
}

/// What is at a name, the name itself looked at (a link is a link).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    File,
    Folder,
    Link,
    Other,
}

/// A folder opened once; every name below is looked up in it.
#[derive(Debug)]
pub struct Dir {
    fd: OwnedFd,
    path: PathBuf,
}

/// An unpredictable suffix for a temporary name (16 hex digits from the system's randomness).
pub fn random_tag() -> Result<String> {
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|e| anyhow!("no system randomness: {e}"))?;
    Ok(random.iter().map(|b| format!("{b:02x}")).collect())
}

impl Dir {
    /// Opens the folder `path`; a link or anything but a folder at its last step is refused.
    /// (The steps above it are the host's own: `/var/lib`, `/var/backups`, or a folder it named.)
    pub fn open(path: &Path) -> Result<Dir> {
        let fd = rustix::fs::open(
            path,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .map_err(|e| Self::open_error(path, e))?;
        Ok(Dir {
            fd,
            path: path.to_path_buf(),
        })
    }

    fn open_error(path: &Path, e: Errno) -> anyhow::Error {
        match e {
            Errno::LOOP => link_refused(path),
            Errno::NOTDIR => match std::fs::symlink_metadata(path) {
                Ok(m) if m.file_type().is_symlink() => link_refused(path),
                _ => kind_refused(path, "folder"),
            },
            e => anyhow!(std::io::Error::from(e)).context(format!("opening {}", path.display())),
        }
    }

    /// The folder holding `file`, and the file's name in it.
    pub fn of(file: &Path) -> Result<(Dir, OsString)> {
        let name = file
            .file_name()
            .ok_or_else(|| anyhow!("{} does not name a file", file.display()))?;
        let parent = file
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        Ok((Dir::open(parent)?, name.to_os_string()))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The folder as an open file, for `set_mode_owner`.
    pub fn as_file(&self) -> Result<File> {
        Ok(File::from(self.fd.try_clone().with_context(|| {
            format!("holding {}", self.path.display())
        })?))
    }

    /// `name` as the host knows it, for messages.
    pub fn shown(&self, name: &OsStr) -> PathBuf {
        self.path.join(name)
    }

    /// What is at `name`, without following a link; `None` when nothing is.
    pub fn kind(&self, name: &OsStr) -> Result<Option<Kind>> {
        match rustix::fs::statat(&self.fd, name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(st) => Ok(Some(match FileType::from_raw_mode(st.st_mode) {
                FileType::RegularFile => Kind::File,
                FileType::Directory => Kind::Folder,
                FileType::Symlink => Kind::Link,
                _ => Kind::Other,
            })),
            Err(Errno::NOENT) => Ok(None),
            Err(e) => Err(anyhow!(std::io::Error::from(e)))
                .with_context(|| format!("looking at {}", self.shown(name).display())),
        }
    }

    /// Whether a regular file is at `name`; a link or another kind of file there is refused.
    pub fn file_there(&self, name: &OsStr) -> Result<bool> {
        match self.kind(name)? {
            None => Ok(false),
            Some(Kind::File) => Ok(true),
            Some(Kind::Link) => Err(link_refused(&self.shown(name))),
            Some(_) => Err(kind_refused(&self.shown(name), "regular file")),
        }
    }

    /// Opens the regular file `name` (for reading, or reading and writing), never through a link;
    /// `None` when there is none.
    pub fn open_file(&self, name: &OsStr, write: bool) -> Result<Option<File>> {
        let access = if write { OFlags::RDWR } else { OFlags::RDONLY };
        // NONBLOCK: a FIFO planted at the name must not hang the command before it is refused.
        let flags = access | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NONBLOCK | OFlags::NOCTTY;
        let fd = match rustix::fs::openat(&self.fd, name, flags, Mode::empty()) {
            Ok(fd) => fd,
            Err(Errno::NOENT) => return Ok(None),
            Err(Errno::LOOP) => return Err(link_refused(&self.shown(name))),
            Err(e) => {
                return Err(anyhow!(std::io::Error::from(e)))
                    .with_context(|| format!("opening {}", self.shown(name).display()));
            }
        };
        let file = File::from(fd);
        let meta = file
            .metadata()
            .with_context(|| format!("reading {}", self.shown(name).display()))?;
        if !meta.is_file() {
            return Err(kind_refused(&self.shown(name), "regular file"));
        }
        Ok(Some(file))
    }

    /// Opens the folder `name` inside this one, never through a link; `None` when there is none.
    pub fn open_dir(&self, name: &OsStr) -> Result<Option<Dir>> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let shown = self.shown(name);
        match rustix::fs::openat(&self.fd, name, flags, Mode::empty()) {
            Ok(fd) => Ok(Some(Dir { fd, path: shown })),
            Err(Errno::NOENT) => Ok(None),
            Err(Errno::LOOP) => Err(link_refused(&shown)),
            Err(Errno::NOTDIR) => match self.kind(name)? {
                Some(Kind::Link) => Err(link_refused(&shown)),
                _ => Err(kind_refused(&shown, "folder")),
            },
            Err(e) => Err(anyhow!(std::io::Error::from(e)))
                .with_context(|| format!("opening {}", shown.display())),
        }
    }

    /// Creates the folder `name` (with `mode`, before the umask) and opens it.
    pub fn create_dir(&self, name: &OsStr, mode: u32) -> Result<Dir> {
        rustix::fs::mkdirat(&self.fd, name, Mode::from_raw_mode(mode))
            .map_err(|e| anyhow!(std::io::Error::from(e)))
            .with_context(|| format!("creating {}", self.shown(name).display()))?;
        self.open_dir(name)?
            .ok_or_else(|| anyhow!("{} went away", self.shown(name).display()))
    }

    /// A new, empty file readable and writable by its owner only, under a name that starts with
    /// `.{stem}.tmp-` and ends with 16 random hex digits; created new, so never over anything.
    pub fn create_temp(&self, stem: &OsStr) -> Result<(File, OsString)> {
        let mut name = OsString::from(".");
        name.push(stem);
        name.push(".tmp-");
        name.push(random_tag()?);
        let flags =
            OFlags::RDWR | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let fd = rustix::fs::openat(&self.fd, &name, flags, Mode::from_raw_mode(0o600))
            .map_err(|e| anyhow!(std::io::Error::from(e)))
            .with_context(|| format!("creating {}", self.shown(&name).display()))?;
        let file = File::from(fd);
        // The mode given to open is masked by the umask; 0600 is what is meant, whatever it is.
        file.set_permissions(std::fs::Permissions::from_mode(0o600))
            .with_context(|| format!("making {} private", self.shown(&name).display()))?;
        Ok((file, name))
    }

    /// Renames `from` to `to` in this folder, replacing a regular file there; a link or another
    /// kind of file at `to` is refused (the rename would never follow it, but it is reported).
    pub fn replace(&self, from: &OsStr, to: &OsStr) -> Result<()> {
        self.file_there(to)?;
        rustix::fs::renameat(&self.fd, from, &self.fd, to)
            .map_err(|e| anyhow!(std::io::Error::from(e)))
            .with_context(|| {
                format!(
                    "moving the new file into place at {}",
                    self.shown(to).display()
                )
            })
    }

    /// Renames `from` to `to` in this folder, only when nothing is at `to`.
    pub fn rename_new(&self, from: &OsStr, to: &OsStr) -> Result<()> {
        self.rename_new_into(from, self, to)
    }

    /// Renames `from` in this folder to `to` in `dest` (same file system), only when nothing is
    /// at `to`.
    pub fn rename_new_into(&self, from: &OsStr, dest: &Dir, to: &OsStr) -> Result<()> {
        match rustix::fs::renameat_with(&self.fd, from, &dest.fd, to, RenameFlags::NOREPLACE) {
            Ok(()) => Ok(()),
            Err(Errno::EXIST) => match dest.kind(to)? {
                Some(Kind::Link) => Err(link_refused(&dest.shown(to))),
                _ => bail!(
                    "{} appeared meanwhile: refusing to replace it",
                    dest.shown(to).display()
                ),
            },
            Err(e) => Err(anyhow!(std::io::Error::from(e))).with_context(|| {
                format!(
                    "moving {} to {}",
                    self.shown(from).display(),
                    dest.shown(to).display()
                )
            }),
        }
    }

    /// Removes the file (or link) `name`; nothing there is fine.
    pub fn remove(&self, name: &OsStr) -> Result<()> {
        match rustix::fs::unlinkat(&self.fd, name, AtFlags::empty()) {
            Ok(()) | Err(Errno::NOENT) => Ok(()),
            Err(e) => Err(anyhow!(std::io::Error::from(e)))
                .with_context(|| format!("removing {}", self.shown(name).display())),
        }
    }

    /// Makes renames in the folder durable; best effort, as not every file system allows it.
    pub fn sync(&self) {
        let _ = rustix::fs::fsync(&self.fd);
    }

    /// A private folder of root's (0700) inside this one, for a library that works by path (the
    /// database): reached through its open descriptor, so renaming or replacing its name changes
    /// nothing, and no one else can put anything in it. Removed when dropped.
    pub fn work_dir(&self) -> Result<WorkDir> {
        let mut name = OsString::from(".studio-work-");
        name.push(random_tag()?);
        let dir = self.create_dir(&name, 0o700)?;
        let file = File::from(dir.fd.try_clone().context("holding the work folder")?);
        file.set_permissions(std::fs::Permissions::from_mode(0o700))
            .with_context(|| format!("making {} private", dir.path.display()))?;
        Ok(WorkDir {
            parent: Dir {
                fd: self.fd.try_clone().context("holding the folder")?,
                path: self.path.clone(),
            },
            name,
            dir,
        })
    }
}

/// See `Dir::work_dir`.
#[derive(Debug)]
pub struct WorkDir {
    parent: Dir,
    name: OsString,
    dir: Dir,
}

impl WorkDir {
    /// A path to `name` in the work folder through its open descriptor (Linux's `/proc/self/fd`).
    pub fn path(&self, name: &str) -> PathBuf {
        fd_path(&self.dir.fd).join(name)
    }

    pub fn dir(&self) -> &Dir {
        &self.dir
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        if let Ok(entries) = std::fs::read_dir(fd_path(&self.dir.fd)) {
            for entry in entries.flatten() {
                let _ = self.dir.remove(&entry.file_name());
            }
        }
        let _ = rustix::fs::unlinkat(&self.parent.fd, &self.name, AtFlags::REMOVEDIR);
    }
}

/// A path that names the open file or folder `fd` itself, whatever happens to its name since:
/// for a library that only takes paths (the database's check).
pub fn fd_path(fd: &impl AsFd) -> PathBuf {
    PathBuf::from(format!("/proc/self/fd/{}", fd.as_fd().as_raw_fd()))
}

/// What is at `path`, the last step not followed: `None` when nothing is; a link is refused.
pub fn look(path: &Path) -> Result<Option<std::fs::Metadata>> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(link_refused(path)),
        Ok(m) => Ok(Some(m)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("looking at {}", path.display())),
    }
}

/// Opens the regular file at `path` for reading, refusing a link at its last step.
pub fn open_source(path: &Path) -> Result<File> {
    let (dir, name) = Dir::of(path)?;
    dir.open_file(&name, false)?
        .ok_or_else(|| anyhow!("there is no file at {}", path.display()))
}

/// Sets the mode and (when `owner` is given) the owner of the open file or folder `file`, shown
/// as `path`: on the descriptor, never by name. A regular file with other names (hard links) is
/// refused, since changing it would change a file elsewhere too.
pub fn set_mode_owner(
    file: &File,
    path: &Path,
    mode: u32,
    owner: Option<(u32, u32)>,
) -> Result<()> {
    let meta = file
        .metadata()
        .with_context(|| format!("reading {}", path.display()))?;
    if meta.is_file() && meta.nlink() > 1 {
        bail!(
            "{} has {} names (hard links): refusing to change its owner or mode; move it away first",
            path.display(),
            meta.nlink()
        );
    }
    if !meta.is_file() && !meta.is_dir() {
        return Err(kind_refused(path, "regular file or folder"));
    }
    file.set_permissions(std::fs::Permissions::from_mode(mode))
        .with_context(|| format!("setting the mode of {}", path.display()))?;
    if let Some((uid, gid)) = owner {
        std::os::unix::fs::fchown(file, Some(uid), Some(gid))
            .with_context(|| format!("setting the owner of {}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn links_are_refused_and_never_followed() {
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("target");
        std::fs::write(&target, b"precious").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o644)).unwrap();
        let folder = tmp.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        symlink(&target, folder.join("link")).unwrap();
        symlink(tmp.path(), tmp.path().join("folder-link")).unwrap();

        let e = Dir::open(&tmp.path().join("folder-link")).unwrap_err();
        assert!(e.to_string().contains("is a symbolic link"), "{e}");
        let dir = Dir::open(&folder).unwrap();
        let link = OsStr::new("link");
        assert_eq!(dir.kind(link).unwrap(), Some(Kind::Link));
        for e in [
            dir.open_file(link, true).unwrap_err(),
            dir.file_there(link).unwrap_err(),
        ] {
            assert!(
                e.to_string().contains("folder/link is a symbolic link"),
                "{e}"
            );
        }
        let (file, name) = dir.create_temp(OsStr::new("copy")).unwrap();
        assert!(name.to_string_lossy().starts_with(".copy.tmp-"));
        assert_eq!(file.metadata().unwrap().mode() & 0o777, 0o600);
        assert!(dir.replace(&name, link).is_err(), "never over a link");
        assert!(dir.rename_new(&name, link).is_err(), "never over a link");
        dir.rename_new(&name, OsStr::new("copy")).unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"precious");
        assert_eq!(std::fs::metadata(&target).unwrap().mode() & 0o777, 0o644);

        let mine = dir.open_file(OsStr::new("copy"), true).unwrap().unwrap();
        set_mode_owner(&mine, &folder.join("copy"), 0o640, None).unwrap();
        assert_eq!(mine.metadata().unwrap().mode() & 0o777, 0o640);
        std::fs::hard_link(folder.join("copy"), folder.join("second")).unwrap();
        assert!(set_mode_owner(&mine, &folder.join("copy"), 0o600, None).is_err());
    }

    #[test]
    fn a_work_folder_is_reached_through_its_descriptor_and_removed() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = Dir::open(tmp.path()).unwrap();
        let path;
        {
            let work = dir.work_dir().unwrap();
            path = work.path("x");
            std::fs::write(&path, b"inside").unwrap();
            let names: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten().collect();
            assert_eq!(names.len(), 1);
            // Its name moved away (what another user could do): the path still reaches it.
            std::fs::rename(names[0].path(), tmp.path().join("moved")).unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), b"inside");
            std::fs::rename(tmp.path().join("moved"), names[0].path()).unwrap();
        }
        assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0, "removed");
    }
}
