//! Combinators over the cursor's primitives: alternatives, optional and
//! repeated parts, separated lists and whitespace, with Parsec's rule that an
//! alternative is tried only while nothing was consumed.

use super::{Cursor, Fail, PResult, Parser};

impl Cursor {
    pub fn alt<T>(&mut self, parsers: &[Parser<'_, T>]) -> PResult<T> {
        let start = self.pos;
        for p in parsers {
            match p(self) {
                Err(f) if self.empty(f, start) => continue,
                other => return other,
            }
        }
        Err(Fail { consumed: false })
    }

    pub fn optional<T>(&mut self, p: impl FnOnce(&mut Cursor) -> PResult<T>) -> PResult<Option<T>> {
        let start = self.pos;
        match p(self) {
            Ok(v) => Ok(Some(v)),
            Err(f) if self.empty(f, start) => Ok(None),
            Err(f) => Err(f),
        }
    }

    pub fn many<T>(&mut self, p: impl Fn(&mut Cursor) -> PResult<T>) -> PResult<Vec<T>> {
        let mut out = Vec::new();
        loop {
            let start = self.pos;
            match p(self) {
                Ok(v) if self.pos != start => out.push(v),
                Ok(_) => return Ok(out),
                Err(f) if self.empty(f, start) => return Ok(out),
                Err(f) => return Err(f),
            }
        }
    }

    pub fn many1<T>(&mut self, p: impl Fn(&mut Cursor) -> PResult<T>) -> PResult<Vec<T>> {
        let first = p(self)?;
        let mut rest = self.many(p)?;
        rest.insert(0, first);
        Ok(rest)
    }

    pub fn sep_by1<T, S>(
        &mut self,
        p: impl Fn(&mut Cursor) -> PResult<T>,
        sep: impl Fn(&mut Cursor) -> PResult<S>,
    ) -> PResult<Vec<T>> {
        let mut out = vec![p(self)?];
        loop {
            let start = self.pos;
            match sep(self) {
                Ok(_) => {}
                Err(f) if self.empty(f, start) => return Ok(out),
                Err(f) => return Err(f),
            }
            match p(self) {
                Ok(v) => out.push(v),
                Err(_) => return Err(Fail { consumed: true }),
            }
        }
    }

    pub fn sep_by<T, S>(
        &mut self,
        p: impl Fn(&mut Cursor) -> PResult<T>,
        sep: impl Fn(&mut Cursor) -> PResult<S>,
    ) -> PResult<Vec<T>> {
        let start = self.pos;
        match self.sep_by1(p, sep) {
            Err(f) if self.empty(f, start) => Ok(Vec::new()),
            other => other,
        }
    }

    /// Spaces and tabs, as PostgREST's `lexeme` skips them.
    pub fn ws(&mut self) -> PResult<()> {
        self.many(|c| c.satisfy(|ch| ch == ' ' || ch == '\t', None))
            .map(|_| ())
    }

    pub fn lexeme<T>(&mut self, p: impl FnOnce(&mut Cursor) -> PResult<T>) -> PResult<T> {
        self.ws()?;
        let v = p(self)?;
        self.ws()?;
        Ok(v)
    }
}
