//! A Skat session: deal after deal against two bots (three at a
//! four-member table), played as a [`Match`](trumpf_core::series::Match) of
//! [`SkatGame`]s on the generic [`Table`].
//!
//! The match brings what the house rules need between deals: the Bock and
//! Ramsch rounds and the Pirat phases (its
//! [`SkatProgress`](trumpf_core::series::SkatProgress)), the dealer
//! rotation, the totals and the end of a fixed-length list or of a Pirat
//! match. Deal `n` of `--seed S` is dealt from `SkatDeal::from_seed(S + n − 1)`
//! and set up for its place in the match:
//! `SkatGame::with_setup(deal, rules.table, progress.next_setup(&rules.table))`.
//! The session hands out nothing but views: the screen gets the human's
//! (the onlooker's, [`SkatGame::onlooker_view`], while he deals and sits
//! out at a four-member table), each bot its own inside a [`BotRequest`].

use trumpf_ai::SkatBot;
use trumpf_core::Member;
use trumpf_core::series::{MatchError, SkatMatchRules};
use trumpf_core::skat::SkatGame;

use super::table::{self, Table};

pub use super::table::{HUMAN, Ticket};

/// A Skat match at a table of the human and two or three bots.
pub type Session = Table<SkatGame>;
/// What a Skat bot is asked.
pub type BotRequest = table::BotRequest<SkatGame>;
/// A Skat bot's answer.
pub type BotAnswer = table::BotAnswer<SkatGame>;
/// The Skat bots, by member.
pub type Bots = table::Bots<SkatGame>;

/// The member who deals first: the last, so the human sits in forehand in
/// deal 1 (at three members he then sits in rearhand and middlehand; at
/// four he deals deal 2 and sits it out, then plays rearhand and
/// middlehand).
pub fn first_dealer(rules: &SkatMatchRules) -> Member {
    Member::new(usize::from(rules.table.table_size).saturating_sub(1)).unwrap_or(HUMAN)
}

/// A new session whose deals all follow from `seed`.
///
/// # Errors
/// Rules the match refuses (a table of neither three nor four members).
pub fn new(seed: u64, rules: SkatMatchRules) -> Result<Session, MatchError<SkatGame>> {
    Table::new(seed, rules, first_dealer(&rules))
}

/// A session whose first deal is `deal`, dealt by member `dealer` (later
/// deals follow from `seed`).
///
/// # Panics
/// If the rules cannot be played (tests only).
#[cfg(test)]
pub fn starting_with_dealer(
    seed: u64,
    rules: SkatMatchRules,
    deal: trumpf_core::skat::SkatDeal,
    dealer: Member,
) -> Session {
    let start = SkatGame::with_setup(deal, rules.table, trumpf_core::skat::DealSetup::default());
    Table::starting_with(seed, rules, dealer, start).expect("playable rules")
}

/// A session whose first deal is `deal` (later deals follow from `seed`).
///
/// # Panics
/// If the rules cannot be played (tests only).
#[cfg(test)]
pub fn starting_with(seed: u64, rules: SkatMatchRules, deal: trumpf_core::skat::SkatDeal) -> Session {
    starting_with_dealer(seed, rules, deal, first_dealer(&rules))
}

/// The deal numbered `number` (1-based) of the session for `seed`:
/// [`SkatDeal::from_seed`] of `seed + number − 1`, so deal 1 of `--seed 42`
/// is `SkatDeal::from_seed(42)`.
#[cfg(test)]
pub fn deal_for(seed: u64, number: u32) -> trumpf_core::skat::SkatDeal {
    trumpf_core::skat::SkatDeal::from_seed(seed.wrapping_add(u64::from(number.saturating_sub(1))))
}

/// The session's opponents: a heuristic Skat bot for each member but the
/// human (members 1, 2 and, at a four-member table, 3).
pub fn skat_bots(members: usize) -> Bots {
    Bots::new((1..members).map(|_| Box::new(SkatBot::new()) as Box<dyn trumpf_ai::Bot<SkatGame>>).collect())
}

/// Members 1, 2, ... played by these bots.
#[cfg(test)]
pub fn bots<const N: usize>(players: [Box<dyn trumpf_ai::Bot<SkatGame>>; N]) -> Bots {
    Bots::new(players.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::model::tests::Passer;
    use crate::play::table::tests::play_out;
    use std::panic;
    use trumpf_ai::{Bot, RandomBot};
    use trumpf_core::skat::{SkatAction, SkatDeal, SkatRules, SkatView};
    use trumpf_core::{GameView, Seat};

    fn isko() -> SkatMatchRules {
        SkatMatchRules::default()
    }

    fn random_bots() -> Bots {
        bots([Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))])
    }

    /// Plays the deal in progress to its end, the human taking the last legal action.
    fn finish_deal(session: &mut Session, bots: &mut Bots) {
        play_out(session, bots, |view| {
            let mut legal = Vec::new();
            view.legal_actions(&mut legal);
            legal[legal.len() - 1]
        });
    }

    #[test]
    fn deals_follow_the_seed_and_the_deal_passes_left() {
        let mut session = new(7, isko()).unwrap();
        assert_eq!(session.view(Seat::FOREHAND).hand, SkatDeal::from_seed(7).hand(Seat::FOREHAND));
        let mut bots = random_bots();
        let mut human_seats = Vec::new();
        for number in 1..=4 {
            assert_eq!(session.number(), number);
            human_seats.push(session.human_seat());
            assert_eq!(session.view(Seat::MIDDLEHAND).hand, deal_for(7, number).hand(Seat::MIDDLEHAND));
            assert!(!session.next_deal(), "the deal is not over yet");
            finish_deal(&mut session, &mut bots);
            assert!(session.take_trouble().is_none());
            assert!(session.next_deal());
        }
        assert_eq!(human_seats, [Seat::FOREHAND, Seat::REARHAND, Seat::MIDDLEHAND, Seat::FOREHAND]);
        let deals = session.record().deals();
        assert_eq!(deals.len(), 4);
        let dealers: Vec<usize> = deals.iter().map(|d| d.dealer.index()).collect();
        assert_eq!(dealers, [2, 0, 1, 2]);
        let sum: i64 = deals.iter().map(|d| d.scores.iter().sum::<i64>()).sum();
        assert_eq!(session.record().totals().iter().sum::<i64>(), sum);
    }

    #[test]
    fn pub_deals_are_set_up_by_the_match() {
        // Under the pub rules a deal all three pass becomes a Ramsch, and
        // every deal is dealt from the seed as under the ISkO.
        let rules = SkatMatchRules { table: SkatRules::PUB, deals: Some(2) };
        let mut session = new(11, rules).unwrap();
        assert_eq!(session.view(Seat::REARHAND).hand, SkatDeal::from_seed(11).hand(Seat::REARHAND));
        let mut passers = bots([Box::new(Passer), Box::new(Passer)]);
        play_out(&mut session, &mut passers, |view| Passer.choose(view));
        assert!(session.view(Seat::FOREHAND).ramsch, "all passed: a Ramsch was played");
        assert!(session.next_deal());
        finish_deal(&mut session, &mut random_bots());
        assert!(!session.next_deal(), "a list of two deals ends after the second");
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
        let session = new(3, isko()).unwrap();
        let request = session.bot_request().expect("middlehand, a bot, bids first");
        let mut bots = bots([Box::new(Illegal), Box::new(Illegal)]);
        let answer = bots.answer(request.clone());
        assert_eq!(answer.action, SkatAction::Bid(18));
        assert!(answer.trouble.unwrap().contains("19"));
        let hook = panic::take_hook();
        panic::set_hook(Box::new(|_| {}));
        let mut bots = super::bots([Box::new(Panicky), Box::new(Panicky)]);
        let answer = bots.answer(request);
        panic::set_hook(hook);
        assert_eq!(answer.action, SkatAction::Bid(18));
        assert!(answer.trouble.unwrap().contains("no idea"));
    }

    #[test]
    fn the_first_deal_can_be_given() {
        let deal = SkatDeal::from_seed(99);
        let session = starting_with(5, isko(), deal);
        assert_eq!(session.view(Seat::FOREHAND).hand, deal.hand(Seat::FOREHAND));
        assert_eq!(session.view(Seat::FOREHAND).to_act, Some(Seat::MIDDLEHAND));
    }
}
