//! `studio install`, `status`, `update`, `rollback` and `uninstall` in a real systemd: a Debian
//! bookworm root made by debootstrap (cached at `STUDIO_TEST_BOOKWORM`, by default
//! /var/cache/studio-test/bookworm, made when missing: about 2 minutes), booted by
//! `systemd-nspawn --volatile=overlay` (the cached root stays as it was), commands run inside with
//! `nsenter`. The container shares this machine's network: its service answers here, and it
//! downloads releases from a file server in this test. Needs root; skipped with a message without.

mod host_support;

use host_support::{file_server, is_root, key, release};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const DEFAULT_ROOT: &str = "/var/cache/studio-test/bookworm";

/// The cached bookworm root, made by debootstrap when missing.
fn bookworm() -> PathBuf {
    let root = PathBuf::from(
        std::env::var("STUDIO_TEST_BOOKWORM").unwrap_or_else(|_| DEFAULT_ROOT.into()),
    );
    if root.join("usr/lib/systemd/systemd").exists() {
        return root;
    }
    let mirror = std::env::var("STUDIO_TEST_DEBIAN_MIRROR")
        .unwrap_or_else(|_| "http://deb.debian.org/debian".into());
    let partial = root.with_extension("partial");
    let _ = std::fs::remove_dir_all(&partial);
    std::fs::create_dir_all(root.parent().unwrap()).unwrap();
    eprintln!(
        "making the bookworm root {} with debootstrap (about 2 minutes, once)",
        root.display()
    );
    let status = Command::new("debootstrap")
        .args([
            "--variant=minbase",
            "--include=systemd,systemd-sysv,dbus",
            "bookworm",
        ])
        .arg(&partial)
        .arg(&mirror)
        .stdout(Stdio::null())
        .status()
        .expect("debootstrap runs (apt-get install debootstrap; .ci/run installs it)");
    assert!(status.success(), "debootstrap failed");
    std::fs::rename(&partial, &root).unwrap();
    root
}

/// A booted container; stopped when dropped.
struct Container {
    nspawn: Child,
    leader: u32,
}

impl Container {
    fn boot(root: &Path, bind: &Path) -> Container {
        let log = std::fs::File::create(bind.join("nspawn.log")).unwrap();
        let nspawn = Command::new("systemd-nspawn")
            .arg("-D")
            .arg(root)
            .args([
                "--boot",
                "--machine=studio-test",
                "--register=no",
                "--keep-unit",
                "--console=passive",
                "--volatile=overlay",
            ])
            .arg(format!("--bind-ro={}:/opt/studio", bind.display()))
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("systemd-nspawn runs (apt-get install systemd-container)");
        let pid = nspawn.id();
        let mut c = Container { nspawn, leader: 0 };
        let deadline = Instant::now() + Duration::from_secs(30);
        // nspawn's first child forks the container's PID 1 and exits: read it again until the
        // container answers.
        loop {
            let children = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
                .unwrap_or_default();
            let mut state = String::new();
            if let Some(l) = children
                .split_whitespace()
                .next()
                .and_then(|l| l.parse().ok())
            {
                c.leader = l;
                let out = c.sh("systemctl is-system-running 2>/dev/null");
                state = String::from_utf8_lossy(&out.stdout).trim().to_string();
                if state == "running" || state == "degraded" {
                    break;
                }
            }
            assert!(
                Instant::now() < deadline,
                "the container did not boot ({state}): {}",
                std::fs::read_to_string(bind.join("nspawn.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        c
    }

    fn sh(&self, script: &str) -> Output {
        Command::new("nsenter")
            .args([
                "-t",
                &self.leader.to_string(),
                "-a",
                "/bin/sh",
                "-c",
                script,
            ])
            .env_clear()
            .env(
                "PATH",
                "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            )
            .env("LANG", "C.UTF-8")
            .output()
            .unwrap()
    }

    /// Runs `script`, asserting it succeeds; its stdout and stderr.
    fn ok(&self, script: &str) -> String {
        let out = self.sh(script);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "`{script}` failed:\n{text}");
        text
    }

    /// Runs `script`, asserting it fails; its stdout and stderr.
    fn fails(&self, script: &str) -> String {
        let out = self.sh(script);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            !out.status.success(),
            "`{script}` should have failed:\n{text}"
        );
        text
    }
}

impl Drop for Container {
    fn drop(&mut self) {
        // SAFETY: signals the nspawn process this test started.
        unsafe { libc::kill(self.nspawn.id() as i32, libc::SIGTERM) };
        let _ = self.nspawn.wait();
    }
}

fn get(port: u16, path: &str) -> u16 {
    let Ok(mut s) = TcpStream::connect(("127.0.0.1", port)) else {
        return 0;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    );
    let mut head = [0u8; 12];
    if s.read_exact(&mut head).is_err() {
        return 0;
    }
    String::from_utf8_lossy(&head[9..12]).parse().unwrap_or(0)
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[test]
fn install_update_rollback_and_uninstall_in_a_real_systemd() {
    if !is_root() {
        eprintln!(
            "SKIP host_systemd: booting a container with systemd-nspawn needs root (CI runs as root)"
        );
        return;
    }
    let started = Instant::now();
    let root = bookworm();
    let work = tempfile::tempdir().unwrap();
    // The debug build without its debug sections: the same glibc as bookworm, a tenth of the size.
    let binary = work.path().join("studio");
    let strip = Command::new("strip")
        .arg("--strip-debug")
        .arg("-o")
        .arg(&binary)
        .arg(env!("CARGO_BIN_EXE_studio"))
        .status()
        .unwrap();
    assert!(strip.success());
    let releases = work.path().join("releases");
    let (pkcs8, public) = key();
    let good = std::fs::read(&binary).unwrap();
    release(&releases, "r2", "0.2.0", &good, &pkcs8);
    let broken = b"#!/bin/sh\necho 'this release cannot start' >&2\nexit 3\n";
    release(&releases, "r3", "0.3.0", broken, &pkcs8);
    release(&releases, "old", "0.1.5", &good, &pkcs8);
    release(&releases, "tampered", "0.4.0", &good, &pkcs8);
    std::fs::write(
        releases.join("tampered/studio-x86_64"),
        [&good[..], b"x"].concat(),
    )
    .unwrap();
    release(&releases, "badsig", "0.4.0", &good, &key().0);
    let files = file_server(releases);
    let port = free_port();

    let c = Container::boot(&root, work.path());
    eprintln!("booted in {:?}", started.elapsed());

    // Refusals change nothing: without root, and on a port another program holds.
    let out = c.fails(&format!(
        "runuser -u nobody -- /opt/studio/studio install --yes --listen 127.0.0.1:{port}"
    ));
    assert!(out.contains("needs root"), "{out}");
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let out = c.fails(&format!(
        "/opt/studio/studio install --yes --listen {}",
        taken.local_addr().unwrap()
    ));
    assert!(out.contains("already taken"), "{out}");
    drop(taken);
    let plan = c.ok(&format!(
        "/opt/studio/studio install --dry-run --listen 127.0.0.1:{port}"
    ));
    assert!(
        plan.contains("create the system user") && plan.contains("nothing was changed"),
        "{plan}"
    );
    c.ok("test ! -e /usr/local/bin/studio && test ! -e /etc/studio && ! getent passwd studio");

    // From the bare root: a running, enabled service, the files with their owners and modes.
    let out = c.ok(&format!(
        "/opt/studio/studio install --yes --listen 127.0.0.1:{port}"
    ));
    assert!(
        out.contains("studio is running at http://127.0.0.1:") && out.contains("password:"),
        "{out}"
    );
    assert_eq!(get(port, "/healthz"), 200);
    assert_eq!(c.ok("systemctl is-enabled studio").trim(), "enabled");
    assert_eq!(c.ok("systemctl is-active studio").trim(), "active");
    let modes = c.ok("stat -c '%n %a %U:%G' /usr/local/bin/studio /var/lib/studio /var/backups/studio /etc/studio/studio.toml /var/lib/studio/studio.redb /etc/systemd/system/studio.service");
    for line in [
        "/usr/local/bin/studio 755 root:root",
        "/var/lib/studio 750 studio:studio",
        "/var/backups/studio 750 studio:studio",
        "/etc/studio/studio.toml 640 root:studio",
        "/var/lib/studio/studio.redb 600 studio:studio",
        "/etc/systemd/system/studio.service 644 root:root",
    ] {
        assert!(modes.contains(line), "{line} in:\n{modes}");
    }
    assert!(c.ok("getent passwd studio").contains("/usr/sbin/nologin"));

    // A second run changes nothing.
    let before = c.ok("stat -c '%Y %i' /usr/local/bin/studio /etc/studio/studio.toml /etc/systemd/system/studio.service; systemctl show -p MainPID --value studio");
    let again = c.ok(&format!(
        "/opt/studio/studio install --yes --listen 127.0.0.1:{port}"
    ));
    assert!(
        again.contains("Nothing to change") && !again.contains("password:"),
        "{again}"
    );
    assert_eq!(before, c.ok("stat -c '%Y %i' /usr/local/bin/studio /etc/studio/studio.toml /etc/systemd/system/studio.service; systemctl show -p MainPID --value studio"));

    // The host's status, found without --config.
    let status = c.ok("cd / && studio status");
    assert!(
        status.contains("Service:     studio 0.1.0, active")
            && status.contains("Nothing needs doing"),
        "{status}"
    );

    // The channel and its key, in the root-owned settings.
    c.ok(&format!(
        "printf 'update_url = \"http://127.0.0.1:{files}/r2/release.json\"\\nupdate_pubkeys = [\"{public}\"]\\n' >> /etc/studio/studio.toml"
    ));
    let check = c.ok("cd / && studio update --check");
    assert!(
        check.contains("Version 0.2.0 is available") && check.contains("Release 0.2.0."),
        "{check}"
    );

    // The service's user plants links where root's update writes (issue 39, finding 1): at the
    // snapshot's name the update stops and names the link; at the temporary names an earlier
    // release used they are left alone; the root-owned file they point to is never touched.
    c.ok("printf precious > /etc/precious && chmod 644 /etc/precious");
    let precious = || c.ok("stat -c '%a %U:%G %s' /etc/precious");
    let was = precious();
    c.ok("runuser -u studio -- sh -c 'for p in $(seq 2 3000); do ln -s /etc/precious /var/backups/studio/pre-update-0.1.0-to-0.2.0.redb.tmp-$p; done'");
    c.ok("runuser -u studio -- ln -s /etc/precious /var/backups/studio/pre-update-0.1.0-to-0.2.0.redb");
    let out = c.fails("cd / && studio update");
    assert!(
        out.contains("pre-update-0.1.0-to-0.2.0.redb is a symbolic link"),
        "{out}"
    );
    assert_eq!(precious(), was);
    c.ok("rm /var/backups/studio/pre-update-0.1.0-to-0.2.0.redb");

    let out = c.ok("cd / && studio update");
    assert!(out.contains("studio 0.2.0 is installed"), "{out}");
    assert_eq!(precious(), was);
    assert_eq!(
        c.ok("stat -c '%a %U:%G' /var/backups/studio/pre-update-0.1.0-to-0.2.0.redb")
            .trim(),
        "600 studio:studio",
        "the snapshot is the service user's own copy"
    );
    c.ok("test -L /var/backups/studio/pre-update-0.1.0-to-0.2.0.redb.tmp-2 && rm /var/backups/studio/*.tmp-*");
    assert_eq!(get(port, "/healthz"), 200);
    assert_eq!(get(port, "/"), 200);
    c.ok("test -x /usr/local/bin/studio.previous && test -s /var/backups/studio/pre-update-0.1.0-to-0.2.0.redb");
    assert!(
        c.ok("cd / && studio status")
            .contains("studio 0.2.0, active")
    );

    // A signed release that cannot start is put back by itself; the site keeps serving.
    let out = c.fails(&format!(
        "cd / && studio update --from http://127.0.0.1:{files}/r3/release.json"
    ));
    assert!(
        out.contains("put back") && out.contains("this release cannot start"),
        "names what failed, with the journal:\n{out}"
    );
    assert_eq!(get(port, "/healthz"), 200);
    assert_eq!(
        c.ok("cmp /usr/local/bin/studio /opt/studio/studio && echo same")
            .trim(),
        "same"
    );
    assert!(
        c.ok("cd / && studio status")
            .contains("studio 0.2.0, active")
    );

    // Refused, with nothing changed: a changed file, another key's signature, a downgrade.
    let snapshots = c.ok("ls /var/backups/studio");
    for (name, says) in [
        ("tampered", "bytes"),
        ("badsig", "signature"),
        ("old", "downgrade"),
    ] {
        let out = c.fails(&format!(
            "cd / && studio update --from http://127.0.0.1:{files}/{name}/release.json"
        ));
        assert!(out.contains(says), "{name}: {out}");
        assert_eq!(
            c.ok("ls /var/backups/studio"),
            snapshots,
            "{name}: no snapshot taken"
        );
        assert!(
            c.ok("cd / && studio status")
                .contains("studio 0.2.0, active"),
            "{name}"
        );
    }

    // By hand, back to the release before: not through a link at its snapshot's name either.
    c.ok(
        "runuser -u studio -- ln -s /etc/precious /var/backups/studio/pre-rollback-from-0.2.0.redb",
    );
    let out = c.fails("cd / && studio rollback");
    assert!(
        out.contains("pre-rollback-from-0.2.0.redb is a symbolic link"),
        "{out}"
    );
    assert_eq!(precious(), was);
    // Started again at once: its health may not answer yet, so only the release is looked at.
    let status = c.sh("cd / && studio status");
    assert!(
        String::from_utf8_lossy(&status.stdout).contains("studio 0.2.0, active"),
        "{status:?}"
    );
    c.ok("rm /var/backups/studio/pre-rollback-from-0.2.0.redb");
    let out = c.ok("cd / && studio rollback");
    assert!(out.contains("studio 0.1.0 is back in place"), "{out}");
    assert_eq!(get(port, "/healthz"), 200);

    // A repair by `install` over a data file the service replaced by a link: refused, named.
    c.ok("runuser -u studio -- sh -c 'mv /var/lib/studio/studio.redb /var/lib/studio/real.redb && ln -s /etc/precious /var/lib/studio/studio.redb'");
    let out = c.fails(&format!(
        "/opt/studio/studio install --yes --listen 127.0.0.1:{port}"
    ));
    assert!(
        out.contains("/var/lib/studio/studio.redb is a symbolic link"),
        "{out}"
    );
    assert_eq!(precious(), was);
    c.ok("runuser -u studio -- mv /var/lib/studio/real.redb /var/lib/studio/studio.redb");

    // Uninstall keeps the data and the settings; --purge deletes them and the user.
    let out = c.ok("studio uninstall --yes");
    assert!(out.contains("kept"), "{out}");
    assert_eq!(get(port, "/healthz"), 0, "the service is stopped");
    c.ok("test ! -e /usr/local/bin/studio && test ! -e /etc/systemd/system/studio.service && test -s /var/lib/studio/studio.redb && test -s /etc/studio/studio.toml");
    let out = c.ok(&format!(
        "/opt/studio/studio install --yes --listen 127.0.0.1:{port}"
    ));
    assert!(
        !out.contains("password:") && out.contains("kept as it is"),
        "a reinstall keeps the accounts:\n{out}"
    );
    c.ok("studio uninstall --purge --yes");
    c.ok("test ! -e /var/lib/studio && test ! -e /etc/studio && test ! -e /var/backups/studio && ! getent passwd studio");

    // The Debian package in the same container: the same running service; `apt-get remove` keeps
    // the data, `purge` deletes it.
    let dist = work.path().join("deb/dist");
    std::fs::create_dir_all(&dist).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    std::fs::copy(&binary, dist.join(format!("studio-{version}-linux-x86_64"))).unwrap();
    let packed = Command::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/dist"))
        .arg("--deb-only")
        .env("CARGO_TARGET_DIR", work.path().join("deb"))
        .env("STUDIO_DEB_COMPRESS", "gzip")
        .output()
        .unwrap();
    assert!(
        packed.status.success(),
        "scripts/dist --deb-only: {}",
        String::from_utf8_lossy(&packed.stderr)
    );
    // This test's port instead of the package's 127.0.0.1:8080, kept by --force-confold.
    c.ok(&format!(
        "mkdir -p /etc/studio && printf 'listen = \"127.0.0.1:{port}\"\ndata = \"/var/lib/studio/studio.redb\"\nbackup_dir = \"/var/backups/studio\"\n' > /etc/studio/studio.toml"
    ));
    c.ok(&format!("DEBIAN_FRONTEND=noninteractive dpkg -i --force-confold /opt/studio/deb/dist/studio_{version}_amd64.deb"));
    let deadline = Instant::now() + Duration::from_secs(60);
    while get(port, "/healthz") != 200 {
        assert!(
            Instant::now() < deadline,
            "the packaged service did not answer: {}",
            c.ok("journalctl -b -u studio --no-pager -n 20")
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(c.ok("systemctl is-enabled studio").trim(), "enabled");
    let modes =
        c.ok("stat -c '%n %a %U:%G' /usr/bin/studio /var/lib/studio /etc/studio/studio.toml");
    for line in [
        "/usr/bin/studio 755 root:root",
        "/var/lib/studio 750 studio:studio",
        "/etc/studio/studio.toml 640 root:studio",
    ] {
        assert!(modes.contains(line), "{line} in:\n{modes}");
    }
    assert!(c.ok("cd / && studio status").contains("active"));
    assert!(
        c.fails("cd / && studio update").contains("Debian package"),
        "apt or dpkg updates a package"
    );
    c.ok("DEBIAN_FRONTEND=noninteractive apt-get remove -y studio");
    assert_eq!(get(port, "/healthz"), 0, "removed: the service is stopped");
    c.ok("test ! -e /usr/bin/studio && test -s /var/lib/studio/studio.redb && test -s /etc/studio/studio.toml");
    c.ok("DEBIAN_FRONTEND=noninteractive apt-get purge -y studio");
    c.ok("test ! -e /var/lib/studio && test ! -e /etc/studio && ! getent passwd studio");
    eprintln!("host_systemd took {:?}", started.elapsed());
}
