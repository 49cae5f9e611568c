//! The plan's intermediate form: what to read, filter, order, write or call, with
//! every name checked against the schema cache and every column typed. `sql/`
//! renders it (`sql::statement`); nothing here is SQL text, and nothing in
//! `plan/` calls `sql/`.

use serde::Serialize;

use crate::parse::{
    AggregateFunction, Direction, JsonStep, LogicOp, Nulls, OpExpr, Resolution, RowRange,
};
use crate::schema_cache::QualifiedName;

/// How SQL names a relation inside a query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum TableRef {
    /// `"schema"."name"`
    Qualified(QualifiedName),
    /// `"alias"`
    Alias(String),
}

/// A column of the node's relation, possibly with a JSON path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ColumnRef {
    pub name: String,
    pub json_path: Vec<JsonStep>,
    /// The column is not json/jsonb, so a path applies to `to_jsonb(col)`.
    pub to_jsonb: bool,
    /// The type a value compared with this expression is cast to.
    pub value_type: String,
    /// A computed field: `function(row)` rather than the column `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computed: Option<Box<ComputedCall>>,
}

/// `function(row::row_type)`: a computed field of the level's row, cast to the
/// relation's type because a mutation's or function's rows are read from
/// `pgrst_source`, whose rows are records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComputedCall {
    pub function: QualifiedName,
    pub row_type: QualifiedName,
}

/// A type name checked to be one (see `columns::checked_cast`), the only text
/// of a request that reaches the SQL unquoted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CastType(pub(super) String);

impl CastType {
    pub fn as_sql(&self) -> &str {
        &self.0
    }
}

/// An aggregate over a field (`amount.sum()::int`): the function and the cast of
/// its result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AggregateCall {
    pub function: AggregateFunction,
    pub cast: Option<CastType>,
}

impl AggregateCall {
    /// The key PostgreSQL (and so PostgREST) gives an unaliased aggregate.
    pub fn default_alias(&self) -> &'static str {
        match self.function {
            AggregateFunction::Sum => "sum",
            AggregateFunction::Avg => "avg",
            AggregateFunction::Count => "count",
            AggregateFunction::Max => "max",
            AggregateFunction::Min => "min",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum SelectField {
    /// `*`
    Star,
    /// A column (cast by `cast`), or an aggregate of it; an aggregate always has an
    /// alias.
    Column {
        column: ColumnRef,
        cast: Option<CastType>,
        alias: Option<String>,
        aggregate: Option<AggregateCall>,
    },
    /// `true` under the name of a `count()` that a to-one spread hoisted to its
    /// parent: present for each related row, null where the join found none.
    Row { alias: String },
    /// `count()`: the number of rows (of each group).
    CountAll {
        cast: Option<CastType>,
        alias: String,
        /// `select=count` on a relation without a `count` column, which PostgreSQL
        /// reads as `count(t)` and PostgREST passes through whatever the setting:
        /// `rel(count)` counts an embed's rows. It groups nothing, as there.
        legacy: bool,
    },
}

impl SelectField {
    /// The key this field has in the output object.
    pub fn output_name(&self) -> Option<String> {
        match self {
            SelectField::Star => None,
            SelectField::Column { column, alias, .. } => {
                Some(alias.clone().unwrap_or_else(|| column.name.clone()))
            }
            SelectField::CountAll { alias, .. } | SelectField::Row { alias } => Some(alias.clone()),
        }
    }

    pub fn is_aggregate(&self) -> bool {
        matches!(
            self,
            SelectField::CountAll { legacy: false, .. }
                | SelectField::Column {
                    aggregate: Some(_),
                    ..
                }
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Cond {
    Logic {
        negated: bool,
        op: LogicOp,
        children: Vec<Cond>,
    },
    Filter {
        column: ColumnRef,
        expr: OpExpr,
    },
    /// `rel=is.null` (`is_null`) or `rel=not.is.null` on the embed `agg_alias`.
    NullEmbed {
        is_null: bool,
        agg_alias: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum OrderTarget {
    Column(ColumnRef),
    /// A column of a to-one embed, through its join alias.
    Related {
        agg_alias: String,
        column: ColumnRef,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrderItem {
    pub target: OrderTarget,
    pub direction: Option<Direction>,
    pub nulls: Option<Nulls>,
}

/// One level of a read: the root or an embedded resource.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReadNode {
    pub relation: QualifiedName,
    /// What the `FROM` reads: the relation, or `pgrst_source` for the rows a
    /// mutation or function returned.
    pub from_source: bool,
    /// How this level's columns are referenced.
    pub table: TableRef,
    pub select: Vec<SelectField>,
    pub conds: Vec<Cond>,
    pub order: Vec<OrderItem>,
    pub range: RowRange,
    pub embeds: Vec<Embed>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JoinCond {
    pub child: (TableRef, String),
    pub parent: (TableRef, String),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Embed {
    pub node: ReadNode,
    /// The name used in the request (`authors`, `author_id`, a constraint).
    pub name: String,
    /// The key in the parent's output: the alias, else the name.
    pub key: String,
    /// The lateral join's alias: `parent_key_depth`.
    pub agg_alias: String,
    pub to_one: bool,
    pub inner: bool,
    pub spread: bool,
    /// Selects nothing (`rel()`): joined for filtering, absent from the output.
    pub empty: bool,
    pub join: Vec<JoinCond>,
    /// The junction of a many-to-many, read without an alias.
    pub junction: Option<QualifiedName>,
    /// The parent's columns the join needs (kept in a mutation's `RETURNING`).
    pub parent_columns: Vec<String>,
    /// A computed relationship: the rows come from `function(parent row)`,
    /// with no join condition.
    pub computed: Option<ComputedSource>,
    /// A to-one spread's aggregates, applied where the parent lifts these names, so
    /// that they aggregate the parent's rows (or groups) rather than the one
    /// related row each.
    pub hoisted: Vec<Hoisted>,
}

/// The rows of a computed relationship: its function called with the parent
/// level's row (`parent`, cast to the relation the function takes).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComputedSource {
    pub call: ComputedCall,
    pub parent: TableRef,
}

/// An aggregate a to-one spread moved up to its parent: `name` is the lifted
/// column (the alias, or the function's name) the aggregate applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hoisted {
    pub name: String,
    pub aggregate: AggregateCall,
}

impl ReadNode {
    /// The level groups its rows: it aggregates, or a spread below it hoisted an
    /// aggregate into it.
    pub fn is_grouped(&self) -> bool {
        self.select.iter().any(SelectField::is_aggregate)
            || self.embeds.iter().any(|e| !e.hoisted.is_empty())
    }
}

/// A column written by a mutation, with the type its JSON value is read as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WriteColumn {
    pub name: String,
    pub data_type: String,
    /// The column default, applied for absent keys under `missing=default`.
    pub default: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Returning {
    /// `RETURNING 1`: counts rows without reading any column.
    Nothing,
    All,
    Columns(Vec<String>),
}

/// `ORDER BY … LIMIT … OFFSET …` choosing the rows of a limited PATCH/DELETE, which
/// are then matched back by the ordered columns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Limited {
    pub order: Vec<OrderItem>,
    pub range: RowRange,
    pub key_columns: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Write {
    Insert {
        table: QualifiedName,
        columns: Vec<WriteColumn>,
        on_conflict: Option<(Resolution, Vec<String>)>,
        /// PUT: the body must match the URL's primary key filters.
        put_conds: Vec<Cond>,
        apply_defaults: bool,
    },
    Update {
        table: QualifiedName,
        columns: Vec<WriteColumn>,
        conds: Vec<Cond>,
        limited: Option<Limited>,
        apply_defaults: bool,
    },
    Delete {
        table: QualifiedName,
        conds: Vec<Cond>,
        limited: Option<Limited>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mutate {
    pub write: Write,
    /// The JSON array of rows (unused by DELETE).
    pub body: String,
    pub returning: Returning,
}

/// What a function returns, which decides how the call is read and aggregated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Shape {
    Scalar,
    SetOfScalar,
    Composite,
    SetOfComposite,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum CallArgs {
    /// Query-string arguments: `name := $n::type`.
    Direct(Vec<(String, String, String)>),
    /// Named arguments read from the JSON body: `(name, type)`.
    Json {
        body: String,
        params: Vec<(String, String)>,
    },
    /// The whole body as the one parameter of this type.
    Single { body: String, data_type: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Call {
    pub function: QualifiedName,
    pub args: CallArgs,
    pub shape: Shape,
}

/// The one statement a request runs: its query as the `pgrst_source` CTE, the
/// rows of it the body holds, the total and what the `body` column holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Query {
    pub source: Source,
    pub rows: Rows,
    pub total: Total,
    pub body: Body,
    /// `count=planned|estimated`: a count of the read to EXPLAIN goes with it.
    pub explain_count: bool,
}

/// What `pgrst_source` holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Source {
    Read(ReadNode),
    Mutate(Mutate),
    Call(Call),
}

/// What the body reads of `pgrst_source`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Rows {
    /// All of it (a plain read, a write's minimal answer).
    Source,
    /// A page of it (a function's scalar results).
    Page(RowRange),
    /// A read over it, with `select`, embeds and filters (a function's or a
    /// write's rows).
    Read(ReadNode),
}

impl Query {
    /// The read the body's rows come from, which counts count.
    pub fn read(&self) -> Option<&ReadNode> {
        match (&self.source, &self.rows) {
            (_, Rows::Read(root)) | (Source::Read(root), _) => Some(root),
            _ => None,
        }
    }
}

/// The `total_count` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Total {
    None,
    /// The rows of [`Query::read`] without its range, counted up to `cap` if
    /// given (an estimated count past `max_rows` need not count them all).
    Exact {
        cap: Option<i64>,
    },
    /// All rows of `pgrst_source` (a function's scalar results).
    Source,
    /// The rows an upsert inserted, which it records in `pgrst.inserted`.
    Inserted,
}

/// What the `body` column holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Body {
    /// A JSON array of the rows; `strip` drops null-valued keys.
    Array {
        strip: bool,
    },
    /// The first row as an object (`null` without rows).
    Object {
        strip: bool,
    },
    /// A function's scalar results: the first (`single`) or all of them.
    Scalar {
        single: bool,
    },
    Csv,
    /// A GeoJSON `FeatureCollection` of the rows, by PostGIS's
    /// `ST_AsGeoJSON(record)` in `schema`.
    GeoJson {
        schema: Option<String>,
    },
    /// The row of a single-row insert, for the `Location` header.
    Location,
    /// Nothing (HEAD, `return=minimal`).
    Empty,
}
