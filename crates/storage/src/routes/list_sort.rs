//! The `sortBy` of `list` and `list-v2`: a column from the caller's allowed
//! set and an order, both checked before they are written into SQL as the
//! ORDER BY of the listing.

use serde::Deserialize;

use crate::error::StorageError;

#[derive(Deserialize, Default)]
pub(super) struct SortBy {
    column: Option<String>,
    order: Option<String>,
}

impl SortBy {
    /// The ORDER BY terms: the column (one of `allowed`, default `name`) and
    /// `ASC`/`DESC`, then the name, which sorts folders and files together by
    /// byte order (the same answer whatever the database's collation).
    pub(super) fn order_by(self, allowed: &[&'static str]) -> Result<String, StorageError> {
        let wanted = self.column.as_deref().unwrap_or("name");
        let column = allowed
            .iter()
            .copied()
            .find(|c| *c == wanted)
            .ok_or_else(|| {
                StorageError::invalid_request(format!(
                    "sortBy.column `{wanted}` is not one of {}",
                    allowed.join(", ")
                ))
            })?;
        let order = match self
            .order
            .as_deref()
            .unwrap_or("asc")
            .to_ascii_lowercase()
            .as_str()
        {
            "asc" => "ASC",
            "desc" => "DESC",
            _ => {
                return Err(StorageError::invalid_request(
                    "sortBy.order must be asc or desc",
                ))
            }
        };
        Ok(match column {
            "name" => format!("name COLLATE \"C\" {order}"),
            c => format!("{c} {order} NULLS FIRST, name COLLATE \"C\" {order}"),
        })
    }
}
