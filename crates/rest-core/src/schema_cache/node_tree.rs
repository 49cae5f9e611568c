//! Reading a view's stored query (`pg_rewrite.ev_action`, PostgreSQL's
//! `pg_node_tree` text) far enough to know where each of its columns comes
//! from: the top query's target list records, for a column that is a plain
//! reference to a relation's column, that relation and column
//! (`resorigtbl`/`resorigcol`). The text is tokenised as PostgreSQL's own
//! reader does (`pg_strtok`), and nested nodes are skipped by counting
//! brackets, so a deeply nested definition costs no recursion.

/// Where one view column comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    /// The view's column number (`attnum`).
    pub column: i32,
    /// The relation the column is read from, and its column number there.
    pub relation: u32,
    pub relation_column: i32,
}

/// PostgreSQL's tokens: `(`, `)`, `{`, `}` alone, else a run up to
/// whitespace or one of those, where a backslash keeps the next character.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() && matches!(bytes[at], b' ' | b'\n' | b'\t') {
            at += 1;
        }
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        if matches!(bytes[at], b'(' | b')' | b'{' | b'}') {
            at += 1;
        } else {
            while at < bytes.len()
                && !matches!(bytes[at], b' ' | b'\n' | b'\t' | b'(' | b')' | b'{' | b'}')
            {
                at += if bytes[at] == b'\\' && at + 1 < bytes.len() {
                    2
                } else {
                    1
                };
            }
        }
        // Token boundaries fall on ASCII bytes or after a whole escaped byte
        // sequence start, so slicing keeps UTF-8 intact except after a
        // backslash followed by a multi-byte character: widen to the boundary.
        while at < bytes.len() && !text.is_char_boundary(at) {
            at += 1;
        }
        text.get(start..at)
    })
}

fn opens(t: &str) -> bool {
    t == "(" || t == "{"
}

fn closes(t: &str) -> bool {
    t == ")" || t == "}"
}

/// The fields of the node whose `{TYPE` was just read, each with its first
/// value token (`{` or `(` when the value is a node or a list; the caller
/// then reads or skips it). A field's value always follows its name, so a
/// value that itself starts with `:` (a column named `:x`) is not mistaken
/// for a field.
struct Fields<'a, I: Iterator<Item = &'a str>> {
    tokens: I,
    done: bool,
}

impl<'a, I: Iterator<Item = &'a str>> Fields<'a, I> {
    /// The next `(name, first value token)` of this node; `None` at its `}`.
    fn next_field(&mut self) -> Option<(&'a str, &'a str)> {
        if self.done {
            return None;
        }
        loop {
            let t = self.tokens.next()?;
            if closes(t) {
                self.done = true;
                return None;
            }
            if opens(t) {
                // Extra values of the previous field are never nested, but
                // skip one safely if a future format has them.
                skip(&mut self.tokens)?;
                continue;
            }
            if let Some(name) = t.strip_prefix(':') {
                let value = self.tokens.next()?;
                return Some((name, value));
            }
        }
    }

    /// Skip the node or list whose opening token was a field's value.
    fn skip_value(&mut self) -> Option<()> {
        skip(&mut self.tokens)
    }
}

/// Skip to the bracket closing one just read.
fn skip<'a>(tokens: &mut impl Iterator<Item = &'a str>) -> Option<()> {
    let mut depth = 1usize;
    for t in tokens.by_ref() {
        if opens(t) {
            depth += 1;
        } else if closes(t) {
            depth -= 1;
            if depth == 0 {
                return Some(());
            }
        }
    }
    None
}

/// The origins of the columns of the view whose `ev_action` is `text`:
/// one per column that reads a relation's column directly (computed columns
/// and set operations have none). `None` when the text is not a query list.
pub fn column_origins(text: &str) -> Option<Vec<Origin>> {
    let mut tokens = tokens(text);
    if tokens.next()? != "(" || tokens.next()? != "{" || tokens.next()? != "QUERY" {
        return None;
    }
    let mut query = Fields {
        tokens: tokens.by_ref(),
        done: false,
    };
    loop {
        let (name, value) = query.next_field()?;
        if name == "targetList" {
            return match value {
                "(" => target_list(&mut query.tokens),
                _ => Some(Vec::new()),
            };
        }
        if opens(value) {
            query.skip_value()?;
        }
    }
}

/// The `TARGETENTRY` nodes of a target list whose `(` was just read.
fn target_list<'a>(tokens: &mut impl Iterator<Item = &'a str>) -> Option<Vec<Origin>> {
    let mut out = Vec::new();
    loop {
        match tokens.next()? {
            ")" => return Some(out),
            "{" => {
                if tokens.next()? != "TARGETENTRY" {
                    skip(tokens)?;
                    continue;
                }
                if let Some(origin) = target_entry(tokens)? {
                    out.push(origin);
                }
            }
            _ => return None,
        }
    }
}

/// One target entry's origin, reading to its closing `}`; `Some(None)` for a
/// computed or junk entry.
fn target_entry<'a>(tokens: &mut impl Iterator<Item = &'a str>) -> Option<Option<Origin>> {
    let mut entry = Fields {
        tokens,
        done: false,
    };
    let (mut resno, mut table, mut column, mut junk) = (None, None, None, false);
    while let Some((name, value)) = entry.next_field() {
        match name {
            "resno" => resno = value.parse::<i32>().ok(),
            "resorigtbl" => table = value.parse::<u32>().ok(),
            "resorigcol" => column = value.parse::<i32>().ok(),
            "resjunk" => junk = value == "true",
            _ if opens(value) => entry.skip_value()?,
            _ => {}
        }
    }
    if !entry.done {
        return None;
    }
    Some(match (resno, table, column) {
        (Some(column), Some(relation), Some(relation_column))
            if !junk && relation != 0 && relation_column > 0 =>
        {
            Some(Origin {
                column,
                relation,
                relation_column,
            })
        }
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Abridged from PostgreSQL 15's text for
    /// `select t.id, t.t1_id as parent, 'a b { }'::text as lit,
    ///  (select count(*) from t1 where t1.id = t.t1_id) as cnt, x."we ird"
    ///  from t2 t join t1 x on x.id = t.t1_id order by t.id desc`:
    /// a sublink with its own target list, a literal, an escaped name and a
    /// junk sort entry.
    const VIEW: &str = r#"({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <> :resultRelation 0 :hasSubLinks true :cteList <> :rtable ({RANGETBLENTRY :alias {ALIAS :aliasname old :colnames <>} :eref {ALIAS :aliasname old :colnames ("id" "parent" "lit" "cnt" "we\ ird")} :rtekind 0 :relid 16401 :relkind v} {RANGETBLENTRY :alias {ALIAS :aliasname t :colnames <>} :eref {ALIAS :aliasname t :colnames ("id" "t1_id")} :rtekind 0 :relid 16391 :relkind r :selectedCols (b 8 9)}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 3}) :quals <>} :targetList ({TARGETENTRY :expr {VAR :varno 3 :varattno 1 :vartype 23 :location 139} :resno 1 :resname id :ressortgroupref 1 :resorigtbl 16391 :resorigcol 1 :resjunk false} {TARGETENTRY :expr {VAR :varno 3 :varattno 2 :vartype 23 :location 145} :resno 2 :resname parent :ressortgroupref 0 :resorigtbl 16391 :resorigcol 2 :resjunk false} {TARGETENTRY :expr {CONST :consttype 25 :constlen -1 :constbyval false :constisnull false :location 164 :constvalue 12 [ 48 0 0 0 97 32 98 32 123 32 125 32 ]} :resno 3 :resname lit :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} {TARGETENTRY :expr {SUBLINK :subLinkType 4 :subLinkId 0 :testexpr <> :operName <> :subselect {QUERY :commandType 1 :rtable ({RANGETBLENTRY :relid 16384 :relkind r}) :targetList ({TARGETENTRY :expr {AGGREF :aggfnoid 2803} :resno 1 :resname count :ressortgroupref 0 :resorigtbl 16384 :resorigcol 7 :resjunk false}) :override 0} :location 190} :resno 4 :resname cnt :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} {TARGETENTRY :expr {VAR :varno 4 :varattno 2 :vartype 25 :location 250} :resno 5 :resname we\ ird :ressortgroupref 0 :resorigtbl 16384 :resorigcol 2 :resjunk false} {TARGETENTRY :expr {VAR :varno 3 :varattno 1} :resno 6 :resname <> :ressortgroupref 2 :resorigtbl 16391 :resorigcol 1 :resjunk true}) :override 0 :onConflict <> :returningList <> :sortClause ({SORTGROUPCLAUSE :tleSortGroupRef 2 :eqop 96 :sortop 521 :nulls_first true :hashable true}) :limitOffset <>})"#;

    fn origin(column: i32, relation: u32, relation_column: i32) -> Origin {
        Origin {
            column,
            relation,
            relation_column,
        }
    }

    #[test]
    fn only_the_top_target_list_counts() {
        assert_eq!(
            column_origins(VIEW).unwrap(),
            vec![
                origin(1, 16391, 1),
                origin(2, 16391, 2),
                origin(5, 16384, 2)
            ]
        );
    }

    #[test]
    fn tokens_follow_postgres_escapes() {
        let t: Vec<&str> = tokens(r#"{A :x we\ ird :y (b 1) :z \{x\}}"#).collect();
        assert_eq!(
            t,
            ["{", "A", ":x", r"we\ ird", ":y", "(", "b", "1", ")", ":z", r"\{x\}", "}"]
        );
    }

    #[test]
    fn a_column_named_like_a_field_is_a_value() {
        let text = "({QUERY :rtable <> :targetList ({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resname :resorigtbl :ressortgroupref 0 :resorigtbl 42 :resorigcol 3 :resjunk false}) :override 0})";
        assert_eq!(column_origins(text).unwrap(), vec![origin(1, 42, 3)]);
    }

    #[test]
    fn a_union_has_no_origins_and_garbage_is_refused() {
        let union = "({QUERY :targetList ({TARGETENTRY :expr {VAR :varno 3} :resno 1 :resname id :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false}) :setOperations {SETOPERATIONSTMT :op 1}})";
        assert_eq!(column_origins(union).unwrap(), vec![]);
        assert_eq!(column_origins(""), None);
        assert_eq!(
            column_origins("({QUERY :targetList ({TARGETENTRY :resno 1"),
            None
        );
        assert_eq!(column_origins("nonsense"), None);
        assert_eq!(column_origins("({QUERY :targetList <> })").unwrap(), vec![]);
    }

    #[test]
    fn deep_nesting_costs_no_recursion() {
        let deep = format!(
            "({{QUERY :rtable {}{} :targetList ({{TARGETENTRY :resno 1 :resorigtbl 7 :resorigcol 1 :resjunk false}})}})",
            "(".repeat(200_000),
            ")".repeat(200_000)
        );
        assert_eq!(column_origins(&deep).unwrap(), vec![origin(1, 7, 1)]);
    }
}
