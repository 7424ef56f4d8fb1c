//! The declaration (`skat.md` §5.3): which games the declarer may announce
//! after picking up the skat or at once as a hand game, and Grand Hand
//! before a Ramsch (`skat-variants.md` §2.2).

use crate::skat::contract::{Contract, GameKind};
use crate::skat::error::SkatError;
use crate::skat::rules::SkatRules;
use crate::skat::state::SkatPhase;

/// Grand Hand, the only game offered before a Ramsch (variants §2.2).
pub const GRAND_HAND: Contract = Contract::hand(GameKind::Grand);

/// Whether `contract` may be declared in `phase` (the skat decision or
/// the declaration after pickup).
///
/// # Errors
/// [`SkatError::IllegalDeclaration`] with the reason.
pub(crate) fn check_contract(
    contract: Contract,
    phase: SkatPhase,
    picked_up: bool,
    bid: u16,
    rules: &SkatRules,
) -> Result<(), SkatError> {
    let refuse = |reason| Err(SkatError::IllegalDeclaration { contract, reason });
    if !contract.is_well_formed() {
        return refuse(
            "schneider, schwarz and suit/grand ouvert need a hand game, schwarz includes schneider, ouvert includes schwarz",
        );
    }
    if phase == SkatPhase::SkatDecision && !contract.hand {
        return refuse("pick up the skat first, or declare a hand game");
    }
    if picked_up && contract.hand {
        return refuse("the skat was picked up, so it is not a hand game");
    }
    if let Some(value) = contract.null_value()
        && value < bid
        && !rules.allow_null_below_bid
    {
        return refuse("this Null form is worth less than the bid");
    }
    Ok(())
}

/// The legal declarations in `phase`, in [`Contract::all`] order (none
/// outside the two declaration phases).
pub(crate) fn legal_contracts(
    phase: SkatPhase,
    picked_up: bool,
    bid: u16,
    rules: &SkatRules,
) -> impl Iterator<Item = Contract> + '_ {
    let open = matches!(phase, SkatPhase::SkatDecision | SkatPhase::Declaring);
    Contract::all().filter(move |&c| open && check_contract(c, phase, picked_up, bid, rules).is_ok())
}
