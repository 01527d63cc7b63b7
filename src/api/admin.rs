//! The owner's calls (SPEC §7): sign-in and token check, hero slides and company settings
//! (projects: `projects.rs`; messages: `messages.rs`; password: `account.rs`), plus
//! `require_admin`, the guard every admin call (in any module) sits behind.
//!
//! Every route matches its path and method before it checks the token, so an unknown path stays a
//! 404 and a request without a valid token never gets its body read.

use super::{ApiError, blocking, error_response, json_response};
use crate::app::App;
use crate::app::with_app;
use crate::auth;
use crate::limits::{client_ip, retry_after_secs};
use crate::site::is_safe_link;
use crate::store::{Admin, HeroSlide, LAST_FORMATTABLE_SECS, Setting, Store, iso8601};
use bytes::Buf;
use futures_util::{Stream, StreamExt};
use serde::Serialize;
use serde_json::{Map, Value};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection};

/// Largest JSON body any admin call reads.
pub const JSON_BODY_LIMIT: usize = 64 * 1024;

const INVALID_CREDENTIALS: &str = "Invalid credentials";
const SIGN_IN_FIRST: &str = "Sign in first";
const BAD_TOKEN: &str = "Your session is not valid or has expired; sign in again";

/// Longest text per field, in characters.
const MAX_USERNAME: usize = 64;
const MAX_TITLE: usize = 200;
const MAX_SUBTITLE: usize = 500;
const MAX_BUTTON_TEXT: usize = 100;
/// A hero photo's alternative text, as long as a gallery photo's.
const MAX_ALT: usize = 300;
const MAX_URL: usize = 2048;
const MAX_SETTING_KEY: usize = 64;
const MAX_SETTING_VALUE: usize = 5000;
const MAX_DESCRIPTION: usize = 200;

/// The signed-in admin a request acts as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AdminIdentity {
    pub id: u64,
    pub username: String,
}

/// Passes only requests with `Authorization: Bearer <token>` for an existing admin whose password
/// has not changed since; anything else is a 401 JSON answer.
pub fn require_admin(
    app: Arc<App>,
) -> impl Filter<Extract = (AdminIdentity,), Error = Rejection> + Clone {
    warp::header::headers_cloned().and(with_app(app)).and_then(
        |headers: HeaderMap, app: Arc<App>| async move {
            authenticate(&app, &headers)
                .await
                .map_err(warp::reject::custom)
        },
    )
}

async fn authenticate(app: &App, headers: &HeaderMap) -> Result<AdminIdentity, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, SIGN_IN_FIRST));
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim().to_string())
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, BAD_TOKEN))?;
    let store = app.store.clone();
    let found = blocking(move || {
        let key = store.hmac_key()?;
        let Ok(claims) = auth::verify_token(&key, &token, auth::now_secs()) else {
            return Ok(None);
        };
        Ok(store
            .admin(claims.admin_id)?
            .filter(|a| a.token_generation == claims.generation))
    })
    .await?;
    found
        .map(|a| AdminIdentity {
            id: a.id,
            username: a.username,
        })
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, BAD_TOKEN))
}

/// A JSON object body of at most `JSON_BODY_LIMIT` bytes, chunked or not; 415 unless it is declared
/// `application/json`, 413 beyond the limit, 400 when it is not JSON or not an object.
pub fn json_body() -> impl Filter<Extract = (Map<String, Value>,), Error = Rejection> + Clone {
    json_body_up_to(JSON_BODY_LIMIT)
}

/// `json_body` with a cap of `limit` bytes (a whole page record's content can pass 64 kB).
pub fn json_body_up_to(
    limit: usize,
) -> impl Filter<Extract = (Map<String, Value>,), Error = Rejection> + Clone {
    super::json_content_type()
        .and(warp::header::headers_cloned())
        .and(warp::body::stream())
        .and_then(move |headers: HeaderMap, body| async move {
            read_json_object(&headers, body, limit)
                .await
                .map_err(warp::reject::custom)
        })
}

async fn read_json_object<S, B>(
    headers: &HeaderMap,
    body: S,
    limit: usize,
) -> Result<Map<String, Value>, ApiError>
where
    S: Stream<Item = Result<B, warp::Error>>,
    B: Buf,
{
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("The request body is larger than {} kB", limit / 1024),
        )
    };
    if content_length(headers).is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    futures_util::pin_mut!(body);
    while let Some(chunk) = body.next().await {
        let mut chunk = chunk
            .map_err(|e| ApiError::bad_request(format!("Could not read the request body: {e}")))?;
        if bytes.len() + chunk.remaining() > limit {
            return Err(too_large());
        }
        while chunk.has_remaining() {
            let part = chunk.chunk();
            bytes.extend_from_slice(part);
            let n = part.len();
            chunk.advance(n);
        }
    }
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ApiError::bad_request(
            "The request body must be a JSON object",
        )),
        Err(e) => Err(ApiError::bad_request(format!(
            "The request body is not valid JSON: {e}"
        ))),
    }
}

/// The declared body length, when the header is there and a number.
pub fn content_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
}

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
            |_: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let (key, value, description) = setting_input(&Fields(body))?;
                let setting = write_and_refresh(app, move |store| {
                    store.upsert_setting(&key, &value, &description)
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

/// Runs a store write, then re-renders the public pages so visitors see it on their next load. A
/// failed re-render is logged, not answered: the write itself has landed.
pub(crate) async fn write_and_refresh<T, F>(app: Arc<App>, write: F) -> Result<T, ApiError>
where
    F: FnOnce(&crate::store::Store) -> anyhow::Result<T> + Send + 'static,
    T: Send + 'static,
{
    blocking(move || {
        let out = write(&app.store)?;
        if let Err(e) = app.refresh_site() {
            tracing::error!("re-rendering the public pages after an admin write: {e:#}");
        }
        Ok(out)
    })
    .await
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
    let keys = LoginKeys::new(&app, peer, &headers, &username);
    if let Err(wait) = keys.hit(&app) {
        tracing::warn!(client = %keys.ip, "sign-in refused: too many attempts");
        return Ok(too_many_attempts(wait));
    }
    let ip_key = keys.ip;
    keys.wait_if_slowed(&app).await;

    let store = app.store.clone();
    let lookup = username.clone();
    let admin = if username.chars().count() <= MAX_USERNAME {
        blocking(move || store.admin_by_username(&lookup)).await?
    } else {
        None
    };
    let matched =
        auth::check_login_password(admin.as_ref().map(|a| a.password_hash.clone()), password).await;
    let Some(admin) = admin.filter(|_| matched) else {
        keys.failed(&app);
        tracing::info!(client = %ip_key, "sign-in failed");
        return Ok(error_response(
            StatusCode::UNAUTHORIZED,
            INVALID_CREDENTIALS,
        ));
    };
    keys.reset(&app);
    let session = fresh_session(&app, &admin).await?;
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

/// A new token for `admin` at its current generation: `{token, admin, expiresAt}`.
pub(super) async fn fresh_session(app: &App, admin: &Admin) -> Result<Value, ApiError> {
    let store = app.store.clone();
    let ttl = app.config.token_ttl;
    let (id, generation) = (admin.id, admin.token_generation);
    let now = auth::now_secs();
    let token =
        blocking(move || auth::issue_token(&store.hmac_key()?, id, generation, now, ttl)).await?;
    let expires_at = UNIX_EPOCH
        + Duration::from_secs(
            now.saturating_add(ttl.as_secs().max(1))
                .min(LAST_FORMATTABLE_SECS),
        );
    Ok(serde_json::json!({
        "token": token,
        "admin": AdminIdentity { id: admin.id, username: admin.username.clone() },
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

// ----- request bodies -----

/// A JSON object body, read field by field with clear messages.
pub struct Fields(pub Map<String, Value>);

impl Fields {
    /// A text field as sent (`""` when missing or null); anything but a string is a 400.
    pub fn raw_text(&self, name: &str) -> Result<String, ApiError> {
        match self.0.get(name) {
            None | Some(Value::Null) => Ok(String::new()),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(ApiError::bad_request(format!("{name} must be text"))),
        }
    }

    /// A trimmed text field of at most `max` characters, without control characters (line breaks
    /// and tabs only where `multiline`).
    pub fn text(&self, name: &str, max: usize, multiline: bool) -> Result<String, ApiError> {
        let value = self.raw_text(name)?.trim().to_string();
        if value.chars().count() > max {
            return Err(ApiError::bad_request(format!(
                "{name} must have at most {max} characters"
            )));
        }
        let allowed = |c: char| multiline && matches!(c, '\n' | '\r' | '\t');
        if value.chars().any(|c| c.is_control() && !allowed(c)) {
            return Err(ApiError::bad_request(format!(
                "{name} contains control characters"
            )));
        }
        Ok(value)
    }

    pub fn required_text(&self, name: &str, max: usize) -> Result<String, ApiError> {
        let value = self.text(name, max, false)?;
        if value.is_empty() {
            return Err(ApiError::bad_request(format!("{name} is required")));
        }
        Ok(value)
    }

    /// A link field: empty, `http(s)://…`, or a path on this site.
    pub fn link(&self, name: &str, required: bool) -> Result<String, ApiError> {
        let value = if required {
            self.required_text(name, MAX_URL)?
        } else {
            self.text(name, MAX_URL, false)?
        };
        if !value.is_empty() && !is_safe_link(&value) {
            return Err(ApiError::bad_request(format!(
                "{name} must start with http://, https:// or / (a page of this site)"
            )));
        }
        Ok(value)
    }

    pub fn flag(&self, name: &str, default: bool) -> Result<bool, ApiError> {
        match self.0.get(name) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(ApiError::bad_request(format!(
                "{name} must be true or false"
            ))),
        }
    }

    /// An integer, as the admin form parses it: anything that is not a number counts as 0.
    pub fn integer_or_zero(&self, name: &str) -> i64 {
        const LIMIT: f64 = 1e9;
        let number = match self.0.get(name) {
            Some(Value::Number(n)) => n.as_f64(),
            Some(Value::String(s)) => s.trim().parse::<f64>().ok(),
            _ => None,
        };
        number
            .filter(|n| n.is_finite())
            .map(|n| n.trunc().clamp(-LIMIT, LIMIT) as i64)
            .unwrap_or(0)
    }
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

    #[test]
    fn order_falls_back_to_zero() {
        let f = |v: Value| {
            let mut m = Map::new();
            m.insert("order".into(), v);
            Fields(m).integer_or_zero("order")
        };
        assert_eq!(f(Value::from(3)), 3);
        assert_eq!(f(Value::from(-2)), -2);
        assert_eq!(f(Value::from(2.9)), 2);
        assert_eq!(f(Value::from("7")), 7);
        assert_eq!(f(Value::from("seven")), 0);
        assert_eq!(f(Value::Null), 0);
        assert_eq!(f(Value::Bool(true)), 0);
        assert_eq!(f(Value::from(1e300)), 1_000_000_000);
        assert_eq!(Fields(Map::new()).integer_or_zero("order"), 0);
    }
}
