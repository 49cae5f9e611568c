//! Answers that must not tell whether an address has an account (`/recover`,
//! `/resend`: `{}` either way) must not tell it by their time either. With an
//! account the request writes a token, a mail and the user and waits for its
//! commit to reach the disk; without one it reads a row and commits nothing,
//! in about half the time. Both are answered no sooner than [`FLOOR`] after
//! the work began, far above what the work takes on a healthy server, so the
//! two times are the same: the floor and the timer's jitter.

use std::future::Future;
use std::time::Duration;

use tokio::time::{sleep_until, Instant};

/// Well above the account path's time (about 1 ms in a release build, 10 ms
/// in a debug build on a loaded machine) and short for a person waiting for
/// "check your mail".
pub const FLOOR: Duration = Duration::from_millis(100);

/// `work`'s output, no sooner than `floor` after it started.
pub async fn no_sooner_than<T>(floor: Duration, work: impl Future<Output = T>) -> T {
    let until = Instant::now() + floor;
    let out = work.await;
    sleep_until(until).await;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn quick_work_is_answered_at_the_floor() {
        let floor = Duration::from_millis(20);
        let start = Instant::now();
        assert_eq!(no_sooner_than(floor, async { 7 }).await, 7);
        assert!(start.elapsed() >= floor);
    }
}
