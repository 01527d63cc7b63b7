//! The HTTPS state kept in the data file, so that a backup restores it: the ACME account and the
//! certificate in service with its private key.

use super::*;
use serde::{Deserialize, Serialize};

const TLS: TableDefinition<&str, &[u8]> = TableDefinition::new("tls");
const ACCOUNT: &str = "acme_account";
const CERTIFICATE: &str = "certificate";

/// The ACME account: instant-acme's credentials as JSON (key, account URL, directory).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct AcmeAccount {
    pub directory: String,
    pub credentials_json: String,
}

impl Versioned for AcmeAccount {
    const VERSION: u8 = 1;
    const NAME: &'static str = "ACME account";
}

/// A certificate obtained from the CA, for every name in `domains`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TlsCertificate {
    pub domains: Vec<String>,
    pub chain_pem: String,
    pub key_pem: String,
    /// notAfter, in seconds since 1970.
    pub not_after: i64,
    pub obtained_ms: u64,
}

impl Versioned for TlsCertificate {
    const VERSION: u8 = 1;
    const NAME: &'static str = "TLS certificate";
}

impl Store {
    fn tls_get<T: Versioned>(&self, key: &str) -> Result<Option<T>> {
        let txn = self.read_txn()?;
        let table = match txn.open_table(TLS) {
            Ok(t) => t,
            Err(redb::TableError::TableDoesNotExist(_)) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        table.get(key)?.map(|v| T::decode(v.value())).transpose()
    }

    fn tls_put<T: Versioned>(&self, key: &str, record: &T) -> Result<()> {
        let bytes = record.encode()?;
        self.write(|txn| {
            txn.open_table(TLS)?.insert(key, bytes.as_slice())?;
            Ok(())
        })
    }

    pub fn acme_account(&self) -> Result<Option<AcmeAccount>> {
        self.tls_get(ACCOUNT)
    }

    pub fn set_acme_account(&self, account: &AcmeAccount) -> Result<()> {
        self.tls_put(ACCOUNT, account)
    }

    pub fn tls_certificate(&self) -> Result<Option<TlsCertificate>> {
        self.tls_get(CERTIFICATE)
    }

    pub fn set_tls_certificate(&self, cert: &TlsCertificate) -> Result<()> {
        self.tls_put(CERTIFICATE, cert)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_certificate_and_account_survive_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.redb");
        let cert = TlsCertificate {
            domains: vec!["studio.example".into()],
            chain_pem: "chain".into(),
            key_pem: "key".into(),
            not_after: 1_900_000_000,
            obtained_ms: 1,
        };
        {
            let store = Store::open(&path).unwrap();
            assert_eq!(store.tls_certificate().unwrap(), None);
            store.set_tls_certificate(&cert).unwrap();
            store
                .set_acme_account(&AcmeAccount {
                    directory: "https://ca".into(),
                    credentials_json: "{}".into(),
                })
                .unwrap();
        }
        let store = Store::open(&path).unwrap();
        assert_eq!(store.tls_certificate().unwrap(), Some(cert));
        assert_eq!(
            store.acme_account().unwrap().unwrap().directory,
            "https://ca"
        );
        store.read_everything().unwrap();
    }
}
