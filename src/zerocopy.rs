//! The connection's socket, with large embedded bodies handed to the kernel by `sendfile(2)`
//! instead of copied into the socket on every request.
//!
//! Copying a 50 kB script into the socket was a fifth of the server's time at full load, while
//! nginx sends its files with `sendfile` (docs/performance.md). At start-up the bodies of
//! `MIN_LEN` or more of the UI build (every encoding, 0.8 MB) are written once to an unnamed file;
//! when hyper then writes one of those bodies, `Socket` sends it from that file at the matching
//! offset. Sending straight from the executable's own file was tried too, and took three times
//! longer than copying. The pages rendered while the server runs (src/render/) are copied the same
//! way when they are made ([`register`]), each into a file of its own that goes with the page.
//! Linux only; elsewhere, or when no such file can be made, every write is an ordinary one.

use bytes::Bytes;
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// Bodies shorter than this are copied: for them one write of head and body costs less than two
/// system calls.
pub const MIN_LEN: usize = 16 * 1024;

/// A connection's TCP stream.
pub struct Socket {
    stream: TcpStream,
    #[cfg(target_os = "linux")]
    copies: Option<&'static linux::Copies>,
}

impl Socket {
    pub fn new(stream: TcpStream) -> Socket {
        Socket {
            stream,
            #[cfg(target_os = "linux")]
            copies: linux::Copies::get(),
        }
    }
}

/// Bodies made while the server runs, sent from a file of their own while this lives: it holds
/// the bodies themselves, so that their memory cannot be reused while they are found by address.
pub struct Registered {
    #[cfg(target_os = "linux")]
    _copies: Option<linux::Registration>,
}

/// Copies those of `bodies` of `MIN_LEN` or more into an unnamed file, to be sent from there
/// while the result lives. Made once per rendered page, never per request; on failure the bodies
/// are simply written as they are.
pub fn register(bodies: impl IntoIterator<Item = Bytes>) -> Registered {
    let large: Vec<Bytes> = bodies.into_iter().filter(|b| b.len() >= MIN_LEN).collect();
    #[cfg(target_os = "linux")]
    return Registered {
        _copies: (!large.is_empty())
            .then(|| linux::Registration::new(large))
            .and_then(|made| {
                made.map_err(|e| tracing::debug!("a page is copied, not sent from a file: {e}"))
                    .ok()
            }),
    };
    #[cfg(not(target_os = "linux"))]
    {
        drop(large);
        Registered {}
    }
}

/// Makes the copies now rather than on the first connection; returns their size in bytes.
pub fn warm() -> u64 {
    #[cfg(target_os = "linux")]
    return linux::Copies::get().map_or(0, |c| c.size);
    #[cfg(not(target_os = "linux"))]
    0
}

impl AsyncRead for Socket {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Socket {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        #[cfg(target_os = "linux")]
        if let Some((at, file, offset)) = this
            .copies
            .and_then(|copies| copies.find(bufs).map(|(at, off)| (at, copies.fd(), off)))
            .or_else(|| linux::find_registered(bufs))
        {
            // The slices before the body (the response head) first, with MSG_MORE so that they
            // leave in one packet with it; then the body from the file. Like any write this may
            // take only part: hyper calls again with the rest, which is found the same way.
            return match at {
                0 => linux::poll_sendfile(&this.stream, &file, cx, offset, bufs[0].len()),
                1 => linux::poll_send_more(&this.stream, cx, &bufs[0]),
                _ => Pin::new(&mut this.stream).poll_write_vectored(cx, &bufs[..at]),
            };
        }
        Pin::new(&mut this.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        // hyper then keeps the body as it is rather than copying it into its own buffer, which
        // is what lets `find` recognise it.
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use super::MIN_LEN;
    use bytes::Bytes;
    use std::fs::File;
    use std::io::{self, IoSlice, Write};
    use std::os::fd::{AsRawFd, FromRawFd, RawFd};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::{Arc, LazyLock, RwLock};
    use std::task::{Context, Poll};
    use tokio::io::Interest;
    use tokio::net::TcpStream;

    /// The unnamed file and where each body's copy starts in it.
    pub struct Copies {
        file: File,
        /// Sorted by `start`; bodies never overlap.
        bodies: Vec<Body>,
        pub size: u64,
    }

    /// A body at addresses `start..end` whose copy is at `offset` in the file.
    struct Body {
        start: usize,
        end: usize,
        offset: u64,
    }

    static COPIES: LazyLock<Option<Copies>> =
        LazyLock::new(
            || match Copies::make(crate::ui_build::assets::bodies(MIN_LEN)) {
                Ok(copies) => Some(copies),
                Err(e) => {
                    tracing::warn!(
                        "large files are copied to each connection, not sent from a file: {e}"
                    );
                    None
                }
            },
        );

    /// A file with no name that goes away with the process: in the temporary directory, so that
    /// its pages are ordinary page cache; failing that (a file system without O_TMPFILE), in
    /// memory, from which sendfile is slower (it measured 10.3 against 9.5 µs a request for the
    /// 50 kB script) but still faster than copying.
    fn unnamed_file() -> io::Result<File> {
        use std::os::unix::fs::OpenOptionsExt;
        let dir = std::env::temp_dir();
        let on_disk = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .mode(0o600)
            .custom_flags(libc::O_TMPFILE)
            .open(&dir);
        match on_disk {
            Ok(file) => Ok(file),
            Err(e) => {
                tracing::debug!(
                    "no unnamed file in {}: {e}; keeping the copies in memory",
                    dir.display()
                );
                // SAFETY: the name is a NUL-terminated C string.
                let fd =
                    unsafe { libc::memfd_create(c"studio-assets".as_ptr(), libc::MFD_CLOEXEC) };
                if fd < 0 {
                    return Err(io::Error::last_os_error());
                }
                // SAFETY: `fd` was just opened and nothing else owns it.
                Ok(unsafe { File::from_raw_fd(fd) })
            }
        }
    }

    /// The file a body is sent from: the start-up copies' (for the program's life), or a
    /// registered page's (kept open by this while a write uses it).
    pub enum Source {
        Static(RawFd),
        Registered(Arc<File>),
    }

    impl Source {
        fn fd(&self) -> RawFd {
            match self {
                Source::Static(fd) => *fd,
                Source::Registered(file) => file.as_raw_fd(),
            }
        }
    }

    /// A registered body at addresses `start..end`, copied at `offset` of `file`.
    struct Live {
        start: usize,
        end: usize,
        offset: u64,
        file: Arc<File>,
        id: u64,
    }

    /// Every registered body, sorted by `start`. Read on a large write, written when a page is
    /// rendered or dropped.
    static REGISTERED: RwLock<Vec<Live>> = RwLock::new(Vec::new());
    static NEXT_ID: AtomicU64 = AtomicU64::new(0);

    /// Registered bodies, found by address until this is dropped.
    pub struct Registration {
        id: u64,
        /// The bodies found by address: holding them keeps their memory theirs.
        _bodies: Vec<Bytes>,
    }

    impl Registration {
        pub fn new(bodies: Vec<Bytes>) -> io::Result<Registration> {
            let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
            let (file, placed) = copy_out(bodies.iter().map(|b| &b[..]))?;
            let file = Arc::new(file);
            let mut live = REGISTERED.write().unwrap_or_else(|p| p.into_inner());
            for body in placed {
                let at = live.partition_point(|l| l.start < body.start);
                live.insert(
                    at,
                    Live {
                        start: body.start,
                        end: body.end,
                        offset: body.offset,
                        file: file.clone(),
                        id,
                    },
                );
            }
            Ok(Registration {
                id,
                _bodies: bodies,
            })
        }
    }

    impl Drop for Registration {
        fn drop(&mut self) {
            let mut live = REGISTERED.write().unwrap_or_else(|p| p.into_inner());
            live.retain(|l| l.id != self.id);
        }
    }

    /// The first of `bufs` that a registered body holds whole, its file and its offset there.
    pub fn find_registered(bufs: &[IoSlice<'_>]) -> Option<(usize, Source, u64)> {
        bufs.iter().enumerate().find_map(|(i, buf)| {
            if buf.len() < MIN_LEN {
                return None;
            }
            let live = REGISTERED.read().unwrap_or_else(|p| p.into_inner());
            let (addr, end) = (buf.as_ptr() as usize, buf.as_ptr() as usize + buf.len());
            let body = live.get(live.partition_point(|l| l.start <= addr).checked_sub(1)?)?;
            (end <= body.end).then(|| {
                let offset = body.offset + (addr - body.start) as u64;
                (i, Source::Registered(body.file.clone()), offset)
            })
        })
    }

    /// Writes `bodies` one after another into a new unnamed file, each at a page boundary.
    fn copy_out<'a>(bodies: impl Iterator<Item = &'a [u8]>) -> io::Result<(File, Vec<Body>)> {
        let mut file = unnamed_file()?;
        let mut placed = Vec::new();
        let mut offset = 0u64;
        for body in bodies {
            file.write_all(body)?;
            let start = body.as_ptr() as usize;
            placed.push(Body {
                start,
                end: start + body.len(),
                offset,
            });
            offset += body.len() as u64;
            let pad = offset.next_multiple_of(4096) - offset;
            file.write_all(&[0u8; 4096][..pad as usize])?;
            offset += pad;
        }
        Ok((file, placed))
    }

    impl Copies {
        pub fn get() -> Option<&'static Copies> {
            COPIES.as_ref()
        }

        /// Where a body found by [`Copies::find`] is sent from.
        pub fn fd(&self) -> Source {
            Source::Static(self.file.as_raw_fd())
        }

        /// Copies `bodies` (which live as long as the program) into a new unnamed file, each at a
        /// page boundary.
        fn make<'a>(bodies: impl Iterator<Item = &'static [u8]> + 'a) -> io::Result<Copies> {
            let (file, mut copies) = copy_out(bodies)?;
            copies.sort_by_key(|b| b.start);
            let size = copies
                .iter()
                .map(|b| b.offset + (b.end - b.start) as u64)
                .max()
                .map_or(0, |end| end.next_multiple_of(4096));
            Ok(Copies {
                file,
                bodies: copies,
                size,
            })
        }

        /// The file offset of the `len` bytes at `addr`, when they all lie in one copied body.
        fn locate(&self, addr: usize, len: usize) -> Option<u64> {
            let end = addr.checked_add(len)?;
            let after = self.bodies.partition_point(|b| b.start <= addr);
            let body = self.bodies.get(after.checked_sub(1)?)?;
            (end <= body.end).then(|| body.offset + (addr - body.start) as u64)
        }

        /// The first of `bufs` that can go from the file, and its offset there.
        pub fn find(&self, bufs: &[IoSlice<'_>]) -> Option<(usize, u64)> {
            bufs.iter().enumerate().find_map(|(i, buf)| {
                (buf.len() >= MIN_LEN)
                    .then(|| self.locate(buf.as_ptr() as usize, buf.len()))
                    .flatten()
                    .map(|offset| (i, offset))
            })
        }
    }

    /// Sends `len` bytes of the file from `offset`.
    pub fn poll_sendfile(
        stream: &TcpStream,
        source: &Source,
        cx: &mut Context<'_>,
        offset: u64,
        len: usize,
    ) -> Poll<io::Result<usize>> {
        let (socket, file) = (stream.as_raw_fd(), source.fd());
        poll_io(stream, cx, || sendfile(socket, file, offset, len))
    }

    /// Sends `buf`, telling the kernel that more follows at once.
    pub fn poll_send_more(
        stream: &TcpStream,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let socket = stream.as_raw_fd();
        poll_io(stream, cx, || send_more(socket, buf))
    }

    /// Runs a non-blocking socket call, waiting for the socket to be writable when it would block.
    fn poll_io(
        stream: &TcpStream,
        cx: &mut Context<'_>,
        mut call: impl FnMut() -> io::Result<usize>,
    ) -> Poll<io::Result<usize>> {
        loop {
            std::task::ready!(stream.poll_write_ready(cx))?;
            match stream.try_io(Interest::WRITABLE, &mut call) {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
                done => return Poll::Ready(done),
            }
        }
    }

    fn sendfile(socket: RawFd, file: RawFd, offset: u64, len: usize) -> io::Result<usize> {
        let mut offset = libc::off_t::try_from(offset).map_err(io::Error::other)?;
        // SAFETY: both descriptors stay open for the whole call (the caller holds the stream and
        // the file), and `offset` is a live local the kernel may update.
        let sent = unsafe { libc::sendfile(socket, file, &mut offset, len) };
        usize::try_from(sent).map_err(|_| io::Error::last_os_error())
    }

    fn send_more(socket: RawFd, buf: &[u8]) -> io::Result<usize> {
        // SAFETY: the descriptor stays open for the whole call, and `buf` is valid for
        // `buf.len()` bytes.
        let sent = unsafe {
            libc::send(
                socket,
                buf.as_ptr().cast(),
                buf.len(),
                libc::MSG_MORE | libc::MSG_NOSIGNAL,
            )
        };
        usize::try_from(sent).map_err(|_| io::Error::last_os_error())
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use std::os::unix::fs::FileExt;

        static FIRST: [u8; 20_000] = [7; 20_000];
        static SECOND: [u8; 30_000] = [9; 30_000];

        #[test]
        fn a_body_and_any_part_of_it_are_found_at_their_copy() {
            let copies = Copies::make([&SECOND[..], &FIRST[..]].into_iter()).unwrap();
            for (body, at) in [(&FIRST[..], 1000), (&SECOND[..], 0), (&SECOND[..], 29_000)] {
                let part = &body[at..];
                let offset = copies.locate(part.as_ptr() as usize, part.len()).unwrap();
                assert_eq!(offset % 4096, (at % 4096) as u64, "bodies start on a page");
                let mut read = vec![0u8; part.len()];
                copies.file.read_exact_at(&mut read, offset).unwrap();
                assert_eq!(read, part);
            }
        }

        #[test]
        fn a_registered_body_is_found_until_its_registration_is_dropped() {
            let body = bytes::Bytes::from(vec![5u8; 40_000]);
            let part = body.slice(1000..);
            let at =
                |bufs: &[IoSlice<'_>]| find_registered(bufs).map(|(i, s, off)| (i, s.fd(), off));
            assert!(at(&[IoSlice::new(&part)]).is_none(), "not before");
            let registration = Registration::new(vec![body.clone()]).unwrap();
            let (i, fd, offset) = at(&[IoSlice::new(b"head"), IoSlice::new(&part)]).unwrap();
            assert_eq!((i, offset), (1, 1000));
            let mut read = vec![0u8; part.len()];
            // SAFETY: `fd` belongs to the registration's file, open while it lives.
            let file = std::mem::ManuallyDrop::new(unsafe { File::from_raw_fd(fd) });
            file.read_exact_at(&mut read, offset).unwrap();
            assert!(read == part[..]);
            drop(registration);
            assert!(at(&[IoSlice::new(&part)]).is_none(), "not after");
        }

        #[test]
        fn other_bytes_are_not_found() {
            let copies = Copies::make([&FIRST[..]].into_iter()).unwrap();
            let heap = vec![7u8; 20_000];
            assert_eq!(copies.locate(heap.as_ptr() as usize, heap.len()), None);
            // Running past the end of a body is not a match either.
            let tail = FIRST.as_ptr() as usize + 10_000;
            assert_eq!(copies.locate(tail, 10_001), None);
            let small = [IoSlice::new(&FIRST[..100])];
            assert_eq!(copies.find(&small), None, "short slices are left to writev");
            let head = b"HTTP/1.1 200 OK\r\n\r\n";
            let found = copies.find(&[IoSlice::new(head), IoSlice::new(&FIRST)]);
            assert_eq!(found, Some((1, 0)));
        }
    }
}
