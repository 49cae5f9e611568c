//! `pleat_auth::Error` is the one error type of this crate: every handler, the
//! stores and the owner-account functions return it. A handler's `Err` becomes
//! GoTrue's legacy body `{code: <status>, error_code, msg}` through actix's
//! `ResponseError`; [`crate::api_version`] re-renders it as `{code, message}`
//! (echoing `X-Supabase-Api-Version`) when the client asked for 2024-01-01.
//! JWT checks have their own [`crate::jwt::JwtError`], which the REST crate
//! matches on; here it only ever surfaces as `BadJwt`.
//! The OAuth server's token endpoint answers OAuth's own body instead
//! (`{error, error_description}`, RFC 6749 section 5.2), as GoTrue does there:
//! [`Error::OAuth`].
//! No client mistake is a 5xx: supabase-js retries those.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde_json::{json, Value};

use crate::api_version::ApiVersion;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// 400 `validation_failed`: a parameter is missing or malformed.
    #[error("{0}")]
    Validation(String),
    /// 400 `bad_json`: the body is not the JSON object the endpoint takes.
    #[error("Could not parse request body as JSON: {0}")]
    BadJson(String),
    /// 400: unknown email, no password or a wrong one; deliberately one answer.
    #[error("Invalid login credentials")]
    InvalidCredentials,
    /// 400 `invalid_credentials`, as GoTrue answers an unknown `grant_type`.
    #[error("unsupported_grant_type")]
    UnsupportedGrantType,
    #[error("Email not confirmed")]
    EmailNotConfirmed,
    #[error("Invalid Refresh Token: Refresh Token Not Found")]
    RefreshTokenNotFound,
    /// Reuse outside the interval; the session has been revoked by then.
    #[error("Invalid Refresh Token: Already Used")]
    RefreshTokenAlreadyUsed,
    /// 401: no `Authorization: Bearer …` header.
    #[error("This endpoint requires a valid Bearer token")]
    NoAuthorization,
    /// 403: the token does not verify, has expired or lacks a usable claim.
    #[error("{0}")]
    BadJwt(String),
    /// 400 `bad_jwt`: GoTrue's one non-403 JWT complaint.
    #[error("invalid claim: sub claim must be a UUID")]
    BadJwtSubject,
    /// 403: the token's user was deleted.
    #[error("User from sub claim in JWT does not exist")]
    TokenUserNotFound,
    /// 403: the token's session ended (signed out elsewhere); supabase-js turns
    /// this code into `AuthSessionMissingError`.
    #[error("Session from session_id claim in JWT does not exist")]
    SessionNotFound,
    /// 403: admin API without a `service_role` token, or user-side `app_metadata`.
    #[error("{0}")]
    NotAdmin(&'static str),
    /// 404 `user_not_found` from the admin API.
    #[error("User not found")]
    UserNotFound,
    /// 404 `validation_failed`, as GoTrue answers a malformed `{user_id}`.
    #[error("user_id must be an UUID")]
    InvalidUserId,
    /// 404 for a path under /auth/v1 that is no endpoint.
    #[error("Not found: {0} is not an endpoint of this auth API")]
    NotFound(String),
    /// 405 for a known path with another method (GoTrue answers 405 too).
    #[error("Method not allowed")]
    MethodNotAllowed,
    /// 422 with the reasons (`length`) supabase-js shows as `AuthWeakPasswordError`.
    #[error("{message}")]
    WeakPassword {
        message: String,
        reasons: Vec<&'static str>,
    },
    #[error("New password should be different from the old password.")]
    SamePassword,
    #[error("Signups not allowed for this instance")]
    SignupDisabled,
    #[error("User already registered")]
    UserAlreadyExists,
    /// 422 from the admin API (GoTrue's wording differs from signup's).
    #[error("A user with this email address has already been registered")]
    EmailExists,
    /// A GoTrue feature this server does not have (mail, SMS, MFA, OAuth, SSO),
    /// with the status and code GoTrue uses when that feature is switched off;
    /// also GoTrue's few one-off refusals that carry their own status and code.
    #[error("{message}")]
    NotSupported {
        status: u16,
        code: &'static str,
        message: String,
    },
    /// An OAuth error (`invalid_grant`, `invalid_client`, …) in OAuth's body,
    /// from the OAuth server's token endpoint and from a refresh that names
    /// the wrong client.
    #[error("{description}")]
    OAuth {
        status: u16,
        error: &'static str,
        description: String,
    },
    /// 429 with `Retry-After`.
    #[error("{message}")]
    RateLimited {
        message: &'static str,
        retry_after_secs: u64,
    },
    /// 503 from `/health` only: the database does not answer.
    #[error("Database unavailable")]
    DatabaseUnavailable(#[source] sqlx::Error),
    /// A bug or an infrastructure failure: opaque body, cause chain logged.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        Error::Unexpected(anyhow::Error::new(e).context("database"))
    }
}

impl Error {
    pub fn status(&self) -> StatusCode {
        let code = match self {
            Self::Validation(_)
            | Self::BadJson(_)
            | Self::InvalidCredentials
            | Self::UnsupportedGrantType
            | Self::EmailNotConfirmed
            | Self::RefreshTokenNotFound
            | Self::RefreshTokenAlreadyUsed
            | Self::BadJwtSubject => 400,
            Self::NoAuthorization => 401,
            Self::BadJwt(_)
            | Self::TokenUserNotFound
            | Self::SessionNotFound
            | Self::NotAdmin(_) => 403,
            Self::UserNotFound | Self::InvalidUserId | Self::NotFound(_) => 404,
            Self::MethodNotAllowed => 405,
            Self::WeakPassword { .. }
            | Self::SamePassword
            | Self::SignupDisabled
            | Self::UserAlreadyExists
            | Self::EmailExists => 422,
            Self::NotSupported { status, .. } | Self::OAuth { status, .. } => *status,
            Self::RateLimited { .. } => 429,
            Self::DatabaseUnavailable(_) => 503,
            Self::Unexpected(_) => 500,
        };
        StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    /// GoTrue's `error_code` (in the 2024-01-01 format, `code`).
    pub fn code(&self) -> &'static str {
        match self {
            Self::Validation(_) | Self::InvalidUserId => "validation_failed",
            Self::BadJson(_) => "bad_json",
            Self::InvalidCredentials | Self::UnsupportedGrantType => "invalid_credentials",
            Self::EmailNotConfirmed => "email_not_confirmed",
            Self::RefreshTokenNotFound => "refresh_token_not_found",
            Self::RefreshTokenAlreadyUsed => "refresh_token_already_used",
            Self::NoAuthorization => "no_authorization",
            Self::BadJwt(_) | Self::BadJwtSubject => "bad_jwt",
            Self::TokenUserNotFound | Self::UserNotFound => "user_not_found",
            Self::SessionNotFound => "session_not_found",
            Self::NotAdmin(_) => "not_admin",
            Self::NotFound(_) => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::WeakPassword { .. } => "weak_password",
            Self::SamePassword => "same_password",
            Self::SignupDisabled => "signup_disabled",
            Self::UserAlreadyExists => "user_already_exists",
            Self::EmailExists => "email_exists",
            Self::NotSupported { code, .. } => code,
            Self::OAuth { error, .. } => error,
            Self::RateLimited { .. } => "over_request_rate_limit",
            Self::DatabaseUnavailable(_) | Self::Unexpected(_) => "unexpected_failure",
        }
    }

    fn public_message(&self) -> String {
        match self {
            Self::Unexpected(_) => {
                "Unexpected failure, please check server logs for more information".to_string()
            }
            other => other.to_string(),
        }
    }

    /// The body in the format the client asked for.
    pub fn to_json(&self, version: ApiVersion) -> Value {
        if let Self::OAuth {
            error, description, ..
        } = self
        {
            return json!({ "error": error, "error_description": description });
        }
        let message = self.public_message();
        let mut body = match version {
            ApiVersion::V20240101 => json!({ "code": self.code(), "message": message }),
            ApiVersion::Initial => json!({
                "code": self.status().as_u16(),
                "error_code": self.code(),
                "msg": message,
            }),
        };
        if let Self::WeakPassword { reasons, .. } = self {
            body["weak_password"] = json!({ "reasons": reasons });
        }
        body
    }

    pub fn response(&self, version: ApiVersion) -> HttpResponse {
        let mut res = HttpResponse::build(self.status());
        if let Self::RateLimited {
            retry_after_secs, ..
        } = self
        {
            res.insert_header(("Retry-After", retry_after_secs.to_string()));
        }
        if let Some(echo) = version.echo() {
            res.insert_header((crate::api_version::HEADER, echo));
        }
        res.json(self.to_json(version))
    }
}

impl ResponseError for Error {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            Self::Unexpected(e) => tracing::error!(error = format!("{e:#}"), "auth request failed"),
            Self::DatabaseUnavailable(e) => {
                tracing::error!(error = %e, "auth: database unavailable")
            }
            other => tracing::debug!(code = other.code(), "auth request refused"),
        }
        self.response(ApiVersion::Initial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_and_2024_bodies() {
        let e = Error::InvalidCredentials;
        assert_eq!(
            e.to_json(ApiVersion::Initial),
            json!({"code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"})
        );
        assert_eq!(
            e.to_json(ApiVersion::V20240101),
            json!({"code": "invalid_credentials", "message": "Invalid login credentials"})
        );
    }

    #[test]
    fn weak_password_carries_reasons() {
        let e = Error::WeakPassword {
            message: "Password should be at least 8 characters.".into(),
            reasons: vec!["length"],
        };
        let body = e.to_json(ApiVersion::V20240101);
        assert_eq!(body["weak_password"]["reasons"], json!(["length"]));
        assert_eq!(e.status(), 422);
    }

    #[test]
    fn unexpected_is_opaque() {
        let e = Error::Unexpected(anyhow::anyhow!("pool on fire"));
        let body = e.to_json(ApiVersion::Initial);
        assert_eq!(body["code"], 500);
        assert!(!body.to_string().contains("fire"));
    }

    #[test]
    fn client_mistakes_are_never_5xx() {
        let cases = [
            Error::Validation("x".into()),
            Error::BadJson("x".into()),
            Error::RefreshTokenAlreadyUsed,
            Error::NoAuthorization,
            Error::SessionNotFound,
            Error::NotFound("/x".into()),
            Error::SignupDisabled,
            Error::RateLimited {
                message: "x",
                retry_after_secs: 1,
            },
            Error::NotSupported {
                status: 422,
                code: "email_provider_disabled",
                message: "x".into(),
            },
        ];
        for e in cases {
            assert!(e.status().is_client_error(), "{e:?}");
        }
    }
}
