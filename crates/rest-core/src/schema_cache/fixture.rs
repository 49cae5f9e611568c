//! The schema caches of `tests/fixtures/rest_schema.sql` (and nothing else)
//! and of `tests/fixtures/rest_views.sql`, as the introspection queries return
//! them (regenerate with `scripts/dev/schema-fixture`), for tests that need no
//! database.

use super::SchemaCache;

pub fn cache() -> SchemaCache {
    SchemaCache::from_json(include_str!("fixture.json")).expect("fixture.json is a schema cache")
}

/// The schema cache of `tests/fixtures/rest_views.sql` alone (views embedded
/// through their base tables' keys).
pub fn views_cache() -> SchemaCache {
    SchemaCache::from_json(include_str!("views_fixture.json"))
        .expect("views_fixture.json is a schema cache")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema_cache::{Cardinality, QualifiedName};

    fn kinds(source: &str, target: &str) -> Vec<(String, &'static str)> {
        let cache = cache();
        let source = QualifiedName::new("public", source);
        let mut out: Vec<(String, &'static str)> = cache
            .relationships_between(&source, target)
            .map(|r| {
                let kind = match &r.cardinality {
                    Cardinality::ManyToOne => "m2o",
                    Cardinality::OneToMany => "o2m",
                    Cardinality::OneToOne => "o2o",
                    Cardinality::ManyToMany { .. } => "m2m",
                    Cardinality::Computed { .. } => "computed",
                };
                (r.constraint.clone(), kind)
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn relations_columns_and_keys_are_read() {
        let cache = cache();
        let books = cache.relation("public", "books").unwrap();
        assert_eq!(books.primary_key(), ["id"]);
        assert!(books.is_unique(&["isbn".to_string()]));
        let search = books.column("search").unwrap();
        assert!(search.generated);
        assert_eq!(search.data_type, "tsvector");
        assert_eq!(books.column("isbn").unwrap().max_length, Some(20));
        let authors = cache.relation("public", "authors").unwrap();
        assert_eq!(
            authors.column("mood").unwrap().enum_values.as_deref(),
            Some(&["sad".to_string(), "ok".into(), "happy".into()][..])
        );
        assert!(authors.column("tags").unwrap().array);
        assert!(cache.relation("public", "book_titles").unwrap().is_view());
        assert!(cache.relation("public", "_sqlx_migrations").is_none());
    }

    #[test]
    fn foreign_keys_give_both_directions() {
        assert_eq!(
            kinds("books", "authors"),
            vec![
                ("books_author_id_fkey".into(), "m2o"),
                ("books_editor_fkey".into(), "m2o")
            ]
        );
        assert_eq!(
            kinds("authors", "books"),
            vec![
                ("books_author_id_fkey".into(), "o2m"),
                ("books_editor_fkey".into(), "o2m")
            ]
        );
        assert_eq!(
            kinds("reviews", "books"),
            vec![("reviews_book_id_fkey".into(), "m2o")]
        );
    }

    #[test]
    fn unique_fk_columns_make_one_to_one() {
        assert_eq!(
            kinds("authors", "author_profiles"),
            vec![("author_profiles_author_id_fkey".into(), "o2o")]
        );
        assert_eq!(
            kinds("author_profiles", "authors"),
            vec![("author_profiles_author_id_fkey".into(), "o2o")]
        );
    }

    #[test]
    fn junction_tables_give_many_to_many() {
        assert_eq!(
            kinds("books", "genres"),
            vec![("book_genres_genre_id_fkey".into(), "m2m")]
        );
        assert_eq!(
            kinds("genres", "books"),
            vec![("book_genres_book_id_fkey".into(), "m2m")]
        );
        assert_eq!(
            kinds("books", "book_genres"),
            vec![("book_genres_book_id_fkey".into(), "o2m")]
        );
    }

    #[test]
    fn self_references_go_both_ways() {
        assert_eq!(
            kinds("authors", "authors"),
            vec![
                ("authors_mentor_id_fkey".into(), "m2o"),
                ("authors_mentor_id_fkey".into(), "o2m")
            ]
        );
    }

    #[test]
    fn functions_know_their_arguments_and_shape() {
        let cache = cache();
        assert_eq!(cache.functions("public", "overloaded").len(), 2);
        let greet = &cache.functions("public", "greet")[0];
        assert!(greet.required_args().is_empty());
        assert!(greet.is_read_only());
        let books_by = &cache.functions("public", "books_by")[0];
        assert!(books_by.returns_set && books_by.returns_composite);
        assert_eq!(
            books_by.return_relation,
            Some(QualifiedName::new("public", "books"))
        );
        assert!(cache.functions("public", "touch_nothing")[0].returns_void());
        assert!(!cache.functions("public", "add_review")[0].is_read_only());
    }
}
