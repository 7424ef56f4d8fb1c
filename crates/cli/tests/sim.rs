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
