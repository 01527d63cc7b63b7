//! The UI's client build (`ui/dist`, made by build.rs with Vite), baked into the executable: the
//! files as rust-embed holds them (`Dist`), and the table they are served from, with their
//! compressed copies and the chunks each page needs (`assets`). The pages, the page cache, the
//! page validator and the API all read it here; it reads none of them.

pub mod assets;

use rust_embed::RustEmbed;

/// The Vite build, baked into the executable.
#[derive(RustEmbed)]
#[folder = "ui/dist"]
pub struct Dist;
