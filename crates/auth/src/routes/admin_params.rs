//! The body `POST /admin/users` and `PUT /admin/users/{id}` take, and the
//! checks they share: what this server cannot do (phones, bans, other roles)
//! is refused clearly rather than ignored.

use serde::Deserialize;
use serde_json::{Map, Value};
use uuid::Uuid;

use super::unsupported::phone_disabled;
use crate::body::present;
use crate::Error;

#[derive(Deserialize, Default)]
pub struct AdminUserParams {
    pub id: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
    pub password_hash: Option<String>,
    #[serde(default)]
    pub email_confirm: bool,
    pub user_metadata: Option<Map<String, Value>>,
    pub app_metadata: Option<Map<String, Value>>,
    pub role: Option<String>,
    pub ban_duration: Option<String>,
}

impl AdminUserParams {
    /// Normalise `""` to absent and refuse what cannot be honoured.
    pub fn checked(mut self) -> Result<AdminUserParams, Error> {
        self.email = present(self.email);
        self.password_hash = present(self.password_hash);
        if present(self.phone.take()).is_some() {
            return Err(phone_disabled());
        }
        if present(self.role.take()).is_some_and(|r| r != "authenticated") {
            return Err(Error::Validation(
                "Only the authenticated role is supported".into(),
            ));
        }
        if present(self.ban_duration.take()).is_some_and(|b| b != "none") {
            return Err(Error::Validation("Banning users is not supported".into()));
        }
        Ok(self)
    }
}

pub fn user_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::InvalidUserId)
}
