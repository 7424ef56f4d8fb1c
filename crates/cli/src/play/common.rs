//! The terminal game for any game played as a match (Spitzer, Spidge):
//! Model / Msg / update, the pieces of screen the games share, and the
//! event loop.
//!
//! [`MatchModel::update`] is the only way the model changes: keys, bot
//! answers and save results arrive as [`Msg`]s, and what the model needs
//! done outside (ask a bot, write a file, quit) leaves as [`Cmd`]s. The
//! screen reads the human's view kept in the model, never the deal itself;
//! each game draws it through [`TuiGame::render`].

use std::io::Stdout;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use anyhow::{Context, Result};
use crossterm::event::{Event, KeyEvent};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use trumpf_core::series::MatchStatus;
use trumpf_core::series::record::RecordGame;
use trumpf_core::{Card, CardSet, GameView, Member, Seat};

use super::input::{Intent, KeyStep, key_step, next_playable};
use super::model::{SaveTarget, Status};
use super::table::{BotAnswer, BotRequest, Bots, HUMAN, Table, Ticket};
use super::ui::{card_span, card_style, card_text};

/// What a game tells the shared terminal model and draws itself.
pub trait TuiGame: RecordGame {
    /// The game's name on the screen: `"Spitzer"`.
    const TITLE: &'static str;
    /// The file the `w` key saves to when `--save` is not given.
    const DEFAULT_SAVE: &'static str;
    /// Below this width the screen only asks for a larger terminal.
    const MIN_WIDTH: u16 = 60;
    /// Below this height the screen only asks for a larger terminal.
    const MIN_HEIGHT: u16 = 16;

    /// The seat to act, as the view knows it.
    fn acting(view: &Self::View) -> Option<Seat>;
    /// The cards the human's cursor runs over now, in display order: the
    /// hand he plays from next (Spidge's dealer: the dummy on its turn).
    fn cursor_cards(view: &Self::View) -> Vec<Card>;
    /// The cards the human may play now (empty unless it is his turn to play).
    fn legal_cards(view: &Self::View) -> CardSet;
    /// The action that plays `card`.
    fn play(card: Card) -> Self::Action;
    /// The action `p` takes, in games that have one.
    fn pass() -> Option<Self::Action>;
    /// The spoken name of `seat`: `"E1"`, `"L"`.
    fn seat_name(seat: Seat) -> &'static str;
    /// Where the human sits, said at a new deal: "you are E1 and lead".
    fn you_sit(seat: Seat) -> &'static str;
    /// One line on how the deal that just finished came out.
    fn summary(model: &MatchModel<Self>) -> String;
    /// The engine's refusal of the human's action, in words for the status
    /// line (cards with their suit symbols).
    fn refusal(error: &Self::Error) -> String;
    /// What the keys do in this phase, for a key that did nothing.
    fn hint(view: &Self::View) -> &'static str;
    /// Draws the screen (pure: the model's view, names and match only).
    fn render(model: &MatchModel<Self>, area: Rect, buf: &mut Buffer);
}

/// Something that happened.
#[derive(Clone, Debug)]
pub enum Msg<G: TuiGame> {
    /// A key was pressed.
    Key(KeyEvent),
    /// The terminal was resized (the next draw adapts).
    Resize,
    /// A bot answered.
    Bot(BotAnswer<G>),
    /// A save finished.
    Saved {
        /// The finished deals written.
        deals: usize,
        /// `Err` with the reason if the file could not be written.
        result: Result<(), String>,
    },
}

/// Something the model wants done.
#[derive(Clone, Debug)]
pub enum Cmd<G: TuiGame> {
    /// Ask a bot; its answer comes back as [`Msg::Bot`].
    AskBot(BotRequest<G>),
    /// Write `text` to `path`; the result comes back as [`Msg::Saved`].
    Save {
        /// The file.
        path: PathBuf,
        /// The trumpf match record.
        text: String,
        /// How many finished deals it holds.
        deals: usize,
    },
    /// Leave the terminal game.
    Quit,
}

/// The terminal game's state for one match.
pub struct MatchModel<G: TuiGame> {
    table: Table<G>,
    /// The human's view of the deal: the only game state the screen reads.
    pub(super) view: G::View,
    /// Member names: the human, then the bots.
    pub(super) names: Vec<String>,
    /// The card under the cursor, as an index into [`TuiGame::cursor_cards`].
    pub(super) cursor: usize,
    /// The highlighted option when the human chooses among actions that are
    /// not cards (Spitzer's announcements).
    pub(super) option: usize,
    /// The status line, if something is to be said.
    pub(super) status: Option<Status>,
    /// A quit was asked for; the next key confirms or cancels it.
    pub(super) quit_armed: bool,
    quit: bool,
    awaiting: Option<Ticket>,
    pub(super) save: SaveTarget,
    saved_deals: usize,
}

impl<G: TuiGame> MatchModel<G> {
    /// A model for `table`. Call [`MatchModel::start`] for the first commands.
    pub fn new(table: Table<G>, names: Vec<String>, save: SaveTarget) -> MatchModel<G> {
        let view = table.view(table.human_seat());
        let mut model = MatchModel {
            table,
            view,
            names,
            cursor: 0,
            option: 0,
            status: None,
            quit_armed: false,
            quit: false,
            awaiting: None,
            save,
            saved_deals: 0,
        };
        model.fit_cursor(None);
        model
    }

    /// The first commands: a bot request if a bot acts first.
    pub fn start(&mut self) -> Vec<Cmd<G>> {
        self.ask_bot()
    }

    /// Whether the human confirmed quitting.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The table (match, seats, records; not the deal's hidden cards).
    pub fn table(&self) -> &Table<G> {
        &self.table
    }

    /// Whether a bot's answer is awaited.
    pub fn awaiting_bot(&self) -> bool {
        self.awaiting.is_some()
    }

    /// Whether the deal on the screen is over.
    pub fn deal_over(&self) -> bool {
        G::acting(&self.view).is_none()
    }

    /// The name of the member sitting in `seat` this deal.
    pub(super) fn name_at(&self, seat: Seat) -> &str {
        &self.names[self.table.member_at(seat).index()]
    }

    /// "Bot 1 (E2)": who sits in `seat`.
    pub(super) fn who(&self, seat: Seat) -> String {
        format!("{} ({})", self.name_at(seat), G::seat_name(seat))
    }

    /// The cards the cursor runs over.
    pub(super) fn cursor_cards(&self) -> Vec<Card> {
        G::cursor_cards(&self.view)
    }

    /// The human's legal actions now (empty when it is not the human's turn).
    pub(super) fn legal(&self) -> Vec<G::Action> {
        let mut legal = Vec::new();
        self.view.legal_actions(&mut legal);
        legal
    }

    /// The actions to choose from a list (those that play no card), when it
    /// is the human's turn to choose one.
    pub(super) fn options(&self) -> Vec<G::Action> {
        self.legal().into_iter().filter(|&a| G::card_of(a).is_none()).collect()
    }

    /// The highlighted option, kept inside the list.
    pub(super) fn option_index(&self, options: usize) -> usize {
        self.option.min(options.saturating_sub(1))
    }

    /// The winner of the match, once it is over.
    pub(super) fn winner(&self) -> Option<Member> {
        match self.table.status() {
            MatchStatus::Won(member) => Some(member),
            _ => None,
        }
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg<G>) -> Vec<Cmd<G>> {
        match msg {
            Msg::Key(key) => self.on_key(key),
            Msg::Resize => Vec::new(),
            Msg::Bot(answer) => self.on_bot(answer),
            Msg::Saved { deals, result } => {
                self.status = Some(match result {
                    Ok(()) => {
                        self.saved_deals = self.saved_deals.max(deals);
                        let next = self.next_hint();
                        Status::Info(format!("Saved {deals} deal(s) to {}.{next}", self.save.path.display()))
                    }
                    Err(e) => Status::Error(format!("Could not save to {}: {e}", self.save.path.display())),
                });
                Vec::new()
            }
        }
    }

    /// What to press after a deal: " n: next deal." (empty during a deal).
    fn next_hint(&self) -> &'static str {
        if !self.deal_over() {
            ""
        } else if self.winner().is_some() {
            " The game is over: q quits."
        } else {
            " n: next deal."
        }
    }

    fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Info(text.into()));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Error(text.into()));
    }

    fn on_key(&mut self, key: KeyEvent) -> Vec<Cmd<G>> {
        let unsaved = self.table.record().deals().len().saturating_sub(self.saved_deals);
        match key_step(key, &mut self.quit_armed, unsaved, self.save.auto) {
            KeyStep::Nothing => Vec::new(),
            KeyStep::Quit => {
                self.quit = true;
                vec![Cmd::Quit]
            }
            KeyStep::Say(text) => {
                self.info(text);
                Vec::new()
            }
            KeyStep::Save => {
                self.status = None;
                self.save_now()
            }
            KeyStep::Act(intent) => {
                self.status = None;
                self.on_intent(intent)
            }
        }
    }

    fn on_intent(&mut self, intent: Intent) -> Vec<Cmd<G>> {
        // Spitzer and Spidge have no Kontra: `k` is up.
        let intent = intent.kontra_or_up(false);
        if self.deal_over() {
            // Not Enter: a player still pressing Enter to play cards would
            // skip the result.
            return match (intent, self.winner()) {
                (Intent::NextDeal, None) => self.next_deal(),
                (_, Some(_)) => {
                    self.info("The game is over: w saves the match, q quits.");
                    Vec::new()
                }
                _ => {
                    self.info("This deal is over: n starts the next one.");
                    Vec::new()
                }
            };
        }
        match intent {
            Intent::Cancel => return Vec::new(),
            Intent::NextDeal => {
                self.info(format!("Deal {} is still being played.", self.table.number()));
                return Vec::new();
            }
            _ => {}
        }
        let options = self.options();
        if !options.is_empty() {
            return self.choose_option(intent, &options);
        }
        if self.move_cursor(intent) {
            return Vec::new();
        }
        if !self.view.is_my_turn() {
            if let Some(seat) = G::acting(&self.view) {
                let who = self.who(seat);
                self.info(format!("Wait: {who} is to act."));
            }
            return Vec::new();
        }
        match intent {
            Intent::Pass => match G::pass() {
                Some(pass) => self.act(pass),
                None => {
                    self.error(format!("Not allowed: there is no passing in {}; play a card.", G::TITLE));
                    Vec::new()
                }
            },
            Intent::Confirm | Intent::Select => match self.cursor_cards().get(self.cursor) {
                Some(&card) => self.act(G::play(card)),
                None => Vec::new(),
            },
            _ => {
                self.info(G::hint(&self.view));
                Vec::new()
            }
        }
    }

    /// Keys while the human chooses from a list of actions.
    fn choose_option(&mut self, intent: Intent, options: &[G::Action]) -> Vec<Cmd<G>> {
        let last = options.len() - 1;
        let at = self.option_index(options.len());
        self.option = match intent {
            Intent::Confirm | Intent::Select => return self.act(options[at]),
            Intent::Pass => match G::pass() {
                Some(pass) => return self.act(pass),
                None => at,
            },
            Intent::Up | Intent::Left => at.saturating_sub(1),
            Intent::Down | Intent::Right => at + 1,
            Intent::PageUp => at.saturating_sub(5),
            Intent::PageDown => at + 5,
            Intent::First => 0,
            Intent::Last => last,
            _ => {
                self.info(G::hint(&self.view));
                at
            }
        }
        .min(last);
        Vec::new()
    }

    /// Moves the hand cursor for the cursor keys; `false` if the key is not one.
    fn move_cursor(&mut self, intent: Intent) -> bool {
        let cards = self.cursor_cards();
        let n = cards.len();
        if n == 0 {
            return false;
        }
        let last = n - 1;
        self.cursor = match intent {
            Intent::Left => self.cursor.min(last).saturating_sub(1),
            Intent::Right => (self.cursor + 1).min(last),
            Intent::First => 0,
            Intent::Last => last,
            Intent::NextPlayable | Intent::PrevPlayable => {
                let forward = intent == Intent::NextPlayable;
                match next_playable(self.cursor, &cards, G::legal_cards(&self.view), forward) {
                    Some(i) => i,
                    None => {
                        self.info("No card is playable now.");
                        self.cursor
                    }
                }
            }
            _ => return false,
        };
        true
    }

    /// Applies the human's action; the engine's refusal goes to the status line.
    fn act(&mut self, action: G::Action) -> Vec<Cmd<G>> {
        let seat = self.view.seat();
        match self.table.apply(seat, action) {
            Ok(()) => self.after(seat),
            Err(e) => {
                self.error(format!("Not allowed: {}", G::refusal(&e)));
                Vec::new()
            }
        }
    }

    fn on_bot(&mut self, answer: BotAnswer<G>) -> Vec<Cmd<G>> {
        if self.awaiting != Some(answer.ticket) || answer.ticket != self.table.ticket() {
            return Vec::new();
        }
        self.awaiting = None;
        let who = self.name_at(answer.seat).to_owned();
        let (taken, trouble) = self.table.apply_answer(&answer, &who);
        if let Some(trouble) = trouble {
            self.error(trouble);
        }
        match taken {
            Some(_) => self.after(answer.seat),
            None => Vec::new(),
        }
    }

    /// Brings the model up to date after `seat` acted.
    fn after(&mut self, seat: Seat) -> Vec<Cmd<G>> {
        let under_cursor = self.cursor_cards().get(self.cursor).copied();
        self.view = self.table.view(self.table.human_seat());
        if seat == self.view.seat() {
            self.option = 0;
        }
        self.fit_cursor(under_cursor);
        let mut cmds = Vec::new();
        if self.deal_over() {
            let summary = G::summary(self);
            self.info(format!("{summary}{}", self.next_hint()));
            if let Some(trouble) = self.table.take_trouble() {
                self.error(format!("Internal error: {trouble}"));
            }
            if self.save.auto {
                cmds.extend(self.save_cmd());
            }
        }
        cmds.extend(self.ask_bot());
        cmds
    }

    /// Keeps the cursor on the card it was on (if still there), inside the
    /// hand, and on a playable card when the human is to play.
    fn fit_cursor(&mut self, under_cursor: Option<Card>) {
        let cards = self.cursor_cards();
        if let Some(i) = under_cursor.and_then(|c| cards.iter().position(|&x| x == c)) {
            self.cursor = i;
        }
        self.cursor = self.cursor.min(cards.len().saturating_sub(1));
        let legal = G::legal_cards(&self.view);
        if !legal.is_empty() && !cards.get(self.cursor).is_some_and(|&c| legal.contains(c)) {
            self.cursor = cards.iter().position(|&c| legal.contains(c)).unwrap_or(0);
        }
    }

    fn ask_bot(&mut self) -> Vec<Cmd<G>> {
        self.table.new_bot_request(&mut self.awaiting).map(Cmd::AskBot).into_iter().collect()
    }

    fn next_deal(&mut self) -> Vec<Cmd<G>> {
        if !self.table.next_deal() {
            return Vec::new();
        }
        self.cursor = 0;
        self.option = 0;
        self.awaiting = None;
        self.view = self.table.view(self.table.human_seat());
        self.fit_cursor(None);
        let mut news = format!("Deal {}: {}", self.table.number(), G::you_sit(self.view.seat()));
        if self.table.dealer() != HUMAN {
            news.push_str(&format!("; {} deals", self.names[self.table.dealer().index()]));
        }
        self.info(format!("{news}."));
        self.ask_bot()
    }

    fn save_now(&mut self) -> Vec<Cmd<G>> {
        if self.table.record().deals().is_empty() {
            self.info("Nothing to save yet: no deal has finished.");
            return Vec::new();
        }
        self.save_cmd()
    }

    fn save_cmd(&mut self) -> Vec<Cmd<G>> {
        let text = self.table.record_text(&self.names);
        vec![Cmd::Save { path: self.save.path.clone(), text, deals: self.table.record().deals().len() }]
    }
}

impl<G: TuiGame> Widget for &MatchModel<G> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if !too_small(area, buf, G::MIN_WIDTH, G::MIN_HEIGHT) {
            G::render(self, area, buf);
        }
    }
}

/// On a terminal narrower than `min_width` or lower than `min_height`, draws
/// a notice asking for a larger one instead of the screen, and says so.
pub fn too_small(area: Rect, buf: &mut Buffer, min_width: u16, min_height: u16) -> bool {
    if area.width >= min_width && area.height >= min_height {
        return false;
    }
    let text = format!(
        "trumpf needs a terminal of at least 80×24; this one is {}×{}. Enlarge it, or press q twice to quit.",
        area.width, area.height
    );
    Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
    true
}

/// Width of the score panel.
pub const SHEET_WIDTH: u16 = 25;
/// Width of a column of the trick grid.
pub const TRICK_COLUMN: usize = 8;

/// The title bar.
pub fn title_line(text: String) -> Line<'static> {
    Line::from(text).style(Style::new().fg(Color::White).bg(Color::Blue).add_modifier(Modifier::BOLD))
}

/// The status line: the model's message, or `fallback`.
pub fn status_line(status: Option<&Status>, fallback: String) -> Line<'static> {
    match status {
        Some(Status::Info(text)) => Line::from(text.clone()).style(Style::new().fg(Color::Cyan)),
        Some(Status::Error(text)) => Line::from(text.clone()).style(Style::new().fg(Color::Red).bold()),
        None => Line::from(fallback),
    }
}

/// The help line at the bottom.
pub fn help_line(text: &'static str) -> Line<'static> {
    Line::from(text).style(Style::new().add_modifier(Modifier::DIM))
}

/// A row of cards with a row of marks below: the cursor `▲`, a playable card
/// `•`; with `playing`, cards that may not be played are dimmed.
pub fn card_row(cards: &[Card], legal: CardSet, playing: bool, cursor: Option<usize>) -> Vec<Line<'static>> {
    let (playable, dimmed) = if playing { (legal, !legal) } else { (CardSet::EMPTY, CardSet::EMPTY) };
    marked_card_row(cards, cursor, playable, dimmed, CardSet::EMPTY)
}

/// A row of cards with a row of marks below: the cursor `▲`, a card of
/// `marked` `×` (on a grey ground), a card of `playable` `•`; the cards of
/// `dimmed` are dimmed.
pub fn marked_card_row(
    cards: &[Card],
    cursor: Option<usize>,
    playable: CardSet,
    dimmed: CardSet,
    marked: CardSet,
) -> Vec<Line<'static>> {
    let mut row = Vec::new();
    let mut marks = Vec::new();
    for (i, &card) in cards.iter().enumerate() {
        let mut style = card_style(card).add_modifier(Modifier::BOLD);
        let at_cursor = cursor == Some(i);
        if dimmed.contains(card) {
            style = style.remove_modifier(Modifier::BOLD).add_modifier(Modifier::DIM);
        }
        if marked.contains(card) {
            style = style.bg(Color::DarkGray);
        }
        if at_cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        row.push(Span::raw(" "));
        row.push(Span::styled(format!("{:<3}", card_text(card)), style));
        let mark = if at_cursor {
            "▲"
        } else if marked.contains(card) {
            "×"
        } else if playable.contains(card) {
            "•"
        } else {
            " "
        };
        marks.push(Span::raw(format!(" {mark}  ")));
    }
    vec![Line::from(row), Line::from(marks)]
}

/// The trick grid, one column of `width` per seat (`names`, in seat order):
/// a header row of the names; the trick in progress, number `trick_no`, as
/// `trick`'s cards (in play order) led by seat `leader`, the led card marked
/// `▸`, `…` under the seat `to_act` and `·` under the others yet to play;
/// and the last trick, if any (its cards in play order, its leader and what
/// follows the cards: `→ Bot 1 +17`).
pub fn trick_grid(
    width: usize,
    names: &[impl AsRef<str>],
    trick_no: u8,
    (trick, leader): (&[Card], usize),
    to_act: Option<usize>,
    last: Option<(&[Card], usize, String)>,
) -> Vec<Line<'static>> {
    let seats = names.len();
    let cell = |text: Vec<Span<'static>>| {
        let used: usize = text.iter().map(Span::width).sum();
        let mut spans = text;
        spans.push(Span::raw(" ".repeat(width.saturating_sub(used))));
        spans
    };
    let played = |card: Card, led: bool| cell(vec![Span::raw(if led { "▸" } else { " " }), card_span(card)]);
    let mut header = vec![Span::raw(" ".repeat(width))];
    for name in names {
        header.extend(cell(vec![Span::raw(format!(" {}", name.as_ref()))]));
    }
    let mut lines = vec![Line::from(header).bold()];
    let mut now = cell(vec![Span::raw(format!("Trick {trick_no}"))]);
    for seat in 0..seats {
        let k = (seat + seats - leader) % seats;
        now.extend(match trick.get(k) {
            Some(&card) => played(card, k == 0),
            None if to_act == Some(seat) => cell(vec![Span::raw(" …")]),
            None => cell(vec![Span::raw(" ·")]),
        });
    }
    lines.push(Line::from(now));
    if let Some((cards, leader, after)) = last {
        let mut spans = cell(vec![Span::raw("Last")]);
        for seat in 0..seats {
            let k = (seat + seats - leader) % seats;
            spans.extend(played(cards[k], k == 0));
        }
        spans.push(Span::raw(after));
        lines.push(Line::from(spans));
    }
    lines
}

/// A member's name cut to `width` characters, for narrow columns.
pub fn short_name(name: &str, width: usize) -> String {
    let compact: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    compact.chars().take(width).collect()
}

/// A number of game points gained: `+3`, or `.` for nothing.
pub fn gain(points: i64) -> String {
    if points == 0 { ".".to_owned() } else { format!("{points:+}") }
}

/// The score panel: the points each member gained per deal, and the totals.
pub fn render_sheet<G: TuiGame>(model: &MatchModel<G>, title: String, area: Rect, buf: &mut Buffer) {
    let record = model.table().record();
    let members = record.members();
    let width = if members > 3 { 4 } else { 5 };
    let row = |first: &str, cells: Vec<String>| {
        let mut text = format!("{first:>3}");
        for c in cells {
            text.push_str(&format!(" {c:>width$}"));
        }
        text
    };
    let names = (0..members).map(|m| short_name(&model.names[m], width)).collect();
    let mut lines = vec![Line::from(row("#", names)).bold()];
    let room = usize::from(area.height.saturating_sub(2)).saturating_sub(3);
    let deals = record.deals();
    for (i, deal) in deals.iter().enumerate().skip(deals.len().saturating_sub(room)) {
        lines.push(Line::from(row(&(i + 1).to_string(), (0..members).map(|m| gain(deal.scores[m])).collect())));
    }
    lines.push(Line::from("─".repeat(usize::from(area.width.saturating_sub(2)))));
    let totals = record.totals();
    let mut total = Line::from(row("Σ", (0..members).map(|m| totals[m].to_string()).collect())).bold();
    if model.winner().is_some() {
        total = total.fg(Color::Green);
    }
    lines.push(total);
    Paragraph::new(lines).block(Block::bordered().title(title)).render(area, buf);
}

/// "Waiting for Bot 1 (E2)…" while another seat is to act.
pub fn waiting_line<G: TuiGame>(model: &MatchModel<G>) -> Option<Line<'static>> {
    let seat = G::acting(&model.view)?;
    (seat != model.view.seat()).then(|| Line::from(format!("Waiting for {}…", model.who(seat))).italic())
}

/// The end of the match, when it is over: who won, with the totals.
pub fn winner_lines<G: TuiGame>(model: &MatchModel<G>) -> Vec<Line<'static>> {
    let Some(winner) = model.winner() else { return Vec::new() };
    let totals = model.table().record().totals();
    let name = &model.names[winner.index()];
    let verb = if winner == HUMAN { "win" } else { "wins" };
    vec![
        Line::from(format!("GAME OVER: {name} {verb} the game with {} points.", totals[winner.index()]))
            .style(Style::new().fg(Color::Green).add_modifier(Modifier::BOLD)),
    ]
}

/// The frame of a match screen: the title bar, the score panel on the right
/// (`sheet` its title), the status line (`fallback` when the model has
/// nothing to say) and the help line. Returns the area left for the game.
pub fn render_frame<G: TuiGame>(
    model: &MatchModel<G>,
    title: Line<'static>,
    sheet: String,
    fallback: String,
    help: &'static str,
    area: Rect,
    buf: &mut Buffer,
) -> Rect {
    let [title_area, body, status, help_area] =
        Layout::vertical([Constraint::Length(1), Constraint::Fill(1), Constraint::Length(1), Constraint::Length(1)])
            .areas(area);
    let [left, right] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(SHEET_WIDTH)]).areas(body);
    title.render(title_area, buf);
    render_sheet(model, sheet, right, buf);
    status_line(model.status.as_ref(), fallback).render(status, buf);
    help_line(help).render(help_area, buf);
    left
}

/// `trumpf play` for a game played as a match: a table under `rules` from
/// `--seed` (or the clock), member `first_dealer` dealing first, the human
/// and `bots` named `names`; plays until the human quits, then says how the
/// match stands.
pub fn play_match<G: TuiGame>(
    args: &super::PlayArgs,
    rules: G::Rules,
    first_dealer: Member,
    names: Vec<String>,
    bots: Bots<G>,
) -> Result<()> {
    let seed = args.seed.unwrap_or_else(super::clock_seed);
    let table = Table::<G>::new(seed, rules, first_dealer)?;
    let save = SaveTarget {
        auto: args.save.is_some(),
        path: args.save.clone().unwrap_or_else(|| PathBuf::from(G::DEFAULT_SAVE)),
    };
    let model = run_match(MatchModel::new(table, names, save), bots, super::delay(args))?;
    print!("{}", farewell(&model));
    Ok(())
}

/// Runs the terminal game until the human quits: the bots on their own
/// thread, keys on another, the model updated on this one.
pub fn run_match<G: TuiGame>(mut model: MatchModel<G>, mut bots: Bots<G>, delay: Duration) -> Result<MatchModel<G>> {
    let (tx, rx) = mpsc::channel::<Msg<G>>();
    let bot_tx = super::spawn_bots(move |request| Msg::Bot(bots.answer(request)), delay, tx.clone())?;
    super::spawn_keys(tx.clone(), |event| match event {
        Event::Key(key) => Some(Msg::Key(key)),
        Event::Resize(..) => Some(Msg::Resize),
        _ => None,
    })?;
    let mut screen = super::Screen::enter().context("could not set up the terminal")?;
    let result = event_loop(&mut screen.terminal, &mut model, &rx, &tx, &bot_tx);
    drop(screen);
    result?;
    Ok(model)
}

fn event_loop<G: TuiGame>(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    model: &mut MatchModel<G>,
    rx: &Receiver<Msg<G>>,
    tx: &Sender<Msg<G>>,
    bots: &Sender<BotRequest<G>>,
) -> Result<()> {
    let mut cmds = model.start();
    loop {
        for cmd in cmds.drain(..) {
            match cmd {
                Cmd::AskBot(request) => bots.send(request).context("the bot thread stopped")?,
                Cmd::Save { path, text, deals } => {
                    let result = std::fs::write(&path, text).map_err(|e| e.to_string());
                    // The receiver lives in this function, so the send cannot fail.
                    let _ = tx.send(Msg::Saved { deals, result });
                }
                Cmd::Quit => return Ok(()),
            }
        }
        terminal.draw(|frame| frame.render_widget(&*model, frame.area()))?;
        let msg = rx.recv().context("the key reader stopped")?;
        cmds = model.update(msg);
    }
}

/// What `trumpf play` prints after the terminal is restored.
pub fn farewell<G: TuiGame>(model: &MatchModel<G>) -> String {
    let table = model.table();
    let record = table.record();
    let mut text =
        format!("trumpf play {} --seed {}: {} deal(s) finished.\n", G::NAME, table.seed(), record.deals().len());
    let totals = record.totals();
    for (name, total) in model.names.iter().zip(totals).take(record.members()) {
        text.push_str(&format!("  {name:<6} {total:>4}\n"));
    }
    if let Some(winner) = model.winner() {
        text.push_str(&format!("{} won the game.\n", model.names[winner.index()]));
    }
    if model.save.auto && !record.deals().is_empty() {
        text.push_str(&format!("The match is saved in {}.\n", model.save.path.display()));
    }
    text
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyModifiers};
    use ratatui::backend::TestBackend;

    pub fn key<G: TuiGame>(code: KeyCode) -> Msg<G> {
        Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    pub fn ch<G: TuiGame>(c: char) -> Msg<G> {
        key(KeyCode::Char(c))
    }

    /// Feeds `msg`, then answers bot requests synchronously until the human
    /// is to act; returns the other commands.
    pub fn feed<G: TuiGame>(model: &mut MatchModel<G>, bots: &mut Bots<G>, msg: Msg<G>) -> Vec<Cmd<G>> {
        let mut pending = model.update(msg);
        let mut other = Vec::new();
        while let Some(cmd) = pending.pop() {
            match cmd {
                Cmd::AskBot(request) => pending.extend(model.update(Msg::Bot(bots.answer(request)))),
                cmd => other.push(cmd),
            }
        }
        other
    }

    /// Starts the model and lets the bots act until the human is to act.
    pub fn started<G: TuiGame>(mut model: MatchModel<G>, bots: &mut Bots<G>) -> MatchModel<G> {
        let mut pending = model.start();
        while let Some(cmd) = pending.pop() {
            if let Cmd::AskBot(request) = cmd {
                pending.extend(model.update(Msg::Bot(bots.answer(request))));
            }
        }
        model
    }

    /// The model drawn on a `width` × `height` test terminal.
    pub fn screen<G: TuiGame>(model: &MatchModel<G>, width: u16, height: u16) -> Buffer {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| frame.render_widget(model, frame.area())).unwrap();
        terminal.backend().buffer().clone()
    }

    /// The buffer's rows with runs of spaces collapsed, one per line.
    pub fn text(buf: &Buffer) -> String {
        crate::play::ui::tests::rows(buf)
            .iter()
            .map(|row| crate::play::ui::tests::squeeze(row))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The rows of the panel whose top border holds `title`: the border and
    /// the two rows below it.
    pub fn panel(buf: &Buffer, title: &str) -> (u16, Vec<String>) {
        let rows = crate::play::ui::tests::rows(buf);
        let top = rows.iter().position(|r| r.contains(title)).unwrap_or_else(|| panic!("no {title:?} panel"));
        (top as u16, rows[top..top + 3].to_vec())
    }

    /// Checks the row of cards in the panel whose top border is row `top`:
    /// each card's suit symbol, and below it `▲` at `cursor`, `•` under the
    /// other cards of `legal`, a blank under the rest. Where `legal` is given
    /// (the row plays), its cards are not dimmed and the others are.
    pub fn check_marks(buf: &Buffer, top: u16, cards: &[Card], legal: Option<CardSet>, cursor: Option<usize>) {
        for (i, &card) in cards.iter().enumerate() {
            let x = 2 + 4 * i as u16;
            let cell = buf.cell((x, top + 1)).unwrap();
            assert_eq!(cell.symbol(), card_text(card).chars().next().unwrap().to_string(), "card {i} is {card}");
            let playable = legal.is_some_and(|legal| legal.contains(card));
            let expected = if cursor == Some(i) {
                "▲"
            } else if playable {
                "•"
            } else {
                " "
            };
            assert_eq!(buf.cell((x, top + 2)).unwrap().symbol(), expected, "the mark under {card}");
            if legal.is_some() {
                assert_eq!(cell.modifier.contains(Modifier::DIM), !playable, "{card} is dimmed iff not playable");
            }
        }
    }

    /// A random key for the fuzz tests: one of `codes` or a character of
    /// `chars`, with no modifier, Shift, Control or Alt; `None` for Ctrl-C and
    /// Ctrl-D, which would quit.
    pub fn random_key(rng: &mut rand_chacha::ChaCha8Rng, codes: &[KeyCode], chars: &[char]) -> Option<KeyEvent> {
        use rand::RngExt as _;
        let modifiers = [KeyModifiers::NONE, KeyModifiers::SHIFT, KeyModifiers::CONTROL, KeyModifiers::ALT];
        let code = if rng.random_range(0..2) == 0 {
            codes[rng.random_range(0..codes.len())]
        } else {
            KeyCode::Char(chars[rng.random_range(0..chars.len())])
        };
        let modifier = modifiers[rng.random_range(0..modifiers.len())];
        (modifier != KeyModifiers::CONTROL || !matches!(code, KeyCode::Char('c' | 'd')))
            .then(|| KeyEvent::new(code, modifier))
    }

    /// Random keys (and the odd resize and redraw) must never crash a model.
    pub fn fuzz<G: TuiGame>(
        mut m: MatchModel<G>,
        bots: &mut Bots<G>,
        mut policy: impl FnMut(&MatchModel<G>) -> Msg<G>,
        steps: usize,
        seed: u64,
    ) {
        use rand::RngExt as _;
        use rand::SeedableRng;
        let codes = [
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Tab,
            KeyCode::BackTab,
            KeyCode::Backspace,
            KeyCode::Delete,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::PageUp,
            KeyCode::PageDown,
            KeyCode::F(1),
            KeyCode::Null,
        ];
        let chars: Vec<char> = "abcdefghijklmnoprstuvwxyz YNPSW+-?0123456789é♣".chars().collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        m = started(m, bots);
        for step in 0..steps {
            let msg = match rng.random_range(0..10) {
                0..5 => policy(&m),
                5 => Msg::Resize,
                _ => match random_key(&mut rng, &codes, &chars) {
                    Some(key) => Msg::Key(key),
                    None => continue,
                },
            };
            feed(&mut m, bots, msg);
            if m.should_quit() {
                break;
            }
            if step % 7 == 0 {
                let (w, h) = (rng.random_range(0..120), rng.random_range(0..40));
                screen(&m, w, h);
            }
        }
    }
}
