//! What a player can do in a Skat deal, and its text form.

use std::fmt;

use thiserror::Error;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::skat::bidding::BidMove;
use crate::skat::contract::Contract;

/// A move in a Skat deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SkatAction {
    /// Name a bid value (or forehand's "play at 18").
    Bid(u16),
    /// Hold the value named ("yes").
    Hold,
    /// Pass in the auction.
    Pass,
    /// The declarer picks up the skat.
    TakeSkat,
    /// The declarer lays away two cards after picking up.
    Discard(CardSet),
    /// The declarer announces the game.
    Declare(Contract),
    /// Play a card to the trick.
    Play(Card),
    /// An opponent doubles the game (variants §5).
    Kontra,
    /// The declarer redoubles, answering a Kontra.
    Re,
    /// Schieberamsch: hand the packet on without looking (doubles the score).
    Push,
    /// The declarer announces Spitze right after his declaration (pub
    /// extras §2).
    Spitze,
    /// A defender gives the game away in the first trick, or gives it again
    /// after the declarer refused (pub extras §3).
    Schenken,
    /// A player knocks in a Ramsch round: the deal's score doubles (pub
    /// extras §4).
    Knock,
}

impl SkatAction {
    /// The auction move this action is, if it is one.
    pub(crate) fn bid_move(self) -> Option<BidMove> {
        match self {
            SkatAction::Bid(v) => Some(BidMove::Bid(v)),
            SkatAction::Hold => Some(BidMove::Hold),
            SkatAction::Pass => Some(BidMove::Pass),
            _ => None,
        }
    }
}

impl From<BidMove> for SkatAction {
    fn from(mv: BidMove) -> Self {
        match mv {
            BidMove::Bid(v) => SkatAction::Bid(v),
            BidMove::Hold => SkatAction::Hold,
            BidMove::Pass => SkatAction::Pass,
        }
    }
}

impl fmt::Display for SkatAction {
    /// The ISS spelling where there is one: `18`, `y`, `p`, `s`, `G`, `CJ`;
    /// discards as `CJ.SA`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkatAction::Bid(v) => write!(f, "{v}"),
            SkatAction::Hold => f.write_str("y"),
            SkatAction::Pass => f.write_str("p"),
            SkatAction::TakeSkat => f.write_str("s"),
            SkatAction::Discard(cards) => f.write_str(&cards.dotted()),
            SkatAction::Declare(c) => f.write_str(&c.iss_code()),
            SkatAction::Play(card) => write!(f, "{card}"),
            SkatAction::Kontra => f.write_str("kontra"),
            SkatAction::Re => f.write_str("re"),
            SkatAction::Push => f.write_str("push"),
            SkatAction::Spitze => f.write_str("spitze"),
            SkatAction::Schenken => f.write_str("schenken"),
            SkatAction::Knock => f.write_str("knock"),
        }
    }
}

/// Error for text that names no Skat action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "not a Skat action: {0:?} (expected a bid value, y, p, s, two cards like CJ.SA, a declaration like G or CHS, a card, kontra, re, push, spitze, schenken or knock)"
)]
pub struct ParseActionError(pub String);

impl std::str::FromStr for SkatAction {
    type Err = ParseActionError;
    /// Reads the [`Display`](fmt::Display) form: `18`, `y`, `p`, `s`,
    /// `CT.DT` (discard), `G` / `CHS` / `NO` (declaration), `CJ` (card).
    /// A card id is never a declaration code (a code's second letter is one
    /// of `O H S Z`, none of which is a rank), so the forms cannot clash.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseActionError(s.to_owned());
        match s {
            "y" => return Ok(SkatAction::Hold),
            "p" => return Ok(SkatAction::Pass),
            "s" => return Ok(SkatAction::TakeSkat),
            "kontra" => return Ok(SkatAction::Kontra),
            "re" => return Ok(SkatAction::Re),
            "push" => return Ok(SkatAction::Push),
            "spitze" => return Ok(SkatAction::Spitze),
            "schenken" => return Ok(SkatAction::Schenken),
            "knock" => return Ok(SkatAction::Knock),
            _ => {}
        }
        if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            return s.parse().map(SkatAction::Bid).map_err(|_| err());
        }
        if s.contains('.') {
            let cards: CardSet = s.parse().map_err(|_| err())?;
            return if cards.len() == 2 { Ok(SkatAction::Discard(cards)) } else { Err(err()) };
        }
        if let Ok(card) = s.parse::<Card>() {
            return Ok(SkatAction::Play(card));
        }
        s.parse::<Contract>().map(SkatAction::Declare).map_err(|_| err())
    }
}
