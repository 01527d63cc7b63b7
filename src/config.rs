//! Settings of a running studio: `studio.toml` < `STUDIO_*` environment < command-line flags.
//!
//! Every key is optional; `studio.toml` at the top of the repository documents each with its default.

use anyhow::{Context, Result, anyhow, bail};
use serde::Deserialize;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The file read when no `--config` or `STUDIO_CONFIG` names one (and only if it exists).
pub const DEFAULT_CONFIG_FILE: &str = "studio.toml";
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
    pub upload_max_mb: Option<u64>,
    pub trusted_proxies: Option<Vec<String>>,
    pub backup_dir: Option<PathBuf>,
    pub backup_every: Option<String>,
    pub backup_keep: Option<usize>,
    pub log_format: Option<String>,
    pub log_level: Option<String>,
}

impl Layer {
    /// Values of `over` win over those of `self`.
    fn overlay(self, over: Layer) -> Layer {
        Layer {
            listen: over.listen.or(self.listen),
            data: over.data.or(self.data),
            public_url: over.public_url.or(self.public_url),
            token_ttl: over.token_ttl.or(self.token_ttl),
            upload_max_mb: over.upload_max_mb.or(self.upload_max_mb),
            trusted_proxies: over.trusted_proxies.or(self.trusted_proxies),
            backup_dir: over.backup_dir.or(self.backup_dir),
            backup_every: over.backup_every.or(self.backup_every),
            backup_keep: over.backup_keep.or(self.backup_keep),
            log_format: over.log_format.or(self.log_format),
            log_level: over.log_level.or(self.log_level),
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
        Ok(Layer {
            listen: var("STUDIO_LISTEN"),
            data: var("STUDIO_DATA").map(PathBuf::from),
            public_url: var("STUDIO_PUBLIC_URL"),
            token_ttl: var("STUDIO_TOKEN_TTL"),
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
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Pretty,
    Json,
}

/// The settings in force, every default applied and every value checked.
#[derive(Debug, Clone)]
pub struct Config {
    pub listen: SocketAddr,
    pub data: PathBuf,
    /// Absolute origin for the sitemap, e.g. `https://studio.example`; else taken from the Host header.
    pub public_url: Option<String>,
    pub token_ttl: Duration,
    pub upload_max_bytes: u64,
    pub trusted_proxies: Vec<IpAddr>,
    pub backup_dir: Option<PathBuf>,
    pub backup_every: Duration,
    pub backup_keep: usize,
    pub log_format: LogFormat,
    pub log_level: String,
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
            None => Layer::default(),
        };
        let layer = file_layer.overlay(Layer::from_env(&var)?).overlay(flags);
        Config::from_layer(layer)
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
        let upload_max_mb = l.upload_max_mb.unwrap_or(10);
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
        Ok(Config {
            listen,
            data: l.data.unwrap_or_else(|| PathBuf::from(DEFAULT_DATA)),
            public_url,
            token_ttl: duration("token_ttl", l.token_ttl, "12h")?,
            upload_max_bytes: upload_max_mb * 1024 * 1024,
            trusted_proxies,
            backup_dir: l.backup_dir,
            backup_every: duration("backup_every", l.backup_every, "1d")?,
            backup_keep,
            log_format,
            log_level: l.log_level.unwrap_or_else(|| "info".to_string()),
        })
    }
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
    fn defaults_apply_when_nothing_is_set() {
        let c = Config::from_layer(Layer::default()).unwrap();
        assert_eq!(c.listen.to_string(), DEFAULT_LISTEN);
        assert_eq!(c.data, PathBuf::from(DEFAULT_DATA));
        assert_eq!(c.token_ttl, Duration::from_secs(12 * 3600));
        assert_eq!(c.upload_max_bytes, 10 * 1024 * 1024);
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

    #[test]
    fn bad_values_are_explained() {
        let err = |l: Layer| Config::from_layer(l).unwrap_err().to_string();
        assert!(
            err(Layer {
                listen: Some("nope".into()),
                ..Layer::default()
            })
            .contains("listen")
        );
        assert!(
            err(Layer {
                token_ttl: Some("soon".into()),
                ..Layer::default()
            })
            .contains("token_ttl")
        );
        assert!(
            err(Layer {
                log_format: Some("xml".into()),
                ..Layer::default()
            })
            .contains("log_format")
        );
        assert!(
            err(Layer {
                trusted_proxies: Some(vec!["x".into()]),
                ..Layer::default()
            })
            .contains("trusted_proxies")
        );
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("studio.toml");
        std::fs::write(&file, "lisen = \"x\"\n").unwrap();
        let msg = Config::load_with(Some(&file), Layer::default(), |_| None)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("lisen"), "{msg}");
    }
}
