//! The four hands of a Spidge deal and the three seats that play them
//! (`spidge.md` §1.2).

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::seat::Seat;

/// Seat of L, the dealer's left-hand opponent, who leads to the first trick.
pub const LEFT: Seat = Seat::FOREHAND;
/// Seat of R, the dealer's right-hand opponent.
pub const RIGHT: Seat = Seat::MIDDLEHAND;
/// Seat of the dealer, who also plays the dummy.
pub const DEALER: Seat = Seat::REARHAND;

/// The seat a player holds in the next deal, given his seat in this one: the
/// deal passes clockwise to L (§1.3), so L → Dealer, R → L, Dealer → R.
#[inline]
pub const fn next_deal_seat(seat: Seat) -> Seat {
    seat.offset(2, 3)
}

/// One of the four hands, in clockwise play order L → Dummy → R → Dealer
/// (§1.2). The dummy is a hand, not a seat: the dealer plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Hand {
    /// L, the dealer's left-hand opponent (seat [`LEFT`]).
    Left = 0,
    /// The dummy, face up, played by the dealer.
    Dummy = 1,
    /// R, the dealer's right-hand opponent (seat [`RIGHT`]).
    Right = 2,
    /// The dealer's own hand (seat [`DEALER`]).
    Dealer = 3,
}

impl Hand {
    /// The four hands in play order, L first.
    pub const ALL: [Hand; 4] = [Hand::Left, Hand::Dummy, Hand::Right, Hand::Dealer];

    /// The hand's index 0..4 in play order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The hand with this index in play order, if any.
    pub const fn from_index(i: usize) -> Option<Hand> {
        if i < 4 { Some(Hand::ALL[i]) } else { None }
    }

    /// The next hand in play order.
    #[inline]
    pub const fn next(self) -> Hand {
        Hand::ALL[(self as usize + 1) & 3]
    }

    /// The hand `steps` places further in play order.
    #[inline]
    pub const fn offset(self, steps: usize) -> Hand {
        Hand::ALL[(self as usize + steps) & 3]
    }

    /// The seat that plays this hand: the dealer plays the dummy.
    #[inline]
    pub const fn seat(self) -> Seat {
        match self {
            Hand::Left => LEFT,
            Hand::Right => RIGHT,
            Hand::Dummy | Hand::Dealer => DEALER,
        }
    }

    /// The seat's own hand (`None` for a seat not at a Spidge table).
    pub const fn of_seat(seat: Seat) -> Option<Hand> {
        match seat.index() {
            0 => Some(Hand::Left),
            1 => Some(Hand::Right),
            2 => Some(Hand::Dealer),
            _ => None,
        }
    }

    /// The short name used in the rules document: `L`, `Dummy`, `R`, `Dealer`.
    pub const fn name(self) -> &'static str {
        match self {
            Hand::Left => "L",
            Hand::Dummy => "Dummy",
            Hand::Right => "R",
            Hand::Dealer => "Dealer",
        }
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per hand, indexed by [`Hand`], in play order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByHand<T>([T; 4]);

impl<T> ByHand<T> {
    /// Values for L, Dummy, R, Dealer in that order.
    pub const fn new(values: [T; 4]) -> Self {
        ByHand(values)
    }

    /// Values computed per hand.
    pub fn from_fn(mut f: impl FnMut(Hand) -> T) -> Self {
        ByHand(std::array::from_fn(|i| f(Hand::ALL[i])))
    }

    /// A new container with `f` applied to every value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByHand<U> {
        ByHand(self.0.map(f))
    }

    /// Hands and values in play order.
    pub fn iter(&self) -> impl Iterator<Item = (Hand, &T)> {
        Hand::ALL.into_iter().zip(self.0.iter())
    }

    /// The values in play order.
    pub const fn as_array(&self) -> &[T; 4] {
        &self.0
    }

    /// The values, consumed.
    pub fn into_array(self) -> [T; 4] {
        self.0
    }
}

impl<T> Index<Hand> for ByHand<T> {
    type Output = T;
    #[inline]
    fn index(&self, hand: Hand) -> &T {
        &self.0[hand.index()]
    }
}

impl<T> IndexMut<Hand> for ByHand<T> {
    #[inline]
    fn index_mut(&mut self, hand: Hand) -> &mut T {
        &mut self.0[hand.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_and_seats() {
        assert_eq!(Hand::Dealer.next(), Hand::Left);
        assert_eq!(Hand::Dummy.offset(3), Hand::Left);
        assert_eq!(Hand::Dummy.seat(), DEALER);
        for seat in Seat::all(3) {
            assert_eq!(Hand::of_seat(seat).map(Hand::seat), Some(seat));
        }
        assert_eq!(Hand::of_seat(Seat::new(3).unwrap()), None);
        assert_eq!(Hand::from_index(4), None);
        assert_eq!(next_deal_seat(LEFT), DEALER);
        assert_eq!(next_deal_seat(RIGHT), LEFT);
        assert_eq!(next_deal_seat(DEALER), RIGHT);
    }
}
