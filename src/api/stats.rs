//! `POST /api/stats/view` and `POST /api/stats/tap`: the page-view and tap beacons, counted in
//! memory and answered 204 at once; and `GET /api/admin/stats?days=N`: the owner's report
//! (docs/stats.md).

use super::guard::{AdminIdentity, require_admin};
use super::{ApiError, blocking, error_response, json_response};
use crate::app::App;
use crate::app::with_app;
use crate::render::page_cache::Pages;
use crate::stats::{Tap, TapKind, View};
use bytes::Bytes;
use serde::Deserialize;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::SystemTime;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

/// Largest beacon body: a path of at most 200 bytes, a referrer and a campaign.
pub const BEACON_MAX: u64 = 4 * 1024;
/// The report's span when `days` is not given, and the longest it may be.
pub const DEFAULT_DAYS: u32 = 30;
pub const MAX_DAYS: u32 = 731;

/// What the beacon sends: `location.pathname` and, for the view that starts a visit,
/// `document.referrer`, `utm_campaign` and `utm_source` of the landing address.
#[derive(Debug, Deserialize)]
struct Beacon {
    path: String,
    #[serde(default)]
    referrer: Option<String>,
    /// Any JSON: a campaign that is not a usable name is left out, never a reason to refuse the
    /// view (views were taken without it).
    #[serde(default)]
    campaign: Option<serde_json::Value>,
    /// `utm_source`, under the campaign's rules.
    #[serde(default)]
    source: Option<serde_json::Value>,
}

/// What the tap beacon sends: the kind of link or button and `location.pathname`.
#[derive(Debug, Deserialize)]
struct TapBeacon {
    kind: String,
    path: String,
}

/// A beacon as its counter reads it: a JSON body of at most `BEACON_MAX` bytes, the client that
/// sent it, its headers and the shared state.
fn beacon(
    app: Arc<App>,
) -> impl Filter<Extract = (Bytes, IpAddr, HeaderMap, Arc<App>), Error = Rejection> + Clone {
    warp::post()
        .and(super::json_content_type())
        .and(warp::body::content_length_limit(BEACON_MAX))
        .and(warp::body::bytes())
        .and(super::contact::client_filter(app.clone()))
        .and(warp::header::headers_cloned())
        .and(with_app(app))
}

pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let view = warp::path!("stats" / "view")
        .and(beacon(app.clone()))
        .map(count_view);

    let tap = warp::path!("stats" / "tap")
        .and(beacon(app.clone()))
        .map(count_tap);

    let report = warp::path!("admin" / "stats")
        .and(warp::get())
        .and(require_admin(app.clone()))
        .and(warp::query::<HashMap<String, String>>())
        .and(with_app(app))
        .and_then(
            |_: AdminIdentity, query: HashMap<String, String>, app: Arc<App>| async move {
                let days = days_param(query.get("days").map(String::as_str))?;
                let report = blocking(move || app.stats.report(days, SystemTime::now())).await?;
                Ok::<_, Rejection>(json_response(StatusCode::OK, &report))
            },
        );

    view.or(tap).unify().or(report).unify().boxed()
}

/// The beacon's answer says nothing about what was counted, so it teaches a robot nothing.
fn count_view(body: Bytes, client: IpAddr, headers: HeaderMap, app: Arc<App>) -> Response {
    let Ok(beacon) = serde_json::from_slice::<Beacon>(&body) else {
        return error_response(
            StatusCode::BAD_REQUEST,
            "Send {\"path\": \"/page\", \"referrer\": \"...\"} as JSON",
        );
    };
    let pages = app.shells.pages();
    let Some(path) = site_page(&pages, &beacon.path) else {
        return no_content();
    };
    // A browser reports a page or two a minute; a script replaying the beacon is not a visitor.
    if app.limits.stats_by_ip.hit_client(client).is_err() {
        return no_content();
    }
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let own_hosts: Vec<&str> = [text(header::HOST), app.config.public_url.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    let referrer = beacon
        .referrer
        .as_deref()
        .filter(|r| crate::stats::classify::referrer_host(r, &own_hosts).is_some());
    let campaign = beacon
        .campaign
        .as_ref()
        .and_then(serde_json::Value::as_str)
        .and_then(crate::stats::classify::campaign);
    let source = beacon
        .source
        .as_ref()
        .and_then(serde_json::Value::as_str)
        .and_then(crate::stats::classify::campaign);
    // A visitor arrives from another site or a campaign once or twice a day; an address that names
    // a new one with every view is writing the lists, not following links.
    let (referrer, campaign, source) =
        if (referrer.is_some() || campaign.is_some() || source.is_some())
            && app.limits.referrers_by_ip.hit_client(client).is_err()
        {
            (None, None, None)
        } else {
            (referrer, campaign, source)
        };
    app.stats.count_view(
        &View {
            path,
            referrer,
            campaign,
            source,
            user_agent: text(header::USER_AGENT).unwrap_or(""),
            client,
            own_hosts: &own_hosts,
            founder_path: pages.founder_path(),
        },
        SystemTime::now(),
    );
    no_content()
}

/// A tap on a contact link or button: counted like a view (the same robots and pages left out),
/// under a limit of its own per address.
fn count_tap(body: Bytes, client: IpAddr, headers: HeaderMap, app: Arc<App>) -> Response {
    let Ok(beacon) = serde_json::from_slice::<TapBeacon>(&body) else {
        return error_response(
            StatusCode::BAD_REQUEST,
            "Send {\"kind\": \"whatsapp\", \"path\": \"/page\"} as JSON",
        );
    };
    let Some(kind) = TapKind::parse(&beacon.kind) else {
        return error_response(
            StatusCode::BAD_REQUEST,
            "kind must be one of whatsapp, phone, email, booking, brochure",
        );
    };
    let pages = app.shells.pages();
    let Some(path) = site_page(&pages, &beacon.path) else {
        return no_content();
    };
    if app.limits.taps_by_ip.hit_client(client).is_err() {
        return no_content();
    }
    app.stats.count_tap(
        &Tap {
            kind,
            path,
            user_agent: headers
                .get(header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .unwrap_or(""),
            client,
            founder_path: pages.founder_path(),
        },
        SystemTime::now(),
    );
    no_content()
}

/// The beacons' answer says nothing about what was counted, so it teaches a robot nothing.
fn no_content() -> Response {
    let mut res = warp::reply::with_status(warp::reply(), StatusCode::NO_CONTENT).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// Only pages the site has count, a case study under its current address: made-up paths can
/// neither fill the day's lists nor push a real page out of them.
fn site_page<'a>(pages: &'a Pages, reported: &'a str) -> Option<&'a str> {
    let asked = match reported.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    if pages.contains(asked) {
        Some(asked)
    } else {
        pages.redirect(asked)
    }
}

fn days_param(value: Option<&str>) -> Result<u32, ApiError> {
    let Some(value) = value else {
        return Ok(DEFAULT_DAYS);
    };
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=MAX_DAYS).contains(d))
        .ok_or_else(|| {
            ApiError::bad_request(format!("days must be a whole number from 1 to {MAX_DAYS}"))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_default_to_thirty_and_stay_in_range() {
        assert_eq!(days_param(None).unwrap(), DEFAULT_DAYS);
        assert_eq!(days_param(Some("365")).unwrap(), 365);
        for bad in ["0", "-1", "abc", "732", "7.5", ""] {
            assert!(days_param(Some(bad)).is_err(), "{bad}");
        }
    }
}
