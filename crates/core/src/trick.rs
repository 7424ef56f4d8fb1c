//! Tricks and the history of a deal's card play: every card in the order
//! played and the leader of every trick, so a view can tell who played what
//! to which trick (and so who has shown out of a suit).
//!
//! The history is a fixed-size `Copy` value written once per card; the
//! states keep it instead of a separate current trick, so perfect recall
//! costs the playout path one byte store per card.

use std::fmt;

use crate::card::{Card, Rank, Suit};

/// The most tricks a deal of any game has (Spidge: thirteen).
pub const MAX_TRICKS: usize = 13;

/// One completed trick: who led, the cards in play order, who won it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick<L, const N: usize> {
    /// The one who led (a seat, or a Spidge hand).
    pub leader: L,
    /// The cards in play order, the lead first.
    pub cards: [Card; N],
    /// The one who won it.
    pub winner: L,
}

/// Every card played in a deal, in order, with the leader of every trick:
/// trick `k` holds cards `k·N .. k·N + N`, led by `leaders[k]`; the winner
/// of trick `k` leads trick `k + 1`. `L` names who plays (a seat, or a
/// Spidge hand), `N` is the cards per trick, `CARDS` the cards of a deal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrickHistory<L, const N: usize, const CARDS: usize> {
    cards: [Card; CARDS],
    leaders: [L; MAX_TRICKS + 1],
    len: u8,
}

const FILLER: Card = Card::new(Suit::Clubs, Rank::Seven);

impl<L: Copy, const N: usize, const CARDS: usize> TrickHistory<L, N, CARDS> {
    /// An empty history whose first trick `first` leads.
    pub const fn new(first: L) -> Self {
        TrickHistory { cards: [FILLER; CARDS], leaders: [first; MAX_TRICKS + 1], len: 0 }
    }

    /// Adds the next card of the current trick. Call
    /// [`TrickHistory::close_trick`] after its `N`th card.
    #[inline]
    pub fn push(&mut self, card: Card) {
        debug_assert!(usize::from(self.len) < CARDS, "a deal has {CARDS} cards");
        self.cards[usize::from(self.len)] = card;
        self.len += 1;
    }

    /// The trick just completed was won by `winner`, who leads the next.
    #[inline]
    pub fn close_trick(&mut self, winner: L) {
        debug_assert!(usize::from(self.len).is_multiple_of(N) && self.len > 0);
        self.leaders[usize::from(self.len) / N] = winner;
    }

    /// Cards played so far.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card has been played.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every card played so far, in order.
    #[inline]
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    /// Completed tricks.
    #[inline]
    pub const fn completed(&self) -> usize {
        self.len as usize / N
    }

    /// The cards of the trick in progress, in play order.
    #[inline]
    pub fn current(&self) -> &[Card] {
        let len = usize::from(self.len);
        &self.cards[len - len % N..len]
    }

    /// The card led to the trick in progress, if one was.
    #[inline]
    pub fn led(&self) -> Option<Card> {
        let len = usize::from(self.len);
        (!len.is_multiple_of(N)).then(|| self.cards[len - len % N])
    }

    /// The leader of the trick in progress (or of the next one, between tricks).
    #[inline]
    pub fn leader(&self) -> L {
        self.leaders[self.completed()]
    }

    /// The leader of trick `k` (0-based) of those begun so far, and of the
    /// next trick for `k` = [`TrickHistory::completed`].
    pub fn leader_of(&self, k: usize) -> L {
        self.leaders[k.min(self.completed())]
    }

    /// Completed trick `k` (0-based), if it is complete.
    pub fn trick(&self, k: usize) -> Option<Trick<L, N>> {
        if k >= self.completed() {
            return None;
        }
        let mut cards = [FILLER; N];
        cards.copy_from_slice(&self.cards[k * N..k * N + N]);
        Some(Trick { leader: self.leaders[k], cards, winner: self.leaders[k + 1] })
    }

    /// The last completed trick.
    pub fn last(&self) -> Option<Trick<L, N>> {
        self.completed().checked_sub(1).and_then(|k| self.trick(k))
    }

    /// The completed tricks in order.
    pub fn tricks(&self) -> impl Iterator<Item = Trick<L, N>> + '_ {
        (0..self.completed()).filter_map(|k| self.trick(k))
    }

    /// Every card played so far with its position in its trick (0 = the
    /// lead) and the trick's leader: who played a card is the leader
    /// `position` places on in play order.
    pub fn plays(&self) -> impl Iterator<Item = (L, usize, Card)> + '_ {
        self.cards().iter().enumerate().map(|(i, &card)| (self.leaders[i / N], i % N, card))
    }

    /// As [`TrickHistory::plays`], with the cards played before it to its
    /// trick (the lead first): what a follower had to follow.
    pub fn plays_in_trick(&self) -> impl Iterator<Item = (L, usize, Card, &[Card])> + '_ {
        self.cards().iter().enumerate().map(|(i, &card)| (self.leaders[i / N], i % N, card, &self.cards[i - i % N..i]))
    }
}

impl<L: Copy + fmt::Debug, const N: usize, const CARDS: usize> fmt::Debug for TrickHistory<L, N, CARDS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        for k in 0..self.completed() {
            list.entry(&(self.leaders[k], &self.cards[k * N..k * N + N]));
        }
        if !self.current().is_empty() {
            list.entry(&(self.leader(), self.current()));
        }
        list.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn tricks_leaders_and_the_current_trick() {
        let mut h = TrickHistory::<u8, 3, 6>::new(0);
        assert!(h.is_empty() && h.led().is_none() && h.last().is_none());
        h.push(card("CA"));
        h.push(card("C7"));
        assert_eq!(h.led(), Some(card("CA")));
        assert_eq!(h.current(), [card("CA"), card("C7")]);
        h.push(card("CT"));
        h.close_trick(2);
        assert_eq!(h.current(), []);
        assert_eq!(h.leader(), 2);
        assert_eq!(h.last(), Some(Trick { leader: 0, cards: [card("CA"), card("C7"), card("CT")], winner: 2 }));
        h.push(card("HA"));
        assert_eq!(h.leader(), 2);
        assert_eq!(h.completed(), 1);
        let plays: Vec<(u8, usize, Card)> = h.plays().collect();
        assert_eq!(plays[3], (2, 0, card("HA")));
        assert_eq!(plays[1], (0, 1, card("C7")));
        assert_eq!(format!("{h:?}"), "[(0, [CA, C7, CT]), (2, [HA])]");
    }
}
