//! A small SMTP server for the mail tests: a real SMTP dialogue over TCP on loopback, started by
//! each test on an ephemeral port, that can refuse or stall on command.
#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::Duration;
use studio::config::SmtpLayer;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc};

pub const PATIENCE: Duration = Duration::from_secs(60);

/// One mail as the server received it.
#[derive(Debug, Clone)]
pub struct Mail {
    pub from: String,
    pub to: Vec<String>,
    pub data: String,
}

impl Mail {
    /// The mail's text holds `text`; a failure shows the whole mail.
    pub fn assert_has(&self, text: &str) {
        assert!(
            self.data.contains(text),
            "{text:?} is not in:\n{}",
            self.data
        );
    }
}

#[derive(Debug)]
pub enum Event {
    Session,
    Mail(Mail),
    Closed,
}

/// How the server treats the sessions it gets.
#[derive(Clone, Default)]
pub struct Behaviour {
    /// Refuse the first N sessions at MAIL FROM with a temporary failure.
    pub refuse_first: usize,
    /// Say nothing after the connection opens until this is notified.
    pub hold: Option<Arc<Notify>>,
}

pub struct SmtpServer {
    pub port: u16,
    pub events: mpsc::UnboundedReceiver<Event>,
}

impl SmtpServer {
    pub async fn start(behaviour: Behaviour) -> SmtpServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let (tx, events) = mpsc::unbounded_channel();
        let sessions = Arc::new(Mutex::new(0usize));
        tokio::spawn(async move {
            loop {
                let (socket, _) = listener.accept().await.unwrap();
                let n = {
                    let mut s = sessions.lock().unwrap();
                    *s += 1;
                    *s
                };
                let refuse = n <= behaviour.refuse_first;
                let (tx, hold) = (tx.clone(), behaviour.hold.clone());
                tokio::spawn(async move {
                    let _ = tx.send(Event::Session);
                    let _ = session(socket, refuse, hold, &tx).await;
                    let _ = tx.send(Event::Closed);
                });
            }
        });
        SmtpServer { port, events }
    }

    pub async fn next(&mut self) -> Event {
        tokio::time::timeout(PATIENCE, self.events.recv())
            .await
            .expect("the SMTP server heard nothing")
            .expect("the SMTP server stopped")
    }

    pub async fn next_mail(&mut self) -> Mail {
        loop {
            if let Event::Mail(m) = self.next().await {
                return m;
            }
        }
    }

    pub fn layer(&self) -> SmtpLayer {
        SmtpLayer {
            host: Some("127.0.0.1".into()),
            port: Some(self.port),
            security: Some("none".into()),
            from: Some("Nivasa website <website@nivasa.example>".into()),
            to: Some("anjali@nivasa.example".into()),
            ..SmtpLayer::default()
        }
    }
}

async fn session(
    socket: tokio::net::TcpStream,
    refuse: bool,
    hold: Option<Arc<Notify>>,
    events: &mpsc::UnboundedSender<Event>,
) -> std::io::Result<()> {
    let mut socket = socket;
    if let Some(hold) = hold {
        // Stall, but notice when the client gives up: that ends the session.
        let mut buf = [0u8; 1];
        tokio::select! {
            _ = hold.notified() => {}
            _ = socket.read(&mut buf) => return Ok(()),
        }
    }
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 test.local ESMTP ready\r\n").await?;
    let (mut from, mut to) = (String::new(), Vec::new());
    while let Some(line) = lines.next_line().await? {
        let upper = line.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            b"250-test.local\r\n250 8BITMIME\r\n"
        } else if upper.starts_with("MAIL FROM:") {
            if refuse {
                b"451 4.3.0 try again later\r\n"
            } else {
                from = line[10..].trim().to_string();
                b"250 OK\r\n"
            }
        } else if upper.starts_with("RCPT TO:") {
            to.push(line[8..].trim().to_string());
            b"250 OK\r\n"
        } else if upper == "DATA" {
            write.write_all(b"354 go ahead\r\n").await?;
            let mut data = String::new();
            while let Some(l) = lines.next_line().await? {
                if l == "." {
                    break;
                }
                data.push_str(&l);
                data.push('\n');
            }
            let _ = events.send(Event::Mail(Mail {
                from: from.clone(),
                to: to.clone(),
                data,
            }));
            b"250 OK queued\r\n"
        } else if upper == "QUIT" {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else if upper == "RSET" || upper == "NOOP" {
            b"250 OK\r\n"
        } else {
            b"502 not implemented\r\n"
        };
        write.write_all(reply).await?;
    }
    Ok(())
}
