//! The house-rule options of a Skat table (`skat.md` §14,
//! `skat-variants.md` §1).

/// How a list is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PassOut {
    /// The deal is thrown in; the next dealer deals (ISkO, §4.6).
    #[default]
    ThrowIn,
    /// A Ramsch is played instead (variants §2.1).
    Ramsch,
}

/// Which Ramsch is played (variants §2, §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RamschKind {
    /// The skat travels FH → MH → RH; each takes it and passes two cards on,
    /// or pushes it unseen (§3).
    #[default]
    Schieberamsch,
    /// The skat stays untouched during play (§2.4).
    Plain,
}

/// Who is credited the skat's card points in a Ramsch (§2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SkatOwner {
    /// The winner of the tenth trick, before the loser is found.
    #[default]
    LastTrick,
    /// The loser(s), after the loser is found on trick points.
    Loser,
}

/// How a Ramsch is scored (§2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RamschScoring {
    /// The loser scores minus his card points, times the multipliers.
    #[default]
    Points,
    /// The old fixed tariff: −10, −15 with one Jungfrau, −20 with two.
    Fixed,
}

/// Who loses when several players share the most points (§2.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RamschTie {
    /// Every tied player loses his full amount.
    #[default]
    AllLoseFull,
    /// The tied players share the amount (truncated).
    Split,
    /// The tied player who won the latest trick loses alone.
    LatestTrickLoses,
}

/// The Ramsch options (variants §2–§3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RamschRules {
    /// Plain Ramsch or Schieberamsch.
    pub kind: RamschKind,
    /// Who gets the skat's points.
    pub skat_owner: SkatOwner,
    /// Points or the fixed tariff.
    pub scoring: RamschScoring,
    /// Ties for the most points.
    pub tie: RamschTie,
    /// A Jungfrau (another player without a trick) doubles the result.
    pub jungfrau_doubles: bool,
    /// Taking all ten tricks wins +120.
    pub durchmarsch: bool,
    /// Grand Hand is offered before a Ramsch that follows three passes.
    pub grand_hand_offer_after_pass_out: bool,
    /// Grand Hand is offered before each deal of a Ramsch round.
    pub grand_hand_offer_in_rounds: bool,
    /// A taker may put jacks into the packet.
    pub jacks_may_be_pushed: bool,
    /// A player may push the packet on without looking (doubles the score).
    pub unseen_push_allowed: bool,
    /// HOUSE RULE: what a three-way tie scores (pub extras §5.4).
    pub three_way_tie: ThreeWayTie,
    /// HOUSE RULE: a Grand Hand in a Ramsch round does not count as one of
    /// its deals, and the same dealer deals again (pub extras §6.3).
    pub round_grand_hand_redeal: bool,
}

/// What a Ramsch in which all three players have the same points scores
/// (pub extras §5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ThreeWayTie {
    /// As any tie, by [`RamschRules::tie`].
    #[default]
    AsTie,
    /// Nobody loses: all three score 0 (XSkat).
    NobodyLoses,
}

impl Default for RamschRules {
    fn default() -> Self {
        RamschRules::STANDARD
    }
}

impl RamschRules {
    /// The defaults of `skat-variants.md` §1.
    pub const STANDARD: RamschRules = RamschRules {
        kind: RamschKind::Schieberamsch,
        skat_owner: SkatOwner::LastTrick,
        scoring: RamschScoring::Points,
        tie: RamschTie::AllLoseFull,
        jungfrau_doubles: true,
        durchmarsch: true,
        grand_hand_offer_after_pass_out: false,
        grand_hand_offer_in_rounds: true,
        jacks_may_be_pushed: false,
        unseen_push_allowed: true,
        three_way_tie: ThreeWayTie::AsTie,
        round_grand_hand_redeal: false,
    };
}

/// When an opponent may say Kontra (variants §5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KontraTiming {
    /// Any time after the announcement until his own first card.
    #[default]
    BeforeOwnFirstCard,
    /// Only between the announcement and the opening lead.
    BeforeOpeningLead,
}

/// The Kontra/Re options (variants §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KontraRules {
    /// Only an opponent who named or held a value in the auction may say Kontra.
    pub requires_bid: bool,
    /// When Kontra may be said.
    pub timing: KontraTiming,
}

/// The events that start a Bock round (variants §4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BockTriggers {
    /// A suit or grand declarer finished with exactly 60 card points.
    pub lost_with_60: bool,
    /// A Grand Hand (any form) was played.
    pub grand_hand_played: bool,
    /// A Null Ouvert Hand was played.
    pub null_ouvert_hand_played: bool,
    /// Kontra was answered with Re.
    pub kontra_re: bool,
    /// The declarer lost a game in which Kontra was said.
    pub lost_after_kontra: bool,
    /// The declarer lost a Grand.
    pub lost_grand: bool,
    /// A player's total rose to a new multiple of 100.
    pub score_crosses_100: bool,
    /// A Grand Hand (any form, also in a Ramsch round, also gifted) was won
    /// (pub extras §6.4).
    pub grand_hand_won: bool,
    /// A player's total changed and is now a multiple of 100 (0 and
    /// negative totals included).
    pub score_multiple_of_100: bool,
    /// A player's total changed and `abs(total) mod 1000` is 0, 111, …, 999.
    pub score_three_equal_digits: bool,
    /// A game worth at least 72 was won (the value before Kontra/Re, Bock
    /// and Ramsch factors; a Durchmarsch is worth 120).
    pub won_value_72: bool,
    /// The same with at least 96.
    pub won_value_96: bool,
}

impl Default for BockTriggers {
    fn default() -> Self {
        BockTriggers::STANDARD
    }
}

impl BockTriggers {
    /// The defaults of variants §4.2.
    pub const STANDARD: BockTriggers = BockTriggers {
        lost_with_60: true,
        grand_hand_played: true,
        null_ouvert_hand_played: true,
        kontra_re: true,
        lost_after_kontra: false,
        lost_grand: false,
        score_crosses_100: false,
        grand_hand_won: false,
        score_multiple_of_100: false,
        score_three_equal_digits: false,
        won_value_72: false,
        won_value_96: false,
    };

    /// No trigger at all.
    pub const NONE: BockTriggers = BockTriggers {
        lost_with_60: false,
        grand_hand_played: false,
        null_ouvert_hand_played: false,
        kontra_re: false,
        lost_after_kontra: false,
        lost_grand: false,
        score_crosses_100: false,
        grand_hand_won: false,
        score_multiple_of_100: false,
        score_three_equal_digits: false,
        won_value_72: false,
        won_value_96: false,
    };
}

/// How Bock events of one deal combine (pub extras §6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BockEventMerge {
    /// Each trigger that fires queues one round.
    #[default]
    None,
    /// As XSkat: `lost_after_kontra` with `kontra_re`, `won_value_72` with
    /// `won_value_96`, and one player's two score triggers count once.
    Xskat,
}

/// How Bock rounds triggered during a Bock round combine (variants §4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BockStacking {
    /// Queued: played one after the other; never more than ×2.
    #[default]
    Queue,
    /// Concurrent: active rounds multiply (two rounds ×4).
    Overlap,
}

/// The Bock options (variants §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BockRules {
    /// Which events start a Bock round.
    pub triggers: BockTriggers,
    /// The triggering deal itself is doubled too.
    pub includes_trigger: bool,
    /// How overlapping rounds combine.
    pub stacking: BockStacking,
    /// Each completed Bock round is followed by a Ramsch round.
    pub ramsch_round_after_bock: bool,
    /// How the events of one deal combine.
    pub event_merge: BockEventMerge,
}

/// When Spitze may not be announced (pub extras §2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SpitzeBan {
    /// Not in a Grand whose declarer knows all four jacks in his cards (XSkat).
    #[default]
    GrandWith4,
    /// Not when the declarer's known cards hold every trump of the game.
    AllTrumps,
}

/// Spitze: the declarer promises to win the last trick with the lowest
/// trump (pub extras §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpitzeRules {
    /// What Spitze adds to the multiplier: 1 or 2.
    pub levels: u8,
    /// When it may not be announced.
    pub ban: SpitzeBan,
}

impl Default for SpitzeRules {
    fn default() -> Self {
        SpitzeRules { levels: 1, ban: SpitzeBan::GrandWith4 }
    }
}

/// How a gift worth less than the bid is scored (pub extras §3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SchenkenOverbid {
    /// An overbid, lost like any game worth less than the bid.
    #[default]
    Lost,
    /// Won at its value (XSkat).
    WonAtValue,
}

/// Schenken: the defenders may give the game away in the first trick
/// (pub extras §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SchenkenRules {
    /// A gift below the bid.
    pub overbid: SchenkenOverbid,
}

/// Where players may knock in a Ramsch (pub extras §4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KlopfenScope {
    /// Only in the deals of a Ramsch round (XSkat).
    #[default]
    RamschRounds,
    /// In every Ramsch: also after a pass-out and under `ramsch_only`.
    AllRamsch,
}

/// The match format (variants §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MatchFormat {
    /// A list of deals with the table's rules.
    #[default]
    Free,
    /// Play to 100, then a Bock round, then a Schieberamsch round (§6.3).
    Pirat {
        /// Return to normal play after the Ramsch round, re-armed at the next
        /// multiple of 100, instead of ending.
        repeat: bool,
    },
}

/// The options in force at a Skat table. `SkatRules::default()` is the
/// International Skat Order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// How Ramsch is played, whenever it is.
    pub ramsch: RamschRules,
    /// Kontra and Re, when on.
    pub kontra: Option<KontraRules>,
    /// Bock rounds, when on.
    pub bock: Option<BockRules>,
    /// The match format.
    pub format: MatchFormat,
    /// HOUSE RULE: Spitze, when on (pub extras §2).
    pub spitze: Option<SpitzeRules>,
    /// HOUSE RULE: Schenken, when on (pub extras §3).
    pub schenken: Option<SchenkenRules>,
    /// HOUSE RULE: Klopfen, when on, and where (pub extras §4).
    pub klopfen: Option<KlopfenScope>,
    /// HOUSE RULE: every deal is a Ramsch, without an auction (pub extras §5).
    pub ramsch_only: bool,
}

impl Default for SkatRules {
    fn default() -> Self {
        SkatRules::ISKO
    }
}

impl SkatRules {
    /// The named presets, as `--rules NAME`, the server and the Python
    /// package name them.
    pub const PRESETS: [(&'static str, SkatRules); 4] =
        [("isko", SkatRules::ISKO), ("pub", SkatRules::PUB), ("pirat", SkatRules::PIRAT), ("xskat", SkatRules::XSKAT)];

    /// The International Skat Order: 3 members, throw-in, classic scoring,
    /// no Kontra, no Bock.
    pub const ISKO: SkatRules = SkatRules {
        table_size: 3,
        pass_out: PassOut::ThrowIn,
        scoring: Scoring::Classic,
        lost_hand_games_single: false,
        allow_null_below_bid: false,
        ramsch: RamschRules::STANDARD,
        kontra: None,
        bock: None,
        format: MatchFormat::Free,
        spitze: None,
        schenken: None,
        klopfen: None,
        ramsch_only: false,
    };

    /// Pub rules: Ramsch when all pass (Schieberamsch), Bock rounds with the
    /// default triggers, Kontra/Re.
    pub const PUB: SkatRules = SkatRules {
        pass_out: PassOut::Ramsch,
        kontra: Some(KontraRules { requires_bid: false, timing: KontraTiming::BeforeOwnFirstCard }),
        bock: Some(BockRules {
            triggers: BockTriggers::STANDARD,
            includes_trigger: false,
            stacking: BockStacking::Queue,
            ramsch_round_after_bock: false,
            event_merge: BockEventMerge::None,
        }),
        ..SkatRules::ISKO
    };

    /// The "Pirat" match (variants §6.3): ISkO play to 100, one Bock round,
    /// one Schieberamsch round (everybody takes, no jacks passed, skat to the
    /// loser), then the match ends.
    pub const PIRAT: SkatRules = SkatRules {
        ramsch: RamschRules {
            kind: RamschKind::Schieberamsch,
            skat_owner: SkatOwner::Loser,
            scoring: RamschScoring::Points,
            tie: RamschTie::AllLoseFull,
            jungfrau_doubles: true,
            durchmarsch: true,
            grand_hand_offer_after_pass_out: false,
            grand_hand_offer_in_rounds: false,
            jacks_may_be_pushed: false,
            unseen_push_allowed: false,
            three_way_tie: ThreeWayTie::AsTie,
            round_grand_hand_redeal: false,
        },
        format: MatchFormat::Pirat { repeat: false },
        ..SkatRules::ISKO
    };

    /// XSkat 4.0's pub table (pub extras §1.2): its fixed details, with the
    /// house rules a pub plays switched on as XSkat's options do (§1.3):
    /// `-spitze -schenken -klopfen -ramsch -sramsch -kontra -bock
    /// -bockramsch -bockevents 15` (lost with 60, Grand Hand won, lost
    /// after Kontra, Kontra and Re). Classic scoring, 3 members.
    pub const XSKAT: SkatRules = SkatRules {
        table_size: 3,
        pass_out: PassOut::Ramsch,
        scoring: Scoring::Classic,
        lost_hand_games_single: false,
        allow_null_below_bid: false,
        ramsch: RamschRules {
            kind: RamschKind::Schieberamsch,
            skat_owner: SkatOwner::LastTrick,
            scoring: RamschScoring::Points,
            tie: RamschTie::AllLoseFull,
            jungfrau_doubles: true,
            durchmarsch: true,
            grand_hand_offer_after_pass_out: false,
            grand_hand_offer_in_rounds: true,
            jacks_may_be_pushed: false,
            unseen_push_allowed: true,
            three_way_tie: ThreeWayTie::NobodyLoses,
            round_grand_hand_redeal: true,
        },
        kontra: Some(KontraRules { requires_bid: false, timing: KontraTiming::BeforeOpeningLead }),
        bock: Some(BockRules {
            triggers: BockTriggers {
                lost_with_60: true,
                grand_hand_won: true,
                lost_after_kontra: true,
                kontra_re: true,
                ..BockTriggers::NONE
            },
            includes_trigger: false,
            stacking: BockStacking::Queue,
            ramsch_round_after_bock: true,
            event_merge: BockEventMerge::Xskat,
        }),
        format: MatchFormat::Free,
        spitze: Some(SpitzeRules { levels: 1, ban: SpitzeBan::GrandWith4 }),
        schenken: Some(SchenkenRules { overbid: SchenkenOverbid::WonAtValue }),
        klopfen: Some(KlopfenScope::RamschRounds),
        ramsch_only: false,
    };
}
