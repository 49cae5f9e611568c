//! One declared page or file, rendered: its reads run as `anon` through the
//! `/rest/v1` pipeline (at once, each with a deadline), then its templates get
//! `site_url`, `path`, `request_path` and `data`. A read that fails or takes
//! too long is left out of `data` (logged), and a template that fails is left
//! out of the page (logged): the page is still served and the app fetches
//! what it lacks.

use std::time::Duration;

use futures_util::future::join_all;
use minijinja::{context, Environment};
use pleat_rest::anon_read::read_as_anon;
use pleat_rest::routes::RestState;
use serde_json::{Map, Value};

use super::manifest::Reads;

/// Longer than any healthy read; a stuck database must not hold the page.
const READ_DEADLINE: Duration = Duration::from_secs(3);

/// The declared reads by name; failed ones are absent.
pub async fn read_all(rest: &RestState, reads: &Reads) -> Map<String, Value> {
    let results = join_all(reads.iter().map(|(name, target)| async move {
        let outcome = tokio::time::timeout(READ_DEADLINE, read_as_anon(rest, target)).await;
        (name, target, outcome)
    }))
    .await;
    let mut data = Map::new();
    for (name, target, outcome) in results {
        let failure = match outcome {
            Ok(Ok(body)) => match serde_json::from_str(&body) {
                Ok(value) => {
                    data.insert(name.clone(), value);
                    continue;
                }
                Err(e) => e.to_string(),
            },
            Ok(Err(e)) => e.to_string(),
            Err(_) => format!("no answer within {}s", READ_DEADLINE.as_secs()),
        };
        tracing::warn!(read = %name, target = %target, error = %failure, "a page's declared read failed; the page goes without it");
    }
    data
}

/// What every template sees.
pub struct Context<'a> {
    pub site_url: &'a str,
    /// The declared path (`/`, `/about`, `/robots.txt`).
    pub path: &'a str,
    /// The path as requested (`/about/`, `/index.html` …).
    pub request_path: &'a str,
    pub data: &'a Map<String, Value>,
}

pub fn template(env: &Environment<'static>, name: &str, ctx: &Context) -> Option<String> {
    let rendered = env.get_template(name).and_then(|t| {
        t.render(context! {
            site_url => ctx.site_url,
            path => ctx.path,
            request_path => ctx.request_path,
            data => minijinja::Value::from(minijinja::value::Serde(ctx.data)),
        })
    });
    match rendered {
        Ok(text) => Some(text),
        Err(e) => {
            tracing::warn!(template = %name, error = %e, "a site template failed; the page goes without it");
            None
        }
    }
}
