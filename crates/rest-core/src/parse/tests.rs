use super::*;

fn req(
    method: &str,
    path: &str,
    query: &str,
    headers: &[(&str, &str)],
) -> Result<ApiRequest, Error> {
    parse(&RawRequest {
        method,
        path,
        query,
        headers,
    })
}

fn show(r: Result<ApiRequest, Error>) -> String {
    match r {
        Ok(a) => serde_json::to_string(&a).unwrap(),
        Err(e) => format!("{} {}", e.status(), e.to_json()),
    }
}

fn action_of(method: &str, path: &str) -> String {
    match req(method, path, "", &[]) {
        Ok(a) => serde_json::to_string(&a.action).unwrap(),
        Err(e) => format!("{} {}", e.status(), e.to_json()),
    }
}

#[test]
fn a_typical_supabase_js_read() {
    let r = req(
        "GET",
        "/books",
        "select=id%2Ctitle%2Cauthor%3Aauthors%28name%29&published=gte.2000&order=title.asc&offset=0&limit=20",
        &[("accept", "application/json"), ("prefer", "count=exact"), ("accept-profile", "public")],
    );
    insta::assert_json_snapshot!(r.unwrap(), @r#"
        {
          "action": {
            "kind": "read",
            "relation": "books",
            "headers_only": false
          },
          "profile": "public",
          "query": {
            "select": [
              {
                "field": {
                  "field": {
                    "name": "id"
                  }
                }
              },
              {
                "field": {
                  "field": {
                    "name": "title"
                  }
                }
              },
              {
                "relation": {
                  "name": "authors",
                  "alias": "author",
                  "embed": {},
                  "children": [
                    {
                      "field": {
                        "field": {
                          "name": "name"
                        }
                      }
                    }
                  ]
                }
              }
            ],
            "filters": [
              {
                "value": {
                  "field": {
                    "name": "published"
                  },
                  "operation": {
                    "compare": {
                      "op": "gte",
                      "value": "2000"
                    }
                  }
                }
              }
            ],
            "logic": [],
            "order": [
              {
                "value": [
                  {
                    "field": {
                      "name": "title"
                    },
                    "direction": "asc"
                  }
                ]
              }
            ],
            "ranges": [],
            "columns": null,
            "on_conflict": null,
            "rpc_params": []
          },
          "range": {
            "offset": 0,
            "limit": 20
          },
          "preferences": {
            "resolution": null,
            "representation": null,
            "single_object_params": false,
            "count": "exact",
            "transaction": null,
            "missing": null,
            "handling": null,
            "timezone": null,
            "max_affected": null,
            "invalid": []
          },
          "media_type": "json",
          "explain": null,
          "body_type": null
        }
    "#);
}

#[test]
fn actions() {
    insta::assert_snapshot!(action_of("GET", "/items"), @r#"{"kind":"read","relation":"items","headers_only":false}"#);
    insta::assert_snapshot!(action_of("HEAD", "/items"), @r#"{"kind":"read","relation":"items","headers_only":true}"#);
    insta::assert_snapshot!(action_of("POST", "/items"), @r#"{"kind":"mutate","relation":"items","mutation":"create"}"#);
    insta::assert_snapshot!(action_of("PATCH", "/items"), @r#"{"kind":"mutate","relation":"items","mutation":"update"}"#);
    insta::assert_snapshot!(action_of("PUT", "/items"), @r#"{"kind":"mutate","relation":"items","mutation":"single_upsert"}"#);
    insta::assert_snapshot!(action_of("DELETE", "/items"), @r#"{"kind":"mutate","relation":"items","mutation":"delete"}"#);
    insta::assert_snapshot!(action_of("OPTIONS", "/items"), @r#"{"kind":"relation_info","relation":"items"}"#);
    insta::assert_snapshot!(action_of("GET", "/rpc/add_them"), @r#"{"kind":"call","function":"add_them","invoke":{"get":{"headers_only":false}}}"#);
    insta::assert_snapshot!(action_of("HEAD", "/rpc/add_them"), @r#"{"kind":"call","function":"add_them","invoke":{"get":{"headers_only":true}}}"#);
    insta::assert_snapshot!(action_of("POST", "/rpc/add_them"), @r#"{"kind":"call","function":"add_them","invoke":"post"}"#);
    insta::assert_snapshot!(action_of("OPTIONS", "/rpc/add_them"), @r#"{"kind":"routine_info","function":"add_them"}"#);
    insta::assert_snapshot!(action_of("GET", "/"), @r#"{"kind":"schema","headers_only":false}"#);
    insta::assert_snapshot!(action_of("HEAD", ""), @r#"{"kind":"schema","headers_only":true}"#);
    insta::assert_snapshot!(action_of("OPTIONS", "/"), @r#"{"kind":"schema_info"}"#);
    insta::assert_snapshot!(action_of("GET", "/my%20table"), @r#"{"kind":"read","relation":"my table","headers_only":false}"#);
    insta::assert_snapshot!(action_of("GET", "/rpc"), @r#"{"kind":"read","relation":"rpc","headers_only":false}"#);
}

#[test]
fn method_and_path_errors() {
    insta::assert_snapshot!(action_of("PATCH", "/rpc/f"), @r#"405 {"code":"PGRST101","details":null,"hint":null,"message":"Cannot use the PATCH method on RPC"}"#);
    insta::assert_snapshot!(action_of("DELETE", "/rpc/f"), @r#"405 {"code":"PGRST101","details":null,"hint":null,"message":"Cannot use the DELETE method on RPC"}"#);
    insta::assert_snapshot!(action_of("TRACE", "/items"), @r#"405 {"code":"PGRST117","details":null,"hint":null,"message":"Unsupported HTTP method: TRACE"}"#);
    insta::assert_snapshot!(action_of("POST", "/"), @r#"405 {"code":"PGRST117","details":null,"hint":null,"message":"Unsupported HTTP method: POST"}"#);
    insta::assert_snapshot!(action_of("GET", "/a/b"), @r#"404 {"code":"PGRST125","details":null,"hint":null,"message":"Invalid path specified in request URL"}"#);
    insta::assert_snapshot!(action_of("GET", "/items/"), @r#"404 {"code":"PGRST125","details":null,"hint":null,"message":"Invalid path specified in request URL"}"#);
    insta::assert_snapshot!(action_of("GET", "/rpc/f/g"), @r#"404 {"code":"PGRST125","details":null,"hint":null,"message":"Invalid path specified in request URL"}"#);
}

#[test]
fn profiles_follow_the_method() {
    let h = [("accept-profile", "api"), ("content-profile", "admin")];
    assert_eq!(
        req("GET", "/t", "", &h).unwrap().profile.as_deref(),
        Some("api")
    );
    assert_eq!(
        req("HEAD", "/t", "", &h).unwrap().profile.as_deref(),
        Some("api")
    );
    assert_eq!(
        req("POST", "/t", "", &h).unwrap().profile.as_deref(),
        Some("admin")
    );
    assert_eq!(
        req("PATCH", "/t", "", &h).unwrap().profile.as_deref(),
        Some("admin")
    );
    assert_eq!(
        req("DELETE", "/t", "", &h).unwrap().profile.as_deref(),
        Some("admin")
    );
    assert_eq!(
        req("POST", "/rpc/f", "", &h).unwrap().profile.as_deref(),
        Some("admin")
    );
    assert_eq!(req("GET", "/t", "", &[]).unwrap().profile, None);
}

#[test]
fn ranges() {
    let range = |m: &str, q: &str, h: &[(&str, &str)]| match req(m, "/t", q, h) {
        Ok(a) => serde_json::to_string(&a.range).unwrap(),
        Err(e) => format!("{} {}", e.status(), e.to_json()),
    };
    insta::assert_snapshot!(range("GET", "", &[("range", "0-9"), ("range-unit", "items")]), @r#"{"offset":0,"limit":10}"#);
    insta::assert_snapshot!(range("GET", "offset=5", &[("range", "0-9")]), @r#"{"offset":5,"limit":5}"#);
    insta::assert_snapshot!(range("GET", "", &[("range", "9-0")]), @r#"416 {"code":"PGRST103","details":"The lower boundary must be lower than or equal to the upper boundary in the Range header.","hint":null,"message":"Requested range not satisfiable"}"#);
    insta::assert_snapshot!(range("GET", "limit=-2", &[]), @r#"416 {"code":"PGRST103","details":"Limit should be greater than or equal to zero.","hint":null,"message":"Requested range not satisfiable"}"#);
    insta::assert_snapshot!(range("PUT", "limit=1", &[]), @r#"400 {"code":"PGRST114","details":null,"hint":null,"message":"limit/offset querystring parameters are not allowed for PUT"}"#);
    insta::assert_snapshot!(range("DELETE", "limit=1&order=id", &[]), @r#"{"offset":0,"limit":1}"#);
}

#[test]
fn bodies() {
    let body = |m: &str, p: &str, ct: Option<&str>| {
        let h: Vec<(&str, &str)> = ct.map(|c| ("content-type", c)).into_iter().collect();
        match req(m, p, "", &h) {
            Ok(a) => format!("{:?}", a.body_type),
            Err(e) => format!("{} {}", e.status(), e.to_json()),
        }
    };
    insta::assert_snapshot!(body("POST", "/t", None), @"Some(Json)");
    insta::assert_snapshot!(body("POST", "/t", Some("text/csv")), @"Some(Csv)");
    insta::assert_snapshot!(body("PATCH", "/t", Some("application/x-www-form-urlencoded")), @"Some(UrlEncoded)");
    insta::assert_snapshot!(body("PUT", "/t", Some("application/json")), @"Some(Json)");
    insta::assert_snapshot!(body("DELETE", "/t", Some("text/plain")), @"None");
    insta::assert_snapshot!(body("GET", "/t", Some("text/plain")), @"None");
    insta::assert_snapshot!(body("POST", "/rpc/f", Some("text/plain")), @"Some(TextPlain)");
    insta::assert_snapshot!(body("POST", "/t", Some("text/plain")), @r#"400 {"code":"PGRST102","details":null,"hint":null,"message":"Content-Type not acceptable: text/plain"}"#);
}

#[test]
fn media_types() {
    let media = |m: &str, p: &str, accept: &str| match req(m, p, "", &[("accept", accept)]) {
        Ok(a) => a.media_type.mime().to_string(),
        Err(e) => format!("{} {}", e.status(), e.to_json()),
    };
    insta::assert_snapshot!(media("GET", "/t", "application/vnd.pgrst.object+json;nulls=stripped"), @"application/vnd.pgrst.object+json;nulls=stripped");
    insta::assert_snapshot!(media("PATCH", "/t", "application/vnd.pgrst.object+json"), @"application/vnd.pgrst.object+json");
    insta::assert_snapshot!(media("GET", "/", "*/*"), @"application/openapi+json");
    insta::assert_snapshot!(media("GET", "/t", "application/openapi+json"), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/openapi+json"}"#);
    insta::assert_snapshot!(media("OPTIONS", "/t", "text/html"), @"application/json");
    insta::assert_snapshot!(media("GET", "/rpc/f", "text/csv, */*;q=0.1"), @"text/csv");
}

#[test]
fn preferences() {
    let r = req(
        "POST",
        "/t",
        "on_conflict=id",
        &[
            ("prefer", "resolution=merge-duplicates"),
            ("prefer", "return=representation,missing=default"),
        ],
    )
    .unwrap();
    insta::assert_snapshot!(serde_json::to_string(&r.preferences).unwrap(), @r#"{"resolution":"merge_duplicates","representation":"full","single_object_params":false,"count":null,"transaction":null,"missing":"default","handling":null,"timezone":null,"max_affected":null,"invalid":[]}"#);
    insta::assert_snapshot!(show(req("GET", "/t", "", &[("prefer", "handling=strict, count=exactly")])), @r#"400 {"code":"PGRST122","details":"Invalid preferences: count=exactly","hint":null,"message":"Invalid preferences given with handling=strict"}"#);
    assert!(req(
        "GET",
        "/t",
        "",
        &[("prefer", "handling=lenient, count=exactly")]
    )
    .is_ok());
}

#[test]
fn errors_come_in_postgrest_order() {
    // Path, then method, then query, then range, then body, then preferences, then Accept.
    let everything_wrong = [
        ("range", "5-1"),
        ("content-type", "text/html"),
        ("prefer", "handling=strict,x"),
        ("accept", "text/html"),
    ];
    insta::assert_snapshot!(show(req("POST", "/a/b", "select=(", &everything_wrong)), @r#"404 {"code":"PGRST125","details":null,"hint":null,"message":"Invalid path specified in request URL"}"#);
    insta::assert_snapshot!(show(req("PATCH", "/rpc/f", "select=(", &everything_wrong)), @r#"405 {"code":"PGRST101","details":null,"hint":null,"message":"Cannot use the PATCH method on RPC"}"#);
    insta::assert_snapshot!(show(req("GET", "/t", "select=,&id=x", &everything_wrong)), @r#"400 {"code":"PGRST100","details":"unexpected \"x\" expecting \"not\" or operator (eq, gt, ...)","hint":null,"message":"\"failed to parse filter (x)\" (line 1, column 1)"}"#);
    insta::assert_snapshot!(show(req("GET", "/t", "", &everything_wrong)), @r#"416 {"code":"PGRST103","details":"The lower boundary must be lower than or equal to the upper boundary in the Range header.","hint":null,"message":"Requested range not satisfiable"}"#);
    insta::assert_snapshot!(show(req("POST", "/t", "", &everything_wrong)), @r#"400 {"code":"PGRST102","details":null,"hint":null,"message":"Content-Type not acceptable: text/html"}"#);
    insta::assert_snapshot!(show(req("GET", "/t", "", &everything_wrong[2..])), @r#"400 {"code":"PGRST122","details":"Invalid preferences: x","hint":null,"message":"Invalid preferences given with handling=strict"}"#);
    insta::assert_snapshot!(show(req("GET", "/t", "", &everything_wrong[3..])), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: text/html"}"#);
}

#[test]
fn rpc_get_keeps_ambiguous_params() {
    let r = req(
        "GET",
        "/rpc/search",
        "term=cats&limit=5&rank=gt.0.5&select=id",
        &[],
    )
    .unwrap();
    insta::assert_snapshot!(serde_json::to_string(&r.query.rpc_params).unwrap(), @r#"[{"name":"term","value":"cats","filter":false},{"name":"rank","value":"gt.0.5","filter":true}]"#);
    insta::assert_snapshot!(serde_json::to_string(&r.query.filters).unwrap(), @r#"[{"value":{"field":{"name":"rank"},"operation":{"compare":{"op":"gt","value":"0.5"}}}}]"#);
    let post = req("POST", "/rpc/search", "term=eq.cats", &[]).unwrap();
    assert!(post.query.rpc_params.is_empty());
    insta::assert_snapshot!(show(req("POST", "/rpc/search", "term=cats", &[])), @r#"400 {"code":"PGRST100","details":"unexpected \"c\" expecting \"not\" or operator (eq, gt, ...)","hint":null,"message":"\"failed to parse filter (cats)\" (line 1, column 1)"}"#);
}
