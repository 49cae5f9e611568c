// sqlx::migrate! embeds ./migrations; a new file there must rebuild the crate.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
