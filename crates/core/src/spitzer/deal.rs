//! A Spitzer deal: four eight-card hands, no stock (`spitzer.md` §3).

use rand::Rng;
use thiserror::Error;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::seat::{BySeat, Seat};
use crate::shuffle;

/// A checked Spitzer deal: eight cards per seat, the 32-card pack exactly
/// once. Seat 0 is eldest (E1), seat 3 the dealer (E4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpitzerDeal {
    hands: BySeat<CardSet, 4>,
}

/// What is wrong with an unchecked deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// A hand does not hold eight cards.
    #[error("seat {seat} holds {count} cards, a Spitzer hand holds 8")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// How many it holds.
        count: usize,
    },
    /// A card is dealt twice.
    #[error("card {card} is dealt twice")]
    Duplicate {
        /// The card.
        card: Card,
    },
    /// A card is not in the 32-card pack.
    #[error("card {card} is not in the 32-card Spitzer pack")]
    NotInPack {
        /// The card.
        card: Card,
    },
}

/// Who receives each deck position under §3.2 (packets 3, 2, 3 from eldest).
const RECEIVER: [u8; 32] =
    [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3];

impl SpitzerDeal {
    /// Checks the hands of seats 0 (eldest) to 3 (dealer).
    ///
    /// # Errors
    /// Names the first problem: a foreign card, a card dealt twice, a wrong size.
    pub fn new(hands: [CardSet; 4]) -> Result<SpitzerDeal, DealError> {
        let mut seen = CardSet::EMPTY;
        for hand in &hands {
            if let Some(card) = hand.minus(CardSet::PIQUET_PACK).first() {
                return Err(DealError::NotInPack { card });
            }
            if let Some(card) = hand.intersect(seen).first() {
                return Err(DealError::Duplicate { card });
            }
            seen |= *hand;
        }
        for (seat, hand) in Seat::all(4).zip(hands) {
            if hand.len() != 8 {
                return Err(DealError::HandSize { seat, count: hand.len() });
            }
        }
        Ok(SpitzerDeal { hands: BySeat::new(hands) })
    }

    /// Deals a deck (position 0 = top) clockwise from eldest in packets of
    /// 3, 2, 3 (§3.2).
    ///
    /// # Errors
    /// If the deck is not the 32-card pack.
    pub fn from_deck(deck: &[Card; 32]) -> Result<SpitzerDeal, DealError> {
        let mut hands = [CardSet::EMPTY; 4];
        let mut seen = CardSet::EMPTY;
        for (position, &card) in deck.iter().enumerate() {
            if !CardSet::PIQUET_PACK.contains(card) {
                return Err(DealError::NotInPack { card });
            }
            if seen.contains(card) {
                return Err(DealError::Duplicate { card });
            }
            seen.insert(card);
            hands[usize::from(RECEIVER[position])].insert(card);
        }
        SpitzerDeal::new(hands)
    }

    /// A random deal from `rng`: shuffle, then the §3.2 mapping.
    #[inline]
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> SpitzerDeal {
        let deck: [Card; 32] = shuffle::shuffled(rng, CardSet::PIQUET_PACK);
        // A shuffled pack needs no checks: map positions straight to sets.
        let mut hands = [CardSet::EMPTY; 4];
        for (position, &card) in deck.iter().enumerate() {
            hands[usize::from(RECEIVER[position])].insert(card);
        }
        SpitzerDeal { hands: BySeat::new(hands) }
    }

    /// The deal for a seed: the same on every machine.
    pub fn from_seed(seed: u64) -> SpitzerDeal {
        SpitzerDeal::random(&mut shuffle::deal_rng(seed))
    }

    /// The hand dealt to `seat` (empty for a seat number above 3).
    #[inline]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.as_array().get(seat.index()).copied().unwrap_or_default()
    }

    /// The four hands.
    pub fn hands(&self) -> BySeat<CardSet, 4> {
        self.hands
    }

    /// The seat dealt `card`, if it is in the pack.
    pub fn holder(&self, card: Card) -> Option<Seat> {
        self.hands.iter().find(|(_, h)| h.contains(card)).map(|(s, _)| s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_deals_are_valid() {
        let mut rng = crate::shuffle::deal_rng(3);
        for _ in 0..100 {
            let d = SpitzerDeal::random(&mut rng);
            assert_eq!(SpitzerDeal::new(*d.hands().as_array()), Ok(d));
        }
    }

    #[test]
    fn bad_deals_are_named() {
        let pack: Vec<Card> = CardSet::PIQUET_PACK.iter().collect();
        let set = |r: std::ops::Range<usize>| pack[r].iter().copied().collect::<CardSet>();
        assert!(SpitzerDeal::new([set(0..8), set(8..16), set(16..24), set(24..32)]).is_ok());
        assert_eq!(
            SpitzerDeal::new([set(0..8), set(8..16), set(16..24), set(24..31)]),
            Err(DealError::HandSize { seat: Seat::new(3).unwrap(), count: 7 })
        );
        assert!(matches!(
            SpitzerDeal::new([set(0..8), set(7..15), set(16..24), set(24..32)]),
            Err(DealError::Duplicate { .. })
        ));
        let two: Card = "C2".parse().unwrap();
        assert_eq!(
            SpitzerDeal::new([set(0..8), set(8..16), set(16..24), set(24..31).with(two)]),
            Err(DealError::NotInPack { card: two })
        );
        let mut deck: [Card; 32] = std::array::from_fn(|i| pack[i]);
        deck[5] = deck[6];
        assert!(matches!(SpitzerDeal::from_deck(&deck), Err(DealError::Duplicate { .. })));
    }
}
