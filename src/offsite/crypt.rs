//! The encrypted form of an off-site copy: ChaCha20-Poly1305 (ring) in 64 KiB chunks, keyed by
//! argon2id from the owner's passphrase.
//!
//! Layout: a 64-byte header, then chunks of `CHUNK` plaintext bytes each sealed with a 16-byte tag;
//! the last chunk holds fewer than `CHUNK` bytes (none, when the plaintext fills the chunks before
//! it). Every chunk's nonce is the header's random prefix and the chunk's number, and its
//! additional data is the whole header and a "last chunk" flag, so a changed header, a changed,
//! dropped, repeated or reordered chunk, and a copy cut short at any point all fail to open.
//!
//! ```text
//! magic "studioEC" | version 1 | algorithm 1 (ChaCha20-Poly1305) | kdf 1 (argon2id)
//! | m_cost u32 KiB | t_cost u32 | p_cost u32 | salt 16 | nonce prefix 8 | check tag 16
//! ```
//!
//! The check tag seals nothing under a nonce no chunk uses: it tells a wrong passphrase from a
//! damaged chunk before a byte is written.

use argon2::{Algorithm, Argon2, Params, Version};
use ring::aead::{Aad, CHACHA20_POLY1305, LessSafeKey, NONCE_LEN, Nonce, Tag, UnboundKey};
use std::io::{Read, Write};

pub const MAGIC: &[u8; 8] = b"studioEC";
const VERSION: u8 = 1;
const ALG_CHACHA20_POLY1305: u8 = 1;
const KDF_ARGON2ID: u8 = 1;
/// Plaintext bytes per chunk: the most memory a copy takes on its way through, whatever its size.
pub const CHUNK: usize = 64 * 1024;
const TAG_LEN: usize = 16;
const SALT_LEN: usize = 16;
const PREFIX_LEN: usize = 8;
pub const HEADER_LEN: usize = 8 + 3 + 12 + SALT_LEN + PREFIX_LEN + TAG_LEN;
/// The check tag's counter; chunk numbers stay below it.
const CHECK_COUNTER: u32 = u32::MAX;
/// argon2id's settings for new copies: the same as the admin passwords' (19 MiB, 2 passes).
const M_COST: u32 = 19 * 1024;
const T_COST: u32 = 2;
const P_COST: u32 = 1;
/// The most a header may ask for, so a crafted copy cannot make a restore take gigabytes.
const MAX_M_COST: u32 = 256 * 1024;
const MAX_T_COST: u32 = 16;
const MAX_P_COST: u32 = 8;

/// Why a copy could not be opened; none of these ever leaves a byte of unverified plaintext behind
/// as a result.
#[derive(Debug, thiserror::Error)]
pub enum CryptError {
    #[error("it is not an encrypted studio copy")]
    NotEncrypted,
    #[error("it was written by a newer studio (format {0}); update studio to restore it")]
    Unsupported(u8),
    #[error("the passphrase is wrong (or the copy's header is damaged)")]
    WrongPassphrase,
    #[error("the copy is damaged: chunk {0} does not authenticate")]
    Damaged(u32),
    #[error("the copy is cut short (it ends before its last chunk)")]
    Truncated,
    #[error("the copy is too large for this format")]
    TooLarge,
    #[error("the key could not be derived: {0}")]
    Kdf(String),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A key derived from the passphrase with one salt; new copies reuse it with a fresh nonce prefix,
/// so argon2 runs once per process rather than once per copy.
pub struct SealingKey {
    key: LessSafeKey,
    salt: [u8; SALT_LEN],
    params: [u32; 3],
}

impl std::fmt::Debug for SealingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealingKey(<hidden>)")
    }
}

impl SealingKey {
    /// Derives a key from `passphrase` with a fresh random salt.
    pub fn new(passphrase: &str) -> Result<SealingKey, CryptError> {
        let mut salt = [0u8; SALT_LEN];
        random(&mut salt)?;
        let params = [M_COST, T_COST, P_COST];
        let key = derive(passphrase, &salt, params)?;
        Ok(SealingKey { key, salt, params })
    }
}

fn random(buf: &mut [u8]) -> Result<(), CryptError> {
    getrandom::fill(buf).map_err(|e| CryptError::Io(std::io::Error::other(e.to_string())))
}

fn derive(passphrase: &str, salt: &[u8], [m, t, p]: [u32; 3]) -> Result<LessSafeKey, CryptError> {
    let params = Params::new(m, t, p, Some(32)).map_err(|e| CryptError::Kdf(e.to_string()))?;
    let mut out = [0u8; 32];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password_into(passphrase.as_bytes(), salt, &mut out)
        .map_err(|e| CryptError::Kdf(e.to_string()))?;
    let unbound = UnboundKey::new(&CHACHA20_POLY1305, &out)
        .map_err(|_| CryptError::Kdf("bad key length".into()))?;
    out.fill(0);
    Ok(LessSafeKey::new(unbound))
}

fn nonce(prefix: &[u8; PREFIX_LEN], counter: u32) -> Nonce {
    let mut n = [0u8; NONCE_LEN];
    n[..PREFIX_LEN].copy_from_slice(prefix);
    n[PREFIX_LEN..].copy_from_slice(&counter.to_be_bytes());
    Nonce::assume_unique_for_key(n)
}

/// The additional data of a chunk: the header (without its check tag) and the last-chunk flag.
fn aad(header: &[u8], last: bool) -> Vec<u8> {
    let mut a = Vec::with_capacity(HEADER_LEN - TAG_LEN + 1);
    a.extend_from_slice(&header[..HEADER_LEN - TAG_LEN]);
    a.push(u8::from(last));
    a
}

/// The number of the chunk after `counter`; the check tag's number is never reached.
fn next_chunk(counter: u32) -> Result<u32, CryptError> {
    counter
        .checked_add(1)
        .filter(|c| *c != CHECK_COUNTER)
        .ok_or(CryptError::TooLarge)
}

/// Reads until `buf` is full or the input ends; returns how many bytes it holds.
fn fill(input: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match input.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Encrypts all of `input` into `output`; returns the bytes written.
pub fn encrypt(
    key: &SealingKey,
    input: &mut impl Read,
    output: &mut impl Write,
) -> Result<u64, CryptError> {
    let mut prefix = [0u8; PREFIX_LEN];
    random(&mut prefix)?;
    let mut header = Vec::with_capacity(HEADER_LEN);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&[VERSION, ALG_CHACHA20_POLY1305, KDF_ARGON2ID]);
    for v in key.params {
        header.extend_from_slice(&v.to_be_bytes());
    }
    header.extend_from_slice(&key.salt);
    header.extend_from_slice(&prefix);
    let check = key
        .key
        .seal_in_place_separate_tag(
            nonce(&prefix, CHECK_COUNTER),
            Aad::from(aad(&header, true)),
            &mut [],
        )
        .map_err(|_| CryptError::Kdf("sealing failed".into()))?;
    header.extend_from_slice(check.as_ref());
    debug_assert_eq!(header.len(), HEADER_LEN);
    output.write_all(&header)?;
    let mut written = HEADER_LEN as u64;
    let (aad_more, aad_last) = (aad(&header, false), aad(&header, true));
    let mut buf = vec![0u8; CHUNK];
    let mut counter: u32 = 0;
    loop {
        let n = fill(input, &mut buf)?;
        let last = n < CHUNK;
        let tag = key
            .key
            .seal_in_place_separate_tag(
                nonce(&prefix, counter),
                Aad::from(if last { &aad_last } else { &aad_more }),
                &mut buf[..n],
            )
            .map_err(|_| CryptError::TooLarge)?;
        output.write_all(&buf[..n])?;
        output.write_all(tag.as_ref())?;
        written += (n + TAG_LEN) as u64;
        if last {
            return Ok(written);
        }
        counter = next_chunk(counter)?;
    }
}

/// Whether `start` (the first bytes of a file) begins like an encrypted copy.
pub fn is_encrypted(start: &[u8]) -> bool {
    start.starts_with(MAGIC)
}

/// Decrypts `input` into `output`, checking every chunk; returns the plaintext bytes written. On
/// an error `output` holds unverified bytes: the caller throws it away.
pub fn decrypt(
    passphrase: &str,
    input: &mut impl Read,
    output: &mut impl Write,
) -> Result<u64, CryptError> {
    let mut header = [0u8; HEADER_LEN];
    let got = fill(input, &mut header)?;
    if got < MAGIC.len() || !is_encrypted(&header) {
        return Err(CryptError::NotEncrypted);
    }
    if header[8] != VERSION || header[9] != ALG_CHACHA20_POLY1305 || header[10] != KDF_ARGON2ID {
        return Err(CryptError::Unsupported(header[8]));
    }
    if got < HEADER_LEN {
        return Err(CryptError::Truncated);
    }
    let word = |at: usize| {
        u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let params = [word(11), word(15), word(19)];
    if params[0] > MAX_M_COST || params[1] > MAX_T_COST || params[2] > MAX_P_COST {
        return Err(CryptError::WrongPassphrase);
    }
    let salt = &header[23..23 + SALT_LEN];
    let mut prefix = [0u8; PREFIX_LEN];
    prefix.copy_from_slice(&header[23 + SALT_LEN..23 + SALT_LEN + PREFIX_LEN]);
    // A header whose numbers were changed may name parameters argon2 refuses: that is damage too.
    let key = derive(passphrase, salt, params).map_err(|_| CryptError::WrongPassphrase)?;
    let mut check = [0u8; TAG_LEN];
    check.copy_from_slice(&header[HEADER_LEN - TAG_LEN..]);
    key.open_in_place_separate_tag(
        nonce(&prefix, CHECK_COUNTER),
        Aad::from(aad(&header, true)),
        Tag::from(check),
        &mut [],
        0..,
    )
    .map_err(|_| CryptError::WrongPassphrase)?;
    let (aad_more, aad_last) = (aad(&header, false), aad(&header, true));
    let mut buf = vec![0u8; CHUNK + TAG_LEN];
    let mut counter: u32 = 0;
    let mut written = 0u64;
    loop {
        let n = fill(input, &mut buf)?;
        // Only the last chunk is shorter than a full one.
        let last = n < CHUNK + TAG_LEN;
        if n < TAG_LEN {
            return Err(CryptError::Truncated);
        }
        let (body, tag) = buf[..n].split_at_mut(n - TAG_LEN);
        let mut t = [0u8; TAG_LEN];
        t.copy_from_slice(tag);
        key.open_in_place_separate_tag(
            nonce(&prefix, counter),
            Aad::from(if last { &aad_last } else { &aad_more }),
            Tag::from(t),
            body,
            0..,
        )
        .map_err(|_| {
            if last {
                // A cut that falls inside the stream looks like a short, final chunk.
                CryptError::Truncated
            } else {
                CryptError::Damaged(counter)
            }
        })?;
        output.write_all(body)?;
        written += body.len() as u64;
        // `fill` stops short only at the end of the input: nothing can follow the last chunk.
        if last {
            return Ok(written);
        }
        counter = next_chunk(counter)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sealed(key: &SealingKey, plain: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let n = encrypt(key, &mut &plain[..], &mut out).unwrap();
        assert_eq!(n as usize, out.len());
        out
    }

    fn open(pass: &str, sealed: &[u8]) -> Result<Vec<u8>, CryptError> {
        let mut out = Vec::new();
        decrypt(pass, &mut &sealed[..], &mut out).map(|_| out)
    }

    fn plain(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 31 % 251) as u8).collect()
    }

    #[test]
    fn round_trips_every_size_around_the_chunk_edges() {
        let key = SealingKey::new("correct horse battery staple").unwrap();
        for len in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17] {
            let p = plain(len);
            let s = sealed(&key, &p);
            assert_eq!(s.len(), HEADER_LEN + len + (len / CHUNK + 1) * TAG_LEN);
            assert!(
                !s.windows(32.min(len.max(1)))
                    .any(|w| len >= 32 && w == &p[..32]),
                "no plaintext in the copy"
            );
            assert_eq!(
                open("correct horse battery staple", &s).unwrap(),
                p,
                "{len}"
            );
        }
    }

    #[test]
    fn two_copies_of_the_same_file_differ() {
        let key = SealingKey::new("pass").unwrap();
        let p = plain(1000);
        assert_ne!(
            sealed(&key, &p),
            sealed(&key, &p),
            "a fresh nonce prefix each time"
        );
    }

    #[test]
    fn a_wrong_passphrase_is_named_as_such() {
        let key = SealingKey::new("right").unwrap();
        let s = sealed(&key, &plain(5000));
        assert!(matches!(
            open("wrong", &s),
            Err(CryptError::WrongPassphrase)
        ));
    }

    #[test]
    fn every_flipped_byte_is_caught() {
        let key = SealingKey::new("pass").unwrap();
        let s = sealed(&key, &plain(2 * CHUNK + 100));
        // Every header byte, and bytes in the first, middle and last chunk bodies and tags.
        let body = HEADER_LEN + CHUNK + TAG_LEN;
        let spots: Vec<usize> = (0..HEADER_LEN)
            .chain([
                HEADER_LEN,
                HEADER_LEN + 7,
                body + 5,
                body - 1,
                s.len() - 1,
                s.len() - 20,
            ])
            .collect();
        for at in spots {
            let mut bad = s.clone();
            bad[at] ^= 0x01;
            assert!(
                open("pass", &bad).is_err(),
                "flipped byte {at} went unnoticed"
            );
        }
        let mut bad = s.clone();
        bad[HEADER_LEN + 3] ^= 0x80;
        assert!(matches!(open("pass", &bad), Err(CryptError::Damaged(0))));
    }

    #[test]
    fn a_copy_cut_short_anywhere_is_refused() {
        let key = SealingKey::new("pass").unwrap();
        let s = sealed(&key, &plain(2 * CHUNK));
        // Inside the header, at the chunk edges, inside chunks, and just before the end.
        let chunk = CHUNK + TAG_LEN;
        for cut in [
            0,
            5,
            HEADER_LEN - 1,
            HEADER_LEN,
            HEADER_LEN + 100,
            HEADER_LEN + chunk,
            HEADER_LEN + 2 * chunk,
            s.len() - 1,
        ] {
            let r = open("pass", &s[..cut]);
            assert!(r.is_err(), "cut at {cut} of {} restored", s.len());
        }
        assert!(matches!(
            open("pass", &s[..HEADER_LEN + 2 * chunk]),
            Err(CryptError::Truncated)
        ));
        let mut longer = s.clone();
        longer.push(0);
        assert!(open("pass", &longer).is_err(), "a byte added at the end");
    }

    #[test]
    fn reordered_or_repeated_chunks_are_refused() {
        let key = SealingKey::new("pass").unwrap();
        let s = sealed(&key, &plain(3 * CHUNK + 10));
        let chunk = CHUNK + TAG_LEN;
        let (header, rest) = s.split_at(HEADER_LEN);
        let parts: Vec<&[u8]> = rest.chunks(chunk).collect();
        assert_eq!(parts.len(), 4);
        let swapped = [header, parts[1], parts[0], parts[2], parts[3]].concat();
        assert!(matches!(
            open("pass", &swapped),
            Err(CryptError::Damaged(0))
        ));
        let repeated = [header, parts[0], parts[0], parts[2], parts[3]].concat();
        assert!(matches!(
            open("pass", &repeated),
            Err(CryptError::Damaged(1))
        ));
        // Dropping the last chunk leaves a full chunk at the end: it is not the last one.
        let dropped = [header, parts[0], parts[1], parts[2]].concat();
        assert!(open("pass", &dropped).is_err());
    }

    #[test]
    fn plain_files_and_newer_formats_are_told_apart() {
        assert!(matches!(
            open("p", b"redb file bytes"),
            Err(CryptError::NotEncrypted)
        ));
        let key = SealingKey::new("pass").unwrap();
        let mut s = sealed(&key, b"x");
        s[8] = 9;
        assert!(matches!(open("pass", &s), Err(CryptError::Unsupported(9))));
    }
}
