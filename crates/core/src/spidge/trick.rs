//! Leading, following and trick winners (`spidge.md` §2.3, §2.4, §4.3–§4.5),
//! as pure functions of the rules, a hand and the trick so far.

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::spidge::hand::Hand;
use crate::spidge::rules::{DoubleJoker, JokerSuit, SpidgeRules, TrumpLead};

/// One completed Spidge trick: the hand that led, the cards in play
/// order (the led card first), the hand that won it.
pub type SpidgeTrick = crate::trick::Trick<Hand, 4>;

/// Every card of a Spidge deal in the order played, with the hand that led
/// every trick.
pub type SpidgeHistory = crate::trick::TrickHistory<Hand, 4, 52>;

impl SpidgeTrick {
    /// The cards with the hand that played each, in play order.
    pub fn plays(&self) -> impl Iterator<Item = (Hand, Card)> + '_ {
        self.cards.iter().enumerate().map(|(i, &card)| (self.leader.offset(i), card))
    }
}

/// Whether trumps are broken (§4.3): some trump has been played. At a lead
/// every played card lies in an earlier trick.
#[inline]
pub const fn trumps_broken(rules: &SpidgeRules, played: CardSet) -> bool {
    played.intersects(rules.trumps())
}

/// The cards `hand` may lead (§4.3). A wild joker may always be led.
#[inline]
pub const fn legal_leads(rules: &SpidgeRules, hand: CardSet, trumps_broken: bool) -> CardSet {
    let restricted = match rules.trump_lead {
        TrumpLead::Broken => !trumps_broken,
        TrumpLead::NeverUnlessOnlyTrumps => true,
        TrumpLead::Free => false,
    };
    if !restricted {
        return hand;
    }
    let others = hand.minus(rules.trumps());
    if others.is_empty() { hand } else { others }
}

/// The cards a hand must follow with, given the cards of the trick so far
/// (§2.4, §4.4): all trumps if a trump was led, else the led suit. With wild
/// jokers the first non-joker card sets the suit, and an empty set (only
/// jokers played so far) means no duty.
#[inline]
pub fn follow_mask(rules: &SpidgeRules, trick: &[Card]) -> CardSet {
    let led = match rules.joker_suit {
        JokerSuit::Trump => trick.first().copied(),
        JokerSuit::Wild => trick.iter().copied().find(|c| !c.is_joker()),
    };
    match led {
        None => CardSet::EMPTY,
        Some(led) if rules.trumps().contains(led) => rules.trumps(),
        Some(led) => CardSet::suit(led.suit()),
    }
}

/// The cards `hand` may play to a trick already led, given the trick's
/// [`follow_mask`] (§4.4): the cards of the mask if it holds any (plus wild
/// jokers), else any card.
#[inline]
pub const fn legal_follows(rules: &SpidgeRules, hand: CardSet, follow: CardSet) -> CardSet {
    let follow = hand.intersect(follow);
    if follow.is_empty() {
        hand
    } else if matches!(rules.joker_suit, JokerSuit::Wild) {
        follow.union(hand.intersect(CardSet::JOKERS))
    } else {
        follow
    }
}

/// The cards `hand` may play: a lead (§4.3) when `trick` is empty, else a
/// follow (§4.4).
#[inline]
pub fn legal_cards(rules: &SpidgeRules, hand: CardSet, trick: &[Card], trumps_broken: bool) -> CardSet {
    if trick.is_empty() {
        legal_leads(rules, hand, trumps_broken)
    } else {
        legal_follows(rules, hand, follow_mask(rules, trick))
    }
}

/// A non-joker card's strength in a trick whose first non-joker card is of
/// suit `lead`: spades above the led suit above everything else (0).
#[inline]
const fn strength(card: Card, lead: Suit) -> u8 {
    let rank = card.rank() as u8;
    match card.suit() {
        Suit::Spades => 32 + rank,
        s if s as u8 == lead as u8 => 16 + rank,
        _ => 0,
    }
}

/// The position (0-based, play order) of the winning card of a full trick
/// (§4.5).
///
/// One joker wins. Two jokers: by [`DoubleJoker`]; when they cancel, the
/// earlier of the other two cards acts as the lead. No joker: the highest
/// spade, else the highest card of the led suit. (With two jokers
/// cancelling, "the led suit" is the earlier remaining card's suit, which is
/// the same rule: the first non-joker card always sets the suit.)
#[inline]
pub fn trick_winner(rules: &SpidgeRules, trick: [Card; 4]) -> usize {
    let mut jokers = [0usize; 2];
    let mut joker_count = 0;
    let mut lead = None;
    for (i, &card) in trick.iter().enumerate() {
        if card.is_joker() {
            if joker_count < 2 {
                jokers[joker_count] = i;
            }
            joker_count += 1;
        } else if lead.is_none() {
            lead = Some(card.suit());
        }
    }
    match (joker_count, rules.double_joker) {
        (1, _) => return jokers[0],
        (2, DoubleJoker::FirstJokerWins) => return jokers[0],
        (2, DoubleJoker::SecondJokerWins) => return jokers[1],
        _ => {}
    }
    let Some(lead) = lead else { return 0 };
    let mut best = 0;
    let mut best_strength = 0;
    for (i, &card) in trick.iter().enumerate() {
        if !card.is_joker() {
            let s = strength(card, lead);
            if s > best_strength {
                best = i;
                best_strength = s;
            }
        }
    }
    best
}

/// A short name of the suit a card demands to follow, for error messages.
pub(crate) fn suit_name(follow: CardSet) -> &'static str {
    if follow.contains(Card::new(Suit::Spades, crate::Rank::Ace)) {
        "trumps"
    } else if follow.intersects(CardSet::suit(Suit::Clubs)) {
        "clubs"
    } else if follow.intersects(CardSet::suit(Suit::Hearts)) {
        "hearts"
    } else if follow.intersects(CardSet::suit(Suit::Diamonds)) {
        "diamonds"
    } else {
        "any"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards<const N: usize>(text: &str) -> [Card; N] {
        let v: Vec<Card> = text.split_whitespace().map(|c| c.parse().unwrap()).collect();
        v.try_into().unwrap()
    }

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn double_joker_options() {
        let d = SpidgeRules::default();
        let second = SpidgeRules { double_joker: DoubleJoker::SecondJokerWins, ..d };
        let first = SpidgeRules { double_joker: DoubleJoker::FirstJokerWins, ..d };
        let trick = cards("D9 J1 DK J2");
        assert_eq!(trick_winner(&d, trick), 2);
        assert_eq!(trick_winner(&second, trick), 3);
        assert_eq!(trick_winner(&first, trick), 1);
        // J2 played before J1: "first" is about play order, not the name.
        assert_eq!(trick_winner(&first, cards("J2 SA J1 S2")), 0);
        assert_eq!(trick_winner(&second, cards("J2 SA J1 S2")), 2);
    }

    #[test]
    fn no_joker_tricks() {
        let d = SpidgeRules::default();
        assert_eq!(trick_winner(&d, cards("H7 H8 H9 HT")), 3);
        assert_eq!(trick_winner(&d, cards("HA C2 D2 S2")), 3);
        assert_eq!(trick_winner(&d, cards("HA HK CA DA")), 0);
        assert_eq!(trick_winner(&d, cards("S3 SA HA S2")), 1);
    }

    #[test]
    fn wild_jokers() {
        let wild = SpidgeRules { joker_suit: JokerSuit::Wild, ..SpidgeRules::default() };
        // May be played although the hand holds the led suit.
        assert_eq!(legal_cards(&wild, set("J1 H3 SA"), &cards::<1>("H7"), false), set("J1 H3"));
        // May be led before trumps are broken; a spade may not.
        assert_eq!(legal_cards(&wild, set("J1 SA"), &[], false), set("J1"));
        assert_eq!(legal_cards(&wild, set("J1 SA HK"), &[], false), set("J1 HK"));
        // A led joker sets no suit: the first non-joker card does.
        assert_eq!(legal_cards(&wild, set("SA HK"), &cards::<1>("J1"), false), set("SA HK"));
        assert_eq!(legal_cards(&wild, set("SA HK CA"), &cards::<2>("J1 HA"), false), set("HK"));
        // A joker does not break trumps.
        assert!(!trumps_broken(&wild, set("J1 J2 HA")));
        assert!(trumps_broken(&SpidgeRules::default(), set("J1 HA")));
        // A joker still wins, whatever was led.
        assert_eq!(trick_winner(&wild, cards("HA J2 SA HK")), 1);
    }

    #[test]
    fn lead_options() {
        let never = SpidgeRules { trump_lead: TrumpLead::NeverUnlessOnlyTrumps, ..SpidgeRules::default() };
        let free = SpidgeRules { trump_lead: TrumpLead::Free, ..SpidgeRules::default() };
        assert_eq!(legal_leads(&never, set("SA HK"), true), set("HK"));
        assert_eq!(legal_leads(&never, set("SA J1"), true), set("SA J1"));
        assert_eq!(legal_leads(&free, set("SA HK"), false), set("SA HK"));
    }

    #[test]
    fn suit_names() {
        let d = SpidgeRules::default();
        assert_eq!(suit_name(follow_mask(&d, &cards::<1>("J1"))), "trumps");
        assert_eq!(suit_name(follow_mask(&d, &cards::<1>("S2"))), "trumps");
        assert_eq!(suit_name(follow_mask(&d, &cards::<1>("D3"))), "diamonds");
    }
}
