//! The service as systemd runs it: systemctl, the journal, and whether the site answers.

use crate::config::Config;
use anyhow::{Context, Result, bail};
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::process::Command;
use std::time::{Duration, Instant};

use super::paths::SERVICE;

/// How long a started service has to answer `/healthz` and render `/`.
pub const HEALTHY_WITHIN: Duration = Duration::from_secs(60);

/// True when systemd is this machine's init (what `sd_booted()` checks).
pub fn booted() -> bool {
    std::path::Path::new("/run/systemd/system").is_dir()
}

/// Runs `systemctl ARGS`; its own words on failure.
pub fn systemctl(args: &[&str]) -> Result<()> {
    let out = Command::new("systemctl")
        .args(args)
        .output()
        .context("running systemctl")?;
    if !out.status.success() {
        bail!(
            "systemctl {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(())
}

/// One property of the service (`systemctl show -p NAME --value`), empty when unknown.
pub fn property(name: &str) -> String {
    Command::new("systemctl")
        .args(["show", "-p", name, "--value", SERVICE])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

pub fn is_active() -> bool {
    property("ActiveState") == "active"
}

/// The service's last journal lines of this boot, for a report of what failed.
pub fn journal_tail(lines: usize) -> String {
    Command::new("journalctl")
        .args(["-b", "-u", SERVICE, "--no-pager", "-o", "cat", "-n"])
        .arg(lines.to_string())
        .output()
        .map(|o| super::terminal::clean(String::from_utf8_lossy(&o.stdout).trim_end()))
        .unwrap_or_default()
}

/// Where the server answers plain HTTP on this machine: `listen`, or with HTTPS `http_listen`
/// (which redirects), with an every-address listener asked on loopback.
pub fn local_addr(config: &Config) -> SocketAddr {
    local_addr_of(match &config.https {
        Some(https) => https.http_listen,
        None => config.listen,
    })
}

/// `addr`, or loopback when it is every address.
pub fn local_addr_of(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => {
            SocketAddr::new(Ipv4Addr::LOCALHOST.into(), addr.port())
        }
        IpAddr::V6(ip) if ip.is_unspecified() => {
            SocketAddr::new(Ipv6Addr::LOCALHOST.into(), addr.port())
        }
        _ => addr,
    }
}

/// GET `path` from the server on this machine (`local_addr`), named as a visitor would name it
/// (its first domain: with domains set, other names are refused): the status code and the body
/// (at most 64 KiB).
pub fn probe(config: &Config, path: &str, timeout: Duration) -> Result<(u16, String)> {
    let addr = local_addr(config);
    let host = config
        .https
        .as_ref()
        .and_then(|h| h.domains.first().cloned())
        .unwrap_or_else(|| addr.to_string());
    let mut stream = TcpStream::connect_timeout(&addr, timeout)
        .with_context(|| format!("no studio server answers on {addr}"))?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .with_context(|| format!("asking the server on {addr}"))?;
    let mut answer = Vec::new();
    stream
        .take(64 * 1024)
        .read_to_end(&mut answer)
        .with_context(|| format!("reading the answer of the server on {addr}"))?;
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .with_context(|| format!("the server on {addr} gave no HTTP answer"))?;
    // The answer may be anyone's who holds the port: it reaches the host's terminal cleaned.
    Ok((code, super::terminal::clean(body.trim())))
}

/// Waits until the site is healthy: `/healthz` answers 200 and `/` renders (a redirect counts
/// when HTTPS is on: the plain listener only redirects). Gives up at once when systemd reports the
/// service failed or restarted it after a crash, else after `within`; the error says why, with
/// the journal's last lines.
pub fn wait_healthy(config: &Config, within: Duration) -> Result<()> {
    let restarts_before = property("NRestarts");
    let deadline = Instant::now() + within;
    let ok = |code: u16| code == 200 || (config.https.is_some() && (300..400).contains(&code));
    loop {
        let last = match probe(config, "/healthz", Duration::from_secs(5)) {
            Ok((code, _)) if ok(code) => match probe(config, "/", Duration::from_secs(10)) {
                Ok((code, _)) if ok(code) => return Ok(()),
                Ok((code, _)) => format!("/ answered {code}"),
                Err(e) => format!("{e:#}"),
            },
            Ok((code, body)) => format!("/healthz answered {code}: {body}"),
            Err(e) => format!("{e:#}"),
        };
        let failed = property("ActiveState") == "failed";
        let restarted = property("NRestarts") != restarts_before;
        if failed || restarted || Instant::now() >= deadline {
            let why = if failed {
                "the service failed and stopped".to_string()
            } else if restarted {
                "the service exited and systemd had to restart it".to_string()
            } else {
                format!("it was not healthy within {} s ({last})", within.as_secs())
            };
            bail!("{why}; the service's last log lines:\n{}", journal_tail(15));
        }
        std::thread::sleep(Duration::from_millis(300));
    }
}
