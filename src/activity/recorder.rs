//! Records the panel's calls from one place: `service` puts an empty [`Pending`] on every `/api`
//! request, the sign-in guard fills it with who is asking and the call's rule, and once the answer
//! is a success `finish` writes the entry before the answer leaves, so the record never misses a
//! change the panel was told had landed.

use super::{Actor, record, words};
use crate::access::rules::Rule;
use crate::store::Store;
use std::sync::{Arc, Mutex, PoisonError};

/// The call a request turned out to be, once the guard has let it through.
#[derive(Debug, Clone)]
pub struct Call {
    pub actor: Actor,
    pub rule: &'static Rule,
    pub path: String,
}

/// The slot on a request, shared by the guard (which fills it) and the service (which records it).
#[derive(Debug, Clone, Default)]
pub struct Pending(Arc<Mutex<Option<Call>>>);

impl Pending {
    pub fn fill(&self, call: Call) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(call);
    }

    fn take(&self) -> Option<Call> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).take()
    }

    /// Whether there is anything to record for an answer of `status`.
    pub fn wants(&self, status: u16) -> bool {
        (200..300).contains(&status)
            && self
                .0
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .as_ref()
                .is_some_and(|c| c.rule.note.is_some())
    }

    /// Writes the entry of a call answered with success (blocking: run off the async workers).
    pub fn finish(&self, store: &Store) {
        let Some(call) = self.take() else {
            return;
        };
        let Some(note) = call.rule.note else {
            return;
        };
        let subject = words::subject(store, &note, &call.path);
        let mut sentence = note.words.replace("{}", &subject);
        if note.action == "changed" && note.kind == "content" {
            let fields = words::changed_fields(store, &call.path);
            if !fields.is_empty() {
                sentence.push_str(": ");
                sentence.push_str(&fields.join("; "));
            }
        }
        record(
            store,
            &call.actor,
            note.kind,
            note.action,
            &subject,
            &sentence,
        );
    }
}
