//! The UI's client build (`ui/dist`, made by build.rs with Vite), baked into the executable: the
//! files as rust-embed holds them (`Dist`), and the table they are served from, with their
//! compressed copies and the chunks each page needs (`assets`). The pages, the page cache, the
//! page validator and the API all read it here; it reads none of them.

pub mod assets;

use rust_embed::RustEmbed;

/// The Vite build, baked into the executable. The scripts and stylesheets under `assets/` are
/// baked in as their brotli and gzip copies only (build.rs always writes the gzip one), and their
/// plain bytes are unpacked from the gzip copy at start (`assets::load`): half a megabyte less
/// executable, for the few clients that accept neither encoding.
#[derive(RustEmbed)]
#[folder = "ui/dist"]
#[exclude = "assets/*.js"]
#[exclude = "assets/*.css"]
pub struct Dist;
