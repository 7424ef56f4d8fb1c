//! Kontra and Re (`skat-variants.md` §5): who may double the game when,
//! shared by the state and the views.

use crate::seat::Seat;
use crate::skat::bidding::Auction;
use crate::skat::rules::{KontraTiming, SkatRules};
use crate::skat::state::SkatPhase;

/// The Kontra/Re state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KontraState {
    /// 0 none, 1 Kontra, 2 Re.
    pub level: u8,
    /// The opponent who said Kontra.
    pub by: Option<Seat>,
    /// The declarer must answer a Kontra now (Re or pass).
    pub re_pending: bool,
}

/// What decides whether a seat may say Kontra (variants §5.2–§5.3): public
/// facts and the asking seat's hand size, so a view decides as the state does.
pub(crate) struct KontraFacts<'a> {
    pub rules: &'a SkatRules,
    pub phase: SkatPhase,
    pub ramsch: bool,
    pub declared: bool,
    pub declarer: Seat,
    pub kontra: KontraState,
    pub auction: &'a Auction,
    pub seat: Seat,
    pub hand_len: usize,
    pub nothing_played: bool,
}

/// Whether the seat of `f` may say Kontra now (it must also be its turn).
///
/// # Errors
/// The reason Kontra is not open to it.
pub(crate) fn kontra_check(f: &KontraFacts<'_>) -> Result<(), &'static str> {
    let Some(k) = f.rules.kontra else { return Err("Kontra is not played at this table") };
    if f.ramsch {
        return Err("Kontra is never said in a Ramsch");
    }
    if !f.declared || !matches!(f.phase, SkatPhase::KontraWindow | SkatPhase::Playing) {
        return Err("Kontra follows the game announcement");
    }
    if f.seat == f.declarer {
        return Err("only an opponent of the declarer may say Kontra");
    }
    if f.kontra.level > 0 {
        return Err("Kontra was already said in this game");
    }
    if k.requires_bid && !f.auction.has_spoken(f.seat) {
        return Err("only an opponent who named or held a value in the auction may say Kontra");
    }
    match k.timing {
        KontraTiming::BeforeOwnFirstCard if f.hand_len < 10 => Err("Kontra comes before one's own first card"),
        KontraTiming::BeforeOpeningLead if !f.nothing_played => Err("Kontra comes before the opening lead"),
        _ => Ok(()),
    }
}
