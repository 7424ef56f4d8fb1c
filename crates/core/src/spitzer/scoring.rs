//! Scoring a deal and the end of a game (`spitzer.md` §6, §7).
//!
//! [`settle`] is a pure function of the contract and what the declaring
//! side took, so it is tested without playing.

use std::fmt;

use crate::seat::Seat;
use crate::spitzer::announcement::{Contract, Side};

/// The column of the tariff (§6.2), from the declaring side's tricks `T_D`
/// and card points `P_D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Column {
    /// c0 "no trick": `T_D = 0`.
    C0,
    /// c1: `T_D ≥ 1` and `P_D ≤ 30`.
    C1,
    /// c2: `31 ≤ P_D ≤ 60`.
    C2,
    /// c3: `61 ≤ P_D ≤ 89`.
    C3,
    /// c4: `P_D ≥ 90` and `T_D < 8`.
    C4,
    /// c5 "all tricks": `T_D = 8`.
    C5,
}

impl Column {
    /// The six columns, c0 first.
    pub const ALL: [Column; 6] = [Column::C0, Column::C1, Column::C2, Column::C3, Column::C4, Column::C5];

    /// The column for `tricks` and `points` of the declaring side (§6.2).
    /// No tricks is c0 and eight (or more) tricks c5 whatever the points.
    pub const fn of(tricks: u8, points: u8) -> Column {
        if tricks == 0 {
            Column::C0
        } else if tricks >= 8 {
            Column::C5
        } else if points <= 30 {
            Column::C1
        } else if points <= 60 {
            Column::C2
        } else if points <= 89 {
            Column::C3
        } else {
            Column::C4
        }
    }

    /// The column's number 0..6.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.index())
    }
}

/// The tariff (§6.3), rows in [`Contract::ALL`] order, columns c0..c5. The
/// "—" entries of Normal and Sneaker (impossible: the side holds `CQ`) carry
/// the c1 value, as §6.3 suggests for robust engines.
pub const TARIFF: [[i8; 6]; 6] = [
    [-9, -9, -6, 3, 6, 9],
    [-9, -9, -6, 9, 12, 15],
    [-15, -12, -9, 18, 27, 36],
    [-42, -36, -24, -18, 36, 39],
    [-42, -42, -39, -33, -27, 42],
    [-18, -15, -12, -9, 9, 12],
];

/// The tariff entry of `contract` in `column` (§6.3): positive goes to each
/// member of the declaring side, negative (as its absolute value) to each
/// member of the other side.
pub const fn tariff(contract: Contract, column: Column) -> i8 {
    TARIFF[contract.index()][column.index()]
}

/// A settled deal, itemised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settlement {
    /// The scoring row.
    pub contract: Contract,
    /// Tricks won by the declaring side (`T_D`).
    pub tricks: u8,
    /// Card points won by the declaring side (`P_D`).
    pub points: u8,
    /// The column.
    pub column: Column,
    /// The tariff entry: positive, the declaring side scores it each;
    /// negative, the other side scores its absolute value each.
    pub value: i8,
}

impl Settlement {
    /// Whether the declaring side scores (the entry is positive).
    pub const fn declarers_score(&self) -> bool {
        self.value > 0
    }

    /// The game points each seat gains (§6.3), given the declaring side:
    /// never negative.
    pub fn award(&self, declaring: Side) -> [i64; Seat::MAX] {
        let gain = i64::from(self.value.unsigned_abs());
        let scoring = if self.value > 0 { declaring } else { declaring.others() };
        let mut out = [0; Seat::MAX];
        for seat in scoring.iter() {
            out[seat.index()] = gain;
        }
        out
    }
}

/// Settles a deal (§6): the column of `tricks` and `points` taken by the
/// declaring side, and the tariff entry of `contract` there.
pub const fn settle(contract: Contract, tricks: u8, points: u8) -> Settlement {
    let column = Column::of(tricks, points);
    Settlement { contract, tricks, points, column, value: tariff(contract, column) }
}

/// The winner of the game after a deal's scores have been added (§7.1): the
/// seat with the highest total if that total reaches `target` and no other
/// seat shares it. `None`: play on (nobody has reached the target, or the
/// leaders are tied).
pub fn game_winner(totals: &[i64; 4], target: i64) -> Option<Seat> {
    let best = *totals.iter().max()?;
    if best < target || totals.iter().filter(|&&t| t == best).count() > 1 {
        return None;
    }
    Seat::all(4).find(|s| totals[s.index()] == best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds() {
        assert_eq!(Column::of(0, 0), Column::C0);
        assert_eq!(Column::of(1, 0), Column::C1);
        assert_eq!(Column::of(3, 30), Column::C1);
        assert_eq!(Column::of(3, 31), Column::C2);
        assert_eq!(Column::of(3, 60), Column::C2);
        assert_eq!(Column::of(3, 61), Column::C3);
        assert_eq!(Column::of(3, 89), Column::C3);
        assert_eq!(Column::of(7, 90), Column::C4);
        assert_eq!(Column::of(8, 120), Column::C5);
    }

    #[test]
    fn award_is_never_negative() {
        let side = Side::single(Seat::new(0).unwrap()).with(Seat::new(2).unwrap());
        for contract in Contract::ALL {
            for column in Column::ALL {
                let s = Settlement { contract, tricks: 0, points: 0, column, value: tariff(contract, column) };
                let award = s.award(side);
                assert!(award.iter().all(|&p| p >= 0));
                assert_eq!(award.iter().filter(|&&p| p > 0).count(), 2);
            }
        }
        assert_eq!(settle(Contract::Normal, 0, 0).value, -9, "c0 of Normal is mapped to c1");
    }

    #[test]
    fn winner_needs_a_strict_leader_at_the_target() {
        assert_eq!(game_winner(&[41, 0, 0, 0], 42), None);
        assert_eq!(game_winner(&[42, 0, 0, 0], 42), Seat::new(0));
        assert_eq!(game_winner(&[44, 44, 50, 0], 42), Seat::new(2));
        assert_eq!(game_winner(&[50, 50, 0, 0], 42), None);
    }
}
