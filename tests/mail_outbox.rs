//! The one mail queue (issue 39, finding 3) under a mail server that is down or answers `451`: a
//! flood of mails holds at most the queue's bound, what does not fit is dropped and counted (the
//! health answer says how many), each mail is given up once after its retries, and the process's
//! memory (VmRSS of this test process, the outbox in-process) stays bounded. The retries' waits
//! pass on tokio's paused clock.

mod common;
mod smtp_support;

use smtp_support::{Behaviour, SmtpServer};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use studio::config::{Layer, SmtpConfig, SmtpLayer, SmtpSecurity};
use studio::health::Health;
use studio::notify::{Invitation, Notifier, RETRY_DELAYS};
use studio::outbox::{BOUNDS, Bounds};

/// One test at a time: they share this process, whose memory two of them measure.
static SERIAL: Mutex<()> = Mutex::new(());

/// Runs `test` alone, on a runtime of its own: one thread on tokio's paused clock, or (for a
/// real server) two threads on the real one.
fn alone(paused: bool, test: impl Future<Output = ()>) {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let runtime = if paused {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .start_paused(true)
            .build()
    } else {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
    };
    runtime.unwrap().block_on(test);
}

/// A port nobody listens on: bound, noted, closed.
fn closed_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

fn config(port: u16) -> SmtpConfig {
    SmtpConfig {
        host: "127.0.0.1".into(),
        port,
        security: SmtpSecurity::None,
        username: None,
        password: None,
        from: "website@nivasa.example".into(),
        to: vec!["anjali@nivasa.example".into()],
    }
}

/// This process's resident memory, in kB.
fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .expect("VmRSS in /proc/self/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// An invitation about the size a booking sends (a few kB with its calendar part).
fn invitation(n: usize) -> Invitation {
    Invitation {
        to: Some(("Visitor".into(), format!("visitor{n}@example.in"))),
        subject: format!("Consultation on Thursday 3 December 2026, 11:00 (#{n})"),
        body: "Your consultation is booked.\n".repeat(30),
        ics: "DESCRIPTION:A consultation at the studio\r\n"
            .repeat(30)
            .into_bytes(),
        method: "REQUEST",
    }
}

/// Lets the sender work through every mail queued, on the paused clock, until none is left.
async fn drain(notifier: &Notifier) {
    while notifier.counts().unwrap().queued > 0 {
        tokio::time::sleep(Duration::from_secs(60)).await;
    }
}

/// Sends `total` mails in waves that fit the queue, each failing every attempt; then checks that
/// none was dropped, each was given up once, and memory grew by less than 40 MB.
async fn failed_mails_stay_bounded(port: u16, total: usize) {
    let health = Arc::new(Health::default());
    let notifier =
        Notifier::start_counting(&config(port), RETRY_DELAYS.to_vec(), BOUNDS, health.clone())
            .unwrap();
    // One mail first, so that what the sender needs once is resident before the baseline.
    notifier.invitation(invitation(0));
    drain(&notifier).await;
    let idle = rss_kb();
    let mut peak = idle;
    for wave in 0..total / BOUNDS.messages {
        for n in 0..BOUNDS.messages {
            assert!(
                notifier
                    .invitation(invitation(wave * BOUNDS.messages + n))
                    .is_some()
            );
        }
        peak = peak.max(rss_kb());
        drain(&notifier).await;
        peak = peak.max(rss_kb());
    }
    let counts = notifier.counts().unwrap();
    assert_eq!(counts.given_up, total as u64 + 1, "{counts:?}");
    assert_eq!((counts.sent, counts.dropped), (0, 0), "{counts:?}");
    assert_eq!(health.mail_dropped(), 0);
    let grown_mb = (peak - idle) / 1024;
    eprintln!("{total} failed mails: RSS {idle} kB idle, {peak} kB at most (+{grown_mb} MB)");
    assert!(grown_mb < 40, "grew by {grown_mb} MB");
}

#[test]
fn twenty_thousand_mails_to_a_server_that_is_down_stay_within_40_mb() {
    alone(true, failed_mails_stay_bounded(closed_port(), 20_000));
}

#[test]
fn five_thousand_mails_refused_with_451_stay_within_40_mb() {
    alone(true, async {
        let smtp = SmtpServer::start(Behaviour {
            refuse_first: usize::MAX,
            ..Behaviour::default()
        })
        .await;
        failed_mails_stay_bounded(smtp.port, 5_000).await;
    });
}

#[test]
fn what_does_not_fit_is_dropped_and_counted() {
    alone(true, async {
        let health = Arc::new(Health::default());
        let notifier =
            Notifier::start_counting(&config(closed_port()), vec![], BOUNDS, health.clone())
                .unwrap();
        // 20,000 at once: the queue takes its bound, the rest is dropped and counted.
        let queued = (0..20_000)
            .filter(|n| notifier.invitation(invitation(*n)).is_some())
            .count();
        let counts = notifier.counts().unwrap();
        assert_eq!(queued, BOUNDS.messages);
        assert_eq!(counts.queued, BOUNDS.messages, "{counts:?}");
        assert!(counts.queued_bytes <= BOUNDS.bytes, "{counts:?}");
        assert_eq!(counts.dropped, 19_000);
        assert_eq!(health.mail_dropped(), 19_000);
        // Without retries each is tried once and given up; then the queue has room again.
        drain(&notifier).await;
        let counts = notifier.counts().unwrap();
        assert_eq!(counts.given_up, BOUNDS.messages as u64, "{counts:?}");
        assert!(notifier.invitation(invitation(0)).is_some());

        // The bytes bound holds too: 64 kB takes a few invitations of some 2 kB, far fewer than the
        // messages bound.
        let small = Bounds {
            messages: 1000,
            bytes: 64 * 1024,
        };
        let notifier =
            Notifier::start_counting(&config(closed_port()), vec![], small, health.clone())
                .unwrap();
        let queued = (0..1000)
            .filter(|n| notifier.invitation(invitation(*n)).is_some())
            .count();
        let counts = notifier.counts().unwrap();
        assert!(queued > 10 && queued < 64, "{queued}");
        assert!(counts.queued_bytes <= small.bytes, "{counts:?}");
        assert_eq!(counts.dropped, 1000 - queued as u64);
    });
}

#[test]
fn a_mail_refused_for_a_while_goes_out_after_its_waits() {
    alone(true, async {
        let mut smtp = SmtpServer::start(Behaviour {
            refuse_first: 3,
            ..Behaviour::default()
        })
        .await;
        let notifier = Notifier::start(&config(smtp.port), RETRY_DELAYS.to_vec()).unwrap();
        let first = notifier.invitation(invitation(1)).unwrap();
        assert!(!first.accepted(Duration::from_secs(60)).await);
        // Refused at the first attempt and after the first two waits, taken at the fourth.
        drain(&notifier).await;
        let mail = smtp.next_mail().await;
        assert!(mail.to.iter().any(|t| t.contains("visitor1@example.in")));
        let counts = notifier.counts().unwrap();
        assert_eq!((counts.sent, counts.given_up, counts.queued), (1, 0, 0));
    });
}

/// The server's health answer carries the count of dropped mails, and stays 200: the records the
/// mails copy are kept.
#[test]
fn the_health_answer_counts_dropped_mails() {
    alone(false, async {
        let server = common::TestServer::start_with(Layer {
            smtp: Some(SmtpLayer {
                host: Some("127.0.0.1".into()),
                port: Some(closed_port()),
                security: Some("none".into()),
                from: Some("website@nivasa.example".into()),
                to: Some("anjali@nivasa.example".into()),
                ..SmtpLayer::default()
            }),
            ..Layer::default()
        })
        .await;
        let health: serde_json::Value = server.get("/api/health").await.json().await.unwrap();
        assert!(health.get("mailDropped").is_none(), "{health}");
        for n in 0..BOUNDS.messages + 5 {
            server
                .app
                .notifier
                .alert(format!("Warning {n}"), "Something to know".into());
        }
        let res = server.get("/api/health").await;
        assert_eq!(res.status(), 200);
        let health: serde_json::Value = res.json().await.unwrap();
        let dropped = health["mailDropped"].as_u64().unwrap();
        assert!(dropped >= 5, "{health}");
        server.stop().await;
    });
}
