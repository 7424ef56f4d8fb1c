//! Trick play (`skat.md` §6): following by effective suit, trick winners by
//! the game's strength table, the tricks and card points each seat took,
//! and the history of every card played.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::seat::Seat;
use crate::skat::contract::{GameKind, card_points};
use crate::trick::TrickHistory;

/// One completed Skat trick.
pub type Trick = crate::trick::Trick<Seat, 3>;

/// Every card of a Skat deal in the order played, with the trick leaders.
pub type SkatHistory = TrickHistory<Seat, 3, 30>;

/// The trick-play part of a deal's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TrickPlay {
    /// The game kind whose trumps and strengths rule the play (Grand for a Ramsch).
    pub kind: GameKind,
    /// Every card played, with the leaders.
    pub history: SkatHistory,
    /// All cards played, as a set.
    pub played: CardSet,
    /// Tricks won per seat.
    pub tricks_won: [u8; 3],
    /// Card points won in tricks per seat.
    pub points_won: [u8; 3],
    /// Per seat, the number (1-based) of the latest trick it won (Ramsch ties).
    pub latest_trick: [u8; 3],
}

impl TrickPlay {
    /// Play not yet begun: forehand will lead.
    pub const fn new() -> TrickPlay {
        TrickPlay {
            kind: GameKind::Null,
            history: SkatHistory::new(Seat::FOREHAND),
            played: CardSet::EMPTY,
            tricks_won: [0; 3],
            points_won: [0; 3],
            latest_trick: [0; 3],
        }
    }

    /// The cards the hand may play: the whole hand, or the cards of the led
    /// card's effective suit if it holds any.
    #[inline]
    pub fn legal_cards(&self, hand: CardSet) -> CardSet {
        self.kind.legal_cards(hand, self.history.led())
    }

    /// Adds `card` to the trick; returns the winner once the trick is complete.
    #[inline]
    pub fn play(&mut self, card: Card) -> Option<Seat> {
        self.played.insert(card);
        let leader = self.history.leader();
        self.history.push(card);
        let len = self.history.len();
        if !len.is_multiple_of(3) {
            return None;
        }
        let cards = [self.history.cards()[len - 3], self.history.cards()[len - 2], self.history.cards()[len - 1]];
        let winner = leader.offset(self.kind.trick_winner(cards), 3);
        let w = winner.index();
        self.tricks_won[w] += 1;
        self.latest_trick[w] = (len / 3) as u8;
        self.points_won[w] += card_points(cards[0]) + card_points(cards[1]) + card_points(cards[2]);
        self.history.close_trick(winner);
        Some(winner)
    }
}
