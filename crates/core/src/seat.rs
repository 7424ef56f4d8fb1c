//! Seats and per-seat containers.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat at the table for one deal, numbered from 0 in play order.
///
/// What a number means is the game's business: in Skat seat 0 is forehand,
/// 1 middlehand, 2 rearhand; in Spitzer seat 0 is eldest hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(u8);

impl Seat {
    /// Skat's forehand (Vorhand), seat 0.
    pub const FOREHAND: Seat = Seat(0);
    /// Skat's middlehand (Mittelhand), seat 1.
    pub const MIDDLEHAND: Seat = Seat(1);
    /// Skat's rearhand (Hinterhand), seat 2.
    pub const REARHAND: Seat = Seat(2);

    /// The largest number of seats any game has.
    pub const MAX: usize = 4;

    /// Seat number `index`, if below [`Seat::MAX`].
    pub const fn new(index: usize) -> Option<Seat> {
        if index < Seat::MAX { Some(Seat(index as u8)) } else { None }
    }

    /// The seat's number.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in play order at a table of `seats` seats.
    #[inline]
    pub const fn next(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % seats) as u8)
    }

    /// The seat `steps` places further in play order at a table of `seats` seats.
    #[inline]
    pub const fn offset(self, steps: usize, seats: usize) -> Seat {
        Seat(((self.0 as usize + steps) % seats) as u8)
    }

    /// The first `n` seats in play order.
    pub fn all(n: usize) -> impl Iterator<Item = Seat> {
        (0..n.min(Seat::MAX)).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat({})", self.0)
    }
}

/// One value per seat of an `N`-seat table, indexed by [`Seat`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BySeat<T, const N: usize>([T; N]);

impl<T, const N: usize> BySeat<T, N> {
    /// Values for seats 0..N in order.
    pub const fn new(values: [T; N]) -> Self {
        BySeat(values)
    }

    /// Values computed per seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat(std::array::from_fn(|i| f(Seat(i as u8))))
    }

    /// A new container with `f` applied to every value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U, N> {
        BySeat(self.0.map(f))
    }

    /// Seats and values in play order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// The values in seat order.
    pub const fn as_array(&self) -> &[T; N] {
        &self.0
    }

    /// The values, consumed.
    pub fn into_array(self) -> [T; N] {
        self.0
    }
}

impl<T: Default, const N: usize> Default for BySeat<T, N> {
    fn default() -> Self {
        BySeat(std::array::from_fn(|_| T::default()))
    }
}

impl<T, const N: usize> Index<Seat> for BySeat<T, N> {
    type Output = T;
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T, const N: usize> IndexMut<Seat> for BySeat<T, N> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// A member of a table: one of those who play a match, numbered from 0 in
/// the order they sit down. A seat belongs to one deal (who leads, who
/// deals); a member keeps his number for the whole match, and the totals
/// belong to members. At a four-member Skat table the dealer is a member
/// without a seat for that deal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Member(u8);

impl Member {
    /// The largest number of members any table has.
    pub const MAX: usize = 4;

    /// Member number `index`, if below [`Member::MAX`].
    pub const fn new(index: usize) -> Option<Member> {
        if index < Member::MAX { Some(Member(index as u8)) } else { None }
    }

    /// The member's number.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The member `steps` places further round a table of `members`.
    #[inline]
    pub const fn offset(self, steps: usize, members: usize) -> Member {
        Member(((self.0 as usize + steps) % members) as u8)
    }

    /// The first `n` members.
    pub fn all(n: usize) -> impl Iterator<Item = Member> {
        (0..n.min(Member::MAX)).map(|i| Member(i as u8))
    }
}

impl fmt::Display for Member {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Member {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Member({})", self.0)
    }
}
