use super::*;

fn room() -> RoomKey {
    RoomKey {
        private: false,
        name: "room".into(),
    }
}

fn member(hub: &Hub) -> (ConnId, Outbox, mpsc::Receiver<Arc<Frame>>) {
    let (outbox, rx, _) = Outbox::new(8);
    let id = hub.connection_id();
    hub.join(&room(), id, Some("1".into()), outbox.clone());
    (id, outbox, rx)
}

fn payload(frame: &Frame) -> Value {
    frame.json().cloned().unwrap()
}

#[test]
fn broadcast_reaches_everyone_but_the_excluded_sender() {
    let hub = Hub::default();
    let (a, _, mut rx_a) = member(&hub);
    let (_, _, mut rx_b) = member(&hub);
    let sent = hub.broadcast(
        &room(),
        Frame::new("realtime:room", "broadcast", json!({"x": 1})),
        Some(a),
    );
    assert_eq!(sent, 1);
    assert!(rx_a.try_recv().is_err());
    assert_eq!(payload(&rx_b.try_recv().unwrap()), json!({"x": 1}));
}

#[test]
fn public_and_private_rooms_of_one_name_are_apart() {
    let hub = Hub::default();
    let (_, _, mut rx) = member(&hub);
    let private = RoomKey {
        private: true,
        name: "room".into(),
    };
    assert_eq!(
        hub.broadcast(
            &private,
            Frame::new("realtime:room", "broadcast", json!({})),
            None
        ),
        0
    );
    assert!(rx.try_recv().is_err());
}

#[test]
fn presence_joins_updates_and_leaves_as_diffs() {
    let hub = Hub::default();
    let (a, _, mut rx_a) = member(&hub);
    let (_, _, mut rx_b) = member(&hub);
    let meta = |v: i64| json!({ "v": v }).as_object().cloned().unwrap();
    assert_eq!(hub.track(&room(), a, "alice", meta(1)).0, Tracked::New);
    let joined = payload(&rx_b.try_recv().unwrap());
    assert_eq!(joined["joins"]["alice"]["metas"][0]["v"], 1);
    assert!(rx_a.try_recv().is_ok(), "the sender sees its own join");
    assert_eq!(
        hub.track(&room(), a, "alice", meta(1)).0,
        Tracked::Unchanged
    );
    assert!(rx_b.try_recv().is_err());
    assert_eq!(hub.track(&room(), a, "alice", meta(2)).0, Tracked::Updated);
    let updated = payload(&rx_b.try_recv().unwrap());
    assert_eq!(updated["joins"]["alice"]["metas"][0]["v"], 2);
    assert_eq!(updated["leaves"], json!({}));
    assert_eq!(
        updated["joins"]["alice"]["metas"][0]["phx_ref"],
        joined["joins"]["alice"]["metas"][0]["phx_ref"],
        "an update keeps the meta's ref"
    );
    let state = hub.presence_state(&room());
    assert_eq!(state["alice"]["metas"].as_array().unwrap().len(), 1);
    hub.leave(&room(), a);
    let left = payload(&rx_b.try_recv().unwrap());
    assert_eq!(left["leaves"]["alice"]["metas"][0]["v"], 2);
    assert_eq!(hub.presence_state(&room()), json!({}));
}

#[test]
fn a_full_queue_asks_its_socket_to_close() {
    let hub = Hub::default();
    let (outbox, _rx, overflow) = Outbox::new(1);
    hub.join(&room(), hub.connection_id(), None, outbox);
    hub.broadcast(
        &room(),
        Frame::new("realtime:room", "broadcast", json!({})),
        None,
    );
    hub.broadcast(
        &room(),
        Frame::new("realtime:room", "broadcast", json!({})),
        None,
    );
    let notified = overflow.notified();
    futures_util::pin_mut!(notified);
    // A stored permit makes the future ready at once.
    assert!(futures_util::FutureExt::now_or_never(notified).is_some());
}

#[test]
fn presence_of_other_processes_is_merged_and_passed_on() {
    let hub = Hub::default();
    let (a, _, mut rx) = member(&hub);
    hub.track(
        &room(),
        a,
        "here",
        json!({"v": 1}).as_object().cloned().unwrap(),
    );
    rx.try_recv().unwrap();
    hub.set_remote(
        &room(),
        vec![("there".into(), json!({"phx_ref": "r1", "v": 2}))],
    );
    let state = hub.presence_state(&room());
    assert_eq!(state["there"]["metas"][0]["phx_ref"], "r1");
    assert_eq!(state["here"]["metas"][0]["v"], 1);
    hub.apply_remote(
        &room(),
        &json!({"far": {"metas": [{"phx_ref": "r2", "v": 3}]}}),
        &json!({"there": {"metas": [{"phx_ref": "r1"}]}}),
    );
    let forwarded = payload(&rx.try_recv().unwrap());
    assert_eq!(forwarded["joins"]["far"]["metas"][0]["v"], 3);
    let state = hub.presence_state(&room());
    assert!(state.get("there").is_none());
    assert_eq!(state["far"]["metas"][0]["v"], 3);
    // A remote leave never removes a local socket's meta.
    hub.apply_remote(
        &room(),
        &json!({}),
        &json!({"here": {"metas": [{"phx_ref": state["here"]["metas"][0]["phx_ref"]}]}}),
    );
    assert!(hub.presence_state(&room()).get("here").is_some());
}
