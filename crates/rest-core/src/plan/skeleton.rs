//! The shape of a read before the schema is consulted: the `select` tree with
//! every parameter (`filters`, `or`/`and`, `order`, `limit`/`offset`) attached to
//! the level its embed path names. A path naming nothing embedded is PGRST108, as
//! PostgREST checks it before looking up any relationship.

use crate::error::Error;
use crate::parse::{
    EmbedParams, Embedded, Filter, LogicTree, OrderTerm, QueryParams, RowRange, SelectItem,
};

#[derive(Debug, Clone, Default)]
pub struct Skeleton {
    pub name: String,
    pub alias: Option<String>,
    pub embed: EmbedParams,
    pub spread: bool,
    /// Fields and stars of this level (embeds are in `children`).
    pub fields: Vec<SelectItem>,
    pub filters: Vec<Filter>,
    pub logic: Vec<LogicTree>,
    pub order: Vec<OrderTerm>,
    pub range: Option<RowRange>,
    pub children: Vec<Skeleton>,
}

impl Skeleton {
    fn from_items(name: &str, items: &[SelectItem]) -> Skeleton {
        let mut node = Skeleton {
            name: name.to_string(),
            ..Default::default()
        };
        for item in items {
            match item {
                SelectItem::Relation {
                    name,
                    alias,
                    embed,
                    children,
                } => node.children.push(Skeleton {
                    alias: alias.clone(),
                    embed: embed.clone(),
                    ..Skeleton::from_items(name, children)
                }),
                SelectItem::Spread {
                    name,
                    embed,
                    children,
                } => node.children.push(Skeleton {
                    embed: embed.clone(),
                    spread: true,
                    ..Skeleton::from_items(name, children)
                }),
                other => node.fields.push(other.clone()),
            }
        }
        node
    }

    /// The name under which this embed appears in its parent's output.
    pub fn key(&self) -> &str {
        self.alias.as_deref().unwrap_or(&self.name)
    }

    fn node_at(&mut self, path: &[String]) -> Result<&mut Skeleton, Error> {
        let Some((first, rest)) = path.split_first() else {
            return Ok(self);
        };
        let child = self
            .children
            .iter_mut()
            .find(|c| &c.name == first || c.alias.as_ref() == Some(first))
            .ok_or_else(|| Error::NotEmbedded(first.clone()))?;
        child.node_at(rest)
    }
}

/// Which parameters reach the root of the read: a mutation keeps its root filters
/// and order for the write itself.
#[derive(Debug, Clone, Copy)]
pub struct RootParams {
    pub filters: bool,
    pub order: bool,
}

fn attach<T: Clone>(
    root: &mut Skeleton,
    params: &[Embedded<T>],
    to_root: bool,
    mut put: impl FnMut(&mut Skeleton, T),
) -> Result<(), Error> {
    for p in params {
        if p.path.is_empty() && !to_root {
            continue;
        }
        put(root.node_at(&p.path)?, p.value.clone());
    }
    Ok(())
}

/// The skeleton of `query` read from `relation`, in PostgREST's order of checks.
pub fn build(relation: &str, query: &QueryParams, root: RootParams) -> Result<Skeleton, Error> {
    let mut tree = Skeleton::from_items(relation, &query.select);
    attach(&mut tree, &query.filters, root.filters, |n, f| {
        n.filters.push(f)
    })?;
    attach(&mut tree, &query.order, root.order, |n, o| n.order = o)?;
    attach(&mut tree, &query.ranges, true, |n, r| n.range = Some(r))?;
    attach(&mut tree, &query.logic, root.filters, |n, l| {
        n.logic.push(l)
    })?;
    Ok(tree)
}
