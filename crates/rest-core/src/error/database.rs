//! Errors from PostgreSQL and from reaching it: the SQLSTATE with PostgreSQL's
//! message, detail and hint, mapped to HTTP statuses with PostgREST's table, plus
//! `RAISE SQLSTATE 'PGRST'`, with which a function chooses the whole response.

use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct DbError {
    pub code: String,
    pub message: String,
    pub details: Option<String>,
    pub hint: Option<String>,
    /// The request ran as `anon`: `42501` then means "authenticate" (401), not
    /// "forbidden" (403).
    pub anonymous: bool,
    /// Status and headers chosen with `RAISE SQLSTATE 'PGRST'`.
    pub raised: Option<(u16, Vec<(String, String)>)>,
}

#[derive(Deserialize)]
struct RaisedMessage {
    code: String,
    message: String,
    details: Option<String>,
    hint: Option<String>,
}

#[derive(Deserialize)]
struct RaisedDetail {
    status: u16,
    headers: serde_json::Map<String, Value>,
}

const MESSAGE_HINT: &str = "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
const DETAIL_HINT: &str = "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

impl DbError {
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        DbError {
            code: code.to_string(),
            message: message.into(),
            details: None,
            hint: None,
            anonymous: false,
            raised: None,
        }
    }

    /// The error PostgreSQL gives for an unknown column, which PostgREST passes on:
    /// `relation` is how the query names the table (`books`, `authors_1`).
    pub fn undefined_column(relation: &str, column: &str) -> Self {
        Self::new(
            "42703",
            format!("column {relation}.{column} does not exist"),
        )
    }

    pub fn for_role(mut self, role: &str) -> Self {
        self.anonymous = role == "anon";
        self
    }

    /// `RAISE SQLSTATE 'PGRST'`: `message` and `detail` are JSON choosing the
    /// code, texts, status and headers; a malformed one is PGRST121.
    pub fn raised(message: &str, detail: Option<&str>) -> Self {
        let parsed = serde_json::from_str::<RaisedMessage>(message).map_err(|_| {
            (
                format!("Invalid JSON value for MESSAGE: '{message}'"),
                MESSAGE_HINT,
            )
        });
        let detail = match detail {
            None => Err((
                "DETAIL is missing in the RAISE statement".to_string(),
                DETAIL_HINT,
            )),
            Some(d) => serde_json::from_str::<RaisedDetail>(d)
                .map_err(|_| (format!("Invalid JSON value for DETAIL: '{d}'"), DETAIL_HINT)),
        };
        match (parsed, detail) {
            (Ok(m), Ok(d)) => DbError {
                details: m.details,
                hint: m.hint,
                raised: Some((
                    d.status,
                    d.headers
                        .into_iter()
                        .map(|(k, v)| (k, v.as_str().map_or_else(|| v.to_string(), str::to_string)))
                        .collect(),
                )),
                ..Self::new(&m.code, m.message)
            },
            (Err((why, hint)), _) | (_, Err((why, hint))) => DbError {
                details: Some(why),
                hint: Some(hint.to_string()),
                ..Self::new(
                    "PGRST121",
                    "Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error",
                )
            },
        }
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn status(&self) -> u16 {
        self.status_as(self.anonymous)
    }

    /// The status when the request was (or was not) anonymous.
    pub fn status_as(&self, anonymous: bool) -> u16 {
        if let Some((status, _)) = &self.raised {
            return *status;
        }
        let c = self.code.as_str();
        let m = self.message.as_str();
        match c {
            "PGRST000" | "PGRST001" | "PGRST003" => 503,
            "PGRST121" => 500,
            "23503" | "23505" => 409,
            "25006" => 405,
            "21000" if m.ends_with("requires a WHERE clause") => 400,
            "21000" => 500,
            "22023" if m.starts_with("role") && m.ends_with("does not exist") => 401,
            "53400" => 500,
            "57P01" => 503,
            "P0001" => 400,
            "42883" if m.starts_with("function xmlagg(") => 406,
            "42883" | "42P01" => 404,
            "42P17" => 500,
            "42501" if anonymous => 401,
            "42501" => 403,
            _ => match c.get(..2).unwrap_or("") {
                "08" | "53" => 503,
                "0L" | "0P" | "28" => 403,
                "09" | "25" | "2D" | "38" | "39" | "3B" | "40" | "54" | "55" | "57" | "58"
                | "F0" | "HV" | "P0" | "XX" => 500,
                "PT" => c[2..]
                    .parse()
                    .ok()
                    .filter(|s| (100..600).contains(s))
                    .unwrap_or(500),
                _ => 400,
            },
        }
    }

    pub fn headers(&self) -> Vec<(String, String)> {
        self.headers_as(self.anonymous)
    }

    /// The headers when the request was (or was not) anonymous: a 401 names
    /// the scheme that would have been let in.
    pub fn headers_as(&self, anonymous: bool) -> Vec<(String, String)> {
        if let Some((_, headers)) = &self.raised {
            return headers.clone();
        }
        if self.status_as(anonymous) == 401 {
            return vec![("WWW-Authenticate".into(), "Bearer".into())];
        }
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(code: &str, message: &str) -> u16 {
        DbError::new(code, message).status()
    }

    #[test]
    fn postgrest_status_table() {
        let table = [
            ("23505", 409),
            ("23503", 409),
            ("42P01", 404),
            ("42883", 404),
            ("25006", 405),
            ("08006", 503),
            ("53300", 503),
            ("53400", 500),
            ("P0001", 400),
            ("PT402", 402),
            ("PTxyz", 500),
            ("22P02", 400),
            ("23502", 400),
            ("42703", 400),
            ("42P17", 500),
            ("28000", 403),
            ("40001", 500),
            ("PGRST003", 503),
        ];
        for (code, expected) in table {
            assert_eq!(status(code, "x"), expected, "{code}");
        }
        assert_eq!(status("21000", "UPDATE requires a WHERE clause"), 400);
        assert_eq!(
            status("21000", "more than one row returned by a subquery"),
            500
        );
        let denied = DbError::new("42501", "permission denied for table books");
        assert_eq!(denied.clone().for_role("anon").status(), 401);
        assert_eq!(
            denied.clone().for_role("anon").headers(),
            vec![("WWW-Authenticate".to_string(), "Bearer".to_string())]
        );
        assert_eq!(denied.for_role("authenticated").status(), 403);
    }

    #[test]
    fn raised_pgrst_errors_choose_the_response() {
        let e = DbError::raised(
            r#"{"code":"123","message":"Payment Required","details":"Quota exceeded","hint":"Upgrade your plan"}"#,
            Some(r#"{"status":402,"headers":{"X-Powered-By":"Nerd Rage"}}"#),
        );
        assert_eq!(
            (e.status(), e.code(), e.details.as_deref()),
            (402, "123", Some("Quota exceeded"))
        );
        assert_eq!(
            e.headers(),
            vec![("X-Powered-By".to_string(), "Nerd Rage".to_string())]
        );
        let bad = DbError::raised("nope", Some("{}"));
        assert_eq!(
            (bad.status(), bad.code(), bad.details.as_deref()),
            (
                500,
                "PGRST121",
                Some("Invalid JSON value for MESSAGE: 'nope'")
            )
        );
        let missing = DbError::raised(r#"{"code":"1","message":"m"}"#, None);
        assert_eq!(
            missing.details.as_deref(),
            Some("DETAIL is missing in the RAISE statement")
        );
    }
}
