//! What a page view's request says about it: a person or a robot, which device class, which
//! external site it came from, and whether its path is a page of this site worth counting.

use crate::site::ROUTES;

/// Longest path the beacon may report.
pub const MAX_PATH: usize = 200;

/// Words that only robots put in their user agent: search and social crawlers, HTTP libraries,
/// monitoring services and automated browsers (headless Chromium says `HeadlessChrome`).
const ROBOT_WORDS: &[&str] = &[
    "bot",
    "crawl",
    "spider",
    "slurp",
    "curl",
    "wget",
    "headless",
    "python",
    "go-http",
    "java/",
    "libwww",
    "httpclient",
    "okhttp",
    "axios",
    "node-fetch",
    "undici",
    "lighthouse",
    "pingdom",
    "uptime",
    "monitor",
    "facebookexternalhit",
    "embedly",
    "preview",
    "phantomjs",
    "selenium",
    "puppeteer",
    "playwright",
    "scrapy",
    "feedfetcher",
];

/// True for anything that is not a person's browser. Every browser in use sends a user agent that
/// starts with `Mozilla/` (Opera's old Presto builds aside), so anything else is a program.
pub fn is_robot(user_agent: &str) -> bool {
    let ua = user_agent.to_ascii_lowercase();
    if !(ua.starts_with("mozilla/") || ua.starts_with("opera/")) {
        return true;
    }
    ROBOT_WORDS.iter().any(|word| ua.contains(word))
}

/// The device classes the owner sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    Phone,
    Tablet,
    Desktop,
}

/// The device class from a browser's user agent. iPads since iPadOS 13 present themselves as a
/// Mac, so they count as desktops: the user agent is all the server is told.
pub fn device(user_agent: &str) -> Device {
    let ua = user_agent.to_ascii_lowercase();
    let android = ua.contains("android");
    if ua.contains("ipad")
        || ua.contains("tablet")
        || ua.contains("kindle")
        || ua.contains("silk/")
        || (android && !ua.contains("mobile"))
    {
        Device::Tablet
    } else if android
        || ua.contains("mobi")
        || ua.contains("iphone")
        || ua.contains("ipod")
        || ua.contains("windows phone")
    {
        Device::Phone
    } else {
        Device::Desktop
    }
}

/// The host of an `http(s)` referrer, lower case and without `www.`, unless it is one of
/// `own_hosts` (this site under any of its names) or not a plain host name. Only the host is kept:
/// a referrer's path and query can name a person (a webmail link, a search).
pub fn referrer_host(referrer: &str, own_hosts: &[&str]) -> Option<String> {
    let lower = referrer.trim().to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))?;
    let authority = rest.split(['/', '?', '#']).next()?;
    let host_port = authority.rsplit('@').next()?;
    let host = host_port.split(':').next()?.trim_end_matches('.');
    let ok = !host.is_empty()
        && host.len() <= 253
        && host.contains('.')
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    if !ok {
        return None;
    }
    let host = bare(host);
    if own_hosts.iter().any(|own| bare(&host_name(own)) == host) {
        return None;
    }
    Some(host.to_string())
}

/// The longest campaign name counted, as a lead's `utmCampaign` is kept (src/leads/mod.rs).
pub const CAMPAIGN_MAX_CHARS: usize = 100;

/// `utm_campaign` of a landing address as it is counted: trimmed, at most `CAMPAIGN_MAX_CHARS`
/// characters, no control characters. Anything else is no campaign: a visitor cannot fix it.
pub fn campaign(raw: &str) -> Option<&str> {
    let name = raw.trim();
    let ok = !name.is_empty()
        && name.chars().count() <= CAMPAIGN_MAX_CHARS
        && !name.chars().any(char::is_control);
    ok.then_some(name)
}

/// `utm_source` of a landing address as it is counted when the browser sent no referrer: the
/// campaign's rules, in lower case (`WhatsApp` and `whatsapp` are one source).
pub fn source(raw: &str) -> Option<String> {
    campaign(raw).map(str::to_lowercase)
}

fn bare(host: &str) -> &str {
    host.strip_prefix("www.").unwrap_or(host)
}

/// The host name of a `Host` header or a URL, lower case, without scheme, port or path.
pub fn host_name(value: &str) -> String {
    let lower = value.trim().to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or(&lower);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    authority.split(':').next().unwrap_or("").to_string()
}

/// What the counter makes of a reported path.
#[derive(Debug, PartialEq, Eq)]
pub enum PathKind {
    /// A public page of the route table.
    Route(String),
    /// `/portfolio/{slug}` not in the route table: a project the owner added (or a made-up slug,
    /// which is why these are capped per day).
    Project(String),
    /// Admin pages, unknown paths and anything malformed: not counted.
    NotCounted,
}

/// Sorts a reported path; a trailing slash is dropped, so `/about/` counts as `/about`.
/// `founder_path` is the founder's page, which the route table leaves to the founder record.
pub fn classify_path(path: &str, founder_path: &str) -> PathKind {
    if path.len() > MAX_PATH || !path.starts_with('/') {
        return PathKind::NotCounted;
    }
    let path = match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    if path == founder_path {
        return PathKind::Route(path.to_string());
    }
    if let Some(route) = ROUTES.find(path) {
        return if route.admin {
            PathKind::NotCounted
        } else {
            PathKind::Route(path.to_string())
        };
    }
    match path.strip_prefix("/portfolio/") {
        Some(slug)
            if !slug.is_empty()
                && slug.len() <= 100
                && slug
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') =>
        {
            PathKind::Project(path.to_string())
        }
        _ => PathKind::NotCounted,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// What ordinary browsers say; the counting tests (`super::super`) send them too.
    pub(in crate::stats) const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
         Chrome/131.0.0.0 Safari/537.36";
    pub(in crate::stats) const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 \
         (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const ANDROID_PHONE: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                                 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    const ANDROID_TABLET: &str = "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 \
                                  (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const IPAD: &str = "Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 \
                        (KHTML, like Gecko) Mobile/15E148";

    #[test]
    fn robots_are_told_from_people() {
        for robot in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "curl/8.5.0",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
             HeadlessChrome/131.0.0.0 Safari/537.36",
            "python-requests/2.31",
            "Wget/1.21",
            "",
            "facebookexternalhit/1.1",
            "Mozilla/5.0 (compatible; AhrefsBot/7.0)",
        ] {
            assert!(is_robot(robot), "{robot}");
        }
        for person in [CHROME, IPHONE, ANDROID_PHONE, ANDROID_TABLET, IPAD] {
            assert!(!is_robot(person), "{person}");
        }
    }

    #[test]
    fn devices_come_from_the_user_agent() {
        assert_eq!(device(CHROME), Device::Desktop);
        assert_eq!(device(IPHONE), Device::Phone);
        assert_eq!(device(ANDROID_PHONE), Device::Phone);
        assert_eq!(device(ANDROID_TABLET), Device::Tablet);
        assert_eq!(device(IPAD), Device::Tablet);
    }

    #[test]
    fn referrers_keep_only_external_hosts() {
        let own = ["studio.example:8080"];
        assert_eq!(
            referrer_host("https://www.Google.com/search?q=anjali+rao", &own).as_deref(),
            Some("google.com")
        );
        assert_eq!(
            referrer_host("http://user:pw@blog.example.org:81/post#x", &own).as_deref(),
            Some("blog.example.org")
        );
        for dropped in [
            "https://studio.example/about",
            "https://www.studio.example/",
            "android-app://com.google.android.gm/",
            "javascript:alert(1)",
            "https://localhost/",
            "https://[::1]/",
            "https://bad_host.example/",
            "",
        ] {
            assert_eq!(referrer_host(dropped, &own), None, "{dropped}");
        }
        assert_eq!(host_name("https://Studio.example:443/x"), "studio.example");
    }

    #[test]
    fn only_public_pages_are_counted() {
        assert_eq!(
            classify_path("/", "/anjali-rao"),
            PathKind::Route("/".into())
        );
        assert_eq!(
            classify_path("/about/", "/anjali-rao"),
            PathKind::Route("/about".into())
        );
        assert_eq!(
            classify_path("/priya-rao/", "/priya-rao"),
            PathKind::Route("/priya-rao".into()),
            "the founder's page, wherever the owner put it"
        );
        assert_eq!(
            classify_path("/anjali-rao", "/priya-rao"),
            PathKind::NotCounted
        );
        // Case studies are owner content now (one route pattern): capped per day like any slug.
        assert_eq!(
            classify_path("/portfolio/modern-serenity", "/anjali-rao"),
            PathKind::Project("/portfolio/modern-serenity".into())
        );
        assert_eq!(
            classify_path("/portfolio/new-villa-2", "/anjali-rao"),
            PathKind::Project("/portfolio/new-villa-2".into())
        );
        for not in [
            "/adminpanel",
            "/admin-login",
            "/wp-login.php",
            "/portfolio/Bad Slug",
            "about",
            &format!("/portfolio/{}", "a".repeat(300)),
        ] {
            assert_eq!(
                classify_path(not, "/anjali-rao"),
                PathKind::NotCounted,
                "{not}"
            );
        }
    }
}
