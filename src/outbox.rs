//! The one way out for mail: every message (notices, invitations, the daily mail, warnings) waits
//! in one bounded queue, a fixed number of messages and bytes, drained by one sender task with one
//! retry loop. Nothing spawns a task per mail, so a mail server that is down or answers `451` for
//! hours costs at most the queue's bound, however many mails are asked for meanwhile.
//!
//! A mail that does not fit is dropped: counted in the health state (`/api/health` answers it as
//! `mailDropped`, for the Overview) and logged once per burst, not once per mail. Each mail is
//! logged once when it is sent or given up, never per attempt. The records the mail copies (messages, bookings) are already stored, so a
//! dropped or given-up mail loses only the copy.

use crate::health::Health;
use lettre::address::Envelope;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, oneshot};
use tokio::time::Instant;

/// How much may wait at once: messages, and bytes of the formatted mails.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    pub messages: usize,
    pub bytes: usize,
}

/// An invitation is a few kB; a daily mail with many enquiries some tens. A thousand mails or
/// 4 MB, whichever comes first, is more than a studio sends in a day.
pub const BOUNDS: Bounds = Bounds {
    messages: 1000,
    bytes: 4 << 20,
};

/// One mail, formatted, and what the log calls it.
pub struct Letter {
    /// `the invitation "Consultation on ..."`.
    pub what: String,
    pub envelope: Envelope,
    pub bytes: Vec<u8>,
    /// Hears whether the first attempt got through.
    pub first: Option<oneshot::Sender<bool>>,
}

/// What became of the mails so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Waiting or being sent now.
    pub queued: usize,
    pub queued_bytes: usize,
    pub sent: u64,
    pub given_up: u64,
    pub dropped: u64,
}

/// The queue's sending side; cheap to clone and to call from a request handler.
#[derive(Clone)]
pub struct Outbox {
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
    wake: Notify,
    bounds: Bounds,
    health: Arc<Health>,
}

#[derive(Default)]
struct State {
    waiting: VecDeque<Waiting>,
    /// Messages and bytes held, the one being sent included.
    held: usize,
    bytes: usize,
    /// Mails dropped since the queue last had room: logged once when the burst starts and once
    /// when it ends.
    dropping: u64,
    sent: u64,
    given_up: u64,
    dropped: u64,
}

struct Waiting {
    letter: Letter,
    /// Attempts made so far.
    tries: usize,
    due: Instant,
}

impl Outbox {
    /// Starts the one sender task on the current tokio runtime: it tries each mail, then again
    /// after each of `retry_delays`, and counts what is dropped in `health`.
    pub fn start(
        transport: AsyncSmtpTransport<Tokio1Executor>,
        retry_delays: Vec<Duration>,
        bounds: Bounds,
        health: Arc<Health>,
    ) -> Outbox {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            wake: Notify::new(),
            bounds,
            health,
        });
        tokio::spawn(send_all(shared.clone(), transport, retry_delays.into()));
        Outbox { shared }
    }

    /// Queues `letter` when it fits, at once and without waiting; `false` when it was dropped.
    pub fn push(&self, letter: Letter) -> bool {
        let size = letter.bytes.len();
        let bounds = self.shared.bounds;
        {
            let mut state = self.shared.lock();
            if state.held >= bounds.messages || state.bytes.saturating_add(size) > bounds.bytes {
                if state.dropping == 0 {
                    tracing::error!(
                        queued = state.held,
                        bytes = state.bytes,
                        "the mail queue is full; new mails are dropped until it has room \
                         (first dropped: {})",
                        letter.what
                    );
                }
                state.dropping += 1;
                state.dropped += 1;
                drop(state);
                self.shared.health.count_mail_dropped();
                return false;
            }
            if state.dropping > 0 {
                tracing::warn!(
                    dropped = state.dropping,
                    "the mail queue has room again; {} mails were dropped while it was full",
                    state.dropping
                );
                state.dropping = 0;
            }
            state.held += 1;
            state.bytes += size;
            state.waiting.push_back(Waiting {
                letter,
                tries: 0,
                due: Instant::now(),
            });
        }
        self.shared.wake.notify_one();
        true
    }

    pub fn counts(&self) -> Counts {
        let state = self.shared.lock();
        Counts {
            queued: state.held,
            queued_bytes: state.bytes,
            sent: state.sent,
            given_up: state.given_up,
            dropped: state.dropped,
        }
    }
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The first mail that is due, in the order they came; or when the next one will be.
    fn next(&self) -> Result<Waiting, Option<Instant>> {
        let mut state = self.lock();
        let now = Instant::now();
        match state.waiting.iter().position(|w| w.due <= now) {
            Some(i) => state.waiting.remove(i).ok_or(None),
            None => Err(state.waiting.iter().map(|w| w.due).min()),
        }
    }

    /// A mail is done with (sent or given up): its room is free again.
    fn done(&self, w: &Waiting, sent: bool) {
        let mut state = self.lock();
        state.held = state.held.saturating_sub(1);
        state.bytes = state.bytes.saturating_sub(w.letter.bytes.len());
        if sent {
            state.sent += 1;
        } else {
            state.given_up += 1;
        }
    }
}

/// The sender: one mail at a time, the earliest due first; a failed one waits its turn again.
async fn send_all(
    shared: Arc<Shared>,
    transport: AsyncSmtpTransport<Tokio1Executor>,
    delays: Arc<[Duration]>,
) {
    loop {
        let mut w = match shared.next() {
            Ok(w) => w,
            Err(Some(at)) => {
                tokio::select! {
                    _ = tokio::time::sleep_until(at) => {}
                    _ = shared.wake.notified() => {}
                }
                continue;
            }
            Err(None) => {
                shared.wake.notified().await;
                continue;
            }
        };
        let sent = transport
            .send_raw(&w.letter.envelope, &w.letter.bytes)
            .await;
        w.tries += 1;
        if let Some(first) = w.letter.first.take() {
            let _ = first.send(sent.is_ok());
        }
        let error = match sent {
            Ok(_) => {
                tracing::info!(attempts = w.tries, "mailed {}", w.letter.what);
                shared.done(&w, true);
                continue;
            }
            Err(e) => e,
        };
        // A refusal for good (an address the server does not take) is not tried again.
        match delays.get(w.tries - 1).filter(|_| !error.is_permanent()) {
            Some(wait) => {
                w.due = Instant::now() + *wait;
                shared.lock().waiting.push_back(w);
            }
            None => {
                tracing::error!(
                    attempts = w.tries,
                    "gave up mailing {} ({error})",
                    w.letter.what
                );
                shared.done(&w, false);
            }
        }
    }
}
