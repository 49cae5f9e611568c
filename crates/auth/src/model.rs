//! `User` and `Identity` as read from the auth tables, and their JSON exactly as
//! GoTrue emits it: `email`/`phone` always strings (`""` when absent), null
//! timestamps omitted, timestamps in RFC 3339 with a `Z`, `factors` only when
//! there are some.

use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{json, Map, Value};
use uuid::Uuid;

use crate::mfa::Factor;

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct User {
    pub id: Uuid,
    pub aud: String,
    pub role: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub email_confirmed_at: Option<DateTime<Utc>>,
    pub phone_confirmed_at: Option<DateTime<Utc>>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub last_sign_in_at: Option<DateTime<Utc>>,
    #[sqlx(rename = "raw_app_meta_data")]
    pub app_metadata: Value,
    #[sqlx(rename = "raw_user_meta_data")]
    pub user_metadata: Value,
    pub is_anonymous: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The address an email change is waiting to confirm (`new_email`).
    pub email_change: Option<String>,
    pub email_change_sent_at: Option<DateTime<Utc>>,
    pub recovery_sent_at: Option<DateTime<Utc>>,
    pub confirmation_sent_at: Option<DateTime<Utc>>,
    pub invited_at: Option<DateTime<Utc>>,
    #[sqlx(skip)]
    pub identities: Vec<Identity>,
    /// Second factors, verified or not (GoTrue lists both).
    #[sqlx(skip)]
    pub factors: Vec<Factor>,
}

/// Also read as JSON where a statement returns a user's identities in one
/// column (the refresh rotation).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow, serde::Deserialize)]
pub struct Identity {
    pub id: Uuid,
    pub provider_id: String,
    pub user_id: Uuid,
    pub identity_data: Value,
    pub provider: String,
    pub email: Option<String>,
    pub last_sign_in_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub fn timestamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

fn put_time(map: &mut Map<String, Value>, key: &str, t: Option<DateTime<Utc>>) {
    if let Some(t) = t {
        map.insert(key.to_string(), Value::String(timestamp(t)));
    }
}

impl User {
    pub fn email_str(&self) -> &str {
        self.email.as_deref().unwrap_or("")
    }

    pub fn phone_str(&self) -> &str {
        self.phone.as_deref().unwrap_or("")
    }

    pub fn is_confirmed(&self) -> bool {
        self.email_confirmed_at.is_some()
    }

    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".into(), json!(self.id));
        m.insert("aud".into(), json!(self.aud));
        m.insert("role".into(), json!(self.role));
        m.insert("email".into(), json!(self.email_str()));
        put_time(&mut m, "email_confirmed_at", self.email_confirmed_at);
        m.insert("phone".into(), json!(self.phone_str()));
        put_time(&mut m, "phone_confirmed_at", self.phone_confirmed_at);
        put_time(&mut m, "confirmed_at", self.confirmed_at);
        if let Some(new_email) = &self.email_change {
            m.insert("new_email".into(), json!(new_email));
        }
        put_time(&mut m, "email_change_sent_at", self.email_change_sent_at);
        put_time(&mut m, "recovery_sent_at", self.recovery_sent_at);
        put_time(&mut m, "confirmation_sent_at", self.confirmation_sent_at);
        put_time(&mut m, "invited_at", self.invited_at);
        put_time(&mut m, "last_sign_in_at", self.last_sign_in_at);
        m.insert("app_metadata".into(), self.app_metadata.clone());
        m.insert("user_metadata".into(), self.user_metadata.clone());
        let identities: Vec<Value> = self.identities.iter().map(Identity::to_json).collect();
        m.insert("identities".into(), Value::Array(identities));
        if !self.factors.is_empty() {
            let factors = self.factors.iter().map(Factor::to_json).collect();
            m.insert("factors".into(), Value::Array(factors));
        }
        m.insert("created_at".into(), json!(timestamp(self.created_at)));
        m.insert("updated_at".into(), json!(timestamp(self.updated_at)));
        m.insert("is_anonymous".into(), json!(self.is_anonymous));
        Value::Object(m)
    }
}

impl Identity {
    /// GoTrue names the row id `identity_id` and the provider's id `id`.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("identity_id".into(), json!(self.id));
        m.insert("id".into(), json!(self.provider_id));
        m.insert("user_id".into(), json!(self.user_id));
        m.insert("identity_data".into(), self.identity_data.clone());
        m.insert("provider".into(), json!(self.provider));
        put_time(&mut m, "last_sign_in_at", self.last_sign_in_at);
        m.insert("created_at".into(), json!(timestamp(self.created_at)));
        m.insert("updated_at".into(), json!(timestamp(self.updated_at)));
        if let Some(email) = &self.email {
            m.insert("email".into(), json!(email));
        }
        Value::Object(m)
    }
}

/// GoTrue's metadata update: keys are set one by one, and a `null` deletes one.
pub fn merge_metadata(target: &mut Value, updates: Map<String, Value>) {
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    let map = target.as_object_mut().expect("made an object above");
    for (key, value) in updates {
        if value.is_null() {
            map.remove(&key);
        } else {
            map.insert(key, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn user() -> User {
        let t = Utc.with_ymd_and_hms(2025, 1, 2, 3, 4, 5).unwrap();
        User {
            id: Uuid::nil(),
            aud: "authenticated".into(),
            role: "authenticated".into(),
            email: Some("a@b.c".into()),
            phone: None,
            email_confirmed_at: Some(t),
            phone_confirmed_at: None,
            confirmed_at: Some(t),
            last_sign_in_at: None,
            app_metadata: json!({"provider": "email", "providers": ["email"]}),
            user_metadata: json!({}),
            is_anonymous: false,
            created_at: t,
            updated_at: t + chrono::Duration::microseconds(123_456),
            email_change: None,
            email_change_sent_at: None,
            recovery_sent_at: None,
            confirmation_sent_at: None,
            invited_at: None,
            identities: vec![],
            factors: vec![],
        }
    }

    #[test]
    fn user_json_matches_gotrue() {
        let v = user().to_json();
        assert_eq!(v["phone"], "");
        assert_eq!(v["email"], "a@b.c");
        assert_eq!(v["email_confirmed_at"], "2025-01-02T03:04:05Z");
        assert_eq!(v["updated_at"], "2025-01-02T03:04:05.123456Z");
        assert!(
            v.get("last_sign_in_at").is_none(),
            "null timestamps are omitted"
        );
        assert!(v.get("phone_confirmed_at").is_none());
        assert_eq!(v["identities"], json!([]));
        assert_eq!(v["is_anonymous"], false);
    }

    #[test]
    fn metadata_merges_per_key_and_null_deletes() {
        let mut md = json!({"a": 1, "b": {"x": 1}, "c": 3});
        let updates = json!({"a": 2, "b": {"y": null}, "c": null, "d": "new"});
        merge_metadata(&mut md, updates.as_object().unwrap().clone());
        assert_eq!(md, json!({"a": 2, "b": {"y": null}, "d": "new"}));
    }
}
