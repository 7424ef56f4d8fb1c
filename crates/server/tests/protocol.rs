//! The protocol on a real socket: whole deals of the three games with a
//! person and bots (and a spectator), the check that no frame names a card
//! its seat cannot know, two people at one table, reconnects, the grace
//! period, and bad messages that change nothing.

mod common;

use common::*;
use serde_json::{Value, json};
use trumpf_core::Seat;
use trumpf_core::skat::SkatGame;
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_table::{Numbered, Table};

fn seats(me: usize, n: usize) -> Vec<Value> {
    (0..n)
        .map(
            |i| {
                if i == me {
                    json!({"kind": "me", "name": "Ann"})
                } else {
                    json!({"kind": "bot", "level": "heuristic"})
                }
            },
        )
        .collect()
}

/// Plays legal actions chosen at random for `client` until the deal is over.
async fn play_out(client: &mut Client, rng: &mut Rng) -> usize {
    let mut actions = 0;
    loop {
        client.until_turn_or_over().await;
        if client.state["deal"]["over"] == true {
            return actions;
        }
        let legal = client.legal();
        let action = legal[rng.below(legal.len())]["action"].clone();
        let answer = client.act(&action).await;
        assert_eq!(answer["t"], "ack", "a legal action is acknowledged: {answer}");
        actions += 1;
    }
}

async fn whole_deal<G: Hidden>(game: &str, preset: &str, members: usize, seed: u64) {
    let db = temp_db(&format!("deal-{game}-{preset}"));
    let (addr, shared) = server(&db, fast()).await;
    let made = create(&addr, json!({"game": game, "preset": preset, "seats": seats(0, members), "seed": seed})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    let mut watcher = Client::join(&addr, &id, None, 0).await;
    let mut ann = Client::join(&addr, &id, made["token"].as_str(), 0).await;
    let seat = Seat::new(ann.state["seat"].as_u64().unwrap() as usize).unwrap();
    let mut rng = Rng(seed | 1);
    let acted = play_out(&mut ann, &mut rng).await;
    assert!(acted > 0, "the person acted");
    let state = ann.state.clone();
    assert!(state["itemised"].as_array().is_some_and(|rows| !rows.is_empty()), "the result is itemised");
    assert_eq!(state["sheet"]["deals"].as_array().unwrap().len(), 1);
    assert_eq!(state["canNext"], true);

    // The sheet agrees with the stored log replayed by the table itself.
    let rows = shared.store().events(&id).await.unwrap();
    let log: Vec<Numbered<G>> = rows.iter().map(|r| G::event_from(&r.body).unwrap()).collect();
    let table = Table::<G>::restore(&log).unwrap();
    assert!(table.deal_over());
    let totals: Vec<i64> = table.record().totals()[..members].to_vec();
    assert_eq!(state["sheet"]["totals"], json!(totals));
    assert_eq!(state["v"], json!(table.version()));

    // The watcher saw the same table, and no frame leaked a card.
    while watcher.state["v"] != state["v"] {
        watcher.recv().await;
    }
    assert_eq!(watcher.state["you"], Value::Null);
    assert!(watcher.state["hand"].as_array().unwrap().is_empty());
    check_no_leak::<G>(&shared, &id, |_| Some(seat), &ann.frames).await;
    check_no_leak::<G>(&shared, &id, |_| None, &watcher.frames).await;

    // The finished deal downloads as a record.
    let (status, text) = http(&addr, "GET", &format!("/api/tables/{id}/record?format=trumpf"), None).await;
    assert_eq!(status, 200);
    assert!(text.contains("rules"), "{text}");
    if game == "skat" {
        let (status, text) = http(&addr, "GET", &format!("/api/tables/{id}/record?format=iss"), None).await;
        assert_eq!(status, 200);
        if preset == "xskat" {
            // ISS cannot express a suit or grand game under the Spitze rule:
            // then the trumpf record comes instead.
            assert!(text.contains("GM[Skat]") || text.contains("spitze=on"), "{text}");
        } else {
            assert!(text.contains("GM[Skat]"), "{text}");
        }
    }
    // Ann's history lists the table.
    let (_, history) = http(&addr, "GET", "/api/players/Ann", None).await;
    assert!(history.contains(&id));

    // The next deal follows.
    ann.send(json!({"t": "next"})).await;
    loop {
        ann.recv().await;
        if ann.state["deal"]["number"] == 2 {
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_skat_deal_leaks_nothing() {
    for seed in [3, 11, 12, 13] {
        whole_deal::<SkatGame>("skat", "", 3, seed).await;
    }
}

/// XSkat's table: Spitze, gifts and knocking as buttons, the Spitze card
/// public once announced, nothing else hidden shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_xskat_deal_leaks_nothing() {
    for seed in [3, 5, 8, 21] {
        whole_deal::<SkatGame>("skat", "xskat", 3, seed).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_spitzer_deal_leaks_nothing() {
    for seed in [5, 8] {
        whole_deal::<SpitzerGame>("spitzer", "", 4, seed).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_spidge_deal_leaks_nothing() {
    for seed in [2, 9] {
        whole_deal::<SpidgeGame>("spidge", "", 3, seed).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_at_one_table() {
    let db = temp_db("two");
    let (addr, shared) = server(&db, fast()).await;
    let seats = json!([{"kind": "me", "name": "Ann"}, {"kind": "person"}, {"kind": "bot", "level": "heuristic"}]);
    let made = create(&addr, json!({"game": "skat", "seats": seats, "seed": 21})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    let invite = made["invites"][0]["token"].as_str().unwrap().to_owned();
    let mut ann = Client::join(&addr, &id, made["token"].as_str(), 0).await;
    let mut bob = Client::join(&addr, &id, Some(&invite), 0).await;
    assert_eq!(bob.state["members"][1]["kind"], "person");
    assert_eq!(bob.state["members"][1]["name"], "Tester");
    let mut rng = Rng(77);
    while ann.state["deal"]["over"] != true || bob.state["deal"]["over"] != true {
        let mover = if !ann.legal().is_empty() {
            &mut ann
        } else if !bob.legal().is_empty() {
            &mut bob
        } else {
            // A bot is thinking, or a state is on its way.
            tokio::select! {
                _ = ann.recv() => {}
                _ = bob.recv() => {}
            }
            continue;
        };
        let legal = mover.legal();
        let action = legal[rng.below(legal.len())]["action"].clone();
        let answer = mover.act(&action).await;
        assert_eq!(answer["t"], "ack", "{answer}");
    }
    let seat_a = Seat::new(ann.state["seat"].as_u64().unwrap() as usize).unwrap();
    let seat_b = Seat::new(bob.state["seat"].as_u64().unwrap() as usize).unwrap();
    check_no_leak::<SkatGame>(&shared, &id, |_| Some(seat_a), &ann.frames).await;
    check_no_leak::<SkatGame>(&shared, &id, |_| Some(seat_b), &bob.frames).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_resumes_the_seat_and_a_resent_action_counts_once() {
    let db = temp_db("reconnect");
    let (addr, _shared) = server(&db, fast()).await;
    let made = create(&addr, json!({"game": "spitzer", "seats": seats(0, 4), "seed": 4})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    let token = made["token"].as_str().unwrap().to_owned();
    let mut ann = Client::join(&addr, &id, Some(&token), 0).await;
    ann.until_turn_or_over().await;
    let action = ann.legal()[0]["action"].clone();
    let ticket = ann.state["ticket"].clone();
    let id1 = ann.next_id;
    assert_eq!(ann.act(&action).await["t"], "ack");
    let seen = ann.state["v"].as_u64().unwrap();
    ann.close().await;

    // Back with the last version seen: the missed events, then the state.
    let mut back = Client::join(&addr, &id, Some(&token), seen).await;
    assert_eq!(back.frames[0]["lastId"], json!(id1), "the welcome says the last id stored");
    let state = back.state.clone();
    assert_eq!(state["fresh"], false);
    let events = state["events"].as_array().unwrap();
    let v = state["v"].as_u64().unwrap();
    assert_eq!(events.len() as u64, v - seen, "exactly the events after {seen}");
    if let Some(first) = events.first() {
        assert_eq!(first["n"], json!(seen + 1));
    }
    // The same action resent with its id is acknowledged and ignored.
    back.send(json!({"t": "act", "id": id1, "action": action, "ticket": ticket})).await;
    let ack = back.recv_kind("ack").await;
    assert_eq!(ack["duplicate"], true);
    back.send(json!({"t": "ping"})).await;
    let pong = back.recv_kind("pong").await;
    assert_eq!(pong["v"], back.state["v"], "the duplicate changed nothing");
    // A fresh join (seen 0) gets a fresh state and no events.
    let fresh = Client::join(&addr, &id, Some(&token), 0).await;
    assert_eq!(fresh.state["fresh"], true);
    assert!(fresh.state["events"].as_array().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_gone_past_the_grace_period_is_played_by_a_bot_until_back() {
    let db = temp_db("grace");
    let (addr, _shared) = server(&db, fast()).await;
    let made = create(&addr, json!({"game": "spidge", "seats": seats(0, 3), "seed": 6})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    let token = made["token"].as_str().unwrap().to_owned();
    let ann = Client::join(&addr, &id, Some(&token), 0).await;
    ann.close().await;
    let mut watcher = Client::join(&addr, &id, None, 0).await;
    // The stand-in plays the whole deal.
    loop {
        if watcher.state["deal"]["over"] == true {
            break;
        }
        watcher.recv().await;
    }
    assert_eq!(watcher.state["members"][0]["kind"], "bot");
    assert_eq!(watcher.state["members"][0]["away"], true);
    let back = Client::join(&addr, &id, Some(&token), 0).await;
    assert_eq!(back.state["members"][0]["kind"], "person");
    assert_eq!(back.state["members"][0]["name"], "Ann");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_an_error_frame_and_change_nothing() {
    let db = temp_db("bad");
    let (addr, _shared) = server(&db, fast()).await;
    let seats = json!([{"kind": "me", "name": "Ann"}, {"kind": "person"}, {"kind": "bot", "level": "random"}]);
    let made = create(&addr, json!({"game": "skat", "seats": seats, "seed": 1})).await;
    let id = made["id"].as_str().unwrap().to_owned();

    // Before hello.
    let mut raw = Client::raw(&addr).await;
    raw.send(json!({"t": "act", "id": 1, "action": "Pass"})).await;
    assert_eq!(raw.recv().await["code"], "hello");
    raw.send(json!({"t": "hello", "table": "nope"})).await;
    assert_eq!(raw.recv().await["code"], "no_table");
    raw.send(json!({"t": "hello", "table": id, "token": "0123"})).await;
    assert_eq!(raw.recv().await["code"], "bad_token");

    let mut ann = Client::join(&addr, &id, made["token"].as_str(), 0).await;
    let mut bob = Client::join(&addr, &id, made["invites"][0]["token"].as_str(), 0).await;
    let mut watcher = Client::join(&addr, &id, None, 0).await;
    let v = watcher.state["v"].clone();
    // Who is to act: at seed 1, find the person to act and the other.
    let (mover, other) = if !ann.legal().is_empty() { (&mut ann, &mut bob) } else { (&mut bob, &mut ann) };
    assert!(!mover.legal().is_empty(), "a person is to act first at this seed");
    let legal_action = mover.legal()[0]["action"].clone();

    let cases: Vec<(&str, String)> = vec![
        ("malformed", "{not json".to_owned()),
        ("malformed", "[1,2]".to_owned()),
        ("unknown", json!({"t": "teleport"}).to_string()),
        ("malformed", json!({"t": "act", "id": "x"}).to_string()),
        ("hello", json!({"t": "hello", "table": id}).to_string()),
        ("bad_action", json!({"t": "act", "id": 900, "action": {"Fly": 1}}).to_string()),
        ("illegal", json!({"t": "act", "id": 901, "action": {"Play": "CJ"}}).to_string()),
        ("stale", json!({"t": "act", "id": 902, "action": legal_action, "ticket": {"deal": 1, "ply": 99}}).to_string()),
        ("too_large", json!({"t": "chat", "text": "x".repeat(20_000)}).to_string()),
    ];
    for (code, text) in &cases {
        mover.send_text(text).await;
        let frame = mover.next_error().await;
        if *code == "too_large" {
            // The socket refuses an oversized frame: closed or an error frame.
            break;
        }
        assert_eq!(frame["code"], *code, "{text} -> {frame}");
        assert!(frame["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // Out of turn and a spectator's action.
    let answer = other.act(&legal_action).await;
    assert_eq!(answer["code"], "not_your_turn", "{answer}");
    let answer = watcher.act(&legal_action).await;
    assert_eq!(answer["code"], "spectator");
    // Nothing changed.
    other.send(json!({"t": "ping"})).await;
    assert_eq!(other.recv_kind("pong").await["v"], v);
    // Binary frames are refused too.
    watcher.send_binary().await;
    assert_eq!(watcher.recv().await["code"], "malformed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_messages_at_once_are_rate_limited() {
    let db = temp_db("rate");
    let (addr, _shared) = server(&db, fast()).await;
    let made = create(&addr, json!({"game": "spidge", "seats": seats(0, 3), "seed": 6})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    let mut watcher = Client::join(&addr, &id, None, 0).await;
    for _ in 0..80 {
        watcher.send(json!({"t": "ping"})).await;
    }
    let mut limited = false;
    for _ in 0..80 {
        let frame = watcher.recv().await;
        if frame["code"] == "rate_limited" {
            limited = true;
            break;
        }
    }
    assert!(limited, "a burst of 80 is cut short");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_open_tables_and_hands_out_their_seats() {
    let db = temp_db("lobby");
    let (addr, _shared) = server(&db, fast()).await;
    let seats = json!([{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "medium"}]);
    let made = create(&addr, json!({"game": "spitzer", "seats": seats})).await;
    let id = made["id"].as_str().unwrap();
    let (_, lobby) = http(&addr, "GET", "/api/tables", None).await;
    let lobby: Value = serde_json::from_str(&lobby).unwrap();
    let entry = lobby["tables"].as_array().unwrap().iter().find(|t| t["id"] == id).unwrap().clone();
    assert_eq!(entry["open"], 2);
    let (status, first) = http(&addr, "POST", &format!("/api/tables/{id}/seat"), Some(&json!({"name": "Cy"}))).await;
    assert_eq!(status, 200);
    let (_, second) = http(&addr, "POST", &format!("/api/tables/{id}/seat"), Some(&json!({"name": "Di"}))).await;
    assert_ne!(first, second);
    let (status, _) = http(&addr, "POST", &format!("/api/tables/{id}/seat"), Some(&json!({"name": "Ed"}))).await;
    assert_eq!(status, 409, "no third free seat");
    let (status, _) = http(&addr, "POST", "/api/tables", Some(&json!({"game": "chess", "seats": []}))).await;
    assert_eq!(status, 400);
    let (status, _) =
        http(&addr, "POST", "/api/tables", Some(&json!({"game": "skat", "seats": [{"kind": "me", "name": "x"}]})))
            .await;
    assert_eq!(status, 400, "three seats are needed");
    let (status, page) = http(&addr, "GET", "/", None).await;
    assert_eq!(status, 200);
    assert!(page.contains("<html") || page.contains("<!doctype"));
}
