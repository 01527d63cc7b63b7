//! Builds the UI (`ui/` -> `ui/dist`) so that rust-embed can bake it into the executable.
//!
//! Runs `npm ci` when `ui/node_modules` is missing or older than `ui/package-lock.json`, then
//! `npm run build`. Cargo re-runs this only when a UI source changes.

use std::path::Path;
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

fn main() {
    for path in WATCHED {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=STUDIO_SKIP_UI_BUILD");
    if std::env::var_os("STUDIO_SKIP_UI_BUILD").is_some()
        && Path::new("ui/dist/index.html").is_file()
    {
        println!("cargo:warning=STUDIO_SKIP_UI_BUILD is set: embedding the existing ui/dist");
        return;
    }
    if let Err(message) = build_ui() {
        // One clear line; cargo shows it as the reason the build failed.
        eprintln!("error: {message}");
        std::process::exit(1);
    }
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
    // Two cargo builds at once (say `cargo test` and `cargo build --release`) must not write
    // ui/dist together.
    let lock = std::fs::File::create(ui.join(".build.lock"))
        .map_err(|e| format!("creating ui/.build.lock: {e}"))?;
    lock.lock()
        .map_err(|e| format!("locking ui/.build.lock: {e}"))?;

    if node_modules_stale(ui) {
        run(ui, npm, &["ci", "--no-audit", "--no-fund"])?;
    }
    run(ui, npm, &["run", "build"])?;
    if !ui.join("dist/index.html").is_file() {
        return Err("the UI build finished without ui/dist/index.html".to_string());
    }
    Ok(())
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
