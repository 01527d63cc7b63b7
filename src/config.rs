//! Settings of a running studio: `studio.toml` < `STUDIO_*` environment < command-line flags.
//!
//! One file of over 800 lines: 553 of them are its code, the rest its unit tests, which read
//! its private parts; split it by concern when the code itself passes 800.
//!
//! Every key is optional; `studio.toml` at the top of the repository documents each with its default.

use anyhow::{Context, Result, anyhow, bail};
use serde::Deserialize;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

mod https;
mod offsite;
use https::https_config;
pub use https::{CertSource, HttpsConfig, LETS_ENCRYPT};
pub use offsite::{OffsiteConfig, OffsiteLayer};

/// The file read when no `--config` or `STUDIO_CONFIG` names one (and only if it exists).
pub const DEFAULT_CONFIG_FILE: &str = "studio.toml";
/// Where `studio install` writes the settings; read when there is no ./studio.toml, so that root's
/// `studio status`, `update` and `rollback` and the service find them without `--config`.
pub const INSTALLED_CONFIG_FILE: &str = "/etc/studio/studio.toml";
/// The release channel compiled in by a build (`STUDIO_UPDATE_URL` at build time), if any.
pub const BUILT_IN_UPDATE_URL: Option<&str> = option_env!("STUDIO_UPDATE_URL");
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
pub const DEFAULT_DATA: &str = "studio.redb";

/// The settings as a file, the environment or flags give them: anything may be missing.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layer {
    pub listen: Option<String>,
    pub data: Option<PathBuf>,
    pub public_url: Option<String>,
    pub token_ttl: Option<String>,
    pub session_idle: Option<String>,
    pub contact_min_fill: Option<String>,
    pub upload_max_mb: Option<u64>,
    pub trusted_proxies: Option<Vec<String>>,
    pub backup_dir: Option<PathBuf>,
    pub backup_every: Option<String>,
    pub backup_keep: Option<usize>,
    pub log_format: Option<String>,
    pub log_level: Option<String>,
    pub smtp: Option<SmtpLayer>,
    pub offsite: Option<OffsiteLayer>,
    pub domains: Option<Vec<String>>,
    pub https_listen: Option<String>,
    pub http_listen: Option<String>,
    pub acme_directory: Option<String>,
    pub acme_email: Option<String>,
    pub acme_ca_roots: Option<PathBuf>,
    pub tls_cert: Option<PathBuf>,
    pub tls_key: Option<PathBuf>,
    pub head_timeout: Option<String>,
    pub idle_timeout: Option<String>,
    pub body_timeout: Option<String>,
    pub update_url: Option<String>,
    pub update_pubkeys: Option<Vec<String>>,
    pub update_check: Option<bool>,
}

/// A value that must never reach a log line: `{:?}` shows `<hidden>`, and only `expose` gives it.
#[derive(Clone, Deserialize)]
#[serde(transparent)]
pub struct Secret(pub String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("<hidden>")
    }
}

/// The `[smtp]` table as a file or the environment gives it.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpLayer {
    pub host: Option<String>,
    pub port: Option<u16>,
    pub security: Option<String>,
    pub username: Option<String>,
    pub password: Option<Secret>,
    pub from: Option<String>,
    pub to: Option<String>,
}

impl SmtpLayer {
    fn overlay(self, over: SmtpLayer) -> SmtpLayer {
        SmtpLayer {
            host: over.host.or(self.host),
            port: over.port.or(self.port),
            security: over.security.or(self.security),
            username: over.username.or(self.username),
            password: over.password.or(self.password),
            from: over.from.or(self.from),
            to: over.to.or(self.to),
        }
    }

    fn is_empty(&self) -> bool {
        let SmtpLayer {
            host,
            port,
            security,
            username,
            password,
            from,
            to,
        } = self;
        host.is_none()
            && port.is_none()
            && security.is_none()
            && username.is_none()
            && password.is_none()
            && from.is_none()
            && to.is_none()
    }
}

impl Layer {
    /// Values of `over` win over those of `self`.
    fn overlay(self, over: Layer) -> Layer {
        Layer {
            listen: over.listen.or(self.listen),
            data: over.data.or(self.data),
            public_url: over.public_url.or(self.public_url),
            token_ttl: over.token_ttl.or(self.token_ttl),
            session_idle: over.session_idle.or(self.session_idle),
            contact_min_fill: over.contact_min_fill.or(self.contact_min_fill),
            upload_max_mb: over.upload_max_mb.or(self.upload_max_mb),
            trusted_proxies: over.trusted_proxies.or(self.trusted_proxies),
            backup_dir: over.backup_dir.or(self.backup_dir),
            backup_every: over.backup_every.or(self.backup_every),
            backup_keep: over.backup_keep.or(self.backup_keep),
            log_format: over.log_format.or(self.log_format),
            log_level: over.log_level.or(self.log_level),
            smtp: match (self.smtp, over.smtp) {
                (Some(under), Some(over)) => Some(under.overlay(over)),
                (under, over) => over.or(under),
            },
            offsite: match (self.offsite, over.offsite) {
                (Some(under), Some(over)) => Some(under.overlay(over)),
                (under, over) => over.or(under),
            },
            domains: over.domains.or(self.domains),
            https_listen: over.https_listen.or(self.https_listen),
            http_listen: over.http_listen.or(self.http_listen),
            acme_directory: over.acme_directory.or(self.acme_directory),
            acme_email: over.acme_email.or(self.acme_email),
            acme_ca_roots: over.acme_ca_roots.or(self.acme_ca_roots),
            tls_cert: over.tls_cert.or(self.tls_cert),
            tls_key: over.tls_key.or(self.tls_key),
            head_timeout: over.head_timeout.or(self.head_timeout),
            idle_timeout: over.idle_timeout.or(self.idle_timeout),
            body_timeout: over.body_timeout.or(self.body_timeout),
            update_url: over.update_url.or(self.update_url),
            update_pubkeys: over.update_pubkeys.or(self.update_pubkeys),
            update_check: over.update_check.or(self.update_check),
        }
    }

    fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Layer> {
        let number = |name: &str| -> Result<Option<u64>> {
            var(name)
                .map(|v| {
                    v.trim()
                        .parse::<u64>()
                        .with_context(|| format!("{name}={v:?} is not a whole number"))
                })
                .transpose()
        };
        let smtp = SmtpLayer {
            host: var("STUDIO_SMTP_HOST"),
            port: var("STUDIO_SMTP_PORT")
                .map(|v| {
                    v.trim()
                        .parse::<u16>()
                        .with_context(|| format!("STUDIO_SMTP_PORT={v:?} is not a port number"))
                })
                .transpose()?,
            security: var("STUDIO_SMTP_SECURITY"),
            username: var("STUDIO_SMTP_USERNAME"),
            password: var("STUDIO_SMTP_PASSWORD").map(Secret),
            from: var("STUDIO_SMTP_FROM"),
            to: var("STUDIO_SMTP_TO"),
        };
        let offsite = OffsiteLayer::from_env(&var)?;
        Ok(Layer {
            listen: var("STUDIO_LISTEN"),
            data: var("STUDIO_DATA").map(PathBuf::from),
            public_url: var("STUDIO_PUBLIC_URL"),
            token_ttl: var("STUDIO_TOKEN_TTL"),
            session_idle: var("STUDIO_SESSION_IDLE"),
            contact_min_fill: var("STUDIO_CONTACT_MIN_FILL"),
            upload_max_mb: number("STUDIO_UPLOAD_MAX_MB")?,
            trusted_proxies: var("STUDIO_TRUSTED_PROXIES").map(|v| {
                v.split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            }),
            backup_dir: var("STUDIO_BACKUP_DIR").map(PathBuf::from),
            backup_every: var("STUDIO_BACKUP_EVERY"),
            backup_keep: number("STUDIO_BACKUP_KEEP")?.map(|n| n as usize),
            log_format: var("STUDIO_LOG_FORMAT"),
            log_level: var("STUDIO_LOG_LEVEL"),
            smtp: (!smtp.is_empty()).then_some(smtp),
            offsite: (!offsite.is_empty()).then_some(offsite),
            domains: var("STUDIO_DOMAINS").map(|v| {
                v.split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            }),
            https_listen: var("STUDIO_HTTPS_LISTEN"),
            http_listen: var("STUDIO_HTTP_LISTEN"),
            acme_directory: var("STUDIO_ACME_DIRECTORY"),
            acme_email: var("STUDIO_ACME_EMAIL"),
            acme_ca_roots: var("STUDIO_ACME_CA_ROOTS").map(PathBuf::from),
            tls_cert: var("STUDIO_TLS_CERT").map(PathBuf::from),
            tls_key: var("STUDIO_TLS_KEY").map(PathBuf::from),
            head_timeout: var("STUDIO_HEAD_TIMEOUT"),
            idle_timeout: var("STUDIO_IDLE_TIMEOUT"),
            body_timeout: var("STUDIO_BODY_TIMEOUT"),
            update_url: var("STUDIO_UPDATE_URL"),
            // Trusted release keys come from the root-owned settings file only.
            update_pubkeys: None,
            update_check: var("STUDIO_UPDATE_CHECK")
                .map(|v| match v.trim() {
                    "true" | "1" => Ok(true),
                    "false" | "0" => Ok(false),
                    _ => Err(anyhow!("STUDIO_UPDATE_CHECK={v:?} must be true or false")),
                })
                .transpose()?,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Pretty,
    Json,
}

/// How the connection to the mail server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpSecurity {
    /// Plain connection upgraded with STARTTLS, which must succeed (port 587 by default).
    StartTls,
    /// TLS from the first byte (port 465 by default).
    Tls,
    /// No encryption at all (port 25 by default): only for a relay on the same machine.
    None,
}

/// Where new-message notices are sent; present only when `[smtp]` is configured.
#[derive(Debug, Clone)]
pub struct SmtpConfig {
    pub host: String,
    pub port: u16,
    pub security: SmtpSecurity,
    pub username: Option<String>,
    pub password: Option<Secret>,
    pub from: String,
    /// One or more recipients (`to` holds them separated by commas).
    pub to: Vec<String>,
}

impl SmtpConfig {
    fn from_layer(l: SmtpLayer) -> Result<SmtpConfig> {
        let text = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let host = text(l.host).ok_or_else(|| anyhow!("[smtp] needs host"))?;
        let security = match l.security.as_deref().map(str::trim).unwrap_or("starttls") {
            "starttls" => SmtpSecurity::StartTls,
            "tls" => SmtpSecurity::Tls,
            "none" => SmtpSecurity::None,
            other => bail!("smtp.security = {other:?} must be \"starttls\", \"tls\" or \"none\""),
        };
        let port = l.port.unwrap_or(match security {
            SmtpSecurity::StartTls => 587,
            SmtpSecurity::Tls => 465,
            SmtpSecurity::None => 25,
        });
        if port == 0 {
            bail!("smtp.port must be between 1 and 65535");
        }
        let username = text(l.username);
        let password = l.password.filter(|p| !p.expose().is_empty());
        if username.is_some() != password.is_some() {
            bail!("[smtp] needs both username and password, or neither");
        }
        let from = text(l.from)
            .ok_or_else(|| anyhow!("[smtp] needs from, e.g. \"Studio <studio@example.com>\""))?;
        let to: Vec<String> =
            l.to.unwrap_or_default()
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
        if to.is_empty() {
            bail!("[smtp] needs to: the address that receives the notices");
        }
        Ok(SmtpConfig {
            host,
            port,
            security,
            username,
            password,
            from,
            to,
        })
    }
}

/// The settings in force, every default applied and every value checked.
#[derive(Debug, Clone)]
pub struct Config {
    pub listen: SocketAddr,
    pub data: PathBuf,
    /// Absolute origin for the sitemap, e.g. `https://studio.example`; else taken from the Host header.
    pub public_url: Option<String>,
    /// The longest a sign-in lasts, used or not.
    pub token_ttl: Duration,
    /// A sign-in unused this long ends.
    pub session_idle: Duration,
    /// A contact message sent sooner than this after its form token was issued is filed as spam.
    pub contact_min_fill: Duration,
    pub upload_max_bytes: u64,
    pub trusted_proxies: Vec<IpAddr>,
    pub backup_dir: Option<PathBuf>,
    pub backup_every: Duration,
    pub backup_keep: usize,
    pub log_format: LogFormat,
    pub log_level: String,
    pub smtp: Option<SmtpConfig>,
    /// Encrypted copies in S3-compatible storage; present only when `[offsite]` is configured.
    pub offsite: Option<OffsiteConfig>,
    /// HTTPS on its own listeners; `None` serves plain HTTP on `listen`.
    pub https: Option<HttpsConfig>,
    /// How long a client may take over each part of a connection (src/net/deadline.rs).
    pub timeouts: Timeouts,
    /// The release channel: the URL of a signed `release.json` (docs/operations.md, "Updates").
    pub update_url: Option<url::Url>,
    /// Release keys trusted besides the built-in one (base64 of 32 bytes each).
    pub update_pubkeys: Vec<String>,
    /// Whether the running server looks for a new release once a day.
    pub update_check: bool,
}

/// The per-connection deadlines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// From the first byte of a request to the end of its head.
    pub head: Duration,
    /// A kept-alive connection with no request.
    pub idle: Duration,
    /// A request whose bytes stop moving: a stalled upload or download, or a handler that long
    /// without a byte in or out.
    pub body: Duration,
    /// The TLS handshake.
    pub handshake: Duration,
}

impl Config {
    /// Loads the file (if any), then the environment, then `flags`.
    pub fn load(config_file: Option<&Path>, flags: Layer) -> Result<Config> {
        Self::load_with(config_file, flags, |name| std::env::var(name).ok())
    }

    fn load_with(
        config_file: Option<&Path>,
        flags: Layer,
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Config> {
        let named = config_file
            .map(Path::to_path_buf)
            .or_else(|| var("STUDIO_CONFIG").map(PathBuf::from));
        let file_layer = match named {
            Some(path) => read_file(&path)?,
            None if Path::new(DEFAULT_CONFIG_FILE).is_file() => {
                read_file(Path::new(DEFAULT_CONFIG_FILE))?
            }
            None if std::fs::File::open(INSTALLED_CONFIG_FILE).is_ok() => {
                read_file(Path::new(INSTALLED_CONFIG_FILE))?
            }
            None => Layer::default(),
        };
        let layer = file_layer.overlay(Layer::from_env(&var)?).overlay(flags);
        Config::from_layer(layer)
    }

    /// The settings of root's host commands (`update`, `rollback`, and `status` on an installed
    /// host): only `file` (`--config`, named aloud on stderr) or `/etc/studio/studio.toml`, never
    /// `./studio.toml` nor `STUDIO_CONFIG`: the folder a host runs a command from may be the
    /// service's own, which the service can write. `update_pubkeys` are taken only from a file
    /// that belongs to the user running the command (root) and that no one else can write.
    pub fn load_host(file: Option<&Path>) -> Result<Config> {
        let layer = match file {
            Some(path) => {
                eprintln!("studio: reading the settings {} (--config)", path.display());
                read_host_file(path)?
            }
            None if std::fs::File::open(INSTALLED_CONFIG_FILE).is_ok() => {
                read_host_file(Path::new(INSTALLED_CONFIG_FILE))?
            }
            None => Layer::default(),
        };
        let var = |name: &str| std::env::var(name).ok();
        Config::from_layer(layer.overlay(Layer::from_env(var)?))
    }

    pub fn from_layer(l: Layer) -> Result<Config> {
        let listen_text = l.listen.unwrap_or_else(|| DEFAULT_LISTEN.to_string());
        let listen = listen_text.parse::<SocketAddr>().with_context(|| {
            format!("listen = {listen_text:?} is not an address like 127.0.0.1:8080")
        })?;
        let duration = |key: &str, v: Option<String>, default: &str| -> Result<Duration> {
            let text = v.unwrap_or_else(|| default.to_string());
            let d = humantime::parse_duration(text.trim()).with_context(|| {
                format!("{key} = {text:?} is not a duration like \"30s\", \"6h\" or \"1d\"")
            })?;
            if d.is_zero() {
                bail!("{key} must be longer than zero");
            }
            Ok(d)
        };
        let upload_max_mb = l.upload_max_mb.unwrap_or(20);
        if upload_max_mb == 0 || upload_max_mb > 1024 {
            bail!("upload_max_mb = {upload_max_mb} must be between 1 and 1024");
        }
        let trusted_proxies = l
            .trusted_proxies
            .unwrap_or_default()
            .iter()
            .map(|p| {
                p.parse::<IpAddr>()
                    .with_context(|| format!("trusted_proxies: {p:?} is not an IP address"))
            })
            .collect::<Result<Vec<_>>>()?;
        let log_format = match l.log_format.as_deref().unwrap_or("pretty") {
            "pretty" => LogFormat::Pretty,
            "json" => LogFormat::Json,
            other => bail!("log_format = {other:?} must be \"pretty\" or \"json\""),
        };
        let public_url = l
            .public_url
            .map(|u| u.trim_end_matches('/').to_string())
            .filter(|u| !u.is_empty());
        if let Some(u) = &public_url
            && !(u.starts_with("http://") || u.starts_with("https://"))
        {
            bail!("public_url = {u:?} must start with http:// or https://");
        }
        let backup_keep = l.backup_keep.unwrap_or(7);
        if backup_keep == 0 {
            bail!("backup_keep must be at least 1");
        }
        let update_url = l
            .update_url
            .or_else(|| BUILT_IN_UPDATE_URL.map(str::to_string))
            .filter(|u| !u.trim().is_empty())
            .map(|u| {
                let parsed = url::Url::parse(u.trim())
                    .ok()
                    .filter(|p| matches!(p.scheme(), "http" | "https"));
                parsed.ok_or_else(|| {
                    anyhow!("update_url = {u:?} must be the http(s) address of a release.json")
                })
            })
            .transpose()?;
        Ok(Config {
            update_url,
            update_pubkeys: l.update_pubkeys.unwrap_or_default(),
            update_check: l.update_check.unwrap_or(true),
            listen,
            data: l.data.unwrap_or_else(|| PathBuf::from(DEFAULT_DATA)),
            public_url,
            token_ttl: duration("token_ttl", l.token_ttl, "90d")?,
            session_idle: duration("session_idle", l.session_idle, "30d")?,
            contact_min_fill: duration("contact_min_fill", l.contact_min_fill, "3s")?,
            upload_max_bytes: upload_max_mb * 1024 * 1024,
            trusted_proxies,
            backup_dir: l.backup_dir,
            backup_every: duration("backup_every", l.backup_every, "1d")?,
            backup_keep,
            log_format,
            log_level: l.log_level.unwrap_or_else(|| "info".to_string()),
            smtp: l.smtp.map(SmtpConfig::from_layer).transpose()?,
            offsite: l.offsite.map(OffsiteConfig::from_layer).transpose()?,
            timeouts: Timeouts {
                head: capped("head_timeout", l.head_timeout, "20s", 30)?,
                idle: capped("idle_timeout", l.idle_timeout, "60s", 75)?,
                body: capped("body_timeout", l.body_timeout, "60s", 600)?,
                handshake: Duration::from_secs(10),
            },
            https: https_config(
                l.domains,
                l.https_listen,
                l.http_listen,
                l.acme_directory,
                l.acme_email,
                l.acme_ca_roots,
                l.tls_cert,
                l.tls_key,
            )?,
        })
    }
}

/// A deadline setting: a duration of at least a second and at most `max_secs`.
fn capped(key: &str, v: Option<String>, default: &str, max_secs: u64) -> Result<Duration> {
    let text = v.unwrap_or_else(|| default.to_string());
    let d = humantime::parse_duration(text.trim())
        .with_context(|| format!("{key} = {text:?} is not a duration like \"20s\""))?;
    if d < Duration::from_secs(1) || d > Duration::from_secs(max_secs) {
        bail!("{key} = {text:?} must be between 1s and {max_secs}s");
    }
    Ok(d)
}

/// Reads a host command's settings file; `update_pubkeys` in a file someone else could have
/// written are refused, checked on the file as opened (no swap between the check and the read).
fn read_host_file(path: &Path) -> Result<Layer> {
    use std::io::Read;
    use std::os::unix::fs::MetadataExt;
    let shown = || format!("reading the config file {}", path.display());
    let mut file = std::fs::File::open(path).with_context(shown)?;
    let meta = file.metadata().with_context(shown)?;
    let mut text = String::new();
    file.read_to_string(&mut text).with_context(shown)?;
    let layer: Layer =
        toml::from_str(&text).map_err(|e| anyhow!("{}: {}", path.display(), e.message()))?;
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if layer.update_pubkeys.is_some() && (meta.uid() != me || meta.mode() & 0o022 != 0) {
        bail!(
            "{} sets update_pubkeys but {}: release keys are trusted only from a file that \
             belongs to root and that no one else can write (`chown root {0} && chmod go-w {0}`)",
            path.display(),
            if meta.uid() != me {
                format!("belongs to user {} (not {me})", meta.uid())
            } else {
                format!("others can write it (mode {:04o})", meta.mode() & 0o7777)
            }
        );
    }
    Ok(layer)
}

fn read_file(path: &Path) -> Result<Layer> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the config file {}", path.display()))?;
    toml::from_str(&text).map_err(|e| anyhow!("{}: {}", path.display(), e.message()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_turns_on_with_domains_or_own_files_and_checks_them() {
        let c = Config::from_layer(Layer::default()).unwrap();
        assert!(c.https.is_none(), "plain HTTP on listen by default");
        assert_eq!(c.timeouts.head, Duration::from_secs(20));
        let c = Config::from_layer(Layer {
            domains: Some(vec!["Example.com.".into(), "www.example.com".into()]),
            ..Layer::default()
        })
        .unwrap();
        let https = c.https.unwrap();
        assert_eq!(https.domains, ["example.com", "www.example.com"]);
        assert_eq!(https.https_listen.to_string(), "0.0.0.0:443");
        assert_eq!(https.http_listen.to_string(), "0.0.0.0:80");
        assert!(
            matches!(https.source, CertSource::Acme { ref directory, .. } if directory == LETS_ENCRYPT)
        );
    }

    #[test]
    fn update_settings_are_read_and_checked() {
        let c = Config::from_layer(Layer::default()).unwrap();
        assert_eq!(
            c.update_url.map(|u| u.to_string()),
            BUILT_IN_UPDATE_URL.map(str::to_string)
        );
        assert!(c.update_check && c.update_pubkeys.is_empty());
        let layer: Layer = toml::from_str(
            "update_url = \"https://releases.example.com/studio/release.json\"\n\
             update_pubkeys = [\"abc\"]\nupdate_check = false\n",
        )
        .unwrap();
        let c = Config::from_layer(layer).unwrap();
        assert_eq!(
            c.update_url.unwrap().host_str(),
            Some("releases.example.com")
        );
        assert_eq!(c.update_pubkeys, ["abc"]);
        assert!(!c.update_check);
        let env = Layer::from_env(|k| (k == "STUDIO_UPDATE_CHECK").then(|| "maybe".to_string()));
        assert!(env.unwrap_err().to_string().contains("STUDIO_UPDATE_CHECK"));
    }

    #[test]
    fn defaults_apply_when_nothing_is_set() {
        let c = Config::from_layer(Layer::default()).unwrap();
        assert_eq!(c.listen.to_string(), DEFAULT_LISTEN);
        assert_eq!(c.data, PathBuf::from(DEFAULT_DATA));
        assert_eq!(c.token_ttl, Duration::from_secs(90 * 24 * 3600));
        assert_eq!(c.session_idle, Duration::from_secs(30 * 24 * 3600));
        assert_eq!(c.upload_max_bytes, 20 * 1024 * 1024);
        assert_eq!(c.backup_every, Duration::from_secs(86400));
        assert_eq!(c.backup_keep, 7);
    }

    #[test]
    fn file_then_environment_then_flags() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("studio.toml");
        std::fs::write(
            &file,
            "listen = \"127.0.0.1:1\"\ndata = \"file.redb\"\ntoken_ttl = \"1h\"\n",
        )
        .unwrap();
        let env = |name: &str| match name {
            "STUDIO_DATA" => Some("env.redb".to_string()),
            "STUDIO_TOKEN_TTL" => Some("2h".to_string()),
            _ => None,
        };
        let flags = Layer {
            token_ttl: Some("3h".into()),
            ..Layer::default()
        };
        let c = Config::load_with(Some(&file), flags, env).unwrap();
        assert_eq!(c.listen.port(), 1, "from the file");
        assert_eq!(c.data, PathBuf::from("env.redb"), "environment over file");
        assert_eq!(
            c.token_ttl,
            Duration::from_secs(3 * 3600),
            "flags over environment"
        );
    }

    /// Each setting given a bad value: the error names the setting (or what to write instead).
    #[test]
    fn bad_values_are_explained() {
        let smtp = || SmtpLayer {
            host: Some("h".into()),
            from: Some("f@example.in".into()),
            to: Some("t@example.in".into()),
            ..SmtpLayer::default()
        };
        let offsite = || OffsiteLayer {
            endpoint: Some("https://s3.example".into()),
            bucket: Some("b".into()),
            access_key_id: Some("AK".into()),
            secret_access_key: Some(Secret("sk".into())),
            passphrase: Some(Secret("pp".into())),
            ..OffsiteLayer::default()
        };
        type Case = (&'static str, fn(&mut Layer));
        let cases: &[Case] = &[
            ("listen", |l| l.listen = Some("nope".into())),
            ("token_ttl", |l| l.token_ttl = Some("soon".into())),
            ("session_idle", |l| l.session_idle = Some("forever".into())),
            ("log_format", |l| l.log_format = Some("xml".into())),
            ("trusted_proxies", |l| {
                l.trusted_proxies = Some(vec!["x".into()])
            }),
            ("tls_key", |l| l.tls_cert = Some("c.pem".into())),
            ("domains", |l| l.domains = Some(vec!["not a name".into()])),
            ("head_timeout", |l| l.head_timeout = Some("90s".into())),
            ("update_url", |l| {
                l.update_url = Some("ftp://example.com/release.json".into())
            }),
            ("update_url", |l| l.update_url = Some("not a url".into())),
        ];
        type SmtpCase = (&'static str, fn(&mut SmtpLayer));
        let smtp_cases: &[SmtpCase] = &[
            ("host", |s| s.host = None),
            ("to", |s| s.to = None),
            ("security", |s| s.security = Some("ssl".into())),
            ("password", |s| s.username = Some("u".into())),
        ];
        type OffsiteCase = (&'static str, fn(&mut OffsiteLayer));
        let offsite_cases: &[OffsiteCase] = &[
            ("encrypt = false", |o| o.passphrase = None),
            ("https://", |o| o.endpoint = Some("s3.example".into())),
            ("bucket", |o| o.bucket = None),
            ("secret_access_key_file", |o| o.secret_access_key = None),
            ("offsite.secret_access_key_file", |o| {
                o.secret_access_key = None;
                o.secret_access_key_file = Some("/nonexistent/studio/s3-secret".into());
            }),
        ];
        let mut layers = Vec::new();
        for (name, set) in cases {
            let mut layer = Layer::default();
            set(&mut layer);
            layers.push((name, layer));
        }
        for (name, set) in smtp_cases {
            let mut layer = smtp();
            set(&mut layer);
            layers.push((
                name,
                Layer {
                    smtp: Some(layer),
                    ..Layer::default()
                },
            ));
        }
        for (name, set) in offsite_cases {
            let mut layer = offsite();
            set(&mut layer);
            layers.push((
                name,
                Layer {
                    offsite: Some(layer),
                    ..Layer::default()
                },
            ));
        }
        for (name, layer) in layers {
            let err = Config::from_layer(layer).unwrap_err().to_string();
            assert!(err.contains(name), "{name}: {err}");
        }
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("studio.toml");
        std::fs::write(&file, "lisen = \"x\"\n").unwrap();
        let msg = Config::load_with(Some(&file), Layer::default(), |_| None)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("lisen"), "{msg}");
    }

    #[test]
    fn smtp_comes_from_the_file_with_environment_overrides() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("studio.toml");
        std::fs::write(
            &file,
            "[smtp]\nhost = \"mail.example.in\"\nsecurity = \"tls\"\nusername = \"u\"\n\
             password = \"file-secret\"\nfrom = \"Studio <s@example.in>\"\nto = \"a@example.in\"\n",
        )
        .unwrap();
        let env = |name: &str| match name {
            "STUDIO_SMTP_PASSWORD" => Some("env-secret".to_string()),
            "STUDIO_SMTP_TO" => Some("a@example.in, b@example.in".to_string()),
            _ => None,
        };
        let c = Config::load_with(Some(&file), Layer::default(), env).unwrap();
        let smtp = c.smtp.expect("smtp configured");
        assert_eq!(smtp.host, "mail.example.in");
        assert_eq!(smtp.security, SmtpSecurity::Tls);
        assert_eq!(smtp.port, 465, "the default port of the chosen security");
        assert_eq!(
            smtp.password.as_ref().map(Secret::expose),
            Some("env-secret")
        );
        assert_eq!(smtp.to, ["a@example.in", "b@example.in"]);
        let shown = format!("{smtp:?}");
        assert!(!shown.contains("secret"), "{shown}");
        let layer = SmtpLayer {
            password: Some(Secret("layer-secret".into())),
            ..SmtpLayer::default()
        };
        assert!(!format!("{layer:?}").contains("secret"));

        let only_env = |name: &str| match name {
            "STUDIO_SMTP_HOST" => Some("127.0.0.1".to_string()),
            "STUDIO_SMTP_PORT" => Some("2525".to_string()),
            "STUDIO_SMTP_SECURITY" => Some("none".to_string()),
            "STUDIO_SMTP_FROM" => Some("s@example.in".to_string()),
            "STUDIO_SMTP_TO" => Some("o@example.in".to_string()),
            _ => None,
        };
        let smtp = Config::load_with(None, Layer::default(), only_env)
            .unwrap()
            .smtp
            .unwrap();
        assert_eq!((smtp.port, smtp.security), (2525, SmtpSecurity::None));
        assert!(smtp.username.is_none());
        assert!(Config::from_layer(Layer::default()).unwrap().smtp.is_none());
    }

    #[test]
    fn offsite_comes_from_the_file_and_secrets_from_their_own_files_or_the_environment() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("s3-secret");
        std::fs::write(&secret, "file-SECRET\n").unwrap();
        let file = dir.path().join("studio.toml");
        std::fs::write(
            &file,
            format!(
                "[offsite]\nendpoint = \"https://s3.example/\"\nbucket = \"b\"\nprefix = \"/nivasa/\"\n\
                 access_key_id = \"AK\"\nsecret_access_key_file = {:?}\nkeep = 5\n",
                secret.display().to_string()
            ),
        )
        .unwrap();
        let env = |name: &str| match name {
            "STUDIO_OFFSITE_PASSPHRASE" => Some("env-PASSPHRASE".to_string()),
            "STUDIO_OFFSITE_PATH_STYLE" => Some("false".to_string()),
            _ => None,
        };
        let c = Config::load_with(Some(&file), Layer::default(), env).unwrap();
        let o = c.offsite.expect("offsite configured");
        assert_eq!(o.endpoint, "https://s3.example");
        assert_eq!(o.prefix, "nivasa/");
        assert_eq!(o.region, "auto");
        assert_eq!(o.secret_access_key.expose(), "file-SECRET");
        assert_eq!(
            o.passphrase.as_ref().map(Secret::expose),
            Some("env-PASSPHRASE")
        );
        assert_eq!((o.keep, o.path_style, o.encrypt), (5, false, true));
        assert_eq!(o.timeout, Duration::from_secs(60));
        let shown = format!("{o:?}");
        assert!(
            !shown.contains("SECRET") && !shown.contains("PASSPHRASE"),
            "{shown}"
        );

        let plain = OffsiteLayer {
            endpoint: Some("https://s3.example".into()),
            bucket: Some("b".into()),
            access_key_id: Some("AK".into()),
            secret_access_key: Some(Secret("sk".into())),
            encrypt: Some(false),
            ..OffsiteLayer::default()
        };
        assert!(
            Config::from_layer(Layer {
                offsite: Some(plain),
                ..Layer::default()
            })
            .is_ok(),
            "plain copies only when written so"
        );
        assert!(
            Config::from_layer(Layer::default())
                .unwrap()
                .offsite
                .is_none(),
            "off unless configured"
        );
    }
}
