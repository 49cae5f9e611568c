use super::*;
use crate::schema_cache::fixture::{cache, views_cache};
use crate::schema_cache::SchemaCache;

fn line(r: &Relationship) -> String {
    let kind = match &r.cardinality {
        Cardinality::ManyToOne => "m2o".to_string(),
        Cardinality::OneToMany => "o2m".to_string(),
        Cardinality::OneToOne => "o2o".to_string(),
        Cardinality::ManyToMany { junction, .. } => format!("m2m via {}", junction.name),
        Cardinality::Computed { function, .. } => format!("computed {}", function.name),
    };
    format!(
        "{} -> {} {kind} {} ({}) = ({})",
        r.table.name,
        r.foreign_table.name,
        r.constraint,
        r.columns.join(", "),
        r.foreign_columns.join(", ")
    )
}

/// Every relationship with a view at one end, in the cache's order.
fn view_lines(cache: &SchemaCache) -> String {
    let is_view = |q: &QualifiedName| cache.relations.get(q).is_some_and(|r| r.is_view());
    cache
        .relationships
        .iter()
        .filter(|r| is_view(&r.table) || is_view(&r.foreign_table))
        .map(line)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn views_relate_through_their_base_tables() {
    // v_sent leaves the recipient out: only the sender's key reaches it.
    // v_contacts is a view of v_people_stats; v_inbox joins two tables;
    // v_memberships (over a schema not exposed) is a junction; v_sender_counts
    // shows a foreign key column but no primary key.
    insta::assert_snapshot!(view_lines(&views_cache()), @r"
    v_contacts -> v_groups m2m via v_memberships memberships_group_id_fkey (contact_id) = (id)
    v_contacts -> v_inbox o2m v_messages_recipient_fkey (contact_id) = (recipient)
    v_contacts -> v_memberships o2m memberships_person_id_fkey (contact_id) = (person_id)
    v_contacts -> v_messages o2m v_messages_recipient_fkey (contact_id) = (recipient)
    v_contacts -> v_messages o2m v_messages_sender_fkey (contact_id) = (sender)
    v_contacts -> v_sender_counts o2m v_messages_sender_fkey (contact_id) = (sender)
    v_contacts -> v_sent o2m v_messages_sender_fkey (contact_id) = (from_id)
    v_groups -> v_contacts m2m via v_memberships memberships_person_id_fkey (id) = (contact_id)
    v_groups -> v_inbox m2m via v_memberships memberships_person_id_fkey (id) = (sender_id)
    v_groups -> v_memberships o2m memberships_group_id_fkey (id) = (group_id)
    v_groups -> v_people m2m via v_memberships memberships_person_id_fkey (id) = (id)
    v_groups -> v_people_stats m2m via v_memberships memberships_person_id_fkey (id) = (id)
    v_inbox -> v_contacts m2o v_messages_recipient_fkey (recipient) = (contact_id)
    v_inbox -> v_groups m2m via v_memberships memberships_group_id_fkey (sender_id) = (id)
    v_inbox -> v_inbox o2m v_messages_recipient_fkey (sender_id) = (recipient)
    v_inbox -> v_inbox m2o v_messages_recipient_fkey (recipient) = (sender_id)
    v_inbox -> v_memberships o2m memberships_person_id_fkey (sender_id) = (person_id)
    v_inbox -> v_messages o2m v_messages_recipient_fkey (sender_id) = (recipient)
    v_inbox -> v_messages o2m v_messages_sender_fkey (sender_id) = (sender)
    v_inbox -> v_people m2o v_messages_recipient_fkey (recipient) = (id)
    v_inbox -> v_people_stats m2o v_messages_recipient_fkey (recipient) = (id)
    v_inbox -> v_sender_counts o2m v_messages_sender_fkey (sender_id) = (sender)
    v_inbox -> v_sent o2m v_messages_sender_fkey (sender_id) = (from_id)
    v_memberships -> v_contacts m2o memberships_person_id_fkey (person_id) = (contact_id)
    v_memberships -> v_groups m2o memberships_group_id_fkey (group_id) = (id)
    v_memberships -> v_inbox m2o memberships_person_id_fkey (person_id) = (sender_id)
    v_memberships -> v_people m2o memberships_person_id_fkey (person_id) = (id)
    v_memberships -> v_people_stats m2o memberships_person_id_fkey (person_id) = (id)
    v_messages -> v_contacts m2o v_messages_recipient_fkey (recipient) = (contact_id)
    v_messages -> v_contacts m2o v_messages_sender_fkey (sender) = (contact_id)
    v_messages -> v_inbox m2o v_messages_recipient_fkey (recipient) = (sender_id)
    v_messages -> v_inbox m2o v_messages_sender_fkey (sender) = (sender_id)
    v_messages -> v_people_stats m2o v_messages_recipient_fkey (recipient) = (id)
    v_messages -> v_people_stats m2o v_messages_sender_fkey (sender) = (id)
    v_people -> v_groups m2m via v_memberships memberships_group_id_fkey (id) = (id)
    v_people -> v_inbox o2m v_messages_recipient_fkey (id) = (recipient)
    v_people -> v_memberships o2m memberships_person_id_fkey (id) = (person_id)
    v_people -> v_sender_counts o2m v_messages_sender_fkey (id) = (sender)
    v_people -> v_sent o2m v_messages_sender_fkey (id) = (from_id)
    v_people_stats -> v_groups m2m via v_memberships memberships_group_id_fkey (id) = (id)
    v_people_stats -> v_inbox o2m v_messages_recipient_fkey (id) = (recipient)
    v_people_stats -> v_memberships o2m memberships_person_id_fkey (id) = (person_id)
    v_people_stats -> v_messages o2m v_messages_recipient_fkey (id) = (recipient)
    v_people_stats -> v_messages o2m v_messages_sender_fkey (id) = (sender)
    v_people_stats -> v_sender_counts o2m v_messages_sender_fkey (id) = (sender)
    v_people_stats -> v_sent o2m v_messages_sender_fkey (id) = (from_id)
    v_sender_counts -> v_contacts m2o v_messages_sender_fkey (sender) = (contact_id)
    v_sender_counts -> v_inbox m2o v_messages_sender_fkey (sender) = (sender_id)
    v_sender_counts -> v_people m2o v_messages_sender_fkey (sender) = (id)
    v_sender_counts -> v_people_stats m2o v_messages_sender_fkey (sender) = (id)
    v_sent -> v_contacts m2o v_messages_sender_fkey (from_id) = (contact_id)
    v_sent -> v_inbox m2o v_messages_sender_fkey (from_id) = (sender_id)
    v_sent -> v_people m2o v_messages_sender_fkey (from_id) = (id)
    v_sent -> v_people_stats m2o v_messages_sender_fkey (from_id) = (id)
    ");
}

#[test]
fn a_view_of_a_table_takes_its_relationships() {
    insta::assert_snapshot!(view_lines(&cache()), @r"
    book_genres -> book_titles m2o book_genres_book_id_fkey (book_id) = (id)
    book_titles -> book_genres o2m book_genres_book_id_fkey (id) = (book_id)
    book_titles -> genres m2m via book_genres book_genres_genre_id_fkey (id) = (id)
    book_titles -> reviews o2m reviews_book_id_fkey (id) = (book_id)
    genres -> book_titles m2m via book_genres book_genres_book_id_fkey (id) = (id)
    reviews -> book_titles m2o reviews_book_id_fkey (book_id) = (id)
    ");
}

#[test]
fn views_take_the_primary_keys_they_show() {
    let views = views_cache();
    let pk = |name: &str| {
        views
            .relation("public", name)
            .unwrap()
            .primary_key()
            .to_vec()
    };
    assert_eq!(pk("v_sent"), ["message_id"]);
    assert_eq!(pk("v_contacts"), ["contact_id"]);
    // Two tables joined: both primary keys, as PostgREST has it.
    assert_eq!(pk("v_inbox"), ["id", "sender_id"]);
    assert_eq!(pk("v_memberships"), ["person_id", "group_id"]);
    assert!(pk("v_sender_counts").is_empty());
    assert_eq!(
        cache()
            .relation("public", "book_titles")
            .unwrap()
            .primary_key(),
        ["id"]
    );
}

/// A view definition whose columns read `(relation, column)` in order.
fn query(columns: &[(u32, i32)]) -> String {
    let entries: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, (rel, col))| {
            format!(
                "{{TARGETENTRY :expr {{VAR :varno 1}} :resno {} :resname c{i} :ressortgroupref 0 :resorigtbl {rel} :resorigcol {col} :resjunk false}}",
                i + 1
            )
        })
        .collect();
    format!(
        "({{QUERY :commandType 1 :rtable <> :targetList ({}) :override 0}})",
        entries.join(" ")
    )
}

fn view(oid: u32, name: &str, columns: &[(&str, u32, i32)]) -> ViewDef {
    ViewDef {
        oid,
        schema: "public".into(),
        name: name.into(),
        exposed: true,
        columns: columns
            .iter()
            .enumerate()
            .map(|(i, (n, _, _))| Attribute {
                num: i as i32 + 1,
                name: n.to_string(),
            })
            .collect(),
        definition: query(
            &columns
                .iter()
                .map(|(_, rel, col)| (*rel, *col))
                .collect::<Vec<_>>(),
        ),
    }
}

fn rel(oid: u32, name: &str) -> RelationRef {
    RelationRef {
        oid,
        schema: "public".into(),
        name: name.into(),
    }
}

fn attrs(cols: &[(i32, &str)]) -> Vec<Attribute> {
    cols.iter()
        .map(|(num, name)| Attribute {
            num: *num,
            name: name.to_string(),
        })
        .collect()
}

/// t1 (oid 1): a primary key (a, b). t2 (oid 2): columns a1 (1), b1 (2)
/// referencing t1 (a, b) by `t2_fkey`.
fn keys() -> Vec<KeyConstraint> {
    vec![
        KeyConstraint {
            name: "t1_pkey".into(),
            kind: "p".into(),
            table: rel(1, "t1"),
            columns: attrs(&[(1, "a"), (2, "b")]),
            referenced: None,
            referenced_columns: vec![],
            one_to_one: false,
        },
        KeyConstraint {
            name: "t2_fkey".into(),
            kind: "f".into(),
            table: rel(2, "t2"),
            columns: attrs(&[(1, "a1"), (2, "b1")]),
            referenced: Some(rel(1, "t1")),
            referenced_columns: attrs(&[(1, "a"), (2, "b")]),
            one_to_one: false,
        },
    ]
}

#[test]
fn a_key_shown_twice_gives_a_relationship_per_choice() {
    let catalog = ViewCatalog {
        views: vec![
            view(10, "v1", &[("a", 1, 1), ("b", 1, 2)]),
            view(
                11,
                "v2",
                &[("x1", 2, 1), ("y1", 2, 2), ("x2", 2, 1), ("y2", 2, 2)],
            ),
        ],
        constraints: keys(),
    };
    let deps = key_dependencies(&catalog);
    let lines: Vec<String> = to_one_relationships(&catalog, &deps)
        .iter()
        .map(line)
        .collect();
    insta::assert_snapshot!(lines.join("\n"), @r"
    v2 -> t1 m2o t2_fkey (x1, y1) = (a, b)
    v2 -> t1 m2o t2_fkey (x1, y2) = (a, b)
    v2 -> t1 m2o t2_fkey (x2, y1) = (a, b)
    v2 -> t1 m2o t2_fkey (x2, y2) = (a, b)
    t2 -> v1 m2o t2_fkey (a1, b1) = (a, b)
    v2 -> v1 m2o t2_fkey (x1, y1) = (a, b)
    v2 -> v1 m2o t2_fkey (x1, y2) = (a, b)
    v2 -> v1 m2o t2_fkey (x2, y1) = (a, b)
    v2 -> v1 m2o t2_fkey (x2, y2) = (a, b)
    ");
    // The first column showing each primary key column is the view's.
    let pks = primary_keys(&deps);
    assert_eq!(pks[&QualifiedName::new("public", "v1")], ["a", "b"]);
}

#[test]
fn part_of_a_key_is_no_key() {
    // Only `a` of t1's (a, b) and only a1 of t2's (a1, b1): neither view has a
    // key nor a relationship.
    let catalog = ViewCatalog {
        views: vec![
            view(10, "v1", &[("a", 1, 1)]),
            view(11, "v2", &[("x", 2, 1)]),
        ],
        constraints: keys(),
    };
    assert_eq!(key_dependencies(&catalog), vec![]);
}

/// The views that show some key, each once.
fn keyed_views(catalog: &ViewCatalog) -> Vec<String> {
    let mut names: Vec<String> = key_dependencies(catalog)
        .into_iter()
        .map(|d| d.view.name)
        .collect();
    names.dedup();
    names
}

#[test]
fn views_of_views_are_followed_to_a_depth_limit() {
    // v_0 reads t1; v_n reads v_(n-1). Only the views within the limit of t1
    // take its key.
    let views: Vec<ViewDef> = (0..MAX_VIEW_DEPTH as u32 + 3)
        .map(|n| {
            let under = if n == 0 { 1 } else { 100 + n - 1 };
            view(
                100 + n,
                &format!("v_{n}"),
                &[("a", under, 1), ("b", under, 2)],
            )
        })
        .collect();
    let catalog = ViewCatalog {
        views,
        constraints: keys(),
    };
    let keyed = keyed_views(&catalog);
    assert_eq!(keyed.len(), MAX_VIEW_DEPTH + 1);
    assert!(keyed.contains(&"v_0".to_string()));
    assert!(keyed.contains(&format!("v_{MAX_VIEW_DEPTH}")));
    assert!(!keyed.contains(&format!("v_{}", MAX_VIEW_DEPTH + 1)));
}

#[test]
fn views_not_exposed_are_looked_through_but_get_no_keys() {
    let mut inner = view(10, "inner", &[("a", 1, 1), ("b", 1, 2)]);
    inner.exposed = false;
    let catalog = ViewCatalog {
        views: vec![inner, view(11, "outer", &[("a", 10, 1), ("b", 10, 2)])],
        constraints: keys(),
    };
    let keyed = keyed_views(&catalog);
    assert_eq!(keyed, ["outer"]);
}

#[test]
fn column_choices_are_bounded() {
    let dep = KeyDependency {
        table: QualifiedName::new("public", "t"),
        view: QualifiedName::new("public", "v"),
        constraint: "k".into(),
        kind: KeyKind::Foreign,
        columns: (0..3)
            .map(|k| {
                (
                    format!("c{k}"),
                    (0..10).map(|i| format!("c{k}_{i}")).collect(),
                )
            })
            .collect(),
    };
    assert_eq!(dep.column_choices().len(), MAX_COLUMN_CHOICES);
}
