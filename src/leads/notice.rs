//! What the owner reads in the new-enquiry mail: the message with its qualification at a glance,
//! the phone as a call link and a WhatsApp link, and where the visitor came from. Text and HTML;
//! `notify` sends them.

use super::{phone, qualification};
use crate::html::escape;
use crate::store::{ContactMessage, LeadSource};

/// Keeps a visitor's text on one line.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// "landed on /portfolio/x, sent from /contact, referred by google.com, campaign diwali (instagram / social)".
pub fn source_line(s: &LeadSource) -> String {
    let mut parts = Vec::new();
    if !s.landing.is_empty() {
        parts.push(format!("landed on {}", s.landing));
    }
    if !s.page.is_empty() {
        parts.push(format!("sent from {}", s.page));
    }
    if !s.referrer.is_empty() {
        parts.push(format!("referred by {}", s.referrer));
    }
    let utm: Vec<&str> = [s.utm_source.as_str(), s.utm_medium.as_str()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect();
    if !s.utm_campaign.is_empty() || !utm.is_empty() {
        let campaign = if s.utm_campaign.is_empty() {
            "a campaign".to_string()
        } else {
            format!("campaign {}", s.utm_campaign)
        };
        let via = if utm.is_empty() {
            String::new()
        } else {
            format!(" ({})", utm.join(" / "))
        };
        parts.push(format!("{campaign}{via}"));
    }
    one_line(&parts.join(", "))
}

/// The notice as plain text.
pub fn text(msg: &ContactMessage, received: &str) -> String {
    let lead = &msg.lead;
    let mut out = format!(
        "A visitor sent a message through the contact form.\n\n\
         Name:     {}\nE-mail:   {}\n",
        one_line(&msg.name),
        one_line(&msg.email)
    );
    if let Some(p) = &lead.phone {
        out.push_str(&format!(
            "Phone:    {p}  (call: tel:{p})\nWhatsApp: https://wa.me/{}\n",
            phone::whatsapp_digits(p)
        ));
    }
    let wants = qualification(lead);
    if !wants.is_empty() {
        out.push_str(&format!("Wants:    {}\n", one_line(&wants)));
    }
    if !lead.heard_from.is_empty() {
        out.push_str(&format!("Heard of us: {}\n", one_line(&lead.heard_from)));
    }
    let source = source_line(&lead.source);
    if !source.is_empty() {
        out.push_str(&format!("Came:     {source}\n"));
    }
    out.push_str(&format!(
        "Received: {received} (UTC)\nNumber:   #{}\n\n{}\n\n\
         -- \nThe message is also in the admin panel, under Messages.\n",
        msg.id, msg.message
    ));
    out
}

/// The notice as HTML: the same facts, with the phone and WhatsApp as links a phone opens.
pub fn html(msg: &ContactMessage, received: &str) -> String {
    let lead = &msg.lead;
    let row = |label: &str, value: String| {
        format!(
            "<tr><th align=\"left\" valign=\"top\" style=\"padding-right:12px\">{label}</th><td>{value}</td></tr>"
        )
    };
    let mut rows = vec![
        row("Name", escape(&one_line(&msg.name))),
        row(
            "E-mail",
            format!(
                "<a href=\"mailto:{0}\">{0}</a>",
                escape(&one_line(&msg.email))
            ),
        ),
    ];
    if let Some(p) = &lead.phone {
        rows.push(row(
            "Phone",
            format!(
                "<a href=\"tel:{0}\">{0}</a> · <a href=\"https://wa.me/{1}\">WhatsApp</a>",
                escape(p),
                escape(phone::whatsapp_digits(p))
            ),
        ));
    }
    let wants = qualification(lead);
    if !wants.is_empty() {
        rows.push(row("Wants", format!("<strong>{}</strong>", escape(&wants))));
    }
    if !lead.heard_from.is_empty() {
        rows.push(row("Heard of us", escape(&lead.heard_from)));
    }
    let source = source_line(&lead.source);
    if !source.is_empty() {
        rows.push(row("Came", escape(&source)));
    }
    rows.push(row("Received", format!("{} (UTC)", escape(received))));
    rows.push(row("Number", format!("#{}", msg.id)));
    format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\">\
         <p>A visitor sent a message through the contact form.</p>\
         <table>{}</table>\
         <p style=\"white-space:pre-wrap\">{}</p>\
         <p style=\"color:#666\">The message is also in the admin panel, under Messages.</p>\
         </body></html>",
        rows.join(""),
        escape(&msg.message)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Folder, Lead};

    fn msg() -> ContactMessage {
        ContactMessage {
            id: 7,
            name: "Asha <b>".into(),
            email: "asha@example.in".into(),
            message: "A 3BHK".into(),
            created_at_ms: 0,
            read: false,
            folder: Folder::Inbox,
            lead: Lead {
                phone: Some("+919848012345".into()),
                size: "3BHK".into(),
                locality: "Gachibowli".into(),
                budget: "₹25-50 lakh".into(),
                timeline: "Within 3 months".into(),
                source: LeadSource {
                    landing: "/portfolio/modern-serenity".into(),
                    utm_campaign: "diwali".into(),
                    utm_source: "instagram".into(),
                    ..LeadSource::default()
                },
                ..Lead::new_at("new")
            },
        }
    }

    #[test]
    fn the_notice_shows_the_qualification_and_the_phone_as_links() {
        let t = text(&msg(), "2026-11-26T10:00:00Z");
        assert!(
            t.contains("Wants:    3BHK · Gachibowli · ₹25-50 lakh · Within 3 months"),
            "{t}"
        );
        assert!(t.contains("tel:+919848012345"), "{t}");
        assert!(t.contains("https://wa.me/919848012345"), "{t}");
        assert!(
            t.contains("landed on /portfolio/modern-serenity, campaign diwali (instagram)"),
            "{t}"
        );
        let h = html(&msg(), "2026-11-26T10:00:00Z");
        assert!(h.contains("<a href=\"tel:+919848012345\">"), "{h}");
        assert!(
            h.contains("<a href=\"https://wa.me/919848012345\">WhatsApp</a>"),
            "{h}"
        );
        assert!(h.contains("Asha &lt;b&gt;"), "{h}");
    }

    #[test]
    fn a_plain_message_has_no_lead_lines() {
        let mut m = msg();
        m.lead = Lead::new_at("new");
        let t = text(&m, "x");
        assert!(
            !t.contains("Wants") && !t.contains("Phone") && !t.contains("Came"),
            "{t}"
        );
    }
}
