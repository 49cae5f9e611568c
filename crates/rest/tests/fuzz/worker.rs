//! The child side: runs cases `start, start + 1, …` until its time is up, on a
//! thread with a small stack, and tells the driver on stdout which case it is
//! about to run (so a case that overflows the stack and aborts the process is
//! still named), which ones were findings, and the totals at the end.

use std::io::Write;
use std::time::{Duration, Instant};

use pleat_rest::plan::PlanSettings;

use super::{corpus, gen, target, vocab};

/// Smaller than the 2 MiB of a production worker thread, and this is a debug
/// build whose frames are several times larger than release frames: whatever
/// fits here has a wide margin there.
pub const STACK: usize = 512 * 1024;

/// `seed:start:milliseconds`
pub fn run(spec: &str) {
    let parts: Vec<u64> = spec.split(':').filter_map(|p| p.parse().ok()).collect();
    let [seed, start, millis] = parts[..] else {
        panic!("bad worker spec {spec:?}");
    };
    // Panics are reported on the protocol, not as a page of text each.
    std::panic::set_hook(Box::new(|_| {}));
    std::thread::Builder::new()
        .name("fuzz-worker".into())
        .stack_size(STACK)
        .spawn(move || cases(seed, start, Duration::from_millis(millis)))
        .expect("worker thread")
        .join()
        .expect("worker thread finished");
}

fn settings(index: u64) -> PlanSettings {
    PlanSettings {
        schemas: vec!["public".into()],
        // Every fourth case with PostgREST's db-max-rows set.
        max_rows: index.is_multiple_of(4).then_some(100),
        aggregates: index.is_multiple_of(2),
    }
}

fn cases(seed: u64, start: u64, budget: Duration) {
    let cache = super::fixture();
    let vocab = vocab::Vocab::of(&cache);
    let corpus = corpus::seeds();
    let deadline = Instant::now() + budget;
    let mut out = std::io::stdout().lock();
    let (mut refused, mut planned, mut answered) = (0u64, 0u64, 0u64);
    let (mut slowest, mut slowest_index) = (Duration::ZERO, start);
    // libtest has printed `test … ... ` without a line end.
    writeln!(out).expect("stdout");
    let mut index = start;
    while Instant::now() < deadline {
        writeln!(out, "@case {index}")
            .and_then(|_| out.flush())
            .expect("stdout");
        let case = gen::case(&vocab, &corpus, seed, index);
        let settings = settings(index);
        let began = Instant::now();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            target::run(&case, &cache, &settings)
        }));
        if began.elapsed() > slowest {
            (slowest, slowest_index) = (began.elapsed(), index);
        }
        match result {
            Ok(Ok(target::Outcome::Refused)) => refused += 1,
            Ok(Ok(target::Outcome::Planned)) => planned += 1,
            Ok(Ok(target::Outcome::Answered)) => answered += 1,
            Ok(Err(finding)) => {
                writeln!(out, "@finding {index} {}", one_line(&finding)).expect("stdout")
            }
            Err(payload) => {
                let msg = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "a panic".into());
                writeln!(out, "@panic {index} {}", one_line(&msg)).expect("stdout")
            }
        }
        index += 1;
    }
    writeln!(
        out,
        "@done {refused} {planned} {answered} {} {slowest_index}",
        slowest.as_micros()
    )
    .expect("stdout");
}

fn one_line(s: &str) -> String {
    s.replace('\n', " ")
}
