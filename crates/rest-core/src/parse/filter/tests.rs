use super::*;

fn flt(input: &str) -> String {
    let source = format!("failed to parse filter ({input})");
    match Cursor::run(&source, input, |c| op_expr(c, single_value)) {
        Ok(expr) => serde_json::to_string(&expr).unwrap(),
        Err(e) => format!("{} | {}", e.message, e.details),
    }
}

#[test]
fn comparison_operators() {
    insta::assert_snapshot!(flt("eq.1"), @r#"{"operation":{"compare":{"op":"eq","value":"1"}}}"#);
    insta::assert_snapshot!(flt("gt.1"), @r#"{"operation":{"compare":{"op":"gt","value":"1"}}}"#);
    insta::assert_snapshot!(flt("gte.1"), @r#"{"operation":{"compare":{"op":"gte","value":"1"}}}"#);
    insta::assert_snapshot!(flt("lt.1"), @r#"{"operation":{"compare":{"op":"lt","value":"1"}}}"#);
    insta::assert_snapshot!(flt("lte.1"), @r#"{"operation":{"compare":{"op":"lte","value":"1"}}}"#);
    insta::assert_snapshot!(flt("match.^a.*$"), @r#"{"operation":{"compare":{"op":"match","value":"^a.*$"}}}"#);
    insta::assert_snapshot!(flt("imatch.^A"), @r#"{"operation":{"compare":{"op":"imatch","value":"^A"}}}"#);
    insta::assert_snapshot!(flt("eq."), @r#"{"operation":{"compare":{"op":"eq","value":""}}}"#);
    insta::assert_snapshot!(flt("eq.a.b,c(d)"), @r#"{"operation":{"compare":{"op":"eq","value":"a.b,c(d)"}}}"#);
}

#[test]
fn like_turns_stars_into_percents() {
    insta::assert_snapshot!(flt("like.*abc*"), @r#"{"operation":{"compare":{"op":"like","value":"%abc%"}}}"#);
    insta::assert_snapshot!(flt("ilike.a*c"), @r#"{"operation":{"compare":{"op":"ilike","value":"a%c"}}}"#);
    insta::assert_snapshot!(flt("like(any).{a*,*b}"), @r#"{"operation":{"compare":{"op":"like","quantifier":"any","value":"{a%,%b}"}}}"#);
    insta::assert_snapshot!(flt("eq.a*"), @r#"{"operation":{"compare":{"op":"eq","value":"a*"}}}"#);
}

#[test]
fn quantifiers() {
    insta::assert_snapshot!(flt("eq(any).{1,2}"), @r#"{"operation":{"compare":{"op":"eq","quantifier":"any","value":"{1,2}"}}}"#);
    insta::assert_snapshot!(flt("gt(all).{1,2}"), @r#"{"operation":{"compare":{"op":"gt","quantifier":"all","value":"{1,2}"}}}"#);
    insta::assert_snapshot!(flt("not.ilike(all).{a*}"), @r#"{"negated":true,"operation":{"compare":{"op":"ilike","quantifier":"all","value":"{a%}"}}}"#);
    insta::assert_snapshot!(flt("neq(any).{1}"), @r#""failed to parse filter (neq(any).{1})" (line 1, column 4) | unexpected "(" expecting operator (eq, gt, ...)"#);
}

#[test]
fn simple_operators() {
    insta::assert_snapshot!(flt("neq.1"), @r#"{"operation":{"simple":{"op":"neq","value":"1"}}}"#);
    insta::assert_snapshot!(flt("cs.{a,b}"), @r#"{"operation":{"simple":{"op":"cs","value":"{a,b}"}}}"#);
    insta::assert_snapshot!(flt(r#"cd.{"a b"}"#), @r#"{"operation":{"simple":{"op":"cd","value":"{\"a b\"}"}}}"#);
    insta::assert_snapshot!(flt("ov.[1,5)"), @r#"{"operation":{"simple":{"op":"ov","value":"[1,5)"}}}"#);
    insta::assert_snapshot!(flt("sl.(1,10)"), @r#"{"operation":{"simple":{"op":"sl","value":"(1,10)"}}}"#);
    insta::assert_snapshot!(flt("sr.[5,6]"), @r#"{"operation":{"simple":{"op":"sr","value":"[5,6]"}}}"#);
    insta::assert_snapshot!(flt("nxr.(1,2)"), @r#"{"operation":{"simple":{"op":"nxr","value":"(1,2)"}}}"#);
    insta::assert_snapshot!(flt("nxl.(1,2)"), @r#"{"operation":{"simple":{"op":"nxl","value":"(1,2)"}}}"#);
    insta::assert_snapshot!(flt("adj.(1,2)"), @r#"{"operation":{"simple":{"op":"adj","value":"(1,2)"}}}"#);
    insta::assert_snapshot!(flt(r#"cs.{"key":"v"}"#), @r#"{"operation":{"simple":{"op":"cs","value":"{\"key\":\"v\"}"}}}"#);
}

#[test]
fn in_lists() {
    insta::assert_snapshot!(flt("in.(1,2,3)"), @r#"{"operation":{"in":["1","2","3"]}}"#);
    insta::assert_snapshot!(flt(r#"in.(a,"b,c",d)"#), @r#"{"operation":{"in":["a","b,c","d"]}}"#);
    insta::assert_snapshot!(flt(r#"in.("a)b","x\"y\\z")"#), @r#"{"operation":{"in":["a)b","x\"y\\z"]}}"#);
    insta::assert_snapshot!(flt(r#"in.("a"b,c)"#), @r#"{"operation":{"in":["\"a\"b","c"]}}"#);
    insta::assert_snapshot!(flt("in.( 1, 2 )"), @r#"{"operation":{"in":["1"," 2 "]}}"#);
    insta::assert_snapshot!(flt("in.()"), @r#"{"operation":{"in":[""]}}"#);
    insta::assert_snapshot!(flt("not.in.(1)"), @r#"{"negated":true,"operation":{"in":["1"]}}"#);
    insta::assert_snapshot!(flt("in.1,2"), @r#""failed to parse filter (in.1,2)" (line 1, column 4) | unexpected "1" expecting "(""#);
    insta::assert_snapshot!(flt("in.(1,2"), @r#""failed to parse filter (in.(1,2)" (line 1, column 8) | unexpected end of input expecting "," or ")""#);
}

#[test]
fn is_values() {
    insta::assert_snapshot!(flt("is.null"), @r#"{"operation":{"is":"null"}}"#);
    insta::assert_snapshot!(flt("is.NULL"), @r#"{"operation":{"is":"null"}}"#);
    insta::assert_snapshot!(flt("is.not_null"), @r#"{"operation":{"is":"not_null"}}"#);
    insta::assert_snapshot!(flt("is.true"), @r#"{"operation":{"is":"true"}}"#);
    insta::assert_snapshot!(flt("is.False"), @r#"{"operation":{"is":"false"}}"#);
    insta::assert_snapshot!(flt("is.unknown"), @r#"{"operation":{"is":"unknown"}}"#);
    insta::assert_snapshot!(flt("not.is.null"), @r#"{"negated":true,"operation":{"is":"null"}}"#);
    insta::assert_snapshot!(flt("is.maybe"), @r#""failed to parse filter (is.maybe)" (line 1, column 4) | unexpected "m" expecting isVal: (null, not_null, true, false, unknown)"#);
    insta::assert_snapshot!(flt("is.nul"), @r#""failed to parse filter (is.nul)" (line 1, column 7) | unexpected end of input expecting isVal: (null, not_null, true, false, unknown)"#);
    insta::assert_snapshot!(flt("isdistinct.5"), @r#"{"operation":{"is_distinct":"5"}}"#);
    insta::assert_snapshot!(flt("not.isdistinct.5"), @r#"{"negated":true,"operation":{"is_distinct":"5"}}"#);
}

#[test]
fn full_text_search() {
    insta::assert_snapshot!(flt("fts.cat & dog"), @r#"{"operation":{"fts":{"op":"fts","value":"cat & dog"}}}"#);
    insta::assert_snapshot!(flt("fts(english).cats"), @r#"{"operation":{"fts":{"op":"fts","config":"english","value":"cats"}}}"#);
    insta::assert_snapshot!(flt("plfts.fat cats"), @r#"{"operation":{"fts":{"op":"plfts","value":"fat cats"}}}"#);
    insta::assert_snapshot!(flt("phfts(french).le chat"), @r#"{"operation":{"fts":{"op":"phfts","config":"french","value":"le chat"}}}"#);
    insta::assert_snapshot!(flt("wfts.\"fat cat\" -dog"), @r#"{"operation":{"fts":{"op":"wfts","value":"\"fat cat\" -dog"}}}"#);
    insta::assert_snapshot!(flt("not.wfts(simple).x"), @r#"{"negated":true,"operation":{"fts":{"op":"wfts","config":"simple","value":"x"}}}"#);
}

#[test]
fn errors() {
    insta::assert_snapshot!(flt("noop.0"), @r#""failed to parse filter (noop.0)" (line 1, column 1) | unexpected "o" expecting "not" or operator (eq, gt, ...)"#);
    insta::assert_snapshot!(flt("val"), @r#""failed to parse filter (val)" (line 1, column 1) | unexpected "v" expecting "not" or operator (eq, gt, ...)"#);
    insta::assert_snapshot!(flt(""), @r#""failed to parse filter ()" (line 1, column 1) | unexpected end of input expecting "not" or operator (eq, gt, ...)"#);
    insta::assert_snapshot!(flt("eq"), @r#""failed to parse filter (eq)" (line 1, column 3) | unexpected end of input expecting operator (eq, gt, ...)"#);
    insta::assert_snapshot!(flt("fts().value"), @r#""failed to parse filter (fts().value)" (line 1, column 5) | unexpected ")" expecting operator (eq, gt, ...)"#);
    insta::assert_snapshot!(flt("eq().value"), @r#""failed to parse filter (eq().value)" (line 1, column 4) | unexpected ")" expecting operator (eq, gt, ...)"#);
    insta::assert_snapshot!(flt("is().value"), @r#""failed to parse filter (is().value)" (line 1, column 3) | unexpected "(" expecting operator (eq, gt, ...)"#);
    insta::assert_snapshot!(flt("in().value"), @r#""failed to parse filter (in().value)" (line 1, column 3) | unexpected "(" expecting operator (eq, gt, ...)"#);
    insta::assert_snapshot!(flt("eq(some).1"), @r#""failed to parse filter (eq(some).1)" (line 1, column 4) | unexpected "s" expecting operator (eq, gt, ...)"#);
    insta::assert_snapshot!(flt("not.foo.1"), @r#""failed to parse filter (not.foo.1)" (line 1, column 5) | unexpected "f" expecting operator (eq, gt, ...)"#);
}
