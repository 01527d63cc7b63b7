//! One way to list, create, replace, delete and reorder a versioned record kept by id; each kind of
//! record brings only its table, its list order and, through a rule, what is special about it.

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
}

/// Why a write was refused; the API answers each with a fitting 4xx.
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    NotFound,
    /// Clashes with another record (a slug in use).
    Conflict(String),
    Invalid(String),
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
        let txn = self.db.begin_read()?;
        let mut all: Vec<R> = match open_to_read::<R>(&txn)? {
            Some(table) => decode_all(&table)?,
            None => Vec::new(),
        };
        R::sort(&mut all);
        Ok(all)
    }

    pub fn get<R: Record>(&self, id: u64) -> Result<Option<R>> {
        let txn = self.db.begin_read()?;
        let Some(table) = open_to_read::<R>(&txn)? else {
            return Ok(None);
        };
        table.get(id)?.map(|v| R::decode(v.value())).transpose()
    }

    /// Stores `record` under a new id.
    pub fn create<R: Record>(&self, record: R, rule: Rule<'_, R>) -> Result<Result<R, Refused>> {
        self.write(|txn| {
            let others: Vec<R> = decode_all(&txn.open_table(R::TABLE)?)?;
            let mut record = record;
            record.set_id(0);
            match apply_rule(txn, None, &mut record, others, rule)? {
                Err(refused) => Ok(Err(refused)),
                Ok(()) => {
                    record.set_id(next_id(txn, R::TABLE.name())?);
                    put(txn, &record)?;
                    Ok(Ok(record))
                }
            }
        })
    }

    /// Replaces the record with `id`.
    pub fn replace<R: Record>(
        &self,
        id: u64,
        record: R,
        rule: Rule<'_, R>,
    ) -> Result<Result<R, Refused>> {
        self.write(|txn| {
            let mut others: Vec<R> = decode_all(&txn.open_table(R::TABLE)?)?;
            let Some(at) = others.iter().position(|r| r.id() == id) else {
                return Ok(Err(Refused::NotFound));
            };
            let old = others.remove(at);
            let mut record = record;
            record.set_id(id);
            match apply_rule(txn, Some(&old), &mut record, others, rule)? {
                Err(refused) => Ok(Err(refused)),
                Ok(()) => {
                    put(txn, &record)?;
                    Ok(Ok(record))
                }
            }
        })
    }

    /// Deletes the record with `id`; `false` when there is none.
    pub fn delete<R: Record>(&self, id: u64) -> Result<bool> {
        self.write(|txn| Ok(txn.open_table(R::TABLE)?.remove(id)?.is_some()))
    }

    /// Gives every record its position in `ids` (all ids, each once), in one write; answers the
    /// list in its new order.
    pub fn reorder<R: Record>(&self, ids: &[u64]) -> Result<Result<Vec<R>, Refused>> {
        self.write(|txn| {
            let mut all: Vec<R> = decode_all(&txn.open_table(R::TABLE)?)?;
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

/// The kind's table, or `None` in a file an earlier release wrote and that was read without being
/// opened for writing (the restore check): it holds none of those records.
fn open_to_read<R: Record>(
    txn: &redb::ReadTransaction,
) -> Result<Option<redb::ReadOnlyTable<u64, &'static [u8]>>> {
    match txn.open_table(R::TABLE) {
        Ok(table) => Ok(Some(table)),
        Err(redb::TableError::TableDoesNotExist(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
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
