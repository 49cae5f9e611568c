//! Clients that try to hold the server: a statement that runs for ever, one
//! address sending many slow requests at once, a body or headers sent a byte
//! at a time. Each is cut off with a clear answer while others are served.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{spawn_app_with, TestApp};

/// `public.nap(seconds)`: sleeps, callable by anon; served once the schema
/// cache has reloaded.
async fn with_nap_function(app: &TestApp) {
    let pool = sqlx::PgPool::connect(&app.database_url).await.unwrap();
    sqlx::raw_sql(
        "CREATE FUNCTION public.nap(seconds float8) RETURNS int LANGUAGE sql \
         AS $$ SELECT 1 FROM pg_sleep(seconds) $$; \
         NOTIFY pgrst, 'reload schema';",
    )
    .execute(&pool)
    .await
    .unwrap();
    for _ in 0..50 {
        if nap(app, 0.0, None, None).await.status() == 200 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("public.nap never appeared in the schema cache");
}

async fn nap(
    app: &TestApp,
    seconds: f64,
    bearer: Option<&str>,
    forwarded_for: Option<&str>,
) -> reqwest::Response {
    let mut req = app
        .client
        .post(format!("{}/rest/v1/rpc/nap", app.address))
        .header("apikey", &app.anon_key)
        .json(&json!({ "seconds": seconds }));
    if let Some(t) = bearer {
        req = req.bearer_auth(t);
    }
    if let Some(ip) = forwarded_for {
        req = req.header("x-forwarded-for", ip);
    }
    req.send().await.unwrap()
}

async fn read_notes(app: &TestApp, forwarded_for: Option<&str>) -> reqwest::Response {
    let mut req = app
        .client
        .get(format!("{}/rest/v1/notes?select=title", app.address))
        .header("apikey", &app.anon_key);
    if let Some(ip) = forwarded_for {
        req = req.header("x-forwarded-for", ip);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn a_slow_anonymous_statement_is_cancelled_as_postgrest_cancels_it() {
    let app = spawn_app_with(&[("PLEAT_STATEMENT_TIMEOUT_ANON", "300ms")]).await;
    with_nap_function(&app).await;
    let started = Instant::now();
    let slow = nap(&app, 30.0, None, None);
    let other = async {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let res = read_notes(&app, None).await;
        (res.status().as_u16(), started.elapsed())
    };
    let (slow, (other_status, other_done)) = tokio::join!(slow, other);
    let elapsed = started.elapsed();
    assert_eq!(slow.status(), 500);
    assert_eq!(
        slow.json::<Value>().await.unwrap(),
        json!({"code": "57014", "message": "canceling statement due to statement timeout", "details": null, "hint": null})
    );
    assert!(
        elapsed < Duration::from_secs(5),
        "cancelled after {elapsed:?}"
    );
    assert_eq!(other_status, 200);
    assert!(
        other_done < elapsed,
        "the unrelated read answered while the slow one ran"
    );
    // The limit is the role's: service_role keeps its own (60 s by default).
    let trusted = nap(&app, 0.6, Some(&app.service_key), None).await;
    assert_eq!(trusted.status(), 200);
    // The connection whose statement was cancelled serves again.
    assert_eq!(nap(&app, 0.0, None, None).await.status(), 200);
}

#[tokio::test]
async fn one_address_cannot_hold_more_than_its_share_of_the_pool() {
    let app = spawn_app_with(&[
        ("PLEAT_ANON_CONCURRENCY", "1"),
        ("PLEAT_TRUSTED_PROXIES", "127.0.0.1"),
        ("PLEAT_STATEMENT_TIMEOUT_ANON", "10s"),
    ])
    .await;
    with_nap_function(&app).await;
    let busy = Some("198.51.100.1");
    // Requests over the cap wait their turn, four per place: a page's burst
    // passes. One more than the queue holds is refused at once.
    let holder = nap(&app, 1.0, None, busy);
    let queued = async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        futures_util::future::join_all((0..4).map(|_| read_notes(&app, busy))).await
    };
    let over = async {
        tokio::time::sleep(Duration::from_millis(600)).await;
        let res = read_notes(&app, busy).await;
        (res.status().as_u16(), res.json::<Value>().await.unwrap())
    };
    let (holder, queued, (over, over_body)) = tokio::join!(holder, queued, over);
    assert_eq!(holder.status(), 200);
    assert!(queued.iter().all(|r| r.status() == 200));
    assert_eq!(over, 429, "{over_body}");
    let slow = nap(&app, 4.0, None, busy);
    let meanwhile = async {
        tokio::time::sleep(Duration::from_millis(400)).await;
        let queued = Instant::now();
        let refused = read_notes(&app, busy).await;
        let waited = queued.elapsed();
        let status = refused.status().as_u16();
        let retry_after = refused.headers().get("retry-after").cloned();
        let body: Value = refused.json().await.unwrap();
        let other = read_notes(&app, Some("198.51.100.2")).await;
        let signed_in = nap(&app, 0.0, Some(&app.service_key), busy).await;
        (
            (status, waited, retry_after, body),
            other.status().as_u16(),
            signed_in.status().as_u16(),
        )
    };
    let (slow, ((status, waited, retry_after, body), other, signed_in)) =
        tokio::join!(slow, meanwhile);
    assert_eq!(slow.status(), 200);
    assert_eq!(status, 429, "queued behind a slow request, then refused");
    assert!(
        waited < Duration::from_millis(3500),
        "refused after the queue wait (2 s), not when the slow request ended: {waited:?}"
    );
    assert_eq!(retry_after.unwrap(), "1");
    assert_eq!(body["code"], "PGRST429");
    assert_eq!(
        body["message"],
        "Too many concurrent requests from this client"
    );
    assert_eq!(other, 200, "another address is served meanwhile");
    assert_eq!(signed_in, 200, "signed-in requests are not capped");
    assert_eq!(
        read_notes(&app, busy).await.status(),
        200,
        "the place is free again once the slow request ended"
    );
}

/// Sends `head` then `trickle` one byte every 200 ms, and reads whatever
/// the server answers; returns it with the time the server took to answer or
/// close.
async fn trickle(app: &TestApp, head: &str, trickle: &[u8]) -> (String, Duration) {
    let addr = app.address.trim_start_matches("http://");
    let stream = TcpStream::connect(addr).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let started = Instant::now();
    writer.write_all(head.as_bytes()).await.unwrap();
    let sender = tokio::spawn({
        let trickle = trickle.to_vec();
        async move {
            for byte in trickle {
                tokio::time::sleep(Duration::from_millis(200)).await;
                if writer.write_all(&[byte]).await.is_err() {
                    return;
                }
            }
        }
    });
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(15), reader.read_to_end(&mut answer)).await;
    let took = started.elapsed();
    sender.abort();
    assert!(read.is_ok(), "the server was still waiting after 15 s");
    (String::from_utf8_lossy(&answer).into_owned(), took)
}

#[tokio::test]
async fn a_body_sent_a_byte_at_a_time_is_cut_off_with_408() {
    let app = spawn_app_with(&[("PLEAT_BODY_TIMEOUT", "1s")]).await;
    let body = vec![b' '; 60];
    let rest_head = format!(
        "POST /rest/v1/notes HTTP/1.1\r\nHost: x\r\napikey: {}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        app.anon_key,
        body.len()
    );
    let auth_head = format!(
        "POST /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: x\r\napikey: {}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        app.anon_key,
        body.len()
    );
    let others = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        read_notes(&app, None).await.status().as_u16()
    };
    let ((rest, rest_took), (auth, auth_took), other) = tokio::join!(
        trickle(&app, &rest_head, &body),
        trickle(&app, &auth_head, &body),
        others
    );
    assert_eq!(other, 200, "others are served meanwhile");
    for (answer, took) in [(&rest, rest_took), (&auth, auth_took)] {
        assert!(answer.starts_with("HTTP/1.1 408"), "answered: {answer:?}");
        assert!(
            took < Duration::from_secs(4),
            "cut off after {took:?}, the deadline is 1 s"
        );
    }
    assert!(rest.contains(r#""code":"PGRST408""#), "{rest}");
    assert!(auth.contains(r#""error_code":"request_timeout""#), "{auth}");
    assert_eq!(read_notes(&app, None).await.status(), 200);
}

#[tokio::test]
async fn headers_sent_a_byte_at_a_time_are_cut_off() {
    let app = spawn_app_with(&[("PLEAT_HEADER_TIMEOUT", "1s")]).await;
    let (answer, took) = trickle(
        &app,
        "GET /rest/v1/notes HTTP/1.1\r\nHost: x\r\nX-Slow: ",
        &[b'a'; 60],
    )
    .await;
    assert!(
        took < Duration::from_secs(4),
        "cut off after {took:?}, the deadline is 1 s"
    );
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "answered: {answer:?}"
    );
    assert_eq!(read_notes(&app, None).await.status(), 200);
}
