use crate::test_support::{error, plan_views, plan_with, settings, sql, sql_views};

fn err(method: &str, target: &str, headers: &[(&str, &str)], body: &str) -> String {
    sql(method, target, headers, body)
}

fn get(target: &str) -> String {
    err("GET", target, &[], "")
}

#[test]
fn schemas_and_tables() {
    insta::assert_snapshot!(err("GET", "/books", &[("accept-profile", "private")], ""), @r#"406 {"code":"PGRST106","details":null,"hint":"Only the following schemas are exposed: public","message":"Invalid schema: private"}"#);
    insta::assert_snapshot!(get("/book"), @r#"404 {"code":"PGRST205","details":null,"hint":"Perhaps you meant the table 'public.books'","message":"Could not find the table 'public.book' in the schema cache"}"#);
    insta::assert_snapshot!(get("/nothing_like_it"), @r#"404 {"code":"PGRST205","details":null,"hint":null,"message":"Could not find the table 'public.nothing_like_it' in the schema cache"}"#);
    let two = crate::plan::PlanSettings {
        schemas: vec!["public".into(), "api".into()],
        max_rows: None,
        aggregates: false,
    };
    let p = plan_with(&two, "GET", "/books", &[], "").unwrap();
    assert_eq!(p.response.profile.as_deref(), Some("public"));
    let p = plan_with(
        &settings(),
        "GET",
        "/books",
        &[("accept-profile", "public")],
        "",
    )
    .unwrap();
    assert_eq!(p.response.profile.as_deref(), Some("public"));
    let p = plan_with(&settings(), "GET", "/books", &[], "").unwrap();
    assert_eq!(p.response.profile, None);
}

#[test]
fn columns_casts_and_aggregates() {
    insta::assert_snapshot!(get("/books?select=nope"), @r#"400 {"code":"42703","details":null,"hint":null,"message":"column books.nope does not exist"}"#);
    insta::assert_snapshot!(get("/books?nope=eq.1"), @r#"400 {"code":"42703","details":null,"hint":null,"message":"column books.nope does not exist"}"#);
    insta::assert_snapshot!(get("/books?or=(id.eq.1,nope.eq.2)"), @r#"400 {"code":"42703","details":null,"hint":null,"message":"column books.nope does not exist"}"#);
    insta::assert_snapshot!(get("/books?order=nope"), @r#"400 {"code":"42703","details":null,"hint":null,"message":"column books.nope does not exist"}"#);
    insta::assert_snapshot!(get("/books?select=id,authors!author_id(nope)"), @r#"400 {"code":"42703","details":null,"hint":null,"message":"column authors_1.nope does not exist"}"#);
    insta::assert_snapshot!(get("/books?select=id,genres(nope)"), @r#"400 {"code":"42703","details":null,"hint":null,"message":"column genres.nope does not exist"}"#);
    insta::assert_snapshot!(get("/books?select=id::int4%20%24%24"), @r#"400 {"code":"42704","details":null,"hint":null,"message":"type \"int4 $$\" does not exist"}"#);
    insta::assert_snapshot!(get("/books?select=price.sum()"), @r#"400 {"code":"PGRST123","details":null,"hint":null,"message":"Use of aggregate functions is not allowed"}"#);
    insta::assert_snapshot!(get("/books?select=count()"), @r#"400 {"code":"PGRST123","details":null,"hint":null,"message":"Use of aggregate functions is not allowed"}"#);
}

#[test]
fn embed_parameters_need_embeds() {
    insta::assert_snapshot!(get("/books?select=id&authors.name=eq.x"), @r#"400 {"code":"PGRST108","details":null,"hint":"Verify that 'authors' is included in the 'select' query parameter.","message":"'authors' is not an embedded resource in this request"}"#);
    insta::assert_snapshot!(get("/books?select=id&authors.order=name"), @r#"400 {"code":"PGRST108","details":null,"hint":"Verify that 'authors' is included in the 'select' query parameter.","message":"'authors' is not an embedded resource in this request"}"#);
    insta::assert_snapshot!(get("/books?select=id&reviews.limit=1"), @r#"400 {"code":"PGRST108","details":null,"hint":"Verify that 'reviews' is included in the 'select' query parameter.","message":"'reviews' is not an embedded resource in this request"}"#);
    insta::assert_snapshot!(get("/books?select=id&reviews.or=(stars.eq.1)"), @r#"400 {"code":"PGRST108","details":null,"hint":"Verify that 'reviews' is included in the 'select' query parameter.","message":"'reviews' is not an embedded resource in this request"}"#);
    insta::assert_snapshot!(get("/books?select=id&order=reviews(stars)"), @r#"400 {"code":"PGRST108","details":null,"hint":"Verify that 'reviews' is included in the 'select' query parameter.","message":"'reviews' is not an embedded resource in this request"}"#);
    insta::assert_snapshot!(get("/books?select=id,reviews(stars)&order=reviews(stars)"), @r#"400 {"code":"PGRST118","details":"'books' and 'reviews' do not form a many-to-one or one-to-one relationship","hint":null,"message":"A related order on 'reviews' is not possible"}"#);
    insta::assert_snapshot!(get("/books?select=id,reviews(stars)&order=reviews(nope)"), @r#"400 {"code":"PGRST118","details":"'books' and 'reviews' do not form a many-to-one or one-to-one relationship","hint":null,"message":"A related order on 'reviews' is not possible"}"#);
}

#[test]
fn relationships_not_found_or_ambiguous() {
    insta::assert_snapshot!(get("/books?select=*,reviewz(*)"), @r#"400 {"code":"PGRST200","details":"Searched for a foreign key relationship between 'books' and 'reviewz' in the schema 'public', but no matches were found.","hint":"Perhaps you meant 'reviews' instead of 'reviewz'.","message":"Could not find a relationship between 'books' and 'reviewz' in the schema cache"}"#);
    insta::assert_snapshot!(get("/books?select=*,xyz(*)"), @r#"400 {"code":"PGRST200","details":"Searched for a foreign key relationship between 'books' and 'xyz' in the schema 'public', but no matches were found.","hint":null,"message":"Could not find a relationship between 'books' and 'xyz' in the schema cache"}"#);
    insta::assert_snapshot!(get("/genres?select=*,authors(*)"), @r#"400 {"code":"PGRST200","details":"Searched for a foreign key relationship between 'genres' and 'authors' in the schema 'public', but no matches were found.","hint":null,"message":"Could not find a relationship between 'genres' and 'authors' in the schema cache"}"#);
    insta::assert_snapshot!(get("/events?select=*,books(*)"), @r#"400 {"code":"PGRST200","details":"Searched for a foreign key relationship between 'events' and 'books' in the schema 'public', but no matches were found.","hint":"Perhaps you meant 'reviews' instead of 'events'.","message":"Could not find a relationship between 'events' and 'books' in the schema cache"}"#);
    insta::assert_snapshot!(get("/books?select=*,authors!nope(*)"), @r#"400 {"code":"PGRST200","details":"Searched for a foreign key relationship between 'books' and 'authors' using the hint 'nope' in the schema 'public', but no matches were found.","hint":null,"message":"Could not find a relationship between 'books' and 'authors' in the schema cache"}"#);
    insta::assert_snapshot!(get("/books?select=*,authors(*)"), @r#"300 {"code":"PGRST201","details":[{"cardinality":"many-to-one","embedding":"books with authors","relationship":"books_author_id_fkey using books(author_id) and authors(id)"},{"cardinality":"many-to-one","embedding":"books with authors","relationship":"books_editor_fkey using books(editor_id) and authors(id)"}],"hint":"Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_fkey'. Find the desired relationship in the 'details' key.","message":"Could not embed because more than one relationship was found for 'books' and 'authors'"}"#);
    insta::assert_snapshot!(get("/authors?select=*,books(*)"), @r#"300 {"code":"PGRST201","details":[{"cardinality":"one-to-many","embedding":"authors with books","relationship":"books_author_id_fkey using authors(id) and books(author_id)"},{"cardinality":"one-to-many","embedding":"authors with books","relationship":"books_editor_fkey using authors(id) and books(editor_id)"}],"hint":"Try changing 'books' to one of the following: 'books!books_author_id_fkey', 'books!books_editor_fkey'. Find the desired relationship in the 'details' key.","message":"Could not embed because more than one relationship was found for 'authors' and 'books'"}"#);
}

#[test]
fn functions_not_found_or_ambiguous() {
    insta::assert_snapshot!(err("POST", "/rpc/nope", &[], "{}"), @r#"404 {"code":"PGRST202","details":"Searched for the function public.nope without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.","hint":null,"message":"Could not find the function public.nope without parameters in the schema cache"}"#);
    insta::assert_snapshot!(err("GET", "/rpc/nope", &[], ""), @r#"404 {"code":"PGRST202","details":"Searched for the function public.nope without parameters, but no matches were found in the schema cache.","hint":null,"message":"Could not find the function public.nope without parameters in the schema cache"}"#);
    insta::assert_snapshot!(err("GET", "/rpc/add_thm?a=1&b=2", &[], ""), @r#"404 {"code":"PGRST202","details":"Searched for the function public.add_thm with parameters a, b, but no matches were found in the schema cache.","hint":"Perhaps you meant to call the function public.add_them","message":"Could not find the function public.add_thm(a, b) in the schema cache"}"#);
    insta::assert_snapshot!(err("POST", "/rpc/add_them", &[], r#"{"a":1}"#), @r#"404 {"code":"PGRST202","details":"Searched for the function public.add_them with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.","hint":null,"message":"Could not find the function public.add_them(a) in the schema cache"}"#);
    insta::assert_snapshot!(err("POST", "/rpc/add_them", &[("content-type", "text/plain")], "x"), @r#"404 {"code":"PGRST202","details":"Searched for the function public.add_them with a single unnamed text parameter, but no matches were found in the schema cache.","hint":null,"message":"Could not find the function public.add_them in the schema cache"}"#);
    insta::assert_snapshot!(err("POST", "/rpc/greet", &[("content-type", "text/plain")], "a\u{0}b"), @r#"400 {"code":"PGRST102","details":null,"hint":null,"message":"The request body contains the NUL character, which a text argument cannot hold"}"#);
    insta::assert_snapshot!(err("POST", "/rpc/overloaded", &[], r#"{"a":1}"#), @r#"300 {"code":"PGRST203","details":null,"hint":"Try renaming the parameters or the function itself in the database so function overloading can be resolved","message":"Could not choose the best candidate function between: public.overloaded(a => integer), public.overloaded(a => text)"}"#);
}

#[test]
fn write_errors() {
    insta::assert_snapshot!(err("POST", "/books", &[], r#"{"nope":1}"#), @r#"400 {"code":"PGRST204","details":null,"hint":null,"message":"Could not find the 'nope' column of 'books' in the schema cache"}"#);
    insta::assert_snapshot!(err("POST", "/books", &[], r#"[{"id":1},{"title":"x"}]"#), @r#"400 {"code":"PGRST102","details":null,"hint":null,"message":"All object keys must match"}"#);
    insta::assert_snapshot!(err("POST", "/books", &[], "not json"), @r#"400 {"code":"PGRST102","details":null,"hint":null,"message":"Empty or invalid json"}"#);
    insta::assert_snapshot!(err("POST", "/books?on_conflict=nope", &[("prefer", "resolution=merge-duplicates")], r#"{"id":1}"#), @r#"400 {"code":"42703","details":null,"hint":null,"message":"column \"nope\" does not exist"}"#);
    insta::assert_snapshot!(err("PUT", "/books?title=eq.x", &[], r#"{"id":1}"#), @r#"405 {"code":"PGRST105","details":null,"hint":null,"message":"Filters must include all and only primary key columns with 'eq' operators"}"#);
    insta::assert_snapshot!(err("PUT", "/books?id=not.eq.1", &[], r#"{"id":1}"#), @r#"405 {"code":"PGRST105","details":null,"hint":null,"message":"Filters must include all and only primary key columns with 'eq' operators"}"#);
    insta::assert_snapshot!(err("PUT", "/book_genres?book_id=eq.1", &[], r#"{"book_id":1}"#), @r#"405 {"code":"PGRST105","details":null,"hint":null,"message":"Filters must include all and only primary key columns with 'eq' operators"}"#);
    insta::assert_snapshot!(sql_views("PUT", "/v_sender_counts?sender=eq.1", &[], r#"{"sender":1}"#), @r#"405 {"code":"PGRST105","details":null,"hint":null,"message":"Filters must include all and only primary key columns with 'eq' operators"}"#);
    insta::assert_snapshot!(err("PATCH", "/books?limit=1", &[], r#"{"title":"x"}"#), @r#"400 {"code":"PGRST109","details":null,"hint":"Apply an 'order' using unique column(s)","message":"A 'limit' was applied without an explicit 'order'"}"#);
    insta::assert_snapshot!(err("DELETE", "/books?offset=1", &[], ""), @r#"400 {"code":"PGRST109","details":null,"hint":"Apply an 'order' using unique column(s)","message":"A 'limit' was applied without an explicit 'order'"}"#);
}

#[test]
fn plans_say_how_to_run_and_answer() {
    let p =
        |m: &str, t: &str, h: &[(&str, &str)], b: &str| plan_with(&settings(), m, t, h, b).unwrap();
    let read = p(
        "GET",
        "/books",
        &[("prefer", "count=planned, tx=rollback, handling=lenient")],
        "",
    );
    assert!(read.read_only && read.count_statement.is_some());
    assert_eq!(
        read.response.applied,
        ["count=planned", "tx=rollback", "handling=lenient"]
    );
    assert!(read.response.rollback);
    let exact = p("GET", "/books", &[("prefer", "count=exact")], "");
    assert!(exact.count_statement.is_none());
    let insert = p(
        "POST",
        "/books",
        &[(
            "prefer",
            "return=minimal, resolution=ignore-duplicates, missing=default, count=exact",
        )],
        "{}",
    );
    assert!(!insert.read_only);
    assert_eq!(
        insert.response.applied,
        [
            "resolution=ignore-duplicates",
            "missing=default",
            "return=minimal",
            "count=exact"
        ]
    );
    let no_pk = plan_views(
        "POST",
        "/v_sender_counts",
        &[("prefer", "resolution=merge-duplicates")],
        "{}",
    )
    .unwrap();
    assert!(no_pk.response.applied.is_empty());
    let delete = p(
        "DELETE",
        "/books?id=eq.1",
        &[(
            "prefer",
            "handling=strict, max-affected=3, return=representation",
        )],
        "",
    );
    assert_eq!(
        delete.response.applied,
        ["return=representation", "handling=strict", "max-affected=3"]
    );
    assert_eq!(
        (delete.response.max_affected, delete.response.representation),
        (Some(3), true)
    );
    let lenient = p(
        "DELETE",
        "/books?id=eq.1",
        &[("prefer", "max-affected=3")],
        "",
    );
    assert_eq!(lenient.response.max_affected, None);
    assert!(p("POST", "/rpc/greet", &[], "").read_only);
    assert!(!p("POST", "/rpc/add_review", &[], r#"{"book":1,"stars":1}"#).read_only);
    assert!(p("GET", "/rpc/add_review?book=1&stars=1", &[], "").read_only);
    let bad = plan_with(&settings(), "OPTIONS", "/books", &[], "").unwrap_err();
    assert_eq!(
        error(bad),
        r#"500 {"code":null,"details":null,"hint":null,"message":"Internal server error"}"#
    );
}

/// The deepest trees the parser lets through plan and render (the planner and
/// renderer recurse over them) on a quarter of the stack a production worker
/// thread has (2 MiB), in a debug build (it needs more than 256 KiB there);
/// one level more is refused before planning.
#[test]
fn deepest_allowed_trees_plan() {
    std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(deepest_allowed_trees)
        .unwrap()
        .join()
        .unwrap();
}

fn deepest_allowed_trees() {
    use crate::parse::{MAX_EMBED_DEPTH, MAX_LOGIC_DEPTH};
    let depth = MAX_LOGIC_DEPTH - 1;
    let or = format!(
        "or=({}id.eq.1{})",
        "not.and(".repeat(depth),
        ")".repeat(depth)
    );
    let p = plan_with(&settings(), "GET", &format!("/books?{or}"), &[], "").unwrap();
    assert_eq!(p.statement.text.matches("NOT (").count(), depth);
    let mut select = String::from("id");
    for level in 0..MAX_EMBED_DEPTH {
        let rel = if level % 2 == 0 {
            "authors!books_author_id_fkey"
        } else {
            "books!books_author_id_fkey"
        };
        select = format!("id,{rel}({select})");
    }
    let target = format!("/authors?select={select}&books.authors.books.id=eq.1");
    let p = plan_with(
        &settings(),
        "GET",
        &target,
        &[("prefer", "count=exact")],
        "",
    )
    .unwrap();
    assert_eq!(
        p.statement.text.matches("JOIN LATERAL").count(),
        MAX_EMBED_DEPTH
    );
    let deeper = format!("/books?select=id,authors!books_author_id_fkey({select})");
    let refused = get(&deeper);
    assert!(
        refused.starts_with(r#"400 {"code":"PGRST100""#),
        "{refused}"
    );
    assert!(
        refused.contains(r#""message":"select nests embedded resources deeper than 32 levels""#)
    );
}
