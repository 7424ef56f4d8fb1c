//! Rules of thumb for the pub extras (`skat-pub-extras.md`): when to
//! announce Spitze, give a game away or accept a gift, and knock. Used by
//! the heuristic bot and, for these decisions, by the search bots.

use trumpf_core::skat::{Contract, GameKind, GiftStep, SchenkenOverbid, SkatAction, SkatView, points, spitze_card};
use trumpf_core::{Card, CardSet, Rank};

/// Whether the declarer can announce Spitze safely (§2): he can draw every
/// trump he does not hold with trumps from the top, and keep the lowest
/// trump back for the tenth trick.
pub(crate) fn spitze_is_safe(view: &SkatView) -> bool {
    let Some(contract) = view.contract else { return false };
    let kind = contract.kind;
    let Some(card) = spitze_card(kind) else { return false };
    if !view.hand.contains(card) {
        return false;
    }
    let trumps = kind.trumps();
    let mine = view.hand & trumps;
    // His discards are out of play; everything else may be the defenders'
    // (an unseen skat counts against him).
    let gone = view.skat & trumps;
    let outside = trumps - mine - gone;
    let mut by_strength: Vec<Card> = trumps.iter().collect();
    by_strength.sort_unstable_by_key(|&c| std::cmp::Reverse(kind.strength(c, c)));
    let sure = by_strength.iter().filter(|&&c| !gone.contains(c)).take_while(|&&c| mine.contains(c)).count();
    sure >= outside.len() && mine.len() > outside.len()
}

/// The trumps and card points of a defender's hand, and its aces outside
/// the trumps.
fn weakness(view: &SkatView, contract: Contract) -> (usize, u8, usize) {
    let trumps = contract.kind.trumps();
    let aces = (view.hand & CardSet::rank(Rank::Ace)) - trumps;
    ((view.hand & trumps).len(), points(view.hand), aces.len())
}

/// Whether a defender offers the game at his turn in the first trick
/// (§3.3): only a suit or Grand game, with a hand that can do nothing
/// against it. The defenders play a Null to the end.
pub(crate) fn offers_gift(view: &SkatView) -> bool {
    let Some(contract) = view.contract_played() else { return false };
    if contract.kind == GameKind::Null {
        return false;
    }
    let (trumps, points, aces) = weakness(view, contract);
    trumps <= 1 && aces == 0 && points <= 15
}

/// The answer to the gift decision due (§3.3–§3.5).
pub(crate) fn answer_gift(view: &SkatView, legal: &[SkatAction]) -> SkatAction {
    let Some(contract) = view.contract_played() else { return legal[0] };
    let yes_if = |give: bool| if give { SkatAction::Hold } else { SkatAction::Pass };
    let (trumps, points, aces) = weakness(view, contract);
    let action = match view.gift.step {
        // The partner joins unless his hand can fight.
        Some(GiftStep::PartnerAgrees) => {
            yes_if(contract.kind != GameKind::Null && trumps <= 2 && aces <= 1 && points <= 25)
        }
        // Again only with nothing at all: the refused game now needs more.
        Some(GiftStep::Renew) => {
            if trumps == 0 && aces == 0 && points <= 5 {
                SkatAction::Schenken
            } else {
                SkatAction::Pass
            }
        }
        Some(GiftStep::PartnerRenews) => yes_if(trumps <= 1 && aces == 0 && points <= 15),
        Some(GiftStep::DeclarerAnswers) => yes_if(accepts_gift(view, contract)),
        None => legal[0],
    };
    if legal.contains(&action) { action } else { legal[0] }
}

/// Whether the declarer accepts (§3.4, §3.7): a gift that would be scored
/// as an overbid is refused where he may refuse; otherwise he accepts
/// unless his hand is strong enough for the next announcement.
fn accepts_gift(view: &SkatView, played: Contract) -> bool {
    if played.kind == GameKind::Null {
        return true;
    }
    let overbid_rule = view.rules.schenken.map_or(SchenkenOverbid::Lost, |s| s.overbid);
    let known = view.hand | view.skat | view.played;
    let matadors = u16::from(played.kind.matadors(view.hand | view.skat).unsigned_abs());
    let announced = if played.schwarz {
        4
    } else if played.schneider {
        2
    } else {
        0
    };
    let spitze = match (view.spitze, view.rules.spitze) {
        (Some(_), Some(s)) => u16::from(s.levels),
        _ => 0,
    };
    let base = played.kind.base_value().unwrap_or(0);
    let value = base * (matadors + 1 + u16::from(played.hand) + announced + u16::from(played.ouvert) + spitze);
    if value < view.bid && overbid_rule == SchenkenOverbid::Lost {
        return false;
    }
    // Strong: most trumps and the top of the side suits in his hand.
    let trumps = played.kind.trumps();
    let mine = (view.hand & trumps).len();
    let outside = (trumps - known).len();
    let side_aces = ((view.hand & CardSet::rank(Rank::Ace)) - trumps).len();
    !(mine >= 7 && outside <= 2 && side_aces >= 2)
}

/// Whether to knock in a Ramsch (§4): a hand that will not take the most
/// points: no jack, no ace, few points.
pub(crate) fn knocks(view: &SkatView) -> bool {
    let jacks = (view.hand & CardSet::JACKS).len();
    let aces = (view.hand & CardSet::rank(Rank::Ace)).len();
    jacks == 0 && (aces == 0 && points(view.hand) <= 20 || points(view.hand) <= 10)
}

/// The cards to choose from in trick play: a declarer who announced Spitze
/// keeps the Spitze card for the tenth trick while he can.
pub(crate) fn keep_spitze(view: &SkatView, legal: CardSet) -> CardSet {
    match view.spitze {
        Some(card) if view.declarer == Some(view.seat) && legal.len() > 1 => legal.without(card),
        _ => legal,
    }
}
