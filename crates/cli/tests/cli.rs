//! The `trumpf` commands as a user runs them. Expected counts come from the
//! rules documents (hand-counted perft positions) and the real ISS records.

use std::process::{Command, Output};

fn trumpf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_trumpf")).args(args).output().expect("the trumpf binary runs")
}

fn last_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or_default().to_owned()
}

#[test]
fn perft_skat_counts_a_hand_counted_null() {
    // crates/core/tests/perft.rs counts this Null position by hand: 58 at
    // depth 3 (club, spade and heart leads 18 each, D7 4).
    let hands = "CA.CK.CQ.S7.S8.S9.H7.H8.H9.D7/C7.C8.CJ.SA.SK.SQ.HA.HK.HQ.DA/C9.CT.SJ.ST.HJ.HT.DJ.DT.DK.DQ";
    let out = trumpf(&["perft", "skat", "--type", "null", "--declarer", "0", "--hands", hands, "--depth", "3"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(last_line(&out), "58");
    let named = trumpf(&["perft", "skat", "--type", "null", "--declarer", "FH", "--hands", hands, "--depth", "3"]);
    assert_eq!(last_line(&named), "58");
}

#[test]
fn perft_spitzer_counts_a_hand_counted_first_trick() {
    // Everybody passed; eldest holds CQ SQ H9 S7 S8 S9 ST SK. By hand:
    // CQ/SQ led 2 × 8 × 4 × 8 = 512, H9 led 2 × 3 × 8 = 48, spades 5 × 8 × 1 × 8 = 320.
    let hands = "CQ.SQ.H9.S7.S8.S9.ST.SK/HA.H7.CA.CT.CK.C9.C8.C7/SA.HT.HK.H8.HQ.HJ.SJ.CJ/DA.DT.DK.DQ.DJ.D9.D8.D7";
    let out = trumpf(&["perft", "spitzer", "--hands", hands, "--depth", "4"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(last_line(&out), "880");
}

#[test]
fn perft_spidge_counts_a_hand_counted_first_trick() {
    // spidge.md §9.1 deck in order, counted by hand in the core's perft data:
    // 9 legal leads (no trump before it is broken), 27, 90, 270.
    let hands = "J1.CQ.C8.C4.SK.S9.S5.HA.HT.H6.DA.DT.D6/J2.CJ.C7.C3.SQ.S8.S4.HK.H9.H5.DK.D9.D5/\
                 CA.CT.C6.C2.SJ.S7.S3.HQ.H8.H4.DQ.D8.D4/CK.C9.C5.SA.ST.S6.S2.HJ.H7.H3.DJ.D7.D3";
    let out = trumpf(&["perft", "spidge", "--hands", hands, "--depth", "4"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(last_line(&out), "270");
}

#[test]
fn perft_refuses_bad_hands_with_a_reason() {
    let out = trumpf(&["perft", "skat", "--type", "grand", "--declarer", "0", "--hands", "CJ.XX/a/b", "--depth", "1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("hand 0") && err.contains("not a card"), "{err}");
}

#[test]
fn bench_playouts_ends_with_games_per_second() {
    for game in ["skat", "spitzer", "spidge"] {
        let out = trumpf(&["bench", "playouts", "--game", game, "--seconds", "0.05"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let last = last_line(&out);
        let n: u64 = last.strip_prefix("games_per_second ").and_then(|n| n.parse().ok()).expect(&last);
        assert!(n > 0);
    }
}

#[test]
fn replay_json_gives_one_line_per_real_record() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/iss-records.sgf");
    let out = trumpf(&["replay", file, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 20);
    // The first record: R[d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 ...].
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["id"], 541932);
    assert_eq!(first["outcome"], "loss");
    assert_eq!(first["declarer"], 2);
    assert_eq!(first["value"], -54);
    assert_eq!(first["matadors"], -2);
    assert_eq!(first["declarer_points"], 59);
    assert_eq!(first["declarer_tricks"], 4);
    assert_eq!(first["overbid"], false);
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("trumpf-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn replay_says_an_empty_file_holds_no_records() {
    let path = temp_file("empty.sgf", "\n\n");
    let out = trumpf(&["replay", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("holds no records"), "{err}");
}

#[test]
fn replay_names_both_formats_for_a_file_of_neither() {
    let path = temp_file("notes.txt", "my shopping list\neggs\nmilk\n");
    let out = trumpf(&["replay", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("neither ISS records") && err.contains("trumpf match record"), "{err}");
    assert_eq!(err.lines().count(), 1, "said once: {err}");
}

#[test]
fn user_errors_print_no_backtrace_even_with_rust_backtrace_set() {
    let out = Command::new(env!("CARGO_BIN_EXE_trumpf"))
        .args(["replay", "/nonexistent/trumpf/records.sgf"])
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: cannot read /nonexistent/trumpf/records.sgf"), "{err}");
    assert!(!err.contains("backtrace") && !err.contains("Stack"), "{err}");
}

#[test]
fn play_refuses_an_unknown_game_and_options_of_another_game() {
    // Both are refused before the terminal is touched.
    let out = trumpf(&["play", "chess"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown game \"chess\"") && err.contains("skat, spitzer, spidge"), "{err}");
    let out = trumpf(&["play", "spidge", "--members", "4"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--members is a Skat option"), "{err}");
}
