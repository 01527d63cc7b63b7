//! Builds the UI (`ui/` -> `ui/dist`) so that rust-embed can bake it into the executable, and the
//! server bundle (`ui/dist-server/entry-server.js`, one script) that src/render/ embeds.
//!
//! Runs `npm ci` when `ui/node_modules` is missing or older than `ui/package-lock.json`, then
//! `npm run build` (the client build, then the server build), then writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file of
//! `ui/dist` so that the server never compresses a file per request. Cargo re-runs this only when a
//! UI source changes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

const WATCHED: &[&str] = &[
    "ui/src",
    "ui/public",
    "ui/index.html",
    "ui/package.json",
    "ui/package-lock.json",
    "ui/vite.config.ts",
    "ui/tsconfig.json",
];

/// The server bundle (vite.config.ts, `--ssr`), embedded by src/render/mod.rs with include_str!.
const SERVER_BUNDLE: &str = "ui/dist-server/entry-server.js";

fn main() {
    for path in WATCHED {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=STUDIO_SKIP_UI_BUILD");
    if std::env::var_os("STUDIO_SKIP_UI_BUILD").is_some()
        && Path::new("ui/dist/index.html").is_file()
        && Path::new(SERVER_BUNDLE).is_file()
    {
        println!(
            "cargo:warning=STUDIO_SKIP_UI_BUILD is set: embedding the existing ui/dist and ui/dist-server"
        );
        if let Err(message) = lock_ui().and_then(|_lock| precompress(Path::new("ui/dist"))) {
            fail(&message);
        }
        return;
    }
    if let Err(message) = build_ui() {
        fail(&message);
    }
}

/// One clear line; cargo shows it as the reason the build failed.
fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

fn build_ui() -> Result<(), String> {
    let ui = Path::new("ui");
    let npm = if cfg!(windows) { "npm.cmd" } else { "npm" };
    match Command::new(npm).arg("--version").output() {
        Ok(out) if out.status.success() => {}
        _ => {
            return Err(
                "building studio needs Node.js 20+ and npm on PATH to build its UI \
                        (Debian: apt-get install nodejs npm); `npm --version` did not run"
                    .to_string(),
            );
        }
    }
    let _lock = lock_ui()?;

    if node_modules_stale(ui) {
        run(ui, npm, &["ci", "--no-audit", "--no-fund"])?;
    }
    run(ui, npm, &["run", "build"])?;
    if !ui.join("dist/index.html").is_file() {
        return Err("the UI build finished without ui/dist/index.html".to_string());
    }
    if !Path::new(SERVER_BUNDLE).is_file() {
        return Err(format!("the UI build finished without {SERVER_BUNDLE}"));
    }
    precompress(&ui.join("dist"))
}

/// Formats that are already compressed (fonts, images) gain nothing from another pass.
const COMPRESSIBLE: &[&str] = &[
    "js",
    "mjs",
    "css",
    "html",
    "svg",
    "json",
    "txt",
    "xml",
    "webmanifest",
    "ico",
    "map",
];

/// Writes `<file>.br` and `<file>.gz` beside every compressible file of `dist`, except the shell
/// (`index.html`), which the server fills in per route and compresses itself. A copy that would not
/// be at least 5% smaller is not written, and the server then sends the file as it is; the gzip copy
/// of a script or stylesheet under `assets/` is written whatever its size.
fn precompress(dist: &Path) -> Result<(), String> {
    let mut files = Vec::new();
    collect(dist, &mut files)?;
    for path in files {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !COMPRESSIBLE.contains(&ext) || path == dist.join("index.html") {
            continue;
        }
        let data = std::fs::read(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        // The scripts and stylesheets are embedded as their compressed copies only (src/ui_build/
        // mod.rs): their gzip copy is always written, being the one the plain file is made from.
        let gzip_only = path.parent() == Some(&dist.join("assets")) && matches!(ext, "js" | "css");
        for (suffix, packed) in [("br", brotli_best(&data)?), ("gz", gzip_best(&data)?)] {
            let out = PathBuf::from(format!("{}.{suffix}", path.display()));
            if packed.len() * 20 < data.len() * 19 || (gzip_only && suffix == "gz") {
                std::fs::write(&out, &packed)
                    .map_err(|e| format!("writing {}: {e}", out.display()))?;
            } else if out.exists() {
                std::fs::remove_file(&out)
                    .map_err(|e| format!("removing the stale {}: {e}", out.display()))?;
            }
        }
    }
    Ok(())
}

/// Every file under `dir`, without the compressed copies themselves.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("listing {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("listing {}: {e}", dir.display()))?
            .path();
        let hidden = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'));
        if hidden {
            // Vite's .vite/manifest.json is read by the server, never sent.
            continue;
        } else if path.is_dir() {
            collect(&path, files)?;
        } else if !matches!(path.extension().and_then(|e| e.to_str()), Some("br" | "gz")) {
            files.push(path);
        }
    }
    Ok(())
}

fn brotli_best(data: &[u8]) -> Result<Vec<u8>, String> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        size_hint: data.len(),
        ..Default::default()
    };
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &data[..], &mut out, &params)
        .map_err(|e| format!("brotli: {e}"))?;
    Ok(out)
}

fn gzip_best(data: &[u8]) -> Result<Vec<u8>, String> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(data).map_err(|e| format!("gzip: {e}"))?;
    encoder.finish().map_err(|e| format!("gzip: {e}"))
}

/// Two cargo builds at once (say `cargo test` and `cargo build --release`) must not write
/// ui/dist together; the lock holds until the returned file is dropped.
fn lock_ui() -> Result<std::fs::File, String> {
    let lock = std::fs::File::create("ui/.build.lock")
        .map_err(|e| format!("creating ui/.build.lock: {e}"))?;
    lock.lock()
        .map_err(|e| format!("locking ui/.build.lock: {e}"))?;
    Ok(lock)
}

/// npm writes node_modules/.package-lock.json on every install; older than the lock file means the
/// lock file changed since.
fn node_modules_stale(ui: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (
        modified(&ui.join("node_modules/.package-lock.json")),
        modified(&ui.join("package-lock.json")),
    ) {
        (Some(installed), Some(lock)) => installed < lock,
        _ => true,
    }
}

fn run(dir: &Path, program: &str, args: &[&str]) -> Result<(), String> {
    let shown = format!("{program} {}", args.join(" "));
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("running `{shown}` in ui/: {e}"))?;
    if !out.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&out.stdout));
        eprintln!("{}", String::from_utf8_lossy(&out.stderr));
        return Err(format!(
            "`{shown}` in ui/ failed ({}); its output is above",
            out.status
        ));
    }
    Ok(())
}
