//! The names the owner reads for where visits and enquiries come from: "Instagram" for
//! `l.instagram.com`, for `?utm_source=ig` and for the enquiry's answer "Saw you on Instagram".

/// Known sites and apps: the name the owner reads, the words that mean it (a label of a host
/// name, a `utm_source`, a word of an answer) and the short-link hosts that mean it.
const KNOWN: &[(&str, &[&str], &[&str])] = &[
    ("Instagram", &["instagram", "ig"], &[]),
    ("Facebook", &["facebook", "fb"], &["fb.me"]),
    ("WhatsApp", &["whatsapp"], &["wa.me"]),
    ("Google", &["google", "googleadservices"], &["g.co"]),
    ("YouTube", &["youtube"], &["youtu.be"]),
    ("LinkedIn", &["linkedin"], &["lnkd.in"]),
    ("Pinterest", &["pinterest"], &["pin.it"]),
    ("X (Twitter)", &["twitter"], &["t.co", "x.com"]),
    ("Bing", &["bing"], &[]),
    ("DuckDuckGo", &["duckduckgo"], &[]),
    ("Houzz", &["houzz"], &[]),
    ("Justdial", &["justdial"], &[]),
    ("ChatGPT", &["chatgpt"], &[]),
];

/// The known site or app a host name, a `utm_source` or a free answer names, if any.
pub fn known(raw: &str) -> Option<&'static str> {
    let lower = raw.trim().to_lowercase();
    let bare = lower.strip_prefix("www.").unwrap_or(&lower);
    KNOWN
        .iter()
        .find(|(_, words, hosts)| {
            hosts
                .iter()
                .any(|h| bare == *h || bare.ends_with(&format!(".{h}")))
                || lower
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|word| words.contains(&word))
        })
        .map(|(name, _, _)| *name)
}

/// What the owner reads for a referring host or a `utm_source`: the site's name when it is a
/// known one, else the host as it came.
pub fn named(raw: &str) -> String {
    known(raw).map_or_else(|| raw.trim().to_string(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_sources_and_answers_are_named_in_words() {
        for (raw, name) in [
            ("l.instagram.com", "Instagram"),
            ("instagram.com", "Instagram"),
            ("ig", "Instagram"),
            ("Saw you on Instagram!", "Instagram"),
            ("whatsapp", "WhatsApp"),
            ("wa.me", "WhatsApp"),
            ("google.co.in", "Google"),
            ("Google search", "Google"),
            ("m.facebook.com", "Facebook"),
            ("lm.facebook.com", "Facebook"),
            ("t.co", "X (Twitter)"),
        ] {
            assert_eq!(known(raw), Some(name), "{raw}");
        }
        for raw in ["a friend", "houzzle.example", "studio.example", "", "bigfb"] {
            assert_eq!(known(raw), None, "{raw}");
        }
        assert_eq!(named("architectsdaily.com"), "architectsdaily.com");
        assert_eq!(named("l.instagram.com"), "Instagram");
    }
}
