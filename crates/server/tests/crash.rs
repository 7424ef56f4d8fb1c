//! Crash recovery: the server process is killed (SIGKILL) in the middle of
//! a deal and started again on the same SQLite file; the table comes back
//! from its event log with every acknowledged action, and the deal goes on.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use common::*;
use serde_json::json;

/// Not a test: the server process itself, when this test binary is run
/// again with `TRUMPF_CRASH_DB` set (so the test needs no other binary).
#[test]
fn server_process() {
    let Ok(db) = std::env::var("TRUMPF_CRASH_DB") else { return };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let config = trumpf_server::Config { bot_pause: std::time::Duration::ZERO, ..trumpf_server::Config::default() };
    runtime.block_on(trumpf_server::serve(([127, 0, 0, 1], 0).into(), &db, config)).unwrap();
}

fn start(db: &str) -> (Child, String) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "server_process", "--nocapture", "--test-threads", "1"])
        .env("TRUMPF_CRASH_DB", db)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    // The test harness prints its own lines first.
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let url = loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "the server printed no URL");
        if let Some(url) = line.split_whitespace().find(|w| w.starts_with("http://")) {
            break url.to_owned();
        }
    };
    let addr = url.trim_start_matches("http://").trim_end_matches('/').to_owned();
    (child, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_comes_back_with_every_acknowledged_action() {
    let db = temp_db("crash");
    let (mut server, addr) = start(&db);
    let seats = json!([{"kind": "me", "name": "Ann"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "heuristic"}]);
    // A seed whose deal is played (not thrown in) gives several actions.
    let made =
        create(&addr, json!({"game": "spitzer", "seats": [seats[0], seats[1], seats[2], seats[1]], "seed": 12})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    let token = made["token"].as_str().unwrap().to_owned();
    let mut ann = Client::join(&addr, &id, Some(&token), 0).await;
    let mut rng = Rng(5);
    let mut acked = Vec::new();
    while acked.len() < 4 {
        ann.until_turn_or_over().await;
        assert_ne!(ann.state["deal"]["over"], true, "the deal lasts beyond four of Ann's actions");
        let legal = ann.legal();
        let action = legal[rng.below(legal.len())]["action"].clone();
        let answer = ann.act(&action).await;
        assert_eq!(answer["t"], "ack");
        acked.push((answer["id"].as_u64().unwrap(), answer["v"].as_u64().unwrap()));
    }
    let (last_id, last_v) = *acked.last().unwrap();
    server.kill().unwrap(); // SIGKILL
    server.wait().unwrap();

    let (mut server, addr) = start(&db);
    let mut back = Client::join(&addr, &id, Some(&token), 0).await;
    assert_eq!(back.frames[0]["lastId"], json!(last_id), "the last acknowledged action is stored");
    assert!(back.state["v"].as_u64().unwrap() >= last_v, "every acknowledged event is back");
    assert_eq!(back.state["deal"]["number"], 1);
    // The deal goes on to its end.
    let mut rng = Rng(9);
    loop {
        back.until_turn_or_over().await;
        if back.state["deal"]["over"] == true {
            break;
        }
        let legal = back.legal();
        let action = legal[rng.below(legal.len())]["action"].clone();
        assert_eq!(back.act(&action).await["t"], "ack");
    }
    assert_eq!(back.state["sheet"]["deals"].as_array().unwrap().len(), 1);
    server.kill().unwrap();
    server.wait().unwrap();
}
