//! `pleat gen types typescript`: the `Database` type supabase-js's generics
//! take, read from the live catalog and printed in the shape the Supabase CLI
//! prints (postgres-meta's TypeScript generator), so a project can swap one
//! generated file for the other. This module reads the catalog; `render`
//! turns it into TypeScript.

mod render;
mod views;

use std::collections::HashMap;

use serde::Deserialize;

use pleat_rest::schema_cache::views::key_dependencies;

use crate::config::Config;
use crate::keys;
use crate::startup::db_settings;

pub use render::render;

/// The relations, columns, foreign keys and functions of the chosen schemas,
/// and every type of the database (oids resolve through `types`).
#[derive(Debug, Deserialize)]
pub struct Catalog {
    /// The schemas to render, in the order given.
    #[serde(skip)]
    pub schemas: Vec<String>,
    pub relations: Vec<Relation>,
    pub columns: Vec<Column>,
    /// The foreign keys, then the relationships views take from them (`views`).
    pub relationships: Vec<Relationship>,
    pub functions: Vec<Function>,
    #[serde(deserialize_with = "types_by_id")]
    pub types: HashMap<i64, PgType>,
}

#[derive(Debug, Deserialize)]
pub struct Relation {
    pub id: i64,
    pub schema: String,
    pub name: String,
    /// `pg_class.relkind`: r, p, f (tables), v, m (views).
    pub kind: String,
    /// A view that takes inserts and updates.
    pub updatable: bool,
}

#[derive(Debug, Deserialize)]
pub struct Column {
    pub table_id: i64,
    pub name: String,
    #[serde(rename = "type")]
    pub type_id: i64,
    pub nullable: bool,
    pub has_default: bool,
    /// `a` (generated always as identity), `d` (by default), or none.
    pub identity: Option<String>,
    pub updatable: bool,
}

#[derive(Debug, Deserialize)]
pub struct Relationship {
    pub name: String,
    pub schema: String,
    pub relation: String,
    pub columns: Vec<String>,
    pub referenced_schema: String,
    pub referenced_relation: String,
    pub referenced_columns: Vec<String>,
    pub one_to_one: bool,
}

#[derive(Debug, Deserialize)]
pub struct Function {
    pub schema: String,
    pub name: String,
    pub returns: i64,
    pub returns_set: bool,
    /// The planner's row estimate of a set-returning function.
    pub rows: Option<f64>,
    /// The identity arguments, to order overloads.
    pub signature: String,
    pub args: Vec<Arg>,
}

#[derive(Debug, Deserialize)]
pub struct Arg {
    /// Empty for an unnamed argument.
    pub name: String,
    /// `pg_proc.proargmodes`: i, o, b (inout), v (variadic), t (a column of RETURNS TABLE).
    pub mode: String,
    #[serde(rename = "type")]
    pub type_id: i64,
    pub has_default: bool,
}

#[derive(Debug, Deserialize)]
pub struct PgType {
    pub id: i64,
    pub schema: String,
    pub name: String,
    /// `pg_type.typtype`: b, c, d, e, p, r, m.
    pub kind: String,
    pub element: Option<i64>,
    /// The base type of a domain.
    pub base: Option<i64>,
    /// The relation of a row type.
    pub relation: Option<i64>,
    /// A type made with CREATE TYPE … AS (…), not a table's row type.
    pub composite: bool,
    pub labels: Option<Vec<String>>,
    pub attributes: Option<Vec<Attribute>>,
}

#[derive(Debug, Deserialize)]
pub struct Attribute {
    pub name: String,
    #[serde(rename = "type")]
    pub type_id: i64,
}

fn types_by_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<HashMap<i64, PgType>, D::Error> {
    let list = Vec::<PgType>::deserialize(d)?;
    Ok(list.into_iter().map(|t| (t.id, t)).collect())
}

/// `pleat gen types typescript [--schema a,b]`: print the types of `schemas`
/// (default: the schemas `/rest/v1` exposes, PLEAT_DB_SCHEMAS).
pub async fn run(schemas: Option<Vec<String>>, config: &Config) -> anyhow::Result<()> {
    let schemas: Vec<String> = match schemas {
        Some(list) => list.iter().map(|s| s.trim().to_string()).collect(),
        None => config.db_schemas.clone(),
    };
    anyhow::ensure!(
        !schemas.is_empty() && schemas.iter().all(|s| !s.is_empty()),
        "--schema has an empty schema name"
    );
    let secret = keys::load_or_create_secret(config)?;
    let db = pleat_db::Database::open(&db_settings(config, &secret, 1).await?).await?;
    let result = load(&db.owner, schemas).await;
    db.close().await?;
    print!("{}", render(&result?));
    Ok(())
}

/// Reads the catalog of `schemas`; a schema that does not exist is an error
/// (a typo would otherwise print an empty type).
pub async fn load(pool: &sqlx::PgPool, schemas: Vec<String>) -> anyhow::Result<Catalog> {
    let missing: Vec<String> = sqlx::query_scalar(
        "SELECT s FROM unnest($1::text[]) AS s WHERE NOT EXISTS (SELECT FROM pg_namespace WHERE nspname = s)",
    )
    .bind(&schemas)
    .fetch_all(pool)
    .await?;
    if !missing.is_empty() {
        anyhow::bail!("there is no schema {}", missing.join(", "));
    }
    let json: serde_json::Value = sqlx::query_scalar(include_str!("catalog.sql"))
        .bind(&schemas)
        .fetch_one(pool)
        .await?;
    let mut catalog: Catalog = serde_json::from_value(json)?;
    // Views of the rendered schemas only are looked through, as postgres-meta
    // follows them.
    let views: String = sqlx::query_scalar(pleat_rest::execute::VIEW_KEYS_SQL)
        .bind(&schemas)
        .bind(&schemas)
        .fetch_one(pool)
        .await?;
    let deps = key_dependencies(&serde_json::from_str(&views)?);
    let of_views = views::relationships(&catalog.relationships, &deps);
    catalog.relationships.extend(of_views);
    catalog.schemas = schemas;
    Ok(catalog)
}
