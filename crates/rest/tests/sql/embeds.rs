use serde_json::json;

use crate::helpers::{db, ids};

#[tokio::test]
async fn to_one_to_many_many_to_many_and_one_to_one() {
    let db = db().await;
    let m2o = db
        .get("/books?select=title,authors!author_id(name)&id=eq.3")
        .await;
    assert_eq!(
        m2o.json(),
        json!([{"title": "Kindred", "authors": {"name": "Octavia Butler"}}])
    );
    let o2m = db
        .get("/authors?select=name,books!author_id(id,title)&id=eq.1&books.order=id")
        .await;
    assert_eq!(
        o2m.json(),
        json!([{"name": "Ursula Le Guin", "books": [{"id": 1, "title": "A Wizard of Earthsea"}, {"id": 2, "title": "The Left Hand of Darkness"}]}])
    );
    let m2m = db
        .get("/books?select=id,genres(name)&id=eq.5&genres.order=name")
        .await;
    assert_eq!(
        m2m.json(),
        json!([{"id": 5, "genres": [{"name": "fantasy"}, {"name": "humour"}]}])
    );
    let back = db
        .get("/genres?select=name,books(id)&id=eq.2&books.order=id")
        .await;
    assert_eq!(
        back.json(),
        json!([{"name": "science fiction", "books": [{"id": 2}, {"id": 3}, {"id": 4}]}])
    );
    let o2o = db
        .get("/authors?select=id,author_profiles(website)&order=id&id=lte.2")
        .await;
    assert_eq!(
        o2o.json(),
        json!([{"id": 1, "author_profiles": {"website": "https://ursula.example"}}, {"id": 2, "author_profiles": null}])
    );
    let o2o_back = db
        .get("/author_profiles?select=author_id,authors(name)&author_id=eq.3")
        .await;
    assert_eq!(
        o2o_back.json(),
        json!([{"author_id": 3, "authors": {"name": "Terry Pratchett"}}])
    );
    let empty_many = db.get("/books?select=id,reviews(stars)&id=eq.2").await;
    assert_eq!(empty_many.json(), json!([{"id": 2, "reviews": []}]));
}

#[tokio::test]
async fn self_references_hints_aliases_and_spreads() {
    let db = db().await;
    let mentor = db.get("/authors?select=name,mentor_id(name)&id=eq.2").await;
    assert_eq!(
        mentor.json(),
        json!([{"name": "Octavia Butler", "mentor_id": {"name": "Ursula Le Guin"}}])
    );
    let mentees = db
        .get("/authors?select=name,mentees:authors(name)&id=eq.1&mentees.order=name")
        .await;
    assert_eq!(
        mentees.json(),
        json!([{"name": "Ursula Le Guin", "mentees": [{"name": "Octavia Butler"}, {"name": "Terry Pratchett"}]}])
    );
    let by_constraint = db
        .get("/books?select=id,editor:authors!books_editor_fkey(name)&id=eq.1")
        .await;
    assert_eq!(
        by_constraint.json(),
        json!([{"id": 1, "editor": {"name": "Octavia Butler"}}])
    );
    let by_column = db.get("/books?select=id,writer:authors!author_id(name),editor:authors!editor_id(name)&id=eq.3").await;
    assert_eq!(
        by_column.json(),
        json!([{"id": 3, "writer": {"name": "Octavia Butler"}, "editor": {"name": "Ursula Le Guin"}}])
    );
    let spread = db
        .get("/books?select=title,...authors!author_id(author:name,born)&id=eq.5")
        .await;
    assert_eq!(
        spread.json(),
        json!([{"title": "Guards! Guards!", "author": "Terry Pratchett", "born": "1948-04-28"}])
    );
    let nested = db
        .get("/books?select=id,...authors!author_id(name,...author_profiles(website))&id=eq.1")
        .await;
    assert_eq!(
        nested.json(),
        json!([{"id": 1, "name": "Ursula Le Guin", "website": "https://ursula.example"}])
    );
    let spread_star = db
        .get("/author_profiles?select=...authors(*)&author_id=eq.3")
        .await;
    assert_eq!(spread_star.json()[0]["name"], "Terry Pratchett");
    let spread_many = db
        .get("/authors?select=name,...books!author_id(title)&order=id&books.order=id")
        .await;
    assert_eq!(
        (spread_many.status, spread_many.json()[0].clone()),
        (
            200,
            json!({"name": "Ursula Le Guin", "title": ["A Wizard of Earthsea", "The Left Hand of Darkness"]})
        ),
        "a to-many spread lifts each column as an array, as PostgREST 13 does"
    );
}

#[tokio::test]
async fn inner_joins_nested_embeds_and_embedded_parameters() {
    let db = db().await;
    let inner = db
        .get("/books?select=id,editor:authors!editor_id!inner(name)&order=id")
        .await;
    assert_eq!(ids(&inner), vec![1, 3]);
    let filtered_inner = db
        .get("/books?select=id,authors!author_id!inner(name)&authors.name=eq.Terry%20Pratchett")
        .await;
    assert_eq!(ids(&filtered_inner), vec![5]);
    let left = db.get("/books?select=id,authors!author_id!left(name)&authors.name=eq.Terry%20Pratchett&order=id").await;
    assert_eq!(left.json()[0], json!({"id": 1, "authors": null}));
    let nested = db.get("/authors?select=name,books!author_id(title,reviews(stars))&id=eq.1&books.order=id&books.reviews.order=stars").await;
    assert_eq!(
        nested.json(),
        json!([{"name": "Ursula Le Guin", "books": [
            {"title": "A Wizard of Earthsea", "reviews": [{"stars": 4}, {"stars": 5}]},
            {"title": "The Left Hand of Darkness", "reviews": []}
        ]}])
    );
    let params = db
        .get("/authors?select=id,books!author_id(id)&id=eq.2&books.or=(id.eq.3,published.gt.1990)&books.order=id.desc&books.limit=1&books.offset=0")
        .await;
    assert_eq!(params.json(), json!([{"id": 2, "books": [{"id": 4}]}]));
    let filtered_many = db
        .get("/books?select=id,reviews(stars)&reviews.stars=gte.5&id=eq.1")
        .await;
    assert_eq!(
        filtered_many.json(),
        json!([{"id": 1, "reviews": [{"stars": 5}]}])
    );
    let only_filtering = db
        .get("/books?select=id,reviews!inner()&reviews.stars=eq.3")
        .await;
    assert_eq!(only_filtering.json(), json!([{"id": 5}]));
}

#[tokio::test]
async fn embed_null_filters() {
    let db = db().await;
    let without = db
        .get("/books?select=id,reviews(stars)&reviews=is.null&order=id")
        .await;
    assert_eq!(ids(&without), vec![2, 4]);
    let with = db
        .get("/books?select=id,reviews(stars)&reviews=not.is.null&order=id")
        .await;
    assert_eq!(ids(&with), vec![1, 3, 5]);
    let edited = db
        .get("/books?select=id,editor:authors!editor_id(name)&editor=not.is.null&order=id")
        .await;
    assert_eq!(ids(&edited), vec![1, 3]);
    let either = db
        .get("/books?select=id,editor:authors!editor_id(name)&or=(editor.is.null,id.eq.1)&order=id")
        .await;
    assert_eq!(ids(&either), vec![1, 2, 4, 5]);
}

#[tokio::test]
async fn relationship_errors() {
    let db = db().await;
    let ambiguous = db.get("/books?select=title,authors(name)").await;
    assert_eq!(ambiguous.status, 300);
    assert_eq!(ambiguous.json()["code"], "PGRST201");
    let missing = db.get("/books?select=title,author(name)").await;
    assert_eq!(
        (missing.status, missing.json()),
        (
            400,
            json!({
                "code": "PGRST200",
                "message": "Could not find a relationship between 'books' and 'author' in the schema cache",
                "details": "Searched for a foreign key relationship between 'books' and 'author' in the schema 'public', but no matches were found.",
                "hint": "Perhaps you meant 'authors' instead of 'author'."
            })
        )
    );
    let hinted = db.get("/books?select=title,authors!nope(name)").await;
    assert_eq!(hinted.json()["details"], "Searched for a foreign key relationship between 'books' and 'authors' using the hint 'nope' in the schema 'public', but no matches were found.");
    let not_embedded = db.get("/books?select=id&reviews.stars=eq.1").await;
    assert_eq!(
        (not_embedded.status, not_embedded.json()),
        (
            400,
            json!({"code": "PGRST108", "message": "'reviews' is not an embedded resource in this request", "details": null, "hint": "Verify that 'reviews' is included in the 'select' query parameter."})
        )
    );
    let aggregate = db.get("/books?select=price.sum()").await;
    assert_eq!(
        (aggregate.status, aggregate.json()["code"].clone()),
        (400, json!("PGRST123"))
    );
}
