//! Who the client is and whether its request may go to the database now: the
//! client address (resolved once per request, for the anonymous cap and for
//! `request.client_ip`), and a place under its address's cap for an anonymous
//! request (see `client_limit.rs`); signed-in requests need none.

use std::net::IpAddr;

use actix_web::{HttpRequest, HttpResponse};
use serde_json::json;

use crate::auth::RequestRole;
use crate::client_limit::{Admitted, ClientLimit};

/// The client address as rate limits see it (the socket peer, or the client
/// a trusted proxy names in every `X-Forwarded-For` line).
pub(crate) fn client_address(req: &HttpRequest, trusted: &[ipnet::IpNet]) -> Option<IpAddr> {
    let forwarded_for = pleat_auth::client_ip::forwarded_for(req.headers());
    pleat_auth::client_ip::resolve(
        req.peer_addr().map(|a| a.ip()),
        forwarded_for.as_deref(),
        trusted,
    )
}

/// A place for an anonymous request of `client`; refused: 429 in PostgREST's
/// format with `Retry-After`.
pub(crate) async fn admit(
    client: Option<IpAddr>,
    limit: &ClientLimit,
    role: &RequestRole,
) -> Result<Option<Admitted>, HttpResponse> {
    let Some(client) = client.filter(|_| role.role == "anon") else {
        return Ok(None);
    };
    match limit.admit(client).await {
        Ok(admitted) => Ok(Some(admitted)),
        Err(_) => Err(HttpResponse::TooManyRequests()
            .insert_header(("retry-after", "1"))
            .json(json!({
                "code": "PGRST429",
                "message": "Too many concurrent requests from this client",
                "details": format!(
                    "At most {} anonymous requests per client address run at once",
                    limit.max()
                ),
                "hint": "Wait for earlier requests to finish, or sign in",
            }))),
    }
}
