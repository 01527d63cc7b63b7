//! The page records: one per fixed page plus `site` (docs/page-records.md), each saved as a new
//! version with its revision, refused when the client edited an older version.

use super::collection::{Refused, Save};
use super::*;
use serde_json::{Map, Value};

/// The revisions of page records are kept under this kind, by page key.
pub const PAGE_KIND: &str = "pages";

impl Store {
    /// Every page record, by key.
    pub fn pages(&self) -> Result<Vec<PageRecord>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, PAGES)? else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for entry in table.iter()? {
            let (key, v) = entry?;
            let page = decoded(
                PAGES.name(),
                &key.value(),
                PageRecord::decode(v.value()),
                self.strict,
            )?;
            out.extend(page.map(with_new_fields));
        }
        Ok(out)
    }

    pub fn page(&self, key: &str) -> Result<Option<PageRecord>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, PAGES)? else {
            return Ok(None);
        };
        Ok(table
            .get(key)?
            .map(|v| PageRecord::decode(v.value()))
            .transpose()?
            .map(with_new_fields))
    }

    /// Saves new (already validated) content of page `key` as its next version; refused as
    /// `Stale` when `save.expect` is not the current version, and nothing is written.
    pub fn save_page(
        &self,
        key: &str,
        content: &Value,
        save: Save<'_>,
    ) -> Result<Result<PageRecord, Refused>> {
        self.write(|txn| save_in(txn, key, content, save))
    }
}

fn save_in(
    txn: &WriteTransaction,
    key: &str,
    content: &Value,
    save: Save<'_>,
) -> Result<Result<PageRecord, Refused>> {
    let Some(old) = txn
        .open_table(PAGES)?
        .get(key)?
        .map(|v| PageRecord::decode(v.value()))
        .transpose()?
        .map(with_new_fields)
    else {
        return Ok(Err(Refused::NotFound));
    };
    if let Some(expect) = save.expect
        && expect != old.version
    {
        return Ok(Err(Refused::Stale {
            current: old.version,
        }));
    }
    let before: Value = serde_json::from_str(&old.content)
        .with_context(|| format!("reading the stored content of page {key}"))?;
    let text = serde_json::to_string(content).context("encoding a page's content")?;
    let version = revisions::append(
        txn,
        PAGE_KIND,
        key,
        save.by,
        text.clone().into_bytes(),
        Some(&before),
        content,
    )?;
    let record = PageRecord {
        key: key.to_string(),
        version,
        updated_at_ms: now_ms(),
        content: text,
        former_slugs: former_slugs(&old, &before, content),
    };
    txn.open_table(PAGES)?
        .insert(key, record.encode()?.as_slice())?;
    Ok(Ok(record))
}

/// A record saved before its page gained a field (the booking words of `contact`) reads with that
/// field as the seed has it, today's words: an upgrade changes nothing a visitor sees, the editor
/// gets every field, and the record needs no new version (its content is JSON text). The stored
/// bytes are left as they are until the owner saves.
fn with_new_fields(mut record: PageRecord) -> PageRecord {
    let Some(Value::Object(seed)) = crate::site::PAGE_SEED.get(&record.key) else {
        return record;
    };
    let Ok(Value::Object(mut content)) = serde_json::from_str::<Value>(&record.content) else {
        return record;
    };
    let absent: Vec<_> = seed
        .iter()
        .filter(|(name, _)| !content.contains_key(name.as_str()))
        .collect();
    if absent.is_empty() {
        return record;
    }
    for (name, value) in absent {
        content.insert(name.clone(), value.clone());
    }
    if let Ok(text) = serde_json::to_string(&Value::Object(content)) {
        record.content = text;
    }
    record
}

/// A changed top-level `slug` (the founder's address) keeps the old one as a redirect; a slug
/// taken again is no longer a former one.
fn former_slugs(old: &PageRecord, before: &Value, after: &Value) -> Vec<String> {
    let mut former = old.former_slugs.clone();
    let slug = |v: &Value| v.get("slug").and_then(Value::as_str).map(str::to_string);
    if let (Some(was), Some(now)) = (slug(before), slug(after)) {
        if was != now && !former.contains(&was) {
            former.push(was);
        }
        former.retain(|s| *s != now);
    }
    // Links to an address from many renames ago are rare; without a cap each rename would add a
    // redirect for good.
    let over = former.len().saturating_sub(MAX_FORMER_SLUGS);
    former.drain(..over);
    former
}

/// How many former addresses of a page keep redirecting: the newest ones.
pub const MAX_FORMER_SLUGS: usize = 10;

/// The seed as an earlier release showed it: that release's footer opened with the
/// `company_tagline` setting, so an owner's own tagline stays the first line after the upgrade.
pub(super) fn seed_as_shown(txn: &WriteTransaction) -> Result<Map<String, Value>> {
    let mut seed = crate::site::PAGE_SEED.clone();
    let tagline = txn
        .open_table(SETTINGS)?
        .get("company_tagline")?
        .map(|v| Setting::decode(v.value()))
        .transpose()?
        .map(|s| s.value)
        .filter(|t| !t.trim().is_empty());
    if let (Some(tagline), Some(first)) = (
        tagline,
        seed.get_mut("site")
            .and_then(|site| site.get_mut("taglines"))
            .and_then(|lines| lines.get_mut(0)),
    ) {
        *first = Value::String(tagline);
    }
    Ok(seed)
}

/// Gives every page of `seed` that the file lacks its first version, written by `by` ("seed" on
/// a new file, "upgrade" on one of an earlier release).
pub(super) fn seed_pages(
    txn: &WriteTransaction,
    seed: &Map<String, Value>,
    by: &str,
) -> Result<()> {
    for (key, content) in seed {
        if txn.open_table(PAGES)?.get(key.as_str())?.is_some() {
            continue;
        }
        let text = serde_json::to_string(content).context("encoding a seeded page")?;
        let version = revisions::append(
            txn,
            PAGE_KIND,
            key,
            by,
            text.clone().into_bytes(),
            None,
            content,
        )?;
        let record = PageRecord {
            key: key.clone(),
            version,
            updated_at_ms: now_ms(),
            content: text,
            former_slugs: Vec::new(),
        };
        txn.open_table(PAGES)?
            .insert(key.as_str(), record.encode()?.as_slice())?;
    }
    Ok(())
}
