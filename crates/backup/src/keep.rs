//! Retention (`PLEAT_BACKUP_KEEP`): which backups stay when old ones are
//! pruned. A pure function of the backups' times, so it is tested with
//! invented times instead of waiting days.

use std::collections::HashSet;
use std::fmt;

use chrono::{DateTime, Datelike, NaiveDate, Utc};

/// Keep the newest backup of each of the last `daily` days that have
/// backups, and the newest of each of the last `weekly` ISO weeks that have
/// backups (both counted back from the newest backup, so a pause in
/// backups never lets pruning delete the last good ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keep {
    pub daily: u32,
    pub weekly: u32,
}

impl Default for Keep {
    fn default() -> Self {
        Keep {
            daily: 7,
            weekly: 4,
        }
    }
}

impl fmt::Display for Keep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d,{}w", self.daily, self.weekly)
    }
}

impl Keep {
    /// `7d,4w`, `14d`, `0d,8w`, `30d,0w`: days and weeks, each at most once,
    /// a missing part meaning 0; at least one backup must be kept.
    pub fn parse(text: &str) -> Result<Keep, String> {
        let mut daily = None;
        let mut weekly = None;
        for part in text.split(',').map(str::trim) {
            let (number, unit) = part.split_at(part.len().saturating_sub(1));
            let slot = match unit {
                "d" | "D" => &mut daily,
                "w" | "W" => &mut weekly,
                _ => {
                    return Err(format!(
                        "`{text}` is not like 7d,4w (days and weeks of backups to keep)"
                    ))
                }
            };
            let n: u32 = number
                .parse()
                .ok()
                .filter(|n| *n <= 10_000)
                .ok_or_else(|| format!("`{part}` is not a number of days or weeks up to 10000"))?;
            if slot.replace(n).is_some() {
                return Err(format!("`{text}` names {unit} twice"));
            }
        }
        let keep = Keep {
            daily: daily.unwrap_or(0),
            weekly: weekly.unwrap_or(0),
        };
        if keep.daily == 0 && keep.weekly == 0 {
            return Err(format!("`{text}` would keep no backup at all"));
        }
        Ok(keep)
    }
}

/// The names of `backups` (name, time made) that `keep` retains at `now`.
/// Of two made in the same second, the one listed first counts as the
/// newer (the store lists newest first). Backups dated after `now` (a clock
/// set back, or one being written by another replica) are always kept.
pub fn retained(
    backups: &[(String, DateTime<Utc>)],
    keep: &Keep,
    now: DateTime<Utc>,
) -> HashSet<String> {
    let mut newest_first: Vec<&(String, DateTime<Utc>)> = backups.iter().collect();
    // Stable: ties keep the order they were given in.
    newest_first.sort_by_key(|b| std::cmp::Reverse(b.1));
    let mut kept: HashSet<String> = newest_first
        .iter()
        .filter(|(_, at)| *at > now)
        .map(|(name, _)| name.clone())
        .collect();
    let past: Vec<&&(String, DateTime<Utc>)> =
        newest_first.iter().filter(|(_, at)| *at <= now).collect();
    keep_newest_per(&past, keep.daily, |at| at.date_naive(), &mut kept);
    keep_newest_per(
        &past,
        keep.weekly,
        |at| {
            let week = at.iso_week();
            NaiveDate::from_isoywd_opt(week.year(), week.week(), chrono::Weekday::Mon)
                .unwrap_or(NaiveDate::MIN)
        },
        &mut kept,
    );
    kept
}

fn keep_newest_per(
    newest_first: &[&&(String, DateTime<Utc>)],
    periods: u32,
    period_of: impl Fn(&DateTime<Utc>) -> NaiveDate,
    kept: &mut HashSet<String>,
) {
    let mut seen: Vec<NaiveDate> = Vec::new();
    for (name, at) in newest_first.iter().map(|b| (&b.0, &b.1)) {
        let period = period_of(at);
        if seen.contains(&period) {
            continue;
        }
        if seen.len() as u32 >= periods {
            break;
        }
        seen.push(period);
        kept.insert(name.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, 0, 0).unwrap()
    }

    #[test]
    fn keep_parses_days_and_weeks() {
        assert_eq!(
            Keep::parse("7d,4w"),
            Ok(Keep {
                daily: 7,
                weekly: 4
            })
        );
        assert_eq!(
            Keep::parse(" 14d "),
            Ok(Keep {
                daily: 14,
                weekly: 0
            })
        );
        assert_eq!(
            Keep::parse("8w"),
            Ok(Keep {
                daily: 0,
                weekly: 8
            })
        );
        assert_eq!(Keep::default().to_string(), "7d,4w");
        for bad in [
            "", "7", "7x", "d", "-1d", "7d,7d", "0d,0w", "7d;4w", "99999d",
        ] {
            assert!(Keep::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn newest_per_day_then_per_week() {
        // Two backups a day (03:00 and 15:00) for 40 days, to 2026-03-01.
        let mut backups = Vec::new();
        for day in 0..40 {
            let d = at(2026, 1, 21, 3) + chrono::Duration::days(day);
            for h in [0, 12] {
                let t = d + chrono::Duration::hours(h);
                backups.push((t.format("%Y%m%d-%H").to_string(), t));
            }
        }
        let now = at(2026, 3, 1, 20);
        let kept = retained(
            &backups,
            &Keep {
                daily: 3,
                weekly: 2,
            },
            now,
        );
        let mut kept: Vec<String> = kept.into_iter().collect();
        kept.sort();
        // Days: 03-01, 02-28, 02-27 (their 15:00). Weeks: ISO week of
        // 03-01 (a Sunday; newest already kept), the week before (ends
        // Sunday 02-22).
        assert_eq!(
            kept,
            ["20260222-15", "20260227-15", "20260228-15", "20260301-15"]
        );
    }

    #[test]
    fn a_pause_in_backups_keeps_the_last_ones() {
        let backups = vec![
            ("a".to_string(), at(2026, 1, 1, 3)),
            ("b".to_string(), at(2026, 1, 2, 3)),
        ];
        let kept = retained(
            &backups,
            &Keep {
                daily: 1,
                weekly: 0,
            },
            at(2026, 6, 1, 0),
        );
        assert_eq!(kept, HashSet::from(["b".to_string()]));
    }

    #[test]
    fn backups_after_now_are_kept() {
        let backups = vec![
            ("old".to_string(), at(2026, 1, 1, 3)),
            ("new".to_string(), at(2026, 1, 1, 4)),
            ("future".to_string(), at(2026, 1, 9, 3)),
        ];
        let kept = retained(
            &backups,
            &Keep {
                daily: 1,
                weekly: 0,
            },
            at(2026, 1, 2, 0),
        );
        assert_eq!(
            kept,
            HashSet::from(["new".to_string(), "future".to_string()])
        );
    }
}
