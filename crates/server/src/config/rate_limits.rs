//! The per-client limits of `/auth/v1`, named after GoTrue's
//! `GOTRUE_RATE_LIMIT_*` and counted in GoTrue's units: requests per 5
//! minutes per client after a burst of 30 (`TOKEN_REFRESH`, `VERIFY`, `OTP`,
//! `PASSKEY`), anonymous sign-ins per hour per client (`ANONYMOUS_USERS`),
//! mails per hour per client (`EMAIL_SENT`), and the least time between two
//! mails to one address (`SMTP_MAX_FREQUENCY`). The other limits (failed
//! passwords, wrong codes) have no GoTrue counterpart and keep their numbers.

use pleat_auth::rate_limit::RequestRate;
use pleat_auth::RateLimits;

use super::values::{duration, number};
use super::{invalid, ConfigError};

/// A whole number of at least 1 that fits a counter.
fn count<'a>(
    get: &impl Fn(&str) -> Option<&'a str>,
    name: &str,
    default: u32,
) -> Result<u32, ConfigError> {
    let n = number(get(name), name, u64::from(default), 1)?;
    u32::try_from(n).map_err(|_| invalid(name, format!("`{n}` is more than {}", u32::MAX)))
}

pub(super) fn parse<'a>(get: &impl Fn(&str) -> Option<&'a str>) -> Result<RateLimits, ConfigError> {
    let d = RateLimits::default();
    Ok(RateLimits {
        token: RequestRate {
            refill: count(get, "PLEAT_RATE_LIMIT_TOKEN_REFRESH", d.token.refill)?,
            ..d.token
        },
        verify: RequestRate {
            refill: count(get, "PLEAT_RATE_LIMIT_VERIFY", d.verify.refill)?,
            ..d.verify
        },
        otp: RequestRate {
            refill: count(get, "PLEAT_RATE_LIMIT_OTP", d.otp.refill)?,
            ..d.otp
        },
        passkey: RequestRate {
            refill: count(get, "PLEAT_RATE_LIMIT_PASSKEY", d.passkey.refill)?,
            ..d.passkey
        },
        anonymous: RequestRate {
            refill: count(get, "PLEAT_RATE_LIMIT_ANONYMOUS_USERS", d.anonymous.refill)?,
            burst: count(get, "PLEAT_RATE_LIMIT_ANONYMOUS_USERS", d.anonymous.burst)?,
            ..d.anonymous
        },
        emails_per_hour: count(get, "PLEAT_RATE_LIMIT_EMAIL_SENT", d.emails_per_hour)?,
        email_interval: duration(get, "PLEAT_SMTP_MAX_FREQUENCY", d.email_interval)?,
        ..d
    })
}

#[cfg(test)]
mod tests {
    use crate::config::tests::parse;
    use std::time::Duration;

    #[test]
    fn rate_limits_default_to_gotrues_and_are_read_in_its_units() {
        let d = parse(&[]).unwrap().rate_limits;
        assert_eq!(d, pleat_auth::RateLimits::default());
        let per_5_minutes = |n| pleat_auth::rate_limit::RequestRate {
            burst: 30,
            refill: n,
            period: Duration::from_secs(300),
        };
        assert_eq!(
            (d.token, d.verify, d.otp),
            (per_5_minutes(150), per_5_minutes(30), per_5_minutes(30))
        );
        assert_eq!(d.emails_per_hour, 30);
        assert_eq!(d.email_interval, Duration::from_secs(60));

        let c = parse(&[
            ("PLEAT_RATE_LIMIT_TOKEN_REFRESH", "300"),
            ("PLEAT_RATE_LIMIT_VERIFY", "10"),
            ("PLEAT_RATE_LIMIT_OTP", "5"),
            ("PLEAT_RATE_LIMIT_PASSKEY", "7"),
            ("PLEAT_RATE_LIMIT_EMAIL_SENT", "100"),
            ("PLEAT_SMTP_MAX_FREQUENCY", "2m"),
        ])
        .unwrap()
        .rate_limits;
        assert_eq!(
            (c.token, c.verify, c.otp),
            (per_5_minutes(300), per_5_minutes(10), per_5_minutes(5))
        );
        assert_eq!(c.passkey, per_5_minutes(7));
        assert_eq!(
            d.anonymous,
            pleat_auth::rate_limit::RequestRate {
                burst: 30,
                refill: 30,
                period: Duration::from_secs(3600),
            },
            "GoTrue's 30 anonymous sign-ins per hour"
        );
        let a = parse(&[("PLEAT_RATE_LIMIT_ANONYMOUS_USERS", "5")])
            .unwrap()
            .rate_limits
            .anonymous;
        assert_eq!((a.burst, a.refill), (5, 5));
        assert_eq!(d.passkey, per_5_minutes(30));
        assert_eq!(c.emails_per_hour, 100);
        assert_eq!(c.email_interval, Duration::from_secs(120));
        assert_eq!(
            (c.code_attempts, c.account_code_failures, c.pair),
            (d.code_attempts, d.account_code_failures, d.pair),
            "the limits GoTrue has no name for keep their numbers"
        );

        let cases = [
            (
                ("PLEAT_RATE_LIMIT_TOKEN_REFRESH", "0"),
                "PLEAT_RATE_LIMIT_TOKEN_REFRESH: `0` is not a whole number of at least 1",
            ),
            (
                ("PLEAT_RATE_LIMIT_VERIFY", "30.5"),
                "PLEAT_RATE_LIMIT_VERIFY: `30.5` is not a whole number of at least 1",
            ),
            (
                ("PLEAT_RATE_LIMIT_OTP", "lots"),
                "PLEAT_RATE_LIMIT_OTP: `lots` is not a whole number of at least 1",
            ),
            (
                ("PLEAT_RATE_LIMIT_EMAIL_SENT", "4294967296"),
                "PLEAT_RATE_LIMIT_EMAIL_SENT: `4294967296` is more than 4294967295",
            ),
            (
                ("PLEAT_SMTP_MAX_FREQUENCY", "1h"),
                "PLEAT_SMTP_MAX_FREQUENCY: `1h` is not a duration like 3000, 500ms or 3s",
            ),
            (
                ("PLEAT_RATE_LIMIT_SIGNUPS", "5"),
                "PLEAT_RATE_LIMIT_SIGNUPS: unknown variable (see the configuration table in README.md)",
            ),
        ];
        for ((name, value), expected) in cases {
            assert_eq!(parse(&[(name, value)]).unwrap_err().to_string(), expected);
        }
    }
}
