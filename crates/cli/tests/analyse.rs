//! `trumpf analyse`: real ISS records and a trumpf record checked card by
//! card; errors for a missing deal and a bad file.

use std::process::Command;

fn analyse(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_trumpf")).arg("analyse").args(args).output().expect("trumpf runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The costs named per trick in `out` add up to what each player gave away.
fn assert_costs_add_up(out: &str) {
    let cost_sum: u32 = out
        .lines()
        .filter(|l| l.trim_start().starts_with("trick "))
        .flat_map(|t| t.split("(−").skip(1))
        .map(|rest| rest.split(',').next().unwrap().parse::<u32>().unwrap())
        .sum();
    let given = out.lines().find(|l| l.contains("given away:")).unwrap();
    let given_sum: u32 = given.split(", ").map(|part| part.rsplit(' ').next().unwrap().parse::<u32>().unwrap()).sum();
    assert_eq!(cost_sum, given_sum, "{out}");
}

const RECORDS: &str = include_str!("../../core/tests/data/iss/records.sgf");

#[test]
fn a_real_record_is_checked_trick_by_trick() {
    let path = std::env::temp_dir().join(format!("trumpf-analyse-{}.sgf", std::process::id()));
    std::fs::write(&path, RECORDS.lines().next().unwrap()).unwrap();
    let (ok, out, err) = analyse(&[path.to_str().unwrap(), "--deal", "1"]);
    std::fs::remove_file(&path).unwrap();
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("record 541932"), "{out}");
    // Record 541932 ends after all ten tricks; every trick names three cards.
    let tricks: Vec<&&str> = lines.iter().filter(|l| l.trim_start().starts_with("trick ")).collect();
    assert_eq!(tricks.len(), 10, "{out}");
    assert!(tricks.iter().all(|t| t.matches(", ").count() >= 2), "{out}");
    assert_costs_add_up(&out);
}

#[test]
fn missing_deals_and_bad_files_are_refused() {
    let path = std::env::temp_dir().join(format!("trumpf-analyse-bad-{}.sgf", std::process::id()));
    std::fs::write(&path, RECORDS.lines().next().unwrap()).unwrap();
    let (ok, _, err) = analyse(&[path.to_str().unwrap(), "--deal", "7"]);
    assert!(!ok && err.contains("holds 1 record"), "{err}");
    // A file without a record says so (it printed nothing before).
    std::fs::write(&path, "\n\n").unwrap();
    let (ok, _, err) = analyse(&[path.to_str().unwrap()]);
    assert!(!ok && err.contains("holds no record"), "{err}");
    std::fs::write(&path, "(;GM[Skat]ID[x]MV[w]").unwrap();
    let (ok, _, err) = analyse(&[path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(!ok && err.starts_with("error:"), "{err}");
}

/// A finished Spidge deal (heuristic bots, cards of seed 3) in a trumpf record.
const SPIDGE_DEAL: &str = "trumpf-record 1
game spidge
rules jokers=true joker_suit=trump double_joker=cancel_ignore trump_lead=broken spidge_tricks=10 slam_tricks=13 dealer_nil_own_hand=false target=3
players You Bot_1 Bot_2
first-dealer 2
seed 3

deal 1
dealer 2
cards L=C3.C5.C6.CT.S7.S8.H3.H5.H8.D3.D8.DJ.DA Dummy=C2.CA.S6.ST.J1.J2.H4.H7.HJ.HQ.HK.DQ.DK R=C8.C9.CQ.CK.S2.S4.SK.SA.H6.HT.D5.D7.D9 Dealer=C4.C7.CJ.S3.S5.S9.SJ.SQ.H9.HA.D4.D6.DT
actions 0:C3 2:CA 1:C8 2:C4 2:DK 1:D5 2:D4 0:DJ 2:HK 1:H6 2:H9 0:H8 2:DQ 1:D7 2:D6 0:D8 2:HQ 1:HT 2:HA 0:H5 2:CJ 0:CT 2:C2 1:CQ 1:CK 2:C7 0:C6 2:S6 2:J2 1:S2 2:S3 0:S8 2:J1 1:S4 2:S5 0:S7 2:ST 1:SK 2:S9 0:DA 1:SA 2:SJ 0:C5 2:H4 1:D9 2:DT 0:D3 2:H7 2:SQ 0:H3 2:HJ 1:C9
scores 1 0 1

totals 1 0 1
status running
";

#[test]
fn a_spidge_deal_is_checked_in_award_points_with_the_dummys_cards_named() {
    let path = std::env::temp_dir().join(format!("trumpf-analyse-spidge-{}.txt", std::process::id()));
    std::fs::write(&path, SPIDGE_DEAL).unwrap();
    let (ok, out, err) = analyse(&[path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(ok, "{err}");
    assert!(out.contains("in award points"), "{out}");
    // Thirteen tricks, numbered by the cards' place in the deal, four cards
    // each ("…" for a card before the analysis begins).
    let tricks: Vec<&str> = out.lines().filter(|l| l.trim_start().starts_with("trick ")).collect();
    assert_eq!(tricks.len(), 13, "{out}");
    for (k, t) in tricks.iter().enumerate() {
        assert!(t.trim_start().starts_with(&format!("trick {}: ", k + 1)), "{out}");
        // A costly card's note "(−1, best DA)" holds a comma of its own.
        assert_eq!(t.matches(", ").count() - t.matches("(−").count(), 3, "{t}");
    }
    // The dealer leads the dummy's club ace to the first trick.
    assert!(tricks[0].contains("Dummy CA"), "{out}");
    assert_costs_add_up(&out);
}
