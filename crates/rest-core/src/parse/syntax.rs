//! The lexical pieces every query parameter shares: field names (plain, dashed or
//! double-quoted), identifiers, JSON paths (`->`, `->>`, array indexes), fields,
//! embed paths (`rel.sub.col`) and comma lists of names (`columns`, `on_conflict`).

use serde::Serialize;

use super::cursor::{Cursor, PResult};
use super::limits::Limit;

/// A column (or other name) with an optional JSON path: `data->a->>b`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Field {
    pub name: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub json_path: Vec<JsonStep>,
}

/// One `->` (keeps JSON) or `->>` (yields text) step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JsonStep {
    pub arrow: JsonArrow,
    pub operand: JsonOperand,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum JsonArrow {
    /// `->`
    Json,
    /// `->>`
    Text,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum JsonOperand {
    Key(String),
    Index(i64),
}

/// The names of embedded resources leading to a parameter's target; empty = root.
pub type EmbedPath = Vec<String>;

const FIELD_NAME: &str = "field name (* or [a..z0..9_$])";

/// `"…"` with backslash escapes.
pub(crate) fn quoted_value(c: &mut Cursor) -> PResult<String> {
    c.char('"')?;
    let chars = c.many(|c| {
        c.alt(&[&|c| c.satisfy(|ch| ch != '\\' && ch != '"', None), &|c| {
            c.char('\\')?;
            c.satisfy(|_| true, None)
        }])
    })?;
    c.char('"')?;
    Ok(chars.into_iter().collect())
}

pub(crate) fn identifier(c: &mut Cursor) -> PResult<String> {
    let chars = c.many1(|c| {
        c.alt(&[
            &|c| c.satisfy(char::is_alphabetic, Some("letter")),
            &|c| c.satisfy(|ch| ch.is_ascii_digit(), Some("digit")),
            &|c| c.satisfy(|ch| matches!(ch, '_' | ' ' | '$'), None),
        ])
    })?;
    Ok(chars.into_iter().collect::<String>().trim().to_string())
}

/// Pieces joined by dashes, where a dash must not start a `->` arrow.
fn sep_by_dash(c: &mut Cursor, piece: fn(&mut Cursor) -> PResult<String>) -> PResult<String> {
    let parts = c.sep_by1(piece, |c| {
        c.attempt(|c| {
            c.char('-')?;
            c.not_followed_by(|ch| ch == '>', Some("\">\""))
        })
    })?;
    Ok(parts.join("-"))
}

pub(crate) fn field_name(c: &mut Cursor) -> PResult<String> {
    c.label(FIELD_NAME, |c| {
        c.alt(&[&quoted_value, &|c| sep_by_dash(c, identifier)])
    })
}

pub(crate) fn delimiter(c: &mut Cursor) -> PResult<char> {
    c.label("delimiter (.)", |c| c.char('.'))
}

fn json_key_piece(c: &mut Cursor) -> PResult<String> {
    let chars = c.many1(|c| c.satisfy(|ch| !"(-:.,>)".contains(ch), None))?;
    Ok(chars.into_iter().collect::<String>().trim().to_string())
}

fn json_index(c: &mut Cursor) -> PResult<JsonOperand> {
    let minus = c.optional(|c| c.char('-'))?.is_some();
    let digits: String = c
        .many1(|c| c.satisfy(|ch| ch.is_ascii_digit(), Some("digit")))?
        .into_iter()
        .collect();
    c.alt(&[
        &|c| c.attempt(|c| c.lookahead(|c| c.string("->"))),
        &|c| c.attempt(|c| c.lookahead(|c| c.string("::"))),
        &|c| c.attempt(|c| c.lookahead(|c| c.string("."))),
        &|c| c.attempt(|c| c.lookahead(|c| c.string(","))),
        &|c| c.attempt(|c| c.eof()),
    ])?;
    let text = if minus {
        format!("-{digits}")
    } else {
        digits.clone()
    };
    // An index too large for any array behaves like the missing key it names.
    Ok(text
        .parse()
        .map(JsonOperand::Index)
        .unwrap_or(JsonOperand::Key(digits)))
}

fn json_operand(c: &mut Cursor) -> PResult<JsonOperand> {
    c.alt(&[&|c| c.attempt(json_index), &|c| {
        c.attempt(|c| {
            c.label("any non reserved character different from: .,>()", |c| {
                c.alt(&[&quoted_value, &|c| sep_by_dash(c, json_key_piece)])
            })
            .map(JsonOperand::Key)
        })
    }])
}

/// At most `MAX_JSON_PATH` steps: each becomes an operator PostgreSQL nests
/// (and a bound parameter), so the length is capped like the trees are.
pub(crate) fn json_path(c: &mut Cursor) -> PResult<Vec<JsonStep>> {
    let steps = c.many(|c| {
        let arrow = c.alt(&[
            &|c| c.attempt(|c| c.string("->>")).map(|_| JsonArrow::Text),
            &|c| c.attempt(|c| c.string("->")).map(|_| JsonArrow::Json),
        ])?;
        Ok(JsonStep {
            arrow,
            operand: json_operand(c)?,
        })
    })?;
    if steps.len() > Limit::JsonPath.max() {
        return c.exceed(Limit::JsonPath);
    }
    Ok(steps)
}

/// A field name with its JSON path, surrounded by optional blanks.
pub(crate) fn field(c: &mut Cursor) -> PResult<Field> {
    c.lexeme(|c| {
        let name = field_name(c)?;
        let json_path = json_path(c)?;
        Ok(Field { name, json_path })
    })
}

/// A filter or order key: `rel.sub.col->json`.
pub(crate) fn tree_path(c: &mut Cursor) -> PResult<(EmbedPath, Field)> {
    let mut names = c.sep_by1(field_name, delimiter)?;
    let json_path = json_path(c)?;
    let name = names.pop().unwrap_or_default();
    Ok((names, Field { name, json_path }))
}

/// `columns=` and `on_conflict=`.
pub(crate) fn columns(c: &mut Cursor) -> PResult<Vec<String>> {
    c.sep_by1(field_name, |c| c.lexeme(|c| c.char(',')))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run<T: std::fmt::Debug>(input: &str, p: fn(&mut Cursor) -> PResult<T>) -> String {
        match Cursor::run("src", input, p) {
            Ok(v) => format!("{v:?}"),
            Err(e) => format!("{} | {}", e.message, e.details),
        }
    }

    #[test]
    fn field_names() {
        insta::assert_snapshot!(run("identifier with spaces", field_name), @r#""identifier with spaces""#);
        insta::assert_snapshot!(run("identifier-with-dashes", field_name), @r#""identifier-with-dashes""#);
        insta::assert_snapshot!(run("$_1", field_name), @r#""$_1""#);
        insta::assert_snapshot!(run(r#""my \"odd\" col""#, field_name), @r#""my \"odd\" col""#);
        insta::assert_snapshot!(run(r#"" padded ""#, field_name), @r#"" padded ""#);
        insta::assert_snapshot!(run(" trimmed ", field_name), @r#""trimmed""#);
        insta::assert_snapshot!(run(":", field_name), @r#""src" (line 1, column 1) | unexpected ":" expecting field name (* or [a..z0..9_$])"#);
    }

    #[test]
    fn json_paths() {
        insta::assert_snapshot!(run("->text", json_path), @r#"[JsonStep { arrow: Json, operand: Key("text") }]"#);
        insta::assert_snapshot!(run("->!@#$%^&*_a", json_path), @r#"[JsonStep { arrow: Json, operand: Key("!@#$%^&*_a") }]"#);
        insta::assert_snapshot!(run("->>1", json_path), @"[JsonStep { arrow: Text, operand: Index(1) }]");
        insta::assert_snapshot!(run("->0,other", json_path), @"[JsonStep { arrow: Json, operand: Index(0) }]");
        insta::assert_snapshot!(run("->-2->a", json_path), @r#"[JsonStep { arrow: Json, operand: Index(-2) }, JsonStep { arrow: Json, operand: Key("a") }]"#);
        insta::assert_snapshot!(run("->>-78xy", json_path), @r#""src" (line 1, column 7) | unexpected 'x' expecting digit, "->", "::", ".", "," or end of input"#);
        insta::assert_snapshot!(run("->>--34", json_path), @r#""src" (line 1, column 5) | unexpected "-" expecting digit"#);
        insta::assert_snapshot!(run("->>-xy-4", json_path), @r#""src" (line 1, column 5) | unexpected "x" expecting digit"#);
    }

    #[test]
    fn tree_paths_and_columns() {
        insta::assert_snapshot!(run("rel.sub.data->>a", tree_path), @r#"(["rel", "sub"], Field { name: "data", json_path: [JsonStep { arrow: Text, operand: Key("a") }] })"#);
        insta::assert_snapshot!(run("a..b", tree_path), @r#""src" (line 1, column 3) | unexpected "." expecting field name (* or [a..z0..9_$])"#);
        insta::assert_snapshot!(run(r#"id, "my col" ,name"#, columns), @r#"["id", "my col", "name"]"#);
        insta::assert_snapshot!(run("id,", columns), @r#""src" (line 1, column 4) | unexpected end of input expecting field name (* or [a..z0..9_$])"#);
    }
}
