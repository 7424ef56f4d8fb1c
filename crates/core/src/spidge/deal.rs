//! A Spidge deal: four 13-card hands in play order (`spidge.md` §2.1, §3).

use rand::Rng;
use thiserror::Error;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::shuffle;
use crate::spidge::hand::{ByHand, Hand};
use crate::spidge::rules::JOKER_PACK;

/// A checked Spidge deal: L, Dummy, R and Dealer hold 13 cards each, and
/// together exactly one of the two packs of §2.1: the joker pack (52 cards
/// minus `D2` `H2`, plus `J1` `J2`) or the plain 52-card pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpidgeDeal {
    hands: ByHand<CardSet>,
}

/// What is wrong with an unchecked deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// A hand does not hold 13 cards.
    #[error("{hand} holds {count} cards, a Spidge hand holds 13")]
    HandSize {
        /// The hand.
        hand: Hand,
        /// How many it holds.
        count: usize,
    },
    /// A card is dealt twice.
    #[error("card {card} is dealt twice")]
    Duplicate {
        /// The card.
        card: Card,
    },
    /// A card is not in the pack: `D2` or `H2` in a deal with jokers.
    #[error("card {card} is not in the joker pack (D2 and H2 are removed when the jokers are added)")]
    NotInPack {
        /// The card.
        card: Card,
    },
}

impl SpidgeDeal {
    /// Checks the hands of L, Dummy, R and Dealer (play order). A deal
    /// holding a joker must be the joker pack; a deal without jokers must be
    /// the plain 52-card pack.
    ///
    /// # Errors
    /// Names the first problem: a card dealt twice, a card outside the pack,
    /// a hand of the wrong size.
    pub fn new(hands: [CardSet; 4]) -> Result<SpidgeDeal, DealError> {
        let mut seen = CardSet::EMPTY;
        for hand in &hands {
            if let Some(card) = hand.intersect(seen).first() {
                return Err(DealError::Duplicate { card });
            }
            seen |= *hand;
        }
        if seen.intersects(CardSet::JOKERS)
            && let Some(card) = seen.minus(JOKER_PACK).first()
        {
            return Err(DealError::NotInPack { card });
        }
        for hand in Hand::ALL {
            let count = hands[hand.index()].len();
            if count != 13 {
                return Err(DealError::HandSize { hand, count });
            }
        }
        Ok(SpidgeDeal { hands: ByHand::new(hands) })
    }

    /// Deals a deck (position 0 = top) one card at a time: position `i` goes
    /// to `[L, Dummy, R, Dealer][i mod 4]` (§3.1).
    ///
    /// # Errors
    /// If the deck is not one of the two packs.
    pub fn from_deck(deck: &[Card; 52]) -> Result<SpidgeDeal, DealError> {
        let mut hands = [CardSet::EMPTY; 4];
        for (position, &card) in deck.iter().enumerate() {
            let hand = &mut hands[position & 3];
            if hand.contains(card) {
                return Err(DealError::Duplicate { card });
            }
            hand.insert(card);
        }
        SpidgeDeal::new(hands)
    }

    /// A random deal from `rng`: the joker pack if `jokers`, else the plain
    /// pack, shuffled and dealt by §3.1.
    #[inline]
    pub fn random<R: Rng + ?Sized>(rng: &mut R, jokers: bool) -> SpidgeDeal {
        let pack = if jokers { JOKER_PACK } else { CardSet::FULL_PACK };
        let deck: [Card; 52] = shuffle::shuffled(rng, pack);
        // A shuffled pack needs no checks: map positions straight to hands.
        let mut hands = [CardSet::EMPTY; 4];
        for (position, &card) in deck.iter().enumerate() {
            hands[position & 3].insert(card);
        }
        SpidgeDeal { hands: ByHand::new(hands) }
    }

    /// The joker-pack deal for a seed: the same on every machine.
    pub fn from_seed(seed: u64) -> SpidgeDeal {
        SpidgeDeal::random(&mut shuffle::deal_rng(seed), true)
    }

    /// The deal for a seed with the pack of choice.
    pub fn from_seed_with_pack(seed: u64, jokers: bool) -> SpidgeDeal {
        SpidgeDeal::random(&mut shuffle::deal_rng(seed), jokers)
    }

    /// The cards dealt to `hand`.
    #[inline]
    pub fn hand(&self, hand: Hand) -> CardSet {
        self.hands[hand]
    }

    /// The four hands in play order.
    pub fn hands(&self) -> ByHand<CardSet> {
        self.hands
    }

    /// Whether this is the joker pack.
    pub fn has_jokers(&self) -> bool {
        self.hands.as_array().iter().any(|h| h.intersects(CardSet::JOKERS))
    }

    /// The pack dealt.
    pub fn pack(&self) -> CardSet {
        if self.has_jokers() { JOKER_PACK } else { CardSet::FULL_PACK }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_deals_are_valid() {
        let mut rng = crate::shuffle::deal_rng(3);
        for jokers in [true, false] {
            for _ in 0..100 {
                let d = SpidgeDeal::random(&mut rng, jokers);
                assert_eq!(SpidgeDeal::new(*d.hands().as_array()), Ok(d));
                assert_eq!(d.has_jokers(), jokers);
            }
        }
    }

    #[test]
    fn bad_deals_are_named() {
        let pack: Vec<Card> = JOKER_PACK.iter().collect();
        let set = |r: std::ops::Range<usize>| pack[r].iter().copied().collect::<CardSet>();
        assert!(SpidgeDeal::new([set(0..13), set(13..26), set(26..39), set(39..52)]).is_ok());
        assert_eq!(
            SpidgeDeal::new([set(0..13), set(13..26), set(26..39), set(39..51)]),
            Err(DealError::HandSize { hand: Hand::Dealer, count: 12 })
        );
        assert!(matches!(
            SpidgeDeal::new([set(0..13), set(12..25), set(26..39), set(39..52)]),
            Err(DealError::Duplicate { .. })
        ));
        let d2: Card = "D2".parse().unwrap();
        assert_eq!(
            SpidgeDeal::new([set(0..13), set(13..26), set(26..39), set(39..51).with(d2)]),
            Err(DealError::NotInPack { card: d2 })
        );
        let plain: Vec<Card> = CardSet::FULL_PACK.iter().collect();
        let deck: [Card; 52] = std::array::from_fn(|i| plain[i]);
        assert!(SpidgeDeal::from_deck(&deck).is_ok_and(|d| !d.has_jokers()));
        let mut twice = deck;
        twice[4] = twice[0];
        assert_eq!(SpidgeDeal::from_deck(&twice), Err(DealError::Duplicate { card: deck[0] }));
    }
}
