//! Hints for a person: the recommended action for a seat's view and the
//! values behind it.
//!
//! In trick play every legal card is valued over sampled worlds (the
//! hidden cards dealt as the view allows, [`sampler`](crate::sampler)),
//! each solved double-dummy: Skat and Spitzer give the chance that the
//! seat's side comes out ahead (the declarer makes his game, or the
//! defenders beat it). A Spidge deal is too big to solve in a hint's time:
//! there every legal card is valued by playing each world out with the
//! rule-of-thumb bots, the seat taking tricks or avoiding them, whichever
//! does better ([`spidge_tally`]), in points (the seat's own, less half of
//! each other player's). The
//! advice says so: the values are estimates over guessed hands, not
//! certainties. Other decisions (bidding, the skat, announcements) are
//! answered by the hard PIMC bot, with no values.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trumpf_core::skat::{SkatGame, SkatPhase, SkatView};
use trumpf_core::spidge::{SpidgeGame, SpidgeView};
use trumpf_core::spitzer::{SpitzerGame, SpitzerPhase, SpitzerView};
use trumpf_core::{Card, Game, GameView};

use crate::Bot;
use crate::pimc::{PimcConfig, SkatPimc, SpitzerPimc, spidge_tally};
use crate::sampler::{Sampled, Worlds};
use crate::solver::{Goal, Solver};

/// The recommended action and, for a card, what every legal card is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<A> {
    /// The action recommended.
    pub action: A,
    /// For trick play: each legal card and its value (see `unit`), best first.
    pub cards: Vec<(Card, f64)>,
    /// What the values are: "chance to win", "tricks on average".
    pub unit: &'static str,
    /// How the advice was found, in words.
    pub how: String,
}

/// A game a seat can be advised in.
pub trait Advise: Game {
    /// The advice for `view` (whose seat is to act), from `worlds` sampled
    /// worlds, seeded.
    fn advise(view: &Self::View, worlds: usize, seed: u64) -> Option<Advice<Self::Action>>;
}

/// Averages each legal card's value over `n` worlds of `view`; `value`
/// gives one world's values. `None` if no world could be sampled or solved.
fn card_values<G: Sampled>(
    view: &G::View,
    n: usize,
    seed: u64,
    mut value: impl FnMut(&mut Solver, &G) -> Option<Vec<(Card, f64)>>,
) -> Option<Vec<(Card, f64)>> {
    let worlds = G::worlds(view).ok()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut solver = Solver::with_table_bits(18);
    let mut sums: Vec<(Card, f64)> = Vec::new();
    let mut count = 0.0;
    for _ in 0..n.max(1) {
        let world = worlds.sample(&mut rng).ok()?;
        let Some(values) = value(&mut solver, &world) else { continue };
        for (card, v) in values {
            match sums.iter_mut().find(|(c, _)| *c == card) {
                Some(entry) => entry.1 += v,
                None => sums.push((card, v)),
            }
        }
        count += 1.0;
    }
    if count == 0.0 {
        return None;
    }
    for entry in &mut sums {
        entry.1 /= count;
    }
    best_first(&mut sums);
    Some(sums)
}

/// Sorts card values best first (equal values in card order).
fn best_first(cards: &mut [(Card, f64)]) {
    cards.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
}

fn how(worlds: usize) -> String {
    format!("estimated over {worlds} sampled deals of the hidden cards, each solved with every card known")
}

impl Advise for SkatGame {
    fn advise(view: &SkatView, worlds: usize, seed: u64) -> Option<Advice<trumpf_core::skat::SkatAction>> {
        if !view.is_my_turn() {
            return None;
        }
        if view.phase == SkatPhase::Playing && !view.ramsch && !view.kontra.re_pending {
            let me_declarer = view.declarer == Some(view.seat);
            let cards = card_values::<SkatGame>(view, worlds, seed, |solver, world| {
                let values = solver.skat_cards(world, Goal::Win).ok()?;
                Some(
                    values
                        .iter()
                        .map(|(c, v)| (c, if me_declarer { f64::from(v) } else { 1.0 - f64::from(v) }))
                        .collect(),
                )
            })?;
            let action = view.card_action(cards.first()?.0);
            return Some(Advice { action, cards, unit: "chance to win", how: how(worlds) });
        }
        let action = SkatPimc::new(PimcConfig::HARD, seed).choose(view);
        Some(Advice { action, cards: Vec::new(), unit: "", how: "what the hard bot would do".to_owned() })
    }
}

impl Advise for SpitzerGame {
    fn advise(view: &SpitzerView, worlds: usize, seed: u64) -> Option<Advice<trumpf_core::spitzer::SpitzerAction>> {
        if !view.is_my_turn() {
            return None;
        }
        if view.phase == SpitzerPhase::Playing {
            let me = view.seat;
            let cards = card_values::<SpitzerGame>(view, worlds, seed, |solver, world| {
                let values = solver.spitzer_cards(world, Goal::Win).ok()?;
                let in_d = world.declaring_side().is_none_or(|d| d.contains(me));
                Some(values.iter().map(|(c, v)| (c, if in_d { f64::from(v) } else { 1.0 - f64::from(v) })).collect())
            })?;
            let action = view.card_action(cards.first()?.0);
            return Some(Advice { action, cards, unit: "chance to win", how: how(worlds) });
        }
        let action = SpitzerPimc::new(PimcConfig::HARD, seed).choose(view);
        Some(Advice { action, cards: Vec::new(), unit: "", how: "what the hard bot would do".to_owned() })
    }
}

impl Advise for SpidgeGame {
    fn advise(view: &SpidgeView, worlds: usize, seed: u64) -> Option<Advice<trumpf_core::spidge::SpidgeAction>> {
        if !view.is_my_turn() {
            return None;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let tally = spidge_tally(view, worlds, &mut rng)?;
        let mut cards: Vec<(Card, f64)> = view.legal_cards().iter().map(|c| (c, tally.mean(c) / 2.0)).collect();
        best_first(&mut cards);
        let action = view.card_action(cards.first()?.0);
        let how = format!(
            "estimated over {worlds} sampled deals of the hidden cards, the rest of each played out by the \
             rule-of-thumb bots, you taking tricks or avoiding them, whichever does better"
        );
        Some(Advice { action, cards, unit: "points (yours less half of each other player's)", how })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::Seat;
    use trumpf_core::skat::{Contract, GameKind, SkatAction, SkatDeal, SkatRules};

    #[test]
    fn advice_covers_every_legal_card_and_recommends_the_best() {
        let deal = SkatDeal::from_seed(4);
        let grand = Contract::pickup(GameKind::Grand);
        let mut game = SkatGame::with_declaration(deal, SkatRules::ISKO, Seat::FOREHAND, 18, grand).unwrap();
        // Five tricks with the first legal cards, then advise.
        while game.played().len() < 15 {
            let card = game.legal_cards().first().unwrap();
            game.apply_unchecked(SkatAction::Play(card));
        }
        let seat = game.to_act().unwrap();
        let view = game.view(seat);
        let advice = SkatGame::advise(&view, 6, 1).unwrap();
        let cards: trumpf_core::CardSet = advice.cards.iter().map(|&(c, _)| c).collect();
        assert_eq!(cards, view.legal_cards());
        assert!(advice.cards.iter().all(|&(_, v)| (0.0..=1.0).contains(&v)));
        assert!(advice.cards.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
        assert_eq!(advice.action, SkatAction::Play(advice.cards[0].0));
        // Not this seat's turn: no advice.
        let other = game.view(seat.next(3));
        assert!(SkatGame::advise(&other, 6, 1).is_none());
    }

    #[test]
    fn spidge_advice_values_every_card_from_the_first_trick() {
        use trumpf_core::spidge::SpidgeAction;
        let mut game = SpidgeGame::from_seed(11);
        for tricks in [0, 9] {
            crate::testing::first_spidge_cards_to(&mut game, 4 * tricks);
            let view = game.view(game.to_act().unwrap());
            let advice = SpidgeGame::advise(&view, 6, 1).unwrap();
            let cards: trumpf_core::CardSet = advice.cards.iter().map(|&(c, _)| c).collect();
            assert_eq!(cards, view.legal_cards(), "after {tricks} tricks");
            assert!(advice.cards.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
            // spidge.md §5.2: own points at most 4 (a Grand Slam); the two
            // others together at most 5 (a Grand Slam and a Nil), half of
            // which counts against.
            assert!(advice.cards.iter().all(|&(_, v)| (-2.5..=4.0).contains(&v)), "{:?}", advice.cards);
            assert_eq!(advice.action, SpidgeAction::Play(advice.cards[0].0));
        }
        // Not this seat's turn: no advice.
        let other = game.view(game.to_act().unwrap().next(3));
        assert!(SpidgeGame::advise(&other, 6, 1).is_none());
    }
}
