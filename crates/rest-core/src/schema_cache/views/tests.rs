use crate::schema_cache::fixture::{cache, views_cache};
use crate::schema_cache::{Cardinality, QualifiedName, Relationship, SchemaCache};

fn line(r: &Relationship) -> String {
    let kind = match &r.cardinality {
        Cardinality::ManyToOne => "m2o".to_string(),
        Cardinality::OneToMany => "o2m".to_string(),
        Cardinality::OneToOne => "o2o".to_string(),
        Cardinality::ManyToMany { junction, .. } => format!("m2m via {}", junction.name),
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
fn print_all() {
    println!("{}", view_lines(&views_cache()));
    println!("----");
    println!("{}", view_lines(&cache()));
}
