//! A match at a table of the human and bots, for any game that plays as a
//! [`Match`]: the deal in progress, the match it belongs to, and the bots.
//!
//! Like the Skat [`Session`](super::session::Session), the table hands out
//! nothing but seat views: the screen gets the human's, each bot its own
//! inside a [`BotRequest`]. Finished deals go into the [`Match`], which keeps
//! the running totals, decides the end of the game and is written as a
//! trumpf match record.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

use trumpf_ai::Bot;
use trumpf_core::series::record::{MatchRecord, RecordGame};
use trumpf_core::series::{Match, MatchError, MatchGame, MatchStatus, PlayedDeal};
use trumpf_core::shuffle::deal_rng;
use trumpf_core::{Game, GameView, Member, Seat};

/// The human's member number. The bots are members 1, 2, ...
pub const HUMAN: Member = match Member::new(0) {
    Some(m) => m,
    None => unreachable!(),
};

/// Names one decision point of a match: a deal and the number of actions
/// taken in it. A bot answer is applied only if its ticket is still current.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ticket {
    deal: u32,
    ply: usize,
}

/// What a bot is asked: its own seat's view, nothing else.
#[derive(Clone, Debug)]
pub struct BotRequest<G: Game> {
    /// The decision point.
    pub ticket: Ticket,
    /// The bot's member number.
    pub member: Member,
    /// The bot's seat in this deal.
    pub seat: Seat,
    /// What that seat may know.
    pub view: G::View,
}

/// A bot's answer.
#[derive(Clone, Debug)]
pub struct BotAnswer<G: Game> {
    /// The decision point it answers.
    pub ticket: Ticket,
    /// The seat that acts.
    pub seat: Seat,
    /// A legal action of that seat.
    pub action: G::Action,
    /// Set when the bot failed (panicked or chose an illegal action) and its
    /// first legal action was taken instead.
    pub trouble: Option<String>,
}

/// A match in progress: the deal being played and every finished one.
#[derive(Clone, Debug)]
pub struct Table<G: MatchGame> {
    seed: u64,
    record: Match<G>,
    number: u32,
    dealer: Member,
    seating: [Member; Seat::MAX],
    start: G,
    game: G,
    actions: Vec<(Seat, G::Action)>,
    trouble: Option<String>,
}

impl<G: MatchGame> Table<G> {
    /// A new match under `rules` whose deals all follow from `seed`; member
    /// `first_dealer` deals first.
    ///
    /// # Errors
    /// If the rules cannot be played or the dealer is not a member.
    pub fn new(seed: u64, rules: G::Rules, first_dealer: Member) -> Result<Table<G>, MatchError<G>> {
        let record = Match::<G>::new(rules, first_dealer)?;
        let start = record.deal(&mut deal_rng(seed));
        Ok(Table::with_first_deal(seed, record, start))
    }

    /// A match whose first deal is `start` (later deals follow from `seed`).
    ///
    /// # Errors
    /// As [`Table::new`].
    pub fn starting_with(
        seed: u64,
        rules: G::Rules,
        first_dealer: Member,
        start: G,
    ) -> Result<Table<G>, MatchError<G>> {
        Ok(Table::with_first_deal(seed, Match::<G>::new(rules, first_dealer)?, start))
    }

    fn with_first_deal(seed: u64, record: Match<G>, start: G) -> Table<G> {
        Table {
            seed,
            number: 1,
            dealer: record.next_dealer(),
            seating: record.next_seating(),
            record,
            game: start.clone(),
            start,
            actions: Vec::new(),
            trouble: None,
        }
    }

    /// The seed the deals follow from.
    pub fn seed(&self) -> u64 {
        self.seed
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

    /// The member sitting in `seat` in the deal in progress.
    pub fn member_at(&self, seat: Seat) -> Member {
        self.seating[seat.index()]
    }

    /// The seat `member` holds in the deal in progress; `None` while he
    /// sits it out (Skat's dealer at a four-member table).
    pub fn seat_of(&self, member: Member) -> Option<Seat> {
        Seat::all(self.game.seats()).find(|&s| self.member_at(s) == member)
    }

    /// The human's seat in the deal in progress, for games in which every
    /// member holds a seat in every deal (Spitzer, Spidge). Where a member
    /// may sit out, use [`Table::seat_of`] or [`Table::human_view`].
    pub fn human_seat(&self) -> Seat {
        self.seat_of(HUMAN).unwrap_or(Seat::FOREHAND)
    }

    /// What `seat` may know of the deal in progress.
    pub fn view(&self, seat: Seat) -> G::View {
        self.game.view(seat)
    }

    /// The seat to act, or `None` when the deal is over.
    pub fn to_act(&self) -> Option<Seat> {
        self.game.to_act()
    }

    /// The current decision point.
    pub fn ticket(&self) -> Ticket {
        Ticket { deal: self.number, ply: self.actions.len() }
    }

    /// The deal just finished, once the deal in progress is over.
    pub fn finished(&self) -> Option<&PlayedDeal<G>> {
        if self.game.is_over() && self.record.deals().len() == self.number as usize {
            self.record.deals().last()
        } else {
            None
        }
    }

    /// A problem recording a finished deal (a bug if it ever happens), taken
    /// once.
    pub fn take_trouble(&mut self) -> Option<String> {
        self.trouble.take()
    }

    /// Applies `action` for `seat`; when it ends the deal, the deal goes into
    /// the match.
    ///
    /// # Errors
    /// The engine's reason; the deal is unchanged.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<(), G::Error> {
        self.game.try_apply(seat, action)?;
        self.actions.push((seat, action));
        if self.game.is_over() {
            // The match replays the actions the engine has just accepted.
            if let Err(e) = self.record.record(self.start.clone(), self.actions.clone()) {
                self.trouble = Some(format!("deal {} could not be recorded: {e}", self.number));
            }
        }
        Ok(())
    }

    /// Deals the next deal, if the one in progress is over and the match goes
    /// on. The deal passes one member to the left.
    pub fn next_deal(&mut self) -> bool {
        if !self.game.is_over() || self.record.status() != MatchStatus::Running {
            return false;
        }
        self.number += 1;
        self.dealer = self.record.next_dealer();
        self.seating = self.record.next_seating();
        let seed = self.seed.wrapping_add(u64::from(self.number - 1));
        self.start = self.record.deal(&mut deal_rng(seed));
        self.game = self.start.clone();
        self.actions.clear();
        true
    }

    /// The request for the bot to act, if a bot is to act.
    pub fn bot_request(&self) -> Option<BotRequest<G>> {
        let seat = self.game.to_act()?;
        let member = self.member_at(seat);
        (member != HUMAN).then(|| BotRequest { ticket: self.ticket(), member, seat, view: self.game.view(seat) })
    }

    /// The request for the bot to act, unless it was asked already:
    /// `awaiting` holds the ticket of the request out, and is set to this one.
    pub fn new_bot_request(&self, awaiting: &mut Option<Ticket>) -> Option<BotRequest<G>> {
        let request = self.bot_request().filter(|request| *awaiting != Some(request.ticket))?;
        *awaiting = Some(request.ticket);
        Some(request)
    }

    /// Applies a bot's answer to the current decision, `who` naming the bot.
    /// Returns the action taken (`None` if none could be) and, if there was
    /// trouble, what to tell the human.
    pub fn apply_answer(&mut self, answer: &BotAnswer<G>, who: &str) -> (Option<G::Action>, Option<String>) {
        let trouble = answer.trouble.as_ref().map(|t| format!("{who} {t}; it took its first legal action instead."));
        match self.apply(answer.seat, answer.action) {
            Ok(()) => (Some(answer.action), trouble),
            Err(e) => {
                // The bot checked its action against its own view; a refusal
                // means view and deal disagree. Keep the game going with the
                // seat's first legal action.
                let refused = format!("{who}'s {} was refused: {e}", answer.action);
                let mut legal = Vec::new();
                self.view(answer.seat).legal_actions(&mut legal);
                let taken = legal.first().copied().filter(|&action| self.apply(answer.seat, action).is_ok());
                (taken, Some(refused))
            }
        }
    }
}

impl<G: MatchGame> Table<G> {
    /// What the human may know of the deal in progress: his seat's view,
    /// or, while he sits the deal out, the spectator's.
    pub fn human_view(&self) -> G::View {
        match self.seat_of(HUMAN) {
            Some(seat) => self.game.view(seat),
            None => self.game.spectator_view(),
        }
    }
}

impl<G: RecordGame> Table<G> {
    /// The match so far (finished deals only) as a trumpf match record.
    pub fn record_text(&self, names: &[String]) -> String {
        MatchRecord::new(names, self.record.clone()).write()
    }
}

/// The bots, by member (member [`HUMAN`] has none). They see only the view
/// in each request.
pub struct Bots<G: Game> {
    players: Vec<Option<Box<dyn Bot<G>>>>,
}

impl<G: Game> Bots<G> {
    /// Members 1, 2, ... played by these bots.
    pub fn new(bots: Vec<Box<dyn Bot<G>>>) -> Bots<G> {
        let mut players: Vec<Option<Box<dyn Bot<G>>>> = vec![None];
        players.extend(bots.into_iter().map(Some));
        Bots { players }
    }

    /// Asks the request's bot. A bot that panics or answers an illegal action
    /// (or is missing) is replaced, for this decision, by its first legal
    /// action, and the answer says so.
    pub fn answer(&mut self, request: BotRequest<G>) -> BotAnswer<G> {
        let mut legal = Vec::new();
        request.view.legal_actions(&mut legal);
        let fallback = *legal.first().expect("a bot is asked only when its seat is to act");
        let (action, trouble) = match self.players.get_mut(request.member.index()).and_then(Option::as_mut) {
            None => (fallback, Some("has no bot".to_owned())),
            Some(bot) => match panic::catch_unwind(AssertUnwindSafe(|| bot.choose(&request.view))) {
                Ok(action) if legal.contains(&action) => (action, None),
                Ok(action) => (fallback, Some(format!("chose the illegal action {action}"))),
                Err(payload) => (fallback, Some(format!("failed: {}", panic_text(payload.as_ref())))),
            },
        };
        BotAnswer { ticket: request.ticket, seat: request.seat, action, trouble }
    }
}

fn panic_text(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("panic")
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use trumpf_ai::RandomBot;
    use trumpf_core::spidge::{SpidgeDeal, SpidgeGame, SpidgeRules};
    use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame, SpitzerRules};

    /// A bot for any game that takes its first legal action (in Spitzer:
    /// passes, then plays its first legal card).
    pub struct FirstLegal;
    impl<G: Game> Bot<G> for FirstLegal {
        fn name(&self) -> &str {
            "first legal"
        }
        fn choose(&mut self, view: &G::View) -> G::Action {
            first_legal(view)
        }
    }

    /// The first legal action of the seat whose view this is.
    pub fn first_legal<V: GameView>(view: &V) -> V::Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        legal.swap_remove(0)
    }

    /// Plays the deal in progress to its end: the bots answer their
    /// requests, `human` chooses for the human.
    pub fn play_out<G: MatchGame>(
        table: &mut Table<G>,
        bots: &mut Bots<G>,
        mut human: impl FnMut(&G::View) -> G::Action,
    ) {
        while let Some(seat) = table.to_act() {
            let action = match table.bot_request() {
                Some(request) => bots.answer(request).action,
                None => human(&table.view(seat)),
            };
            table.apply(seat, action).unwrap();
        }
    }

    #[test]
    fn deals_follow_the_seed_and_the_deal_passes_left() {
        let mut table = Table::<SpitzerGame>::new(5, SpitzerRules::default(), Member::new(3).unwrap()).unwrap();
        // Bots that pass and play their first card: Normal games, 3 to 9
        // points a deal, so the match lasts more than four deals.
        let mut bots = Bots::new((1..4).map(|_| Box::new(FirstLegal) as Box<dyn Bot<SpitzerGame>>).collect());
        let mut seats = Vec::new();
        for number in 1..=5u32 {
            assert_eq!(table.number(), number);
            let seat = table.human_seat();
            seats.push(seat.index());
            assert_eq!(table.view(seat).hand, SpitzerDeal::from_seed(5 + u64::from(number) - 1).hand(seat));
            assert!(table.finished().is_none());
            assert!(!table.next_deal(), "the deal is not over yet");
            play_out(&mut table, &mut bots, first_legal);
            assert_eq!(table.finished().map(|d| d.dealer), Some(table.dealer()));
            assert!(table.take_trouble().is_none());
            if !table.next_deal() {
                break;
            }
        }
        assert_eq!(&seats[..4], [0, 3, 2, 1], "eldest first, then dealer, E3, E2");
    }

    #[test]
    fn a_bot_answer_is_applied_and_a_refused_one_replaced_by_the_first_legal_action() {
        use trumpf_core::spitzer::SpitzerAction;
        let mut table = Table::<SpitzerGame>::new(5, SpitzerRules::default(), Member::new(3).unwrap()).unwrap();
        // The human (E1) announces first; then the bots.
        let seat = table.to_act().unwrap();
        table.apply(seat, first_legal(&table.view(seat))).unwrap();
        let request = table.bot_request().expect("E2 is a bot");
        let action = first_legal(&request.view);
        let answer =
            BotAnswer { ticket: request.ticket, seat: request.seat, action, trouble: Some("failed: boom".into()) };
        let said = "Bot 1 failed: boom; it took its first legal action instead.";
        assert_eq!(table.apply_answer(&answer, "Bot 1"), (Some(action), Some(said.to_owned())));
        // A card during the announcements: the deal refuses it and takes the
        // seat's first legal action instead.
        let request = table.bot_request().expect("E3 is a bot");
        let card = request.view.hand.first().unwrap();
        let answer =
            BotAnswer { ticket: request.ticket, seat: request.seat, action: SpitzerAction::Play(card), trouble: None };
        let ticket = table.ticket();
        let (taken, said) = table.apply_answer(&answer, "Bot 2");
        assert_eq!(taken, Some(first_legal(&request.view)));
        let said = said.unwrap();
        assert!(said.starts_with(&format!("Bot 2's {} was refused: ", SpitzerAction::Play(card))), "{said}");
        assert_ne!(table.ticket(), ticket);
        assert_eq!(table.view(request.seat).said(request.seat), taken);
    }

    #[test]
    fn the_spidge_dealer_is_asked_for_the_dummy_too() {
        let mut table = Table::<SpidgeGame>::new(9, SpidgeRules::default(), Member::new(2).unwrap()).unwrap();
        assert_eq!(
            table.view(table.human_seat()).own_hand,
            SpidgeDeal::from_seed(9).hands()[trumpf_core::spidge::Hand::Left]
        );
        let mut bots = Bots::new((1..3).map(|i| Box::new(RandomBot::new(i)) as Box<dyn Bot<SpidgeGame>>).collect());
        play_out(&mut table, &mut bots, first_legal);
        assert!(table.finished().is_some());
        assert!(table.next_deal());
        assert_eq!(table.dealer().index(), 0);
        assert_eq!(table.human_seat(), trumpf_core::spidge::DEALER);
    }
}
