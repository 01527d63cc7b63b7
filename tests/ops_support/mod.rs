//! A real `studio` child process for the operations tests: its own temp folder, an ephemeral port,
//! its output collected line by line so a test can wait for what the server says.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub const ADMIN_USER: &str = "admin";
pub const ADMIN_PASSWORD: &str = "a-long-test-password";

/// How long a test waits for a server to say something before it fails; generous, as the machine
/// is shared. Never a measure of speed: the tests only wait for events.
pub const PATIENCE: Duration = Duration::from_secs(60);

pub fn studio() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_studio"));
    // Nothing from the developer's shell (STUDIO_*) may change what a test runs.
    cmd.env_clear();
    cmd
}

/// `studio serve` on `data` from `dir`, on a port the system picks, its output piped for the test
/// to read (the port it took comes in its first lines).
pub fn serve_command(dir: &Path, data: &Path) -> Command {
    let mut cmd = studio();
    cmd.args([
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--data",
        data.to_str().expect("a UTF-8 path"),
    ])
    .current_dir(dir)
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    cmd
}

/// Runs a `studio` command to the end; returns its status, stdout and stderr.
pub fn run(dir: &Path, args: &[&str], stdin: &str) -> (ExitStatus, String, String) {
    let mut child = studio()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start studio");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("wait for studio");
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Creates the admin of a data file, the way a host does.
pub fn set_admin_password(dir: &Path, data: &Path) {
    let (status, out, err) = run(
        dir,
        &[
            "admin",
            "set-password",
            ADMIN_USER,
            "--data",
            data.to_str().unwrap(),
        ],
        &format!("{ADMIN_PASSWORD}\n"),
    );
    assert!(status.success(), "set-password: {out}{err}");
}

/// A running `studio serve`.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    pub base: String,
    stderr_rx: Receiver<String>,
    pub stderr: Arc<Mutex<Vec<String>>>,
    pub stdout: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Starts `studio serve` in `dir` on the data file `data`, with these extra environment values.
    pub fn start(dir: &Path, data: &Path, env: &[(&str, &str)]) -> Server {
        let mut child = serve_command(dir, data)
            .envs(env.iter().copied())
            .spawn()
            .expect("start studio serve");
        let stdout = Arc::new(Mutex::new(Vec::new()));
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (out_tx, out_rx) = channel::<String>();
        let (err_tx, err_rx) = channel::<String>();
        collect(child.stdout.take().unwrap(), stdout.clone(), out_tx);
        collect(child.stderr.take().unwrap(), stderr.clone(), err_tx);
        let addr = loop {
            let line = match out_rx.recv_timeout(PATIENCE) {
                Ok(line) => line,
                Err(_) => {
                    let _ = child.kill();
                    panic!(
                        "studio serve did not start: {:?}",
                        stderr.lock().unwrap().join("\n")
                    );
                }
            };
            if let Some(rest) = line.strip_prefix("studio is serving http://") {
                let addr = rest.split_whitespace().next().unwrap();
                break addr.parse::<SocketAddr>().unwrap();
            }
        };
        Server {
            child,
            addr,
            base: format!("http://{addr}"),
            stderr_rx: err_rx,
            stderr,
            stdout,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends a signal by name (TERM, INT, KILL) with the system's `kill`.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([&format!("-{name}"), &self.pid().to_string()])
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -{name} failed");
    }

    /// Waits until a line of stderr contains `needle`; returns that line.
    pub fn wait_for_stderr(&self, needle: &str) -> String {
        loop {
            match self.stderr_rx.recv_timeout(PATIENCE) {
                Ok(line) if line.contains(needle) => return line,
                Ok(_) => {}
                Err(_) => panic!(
                    "the server never logged {needle:?}; it logged:\n{}",
                    self.stderr.lock().unwrap().join("\n")
                ),
            }
        }
    }

    /// Waits for the process to end (it was told to stop); fails the test if it does not.
    pub fn wait(&mut self) -> ExitStatus {
        let deadline = std::time::Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("studio did not stop");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn stderr_text(&self) -> String {
        self.stderr.lock().unwrap().join("\n")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn collect(
    pipe: impl std::io::Read + Send + 'static,
    all: Arc<Mutex<Vec<String>>>,
    tx: std::sync::mpsc::Sender<String>,
) {
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            all.lock().unwrap().push(line.clone());
            let _ = tx.send(line);
        }
    });
}

/// Signs in through the API and returns the bearer token.
pub async fn login(client: &reqwest::Client, base: &str) -> String {
    let res = client
        .post(format!("{base}/api/admin/login"))
        .json(&serde_json::json!({ "username": ADMIN_USER, "password": ADMIN_PASSWORD }))
        .send()
        .await
        .expect("login request");
    assert_eq!(res.status(), 200, "login");
    let body: serde_json::Value = res.json().await.unwrap();
    body["token"].as_str().expect("token").to_string()
}

/// Sends `request` with the bearer `token`: the raw answer.
pub async fn send_with_token(request: reqwest::RequestBuilder, token: &str) -> reqwest::Response {
    request.bearer_auth(token).send().await.expect("request")
}

/// A fresh temp folder holding `studio.redb` with an admin.
pub fn fresh_data() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("studio.redb");
    set_admin_password(dir.path(), &data);
    (dir, data)
}
