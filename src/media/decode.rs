//! Reading an uploaded photo safely: its size from the header first (over the pixel limit it is
//! refused before a pixel is decoded), then a decode under memory limits, then the EXIF orientation.

use super::MediaError;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};
use std::io::Cursor;

/// About 50 megapixels: more than any phone's default photo, and a bound on memory (4 bytes a pixel).
pub const MAX_PIXELS: u64 = 50_000_000;

/// Decoded pixels, 8 bits a channel, upright; `channels` is 3 (RGB) or 4 (RGBA with real transparency).
pub struct Pixels {
    pub width: u32,
    pub height: u32,
    pub channels: u8,
    pub buf: Vec<u8>,
}

/// A decoded image and the colour profile it was made in (carried into every output).
pub struct Decoded {
    pub pixels: Pixels,
    pub icc: Option<Vec<u8>>,
}

pub fn decode(data: &[u8], format: ImageFormat) -> Result<Decoded, MediaError> {
    let (width, height) = ImageReader::with_format(Cursor::new(data), format)
        .into_dimensions()
        .map_err(refusal)?;
    check_size(width, height)?;
    // zune-jpeg fills a cut-off JPEG with grey rather than failing: judge completeness here.
    if format == ImageFormat::Jpeg && !jpeg_is_complete(data) {
        return Err(damaged());
    }
    let mut reader = ImageReader::with_format(Cursor::new(data), format);
    // The dimensions are checked above: the PNG and WebP decoders refuse width/height limits.
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_PIXELS * 4);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    // A damaged EXIF block means "no rotation", not a refused photo.
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let icc = decoder.icc_profile().ok().flatten();
    let mut image = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    image.apply_orientation(orientation);
    Ok(Decoded {
        pixels: into_pixels(image),
        icc,
    })
}

/// Refuses an empty image or one over [`MAX_PIXELS`], naming its size.
pub fn check_size(width: u32, height: u32) -> Result<(), MediaError> {
    let pixels = u64::from(width) * u64::from(height);
    if pixels == 0 {
        return Err(MediaError::Refused("The image has no pixels".into()));
    }
    if pixels > MAX_PIXELS {
        return Err(MediaError::Refused(format!(
            "The image is {width} x {height} pixels ({} megapixels); the limit is 50 megapixels. \
             Save it smaller and upload it again.",
            pixels / 1_000_000
        )));
    }
    Ok(())
}

fn refusal(e: ImageError) -> MediaError {
    MediaError::Refused(match e {
        ImageError::Limits(_) => {
            "The image needs more memory to open than the site allows; save it smaller".into()
        }
        ImageError::Unsupported(why) => {
            format!("This kind of image cannot be read ({why}); save it as an ordinary JPEG or PNG")
        }
        ImageError::IoError(_) | ImageError::Decoding(_) => return damaged(),
        other => format!("The image cannot be read: {other}"),
    })
}

fn damaged() -> MediaError {
    MediaError::Refused(
        "The image data is damaged or incomplete; save it again and upload it".into(),
    )
}

/// Whether the JPEG's scan data reaches its end-of-image marker: segments up to the first scan are
/// skipped by their length (an embedded EXIF thumbnail has an EOI of its own), and inside scan data
/// a 0xFF byte is always stuffed, so the first `FF D9` after it is the real end.
pub fn jpeg_is_complete(data: &[u8]) -> bool {
    let mut at = 2;
    while at + 4 <= data.len() {
        if data[at] != 0xFF {
            return false;
        }
        let marker = data[at + 1];
        if marker == 0xFF {
            at += 1;
            continue;
        }
        let len = usize::from(u16::from_be_bytes([data[at + 2], data[at + 3]]));
        if marker == 0xDA {
            let scan = data.get(at + 2 + len..).unwrap_or_default();
            return scan.windows(2).any(|w| w == [0xFF, 0xD9]);
        }
        at += 2 + len;
    }
    false
}

/// 8-bit RGB, or RGBA when some pixel is not fully opaque (an opaque RGBA PNG is a photo).
fn into_pixels(image: DynamicImage) -> Pixels {
    let (width, height) = (image.width(), image.height());
    if image.color().has_alpha() {
        let rgba = image.into_rgba8();
        if rgba.pixels().any(|p| p.0[3] < 255) {
            return Pixels {
                width,
                height,
                channels: 4,
                buf: rgba.into_raw(),
            };
        }
        let buf = rgba
            .into_raw()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        return Pixels {
            width,
            height,
            channels: 3,
            buf,
        };
    }
    Pixels {
        width,
        height,
        channels: 3,
        buf: image.into_rgb8().into_raw(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_pixel_transparent_png_decodes_as_rgba() {
        let png = b"\x89PNG\x0d\x0a\x1a\x0a\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\x0bIDATx\x9cc`\x00\x02\x00\x00\x05\x00\x01z^\xab?\x00\x00\x00\x00IEND\xaeB`\x82";
        let decoded = decode(png, ImageFormat::Png)
            .map_err(|e| e.to_string())
            .unwrap();
        assert_eq!((decoded.pixels.width, decoded.pixels.channels), (1, 4));
    }

    #[test]
    fn a_cut_off_jpeg_is_told_from_a_whole_one() {
        let mut jpeg = Vec::new();
        image::RgbImage::from_pixel(32, 32, image::Rgb([9, 99, 199]))
            .write_to(&mut Cursor::new(&mut jpeg), ImageFormat::Jpeg)
            .unwrap();
        assert!(jpeg_is_complete(&jpeg));
        assert!(!jpeg_is_complete(&jpeg[..jpeg.len() - 2]));
        assert!(!jpeg_is_complete(&jpeg[..jpeg.len() / 2]));
        assert!(!jpeg_is_complete(&[0xFF, 0xD8, 0xFF]));
        let with_trailer = [jpeg.as_slice(), b"vendor trailer"].concat();
        assert!(jpeg_is_complete(&with_trailer));
    }
}
