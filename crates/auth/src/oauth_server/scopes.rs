//! The scopes an app may ask for (GoTrue's supported OAuth scopes) and the
//! space-separated lists they travel in.

/// What `/oauth/authorize` accepts; anything else is refused.
pub const SUPPORTED: &[&str] = &["openid", "profile", "email", "phone", "offline_access"];

/// The scope of a request that names none (GoTrue's default scope).
pub const DEFAULT: &str = "email";

/// The scopes of a list, each once, in their order.
pub fn parse(list: &str) -> Vec<&str> {
    let mut scopes: Vec<&str> = Vec::new();
    for scope in list.split_ascii_whitespace() {
        if !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    scopes
}

/// Whether `granted` covers every scope of `requested`.
pub fn covers(granted: &str, requested: &str) -> bool {
    let granted = parse(granted);
    parse(requested).iter().all(|s| granted.contains(s))
}

/// `a`'s scopes followed by those of `b` it lacks.
pub fn union(a: &str, b: &str) -> String {
    let mut all = parse(a);
    for scope in parse(b) {
        if !all.contains(&scope) {
            all.push(scope);
        }
    }
    all.join(" ")
}

pub fn has(list: &str, scope: &str) -> bool {
    parse(list).contains(&scope)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_sets_in_order() {
        assert_eq!(parse(" email  openid email "), vec!["email", "openid"]);
        assert!(covers("email openid profile", "openid email"));
        assert!(!covers("email", "email phone"));
        assert_eq!(union("email", "openid email"), "email openid");
        assert!(has("openid email", "openid"));
        assert!(!has("openid_x", "openid"));
    }
}
