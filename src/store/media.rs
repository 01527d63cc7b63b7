//! Uploaded files, kept under their content hash.

use super::*;

impl Store {
    pub fn put_media(&self, file: &MediaFile) -> Result<()> {
        self.put_media_files(std::slice::from_ref(file))
    }

    /// Stores a processed upload and its variants in one transaction: all of them or none.
    pub fn put_media_files(&self, files: &[MediaFile]) -> Result<()> {
        self.write(|txn| {
            let mut table = txn.open_table(MEDIA)?;
            for file in files {
                table.insert(file.name.as_str(), file.encode()?.as_slice())?;
            }
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

    /// The image information of each named file that has some, read in one transaction.
    pub fn media_images<'a>(
        &self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<(String, StoredImage)>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(MEDIA)?;
        let mut found = Vec::new();
        for name in names {
            if let Some(v) = table.get(name)? {
                let file = MediaFile::decode(v.value())
                    .with_context(|| format!("reading media file {name}"))?;
                if let Some(image) = file.image {
                    found.push((file.name, image));
                }
            }
        }
        Ok(found)
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
