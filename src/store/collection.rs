//! One way to list, create, replace, delete and reorder a versioned record kept by id; each kind of
//! record brings only its table, its list order and, through a rule, what is special about it.
//! Every create, replace and restore writes a revision (src/store/revisions.rs) in the same
//! transaction; the revisions of a record are kept under its table's name and its id.

use super::*;

/// A record kept in a table of its own under a numeric id.
pub trait Record: Versioned + Clone + PartialEq {
    /// Its table; the table's name also names its id counter.
    const TABLE: TableDefinition<'static, u64, &'static [u8]>;

    fn id(&self) -> u64;
    fn set_id(&mut self, id: u64);
    /// Puts a list in the order visitors and the panel see it.
    fn sort(list: &mut [Self]);
    /// Sets the position a reorder gives it; records without an order ignore it.
    fn set_order(&mut self, _order: i64) {}
    /// Its position (0 for records without an order).
    fn order(&self) -> i64 {
        0
    }
}

/// The accessors of a record whose id is its `id` field (`record_fields!(id)`), and, with
/// `order`, whose place in its list is its `order` field: written once for every kind.
macro_rules! record_fields {
    (id) => {
        fn id(&self) -> u64 {
            self.id
        }
        fn set_id(&mut self, id: u64) {
            self.id = id;
        }
    };
    (id, order) => {
        record_fields!(id);
        fn set_order(&mut self, order: i64) {
            self.order = order;
        }
        fn order(&self) -> i64 {
            self.order
        }
    };
}
pub(super) use record_fields;

/// Who saves a record, and which version of it they edited (`None`: whatever is current).
#[derive(Debug, Clone, Copy)]
pub struct Save<'a> {
    pub by: &'a str,
    pub expect: Option<u64>,
}

/// Why a write was refused; the API answers each with a fitting 4xx.
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    NotFound,
    /// Clashes with another record (a slug in use).
    Conflict(String),
    Invalid(String),
    /// The version the client edited is no longer the current one (another tab saved first).
    Stale {
        current: u64,
    },
}

/// A kind's own rule, run inside the write's transaction: sees the record as stored before
/// (`None` on create), the new one (which it may complete) and every other record (which it may
/// change: changed ones are written in the same transaction).
pub type Rule<'a, R> = &'a dyn Fn(Option<&R>, &mut R, &mut [R]) -> Result<(), Refused>;

/// The rule of a kind without rules of its own.
pub fn no_rule<R>(_: Option<&R>, _: &mut R, _: &mut [R]) -> Result<(), Refused> {
    Ok(())
}

impl Store {
    /// Every record of the kind, in its list order.
    pub fn list<R: Record>(&self) -> Result<Vec<R>> {
        let txn = self.read_txn()?;
        let mut all: Vec<R> = match table_to_read(&txn, R::TABLE)? {
            Some(table) => decode_all(R::TABLE.name(), &table, self.strict)?,
            None => Vec::new(),
        };
        R::sort(&mut all);
        Ok(all)
    }

    pub fn get<R: Record>(&self, id: u64) -> Result<Option<R>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, R::TABLE)? else {
            return Ok(None);
        };
        table.get(id)?.map(|v| R::decode(v.value())).transpose()
    }

    /// Stores `record` under a new id, as its version 1; answers it and its version.
    pub fn create<R: Record>(
        &self,
        record: R,
        rule: Rule<'_, R>,
        by: &str,
    ) -> Result<Result<(R, u64), Refused>> {
        self.write(|txn| {
            let others: Vec<R> = decode_all(R::TABLE.name(), &txn.open_table(R::TABLE)?, false)?;
            let mut record = record;
            record.set_id(0);
            match apply_rule(txn, None, &mut record, others, rule)? {
                Err(refused) => Ok(Err(refused)),
                Ok(()) => {
                    record.set_id(next_id(txn, R::TABLE.name())?);
                    put(txn, &record)?;
                    let version = revise(txn, None, &record, by)?;
                    Ok(Ok((record, version)))
                }
            }
        })
    }

    /// Replaces the record with `id` (when `save.expect` is its current version, if given) and
    /// writes its next revision; answers it and its new version.
    pub fn replace<R: Record>(
        &self,
        id: u64,
        record: R,
        rule: Rule<'_, R>,
        save: Save<'_>,
    ) -> Result<Result<(R, u64), Refused>> {
        self.write(|txn| replace_in(txn, id, record, rule, save))
    }

    /// Writes version `version` of record `id` again, as its newest version (a restore can itself
    /// be undone); the record keeps its current place in the list.
    pub fn restore<R: Record>(
        &self,
        id: u64,
        version: u64,
        rule: Rule<'_, R>,
        by: &str,
    ) -> Result<Result<(R, u64), Refused>> {
        self.write(|txn| {
            let kind = R::TABLE.name();
            let Some(current) = txn
                .open_table(R::TABLE)?
                .get(id)?
                .map(|v| R::decode(v.value()))
            else {
                return Ok(Err(Refused::NotFound));
            };
            let current = current?;
            let key = id.to_string();
            let Some(revision) = txn
                .open_table(REVISIONS)?
                .get((kind, key.as_str(), version))?
                .map(|v| Revision::decode(v.value()))
                .transpose()?
            else {
                return Ok(Err(Refused::NotFound));
            };
            let mut record = R::decode(&revision.body)
                .with_context(|| format!("reading version {version} of {kind} {id}"))?;
            record.set_order(current.order());
            replace_in(txn, id, record, rule, Save { by, expect: None })
        })
    }

    /// The kept revisions of the record with `id`, newest first.
    pub fn revisions_of<R: Record>(&self, id: u64) -> Result<Vec<Revision>> {
        self.revisions(R::TABLE.name(), &id.to_string())
    }

    /// One kept revision of the record with `id`.
    pub fn revision_of<R: Record>(&self, id: u64, version: u64) -> Result<Option<Revision>> {
        self.revision(R::TABLE.name(), &id.to_string(), version)
    }

    /// The current version of the record with `id` (1 when it has no revision yet).
    pub fn version_of<R: Record>(&self, id: u64) -> Result<u64> {
        Ok(self
            .revisions(R::TABLE.name(), &id.to_string())?
            .first()
            .map_or(1, |r| r.version))
    }

    /// The current version of every record of the kind, by id.
    pub fn versions<R: Record>(&self) -> Result<std::collections::HashMap<u64, u64>> {
        Ok(self
            .current_versions(R::TABLE.name())?
            .into_iter()
            .filter_map(|(id, v)| Some((id.parse().ok()?, v)))
            .collect())
    }

    /// Deletes the record with `id`; `false` when there is none.
    pub fn delete<R: Record>(&self, id: u64) -> Result<bool> {
        self.write(|txn| {
            let found = txn.open_table(R::TABLE)?.remove(id)?.is_some();
            revisions::forget(txn, R::TABLE.name(), &id.to_string())?;
            Ok(found)
        })
    }

    /// Gives every record its position in `ids` (all ids, each once), in one write; answers the
    /// list in its new order.
    pub fn reorder<R: Record>(&self, ids: &[u64]) -> Result<Result<Vec<R>, Refused>> {
        self.write(|txn| {
            let mut all: Vec<R> = decode_all(R::TABLE.name(), &txn.open_table(R::TABLE)?, false)?;
            let mut wanted = ids.to_vec();
            wanted.sort_unstable();
            let mut have: Vec<u64> = all.iter().map(R::id).collect();
            have.sort_unstable();
            if wanted != have {
                return Ok(Err(Refused::Invalid(
                    "ids must list every id exactly once, in the new order".into(),
                )));
            }
            for record in &mut all {
                let position = ids.iter().position(|&i| i == record.id()).unwrap_or(0);
                record.set_order(position as i64);
                put(txn, record)?;
            }
            R::sort(&mut all);
            Ok(Ok(all))
        })
    }
}

fn replace_in<R: Record>(
    txn: &WriteTransaction,
    id: u64,
    record: R,
    rule: Rule<'_, R>,
    save: Save<'_>,
) -> Result<Result<(R, u64), Refused>> {
    let mut others: Vec<R> = decode_all(R::TABLE.name(), &txn.open_table(R::TABLE)?, false)?;
    let Some(at) = others.iter().position(|r| r.id() == id) else {
        return Ok(Err(Refused::NotFound));
    };
    let old = others.remove(at);
    let key = id.to_string();
    let current = revisions::latest(txn, R::TABLE.name(), &key)?;
    if let Some(expect) = save.expect
        && expect != current.unwrap_or(1)
    {
        return Ok(Err(Refused::Stale {
            current: current.unwrap_or(1),
        }));
    }
    if current.is_none() {
        // A record no revision names yet: what it was becomes version 1, so the save can be undone.
        revise(txn, None, &old, "upgrade")?;
    }
    let mut record = record;
    record.set_id(id);
    match apply_rule(txn, Some(&old), &mut record, others, rule)? {
        Err(refused) => Ok(Err(refused)),
        Ok(()) => {
            put(txn, &record)?;
            let version = revise(txn, Some(&old), &record, save.by)?;
            Ok(Ok((record, version)))
        }
    }
}

/// Writes the record's next revision; `old` is what it was.
pub(super) fn revise<R: Record>(
    txn: &WriteTransaction,
    old: Option<&R>,
    record: &R,
    by: &str,
) -> Result<u64> {
    let before = old.map(revisions::record_json);
    revisions::append(
        txn,
        R::TABLE.name(),
        &record.id().to_string(),
        by,
        record.encode()?,
        before.as_ref(),
        &revisions::record_json(record),
    )
}

fn apply_rule<R: Record>(
    txn: &WriteTransaction,
    old: Option<&R>,
    record: &mut R,
    mut others: Vec<R>,
    rule: Rule<'_, R>,
) -> Result<Result<(), Refused>> {
    let before = others.clone();
    if let Err(refused) = rule(old, record, &mut others) {
        return Ok(Err(refused));
    }
    for (changed, was) in others.iter().zip(&before) {
        if changed != was {
            put(txn, changed)?;
        }
    }
    Ok(Ok(()))
}

/// Writes one record under its id.
pub(super) fn put<R: Record>(txn: &WriteTransaction, record: &R) -> Result<()> {
    txn.open_table(R::TABLE)?
        .insert(record.id(), record.encode()?.as_slice())?;
    Ok(())
}
