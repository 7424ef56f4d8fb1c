//! trumpf-ai: bots that play from their own seat's view only.
//!
//! A bot receives a [`GameView`](trumpf_core::GameView) — never the state —
//! and answers with an action. [`RandomBot`] plays any game uniformly at
//! random; [`SkatBot`] is a rule-of-thumb Skat player (hand evaluation for
//! bidding and declaring, simple card-play heuristics); [`SpitzerBot`] and
//! [`SpidgeBot`] play Spitzer and Spidge by rules of thumb.

pub mod advice;
pub mod analysis;
pub mod external;
pub mod perfect;
pub mod pimc;
mod pub_extras;
mod random;
pub mod sampler;
mod skat;
pub mod solver;
mod spec;
mod spidge;
mod spitzer;
pub mod tournament;
mod trick;

pub use random::RandomBot;
pub use skat::SkatBot;
pub use solver::{CardValues, Goal, Objective, SolveError, Solver};
pub use spec::{BotGame, BotSpec, Level, SpecError};
pub use spidge::SpidgeBot;
pub use spitzer::SpitzerBot;

use trumpf_core::Game;

/// A player that decides from its own view.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and logs.
    fn name(&self) -> &str;
    /// The action to take. Called only when `view` says it is this seat's turn.
    fn choose(&mut self, view: &G::View) -> G::Action;
    /// What went wrong at the last decision, if the bot recovered from a
    /// failure by playing a fallback (an outside program, [`external`],
    /// that timed out, answered an illegal action or died): said once,
    /// then cleared.
    fn take_trouble(&mut self) -> Option<String> {
        None
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use rand::SeedableRng;
    use trumpf_core::Seat;
    use trumpf_core::series::MatchGame;

    use crate::{Bot, RandomBot};

    /// Plays every seat's first legal card in `game` until `cards` cards
    /// have been played.
    pub fn first_spidge_cards_to(game: &mut trumpf_core::spidge::SpidgeGame, cards: usize) {
        use trumpf_core::Game;
        while game.played().len() < cards {
            let card = game.legal_cards().first().unwrap();
            game.apply_unchecked(trumpf_core::spidge::SpidgeAction::Play(card));
        }
    }

    /// A Skat deal with forehand holding `hand` (cards joined by `.`) and
    /// the other cards dealt in the pack's order: middlehand, rearhand,
    /// then the skat.
    pub fn skat_deal_for_forehand(hand: &str) -> trumpf_core::skat::SkatDeal {
        use trumpf_core::{Card, CardSet};
        let hand: CardSet = hand.parse().unwrap();
        let rest: Vec<Card> = (CardSet::PIQUET_PACK - hand).iter().collect();
        let part = |cards: &[Card]| cards.iter().copied().collect::<CardSet>();
        trumpf_core::skat::SkatDeal::new([hand, part(&rest[..10]), part(&rest[10..20])], part(&rest[20..])).unwrap()
    }

    /// Checks the values a rollout gave: one for every card of `legal` and
    /// for nothing else, each within `range`.
    pub fn assert_each_legal_card_once<T: PartialOrd + std::fmt::Debug>(
        legal: trumpf_core::CardSet,
        values: &[(trumpf_core::Card, T)],
        range: std::ops::RangeInclusive<T>,
        context: &str,
    ) {
        let mut seen = trumpf_core::CardSet::EMPTY;
        for (card, v) in values {
            assert!(legal.contains(*card) && !seen.contains(*card), "{context}: {card} twice or illegal");
            seen.insert(*card);
            assert!(range.contains(v), "{context}: {card} worth {v:?}");
        }
        assert_eq!(seen, legal, "{context}");
    }

    /// Plays `deals` deals in which one heuristic bot sits in seat `deal %
    /// seats` and random bots fill the others; returns the heuristic bot's
    /// average score per deal and the random bots' average.
    pub fn heuristic_vs_random<G: MatchGame>(mut heuristic: impl Bot<G>, deals: u64) -> (f64, f64) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let rules = G::Rules::default();
        let (mut mine, mut theirs, mut their_count) = (0i64, 0i64, 0i64);
        for deal in 0..deals {
            let mut game = G::deal(&rules, &G::Progress::default(), &mut rng);
            let seats = game.seats();
            let hero = Seat::new((deal as usize) % seats).unwrap();
            let mut random = RandomBot::new(deal);
            while let Some(seat) = game.to_act() {
                let view = game.view(seat);
                let action = if seat == hero { heuristic.choose(&view) } else { Bot::<G>::choose(&mut random, &view) };
                game.try_apply(seat, action).expect("bots play legal actions");
            }
            let scores = game.scores().unwrap();
            for seat in Seat::all(seats) {
                if seat == hero {
                    mine += scores[seat.index()];
                } else {
                    theirs += scores[seat.index()];
                    their_count += 1;
                }
            }
        }
        (mine as f64 / deals as f64, theirs as f64 / their_count as f64)
    }
}
