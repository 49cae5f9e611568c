//! When scheduled backups are due: `PLEAT_BACKUP_SCHEDULE`, a standard
//! five-field cron expression (minute, hour, day of month, month, day of
//! week; `@daily` and the other nicknames too) read in the server's local
//! time, or `off`. Every replica computes the same slots from the same
//! expression, which is what lets the slot's unique key in
//! `pleat_backup.runs` pick one of them.

use chrono::{DateTime, Local, TimeZone, Utc};
use croner::parser::{CronParser, Seconds, Year};
use croner::Cron;

/// Daily at 03:00 server time.
pub const DEFAULT: &str = "0 3 * * *";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Schedule {
    Off,
    Cron {
        /// As given, for the admin and the log.
        expression: String,
        cron: Box<Cron>,
    },
}

impl Schedule {
    /// `off`, or a cron expression that comes round at least once; the
    /// error says what a valid value looks like.
    pub fn parse(value: &str) -> Result<Schedule, String> {
        let value = value.trim();
        if value.eq_ignore_ascii_case("off") {
            return Ok(Schedule::Off);
        }
        // Seconds and years are croner's extensions: a six-field value is
        // more likely a mistake than a wish for per-second backups.
        let parser = CronParser::builder()
            .seconds(Seconds::Disallowed)
            .year(Year::Disallowed)
            .build();
        let cron = parser.parse(value).map_err(|e| {
            format!(
                "`{value}` is not a cron expression of 5 fields (minute hour day-of-month month day-of-week, e.g. `0 3 * * *`) or `off`: {e}"
            )
        })?;
        if cron.find_next_occurrence(&Utc::now(), false).is_err() {
            return Err(format!("`{value}` never comes round"));
        }
        Ok(Schedule::Cron {
            expression: value.to_string(),
            cron: Box::new(cron),
        })
    }

    /// The expression, or `off`: what `pleat_backup.state.schedule` says.
    pub fn describe(&self) -> &str {
        match self {
            Schedule::Off => "off",
            Schedule::Cron { expression, .. } => expression,
        }
    }

    /// The first slot after `after`, in the server's local time.
    pub fn next_after(&self, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.next_after_in(after, &Local)
    }

    /// The latest slot at or before `now`, in the server's local time.
    pub fn latest_until(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.latest_until_in(now, &Local)
    }

    pub fn next_after_in<Tz: TimeZone>(
        &self,
        after: DateTime<Utc>,
        zone: &Tz,
    ) -> Option<DateTime<Utc>> {
        match self {
            Schedule::Off => None,
            Schedule::Cron { cron, .. } => cron
                .find_next_occurrence(&after.with_timezone(zone), false)
                .ok()
                .map(|t| t.with_timezone(&Utc)),
        }
    }

    pub fn latest_until_in<Tz: TimeZone>(
        &self,
        now: DateTime<Utc>,
        zone: &Tz,
    ) -> Option<DateTime<Utc>> {
        match self {
            Schedule::Off => None,
            Schedule::Cron { cron, .. } => cron
                .find_previous_occurrence(&now.with_timezone(zone), true)
                .ok()
                .map(|t| t.with_timezone(&Utc)),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::FixedOffset;

    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn the_default_is_daily_at_three_local_time() {
        let s = Schedule::parse(DEFAULT).unwrap();
        let berlin = FixedOffset::east_opt(3600).unwrap();
        assert_eq!(
            s.next_after_in(at("2026-11-26T10:00:00Z"), &berlin),
            Some(at("2026-11-27T02:00:00Z"))
        );
        assert_eq!(
            s.next_after_in(at("2026-11-26T10:00:00Z"), &Utc),
            Some(at("2026-11-27T03:00:00Z"))
        );
        // A slot is not after itself, but it is the latest until itself.
        assert_eq!(
            s.next_after_in(at("2026-11-27T03:00:00Z"), &Utc),
            Some(at("2026-11-28T03:00:00Z"))
        );
        assert_eq!(
            s.latest_until_in(at("2026-11-27T03:00:00Z"), &Utc),
            Some(at("2026-11-27T03:00:00Z"))
        );
        assert_eq!(
            s.latest_until_in(at("2026-11-27T02:59:59Z"), &Utc),
            Some(at("2026-11-26T03:00:00Z"))
        );
        assert_eq!(s.describe(), "0 3 * * *");
    }

    #[test]
    fn off_has_no_slots() {
        for v in ["off", "OFF", " off "] {
            let s = Schedule::parse(v).unwrap();
            assert_eq!(s, Schedule::Off);
            assert_eq!(s.next_after(Utc::now()), None);
            assert_eq!(s.describe(), "off");
        }
    }

    #[test]
    fn nicknames_and_names_are_standard_cron() {
        let weekly = Schedule::parse("30 2 * * sun").unwrap();
        // 2026-11-29 is a Sunday.
        assert_eq!(
            weekly.next_after_in(at("2026-11-26T00:00:00Z"), &Utc),
            Some(at("2026-11-29T02:30:00Z"))
        );
        let daily = Schedule::parse("@daily").unwrap();
        assert_eq!(
            daily.next_after_in(at("2026-11-26T10:00:00Z"), &Utc),
            Some(at("2026-11-27T00:00:00Z"))
        );
    }

    #[test]
    fn invalid_values_say_what_is_expected() {
        for v in [
            "",
            "daily",
            "0 3 * *",
            "0 0 3 * * *",
            "61 3 * * *",
            "0 25 * * *",
            "0 3 * * 9",
        ] {
            let e = Schedule::parse(v).unwrap_err();
            assert!(e.contains("cron expression"), "{v}: {e}");
            assert!(!e.contains('\n'), "{v}: one line: {e}");
        }
        assert!(Schedule::parse("0 0 31 2 *").unwrap_err().contains("never"));
    }
}
