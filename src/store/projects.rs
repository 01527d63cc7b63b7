//! The portfolio projects.

use super::*;

impl Store {
    pub fn projects(&self) -> Result<Vec<Project>> {
        let txn = self.db.begin_read()?;
        let mut projects: Vec<Project> = decode_all(&txn.open_table(PROJECTS)?)?;
        projects.sort_by_key(|p| (p.order, p.id));
        Ok(projects)
    }
}
