//! `X-Supabase-Api-Version`: supabase-js sends `2024-01-01` and then reads the
//! error code from `code` only if the response echoes a version at least that
//! new. GoTrue rounds any date down to the versions it knows and echoes that;
//! so do we, on error responses, through the middleware wrapped around every
//! route in [`crate::configure`].

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::HeaderMap;
use actix_web::middleware::Next;
use chrono::NaiveDate;

use crate::Error;

pub const HEADER: &str = "X-Supabase-Api-Version";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiVersion {
    /// No header, or one that is not a date: `{code: <status>, error_code, msg}`.
    Initial,
    /// 2024-01-01 or later: `{code, message}`.
    V20240101,
}

impl ApiVersion {
    pub fn from_headers(headers: &HeaderMap) -> ApiVersion {
        headers
            .get(HEADER)
            .and_then(|v| v.to_str().ok())
            .map(ApiVersion::parse)
            .unwrap_or(ApiVersion::Initial)
    }

    pub fn parse(value: &str) -> ApiVersion {
        match NaiveDate::parse_from_str(value.trim(), "%Y-%m-%d") {
            Ok(date) if date >= NaiveDate::from_ymd_opt(2024, 1, 1).expect("valid date") => {
                ApiVersion::V20240101
            }
            _ => ApiVersion::Initial,
        }
    }

    /// What to echo back; GoTrue echoes nothing for the initial version.
    pub fn echo(self) -> Option<&'static str> {
        match self {
            ApiVersion::Initial => None,
            ApiVersion::V20240101 => Some("2024-01-01"),
        }
    }
}

/// Re-render this crate's errors in the format the request asked for.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let version = ApiVersion::from_headers(req.headers());
    let res = next.call(req).await?.map_into_boxed_body();
    if version == ApiVersion::Initial {
        return Ok(res);
    }
    let rendered = res
        .response()
        .error()
        .and_then(|e| e.as_error::<Error>())
        .map(|e| e.response(version));
    Ok(match rendered {
        Some(new) => res.into_response(new),
        None => res,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_down_to_known_versions() {
        assert_eq!(ApiVersion::parse("2024-01-01"), ApiVersion::V20240101);
        assert_eq!(ApiVersion::parse("2025-06-30"), ApiVersion::V20240101);
        assert_eq!(ApiVersion::parse("2023-12-31"), ApiVersion::Initial);
        assert_eq!(ApiVersion::parse("yesterday"), ApiVersion::Initial);
        assert_eq!(ApiVersion::parse(""), ApiVersion::Initial);
    }
}
