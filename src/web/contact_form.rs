//! The contact form without JavaScript: `POST /contact` (urlencoded) goes through the same checks as
//! `POST /api/contact` and lands on a server-rendered page, so no message depends on a script.
//!
//! Success redirects (303) to `GET /contact/thank-you`, so a reload never sends twice. A refusal
//! answers the error page at once with its status and the form filled in with what was typed.
//!
//! The shared `/contact` page cannot carry a per-visit form token (it is rendered once per data
//! change), so a post without one, or with one that has run out, gets a confirmation page: the
//! same form, filled in, with a fresh token (dated when it is handed out, and counted against the
//! address's limit); pressing Send there, once `contact_min_fill` has passed, files the message in
//! the inbox. Pressed sooner, the same page comes back with the same token.

use super::html_security_headers;
use crate::api::contact::{
    self, Accepted, BODY_MAX, ContactInput, EMAIL_MAX, LeadInput, MESSAGE_MAX, NAME_MAX, Refused,
};
use crate::app::App;
use crate::app::with_app;
use crate::blocking::read_or_log;
use crate::html::escape;
use crate::spam::SpamReason;
use crate::ui_build::Dist;
use std::net::IpAddr;
use std::sync::{Arc, LazyLock};
use warp::http::{HeaderValue, StatusCode, header};
use warp::reject;
use warp::reply::Response;
use warp::{Filter, Rejection};

pub const THANK_YOU_PATH: &str = "/contact/thank-you";

/// The UI build's stylesheet, so these pages share the site's fonts and base styles.
static STYLESHEET: LazyLock<Option<String>> = LazyLock::new(|| {
    let index = Dist::get("index.html")?;
    let html = std::str::from_utf8(&index.data).ok()?;
    html.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split_once('"').map(|(href, _)| href))
        .find(|href| href.starts_with("/assets/") && href.ends_with(".css"))
        .map(str::to_string)
});

/// The layout of these two pages; the linked stylesheet brings fonts and colours. Inline styles
/// are allowed by the policy (`super::CONTENT_SECURITY_POLICY`), inline scripts are not, and none is used.
const PAGE_CSS: &str = "
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--color-ivory,#faf7f2);color:var(--color-charcoal,#1f1c19);font-family:var(--font-sans,system-ui,sans-serif);line-height:1.6}
a{color:inherit}
.cf-header{background:var(--color-charcoal,#1f1c19);color:var(--color-ivory,#faf7f2);padding:1.25rem 1.5rem;display:flex;flex-wrap:wrap;gap:.75rem 2rem;align-items:baseline;justify-content:space-between}
.cf-brand{font-family:var(--font-display,Georgia,serif);font-size:1.6rem;text-decoration:none;letter-spacing:.01em}
.cf-nav{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;font-size:.9rem}
.cf-nav a{text-decoration:none;color:var(--color-brass-300,#d4b27c)}
.cf-nav a:hover,.cf-nav a:focus-visible{text-decoration:underline}
.cf-main{flex:1;width:100%;max-width:40rem;margin:0 auto;padding:3.5rem 1.5rem 4.5rem;box-sizing:border-box}
.cf-main p{margin:0 0 1rem}
.cf-main a:not(.cf-button),.cf-footer a{text-decoration:underline;text-underline-offset:.2em}
.cf-main .cf-eyebrow{text-transform:uppercase;letter-spacing:.2em;font-size:.75rem;color:var(--color-brass-600,#8a6432);margin:0 0 .75rem}
h1{font-family:var(--font-display,Georgia,serif);font-weight:500;font-size:clamp(2.2rem,6vw,3.2rem);line-height:1.1;margin:0 0 1.5rem}
.cf-lead{font-size:1.1rem;color:var(--color-stone-600,#5f574e)}
.cf-alert{border-left:3px solid #9f1d1d;background:#fbeeee;color:#6f1313;padding:1rem 1.25rem;margin:0 0 2rem}
.cf-main .cf-alert p{margin:0}
.cf-form{display:grid;gap:.4rem}
.cf-form label{font-size:.85rem;font-weight:600;letter-spacing:.04em;margin-top:.9rem}
.cf-form input,.cf-form textarea{font:inherit;color:inherit;background:#fff;border:1px solid var(--color-stone-400,#b9b0a4);padding:.75rem .9rem;border-radius:2px;width:100%;box-sizing:border-box}
.cf-form textarea{min-height:10rem;resize:vertical}
.cf-form input:focus-visible,.cf-form textarea:focus-visible{outline:2px solid var(--color-brass-500,#a98249);outline-offset:1px}
.cf-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.cf-button{display:inline-block;font:inherit;font-weight:600;letter-spacing:.06em;text-transform:uppercase;font-size:.85rem;background:var(--color-brass-600,#8a6432);color:#fff;border:0;padding:.95rem 1.8rem;text-decoration:none;cursor:pointer;border-radius:2px}
.cf-button:hover,.cf-button:focus-visible{background:var(--color-brass-700,#7a5829)}
.cf-form .cf-button{justify-self:start;margin-top:1.5rem}
.cf-main .cf-actions{display:flex;flex-wrap:wrap;gap:1rem 1.5rem;align-items:center;margin-top:2.5rem}
.cf-main .cf-direct{margin-top:2.5rem;color:var(--color-stone-600,#5f574e)}
.cf-footer{background:var(--color-sand,#efe8dc);color:var(--color-stone-600,#5f574e);padding:2rem 1.5rem;font-size:.9rem;text-align:center}
.cf-footer p{margin:.25rem 0}
";

/// The studio's own details for the page frame; the owner's settings, or the defaults.
pub(super) struct Frame {
    studio: String,
    phone: String,
    email: String,
    address: String,
    hours: String,
}

impl Frame {
    pub(super) async fn load(app: &Arc<App>) -> Frame {
        let store = app.store.clone();
        let data = read_or_log("reading the settings for the contact page", move || {
            store.settings()
        })
        .await;
        let c = &*crate::site::CONSTANTS;
        let get = |key: &str, default: &str| {
            data.as_ref()
                .and_then(|d| d.iter().find(|s| s.key == key))
                .map(|s| s.value.trim())
                .filter(|v| !v.is_empty())
                .unwrap_or(default)
                .to_string()
        };
        Frame {
            studio: get("company_name", &c.studio_name),
            phone: get("company_phone", &c.phone),
            email: get("company_email", &c.email),
            address: get("company_address", &c.address),
            hours: get("company_hours", &c.hours),
        }
    }

    pub(super) fn page(&self, title: &str, main: &str) -> String {
        let css = STYLESHEET
            .as_deref()
            .map(|href| format!("<link rel=\"stylesheet\" href=\"{}\">\n", escape(href)))
            .unwrap_or_default();
        format!(
            "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta name=\"robots\" content=\"noindex\">\n\
             <title>{title} | {studio}</title>\n\
             <link rel=\"icon\" href=\"/images/logo.svg\" type=\"image/svg+xml\">\n\
             {css}<style>{PAGE_CSS}</style>\n</head>\n<body>\n\
             <header class=\"cf-header\"><a class=\"cf-brand\" href=\"/\">{studio}</a>\
             <nav class=\"cf-nav\" aria-label=\"Main\"><a href=\"/\">Home</a>\
             <a href=\"/about\">About</a><a href=\"/services\">Our Services</a>\
             <a href=\"/portfolio\">Portfolio</a><a href=\"/contact\">Contact Us</a></nav></header>\n\
             <main class=\"cf-main\">\n{main}</main>\n\
             <footer class=\"cf-footer\"><p>{studio}</p><p>{contact}</p><p>{address}</p><p>{hours}</p></footer>\n\
             </body>\n</html>\n",
            title = escape(title),
            studio = escape(&self.studio),
            contact = self.direct_lines(),
            address = escape(&self.address),
            hours = escape(&self.hours),
        )
    }

    /// Phone and e-mail as links, for a visitor who would rather call or write.
    pub(super) fn direct_lines(&self) -> String {
        let tel: String = self
            .phone
            .chars()
            .filter(|c| c.is_ascii_digit() || *c == '+')
            .collect();
        format!(
            "<a href=\"tel:{}\">{}</a> · <a href=\"mailto:{}\">{}</a>",
            escape(&tel),
            escape(&self.phone),
            escape(&self.email),
            escape(&self.email)
        )
    }

    fn thank_you(&self) -> String {
        self.page(
            "Message sent",
            "<p class=\"cf-eyebrow\">Message sent</p>\n\
             <h1>Thank you</h1>\n\
             <p class=\"cf-lead\">Your message has been sent successfully. We'll be in touch soon!</p>\n\
             <p>We respond to every enquiry within 24-48 hours on business days.</p>\n\
             <p class=\"cf-actions\"><a class=\"cf-button\" href=\"/contact\">Send Another Message</a>\
             <a href=\"/\">Back to Home</a></p>\n",
        )
    }

    /// The form again, with the reason it was refused and what the visitor typed.
    fn refused(&self, reason: &str, typed: &ContactInput, token: &str) -> String {
        let notice = format!(
            "<div class=\"cf-alert\" role=\"alert\"><p>{}</p></div>\n",
            escape(reason)
        );
        let main = self.form("Your message was not sent", &notice, typed, token);
        self.page("Message not sent", &main)
    }

    /// The form filled in with what the visitor typed, to send once more with a fresh token.
    fn confirm(&self, typed: &ContactInput, token: &str) -> String {
        let notice = "<p class=\"cf-lead\">Please check your message and press Send Message \
                      to send it.</p>\n";
        let main = self.form("Almost sent", notice, typed, token);
        self.page("Confirm your message", &main)
    }

    fn form(&self, heading: &str, notice: &str, typed: &ContactInput, token: &str) -> String {
        let value = |v: &Option<String>| escape(v.as_deref().unwrap_or(""));
        format!(
            "<p class=\"cf-eyebrow\">Contact</p>\n\
             <h1>{heading}</h1>\n\
             {notice}\
             <form class=\"cf-form\" method=\"post\" action=\"/contact\">\n\
             <input type=\"hidden\" name=\"formToken\" value=\"{token}\">\n\
             <label for=\"name\">Name</label>\n\
             <input id=\"name\" name=\"name\" type=\"text\" autocomplete=\"name\" required maxlength=\"{NAME_MAX}\" value=\"{name}\">\n\
             <label for=\"email\">Email</label>\n\
             <input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"email\" required maxlength=\"{EMAIL_MAX}\" value=\"{email}\">\n\
             <label for=\"message\">Message</label>\n\
             <textarea id=\"message\" name=\"message\" rows=\"8\" required maxlength=\"{MESSAGE_MAX}\">{message}</textarea>\n\
             {lead}\
             <div class=\"cf-hp\" aria-hidden=\"true\"><label for=\"website\">Website</label>\
             <input id=\"website\" name=\"website\" type=\"text\" tabindex=\"-1\" autocomplete=\"off\"></div>\n\
             <button class=\"cf-button\" type=\"submit\">Send Message</button>\n\
             </form>\n\
             <p class=\"cf-direct\">You can also reach us directly: {direct}</p>\n",
            heading = escape(heading),
            token = escape(token),
            name = value(&typed.name),
            email = value(&typed.email),
            message = value(&typed.message),
            lead = lead_fields(&typed.lead),
            direct = self.direct_lines(),
        )
    }
}

/// The lead's fields the visitor sent, kept on the confirmation and error pages: those typed as
/// text can be corrected there; the choices (from the form's selects) ride along unchanged.
fn lead_fields(lead: &LeadInput) -> String {
    let typed = [
        ("phone", "Phone", &lead.phone, "tel"),
        ("locality", "Locality / city", &lead.locality, "text"),
        ("size", "Size (BHK or sq ft)", &lead.size, "text"),
        (
            "heardFrom",
            "How did you hear about us?",
            &lead.heard_from,
            "text",
        ),
    ];
    let chosen = [
        ("projectType", &lead.project_type),
        ("budget", &lead.budget),
        ("timeline", &lead.timeline),
    ];
    let mut out = String::new();
    for (name, label, value, kind) in typed {
        if let Some(v) = value.as_deref().filter(|v| !v.trim().is_empty()) {
            out.push_str(&format!(
                "<label for=\"{name}\">{label}</label>\n\
                 <input id=\"{name}\" name=\"{name}\" type=\"{kind}\" maxlength=\"100\" value=\"{}\">\n",
                escape(v)
            ));
        }
    }
    for (name, value) in chosen {
        if let Some(v) = value.as_deref().filter(|v| !v.trim().is_empty()) {
            out.push_str(&format!(
                "<input type=\"hidden\" name=\"{name}\" value=\"{}\">\n",
                escape(v)
            ));
        }
    }
    out
}

pub(super) fn html(status: StatusCode, body: String) -> Response {
    let mut res = Response::new(body.into());
    *res.status_mut() = status;
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    html_security_headers(&mut res, true);
    res
}

fn see_other(to: &'static str) -> Response {
    let mut res = Response::new(Default::default());
    *res.status_mut() = StatusCode::SEE_OTHER;
    res.headers_mut()
        .insert(header::LOCATION, HeaderValue::from_static(to));
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

async fn post(input: ContactInput, client: IpAddr, app: Arc<App>) -> Result<Response, Rejection> {
    // A person posting the shared page's form without its script, or after a day away, is asked
    // to confirm rather than filed under spam; one pressing Send on that page before the token is
    // `contact_min_fill` old sees it again. A store failure here falls through to `submit`, which
    // answers it.
    let token = match contact::verdict(&app, &input).await {
        Ok(Err(SpamReason::NoToken | SpamReason::Expired)) => {
            match contact::form_token(&app, client).await {
                Ok(token) => Some(token),
                Err(refused) => return Ok(refusal_page(&app, &refused, &input, "").await),
            }
        }
        Ok(Err(SpamReason::TooFast)) => input.form_token.clone(),
        _ => None,
    };
    if let Some(token) = token {
        let frame = Frame::load(&app).await;
        return Ok(match contact::validate(&input) {
            Ok(_) => html(StatusCode::OK, frame.confirm(&input, &token)),
            Err(reason) => html(
                StatusCode::BAD_REQUEST,
                frame.refused(&reason, &input, &token),
            ),
        });
    }
    match contact::submit(&app, client, input.clone()).await {
        Ok(Accepted::Stored(_) | Accepted::DroppedAsBot) => Ok(see_other(THANK_YOU_PATH)),
        // The token sent along is not spent by a refused message: it goes back in the form.
        Err(refused) => {
            let token = input.form_token.clone().unwrap_or_default();
            Ok(refusal_page(&app, &refused, &input, &token).await)
        }
    }
}

/// The form again, with why it was refused and what was typed.
async fn refusal_page(
    app: &Arc<App>,
    refused: &Refused,
    typed: &ContactInput,
    token: &str,
) -> Response {
    let frame = Frame::load(app).await;
    let mut res = html(
        refused.status(),
        frame.refused(&refused.message(), typed, token),
    );
    refused.add_headers(&mut res);
    res
}

/// A body the form filters refused before the checks could run (too big, not a form).
async fn unreadable(rejection: Rejection, app: Arc<App>) -> Result<Response, Rejection> {
    let (status, reason) = if rejection.find::<reject::PayloadTooLarge>().is_some() {
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "Your message is far longer than we can accept. Please go back, shorten it and send it again.",
        )
    } else if rejection.find::<reject::LengthRequired>().is_some() {
        (
            StatusCode::LENGTH_REQUIRED,
            "Your browser sent the form in a way we could not read. Please try again.",
        )
    } else if rejection.find::<reject::UnsupportedMediaType>().is_some()
        || rejection
            .find::<warp::filters::body::BodyDeserializeError>()
            .is_some()
    {
        (
            StatusCode::BAD_REQUEST,
            "The form arrived in a shape we could not read. Please fill it in again.",
        )
    } else {
        return Err(rejection);
    };
    // No token here: sending the form again asks to confirm, with one.
    let frame = Frame::load(&app).await;
    Ok(html(
        status,
        frame.refused(reason, &ContactInput::default(), ""),
    ))
}

/// `POST /contact` and `GET /contact/thank-you`.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let thank_you =
        warp::path!("contact" / "thank-you")
            .and(warp::get().or(warp::head()).unify())
            .and(with_app(app.clone()))
            .then(|app: Arc<App>| async move {
                html(StatusCode::OK, Frame::load(&app).await.thank_you())
            });
    let recover_app = app.clone();
    let form = warp::body::content_length_limit(BODY_MAX)
        .and(warp::body::form::<ContactInput>())
        .and(contact::client_filter(app.clone()))
        .and(with_app(app))
        .and_then(post)
        .recover(move |rejection| unreadable(rejection, recover_app.clone()))
        .unify();
    let submit = warp::path!("contact").and(warp::post()).and(form);
    thank_you.or(submit).unify()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame() -> Frame {
        Frame {
            studio: "Studio <&>".into(),
            phone: "+91 98480 22338".into(),
            email: "hello@studio.in".into(),
            address: "Jubilee Hills".into(),
            hours: "Monday to Friday".into(),
        }
    }

    #[test]
    fn the_error_page_keeps_what_was_typed_safely_escaped() {
        let typed = ContactInput {
            name: Some("\"><script>alert(1)</script>".into()),
            email: Some("a@b.in".into()),
            message: Some("</textarea><b>hi</b>".into()),
            ..ContactInput::default()
        };
        let page = frame().refused("Please enter a valid email address.", &typed, "f1.a\"b");
        assert!(page.contains("name=\"formToken\" value=\"f1.a&quot;b\""));
        assert!(!page.contains("<script"), "{page}");
        assert!(page.contains("value=\"&quot;&gt;&lt;script&gt;"));
        assert!(page.contains("&lt;/textarea&gt;&lt;b&gt;hi&lt;/b&gt;</textarea>"));
        assert!(page.contains("role=\"alert\"><p>Please enter a valid email address.</p>"));
        assert!(page.contains("<title>Message not sent | Studio &lt;&amp;&gt;</title>"));
        assert!(page.contains("href=\"tel:+919848022338\""));
    }

    #[test]
    fn the_pages_link_the_built_stylesheet() {
        let page = frame().thank_you();
        let css = STYLESHEET
            .as_deref()
            .expect("the UI build has a stylesheet");
        assert!(
            css.starts_with("/assets/") && css.ends_with(".css"),
            "{css}"
        );
        assert!(page.contains(&format!("<link rel=\"stylesheet\" href=\"{css}\">")));
        assert!(page.contains("Send Another Message"));
    }
}
