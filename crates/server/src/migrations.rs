//! The migration sets `pleat` applies, in this order: the backend's own, each
//! embedded in the crate that owns the schema (roles in pleat-db, the `auth`
//! schema in pleat-auth, the outbox in pleat-mail, the `storage` schema in pleat-storage, the `realtime`
//! schema in pleat-realtime, the `pleat_backup` schema in pleat-backup), then the app's from `PLEAT_MIGRATIONS_DIR`. Each set
//! has its own version history (`pleat.schema_migrations`).

use std::path::Path;

use pleat_db::migrate::Set;

/// The backend's sets, which every app gets.
pub fn backend() -> Vec<Set> {
    vec![
        Set::embedded("roles", &pleat_db::migrate::ROLES),
        Set::embedded("auth", &pleat_auth::MIGRATIONS),
        Set::embedded("mail", &pleat_mail::MIGRATIONS),
        Set::embedded("storage", &pleat_storage::MIGRATIONS),
        Set::embedded("realtime", &pleat_realtime::MIGRATIONS),
        Set::embedded("backup", &pleat_backup::MIGRATIONS),
    ]
}

/// The backend's sets followed by the app's migrations in `app_dir`.
pub async fn all(app_dir: &Path) -> Result<Vec<Set>, pleat_db::Error> {
    let mut sets = backend();
    sets.push(Set::from_dir("app", app_dir).await?);
    Ok(sets)
}
