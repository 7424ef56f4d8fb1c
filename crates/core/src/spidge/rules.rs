//! The configuration switches of a Spidge table (`spidge.md` §7).

use crate::cardset::CardSet;

/// What the two jokers are (§2.3, §7 `joker_suit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum JokerSuit {
    /// DECISION (default): the jokers are trumps ranking above `SA`. They
    /// break trumps, may be led only when a trump may be led, and must be
    /// played to a trump lead by a player without spades.
    #[default]
    Trump,
    /// A joker may be played to any trick at any time (led at any time,
    /// played whatever was led) and still wins. Jokers are then not trumps:
    /// they neither break trumps nor count as trumps for the lead rule, and
    /// the suit to follow is that of the first non-joker card of the trick.
    Wild,
}

/// Who wins a trick holding both jokers (§4.5 rule 2, §7 `double_joker`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DoubleJoker {
    /// DECISION (default): the jokers cancel; the earlier of the two other
    /// cards acts as the lead and the trick is decided between those two.
    #[default]
    CancelIgnore,
    /// The joker played second wins.
    SecondJokerWins,
    /// The joker played first wins.
    FirstJokerWins,
}

/// When a trump may be led (§4.3, §7 `trump_lead`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TrumpLead {
    /// DECISION (default): once a trump has been played to an earlier trick,
    /// or when the leading hand holds nothing but trumps.
    #[default]
    Broken,
    /// Only when the leading hand holds nothing but trumps (the seeds'
    /// literal "any non-trump card may be led").
    NeverUnlessOnlyTrumps,
    /// Any card may be led at any time.
    Free,
}

/// The options in force at a Spidge table. `SpidgeRules::default()` is the
/// document's default column of §7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpidgeRules {
    /// The joker pack (52 cards minus `D2` and `H2`, plus `J1` `J2`); `false`
    /// is the plain 52-card pack (§2.1).
    pub jokers: bool,
    /// What the jokers are.
    pub joker_suit: JokerSuit,
    /// Who wins a trick holding both jokers.
    pub double_joker: DoubleJoker,
    /// When trumps may be led.
    pub trump_lead: TrumpLead,
    /// Fewest tricks for a Spidge (§5.2, default 10).
    pub spidge_tricks: u8,
    /// Fewest tricks for a Slam (§5.2, default 13; 12 is the "small slam"
    /// reading).
    pub slam_tricks: u8,
    /// The dealer scores 1 (Nil) when his own hand, ignoring the dummy, takes
    /// no trick (§5.2; default off).
    pub dealer_nil_own_hand: bool,
    /// Points that end the game (§6.1, default 3).
    pub target: u32,
}

impl Default for SpidgeRules {
    fn default() -> Self {
        SpidgeRules::STANDARD
    }
}

impl SpidgeRules {
    /// The defaults of `spidge.md` §7.
    pub const STANDARD: SpidgeRules = SpidgeRules {
        jokers: true,
        joker_suit: JokerSuit::Trump,
        double_joker: DoubleJoker::CancelIgnore,
        trump_lead: TrumpLead::Broken,
        spidge_tricks: 10,
        slam_tricks: 13,
        dealer_nil_own_hand: false,
        target: 3,
    };

    /// The pack these rules deal (§2.1).
    #[inline]
    pub const fn pack(&self) -> CardSet {
        if self.jokers { JOKER_PACK } else { CardSet::FULL_PACK }
    }

    /// The trump suit as a set: the spades, plus both jokers when they are
    /// trumps (§2.3, §2.4).
    #[inline]
    pub const fn trumps(&self) -> CardSet {
        match self.joker_suit {
            JokerSuit::Trump => CardSet::suit(crate::Suit::Spades).union(CardSet::JOKERS),
            JokerSuit::Wild => CardSet::suit(crate::Suit::Spades),
        }
    }
}

/// The joker pack: the 52 suit cards without `D2` and `H2`, plus `J1` `J2`.
pub const JOKER_PACK: CardSet = CardSet::FULL_PACK
    .without(crate::Card::new(crate::Suit::Diamonds, crate::Rank::Two))
    .without(crate::Card::new(crate::Suit::Hearts, crate::Rank::Two))
    .union(CardSet::JOKERS);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_hold_52_cards() {
        assert_eq!(JOKER_PACK.len(), 52);
        assert_eq!(SpidgeRules::default().pack(), JOKER_PACK);
        assert_eq!(SpidgeRules { jokers: false, ..SpidgeRules::default() }.pack(), CardSet::FULL_PACK);
        assert_eq!(SpidgeRules::default().trumps().len(), 15);
    }
}
