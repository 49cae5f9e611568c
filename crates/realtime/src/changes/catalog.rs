//! What the change stream knows of the published tables: each relation as
//! pgoutput last described it, with its column types, and per role which
//! columns it may select and whether the table has row-level security. All of
//! it is read once per description: pgoutput describes a table again before
//! its next change after anything that invalidates it (ALTER TABLE, GRANT,
//! REVOKE, ENABLE ROW LEVEL SECURITY), so a REVOKE counts from the next change on
//! (tests/js/realtime.test.mjs checks it).

use std::collections::HashMap;
use std::sync::Arc;

use sqlx::PgPool;

use super::filter::ident;
use super::pgoutput::Relation;

pub struct Table {
    pub relation: Relation,
    /// `"schema"."table"`, for SQL.
    pub qualified: String,
    /// Per column: the type as SQL writes it, and its `pg_type.typname`.
    pub sql_types: Vec<String>,
    pub typnames: Vec<String>,
}

/// What one role may see of one table.
pub struct Access {
    /// The columns the role may select.
    pub columns: Vec<String>,
    /// Whether the table's policies decide which rows (row-level security on).
    pub rls: bool,
}

pub struct Catalog {
    owner: PgPool,
    relations: HashMap<u32, Relation>,
    tables: HashMap<u32, Arc<Table>>,
    /// (role, table oid) → access, until the table is described again.
    access: HashMap<(String, u32), Arc<Access>>,
}

impl Catalog {
    pub fn new(owner: PgPool) -> Catalog {
        Catalog {
            owner,
            relations: HashMap::new(),
            tables: HashMap::new(),
            access: HashMap::new(),
        }
    }

    /// A relation as pgoutput describes it (before its first change, and again
    /// after the table changed).
    pub fn describe(&mut self, relation: Relation) {
        self.tables.remove(&relation.id);
        self.access.retain(|(_, oid), _| *oid != relation.id);
        self.relations.insert(relation.id, relation);
    }

    pub fn relation(&self, id: u32) -> Option<&Relation> {
        self.relations.get(&id)
    }

    pub async fn table(&mut self, id: u32) -> Result<Option<Arc<Table>>, sqlx::Error> {
        if let Some(table) = self.tables.get(&id) {
            return Ok(Some(table.clone()));
        }
        let Some(relation) = self.relations.get(&id).cloned() else {
            return Ok(None);
        };
        let types: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT a.attname::text, format_type(a.atttypid, a.atttypmod), t.typname::text \
             FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid \
             WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped",
        )
        .bind(i64::from(id))
        .fetch_all(&self.owner)
        .await?;
        let find = |name: &str| types.iter().find(|(n, _, _)| n == name);
        let table = Arc::new(Table {
            qualified: format!("{}.{}", ident(&relation.schema), ident(&relation.table)),
            sql_types: relation
                .columns
                .iter()
                .map(|c| find(&c.name).map_or("text".into(), |t| t.1.clone()))
                .collect(),
            typnames: relation
                .columns
                .iter()
                .map(|c| find(&c.name).map_or("text".into(), |t| t.2.clone()))
                .collect(),
            relation,
        });
        self.tables.insert(id, table.clone());
        Ok(Some(table))
    }

    pub async fn access(&mut self, role: &str, id: u32) -> Result<Arc<Access>, sqlx::Error> {
        let key = (role.to_string(), id);
        if let Some(access) = self.access.get(&key) {
            return Ok(access.clone());
        }
        let (columns, rls): (Vec<String>, bool) = sqlx::query_as(
            "SELECT coalesce(array_agg(a.attname::text) FILTER \
               (WHERE has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')), '{}'), \
             (SELECT relrowsecurity FROM pg_class WHERE oid = $1::oid) \
             FROM pg_attribute a WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped",
        )
        .bind(i64::from(id))
        .bind(role)
        .fetch_one(&self.owner)
        .await?;
        let access = Arc::new(Access { columns, rls });
        self.access.insert(key, access.clone());
        Ok(access)
    }
}
