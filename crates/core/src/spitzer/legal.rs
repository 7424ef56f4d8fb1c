//! The Spitzer rules the state and the views share: what a seat said in
//! the announcement phase, the called-ace duties of §5.4, which
//! announcements a hand may make, and the legal actions of each phase.

use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::seat::Seat;
use crate::spitzer::announcement::Announcement;
use crate::spitzer::cards::{BLACK_QUEENS, Duty, FAIL_SUITS, fail_suit};
use crate::spitzer::game::{SpitzerAction, SpitzerPhase};
use crate::spitzer::rules::SpitzerRules;

/// The eligible announcements of `hand` as bits of [`Announcement::ALL`]
/// indices (§4.3); agrees with [`Announcement::eligibility`].
#[inline]
pub(crate) fn eligible_bits(hand: CardSet, rules: &SpitzerRules) -> u16 {
    let both = BLACK_QUEENS.is_subset(hand);
    let mut bits = 0u16;
    if both {
        let mut hold = 0u16;
        let mut void = 0u16;
        let mut aces = 0;
        for (i, &suit) in FAIL_SUITS.iter().enumerate() {
            let has_ace = hand.contains(Card::new(suit, Rank::Ace));
            aces += u16::from(has_ace);
            if !hand.intersects(fail_suit(suit)) {
                void |= 1 << i;
            } else if !has_ace {
                hold |= 1 << i;
            }
        }
        bits |= if aces == 3 {
            1 << 6
        } else if hold != 0 {
            hold
        } else {
            void << 3
        };
    }
    if rules.zola_anyone || both {
        bits |= 0b111 << 7;
    }
    if rules.allow_partnership_schneider {
        bits |= 1 << 10;
    }
    bits
}

/// What `seat` said in the announcement phase.
pub(crate) fn said(seat: Seat, passes: u8, announcement: Option<(Seat, Announcement)>) -> Option<SpitzerAction> {
    if seat.index() < usize::from(passes) {
        return Some(SpitzerAction::Pass);
    }
    match announcement {
        Some((s, a)) if s == seat => Some(SpitzerAction::Announce(a)),
        _ => None,
    }
}

/// The §5.4 duties of `seat` holding `hand`.
#[inline]
pub(crate) fn duty_of(
    seat: Seat,
    hand: CardSet,
    announcement: Option<(Seat, Announcement)>,
    called_ace: Option<Card>,
    called_suit_led: bool,
    rules: &SpitzerRules,
) -> Duty {
    let Some(ace) = called_ace else { return Duty::NONE };
    if called_suit_led {
        return Duty::NONE;
    }
    let caller_keeps = rules.caller_must_keep_hold_card
        && matches!(announcement, Some((caller, Announcement::CallAce(_))) if caller == seat);
    Duty {
        called_ace: if hand.contains(ace) { Some(ace) } else { None },
        keep_hold_suit: if caller_keeps { Some(ace.suit()) } else { None },
    }
}

/// Legal actions from the phase, the acting seat's hand and its legal
/// cards; shared by state and view.
pub(crate) fn push_legal_actions(
    phase: SpitzerPhase,
    hand: CardSet,
    rules: &SpitzerRules,
    legal_cards: CardSet,
    out: &mut Vec<SpitzerAction>,
) {
    out.clear();
    match phase {
        SpitzerPhase::Announcing => {
            out.push(SpitzerAction::Pass);
            out.extend(Announcement::eligible(hand, rules).map(SpitzerAction::Announce));
        }
        SpitzerPhase::Playing => out.extend(legal_cards.iter().map(SpitzerAction::Play)),
        SpitzerPhase::Over => {}
    }
}
