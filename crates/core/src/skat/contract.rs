//! Game types, declarations, trumps, following and trick winners (`skat.md` §2, §5, §6, §8.2).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;

/// The type of game the declarer announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameKind {
    /// A suit game with this trump suit.
    Suit(Suit),
    /// Grand: only the four jacks are trumps.
    Grand,
    /// Null: no trumps, the declarer must take no trick.
    Null,
}

impl GameKind {
    /// All six game types: diamonds, hearts, spades, clubs, grand, null.
    pub const ALL: [GameKind; 6] = [
        GameKind::Suit(Suit::Diamonds),
        GameKind::Suit(Suit::Hearts),
        GameKind::Suit(Suit::Spades),
        GameKind::Suit(Suit::Clubs),
        GameKind::Grand,
        GameKind::Null,
    ];

    /// The base value of a suit or grand game (§8.1); `None` for Null.
    pub const fn base_value(self) -> Option<u16> {
        match self {
            GameKind::Suit(Suit::Diamonds) => Some(9),
            GameKind::Suit(Suit::Hearts) => Some(10),
            GameKind::Suit(Suit::Spades) => Some(11),
            GameKind::Suit(Suit::Clubs) => Some(12),
            GameKind::Grand => Some(24),
            GameKind::Null => None,
        }
    }

    /// The ISS letter: `D H S C G N`.
    pub const fn letter(self) -> char {
        match self {
            GameKind::Suit(s) => s.letter(),
            GameKind::Grand => 'G',
            GameKind::Null => 'N',
        }
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Suit(Suit::Diamonds) => "Diamonds",
            GameKind::Suit(Suit::Hearts) => "Hearts",
            GameKind::Suit(Suit::Spades) => "Spades",
            GameKind::Suit(Suit::Clubs) => "Clubs",
            GameKind::Grand => "Grand",
            GameKind::Null => "Null",
        }
    }

    /// All trumps of this game (§2.3).
    #[inline]
    pub const fn trumps(self) -> CardSet {
        match self {
            GameKind::Suit(s) => CardSet::JACKS.union(CardSet::suit(s).intersect(CardSet::PIQUET_PACK)),
            GameKind::Grand => CardSet::JACKS,
            GameKind::Null => CardSet::EMPTY,
        }
    }

    /// The cards of `card`'s effective suit (§2.4): all trumps if it is a
    /// trump, otherwise its printed suit without the trumps.
    #[inline]
    pub const fn follow_mask(self, led: Card) -> CardSet {
        let trumps = self.trumps();
        if trumps.contains(led) { trumps } else { CardSet::suit(led.suit()).minus(trumps) }
    }

    /// The cards of `hand` that may be played to a trick led by `led` (§6.2).
    #[inline]
    pub const fn legal_cards(self, hand: CardSet, led: Option<Card>) -> CardSet {
        match led {
            None => hand,
            Some(led) => {
                let follow = hand.intersect(self.follow_mask(led));
                if follow.is_empty() { hand } else { follow }
            }
        }
    }

    /// The index of this kind in lookup tables: the suits 0..4, grand 4, null 5.
    #[inline]
    const fn table_index(self) -> usize {
        match self {
            GameKind::Suit(s) => s as usize,
            GameKind::Grand => 4,
            GameKind::Null => 5,
        }
    }

    /// A card's strength in a trick led by `led`: 0 if it cannot win, higher
    /// wins (§6.3). Trumps rank above every card of the led suit.
    #[inline]
    pub const fn strength(self, card: Card, led: Card) -> u8 {
        let power = POWER[self.table_index()][card.index() as usize];
        if power >= TRUMP_POWER || self.follow_mask(led).contains(card) { power } else { 0 }
    }

    /// The position (0-based, play order) of the winning card of a full trick.
    #[inline]
    pub const fn trick_winner(self, trick: [Card; 3]) -> usize {
        let led = trick[0];
        let a = self.strength(trick[0], led);
        let b = self.strength(trick[1], led);
        let c = self.strength(trick[2], led);
        if a >= b && a >= c {
            0
        } else if b >= c {
            1
        } else {
            2
        }
    }

    /// The trump sequence used to count matadors (§8.2), highest first.
    pub fn matador_sequence(self) -> &'static [Card] {
        const fn c(s: Suit, r: Rank) -> Card {
            Card::new(s, r)
        }
        const fn seq(t: Suit) -> [Card; 11] {
            [
                c(Suit::Clubs, Rank::Jack),
                c(Suit::Spades, Rank::Jack),
                c(Suit::Hearts, Rank::Jack),
                c(Suit::Diamonds, Rank::Jack),
                c(t, Rank::Ace),
                c(t, Rank::Ten),
                c(t, Rank::King),
                c(t, Rank::Queen),
                c(t, Rank::Nine),
                c(t, Rank::Eight),
                c(t, Rank::Seven),
            ]
        }
        const CLUBS: [Card; 11] = seq(Suit::Clubs);
        const SPADES: [Card; 11] = seq(Suit::Spades);
        const HEARTS: [Card; 11] = seq(Suit::Hearts);
        const DIAMONDS: [Card; 11] = seq(Suit::Diamonds);
        match self {
            GameKind::Suit(Suit::Clubs) => &CLUBS,
            GameKind::Suit(Suit::Spades) => &SPADES,
            GameKind::Suit(Suit::Hearts) => &HEARTS,
            GameKind::Suit(Suit::Diamonds) => &DIAMONDS,
            GameKind::Grand => &CLUBS[..4],
            GameKind::Null => &[],
        }
    }

    /// Matadors of the declarer's twelve cards (§8.2): positive "with N",
    /// negative "without N"; 0 for Null.
    pub fn matadors(self, twelve_cards: CardSet) -> i8 {
        let seq = self.matador_sequence();
        if seq.is_empty() {
            return 0;
        }
        let with = twelve_cards.contains(seq[0]);
        let run = seq.iter().take_while(|&&card| twelve_cards.contains(card) == with).count();
        if with { run as i8 } else { -(run as i8) }
    }
}

/// Strengths at or above this are trumps.
const TRUMP_POWER: u8 = 20;

/// Card strength per game kind (table index) and card index: trumps
/// `TRUMP_POWER + order`, other cards `1 + order within the suit`.
static POWER: [[u8; 64]; 6] = {
    let mut table = [[0u8; 64]; 6];
    let mut k = 0;
    while k < 6 {
        let kind = GameKind::ALL[k];
        let mut i = 0;
        while i < 64 {
            if let Some(card) = Card::from_index(i as u8)
                && !card.is_joker()
            {
                let rank = card.rank();
                table[kind.table_index()][i] = match kind {
                    GameKind::Null => 1 + rank as u8,
                    _ if rank as u8 == Rank::Jack as u8 => TRUMP_POWER + 20 + (3 - card.suit() as u8),
                    GameKind::Suit(t) if card.suit() as u8 == t as u8 => TRUMP_POWER + suit_order(rank),
                    _ => 1 + suit_order(rank),
                };
            }
            i += 1;
        }
        k += 1;
    }
    table
};

/// Rank order inside a suit for suit and grand games: A T K Q 9 8 7 (jack excluded).
#[inline]
const fn suit_order(rank: Rank) -> u8 {
    match rank {
        Rank::Ace => 7,
        Rank::Ten => 6,
        Rank::King => 5,
        Rank::Queen => 4,
        Rank::Nine => 3,
        Rank::Eight => 2,
        Rank::Seven => 1,
        _ => 0,
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A declaration: the game type and its announcements (§5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Contract {
    /// The game type.
    pub kind: GameKind,
    /// Hand game (the skat was not picked up).
    pub hand: bool,
    /// Schneider announced (suit/grand hand games only).
    pub schneider: bool,
    /// Schwarz announced (suit/grand hand games only; implies schneider).
    pub schwarz: bool,
    /// Ouvert (suit/grand: hand, implies schneider and schwarz; Null: any).
    pub ouvert: bool,
}

impl Contract {
    /// A plain game of `kind` with the skat picked up.
    pub const fn pickup(kind: GameKind) -> Contract {
        Contract { kind, hand: false, schneider: false, schwarz: false, ouvert: false }
    }

    /// A plain hand game of `kind`.
    pub const fn hand(kind: GameKind) -> Contract {
        Contract { kind, hand: true, schneider: false, schwarz: false, ouvert: false }
    }

    /// Whether the combination of flags is one of §5.3's legal forms.
    pub const fn is_well_formed(self) -> bool {
        match self.kind {
            GameKind::Null => !self.schneider && !self.schwarz,
            _ => {
                (self.hand || !(self.schneider || self.schwarz || self.ouvert))
                    && (!self.schwarz || self.schneider)
                    && (!self.ouvert || self.schwarz)
            }
        }
    }

    /// The fixed value of a Null game (§8.1): 23, 35, 46 or 59.
    pub const fn null_value(self) -> Option<u16> {
        match (self.kind, self.hand, self.ouvert) {
            (GameKind::Null, false, false) => Some(23),
            (GameKind::Null, true, false) => Some(35),
            (GameKind::Null, false, true) => Some(46),
            (GameKind::Null, true, true) => Some(59),
            _ => None,
        }
    }

    /// The value of the contract if won with no level beyond those it
    /// announces, matadors counted from `known` (the declarer's cards he
    /// can see): the figure a declaration offers to show. Null: its fixed
    /// value.
    pub fn plain_value(self, known: CardSet) -> u16 {
        if let Some(value) = self.null_value() {
            return value;
        }
        let levels = super::scoring::Levels {
            matadors: self.kind.matadors(known).unsigned_abs(),
            hand: self.hand,
            schneider: self.schneider,
            schneider_announced: self.schneider,
            schwarz: self.schwarz,
            schwarz_announced: self.schwarz,
            ouvert: self.ouvert,
            spitze: 0,
        };
        self.kind.base_value().unwrap_or(0) * levels.multiplier()
    }

    /// Whether the opponents' first trick ends the game (§6.5): schwarz announced.
    pub const fn ends_on_defender_trick(self) -> bool {
        !matches!(self.kind, GameKind::Null) && self.schwarz
    }

    /// Every well-formed contract, in a fixed order (suit/grand before Null;
    /// within a kind, pickup forms first).
    pub fn all() -> impl Iterator<Item = Contract> {
        ALL_CONTRACTS.into_iter()
    }

    /// The ISS declaration code: game letter, then `O`, `H`, `S`, `Z` as they
    /// apply (e.g. `G`, `CHS`, `NO`, `GOHSZ` is written `GO`).
    ///
    /// Ouvert suit/grand games imply hand, schneider and schwarz and are
    /// written with `O` alone, as ISS does; `H` follows `O` for Null Ouvert Hand.
    pub fn iss_code(self) -> String {
        let mut s = String::new();
        s.push(self.kind.letter());
        if self.ouvert {
            s.push('O');
            if self.kind == GameKind::Null && self.hand {
                s.push('H');
            }
            return s;
        }
        if self.hand {
            s.push('H');
        }
        if self.schwarz {
            s.push_str("SZ");
        } else if self.schneider {
            s.push('S');
        }
        s
    }
}

impl fmt::Display for Contract {
    /// The spoken name, e.g. `Clubs Hand Schneider announced`, `Null Ouvert`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        if self.ouvert {
            f.write_str(" Ouvert")?;
            if self.kind == GameKind::Null && self.hand {
                f.write_str(" Hand")?;
            }
            return Ok(());
        }
        if self.hand {
            f.write_str(" Hand")?;
        }
        if self.schwarz {
            f.write_str(" Schwarz announced")?;
        } else if self.schneider {
            f.write_str(" Schneider announced")?;
        }
        Ok(())
    }
}

const fn form(kind: GameKind, hand: bool, schneider: bool, schwarz: bool, ouvert: bool) -> Contract {
    Contract { kind, hand, schneider, schwarz, ouvert }
}

const fn forms_of(kind: GameKind) -> [Contract; 5] {
    [
        form(kind, false, false, false, false),
        form(kind, true, false, false, false),
        form(kind, true, true, false, false),
        form(kind, true, true, true, false),
        form(kind, true, true, true, true),
    ]
}

/// The 29 legal forms of §5.3: five per suit/grand type, four Null forms.
const ALL_CONTRACTS: [Contract; 29] = {
    let mut out = [form(GameKind::Null, false, false, false, false); 29];
    let mut k = 0;
    while k < 5 {
        let forms = forms_of(GameKind::ALL[k]);
        let mut f = 0;
        while f < 5 {
            out[k * 5 + f] = forms[f];
            f += 1;
        }
        k += 1;
    }
    out[25] = form(GameKind::Null, false, false, false, false);
    out[26] = form(GameKind::Null, false, false, false, true);
    out[27] = form(GameKind::Null, true, false, false, false);
    out[28] = form(GameKind::Null, true, false, false, true);
    out
};

/// Error for a declaration code that names no legal declaration.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a declaration: {0:?} (expected a game letter D/H/S/C/G/N then O, H, S, Z flags)")]
pub struct ParseContractError(pub String);

impl FromStr for Contract {
    type Err = ParseContractError;
    /// Parses an ISS declaration code (`G`, `CH`, `DHS`, `SHSZ`, `GO`, `NOH`).
    /// Ouvert suit/grand games get hand, schneider and schwarz; schwarz
    /// announced gets schneider announced.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseContractError(s.to_owned());
        let mut chars = s.chars();
        let kind = match chars.next().ok_or_else(err)?.to_ascii_uppercase() {
            'G' => GameKind::Grand,
            'N' => GameKind::Null,
            c => GameKind::Suit(Suit::from_letter(c).ok_or_else(err)?),
        };
        let mut contract = Contract::pickup(kind);
        for c in chars {
            let flag = match c.to_ascii_uppercase() {
                'O' => &mut contract.ouvert,
                'H' => &mut contract.hand,
                'S' => &mut contract.schneider,
                'Z' => &mut contract.schwarz,
                _ => return Err(err()),
            };
            if *flag {
                return Err(err());
            }
            *flag = true;
        }
        if kind != GameKind::Null {
            if contract.ouvert {
                contract.hand = true;
                contract.schneider = true;
                contract.schwarz = true;
            }
            if contract.schwarz {
                contract.schneider = true;
            }
        }
        if contract.is_well_formed() { Ok(contract) } else { Err(err()) }
    }
}

/// Card points of a card (§2.2): A 11, T 10, K 4, Q 3, J 2, others 0.
#[inline]
pub const fn card_points(card: Card) -> u8 {
    match card.rank() {
        Rank::Ace => 11,
        Rank::Ten => 10,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

/// Card points of a set of 32-pack cards, by rank masks (no iteration).
///
/// Jokers and cards outside the 32-card pack count as their rank would.
#[inline]
pub const fn points(cards: CardSet) -> u8 {
    (11 * cards.intersect(CardSet::rank(Rank::Ace)).len()
        + 10 * cards.intersect(CardSet::rank(Rank::Ten)).len()
        + 4 * cards.intersect(CardSet::rank(Rank::King)).len()
        + 3 * cards.intersect(CardSet::rank(Rank::Queen)).len()
        + 2 * cards.intersect(CardSet::rank(Rank::Jack)).len()) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_values_as_skat_md_counts_them() {
        let jack = |suit| Card::new(suit, Rank::Jack);
        // §7: with 1 (♣J), game 1: 2 × 12 = 24.
        let with_one = CardSet::EMPTY.with(jack(Suit::Clubs));
        assert_eq!(Contract::pickup(GameKind::Suit(Suit::Clubs)).plain_value(with_one), 24);
        // Without 2 (♥J the highest), game 1, hand 1: 4 × 24 = 96.
        let without_two = CardSet::EMPTY.with(jack(Suit::Hearts));
        let grand_hand = Contract { hand: true, ..Contract::pickup(GameKind::Grand) };
        assert_eq!(grand_hand.plain_value(without_two), 96);
        // §8.1: Null ouvert 46, whatever the cards.
        let null_ouvert = Contract { ouvert: true, ..Contract::pickup(GameKind::Null) };
        assert_eq!(null_ouvert.plain_value(with_one), 46);
    }

    #[test]
    fn eighteen_well_formed_contracts() {
        // §5.3: per suit/grand type 5 forms (pickup, hand, hand+schneider,
        // hand+schwarz, ouvert); Null 4 forms.
        assert_eq!(Contract::all().count(), 5 * 5 + 4);
        assert!(Contract::all().all(Contract::is_well_formed));
    }

    #[test]
    fn iss_codes_round_trip() {
        for contract in Contract::all() {
            assert_eq!(contract.iss_code().parse::<Contract>(), Ok(contract), "{contract}");
        }
        assert!("X".parse::<Contract>().is_err());
        assert!("CS".parse::<Contract>().is_err(), "schneider needs hand");
        assert!("GHH".parse::<Contract>().is_err());
        assert!("NS".parse::<Contract>().is_err());
    }

    #[test]
    fn pack_has_120_points() {
        assert_eq!(points(CardSet::PIQUET_PACK), 120);
        let sum: u32 = CardSet::PIQUET_PACK.iter().map(|c| u32::from(card_points(c))).sum();
        assert_eq!(sum, 120);
    }
}
