//! Orders and renews the certificate from an ACME CA by HTTP-01 (answered on the HTTP listener,
//! src/net/redirect.rs), with instant-acme. The account and the certificate go into the data file.
//! A failure is one log line and a retry with backoff; the site keeps serving.

use super::{Tls, certified_key, check_domains, pem_not_after, provider};
use crate::blocking::read_or_log;
use crate::config::{CertSource, HttpsConfig};
use crate::store::{AcmeAccount, TlsCertificate, now_ms};
use anyhow::{Context, Result, anyhow, bail};
use bytes::Bytes;
use instant_acme::{
    Account, AuthorizationStatus, BodyWrapper, BytesResponse, ChallengeType, HttpClient,
    Identifier, NewAccount, NewOrder, OrderStatus, RetryPolicy,
};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use warp::http;

/// Renewal starts this long before the certificate expires.
const RENEW_BEFORE: Duration = Duration::from_secs(30 * 86400);
/// The first wait after a failure; it doubles up to `MAX_BACKOFF`. Let's Encrypt allows five
/// failed validations per name an hour, so the retries stay well under that.
const FIRST_BACKOFF: Duration = Duration::from_secs(5 * 60);
const MAX_BACKOFF: Duration = Duration::from_secs(12 * 3600);
/// Long sleeps are cut into days, so a clock that jumps does not delay a renewal by much.
const MAX_SLEEP: Duration = Duration::from_secs(86400);

fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

pub(super) async fn renew_forever(tls: &Tls, https: &HttpsConfig) {
    let mut backoff = FIRST_BACKOFF;
    loop {
        let store = tls.store.clone();
        let stored = read_or_log("cannot read the stored certificate", move || {
            store.tls_certificate()
        })
        .await
        .flatten();
        let due_in = match &stored {
            Some(c) if c.domains == https.domains => {
                let due = c.not_after - RENEW_BEFORE.as_secs() as i64;
                Duration::from_secs(due.saturating_sub(unix_now()).max(0) as u64)
            }
            _ => Duration::ZERO,
        };
        if !due_in.is_zero() {
            tokio::time::sleep(due_in.min(MAX_SLEEP)).await;
            continue;
        }
        match order(tls, https).await {
            Ok(cert) => {
                tracing::info!(
                    "certificate for {} obtained, valid for {} days",
                    cert.domains.join(", "),
                    (cert.not_after - unix_now()) / 86400
                );
                backoff = FIRST_BACKOFF;
            }
            Err(e) => {
                tracing::error!(
                    "cannot get a certificate for {}: {e:#}; retrying in {}",
                    https.domains.join(", "),
                    humantime::format_duration(backoff)
                );
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
            }
        }
    }
}

/// One order: account (stored or new), HTTP-01 for every name, finalize, store, serve.
async fn order(tls: &Tls, https: &HttpsConfig) -> Result<TlsCertificate> {
    check_domains(&https.domains)?;
    let CertSource::Acme {
        directory,
        email,
        ca_roots,
    } = &https.source
    else {
        bail!("certificates come from files");
    };
    let client = Client::new(ca_roots.as_deref())?;
    let account = account(tls, directory, email.as_deref(), client).await?;
    let identifiers: Vec<Identifier> = https
        .domains
        .iter()
        .map(|d| Identifier::Dns(d.clone()))
        .collect();
    let mut order = account
        .new_order(&NewOrder::new(&identifiers))
        .await
        .context("placing the order")?;
    let mut tokens = Vec::new();
    let mut authorizations = order.authorizations();
    while let Some(authz) = authorizations.next().await {
        let mut authz = authz.context("reading an authorization")?;
        match authz.status {
            AuthorizationStatus::Pending => {}
            AuthorizationStatus::Valid => continue,
            other => bail!("an authorization is {other:?}"),
        }
        let mut challenge = authz
            .challenge(ChallengeType::Http01)
            .ok_or_else(|| anyhow!("the CA offers no HTTP-01 challenge"))?;
        let key_authorization = challenge.key_authorization().as_str().to_string();
        tokens.push(challenge.token.clone());
        if let Ok(mut map) = tls.challenges.lock() {
            map.insert(challenge.token.clone(), key_authorization);
        }
        challenge
            .set_ready()
            .await
            .context("answering the challenge")?;
    }
    let result = finish(&mut order).await;
    if let Ok(mut map) = tls.challenges.lock() {
        for token in &tokens {
            map.remove(token);
        }
    }
    let (chain_pem, key_pem) = result?;
    let (certified, not_after) = certified_key(chain_pem.as_bytes(), key_pem.as_bytes())?;
    let cert = TlsCertificate {
        domains: https.domains.clone(),
        chain_pem,
        key_pem,
        not_after,
        obtained_ms: now_ms(),
    };
    let store = tls.store.clone();
    let record = cert.clone();
    tokio::task::spawn_blocking(move || store.set_tls_certificate(&record))
        .await
        .context("storing the certificate")??;
    tls.install(certified)?;
    debug_assert_eq!(
        pem_not_after(cert.chain_pem.as_bytes()).ok(),
        Some(not_after)
    );
    Ok(cert)
}

async fn finish(order: &mut instant_acme::Order) -> Result<(String, String)> {
    let retries = RetryPolicy::new().timeout(Duration::from_secs(90));
    let status = order
        .poll_ready(&retries)
        .await
        .context("waiting for validation")?;
    if status != OrderStatus::Ready {
        let problems: Vec<String> = order.state().error.iter().map(|p| format!("{p}")).collect();
        bail!("the order is {status:?} {}", problems.join("; "));
    }
    let key_pem = order.finalize().await.context("finalizing the order")?;
    let chain_pem = order
        .poll_certificate(&retries)
        .await
        .context("downloading the certificate")?;
    Ok((chain_pem, key_pem))
}

/// The stored account for this CA, or a new one (stored at once).
async fn account(
    tls: &Tls,
    directory: &str,
    email: Option<&str>,
    client: Client,
) -> Result<Account> {
    let store = tls.store.clone();
    let stored = tokio::task::spawn_blocking(move || store.acme_account())
        .await
        .context("reading the ACME account")??;
    if let Some(stored) = stored.filter(|a| a.directory == directory) {
        let credentials = serde_json::from_str(&stored.credentials_json)
            .context("reading the stored ACME account")?;
        return Account::builder_with_http(Box::new(client))
            .from_credentials(credentials)
            .await
            .context("loading the ACME account");
    }
    let contact = email.map(|e| format!("mailto:{e}"));
    let contacts: Vec<&str> = contact.iter().map(String::as_str).collect();
    let (account, credentials) = Account::builder_with_http(Box::new(client))
        .create(
            &NewAccount {
                contact: &contacts,
                terms_of_service_agreed: true,
                only_return_existing: false,
            },
            directory.to_string(),
            None,
        )
        .await
        .with_context(|| format!("creating an account at {directory}"))?;
    let record = AcmeAccount {
        directory: directory.to_string(),
        credentials_json: serde_json::to_string(&credentials).context("saving the account")?,
    };
    let store = tls.store.clone();
    tokio::task::spawn_blocking(move || store.set_acme_account(&record))
        .await
        .context("storing the ACME account")??;
    Ok(account)
}

/// HTTPS to the CA: one HTTP/1.1 connection per request (a handful per order), trusting the
/// built-in web roots plus `acme_ca_roots`, never the system's (the binary may run in an empty
/// chroot).
struct Client {
    connector: tokio_rustls::TlsConnector,
}

/// How long one request to the CA may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

impl Client {
    fn new(extra_roots: Option<&std::path::Path>) -> Result<Client> {
        let mut roots = rustls::RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
        if let Some(path) = extra_roots {
            let pem = std::fs::read(path)
                .with_context(|| format!("reading acme_ca_roots {}", path.display()))?;
            for cert in CertificateDer::pem_slice_iter(&pem) {
                let cert = cert.map_err(|e| anyhow!("acme_ca_roots {}: {e}", path.display()))?;
                roots
                    .add(cert)
                    .with_context(|| format!("acme_ca_roots {}", path.display()))?;
            }
        }
        let config = rustls::ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .context("setting up TLS")?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Client {
            connector: tokio_rustls::TlsConnector::from(Arc::new(config)),
        })
    }

    async fn send(
        connector: tokio_rustls::TlsConnector,
        mut req: http::Request<BodyWrapper<Bytes>>,
    ) -> Result<BytesResponse> {
        let uri = req.uri().clone();
        if uri.scheme_str() != Some("https") {
            bail!("the CA's address {uri} is not https");
        }
        let host = uri
            .host()
            .ok_or_else(|| anyhow!("{uri} has no host"))?
            .to_string();
        let port = uri.port_u16().unwrap_or(443);
        let tcp = tokio::net::TcpStream::connect((host.as_str(), port))
            .await
            .with_context(|| format!("connecting to {host}:{port}"))?;
        let name = rustls::pki_types::ServerName::try_from(host.clone())
            .with_context(|| format!("{host} is not a server name"))?;
        let stream = connector
            .connect(name, tcp)
            .await
            .with_context(|| format!("TLS to {host}:{port}"))?;
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
                .await
                .context("HTTP to the CA")?;
        tokio::spawn(async move {
            let _ = connection.await;
        });
        let authority = uri
            .authority()
            .map(|a| a.as_str().to_string())
            .unwrap_or(host);
        let path = uri
            .path_and_query()
            .map(|pq| pq.as_str().to_string())
            .unwrap_or_else(|| "/".into());
        *req.uri_mut() = path.parse().context("the CA's path")?;
        req.headers_mut().insert(
            http::header::HOST,
            http::HeaderValue::from_str(&authority).context("the CA's host")?,
        );
        let res = sender.send_request(req).await.context("asking the CA")?;
        Ok(BytesResponse::from(res))
    }
}

impl HttpClient for Client {
    fn request(
        &self,
        req: http::Request<BodyWrapper<Bytes>>,
    ) -> Pin<Box<dyn Future<Output = Result<BytesResponse, instant_acme::Error>> + Send>> {
        let connector = self.connector.clone();
        Box::pin(async move {
            match tokio::time::timeout(REQUEST_TIMEOUT, Client::send(connector, req)).await {
                Ok(Ok(res)) => Ok(res),
                Ok(Err(e)) => Err(instant_acme::Error::Other(e.into())),
                Err(_) => Err(instant_acme::Error::Other(
                    anyhow!("the CA did not answer within {REQUEST_TIMEOUT:?}").into(),
                )),
            }
        })
    }
}
