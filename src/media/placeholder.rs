//! The placeholder a page shows while a photo loads: the photo itself at 24 px wide as a
//! low-quality WebP `data:` URL (a few hundred bytes, blurred by the browser's upscaling and CSS).

use super::decode::Pixels;
use super::encode;
use base64::Engine;

pub const WIDTH: u32 = 24;

pub fn data_url(tiny: &Pixels) -> anyhow::Result<String> {
    let bytes = encode::webp(tiny, 40.0, None)?;
    Ok(format!(
        "data:image/webp;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    ))
}
