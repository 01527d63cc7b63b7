//! One address holding thousands of half-sent requests cannot shut others out: the real binary runs
//! under a 1,024 open-files limit (soft and hard, so raising it does not help), 127.0.0.2 opens
//! 3,000 connections that send half a request head, 127.0.0.1 is still served, and the server
//! closes the half-sent requests at their (short, for the test) head deadline.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const HELD: usize = 3000;

async fn half_request(addr: std::net::SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind("127.0.0.2:0".parse().unwrap())?;
    let mut stream = socket.connect(addr).await?;
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: studio.test\r\nUser-Agent: slow")
        .await?;
    Ok(stream)
}

/// Waits until the server closes the connection (end of stream or reset), or gives up.
async fn closed_by_server(mut stream: TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 256];
    loop {
        match tokio::time::timeout(within, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            // A 408 or other answer before the close still counts as the server letting go.
            Ok(Ok(_)) => continue,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_with_thousands_of_half_requests_does_not_shut_out_another() {
    let own = common::raise_own_open_files();
    assert!(
        own > HELD as u64 + 200,
        "the test needs {} open files, the hard limit is {own}",
        HELD + 200
    );
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new("prlimit")
        .arg("--nofile=1024:1024")
        .arg(env!("CARGO_BIN_EXE_studio"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(dir.path().join("studio.redb"))
        .env("STUDIO_HEAD_TIMEOUT", "2s")
        .env("STUDIO_LOG_LEVEL", "warn")
        .env_remove("STUDIO_CONFIG")
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("prlimit and the studio binary");
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let addr: std::net::SocketAddr = loop {
        let line = lines.next().expect("the server's banner").unwrap();
        if let Some(rest) = line.strip_prefix("studio is serving http://") {
            break rest.split_whitespace().next().unwrap().parse().unwrap();
        }
    };
    std::thread::spawn(move || for _ in lines {});

    let mut held = Vec::with_capacity(HELD);
    let mut refused = 0;
    for _ in 0..HELD / 100 {
        let batch = (0..100).map(|_| half_request(addr));
        for r in futures_util::future::join_all(batch).await {
            match r {
                Ok(s) => held.push(s),
                Err(_) => refused += 1,
            }
        }
    }

    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let mut served = 0;
    for _ in 0..5 {
        let res = client.get(format!("http://{addr}/")).send().await;
        if matches!(&res, Ok(r) if r.status() == 200) {
            served += 1;
        }
    }
    assert_eq!(
        served, 5,
        "127.0.0.1 is served while 127.0.0.2 holds {HELD} half requests"
    );

    let waits = held
        .into_iter()
        .map(|s| closed_by_server(s, Duration::from_secs(15)));
    let closed = futures_util::future::join_all(waits)
        .await
        .into_iter()
        .filter(|c| *c)
        .count()
        + refused;
    assert!(
        closed * 100 >= HELD * 95,
        "{closed} of {HELD} half-sent requests closed by the server"
    );
    let _ = child.kill();
    let _ = child.wait();
}
