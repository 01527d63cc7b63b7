//! One upload becomes: the `fileUrl` copy (JPEG, or PNG when it has transparency, at most 2560 px
//! on its long side), WebP variants 480 to 2400 px wide (never wider than that copy), and a tiny
//! placeholder. Every output is re-encoded from pixels, so no metadata block of the upload survives.

use super::decode::{self, Pixels};
use super::{MediaError, encode, placeholder};
use crate::store::{MediaFile, StoredImage, StoredVariant};
use anyhow::{Context, anyhow};
use fast_image_resize::images::Image;
use fast_image_resize::{FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer};
use image::ImageFormat;

/// The long side of the `fileUrl` copy.
pub const MAIN_MAX: u32 = 2560;
/// Widths of the WebP variants; the copy's own width is added when it is narrower than the last.
pub const WIDTHS: [u32; 5] = [480, 800, 1200, 1600, 2400];

/// The processed files of one upload, the `fileUrl` copy first, ready to store in one write.
pub fn process(
    data: &[u8],
    format: ImageFormat,
    stem: &str,
    main_name: Option<&str>,
    now_ms: u64,
) -> Result<Vec<MediaFile>, MediaError> {
    let decoded = decode::decode(data, format)?;
    let icc = decoded.icc.as_deref();
    let main = fit(decoded.pixels, MAIN_MAX)?;
    let (main_bytes, main_type, ext) = if main.channels == 4 {
        (encode::png(&main, icc)?, "image/png", "png")
    } else {
        (encode::jpeg(&main, icc)?, "image/jpeg", "jpg")
    };
    let main_name = main_name.map_or_else(|| format!("{stem}.{ext}"), str::to_string);
    let mut widths: Vec<u32> = WIDTHS.into_iter().filter(|&w| w < main.width).collect();
    if main.width <= WIDTHS[WIDTHS.len() - 1] {
        widths.push(main.width);
    }
    let mut files = Vec::with_capacity(widths.len() + 1);
    let mut variants = Vec::with_capacity(widths.len() + 1);
    for width in widths {
        let height = scaled_height(&main, width);
        let bytes = if width == main.width {
            encode::webp(&main, encode::WEBP_QUALITY, icc)?
        } else {
            encode::webp(&resize(&main, width, height)?, encode::WEBP_QUALITY, icc)?
        };
        let name = format!("{stem}-{width}.webp");
        variants.push(StoredVariant {
            name: name.clone(),
            width,
            height,
            content_type: "image/webp".into(),
        });
        files.push(MediaFile {
            name,
            content_type: "image/webp".into(),
            bytes,
            created_at_ms: now_ms,
            image: None,
            variant_of: Some(main_name.clone()),
        });
    }
    // The fallback for a browser without WebP: the copy itself, listed last (largest).
    variants.push(StoredVariant {
        name: main_name.clone(),
        width: main.width,
        height: main.height,
        content_type: main_type.into(),
    });
    let tiny_w = placeholder::WIDTH.min(main.width);
    let tiny = resize(&main, tiny_w, scaled_height(&main, tiny_w))?;
    let image = StoredImage {
        width: main.width,
        height: main.height,
        placeholder: placeholder::data_url(&tiny)?,
        variants,
    };
    files.insert(
        0,
        MediaFile {
            name: main_name,
            content_type: main_type.into(),
            bytes: main_bytes,
            created_at_ms: now_ms,
            image: Some(image),
            variant_of: None,
        },
    );
    Ok(files)
}

fn scaled_height(p: &Pixels, width: u32) -> u32 {
    ((u64::from(p.height) * u64::from(width) + u64::from(p.width) / 2) / u64::from(p.width)).max(1)
        as u32
}

/// The image scaled down so that its long side is at most `max` (as it is when already small).
fn fit(p: Pixels, max: u32) -> anyhow::Result<Pixels> {
    let long = p.width.max(p.height);
    if long <= max {
        return Ok(p);
    }
    let scale = |side: u32| ((u64::from(side) * u64::from(max)) / u64::from(long)).max(1) as u32;
    let opaque = p.channels != 4;
    // The decoded photo is the largest buffer of an upload: widened where it is rather than
    // beside a copy.
    let rgba = if opaque { widen(p.buf) } else { p.buf };
    resize_rgba(
        &rgba,
        (p.width, p.height),
        scale(p.width),
        scale(p.height),
        opaque,
    )
}

/// RGB to RGBA (opaque) in the same buffer, moving each pixel from the last to the first.
fn widen(mut buf: Vec<u8>) -> Vec<u8> {
    let n = buf.len() / 3;
    buf.resize(n * 4, 255);
    for i in (0..n).rev() {
        buf.copy_within(i * 3..i * 3 + 3, i * 4);
        buf[i * 4 + 3] = 255;
    }
    buf
}

fn resize(p: &Pixels, width: u32, height: u32) -> anyhow::Result<Pixels> {
    let opaque = p.channels != 4;
    let rgba: std::borrow::Cow<[u8]> = match opaque {
        true => p
            .buf
            .chunks_exact(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect::<Vec<u8>>()
            .into(),
        false => (&p.buf[..]).into(),
    };
    resize_rgba(&rgba, (p.width, p.height), width, height, opaque)
}

/// fast_image_resize is built for four channels only (`only_u8x4`: its code for the other pixel
/// types was 0.5 MB of the binary, docs/performance.md): a photo without alpha is resized as RGBA
/// with no alpha to weigh, and narrowed to RGB after.
fn resize_rgba(
    rgba: &[u8],
    (from_width, from_height): (u32, u32),
    width: u32,
    height: u32,
    opaque: bool,
) -> anyhow::Result<Pixels> {
    let src =
        fast_image_resize::images::ImageRef::new(from_width, from_height, rgba, PixelType::U8x4)
            .map_err(|e| anyhow!("{e}"))
            .context("reading pixels to resize")?;
    let mut dst = Image::new(width, height, PixelType::U8x4);
    Resizer::new()
        .resize(
            &src,
            &mut dst,
            &ResizeOptions::new()
                .resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3))
                .use_alpha(!opaque),
        )
        .with_context(|| format!("resizing to {width}x{height}"))?;
    let buf = match opaque {
        true => dst
            .into_vec()
            .chunks_exact(4)
            .flat_map(|c| [c[0], c[1], c[2]])
            .collect(),
        false => dst.into_vec(),
    };
    Ok(Pixels {
        width,
        height,
        channels: if opaque { 3 } else { 4 },
        buf,
    })
}
