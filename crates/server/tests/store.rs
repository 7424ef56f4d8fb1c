//! The store's tests, run against SQLite and against a real PostgreSQL
//! (`TRUMPF_TEST_POSTGRES=postgres://...`, which `.ci/run` starts): the
//! log of a table as stored rebuilds it with every acknowledged action; a
//! number is never stored twice; a table owned by a live process is not
//! taken by another, and one whose owner stopped is restored and plays on.

mod common;

use common::*;
use serde_json::json;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_server::{EventRow, ServerGame, Shared};
use trumpf_table::{Numbered, Table};

async fn suite(db: &str) {
    let (addr, a) = server(db, fast()).await;
    let seats = json!([{"kind": "me", "name": "Store Tester"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "heuristic"}]);
    let made = create(&addr, json!({"game": "spitzer", "seats": seats, "seed": 31})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    let token = made["token"].as_str().unwrap().to_owned();
    let mut ann = Client::join(&addr, &id, Some(&token), 0).await;
    let mut rng = Rng(3);
    let mut last = (0, 0);
    for _ in 0..3 {
        ann.until_turn_or_over().await;
        let legal = ann.legal();
        let answer = ann.act(&legal[rng.below(legal.len())]["action"]).await;
        assert_eq!(answer["t"], "ack");
        last = (answer["id"].as_u64().unwrap(), answer["v"].as_u64().unwrap());
    }
    // The stored log rebuilds the table with every acknowledged action.
    let rows = a.store().events(&id).await.unwrap();
    let log: Vec<Numbered<SpitzerGame>> = rows.iter().map(|r| SpitzerGame::event_from(&r.body).unwrap()).collect();
    let table = Table::<SpitzerGame>::restore(&log).unwrap();
    assert!(table.version() >= last.1);
    assert_eq!(a.store().client_ids(&id, 0).await.unwrap(), vec![1, 2, 3]);
    assert_eq!(last.0, 3);
    // Event 1 cannot be stored twice.
    let again = EventRow { number: 1, member: None, client_id: None, body: rows[0].body.clone() };
    assert!(a.store().append(&id, vec![again]).await.is_err(), "a number is stored once");
    // The history names the table.
    let history = a.store().history("Store Tester").await.unwrap();
    assert!(history.iter().any(|t| t.id == id && t.game == "spitzer" && !t.finished));

    if a.store().is_postgres() {
        // A second process leaves a live process's table alone...
        let b = Shared::start(db, fast()).await.unwrap();
        let (status, _) = http(&addr, "GET", &format!("/api/tables/{id}"), None).await;
        assert_eq!(status, 200);
        assert!(b.store().claim_unfinished("another", 30).await.unwrap().iter().all(|t| t.id != id));
        // ...and takes it once its owner has stopped beating.
        sqlx::query("UPDATE tables SET heartbeat = 0 WHERE id = $1").bind(&id).execute(b.store().pool()).await.unwrap();
        let (addr_c, _c) = server(db, fast()).await;
        let mut back = Client::join(&addr_c, &id, Some(&token), 0).await;
        assert_eq!(back.frames[0]["lastId"], json!(3));
        loop {
            back.until_turn_or_over().await;
            if back.state["deal"]["over"] == true {
                break;
            }
            let legal = back.legal();
            assert_eq!(back.act(&legal[rng.below(legal.len())]["action"]).await["t"], "ack");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sqlite_store_keeps_every_acknowledged_action() {
    suite(&temp_db("store")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgres_store_keeps_every_acknowledged_action() {
    let Ok(url) = std::env::var("TRUMPF_TEST_POSTGRES") else {
        eprintln!(
            "skipped: set TRUMPF_TEST_POSTGRES=postgres://... to run the store tests against PostgreSQL (.ci/run does)"
        );
        return;
    };
    suite(&url).await;
}
