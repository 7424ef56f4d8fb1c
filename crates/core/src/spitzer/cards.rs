//! Trumps, fail suits, following, trick winners and card points
//! (`spitzer.md` §2, §5.3–§5.5).
//!
//! Trick strength comes from one static table indexed by card: trumps rank
//! above every fail card, and a fail card counts only in a trick whose led
//! card is of its own fail suit.

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;

const fn c(suit: Suit, rank: Rank) -> Card {
    Card::new(suit, rank)
}

/// The Big Queen, `CQ`: the highest trump.
pub const BIG_QUEEN: Card = c(Suit::Clubs, Rank::Queen);
/// The Little Queen, `SQ`: the third trump.
pub const LITTLE_QUEEN: Card = c(Suit::Spades, Rank::Queen);
/// The Spitzer, `D7`: the second trump.
pub const SPITZER: Card = c(Suit::Diamonds, Rank::Seven);
/// The two black queens, `CQ` and `SQ`.
pub const BLACK_QUEENS: CardSet = CardSet::single(BIG_QUEEN).with(LITTLE_QUEEN);

/// The 14 trumps, highest first (§2.2).
pub const TRUMP_ORDER: [Card; 14] = [
    BIG_QUEEN,
    SPITZER,
    LITTLE_QUEEN,
    c(Suit::Hearts, Rank::Queen),
    c(Suit::Diamonds, Rank::Queen),
    c(Suit::Clubs, Rank::Jack),
    c(Suit::Spades, Rank::Jack),
    c(Suit::Hearts, Rank::Jack),
    c(Suit::Diamonds, Rank::Jack),
    c(Suit::Diamonds, Rank::Ace),
    c(Suit::Diamonds, Rank::Ten),
    c(Suit::Diamonds, Rank::King),
    c(Suit::Diamonds, Rank::Nine),
    c(Suit::Diamonds, Rank::Eight),
];

/// The fail ranks, highest first (§2.3).
pub const FAIL_ORDER: [Rank; 6] = [Rank::Ace, Rank::Ten, Rank::King, Rank::Nine, Rank::Eight, Rank::Seven];

/// The three fail suits: clubs, spades, hearts.
pub const FAIL_SUITS: [Suit; 3] = [Suit::Clubs, Suit::Spades, Suit::Hearts];

/// Every trump: all diamonds, all queens, all jacks (§2.2).
pub const TRUMPS: CardSet = {
    let mut set = CardSet::EMPTY;
    let mut i = 0;
    while i < TRUMP_ORDER.len() {
        set.insert(TRUMP_ORDER[i]);
        i += 1;
    }
    set
};

/// Every non-trump card: A 10 K 9 8 7 of clubs, spades and hearts.
pub const FAILS: CardSet = CardSet::PIQUET_PACK.minus(TRUMPS);

/// The fail cards of `suit` (§2.3): empty for diamonds, which are all trumps.
#[inline]
pub const fn fail_suit(suit: Suit) -> CardSet {
    CardSet::suit(suit).intersect(FAILS)
}

/// Whether `card` is a trump.
#[inline]
pub const fn is_trump(card: Card) -> bool {
    TRUMPS.contains(card)
}

/// The cards of `led`'s effective suit (§2.4): every trump if it is a trump,
/// otherwise the fail cards of its printed suit.
#[inline]
pub const fn follow_mask(led: Card) -> CardSet {
    if is_trump(led) { TRUMPS } else { fail_suit(led.suit()) }
}

/// Strengths at or above this are trumps.
const TRUMP_STRENGTH: u8 = 32;

/// Strength per card index: trumps `TRUMP_STRENGTH + 14 - position`, fail
/// cards `6 - position` in A 10 K 9 8 7 (so 1..=6), other indices 0.
static STRENGTH: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < TRUMP_ORDER.len() {
        table[TRUMP_ORDER[i].index() as usize] = TRUMP_STRENGTH + (TRUMP_ORDER.len() - i) as u8;
        i += 1;
    }
    let mut s = 0;
    while s < FAIL_SUITS.len() {
        let mut r = 0;
        while r < FAIL_ORDER.len() {
            table[c(FAIL_SUITS[s], FAIL_ORDER[r]).index() as usize] = (FAIL_ORDER.len() - r) as u8;
            r += 1;
        }
        s += 1;
    }
    table
};

/// Card points per card index (§2.5).
static POINTS: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        if let Some(card) = Card::from_index(i as u8)
            && !card.is_joker()
        {
            table[i] = match card.rank() {
                Rank::Ace => 11,
                Rank::Ten => 10,
                Rank::King => 4,
                Rank::Queen => 3,
                Rank::Jack => 2,
                _ => 0,
            };
        }
        i += 1;
    }
    table
};

/// A card's strength in a trick led by `led`: 0 if it cannot win, higher
/// wins (§5.5). Every trump beats every fail card; fail cards of a suit
/// other than the led fail suit never win.
#[inline]
pub const fn strength(card: Card, led: Card) -> u8 {
    let s = STRENGTH[card.index() as usize];
    if s >= TRUMP_STRENGTH || (!is_trump(led) && card.suit() as u8 == led.suit() as u8) { s } else { 0 }
}

/// [`strength`] for the trick-play fast path: it may give a fail card its
/// fail strength in a trick led by a trump of the same printed suit, which
/// never matters, because the led trump is stronger than any fail card.
#[inline]
pub(crate) const fn strength_in_trick(card: Card, led: Card) -> u8 {
    let s = STRENGTH[card.index() as usize];
    if s >= TRUMP_STRENGTH || (card.index() ^ led.index()) < 16 { s } else { 0 }
}

/// The position (0-based, play order) of the winning card of a full trick (§5.5).
#[inline]
pub const fn trick_winner(trick: [Card; 4]) -> usize {
    let led = trick[0];
    let mut best = 0;
    let mut best_strength = strength(led, led);
    let mut i = 1;
    while i < 4 {
        let s = strength(trick[i], led);
        if s > best_strength {
            best = i;
            best_strength = s;
        }
        i += 1;
    }
    best
}

/// Card points of a card (§2.5): A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing.
#[inline]
pub const fn card_points(card: Card) -> u8 {
    POINTS[card.index() as usize]
}

/// Card points of a set of cards (§2.5).
#[inline]
pub const fn points(cards: CardSet) -> u8 {
    (11 * cards.intersect(CardSet::rank(Rank::Ace)).len()
        + 10 * cards.intersect(CardSet::rank(Rank::Ten)).len()
        + 4 * cards.intersect(CardSet::rank(Rank::King)).len()
        + 3 * cards.intersect(CardSet::rank(Rank::Queen)).len()
        + 2 * cards.intersect(CardSet::rank(Rank::Jack)).len()) as u8
}

/// The called-ace obligations (§5.4) binding the seat to play, while the
/// called suit has not yet been led in an earlier trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Duty {
    /// The called ace, if this seat holds it: it must be played when its
    /// suit is led, and may not be thrown on a trick of another suit unless
    /// it is the only card left to play.
    pub called_ace: Option<Card>,
    /// The called suit, if this seat is the caller of `CallAce` under the
    /// house rule `caller_must_keep_hold_card`: his last fail card of that
    /// suit may not be thrown on a trick of another suit unless it is the
    /// only card left to play.
    pub keep_hold_suit: Option<Suit>,
}

impl Duty {
    /// No obligation.
    pub const NONE: Duty = Duty { called_ace: None, keep_hold_suit: None };
}

/// Why a card is not among the legal cards (for error messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Refusal {
    MustFollow,
    MustTrump,
    MustPlayCalledAce(Card),
    MayNotDiscardCalledAce(Card),
    MustKeepHoldCard,
}

/// The cards of `hand` that may be played to a trick led by `led` under the
/// following rules alone (§5.3): the led effective suit if the hand has it;
/// otherwise, with `must_trump`, the trumps if it has any; otherwise anything.
#[inline]
pub const fn follow_cards(hand: CardSet, led: Option<Card>, must_trump: bool) -> CardSet {
    let Some(led) = led else { return hand };
    let follow = hand.intersect(follow_mask(led));
    if !follow.is_empty() {
        return follow;
    }
    let trumps = hand.intersect(TRUMPS);
    if must_trump && !trumps.is_empty() { trumps } else { hand }
}

/// The legal cards of `hand` to a trick led by `led` (`None`: leading, any
/// card), under the following rules (§5.3) and the seat's `duty` (§5.4).
#[inline]
pub const fn legal_cards(hand: CardSet, led: Option<Card>, must_trump: bool, duty: Duty) -> CardSet {
    let mut legal = follow_cards(hand, led, must_trump);
    let Some(led) = led else { return legal };
    if let Some(ace) = duty.called_ace
        && hand.contains(ace)
    {
        if follow_mask(led).contains(ace) {
            return CardSet::single(ace);
        }
        if legal.contains(ace) && legal.len() > 1 {
            legal = legal.without(ace);
        }
    }
    if let Some(suit) = duty.keep_hold_suit {
        let hold = hand.intersect(fail_suit(suit));
        if hold.len() == 1 && !follow_mask(led).intersects(hold) && legal.intersects(hold) && legal.len() > 1 {
            legal = legal.minus(hold);
        }
    }
    legal
}

/// Why `card` (in `hand`, not legal) may not be played.
pub(crate) fn refusal(hand: CardSet, led: Card, card: Card, must_trump: bool, duty: Duty) -> Refusal {
    let follow = hand.intersect(follow_mask(led));
    if !follow.is_empty() {
        if let Some(ace) = duty.called_ace
            && follow.contains(ace)
            && follow.contains(card)
        {
            return Refusal::MustPlayCalledAce(ace);
        }
        return Refusal::MustFollow;
    }
    if must_trump && hand.intersects(TRUMPS) && !is_trump(card) {
        return Refusal::MustTrump;
    }
    match duty.called_ace {
        Some(ace) if ace == card => Refusal::MayNotDiscardCalledAce(ace),
        _ => Refusal::MustKeepHoldCard,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn fourteen_trumps_eighteen_fails_120_points() {
        assert_eq!(TRUMPS.len(), 14);
        assert_eq!(FAILS.len(), 18);
        assert_eq!(TRUMPS, CardSet::suit(Suit::Diamonds).intersect(CardSet::PIQUET_PACK) | cards("CQ SQ HQ CJ SJ HJ"));
        assert_eq!(points(CardSet::PIQUET_PACK), 120);
        let sum: u32 = CardSet::PIQUET_PACK.iter().map(|c| u32::from(card_points(c))).sum();
        assert_eq!(sum, 120);
        assert_eq!(card_points(SPITZER), 0);
        assert!(fail_suit(Suit::Diamonds).is_empty());
        assert_eq!(fail_suit(Suit::Clubs), cards("CA CT CK C9 C8 C7"));
    }

    #[test]
    fn trump_order_is_strict() {
        for w in TRUMP_ORDER.windows(2) {
            assert!(strength(w[0], w[1]) > strength(w[1], w[1]), "{} above {}", w[0], w[1]);
        }
        let lowest_trump = TRUMP_ORDER[13];
        for fail in FAILS {
            assert!(strength(lowest_trump, fail) > strength(fail, fail));
        }
    }

    #[test]
    fn duties_restrict_the_called_ace() {
        let ha: Card = "HA".parse().unwrap();
        let duty = Duty { called_ace: Some(ha), keep_hold_suit: None };
        let led = |s: &str| Some(s.parse::<Card>().unwrap());
        assert_eq!(legal_cards(cards("HA H9 CJ"), led("H7"), true, duty), cards("HA"));
        assert_eq!(legal_cards(cards("HA H9"), led("S7"), true, duty), cards("H9"));
        assert_eq!(legal_cards(cards("HA"), led("S7"), true, duty), cards("HA"));
        assert_eq!(legal_cards(cards("HA H9"), None, true, duty), cards("HA H9"));
        let hold = Duty { called_ace: None, keep_hold_suit: Some(Suit::Hearts) };
        assert_eq!(legal_cards(cards("H9 C7"), led("S7"), true, hold), cards("C7"));
        assert_eq!(legal_cards(cards("H9 H8 C7"), led("S7"), true, hold), cards("H9 H8 C7"));
        assert_eq!(legal_cards(cards("H9"), led("S7"), true, hold), cards("H9"));
    }
}
