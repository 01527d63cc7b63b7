//! The public pages as HTML, from the store and the UI build, never from `App` or a request:
//! each page's data (`page_data`) and shell (`shells`), the live set of finished pages and the worker that
//! renders their bodies after start and after each admin write, never per request (`page_cache`),
//! how each finished page's bytes are kept (`copies`),
//! and the UI's server bundle, embedded in the binary, run in QuickJS (`engine`) with the policy
//! around it here (`Renderer`): a page whose render throws or runs past its deadline logs one line
//! and is served as its empty shell. See docs/CONTRACTS.md, "Rendering".

pub mod copies;
pub mod engine;
pub mod page_cache;
pub mod page_data;
pub mod shells;

pub use engine::{Engine, Limits, RenderError};
use std::sync::Arc;
use std::time::Instant;

/// The server bundle (`ui/src/entry-server.tsx`), built by build.rs beside the client build.
pub const BUNDLE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/ui/dist-server/entry-server.js"
));

/// Renders page bodies, or nothing when the engine could not start (every page is then its shell).
pub struct Renderer {
    engine: Option<Engine>,
}

impl Renderer {
    /// The engine with the embedded bundle and the default limits.
    pub fn start() -> Renderer {
        Renderer::with_bundle(BUNDLE, Limits::default())
    }

    /// The engine with another bundle (tests: one that throws or loops).
    pub fn with_bundle(bundle: &str, limits: Limits) -> Renderer {
        let started = Instant::now();
        match Engine::start(bundle, limits) {
            Ok(engine) => {
                tracing::debug!(
                    ms = started.elapsed().as_millis() as u64,
                    "loaded the server bundle"
                );
                Renderer {
                    engine: Some(engine),
                }
            }
            Err(e) => {
                tracing::error!("server rendering is off, pages are sent as empty shells: {e:#}");
                Renderer { engine: None }
            }
        }
    }

    /// No rendering: every page is its shell.
    pub fn off() -> Renderer {
        Renderer { engine: None }
    }

    /// The body of the page at `path` from its data `json`, or `None` (logged in one line) when the
    /// render failed. Blocks: never call it on a request thread.
    pub fn body(&self, path: &str, json: &Arc<str>) -> Option<String> {
        let engine = self.engine.as_ref()?;
        let started = Instant::now();
        match engine.render(path, json.clone()) {
            Ok(html) => {
                tracing::debug!(
                    path,
                    ms = started.elapsed().as_secs_f64() * 1000.0,
                    bytes = html.len(),
                    "rendered a page"
                );
                Some(html)
            }
            Err(e) => {
                tracing::warn!("rendering {path} failed, sending its empty shell: {e}");
                None
            }
        }
    }
}
