//! `studio install` and `studio uninstall`: the plan of what differs from an installed studio
//! (user, binary, folders, settings, data file, unit, service), shown, asked once, then carried
//! out. A second run finds nothing to change; a host's edited `studio.toml` and the data file are
//! never overwritten.

use super::paths::{self, Paths};
use super::{UNIT, systemd};
use crate::config::{Config, Layer};
use crate::safe_files;
use anyhow::{Context, Result, anyhow, bail};
use std::fs;
use std::io::{BufRead, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The host's answers (`--domain`, `--email`, `--listen`).
#[derive(Debug, Default, Clone)]
pub struct Answers {
    pub domains: Vec<String>,
    pub email: Option<String>,
    pub listen: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Options {
    pub answers: Answers,
    pub yes: bool,
    pub dry_run: bool,
    pub skip_dns_check: bool,
    /// `/`, or a folder standing for it (tests): then systemd and the network are left alone.
    pub root: PathBuf,
}

/// Who owns a file: root, or the service's user.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Owner {
    Root,
    /// root:studio
    RootGroup,
    Studio,
}

/// One change the plan makes.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    CreateUser,
    Binary {
        from: PathBuf,
    },
    Dir {
        path: PathBuf,
        mode: u32,
        owner: Owner,
    },
    Settings {
        text: String,
    },
    Repair {
        path: PathBuf,
        mode: u32,
        owner: Owner,
    },
    DataFile,
    Unit,
    DaemonReload,
    Enable,
    Start,
    Restart,
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let owner = |o: &Owner| match o {
            Owner::Root => "root",
            Owner::RootGroup => "root:studio",
            Owner::Studio => "studio:studio",
        };
        match self {
            Step::CreateUser => write!(
                f,
                "create the system user and group `studio` (no shell, no login)"
            ),
            Step::Binary { from } => write!(
                f,
                "install {} as /usr/local/bin/studio (0755, root)",
                from.display()
            ),
            Step::Dir {
                path,
                mode,
                owner: o,
            } => write!(f, "create {} ({mode:04o}, {})", path.display(), owner(o)),
            Step::Settings { .. } => write!(
                f,
                "write the settings {} (0640, root:studio)",
                paths::Paths::new(Path::new("/")).config().display()
            ),
            Step::Repair {
                path,
                mode,
                owner: o,
            } => write!(f, "set {} to {mode:04o}, {}", path.display(), owner(o)),
            Step::DataFile => write!(
                f,
                "create the data file /var/lib/studio/studio.redb with an admin account"
            ),
            Step::Unit => write!(f, "write the service /etc/systemd/system/studio.service"),
            Step::DaemonReload => write!(f, "reload systemd (systemctl daemon-reload)"),
            Step::Enable => write!(f, "start studio at every boot (systemctl enable studio)"),
            Step::Start => write!(f, "start studio now"),
            Step::Restart => write!(f, "restart studio with the changes"),
        }
    }
}

/// `studio.toml` as install writes it from the answers.
pub fn settings_text(answers: &Answers) -> Result<String> {
    let quote = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let mut text = String::from(
        "# Written by `studio install`. Every setting is described in the release's studio.toml and\n\
         # in docs/operations.md. Edit it, then run `sudo systemctl restart studio`.\n\
         data = \"/var/lib/studio/studio.redb\"\n\
         backup_dir = \"/var/backups/studio\"\n",
    );
    match (&answers.domains[..], &answers.listen) {
        ([], None) => bail!(
            "say where the site answers: --domain example.com (HTTPS on ports 80 and 443, with \
             --email for the certificate authority), or --listen 127.0.0.1:8080 behind your own proxy"
        ),
        ([_, ..], Some(_)) => {
            bail!("give either --domain (HTTPS by studio) or --listen (behind a proxy), not both")
        }
        (domains @ [_, ..], None) => {
            let list: Vec<String> = domains.iter().map(|d| quote(d)).collect();
            text.push_str(&format!("domains = [{}]\n", list.join(", ")));
            match &answers.email {
                Some(e) => text.push_str(&format!("acme_email = {}\n", quote(e))),
                None => bail!(
                    "--email is needed with --domain: the certificate authority writes there before a certificate expires"
                ),
            }
        }
        ([], Some(listen)) => text.push_str(&format!("listen = {}\n", quote(listen))),
    }
    // The same checks `studio serve` makes, now rather than at the service's first start.
    let layer: Layer =
        toml::from_str(&text).map_err(|e| anyhow!("the settings: {}", e.message()))?;
    Config::from_layer(layer)?;
    Ok(text)
}

/// What differs between `paths` and an installed studio, in the order it is put right.
/// `service_state` is `(enabled, active)` as systemd reports them (`None` under a test root).
pub fn plan(
    paths: &Paths,
    answers: &Answers,
    this_binary: &Path,
    service_state: Option<(bool, bool)>,
) -> Result<(Vec<Step>, Vec<String>)> {
    let mut steps = Vec::new();
    let mut notes = Vec::new();
    if paths::user_ids(paths).is_none() {
        steps.push(Step::CreateUser);
    }
    let bin = paths.binary();
    if !same_bytes(this_binary, &bin) {
        steps.push(Step::Binary {
            from: this_binary.to_path_buf(),
        });
    } else if !right(&bin, 0o755, Owner::Root, paths) {
        steps.push(Step::Repair {
            path: bin.clone(),
            mode: 0o755,
            owner: Owner::Root,
        });
    }
    for (path, mode, owner) in [
        (paths.data_dir(), 0o750, Owner::Studio),
        (paths.backup_dir(), 0o750, Owner::Studio),
        (paths.etc_dir(), 0o755, Owner::Root),
    ] {
        if !path.is_dir() {
            steps.push(Step::Dir { path, mode, owner });
        } else if !right(&path, mode, owner, paths) {
            steps.push(Step::Repair { path, mode, owner });
        }
    }
    let config = paths.config();
    let mut settings_changed = false;
    match fs::read_to_string(&config) {
        Err(_) => {
            steps.push(Step::Settings {
                text: settings_text(answers)?,
            });
            settings_changed = true;
        }
        Ok(existing) => {
            let asked = answers.listen.is_some() || !answers.domains.is_empty();
            if asked {
                let wanted = settings_text(answers)?;
                if wanted != existing {
                    notes.push(format!(
                        "{} was edited or written for other answers; it is kept as it is. What these \
                         answers would write differs by:\n{}",
                        config.display(),
                        diff(&existing, &wanted)
                    ));
                }
            }
            if !right(&config, 0o640, Owner::RootGroup, paths) {
                steps.push(Step::Repair {
                    path: config.clone(),
                    mode: 0o640,
                    owner: Owner::RootGroup,
                });
            }
        }
    }
    let data = paths.data_file();
    // The service's own folder: a link it planted at the data file's name is refused, never
    // followed (nor is a dangling one taken for "no data file yet").
    if safe_files::look(&data)?.is_none() {
        steps.push(Step::DataFile);
    } else {
        notes.push(format!(
            "the data file {} is kept as it is, with its admin accounts",
            data.display()
        ));
        if !right(&data, 0o600, Owner::Studio, paths) {
            steps.push(Step::Repair {
                path: data,
                mode: 0o600,
                owner: Owner::Studio,
            });
        }
    }
    let unit = paths.unit();
    let unit_changed = fs::read_to_string(&unit).ok().as_deref() != Some(UNIT);
    if unit_changed {
        steps.push(Step::Unit);
    } else if !right(&unit, 0o644, Owner::Root, paths) {
        steps.push(Step::Repair {
            path: unit,
            mode: 0o644,
            owner: Owner::Root,
        });
    }
    if let Some((enabled, active)) = service_state {
        if unit_changed {
            steps.push(Step::DaemonReload);
        }
        if !enabled {
            steps.push(Step::Enable);
        }
        let binary_changed = steps.iter().any(|s| matches!(s, Step::Binary { .. }));
        if !active {
            steps.push(Step::Start);
        } else if unit_changed || binary_changed || settings_changed {
            steps.push(Step::Restart);
        }
    }
    Ok((steps, notes))
}

fn same_bytes(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(ma), Ok(mb)) if ma.len() == mb.len() => {
            (ma.dev() == mb.dev() && ma.ino() == mb.ino())
                || matches!((fs::read(a), fs::read(b)), (Ok(x), Ok(y)) if x == y)
        }
        _ => false,
    }
}

fn ids(owner: Owner, paths: &Paths) -> Option<(u32, u32)> {
    match owner {
        Owner::Root => Some((0, 0)),
        Owner::RootGroup => paths::group_id(paths).map(|g| (0, g)),
        Owner::Studio => paths::user_ids(paths),
    }
}

/// The file has `mode` and `owner` (owners are only compared when the user exists).
fn right(path: &Path, mode: u32, owner: Owner, paths: &Paths) -> bool {
    let Ok(m) = fs::symlink_metadata(path) else {
        return false;
    };
    let owner_ok = match ids(owner, paths) {
        Some((uid, gid)) => m.uid() == uid && m.gid() == gid,
        None => owner == Owner::Root,
    };
    m.mode() & 0o7777 == mode && owner_ok
}

/// Lines only in `old` (-) and only in `new` (+).
fn diff(old: &str, new: &str) -> String {
    let mut out = String::new();
    for l in old.lines().filter(|l| !new.lines().any(|n| n == *l)) {
        out.push_str(&format!("  - {l}\n"));
    }
    for l in new.lines().filter(|l| !old.lines().any(|o| o == *l)) {
        out.push_str(&format!("  + {l}\n"));
    }
    out
}

/// The owner to give a file: only root can give one, so none when run as another user (tests).
fn owner_ids(owner: Owner, paths: &Paths) -> Option<(u32, u32)> {
    ids(owner, paths).filter(|_| super::update::is_root())
}

/// Sets the mode and owner of the file or folder at `path`, on the file once opened without
/// following a link (see `safe_files`).
fn set(path: &Path, mode: u32, owner: Owner, paths: &Paths) -> Result<()> {
    let (dir, name) = safe_files::Dir::of(path)?;
    let file = match dir.kind(&name)? {
        Some(safe_files::Kind::Folder) => dir.open_dir(&name)?.map(|d| d.as_file()).transpose()?,
        _ => dir.open_file(&name, false)?,
    }
    .ok_or_else(|| anyhow!("{} is missing", path.display()))?;
    safe_files::set_mode_owner(&file, path, mode, owner_ids(owner, paths))
}

/// Writes `bytes` beside `path` under a new random name, with `mode` and `owner`, then renames it
/// into place (a link at `path` is refused).
fn write_file(path: &Path, bytes: &[u8], mode: u32, owner: Owner, paths: &Paths) -> Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let (dir, name) = safe_files::Dir::of(path)?;
    dir.file_there(&name)?;
    let (mut file, tmp) = dir.create_temp(&name)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("writing {}", dir.shown(&tmp).display()))
        .and_then(|()| safe_files::set_mode_owner(&file, path, mode, owner_ids(owner, paths)))
        .and_then(|()| dir.replace(&tmp, &name));
    if written.is_err() {
        let _ = dir.remove(&tmp);
    }
    dir.sync();
    written
}

/// Creates the data file with an admin account: made in a private folder of root's inside the
/// service's folder, given to the service, then renamed to its name (only if nothing is there).
/// Returns the admin's new password, if one was set.
fn create_data_file(paths: &Paths) -> Result<Option<String>> {
    let data = paths.data_file();
    let (dir, name) = safe_files::Dir::of(&data)?;
    let work = dir.work_dir()?;
    let fresh = std::ffi::OsStr::new("studio.redb");
    let store = crate::store::Store::open(&work.path("studio.redb"))
        .map_err(|e| anyhow!("creating {}: {e}", data.display()))?;
    let mut password = None;
    if store.admin_count()? == 0 {
        let p = crate::auth::random_password()?;
        store.set_admin_password("admin", &crate::auth::hash_password(&p)?)?;
        store.mark_password_generated("admin")?;
        password = Some(p);
    }
    drop(store);
    let file = work
        .dir()
        .open_file(fresh, false)?
        .ok_or_else(|| anyhow!("creating {}: the new file went away", data.display()))?;
    safe_files::set_mode_owner(&file, &data, 0o600, owner_ids(Owner::Studio, paths))?;
    work.dir().rename_new_into(fresh, &dir, &name)?;
    dir.sync();
    Ok(password)
}

/// `studio install`.
pub fn install(opts: &Options) -> Result<()> {
    let paths = Paths::new(&opts.root);
    let real = opts.root == Path::new("/");
    if real && !super::update::is_root() {
        bail!(
            "installing studio needs root: run `sudo {} install ...`",
            std::env::args().next().unwrap_or_else(|| "studio".into())
        );
    }
    if real && !systemd::booted() {
        bail!(
            "this machine does not run systemd, which keeps studio running; see docs/operations.md for running it another way"
        );
    }
    paths.refuse_packaged()?;
    let this = std::env::current_exe().context("finding this program's own file")?;
    let state = real.then(|| {
        (
            systemd::property("UnitFileState") == "enabled",
            systemd::is_active(),
        )
    });
    let (steps, notes) = plan(&paths, &opts.answers, &this, state)?;
    let active = state.is_some_and(|(_, a)| a);
    if real && !active && steps.iter().any(|s| matches!(s, Step::Start)) {
        check_ports(&paths, &opts.answers)?;
    }
    let dns = if real {
        dns_warnings(&opts.answers.domains)
    } else {
        Vec::new()
    };
    for note in &notes {
        println!("Note: {note}");
    }
    for w in &dns {
        println!("Warning: {w}");
    }
    if steps.is_empty() {
        println!("Nothing to change: studio is installed as it should be.");
    } else {
        println!("studio install will:");
        for s in &steps {
            println!("  - {s}");
        }
    }
    if opts.dry_run {
        println!("(--dry-run: nothing was changed)");
        return Ok(());
    }
    if !dns.is_empty() && !opts.skip_dns_check {
        bail!(
            "the domain's DNS does not point to this machine, so no certificate could be had; fix the DNS record, or go on with --skip-dns-check"
        );
    }
    if steps.is_empty() && !real {
        return Ok(());
    }
    if !steps.is_empty() && !opts.yes && !ask("Go ahead?")? {
        bail!("nothing was changed");
    }
    let mut password = None;
    for step in &steps {
        apply(step, &paths, &mut password)?;
    }
    if real {
        let config = Config::load(Some(&paths.config()), Layer::default())?;
        println!("Waiting until the site answers");
        systemd::wait_healthy(&config, systemd::HEALTHY_WITHIN)?;
        let address = match &config.https {
            Some(h) if !h.domains.is_empty() => format!("https://{}/", h.domains[0]),
            _ => format!("http://{}/ (put your proxy in front of it)", config.listen),
        };
        println!("\nstudio is running at {address}");
        println!("  settings:  {}", paths.config().display());
        println!("  data:      {}", config.data.display());
        println!(
            "  snapshots: {}",
            config
                .backup_dir
                .as_deref()
                .unwrap_or(&paths.backup_dir())
                .display()
        );
        println!("  status:    sudo studio status");
    }
    if let Some(p) = password {
        println!(
            "\nThe admin panel's account (shown only this once):\n  user name: admin\n  password:  {p}\nSign in at /admin and change it in Account."
        );
    }
    Ok(())
}

fn apply(step: &Step, paths: &Paths, password: &mut Option<String>) -> Result<()> {
    match step {
        Step::CreateUser => {
            let mut cmd = Command::new("useradd");
            cmd.args([
                "--system",
                "--user-group",
                "--home-dir",
                "/var/lib/studio",
                "--no-create-home",
                "--shell",
                "/usr/sbin/nologin",
            ]);
            if paths.root != Path::new("/") {
                cmd.arg("--root").arg(&paths.root);
            }
            let out = cmd.arg(paths::USER).output().context("running useradd")?;
            if !out.status.success() {
                bail!(
                    "useradd failed: {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                );
            }
        }
        Step::Binary { from } => {
            let bytes = fs::read(from).with_context(|| format!("reading {}", from.display()))?;
            write_file(&paths.binary(), &bytes, 0o755, Owner::Root, paths)?;
        }
        Step::Dir { path, mode, owner } => {
            fs::create_dir_all(path).with_context(|| format!("creating {}", path.display()))?;
            set(path, *mode, *owner, paths)?;
        }
        Step::Repair { path, mode, owner } => set(path, *mode, *owner, paths)?,
        Step::Settings { text } => write_file(
            &paths.config(),
            text.as_bytes(),
            0o640,
            Owner::RootGroup,
            paths,
        )?,
        Step::DataFile => *password = create_data_file(paths)?,
        Step::Unit => write_file(&paths.unit(), UNIT.as_bytes(), 0o644, Owner::Root, paths)?,
        Step::DaemonReload => systemd::systemctl(&["daemon-reload"])?,
        Step::Enable => systemd::systemctl(&["enable", paths::SERVICE])?,
        Step::Start => systemd::systemctl(&["start", paths::SERVICE])?,
        Step::Restart => systemd::systemctl(&["restart", paths::SERVICE])?,
    }
    Ok(())
}

/// Asks a yes/no question on the terminal; false on anything but yes.
fn ask(question: &str) -> Result<bool> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() {
        bail!("nothing was changed: run it in a terminal to answer, or add --yes");
    }
    print!("{question} [y/N] ");
    std::io::stdout().flush().ok();
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    Ok(matches!(line.trim(), "y" | "Y" | "yes" | "Yes"))
}

/// Refuses when another program holds a port the service will listen on.
fn check_ports(paths: &Paths, answers: &Answers) -> Result<()> {
    let config = match fs::read_to_string(paths.config()) {
        Ok(text) => Config::from_layer(
            toml::from_str(&text)
                .map_err(|e| anyhow!("{}: {}", paths.config().display(), e.message()))?,
        )?,
        Err(_) => Config::from_layer(toml::from_str(&settings_text(answers)?)?)?,
    };
    let addrs = match &config.https {
        Some(h) => vec![h.http_listen, h.https_listen],
        None => vec![config.listen],
    };
    for addr in addrs {
        if let Err(e) = std::net::TcpListener::bind(addr) {
            bail!(
                "port {} is already taken on this machine ({e}): stop the program using it (`ss -ltnp` names it), or choose another with --listen",
                addr.port()
            );
        }
    }
    Ok(())
}

/// One warning per domain whose DNS addresses are none of this machine's.
fn dns_warnings(domains: &[String]) -> Vec<String> {
    use std::net::ToSocketAddrs;
    let local = local_addresses();
    domains
        .iter()
        .filter_map(|d| {
            let found: Vec<std::net::IpAddr> = (d.as_str(), 80)
                .to_socket_addrs()
                .map(|a| a.map(|s| s.ip()).collect())
                .unwrap_or_default();
            if found.is_empty() {
                return Some(format!("{d} has no DNS address yet: point an A (or AAAA) record at this server"));
            }
            (!found.iter().any(|ip| local.contains(ip))).then(|| {
                format!(
                    "{d} points to {} but this machine has {}; the certificate authority would not reach studio (behind NAT or a cloud firewall's public address this may be fine)",
                    found.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", "),
                    local.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
                )
            })
        })
        .collect()
}

fn local_addresses() -> Vec<std::net::IpAddr> {
    let mut out = Vec::new();
    let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs fills `list` with a linked list freed below by freeifaddrs; each entry's
    // address is read only when present and of the family it says.
    unsafe {
        if libc::getifaddrs(&mut list) != 0 {
            return out;
        }
        let mut cur = list;
        while !cur.is_null() {
            let addr = (*cur).ifa_addr;
            if !addr.is_null() {
                match (*addr).sa_family as i32 {
                    libc::AF_INET => {
                        let a = &*(addr as *const libc::sockaddr_in);
                        out.push(std::net::Ipv4Addr::from(u32::from_be(a.sin_addr.s_addr)).into());
                    }
                    libc::AF_INET6 => {
                        let a = &*(addr as *const libc::sockaddr_in6);
                        out.push(std::net::Ipv6Addr::from(a.sin6_addr.s6_addr).into());
                    }
                    _ => {}
                }
            }
            cur = (*cur).ifa_next;
        }
        libc::freeifaddrs(list);
    }
    out
}

/// `studio uninstall [--purge]`.
pub fn uninstall(root: &Path, purge: bool, yes: bool) -> Result<()> {
    let paths = Paths::new(root);
    let real = root == Path::new("/");
    if real && !super::update::is_root() {
        bail!("uninstalling studio needs root: run it with sudo");
    }
    paths.refuse_packaged()?;
    let mut gone: Vec<PathBuf> = vec![
        paths.unit(),
        paths.binary(),
        paths.previous_binary(),
        paths.release_dir(),
    ];
    let kept = [paths.data_dir(), paths.backup_dir(), paths.etc_dir()];
    println!("studio uninstall will stop the service and delete:");
    for p in &gone {
        println!("  - {}", p.display());
    }
    if purge {
        println!(
            "and, with --purge, delete for good the site's data, its snapshots and its settings:"
        );
        for p in &kept {
            println!("  - {}", p.display());
        }
        println!("  - the user `studio`");
        gone.extend(kept.iter().cloned());
    } else {
        println!(
            "It keeps {} (add --purge to delete them too).",
            kept.iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if !yes
        && !ask(if purge {
            "Delete all of this, data included?"
        } else {
            "Go ahead?"
        })?
    {
        bail!("nothing was changed");
    }
    if real && paths.unit().exists() {
        let _ = systemd::systemctl(&["disable", "--now", paths::SERVICE]);
    }
    for p in &gone {
        let r = if p.is_dir() {
            fs::remove_dir_all(p)
        } else {
            fs::remove_file(p)
        };
        match r {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(e).with_context(|| format!("deleting {}", p.display()));
            }
            _ => {}
        }
    }
    if real {
        systemd::systemctl(&["daemon-reload"])?;
        let _ = systemd::systemctl(&["reset-failed", paths::SERVICE]);
    }
    if purge && paths::user_ids(&paths).is_some() {
        let mut cmd = Command::new("userdel");
        if !real {
            cmd.arg("--root").arg(root);
        }
        let out = cmd.arg(paths::USER).output().context("running userdel")?;
        if !out.status.success() {
            bail!(
                "userdel failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
    }
    println!(
        "studio is uninstalled{}.",
        if purge {
            ", its data deleted"
        } else {
            "; the data, snapshots and settings are kept"
        }
    );
    Ok(())
}
