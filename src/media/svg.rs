//! The check an uploaded SVG must pass: an allow-list of elements and attributes, read with a real
//! XML tokenizer. Nothing that runs script (no `script`, event attributes or `javascript:`),
//! embeds a document (`foreignObject`), animates a link or a handler, or loads anything from
//! outside the file (links are `#id` or an embedded raster image; CSS has no `url()` but `#id`, no
//! escapes, no `@import`). `/media/` also serves every SVG sandboxed and as an attachment; this
//! check keeps such files out of the data file in the first place.

use std::collections::HashMap;
use xmlparser::{ElementEnd, Token, Tokenizer};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";

/// Namespaces of editor metadata (Inkscape, Illustrator's RDF): elements and attributes in them
/// are data no browser acts on.
const METADATA_NS: [&str; 6] = [
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "http://creativecommons.org/ns#",
    "http://purl.org/dc/elements/1.1/",
    "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
    "http://www.inkscape.org/namespaces/inkscape",
    "http://ns.adobe.com/AdobeIllustrator/10.0/",
];

/// The SVG elements a logo or an illustration uses. Not here: `script`, `foreignObject`, `a`,
/// `iframe`, `feImage`, `handler`, fonts and anything else that links out or runs.
const ELEMENTS: &[&str] = &[
    "svg",
    "g",
    "defs",
    "symbol",
    "use",
    "title",
    "desc",
    "metadata",
    "style",
    "switch",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textPath",
    "linearGradient",
    "radialGradient",
    "stop",
    "pattern",
    "clipPath",
    "mask",
    "marker",
    "image",
    "view",
    "filter",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feConvolveMatrix",
    "feDiffuseLighting",
    "feDisplacementMap",
    "feDistantLight",
    "feDropShadow",
    "feFlood",
    "feFuncA",
    "feFuncB",
    "feFuncG",
    "feFuncR",
    "feGaussianBlur",
    "feMerge",
    "feMergeNode",
    "feMorphology",
    "feOffset",
    "fePointLight",
    "feSpecularLighting",
    "feSpotLight",
    "feTile",
    "feTurbulence",
    "animate",
    "animateTransform",
    "animateMotion",
    "mpath",
    "set",
];

/// Animation elements: what they may change is checked too.
const ANIMATIONS: [&str; 4] = ["animate", "animateTransform", "animateMotion", "set"];

/// Attributes without a namespace prefix. Event attributes (`on…`) are not among them.
const ATTRIBUTES: &[&str] = &[
    // core and structure
    "id",
    "class",
    "style",
    "lang",
    "tabindex",
    "role",
    "focusable",
    "version",
    "baseProfile",
    "x",
    "y",
    "width",
    "height",
    "viewBox",
    "preserveAspectRatio",
    "transform",
    "href",
    "requiredFeatures",
    "requiredExtensions",
    "systemLanguage",
    "type",
    "media",
    "zoomAndPan",
    "enable-background",
    // shapes
    "d",
    "points",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "x1",
    "x2",
    "y1",
    "y2",
    "fx",
    "fy",
    "fr",
    "pathLength",
    // paint servers, clips, masks, markers
    "gradientUnits",
    "gradientTransform",
    "spreadMethod",
    "offset",
    "stop-color",
    "stop-opacity",
    "patternUnits",
    "patternContentUnits",
    "patternTransform",
    "clipPathUnits",
    "maskUnits",
    "maskContentUnits",
    "markerWidth",
    "markerHeight",
    "markerUnits",
    "refX",
    "refY",
    "orient",
    "marker-start",
    "marker-mid",
    "marker-end",
    // presentation
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-opacity",
    "opacity",
    "clip-path",
    "clip-rule",
    "mask",
    "filter",
    "display",
    "visibility",
    "overflow",
    "color",
    "mix-blend-mode",
    "isolation",
    "color-interpolation",
    "color-interpolation-filters",
    "color-rendering",
    "shape-rendering",
    "text-rendering",
    "image-rendering",
    "vector-effect",
    "paint-order",
    "transform-origin",
    "solid-color",
    "solid-opacity",
    // text
    "font-family",
    "font-size",
    "font-size-adjust",
    "font-weight",
    "font-style",
    "font-variant",
    "font-stretch",
    "letter-spacing",
    "word-spacing",
    "text-anchor",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "text-decoration",
    "dx",
    "dy",
    "rotate",
    "textLength",
    "lengthAdjust",
    "startOffset",
    "method",
    "spacing",
    "side",
    "writing-mode",
    "direction",
    "unicode-bidi",
    // filters
    "filterUnits",
    "primitiveUnits",
    "in",
    "in2",
    "result",
    "stdDeviation",
    "mode",
    "operator",
    "k1",
    "k2",
    "k3",
    "k4",
    "values",
    "tableValues",
    "slope",
    "intercept",
    "amplitude",
    "exponent",
    "flood-color",
    "flood-opacity",
    "lighting-color",
    "surfaceScale",
    "diffuseConstant",
    "specularConstant",
    "specularExponent",
    "kernelMatrix",
    "order",
    "divisor",
    "bias",
    "targetX",
    "targetY",
    "edgeMode",
    "kernelUnitLength",
    "preserveAlpha",
    "scale",
    "xChannelSelector",
    "yChannelSelector",
    "radius",
    "baseFrequency",
    "numOctaves",
    "seed",
    "stitchTiles",
    "azimuth",
    "elevation",
    "pointsAtX",
    "pointsAtY",
    "pointsAtZ",
    "specularExponent",
    "limitingConeAngle",
    "z",
    // animation (what it targets is checked apart)
    "attributeName",
    "attributeType",
    "begin",
    "dur",
    "end",
    "repeatCount",
    "repeatDur",
    "from",
    "to",
    "by",
    "keyTimes",
    "keySplines",
    "keyPoints",
    "calcMode",
    "additive",
    "accumulate",
    "restart",
    "min",
    "max",
    "path",
];

/// Refuses anything but a plain picture; the reason is said to the owner.
pub fn check(data: &[u8]) -> Result<(), &'static str> {
    let text = std::str::from_utf8(data).map_err(|_| "it is not UTF-8 text")?;
    // Every prefix declared anywhere, with its namespace: a prefix bound to the SVG namespace in
    // one place and used in another is still judged as SVG.
    // One prefix bound to two namespaces in different places could pass as metadata where it is SVG.
    let mut prefixes: HashMap<&str, &str> = HashMap::new();
    for token in Tokenizer::from(text) {
        if let Ok(Token::Attribute {
            prefix,
            local,
            value,
            ..
        }) = token
            && prefix.as_str() == "xmlns"
            && prefixes
                .insert(local.as_str(), value.as_str())
                .is_some_and(|was| was != value.as_str())
        {
            return Err("it binds one prefix to two namespaces");
        }
    }
    let mut open: Vec<String> = Vec::new();
    // The element whose start tag is being read.
    let mut element: Option<String> = None;
    let mut seen_root = false;
    for token in Tokenizer::from(text) {
        let token = token.map_err(|_| "it is not well-formed XML")?;
        match token {
            Token::Declaration { .. } | Token::Comment { .. } | Token::EmptyDtd { .. } => {}
            Token::ProcessingInstruction { .. } => return Err("it loads a style sheet"),
            Token::DtdStart { .. } | Token::EntityDeclaration { .. } | Token::DtdEnd { .. } => {
                return Err("it declares XML entities");
            }
            Token::ElementStart { prefix, local, .. } => {
                let name = element_name(&prefixes, prefix.as_str(), local.as_str())?;
                if !seen_root && name != "svg" {
                    return Err("it is not an SVG image");
                }
                seen_root = true;
                element = Some(name);
            }
            Token::Attribute {
                prefix,
                local,
                value,
                ..
            } => {
                let value = decode_entities(value.as_str())?;
                let on = element.as_deref().unwrap_or_default();
                check_attribute(&prefixes, on, prefix.as_str(), local.as_str(), &value)?;
            }
            Token::ElementEnd { end, .. } => match end {
                ElementEnd::Open => open.push(element.take().unwrap_or_default()),
                ElementEnd::Empty => element = None,
                ElementEnd::Close(..) => {
                    open.pop();
                }
            },
            Token::Text { text } => {
                if open.last().is_some_and(|e| e == "style") {
                    check_css(&decode_entities(text.as_str())?)?;
                }
            }
            Token::Cdata { text, .. } => {
                if open.last().is_some_and(|e| e == "style") {
                    check_css(text.as_str())?;
                }
            }
        }
    }
    if !seen_root {
        return Err("it is not an SVG image");
    }
    if element.is_some() || !open.is_empty() {
        return Err("it is not well-formed XML");
    }
    Ok(())
}

/// What editor metadata elements are judged as: data, whatever their attributes.
const METADATA: &str = "#metadata";

/// The element's name to judge: an SVG element on the allow-list, or editor metadata. `Err` for
/// anything else.
fn element_name(
    prefixes: &HashMap<&str, &str>,
    prefix: &str,
    local: &str,
) -> Result<String, &'static str> {
    let namespace = if prefix.is_empty() {
        SVG_NS
    } else {
        prefixes.get(prefix).copied().unwrap_or("")
    };
    if METADATA_NS.contains(&namespace) {
        return Ok(METADATA.to_string());
    }
    if namespace != SVG_NS {
        return Err("it contains elements that are not SVG");
    }
    match local {
        "script" | "handler" | "listener" => Err("it contains a script"),
        "foreignObject" => Err("it embeds HTML"),
        _ if ELEMENTS.contains(&local) => Ok(local.to_string()),
        _ => Err("it contains elements an image does not need"),
    }
}

fn check_attribute(
    prefixes: &HashMap<&str, &str>,
    element: &str,
    prefix: &str,
    local: &str,
    value: &str,
) -> Result<(), &'static str> {
    if local.to_ascii_lowercase().starts_with("on") && prefix.is_empty() {
        return Err("it contains an event handler");
    }
    if element == METADATA && prefix != "xmlns" && local != "xmlns" {
        return Ok(());
    }
    match prefix {
        "" if local == "xmlns" => {
            return if value == SVG_NS {
                Ok(())
            } else {
                Err("it contains elements that are not SVG")
            };
        }
        "xmlns" => {
            return if value == SVG_NS || value == XLINK_NS || METADATA_NS.contains(&value) {
                Ok(())
            } else {
                Err("it declares an unknown namespace")
            };
        }
        "xml" if matches!(local, "space" | "lang") => {}
        "" if ATTRIBUTES.contains(&local)
            || local.starts_with("data-")
            || local.starts_with("aria-") => {}
        "" => return Err("it contains attributes an image does not need"),
        _ => match prefixes.get(prefix).copied() {
            Some(XLINK_NS) if matches!(local, "href" | "title") => {}
            Some(ns) if METADATA_NS.contains(&ns) => return Ok(()),
            _ => return Err("it contains attributes an image does not need"),
        },
    }
    if local == "href" {
        return if is_internal_reference(value) {
            Ok(())
        } else {
            Err("it refers to another file or site")
        };
    }
    if ANIMATIONS.contains(&element) && local == "attributeName" {
        let target = value.rsplit(':').next().unwrap_or(value).trim();
        if target.eq_ignore_ascii_case("href") || target.to_ascii_lowercase().starts_with("on") {
            return Err("it animates a link or an event handler");
        }
    }
    check_css(value)
}

/// CSS, in a `<style>` or an attribute: no escapes (which can spell `url(` or `javascript:`), no
/// `@import`, no link but `url(#id)`, no `javascript:`.
fn check_css(css: &str) -> Result<(), &'static str> {
    if css.contains('\\') {
        return Err("it contains escaped characters in its styles");
    }
    let mut lower = String::with_capacity(css.len());
    let mut rest = css;
    // Comments go, so that `u/**/rl(` or `java/**/script:` are judged as they could be read.
    while let Some(start) = rest.find("/*") {
        lower.push_str(&rest[..start]);
        rest = rest[start + 2..]
            .find("*/")
            .map_or("", |end| &rest[start + 2 + end + 2..]);
    }
    lower.push_str(rest);
    let compact: String = lower
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect::<String>()
        .to_ascii_lowercase();
    for (needle, why) in [
        ("javascript:", "it contains a javascript: link"),
        ("vbscript:", "it contains a script link"),
        ("@import", "it loads a style sheet"),
        ("expression(", "it contains a script"),
        ("-moz-binding", "it contains a script"),
        ("image-set(", "it refers to another file or site"),
    ] {
        if compact.contains(needle) {
            return Err(why);
        }
    }
    for (i, _) in compact.match_indices("url(") {
        let value = compact[i + 4..].trim_start_matches(['"', '\'']);
        if !value.starts_with('#') {
            return Err("it refers to another file or site");
        }
    }
    Ok(())
}

/// A reference into the same file (`#id`) or an embedded raster image.
fn is_internal_reference(value: &str) -> bool {
    let value: String = value
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect();
    let lower = value.to_ascii_lowercase();
    (value.starts_with('#') && !lower.contains("javascript:"))
        || ["png", "jpeg", "jpg", "gif", "webp"]
            .iter()
            .any(|t| lower.starts_with(&format!("data:image/{t};base64,")))
}

/// XML's five named entities and numeric character references, as a parser would read them; any
/// other entity cannot be read without a DTD, which is refused.
fn decode_entities(raw: &str) -> Result<String, &'static str> {
    const BAD: &str = "it is not well-formed XML";
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let end = after.find(';').ok_or(BAD)?;
        let name = &after[..end];
        let c = match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(hex) = name.strip_prefix("#x") {
                    u32::from_str_radix(hex, 16).ok()
                } else if let Some(dec) = name.strip_prefix('#') {
                    dec.parse().ok()
                } else {
                    None
                };
                code.and_then(char::from_u32).ok_or(BAD)?
            }
        };
        out.push(c);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_logo_passes() {
        let logo = include_bytes!("../../ui/public/images/logo.svg");
        assert_eq!(check(logo), Ok(()));
    }

    #[test]
    fn what_illustrator_figma_and_inkscape_write_passes() {
        let illustrator = br#"<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
	 viewBox="0 0 200 200" style="enable-background:new 0 0 200 200;" xml:space="preserve">
<style type="text/css">
	.st0{fill:#C9A96E;}
	.st1{fill:none;stroke:#1F1C19;stroke-width:2;stroke-miterlimit:10;}
</style>
<g id="Logo" data-name="Logo">
	<path class="st0" d="M100,20c44.2,0,80,35.8,80,80s-35.8,80-80,80s-80-35.8-80-80S55.8,20,100,20z"/>
	<circle class="st1" cx="100" cy="100" r="60"/>
	<text transform="matrix(1 0 0 1 62 108)" font-family="'Cormorant Garamond'" font-size="24px">NIVASA</text>
</g>
</svg>"#;
        assert_eq!(check(illustrator), Ok(()));
        let figma = br##"<svg width="200" height="200" viewBox="0 0 200 200" fill="none" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
<g clip-path="url(#clip0_12_3)" filter="url(#filter0_d_12_3)">
<rect width="200" height="200" rx="12" fill="url(#paint0_linear_12_3)"/>
<path fill-rule="evenodd" clip-rule="evenodd" d="M40 40H160V160H40V40Z" fill="#1F1C19" fill-opacity="0.8"/>
<rect x="60" y="60" width="80" height="80" fill="url(#pattern0)"/>
</g>
<defs>
<filter id="filter0_d_12_3" x="-4" y="0" width="208" height="208" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
<feFlood flood-opacity="0" result="BackgroundImageFix"/>
<feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/>
<feOffset dy="4"/>
<feGaussianBlur stdDeviation="2"/>
<feComposite in2="hardAlpha" operator="out"/>
<feBlend mode="normal" in2="BackgroundImageFix" result="effect1_dropShadow_12_3"/>
</filter>
<pattern id="pattern0" patternContentUnits="objectBoundingBox" width="1" height="1">
<use xlink:href="#image0_12_3" transform="scale(0.01)"/>
</pattern>
<linearGradient id="paint0_linear_12_3" x1="0" y1="0" x2="200" y2="200" gradientUnits="userSpaceOnUse">
<stop stop-color="#C9A96E"/>
<stop offset="1" stop-color="#8A6432"/>
</linearGradient>
<clipPath id="clip0_12_3"><rect width="200" height="200" fill="white"/></clipPath>
<image id="image0_12_3" width="100" height="100" xlink:href="data:image/png;base64,iVBORw0KGgo="/>
</defs>
</svg>"##;
        assert_eq!(check(figma), Ok(()));
        let inkscape = br##"<svg xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:cc="http://creativecommons.org/ns#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="100" height="100" sodipodi:docname="logo.svg" inkscape:version="1.0"><metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format></cc:Work></rdf:RDF></metadata><sodipodi:namedview pagecolor="#ffffff"/><g inkscape:label="Layer 1" inkscape:groupmode="layer"><rect style="fill:#c9a96e;stroke:none" width="10" height="10"/></g></svg>"##;
        assert_eq!(check(inkscape), Ok(()));
        let simple = br##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/><use xlink:href="#g"/><text>Only once, one more</text><animate attributeName="opacity" from="0" to="1" dur="1s"/></svg>"##;
        assert_eq!(check(simple), Ok(()));
    }

    #[test]
    fn the_reviews_two_bypasses_are_refused() {
        // An animation that turns a link into a script link.
        let animate = br##"<svg xmlns="http://www.w3.org/2000/svg"><use href="#x"><animate attributeName="href" values="&#106;avascript:alert(1)"/></use></svg>"##;
        assert!(check(animate).is_err());
        let harmless_values = br##"<svg xmlns="http://www.w3.org/2000/svg"><use href="#x"><animate attributeName="href" values="#y"/></use></svg>"##;
        assert_eq!(
            check(harmless_values),
            Err("it animates a link or an event handler")
        );
        let animate_only = br#"<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="xlink:href" to="https://evil.example/"/></svg>"#;
        assert!(check(animate_only).is_err());
        let on = br#"<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="onclick" to="alert(1)"/></svg>"#;
        assert!(check(on).is_err());
        // A CSS escape that spells url( past a search for the word.
        let escaped = br#"<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:\75 rl(https://evil.example/x)"/></svg>"#;
        assert!(check(escaped).is_err());
        let escaped_style = br#"<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:\000075rl(//evil.example/x)}</style><rect/></svg>"#;
        assert!(check(escaped_style).is_err());
    }

    #[test]
    fn script_links_and_outside_references_are_refused() {
        for bad in [
            &br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#[..],
            br#"<svg><SCRIPT>alert(1)</SCRIPT></svg>"#,
            br#"<svg onload="alert(1)"/>"#,
            br#"<svg><rect onMouseOver = "x()"/></svg>"#,
            br#"<svg><a href="javascript:alert(1)"><text>x</text></a></svg>"#,
            br#"<svg><image href="https://evil.example/x.png"/></svg>"#,
            br#"<svg><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>"#,
            br#"<svg xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="other.svg#x"/></svg>"#,
            br#"<svg xmlns:l="http://www.w3.org/1999/xlink"><use l:href="https://evil.example/a.svg#x"/></svg>"#,
            br#"<svg><rect style="fill:url(https://evil.example/x)"/></svg>"#,
            br#"<svg><rect fill="url( 'https://evil.example/x' )"/></svg>"#,
            br#"<svg><rect style="fill:u/**/rl(https://evil.example/x)"/></svg>"#,
            br#"<svg><use href="&#106;avascript:alert(1)"/></svg>"#,
            br##"<svg><use href="#x" style="background:image-set('https://evil.example/x' 1x)"/></svg>"##,
            br#"<svg><foreignObject><iframe/></foreignObject></svg>"#,
            br#"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>"#,
            br#"<svg><style>@import "https://evil.example/a.css";</style></svg>"#,
            br#"<svg><style><![CDATA[@import url(https://evil.example/a.css);]]></style></svg>"#,
            br#"<?xml-stylesheet href="https://evil.example/a.css"?><svg/>"#,
            br#"<svg><handler>alert(1)</handler></svg>"#,
            br#"<svg xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>"#,
            br#"<svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>"#,
            br#"<svg><g xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></g><metadata xmlns:s="http://purl.org/dc/elements/1.1/"/></svg>"#,
            br#"<svg><g xmlns="http://www.w3.org/1999/xhtml"><iframe src="x"/></g></svg>"#,
            br#"<svg><feImage href="https://evil.example/x.png"/></svg>"#,
            br#"<svg><rect unknown="x"/></svg>"#,
            br#"<html><svg/></html>"#,
            br#"<svg><rect"#,
        ] {
            assert!(check(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }
}
