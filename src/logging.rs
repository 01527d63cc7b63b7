//! The server's log: lines formatted where they happen, gathered in memory and written to stderr
//! 64 kB at a time, or every 200 ms when fewer come.
//!
//! Writing each request's line to stderr on the spot (one `write(2)` per request), or waking a writer
//! thread per line, cost about a quarter of the throughput at full load (docs/performance.md). Here a
//! line costs a short lock and a copy. The request that fills `FLUSH_AT` writes the batch itself
//! (one `write` for some 600 lines), so memory stays bounded however fast lines come; a thread of
//! its own writes what a quiet server gathers, every `FLUSH_EVERY`. The price: a line may reach
//! stderr up to `FLUSH_EVERY` late, and lines of the last moments are lost if the process is killed
//! with SIGKILL. A normal stop writes them all.
//!
//! stderr may be full or closed (the log on the disk that just filled up): the server goes on,
//! and the first warnings and errors of that time are kept in memory (`KEEP_LINES`) and written
//! once stderr takes lines again, so the line that said the disk was full is not the one lost.

use crate::config::{Config, LogFormat};
use anyhow::{Context, Result};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::sync::OnceLock;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};
use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// How long a line may wait in memory before it is written.
const FLUSH_EVERY: Duration = Duration::from_millis(200);
/// Gathered bytes that are written at once, by the writer that gathered the last of them.
const FLUSH_AT: usize = 64 * 1024;
/// Warnings and errors kept while stderr cannot be written, and the bytes they may take.
const KEEP_LINES: usize = 32;
const KEEP_BYTES: usize = 16 * 1024;

/// Starts the log for `serve`. Keep the guard to the end: dropping it writes what is left.
pub fn init(config: &Config) -> Result<Guard> {
    // `Targets` reads "warn" or "studio=debug,warn" like RUST_LOG without EnvFilter's regular
    // expressions (span and field filters), which cost the binary 0.4 MB.
    let filter: Targets = config.log_level.parse().with_context(|| {
        format!(
            "log_level = {:?} is not a valid level or filter",
            config.log_level
        )
    })?;
    let (writer, guard) = Gathered::start(std::io::stderr())?;
    // Colour codes only on a terminal: in journald or a log file they are noise.
    let ansi = std::io::stderr().is_terminal();
    if !ansi {
        let json = config.log_format == LogFormat::Json;
        // Only the first `init` of a process sets it, as only the first sets the subscriber.
        let _ = REQUESTS.set(RequestLog {
            out: writer.clone(),
            json,
        });
    }
    // fmt's own level (INFO unless told) sits under `filter`: left as it is, `log_level = "debug"`
    // showed nothing below INFO. `filter` alone decides.
    let builder = tracing_subscriber::fmt()
        .with_max_level(tracing::level_filters::LevelFilter::TRACE)
        .with_ansi(ansi)
        .with_writer(writer);
    match config.log_format {
        LogFormat::Pretty => builder.finish().with(filter).try_init(),
        LogFormat::Json => builder.json().finish().with(filter).try_init(),
    }
    .map_err(|e| anyhow::anyhow!("starting the log: {e}"))?;
    Ok(guard)
}

/// The longest path written to the log; a longer one is cut, so a client cannot flood the log.
const LOGGED_PATH_MAX: usize = 200;

/// Where request lines go when `init` wrote them itself (not on a terminal, where colours need
/// tracing's own formatter).
static REQUESTS: OnceLock<RequestLog> = OnceLock::new();

struct RequestLog {
    out: Gathered,
    json: bool,
}

/// Logs one answered request: method, path, status and latency, target `studio::request` at INFO.
/// The query string is left out because it may carry a token; headers and bodies (passwords,
/// tokens, messages) are never logged.
///
/// The line is the one tracing's formatter would write (pretty or JSON), but built here: going
/// through the formatter cost 2.4 µs a request, a quarter of all the CPU a page took at full load.
pub fn request(method: &str, path: &str, status: u16, started: Instant) {
    if !tracing::enabled!(target: "studio::request", tracing::Level::INFO) {
        return;
    }
    let latency_ms = (started.elapsed().as_secs_f64() * 10_000.0).round() / 10.0;
    let (path, cut) = match path.char_indices().nth(LOGGED_PATH_MAX) {
        Some((at, _)) => (&path[..at], "..."),
        None => (path, ""),
    };
    let Some(log) = REQUESTS.get() else {
        tracing::info!(
            target: "studio::request",
            method = %method,
            path = %format_args!("{path}{cut}"),
            status,
            latency_ms,
            "request"
        );
        return;
    };
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    LINE.with_borrow_mut(|line| {
        line.clear();
        let fields = Fields {
            method,
            path,
            cut,
            status,
            latency_ms,
        };
        fields.write(line, now, log.json);
        log.out.append(line.as_bytes());
    });
}

/// What a request line says.
struct Fields<'a> {
    method: &'a str,
    path: &'a str,
    /// `...` when the path was cut.
    cut: &'a str,
    status: u16,
    latency_ms: f64,
}

impl Fields<'_> {
    fn write(&self, line: &mut String, now: Duration, json: bool) {
        let Fields {
            method,
            path,
            cut,
            status,
            latency_ms,
        } = self;
        if json {
            line.push_str("{\"timestamp\":\"");
            push_timestamp(line, now);
            line.push_str(
                "\",\"level\":\"INFO\",\"fields\":{\"message\":\"request\",\"method\":\"",
            );
            push_json_text(line, method);
            line.push_str("\",\"path\":\"");
            push_json_text(line, path);
            line.push_str(cut);
            let _ = writeln!(
                line,
                "\",\"status\":{status},\"latency_ms\":{latency_ms:?}}},\"target\":\"studio::request\"}}"
            );
        } else {
            push_timestamp(line, now);
            let _ = writeln!(
                line,
                "  INFO studio::request: request method={method} path={path}{cut} status={status} latency_ms={latency_ms:?}"
            );
        }
    }
}

thread_local! {
    /// The line being built, reused so that a request allocates nothing for its log line.
    static LINE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    /// `YYYY-MM-DDTHH:MM:SS` of the last second a line was written in on this thread.
    static SECOND: std::cell::RefCell<(u64, String)> = const { std::cell::RefCell::new((u64::MAX, String::new())) };
}

/// RFC 3339 in UTC with microseconds, as tracing writes it: `2026-11-21T19:25:03.576508Z`.
fn push_timestamp(line: &mut String, since_epoch: Duration) {
    let secs = since_epoch.as_secs();
    SECOND.with_borrow_mut(|(cached, text)| {
        if *cached != secs {
            let (days, rest) = (secs / 86_400, secs % 86_400);
            let (year, month, day) = civil_from_days(days);
            text.clear();
            let _ = write!(
                text,
                "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
                rest / 3600,
                rest % 3600 / 60,
                rest % 60
            );
            *cached = secs;
        }
        line.push_str(text);
    });
    let _ = write!(line, ".{:06}Z", since_epoch.subsec_micros());
}

/// The date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

/// `text` as the inside of a JSON string.
fn push_json_text(line: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '"' => line.push_str("\\\""),
            '\\' => line.push_str("\\\\"),
            c if c < ' ' => {
                let _ = write!(line, "\\u{:04x}", u32::from(c));
            }
            c => line.push(c),
        }
    }
}

struct Shared {
    lines: Mutex<Vec<u8>>,
    /// Taken before `lines` is let go of, so that batches leave in the order they were gathered;
    /// with it the warnings kept while it failed.
    out: Mutex<Output>,
    stop: Mutex<bool>,
    wake: Condvar,
}

/// Locks a mutex even if a panic left it poisoned: a panic while holding one of these leaves at
/// worst a half line, and the log goes on.
fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shared {
    /// Writes what is gathered, if anything. Batches leave in order: `out` is taken before `lines`
    /// is let go of.
    fn write_gathered(&self, mut lines: MutexGuard<'_, Vec<u8>>) {
        if lines.is_empty() {
            return;
        }
        let batch = std::mem::replace(&mut *lines, Vec::with_capacity(FLUSH_AT));
        let mut out = lock(&self.out);
        drop(lines);
        out.write(&batch);
    }
}

/// stderr, and what could not be written to it.
struct Output {
    to: Box<dyn Write + Send>,
    /// Warnings and errors of batches stderr refused, oldest first, at most `KEEP_LINES`.
    kept: Vec<u8>,
    kept_lines: usize,
    /// Warnings and errors beyond those, given up.
    lost: usize,
}

impl Output {
    fn new(to: Box<dyn Write + Send>) -> Output {
        Output {
            to,
            kept: Vec::new(),
            kept_lines: 0,
            lost: 0,
        }
    }

    fn try_write(&mut self, bytes: &[u8]) -> bool {
        self.to
            .write_all(bytes)
            .and_then(|()| self.to.flush())
            .is_ok()
    }

    /// Writes a batch; when stderr refuses it, its warnings and errors are kept for later and
    /// the rest given up (there is nowhere to report a failing stderr, and the server goes on).
    fn write(&mut self, batch: &[u8]) {
        if !self.kept.is_empty() || self.lost > 0 {
            let mut late = self.kept.clone();
            if self.lost > 0 {
                let _ = writeln!(
                    late,
                    "(and {} more warnings or errors, lost while the log could not be written)",
                    self.lost
                );
            }
            if !self.try_write(&late) {
                self.keep(batch);
                return;
            }
            self.kept.clear();
            self.kept_lines = 0;
            self.lost = 0;
        }
        if !self.try_write(batch) {
            self.keep(batch);
        }
    }

    /// Keeps the warnings and errors of a batch stderr refused, the first ones first.
    fn keep(&mut self, batch: &[u8]) {
        for line in batch.split_inclusive(|&b| b == b'\n') {
            if !important(line) {
                continue;
            }
            if self.kept_lines < KEEP_LINES && self.kept.len() + line.len() <= KEEP_BYTES {
                self.kept.extend_from_slice(line);
                self.kept_lines += 1;
            } else {
                self.lost += 1;
            }
        }
    }
}

/// A warning or an error, as tracing writes it (pretty or JSON); request lines never are.
fn important(line: &[u8]) -> bool {
    let has = |needle: &[u8]| line.windows(needle.len()).any(|w| w == needle);
    has(b" WARN ")
        || has(b" ERROR ")
        || has(b"\"level\":\"WARN\"")
        || has(b"\"level\":\"ERROR\"")
        // With colours (a terminal) the level is wrapped in escape codes.
        || has(b"WARN\x1b")
        || has(b"ERROR\x1b")
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
    /// Starts the timed writer thread over `out`.
    pub fn start(out: impl Write + Send + 'static) -> Result<(Gathered, Guard)> {
        let shared = Arc::new(Shared {
            lines: Mutex::new(Vec::with_capacity(FLUSH_AT)),
            out: Mutex::new(Output::new(Box::new(out))),
            stop: Mutex::new(false),
            wake: Condvar::new(),
        });
        let thread = std::thread::Builder::new()
            .name("studio-log".into())
            .spawn({
                let shared = shared.clone();
                move || write_every_while(&shared)
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

impl Gathered {
    /// Adds `buf` (whole lines) to the batch, writing the batch once it is full.
    fn append(&self, buf: &[u8]) {
        let mut lines = lock(&self.shared.lines);
        lines.extend_from_slice(buf);
        if lines.len() >= FLUSH_AT {
            self.shared.write_gathered(lines);
        }
    }
}

impl Write for Gathered {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.append(buf);
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

/// The timed writer: every `FLUSH_EVERY` until the guard is dropped, then once more.
fn write_every_while(shared: &Shared) {
    loop {
        let stop = lock(&shared.stop);
        let (stop, _) = shared
            .wake
            .wait_timeout_while(stop, FLUSH_EVERY, |stop| !*stop)
            .unwrap_or_else(PoisonError::into_inner);
        let stopping = *stop;
        drop(stop);
        shared.write_gathered(lock(&shared.lines));
        if stopping {
            return;
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        *lock(&self.shared.stop) = true;
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

    /// The line tracing's own formatter writes for the same request, with its timestamp.
    fn tracing_line(json: bool, fields: &Fields<'_>) -> String {
        let sink = Sink::default();
        let writer = {
            let sink = sink.clone();
            move || sink.clone()
        };
        let builder = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_writer(writer);
        let emit = || {
            tracing::info!(
                target: "studio::request",
                method = %fields.method,
                path = %format_args!("{}{}", fields.path, fields.cut),
                status = fields.status,
                latency_ms = fields.latency_ms,
                "request"
            )
        };
        if json {
            tracing::subscriber::with_default(builder.json().finish(), emit);
        } else {
            tracing::subscriber::with_default(builder.finish(), emit);
        }
        String::from_utf8(sink.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn request_lines_are_the_ones_tracing_writes() {
        let now = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap();
        for fields in [
            Fields {
                method: "GET",
                path: "/portfolio",
                cut: "",
                status: 200,
                latency_ms: 0.0,
            },
            Fields {
                method: "POST",
                path: "/api/\"odd\\path\u{1}",
                cut: "...",
                status: 404,
                latency_ms: 12.3,
            },
        ] {
            for json in [false, true] {
                let theirs = tracing_line(json, &fields);
                let mut ours = String::new();
                fields.write(&mut ours, now, json);
                // Same text but for the timestamps, which are 27 characters in both.
                let at = if json { 14 } else { 0 };
                let strip = |line: &str| {
                    let start = at;
                    format!("{}{}", &line[..start], &line[start + 27..])
                };
                assert_eq!(strip(&ours), strip(&theirs), "json: {json}");
                let stamp = &ours[at..at + 27];
                let theirs_stamp = &theirs[at..at + 27];
                assert_eq!(
                    stamp[..10],
                    theirs_stamp[..10],
                    "the same day: {stamp} {theirs_stamp}"
                );
                assert!(
                    stamp.ends_with('Z') && stamp.as_bytes()[19] == b'.',
                    "{stamp}"
                );
            }
        }
    }

    #[test]
    fn dates_are_right_across_leap_days_and_centuries() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_513), (2026, 3, 1));
        assert_eq!(civil_from_days(47_540), (2100, 2, 28));
        assert_eq!(civil_from_days(47_541), (2100, 3, 1));
        let mut line = String::new();
        push_timestamp(&mut line, Duration::new(1_795_289_103, 576_508_000));
        assert_eq!(line, "2026-11-21T19:25:03.576508Z");
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

    /// A stderr that refuses every write while `full` is set, like a log on a full disk.
    #[derive(Clone, Default)]
    struct Full {
        sink: Sink,
        full: Arc<std::sync::atomic::AtomicBool>,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.full.load(std::sync::atomic::Ordering::SeqCst) {
                return Err(std::io::Error::from_raw_os_error(libc::ENOSPC));
            }
            self.sink.write(buf)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn warnings_written_while_stderr_is_full_come_out_once_it_works() {
        let out = Full::default();
        out.full.store(true, std::sync::atomic::Ordering::SeqCst);
        let mut output = Output::new(Box::new(out.clone()));
        output.write(
            b"2026-01-01T00:00:00.000000Z ERROR studio::store: The server's disk is full\n\
              2026-01-01T00:00:00.000000Z  INFO studio::request: request method=GET path=/ status=200\n",
        );
        for i in 0..100 {
            output.write(
                format!("2026-01-01T00:00:01.000000Z  WARN studio: refused {i}\n").as_bytes(),
            );
        }
        assert!(out.sink.0.lock().unwrap().is_empty());
        assert!(output.kept.len() <= KEEP_BYTES);
        out.full.store(false, std::sync::atomic::Ordering::SeqCst);
        output.write(b"2026-01-01T00:00:02.000000Z  WARN studio: writes work again\n");
        let text = String::from_utf8(out.sink.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].ends_with("The server's disk is full"), "{text}");
        assert!(!text.contains("INFO"), "request lines are not kept: {text}");
        assert_eq!(lines.len(), 1 + (KEEP_LINES - 1) + 1 + 1, "{text}");
        assert!(text.contains("69 more warnings or errors, lost"), "{text}");
        assert!(lines[lines.len() - 1].ends_with("writes work again"));
        assert!(output.kept.is_empty() && output.lost == 0);
    }

    #[test]
    fn a_burst_is_written_as_it_comes_and_memory_stays_bounded() {
        let sink = Sink::default();
        let (mut writer, guard) = Gathered::start(sink.clone()).unwrap();
        let line = [b'x'; 99];
        // Ten times the batch size, far faster than the timed writer runs.
        for _ in 0..(10 * FLUSH_AT / 100) {
            writer.write_all(&line).unwrap();
            writer.write_all(b"\n").unwrap();
            assert!(lock(&writer.shared.lines).capacity() <= 2 * FLUSH_AT);
        }
        let written = sink.0.lock().unwrap().len();
        assert!(written >= 9 * FLUSH_AT, "already written: {written}");
        drop(guard);
        assert_eq!(sink.0.lock().unwrap().len(), 10 * FLUSH_AT / 100 * 100);
    }
}
