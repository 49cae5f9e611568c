//! A `Range` at the edge of the integers.

use super::*;

#[tokio::test]
async fn a_range_ending_at_u64_max_is_the_whole_object_as_206() {
    let app = spawn_app().await;
    app.put_object("pub/r.txt", b"0123456789", "text/plain")
        .await;
    let url = app.url("/object/public/pub/r.txt");
    let get = |range: &'static str| app.client.get(&url).header("range", range).send();
    for range in [
        "bytes=0-18446744073709551615",
        "bytes=0-99999999999999999999999",
        "bytes=-18446744073709551615",
    ] {
        let res = get(range)
            .await
            .expect("an answer, not a dropped connection");
        assert_eq!(res.status(), 206, "{range}");
        assert_eq!(res.headers()["content-range"], "bytes 0-9/10", "{range}");
        assert_eq!(res.text().await.unwrap(), "0123456789");
    }
    let res = get("bytes=4-18446744073709551615").await.unwrap();
    assert_eq!(res.headers()["content-range"], "bytes 4-9/10");
    for range in [
        "bytes=18446744073709551615-",
        "bytes=99999999999999999999999-",
    ] {
        let res = get(range)
            .await
            .expect("an answer, not a dropped connection");
        assert_eq!(res.status(), 416, "{range}");
    }
    app.still_serves().await;
}
