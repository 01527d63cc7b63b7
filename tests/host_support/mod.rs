//! What the host tests share: signed releases in a folder, a plain HTTP server for them, a folder
//! standing for `/` with the studio user in its /etc/passwd, and `studio` run on it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Far enough ahead for every test release that is not about expiry.
pub const LATER: &str = "2099-01-01T00:00:00Z";

pub fn is_root() -> bool {
    // SAFETY: geteuid cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// A new Ed25519 key: its PKCS#8 bytes and the base64 public key for update_pubkeys.
pub fn key() -> (Vec<u8>, String) {
    use base64::Engine;
    use ring::signature::KeyPair;
    let pkcs8 =
        ring::signature::Ed25519KeyPair::generate_pkcs8(&ring::rand::SystemRandom::new()).unwrap();
    let pair = ring::signature::Ed25519KeyPair::from_pkcs8(pkcs8.as_ref()).unwrap();
    (
        pkcs8.as_ref().to_vec(),
        base64::engine::general_purpose::STANDARD.encode(pair.public_key().as_ref()),
    )
}

/// A signed release of `binary` as `version` in `dir/name/`, good until `LATER`.
pub fn release(dir: &Path, name: &str, version: &str, binary: &[u8], pkcs8: &[u8]) {
    release_until(dir, name, version, binary, pkcs8, LATER);
}

/// A signed release of `binary` as `version` in `dir/name/`, good until `expires`.
pub fn release_until(
    dir: &Path,
    name: &str,
    version: &str,
    binary: &[u8],
    pkcs8: &[u8],
    expires: &str,
) {
    use sha2::Digest;
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("studio-x86_64"), binary).unwrap();
    let manifest = serde_json::to_vec_pretty(&serde_json::json!({
        "version": version, "date": "2026-12-01", "notes": format!("Release {version}."),
        "expires": expires,
        "files": { studio::host::manifest::this_arch(): {
            "url": "studio-x86_64", "size": binary.len(),
            "sha256": studio::host::manifest::hex(&sha2::Sha256::digest(binary)),
        }}
    }))
    .unwrap();
    std::fs::write(folder.join("release.json"), &manifest).unwrap();
    let sig = studio::host::manifest::sign(pkcs8, &manifest).unwrap();
    std::fs::write(folder.join("release.json.sig"), sig).unwrap();
}

/// Serves the files of `dir` over HTTP on 127.0.0.1; its port.
pub fn file_server(dir: PathBuf) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || serve_one(stream, &dir));
        }
    });
    port
}

fn serve_one(mut stream: TcpStream, dir: &Path) {
    let mut line = String::new();
    if BufReader::new(&stream).read_line(&mut line).is_err() {
        return;
    }
    let path = line
        .split_whitespace()
        .nth(1)
        .unwrap_or("/")
        .trim_start_matches('/')
        .to_string();
    let answer = match std::fs::read(dir.join(&path)) {
        Ok(body) if !path.contains("..") => {
            let mut a = format!(
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            )
            .into_bytes();
            a.extend(body);
            a
        }
        _ => b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec(),
    };
    let _ = stream.write_all(&answer);
}

/// A folder standing for `/` whose /etc/passwd already has the studio user (uid 990, gid 991;
/// useradd is the real install's). Open to everyone, so that a command run as that user (the
/// snapshot before an update) can reach the files inside.
pub fn fake_root() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::create_dir_all(dir.path().join("etc")).unwrap();
    std::fs::write(
        dir.path().join("etc/passwd"),
        "root:x:0:0:root:/root:/bin/sh\nstudio:x:990:991::/var/lib/studio:/usr/sbin/nologin\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("etc/group"), "root:x:0:\nstudio:x:991:\n").unwrap();
    dir
}

/// `studio ARGS --root ROOT`.
pub fn studio_on(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_studio"))
        .args(args)
        .arg("--root")
        .arg(root)
        .env_remove("STUDIO_CONFIG")
        .output()
        .unwrap()
}

/// stdout then stderr, as one text.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
