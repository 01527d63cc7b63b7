//! The command line: `serve`, `admin` (accounts, passwords, the token key), `audit verify`, `backup`, `restore`,
//! `status`, and the host's `install`, `uninstall`, `update`, `rollback` (see README.md).

use crate::app::App;
use crate::config::{Config, Layer};
use crate::host::accounts;
use crate::net;
use crate::store::{OpenError, Store};
use crate::{auth, backup, host, logging};
use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "studio",
    version,
    about = "The website and admin panel of an interior design studio, in one executable",
    after_help = "Settings: studio.toml < STUDIO_* environment < flags. See README.md."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the website and the admin panel
    Serve {
        #[command(flatten)]
        common: Common,
        /// Address to listen on [default: 127.0.0.1:8080]
        #[arg(long, value_name = "ADDR")]
        listen: Option<String>,
    },
    /// Manage admin accounts
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// The activity record: who did what
    Audit {
        #[command(subcommand)]
        command: AuditCommand,
    },
    /// Write a consistent copy of the data file (the server must be stopped)
    Backup {
        /// Where to write the copy
        dest: PathBuf,
        #[command(flatten)]
        common: Common,
    },
    /// Check a backup and put it in place of the data file, keeping the old one aside
    Restore {
        /// The backup to restore: a file, or with --offsite `latest` or a copy's name
        src: PathBuf,
        /// Download the copy from the off-site storage ([offsite] in studio.toml) and decrypt it
        #[arg(long)]
        offsite: bool,
        #[command(flatten)]
        common: Common,
    },
    /// List backups
    Backups {
        #[command(subcommand)]
        command: BackupsCommand,
    },
    /// Ask the running server whether it is healthy: prints "ok" or its problems (a full disk, a
    /// damaged data file); exits non-zero when it is not healthy or does not answer
    Status {
        /// Settings file [default: on an installed host /etc/studio/studio.toml only; else
        /// ./studio.toml, else /etc/studio/studio.toml]
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
    },
    /// Install studio as a service on this machine (as root, on systemd): user, folders,
    /// settings, the unit; then start it and print the admin password
    Install {
        /// The site's domain (repeat for www.): HTTPS by studio itself on ports 80 and 443
        #[arg(long = "domain", value_name = "NAME")]
        domains: Vec<String>,
        /// Where the certificate authority writes before a certificate expires (with --domain)
        #[arg(long, value_name = "ADDRESS")]
        email: Option<String>,
        /// Plain HTTP on this address, behind your own proxy (instead of --domain)
        #[arg(long, value_name = "ADDR")]
        listen: Option<String>,
        /// Go on when a domain's DNS does not point to this machine
        #[arg(long)]
        skip_dns_check: bool,
        #[command(flatten)]
        confirm: Confirm,
    },
    /// Stop and remove the service and the binary; keeps the data, snapshots and settings
    Uninstall {
        /// Also delete the data, the snapshots, the settings and the user
        #[arg(long)]
        purge: bool,
        #[command(flatten)]
        confirm: Confirm,
    },
    /// Install the newest signed release (a snapshot first; put back by itself if it fails)
    Update {
        /// Only say whether a newer release exists
        #[arg(long)]
        check: bool,
        /// The release's release.json [default: update_url]
        #[arg(long, value_name = "URL")]
        from: Option<String>,
        /// Settings file [default: /etc/studio/studio.toml, never ./studio.toml]
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
    },
    /// Put the previous release back (after `studio update`)
    Rollback {
        /// Settings file [default: /etc/studio/studio.toml, never ./studio.toml]
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
    },
}

#[derive(Args)]
struct Confirm {
    /// Do it without asking
    #[arg(long)]
    yes: bool,
    /// Only show what would be done
    #[arg(long)]
    dry_run: bool,
    /// Act on this folder as if it were / (for tests; systemd is left alone)
    #[arg(long, value_name = "DIR", default_value = "/", hide = true)]
    root: PathBuf,
}

#[derive(Subcommand)]
enum BackupsCommand {
    /// List the scheduled snapshots (backup_dir), or with --offsite the copies in the storage
    List {
        /// The copies in the off-site storage ([offsite] in studio.toml)
        #[arg(long)]
        offsite: bool,
        #[command(flatten)]
        common: Common,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Set an admin's password, read from standard input; creates the admin if missing
    SetPassword {
        /// The admin's user name
        username: String,
        #[command(flatten)]
        common: Common,
    },
    /// Add an account with a role; its password is read from standard input
    Add {
        /// The new account's user name
        username: String,
        /// owner, editor or enquiries
        #[arg(long)]
        role: String,
        #[command(flatten)]
        common: Common,
    },
    /// List the accounts: name, role, active or not
    List {
        #[command(flatten)]
        common: Common,
    },
    /// Change an account's role (owner, editor or enquiries)
    SetRole {
        username: String,
        role: String,
        #[command(flatten)]
        common: Common,
    },
    /// Deactivate an account: it cannot sign in and its sessions end
    Deactivate {
        username: String,
        #[command(flatten)]
        common: Common,
    },
    /// Reactivate a deactivated account
    Reactivate {
        username: String,
        #[command(flatten)]
        common: Common,
    },
    /// Replace the token-signing key: signs out every session and voids every preview link and
    /// contact form token (the server must be stopped)
    RotateKey {
        #[command(flatten)]
        common: Common,
    },
}

#[derive(Subcommand)]
enum AuditCommand {
    /// Check that the activity record's chain is whole: exits 0 when it is, 1 naming where it
    /// breaks
    Verify {
        #[command(flatten)]
        common: Common,
    },
}

#[derive(Args)]
struct Common {
    /// Settings file [default: ./studio.toml when it exists]
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The data file [default: ./studio.redb]
    #[arg(long, value_name = "FILE")]
    data: Option<PathBuf>,
}

impl Common {
    fn config(&self, listen: Option<String>) -> Result<Config> {
        let flags = Layer {
            data: self.data.clone(),
            listen,
            ..Layer::default()
        };
        Config::load(self.config.as_deref(), flags)
    }
}

/// Runs the command line; every failure is one line on stderr and a non-zero exit.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed or full stderr must not turn an error into a crash.
            let _ = writeln!(std::io::stderr(), "studio: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn dispatch(command: Command) -> Result<()> {
    match command {
        Command::Serve { common, listen } => serve(common.config(listen)?),
        Command::Admin { command } => admin_accounts(command),
        Command::Audit {
            command: AuditCommand::Verify { common },
        } => {
            let config = common.config(None)?;
            let check = open_existing(&config.data)?.verify_activity()?;
            match check.broken_at {
                None => {
                    println!(
                        "The activity record of {} is whole ({} entries).",
                        config.data.display(),
                        check.entries
                    );
                    Ok(())
                }
                Some(at) => bail!(
                    "the activity record of {} is broken at entry {at} (of {}): an entry there or \
                     just before it was removed, changed or moved",
                    config.data.display(),
                    check.entries
                ),
            }
        }
        Command::Backup { dest, common } => {
            let config = common.config(None)?;
            let store = match open_existing(&config.data) {
                Err(e) if e.downcast_ref::<Locked>().is_some() => bail!(
                    "{} is held by a running server: copy a snapshot from {} or use Download \
                     backup in the admin panel's Settings tab",
                    config.data.display(),
                    match &config.backup_dir {
                        Some(dir) => format!("its snapshots folder {}", dir.display()),
                        None => "its snapshots folder (set backup_dir in studio.toml)".into(),
                    }
                ),
                other => other?,
            };
            backup::snapshot(&store, &dest)?;
            println!(
                "Wrote a checked, consistent copy of {} to {}",
                config.data.display(),
                dest.display()
            );
            Ok(())
        }
        Command::Restore {
            src,
            offsite: true,
            common,
        } => offsite_restore(&common.config(None)?, &src),
        Command::Backups {
            command: BackupsCommand::List { offsite, common },
        } => list_backups(&common.config(None)?, offsite),
        Command::Status { config } => {
            let paths = host::paths::Paths::new(Path::new("/"));
            if paths.unit().is_file() || paths.packaged_unit().is_file() {
                host::status::status(&Config::load_host(config.as_deref())?, &paths)
            } else {
                status(&Config::load(config.as_deref(), Layer::default())?)
            }
        }
        Command::Install {
            domains,
            email,
            listen,
            skip_dns_check,
            confirm,
        } => host::install::install(&host::install::Options {
            answers: host::install::Answers {
                domains,
                email,
                listen,
            },
            yes: confirm.yes,
            dry_run: confirm.dry_run,
            skip_dns_check,
            root: confirm.root,
        }),
        Command::Uninstall { purge, confirm } => {
            if confirm.dry_run {
                bail!(
                    "uninstall shows what it deletes and asks before it does: leave out --dry-run"
                );
            }
            host::install::uninstall(&confirm.root, purge, confirm.yes)
        }
        Command::Update {
            check,
            from,
            config,
        } => {
            let config = Config::load_host(config.as_deref())?;
            let paths = host::paths::Paths::new(Path::new("/"));
            if check {
                host::update::check(&config, &paths, from.as_deref()).map(|_| ())
            } else {
                host::update::update(&config, &paths, from.as_deref())
            }
        }
        Command::Rollback { config } => host::update::rollback(
            &Config::load_host(config.as_deref())?,
            &host::paths::Paths::new(Path::new("/")),
        ),
        Command::Restore { src, common, .. } => {
            let config = common.config(None)?;
            let kept = backup::restore(&src, &config.data)?;
            println!("Restored {} from {}", config.data.display(), src.display());
            if let Some(kept) = kept {
                println!("The previous data file is kept as {}", kept.display());
            }
            Ok(())
        }
    }
}

/// `studio restore --offsite latest|NAME`.
fn offsite_restore(config: &Config, which: &Path) -> Result<()> {
    let which = which.to_string_lossy();
    let (name, kept) = crate::offsite::restore::restore(config, &which)?;
    println!(
        "Restored {} from the off-site copy {name}",
        config.data.display()
    );
    if let Some(kept) = kept {
        println!("The previous data file is kept as {}", kept.display());
    }
    Ok(())
}

/// `studio backups list [--offsite]`: one line a copy, oldest first.
fn list_backups(config: &Config, offsite: bool) -> Result<()> {
    if offsite {
        let copies = crate::offsite::restore::list_copies(config)?;
        if copies.is_empty() {
            println!("No off-site copies yet.");
        }
        for c in copies {
            println!("{}  {:>12} bytes  {}", c.name, c.size, c.at);
        }
        return Ok(());
    }
    let Some(dir) = &config.backup_dir else {
        bail!(
            "no backup_dir is set, so there are no scheduled snapshots; --offsite lists the off-site copies"
        );
    };
    for path in backup::snapshots(dir)? {
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        println!("{}  {size:>12} bytes", path.display());
    }
    Ok(())
}

/// The data file is held by another process; kept as a type so `backup` can say what to do instead.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Locked(String);

fn open(path: &Path) -> Result<Store> {
    // Some damaged bytes make redb panic: a message and exit 1 instead of a crash.
    crate::data_file::no_panic(path, || match Store::open(path) {
        Ok(store) => Ok(store),
        Err(e @ OpenError::Locked(_)) => Err(Locked(e.to_string()).into()),
        Err(OpenError::Other(e)) => Err(e),
    })
}

fn open_existing(path: &Path) -> Result<Store> {
    if !path.is_file() {
        bail!("there is no data file at {}", path.display());
    }
    open(path)
}

fn serve(config: Config) -> Result<()> {
    let _log = logging::init(&config)?;
    let store = open(&config.data)?;
    backup::remove_leftovers(&config.data, false);
    if let Some(mode) = crate::private_files::too_open(&config.data) {
        tracing::warn!(
            "the data file {} can be read by other users of this machine (mode {mode:03o}); it \
             holds password hashes, the token key and messages: run chmod 600 on it",
            config.data.display()
        );
    }
    if store.admin_count()? == 0 {
        let password = auth::random_password()?;
        store.set_admin_password("admin", &auth::hash_password(&password)?)?;
        store.mark_password_generated("admin")?;
        let shown = say(format_args!(
            "\nCreated the admin account.\n  user name: admin\n  password:  {password}\n\
             This password is shown only once. Change it with:\n  \
             studio admin set-password admin --data {}\n",
            config.data.display()
        ));
        if !shown {
            tracing::warn!(
                "created the admin account, but its password could not be printed (standard \
                 output cannot be written); set one with `studio admin set-password admin --data {}`",
                config.data.display()
            );
        }
    }
    let config_data = config.data.clone();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // Memory freed by a burst goes back to the system once the workers are idle (issue 28).
        .on_thread_park(crate::memory::on_worker_park)
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async move {
        let app = Arc::new(App::new(store, config)?);
        app.notifier.watch_health(app.store.health());
        if app.notifier.is_enabled() {
            let notifier = app.notifier.clone();
            crate::leads::daily::spawn(
                app.store.clone(),
                Arc::new(move |subject, text, html| notifier.to_studio(subject, text, html)),
                crate::leads::daily::system_clock(),
            );
        }
        let bound = net::bind(app.clone()).await?;
        let stop = net::shutdown_signal()?;
        let app_ = app.clone();
        crate::media::backfill::spawn(app.store.clone(), move || app_.refresh_site());
        let app_ = app.clone();
        tokio::spawn(crate::journal::schedule::run(
            app.store.clone(),
            crate::journal::schedule::system_clock(),
            app.shells.now_ms(),
            move || app_.refresh_site(),
        ));
        backup::spawn_live_check(app.store.clone(), backup::LIVE_CHECK_EVERY);
        if app.config.backup_dir.is_some() || app.offsite.is_some() {
            backup::spawn_schedule(
                app.store.clone(),
                app.config.backup_dir.clone(),
                app.config.backup_every,
                app.config.backup_keep,
                app.offsite
                    .clone()
                    .map(|o| -> Arc<dyn backup::CopyDestination> { o }),
            );
        }
        if let Some(offsite) = &app.offsite {
            offsite.clone().spawn_watch();
        }
        if let Some(url) = app
            .config
            .update_url
            .clone()
            .filter(|_| app.config.update_check)
        {
            let keys = app.config.update_pubkeys.clone();
            host::update_check::spawn(
                app.latest_release.clone(),
                app.installed_version,
                move || {
                    let (url, keys) = (url.clone(), keys.clone());
                    async move { Ok(host::update::fetch_offer(&url, &keys).await?.manifest) }
                },
            );
        }
        match (&app.config.https, bound.http_addr) {
            (Some(https), Some(http_addr)) => say(format_args!(
                "studio is serving https://{} for {} (HTTP on {http_addr} redirects; data: {})",
                bound.addr,
                if https.domains.is_empty() {
                    "its own certificate".to_string()
                } else {
                    https.domains.join(", ")
                },
                app.config.data.display()
            )),
            _ => say(format_args!(
                "studio is serving http://{} (data: {})",
                bound.addr,
                app.config.data.display()
            )),
        };
        bound.run(stop).await;
        // Counts taken since the last batch would be lost otherwise.
        let stats = app.stats.clone();
        tokio::task::spawn_blocking(move || stats.flush())
            .await
            .context("writing the visitor counts")??;
        Ok::<_, anyhow::Error>(())
    })?;
    // The runtime is gone, so every handle on the store is dropped and the file is closed.
    drop(runtime);
    backup::remove_leftovers(&config_data, true);
    say(format_args!("studio stopped"));
    Ok(())
}

/// Prints a line of `serve` on standard output; true when it was written. A full or closed
/// stdout (`studio serve > /dev/full`) must not stop the server, as `println!` would.
fn say(line: std::fmt::Arguments<'_>) -> bool {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}").and_then(|()| out.flush()).is_ok()
}

/// How long `studio status` waits for the server.
const STATUS_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// `studio status` where studio is not installed as a service: asks the running server's
/// `/healthz` over plain HTTP on this machine.
fn status(config: &Config) -> Result<()> {
    // With HTTPS the plain-HTTP listener redirects; it is asked all the same, and a redirect
    // answered means the server runs but its health is behind HTTPS.
    let addr = host::systemd::local_addr(config);
    let (code, body) = host::systemd::probe(config, "/healthz", STATUS_TIMEOUT)
        .map_err(|e| e.context("is `studio serve` running?"))?;
    match code {
        200 => {
            say(format_args!("{body}"));
            Ok(())
        }
        300..=399 => bail!(
            "the server on {addr} answers, but its health is served over HTTPS only: ask \
             https://{}/healthz",
            config.https.as_ref().map_or(addr, |h| h.https_listen)
        ),
        503 => bail!("the server on {addr} is not healthy:\n{body}"),
        other => bail!("the server on {addr} answered {other}: {body}"),
    }
}

fn set_password(config: &Config, username: &str) -> Result<()> {
    check_username(username)?;
    let store = open(&config.data)?;
    let password = accounts::read_password(username)?;
    let (_, created) = store.set_admin_password(username, &auth::hash_password(&password)?)?;
    accounts::password_set(&store, username, created);
    if created {
        println!("Created admin {username} (an Owner).");
    } else {
        println!("Changed the password of {username}; every earlier sign-in is now invalid.");
    }
    Ok(())
}

/// `studio admin add|list|set-role|deactivate|reactivate`.
fn admin_accounts(command: AdminCommand) -> Result<()> {
    use crate::store::AdminChange;
    match command {
        AdminCommand::Add {
            username,
            role,
            common,
        } => {
            check_username(&username)?;
            let role = accounts::parse_role(&role)?;
            let store = open(&common.config(None)?.data)?;
            let password = accounts::read_password(&username)?;
            accounts::add(&store, &username, role, &password)?;
            println!("Added {username} as {}.", role.label());
        }
        AdminCommand::List { common } => {
            print!(
                "{}",
                accounts::list(&open_existing(&common.config(None)?.data)?)?
            );
        }
        AdminCommand::SetRole {
            username,
            role,
            common,
        } => {
            let role = accounts::parse_role(&role)?;
            let store = open_existing(&common.config(None)?.data)?;
            let change = AdminChange {
                role: Some(role),
                ..AdminChange::default()
            };
            println!("{}.", accounts::change(&store, &username, change)?);
        }
        AdminCommand::Deactivate { username, common } => {
            let store = open_existing(&common.config(None)?.data)?;
            let change = AdminChange {
                active: Some(false),
                ..AdminChange::default()
            };
            println!("{}.", accounts::change(&store, &username, change)?);
        }
        AdminCommand::Reactivate { username, common } => {
            let store = open_existing(&common.config(None)?.data)?;
            let change = AdminChange {
                active: Some(true),
                ..AdminChange::default()
            };
            println!("{}.", accounts::change(&store, &username, change)?);
        }
        AdminCommand::SetPassword { username, common } => {
            set_password(&common.config(None)?, &username)?
        }
        AdminCommand::RotateKey { common } => {
            let config = common.config(None)?;
            open_existing(&config.data)?.rotate_hmac_key()?;
            println!(
                "Replaced the token-signing key of {}: every session is signed out, and earlier \
                 preview links and contact form tokens no longer work.",
                config.data.display()
            );
        }
    }
    Ok(())
}

fn check_username(username: &str) -> Result<()> {
    let ok = (1..=64).contains(&username.len())
        && username
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-@".contains(&b));
    if !ok {
        bail!("a user name has 1 to 64 letters, digits or . _ - @");
    }
    Ok(())
}
