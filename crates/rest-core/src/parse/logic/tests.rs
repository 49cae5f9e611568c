use super::*;

/// Parses a logic parameter the way the query string hands it over: key and value.
fn logic(key: &str, value: &str) -> String {
    let path = Cursor::run(
        &format!("failed to parse logic path ({key})"),
        key,
        logic_path,
    );
    let (path, op) = match path {
        Ok(p) => p,
        Err(e) => return format!("{} | {}", e.message, e.details),
    };
    let input = format!("{op}{value}");
    match Cursor::run(
        &format!("failed to parse logic tree ({value})"),
        &input,
        logic_tree,
    ) {
        Ok(tree) => format!("{path:?} {}", serde_json::to_string(&tree).unwrap()),
        Err(e) => format!("{} | {}", e.message, e.details),
    }
}

#[test]
fn flat_trees() {
    insta::assert_snapshot!(logic("or", "(a.eq.1,b.gt.2)"), @r#"[] {"expr":{"op":"or","children":[{"stmt":{"field":{"name":"a"},"operation":{"compare":{"op":"eq","value":"1"}}}},{"stmt":{"field":{"name":"b"},"operation":{"compare":{"op":"gt","value":"2"}}}}]}}"#);
    insta::assert_snapshot!(logic("and", "( a.eq.1 ,b.is.null)"), @r#"[] {"expr":{"op":"and","children":[{"stmt":{"field":{"name":"a"},"operation":{"compare":{"op":"eq","value":"1 "}}}},{"stmt":{"field":{"name":"b"},"operation":{"is":"null"}}}]}}"#);
    insta::assert_snapshot!(logic("not.or", "(a.eq.1,b.eq.2)"), @r#"[] {"expr":{"negated":true,"op":"or","children":[{"stmt":{"field":{"name":"a"},"operation":{"compare":{"op":"eq","value":"1"}}}},{"stmt":{"field":{"name":"b"},"operation":{"compare":{"op":"eq","value":"2"}}}}]}}"#);
    insta::assert_snapshot!(logic("not.and", "(a.not.eq.1,b.eq.2)"), @r#"[] {"expr":{"negated":true,"op":"and","children":[{"stmt":{"field":{"name":"a"},"negated":true,"operation":{"compare":{"op":"eq","value":"1"}}}},{"stmt":{"field":{"name":"b"},"operation":{"compare":{"op":"eq","value":"2"}}}}]}}"#);
}

#[test]
fn nesting() {
    insta::assert_snapshot!(logic("or", "(a.eq.1,and(b.gt.2,c.lt.3))"), @r#"[] {"expr":{"op":"or","children":[{"stmt":{"field":{"name":"a"},"operation":{"compare":{"op":"eq","value":"1"}}}},{"expr":{"op":"and","children":[{"stmt":{"field":{"name":"b"},"operation":{"compare":{"op":"gt","value":"2"}}}},{"stmt":{"field":{"name":"c"},"operation":{"compare":{"op":"lt","value":"3"}}}}]}}]}}"#);
    insta::assert_snapshot!(logic("and", "(or(a.eq.1,not.and(b.eq.2,or(c.eq.3,d.eq.4))),e.eq.5)"), @r#"[] {"expr":{"op":"and","children":[{"expr":{"op":"or","children":[{"stmt":{"field":{"name":"a"},"operation":{"compare":{"op":"eq","value":"1"}}}},{"expr":{"negated":true,"op":"and","children":[{"stmt":{"field":{"name":"b"},"operation":{"compare":{"op":"eq","value":"2"}}}},{"expr":{"op":"or","children":[{"stmt":{"field":{"name":"c"},"operation":{"compare":{"op":"eq","value":"3"}}}},{"stmt":{"field":{"name":"d"},"operation":{"compare":{"op":"eq","value":"4"}}}}]}}]}}]}},{"stmt":{"field":{"name":"e"},"operation":{"compare":{"op":"eq","value":"5"}}}}]}}"#);
}

#[test]
fn embedded_paths() {
    insta::assert_snapshot!(logic("clients.or", "(id.eq.1,name.eq.x)"), @r#"["clients"] {"expr":{"op":"or","children":[{"stmt":{"field":{"name":"id"},"operation":{"compare":{"op":"eq","value":"1"}}}},{"stmt":{"field":{"name":"name"},"operation":{"compare":{"op":"eq","value":"x"}}}}]}}"#);
    insta::assert_snapshot!(logic("clients.projects.not.and", "(id.eq.1)"), @r#"["clients", "projects"] {"expr":{"negated":true,"op":"and","children":[{"stmt":{"field":{"name":"id"},"operation":{"compare":{"op":"eq","value":"1"}}}}]}}"#);
}

#[test]
fn values() {
    insta::assert_snapshot!(logic("or", r#"(name.eq."a,b",name.eq."(x)")"#), @r#"[] {"expr":{"op":"or","children":[{"stmt":{"field":{"name":"name"},"operation":{"compare":{"op":"eq","value":"a,b"}}}},{"stmt":{"field":{"name":"name"},"operation":{"compare":{"op":"eq","value":"(x)"}}}}]}}"#);
    insta::assert_snapshot!(logic("or", "(id.in.(1,2,3),tags.cs.{a,b})"), @r#"[] {"expr":{"op":"or","children":[{"stmt":{"field":{"name":"id"},"operation":{"in":["1","2","3"]}}},{"stmt":{"field":{"name":"tags"},"operation":{"simple":{"op":"cs","value":"{a,b}"}}}}]}}"#);
    insta::assert_snapshot!(logic("or", r#"(id.in.("a,b",c),name.like.*x*)"#), @r#"[] {"expr":{"op":"or","children":[{"stmt":{"field":{"name":"id"},"operation":{"in":["a,b","c"]}}},{"stmt":{"field":{"name":"name"},"operation":{"compare":{"op":"like","value":"%x%"}}}}]}}"#);
    insta::assert_snapshot!(logic("or", "(data->>a.eq.1,data->b->0.gt.2)"), @r#"[] {"expr":{"op":"or","children":[{"stmt":{"field":{"name":"data","json_path":[{"arrow":"text","operand":{"key":"a"}}]},"operation":{"compare":{"op":"eq","value":"1"}}}},{"stmt":{"field":{"name":"data","json_path":[{"arrow":"json","operand":{"key":"b"}},{"arrow":"json","operand":{"index":0}}]},"operation":{"compare":{"op":"gt","value":"2"}}}}]}}"#);
    insta::assert_snapshot!(logic("or", "(name.fts(english).cat,name.eq.)"), @r#"[] {"expr":{"op":"or","children":[{"stmt":{"field":{"name":"name"},"operation":{"fts":{"op":"fts","config":"english","value":"cat"}}}},{"stmt":{"field":{"name":"name"},"operation":{"compare":{"op":"eq","value":""}}}}]}}"#);
    insta::assert_snapshot!(logic("or", "(a.eq(any).{1,2},b.isdistinct.3)"), @r#"[] {"expr":{"op":"or","children":[{"stmt":{"field":{"name":"a"},"operation":{"compare":{"op":"eq","quantifier":"any","value":"{1,2}"}}}},{"stmt":{"field":{"name":"b"},"operation":{"is_distinct":"3"}}}]}}"#);
}

#[test]
fn errors() {
    insta::assert_snapshot!(logic("or", "()"), @r#""failed to parse logic tree (())" (line 1, column 4) | unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)"#);
    insta::assert_snapshot!(logic("or", "(id.in.1,2,id.eq.3)"), @r#""failed to parse logic tree ((id.in.1,2,id.eq.3))" (line 1, column 10) | unexpected "1" expecting "(""#);
    insta::assert_snapshot!(logic("or", ")("), @r#""failed to parse logic tree ()()" (line 1, column 3) | unexpected ")" expecting "(""#);
    insta::assert_snapshot!(logic("and", "(ord(id.eq.1,id.eq.1),id.eq.2)"), @r#""failed to parse logic tree ((ord(id.eq.1,id.eq.1),id.eq.2))" (line 1, column 7) | unexpected "d" expecting "(""#);
    insta::assert_snapshot!(logic("or", "(id.eq.1,not.xor(id.eq.2,id.eq.3))"), @r#""failed to parse logic tree ((id.eq.1,not.xor(id.eq.2,id.eq.3)))" (line 1, column 16) | unexpected "x" expecting logic operator (and, or)"#);
    insta::assert_snapshot!(logic("or", "(a.eq.1"), @r#""failed to parse logic tree ((a.eq.1)" (line 1, column 10) | unexpected end of input expecting "," or ")""#);
    insta::assert_snapshot!(logic("or", "(a.foo.1)"), @r#""failed to parse logic tree ((a.foo.1))" (line 1, column 6) | unexpected "f" expecting "not" or operator (eq, gt, ...)"#);
    // A blank after a value that does not take blanks starts a separator, as in PostgREST.
    insta::assert_snapshot!(logic("and", "(a.eq.1,b.is.null )"), @r#""failed to parse logic tree ((a.eq.1,b.is.null ))" (line 1, column 22) | unexpected ")" expecting ",""#);
    insta::assert_snapshot!(logic("or", "(a.is.maybe)"), @r#""failed to parse logic tree ((a.is.maybe))" (line 1, column 9) | unexpected "m" expecting isVal: (null, not_null, true, false, unknown)"#);
}
