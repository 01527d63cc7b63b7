//! Who a client is (its address, trusting forwarded headers only from named proxies) and how often
//! it may do something (sliding-window limits for logins and contact messages).

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Keys kept before expired ones are swept, so a flood of addresses cannot grow memory for ever.
const SWEEP_AT: usize = 10_000;

/// At most `max` events per key within any `window`.
pub struct RateLimiter {
    max: usize,
    window: Duration,
    events: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl RateLimiter {
    pub fn new(max: usize, window: Duration) -> RateLimiter {
        RateLimiter {
            max: max.max(1),
            window,
            events: Mutex::new(HashMap::new()),
        }
    }

    /// `Err(retry_after)` when `key` has used up its events; records nothing.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        self.check_at(key, Instant::now())
    }

    /// Records one event for `key`, or `Err(retry_after)` (recording nothing) when over the limit.
    pub fn hit(&self, key: &str) -> Result<(), Duration> {
        self.hit_at(key, Instant::now())
    }

    /// Forgets `key`'s events (a successful login clears its failures).
    pub fn reset(&self, key: &str) {
        self.lock().remove(key);
    }

    /// How many of `key`'s events are still within the window.
    pub fn recent(&self, key: &str) -> usize {
        self.recent_at(key, Instant::now())
    }

    /// [`RateLimiter::hit`] for a client address, counted under its [`limit_key`].
    pub fn hit_client(&self, ip: IpAddr) -> Result<(), Duration> {
        self.hit(&limit_key(ip).to_string())
    }

    /// [`RateLimiter::check`] for a client address, counted under its [`limit_key`].
    pub fn check_client(&self, ip: IpAddr) -> Result<(), Duration> {
        self.check(&limit_key(ip).to_string())
    }

    /// [`RateLimiter::recent`] for a client address, counted under its [`limit_key`].
    pub fn recent_client(&self, ip: IpAddr) -> usize {
        self.recent(&limit_key(ip).to_string())
    }

    /// [`RateLimiter::reset`] for a client address, counted under its [`limit_key`].
    pub fn reset_client(&self, ip: IpAddr) {
        self.reset(&limit_key(ip).to_string())
    }

    fn recent_at(&self, key: &str, now: Instant) -> usize {
        let mut events = self.lock();
        match events.get_mut(key) {
            Some(q) => {
                let _ = self.judge(q, now);
                q.len()
            }
            None => 0,
        }
    }

    fn check_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let mut events = self.lock();
        match events.get_mut(key) {
            Some(q) => self.judge(q, now),
            None => Ok(()),
        }
    }

    fn hit_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let mut events = self.lock();
        if events.len() >= SWEEP_AT {
            let window = self.window;
            events.retain(|_, q| q.back().is_some_and(|t| now.duration_since(*t) < window));
        }
        let q = events.entry(key.to_string()).or_default();
        self.judge(q, now)?;
        q.push_back(now);
        Ok(())
    }

    /// Drops events older than the window, then says whether one more fits.
    fn judge(&self, q: &mut VecDeque<Instant>, now: Instant) -> Result<(), Duration> {
        while q
            .front()
            .is_some_and(|t| now.duration_since(*t) >= self.window)
        {
            q.pop_front();
        }
        if q.len() < self.max {
            return Ok(());
        }
        let oldest = q.front().copied().unwrap_or(now);
        Err(self
            .window
            .saturating_sub(now.duration_since(oldest))
            .max(Duration::from_secs(1)))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, VecDeque<Instant>>> {
        match self.events.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}

/// The client's address: the socket's peer, or, when that peer is a trusted proxy, the last address
/// in `X-Forwarded-For` that is not itself a trusted proxy.
pub fn client_ip(
    peer: Option<SocketAddr>,
    forwarded_for: Option<&str>,
    trusted: &[IpAddr],
) -> IpAddr {
    let peer_ip = peer
        .map(|p| p.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    if !trusted.contains(&peer_ip) {
        return peer_ip;
    }
    forwarded_for
        .into_iter()
        .flat_map(|h| h.rsplit(','))
        .filter_map(|s| s.trim().parse::<IpAddr>().ok())
        .find(|ip| !trusted.contains(ip))
        .unwrap_or(peer_ip)
}

/// The address every per-client limit counts under: an IPv4 address as it is (an IPv4-mapped IPv6
/// address too), an IPv6 address by its /64, the smallest block a provider routes to one customer,
/// who could otherwise take a fresh address for every attempt.
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// The network a client belongs to, for limits that count neighbours together: an IPv4 address
/// by its /24, an IPv6 address by its /64 (as [`limit_key`]).
pub fn network_key(ip: IpAddr) -> IpAddr {
    match limit_key(ip) {
        IpAddr::V4(v4) => {
            let o = v4.octets();
            IpAddr::V4(Ipv4Addr::new(o[0], o[1], o[2], 0))
        }
        v6 => v6,
    }
}

/// Seconds for a `Retry-After` header, rounded up.
pub fn retry_after_secs(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_slides() {
        let limiter = RateLimiter::new(2, Duration::from_secs(60));
        let t0 = Instant::now();
        assert!(limiter.hit_at("a", t0).is_ok());
        assert!(limiter.hit_at("a", t0 + Duration::from_secs(10)).is_ok());
        let wait = limiter
            .hit_at("a", t0 + Duration::from_secs(20))
            .unwrap_err();
        assert_eq!(wait, Duration::from_secs(40));
        assert!(limiter.check_at("a", t0 + Duration::from_secs(20)).is_err());
        assert!(limiter.hit_at("b", t0).is_ok(), "keys are separate");
        assert!(limiter.hit_at("a", t0 + Duration::from_secs(61)).is_ok());
        limiter.reset("a");
        assert!(limiter.check_at("a", t0 + Duration::from_secs(62)).is_ok());
    }

    #[test]
    fn ipv6_clients_are_counted_per_64() {
        let key = |s: &str| limit_key(s.parse().unwrap()).to_string();
        assert_eq!(key("203.0.113.9"), "203.0.113.9");
        assert_eq!(key("::ffff:203.0.113.9"), "203.0.113.9", "IPv4-mapped");
        assert_eq!(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::");
        assert_eq!(key("2001:db8:1:2::1"), key("2001:db8:1:2:ffff::7"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::1"), "::");
        let net = |s: &str| network_key(s.parse().unwrap()).to_string();
        assert_eq!(net("203.0.113.9"), "203.0.113.0");
        assert_eq!(net("::ffff:203.0.113.9"), "203.0.113.0");
        assert_eq!(net("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::");
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let peer: SocketAddr = "10.0.0.5:4000".parse().unwrap();
        let proxy: IpAddr = "10.0.0.5".parse().unwrap();
        let xff = Some("1.2.3.4, 5.6.7.8");
        assert_eq!(
            client_ip(Some(peer), xff, &[]),
            proxy,
            "untrusted peer: header ignored"
        );
        assert_eq!(
            client_ip(Some(peer), xff, &[proxy]),
            "5.6.7.8".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_ip(Some(peer), Some("garbage"), &[proxy]), proxy);
        assert_eq!(retry_after_secs(Duration::from_millis(1500)), 2);
    }
}
