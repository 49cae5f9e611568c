//! A claimed row rendered into an RFC 5322 message: `From`, `To`, optional
//! `Reply-To`, the subject, and the text and HTML parts as alternatives.

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::Message;
use serde_json::{json, Value};

use crate::outbox::Claimed;
use crate::templates::Rendered;

/// What every template sees besides the row's own variables.
pub fn context(mail: &Claimed, site_url: &str) -> Value {
    let mut ctx = match &mail.vars {
        Value::Object(vars) => vars.clone(),
        _ => Default::default(),
    };
    // A mail queued by SQL knows no public URL: it names a path, and the
    // link is made here from PLEAT_SITE_URL.
    if !ctx.contains_key("link") {
        if let Some(path) = ctx.get("path").and_then(Value::as_str) {
            let link = format!("{site_url}/{}", path.trim_start_matches('/'));
            ctx.insert("link".into(), json!(link));
        }
    }
    ctx.insert("site_url".into(), json!(site_url));
    ctx.insert("site".into(), mail.site.clone());
    ctx.insert("recipient".into(), json!(mail.recipient));
    Value::Object(ctx)
}

/// Refusals here (an address that does not parse) are permanent.
pub fn build(mail: &Claimed, from: &Mailbox, rendered: Rendered) -> Result<Message, String> {
    let to: Mailbox = mail
        .recipient
        .parse()
        .map_err(|e| format!("recipient {}: {e}", mail.recipient))?;
    let domain = from.email.domain();
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(rendered.subject)
        // One id per outbox row: a resend after a lost acknowledgement is
        // recognisably the same message.
        .message_id(Some(format!("<pleat-mail-{}@{domain}>", mail.id)));
    if let Some(reply_to) = &mail.reply_to {
        match reply_to.parse::<Mailbox>() {
            Ok(mailbox) => builder = builder.reply_to(mailbox),
            Err(e) => {
                tracing::warn!(mail = mail.id, error = %e, "mail: Reply-To left out, it does not parse")
            }
        }
    }
    builder
        .multipart(
            MultiPart::alternative()
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_PLAIN)
                        .body(rendered.text),
                )
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .body(rendered.html),
                ),
        )
        .map_err(|e| format!("building the message: {e}"))
}
