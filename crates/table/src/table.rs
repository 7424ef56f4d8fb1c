//! The table: a match in progress, who plays each member, what was said
//! aloud, and the log of every change.
//!
//! The table is a state machine and nothing else: it takes a person's
//! action ([`Table::act`]), a bot's answer ([`Table::answer`]), the step to
//! the next deal and controller changes, and hands out requests for bots
//! and views; it has no threads, clocks or files. Whatever drives it (the
//! terminal, a server, a tournament runner) asks the bots and shows the
//! views.

use trumpf_core::series::record::{MatchRecord, SavedMatch, UnfinishedDeal};
use trumpf_core::series::{Match, MatchError, MatchStatus, PlayedDeal, StartError};
use trumpf_core::shuffle::deal_rng;
use trumpf_core::{Game, GameView, Member, Seat};

use crate::bots::{BotAnswer, BotRequest, BotTrouble, Ticket};
use crate::controller::{BotKind, Controller};
use crate::event::{Event, Numbered};
use crate::game::TableGame;
use crate::itemised::Row;
use crate::save::{SaveError, SaveFormat, Saved};

/// Everything a table opens with.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableSetup<R> {
    /// The match's rules.
    pub rules: R,
    /// Deal `k` is dealt from `seed + k − 1`.
    pub seed: u64,
    /// The member who deals first.
    pub first_dealer: Member,
    /// Who plays each member, by [`Member::index`]; one per member of the
    /// rules' table.
    pub controllers: Vec<Controller>,
}

/// Why a table cannot open.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError<G: Game> {
    /// The match refuses the rules or the first dealer.
    #[error(transparent)]
    Match(MatchError<G>),
    /// One controller per member is needed.
    #[error("the table has {members} members, but {controllers} controllers were given")]
    Controllers {
        /// Members of the rules' table.
        members: usize,
        /// Controllers given.
        controllers: usize,
    },
    /// The game has no bot of this kind.
    #[error("member {member} is to be a {kind} bot, which this game does not have")]
    NoBot {
        /// The member.
        member: Member,
        /// The kind asked for.
        kind: BotKind,
    },
    /// The first deal given does not fit the match.
    #[error("the first deal does not fit the match: {0}")]
    FirstDeal(StartError),
}

/// Why a person's action was refused; the table is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActError<G: Game> {
    /// No such member at this table.
    #[error("the table has no member {0}")]
    NoSuchMember(Member),
    /// The member is played by a bot or nobody, not by a person.
    #[error("member {0} is not played by a person")]
    NotAPerson(Member),
    /// The deal is over.
    #[error("the deal is over")]
    DealOver,
    /// The member sits this deal out (Skat's dealer at a four-member table).
    #[error("member {0} sits this deal out")]
    SittingOut(Member),
    /// Another member is to act.
    #[error("member {to_act} is to act, not member {member}")]
    NotYourTurn {
        /// Who tried.
        member: Member,
        /// Who is to act.
        to_act: Member,
    },
    /// The game refused the action.
    #[error("{0}")]
    Refused(G::Error),
}

/// Why a bot's answer was not applied; the table is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError<G: Game> {
    /// The answer is for a decision no longer open.
    #[error("the answer is for {answer:?}; the table is at {current:?}")]
    Stale {
        /// The answer's ticket.
        answer: Ticket,
        /// The table's.
        current: Ticket,
    },
    /// The answering member is not the bot to act (its controller changed,
    /// or the answer names another member or seat).
    #[error("member {0} is not the bot to act")]
    NotTheBot(Member),
    /// Neither the bot's action nor its seat's first legal action was
    /// accepted (a bug in the game if it ever happens).
    #[error("{0}")]
    Refused(G::Error),
}

/// Why the next deal cannot be dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum NextDealError {
    /// The deal in progress is not over.
    #[error("deal {0} is still being played")]
    NotOver(u32),
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
}

/// Why a controller cannot be changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SeatError {
    /// No such member at this table.
    #[error("the table has no member {0}")]
    NoSuchMember(Member),
    /// The game has no bot of this kind.
    #[error("this game has no {0} bot")]
    NoBot(BotKind),
}

/// Why a log does not rebuild a table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("event {number}: {kind}")]
pub struct RestoreError<G: Game> {
    /// The number of the event that failed (or was expected).
    pub number: u64,
    /// What failed.
    pub kind: RestoreErrorKind<G>,
}

/// What failed when a log was replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreErrorKind<G: Game> {
    /// The log is empty or does not start with [`Event::Opened`].
    #[error("a log starts with the table's opening")]
    NotOpened,
    /// A second opening.
    #[error("the table is open already")]
    OpenedTwice,
    /// The events are not numbered 1, 2, 3, ...
    #[error("numbered {0}")]
    Numbering(u64),
    /// The opening was refused.
    #[error(transparent)]
    Setup(SetupError<G>),
    /// An action is not the seat's to take or was refused.
    #[error("member {member} could not act from seat {seat}: {why}")]
    Action {
        /// Who.
        member: Member,
        /// From which seat.
        seat: Seat,
        /// Why not.
        why: String,
    },
    /// The next deal could not be dealt.
    #[error(transparent)]
    NextDeal(NextDealError),
    /// The deal dealt is not the one the log says.
    #[error("the log deals deal {number} by member {dealer}; the table dealt another")]
    OtherDeal {
        /// The log's number.
        number: u32,
        /// The log's dealer.
        dealer: Member,
    },
    /// A controller change was refused.
    #[error(transparent)]
    Seat(SeatError),
}

/// A deal as dealt with the actions taken in it, in order, each with its
/// seat: what [`Table::resume`] plays again.
pub type DealActions<G> = (G, Vec<(Seat, <G as Game>::Action)>);

/// Why a saved match cannot be continued at a table; nothing is opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError<G: Game> {
    /// The table cannot open with the saved rules.
    #[error(transparent)]
    Setup(SetupError<G>),
    /// A deal is not the one the seed deals.
    #[error("deal {deal} holds other cards than seed {seed} deals for it")]
    OtherCards {
        /// Its number (1-based).
        deal: u32,
        /// The seed.
        seed: u64,
    },
    /// An action is not the seat's to take, or the game refuses it.
    #[error("deal {deal}, action {action}: {why}")]
    Action {
        /// The deal (1-based).
        deal: u32,
        /// The action's place in the deal (1-based).
        action: usize,
        /// Why not.
        why: String,
    },
    /// A deal that is not over is followed by another.
    #[error("deal {0} is not finished, yet another deal follows it")]
    Unfinished(u32),
    /// The match was over before a deal that follows.
    #[error("the match is over after deal {0}, yet another deal follows it")]
    Over(u32),
}

/// What an accepted action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acted<G: Game> {
    /// Who acted.
    pub member: Member,
    /// From which seat.
    pub seat: Seat,
    /// The action taken (for a failed bot, its seat's first legal action).
    pub action: G::Action,
    /// How the bot failed, if it did.
    pub trouble: Option<BotTrouble<G>>,
}

/// A match in progress at a table of people and bots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table<G: TableGame> {
    setup: TableSetup<G::Rules>,
    controllers: Vec<Controller>,
    record: Match<G>,
    number: u32,
    dealer: Member,
    seating: [Member; Seat::MAX],
    start: G,
    game: G,
    actions: Vec<(Seat, G::Action)>,
    talk: Vec<(Seat, G::Said)>,
    record_error: Option<MatchError<G>>,
    events: Vec<Numbered<G>>,
}

impl<G: TableGame> Table<G> {
    /// A table opened with `setup`; deal 1 is dealt from the seed.
    ///
    /// # Errors
    /// Rules or a first dealer the match refuses, a wrong number of
    /// controllers, a bot kind the game has not.
    pub fn new(setup: TableSetup<G::Rules>) -> Result<Table<G>, SetupError<G>> {
        Table::open(setup, None)
    }

    /// A table whose first deal is `first_deal` (later deals follow the
    /// seed): for set pieces, tests and teaching.
    ///
    /// # Errors
    /// As [`Table::new`], and a deal that does not fit the match (other
    /// rules, under way, another Bock or Ramsch round).
    pub fn with_first_deal(setup: TableSetup<G::Rules>, first_deal: G) -> Result<Table<G>, SetupError<G>> {
        Table::open(setup, Some(first_deal))
    }

    fn open(setup: TableSetup<G::Rules>, first_deal: Option<G>) -> Result<Table<G>, SetupError<G>> {
        let record = Match::<G>::new(setup.rules.clone(), setup.first_dealer).map_err(SetupError::Match)?;
        let members = record.members();
        if setup.controllers.len() != members {
            return Err(SetupError::Controllers { members, controllers: setup.controllers.len() });
        }
        for (member, controller) in Member::all(members).zip(&setup.controllers) {
            if let Some(kind) = controller.bot_kind().filter(|&kind| G::bot(kind, 0).is_none()) {
                return Err(SetupError::NoBot { member, kind });
            }
        }
        let start = match &first_deal {
            Some(deal) => {
                deal.check_start(record.rules(), record.progress()).map_err(SetupError::FirstDeal)?;
                deal.clone()
            }
            None => record.deal(&mut deal_rng(setup.seed)),
        };
        let mut table = Table {
            controllers: setup.controllers.clone(),
            number: 1,
            dealer: record.next_dealer(),
            seating: record.next_seating(),
            record,
            game: start.clone(),
            start,
            actions: Vec::new(),
            talk: Vec::new(),
            record_error: None,
            events: Vec::new(),
            setup: setup.clone(),
        };
        table.log(Event::Opened { setup, first_deal });
        Ok(table)
    }

    /// The table that plays `deals` again: opened with `setup` (whose seed
    /// must deal exactly these cards), every deal's actions applied through
    /// the same checks as a person's, the last deal possibly unfinished.
    /// The log is the one the table had when the deals were played (no
    /// controller changes): the opening, each action, each new deal.
    ///
    /// # Errors
    /// A setup the table refuses, a deal with other cards than the seed
    /// deals, an action that is refused, an unfinished deal that is not the
    /// last, a deal after the end of the match.
    pub fn resume(setup: TableSetup<G::Rules>, deals: &[DealActions<G>]) -> Result<Table<G>, ResumeError<G>> {
        let seed = setup.seed;
        let mut table = Table::new(setup).map_err(ResumeError::Setup)?;
        for (i, (start, actions)) in deals.iter().enumerate() {
            let deal = i as u32 + 1;
            if i > 0 {
                table.next_deal().map_err(|e| match e {
                    NextDealError::NotOver(_) => ResumeError::Unfinished(deal - 1),
                    NextDealError::MatchOver => ResumeError::Over(deal - 1),
                })?;
            }
            if table.start.write_deal() != start.write_deal() {
                return Err(ResumeError::OtherCards { deal, seed });
            }
            for (k, &(seat, action)) in actions.iter().enumerate() {
                let refused = |why: String| ResumeError::Action { deal, action: k + 1, why };
                match table.to_act() {
                    None => return Err(refused("the deal is over".to_owned())),
                    Some(to_act) if to_act != seat => {
                        return Err(refused(format!("{} is to act, not {}", G::seat_name(to_act), G::seat_name(seat))));
                    }
                    Some(_) => {}
                }
                let member = table.member_at(seat);
                table.apply(member, seat, action, None).map_err(|e| refused(e.to_string()))?;
            }
        }
        Ok(table)
    }

    fn log(&mut self, event: Event<G>) {
        let number = self.events.len() as u64 + 1;
        self.events.push(Numbered { number, event });
    }

    /// What the table opened with.
    pub fn setup(&self) -> &TableSetup<G::Rules> {
        &self.setup
    }

    /// The seed the deals follow from.
    pub fn seed(&self) -> u64 {
        self.setup.seed
    }

    /// The number of the deal in progress or just finished (1-based).
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The member dealing the deal in progress.
    pub fn dealer(&self) -> Member {
        self.dealer
    }

    /// The match: rules, finished deals, totals, status.
    pub fn record(&self) -> &Match<G> {
        &self.record
    }

    /// Where the match stands.
    pub fn status(&self) -> MatchStatus {
        self.record.status()
    }

    /// Members of the table.
    pub fn members(&self) -> usize {
        self.controllers.len()
    }

    /// Who plays each member, by [`Member::index`].
    pub fn controllers(&self) -> &[Controller] {
        &self.controllers
    }

    /// Who plays `member`, if it is one.
    pub fn controller(&self, member: Member) -> Option<&Controller> {
        self.controllers.get(member.index())
    }

    /// The name of `member` ("?" for no member of this table).
    pub fn name(&self, member: Member) -> &str {
        self.controller(member).map_or("?", Controller::name)
    }

    /// The name of the member in `seat` this deal.
    pub fn name_at(&self, seat: Seat) -> &str {
        self.name(self.member_at(seat))
    }

    /// "Bot 1 (Middlehand)": who sits in `seat` this deal.
    pub fn who(&self, seat: Seat) -> String {
        format!("{} ({})", self.name_at(seat), G::seat_name(seat))
    }

    /// Every member's name, by [`Member::index`].
    pub fn names(&self) -> Vec<String> {
        self.controllers.iter().map(|c| c.name().to_owned()).collect()
    }

    /// Seats taking part in the deal in progress.
    pub fn seats(&self) -> usize {
        self.game.seats()
    }

    /// The member sitting in `seat` in the deal in progress.
    pub fn member_at(&self, seat: Seat) -> Member {
        self.seating[seat.index()]
    }

    /// The seat `member` holds in the deal in progress; `None` while he
    /// sits it out (Skat's dealer at a four-member table).
    pub fn seat_of(&self, member: Member) -> Option<Seat> {
        Seat::all(self.game.seats()).find(|&s| self.member_at(s) == member)
    }

    /// The seat to act, or `None` when the deal is over.
    pub fn to_act(&self) -> Option<Seat> {
        self.game.to_act()
    }

    /// The member to act, or `None` when the deal is over.
    pub fn member_to_act(&self) -> Option<Member> {
        self.to_act().map(|seat| self.member_at(seat))
    }

    /// Whether the deal in progress is over.
    pub fn deal_over(&self) -> bool {
        self.game.is_over()
    }

    /// What `member` may know of the deal in progress: his seat's view, or
    /// the spectator's while he sits the deal out (and for no member of
    /// this table).
    pub fn view_of(&self, member: Member) -> G::View {
        match self.seat_of(member) {
            Some(seat) => self.game.view(seat),
            None => self.game.spectator_view(),
        }
    }

    /// What a spectator may know of the deal in progress.
    pub fn spectator_view(&self) -> G::View {
        self.game.spectator_view()
    }

    /// The current decision point.
    pub fn ticket(&self) -> Ticket {
        Ticket { deal: self.number, ply: self.actions.len() as u32 }
    }

    /// What was said aloud in the deal in progress, in order.
    pub fn talk(&self) -> &[(Seat, G::Said)] {
        &self.talk
    }

    /// The deal just finished, once the deal in progress is over and
    /// recorded.
    pub fn finished(&self) -> Option<&PlayedDeal<G>> {
        if self.game.is_over() && self.record.deals().len() == self.number as usize {
            self.record.deals().last()
        } else {
            None
        }
    }

    /// Why the deal just finished could not be recorded (a bug if it ever
    /// happens; the table then stays on that deal).
    pub fn record_error(&self) -> Option<&MatchError<G>> {
        self.record_error.as_ref()
    }

    /// The itemised result of the deal in progress, once it is over.
    pub fn itemised(&self) -> Option<Vec<Row>> {
        self.game.is_over().then(|| G::itemise(self))
    }

    /// The deal in progress while it is not over: its dealer, the state as
    /// dealt and the actions so far (what a saved record keeps of it).
    pub fn unfinished(&self) -> Option<UnfinishedDeal<G>> {
        (!self.game.is_over()).then(|| UnfinishedDeal {
            dealer: self.dealer,
            start: self.start.clone(),
            actions: self.actions.clone(),
        })
    }

    /// The deal in progress (for the saving of its game's records).
    pub(crate) fn game(&self) -> &G {
        &self.game
    }

    /// The deal in progress as a spectator sees it when it is over (the
    /// itemised results read it).
    pub(crate) fn end_view(&self) -> G::View {
        self.game.spectator_view()
    }

    /// A person's action for `member`.
    ///
    /// # Errors
    /// No such member, not a person, the deal over, the member sitting out
    /// or not to act, or the game's refusal. The table is unchanged then.
    pub fn act(&mut self, member: Member, action: G::Action) -> Result<Acted<G>, ActError<G>> {
        let controller = self.controller(member).ok_or(ActError::NoSuchMember(member))?;
        if !controller.is_person() {
            return Err(ActError::NotAPerson(member));
        }
        let to_act = self.member_to_act().ok_or(ActError::DealOver)?;
        let seat = self.seat_of(member).ok_or(ActError::SittingOut(member))?;
        if to_act != member {
            return Err(ActError::NotYourTurn { member, to_act });
        }
        self.apply(member, seat, action, None).map_err(ActError::Refused)
    }

    /// The request for the bot to act, if a bot is to act.
    pub fn bot_request(&self) -> Option<BotRequest<G>> {
        let seat = self.game.to_act()?;
        let member = self.member_at(seat);
        self.controller(member).filter(|c| c.is_bot())?;
        Some(BotRequest { ticket: self.ticket(), member, seat, view: self.game.view(seat) })
    }

    /// Applies a bot's answer to the current decision. An action the deal
    /// refuses is replaced by the seat's first legal action, and the result
    /// says so.
    ///
    /// # Errors
    /// A stale answer (its decision was taken), an answer from a member
    /// that is not the bot to act; the table is unchanged then.
    pub fn answer(&mut self, answer: BotAnswer<G>) -> Result<Acted<G>, AnswerError<G>> {
        let current = self.ticket();
        if answer.ticket != current {
            return Err(AnswerError::Stale { answer: answer.ticket, current });
        }
        let is_bot = self.controller(answer.member).is_some_and(Controller::is_bot);
        if !is_bot || self.to_act() != Some(answer.seat) || self.member_at(answer.seat) != answer.member {
            return Err(AnswerError::NotTheBot(answer.member));
        }
        match self.apply(answer.member, answer.seat, answer.action, answer.trouble) {
            Ok(acted) => Ok(acted),
            Err(error) => {
                // The bot checked its action against its own view; a refusal
                // means view and deal disagree. Keep the deal going with the
                // seat's first legal action.
                let mut legal = Vec::new();
                self.game.view(answer.seat).legal_actions(&mut legal);
                let fallback = *legal.first().ok_or_else(|| AnswerError::Refused(error.clone()))?;
                let trouble = BotTrouble::Refused { action: answer.action, error };
                self.apply(answer.member, answer.seat, fallback, Some(trouble)).map_err(AnswerError::Refused)
            }
        }
    }

    /// Applies `action` for `member` in `seat`, logs it, and records a deal
    /// it ends in the match.
    fn apply(
        &mut self,
        member: Member,
        seat: Seat,
        action: G::Action,
        trouble: Option<BotTrouble<G>>,
    ) -> Result<Acted<G>, G::Error> {
        let said = G::said(&self.game, action);
        self.game.try_apply(seat, action)?;
        self.actions.push((seat, action));
        if let Some(said) = said {
            self.talk.push((seat, said));
        }
        if self.game.is_over() {
            // The match replays the actions the game has just accepted.
            if let Err(e) = self.record.record(self.start.clone(), self.actions.clone()) {
                self.record_error = Some(e);
            }
        }
        self.log(Event::Acted { member, seat, action, trouble: trouble.clone() });
        Ok(Acted { member, seat, action, trouble })
    }

    /// Deals the next deal, if the one in progress is over and the match
    /// goes on; the deal passes one member to the left. Returns its number.
    ///
    /// # Errors
    /// The deal in progress is not over (or could not be recorded), or the
    /// match is over.
    pub fn next_deal(&mut self) -> Result<u32, NextDealError> {
        if !self.game.is_over() || self.finished().is_none() {
            return Err(NextDealError::NotOver(self.number));
        }
        if self.record.status() != MatchStatus::Running {
            return Err(NextDealError::MatchOver);
        }
        self.number += 1;
        self.dealer = self.record.next_dealer();
        self.seating = self.record.next_seating();
        let seed = self.setup.seed.wrapping_add(u64::from(self.number - 1));
        self.start = self.record.deal(&mut deal_rng(seed));
        self.game = self.start.clone();
        self.actions.clear();
        self.talk.clear();
        self.record_error = None;
        self.log(Event::Dealt { number: self.number, dealer: self.dealer });
        Ok(self.number)
    }

    /// Hands `member` to `controller`: a person replaced by a bot, a bot by
    /// a person, an empty seat taken. A bot request out for the member is
    /// then no longer answered ([`AnswerError::NotTheBot`]) if the member is
    /// no longer a bot.
    ///
    /// # Errors
    /// No such member, or a bot kind the game has not.
    pub fn set_controller(&mut self, member: Member, controller: Controller) -> Result<(), SeatError> {
        if member.index() >= self.controllers.len() {
            return Err(SeatError::NoSuchMember(member));
        }
        if let Some(kind) = controller.bot_kind().filter(|&kind| G::bot(kind, 0).is_none()) {
            return Err(SeatError::NoBot(kind));
        }
        self.controllers[member.index()] = controller.clone();
        self.log(Event::Seated { member, controller });
        Ok(())
    }

    /// Every event so far, numbered from 1.
    pub fn events(&self) -> &[Numbered<G>] {
        &self.events
    }

    /// The events after the one numbered `seen` (all for 0; none for the
    /// table's version or beyond).
    pub fn events_after(&self, seen: u64) -> &[Numbered<G>] {
        let from = usize::try_from(seen).unwrap_or(usize::MAX).min(self.events.len());
        &self.events[from..]
    }

    /// The number of the last event.
    pub fn version(&self) -> u64 {
        self.events.len() as u64
    }

    /// The table `log` describes, rebuilt by replaying its events through
    /// the same checks: equal to the table that wrote the log, also in the
    /// middle of a deal.
    ///
    /// # Errors
    /// A log that does not open the table first, is not numbered 1, 2, ...,
    /// or holds a change the table refuses.
    pub fn restore(log: &[Numbered<G>]) -> Result<Table<G>, RestoreError<G>> {
        let fail = |number: u64, kind| RestoreError { number, kind };
        let Some((first, rest)) = log.split_first() else { return Err(fail(1, RestoreErrorKind::NotOpened)) };
        if first.number != 1 {
            return Err(fail(1, RestoreErrorKind::Numbering(first.number)));
        }
        let Event::Opened { setup, first_deal } = &first.event else {
            return Err(fail(1, RestoreErrorKind::NotOpened));
        };
        let mut table =
            Table::open(setup.clone(), first_deal.clone()).map_err(|e| fail(1, RestoreErrorKind::Setup(e)))?;
        for entry in rest {
            let number = table.version() + 1;
            if entry.number != number {
                return Err(fail(number, RestoreErrorKind::Numbering(entry.number)));
            }
            table.replay(&entry.event).map_err(|kind| fail(number, kind))?;
        }
        Ok(table)
    }

    fn replay(&mut self, event: &Event<G>) -> Result<(), RestoreErrorKind<G>> {
        match event {
            Event::Opened { .. } => Err(RestoreErrorKind::OpenedTwice),
            &Event::Acted { member, seat, action, ref trouble } => {
                let why = |why: String| RestoreErrorKind::Action { member, seat, why };
                if self.to_act() != Some(seat) || self.member_at(seat) != member {
                    return Err(why("not the member to act".to_owned()));
                }
                self.apply(member, seat, action, trouble.clone()).map(drop).map_err(|e| why(e.to_string()))
            }
            &Event::Dealt { number, dealer } => {
                self.next_deal().map_err(RestoreErrorKind::NextDeal)?;
                if (self.number, self.dealer) == (number, dealer) {
                    Ok(())
                } else {
                    Err(RestoreErrorKind::OtherDeal { number, dealer })
                }
            }
            Event::Seated { member, controller } => {
                self.set_controller(*member, controller.clone()).map_err(RestoreErrorKind::Seat)
            }
        }
    }

    /// The match so far as a trumpf match record, the players named after
    /// the members: the seed, the finished deals and the deal in progress
    /// with its actions so far ([`SavedMatch`]), so that the match can be
    /// continued where it stands.
    pub fn record_text(&self) -> String {
        let record = MatchRecord::new(&self.names(), self.record.clone());
        SavedMatch { record, seed: Some(self.setup.seed), unfinished: self.unfinished() }.write()
    }

    /// The match so far as the text of a file, the deal in progress
    /// included, in the format `wanted` where the game and its deals allow
    /// (Skat's ISS records), else as a trumpf match record
    /// ([`TableGame::save`]).
    ///
    /// # Errors
    /// If a recorded deal cannot be written (a bug if it ever happens).
    pub fn save(&self, wanted: SaveFormat) -> Result<Saved, SaveError> {
        G::save(self, wanted)
    }
}
