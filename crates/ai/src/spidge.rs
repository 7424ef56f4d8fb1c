//! A heuristic Spidge bot. Each hand chooses a plan for the deal: avoid
//! every trick (Nil, or the dealer's Grand Slam with the dummy) when its
//! cards are low, otherwise take as many tricks as it can (Spidge, Slam).

use trumpf_core::spidge::{Hand, SpidgeAction, SpidgeGame, SpidgeRules, SpidgeView, trick_winner};
use trumpf_core::{Card, CardSet, Game, GameView, Rank, Suit};

use crate::Bot;
use crate::trick::{partial_winner, winning_cards};

/// A rule-of-thumb Spidge player.
#[derive(Clone, Debug, Default)]
pub struct SpidgeBot {
    /// A plan forced on the bot (avoid every trick or not) instead of the
    /// one its cards suggest.
    duck: Option<bool>,
}

impl SpidgeBot {
    /// A new heuristic bot.
    pub fn new() -> SpidgeBot {
        SpidgeBot { duck: None }
    }
}

/// A card's power: jokers and spades high, then rank.
fn power(card: Card) -> i32 {
    if card.is_joker() {
        40
    } else if card.suit() == Suit::Spades {
        20 + card.rank() as i32
    } else {
        card.rank() as i32
    }
}

/// Roughly how many tricks a hand takes on its own.
fn winners(hand: CardSet) -> i32 {
    hand.iter()
        .filter(|&c| c.is_joker() || c.rank() >= Rank::King || (c.suit() == Suit::Spades && c.rank() >= Rank::Ten))
        .count() as i32
}

/// A two of a suit other than the led card's, never a winner.
fn filler(led: Card) -> Card {
    let suit = if led.is_joker() || led.suit() != Suit::Clubs { Suit::Clubs } else { Suit::Hearts };
    Card::new(suit, Rank::Two)
}

impl SpidgeBot {
    /// Whether this hand should avoid tricks this deal.
    fn ducking(&self, view: &SpidgeView, hand: Hand) -> bool {
        if let Some(duck) = self.duck {
            return duck;
        }
        let taken = |h: Hand| view.tricks[h];
        match view.role {
            Some(Hand::Dealer) => {
                // Grand Slam: dealer and dummy both stay trickless.
                let both = view.own_hand | view.dummy;
                taken(Hand::Dealer) + taken(Hand::Dummy) == 0 && winners(both) <= 3 && !both.intersects(CardSet::JOKERS)
            }
            _ => {
                let _ = hand;
                let mine = view.own_hand;
                taken(view.role.unwrap_or(Hand::Left)) == 0 && winners(mine) <= 2
            }
        }
    }

    pub(crate) fn play(&self, view: &SpidgeView) -> Card {
        let legal = view.legal_cards();
        let hand = view.playing_hand().unwrap_or(Hand::Left);
        let trick = view.trick();
        let rules: SpidgeRules = view.rules;
        let fallback = legal.first().unwrap_or(Card::JOKER_1);
        let low = |set: CardSet| set.iter().min_by_key(|&c| (power(c), c.index()));
        let high = |set: CardSet| set.iter().max_by_key(|&c| (power(c), c.index()));
        let duck = self.ducking(view, hand);
        let Some(&led) = trick.first() else {
            return if duck { low(legal) } else { high(legal) }.unwrap_or(fallback);
        };
        let winner_fn = |t: [Card; 4]| trick_winner(&rules, t);
        let fill = filler(led);
        let winning = winning_cards::<4>(legal, trick, fill, winner_fn);
        let losing = legal - winning;
        if duck {
            // Stay under: the highest card that still loses, else the highest winner.
            return high(if losing.is_empty() { legal } else { losing }).unwrap_or(fallback);
        }
        // The dealer does not overtake his own dummy (and vice versa).
        let winner_hand = view.leader.offset(partial_winner::<4>(trick, fill, winner_fn));
        let same_side = matches!((hand, winner_hand), (Hand::Dealer, Hand::Dummy) | (Hand::Dummy, Hand::Dealer));
        if same_side || winning.is_empty() {
            return low(if losing.is_empty() { legal } else { losing }).unwrap_or(fallback);
        }
        low(winning).unwrap_or(fallback)
    }
}

/// The two plans a hand can follow in a deal: take what it can (`false`)
/// or avoid every trick (`true`).
pub(crate) const PLANS: [bool; 2] = [false, true];

/// Plays every legal card of the hand to move in `game` (all hands known)
/// and then the rest of the deal with the heuristic bot at every seat, each
/// on its own view, the mover following the plan `duck` (see [`PLANS`]),
/// the others the plans their cards suggest. Calls `value` with each card
/// and what the deal then gave the mover: twice his points less the
/// others' (his own points less half of each other player's, doubled to
/// stay whole). Allocates nothing.
pub(crate) fn rollouts(game: &SpidgeGame, duck: bool, mut value: impl FnMut(Card, i32)) {
    let Some(mover) = game.to_act() else { return };
    let others = SpidgeBot::new();
    let planned = SpidgeBot { duck: Some(duck) };
    for card in game.legal_cards().iter() {
        let mut rest = *game;
        rest.apply_unchecked(SpidgeAction::Play(card));
        while let Some(seat) = rest.to_act() {
            let bot = if seat == mover { &planned } else { &others };
            rest.apply_unchecked(SpidgeAction::Play(bot.play(&rest.view(seat))));
        }
        let points = rest.result().map(|r| r.points).unwrap_or_default();
        let own = i32::from(points[mover]);
        let all: i32 = points.iter().map(|(_, &p)| i32::from(p)).sum();
        value(card, 2 * own - (all - own));
    }
}

impl Bot<SpidgeGame> for SpidgeBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: &SpidgeView) -> SpidgeAction {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "choose called when the seat has no legal action");
        let action = SpidgeAction::Play(self.play(view));
        if legal.contains(&action) { action } else { legal[0] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::first_spidge_cards_to as first_cards_to;
    use trumpf_core::Seat;

    #[test]
    fn outscores_random_players() {
        let (mine, theirs) = crate::testing::heuristic_vs_random::<SpidgeGame>(SpidgeBot::new(), 600);
        assert!(mine > 1.5 * theirs, "heuristic {mine:.3} vs random {theirs:.3} points per deal");
    }

    #[test]
    fn rollouts_value_every_legal_card_once_per_plan_within_the_scores() {
        for seed in 0..20 {
            let mut game = SpidgeGame::from_seed(seed);
            first_cards_to(&mut game, 4 * (seed as usize % 12) + seed as usize % 4);
            let legal = game.legal_cards();
            for duck in PLANS {
                let mut values = Vec::new();
                rollouts(&game, duck, |card, v| values.push((card, v)));
                // spidge.md §5.2: own points 0..=4 (Grand Slam), the
                // others' together at most 5 (a Grand Slam and a Nil).
                crate::testing::assert_each_legal_card_once(legal, &values, -5..=8, &format!("seed {seed}"));
            }
        }
    }

    #[test]
    fn a_rollout_of_the_last_trick_is_worth_what_the_deal_scores() {
        for seed in 0..10 {
            let mut game = SpidgeGame::from_seed(seed);
            first_cards_to(&mut game, 48);
            let mover = game.to_act().unwrap();
            // Every hand has one card left: the end is forced.
            let mut end = game;
            first_cards_to(&mut end, 52);
            let points = end.result().unwrap().points;
            let own = i32::from(points[mover]);
            let others: i32 = Seat::all(3).filter(|&s| s != mover).map(|s| i32::from(points[s])).sum();
            let mut values = Vec::new();
            rollouts(&game, false, |card, v| values.push((card, v)));
            assert_eq!(values, vec![(game.legal_cards().first().unwrap(), 2 * own - others)], "seed {seed}");
        }
    }

    #[test]
    fn a_hand_told_to_avoid_tricks_takes_fewer_than_one_told_to_take_them() {
        let tricks_of_l = |duck: bool| -> u32 {
            (0..60)
                .map(|seed| {
                    let mut game = SpidgeGame::from_seed(seed);
                    let (planned, others) = (SpidgeBot { duck: Some(duck) }, SpidgeBot::new());
                    while let Some(seat) = game.to_act() {
                        let bot = if seat == Hand::Left.seat() { &planned } else { &others };
                        game.apply_unchecked(SpidgeAction::Play(bot.play(&game.view(seat))));
                    }
                    u32::from(game.result().unwrap().tricks[Hand::Left])
                })
                .sum()
        };
        let (ducking, taking) = (tricks_of_l(true), tricks_of_l(false));
        assert!(2 * ducking < taking, "L took {ducking} tricks avoiding them, {taking} taking them");
    }
}
