//! Per-connection deadlines and caps, checked by one clock task rather than a timer per request.
//!
//! Each connection carries a deadline in whole seconds of a coarse clock. Reading or writing moves
//! it with a couple of relaxed atomic operations (a per-request hyper timer cost 0.8 µs a request,
//! docs/performance.md). Once a second the clock task shuts down the socket of every connection past
//! its deadline; the task waiting on that socket then sees the end of the stream and lets go.

use crate::service::RequestWatch;
use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::os::fd::{AsRawFd, RawFd};
use std::pin::Pin;
use std::sync::atomic::{AtomicU8, AtomicU32, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::config::Timeouts;

/// Seconds since the clock started, moved by the clock task.
static NOW: AtomicU32 = AtomicU32::new(0);

fn now() -> u32 {
    NOW.load(Relaxed)
}

/// Where a connection is; the deadline a byte sets depends on it.
const HANDSHAKE: u8 = 0;
/// Waiting for the first byte of a request (kept alive).
const IDLE: u8 = 1;
/// A request head is arriving; further bytes do not move the deadline.
const HEAD: u8 = 2;
/// A request is being answered: every byte in or out moves the deadline by `body`.
const BUSY: u8 = 3;
/// HTTP/2: many requests at once, so any byte moves the deadline by `idle`.
const MULTIPLEXED: u8 = 4;

/// The deadlines in whole seconds.
#[derive(Clone, Copy)]
struct Secs {
    head: u32,
    idle: u32,
    body: u32,
    handshake: u32,
}

impl From<Timeouts> for Secs {
    fn from(t: Timeouts) -> Secs {
        let s = |d: Duration| d.as_secs().clamp(1, u32::MAX as u64) as u32;
        Secs {
            head: s(t.head),
            idle: s(t.idle),
            body: s(t.body),
            handshake: s(t.handshake),
        }
    }
}

/// One connection's deadline, shared by its socket wrapper, its request service and the clock.
pub struct Conn {
    deadline: AtomicU32,
    phase: AtomicU8,
    secs: Secs,
}

impl Conn {
    fn set(&self, phase: u8, secs: u32) {
        self.phase.store(phase, Relaxed);
        self.deadline.store(now().saturating_add(secs), Relaxed);
    }

    /// The TLS handshake is done: the connection waits for its first request.
    pub fn handshake_done(&self, multiplexed: bool) {
        if multiplexed {
            self.set(MULTIPLEXED, self.secs.idle);
        } else {
            self.set(IDLE, self.secs.idle);
        }
    }

    fn on_read(&self) {
        match self.phase.load(Relaxed) {
            IDLE => self.set(HEAD, self.secs.head),
            BUSY => self.set(BUSY, self.secs.body),
            MULTIPLEXED => self.set(MULTIPLEXED, self.secs.idle),
            _ => {}
        }
    }

    fn on_write(&self) {
        match self.phase.load(Relaxed) {
            IDLE => self.set(IDLE, self.secs.idle),
            BUSY => self.set(BUSY, self.secs.body),
            MULTIPLEXED => self.set(MULTIPLEXED, self.secs.idle),
            _ => {}
        }
    }
}

impl RequestWatch for Conn {
    /// A request head has arrived: from now on its body and its answer must keep moving.
    fn request_started(&self) {
        if self.phase.load(Relaxed) != MULTIPLEXED {
            self.set(BUSY, self.secs.body);
        }
    }

    /// The answer's head is ready: the connection is idle again once it is written.
    fn request_answered(&self) {
        if self.phase.load(Relaxed) != MULTIPLEXED {
            self.set(IDLE, self.secs.idle);
        }
    }
}

/// How many connections are allowed, in total and per client address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    pub total: usize,
    pub per_address: usize,
}

impl Caps {
    /// Sized from the open-files limit: a reserve for the data file, the log, the listeners and
    /// outgoing connections, and an eighth of the rest for any one address (at least 8, at most 256).
    pub fn from_open_files(limit: u64) -> Caps {
        let limit = limit.min(1 << 20) as usize;
        let reserve = (limit / 16).clamp(32, 1024);
        let total = limit.saturating_sub(reserve).max(16);
        Caps {
            total,
            per_address: (total / 8).clamp(8, 256),
        }
    }
}

struct Entry {
    fd: RawFd,
    /// The client's [`crate::limits::limit_key`], which the per-address cap counts.
    key: IpAddr,
    conn: Arc<Conn>,
}

#[derive(Default)]
struct Inner {
    next: u64,
    conns: HashMap<u64, Entry>,
    per_address: HashMap<IpAddr, usize>,
}

/// Every open connection of one server, with its caps and deadlines.
pub struct Registry {
    inner: Mutex<Inner>,
    caps: Caps,
    secs: Secs,
    /// Addresses the per-address cap does not apply to (a proxy in front carries many visitors).
    exempt: Vec<IpAddr>,
}

impl Registry {
    /// A registry whose clock task runs as long as the registry does.
    pub fn start(caps: Caps, timeouts: Timeouts, exempt: Vec<IpAddr>) -> Arc<Registry> {
        tick_clock();
        let registry = Arc::new(Registry {
            inner: Mutex::new(Inner::default()),
            caps,
            secs: timeouts.into(),
            exempt,
        });
        let weak = Arc::downgrade(&registry);
        tokio::spawn(sweep(weak));
        registry
    }

    pub fn caps(&self) -> Caps {
        self.caps
    }

    /// Admits a new connection, or `None` when its address or the server is at its cap (the
    /// caller then drops the socket at once). `tls` starts it with the handshake deadline.
    pub fn admit(
        self: &Arc<Registry>,
        socket: &impl AsRawFd,
        ip: IpAddr,
        tls: bool,
    ) -> Option<Guard> {
        let (phase, secs) = if tls {
            (HANDSHAKE, self.secs.handshake)
        } else {
            // The first request's head starts with the connection.
            (HEAD, self.secs.head)
        };
        let conn = Arc::new(Conn {
            deadline: AtomicU32::new(now().saturating_add(secs)),
            phase: AtomicU8::new(phase),
            secs: self.secs,
        });
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if inner.conns.len() >= self.caps.total {
            return None;
        }
        let exempt = self.exempt.contains(&ip);
        // Counted as every per-client limit counts: an IPv6 client by its /64.
        let key = crate::limits::limit_key(ip);
        let count = inner.per_address.entry(key).or_default();
        if !exempt && *count >= self.caps.per_address {
            return None;
        }
        *count += 1;
        inner.next += 1;
        let id = inner.next;
        inner.conns.insert(
            id,
            Entry {
                fd: socket.as_raw_fd(),
                key,
                conn: conn.clone(),
            },
        );
        Some(Guard {
            id,
            registry: self.clone(),
            conn,
        })
    }

    /// How many connections are open.
    pub fn open(&self) -> usize {
        self.inner.lock().map(|i| i.conns.len()).unwrap_or(0)
    }

    fn expire(&self) -> usize {
        let now = now();
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let mut closed = 0;
        for entry in inner.conns.values() {
            if entry.conn.deadline.load(Relaxed) <= now {
                // The socket stays open (its entry is removed before it is closed, under this
                // lock), so this fd is still the connection's own. Shutting it down wakes the
                // task reading it with the end of the stream.
                // SAFETY: shutdown on a descriptor this process holds open has no memory effects.
                unsafe { libc::shutdown(entry.fd, libc::SHUT_RDWR) };
                entry.conn.deadline.store(u32::MAX, Relaxed);
                closed += 1;
            }
        }
        closed
    }
}

/// Moves the coarse clock; every registry's clock task calls it each second, and `start` at once so
/// that a new registry never sets deadlines from a stale clock.
fn tick_clock() {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    let epoch = EPOCH.get_or_init(Instant::now);
    NOW.fetch_max(epoch.elapsed().as_secs() as u32, Relaxed);
}

async fn sweep(registry: Weak<Registry>) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Some(registry) = registry.upgrade() else {
            return;
        };
        tick_clock();
        let closed = registry.expire();
        if closed > 0 {
            tracing::debug!("closed {closed} connections past their deadline");
        }
    }
}

/// A connection's place in the registry; dropping it frees the place. It must be dropped before
/// the socket is closed (see `Guarded`).
pub struct Guard {
    id: u64,
    registry: Arc<Registry>,
    conn: Arc<Conn>,
}

impl Guard {
    pub fn conn(&self) -> &Arc<Conn> {
        &self.conn
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        let mut inner = self
            .registry
            .inner
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = inner.conns.remove(&self.id)
            && let Some(count) = inner.per_address.get_mut(&entry.key)
        {
            *count -= 1;
            if *count == 0 {
                inner.per_address.remove(&entry.key);
            }
        }
    }
}

/// A socket whose reads and writes move its connection's deadline.
pub struct Guarded<S> {
    // Declared first so that it is dropped first: the registry forgets the fd before it is closed.
    guard: Guard,
    io: S,
}

impl<S> Guarded<S> {
    pub fn new(guard: Guard, io: S) -> Guarded<S> {
        Guarded { guard, io }
    }

    pub fn conn(&self) -> &Arc<Conn> {
        &self.guard.conn
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.io).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.guard.conn.on_read();
        }
        polled
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.io).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.guard.conn.on_write();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.guard.conn.on_write();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_leave_a_reserve_and_share_the_rest() {
        let c = Caps::from_open_files(1024);
        assert_eq!(c.total, 960);
        assert_eq!(c.per_address, 120);
        let big = Caps::from_open_files(1 << 20);
        assert_eq!(big.per_address, 256);
        assert!(Caps::from_open_files(10).total >= 16);
    }

    #[tokio::test]
    async fn an_ipv6_client_is_capped_per_64() {
        let caps = Caps {
            total: 16,
            per_address: 2,
        };
        let timeouts = Timeouts {
            head: Duration::from_secs(20),
            idle: Duration::from_secs(60),
            body: Duration::from_secs(30),
            handshake: Duration::from_secs(10),
        };
        let registry = Registry::start(caps, timeouts, Vec::new());
        let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
        let admit = |ip: &str| registry.admit(&socket, ip.parse().unwrap(), false);
        let a = admit("2001:db8:1:1::1").expect("first");
        let _b = admit("2001:db8:1:1::2").expect("second");
        assert!(
            admit("2001:db8:1:1:ffff::3").is_none(),
            "the same /64 is one client"
        );
        assert!(admit("2001:db8:1:2::1").is_some(), "another /64 is another");
        drop(a);
        assert!(
            admit("2001:db8:1:1::9").is_some(),
            "a closed connection frees its place"
        );
    }

    #[test]
    fn a_head_does_not_move_its_deadline_but_a_body_does() {
        let conn = Conn {
            deadline: AtomicU32::new(0),
            phase: AtomicU8::new(IDLE),
            secs: Secs {
                head: 20,
                idle: 60,
                body: 30,
                handshake: 10,
            },
        };
        let at = |c: &Conn| c.deadline.load(Relaxed) - now();
        conn.on_read();
        assert_eq!(at(&conn), 20, "the first byte starts the head's deadline");
        conn.deadline.store(now() + 5, Relaxed);
        conn.on_read();
        assert_eq!(at(&conn), 5, "more of the head moves nothing");
        conn.request_started();
        conn.on_read();
        assert_eq!(at(&conn), 30, "body bytes keep it alive");
        conn.request_answered();
        assert_eq!(at(&conn), 60, "then it idles");
    }
}
