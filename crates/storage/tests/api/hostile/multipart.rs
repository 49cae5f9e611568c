//! Multipart uploads: refused before the body when the caller may not write,
//! decided by the policies on metadata, and the fields before the file capped.

use super::*;

/// Reads one HTTP/1.1 response (head and a Content-Length body) from `rd`.
async fn read_response(rd: &mut tokio::net::tcp::OwnedReadHalf) -> (String, Value) {
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = rd.read(&mut buf).await.expect("a response");
        assert!(n > 0, "the connection closed without an answer");
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw).to_string();
        let Some(end) = text.find("\r\n\r\n") else {
            continue;
        };
        let length: usize = text[..end]
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().parse().unwrap())
            })
            .unwrap_or(0);
        if raw.len() >= end + 4 + length {
            let status = text.lines().next().unwrap().to_string();
            let body = serde_json::from_slice(&raw[end + 4..end + 4 + length]).unwrap();
            return (status, body);
        }
    }
}

/// An anonymous client with no right to upload starts a 64 MB multipart
/// upload of form fields: the 403 comes before the fields are read.
#[tokio::test]
async fn an_unauthorised_multipart_upload_is_refused_before_its_body_is_read() {
    let app = spawn_app().await;
    let filler = vec![b'x'; 1_000_000];
    let mut parts: Vec<(&str, Option<&str>, &[u8])> =
        vec![("padding", None, filler.as_slice()); 64];
    parts.push(("", Some("image/png"), b"png".as_slice()));
    let (content_type, body) = multipart_body(&parts);
    let total = body.len();

    let stream = tokio::net::TcpStream::connect(("127.0.0.1", app.port()))
        .await
        .unwrap();
    let (mut rd, mut wr) = stream.into_split();
    let head = format!(
        "POST /storage/v1/object/priv/flood.png HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\n\
         Content-Type: {content_type}\r\nContent-Length: {total}\r\n\r\n",
        app.anon_key
    );
    let sent = Arc::new(AtomicUsize::new(0));
    let writer = {
        let sent = sent.clone();
        tokio::spawn(async move {
            wr.write_all(head.as_bytes()).await?;
            for chunk in body.chunks(64 * 1024) {
                wr.write_all(chunk).await?;
                sent.fetch_add(chunk.len(), Ordering::SeqCst);
            }
            Ok::<_, std::io::Error>(())
        })
    };
    let (status, answer) = read_response(&mut rd).await;
    let sent_before_the_answer = sent.load(Ordering::SeqCst);
    writer.abort();
    assert!(status.starts_with("HTTP/1.1 400"), "{status}");
    assert_eq!(answer["statusCode"], "403", "{answer}");
    assert!(
        sent_before_the_answer < total / 4,
        "the server read {sent_before_the_answer} of {total} bytes before refusing"
    );
    assert_eq!(app.object_count().await, 0);
    app.still_serves().await;
}

/// A policy that reads the metadata (the type is only known from the
/// form's fields) still decides: the early check does not refuse for it.
#[tokio::test]
async fn a_policy_on_metadata_still_decides_multipart_uploads() {
    let app = spawn_app().await;
    sqlx::raw_sql(
        "create policy anon_priv_text on storage.objects for insert to anon
           with check (bucket_id = 'priv' and metadata->>'mimetype' = 'text/plain')",
    )
    .execute(&app.owner)
    .await
    .unwrap();
    let send = |part_type: &'static str| {
        let (content_type, body) = multipart_body(&[("", Some(part_type), b"x")]);
        app.client
            .post(app.url(&format!("/object/priv/{}", part_type.replace('/', "."))))
            .bearer_auth(&app.anon_key)
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    assert_eq!(send("text/plain").await.unwrap().status(), 200);
    let (_, refused) = error_of(send("image/png").await.unwrap()).await;
    assert_eq!(refused["statusCode"], "403");
    assert_eq!(names_in(&app, "priv").await, ["text.plain"]);
}

#[tokio::test]
async fn the_fields_before_the_file_part_are_capped() {
    let app = spawn_app().await;
    let user = key("anon", json!({}));
    let chunk = vec![b'x'; 600_000];
    let upload = |parts: Vec<(&'static str, Option<&'static str>, Vec<u8>)>| {
        let borrowed: Vec<(&str, Option<&str>, &[u8])> = parts
            .iter()
            .map(|(n, t, v)| (*n, *t, v.as_slice()))
            .collect();
        let (content_type, body) = multipart_body(&borrowed);
        app.client
            .post(app.url("/object/pub/fields.txt"))
            .bearer_auth(&user)
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    // Each within its own limit (1 MB of metadata), over the total: refused
    // before the file.
    let res = upload(vec![
        ("metadata", None, chunk.clone()),
        ("metadata", None, chunk.clone()),
        ("", Some("text/plain"), b"x".to_vec()),
    ])
    .await
    .unwrap();
    let (status, answer) = error_of(res).await;
    assert_eq!(
        (status, answer["statusCode"].as_str()),
        (400, Some("400")),
        "{answer}"
    );
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("fields before the file"),
        "{answer}"
    );
    // A field Pleat does not read is small or refused.
    let res = upload(vec![
        ("padding", None, chunk.clone()),
        ("", Some("text/plain"), b"x".to_vec()),
    ])
    .await
    .unwrap();
    let (_, answer) = error_of(res).await;
    assert!(
        answer["message"].as_str().unwrap().contains("`padding`"),
        "{answer}"
    );

    // More fields than storage-js ever sends.
    let mut many: Vec<(&str, Option<&str>, &[u8])> = vec![("f", None, b"1".as_slice()); 11];
    many.push(("", Some("text/plain"), b"x"));
    let (content_type, body) = multipart_body(&many);
    let res = send_body(
        &app,
        Method::POST,
        "/object/pub/many.txt",
        &user,
        content_type,
        body,
    )
    .await;
    assert_eq!(error_of(res).await.1["statusCode"], "400");
    assert_eq!(app.object_count().await, 0);

    // storage-js's own form (cacheControl, metadata, the file) still works.
    let (content_type, body) = multipart_body(&[
        ("cacheControl", None, b"3600"),
        ("metadata", None, br#"{"a":1}"#),
        ("", Some("text/plain"), b"x"),
    ]);
    let res = send_body(
        &app,
        Method::POST,
        "/object/pub/ok.txt",
        &user,
        content_type,
        body,
    )
    .await;
    assert_eq!(res.status(), 200);
    app.still_serves().await;
}
