//! Skat at the table: the bots, what a seat says aloud (bids, passes, the
//! Grand Hand offer, the Schieberamsch packet, Kontra and Re), the seats'
//! names, the order a player sorts his cards in, the itemised result, ISS
//! saving, and the named rules presets.

mod itemise;
mod rules;
mod save;

use std::fmt;

use trumpf_ai::Bot;
use trumpf_core::skat::{GameKind, SkatAction, SkatGame, SkatPhase, SkatView};
use trumpf_core::{Card, CardSet, Rank, Seat};

use crate::controller::BotKind;
use crate::game::TableGame;
use crate::itemised::Row;
use crate::resume::{ReadSaveError, Resumable};
use crate::save::{SaveError, SaveFormat, Saved};
use crate::table::Table;

pub use itemise::{pushes_text, ramsch_rows, result_rows};
pub use rules::{PRESETS, summary};
pub use save::iss_obstacle;

/// What a seat said aloud in a Skat deal: everything public except its
/// cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Said {
    /// Named a bid value.
    Bid(u16),
    /// Held the value named ("yes").
    Hold,
    /// Passed in the auction.
    Pass,
    /// Declined the Grand Hand offer before a Ramsch.
    NoGrandHand,
    /// Declared Grand Hand before a Ramsch.
    GrandHand,
    /// Took the Schieberamsch packet.
    Took,
    /// Pushed the packet on unseen.
    Pushed,
    /// Passed two cards on (which ones is the taker's secret).
    PassedOn,
    /// Said Kontra.
    Kontra,
    /// Let the Kontra window pass.
    NoKontra,
    /// Answered a Kontra with Re.
    Re,
    /// Did not answer a Kontra with Re.
    NoRe,
    /// Announced Spitze (pub extras §2).
    Spitze,
    /// Knocked in the Ramsch (pub extras §4).
    Knock,
    /// Did not knock.
    NoKnock,
    /// Gave the game away, or gave it again (pub extras §3).
    Gives,
    /// Agreed to the partner's gift.
    Agrees,
    /// Did not agree, or did not give again: play goes on.
    PlaysOn,
    /// The declarer accepted the gift.
    Accepts,
    /// The declarer refused the gift and plays on with the next announcement.
    Refuses,
}

impl Said {
    /// What `action` says, taken when the deal stood at `before`.
    pub fn of(before: &SkatGame, action: SkatAction) -> Option<Said> {
        if before.kontra().re_pending {
            return Some(if action == SkatAction::Re { Said::Re } else { Said::NoRe });
        }
        Some(match (before.phase(), action) {
            (SkatPhase::Bidding, SkatAction::Bid(v)) => Said::Bid(v),
            (SkatPhase::Bidding, SkatAction::Hold) => Said::Hold,
            (SkatPhase::Bidding, SkatAction::Pass) => Said::Pass,
            (SkatPhase::GrandHandOffer, SkatAction::Pass) => Said::NoGrandHand,
            (SkatPhase::GrandHandOffer, SkatAction::Declare(_)) => Said::GrandHand,
            (SkatPhase::Passing, SkatAction::TakeSkat) => Said::Took,
            (SkatPhase::Passing, SkatAction::Push) => Said::Pushed,
            (SkatPhase::Discarding, SkatAction::Discard(_)) if before.is_ramsch() => Said::PassedOn,
            (SkatPhase::KontraWindow, SkatAction::Pass) => Said::NoKontra,
            (_, SkatAction::Kontra) => Said::Kontra,
            (SkatPhase::Spitze, SkatAction::Spitze) => Said::Spitze,
            (SkatPhase::Knocking, SkatAction::Knock) => Said::Knock,
            (SkatPhase::Knocking, SkatAction::Pass) => Said::NoKnock,
            (_, SkatAction::Schenken) => Said::Gives,
            (SkatPhase::Schenken, action) => {
                let declarer = before.gift().step == Some(trumpf_core::skat::GiftStep::DeclarerAnswers);
                match (declarer, action == SkatAction::Hold) {
                    (true, true) => Said::Accepts,
                    (true, false) => Said::Refuses,
                    (false, true) => Said::Agrees,
                    (false, false) => Said::PlaysOn,
                }
            }
            _ => return None,
        })
    }
}

/// In words: "18", "yes", "took the packet".
impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Said::Bid(v) => write!(f, "{v}"),
            Said::Hold => f.write_str("yes"),
            Said::Pass => f.write_str("pass"),
            Said::NoGrandHand => f.write_str("no Grand Hand"),
            Said::GrandHand => f.write_str("Grand Hand!"),
            Said::Took => f.write_str("took the packet"),
            Said::Pushed => f.write_str("pushed it on unseen"),
            Said::PassedOn => f.write_str("passed two on"),
            Said::Kontra => f.write_str("Kontra!"),
            Said::NoKontra => f.write_str("no Kontra"),
            Said::Re => f.write_str("Re!"),
            Said::NoRe => f.write_str("no Re"),
            Said::Spitze => f.write_str("Spitze!"),
            Said::Knock => f.write_str("knocks!"),
            Said::NoKnock => f.write_str("no knock"),
            Said::Gives => f.write_str("gives the game away"),
            Said::Agrees => f.write_str("agrees"),
            Said::PlaysOn => f.write_str("plays on"),
            Said::Accepts => f.write_str("accepts the gift"),
            Said::Refuses => f.write_str("refuses the gift: plays on"),
        }
    }
}

/// The spoken name of a Skat seat: "Forehand", "Middlehand", "Rearhand".
pub fn seat_name(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "Forehand",
        1 => "Middlehand",
        _ => "Rearhand",
    }
}

/// The short name of a Skat seat: "FH", "MH", "RH".
pub fn seat_short(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "FH",
        1 => "MH",
        _ => "RH",
    }
}

/// The cards of `hand` in the order a player sorts them for `kind` (before
/// the declaration, and in a Ramsch: as for Grand): jacks, then the trump
/// suit, then the other suits, each A 10 K Q 9 8 7; in Null every suit
/// A K Q J 10 9 8 7.
pub fn hand_order(hand: CardSet, kind: Option<GameKind>) -> Vec<Card> {
    let kind = kind.unwrap_or(GameKind::Grand);
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|&card| order_key(card, kind));
    cards
}

fn order_key(card: Card, kind: GameKind) -> (usize, u8) {
    let suit = card.suit().index();
    let rank = card.rank();
    if kind == GameKind::Null {
        let pos = [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten, Rank::Nine, Rank::Eight, Rank::Seven]
            .iter()
            .position(|&r| r == rank);
        return (suit, pos.unwrap_or(8) as u8);
    }
    if rank == Rank::Jack {
        return (0, suit as u8);
    }
    let pos = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Nine, Rank::Eight, Rank::Seven]
        .iter()
        .position(|&r| r == rank)
        .unwrap_or(7) as u8;
    match kind {
        GameKind::Suit(trump) if card.suit() == trump => (1, pos),
        _ => (2 + suit, pos),
    }
}

impl TableGame for SkatGame {
    type Said = Said;

    fn bot(kind: BotKind, seed: u64) -> Option<Box<dyn Bot<SkatGame>>> {
        <SkatGame as trumpf_ai::BotGame>::bot(&kind.spec(), seed).ok()
    }

    fn program(command: &trumpf_ai::external::Command, seed: u64) -> Option<Box<dyn Bot<SkatGame>>> {
        <SkatGame as trumpf_ai::BotGame>::bot(&trumpf_ai::BotSpec::Command(command.clone()), seed).ok()
    }

    fn seat_name(seat: Seat) -> &'static str {
        seat_name(seat)
    }

    fn said(before: &SkatGame, action: SkatAction) -> Option<Said> {
        Said::of(before, action)
    }

    fn hand_order(cards: CardSet, view: &SkatView) -> Vec<Card> {
        hand_order(cards, view.contract.map(|c| c.kind))
    }

    fn itemise(table: &Table<SkatGame>) -> Vec<Row> {
        itemise::itemise(table)
    }

    fn save(table: &Table<SkatGame>, wanted: SaveFormat) -> Result<Saved, SaveError> {
        save::save(table, wanted)
    }

    fn read_iss(text: &str) -> Result<Resumable<SkatGame>, ReadSaveError<SkatGame>> {
        save::read_iss(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::Suit;

    #[test]
    fn hands_sort_trumps_first_for_the_game_in_play() {
        let hand: CardSet = "CJ HJ DA DT D7 HA H7 CT SK S7".parse().unwrap();
        let text = |kind| hand_order(hand, kind).iter().map(|&c| c.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(text(None), "CJ HJ CT SK S7 HA H7 DA DT D7");
        assert_eq!(text(Some(GameKind::Suit(Suit::Diamonds))), "CJ HJ DA DT D7 CT SK S7 HA H7");
        assert_eq!(text(Some(GameKind::Null)), "CJ CT SK S7 HA HJ H7 DA DT D7");
    }
}
