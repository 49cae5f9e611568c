//! How many anonymous requests one client address may have at the database at
//! once. Without a cap, one client sending slow reads in parallel holds every
//! pooled connection until its statements time out, and everybody else waits
//! or gets 503. A request over the cap is refused at once (429 with
//! `Retry-After`) rather than queued: a queue would still let that client
//! delay its own later requests and keep sockets open, while a refusal costs
//! nothing and supabase-js surfaces it as an error the caller can retry.
//! Signed-in requests (an owner, server code with the service key) are not
//! capped. The count is per process: it protects this process's pool.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

pub struct ClientLimit {
    max: usize,
    active: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One admitted request; dropping it frees its place.
pub struct Admitted {
    client: IpAddr,
    active: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl ClientLimit {
    /// At most `max` (at least 1) requests at once per address.
    pub fn new(max: usize) -> ClientLimit {
        ClientLimit {
            max: max.max(1),
            active: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// The default for a pool of `pool` connections: a quarter of it, at
    /// least 2, so four busy clients still leave nobody without a connection
    /// for long.
    pub fn default_for_pool(pool: usize) -> usize {
        (pool / 4).max(2)
    }

    pub fn max(&self) -> usize {
        self.max
    }

    /// A place for `client`, or `None` when it already has `max` requests in
    /// flight.
    pub fn admit(&self, client: IpAddr) -> Option<Admitted> {
        let mut active = self.active.lock().expect("client limit lock");
        let n = active.entry(client).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(Admitted {
            client,
            active: self.active.clone(),
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut active = self.active.lock().expect("client limit lock");
        if let Some(n) = active.get_mut(&self.client) {
            *n -= 1;
            // Forget idle addresses so the map only holds clients in flight.
            if *n == 0 {
                active.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_has_its_own_places() {
        let limit = ClientLimit::new(2);
        let a: IpAddr = "198.51.100.1".parse().unwrap();
        let b: IpAddr = "198.51.100.2".parse().unwrap();
        let first = limit.admit(a).unwrap();
        let _second = limit.admit(a).unwrap();
        assert!(limit.admit(a).is_none());
        assert!(limit.admit(b).is_some());
        drop(first);
        assert!(limit.admit(a).is_some());
    }

    #[test]
    fn idle_addresses_are_forgotten() {
        let limit = ClientLimit::new(1);
        let a: IpAddr = "2001:db8::1".parse().unwrap();
        drop(limit.admit(a).unwrap());
        assert!(limit.active.lock().unwrap().is_empty());
        assert_eq!(ClientLimit::default_for_pool(16), 4);
        assert_eq!(ClientLimit::default_for_pool(4), 2);
    }
}
