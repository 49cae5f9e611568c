//! `GET /admin/users?page&per_page` (service_role): newest first, with
//! `X-Total-Count` and GoTrue's `Link` header (`next` while there is one, and
//! `last`), which supabase-js parses into `nextPage`/`lastPage`.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::validate::{self, Page};
use crate::{bearer, body, users, AuthState, Error};

#[derive(Deserialize)]
struct Query {
    page: Option<String>,
    per_page: Option<String>,
}

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    bearer::require_admin(&state, &req).await?;
    let query: Query = body::query(req.query_string())?;
    let page = validate::page(query.page.as_deref(), query.per_page.as_deref())?;
    let (list, total) = users::list(&mut *state.pool.acquire().await?, Some(page)).await?;
    let users: Vec<Value> = list.iter().map(|u| u.to_json()).collect();
    Ok(HttpResponse::Ok()
        .insert_header(("X-Total-Count", total.to_string()))
        .insert_header(("Link", link_header(req.path(), page, total.max(0) as u64)))
        .json(json!({ "users": users, "aud": "authenticated" })))
}

/// `page` comes first in each URL: supabase-js reads the first `=` of a link.
fn link_header(path: &str, page: Page, total: u64) -> String {
    let last = total.div_ceil(page.per_page).max(1);
    let url = |n: u64| format!("<{path}?page={n}&per_page={}>", page.per_page);
    let mut parts = Vec::new();
    if last > page.page {
        parts.push(format!("{}; rel=\"next\"", url(page.page + 1)));
    }
    parts.push(format!("{}; rel=\"last\"", url(last)));
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_name_next_and_last() {
        let p = Page {
            page: 1,
            per_page: 2,
        };
        assert_eq!(
            link_header("/auth/v1/admin/users", p, 5),
            "</auth/v1/admin/users?page=2&per_page=2>; rel=\"next\", </auth/v1/admin/users?page=3&per_page=2>; rel=\"last\""
        );
        let last = Page {
            page: 3,
            per_page: 2,
        };
        assert_eq!(
            link_header("/u", last, 5),
            "</u?page=3&per_page=2>; rel=\"last\""
        );
        assert_eq!(
            link_header(
                "/u",
                Page {
                    page: 1,
                    per_page: 50
                },
                0
            ),
            "</u?page=1&per_page=50>; rel=\"last\""
        );
    }
}
