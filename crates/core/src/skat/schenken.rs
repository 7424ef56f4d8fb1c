//! Schenken (`skat-pub-extras.md` §3): in the first trick the defenders
//! may give the game away; the declarer accepts, or refuses and plays on
//! with the next announcement, and may be given the game again.

use crate::seat::Seat;
use crate::skat::contract::{Contract, GameKind};
use crate::skat::rules::SkatRules;
use crate::skat::state::SkatPhase;

/// Who decides what in a gift under way (public).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GiftStep {
    /// The offering defender's partner agrees (`y`) or refuses (`p`).
    PartnerAgrees,
    /// The declarer accepts (`y`) or refuses and plays on with the next
    /// announcement (`p`).
    DeclarerAnswers,
    /// After a refusal, the offering defender gives again (`schenken`) or
    /// not (`p`).
    Renew,
    /// The partner agrees to give again (`y`) or not (`p`).
    PartnerRenews,
}

/// The gifts of a deal: all public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Gift {
    /// The defender whose offer is under way, or was the last.
    pub offerer: Option<Seat>,
    /// The decision due, while an offer is under way.
    pub step: Option<GiftStep>,
    /// Which seats have offered (each defender once).
    pub offered: [bool; 3],
    /// No further offer in this deal: the declarer refused and the
    /// defenders did not give again.
    pub closed: bool,
    /// Announcement levels the declarer's refusals added.
    pub raised: u8,
    /// The declarer accepted a gift: the deal is over.
    pub accepted: bool,
}

impl Gift {
    /// Whether `seat` may offer now, at its turn in trick play
    /// (`first_trick`: no trick is complete yet).
    ///
    /// # Errors
    /// Why not.
    pub(crate) fn may_offer(&self, seat: Seat, declarer: Seat, first_trick: bool) -> Result<(), &'static str> {
        if seat == declarer {
            return Err("only a defender may give the game away");
        }
        if !first_trick {
            return Err("the game is given away in the first trick only");
        }
        if self.closed {
            return Err("the declarer refused and the defenders did not give again");
        }
        if self.offered[seat.index()] {
            return Err("each defender offers once");
        }
        Ok(())
    }

    /// Whether the declarer of `contract` may refuse a gift now (§3.4):
    /// suit and Grand games that are not yet schwarz announced.
    pub(crate) fn may_refuse(&self, contract: Contract) -> bool {
        let level = u8::from(contract.schneider) + u8::from(contract.schwarz) + self.raised;
        contract.kind != GameKind::Null && level < 2
    }
}

/// What decides whether a seat may give the game away (§3.2–§3.3): public
/// facts only, so a view decides as the state does.
pub(crate) struct GiveFacts<'a> {
    pub rules: &'a SkatRules,
    pub phase: SkatPhase,
    pub ramsch: bool,
    /// The declarer, once a game is declared.
    pub declarer: Option<Seat>,
    pub gift: &'a Gift,
    pub seat: Seat,
    /// No trick is complete yet.
    pub first_trick: bool,
    pub re_pending: bool,
}

/// Whether the seat of `f` may give the game away now (it must also be its
/// turn, before playing its card).
///
/// # Errors
/// The reason it may not.
pub(crate) fn give_check(f: &GiveFacts<'_>) -> Result<(), &'static str> {
    if f.rules.schenken.is_none() {
        return Err("Schenken is not played at this table");
    }
    let Some(declarer) = f.declarer.filter(|_| !f.ramsch) else {
        return Err("a game is given away only once it is declared");
    };
    if f.phase != SkatPhase::Playing || f.re_pending {
        return Err("the game is given away at a defender's turn in the first trick");
    }
    f.gift.may_offer(f.seat, declarer, f.first_trick)
}
