//! The bot protocol (docs/bot-protocol.md) through `trumpf sim --a cmd:...`:
//! the example bot plays reproducibly; a scripted bot that answers an
//! illegal action, a line that is not JSON, too late, or crashes is stood in
//! for by its first legal action and the run says so.

use std::process::Command;

fn root() -> &'static str {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
}

fn sim(args: &[&str]) -> (bool, serde_json::Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_trumpf")).current_dir(root()).arg("sim").args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let json = serde_json::from_str(stdout.lines().last().unwrap_or("null")).unwrap_or(serde_json::Value::Null);
    (out.status.success(), json, String::from_utf8_lossy(&out.stderr).into_owned())
}

fn scripted(mode: &str) -> String {
    format!("cmd[timeout=1000]:python3 crates/cli/tests/data/scripted_bot.py {mode}")
}

#[test]
fn the_example_bot_plays_the_same_on_any_number_of_threads() {
    let base = ["skat", "--a", "cmd:python3 examples/random_bot.py", "--b", "heuristic", "--deals", "6", "--seed", "2"];
    let (ok, one, err) = sim(&[&base[..], &["--json", "--threads", "1"]].concat());
    assert!(ok, "{err}");
    assert_eq!(one["fallbacks"], serde_json::json!([0, 0]), "{err}");
    assert_eq!(one["a"], "cmd:python3 examples/random_bot.py");
    let (ok, two, err) = sim(&[&base[..], &["--json", "--threads", "2"]].concat());
    assert!(ok, "{err}");
    assert_eq!(one, two);
    // The other games too.
    for game in ["spitzer", "spidge"] {
        let (ok, json, err) =
            sim(&[game, "--a", "cmd:python3 examples/random_bot.py", "--b", "random", "--deals", "2", "--json"]);
        assert!(ok && json["fallbacks"] == serde_json::json!([0, 0]), "{game}: {err}");
    }
}

#[test]
fn an_illegal_answer_falls_back_and_is_said() {
    let (ok, json, err) = sim(&["skat", "--a", &scripted("illegal"), "--b", "random", "--deals", "2", "--json"]);
    assert!(ok, "{err}");
    assert!(json["fallbacks"][0].as_u64().unwrap() > 0, "{json}");
    assert!(
        err.contains("note: A's bot failed at") && err.contains("9999") && err.contains("which names no action"),
        "{err}"
    );
    let (ok, json, err) = sim(&["spidge", "--b", &scripted("garbage"), "--a", "random", "--deals", "1", "--json"]);
    assert!(ok, "{err}");
    assert!(json["fallbacks"][1].as_u64().unwrap() > 0 && err.contains("which is not JSON"), "{err}");
}

#[test]
fn a_timeout_falls_back_and_the_late_answer_is_skipped() {
    let (ok, json, err) =
        sim(&["spitzer", "--a", &scripted("slow"), "--b", "random", "--deals", "1", "--json", "--threads", "1"]);
    assert!(ok, "{err}");
    assert!(json["fallbacks"][0].as_u64().unwrap() >= 1, "{json}");
    assert!(err.contains("gave no answer within 1000 ms"), "{err}");
}

#[test]
fn a_crash_falls_back_for_the_rest_of_the_game() {
    let (ok, json, err) = sim(&["spidge", "--a", &scripted("crash"), "--b", "random", "--deals", "1", "--json"]);
    assert!(ok, "{err}");
    assert!(json["fallbacks"][0].as_u64().unwrap() >= 1, "{json}");
    assert!(err.contains("exited") && err.contains("crashing on purpose"), "{err}");
    // A program that cannot start: every decision falls back.
    let (ok, json, err) = sim(&["skat", "--a", "cmd:./no-such-program", "--b", "random", "--deals", "1", "--json"]);
    assert!(ok, "{err}");
    assert!(json["fallbacks"][0].as_u64().unwrap() >= 1 && err.contains("hello"), "{err}");
}
