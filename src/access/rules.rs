//! The table of every signed-in call: which role may make it, whether it needs the password proved
//! in the last 15 minutes, and what the activity record says of it. The guard (`api/guard.rs`)
//! looks every request up here; a call missing from this table is refused to every role, so a new
//! route without a rule fails its own tests (and `tests/access_matrix.rs` walks this table).

use crate::store::Role;

/// Who may make a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Any signed-in person: their own account, sessions, the statistics.
    Anyone,
    /// Reading the site's content (every role; Enquiries sees it without changing it).
    ContentRead,
    /// Changing the site's content: Owner and Editor.
    ContentEdit,
    /// Messages, leads, consultations and their settings: Owner and Enquiries.
    Enquiries,
    /// People, settings, the site's address, HTTPS, backups, the activity record: Owner only.
    Owner,
}

/// What the activity record keeps of a successful call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Note {
    /// The filter it belongs to: `content`, `enquiries`, `personal-data`, `settings`, `backups`,
    /// `people`, `sign-in`.
    pub kind: &'static str,
    /// What happened, a key.
    pub action: &'static str,
    /// The sentence after the person's name; `{}` stands for the subject ("changed {}").
    pub words: &'static str,
    /// What the call acts on, when its path does not say: `{}` stands for the path's last
    /// number or word ("portfolio project {}").
    pub subject: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// `GET` (which also covers `HEAD`), `POST`, `PUT`, `PATCH`, `DELETE`.
    pub method: &'static str,
    /// Under `/api`, `*` standing for one segment.
    pub path: &'static str,
    pub need: Need,
    /// Needs the password proved in the last 15 minutes.
    pub sensitive: bool,
    /// Recorded in the activity record when it succeeds.
    pub note: Option<Note>,
}

const fn rule(method: &'static str, path: &'static str, need: Need) -> Rule {
    Rule {
        method,
        path,
        need,
        sensitive: false,
        note: None,
    }
}

const fn noted(
    method: &'static str,
    path: &'static str,
    need: Need,
    kind: &'static str,
    action: &'static str,
    words: &'static str,
    subject: &'static str,
) -> Rule {
    Rule {
        method,
        path,
        need,
        sensitive: false,
        note: Some(Note {
            kind,
            action,
            words,
            subject,
        }),
    }
}

const fn sensitive(mut r: Rule) -> Rule {
    r.sensitive = true;
    r
}

use Need::*;

/// A content collection at `/api/admin/<path>` (`api::resource`): one record's name, whether it
/// has a saved order (`PUT …/order`) and a preview link (`POST …/{id}/preview`).
pub struct Collection {
    pub path: &'static str,
    pub noun: &'static str,
    pub ordered: bool,
    pub preview: bool,
}

pub const COLLECTIONS: [Collection; 4] = [
    Collection {
        path: "hero-slides",
        noun: "home page slide",
        ordered: false,
        preview: false,
    },
    Collection {
        path: "portfolio-projects",
        noun: "portfolio project",
        ordered: true,
        preview: true,
    },
    Collection {
        path: "news-items",
        noun: "journal article",
        ordered: false,
        preview: true,
    },
    Collection {
        path: "testimonials",
        noun: "testimonial",
        ordered: true,
        preview: false,
    },
];

/// Every signed-in call. Content collections are listed once each below by [`collection_rules`].
pub const RULES: &[Rule] = &[
    // The person themself.
    rule("GET", "/api/admin/verify", Anyone),
    rule("GET", "/api/admin/me", Anyone),
    noted(
        "PATCH",
        "/api/admin/me",
        Anyone,
        "people",
        "renamed",
        "changed their display name",
        "",
    ),
    rule("POST", "/api/admin/reauth", Anyone),
    noted(
        "POST",
        "/api/admin/password",
        Anyone,
        "people",
        "password",
        "changed their password",
        "",
    ),
    noted(
        "POST",
        "/api/admin/sign-out-everywhere",
        Anyone,
        "sign-in",
        "signed-out-everywhere",
        "signed out everywhere",
        "",
    ),
    rule("GET", "/api/admin/sessions", Anyone),
    noted(
        "DELETE",
        "/api/admin/sessions/*",
        Anyone,
        "sign-in",
        "ended-session",
        "ended {}",
        "session {}",
    ),
    noted(
        "POST",
        "/api/admin/sessions/end-others",
        Anyone,
        "sign-in",
        "ended-other-sessions",
        "signed out their other devices",
        "",
    ),
    rule("GET", "/api/admin/stats", Anyone),
    // People: the Owner's.
    rule("GET", "/api/admin/accounts", Owner),
    // Recorded by their handlers, which know the person and the role ("invited Meera Rao as
    // Editor", a role change as a notice): a note here would record each twice.
    sensitive(rule("POST", "/api/admin/accounts", Owner)),
    sensitive(rule("PATCH", "/api/admin/accounts/*", Owner)),
    noted(
        "DELETE",
        "/api/admin/invites/*",
        Owner,
        "people",
        "withdrew-invite",
        "withdrew {}",
        "invitation {}",
    ),
    rule("GET", "/api/admin/activity", Owner),
    rule("GET", "/api/admin/activity.csv", Owner),
    rule("GET", "/api/admin/activity/verify", Owner),
    rule("GET", "/api/admin/security-notices", Owner),
    // Settings, HTTPS, updates: the Owner's (the site's address is read by all: the Overview links it).
    rule("GET", "/api/admin/company-settings", Owner),
    // Recorded by its handler, which knows which setting.
    rule("POST", "/api/admin/company-settings", Owner),
    rule("GET", "/api/admin/site-address", ContentRead),
    rule("GET", "/api/admin/certificates", Owner),
    rule("GET", "/api/admin/release", Owner),
    // Backups.
    sensitive(noted(
        "GET",
        "/api/admin/backup",
        Owner,
        "backups",
        "downloaded-backup",
        "downloaded a backup of the data file",
        "",
    )),
    rule("GET", "/api/admin/backups/offsite", Owner),
    // Not recorded: an entry is a change of the data, so the next "Back up now" would never find
    // the data unchanged and would send a copy each time.
    rule("POST", "/api/admin/backups/offsite", Owner),
    // Content that is not a collection.
    rule("GET", "/api/admin/pages", ContentRead),
    rule("GET", "/api/admin/pages/*", ContentRead),
    noted(
        "PUT",
        "/api/admin/pages/*",
        ContentEdit,
        "content",
        "changed",
        "changed the words of {}",
        "page {}",
    ),
    rule("GET", "/api/admin/pages/*/revisions", ContentRead),
    rule("GET", "/api/admin/pages/*/revisions/*", ContentRead),
    noted(
        "POST",
        "/api/admin/pages/*/revisions/*/restore",
        ContentEdit,
        "content",
        "restored",
        "restored an earlier version of {}",
        "page {}",
    ),
    noted(
        "POST",
        "/api/admin/media-files",
        ContentEdit,
        "content",
        "uploaded",
        "uploaded a photo or file",
        "",
    ),
    // Enquiries: messages and leads.
    rule("GET", "/api/contacts", Enquiries),
    noted(
        "GET",
        "/api/contacts/*",
        Enquiries,
        "personal-data",
        "opened",
        "opened the details of {}",
        "enquiry {}",
    ),
    sensitive(noted(
        "GET",
        "/api/contacts.csv",
        Enquiries,
        "personal-data",
        "exported",
        "exported the leads as a spreadsheet",
        "",
    )),
    noted(
        "POST",
        "/api/contacts",
        Enquiries,
        "enquiries",
        "added-lead",
        "added a lead by hand",
        "",
    ),
    noted(
        "PATCH",
        "/api/contacts/*",
        Enquiries,
        "enquiries",
        "changed",
        "changed {}",
        "enquiry {}",
    ),
    noted(
        "PUT",
        "/api/contacts/*",
        Enquiries,
        "enquiries",
        "restored",
        "brought back {}",
        "enquiry {}",
    ),
    noted(
        "DELETE",
        "/api/contacts/*",
        Enquiries,
        "enquiries",
        "deleted",
        "deleted {}",
        "enquiry {}",
    ),
    noted(
        "POST",
        "/api/contacts/*/notes",
        Enquiries,
        "enquiries",
        "noted",
        "added a note to {}",
        "enquiry {}",
    ),
    rule("GET", "/api/admin/lead-settings", Enquiries),
    noted(
        "PUT",
        "/api/admin/lead-settings",
        Enquiries,
        "settings",
        "changed-lead-settings",
        "changed the lead settings",
        "",
    ),
    // Consultations.
    rule("GET", "/api/admin/consultations", Enquiries),
    noted(
        "POST",
        "/api/admin/consultations",
        Enquiries,
        "enquiries",
        "blocked-time",
        "blocked a time for consultations",
        "",
    ),
    noted(
        "PATCH",
        "/api/admin/consultations/*",
        Enquiries,
        "enquiries",
        "changed",
        "changed {}",
        "consultation {}",
    ),
    rule("GET", "/api/admin/consultation-settings", Enquiries),
    noted(
        "PUT",
        "/api/admin/consultation-settings",
        Enquiries,
        "settings",
        "changed-booking-settings",
        "changed the consultation settings",
        "",
    ),
];

/// The rules of one content collection.
fn collection_rules(c: &Collection) -> Vec<Rule> {
    let (path, noun) = (c.path, c.noun);
    let p = |tail: &'static str| -> &'static str {
        // Leaked once per collection and suffix at first use: a handful of short strings for
        // the life of the process, so the table stays `&'static`.
        Box::leak(format!("/api/admin/{path}{tail}").into_boxed_str())
    };
    let subject: &'static str = Box::leak(format!("{noun} {{}}").into_boxed_str());
    let mut rules = vec![
        rule("GET", p(""), ContentRead),
        noted(
            "POST",
            p(""),
            ContentEdit,
            "content",
            "created",
            "added a new {}",
            noun,
        ),
    ];
    if c.ordered {
        rules.push(noted(
            "PUT",
            p("/order"),
            ContentEdit,
            "content",
            "reordered",
            "reordered the {}s",
            noun,
        ));
    }
    rules.extend([
        noted(
            "PUT",
            p("/*"),
            ContentEdit,
            "content",
            "changed",
            "changed {}",
            subject,
        ),
        noted(
            "DELETE",
            p("/*"),
            ContentEdit,
            "content",
            "deleted",
            "deleted {}",
            subject,
        ),
        rule("GET", p("/*/revisions"), ContentRead),
        rule("GET", p("/*/revisions/*"), ContentRead),
        noted(
            "POST",
            p("/*/revisions/*/restore"),
            ContentEdit,
            "content",
            "restored",
            "restored an earlier version of {}",
            subject,
        ),
    ]);
    if c.preview {
        rules.push(rule("POST", p("/*/preview"), ContentEdit));
    }
    rules
}

/// Every rule: [`RULES`] and each collection's.
pub fn all_rules() -> &'static [Rule] {
    static ALL: std::sync::OnceLock<Vec<Rule>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<Rule> = Vec::new();
        // The specific paths first: `/order` before `/*`.
        for c in &COLLECTIONS {
            all.extend(collection_rules(c));
        }
        all.extend_from_slice(RULES);
        all
    })
}

/// The rule for a request, when there is one.
pub fn rule_for(method: &str, path: &str) -> Option<&'static Rule> {
    let method = if method == "HEAD" { "GET" } else { method };
    all_rules()
        .iter()
        .find(|r| r.method == method && matches(r.path, path))
}

/// Whether a successful call is written to the activity record by the recorder (by its rule's
/// note). Every rule lives under `/api/admin/` or `/api/contacts`: anything else is answered at once.
pub fn is_recorded(method: &str, path: &str) -> bool {
    (path.starts_with("/api/admin/") || path.starts_with("/api/contacts"))
        && rule_for(method, path).is_some_and(|r| r.note.is_some())
}

/// Whether `path` fits `pattern`, `*` standing for one non-empty segment.
pub fn matches(pattern: &str, path: &str) -> bool {
    let mut want = pattern.split('/');
    let mut got = path.split('/');
    loop {
        match (want.next(), got.next()) {
            (None, None) => return true,
            (Some("*"), Some(seg)) if !seg.is_empty() => {}
            (Some(w), Some(g)) if w == g => {}
            _ => return false,
        }
    }
}

/// Whether `role` may make a call needing `need`; the refusal says what the role lacks.
pub fn allowed(role: Role, need: Need) -> Result<(), String> {
    let ok = matches!(
        (role, need),
        (Role::Owner, _)
            | (_, Anyone | ContentRead)
            | (Role::Editor, ContentEdit)
            | (Role::Enquiries, Enquiries)
    );
    if ok {
        return Ok(());
    }
    let lacks = match need {
        ContentEdit => "can view the site's content but not change it",
        Enquiries => "can't see enquiries, leads or consultations",
        Owner => "can't change people, settings or backups",
        Anyone | ContentRead => "can't do this",
    };
    Err(format!(
        "{}s {lacks}. Ask the studio's owner if you need it.",
        role.label()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_whole_segments() {
        assert!(matches("/api/admin/pages/*", "/api/admin/pages/home"));
        assert!(!matches("/api/admin/pages/*", "/api/admin/pages/"));
        assert!(!matches(
            "/api/admin/pages/*",
            "/api/admin/pages/home/revisions"
        ));
        assert!(!matches("/api/admin/pages", "/api/admin/pagesx"));
    }

    #[test]
    fn the_order_call_is_not_taken_for_a_record() {
        let r = rule_for("PUT", "/api/admin/testimonials/order").expect("a rule");
        assert_eq!(r.note.map(|n| n.action), Some("reordered"));
    }

    #[test]
    fn only_noted_calls_are_recorded() {
        assert!(is_recorded("PUT", "/api/admin/pages/home"));
        assert!(is_recorded("GET", "/api/contacts/7"));
        assert!(!is_recorded("GET", "/api/contacts"));
        assert!(!is_recorded("GET", "/api/page-data"));
        assert!(!is_recorded("POST", "/api/stats/view"));
        // Every rule is under one of the two prefixes the check starts with.
        for r in all_rules() {
            assert!(
                r.path.starts_with("/api/admin/") || r.path.starts_with("/api/contacts"),
                "{}",
                r.path
            );
        }
    }

    #[test]
    fn unknown_calls_have_no_rule() {
        assert!(rule_for("GET", "/api/admin/nothing-here").is_none());
        assert!(rule_for("POST", "/api/admin/verify").is_none());
    }

    #[test]
    fn roles_see_what_they_need() {
        assert!(allowed(Role::Editor, ContentEdit).is_ok());
        assert!(allowed(Role::Editor, Enquiries).is_err());
        assert!(allowed(Role::Enquiries, ContentEdit).is_err());
        assert!(allowed(Role::Enquiries, ContentRead).is_ok());
        assert!(allowed(Role::Enquiries, Owner).is_err());
        let why = allowed(Role::Editor, Enquiries).unwrap_err();
        assert!(why.starts_with("Editors can't see enquiries"), "{why}");
    }
}
