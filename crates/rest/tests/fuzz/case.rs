//! One generated request and how a finding shows it.

/// One request, as the HTTP layer would hand it to `parse`.
#[derive(Debug, Clone)]
pub struct Case {
    pub method: &'static str,
    pub path: String,
    pub query: String,
    /// Lower-case names.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Case {
    /// The request on a few lines, long parts shortened to `max` characters.
    pub fn show(&self, max: usize) -> String {
        let cut = |s: &str| {
            // Control characters (NUL above all) shown as escapes, not written raw.
            let mut t: String = s
                .chars()
                .take(max)
                .map(|c| match c {
                    c if c.is_control() => c.escape_unicode().to_string(),
                    c => c.to_string(),
                })
                .collect();
            if s.chars().count() > max {
                t.push_str(&format!("… ({} characters)", s.chars().count()));
            }
            t
        };
        let headers: Vec<String> = self
            .headers
            .iter()
            .map(|(n, v)| format!("{n}: {}", cut(v)))
            .collect();
        format!(
            "{} {}?{}\n    headers: {}\n    body: {}",
            self.method,
            cut(&self.path),
            cut(&self.query),
            headers.join(" | "),
            cut(&self.body)
        )
    }
}
