use serde_json::json;

use super::*;

fn context() -> Value {
    json!({
        "site_url": "https://shop.example",
        "site": {"name": "Shop <&> Co", "primary_color": "#112233"},
        "recipient": "owner@shop.example",
        "email": "owner@shop.example",
        "new_email": "new@shop.example",
        "link": "https://shop.example/auth/v1/verify?token=abc&type=recovery",
        "token": "123456",
    })
}

/// The mails of auth's flows carry a link and a code; the others are notices.
const NOTICES: &[&str] = &["backup_failed"];
/// A code to type into the app, with no link (the reauthentication nonce).
const CODE_ONLY: &[&str] = &["reauthentication"];

#[test]
fn every_embedded_mail_renders_with_site_name_link_and_code() {
    for name in embedded_mails()
        .into_iter()
        .filter(|n| !NOTICES.contains(n))
    {
        let mail = render(None, name, &context()).unwrap();
        assert!(!mail.subject.is_empty(), "{name}");
        assert!(
            mail.html.contains("Shop &lt;&amp;&gt; Co"),
            "{name}: {}",
            mail.html
        );
        assert!(mail.html.contains("#112233"), "{name}");
        assert!(mail.text.contains("123456"), "{name}");
        assert!(mail.html.contains("123456"), "{name}");
        if CODE_ONLY.contains(&name) {
            assert!(!mail.text.contains("token=abc"), "{name}");
            continue;
        }
        assert!(mail.html.contains("token=abc&amp;type=recovery"), "{name}");
        assert!(mail.text.contains("token=abc&type=recovery"), "{name}");
    }
}

#[test]
fn the_backup_failure_mail_says_what_failed_when_and_what_to_check() {
    let mut ctx = context();
    let vars = json!({
        "slot": "2026-11-27 03:00 (UTC+01:00)",
        "error": "cannot write <backups>: No space left on device",
        "previous_slot": "2026-11-26 03:00 (UTC+01:00)",
        "previous_error": "cannot write: No space left on device",
        "last_success": "2026-11-25 03:01 (UTC+01:00)",
        "location": "file:///srv/pleat/backups",
    });
    ctx.as_object_mut()
        .unwrap()
        .extend(vars.as_object().unwrap().clone());
    let mail = render(None, "backup_failed", &ctx).unwrap();
    assert_eq!(mail.subject, "Backups of Shop <&> Co are failing");
    for part in [&mail.text, &mail.html] {
        assert!(part.contains("2026-11-27 03:00 (UTC+01:00)"), "{part}");
        assert!(part.contains("2026-11-26 03:00 (UTC+01:00)"), "{part}");
        assert!(part.contains("2026-11-25 03:01"), "{part}");
        assert!(part.contains("pleat backup"), "{part}");
    }
    assert!(mail.text.contains("file:///srv/pleat/backups"));
    // HTML escaping writes the slashes as entities.
    assert!(
        mail.html.contains("srv&#x2f;pleat&#x2f;backups"),
        "{}",
        mail.html
    );
    assert!(mail
        .text
        .contains("cannot write <backups>: No space left on device"));
    assert!(mail.html.contains("cannot write &lt;backups&gt;"));
    assert!(!mail.html.contains("<backups>"));

    let first = render(
        None,
        "backup_failed",
        &json!({"site_url": "https://s.example", "slot": "x", "error": "y", "location": "z"}),
    )
    .unwrap();
    assert!(first.text.contains("No backup has succeeded yet."));
    assert!(!first.text.contains("The try before"));
}

#[test]
fn without_site_values_the_host_names_the_site() {
    let mail = render(
        None,
        "recovery",
        &json!({"site_url": "https://shop.example", "link": "x"}),
    )
    .unwrap();
    assert!(mail.html.contains("shop.example"));
}

#[test]
fn the_app_directory_overrides_and_adds() {
    let dir = std::env::temp_dir().join(format!("pleat-mail-tpl-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("recovery.subject.txt"), "Reset for {{ email }}\n").unwrap();
    std::fs::write(dir.join("hello.subject.txt"), "Hi\n{{ name }}").unwrap();
    std::fs::write(dir.join("hello.txt"), "{{ name }}").unwrap();
    std::fs::write(
        dir.join("hello.html"),
        "{% extends 'layout.html' %}{% block content %}<p>{{ name }}</p>{% endblock %}",
    )
    .unwrap();
    let ctx = json!({"email": "a@b.c", "name": "<b>x</b>", "site_url": "https://s.example"});
    assert_eq!(
        render(Some(&dir), "recovery", &ctx).unwrap().subject,
        "Reset for a@b.c"
    );
    let hello = render(Some(&dir), "hello", &ctx).unwrap();
    assert_eq!(hello.subject, "Hi <b>x</b>");
    assert_eq!(hello.text, "<b>x</b>");
    assert!(hello.html.contains("<p>&lt;b&gt;x&lt;"), "{}", hello.html);
    assert!(!hello.html.contains("<b>"));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn unknown_mails_and_unsafe_names_fail() {
    assert!(render(None, "nope", &json!({})).is_err());
    assert!(render(None, "../etc/passwd", &json!({})).is_err());
}
