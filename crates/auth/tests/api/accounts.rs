use pleat_auth::Error;

use crate::helpers::{spawn_app, PASSWORD};

#[tokio::test]
async fn owner_accounts_are_made_listed_changed_and_removed() {
    let app = spawn_app().await;
    let accounts = app.accounts();
    let owner = accounts
        .create_user(" Owner@Example.com ", PASSWORD, true)
        .await
        .unwrap();
    assert_eq!(owner.email.as_deref(), Some("owner@example.com"));
    assert!(owner.is_confirmed());
    assert!(matches!(
        accounts
            .create_user("owner@example.com", PASSWORD, true)
            .await,
        Err(Error::UserAlreadyExists)
    ));
    assert!(matches!(
        accounts.create_user("x@example.com", "short", true).await,
        Err(Error::WeakPassword { .. })
    ));
    assert!(matches!(
        accounts.create_user("nope", PASSWORD, true).await,
        Err(Error::Validation(_))
    ));

    let session = app.sign_in("owner@example.com").await;
    accounts
        .set_password("OWNER@example.com", "a new password!")
        .await
        .unwrap();
    assert_eq!(
        app.get_user(session["access_token"].as_str().unwrap())
            .await
            .status(),
        403,
        "sessions ended"
    );
    assert_eq!(
        app.sign_in_raw("owner@example.com", "a new password!")
            .await
            .status(),
        200
    );
    assert!(matches!(
        accounts.set_password("ghost@example.com", PASSWORD).await,
        Err(Error::UserNotFound)
    ));

    accounts
        .create_user("second@example.com", PASSWORD, false)
        .await
        .unwrap();
    let list = accounts.list_users().await.unwrap();
    let emails: Vec<_> = list.iter().map(|u| u.email.clone().unwrap()).collect();
    assert_eq!(emails, vec!["second@example.com", "owner@example.com"]);

    assert!(accounts.remove_user("second@example.com").await.unwrap());
    assert!(!accounts.remove_user("second@example.com").await.unwrap());
    assert_eq!(accounts.list_users().await.unwrap().len(), 1);
}

#[tokio::test]
async fn ensure_user_creates_once_and_keeps_later_changes() {
    let app = spawn_app().await;
    let accounts = app.accounts();
    let first = accounts
        .ensure_user("admin@example.com", PASSWORD)
        .await
        .unwrap();
    assert!(first.is_confirmed());
    accounts
        .set_password("admin@example.com", "changed in the UI")
        .await
        .unwrap();
    let again = accounts
        .ensure_user("admin@example.com", PASSWORD)
        .await
        .unwrap();
    assert_eq!(again.id, first.id);
    assert_eq!(
        app.sign_in_raw("admin@example.com", "changed in the UI")
            .await
            .status(),
        200
    );
    assert!(matches!(
        accounts.ensure_user("other@example.com", "short").await,
        Err(Error::WeakPassword { .. })
    ));
}
