//! Signing keys and API keys as an attacker meets them: a new database signs
//! with ES256 and publishes only public keys; alg confusion, an unknown or a
//! revoked `kid`, and forged or revoked opaque keys are refused by every API
//! (`/auth/v1`, `/rest/v1`, `/storage/v1`); a rotation or revocation made
//! elsewhere reaches a running server without a restart.

use std::time::Duration;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{encode, EncodingKey, Header};
use pleat_auth::keyring::{signing, store, ApiKeyKind, KeyAlgorithm, Keyring};
use secrecy::SecretString;
use serde_json::{json, Value};

use crate::helpers::*;

fn secret() -> SecretString {
    SecretString::from(JWT_SECRET.to_string())
}

fn header_of(token: &str) -> Value {
    let head = token.split('.').next().unwrap();
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(head).unwrap()).unwrap()
}

fn user_claims(sub: &str) -> Value {
    json!({"sub": sub, "role": "authenticated", "aud": "authenticated",
           "iat": now(), "exp": now() + 600})
}

/// The app's root (`/auth/v1` is `app.address`).
fn base(app: &TestApp) -> String {
    app.address.trim_end_matches("/auth/v1").to_string()
}

/// What each API answers `token` as bearer: `/auth/v1/user`,
/// `/rest/v1/` and `/storage/v1/bucket`.
async fn statuses(app: &TestApp, token: &str) -> [u16; 3] {
    let get = |url: String| {
        app.client
            .get(url)
            .header("apikey", token)
            .bearer_auth(token)
            .send()
    };
    [
        get(app.url("/user")).await.unwrap().status().as_u16(),
        get(format!("{}/rest/v1/", base(app)))
            .await
            .unwrap()
            .status()
            .as_u16(),
        get(format!("{}/storage/v1/bucket", base(app)))
            .await
            .unwrap()
            .status()
            .as_u16(),
    ]
}

/// How each API refuses a JWT no key of the server signed: GoTrue's 403
/// bad_jwt, PostgREST's 401, Storage's 400 (its body says 403).
const REFUSED: [u16; 3] = [403, 401, 400];

/// The realtime socket's answer to `token` as its `apikey` (checked before
/// the upgrade, so a plain GET shows it).
async fn socket(app: &TestApp, token: &str) -> u16 {
    app.client
        .get(format!("{}/realtime/v1/websocket", base(app)))
        .query(&[("apikey", token), ("vsn", "1.0.0")])
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn jwks(app: &TestApp) -> Value {
    app.client
        .get(app.url("/.well-known/jwks.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

fn kids(jwks: &Value) -> Vec<String> {
    jwks["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kid"].as_str().unwrap().to_string())
        .collect()
}

/// Wait until the server's JWKS shows what `done` expects: rotations and
/// revocations reach it through NOTIFY, which is asynchronous.
async fn until_jwks(app: &TestApp, done: impl Fn(&[String]) -> bool) {
    for _ in 0..600 {
        if done(&kids(&jwks(app).await)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server's JWKS never changed: {}", jwks(app).await);
}

#[tokio::test]
async fn a_new_database_signs_with_es256_and_publishes_only_the_public_key() {
    let app = spawn_app().await;
    let user = app.create_user("a@example.com").await;
    let session = app.sign_in("a@example.com").await;
    let token = session["access_token"].as_str().unwrap();
    let header = header_of(token);
    assert_eq!(header["alg"], "ES256", "{header}");
    let kid = header["kid"].as_str().unwrap();

    let res = app
        .client
        .get(app.url("/.well-known/jwks.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=600",
        "clients may cache the key set, as GoTrue's"
    );
    let body: Value = res.json().await.unwrap();
    let keys = body["keys"].as_array().unwrap();
    assert_eq!(keys.len(), 1, "{body}");
    let key = &keys[0];
    assert_eq!(key["kid"], kid);
    assert_eq!(key["alg"], "ES256");
    assert_eq!(key["kty"], "EC");
    assert_eq!(key["crv"], "P-256");
    assert_eq!(key["use"], "sig");
    assert_eq!(key["key_ops"], json!(["verify"]));
    assert!(key.get("d").is_none(), "no private part: {key}");
    assert!(!body.to_string().contains(JWT_SECRET));
    assert!(!body.to_string().contains("\"oct\""));

    // The token works on every API; the database holds no usable private key.
    assert_eq!(statuses(&app, token).await, [200, 200, 200]);
    // Accepted by the socket, which then wants a WebSocket upgrade.
    assert_eq!(socket(&app, token).await, 400);
    let res = app.get_user(token).await;
    assert_eq!(
        res.json::<Value>().await.unwrap()["id"],
        user.id.to_string()
    );
    let sealed: Vec<u8> =
        sqlx::query_scalar("SELECT private_sealed FROM auth.signing_keys WHERE kid = $1")
            .bind(kid)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(pleat_auth::keyring::seal::open(
        &pleat_auth::keyring::seal::derive_key(&SecretString::from("another".repeat(6))),
        kid,
        &sealed
    )
    .is_err());
}

#[tokio::test]
async fn alg_confusion_none_and_a_missing_kid_are_refused_everywhere() {
    let app = spawn_app().await;
    let user = app.create_user("a@example.com").await;
    let token = app.sign_in("a@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    let kid = header_of(&token)["kid"].as_str().unwrap().to_string();
    let claims = user_claims(&user.id.to_string());
    let jwk = &jwks(&app).await["keys"][0];

    // HS256 naming the ES256 key, signed with the JWT secret...
    let mut hs = Header::new(jsonwebtoken::Algorithm::HS256);
    hs.kid = Some(kid.clone());
    let with_secret = encode(
        &hs,
        &claims,
        &EncodingKey::from_secret(JWT_SECRET.as_bytes()),
    )
    .unwrap();
    // ...and with the public key's published text as the HMAC secret.
    let with_public = encode(
        &hs,
        &claims,
        &EncodingKey::from_secret(jwk.to_string().as_bytes()),
    )
    .unwrap();
    // `none` naming the key, and ES256 without a kid.
    let none = format!(
        "{}.{}.",
        URL_SAFE_NO_PAD.encode(json!({"alg": "none", "kid": kid}).to_string()),
        URL_SAFE_NO_PAD.encode(claims.to_string())
    );
    let key = signing::generate(KeyAlgorithm::Es256).unwrap();
    let no_kid = encode(
        &Header::new(jsonwebtoken::Algorithm::ES256),
        &claims,
        &signing::encoding_key(KeyAlgorithm::Es256, &key.private_der),
    )
    .unwrap();
    // RS256 claiming the ES256 key's kid.
    let rsa = signing::generate(KeyAlgorithm::Rs256).unwrap();
    let mut rs = Header::new(jsonwebtoken::Algorithm::RS256);
    rs.kid = Some(kid.clone());
    let wrong_alg = encode(
        &rs,
        &claims,
        &signing::encoding_key(KeyAlgorithm::Rs256, &rsa.private_der),
    )
    .unwrap();
    for forged in [&with_secret, &with_public, &none, &no_kid, &wrong_alg] {
        assert_eq!(
            statuses(&app, forged).await,
            REFUSED,
            "{}",
            header_of(forged)
        );
    }
    let (status, code, body) = error(app.get_user(&with_secret).await).await;
    assert_eq!((status, code.as_str()), (403, "bad_jwt"), "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("signing method HS256 is invalid"),
        "{body}"
    );
}

#[tokio::test]
async fn an_unknown_kid_is_refused_and_a_kid_made_elsewhere_is_read_without_a_restart() {
    let app = spawn_app().await;
    let other = spawn_beside(&app, settings(), loose_limits()).await;
    let user = app.create_user("a@example.com").await;
    let claims = user_claims(&user.id.to_string());
    let stranger = signing::generate(KeyAlgorithm::Es256).unwrap();
    let mut header = Header::new(jsonwebtoken::Algorithm::ES256);
    header.kid = Some(stranger.kid.clone());
    let token = encode(
        &header,
        &claims,
        &signing::encoding_key(KeyAlgorithm::Es256, &stranger.private_der),
    )
    .unwrap();
    assert_eq!(statuses(&app, &token).await, REFUSED);
    assert_eq!(socket(&app, &token).await, 401);
    let (_, code, body) = error(app.get_user(&token).await).await;
    assert_eq!(code, "bad_jwt");
    assert!(
        body["message"].as_str().unwrap().contains("invalid kid"),
        "{body}"
    );

    // The same key stored by another replica, without a NOTIFY: the first
    // token naming it sends a server that has not re-read lately to the
    // database, and it verifies there.
    let sealed = pleat_auth::keyring::seal::seal(
        &pleat_auth::keyring::seal::derive_key(&secret()),
        &stranger.kid,
        &stranger.private_der,
    )
    .unwrap();
    sqlx::query(
        "INSERT INTO auth.signing_keys (kid, algorithm, public_jwk, private_sealed, status) VALUES ($1, 'ES256', $2, $3, 'previous')",
    )
    .bind(&stranger.kid)
    .bind(&stranger.public_jwk)
    .bind(sealed)
    .execute(&app.pool)
    .await
    .unwrap();
    assert_eq!(other.get_user(&token).await.status(), 200);
    assert_eq!(statuses(&other, &token).await, [200, 200, 200]);
}

#[tokio::test]
async fn a_rotated_key_keeps_verifying_until_it_is_revoked_on_every_replica() {
    let app = spawn_app().await;
    let other = spawn_beside(&app, settings(), loose_limits()).await;
    app.create_user("a@example.com").await;
    let before = app.sign_in("a@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    let old_kid = header_of(&before)["kid"].as_str().unwrap().to_string();

    let keyring = Keyring::legacy(secret());
    let new_kid = store::rotate(&app.pool, &keyring, KeyAlgorithm::Rs256)
        .await
        .unwrap();
    until_jwks(&app, |k| k.contains(&new_kid)).await;
    until_jwks(&other, |k| k.contains(&new_kid)).await;
    assert_eq!(kids(&jwks(&app).await), [new_kid.clone(), old_kid.clone()]);
    let after = other.sign_in("a@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(header_of(&after)["alg"], "RS256");
    assert_eq!(header_of(&after)["kid"], new_kid.as_str());
    for server in [&app, &other] {
        assert_eq!(statuses(server, &before).await, [200, 200, 200]);
        assert_eq!(statuses(server, &after).await, [200, 200, 200]);
    }

    // The current key cannot be revoked; the previous one can.
    let refused = store::revoke(&app.pool, &keyring, &new_kid)
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("current signing key"), "{refused}");
    store::revoke(&app.pool, &keyring, &old_kid).await.unwrap();
    until_jwks(&app, |k| !k.contains(&old_kid)).await;
    until_jwks(&other, |k| !k.contains(&old_kid)).await;
    for server in [&app, &other] {
        // Also where the token was verified (and cached) before.
        assert_eq!(statuses(server, &before).await, REFUSED);
        assert_eq!(socket(server, &before).await, 401);
        assert_eq!(statuses(server, &after).await, [200, 200, 200]);
    }
    let private: Vec<u8> =
        sqlx::query_scalar("SELECT private_sealed FROM auth.signing_keys WHERE kid = $1")
            .bind(&old_kid)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(
        private.is_empty(),
        "a revoked key's private half is dropped"
    );
}

async fn api_key(app: &TestApp, kind: ApiKeyKind) -> String {
    let keyring = Keyring::load(secret(), app.pool.clone()).await.unwrap();
    keyring.api_key_texts(kind).remove(0)
}

#[tokio::test]
async fn opaque_keys_act_as_their_role_and_forged_or_revoked_ones_are_refused() {
    let app = spawn_app().await;
    let other = spawn_beside(&app, settings(), loose_limits()).await;
    let publishable = api_key(&app, ApiKeyKind::Publishable).await;
    let secret_key = api_key(&app, ApiKeyKind::Secret).await;
    assert!(publishable.starts_with("sb_publishable_"));
    assert!(secret_key.starts_with("sb_secret_"));

    let admin_users = |server: &TestApp, key: &str| {
        server
            .client
            .get(server.url("/admin/users"))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .header("apikey", key)
            .bearer_auth(key)
            .send()
    };
    assert_eq!(admin_users(&app, &secret_key).await.unwrap().status(), 200);
    let res = admin_users(&app, &publishable).await.unwrap();
    let (status, code, _) = error(res).await;
    assert_eq!((status, code.as_str()), (403, "not_admin"));
    assert_eq!(statuses(&app, &secret_key).await[1..], [200, 200]);
    assert_eq!(statuses(&app, &publishable).await[1..], [200, 200]);

    // A changed MAC, another secret's key, a key whose kind was swapped.
    let mut forged = secret_key.clone();
    let last = forged.pop().unwrap();
    forged.push(if last == 'A' { 'B' } else { 'A' });
    let swapped = publishable.replacen("sb_publishable_", "sb_secret_", 1);
    for bad in [&forged, &swapped, &"sb_secret_nope".to_string()] {
        for path in ["/auth/v1/admin/users", "/rest/v1/", "/storage/v1/bucket"] {
            let res = app
                .client
                .get(format!("{}{path}", base(&app)))
                .header("apikey", bad.as_str())
                .bearer_auth(bad)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 401, "{path} {bad}");
            let body: Value = res.json().await.unwrap();
            assert_eq!(body["message"], "Invalid API key", "{path}");
        }
        assert_eq!(socket(&app, bad).await, 401);
    }
    // An opaque apikey is checked even beside a user's JWT.
    app.create_user("a@example.com").await;
    let token = app.sign_in("a@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    let res = app
        .client
        .get(format!("{}/rest/v1/", base(&app)))
        .header("apikey", &forged)
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);

    // A secret key from a browser is refused, as Supabase does.
    let res = app
        .client
        .get(format!("{}/rest/v1/", base(&app)))
        .header("apikey", &secret_key)
        .header(
            "user-agent",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "Forbidden use of secret API key in browser"
    );

    // Revoked (by its text) on one replica: refused on both; a new one works.
    let revoked = store::revoke(&app.pool, &Keyring::legacy(secret()), &secret_key)
        .await
        .unwrap();
    assert!(matches!(
        revoked,
        store::Revoked::ApiKey {
            kind: ApiKeyKind::Secret,
            ..
        }
    ));
    for server in [&app, &other] {
        let mut refused = false;
        for _ in 0..600 {
            if admin_users(server, &secret_key).await.unwrap().status() == 401 {
                refused = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(refused, "the revoked secret key still works");
    }
    let fresh = api_key(&app, ApiKeyKind::Secret).await;
    assert_ne!(fresh, secret_key);
    for server in [&app, &other] {
        assert_eq!(admin_users(server, &fresh).await.unwrap().status(), 200);
    }
}
