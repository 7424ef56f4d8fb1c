//! The settlement, Ramsch and Bock-event vectors of `skat-pub-extras.md`
//! §10, kept as the data file `tests/data/skat/pub_extras_settle.txt`, for
//! the pure functions: `settle_game`, `settle_ramsch`, `deal_bock_events`
//! and `score_bock_events`. The played vectors (legality, the gift and
//! knock sequences, Bock-Ramsch rounds) are driven through the engine in
//! `skat_variants.rs`.
//!
//! Every expected number is transcribed from the document; the drivers only
//! parse, call and compare, and list every disagreement before failing.

use trumpf_core::Seat;
use trumpf_core::series::{deal_bock_events, score_bock_events};
use trumpf_core::skat::{
    BockEventMerge, BockTriggers, Contract, Doubling, Extras, PlayTally, RamschKind, RamschPlay, RamschResult,
    RamschRules, RamschScoring, RamschTie, SchenkenOverbid, SkatOutcome, SkatOwner, SkatRules, ThreeWayTie,
    settle_game, settle_ramsch,
};

mod common;
use common::{contract, data_lines, fields};

const SETTLE: &str = include_str!("data/skat/pub_extras_settle.txt");

fn numbers<T: std::str::FromStr>(text: &str) -> Vec<T> {
    text.split_whitespace().map(|n| n.parse().unwrap_or_else(|_| panic!("not a number: {n:?}"))).collect()
}

fn three<T: std::str::FromStr + Copy>(text: &str) -> [T; 3] {
    let v = numbers::<T>(text);
    assert_eq!(v.len(), 3, "three numbers expected in {text:?}");
    [v[0], v[1], v[2]]
}

/// The Ramsch defaults of `skat-variants.md` §1 and `skat-pub-extras.md`
/// §1.1, written out here, with the row's overrides.
fn ramsch_rules(spec: &str) -> RamschRules {
    let mut r = RamschRules {
        kind: RamschKind::Plain,
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
    for pair in spec.split_whitespace().filter(|w| *w != "-") {
        match pair.split_once('=').expect("key=value") {
            ("ramsch_tie", "split") => r.tie = RamschTie::Split,
            ("ramsch_three_way_tie", "nobody_loses") => r.three_way_tie = ThreeWayTie::NobodyLoses,
            ("ramsch_scoring", "fixed") => r.scoring = RamschScoring::Fixed,
            ("ramsch_skat_owner", "loser") => r.skat_owner = SkatOwner::Loser,
            other => panic!("unknown Ramsch rule {other:?}"),
        }
    }
    r
}

fn triggers(ids: &str) -> BockTriggers {
    let mut t = BockTriggers {
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
    for id in ids.split(',') {
        match id {
            "kontra_re" => t.kontra_re = true,
            "lost_after_kontra" => t.lost_after_kontra = true,
            "grand_hand_won" => t.grand_hand_won = true,
            "score_multiple_of_100" => t.score_multiple_of_100 = true,
            "score_three_equal_digits" => t.score_three_equal_digits = true,
            "won_value_72" => t.won_value_72 = true,
            "won_value_96" => t.won_value_96 = true,
            other => panic!("unknown trigger {other:?}"),
        }
    }
    t
}

fn merge(name: &str) -> BockEventMerge {
    match name {
        "none" => BockEventMerge::None,
        "xskat" => BockEventMerge::Xskat,
        other => panic!("unknown merge {other:?}"),
    }
}

fn gift(name: &str) -> Option<SchenkenOverbid> {
    match name {
        "-" => None,
        "lost" => Some(SchenkenOverbid::Lost),
        "won_at_value" => Some(SchenkenOverbid::WonAtValue),
        other => panic!("unknown gift rule {other:?}"),
    }
}

fn tally(text: &str) -> PlayTally {
    let [declarer_points, declarer_tricks, defender_tricks] = three::<u8>(text);
    PlayTally { declarer_points, declarer_tricks, defender_tricks }
}

fn doubling(text: &str) -> Doubling {
    let [kontra, bock] = [numbers::<u32>(text)[0], numbers::<u32>(text)[1]];
    Doubling { kontra: kontra as u8, bock }
}

/// A settled game from a `game` or `event` row's columns.
struct GameRow<'a> {
    contract: Contract,
    bid: u16,
    matadors: i8,
    tally: PlayTally,
    spitze: &'a str,
    raised: u8,
    gift: Option<SchenkenOverbid>,
    doubling: Doubling,
}

fn settle(row: &GameRow<'_>) -> trumpf_core::skat::Settlement {
    let (spitze, spitze_made) = match row.spitze.split_whitespace().collect::<Vec<_>>()[..] {
        ["-"] => (0, false),
        [levels, "made"] => (levels.parse().expect("levels"), true),
        [levels, "failed"] => (levels.parse().expect("levels"), false),
        ref other => panic!("bad spitze column {other:?}"),
    };
    let extras = Extras { spitze, spitze_made, raised: row.raised, gift: row.gift };
    settle_game(row.contract, row.bid, row.matadors, row.tally, &SkatRules::ISKO, row.doubling, extras)
}

#[test]
fn the_settlement_vectors_of_section_10() {
    let mut failures = Vec::new();
    let mut rows = 0;
    for (line, text) in data_lines(SETTLE) {
        let f = fields(text);
        let id = f[1];
        let wrong = match f[0] {
            "game" => {
                assert_eq!(f.len(), 11, "line {line}");
                let row = GameRow {
                    contract: contract(f[2]),
                    bid: f[3].parse().expect("bid"),
                    matadors: f[4].parse().expect("matadors"),
                    tally: tally(f[5]),
                    spitze: f[6],
                    raised: f[7].parse().expect("raised"),
                    gift: gift(f[8]),
                    doubling: doubling(f[9]),
                };
                let s = settle(&row);
                let want: Vec<&str> = f[10].split_whitespace().collect();
                let want =
                    (want[0] == "won", want[1].parse::<u16>().expect("V"), want[2].parse::<i32>().expect("score"));
                let got = (s.won, s.value, s.score);
                (got != want).then(|| format!("(won, V, score) {got:?}, want {want:?}"))
            }
            "ramsch" => {
                assert_eq!(f.len(), 9, "line {line}");
                let [pushes, knocks, bock] = three::<u32>(f[7]);
                let play = RamschPlay {
                    trick_points: three(f[3]),
                    tricks: three(f[4]),
                    latest_trick: three(f[5]),
                    skat_points: f[6].parse().expect("skat points"),
                    pushes: pushes as u8,
                    knocks: knocks as u8,
                    bock,
                };
                let points: u32 =
                    play.trick_points.iter().map(|&p| u32::from(p)).sum::<u32>() + u32::from(play.skat_points);
                assert_eq!(points, 120, "line {line}: the card points make 120");
                let r: RamschResult = settle_ramsch(play, &ramsch_rules(f[2]));
                let want = three::<i32>(f[8]);
                (r.scores != want).then(|| format!("scores {:?}, want {want:?}", r.scores))
            }
            "score" => {
                assert_eq!(f.len(), 7, "line {line}");
                let got = score_bock_events(
                    &triggers(f[2]),
                    merge(f[3]),
                    f[4].parse().expect("before"),
                    f[5].parse().expect("after"),
                );
                let want: u32 = f[6].parse().expect("events");
                (got != want).then(|| format!("{got} events, want {want}"))
            }
            "event" => {
                assert_eq!(f.len(), 11, "line {line}");
                let row = GameRow {
                    contract: contract(f[4]),
                    bid: f[5].parse().expect("bid"),
                    matadors: f[6].parse().expect("matadors"),
                    tally: tally(f[7]),
                    spitze: "-",
                    raised: 0,
                    gift: gift(f[9]),
                    doubling: doubling(f[8]),
                };
                let outcome = SkatOutcome::Played { declarer: Seat::FOREHAND, settlement: settle(&row) };
                let got = deal_bock_events(&triggers(f[2]), merge(f[3]), &outcome);
                let want: u32 = f[10].parse().expect("events");
                (got != want).then(|| format!("{got} events, want {want}"))
            }
            "durchmarsch" => {
                assert_eq!(f.len(), 5, "line {line}");
                let play = RamschPlay {
                    trick_points: [110, 0, 0],
                    tricks: [10, 0, 0],
                    latest_trick: [10, 0, 0],
                    skat_points: 10,
                    pushes: 0,
                    knocks: 0,
                    bock: 1,
                };
                let result = settle_ramsch(play, &ramsch_rules("-"));
                assert!(result.durchmarsch.is_some(), "line {line}: a Durchmarsch");
                let got = deal_bock_events(&triggers(f[2]), merge(f[3]), &SkatOutcome::Ramsch { result });
                let want: u32 = f[4].parse().expect("events");
                (got != want).then(|| format!("{got} events, want {want}"))
            }
            other => panic!("line {line}: unknown row kind {other:?}"),
        };
        rows += 1;
        if let Some(w) = wrong {
            failures.push(format!("{id} (line {line}): {w}"));
        }
    }
    assert!(failures.is_empty(), "pub extras disagreements:\n{}", failures.join("\n"));
    // Every vector of §10 that the pure functions settle is in the file.
    assert_eq!(rows, 58);
    for id in [
        "SP1", "SP2", "SP3", "SP4", "SP5", "SP9", "SP10", "SP11", "SC1", "SC2", "SC3", "SC4", "SC5", "SC6", "SC7",
        "SC8", "SC9", "KL1", "KL2", "KL3", "KL4", "KL5", "KL8", "KL9", "RO2", "T1", "EV1", "EV2", "EV3", "EV4", "EV5",
        "EV6", "EV7",
    ] {
        assert!(
            data_lines(SETTLE)
                .any(|(_, t)| fields(t).get(1).is_some_and(|f| *f == id || f.starts_with(&format!("{id}-")))),
            "§10 {id} has no vector"
        );
    }
}
