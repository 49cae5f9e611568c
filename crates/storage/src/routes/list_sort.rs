//! The `sortBy` of `list` and `list-v2`: a column from the caller's allowed
//! set and an order, both checked before they are written into SQL.

use serde::Deserialize;

use crate::error::StorageError;

#[derive(Deserialize, Default)]
pub(super) struct SortBy {
    column: Option<String>,
    order: Option<String>,
}

impl SortBy {
    /// The column (one of `allowed`, default `name`) and `ASC`/`DESC`.
    pub(super) fn resolve(
        self,
        allowed: &[&'static str],
    ) -> Result<(&'static str, &'static str), StorageError> {
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
        Ok((column, order))
    }
}
