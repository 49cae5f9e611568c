//! Password hashes. New ones are argon2id with m = 19 MiB, t = 2, p = 1 (PHC
//! strings, as GoTrue writes argon2 hashes); bcrypt `$2a$`/`$2b$`/`$2y$` hashes
//! imported from Supabase still verify and are flagged for rehashing. Every hash
//! and verification runs on the blocking pool, a few at a time, because each
//! argon2 call holds 19 MiB and a core. A missing hash costs the same work as a
//! wrong password, so timing does not tell which accounts exist.

use std::sync::Arc;

use argon2::password_hash::SaltString;
use argon2::{Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version};
use secrecy::{ExposeSecret, SecretString};
use tokio::sync::Semaphore;

use crate::Error;

pub const M_COST_KIB: u32 = 19 * 1024;
pub const T_COST: u32 = 2;
pub const P_COST: u32 = 1;

/// A well-formed hash with the current parameters that no known password
/// matches: verifying against it costs what a real verification costs.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$JHdINfwOXmvwQRmu+Ku3nk0ZufJ1bK0T62iW+XwWrmw";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub matches: bool,
    /// The hash is bcrypt or uses other parameters: store a fresh one.
    pub needs_rehash: bool,
}

fn argon2() -> Argon2<'static> {
    let params = Params::new(M_COST_KIB, T_COST, P_COST, None)
        .expect("constant argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub fn hash_blocking(password: &str) -> Result<String, Error> {
    argon2()
        .hash_password(password.as_bytes(), &new_salt()?)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("argon2 hashing failed: {e}").into())
}

/// 16 random bytes (argon2's recommended salt length).
fn new_salt() -> Result<SaltString, Error> {
    let mut bytes = [0u8; 16];
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut bytes);
    SaltString::encode_b64(&bytes).map_err(|e| anyhow::anyhow!("argon2 salt: {e}").into())
}

pub fn verify_blocking(stored: Option<&str>, password: &str) -> Verdict {
    let Some(stored) = stored.filter(|s| !s.is_empty()) else {
        let _ = argon2().verify_password(
            password.as_bytes(),
            &PasswordHash::new(DUMMY_HASH).expect("valid constant"),
        );
        return Verdict {
            matches: false,
            needs_rehash: false,
        };
    };
    if is_bcrypt(stored) {
        let matches = bcrypt::verify(password, stored).unwrap_or(false);
        return Verdict {
            matches,
            needs_rehash: true,
        };
    }
    match PasswordHash::new(stored) {
        Ok(parsed) => {
            let matches = argon2()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok();
            Verdict {
                matches,
                needs_rehash: !has_current_params(&parsed),
            }
        }
        Err(_) => {
            tracing::warn!("a stored password hash has an unknown format; the sign-in fails");
            verify_blocking(None, password)
        }
    }
}

fn is_bcrypt(hash: &str) -> bool {
    ["$2a$", "$2b$", "$2y$"].iter().any(|p| hash.starts_with(p))
}

fn has_current_params(hash: &PasswordHash<'_>) -> bool {
    let get = |name: &str| hash.params.get_decimal(name);
    hash.algorithm.as_str() == "argon2id"
        && get("m") == Some(M_COST_KIB)
        && get("t") == Some(T_COST)
        && get("p") == Some(P_COST)
}

/// Whether an admin-supplied `password_hash` is one this crate can verify.
pub fn is_supported_hash(hash: &str) -> bool {
    if is_bcrypt(hash) {
        return hash.parse::<bcrypt::HashParts>().is_ok();
    }
    matches!(PasswordHash::new(hash), Ok(h) if h.algorithm.as_str().starts_with("argon2"))
}

/// Runs hashing on tokio's blocking pool, with at most two calls per core at
/// once.
#[derive(Clone)]
pub struct Hasher {
    permits: Arc<Semaphore>,
}

impl Default for Hasher {
    fn default() -> Self {
        Hasher::new()
    }
}

impl Hasher {
    pub fn new() -> Hasher {
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2);
        Hasher {
            permits: Arc::new(Semaphore::new(cores * 2)),
        }
    }

    pub async fn hash(&self, password: &SecretString) -> Result<String, Error> {
        let password = password.clone();
        self.run(move || hash_blocking(password.expose_secret()))
            .await?
    }

    pub async fn verify(
        &self,
        stored: Option<String>,
        password: &SecretString,
    ) -> Result<Verdict, Error> {
        let password = password.clone();
        self.run(move || verify_blocking(stored.as_deref(), password.expose_secret()))
            .await
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _permit = self.permits.acquire().await.map_err(anyhow::Error::from)?;
        Ok(tokio::task::spawn_blocking(work)
            .await
            .map_err(anyhow::Error::from)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_hashes_are_argon2id_with_the_owasp_parameters() {
        let h = hash_blocking("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        let v = verify_blocking(Some(&h), "correct horse");
        assert_eq!(
            v,
            Verdict {
                matches: true,
                needs_rehash: false
            }
        );
        assert!(!verify_blocking(Some(&h), "wrong horse").matches);
    }

    #[test]
    fn the_dummy_hash_costs_a_real_verification() {
        let parsed = PasswordHash::new(DUMMY_HASH).unwrap();
        assert!(has_current_params(&parsed));
        assert_eq!(
            verify_blocking(None, "anything"),
            Verdict {
                matches: false,
                needs_rehash: false
            }
        );
    }

    #[test]
    fn bcrypt_hashes_verify_and_ask_for_a_rehash() {
        let h2b = bcrypt::hash("imported pw", 4).unwrap();
        assert!(h2b.starts_with("$2b$"));
        assert_eq!(
            verify_blocking(Some(&h2b), "imported pw"),
            Verdict {
                matches: true,
                needs_rehash: true
            }
        );
        let h2a = h2b.replacen("$2b$", "$2a$", 1);
        assert!(verify_blocking(Some(&h2a), "imported pw").matches);
        assert!(!verify_blocking(Some(&h2a), "other").matches);
    }

    #[test]
    fn weaker_argon2_parameters_ask_for_a_rehash() {
        let salt = new_salt().unwrap();
        let weak = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(4096, 1, 1, None).unwrap(),
        )
        .hash_password(b"pw", &salt)
        .unwrap()
        .to_string();
        assert_eq!(
            verify_blocking(Some(&weak), "pw"),
            Verdict {
                matches: true,
                needs_rehash: true
            }
        );
    }

    #[test]
    fn unknown_formats_never_match() {
        assert!(!verify_blocking(Some("plaintext"), "plaintext").matches);
        assert!(!verify_blocking(Some(""), "").matches);
    }

    #[test]
    fn supported_hash_formats() {
        assert!(is_supported_hash(&bcrypt::hash("x", 4).unwrap()));
        assert!(is_supported_hash(DUMMY_HASH));
        assert!(!is_supported_hash("$2b$nonsense"));
        assert!(!is_supported_hash("md5$abc"));
    }
}
