//! How many anonymous requests one client address may have at the database at
//! once. Without a cap, one client sending slow reads in parallel holds every
//! pooled connection until its statements time out, and everybody else waits
//! or gets 503. Over the cap a request waits in a short queue of its own
//! address: a browser loading a page fires several quick reads at once and
//! they all pass after a few milliseconds, while requests queued behind slow
//! ones are refused (429 with `Retry-After`) after [`QUEUE_WAIT`], or at once
//! when the address already has [`QUEUE_PER_PLACE`] times its places waiting.
//! Signed-in requests (an owner, server code with the service key) are not
//! capped. The count is per process: it protects this process's pool. A
//! client is counted as every limit counts it
//! ([`super::address::limit_key`]: an IPv6 client by its /64).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::address::limit_key;
use super::role::Caller;

/// Longest a request waits for a place of its address.
const QUEUE_WAIT: Duration = Duration::from_secs(2);
/// Requests allowed to wait per place.
const QUEUE_PER_PLACE: usize = 4;

type Clients = Arc<Mutex<HashMap<IpAddr, Client>>>;

pub struct ClientLimit {
    max: usize,
    wait: Duration,
    clients: Clients,
}

/// One address's places and how many requests hold or wait for one.
struct Client {
    places: Arc<Semaphore>,
    users: usize,
}

/// Why no place was given.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The queue of this address is full.
    QueueFull,
    /// No place freed up within the wait.
    Waited,
}

/// One admitted request; dropping it frees its place.
pub struct Admitted {
    _place: OwnedSemaphorePermit,
    _user: User,
}

/// Counts a request as a user of its address's entry until dropped, so that
/// the entry is removed once nobody holds or waits for a place.
struct User {
    client: IpAddr,
    clients: Clients,
}

impl Drop for User {
    fn drop(&mut self) {
        let mut clients = self.clients.lock().expect("client limit lock");
        if let Some(c) = clients.get_mut(&self.client) {
            c.users -= 1;
            if c.users == 0 {
                clients.remove(&self.client);
            }
        }
    }
}

impl ClientLimit {
    /// At most `max` (at least 1) requests at once per address.
    pub fn new(max: usize) -> ClientLimit {
        ClientLimit::with_wait(max, QUEUE_WAIT)
    }

    fn with_wait(max: usize, wait: Duration) -> ClientLimit {
        ClientLimit {
            max: max.max(1),
            wait,
            clients: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// The default for a pool of `pool` connections: a quarter of it, at
    /// least 2, so four busy clients still leave others a connection.
    pub fn default_for_pool(pool: usize) -> usize {
        (pool / 4).max(2)
    }

    pub fn max(&self) -> usize {
        self.max
    }

    /// A place for `caller` calling from `client` when it is anonymous;
    /// `None` when it needs none (signed in, or no address to count it by).
    pub async fn admit_caller(
        &self,
        client: Option<IpAddr>,
        caller: &Caller,
    ) -> Result<Option<Admitted>, Refused> {
        match client.filter(|_| caller.role == "anon") {
            Some(client) => self.admit(client).await.map(Some),
            None => Ok(None),
        }
    }

    /// A place for `client`, waiting for one in its queue if need be.
    async fn admit(&self, client: IpAddr) -> Result<Admitted, Refused> {
        let client = limit_key(client);
        let places = {
            let mut clients = self.clients.lock().expect("client limit lock");
            let entry = clients.entry(client).or_insert_with(|| Client {
                places: Arc::new(Semaphore::new(self.max)),
                users: 0,
            });
            if entry.users >= self.max * (1 + QUEUE_PER_PLACE) {
                return Err(Refused::QueueFull);
            }
            entry.users += 1;
            entry.places.clone()
        };
        let user = User {
            client,
            clients: self.clients.clone(),
        };
        match tokio::time::timeout(self.wait, places.acquire_owned()).await {
            Ok(Ok(place)) => Ok(Admitted {
                _place: place,
                _user: user,
            }),
            // The semaphore is never closed; a timeout is the only refusal.
            _ => Err(Refused::Waited),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn each_address_has_its_own_places_and_a_short_queue() {
        let limit = ClientLimit::with_wait(2, Duration::from_millis(50));
        let a: IpAddr = "198.51.100.1".parse().unwrap();
        let b: IpAddr = "198.51.100.2".parse().unwrap();
        let first = limit.admit(a).await.unwrap();
        let _second = limit.admit(a).await.unwrap();
        assert_eq!(limit.admit(a).await.err(), Some(Refused::Waited));
        assert!(limit.admit(b).await.is_ok());
        // A waiting request gets the place freed meanwhile.
        let (third, ()) = tokio::join!(limit.admit(a), async {
            tokio::time::sleep(Duration::from_millis(10)).await;
            drop(first);
        });
        assert!(third.is_ok());
    }

    #[tokio::test]
    async fn only_anonymous_callers_with_an_address_take_a_place() {
        let limit = ClientLimit::with_wait(1, Duration::from_millis(20));
        let a: IpAddr = "198.51.100.1".parse().unwrap();
        let held = limit.admit_caller(Some(a), &Caller::anon()).await.unwrap();
        assert!(held.is_some());
        assert_eq!(
            limit.admit_caller(Some(a), &Caller::anon()).await.err(),
            Some(Refused::Waited)
        );
        let signed_in = Caller {
            role: "authenticated".into(),
            claims: serde_json::json!({"role": "authenticated"}),
        };
        assert!(limit
            .admit_caller(Some(a), &signed_in)
            .await
            .unwrap()
            .is_none());
        assert!(limit
            .admit_caller(None, &Caller::anon())
            .await
            .unwrap()
            .is_none());
    }

    #[tokio::test]
    async fn addresses_of_one_ipv6_64_share_their_places() {
        let limit = ClientLimit::with_wait(1, Duration::from_millis(20));
        let held = limit
            .admit("2001:db8:1:2::1".parse().unwrap())
            .await
            .unwrap();
        let sibling = limit.admit("2001:db8:1:2:ffff::7".parse().unwrap()).await;
        assert_eq!(sibling.err(), Some(Refused::Waited));
        assert!(limit
            .admit("2001:db8:1:3::1".parse().unwrap())
            .await
            .is_ok());
        drop(held);
    }

    #[tokio::test]
    async fn a_full_queue_refuses_at_once_and_idle_addresses_are_forgotten() {
        let limit = ClientLimit::with_wait(1, Duration::from_secs(60));
        let a: IpAddr = "2001:db8::1".parse().unwrap();
        let held = limit.admit(a).await.unwrap();
        let mut waiting: Vec<_> = (0..QUEUE_PER_PLACE)
            .map(|_| Box::pin(limit.admit(a)))
            .collect();
        for w in &mut waiting {
            // Polled until it waits in the queue, and left there.
            let polled = tokio::time::timeout(Duration::from_millis(1), w.as_mut()).await;
            assert!(polled.is_err());
        }
        assert_eq!(limit.admit(a).await.err(), Some(Refused::QueueFull));
        drop(waiting);
        drop(held);
        assert!(limit.clients.lock().unwrap().is_empty());
        assert_eq!(ClientLimit::default_for_pool(16), 4);
        assert_eq!(ClientLimit::default_for_pool(4), 2);
    }
}
