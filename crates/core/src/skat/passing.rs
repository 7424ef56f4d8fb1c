//! Before a Ramsch (`skat-variants.md` §2–§3): the Grand Hand offer and
//! Schieberamsch, where forehand, middlehand and rearhand in turn take the
//! packet and pass two cards on, or push it on unseen.

use crate::cardset::CardSet;
use crate::seat::Seat;

/// What a seat did with the Schieberamsch packet (public).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PacketMove {
    /// Took the packet into the hand and passed two cards on.
    Took,
    /// Pushed it on unseen (doubles the score).
    Pushed,
}

/// The Schieberamsch packet's journey.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Packet {
    /// Unseen pushes so far.
    pub pushes: u8,
    /// What each seat did with it.
    pub moves: [Option<PacketMove>; 3],
    /// Per seat, the packet's cards it has seen: the two it found on taking
    /// the packet and the two it passed on.
    pub seen: [CardSet; 3],
    /// Per seat, the two cards it passed on.
    pub passed: [CardSet; 3],
    /// Per seat, the two cards it found on taking the packet.
    pub found: [CardSet; 3],
}

impl Packet {
    /// `seat` took the packet `cards` into its hand.
    pub fn take(&mut self, seat: Seat, cards: CardSet) {
        let s = seat.index();
        self.moves[s] = Some(PacketMove::Took);
        self.found[s] = cards;
        self.seen[s] |= cards;
    }

    /// `seat` pushed the packet on unseen.
    pub fn push(&mut self, seat: Seat) {
        self.moves[seat.index()] = Some(PacketMove::Pushed);
        self.pushes += 1;
    }

    /// `seat` passed `cards` on as the new packet.
    pub fn pass_on(&mut self, seat: Seat, cards: CardSet) {
        self.passed[seat.index()] = cards;
        self.seen[seat.index()] |= cards;
    }
}
