//! Writing processed images: lossy WebP (libwebp) for the variants, JPEG or PNG for the `fileUrl`
//! copy. Nothing of the upload's metadata is copied except its colour profile, which is carried
//! into every output (an ICCP chunk, APP2 segments, an iCCP chunk) so that colours stay right.

use super::decode::Pixels;
use anyhow::{Context, Result, anyhow};
use image::{ExtendedColorType, ImageEncoder};

/// Quality of the WebP variants and of the JPEG copy: measured in docs/photos.md.
pub const WEBP_QUALITY: f32 = 78.0;
pub const JPEG_QUALITY: u8 = 82;

pub fn webp(p: &Pixels, quality: f32, icc: Option<&[u8]>) -> Result<Vec<u8>> {
    let layout = if p.channels == 4 {
        webp::PixelLayout::Rgba
    } else {
        webp::PixelLayout::Rgb
    };
    let mut config = webp::WebPConfig::new().map_err(|()| anyhow!("libwebp has no config"))?;
    config.quality = quality;
    config.method = 4;
    let encoded = webp::Encoder::new(&p.buf, layout, p.width, p.height)
        .encode_advanced(&config)
        .map_err(|e| anyhow!("encoding a {}x{} WebP: {e:?}", p.width, p.height))?;
    let out = encoded.to_vec();
    Ok(match icc {
        Some(icc) => webp_with_icc(&out, icc, p.width, p.height)?,
        None => out,
    })
}

/// Baseline JPEG with 4:2:0 chroma, as phones write theirs: a third smaller than `image`'s encoder
/// at the same quality, which keeps full-resolution chroma (docs/photos.md). The profile goes into
/// `ICC_PROFILE` APP2 segments.
pub fn jpeg(p: &Pixels, icc: Option<&[u8]>) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, JPEG_QUALITY);
    encoder.set_sampling_factor(jpeg_encoder::SamplingFactor::F_2_2);
    // Its fitted Huffman tables (a few per cent smaller) decode to wrong colours in zune-jpeg,
    // the decoder `image` uses; the standard tables read everywhere.
    if let Some(icc) = icc {
        // A profile too large for a JPEG (over 16 MB) leaves sRGB, which is what browsers assume.
        let _ = encoder.add_icc_profile(icc);
    }
    let side = |n: u32| u16::try_from(n).context("a JPEG side over 65535 pixels");
    encoder
        .encode(
            &p.buf,
            side(p.width)?,
            side(p.height)?,
            jpeg_encoder::ColorType::Rgb,
        )
        .map_err(|e| anyhow!("encoding a {}x{} JPEG: {e}", p.width, p.height))?;
    Ok(out)
}

pub fn png(p: &Pixels, icc: Option<&[u8]>) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut encoder = image::codecs::png::PngEncoder::new(&mut out);
    if let Some(icc) = icc {
        // A profile the encoder will not take leaves sRGB, which is what browsers assume.
        let _ = encoder.set_icc_profile(icc.to_vec());
    }
    let color = if p.channels == 4 {
        ExtendedColorType::Rgba8
    } else {
        ExtendedColorType::Rgb8
    };
    encoder
        .write_image(&p.buf, p.width, p.height, color)
        .with_context(|| format!("encoding a {}x{} PNG", p.width, p.height))?;
    Ok(out)
}

/// Adds an ICCP chunk, turning a simple WebP (one VP8/VP8L chunk) into the extended format.
fn webp_with_icc(webp: &[u8], icc: &[u8], width: u32, height: u32) -> Result<Vec<u8>> {
    if webp.len() < 20 || &webp[..4] != b"RIFF" || &webp[8..12] != b"WEBP" {
        return Err(anyhow!("libwebp wrote something other than a WebP file"));
    }
    let mut iccp = Vec::with_capacity(icc.len() + 9);
    iccp.extend_from_slice(b"ICCP");
    iccp.extend_from_slice(&(icc.len() as u32).to_le_bytes());
    iccp.extend_from_slice(icc);
    if icc.len() % 2 == 1 {
        iccp.push(0);
    }
    let mut body = Vec::with_capacity(webp.len() + iccp.len() + 18);
    if &webp[12..16] == b"VP8X" {
        // VP8X is always 18 bytes: flags at offset 20; the profile goes right after it.
        body.extend_from_slice(&webp[12..30]);
        body[8] |= 0x20;
        body.extend_from_slice(&iccp);
        body.extend_from_slice(&webp[30..]);
    } else {
        body.extend_from_slice(b"VP8X");
        body.extend_from_slice(&10u32.to_le_bytes());
        body.extend_from_slice(&[0x20, 0, 0, 0]);
        body.extend_from_slice(&(width - 1).to_le_bytes()[..3]);
        body.extend_from_slice(&(height - 1).to_le_bytes()[..3]);
        body.extend_from_slice(&iccp);
        body.extend_from_slice(&webp[12..]);
    }
    let mut out = Vec::with_capacity(body.len() + 12);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&((body.len() + 4) as u32).to_le_bytes());
    out.extend_from_slice(b"WEBP");
    out.extend_from_slice(&body);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::ImageDecoder;
    use std::io::Cursor;

    #[test]
    fn the_jpeg_keeps_its_colours_with_and_without_a_profile() {
        let (w, h) = (64u32, 48u32);
        let mut buf = Vec::new();
        for _ in 0..h {
            for x in 0..w {
                buf.extend_from_slice(if x < w / 2 {
                    &[230, 20, 20]
                } else {
                    &[20, 20, 230]
                });
            }
        }
        let p = Pixels {
            width: w,
            height: h,
            channels: 3,
            buf,
        };
        for icc in [None, Some(&[7u8; 600][..])] {
            let out = jpeg(&p, icc).unwrap();
            let img = image::load_from_memory(&out).unwrap().into_rgb8();
            let (left, right) = (img.get_pixel(8, 24).0, img.get_pixel(56, 24).0);
            assert!(
                left[0] > 200 && left[2] < 60,
                "left {left:?} (icc {})",
                icc.is_some()
            );
            assert!(
                right[2] > 200 && right[0] < 60,
                "right {right:?} (icc {})",
                icc.is_some()
            );
        }
    }

    #[test]
    fn the_colour_profile_is_carried_into_jpeg_and_webp() {
        let p = Pixels {
            width: 8,
            height: 6,
            channels: 3,
            buf: vec![120; 8 * 6 * 3],
        };
        // Larger than one JPEG segment, and odd (WebP pads chunks to even sizes).
        let icc: Vec<u8> = (0..70_001u32).map(|i| (i % 251) as u8).collect();
        let jpeg = jpeg(&p, Some(&icc)).unwrap();
        let mut d = image::codecs::jpeg::JpegDecoder::new(Cursor::new(&jpeg)).unwrap();
        assert_eq!(d.icc_profile().unwrap(), Some(icc.clone()));
        let webp = webp(&p, WEBP_QUALITY, Some(&icc)).unwrap();
        let mut d = image::codecs::webp::WebPDecoder::new(Cursor::new(&webp)).unwrap();
        assert_eq!(d.icc_profile().unwrap(), Some(icc));
        assert_eq!(d.dimensions(), (8, 6));
        assert!(image::load_from_memory(&webp).is_ok());
    }
}
