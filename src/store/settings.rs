//! The company settings (`company_*` keys) an owner edits.

use super::*;

impl Store {
    /// Every setting, in the order they were first created.
    pub fn settings(&self) -> Result<Vec<Setting>> {
        let txn = self.read_txn()?;
        let table = txn.open_table(SETTINGS)?;
        let mut all = Vec::new();
        for entry in table.iter()? {
            let (key, v) = entry?;
            let setting = decoded(
                SETTINGS.name(),
                &key.value(),
                Setting::decode(v.value()),
                self.strict,
            )?;
            all.extend(setting);
        }
        all.sort_by_key(|s| s.id);
        Ok(all)
    }

    /// Creates or replaces the setting with this key; the id stays when it exists.
    pub fn upsert_setting(&self, key: &str, value: &str, description: &str) -> Result<Setting> {
        self.write(|txn| upsert_setting(txn, key, value, description))
    }
}
