//! Where the caller calls from, for rate limits and `request.client_ip`: the
//! socket peer, unless the peer is a trusted proxy, in which case
//! `X-Forwarded-For` is read from the right
//! (nearest hop first) and the first address that is not a trusted proxy wins.
//! Entries a client could have forged lie to the left of that and are ignored.
//! A header sent on several lines is one list, the lines joined in order with
//! commas (RFC 9110, 5.3): reading only the first line would let a client put
//! any address there and the proxy's real entry on a line nobody reads.
//!
//! Every per-client limit (sign-in, mail, codes, `/rest/v1`'s anonymous
//! concurrency, and in SQL the app's own budgets through
//! `auth.client_limit_key(text)`) counts [`limit_key`] of that address, never
//! the address itself.

use std::net::IpAddr;

use actix_web::http::header::HeaderMap;
use actix_web::HttpRequest;
use ipnet::IpNet;

/// The client of `req`: [`resolve`] over the socket peer and every
/// `X-Forwarded-For` line; `None` when there is no peer.
pub fn of_request(req: &HttpRequest, trusted: &[IpNet]) -> Option<IpAddr> {
    let peer = req.peer_addr().map(|a| a.ip());
    let forwarded = forwarded_for(req.headers());
    resolve(peer, forwarded.as_deref(), trusted)
}

/// Whether the socket peer of `req` is one of the trusted proxies, whose
/// other headers (a request id) may be believed too.
pub fn from_trusted_proxy(req: &HttpRequest, trusted: &[IpNet]) -> bool {
    req.peer_addr()
        .is_some_and(|peer| is_trusted(&peer.ip().to_canonical(), trusted))
}

fn is_trusted(ip: &IpAddr, trusted: &[IpNet]) -> bool {
    trusted.iter().any(|net| net.contains(ip))
}

/// Every `X-Forwarded-For` line, in order, as one comma-separated list; `None`
/// when there is none. A line that is not text becomes an entry that does not
/// parse, so the walk stops there rather than skipping it.
fn forwarded_for(headers: &HeaderMap) -> Option<String> {
    let lines: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .map(|v| v.to_str().unwrap_or("unreadable"))
        .collect();
    (!lines.is_empty()).then(|| lines.join(", "))
}

/// The client as limits count it: an IPv4 address as it is, an IPv6 address
/// by its /64. One subscriber or host usually holds a whole /64 and can send
/// from any of its 2^64 addresses, so a limit per IPv6 address limits nothing.
/// IPv4-mapped IPv6 (`::ffff:a.b.c.d`, a dual-stack listener) is that IPv4
/// address. `auth.client_limit_key(text)` gives the same text in SQL.
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
    }
}

fn resolve(peer: Option<IpAddr>, forwarded_for: Option<&str>, trusted: &[IpNet]) -> Option<IpAddr> {
    // `::ffff:a.b.c.d` (a dual-stack listener) is the IPv4 client a.b.c.d.
    let peer = peer?.to_canonical();
    let is_trusted = |ip: &IpAddr| is_trusted(ip, trusted);
    if !is_trusted(&peer) {
        return Some(peer);
    }
    let mut client = peer;
    for hop in forwarded_for.unwrap_or("").rsplit(',') {
        match hop.trim().parse::<IpAddr>().map(|ip| ip.to_canonical()) {
            Ok(ip) => {
                client = ip;
                if !is_trusted(&ip) {
                    break;
                }
            }
            // A garbled entry: stop at the last address we could trust.
            Err(_) => break,
        }
    }
    Some(client)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|s| s.parse().unwrap()).collect()
    }

    #[test]
    fn ipv6_clients_share_a_key_per_64() {
        let a = limit_key(ip("2001:db8:1:2::1"));
        assert_eq!(a, ip("2001:db8:1:2::"));
        assert_eq!(a, limit_key(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(a, limit_key(ip("2001:db8:1:3::1")));
        assert_eq!(limit_key(ip("192.0.2.1")), ip("192.0.2.1"));
        assert_eq!(limit_key(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
    }

    #[test]
    fn untrusted_peers_are_taken_at_their_word_only() {
        let got = resolve(
            Some(ip("203.0.113.9")),
            Some("1.2.3.4"),
            &nets(&["10.0.0.0/8"]),
        );
        assert_eq!(got, Some(ip("203.0.113.9")));
    }

    #[test]
    fn trusted_peers_name_the_nearest_untrusted_hop() {
        let trusted = nets(&["10.0.0.0/8"]);
        let got = resolve(
            Some(ip("10.0.0.2")),
            Some("6.6.6.6, 198.51.100.7, 10.0.0.5"),
            &trusted,
        );
        assert_eq!(got, Some(ip("198.51.100.7")));
    }

    #[test]
    fn a_trusted_peer_without_the_header_is_the_client() {
        assert_eq!(
            resolve(Some(ip("10.0.0.2")), None, &nets(&["10.0.0.0/8"])),
            Some(ip("10.0.0.2"))
        );
    }

    #[test]
    fn mapped_ipv4_peers_match_ipv4_ranges() {
        let got = resolve(
            Some(ip("::ffff:10.0.0.2")),
            Some("198.51.100.7"),
            &nets(&["10.0.0.0/8"]),
        );
        assert_eq!(got, Some(ip("198.51.100.7")));
    }

    #[test]
    fn garbage_stops_the_walk() {
        let got = resolve(
            Some(ip("10.0.0.2")),
            Some("1.1.1.1, nonsense"),
            &nets(&["10.0.0.0/8"]),
        );
        assert_eq!(got, Some(ip("10.0.0.2")));
    }

    fn request(peer: &str, lines: &[&str]) -> HttpRequest {
        let mut req = actix_web::test::TestRequest::default().peer_addr(peer.parse().unwrap());
        for line in lines {
            req = req.append_header(("X-Forwarded-For", *line));
        }
        req.to_http_request()
    }

    #[test]
    fn several_header_lines_are_one_list_in_order() {
        let trusted = nets(&["10.0.0.0/8"]);
        // The client forged the first line; the proxy appended the real address
        // as a line of its own.
        let req = request("10.0.0.2:4000", &["6.6.6.6", "198.51.100.7"]);
        assert_eq!(
            forwarded_for(req.headers()).as_deref(),
            Some("6.6.6.6, 198.51.100.7")
        );
        assert_eq!(of_request(&req, &trusted), Some(ip("198.51.100.7")));
        let req = request("10.0.0.2:4000", &["6.6.6.6, 198.51.100.7", "10.0.0.5"]);
        assert_eq!(of_request(&req, &trusted), Some(ip("198.51.100.7")));
    }

    #[test]
    fn requests_without_the_header_or_from_untrusted_peers_are_the_peer() {
        let trusted = nets(&["10.0.0.0/8"]);
        let req = request("10.0.0.2:4000", &[]);
        assert_eq!(forwarded_for(req.headers()), None);
        assert_eq!(of_request(&req, &trusted), Some(ip("10.0.0.2")));
        let req = request("203.0.113.9:4000", &["1.1.1.1", "2.2.2.2"]);
        assert_eq!(of_request(&req, &trusted), Some(ip("203.0.113.9")));
    }

    #[test]
    fn an_unreadable_line_stops_the_walk_where_it_stands() {
        let trusted = nets(&["10.0.0.0/8"]);
        let bad = actix_web::http::header::HeaderValue::from_bytes(b"\xff\xfe").unwrap();
        let req = actix_web::test::TestRequest::default()
            .peer_addr("10.0.0.2:4000".parse().unwrap())
            .append_header(("X-Forwarded-For", "6.6.6.6"))
            .append_header((actix_web::http::header::X_FORWARDED_FOR, bad))
            .to_http_request();
        assert_eq!(of_request(&req, &trusted), Some(ip("10.0.0.2")));
    }

    #[test]
    fn only_a_trusted_peer_is_a_trusted_proxy() {
        let trusted = nets(&["10.0.0.0/8"]);
        assert!(from_trusted_proxy(&request("10.0.0.2:4000", &[]), &trusted));
        assert!(from_trusted_proxy(
            &request("[::ffff:10.0.0.2]:4000", &[]),
            &trusted
        ));
        // What the headers say never makes the peer trusted.
        assert!(!from_trusted_proxy(
            &request("203.0.113.9:4000", &["10.0.0.2"]),
            &trusted
        ));
        assert!(!from_trusted_proxy(&request("10.0.0.2:4000", &[]), &[]));
    }

    #[test]
    fn all_trusted_hops_give_the_leftmost() {
        let got = resolve(
            Some(ip("10.0.0.2")),
            Some("10.0.0.9, 10.0.0.3"),
            &nets(&["10.0.0.0/8"]),
        );
        assert_eq!(got, Some(ip("10.0.0.9")));
    }
}
