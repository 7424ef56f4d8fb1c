//! Announcements, eligibility, contracts and teams (`spitzer.md` §4).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::seat::Seat;
use crate::spitzer::cards::{BIG_QUEEN, BLACK_QUEENS, FAIL_SUITS, LITTLE_QUEEN, fail_suit};
use crate::spitzer::deal::SpitzerDeal;
use crate::spitzer::rules::{FirstTrickSelfRow, SpitzerRules};

/// A public announcement (§4.3).
///
/// The derived order (calls, then the Zola family, then `Schneider`) is the
/// order in which legal actions are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Announcement {
    /// The holder of both black queens calls the ace of a fail suit in which
    /// he holds a fail card but not the ace; its holder is his secret partner.
    CallAce(Suit),
    /// As `CallAce`, for a fail suit he is void in, allowed only when no
    /// suit qualifies for `CallAce`.
    CallAceVoid(Suit),
    /// The holder of both black queens and all three fail aces: the winner
    /// of trick 1 becomes his partner.
    CallFirstTrick,
    /// The announcer plays alone against three.
    Zola,
    /// Alone against three, contracting to take at least 90.
    ZolaSchneider,
    /// Alone against three, contracting to take all eight tricks.
    ZolaSchneiderSchwarz,
    /// HOUSE (`allow_partnership_schneider`): the announcer's side contracts
    /// to take at least 90.
    Schneider,
}

impl Announcement {
    /// Every announcement naming a fail suit where it names one, in
    /// ascending order.
    pub const ALL: [Announcement; 11] = [
        Announcement::CallAce(Suit::Clubs),
        Announcement::CallAce(Suit::Spades),
        Announcement::CallAce(Suit::Hearts),
        Announcement::CallAceVoid(Suit::Clubs),
        Announcement::CallAceVoid(Suit::Spades),
        Announcement::CallAceVoid(Suit::Hearts),
        Announcement::CallFirstTrick,
        Announcement::Zola,
        Announcement::ZolaSchneider,
        Announcement::ZolaSchneiderSchwarz,
        Announcement::Schneider,
    ];

    /// The called ace of `CallAce(X)` / `CallAceVoid(X)`.
    pub const fn called_ace(self) -> Option<Card> {
        match self {
            Announcement::CallAce(suit) | Announcement::CallAceVoid(suit) => Some(Card::new(suit, Rank::Ace)),
            _ => None,
        }
    }

    /// Whether this is one of the double-queen holder's partner calls.
    pub const fn is_call(self) -> bool {
        matches!(self, Announcement::CallAce(_) | Announcement::CallAceVoid(_) | Announcement::CallFirstTrick)
    }

    /// Whether this is `Zola`, `ZolaSchneider` or `ZolaSchneiderSchwarz`.
    pub const fn is_zola(self) -> bool {
        matches!(self, Announcement::Zola | Announcement::ZolaSchneider | Announcement::ZolaSchneiderSchwarz)
    }

    /// Whether a player holding `hand` may make this announcement (§4.3).
    ///
    /// # Errors
    /// The reason he may not, in words.
    pub fn eligibility(self, hand: CardSet, rules: &SpitzerRules) -> Result<(), &'static str> {
        let both_queens = BLACK_QUEENS.is_subset(hand);
        let only_double = "only the holder of both black queens may make a call";
        match self {
            Announcement::CallAce(suit) | Announcement::CallAceVoid(suit) if suit == Suit::Diamonds => {
                Err("diamonds are trumps: only the ace of clubs, spades or hearts can be called")
            }
            Announcement::CallAce(suit) => {
                if !both_queens {
                    Err(only_double)
                } else if hand.contains(Card::new(suit, Rank::Ace)) {
                    Err("the caller holds that ace himself")
                } else if !hand.intersects(fail_suit(suit)) {
                    Err("the caller holds no fail card of that suit (a void suit is called with CallAceVoid)")
                } else {
                    Ok(())
                }
            }
            Announcement::CallAceVoid(suit) => {
                if !both_queens {
                    Err(only_double)
                } else if hand.intersects(fail_suit(suit)) {
                    Err("the caller holds a fail card of that suit (it is called with CallAce)")
                } else if has_hold_suit(hand) {
                    Err("a suit qualifies for CallAce, so no void suit may be called")
                } else {
                    Ok(())
                }
            }
            Announcement::CallFirstTrick => {
                if !both_queens {
                    Err(only_double)
                } else if !FAIL_ACES.is_subset(hand) {
                    Err("the first-trick call needs all three fail aces")
                } else {
                    Ok(())
                }
            }
            Announcement::Zola | Announcement::ZolaSchneider | Announcement::ZolaSchneiderSchwarz => {
                if rules.zola_anyone || both_queens {
                    Ok(())
                } else {
                    Err("at this table only the holder of both black queens may announce a Zola")
                }
            }
            Announcement::Schneider => {
                if rules.allow_partnership_schneider {
                    Ok(())
                } else {
                    Err("the partnership Schneider is not played at this table")
                }
            }
        }
    }

    /// The announcements a player holding `hand` may make, ascending.
    pub fn eligible(hand: CardSet, rules: &SpitzerRules) -> impl Iterator<Item = Announcement> + '_ {
        Announcement::ALL.into_iter().filter(move |a| a.eligibility(hand, rules).is_ok())
    }

    /// The name used in text: `CallAce(H)`, `CallAceVoid(S)`, `CallFirstTrick`,
    /// `Zola`, `ZolaSchneider`, `ZolaSchneiderSchwarz`, `Schneider`.
    pub const fn name(self) -> &'static str {
        match self {
            Announcement::CallAce(_) => "CallAce",
            Announcement::CallAceVoid(_) => "CallAceVoid",
            Announcement::CallFirstTrick => "CallFirstTrick",
            Announcement::Zola => "Zola",
            Announcement::ZolaSchneider => "ZolaSchneider",
            Announcement::ZolaSchneiderSchwarz => "ZolaSchneiderSchwarz",
            Announcement::Schneider => "Schneider",
        }
    }
}

/// The three fail aces.
const FAIL_ACES: CardSet = CardSet::single(Card::new(Suit::Clubs, Rank::Ace))
    .with(Card::new(Suit::Spades, Rank::Ace))
    .with(Card::new(Suit::Hearts, Rank::Ace));

/// Whether some fail suit has a fail card of `hand` but not its ace.
fn has_hold_suit(hand: CardSet) -> bool {
    FAIL_SUITS.iter().any(|&s| hand.intersects(fail_suit(s)) && !hand.contains(Card::new(s, Rank::Ace)))
}

impl fmt::Display for Announcement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Announcement::CallAce(s) | Announcement::CallAceVoid(s) => write!(f, "{}({})", self.name(), s.letter()),
            _ => f.write_str(self.name()),
        }
    }
}

/// Error for a string that names no announcement.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "not an announcement: {0:?} (expected CallAce(X), CallAceVoid(X), CallFirstTrick, Zola, ZolaSchneider, ZolaSchneiderSchwarz or Schneider)"
)]
pub struct ParseAnnouncementError(pub String);

impl FromStr for Announcement {
    type Err = ParseAnnouncementError;
    /// Parses the [`Display`](fmt::Display) spelling, case-insensitively.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseAnnouncementError(s.to_owned());
        let lower = s.trim().to_ascii_lowercase();
        if let Some((name, rest)) = lower.split_once('(') {
            let letter = rest.strip_suffix(')').ok_or_else(err)?;
            let suit: Suit = letter.parse().map_err(|_| err())?;
            return match name {
                "callace" => Ok(Announcement::CallAce(suit)),
                "callacevoid" => Ok(Announcement::CallAceVoid(suit)),
                _ => Err(err()),
            };
        }
        Announcement::ALL
            .into_iter()
            .find(|a| !a.is_call_with_suit() && a.name().eq_ignore_ascii_case(&lower))
            .ok_or_else(err)
    }
}

impl Announcement {
    const fn is_call_with_suit(self) -> bool {
        matches!(self, Announcement::CallAce(_) | Announcement::CallAceVoid(_))
    }
}

/// The scoring row of a deal (§4.4, §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Contract {
    /// Two against two (black-queen partners or a call), or a first-trick
    /// caller who won trick 1 himself (by default).
    Normal,
    /// The silent holder of both black queens against three.
    Sneaker,
    /// A Zola: one against three.
    Zola,
    /// Zola Schneider: one against three, at least 90 to take.
    ZolaSchneider,
    /// Zola Schneider Schwarz: one against three, all tricks to take.
    ZolaSchneiderSchwarz,
    /// HOUSE: the partnership Schneider.
    Schneider,
}

impl Contract {
    /// All six rows, in the order of the tariff table (§6.3).
    pub const ALL: [Contract; 6] = [
        Contract::Normal,
        Contract::Sneaker,
        Contract::Zola,
        Contract::ZolaSchneider,
        Contract::ZolaSchneiderSchwarz,
        Contract::Schneider,
    ];

    /// The row's index in [`Contract::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name used in text.
    pub const fn name(self) -> &'static str {
        match self {
            Contract::Normal => "Normal",
            Contract::Sneaker => "Sneaker",
            Contract::Zola => "Zola",
            Contract::ZolaSchneider => "ZolaSchneider",
            Contract::ZolaSchneiderSchwarz => "ZolaSchneiderSchwarz",
            Contract::Schneider => "Schneider",
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for a string that names no contract.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "not a Spitzer contract: {0:?} (expected Normal, Sneaker, Zola, ZolaSchneider, ZolaSchneiderSchwarz, Schneider)"
)]
pub struct ParseContractError(pub String);

impl FromStr for Contract {
    type Err = ParseContractError;
    /// Parses the [`Display`](fmt::Display) spelling, case-insensitively.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Contract::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseContractError(s.to_owned()))
    }
}

/// A set of seats of a four-seat table (a side, a team), as a bit mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Side(u8);

impl Side {
    /// Nobody.
    pub const EMPTY: Side = Side(0);
    /// All four seats.
    pub const ALL: Side = Side(0b1111);

    /// The side with these bits (bit `i` for seat `i`; higher bits are dropped).
    #[inline]
    pub const fn from_bits(bits: u8) -> Side {
        Side(bits & 0b1111)
    }

    /// The seats of either side.
    #[inline]
    pub const fn union(self, other: Side) -> Side {
        Side(self.0 | other.0)
    }

    /// The seats of both sides.
    #[inline]
    pub const fn intersect(self, other: Side) -> Side {
        Side(self.0 & other.0)
    }

    /// The side of `seat` alone.
    #[inline]
    pub const fn single(seat: Seat) -> Side {
        Side(1 << (seat.index() & 3))
    }

    /// The side with `seat` added.
    #[inline]
    pub const fn with(self, seat: Seat) -> Side {
        Side(self.0 | 1 << (seat.index() & 3))
    }

    /// Whether `seat` is on this side.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        seat.index() < 4 && self.0 >> seat.index() & 1 != 0
    }

    /// The other seats of the table.
    #[inline]
    pub const fn others(self) -> Side {
        Side(!self.0 & 0b1111)
    }

    /// How many seats.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether nobody is on this side.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The mask: bit `i` for seat `i`.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The seats, in seat order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::all(4).filter(move |&s| self.contains(s))
    }
}

impl FromIterator<Seat> for Side {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(Side::EMPTY, Side::with)
    }
}

impl fmt::Display for Side {
    /// Seat numbers in braces, e.g. `{1,3}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, seat) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{seat}")?;
        }
        f.write_str("}")
    }
}

impl fmt::Debug for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Side{self}")
    }
}

/// What the announcement phase decides (§4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Resolution {
    /// The scoring row; `None` for `CallFirstTrick` until trick 1 is won.
    pub contract: Option<Contract>,
    /// The declaring side (for `CallFirstTrick`: the caller until trick 1 is won).
    pub declaring: Side,
    /// The called ace after `CallAce` / `CallAceVoid`.
    pub called_ace: Option<Card>,
}

/// The declaring side and row for `announcement` (`None`: all passed) on `deal`.
pub(crate) fn resolve(deal: &SpitzerDeal, announcement: Option<(Seat, Announcement)>) -> Resolution {
    let big = deal.holder(BIG_QUEEN).unwrap_or(Seat::FOREHAND);
    let little = deal.holder(LITTLE_QUEEN).unwrap_or(Seat::FOREHAND);
    let queen_side = Side::single(big).with(little);
    let (contract, declaring, called_ace) = match announcement {
        None if big == little => (Some(Contract::Sneaker), queen_side, None),
        None => (Some(Contract::Normal), queen_side, None),
        Some((caller, a @ (Announcement::CallAce(_) | Announcement::CallAceVoid(_)))) => {
            let ace = a.called_ace();
            let partner = ace.and_then(|ace| deal.holder(ace)).unwrap_or(caller);
            (Some(Contract::Normal), Side::single(caller).with(partner), ace)
        }
        Some((caller, Announcement::CallFirstTrick)) => (None, Side::single(caller), None),
        Some((seat, Announcement::Zola)) => (Some(Contract::Zola), Side::single(seat), None),
        Some((seat, Announcement::ZolaSchneider)) => (Some(Contract::ZolaSchneider), Side::single(seat), None),
        Some((seat, Announcement::ZolaSchneiderSchwarz)) => {
            (Some(Contract::ZolaSchneiderSchwarz), Side::single(seat), None)
        }
        Some((seat, Announcement::Schneider)) => {
            let side = if queen_side.contains(seat) { queen_side } else { queen_side.others() };
            (Some(Contract::Schneider), side, None)
        }
    };
    Resolution { contract, declaring, called_ace }
}

/// The row and side of a first-trick call once `winner` has won trick 1 (§4.4).
pub(crate) const fn resolve_first_trick(caller: Seat, winner: Seat, rules: &SpitzerRules) -> (Contract, Side) {
    if caller.index() == winner.index() {
        let row = match rules.first_trick_self_row {
            FirstTrickSelfRow::Normal => Contract::Normal,
            FirstTrickSelfRow::Sneaker => Contract::Sneaker,
        };
        (row, Side::single(caller))
    } else {
        (Contract::Normal, Side::single(caller).with(winner))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcement_text_round_trips() {
        for a in Announcement::ALL {
            assert_eq!(a.to_string().parse::<Announcement>(), Ok(a));
        }
        assert_eq!("callace(h)".parse::<Announcement>(), Ok(Announcement::CallAce(Suit::Hearts)));
        assert!("CallAce".parse::<Announcement>().is_err());
        assert!("CallAce(X)".parse::<Announcement>().is_err());
        assert!("Zola(C)".parse::<Announcement>().is_err());
        for c in Contract::ALL {
            assert_eq!(c.to_string().parse::<Contract>(), Ok(c));
        }
        let mut sorted = Announcement::ALL;
        sorted.sort();
        assert_eq!(sorted, Announcement::ALL);
    }

    #[test]
    fn calls_are_mutually_exclusive() {
        // §4.3: with all three aces only CallFirstTrick; otherwise CallAce or CallAceVoid.
        let mut rng = crate::shuffle::deal_rng(11);
        let rules = SpitzerRules::default();
        let mut seen = [0usize; 3];
        for _ in 0..20_000 {
            let deal = SpitzerDeal::random(&mut rng);
            for (_, &hand) in deal.hands().iter() {
                let calls: Vec<Announcement> = Announcement::eligible(hand, &rules).filter(|a| a.is_call()).collect();
                let kinds = [
                    calls.iter().any(|a| matches!(a, Announcement::CallAce(_))),
                    calls.iter().any(|a| matches!(a, Announcement::CallAceVoid(_))),
                    calls.contains(&Announcement::CallFirstTrick),
                ];
                let n = kinds.iter().filter(|&&k| k).count();
                if BLACK_QUEENS.is_subset(hand) {
                    assert_eq!(n, 1, "{hand}: {calls:?}");
                    seen[kinds.iter().position(|&k| k).unwrap_or(0)] += 1;
                } else {
                    assert!(calls.is_empty());
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }

    #[test]
    fn side_basics() {
        let s = Side::single(Seat::new(1).unwrap()).with(Seat::new(3).unwrap());
        assert_eq!(s.to_string(), "{1,3}");
        assert_eq!(s.others().to_string(), "{0,2}");
        assert_eq!(s.len(), 2);
        assert_eq!(s.iter().collect::<Side>(), s);
    }
}
