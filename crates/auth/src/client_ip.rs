//! Who the client is, for rate limits: the socket peer, unless the peer is a
//! trusted proxy, in which case `X-Forwarded-For` is read from the right
//! (nearest hop first) and the first address that is not a trusted proxy wins.
//! Entries a client could have forged lie to the left of that and are ignored.

use std::net::IpAddr;

use ipnet::IpNet;

pub fn resolve(
    peer: Option<IpAddr>,
    forwarded_for: Option<&str>,
    trusted: &[IpNet],
) -> Option<IpAddr> {
    // `::ffff:a.b.c.d` (a dual-stack listener) is the IPv4 client a.b.c.d.
    let peer = peer?.to_canonical();
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
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
