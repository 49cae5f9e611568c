//! The cursor the query-parameter parsers walk, with Parsec's error discipline.
//!
//! To answer with PostgREST's error texts, failures are kept the way Parsec keeps
//! them: every failure records what was unexpected and what was expected where it
//! happened; consuming input discards what was collected before; a failed
//! `attempt` backtracks but keeps its error; a `label` replaces the expectations of
//! what it wraps; alternatives are tried only while nothing was consumed. The
//! grammar modules are ordinary recursive descent written against these
//! primitives.
//!
//! Collecting those messages costs more than the parse itself (every failed
//! alternative records what it expected), and they are only read when the
//! whole parse fails. So a parse runs first without them, and only a failed
//! one runs again to collect its error: the grammar's path never depends on
//! the messages.
//!
//! Recursive rules enter their nested part through [`Cursor::nested`], which
//! counts the depth and stops the parse at the limit (see `limits.rs`): once
//! a limit is hit every primitive fails, so the parse unwinds at once and
//! answers with the limit rather than a grammar error.

mod combinators;

use super::limits::Limit;
use super::perror::{Expected, Msg, PError, QpError};

/// A failed parse; the cursor holds the error. `consumed` tells alternatives
/// whether they may still try another branch.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fail {
    consumed: bool,
}

pub(crate) type PResult<T> = Result<T, Fail>;

pub(crate) struct Cursor {
    chars: Vec<char>,
    pos: usize,
    err: PError,
    /// Whether failures record their messages in `err`.
    track: bool,
    /// How many [`Cursor::nested`] rules are open.
    depth: usize,
    /// The limit that stopped the parse, and where.
    exceeded: Option<(Limit, usize)>,
}

pub(crate) type Parser<'p, T> = &'p dyn Fn(&mut Cursor) -> PResult<T>;

impl Cursor {
    pub fn new(input: &str) -> Self {
        Self {
            chars: input.chars().collect(),
            pos: 0,
            err: PError::unknown(0),
            track: true,
            depth: 0,
            exceeded: None,
        }
    }

    /// Runs `parser` over `input`; like PostgREST, trailing input is not an error
    /// unless the grammar itself asks for the end.
    #[cfg(test)]
    pub fn run<T>(
        source: &str,
        input: &str,
        parser: impl Fn(&mut Cursor) -> PResult<T>,
    ) -> Result<T, QpError> {
        Self::run_named(|| source.to_string(), input, parser)
    }

    /// [`Cursor::run`] with the source name made only when there is an error.
    pub fn run_named<T>(
        source: impl FnOnce() -> String,
        input: &str,
        parser: impl Fn(&mut Cursor) -> PResult<T>,
    ) -> Result<T, QpError> {
        let mut c = Cursor::new(input);
        c.track = false;
        let result = parser(&mut c);
        if let Some((limit, pos)) = c.exceeded {
            return Err(PError::render_limit(limit, pos, &source(), &c.chars));
        }
        if let Ok(value) = result {
            return Ok(value);
        }
        let mut c = Cursor::new(input);
        parser(&mut c).map_err(|_| c.err.render(&source(), &c.chars))
    }

    /// Runs `p` one nesting level deeper, or stops the whole parse when that
    /// would pass `limit`.
    pub fn nested<T>(
        &mut self,
        limit: Limit,
        p: impl FnOnce(&mut Cursor) -> PResult<T>,
    ) -> PResult<T> {
        if self.depth >= limit.max() {
            return self.exceed(limit);
        }
        self.depth += 1;
        let result = p(self);
        self.depth -= 1;
        result
    }

    /// Stops the parse here because of `limit`.
    pub fn exceed<T>(&mut self, limit: Limit) -> PResult<T> {
        if self.exceeded.is_none() {
            self.exceeded = Some((limit, self.pos));
        }
        Err(Fail { consumed: true })
    }

    /// After a limit was hit nothing matches any more.
    fn stopped(&self) -> bool {
        self.exceeded.is_some()
    }

    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn advance(&mut self, n: usize) {
        self.pos += n;
        if self.track {
            self.err = PError::unknown(self.pos);
        }
    }

    fn fail<T>(
        &mut self,
        pos: usize,
        msgs: impl FnOnce() -> Vec<Msg>,
        consumed: bool,
    ) -> PResult<T> {
        if self.track {
            let err = std::mem::replace(&mut self.err, PError::unknown(0));
            self.err = err.merge(PError { pos, msgs: msgs() });
        }
        Err(Fail { consumed })
    }

    /// Whether a failure happened without consuming input since `start`.
    pub fn empty(&self, fail: Fail, start: usize) -> bool {
        !fail.consumed && self.pos == start
    }

    pub fn satisfy(
        &mut self,
        pred: impl Fn(char) -> bool,
        label: Option<&'static str>,
    ) -> PResult<char> {
        self.satisfy_expecting(pred, label.map(Expected::Label))
    }

    fn satisfy_expecting(
        &mut self,
        pred: impl Fn(char) -> bool,
        expect: Option<Expected>,
    ) -> PResult<char> {
        if self.stopped() {
            return Err(Fail { consumed: true });
        }
        match self.peek() {
            Some(ch) if pred(ch) => {
                self.advance(1);
                Ok(ch)
            }
            found => {
                let msgs = || {
                    std::iter::once(Msg::SysUnExpect(found))
                        .chain(expect.map(Msg::Expect))
                        .collect()
                };
                self.fail(self.pos, msgs, false)
            }
        }
    }

    pub fn char(&mut self, want: char) -> PResult<char> {
        self.satisfy_expecting(|ch| ch == want, Some(Expected::Char(want)))
    }

    /// Parsec's `string`: reports at its start, and counts as consuming once the
    /// first character matched.
    pub fn string(&mut self, want: &'static str) -> PResult<()> {
        if self.stopped() {
            return Err(Fail { consumed: true });
        }
        for (i, w) in want.chars().enumerate() {
            let found = self.chars.get(self.pos + i).copied();
            if found != Some(w) {
                let msgs = || {
                    vec![
                        Msg::SysUnExpect(found),
                        Msg::Expect(Expected::Literal(want)),
                    ]
                };
                if i > 0 && self.track {
                    // A consumed failure stands alone: earlier empty failures at this
                    // position are not merged into it.
                    self.err = PError::unknown(self.pos);
                }
                return self.fail(self.pos, msgs, i > 0);
            }
        }
        self.advance(want.chars().count());
        Ok(())
    }

    pub fn eof(&mut self) -> PResult<()> {
        if self.stopped() {
            return Err(Fail { consumed: true });
        }
        match self.peek() {
            None => {
                if self.track {
                    let msgs = vec![
                        Msg::SysUnExpect(None),
                        Msg::Expect(Expected::Label("end of input")),
                    ];
                    let err = std::mem::replace(&mut self.err, PError::unknown(0));
                    self.err = err.merge(PError {
                        pos: self.pos,
                        msgs,
                    });
                }
                Ok(())
            }
            Some(ch) => {
                let msgs = || {
                    vec![
                        Msg::UnExpect(ch),
                        Msg::Expect(Expected::Label("end of input")),
                    ]
                };
                self.fail(self.pos, msgs, false)
            }
        }
    }

    /// Parsec's `notFollowedBy` over a one-character parser: when the character is
    /// there, the complaint is reported just past it.
    pub fn not_followed_by(
        &mut self,
        pred: impl Fn(char) -> bool,
        label: Option<&'static str>,
    ) -> PResult<()> {
        if self.stopped() {
            return Err(Fail { consumed: true });
        }
        match self.peek() {
            Some(ch) if pred(ch) => self.fail(self.pos + 1, || vec![Msg::UnExpect(ch)], false),
            _ => {
                let start = self.pos;
                let _ = self.satisfy(pred, label);
                debug_assert_eq!(self.pos, start);
                Ok(())
            }
        }
    }

    /// Parsec's `try`: backtrack on failure, keeping the error.
    pub fn attempt<T>(&mut self, p: impl FnOnce(&mut Cursor) -> PResult<T>) -> PResult<T> {
        let start = self.pos;
        if !self.track {
            return p(self).map_err(|_| {
                self.pos = start;
                Fail { consumed: false }
            });
        }
        let before = self.err.clone();
        p(self).map_err(|_| {
            self.pos = start;
            // Backtracking joins this error with those collected before the attempt,
            // which consuming input inside it had cleared.
            let inner = std::mem::replace(&mut self.err, PError::unknown(0));
            self.err = before.merge(inner);
            Fail { consumed: false }
        })
    }

    pub fn lookahead<T>(&mut self, p: impl FnOnce(&mut Cursor) -> PResult<T>) -> PResult<T> {
        let start = self.pos;
        if !self.track {
            let value = p(self)?;
            self.pos = start;
            return Ok(value);
        }
        let before = self.err.clone();
        let value = p(self)?;
        self.pos = start;
        self.err = before;
        Ok(value)
    }

    /// Parsec's `<?>`: when `p` consumed nothing, its expectations become `label`.
    pub fn label<T>(
        &mut self,
        label: &'static str,
        p: impl FnOnce(&mut Cursor) -> PResult<T>,
    ) -> PResult<T> {
        if !self.track {
            return p(self);
        }
        let start = self.pos;
        let before = std::mem::replace(&mut self.err, PError::unknown(start));
        let result = p(self);
        let consumed = match &result {
            Ok(_) => self.pos != start,
            Err(f) => !self.empty(*f, start),
        };
        if !consumed {
            if result.is_err() || !self.err.msgs.is_empty() {
                self.err.set_expect(label);
            }
            let inner = std::mem::replace(&mut self.err, PError::unknown(0));
            self.err = before.merge(inner);
        }
        result
    }

    /// Everything left, for values that run to the end of the parameter.
    pub fn rest(&mut self) -> String {
        let s: String = self.chars[self.pos..].iter().collect();
        if !s.is_empty() {
            self.advance(self.chars.len() - self.pos);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn furthest_error_wins_and_same_position_merges() {
        let r = Cursor::run("src", "ab", |c| {
            c.alt(&[&|c| c.attempt(|c| c.string("ax")), &|c| c.string("b")])
        });
        insta::assert_debug_snapshot!(r, @r#"
        Err(
            QpError {
                message: "\"src\" (line 1, column 1)",
                details: "unexpected \"b\" expecting \"ax\" or \"b\"",
            },
        )
        "#);
    }
}
