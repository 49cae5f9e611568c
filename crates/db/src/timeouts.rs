//! How long one statement of an API request may run, per role. A role's own
//! `statement_timeout` setting does not apply after `SET ROLE` (PostgreSQL
//! reads role settings only at login, and requests log in as
//! `authenticator`), so every request transaction sets it itself with
//! `set_config('statement_timeout', …, true)`; [`StatementTimeouts::setting`]
//! gives that value. Used by `/rest/v1` and meant for every crate that runs
//! requests as an API role the same way.

use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatementTimeouts {
    pub anon: Duration,
    pub authenticated: Duration,
    pub service_role: Duration,
}

impl Default for StatementTimeouts {
    /// Supabase's defaults for anon and authenticated; service_role is trusted
    /// server code, which gets a minute.
    fn default() -> Self {
        StatementTimeouts {
            anon: Duration::from_secs(3),
            authenticated: Duration::from_secs(8),
            service_role: Duration::from_secs(60),
        }
    }
}

impl StatementTimeouts {
    /// The timeout of `role`; a role other than the three API roles (which
    /// requests never assume) gets the strictest.
    pub fn for_role(&self, role: &str) -> Duration {
        match role {
            "service_role" => self.service_role,
            "authenticated" => self.authenticated,
            _ => self.anon,
        }
    }

    /// The value for `set_config('statement_timeout', …)`: whole
    /// milliseconds, at least 1 (0 would mean no limit at all).
    pub fn setting(&self, role: &str) -> String {
        self.for_role(role)
            .as_millis()
            .clamp(1, i32::MAX as u128)
            .to_string()
    }
}

/// A duration as configured: whole milliseconds (`3000`) or a number with a
/// unit (`500ms`, `3s`, `2m`). `None` when it is neither or it is zero.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let n: u64 = number.parse().ok()?;
    let ms = match unit.trim() {
        "" | "ms" => n,
        "s" => n.checked_mul(1000)?,
        "m" | "min" => n.checked_mul(60_000)?,
        _ => return None,
    };
    (ms > 0).then(|| Duration::from_millis(ms))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_milliseconds_or_with_a_unit() {
        assert_eq!(parse_duration("3000"), Some(Duration::from_secs(3)));
        assert_eq!(parse_duration("500ms"), Some(Duration::from_millis(500)));
        assert_eq!(parse_duration("3s"), Some(Duration::from_secs(3)));
        assert_eq!(parse_duration(" 2m "), Some(Duration::from_secs(120)));
        for bad in [
            "",
            "0",
            "0s",
            "3 hours",
            "-1",
            "1.5s",
            "s",
            "99999999999999999999",
        ] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
    }

    #[test]
    fn each_role_gets_its_own_setting() {
        let t = StatementTimeouts::default();
        assert_eq!(t.setting("anon"), "3000");
        assert_eq!(t.setting("authenticated"), "8000");
        assert_eq!(t.setting("service_role"), "60000");
        assert_eq!(t.setting("postgres"), "3000");
        let tiny = StatementTimeouts {
            anon: Duration::from_micros(10),
            ..t
        };
        assert_eq!(tiny.setting("anon"), "1");
    }
}
