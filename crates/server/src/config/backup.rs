//! Backups (`PLEAT_BACKUP_*`): where they go, whether they are encrypted,
//! how many are kept, and the schedule (kept as written, once it has been
//! read as a cron expression: a schedule that cannot be read stops pleat here
//! rather than at the first slot that never comes).

use std::path::Path;
use std::time::Duration;

use pleat_backup::schedule::Schedule;
use pleat_backup::Keep;
use secrecy::SecretString;

use super::{invalid, ConfigError};

#[derive(Debug, Clone)]
pub struct BackupConfig {
    /// `file:///dir` or `s3://bucket/prefix`; default `$PLEAT_DATA_DIR/backups`.
    pub url: String,
    /// age passphrase (scrypt); unset = backups are written unencrypted.
    pub passphrase: Option<SecretString>,
    pub keep: Keep,
    /// Cron expression as written (default `0 3 * * *`); `off` disables.
    pub schedule: String,
    /// How often a serving replica looks for requested backups besides
    /// being notified (not a variable: the tests lengthen it to show that
    /// the notification alone is enough).
    pub poll: Duration,
}

pub const DEFAULT_SCHEDULE: &str = "0 3 * * *";

pub(super) fn parse<'a>(
    get: &impl Fn(&str) -> Option<&'a str>,
    data_dir: &Path,
) -> Result<BackupConfig, ConfigError> {
    let url = match get("PLEAT_BACKUP_URL") {
        Some(v) if v.contains("://") && !v.starts_with("file://") && !v.starts_with("s3://") => {
            return Err(invalid(
                "PLEAT_BACKUP_URL",
                "expected file:///directory or s3://bucket/prefix",
            ))
        }
        Some(v) if v == "s3://" || v.starts_with("s3:///") => {
            return Err(invalid(
                "PLEAT_BACKUP_URL",
                "names no bucket (expected s3://bucket/prefix)",
            ))
        }
        Some(v) => v.to_string(),
        None => format!("file://{}", data_dir.join("backups").display()),
    };
    let passphrase = match get("PLEAT_BACKUP_PASSPHRASE") {
        Some(p) if p.chars().count() < 12 => {
            return Err(invalid(
                "PLEAT_BACKUP_PASSPHRASE",
                "must be at least 12 characters",
            ))
        }
        p => p.map(|p| SecretString::from(p.to_string())),
    };
    let keep = match get("PLEAT_BACKUP_KEEP") {
        Some(v) => Keep::parse(v).map_err(|e| invalid("PLEAT_BACKUP_KEEP", e))?,
        None => Keep::default(),
    };
    Ok(BackupConfig {
        url,
        passphrase,
        keep,
        schedule: match get("PLEAT_BACKUP_SCHEDULE") {
            Some(v) => Schedule::parse(v)
                .map_err(|e| invalid("PLEAT_BACKUP_SCHEDULE", e))?
                .describe()
                .to_string(),
            None => DEFAULT_SCHEDULE.to_string(),
        },
        poll: Duration::from_secs(30),
    })
}

#[cfg(test)]
mod tests {
    use crate::config::tests::parse;
    use secrecy::ExposeSecret;

    #[test]
    fn backup_variables_are_read_and_checked() {
        let c = parse(&[("PLEAT_DATA_DIR", "/srv/pleat")]).unwrap();
        assert_eq!(c.backup.url, "file:///srv/pleat/backups");
        assert!(c.backup.passphrase.is_none());
        assert_eq!(
            c.backup.keep,
            pleat_backup::Keep {
                daily: 7,
                weekly: 4
            }
        );
        assert_eq!(c.backup.schedule, "0 3 * * *");
        let c = parse(&[
            ("PLEAT_BACKUP_URL", "s3://backups/site"),
            ("PLEAT_BACKUP_PASSPHRASE", "a long enough passphrase"),
            ("PLEAT_BACKUP_KEEP", "14d,8w"),
            ("PLEAT_BACKUP_SCHEDULE", "off"),
        ])
        .unwrap();
        assert_eq!(c.backup.url, "s3://backups/site");
        assert_eq!(
            c.backup.passphrase.as_ref().unwrap().expose_secret(),
            "a long enough passphrase"
        );
        assert_eq!(
            c.backup.keep,
            pleat_backup::Keep {
                daily: 14,
                weekly: 8
            }
        );
        assert_eq!(c.backup.schedule, "off");
        for (name, value) in [
            ("PLEAT_BACKUP_URL", "gs://x"),
            ("PLEAT_BACKUP_URL", "s3:///x"),
            ("PLEAT_BACKUP_PASSPHRASE", "short"),
            ("PLEAT_BACKUP_KEEP", "7 days"),
            ("PLEAT_BACKUP_KEEP", "0d"),
            ("PLEAT_BACKUP_SCHEDULE", "daily"),
            ("PLEAT_BACKUP_SCHEDULE", "0 3 * *"),
            ("PLEAT_BACKUP_SCHEDULE", "0 0 3 * * *"),
            ("PLEAT_BACKUP_SCHEDULE", "0 25 * * *"),
        ] {
            let err = parse(&[(name, value)]).unwrap_err();
            assert_eq!(err.name, name, "{value}");
        }
    }

    #[test]
    fn a_schedule_that_is_not_cron_stops_pleat_with_one_line() {
        let err = parse(&[("PLEAT_BACKUP_SCHEDULE", "every night")])
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(
                "PLEAT_BACKUP_SCHEDULE: `every night` is not a cron expression of 5 fields"
            ),
            "{err}"
        );
        assert!(
            err.contains("`0 3 * * *`") && err.contains("`off`"),
            "{err}"
        );
        assert!(!err.contains('\n'), "{err}");
        let c = parse(&[("PLEAT_BACKUP_SCHEDULE", " 30 2 * * sun ")]).unwrap();
        assert_eq!(c.backup.schedule, "30 2 * * sun");
        let c = parse(&[("PLEAT_BACKUP_SCHEDULE", "OFF")]).unwrap();
        assert_eq!(c.backup.schedule, "off");
    }
}
