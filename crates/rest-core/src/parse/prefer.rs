//! The `Prefer` header (RFC 7240): every `Prefer` header, each split on commas; the
//! first value of each kind wins; what is not recognised is kept so that
//! `handling=strict` can refuse it (PGRST122).

use serde::Serialize;

use crate::error::Error;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Preferences {
    pub resolution: Option<Resolution>,
    pub representation: Option<Representation>,
    /// `params=single-object` (deprecated by PostgREST, still accepted).
    pub single_object_params: bool,
    pub count: Option<Count>,
    pub transaction: Option<Transaction>,
    pub missing: Option<Missing>,
    pub handling: Option<Handling>,
    /// Applied only when PostgreSQL knows the zone; the planner checks, since that
    /// needs the database's list of time zones.
    pub timezone: Option<String>,
    pub max_affected: Option<i64>,
    /// Unrecognised preferences, in order (a `timezone=` is never listed here).
    pub invalid: Vec<String>,
}

macro_rules! preference {
    ($name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($variant),+ }

        impl $name {
            const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The header value, as echoed in `Preference-Applied`.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            fn find(prefs: &[&str]) -> Option<$name> {
                prefs.iter().find_map(|p| Self::ALL.iter().copied().find(|v| v.as_str() == *p))
            }
        }
    };
}

preference!(Resolution { MergeDuplicates = "resolution=merge-duplicates", IgnoreDuplicates = "resolution=ignore-duplicates" });
preference!(Representation { Full = "return=representation", HeadersOnly = "return=headers-only", Minimal = "return=minimal" });
preference!(Count { Exact = "count=exact", Planned = "count=planned", Estimated = "count=estimated" });
preference!(Transaction { Commit = "tx=commit", Rollback = "tx=rollback" });
preference!(Missing { Default = "missing=default", Null = "missing=null" });
preference!(Handling { Strict = "handling=strict", Lenient = "handling=lenient" });

const SINGLE_OBJECT: &str = "params=single-object";

impl Preferences {
    /// Reads all `prefer` values of `headers` (names in lower case).
    pub fn from_headers<'a>(headers: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let prefs: Vec<&str> = headers
            .into_iter()
            .filter(|(name, _)| *name == "prefer")
            .flat_map(|(_, value)| value.split(','))
            .map(str::trim)
            .collect();
        let known = |p: &&str| {
            Resolution::find(&[p]).is_some()
                || Representation::find(&[p]).is_some()
                || Count::find(&[p]).is_some()
                || Transaction::find(&[p]).is_some()
                || Missing::find(&[p]).is_some()
                || Handling::find(&[p]).is_some()
                || *p == SINGLE_OBJECT
                || p.starts_with("timezone=")
                || p.starts_with("max-affected=")
        };
        let with_prefix = |prefix: &str| prefs.iter().find_map(|p| p.strip_prefix(prefix));
        Preferences {
            resolution: Resolution::find(&prefs),
            representation: Representation::find(&prefs),
            single_object_params: prefs.contains(&SINGLE_OBJECT),
            count: Count::find(&prefs),
            transaction: Transaction::find(&prefs),
            missing: Missing::find(&prefs),
            handling: Handling::find(&prefs),
            timezone: with_prefix("timezone=").map(str::to_string),
            // An unreadable number leaves the preference out, as PostgREST does.
            max_affected: with_prefix("max-affected=").and_then(|n| n.parse().ok()),
            invalid: prefs
                .iter()
                .filter(|p| !known(p))
                .map(|p| p.to_string())
                .collect(),
        }
    }

    /// PGRST122 when strict handling meets an unrecognised preference.
    pub fn check_strict(&self) -> Result<(), Error> {
        if self.handling == Some(Handling::Strict) && !self.invalid.is_empty() {
            return Err(Error::InvalidPreferences(self.invalid.clone()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prefs(values: &[&str]) -> Preferences {
        Preferences::from_headers(values.iter().map(|v| ("prefer", *v)))
    }

    #[test]
    fn one_comma_joined_header() {
        let p = prefs(&["return=representation, count=exact,resolution=merge-duplicates , missing=default,tx=rollback,handling=lenient,timezone=Europe/Paris,max-affected=5,params=single-object"]);
        insta::assert_json_snapshot!(p, @r#"
            {
              "resolution": "merge_duplicates",
              "representation": "full",
              "single_object_params": true,
              "count": "exact",
              "transaction": "rollback",
              "missing": "default",
              "handling": "lenient",
              "timezone": "Europe/Paris",
              "max_affected": 5,
              "invalid": []
            }
        "#);
    }

    #[test]
    fn several_headers_and_first_wins() {
        let p = prefs(&[
            "resolution=ignore-duplicates",
            "resolution=merge-duplicates, count=planned",
            "count=estimated, return=headers-only, return=minimal",
        ]);
        insta::assert_snapshot!(serde_json::to_string(&p).unwrap(), @r#"{"resolution":"ignore_duplicates","representation":"headers_only","single_object_params":false,"count":"planned","transaction":null,"missing":null,"handling":null,"timezone":null,"max_affected":null,"invalid":[]}"#);
        insta::assert_snapshot!(format!("{:?}", prefs(&["return=minimal", "missing=null", "tx=commit", "handling=strict"])), @"Preferences { resolution: None, representation: Some(Minimal), single_object_params: false, count: None, transaction: Some(Commit), missing: Some(Null), handling: Some(Strict), timezone: None, max_affected: None, invalid: [] }");
    }

    #[test]
    fn other_headers_are_ignored() {
        let p = Preferences::from_headers([("accept", "count=exact"), ("prefer", "count=exact")]);
        assert_eq!(p.count, Some(Count::Exact));
        assert_eq!(
            p,
            Preferences {
                count: Some(Count::Exact),
                ..Default::default()
            }
        );
    }

    #[test]
    fn unknown_preferences() {
        let lenient = prefs(&["count=exact, foo, return=everything", "max-affected=many"]);
        insta::assert_snapshot!(format!("{:?} {:?}", lenient.invalid, lenient.max_affected), @r#"["foo", "return=everything"] None"#);
        assert!(lenient.check_strict().is_ok());
        let strict = prefs(&["handling=strict, foo,", "count=all"]);
        let err = strict.check_strict().unwrap_err();
        insta::assert_snapshot!(format!("{} {}", err.status(), err.to_json()), @r#"400 {"code":"PGRST122","details":"Invalid preferences: foo, , count=all","hint":null,"message":"Invalid preferences given with handling=strict"}"#);
        assert!(prefs(&["handling=strict, count=exact, timezone=Mars/Base"])
            .check_strict()
            .is_ok());
    }

    #[test]
    fn header_values() {
        assert_eq!(Representation::Minimal.as_str(), "return=minimal");
        assert_eq!(Count::Estimated.as_str(), "count=estimated");
        assert_eq!(Missing::Default.as_str(), "missing=default");
        assert_eq!(Handling::Strict.as_str(), "handling=strict");
        assert_eq!(Transaction::Rollback.as_str(), "tx=rollback");
        assert_eq!(
            Resolution::IgnoreDuplicates.as_str(),
            "resolution=ignore-duplicates"
        );
    }
}
