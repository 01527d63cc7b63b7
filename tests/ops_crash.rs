//! Crash safety: a child `studio serve` under a steady stream of admin writes is SIGKILLed at a
//! random moment, 20 times. After each kill the file passes the check `studio restore` runs (redb's
//! integrity check, format version, every record readable), and after each restart every write the
//! server acknowledged is there.

mod ops_support;

use ops_support::{Server, fresh_data, login, send_with_token};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

const TRIALS: usize = 20;
const WRITERS: usize = 4;

fn random_below(n: usize) -> usize {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).unwrap();
    (u64::from_le_bytes(b) % n as u64) as usize
}

async fn titles_on_server(client: &reqwest::Client, base: &str, token: &str) -> BTreeSet<String> {
    let res = send_with_token(client.get(format!("{base}/api/admin/hero-slides")), token).await;
    assert_eq!(res.status(), 200);
    let slides: Vec<serde_json::Value> = res.json().await.unwrap();
    slides
        .iter()
        .map(|s| s["title"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigkill_under_writes_never_loses_an_acknowledged_write() {
    let (dir, data) = fresh_data();
    let client = reqwest::Client::new();
    let mut acknowledged = BTreeSet::<String>::new();
    let mut in_flight_kept = 0usize;
    for trial in 0..=TRIALS {
        let server = Server::start(dir.path(), &data, &[]);
        let token = login(&client, &server.base).await;
        let present = titles_on_server(&client, &server.base, &token).await;
        let lost: Vec<_> = acknowledged.difference(&present).collect();
        assert!(
            lost.is_empty(),
            "after kill {trial}, acknowledged writes are missing: {lost:?}"
        );
        in_flight_kept += present
            .iter()
            .filter(|t| t.starts_with("crash-") && !acknowledged.contains(*t))
            .count();
        // The writes of a trial that were sent but not acknowledged may or may not have landed;
        // either is correct. Count them once, then treat them as known.
        acknowledged.extend(present.into_iter().filter(|t| t.starts_with("crash-")));
        if trial == TRIALS {
            break;
        }

        // Kill once this many writes of the trial were acknowledged: a random point in the stream.
        let kill_after = 5 + random_below(60);
        let acks = Arc::new(AtomicUsize::new(0));
        let (acked_tx, mut acked_rx) = tokio::sync::mpsc::unbounded_channel::<String>();
        let mut writers = Vec::new();
        for w in 0..WRITERS {
            let (client, base, token) = (client.clone(), server.base.clone(), token.clone());
            let (acks, acked_tx) = (acks.clone(), acked_tx.clone());
            writers.push(tokio::spawn(async move {
                for i in 0.. {
                    let title = format!("crash-{trial}-{w}-{i}");
                    let sent = client
                        .post(format!("{base}/api/admin/hero-slides"))
                        .bearer_auth(&token)
                        .json(&serde_json::json!({
                            "title": title,
                            "imageUrl": "/images/hero-1.webp",
                            "isActive": false,
                        }))
                        .send()
                        .await;
                    match sent {
                        Ok(res) if res.status() == 201 => {
                            acked_tx.send(title).unwrap();
                            acks.fetch_add(1, Ordering::SeqCst);
                        }
                        Ok(res) => panic!("a write was refused: {}", res.status()),
                        // The server is gone: this write was never acknowledged.
                        Err(_) => return,
                    }
                }
            }));
        }
        drop(acked_tx);
        let mut server = server;
        let mut killed = false;
        while let Some(title) = acked_rx.recv().await {
            acknowledged.insert(title);
            if !killed && acks.load(Ordering::SeqCst) >= kill_after {
                // SIGKILL: no chance to flush or close anything.
                server.child.kill().unwrap();
                killed = true;
            }
        }
        for w in writers {
            w.await.unwrap();
        }
        let status = server.wait();
        assert!(!status.success(), "the server was killed, not stopped");
        studio::backup::verify(&data).unwrap_or_else(|e| {
            panic!("after kill {}: the file fails the check: {e:#}", trial + 1)
        });
    }
    eprintln!(
        "crash test: {TRIALS} SIGKILLs, {} writes acknowledged, 0 lost, {in_flight_kept} \
         unacknowledged writes found committed",
        acknowledged.len() - in_flight_kept
    );
}
