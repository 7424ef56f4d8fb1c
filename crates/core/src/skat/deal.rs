//! A Skat deal: three ten-card hands and the two-card skat (`skat.md` §3).

use rand::Rng;
use thiserror::Error;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::seat::{BySeat, Seat};
use crate::shuffle;

/// A checked Skat deal: ten cards per seat and two in the skat, the 32-card
/// pack exactly once. Seat 0 is forehand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SkatDeal {
    hands: BySeat<CardSet, 3>,
    skat: CardSet,
}

/// What is wrong with an unchecked deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// A hand does not hold ten cards.
    #[error("seat {seat} holds {count} cards, a Skat hand holds 10")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// How many it holds.
        count: usize,
    },
    /// The skat does not hold two cards.
    #[error("the skat holds {count} cards, it must hold 2")]
    SkatSize {
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
    #[error("card {card} is not in the 32-card Skat pack")]
    NotInPack {
        /// The card.
        card: Card,
    },
}

/// Who receives each deck position under §3.2: 0–2 the seats, 3 the skat.
const RECEIVER: [u8; 32] =
    [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2];

impl SkatDeal {
    /// Checks hands (forehand, middlehand, rearhand) and skat.
    ///
    /// # Errors
    /// Names the first problem: a foreign card, a card dealt twice, a wrong size.
    pub fn new(hands: [CardSet; 3], skat: CardSet) -> Result<SkatDeal, DealError> {
        let mut seen = CardSet::EMPTY;
        for part in hands.iter().chain(std::iter::once(&skat)) {
            if let Some(card) = part.minus(CardSet::PIQUET_PACK).first() {
                return Err(DealError::NotInPack { card });
            }
            if let Some(card) = part.intersect(seen).first() {
                return Err(DealError::Duplicate { card });
            }
            seen |= *part;
        }
        for (i, hand) in hands.iter().enumerate() {
            if hand.len() != 10 {
                let seat = Seat::new(i).expect("three seats");
                return Err(DealError::HandSize { seat, count: hand.len() });
            }
        }
        if skat.len() != 2 {
            return Err(DealError::SkatSize { count: skat.len() });
        }
        Ok(SkatDeal { hands: BySeat::new(hands), skat })
    }

    /// Deals a shuffled deck (position 0 = top) in packets 3 – skat 2 – 4 – 3
    /// (§3.2).
    ///
    /// # Errors
    /// If the deck is not the 32-card pack.
    pub fn from_deck(deck: &[Card; 32]) -> Result<SkatDeal, DealError> {
        let mut seen = CardSet::EMPTY;
        for &card in deck {
            if seen.contains(card) {
                return Err(DealError::Duplicate { card });
            }
            seen.insert(card);
        }
        let take = |receiver: u8| {
            deck.iter().zip(RECEIVER).filter(|&(_, r)| r == receiver).map(|(&card, _)| card).collect::<CardSet>()
        };
        SkatDeal::new([take(0), take(1), take(2)], take(3))
    }

    /// A random deal from `rng` (shuffle, then the §3.2 mapping).
    #[inline]
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> SkatDeal {
        let deck: [Card; 32] = shuffle::shuffled(rng, CardSet::PIQUET_PACK);
        // A shuffled pack needs no checks: map positions straight to sets.
        let mut parts = [CardSet::EMPTY; 4];
        for (position, &card) in deck.iter().enumerate() {
            parts[usize::from(RECEIVER[position])].insert(card);
        }
        SkatDeal { hands: BySeat::new([parts[0], parts[1], parts[2]]), skat: parts[3] }
    }

    /// The deal for a seed: the same on every machine.
    pub fn from_seed(seed: u64) -> SkatDeal {
        SkatDeal::random(&mut shuffle::deal_rng(seed))
    }

    /// The hand dealt to `seat`.
    #[inline]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The three hands.
    pub fn hands(&self) -> BySeat<CardSet, 3> {
        self.hands
    }

    /// The skat.
    #[inline]
    pub fn skat(&self) -> CardSet {
        self.skat
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn receiver_table_matches_the_packets() {
        // §3.2: FH 0,1,2, 11-14, 23-25; MH 3-5, 15-18, 26-28; RH 6-8, 19-22, 29-31; skat 9, 10.
        let expect = |seat: u8, positions: &[usize]| positions.iter().all(|&p| RECEIVER[p] == seat);
        assert!(expect(0, &[0, 1, 2, 11, 12, 13, 14, 23, 24, 25]));
        assert!(expect(1, &[3, 4, 5, 15, 16, 17, 18, 26, 27, 28]));
        assert!(expect(2, &[6, 7, 8, 19, 20, 21, 22, 29, 30, 31]));
        assert!(expect(3, &[9, 10]));
    }

    #[test]
    fn random_deals_are_valid() {
        let mut rng = crate::shuffle::deal_rng(3);
        for _ in 0..100 {
            let d = SkatDeal::random(&mut rng);
            assert_eq!(SkatDeal::new(*d.hands().as_array(), d.skat()), Ok(d));
        }
    }

    #[test]
    fn bad_deals_are_named() {
        let pack: Vec<Card> = CardSet::PIQUET_PACK.iter().collect();
        let set = |r: std::ops::Range<usize>| pack[r].iter().copied().collect::<CardSet>();
        assert!(SkatDeal::new([set(0..10), set(10..20), set(20..30)], set(30..32)).is_ok());
        assert_eq!(
            SkatDeal::new([set(0..10), set(10..20), set(20..29)], set(30..32)),
            Err(DealError::HandSize { seat: Seat::REARHAND, count: 9 })
        );
        assert!(matches!(
            SkatDeal::new([set(0..10), set(9..19), set(20..30)], set(30..32)),
            Err(DealError::Duplicate { .. })
        ));
        let two: Card = "C2".parse().unwrap();
        assert_eq!(
            SkatDeal::new([set(0..10), set(10..20), set(20..30)], set(30..31).with(two)),
            Err(DealError::NotInPack { card: two })
        );
    }
}
