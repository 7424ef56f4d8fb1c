//! `trumpf sim`: the JSON summary's keys, the same numbers on any number of
//! threads, a bot against itself scoring exactly 0, bad options refused.

use std::process::Command;

fn sim(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_trumpf")).arg("sim").args(args).output().expect("trumpf runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn last_json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout.lines().last().unwrap_or_default()).expect("the last line is JSON")
}

#[test]
fn the_summary_is_json_and_does_not_depend_on_the_threads() {
    let base = ["skat", "--a", "heuristic", "--b", "random", "--deals", "12", "--seed", "4", "--json"];
    let (ok, one, err) = sim(&[&base[..], &["--threads", "1"]].concat());
    assert!(ok, "{err}");
    let (ok, two, err) = sim(&[&base[..], &["--threads", "2"]].concat());
    assert!(ok, "{err}");
    let (a, b) = (last_json(&one), last_json(&two));
    assert_eq!(a, b);
    for key in ["game", "a", "b", "deals", "a_minus_b", "ci95"] {
        assert!(a.get(key).is_some(), "{key} missing: {a}");
    }
    assert_eq!(a["game"], "skat");
    assert_eq!(a["deals"], 12);
    assert_eq!(a["games"], 72, "six arrangements per deal");
    assert!(a["a_minus_b"].as_f64().unwrap() > 0.0, "the heuristic beats random play");
}

#[test]
fn a_bot_against_itself_scores_zero() {
    for game in ["skat", "spitzer", "spidge"] {
        let (ok, out, err) = sim(&[game, "--a", "random", "--b", "random", "--deals", "6", "--json"]);
        assert!(ok, "{err}");
        let json = last_json(&out);
        assert_eq!(json["a_minus_b"].as_f64(), Some(0.0), "{game}: {json}");
    }
    let (_, out, _) = sim(&["spitzer", "--a", "random", "--b", "heuristic", "--deals", "2", "--json"]);
    assert_eq!(last_json(&out)["games"], 28, "fourteen arrangements of a Spitzer deal");
}

#[test]
fn the_games_file_has_every_deal_and_adds_up_to_the_summary() {
    let path = std::env::temp_dir().join(format!("trumpf-sim-games-{}.jsonl", std::process::id()));
    let file = path.to_str().expect("a UTF-8 temp path");
    let (ok, out, err) =
        sim(&["skat", "--a", "heuristic", "--b", "random", "--deals", "5", "--seed", "9", "--json", "--games", file]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&path).expect("the games file is written");
    std::fs::remove_file(&path).ok();
    let deals: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(deals.len(), 5);
    let mut total = 0.0;
    for deal in &deals {
        let games = deal["games"].as_array().expect("games");
        assert_eq!(games.len(), 6, "six arrangements: {deal}");
        // A − B of the deal from the seats' scores: A's mean score per seat
        // played minus B's.
        let (mut a, mut a_n, mut b, mut b_n) = (0i64, 0, 0i64, 0);
        for game in games {
            let a_seats: Vec<u64> = game["a_seats"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap()).collect();
            assert!(!a_seats.is_empty() && a_seats.len() < 3, "both bots play: {game}");
            for (seat, score) in game["scores"].as_array().unwrap().iter().enumerate() {
                if a_seats.contains(&(seat as u64)) {
                    (a, a_n) = (a + score.as_i64().unwrap(), a_n + 1);
                } else {
                    (b, b_n) = (b + score.as_i64().unwrap(), b_n + 1);
                }
            }
            let passed_in = game["passed_in"].as_bool().unwrap();
            assert_eq!(passed_in, game["game"].is_null(), "{game}");
            assert_eq!(passed_in, game["declarers"].as_array().unwrap().is_empty(), "{game}");
        }
        let expected = a as f64 / a_n as f64 - b as f64 / b_n as f64;
        let a_minus_b = deal["a_minus_b"].as_f64().unwrap();
        assert!((a_minus_b - expected).abs() < 1e-9, "{a_minus_b} against {expected}: {deal}");
        total += a_minus_b;
    }
    let summary = last_json(&out)["a_minus_b"].as_f64().unwrap();
    assert!((summary - total / 5.0).abs() < 1e-6, "{summary} against {}", total / 5.0);
}

#[test]
fn bad_options_are_refused_with_a_reason() {
    let (ok, _, err) = sim(&["chess", "--a", "random", "--b", "random"]);
    assert!(!ok && err.contains("unknown game"), "{err}");
    let (ok, _, err) = sim(&["skat", "--a", "genius", "--b", "random"]);
    assert!(!ok && err.contains("unknown bot"), "{err}");
    let (ok, _, err) = sim(&["skat", "--a", "pimc:worlds=abc", "--b", "random"]);
    assert!(!ok && err.contains("pimc option"), "{err}");
    let (ok, _, err) = sim(&["skat", "--a", "random", "--b", "random", "--deals", "0"]);
    assert!(!ok && err.contains("at least 1"), "{err}");
    let (ok, _, err) = sim(&["spidge", "--a", "random", "--b", "random", "--rules", "colour=red"]);
    assert!(!ok && err.contains("colour"), "{err}");
}

#[test]
fn the_plot_is_an_svg_file() {
    let path = std::env::temp_dir().join(format!("trumpf-sim-{}.svg", std::process::id()));
    let (ok, _, err) =
        sim(&["spidge", "--a", "heuristic", "--b", "random", "--deals", "5", "--plot", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<polyline"), "{}", &svg[..svg.len().min(200)]);
}
