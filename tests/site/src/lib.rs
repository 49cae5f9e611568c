//! The curtains site's own test package: what its migrations (`migrations/`
//! at the repository root) promise is tested here, on the backend's test
//! fixtures (`pleat_test_support`, a dev-dependency), so that no backend
//! crate's tests need the site.

use std::path::{Path, PathBuf};

/// The site's migrations directory, as `PLEAT_MIGRATIONS_DIR` names it.
pub fn site_migrations_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations")
}
