//! The shared state every handler reads: the data file, the settings, the rendered pages, the
//! rate limits and the mail worker, and the filter that hands it to a handler (`with_app`).
//! Handlers depend on this, never on the connection loop.

use crate::config::Config;
use crate::limits::RateLimiter;
use crate::notify::{self, Notifier};
use crate::offsite::Offsite;
use crate::origin::Origin;
use crate::render::Renderer;
use crate::render::page_cache::Shells;
use crate::stats::Stats;
use crate::store::Store;
use crate::ui_build::Dist;
use anyhow::{Context, Result, anyhow};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use warp::Filter;

/// What every handler shares.
pub struct App {
    pub store: Store,
    pub config: Config,
    pub shells: Shells,
    pub limits: Limits,
    /// E-mails a notice of each stored contact message (does nothing without `[smtp]`).
    pub notifier: Notifier,
    /// Page views and messages per day, counted in memory and written in batches.
    pub stats: Arc<Stats>,
    /// Where the site's origin comes from, for every absolute URL.
    pub origin: Origin,
    /// Encrypted copies in S3-compatible storage, when `[offsite]` is set.
    pub offsite: Option<Arc<Offsite>>,
    /// The release this server is, and a newer one the daily look at `update_url` found.
    pub installed_version: crate::host::manifest::Version,
    pub latest_release: Arc<crate::host::update_check::Latest>,
    /// The journal's feed as last written (`/news/feed.xml`).
    pub feed: crate::journal::feed::Cache,
}

/// The rate limits of the calls anyone on the internet can make.
pub struct Limits {
    /// Password attempts per client address (cleared by a success): over it, 429.
    pub login_by_ip: RateLimiter,
    /// Failed password attempts per user name, whatever the address: only ever a slowdown.
    pub login_by_user: RateLimiter,
    /// Contact messages per client address.
    pub contact_by_ip: RateLimiter,
    /// Contact form tokens handed out per client address.
    pub form_tokens_by_ip: RateLimiter,
    /// Contact form tokens that have carried a message (each carries one).
    pub used_form_tokens: crate::spam::UsedTokens,
    /// Page views the statistics take per client address; past it the beacon counts nothing.
    pub stats_by_ip: RateLimiter,
    /// Referring sites the statistics take per client address.
    pub referrers_by_ip: RateLimiter,
    /// Taps on contact links the statistics take per client address.
    pub taps_by_ip: RateLimiter,
    /// A visitor's moves and cancels through the signed link: per booking, per client address
    /// and per network (each sends mail, so none may be repeated without bound).
    pub manage_by_booking: RateLimiter,
    pub manage_by_ip: RateLimiter,
    pub manage_by_network: RateLimiter,
    /// The owner's notice that a cap on open bookings refused someone: once a day.
    pub booking_caps_told: RateLimiter,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            login_by_ip: RateLimiter::new(5, Duration::from_secs(60)),
            login_by_user: RateLimiter::new(5, Duration::from_secs(60)),
            contact_by_ip: RateLimiter::new(5, Duration::from_secs(600)),
            // A visitor who loads the contact page a few times, or is asked to confirm, needs a
            // handful; a bot harvesting tokens to spend later meets the limit soon.
            form_tokens_by_ip: RateLimiter::new(20, Duration::from_secs(600)),
            used_form_tokens: Default::default(),
            stats_by_ip: RateLimiter::new(60, Duration::from_secs(60)),
            referrers_by_ip: RateLimiter::new(10, Duration::from_secs(3600)),
            // A person taps a contact link or two per visit; more is a script.
            taps_by_ip: RateLimiter::new(20, Duration::from_secs(60)),
            // A visitor moves a consultation once or twice; the rest is someone using the link
            // to make the studio send mail.
            manage_by_booking: RateLimiter::new(5, Duration::from_secs(24 * 3600)),
            manage_by_ip: RateLimiter::new(10, Duration::from_secs(3600)),
            manage_by_network: RateLimiter::new(30, Duration::from_secs(3600)),
            booking_caps_told: RateLimiter::new(1, Duration::from_secs(24 * 3600)),
        }
    }
}

/// Hands the shared application state to a handler (`/api`'s and the website's alike).
pub fn with_app(app: Arc<App>) -> impl Filter<Extract = (Arc<App>,), Error = Infallible> + Clone {
    warp::any().map(move || app.clone())
}

impl App {
    /// Builds the shared state; with `[smtp]` set it also starts the mail worker, so it must run
    /// inside the tokio runtime.
    pub fn new(store: Store, config: Config) -> Result<App> {
        let index = Dist::get("index.html")
            .ok_or_else(|| anyhow!("the UI build has no index.html; rebuild studio"))?;
        let html = std::str::from_utf8(&index.data).context("the UI's index.html is not UTF-8")?;
        // Every public page's body is rendered in the background from here on.
        let origin = Origin::new(&config);
        let shells = Shells::with_renderer(html, &store, origin.clone(), Renderer::start())?;
        let notifier = match &config.smtp {
            Some(smtp) => Notifier::start_counting(
                smtp,
                notify::RETRY_DELAYS.to_vec(),
                crate::outbox::BOUNDS,
                store.health(),
            )?,
            None => Notifier::disabled(),
        };
        let stats = Stats::start(store.clone())?;
        let offsite = config
            .offsite
            .as_ref()
            .map(|o| Offsite::new(o, store.path(), config.backup_every, notifier.clone()))
            .transpose()?;
        Ok(App {
            store,
            config,
            shells,
            limits: Limits::default(),
            notifier,
            stats,
            origin,
            offsite,
            installed_version: crate::host::update::installed_version(
                &crate::host::paths::Paths::new(std::path::Path::new("/")),
            ),
            latest_release: Arc::default(),
            feed: Default::default(),
        })
    }

    /// Re-renders the public pages after a write that changes what visitors see.
    pub fn refresh_site(&self) -> Result<()> {
        self.shells.refresh(&self.store)
    }
}
