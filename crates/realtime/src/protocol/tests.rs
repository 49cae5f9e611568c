use super::*;

#[test]
fn v2_frames_are_arrays_both_ways() {
    let frame = decode_text(
        Vsn::V2,
        r#"["3","4","realtime:room","phx_join",{"config":{}}]"#,
    )
    .unwrap();
    assert_eq!(frame.join_ref.as_deref(), Some("3"));
    assert_eq!(frame.reference.as_deref(), Some("4"));
    assert_eq!(frame.topic, "realtime:room");
    assert_eq!(frame.event, "phx_join");
    let reply = Frame::reply(&frame, "ok", json!({}));
    assert_eq!(
        encode(Vsn::V2, &reply),
        Some(Encoded::Text(
            r#"["3","4","realtime:room","phx_reply",{"response":{},"status":"ok"}]"#.into()
        ))
    );
}

#[test]
fn v1_frames_are_objects_and_answers_carry_no_join_ref() {
    let frame = decode_text(
        Vsn::V1,
        r#"{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"7","join_ref":null}"#,
    )
    .unwrap();
    assert_eq!(frame.reference.as_deref(), Some("7"));
    let Some(Encoded::Text(text)) = encode(Vsn::V1, &Frame::reply(&frame, "ok", json!({}))) else {
        panic!("text expected")
    };
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["ref"], "7");
    assert!(value.get("join_ref").is_none());
}

#[test]
fn malformed_text_is_refused_not_guessed() {
    assert!(decode_text(Vsn::V2, "not json").is_err());
    assert!(decode_text(Vsn::V2, r#"["1","2","t","e"]"#).is_err());
    assert!(decode_text(Vsn::V2, r#"["1","2",3,"e",{}]"#).is_err());
    assert!(decode_text(Vsn::V1, r#"["1","2","t","e",{}]"#).is_err());
    assert!(decode_text(Vsn::V2, r#"[{},"2","t","e",{}]"#).is_err());
}

fn push(
    join_ref: &str,
    reference: &str,
    topic: &str,
    event: &str,
    enc: u8,
    body: &[u8],
) -> Vec<u8> {
    let mut out = vec![
        3,
        join_ref.len() as u8,
        reference.len() as u8,
        topic.len() as u8,
        event.len() as u8,
        0,
        enc,
    ];
    for part in [join_ref, reference, topic, event] {
        out.extend_from_slice(part.as_bytes());
    }
    out.extend_from_slice(body);
    out
}

#[test]
fn binary_json_broadcast_becomes_a_broadcast_push() {
    let frame =
        decode_binary(&push("1", "5", "realtime:room", "cursor", 1, br#"{"x":1}"#)).unwrap();
    assert_eq!(frame.event, "broadcast");
    assert_eq!(frame.reference.as_deref(), Some("5"));
    assert_eq!(
        frame.json(),
        Some(&json!({"type": "broadcast", "event": "cursor", "payload": {"x": 1}}))
    );
}

#[test]
fn binary_raw_broadcast_goes_out_as_kind_4() {
    let frame = decode_binary(&push("1", "5", "realtime:room", "blob", 0, &[0, 159, 255])).unwrap();
    let out = Frame {
        join_ref: None,
        reference: None,
        ..frame
    };
    let Some(Encoded::Binary(bytes)) = encode(Vsn::V2, &out) else {
        panic!("binary expected")
    };
    let mut expected = vec![4, 13, 4, 0, 0];
    expected.extend_from_slice(b"realtime:roomblob");
    expected.extend_from_slice(&[0, 159, 255]);
    assert_eq!(bytes.as_ref(), expected.as_slice());
    assert_eq!(encode(Vsn::V1, &out), None);
}

#[test]
fn truncated_or_foreign_binary_is_refused() {
    let whole = push("1", "5", "realtime:room", "cursor", 1, b"{}");
    for cut in 0..whole.len() - 2 {
        assert!(decode_binary(&whole[..cut]).is_err(), "cut at {cut}");
    }
    assert!(decode_binary(&[0, 1, 2]).is_err());
    assert!(decode_binary(&push("1", "5", "t", "e", 1, b"not json")).is_err());
    assert!(decode_binary(&push("1", "5", "t", "e", 9, b"{}")).is_err());
}

#[test]
fn vsn_defaults_to_1_and_refuses_others() {
    assert_eq!(Vsn::parse(None), Some(Vsn::V1));
    assert_eq!(Vsn::parse(Some("2.0.0")), Some(Vsn::V2));
    assert_eq!(Vsn::parse(Some("3.0.0")), None);
}
