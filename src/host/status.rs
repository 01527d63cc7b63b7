//! `studio status` on an installed host: one screen with the service, the site, its health, the
//! snapshots, the data file and the disk, and what needs doing, in plain words.

use super::paths::Paths;
use super::{systemd, terminal, update};
use crate::backup;
use crate::config::Config;
use anyhow::Result;
use std::time::{Duration, SystemTime};

/// Prints a line of the screen: much of it comes from elsewhere (the site's answer, the journal,
/// file names in the service's folders), so control characters are dropped first.
macro_rules! say {
    ($($arg:tt)*) => {
        println!("{}", terminal::clean(&format!($($arg)*)))
    };
}

/// Prints the host's screen; an error when something needs action.
pub fn status(config: &Config, paths: &Paths) -> Result<()> {
    let mut action = Vec::new();
    let state = systemd::property("ActiveState");
    let since = systemd::property("ActiveEnterTimestamp");
    let enabled = systemd::property("UnitFileState");
    let version = update::installed_version(paths);
    say!(
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
        Some(h) if !h.domains.is_empty() => say!(
            "Site:        {}",
            h.domains
                .iter()
                .map(|d| format!("https://{d}/"))
                .collect::<Vec<_>>()
                .join("  ")
        ),
        Some(h) => say!(
            "Site:        https://{}/ (own certificate files)",
            h.https_listen
        ),
        None => say!("Site:        http://{}/ (behind your proxy)", config.listen),
    }
    match systemd::probe(config, "/healthz", Duration::from_secs(10)) {
        Ok((200, body)) => say!("Health:      {body}"),
        Ok((code, _)) if config.https.is_some() && (300..400).contains(&code) => {
            say!("Health:      answering (plain HTTP redirects to HTTPS)")
        }
        Ok((code, body)) => {
            say!("Health:      NOT healthy ({code})");
            action.push(format!("The site reports problems:\n{body}"));
        }
        Err(e) => {
            say!("Health:      no answer");
            action.push(format!("The site does not answer: {e:#}"));
        }
    }
    if let Some(h) = &config.https {
        let name = h.domains.first().map_or("localhost", String::as_str);
        match certificate_expiry(h.https_listen, name) {
            Ok(at) => {
                let left = at - now_secs();
                let until = SystemTime::UNIX_EPOCH + Duration::from_secs(at.max(0) as u64);
                say!(
                    "Certificate: valid until {} ({} days left)",
                    humantime::format_rfc3339_seconds(until),
                    left / 86400
                );
                if left < 14 * 86400 {
                    action.push(
                        "The HTTPS certificate expires within 14 days and has not been renewed: \
                         look at the log (`journalctl -u studio`) for why."
                            .into(),
                    );
                }
            }
            Err(e) => say!("Certificate: could not be read ({e:#})"),
        }
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
            say!(
                "Snapshot:    {} ({} ago)",
                p.display(),
                humantime::format_duration(Duration::from_secs(age.as_secs() / 60 * 60))
            );
            if age > config.backup_every * 2 {
                action.push(format!("The newest snapshot is older than two backup periods ({}): look at the log for why snapshots fail.", humantime::format_duration(config.backup_every * 2)));
            }
        }
        None => say!("Snapshot:    none yet in {}", dir.display()),
    }
    match &config.offsite {
        Some(o) => say!(
            "Off-site:    copies to {} (bucket {}); the admin panel's Overview shows the last one",
            o.endpoint,
            o.bucket
        ),
        None => say!(
            "Off-site:    not set up (docs/operations.md, \"Backups that survive the machine\")"
        ),
    }
    match std::fs::metadata(&config.data) {
        Ok(m) => say!(
            "Data file:   {} ({:.1} MB)",
            config.data.display(),
            m.len() as f64 / 1e6
        ),
        Err(_) => say!("Data file:   {} (not created yet)", config.data.display()),
    }
    if let Some((free, total)) =
        disk_space(config.data.parent().unwrap_or(std::path::Path::new("/")))
    {
        say!(
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
        say!("\nNothing needs doing.");
        Ok(())
    } else {
        say!("\nNeeds action:");
        for a in &action {
            say!("  - {a}");
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

fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// When the certificate the server presents for `name` on `addr` (asked on loopback) expires, in
/// seconds since 1970. Only its date is read: the certificate is not trusted for anything.
fn certificate_expiry(addr: std::net::SocketAddr, name: &str) -> Result<i64> {
    use anyhow::Context;
    use std::sync::{Arc, Mutex};
    let seen = Arc::new(Mutex::new(None));
    let config = rustls::ClientConfig::builder_with_provider(crate::tls::provider())
        .with_safe_default_protocol_versions()?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(ReadOnly(seen.clone())))
        .with_no_client_auth();
    let server = rustls::pki_types::ServerName::try_from(name.to_string())?;
    let mut conn = rustls::ClientConnection::new(Arc::new(config), server)?;
    let addr = systemd::local_addr_of(addr);
    let mut tcp = std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(5))
        .with_context(|| format!("connecting to {addr}"))?;
    tcp.set_read_timeout(Some(Duration::from_secs(5)))?;
    while conn.is_handshaking() {
        conn.complete_io(&mut tcp).context("the TLS handshake")?;
    }
    let der = seen.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.take();
    crate::tls::der::not_after(&der.context("no certificate was presented")?)
}

/// Accepts any certificate and keeps it, to read its date.
#[derive(Debug)]
struct ReadOnly(std::sync::Arc<std::sync::Mutex<Option<Vec<u8>>>>);

impl rustls::client::danger::ServerCertVerifier for ReadOnly {
    fn verify_server_cert(
        &self,
        end_entity: &rustls::pki_types::CertificateDer<'_>,
        _: &[rustls::pki_types::CertificateDer<'_>],
        _: &rustls::pki_types::ServerName<'_>,
        _: &[u8],
        _: rustls::pki_types::UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        if let Ok(mut seen) = self.0.lock() {
            *seen = Some(end_entity.to_vec());
        }
        Ok(rustls::client::danger::ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &crate::tls::provider().signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &crate::tls::provider().signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        crate::tls::provider()
            .signature_verification_algorithms
            .supported_schemes()
    }
}
