//! `trumpf solve` as other tools run it: output shape, values of positions
//! whose answer is obvious by hand, and clear errors for bad input.

use std::process::{Command, Output};

fn trumpf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_trumpf")).args(args).output().expect("the trumpf binary runs")
}

fn stdout(out: &Output) -> Vec<String> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_owned).collect()
}

fn fails_with(out: &Output, needle: &str) {
    assert!(!out.status.success(), "should fail: {}", String::from_utf8_lossy(&out.stdout));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "expected {needle:?} in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Forehand holds all jacks, aces and tens but the diamond ones, which lie
/// in the skat: he takes every trick, 120 points with the skat.
const GRAND: &str = "CJ.SJ.HJ.DJ.CA.CT.SA.ST.HA.HT/CK.CQ.C9.C8.C7.SK.SQ.S9.S8.S7/HK.HQ.H9.H8.H7.DK.DQ.D9.D8.D7";

/// Forehand holds the lowest cards of every suit: as Null declarer he can
/// never take a trick (he leads only to trick 1, and every card he follows
/// with is below the card led).
const NULL: &str = "C7.C8.C9.S7.S8.S9.H7.H8.H9.D7/CT.CJ.CQ.ST.SJ.SQ.HT.HJ.HQ.DT/CK.CA.SK.SA.HK.HA.DJ.DQ.DK.DA";

/// Eldest holds the eight highest trumps and both black queens: a Sneaker
/// (or a Zola) that takes all eight tricks.
const SPITZER: &str = "CQ.D7.SQ.HQ.DQ.CJ.SJ.HJ/DJ.DA.DT.DK.D9.D8.CA.CT/CK.C9.C8.C7.SA.ST.SK.S9/S8.S7.HA.HT.HK.H9.H8.H7";

/// Plain pack, one suit per hand, L all spades: L takes all thirteen tricks.
const SPIDGE: &str = "S2.S3.S4.S5.S6.S7.S8.S9.ST.SJ.SQ.SK.SA/H2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ.HK.HA/\
                      C2.C3.C4.C5.C6.C7.C8.C9.CT.CJ.CQ.CK.CA/D2.D3.D4.D5.D6.D7.D8.D9.DT.DJ.DQ.DK.DA";

#[test]
fn skat_grand_with_every_top_card_is_worth_120() {
    let lines =
        stdout(&trumpf(&["solve", "skat", "--type", "grand", "--declarer", "0", "--hands", GRAND, "--skat", "DA.DT"]));
    assert_eq!(lines.len(), 11, "{lines:?}");
    assert_eq!(lines.last().unwrap(), "value 120");
    for line in &lines[..10] {
        let (card, value) = line.split_once(' ').unwrap();
        assert!(GRAND.split('/').next().unwrap().contains(card), "{line}");
        assert_eq!(value, "120", "{line}");
    }
    let win = stdout(&trumpf(&[
        "solve",
        "skat",
        "--type",
        "grand",
        "--declarer",
        "0",
        "--hands",
        GRAND,
        "--skat",
        "DA.DT",
        "--mode",
        "win",
    ]));
    assert_eq!(win.last().unwrap(), "value win");
    assert!(win[..10].iter().all(|l| l.ends_with(" win")));
}

/// `trumpf solve` of the grand on [`GRAND`] declared by `declarer`, after
/// the cards `played`.
fn solve_grand(declarer: &str, played: &str) -> Output {
    trumpf(&[
        "solve",
        "skat",
        "--type",
        "grand",
        "--declarer",
        declarer,
        "--hands",
        GRAND,
        "--skat",
        "DA.DT",
        "--played",
        played,
    ])
}

#[test]
fn skat_grand_for_a_defender_after_played_cards() {
    // Middlehand declares the same cards' grand: forehand (a defender) leads
    // and holds every trump and ace, so the declarer takes nothing but his
    // skat (21 points): after CJ C7, rearhand follows and every card of his
    // is worth 21 to the declarer.
    let lines = stdout(&solve_grand("1", "CJ C7"));
    assert_eq!(lines.last().unwrap(), "value 21");
    assert_eq!(lines.len(), 11, "rearhand holds ten cards, none can follow a trump: {lines:?}");
}

#[test]
fn the_declarer_may_be_named_as_well_as_numbered() {
    // The same middlehand grand as above, with the seat given by name.
    for seat in ["MH", "mh", "middlehand", "M"] {
        assert_eq!(stdout(&solve_grand(seat, "CJ C7")).last().unwrap(), "value 21", "{seat}");
    }
    assert_eq!(stdout(&solve_grand("FH", "")).last().unwrap(), "value 120");
    for bad in ["3", "XH", ""] {
        fails_with(&solve_grand(bad, ""), "not a seat");
    }
}

#[test]
fn skat_null_with_the_lowest_cards_stays_clean() {
    let base = ["solve", "skat", "--type", "null", "--declarer", "0", "--hands", NULL, "--skat", "D8.D9"];
    let win = stdout(&trumpf(&[&base[..], &["--mode", "win"]].concat()));
    assert_eq!(win.len(), 11);
    assert_eq!(win.last().unwrap(), "value win");
    // Points: the declarer is saddled with the skat's points only (0 here).
    let points = stdout(&trumpf(&base));
    assert_eq!(points.last().unwrap(), "value 0");
}

#[test]
fn spitzer_top_trumps_take_everything() {
    let lines = stdout(&trumpf(&["solve", "spitzer", "--hands", SPITZER]));
    assert_eq!(lines.len(), 9);
    assert_eq!(lines.last().unwrap(), "value 120");
    let zola = stdout(&trumpf(&["solve", "spitzer", "--hands", SPITZER, "--announcements", "0:Zola", "--mode", "win"]));
    assert_eq!(zola.last().unwrap(), "value win");
    let schwarz = stdout(&trumpf(&[
        "solve",
        "spitzer",
        "--hands",
        SPITZER,
        "--announcements",
        "0:ZolaSchneiderSchwarz",
        "--played",
        "CQ DJ CK S8",
        "--mode",
        "win",
    ]));
    assert_eq!(schwarz.len(), 8, "seven cards left: {schwarz:?}");
    assert_eq!(schwarz.last().unwrap(), "value win");
    // The opponents' side (seat 1 to move after a lead) takes nothing.
    let opp = stdout(&trumpf(&["solve", "spitzer", "--hands", SPITZER, "--played", "CQ"]));
    assert_eq!(opp.last().unwrap(), "value 0");
}

#[test]
fn spidge_all_spades_take_every_trick_both_ways() {
    for objective in ["max", "min"] {
        let lines = stdout(&trumpf(&["solve", "spidge", "--hands", SPIDGE, "--objective", objective]));
        assert_eq!(lines.len(), 14, "13 legal leads (only trumps in hand), then the value");
        assert_eq!(lines.last().unwrap(), "value 13");
        // The dummy (played by the dealer) after a lead: dealer and dummy take nothing.
        let dummy =
            stdout(&trumpf(&["solve", "spidge", "--hands", SPIDGE, "--objective", objective, "--played", "SA"]));
        assert_eq!(dummy.last().unwrap(), "value 0");
        assert_eq!(dummy.len(), 14, "the dummy may play any of its 13 hearts");
    }
    // A full deal's Min may take minutes: said on stderr, stdout unchanged.
    let stderr = |args: &[&str]| String::from_utf8_lossy(&trumpf(args).stderr).into_owned();
    assert!(stderr(&["solve", "spidge", "--hands", SPIDGE, "--objective", "min"]).contains("can take minutes"));
    assert_eq!(stderr(&["solve", "spidge", "--hands", SPIDGE, "--objective", "max"]), "");
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let skat = |hands: &str, skat: &str, played: &str| {
        trumpf(&[
            "solve",
            "skat",
            "--type",
            "null",
            "--declarer",
            "2",
            "--hands",
            hands,
            "--skat",
            skat,
            "--played",
            played,
        ])
    };
    fails_with(&skat("CJ.XX/a/b", "D8.D9", ""), "not a card");
    fails_with(&skat("C7.C8/a/b", "D8.D9", ""), "holds 2 cards");
    fails_with(&skat(NULL, "D8", ""), "--skat holds 1 cards");
    fails_with(&skat(NULL, "D8.D8", ""), "appears twice");
    fails_with(&skat(NULL, "D8.C7", ""), "twice");
    fails_with(&skat(NULL, "D8.D9", "C7 ST"), "not legal");
    // Rearhand, the declarer, wins trick 1 with CA: the Null is over.
    fails_with(&skat(NULL, "D8.D9", "C7 CT CA"), "end the deal");
    fails_with(&skat(NULL, "D8.D9", "C7 Q9"), "--played card 2");
    fails_with(&trumpf(&["solve", "spitzer", "--hands", SPITZER, "--announcements", "1:Zola"]), "turn");
    fails_with(&trumpf(&["solve", "spitzer", "--hands", SPITZER, "--announcements", "0-Zola"]), "seat:action");
    fails_with(&trumpf(&["solve", "spitzer", "--hands", "CQ/x/y"]), "needs 4 hands");
    fails_with(&trumpf(&["solve", "spidge", "--hands", SPIDGE, "--played", "S2 H2 C2 D2 S2"]), "not legal");
}
