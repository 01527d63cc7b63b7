//! The site's public origin (`https://host[:port]`) for every absolute URL the server writes: the
//! sitemap, robots.txt, canonical links, `og:image` and structured data. It is only ever what the
//! host or the owner set, never a request's `Host`, which any client can make up.

use crate::config::Config;
use crate::store::Store;
use anyhow::Result;
use serde::Serialize;

/// The setting that holds the site address the owner types in the panel.
pub const SITE_URL_KEY: &str = "site_url";

/// Where the origin came from, most authoritative first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// `public_url` in studio.toml (or `STUDIO_PUBLIC_URL`).
    PublicUrl,
    /// The panel's site address (`site_url`).
    SiteUrl,
    /// The first of the HTTPS `domains`.
    Domains,
}

/// What the configuration says about the origin; the panel's part is read from the store.
#[derive(Debug, Clone)]
pub struct Origin {
    public_url: Option<String>,
    first_domain: Option<String>,
}

impl Origin {
    pub fn new(config: &Config) -> Origin {
        Origin {
            public_url: config
                .public_url
                .as_deref()
                .map(|u| u.trim_end_matches('/').to_string()),
            first_domain: config.https.as_ref().and_then(|https| {
                let domain = https.domains.first()?;
                Some(crate::hosts::https_origin(
                    domain,
                    https.https_listen.port(),
                ))
            }),
        }
    }

    /// An origin that is always `url`, as a `public_url` would make it.
    pub fn fixed(url: &str) -> Origin {
        Origin {
            public_url: Some(url.trim_end_matches('/').to_string()),
            first_domain: None,
        }
    }

    /// The origin, given the panel's site address: `public_url`, else `site_url`, else the first
    /// of `domains`; `None` when none is set.
    pub fn pick(&self, site_url: Option<&str>) -> Option<(String, Source)> {
        let site_url = site_url.map(str::trim).filter(|u| !u.is_empty());
        if let Some(url) = &self.public_url {
            return Some((url.clone(), Source::PublicUrl));
        }
        if let Some(url) = site_url {
            return Some((url.trim_end_matches('/').to_string(), Source::SiteUrl));
        }
        self.first_domain.clone().map(|d| (d, Source::Domains))
    }

    /// The origin and its source, reading the panel's site address from `store`.
    pub fn of(&self, store: &Store) -> Result<Option<(String, Source)>> {
        let site_url = match &self.public_url {
            // Set by the host: no need to read the store.
            Some(_) => None,
            None => store
                .settings()?
                .into_iter()
                .find(|s| s.key == SITE_URL_KEY)
                .map(|s| s.value),
        };
        Ok(self.pick(site_url.as_deref()))
    }

    /// The origin for a page's absolute URLs; empty when none is set (pages then name no
    /// canonical URL and keep their image paths relative).
    pub fn for_pages(&self, store: &Store) -> Result<String> {
        Ok(self.of(store)?.map(|(url, _)| url).unwrap_or_default())
    }
}

/// Checks the site address an owner typed: an absolute `https://` or `http://` origin (a host and
/// perhaps a port, no path, query or user), as it is stored (without a trailing `/`); empty clears it.
pub fn parse_site_url(value: &str) -> Result<String, String> {
    const WHAT: &str = "settingValue must be the site's address, such as https://www.example.com \
                        (no path after the name)";
    let value = value.trim();
    if value.is_empty() {
        return Ok(String::new());
    }
    let lower = value.to_ascii_lowercase();
    let (scheme, rest) = if let Some(rest) = lower.strip_prefix("https://") {
        ("https://", rest)
    } else if let Some(rest) = lower.strip_prefix("http://") {
        ("http://", rest)
    } else {
        return Err(WHAT.into());
    };
    let authority = rest.strip_suffix('/').unwrap_or(rest);
    let (host, port) = match authority.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    };
    let host_ok = !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    let port_ok = port.is_none_or(|p| {
        !p.is_empty()
            && p.len() <= 5
            && p.bytes().all(|b| b.is_ascii_digit())
            && p.parse::<u16>().is_ok_and(|n| n > 0)
    });
    if !host_ok || !port_ok {
        return Err(WHAT.into());
    }
    Ok(format!("{scheme}{authority}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(public_url: Option<&str>, first_domain: Option<&str>) -> Origin {
        Origin {
            public_url: public_url.map(str::to_string),
            first_domain: first_domain.map(str::to_string),
        }
    }

    #[test]
    fn public_url_wins_then_the_panel_then_the_first_domain() {
        let all = origin(Some("https://a.example"), Some("https://c.example"));
        assert_eq!(
            all.pick(Some("https://b.example")),
            Some(("https://a.example".into(), Source::PublicUrl))
        );
        let panel = origin(None, Some("https://c.example"));
        assert_eq!(
            panel.pick(Some("https://b.example/")),
            Some(("https://b.example".into(), Source::SiteUrl))
        );
        assert_eq!(
            panel.pick(Some("  ")),
            Some(("https://c.example".into(), Source::Domains))
        );
        assert_eq!(origin(None, None).pick(None), None);
    }

    #[test]
    fn a_site_address_is_an_origin_and_nothing_more() {
        for (typed, stored) in [
            ("https://www.example.com", "https://www.example.com"),
            ("https://www.example.com/", "https://www.example.com"),
            ("HTTP://Studio.Example:8080", "http://studio.example:8080"),
            (" https://xn--80ak6aa92e.com ", "https://xn--80ak6aa92e.com"),
            ("", ""),
        ] {
            assert_eq!(parse_site_url(typed).as_deref(), Ok(stored), "{typed}");
        }
        for bad in [
            "www.example.com",
            "ftp://example.com",
            "javascript:alert(1)",
            "https://",
            "https:///x",
            "https://example.com/path",
            "https://example.com?q=1",
            "https://example.com#top",
            "https://user@example.com",
            "https://example.com:0",
            "https://example.com:99999",
            "https://example.com:",
            "https://exa mple.com",
            "https://-bad.example",
            "https://a..b",
            "https://evil.example\\@good.example",
        ] {
            assert!(parse_site_url(bad).is_err(), "{bad}");
        }
    }
}
