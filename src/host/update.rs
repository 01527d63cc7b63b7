//! `studio update [--check]` and `studio rollback`: a signed release replaces the binary, after a
//! snapshot of the data file; a release that does not come up healthy is put back by itself.

use super::fetch;
use super::manifest::{self, Manifest, Version};
use super::paths::{self, Paths};
use super::systemd;
use crate::backup;
use crate::config::Config;
use crate::safe_files;
use anyhow::{Context, Result, anyhow, bail};
use std::ffi::OsStr;
use std::fs;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// A release as its channel offers it, its signature checked.
pub struct Offer {
    pub manifest: Manifest,
    /// `release.json`'s exact bytes and its signature, kept as the installed release's record.
    pub bytes: Vec<u8>,
    pub sig: Vec<u8>,
    pub url: url::Url,
}

/// The channel: `--from`, else `update_url` (setting, `STUDIO_UPDATE_URL`, or compiled in).
pub fn channel(config: &Config, from: Option<&str>) -> Result<url::Url> {
    match from {
        Some(u) => url::Url::parse(u)
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https"))
            .ok_or_else(|| anyhow!("--from {u:?} must be the http(s) address of a release.json")),
        None => config.update_url.clone().ok_or_else(|| {
            anyhow!(
                "no release channel: set update_url in studio.toml to the address of your \
                 releases' release.json, or give --from URL"
            )
        }),
    }
}

/// Downloads and checks the channel's manifest (`URL` and `URL.sig`).
pub async fn fetch_offer(url: &url::Url, pubkeys: &[String]) -> Result<Offer> {
    let keys = manifest::trusted_keys(pubkeys)?;
    let bytes = fetch::get(url, manifest::MANIFEST_MAX as u64).await?;
    let mut sig_url = url.clone();
    sig_url.set_path(&format!("{}.sig", url.path()));
    let sig = fetch::get(&sig_url, 4096)
        .await
        .context("the release has no signature (release.json.sig): refusing it")?;
    let manifest = manifest::verify(&bytes, &sig, &keys)?;
    Ok(Offer {
        manifest,
        bytes,
        sig,
        url: url.clone(),
    })
}

/// The installed release: the signed record `update` keeps, else this binary's own version.
pub fn installed_version(paths: &Paths) -> Version {
    fs::read(paths.release_record())
        .ok()
        .and_then(|b| serde_json::from_slice::<Manifest>(&b).ok())
        .and_then(|m| Version::parse(&m.version).ok())
        .unwrap_or_else(manifest::own_version)
}

/// `studio update --check`: says whether a newer release exists; true when one does.
pub fn check(config: &Config, paths: &Paths, from: Option<&str>) -> Result<bool> {
    let url = channel(config, from)?;
    let offer = block_on(fetch_offer(&url, &config.update_pubkeys))?;
    let installed = installed_version(paths);
    let m = &offer.manifest;
    if m.version() > installed {
        println!(
            "Version {} is available (installed: {installed}; released {}).",
            m.version, m.date
        );
        if !m.notes.trim().is_empty() {
            println!("\n{}\n", m.notes.trim());
        }
        println!("Run `sudo studio update` to install it.");
        Ok(true)
    } else {
        println!(
            "studio {installed} is up to date (the channel offers {}).",
            m.version
        );
        Ok(false)
    }
}

fn block_on<T>(f: impl std::future::Future<Output = Result<T>>) -> Result<T> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?
        .block_on(f)
}

/// The channel's release when it may be installed: signed by a trusted key, not expired, and
/// newer than both the installed release and the running binary (an older one is only ever put
/// back by `studio rollback`).
pub fn newer_offer(config: &Config, paths: &Paths, from: Option<&str>) -> Result<Offer> {
    let url = channel(config, from)?;
    let offer = block_on(fetch_offer(&url, &config.update_pubkeys))?;
    offer
        .manifest
        .check_newer_than(installed_version(paths).max(manifest::own_version()))?;
    Ok(offer)
}

/// `studio update`.
pub fn update(config: &Config, paths: &Paths, from: Option<&str>) -> Result<()> {
    require_installed(paths)?;
    let offer = newer_offer(config, paths, from)?;
    let installed = installed_version(paths);
    let arch = manifest::this_arch();
    let (file_url, entry) = offer.manifest.file_for(arch, &offer.url)?;
    println!(
        "Downloading studio {} for {arch} from {file_url}",
        offer.manifest.version
    );
    let body = fetch::get_blocking(&file_url, manifest::BINARY_MAX)?;
    manifest::check_file(entry, &body)?;
    let staged = stage(paths, &body)?;
    let to = offer.manifest.version.clone();
    switch(
        config,
        paths,
        &format!("update-{installed}-to-{to}"),
        &format!("{installed} to {to}"),
        |p| {
            keep_previous(p)?;
            put(&staged, &p.binary())?;
            write_record(p, &offer)
        },
        undo_update,
    )?;
    for held in held_previous(paths) {
        let _ = fs::remove_file(held);
    }
    println!(
        "studio {to} is installed and the site is healthy. `sudo studio rollback` goes back to {installed}."
    );
    Ok(())
}

/// `studio rollback`: the previous release back in place, the same way.
pub fn rollback(config: &Config, paths: &Paths) -> Result<()> {
    require_installed(paths)?;
    if !paths.previous_binary().is_file() {
        bail!(
            "there is no previous release to go back to ({} is missing)",
            paths.previous_binary().display()
        );
    }
    let now = installed_version(paths);
    switch(
        config,
        paths,
        &format!("rollback-from-{now}"),
        "to the previous release",
        swap_with_previous,
        swap_with_previous,
    )?;
    println!(
        "studio {} is back in place and the site is healthy; {now} is kept as {}.",
        installed_version(paths),
        paths.previous_binary().display()
    );
    Ok(())
}

fn require_installed(paths: &Paths) -> Result<()> {
    paths.refuse_packaged()?;
    if !is_root() {
        bail!("updating studio needs root: run it with sudo");
    }
    if !paths.unit().is_file() || !paths.binary().is_file() {
        bail!(
            "studio is not installed as a service here ({} or {} is missing): run `studio install` first",
            paths.unit().display(),
            paths.binary().display()
        );
    }
    Ok(())
}

pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// The new binary written beside the installed one (same file system: the rename is atomic).
fn stage(paths: &Paths, body: &[u8]) -> Result<PathBuf> {
    let staged = paths.binary().with_file_name(".studio.new");
    let mut f =
        fs::File::create(&staged).with_context(|| format!("writing {}", staged.display()))?;
    f.write_all(body)
        .and_then(|()| f.sync_all())
        .with_context(|| format!("writing {}", staged.display()))?;
    fs::set_permissions(&staged, fs::Permissions::from_mode(0o755))?;
    Ok(staged)
}

/// Renames `from` over `to`.
fn put(from: &Path, to: &Path) -> Result<()> {
    fs::rename(from, to).with_context(|| format!("moving {} to {}", from.display(), to.display()))
}

/// A copy of `from` at `to`, written beside it first and renamed into place.
fn copy_into_place(from: &Path, to: &Path) -> Result<()> {
    let tmp = to.with_file_name(format!(
        ".{}.tmp",
        to.file_name().and_then(|n| n.to_str()).unwrap_or("studio")
    ));
    fs::copy(from, &tmp)
        .with_context(|| format!("copying {} to {}", from.display(), tmp.display()))?;
    put(&tmp, to)
}

/// Renames `from` to `to` when `from` exists.
fn rename_if_there(from: &Path, to: &Path) -> Result<()> {
    match fs::rename(from, to) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(e).with_context(|| format!("moving {} to {}", from.display(), to.display()))
        }
        _ => Ok(()),
    }
}

/// Where the release before the previous one waits while an update is tried: back in place
/// if the update is undone, deleted once it succeeded.
fn held_previous(paths: &Paths) -> [PathBuf; 2] {
    [
        paths.binary().with_file_name(".studio.previous.held"),
        paths.release_dir().join(".release.previous.held.json"),
    ]
}

/// The installed binary and its record become the previous ones (the older previous is held).
fn keep_previous(paths: &Paths) -> Result<()> {
    let [bin, record] = held_previous(paths);
    rename_if_there(&paths.previous_binary(), &bin)?;
    rename_if_there(&paths.previous_release_record(), &record)?;
    copy_into_place(&paths.binary(), &paths.previous_binary())?;
    rename_if_there(&paths.release_record(), &paths.previous_release_record())
}

/// Undoes `keep_previous` and the new release: each file back where it was before the update.
fn undo_update(paths: &Paths) -> Result<()> {
    let [bin, record] = held_previous(paths);
    put(&paths.previous_binary(), &paths.binary())?;
    rename_if_there(&paths.previous_release_record(), &paths.release_record())?;
    rename_if_there(&bin, &paths.previous_binary())?;
    rename_if_there(&record, &paths.previous_release_record())
}

fn write_record(paths: &Paths, offer: &Offer) -> Result<()> {
    fs::create_dir_all(paths.release_dir())?;
    fs::write(paths.release_record(), &offer.bytes)?;
    fs::write(paths.release_dir().join("release.json.sig"), &offer.sig)?;
    Ok(())
}

/// The installed and the previous release change places (binary and record).
fn swap_with_previous(paths: &Paths) -> Result<()> {
    let hold = paths.binary().with_file_name(".studio.swap");
    put(&paths.binary(), &hold)?;
    put(&paths.previous_binary(), &paths.binary())?;
    put(&hold, &paths.previous_binary())?;
    let (a, b) = (paths.release_record(), paths.previous_release_record());
    let held = paths.release_dir().join(".swap.json");
    let _ = fs::rename(&a, &held);
    let _ = fs::rename(&b, &a);
    let _ = fs::rename(&held, &b);
    Ok(())
}

/// Stops the service, snapshots the data file as `pre-<label>.redb`, runs `change`, starts the
/// service and waits until the site is healthy. When it is not: `undo` puts the files back; if
/// that one does not come up either (the new release changed the data file's format), the
/// snapshot is restored too; and the error reports what failed.
fn switch(
    config: &Config,
    paths: &Paths,
    label: &str,
    what: &str,
    change: impl FnOnce(&Paths) -> Result<()>,
    undo: impl FnOnce(&Paths) -> Result<()>,
) -> Result<()> {
    println!("Stopping the service and taking a snapshot of the data file");
    systemd::systemctl(&["stop", paths::SERVICE])?;
    let snapshot = match pre_change_snapshot(config, paths, label) {
        Ok(s) => s,
        Err(e) => {
            let _ = systemd::systemctl(&["start", paths::SERVICE]);
            return Err(e.context("no snapshot could be taken, so nothing was changed"));
        }
    };
    if let Some(s) = &snapshot {
        println!("Snapshot: {}", s.display());
    }
    if let Err(e) = change(paths) {
        let _ = systemd::systemctl(&["start", paths::SERVICE]);
        return Err(e.context("replacing the binary failed; the service runs the release it ran"));
    }
    println!("Starting the new release ({what}) and waiting until the site is healthy");
    // Starts by hand count against the unit's StartLimitBurst as crash loops do.
    let _ = systemd::systemctl(&["reset-failed", paths::SERVICE]);
    let failure = match systemd::systemctl(&["start", paths::SERVICE])
        .and_then(|()| systemd::wait_healthy(config, systemd::HEALTHY_WITHIN))
    {
        Ok(()) => return Ok(()),
        Err(e) => e,
    };
    eprintln!("The new release is not healthy: putting the previous one back");
    systemd::systemctl(&["stop", paths::SERVICE])?;
    undo(paths)?;
    let _ = systemd::systemctl(&["reset-failed", paths::SERVICE]);
    let back = systemd::systemctl(&["start", paths::SERVICE])
        .and_then(|()| systemd::wait_healthy(config, systemd::HEALTHY_WITHIN));
    match (back, &snapshot) {
        (Ok(()), _) => {}
        (Err(_), Some(s)) => {
            eprintln!(
                "The previous release does not start on the data file as it is now: restoring {}",
                s.display()
            );
            systemd::systemctl(&["stop", paths::SERVICE])?;
            restore_snapshot(config, paths, s)?;
            let _ = systemd::systemctl(&["reset-failed", paths::SERVICE]);
            systemd::systemctl(&["start", paths::SERVICE])?;
            systemd::wait_healthy(config, systemd::HEALTHY_WITHIN)
                .context("even with the snapshot restored, the previous release is not healthy")?;
        }
        (Err(e), None) => return Err(e.context("the previous release is not healthy either")),
    }
    Err(failure.context(format!(
        "the new release ({what}) did not come up healthy, so the previous one was put back and the site is serving again"
    )))
}

/// A consistent copy of the stopped service's data file in the snapshots folder, as
/// `pre-<label>.redb`; `None` when there is no data file yet. Taken by the service's own user
/// (the installed binary's `studio backup`, run as that user): the snapshots folder is the
/// service's, so root writes nothing in it and follows nothing planted there. Run by another user
/// than root (or with no service user), the copy is taken here, by `backup::snapshot`, which
/// follows no link either.
pub fn pre_change_snapshot(config: &Config, paths: &Paths, label: &str) -> Result<Option<PathBuf>> {
    match safe_files::look(&config.data)? {
        None => return Ok(None),
        Some(m) if !m.is_file() => bail!(
            "{} is not a regular file: refusing to take a snapshot of it",
            config.data.display()
        ),
        Some(_) => {}
    }
    let dir = config
        .backup_dir
        .clone()
        .unwrap_or_else(|| paths.backup_dir());
    let dest = dir.join(format!("pre-{label}.redb"));
    match service_user(paths) {
        Some(user) => as_service(
            paths,
            user,
            &[
                OsStr::new("backup"),
                dest.as_os_str(),
                OsStr::new("--data"),
                config.data.as_os_str(),
            ],
        )?,
        None => {
            fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
            let store = crate::store::Store::open(&config.data)
                .map_err(|e| anyhow!("opening {}: {e}", config.data.display()))?;
            backup::snapshot(&store, &dest)?;
        }
    }
    Ok(Some(dest))
}

/// Puts `snapshot` back in place of the data file, as the service's user when there is one.
fn restore_snapshot(config: &Config, paths: &Paths, snapshot: &Path) -> Result<()> {
    match service_user(paths) {
        Some(user) => as_service(
            paths,
            user,
            &[
                OsStr::new("restore"),
                snapshot.as_os_str(),
                OsStr::new("--data"),
                config.data.as_os_str(),
            ],
        ),
        None => backup::restore(snapshot, &config.data).map(|_| ()),
    }
}

/// The service user's uid and gid, when this runs as root and the user exists.
fn service_user(paths: &Paths) -> Option<(u32, u32)> {
    paths::user_ids(paths).filter(|_| is_root())
}

/// Runs the installed binary with `args` as the service's user (its uid and gid and no other
/// group: std drops root's groups when it sets a uid), from `/`, with root's settings file.
fn as_service(paths: &Paths, (uid, gid): (u32, u32), args: &[&OsStr]) -> Result<()> {
    use std::os::unix::process::CommandExt;
    let bin = paths.binary();
    let mut cmd = std::process::Command::new(&bin);
    cmd.args(args)
        .uid(uid)
        .gid(gid)
        .current_dir("/")
        .env_remove("STUDIO_CONFIG");
    if paths.config().is_file() {
        cmd.arg("--config").arg(paths.config());
    }
    let what = args.first().map_or("".into(), |a| a.to_string_lossy());
    let out = cmd
        .output()
        .with_context(|| format!("running `{} {what}` as the service's user", bin.display()))?;
    if !out.status.success() {
        bail!(
            "`{} {what}`, run as the service's user, failed: {}",
            bin.display(),
            super::terminal::clean(String::from_utf8_lossy(&out.stderr).trim())
        );
    }
    Ok(())
}
