//! The parent side: keeps one worker process running cases for the whole
//! budget. A stack overflow aborts the process that has it, so the cases run
//! in a child (this same test binary, started with `PLEAT_FUZZ_WORKER`); when
//! it dies or stops answering, the case it announced last is the finding, and
//! a new worker carries on from the next one.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Far longer than any case takes; a case this slow counts as a hang.
const HANG: Duration = Duration::from_secs(20);

pub struct Finding {
    pub kind: &'static str,
    pub index: u64,
    pub detail: String,
}

#[derive(Default)]
pub struct Report {
    pub executions: u64,
    pub refused: u64,
    pub planned: u64,
    pub answered: u64,
    pub workers: u64,
    /// The slowest case (its time and index), as a worker measured it.
    pub slowest: (Duration, u64),
    pub elapsed: Duration,
    pub findings: Vec<Finding>,
}

/// What one worker process did.
struct Run {
    last: Option<u64>,
    done: bool,
    hung: bool,
}

pub fn run(seed: u64, budget: Duration) -> Report {
    let start = Instant::now();
    let mut report = Report::default();
    let mut next = 0;
    loop {
        let left = budget.saturating_sub(start.elapsed());
        if left < Duration::from_millis(20) {
            break;
        }
        report.workers += 1;
        let run = worker(seed, next, left, &mut report);
        match run.last {
            None => panic!("the fuzz worker ran no case (seed {seed}, from case {next})"),
            Some(last) => next = last + 1,
        }
        if run.done && !run.hung {
            break;
        }
    }
    report.elapsed = start.elapsed();
    report
}

fn worker(seed: u64, from: u64, left: Duration, report: &mut Report) -> Run {
    let exe = std::env::current_exe().expect("test binary path");
    let mut child = Command::new(exe)
        .args([
            super::TEST_NAME,
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(
            super::WORKER_ENV,
            format!("{seed}:{from}:{}", left.as_millis()),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the fuzz worker");
    let stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let mut run = Run {
        last: None,
        done: false,
        hung: false,
    };
    loop {
        match rx.recv_timeout(HANG) {
            Ok(line) => read_line(&line, &mut run, report),
            Err(RecvTimeoutError::Timeout) => {
                run.hung = true;
                let _ = child.kill();
                break;
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    let status = child.wait().expect("wait for the fuzz worker");
    let stderr = errors.join().unwrap_or_default();
    if let (Some(index), false) = (run.last, run.done && status.success()) {
        let (kind, detail) = if run.hung {
            ("hang", format!("no answer within {} s", HANG.as_secs()))
        } else {
            let said = stderr
                .lines()
                .rfind(|l| !l.trim().is_empty())
                .unwrap_or_default();
            ("crash", format!("the worker died ({status}): {said}"))
        };
        report.findings.push(Finding {
            kind,
            index,
            detail,
        });
    }
    run
}

fn read_line(line: &str, run: &mut Run, report: &mut Report) {
    let mut words = line.splitn(3, ' ');
    let (tag, first, rest) = (words.next(), words.next(), words.next().unwrap_or(""));
    let number = first.and_then(|n| n.parse::<u64>().ok());
    match (tag, number) {
        (Some("@case"), Some(index)) => {
            report.executions += 1;
            run.last = Some(index);
        }
        (Some("@finding" | "@panic"), Some(index)) => report.findings.push(Finding {
            kind: if tag == Some("@panic") {
                "panic"
            } else {
                "invariant"
            },
            index,
            detail: rest.to_string(),
        }),
        (Some("@done"), Some(refused)) => {
            let counts: Vec<u64> = rest.split(' ').filter_map(|n| n.parse().ok()).collect();
            report.refused += refused;
            report.planned += counts.first().copied().unwrap_or(0);
            report.answered += counts.get(1).copied().unwrap_or(0);
            if let (Some(&micros), Some(&index)) = (counts.get(2), counts.get(3)) {
                let took = Duration::from_micros(micros);
                if took > report.slowest.0 {
                    report.slowest = (took, index);
                }
            }
            run.done = true;
        }
        // libtest's own lines around the worker test.
        _ => {}
    }
}
