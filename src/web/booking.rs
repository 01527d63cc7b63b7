//! The booking pages that work without JavaScript (docs/contact.md, "Consultations booked
//! online"): `/book` lists the free times as a plain form, `/book/booked` confirms with the
//! calendar file, `/book/manage` is the visitor's signed link to cancel or move. Plain HTML in the
//! contact pages' frame, no script; every rule is `api::booking`'s.

use super::contact_form::{Frame, html};
use crate::api::booking::{self, Booked, BookingInput, book};
use crate::api::booking_mail::{link_paths, spoken};
use crate::api::booking_manage::{self, Manage, managed};
use crate::api::booking_slots;
use crate::api::contact;
use crate::app::{App, with_app};
use crate::blocking::read_or_log;
use crate::bookings::links::{self, Purpose};
use crate::bookings::slots::{self, Rules, Slot};
use crate::html::escape;
use crate::store::{Booking, BookingStatus};
use jiff::Timestamp;
use serde::Deserialize;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection};

/// Days of free times the plain page lists.
const DAYS: u16 = 14;

const CSS: &str = "<style>
.bk-day{border:0;padding:0;margin:1.5rem 0 0}
.bk-day legend{font-weight:600;margin-bottom:.5rem}
.bk-times{display:flex;flex-wrap:wrap;gap:.5rem}
.bk-times label{display:inline-flex;align-items:center;gap:.4rem;border:1px solid var(--color-stone-400,#b9b0a4);padding:.6rem .8rem;min-height:44px;box-sizing:border-box;background:#fff;margin:0;font-weight:500;letter-spacing:0}
.bk-times input{width:auto;margin:0}
.bk-when{font-size:1.2rem;font-weight:600}
</style>\n";

fn redirect(to: &str) -> Response {
    let mut res = Response::new(Default::default());
    *res.status_mut() = StatusCode::SEE_OTHER;
    if let Ok(v) = HeaderValue::from_str(to) {
        res.headers_mut().insert(header::LOCATION, v);
    }
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// The free times as radio buttons grouped by day, `chosen` checked.
fn slot_list(rules: &Rules, list: &[Slot], chosen: &str) -> String {
    if list.is_empty() {
        return "<p>There are no free times in the next two weeks. Please call or write to us.</p>\n"
            .into();
    }
    let mut out = String::new();
    let mut day = None;
    for s in list {
        let z = s.start.to_zoned(rules.zone.clone());
        let date = z.date();
        if day != Some(date) {
            if day.is_some() {
                out.push_str("</div></fieldset>\n");
            }
            out.push_str(&format!(
                "<fieldset class=\"bk-day\"><legend>{}</legend><div class=\"bk-times\">",
                z.strftime("%A %-d %B")
            ));
            day = Some(date);
        }
        let value = slots::iso_in(&rules.zone, s.start);
        let checked = if value == chosen { " checked" } else { "" };
        out.push_str(&format!(
            "<label><input type=\"radio\" name=\"start\" value=\"{v}\" required{checked}> {t}</label>",
            v = escape(&value),
            t = z.strftime("%H:%M")
        ));
    }
    out.push_str("</div></fieldset>\n");
    out
}

/// The owner's words for booking, from the contact page's record (`booking`): the button's label
/// is this page's heading, its line the lead. The seed's words when the record cannot be read.
struct Words {
    label: String,
    line: String,
}

impl Words {
    async fn load(app: &Arc<App>) -> Words {
        let store = app.store.clone();
        let content = read_or_log("reading the contact page's booking words", move || {
            store.page("contact")
        })
        .await
        .flatten()
        .and_then(|r| serde_json::from_str(&r.content).ok());
        let seed = &crate::site::PAGE_SEED["contact"]["booking"];
        let words = |name: &str| {
            content
                .as_ref()
                .and_then(|c: &serde_json::Value| c["booking"][name].as_str())
                .or_else(|| seed[name].as_str())
                .unwrap_or_default()
                .to_string()
        };
        Words {
            label: words("label"),
            line: words("line"),
        }
    }
}

fn booking_page(
    frame: &Frame,
    words: &Words,
    rules: &Rules,
    list: &[Slot],
    typed: &BookingInput,
    token: &str,
    alert: Option<&str>,
) -> String {
    let v = |f: &Option<String>| escape(f.as_deref().unwrap_or(""));
    let alert = alert
        .map(|a| {
            format!(
                "<div class=\"cf-alert\" role=\"alert\"><p>{}</p></div>\n",
                escape(a)
            )
        })
        .unwrap_or_default();
    let main = format!(
        "{CSS}<p class=\"cf-eyebrow\">Consultation</p>\n<h1>{label}</h1>\n{alert}\
         <p class=\"cf-lead\">{line}</p>\n<p>Times are {zone} time.</p>\n\
         <form class=\"cf-form\" method=\"post\" action=\"/book\">\n\
         <input type=\"hidden\" name=\"formToken\" value=\"{token}\">\n{slots}\
         <label for=\"name\">Name</label>\n\
         <input id=\"name\" name=\"name\" type=\"text\" autocomplete=\"name\" required maxlength=\"{nm}\" value=\"{name}\">\n\
         <label for=\"phone\">Phone</label>\n\
         <input id=\"phone\" name=\"phone\" type=\"tel\" autocomplete=\"tel\" required maxlength=\"{pm}\" value=\"{phone}\">\n\
         <label for=\"email\">Email</label>\n\
         <input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"email\" required maxlength=\"{em}\" value=\"{email}\">\n\
         <label for=\"message\">A line about your project (optional)</label>\n\
         <textarea id=\"message\" name=\"message\" rows=\"3\" maxlength=\"{mm}\">{message}</textarea>\n\
         <div class=\"cf-hp\" aria-hidden=\"true\"><label for=\"website\">Website</label>\
         <input id=\"website\" name=\"website\" type=\"text\" tabindex=\"-1\" autocomplete=\"off\"></div>\n\
         <button class=\"cf-button\" type=\"submit\">Book this time</button>\n</form>\n\
         <p class=\"cf-direct\">You can also reach us directly: {direct}</p>\n",
        label = escape(&words.label),
        line = escape(&words.line),
        zone = escape(rules.zone.iana_name().unwrap_or("UTC")),
        token = escape(token),
        slots = slot_list(rules, list, typed.start.as_deref().unwrap_or("")),
        nm = contact::NAME_MAX,
        pm = booking::PHONE_MAX,
        em = contact::EMAIL_MAX,
        mm = booking::NOTE_MAX,
        name = v(&typed.name),
        phone = v(&typed.phone),
        email = v(&typed.email),
        message = v(&typed.message),
        direct = frame.direct_lines(),
    );
    frame.page(&words.label, &main)
}

fn closed_page(frame: &Frame, words: &Words) -> String {
    frame.page(
        &words.label,
        &format!(
            "<p class=\"cf-eyebrow\">Consultation</p>\n<h1>{}</h1>\n\
             <p class=\"cf-lead\">{}</p>\n<p class=\"cf-direct\">{}</p>\n\
             <p class=\"cf-actions\"><a class=\"cf-button\" href=\"/contact\">Send a message</a></p>\n",
            escape(&words.label),
            escape(booking::CLOSED),
            frame.direct_lines()
        ),
    )
}

/// `GET /book` and a refused `POST /book`.
async fn form_page(
    app: &Arc<App>,
    client: IpAddr,
    typed: &BookingInput,
    alert: Option<&str>,
    status: StatusCode,
) -> Response {
    let frame = Frame::load(app).await;
    let words = Words::load(app).await;
    let offered = match booking_slots::offered(app, DAYS).await {
        Ok(Some(o)) => o,
        Ok(None) => return html(StatusCode::OK, closed_page(&frame, &words)),
        Err(e) => return html(e.status, closed_page(&frame, &words)),
    };
    // A refused form keeps the token it was sent with (it was not spent).
    let token = match typed.form_token.as_deref().filter(|t| !t.is_empty()) {
        Some(t) => t.to_string(),
        None => match contact::form_token(app, client).await {
            Ok(t) => t,
            Err(refused) => {
                let page = closed_page(&frame, &words)
                    .replace(&escape(booking::CLOSED), &escape(&refused.message()));
                return html(refused.status(), page);
            }
        },
    };
    let (rules, list) = offered;
    html(
        status,
        booking_page(&frame, &words, &rules, &list, typed, &token, alert),
    )
}

async fn post_booking(app: Arc<App>, client: IpAddr, input: BookingInput) -> Response {
    match book(&app, client, input.clone()).await {
        Ok(Booked::Held(made)) => {
            let calendar = made.ics.split_once("?t=").map(|(_, t)| t).unwrap_or("");
            let manage = made.manage.split_once("?t=").map(|(_, t)| t).unwrap_or("");
            redirect(&format!("/book/booked?t={calendar}&m={manage}"))
        }
        Ok(Booked::Spam) => redirect("/book/booked"),
        Err(refused) => {
            let message = refused.message();
            form_page(&app, client, &input, Some(&message), refused.status()).await
        }
    }
}

/// What the visitor reads of a held booking, with its links.
fn booked_page(
    frame: &Frame,
    b: &Booking,
    zone: &jiff::tz::TimeZone,
    key: &[u8],
    mail: bool,
) -> String {
    let when = Timestamp::from_millisecond(b.start_ms)
        .map(|t| spoken(zone, t))
        .unwrap_or_default();
    let (ics, manage) = link_paths(key, b).unwrap_or_default();
    let mail_line = if mail {
        "<p>We have sent the invitation and a link to cancel or move it to your e-mail.</p>\n"
    } else {
        ""
    };
    frame.page(
        "Consultation booked",
        &format!(
            "{CSS}<p class=\"cf-eyebrow\">Consultation booked</p>\n<h1>Thank you, {name}</h1>\n\
             <p class=\"cf-lead\">Your consultation is booked for</p>\n<p class=\"bk-when\">{when}</p>\n{mail_line}\
             <p class=\"cf-actions\"><a class=\"cf-button\" href=\"{ics}\" download>Add to calendar</a>\
             <a href=\"{manage}\">Cancel or move it</a></p>\n\
             <p>Keep this page's address: the cancel or move link works once.</p>\n",
            name = escape(&b.name),
            when = escape(&when),
            ics = escape(&ics),
            manage = escape(&manage),
        ),
    )
}

fn message_page(frame: &Frame, title: &str, text: &str) -> String {
    frame.page(
        title,
        &format!(
            "<p class=\"cf-eyebrow\">Consultation</p>\n<h1>{}</h1>\n<p class=\"cf-lead\">{}</p>\n\
             <p class=\"cf-direct\">{}</p>\n<p class=\"cf-actions\"><a class=\"cf-button\" href=\"/book\">Book a time</a>\
             <a href=\"/\">Back to Home</a></p>\n",
            escape(title),
            escape(text),
            frame.direct_lines()
        ),
    )
}

/// `GET /book/booked?t=<calendar link>&m=<manage link>`.
async fn booked(app: Arc<App>, q: HashMap<String, String>) -> Response {
    let frame = Frame::load(&app).await;
    let generic = || {
        html(
            StatusCode::OK,
            message_page(
                &frame,
                "Consultation booked",
                "Your consultation is booked. We'll be in touch soon!",
            ),
        )
    };
    let store = app.store.clone();
    let Ok(Ok((key, settings))) = tokio::task::spawn_blocking(move || {
        Ok::<_, anyhow::Error>((store.hmac_key()?, store.consultation_settings()?))
    })
    .await
    else {
        return generic();
    };
    let Some(link) = q
        .get("t")
        .and_then(|t| links::read(&key, Purpose::Calendar, t, crate::store::now_ms() as i64).ok())
    else {
        return generic();
    };
    let store = app.store.clone();
    let Ok(Ok(Some(b))) = tokio::task::spawn_blocking(move || store.booking(link.booking)).await
    else {
        return generic();
    };
    // The page's own manage link must be this booking's current one, unused (its nonce still
    // the booking's): an old link must not come back renewed.
    let current = q
        .get("m")
        .and_then(|m| links::read(&key, Purpose::Manage, m, crate::store::now_ms() as i64).ok());
    if b.status == BookingStatus::Cancelled
        || current
            .is_none_or(|l| l.booking != b.id || links::check_unused(&l, b.link_nonce).is_err())
    {
        return generic();
    }
    let zone = slots::zone(&settings.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
    html(
        StatusCode::OK,
        booked_page(&frame, &b, &zone, &key, app.notifier.is_enabled()),
    )
}

/// `GET /book/manage?t=...`: the consultation, a button to cancel it and the times to move to.
async fn manage_page(app: Arc<App>, token: String, alert: Option<String>) -> Response {
    let frame = Frame::load(&app).await;
    let (b, rules) = match managed(&app, &token).await {
        Ok(found) => found,
        Err(m) => {
            return html(
                StatusCode::FORBIDDEN,
                message_page(&frame, "This link does not work", &m),
            );
        }
    };
    let list = match booking_slots::offered(&app, DAYS).await {
        Ok(Some((_, list))) => list,
        _ => Vec::new(),
    };
    let when = Timestamp::from_millisecond(b.start_ms)
        .map(|t| spoken(&rules.zone, t))
        .unwrap_or_default();
    let alert = alert
        .map(|a| {
            format!(
                "<div class=\"cf-alert\" role=\"alert\"><p>{}</p></div>\n",
                escape(&a)
            )
        })
        .unwrap_or_default();
    let t = escape(&token);
    let main = format!(
        "{CSS}<p class=\"cf-eyebrow\">Your consultation</p>\n<h1>Cancel or move</h1>\n{alert}\
         <p class=\"bk-when\">{when}</p>\n\
         <form class=\"cf-form\" method=\"post\" action=\"/book/manage\">\n\
         <input type=\"hidden\" name=\"t\" value=\"{t}\"><input type=\"hidden\" name=\"action\" value=\"cancel\">\n\
         <button class=\"cf-button\" type=\"submit\">Cancel this consultation</button>\n</form>\n\
         <h2>Move it to another time</h2>\n\
         <form class=\"cf-form\" method=\"post\" action=\"/book/manage\">\n\
         <input type=\"hidden\" name=\"t\" value=\"{t}\"><input type=\"hidden\" name=\"action\" value=\"move\">\n\
         {slots}<button class=\"cf-button\" type=\"submit\">Move to this time</button>\n</form>\n",
        when = escape(&when),
        slots = slot_list(&rules, &list, ""),
    );
    html(
        StatusCode::OK,
        frame.page("Cancel or move your consultation", &main),
    )
}

#[derive(Debug, Default, Deserialize)]
struct ManageForm {
    #[serde(default)]
    t: String,
    #[serde(default)]
    action: String,
    #[serde(default)]
    start: Option<String>,
}

async fn post_manage(app: Arc<App>, client: IpAddr, form: ManageForm) -> Response {
    let what = match (form.action.as_str(), form.start.as_deref()) {
        ("cancel", _) => Manage::Cancel,
        ("move", Some(start)) => match start.trim().parse() {
            Ok(start) => Manage::Move(start),
            Err(_) => {
                return manage_page(
                    app,
                    form.t,
                    Some("Please pick one of the free times.".into()),
                )
                .await;
            }
        },
        _ => {
            return manage_page(
                app,
                form.t,
                Some("Please pick one of the free times.".into()),
            )
            .await;
        }
    };
    match booking_manage::manage(&app, &form.t, what, client).await {
        Ok((b, _)) if b.status == BookingStatus::Cancelled => {
            let frame = Frame::load(&app).await;
            html(
                StatusCode::OK,
                message_page(
                    &frame,
                    "Consultation cancelled",
                    "Your consultation is cancelled. You are welcome to book another time.",
                ),
            )
        }
        Ok((b, _)) => {
            let store = app.store.clone();
            let key = tokio::task::spawn_blocking(move || store.hmac_key()).await;
            match key
                .ok()
                .and_then(Result::ok)
                .and_then(|k| link_paths(&k, &b).ok())
            {
                Some((ics, manage)) => {
                    let calendar = ics.split_once("?t=").map(|(_, t)| t).unwrap_or("");
                    let manage = manage.split_once("?t=").map(|(_, t)| t).unwrap_or("");
                    redirect(&format!("/book/booked?t={calendar}&m={manage}"))
                }
                None => redirect("/book/booked"),
            }
        }
        Err(m) => manage_page(app, form.t, Some(m)).await,
    }
}

/// `/book`, `/book/booked` and `/book/manage`.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let get = || warp::get().or(warp::head()).unify();
    let page = warp::path!("book")
        .and(get())
        .and(contact::client_filter(app.clone()))
        .and(with_app(app.clone()))
        .then(|client: IpAddr, app: Arc<App>| async move {
            form_page(&app, client, &BookingInput::default(), None, StatusCode::OK).await
        });
    let post = warp::path!("book")
        .and(warp::post())
        .and(warp::body::content_length_limit(contact::BODY_MAX))
        .and(warp::body::form::<BookingInput>())
        .and(contact::client_filter(app.clone()))
        .and(with_app(app.clone()))
        .then(|input: BookingInput, client: IpAddr, app: Arc<App>| {
            post_booking(app, client, input)
        });
    let done = warp::path!("book" / "booked")
        .and(get())
        .and(with_app(app.clone()))
        .and(warp::query::<HashMap<String, String>>())
        .then(booked);
    let manage = warp::path!("book" / "manage")
        .and(get())
        .and(with_app(app.clone()))
        .and(warp::query::<HashMap<String, String>>())
        .then(|app: Arc<App>, q: HashMap<String, String>| {
            manage_page(app, q.get("t").cloned().unwrap_or_default(), None)
        });
    let manage_post = warp::path!("book" / "manage")
        .and(warp::post())
        .and(warp::body::content_length_limit(8 * 1024))
        .and(warp::body::form::<ManageForm>())
        .and(contact::client_filter(app.clone()))
        .and(with_app(app))
        .then(|form: ManageForm, client: IpAddr, app: Arc<App>| post_manage(app, client, form));
    page.or(post)
        .unify()
        .or(done)
        .unify()
        .or(manage)
        .unify()
        .or(manage_post)
        .unify()
}
