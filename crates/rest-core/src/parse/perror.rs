//! Parsec's error values and their text. PostgREST's query parsers are Parsec
//! parsers, so its PGRST100 bodies carry Parsec's wording: a position
//! (`(line 1, column 16)`) and `unexpected '[' expecting letter, digit, … or end of
//! input`. This module owns what one failure records, how failures combine
//! (the furthest wins, equal positions merge), and how they print, including
//! Haskell's `show` of the characters involved.

use super::limits::Limit;

/// One thing a failure says. Kept as the raw characters and literals (no
/// allocation: failed alternatives are the parser's hot path) and shown with
/// Haskell's `show` only when an error is rendered.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Msg {
    /// What was found instead of what was expected: a character, or the end of
    /// input (`None`).
    SysUnExpect(Option<char>),
    /// A character that must not come here (`notFollowedBy`, `eof`).
    UnExpect(char),
    Expect(Expected),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Expected {
    /// A label, printed as it is.
    Label(&'static str),
    /// A literal the grammar wanted, printed as a Haskell string.
    Literal(&'static str),
    /// One character the grammar wanted, printed as a one-character string.
    Char(char),
}

impl Msg {
    fn shown(&self) -> String {
        match self {
            Msg::SysUnExpect(None) => String::new(),
            Msg::SysUnExpect(Some(ch)) | Msg::Expect(Expected::Char(ch)) => {
                let mut buf = [0u8; 4];
                show_string(ch.encode_utf8(&mut buf))
            }
            Msg::UnExpect(ch) => show_char(*ch),
            Msg::Expect(Expected::Label(l)) => (*l).to_string(),
            Msg::Expect(Expected::Literal(l)) => show_string(l),
        }
    }
}

#[derive(Debug, Clone)]
pub(super) struct PError {
    pub(super) pos: usize,
    pub(super) msgs: Vec<Msg>,
}

impl PError {
    pub(super) fn unknown(pos: usize) -> Self {
        Self {
            pos,
            msgs: Vec::new(),
        }
    }

    pub(super) fn merge(self, other: PError) -> PError {
        // Parsec prefers an error that says something over an empty one, then the
        // one that got furthest, and merges errors at the same position.
        match (self.msgs.is_empty(), other.msgs.is_empty()) {
            (false, true) => return self,
            (true, false) => return other,
            _ => {}
        }
        match self.pos.cmp(&other.pos) {
            std::cmp::Ordering::Greater => self,
            std::cmp::Ordering::Less => other,
            std::cmp::Ordering::Equal => {
                let mut msgs = self.msgs;
                msgs.extend(other.msgs);
                PError {
                    pos: self.pos,
                    msgs,
                }
            }
        }
    }

    pub(super) fn set_expect(&mut self, label: &'static str) {
        self.msgs.retain(|m| !matches!(m, Msg::Expect(_)));
        self.msgs.insert(0, Msg::Expect(Expected::Label(label)));
    }

    /// A parse stopped by `limit` at `pos`: the limit is the message, and
    /// where it was hit the details, with the source shortened (it is the whole
    /// parameter, which here is long by definition).
    pub(super) fn render_limit(limit: Limit, pos: usize, source: &str, input: &[char]) -> QpError {
        const SHOWN: usize = 80;
        let (line, column) = line_column(input, pos);
        let mut shown: String = source.chars().take(SHOWN).collect();
        if source.chars().nth(SHOWN).is_some() {
            shown.push('…');
        }
        QpError {
            message: limit.message(),
            details: format!("\"{shown}\" (line {line}, column {column})"),
        }
    }

    /// The error as PostgREST prints it, with `source` naming the parameter.
    pub(super) fn render(&self, source: &str, input: &[char]) -> QpError {
        let (line, column) = line_column(input, self.pos);
        QpError {
            message: format!("\"{source}\" (line {line}, column {column})"),
            details: show_messages(&self.msgs),
        }
    }
}

/// A parse error rendered as PostgREST does: `message` is the source name with the
/// position, `details` the unexpected/expecting text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct QpError {
    pub message: String,
    pub details: String,
}

/// Parsec's positions: tabs advance to the next multiple of eight plus one.
fn line_column(input: &[char], pos: usize) -> (usize, usize) {
    let (mut line, mut col) = (1, 1);
    for ch in input.iter().take(pos) {
        match ch {
            '\n' => (line, col) = (line + 1, 1),
            '\t' => col = col + 8 - ((col - 1) % 8),
            _ => col += 1,
        }
    }
    (line, col)
}

/// Parsec's `showErrorMessages` with the words PostgREST passes, on one line.
fn show_messages(msgs: &[Msg]) -> String {
    if msgs.is_empty() {
        return "unknown parse error".into();
    }
    let shown = |keep: fn(&Msg) -> bool| -> Vec<String> {
        msgs.iter().filter(|m| keep(m)).map(Msg::shown).collect()
    };
    let sys = shown(|m| matches!(m, Msg::SysUnExpect(_)));
    let unexp = shown(|m| matches!(m, Msg::UnExpect(_)));
    let exp = shown(|m| matches!(m, Msg::Expect(_)));
    let mut parts = Vec::new();
    if unexp.is_empty() {
        if let Some(first) = sys.first() {
            parts.push(if first.is_empty() {
                "unexpected end of input".to_string()
            } else {
                format!("unexpected {first}")
            });
        }
    }
    let unexp = commas_or(&unexp);
    if !unexp.is_empty() {
        parts.push(format!("unexpected {unexp}"));
    }
    let exp = commas_or(&exp);
    if !exp.is_empty() {
        parts.push(format!("expecting {exp}"));
    }
    parts.join(" ")
}

fn commas_or(items: &[String]) -> String {
    let mut clean: Vec<&str> = Vec::new();
    for s in items {
        if !s.is_empty() && !clean.contains(&s.as_str()) {
            clean.push(s);
        }
    }
    match clean.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, init)) => format!("{} or {last}", init.join(", ")),
    }
}

const ASCII_NAMES: [&str; 32] = [
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "a", "b", "t", "n", "v", "f", "r", "SO", "SI",
    "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS",
    "RS", "US",
];

/// Haskell's `show` of one character inside a literal, as parse errors print it.
fn escape(ch: char, next: Option<char>, quote: char, out: &mut String) {
    match ch {
        '\\' => out.push_str("\\\\"),
        c if c == quote => {
            out.push('\\');
            out.push(c);
        }
        '\x7f' => out.push_str("\\DEL"),
        c if (c as u32) < 32 => {
            out.push('\\');
            out.push_str(ASCII_NAMES[c as usize]);
            if c == '\x0e' && next == Some('H') {
                out.push_str("\\&");
            }
        }
        c if (c as u32) > 127 => {
            out.push_str(&format!("\\{}", c as u32));
            if next.is_some_and(|n| n.is_ascii_digit()) {
                out.push_str("\\&");
            }
        }
        c => out.push(c),
    }
}

pub(super) fn show_string(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::from("\"");
    for (i, ch) in chars.iter().enumerate() {
        escape(*ch, chars.get(i + 1).copied(), '"', &mut out);
    }
    out.push('"');
    out
}

pub(super) fn show_char(ch: char) -> String {
    let mut out = String::from("'");
    escape(ch, None, '\'', &mut out);
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn haskell_show() {
        assert_eq!(show_string("a\"b\\"), r#""a\"b\\""#);
        assert_eq!(show_string("é1"), r#""\233\&1""#);
        assert_eq!(show_string("\n"), r#""\n""#);
        assert_eq!(show_char('\''), r"'\''");
        assert_eq!(show_char('x'), "'x'");
    }

    #[test]
    fn positions_count_tabs_and_lines() {
        let input: Vec<char> = "a\tb\nc".chars().collect();
        assert_eq!(line_column(&input, 2), (1, 9));
        assert_eq!(line_column(&input, 4), (2, 1));
    }

    #[test]
    fn empty_errors_say_so() {
        assert_eq!(show_messages(&[]), "unknown parse error");
    }
}
