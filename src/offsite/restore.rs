//! The command line's side of off-site copies, with the server stopped: list them, or bring one
//! back (download beside the data file, decrypt, check, put in place).

use super::s3::{S3Error, Storage};
use super::{Copy, NOW_RETRIES, crypt, our_copies, retry};
use crate::config::{Config, OffsiteConfig};
use anyhow::{Context, Result, anyhow, bail};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

fn storage(config: &Config) -> Result<(&OffsiteConfig, Storage)> {
    let offsite = config.offsite.as_ref().ok_or_else(|| {
        anyhow!("[offsite] is not configured (see studio.toml and docs/operations.md)")
    })?;
    Ok((offsite, Storage::new(offsite)?))
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")
}

async fn list(offsite: &OffsiteConfig, storage: &Storage) -> Result<Vec<Copy>> {
    let objects = retry(&NOW_RETRIES, "listing the off-site copies", || {
        storage.list(&offsite.prefix)
    })
    .await?;
    Ok(our_copies(&offsite.prefix, objects))
}

/// `studio backups list --offsite`: the copies, oldest first.
pub fn list_copies(config: &Config) -> Result<Vec<Copy>> {
    let (offsite, storage) = storage(config)?;
    runtime()?.block_on(list(offsite, &storage))
}

/// Removes a temporary file when dropped.
struct Temp(PathBuf);

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn beside(data: &Path, what: &str) -> Temp {
    let mut name = data.as_os_str().to_owned();
    name.push(format!(".{what}-{}", std::process::id()));
    Temp(PathBuf::from(name))
}

/// `studio restore --offsite latest|NAME`: downloads the copy beside the data file, opens it,
/// checks it, and puts it in place (the old file kept as `<data>.bak-<time>`). Any failure
/// leaves the data file as it was. Returns the copy's name and where the old file was kept.
pub fn restore(config: &Config, which: &str) -> Result<(String, Option<PathBuf>)> {
    let (offsite, storage) = storage(config)?;
    let data = &config.data;
    // The data file is not even opened until the copy has proved whole: opening a redb file
    // rewrites some of its bookkeeping, and a failed restore must leave every byte as it was.
    let rt = runtime()?;
    let copies = rt.block_on(list(offsite, &storage))?;
    let copy = match which {
        "latest" => copies.last().ok_or_else(|| {
            anyhow!(
                "there is no off-site copy under {:?} in bucket {}",
                offsite.prefix,
                offsite.bucket
            )
        })?,
        name => {
            let name = name.strip_prefix(offsite.prefix.as_str()).unwrap_or(name);
            copies.iter().find(|c| c.name == name).ok_or_else(|| {
                anyhow!("there is no off-site copy named {name}; `studio backups list --offsite` lists them")
            })?
        }
    };
    let key = format!("{}{}", offsite.prefix, copy.name);
    let download = beside(data, "offsite-download");
    rt.block_on(async {
        retry(
            &NOW_RETRIES,
            &format!("downloading {}", copy.name),
            || async {
                let file = crate::private_files::create(&download.0).map_err(|e| {
                    S3Error::Other(format!("creating {}: {e}", download.0.display()))
                })?;
                let mut file = tokio::fs::File::from_std(file);
                storage.get_to_file(&key, &mut file).await?;
                file.sync_all()
                    .await
                    .map_err(|e| S3Error::Other(format!("writing the download: {e}")))
            },
        )
        .await
    })
    .with_context(|| format!("cannot download {}; the data file is untouched", copy.name))?;
    let plain = beside(data, "offsite-restore");
    open_copy(offsite, &download.0, &plain.0)
        .with_context(|| format!("cannot restore {}; the data file is untouched", copy.name))?;
    drop(download);
    let kept = crate::backup::restore(&plain.0, data)
        .with_context(|| format!("cannot restore {}; the data file is untouched", copy.name))?;
    Ok((copy.name.clone(), kept))
}

/// Decrypts (or, for a copy sent with `encrypt = false`, copies) `src` into `dest`.
fn open_copy(offsite: &OffsiteConfig, src: &Path, dest: &Path) -> Result<()> {
    let mut input = std::io::BufReader::with_capacity(
        crypt::CHUNK,
        File::open(src).with_context(|| format!("opening {}", src.display()))?,
    );
    let mut start = [0u8; 8];
    let n = input.read(&mut start).context("reading the download")?;
    input
        .seek_relative(-(n as i64))
        .context("reading the download")?;
    let mut out = std::io::BufWriter::with_capacity(
        crypt::CHUNK,
        crate::private_files::create(dest)
            .with_context(|| format!("creating {}", dest.display()))?,
    );
    if crypt::is_encrypted(&start[..n]) {
        let passphrase = offsite.passphrase.as_ref().ok_or_else(|| {
            anyhow!("the copy is encrypted: set passphrase_file (or STUDIO_OFFSITE_PASSPHRASE)")
        })?;
        crypt::decrypt(passphrase.expose(), &mut input, &mut out)?;
    } else if offsite.encrypt {
        bail!(
            "it is not an encrypted studio copy (with encrypt = true, only sealed copies are restored)"
        );
    } else {
        std::io::copy(&mut input, &mut out).context("copying the download")?;
    }
    let file = out
        .into_inner()
        .map_err(|e| anyhow!("writing {}: {}", dest.display(), e.error()))?;
    file.sync_all().context("writing the restored file")?;
    Ok(())
}
