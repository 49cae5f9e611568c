//! The keyring's rows: reading them into a [`Snapshot`], and the changes
//! `pleat` makes (the first keys of a new database, `pleat keys rotate`,
//! `pleat keys revoke`). Every change runs under one advisory lock, so two
//! replicas starting at once make one key, and ends with `NOTIFY pleat_keys`
//! so every replica reloads.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::{PgConnection, PgPool, Row};

use super::api_keys::{self, ApiKeyKind};
use super::signing::{self, KeyAlgorithm};
use super::{seal, ApiKeyState, Keyring, Signer, Snapshot, CHANNEL};
use crate::jwt::VerifyingKey;

/// `pg_advisory_xact_lock` key of keyring changes ("pleatkey").
const LOCK: i64 = 0x706c_6561_746b_6579;

pub(super) async fn read(pool: &PgPool, seal_key: &[u8; 32]) -> anyhow::Result<Snapshot> {
    let rows = sqlx::query(
        "SELECT kid, algorithm, public_jwk, private_sealed, status FROM auth.signing_keys \
         WHERE status <> 'revoked' ORDER BY status = 'current' DESC, created_at DESC",
    )
    .fetch_all(pool)
    .await?;
    let mut snapshot = Snapshot::default();
    for row in rows {
        let kid: String = row.try_get("kid")?;
        let algorithm: KeyAlgorithm = row
            .try_get::<String, _>("algorithm")?
            .parse()
            .map_err(|e: String| anyhow::anyhow!(e))?;
        let jwk: Value = row.try_get("public_jwk")?;
        let key = signing::decoding_key(algorithm, &jwk)
            .map_err(|e| anyhow::anyhow!("signing key {kid}: {e}"))?;
        if row.try_get::<String, _>("status")? == "current" {
            let sealed: Vec<u8> = row.try_get("private_sealed")?;
            let der = seal::open(seal_key, &kid, &sealed)
                .map_err(|e| anyhow::anyhow!("signing key {kid}: {e}"))?;
            snapshot.signer = Some(Signer {
                kid: kid.clone(),
                algorithm,
                key: signing::encoding_key(algorithm, &der),
            });
        }
        snapshot.verifying.insert(
            kid,
            VerifyingKey {
                algorithm: algorithm.jwt(),
                key,
            },
        );
        snapshot.published.push(jwk);
    }
    let keys = sqlx::query("SELECT id, kind, revoked_at IS NOT NULL AS revoked FROM auth.api_keys")
        .fetch_all(pool)
        .await?;
    let mut api_keys = HashMap::new();
    for row in keys {
        let kind: String = row.try_get("kind")?;
        let Some(kind) = ApiKeyKind::from_db(&kind) else {
            continue;
        };
        api_keys.insert(
            row.try_get("id")?,
            ApiKeyState {
                kind,
                revoked: row.try_get("revoked")?,
            },
        );
    }
    snapshot.api_keys = api_keys;
    Ok(snapshot)
}

async fn lock(conn: &mut PgConnection) -> anyhow::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(LOCK)
        .execute(conn)
        .await?;
    Ok(())
}

async fn notify(conn: &mut PgConnection) -> anyhow::Result<()> {
    sqlx::query("SELECT pg_notify($1, 'reload')")
        .bind(CHANNEL)
        .execute(conn)
        .await?;
    Ok(())
}

async fn insert_signing_key(
    conn: &mut PgConnection,
    seal_key: &[u8; 32],
    algorithm: KeyAlgorithm,
) -> anyhow::Result<String> {
    let key = tokio::task::spawn_blocking(move || signing::generate(algorithm)).await??;
    let sealed = seal::seal(seal_key, &key.kid, &key.private_der)?;
    sqlx::query(
        "INSERT INTO auth.signing_keys (kid, algorithm, public_jwk, private_sealed, status) \
         VALUES ($1, $2, $3, $4, 'current')",
    )
    .bind(&key.kid)
    .bind(algorithm.as_str())
    .bind(&key.public_jwk)
    .bind(sealed)
    .execute(conn)
    .await?;
    Ok(key.kid)
}

/// Make the keys a database must have: an ES256 signing key on a new
/// database (see the migration's `auth.signing_key_setup`) that has none yet,
/// and one usable publishable and one secret key. Run at every start and by
/// `pleat keys`; does nothing when all are there.
pub async fn ensure(pool: &PgPool, keyring: &Keyring) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    lock(&mut tx).await?;
    let mut changed = false;
    let first: bool = sqlx::query_scalar(
        "SELECT coalesce((SELECT asymmetric_first FROM auth.signing_key_setup), false) \
         AND NOT EXISTS (SELECT 1 FROM auth.signing_keys)",
    )
    .fetch_one(&mut *tx)
    .await?;
    if first {
        let kid = insert_signing_key(&mut tx, keyring.seal_key(), KeyAlgorithm::Es256).await?;
        tracing::info!(kid, "keys: made the first signing key (ES256)");
        changed = true;
    }
    for kind in [ApiKeyKind::Publishable, ApiKeyKind::Secret] {
        let usable: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM auth.api_keys WHERE kind = $1 AND revoked_at IS NULL)",
        )
        .bind(kind.as_str())
        .fetch_one(&mut *tx)
        .await?;
        if !usable {
            sqlx::query("INSERT INTO auth.api_keys (id, kind) VALUES ($1, $2)")
                .bind(api_keys::new_id())
                .bind(kind.as_str())
                .execute(&mut *tx)
                .await?;
            changed = true;
        }
    }
    if changed {
        notify(&mut tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// `pleat keys rotate`: a new key of `algorithm` becomes current; the
/// current one becomes previous and keeps verifying. Returns the new kid.
pub async fn rotate(
    pool: &PgPool,
    keyring: &Keyring,
    algorithm: KeyAlgorithm,
) -> anyhow::Result<String> {
    let mut tx = pool.begin().await?;
    lock(&mut tx).await?;
    sqlx::query(
        "UPDATE auth.signing_keys SET status = 'previous', rotated_at = now() WHERE status = 'current'",
    )
    .execute(&mut *tx)
    .await?;
    let kid = insert_signing_key(&mut tx, keyring.seal_key(), algorithm).await?;
    notify(&mut tx).await?;
    tx.commit().await?;
    Ok(kid)
}

/// What `pleat keys revoke` revoked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Revoked {
    SigningKey(String),
    ApiKey { kind: ApiKeyKind, id: String },
}

/// `pleat keys revoke TARGET`: a previous signing key by kid, or an opaque
/// key by its text or id (a new one of its kind is made, so `pleat keys`
/// always has one to print). The current signing key is refused: rotate first.
pub async fn revoke(pool: &PgPool, keyring: &Keyring, target: &str) -> anyhow::Result<Revoked> {
    let target = target.trim();
    let mut tx = pool.begin().await?;
    lock(&mut tx).await?;
    let api_id = if api_keys::is_opaque(target) {
        let Some((_, id)) = api_keys::parse(keyring.mac_key(), target) else {
            anyhow::bail!("{} is not one of this server's API keys", redact(target));
        };
        Some(id)
    } else {
        None
    };
    let id = api_id.as_deref().unwrap_or(target);
    let api: Option<(String, bool)> =
        sqlx::query_as("SELECT kind, revoked_at IS NOT NULL FROM auth.api_keys WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    let revoked = if let Some((kind, already)) = api {
        let kind = ApiKeyKind::from_db(&kind)
            .ok_or_else(|| anyhow::anyhow!("API key {id} has an unknown kind {kind}"))?;
        anyhow::ensure!(
            !already,
            "the {} key {id} is already revoked",
            kind.as_str()
        );
        sqlx::query("UPDATE auth.api_keys SET revoked_at = now() WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        Revoked::ApiKey {
            kind,
            id: id.to_string(),
        }
    } else {
        anyhow::ensure!(
            api_id.is_none(),
            "{} is not one of this server's API keys",
            redact(target)
        );
        let status: Option<String> =
            sqlx::query_scalar("SELECT status FROM auth.signing_keys WHERE kid = $1")
                .bind(target)
                .fetch_optional(&mut *tx)
                .await?;
        match status.as_deref() {
            None => anyhow::bail!(
                "there is no signing key or API key {target:?} (`pleat keys` lists them)"
            ),
            Some("current") => anyhow::bail!(
                "{target} is the current signing key and cannot be revoked: run `pleat keys rotate` first, then revoke it"
            ),
            Some("revoked") => anyhow::bail!("the signing key {target} is already revoked"),
            Some(_) => {}
        }
        // The private half is of no further use: it is dropped with the revocation.
        sqlx::query(
            "UPDATE auth.signing_keys SET status = 'revoked', revoked_at = now(), private_sealed = ''::bytea WHERE kid = $1",
        )
        .bind(target)
        .execute(&mut *tx)
        .await?;
        Revoked::SigningKey(target.to_string())
    };
    tx.commit().await?;
    // A replacement opaque key, and the NOTIFY every replica reloads on.
    ensure(pool, keyring).await?;
    let mut conn = pool.acquire().await?;
    notify(&mut conn).await?;
    Ok(revoked)
}

/// An opaque key as it may be printed in an error: its kind and id, not its MAC.
fn redact(text: &str) -> String {
    text.chars().take(31).collect::<String>() + "…"
}

/// A signing key as `pleat keys` lists it.
#[derive(Debug, Clone)]
pub struct SigningKeyRow {
    pub kid: String,
    pub algorithm: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
}

pub async fn signing_keys(pool: &PgPool) -> anyhow::Result<Vec<SigningKeyRow>> {
    let rows = sqlx::query(
        "SELECT kid, algorithm, status, created_at FROM auth.signing_keys \
         ORDER BY array_position(ARRAY['current','previous','revoked'], status), created_at DESC",
    )
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(SigningKeyRow {
                kid: r.try_get("kid")?,
                algorithm: r.try_get("algorithm")?,
                status: r.try_get("status")?,
                created_at: r.try_get("created_at")?,
            })
        })
        .collect()
}
