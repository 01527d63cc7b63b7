//! The client's address on each request: `service` puts the connection's peer on the request, and
//! the handlers that limit by address (`api`, the no-JavaScript contact form) read it back. Here,
//! beside neither, so that handlers never import the service that calls them.

use std::net::SocketAddr;
use warp::Filter;

/// The connection's peer, put on every request by `service::Studio` (warp's own is not public).
#[derive(Clone, Copy, Debug)]
pub struct PeerAddr(pub SocketAddr);

/// The peer address of the request, when the server knows it (always, over TCP).
pub fn peer_addr()
-> impl Filter<Extract = (Option<SocketAddr>,), Error = std::convert::Infallible> + Clone {
    warp::ext::optional::<PeerAddr>().map(|peer: Option<PeerAddr>| peer.map(|PeerAddr(addr)| addr))
}
