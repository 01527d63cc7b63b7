//! `POST /api/contact`: a visitor's message, checked, rate-limited and stored durably before any 2xx.
//!
//! The no-JavaScript form (`web::contact_form`) goes through the same [`submit`], so both doors
//! apply the same rules. A message that looks like a bot's (`crate::spam`) is stored under spam,
//! not e-mailed, and answered exactly like a person's. `GET /api/contact/token` hands the SPA the
//! signed form token it sends along.

use super::{ApiError, blocking, json_response};
use crate::app::App;
use crate::app::with_app;
pub use crate::leads::LeadInput;
use crate::leads::{self, FieldError, SourceInput};
use crate::limits;
use crate::spam::{self, SpamReason};
use crate::store::{ContactMessage, FIRST_STAGE, Folder, NewLead};
use serde::Deserialize;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection};

pub const NAME_MAX: usize = 100;
pub const EMAIL_MAX: usize = 254;
pub const MESSAGE_MAX: usize = 5000;
/// Room for the longest valid message even if every character is 4-byte UTF-8, percent-encoded
/// (12 bytes each), plus the field names; anything larger is refused before it is read.
pub const BODY_MAX: u64 = 96 * 1024;

pub const SENT: &str = "Your message has been sent successfully.";
pub const FILL_ALL: &str = "Please fill out all fields.";

/// The fields as a client sends them (JSON or a urlencoded form). `website` is the honeypot: it is
/// hidden from people, so only a bot fills it in.
#[derive(Debug, Default, Clone, Deserialize)]
// Every field may be missing: a form leaves out what the visitor did not fill in.
#[serde(default)]
pub struct ContactInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub message: Option<String>,
    pub website: Option<String>,
    /// The signed form token (`crate::spam`): when the form was handed out.
    #[serde(rename = "formToken")]
    pub form_token: Option<String>,
    /// The lead's optional fields (phone, project type, ...), beside SPEC's three.
    #[serde(flatten)]
    pub lead: LeadInput,
    /// Where the visitor came from (JSON only: the page keeps it in memory).
    pub source: Option<SourceInput>,
}

/// A message that passed every check, trimmed.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidContact {
    pub name: String,
    pub email: String,
    pub message: String,
}

/// What became of a submission that was not refused.
#[derive(Debug)]
pub enum Accepted {
    /// Stored, in the inbox or (a bot's) under spam.
    Stored(Box<ContactMessage>),
    /// The honeypot was filled in and the fields are unusable: answered like a success, stored
    /// nowhere (there is nothing to keep).
    DroppedAsBot,
}

/// Why a submission was refused; nothing is stored in any case.
#[derive(Debug)]
pub enum Refused {
    Invalid(String),
    /// One of the lead's fields, named, so the form shows it beside that field.
    Field(FieldError),
    TooMany(Duration),
    /// Too many form tokens asked for from one address.
    TooManyForms(Duration),
    Failed(ApiError),
}

impl Refused {
    pub fn status(&self) -> StatusCode {
        match self {
            Refused::Invalid(_) | Refused::Field(_) => StatusCode::BAD_REQUEST,
            Refused::TooMany(_) | Refused::TooManyForms(_) => StatusCode::TOO_MANY_REQUESTS,
            Refused::Failed(e) => e.status,
        }
    }

    pub fn message(&self) -> String {
        match self {
            Refused::Invalid(m) => m.clone(),
            Refused::Field(e) => e.message.clone(),
            Refused::TooMany(wait) => too_many_message(*wait),
            Refused::TooManyForms(wait) => format!(
                "The contact form was asked for many times from your network. Please try again in \
                 {}, or call us directly.",
                minutes(*wait)
            ),
            Refused::Failed(_) => {
                "We could not save your message just now. Please try again in a moment.".into()
            }
        }
    }

    /// Adds `Retry-After` to a response when the refusal was the rate limit (a write the full
    /// disk refused is a 503, which `error_response` gives its own).
    pub fn add_headers(&self, res: &mut Response) {
        if let Refused::TooMany(wait) | Refused::TooManyForms(wait) = self
            && let Ok(v) = HeaderValue::from_str(&limits::retry_after_secs(*wait).to_string())
        {
            res.headers_mut().insert(header::RETRY_AFTER, v);
        }
    }
}

fn too_many_message(wait: Duration) -> String {
    format!(
        "You have sent several messages in a short time. Please try again in {}, \
         or call us directly.",
        minutes(wait)
    )
}

/// A wait in whole minutes, rounded up: "1 minute", "10 minutes".
fn minutes(wait: Duration) -> String {
    let minutes = limits::retry_after_secs(wait).div_ceil(60).max(1);
    let unit = if minutes == 1 { "minute" } else { "minutes" };
    format!("{minutes} {unit}")
}

/// Checks the fields: all three present after trimming, a plausible e-mail address, and lengths
/// within `NAME_MAX` / `EMAIL_MAX` / `MESSAGE_MAX` characters.
pub fn validate(input: &ContactInput) -> Result<ValidContact, String> {
    let field = |v: &Option<String>| v.as_deref().unwrap_or("").trim().to_string();
    let (name, email, message) = (
        field(&input.name),
        field(&input.email),
        field(&input.message),
    );
    if name.is_empty() || email.is_empty() || message.is_empty() {
        return Err(FILL_ALL.into());
    }
    if name.chars().count() > NAME_MAX {
        return Err(format!(
            "Please shorten your name to at most {NAME_MAX} characters."
        ));
    }
    if name.chars().any(char::is_control) {
        return Err("Your name contains characters that are not allowed.".into());
    }
    if email.chars().count() > EMAIL_MAX || !is_email(&email) {
        return Err("Please enter a valid email address.".into());
    }
    if message.chars().count() > MESSAGE_MAX {
        return Err(format!(
            "Please shorten your message to at most {MESSAGE_MAX} characters."
        ));
    }
    if message
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err("Your message contains characters that are not allowed.".into());
    }
    Ok(ValidContact {
        name,
        email,
        message,
    })
}

/// A conservative check of the addresses people type, since the owner answers them through a
/// `mailto:` link: `local@domain.tld`, where the local part holds only letters, digits and
/// `. _ + - '` (any non-ASCII letter too, for internationalised addresses), so nothing a mail
/// client or a URL reads as syntax (`? = & % / \ < > ( ) , ; :`, quotes, spaces) ever gets in;
/// and a domain of at least two labels (ASCII letters, digits and inner hyphens, or any visible
/// non-ASCII character: internationalised names carry combining marks such as the Telugu virama)
/// whose top-level label is not all digits.
pub fn is_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.chars().count() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '.' | '_' | '+' | '-' | '\'')
                || (!c.is_ascii() && c.is_alphanumeric())
        });
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.chars().count() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| {
                    c.is_ascii_alphanumeric()
                        || c == '-'
                        || (!c.is_ascii() && !c.is_whitespace() && !c.is_control())
                })
        })
        && labels.last().is_some_and(|tld| {
            tld.chars().count() >= 2 && !tld.chars().all(|c| c.is_ascii_digit())
        });
    local_ok && domain_ok
}

/// The one path every contact message takes: judge person or bot, validate, count against the
/// client's limit, store durably (spam too: kept aside, never lost), then announce.
pub async fn submit(
    app: &Arc<App>,
    client: IpAddr,
    input: ContactInput,
) -> Result<Accepted, Refused> {
    let verdict = verdict(app, &input).await.map_err(Refused::Failed)?;
    let store = app.store.clone();
    let settings = blocking(move || store.lead_settings())
        .await
        .map_err(Refused::Failed)?;
    // SPEC's three fields first, with SPEC's message; then the lead's, each named.
    let checked = validate(&input)
        .map_err(Refused::Invalid)
        .and_then(|valid| {
            leads::check(&input.lead, &settings, FIRST_STAGE, false)
                .map(|lead| (valid, lead))
                .map_err(Refused::Field)
        });
    // A honeypot bot is answered like a person whatever else it sent, so the answer teaches it
    // nothing; anyone else hears what to fix.
    let valid = match (checked, verdict) {
        (Ok(valid), _) => Some(valid),
        (Err(_), Err(SpamReason::Honeypot)) => None,
        (Err(refused), _) => return Err(refused),
    };
    // Bots count against the limit too, so a flood from one address soon meets a 429.
    app.limits
        .contact_by_ip
        .hit_client(client)
        .map_err(Refused::TooMany)?;
    let Some(valid) = valid else {
        tracing::info!(%client, "contact form honeypot filled in with unusable fields; dropped");
        return Ok(Accepted::DroppedAsBot);
    };
    // The token is spent only by a message that is kept, so a visitor who fixes a refused field
    // sends again with the same one.
    let verdict = verdict.and_then(|ticket| {
        if app
            .limits
            .used_form_tokens
            .claim(ticket, crate::store::now_ms())
        {
            Ok(())
        } else {
            Err(SpamReason::Replayed)
        }
    });
    let folder = match verdict {
        Ok(()) => Folder::Inbox,
        Err(reason) => {
            tracing::info!(%client, reason = reason.as_str(), "contact message filed as spam");
            Folder::Spam
        }
    };
    let (valid, mut lead) = valid;
    lead.source = leads::source(input.source.as_ref());
    let new = NewLead {
        name: valid.name,
        email: valid.email,
        message: valid.message,
        folder,
        read: false,
        lead,
        by: "form".into(),
    };
    let store = app.store.clone();
    let stored = blocking(move || {
        store
            .add_lead(new)?
            .map_err(|refused| anyhow::anyhow!("storing a contact message: {refused}"))
    })
    .await
    .map_err(Refused::Failed)?;
    message_stored(app, &stored);
    Ok(Accepted::Stored(Box::new(stored)))
}

/// Whether a submission is a person's (`Ok`, with its token) or why it looks like a bot's.
pub async fn verdict(
    app: &Arc<App>,
    input: &ContactInput,
) -> Result<Result<spam::Ticket, SpamReason>, ApiError> {
    let store = app.store.clone();
    let key = blocking(move || store.hmac_key()).await?;
    Ok(spam::check(
        &key,
        input.form_token.as_deref(),
        input.website.as_deref(),
        crate::store::now_ms(),
        app.config.contact_min_fill,
    ))
}

/// A fresh form token for `client`, dated now whatever path hands it out, and counted against the
/// client's limit: harvesting tokens to spend later is as limited as sending.
pub async fn form_token(app: &Arc<App>, client: IpAddr) -> Result<String, Refused> {
    app.limits
        .form_tokens_by_ip
        .hit_client(client)
        .map_err(Refused::TooManyForms)?;
    let store = app.store.clone();
    blocking(move || spam::issue(&store.hmac_key()?, crate::store::now_ms()))
        .await
        .map_err(Refused::Failed)
}

/// A refusal as a JSON answer, with `Retry-After` when it was a limit.
fn refusal_response(refused: &Refused) -> Response {
    let mut res = match refused {
        Refused::Field(e) => json_response(
            refused.status(),
            &serde_json::json!({ "message": e.message, "field": e.field }),
        ),
        _ => super::error_response(refused.status(), &refused.message()),
    };
    refused.add_headers(&mut res);
    res
}

/// The one place a new message is announced, and where it is known to be a person's (inbox) or a
/// bot's (spam); per-day counts of real messages belong here. It runs after the durable write, so
/// a notice that fails (the e-mail notice of `src/notify.rs`, queued here, sent in the background)
/// never loses or delays a message. Spam is never e-mailed.
fn message_stored(app: &App, msg: &ContactMessage) {
    match msg.folder {
        Folder::Inbox => {
            tracing::info!(id = msg.id, "contact message stored");
            app.notifier.message_stored(msg);
            // Spam is kept aside, not counted as a message the studio received.
            app.stats.count_message(std::time::SystemTime::now());
        }
        Folder::Spam => tracing::info!(id = msg.id, "contact message stored under spam"),
    }
}

/// The client's address for rate limiting: the peer, or the forwarded address behind a trusted proxy.
pub fn client_filter(app: Arc<App>) -> impl Filter<Extract = (IpAddr,), Error = Rejection> + Clone {
    crate::peer::peer_addr()
        .and(warp::header::optional::<String>("x-forwarded-for"))
        .map(move |peer: Option<SocketAddr>, xff: Option<String>| {
            limits::client_ip(peer, xff.as_deref(), &app.config.trusted_proxies)
        })
}

/// `POST /api/contact` with a JSON body of at most `BODY_MAX` bytes, and `GET /api/contact/token`.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let token = warp::path!("contact" / "token")
        .and(warp::get())
        .and(client_filter(app.clone()))
        .and(with_app(app.clone()))
        .then(|client: IpAddr, app: Arc<App>| async move {
            match form_token(&app, client).await {
                Ok(token) => json_response(StatusCode::OK, &serde_json::json!({ "token": token })),
                Err(refused) => refusal_response(&refused),
            }
        });
    let post = warp::path!("contact")
        .and(warp::post())
        .and(super::json_content_type())
        .and(warp::body::content_length_limit(BODY_MAX))
        .and(warp::body::json::<ContactInput>())
        .and(client_filter(app.clone()))
        .and(with_app(app))
        .and_then(
            |input: ContactInput, client: IpAddr, app: Arc<App>| async move {
                Ok::<_, Rejection>(match submit(&app, client, input).await {
                    Ok(Accepted::Stored(msg)) => json_response(
                        StatusCode::CREATED,
                        &serde_json::json!({ "id": msg.id, "message": SENT }),
                    ),
                    Ok(Accepted::DroppedAsBot) => {
                        json_response(StatusCode::CREATED, &serde_json::json!({ "message": SENT }))
                    }
                    Err(refused) => refusal_response(&refused),
                })
            },
        );
    token.or(post).unify()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, email: &str, message: &str) -> ContactInput {
        ContactInput {
            name: Some(name.into()),
            email: Some(email.into()),
            message: Some(message.into()),
            ..ContactInput::default()
        }
    }

    #[test]
    fn fields_are_trimmed_and_all_required() {
        let ok = validate(&input("  Meera ", " meera@example.in\n", " Hello\n")).unwrap();
        assert_eq!(ok.name, "Meera");
        assert_eq!(ok.email, "meera@example.in");
        assert_eq!(ok.message, "Hello");
        for bad in [
            input("", "a@b.in", "m"),
            input("n", "   ", "m"),
            input("n", "a@b.in", "\n\t "),
            ContactInput::default(),
        ] {
            assert_eq!(validate(&bad).unwrap_err(), FILL_ALL);
        }
    }

    #[test]
    fn lengths_count_characters_not_bytes() {
        let name = "అ".repeat(NAME_MAX);
        assert!(validate(&input(&name, "a@b.in", "m")).is_ok());
        let name = "అ".repeat(NAME_MAX + 1);
        assert!(validate(&input(&name, "a@b.in", "m")).is_err());
        assert!(validate(&input("n", "a@b.in", &"x".repeat(MESSAGE_MAX))).is_ok());
        assert!(validate(&input("n", "a@b.in", &"x".repeat(MESSAGE_MAX + 1))).is_err());
        let email = format!("{}@{}.in", "a".repeat(64), "b".repeat(63));
        let long = format!(
            "{}@{}.{}.{}.in",
            "a".repeat(64),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(60)
        );
        assert!(validate(&input("n", &email, "m")).is_ok());
        assert!(long.chars().count() > EMAIL_MAX);
        assert!(validate(&input("n", &long, "m")).is_err());
    }

    #[test]
    fn control_characters_are_refused_but_line_breaks_are_kept() {
        assert!(validate(&input("n\u{0}", "a@b.in", "m")).is_err());
        assert!(validate(&input("n", "a@b.in", "bad\u{7}bell")).is_err());
        let ok = validate(&input("n", "a@b.in", "line one\r\n\tline two")).unwrap();
        assert_eq!(ok.message, "line one\r\n\tline two");
    }

    #[test]
    fn plausible_addresses_pass_and_broken_ones_do_not() {
        for good in [
            "a@b.in",
            "first.last+tag@studio.co.in",
            "o'neil@example.com",
            "user@xn--80ak6aa92e.com",
            "ravi@ఉదాహరణ.భారత్",
            "first_last-1@sub.example.co.uk",
            "ünal@example.de",
        ] {
            assert!(is_email(good), "{good}");
        }
        for bad in [
            "plain",
            "@b.in",
            "a@",
            "a@b",
            "a@.in",
            "a@b..in",
            "a b@c.in",
            "a@b c.in",
            ".a@b.in",
            "a.@b.in",
            "a..b@c.in",
            "a@-b.in",
            "a@b-.in",
            "a@b.c",
            "a@1.2.3.4",
            "a@@b.in",
            "<a@b.in>",
            "a@[127.0.0.1]",
            "a@b_c.in",
            // What a mail client would read as more headers or another recipient.
            "x?bcc=spy%40evil.example&body=hi@gmail.com",
            "x?cc=a@b.in",
            "a=b@c.in",
            "a&b@c.in",
            "a%40b@c.in",
            "a/b@c.in",
            "a\\b@c.in",
            "a(b)@c.in",
            "a,b@c.in",
            "a;b@c.in",
            "a:b@c.in",
            "\"a\"@b.in",
            "a`b@c.in",
            "a!b@c.in",
            "a#b@c.in",
            "a@b.in?subject=x",
            "a@b.in&cc=c@d.in",
            "a@b%2ein",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn the_wait_is_said_in_whole_minutes() {
        assert!(too_many_message(Duration::from_secs(30)).contains("1 minute,"));
        assert!(too_many_message(Duration::from_secs(61)).contains("2 minutes"));
        assert!(too_many_message(Duration::from_secs(600)).contains("10 minutes"));
    }
}
