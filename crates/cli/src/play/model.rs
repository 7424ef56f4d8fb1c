//! The terminal game as Model / Msg / update.
//!
//! [`Model::update`] is the only way the model changes: keys, bot answers and
//! save results arrive as [`Msg`]s, and what the model needs done outside
//! (ask a bot, write a file, quit) leaves as [`Cmd`]s. The screen reads the
//! human's [`SkatView`] kept in the model, never the deal itself.

use std::path::PathBuf;

use crossterm::event::{KeyEvent, KeyEventKind};
use trumpf_core::skat::{AuctionStage, BidError, SkatAction, SkatError, SkatOutcome, SkatPhase, SkatView};
use trumpf_core::{Card, CardSet, GameView, Seat};

use super::input::{Intent, intent};
use super::record;
use super::session::{BotAnswer, BotRequest, Session, Ticket};
use super::ui::{hand_order, seat_name};

/// Something that happened.
#[derive(Clone, Debug)]
pub enum Msg {
    /// A key was pressed.
    Key(KeyEvent),
    /// The terminal was resized (the next draw adapts).
    Resize,
    /// A bot answered.
    Bot(BotAnswer),
    /// A save finished: how many games, and the error if it failed.
    Saved {
        /// The games written.
        games: usize,
        /// `Err` with the reason if the file could not be written.
        result: Result<(), String>,
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
        /// The records, one game per line.
        text: String,
        /// How many games the text holds.
        games: usize,
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

/// Where the session is saved, and whether after every deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveTarget {
    /// The file (overwritten with every finished deal of the session).
    pub path: PathBuf,
    /// Save after every finished deal.
    pub auto: bool,
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

/// The terminal game's state.
pub struct Model {
    session: Session,
    /// The human's view of the deal: the only game state the screen reads.
    pub(super) view: SkatView,
    /// Member names: the human, then the two bots.
    pub(super) names: [String; 3],
    /// What was said in this deal's auction (public information).
    pub(super) auction_log: Vec<(Seat, SkatAction)>,
    /// The card under the cursor, as an index into [`Model::hand`].
    pub(super) cursor: usize,
    /// Cards marked to lay away.
    pub(super) marked: CardSet,
    /// The two cards the human found on picking up the skat.
    pub(super) found: CardSet,
    /// Steps above the lowest legal bid.
    pub(super) bid_step: usize,
    /// The highlighted option in the declaration list.
    pub(super) option: usize,
    /// The status line, if something is to be said.
    pub(super) status: Option<Status>,
    /// A quit was asked for; the next key confirms or cancels it.
    pub(super) quit_armed: bool,
    quit: bool,
    awaiting: Option<Ticket>,
    save: SaveTarget,
    saved_games: usize,
}

impl Model {
    /// A model for `session`. Call [`Model::start`] for the first commands.
    pub fn new(session: Session, names: [String; 3], save: SaveTarget) -> Model {
        let view = session.view(session.human_seat());
        Model {
            session,
            view,
            names,
            auction_log: Vec::new(),
            cursor: 0,
            marked: CardSet::EMPTY,
            found: CardSet::EMPTY,
            bid_step: 0,
            option: 0,
            status: None,
            quit_armed: false,
            quit: false,
            awaiting: None,
            save,
            saved_games: 0,
        }
    }

    /// The first commands: a bot request if a bot opens the auction.
    pub fn start(&mut self) -> Vec<Cmd> {
        self.ask_bot()
    }

    /// Whether the human confirmed quitting.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The session (score sheet, seats, records; not the deal's hidden cards).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Whether a bot's answer is awaited.
    pub fn awaiting_bot(&self) -> bool {
        self.awaiting.is_some()
    }

    /// The name of the member sitting in `seat` this deal.
    pub(super) fn name_at(&self, seat: Seat) -> &str {
        &self.names[self.session.member_at(seat)]
    }

    /// "Bot 1 (Middlehand)": who sits in `seat`.
    pub(super) fn who(&self, seat: Seat) -> String {
        format!("{} ({})", self.name_at(seat), seat_name(seat))
    }

    /// The human's cards in display order (trumps first for the game in play).
    pub(super) fn hand(&self) -> Vec<Card> {
        hand_order(self.view.hand, self.view.contract.map(|c| c.kind))
    }

    /// The human's legal actions now (empty when it is not the human's turn).
    pub(super) fn legal(&self) -> Vec<SkatAction> {
        let mut legal = Vec::new();
        self.view.legal_actions(&mut legal);
        legal
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

    /// The declaration options (skat pickup first, then the legal games) when
    /// the human, as declarer, is to choose.
    pub(super) fn options(&self) -> Vec<SkatAction> {
        match self.view.phase {
            SkatPhase::SkatDecision | SkatPhase::Declaring => self.legal(),
            _ => Vec::new(),
        }
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> Vec<Cmd> {
        match msg {
            Msg::Key(key) => self.on_key(key),
            Msg::Resize => Vec::new(),
            Msg::Bot(answer) => self.on_bot(answer),
            Msg::Saved { games, result } => {
                self.status = Some(match result {
                    Ok(()) => {
                        self.saved_games = self.saved_games.max(games);
                        let next = if self.view.phase == SkatPhase::Over { " n: next deal." } else { "" };
                        Status::Info(format!("Saved {games} game(s) to {}.{next}", self.save.path.display()))
                    }
                    Err(e) => Status::Error(format!("Could not save to {}: {e}", self.save.path.display())),
                });
                Vec::new()
            }
        }
    }

    fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status::Info(text.into()));
    }

    fn on_key(&mut self, key: KeyEvent) -> Vec<Cmd> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        let intent = intent(key);
        if self.quit_armed {
            self.quit_armed = false;
            if intent == Some(Intent::Quit) {
                self.quit = true;
                return vec![Cmd::Quit];
            }
            self.info("Not quitting: the game goes on.");
            return Vec::new();
        }
        let Some(intent) = intent else {
            self.info("That key does nothing here; the keys are on the bottom line.");
            return Vec::new();
        };
        self.status = None;
        match intent {
            Intent::Quit => {
                self.quit_armed = true;
                let unsaved = self.session.records().len().saturating_sub(self.saved_games);
                let mut question = String::from("Quit? Press q again to quit, any other key to play on.");
                if unsaved > 0 && !self.save.auto {
                    question.push_str(&format!(" ({unsaved} finished deal(s) not saved: w saves.)"));
                }
                self.info(question);
                Vec::new()
            }
            Intent::Save => self.save_now(),
            _ => self.on_intent(intent),
        }
    }

    fn on_intent(&mut self, intent: Intent) -> Vec<Cmd> {
        let phase = self.view.phase;
        if phase == SkatPhase::Over {
            // Not Enter: a player still pressing Enter to play cards would
            // skip the result of a game that ended early.
            return match intent {
                Intent::NextDeal => self.next_deal(),
                _ => {
                    self.info("This deal is over: n starts the next one.");
                    Vec::new()
                }
            };
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
            _ => {}
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
            SkatPhase::SkatDecision | SkatPhase::Declaring => {
                let options = self.options();
                let last = options.len().saturating_sub(1);
                if primary {
                    return match options.get(self.option.min(last)) {
                        Some(&action) => self.act(action),
                        None => Vec::new(),
                    };
                }
                self.option = match intent {
                    Intent::Up => self.option.saturating_sub(1),
                    Intent::Down => self.option + 1,
                    Intent::PageUp => self.option.saturating_sub(5),
                    Intent::PageDown => self.option + 5,
                    Intent::First => 0,
                    Intent::Last => last,
                    _ => self.option,
                }
                .min(last);
                Vec::new()
            }
            SkatPhase::Discarding => {
                if intent == Intent::Select {
                    self.toggle_mark();
                    Vec::new()
                } else if intent == Intent::Confirm {
                    if self.marked.len() == 2 {
                        self.act(SkatAction::Discard(self.marked))
                    } else {
                        let n = self.marked.len();
                        self.status = Some(Status::Error(format!(
                            "Mark exactly two cards with Space first ({n} marked), then Enter lays them away."
                        )));
                        Vec::new()
                    }
                } else {
                    self.info("Discarding: ←/→ move, Space marks, Enter lays the two marked cards away.");
                    Vec::new()
                }
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
                let hand = self.hand();
                let legal = self.view.legal_cards();
                let forward = intent == Intent::NextPlayable;
                let found = (1..=n)
                    .map(|k| if forward { (self.cursor + k) % n } else { (self.cursor + n * 2 - k) % n })
                    .find(|&i| legal.contains(hand[i]));
                match found {
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
            self.status = Some(Status::Error("Two cards are marked already: unmark one first (Space).".into()));
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
                self.status = Some(Status::Error(refusal(&e)));
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
        if let Some(trouble) = &answer.trouble {
            self.status = Some(Status::Error(format!("{who} {trouble}; it took its first legal action instead.")));
        }
        match self.session.apply(answer.seat, answer.action) {
            Ok(()) => self.after(answer.seat, answer.action),
            Err(e) => {
                // The bot checked its action against its own view; a refusal
                // means view and deal disagree. Keep the game going.
                self.status = Some(Status::Error(format!("{who}'s {} was refused: {e}", answer.action)));
                let mut legal = Vec::new();
                self.session.view(answer.seat).legal_actions(&mut legal);
                match legal.first() {
                    Some(&action) if self.session.apply(answer.seat, action).is_ok() => self.after(answer.seat, action),
                    _ => Vec::new(),
                }
            }
        }
    }

    /// Brings the model up to date after `seat` took `action`.
    fn after(&mut self, seat: Seat, action: SkatAction) -> Vec<Cmd> {
        if matches!(action, SkatAction::Bid(_) | SkatAction::Hold | SkatAction::Pass) {
            self.auction_log.push((seat, action));
        }
        let before = std::mem::replace(&mut self.view, self.session.view(self.session.human_seat()));
        if seat == self.view.seat {
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
            self.info(format!("{summary} n: next deal."));
            if self.save.auto {
                cmds.extend(self.save_cmd());
            }
        }
        cmds.extend(self.ask_bot());
        cmds
    }

    /// Keeps the cursor on the hand, and on a playable card when the human is to play.
    fn fit_cursor(&mut self) {
        let hand = self.hand();
        self.cursor = self.cursor.min(hand.len().saturating_sub(1));
        let legal = self.view.legal_cards();
        if !legal.is_empty() && !hand.get(self.cursor).is_some_and(|&c| legal.contains(c)) {
            self.cursor = hand.iter().position(|&c| legal.contains(c)).unwrap_or(0);
        }
    }

    fn summary(&self, outcome: SkatOutcome) -> String {
        match outcome {
            SkatOutcome::PassedIn => "All three passed: the deal is thrown in.".into(),
            SkatOutcome::Played { declarer, settlement } => {
                let who = self.name_at(declarer);
                let verb = if settlement.won { "won" } else { "lost" };
                format!("{who} {verb} {}: {:+}.", settlement.contract, settlement.score)
            }
            // The terminal game plays the International Skat Order: no Ramsch.
            SkatOutcome::Ramsch { .. } => "A Ramsch was played.".into(),
        }
    }

    fn ask_bot(&mut self) -> Vec<Cmd> {
        match self.session.bot_request() {
            Some(request) if self.awaiting != Some(request.ticket) => {
                self.awaiting = Some(request.ticket);
                vec![Cmd::AskBot(request)]
            }
            _ => Vec::new(),
        }
    }

    fn next_deal(&mut self) -> Vec<Cmd> {
        if !self.session.next_deal() {
            return Vec::new();
        }
        self.auction_log.clear();
        self.marked = CardSet::EMPTY;
        self.found = CardSet::EMPTY;
        self.cursor = 0;
        self.option = 0;
        self.bid_step = 0;
        self.awaiting = None;
        self.view = self.session.view(self.session.human_seat());
        let dealer = &self.names[self.session.dealer()];
        let deals = if dealer == &self.names[0] { "you deal".to_owned() } else { format!("{dealer} deals") };
        self.info(format!("Deal {}: you sit in {}; {deals}.", self.session.number(), seat_name(self.view.seat)));
        self.ask_bot()
    }

    fn save_now(&mut self) -> Vec<Cmd> {
        if self.session.records().is_empty() {
            self.info("Nothing to save yet: no deal has finished.");
            return Vec::new();
        }
        self.save_cmd()
    }

    fn save_cmd(&mut self) -> Vec<Cmd> {
        match record::session_text(&self.session, &self.names) {
            Ok(text) => {
                vec![Cmd::Save { path: self.save.path.clone(), text, games: self.session.records().len() }]
            }
            Err(e) => {
                self.status = Some(Status::Error(format!("Could not write the records: {e}")));
                Vec::new()
            }
        }
    }
}

/// The engine's refusal, for the status line. The auction's errors name
/// seats by number; they are said in words here.
fn refusal(error: &SkatError) -> String {
    match error {
        SkatError::Bid(BidError::NothingToHold(_)) => {
            "Not allowed: there is no value to hold; say a value (Enter) or pass (p).".to_owned()
        }
        SkatError::Bid(BidError::MustAnswer { value, .. }) => {
            format!("Not allowed: answer {value} first; y holds it, p passes.")
        }
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
            format!("Not allowed: {what} is over or not yet due; this is the {phase} phase.")
        }
        error => format!("Not allowed: {error}."),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::play::session::Bots;
    use crossterm::event::{KeyCode, KeyModifiers};
    use trumpf_ai::{Bot, RandomBot};
    use trumpf_core::skat::{SkatGame, SkatRules};

    pub fn key(code: KeyCode) -> Msg {
        Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    pub fn ch(c: char) -> Msg {
        key(KeyCode::Char(c))
    }

    pub fn names() -> [String; 3] {
        ["You".into(), "Bot 1".into(), "Bot 2".into()]
    }

    pub fn model(session: Session) -> Model {
        let save = SaveTarget { path: std::env::temp_dir().join("trumpf-play-test.sgf"), auto: false };
        Model::new(session, names(), save)
    }

    /// A bot that passes in the auction and otherwise takes its first legal action.
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

    pub fn passers() -> Bots {
        Bots::new([Box::new(Passer), Box::new(Passer)])
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
    /// skat, lays away the first two cards, declares the first option and
    /// plays the first playable card.
    pub fn policy_key(m: &Model) -> Msg {
        match m.view.phase {
            SkatPhase::Over => ch('n'),
            SkatPhase::Bidding => match m.bid_turn() {
                Some(BidTurn::Say(values)) if values[0] <= 20 => key(KeyCode::Enter),
                Some(BidTurn::Answer(value)) if value <= 20 => ch('y'),
                Some(BidTurn::PlayAt18) => ch('y'),
                _ => ch('p'),
            },
            SkatPhase::Discarding if m.marked.len() < 2 => {
                if m.marked.contains(m.hand()[m.cursor]) {
                    key(KeyCode::Right)
                } else {
                    ch(' ')
                }
            }
            _ => key(KeyCode::Enter),
        }
    }

    /// Plays with [`policy_key`] until `deals` deals are on the sheet,
    /// calling `check` after every message.
    pub fn play_deals(m: &mut Model, bots: &mut Bots, deals: usize, mut check: impl FnMut(&Model)) {
        for _ in 0..5000 {
            if m.session().sheet().entries().len() >= deals {
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
        let mut bots = Bots::new([Box::new(RandomBot::new(5)), Box::new(Passer)]);
        let model = started(model(Session::new(11, SkatRules::default())), &mut bots);
        assert_eq!(model.view.seat, Seat::FOREHAND);
        assert!(!model.awaiting_bot());
        assert_eq!(model.view.to_act, Some(Seat::FOREHAND));
        assert!(matches!(model.bid_turn(), Some(BidTurn::Answer(_) | BidTurn::PlayAt18)));
        assert!(!model.auction_log.is_empty(), "middlehand's words are logged");
    }

    #[test]
    fn illegal_input_is_refused_in_the_status_line_and_changes_nothing() {
        // Deal 2 of the session: the human sits in rearhand; both bots pass,
        // so the human bids to forehand.
        let mut bots = passers();
        let mut m = model(Session::new(4, SkatRules::default()));
        // Finish deal 1 by passing everywhere.
        m = started(m, &mut bots);
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
        // The bid value moves with the arrows and is said with Enter; forehand passes.
        feed(&mut m, &mut bots, key(KeyCode::Right));
        feed(&mut m, &mut bots, key(KeyCode::Right));
        assert_eq!(m.chosen_bid(), Some(22));
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        assert_eq!(&m.auction_log[1..], [(Seat::REARHAND, SkatAction::Bid(22)), (Seat::FOREHAND, SkatAction::Pass)]);
        assert_eq!(m.view.phase, SkatPhase::SkatDecision);
        assert_eq!(m.view.declarer, Some(Seat::REARHAND));
        assert_eq!(m.view.bid, 22);
    }

    #[test]
    fn a_whole_session_runs_headless_against_the_heuristic_bots() {
        let mut bots = Bots::skat();
        let mut m = started(model(Session::new(2024, SkatRules::default())), &mut bots);
        let mut seats = vec![m.view.seat];
        let mut phases = std::collections::HashSet::new();
        play_deals(&mut m, &mut bots, 6, |m| {
            phases.insert(format!("{:?}", m.view.phase));
            if seats.len() < m.session().number() as usize {
                seats.push(m.view.seat);
            }
        });
        let sheet = m.session().sheet();
        assert_eq!(sheet.entries().len(), 6);
        assert_eq!(m.session().records().len(), 6);
        assert_eq!(&seats[..3], [Seat::FOREHAND, Seat::REARHAND, Seat::MIDDLEHAND]);
        let scored: i64 = sheet.entries().iter().filter_map(|e| e.settlement).map(|s| i64::from(s.score)).sum();
        assert_eq!(sheet.totals().iter().sum::<i64>(), scored, "classic sheet: totals are the declarers' scores");
        assert_eq!(m.view.phase, SkatPhase::Over);
        assert!(phases.contains("Playing"), "{phases:?}");
    }

    #[test]
    fn the_same_seed_and_keys_give_the_same_session() {
        let run = || {
            let mut bots = Bots::skat();
            let mut m = started(model(Session::new(77, SkatRules::default())), &mut bots);
            play_deals(&mut m, &mut bots, 3, |_| {});
            m.session().records().to_vec()
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn an_illegal_card_is_refused_and_nothing_changes() {
        // Play deals until the human must follow suit while holding other cards.
        let mut bots = Bots::skat();
        let mut m = started(model(Session::new(5, SkatRules::default())), &mut bots);
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

    #[test]
    fn quitting_takes_two_presses_of_q() {
        let mut bots = passers();
        let mut m = started(model(Session::new(1, SkatRules::default())), &mut bots);
        assert!(feed(&mut m, &mut bots, ch('q')).is_empty());
        assert!(m.quit_armed && !m.should_quit());
        feed(&mut m, &mut bots, ch('x'));
        assert!(!m.quit_armed && !m.should_quit(), "any other key plays on");
        feed(&mut m, &mut bots, ch('q'));
        let cmds = feed(&mut m, &mut bots, ch('Q'));
        assert!(matches!(cmds[..], [Cmd::Quit]));
        assert!(m.should_quit());
    }

    #[test]
    fn saving_writes_every_finished_deal_and_autosave_follows_each_deal() {
        let mut bots = passers();
        let mut m = started(model(Session::new(8, SkatRules::default())), &mut bots);
        feed(&mut m, &mut bots, ch('w'));
        assert!(matches!(&m.status, Some(Status::Info(t)) if t.contains("Nothing to save")));
        m.save.auto = true;
        let mut saves = Vec::new();
        for _ in 0..200 {
            if m.session().sheet().entries().len() == 2 {
                break;
            }
            let msg = policy_key(&m);
            saves.extend(feed(&mut m, &mut bots, msg));
        }
        let texts: Vec<&String> = saves
            .iter()
            .map(|cmd| match cmd {
                Cmd::Save { text, .. } => text,
                other => panic!("unexpected {other:?}"),
            })
            .collect();
        assert_eq!(texts.len(), 2, "one save after each finished deal");
        assert_eq!(texts[1].lines().count(), 2);
        assert!(texts[1].starts_with(texts[0].as_str()));
        let Cmd::Save { games, .. } = saves[1] else { unreachable!() };
        feed(&mut m, &mut bots, Msg::Saved { games, result: Ok(()) });
        assert!(matches!(&m.status, Some(Status::Info(t)) if t.contains("Saved 2 game(s)")));
        feed(&mut m, &mut bots, Msg::Saved { games, result: Err("disk full".into()) });
        assert!(matches!(&m.status, Some(Status::Error(t)) if t.contains("disk full")));
    }

    #[test]
    fn stale_bot_answers_are_ignored() {
        let mut bots = passers();
        let mut m = model(Session::new(3, SkatRules::default()));
        let Some(Cmd::AskBot(request)) = m.start().pop() else { panic!("middlehand is a bot") };
        let answer = bots.answer(request);
        m.update(Msg::Bot(answer.clone()));
        let ticket = m.session().ticket();
        // The same answer again is for a decision already taken.
        m.update(Msg::Bot(answer));
        assert_eq!(m.session().ticket(), ticket);
    }

    #[test]
    fn no_key_crashes_the_game() {
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
        let chars: Vec<char> = "abcdefghijklmnoprstuvwxyz YNPSW+-?0123456789é♣".chars().collect();
        let modifiers = [KeyModifiers::NONE, KeyModifiers::SHIFT, KeyModifiers::CONTROL, KeyModifiers::ALT];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
        for seed in 0..3 {
            let mut bots = Bots::skat();
            let mut m = started(model(Session::new(seed, SkatRules::default())), &mut bots);
            for step in 0..1500 {
                let msg = match rng.random_range(0..10) {
                    0..5 => policy_key(&m),
                    5 => Msg::Resize,
                    _ => {
                        let code = if rng.random_range(0..2) == 0 {
                            codes[rng.random_range(0..codes.len())]
                        } else {
                            KeyCode::Char(chars[rng.random_range(0..chars.len())])
                        };
                        let modifier = modifiers[rng.random_range(0..modifiers.len())];
                        // Ctrl-C and Ctrl-D quit like q; keep the session going.
                        if modifier == KeyModifiers::CONTROL && matches!(code, KeyCode::Char('c' | 'd')) {
                            continue;
                        }
                        Msg::Key(KeyEvent::new(code, modifier))
                    }
                };
                feed(&mut m, &mut bots, msg);
                if m.should_quit() {
                    break;
                }
                if step % 7 == 0 {
                    let (w, h) = (rng.random_range(0..120), rng.random_range(0..40));
                    crate::play::ui::tests::screen(&m, w, h);
                }
            }
        }
    }
}
