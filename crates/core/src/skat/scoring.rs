//! Won or lost, game value, overbidding and the list entry (`skat.md` §7–§11).
//!
//! A pure function of the declaration, the bid, the matadors and what the
//! play produced, so it is tested without playing.

use crate::skat::contract::{Contract, GameKind};
use crate::skat::rules::{SchenkenOverbid, SkatRules};

/// What the play produced for the declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayTally {
    /// Card points of the declarer's tricks plus the skat (0..=120).
    pub declarer_points: u8,
    /// Tricks the declarer took.
    pub declarer_tricks: u8,
    /// Tricks the defenders took.
    pub defender_tricks: u8,
}

/// The levels of a suit or grand game's multiplier (§8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Levels {
    /// Matadors "with" or "without" N (counted as N).
    pub matadors: u8,
    /// Hand.
    pub hand: bool,
    /// Schneider reached by either party or announced.
    pub schneider: bool,
    /// Schneider announced.
    pub schneider_announced: bool,
    /// Schwarz reached by either party or announced.
    pub schwarz: bool,
    /// Schwarz announced.
    pub schwarz_announced: bool,
    /// Ouvert.
    pub ouvert: bool,
    /// Spitze announced: the levels it adds (0, 1 or 2; pub extras §2.5).
    pub spitze: u8,
}

impl Levels {
    /// N + 1 (game) + every level counted.
    pub fn multiplier(&self) -> u16 {
        u16::from(self.matadors)
            + 1
            + [self.hand, self.schneider, self.schneider_announced, self.schwarz, self.schwarz_announced, self.ouvert]
                .iter()
                .map(|&b| u16::from(b))
                .sum::<u16>()
            + u16::from(self.spitze)
    }
}

/// What the pub extras add to a game's settlement (pub extras §2, §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Extras {
    /// Spitze announced: the levels it adds (0 without Spitze).
    pub spitze: u8,
    /// The declarer won the tenth trick with the Spitze card.
    pub spitze_made: bool,
    /// Announcement levels the declarer added by refusing gifts: 1 makes a
    /// game without announcement schneider announced, 2 schwarz announced.
    pub raised: u8,
    /// The defenders' gift was accepted, scored under this rule for a gift
    /// below the bid.
    pub gift: Option<SchenkenOverbid>,
}

impl Extras {
    /// A game without the pub extras.
    pub const NONE: Extras = Extras { spitze: 0, spitze_made: false, raised: 0, gift: None };
}

/// The contract as played after refused gifts (pub extras §3.4): the
/// announcements the refusals added set as if declared.
pub fn raised_contract(contract: Contract, raised: u8) -> Contract {
    if raised == 0 || contract.kind == GameKind::Null {
        return contract;
    }
    let level = u8::from(contract.schneider) + u8::from(contract.schwarz) + raised;
    Contract { schneider: level >= 1, schwarz: level >= 2, ..contract }
}

/// A settled Skat game, itemised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settlement {
    /// The declaration.
    pub contract: Contract,
    /// The declarer's bid.
    pub bid: u16,
    /// Matadors, signed (negative = "without"); 0 for Null.
    pub matadors: i8,
    /// What the play produced.
    pub tally: PlayTally,
    /// The levels counted (suit and grand; all off for Null).
    pub levels: Levels,
    /// The value computed from the play (before the overbid rule).
    pub computed_value: u16,
    /// Whether the game was overbid (computed value below the bid).
    pub overbid: bool,
    /// Whether the declarer won.
    pub won: bool,
    /// The value charged (V): the computed value, or the overbid value.
    pub value: u16,
    /// Kontra level: 0 none, 1 Kontra (×2), 2 Re (×4) (variants §5).
    pub kontra: u8,
    /// The Bock factor: 1, or 2 inside a Bock round (4 for overlapping rounds).
    pub bock: u32,
    /// The declarer's classic list entry: `+V·f`, or `−2·V·f` when lost
    /// (`−V·f` for a lost hand game under `lost_hand_games_single`), where
    /// `f` is the Kontra/Re and Bock factor (§10.3).
    pub score: i32,
    /// Spitze, gifts and refusals (pub extras); [`Extras::NONE`] otherwise.
    pub extras: Extras,
}

impl Settlement {
    /// The base value (9, 10, 11, 12, 24), or the Null game's fixed value.
    pub fn base(&self) -> u16 {
        self.contract.kind.base_value().or(self.contract.null_value()).unwrap_or(0)
    }

    /// Whether the declarer is schneider or made the opponents schneider.
    pub fn schneider_reached(&self) -> bool {
        self.contract.kind != GameKind::Null && (self.tally.declarer_points >= 90 || self.tally.declarer_points <= 30)
    }

    /// Whether one party took no trick.
    pub fn schwarz_reached(&self) -> bool {
        self.contract.kind != GameKind::Null && (self.tally.declarer_tricks == 0 || self.tally.defender_tricks == 0)
    }
}

/// The smallest multiple of `base` that is at least `bid` (§9.2).
pub fn overbid_value(base: u16, bid: u16) -> u16 {
    bid.div_ceil(base) * base
}

/// Kontra/Re and Bock doublings of one game (§10, variants §4–§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Doubling {
    /// 0 none, 1 Kontra, 2 Re.
    pub kontra: u8,
    /// The Bock factor (1 outside Bock rounds).
    pub bock: u32,
}

impl Doubling {
    /// No Kontra, no Bock.
    pub const NONE: Doubling = Doubling { kontra: 0, bock: 1 };
}

impl Default for Doubling {
    fn default() -> Self {
        Doubling::NONE
    }
}

impl Settlement {
    /// The factor of Kontra/Re and Bock on the value: `2^kontra × bock`.
    pub fn factor(&self) -> i32 {
        (1i32 << self.kontra).saturating_mul(i32::try_from(self.bock.max(1)).unwrap_or(i32::MAX))
    }

    /// The value after Kontra/Re and Bock, before the loss doubling.
    pub fn doubled_value(&self) -> i32 {
        i32::from(self.value) * self.factor()
    }
}

/// Settles a game without Kontra or Bock (§7–§9, §11.1).
pub fn settle(contract: Contract, bid: u16, matadors: i8, tally: PlayTally, rules: &SkatRules) -> Settlement {
    settle_with(contract, bid, matadors, tally, rules, Doubling::NONE)
}

/// Settles a game (§7–§11) with its Kontra/Re and Bock doublings applied
/// in the order `V → ×Kontra/Re → ×Bock → (lost ? −2·V : +V)` (§10.3).
pub fn settle_with(
    contract: Contract,
    bid: u16,
    matadors: i8,
    tally: PlayTally,
    rules: &SkatRules,
    doubling: Doubling,
) -> Settlement {
    settle_game(contract, bid, matadors, tally, rules, doubling, Extras::NONE)
}

/// Settles a game as [`settle_with`] does, with the pub extras: Spitze's
/// levels and last-trick condition (§2.5–§2.6), the announcements added by
/// refused gifts (§3.5), or an accepted gift (§3.6–§3.7: the declarer
/// counts 61 card points and one trick a side, and `tally` is not read).
pub fn settle_game(
    contract: Contract,
    bid: u16,
    matadors: i8,
    tally: PlayTally,
    rules: &SkatRules,
    doubling: Doubling,
    extras: Extras,
) -> Settlement {
    let tally = if extras.gift.is_some() {
        PlayTally { declarer_points: 61, declarer_tricks: 1, defender_tricks: 1 }
    } else {
        tally
    };
    let played = raised_contract(contract, extras.raised);
    let mut levels = Levels::default();
    let (computed_value, made) = match contract.null_value() {
        Some(value) => (value, extras.gift.is_some() || tally.declarer_tricks == 0),
        None if extras.gift.is_some() => {
            // §3.6: the announcements count, nothing is reached.
            levels = Levels {
                matadors: matadors.unsigned_abs(),
                hand: contract.hand,
                schneider: played.schneider,
                schneider_announced: played.schneider,
                schwarz: played.schwarz,
                schwarz_announced: played.schwarz,
                ouvert: contract.ouvert,
                spitze: extras.spitze,
            };
            (contract.kind.base_value().unwrap_or(0) * levels.multiplier(), true)
        }
        None => {
            let d = tally.declarer_points;
            levels = Levels {
                matadors: matadors.unsigned_abs(),
                hand: contract.hand,
                schneider: played.schneider || d >= 90 || d <= 30,
                schneider_announced: played.schneider,
                schwarz: played.schwarz || tally.declarer_tricks == 0 || tally.defender_tricks == 0,
                schwarz_announced: played.schwarz,
                ouvert: contract.ouvert,
                spitze: extras.spitze,
            };
            let base = contract.kind.base_value().unwrap_or(0);
            let made = d >= 61
                && (!played.schneider || d >= 90)
                && (!played.schwarz || tally.defender_tricks == 0)
                && (extras.spitze == 0 || extras.spitze_made);
            (base * levels.multiplier(), made)
        }
    };
    // §3.7: a gift below the bid is won at its value under `won_at_value`.
    let overbid = computed_value < bid && extras.gift != Some(SchenkenOverbid::WonAtValue);
    let value = if overbid {
        let base = contract.kind.base_value().unwrap_or(23);
        overbid_value(base, bid)
    } else {
        computed_value
    };
    let won = made && !overbid;
    let bock = i32::try_from(doubling.bock.max(1)).unwrap_or(i32::MAX);
    let v = (i32::from(value) * (1 << doubling.kontra.min(2))).saturating_mul(bock);
    let score = if won {
        v
    } else if contract.hand && rules.lost_hand_games_single {
        -v
    } else {
        v.saturating_mul(-2)
    };
    Settlement {
        contract,
        bid,
        matadors,
        tally,
        levels,
        computed_value,
        overbid,
        won,
        value,
        kontra: doubling.kontra.min(2),
        bock: doubling.bock.max(1),
        score,
        extras,
    }
}
