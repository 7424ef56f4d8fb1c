//! One terminal model for every game: Model / Msg / update.
//!
//! [`Model::update`] is the only way the model changes: keys, bot answers
//! and save results arrive as [`Msg`]s, and what the model needs done
//! outside (ask a bot, write a file, quit) leaves as [`Cmd`]s. The model
//! drives a [`Table`] for its person, member [`Model::me`], and keeps his
//! view of the deal: the only game state the screen reads. What differs
//! between the games (the keys of Skat's auction and skat, the screens)
//! comes from [`TuiGame`], whose [`TuiGame::Extra`] holds a game's own
//! screen state.
//!
//! Hints (`?`) and the analysis after a deal (`a`) are slow work: they
//! leave as [`Cmd::Advise`] and [`Cmd::Analyse`] and come back as
//! [`Msg::Hint`] and [`Msg::Analysis`]; an answer for a decision or a deal
//! that is no longer on the screen is ignored.

use std::fmt::Debug;
use std::path::{Path, PathBuf};

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::Line;
use ratatui::widgets::Widget;
use ratatui::widgets::{Block, Paragraph, Wrap};
use trumpf_ai::advice::{Advice, Advise};
use trumpf_ai::analysis::Analysis;
use trumpf_core::series::MatchStatus;
use trumpf_core::{Card, CardSet, GameView, Member, Seat};
use trumpf_table::{ActError, BotAnswer, BotRequest, SaveError, SaveFormat, Saved, Table, TableGame, Ticket};

use crate::hints::{
    Analyse, AnalysisAnswer, AnalysisRequest, HINT_WORLDS, Hint, HintAnswer, HintRequest, Review, ReviewState,
    ReviewText, review_lines,
};
use crate::input::{Intent, KeyStep, key_step, next_playable};
use crate::widgets::{
    Bottom, Status, card_text, fit, fits, frame, help_line, match_sheet, status_line, too_small, wrap_words,
};

/// What a game brings to the terminal: its screens and the words and keys
/// that differ from game to game. The defaults are those of a game played
/// card by card after a list of announcements (Spitzer, Spidge).
pub trait TuiGame: TableGame + Advise + Analyse {
    /// The game's own screen state (Skat: marked cards, the bid chosen,
    /// the sheet's scroll).
    type Extra: Default + Debug + Send;

    /// The game's name on the screen: `"Spitzer"`.
    const TITLE: &'static str;
    /// Whether a save's message ends with what to press next.
    const HINT_AFTER_SAVE: bool = true;

    /// The extension of a file saved in `format`: `txt` for the trumpf
    /// record.
    fn file_extension(format: SaveFormat) -> &'static str {
        let _ = format;
        "txt"
    }

    /// The seat to act, as the view knows it.
    fn acting(view: &Self::View) -> Option<Seat>;

    /// The cards the cursor runs over now, in display order: the hand the
    /// person plays from (Spidge's dealer: the dummy on its turn).
    fn cursor_cards(model: &Model<Self>) -> Vec<Card>;

    /// The cards the person may play now (empty unless it is his turn to play).
    fn legal_cards(view: &Self::View) -> CardSet;

    /// One line on how the deal that just finished came out.
    fn summary(model: &Model<Self>) -> String;

    /// The game's refusal of the person's action, in words for the status
    /// line ("Not allowed: ...", cards with their suit symbols).
    fn refusal(error: &Self::Error) -> String;

    /// What to press after a deal: " n: next deal." (empty during a deal).
    fn next_hint(model: &Model<Self>) -> String {
        if !model.deal_over() {
            String::new()
        } else if model.winner().is_some() {
            " The game is over: q quits.".to_owned()
        } else {
            " n: next deal.".to_owned()
        }
    }

    /// The status line when a deal begins: "Deal 2: you are E2; Bot 1 deals."
    fn deal_news(model: &Model<Self>) -> String {
        let table = model.table();
        let mut news = format!("Deal {}: {}", table.number(), Self::you_sit(model.view.seat()));
        if table.dealer() != model.me() {
            news.push_str(&format!("; {} deals", model.name(table.dealer())));
        }
        format!("{news}.")
    }

    /// The status line before the first key, if any.
    fn opening(_model: &Model<Self>) -> Option<String> {
        None
    }

    /// Where the person sits, said at a new deal: "you are E1 and lead".
    fn you_sit(seat: Seat) -> &'static str {
        Self::seat_name(seat)
    }

    /// The action `p` takes, in games that have one.
    fn pass() -> Option<Self::Action> {
        None
    }

    /// What the keys do in this phase, for a key that did nothing.
    fn hint(_view: &Self::View) -> &'static str {
        ""
    }

    /// The actions chosen from a list now (↑/↓ and Enter): by default
    /// those of the person's legal actions that play no card.
    fn options(model: &Model<Self>) -> Vec<Self::Action> {
        model.legal().into_iter().filter(|&a| Self::card_of(a).is_none()).collect()
    }

    /// Handles an intent once the keys every game shares are dealt with.
    fn on_intent(model: &mut Model<Self>, intent: Intent) -> Vec<Cmd<Self>> {
        model.play_intent(intent)
    }

    /// Brings the game's screen state up to date after `seat` took
    /// `action`; `before` is the person's view before it.
    fn after_action(model: &mut Model<Self>, seat: Seat, _action: Self::Action, _before: &Self::View) {
        if seat == model.view.seat() {
            model.option = 0;
        }
    }

    /// Keeps the cursor sensible after a change: on the card it was on
    /// (`under_cursor`, if still there), inside the hand, on a playable card
    /// when the person is to play.
    fn fit_cursor(model: &mut Model<Self>, under_cursor: Option<Card>) {
        model.keep_cursor(under_cursor);
    }

    /// What a key without a meaning says, where the game has its own words
    /// for it (Skat while the person sits a deal out).
    fn idle_key(_model: &Model<Self>) -> Option<&'static str> {
        None
    }

    /// The status line once `saved` (what `table` has played so far) goes
    /// to `path` at the person's asking: "Saved 2 deals and deal 3 so far
    /// to FILE."
    fn save_message(saved: &Saved, table: &Table<Self>, path: &Path) -> String {
        let _ = saved;
        format!("Saved {} to {}.", saved_contents(table), path.display())
    }

    /// Draws the screen (pure: the model's view, the table's public record).
    fn render(model: &Model<Self>, area: Rect, buf: &mut Buffer);

    /// A card's value in a hint: a chance to win by default ("78%").
    fn hint_value(value: f64) -> String {
        format!("{:.0}%", value * 100.0)
    }

    /// A recommended action in words: the card ("♠A"), or what the action
    /// does ("pass").
    fn action_words(model: &Model<Self>, action: Self::Action) -> String {
        let _ = model;
        Self::card_of(action).map_or_else(|| action.to_string(), card_text)
    }

    /// Moves the cursor (or the highlighted option) to a recommended
    /// action, where the screen shows it; the person still takes it himself.
    fn point_at(model: &mut Model<Self>, action: Self::Action) {
        model.point_at(action);
    }

    /// The words around an analysis of the deal just finished: by default
    /// the declaring side's chances with every card known, each card's
    /// player by the seat's name, what each seat gave away in card points.
    fn review_text(model: &Model<Self>, analysis: &Analysis) -> ReviewText {
        let headline = match (analysis.could_win, analysis.perfect_value) {
            (Some(true), Some(value)) => format!(
                "With every card known, the declaring side could have made its game: {value} card points with best play."
            ),
            (Some(false), Some(value)) => format!(
                "With every card known, the declaring side could not have made its game: {value} card points with best play."
            ),
            _ => "Every card checked with all hands known.".to_owned(),
        };
        model.seat_review(headline, analysis, "card points")
    }

    /// What `trumpf play` prints after the terminal is restored;
    /// `invocation` is the command that plays the same table again.
    ///
    /// # Errors
    /// If the finished deals cannot be written (a bug if it ever happens).
    fn farewell(model: &Model<Self>, invocation: &str) -> Result<String, SaveError> {
        Ok(match_farewell(model, invocation))
    }
}

/// Something that happened.
#[derive(Clone, Debug)]
pub enum Msg<G: TuiGame> {
    /// A key was pressed.
    Key(KeyEvent),
    /// The terminal has this size (at the start and after every resize);
    /// the next draw adapts, and below the size the screen needs, game keys
    /// do nothing.
    Resize {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
    },
    /// A bot answered.
    Bot(BotAnswer<G>),
    /// A hint was worked out (from [`Cmd::Advise`]).
    Hint(HintAnswer<G>),
    /// A finished deal was analysed (from [`Cmd::Analyse`]).
    Analysis(AnalysisAnswer),
    /// A save finished.
    Saved {
        /// The file.
        path: PathBuf,
        /// The table's version the file holds (from [`Cmd::Save`]).
        version: u64,
        /// `Err` with the reason if the file could not be written.
        result: Result<(), String>,
        /// What to say when it worked (from [`Cmd::Save`]).
        message: Option<String>,
    },
}

/// Something the model wants done.
#[derive(Clone, Debug)]
pub enum Cmd<G: TuiGame> {
    /// Ask a bot; its answer comes back as [`Msg::Bot`].
    AskBot(BotRequest<G>),
    /// Work out a hint, off the UI thread; it comes back as [`Msg::Hint`].
    Advise(HintRequest<G>),
    /// Analyse a finished deal, off the UI thread; it comes back as
    /// [`Msg::Analysis`].
    Analyse(AnalysisRequest<G>),
    /// Write `text` to `path`, whole or not at all, before anything else
    /// happens; the result comes back as [`Msg::Saved`].
    Save {
        /// The file.
        path: PathBuf,
        /// The records: the match so far, the deal in progress included.
        text: String,
        /// The table's version it holds ([`Table::version`]).
        version: u64,
        /// What the status line says when the file is written: set for a
        /// save the person asked for (`w`), not for the save after every
        /// action, which is silent unless it fails.
        message: Option<String>,
    },
    /// Leave the terminal game.
    Quit,
}

/// Where and how the match is saved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveTarget {
    /// The file.
    pub path: PathBuf,
    /// Save after every action and every new deal (`trumpf play` always
    /// does); without it only `w` saves.
    pub auto: bool,
    /// The format asked for.
    pub format: SaveFormat,
}

/// The terminal game's state: the table, the person's view, the screen.
pub struct Model<G: TuiGame> {
    table: Table<G>,
    me: Member,
    /// The person's view of the deal: the only game state the screen reads.
    pub(crate) view: G::View,
    /// The card under the cursor, as an index into [`TuiGame::cursor_cards`].
    pub(crate) cursor: usize,
    /// The highlighted option when the person chooses among actions that
    /// are not cards.
    pub(crate) option: usize,
    /// The status line, if something is to be said.
    pub(crate) status: Option<Status>,
    /// A quit was asked for; the next key confirms or cancels it.
    pub(crate) quit_armed: bool,
    quit: bool,
    awaiting: Option<Ticket>,
    pub(crate) save: SaveTarget,
    /// The table's version the file holds, once a save has worked.
    saved_version: Option<u64>,
    /// Why the last save failed, until one works again.
    save_failure: Option<String>,
    /// The terminal's size, once it is known.
    size: Option<(u16, u16)>,
    /// The game's own screen state.
    pub(crate) extra: G::Extra,
    /// The hint asked for, with the decision it is for.
    hint: Option<(Ticket, Hint<G::Action>)>,
    /// The analysis of the deal just finished.
    review: Option<Review>,
}

impl<G: TuiGame> Model<G> {
    /// A model for `table` played by member `me`, saving as `save` says.
    /// Call [`Model::start`] for the first commands.
    pub fn new(table: Table<G>, me: Member, save: SaveTarget) -> Model<G> {
        let view = table.view_of(me);
        let mut model = Model {
            table,
            me,
            view,
            cursor: 0,
            option: 0,
            status: None,
            quit_armed: false,
            quit: false,
            awaiting: None,
            save,
            saved_version: None,
            save_failure: None,
            size: None,
            extra: G::Extra::default(),
            hint: None,
            review: None,
        };
        G::fit_cursor(&mut model, None);
        model.status = G::opening(&model).map(Status::Info);
        model
    }

    /// The first commands: a bot request if a bot acts first (the
    /// analysis, if the deal is over already).
    pub fn start(&mut self) -> Vec<Cmd<G>> {
        let mut cmds = self.analyse();
        cmds.extend(self.ask_bot());
        cmds
    }

    /// Whether the person confirmed quitting.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The table (match, seats, records; not the deal's hidden cards).
    pub fn table(&self) -> &Table<G> {
        &self.table
    }

    /// The member the screen is for.
    pub fn me(&self) -> Member {
        self.me
    }

    /// The person's view of the deal in progress.
    pub fn view(&self) -> &G::View {
        &self.view
    }

    /// Whether a bot's answer is awaited.
    pub fn awaiting_bot(&self) -> bool {
        self.awaiting.is_some()
    }

    /// Whether the deal on the screen is over.
    pub fn deal_over(&self) -> bool {
        G::acting(&self.view).is_none()
    }

    /// Whether the person sits this deal out (Skat's dealer at a
    /// four-member table), watching through the spectator's view.
    pub fn sits_out(&self) -> bool {
        self.view.is_spectator()
    }

    /// The name of `member`.
    pub fn name(&self, member: Member) -> &str {
        self.table.name(member)
    }

    /// The name of the member sitting in `seat` this deal.
    pub fn name_at(&self, seat: Seat) -> &str {
        self.table.name_at(seat)
    }

    /// "Bot 1 (E2)": who sits in `seat`.
    pub fn who(&self, seat: Seat) -> String {
        self.table.who(seat)
    }

    /// Whether `seat` is the person's in this deal (never while he sits out).
    pub fn is_me(&self, seat: Seat) -> bool {
        !self.sits_out() && seat == self.view.seat()
    }

    /// Every member's name.
    pub fn names(&self) -> Vec<String> {
        self.table.names()
    }

    /// The cards the cursor runs over.
    pub fn cursor_cards(&self) -> Vec<Card> {
        G::cursor_cards(self)
    }

    /// The person's legal actions now (empty when it is not his turn).
    pub fn legal(&self) -> Vec<G::Action> {
        let mut legal = Vec::new();
        self.view.legal_actions(&mut legal);
        legal
    }

    /// The actions to choose from a list now.
    pub fn options(&self) -> Vec<G::Action> {
        G::options(self)
    }

    /// The highlighted option, kept inside the list.
    pub fn option_index(&self, options: usize) -> usize {
        self.option.min(options.saturating_sub(1))
    }

    /// The winner of the match, once it is won.
    pub fn winner(&self) -> Option<Member> {
        match self.table.status() {
            MatchStatus::Won(member) => Some(member),
            _ => None,
        }
    }

    /// The file the match is saved to.
    pub fn save_path(&self) -> &Path {
        &self.save.path
    }

    /// Whether the file holds the match as it stands now.
    pub fn saved(&self) -> bool {
        self.saved_version == Some(self.table.version())
    }

    /// Why the last save failed, while no save has worked since.
    pub fn save_failure(&self) -> Option<&str> {
        self.save_failure.as_deref()
    }

    /// Whether the terminal is large enough for the game's screen (an
    /// unknown size is taken to be). While it is not, the screen asks for
    /// a larger one and game keys do nothing.
    pub fn fits(&self) -> bool {
        self.size.is_none_or(|(width, height)| fits(width, height))
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg<G>) -> Vec<Cmd<G>> {
        match msg {
            Msg::Key(key) => self.on_key(key),
            Msg::Resize { width, height } => {
                self.size = Some((width, height));
                Vec::new()
            }
            Msg::Bot(answer) => self.on_bot(answer),
            Msg::Hint(answer) => {
                self.on_hint(answer);
                Vec::new()
            }
            Msg::Analysis(answer) => {
                self.on_analysis(answer);
                Vec::new()
            }
            Msg::Saved { path, version, result, message } => {
                match result {
                    Ok(()) => {
                        self.saved_version = Some(self.saved_version.map_or(version, |v| v.max(version)));
                        let failed_before = self.save_failure.take().is_some();
                        match message {
                            Some(message) => {
                                let next = if G::HINT_AFTER_SAVE { G::next_hint(self) } else { String::new() };
                                self.info(format!("{message}{next}"));
                            }
                            None if failed_before => {
                                self.info(format!("Saved to {} again: the file holds the game.", path.display()));
                            }
                            None => {}
                        }
                    }
                    Err(e) => {
                        self.error(format!("Could not save to {}: {e}. Play goes on; w tries again.", path.display()));
                        self.save_failure = Some(e);
                    }
                }
                Vec::new()
            }
        }
    }

    pub(crate) fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Info(text.into()));
    }

    pub(crate) fn error(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Error(text.into()));
    }

    fn on_key(&mut self, key: KeyEvent) -> Vec<Cmd<G>> {
        let unsaved = match (&self.save_failure, self.saved()) {
            (_, true) => None,
            (Some(_), false) => Some("The last save failed: w tries again."),
            (None, false) => Some("Not saved since the last move: w saves."),
        };
        let quit_was_armed = self.quit_armed;
        let over = self.table.status() != MatchStatus::Running;
        match key_step(key, &mut self.quit_armed, unsaved, over) {
            KeyStep::Nothing => Vec::new(),
            KeyStep::Quit => {
                self.quit = true;
                vec![Cmd::Quit]
            }
            KeyStep::Say(text) => {
                let own = (!quit_was_armed && crate::input::intent(key).is_none()).then(|| G::idle_key(self));
                self.info(own.flatten().map_or(text, str::to_owned));
                Vec::new()
            }
            KeyStep::Save => {
                self.status = None;
                self.save_now()
            }
            // The screen is a notice asking for a larger terminal: the
            // player cannot see what a key would do.
            KeyStep::Act(_) if !self.fits() => Vec::new(),
            KeyStep::Act(intent) => {
                self.status = None;
                if self.review_open() && self.review_key(intent) {
                    return Vec::new();
                }
                match intent {
                    Intent::Hint => self.ask_hint(),
                    Intent::Analysis => {
                        self.toggle_review();
                        Vec::new()
                    }
                    intent => G::on_intent(self, intent),
                }
            }
        }
    }

    /// The keys of a game played card by card after a list of
    /// announcements (Spitzer, Spidge).
    pub(crate) fn play_intent(&mut self, intent: Intent) -> Vec<Cmd<G>> {
        // These games have no Kontra: `k` is up.
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
            return self.choose_option(intent, &options, true);
        }
        if self.move_cursor(intent, true) {
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
                Some(&card) => self.act(self.view.card_action(card)),
                None => Vec::new(),
            },
            _ => {
                self.info(G::hint(&self.view));
                Vec::new()
            }
        }
    }

    /// Keys while the person chooses from a list of actions: ↑/↓ (with
    /// `sideways` also ←/→, and a hint for any other key), PgUp/PgDn,
    /// Home/End move, Enter or Space takes the highlighted one, `p` the
    /// game's pass.
    pub(crate) fn choose_option(&mut self, intent: Intent, options: &[G::Action], sideways: bool) -> Vec<Cmd<G>> {
        let last = options.len() - 1;
        let at = self.option_index(options.len());
        self.option = match intent {
            Intent::Confirm | Intent::Select => return self.act(options[at]),
            Intent::Pass => match G::pass() {
                Some(pass) => return self.act(pass),
                None => at,
            },
            Intent::Up => at.saturating_sub(1),
            Intent::Left if sideways => at.saturating_sub(1),
            Intent::Down => at + 1,
            Intent::Right if sideways => at + 1,
            Intent::PageUp => at.saturating_sub(5),
            Intent::PageDown => at + 5,
            Intent::First => 0,
            Intent::Last => last,
            _ if sideways => {
                self.info(G::hint(&self.view));
                at
            }
            _ => at,
        }
        .min(last);
        Vec::new()
    }

    /// Moves the hand cursor for the cursor keys (Home/End only with
    /// `ends`); `false` if the key is not one.
    pub(crate) fn move_cursor(&mut self, intent: Intent, ends: bool) -> bool {
        let cards = self.cursor_cards();
        let n = cards.len();
        if n == 0 {
            return false;
        }
        let last = n - 1;
        self.cursor = match intent {
            Intent::Left => self.cursor.min(last).saturating_sub(1),
            Intent::Right => (self.cursor + 1).min(last),
            Intent::First if ends => 0,
            Intent::Last if ends => last,
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

    /// Applies the person's action; the game's refusal goes to the status line.
    pub(crate) fn act(&mut self, action: G::Action) -> Vec<Cmd<G>> {
        match self.table.act(self.me, action) {
            Ok(acted) => self.after(acted.seat, acted.action),
            Err(ActError::Refused(e)) => {
                self.error(G::refusal(&e));
                Vec::new()
            }
            Err(e) => {
                self.error(format!("Not allowed: {e}."));
                Vec::new()
            }
        }
    }

    fn on_bot(&mut self, answer: BotAnswer<G>) -> Vec<Cmd<G>> {
        if self.awaiting != Some(answer.ticket) {
            return Vec::new();
        }
        let who = self.name_at(answer.seat).to_owned();
        let Ok(acted) = self.table.answer(answer) else { return Vec::new() };
        self.awaiting = None;
        if let Some(trouble) = &acted.trouble {
            self.error(trouble.sentence(&who));
        }
        self.after(acted.seat, acted.action)
    }

    /// Brings the model up to date after `seat` took `action`.
    fn after(&mut self, seat: Seat, action: G::Action) -> Vec<Cmd<G>> {
        // The decision the hint was for is taken.
        self.hint = None;
        let under_cursor = self.cursor_cards().get(self.cursor).copied();
        let before = std::mem::replace(&mut self.view, self.table.view_of(self.me));
        G::after_action(self, seat, action, &before);
        G::fit_cursor(self, under_cursor);
        if self.deal_over() {
            let summary = G::summary(self);
            let next = G::next_hint(self);
            self.info(format!("{summary}{next}"));
            if let Some(e) = self.table.record_error() {
                self.error(format!("Internal error: deal {} could not be recorded: {e}", self.table.number()));
            }
        }
        // Saved before the next decision is asked for.
        let mut cmds = self.auto_save();
        cmds.extend(self.analyse());
        cmds.extend(self.ask_bot());
        cmds
    }

    /// The cursor on the card it was on (if still there), inside the hand,
    /// and on a playable card when the person is to play.
    pub(crate) fn keep_cursor(&mut self, under_cursor: Option<Card>) {
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
        let Some(request) = self.table.bot_request().filter(|r| self.awaiting != Some(r.ticket)) else {
            return Vec::new();
        };
        self.awaiting = Some(request.ticket);
        vec![Cmd::AskBot(request)]
    }

    /// Deals the next deal, if the match goes on.
    pub(crate) fn next_deal(&mut self) -> Vec<Cmd<G>> {
        if self.table.next_deal().is_err() {
            return Vec::new();
        }
        self.cursor = 0;
        self.option = 0;
        self.awaiting = None;
        self.hint = None;
        self.review = None;
        self.extra = G::Extra::default();
        self.view = self.table.view_of(self.me);
        G::fit_cursor(self, None);
        let news = G::deal_news(self);
        self.info(news);
        let mut cmds = self.auto_save();
        cmds.extend(self.ask_bot());
        cmds
    }

    /// `w`: the match as it stands, the deal in progress included, to the
    /// file, saying so.
    pub(crate) fn save_now(&mut self) -> Vec<Cmd<G>> {
        self.save_cmd(true)
    }

    /// The save after every change, when saving automatically.
    fn auto_save(&mut self) -> Vec<Cmd<G>> {
        if self.save.auto { self.save_cmd(false) } else { Vec::new() }
    }

    fn save_cmd(&mut self, announce: bool) -> Vec<Cmd<G>> {
        match self.table.save(self.save.format) {
            Ok(saved) => {
                let path = self.save.path.clone();
                let message = announce.then(|| G::save_message(&saved, &self.table, &path));
                vec![Cmd::Save { path, text: saved.text, version: self.table.version(), message }]
            }
            Err(e) => {
                self.error(format!("Could not write the records: {e}"));
                Vec::new()
            }
        }
    }
}

/// The help line while the analysis is open.
pub const REVIEW_HELP: &str = " ↑/↓ PgUp/PgDn scroll · a/Esc close · n next deal · w save · q quit";
/// The help line while the analysis of the match's last deal is open.
pub const REVIEW_HELP_LAST: &str = " ↑/↓ PgUp/PgDn scroll · a/Esc close · w save · q quit";

/// Rows a hint's explanation may take below its first line.
const HINT_NOTE_ROWS: usize = crate::widgets::HINT_ROWS - 1;

/// Rows of the screen around the analysis panel at most: the title bar,
/// two status rows, the help line and the panel's borders.
const REVIEW_CHROME: u16 = 6;

impl<G: TuiGame> Model<G> {
    /// The hint for the decision before the person, while it is before him.
    pub fn hint(&self) -> Option<&Hint<G::Action>> {
        self.hint.as_ref().filter(|(ticket, _)| *ticket == self.table.ticket()).map(|(_, hint)| hint)
    }

    /// The analysis of the deal just finished, once it is asked for.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref().filter(|r| r.deal == self.table.number() && self.deal_over())
    }

    /// Whether the analysis is on the screen.
    pub fn review_open(&self) -> bool {
        self.review().is_some_and(|r| r.open)
    }

    /// `?`: asks for a hint on the person's decision now (the answer comes
    /// as [`Msg::Hint`]); a hint already found is shown again.
    fn ask_hint(&mut self) -> Vec<Cmd<G>> {
        if self.deal_over() {
            self.info("The deal is over: a shows what the solver makes of it.");
            return Vec::new();
        }
        if self.sits_out() {
            self.info("You sit this deal out: there is no decision of yours to hint.");
            return Vec::new();
        }
        if !self.view.is_my_turn() {
            let who = G::acting(&self.view).map(|seat| self.who(seat)).unwrap_or_default();
            self.info(format!("No decision of yours now: {who} is to act. ? gives a hint on your turn."));
            return Vec::new();
        }
        match self.hint() {
            Some(Hint::Thinking) => {
                self.info("The hint is still being worked out; the keys work meanwhile.");
                return Vec::new();
            }
            Some(Hint::Ready(advice)) => {
                let action = advice.action;
                G::point_at(self, action);
                return Vec::new();
            }
            // The same seed finds the same nothing.
            Some(Hint::Failed(_)) => return Vec::new(),
            None => {}
        }
        let ticket = self.table.ticket();
        self.hint = Some((ticket, Hint::Thinking));
        let seed = self.table.seed() ^ (u64::from(ticket.deal) << 32 | u64::from(ticket.ply));
        vec![Cmd::Advise(HintRequest { ticket, view: self.view.clone(), worlds: HINT_WORLDS, seed })]
    }

    fn on_hint(&mut self, answer: HintAnswer<G>) {
        let ticket = self.table.ticket();
        let awaited = matches!(&self.hint, Some((t, Hint::Thinking)) if *t == answer.ticket);
        if answer.ticket != ticket || !awaited {
            // Stale: the decision was taken meanwhile.
            return;
        }
        match answer.advice {
            Ok(advice) => {
                let action = advice.action;
                self.hint = Some((ticket, Hint::Ready(advice)));
                G::point_at(self, action);
            }
            Err(why) => self.hint = Some((ticket, Hint::Failed(why))),
        }
    }

    /// The cursor on a recommended card, or the highlight on a recommended
    /// option, where either is on the screen.
    pub(crate) fn point_at(&mut self, action: G::Action) {
        if let Some(card) = G::card_of(action) {
            if let Some(i) = self.cursor_cards().iter().position(|&c| c == card) {
                self.cursor = i;
            }
        } else if let Some(i) = self.options().iter().position(|&a| a == action) {
            self.option = i;
        }
    }

    /// The analysis of the deal just finished, asked for once.
    fn analyse(&mut self) -> Vec<Cmd<G>> {
        let deal = self.table.number();
        if self.review.as_ref().is_some_and(|r| r.deal == deal) {
            return Vec::new();
        }
        let Some(played) = self.table.finished() else { return Vec::new() };
        let request = AnalysisRequest { deal, played: played.clone() };
        self.review = Some(Review { deal, state: ReviewState::Pending, open: false, scroll: 0 });
        vec![Cmd::Analyse(request)]
    }

    fn on_analysis(&mut self, answer: AnalysisAnswer) {
        let awaited = self.review().is_some_and(|r| r.deal == answer.deal && r.state == ReviewState::Pending);
        if !awaited {
            return;
        }
        let state = match answer.result {
            Ok(analysis) => ReviewState::Ready(review_lines(&analysis, &G::review_text(self, &analysis))),
            Err(why) => ReviewState::Failed(why),
        };
        if let Some(review) = &mut self.review {
            review.state = state;
        }
    }

    /// `a`: opens or closes the analysis on the result screen.
    fn toggle_review(&mut self) {
        if !self.deal_over() {
            self.info("The analysis comes when the deal is over: a opens it on the result screen.");
            return;
        }
        let deal = self.table.number();
        match self.review.as_mut().filter(|r| r.deal == deal) {
            Some(review) => review.open = !review.open,
            None => self.info("There is no analysis of this deal."),
        }
    }

    /// A key while the analysis is open: `a` or Esc closes it, the cursor
    /// keys scroll it; `false` for a key it leaves alone (`n`, `?`).
    fn review_key(&mut self, intent: Intent) -> bool {
        let lines = match self.review().map(|r| &r.state) {
            Some(ReviewState::Ready(lines)) => lines.len(),
            _ => 0,
        };
        let visible = self.size.map_or(24, |(_, h)| h).saturating_sub(REVIEW_CHROME).max(1);
        let last = lines.saturating_sub(usize::from(visible));
        let Some(review) = self.review.as_mut() else { return false };
        let at = review.scroll.min(last);
        review.scroll = match intent {
            Intent::Analysis | Intent::Cancel => {
                review.open = false;
                return true;
            }
            Intent::Up => at.saturating_sub(1),
            Intent::Down => at + 1,
            Intent::PageUp => at.saturating_sub(10),
            Intent::PageDown => at + 10,
            Intent::First => 0,
            Intent::Last => last,
            Intent::NextDeal | Intent::Hint => return false,
            _ => {
                self.info("The analysis is open: ↑/↓ PgUp/PgDn scroll, a or Esc closes it.");
                return true;
            }
        }
        .min(last);
        true
    }

    /// The analysis default of [`TuiGame::review_text`]: each card's player
    /// by the name of his seat, what each seat gave away, in `unit`.
    pub(crate) fn seat_review(&self, headline: String, analysis: &Analysis, unit: &'static str) -> ReviewText {
        let players = analysis.plays.iter().map(|p| self.name_at(p.seat).to_owned()).collect();
        let given = analysis.given_away();
        let totals = Seat::all(self.table.seats()).map(|s| (self.name_at(s).to_owned(), given[s.index()])).collect();
        ReviewText { headline, players, totals, unit }
    }

    /// The hint's lines for a screen `width` wide: the recommendation with
    /// the values behind it, and that they are estimates; nothing when no
    /// hint concerns the decision before the person.
    pub(crate) fn hint_lines(&self, width: u16) -> Vec<Line<'static>> {
        let width = usize::from(width);
        let Some(hint) = self.hint() else { return Vec::new() };
        let head = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
        let note = Style::new().add_modifier(Modifier::DIM);
        let advice = match hint {
            Hint::Thinking => {
                return vec![Line::from(fit("Hint: thinking… (the keys work meanwhile)", width)).style(head)];
            }
            Hint::Failed(why) => return vec![Line::from(fit(&format!("Hint: {why}."), width)).style(head)],
            Hint::Ready(advice) => advice,
        };
        let action = G::action_words(self, advice.action);
        let how = capitalised(&advice.how);
        if advice.cards.is_empty() {
            return vec![
                Line::from(fit(&format!("Hint: {action}"), width)).style(head),
                Line::from(fit(&format!("{how} (no values for this decision)."), width)).style(note),
            ];
        }
        let mut lines = vec![Line::from(fit(&self.hint_values(advice, &action), width)).style(head)];
        let explained = wrap_words(&format!("{how}: estimates, not certainties."), width);
        lines.extend(explained.into_iter().take(HINT_NOTE_ROWS).map(|text| Line::from(text).style(note)));
        lines
    }

    /// "Hint: ♠A · chance to win: ♠A 78% · ♥10 64% · ♣7 31%": the action,
    /// then every legal card's value, best first.
    fn hint_values(&self, advice: &Advice<G::Action>, action: &str) -> String {
        let values: Vec<String> =
            advice.cards.iter().map(|&(card, v)| format!("{} {}", card_text(card), G::hint_value(v))).collect();
        format!("Hint: {action} · {}: {}", advice.unit, values.join(" · "))
    }

    /// Draws the analysis of the deal just finished in `area`: the lines
    /// scrolled as far as asked, or that it is being worked out.
    pub(crate) fn render_review(&self, area: Rect, buf: &mut Buffer) {
        let Some(review) = self.review() else { return };
        let lines = match &review.state {
            ReviewState::Pending => vec![
                Line::from("Analysing the deal with every card known…").italic(),
                Line::from("It shows here when it is done; the keys work meanwhile."),
            ],
            ReviewState::Ready(lines) => lines.clone(),
            ReviewState::Failed(why) => vec![Line::from(format!("No analysis of this deal: {why}."))],
        };
        let visible = usize::from(area.height.saturating_sub(2));
        let scroll = review.scroll.min(lines.len().saturating_sub(visible));
        let shown = lines.len().min(scroll + visible);
        let position = if lines.len() > visible {
            format!(" lines {}–{shown} of {}: ↑/↓ scroll ", scroll + 1, lines.len())
        } else {
            String::new()
        };
        let title = format!(" Deal {} · analysis · a or Esc closes ", review.deal);
        // The analysis is laid out to fit (REVIEW_WIDTH); the other words wrap.
        Paragraph::new(lines.into_iter().skip(scroll).collect::<Vec<_>>())
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title).title_bottom(position))
            .render(area, buf);
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// "1 deal", "3 deals".
pub fn deals_text(n: usize) -> String {
    if n == 1 { "1 deal".to_owned() } else { format!("{n} deals") }
}

/// What a save of `table` holds: "2 deals and deal 3 so far (7 actions)",
/// "1 deal", "deal 1 so far (no action yet)".
pub fn saved_contents<G: TableGame>(table: &Table<G>) -> String {
    let finished = table.record().deals().len();
    let Some(deal) = table.unfinished() else { return deals_text(finished) };
    let actions = match deal.actions.len() {
        0 => "no action yet".to_owned(),
        1 => "1 action".to_owned(),
        n => format!("{n} actions"),
    };
    let current = format!("deal {} so far ({actions})", table.number());
    if finished == 0 { current } else { format!("{} and {current}", deals_text(finished)) }
}

/// The farewell's lines on the file: where the match is saved (`how`: " as
/// ISS records", or empty) and how it is continued, or that the last save
/// failed.
pub fn save_farewell<G: TuiGame>(model: &Model<G>, how: &str) -> String {
    let path = model.save_path().display();
    match (model.saved(), model.save_failure()) {
        (true, _) => {
            let table = model.table();
            let mut text = format!("Saved in {path}{how}: {}.\n", saved_contents(table));
            if table.status() == MatchStatus::Running {
                text.push_str(&format!("`trumpf play --resume {path}` continues it.\n"));
            }
            text
        }
        (false, Some(e)) => format!("NOT SAVED: the last save to {path} failed: {e}\n"),
        (false, None) => format!("Not saved since the last move ({path}).\n"),
    }
}

impl<G: TuiGame> Model<G> {
    /// The frame of a match screen: the title bar, the score panel on the
    /// right (`sheet` its title), the status line (`fallback` when the model
    /// has nothing to say) and the help line. Returns the area left for the
    /// game.
    pub(crate) fn match_frame(
        &self,
        (title, sheet): (Line<'static>, String),
        (fallback, help): (String, &'static str),
        area: Rect,
        buf: &mut Buffer,
    ) -> Rect {
        let status = status_line(self.status.as_ref(), fallback);
        let bottom = Bottom { hint: self.hint_lines(area.width), status, status_wraps: false, help: help_line(help) };
        let (left, right) = frame(area, buf, title, SHEET_WIDTH, bottom);
        match_sheet(self.table.record(), &self.names(), sheet, right, buf);
        left
    }

    /// "Waiting for Bot 1 (E2)…" while another seat is to act.
    pub(crate) fn waiting_line(&self) -> Option<Line<'static>> {
        let seat = G::acting(&self.view)?;
        (!self.is_me(seat)).then(|| Line::from(format!("Waiting for {}…", self.who(seat))).italic())
    }

    /// The end of the match, when it is won: who won, with the points.
    pub(crate) fn winner_lines(&self) -> Vec<Line<'static>> {
        let Some(winner) = self.winner() else { return Vec::new() };
        let totals = self.table.record().totals();
        let name = self.name(winner);
        let verb = if winner == self.me { "win" } else { "wins" };
        vec![
            Line::from(format!("GAME OVER: {name} {verb} the game with {} points.", totals[winner.index()]))
                .style(Style::new().fg(Color::Green).add_modifier(Modifier::BOLD)),
        ]
    }
}

/// Width of the score panel of a match screen.
const SHEET_WIDTH: u16 = 25;

impl<G: TuiGame> Widget for &Model<G> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if !too_small(area, buf) {
            G::render(self, area, buf);
        }
    }
}

/// What `trumpf play` prints for a game played as a match, after the
/// terminal is restored: `invocation` (the command that replays it), the
/// deals finished, each member's total, the winner, where it is saved.
pub fn match_farewell<G: TuiGame>(model: &Model<G>, invocation: &str) -> String {
    let table = model.table();
    let record = table.record();
    let mut text = format!("{invocation}: {} finished.\n", deals_text(record.deals().len()));
    let totals = record.totals();
    for (name, total) in model.names().iter().zip(totals).take(record.members()) {
        text.push_str(&format!("  {name:<6} {total:>4}\n"));
    }
    if let Some(winner) = model.winner() {
        text.push_str(&format!("{} won the game.\n", model.name(winner)));
    }
    text.push_str(&save_farewell(model, ""));
    text
}
