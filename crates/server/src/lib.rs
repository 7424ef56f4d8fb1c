//! trumpf-server: trumpf's games in the browser. axum + WebSocket on tokio
//! over [`trumpf_table`]: a lobby of tables (Skat with any rules, Spitzer,
//! Spidge), people and bots of a level at each, invite links with seat
//! tokens, spectators, reconnects that resume the seat, a stand-in bot for a
//! person gone longer than the grace period.
//!
//! One task owns each table ([`task`]); every event is numbered, stored
//! ([`store`]: SQLite or PostgreSQL through sqlx's Any driver) before it is
//! acknowledged or shown, and a client that reconnects says the last number
//! it saw (`docs/protocol.md`). [`app`] is the whole HTTP surface, so tests
//! drive it on a real socket; the browser front end (`web/`) is embedded.

mod game;
mod protocol;
mod socket;
mod store;
mod task;
mod web;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, Query, State, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use trumpf_core::series::Match;
use trumpf_core::skat::SkatGame;
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{GameId, Member};
use trumpf_table::{BotKind, Controller, SaveFormat, Table, TableSetup};

pub use game::ServerGame;
pub use protocol::{ClientMsg, ErrorCode, MAX_CHAT, MAX_MESSAGE};
pub use socket::serve_socket;
pub use store::{EventRow, Store, StoreError, TableRow, database_url};

use task::{Cmd, Start};

/// How the server plays.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long a bot's move takes at least, so people can follow (about a
    /// second; tests use less).
    pub bot_pause: Duration,
    /// How long a person may be gone before a bot takes the seat.
    pub grace: Duration,
    /// The bot that stands in for a person gone.
    pub standin: BotKind,
}

impl Default for Config {
    fn default() -> Config {
        Config { bot_pause: Duration::from_millis(1000), grace: Duration::from_secs(60), standin: BotKind::Heuristic }
    }
}

/// A table as the lobby lists it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// Its id.
    pub id: String,
    /// Its game.
    pub game: &'static str,
    /// Its rules line.
    pub rules: String,
    /// Each member: name, kind, whether connected.
    pub members: Vec<Value>,
    /// Empty seats.
    pub open: usize,
    /// The deal's number.
    pub deal: u32,
    /// Whether the match is over.
    pub finished: bool,
    /// Spectators watching.
    pub watchers: usize,
}

struct Handle {
    tx: mpsc::Sender<Cmd>,
    summary: Arc<Mutex<Summary>>,
}

/// What every request and task shares: the configuration, the store and
/// the registry of tables (whose lock is never held across an `.await`).
pub struct Shared {
    config: Config,
    store: Store,
    tables: Mutex<HashMap<String, Handle>>,
    next_conn: AtomicU64,
    owner: String,
}

/// The state handed to [`app`].
pub type AppState = Arc<Shared>;

/// `"person"`, `"bot"`, `"program"` or `"empty"`.
pub(crate) fn kind_text(controller: &Controller) -> &'static str {
    match controller {
        Controller::Person { .. } => "person",
        Controller::Bot { .. } => "bot",
        Controller::Program { .. } => "program",
        Controller::Empty => "empty",
    }
}

/// `bytes` random bytes as hex, from the operating system.
pub(crate) fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the operating system's random numbers");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn random_seed() -> u64 {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf).expect("the operating system's random numbers");
    u64::from_le_bytes(buf)
}

/// An error as an HTTP answer: a status and `{"error": "..."}`.
#[derive(Debug)]
pub struct AppError(pub StatusCode, pub String);

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.1, self.0)
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({"error": self.1}))).into_response()
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> AppError {
        AppError(StatusCode::SERVICE_UNAVAILABLE, e.to_string())
    }
}

fn bad(message: impl Into<String>) -> AppError {
    AppError(StatusCode::BAD_REQUEST, message.into())
}

impl Shared {
    /// Opens the store at `db`, runs its migrations and restores every
    /// unfinished table no other live process owns.
    ///
    /// # Errors
    /// The store cannot be opened, or a stored table cannot be read.
    pub async fn start(db: &str, config: Config) -> Result<AppState, anyhow::Error> {
        let store = Store::open(db).await?;
        let shared = Arc::new(Shared {
            config,
            store,
            tables: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            owner: random_hex(8),
        });
        let restored = shared.clone().restore_all().await?;
        if restored > 0 {
            eprintln!("restored {restored} unfinished table{}", if restored == 1 { "" } else { "s" });
        }
        let beat = shared.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(10)).await;
                if let Err(e) = beat.store.heartbeat(&beat.owner).await {
                    eprintln!("heartbeat: {e}");
                }
            }
        });
        Ok(shared)
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The tables this process holds.
    pub fn table_count(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Handle>> {
        self.tables.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn handle(&self, id: &str) -> Option<mpsc::Sender<Cmd>> {
        self.lock().get(id).map(|h| h.tx.clone())
    }

    fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    async fn restore_all(self: Arc<Shared>) -> Result<usize, anyhow::Error> {
        let rows = self.store.claim_unfinished(&self.owner, 30).await?;
        let mut count = 0;
        for row in rows {
            let restored = match row.game.as_str() {
                "skat" => self.clone().restore::<SkatGame>(&row.id).await,
                "spitzer" => self.clone().restore::<SpitzerGame>(&row.id).await,
                "spidge" => self.clone().restore::<SpidgeGame>(&row.id).await,
                other => Err(anyhow::anyhow!("unknown game {other:?}")),
            };
            match restored {
                Ok(()) => count += 1,
                Err(e) => eprintln!("table {} not restored: {e}", row.id),
            }
        }
        Ok(count)
    }

    async fn restore<G: ServerGame>(self: Arc<Shared>, id: &str) -> Result<(), anyhow::Error> {
        let rows = self.store.events(id).await?;
        let mut log = Vec::with_capacity(rows.len());
        let mut last_ids = Vec::new();
        for row in &rows {
            log.push(G::event_from(&row.body).map_err(|e| anyhow::anyhow!("event {}: {e}", row.number))?);
            if let (Some(member), Some(client)) = (row.member, row.client_id) {
                if last_ids.len() <= member {
                    last_ids.resize(member + 1, 0);
                }
                last_ids[member] = last_ids[member].max(client);
            }
        }
        let table = Table::<G>::restore(&log).map_err(|e| anyhow::anyhow!("{e}"))?;
        let tokens = self.store.tokens(id).await?;
        let chat = self.store.chat_lines(id, 50).await?;
        self.spawn_task(Start { id: id.to_owned(), table, tokens, last_ids, chat });
        Ok(())
    }

    fn spawn_task<G: ServerGame>(self: Arc<Shared>, start: Start<G>) {
        let id = start.id.clone();
        let summary = Arc::new(Mutex::new(Summary::default()));
        let tx = task::spawn(self.clone(), start, summary.clone());
        self.lock().insert(id, Handle { tx, summary });
    }

    /// Opens a table of `setup`: stores it, then starts its task. Returns
    /// its id and every member's seat token.
    ///
    /// # Errors
    /// A setup the table refuses, or the store's failure.
    pub async fn create<G: ServerGame>(
        self: Arc<Shared>,
        setup: TableSetup<G::Rules>,
    ) -> Result<(String, Vec<String>), AppError> {
        let table = Table::<G>::new(setup).map_err(|e| bad(e.to_string()))?;
        let id = random_hex(8);
        let tokens: Vec<String> = (0..table.members()).map(|_| random_hex(16)).collect();
        let rows: Vec<EventRow> = table
            .events()
            .iter()
            .map(|e| EventRow { number: e.number, member: None, client_id: None, body: G::event_text(e) })
            .collect();
        self.store.create_table(&id, G::ID.name(), &self.owner, &tokens, &rows).await?;
        for (i, c) in table.controllers().iter().enumerate() {
            if let Controller::Person { name } = c {
                self.store.add_player(&id, i, name).await?;
            }
        }
        self.clone().spawn_task(Start {
            id: id.clone(),
            table,
            tokens: tokens.clone(),
            last_ids: Vec::new(),
            chat: Vec::new(),
        });
        Ok((id, tokens))
    }
}

/// A seat of a table being created.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum SeatSpec {
    /// The person creating the table.
    Me {
        /// The name.
        name: String,
    },
    /// A person to invite (an empty seat until someone takes it).
    Person,
    /// A bot: `easy`, `medium`, `hard`, `heuristic`, `random`.
    Bot {
        /// Its level.
        level: String,
    },
}

/// `POST /api/tables`.
#[derive(Clone, Debug, Deserialize)]
pub struct CreateTable {
    /// `skat`, `spitzer`, `spidge`.
    pub game: String,
    /// Skat: `isko`, `pub`, `pirat`, `xskat`.
    #[serde(default)]
    pub preset: String,
    /// Rules on top, as the record's rules line (`table_size=4 deals=12`).
    #[serde(default)]
    pub rules: String,
    /// One per member.
    pub seats: Vec<SeatSpec>,
    /// The seed (random if none).
    #[serde(default)]
    pub seed: Option<u64>,
}

fn setup_for<G: ServerGame>(req: &CreateTable) -> Result<TableSetup<G::Rules>, AppError> {
    let rules = G::rules(&req.preset, &req.rules).map_err(bad)?;
    let members =
        Match::<G>::new(rules.clone(), Member::new(0).expect("member 0")).map_err(|e| bad(e.to_string()))?.members();
    if req.seats.len() != members {
        return Err(bad(format!("this table has {members} members, but {} seats were given", req.seats.len())));
    }
    let mut me = false;
    let mut controllers = Vec::new();
    for (i, seat) in req.seats.iter().enumerate() {
        controllers.push(match seat {
            SeatSpec::Me { name } => {
                if me {
                    return Err(bad("only one seat is \"me\""));
                }
                me = true;
                let name: String = name.chars().filter(|c| !c.is_control()).take(24).collect();
                Controller::person(if name.trim().is_empty() { "Guest".to_owned() } else { name.trim().to_owned() })
            }
            SeatSpec::Person => Controller::Empty,
            SeatSpec::Bot { level } => {
                let kind: BotKind = level.parse().map_err(|e: trumpf_table::ParseBotKindError| bad(e.to_string()))?;
                let mut name = kind.to_string();
                if let Some(first) = name.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                Controller::bot(kind, format!("{name} bot {}", i + 1))
            }
        });
    }
    let first_dealer = Member::new(members - 1).expect("a member");
    Ok(TableSetup { rules, seed: req.seed.unwrap_or_else(random_seed), first_dealer, controllers })
}

async fn create_table(State(shared): State<AppState>, Json(req): Json<CreateTable>) -> Result<Json<Value>, AppError> {
    let (id, tokens) = match req.game.as_str() {
        "skat" => shared.clone().create::<SkatGame>(setup_for::<SkatGame>(&req)?).await?,
        "spitzer" => shared.clone().create::<SpitzerGame>(setup_for::<SpitzerGame>(&req)?).await?,
        "spidge" => shared.clone().create::<SpidgeGame>(setup_for::<SpidgeGame>(&req)?).await?,
        other => return Err(bad(format!("unknown game {other:?}: skat, spitzer or spidge"))),
    };
    let me = req.seats.iter().position(|s| matches!(s, SeatSpec::Me { .. }));
    let invites: Vec<Value> = req
        .seats
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s, SeatSpec::Person))
        .map(|(i, _)| json!({"member": i, "token": tokens[i]}))
        .collect();
    Ok(Json(json!({"id": id, "member": me, "token": me.map(|i| tokens[i].clone()), "invites": invites})))
}

async fn list_tables(State(shared): State<AppState>) -> Json<Value> {
    let mut tables: Vec<Summary> =
        shared.lock().values().map(|h| h.summary.lock().unwrap_or_else(|p| p.into_inner()).clone()).collect();
    tables.retain(|t| !t.finished);
    tables.sort_by(|a, b| b.open.cmp(&a.open).then(a.id.cmp(&b.id)));
    tables.truncate(200);
    Json(json!({"tables": tables, "games": GameId::ALL.map(GameId::name)}))
}

async fn one_table(State(shared): State<AppState>, Path(id): Path<String>) -> Result<Json<Summary>, AppError> {
    let summary = shared.lock().get(&id).map(|h| h.summary.lock().unwrap_or_else(|p| p.into_inner()).clone());
    summary.map(Json).ok_or_else(|| AppError(StatusCode::NOT_FOUND, format!("no table {id}")))
}

#[derive(Deserialize)]
struct TakeSeat {
    name: String,
}

async fn take_seat(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    Json(req): Json<TakeSeat>,
) -> Result<Json<Value>, AppError> {
    let tx = shared.handle(&id).ok_or_else(|| AppError(StatusCode::NOT_FOUND, format!("no table {id}")))?;
    let (reply, wait) = oneshot::channel();
    let name: String = req.name.chars().filter(|c| !c.is_control()).take(24).collect();
    let name = if name.trim().is_empty() { "Guest".to_owned() } else { name.trim().to_owned() };
    tx.send(Cmd::TakeSeat { name, reply }).await.map_err(|_| AppError(StatusCode::GONE, "the table closed".into()))?;
    let token = wait.await.map_err(|_| AppError(StatusCode::GONE, "the table closed".into()))?;
    token.map(|t| Json(json!({"token": t}))).map_err(|e| AppError(StatusCode::CONFLICT, e))
}

#[derive(Deserialize)]
struct RecordQuery {
    #[serde(default)]
    format: Option<String>,
}

async fn record(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<RecordQuery>,
) -> Result<Response, AppError> {
    let format = match q.format.as_deref() {
        None | Some("iss") => SaveFormat::Iss,
        Some("trumpf") => SaveFormat::Trumpf,
        Some(other) => return Err(bad(format!("unknown format {other:?}: iss or trumpf"))),
    };
    let text = match shared.handle(&id) {
        Some(tx) => {
            let (reply, wait) = oneshot::channel();
            tx.send(Cmd::Record { format, reply }).await.map_err(|_| AppError(StatusCode::GONE, "closed".into()))?;
            wait.await.map_err(|_| AppError(StatusCode::GONE, "closed".into()))?.map_err(bad)?
        }
        None => finished_record(&shared, &id, format).await?,
    };
    let (format, text) = text;
    let ext = if format == SaveFormat::Iss { "iss" } else { "trumpf" };
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"trumpf-{id}.{ext}\"")),
        ],
        text,
    )
        .into_response())
}

/// The record of a table this process does not hold (a finished match):
/// rebuilt from its stored log.
async fn finished_record(shared: &Shared, id: &str, format: SaveFormat) -> Result<(SaveFormat, String), AppError> {
    let row = shared.store.table(id).await?.ok_or_else(|| AppError(StatusCode::NOT_FOUND, format!("no table {id}")))?;
    if !row.finished {
        return Err(AppError(StatusCode::CONFLICT, "the table is being played elsewhere".into()));
    }
    let rows = shared.store.events(id).await?;
    fn save<G: ServerGame>(rows: &[EventRow], format: SaveFormat) -> Result<(SaveFormat, String), String> {
        let log = rows.iter().map(|r| G::event_from(&r.body)).collect::<Result<Vec<_>, _>>()?;
        let table = Table::<G>::restore(&log).map_err(|e| e.to_string())?;
        let saved = table.save(format).map_err(|e| e.to_string())?;
        Ok((saved.format, saved.text))
    }
    match row.game.as_str() {
        "skat" => save::<SkatGame>(&rows, format),
        "spitzer" => save::<SpitzerGame>(&rows, format),
        "spidge" => save::<SpidgeGame>(&rows, format),
        other => Err(format!("unknown game {other}")),
    }
    .map_err(|e| AppError(StatusCode::INTERNAL_SERVER_ERROR, e))
}

async fn history(State(shared): State<AppState>, Path(name): Path<String>) -> Result<Json<Value>, AppError> {
    let rows = shared.store.history(&name).await?;
    let games: Vec<Value> = rows
        .iter()
        .map(|r| json!({"id": r.id, "game": r.game, "created": r.created_at, "finished": r.finished}))
        .collect();
    Ok(Json(json!({"name": name, "tables": games})))
}

#[derive(Deserialize)]
struct AckedQuery {
    token: String,
}

/// The client ids stored for a seat (the load test's check that nothing
/// acknowledged was lost); the seat token says whose.
async fn acked(State(shared): State<AppState>, Query(q): Query<AckedQuery>) -> Result<Json<Value>, AppError> {
    let (table, member) = shared
        .store
        .seat_of_token(&q.token)
        .await?
        .ok_or_else(|| AppError(StatusCode::NOT_FOUND, "no such seat".into()))?;
    let ids = shared.store.client_ids(&table, member).await?;
    Ok(Json(json!({"table": table, "member": member, "ids": ids})))
}

async fn websocket(State(shared): State<AppState>, upgrade: WebSocketUpgrade) -> Response {
    // Small buffers: a few KiB per socket instead of the default 128 KiB
    // each way is what lets thousands of sockets fit (docs/protocol.md).
    upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(1024 * 1024)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| {
            use futures_util::StreamExt;
            let (sink, stream) = socket.split();
            serve_socket(shared, sink, stream)
        })
}

/// The whole HTTP surface: the lobby and table API, the WebSocket at `/ws`,
/// and the embedded front end.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}", get(one_table))
        .route("/api/tables/{id}/seat", post(take_seat))
        .route("/api/tables/{id}/record", get(record))
        .route("/api/players/{name}", get(history))
        .route("/api/acked", get(acked))
        .route("/ws", get(websocket))
        .fallback(web::serve)
        .with_state(state)
}

/// Serves `app` on `addr` until the process is stopped; prints the URL.
///
/// # Errors
/// The store cannot be opened or the address bound.
pub async fn serve(addr: SocketAddr, db: &str, config: Config) -> Result<(), anyhow::Error> {
    let shared = Shared::start(db, config).await?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    let host = if local.ip().is_unspecified() { "127.0.0.1".to_owned() } else { local.ip().to_string() };
    println!("trumpf serves on http://{host}:{}/ (store: {db})", local.port());
    axum::serve(listener, app(shared)).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a one-thread runtime the table's task cannot run between the
    /// creation and the lobby read below, so this sees the summary exactly
    /// as `create` leaves it.
    #[tokio::test(flavor = "current_thread")]
    async fn a_new_table_is_in_the_lobby_before_its_task_first_runs() {
        let path = std::env::temp_dir().join(format!("trumpf-lobby-race-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let shared = Shared::start(&path.display().to_string(), Config::default()).await.expect("the store opens");
        let req: CreateTable = serde_json::from_value(json!({
            "game": "spitzer",
            "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}],
        }))
        .expect("a request");
        let (id, _) = shared
            .clone()
            .create::<SpitzerGame>(setup_for::<SpitzerGame>(&req).expect("a setup"))
            .await
            .expect("created");
        let Json(lobby) = list_tables(State(shared.clone())).await;
        let tables = lobby["tables"].as_array().expect("a list");
        let entry = tables.iter().find(|t| t["id"] == id.as_str()).expect("the new table is listed");
        assert_eq!(entry["open"], 2);
        assert_eq!(entry["game"], "spitzer");
        let Ok(Json(one)) = one_table(State(shared.clone()), Path(id.clone())).await else { panic!("no summary") };
        assert_eq!(one.id, id);
        drop(shared);
        let _ = std::fs::remove_file(&path);
    }
}
