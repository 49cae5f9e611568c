//! Fuzzing of `/rest/v1`'s request parser, planner and SQL renderer, with no
//! database: grammar-shaped random requests and mutated real ones (the seed
//! corpus is read from the repository's tests) go through `parse` and `plan`
//! against the fixture schema cache. Panics, stack overflows, hangs and
//! answers a client must never get are findings; any finding fails the test.
//!
//! `PLEAT_FUZZ_SECONDS` sets the budget (3 s by default, so the ordinary test
//! run keeps a short pass; `scripts/fuzz` runs it longer), `PLEAT_FUZZ_SEED`
//! the seed (else one from the clock, printed), and
//! `PLEAT_FUZZ_REPLAY=seed:index` reruns one case in-process and prints it.
//! See docs/fuzzing.md.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

mod case;
mod corpus;
mod driver;
mod gen;
mod mutate;
mod rng;
mod target;
mod vocab;
mod worker;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use pleat_rest::plan::PlanSettings;
use pleat_rest::schema_cache::SchemaCache;

/// This test's name, which the driver runs again as the worker.
const TEST_NAME: &str = "fuzz_parser_planner_and_renderer";
const WORKER_ENV: &str = "PLEAT_FUZZ_WORKER";

/// The fixture schema with computed fields and relationships over its rows,
/// so requests naming them reach their planning and rendering too.
fn fixture() -> SchemaCache {
    let computed = serde_json::from_str(include_str!(
        "../../../rest-core/src/schema_cache/computed_fixture.json"
    ))
    .expect("computed_fixture.json lists computed fields and relationships");
    SchemaCache::from_parts(
        include_str!("../../../rest-core/src/schema_cache/fixture.json"),
        computed,
    )
    .expect("fixture.json is a schema cache")
}

fn env_number<T: std::str::FromStr>(name: &str) -> Option<T> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value} is not a number")),
    )
}

fn replay(spec: &str) {
    let (seed, index) = spec
        .split_once(':')
        .and_then(|(s, i)| Some((s.parse().ok()?, i.parse().ok()?)))
        .expect("PLEAT_FUZZ_REPLAY=seed:index");
    let cache = fixture();
    let case = gen::case(&vocab::Vocab::of(&cache), &corpus::seeds(), seed, index);
    println!("case {seed}:{index}\n  {}", case.show(usize::MAX));
    let settings = PlanSettings {
        schemas: vec!["public".into()],
        max_rows: index.is_multiple_of(4).then_some(100),
        aggregates: index.is_multiple_of(2),
    };
    let began = std::time::Instant::now();
    let result = target::run(&case, &cache, &settings);
    let ms = began.elapsed().as_secs_f64() * 1000.0;
    if let Err(finding) = result {
        panic!("finding after {ms:.1} ms: {finding}");
    }
    println!("no finding ({ms:.1} ms)");
}

fn print_report(seed: u64, report: &driver::Report) {
    let secs = report.elapsed.as_secs_f64();
    let cache = fixture();
    let (vocab, corpus) = (vocab::Vocab::of(&cache), corpus::seeds());
    for f in &report.findings {
        let case = gen::case(&vocab, &corpus, seed, f.index);
        println!(
            "fuzz finding ({}) in case {seed}:{}: {}\n  {}\n  replay: PLEAT_FUZZ_REPLAY={seed}:{} cargo test -p pleat-rest --test fuzz -- --nocapture",
            f.kind,
            f.index,
            f.detail,
            case.show(300),
            f.index
        );
    }
    println!(
        "fuzz: seed {seed}, {} seed requests, {:.1} s, {} executions ({:.0}/s; {} refused, {} planned, {} introspection), {} worker process(es), {} findings",
        corpus.len(),
        secs,
        report.executions,
        report.executions as f64 / secs.max(f64::EPSILON),
        report.refused,
        report.planned,
        report.answered,
        report.workers,
        report.findings.len()
    );
    println!(
        "fuzz: slowest case {seed}:{} took {:.1} ms",
        report.slowest.1,
        report.slowest.0.as_secs_f64() * 1000.0
    );
}

#[test]
fn fuzz_parser_planner_and_renderer() {
    if let Ok(spec) = std::env::var(WORKER_ENV) {
        return worker::run(&spec);
    }
    if let Ok(spec) = std::env::var("PLEAT_FUZZ_REPLAY") {
        return replay(&spec);
    }
    let seconds: f64 = env_number("PLEAT_FUZZ_SECONDS").unwrap_or(3.0);
    let seed: u64 = env_number("PLEAT_FUZZ_SEED").unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let report = driver::run(seed, Duration::from_secs_f64(seconds));
    print_report(seed, &report);
    assert!(report.executions > 0, "the fuzzer ran nothing");
    assert!(
        report.findings.is_empty(),
        "{} fuzz findings (listed above)",
        report.findings.len()
    );
}
