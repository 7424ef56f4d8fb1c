//! Spidge's dense action ids and observation (`docs/encoding.md`, "Spidge").

use std::fmt::Write as _;

use crate::card::Suit;
use crate::cardset::CardSet;
use crate::codec::{Codec, Obs, dense, undense};
use crate::game::GameView;
use crate::spidge::game::{SpidgeAction, SpidgeGame, SpidgeView};
use crate::spidge::hand::Hand;
use crate::spidge::rules::JokerSuit;
use crate::spidge::trick::follow_mask;

/// Every card identity of both packs: the 52 cards and the two jokers.
const CARDS: CardSet = CardSet::FULL_PACK.union(CardSet::JOKERS);

/// Whether `hand` failed to follow `suit` in `v`'s tricks (a wild joker
/// shows nothing).
fn shown_out(v: &SpidgeView, hand: Hand, suit: Suit) -> bool {
    let wild = v.rules.joker_suit == JokerSuit::Wild;
    v.history.plays_in_trick().any(|(leader, pos, card, before)| {
        let mask = follow_mask(&v.rules, before);
        pos > 0
            && leader.offset(pos) == hand
            && !mask.is_empty()
            && mask.intersects(CardSet::suit(suit))
            && !mask.contains(card)
            && !(wild && card.is_joker())
    })
}

impl Codec for SpidgeGame {
    const NUM_ACTIONS: usize = 54;
    const OBSERVATION_LEN: usize = 576;

    fn encode(action: SpidgeAction) -> usize {
        let SpidgeAction::Play(card) = action;
        dense(card, CARDS)
    }

    fn decode(id: usize) -> Option<SpidgeAction> {
        undense(id, CARDS).map(SpidgeAction::Play)
    }

    fn observe(v: &SpidgeView, out: &mut [f32]) {
        let mut o = Obs::new(out);
        let roles = [Hand::Left, Hand::Right, Hand::Dealer];
        o.one_hot(v.role.and_then(|r| roles.iter().position(|&x| x == r)), 3);
        o.flag(v.spectator);
        o.one_hot(v.to_play.map(Hand::index), 4);
        o.flag(v.is_my_turn());
        o.cards(v.own_hand, CARDS);
        o.cards(v.dummy, CARDS);
        let mut by_hand = [CardSet::EMPTY; 4];
        for (leader, pos, card) in v.history.plays() {
            by_hand[leader.offset(pos).index()].insert(card);
        }
        for cards in by_hand {
            o.cards(cards, CARDS);
        }
        let mut in_trick = [CardSet::EMPTY; 4];
        for (hand, card) in v.trick_plays() {
            in_trick[hand.index()].insert(card);
        }
        for cards in in_trick {
            o.cards(cards, CARDS);
        }
        o.one_hot(Some(v.leader.index()), 4);
        for hand in Hand::ALL {
            o.scaled(f32::from(v.tricks[hand]), 13.0);
        }
        o.flag(v.trumps_broken);
        o.flag(v.rules.jokers);
        for hand in Hand::ALL {
            for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
                o.flag(shown_out(v, hand, suit));
            }
        }
        o.flag(v.result.is_some());
        o.finish();
    }

    fn information_state(v: &SpidgeView) -> String {
        let mut s = String::new();
        let role = v.role.map_or("spectator".to_owned(), |r| r.to_string());
        let _ = write!(s, "spidge seat={role} hand={} dummy={}", v.own_hand.dotted(), v.dummy.dotted());
        let _ = write!(s, " tricks=");
        for t in v.history.tricks() {
            let cards: Vec<String> = t.cards.iter().map(|c| c.to_string()).collect();
            let _ = write!(s, "{}:{}|", t.leader, cards.join(","));
        }
        let current: Vec<String> = v.trick().iter().map(|c| c.to_string()).collect();
        let _ = write!(s, "{}:{}", v.leader, current.join(","));
        if let Some(r) = &v.result {
            let _ = write!(s, " result={r:?}");
        }
        let _ = write!(s, " to_play={:?} turn={}", v.to_play, v.is_my_turn());
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_ascend_with_the_cards() {
        assert_eq!(CARDS.len(), 54);
        let mut prev = None;
        for id in 0..<SpidgeGame as Codec>::NUM_ACTIONS {
            let action = SpidgeGame::decode(id).expect("every id names a card");
            assert_eq!(SpidgeGame::encode(action), id);
            assert!(prev.is_none_or(|p| p < action));
            prev = Some(action);
        }
    }
}
