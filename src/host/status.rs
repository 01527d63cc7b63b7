//! `studio status` on an installed host: one screen with the service, the site, its health, the
//! snapshots, the data file and the disk, and what needs doing, in plain words.

use super::paths::Paths;
use super::{systemd, update};
use crate::backup;
use crate::config::Config;
use anyhow::Result;
use std::time::{Duration, SystemTime};

/// Prints the host's screen; an error when something needs action.
pub fn status(config: &Config, paths: &Paths) -> Result<()> {
    let mut action = Vec::new();
    let state = systemd::property("ActiveState");
    let since = systemd::property("ActiveEnterTimestamp");
    let enabled = systemd::property("UnitFileState");
    let version = update::installed_version(paths);
    println!(
        "Service:     studio {version}, {state}{}{}",
        if since.is_empty() {
            String::new()
        } else {
            format!(" since {since}")
        },
        if enabled == "enabled" {
            ", starts at boot"
        } else {
            ", NOT started at boot"
        }
    );
    if state != "active" {
        action.push(format!(
            "The service is not running: `sudo systemctl start studio`; its last log lines:\n{}",
            systemd::journal_tail(10)
        ));
    } else if enabled != "enabled" {
        action.push(
            "The service will not start after a reboot: `sudo systemctl enable studio`.".into(),
        );
    }
    match &config.https {
        Some(h) if !h.domains.is_empty() => println!(
            "Site:        {}",
            h.domains
                .iter()
                .map(|d| format!("https://{d}/"))
                .collect::<Vec<_>>()
                .join("  ")
        ),
        Some(h) => println!(
            "Site:        https://{}/ (own certificate files)",
            h.https_listen
        ),
        None => println!("Site:        http://{}/ (behind your proxy)", config.listen),
    }
    let addr = systemd::local_addr(config);
    match systemd::probe(addr, "/healthz", Duration::from_secs(10)) {
        Ok((200, body)) => println!("Health:      {body}"),
        Ok((code, _)) if config.https.is_some() && (300..400).contains(&code) => {
            println!("Health:      answering (plain HTTP redirects to HTTPS)")
        }
        Ok((code, body)) => {
            println!("Health:      NOT healthy ({code})");
            action.push(format!("The site reports problems:\n{body}"));
        }
        Err(e) => {
            println!("Health:      no answer");
            action.push(format!("The site does not answer: {e:#}"));
        }
    }
    if let Some(h) = &config.https
        && let Some(domain) = h.domains.first()
    {
        println!(
            "Certificate: renewed by studio 30 days before it expires; check https://{domain}/ in a browser for its date"
        );
    }
    let dir = config
        .backup_dir
        .clone()
        .unwrap_or_else(|| paths.backup_dir());
    let newest = backup::snapshots(&dir)
        .ok()
        .and_then(|s| s.last().cloned())
        .and_then(|p| {
            std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .ok()
                .map(|t| (p, t))
        });
    match newest {
        Some((p, at)) => {
            let age = SystemTime::now().duration_since(at).unwrap_or_default();
            println!(
                "Snapshot:    {} ({} ago)",
                p.display(),
                humantime::format_duration(Duration::from_secs(age.as_secs() / 60 * 60))
            );
            if age > config.backup_every * 2 {
                action.push(format!("The newest snapshot is older than two backup periods ({}): look at the log for why snapshots fail.", humantime::format_duration(config.backup_every * 2)));
            }
        }
        None => println!("Snapshot:    none yet in {}", dir.display()),
    }
    match &config.offsite {
        Some(o) => println!(
            "Off-site:    copies to {} (bucket {}); the admin panel's Overview shows the last one",
            o.endpoint, o.bucket
        ),
        None => println!(
            "Off-site:    not set up (docs/operations.md, \"Backups that survive the machine\")"
        ),
    }
    match std::fs::metadata(&config.data) {
        Ok(m) => println!(
            "Data file:   {} ({:.1} MB)",
            config.data.display(),
            m.len() as f64 / 1e6
        ),
        Err(_) => println!("Data file:   {} (not created yet)", config.data.display()),
    }
    if let Some((free, total)) =
        disk_space(config.data.parent().unwrap_or(std::path::Path::new("/")))
    {
        println!(
            "Disk:        {:.1} GB free of {:.1} GB",
            free as f64 / 1e9,
            total as f64 / 1e9
        );
        if free < total / 10 {
            action.push(
                "The disk is over 90 % full: delete old files, or the site will stop saving."
                    .into(),
            );
        }
    }
    if action.is_empty() {
        println!("\nNothing needs doing.");
        Ok(())
    } else {
        println!("\nNeeds action:");
        for a in &action {
            println!("  - {a}");
        }
        anyhow::bail!("{} thing(s) need action", action.len())
    }
}

/// Free and total bytes of the file system holding `path`.
fn disk_space(path: &std::path::Path) -> Option<(u64, u64)> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `c` is a valid C string and `s` a statvfs the call fills.
    if unsafe { libc::statvfs(c.as_ptr(), &mut s) } != 0 {
        return None;
    }
    Some((
        s.f_bavail as u64 * s.f_frsize as u64,
        s.f_blocks as u64 * s.f_frsize as u64,
    ))
}
