//! A session: deal after deal against two bots, written on one score sheet.
//!
//! The session owns the deal in progress and hands out nothing but seat
//! views ([`Session::view`]): the screen gets the human's, each bot its own
//! inside a [`BotRequest`]. It also keeps every finished deal's actions, so
//! the session can be saved as game records.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

use trumpf_ai::{Bot, SkatBot};
use trumpf_core::skat::{ScoreSheet, SkatAction, SkatDeal, SkatError, SkatGame, SkatOutcome, SkatRules, SkatView};
use trumpf_core::{Game, GameView, Seat};

/// The human's member number on the score sheet. The bots are members 1 and 2.
pub const HUMAN: usize = 0;

/// The member who deals first, so the human sits in forehand in deal 1
/// (and then, as the deal passes left, in rearhand and middlehand).
const FIRST_DEALER: usize = 2;

/// Names one decision point of a session: a deal and the number of actions
/// taken in it. A bot answer is applied only if its ticket is still current.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ticket {
    deal: u32,
    ply: usize,
}

/// What a bot is asked: its own seat's view, nothing else.
#[derive(Clone, Debug)]
pub struct BotRequest {
    /// The decision point.
    pub ticket: Ticket,
    /// The bot's member number.
    pub member: usize,
    /// The bot's seat in this deal.
    pub seat: Seat,
    /// What that seat may know.
    pub view: SkatView,
}

/// A bot's answer.
#[derive(Clone, Debug)]
pub struct BotAnswer {
    /// The decision point it answers.
    pub ticket: Ticket,
    /// The seat that acts.
    pub seat: Seat,
    /// A legal action of that seat.
    pub action: SkatAction,
    /// Set when the bot failed (panicked or chose an illegal action) and its
    /// first legal action was taken instead.
    pub trouble: Option<String>,
}

/// A finished deal, with everything needed to write it as a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// 1-based deal number in the session.
    pub number: u32,
    /// The dealing member.
    pub dealer: usize,
    /// The members in forehand, middlehand and rearhand.
    pub seating: [usize; 3],
    /// The cards as dealt.
    pub deal: SkatDeal,
    /// Every action in order, with the seat that took it.
    pub actions: Vec<(Seat, SkatAction)>,
    /// How the deal ended.
    pub outcome: SkatOutcome,
}

/// A list of deals at a three-member table: the human and two bots.
#[derive(Clone, Debug)]
pub struct Session {
    rules: SkatRules,
    seed: u64,
    sheet: ScoreSheet,
    number: u32,
    dealer: usize,
    seating: [usize; 3],
    game: SkatGame,
    actions: Vec<(Seat, SkatAction)>,
    records: Vec<GameRecord>,
}

impl Session {
    /// A new session whose deals all follow from `seed`.
    pub fn new(seed: u64, rules: SkatRules) -> Session {
        Session::starting_with(seed, rules, deal_for(seed, 1))
    }

    /// A session whose first deal is `deal` (later deals follow from `seed`).
    pub fn starting_with(seed: u64, rules: SkatRules, deal: SkatDeal) -> Session {
        assert_eq!(rules.table_size, 3, "the terminal game seats three members");
        let sheet = ScoreSheet::new(&rules, FIRST_DEALER);
        Session {
            rules,
            seed,
            dealer: sheet.next_dealer(),
            seating: sheet.next_seating(),
            sheet,
            number: 1,
            game: SkatGame::new(deal, rules),
            actions: Vec::new(),
            records: Vec::new(),
        }
    }

    /// The seed the deals follow from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The number of the deal in progress (1-based).
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The member dealing the deal in progress.
    pub fn dealer(&self) -> usize {
        self.dealer
    }

    /// The member sitting in `seat` in the deal in progress.
    pub fn member_at(&self, seat: Seat) -> usize {
        self.seating[seat.index()]
    }

    /// The human's seat in the deal in progress.
    pub fn human_seat(&self) -> Seat {
        let i = self.seating.iter().position(|&m| m == HUMAN).expect("the human sits at a three-member table");
        Seat::new(i).expect("three seats")
    }

    /// What `seat` may know of the deal in progress.
    pub fn view(&self, seat: Seat) -> SkatView {
        self.game.view(seat)
    }

    /// The seat to act, or `None` when the deal is over.
    pub fn to_act(&self) -> Option<Seat> {
        self.game.to_act()
    }

    /// The score sheet.
    pub fn sheet(&self) -> &ScoreSheet {
        &self.sheet
    }

    /// The finished deals.
    pub fn records(&self) -> &[GameRecord] {
        &self.records
    }

    /// The current decision point.
    pub fn ticket(&self) -> Ticket {
        Ticket { deal: self.number, ply: self.actions.len() }
    }

    /// Applies `action` for `seat`; when it ends the deal, writes the deal on
    /// the score sheet and keeps its record.
    ///
    /// # Errors
    /// The engine's reason; the deal is unchanged.
    pub fn apply(&mut self, seat: Seat, action: SkatAction) -> Result<(), SkatError> {
        self.game.try_apply(seat, action)?;
        self.actions.push((seat, action));
        if let Some(outcome) = self.game.outcome() {
            self.sheet.record(&outcome);
            self.records.push(GameRecord {
                number: self.number,
                dealer: self.dealer,
                seating: self.seating,
                deal: *self.game.deal(),
                actions: self.actions.clone(),
                outcome,
            });
        }
        Ok(())
    }

    /// Deals the next deal, if the one in progress is over. The deal passes
    /// one seat to the left; the seats come from the score sheet.
    pub fn next_deal(&mut self) -> bool {
        if !self.game.is_over() {
            return false;
        }
        self.number += 1;
        self.dealer = self.sheet.next_dealer();
        self.seating = self.sheet.next_seating();
        self.game = SkatGame::new(deal_for(self.seed, self.number), self.rules);
        self.actions.clear();
        true
    }

    /// The request for the bot to act, if a bot is to act.
    pub fn bot_request(&self) -> Option<BotRequest> {
        let seat = self.game.to_act()?;
        let member = self.member_at(seat);
        (member != HUMAN).then(|| BotRequest { ticket: self.ticket(), member, seat, view: self.game.view(seat) })
    }
}

/// The deal numbered `number` (1-based) of the session for `seed`:
/// [`SkatDeal::from_seed`] of `seed + number − 1`, so deal 1 of `--seed 42`
/// is `SkatDeal::from_seed(42)`.
pub fn deal_for(seed: u64, number: u32) -> SkatDeal {
    SkatDeal::from_seed(seed.wrapping_add(u64::from(number.saturating_sub(1))))
}

/// The two bots, by member. They see only the view in each request.
pub struct Bots {
    players: [Box<dyn Bot<SkatGame>>; 2],
}

impl Bots {
    /// The session's opponents: two heuristic Skat bots.
    pub fn skat() -> Bots {
        Bots::new([Box::new(SkatBot::new()), Box::new(SkatBot::new())])
    }

    /// Members 1 and 2 played by these bots.
    pub fn new(players: [Box<dyn Bot<SkatGame>>; 2]) -> Bots {
        Bots { players }
    }

    /// Asks the request's bot. A bot that panics or answers an illegal action
    /// is replaced, for this decision, by its first legal action, and the
    /// answer says so.
    pub fn answer(&mut self, request: BotRequest) -> BotAnswer {
        let bot = &mut self.players[(request.member + 1) % 2];
        let mut legal = Vec::new();
        request.view.legal_actions(&mut legal);
        let fallback = *legal.first().expect("a bot is asked only when its seat is to act");
        let (action, trouble) = match panic::catch_unwind(AssertUnwindSafe(|| bot.choose(&request.view))) {
            Ok(action) if legal.contains(&action) => (action, None),
            Ok(action) => (fallback, Some(format!("chose the illegal action {action}"))),
            Err(payload) => (fallback, Some(format!("failed: {}", panic_text(payload.as_ref())))),
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
mod tests {
    use super::*;
    use trumpf_ai::RandomBot;

    fn random_bots() -> Bots {
        Bots::new([Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))])
    }

    /// Plays the deal in progress to its end, the human taking the first legal action.
    fn finish_deal(session: &mut Session, bots: &mut Bots) {
        while let Some(seat) = session.to_act() {
            let action = match session.bot_request() {
                Some(request) => bots.answer(request).action,
                None => {
                    let mut legal = Vec::new();
                    session.view(seat).legal_actions(&mut legal);
                    legal[legal.len() - 1]
                }
            };
            session.apply(seat, action).unwrap();
        }
    }

    #[test]
    fn deals_follow_the_seed_and_the_deal_passes_left() {
        let mut session = Session::new(7, SkatRules::default());
        assert_eq!(session.view(Seat::FOREHAND).hand, SkatDeal::from_seed(7).hand(Seat::FOREHAND));
        let mut bots = random_bots();
        let mut human_seats = Vec::new();
        for number in 1..=4 {
            assert_eq!(session.number(), number);
            human_seats.push(session.human_seat());
            assert_eq!(session.view(Seat::MIDDLEHAND).hand, deal_for(7, number).hand(Seat::MIDDLEHAND));
            assert!(!session.next_deal(), "the deal is not over yet");
            finish_deal(&mut session, &mut bots);
            assert!(session.next_deal());
        }
        assert_eq!(human_seats, [Seat::FOREHAND, Seat::REARHAND, Seat::MIDDLEHAND, Seat::FOREHAND]);
        assert_eq!(session.sheet().entries().len(), 4);
        assert_eq!(session.records().len(), 4);
        let dealers: Vec<usize> = session.records().iter().map(|r| r.dealer).collect();
        assert_eq!(dealers, [2, 0, 1, 2]);
    }

    struct Panicky;
    impl Bot<SkatGame> for Panicky {
        fn name(&self) -> &str {
            "panicky"
        }
        fn choose(&mut self, _view: &SkatView) -> SkatAction {
            panic!("no idea")
        }
    }

    struct Illegal;
    impl Bot<SkatGame> for Illegal {
        fn name(&self) -> &str {
            "illegal"
        }
        fn choose(&mut self, _view: &SkatView) -> SkatAction {
            SkatAction::Bid(19)
        }
    }

    #[test]
    fn a_failing_bot_is_replaced_by_its_first_legal_action() {
        let session = Session::new(3, SkatRules::default());
        let request = session.bot_request().expect("middlehand, a bot, bids first");
        let mut bots = Bots::new([Box::new(Illegal), Box::new(Illegal)]);
        let answer = bots.answer(request.clone());
        assert_eq!(answer.action, SkatAction::Bid(18));
        assert!(answer.trouble.unwrap().contains("19"));
        let hook = panic::take_hook();
        panic::set_hook(Box::new(|_| {}));
        let mut bots = Bots::new([Box::new(Panicky), Box::new(Panicky)]);
        let answer = bots.answer(request);
        panic::set_hook(hook);
        assert_eq!(answer.action, SkatAction::Bid(18));
        assert!(answer.trouble.unwrap().contains("no idea"));
    }
}
