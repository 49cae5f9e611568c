//! The HS256 secret (from `PLEAT_JWT_SECRET`, or generated once and kept in the
//! data dir with mode 0600), the long-lived anon and service_role API keys
//! signed with it, the `authenticator` password derived from it, the
//! keyring (signing keys and opaque API keys, in the database) and `pleat
//! keys [rotate|revoke]`.

use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::Path;

use hmac::{Hmac, Mac};
use jsonwebtoken::{encode, EncodingKey, Header};
use rand::distr::{Alphanumeric, SampleString};
use secrecy::{ExposeSecret, SecretString};
use serde::Serialize;

use pleat_auth::keyring::{store, ApiKeyKind, Keyring};
use sqlx::PgPool;

use crate::cli::KeysCommand;
use crate::config::Config;
use crate::startup::db_settings;

const SECRET_FILE: &str = "jwt_secret";
/// API keys are meant to be pasted into apps: ten years.
const KEY_LIFETIME_SECS: i64 = 10 * 365 * 24 * 3600;

/// The secret from the config, else from the data dir, else a new one saved there.
pub fn load_or_create_secret(config: &Config) -> anyhow::Result<SecretString> {
    if let Some(secret) = &config.jwt_secret {
        return Ok(secret.clone());
    }
    let path = config.data_dir.join(SECRET_FILE);
    if path.exists() {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        let text = text.trim();
        anyhow::ensure!(
            text.chars().count() >= 32,
            "{} holds a secret shorter than 32 characters",
            path.display()
        );
        return Ok(SecretString::from(text.to_string()));
    }
    let secret = Alphanumeric.sample_string(&mut rand::rng(), 48);
    write_private(&path, &secret)?;
    tracing::info!(path = %path.display(), "generated a new JWT secret");
    Ok(SecretString::from(secret))
}

fn write_private(path: &Path, text: &str) -> anyhow::Result<()> {
    if let Some(dir) = path.parent() {
        // A new data dir is private (the managed cluster's start keeps it so).
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", path.display()))?;
    file.write_all(text.as_bytes())?;
    Ok(())
}

#[derive(Serialize)]
struct ApiKeyClaims<'a> {
    iss: &'a str,
    role: &'a str,
    iat: i64,
    exp: i64,
}

/// A long-lived API key (the `apikey` supabase-js sends) for `role`.
pub fn api_key(secret: &SecretString, role: &str) -> String {
    let iat = chrono::Utc::now().timestamp();
    let claims = ApiKeyClaims {
        iss: "pleat",
        role,
        iat,
        exp: iat + KEY_LIFETIME_SECS,
    };
    encode(
        &Header::default(),
        &claims,
        &EncodingKey::from_secret(secret.expose_secret().as_bytes()),
    )
    .expect("HS256 signing with an in-memory key cannot fail")
}

/// The `authenticator` role's password: derived, so nothing else needs storing.
pub fn authenticator_password(secret: &SecretString) -> String {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(b"pleat authenticator password");
    hex::encode(mac.finalize().into_bytes())
}

#[derive(Clone)]
pub struct ApiKeys {
    pub anon: String,
    pub service_role: String,
}

impl ApiKeys {
    pub fn new(secret: &SecretString) -> ApiKeys {
        ApiKeys {
            anon: api_key(secret, "anon"),
            service_role: api_key(secret, "service_role"),
        }
    }
}

/// The keys a database must have made (see `store::ensure`), then the
/// keyring read from it.
pub async fn keyring(secret: &SecretString, owner: &PgPool) -> anyhow::Result<Keyring> {
    store::ensure(owner, &Keyring::legacy(secret.clone())).await?;
    Keyring::load(secret.clone(), owner.clone()).await
}

/// `pleat keys [rotate|revoke]`, on the managed cluster or DATABASE_URL.
pub async fn run(command: Option<KeysCommand>, config: &Config) -> anyhow::Result<()> {
    let secret = load_or_create_secret(config)?;
    let db = pleat_db::Database::open(&db_settings(config, &secret, 2).await?).await?;
    let result = apply(command, &secret, &db.owner).await;
    db.close().await?;
    result
}

async fn apply(
    command: Option<KeysCommand>,
    secret: &SecretString,
    owner: &PgPool,
) -> anyhow::Result<()> {
    let keyring = keyring(secret, owner).await?;
    match command {
        None => print_keys(secret, &keyring, owner).await,
        Some(KeysCommand::Rotate { algorithm }) => {
            let kid = store::rotate(owner, &keyring, algorithm).await?;
            println!("new signing key {kid} ({algorithm}) is current: new access tokens are signed with it");
            println!("the previous key keeps verifying the tokens it signed until `pleat keys revoke KID`");
            Ok(())
        }
        Some(KeysCommand::Revoke { key }) => {
            match store::revoke(owner, &keyring, &key).await? {
                store::Revoked::SigningKey(kid) => {
                    println!("revoked signing key {kid}: tokens it signed are refused from now on")
                }
                store::Revoked::ApiKey { kind, id } => println!(
                    "revoked the {} key {id}; `pleat keys` prints its replacement",
                    kind.as_str()
                ),
            }
            Ok(())
        }
    }
}

async fn print_keys(
    secret: &SecretString,
    keyring: &Keyring,
    owner: &PgPool,
) -> anyhow::Result<()> {
    let legacy = ApiKeys::new(secret);
    for key in keyring.api_key_texts(ApiKeyKind::Publishable) {
        println!("publishable key:  {key}");
    }
    for key in keyring.api_key_texts(ApiKeyKind::Secret) {
        println!("secret key:       {key}");
    }
    println!("anon key:         {}", legacy.anon);
    println!("service_role key: {}", legacy.service_role);
    println!("signing keys:");
    let rows = store::signing_keys(owner).await?;
    for row in &rows {
        println!(
            "  {}  {}  {:<8}  created {}",
            row.kid,
            row.algorithm,
            row.status,
            row.created_at.format("%Y-%m-%d %H:%M UTC")
        );
    }
    let signs = if keyring.signing_key().is_some() {
        "verifies legacy keys and older tokens"
    } else {
        "signs access tokens (`pleat keys rotate` moves to ES256)"
    };
    println!("  legacy  HS256  (the JWT secret) {signs}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonwebtoken::{decode, Algorithm, DecodingKey, Validation};

    #[test]
    fn keys_verify_with_the_secret_and_carry_the_role() {
        let secret = SecretString::from("0123456789abcdef0123456789abcdef".to_string());
        let key = api_key(&secret, "service_role");
        let mut v = Validation::new(Algorithm::HS256);
        v.set_required_spec_claims(&["exp"]);
        let data = decode::<serde_json::Value>(
            &key,
            &DecodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
            &v,
        )
        .unwrap();
        assert_eq!(data.claims["role"], "service_role");
        assert_eq!(data.claims["iss"], "pleat");
        assert!(
            data.claims["exp"].as_i64().unwrap() > chrono::Utc::now().timestamp() + 9 * 365 * 86400
        );
        assert!(decode::<serde_json::Value>(
            &key,
            &DecodingKey::from_secret(b"another-secret-another-secret-xx"),
            &v
        )
        .is_err());
    }

    #[test]
    fn secret_is_generated_once_with_mode_0600() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::from_vars(Vec::new()).unwrap();
        config.data_dir = dir.path().join("data");
        let first = load_or_create_secret(&config).unwrap();
        let second = load_or_create_secret(&config).unwrap();
        assert_eq!(first.expose_secret(), second.expose_secret());
        assert!(first.expose_secret().len() >= 32);
        let mode = std::fs::metadata(config.data_dir.join(SECRET_FILE))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn authenticator_password_is_stable_hex() {
        let secret = SecretString::from("0123456789abcdef0123456789abcdef".to_string());
        let a = authenticator_password(&secret);
        assert_eq!(a, authenticator_password(&secret));
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
    }
}
