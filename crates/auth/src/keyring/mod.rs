//! The keys that sign and verify tokens, shared by every replica through
//! PostgreSQL (`auth.signing_keys`, `auth.api_keys`) and cached per process:
//! loaded at start, reloaded on `NOTIFY pleat_keys` (which `pleat keys
//! rotate|revoke` send) and re-read, at most once per [`REREAD_EVERY`], when
//! a token names a key this process has not seen, so a rotation made by
//! another replica is picked up without a restart.
//!
//! What verifies: HS256 with the JWT secret (the legacy anon/service_role
//! keys and sessions signed before a rotation), ES256/RS256 whose `kid` is a
//! current or previous key, and the opaque `sb_publishable_`/`sb_secret_`
//! keys that are not revoked. What signs access tokens: the current
//! asymmetric key, or the JWT secret when there is none (an upgraded
//! database until `pleat keys rotate`).

pub mod api_keys;
pub mod seal;
pub mod signing;
pub mod store;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use jsonwebtoken::{EncodingKey, Header};
use secrecy::SecretString;
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::jwt::{self, Claims, JwtError, VerifyingKey};
pub use api_keys::ApiKeyKind;
pub use signing::KeyAlgorithm;

/// The NOTIFY channel `pleat keys rotate|revoke` signal on.
pub const CHANNEL: &str = "pleat_keys";
/// How often a token naming an unknown key may send this process to the
/// database: forged kids cannot turn into a query each.
pub const REREAD_EVERY: Duration = Duration::from_secs(2);

/// One process's view of the keys; clones share it.
#[derive(Clone)]
pub struct Keyring {
    inner: Arc<Inner>,
}

struct Inner {
    secret: SecretString,
    seal_key: [u8; 32],
    mac_key: [u8; 32],
    pool: Option<PgPool>,
    snapshot: RwLock<Arc<Snapshot>>,
    /// Counts the reloads, so caches of verified tokens know to start over.
    generation: AtomicU64,
    last_read: Mutex<Option<Instant>>,
}

/// The keys as last read from the database.
#[derive(Default)]
pub struct Snapshot {
    signer: Option<Signer>,
    verifying: HashMap<String, VerifyingKey>,
    /// Current first, then previous keys, newest first.
    published: Vec<Value>,
    api_keys: HashMap<String, ApiKeyState>,
}

struct Signer {
    kid: String,
    algorithm: KeyAlgorithm,
    key: EncodingKey,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ApiKeyState {
    kind: ApiKeyKind,
    revoked: bool,
}

/// What an opaque key is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiKeyCheck {
    Valid(ApiKeyKind),
    /// Ours, but revoked (or not known to the database at all).
    Revoked,
    /// Not made with this JWT secret: forged or mistyped.
    Invalid,
}

impl Keyring {
    /// Only the JWT secret: HS256 signs and verifies; no opaque key is valid.
    /// For tools and tests that have no database.
    pub fn legacy(secret: SecretString) -> Keyring {
        Keyring::with(secret, None, Snapshot::default())
    }

    fn with(secret: SecretString, pool: Option<PgPool>, snapshot: Snapshot) -> Keyring {
        Keyring {
            inner: Arc::new(Inner {
                seal_key: seal::derive_key(&secret),
                mac_key: api_keys::derive_mac_key(&secret),
                secret,
                pool,
                snapshot: RwLock::new(Arc::new(snapshot)),
                generation: AtomicU64::new(0),
                last_read: Mutex::new(None),
            }),
        }
    }

    /// The keyring of the database behind `pool` (the owner's), read now.
    pub async fn load(secret: SecretString, pool: PgPool) -> anyhow::Result<Keyring> {
        let keyring = Keyring::with(secret, Some(pool), Snapshot::default());
        keyring.reload().await?;
        Ok(keyring)
    }

    pub fn secret(&self) -> &SecretString {
        &self.inner.secret
    }

    pub(crate) fn mac_key(&self) -> &[u8; 32] {
        &self.inner.mac_key
    }

    pub(crate) fn seal_key(&self) -> &[u8; 32] {
        &self.inner.seal_key
    }

    fn snapshot(&self) -> Arc<Snapshot> {
        self.inner
            .snapshot
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Read the keys from the database again.
    pub async fn reload(&self) -> anyhow::Result<()> {
        let Some(pool) = &self.inner.pool else {
            return Ok(());
        };
        let fresh = store::read(pool, &self.inner.seal_key).await?;
        *self
            .inner
            .snapshot
            .write()
            .unwrap_or_else(|e| e.into_inner()) = Arc::new(fresh);
        self.inner.generation.fetch_add(1, Ordering::Release);
        Ok(())
    }

    /// Changes whenever the keys are read again: what was verified under an
    /// older generation may have been revoked since.
    pub fn generation(&self) -> u64 {
        self.inner.generation.load(Ordering::Acquire)
    }

    /// [`Keyring::reload`] unless the last re-read for an unknown key was
    /// less than [`REREAD_EVERY`] ago; whether it read. (Reloads on NOTIFY
    /// do not count: only what requests can trigger is limited.)
    async fn reread(&self) -> bool {
        if self.inner.pool.is_none() {
            return false;
        }
        {
            let mut last = self
                .inner
                .last_read
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            if last.is_some_and(|t| t.elapsed() < REREAD_EVERY) {
                return false;
            }
            *last = Some(Instant::now());
        }
        match self.reload().await {
            Ok(()) => true,
            Err(e) => {
                tracing::warn!(error = %e, "keys: re-reading the keyring failed");
                false
            }
        }
    }

    /// Verify `token` against the keys as cached, without the database.
    pub fn verify_cached(&self, token: &str) -> Result<Claims, JwtError> {
        jwt::verify_with(token, &self.inner.secret, &self.snapshot().verifying)
    }

    /// Verify `token`; a `kid` this process does not know sends it to the
    /// database once (rate-limited) before the token is refused.
    pub async fn verify(&self, token: &str) -> Result<Claims, JwtError> {
        match self.verify_cached(token) {
            Err(JwtError::UnknownKid(_)) if self.reread().await => self.verify_cached(token),
            other => other,
        }
    }

    fn check_cached(&self, text: &str) -> Result<ApiKeyCheck, String> {
        let Some((kind, id)) = api_keys::parse(&self.inner.mac_key, text) else {
            return Ok(ApiKeyCheck::Invalid);
        };
        match self.snapshot().api_keys.get(&id) {
            Some(state) if state.kind == kind && !state.revoked => Ok(ApiKeyCheck::Valid(kind)),
            Some(_) => Ok(ApiKeyCheck::Revoked),
            None => Err(id),
        }
    }

    /// What the opaque key `text` is worth; an id this process has not seen
    /// (made by another replica's `pleat keys`) re-reads the database once.
    pub async fn check_api_key(&self, text: &str) -> ApiKeyCheck {
        match self.check_cached(text) {
            Ok(found) => found,
            Err(_) if self.reread().await => {
                self.check_cached(text).unwrap_or(ApiKeyCheck::Revoked)
            }
            Err(_) => ApiKeyCheck::Revoked,
        }
    }

    /// The text of every usable opaque key of `kind` (ordered by id).
    pub fn api_key_texts(&self, kind: ApiKeyKind) -> Vec<String> {
        let snapshot = self.snapshot();
        let mut ids: Vec<&String> = snapshot
            .api_keys
            .iter()
            .filter(|(_, s)| s.kind == kind && !s.revoked)
            .map(|(id, _)| id)
            .collect();
        ids.sort();
        ids.into_iter()
            .map(|id| api_keys::key_text(&self.inner.mac_key, kind, id))
            .collect()
    }

    /// Sign an access token: with the current asymmetric key (its `kid` in
    /// the header) or, when there is none, HS256 with the JWT secret.
    pub fn sign(&self, claims: &impl Serialize) -> anyhow::Result<String> {
        let snapshot = self.snapshot();
        match &snapshot.signer {
            Some(signer) => {
                let mut header = Header::new(signer.algorithm.jwt());
                header.kid = Some(signer.kid.clone());
                Ok(jsonwebtoken::encode(&header, claims, &signer.key)?)
            }
            None => jwt::sign(claims, &self.inner.secret),
        }
    }

    /// Sign with the current asymmetric key only; `None` while the JWT
    /// secret signs: OpenID ID tokens are for other parties, who can verify
    /// only a key published in the JWKS (GoTrue issues none with HS256).
    pub fn sign_asymmetric(&self, claims: &impl Serialize) -> Option<anyhow::Result<String>> {
        let snapshot = self.snapshot();
        let signer = snapshot.signer.as_ref()?;
        let mut header = Header::new(signer.algorithm.jwt());
        header.kid = Some(signer.kid.clone());
        Some(jsonwebtoken::encode(&header, claims, &signer.key).map_err(Into::into))
    }

    /// The `kid` and algorithm access tokens are signed with now; `None`
    /// while the JWT secret signs them.
    pub fn signing_key(&self) -> Option<(String, KeyAlgorithm)> {
        self.snapshot()
            .signer
            .as_ref()
            .map(|s| (s.kid.clone(), s.algorithm))
    }

    /// The JWKS document: the public keys of the current and previous keys.
    pub fn jwks(&self) -> Value {
        json!({ "keys": self.snapshot().published })
    }

    /// Keep this keyring fresh until the pool closes: reload on every
    /// `NOTIFY pleat_keys`, and after a lost connection (notifications may
    /// have been missed meanwhile).
    pub async fn listen(self) {
        use sqlx::postgres::PgListener;
        let Some(pool) = self.inner.pool.clone() else {
            return;
        };
        loop {
            if pool.is_closed() {
                return;
            }
            let mut listener = match PgListener::connect_with(&pool).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(error = %e, "keys: listener cannot connect; retrying");
                    tokio::time::sleep(Duration::from_secs(2)).await;
                    continue;
                }
            };
            if let Err(e) = listener.listen(CHANNEL).await {
                tracing::warn!(error = %e, "keys: LISTEN failed; retrying");
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
            self.reload_logged().await;
            // `None` or an error: the connection was lost; reconnect above.
            while let Ok(Some(_)) = listener.try_recv().await {
                self.reload_logged().await;
            }
        }
    }

    async fn reload_logged(&self) {
        match self.reload().await {
            Ok(()) => tracing::info!("keys: keyring reloaded"),
            Err(e) => tracing::error!(error = %e, "keys: keyring reload failed"),
        }
    }
}

impl std::fmt::Debug for Keyring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keyring")
            .field("signing_key", &self.signing_key())
            .finish_non_exhaustive()
    }
}
