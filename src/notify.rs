//! New-message notices: each stored contact message is e-mailed to the studio in the background.
//!
//! The message is already durable in the data file when a notice is queued, so mail can only ever
//! add a copy: a failed attempt is logged and retried, a notice that never gets through is logged
//! as such, and neither the visitor's request nor the message waits for or depends on the mail.
//! The same mailer tells the host when the server itself needs them (a full disk, off-site backups
//! stopped).

use crate::config::{SmtpConfig, SmtpSecurity};
use crate::health::Health;
use crate::leads::notice::one_line;
use crate::store::ContactMessage;
use anyhow::{Context, Result};
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Waits before the second, third, ... attempt: a mail server that is down for a few hours still
/// gets the notice.
pub const RETRY_DELAYS: [Duration; 5] = [
    Duration::from_secs(60),
    Duration::from_secs(5 * 60),
    Duration::from_secs(30 * 60),
    Duration::from_secs(2 * 3600),
    Duration::from_secs(6 * 3600),
];

/// Notices waiting for the worker; beyond this a burst is logged, not queued (the messages stay).
const QUEUE: usize = 1000;

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
    /// The visitor (name, address); `None` for the studio's own addresses (`smtp.to`).
    pub to: Option<(String, String)>,
    pub subject: String,
    pub body: String,
    pub ics: Vec<u8>,
    /// `REQUEST` or `CANCEL`.
    pub method: &'static str,
}

/// How long one SMTP conversation may take before it counts as a failed attempt.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// The sending side of the notice queue; cheap to call from a request handler.
#[derive(Clone)]
pub struct Notifier {
    queue: Option<mpsc::Sender<ContactMessage>>,
    /// The same server and retries, for the studio's own warnings (off-site backups stopped).
    alerts: Option<(Arc<Mailer>, Arc<[Duration]>)>,
}

impl Notifier {
    /// A notifier that sends nothing (no `[smtp]` in the settings).
    pub fn disabled() -> Notifier {
        Notifier {
            queue: None,
            alerts: None,
        }
    }

    /// Starts the mail worker on the current tokio runtime, retrying after each of `retry_delays`.
    pub fn start(smtp: &SmtpConfig, retry_delays: Vec<Duration>) -> Result<Notifier> {
        let mailer = Arc::new(Mailer::new(smtp)?);
        let runtime = tokio::runtime::Handle::try_current()
            .context("the mail worker needs the async runtime")?;
        let (tx, mut rx) = mpsc::channel::<ContactMessage>(QUEUE);
        let delays: Arc<[Duration]> = retry_delays.into();
        let alerts = Some((mailer.clone(), delays.clone()));
        runtime.spawn(async move {
            while let Some(msg) = rx.recv().await {
                // One task per notice, so a notice waiting for a retry never holds up the next one.
                tokio::spawn(deliver(mailer.clone(), msg, delays.clone()));
            }
        });
        tracing::info!(
            host = %smtp.host,
            port = smtp.port,
            "new-message notices go by mail to {}",
            smtp.to.join(", ")
        );
        Ok(Notifier {
            queue: Some(tx),
            alerts,
        })
    }

    pub fn is_enabled(&self) -> bool {
        self.queue.is_some()
    }

    /// Mails a consultation's invitation in the background, with the same retries; nothing
    /// without `[smtp]`. The booking is stored before this is called, so mail only adds a copy.
    /// The answer tells whether the first attempt got through, for a caller that must say so.
    pub fn invitation(&self, invitation: Invitation) -> Option<FirstAttempt> {
        let (mailer, delays) = self.alerts.clone()?;
        let email = match mailer.compose_invitation(&invitation) {
            Ok(email) => email,
            Err(e) => {
                tracing::warn!("no invitation sent for {:?}: {e:#}", invitation.subject);
                return None;
            }
        };
        let (first, attempt) = oneshot::channel();
        spawn_with_retries(
            mailer,
            delays,
            format!("the invitation {:?}", invitation.subject),
            email,
            Some(first),
        );
        Some(FirstAttempt(attempt))
    }

    /// Mails the studio a warning about the server itself in the background, with the same retries.
    pub fn alert(&self, subject: String, body: String) {
        let Some((mailer, delays)) = self.alerts.clone() else {
            return;
        };
        match mailer.compose_text(&subject, &body) {
            Ok(email) => spawn_with_retries(
                mailer,
                delays,
                format!("the warning {subject:?}"),
                email,
                None,
            ),
            Err(e) => tracing::warn!("no warning sent for {subject:?}: {e:#}"),
        }
    }

    /// Mails the studio's own addresses a text with its HTML version (the daily mail) in the
    /// background, with the same retries; `false` without `[smtp]` or when it cannot be composed.
    pub fn to_studio(&self, subject: &str, text: String, html: String) -> bool {
        let Some((mailer, delays)) = self.alerts.clone() else {
            return false;
        };
        match mailer.compose_alternative(subject, text, html) {
            Ok(email) => {
                spawn_with_retries(mailer, delays, format!("the mail {subject:?}"), email, None);
                true
            }
            Err(e) => {
                tracing::warn!("no mail sent for {subject:?}: {e:#}");
                false
            }
        }
    }

    /// Mails the host once each time writes to the data file start failing (a full disk), on the
    /// current tokio runtime; nothing without `[smtp]`. The next mail comes only after writes
    /// worked again and failed anew, so a disk that stays full sends one mail, not one a minute.
    pub fn watch_health(&self, health: Arc<Health>) {
        if self.alerts.is_none() {
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
        let Some(queue) = &self.queue else { return };
        if let Err(e) = queue.try_send(msg.clone()) {
            let why = match e {
                mpsc::error::TrySendError::Full(_) => "the mail queue is full",
                mpsc::error::TrySendError::Closed(_) => "the mail worker has stopped",
            };
            tracing::error!(
                message_id = msg.id,
                "no notice sent for message #{}: {why}; it is kept in the admin panel",
                msg.id
            );
        }
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

/// Sends `email` in the background, retrying after each of `delays`; `what` names it in the log,
/// `first` hears how the first attempt went.
fn spawn_with_retries(
    mailer: Arc<Mailer>,
    delays: Arc<[Duration]>,
    what: String,
    email: Message,
    mut first: Option<oneshot::Sender<bool>>,
) {
    tokio::spawn(async move {
        let attempts = delays.len() + 1;
        for attempt in 1..=attempts {
            let sent = mailer.transport.send(email.clone()).await;
            if let Some(first) = first.take() {
                let _ = first.send(sent.is_ok());
            }
            match sent {
                Ok(_) => {
                    tracing::info!(attempt, "mailed {what}");
                    return;
                }
                Err(e) => match delays.get(attempt - 1) {
                    Some(wait) => {
                        tracing::warn!(attempt, "{what} failed ({e}); retrying");
                        tokio::time::sleep(*wait).await;
                    }
                    None => tracing::error!("gave up mailing {what} ({e})"),
                },
            }
        }
    });
}

async fn deliver(mailer: Arc<Mailer>, msg: ContactMessage, delays: Arc<[Duration]>) {
    let attempts = delays.len() + 1;
    for attempt in 1..=attempts {
        match mailer.send(&msg).await {
            Ok(()) => {
                tracing::info!(
                    message_id = msg.id,
                    attempt,
                    "mailed the notice of message #{}",
                    msg.id
                );
                return;
            }
            Err(e) => match delays.get(attempt - 1) {
                Some(wait) => {
                    tracing::warn!(
                        message_id = msg.id,
                        attempt,
                        "the notice of message #{} failed ({e:#}); retrying in {}",
                        msg.id,
                        humantime::format_duration(*wait)
                    );
                    tokio::time::sleep(*wait).await;
                }
                None => tracing::error!(
                    message_id = msg.id,
                    attempt,
                    "gave up mailing the notice of message #{} after {attempts} attempts ({e:#}); \
                     the message is kept in the admin panel",
                    msg.id
                ),
            },
        }
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

    async fn send(&self, msg: &ContactMessage) -> Result<()> {
        let email = self.compose(msg)?;
        self.transport
            .send(email)
            .await
            .context("the mail server refused or could not be reached")?;
        Ok(())
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
                builder = builder.to(Mailbox::new(Some(one_line(name)), address));
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
