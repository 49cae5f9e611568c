//! PKCE for mailed links (supabase-js `flowType: 'pkce'`), as GoTrue does it:
//! a request that mails a link carries `code_challenge` and
//! `code_challenge_method`; the challenge is kept in `auth.flow_state` for the
//! account and the link's token gets GoTrue's `pkce_` prefix. Following the
//! link then redirects with `?code=` (a one-time auth code) instead of a
//! session in the fragment, and only the browser that holds the verifier can
//! exchange it (`POST /token?grant_type=pkce`), so a link read by someone
//! else (a mail scanner, a shared inbox) signs nobody in.
//!
//! Lifetimes: a flow waits for its link as long as the mailed token lives
//! (`PLEAT_MAILER_OTP_EXP`); an issued auth code is exchanged within
//! [`CODE_EXP_SECS`] (GoTrue's flow-state expiry) and only once. A wrong
//! verifier is refused without using the code up, as GoTrue does: the code
//! is 122 random bits and the verifier at least 43 characters, so neither is
//! guessed, and the exchange takes from the client's `/token` rate.

use base64::Engine;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::body::present;
use crate::mail_tokens::Kind;
use crate::Error;

/// The prefix GoTrue gives a PKCE link's token.
pub const PREFIX: &str = "pkce_";

/// Seconds an issued auth code may wait for its exchange.
pub const CODE_EXP_SECS: f64 = 300.0;

/// A checked `code_challenge` with its method (`s256` or `plain`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    challenge: String,
    method: &'static str,
}

/// The two body fields every mail-asking endpoint takes.
#[derive(Deserialize, Default)]
pub struct Params {
    pub code_challenge: Option<String>,
    pub code_challenge_method: Option<String>,
}

impl Params {
    /// `None` for the implicit flow; see [`check`].
    pub fn challenge(self) -> Result<Option<Challenge>, Error> {
        check(
            present(self.code_challenge).as_deref(),
            present(self.code_challenge_method).as_deref(),
        )
    }
}

impl Challenge {
    pub fn as_str(&self) -> &str {
        &self.challenge
    }

    /// `s256` or `plain`, lower case as stored.
    pub fn method(&self) -> &'static str {
        self.method
    }
}

/// GoTrue's `validatePKCEParams` and its method parsing, for every endpoint
/// that takes an app's challenge (mail links, `/authorize` of a provider
/// sign-in, and the OAuth server's `/oauth/authorize`): both or neither, a
/// challenge of 43-128 unreserved characters (RFC 7636 section 4.2), method
/// `S256` or `plain` in any case. `None` when neither is given.
pub fn check(challenge: Option<&str>, method: Option<&str>) -> Result<Option<Challenge>, Error> {
    let (challenge, method) = match (challenge, method) {
        (None, None) => return Ok(None),
        (Some(c), Some(m)) => (c, m),
        _ => {
            return Err(Error::Validation(
                "PKCE flow requires code_challenge_method and code_challenge".into(),
            ))
        }
    };
    if !(43..=128).contains(&challenge.len()) {
        return Err(Error::Validation(
            "code challenge has to be between 43 and 128 characters".into(),
        ));
    }
    if !challenge
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
    {
        return Err(Error::Validation(
            "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes"
                .into(),
        ));
    }
    let method = match method.to_ascii_lowercase().as_str() {
        "s256" => "s256",
        "plain" => "plain",
        _ => {
            return Err(Error::Validation(format!(
                "unsupported code_challenge method \"{method}\""
            )))
        }
    };
    Ok(Some(Challenge {
        challenge: challenge.to_string(),
        method,
    }))
}

/// GoTrue's `authentication_method` of a flow for links of this kind.
fn method_of(kind: Kind) -> &'static str {
    match kind {
        Kind::Confirmation => "email/signup",
        Kind::Recovery => "recovery",
        Kind::Invite => "invite",
        Kind::MagicLink => "magiclink",
        Kind::EmailChangeCurrent | Kind::EmailChangeNew => "email_change",
        Kind::Reauthentication => "reauthentication",
    }
}

/// Keep the challenge for the link about to be mailed to `user_id`; flows
/// that nobody finished in time (links live `exp_secs`) go at the same time.
pub async fn start(
    conn: &mut PgConnection,
    user_id: Uuid,
    kind: Kind,
    challenge: &Challenge,
    exp_secs: u64,
) -> Result<(), Error> {
    delete_expired(&mut *conn, exp_secs).await?;
    sqlx::query(
        "INSERT INTO auth.flow_state (user_id, authentication_method, provider_type, code_challenge, code_challenge_method) \
         VALUES ($1, $2, $2, $3, $4)",
    )
    .bind(user_id)
    .bind(method_of(kind))
    .bind(&challenge.challenge)
    .bind(challenge.method)
    .execute(conn)
    .await?;
    Ok(())
}

fn hash(code: &str) -> Vec<u8> {
    Sha256::digest(code.as_bytes()).to_vec()
}

pub fn not_found() -> Error {
    Error::NotSupported {
        status: 404,
        code: "flow_state_not_found",
        message: "invalid flow state, no valid flow state found".into(),
    }
}

/// The link of a PKCE mail was followed: a new auth code for the newest
/// waiting flow of the account and kind (within `exp_secs` of its start).
pub async fn issue_code(
    conn: &mut PgConnection,
    user_id: Uuid,
    kind: Kind,
    exp_secs: u64,
) -> Result<String, Error> {
    let code = Uuid::new_v4().to_string();
    let issued = sqlx::query(
        "UPDATE auth.flow_state SET auth_code_hash = $3, auth_code_issued_at = now(), updated_at = now() \
         WHERE id = (SELECT id FROM auth.flow_state WHERE user_id = $1 AND authentication_method = $2 \
                       AND auth_code_hash IS NULL AND created_at > now() - make_interval(secs => $4) \
                     ORDER BY created_at DESC LIMIT 1 FOR UPDATE)",
    )
    .bind(user_id)
    .bind(method_of(kind))
    .bind(hash(&code))
    .bind(exp_secs as f64)
    .execute(conn)
    .await?;
    if issued.rows_affected() == 0 {
        return Err(Error::NotSupported {
            status: 400,
            code: "flow_state_not_found",
            message: "No associated flow state found. No valid flow state found for user.".into(),
        });
    }
    Ok(code)
}

/// `code_challenge` against `code_verifier` by its method (RFC 7636); digests
/// are compared, so the time a comparison takes tells nothing of the
/// challenge. Every PKCE exchange checks its verifier here.
pub fn verifier_matches(challenge: &str, method: &str, verifier: &str) -> bool {
    let expected = match method {
        "s256" => base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(Sha256::digest(verifier.as_bytes())),
        "plain" => verifier.to_string(),
        _ => return false,
    };
    Sha256::digest(expected.as_bytes()) == Sha256::digest(challenge.as_bytes())
}

/// An exchanged code: whose, and how the account proved itself (the amr
/// method of the session it starts).
pub struct Exchanged {
    pub user_id: Uuid,
    pub method: &'static str,
}

/// `POST /token?grant_type=pkce` `{auth_code, code_verifier}`: uses the code
/// up when the verifier matches; `None` when no mailed link issued the code
/// (another kind of flow may have). Runs in the caller's transaction, which
/// also makes the session, so a code is never used without one.
pub async fn exchange(
    conn: &mut PgConnection,
    code: &str,
    verifier: &str,
) -> Result<Option<Exchanged>, Error> {
    let row: Option<(Uuid, Uuid, String, String, String, bool)> = sqlx::query_as(
        "SELECT id, user_id, authentication_method, code_challenge, code_challenge_method, \
                auth_code_issued_at > now() - make_interval(secs => $2) \
           FROM auth.flow_state WHERE auth_code_hash = $1 FOR UPDATE",
    )
    .bind(hash(code))
    .bind(CODE_EXP_SECS)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((id, user_id, method, challenge, challenge_method, fresh)) = row else {
        return Ok(None);
    };
    if !fresh {
        sqlx::query("DELETE FROM auth.flow_state WHERE id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await?;
        return Err(Error::NotSupported {
            status: 422,
            code: "flow_state_expired",
            message: "invalid flow state, flow state has expired".into(),
        });
    }
    if !verifier_matches(&challenge, &challenge_method, verifier) {
        return Err(Error::NotSupported {
            status: 400,
            code: "bad_code_verifier",
            message: "code challenge does not match previously saved code verifier".into(),
        });
    }
    sqlx::query("DELETE FROM auth.flow_state WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    let method = match method.as_str() {
        "recovery" => "recovery",
        "magiclink" => "magiclink",
        "email_change" => "email_change",
        "invite" => "invite",
        _ => "otp",
    };
    Ok(Some(Exchanged { user_id, method }))
}

async fn delete_expired(conn: &mut PgConnection, exp_secs: u64) -> Result<(), Error> {
    sqlx::query(
        "DELETE FROM auth.flow_state WHERE created_at < now() - make_interval(secs => $1) \
           AND (auth_code_issued_at IS NULL OR auth_code_issued_at < now() - make_interval(secs => $2))",
    )
    .bind(exp_secs as f64)
    .bind(CODE_EXP_SECS)
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(c: Option<&str>, m: Option<&str>) -> Params {
        Params {
            code_challenge: c.map(str::to_string),
            code_challenge_method: m.map(str::to_string),
        }
    }

    #[test]
    fn challenges_are_checked_as_gotrue_checks_them() {
        let good = "a".repeat(43);
        assert_eq!(params(None, None).challenge().unwrap(), None);
        assert!(params(Some(&good), None).challenge().is_err());
        assert!(params(Some("short"), Some("s256")).challenge().is_err());
        assert!(params(Some(&"a!".repeat(30)), Some("s256"))
            .challenge()
            .is_err());
        assert!(params(Some(&good), Some("md5")).challenge().is_err());
        assert_eq!(
            params(Some(&good), Some("S256"))
                .challenge()
                .unwrap()
                .unwrap()
                .method,
            "s256"
        );
    }

    #[test]
    fn verifiers_match_rfc_7636() {
        // RFC 7636, appendix B.
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
        assert!(verifier_matches(challenge, "s256", verifier));
        assert!(!verifier_matches(challenge, "s256", "another verifier"));
        assert!(verifier_matches("same", "plain", "same"));
        assert!(!verifier_matches(challenge, "plain", verifier));
    }
}
