//! The studio's mail, composed: new-message notices, consultation invitations, the daily mail and
//! the host's warnings (a full disk, off-site backups stopped), each handed to the one bounded
//! outbox (`src/outbox.rs`) that sends and retries them in the background.
//!
//! What a mail copies is already durable in the data file when it is queued, so mail can only ever
//! add a copy: neither the visitor's request nor the record waits for or depends on the mail.

use crate::config::{SmtpConfig, SmtpSecurity};
use crate::health::Health;
use crate::leads::notice::one_line;
use crate::outbox::{self, Letter, Outbox};
use crate::store::ContactMessage;
use anyhow::{Context, Result};
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, Message, Tokio1Executor};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

/// Waits before the second, third, ... attempt: a mail server that is down for a few hours still
/// gets the notice.
pub const RETRY_DELAYS: [Duration; 5] = [
    Duration::from_secs(60),
    Duration::from_secs(5 * 60),
    Duration::from_secs(30 * 60),
    Duration::from_secs(2 * 3600),
    Duration::from_secs(6 * 3600),
];

/// The host's notice when writes fail: what happened and what to do, in plain words.
pub fn host_notice(problem: &str) -> String {
    format!(
        "{problem}\n\n\
         Visitors still see the website, but new contact messages, edits and uploads are refused \
         until the data file can be written again.\n\n\
         What to do: free space on the server's disk (old files in the backup folder, old logs, \
         `df -h` shows what is full). The server saves again by itself as soon as there is room; \
         no restart is needed. `studio status` on the server says when it is healthy again.\n"
    )
}

/// A consultation's invitation (or its cancellation) by mail: the text and the iCalendar part
/// (`text/calendar; method=...`), which calendars offer to add or update.
#[derive(Debug, Clone)]
pub struct Invitation {
    /// The visitor (name, empty for none; address); `None` for the studio's own addresses
    /// (`smtp.to`).
    pub to: Option<(String, String)>,
    pub subject: String,
    pub body: String,
    pub ics: Vec<u8>,
    /// `REQUEST` or `CANCEL`.
    pub method: &'static str,
}

/// How long one SMTP conversation may take before it counts as a failed attempt.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// The studio's mail: composes each mail and hands it to the one outbox (`src/outbox.rs`); cheap
/// to clone and to call from a request handler, which never waits for the mail server.
#[derive(Clone)]
pub struct Notifier {
    mail: Option<(Arc<Mailer>, Outbox)>,
}

impl Notifier {
    /// A notifier that sends nothing (no `[smtp]` in the settings).
    pub fn disabled() -> Notifier {
        Notifier { mail: None }
    }

    /// Starts the outbox on the current tokio runtime, retrying after each of `retry_delays`;
    /// dropped mails are counted in a health state of its own.
    pub fn start(smtp: &SmtpConfig, retry_delays: Vec<Duration>) -> Result<Notifier> {
        Notifier::start_counting(smtp, retry_delays, outbox::BOUNDS, Arc::default())
    }

    /// [`Notifier::start`] with the queue's `bounds`, counting dropped mails in `health` (the
    /// server's, which the Overview reads).
    pub fn start_counting(
        smtp: &SmtpConfig,
        retry_delays: Vec<Duration>,
        bounds: outbox::Bounds,
        health: Arc<Health>,
    ) -> Result<Notifier> {
        let mailer = Mailer::new(smtp)?;
        tokio::runtime::Handle::try_current().context("the mail worker needs the async runtime")?;
        let outbox = Outbox::start(mailer.transport.clone(), retry_delays, bounds, health);
        tracing::info!(
            host = %smtp.host,
            port = smtp.port,
            "new-message notices go by mail to {}",
            smtp.to.join(", ")
        );
        Ok(Notifier {
            mail: Some((Arc::new(mailer), outbox)),
        })
    }

    pub fn is_enabled(&self) -> bool {
        self.mail.is_some()
    }

    /// What became of the mails so far; `None` without `[smtp]`.
    pub fn counts(&self) -> Option<outbox::Counts> {
        self.mail.as_ref().map(|(_, outbox)| outbox.counts())
    }

    /// Queues a composed mail; `false` when it could not be composed or did not fit.
    fn queue(
        &self,
        what: String,
        compose: impl FnOnce(&Mailer) -> Result<Message>,
        first: Option<oneshot::Sender<bool>>,
    ) -> bool {
        let Some((mailer, outbox)) = &self.mail else {
            return false;
        };
        match compose(mailer) {
            Ok(email) => outbox.push(Letter {
                what,
                envelope: email.envelope().clone(),
                bytes: email.formatted(),
                first,
            }),
            Err(e) => {
                tracing::warn!("nothing mailed for {what}: {e:#}");
                false
            }
        }
    }

    /// Mails a consultation's invitation through the outbox; nothing without `[smtp]`. The
    /// booking is stored before this is called, so mail only adds a copy. The answer tells
    /// whether the first attempt got through, for a caller that must say so.
    pub fn invitation(&self, invitation: Invitation) -> Option<FirstAttempt> {
        let (first, attempt) = oneshot::channel();
        self.queue(
            format!("the invitation {:?}", invitation.subject),
            |m| m.compose_invitation(&invitation),
            Some(first),
        )
        .then_some(FirstAttempt(attempt))
    }

    /// Mails the studio a warning about the server itself through the outbox.
    pub fn alert(&self, subject: String, body: String) {
        self.queue(
            format!("the warning {subject:?}"),
            |m| m.compose_text(&subject, &body),
            None,
        );
    }

    /// Mails one person a plain text (an invitation to the panel) through the outbox; `false`
    /// without `[smtp]`, for an address mail does not accept, or when the queue is full.
    pub fn to_person(&self, name: &str, email: &str, subject: &str, body: String) -> bool {
        self.queue(
            format!("the mail {subject:?} to one person"),
            |m| m.compose_to_person(name, email, subject, body),
            None,
        )
    }

    /// Mails the studio's own addresses a text with its HTML version (the daily mail) through
    /// the outbox; `false` without `[smtp]`, when it cannot be composed or the queue is full.
    pub fn to_studio(&self, subject: &str, text: String, html: String) -> bool {
        self.queue(
            format!("the mail {subject:?}"),
            |m| m.compose_alternative(subject, text, html),
            None,
        )
    }

    /// Mails the host once each time writes to the data file start failing (a full disk), on the
    /// current tokio runtime; nothing without `[smtp]`. The next mail comes only after writes
    /// worked again and failed anew, so a disk that stays full sends one mail, not one a minute.
    pub fn watch_health(&self, health: Arc<Health>) {
        if self.mail.is_none() {
            return;
        }
        let notifier = self.clone();
        let mut changes = health.subscribe();
        tokio::spawn(async move {
            // The episode the host was last told of: one mail each time writes start failing,
            // even when the recovery between two of them was too short to be seen here.
            let mut told = 0;
            loop {
                let episode = health.write_episode();
                if let Some(problem) = health.writes_failing()
                    && episode != told
                {
                    told = episode;
                    notifier.alert(
                        "The studio server cannot save changes".to_string(),
                        host_notice(&problem.message),
                    );
                }
                if changes.changed().await.is_err() {
                    return;
                }
            }
        });
    }

    /// Queues the notice of a stored message; returns at once whatever happens to the mail.
    pub fn message_stored(&self, msg: &ContactMessage) {
        self.queue(
            format!(
                "the notice of message #{} (the message is kept in the admin panel)",
                msg.id
            ),
            |m| m.compose(msg),
            None,
        );
    }
}

/// Whether the first attempt at a mail sent in the background got through.
pub struct FirstAttempt(oneshot::Receiver<bool>);

impl FirstAttempt {
    /// `true` when the mail server took the mail within `wait`; the retries go on either way.
    pub async fn accepted(self, wait: Duration) -> bool {
        matches!(tokio::time::timeout(wait, self.0).await, Ok(Ok(true)))
    }
}

/// An SMTP client for one configured server.
struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    to: Vec<Mailbox>,
}

impl Mailer {
    fn new(smtp: &SmtpConfig) -> Result<Mailer> {
        let host = smtp.host.as_str();
        let builder = match smtp.security {
            SmtpSecurity::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)
                .with_context(|| format!("smtp.host {host:?}: cannot set up STARTTLS"))?,
            SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)
                .with_context(|| format!("smtp.host {host:?}: cannot set up TLS"))?,
            SmtpSecurity::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        };
        let mut builder = builder.port(smtp.port).timeout(Some(SMTP_TIMEOUT));
        if let (Some(user), Some(password)) = (&smtp.username, &smtp.password) {
            builder = builder.credentials(Credentials::new(
                user.clone(),
                password.expose().to_string(),
            ));
        }
        let from = smtp
            .from
            .parse::<Mailbox>()
            .with_context(|| format!("smtp.from = {:?} is not an e-mail address", smtp.from))?;
        let to = smtp
            .to
            .iter()
            .map(|t| {
                t.parse::<Mailbox>()
                    .with_context(|| format!("smtp.to: {t:?} is not an e-mail address"))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Mailer {
            transport: builder.build(),
            from,
            to,
        })
    }

    fn to_studio(&self, subject: &str) -> lettre::message::MessageBuilder {
        let mut builder = Message::builder()
            .from(self.from.clone())
            .subject(one_line(subject));
        for to in &self.to {
            builder = builder.to(to.clone());
        }
        builder
    }

    fn compose_text(&self, subject: &str, body: &str) -> Result<Message> {
        self.to_studio(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body.to_string())
            .context("composing the warning")
    }

    fn compose_to_person(
        &self,
        name: &str,
        email: &str,
        subject: &str,
        body: String,
    ) -> Result<Message> {
        let address = one_line(email)
            .parse::<lettre::Address>()
            .context("the address is not one mail accepts")?;
        let name = Some(one_line(name)).filter(|n| !n.trim().is_empty());
        Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(name, address))
            .subject(one_line(subject))
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .context("composing the mail")
    }

    fn compose_alternative(&self, subject: &str, text: String, html: String) -> Result<Message> {
        self.to_studio(subject)
            .multipart(alternative(text, html))
            .context("composing the mail")
    }

    /// The invitation as `multipart/alternative`: the text, then the calendar part that mail
    /// programs show as an invitation (RFC 6047).
    fn compose_invitation(&self, inv: &Invitation) -> Result<Message> {
        use lettre::message::{MultiPart, SinglePart};
        let mut builder = Message::builder()
            .from(self.from.clone())
            .subject(one_line(&inv.subject));
        match &inv.to {
            Some((name, email)) => {
                let address = one_line(email)
                    .parse::<lettre::Address>()
                    .context("the visitor's address is not one mail accepts")?;
                let name = Some(one_line(name)).filter(|n| !n.trim().is_empty());
                builder = builder.to(Mailbox::new(name, address));
            }
            None => {
                for to in &self.to {
                    builder = builder.to(to.clone());
                }
            }
        }
        let calendar = ContentType::parse(&format!(
            "text/calendar; charset=utf-8; method={}",
            inv.method
        ))
        .context("the calendar part's type")?;
        builder
            .multipart(
                MultiPart::alternative()
                    .singlepart(SinglePart::plain(inv.body.clone()))
                    .singlepart(
                        SinglePart::builder()
                            .header(calendar)
                            .body(String::from_utf8_lossy(&inv.ics).into_owned()),
                    ),
            )
            .context("composing the invitation")
    }

    fn compose(&self, msg: &ContactMessage) -> Result<Message> {
        let name = one_line(&msg.name);
        let mut builder = Message::builder()
            .from(self.from.clone())
            .subject(format!("New message from {name} on the website"));
        for to in &self.to {
            builder = builder.to(to.clone());
        }
        // Replying to the notice answers the visitor, when their address is one mail accepts.
        // The display name is passed as data, not parsed, so lettre quotes or encodes whatever the
        // visitor typed.
        if let Ok(address) = one_line(&msg.email).parse::<lettre::Address>() {
            builder = builder.reply_to(Mailbox::new(Some(name.clone()), address));
        }
        let when = humantime::format_rfc3339_seconds(
            std::time::UNIX_EPOCH + Duration::from_millis(msg.created_at_ms),
        )
        .to_string();
        builder
            .multipart(alternative(
                crate::leads::notice::text(msg, &when),
                crate::leads::notice::html(msg, &when),
            ))
            .context("composing the notice")
    }
}

/// A plain-text and an HTML version of one mail. The text goes as 8 bit where it can (every
/// server worth the name takes 8BITMIME), so "₹25-50 lakh" reads as typed even in a raw view.
fn alternative(text: String, html: String) -> MultiPart {
    let plain = match Body::new_with_encoding(text.clone(), ContentTransferEncoding::EightBit) {
        Ok(body) => body,
        Err(_) => Body::new(text),
    };
    MultiPart::alternative()
        .singlepart(
            SinglePart::builder()
                .header(ContentType::TEXT_PLAIN)
                .body(plain),
        )
        .singlepart(SinglePart::html(html))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn smtp() -> SmtpConfig {
        SmtpConfig {
            host: "127.0.0.1".into(),
            port: 2525,
            security: SmtpSecurity::None,
            username: None,
            password: None,
            from: "Studio <studio@example.in>".into(),
            to: vec!["owner@example.in".into()],
        }
    }

    #[test]
    fn a_notice_carries_the_message_and_answers_the_visitor() {
        let mailer = Mailer::new(&smtp()).unwrap();
        let msg = ContactMessage {
            id: 42,
            name: "Asha\r\nBcc: evil@example.com".into(),
            email: "asha@example.in".into(),
            message: "We would like a 3BHK done in teak.".into(),
            created_at_ms: 1_733_000_000_000,
            read: false,
            folder: crate::store::Folder::Inbox,
            lead: Default::default(),
        };
        let text = String::from_utf8(mailer.compose(&msg).unwrap().formatted()).unwrap();
        assert!(text.contains("Reply-To: "), "{text}");
        assert!(text.contains("asha@example.in"), "{text}");
        assert!(text.contains("3BHK done in teak"), "{text}");
        assert!(text.contains("#42"), "{text}");
        assert!(
            !text.lines().any(|l| l.starts_with("Bcc:")),
            "a visitor's name cannot add a header: {text}"
        );
    }

    #[test]
    fn bad_addresses_are_refused_at_start() {
        let err = Mailer::new(&SmtpConfig {
            from: "not an address".into(),
            ..smtp()
        })
        .err()
        .unwrap()
        .to_string();
        assert!(err.contains("smtp.from"), "{err}");
        let err = Mailer::new(&SmtpConfig {
            to: vec!["x".into()],
            ..smtp()
        })
        .err()
        .unwrap()
        .to_string();
        assert!(err.contains("smtp.to"), "{err}");
    }

    #[test]
    fn the_retries_span_hours_and_grow() {
        assert!(RETRY_DELAYS.windows(2).all(|w| w[0] < w[1]));
        let total: Duration = RETRY_DELAYS.iter().sum();
        assert!(total >= Duration::from_secs(6 * 3600), "{total:?}");
    }
}
