//! Object keys and bucket names: Supabase's character rules, the length an
//! S3 key may have, and the path cleaning storage-js applies before it sends
//! a key.

use crate::error::StorageError;

/// Characters Supabase accepts in an object key (besides ASCII letters and
/// digits). Anything else, `%`, `#` and non-ASCII included, is InvalidKey.
const KEY_SYMBOLS: &str = "_/!.*'() &$=@;:+,?-";

fn key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || KEY_SYMBOLS.contains(c)
}

/// S3's limit on a key, which Supabase inherits from its backend. It also
/// keeps `(bucket_id, name)` inside PostgreSQL's index row limit (about
/// 2.7 KB), which a longer incompressible key overflows with a 500.
pub const MAX_KEY_BYTES: usize = 1024;

/// A name a request looks objects up by (a list prefix or search, a name
/// to sign or remove): no stored key is longer, so a longer one is a
/// client's mistake, refused like a key.
pub fn within_key_length(name: &str) -> Result<(), StorageError> {
    if name.len() > MAX_KEY_BYTES {
        return Err(StorageError::new(
            400,
            "InvalidKey",
            "InvalidKey",
            format!(
                "Invalid key: it is {} bytes long; keys are at most {MAX_KEY_BYTES} bytes",
                name.len()
            ),
        ));
    }
    Ok(())
}

/// A key as stored in `storage.objects.name`.
pub fn object_key(key: &str) -> Result<&str, StorageError> {
    within_key_length(key)?;
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
    fn keys_are_at_most_1024_bytes() {
        assert!(object_key(&"k".repeat(1024)).is_ok());
        let err = object_key(&"k".repeat(1025)).unwrap_err();
        assert_eq!((err.status, err.code), (400, "InvalidKey"));
        assert!(err.message.contains("1025 bytes"), "{}", err.message);
        assert!(within_key_length(&"p".repeat(1024)).is_ok());
        assert!(within_key_length(&"p".repeat(2700)).is_err());
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
