//! Certificates for HTTPS: the operator's own PEM files, or one certificate for every name in
//! `domains` ordered from an ACME CA (src/tls/acme.rs), kept in the data file and renewed 30 days
//! before it expires. rustls with ring answers the handshakes, offering HTTP/2 and HTTP/1.1.

mod acme;
pub mod der;

use crate::config::{CertSource, Config, HttpsConfig};
use crate::store::Store;
use anyhow::{Context, Result, anyhow, bail};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

/// The HTTPS side of a running server.
pub struct Tls {
    store: Store,
    https: HttpsConfig,
    acceptor: tokio_rustls::TlsAcceptor,
    resolver: Arc<Resolver>,
    /// HTTP-01 tokens being validated, with their key authorizations.
    challenges: Mutex<HashMap<String, String>>,
}

/// Hands every handshake the certificate in service.
#[derive(Debug, Default)]
struct Resolver {
    current: RwLock<Option<Arc<CertifiedKey>>>,
}

impl ResolvesServerCert for Resolver {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        self.current.read().ok()?.clone()
    }
}

pub fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// A certificate chain and its key, from PEM, ready for rustls; also its expiry.
pub fn certified_key(chain_pem: &[u8], key_pem: &[u8]) -> Result<(Arc<CertifiedKey>, i64)> {
    let chain = CertificateDer::pem_slice_iter(chain_pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow!("the certificate is not PEM: {e}"))?;
    let first = chain
        .first()
        .ok_or_else(|| anyhow!("there is no certificate in the PEM"))?;
    let not_after = der::not_after(first).context("reading the certificate's expiry")?;
    let key = PrivateKeyDer::from_pem_slice(key_pem)
        .map_err(|e| anyhow!("the private key is not PEM: {e}"))?;
    let signer = provider()
        .key_provider
        .load_private_key(key)
        .map_err(|e| anyhow!("the private key cannot sign: {e}"))?;
    Ok((Arc::new(CertifiedKey::new(chain, signer)), not_after))
}

/// The expiry of the first certificate of a PEM chain, in seconds since 1970.
pub fn pem_not_after(chain_pem: &[u8]) -> Result<i64> {
    let first = CertificateDer::pem_slice_iter(chain_pem)
        .next()
        .ok_or_else(|| anyhow!("there is no certificate in the PEM"))?
        .map_err(|e| anyhow!("the certificate is not PEM: {e}"))?;
    der::not_after(&first)
}

impl Tls {
    /// Loads the certificate to serve: the own PEM files, or the one kept in the data file (a
    /// restart serves it at once, without a new order). With ACME and nothing stored yet,
    /// handshakes fail until the first order (started by `spawn_renewals`) succeeds.
    pub async fn load(store: &Store, https: &HttpsConfig) -> Result<Arc<Tls>> {
        let resolver = Arc::new(Resolver::default());
        match &https.source {
            CertSource::Files { cert, key } => {
                let chain = std::fs::read(cert)
                    .with_context(|| format!("reading tls_cert {}", cert.display()))?;
                let key_pem = std::fs::read(key)
                    .with_context(|| format!("reading tls_key {}", key.display()))?;
                let (certified, _) = certified_key(&chain, &key_pem)
                    .with_context(|| format!("loading {} and {}", cert.display(), key.display()))?;
                *resolver
                    .current
                    .write()
                    .map_err(|_| anyhow!("certificate lock poisoned"))? = Some(certified);
            }
            CertSource::Acme { .. } => {
                let store = store.clone();
                let stored = tokio::task::spawn_blocking(move || store.tls_certificate())
                    .await
                    .context("reading the stored certificate")??;
                if let Some(stored) = stored {
                    match certified_key(stored.chain_pem.as_bytes(), stored.key_pem.as_bytes()) {
                        Ok((certified, _)) => {
                            *resolver
                                .current
                                .write()
                                .map_err(|_| anyhow!("certificate lock poisoned"))? =
                                Some(certified)
                        }
                        Err(e) => tracing::error!(
                            "the stored certificate is not usable ({e:#}); ordering a new one"
                        ),
                    }
                }
            }
        }
        let mut config = rustls::ServerConfig::builder_with_provider(provider())
            .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
            .context("setting up TLS")?
            .with_no_client_auth()
            .with_cert_resolver(resolver.clone());
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        Ok(Arc::new(Tls {
            store: store.clone(),
            https: https.clone(),
            acceptor: tokio_rustls::TlsAcceptor::from(Arc::new(config)),
            resolver,
            challenges: Mutex::new(HashMap::new()),
        }))
    }

    pub fn acceptor(&self) -> &tokio_rustls::TlsAcceptor {
        &self.acceptor
    }

    /// The key authorization for an HTTP-01 token being validated now.
    pub fn http_challenge(&self, token: &str) -> Option<String> {
        self.challenges.lock().ok()?.get(token).cloned()
    }

    fn install(&self, certified: Arc<CertifiedKey>) -> Result<()> {
        *self
            .resolver
            .current
            .write()
            .map_err(|_| anyhow!("certificate lock poisoned"))? = Some(certified);
        Ok(())
    }

    /// With ACME, orders a certificate when none is stored (or it names other domains) and
    /// renews it 30 days before it expires; does nothing for own PEM files.
    pub fn spawn_renewals(self: Arc<Self>) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            if let CertSource::Acme { .. } = self.https.source {
                acme::renew_forever(&self, &self.https).await;
            }
        })
    }
}

/// Each certificate's names and expiry, for the admin Overview.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateStatus {
    pub domains: Vec<String>,
    /// Seconds since 1970; absent while the first certificate is still being ordered.
    pub not_after: Option<i64>,
    /// "acme" or "files".
    pub source: &'static str,
}

/// What the admin Overview shows: the certificate in service, read from the data file or the
/// own PEM file. Empty when HTTPS is off.
pub fn status(store: &Store, config: &Config) -> Result<Vec<CertificateStatus>> {
    let Some(https) = &config.https else {
        return Ok(Vec::new());
    };
    Ok(vec![match &https.source {
        CertSource::Files { cert, .. } => {
            let pem = std::fs::read(cert).with_context(|| format!("reading {}", cert.display()))?;
            CertificateStatus {
                domains: https.domains.clone(),
                not_after: Some(pem_not_after(&pem)?),
                source: "files",
            }
        }
        CertSource::Acme { .. } => {
            let stored = store.tls_certificate()?;
            match stored {
                Some(c) if c.domains == https.domains => CertificateStatus {
                    domains: c.domains,
                    not_after: Some(c.not_after),
                    source: "acme",
                },
                _ => CertificateStatus {
                    domains: https.domains.clone(),
                    not_after: None,
                    source: "acme",
                },
            }
        }
    }])
}

fn check_domains(domains: &[String]) -> Result<()> {
    if domains.is_empty() {
        bail!("ACME needs at least one name in domains");
    }
    Ok(())
}
