//! No import circles between the top-level modules of `src/`: every `crate::X` path (and each
//! name of a `use crate::{..}` group) in a module other than `X` is an edge, and the graph of those
//! edges has no cycle, of two modules or more. Comments and string literals are not code; `super::`
//! stays inside a module. A cycle fails the test with the files and lines that make each edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Where an edge comes from: the first file and line that makes it.
type Edges = BTreeMap<String, BTreeMap<String, String>>;

#[test]
fn top_level_modules_import_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = edges(&src);
    assert!(
        edges.len() > 5,
        "found almost no `crate::` paths under {}: is the scan broken?",
        src.display()
    );
    let cycles = cycles(&edges);
    if !cycles.is_empty() {
        let mut report = String::new();
        for cycle in &cycles {
            report.push_str(&format!("\n  {}\n", cycle.join(" -> ")));
            for pair in cycle.windows(2) {
                report.push_str(&format!(
                    "    {} -> {}: {}\n",
                    pair[0], pair[1], edges[&pair[0]][&pair[1]]
                ));
            }
        }
        panic!("import circles between modules of src/:{report}");
    }
}

/// Rendering (the shells, the page cache, the engine) reads the store and the UI build: nothing it
/// imports, directly or through another module, is the shared state or a request handler.
#[test]
fn rendering_reaches_neither_app_nor_the_handlers() {
    let edges = edges(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let mut reached = BTreeSet::new();
    let mut next = vec!["render".to_string()];
    while let Some(module) = next.pop() {
        for to in edges.get(&module).into_iter().flat_map(|e| e.keys()) {
            if reached.insert(to.clone()) {
                next.push(to.clone());
            }
        }
    }
    for forbidden in ["app", "web", "api", "service", "net"] {
        assert!(
            !reached.contains(forbidden),
            "render reaches {forbidden} (through {reached:?})"
        );
    }
}

/// Inside `render/` too: the page cache keeps what the shells make, and the shells know nothing of
/// the page cache. Each file's `super::` and `crate::render::` paths outside its tests are edges.
#[test]
fn render_modules_import_no_circle() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/render");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    let siblings: BTreeSet<String> = files
        .iter()
        .filter_map(|f| f.file_stem()?.to_str().map(str::to_string))
        .filter(|stem| stem != "mod")
        .collect();
    assert!(siblings.contains("shells") && siblings.contains("page_cache"));
    let mut edges = Edges::new();
    for file in &files {
        let from = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let from = if from == "mod" { "render" } else { from };
        let text = std::fs::read_to_string(file).expect("a file of src/render");
        let code = code_only(text.split("#[cfg(test)]").next().unwrap_or_default());
        for prefix in ["super::", "crate::render::"] {
            for (offset, _) in code.match_indices(prefix) {
                // `super::` in render/mod.rs is the crate root, not a sibling.
                if prefix == "super::" && from == "render" {
                    continue;
                }
                let to = ident(&code[offset + prefix.len()..]);
                if siblings.contains(to) && to != from {
                    let line = code[..offset].matches('\n').count() + 1;
                    edges
                        .entry(from.to_string())
                        .or_default()
                        .entry(to.to_string())
                        .or_insert_with(|| format!("src/render/{from}.rs:{line}"));
                }
            }
        }
    }
    assert!(
        edges
            .get("page_cache")
            .is_some_and(|e| e.contains_key("shells")),
        "the scan found no edge from page_cache to shells: {edges:?}"
    );
    assert_eq!(cycles(&edges), Vec::<Vec<String>>::new(), "{edges:?}");
}

/// The scan itself finds what it must: a `use crate::{..}` group, a nested group, a path in code;
/// not a comment, a string, `$crate` or a module's own paths.
#[test]
fn the_scan_reads_paths_not_comments_or_strings() {
    let text = r##"
        //! See crate::zz for more.
        use crate::{aa, bb::{x, y}, cc::z as w};
        use crate::dd;
        /* crate::yy /* nested */ crate::yy */
        fn f() { let s = "crate::xx"; let r = r#"crate::xx "# ; let c = '"'; crate::ee::go(); }
        fn g<'a>(x: &'a str) -> &'a str { $crate::vv; crate::me::f(); x }
    "##;
    let found: BTreeSet<String> = paths(text).into_iter().map(|(m, _)| m).collect();
    let want: BTreeSet<String> = ["aa", "bb", "cc", "dd", "ee", "me"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(found, want);

    let mut edges = Edges::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        edges
            .entry(from.into())
            .or_default()
            .insert(to.into(), "here".into());
    }
    assert_eq!(cycles(&edges), vec![vec!["a", "b", "c", "a"]]);
}

/// Every edge between top-level modules, each with the first place that makes it.
fn edges(src: &Path) -> Edges {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut edges = Edges::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("a file under src/");
        let Some(module) = top_module(relative) else {
            continue;
        };
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
        for (to, line) in paths(&text) {
            if to != module && to != "self" && to != "super" {
                edges
                    .entry(module.clone())
                    .or_default()
                    .entry(to)
                    .or_insert_with(|| format!("src/{}:{line}", relative.display()));
            }
        }
    }
    edges
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("listing {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to: `api` for `api/mod.rs` and `api/x.rs`, `app` for
/// `app.rs`; none for the crate roots (`lib.rs` only declares modules, `main.rs` is another crate).
fn top_module(relative: &Path) -> Option<String> {
    let mut parts = relative.components();
    let first = parts.next()?.as_os_str().to_str()?;
    if parts.next().is_some() {
        return Some(first.to_string());
    }
    match first.strip_suffix(".rs")? {
        "lib" | "main" => None,
        stem => Some(stem.to_string()),
    }
}

/// The module each `crate::` path names, with its line, in code (not comments or strings).
fn paths(text: &str) -> Vec<(String, usize)> {
    let code = code_only(text);
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = code[at..].find("crate::") {
        let start = at + offset;
        at = start + "crate::".len();
        let glued = start > 0 && {
            let before = bytes[start - 1];
            before == b'$' || before == b'_' || before.is_ascii_alphanumeric()
        };
        if glued {
            continue;
        }
        let line = code[..start].matches('\n').count() + 1;
        if bytes.get(at) == Some(&b'{') {
            for name in group_heads(&code[at + 1..]) {
                found.push((name, line));
            }
        } else {
            let name = ident(&code[at..]);
            if !name.is_empty() {
                found.push((name.to_string(), line));
            }
        }
    }
    found
}

/// The first name of each item of a `{..}` group (`a, b::{x, y}, c as d` gives a, b, c).
fn group_heads(after_brace: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut expect_name = true;
    let mut rest = after_brace;
    while let Some(c) = rest.chars().next() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => expect_name = true,
            c if expect_name && depth == 0 && (c.is_alphabetic() || c == '_') => {
                let name = ident(rest);
                heads.push(name.to_string());
                expect_name = false;
                rest = &rest[name.len()..];
                continue;
            }
            _ => {}
        }
        rest = &rest[c.len_utf8()..];
    }
    heads
}

fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The text with comments and string and char literals blanked (newlines kept, for line numbers).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
            }
        } else if c == 'r'
            && matches!(next, Some('#') | Some('"'))
            && !chars[..i]
                .last()
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string: r"..", r#".."#, ...
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            i = j + 1;
            while i < chars.len() {
                if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                blank(&mut out, chars[i]);
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if let Some(&c) = chars.get(i) {
                    blank(&mut out, c);
                }
                i += 1;
            }
            i += 1;
        } else if c == '\'' && next == Some('\\') {
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Each cycle the graph holds, found by a depth-first search: one per back edge, named by its
/// modules in order with the first one repeated at the end.
fn cycles(edges: &Edges) -> Vec<Vec<String>> {
    fn visit(
        node: &str,
        edges: &Edges,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        found: &mut Vec<Vec<String>>,
    ) {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            found.push(cycle);
            return;
        }
        if done.contains(node) {
            return;
        }
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flat_map(|e| e.keys()) {
            visit(next, edges, path, done, found);
        }
        path.pop();
        done.insert(node.to_string());
    }
    let mut done = BTreeSet::new();
    let mut found = Vec::new();
    for node in edges.keys() {
        visit(node, edges, &mut Vec::new(), &mut done, &mut found);
    }
    found
}
