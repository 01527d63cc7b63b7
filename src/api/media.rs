//! `POST /api/admin/media-files`: an owner's image or PDF upload (the brochure), judged by its own
//! bytes, kept in the data file under its content hash and served from `/media/`.
//!
//! The client's file name and claimed type are never used: the type comes from the bytes, the
//! stored name from their SHA-256, so nothing a client sends reaches a file system path.

use super::body::content_length;
use super::guard::{AdminIdentity, require_admin};
use super::{ApiError, blocking, json_response};
use crate::app::App;
use crate::app::with_app;
use crate::media::{self, MediaError};
use crate::store::{MediaFile, now_ms};
use bytes::Buf;
use futures_util::{Stream, StreamExt};
use sha2::{Digest, Sha256};
use std::sync::Arc;
use warp::Filter;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, StatusCode, header};
use warp::reply::Response;

/// Room for the multipart framing (boundaries, part headers, small extra fields) around the file.
const FRAMING_ALLOWANCE: u64 = 64 * 1024;

/// The upload route, under `/api`.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    warp::path!("admin" / "media-files")
        .and(warp::post())
        .and(require_admin(app.clone()))
        .and(with_app(app))
        .and(warp::header::headers_cloned())
        .and(warp::body::stream())
        .and_then(
            |_: AdminIdentity, app: Arc<App>, headers: HeaderMap, body| async move {
                upload(app, headers, body)
                    .await
                    .map_err(warp::reject::custom)
            },
        )
        .boxed()
}

async fn upload<S, B>(app: Arc<App>, headers: HeaderMap, body: S) -> Result<Response, ApiError>
where
    S: Stream<Item = Result<B, warp::Error>> + Send + 'static,
    B: Buf + 'static,
{
    let max = app.config.upload_max_bytes;
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("The file is larger than {} MB", max / (1024 * 1024)),
        )
    };
    // A declared length over the cap is refused before a byte of the body is read.
    if content_length(&headers).is_some_and(|n| n > max + FRAMING_ALLOWANCE) {
        return Err(too_large());
    }
    let boundary = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|ct| multer::parse_boundary(ct).ok())
        .ok_or_else(|| {
            ApiError::bad_request("Send the file as multipart/form-data in a field named file")
        })?;
    let stream = body.map(|chunk| chunk.map(|mut b| b.copy_to_bytes(b.remaining())));
    let constraints = multer::Constraints::new().size_limit(
        multer::SizeLimit::new()
            .whole_stream(max + FRAMING_ALLOWANCE)
            .per_field(max),
    );
    let mut form = multer::Multipart::with_constraints(stream, boundary, constraints);
    let read_error = |e: multer::Error| match e {
        multer::Error::FieldSizeExceeded { .. } | multer::Error::StreamSizeExceeded { .. } => {
            too_large()
        }
        other => ApiError::bad_request(format!("Could not read the upload: {other}")),
    };
    let mut data: Option<Vec<u8>> = None;
    while let Some(mut field) = form.next_field().await.map_err(read_error)? {
        let wanted = data.is_none() && field.name() == Some("file");
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(read_error)? {
            if wanted {
                if bytes.len() as u64 + chunk.len() as u64 > max {
                    return Err(too_large());
                }
                bytes.extend_from_slice(&chunk);
            }
        }
        if wanted {
            data = Some(bytes);
        }
    }
    let data = data.ok_or_else(|| ApiError::bad_request("The form has no field named file"))?;
    if data.is_empty() {
        return Err(ApiError::bad_request("The file is empty"));
    }
    if is_heif(&data) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "HEIC/HEIF and AVIF photos cannot be used on the site: convert the photo to JPEG first \
             (on an iPhone: Settings > Camera > Formats > Most Compatible; on a Mac: open it in \
             Preview and export it as JPEG)",
        ));
    }
    let digest = Sha256::digest(&data);
    let hash: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    if is_pdf(&data) {
        // A document is kept exactly as sent: nothing in it is shown inside the site's pages.
        let file = MediaFile {
            name: format!("{hash}.pdf"),
            content_type: PDF.to_string(),
            bytes: data,
            created_at_ms: now_ms(),
            image: None,
            variant_of: None,
        };
        let name = file.name.clone();
        let store = app.store.clone();
        blocking(move || store.put_media_files(std::slice::from_ref(&file))).await?;
        tracing::info!(file = %name, "document stored");
        return Ok(json_response(
            StatusCode::CREATED,
            &serde_json::json!({ "fileUrl": format!("/media/{name}"), "contentType": PDF }),
        ));
    }
    let kind = sniff(&data).ok_or_else(|| {
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Only images (JPEG, PNG, WebP, GIF or SVG) and PDF documents can be uploaded",
        )
    })?;
    if kind == ImageKind::Svg {
        crate::media::svg::check(&data).map_err(|why| {
            ApiError::bad_request(format!("This SVG cannot be used on the site: {why}"))
        })?;
    }
    let files = match media::raster_format(&data) {
        // A photo is processed (src/media/): upright, without metadata, in sizes for each screen.
        Some(format) => media::process(Arc::new(data), format, hash, None, now_ms())
            .await
            .map_err(|e| match e {
                MediaError::Refused(why) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, why),
                MediaError::Internal(e) => ApiError::internal(e.context("processing an upload")),
            })?,
        // GIF and a checked SVG are kept as they are.
        None => vec![MediaFile {
            name: format!("{hash}.{}", kind.extension()),
            content_type: kind.content_type().to_string(),
            bytes: data,
            created_at_ms: now_ms(),
            image: None,
            variant_of: None,
        }],
    };
    let name = files[0].name.clone();
    let info = files[0].image.clone().map(media::ImageInfo::from);
    let store = app.store.clone();
    blocking(move || store.put_media_files(&files)).await?;
    tracing::info!(file = %name, "media file stored");
    let mut answer = serde_json::json!({ "fileUrl": format!("/media/{name}") });
    if let (Some(info), Some(fields)) = (info, answer.as_object_mut())
        && let Ok(serde_json::Value::Object(extra)) = serde_json::to_value(info)
    {
        fields.extend(extra);
    }
    Ok(json_response(StatusCode::CREATED, &answer))
}

/// The content type of an uploaded document.
pub const PDF: &str = "application/pdf";

/// A PDF by its bytes: the `%PDF-` header first, and the `%%EOF` marker that ends every PDF
/// near the end (after it only line ends, or the few bytes some writers append). A file of another
/// kind with a `.pdf` name, an HTML page among them, has neither.
pub fn is_pdf(data: &[u8]) -> bool {
    const TAIL: usize = 1024;
    let version_ok = data
        .get(5..8)
        .is_some_and(|v| v[0].is_ascii_digit() && v[1] == b'.' && v[2].is_ascii_digit());
    let tail = &data[data.len().saturating_sub(TAIL)..];
    data.starts_with(b"%PDF-") && version_ok && tail.windows(5).any(|w| w == b"%%EOF")
}

/// HEIC/HEIF (what iPhones take) and AVIF: ISO-BMFF images this server cannot decode.
fn is_heif(data: &[u8]) -> bool {
    if data.len() < 16 || &data[4..8] != b"ftyp" {
        return false;
    }
    let size = u32::from_be_bytes([data[0], data[1], data[2], data[3]]) as usize;
    let end = size.min(data.len());
    let brands =
        std::iter::once(&data[8..12]).chain(data.get(16..end).unwrap_or_default().chunks_exact(4));
    brands.into_iter().any(|b| {
        matches!(
            b,
            b"heic"
                | b"heix"
                | b"heim"
                | b"heis"
                | b"hevc"
                | b"hevx"
                | b"mif1"
                | b"msf1"
                | b"avif"
                | b"avis"
        )
    })
}

/// The image formats the site takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
    Webp,
    Avif,
    Gif,
    Svg,
}

impl ImageKind {
    pub fn extension(self) -> &'static str {
        match self {
            ImageKind::Png => "png",
            ImageKind::Jpeg => "jpg",
            ImageKind::Webp => "webp",
            ImageKind::Avif => "avif",
            ImageKind::Gif => "gif",
            ImageKind::Svg => "svg",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Webp => "image/webp",
            ImageKind::Avif => "image/avif",
            ImageKind::Gif => "image/gif",
            ImageKind::Svg => "image/svg+xml",
        }
    }
}

/// The image format the bytes themselves declare, if any.
pub fn sniff(data: &[u8]) -> Option<ImageKind> {
    if data.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some(ImageKind::Png);
    }
    if data.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Some(ImageKind::Jpeg);
    }
    if data.starts_with(b"GIF87a") || data.starts_with(b"GIF89a") {
        return Some(ImageKind::Gif);
    }
    if data.len() >= 12 && &data[..4] == b"RIFF" && &data[8..12] == b"WEBP" {
        return Some(ImageKind::Webp);
    }
    if is_avif(data) {
        return Some(ImageKind::Avif);
    }
    if is_svg(data) {
        return Some(ImageKind::Svg);
    }
    None
}

/// An ISO-BMFF `ftyp` box whose major or compatible brands name AVIF.
fn is_avif(data: &[u8]) -> bool {
    if data.len() < 16 || &data[4..8] != b"ftyp" {
        return false;
    }
    let size = u32::from_be_bytes([data[0], data[1], data[2], data[3]]) as usize;
    let end = size.min(data.len());
    let is_brand = |b: &[u8]| b == b"avif" || b == b"avis";
    if is_brand(&data[8..12]) {
        return true;
    }
    // Compatible brands follow the major brand and the minor version.
    data.get(16..end)
        .is_some_and(|brands| brands.chunks_exact(4).any(is_brand))
}

/// UTF-8 text whose root element, after any XML declaration, comments and doctype, is `<svg`.
fn is_svg(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let mut rest = text.trim_start_matches('\u{feff}').trim_start();
    loop {
        let lower = rest.get(..9).unwrap_or(rest).to_ascii_lowercase();
        let skip_to = if lower.starts_with("<?") {
            "?>"
        } else if lower.starts_with("<!--") {
            "-->"
        } else if lower.starts_with("<!doctype") {
            ">"
        } else {
            break;
        };
        match rest.find(skip_to) {
            Some(i) => rest = rest[i + skip_to.len()..].trim_start(),
            None => return false,
        }
    }
    let Some(after) = rest.strip_prefix("<svg") else {
        return false;
    };
    after.starts_with(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdfs_are_judged_by_their_header_and_end_marker() {
        let pdf = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n".to_vec();
        assert!(is_pdf(&pdf));
        let mut long = b"%PDF-1.7\n".to_vec();
        long.extend(std::iter::repeat_n(b'x', 100_000));
        assert!(!is_pdf(&long), "no end marker");
        long.extend(b"%%EOF\r\n");
        assert!(is_pdf(&long));
        for bad in [
            &b"<!doctype html><html>%PDF-1.4 %%EOF</html>"[..],
            b"%PDF-",
            b"%PDF-x.y %%EOF",
            b"  %PDF-1.4\n%%EOF",
            b"",
        ] {
            assert!(!is_pdf(bad), "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn formats_are_judged_by_their_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nrest"), Some(ImageKind::Png));
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0]), Some(ImageKind::Jpeg));
        assert_eq!(sniff(b"GIF89a...."), Some(ImageKind::Gif));
        assert_eq!(sniff(b"RIFF\x10\0\0\0WEBPVP8 "), Some(ImageKind::Webp));
        assert_eq!(
            sniff(b"\0\0\0\x1cftypmif1\0\0\0\0mif1avifmiaf"),
            Some(ImageKind::Avif)
        );
        assert_eq!(
            sniff(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic"),
            None,
            "HEIC is not AVIF"
        );
        assert_eq!(
            sniff(b"<?xml version=\"1.0\"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
            Some(ImageKind::Svg)
        );
        assert_eq!(sniff(b"<html><svg></svg></html>"), None);
        assert_eq!(sniff(b"<svgfoo/>"), None);
        assert_eq!(sniff(b"\x7fELF\x02\x01\x01"), None);
        assert_eq!(sniff(b"MZ\x90\0"), None);
        assert_eq!(sniff(b"just some text"), None);
        assert_eq!(sniff(b""), None);
    }
}
