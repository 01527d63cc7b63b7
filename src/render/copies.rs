//! A finished page's bytes as they are kept between requests: brotli only, until a client asks for
//! another encoding; then every encoding (and the large ones in a file for sendfile) for as long as
//! the page lives.
//!
//! With 500 projects a studio has 562 pages, most of which nobody asks for between two writes:
//! keeping each one plain, brotli and gzip held about 30 MB (issue 33: idle RSS within 40 MB).
//! Brotli is what browsers take; a page asked for without it (gzip over plain HTTP, a plain `curl`,
//! the bench's `/`) gets its other copies made once, from the brotli, on that first request.

use crate::ui_build::assets::{self, Encoded};
use bytes::Bytes;
use std::io::Read;
use std::sync::OnceLock;
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;

pub struct Copies {
    /// The strong ETag of the plain bytes.
    etag: String,
    /// Only the brotli copy (its `identity` is empty and never sent), or `None` when brotli was
    /// not smaller or failed: then `full` was made at once.
    brotli: Option<Encoded>,
    /// Every encoding, made on the first request that does not take brotli.
    full: OnceLock<Full>,
    /// Whether the large copies are sent from a file (public pages; a preview is made for one
    /// request).
    sendfile: bool,
}

struct Full {
    encoded: Encoded,
    /// Holds the large copies in a file while the page lives (src/zerocopy.rs).
    _sendfile: crate::zerocopy::Registered,
}

impl Copies {
    /// Keeps `html` as brotli only; `etag` is its strong ETag.
    pub fn new(html: Bytes, etag: String, sendfile: bool) -> Copies {
        let copies = Copies {
            brotli: assets::brotli(&html, 4)
                .filter(|b| b.len() < html.len())
                .map(|br| Encoded::new(Bytes::new(), &etag, Some(Bytes::from(br)), None)),
            etag,
            full: OnceLock::new(),
            sendfile,
        };
        if copies.brotli.is_none() {
            let _ = copies.full.set(copies.make_full(html));
        }
        copies
    }

    /// The response for this request in the encoding it takes best (see `Encoded::respond`).
    pub fn respond(&self, request: &HeaderMap, status: StatusCode) -> Response {
        match (self.full.get(), &self.brotli) {
            (Some(full), _) => full.encoded.respond(request, status),
            (None, Some(br)) if assets::accepts(request, "br") => br.respond(request, status),
            (None, _) => self.full().respond(request, status),
        }
    }

    /// Every encoding of the page, made now if no request has needed them yet.
    pub fn full(&self) -> &Encoded {
        &self
            .full
            .get_or_init(|| self.make_full(self.unpack()))
            .encoded
    }

    /// The page's plain bytes.
    pub fn html(&self) -> Bytes {
        self.full().identity.body.clone()
    }

    pub fn etag(&self) -> &str {
        &self.etag
    }

    fn unpack(&self) -> Bytes {
        let Some(br) = self.brotli.as_ref().and_then(|b| b.br.as_ref()) else {
            return Bytes::new();
        };
        let mut html = Vec::with_capacity(br.body.len() * 4);
        // Our own brotli of bytes held in memory: it cannot fail short of a bug, and a page cut
        // short is then what the client gets, never a panic.
        if let Err(e) = brotli::Decompressor::new(&br.body[..], 4096).read_to_end(&mut html) {
            tracing::error!("unpacking a page's brotli copy failed: {e}");
        }
        Bytes::from(html)
    }

    fn make_full(&self, html: Bytes) -> Full {
        let encoded = Encoded::compress(html, &self.etag);
        let copies = [
            Some(&encoded.identity),
            encoded.br.as_ref(),
            encoded.gzip.as_ref(),
        ];
        let sendfile = crate::zerocopy::register(
            copies
                .into_iter()
                .flatten()
                .filter(|_| self.sendfile)
                .map(|v| v.body.clone()),
        );
        Full {
            encoded,
            _sendfile: sendfile,
        }
    }
}
