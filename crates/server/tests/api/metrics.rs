//! The metrics at PLEAT_METRICS_ADDR: parsed by a strict parser of the
//! Prometheus text format, counting exactly the requests made, by API and
//! status class; the pools' and queues' gauges; the figures read from the
//! database; a scrape while the database is down; and never on the public
//! port.

use std::collections::HashMap;

use openmetrics_parser::prometheus::parse_prometheus;
use openmetrics_parser::{MetricsExposition, PrometheusType, PrometheusValue};
use pleat_test_support::TestApp;

use crate::helpers::notes_app;

type Exposition = MetricsExposition<PrometheusType, PrometheusValue>;

const APIS: [&str; 6] = ["rest", "auth", "storage", "realtime", "backup", "site"];
const CLASSES: [&str; 5] = ["1xx", "2xx", "3xx", "4xx", "5xx"];

/// A nap longer than the anonymous statement timeout the tests set, so its
/// call is a 500 (`57014`) every time.
const NAP_SQL: &str =
    "create function public.nap() returns void language sql as $$ select pg_sleep(2) $$;
grant execute on function public.nap() to anon;";

async fn metrics_app(sql: &str) -> TestApp {
    notes_app()
        .sql(sql)
        .vars(&[
            ("PLEAT_METRICS_ADDR", "127.0.0.1:0"),
            ("PLEAT_STATEMENT_TIMEOUT_ANON", "100ms"),
        ])
        .spawn()
        .await
}

async fn scrape_text(app: &TestApp) -> String {
    let addr = app.metrics_addr.expect("metrics are on");
    let res = reqwest::get(format!("http://{addr}/metrics"))
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    res.text().await.unwrap()
}

/// The scrape, parsed strictly: any line out of the format fails the test.
async fn scrape(app: &TestApp) -> Exposition {
    let text = scrape_text(app).await;
    parse_prometheus(&text).unwrap_or_else(|e| panic!("not Prometheus text: {e:?}\n{text}"))
}

fn family<'e>(
    exp: &'e Exposition,
    name: &str,
) -> &'e openmetrics_parser::MetricFamily<PrometheusType, PrometheusValue> {
    exp.families
        .get(name)
        .unwrap_or_else(|| panic!("no {name} in {:?}", exp.families.keys()))
}

/// Every series of a family: its labels (sorted `k=v` joined by commas) and value.
fn series(exp: &Exposition, name: &str) -> HashMap<String, f64> {
    family(exp, name)
        .iter_samples()
        .map(|sample| {
            let labels = sample.get_labelset().unwrap();
            let mut pairs: Vec<String> = labels.iter().map(|(k, v)| format!("{k}={v}")).collect();
            pairs.sort();
            let value = match &sample.value {
                PrometheusValue::Counter(c) => c.value.as_f64(),
                PrometheusValue::Gauge(n) | PrometheusValue::Unknown(n) => n.as_f64(),
                PrometheusValue::Histogram(h) => h.count.unwrap_or_default() as f64,
                PrometheusValue::Summary(_) => panic!("no summaries are served"),
            };
            (pairs.join(","), value)
        })
        .collect()
}

fn value(exp: &Exposition, name: &str, labels: &str) -> f64 {
    *series(exp, name)
        .get(labels)
        .unwrap_or_else(|| panic!("no {name}{{{labels}}} in {:?}", series(exp, name)))
}

fn class(status: reqwest::StatusCode) -> &'static str {
    CLASSES[usize::from(status.as_u16() / 100) - 1]
}

#[tokio::test]
async fn requests_are_counted_by_api_and_status_class() {
    let app = metrics_app(NAP_SQL).await;
    let before = scrape(&app).await;
    let requests_before = series(&before, "pleat_http_requests_total");
    assert_eq!(
        requests_before.len(),
        APIS.len() * CLASSES.len(),
        "every API and class is there from the start: {requests_before:?}"
    );
    assert!(requests_before.values().all(|v| *v == 0.0));

    let service = app.service_key.clone();
    let calls: Vec<(&str, reqwest::RequestBuilder)> = vec![
        ("rest", app.client.get(app.url("/rest/v1/notes?select=id"))),
        (
            "rest",
            app.client.get(app.url("/rest/v1/notes?select=title")),
        ),
        ("rest", app.client.get(app.url("/rest/v1/no_such_table"))),
        (
            "rest",
            app.client
                .post(app.url("/rest/v1/rpc/nap"))
                .json(&serde_json::json!({})),
        ),
        ("auth", app.client.get(app.url("/auth/v1/settings"))),
        ("auth", app.client.get(app.url("/auth/v1/no-such-endpoint"))),
        (
            "storage",
            app.client
                .get(app.url("/storage/v1/bucket"))
                .bearer_auth(&service)
                .header("apikey", &service),
        ),
        ("storage", app.client.get(app.url("/storage/v1/bucket"))),
        (
            "realtime",
            app.client.post(app.url("/realtime/v1/api/broadcast")),
        ),
        ("backup", app.client.get(app.url("/backup/v1/download/x"))),
        ("site", app.client.get(app.url("/"))),
        ("site", app.client.get(app.url("/about"))),
        ("site", app.client.get(app.url("/no-such-page"))),
    ];
    let mut expected: HashMap<String, f64> = HashMap::new();
    let mut seen_classes = Vec::new();
    for (api, call) in calls {
        let res = call.send().await.unwrap();
        let class = class(res.status());
        seen_classes.push(class);
        *expected
            .entry(format!("api={api},status={class}"))
            .or_default() += 1.0;
    }
    // The calls cover success, the client's mistakes and a server error.
    for class in ["2xx", "4xx", "5xx"] {
        assert!(seen_classes.contains(&class), "{class} in {seen_classes:?}");
    }

    let after = scrape(&app).await;
    let requests_after = series(&after, "pleat_http_requests_total");
    for (labels, now) in &requests_after {
        let was = requests_before[labels];
        let want = expected.get(labels).copied().unwrap_or(0.0);
        assert_eq!(now - was, want, "pleat_http_requests_total{{{labels}}}");
    }
    // The scrapes themselves are not requests of the app.
    let scrapes_later = series(&scrape(&app).await, "pleat_http_requests_total");
    assert_eq!(scrapes_later, requests_after);

    // The latency histogram counted each request once, in order of bounds.
    let durations = family(&after, "pleat_http_request_duration_seconds");
    assert_eq!(durations.family_type, PrometheusType::Histogram);
    for sample in durations.iter_samples() {
        let api = sample
            .get_labelset()
            .unwrap()
            .get_label_value("api")
            .unwrap()
            .to_string();
        let PrometheusValue::Histogram(h) = &sample.value else {
            panic!("a histogram");
        };
        let want: f64 = expected
            .iter()
            .filter(|(k, _)| k.starts_with(&format!("api={api},")))
            .map(|(_, n)| n)
            .sum();
        assert_eq!(h.count, Some(want as u64), "{api}");
        let bounds: Vec<f64> = h.buckets.iter().map(|b| b.upper_bound).collect();
        assert_eq!(bounds.first(), Some(&0.001), "{bounds:?}");
        assert!(bounds.contains(&10.0), "{bounds:?}");
        let counts: Vec<f64> = h.buckets.iter().map(|b| b.count.as_f64()).collect();
        assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
        assert_eq!(counts.last().copied(), Some(want), "+Inf holds all: {api}");
    }
    // The nap ran past 100 ms before it was cancelled: the sum shows it.
    let PrometheusValue::Histogram(rest) = &durations
        .iter_samples()
        .find(|s| s.get_labelset().unwrap().get_label_value("api") == Some("rest"))
        .unwrap()
        .value
    else {
        panic!("a histogram");
    };
    assert!(rest.sum.as_ref().unwrap().as_f64() >= 0.1, "{rest:?}");
}

#[tokio::test]
async fn the_metrics_are_never_on_the_public_port() {
    let app = metrics_app("").await;
    let metrics_port = app.metrics_addr.unwrap().port();
    assert_ne!(metrics_port, app.port);
    for path in ["/metrics", "/metrics/"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path} is the site's");
        let body = res.text().await.unwrap();
        assert!(!body.contains("pleat_"), "{path}: {body}");
        // The parser the tests read the metrics with is strict: a page is
        // not the format.
        assert!(parse_prometheus(&body).is_err(), "{path}: {body}");
    }
    assert!(scrape_text(&app)
        .await
        .contains("pleat_http_requests_total"));
    // Unset, there is no listener at all.
    let off = notes_app().spawn().await;
    assert_eq!(off.metrics_addr, None);
}

/// Figures that the replicas share, read from the database at the scrape:
/// the mail outbox, stored bytes, the render cache, the last good backup.
const STORED_SQL: &str = r#"
-- Due tomorrow, so the worker leaves them as they are during the test.
insert into pleat_mail.outbox (template, recipient, status, attempts, next_attempt_at, locked_until) values
  ('recovery', 'a@example.com', 'pending', 0, now() + interval '1 day', null),
  ('recovery', 'b@example.com', 'pending', 2, now() + interval '1 day', null),
  ('recovery', 'c@example.com', 'sending', 1, now(), now() + interval '1 day'),
  ('recovery', 'd@example.com', 'failed', 8, now(), null),
  ('recovery', 'e@example.com', 'sent', 1, now(), null),
  ('recovery', 'f@example.com', 'sent', 1, now(), null);
insert into storage.buckets (id, name) values ('media', 'media');
insert into storage.objects (bucket_id, name, metadata) values
  ('media', 'a.jpg', '{"size": 1000}'),
  ('media', 'b.jpg', '{"size": 234}'),
  ('media', 'odd.bin', '{"size": "not a number"}');
insert into storage.renders (key, version, size, content_type) values
  ('renders/v1/a.webp', 'v1', 4096, 'image/webp');
insert into pleat_backup.runs (trigger, status, finished_at) values
  ('cli', 'done', '2026-01-02T03:04:05Z'),
  ('cli', 'done', '2026-01-01T00:00:00Z'),
  ('cli', 'failed', '2026-01-03T00:00:00Z');
"#;

#[tokio::test]
async fn shared_figures_come_from_the_database() {
    let app = metrics_app(STORED_SQL).await;
    let exp = scrape(&app).await;
    assert_eq!(value(&exp, "pleat_metrics_database_up", ""), 1.0);
    let outbox = series(&exp, "pleat_mail_outbox");
    assert_eq!(
        outbox,
        HashMap::from([
            ("status=pending".to_string(), 2.0),
            ("status=sending".to_string(), 1.0),
            ("status=failed".to_string(), 1.0),
        ])
    );
    assert_eq!(value(&exp, "pleat_mail_outbox_retrying", ""), 1.0);
    assert_eq!(value(&exp, "pleat_storage_objects", ""), 3.0);
    assert_eq!(value(&exp, "pleat_storage_objects_bytes", ""), 1234.0);
    assert_eq!(value(&exp, "pleat_storage_render_cache_bytes", ""), 4096.0);
    let last_done = 1_767_323_045.0; // 2026-01-02T03:04:05Z
    assert_eq!(
        value(&exp, "pleat_backup_last_success_timestamp_seconds", ""),
        last_done
    );
    // Without any successful backup the time is 0, which any "too old" alert catches.
    let fresh = metrics_app("").await;
    let exp = scrape(&fresh).await;
    assert_eq!(
        value(&exp, "pleat_backup_last_success_timestamp_seconds", ""),
        0.0
    );
    assert_eq!(value(&exp, "pleat_storage_objects_bytes", ""), 0.0);
}

#[tokio::test]
async fn pools_queues_and_sockets_are_reported() {
    // The single /rest/v1 connection is held by a call that waits on a lock
    // the test holds, so the next call waits for the connection.
    let sql = "create function public.wait_for_test() returns int language sql as
      $$ select pg_advisory_xact_lock(4242); select 1 $$;
    grant execute on function public.wait_for_test() to anon;";
    let app = notes_app()
        .sql(sql)
        .vars(&[
            ("PLEAT_METRICS_ADDR", "127.0.0.1:0"),
            ("PLEAT_DB_POOL", "1"),
        ])
        .spawn()
        .await;
    let exp = scrape(&app).await;
    for pool in ["owner", "authenticator", "rest"] {
        for state in ["in_use", "idle"] {
            let labels = format!("pool={pool},state={state}");
            assert!(value(&exp, "pleat_db_pool_connections", &labels) >= 0.0);
        }
    }
    assert_eq!(
        value(&exp, "pleat_db_pool_max_connections", "pool=rest"),
        1.0
    );
    assert_eq!(
        value(&exp, "pleat_db_pool_max_connections", "pool=authenticator"),
        1.0
    );
    assert_eq!(value(&exp, "pleat_db_pool_waiting", "pool=rest"), 0.0);
    assert_eq!(value(&exp, "pleat_storage_renders_in_flight", ""), 0.0);
    assert_eq!(value(&exp, "pleat_storage_renders_waiting", ""), 0.0);
    assert_eq!(value(&exp, "pleat_storage_render_memory_bytes", ""), 0.0);
    assert_eq!(value(&exp, "pleat_storage_renders_total", ""), 0.0);
    assert_eq!(value(&exp, "pleat_realtime_connections", ""), 0.0);

    let mut lock = app.owner.begin().await.unwrap();
    sqlx::query("select pg_advisory_xact_lock(4242)")
        .execute(&mut *lock)
        .await
        .unwrap();
    let call = || {
        let req = app.client.post(app.url("/rest/v1/rpc/wait_for_test"));
        tokio::spawn(async move { req.send().await.unwrap().status() })
    };
    let first = call();
    let second = call();
    // Wait until the second call is seen waiting (each scrape reads the
    // pool as it is then).
    let mut seen = (0.0, 0.0);
    for _ in 0..500 {
        let exp = scrape(&app).await;
        seen = (
            value(&exp, "pleat_db_pool_connections", "pool=rest,state=in_use"),
            value(&exp, "pleat_db_pool_waiting", "pool=rest"),
        );
        if seen == (1.0, 1.0) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(seen, (1.0, 1.0), "(in use, waiting) while the lock is held");
    lock.rollback().await.unwrap();
    assert_eq!(first.await.unwrap(), 200);
    assert_eq!(second.await.unwrap(), 200);
    let exp = scrape(&app).await;
    assert_eq!(value(&exp, "pleat_db_pool_waiting", "pool=rest"), 0.0);
    assert_eq!(
        value(&exp, "pleat_db_pool_connections", "pool=rest,state=in_use"),
        0.0
    );
}

#[tokio::test]
async fn a_scrape_answers_while_the_database_is_down() {
    let app = metrics_app("").await;
    assert_eq!(app.get("/").await.status(), 200);
    let db: String = sqlx::query_scalar("select current_database()")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    // Another database of the same server, to lock this one from outside.
    let mut admin_options = app.options.clone();
    admin_options = admin_options.database("postgres");
    let admin = sqlx::PgPool::connect_with(admin_options).await.unwrap();
    sqlx::query(&format!(
        "alter database \"{db}\" with allow_connections false"
    ))
    .execute(&admin)
    .await
    .unwrap();
    sqlx::query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()")
        .bind(&db)
        .execute(&admin)
        .await
        .unwrap();

    let exp = scrape(&app).await;
    assert_eq!(value(&exp, "pleat_metrics_database_up", ""), 0.0);
    assert_eq!(
        value(&exp, "pleat_http_requests_total", "api=site,status=2xx"),
        1.0
    );
    assert!(family(&exp, "pleat_db_pool_connections")
        .iter_samples()
        .next()
        .is_some());
    for missing in [
        "pleat_mail_outbox",
        "pleat_storage_objects_bytes",
        "pleat_backup_last_success_timestamp_seconds",
    ] {
        assert!(
            !exp.families.contains_key(missing),
            "{missing} is left out, not made up"
        );
    }

    sqlx::query(&format!(
        "alter database \"{db}\" with allow_connections true"
    ))
    .execute(&admin)
    .await
    .unwrap();
}
