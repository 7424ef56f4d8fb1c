//! `CardSet`: a set of cards as one 64-bit integer.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, ParseCardError, Rank, Suit};

/// A set of cards, one bit per card identity (see [`Card`] for the layout).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(u64);

const fn suit_block(suit: Suit) -> u64 {
    0x1FFF << (16 * suit as u32)
}

/// Bits of the ranks seven..ace within one suit block.
const PIQUET_RANKS: u64 = 0x1FE0;

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 32-card pack of Skat and Spitzer (seven to ace in each suit).
    pub const PIQUET_PACK: CardSet = CardSet(PIQUET_RANKS * 0x0001_0001_0001_0001);
    /// The 52 suit cards of a full pack (no jokers).
    pub const FULL_PACK: CardSet = CardSet(0x1FFF * 0x0001_0001_0001_0001);
    /// The two jokers.
    pub const JOKERS: CardSet = CardSet(1 << 29 | 1 << 30);
    /// The four jacks.
    pub const JACKS: CardSet = CardSet((1 << 9) * 0x0001_0001_0001_0001);

    /// The set's bits, for hashing tables and compact storage.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set with these bits, keeping only bits that name cards.
    #[inline]
    pub const fn from_bits_truncate(bits: u64) -> CardSet {
        CardSet(bits & (CardSet::FULL_PACK.0 | CardSet::JOKERS.0))
    }

    /// The set holding just `card`.
    #[inline]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// All cards of `suit` printed on them (jokers excluded).
    #[inline]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(suit_block(suit))
    }

    /// All cards of `rank` in the four suits.
    #[inline]
    pub const fn rank(rank: Rank) -> CardSet {
        CardSet((1 << rank as u32) * 0x0001_0001_0001_0001)
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 != 0
    }

    /// Adds `card`.
    #[inline]
    pub const fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.index();
    }

    /// Removes `card`.
    #[inline]
    pub const fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    /// The set with `card` added.
    #[inline]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    /// The set with `card` removed.
    #[inline]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.index()))
    }

    /// The number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Union.
    #[inline]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Intersection.
    #[inline]
    pub const fn intersect(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of `self` not in `other`.
    #[inline]
    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether every card of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share a card.
    #[inline]
    pub const fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The lowest-index card, if any.
    #[inline]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(self.0.trailing_zeros() as u8) }
    }

    /// The highest-index card, if any.
    #[inline]
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(63 - self.0.leading_zeros() as u8) }
    }

    /// The `n`th card in index order (0-based), if the set has that many.
    /// Loop-free (see [`select`]): random playouts pick cards with it.
    #[inline]
    pub fn nth(self, n: usize) -> Option<Card> {
        let k = u32::try_from(n).ok()?;
        select(self.0, k).and_then(Card::from_index)
    }

    /// The cards in index order: clubs, spades, hearts, diamonds, each from two up.
    #[inline]
    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// The cards joined by `.`, the hand notation of the CLI and ISS records.
    pub fn dotted(self) -> String {
        let mut out = String::with_capacity(self.len() * 3);
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str(&card.to_string());
        }
        out
    }
}

/// `SELECT_IN_BYTE[b * 8 + k]`: the position of the `k`th set bit of byte `b`
/// (8 where there is none).
static SELECT_IN_BYTE: [u8; 2048] = {
    let mut table = [8u8; 2048];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 != 0 {
                table[b * 8 + k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// The index of the `k`th (0-based) set bit of `x`, without a loop (broadword
/// select: byte-wise prefix counts, then a byte table); `None` if `x` has no
/// more than `k` bits.
#[inline]
fn select(x: u64, k: u32) -> Option<u8> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    if k >= x.count_ones() {
        return None;
    }
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i holds the number of set bits in bytes 0..=i (at most 64).
    let prefix = s.wrapping_mul(ONES);
    // The target byte is the number of bytes whose inclusive prefix is <= k.
    let at_most_k = (((u64::from(k) * ONES) | HIGHS) - prefix) & HIGHS;
    let place = at_most_k.count_ones() * 8;
    let before = ((prefix << 8) >> place) & 0xFF;
    let byte = (x >> place) & 0xFF;
    let rank = u64::from(k) - before;
    Some(place as u8 + SELECT_IN_BYTE[(byte * 8 + rank) as usize])
}

/// Iterator over a [`CardSet`] in index order.
#[derive(Clone, Copy, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> Self {
        CardSet::single(card)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}
impl BitOrAssign for CardSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}
impl BitAndAssign for CardSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}
impl BitXor for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}
impl Not for CardSet {
    type Output = CardSet;
    /// The complement within all card identities (52 cards and two jokers).
    #[inline]
    fn not(self) -> CardSet {
        CardSet::from_bits_truncate(!self.0)
    }
}

impl fmt::Display for CardSet {
    /// Cards separated by spaces, e.g. `CJ SA ST`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet[{self}]")
    }
}

/// Error for a malformed list of cards.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseCardSetError {
    /// One entry is not a card.
    #[error("card {position} of the list: {problem}")]
    Card {
        /// 1-based position in the list.
        position: usize,
        /// What is wrong with it (said in the message, so not a `source`:
        /// error chains would repeat it).
        problem: ParseCardError,
    },
    /// A card appears twice.
    #[error("card {card} appears twice")]
    Duplicate {
        /// The repeated card.
        card: Card,
    },
}

impl FromStr for CardSet {
    type Err = ParseCardSetError;
    /// Parses cards separated by `.`, `,` or whitespace: `CJ.SA.ST`, `CJ SA ST`.
    /// An empty string is the empty set.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut set = CardSet::EMPTY;
        let parts = s.split(|c: char| c == '.' || c == ',' || c.is_whitespace()).filter(|p| !p.is_empty());
        for (i, part) in parts.enumerate() {
            let card = part.parse::<Card>().map_err(|problem| ParseCardSetError::Card { position: i + 1, problem })?;
            if set.contains(card) {
                return Err(ParseCardSetError::Duplicate { card });
            }
            set.insert(card);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_sizes() {
        assert_eq!(CardSet::PIQUET_PACK.len(), 32);
        assert_eq!(CardSet::FULL_PACK.len(), 52);
        assert_eq!((CardSet::FULL_PACK | CardSet::JOKERS).len(), 54);
        assert_eq!(CardSet::JACKS.len(), 4);
        assert!(CardSet::JACKS.is_subset(CardSet::PIQUET_PACK));
        assert_eq!(CardSet::suit(Suit::Hearts).len(), 13);
        assert!(!CardSet::suit(Suit::Spades).contains(Card::JOKER_1));
        assert_eq!((!CardSet::EMPTY).len(), 54);
    }

    #[test]
    fn nth_is_the_nth_set_bit() {
        // Checked against the plain definition: clear the lowest bit n times.
        let mut rng = crate::shuffle::deal_rng(5);
        for _ in 0..2000 {
            use rand::Rng;
            let bits = rng.next_u64() & rng.next_u64();
            let set = CardSet::from_bits_truncate(bits);
            let mut rest = set.bits();
            for k in 0..=set.len() + 1 {
                let expected = if rest == 0 { None } else { Card::from_index(rest.trailing_zeros() as u8) };
                assert_eq!(set.nth(k), expected, "{set} {k}");
                rest &= rest.wrapping_sub(1);
            }
        }
        assert_eq!(select(u64::MAX, 63), Some(63));
        assert_eq!(select(1 << 63, 0), Some(63));
        assert_eq!(select(0, 0), None);
    }

    #[test]
    fn parse_and_iterate() {
        let set: CardSet = "CJ.SA.ST".parse().unwrap();
        assert_eq!(set.len(), 3);
        let cards: Vec<String> = set.iter().map(|c| c.to_string()).collect();
        assert_eq!(cards, ["CJ", "ST", "SA"]);
        assert_eq!(set.dotted(), "CJ.ST.SA");
        assert!(matches!("CJ.CJ".parse::<CardSet>(), Err(ParseCardSetError::Duplicate { .. })));
        assert!(matches!("CJ.XX".parse::<CardSet>(), Err(ParseCardSetError::Card { position: 2, .. })));
        assert_eq!(set.nth(1).unwrap().to_string(), "ST");
        assert_eq!(set.nth(3), None);
    }
}
