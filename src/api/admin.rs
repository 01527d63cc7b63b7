//! The owner's calls (SPEC §7): sign-in and token check, hero slides and company settings
//! (projects: `projects.rs`; messages: `messages.rs`; password: `account.rs`). The guard every
//! owner's call sits behind is `guard.rs`; reading bodies and fields, `body.rs`.
//!
//! Every route matches its path and method before it checks the token, so an unknown path stays a
//! 404 and a request without a valid token never gets its body read.

use super::body::{Fields, MAX_URL, json_body};
use super::guard::{AdminIdentity, client_of, require_admin};
use super::{ApiError, blocking, error_response, json_response, write_and_refresh};
use crate::access::session_token;
use crate::activity::notices;
use crate::app::App;
use crate::app::with_app;
use crate::auth;
use crate::limits::{client_ip, retry_after_secs};
use crate::store::{Admin, HeroSlide, LAST_FORMATTABLE_SECS, Setting, Store, iso8601, now_ms};
use serde::Serialize;
use serde_json::{Map, Value};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection};

const INVALID_CREDENTIALS: &str = "Invalid credentials";

/// Longest text per field, in characters.
const MAX_USERNAME: usize = 64;
const MAX_TITLE: usize = 200;
const MAX_SUBTITLE: usize = 500;
const MAX_BUTTON_TEXT: usize = 100;
/// A hero photo's alternative text, as long as a gallery photo's.
const MAX_ALT: usize = 300;
const MAX_SETTING_KEY: usize = 64;
const MAX_SETTING_VALUE: usize = 5000;
const MAX_DESCRIPTION: usize = 200;

/// Every route of this module, under `/api`.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let admin = || require_admin(app.clone());
    let app_ = || with_app(app.clone());

    let login = warp::path!("admin" / "login")
        .and(warp::post())
        .and(app_())
        .and(crate::peer::peer_addr())
        .and(warp::header::headers_cloned())
        .and(json_body())
        .and_then(login);

    // Beside SPEC's `admin`, what the panel says at once (docs/admin-panel.md):
    // `passwordIsGenerated`, the owner signed in with the password printed at the first run (the
    // panel leads to choosing one's own); `mailConfigured`, whether the server can send mail
    // (without it the Overview says that enquiries and bookings are not e-mailed).
    let verify = warp::path!("admin" / "verify")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|admin: AdminIdentity, app: Arc<App>| async move {
            let id = admin.id;
            let mail = app.notifier.is_enabled();
            let generated = blocking(move || match app.store.admin(id)? {
                Some(a) => app.store.password_is_generated(&a),
                None => Ok(false),
            })
            .await?;
            Ok::<_, Rejection>(json_response(
                StatusCode::OK,
                &serde_json::json!({
                    "admin": admin,
                    "passwordIsGenerated": generated,
                    "mailConfigured": mail,
                }),
            ))
        });

    let list_settings = warp::path!("admin" / "company-settings")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|_: AdminIdentity, app: Arc<App>| {
            list_json::<_, SettingJson>(app, Store::settings)
        });

    let save_setting = warp::path!("admin" / "company-settings")
        .and(warp::post())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |who: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let (key, value, description) = setting_input(&Fields(body))?;
                let setting = write_and_refresh(app, move |store| {
                    let setting = store.upsert_setting(&key, &value, &description)?;
                    // Which setting, in its own words; never its value (it may be a phone number).
                    let words = format!(
                        "changed the setting \u{201c}{}\u{201d}",
                        setting.description
                    );
                    crate::activity::record(
                        store,
                        &who.actor(),
                        "settings",
                        "changed-setting",
                        &key,
                        &words,
                    );
                    Ok(setting)
                })
                .await?;
                Ok::<_, Rejection>(json_response(StatusCode::OK, &SettingJson::from(setting)))
            },
        );

    // Where the site's absolute URLs point, and why (the Overview and Settings say so).
    let site_address = warp::path!("admin" / "site-address")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|_: AdminIdentity, app: Arc<App>| async move {
            let found = blocking(move || app.origin.of(&app.store)).await?;
            let (origin, source) = found.unzip();
            Ok::<_, Rejection>(json_response(
                StatusCode::OK,
                &serde_json::json!({ "origin": origin, "source": source }),
            ))
        });

    login
        .or(verify)
        .unify()
        .or(site_address)
        .unify()
        .or(super::resource::routes::<HeroSlides>(app.clone()))
        .unify()
        .or(list_settings)
        .unify()
        .or(save_setting)
        .unify()
        .boxed()
}

// ----- sign-in -----

async fn login(
    app: Arc<App>,
    peer: Option<SocketAddr>,
    headers: HeaderMap,
    body: Map<String, Value>,
) -> Result<Response, Rejection> {
    let fields = Fields(body);
    let username = fields.raw_text("username")?;
    let password = fields.raw_text("password")?;
    let username = username.trim().to_string();
    if username.is_empty() || password.is_empty() {
        return Err(warp::reject::custom(ApiError::bad_request(
            "Please enter both username and password.",
        )));
    }
    let keys = match LoginKeys::admit(&app, peer, &headers, &username, "sign-in").await {
        Ok(keys) => keys,
        Err(refused) => return Ok(refused),
    };
    let ip_key = keys.ip;

    let store = app.store.clone();
    let lookup = username.clone();
    let admin = if username.chars().count() <= MAX_USERNAME {
        blocking(move || store.admin_by_username(&lookup)).await?
    } else {
        None
    };
    let matched =
        auth::check_login_password(admin.as_ref().map(|a| a.password_hash.clone()), password).await;
    let (address, device) = client_of(&app, peer, &headers);
    let Some(admin) = admin.filter(|a| matched && a.active) else {
        keys.failed(&app);
        tracing::info!(client = %ip_key, "sign-in failed");
        let store = app.store.clone();
        let notifier = app.notifier.clone();
        blocking(move || {
            notices::failed_sign_in(&store, &notifier, &username, &address, &device);
            Ok(())
        })
        .await?;
        return Ok(error_response(
            StatusCode::UNAUTHORIZED,
            INVALID_CREDENTIALS,
        ));
    };
    keys.reset(&app);
    let session = fresh_session(&app, &admin, &address, &device).await?;
    tracing::info!(client = %ip_key, admin = %admin.username, "signed in");
    Ok(json_response(StatusCode::OK, &session))
}

/// Failures of one user name, from any address, after which its sign-ins from addresses that
/// have failed themselves are slowed down.
const USER_FAILURES_BEFORE_SLOWDOWN: usize = 5;
/// The wait before such an attempt's password check.
const SLOWDOWN: Duration = Duration::from_secs(2);

/// Where a password attempt is counted (docs/admin-api.md, "Sign-in limits"). Attempts per client
/// address (its /64 for IPv6) end in 429 for that address. Failures per user name come from
/// anywhere, so they never refuse anyone: they only slow down the addresses that have failed
/// themselves. A correct password from an address that has not failed is never refused or delayed
/// because of other addresses, so nobody can lock the owner out.
pub(super) struct LoginKeys {
    pub ip: IpAddr,
    user: String,
}

impl LoginKeys {
    pub fn new(
        app: &App,
        peer: Option<SocketAddr>,
        headers: &HeaderMap,
        username: &str,
    ) -> LoginKeys {
        let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        LoginKeys {
            ip: client_ip(peer, forwarded, &app.config.trusted_proxies),
            user: username.to_lowercase().chars().take(MAX_USERNAME).collect(),
        }
    }

    /// Counts a password attempt (`what`: "sign-in") and waits before its check when it must
    /// ([`LoginKeys::hit`], [`LoginKeys::wait_if_slowed`]); a 429 once the address has tried too often.
    pub async fn admit(
        app: &App,
        peer: Option<SocketAddr>,
        headers: &HeaderMap,
        username: &str,
        what: &str,
    ) -> Result<LoginKeys, Response> {
        let keys = LoginKeys::new(app, peer, headers, username);
        if let Err(wait) = keys.hit(app) {
            tracing::warn!(client = %keys.ip, "{what} refused: too many attempts");
            return Err(too_many_attempts(wait));
        }
        keys.wait_if_slowed(app).await;
        Ok(keys)
    }

    /// Counts an attempt against the address. Counted before the check, so a burst of parallel
    /// guesses cannot all pass a check that only later failures would close.
    pub fn hit(&self, app: &App) -> Result<(), Duration> {
        app.limits.login_by_ip.hit_client(self.ip)
    }

    /// Waits before the password check when the user name is under attack and this address has
    /// tried before (see [`slowdown`]).
    pub async fn wait_if_slowed(&self, app: &App) {
        let delay = slowdown(
            app.limits.login_by_user.recent(&self.user),
            app.limits.login_by_ip.recent_client(self.ip),
        );
        if !delay.is_zero() {
            tracing::info!(client = %self.ip, "sign-in slowed down: its user name is under attack");
            tokio::time::sleep(delay).await;
        }
    }

    /// A wrong password: counted against the user name too.
    pub fn failed(&self, app: &App) {
        // At its cap the limiter records nothing more; the name is slowed down all the same.
        let _ = app.limits.login_by_user.hit(&self.user);
    }

    /// The rightful owner proved the password: this address's earlier attempts no longer say
    /// anything about it. The user name's failures stay: they were other addresses'.
    pub fn reset(&self, app: &App) {
        app.limits.login_by_ip.reset_client(self.ip);
    }
}

/// The wait before a password check, given the user name's recent failures and this address's
/// recent attempts (this one included).
fn slowdown(user_failures: usize, address_attempts: usize) -> Duration {
    if user_failures >= USER_FAILURES_BEFORE_SLOWDOWN && address_attempts > 1 {
        SLOWDOWN
    } else {
        Duration::ZERO
    }
}

/// Checks that `password` is `who`'s own (changing it, or "Confirm it's you"). A stolen session must
/// not become a way around the sign-in limits, so each check counts like a sign-in attempt. The
/// inner `Err` is the answer to send: a 429, or a 403 saying `wrong` (not 401: the session itself is
/// fine, and the panel asks to sign in again on a 401).
pub(super) async fn prove_own_password(
    app: &App,
    who: &AdminIdentity,
    peer: Option<SocketAddr>,
    headers: &HeaderMap,
    password: String,
    what: &str,
    wrong: &str,
) -> Result<Result<LoginKeys, Response>, ApiError> {
    let keys = match LoginKeys::admit(app, peer, headers, &who.username, what).await {
        Ok(keys) => keys,
        Err(refused) => return Ok(Err(refused)),
    };
    let store = app.store.clone();
    let id = who.id;
    let stored = blocking(move || store.admin(id)).await?;
    if !auth::check_login_password(stored.map(|a| a.password_hash), password).await {
        keys.failed(app);
        tracing::info!(client = %keys.ip, admin = %who.username, "{what}: wrong password");
        return Ok(Err(error_response(StatusCode::FORBIDDEN, wrong)));
    }
    keys.reset(app);
    Ok(Ok(keys))
}

/// A new session for `admin` from `address` on `device`: `{token, admin, expiresAt}`, recorded in
/// the activity record (and, for an Owner on a device never seen on that account, told to the
/// Owners).
pub(super) async fn fresh_session(
    app: &App,
    admin: &Admin,
    address: &str,
    device: &str,
) -> Result<Value, ApiError> {
    let store = app.store.clone();
    let notifier = app.notifier.clone();
    let ttl = app.config.token_ttl;
    let idle = app.config.session_idle;
    let (admin_, address_, device_) = (admin.clone(), address.to_string(), device.to_string());
    let token = blocking(move || {
        let (secret, hash) = session_token::new_secret()?;
        // Sessions ended by time go when the next one starts, so no list keeps them.
        store.prune_sessions(now_ms(), idle.as_millis() as u64, ttl.as_millis() as u64)?;
        let session = store.start_session(admin_.id, hash, &device_, &address_)?;
        notices::signed_in(&store, &notifier, &admin_, &address_, &device_);
        Ok(session_token::encode(session.id, &secret))
    })
    .await?;
    let now = auth::now_secs();
    let expires_at = UNIX_EPOCH
        + Duration::from_secs(
            now.saturating_add(ttl.as_secs().max(1))
                .min(LAST_FORMATTABLE_SECS),
        );
    Ok(serde_json::json!({
        "token": token,
        "admin": AdminIdentity::of(admin),
        "expiresAt": humantime::format_rfc3339_seconds(expires_at).to_string(),
    }))
}

pub(super) fn too_many_attempts(wait: Duration) -> Response {
    let secs = retry_after_secs(wait);
    let mut res = error_response(
        StatusCode::TOO_MANY_REQUESTS,
        &format!("Too many sign-in attempts. Try again in {secs} seconds."),
    );
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    res
}

/// The home page's hero slides (SPEC §7), on the shared resource code.
pub struct HeroSlides;

impl super::resource::Resource for HeroSlides {
    type Record = HeroSlide;
    type Json = SlideJson;
    const PATH: &'static str = "hero-slides";
    const NOUN: &'static str = "Hero slide";
    const ORDERED: bool = false;

    fn input(f: &Fields) -> Result<HeroSlide, ApiError> {
        Ok(HeroSlide {
            id: 0,
            title: f.required_text("title", MAX_TITLE)?,
            subtitle: f.text("subtitle", MAX_SUBTITLE, false)?,
            image_url: f.link("imageUrl", true)?,
            button_text: f.text("buttonText", MAX_BUTTON_TEXT, false)?,
            button_link: f.link("buttonLink", false)?,
            order: f.integer_or_zero("order"),
            is_active: f.flag("isActive", true)?,
            // A replaced slide keeps its own (`hero_slide_rule`).
            created_at_ms: crate::store::now_ms(),
            alt: f.text("alt", MAX_ALT, false)?,
        })
    }

    fn rule() -> crate::store::Rule<'static, HeroSlide> {
        &crate::store::hero_slide_rule
    }
}

/// Empty, or 8 to 15 digits with an optional leading `+` and spaces between (`+91 98480 22338`).
pub fn is_whatsapp_number(value: &str) -> bool {
    if value.is_empty() {
        return true;
    }
    let rest = value.strip_prefix('+').unwrap_or(value);
    let digits = rest.chars().filter(char::is_ascii_digit).count();
    rest.starts_with(|c: char| c.is_ascii_digit())
        && rest.chars().all(|c| c.is_ascii_digit() || c == ' ')
        && (8..=15).contains(&digits)
}

/// Settings whose value becomes a link or an image on the public pages.
fn is_link_setting(key: &str) -> bool {
    key.ends_with("_logo")
        || key.ends_with("_url")
        || ["company_linkedin", "company_instagram", "company_facebook"].contains(&key)
}

fn setting_input(f: &Fields) -> Result<(String, String, String), ApiError> {
    let key = f.required_text("settingKey", MAX_SETTING_KEY)?;
    let key_ok = key.starts_with(|c: char| c.is_ascii_lowercase())
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !key_ok {
        return Err(ApiError::bad_request(
            "settingKey may hold only a-z, 0-9 and _, starting with a letter",
        ));
    }
    if !f.0.contains_key("settingValue") {
        return Err(ApiError::bad_request("settingValue is required"));
    }
    let value = if key == crate::origin::SITE_URL_KEY {
        crate::origin::parse_site_url(&f.text("settingValue", MAX_URL, false)?)
            .map_err(ApiError::bad_request)?
    } else if is_link_setting(&key) {
        f.link("settingValue", false)?
    } else if key == "company_whatsapp" {
        let number = f.text("settingValue", MAX_SETTING_VALUE, false)?;
        if !is_whatsapp_number(&number) {
            return Err(ApiError::bad_request(
                "settingValue must be a WhatsApp number: 8 to 15 digits, optionally with a \
                 leading + and spaces (or empty for none)",
            ));
        }
        number
    } else {
        f.text("settingValue", MAX_SETTING_VALUE, true)?
    };
    let description = match f.text("description", MAX_DESCRIPTION, false)? {
        d if d.is_empty() => crate::site::describe_key(&key),
        d => d,
    };
    Ok((key, value, description))
}

// ----- response bodies (the SPEC's camelCase names) -----

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SlideJson {
    id: u64,
    title: String,
    subtitle: String,
    image_url: String,
    button_text: String,
    button_link: String,
    order: i64,
    is_active: bool,
    created_at: String,
    /// What the photo shows; empty: decorative.
    alt: String,
}

impl From<HeroSlide> for SlideJson {
    fn from(s: HeroSlide) -> SlideJson {
        SlideJson {
            id: s.id,
            title: s.title,
            subtitle: s.subtitle,
            image_url: s.image_url,
            button_text: s.button_text,
            button_link: s.button_link,
            order: s.order,
            is_active: s.is_active,
            created_at: iso8601(s.created_at_ms),
            alt: s.alt,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SettingJson {
    id: u64,
    setting_key: String,
    setting_value: String,
    description: String,
}

impl From<Setting> for SettingJson {
    fn from(s: Setting) -> SettingJson {
        SettingJson {
            id: s.id,
            setting_key: s.key,
            setting_value: s.value,
            description: s.description,
        }
    }
}

/// Reads a list from the store off the async workers and answers it as JSON, each record in its
/// wire shape.
async fn list_json<R, J>(
    app: Arc<App>,
    read: fn(&Store) -> anyhow::Result<Vec<R>>,
) -> Result<Response, Rejection>
where
    R: Send + 'static,
    J: From<R> + Serialize,
{
    let store = app.store.clone();
    let records = blocking(move || read(&store)).await?;
    let body: Vec<J> = records.into_iter().map(J::from).collect();
    Ok(json_response(StatusCode::OK, &body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_addresses_that_failed_are_slowed_down_and_only_under_attack() {
        assert_eq!(slowdown(0, 5), Duration::ZERO);
        assert_eq!(slowdown(4, 3), Duration::ZERO);
        assert_eq!(
            slowdown(5, 1),
            Duration::ZERO,
            "a fresh address goes straight"
        );
        assert_eq!(slowdown(5, 2), SLOWDOWN);
    }

    #[test]
    fn whatsapp_numbers_are_digits_with_an_optional_plus() {
        for ok in ["", "+91 98480 22338", "919848022338", "12345678"] {
            assert!(is_whatsapp_number(ok), "{ok}");
        }
        for bad in [
            "+",
            "1234567",
            "+91 98480 22338 12345",
            "+91-98480",
            "tel:9848022338",
            " 12345678",
            "++9198480",
            "9848O22338",
        ] {
            assert!(!is_whatsapp_number(bad), "{bad}");
        }
    }
}
