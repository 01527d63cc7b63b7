//! What makes pages fast, over real HTTP: the shell and the UI build in brotli or gzip as the
//! client asks (each encoding with its own ETag, `Vary: Accept-Encoding`, bytes that decode to
//! exactly the plain answer), and each shell naming its page's script chunks for preloading.

mod common;

use common::TestServer;
use std::io::Read;

async fn fetch(server: &TestServer, path: &str, accept: &str) -> reqwest::Response {
    server
        .client
        .get(server.url(path))
        .header("accept-encoding", accept)
        .send()
        .await
        .unwrap()
}

fn decode(encoding: &str, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        "br" => brotli::Decompressor::new(body, 4096)
            .read_to_end(&mut out)
            .unwrap(),
        "gzip" => flate2::read::GzDecoder::new(body)
            .read_to_end(&mut out)
            .unwrap(),
        other => panic!("unexpected encoding {other}"),
    };
    out
}

/// The entry script and stylesheet the shell names.
async fn entry_assets(server: &TestServer) -> Vec<String> {
    let html = server.get("/").await.text().await.unwrap();
    html.split(['"', '\''])
        .filter(|s| s.starts_with("/assets/") && (s.ends_with(".js") || s.ends_with(".css")))
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn assets_come_in_the_encoding_asked_for_and_decode_to_the_file() {
    let server = TestServer::start().await;
    let assets = entry_assets(&server).await;
    assert!(!assets.is_empty());
    for asset in &assets {
        let plain = fetch(&server, asset, "identity").await;
        assert_eq!(plain.status(), 200);
        assert!(!plain.headers().contains_key("content-encoding"), "{asset}");
        assert_eq!(plain.headers()["vary"], "accept-encoding", "{asset}");
        let plain_etag = plain.headers()["etag"].clone();
        let plain = plain.bytes().await.unwrap();
        for (accept, encoding) in [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip")] {
            let res = fetch(&server, asset, accept).await;
            assert_eq!(res.status(), 200);
            // A copy that saves under 5% is not kept: tiny chunks may go out as they are.
            let Some(sent) = res.headers().get("content-encoding").cloned() else {
                assert!(plain.len() < 1024, "{asset} is sent uncompressed");
                continue;
            };
            if plain.len() >= 1024 {
                assert_eq!(sent, encoding, "{asset}");
            }
            let encoding = sent.to_str().unwrap();
            assert_eq!(res.headers()["vary"], "accept-encoding");
            assert_eq!(
                res.headers()["cache-control"],
                "public, max-age=31536000, immutable"
            );
            assert_ne!(res.headers()["etag"], plain_etag, "{asset} {encoding}");
            let body = res.bytes().await.unwrap();
            assert!(body.len() < plain.len(), "{asset} {encoding}");
            assert_eq!(decode(encoding, &body), plain, "{asset} {encoding}");
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn the_compressed_copies_have_no_url_of_their_own() {
    let server = TestServer::start().await;
    for asset in entry_assets(&server).await {
        for suffix in [".br", ".gz"] {
            let res = server.get(&format!("{asset}{suffix}")).await;
            assert_eq!(res.status(), 404, "{asset}{suffix}");
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn shells_are_compressed_and_revalidate_per_encoding() {
    let server = TestServer::start().await;
    for path in ["/", "/portfolio/timeless-luxury", "/no-such-page"] {
        let plain = fetch(&server, path, "identity").await;
        let status = plain.status();
        let plain = plain.bytes().await.unwrap();
        for (accept, encoding) in [("br;q=1, gzip;q=0.8", "br"), ("gzip", "gzip")] {
            let res = fetch(&server, path, accept).await;
            assert_eq!(res.status(), status, "{path}");
            assert_eq!(res.headers()["content-encoding"], encoding, "{path}");
            assert_eq!(res.headers()["vary"], "accept-encoding", "{path}");
            assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
            let etag = res.headers()["etag"].clone();
            let body = res.bytes().await.unwrap();
            assert_eq!(decode(encoding, &body), plain, "{path} {encoding}");
            if status == 200 {
                let again = server
                    .client
                    .get(server.url(path))
                    .header("accept-encoding", accept)
                    .header("if-none-match", etag.clone())
                    .send()
                    .await
                    .unwrap();
                assert_eq!(again.status(), 304, "{path} {encoding}");
                // The other encoding's ETag names other bytes: no 304 for it.
                let other = if encoding == "br" { "gzip" } else { "br" };
                let crossed = server
                    .client
                    .get(server.url(path))
                    .header("accept-encoding", other)
                    .header("if-none-match", etag)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(crossed.status(), 200, "{path} {encoding}");
            }
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn an_admin_write_recompresses_the_shells() {
    let server = TestServer::start().await;
    server
        .app
        .store
        .upsert_setting("company_phone", "+91 40 5555 0199", "Company phone")
        .unwrap();
    server.app.refresh_site().unwrap();
    let res = fetch(&server, "/", "br").await;
    assert_eq!(res.headers()["content-encoding"], "br");
    let html = decode("br", &res.bytes().await.unwrap());
    assert!(
        String::from_utf8(html)
            .unwrap()
            .contains("+91 40 5555 0199")
    );
    server.stop().await;
}

/// The `href`s of the tags of a page that open with `opening` (`<link rel="modulepreload"`).
fn hrefs_of(html: &str, opening: &str) -> Vec<String> {
    html.split(opening)
        .skip(1)
        .filter_map(|tag| tag.split("href=\"").nth(1)?.split('"').next())
        .map(str::to_string)
        .collect()
}

/// What a page's `<template id="page-scripts">` holds: the scripts its entry starts once the page
/// is painted.
fn page_scripts(html: &str) -> &str {
    let Some((_, rest)) = html.split_once("<template id=\"page-scripts\">") else {
        return "";
    };
    rest.split_once("</template>").map_or(rest, |(t, _)| t)
}

/// The `href`s of the `<link rel="modulepreload">` tags of a page's `page_scripts`.
fn modulepreloads(html: &str) -> Vec<String> {
    hrefs_of(page_scripts(html), "<link rel=\"modulepreload\"")
}

/// The page with its `<template>` elements taken out: what the browser fetches as it parses.
fn outside_templates(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some((before, after)) = rest.split_once("<template") {
        out.push_str(before);
        rest = after.split_once("</template>").map_or("", |(_, tail)| tail);
    }
    out.push_str(rest);
    out
}

#[tokio::test]
async fn each_shell_lists_its_own_page_chunks_for_after_the_first_paint() {
    let server = TestServer::start().await;
    let home = server.get("/").await.text().await.unwrap();
    let preloads = modulepreloads(&home);
    assert!(
        preloads.iter().any(|p| p.starts_with("/assets/Home-")),
        "{home}"
    );
    assert_eq!(
        preloads.len(),
        preloads
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len(),
        "{home}"
    );
    for chunk in &preloads {
        assert_eq!(server.get(chunk).await.status(), 200, "{chunk}");
    }

    let case_study = server
        .get("/portfolio/timeless-luxury")
        .await
        .text()
        .await
        .unwrap();
    let preloads = modulepreloads(&case_study);
    assert!(preloads.iter().any(|p| p.starts_with("/assets/CaseStudy-")));
    assert!(!preloads.iter().any(|p| p.starts_with("/assets/Home-")));

    // The admin pages render inside the admin frame, which has a chunk of its own.
    let login = server.get("/admin-login").await.text().await.unwrap();
    let preloads = modulepreloads(&login);
    assert!(
        preloads
            .iter()
            .any(|p| p.starts_with("/assets/AdminFrame-")),
        "{login}"
    );
    assert!(
        preloads
            .iter()
            .any(|p| p.starts_with("/assets/AdminLogin-")),
        "{login}"
    );
    assert!(
        !modulepreloads(&home)
            .iter()
            .any(|p| p.contains("AdminFrame-"))
    );

    let missing = server.get("/no-such-page").await.text().await.unwrap();
    assert!(modulepreloads(&missing).is_empty());
    // Vite's manifest is read by the server, never served.
    assert_eq!(server.get("/.vite/manifest.json").await.status(), 404);
    server.stop().await;
}

/// Before its first paint a page fetches its stylesheet and its one small entry script, and on `/`
/// an uploaded hero photograph: no font and no other script, which would share a slow link with them. The
/// app, the page's chunks and the web fonts come after that paint (ui/src/main.tsx), and the
/// template that lists the chunks sits in the head, where the entry finds it.
#[tokio::test]
async fn before_the_first_paint_a_page_fetches_its_stylesheet_and_entry_only() {
    let server = TestServer::start().await;
    for path in [
        "/",
        "/portfolio",
        "/portfolio/timeless-luxury",
        "/contact",
        "/no-such-page",
        "/admin-login",
    ] {
        let html = server.get(path).await.text().await.unwrap();
        let fetched = outside_templates(&html);
        assert!(
            !fetched.contains("rel=\"modulepreload\""),
            "{path}: {fetched}"
        );
        assert!(!fetched.contains("as=\"font\""), "{path}: {fetched}");
        assert!(!fetched.contains(".woff2"), "{path}: {fetched}");
        // The one preload a page may have is the home page's uploaded hero photograph.
        assert_eq!(
            fetched.matches("<link rel=\"preload\"").count(),
            fetched
                .matches("<link rel=\"preload\" as=\"image\"")
                .count(),
            "{path}: {fetched}"
        );
        let scripts = fetched.matches("<script type=\"module\"").count();
        assert_eq!(scripts, 1, "{path}: one entry script: {fetched}");
        assert_eq!(fetched.matches("rel=\"stylesheet\"").count(), 1, "{path}");
        let head_end = html.find("</head>").unwrap();
        let template = html.find("<template id=\"page-scripts\">").unwrap();
        assert!(template < head_end, "{path}: the template is in the head");
        // The app first, then the page's own chunks (none on the not-found page).
        let scripts = page_scripts(&html);
        let app = scripts
            .split("<script type=\"module\" crossorigin src=\"")
            .nth(1)
            .and_then(|tag| tag.split('"').next())
            .unwrap_or_else(|| panic!("{path}: no app script: {scripts}"));
        assert!(app.starts_with("/assets/start-"), "{path}: {app}");
        assert_eq!(server.get(app).await.status(), 200, "{path}: {app}");
        assert_eq!(
            modulepreloads(&html).is_empty(),
            path == "/no-such-page",
            "{path}: {scripts}"
        );
    }
    server.stop().await;
}

/// Pages and files are answered from memory ahead of the route tree (src/server.rs); HEAD must
/// still get GET's headers without the body, and any other method the tree's 405.
#[tokio::test]
async fn the_answer_from_memory_keeps_head_and_other_methods_right() {
    let server = TestServer::start().await;
    let mut paths = vec!["/".to_string(), "/portfolio".to_string()];
    paths.extend(entry_assets(&server).await);
    for path in &paths {
        let get = fetch(&server, path, "br").await;
        assert_eq!(get.status(), 200, "GET {path}");
        let get_headers = get.headers().clone();
        let get_len = get.bytes().await.unwrap().len();
        let head = server
            .client
            .head(server.url(path))
            .header("accept-encoding", "br")
            .send()
            .await
            .unwrap();
        assert_eq!(head.status(), 200, "HEAD {path}");
        for name in [
            "content-type",
            "etag",
            "cache-control",
            "content-encoding",
            "vary",
        ] {
            assert_eq!(
                head.headers().get(name),
                get_headers.get(name),
                "HEAD {path}: {name}"
            );
        }
        assert_eq!(
            head.headers()["content-length"].to_str().unwrap(),
            get_len.to_string(),
            "HEAD {path} announces GET's length"
        );
        assert!(
            head.bytes().await.unwrap().is_empty(),
            "HEAD {path} has no body"
        );

        for method in [
            reqwest::Method::POST,
            reqwest::Method::PUT,
            reqwest::Method::DELETE,
        ] {
            let res = server
                .client
                .request(method.clone(), server.url(path))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 405, "{method} {path}");
        }
    }
}

/// Every file of the UI build, asked for without compression, arrives byte for byte as embedded:
/// the large ones leave by sendfile(2) from copies made at start-up (src/zerocopy.rs).
#[tokio::test]
async fn every_embedded_file_arrives_whole_and_unchanged() {
    let server = TestServer::start().await;
    for name in studio::ui_build::Dist::iter() {
        if name.starts_with('.')
            || name.ends_with(".br")
            || name.ends_with(".gz")
            || name == "index.html"
        {
            continue;
        }
        let embedded = studio::ui_build::Dist::get(&name).unwrap().data;
        let res = fetch(&server, &format!("/{name}"), "identity").await;
        assert_eq!(res.status(), 200, "{name}");
        assert!(res.headers().get("content-encoding").is_none(), "{name}");
        let body = res.bytes().await.unwrap();
        assert!(
            body[..] == embedded[..],
            "{name}: {} bytes served, {} embedded",
            body.len(),
            embedded.len()
        );
    }
}

/// The rendered pages leave by sendfile too, from the copies made with each page
/// (`zerocopy::register`): each arrives byte for byte as the page cache holds it, in each
/// encoding, and after a write the new page arrives, never the copy of the one it replaced.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rendered_pages_arrive_whole_and_a_write_replaces_their_copies() {
    let server = TestServer::start().await;
    for phone in [None, Some("+91 40 5555 0177")] {
        if let Some(phone) = phone {
            server
                .app
                .store
                .upsert_setting("company_phone", phone, "Company phone")
                .unwrap();
            server.app.refresh_site().unwrap();
        }
        let pages = server.app.shells.pages();
        assert!(pages.wait_rendered(std::time::Duration::from_secs(60)));
        for path in ["/", "/about", "/portfolio", "/contact"] {
            let page = pages.get(path).unwrap();
            let full = page.encoded.full();
            let gzip = full.gzip.as_ref().expect("a gzip copy");
            assert!(
                page.html().len() >= studio::zerocopy::MIN_LEN,
                "{path}: large enough to be sent from a file"
            );
            for (accept, sent) in [("identity", &full.identity.body), ("gzip", &gzip.body)] {
                let res = fetch(&server, path, accept).await;
                assert_eq!(res.status(), 200, "{path}");
                let body = res.bytes().await.unwrap();
                assert!(body[..] == sent[..], "{path} ({accept}): the body differs");
            }
            if let Some(phone) = phone.filter(|_| path == "/contact") {
                let text = String::from_utf8_lossy(&page.html()).into_owned();
                assert!(text.contains(phone), "the new page");
            }
        }
    }
}

/// A client that asks for many large files before reading any answer fills the socket, so the
/// server's sendfile stops part way and resumes when the client reads: every body must still be
/// whole and in order.
#[tokio::test]
async fn large_files_survive_a_slow_reader() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = TestServer::start().await;
    let mut large: Vec<(String, Vec<u8>)> = studio::ui_build::Dist::iter()
        .filter(|name| !name.starts_with('.') && name != "index.html")
        .filter(|name| !name.ends_with(".br") && !name.ends_with(".gz"))
        .filter_map(|name| {
            let data = studio::ui_build::Dist::get(&name)?.data.into_owned();
            (data.len() >= studio::zerocopy::MIN_LEN).then(|| (format!("/{name}"), data))
        })
        .collect();
    large.sort_by_key(|(_, data)| std::cmp::Reverse(data.len()));
    large.truncate(3);
    assert!(!large.is_empty(), "the build has large files");
    let asks: Vec<&(String, Vec<u8>)> = large.iter().cycle().take(300).collect();
    let total: usize = asks.iter().map(|(_, d)| d.len()).sum();
    assert!(
        total > 2_000_000,
        "more than the socket buffers hold: {total}"
    );

    let mut conn = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let mut requests = String::new();
    for (i, (path, _)) in asks.iter().enumerate() {
        let close = if i + 1 == asks.len() {
            "connection: close\r\n"
        } else {
            ""
        };
        requests.push_str(&format!("GET {path} HTTP/1.1\r\nhost: test\r\n{close}\r\n"));
    }
    conn.write_all(requests.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    conn.read_to_end(&mut answer).await.unwrap();

    let mut rest = &answer[..];
    for (path, data) in asks {
        let end = rest
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a head")
            + 4;
        let head = std::str::from_utf8(&rest[..end])
            .unwrap()
            .to_ascii_lowercase();
        assert!(head.starts_with("http/1.1 200"), "{path}: {head}");
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert_eq!(length, data.len(), "{path}");
        assert!(
            rest[end..end + length] == data[..],
            "{path}: the body differs"
        );
        rest = &rest[end + length..];
    }
    assert!(rest.is_empty());
}
