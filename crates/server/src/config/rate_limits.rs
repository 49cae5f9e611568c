//! The per-client limits of `/auth/v1`, named after GoTrue's
//! `GOTRUE_RATE_LIMIT_*` and counted in GoTrue's units: requests per 5
//! minutes per client after a burst of 30 (`TOKEN_REFRESH`, `VERIFY`, `OTP`),
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
        emails_per_hour: count(get, "PLEAT_RATE_LIMIT_EMAIL_SENT", d.emails_per_hour)?,
        email_interval: duration(get, "PLEAT_SMTP_MAX_FREQUENCY", d.email_interval)?,
        ..d
    })
}
