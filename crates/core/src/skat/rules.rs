//! The house-rule options of a Skat table (`skat.md` §14).

/// How a list is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Scoring {
    /// Won `+V`, lost `−2·V` (§11.1).
    #[default]
    Classic,
    /// Seeger–Fabian: ±50 for the declarer, 40 (3 members) or 30 (4 members)
    /// to every other member for each lost game (§11.2).
    SeegerFabian,
}

/// What happens when all three players pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum PassOut {
    /// The deal is thrown in; the next dealer deals (ISkO, §4.6).
    #[default]
    ThrowIn,
}

/// The options in force at a Skat table. `SkatRules::default()` is the
/// International Skat Order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SkatRules {
    /// Members of the table: 3, or 4 with the dealer sitting out.
    pub table_size: u8,
    /// What a deal passed by all three becomes.
    pub pass_out: PassOut,
    /// How the list is scored.
    pub scoring: Scoring,
    /// HOUSE RULE: a lost hand game costs `−V`, not `−2·V` (pre-1999 rule).
    pub lost_hand_games_single: bool,
    /// HOUSE RULE: a Null form worth less than the bid may be declared (and is
    /// then lost as an overbid, §5.5).
    pub allow_null_below_bid: bool,
}

impl Default for SkatRules {
    fn default() -> Self {
        SkatRules::ISKO
    }
}

impl SkatRules {
    /// The International Skat Order: 3 members, throw-in, classic scoring.
    pub const ISKO: SkatRules = SkatRules {
        table_size: 3,
        pass_out: PassOut::ThrowIn,
        scoring: Scoring::Classic,
        lost_hand_games_single: false,
        allow_null_below_bid: false,
    };
}
