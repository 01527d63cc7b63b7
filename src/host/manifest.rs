//! A release: `release.json` (version, date, notes, one file per machine) and `release.json.sig`,
//! the base64 of the Ed25519 signature of its exact bytes. Nothing in a manifest is read before its
//! signature is checked against a trusted key.

use anyhow::{Context, Result, anyhow, bail};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ring::signature::{ED25519, UnparsedPublicKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::time::SystemTime;

/// The release key compiled in by the build that made this binary (`STUDIO_RELEASE_PUBKEY`).
pub const BUILT_IN_KEY: Option<&str> = option_env!("STUDIO_RELEASE_PUBKEY");

/// Longest `release.json` read: a few hundred bytes in practice.
pub const MANIFEST_MAX: usize = 256 * 1024;
/// Largest binary accepted (today's are about 14 MB).
pub const BINARY_MAX: u64 = 200 * 1024 * 1024;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    pub version: String,
    pub date: String,
    #[serde(default)]
    pub notes: String,
    /// When the signature stops counting (RFC 3339, UTC; `scripts/dist --sign` writes 90 days
    /// after signing): an old signed manifest cannot be served forever to hold a site on an old
    /// release. A manifest without it is refused; records of installed releases may lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires: Option<String>,
    pub files: BTreeMap<String, FileEntry>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FileEntry {
    pub url: String,
    pub size: u64,
    pub sha256: String,
}

/// A release version: three numbers, compared as numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version(pub u64, pub u64, pub u64);

impl Version {
    pub fn parse(text: &str) -> Result<Version> {
        let bad = || anyhow!("{text:?} is not a version like 0.2.0");
        let mut parts = text.trim().trim_start_matches('v').split('.');
        let mut next = || -> Result<u64> {
            let p = parts.next().ok_or_else(bad)?;
            if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            p.parse().map_err(|_| bad())
        };
        let v = Version(next()?, next()?, next()?);
        if parts.next().is_some() {
            return Err(bad());
        }
        Ok(v)
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}.{}", self.0, self.1, self.2)
    }
}

/// The version of the binary running now.
pub fn own_version() -> Version {
    Version::parse(env!("CARGO_PKG_VERSION")).unwrap_or(Version(0, 0, 0))
}

/// Trusted public keys: the built-in one and `update_pubkeys`, each the base64 of 32 raw bytes.
pub fn trusted_keys(configured: &[String]) -> Result<Vec<[u8; 32]>> {
    let mut keys = Vec::new();
    for (i, text) in BUILT_IN_KEY
        .iter()
        .copied()
        .chain(configured.iter().map(String::as_str))
        .enumerate()
    {
        let where_ = if BUILT_IN_KEY.is_some() && i == 0 {
            "the built-in release key".to_string()
        } else {
            format!("update_pubkeys: {text:?}")
        };
        let bytes = B64
            .decode(text.trim())
            .with_context(|| format!("{where_} is not base64"))?;
        let key: [u8; 32] = bytes
            .try_into()
            .map_err(|_| anyhow!("{where_} is not a 32-byte Ed25519 public key"))?;
        keys.push(key);
    }
    Ok(keys)
}

/// Checks `sig` (base64 text) over `bytes` against `keys`, then reads the manifest, refusing one
/// past its expiry.
pub fn verify(bytes: &[u8], sig: &[u8], keys: &[[u8; 32]]) -> Result<Manifest> {
    let manifest = verify_signed(bytes, sig, keys)?;
    manifest.check_expiry(SystemTime::now())?;
    Ok(manifest)
}

/// `verify` without the expiry.
fn verify_signed(bytes: &[u8], sig: &[u8], keys: &[[u8; 32]]) -> Result<Manifest> {
    if keys.is_empty() {
        bail!(
            "this studio has no key to check releases with: set update_pubkeys in studio.toml to \
             the release key (base64) of whoever builds your releases"
        );
    }
    let sig_text = std::str::from_utf8(sig).unwrap_or("");
    let sig = B64
        .decode(sig_text.trim())
        .ok()
        .filter(|s| s.len() == 64)
        .ok_or_else(|| anyhow!("release.json.sig is not the base64 of a 64-byte signature"))?;
    let genuine = keys.iter().any(|k| {
        UnparsedPublicKey::new(&ED25519, k)
            .verify(bytes, &sig)
            .is_ok()
    });
    if !genuine {
        bail!("release.json's signature does not match any trusted key: refusing the release");
    }
    let manifest: Manifest =
        serde_json::from_slice(bytes).context("release.json is signed but not a valid manifest")?;
    Version::parse(&manifest.version).context("release.json: version")?;
    for (arch, f) in &manifest.files {
        if f.sha256.len() != 64
            || !f
                .sha256
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        {
            bail!("release.json: files.{arch}.sha256 is not 64 lowercase hex digits");
        }
    }
    Ok(manifest)
}

/// Signs `bytes` with a PKCS#8 Ed25519 key; the base64 text of `release.json.sig`.
pub fn sign(pkcs8: &[u8], bytes: &[u8]) -> Result<String> {
    let pair = ring::signature::Ed25519KeyPair::from_pkcs8_maybe_unchecked(pkcs8)
        .map_err(|e| anyhow!("not a PKCS#8 Ed25519 key: {e}"))?;
    Ok(B64.encode(pair.sign(bytes).as_ref()))
}

/// The manifest's name for this machine's architecture.
pub fn this_arch() -> &'static str {
    match std::env::consts::ARCH {
        "arm" => "armv7",
        other => other,
    }
}

impl Manifest {
    pub fn version(&self) -> Version {
        Version::parse(&self.version).unwrap_or(Version(0, 0, 0))
    }

    /// The file for `arch`, with its URL made absolute against the manifest's own URL.
    pub fn file_for(&self, arch: &str, manifest_url: &url::Url) -> Result<(url::Url, &FileEntry)> {
        let entry = self.files.get(arch).ok_or_else(|| {
            anyhow!(
                "release {} has no file for this machine ({arch}); it has: {}",
                self.version,
                self.files.keys().cloned().collect::<Vec<_>>().join(", ")
            )
        })?;
        if entry.size > BINARY_MAX {
            bail!(
                "release.json: files.{arch}.size {} is too large",
                entry.size
            );
        }
        let url = manifest_url
            .join(&entry.url)
            .with_context(|| format!("release.json: files.{arch}.url {:?}", entry.url))?;
        if !matches!(url.scheme(), "http" | "https") {
            bail!(
                "release.json: files.{arch}.url must be http(s), not {}",
                url.scheme()
            );
        }
        Ok((url, entry))
    }

    /// Refuses a manifest without an expiry, or past it at `now`.
    pub fn check_expiry(&self, now: SystemTime) -> Result<()> {
        let Some(text) = &self.expires else {
            bail!(
                "release.json of {} carries no expiry (expires): refusing it, since an old signed \
                 manifest could be served forever; sign the release again with scripts/dist --sign",
                self.version
            );
        };
        let at = humantime::parse_rfc3339_weak(text.trim()).map_err(|_| {
            anyhow!("release.json: expires {text:?} is not a time like 2027-03-01T00:00:00Z")
        })?;
        if now > at {
            bail!(
                "release.json of {} expired on {text}: refusing it (the channel serves an old \
                 manifest; whoever publishes the releases signs it again)",
                self.version
            );
        }
        Ok(())
    }

    /// Refuses anything but a newer release than `current`.
    pub fn check_newer_than(&self, current: Version) -> Result<()> {
        let v = self.version();
        if v < current {
            bail!(
                "release {v} is older than the installed {current}: a downgrade is refused (use `studio rollback` to go back one release)"
            );
        }
        if v == current {
            bail!("release {v} is already installed");
        }
        Ok(())
    }
}

/// Checks a downloaded file against its entry: size, then SHA-256.
pub fn check_file(entry: &FileEntry, bytes: &[u8]) -> Result<()> {
    if bytes.len() as u64 != entry.size {
        bail!(
            "the downloaded file has {} bytes, release.json says {}: refusing it",
            bytes.len(),
            entry.size
        );
    }
    let sum = hex(&Sha256::digest(bytes));
    if sum != entry.sha256 {
        bail!(
            "the downloaded file's SHA-256 is {sum}, release.json says {}: refusing it",
            entry.sha256
        );
    }
    Ok(())
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring::signature::KeyPair;

    fn key() -> (Vec<u8>, [u8; 32]) {
        let rng = ring::rand::SystemRandom::new();
        let pkcs8 = ring::signature::Ed25519KeyPair::generate_pkcs8(&rng).unwrap();
        let pair = ring::signature::Ed25519KeyPair::from_pkcs8(pkcs8.as_ref()).unwrap();
        let public: [u8; 32] = pair.public_key().as_ref().try_into().unwrap();
        (pkcs8.as_ref().to_vec(), public)
    }

    fn manifest_bytes(version: &str, body: &[u8]) -> Vec<u8> {
        serde_json::to_vec(&serde_json::json!({
            "version": version, "date": "2026-12-01", "notes": "Faster pages.",
            "expires": "2099-01-01T00:00:00Z",
            "files": {
                "x86_64": { "url": "studio-x86_64", "size": body.len(), "sha256": hex(&Sha256::digest(body)) },
                "aarch64": { "url": "https://cdn.example.com/r/studio-aarch64", "size": 1, "sha256": "0".repeat(64) },
            }
        }))
        .unwrap()
    }

    #[test]
    fn a_signed_manifest_is_read_and_anything_else_refused() {
        let (pkcs8, public) = key();
        let (_, other) = key();
        let bytes = manifest_bytes("0.2.0", b"binary");
        let sig = sign(&pkcs8, &bytes).unwrap();
        let m = verify(&bytes, sig.as_bytes(), &[other, public]).unwrap();
        assert_eq!(m.version(), Version(0, 2, 0));
        assert_eq!(m.notes, "Faster pages.");

        let e = verify(&bytes, sig.as_bytes(), &[other]).unwrap_err();
        assert!(e.to_string().contains("does not match"), "{e}");
        let mut tampered = bytes.clone();
        let at = tampered.len() - 3;
        tampered[at] ^= 1;
        assert!(verify(&tampered, sig.as_bytes(), &[public]).is_err());
        assert!(
            verify(&bytes, b"", &[public])
                .unwrap_err()
                .to_string()
                .contains("64-byte")
        );
        assert!(verify(&bytes, b"not base64!", &[public]).is_err());
        let none = verify(&bytes, sig.as_bytes(), &[]).unwrap_err();
        assert!(
            none.to_string().contains("no key to check releases"),
            "{none}"
        );
    }

    #[test]
    fn an_expired_manifest_or_one_without_expiry_is_refused() {
        let (pkcs8, public) = key();
        let signed = |expires: Option<&str>| {
            let mut m: serde_json::Value =
                serde_json::from_slice(&manifest_bytes("0.2.0", b"b")).unwrap();
            match expires {
                Some(e) => m["expires"] = e.into(),
                None => drop(m.as_object_mut().unwrap().remove("expires")),
            }
            let bytes = serde_json::to_vec(&m).unwrap();
            let sig = sign(&pkcs8, &bytes).unwrap();
            verify(&bytes, sig.as_bytes(), &[public])
        };
        assert!(signed(Some("2099-01-01T00:00:00Z")).is_ok());
        let e = signed(Some("2020-01-01T00:00:00Z"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("expired on 2020-01-01"), "{e}");
        let e = signed(None).unwrap_err().to_string();
        assert!(e.contains("no expiry"), "{e}");
        assert!(signed(Some("soon")).is_err());
        let m: Manifest = serde_json::from_slice(&manifest_bytes("0.2.0", b"b")).unwrap();
        let at = humantime::parse_rfc3339("2099-01-01T00:00:00Z").unwrap();
        assert!(
            m.check_expiry(at - std::time::Duration::from_secs(1))
                .is_ok()
        );
        assert!(
            m.check_expiry(at + std::time::Duration::from_secs(1))
                .is_err()
        );
    }

    #[test]
    fn a_signed_manifest_with_bad_fields_is_still_refused() {
        let (pkcs8, public) = key();
        for bad in [
            br#"{"version":"0.2","date":"x","files":{}}"#.to_vec(),
            br#"{"version":"0.2.0","date":"x","files":{"x86_64":{"url":"a","size":1,"sha256":"ABC"}}}"#.to_vec(),
            br#"not json"#.to_vec(),
        ] {
            let sig = sign(&pkcs8, &bad).unwrap();
            assert!(verify(&bad, sig.as_bytes(), &[public]).is_err());
        }
    }

    #[test]
    fn keys_are_checked_for_shape() {
        let (_, public) = key();
        assert_eq!(
            trusted_keys(&[B64.encode(public)]).unwrap().last(),
            Some(&public)
        );
        assert!(
            trusted_keys(&["abc".into()])
                .unwrap_err()
                .to_string()
                .contains("update_pubkeys")
        );
        assert!(
            trusted_keys(&[B64.encode([1u8; 31])])
                .unwrap_err()
                .to_string()
                .contains("32-byte")
        );
    }

    #[test]
    fn versions_compare_as_numbers_and_downgrades_are_refused() {
        assert!(Version::parse("0.10.0").unwrap() > Version::parse("0.9.9").unwrap());
        assert_eq!(Version::parse("v1.2.3").unwrap(), Version(1, 2, 3));
        for bad in ["1.2", "1.2.3.4", "1.x.3", "", "1.2.-3"] {
            assert!(Version::parse(bad).is_err(), "{bad}");
        }
        let m: Manifest = serde_json::from_slice(&manifest_bytes("0.2.0", b"b")).unwrap();
        assert!(m.check_newer_than(Version(0, 1, 9)).is_ok());
        assert!(
            m.check_newer_than(Version(0, 2, 0))
                .unwrap_err()
                .to_string()
                .contains("already installed")
        );
        assert!(
            m.check_newer_than(Version(0, 3, 0))
                .unwrap_err()
                .to_string()
                .contains("downgrade")
        );
    }

    #[test]
    fn files_are_found_by_architecture_with_relative_urls_resolved() {
        let m: Manifest = serde_json::from_slice(&manifest_bytes("0.2.0", b"b")).unwrap();
        let base: url::Url = "https://example.com/releases/0.2.0/release.json"
            .parse()
            .unwrap();
        let (url, _) = m.file_for("x86_64", &base).unwrap();
        assert_eq!(
            url.as_str(),
            "https://example.com/releases/0.2.0/studio-x86_64"
        );
        let (url, _) = m.file_for("aarch64", &base).unwrap();
        assert_eq!(url.as_str(), "https://cdn.example.com/r/studio-aarch64");
        let e = m.file_for("armv7", &base).unwrap_err().to_string();
        assert!(
            e.contains("no file for this machine (armv7)") && e.contains("aarch64, x86_64"),
            "{e}"
        );
        assert!(["x86_64", "aarch64", "armv7"].contains(&this_arch()));
    }

    #[test]
    fn a_file_must_have_its_size_and_hash() {
        let m: Manifest = serde_json::from_slice(&manifest_bytes("0.2.0", b"binary")).unwrap();
        let entry = &m.files["x86_64"];
        assert!(check_file(entry, b"binary").is_ok());
        assert!(
            check_file(entry, b"binar")
                .unwrap_err()
                .to_string()
                .contains("bytes")
        );
        assert!(
            check_file(entry, b"Binary")
                .unwrap_err()
                .to_string()
                .contains("SHA-256")
        );
    }
}
