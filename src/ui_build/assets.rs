//! The embedded UI build as it is served: a table, built once, of every file with its content type,
//! cache policy, ETags and the brotli and gzip copies build.rs made; a request only picks bytes.
//!
//! The same negotiation (`Accept-Encoding`, `Vary`, one strong ETag per encoding, 304) serves the
//! HTML shells, whose compressed copies src/render/shells.rs makes when it renders them. Vite's
//! manifest (`.vite/manifest.json`, never served) says which chunks each page needs, so that every
//! shell can name them for the browser to fetch together once the page is painted (`app_scripts`).

use super::Dist;
use bytes::Bytes;
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Write;
use std::sync::LazyLock;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const ONE_DAY: &str = "public, max-age=86400";

/// One encoding of a body and its strong ETag.
pub struct Variant {
    pub body: Bytes,
    pub etag: HeaderValue,
}

/// A body in every encoding it is worth sending in.
pub struct Encoded {
    pub identity: Variant,
    pub br: Option<Variant>,
    pub gzip: Option<Variant>,
}

impl Encoded {
    /// `etag` is the quoted strong ETag of `identity`; each copy gets its own (`"…-br"`, `"…-gz"`),
    /// since a cache must never answer a gzip request with brotli bytes it revalidated.
    pub fn new(identity: Bytes, etag: &str, br: Option<Bytes>, gzip: Option<Bytes>) -> Encoded {
        let tagged = |suffix: &str| {
            let bare = etag.trim_matches('"');
            HeaderValue::from_str(&format!("\"{bare}-{suffix}\""))
                .unwrap_or_else(|_| HeaderValue::from_static("\"\""))
        };
        let variant = |body: Option<Bytes>, suffix: &str| {
            body.map(|body| Variant {
                body,
                etag: tagged(suffix),
            })
        };
        Encoded {
            identity: Variant {
                body: identity,
                etag: HeaderValue::from_str(etag)
                    .unwrap_or_else(|_| HeaderValue::from_static("\"\"")),
            },
            br: variant(br, "br"),
            gzip: variant(gzip, "gz"),
        }
    }

    /// Compresses a body made at run time (the shells) at start-up and after each admin write.
    /// Brotli's higher qualities allocate and clear tables of many MB per call (tens of ms for a
    /// 6 kB page, and RSS that stays); quality 4 with a window sized to the page takes a tenth of a
    /// millisecond and is still smaller than gzip -9. Quality 5 even with the window sized to the
    /// page looked as cheap in a loop (1.9 ms for the rendered `/`, 0.8 kB smaller), but in the
    /// static binary, whose allocator gives big blocks back to the kernel at once, every call
    /// faulted in and cleared fresh tables: start-up took 1.1 s instead of 0.1 s (session 7, perf).
    /// build.rs uses quality 11 for the static files.
    pub fn compress(identity: Bytes, etag: &str) -> Encoded {
        let br = brotli(&identity, 4).filter(|b| b.len() < identity.len());
        let gzip = gzip(&identity).filter(|g| g.len() < identity.len());
        Encoded::new(identity, etag, br.map(Bytes::from), gzip.map(Bytes::from))
    }

    /// The encoding this request gets: brotli, then gzip, then the plain body.
    fn select(&self, request: &HeaderMap) -> (&Variant, Option<&'static str>) {
        if let Some(br) = &self.br
            && accepts(request, "br")
        {
            return (br, Some("br"));
        }
        if let Some(gzip) = &self.gzip
            && accepts(request, "gzip")
        {
            return (gzip, Some("gzip"));
        }
        (&self.identity, None)
    }

    /// The response for this request: the chosen encoding with `status`, or 304 when the client
    /// already holds it. Content type and caching are the caller's.
    pub fn respond(&self, request: &HeaderMap, status: StatusCode) -> Response {
        let (variant, encoding) = self.select(request);
        let mut res = if status == StatusCode::OK && etag_matches(request, &variant.etag) {
            let mut res = Response::new(Bytes::new().into());
            *res.status_mut() = StatusCode::NOT_MODIFIED;
            res
        } else {
            let mut res = Response::new(variant.body.clone().into());
            *res.status_mut() = status;
            res
        };
        let headers = res.headers_mut();
        headers.insert(header::ETAG, variant.etag.clone());
        if let Some(encoding) = encoding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
        if self.br.is_some() || self.gzip.is_some() {
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        res
    }
}

/// A file of the UI build, ready to send.
pub struct Asset {
    pub encoded: Encoded,
    pub content_type: HeaderValue,
    pub cache_control: HeaderValue,
}

impl Asset {
    pub fn respond(&self, request: &HeaderMap) -> Response {
        let mut res = self.encoded.respond(request, StatusCode::OK);
        let headers = res.headers_mut();
        headers.insert(header::CONTENT_TYPE, self.content_type.clone());
        headers.insert(header::CACHE_CONTROL, self.cache_control.clone());
        headers.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        res
    }
}

/// Every servable file of the UI build by its URL path (`/assets/index-….js`).
static TABLE: LazyLock<HashMap<String, Asset>> = LazyLock::new(load);

/// The file for a URL path, if the UI build has one. The shell (`/index.html`) is not a file here:
/// pages come from src/render/page_cache.rs.
pub fn get(path: &str) -> Option<&'static Asset> {
    TABLE.get(path)
}

/// Every body in the table of at least `min` bytes, in every encoding: src/zerocopy.rs keeps a
/// copy of these to send with `sendfile`.
pub fn bodies(min: usize) -> impl Iterator<Item = &'static [u8]> {
    TABLE.values().flat_map(move |asset| {
        let encoded = &asset.encoded;
        [
            Some(&encoded.identity),
            encoded.br.as_ref(),
            encoded.gzip.as_ref(),
        ]
        .into_iter()
        .flatten()
        .map(|variant| &variant.body[..])
        .filter(move |body| body.len() >= min)
    })
}

/// Builds the table now rather than on the first request for a file.
pub fn warm() {
    LazyLock::force(&TABLE);
}

fn load() -> HashMap<String, Asset> {
    let names: Vec<Cow<'static, str>> = Dist::iter().collect();
    let present = |name: &str| names.iter().any(|n| n == name);
    let mut table = HashMap::new();
    for name in &names {
        if name == "index.html" || name.starts_with('.') || name.contains("/.") {
            continue;
        }
        let Some((name, file, identity)) = original(name, &present) else {
            continue;
        };
        let etag: String = file.metadata.sha256_hash()[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let copy = |suffix: &str| Dist::get(&format!("{name}.{suffix}")).map(|f| bytes(f.data));
        let gzip = copy("gz").filter(|gz| gz.len() < identity.len());
        let encoded = Encoded::new(identity, &format!("\"{etag}\""), copy("br"), gzip);
        let content_type = HeaderValue::from_static(content_type(name));
        // Hashed names change with their content; the rest (default images) keep stable names
        // that stored records point at, so they are revalidated daily.
        let cache_control = HeaderValue::from_static(if name.starts_with("assets/") {
            IMMUTABLE
        } else {
            ONE_DAY
        });
        table.insert(
            format!("/{name}"),
            Asset {
                encoded,
                content_type,
                cache_control,
            },
        );
    }
    table
}

/// The file an embedded name serves, the embedded file its ETag is taken from, and its plain
/// bytes; None for a compressed copy, which is served as an encoding of its original. A script or
/// stylesheet is embedded as its copies only (mod.rs): its plain bytes are unpacked from the gzip
/// copy, whose hash, as fixed by the content as the plain file's, names the ETag.
fn original<'a>(
    name: &'a str,
    present: &dyn Fn(&str) -> bool,
) -> Option<(&'a str, rust_embed::EmbeddedFile, Bytes)> {
    if let Some(stem) = name.strip_suffix(".br") {
        if !present(stem) && !present(&format!("{stem}.gz")) {
            tracing::warn!("the UI build's {name} has neither its original nor a gzip copy");
        }
        return None;
    }
    if let Some(stem) = name.strip_suffix(".gz") {
        if present(stem) {
            return None;
        }
        let file = Dist::get(name)?;
        let mut plain = Vec::new();
        if let Err(e) = std::io::Read::read_to_end(
            &mut flate2::read::GzDecoder::new(&file.data[..]),
            &mut plain,
        ) {
            tracing::warn!("the UI build's {name} does not unpack ({e}); {stem} is not served");
            return None;
        }
        return Some((stem, file, Bytes::from(plain)));
    }
    let file = Dist::get(name)?;
    let identity = bytes(file.data.clone());
    Some((name, file, identity))
}

/// One chunk of Vite's manifest (`build.manifest` in ui/vite.config.ts).
#[derive(Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default, rename = "isEntry")]
    is_entry: bool,
    #[serde(default, rename = "isDynamicEntry")]
    is_dynamic_entry: bool,
}

static MANIFEST: LazyLock<HashMap<String, Chunk>> = LazyLock::new(|| {
    let parsed = Dist::get(".vite/manifest.json")
        .map(|f| serde_json::from_slice::<HashMap<String, Chunk>>(&f.data));
    match parsed {
        Some(Ok(manifest)) => manifest,
        Some(Err(e)) => {
            tracing::warn!(
                "the UI build's .vite/manifest.json is unreadable ({e}); pages load their chunks one after another"
            );
            HashMap::new()
        }
        None => {
            tracing::warn!(
                "the UI build has no .vite/manifest.json; pages load their chunks one after another"
            );
            HashMap::new()
        }
    }
});

/// The app's entry in Vite's manifest (ui/src/start.tsx): what every page runs once it is painted.
const APP_ENTRY: &str = "src/start.tsx";

/// The scripts a page starts once its first frame is painted (ui/src/main.tsx adds them from the
/// shell's `<template id="page-scripts">`): the app's module script, and `<link rel="modulepreload">`
/// tags for the chunks of `modules` (each a `page` key of routes.json, or another lazily loaded
/// module, whose component has the same name in PascalCase, docs/CONTRACTS.md) and every chunk they
/// import, less the app's own. Without them the browser would learn of a page's chunks only once
/// the app has run: one more round trip before the page responds. Empty when the build has no app
/// entry (then a page stays as the server rendered it).
pub fn app_scripts(modules: &[&str]) -> String {
    let manifest = &*MANIFEST;
    let Some(app) = manifest.get(APP_ENTRY).filter(|c| c.is_entry) else {
        return String::new();
    };
    let mut loaded = Vec::new();
    imports_of(manifest, APP_ENTRY, &mut loaded);
    let mut needed = Vec::new();
    for module in modules {
        let mut chars = module.chars();
        let Some(first) = chars.next() else {
            continue;
        };
        let name = first.to_uppercase().chain(chars).collect::<String>();
        if let Some(key) = manifest
            .iter()
            .find(|(_, c)| c.is_dynamic_entry && c.name.as_deref() == Some(name.as_str()))
            .map(|(k, _)| k.as_str())
        {
            imports_of(manifest, key, &mut needed);
        }
    }
    std::iter::once(format!(
        "<script type=\"module\" crossorigin src=\"/{}\"></script>",
        app.file
    ))
    .chain(
        needed
            .iter()
            .filter(|k| !loaded.contains(k))
            .filter_map(|k| manifest.get(*k))
            .map(|c| {
                format!(
                    "<link rel=\"modulepreload\" crossorigin href=\"/{}\">",
                    c.file
                )
            }),
    )
    .collect::<Vec<_>>()
    .join("\n    ")
}

fn imports_of<'m>(manifest: &'m HashMap<String, Chunk>, key: &'m str, out: &mut Vec<&'m str>) {
    if out.contains(&key) {
        return;
    }
    let Some(chunk) = manifest.get(key) else {
        return;
    };
    out.push(key);
    for import in &chunk.imports {
        imports_of(manifest, import, out);
    }
}

/// Embedded files are `'static` in the executable: no copy is made of them.
fn bytes(data: Cow<'static, [u8]>) -> Bytes {
    match data {
        Cow::Borrowed(b) => Bytes::from_static(b),
        Cow::Owned(v) => Bytes::from(v),
    }
}

/// Whether `Accept-Encoding` allows `coding` (q > 0 by name, else by `*`).
pub fn accepts(request: &HeaderMap, coding: &str) -> bool {
    let mut star = false;
    for value in request.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else {
            continue;
        };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if name.eq_ignore_ascii_case(coding)
                || (coding == "gzip" && name.eq_ignore_ascii_case("x-gzip"))
            {
                return q > 0.0;
            }
            if name == "*" {
                star = q > 0.0;
            }
        }
    }
    star
}

/// `If-None-Match` uses the weak comparison (RFC 9110 §13.1.2): `W/` is ignored.
pub fn etag_matches(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let etag = etag.as_bytes();
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|t| t == "*" || t.trim_start_matches("W/").as_bytes() == etag)
}

/// The type of a file of the UI build, by its extension (mime_guess, as the owner's design card
/// names it); JavaScript as `text/javascript` (RFC 9239), whatever older tables say. Its table of
/// 1,378 extensions (34 kB of strings, about 66 kB of slices on 64-bit) costs the binary about
/// 0.1 MB more than the 20-line match it replaced: computed from the table, not a release build.
fn content_type(name: &str) -> &'static str {
    let ext = name.rsplit_once('.').map_or("", |(_, ext)| ext);
    if matches!(ext, "js" | "mjs") {
        return "text/javascript";
    }
    mime_guess::from_ext(ext)
        .first_raw()
        .unwrap_or("application/octet-stream")
}

pub fn brotli(data: &[u8], quality: i32) -> Option<Vec<u8>> {
    // The smallest window that holds the whole body (brotli allows 2^10 to 2^24 bytes).
    let lgwin = (usize::BITS - data.len().leading_zeros()).clamp(10, 24) as i32;
    let params = ::brotli::enc::BrotliEncoderParams {
        quality,
        lgwin,
        size_hint: data.len(),
        ..Default::default()
    };
    let mut out = Vec::with_capacity(data.len() / 3);
    ::brotli::BrotliCompress(&mut &data[..], &mut out, &params).ok()?;
    Some(out)
}

fn gzip(data: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(data.len() / 3),
        flate2::Compression::best(),
    );
    encoder.write_all(data).ok()?;
    encoder.finish().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn request(accept: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(accept).unwrap(),
        );
        h
    }

    /// The shell's own script (ui/src/main.tsx) is all a page runs before its first paint: were it
    /// to import a chunk statically, the browser would fetch that chunk (the app, if the build's
    /// grouping caught it) before the page could paint.
    #[test]
    fn the_entry_imports_nothing_and_the_app_comes_first() {
        let entry = MANIFEST
            .get("index.html")
            .expect("the build's index.html entry");
        assert!(entry.is_entry);
        assert!(entry.imports.is_empty(), "{:?}", entry.imports);
        let scripts = app_scripts(&["home"]);
        let app = &MANIFEST[APP_ENTRY].file;
        assert!(
            scripts.starts_with(&format!(
                "<script type=\"module\" crossorigin src=\"/{app}\"></script>"
            )),
            "{scripts}"
        );
        assert!(scripts.contains("/assets/Home-"), "{scripts}");
        assert!(!scripts.contains(&format!("href=\"/{app}\"")), "{scripts}");
        assert_eq!(app_scripts(&[]).lines().count(), 1);
    }

    #[test]
    fn every_file_of_the_build_has_a_known_type() {
        for (path, _) in TABLE.iter() {
            assert_ne!(content_type(path), "application/octet-stream", "{path}");
        }
        assert_eq!(content_type("assets/a.b.js"), "text/javascript");
        assert_eq!(content_type("noext"), "application/octet-stream");
    }

    #[test]
    fn accept_encoding_is_read_with_q_values_and_star() {
        assert!(accepts(&request("gzip, deflate, br, zstd"), "br"));
        assert!(accepts(&request("gzip;q=1.0, br;q=0.5"), "br"));
        assert!(!accepts(&request("gzip, br;q=0"), "br"));
        assert!(accepts(&request("gzip, br;q=0"), "gzip"));
        assert!(accepts(&request("*"), "br"));
        assert!(!accepts(&request("*, br;q=0"), "br"));
        assert!(!accepts(&request("identity"), "gzip"));
        assert!(accepts(&request("x-gzip"), "gzip"));
        assert!(!accepts(&HeaderMap::new(), "gzip"));
    }

    #[test]
    fn scripts_and_stylesheets_are_embedded_compressed_and_served_as_built() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/dist/assets");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            if !(name.ends_with(".js") || name.ends_with(".css")) {
                continue;
            }
            assert!(
                Dist::get(&format!("assets/{name}")).is_none(),
                "{name} is embedded plain"
            );
            let served = TABLE.get(&format!("/assets/{name}")).expect(&name);
            assert_eq!(
                &served.encoded.identity.body[..],
                &std::fs::read(&path).unwrap()[..],
                "{name}"
            );
            checked += 1;
        }
        assert!(checked > 10, "only {checked} scripts and stylesheets");
    }

    #[test]
    fn every_text_file_of_the_build_has_copies_that_decode_to_it() {
        let mut checked = 0;
        for (path, asset) in TABLE.iter() {
            let identity = &asset.encoded.identity.body;
            let text = path.ends_with(".js") || path.ends_with(".css");
            if text && identity.len() > 1024 {
                assert!(asset.encoded.br.is_some(), "{path} has no brotli copy");
                assert!(asset.encoded.gzip.is_some(), "{path} has no gzip copy");
            }
            if let Some(br) = &asset.encoded.br {
                let mut out = Vec::new();
                ::brotli::Decompressor::new(&br.body[..], 4096)
                    .read_to_end(&mut out)
                    .unwrap();
                assert_eq!(&out[..], &identity[..], "{path}.br");
                checked += 1;
            }
            if let Some(gz) = &asset.encoded.gzip {
                let mut out = Vec::new();
                flate2::read::GzDecoder::new(&gz.body[..])
                    .read_to_end(&mut out)
                    .unwrap();
                assert_eq!(&out[..], &identity[..], "{path}.gz");
            }
        }
        assert!(checked > 0, "no compressed copy in the build");
        assert!(!TABLE.contains_key("/index.html"));
        assert!(
            !TABLE
                .keys()
                .any(|k| k.ends_with(".br") || k.ends_with(".gz"))
        );
    }

    #[test]
    fn each_encoding_has_its_own_etag_and_a_304() {
        let body = Bytes::from("hello hello hello hello hello hello hello hello hello".repeat(20));
        let encoded = Encoded::compress(body, "\"abc\"");
        let res = encoded.respond(&request("gzip, br"), StatusCode::OK);
        assert_eq!(res.headers()["content-encoding"], "br");
        assert_eq!(res.headers()["etag"], "\"abc-br\"");
        assert_eq!(res.headers()["vary"], "accept-encoding");
        let mut again = request("gzip");
        again.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("\"abc-br\""),
        );
        assert_eq!(encoded.respond(&again, StatusCode::OK).status(), 200);
        again.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("W/\"abc-gz\""),
        );
        let res = encoded.respond(&again, StatusCode::OK);
        assert_eq!(res.status(), 304);
        assert_eq!(res.headers()["etag"], "\"abc-gz\"");
        let plain = encoded.respond(&HeaderMap::new(), StatusCode::NOT_FOUND);
        assert_eq!(plain.status(), 404);
        assert!(!plain.headers().contains_key("content-encoding"));
        assert_eq!(plain.headers()["vary"], "accept-encoding");
    }
}
