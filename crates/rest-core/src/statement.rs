//! `Statement`: SQL text with its bound parameters, the only form in which SQL
//! leaves `sql/`. Values never enter the text; `push` hands out `$n`.

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub enum Param {
    Text(String),
    TextArray(Vec<String>),
    Int(i64),
}

#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Statement {
    pub text: String,
    pub params: Vec<Param>,
}

impl Statement {
    /// Bind `param` and return its placeholder.
    pub fn bind(&mut self, param: Param) -> String {
        self.params.push(param);
        format!("${}", self.params.len())
    }

    pub fn bind_text(&mut self, value: impl Into<String>) -> String {
        self.bind(Param::Text(value.into()))
    }
}

/// Quote an identifier for PostgreSQL (`"` doubled), whatever it contains.
pub fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// `"schema"."name"`.
pub fn qualified(schema: &str, name: &str) -> String {
    format!("{}.{}", ident(schema), ident(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_count_up_and_identifiers_are_quoted() {
        let mut s = Statement::default();
        assert_eq!(s.bind_text("a"), "$1");
        assert_eq!(s.bind(Param::Int(2)), "$2");
        assert_eq!(ident(r#"we"ird"#), r#""we""ird""#);
        assert_eq!(qualified("public", "books"), r#""public"."books""#);
    }
}
