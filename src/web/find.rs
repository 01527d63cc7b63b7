//! The not-found page's "find a page by its title" without JavaScript: its form sends the address
//! it was on with `?title=words`, and the answer, still a 404, lists the pages whose title holds
//! every word, as the page's own script does while the visitor types
//! (`ui/src/components/notFound/PageSearch.tsx`).

use super::contact_form::{Frame, html};
use crate::app::App;
use crate::html::escape;
use crate::site::ROUTES;
use std::sync::Arc;
use warp::http::StatusCode;
use warp::reply::Response;

/// The form's field, `FIND_PARAM` in PageSearch.tsx.
const PARAM: &str = "title";
/// Longest search taken; the rest is cut.
const MAX_CHARS: usize = 100;
/// Matches listed, as in the browser.
const MAX_MATCHES: usize = 6;

/// The words searched for, when the query carries the form's field with any.
pub fn asked(query: Option<&str>) -> Option<String> {
    let (_, value) = url::form_urlencoded::parse(query?.as_bytes()).find(|(k, _)| k == PARAM)?;
    let words: String = value.trim().chars().take(MAX_CHARS).collect();
    (!words.is_empty()).then_some(words)
}

/// The public pages whose title holds every word (any case): (path, title), route-table order.
fn matches(words: &str, founder_path: &str) -> Vec<(String, String)> {
    let words: Vec<String> = words.split_whitespace().map(str::to_lowercase).collect();
    ROUTES
        .routes
        .iter()
        .filter(|r| !r.admin)
        .filter_map(|r| match r.page.as_str() {
            "founder" => Some((founder_path.to_string(), r.title.clone())),
            "home" => Some((r.path.clone(), format!("Home: {}", r.title))),
            _ if r.path.contains('{') => None,
            _ => Some((r.path.clone(), r.title.clone())),
        })
        .filter(|(_, title)| {
            let title = title.to_lowercase();
            words.iter().all(|w| title.contains(w.as_str()))
        })
        .collect()
}

/// The not-found page's answer to a search: 404, the pages found (or that none was), the form again.
pub async fn answer(app: &Arc<App>, words: &str) -> Response {
    let founder_path = app.shells.pages().founder_path().to_string();
    let found = matches(words, &founder_path);
    let list: String = found
        .iter()
        .take(MAX_MATCHES)
        .map(|(path, title)| {
            format!(
                "<li><a href=\"{}\">{}</a></li>\n",
                escape(path),
                escape(title)
            )
        })
        .collect();
    let result = if found.is_empty() {
        "<p>No page has that in its title.</p>\n".to_string()
    } else {
        format!("<ul>\n{list}</ul>\n")
    };
    let main = format!(
        "<p class=\"cf-eyebrow\">404 · Page Not Found</p>\n\
         <h1>Pages with “{shown}” in their title</h1>\n{result}\
         <form class=\"cf-form\" method=\"get\" role=\"search\">\n\
         <label for=\"{PARAM}\">Or find a page by its title</label>\n\
         <input id=\"{PARAM}\" name=\"{PARAM}\" type=\"search\" value=\"{shown}\">\n\
         <button class=\"cf-button\" type=\"submit\">Find</button>\n</form>\n\
         <p class=\"cf-actions\"><a href=\"/portfolio\">See our portfolio</a>\
         <a href=\"/services\">Our services</a><a href=\"/contact\">Contact us</a></p>\n",
        shown = escape(words),
    );
    let frame = Frame::load(app).await;
    html(StatusCode::NOT_FOUND, frame.page("Find a page", &main))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_is_the_title_field_and_matches_every_word() {
        assert_eq!(asked(Some("title=+Kitchen+")), Some("Kitchen".into()));
        assert_eq!(asked(Some("title=")), None);
        assert_eq!(asked(Some("q=kitchen")), None);
        assert_eq!(asked(None), None);
        let paths = |words| -> Vec<String> {
            matches(words, "/anjali-rao")
                .into_iter()
                .map(|(p, _)| p)
                .collect()
        };
        assert_eq!(paths("renovation"), ["/services/renovation"]);
        assert_eq!(paths("FOUNDER designer"), ["/anjali-rao"]);
        assert!(paths("home").contains(&"/".to_string()));
        assert!(paths("castle").is_empty());
        assert!(!paths("admin").iter().any(|p| p.starts_with("/admin")));
    }
}
