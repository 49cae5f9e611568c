//! `GET /settings`: which sign-in methods exist: email and password, the
//! external providers that are enabled (`external.<provider>: true`),
//! anonymous sign-ins when on (`external.anonymous_users`), whether sign-ups
//! are confirmed at once (`mailer_autoconfirm`), and passkeys (`passkeys_enabled`, as GoTrue says it) when there is a site URL
//! to be their relying party.
//! Pleat adds `smtp_configured` (GoTrue has no such key; supabase-js ignores
//! keys it does not know): false when no mail leaves the server, so an app
//! can say so instead of telling someone to check an inbox that stays empty.

use actix_web::web::Data;
use actix_web::HttpResponse;
use serde_json::{json, Map, Value};

use crate::AuthState;

const OAUTH_PROVIDERS: &[&str] = &[
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "kakao",
    "keycloak",
    "linkedin",
    "linkedin_oidc",
    "notion",
    "slack",
    "slack_oidc",
    "spotify",
    "twitch",
    "twitter",
    "workos",
    "zoom",
];

pub async fn handle(state: Data<AuthState>) -> HttpResponse {
    let mut external: Map<String, Value> = OAUTH_PROVIDERS
        .iter()
        .map(|p| (p.to_string(), json!(false)))
        .collect();
    for provider in crate::oauth::ProviderName::ALL {
        let on = state.external.enabled(provider);
        external.insert(provider.as_str().into(), json!(on));
    }
    external.insert(
        "anonymous_users".into(),
        json!(state.settings.enable_anonymous_sign_ins),
    );
    external.insert("email".into(), json!(true));
    external.insert("phone".into(), json!(false));
    external.insert("saml".into(), json!(false));
    HttpResponse::Ok().json(json!({
        "external": external,
        "disable_signup": state.settings.disable_signup,
        "mailer_autoconfirm": state.settings.mailer_autoconfirm,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
        "passkeys_enabled": state.settings.site_url.is_some(),
        "smtp_configured": state.settings.smtp_configured,
    }))
}
