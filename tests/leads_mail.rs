//! The owner's daily mail against a real SMTP dialogue on loopback (`smtp_support`), days run in
//! tokio's paused time with the worker's clock tied to it: sent once at the owner's hour in the
//! studio's time zone, not again after a restart the same day, skipped on a day with nothing.

mod smtp_support;

use jiff::{SignedDuration, Timestamp};
use smtp_support::{Behaviour, Event, Mail, SmtpServer};
use std::sync::Arc;
use std::time::Duration;
use studio::config::{SmtpConfig, SmtpSecurity};
use studio::leads::daily::{self, Clock, Outcome, Send};
use studio::notify::Notifier;
use studio::store::{ContactChange, Folder, Lead, LeadChange, LeadSettings, NewLead, Store};
use tokio::sync::mpsc;

fn config(smtp: &SmtpServer) -> SmtpConfig {
    SmtpConfig {
        host: "127.0.0.1".into(),
        port: smtp.port,
        security: SmtpSecurity::None,
        username: None,
        password: None,
        from: "Nivasa website <website@nivasa.example>".into(),
        to: vec!["anjali@nivasa.example".into()],
    }
}

/// The worker's way to the mail server, telling the test each time it hands a mail over.
fn mailer(notifier: Notifier, handed: mpsc::UnboundedSender<String>) -> Send {
    Arc::new(move |subject, text, html| {
        let _ = handed.send(subject.to_string());
        notifier.to_studio(subject, text, html)
    })
}

/// A clock that starts at `start` and moves with tokio's (paused) time.
fn clock_from(start: &str) -> Clock {
    let base: Timestamp = start.parse().unwrap();
    let began = tokio::time::Instant::now();
    Arc::new(move || base + SignedDuration::try_from(began.elapsed()).unwrap())
}

fn store_with_mail_at(at: &str) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("studio.redb")).unwrap();
    let mut settings = LeadSettings::defaults();
    settings.daily_mail = true;
    settings.daily_mail_at = at.into();
    store.put_lead_settings(&settings).unwrap().unwrap();
    (dir, store)
}

fn add_lead(store: &Store, name: &str, follow_up: &str) -> u64 {
    let msg = store
        .add_lead(NewLead {
            name: name.into(),
            email: "asha@example.in".into(),
            message: "Our flat in Gachibowli".into(),
            folder: Folder::Inbox,
            read: true,
            lead: Lead {
                phone: Some("+919848012345".into()),
                size: "3BHK".into(),
                locality: "Gachibowli".into(),
                ..Lead::new_at("contacted")
            },
            by: "admin".into(),
        })
        .unwrap()
        .unwrap();
    let change = LeadChange {
        stage: None,
        follow_up_on: Some(Some(follow_up.into())),
    };
    store
        .change_lead(msg.id, ContactChange::default(), &change, "admin")
        .unwrap()
        .unwrap()
        .unwrap();
    msg.id
}

/// Lets paused time run for `span`, a minute at a time, and gives the mails the SMTP server
/// received. A mail handed over is awaited with time running, so the SMTP dialogue's own
/// timeouts are not skipped through.
async fn run_for(
    smtp: &mut SmtpServer,
    handed: &mut mpsc::UnboundedReceiver<String>,
    span: Duration,
) -> Vec<Mail> {
    let mut mails = Vec::new();
    let mut left = span;
    while !left.is_zero() {
        let step = left.min(Duration::from_secs(60));
        tokio::time::sleep(step).await;
        left -= step;
        while handed.try_recv().is_ok() {
            tokio::time::resume();
            mails.push(smtp.next_mail().await);
            tokio::time::pause();
        }
    }
    while let Ok(event) = smtp.events.try_recv() {
        if let Event::Mail(m) = event {
            mails.push(m);
        }
    }
    mails
}

#[tokio::test(start_paused = true)]
async fn the_daily_mail_goes_once_a_day_at_the_owners_hour_and_not_on_a_quiet_day() {
    let mut smtp = SmtpServer::start(Behaviour::default()).await;
    let (_dir, store) = store_with_mail_at("09:00");
    let asha = add_lead(&store, "Asha Reddy", "2026-12-03");
    let notifier = Notifier::start(&config(&smtp), vec![]).unwrap();
    let (tx, mut handed) = mpsc::unbounded_channel();
    // 07:30 in Hyderabad on Thursday 3 December.
    let clock = clock_from("2026-12-03T02:00:00Z");
    let worker = daily::spawn(
        store.clone(),
        mailer(notifier.clone(), tx.clone()),
        clock.clone(),
    );

    let before = run_for(&mut smtp, &mut handed, Duration::from_secs(89 * 60)).await;
    assert!(before.is_empty(), "nothing before 09:00: {before:?}");
    let mails = run_for(&mut smtp, &mut handed, Duration::from_secs(3 * 60)).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    let mail = &mails[0];
    assert_eq!(mail.to, ["<anjali@nivasa.example>"]);
    mail.assert_has("Subject: Today at the studio: 1 follow-up");
    mail.assert_has("Thursday 3 December 2026");
    mail.assert_has("Asha Reddy · 3BHK · Gachibowli · Contacted · due today");
    mail.assert_has("tel:+919848012345");
    mail.assert_has("https://wa.me/919848012345");
    assert_eq!(
        store.daily_mail_on().unwrap().as_deref(),
        Some("2026-12-03")
    );

    // A restart the same day: the new worker finds the day done.
    worker.abort();
    let worker = daily::spawn(
        store.clone(),
        mailer(notifier.clone(), tx.clone()),
        clock.clone(),
    );
    let again = run_for(&mut smtp, &mut handed, Duration::from_secs(5 * 3600)).await;
    assert!(again.is_empty(), "sent twice on one day: {again:?}");

    // The next morning the same follow-up is overdue, and says so.
    let next = run_for(&mut smtp, &mut handed, Duration::from_secs(19 * 3600)).await;
    assert_eq!(next.len(), 1, "{next:?}");
    next[0].assert_has("overdue since 2026-12-03");

    // Won: nothing is left for the third day, so no mail, and the day counts as done.
    let won = LeadChange {
        stage: Some("won".into()),
        follow_up_on: None,
    };
    store
        .change_lead(asha, ContactChange::default(), &won, "admin")
        .unwrap()
        .unwrap()
        .unwrap();
    let quiet = run_for(&mut smtp, &mut handed, Duration::from_secs(24 * 3600)).await;
    assert!(quiet.is_empty(), "a mail with nothing in it: {quiet:?}");
    assert_eq!(
        store.daily_mail_on().unwrap().as_deref(),
        Some("2026-12-05")
    );
    worker.abort();
}

#[tokio::test]
async fn the_hour_is_the_studios_and_the_mail_is_off_until_the_owner_turns_it_on() {
    let smtp = SmtpServer::start(Behaviour::default()).await;
    let (tx, _handed) = mpsc::unbounded_channel();
    let send = mailer(Notifier::start(&config(&smtp), vec![]).unwrap(), tx);
    let (_dir, store) = store_with_mail_at("09:00");
    add_lead(&store, "Ravi", "2026-12-03");
    let mut zone = store.consultation_settings().unwrap();
    zone.time_zone = "Pacific/Auckland".into();
    store.put_consultation_settings(&zone).unwrap();
    // 08:59 and 09:00 on 3 December in Auckland (UTC+13) are the evening before in UTC.
    let tick = |at: &str| daily::tick(&store, &send, at.parse().unwrap()).unwrap();
    assert_eq!(tick("2026-12-02T19:59:00Z"), Outcome::NotYet);
    assert!(matches!(tick("2026-12-02T20:00:00Z"), Outcome::Sent(_)));
    assert_eq!(tick("2026-12-02T20:01:00Z"), Outcome::Done);
    assert_eq!(
        store.daily_mail_on().unwrap().as_deref(),
        Some("2026-12-03")
    );

    let mut settings = store.lead_settings().unwrap();
    settings.daily_mail = false;
    store.put_lead_settings(&settings).unwrap().unwrap();
    assert_eq!(tick("2026-12-03T20:00:00Z"), Outcome::Off);
}
