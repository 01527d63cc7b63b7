//! The `[offsite]` settings: where and how off-site copies of the backups go (src/offsite/), from
//! `studio.toml` and `STUDIO_OFFSITE_*`, checked into an `OffsiteConfig`.

use super::{Secret, capped};
use anyhow::{Context, Result, anyhow, bail};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The `[offsite]` table as a file or the environment gives it.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffsiteLayer {
    pub endpoint: Option<String>,
    pub bucket: Option<String>,
    pub region: Option<String>,
    pub prefix: Option<String>,
    pub access_key_id: Option<String>,
    pub secret_access_key_file: Option<PathBuf>,
    /// Only from `STUDIO_OFFSITE_SECRET_ACCESS_KEY`: a secret is never written in studio.toml.
    #[serde(skip)]
    pub secret_access_key: Option<Secret>,
    pub passphrase_file: Option<PathBuf>,
    /// Only from `STUDIO_OFFSITE_PASSPHRASE`.
    #[serde(skip)]
    pub passphrase: Option<Secret>,
    pub keep: Option<usize>,
    pub path_style: Option<bool>,
    pub encrypt: Option<bool>,
    pub timeout: Option<String>,
}

impl OffsiteLayer {
    pub(super) fn overlay(self, over: OffsiteLayer) -> OffsiteLayer {
        OffsiteLayer {
            endpoint: over.endpoint.or(self.endpoint),
            bucket: over.bucket.or(self.bucket),
            region: over.region.or(self.region),
            prefix: over.prefix.or(self.prefix),
            access_key_id: over.access_key_id.or(self.access_key_id),
            secret_access_key_file: over.secret_access_key_file.or(self.secret_access_key_file),
            secret_access_key: over.secret_access_key.or(self.secret_access_key),
            passphrase_file: over.passphrase_file.or(self.passphrase_file),
            passphrase: over.passphrase.or(self.passphrase),
            keep: over.keep.or(self.keep),
            path_style: over.path_style.or(self.path_style),
            encrypt: over.encrypt.or(self.encrypt),
            timeout: over.timeout.or(self.timeout),
        }
    }

    pub(super) fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<OffsiteLayer> {
        let flag = |name: &str| -> Result<Option<bool>> {
            var(name)
                .map(|v| match v.trim() {
                    "true" | "1" | "yes" => Ok(true),
                    "false" | "0" | "no" => Ok(false),
                    _ => bail!("{name}={v:?} must be true or false"),
                })
                .transpose()
        };
        Ok(OffsiteLayer {
            endpoint: var("STUDIO_OFFSITE_ENDPOINT"),
            bucket: var("STUDIO_OFFSITE_BUCKET"),
            region: var("STUDIO_OFFSITE_REGION"),
            prefix: var("STUDIO_OFFSITE_PREFIX"),
            access_key_id: var("STUDIO_OFFSITE_ACCESS_KEY_ID"),
            secret_access_key_file: var("STUDIO_OFFSITE_SECRET_ACCESS_KEY_FILE").map(PathBuf::from),
            secret_access_key: var("STUDIO_OFFSITE_SECRET_ACCESS_KEY").map(Secret),
            passphrase_file: var("STUDIO_OFFSITE_PASSPHRASE_FILE").map(PathBuf::from),
            passphrase: var("STUDIO_OFFSITE_PASSPHRASE").map(Secret),
            keep: var("STUDIO_OFFSITE_KEEP")
                .map(|v| {
                    v.trim()
                        .parse::<usize>()
                        .with_context(|| format!("STUDIO_OFFSITE_KEEP={v:?} is not a whole number"))
                })
                .transpose()?,
            path_style: flag("STUDIO_OFFSITE_PATH_STYLE")?,
            encrypt: flag("STUDIO_OFFSITE_ENCRYPT")?,
            timeout: var("STUDIO_OFFSITE_TIMEOUT"),
        })
    }

    pub(super) fn is_empty(&self) -> bool {
        let OffsiteLayer {
            endpoint,
            bucket,
            region,
            prefix,
            access_key_id,
            secret_access_key_file,
            secret_access_key,
            passphrase_file,
            passphrase,
            keep,
            path_style,
            encrypt,
            timeout,
        } = self;
        endpoint.is_none()
            && bucket.is_none()
            && region.is_none()
            && prefix.is_none()
            && access_key_id.is_none()
            && secret_access_key_file.is_none()
            && secret_access_key.is_none()
            && passphrase_file.is_none()
            && passphrase.is_none()
            && keep.is_none()
            && path_style.is_none()
            && encrypt.is_none()
            && timeout.is_none()
    }
}

/// Where and how off-site copies go; present only when `[offsite]` is configured.
#[derive(Debug, Clone)]
pub struct OffsiteConfig {
    /// `https://host[:port][/path]`; `http://` only when written so.
    pub endpoint: String,
    pub bucket: String,
    pub region: String,
    /// Put before every copy's name, e.g. `nivasa/`.
    pub prefix: String,
    pub access_key_id: String,
    pub secret_access_key: Secret,
    /// Copies are sealed with the passphrase (the default); `false` sends them as they are.
    pub encrypt: bool,
    /// Always present when `encrypt`; without it, only a copy sealed earlier needs one.
    pub passphrase: Option<Secret>,
    /// Newest copies kept in the bucket; 0 keeps every copy.
    pub keep: usize,
    /// The bucket in the path (`true`) or in the host name.
    pub path_style: bool,
    /// How long the storage may stay silent during a call before it counts as failed.
    pub timeout: Duration,
}

impl OffsiteConfig {
    pub(super) fn from_layer(l: OffsiteLayer) -> Result<OffsiteConfig> {
        let text = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let endpoint = text(l.endpoint)
            .ok_or_else(|| {
                anyhow!(
                    "[offsite] needs endpoint, e.g. \"https://s3.eu-central-003.backblazeb2.com\""
                )
            })?
            .trim_end_matches('/')
            .to_string();
        if !(endpoint.starts_with("https://") || endpoint.starts_with("http://")) {
            bail!(
                "offsite.endpoint = {endpoint:?} must start with https:// (or http:// for storage on a private network)"
            );
        }
        let bucket = text(l.bucket).ok_or_else(|| anyhow!("[offsite] needs bucket"))?;
        let access_key_id =
            text(l.access_key_id).ok_or_else(|| anyhow!("[offsite] needs access_key_id"))?;
        let secret_access_key = match (l.secret_access_key, l.secret_access_key_file) {
            (Some(s), _) if !s.expose().is_empty() => s,
            (_, Some(path)) => read_secret("offsite.secret_access_key_file", &path)?,
            _ => bail!(
                "[offsite] needs secret_access_key_file (or STUDIO_OFFSITE_SECRET_ACCESS_KEY)"
            ),
        };
        let encrypt = l.encrypt.unwrap_or(true);
        let passphrase = match (l.passphrase, l.passphrase_file) {
            (Some(s), _) if !s.expose().is_empty() => Some(s),
            (_, Some(path)) => Some(read_secret("offsite.passphrase_file", &path)?),
            _ => None,
        };
        if encrypt && passphrase.is_none() {
            bail!(
                "[offsite] needs passphrase_file (or STUDIO_OFFSITE_PASSPHRASE): copies are \
                 encrypted; write encrypt = false to send them unencrypted"
            );
        }
        let timeout = match l.timeout {
            Some(t) => capped("offsite.timeout", Some(t), "60s", 3600)?,
            None => Duration::from_secs(60),
        };
        Ok(OffsiteConfig {
            endpoint,
            bucket,
            region: text(l.region).unwrap_or_else(|| "auto".to_string()),
            prefix: l
                .prefix
                .map(|p| p.trim().trim_start_matches('/').to_string())
                .unwrap_or_default(),
            access_key_id,
            secret_access_key,
            encrypt,
            passphrase,
            keep: l.keep.unwrap_or(30),
            path_style: l.path_style.unwrap_or(true),
            timeout,
        })
    }
}

/// A secret kept in a file of its own: its first line, without the line end.
fn read_secret(key: &str, path: &Path) -> Result<Secret> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{key}: reading {}", path.display()))?;
    let value = text
        .lines()
        .next()
        .unwrap_or("")
        .trim_end_matches('\r')
        .to_string();
    if value.is_empty() {
        bail!("{key}: {} is empty", path.display());
    }
    Ok(Secret(value))
}
