//! Suits, ranks and cards: the small `Copy` vocabulary every game shares.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// One of the four suits, in Skat's order of precedence (clubs highest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suit {
    Clubs = 0,
    Spades = 1,
    Hearts = 2,
    Diamonds = 3,
}

impl Suit {
    /// All suits, clubs first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

    /// The suit's index 0..4 (clubs 0, spades 1, hearts 2, diamonds 3).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with this index, if any.
    pub const fn from_index(i: usize) -> Option<Suit> {
        match i {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Spades),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Diamonds),
            _ => None,
        }
    }

    /// The letter used in card ids and records: `C`, `S`, `H`, `D`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
        }
    }

    /// The suit symbol for display.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
        }
    }

    /// The suit named by `letter`, if any (case-insensitive).
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Error for a string that names no suit.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a suit: {0:?} (expected C, S, H or D)")]
pub struct ParseSuitError(pub String);

impl FromStr for Suit {
    type Err = ParseSuitError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c).ok_or_else(|| ParseSuitError(s.to_owned())),
            _ => Err(ParseSuitError(s.to_owned())),
        }
    }
}

/// A rank of the full 52-card pack, in natural order (two lowest, ace highest).
///
/// Skat and Spitzer use `Seven..=Ace`; Spidge uses all thirteen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All thirteen ranks, two first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The eight ranks of the 32-card pack (Skat, Spitzer), seven first.
    pub const PIQUET: [Rank; 8] =
        [Rank::Seven, Rank::Eight, Rank::Nine, Rank::Ten, Rank::Jack, Rank::Queen, Rank::King, Rank::Ace];

    /// The rank's index 0..13 (two 0, ace 12).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with this index, if any.
    pub const fn from_index(i: usize) -> Option<Rank> {
        if i < 13 { Some(Rank::ALL[i]) } else { None }
    }

    /// The letter used in card ids: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn letter(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// The rank named by `letter`, if any (case-insensitive; `0` also means ten).
    pub const fn from_letter(letter: char) -> Option<Rank> {
        match letter.to_ascii_uppercase() {
            '2' => Some(Rank::Two),
            '3' => Some(Rank::Three),
            '4' => Some(Rank::Four),
            '5' => Some(Rank::Five),
            '6' => Some(Rank::Six),
            '7' => Some(Rank::Seven),
            '8' => Some(Rank::Eight),
            '9' => Some(Rank::Nine),
            'T' | '0' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'A' => Some(Rank::Ace),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A playing card: one of the 52 suit cards or one of Spidge's two jokers.
///
/// A card is its index in a [`CardSet`](crate::CardSet): `suit * 16 + rank`.
/// The two jokers sit in the spades block above the ace (indices 29 and 30),
/// because in Spidge they are trumps ranking above the ace of spades.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The first joker, written `J1`.
    pub const JOKER_1: Card = Card(16 + 13);
    /// The second joker, written `J2`.
    pub const JOKER_2: Card = Card(16 + 14);

    /// The card of `suit` and `rank`.
    #[inline]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit as u8) << 4 | rank as u8)
    }

    /// The card with this set index, if that index names a card.
    pub const fn from_index(index: u8) -> Option<Card> {
        let rank = index & 15;
        if index < 64 && (rank < 13 || (index == 29 || index == 30)) { Some(Card(index)) } else { None }
    }

    /// The card's bit index in a [`CardSet`](crate::CardSet).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Whether this is one of the two jokers.
    #[inline]
    pub const fn is_joker(self) -> bool {
        self.0 == 29 || self.0 == 30
    }

    /// The printed suit. A joker reports spades (see the type's docs).
    #[inline]
    pub const fn suit(self) -> Suit {
        match self.0 >> 4 {
            0 => Suit::Clubs,
            1 => Suit::Spades,
            2 => Suit::Hearts,
            _ => Suit::Diamonds,
        }
    }

    /// The printed rank. Must not be called on a joker (it has none); in
    /// release builds a joker answers `Ace`.
    #[inline]
    pub const fn rank(self) -> Rank {
        const BY_LOW_BITS: [Rank; 16] = {
            let mut t = [Rank::Ace; 16];
            let mut i = 0;
            while i < 13 {
                t[i] = Rank::ALL[i];
                i += 1;
            }
            t
        };
        debug_assert!(self.0 & 15 < 13, "a joker has no rank");
        BY_LOW_BITS[(self.0 & 15) as usize]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Card::JOKER_1 => f.write_str("J1"),
            Card::JOKER_2 => f.write_str("J2"),
            c => write!(f, "{}{}", c.suit().letter(), c.rank().letter()),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Error for a string that names no card.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a card: {0:?} (expected suit C/S/H/D then rank 2-9/T (or 10)/J/Q/K/A, e.g. CJ, HT, D7; or J1/J2)")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseCardError(s.to_owned());
        // A ten may also be written with its number: `C10` = `CT`.
        if let Some(suit) = s.strip_suffix("10").and_then(|rest| {
            let mut chars = rest.chars();
            chars.next().filter(|_| chars.next().is_none())
        }) {
            return Ok(Card::new(Suit::from_letter(suit).ok_or_else(err)?, Rank::Ten));
        }
        let mut chars = s.chars();
        let (Some(a), Some(b), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(err());
        };
        match (a.to_ascii_uppercase(), b) {
            ('J', '1') => return Ok(Card::JOKER_1),
            ('J', '2') => return Ok(Card::JOKER_2),
            _ => {}
        }
        let suit = Suit::from_letter(a).ok_or_else(err)?;
        let rank = Rank::from_letter(b).ok_or_else(err)?;
        Ok(Card::new(suit, rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_text_round_trips() {
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                let card = Card::new(suit, rank);
                let text = card.to_string();
                assert_eq!(text.parse::<Card>(), Ok(card));
                assert_eq!(card.suit(), suit);
                assert_eq!(card.rank(), rank);
            }
        }
        assert_eq!("J1".parse::<Card>(), Ok(Card::JOKER_1));
        assert_eq!(Card::JOKER_2.to_string(), "J2");
        assert_eq!("CJ".parse::<Card>().unwrap().to_string(), "CJ");
        assert_eq!("HT".parse::<Card>(), Ok(Card::new(Suit::Hearts, Rank::Ten)));
        assert_eq!("H10".parse::<Card>(), Ok(Card::new(Suit::Hearts, Rank::Ten)));
        assert_eq!("d10".parse::<Card>(), "DT".parse::<Card>());
        for bad in ["10", "X10", "CC10", "C100", "J10"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_card_text_is_an_error() {
        for bad in ["", "C", "CJX", "X7", "C1", "J3", "??"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        assert!("X".parse::<Suit>().is_err());
    }
}
