use serde_json::json;

use crate::helpers::{db, db_with, ids};

#[tokio::test]
async fn selects_columns_aliases_casts_and_json_paths() {
    let db = db().await;
    let a = db.get("/books?select=id,name:title,price::text,pages:meta->pages,meta->>series,first:meta->0&id=lte.2&order=id").await;
    assert_eq!(a.status, 200);
    assert_eq!(
        a.json(),
        json!([
            {"id": 1, "name": "A Wizard of Earthsea", "price": "9.99", "pages": 183, "series": null, "first": null},
            {"id": 2, "name": "The Left Hand of Darkness", "price": "12.50", "pages": 304, "series": null, "first": null}
        ])
    );
    assert_eq!(a.header("content-range"), Some("0-1/*"));
    assert_eq!(
        a.header("content-type"),
        Some("application/json; charset=utf-8")
    );
    let star = db.get("/genres?order=id&limit=1").await;
    assert_eq!(star.json(), json!([{"id": 1, "name": "fantasy"}]));
    let nested = db
        .get("/authors?select=id,hugos:bio->awards->>hugo,born::text&id=eq.1")
        .await;
    assert_eq!(
        nested.json(),
        json!([{"id": 1, "hugos": "5", "born": "1929-10-21"}])
    );
}

#[tokio::test]
async fn unknown_names_give_postgrest_errors() {
    let db = db().await;
    let col = db.get("/books?select=nope").await;
    assert_eq!(
        (col.status, col.json()),
        (
            400,
            json!({"code": "42703", "message": "column books.nope does not exist", "details": null, "hint": null})
        )
    );
    let filter = db.get("/books?nope=eq.1").await;
    assert_eq!(filter.json()["message"], "column books.nope does not exist");
    let table = db.get("/book").await;
    assert_eq!(
        (table.status, table.json()),
        (
            404,
            json!({"code": "PGRST205", "message": "Could not find the table 'public.book' in the schema cache", "details": null, "hint": "Perhaps you meant the table 'public.books'"})
        )
    );
    let cast = db.get("/books?select=id::int%20from%20x").await;
    assert_eq!(cast.status, 400);
    let bad_cast_value = db.get("/books?id=eq.abc").await;
    assert_eq!(
        (bad_cast_value.status, bad_cast_value.json()["code"].clone()),
        (400, json!("22P02"))
    );
}

async fn check(db: &crate::helpers::Db, target: &str, expected: &[i64]) {
    let a = db.get(target).await;
    assert_eq!(a.status, 200, "{target}: {:?}", a.text);
    assert_eq!(ids(&a), expected, "{target}");
}

#[tokio::test]
async fn comparison_and_pattern_operators() {
    let db = db().await;
    let cases: &[(&str, &[i64])] = &[
        ("price=eq.9.99", &[1]),
        ("author_id=neq.1", &[3, 4, 5]),
        ("published=gt.1979", &[4, 5]),
        ("published=gte.1979", &[3, 4, 5]),
        ("published=lt.1969", &[1]),
        ("published=lte.1969", &[1, 2]),
        ("title=like.*Dark*", &[2]),
        ("title=ilike.*THE*", &[2, 4]),
        ("title=match.^K", &[3]),
        ("title=imatch.^k", &[3]),
        ("id=in.(1,3)", &[1, 3]),
        ("title=in.(\"Guards! Guards!\",\"a,b (c)\")", &[5]),
        ("id=in.()", &[]),
        ("price=is.null", &[4]),
        ("editor_id=not.is.null", &[1, 3]),
        ("editor_id=isdistinct.1", &[1, 2, 4, 5]),
        ("published=not.gt.1970", &[1, 2]),
        ("id=eq(any).{1,3}", &[1, 3]),
        ("title=like(any).{*Dark*,*Sower}", &[2, 4]),
        ("published=gt(all).{1970,1980}", &[4, 5]),
        ("title=ilike(all).{*the*,*darkness}", &[2]),
        ("meta->>pages=gt.300", &[2, 5]),
        ("meta->series=eq.\"Discworld\"", &[5]),
        ("meta=cs.{\"pages\":183}", &[1]),
        ("meta=cd.{\"pages\":264,\"x\":1}", &[3, 4]),
    ];
    for (filter, expected) in cases {
        check(
            &db,
            &format!("/books?select=id&order=id&{filter}"),
            expected,
        )
        .await;
    }
}

#[tokio::test]
async fn is_array_range_and_full_text_operators() {
    let db = db_with(
        "CREATE TABLE flags (id int PRIMARY KEY, featured boolean NOT NULL); \
         INSERT INTO flags SELECT i, i <= 4 FROM generate_series(1, 6) i; \
         GRANT SELECT ON flags TO anon;",
    )
    .await;
    let cases: &[(&str, &[i64])] = &[
        ("/authors?select=id&order=id&tags=cs.{fantasy}", &[1, 3]),
        (
            "/authors?select=id&order=id&tags=cd.{fantasy,scifi}",
            &[1, 2, 4],
        ),
        (
            "/authors?select=id&order=id&tags=ov.{humour,scifi}",
            &[1, 2, 3],
        ),
        (
            "/authors?select=id&order=id&bio=cs.{\"country\":\"UK\"}",
            &[3],
        ),
        (
            "/authors?select=id&order=id&bio->awards=cs.{\"hugo\":5}",
            &[1],
        ),
        ("/authors?select=id&order=id&bio->awards->hugo=gt.2", &[1]),
        ("/authors?select=id&order=id&mood=eq.happy", &[1, 3]),
        ("/authors?select=id&order=id&mood=in.(ok,sad)", &[2]),
        ("/authors?select=id&order=id&born=gte.1947-06-22", &[2, 3]),
        ("/events?select=id&order=id&slots=cs.[9,10]", &[1]),
        ("/events?select=id&order=id&slots=cd.[0,24)", &[1, 2]),
        ("/events?select=id&order=id&slots=ov.[11,14)", &[1, 2]),
        ("/events?select=id&order=id&slots=sl.[12,13)", &[1]),
        ("/events?select=id&order=id&slots=sr.[1,5)", &[1, 2]),
        ("/events?select=id&order=id&slots=nxr.[0,12)", &[1]),
        ("/events?select=id&order=id&slots=nxl.[10,20)", &[2]),
        ("/events?select=id&order=id&slots=adj.[12,13)", &[1, 2]),
        ("/books?select=id&order=id&search=fts.wizard", &[1]),
        ("/books?select=id&order=id&search=plfts.left%20hand", &[2]),
        (
            "/books?select=id&order=id&search=phfts(english).left%20hand",
            &[2],
        ),
        (
            "/books?select=id&order=id&search=wfts(english).guards%20-darkness",
            &[5],
        ),
        (
            "/books?select=id&order=id&search=not.fts.wizard",
            &[2, 3, 4, 5],
        ),
        ("/books?select=id&order=id&title=fts(english).wizard", &[1]),
        ("/flags?select=id&featured=is.true", &[]),
    ];
    for (target, expected) in &cases[..cases.len() - 1] {
        check(&db, target, expected).await;
    }
    // As in PostgREST, a value is a range literal: an element is not.
    let element = db.get("/events?during=cs.2025-01-01T09:00:00Z").await;
    assert_eq!(
        (element.status, element.json()["code"].clone()),
        (400, json!("22P02"))
    );
    let count = |a: &crate::helpers::Answer| a.json().as_array().map(|r| r.len()).unwrap_or(0);
    assert_eq!(count(&db.get("/flags?select=id&featured=is.true").await), 4);
    assert_eq!(
        count(&db.get("/flags?select=id&featured=is.false").await),
        2
    );
    assert_eq!(
        count(&db.get("/flags?select=id&featured=is.unknown").await),
        0
    );
    assert_eq!(
        count(&db.get("/flags?select=id&featured=not.is.true").await),
        2
    );
}

#[tokio::test]
async fn logic_trees() {
    let db = db().await;
    let cases: &[(&str, &[i64])] = &[
        ("or=(id.eq.1,and(published.gt.1980,price.is.null))", &[1, 4]),
        ("not.or=(id.eq.1,id.eq.2)", &[3, 4, 5]),
        ("and=(id.gt.1,or(author_id.eq.1,author_id.eq.3))", &[2, 5]),
        ("or=(title.eq.\"Guards! Guards!\",id.eq.1)", &[1, 5]),
        ("or=(id.in.(2,3),not.and(id.gte.2,id.lte.4))", &[1, 2, 3, 5]),
        (
            "or=(meta->>pages.eq.183,meta->>series.eq.Discworld)",
            &[1, 5],
        ),
        ("or=(id.eq(any).{2,4})&and=(id.neq.4)", &[2]),
    ];
    for (filter, expected) in cases {
        check(
            &db,
            &format!("/books?select=id&order=id&{filter}"),
            expected,
        )
        .await;
    }
    check(
        &db,
        "/authors?select=id&order=id&or=(tags.cs.{humour},id.eq.2)",
        &[2, 3],
    )
    .await;
}

#[tokio::test]
async fn ordering_and_paging() {
    let db = db().await;
    check(
        &db,
        "/books?select=id&order=price.desc.nullsfirst",
        &[4, 3, 2, 1, 5],
    )
    .await;
    check(
        &db,
        "/books?select=id&order=price.asc.nullslast",
        &[5, 1, 2, 3, 4],
    )
    .await;
    check(
        &db,
        "/books?select=id&order=price.desc.nullslast",
        &[3, 2, 1, 5, 4],
    )
    .await;
    check(
        &db,
        "/books?select=id&order=meta->>pages.desc,id",
        &[4, 5, 2, 3, 1],
    )
    .await;
    check(
        &db,
        "/books?select=id,author:authors!author_id(name)&order=author(name).desc,id",
        &[1, 2, 5, 3, 4],
    )
    .await;
    check(&db, "/books?select=id&order=id&limit=2&offset=1", &[2, 3]).await;
    let ranged = db
        .request(
            "anon",
            "GET",
            "/books?select=id&order=id",
            &[("range", "1-2")],
            "",
        )
        .await;
    assert_eq!(
        (ids(&ranged), ranged.header("content-range")),
        (vec![2, 3], Some("1-2/*"))
    );
    let zero = db.get("/books?select=id&limit=0").await;
    assert_eq!(
        (zero.json(), zero.header("content-range")),
        (json!([]), Some("*/*"))
    );
    let not_to_one = db
        .get("/authors?select=id,books!author_id(title)&order=books(title)")
        .await;
    assert_eq!(
        (not_to_one.status, not_to_one.json()),
        (
            400,
            json!({"code": "PGRST118", "message": "A related order on 'books' is not possible", "details": "'authors' and 'books' do not form a many-to-one or one-to-one relationship", "hint": null})
        )
    );
    let not_embedded = db.get("/books?select=id&order=authors(name)").await;
    assert_eq!(
        (not_embedded.status, not_embedded.json()["code"].clone()),
        (400, json!("PGRST108"))
    );
}
