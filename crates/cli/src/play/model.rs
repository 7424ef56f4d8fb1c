//! The terminal Skat game as Model / Msg / update.
//!
//! [`Model::update`] is the only way the model changes: keys, bot answers and
//! save results arrive as [`Msg`]s, and what the model needs done outside
//! (ask a bot, write a file, quit) leaves as [`Cmd`]s. The screen reads the
//! human's [`SkatView`] kept in the model, never the deal itself, and the
//! match's public record (finished deals, totals, Bock and Ramsch rounds).
//! While the human deals and sits out at a four-member table, that view is
//! the onlooker's ([`SkatView::onlooker`]): the table, never a hand.

use std::path::PathBuf;

use crossterm::event::KeyEvent;
use trumpf_core::series::MatchStatus;
use trumpf_core::skat::{
    AuctionStage, BidError, Contract, GameKind, SkatAction, SkatError, SkatOutcome, SkatPhase, SkatView,
};
use trumpf_core::{Card, CardSet, GameView, Member, Seat};

use super::input::{Intent, KeyStep, intent, key_step, next_playable};
use super::record::{self, SaveFormat};
use super::session::{BotAnswer, BotRequest, HUMAN, Session, Ticket};
use super::ui::{card_text, hand_order, seat_name};

/// Something that happened.
#[derive(Clone, Debug)]
pub enum Msg {
    /// A key was pressed.
    Key(KeyEvent),
    /// The terminal was resized (the next draw adapts).
    Resize,
    /// A bot answered.
    Bot(BotAnswer),
    /// A save finished: how many deals, and the error if it failed.
    Saved {
        /// The deals written.
        games: usize,
        /// `Err` with the reason if the file could not be written.
        result: Result<(), String>,
        /// What to say when it worked (from [`Cmd::Save`]).
        message: String,
    },
}

/// Something the model wants done.
#[derive(Clone, Debug)]
pub enum Cmd {
    /// Ask a bot; its answer comes back as [`Msg::Bot`].
    AskBot(BotRequest),
    /// Write `text` to `path`; the result comes back as [`Msg::Saved`].
    Save {
        /// The file.
        path: PathBuf,
        /// The records.
        text: String,
        /// How many finished deals the text holds.
        games: usize,
        /// What the status line says when the file is written: the format,
        /// and why it is not ISS if ISS was asked for.
        message: String,
    },
    /// Leave the terminal game.
    Quit,
}

/// The status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// News.
    Info(String),
    /// Something was refused or failed.
    Error(String),
}

/// Where a Spitzer or Spidge match is saved, and whether after every deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveTarget {
    /// The file (overwritten with every finished deal of the session).
    pub path: PathBuf,
    /// Save after every finished deal.
    pub auto: bool,
}

/// Where and how the Skat session is saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkatSave {
    /// The file given with `--save`; without it the format's default file.
    pub path: Option<PathBuf>,
    /// Save after every finished deal (`--save` was given).
    pub auto: bool,
    /// The format asked for.
    pub format: SaveFormat,
}

impl SkatSave {
    /// The file a text of `format` goes to.
    pub fn path_for(&self, format: SaveFormat) -> PathBuf {
        self.path.clone().unwrap_or_else(|| PathBuf::from(format.default_file()))
    }
}

/// The human's bidding turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BidTurn {
    /// Name a value (the legal ones, ascending) or pass.
    Say(Vec<u16>),
    /// Hold the named value or pass.
    Answer(u16),
    /// Both others passed: forehand plays at 18 or throws the deal in.
    PlayAt18,
}

/// What a seat said aloud in a deal: everything public except its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Said {
    /// Named a bid value.
    Bid(u16),
    /// Held the value named ("yes").
    Hold,
    /// Passed in the auction.
    Pass,
    /// Declined the Grand Hand offer before a Ramsch.
    NoGrandHand,
    /// Declared Grand Hand before a Ramsch.
    GrandHand,
    /// Took the Schieberamsch packet.
    Took,
    /// Pushed the packet on unseen.
    Pushed,
    /// Passed two cards on (which ones is the taker's secret).
    PassedOn,
    /// Said Kontra.
    Kontra,
    /// Let the Kontra window pass.
    NoKontra,
    /// Answered a Kontra with Re.
    Re,
    /// Did not answer a Kontra with Re.
    NoRe,
}

impl Said {
    /// What `action` said, taken when the table looked like `before` (any
    /// seat's view: phase and Kontra state are public).
    fn of(before: &SkatView, action: SkatAction) -> Option<Said> {
        if before.kontra.re_pending {
            return Some(if action == SkatAction::Re { Said::Re } else { Said::NoRe });
        }
        Some(match (before.phase, action) {
            (SkatPhase::Bidding, SkatAction::Bid(v)) => Said::Bid(v),
            (SkatPhase::Bidding, SkatAction::Hold) => Said::Hold,
            (SkatPhase::Bidding, SkatAction::Pass) => Said::Pass,
            (SkatPhase::GrandHandOffer, SkatAction::Pass) => Said::NoGrandHand,
            (SkatPhase::GrandHandOffer, SkatAction::Declare(_)) => Said::GrandHand,
            (SkatPhase::Passing, SkatAction::TakeSkat) => Said::Took,
            (SkatPhase::Passing, SkatAction::Push) => Said::Pushed,
            (SkatPhase::Discarding, SkatAction::Discard(_)) if before.ramsch => Said::PassedOn,
            (SkatPhase::KontraWindow, SkatAction::Pass) => Said::NoKontra,
            (_, SkatAction::Kontra) => Said::Kontra,
            _ => return None,
        })
    }

    /// In words: "18", "yes", "took the packet".
    pub fn text(self) -> String {
        match self {
            Said::Bid(v) => v.to_string(),
            Said::Hold => "yes".into(),
            Said::Pass => "pass".into(),
            Said::NoGrandHand => "no Grand Hand".into(),
            Said::GrandHand => "Grand Hand!".into(),
            Said::Took => "took the packet".into(),
            Said::Pushed => "pushed it on unseen".into(),
            Said::PassedOn => "passed two on".into(),
            Said::Kontra => "Kontra!".into(),
            Said::NoKontra => "no Kontra".into(),
            Said::Re => "Re!".into(),
            Said::NoRe => "no Re".into(),
        }
    }
}

/// What a key without a use says while the human sits out.
pub const SITTING_OUT: &str = "You sit out this deal (you dealt): ↑/↓ scroll the sheet, w saves, q quits.";

/// Grand Hand, the game offered before a Ramsch.
pub const GRAND_HAND: Contract = Contract::hand(GameKind::Grand);

/// The terminal game's state.
pub struct Model {
    session: Session,
    /// The human's view of the deal: the only game state the screen reads.
    pub(super) view: SkatView,
    /// Member names, one per member: the human, then the bots.
    pub(super) names: Vec<String>,
    /// The rules in force, in one line.
    pub(super) rules: String,
    /// What was said aloud in this deal, in order.
    pub(super) said: Vec<(Seat, Said)>,
    /// The card under the cursor, as an index into [`Model::hand`].
    pub(super) cursor: usize,
    /// Cards marked to lay away or pass on.
    pub(super) marked: CardSet,
    /// The two cards the human found on picking up the skat or the packet.
    pub(super) found: CardSet,
    /// Steps above the lowest legal bid.
    pub(super) bid_step: usize,
    /// The highlighted option in a list of choices.
    pub(super) option: usize,
    /// Deals the score sheet is scrolled back from its latest line (on the
    /// result screen, ↑/↓ and PgUp/PgDn scroll it).
    pub(super) sheet_back: usize,
    /// The status line, if something is to be said.
    pub(super) status: Option<Status>,
    /// A quit was asked for; the next key confirms or cancels it.
    pub(super) quit_armed: bool,
    quit: bool,
    awaiting: Option<Ticket>,
    pub(super) save: SkatSave,
    saved_games: usize,
}

impl Model {
    /// A model for `session` under the rules described by `rules`, its
    /// members named by `names` (the human first). Call [`Model::start`]
    /// for the first commands.
    pub fn new(session: Session, names: Vec<String>, save: SkatSave, rules: String) -> Model {
        let view = session.human_view();
        let mut model = Model {
            session,
            view,
            names,
            rules,
            said: Vec::new(),
            cursor: 0,
            marked: CardSet::EMPTY,
            found: CardSet::EMPTY,
            bid_step: 0,
            option: 0,
            sheet_back: 0,
            status: None,
            quit_armed: false,
            quit: false,
            awaiting: None,
            save,
            saved_games: 0,
        };
        let news = model.deal_news();
        model.info(format!("Rules: {}. {news}", model.rules));
        model
    }

    /// The first commands: a bot request if a bot opens the deal.
    pub fn start(&mut self) -> Vec<Cmd> {
        self.ask_bot()
    }

    /// Whether the human confirmed quitting.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The session (the match, seats, finished deals; not the deal's hidden cards).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Whether a bot's answer is awaited.
    pub fn awaiting_bot(&self) -> bool {
        self.awaiting.is_some()
    }

    /// Whether the match is over (a fixed-length list played out, a Pirat
    /// match after its Ramsch round).
    pub fn match_over(&self) -> bool {
        self.session.status() != MatchStatus::Running
    }

    /// "The match is over: You win." once it is.
    pub(super) fn match_result(&self) -> Option<String> {
        match self.session.status() {
            MatchStatus::Running => None,
            MatchStatus::Won(member) => Some(format!("The match is over: {} wins.", self.name(member))),
            MatchStatus::Drawn => {
                let totals = self.session.record().totals();
                let best = totals[..self.names.len()].iter().max().copied().unwrap_or(0);
                let leaders: Vec<&str> =
                    (0..self.names.len()).filter(|&m| totals[m] == best).map(|m| self.names[m].as_str()).collect();
                let (last, others) = leaders.split_last().unwrap_or((&"", &[]));
                Some(format!("The match is over: {} and {last} share the win.", others.join(", ")))
            }
        }
    }

    /// The name of the member sitting in `seat` this deal.
    pub(super) fn name_at(&self, seat: Seat) -> &str {
        self.name(self.session.member_at(seat))
    }

    /// The name of `member`.
    pub(super) fn name(&self, member: Member) -> &str {
        self.names.get(member.index()).map_or("?", String::as_str)
    }

    /// Whether the human sits this deal out: he deals at a four-member
    /// table and watches through the onlooker's view.
    pub(super) fn sits_out(&self) -> bool {
        self.view.spectator
    }

    /// Whether `seat` is the human's in this deal (never while he sits out).
    pub(super) fn is_me(&self, seat: Seat) -> bool {
        !self.view.spectator && seat == self.view.seat
    }

    /// "Bot 1, Bot 2 and Bot 3": the members seated in this deal.
    pub(super) fn players(&self) -> String {
        let names: Vec<&str> = Seat::all(3).map(|s| self.name_at(s)).collect();
        let (last, others) = names.split_last().unwrap_or((&"", &[]));
        format!("{} and {last}", others.join(", "))
    }

    /// "Bot 1 (Middlehand)": who sits in `seat`.
    pub(super) fn who(&self, seat: Seat) -> String {
        format!("{} ({})", self.name_at(seat), seat_name(seat))
    }

    /// The human's cards in display order (trumps first for the game in
    /// play; a Ramsch as Grand).
    pub(super) fn hand(&self) -> Vec<Card> {
        hand_order(self.view.hand, self.view.contract.map(|c| c.kind))
    }

    /// The human's legal actions now (empty when it is not the human's turn).
    pub(super) fn legal(&self) -> Vec<SkatAction> {
        let mut legal = Vec::new();
        self.view.legal_actions(&mut legal);
        legal
    }

    /// Whether Kontra is part of this deal: a declared game at a table that
    /// plays Kontra, before or in trick play. There `k` says Kontra (or
    /// explains why not); elsewhere it is the vi key for up.
    pub(super) fn kontra_possible(&self) -> bool {
        let v = &self.view;
        v.rules.kontra.is_some()
            && !v.ramsch
            && v.contract.is_some()
            && matches!(v.phase, SkatPhase::KontraWindow | SkatPhase::Playing)
    }

    /// Whether the human, as declarer, must answer a Kontra now.
    pub(super) fn re_turn(&self) -> bool {
        self.view.kontra.re_pending && self.view.is_my_turn()
    }

    /// The human's bidding turn, if it is one.
    pub(super) fn bid_turn(&self) -> Option<BidTurn> {
        if self.view.phase != SkatPhase::Bidding || !self.view.is_my_turn() {
            return None;
        }
        let auction = &self.view.auction;
        Some(if auction.stage() == AuctionStage::ForehandChoice {
            BidTurn::PlayAt18
        } else if auction.awaiting_answer() {
            BidTurn::Answer(auction.value())
        } else {
            BidTurn::Say(
                self.legal()
                    .into_iter()
                    .filter_map(|a| match a {
                        SkatAction::Bid(v) => Some(v),
                        _ => None,
                    })
                    .collect(),
            )
        })
    }

    /// The value the human would say now.
    pub(super) fn chosen_bid(&self) -> Option<u16> {
        match self.bid_turn()? {
            BidTurn::Say(values) => values.get(self.bid_step.min(values.len().saturating_sub(1))).copied(),
            _ => None,
        }
    }

    /// The choices listed for the human to pick with ↑/↓ and Enter: the
    /// declarer's skat pickup and games, the Grand Hand offer, the
    /// Schieberamsch packet, the Kontra window. (Re is answered with `r` or
    /// `p` only, so that Enter pressed to play a card cannot decline it.)
    pub(super) fn options(&self) -> Vec<SkatAction> {
        if self.view.kontra.re_pending {
            return Vec::new();
        }
        match self.view.phase {
            SkatPhase::SkatDecision
            | SkatPhase::Declaring
            | SkatPhase::GrandHandOffer
            | SkatPhase::Passing
            | SkatPhase::KontraWindow => self.legal(),
            _ => Vec::new(),
        }
    }

    /// Whether `card` may be marked in the discarding phase: some legal
    /// discard holds it (a Schieberamsch taker keeps his jacks).
    pub(super) fn markable(&self, card: Card) -> bool {
        self.legal().iter().any(|a| matches!(a, SkatAction::Discard(cards) if cards.contains(card)))
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> Vec<Cmd> {
        match msg {
            Msg::Key(key) => self.on_key(key),
            Msg::Resize => Vec::new(),
            Msg::Bot(answer) => self.on_bot(answer),
            Msg::Saved { games, result, message } => {
                self.status = Some(match result {
                    Ok(()) => {
                        // The help line says what comes next; the message
                        // may need both rows of the status line.
                        self.saved_games = self.saved_games.max(games);
                        Status::Info(message)
                    }
                    Err(e) => Status::Error(format!("Could not save to {}: {e}", self.save_path().display())),
                });
                Vec::new()
            }
        }
    }

    /// The file the session is saved to now.
    fn save_path(&self) -> PathBuf {
        let format = match (self.save.format, record::iss_obstacle(&self.session)) {
            (SaveFormat::Iss, None) => SaveFormat::Iss,
            _ => SaveFormat::Trumpf,
        };
        self.save.path_for(format)
    }

    /// What to press after a deal: " n: next deal." (empty during a deal).
    fn next_hint(&self) -> String {
        if self.view.phase != SkatPhase::Over {
            String::new()
        } else if let Some(result) = self.match_result() {
            format!(" {result} q quits.")
        } else {
            " n: next deal.".to_owned()
        }
    }

    fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Info(text.into()));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Error(text.into()));
    }

    fn on_key(&mut self, key: KeyEvent) -> Vec<Cmd> {
        let unsaved = self.session.record().deals().len().saturating_sub(self.saved_games);
        let quit_was_armed = self.quit_armed;
        match key_step(key, &mut self.quit_armed, unsaved, self.save.auto) {
            KeyStep::Nothing => Vec::new(),
            KeyStep::Quit => {
                self.quit = true;
                vec![Cmd::Quit]
            }
            KeyStep::Say(_) if !quit_was_armed && intent(key).is_none() && self.watching() => {
                self.info(SITTING_OUT);
                Vec::new()
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
                self.on_intent(intent.kontra_or_up(self.kontra_possible()))
            }
        }
    }

    /// Whether the human watches a deal he sits out (not its result).
    pub(super) fn watching(&self) -> bool {
        self.sits_out() && self.view.phase != SkatPhase::Over
    }

    /// Scrolls the score sheet for ↑/↓, PgUp/PgDn, Home/End; `false` for
    /// any other intent.
    fn scroll_sheet(&mut self, intent: Intent) -> bool {
        let deals = self.session.record().deals().len();
        let back = self.sheet_back;
        let scrolled = match intent {
            Intent::Up => back + 1,
            Intent::Down => back.saturating_sub(1),
            Intent::PageUp => back + 10,
            Intent::PageDown => back.saturating_sub(10),
            Intent::First => deals,
            Intent::Last => 0,
            _ => return false,
        };
        self.sheet_back = scrolled.min(deals.saturating_sub(1));
        true
    }

    fn on_intent(&mut self, intent: Intent) -> Vec<Cmd> {
        let phase = self.view.phase;
        if phase == SkatPhase::Over {
            // Not Enter: a player still pressing Enter to play cards would
            // skip the result of a game that ended early.
            if self.scroll_sheet(intent) {
                return Vec::new();
            }
            return match (intent, self.match_result()) {
                (_, Some(result)) => {
                    self.info(format!("{result} w saves, q quits."));
                    Vec::new()
                }
                (Intent::NextDeal, None) => self.next_deal(),
                _ => {
                    self.info("This deal is over: n starts the next one.");
                    Vec::new()
                }
            };
        }
        if self.sits_out() {
            // Nothing to decide while the others play; the sheet scrolls.
            if intent == Intent::NextDeal {
                self.info(format!("Deal {} is still being played; you sit it out.", self.session.number()));
            } else if !self.scroll_sheet(intent) {
                self.info(SITTING_OUT);
            }
            return Vec::new();
        }
        match intent {
            Intent::Cancel => {
                self.marked = CardSet::EMPTY;
                return Vec::new();
            }
            Intent::NextDeal => {
                self.info(format!("Deal {} is still being played.", self.session.number()));
                return Vec::new();
            }
            _ => {}
        }
        if self.move_cursor(intent) {
            return Vec::new();
        }
        if !self.view.is_my_turn() {
            if let Some(seat) = self.view.to_act {
                let who = self.who(seat);
                self.info(format!("Wait: {who} is to act."));
            }
            return Vec::new();
        }
        let primary = matches!(intent, Intent::Confirm | Intent::Select);
        match intent {
            Intent::Pass => return self.act(SkatAction::Pass),
            Intent::Hold if self.bid_turn() == Some(BidTurn::PlayAt18) => return self.act(SkatAction::Bid(18)),
            Intent::Hold => return self.act(SkatAction::Hold),
            Intent::TakeSkat => return self.act(SkatAction::TakeSkat),
            Intent::Push => return self.act(SkatAction::Push),
            Intent::Kontra => return self.act(SkatAction::Kontra),
            Intent::Re => return self.act(SkatAction::Re),
            Intent::GrandHand if phase == SkatPhase::GrandHandOffer => {
                return self.act(SkatAction::Declare(GRAND_HAND));
            }
            Intent::GrandHand => {
                self.info("g declares Grand Hand only when it is offered before a Ramsch.");
                return Vec::new();
            }
            _ => {}
        }
        let options = self.options();
        if !options.is_empty() {
            return self.choose_option(intent, &options);
        }
        match phase {
            SkatPhase::Bidding => match (self.bid_turn(), intent) {
                (Some(BidTurn::Say(values)), _) if !primary => {
                    let last = values.len().saturating_sub(1);
                    let step = self.bid_step.min(last);
                    self.bid_step = match intent {
                        Intent::Up | Intent::Right => step + 1,
                        Intent::Down | Intent::Left => step.saturating_sub(1),
                        Intent::PageUp => step + 5,
                        Intent::PageDown => step.saturating_sub(5),
                        Intent::First => 0,
                        Intent::Last => last,
                        _ => step,
                    }
                    .min(last);
                    Vec::new()
                }
                (Some(BidTurn::Say(_)), _) => match self.chosen_bid() {
                    Some(value) => self.act(SkatAction::Bid(value)),
                    None => self.act(SkatAction::Pass),
                },
                (Some(BidTurn::Answer(_)), _) if primary => self.act(SkatAction::Hold),
                (Some(BidTurn::PlayAt18), _) if primary => self.act(SkatAction::Bid(18)),
                _ => {
                    self.info("Nothing to choose here: y holds (or plays at 18), p passes.");
                    Vec::new()
                }
            },
            SkatPhase::Discarding => {
                let verb = if self.view.ramsch { "passes them on" } else { "lays them away" };
                if intent == Intent::Select {
                    self.toggle_mark();
                    Vec::new()
                } else if intent == Intent::Confirm {
                    if self.marked.len() == 2 {
                        self.act(SkatAction::Discard(self.marked))
                    } else {
                        let n = self.marked.len();
                        self.error(format!("Mark exactly two cards with Space first ({n} marked), then Enter {verb}."));
                        Vec::new()
                    }
                } else {
                    self.info(format!("←/→ move, Space marks, Enter {verb}."));
                    Vec::new()
                }
            }
            _ if self.re_turn() => {
                let by = self.view.kontra.by.map_or_else(String::new, |s| format!("{} said ", self.name_at(s)));
                self.info(format!("{by}Kontra: r answers Re (×4), p plays on without."));
                Vec::new()
            }
            SkatPhase::Playing if primary => match self.hand().get(self.cursor) {
                Some(&card) => self.act(SkatAction::Play(card)),
                None => Vec::new(),
            },
            _ => {
                self.info("Trick play: ←/→ (or Tab) choose a card, Enter plays it.");
                Vec::new()
            }
        }
    }

    /// Keys while the human chooses from [`Model::options`].
    fn choose_option(&mut self, intent: Intent, options: &[SkatAction]) -> Vec<Cmd> {
        let last = options.len() - 1;
        let at = self.option.min(last);
        self.option = match intent {
            Intent::Confirm | Intent::Select => return self.act(options[at]),
            Intent::Up => at.saturating_sub(1),
            Intent::Down => at + 1,
            Intent::PageUp => at.saturating_sub(5),
            Intent::PageDown => at + 5,
            Intent::First => 0,
            Intent::Last => last,
            _ => at,
        }
        .min(last);
        Vec::new()
    }

    /// Moves the hand cursor for the cursor keys; `false` if the key is not one
    /// (or means something else in this phase).
    fn move_cursor(&mut self, intent: Intent) -> bool {
        let n = self.hand().len();
        if n == 0 {
            return false;
        }
        let bidding_turn = self.bid_turn().is_some();
        let last = n - 1;
        self.cursor = match intent {
            Intent::Left if !bidding_turn => self.cursor.min(last).saturating_sub(1),
            Intent::Right if !bidding_turn => (self.cursor + 1).min(last),
            Intent::First if !bidding_turn && self.options().is_empty() => 0,
            Intent::Last if !bidding_turn && self.options().is_empty() => last,
            Intent::NextPlayable | Intent::PrevPlayable => {
                let forward = intent == Intent::NextPlayable;
                match next_playable(self.cursor, &self.hand(), self.view.legal_cards(), forward) {
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

    fn toggle_mark(&mut self) {
        let Some(&card) = self.hand().get(self.cursor) else { return };
        if self.marked.contains(card) {
            self.marked.remove(card);
        } else if self.marked.len() >= 2 {
            self.error("Two cards are marked already: unmark one first (Space).");
        } else if !self.markable(card) {
            // The only card no legal discard holds is a Schieberamsch
            // taker's jack; say it in the engine's words.
            self.error(refusal(&SkatError::JackInPacket(card)));
        } else {
            self.marked.insert(card);
        }
    }

    /// Applies the human's action; the engine's refusal goes to the status line.
    fn act(&mut self, action: SkatAction) -> Vec<Cmd> {
        let seat = self.view.seat;
        match self.session.apply(seat, action) {
            Ok(()) => self.after(seat, action),
            Err(e) => {
                self.error(refusal(&e));
                Vec::new()
            }
        }
    }

    fn on_bot(&mut self, answer: BotAnswer) -> Vec<Cmd> {
        if self.awaiting != Some(answer.ticket) || answer.ticket != self.session.ticket() {
            return Vec::new();
        }
        self.awaiting = None;
        let who = self.name_at(answer.seat).to_owned();
        let (taken, trouble) = self.session.apply_answer(&answer, &who);
        if let Some(trouble) = trouble {
            self.error(trouble);
        }
        match taken {
            Some(action) => self.after(answer.seat, action),
            None => Vec::new(),
        }
    }

    /// Brings the model up to date after `seat` took `action`.
    fn after(&mut self, seat: Seat, action: SkatAction) -> Vec<Cmd> {
        let before = std::mem::replace(&mut self.view, self.session.human_view());
        if let Some(said) = Said::of(&before, action) {
            self.said.push((seat, said));
            if !self.is_me(seat) && matches!(said, Said::Kontra | Said::Re | Said::NoRe | Said::GrandHand) {
                let who = self.name_at(seat).to_owned();
                self.info(format!("{who}: {}", said.text()));
            }
        }
        if self.is_me(seat) {
            self.marked = CardSet::EMPTY;
            self.bid_step = 0;
            self.option = 0;
            if action == SkatAction::TakeSkat {
                self.found = self.view.hand.minus(before.hand);
            }
        }
        if self.view.phase != before.phase {
            self.cursor = 0;
        }
        self.fit_cursor();
        let mut cmds = Vec::new();
        if let Some(outcome) = self.view.outcome {
            let summary = self.summary(outcome);
            self.info(format!("{summary}{}", self.next_hint()));
            if let Some(trouble) = self.session.take_trouble() {
                self.error(format!("Internal error: {trouble}"));
            }
            if self.save.auto {
                cmds.extend(self.save_cmd());
            }
        }
        cmds.extend(self.ask_bot());
        cmds
    }

    /// Keeps the cursor on the hand, on a playable card when the human is
    /// to play, and on a card he may pass on when he passes two on.
    fn fit_cursor(&mut self) {
        let hand = self.hand();
        self.cursor = self.cursor.min(hand.len().saturating_sub(1));
        let legal = self.view.legal_cards();
        if !legal.is_empty() && !hand.get(self.cursor).is_some_and(|&c| legal.contains(c)) {
            self.cursor = hand.iter().position(|&c| legal.contains(c)).unwrap_or(0);
        }
        if self.view.phase == SkatPhase::Discarding
            && self.view.is_my_turn()
            && !hand.get(self.cursor).is_some_and(|&c| self.markable(c))
        {
            self.cursor = hand.iter().position(|&c| self.markable(c)).unwrap_or(0);
        }
    }

    /// One sentence on how a deal ended.
    pub(super) fn summary(&self, outcome: SkatOutcome) -> String {
        match outcome {
            SkatOutcome::PassedIn => "All three passed: the deal is thrown in.".into(),
            SkatOutcome::Played { declarer, settlement } => {
                let who = self.name_at(declarer);
                let verb = if settlement.won { "won" } else { "lost" };
                let with = match settlement.kontra {
                    0 => "",
                    1 => " with Kontra",
                    _ => " with Kontra and Re",
                };
                let bock = if settlement.bock > 1 { format!(" (Bock ×{})", settlement.bock) } else { String::new() };
                format!("{who} {verb} {}{with}{bock}: {:+}.", settlement.contract, settlement.score)
            }
            SkatOutcome::Ramsch { result } => {
                let seats = Seat::all(3);
                if let Some(winner) = result.durchmarsch {
                    return format!(
                        "Ramsch: {} took every trick, a Durchmarsch: {:+}.",
                        self.name_at(winner),
                        result.scores[winner.index()]
                    );
                }
                let losers: Vec<Seat> = seats.filter(|s| result.losers[s.index()]).collect();
                let names: Vec<&str> = losers.iter().map(|&s| self.name_at(s)).collect();
                let scores: Vec<String> = losers.iter().map(|s| format!("{:+}", result.scores[s.index()])).collect();
                let verb = if losers.len() == 1 { "loses" } else { "lose" };
                format!("Ramsch: {} {verb} ({}).", names.join(" and "), scores.join(", "))
            }
        }
    }

    fn ask_bot(&mut self) -> Vec<Cmd> {
        self.session.new_bot_request(&mut self.awaiting).map(Cmd::AskBot).into_iter().collect()
    }

    /// "Deal 4: you sit in Forehand; Bot 2 deals. A Bock deal: every score
    /// counts double." At a four-member table the dealer sits out: "Deal 2:
    /// you deal and sit out; Bot 1, Bot 2 and Bot 3 play it."
    fn deal_news(&self) -> String {
        let number = self.session.number();
        let dealer = self.session.dealer();
        let four = self.session.record().members() > 3;
        let mut news = if self.sits_out() {
            format!("Deal {number}: you deal and sit out; {} play it.", self.players())
        } else {
            let deals = match (dealer == HUMAN, four) {
                (true, _) => "you deal".to_owned(),
                (false, false) => format!("{} deals", self.name(dealer)),
                (false, true) => format!("{} deals and sits out", self.name(dealer)),
            };
            format!("Deal {number}: you sit in {}; {deals}.", seat_name(self.view.seat))
        };
        let setup = self.view.setup;
        if setup.bock > 1 {
            news.push_str(&format!(" A Bock deal: every score ×{}.", setup.bock));
        }
        if setup.ramsch_round {
            news.push_str(" A Ramsch round: no bidding.");
        }
        news
    }

    fn next_deal(&mut self) -> Vec<Cmd> {
        if !self.session.next_deal() {
            return Vec::new();
        }
        self.said.clear();
        self.marked = CardSet::EMPTY;
        self.found = CardSet::EMPTY;
        self.cursor = 0;
        self.option = 0;
        self.sheet_back = 0;
        self.bid_step = 0;
        self.awaiting = None;
        self.view = self.session.human_view();
        let news = self.deal_news();
        self.info(news);
        self.ask_bot()
    }

    fn save_now(&mut self) -> Vec<Cmd> {
        if self.session.record().deals().is_empty() {
            self.info("Nothing to save yet: no deal has finished.");
            return Vec::new();
        }
        self.save_cmd()
    }

    fn save_cmd(&mut self) -> Vec<Cmd> {
        match record::session_text(&self.session, &self.names, self.save.format) {
            Ok(saved) => {
                let path = self.save.path_for(saved.format);
                let games = self.session.record().deals().len();
                let message = match &saved.not_iss {
                    Some(why) => {
                        format!("ISS records cannot express {why}: saved as a trumpf record to {}.", path.display())
                    }
                    None => format!("Saved {games} deal(s) as {} to {}.", saved.format.name(), path.display()),
                };
                vec![Cmd::Save { path, text: saved.text, games, message }]
            }
            Err(e) => {
                self.error(format!("Could not write the records: {e}"));
                Vec::new()
            }
        }
    }
}

/// The engine's refusal, for the status line. The auction's errors name
/// seats by number and the others name cards by their ids; they are said
/// in words and suit symbols here.
fn refusal(error: &SkatError) -> String {
    match error {
        SkatError::Bid(BidError::NothingToHold(_)) => {
            "Not allowed: there is no value to hold; say a value (Enter) or pass (p).".to_owned()
        }
        SkatError::Bid(BidError::MustAnswer { value, .. }) => {
            format!("Not allowed: answer {value} first; y holds it, p passes.")
        }
        SkatError::JackInPacket(card) => {
            format!("Not allowed: {} may not be passed on: jacks stay in the hand.", card_text(*card))
        }
        SkatError::MustFollow { card, led, suit } => format!(
            "Not allowed: {} does not follow {}: a card of the led suit ({suit}) must be played.",
            card_text(*card),
            card_text(*led)
        ),
        SkatError::WrongPhase { action, phase } => {
            let what = match action {
                SkatAction::Bid(_) | SkatAction::Hold | SkatAction::Pass => "bidding",
                SkatAction::TakeSkat => "picking up the skat",
                SkatAction::Discard(_) => "laying away",
                SkatAction::Declare(_) => "declaring",
                SkatAction::Play(_) => "playing a card",
                SkatAction::Kontra | SkatAction::Re => "doubling",
                SkatAction::Push => "pushing the skat on",
            };
            let hint = match phase {
                SkatPhase::Passing => " (s takes the packet, u pushes it on)",
                _ => "",
            };
            format!("Not allowed: {what} is over or not yet due; this is the {phase} phase{hint}.")
        }
        error => format!("Not allowed: {error}."),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::play::session::{self, Bots};
    use crossterm::event::{KeyCode, KeyModifiers};
    use std::collections::VecDeque;
    use trumpf_ai::{Bot, RandomBot};
    use trumpf_core::series::SkatMatchRules;
    use trumpf_core::skat::{SkatDeal, SkatGame, SkatRules};

    pub fn key(code: KeyCode) -> Msg {
        Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    pub fn ch(c: char) -> Msg {
        key(KeyCode::Char(c))
    }

    /// The names of three members.
    pub fn names() -> Vec<String> {
        names_of(3)
    }

    /// The names of `members` members, as `trumpf play` gives them.
    pub fn names_of(members: usize) -> Vec<String> {
        crate::play::names(members)
    }

    /// ISkO rules, an open list.
    pub fn isko() -> SkatMatchRules {
        SkatMatchRules::default()
    }

    /// The pub preset, an open list.
    pub fn pub_rules() -> SkatMatchRules {
        SkatMatchRules { table: SkatRules::PUB, deals: None }
    }

    /// A session of `rules` from `seed`.
    pub fn session_of(seed: u64, rules: SkatMatchRules) -> Session {
        session::new(seed, rules).unwrap()
    }

    pub fn model(session: Session) -> Model {
        let save = SkatSave {
            path: Some(std::env::temp_dir().join("trumpf-play-test.sgf")),
            auto: false,
            format: SaveFormat::Iss,
        };
        let rules = crate::rules::summary(session.record().rules());
        let members = session.record().members();
        Model::new(session, names_of(members), save, rules)
    }

    /// A bot that passes wherever it may (the auction, the Grand Hand offer,
    /// Kontra, Re) and otherwise takes its first legal action.
    pub struct Passer;
    impl Bot<SkatGame> for Passer {
        fn name(&self) -> &str {
            "passer"
        }
        fn choose(&mut self, view: &SkatView) -> SkatAction {
            let mut legal = Vec::new();
            view.legal_actions(&mut legal);
            if legal.contains(&SkatAction::Pass) { SkatAction::Pass } else { legal[0] }
        }
    }

    /// A bot that bids 18 when it can (and holds nothing higher), says
    /// Kontra whenever it may, and otherwise plays like [`Passer`].
    pub struct Kontrarian {
        /// Whether it bids 18.
        pub bids: bool,
    }
    impl Bot<SkatGame> for Kontrarian {
        fn name(&self) -> &str {
            "kontrarian"
        }
        fn choose(&mut self, view: &SkatView) -> SkatAction {
            let mut legal = Vec::new();
            view.legal_actions(&mut legal);
            if legal.contains(&SkatAction::Kontra) {
                SkatAction::Kontra
            } else if self.bids && legal.contains(&SkatAction::Bid(18)) {
                SkatAction::Bid(18)
            } else {
                Passer.choose(view)
            }
        }
    }

    pub fn passers() -> Bots {
        session::bots([Box::new(Passer), Box::new(Passer)])
    }

    /// Feeds `msg`, then answers bot requests synchronously until the human is to act.
    pub fn feed(model: &mut Model, bots: &mut Bots, msg: Msg) -> Vec<Cmd> {
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
    pub fn started(mut model: Model, bots: &mut Bots) -> Model {
        let mut pending = model.start();
        while let Some(cmd) = pending.pop() {
            if let Cmd::AskBot(request) = cmd {
                pending.extend(model.update(Msg::Bot(bots.answer(request))));
            }
        }
        model
    }

    /// The key a simple human presses now: bids up to 20, picks up the
    /// skat, lays away (or passes on) the first two cards it may, declares
    /// the first option, plays the first playable card; declines the Grand
    /// Hand offer, Kontra and Re, takes the Schieberamsch packet.
    pub fn policy_key(m: &Model) -> Msg {
        if m.re_turn() {
            return ch('p');
        }
        match m.view.phase {
            SkatPhase::Over => ch('n'),
            SkatPhase::Bidding => match m.bid_turn() {
                Some(BidTurn::Say(values)) if values[0] <= 20 => key(KeyCode::Enter),
                Some(BidTurn::Answer(value)) if value <= 20 => ch('y'),
                Some(BidTurn::PlayAt18) => ch('y'),
                _ => ch('p'),
            },
            SkatPhase::GrandHandOffer | SkatPhase::KontraWindow => ch('p'),
            SkatPhase::Passing => ch('s'),
            SkatPhase::Discarding if m.marked.len() < 2 => {
                let hand = m.hand();
                let target = hand.iter().position(|&c| !m.marked.contains(c) && m.markable(c)).expect("a legal card");
                match m.cursor.cmp(&target) {
                    std::cmp::Ordering::Less => key(KeyCode::Right),
                    std::cmp::Ordering::Greater => key(KeyCode::Left),
                    std::cmp::Ordering::Equal => ch(' '),
                }
            }
            _ => key(KeyCode::Enter),
        }
    }

    /// Plays with [`policy_key`] until `deals` deals are finished or the
    /// match is over, calling `check` after every message.
    pub fn play_deals(m: &mut Model, bots: &mut Bots, deals: usize, mut check: impl FnMut(&Model)) {
        for _ in 0..20_000 {
            if m.session().record().deals().len() >= deals || m.match_over() {
                return;
            }
            assert!(m.view.is_my_turn() || m.view.phase == SkatPhase::Over, "the bots answered synchronously");
            let msg = policy_key(m);
            feed(m, bots, msg);
            check(m);
        }
        panic!("the session did not reach {deals} deals");
    }

    #[test]
    fn the_human_in_forehand_answers_after_middlehand_bids() {
        // Deal 1: the human is forehand; middlehand (a bot) opens the auction.
        let mut bots = session::bots([Box::new(RandomBot::new(5)), Box::new(Passer)]);
        let model = started(model(session_of(11, isko())), &mut bots);
        assert_eq!(model.view.seat, Seat::FOREHAND);
        assert!(!model.awaiting_bot());
        assert_eq!(model.view.to_act, Some(Seat::FOREHAND));
        assert!(matches!(model.bid_turn(), Some(BidTurn::Answer(_) | BidTurn::PlayAt18)));
        assert!(!model.said.is_empty(), "middlehand's words are logged");
    }

    #[test]
    fn illegal_input_is_refused_in_the_status_line_and_changes_nothing() {
        // Deal 2 of the session: the human sits in rearhand; both bots pass,
        // so the human bids to forehand.
        let mut bots = passers();
        let mut m = started(model(session_of(4, isko())), &mut bots);
        // Finish deal 1 by passing everywhere.
        while m.view.phase != SkatPhase::Over {
            feed(&mut m, &mut bots, ch('p'));
        }
        // Enter does not leave the result; n does.
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        assert_eq!(m.session().number(), 1);
        feed(&mut m, &mut bots, ch('n'));
        assert_eq!(m.session().number(), 2);
        assert_eq!(m.view.seat, Seat::REARHAND);
        // Middlehand passed; the human (rearhand) says to forehand.
        assert_eq!(m.bid_turn(), Some(BidTurn::Say(trumpf_core::skat::BID_VALUES.to_vec())));
        let before = (m.view.clone(), m.session().ticket());
        feed(&mut m, &mut bots, ch('y'));
        assert!(matches!(&m.status, Some(Status::Error(text)) if text.contains("there is no value to hold")));
        assert_eq!((m.view.clone(), m.session().ticket()), before);
        // k is up (no Kontra in an auction): the bid goes up, as with +.
        feed(&mut m, &mut bots, ch('k'));
        assert_eq!(m.chosen_bid(), Some(20));
        feed(&mut m, &mut bots, key(KeyCode::Right));
        assert_eq!(m.chosen_bid(), Some(22));
        // Said with Enter; forehand passes.
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        assert_eq!(&m.said[1..], [(Seat::REARHAND, Said::Bid(22)), (Seat::FOREHAND, Said::Pass)]);
        assert_eq!(m.view.phase, SkatPhase::SkatDecision);
        assert_eq!(m.view.declarer, Some(Seat::REARHAND));
        assert_eq!(m.view.bid, 22);
    }

    #[test]
    fn a_whole_session_runs_headless_against_the_heuristic_bots() {
        let mut bots = session::skat_bots(3);
        let mut m = started(model(session_of(2024, isko())), &mut bots);
        let mut seats = vec![m.view.seat];
        let mut phases = std::collections::HashSet::new();
        play_deals(&mut m, &mut bots, 6, |m| {
            phases.insert(format!("{:?}", m.view.phase));
            if seats.len() < m.session().number() as usize {
                seats.push(m.view.seat);
            }
        });
        let record = m.session().record();
        assert_eq!(record.deals().len(), 6);
        assert_eq!(&seats[..3], [Seat::FOREHAND, Seat::REARHAND, Seat::MIDDLEHAND]);
        let scored: i64 = record
            .deals()
            .iter()
            .filter_map(|d| match d.end.outcome() {
                Some(SkatOutcome::Played { settlement, .. }) => Some(i64::from(settlement.score)),
                _ => None,
            })
            .sum();
        assert_eq!(record.totals().iter().sum::<i64>(), scored, "classic sheet: totals are the declarers' scores");
        assert_eq!(m.view.phase, SkatPhase::Over);
        assert!(phases.contains("Playing"), "{phases:?}");
    }

    #[test]
    fn a_pub_session_plays_ramsch_kontra_and_bock_headless() {
        // The heuristic bots under the pub rules; the human passes in every
        // auction, so every deal the bots pass too becomes a Schieberamsch.
        let mut bots = session::skat_bots(3);
        let mut m = started(model(session_of(3, pub_rules())), &mut bots);
        let mut phases = std::collections::HashSet::new();
        let mut human_passed = false;
        for _ in 0..20_000 {
            let deals = m.session().record().deals();
            let ramsch = deals.iter().any(|d| d.end.is_ramsch());
            if deals.len() >= 4 && ramsch && human_passed {
                break;
            }
            phases.insert(format!("{:?}", m.view.phase));
            let msg = if m.view.phase == SkatPhase::Bidding { ch('p') } else { policy_key(&m) };
            if m.view.phase == SkatPhase::Discarding && m.view.ramsch && m.marked.len() == 2 {
                human_passed = true;
            }
            feed(&mut m, &mut bots, msg);
        }
        assert!(m.session().record().deals().iter().any(|d| d.end.is_ramsch()), "a Ramsch was played");
        assert!(human_passed, "the human passed two cards on");
        assert!(phases.contains("Passing") && phases.contains("Playing"), "{phases:?}");
        let record = m.session().record();
        let sum: i64 = record.deals().iter().map(|d| d.scores.iter().sum::<i64>()).sum();
        assert_eq!(record.totals().iter().sum::<i64>(), sum);
    }

    #[test]
    fn the_same_seed_and_keys_give_the_same_session() {
        let run = || {
            let mut bots = session::skat_bots(3);
            let mut m = started(model(session_of(77, pub_rules())), &mut bots);
            play_deals(&mut m, &mut bots, 3, |_| {});
            m.session().record().clone()
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn an_illegal_card_is_refused_and_nothing_changes() {
        // Play deals until the human must follow suit while holding other cards.
        let mut bots = session::skat_bots(3);
        let mut m = started(model(session_of(5, isko())), &mut bots);
        for _ in 0..5000 {
            let legal = m.view.legal_cards();
            if m.view.phase == SkatPhase::Playing && !legal.is_empty() && legal != m.view.hand {
                let illegal = m.hand().iter().position(|&c| !legal.contains(c)).unwrap();
                feed(&mut m, &mut bots, key(KeyCode::Home));
                for _ in 0..illegal {
                    feed(&mut m, &mut bots, key(KeyCode::Right));
                }
                assert_eq!(m.cursor, illegal);
                let before = (m.view.clone(), m.session().ticket());
                feed(&mut m, &mut bots, key(KeyCode::Enter));
                let Some(Status::Error(text)) = &m.status else { panic!("no refusal: {:?}", m.status) };
                assert!(text.starts_with("Not allowed:") && text.contains("does not follow"), "{text}");
                assert_eq!((m.view.clone(), m.session().ticket()), before);
                feed(&mut m, &mut bots, ch('p'));
                assert!(matches!(&m.status, Some(Status::Error(t)) if t.contains("this is the trick play phase")));
                assert_eq!((m.view.clone(), m.session().ticket()), before);
                // Tab finds a playable card, which Enter plays.
                feed(&mut m, &mut bots, key(KeyCode::Tab));
                assert!(legal.contains(m.hand()[m.cursor]));
                feed(&mut m, &mut bots, key(KeyCode::Enter));
                assert_ne!(m.session().ticket(), before.1);
                return;
            }
            let msg = policy_key(&m);
            feed(&mut m, &mut bots, msg);
        }
        panic!("the human never had to follow suit");
    }

    /// Deal 1 of `seed` under the pub rules with the bots passing and the
    /// human passing: a Schieberamsch, the human (forehand) first to decide
    /// on the packet.
    pub fn pub_ramsch(seed: u64) -> (Model, Bots) {
        let mut bots = passers();
        let mut m = started(model(session_of(seed, pub_rules())), &mut bots);
        while m.view.phase == SkatPhase::Bidding {
            feed(&mut m, &mut bots, ch('p'));
        }
        (m, bots)
    }

    #[test]
    fn schieberamsch_passing_refuses_a_jack_in_the_engines_words() {
        // A deal whose forehand (the human in deal 1) holds a jack.
        let seed = (1..).find(|&s| !(SkatDeal::from_seed(s).hand(Seat::FOREHAND) & CardSet::JACKS).is_empty());
        let (mut m, mut bots) = pub_ramsch(seed.unwrap());
        assert_eq!((m.view.phase, m.view.seat), (SkatPhase::Passing, Seat::FOREHAND));
        assert_eq!(m.options(), [SkatAction::TakeSkat, SkatAction::Push]);
        feed(&mut m, &mut bots, ch('s'));
        assert_eq!(m.view.phase, SkatPhase::Discarding);
        assert_eq!(m.hand().len(), 12);
        assert_eq!(m.found.len(), 2, "the packet's cards are shown");
        // Grand order: jacks first. The first card is a jack (or no jack is held).
        let hand = m.hand();
        let jack = hand.iter().position(|c| c.rank() == trumpf_core::Rank::Jack).expect("forehand holds a jack");
        assert!(hand[m.cursor].rank() != trumpf_core::Rank::Jack, "the cursor starts on a card that may go");
        feed(&mut m, &mut bots, key(KeyCode::Home));
        for _ in 0..jack {
            feed(&mut m, &mut bots, key(KeyCode::Right));
        }
        feed(&mut m, &mut bots, ch(' '));
        let Some(Status::Error(text)) = &m.status else { panic!("not refused: {:?}", m.status) };
        let shown = card_text(hand[jack]);
        assert_eq!(text, &format!("Not allowed: {shown} may not be passed on: jacks stay in the hand."));
        assert!(m.marked.is_empty());
        // Two non-jacks go on; the packet moves to middlehand (a bot), who
        // takes it and passes on, then rearhand; then the Ramsch is played.
        while m.view.phase == SkatPhase::Discarding {
            let msg = policy_key(&m);
            feed(&mut m, &mut bots, msg);
        }
        assert_eq!(m.view.phase, SkatPhase::Playing);
        assert!(m.view.ramsch);
        let said: Vec<Said> = m.said.iter().filter(|(s, _)| *s == Seat::FOREHAND).map(|&(_, s)| s).collect();
        assert_eq!(said, [Said::Pass, Said::Took, Said::PassedOn]);
        assert_eq!(m.said.iter().filter(|(_, s)| *s == Said::PassedOn).count(), 3);
    }

    #[test]
    fn pushing_the_packet_unseen_is_counted() {
        let (mut m, mut bots) = pub_ramsch(1);
        feed(&mut m, &mut bots, ch('u'));
        assert_eq!(m.view.pushes, 1);
        assert_eq!(m.said[3], (Seat::FOREHAND, Said::Pushed), "after three passes in the auction");
        assert!(m.found.is_empty(), "pushed unseen");
    }

    /// Deal 1 of seed 1, pub rules: the human (forehand) passes, middlehand
    /// (a [`Kontrarian`]) bids 18 and plays; rearhand passes.
    pub fn human_defends() -> (Model, Bots) {
        let mut bots = session::bots([Box::new(Kontrarian { bids: true }), Box::new(Passer)]);
        let mut m = started(model(session_of(1, pub_rules())), &mut bots);
        while m.view.phase == SkatPhase::Bidding {
            feed(&mut m, &mut bots, ch('p'));
        }
        (m, bots)
    }

    #[test]
    fn k_says_kontra_before_the_humans_first_card() {
        let (mut m, mut bots) = human_defends();
        assert_eq!(m.view.phase, SkatPhase::Playing);
        assert_eq!(m.view.declarer, Some(Seat::MIDDLEHAND));
        assert!(m.view.is_my_turn(), "forehand leads");
        assert!(m.legal().contains(&SkatAction::Kontra));
        assert!(m.kontra_possible());
        feed(&mut m, &mut bots, ch('k'));
        // Bot 1 declines Re (a Passer-like answer); the human leads on.
        assert_eq!(m.view.kontra.level, 1);
        assert_eq!(m.view.kontra.by, Some(Seat::FOREHAND));
        assert_eq!(&m.said[m.said.len() - 2..], [(Seat::FOREHAND, Said::Kontra), (Seat::MIDDLEHAND, Said::NoRe)]);
        assert!(m.view.is_my_turn());
        // A second Kontra is refused in the engine's words.
        feed(&mut m, &mut bots, ch('k'));
        let Some(Status::Error(text)) = &m.status else { panic!("{:?}", m.status) };
        assert_eq!(text, "Not allowed: no Kontra now: Kontra was already said in this game.");
        while m.view.phase != SkatPhase::Over {
            let msg = policy_key(&m);
            feed(&mut m, &mut bots, msg);
        }
        let Some(SkatOutcome::Played { settlement, .. }) = m.view.outcome else { panic!("a game") };
        assert_eq!(settlement.kontra, 1);
        assert_eq!(settlement.factor(), 2);
    }

    #[test]
    fn after_the_first_card_kontra_is_refused_with_the_reason() {
        let (mut m, mut bots) = human_defends();
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        // Middlehand and rearhand played; unless forehand won... play on to
        // the human's next turn, then k.
        assert!(m.view.is_my_turn());
        assert!(!m.legal().contains(&SkatAction::Kontra));
        feed(&mut m, &mut bots, ch('k'));
        let Some(Status::Error(text)) = &m.status else { panic!("{:?}", m.status) };
        assert!(text.contains("Kontra comes before one's own first card"), "{text}");
    }

    #[test]
    fn the_declarer_answers_a_kontra_with_r_or_p() {
        // The human (forehand) plays at 18 with Kontrarian bots who pass in
        // the auction; the first of them to play says Kontra.
        for (key_pressed, level, said) in [('r', 2, Said::Re), ('p', 1, Said::NoRe)] {
            let mut bots = session::bots([Box::new(Kontrarian { bids: false }), Box::new(Kontrarian { bids: false })]);
            let mut m = started(model(session_of(1, pub_rules())), &mut bots);
            while !m.re_turn() {
                assert_ne!(m.view.phase, SkatPhase::Over);
                let msg = policy_key(&m);
                feed(&mut m, &mut bots, msg);
            }
            assert_eq!(m.view.declarer, Some(Seat::FOREHAND));
            assert!(m.options().is_empty(), "Enter does not answer a Kontra");
            let before = m.session().ticket();
            feed(&mut m, &mut bots, key(KeyCode::Enter));
            assert_eq!(m.session().ticket(), before);
            assert!(matches!(&m.status, Some(Status::Info(t)) if t.contains("r answers Re")), "{:?}", m.status);
            feed(&mut m, &mut bots, ch(key_pressed));
            assert_eq!(m.view.kontra.level, level);
            assert_eq!(m.said.last().map(|&(_, s)| s), Some(said));
        }
    }

    #[test]
    fn quitting_takes_two_presses_of_q() {
        let mut bots = passers();
        let mut m = started(model(session_of(1, isko())), &mut bots);
        assert!(feed(&mut m, &mut bots, ch('q')).is_empty());
        assert!(m.quit_armed && !m.should_quit());
        feed(&mut m, &mut bots, ch('x'));
        assert!(!m.quit_armed && !m.should_quit(), "any other key plays on");
        feed(&mut m, &mut bots, ch('q'));
        let cmds = feed(&mut m, &mut bots, ch('Q'));
        assert!(matches!(cmds[..], [Cmd::Quit]));
        assert!(m.should_quit());
    }

    /// Plays with [`policy_key`] until `deals` deals are finished,
    /// returning every save command issued.
    fn saves_until(m: &mut Model, bots: &mut Bots, deals: usize) -> Vec<(PathBuf, String, usize, String)> {
        let mut saves = Vec::new();
        for _ in 0..2000 {
            if m.session().record().deals().len() == deals {
                break;
            }
            let msg = policy_key(m);
            for cmd in feed(m, bots, msg) {
                match cmd {
                    Cmd::Save { path, text, games, message } => saves.push((path, text, games, message)),
                    other => panic!("unexpected {other:?}"),
                }
            }
        }
        saves
    }

    #[test]
    fn saving_writes_every_finished_deal_and_autosave_follows_each_deal() {
        let mut bots = passers();
        let mut m = started(model(session_of(8, isko())), &mut bots);
        feed(&mut m, &mut bots, ch('w'));
        assert!(matches!(&m.status, Some(Status::Info(t)) if t.contains("Nothing to save")));
        m.save.auto = true;
        let saves = saves_until(&mut m, &mut bots, 2);
        assert_eq!(saves.len(), 2, "one save after each finished deal");
        assert_eq!(saves[1].1.lines().count(), 2);
        assert!(saves[1].1.starts_with(saves[0].1.as_str()));
        let (_, _, games, message) = saves[1].clone();
        assert!(message.starts_with("Saved 2 deal(s) as ISS records to "), "{message}");
        feed(&mut m, &mut bots, Msg::Saved { games, result: Ok(()), message: message.clone() });
        assert!(matches!(&m.status, Some(Status::Info(t)) if *t == message));
        feed(&mut m, &mut bots, Msg::Saved { games, result: Err("disk full".into()), message });
        assert!(matches!(&m.status, Some(Status::Error(t)) if t.contains("disk full")));
    }

    #[test]
    fn a_ramsch_cannot_be_an_iss_record_and_the_status_line_says_so() {
        use trumpf_core::series::record::MatchRecord;
        let (mut m, mut bots) = pub_ramsch(2);
        m.save.auto = true;
        m.save.path = None;
        let saves = saves_until(&mut m, &mut bots, 1);
        let [(path, text, games, message)] = &saves[..] else { panic!("{saves:?}") };
        assert_eq!(path, &PathBuf::from("trumpf-skat.txt"), "without --save, the trumpf record's own file");
        assert_eq!(
            message,
            "ISS records cannot express a Ramsch (deal 1): saved as a trumpf record to trumpf-skat.txt."
        );
        feed(&mut m, &mut bots, Msg::Saved { games: *games, result: Ok(()), message: message.clone() });
        let Some(Status::Info(status)) = &m.status else { panic!("{:?}", m.status) };
        assert!(status.starts_with("ISS records cannot express a Ramsch"), "{status}");
        let shown = crate::play::ui::tests::text(&crate::play::ui::tests::screen(&m, 80, 24));
        assert!(shown.contains("ISS records cannot express a Ramsch (deal 1): saved as a trumpf record to"), "{shown}");
        assert!(shown.contains("trumpf-skat.txt.\nn next deal · w save · q quit"), "two status rows\n{shown}");
        let read = MatchRecord::<SkatGame>::read(text).unwrap();
        assert_eq!(read.game, *m.session().record());
        assert!(text.contains("\nrules table_size=3 pass_out=ramsch "), "{text}");
    }

    #[test]
    fn stale_bot_answers_are_ignored() {
        let mut bots = passers();
        let mut m = model(session_of(3, isko()));
        let Some(Cmd::AskBot(request)) = m.start().pop() else { panic!("middlehand is a bot") };
        let answer = bots.answer(request);
        m.update(Msg::Bot(answer.clone()));
        let ticket = m.session().ticket();
        // The same answer again is for a decision already taken.
        m.update(Msg::Bot(answer));
        assert_eq!(m.session().ticket(), ticket);
    }

    #[test]
    fn a_fixed_length_list_ends_and_n_says_so() {
        let mut bots = passers();
        let rules = SkatMatchRules { deals: Some(2), ..isko() };
        let mut m = started(model(session_of(3, rules)), &mut bots);
        play_deals(&mut m, &mut bots, 5, |_| {});
        assert!(m.match_over());
        assert_eq!(m.session().record().deals().len(), 2);
        feed(&mut m, &mut bots, ch('n'));
        assert_eq!(m.session().number(), 2);
        let Some(Status::Info(status)) = &m.status else { panic!("{:?}", m.status) };
        // The human played at 18 and lost; the bots share the lead.
        assert!(m.session().record().totals()[0] < 0);
        assert_eq!(status, "The match is over: Bot 1 and Bot 2 share the win. w saves, q quits.");
    }

    #[test]
    fn no_key_crashes_the_game() {
        use crate::play::common::tests::random_key;
        use rand::RngExt as _;
        use rand::SeedableRng;
        let codes = [
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Tab,
            KeyCode::BackTab,
            KeyCode::Backspace,
            KeyCode::Delete,
            KeyCode::Insert,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::PageUp,
            KeyCode::PageDown,
            KeyCode::F(1),
            KeyCode::F(12),
            KeyCode::Null,
        ];
        let chars: Vec<char> = "abcdefghijklmnoprstuvwxyz YNPSWKRUG+-?0123456789é♣".chars().collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
        let presets = [
            isko(),
            pub_rules(),
            SkatMatchRules { table: SkatRules::PIRAT, deals: None },
            SkatMatchRules { table: SkatRules { table_size: 4, ..SkatRules::PUB }, deals: None },
        ];
        for seed in 0..4 {
            let rules = presets[seed as usize];
            let mut bots = session::skat_bots(usize::from(rules.table.table_size));
            let mut m = started(model(session_of(seed, rules)), &mut bots);
            // The bots answer in their own time: keys come in between, also
            // while the human sits a deal out.
            let mut pending: VecDeque<Cmd> = VecDeque::new();
            let mut keys_watching = 0;
            for step in 0..1500 {
                let msg = match rng.random_range(0..10) {
                    0..5 if !pending.is_empty() => {
                        if let Some(Cmd::AskBot(request)) = pending.pop_front() {
                            pending.extend(m.update(Msg::Bot(bots.answer(request))));
                        }
                        continue;
                    }
                    0..5 => policy_key(&m),
                    5 => Msg::Resize,
                    // Ctrl-C and Ctrl-D quit like q; keep the session going.
                    _ => match random_key(&mut rng, &codes, &chars) {
                        Some(key) => Msg::Key(key),
                        None => continue,
                    },
                };
                keys_watching += usize::from(m.watching());
                pending.extend(m.update(msg).into_iter().filter(|cmd| matches!(cmd, Cmd::AskBot(_))));
                if m.should_quit() {
                    break;
                }
                if step % 7 == 0 {
                    let (w, h) = (rng.random_range(0..120), rng.random_range(0..40));
                    crate::play::ui::tests::screen(&m, w, h);
                }
            }
            if rules.table.table_size == 4 {
                assert!(keys_watching > 50, "{keys_watching} keys pressed while the human sat out");
            }
        }
    }

    /// ISkO at a four-member table scored by Seeger–Fabian, an open list.
    pub fn four_members_sf() -> SkatMatchRules {
        use trumpf_core::skat::Scoring;
        SkatMatchRules {
            table: SkatRules { table_size: 4, scoring: Scoring::SeegerFabian, ..SkatRules::ISKO },
            deals: None,
        }
    }

    /// Every card on `shown` (a screen's text), by its symbol and rank.
    pub fn cards_shown(shown: &str) -> CardSet {
        CardSet::PIQUET_PACK.iter().filter(|&c| shown.contains(&card_text(c))).collect()
    }

    /// The cards a view lets its holder see: his hand, the skat he knows,
    /// what was played, an open hand.
    pub fn cards_seen(v: &SkatView) -> CardSet {
        let mut seen = v.hand | v.skat | v.dealt_skat | v.played | v.ouvert_hand.unwrap_or(CardSet::EMPTY);
        seen |= v.trick().iter().copied().collect::<CardSet>();
        if let Some(last) = v.last_trick {
            seen |= last.cards.iter().copied().collect::<CardSet>();
        }
        seen
    }

    /// The screen while the human sits a deal out: the onlooker's view, the
    /// sitting-out panel, and no card the view does not show.
    fn check_watching(m: &Model) {
        let v = &m.view;
        assert!(v.spectator && v.hand.is_empty() && !v.is_my_turn());
        if v.phase != SkatPhase::Over {
            assert!(v.skat.is_empty(), "no skat before the end");
        }
        let shown = crate::play::ui::tests::text(&crate::play::ui::tests::screen(m, 80, 24));
        assert!(shown.contains("you: dealer, sitting out"), "{shown}");
        if v.phase != SkatPhase::Over {
            assert!(shown.contains("You deal and sit out this deal"), "{shown}");
            assert!(shown.contains("You deal and sit out: you watch."), "{shown}");
        }
        let leaked = cards_shown(&shown).minus(cards_seen(v));
        assert!(leaked.is_empty(), "{leaked} shown to the onlooker\n{shown}");
    }

    /// Keys pressed while the human watches, and what each must do.
    const WATCH_KEYS: [KeyCode; 16] = [
        KeyCode::Enter,
        KeyCode::Char(' '),
        KeyCode::Char('p'),
        KeyCode::Char('y'),
        KeyCode::Char('s'),
        KeyCode::Char('k'),
        KeyCode::Char('r'),
        KeyCode::Char('u'),
        KeyCode::Char('g'),
        KeyCode::Left,
        KeyCode::Tab,
        KeyCode::Esc,
        KeyCode::Char('x'),
        KeyCode::F(1),
        KeyCode::Up,
        KeyCode::Char('n'),
    ];

    /// Presses `code` while the human sits out: nothing is played, and the
    /// status line says he sits out (n: the deal goes on; ↑: the sheet scrolls).
    fn press_while_watching(m: &mut Model, code: KeyCode) {
        let before = (m.view.clone(), m.session().ticket());
        // k is Kontra where Kontra can be said, elsewhere up: it scrolls.
        let scrolls = code == KeyCode::Up || (code == KeyCode::Char('k') && !m.kontra_possible());
        let back = m.sheet_back;
        assert!(m.update(key(code)).is_empty(), "{code:?} asks for nothing");
        assert_eq!((m.view.clone(), m.session().ticket()), before, "{code:?} changed the deal");
        if scrolls {
            let deals = m.session().record().deals().len();
            assert_eq!(m.sheet_back, (back + 1).min(deals.saturating_sub(1)), "{code:?} scrolls the sheet");
            assert_eq!(m.status, None);
            return;
        }
        let Some(Status::Info(status)) = &m.status else { panic!("{code:?}: {:?}", m.status) };
        if code == KeyCode::Char('n') {
            assert!(status.ends_with("is still being played; you sit it out."), "{status}");
        } else {
            assert_eq!(status, SITTING_OUT, "{code:?}");
        }
    }

    #[test]
    fn a_four_member_session_seats_the_dealer_out_and_runs_headless() {
        let mut bots = session::skat_bots(4);
        let mut m = model(session_of(5, four_members_sf()));
        let mut pending: VecDeque<Cmd> = m.start().into();
        let mut seats = vec![m.session().seat_of(HUMAN)];
        let (mut watched, mut watched_tricks, mut keys) = (0, 0, 0);
        for _ in 0..20_000 {
            let deals = m.session().record().deals().len();
            if deals >= 5 && watched_tricks > 0 && m.view.phase == SkatPhase::Over {
                break;
            }
            match pending.pop_front() {
                Some(Cmd::AskBot(request)) => {
                    if m.watching() {
                        press_while_watching(&mut m, WATCH_KEYS[keys % WATCH_KEYS.len()]);
                        keys += 1;
                    }
                    pending.extend(m.update(Msg::Bot(bots.answer(request))));
                }
                Some(other) => panic!("unexpected {other:?}"),
                None => {
                    assert!(m.view.is_my_turn() || m.view.phase == SkatPhase::Over, "nobody to wait for");
                    let msg = policy_key(&m);
                    pending.extend(m.update(msg));
                    if seats.len() < m.session().number() as usize {
                        seats.push(m.session().seat_of(HUMAN));
                    }
                }
            }
            if m.sits_out() {
                check_watching(&m);
                watched += 1;
                watched_tricks += usize::from(m.view.phase == SkatPhase::Playing);
            } else if m.view.is_my_turn() {
                // With the four-column sheet the table keeps room for a
                // hand of twelve at 80 columns.
                let shown = crate::play::ui::tests::text(&crate::play::ui::tests::screen(&m, 80, 24));
                assert!(m.view.hand.minus(cards_shown(&shown)).is_empty(), "the whole hand is shown\n{shown}");
            }
        }
        assert!(watched_tricks > 20 && keys > WATCH_KEYS.len(), "watched {watched} screens, pressed {keys} keys");
        let record = m.session().record();
        assert!(record.deals().len() >= 5);
        assert_eq!(
            &seats[..5],
            [Some(Seat::FOREHAND), None, Some(Seat::REARHAND), Some(Seat::MIDDLEHAND), Some(Seat::FOREHAND)],
            "forehand, then dealing and sitting out, rearhand, middlehand"
        );
        // Seeger–Fabian at four (skat.md §11.2): ±50 for the declarer, 30
        // for each of the other three members, the dealer among them, for
        // every lost game.
        let seating = |dealer| <SkatGame as trumpf_core::series::MatchGame>::seating(record.rules(), dealer);
        for (i, deal) in record.deals().iter().enumerate() {
            let members = seating(deal.dealer);
            let expected: [i64; 4] = match deal.end.outcome() {
                Some(SkatOutcome::Played { declarer, settlement: s }) => {
                    std::array::from_fn(|m| match (m == members[declarer.index()].index(), s.won) {
                        (true, true) => i64::from(s.score) + 50,
                        (true, false) => i64::from(s.score) - 50,
                        (false, true) => 0,
                        (false, false) => 30,
                    })
                }
                _ => [0; 4],
            };
            assert_eq!(deal.scores[..4], expected, "deal {}", i + 1);
        }
        let shown = crate::play::ui::tests::text(&crate::play::ui::tests::screen(&m, 80, 24));
        assert!(shown.contains("│ # You Bot1 Bot2 Bot3 │"), "four columns\n{shown}");
        let totals = record.totals();
        assert!(shown.contains(&format!("│ Σ {} {} {} {} │", totals[0], totals[1], totals[2], totals[3])), "{shown}");
        // w saves the trumpf record of the four members, which reads back.
        m.save.format = SaveFormat::Trumpf;
        let [Cmd::Save { text, games, .. }] = &m.update(ch('w'))[..] else { panic!("w saves") };
        assert_eq!(*games, m.session().record().deals().len());
        let read = trumpf_core::series::record::MatchRecord::<SkatGame>::read(text).unwrap();
        assert_eq!(read.players, ["You", "Bot_1", "Bot_2", "Bot_3"]);
        assert_eq!(read.game, *m.session().record());
    }

    /// skat.md §13 row 2 as dealt cards: middlehand holds `CJ SJ CA CT CK C9
    /// C8 SA ST HA`, the skat `H7 D7`.
    pub fn row_2_deal() -> SkatDeal {
        let hand = |s: &str| s.parse::<CardSet>().unwrap();
        SkatDeal::new(
            [
                hand("DA DK D9 HJ DJ CQ HT HK HQ H9"),
                hand("CJ SJ CA CT CK C9 C8 SA ST HA"),
                hand("DT DQ D8 C7 SK SQ S9 S8 S7 H8"),
            ],
            hand("H7 D7"),
        )
        .unwrap()
    }

    /// Plays the actions given for its seat, in order.
    struct Script(VecDeque<SkatAction>);
    impl Bot<SkatGame> for Script {
        fn name(&self) -> &str {
            "script"
        }
        fn choose(&mut self, _view: &SkatView) -> SkatAction {
            self.0.pop_front().expect("the script has an action for every turn")
        }
    }

    /// The bots of members 1..3 (forehand, middlehand, rearhand while the
    /// human deals) playing §13 row 2: middlehand bids 30, picks up, lays
    /// away `H7 D7` and plays Clubs with 2; the defenders take 62.
    pub fn row_2_bots() -> Bots {
        let cards =
            |s: &str| -> Vec<SkatAction> { s.split(' ').map(|c| SkatAction::Play(c.parse().unwrap())).collect() };
        let script = |first: Vec<SkatAction>, play: &str| {
            let mut actions: VecDeque<SkatAction> = first.into();
            actions.extend(cards(play));
            Box::new(Script(actions)) as Box<dyn Bot<SkatGame>>
        };
        let clubs = Contract::pickup(GameKind::Suit(trumpf_core::Suit::Clubs));
        let discard = SkatAction::Discard("H7 D7".parse().unwrap());
        session::bots([
            script(vec![SkatAction::Pass], "DA DK D9 HJ HT DJ CQ HK HQ H9"),
            script(
                vec![SkatAction::Bid(30), SkatAction::TakeSkat, discard, SkatAction::Declare(clubs)],
                "ST SA HA C8 C9 CJ SJ CA CT CK",
            ),
            script(vec![SkatAction::Pass], "DT DQ D8 C7 H8 S7 S8 S9 SQ SK"),
        ])
    }

    #[test]
    fn seeger_fabian_credits_the_dealer_sitting_out_with_30_for_a_lost_game() {
        // skat.md §13 row 17: row 2 (Clubs with 2, bid 30, D = 58, lost,
        // −72) at a four-member table under Seeger–Fabian: the declarer
        // −122, the two opponents and the dealer sitting out +30 each.
        let session = session::starting_with_dealer(1, four_members_sf(), row_2_deal(), HUMAN);
        let mut bots = row_2_bots();
        let mut m = model(session);
        assert!(m.sits_out());
        let mut pending: VecDeque<Cmd> = m.start().into();
        while let Some(cmd) = pending.pop_front() {
            let Cmd::AskBot(request) = cmd else { panic!("{cmd:?}") };
            check_watching(&m);
            press_while_watching(&mut m, KeyCode::Enter);
            pending.extend(m.update(Msg::Bot(bots.answer(request))));
        }
        check_watching(&m);
        let Some(SkatOutcome::Played { declarer, settlement }) = m.view.outcome else { panic!("{:?}", m.view.outcome) };
        assert_eq!((declarer, settlement.won, settlement.value, settlement.score), (Seat::MIDDLEHAND, false, 36, -72));
        assert_eq!(settlement.tally.declarer_points, 58);
        let deal = &m.session().record().deals()[0];
        assert_eq!(deal.dealer, HUMAN);
        assert_eq!(deal.scores[..4], [30, 30, -122, 30], "You (dealer), Bot 1 (FH), Bot 2 (declarer), Bot 3 (RH)");
        let shown = crate::play::ui::tests::text(&crate::play::ui::tests::screen(&m, 80, 24));
        for expected in [
            "Bot 2 (Middlehand) — LOST",
            "Clubs: base 12 × multiplier 3 = 36",
            "card points 58 62",
            "score: -72",
            "Seeger–Fabian: −50, +30 to the other three",
            "You dealt and sat this deal out.",
            "│ # You Bot1 Bot2 Bot3 │",
            "│ 1 ♣ +30 +30 -122 +30 │",
            "│ Σ 30 30 -122 30 │",
        ] {
            assert!(shown.contains(expected), "{expected:?} missing in\n{shown}");
        }
        // The result screen takes n as usual: the deal passes to Bot 1, who
        // sits out, and the human plays rearhand.
        feed(&mut m, &mut session::skat_bots(4), ch('n'));
        assert_eq!(m.session().number(), 2);
        assert!(!m.sits_out());
        assert_eq!(m.view.seat, Seat::REARHAND);
        assert_eq!(m.view.hand, session::deal_for(1, 2).hand(Seat::REARHAND));
        let shown = crate::play::ui::tests::text(&crate::play::ui::tests::screen(&m, 80, 24));
        assert!(shown.contains("Bot 1 deals and sits out."), "{shown}");
    }
}
