//! `order=` (and `rel.order=`): terms `col[.asc|.desc][.nullsfirst|.nullslast]`, on
//! JSON paths and on to-one embeds (`rel(col).desc`).

use serde::Serialize;

use super::cursor::{Cursor, PResult};
use super::syntax::{delimiter, field, field_name, Field};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrderTerm {
    /// The embedded resource the field belongs to, for `rel(col)` terms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relation: Option<String>,
    pub field: Field,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<Direction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nulls: Option<Nulls>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Asc,
    Desc,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Nulls {
    First,
    Last,
}

pub(crate) fn order(c: &mut Cursor) -> PResult<Vec<OrderTerm>> {
    c.sep_by1(
        |c| c.lexeme(|c| c.alt(&[&|c| c.attempt(relation_term), &plain_term])),
        |c| c.char(','),
    )
}

fn plain_term(c: &mut Cursor) -> PResult<OrderTerm> {
    let field = field(c)?;
    modifiers(c, None, field)
}

fn relation_term(c: &mut Cursor) -> PResult<OrderTerm> {
    let relation = field_name(c)?;
    c.char('(')?;
    let field = field(c)?;
    c.char(')')?;
    modifiers(c, Some(relation), field)
}

fn dotted<T: Copy>(c: &mut Cursor, word: &'static str, value: T) -> PResult<T> {
    c.attempt(|c| {
        delimiter(c)?;
        c.string(word)?;
        Ok(value)
    })
}

fn term_end(c: &mut Cursor) -> PResult<()> {
    c.alt(&[
        &|c| c.attempt(|c| c.lookahead(|c| c.char(',')).map(|_| ())),
        &|c| c.attempt(|c| c.eof()),
    ])
}

fn modifiers(c: &mut Cursor, relation: Option<String>, field: Field) -> PResult<OrderTerm> {
    let direction = c.optional(|c| {
        c.alt(&[&|c| dotted(c, "asc", Direction::Asc), &|c| {
            dotted(c, "desc", Direction::Desc)
        }])
    })?;
    let nulls = c.alt(&[
        &|c| {
            let nulls = c.optional(|c| {
                c.alt(&[&|c| dotted(c, "nullsfirst", Nulls::First), &|c| {
                    dotted(c, "nullslast", Nulls::Last)
                }])
            })?;
            term_end(c)?;
            Ok(nulls)
        },
        &|c| term_end(c).map(|_| None),
    ])?;
    Ok(OrderTerm {
        relation,
        field,
        direction,
        nulls,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ord(input: &str) -> String {
        match Cursor::run_named(|| format!("failed to parse order ({input})"), input, order) {
            Ok(terms) => serde_json::to_string(&terms).unwrap(),
            Err(e) => format!("{} | {}", e.message, e.details),
        }
    }

    #[test]
    fn terms() {
        insta::assert_snapshot!(ord("id"), @r#"[{"field":{"name":"id"}}]"#);
        insta::assert_snapshot!(ord("a.desc.nullsfirst,b.asc.nullslast,c"), @r#"[{"field":{"name":"a"},"direction":"desc","nulls":"first"},{"field":{"name":"b"},"direction":"asc","nulls":"last"},{"field":{"name":"c"}}]"#);
        insta::assert_snapshot!(ord("a.nullslast, b.desc"), @r#"[{"field":{"name":"a"},"nulls":"last"},{"field":{"name":"b"},"direction":"desc"}]"#);
        insta::assert_snapshot!(ord("json_col->key.asc.nullslast"), @r#"[{"field":{"name":"json_col","json_path":[{"arrow":"json","operand":{"key":"key"}}]},"direction":"asc","nulls":"last"}]"#);
        insta::assert_snapshot!(ord("data->0->>b.desc"), @r#"[{"field":{"name":"data","json_path":[{"arrow":"json","operand":{"index":0}},{"arrow":"text","operand":{"key":"b"}}]},"direction":"desc"}]"#);
        insta::assert_snapshot!(ord("clients(json_col->key).desc.nullsfirst"), @r#"[{"relation":"clients","field":{"name":"json_col","json_path":[{"arrow":"json","operand":{"key":"key"}}]},"direction":"desc","nulls":"first"}]"#);
        insta::assert_snapshot!(ord("name,clients(name),id"), @r#"[{"field":{"name":"name"}},{"relation":"clients","field":{"name":"name"}},{"field":{"name":"id"}}]"#);
        insta::assert_snapshot!(ord(r#""my col".desc"#), @r#"[{"field":{"name":"my col"},"direction":"desc"}]"#);
    }

    #[test]
    fn errors() {
        insta::assert_snapshot!(ord("clients(name,id)"), @r#""failed to parse order (clients(name,id))" (line 1, column 8) | unexpected '(' expecting letter, digit, "-", "->>", "->", delimiter (.), "," or end of input"#);
        insta::assert_snapshot!(ord("id.ac"), @r#""failed to parse order (id.ac)" (line 1, column 4) | unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast""#);
        insta::assert_snapshot!(ord("id.descc"), @r#""failed to parse order (id.descc)" (line 1, column 8) | unexpected 'c' expecting delimiter (.), "," or end of input"#);
        insta::assert_snapshot!(ord("id.nulsfist"), @r#""failed to parse order (id.nulsfist)" (line 1, column 4) | unexpected "n" expecting "asc", "desc", "nullsfirst" or "nullslast""#);
        insta::assert_snapshot!(ord("id.nullslasttt"), @r#""failed to parse order (id.nullslasttt)" (line 1, column 13) | unexpected 't' expecting "," or end of input"#);
        insta::assert_snapshot!(ord("id.smth34"), @r#""failed to parse order (id.smth34)" (line 1, column 4) | unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast""#);
        insta::assert_snapshot!(ord("id.asc.nlsfst"), @r#""failed to parse order (id.asc.nlsfst)" (line 1, column 8) | unexpected "l" expecting "nullsfirst" or "nullslast""#);
        insta::assert_snapshot!(ord("id.asc.nullslasttt"), @r#""failed to parse order (id.asc.nullslasttt)" (line 1, column 17) | unexpected 't' expecting "," or end of input"#);
        insta::assert_snapshot!(ord("id.asc.smth34"), @r#""failed to parse order (id.asc.smth34)" (line 1, column 8) | unexpected "s" expecting "nullsfirst" or "nullslast""#);
        insta::assert_snapshot!(ord("id,"), @r#""failed to parse order (id,)" (line 1, column 4) | unexpected end of input expecting field name (* or [a..z0..9_$])"#);
    }
}
