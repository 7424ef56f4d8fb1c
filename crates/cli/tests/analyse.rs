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
    // The costs named per trick add up to what each player gave away.
    let cost_sum: u32 = tricks
        .iter()
        .flat_map(|t| t.split("(−").skip(1))
        .map(|rest| rest.split(',').next().unwrap().parse::<u32>().unwrap())
        .sum();
    let given = lines.iter().find(|l| l.contains("given away:")).unwrap();
    let given_sum: u32 = given.split(", ").map(|part| part.rsplit(' ').next().unwrap().parse::<u32>().unwrap()).sum();
    assert_eq!(cost_sum, given_sum, "{out}");
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
