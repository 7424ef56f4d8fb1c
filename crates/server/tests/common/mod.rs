//! A server on a real socket (port 0), a WebSocket client, a plain HTTP
//! client, and the independent check of what a seat may know.
#![allow(dead_code)]

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};
use trumpf_core::skat::SkatGame;
use trumpf_core::spidge::{Hand, SpidgeGame};
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{Card, CardSet, Game, Seat};
use trumpf_server::{AppState, Config, ServerGame, Shared, app};
use trumpf_table::{BotKind, Table};

/// A fresh SQLite file under the target directory.
pub fn temp_db(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("server-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}-{}.db", std::process::id()));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
    }
    path.display().to_string()
}

pub fn fast() -> Config {
    Config { bot_pause: Duration::from_millis(0), grace: Duration::from_millis(300), standin: BotKind::Heuristic }
}

/// Serves a store on 127.0.0.1:0; returns the address and the state.
pub async fn server(db: &str, config: Config) -> (String, AppState) {
    let shared = Shared::start(db, config).await.expect("the store opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let router = app(shared.clone());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (addr, shared)
}

/// A plain HTTP/1.1 request; returns the status and the body.
pub async fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).to_string();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    (status, body)
}

pub async fn create(addr: &str, request: Value) -> Value {
    let (status, body) = http(addr, "POST", "/api/tables", Some(&request)).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every frame received, in order.
    pub frames: Vec<Value>,
    /// The last state.
    pub state: Value,
    pub next_id: u64,
}

impl Client {
    pub async fn raw(addr: &str) -> Client {
        let (ws, _) = connect_async(format!("ws://{addr}/ws")).await.expect("the socket opens");
        Client { ws, frames: Vec::new(), state: Value::Null, next_id: 1 }
    }

    /// Connects and says hello; waits for the first state.
    pub async fn join(addr: &str, table: &str, token: Option<&str>, seen: u64) -> Client {
        let mut client = Client::raw(addr).await;
        client.send(json!({"t": "hello", "table": table, "token": token, "seen": seen, "name": "Tester"})).await;
        let welcome = client.recv_kind("welcome").await;
        client.next_id = welcome["lastId"].as_u64().unwrap_or(0) + 1;
        client.recv_kind("state").await;
        client
    }

    pub async fn send(&mut self, value: Value) {
        self.ws.send(Message::Text(value.to_string().into())).await.unwrap();
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next frame (a state is also kept as `state`).
    pub async fn recv(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(60), self.ws.next())
                .await
                .expect("a frame within a minute")
                .expect("the socket is open")
                .expect("a frame");
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(text.as_str()).unwrap();
                if value["t"] == "state" {
                    self.state = value.clone();
                }
                self.frames.push(value.clone());
                return value;
            }
        }
    }

    /// The next error frame, or a stand-in one if the server closed the socket.
    pub async fn next_error(&mut self) -> Value {
        loop {
            match tokio::time::timeout(Duration::from_secs(10), self.ws.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => {
                    let frame: Value = serde_json::from_str(text.as_str()).unwrap();
                    if frame["t"] == "error" {
                        return frame;
                    }
                }
                Ok(Some(Ok(_))) => {}
                _ => return json!({"t": "error", "code": "closed"}),
            }
        }
    }

    pub async fn send_binary(&mut self) {
        self.ws.send(Message::Binary(vec![1, 2, 3].into())).await.unwrap();
    }

    pub async fn recv_kind(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.recv().await;
            if frame["t"] == kind {
                return frame;
            }
            assert_ne!(frame["t"], "error", "an error while waiting for {kind}: {frame}");
        }
    }

    /// Sends an action with the next id and the state's ticket; returns the
    /// answer (`ack` or `error`).
    pub async fn act(&mut self, action: &Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let ticket = self.state["ticket"].clone();
        self.send(json!({"t": "act", "id": id, "action": action, "ticket": ticket})).await;
        loop {
            let frame = self.recv().await;
            if (frame["t"] == "ack" || frame["t"] == "error") && frame["id"] == json!(id) {
                return frame;
            }
        }
    }

    /// Waits until the state says this seat is to act or the deal is over.
    pub async fn until_turn_or_over(&mut self) {
        loop {
            if self.state["deal"]["over"] == true || !self.legal().is_empty() {
                return;
            }
            self.recv().await;
        }
    }

    pub fn legal(&self) -> Vec<Value> {
        self.state["legal"].as_array().cloned().unwrap_or_default()
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A small deterministic generator for the tests' choices.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every card a frame names: any word of any string that reads as a card.
pub fn cards_named(value: &Value, out: &mut CardSet) {
    match value {
        Value::String(s) => {
            for word in s.split(|c: char| !c.is_ascii_alphanumeric()) {
                if let Ok(card) = word.parse::<Card>() {
                    out.insert(card);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| cards_named(v, out)),
        Value::Object(map) => map.values().for_each(|v| cards_named(v, out)),
        _ => {}
    }
}

/// What a seat cannot know in a deal as it stands: the cards other seats
/// hold now (but a hand that lies open) and a skat nobody has shown it.
pub trait Hidden: ServerGame {
    fn hidden(state: &Self, seat: Option<Seat>) -> CardSet;
}

impl Hidden for SkatGame {
    fn hidden(state: &SkatGame, seat: Option<Seat>) -> CardSet {
        let mut hidden = CardSet::EMPTY;
        let open = state.ouvert_hand().map(|_| state.declarer().map(|d| d.0)).unwrap_or(None);
        for s in Seat::all(3) {
            if Some(s) != seat && Some(s) != open {
                hidden = hidden.union(state.hand(s));
            }
        }
        let declarer_saw = state.picked_up() && state.declarer().map(|d| d.0) == seat && seat.is_some();
        if !state.is_over() && !declarer_saw {
            hidden = hidden.union(state.skat());
        }
        // What a seat handled in a Schieberamsch it knows; a Spitze card is
        // shown to all.
        if let Some(s) = seat {
            hidden = hidden.minus(state.passed_on(s).union(state.found_in_packet(s)));
        }
        if let Some(card) = state.spitze() {
            hidden.remove(card);
        }
        hidden
    }
}

impl Hidden for SpitzerGame {
    fn hidden(state: &SpitzerGame, seat: Option<Seat>) -> CardSet {
        Seat::all(4).filter(|&s| Some(s) != seat).fold(CardSet::EMPTY, |h, s| h.union(state.hand(s)))
    }
}

impl Hidden for SpidgeGame {
    fn hidden(state: &SpidgeGame, seat: Option<Seat>) -> CardSet {
        [Hand::Left, Hand::Right, Hand::Dealer]
            .into_iter()
            .filter(|h| Some(h.seat()) != seat)
            .fold(CardSet::EMPTY, |acc, h| acc.union(state.cards(h)))
    }
}

/// The deal as it stood at `version`, from the stored log.
pub fn state_at<G: ServerGame>(log: &[trumpf_table::Numbered<G>], version: u64) -> G {
    let table = Table::<G>::restore(&log[..version as usize]).unwrap();
    match table.unfinished() {
        Some(deal) => deal.current().unwrap(),
        None => table.finished().expect("a deal over is recorded").end.clone(),
    }
}

/// Checks that no frame a client received names a card its seat could not
/// know when the frame was sent (the deal as it stood at the frame's
/// version, or the last version before it).
pub async fn check_no_leak<G: Hidden>(
    shared: &AppState,
    table: &str,
    seat_of: impl Fn(u64) -> Option<Seat>,
    frames: &[Value],
) {
    let rows = shared.store().events(table).await.unwrap();
    let log: Vec<trumpf_table::Numbered<G>> = rows.iter().map(|r| G::event_from(&r.body).unwrap()).collect();
    let mut version = 1;
    let mut checked = 0;
    for frame in frames {
        if let Some(v) = frame["v"].as_u64() {
            version = v;
        }
        let mut named = CardSet::EMPTY;
        cards_named(frame, &mut named);
        let state = state_at::<G>(&log, version);
        let leak = named.intersect(G::hidden(&state, seat_of(version)));
        assert!(leak.is_empty(), "frame at version {version} names {leak} its seat cannot know: {frame}");
        checked += 1;
    }
    assert!(checked >= 3, "too few frames checked");
}
