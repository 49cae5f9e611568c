//! The site's deployment (`docker-compose.yml`: pleat serving the site's
//! build and migrations next to PostgreSQL). There is no Docker engine where
//! the tests run, so check the compose file statically: it parses, and pleat
//! is configured with the names `Config` reads.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

use pleat_server::config::{Config, VARIABLES};

fn compose() -> serde_yaml::Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docker-compose.yml");
    serde_yaml::from_str(&std::fs::read_to_string(path).unwrap())
        .expect("docker-compose.yml is valid YAML")
}

#[test]
fn pleat_gets_only_variables_that_config_reads() {
    let doc = compose();
    let env = doc["services"]["pleat"]["environment"]
        .as_mapping()
        .expect("pleat.environment is a mapping");
    let names: Vec<&str> = env.keys().map(|k| k.as_str().unwrap()).collect();
    for name in &names {
        assert!(
            *name == "DATABASE_URL" || VARIABLES.contains(name),
            "{name} is not read by Config"
        );
    }
    for needed in [
        "DATABASE_URL",
        "PLEAT_ADDR",
        "PLEAT_DATA_DIR",
        "PLEAT_SITE_DIR",
        "PLEAT_MIGRATIONS_DIR",
    ] {
        assert!(names.contains(&needed), "{needed} is missing");
    }
    assert!(env["DATABASE_URL"].as_str().unwrap().contains("@db:5432/"));
    assert_eq!(env["PLEAT_ADDR"].as_str().unwrap(), "0.0.0.0:8080");
}

#[test]
fn the_values_compose_would_pass_are_accepted_by_config() {
    let doc = compose();
    let env = doc["services"]["pleat"]["environment"]
        .as_mapping()
        .unwrap();
    // Resolve `${NAME:-default}` the way compose does with nothing set.
    let vars = env.iter().map(|(k, v)| {
        let mut value = v
            .as_str()
            .map(str::to_string)
            .unwrap_or_else(|| serde_yaml::to_string(v).unwrap().trim().to_string());
        while let Some(start) = value.find("${") {
            let end = start + value[start..].find('}').unwrap();
            let inner = &value[start + 2..end];
            let default = inner.split_once(":-").map(|(_, d)| d).unwrap_or("");
            value = format!("{}{}{}", &value[..start], default, &value[end + 1..]);
        }
        (k.as_str().unwrap().to_string(), value)
    });
    let config = Config::from_vars(vars).expect("compose's values are valid");
    assert_eq!(config.addr.port(), 8080);
    assert!(config.database_url.is_some());
}

#[test]
fn postgres_is_version_15_with_a_healthcheck_pleat_waits_for() {
    let doc = compose();
    assert_eq!(doc["services"]["db"]["image"].as_str(), Some("postgres:15"));
    assert!(doc["services"]["db"]["healthcheck"]["test"].is_sequence());
    assert_eq!(
        doc["services"]["pleat"]["depends_on"]["db"]["condition"].as_str(),
        Some("service_healthy")
    );
}
