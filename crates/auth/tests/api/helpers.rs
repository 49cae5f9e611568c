//! `/auth/v1` of the whole app (`pleat_test_support`), with the settings
//! and limits each test picks.

use pleat_auth::rate_limit::{Backoff, RequestRate};
use pleat_auth::{Accounts, AuthSettings, RateLimits, User};
use pleat_test_support::AppBuilder;
pub use pleat_test_support::JWT_SECRET;
use secrecy::SecretString;
use serde_json::{json, Value};
use sqlx::PgPool;

pub const PASSWORD: &str = "correct horse battery";

pub struct TestApp {
    /// `/auth/v1` of the app.
    pub address: String,
    pub client: reqwest::Client,
    /// The database owner.
    pub pool: PgPool,
    pub database_url: String,
    pub service_key: String,
    pub anon_key: String,
    _app: pleat_test_support::TestApp,
}

/// `/auth/v1`'s settings in the tests; `spawn_with` sets the app's
/// configuration from them.
pub fn settings() -> AuthSettings {
    AuthSettings {
        jwt_secret: SecretString::from(JWT_SECRET.to_string()),
        jwt_exp: 3600,
        disable_signup: true,
        secure_password_change: true,
        refresh_token_reuse_interval: 10,
        password_min_length: 8,
        trusted_proxies: Vec::new(),
        site_url: Some("http://localhost:8080".into()),
        redirect_urls: vec!["http://localhost:8080".into()],
        otp_exp: 3600,
        // Not passed on: the test app has no SMTP server, so the app says false.
        smtp_configured: false,
        mailer_autoconfirm: true,
        enable_anonymous_sign_ins: false,
    }
}

/// Limits loose enough that only the rate-limit tests meet them.
pub fn loose_limits() -> RateLimits {
    let d = RateLimits::default();
    RateLimits {
        token: RequestRate {
            burst: 10_000,
            ..d.token
        },
        pair: Backoff {
            free: 1_000,
            ..d.pair
        },
        address: Backoff {
            free: 1_000,
            ..d.address
        },
        account: Backoff {
            free: 1_000,
            ..d.account
        },
        ..d
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_with(settings(), loose_limits()).await
}

pub async fn spawn_with(settings: AuthSettings, limits: RateLimits) -> TestApp {
    serve(pleat_test_support::TestApp::builder(), settings, limits).await
}

/// The app with the OAuth server on (`PLEAT_OAUTH_SERVER_ENABLED`).
pub async fn spawn_oauth_server() -> TestApp {
    serve(
        pleat_test_support::TestApp::builder().config(|c| c.oauth_server.enabled = true),
        settings(),
        loose_limits(),
    )
    .await
}

/// Another server on the same database: a second replica, or this one after a
/// restart (nothing in memory is shared with the first).
pub async fn spawn_beside(first: &TestApp, settings: AuthSettings, limits: RateLimits) -> TestApp {
    serve(
        pleat_test_support::TestApp::builder().on_database(&first.database_url),
        settings,
        limits,
    )
    .await
}

/// The whole app with `/auth/v1` set as `settings` and `limits` say (the
/// JWT secret is always [`JWT_SECRET`]).
async fn serve(app: AppBuilder, settings: AuthSettings, limits: RateLimits) -> TestApp {
    let app = app
        .config(move |c| {
            c.jwt_exp = settings.jwt_exp;
            c.disable_signup = settings.disable_signup;
            c.secure_password_change = settings.secure_password_change;
            c.refresh_token_reuse_interval = settings.refresh_token_reuse_interval;
            c.password_min_length = settings.password_min_length;
            c.trusted_proxies = settings.trusted_proxies;
            c.site_url = settings.site_url;
            c.mail.redirect_urls = Some(settings.redirect_urls);
            c.mail.otp_exp = settings.otp_exp;
            c.mailer_autoconfirm = settings.mailer_autoconfirm;
            c.enable_anonymous_sign_ins = settings.enable_anonymous_sign_ins;
            c.rate_limits = limits;
        })
        .spawn()
        .await;
    let service_key =
        sign(&json!({"iss": "pleat", "role": "service_role", "iat": now(), "exp": now() + 3600}));
    let anon_key =
        sign(&json!({"iss": "pleat", "role": "anon", "iat": now(), "exp": now() + 3600}));
    TestApp {
        address: app.url("/auth/v1"),
        client: reqwest::Client::new(),
        pool: app.owner.clone(),
        database_url: app.database_url.clone(),
        service_key,
        anon_key,
        _app: app,
    }
}

pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

pub fn sign(claims: &Value) -> String {
    pleat_auth::jwt::sign(claims, &SecretString::from(JWT_SECRET.to_string())).unwrap()
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub fn accounts(&self) -> Accounts {
        Accounts::new(self.pool.clone(), 8)
    }

    pub async fn create_user(&self, email: &str) -> User {
        self.accounts()
            .create_user(email, PASSWORD, true)
            .await
            .unwrap()
    }

    pub async fn sign_in_raw(&self, email: &str, password: &str) -> reqwest::Response {
        self.client
            .post(self.url("/token?grant_type=password"))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .json(&json!({"email": email, "password": password}))
            .send()
            .await
            .unwrap()
    }

    /// Sign in and return the session object.
    pub async fn sign_in(&self, email: &str) -> Value {
        let res = self.sign_in_raw(email, PASSWORD).await;
        assert_eq!(res.status(), 200);
        res.json().await.unwrap()
    }

    pub async fn refresh_raw(&self, token: &str) -> reqwest::Response {
        self.client
            .post(self.url("/token?grant_type=refresh_token"))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .json(&json!({"refresh_token": token}))
            .send()
            .await
            .unwrap()
    }

    pub async fn get_user(&self, access_token: &str) -> reqwest::Response {
        self.client
            .get(self.url("/user"))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .bearer_auth(access_token)
            .send()
            .await
            .unwrap()
    }

    pub fn admin(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client
            .request(method, self.url(path))
            .bearer_auth(&self.service_key)
    }

    pub async fn live_tokens(&self, session_id: &str) -> i64 {
        let id = uuid::Uuid::parse_str(session_id).unwrap();
        sqlx::query_scalar(
            "SELECT count(*) FROM auth.refresh_tokens WHERE session_id = $1 AND NOT revoked",
        )
        .bind(id)
        .fetch_one(&self.pool)
        .await
        .unwrap()
    }
}

/// The claims of a JWT, unverified (the tests check what was issued).
pub fn claims(token: &str) -> Value {
    use base64::Engine;
    let payload = token.split('.').nth(1).unwrap();
    serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(payload)
            .unwrap(),
    )
    .unwrap()
}

/// Status and body of an error answered in the 2024-01-01 format.
pub async fn error(res: reqwest::Response) -> (u16, String, Value) {
    let status = res.status().as_u16();
    let body: Value = res.json().await.unwrap();
    (
        status,
        body["code"].as_str().unwrap_or_default().to_string(),
        body,
    )
}
