//! The server's log: lines formatted where they happen, gathered in memory and written to stderr by
//! a thread of its own a few times a second.
//!
//! Writing each request's line to stderr on the spot (one `write(2)` per request), or waking a writer
//! thread per line, cost about a quarter of the throughput at full load (docs/performance.md). Here a
//! line costs a short lock and a copy; the writer wakes every `FLUSH_EVERY`, or sooner when a burst
//! has filled `FLUSH_AT`. The price: a line reaches stderr up to `FLUSH_EVERY` late, and lines of the
//! last moments are lost if the process is killed with SIGKILL. A normal stop writes them all.

use crate::config::{Config, LogFormat};
use anyhow::{Context, Result};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;
use tracing_subscriber::fmt::MakeWriter;

/// How long a line may wait in memory before it is written.
const FLUSH_EVERY: Duration = Duration::from_millis(200);
/// Gathered bytes that make the writer go at once.
const FLUSH_AT: usize = 64 * 1024;
/// Gathered bytes past which new lines are dropped (and counted) rather than memory grown: only
/// reached when stderr stops taking lines (a log reader that hangs).
const HOLD_AT_MOST: usize = 4 * 1024 * 1024;

/// Starts the log for `serve`. Keep the guard to the end: dropping it writes what is left.
pub fn init(config: &Config) -> Result<Guard> {
    let filter = tracing_subscriber::EnvFilter::try_new(&config.log_level).with_context(|| {
        format!(
            "log_level = {:?} is not a valid level or filter",
            config.log_level
        )
    })?;
    let (writer, guard) = Gathered::start(std::io::stderr())?;
    // Colour codes only on a terminal: in journald or a log file they are noise.
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(writer);
    match config.log_format {
        LogFormat::Pretty => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    }
    .map_err(|e| anyhow::anyhow!("starting the log: {e}"))?;
    Ok(guard)
}

struct Shared {
    lines: Mutex<Vec<u8>>,
    wake: Condvar,
    stopping: AtomicBool,
    dropped: AtomicU64,
}

impl Shared {
    fn lines(&self) -> MutexGuard<'_, Vec<u8>> {
        // A panic while holding the lock leaves at worst a half line; the log goes on.
        self.lines.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The writer tracing formats into; cheap to clone.
#[derive(Clone)]
pub struct Gathered {
    shared: Arc<Shared>,
}

/// Writes what is gathered and stops the writer thread when dropped.
pub struct Guard {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Gathered {
    /// Starts the writer thread over `out`.
    pub fn start(out: impl Write + Send + 'static) -> Result<(Gathered, Guard)> {
        let shared = Arc::new(Shared {
            lines: Mutex::new(Vec::with_capacity(FLUSH_AT)),
            wake: Condvar::new(),
            stopping: AtomicBool::new(false),
            dropped: AtomicU64::new(0),
        });
        let thread = std::thread::Builder::new()
            .name("studio-log".into())
            .spawn({
                let shared = shared.clone();
                move || write_out(&shared, out)
            })
            .context("starting the log writer thread")?;
        Ok((
            Gathered {
                shared: shared.clone(),
            },
            Guard {
                shared,
                thread: Some(thread),
            },
        ))
    }
}

impl Write for Gathered {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut lines = self.shared.lines();
        if lines.len() + buf.len() > HOLD_AT_MOST {
            self.shared.dropped.fetch_add(1, Ordering::Relaxed);
            return Ok(buf.len());
        }
        lines.extend_from_slice(buf);
        if lines.len() >= FLUSH_AT {
            self.shared.wake.notify_one();
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Gathered {
    type Writer = Gathered;

    fn make_writer(&'a self) -> Gathered {
        self.clone()
    }
}

/// The writer thread: swaps the gathered bytes out under the lock and writes them without it.
fn write_out(shared: &Shared, mut out: impl Write) {
    let mut batch = Vec::with_capacity(FLUSH_AT);
    loop {
        let stopping = {
            let lines = shared.lines();
            let (mut lines, _) = shared
                .wake
                .wait_timeout_while(lines, FLUSH_EVERY, |lines| {
                    lines.len() < FLUSH_AT && !shared.stopping.load(Ordering::Acquire)
                })
                .unwrap_or_else(PoisonError::into_inner);
            std::mem::swap(&mut *lines, &mut batch);
            shared.stopping.load(Ordering::Acquire)
        };
        let dropped = shared.dropped.swap(0, Ordering::Relaxed);
        if dropped > 0 {
            batch.extend_from_slice(
                format!("studio: {dropped} log lines dropped: stderr was not taking them\n")
                    .as_bytes(),
            );
        }
        if !batch.is_empty() {
            // Nowhere to report a failing stderr; the lines are given up and the server goes on.
            let _ = out.write_all(&batch).and_then(|()| out.flush());
            batch.clear();
        }
        if stopping && shared.lines().is_empty() {
            return;
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        self.shared.stopping.store(true, Ordering::Release);
        self.shared.wake.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `Write` the test can read back.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn every_line_is_written_in_order_by_the_time_the_guard_is_dropped() {
        let sink = Sink::default();
        let (writer, guard) = Gathered::start(sink.clone()).unwrap();
        let threads: Vec<_> = (0..4)
            .map(|t| {
                let mut w = writer.make_writer();
                std::thread::spawn(move || {
                    for i in 0..2000 {
                        w.write_all(format!("thread {t} line {i}\n").as_bytes())
                            .unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        drop(guard);
        let out = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert_eq!(out.lines().count(), 8000);
        for t in 0..4 {
            let mine: Vec<_> = out
                .lines()
                .filter(|l| l.starts_with(&format!("thread {t} ")))
                .collect();
            let expected: Vec<_> = (0..2000).map(|i| format!("thread {t} line {i}")).collect();
            assert_eq!(mine, expected);
        }
    }

    #[test]
    fn a_stuck_stderr_costs_lines_not_memory_and_says_so() {
        /// Takes nothing until the test lets it go.
        struct Stuck(Arc<(Mutex<bool>, Condvar)>, Sink);
        impl Write for Stuck {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                let (open, cv) = &*self.0;
                let _open = cv.wait_while(open.lock().unwrap(), |open| !*open).unwrap();
                self.1.write(buf)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let sink = Sink::default();
        let (mut writer, guard) = Gathered::start(Stuck(gate.clone(), sink.clone())).unwrap();
        let line = [b'x'; 1023];
        // Enough to fill the first batch (which the writer then holds, stuck) and the whole
        // allowance behind it, and then some.
        for _ in 0..(2 * HOLD_AT_MOST / 1024 + 100) {
            writer.write_all(&line).unwrap();
            writer.write_all(b"\n").unwrap();
        }
        assert!(writer.shared.lines().len() <= HOLD_AT_MOST);
        assert!(writer.shared.dropped.load(Ordering::Relaxed) > 0);
        *gate.0.lock().unwrap() = true;
        gate.1.notify_all();
        drop(guard);
        let out = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert!(out.contains("log lines dropped: stderr was not taking them"));
    }
}
