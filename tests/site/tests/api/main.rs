//! HTTP tests of the site's schema through the whole app
//! (`pleat_test_support`), with the site's migrations.

mod upgrade;
