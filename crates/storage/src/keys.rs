//! Object keys and bucket names: Supabase's character rules, and the path
//! cleaning storage-js applies before it sends a key.

use crate::error::StorageError;

/// Characters Supabase accepts in an object key (besides ASCII letters and
/// digits). Anything else, `%`, `#` and non-ASCII included, is InvalidKey.
const KEY_SYMBOLS: &str = "_/!.*'() &$=@;:+,?-";

fn key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || KEY_SYMBOLS.contains(c)
}

/// A key as stored in `storage.objects.name`.
pub fn object_key(key: &str) -> Result<&str, StorageError> {
    if key.is_empty() || !key.chars().all(key_char) {
        return Err(StorageError::invalid_key(key));
    }
    // `.` and `..` segments would alias other keys in a path-like store.
    if key.split('/').any(|s| s == "." || s == "..") {
        return Err(StorageError::invalid_key(key));
    }
    Ok(key)
}

/// A bucket id or name: the key characters without `/`, 1 to 100 of them,
/// no surrounding whitespace.
pub fn bucket_name(name: &str) -> Result<&str, StorageError> {
    let ok = !name.is_empty()
        && name.len() <= 100
        && name.trim() == name
        && name.chars().all(|c| c != '/' && key_char(c));
    if ok {
        Ok(name)
    } else {
        Err(StorageError::invalid_bucket_name(name))
    }
}

/// storage-js's `_removeEmptyFolders`: no leading or trailing `/`, and runs
/// of `/` collapsed, so `a//b/` and `a/b` name one object.
pub fn clean_path(path: &str) -> String {
    path.split('/')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_supabase_charset() {
        assert!(object_key("folder/photo (1).png").is_ok());
        assert!(object_key("a/b/c!$&'()*+,;=:@-_.txt").is_ok());
        for bad in [
            "",
            "caf\u{e9}.png",
            "100%.png",
            "a#b",
            "a[b]",
            "a{b}",
            "a^b",
            "a~b",
            "a|b",
            "a\\b",
            "a\"b",
            "<a>",
            "a/../b",
            "./a",
        ] {
            let err = object_key(bad).unwrap_err();
            assert_eq!(err.code, "InvalidKey", "{bad}");
            assert_eq!(err.status, 400);
        }
    }

    #[test]
    fn bucket_names_exclude_slash_and_padding() {
        assert!(bucket_name("avatars").is_ok());
        assert!(bucket_name("my bucket-1").is_ok());
        for bad in ["", "a/b", " a", "a ", &"x".repeat(101), "caf\u{e9}"] {
            assert_eq!(
                bucket_name(bad).unwrap_err().code,
                "InvalidBucketName",
                "{bad}"
            );
        }
    }

    #[test]
    fn cleaning_drops_empty_segments() {
        assert_eq!(clean_path("/a//b/"), "a/b");
        assert_eq!(clean_path("a"), "a");
        assert_eq!(clean_path("//"), "");
    }
}
