use super::*;

fn sel(input: &str) -> String {
    let source = format!("failed to parse select parameter ({input})");
    match Cursor::run(&source, input, forest) {
        Ok(items) => serde_json::to_string(&items).unwrap(),
        Err(e) => format!("{} | {}", e.message, e.details),
    }
}

#[test]
fn columns_aliases_casts() {
    insta::assert_snapshot!(sel("*"), @r#"["star"]"#);
    insta::assert_snapshot!(sel("id,name"), @r#"[{"field":{"field":{"name":"id"}}},{"field":{"field":{"name":"name"}}}]"#);
    insta::assert_snapshot!(sel(" id , name "), @r#"[{"field":{"field":{"name":"id"}}},{"field":{"field":{"name":"name"}}}]"#);
    insta::assert_snapshot!(sel("alias:name"), @r#"[{"field":{"field":{"name":"name"},"alias":"alias"}}]"#);
    insta::assert_snapshot!(sel("name::text"), @r#"[{"field":{"field":{"name":"name"},"cast":"text"}}]"#);
    insta::assert_snapshot!(sel("alias:name::character varying"), @r#"[{"field":{"field":{"name":"name"},"alias":"alias","cast":"character varying"}}]"#);
    insta::assert_snapshot!(sel(r#""my col","a:b":x"#), @r#"[{"field":{"field":{"name":"my col"}}},{"field":{"field":{"name":"x"},"alias":"a:b"}}]"#);
    insta::assert_snapshot!(sel(r#""*""#), @r#"["star"]"#);
    insta::assert_snapshot!(sel(""), @"[]");
}

#[test]
fn json_paths() {
    insta::assert_snapshot!(sel("data->a->>b"), @r#"[{"field":{"field":{"name":"data","json_path":[{"arrow":"json","operand":{"key":"a"}},{"arrow":"text","operand":{"key":"b"}}]}}}]"#);
    insta::assert_snapshot!(sel("data->0->>name,x:data->>-1::int"), @r#"[{"field":{"field":{"name":"data","json_path":[{"arrow":"json","operand":{"index":0}},{"arrow":"text","operand":{"key":"name"}}]}}},{"field":{"field":{"name":"data","json_path":[{"arrow":"text","operand":{"index":-1}}]},"alias":"x","cast":"int"}}]"#);
    insta::assert_snapshot!(sel("data->>-78xy"), @r#""failed to parse select parameter (data->>-78xy)" (line 1, column 11) | unexpected 'x' expecting digit, "->", "::", ".", "," or end of input"#);
}

#[test]
fn aggregates() {
    insta::assert_snapshot!(sel("count()"), @r#"[{"count":{}}]"#);
    insta::assert_snapshot!(sel("total:count()::int"), @r#"[{"count":{"alias":"total","cast":"int"}}]"#);
    insta::assert_snapshot!(sel("amount.sum(),amount::int.avg()::text,id.max(),id.min(),id.count()"), @r#"[{"field":{"field":{"name":"amount"},"aggregate":{"function":"sum"}}},{"field":{"field":{"name":"amount"},"cast":"int","aggregate":{"function":"avg","cast":"text"}}},{"field":{"field":{"name":"id"},"aggregate":{"function":"max"}}},{"field":{"field":{"name":"id"},"aggregate":{"function":"min"}}},{"field":{"field":{"name":"id"},"aggregate":{"function":"count"}}}]"#);
}

#[test]
fn embeds() {
    insta::assert_snapshot!(sel("id,clients(id,name)"), @r#"[{"field":{"field":{"name":"id"}}},{"relation":{"name":"clients","embed":{},"children":[{"field":{"field":{"name":"id"}}},{"field":{"field":{"name":"name"}}}]}}]"#);
    insta::assert_snapshot!(sel("c:clients(*)"), @r#"[{"relation":{"name":"clients","alias":"c","embed":{},"children":["star"]}}]"#);
    insta::assert_snapshot!(sel("clients!fk_client(*)"), @r#"[{"relation":{"name":"clients","embed":{"hint":"fk_client"},"children":["star"]}}]"#);
    insta::assert_snapshot!(sel("clients!inner(*),tasks!left(*)"), @r#"[{"relation":{"name":"clients","embed":{"join":"inner"},"children":["star"]}},{"relation":{"name":"tasks","embed":{"join":"left"},"children":["star"]}}]"#);
    insta::assert_snapshot!(sel("clients!hint!inner(*)"), @r#"[{"relation":{"name":"clients","embed":{"hint":"hint","join":"inner"},"children":["star"]}}]"#);
    insta::assert_snapshot!(sel("a:clients!inner!hint(*)"), @r#"[{"relation":{"name":"clients","alias":"a","embed":{"hint":"hint","join":"inner"},"children":["star"]}}]"#);
    insta::assert_snapshot!(sel("projects!inner()"), @r#"[{"relation":{"name":"projects","embed":{"join":"inner"},"children":[]}}]"#);
    insta::assert_snapshot!(sel("...clients(name),other(*)"), @r#"[{"spread":{"name":"clients","embed":{},"children":[{"field":{"field":{"name":"name"}}}]}},{"relation":{"name":"other","embed":{},"children":["star"]}}]"#);
    insta::assert_snapshot!(sel("...clients!hint!inner(id)"), @r#"[{"spread":{"name":"clients","embed":{"hint":"hint","join":"inner"},"children":[{"field":{"field":{"name":"id"}}}]}}]"#);
    insta::assert_snapshot!(sel("count,count(*)"), @r#""failed to parse select parameter (count,count(*))" (line 1, column 12) | unexpected '(' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input"#);
}

#[test]
fn nested_embeds() {
    let input =
        "*, client:clients ( id, projects!inner( name, tasks ( ...users!assignee ( email )))), n";
    let items = Cursor::run("s", input, forest).unwrap();
    insta::assert_json_snapshot!(items, @r#"
        [
          "star",
          {
            "relation": {
              "name": "clients",
              "alias": "client",
              "embed": {},
              "children": [
                {
                  "field": {
                    "field": {
                      "name": "id"
                    }
                  }
                },
                {
                  "relation": {
                    "name": "projects",
                    "embed": {
                      "join": "inner"
                    },
                    "children": [
                      {
                        "field": {
                          "field": {
                            "name": "name"
                          }
                        }
                      },
                      {
                        "relation": {
                          "name": "tasks",
                          "embed": {},
                          "children": [
                            {
                              "spread": {
                                "name": "users",
                                "embed": {
                                  "hint": "assignee"
                                },
                                "children": [
                                  {
                                    "field": {
                                      "field": {
                                        "name": "email"
                                      }
                                    }
                                  }
                                ]
                              }
                            }
                          ]
                        }
                      }
                    ]
                  }
                }
              ]
            }
          },
          {
            "field": {
              "field": {
                "name": "n"
              }
            }
          }
        ]
    "#);
}

#[test]
fn trailing_input_is_ignored_like_postgrest() {
    insta::assert_snapshot!(sel("id)garbage"), @r#"[{"field":{"field":{"name":"id"}}}]"#);
    insta::assert_snapshot!(sel(",id"), @"[]");
    // Blanks after a closing parenthesis are read as the start of a separator.
    insta::assert_snapshot!(sel("clients(*) "), @r#""failed to parse select parameter (clients(*) )" (line 1, column 12) | unexpected end of input expecting ",""#);
}

#[test]
fn errors() {
    insta::assert_snapshot!(sel("id,clients(name[])"), @r#""failed to parse select parameter (id,clients(name[]))" (line 1, column 16) | unexpected '[' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input"#);
    insta::assert_snapshot!(sel("name!hint"), @r#""failed to parse select parameter (name!hint)" (line 1, column 5) | unexpected '!' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input"#);
    insta::assert_snapshot!(sel("*!hint"), @"[]");
    insta::assert_snapshot!(sel("name::"), @r#""failed to parse select parameter (name::)" (line 1, column 7) | unexpected end of input expecting letter or digit"#);
    insta::assert_snapshot!(sel("rel->jsonpath(*)"), @r#""failed to parse select parameter (rel->jsonpath(*))" (line 1, column 14) | unexpected '(' expecting "-", "->>", "->", "::", ".", ")", "," or end of input"#);
    insta::assert_snapshot!(sel("...rel->jsonpath(*)"), @"[]");
    insta::assert_snapshot!(sel("alias:...rel(*)"), @r#""failed to parse select parameter (alias:...rel(*))" (line 1, column 7) | unexpected "." expecting ":" or field name (* or [a..z0..9_$])"#);
    insta::assert_snapshot!(sel("id,"), @r#""failed to parse select parameter (id,)" (line 1, column 4) | unexpected end of input expecting "...", field name (* or [a..z0..9_$]), "*" or "count()""#);
    insta::assert_snapshot!(sel("clients(id"), @r#""failed to parse select parameter (clients(id)" (line 1, column 11) | unexpected end of input expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input"#);
    insta::assert_snapshot!(sel("id.foo()"), @r#""failed to parse select parameter (id.foo())" (line 1, column 4) | unexpected "f" expecting "sum", "avg", "count", "max" or "min""#);
}
