use super::*;
use crate::parse::query::parse;

/// The query's parse error as `status code message | details`, or `ok`.
fn q(query: &str) -> String {
    match parse(query, false) {
        Ok(_) => "ok".into(),
        Err(e) => {
            let body = e.to_json();
            format!(
                "{} {} {} | {}",
                e.status(),
                body["code"].as_str().unwrap_or_default(),
                body["message"].as_str().unwrap_or_default(),
                body["details"].as_str().unwrap_or_default()
            )
        }
    }
}

fn or_nested(depth: usize) -> String {
    format!(
        "or=({}a.eq.1{})",
        "or(".repeat(depth - 1),
        ")".repeat(depth - 1)
    )
}

fn select_nested(depth: usize) -> String {
    format!("select={}id{}", "a(".repeat(depth), ")".repeat(depth))
}

fn json_path(steps: usize) -> String {
    format!("select=data{}", "->k".repeat(steps))
}

#[test]
fn logic_trees_stop_at_their_limit() {
    assert_eq!(q(&or_nested(MAX_LOGIC_DEPTH)), "ok");
    insta::assert_snapshot!(q(&or_nested(MAX_LOGIC_DEPTH + 1)), @r#"400 PGRST100 logic tree nested deeper than 32 levels | "failed to parse logic tree ((or(or(or(or(or(or(or(or(or(or(or(or(or(or(or(or(or(…" (line 1, column 100)"#);
    insta::assert_snapshot!(q("not.and=(a.eq.1,not.or(b.eq.2,and(c.eq.3)))"), @"ok");
}

#[test]
fn hostile_depths_are_refused_without_recursing_into_them() {
    for depth in [1_600, 8_000, 100_000] {
        let out = q(&or_nested(depth));
        assert!(
            out.starts_with("400 PGRST100 logic tree nested deeper than 32 levels"),
            "{out}"
        );
    }
    let and = format!("and=({}a.eq.1{})", "and(".repeat(1_999), ")".repeat(1_999));
    assert!(q(&and).starts_with("400 PGRST100 logic tree nested deeper"));
    let embedded = format!(
        "rel.or=({}a.eq.1{})",
        "not.or(".repeat(5_000),
        ")".repeat(5_000)
    );
    assert!(q(&embedded).starts_with("400 PGRST100 logic tree nested deeper"));
    let unclosed = format!("or=({}", "or(".repeat(50_000));
    assert!(q(&unclosed).starts_with("400 PGRST100 logic tree nested deeper"));
    for depth in [3_000, 100_000] {
        assert!(q(&select_nested(depth)).starts_with("400 PGRST100 select nests embedded"));
    }
    let spreads = format!("select={}id{}", "...a(".repeat(3_000), ")".repeat(3_000));
    assert!(q(&spreads).starts_with("400 PGRST100 select nests embedded"));
}

#[test]
fn embeds_stop_at_their_limit() {
    assert_eq!(q(&select_nested(MAX_EMBED_DEPTH)), "ok");
    insta::assert_snapshot!(q(&select_nested(MAX_EMBED_DEPTH + 1)), @r#"400 PGRST100 select nests embedded resources deeper than 32 levels | "failed to parse select parameter (a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(…" (line 1, column 67)"#);
    insta::assert_snapshot!(q("select=x:a!inner(b(...c!hint(id)))"), @"ok");
}

#[test]
fn json_paths_stop_at_their_limit() {
    assert_eq!(q(&json_path(MAX_JSON_PATH)), "ok");
    insta::assert_snapshot!(q(&json_path(MAX_JSON_PATH + 1)), @r#"400 PGRST100 JSON path longer than 64 steps | "failed to parse select parameter (data->k->k->k->k->k->k->k->k->k->k->k->k->k->k…" (line 1, column 200)"#);
    let filter = format!("data{}=eq.1", "->>0".repeat(MAX_JSON_PATH + 1));
    assert!(q(&filter).starts_with("400 PGRST100 JSON path longer than 64 steps"));
    let order = format!("order=data{}.desc", "->x".repeat(10_000));
    assert!(q(&order).starts_with("400 PGRST100 JSON path longer than 64 steps"));
}

#[test]
fn nul_is_refused_in_names_and_values() {
    insta::assert_snapshot!(q("select=%22a%00b%22:id"), @r#"400 PGRST100 the query parameter "select" contains the NUL character (%00) | PostgreSQL text cannot hold NUL; found in the parameter's value at column 3"#);
    insta::assert_snapshot!(q("select=id,data-%3Ea%00b"), @r#"400 PGRST100 the query parameter "select" contains the NUL character (%00) | PostgreSQL text cannot hold NUL; found in the parameter's value at column 11"#);
    insta::assert_snapshot!(q("ti%00tle=eq.1"), @r#"400 PGRST100 the query parameter "ti\0tle" contains the NUL character (%00) | PostgreSQL text cannot hold NUL; found in the parameter's name at column 3"#);
    insta::assert_snapshot!(q("title=eq.a%00b"), @r#"400 PGRST100 the query parameter "title" contains the NUL character (%00) | PostgreSQL text cannot hold NUL; found in the parameter's value at column 5"#);
    assert!(q("or=(title.eq.%00)").contains("NUL"));
    assert!(q("order=%22ti%00tle%22").contains("NUL"));
}
