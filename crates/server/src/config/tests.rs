//! `Config::from_vars`: defaults, every variable, and the one-line errors.

use super::*;
use secrecy::ExposeSecret;

pub(super) fn parse(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
    Config::from_vars(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
}

#[test]
fn defaults_match_the_table() {
    let c = parse(&[]).unwrap();
    assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
    assert!(c.site_url.is_none());
    assert_eq!(c.site_url_for(c.addr), "http://127.0.0.1:8080");
    assert!(c.database_url.is_none());
    assert_eq!(c.data_dir, PathBuf::from("./.pleat"));
    assert!(c.jwt_secret.is_none());
    assert_eq!(c.jwt_exp, 3600);
    assert_eq!(c.jwt_leeway, 30);
    assert_eq!(c.site_dir, PathBuf::from("frontend/dist"));
    assert!(c.admin.is_none());
    assert_eq!(c.db_schemas, vec!["public"]);
    assert!(!c.db_aggregates);
    assert!(!c.db_plan);
    assert!(c.disable_signup);
    assert!(c.secure_password_change);
    assert!(
        c.mailer_autoconfirm,
        "sign-ups confirmed at once, as before"
    );
    assert!(!c.enable_anonymous_sign_ins);
    assert_eq!(c.refresh_token_reuse_interval, 10);
    assert_eq!(c.password_min_length, 8);
    assert!(c.trusted_proxies.is_empty());
    assert_eq!(c.max_body, 10 * 1024 * 1024);
    assert_eq!(c.statement_timeouts, StatementTimeouts::default());
    assert_eq!(c.anon_concurrency, None);
    assert_eq!(c.db_pool, None);
    assert_eq!(c.authenticator_pool(), 16);
    assert_eq!(c.header_timeout, Duration::from_secs(5));
    assert_eq!(c.body_timeout, Duration::from_secs(60));
    assert!(c.storage_url.is_none());
    assert_eq!(c.max_upload, 52_428_800);
}

#[test]
fn storage_variables_are_read_and_checked() {
    let c = parse(&[
        ("PLEAT_STORAGE_URL", "file:///srv/blobs"),
        ("PLEAT_MAX_UPLOAD", "1000"),
    ])
    .unwrap();
    assert_eq!(c.storage_url.as_deref(), Some("file:///srv/blobs"));
    assert_eq!(c.max_upload, 1000);
    assert_eq!(
        parse(&[("PLEAT_MAX_UPLOAD", "0")]).unwrap_err().name,
        "PLEAT_MAX_UPLOAD"
    );
    assert_eq!(
        parse(&[("PLEAT_STORAGE_URL", "gs://x")]).unwrap_err().name,
        "PLEAT_STORAGE_URL"
    );
    let c = parse(&[("PLEAT_STORAGE_URL", "s3://files/pleat")]).unwrap();
    assert_eq!(c.storage_url.as_deref(), Some("s3://files/pleat"));
    assert_eq!(
        parse(&[("PLEAT_STORAGE_URL", "s3:///nobucket")])
            .unwrap_err()
            .name,
        "PLEAT_STORAGE_URL"
    );
}

#[test]
fn values_are_read() {
    let c = parse(&[
        ("PLEAT_ADDR", "0.0.0.0:9000"),
        ("DATABASE_URL", "postgres://u:p@db/x"),
        ("PLEAT_JWT_SECRET", "0123456789abcdef0123456789abcdef"),
        ("PLEAT_JWT_EXP", "60"),
        ("PLEAT_JWT_LEEWAY", "2"),
        ("PLEAT_ADMIN_EMAIL", "Owner@Example.com"),
        ("PLEAT_ADMIN_PASSWORD", "pw"),
        ("PLEAT_DB_SCHEMAS", "public, api"),
        ("PLEAT_DISABLE_SIGNUP", "false"),
        ("PLEAT_DB_AGGREGATES", "true"),
        ("PLEAT_DB_PLAN", "true"),
        ("PLEAT_SECURE_PASSWORD_CHANGE", "false"),
        ("PLEAT_MAILER_AUTOCONFIRM", "false"),
        ("PLEAT_ENABLE_ANONYMOUS_SIGN_INS", "true"),
        ("PLEAT_TRUSTED_PROXIES", "10.0.0.1,192.168.0.0/16"),
        ("PLEAT_STATEMENT_TIMEOUT_ANON", "500ms"),
        ("PLEAT_STATEMENT_TIMEOUT_AUTHENTICATED", "2s"),
        ("PLEAT_STATEMENT_TIMEOUT_SERVICE_ROLE", "90000"),
        ("PLEAT_ANON_CONCURRENCY", "3"),
        ("PLEAT_DB_POOL", "6"),
        ("PLEAT_HEADER_TIMEOUT", "2s"),
        ("PLEAT_BODY_TIMEOUT", "30s"),
        ("HOME", "/root"),
    ])
    .unwrap();
    assert_eq!(c.addr.port(), 9000);
    assert_eq!(
        c.database_url.as_ref().unwrap().expose_secret(),
        "postgres://u:p@db/x"
    );
    assert_eq!(c.jwt_exp, 60);
    assert_eq!(c.jwt_leeway, 2);
    assert_eq!(c.admin.as_ref().unwrap().0, "owner@example.com");
    assert_eq!(c.db_schemas, vec!["public", "api"]);
    assert!(!c.disable_signup);
    assert!(c.db_aggregates);
    assert!(c.db_plan);
    assert!(!c.secure_password_change);
    assert!(!c.mailer_autoconfirm);
    assert!(c.enable_anonymous_sign_ins);
    assert_eq!(c.trusted_proxies.len(), 2);
    assert_eq!(
        c.statement_timeouts,
        StatementTimeouts {
            anon: Duration::from_millis(500),
            authenticated: Duration::from_secs(2),
            service_role: Duration::from_secs(90),
        }
    );
    assert_eq!(c.anon_concurrency, Some(3));
    assert_eq!(c.db_pool, Some(6));
    assert_eq!((c.rest_pool(), c.authenticator_pool()), (6, 6));
    assert_eq!(c.header_timeout, Duration::from_secs(2));
    assert_eq!(c.body_timeout, Duration::from_secs(30));
}

#[test]
fn the_site_url_is_trimmed_or_derived_from_the_bound_address() {
    let c = parse(&[("PLEAT_SITE_URL", "https://Shop.Example/")]).unwrap();
    assert_eq!(c.site_url.as_deref(), Some("https://shop.example"));
    let bound: SocketAddr = "127.0.0.1:9999".parse().unwrap();
    assert_eq!(c.site_url_for(bound), "https://shop.example");
    let c = parse(&[("PLEAT_ADDR", "0.0.0.0:0")]).unwrap();
    assert_eq!(
        c.site_url_for("0.0.0.0:4321".parse().unwrap()),
        "http://localhost:4321"
    );
    assert_eq!(
        c.site_url_for("[::1]:80".parse().unwrap()),
        "http://[::1]:80"
    );
}

#[test]
fn empty_values_count_as_unset() {
    let c = parse(&[
        ("PLEAT_ADMIN_EMAIL", ""),
        ("PLEAT_ADMIN_PASSWORD", ""),
        ("DATABASE_URL", ""),
    ])
    .unwrap();
    assert!(c.admin.is_none());
    assert!(c.database_url.is_none());
}

#[test]
fn invalid_values_give_one_clear_line() {
    let cases: &[(&[(&str, &str)], &str)] = &[
        (
            &[("PLEAT_ADDR", "nowhere")],
            "PLEAT_ADDR: `nowhere` is not an address like 127.0.0.1:8080",
        ),
        (
            &[("PLEAT_JWT_SECRET", "short")],
            "PLEAT_JWT_SECRET: must be at least 32 characters",
        ),
        (
            &[("PLEAT_JWT_EXP", "0")],
            "PLEAT_JWT_EXP: `0` is not a whole number of at least 1",
        ),
        (
            &[("PLEAT_JWT_EXP", "soon")],
            "PLEAT_JWT_EXP: `soon` is not a whole number of at least 1",
        ),
        (
            &[("PLEAT_JWT_LEEWAY", "-1")],
            "PLEAT_JWT_LEEWAY: `-1` is not a whole number of at least 0",
        ),
        (
            &[("PLEAT_DISABLE_SIGNUP", "maybe")],
            "PLEAT_DISABLE_SIGNUP: `maybe` is not true or false",
        ),
        (
            &[("PLEAT_DB_AGGREGATES", "enabled")],
            "PLEAT_DB_AGGREGATES: `enabled` is not true or false",
        ),
        (
            &[("PLEAT_DB_PLAN", "on-ish")],
            "PLEAT_DB_PLAN: `on-ish` is not true or false",
        ),
        (
            &[("PLEAT_ADMIN_EMAIL", "a@b.c")],
            "PLEAT_ADMIN_PASSWORD: must be set with PLEAT_ADMIN_EMAIL",
        ),
        (
            &[("DATABASE_URL", "mysql://x")],
            "DATABASE_URL: must start with postgres:// or postgresql://",
        ),
        (
            &[("PLEAT_DB_SCHEMAS", "public,,x")],
            "PLEAT_DB_SCHEMAS: has an empty schema name",
        ),
        (
            &[("PLEAT_TRUSTED_PROXIES", "proxy.local")],
            "PLEAT_TRUSTED_PROXIES: must be a comma list of addresses or CIDR ranges",
        ),
        (
            &[("PLEAT_STATEMENT_TIMEOUT_ANON", "3 hours")],
            "PLEAT_STATEMENT_TIMEOUT_ANON: `3 hours` is not a duration like 3000, 500ms or 3s",
        ),
        (
            &[("PLEAT_ANON_CONCURRENCY", "0")],
            "PLEAT_ANON_CONCURRENCY: `0` is not a whole number of at least 1",
        ),
        (
            &[("PLEAT_DB_POOL", "0")],
            "PLEAT_DB_POOL: `0` is not a whole number of at least 1",
        ),
        (
            &[("PLEAT_DB_POOL", "41")],
            "PLEAT_DB_POOL: `41` is more than 40 connections",
        ),
        (
            &[("PLEAT_SITE_URL", "example.com")],
            "PLEAT_SITE_URL: `example.com` is not an absolute URL",
        ),
        (
            &[("PLEAT_SITE_URL", "ftp://example.com")],
            "PLEAT_SITE_URL: `ftp://example.com` must start with http:// or https://",
        ),
        (
            &[("PLEAT_SITE_URL", "https://example.com/?a=1")],
            "PLEAT_SITE_URL: `https://example.com/?a=1` must not have a query, fragment or user name",
        ),
        (
            &[("PLEAT_ADRR", "x")],
            "PLEAT_ADRR: unknown variable (see the configuration table in README.md)",
        ),
    ];
    for (vars, expected) in cases {
        let err = parse(vars).unwrap_err().to_string();
        assert_eq!(&err, expected);
        assert!(!err.contains('\n'));
    }
}

#[test]
fn transform_concurrency_defaults_to_the_cores_and_is_checked() {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    assert_eq!(parse(&[]).unwrap().transform_concurrency, cores);
    let c = parse(&[("PLEAT_TRANSFORM_CONCURRENCY", "3")]).unwrap();
    assert_eq!(c.transform_concurrency, 3);
    assert_eq!(
        parse(&[("PLEAT_TRANSFORM_CONCURRENCY", "0")])
            .unwrap_err()
            .name,
        "PLEAT_TRANSFORM_CONCURRENCY"
    );
}

#[test]
fn transform_memory_and_cache_are_sizes_with_defaults() {
    let c = parse(&[]).unwrap();
    assert_eq!(c.transform_memory, 1024 * 1024 * 1024);
    assert_eq!(c.transform_cache, 1024 * 1024 * 1024);
    let c = parse(&[
        ("PLEAT_TRANSFORM_MEMORY", "256MiB"),
        ("PLEAT_TRANSFORM_CACHE", "3221225472"),
    ])
    .unwrap();
    assert_eq!(c.transform_memory, 256 * 1024 * 1024);
    assert_eq!(c.transform_cache, 3 * 1024 * 1024 * 1024);
    assert_eq!(
        parse(&[("PLEAT_TRANSFORM_CACHE", "2 GiB")])
            .unwrap()
            .transform_cache,
        2 * 1024 * 1024 * 1024
    );
    for bad in ["lots", "512MB", "-1", "1KiB", "99999999999GiB"] {
        let err = parse(&[("PLEAT_TRANSFORM_MEMORY", bad)]).unwrap_err();
        assert_eq!(err.name, "PLEAT_TRANSFORM_MEMORY", "{bad}");
    }
}

#[test]
fn the_rest_pool_follows_the_cores_unless_set() {
    assert_eq!(
        [1, 2, 3, 4, 8, 16].map(super::default_rest_pool),
        [4, 4, 6, 8, 16, 16]
    );
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    assert_eq!(
        parse(&[]).unwrap().rest_pool(),
        super::default_rest_pool(cores)
    );
}

#[test]
fn external_providers_are_read_and_checked() {
    let c = parse(&[]).unwrap();
    assert!(c.external.providers.is_empty());
    assert!(!c.external.manual_linking);

    let c = parse(&[
        ("PLEAT_EXTERNAL_GOOGLE_ENABLED", "true"),
        ("PLEAT_EXTERNAL_GOOGLE_CLIENT_ID", "web-id, ios-id"),
        ("PLEAT_EXTERNAL_GOOGLE_SECRET", "s3cret"),
        ("PLEAT_EXTERNAL_OIDC_ENABLED", "true"),
        ("PLEAT_EXTERNAL_OIDC_CLIENT_ID", "pleat"),
        ("PLEAT_EXTERNAL_OIDC_SECRET", "s"),
        (
            "PLEAT_EXTERNAL_OIDC_URL",
            "https://id.example.com/realms/shop/",
        ),
        (
            "PLEAT_EXTERNAL_OIDC_REDIRECT_URI",
            "https://shop.example/auth/v1/callback",
        ),
        // Off: its other variables are allowed and ignored.
        ("PLEAT_EXTERNAL_GITHUB_ENABLED", "false"),
        ("PLEAT_EXTERNAL_GITHUB_CLIENT_ID", "x"),
        ("PLEAT_SECURITY_MANUAL_LINKING_ENABLED", "true"),
    ])
    .unwrap();
    let names: Vec<&str> = c
        .external
        .providers
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["google", "oidc"]);
    let google = &c.external.providers[0];
    assert_eq!(google.client_ids, ["web-id", "ios-id"]);
    assert_eq!(google.secret.expose_secret(), "s3cret");
    assert!(google.url.is_none() && google.redirect_uri.is_none());
    let oidc = &c.external.providers[1];
    assert_eq!(
        oidc.url.as_deref(),
        Some("https://id.example.com/realms/shop")
    );
    assert_eq!(
        oidc.redirect_uri.as_deref(),
        Some("https://shop.example/auth/v1/callback")
    );
    assert!(c.external.manual_linking);

    for (vars, line) in [
        (
            vec![("PLEAT_EXTERNAL_GITHUB_ENABLED", "yes please")],
            "PLEAT_EXTERNAL_GITHUB_ENABLED: `yes please` is not true or false",
        ),
        (
            vec![("PLEAT_EXTERNAL_GITHUB_ENABLED", "true"), ("PLEAT_EXTERNAL_GITHUB_SECRET", "s")],
            "PLEAT_EXTERNAL_GITHUB_CLIENT_ID: must be set when PLEAT_EXTERNAL_GITHUB_ENABLED is true",
        ),
        (
            vec![("PLEAT_EXTERNAL_APPLE_ENABLED", "true"), ("PLEAT_EXTERNAL_APPLE_CLIENT_ID", "x")],
            "PLEAT_EXTERNAL_APPLE_SECRET: must be set when PLEAT_EXTERNAL_APPLE_ENABLED is true",
        ),
        (
            vec![
                ("PLEAT_EXTERNAL_KEYCLOAK_ENABLED", "true"),
                ("PLEAT_EXTERNAL_KEYCLOAK_CLIENT_ID", "x"),
                ("PLEAT_EXTERNAL_KEYCLOAK_SECRET", "s"),
            ],
            "PLEAT_EXTERNAL_KEYCLOAK_URL: must be set to the issuer's URL when PLEAT_EXTERNAL_KEYCLOAK_ENABLED is true",
        ),
        (
            vec![
                ("PLEAT_EXTERNAL_GITLAB_ENABLED", "true"),
                ("PLEAT_EXTERNAL_GITLAB_CLIENT_ID", "x"),
                ("PLEAT_EXTERNAL_GITLAB_SECRET", "s"),
                ("PLEAT_EXTERNAL_GITLAB_URL", "gitlab.example.com"),
            ],
            "PLEAT_EXTERNAL_GITLAB_URL: `gitlab.example.com` is not an absolute http(s) URL",
        ),
        (
            vec![("PLEAT_EXTERNAL_FACEBOOK_ENABLED", "true")],
            "PLEAT_EXTERNAL_FACEBOOK_ENABLED: unknown variable (see the configuration table in README.md)",
        ),
    ] {
        let err = parse(&vars).unwrap_err();
        assert_eq!(err.to_string(), line);
    }
}

#[test]
fn oauth_server_settings_are_read_and_checked() {
    let c = parse(&[]).unwrap();
    assert!(!c.oauth_server.enabled);
    assert_eq!(c.oauth_server.authorization_path, "/oauth/consent");
    assert!(!c.oauth_server.allow_dynamic_registration);

    let c = parse(&[
        ("PLEAT_OAUTH_SERVER_ENABLED", "true"),
        ("PLEAT_OAUTH_SERVER_AUTHORIZATION_PATH", "/account/consent"),
        ("PLEAT_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION", "true"),
    ])
    .unwrap();
    assert!(c.oauth_server.enabled);
    assert_eq!(c.oauth_server.authorization_path, "/account/consent");
    assert!(c.oauth_server.allow_dynamic_registration);

    for bad in [
        "https://evil.example/consent",
        "//evil.example/x",
        "consent",
        "/a?b",
    ] {
        let e = parse(&[("PLEAT_OAUTH_SERVER_AUTHORIZATION_PATH", bad)]).unwrap_err();
        assert_eq!(e.name, "PLEAT_OAUTH_SERVER_AUTHORIZATION_PATH", "{bad}");
    }
    let e = parse(&[("PLEAT_OAUTH_SERVER_ENABLED", "maybe")]).unwrap_err();
    assert_eq!(e.name, "PLEAT_OAUTH_SERVER_ENABLED");
}
