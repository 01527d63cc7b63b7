//! No import circles in `src/`: between its top-level modules, and between the files (and
//! subfolders) inside each module that is a folder. A `crate::`, `super::` or `self::` path (and each
//! name of a `use ..::{..}` group) resolved to the module it names is an edge from the file's module;
//! the graph of those edges at each level has no cycle, of two modules or more. Comments and string
//! literals are not code. A cycle fails the test with the files and lines that make each edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Where an edge comes from: the first file and line that makes it.
type Edges = BTreeMap<String, BTreeMap<String, String>>;

#[test]
fn top_level_modules_import_no_circle() {
    let edges = top_level();
    assert!(
        edges.len() > 5,
        "found almost no `crate::` paths under {}: is the scan broken?",
        src().display()
    );
    let report: String = cycles(&edges)
        .iter()
        .map(|cycle| cycle_report("", cycle, &edges))
        .collect();
    assert!(
        report.is_empty(),
        "import circles between modules of src/:{report}"
    );
}

/// Rendering (the shells, the page cache, the engine) reads the store and the UI build: nothing it
/// imports, directly or through another module, is the shared state or a request handler.
#[test]
fn rendering_reaches_neither_app_nor_the_handlers() {
    let edges = top_level();
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

/// Inside every module that is a folder of `src/` (`api/`, `render/`, `store/`, ...) too: its files
/// and subfolders import no circle. Each file's `crate::<this module>::`, `super::` and `self::`
/// paths outside its tests are edges between the folder's children; a child's use of its folder's
/// own `mod.rs` is not (the folder holds its children). A cycle fails with the files and lines.
#[test]
fn files_inside_each_module_import_no_circle() {
    let levels = graph(&src(), false);
    // The scan sees what it must: the page cache keeps what the shells make, and every owner's
    // call sits behind the guard.
    let found = |level: &str, from: &str, to: &str| {
        levels
            .get(level)
            .and_then(|e| e.get(from))
            .is_some_and(|e| e.contains_key(to))
    };
    assert!(
        found("render", "page_cache", "shells") && found("api", "resource", "guard"),
        "the scan missed an edge it must see: {levels:?}"
    );
    let mut report = String::new();
    for (level, edges) in levels.iter().filter(|(level, _)| !level.is_empty()) {
        for cycle in cycles(edges) {
            report.push_str(&cycle_report(&format!("src/{level}/"), &cycle, edges));
        }
    }
    assert!(report.is_empty(), "import circles inside modules:{report}");
}

/// The scan itself finds what it must: a `use crate::{..}` group, a nested group, a path in code,
/// `super::` and `self::` paths resolved from the file's module; not a comment, a string or `$crate`.
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
    let here = ["me".to_string(), "deep".to_string()];
    let found: BTreeSet<String> = references(&code_only(text), &here)
        .into_iter()
        .filter_map(|(path, _)| path.first().cloned())
        .collect();
    let want: BTreeSet<String> = ["aa", "bb", "cc", "dd", "ee", "me"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(found, want);

    let text = "use super::{ff, gg::x};\nfn h() { super::super::hh::y(); self::ii::z(); }";
    let found: Vec<(Vec<String>, usize)> = references(&code_only(text), &here);
    let path = |p: &str| p.split('/').map(str::to_string).collect::<Vec<_>>();
    assert_eq!(
        found,
        vec![
            (path("me/ff"), 1),
            (path("me/gg"), 1),
            (path("hh/y"), 2),
            (path("me/deep/ii/z"), 2),
        ]
    );

    let mut edges = Edges::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        edges
            .entry(from.into())
            .or_default()
            .insert(to.into(), "here".into());
    }
    assert_eq!(cycles(&edges), vec![vec!["a", "b", "c", "a"]]);
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The edges between top-level modules, tests included.
fn top_level() -> Edges {
    graph(&src(), true).remove("").unwrap_or_default()
}

/// The edges at every level, by the folder they are inside (`""` for `src/` itself, `"api"`,
/// `"render"`, ...), each edge with the first file and line that makes it. A file's code after its
/// first `#[cfg(test)]` is its tests: counted only `with_tests`.
fn graph(src: &Path, with_tests: bool) -> BTreeMap<String, Edges> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .filter_map(|f| module_path(f.strip_prefix(src).ok()?))
        .collect();
    let mut levels = BTreeMap::<String, Edges>::new();
    for file in &files {
        let relative = file.strip_prefix(src).expect("a file under src/");
        let Some(module) = module_path(relative) else {
            continue;
        };
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
        let (code, tests) = text.split_at(text.find("#[cfg(test)]").unwrap_or(text.len()));
        let mut found = references(&code_only(code), &module);
        if with_tests {
            let lines = code.matches('\n').count();
            let inside = [module.clone(), vec!["tests".to_string()]].concat();
            found.extend(
                references(&code_only(tests), &inside)
                    .into_iter()
                    .map(|(path, line)| (path, line + lines)),
            );
        }
        for (path, line) in found {
            let target = (0..=path.len())
                .rev()
                .map(|n| &path[..n])
                .find(|p| modules.contains(*p))
                .unwrap_or_default();
            let common = module
                .iter()
                .zip(target)
                .take_while(|(a, b)| a == b)
                .count();
            if common < module.len() && common < target.len() {
                levels
                    .entry(module[..common].join("/"))
                    .or_default()
                    .entry(module[common].clone())
                    .or_default()
                    .entry(target[common].clone())
                    .or_insert_with(|| format!("src/{}:{line}", relative.display()));
            }
        }
    }
    levels
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

/// The module a file is, as its path from the crate root: `api/admin.rs` is `[api, admin]`,
/// `api/mod.rs` is `[api]`, `lib.rs` the root `[]`; none for `main.rs` (another crate).
fn module_path(relative: &Path) -> Option<Vec<String>> {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_str().map(str::to_string))
        .collect::<Option<_>>()?;
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    match (parts.is_empty(), stem) {
        (true, "main") => return None,
        (true, "lib") | (false, "mod") => {}
        _ => parts.push(stem.to_string()),
    }
    Some(parts)
}

/// Every path in `code` that starts at `crate::`, `super::` or `self::`, resolved from `module`
/// to the full path it names, with its line; a `{..}` group gives one path per item (its first
/// name). `code` has its comments and strings blanked; `$crate` is not a path of this crate.
fn references(code: &str, module: &[String]) -> Vec<(Vec<String>, usize)> {
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(start) = ["crate::", "super::", "self::"]
        .iter()
        .filter_map(|p| code[at..].find(p).map(|o| at + o))
        .min()
    {
        let glued = start > 0 && {
            let before = bytes[start - 1];
            matches!(before, b'$' | b'_' | b':') || before.is_ascii_alphanumeric()
        };
        if glued {
            at = start + 1;
            continue;
        }
        let line = code[..start].matches('\n').count() + 1;
        let mut base: Vec<String> = Vec::new();
        at = start;
        loop {
            let name = ident(&code[at..]);
            if name.is_empty() {
                if bytes.get(at) == Some(&b'{') {
                    for head in group_heads(&code[at + 1..]) {
                        let mut path = base.clone();
                        if head != "self" {
                            path.push(head);
                        }
                        found.push((path, line));
                    }
                }
                break;
            }
            match (at == start, name) {
                (true, "crate") => {}
                (true, "self") => base = module.to_vec(),
                (true, "super") => base = module[..module.len().saturating_sub(1)].to_vec(),
                (false, "super") => {
                    base.pop();
                }
                (_, name) => base.push(name.to_string()),
            }
            at += name.len();
            if code[at..].starts_with("::") {
                at += 2;
            } else {
                found.push((base, line));
                break;
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

/// A cycle as the failure names it: its modules in order, then the file and line of each edge.
fn cycle_report(place: &str, cycle: &[String], edges: &Edges) -> String {
    let mut report = format!("\n  {place}{}\n", cycle.join(" -> "));
    for pair in cycle.windows(2) {
        report.push_str(&format!(
            "    {} -> {}: {}\n",
            pair[0], pair[1], edges[&pair[0]][&pair[1]]
        ));
    }
    report
}
