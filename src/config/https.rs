//! The HTTPS settings: on when `domains` or `tls_cert` is set; certificates ordered from an ACME CA
//! (src/tls/) or read from the operator's own files; the addresses HTTPS and plain HTTP listen on.

use anyhow::{Context, Result, bail};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Where certificates come from when HTTPS is on.
#[derive(Debug, Clone)]
pub enum CertSource {
    /// Ordered from an ACME CA for `HttpsConfig::domains`, kept in the data file.
    Acme {
        directory: String,
        email: Option<String>,
        /// Extra PEM roots trusted when talking to the CA (tests, private CAs).
        ca_roots: Option<PathBuf>,
    },
    /// The operator's own PEM files.
    Files { cert: PathBuf, key: PathBuf },
}

/// HTTPS settings: on when `domains` or `tls_cert` is set.
#[derive(Debug, Clone)]
pub struct HttpsConfig {
    pub domains: Vec<String>,
    pub https_listen: SocketAddr,
    pub http_listen: SocketAddr,
    pub source: CertSource,
}

pub const LETS_ENCRYPT: &str = "https://acme-v02.api.letsencrypt.org/directory";

#[allow(clippy::too_many_arguments)]
pub(super) fn https_config(
    domains: Option<Vec<String>>,
    https_listen: Option<String>,
    http_listen: Option<String>,
    acme_directory: Option<String>,
    acme_email: Option<String>,
    acme_ca_roots: Option<PathBuf>,
    tls_cert: Option<PathBuf>,
    tls_key: Option<PathBuf>,
) -> Result<Option<HttpsConfig>> {
    let domains: Vec<String> = domains
        .unwrap_or_default()
        .iter()
        .map(|d| d.trim().trim_end_matches('.').to_ascii_lowercase())
        .filter(|d| !d.is_empty())
        .collect();
    for d in &domains {
        let ok = d.len() <= 253
            && d.contains('.')
            && d.split('.').all(|label| {
                (1..=63).contains(&label.len())
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                    && !label.starts_with('-')
                    && !label.ends_with('-')
            });
        if !ok {
            bail!("domains: {d:?} is not a domain name like \"studio.example\"");
        }
    }
    let source = match (tls_cert, tls_key) {
        (Some(cert), Some(key)) => CertSource::Files { cert, key },
        (None, None) if domains.is_empty() => return Ok(None),
        (None, None) => CertSource::Acme {
            directory: acme_directory.unwrap_or_else(|| LETS_ENCRYPT.to_string()),
            email: acme_email.filter(|e| !e.trim().is_empty()),
            ca_roots: acme_ca_roots,
        },
        _ => bail!("tls_cert and tls_key go together: set both, or neither"),
    };
    if let CertSource::Acme { directory, .. } = &source
        && !directory.starts_with("https://")
    {
        bail!("acme_directory = {directory:?} must start with https://");
    }
    let addr = |key: &str, v: Option<String>, default: &str| -> Result<SocketAddr> {
        let text = v.unwrap_or_else(|| default.to_string());
        text.parse::<SocketAddr>()
            .with_context(|| format!("{key} = {text:?} is not an address like 0.0.0.0:443"))
    };
    Ok(Some(HttpsConfig {
        domains,
        https_listen: addr("https_listen", https_listen, "0.0.0.0:443")?,
        http_listen: addr("http_listen", http_listen, "0.0.0.0:80")?,
        source,
    }))
}
