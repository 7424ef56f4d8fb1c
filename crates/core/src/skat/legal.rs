//! The legal actions of every phase, from the public facts and the acting
//! seat's hand: one function for the state and the views, so a view lists
//! exactly what the state accepts.

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::skat::action::SkatAction;
use crate::skat::bidding::Auction;
use crate::skat::contract::GameKind;
use crate::skat::declaration::{GRAND_HAND, legal_contracts};
use crate::skat::rules::SkatRules;
use crate::skat::schenken::GiftStep;
use crate::skat::state::SkatPhase;

/// The public facts that decide the legal actions.
#[derive(Clone, Copy)]
pub(crate) struct Stage<'a> {
    pub phase: SkatPhase,
    pub auction: &'a Auction,
    pub picked_up: bool,
    pub bid: u16,
    pub rules: &'a SkatRules,
    pub ramsch: bool,
    pub re_pending: bool,
    pub may_kontra: bool,
    /// The seat to act may give the game away (pub extras §3.3).
    pub may_give: bool,
    /// The gift decision due, in the gift phase.
    pub gift_step: Option<GiftStep>,
    /// The declarer may refuse a gift (§3.4).
    pub may_refuse: bool,
}

/// Appends the legal actions of every phase, ascending, to `out` (cleared
/// first), from the public stage, the acting seat's hand and its legal cards.
pub(crate) fn push_legal_actions(stage: Stage<'_>, hand: CardSet, legal_cards: CardSet, out: &mut Vec<SkatAction>) {
    let Stage {
        phase,
        auction,
        picked_up,
        bid,
        rules,
        ramsch,
        re_pending,
        may_kontra,
        may_give,
        gift_step,
        may_refuse,
    } = stage;
    out.clear();
    if re_pending {
        out.extend([SkatAction::Pass, SkatAction::Re]);
        return;
    }
    match phase {
        SkatPhase::Bidding => auction.for_each_legal(|m| out.push(m.into())),
        SkatPhase::GrandHandOffer => out.extend([SkatAction::Pass, SkatAction::Declare(GRAND_HAND)]),
        SkatPhase::Passing => {
            out.push(SkatAction::TakeSkat);
            if rules.ramsch.unseen_push_allowed {
                out.push(SkatAction::Push);
            }
        }
        SkatPhase::KontraWindow => out.extend([SkatAction::Pass, SkatAction::Kontra]),
        SkatPhase::Knocking => out.extend([SkatAction::Pass, SkatAction::Knock]),
        SkatPhase::Spitze => out.extend([SkatAction::Pass, SkatAction::Spitze]),
        SkatPhase::Schenken => out.extend_from_slice(gift_actions(gift_step, may_refuse)),
        SkatPhase::SkatDecision => {
            // Bids are ascending, so TakeSkat (ordered after Pass) precedes declarations.
            out.push(SkatAction::TakeSkat);
            out.extend(legal_contracts(phase, picked_up, bid, rules).map(SkatAction::Declare));
            out.sort_unstable();
        }
        SkatPhase::Discarding => {
            // Jacks stay in a Schieberamsch taker's hand (variants §3.3).
            let hand = if ramsch && !rules.ramsch.jacks_may_be_pushed { hand - CardSet::JACKS } else { hand };
            // Ascending as sets: by the higher card, then by the lower.
            for high in hand {
                for low in hand.intersect(CardSet::from_bits_truncate((1u64 << high.index()) - 1)) {
                    out.push(SkatAction::Discard(CardSet::single(low).with(high)));
                }
            }
        }
        SkatPhase::Declaring => {
            out.extend(legal_contracts(phase, picked_up, bid, rules).map(SkatAction::Declare));
            out.sort_unstable();
        }
        SkatPhase::Playing => {
            out.extend(legal_cards.iter().map(SkatAction::Play));
            if may_kontra {
                out.push(SkatAction::Kontra);
            }
            if may_give {
                out.push(SkatAction::Schenken);
            }
        }
        SkatPhase::Over => {}
    }
}

/// The answers to the gift decision due (pub extras §3.3–§3.5), ascending.
pub(crate) const fn gift_actions(step: Option<GiftStep>, may_refuse: bool) -> &'static [SkatAction] {
    match step {
        Some(GiftStep::Renew) => &[SkatAction::Pass, SkatAction::Schenken],
        Some(GiftStep::DeclarerAnswers) if !may_refuse => &[SkatAction::Hold],
        _ => &[SkatAction::Hold, SkatAction::Pass],
    }
}

/// The name of the effective suit `led` calls for under `kind`.
pub(crate) fn effective_suit_name(kind: GameKind, led: Card) -> &'static str {
    if kind.trumps().contains(led) {
        "trump"
    } else {
        match led.suit() {
            Suit::Clubs => "clubs",
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
        }
    }
}
