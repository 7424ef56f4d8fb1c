//! A heuristic Spidge bot. Each hand chooses a plan for the deal: avoid
//! every trick (Nil, or the dealer's Grand Slam with the dummy) when its
//! cards are low, otherwise take as many tricks as it can (Spidge, Slam).

use trumpf_core::spidge::{Hand, SpidgeAction, SpidgeGame, SpidgeRules, SpidgeView, trick_winner};
use trumpf_core::{Card, CardSet, GameView, Rank, Suit};

use crate::Bot;
use crate::trick::{partial_winner, winning_cards};

/// A rule-of-thumb Spidge player.
#[derive(Clone, Debug, Default)]
pub struct SpidgeBot {}

impl SpidgeBot {
    /// A new heuristic bot.
    pub fn new() -> SpidgeBot {
        SpidgeBot {}
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

    fn play(&self, view: &SpidgeView) -> Card {
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

    #[test]
    fn outscores_random_players() {
        let (mine, theirs) = crate::testing::heuristic_vs_random::<SpidgeGame>(SpidgeBot::new(), 600);
        assert!(mine > 1.5 * theirs, "heuristic {mine:.3} vs random {theirs:.3} points per deal");
    }
}
