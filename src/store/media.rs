//! Uploaded files, kept under their content hash: the record in `media_files`, the bytes in pieces
//! in `media_chunks`.
//!
//! redb stores a value in a power-of-two run of pages, so a 600 kB JPEG kept whole took 1 MB and a
//! 12 MP photo's files took twice their size. Pieces of `PIECE` bytes each fill a 16 KiB page, and
//! a photo now costs about its own size (docs/operations.md).

use super::*;

/// A piece and its key fit one 16 KiB page; measured against 4 KiB and 64 KiB pieces, it left the
/// least unused space.
const PIECE: usize = 16_000;

/// The pieces of one file, in order.
fn pieces(name: &str) -> std::ops::RangeInclusive<(&str, u32)> {
    (name, 0)..=(name, u32::MAX)
}

impl Store {
    pub fn put_media(&self, file: &MediaFile) -> Result<()> {
        self.put_media_files(std::slice::from_ref(file))
    }

    /// Stores a processed upload and its variants in one transaction: all of them or none.
    pub fn put_media_files(&self, files: &[MediaFile]) -> Result<()> {
        self.write(|txn| {
            for file in files {
                put_file(txn, file)?;
            }
            Ok(())
        })
    }

    /// A stored file with its bytes.
    pub fn media(&self, name: &str) -> Result<Option<MediaFile>> {
        let txn = self.read_txn()?;
        let Some(mut file) = record(&txn.open_table(MEDIA)?, name)? else {
            return Ok(None);
        };
        // A record of an earlier release carries its bytes; one without them has pieces.
        if file.bytes.is_empty() {
            let chunks = txn.open_table(MEDIA_CHUNKS)?;
            for piece in chunks.range(pieces(name))? {
                file.bytes.extend_from_slice(piece?.1.value());
            }
        }
        Ok(Some(file))
    }

    /// A stored file's record alone (`bytes` empty): what it is, without reading what it holds.
    pub fn media_record(&self, name: &str) -> Result<Option<MediaFile>> {
        let txn = self.read_txn()?;
        record(&txn.open_table(MEDIA)?, name)
    }

    /// The image information of each named file that has some, read in one transaction.
    pub fn media_images<'a>(
        &self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<(String, StoredImage)>> {
        let txn = self.read_txn()?;
        let table = txn.open_table(MEDIA)?;
        let mut found = Vec::new();
        for name in names {
            if let Some(file) = record(&table, name)?
                && let Some(image) = file.image
            {
                found.push((file.name, image));
            }
        }
        Ok(found)
    }

    /// The stored names of every uploaded file.
    pub fn media_names(&self) -> Result<Vec<String>> {
        let txn = self.read_txn()?;
        let table = txn.open_table(MEDIA)?;
        let mut names = Vec::new();
        for entry in table.iter()? {
            let (k, _) = entry?;
            names.push(k.value().to_string());
        }
        Ok(names)
    }
}

fn record(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
    name: &str,
) -> Result<Option<MediaFile>> {
    table
        .get(name)?
        .map(|v| MediaFile::decode(v.value()))
        .transpose()
        .with_context(|| format!("reading media file {name}"))
}

/// Writes one file's record and pieces, replacing whatever was stored under its name (the
/// processed copy of a raw upload takes the raw file's name, and may have fewer pieces).
fn put_file(txn: &WriteTransaction, file: &MediaFile) -> Result<()> {
    let mut chunks = txn.open_table(MEDIA_CHUNKS)?;
    chunks.retain_in(pieces(&file.name), |_, _| false)?;
    for (i, piece) in file.bytes.chunks(PIECE).enumerate() {
        let index = u32::try_from(i).context("a file of over 60 TB")?;
        chunks.insert((file.name.as_str(), index), piece)?;
    }
    txn.open_table(MEDIA)?
        .insert(file.name.as_str(), file.encode()?.as_slice())?;
    Ok(())
}

/// Format 3: moves the bytes of every file an earlier release stored inside its record into
/// pieces, one file at a time within the upgrade's transaction. The pages the old values held are
/// free again after the commit, and the next uploads fill them.
pub(super) fn upgrade_media(txn: &WriteTransaction) -> Result<usize> {
    let names = {
        let table = txn.open_table(MEDIA)?;
        let mut names = Vec::new();
        for entry in table.iter()? {
            let (k, v) = entry?;
            if v.value()
                .first()
                .is_some_and(|&version| version < MediaFile::VERSION)
            {
                names.push(k.value().to_string());
            }
        }
        names
    };
    for name in &names {
        let file = record(&txn.open_table(MEDIA)?, name)?
            .with_context(|| format!("media file {name} vanished during the upgrade"))?;
        put_file(txn, &file).with_context(|| format!("upgrading media file {name}"))?;
    }
    Ok(names.len())
}
