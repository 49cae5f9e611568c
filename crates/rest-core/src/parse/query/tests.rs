use super::*;

fn q(query: &str) -> String {
    q_with(query, false)
}

fn q_with(query: &str, rpc_read: bool) -> String {
    match parse(query, rpc_read) {
        Ok((params, root)) => format!("{} root={root:?}", serde_json::to_string(&params).unwrap()),
        Err(e) => format!("{} {}", e.status(), e.to_json()),
    }
}

#[test]
fn decoding() {
    insta::assert_snapshot!(format!("{:?}", pairs("?a=1&b=x+y&c=%2C%28%29&d&e=&f=%zz;g=h")), @r#"[("a", Some("1")), ("b", Some("x y")), ("c", Some(",()")), ("d", None), ("e", Some("")), ("f", Some("%zz")), ("g", Some("h"))]"#);
    insta::assert_snapshot!(format!("{:?}", pairs("name=eq.caf%C3%A9&%22my%20col%22=is.null")), @r#"[("name", Some("eq.café")), ("\"my col\"", Some("is.null"))]"#);
}

#[test]
fn defaults_to_star() {
    insta::assert_snapshot!(q(""), @r#"{"select":["star"],"filters":[],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("select"), @r#"{"select":["star"],"filters":[],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("select="), @r#"{"select":[],"filters":[],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
}

#[test]
fn filters_root_embedded_and_json() {
    insta::assert_snapshot!(q("id=eq.1&name=ilike.*ann*"), @r#"{"select":["star"],"filters":[{"value":{"field":{"name":"id"},"operation":{"compare":{"op":"eq","value":"1"}}}},{"value":{"field":{"name":"name"},"operation":{"compare":{"op":"ilike","value":"%ann%"}}}}],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("data->>a=eq.1&data->b->0=gt.2"), @r#"{"select":["star"],"filters":[{"value":{"field":{"name":"data","json_path":[{"arrow":"text","operand":{"key":"a"}}]},"operation":{"compare":{"op":"eq","value":"1"}}}},{"value":{"field":{"name":"data","json_path":[{"arrow":"json","operand":{"key":"b"}},{"arrow":"json","operand":{"index":0}}]},"operation":{"compare":{"op":"gt","value":"2"}}}}],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("clients.name=eq.x&clients.projects.id=in.(1,2)"), @r#"{"select":["star"],"filters":[{"path":["clients"],"value":{"field":{"name":"name"},"operation":{"compare":{"op":"eq","value":"x"}}}},{"path":["clients","projects"],"value":{"field":{"name":"id"},"operation":{"in":["1","2"]}}}],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("clients=is.null&tasks=not.is.null"), @r#"{"select":["star"],"filters":[{"value":{"field":{"name":"clients"},"operation":{"is":"null"}}},{"value":{"field":{"name":"tasks"},"negated":true,"operation":{"is":"null"}}}],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("id=gt.1&id=lt.5"), @r#"{"select":["star"],"filters":[{"value":{"field":{"name":"id"},"operation":{"compare":{"op":"gt","value":"1"}}}},{"value":{"field":{"name":"id"},"operation":{"compare":{"op":"lt","value":"5"}}}}],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("%22my%20col%22=eq.1"), @r#"{"select":["star"],"filters":[{"value":{"field":{"name":"my col"},"operation":{"compare":{"op":"eq","value":"1"}}}}],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
}

#[test]
fn reserved_keys_are_not_filters() {
    insta::assert_snapshot!(q("select=id&order=id.desc&limit=1&offset=2&columns=a,b&on_conflict=id&or=(a.eq.1)&and=(b.eq.2)&not.or=(c.eq.3)&not.and=(d.eq.4)"), @r#"{"select":[{"field":{"field":{"name":"id"}}}],"filters":[],"logic":[{"value":{"expr":{"op":"or","children":[{"stmt":{"field":{"name":"a"},"operation":{"compare":{"op":"eq","value":"1"}}}}]}}},{"value":{"expr":{"op":"and","children":[{"stmt":{"field":{"name":"b"},"operation":{"compare":{"op":"eq","value":"2"}}}}]}}},{"value":{"expr":{"negated":true,"op":"or","children":[{"stmt":{"field":{"name":"c"},"operation":{"compare":{"op":"eq","value":"3"}}}}]}}},{"value":{"expr":{"negated":true,"op":"and","children":[{"stmt":{"field":{"name":"d"},"operation":{"compare":{"op":"eq","value":"4"}}}}]}}}],"order":[{"value":[{"field":{"name":"id"},"direction":"desc"}]}],"ranges":[],"columns":["a","b"],"on_conflict":["id"],"rpc_params":[]} root=Some(Bounds { lower: 2, upper: Some(2) })"#);
}

#[test]
fn embedded_logic_order_and_ranges() {
    insta::assert_snapshot!(q("clients.or=(id.eq.1,id.eq.2)&clients.projects.not.and=(a.eq.1)"), @r#"{"select":["star"],"filters":[],"logic":[{"path":["clients"],"value":{"expr":{"op":"or","children":[{"stmt":{"field":{"name":"id"},"operation":{"compare":{"op":"eq","value":"1"}}}},{"stmt":{"field":{"name":"id"},"operation":{"compare":{"op":"eq","value":"2"}}}}]}}},{"path":["clients","projects"],"value":{"expr":{"negated":true,"op":"and","children":[{"stmt":{"field":{"name":"a"},"operation":{"compare":{"op":"eq","value":"1"}}}}]}}}],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("order=name&clients.order=id.desc.nullslast&clients.projects.order=x"), @r#"{"select":["star"],"filters":[],"logic":[],"order":[{"value":[{"field":{"name":"name"}}]},{"path":["clients"],"value":[{"field":{"name":"id"},"direction":"desc","nulls":"last"}]},{"path":["clients","projects"],"value":[{"field":{"name":"x"}}]}],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("clients.limit=2&clients.offset=1&clients.projects.limit=1&limit=10"), @r#"{"select":["star"],"filters":[],"logic":[],"order":[],"ranges":[{"path":["clients"],"value":{"offset":1,"limit":2}},{"path":["clients","projects"],"value":{"offset":0,"limit":1}}],"columns":null,"on_conflict":null,"rpc_params":[]} root=Some(Bounds { lower: 0, upper: Some(9) })"#);
    insta::assert_snapshot!(q("limit=5&limit=10&offset=3"), @r#"{"select":["star"],"filters":[],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[]} root=Some(Bounds { lower: 3, upper: Some(12) })"#);
}

#[test]
fn writes() {
    insta::assert_snapshot!(q("columns=id,%22my%20col%22,name&select=id"), @r#"{"select":[{"field":{"field":{"name":"id"}}}],"filters":[],"logic":[],"order":[],"ranges":[],"columns":["id","my col","name"],"on_conflict":null,"rpc_params":[]} root=None"#);
    insta::assert_snapshot!(q("on_conflict=email,%20org_id"), @r#"{"select":["star"],"filters":[],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":["email","org_id"],"rpc_params":[]} root=None"#);
}

#[test]
fn rpc_reads_keep_params() {
    insta::assert_snapshot!(q_with("a=1&b=eq.2&name=hello%20world&select=x&order=x", true), @r#"{"select":[{"field":{"field":{"name":"x"}}}],"filters":[{"value":{"field":{"name":"b"},"operation":{"compare":{"op":"eq","value":"2"}}}}],"logic":[],"order":[{"value":[{"field":{"name":"x"}}]}],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[{"name":"a","value":"1","filter":false},{"name":"b","value":"eq.2","filter":true},{"name":"name","value":"hello world","filter":false}]} root=None"#);
    insta::assert_snapshot!(q_with("a=is.maybe", true), @r#"400 {"code":"PGRST100","details":"unexpected \"m\" expecting isVal: (null, not_null, true, false, unknown)","hint":null,"message":"\"failed to parse filter (is.maybe)\" (line 1, column 4)"}"#);
    insta::assert_snapshot!(q_with("a=", true), @r#"{"select":["star"],"filters":[],"logic":[],"order":[],"ranges":[],"columns":null,"on_conflict":null,"rpc_params":[{"name":"a","value":"","filter":false}]} root=None"#);
}

#[test]
fn errors_name_the_parameter() {
    insta::assert_snapshot!(q("select=id,clients(name[])"), @r#"400 {"code":"PGRST100","details":"unexpected '[' expecting letter, digit, \"-\", \"->>\", \"->\", \"::\", \".\", \")\", \",\" or end of input","hint":null,"message":"\"failed to parse select parameter (id,clients(name[]))\" (line 1, column 16)"}"#);
    insta::assert_snapshot!(q("id=val"), @r#"400 {"code":"PGRST100","details":"unexpected \"v\" expecting \"not\" or operator (eq, gt, ...)","hint":null,"message":"\"failed to parse filter (val)\" (line 1, column 1)"}"#);
    insta::assert_snapshot!(q("id="), @r#"400 {"code":"PGRST100","details":"unexpected end of input expecting \"not\" or operator (eq, gt, ...)","hint":null,"message":"\"failed to parse filter ()\" (line 1, column 1)"}"#);
    insta::assert_snapshot!(q("a..b=eq.1"), @r#"400 {"code":"PGRST100","details":"unexpected \".\" expecting field name (* or [a..z0..9_$])","hint":null,"message":"\"failed to parse tree path (a..b)\" (line 1, column 3)"}"#);
    insta::assert_snapshot!(q("order=id.ac"), @r#"400 {"code":"PGRST100","details":"unexpected \"c\" expecting \"asc\", \"desc\", \"nullsfirst\" or \"nullslast\"","hint":null,"message":"\"failed to parse order (id.ac)\" (line 1, column 4)"}"#);
    insta::assert_snapshot!(q("or=(a.eq.1"), @r#"400 {"code":"PGRST100","details":"unexpected end of input expecting \",\" or \")\"","hint":null,"message":"\"failed to parse logic tree ((a.eq.1)\" (line 1, column 10)"}"#);
    insta::assert_snapshot!(q("columns=a,"), @r#"400 {"code":"PGRST100","details":"unexpected end of input expecting field name (* or [a..z0..9_$])","hint":null,"message":"\"failed to parse columns parameter (a,)\" (line 1, column 3)"}"#);
    insta::assert_snapshot!(q("on_conflict=,a"), @r#"400 {"code":"PGRST100","details":"unexpected \",\" expecting field name (* or [a..z0..9_$])","hint":null,"message":"\"failed to parse on_conflict parameter (,a)\" (line 1, column 1)"}"#);
    insta::assert_snapshot!(q("or=()&order=id.x"), @r#"400 {"code":"PGRST100","details":"unexpected \"x\" expecting \"asc\", \"desc\", \"nullsfirst\" or \"nullslast\"","hint":null,"message":"\"failed to parse order (id.x)\" (line 1, column 4)"}"#);
}
