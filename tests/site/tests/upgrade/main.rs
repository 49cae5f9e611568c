//! Upgrades of the site, for real: a data directory made by an earlier
//! release of pleat serving this site (checked in under tests/fixtures, made
//! by `pleat serve` at the commit its fixture.json names) starts on this binary with nothing lost; a database
//! made by another PostgreSQL major version is refused with how to upgrade it;
//! `pg_upgrade` moves a cluster and keeps the old one.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tokio::io::{AsyncBufReadExt, BufReader};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `pleat` the workspace's test build made (pleat-server's integration
/// tests need its binary, so it is built before any test runs).
fn pleat_bin() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("target"));
    target.join("debug/pleat")
}

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/datadir-20261126")
}

fn fixture() -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture_dir().join("fixture.json")).unwrap())
        .unwrap()
}

/// The fixture's data directory, unpacked into a new temporary directory
/// (which is the data dir itself: PostgreSQL's OS user must reach it).
fn unpack() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let status = Command::new("tar")
        .arg("-xJf")
        .arg(fixture_dir().join("data.tar.xz"))
        .arg("--strip-components=1")
        .arg("-C")
        .arg(dir.path())
        .status()
        .unwrap();
    assert!(status.success(), "tar failed");
    dir
}

/// `pleat` with only the settings a fresh install has, on `data`.
fn pleat(data: &Path, site: &Path) -> Command {
    let mut cmd = Command::new(pleat_bin());
    for (name, _) in std::env::vars() {
        if name.starts_with("PLEAT_") || name == "DATABASE_URL" {
            cmd.env_remove(name);
        }
    }
    cmd.env("PLEAT_DATA_DIR", data)
        .env("PLEAT_ADDR", "127.0.0.1:0")
        .env("PLEAT_SITE_DIR", site)
        .env("PLEAT_MIGRATIONS_DIR", repo().join("migrations"))
        .env("RUST_LOG", "warn");
    cmd
}

fn anon_key(data: &Path, site: &Path) -> String {
    let out = pleat(data, site).arg("keys").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("anon key:"))
        .unwrap()
        .trim()
        .to_string()
}

struct Served {
    child: tokio::process::Child,
    base: String,
}

async fn serve(data: &Path, site: &Path) -> Served {
    let mut child = tokio::process::Command::from(pleat(data, site))
        .arg("serve")
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = tokio::time::timeout(Duration::from_secs(120), lines.next_line())
        .await
        .expect("pleat serve did not start in 2 minutes")
        .unwrap()
        .expect("pleat serve exited before serving");
    let base = line
        .strip_prefix("Pleat is serving at ")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_string();
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Served { child, base }
}

impl Served {
    async fn stop(mut self) {
        let pid = self.child.id().unwrap() as i32;
        nix_kill(pid);
        let status = tokio::time::timeout(Duration::from_secs(60), self.child.wait())
            .await
            .unwrap()
            .unwrap();
        assert!(
            status.success(),
            "pleat serve did not stop cleanly: {status}"
        );
    }
}

fn nix_kill(pid: i32) {
    Command::new("kill")
        .arg("-TERM")
        .arg(pid.to_string())
        .status()
        .unwrap();
}

/// Everything the fixture holds, read through the APIs as the owner's apps
/// would: the owner signs in with the old password, the old session
/// refreshes, the edited row, the visitor's message and the photo are there.
async fn check_everything_is_there(base: &str, anon: &str) {
    let f = fixture();
    let http = reqwest::Client::new();
    let signed_in: Value = http
        .post(format!("{base}/auth/v1/token?grant_type=password"))
        .header("apikey", anon)
        .json(&json!({"email": f["email"], "password": f["password"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = signed_in["access_token"]
        .as_str()
        .unwrap_or_else(|| panic!("sign-in with the old password failed: {signed_in}"));
    let refreshed = http
        .post(format!("{base}/auth/v1/token?grant_type=refresh_token"))
        .header("apikey", anon)
        .json(&json!({"refresh_token": f["refresh_token"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(refreshed.status(), 200, "the old session refreshes");

    let hero: Value = http
        .get(format!("{base}/rest/v1/hero_content?select=title"))
        .header("apikey", anon)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(hero[0]["title"], f["hero_title"], "{hero}");

    let messages: Value = http
        .get(format!("{base}/rest/v1/contact_messages?select=message"))
        .header("apikey", anon)
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(messages, json!([{"message": f["message"]}]));

    let photo = http
        .get(format!(
            "{base}/storage/v1/object/public/{}",
            f["object"].as_str().unwrap()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(photo.status(), 200);
    let bytes = photo.bytes().await.unwrap();
    assert_eq!(bytes.len() as u64, f["object_size"].as_u64().unwrap());
    assert_eq!(
        hex::encode(Sha256::digest(&bytes)),
        f["object_sha256"].as_str().unwrap()
    );
}

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><title>t</title>",
    )
    .unwrap();
    dir
}

#[tokio::test]
async fn a_data_directory_from_an_earlier_release_starts_and_serves_with_nothing_lost() {
    let data = unpack();
    let site = site();
    let dry = pleat(data.path(), site.path())
        .args(["migrate", "--dry-run"])
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&dry.stdout).to_string();
    assert!(
        dry.status.success(),
        "{}",
        String::from_utf8_lossy(&dry.stderr)
    );
    // The fixture predates the admin's backups migration: the dry run names
    // it (and whatever came later) and applies nothing.
    assert!(
        listed.contains("app 20261126004101 admin backups"),
        "{listed}"
    );
    assert!(listed.contains("would be applied (none was)"), "{listed}");

    let anon = anon_key(data.path(), site.path());
    let served = serve(data.path(), site.path()).await;
    check_everything_is_there(&served.base, &anon).await;
    served.stop().await;

    let again = pleat(data.path(), site.path())
        .args(["migrate", "--dry-run"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&again.stdout).contains("nothing to apply"),
        "after a start on the new binary everything pending was applied: {}",
        String::from_utf8_lossy(&again.stdout)
    );
}

/// An HS256 API key minted from the data dir's `jwt_secret` exactly as the
/// fixture's binary minted them (`iss`, `role`, `iat`, ten years' `exp`):
/// the keys the owner's apps were built with before the upgrade.
fn legacy_key(data: &Path, role: &str) -> String {
    let secret = std::fs::read_to_string(data.join("jwt_secret")).unwrap();
    let iat = chrono::Utc::now().timestamp();
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &json!({"iss": "pleat", "role": role, "iat": iat, "exp": iat + 10 * 365 * 24 * 3600}),
        &jsonwebtoken::EncodingKey::from_secret(secret.trim().as_bytes()),
    )
    .unwrap()
}

fn jwt_header(token: &str) -> Value {
    use base64::Engine;
    let head = token.split('.').next().unwrap();
    serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(head)
            .unwrap(),
    )
    .unwrap()
}

/// What REST (the owner's inbox), storage (the bucket's listing) and auth
/// (`/user`) answer `token` as the owner's session, plus the service key
/// on the admin API.
async fn session_works(base: &str, anon: &str, token: &str) {
    let http = reqwest::Client::new();
    let f = fixture();
    let messages: Value = http
        .get(format!("{base}/rest/v1/contact_messages?select=message"))
        .header("apikey", anon)
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(messages, json!([{"message": f["message"]}]));
    let user = http
        .get(format!("{base}/auth/v1/user"))
        .header("apikey", anon)
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(user.status(), 200);
    assert_eq!(user.json::<Value>().await.unwrap()["email"], f["email"]);
    let (bucket, _) = f["object"].as_str().unwrap().split_once('/').unwrap();
    let listed = http
        .post(format!("{base}/storage/v1/object/list/{bucket}"))
        .header("apikey", anon)
        .bearer_auth(token)
        .json(&json!({"prefix": "fixture"}))
        .send()
        .await
        .unwrap();
    assert_eq!(listed.status(), 200, "{}", listed.text().await.unwrap());
}

async fn sign_in(base: &str, anon: &str) -> String {
    let f = fixture();
    let signed_in: Value = reqwest::Client::new()
        .post(format!("{base}/auth/v1/token?grant_type=password"))
        .header("apikey", anon)
        .json(&json!({"email": f["email"], "password": f["password"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    signed_in["access_token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn legacy_keys_and_sessions_survive_the_upgrade_and_a_rotation_to_es256() {
    let data = unpack();
    let site = site();
    let anon = legacy_key(data.path(), "anon");
    let service = legacy_key(data.path(), "service_role");
    let served = serve(data.path(), site.path()).await;
    let base = served.base.clone();
    let http = reqwest::Client::new();

    // The old session's refresh token and a new sign-in: both still HS256,
    // since an upgraded database keeps its JWT secret signing.
    let refreshed: Value = http
        .post(format!("{base}/auth/v1/token?grant_type=refresh_token"))
        .header("apikey", &anon)
        .json(&json!({"refresh_token": fixture()["refresh_token"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let old_session = refreshed["access_token"].as_str().unwrap().to_string();
    assert_eq!(jwt_header(&old_session)["alg"], "HS256");
    session_works(&base, &anon, &old_session).await;
    let jwks: Value = http
        .get(format!("{base}/auth/v1/.well-known/jwks.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        jwks,
        json!({"keys": []}),
        "no key before `pleat keys rotate`"
    );
    let admin = http
        .get(format!("{base}/auth/v1/admin/users"))
        .header("apikey", &service)
        .bearer_auth(&service)
        .send()
        .await
        .unwrap();
    assert_eq!(
        admin.status(),
        200,
        "the legacy service_role key administers"
    );

    // The operator rotates while pleat serves (the CLI shares its cluster).
    let out = pleat(data.path(), site.path())
        .args(["keys", "rotate"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout).to_string();
    let kid = printed
        .split_whitespace()
        .nth(3)
        .unwrap_or_else(|| panic!("{printed}"))
        .to_string();
    // The server learns of the rotation by NOTIFY: wait for its JWKS.
    let mut published = false;
    for _ in 0..600 {
        let jwks: Value = http
            .get(format!("{base}/auth/v1/.well-known/jwks.json"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if jwks["keys"][0]["kid"] == kid.as_str() {
            published = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        published,
        "the rotated key never reached the JWKS: {printed}"
    );
    let fresh = sign_in(&base, &anon).await;
    assert_eq!(jwt_header(&fresh)["alg"], "ES256");
    assert_eq!(jwt_header(&fresh)["kid"], kid.as_str());
    session_works(&base, &anon, &fresh).await;
    session_works(&base, &anon, &old_session).await;
    let admin = http
        .get(format!("{base}/auth/v1/admin/users"))
        .bearer_auth(&service)
        .send()
        .await
        .unwrap();
    assert_eq!(admin.status(), 200);
    served.stop().await;

    // After a restart too: the key is in the database, sealed with the secret.
    let served = serve(data.path(), site.path()).await;
    session_works(&served.base, &anon, &old_session).await;
    session_works(&served.base, &anon, &fresh).await;
    assert_eq!(
        jwt_header(&sign_in(&served.base, &anon).await)["kid"],
        kid.as_str()
    );
    served.stop().await;
}

#[tokio::test]
async fn a_database_made_by_another_postgresql_major_version_is_refused_with_how_to_upgrade() {
    let data = unpack();
    let site = site();
    let version_file = data.path().join("pg/PG_VERSION");
    std::fs::write(&version_file, "14\n").unwrap();

    let out = pleat(data.path(), site.path())
        .arg("serve")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("was made by PostgreSQL 14"), "{err}");
    assert!(err.contains("pleat upgrade-db"), "{err}");
    assert!(err.contains("nothing was changed"), "{err}");
    assert_eq!(std::fs::read_to_string(&version_file).unwrap(), "14\n");
    assert!(!data.path().join("pg/postmaster.pid").exists());

    // This machine has no PostgreSQL 14: the upgrade says what to install.
    let out = pleat(data.path(), site.path())
        .arg("upgrade-db")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("PostgreSQL 14's programs are not in"), "{err}");
    assert!(err.contains("apt-get install postgresql-14"), "{err}");
    assert!(!data.path().join("pg.upgrading").exists());
    assert_eq!(std::fs::read_to_string(&version_file).unwrap(), "14\n");

    // A newer one than installed cannot be opened nor downgraded.
    std::fs::write(&version_file, "99\n").unwrap();
    let out = pleat(data.path(), site.path())
        .arg("serve")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("newer than this machine's PostgreSQL"),
        "{err}"
    );
}

#[tokio::test]
async fn pg_upgrade_moves_the_cluster_keeps_the_old_one_and_pleat_serves_the_new_one() {
    let data = unpack();
    let site = site();
    let bin = pleat_db::bins::BinLookup::system().find().unwrap();
    let major = pleat_db::upgrade::installed_major(&bin).unwrap();
    let dir = data.path().to_path_buf();
    // This machine has one PostgreSQL major version: upgrade between two
    // installations of it, which exercises every step pleat takes.
    let old =
        tokio::task::spawn_blocking(move || pleat_db::upgrade::run_pg_upgrade(&dir, &bin, &bin))
            .await
            .unwrap()
            .unwrap();
    assert_eq!(old, data.path().join(format!("pg.old-{major}")));
    assert!(old.join("PG_VERSION").is_file(), "the old cluster is kept");
    assert!(!data.path().join("pg.upgrading").exists());

    let anon = anon_key(data.path(), site.path());
    let served = serve(data.path(), site.path()).await;
    check_everything_is_there(&served.base, &anon).await;
    served.stop().await;
}
