//! One task owns each table (lila-ws): it holds the [`Table`], takes
//! commands on a channel, writes every change to the store before anyone
//! hears of it, and sends each connection its own seat's state. Bots think
//! on the blocking pool and answer through the task's own channel, after
//! the pause that lets people follow.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, sleep, sleep_until};
use trumpf_core::series::MatchStatus;
use trumpf_core::series::record::{MatchRecord, SavedMatch};
use trumpf_core::{Game, GameView, Member, Seat};
use trumpf_table::{ActError, BotAnswer, Bots, Controller, Event, Numbered, SaveFormat, Table, Ticket};

use crate::game::{ServerGame, analysis_json, sorted_hand};
use crate::protocol::{ClientMsg, ErrorCode, MAX_CHAT, error_frame};
use crate::store::EventRow;
use crate::{Shared, Summary, kind_text};

/// A connection's id, unique in the process.
pub type ConnId = u64;
/// Where a connection's frames go (the socket's writer half).
pub type Outbox = mpsc::Sender<Arc<str>>;

/// A command for a table's task.
pub enum Cmd {
    /// A connection joins (after its `hello`).
    Join {
        /// Its id.
        conn: ConnId,
        /// Its seat token, if any.
        token: Option<String>,
        /// The last event it saw.
        seen: u64,
        /// The name for an empty seat it takes.
        name: Option<String>,
        /// Its frames.
        out: Outbox,
    },
    /// A connection closed.
    Leave {
        /// Its id.
        conn: ConnId,
    },
    /// A message of a joined connection.
    Msg {
        /// Its id.
        conn: ConnId,
        /// The message.
        msg: ClientMsg,
    },
    /// A free seat for `name` (the lobby's join): its token.
    TakeSeat {
        /// Who.
        name: String,
        /// The token, or why not.
        reply: oneshot::Sender<Result<String, String>>,
    },
    /// The match so far as a file, the finished deals only: (format, text).
    Record {
        /// The format asked for.
        format: SaveFormat,
        /// The text.
        reply: oneshot::Sender<Result<(SaveFormat, String), String>>,
    },
}

enum Internal<G: ServerGame> {
    Bot(BotAnswer<G>),
    Grace { member: Member, epoch: u64 },
    AutoNext { deal: u32 },
}

struct Conn {
    out: Outbox,
    member: Option<Member>,
    sent: u64,
}

/// What a task starts with.
pub struct Start<G: ServerGame> {
    /// The table's id.
    pub id: String,
    /// The table.
    pub table: Table<G>,
    /// The seat tokens, by member.
    pub tokens: Vec<String>,
    /// The last client id stored per member.
    pub last_ids: Vec<u64>,
    /// The chat so far: (number, name, text).
    pub chat: Vec<(u64, String, String)>,
}

/// Most events resent on a resume; a longer gap gets a fresh state.
const MAX_RESEND: u64 = 256;
/// Chat lines kept for newcomers.
const CHAT_KEPT: usize = 50;

pub(crate) struct Task<G: ServerGame> {
    id: String,
    shared: Arc<Shared>,
    table: Table<G>,
    bots: Arc<Mutex<Bots<G>>>,
    tokens: Vec<String>,
    last_id: Vec<u64>,
    conns: HashMap<ConnId, Conn>,
    present: Vec<usize>,
    epoch: Vec<u64>,
    replaced: Vec<Option<String>>,
    redacted: Vec<Value>,
    chat: VecDeque<Value>,
    chat_number: u64,
    bot_pending: Option<Ticket>,
    internal: mpsc::UnboundedSender<Internal<G>>,
    summary: Arc<Mutex<Summary>>,
    rematch: Option<(String, Vec<String>)>,
    finished: bool,
}

/// Starts the task of a table; returns its command channel.
pub(crate) fn spawn<G: ServerGame>(
    shared: Arc<Shared>,
    start: Start<G>,
    summary: Arc<Mutex<Summary>>,
) -> mpsc::Sender<Cmd> {
    let (tx, rx) = mpsc::channel(256);
    let (itx, irx) = mpsc::unbounded_channel();
    let members = start.table.members();
    let bots = Bots::for_table(&start.table);
    let mut last_id = start.last_ids;
    last_id.resize(members, 0);
    let chat_number = start.chat.last().map_or(0, |c| c.0);
    let chat =
        start.chat.iter().map(|(n, name, text)| json!({"t": "chat", "n": n, "from": name, "text": text})).collect();
    let mut task = Task {
        id: start.id,
        shared,
        replaced: replaced_people(&start.table),
        redacted: start.table.events().iter().map(|e| redact(e, None)).collect(),
        table: start.table,
        bots: Arc::new(Mutex::new(bots)),
        tokens: start.tokens,
        last_id,
        conns: HashMap::new(),
        present: vec![0; members],
        epoch: vec![0; members],
        chat,
        chat_number,
        bot_pending: None,
        internal: itx,
        summary,
        rematch: None,
        finished: false,
    };
    // The lobby and `GET /api/tables/{id}` read the summary as soon as the
    // handle is in the map, before the task first runs: fill it now.
    task.refresh_summary();
    tokio::spawn(async move { task.run(rx, irx).await });
    tx
}

/// For each member now played by a stand-in bot, the person it replaced:
/// the last person the log seated there, if a bot followed.
fn replaced_people<G: ServerGame>(table: &Table<G>) -> Vec<Option<String>> {
    let mut people: Vec<Option<String>> = vec![None; table.members()];
    for event in table.events() {
        match &event.event {
            Event::Opened { setup, .. } => {
                for (i, c) in setup.controllers.iter().enumerate() {
                    if let Controller::Person { name } = c {
                        people[i] = Some(name.clone());
                    }
                }
            }
            Event::Seated { member, controller: Controller::Person { name } } => {
                people[member.index()] = Some(name.clone());
            }
            _ => {}
        }
    }
    for (i, c) in table.controllers().iter().enumerate() {
        if !matches!(c, Controller::Bot { .. }) {
            people[i] = None;
        }
    }
    people
}

/// What everybody may know of an event: who acted and, for a card or a
/// word said aloud, what; never a hidden action (a discard, a pass of the
/// packet), never the setup's seed.
fn redact<G: ServerGame>(event: &Numbered<G>, said: Option<String>) -> Value {
    let n = event.number;
    match &event.event {
        Event::Opened { .. } => json!({"n": n, "type": "opened"}),
        Event::Acted { member, seat, action, trouble } => json!({
            "n": n, "type": "acted", "member": member.index(), "seat": seat.index(),
            "card": <G as Game>::card_of(*action), "said": said, "stoodIn": trouble.is_some(),
        }),
        Event::Dealt { number, dealer } => json!({"n": n, "type": "dealt", "deal": number, "dealer": dealer.index()}),
        Event::Seated { member, controller } => json!({
            "n": n, "type": "seated", "member": member.index(), "name": controller.name(), "kind": kind_text(controller),
        }),
    }
}

impl<G: ServerGame> Task<G> {
    async fn run(&mut self, mut rx: mpsc::Receiver<Cmd>, mut irx: mpsc::UnboundedReceiver<Internal<G>>) {
        self.refresh_summary();
        self.schedule();
        loop {
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.command(cmd).await,
                    None => break,
                },
                Some(internal) = irx.recv() => self.internal(internal).await,
            }
        }
    }

    async fn command(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join { conn, token, seen, name, out } => self.join(conn, token, seen, name, out).await,
            Cmd::Leave { conn } => self.leave(conn),
            Cmd::Msg { conn, msg } => self.message(conn, msg).await,
            Cmd::TakeSeat { name, reply } => {
                let free = self.table.controllers().iter().position(|c| matches!(c, Controller::Empty));
                let _ = reply.send(match free {
                    Some(i) => {
                        // Seat the person now, so two lobby joins get two seats.
                        let member = Member::new(i).expect("a member of the table");
                        match self.seat_person(member, &name).await {
                            Ok(()) => Ok(self.tokens[i].clone()),
                            Err(e) => Err(e),
                        }
                    }
                    None => Err("no free seat at this table".to_owned()),
                });
            }
            Cmd::Record { format, reply } => {
                let _ = reply.send(self.record(format));
            }
        }
    }

    /// The finished deals as a file: the table's own saving between deals;
    /// during a deal the trumpf record of the deals before it (the deal in
    /// progress would show its hidden cards).
    fn record(&self, format: SaveFormat) -> Result<(SaveFormat, String), String> {
        if self.table.unfinished().is_none() {
            let saved = self.table.save(format).map_err(|e| e.to_string())?;
            return Ok((saved.format, saved.text));
        }
        let names: Vec<String> =
            self.table.names().iter().map(|n| n.split_whitespace().collect::<Vec<_>>().join("_")).collect();
        let record = MatchRecord::new(&names, self.table.record().clone());
        Ok((SaveFormat::Trumpf, SavedMatch { record, seed: None, unfinished: None }.write()))
    }

    async fn join(&mut self, conn: ConnId, token: Option<String>, seen: u64, name: Option<String>, out: Outbox) {
        let member = match token {
            None => None,
            Some(token) => match self.tokens.iter().position(|t| *t == token) {
                Some(i) => Member::new(i),
                None => {
                    let _ = out
                        .try_send(error_frame(ErrorCode::BadToken, "that token is no seat of this table", None).into());
                    return;
                }
            },
        };
        if let Some(member) = member {
            let i = member.index();
            self.present[i] += 1;
            self.epoch[i] += 1;
            let controller = self.table.controllers()[i].clone();
            if let Some(person) = self.replaced[i].clone() {
                // Back before or after the grace period: the seat is his again.
                let from = self.table.version();
                if self.table.set_controller(member, Controller::person(person)).is_ok()
                    && self.commit(from, None, None).await.is_ok()
                {
                    self.replaced[i] = None;
                }
            } else if matches!(controller, Controller::Empty) {
                let name = clean_name(name.as_deref().unwrap_or(""), i);
                if let Err(e) = self.seat_person(member, &name).await {
                    let _ = out.try_send(error_frame(ErrorCode::Store, &e, None).into());
                }
            }
        }
        let welcome = json!({
            "t": "welcome", "table": self.id, "game": G::ID.name(), "you": member.map(Member::index),
            "lastId": member.map(|m| self.last_id[m.index()]), "v": self.table.version(),
            "chat": self.chat.iter().collect::<Vec<_>>(),
        });
        let _ = out.try_send(welcome.to_string().into());
        let sent = if seen > 0 && seen <= self.table.version() && self.table.version() - seen <= MAX_RESEND {
            seen
        } else {
            0
        };
        self.conns.insert(conn, Conn { out, member, sent });
        self.send_state(conn, sent == 0);
        self.refresh_summary();
        self.broadcast_except(conn);
    }

    /// Seats `name` in `member`'s empty seat and stores it.
    async fn seat_person(&mut self, member: Member, name: &str) -> Result<(), String> {
        let from = self.table.version();
        self.table.set_controller(member, Controller::person(name)).map_err(|e| e.to_string())?;
        self.commit(from, None, None).await.map_err(|()| "the store failed".to_owned())?;
        if let Err(e) = self.shared.store.add_player(&self.id, member.index(), name).await {
            eprintln!("table {}: history of {name}: {e}", self.id);
        }
        Ok(())
    }

    fn leave(&mut self, conn: ConnId) {
        let Some(gone) = self.conns.remove(&conn) else { return };
        if let Some(member) = gone.member {
            self.left(member);
        }
        self.refresh_summary();
        self.broadcast();
    }

    fn left(&mut self, member: Member) {
        let i = member.index();
        self.present[i] = self.present[i].saturating_sub(1);
        if self.present[i] == 0 && self.table.controllers()[i].is_person() {
            self.epoch[i] += 1;
            let epoch = self.epoch[i];
            let tx = self.internal.clone();
            let grace = self.shared.config.grace;
            tokio::spawn(async move {
                sleep(grace).await;
                let _ = tx.send(Internal::Grace { member, epoch });
            });
        }
    }

    async fn internal(&mut self, internal: Internal<G>) {
        match internal {
            Internal::Bot(answer) => {
                self.bot_pending = None;
                let from = self.table.version();
                let talk = self.table.talk().len();
                if self.table.answer(answer).is_ok() {
                    let _ = self.commit(from, None, Some(talk)).await;
                }
                self.schedule();
            }
            Internal::Grace { member, epoch } => {
                let i = member.index();
                if self.epoch[i] != epoch || self.present[i] > 0 {
                    return;
                }
                let Controller::Person { name } = self.table.controllers()[i].clone() else { return };
                let standin = Controller::bot(self.shared.config.standin, format!("{name} (bot)"));
                let from = self.table.version();
                if self.table.set_controller(member, standin.clone()).is_ok()
                    && self.commit(from, None, None).await.is_ok()
                {
                    self.replaced[i] = Some(name);
                    self.bots.lock().unwrap_or_else(|p| p.into_inner()).follow(self.table.seed(), member, &standin);
                    self.schedule();
                }
            }
            Internal::AutoNext { deal } => {
                if self.table.number() == deal && self.nobody_here() {
                    self.next_deal().await;
                }
            }
        }
    }

    fn nobody_here(&self) -> bool {
        !self.table.controllers().iter().any(Controller::is_person)
    }

    async fn next_deal(&mut self) -> bool {
        let from = self.table.version();
        if self.table.next_deal().is_ok() {
            let ok = self.commit(from, None, None).await.is_ok();
            self.schedule();
            return ok;
        }
        false
    }

    async fn message(&mut self, conn: ConnId, msg: ClientMsg) {
        let Some(c) = self.conns.get(&conn) else { return };
        let member = c.member;
        let out = c.out.clone();
        let error = |code: ErrorCode, message: &str, id: Option<u64>| {
            let _ = out.try_send(error_frame(code, message, id).into());
        };
        match msg {
            ClientMsg::Hello { .. } => error(ErrorCode::Hello, "hello comes once, first", None),
            ClientMsg::Ping => {
                let _ = out.try_send(json!({"t": "pong", "v": self.table.version()}).to_string().into());
            }
            ClientMsg::Resync { seen } => {
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.sent = if seen <= self.table.version() && self.table.version() - seen <= MAX_RESEND {
                        seen
                    } else {
                        0
                    };
                    let fresh = c.sent == 0;
                    self.send_state(conn, fresh);
                }
            }
            ClientMsg::Act { id, action, ticket } => {
                let Some(member) = member else {
                    return error(ErrorCode::Spectator, "spectators cannot act", Some(id));
                };
                self.act(conn, member, id, &action, ticket).await;
            }
            ClientMsg::Chat { text } => {
                let Some(member) = member else { return error(ErrorCode::Spectator, "spectators cannot chat", None) };
                let text: String = text.chars().filter(|c| !c.is_control()).take(MAX_CHAT).collect();
                if text.trim().is_empty() {
                    return;
                }
                self.chat_number += 1;
                let name = self.table.name(member).to_owned();
                if let Err(e) = self.shared.store.chat(&self.id, self.chat_number, &name, &text).await {
                    return error(ErrorCode::Store, &format!("the chat line was not stored: {e}"), None);
                }
                let line =
                    json!({"t": "chat", "n": self.chat_number, "from": name, "member": member.index(), "text": text});
                self.chat.push_back(line.clone());
                while self.chat.len() > CHAT_KEPT {
                    self.chat.pop_front();
                }
                let frame: Arc<str> = line.to_string().into();
                for c in self.conns.values() {
                    let _ = c.out.try_send(frame.clone());
                }
            }
            ClientMsg::Hint => {
                let Some(member) = member else { return error(ErrorCode::Spectator, "spectators get no hints", None) };
                if self.table.member_to_act() != Some(member) {
                    return error(ErrorCode::Unavailable, "a hint is for the seat to act", None);
                }
                let view = self.table.view_of(member);
                let seed = self.table.seed() ^ self.table.version();
                tokio::task::spawn_blocking(move || {
                    let frame = match G::advise(&view, 24, seed) {
                        Some(advice) => json!({
                            "t": "hint", "action": G::action_json(advice.action), "text": G::label(advice.action, &view),
                            "cards": advice.cards.iter().map(|(c, v)| json!({"card": c, "value": v})).collect::<Vec<_>>(),
                            "unit": advice.unit, "how": advice.how,
                        })
                        .to_string(),
                        None => error_frame(ErrorCode::Unavailable, "no advice could be found for this position", None),
                    };
                    let _ = out.try_send(frame.into());
                });
            }
            ClientMsg::Analysis => {
                let Some(played) = self.table.finished() else {
                    return error(ErrorCode::Unavailable, "the analysis comes once the deal is over", None);
                };
                let (start, actions) = (played.start.clone(), played.actions.clone());
                let seat = member.and_then(|m| self.table.seat_of(m));
                tokio::task::spawn_blocking(move || {
                    let frame = match G::analyse(&start, &actions) {
                        Ok(analysis) => {
                            let mut value = analysis_json(&analysis, seat);
                            value["t"] = json!("analysis");
                            value.to_string()
                        }
                        Err(e) => error_frame(ErrorCode::Unavailable, &format!("no analysis: {e}"), None),
                    };
                    let _ = out.try_send(frame.into());
                });
            }
            ClientMsg::Next => {
                let Some(member) = member.filter(|m| self.table.controllers()[m.index()].is_person()) else {
                    return error(ErrorCode::Spectator, "only a person at the table deals on", None);
                };
                let _ = member;
                if !self.table.deal_over() {
                    return error(ErrorCode::DealState, "the deal is not over", None);
                }
                if self.table.status() != MatchStatus::Running {
                    return error(ErrorCode::MatchOver, "the match is over: ask for a rematch", None);
                }
                if !self.next_deal().await {
                    error(ErrorCode::Store, "the next deal could not be stored", None);
                }
            }
            ClientMsg::Rematch => {
                if member.is_none() {
                    return error(ErrorCode::Spectator, "only a member asks for a rematch", None);
                }
                if !self.table.deal_over() {
                    return error(ErrorCode::DealState, "a rematch waits for the end of the deal", None);
                }
                self.rematch().await;
            }
        }
    }

    async fn act(&mut self, conn: ConnId, member: Member, id: u64, action: &Value, ticket: Option<Ticket>) {
        let Some(out) = self.conns.get(&conn).map(|c| c.out.clone()) else { return };
        let send = |frame: String| {
            let _ = out.try_send(frame.into());
        };
        let i = member.index();
        if id <= self.last_id[i] {
            // A resend of an action already stored: acknowledge it again.
            return send(json!({"t": "ack", "id": id, "v": self.table.version(), "duplicate": true}).to_string());
        }
        let action = match G::action_from(action) {
            Ok(action) => action,
            Err(e) => return send(error_frame(ErrorCode::BadAction, &e, Some(id))),
        };
        if let Some(ticket) = ticket
            && ticket != self.table.ticket()
        {
            let message = format!("that action was for deal {} ply {}; the table is past it", ticket.deal, ticket.ply);
            return send(error_frame(ErrorCode::Stale, &message, Some(id)));
        }
        let from = self.table.version();
        let talk = self.table.talk().len();
        if let Err(e) = self.table.act(member, action) {
            let code = match e {
                ActError::NotYourTurn { .. } | ActError::SittingOut(_) => ErrorCode::NotYourTurn,
                ActError::DealOver => ErrorCode::DealState,
                ActError::NotAPerson(_) | ActError::NoSuchMember(_) => ErrorCode::Spectator,
                ActError::Refused(_) => ErrorCode::Illegal,
            };
            return send(error_frame(code, &e.to_string(), Some(id)));
        }
        if self.commit(from, Some((member, id)), Some(talk)).await.is_err() {
            return send(error_frame(ErrorCode::Store, "the action could not be stored and was not taken", Some(id)));
        }
        send(json!({"t": "ack", "id": id, "v": self.table.version()}).to_string());
        // The state went out in commit; the ack follows it on this socket.
        self.schedule();
    }

    /// Stores the events after `from`, then shows them: the only way a
    /// change leaves the task. `client` is the person's action and id;
    /// `talk` the length of the table talk before an action (what it said
    /// aloud is the line it added). On a failed write the table goes back
    /// to `from`.
    async fn commit(&mut self, from: u64, client: Option<(Member, u64)>, talk: Option<usize>) -> Result<(), ()> {
        let new: Vec<Numbered<G>> = self.table.events_after(from).to_vec();
        let rows: Vec<EventRow> = new
            .iter()
            .map(|e| {
                let member = match &e.event {
                    Event::Acted { member, .. } | Event::Seated { member, .. } => Some(member.index()),
                    _ => None,
                };
                let client_id =
                    client.filter(|(m, _)| matches!(&e.event, Event::Acted { member, .. } if member == m)).map(|c| c.1);
                EventRow { number: e.number, member, client_id, body: G::event_text(e) }
            })
            .collect();
        if let Err(e) = self.shared.store.append(&self.id, rows).await {
            eprintln!("table {}: events after {from} not stored: {e}", self.id);
            let log = self.table.events()[..from as usize].to_vec();
            if let Ok(table) = Table::restore(&log) {
                self.table = table;
                *self.bots.lock().unwrap_or_else(|p| p.into_inner()) = Bots::for_table(&self.table);
            }
            return Err(());
        }
        if let Some((member, id)) = client {
            self.last_id[member.index()] = id;
        }
        let said = talk
            .filter(|&n| self.table.talk().len() == n + 1)
            .and_then(|_| self.table.talk().last())
            .map(|(_, s)| s.to_string());
        for e in &new {
            let said = if matches!(e.event, Event::Acted { .. }) { said.clone() } else { None };
            self.redacted.push(redact(e, said));
        }
        if !self.finished && self.table.deal_over() && self.table.status() != MatchStatus::Running {
            self.finished = true;
            if let Err(e) = self.shared.store.finish(&self.id).await {
                eprintln!("table {}: not marked finished: {e}", self.id);
            }
        }
        self.refresh_summary();
        self.broadcast();
        Ok(())
    }

    /// Asks the bot to act, if one is, on the blocking pool; its answer
    /// comes back after the pause. Deals on at a table of bots alone.
    fn schedule(&mut self) {
        if let Some(request) = self.table.bot_request() {
            if self.bot_pending == Some(request.ticket) {
                return;
            }
            self.bot_pending = Some(request.ticket);
            let bots = self.bots.clone();
            let tx = self.internal.clone();
            let pause = self.shared.config.bot_pause;
            tokio::spawn(async move {
                let start = Instant::now();
                let answer =
                    tokio::task::spawn_blocking(move || bots.lock().unwrap_or_else(|p| p.into_inner()).answer(request))
                        .await;
                if let Ok(answer) = answer {
                    sleep_until(start + pause).await;
                    let _ = tx.send(Internal::Bot(answer));
                }
            });
        } else if self.table.deal_over() && self.table.status() == MatchStatus::Running && self.nobody_here() {
            let tx = self.internal.clone();
            let deal = self.table.number();
            let pause = self.shared.config.bot_pause * 3;
            tokio::spawn(async move {
                sleep(pause).await;
                let _ = tx.send(Internal::AutoNext { deal });
            });
        }
    }

    async fn rematch(&mut self) {
        if self.rematch.is_none() {
            let mut setup = self.table.setup().clone();
            setup.seed = crate::random_seed();
            setup.controllers = self
                .table
                .controllers()
                .iter()
                .zip(&self.replaced)
                .map(|(c, person)| match person {
                    Some(name) => Controller::person(name.clone()),
                    None => c.clone(),
                })
                .collect();
            match self.shared.clone().create::<G>(setup).await {
                Ok(made) => self.rematch = Some(made),
                Err(e) => {
                    let frame: Arc<str> = error_frame(ErrorCode::Store, &format!("no rematch: {e}"), None).into();
                    for c in self.conns.values() {
                        let _ = c.out.try_send(frame.clone());
                    }
                    return;
                }
            }
        }
        let Some((id, tokens)) = &self.rematch else { return };
        for c in self.conns.values() {
            let token = c.member.map(|m| tokens[m.index()].clone());
            let _ = c.out.try_send(json!({"t": "rematch", "table": id, "token": token}).to_string().into());
        }
    }

    fn refresh_summary(&self) {
        let t = &self.table;
        let summary = Summary {
            id: self.id.clone(),
            game: G::ID.name(),
            rules: G::rules_text(&t.setup().rules),
            members: t
                .controllers()
                .iter()
                .enumerate()
                .map(|(i, c)| json!({"name": c.name(), "kind": kind_text(c), "here": self.present[i] > 0}))
                .collect(),
            open: t.controllers().iter().filter(|c| matches!(c, Controller::Empty)).count(),
            deal: t.number(),
            finished: self.finished,
            watchers: self.conns.values().filter(|c| c.member.is_none()).count(),
        };
        *self.summary.lock().unwrap_or_else(|p| p.into_inner()) = summary;
    }

    fn members_json(&self) -> Vec<Value> {
        self.table
            .controllers()
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({
                    "name": c.name(), "kind": kind_text(c), "bot": c.bot_kind().map(|k| k.to_string()),
                    "here": self.present[i] > 0, "away": self.replaced[i].is_some(),
                })
            })
            .collect()
    }

    /// The state a member (or a spectator, `None`) is shown.
    fn state(&self, member: Option<Member>, members: &[Value]) -> Value {
        let t = &self.table;
        let view = match member {
            Some(m) => t.view_of(m),
            None => t.spectator_view(),
        };
        let seat = member.and_then(|m| t.seat_of(m));
        let person = member.is_some_and(|m| t.controllers()[m.index()].is_person());
        let mut legal = Vec::new();
        if person && member.is_some() && t.member_to_act() == member {
            view.legal_actions(&mut legal);
        }
        let record = t.record();
        let n = t.members();
        let sheet = json!({
            "deals": record.deals().iter().map(|d| json!({"dealer": d.dealer.index(), "scores": &d.scores[..n]})).collect::<Vec<_>>(),
            "totals": &record.totals()[..n],
        });
        json!({
            "v": t.version(),
            "ticket": t.ticket(),
            "game": G::ID.name(),
            "rules": G::rules_text(&t.setup().rules),
            "you": member.map(Member::index),
            "seat": seat.map(Seat::index),
            "members": members,
            "deal": {
                "number": t.number(),
                "dealer": t.dealer().index(),
                "seats": Seat::all(t.seats()).map(|s| t.member_at(s).index()).collect::<Vec<_>>(),
                "seatNames": Seat::all(t.seats()).map(G::seat_name).collect::<Vec<_>>(),
                "toAct": t.to_act().map(Seat::index),
                "over": t.deal_over(),
            },
            "hand": sorted_hand::<G>(&view),
            "legal": legal.iter().map(|&a| json!({"action": G::action_json(a), "text": G::label(a, &view), "card": <G as Game>::card_of(a)})).collect::<Vec<_>>(),
            "view": G::view_json(&view),
            "talk": t.talk().iter().map(|(s, said)| json!({"seat": s.index(), "said": said.to_string()})).collect::<Vec<_>>(),
            "itemised": t.itemised().map(|rows| shown_rows(rows, view.visible_cards())),
            "sheet": sheet,
            "status": t.status(),
            "canNext": person && t.deal_over() && t.status() == MatchStatus::Running,
            "finished": self.finished,
        })
    }

    /// Sends `conn` the events it has not seen and its state.
    fn send_state(&mut self, conn: ConnId, fresh: bool) {
        let members = self.members_json();
        let Some(c) = self.conns.get(&conn) else { return };
        let frame = self.frame(c, fresh, &members, &mut HashMap::new());
        if c.out.try_send(frame).is_err() {
            self.drop_conn(conn);
        } else if let Some(c) = self.conns.get_mut(&conn) {
            c.sent = self.table.version();
        }
    }

    fn frame(&self, c: &Conn, fresh: bool, members: &[Value], cache: &mut HashMap<Option<Member>, Value>) -> Arc<str> {
        let mut state = cache.entry(c.member).or_insert_with(|| self.state(c.member, members)).clone();
        let from = if fresh { self.table.version() } else { c.sent };
        let events: Vec<&Value> = self.redacted.iter().skip(from as usize).collect();
        state["t"] = json!("state");
        state["events"] = json!(events);
        state["fresh"] = json!(fresh);
        state.to_string().into()
    }

    fn broadcast(&mut self) {
        self.broadcast_except(ConnId::MAX);
    }

    /// Sends every connection (but `skip`) its state and the events since
    /// the last it had; a connection whose queue is full is dropped (it
    /// reconnects and resumes).
    fn broadcast_except(&mut self, skip: ConnId) {
        let members = self.members_json();
        let mut cache = HashMap::new();
        let mut dead = Vec::new();
        let version = self.table.version();
        let ids: Vec<ConnId> = self.conns.keys().copied().filter(|&id| id != skip).collect();
        for id in ids {
            let c = &self.conns[&id];
            let frame = self.frame(c, false, &members, &mut cache);
            if c.out.try_send(frame).is_err() {
                dead.push(id);
            } else if let Some(c) = self.conns.get_mut(&id) {
                c.sent = version;
            }
        }
        for id in dead {
            self.drop_conn(id);
        }
    }

    fn drop_conn(&mut self, conn: ConnId) {
        if let Some(gone) = self.conns.remove(&conn)
            && let Some(member) = gone.member
        {
            self.left(member);
        }
    }
}

fn clean_name(name: &str, member: usize) -> String {
    let name: String = name.chars().filter(|c| !c.is_control()).take(24).collect::<String>().trim().to_owned();
    if name.is_empty() { format!("Guest {}", member + 1) } else { name }
}

/// The itemised rows a seat is shown: a row of cards only if its view
/// shows every one of them (a thrown-in deal's result lists the hands,
/// which stay hidden as in the views).
fn shown_rows(rows: Vec<trumpf_table::Row>, visible: trumpf_core::CardSet) -> Vec<trumpf_table::Row> {
    rows.into_iter()
        .filter(|row| match row {
            trumpf_table::Row::Cards { cards, .. } => cards.iter().all(|&c| visible.contains(c)),
            _ => true,
        })
        .collect()
}
