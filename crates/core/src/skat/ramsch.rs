//! Settling a Ramsch (`skat-variants.md` §2.4–§2.8): a pure function of the
//! tricks, so it is tested without playing.

use crate::seat::Seat;
use crate::skat::rules::{RamschRules, RamschScoring, RamschTie, SkatOwner, ThreeWayTie};

/// What a Ramsch's play produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RamschPlay {
    /// Card points each seat took in tricks (the skat not included).
    pub trick_points: [u8; 3],
    /// Tricks each seat took.
    pub tricks: [u8; 3],
    /// The number (1–10) of the latest trick each seat won; 0 for none.
    pub latest_trick: [u8; 3],
    /// Card points of the final skat.
    pub skat_points: u8,
    /// Unseen pushes of the packet (Schieberamsch, §3).
    pub pushes: u8,
    /// Knocks (pub extras §4): each doubles the score.
    pub knocks: u8,
    /// The Bock factor of the deal (1, or 2 in a Bock round, ...).
    pub bock: u32,
}

/// A settled Ramsch, itemised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RamschResult {
    /// What the play produced.
    pub play: RamschPlay,
    /// Each seat's card points after the skat was credited.
    pub totals: [u8; 3],
    /// Who was credited the skat.
    pub skat_to: [bool; 3],
    /// The losers.
    pub losers: [bool; 3],
    /// Players other than the loser(s) who took no trick.
    pub jungfrauen: u8,
    /// The player who took all ten tricks, if the Durchmarsch rule made him win.
    pub durchmarsch: Option<Seat>,
    /// The factor applied: 2^(pushes + knocks) × Jungfrau × Bock (points
    /// scoring), or 2^knocks × Bock (fixed tariff).
    pub multiplier: u32,
    /// Each seat's score.
    pub scores: [i32; 3],
}

/// Settles a Ramsch under `rules`.
pub fn settle_ramsch(play: RamschPlay, rules: &RamschRules) -> RamschResult {
    let seats = [0usize, 1, 2];
    let bock = play.bock.max(1);
    // Pushes and knocks double (variants §3.5, pub extras §4.4).
    let push_factor = 1u32 << (play.pushes.min(3) + play.knocks.min(3));
    let knock_factor = 1u32 << play.knocks.min(3);
    let mut result = RamschResult {
        play,
        totals: play.trick_points,
        skat_to: [false; 3],
        losers: [false; 3],
        jungfrauen: 0,
        durchmarsch: None,
        multiplier: 1,
        scores: [0; 3],
    };
    // §2.7: one player took every trick and wins.
    if rules.durchmarsch
        && rules.scoring == RamschScoring::Points
        && let Some(winner) = seats.into_iter().find(|&s| play.tricks[s] == 10)
    {
        result.multiplier = push_factor.saturating_mul(bock);
        result.durchmarsch = Seat::new(winner);
        result.scores[winner] = 120i32.saturating_mul(factor(result.multiplier));
        return result;
    }
    // §2.4: the skat to the last trick's winner before the loser is found.
    if rules.skat_owner == SkatOwner::LastTrick
        && let Some(last) = seats.into_iter().find(|&s| play.latest_trick[s] == 10)
    {
        result.totals[last] += play.skat_points;
        result.skat_to[last] = true;
    }
    // §2.5, §2.8: the most points lose; ties by the rule.
    let most = seats.iter().map(|&s| result.totals[s]).max().unwrap_or(0);
    let mut tied: Vec<usize> = seats.into_iter().filter(|&s| result.totals[s] == most).collect();
    // Pub extras §5.4: a three-way tie loses nothing under `nobody_loses`
    // (nobody lost, so under `skat_owner = loser` nobody gets the skat).
    if tied.len() == 3 && rules.three_way_tie == ThreeWayTie::NobodyLoses {
        return result;
    }
    if rules.tie == RamschTie::LatestTrickLoses && tied.len() > 1 {
        let latest = tied.iter().copied().max_by_key(|&s| play.latest_trick[s]).unwrap_or(tied[0]);
        tied = vec![latest];
    }
    for &s in &tied {
        result.losers[s] = true;
    }
    if rules.skat_owner == SkatOwner::Loser {
        for &s in &tied {
            result.totals[s] += play.skat_points;
            result.skat_to[s] = true;
        }
    }
    result.jungfrauen = seats.into_iter().filter(|&s| !result.losers[s] && play.tricks[s] == 0).count() as u8;
    let share = if rules.tie == RamschTie::Split { tied.len() as i32 } else { 1 };
    for &s in &tied {
        let amount = match rules.scoring {
            RamschScoring::Points => {
                let jungfrau = if rules.jungfrau_doubles && result.jungfrauen > 0 { 2 } else { 1 };
                result.multiplier = (push_factor * jungfrau).saturating_mul(bock);
                i32::from(result.totals[s]).saturating_mul(factor(result.multiplier))
            }
            RamschScoring::Fixed => {
                // Pub extras §4.5: knocks multiply the tariff, pushes do not.
                let bock = knock_factor.saturating_mul(bock);
                result.multiplier = bock;
                let base = match result.jungfrauen {
                    0 => 10,
                    1 => 15,
                    _ => 20,
                };
                let base: i32 = base;
                base.saturating_mul(factor(bock))
            }
        };
        result.scores[s] = -(amount / share);
    }
    result
}

/// A multiplier as a signed factor (saturating: no score leaves `i32`).
fn factor(multiplier: u32) -> i32 {
    i32::try_from(multiplier).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_loss_without_factors() {
        let play = RamschPlay {
            trick_points: [20, 51, 35],
            tricks: [2, 4, 4],
            latest_trick: [3, 9, 10],
            skat_points: 14,
            pushes: 0,
            knocks: 0,
            bock: 1,
        };
        let r = settle_ramsch(play, &RamschRules::STANDARD);
        assert_eq!(r.scores, [0, -51, 0]);
        assert_eq!(r.totals, [20, 51, 49]);
    }
}
