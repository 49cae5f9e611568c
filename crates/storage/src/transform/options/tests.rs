use super::*;
use serde_json::json;

fn q(s: &str) -> Result<TransformOptions, StorageError> {
    TransformOptions::from_query(&crate::serve::url_pairs(s))
}

#[test]
fn sizes_are_clamped_to_supabase_limits() {
    let o = q("width=5000&height=0").unwrap();
    assert_eq!(o.width, Some(2000));
    assert_eq!(o.height, None);
    assert_eq!(q("width=1").unwrap().width, Some(1));
    assert_eq!(q("width=").unwrap().width, None);
    assert_eq!(
        q("width=-3").unwrap_err().message,
        "querystring/width must be >= 0"
    );
    assert_eq!(
        q("height=1.5").unwrap_err().message,
        "querystring/height must be integer"
    );
    assert_eq!(
        q("width=abc").unwrap_err().message,
        "querystring/width must be integer"
    );
}

#[test]
fn quality_resize_and_format_are_validated() {
    assert_eq!(
        q("quality=19").unwrap_err().message,
        "querystring/quality must be >= 20"
    );
    assert_eq!(
        q("quality=101").unwrap_err().message,
        "querystring/quality must be <= 100"
    );
    assert_eq!(q("quality=20").unwrap().quality(), 20);
    assert_eq!(q("").unwrap().quality(), 80);
    assert_eq!(q("").unwrap().resize, Resize::Cover);
    assert_eq!(q("resize=contain").unwrap().resize, Resize::Contain);
    assert_eq!(
        q("resize=stretch").unwrap_err().message,
        "querystring/resize must be equal to one of the allowed values"
    );
    assert_eq!(
        q("format=png").unwrap_err().message,
        "querystring/format must be equal to one of the allowed values"
    );
    assert_eq!(q("format=origin").unwrap().format, Some(Format::Origin));
    assert_eq!(
        q("token=abc&download=x").unwrap(),
        TransformOptions::default()
    );
}

#[test]
fn webp_is_chosen_by_format_or_accept() {
    let none = q("width=10").unwrap();
    assert!(none.webp_output(Some("image/avif,image/webp,*/*;q=0.8")));
    assert!(!none.webp_output(Some("image/png,*/*")));
    assert!(!none.webp_output(None));
    assert!(!q("format=origin").unwrap().webp_output(Some("image/webp")));
    assert!(q("format=webp").unwrap().webp_output(None));
    assert!(q("format=avif").unwrap().webp_output(None));
}

#[test]
fn claims_round_trip_and_headers_use_imgproxy_names() {
    let o = TransformOptions::from_json(
        &json!({"width": 200, "height": 100, "resize": "contain", "quality": 60, "format": "webp"}),
    )
    .unwrap();
    assert_eq!(
        o.to_claim(),
        "height:100,width:200,resize:contain,quality:60,format:webp"
    );
    assert_eq!(TransformOptions::from_claim(&o.to_claim()), o);
    assert_eq!(
        o.header(),
        "height:100,width:200,resizing_type:fit,quality:60,format:webp"
    );
    // A Supabase token without a resize reads as cover.
    let s = TransformOptions::from_claim("width:300,resize:undefined");
    assert_eq!((s.width, s.resize), (Some(300), Resize::Cover));
    assert_eq!(TransformOptions::from_claim("").to_claim(), "");
    assert_eq!(
        TransformOptions::from_json(&json!({"quality": 5}))
            .unwrap_err()
            .message,
        "body/transform/quality must be >= 20"
    );
}
