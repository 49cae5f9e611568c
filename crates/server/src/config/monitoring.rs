//! `PLEAT_METRICS_ADDR` (where Prometheus scrapes, off when unset) and
//! `PLEAT_LOG_FORMAT` (text for people, JSON for log collectors).

use std::net::SocketAddr;

use super::{invalid, ConfigError};
use crate::telemetry::LogFormat;

pub(super) fn log_format(value: Option<&str>) -> Result<LogFormat, ConfigError> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        None | Some("text") => Ok(LogFormat::Text),
        Some("json") => Ok(LogFormat::Json),
        Some(_) => Err(invalid(
            "PLEAT_LOG_FORMAT",
            format!("`{}` is not text or json", value.unwrap_or_default()),
        )),
    }
}

/// The metrics listener's address. It may not be the public one: the
/// metrics say how busy the server is and what it runs, which is for the
/// operator, so they are served on an address of their own (usually
/// loopback or a private network) and never by default.
pub(super) fn metrics_addr(
    value: Option<&str>,
    public: SocketAddr,
) -> Result<Option<SocketAddr>, ConfigError> {
    let Some(v) = value else {
        return Ok(None);
    };
    let addr: SocketAddr = v.parse().map_err(|_| {
        invalid(
            "PLEAT_METRICS_ADDR",
            format!("`{v}` is not an address like 127.0.0.1:9464"),
        )
    })?;
    let same_host =
        addr.ip() == public.ip() || addr.ip().is_unspecified() || public.ip().is_unspecified();
    if addr.port() != 0 && addr.port() == public.port() && same_host {
        return Err(invalid(
            "PLEAT_METRICS_ADDR",
            format!(
                "`{v}` is the public address (PLEAT_ADDR); give the metrics a port of their own"
            ),
        ));
    }
    Ok(Some(addr))
}

#[cfg(test)]
mod tests {
    use crate::config::tests::parse;

    #[test]
    fn metrics_are_off_unless_given_an_address_of_their_own() {
        let c = parse(&[]).unwrap();
        assert_eq!(c.metrics_addr, None);
        assert_eq!(c.log_format, crate::telemetry::LogFormat::Text);
        let c = parse(&[
            ("PLEAT_METRICS_ADDR", "127.0.0.1:9464"),
            ("PLEAT_LOG_FORMAT", "JSON"),
        ])
        .unwrap();
        assert_eq!(c.metrics_addr, Some("127.0.0.1:9464".parse().unwrap()));
        assert_eq!(c.log_format, crate::telemetry::LogFormat::Json);
        // Port 0 asks for any free port, never the public one.
        let c = parse(&[
            ("PLEAT_ADDR", "127.0.0.1:0"),
            ("PLEAT_METRICS_ADDR", "127.0.0.1:0"),
        ])
        .unwrap();
        assert_eq!(c.metrics_addr, Some("127.0.0.1:0".parse().unwrap()));
        let cases: &[(&[(&str, &str)], &str)] = &[
            (
                &[("PLEAT_METRICS_ADDR", "9464")],
                "PLEAT_METRICS_ADDR: `9464` is not an address like 127.0.0.1:9464",
            ),
            (
                &[("PLEAT_METRICS_ADDR", "127.0.0.1:8080")],
                "PLEAT_METRICS_ADDR: `127.0.0.1:8080` is the public address (PLEAT_ADDR); give the metrics a port of their own",
            ),
            (
                &[("PLEAT_ADDR", "0.0.0.0:80"), ("PLEAT_METRICS_ADDR", "10.0.0.5:80")],
                "PLEAT_METRICS_ADDR: `10.0.0.5:80` is the public address (PLEAT_ADDR); give the metrics a port of their own",
            ),
            (
                &[("PLEAT_LOG_FORMAT", "xml")],
                "PLEAT_LOG_FORMAT: `xml` is not text or json",
            ),
        ];
        for (vars, line) in cases {
            assert_eq!(parse(vars).unwrap_err().to_string(), *line, "{vars:?}");
        }
    }
}
