//! `trumpf play`'s save file through the binary, before any terminal is
//! needed: a file that cannot be written stops the game at the start, an
//! existing file is not overwritten without `--resume` or `--force`, and a
//! file that cannot be continued is refused with the reason and left as it
//! was.

use std::path::PathBuf;
use std::process::{Command, Output};

fn trumpf(args: &[&str], dir: &PathBuf) -> Output {
    Command::new(env!("CARGO_BIN_EXE_trumpf")).args(args).env("TRUMPF_SAVE_DIR", dir).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("trumpf-play-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Spidge record saved mid-deal by a table: seed 3, deal 1, one card.
const SPIDGE_MID_DEAL: &str = "trumpf-record 1
game spidge
rules jokers=true joker_suit=trump double_joker=cancel_ignore trump_lead=broken spidge_tricks=10 slam_tricks=13 dealer_nil_own_hand=false target=3
players You Bot_1 Bot_2
first-dealer 2
seed 3

deal 1
dealer 2
cards L=C3.C5.C6.CT.S7.S8.H3.H5.H8.D3.D8.DJ.DA Dummy=C2.CA.S6.ST.J1.J2.H4.H7.HJ.HQ.HK.DQ.DK R=C8.C9.CQ.CK.S2.S4.SK.SA.H6.HT.D5.D7.D9 Dealer=C4.C7.CJ.S3.S5.S9.SJ.SQ.H9.HA.D4.D6.DT
actions 0:H8

totals 0 0 0
status running
";

#[test]
fn a_save_file_that_cannot_be_written_stops_the_game_at_the_start() {
    let dir = scratch("unwritable");
    let out = trumpf(&["play", "--seed", "5", "--fast", "--save", "/nonexistent/trumpf/x.sgf"], &dir);
    assert!(!out.status.success());
    let error = stderr(&out);
    assert!(error.starts_with("error: cannot save to /nonexistent/trumpf/x.sgf: "), "{error}");
    assert!(!error.contains("Saved"), "{error}");
    // A directory is no file either.
    let out = trumpf(&["play", "spitzer", "--force", "--save", dir.to_str().unwrap()], &dir);
    assert!(!out.status.success() && stderr(&out).contains("cannot save to"), "{}", stderr(&out));
}

#[test]
fn an_existing_file_is_kept_unless_resume_or_force_is_given() {
    let dir = scratch("existing");
    let file = dir.join("match.txt");
    std::fs::write(&file, SPIDGE_MID_DEAL).unwrap();
    let path = file.to_str().unwrap();
    let out = trumpf(&["play", "spidge", "--save", path], &dir);
    assert!(!out.status.success());
    let error = stderr(&out);
    assert!(error.contains(&format!("{path} exists: `--resume {path}` continues")), "{error}");
    assert!(error.contains("`--force` overwrites it"), "{error}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), SPIDGE_MID_DEAL, "the file is unchanged");
}

#[test]
fn a_file_that_cannot_be_continued_is_refused_with_the_reason_and_unchanged() {
    let dir = scratch("resume");
    let file = dir.join("match.txt");
    let path = file.to_str().unwrap();
    let cases: [(&str, &[&str], &str); 8] = [
        (SPIDGE_MID_DEAL, &["--seed", "4"], "--seed cannot be given with --resume"),
        (SPIDGE_MID_DEAL, &["--rules", "pub"], "--rules cannot be given with --resume"),
        (SPIDGE_MID_DEAL, &["skat"], "holds a game of spidge, not \"skat\""),
        (&SPIDGE_MID_DEAL.replace("seed 3\n", "seed 4\n"), &[], "deal 1 holds other cards than seed 4 deals"),
        (&SPIDGE_MID_DEAL.replace("seed 3\n", ""), &[], "has no `seed` line"),
        (&SPIDGE_MID_DEAL.replace("0:H8", "1:H8"), &[], "line 11: action 1 (H8) of the deal: it is seat 0's turn"),
        ("", &[], "the file is empty"),
        ("(;GM[Skat]ID[1]P0[a]P1[b]P2[c]MV[w x]", &[], "line 1"),
    ];
    for (text, extra, needle) in cases {
        std::fs::write(&file, text).unwrap();
        let mut args = vec!["play", "--resume", path, "--fast"];
        args.extend(extra);
        let out = trumpf(&args, &dir);
        assert!(!out.status.success(), "{args:?}");
        let error = stderr(&out);
        assert!(error.contains(needle), "{args:?}: {needle:?} not in {error}");
        assert!(!error.contains("panicked"), "{error}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text, "the file is unchanged");
    }
    let out = trumpf(&["play", "--resume", dir.join("none.txt").to_str().unwrap()], &dir);
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
}
