//! How deep or long the unbounded parts of the query grammar may go. The
//! parser, the planner and the SQL renderer all recurse over logic trees and
//! embeds, so a request nested thousands of levels deep would overflow a
//! worker's stack and take the whole process down. The parser refuses such
//! input before it recurses past these limits, and everything after it works
//! on trees no deeper than they allow. PostgREST has no such limits (its
//! runtime has no fixed stack); these are far above what applications write.

/// One capped part of the grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Limit {
    /// `or=(…)`/`and=(…)`/`not.or(…)` nesting, the outermost group counting as one.
    Logic,
    /// Embedded resources inside embedded resources in `select=`: `a(b(c(…)))`.
    Embed,
    /// Steps of one JSON path: `data->a->b->>c` has three.
    JsonPath,
}

/// Nesting levels of `or`/`and` groups.
pub const MAX_LOGIC_DEPTH: usize = 32;
/// Levels of embedded resources below the top level of `select=`.
pub const MAX_EMBED_DEPTH: usize = 32;
/// `->`/`->>` steps in one field's JSON path.
pub const MAX_JSON_PATH: usize = 64;

impl Limit {
    pub(crate) fn max(self) -> usize {
        match self {
            Limit::Logic => MAX_LOGIC_DEPTH,
            Limit::Embed => MAX_EMBED_DEPTH,
            Limit::JsonPath => MAX_JSON_PATH,
        }
    }

    /// The sentence a client sees as the error's `message`.
    pub(crate) fn message(self) -> String {
        match self {
            Limit::Logic => format!("logic tree nested deeper than {} levels", self.max()),
            Limit::Embed => format!(
                "select nests embedded resources deeper than {} levels",
                self.max()
            ),
            Limit::JsonPath => format!("JSON path longer than {} steps", self.max()),
        }
    }
}

#[cfg(test)]
mod tests;
