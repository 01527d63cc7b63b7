//! Uploaded files, kept under their content hash.

use super::*;

impl Store {
    pub fn put_media(&self, file: &MediaFile) -> Result<()> {
        self.write(|txn| {
            txn.open_table(MEDIA)?
                .insert(file.name.as_str(), file.encode()?.as_slice())?;
            Ok(())
        })
    }

    pub fn media(&self, name: &str) -> Result<Option<MediaFile>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(MEDIA)?;
        table
            .get(name)?
            .map(|v| MediaFile::decode(v.value()))
            .transpose()
    }

    /// The stored names of every uploaded file.
    pub fn media_names(&self) -> Result<Vec<String>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(MEDIA)?;
        let mut names = Vec::new();
        for entry in table.iter()? {
            let (k, _) = entry?;
            names.push(k.value().to_string());
        }
        Ok(names)
    }
}
