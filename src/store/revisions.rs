//! Every save of a page record, project, news item, testimonial or hero slide as a numbered
//! revision, in one table keyed by (kind, id, version): the last `KEEP` of each record, with who
//! saved it and which fields changed, so that any save can be looked at and undone.

use super::*;
use serde_json::Value;

/// How many versions of each record are kept.
pub const KEEP: u64 = 50;
/// How many changed paths a revision names.
pub const MAX_CHANGED: usize = 20;

/// Appends version `latest + 1` of (kind, id), naming the leaf paths that differ between `before`
/// and `after`, and drops the versions older than the last `KEEP`; answers the new version.
pub(super) fn append(
    txn: &WriteTransaction,
    kind: &str,
    id: &str,
    saved_by: &str,
    body: Vec<u8>,
    before: Option<&Value>,
    after: &Value,
) -> Result<u64> {
    let version = latest(txn, kind, id)?.map_or(1, |v| v + 1);
    let revision = Revision {
        version,
        saved_at_ms: now_ms(),
        saved_by: saved_by.to_string(),
        changed: before.map(|b| changed_paths(b, after)).unwrap_or_default(),
        body,
    };
    let mut table = txn.open_table(REVISIONS)?;
    table.insert((kind, id, version), revision.encode()?.as_slice())?;
    if version > KEEP {
        let old: Vec<u64> = table
            .range((kind, id, 0)..=(kind, id, version - KEEP))?
            .map(|e| e.map(|(k, _)| k.value().2))
            .collect::<Result<_, _>>()?;
        for v in old {
            table.remove((kind, id, v))?;
        }
    }
    Ok(version)
}

/// The newest version of (kind, id), if it has any.
pub(super) fn latest(txn: &WriteTransaction, kind: &str, id: &str) -> Result<Option<u64>> {
    let table = txn.open_table(REVISIONS)?;
    let last = table
        .range((kind, id, 0)..=(kind, id, u64::MAX))?
        .next_back();
    Ok(match last {
        Some(entry) => Some(entry?.0.value().2),
        None => None,
    })
}

/// Removes every revision of (kind, id): the record itself is gone.
pub(super) fn forget(txn: &WriteTransaction, kind: &str, id: &str) -> Result<()> {
    let mut table = txn.open_table(REVISIONS)?;
    let versions: Vec<u64> = table
        .range((kind, id, 0)..=(kind, id, u64::MAX))?
        .map(|e| e.map(|(k, _)| k.value().2))
        .collect::<Result<_, _>>()?;
    for v in versions {
        table.remove((kind, id, v))?;
    }
    Ok(())
}

impl Store {
    /// The kept revisions of (kind, id), newest (the current one) first.
    pub fn revisions(&self, kind: &str, id: &str) -> Result<Vec<Revision>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, REVISIONS)? else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for entry in table.range((kind, id, 0)..=(kind, id, u64::MAX))?.rev() {
            let (key, v) = entry?;
            let (_, _, version) = key.value();
            let at = format!("{kind} {id} version {version}");
            out.extend(decoded(
                REVISIONS.name(),
                &at,
                Revision::decode(v.value()),
                self.strict,
            )?);
        }
        Ok(out)
    }

    /// One kept revision.
    pub fn revision(&self, kind: &str, id: &str, version: u64) -> Result<Option<Revision>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, REVISIONS)? else {
            return Ok(None);
        };
        table
            .get((kind, id, version))?
            .map(|v| Revision::decode(v.value()))
            .transpose()
    }

    /// The current version of every record of a kind, by id.
    pub fn current_versions(&self, kind: &str) -> Result<std::collections::HashMap<String, u64>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, REVISIONS)? else {
            return Ok(Default::default());
        };
        let mut out = std::collections::HashMap::new();
        for entry in table.range((kind, "", 0)..=(kind, "\u{10ffff}", u64::MAX))? {
            let (key, _) = entry?;
            let (_, id, version) = key.value();
            out.insert(id.to_string(), version);
        }
        Ok(out)
    }
}

/// The leaf paths (`ourStory.paragraphs[1]`) whose values differ; a list whose length changed is
/// named itself; at most `MAX_CHANGED`.
pub fn changed_paths(before: &Value, after: &Value) -> Vec<String> {
    let mut out = Vec::new();
    diff(before, after, "", &mut out);
    out.truncate(MAX_CHANGED);
    out
}

fn diff(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
    if out.len() >= MAX_CHANGED || a == b {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let at = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                diff(
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                    &at,
                    out,
                );
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                diff(p, q, &format!("{path}[{i}]"), out);
            }
        }
        _ => out.push(path.to_string()),
    }
}

/// A stored record as a revision compares it: its fields in the API's camelCase, without the ones
/// the store keeps for itself (id, timestamps, former slugs).
pub fn record_json(record: &impl serde::Serialize) -> Value {
    const INTERNAL: [&str; 4] = ["id", "updated_at_ms", "created_at_ms", "former_slugs"];
    let mut value = serde_json::to_value(record).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.retain(|k, _| !INTERNAL.contains(&k.as_str()));
    }
    camel_keys(value)
}

fn camel_keys(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (camel(&k), camel_keys(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(camel_keys).collect()),
        other => other,
    }
}

fn camel(snake: &str) -> String {
    let mut out = String::with_capacity(snake.len());
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changed_names_leaves_and_lists_whose_length_changed() {
        let a =
            json!({ "seo": { "title": "A", "description": "d" }, "list": [1, 2], "p": ["x", "y"] });
        let b =
            json!({ "seo": { "title": "B", "description": "d" }, "list": [1], "p": ["x", "z"] });
        assert_eq!(changed_paths(&a, &b), vec!["list", "p[1]", "seo.title"]);
        assert!(changed_paths(&a, &a).is_empty());
        let many_a = json!((0..30).map(|i| i.to_string()).collect::<Vec<_>>());
        let many_b = json!((0..30).map(|i| format!("{i}!")).collect::<Vec<_>>());
        assert_eq!(changed_paths(&many_a, &many_b).len(), MAX_CHANGED);
    }

    #[test]
    fn record_json_is_camel_case_without_internal_fields() {
        #[derive(serde::Serialize)]
        struct R {
            id: u64,
            cover_url: String,
            updated_at_ms: u64,
            gallery: Vec<G>,
        }
        #[derive(serde::Serialize)]
        struct G {
            image_url: String,
        }
        let v = record_json(&R {
            id: 1,
            cover_url: "c".into(),
            updated_at_ms: 2,
            gallery: vec![G {
                image_url: "i".into(),
            }],
        });
        assert_eq!(
            v,
            json!({ "coverUrl": "c", "gallery": [{ "imageUrl": "i" }] })
        );
    }
}
