//! Files that hold secrets (the data file and every copy of it: the token key, password hashes,
//! messages, TLS private keys): created readable and writable by their owner only (0600), whatever
//! the umask.

use std::fs::{self, File, OpenOptions, Permissions};
use std::io;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

/// Read and write for the owner, nothing for anyone else.
pub const MODE: u32 = 0o600;

/// Creates `path` (or truncates it) for writing, as a private file. A file that was already there
/// is made private too, since `mode` applies only to a file the call creates. A symbolic link at
/// `path` is never followed (the call fails): these files are written beside the data file, in a
/// folder the service's user can write and root's `restore` works in.
pub fn create(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(MODE)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)?;
    file.set_permissions(Permissions::from_mode(MODE))?;
    Ok(file)
}

/// Creates `path`, which must not exist yet, for reading and writing, as a private file.
pub fn create_new(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(MODE)
        .open(path)
}

/// The permission bits of `path` when other users of the machine may read or write it.
pub fn too_open(path: &Path) -> Option<u32> {
    let mode = fs::metadata(path).ok()?.permissions().mode() & 0o777;
    (mode & 0o077 != 0).then_some(mode)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_private_whatever_was_there() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret");
        fs::write(&path, b"old").unwrap();
        fs::set_permissions(&path, Permissions::from_mode(0o644)).unwrap();
        assert_eq!(too_open(&path), Some(0o644));
        drop(create(&path).unwrap());
        assert_eq!(too_open(&path), None);
        assert_eq!(fs::metadata(&path).unwrap().len(), 0, "truncated");
        let fresh = dir.path().join("fresh");
        drop(create_new(&fresh).unwrap());
        assert_eq!(
            fs::metadata(&fresh).unwrap().permissions().mode() & 0o777,
            MODE
        );
        assert!(create_new(&fresh).is_err(), "never over an existing file");

        let target = dir.path().join("elsewhere");
        fs::write(&target, b"keep").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(create(&link).is_err(), "never through a link");
        assert_eq!(fs::read(&target).unwrap(), b"keep");
    }
}
