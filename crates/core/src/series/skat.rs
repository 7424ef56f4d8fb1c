//! Skat as a match: a list of a fixed number of deals (or open-ended).

use rand::Rng;

use super::record::{
    FieldError, KeyError, RecordGame, ValueProblem, choice_name, read_bool, read_choice, read_hands, read_number,
    read_pairs, write_hands,
};
use super::{MatchGame, MatchStatus, RulesError, StartError, fresh_under, strict_leader, totals_after};
use crate::seat::{Member, Seat};
use crate::skat::{
    BockEventMerge, BockStacking, BockTriggers, DealSetup, GameKind, KlopfenScope, KontraTiming, MatchFormat,
    RamschKind, RamschScoring, RamschTie, SchenkenOverbid, SkatOwner, SpitzeBan, ThreeWayTie,
};
use crate::skat::{PassOut, Scoring, SkatAction, SkatDeal, SkatGame, SkatOutcome, SkatPhase, SkatRules, list};

/// The rules of a Skat list: the table's rules and the list's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SkatMatchRules {
    /// The table's rules (house rules and the match format included).
    pub table: SkatRules,
    /// Deals in the list (`None`: open-ended, the players stop when they
    /// like). The Pirat format ends by its own rule instead.
    pub deals: Option<u32>,
}

/// A round of special deals: one deal per member of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Round {
    /// Every score doubled (variants §4).
    Bock {
        /// Deals left in the round.
        left: u32,
    },
    /// Every deal a Ramsch (variants §4.7, §6.3).
    Ramsch {
        /// Deals left in the round.
        left: u32,
    },
}

/// The phase of a Pirat match (variants §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PiratPhase {
    /// Ordinary deals until a total reaches the threshold.
    #[default]
    Normal,
    /// The Bock round.
    Bock,
    /// The Schieberamsch round.
    Ramsch,
}

/// What a Skat list remembers between deals: rounds to come, Bock
/// thresholds reached, the Pirat phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SkatProgress {
    /// Bock and Ramsch rounds running and waiting, in order. With Bock
    /// rounds queued (the default) only the first round runs; with
    /// overlapping Bock rounds every Bock round runs at once.
    pub rounds: Vec<Round>,
    /// Per member, the highest multiple of 100 his total has reached (for
    /// the `score_crosses_100` trigger).
    pub hundreds: [i64; Member::MAX],
    /// The Pirat phase.
    pub pirat: PiratPhase,
    /// Bock rounds started so far (for the score sheet).
    pub bock_rounds_started: u32,
    /// The last deal was a Grand Hand in a Ramsch round that does not count
    /// as one of its deals: the same dealer deals again (pub extras §6.3).
    #[cfg_attr(feature = "serde", serde(default))]
    pub redeal: bool,
}

impl SkatProgress {
    /// What the next deal inherits: its Bock factor and whether it is a
    /// Ramsch-round deal.
    pub fn next_setup(&self, rules: &SkatRules) -> DealSetup {
        let overlap = rules.bock.is_some_and(|b| b.stacking == BockStacking::Overlap);
        let mut setup = DealSetup::default();
        if overlap {
            let bocks = self.rounds.iter().filter(|r| matches!(r, Round::Bock { .. })).count();
            // §4.5: overlapping rounds multiply, ×2 each.
            setup.bock = 1 << bocks.min(crate::skat::MAX_BOCK.trailing_zeros() as usize);
            setup.ramsch_round = self.rounds.iter().any(|r| matches!(r, Round::Ramsch { .. }));
        } else {
            match self.rounds.first() {
                Some(Round::Bock { .. }) => setup.bock = 2,
                Some(Round::Ramsch { .. }) => setup.ramsch_round = true,
                None => {}
            }
        }
        setup
    }

    /// Bock rounds waiting or running.
    pub fn bock_rounds_pending(&self) -> usize {
        self.rounds.iter().filter(|r| matches!(r, Round::Bock { .. })).count()
    }

    /// One deal has been played: the running rounds count down (a Ramsch
    /// round not for a re-dealt Grand Hand, pub extras §6.2); a finished
    /// Bock round may bring its Ramsch round.
    fn count_down(&mut self, overlap: bool, ramsch_after: bool, members: u32, redeal: bool) {
        // Which rounds this deal belonged to: the first one (queued), or
        // every Bock round and the first Ramsch round (overlapping).
        let mut ramsch_seen = false;
        let running: Vec<bool> = self
            .rounds
            .iter()
            .enumerate()
            .map(|(i, r)| match r {
                _ if !overlap => i == 0,
                Round::Bock { .. } => true,
                Round::Ramsch { .. } => !std::mem::replace(&mut ramsch_seen, true),
            })
            .collect();
        let mut finished_bocks = 0;
        let mut kept = Vec::with_capacity(self.rounds.len());
        for (mut round, ran) in self.rounds.drain(..).zip(running) {
            let counts = !(redeal && matches!(round, Round::Ramsch { .. }));
            let (Round::Bock { left } | Round::Ramsch { left }) = &mut round;
            if ran && counts {
                *left -= 1;
            }
            match round {
                Round::Bock { left: 0 } => finished_bocks += 1,
                Round::Ramsch { left: 0 } => {}
                round => kept.push(round),
            }
        }
        self.rounds = kept;
        if ramsch_after {
            for _ in 0..finished_bocks {
                let at = if overlap { self.rounds.len() } else { 0 };
                self.rounds.insert(at, Round::Ramsch { left: members });
            }
        }
    }
}

/// The Bock events a deal's outcome sets off (variants §4.2, pub extras
/// §6.4), merged per §6.5: the Bock rounds they queue, besides the score
/// events ([`score_bock_events`]).
pub fn deal_bock_events(triggers: &BockTriggers, merge: BockEventMerge, outcome: &SkatOutcome) -> u32 {
    // The value won before any doubling: a played game's, a Durchmarsch's 120.
    let won_value = match *outcome {
        SkatOutcome::Played { settlement: s, .. } if s.won => Some(s.value),
        SkatOutcome::Ramsch { result } if result.durchmarsch.is_some() => Some(120),
        _ => None,
    };
    let (won_72, won_96) = match won_value {
        Some(v) => (triggers.won_value_72 && v >= 72, triggers.won_value_96 && v >= 96),
        None => (false, false),
    };
    let mut events = pair(won_72, won_96, merge);
    let SkatOutcome::Played { settlement: s, .. } = *outcome else { return events };
    let c = s.contract;
    let kontra = s.kontra;
    let grand_hand = c.kind == GameKind::Grand && c.hand;
    events += pair(triggers.kontra_re && kontra == 2, triggers.lost_after_kontra && kontra >= 1 && !s.won, merge);
    events
        + [
            triggers.lost_with_60 && c.kind != GameKind::Null && s.tally.declarer_points == 60,
            triggers.grand_hand_played && grand_hand,
            triggers.null_ouvert_hand_played && c.kind == GameKind::Null && c.hand && c.ouvert,
            triggers.lost_grand && c.kind == GameKind::Grand && !s.won,
            triggers.grand_hand_won && grand_hand && s.won,
        ]
        .iter()
        .filter(|&&e| e)
        .count() as u32
}

/// Two events that XSkat's merge counts once when both fire.
fn pair(a: bool, b: bool, merge: BockEventMerge) -> u32 {
    match merge {
        BockEventMerge::Xskat => u32::from(a || b),
        BockEventMerge::None => u32::from(a) + u32::from(b),
    }
}

/// The score events of one member whose total went from `before` to
/// `after` in a deal (pub extras §6.4: `score_multiple_of_100`,
/// `score_three_equal_digits`), merged per §6.5. `score_crosses_100`
/// (variants §4.2) needs the match's memory and is counted by the match.
pub fn score_bock_events(triggers: &BockTriggers, merge: BockEventMerge, before: i64, after: i64) -> u32 {
    let changed = before != after;
    let hundred = triggers.score_multiple_of_100 && changed && after.rem_euclid(100) == 0;
    let digits = triggers.score_three_equal_digits && changed && (after.unsigned_abs() % 1000).is_multiple_of(111);
    pair(hundred, digits, merge)
}

impl MatchGame for SkatGame {
    type Rules = SkatMatchRules;
    type Progress = SkatProgress;

    fn deals_again(progress: &SkatProgress) -> bool {
        progress.redeal
    }

    fn members(rules: &SkatMatchRules) -> usize {
        usize::from(rules.table.table_size)
    }

    fn seating(rules: &SkatMatchRules, dealer: Member) -> [Member; Seat::MAX] {
        let members = Self::members(rules);
        let [fh, mh, rh] = list::seating(dealer, members);
        [fh, mh, rh, dealer]
    }

    fn check_rules(rules: &SkatMatchRules) -> Result<(), RulesError> {
        match rules.table.table_size {
            3 | 4 => Ok(()),
            n => Err(RulesError::SkatTableSize(n)),
        }
    }

    fn deal<R: Rng + ?Sized>(rules: &SkatMatchRules, progress: &SkatProgress, rng: &mut R) -> SkatGame {
        SkatGame::with_setup(SkatDeal::random(rng), rules.table, progress.next_setup(&rules.table))
    }

    fn check_start(&self, rules: &SkatMatchRules, progress: &SkatProgress) -> Result<(), StartError> {
        // Fresh: exactly the state a new deal of these cards starts in.
        let fresh = *self == SkatGame::with_setup(*self.deal(), *self.rules(), self.setup());
        fresh_under(*self.rules() == rules.table, fresh)?;
        let expected = progress.next_setup(&rules.table);
        if self.setup() != expected {
            return Err(StartError::Setup { expected, found: self.setup() });
        }
        Ok(())
    }

    /// The deal's list entry per member: its value, plus the Seeger–Fabian
    /// bonus under that scoring ([`list::list_deltas`]).
    fn member_scores(&self, rules: &SkatMatchRules, dealer: Member) -> [i64; Member::MAX] {
        let Some(outcome) = self.outcome() else { return [0; Member::MAX] };
        let members = Self::members(rules);
        list::list_deltas(&outcome, rules.table.scoring, members, list::seating(dealer, members))
    }

    fn after_deal(
        rules: &SkatMatchRules,
        progress: &mut SkatProgress,
        scores: &mut [i64; Member::MAX],
        totals: &[i64; Member::MAX],
        deals: usize,
        last: &SkatGame,
        _: Member,
    ) -> MatchStatus {
        let table = &rules.table;
        let members = Self::members(rules);
        let rounds_of = members as u32;
        let overlap = table.bock.is_some_and(|b| b.stacking == BockStacking::Overlap);
        let ramsch_after = table.bock.is_some_and(|b| b.ramsch_round_after_bock);
        // §6.3: a Grand Hand in a Ramsch round may not count, and be dealt again.
        progress.redeal =
            table.ramsch.round_grand_hand_redeal && last.setup().ramsch_round && last.contract().is_some();
        progress.count_down(overlap, ramsch_after, rounds_of, progress.redeal);
        let finished =
            |totals: &[i64; Member::MAX]| strict_leader(totals, members).map_or(MatchStatus::Drawn, MatchStatus::Won);
        if let MatchFormat::Pirat { repeat } = table.format {
            let after = totals_after(totals, scores);
            // §6.3: the threshold is 100, re-armed at the next hundred when
            // the format repeats.
            let threshold = 100 * (1 + i64::from(progress.bock_rounds_started));
            match progress.pirat {
                PiratPhase::Normal if after[..members].iter().any(|&t| t >= threshold) => {
                    progress.pirat = PiratPhase::Bock;
                    progress.bock_rounds_started += 1;
                    progress.rounds = vec![Round::Bock { left: rounds_of }, Round::Ramsch { left: rounds_of }];
                }
                PiratPhase::Bock if !matches!(progress.rounds.first(), Some(Round::Bock { .. })) => {
                    progress.pirat = PiratPhase::Ramsch;
                }
                PiratPhase::Ramsch if progress.rounds.is_empty() => {
                    if !repeat {
                        return finished(&after);
                    }
                    progress.pirat = PiratPhase::Normal;
                }
                _ => {}
            }
            return MatchStatus::Running;
        }
        if let Some(bock) = table.bock {
            let mut events = last.outcome().map_or(0, |o| deal_bock_events(&bock.triggers, bock.event_merge, &o));
            let after = totals_after(totals, scores);
            for (&before, &after) in totals.iter().zip(&after).take(members) {
                events += score_bock_events(&bock.triggers, bock.event_merge, before, after);
            }
            if bock.triggers.score_crosses_100 {
                for (total, reached) in after.iter().zip(progress.hundreds.iter_mut()).take(members) {
                    // §4.2: every multiple of 100 newly reached is one event
                    // (0 → 240 crosses 100 and 200).
                    let k = total.div_euclid(100);
                    if k > *reached {
                        events += (k - *reached) as u32;
                        *reached = k;
                    }
                }
            }
            // §4.4 with §4.5: the trigger deal is doubled too, but queued
            // rounds never make a deal more than ×2.
            if events > 0 && bock.includes_trigger && (overlap || last.setup().bock == 1) {
                for s in scores.iter_mut() {
                    *s *= 2;
                }
            }
            for _ in 0..events {
                progress.rounds.push(Round::Bock { left: rounds_of });
                progress.bock_rounds_started += 1;
            }
        }
        match rules.deals {
            Some(n) if deals >= n as usize => finished(&totals_after(totals, scores)),
            _ => MatchStatus::Running,
        }
    }
}

const SCORING: [(&str, Scoring); 2] = [("classic", Scoring::Classic), ("seeger_fabian", Scoring::SeegerFabian)];
const PASS_OUT: [(&str, PassOut); 2] = [("throw_in", PassOut::ThrowIn), ("ramsch", PassOut::Ramsch)];
const RAMSCH_KIND: [(&str, RamschKind); 2] =
    [("schieberamsch", RamschKind::Schieberamsch), ("plain", RamschKind::Plain)];
const SKAT_OWNER: [(&str, SkatOwner); 2] = [("last_trick", SkatOwner::LastTrick), ("loser", SkatOwner::Loser)];
const RAMSCH_SCORING: [(&str, RamschScoring); 2] = [("points", RamschScoring::Points), ("fixed", RamschScoring::Fixed)];
const RAMSCH_TIE: [(&str, RamschTie); 3] = [
    ("all_lose_full", RamschTie::AllLoseFull),
    ("split", RamschTie::Split),
    ("latest_trick_loses", RamschTie::LatestTrickLoses),
];
const KONTRA_TIMING: [(&str, KontraTiming); 2] = [
    ("before_own_first_card", KontraTiming::BeforeOwnFirstCard),
    ("before_opening_lead", KontraTiming::BeforeOpeningLead),
];
const BOCK_STACKING: [(&str, BockStacking); 2] = [("queue", BockStacking::Queue), ("overlap", BockStacking::Overlap)];
const FORMAT: [(&str, MatchFormat); 3] = [
    ("free", MatchFormat::Free),
    ("pirat", MatchFormat::Pirat { repeat: false }),
    ("pirat_repeat", MatchFormat::Pirat { repeat: true }),
];
const ON_OFF: [(&str, bool); 2] = [("on", true), ("off", false)];
const SPITZE_BAN: [(&str, SpitzeBan); 2] =
    [("grand_with_4", SpitzeBan::GrandWith4), ("all_trumps", SpitzeBan::AllTrumps)];
const SCHENKEN_OVERBID: [(&str, SchenkenOverbid); 2] =
    [("lost", SchenkenOverbid::Lost), ("won_at_value", SchenkenOverbid::WonAtValue)];
const KLOPFEN_SCOPE: [(&str, KlopfenScope); 2] =
    [("ramsch_rounds", KlopfenScope::RamschRounds), ("all_ramsch", KlopfenScope::AllRamsch)];
const THREE_WAY_TIE: [(&str, ThreeWayTie); 2] =
    [("as_tie", ThreeWayTie::AsTie), ("nobody_loses", ThreeWayTie::NobodyLoses)];
const BOCK_EVENT_MERGE: [(&str, BockEventMerge); 2] =
    [("none", BockEventMerge::None), ("xskat", BockEventMerge::Xskat)];
const HANDS: [&str; 4] = ["FH", "MH", "RH", "skat"];

/// The Bock trigger ids of variants §4.2 and pub extras §6.4, in the
/// documents' order.
fn trigger_flags(t: &mut BockTriggers) -> [(&'static str, &mut bool); 12] {
    [
        ("lost_with_60", &mut t.lost_with_60),
        ("grand_hand_played", &mut t.grand_hand_played),
        ("null_ouvert_hand_played", &mut t.null_ouvert_hand_played),
        ("kontra_re", &mut t.kontra_re),
        ("lost_after_kontra", &mut t.lost_after_kontra),
        ("lost_grand", &mut t.lost_grand),
        ("score_crosses_100", &mut t.score_crosses_100),
        ("grand_hand_won", &mut t.grand_hand_won),
        ("score_multiple_of_100", &mut t.score_multiple_of_100),
        ("score_three_equal_digits", &mut t.score_three_equal_digits),
        ("won_value_72", &mut t.won_value_72),
        ("won_value_96", &mut t.won_value_96),
    ]
}

/// The rules as `key=value` pairs (the keys of variants §1).
pub fn write_skat_rules(rules: &SkatMatchRules) -> String {
    let t = &rules.table;
    let r = &t.ramsch;
    let mut out = vec![
        format!("table_size={}", t.table_size),
        format!("pass_out={}", choice_name(&t.pass_out, &PASS_OUT)),
        format!("scoring={}", choice_name(&t.scoring, &SCORING)),
        format!("lost_hand_games_single={}", t.lost_hand_games_single),
        format!("allow_null_below_bid={}", t.allow_null_below_bid),
        format!("deals={}", rules.deals.map_or("open".to_owned(), |n| n.to_string())),
        format!("match={}", choice_name(&t.format, &FORMAT)),
        format!("ramsch_kind={}", choice_name(&r.kind, &RAMSCH_KIND)),
        format!("ramsch_skat_owner={}", choice_name(&r.skat_owner, &SKAT_OWNER)),
        format!("ramsch_scoring={}", choice_name(&r.scoring, &RAMSCH_SCORING)),
        format!("ramsch_tie={}", choice_name(&r.tie, &RAMSCH_TIE)),
        format!("jungfrau_doubles={}", r.jungfrau_doubles),
        format!("durchmarsch={}", r.durchmarsch),
        format!("ramsch_grand_hand_offer_after_pass_out={}", r.grand_hand_offer_after_pass_out),
        format!("ramsch_grand_hand_offer_in_rounds={}", r.grand_hand_offer_in_rounds),
        format!("jacks_may_be_pushed={}", r.jacks_may_be_pushed),
        format!("unseen_push_allowed={}", r.unseen_push_allowed),
        format!("kontra={}", if t.kontra.is_some() { "on" } else { "off" }),
    ];
    if let Some(k) = t.kontra {
        out.push(format!("kontra_requires_bid={}", k.requires_bid));
        out.push(format!("kontra_timing={}", choice_name(&k.timing, &KONTRA_TIMING)));
    }
    out.push(format!("bock={}", if t.bock.is_some() { "on" } else { "off" }));
    if let Some(mut b) = t.bock {
        let on: Vec<&str> = trigger_flags(&mut b.triggers).into_iter().filter(|(_, f)| **f).map(|(n, _)| n).collect();
        out.push(format!("bock_triggers={}", if on.is_empty() { "none".to_owned() } else { on.join(",") }));
        out.push(format!("bock_includes_trigger={}", b.includes_trigger));
        out.push(format!("bock_stacking={}", choice_name(&b.stacking, &BOCK_STACKING)));
        out.push(format!("ramsch_round_after_bock={}", b.ramsch_round_after_bock));
        if b.event_merge != BockEventMerge::None {
            out.push(format!("bock_event_merge={}", choice_name(&b.event_merge, &BOCK_EVENT_MERGE)));
        }
    }
    // The pub extras (skat-pub-extras.md §1.1): written when switched on
    // or away from their defaults, so records without them read as before.
    if let Some(sp) = t.spitze {
        out.push("spitze=on".to_owned());
        out.push(format!("spitze_levels={}", sp.levels));
        out.push(format!("spitze_ban={}", choice_name(&sp.ban, &SPITZE_BAN)));
    }
    if let Some(sc) = t.schenken {
        out.push("schenken=on".to_owned());
        out.push(format!("schenken_overbid={}", choice_name(&sc.overbid, &SCHENKEN_OVERBID)));
    }
    if let Some(scope) = t.klopfen {
        out.push("klopfen=on".to_owned());
        out.push(format!("klopfen_scope={}", choice_name(&scope, &KLOPFEN_SCOPE)));
    }
    if t.ramsch_only {
        out.push("ramsch_only=true".to_owned());
    }
    if r.round_grand_hand_redeal {
        out.push("ramsch_round_grand_hand_redeal=true".to_owned());
    }
    if r.three_way_tie != ThreeWayTie::AsTie {
        out.push(format!("ramsch_three_way_tie={}", choice_name(&r.three_way_tie, &THREE_WAY_TIE)));
    }
    out.join(" ")
}

/// Reads [`write_skat_rules`]' form; missing keys keep the ISkO default
/// (the Kontra and Bock details take their variant defaults).
///
/// # Errors
/// An unknown key or a bad value, named.
pub fn read_skat_rules(text: &str) -> Result<SkatMatchRules, FieldError> {
    read_skat_rules_onto(SkatMatchRules::default(), text)
}

/// Reads `key=value` pairs as [`read_skat_rules`] does, over `base` instead
/// of the ISkO defaults (a preset with some options changed).
///
/// # Errors
/// An unknown key or a bad value, named.
pub fn read_skat_rules_onto(base: SkatMatchRules, text: &str) -> Result<SkatMatchRules, FieldError> {
    let mut rules = base;
    let (mut kontra_on, mut kontra) = (base.table.kontra.is_some(), base.table.kontra.unwrap_or_default());
    let (mut bock_on, mut bock) = (base.table.bock.is_some(), base.table.bock.unwrap_or_default());
    let (mut spitze_on, mut spitze) = (base.table.spitze.is_some(), base.table.spitze.unwrap_or_default());
    let (mut schenken_on, mut schenken) = (base.table.schenken.is_some(), base.table.schenken.unwrap_or_default());
    let (mut klopfen_on, mut klopfen) = (base.table.klopfen.is_some(), base.table.klopfen.unwrap_or_default());
    read_pairs(text, |key, value| {
        let t = &mut rules.table;
        let r = &mut t.ramsch;
        match key {
            "table_size" => {
                t.table_size = read_number(value)?;
                if !(3..=4).contains(&t.table_size) {
                    return Err(ValueProblem::OutOfRange("a Skat table has 3 or 4 members").into());
                }
            }
            "pass_out" => t.pass_out = read_choice(value, &PASS_OUT)?,
            "scoring" => t.scoring = read_choice(value, &SCORING)?,
            "lost_hand_games_single" => t.lost_hand_games_single = read_bool(value)?,
            "allow_null_below_bid" => t.allow_null_below_bid = read_bool(value)?,
            "deals" if value == "open" => rules.deals = None,
            "deals" => rules.deals = Some(read_number(value)?),
            "match" => t.format = read_choice(value, &FORMAT)?,
            "ramsch_kind" => r.kind = read_choice(value, &RAMSCH_KIND)?,
            "ramsch_skat_owner" => r.skat_owner = read_choice(value, &SKAT_OWNER)?,
            "ramsch_scoring" => r.scoring = read_choice(value, &RAMSCH_SCORING)?,
            "ramsch_tie" => r.tie = read_choice(value, &RAMSCH_TIE)?,
            "jungfrau_doubles" => r.jungfrau_doubles = read_bool(value)?,
            "durchmarsch" => r.durchmarsch = read_bool(value)?,
            "ramsch_grand_hand_offer_after_pass_out" => r.grand_hand_offer_after_pass_out = read_bool(value)?,
            "ramsch_grand_hand_offer_in_rounds" => r.grand_hand_offer_in_rounds = read_bool(value)?,
            "jacks_may_be_pushed" => r.jacks_may_be_pushed = read_bool(value)?,
            "unseen_push_allowed" => r.unseen_push_allowed = read_bool(value)?,
            "kontra" => kontra_on = read_choice(value, &ON_OFF)?,
            "kontra_requires_bid" => kontra.requires_bid = read_bool(value)?,
            "kontra_timing" => kontra.timing = read_choice(value, &KONTRA_TIMING)?,
            "bock" => bock_on = read_choice(value, &ON_OFF)?,
            "bock_triggers" => {
                let mut triggers = bock.triggers;
                for (_, flag) in trigger_flags(&mut triggers) {
                    *flag = false;
                }
                for id in value.split(',').filter(|id| *id != "none") {
                    let mut flags = trigger_flags(&mut triggers);
                    let (_, flag) = flags
                        .iter_mut()
                        .find(|(name, _)| *name == id)
                        .ok_or_else(|| ValueProblem::UnknownTrigger(id.to_owned()))?;
                    **flag = true;
                }
                bock.triggers = triggers;
            }
            "bock_includes_trigger" => bock.includes_trigger = read_bool(value)?,
            "bock_stacking" => bock.stacking = read_choice(value, &BOCK_STACKING)?,
            "ramsch_round_after_bock" => bock.ramsch_round_after_bock = read_bool(value)?,
            "bock_event_merge" => bock.event_merge = read_choice(value, &BOCK_EVENT_MERGE)?,
            "spitze" => spitze_on = read_choice(value, &ON_OFF)?,
            "spitze_levels" => {
                spitze.levels = read_number(value)?;
                if !(1..=2).contains(&spitze.levels) {
                    return Err(ValueProblem::OutOfRange("Spitze adds 1 or 2 levels").into());
                }
            }
            "spitze_ban" => spitze.ban = read_choice(value, &SPITZE_BAN)?,
            "schenken" => schenken_on = read_choice(value, &ON_OFF)?,
            "schenken_overbid" => schenken.overbid = read_choice(value, &SCHENKEN_OVERBID)?,
            "klopfen" => klopfen_on = read_choice(value, &ON_OFF)?,
            "klopfen_scope" => klopfen = read_choice(value, &KLOPFEN_SCOPE)?,
            "ramsch_only" => t.ramsch_only = read_bool(value)?,
            "ramsch_round_grand_hand_redeal" => r.round_grand_hand_redeal = read_bool(value)?,
            "ramsch_three_way_tie" => r.three_way_tie = read_choice(value, &THREE_WAY_TIE)?,
            "revolution" if value == "off" => {}
            "revolution" => {
                read_choice(value, &ON_OFF)?;
                return Err(ValueProblem::OutOfRange("Revolution (pub extras §7) is not played by this engine").into());
            }
            "revolution_hand_only" => {
                read_bool(value)?;
            }
            _ => return Err(KeyError::Unknown),
        }
        Ok(())
    })?;
    rules.table.kontra = kontra_on.then_some(kontra);
    rules.table.bock = bock_on.then_some(bock);
    rules.table.spitze = spitze_on.then_some(spitze);
    rules.table.schenken = schenken_on.then_some(schenken);
    rules.table.klopfen = klopfen_on.then_some(klopfen);
    Ok(rules)
}

impl RecordGame for SkatGame {
    fn write_rules(rules: &SkatMatchRules) -> String {
        write_skat_rules(rules)
    }

    fn read_rules(text: &str) -> Result<SkatMatchRules, FieldError> {
        read_skat_rules(text)
    }

    fn write_deal(&self) -> String {
        let d = self.deal();
        write_hands(&HANDS, &[d.hand(Seat::FOREHAND), d.hand(Seat::MIDDLEHAND), d.hand(Seat::REARHAND), d.skat()])
    }

    fn read_deal(text: &str, rules: &SkatMatchRules, progress: &SkatProgress) -> Result<SkatGame, FieldError> {
        let [fh, mh, rh, skat] = read_hands(text, HANDS)?;
        let deal = SkatDeal::new([fh, mh, rh], skat)?;
        Ok(SkatGame::with_setup(deal, rules.table, progress.next_setup(&rules.table)))
    }

    fn write_action(action: SkatAction) -> String {
        action.to_string()
    }

    fn read_action(text: &str) -> Result<SkatAction, FieldError> {
        Ok(text.parse::<SkatAction>()?)
    }

    /// The declarer's "no Spitze" (pub extras §9: `spitze` follows the
    /// declaration only when announced).
    fn implied(state: &SkatGame, next: (Seat, SkatAction)) -> Option<(Seat, SkatAction)> {
        let declarer = state.declarer().map(|(d, _)| d)?;
        let decides = next.0 == declarer && matches!(next.1, SkatAction::Spitze | SkatAction::Pass);
        (state.phase() == SkatPhase::Spitze && !decides).then_some((declarer, SkatAction::Pass))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_bock_rounds_multiply_past_eight() {
        // Variants §4.5: `overlap` rounds run concurrently and multiply (two
        // active rounds → ×4), so four give ×16 and five ×32.
        let mut table = SkatRules::PUB;
        table.bock = table.bock.map(|b| crate::skat::BockRules { stacking: BockStacking::Overlap, ..b });
        for (rounds, factor) in [(1, 2), (2, 4), (3, 8), (4, 16), (5, 32)] {
            let progress = SkatProgress { rounds: vec![Round::Bock { left: 3 }; rounds], ..SkatProgress::default() };
            assert_eq!(progress.next_setup(&table).bock, factor, "{rounds} rounds");
        }
    }

    #[test]
    fn each_hundred_reached_is_one_bock_round() {
        // Variants §4.2 `score_crosses_100`: rising from below k·100 to at
        // least k·100, each k once per player. 0 → 240 reaches 100 and 200.
        let mut table = SkatRules::PUB;
        let triggers = BockTriggers { score_crosses_100: true, ..BockTriggers::NONE };
        table.bock = table.bock.map(|b| crate::skat::BockRules { triggers, ..b });
        let rules = SkatMatchRules { table, deals: None };
        let game = SkatGame::new(SkatDeal::from_seed(1), table);
        let mut progress = SkatProgress::default();
        let mut scores = [240, 0, 0, 0];
        SkatGame::after_deal(&rules, &mut progress, &mut scores, &[0; 4], 1, &game, Member::new(0).unwrap());
        assert_eq!(progress.bock_rounds_pending(), 2);
        // 240 → 290 reaches nothing new; 290 → 300 reaches 300.
        SkatGame::after_deal(
            &rules,
            &mut progress,
            &mut [50, 0, 0, 0],
            &[240, 0, 0, 0],
            2,
            &game,
            Member::new(1).unwrap(),
        );
        assert_eq!(progress.bock_rounds_started, 2);
        SkatGame::after_deal(
            &rules,
            &mut progress,
            &mut [10, 0, 0, 0],
            &[290, 0, 0, 0],
            3,
            &game,
            Member::new(2).unwrap(),
        );
        assert_eq!(progress.bock_rounds_started, 3);
    }
}
