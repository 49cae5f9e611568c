//! The `filter` of a postgres_changes binding, as realtime-js builds it:
//! `column=[not.]op.value`, several joined by top-level commas (all must
//! hold), `in.(a,b)` lists, PostgREST-style quoted values. Parsed here into
//! conditions that become SQL with the value as a parameter, evaluated by
//! PostgreSQL against the changed row with the column's own type.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Neq,
    Lt,
    Lte,
    Gt,
    Gte,
    In,
    Is,
    Like,
    Ilike,
    Match,
    Imatch,
    IsDistinct,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub column: String,
    pub negate: bool,
    pub op: Op,
    /// The value as text (an `in` list as a PostgreSQL array literal).
    pub value: String,
}

const MAX_IN_VALUES: usize = 100;

/// Splits on commas outside double quotes and parentheses.
fn split_top(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut quoted, mut escaped, mut start) =
        (Vec::new(), 0i32, false, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

fn unquote(value: &str) -> String {
    match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        Some(inner) => {
            let mut out = String::with_capacity(inner.len());
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => out.extend(chars.next()),
                    c => out.push(c),
                }
            }
            out
        }
        None => value.to_string(),
    }
}

/// An array literal element, quoted so commas, braces and quotes stay values.
fn array_element(value: &str) -> String {
    format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
}

pub fn parse(filter: &str) -> Result<Vec<Condition>, String> {
    let filter = filter.trim();
    if filter.is_empty() {
        return Ok(Vec::new());
    }
    split_top(filter)
        .into_iter()
        .map(|part| {
            let bad = || format!("Error parsing `filter` params: {part:?}");
            let (column, rest) = part.split_once('=').ok_or_else(bad)?;
            let column = column.trim();
            if column.is_empty() {
                return Err(bad());
            }
            let (negate, rest) = match rest.strip_prefix("not.") {
                Some(rest) => (true, rest),
                None => (false, rest),
            };
            let (op, value) = rest.split_once('.').ok_or_else(bad)?;
            let op = match op {
                "eq" => Op::Eq,
                "neq" => Op::Neq,
                "lt" => Op::Lt,
                "lte" => Op::Lte,
                "gt" => Op::Gt,
                "gte" => Op::Gte,
                "in" => Op::In,
                "is" => Op::Is,
                "like" => Op::Like,
                "ilike" => Op::Ilike,
                "match" => Op::Match,
                "imatch" => Op::Imatch,
                "isdistinct" => Op::IsDistinct,
                _ => return Err(bad()),
            };
            let value = match op {
                Op::In => {
                    let inner = value
                        .strip_prefix('(')
                        .and_then(|v| v.strip_suffix(')'))
                        .ok_or_else(bad)?;
                    let items: Vec<String> = split_top(inner)
                        .into_iter()
                        .map(|v| array_element(&unquote(v.trim())))
                        .collect();
                    if items.len() > MAX_IN_VALUES {
                        return Err(format!(
                            "Error parsing `filter` params: at most {MAX_IN_VALUES} values in `in`"
                        ));
                    }
                    format!("{{{}}}", items.join(","))
                }
                Op::Is => match value.to_ascii_lowercase().as_str() {
                    v @ ("null" | "true" | "false" | "unknown") => v.to_string(),
                    _ => return Err(bad()),
                },
                // PostgREST's wildcard, which realtime-js users write too.
                Op::Like | Op::Ilike => unquote(value).replace('*', "%"),
                _ => unquote(value),
            };
            Ok(Condition {
                column: column.to_string(),
                negate,
                op,
                value,
            })
        })
        .collect()
}

/// A quoted SQL identifier.
pub fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

impl Condition {
    /// The condition on `row.<column>` of type `sql_type` (from the catalog),
    /// its value the parameter `$param`.
    pub fn sql(&self, sql_type: &str, param: usize) -> String {
        let col = format!("r.{}", ident(&self.column));
        let value = format!("(${param}::text)::{sql_type}");
        let test = match self.op {
            Op::Eq => format!("{col} = {value}"),
            Op::Neq => format!("{col} <> {value}"),
            Op::Lt => format!("{col} < {value}"),
            Op::Lte => format!("{col} <= {value}"),
            Op::Gt => format!("{col} > {value}"),
            Op::Gte => format!("{col} >= {value}"),
            Op::In => format!("{col} = any((${param}::text)::{sql_type}[])"),
            Op::Is => format!("{col} is {}", self.value),
            Op::Like => format!("{col}::text like ${param}::text"),
            Op::Ilike => format!("{col}::text ilike ${param}::text"),
            Op::Match => format!("{col}::text ~ ${param}::text"),
            Op::Imatch => format!("{col}::text ~* ${param}::text"),
            Op::IsDistinct => format!("{col} is distinct from {value}"),
        };
        let test = format!("coalesce(({test}), false)");
        if self.negate {
            format!("not {test}")
        } else {
            test
        }
    }

    /// Whether the condition takes a parameter (`is` writes its keyword).
    pub fn has_param(&self) -> bool {
        self.op != Op::Is
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn realtime_js_filters_parse() {
        let parsed =
            parse("room_id=eq.1,body=not.ilike.*hi*,id=in.(1,\"2,3\",4),deleted_at=is.null")
                .unwrap();
        assert_eq!(parsed.len(), 4);
        assert_eq!(
            parsed[0],
            Condition {
                column: "room_id".into(),
                negate: false,
                op: Op::Eq,
                value: "1".into()
            }
        );
        assert!(parsed[1].negate);
        assert_eq!(parsed[2].value, r#"{"1","2,3","4"}"#);
        assert_eq!(parsed[3].op, Op::Is);
        assert_eq!(parse("").unwrap(), vec![]);
    }

    #[test]
    fn bad_filters_are_refused() {
        for bad in [
            "room_id",
            "room_id=foo.1",
            "=eq.1",
            "a=is.maybe",
            "a=in.1,2",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let many = (0..101)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",");
        assert!(parse(&format!("id=in.({many})")).is_err());
    }

    #[test]
    fn values_are_parameters_and_columns_are_quoted() {
        let c = &parse("we\"ird=eq.x'); drop table t; --").unwrap()[0];
        assert_eq!(
            c.sql("text", 2),
            "coalesce((r.\"we\"\"ird\" = ($2::text)::text), false)"
        );
        assert_eq!(c.value, "x'); drop table t; --");
    }
}
