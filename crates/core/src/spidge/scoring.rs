//! Awards of a deal and the end of the game (`spidge.md` §5, §6).
//!
//! Pure functions of the trick counts and the totals, tested without playing.

use std::fmt;

use crate::seat::{BySeat, Seat};
use crate::spidge::hand::{ByHand, DEALER, Hand, LEFT, RIGHT};
use crate::spidge::rules::SpidgeRules;

/// What a player scores in one deal (§5.2). At most one per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Award {
    /// L or R took no trick (or, with `dealer_nil_own_hand`, the dealer's
    /// own hand took none): 1 point.
    Nil,
    /// At least `spidge_tricks` tricks, fewer than `slam_tricks`: 1 point.
    Spidge,
    /// At least `slam_tricks` tricks: 2 points.
    Slam,
    /// The dealer and the dummy together took no trick: 4 points, and the
    /// dealer wins the game at once.
    GrandSlam,
}

impl Award {
    /// The points of the award.
    pub const fn points(self) -> u8 {
        match self {
            Award::Nil | Award::Spidge => 1,
            Award::Slam => 2,
            Award::GrandSlam => 4,
        }
    }

    /// The award's name.
    pub const fn name(self) -> &'static str {
        match self {
            Award::Nil => "Nil",
            Award::Spidge => "Spidge",
            Award::Slam => "Slam",
            Award::GrandSlam => "Grand Slam",
        }
    }
}

impl fmt::Display for Award {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A scored deal, itemised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpidgeResult {
    /// Tricks won by each of the four hands.
    pub tricks: ByHand<u8>,
    /// Each player's trick count `t` (§5.1): L's, R's, and the dealer's own
    /// plus the dummy's.
    pub counts: BySeat<u8, 3>,
    /// Each player's award, if any (recorded even when a Grand Slam makes it
    /// irrelevant).
    pub awards: BySeat<Option<Award>, 3>,
    /// Each player's points this deal.
    pub points: BySeat<u8, 3>,
    /// Whether the dealer made a Grand Slam, which wins the game at once
    /// (§6.2).
    pub grand_slam: bool,
}

impl SpidgeResult {
    /// The seat that wins the game at once (the dealer after a Grand Slam).
    pub fn wins_game_at_once(&self) -> Option<Seat> {
        self.grand_slam.then_some(DEALER)
    }
}

/// The award for a trick count `t` of L or R (§5.2).
fn opponent_award(t: u8, rules: &SpidgeRules) -> Option<Award> {
    if t >= rules.slam_tricks {
        Some(Award::Slam)
    } else if t >= rules.spidge_tricks {
        Some(Award::Spidge)
    } else if t == 0 {
        Some(Award::Nil)
    } else {
        None
    }
}

/// The dealer's award from his own and the dummy's tricks (§5.2).
fn dealer_award(own: u8, dummy: u8, rules: &SpidgeRules) -> Option<Award> {
    let t = own.saturating_add(dummy);
    if t == 0 {
        Some(Award::GrandSlam)
    } else if t >= rules.slam_tricks {
        Some(Award::Slam)
    } else if t >= rules.spidge_tricks {
        Some(Award::Spidge)
    } else if own == 0 && rules.dealer_nil_own_hand {
        Some(Award::Nil)
    } else {
        None
    }
}

/// Scores a deal from the tricks each hand won (§5).
///
/// The categories are exclusive: a player receives the most valuable award
/// that applies (Grand Slam, then Slam, then Spidge, then Nil), so
/// thresholds set to odd values never give two awards. Seats: 0 L, 1 R,
/// 2 Dealer.
pub fn settle(tricks: ByHand<u8>, rules: &SpidgeRules) -> SpidgeResult {
    let counts = BySeat::new([
        tricks[Hand::Left],
        tricks[Hand::Right],
        tricks[Hand::Dealer].saturating_add(tricks[Hand::Dummy]),
    ]);
    let awards = BySeat::new([
        opponent_award(tricks[Hand::Left], rules),
        opponent_award(tricks[Hand::Right], rules),
        dealer_award(tricks[Hand::Dealer], tricks[Hand::Dummy], rules),
    ]);
    let points = awards.map(|a| a.map_or(0, Award::points));
    let grand_slam = awards[DEALER] == Some(Award::GrandSlam);
    debug_assert!(awards[LEFT] != Some(Award::GrandSlam) && awards[RIGHT] != Some(Award::GrandSlam));
    SpidgeResult { tricks, counts, awards, points, grand_slam }
}

/// The end of the game (§6) after a deal has been added to the totals.
///
/// `totals` pairs each player (any identity the caller uses) with his total
/// including this deal. A Grand Slam (`grand_slam_by`, the dealer who made
/// it) wins at once whatever the totals. Otherwise the game is won by the
/// player with the highest total if that total reaches `target` and no other
/// player has as much; equal highest totals at or above the target play on.
pub fn game_winner<P: Copy + Eq>(
    totals: impl IntoIterator<Item = (P, u32)>,
    target: u32,
    grand_slam_by: Option<P>,
) -> Option<P> {
    if grand_slam_by.is_some() {
        return grand_slam_by;
    }
    let mut best: Option<(P, u32)> = None;
    let mut tied = false;
    for (player, total) in totals {
        match best {
            Some((_, b)) if total < b => {}
            Some((_, b)) if total == b => tied = true,
            _ => {
                best = Some((player, total));
                tied = false;
            }
        }
    }
    match best {
        Some((player, total)) if total >= target && !tied => Some(player),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tricks(l: u8, r: u8, dealer: u8, dummy: u8) -> ByHand<u8> {
        ByHand::new([l, dummy, r, dealer])
    }

    #[test]
    fn dealer_nil_own_hand_is_off_by_default() {
        let d = SpidgeRules::default();
        let on = SpidgeRules { dealer_nil_own_hand: true, ..d };
        let t = tricks(6, 5, 0, 2);
        assert_eq!(settle(t, &d).awards[DEALER], None);
        assert_eq!(settle(t, &on).awards[DEALER], Some(Award::Nil));
        // Own hand empty but the dummy takes a Spidge: one award, the Spidge.
        let t = tricks(1, 1, 0, 11);
        assert_eq!(settle(t, &on).awards[DEALER], Some(Award::Spidge));
        assert_eq!(settle(tricks(6, 7, 0, 0), &on).awards[DEALER], Some(Award::GrandSlam));
    }

    #[test]
    fn small_slam_option() {
        let twelve = SpidgeRules { slam_tricks: 12, ..SpidgeRules::default() };
        let r = settle(tricks(12, 1, 0, 0), &twelve);
        assert_eq!(r.awards[LEFT], Some(Award::Slam));
        assert_eq!(r.points[LEFT], 2);
        assert_eq!(settle(tricks(11, 1, 1, 0), &twelve).awards[LEFT], Some(Award::Spidge));
    }

    #[test]
    fn game_end() {
        assert_eq!(game_winner([('A', 3), ('B', 1), ('C', 0)], 3, None), Some('A'));
        assert_eq!(game_winner([('A', 3), ('B', 3), ('C', 0)], 3, None), None);
        assert_eq!(game_winner([('A', 2), ('B', 2), ('C', 1)], 3, None), None);
        assert_eq!(game_winner([('A', 4), ('B', 3), ('C', 0)], 3, None), Some('A'));
        assert_eq!(game_winner([('A', 3), ('B', 4), ('C', 4)], 3, None), None);
        assert_eq!(game_winner([('A', 3), ('B', 1), ('C', 4)], 10, Some('B')), Some('B'));
        assert_eq!(game_winner(std::iter::empty::<(char, u32)>(), 3, None), None);
    }
}
