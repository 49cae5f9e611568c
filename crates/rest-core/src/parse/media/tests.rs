use super::*;

fn pick(accept: Option<&str>, produces: &[MediaType]) -> String {
    pick_with(accept, produces, Offers::default())
}

fn pick_with(accept: Option<&str>, produces: &[MediaType], offers: Offers) -> String {
    match negotiate(&accept_list(accept), produces, offers) {
        Ok(m) => m.mime().to_string(),
        Err(e) => format!("{} {}", e.status(), e.to_json()),
    }
}

#[test]
fn decoding() {
    let all = "application/json, application/geo+json, text/csv, text/plain, text/xml, application/openapi+json, application/x-www-form-urlencoded, application/octet-stream, */*, application/vnd.pgrst.object+json, application/vnd.pgrst.object;nulls=stripped, application/vnd.pgrst.array+json, application/vnd.pgrst.array+json;nulls=stripped, application/vnd.pgrst.plan+json, text/html";
    insta::assert_snapshot!(format!("{:?}", accept_list(Some(all))), @r#"[SingleObject { strip_nulls: true }, ArrayStripNulls, Json, GeoJson, Csv, TextPlain, TextXml, OpenApi, UrlEncoded, OctetStream, SingleObject { strip_nulls: false }, Json, Plan(PlanMedia { target: Json, json: true, analyze: false, verbose: false, settings: false, buffers: false, wal: false, mime: "application/vnd.pgrst.plan+json; for=\"application/json\"" }), Other("text/html"), Any]"#);
}

#[test]
fn quality_and_specificity() {
    insta::assert_snapshot!(format!("{:?}", accept_list(Some("text/csv;q=0.5, application/json"))), @"[Json, Csv]");
    insta::assert_snapshot!(format!("{:?}", accept_list(Some("*/*, application/vnd.pgrst.object+json;nulls=stripped"))), @"[SingleObject { strip_nulls: true }, Any]");
    insta::assert_snapshot!(format!("{:?}", accept_list(Some("text/csv;q=0.9;level=1, text/html;q=x"))), @r#"[Other("text/html"), Csv]"#);
    insta::assert_snapshot!(format!("{:?}", accept_list(None)), @"[Any]");
    insta::assert_snapshot!(format!("{:?}", accept_list(Some(""))), @"[Any]");
}

#[test]
fn negotiation_for_resources() {
    insta::assert_snapshot!(pick(None, RESOURCE_MEDIA), @"application/json");
    insta::assert_snapshot!(pick(Some("*/*"), RESOURCE_MEDIA), @"application/json");
    insta::assert_snapshot!(pick(Some("application/json"), RESOURCE_MEDIA), @"application/json");
    insta::assert_snapshot!(pick(Some("application/vnd.pgrst.object+json"), RESOURCE_MEDIA), @"application/vnd.pgrst.object+json");
    insta::assert_snapshot!(pick(Some("application/vnd.pgrst.object+json;nulls=stripped"), RESOURCE_MEDIA), @"application/vnd.pgrst.object+json;nulls=stripped");
    insta::assert_snapshot!(pick(Some("application/vnd.pgrst.array+json;nulls=stripped"), RESOURCE_MEDIA), @"application/vnd.pgrst.array+json;nulls=stripped");
    insta::assert_snapshot!(pick(Some("text/csv"), RESOURCE_MEDIA), @"text/csv");
    insta::assert_snapshot!(pick(Some("text/html, text/csv;q=0.1"), RESOURCE_MEDIA), @"text/csv");
    insta::assert_snapshot!(pick(Some("text/html, application/xml;q=0.9"), RESOURCE_MEDIA), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: text/html, application/xml"}"#);
    insta::assert_snapshot!(pick(Some("application/openapi+json"), RESOURCE_MEDIA), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/openapi+json"}"#);
}

#[test]
fn plans_only_when_offered_and_only_of_what_the_resource_produces() {
    let on = Offers {
        plan: true,
        geojson: false,
    };
    insta::assert_snapshot!(pick_with(Some("application/vnd.pgrst.plan"), RESOURCE_MEDIA, on), @r#"application/vnd.pgrst.plan+text; for="application/json""#);
    insta::assert_snapshot!(pick_with(Some("application/vnd.pgrst.plan+json;for=\"text/csv\";options=wal|analyze|bogus;"), RESOURCE_MEDIA, on), @r#"application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|wal"#);
    insta::assert_snapshot!(pick_with(Some("application/vnd.pgrst.plan+json; for=\"application/vnd.pgrst.object\""), RESOURCE_MEDIA, on), @r#"application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json""#);
    insta::assert_snapshot!(pick_with(Some("application/vnd.pgrst.plan+json; for=\"text/xml\""), RESOURCE_MEDIA, on), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/vnd.pgrst.plan+json; for=\"text/xml\""}"#);
    insta::assert_snapshot!(pick_with(Some("application/vnd.pgrst.plan+json; for=\"application/geo+json\""), RESOURCE_MEDIA, on), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/vnd.pgrst.plan+json; for=\"application/geo+json\""}"#);
    insta::assert_snapshot!(pick_with(Some("application/vnd.pgrst.plan+xml"), RESOURCE_MEDIA, on), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/vnd.pgrst.plan+xml"}"#);
    insta::assert_snapshot!(pick(Some("application/vnd.pgrst.plan+json, text/csv;q=0.5"), RESOURCE_MEDIA), @"text/csv");
}

#[test]
fn geojson_only_with_postgis() {
    let with = Offers {
        plan: false,
        geojson: true,
    };
    insta::assert_snapshot!(pick_with(Some("application/geo+json"), RESOURCE_MEDIA, with), @"application/geo+json");
    insta::assert_snapshot!(pick(Some("application/geo+json"), RESOURCE_MEDIA), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/geo+json"}"#);
    insta::assert_snapshot!(pick_with(Some("application/geo+json"), ROOT_MEDIA, with), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/geo+json"}"#);
}

#[test]
fn negotiation_for_the_root() {
    insta::assert_snapshot!(pick(None, ROOT_MEDIA), @"application/openapi+json");
    insta::assert_snapshot!(pick(Some("application/openapi+json"), ROOT_MEDIA), @"application/openapi+json");
    insta::assert_snapshot!(pick(Some("application/json"), ROOT_MEDIA), @"application/json");
    insta::assert_snapshot!(pick(Some("text/csv"), ROOT_MEDIA), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: text/csv"}"#);
}

#[test]
fn body_types() {
    let show = |ct: Option<&str>, rpc: bool| match body_type(ct, rpc) {
        Ok(b) => format!("{b:?}"),
        Err(e) => format!("{} {}", e.status(), e.to_json()),
    };
    insta::assert_snapshot!(show(None, false), @"Json");
    insta::assert_snapshot!(show(Some("application/json; charset=utf-8"), false), @"Json");
    insta::assert_snapshot!(show(Some("text/csv"), false), @"Csv");
    insta::assert_snapshot!(show(Some("application/x-www-form-urlencoded"), false), @"UrlEncoded");
    insta::assert_snapshot!(show(Some("text/plain"), true), @"TextPlain");
    insta::assert_snapshot!(show(Some("text/xml"), true), @"TextXml");
    insta::assert_snapshot!(show(Some("application/octet-stream"), true), @"OctetStream");
    insta::assert_snapshot!(show(Some("text/plain"), false), @r#"400 {"code":"PGRST102","details":null,"hint":null,"message":"Content-Type not acceptable: text/plain"}"#);
    insta::assert_snapshot!(show(Some("application/xml"), false), @r#"400 {"code":"PGRST102","details":null,"hint":null,"message":"Content-Type not acceptable: application/xml"}"#);
    insta::assert_snapshot!(show(Some("application/vnd.pgrst.object+json"), false), @r#"400 {"code":"PGRST102","details":null,"hint":null,"message":"Content-Type not acceptable: application/vnd.pgrst.object+json"}"#);
}
