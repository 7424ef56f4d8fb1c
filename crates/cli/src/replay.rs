//! `trumpf replay FILE [--json]`: replays ISS records through the engine and
//! prints each game's settlement; a trumpf match record (`docs/records.md`)
//! is replayed deal by deal instead.
//!
//! One record per line; blank lines are skipped. A record that cannot be
//! read or replayed is reported on stderr with its line and column, and the
//! others still replay. When a record carries the server's `R[...]` and the
//! replay settles differently, that is reported on stderr too. The exit
//! code is non-zero if any record failed either way.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use serde::Serialize;
use trumpf_core::Seat;
use trumpf_core::iss::{IssEnd, IssErrorKind, IssOutcome, IssRecord, IssReplay, IssResult, IssSettlement};
use trumpf_core::skat::GameKind;

/// Arguments of `trumpf replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A file of ISS records (one game per line) or a trumpf match record.
    pub file: PathBuf,
    /// One JSON object per game and line.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: ReplayArgs) -> Result<()> {
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let first = text.trim_start_matches('\u{feff}').lines().map(str::trim).find(|l| !l.is_empty());
    match first {
        None => bail!("{} holds no records (it is empty)", args.file.display()),
        Some(line) if !line.starts_with("(;") && !line.starts_with("trumpf-record") => bail!(
            "{} is neither ISS records (lines starting `(;GM[Skat]`) nor a trumpf match record (starting `trumpf-record`)",
            args.file.display()
        ),
        _ => {}
    }
    if crate::records::is_match_record(&text) {
        return match crate::records::replay_match(&text, args.json, &mut io::stdout().lock()) {
            Err(e) if e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) => Ok(()),
            other => other.with_context(|| format!("{} is not a valid trumpf record", args.file.display())),
        };
    }
    let summary = match replay_text(&text, args.json, &mut io::stdout().lock(), &mut io::stderr().lock()) {
        Ok(summary) => summary,
        // The reader went away (`trumpf replay ... | head`): nothing more to say.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        Err(error) => return Err(error.into()),
    };
    if summary.failed > 0 {
        bail!("{} of {} records failed", summary.failed, summary.records);
    }
    Ok(())
}

/// How many records a text held and how many failed.
#[derive(Debug, PartialEq, Eq)]
struct Summary {
    records: usize,
    failed: usize,
}

/// Replays every record of `text`: settlements to `out`, problems to `err`.
fn replay_text(text: &str, json: bool, out: &mut impl Write, err: &mut impl Write) -> io::Result<Summary> {
    let mut summary = Summary { records: 0, failed: 0 };
    let last = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, _)| i).last();
    for (i, line) in text.lines().enumerate() {
        let line = if i == 0 { line.strip_prefix('\u{feff}').unwrap_or(line) } else { line };
        if line.trim().is_empty() {
            continue;
        }
        summary.records += 1;
        let (record, replay) = match IssRecord::parse_and_replay(line) {
            Ok(replayed) => replayed,
            Err(mut error) => {
                error.line = Some(i + 1);
                // `trumpf play` saves the deal in progress as a last record
                // that stops mid-deal and has no result: not a failure.
                let in_progress = Some(i) == last
                    && matches!(error.kind, IssErrorKind::Unfinished { .. })
                    && IssRecord::parse(line).is_ok_and(|r| r.result.is_none());
                if in_progress {
                    writeln!(err, "note: line {}: the deal in progress when the file was saved (unfinished)", i + 1)?;
                    if !json {
                        writeln!(out, "{}: unfinished", error.id.map_or_else(String::new, |id| id.to_string()))?;
                    }
                } else {
                    writeln!(err, "error: {error}")?;
                    summary.failed += 1;
                }
                continue;
            }
        };
        if json {
            let line = serde_json::to_string(&JsonSettlement::new(record.id, &replay.result))?;
            writeln!(out, "{line}")?;
        } else {
            writeln!(out, "{}", human(&record, &replay))?;
        }
        // A server's record says "the server wrote"; one written by trumpf
        // or by hand, "the record says".
        let source = if record.tags.iter().any(|(k, v)| k == "PC" && v.contains("Server")) {
            "the server wrote"
        } else {
            "the record says"
        };
        if let Some(written) = &record.result {
            match agreement(&replay.result, written) {
                Agreement::Same => {}
                Agreement::FlagsOnly => writeln!(
                    err,
                    "note: line {}, record {}: the replay settles `{}`, {source} `{written}`: only the s:/z: flags \
                     differ (bookkeeping of the server's own; outcome, value, matadors, points and tricks agree)",
                    i + 1,
                    record.id,
                    replay.result
                )?,
                Agreement::Differs => {
                    writeln!(
                        err,
                        "error: line {}, record {}: the replay settles `{}`, {source} `{written}`",
                        i + 1,
                        record.id,
                        replay.result
                    )?;
                    summary.failed += 1;
                }
            }
        }
    }
    Ok(summary)
}

/// How a replayed result compares with the one a record carries.
#[derive(Debug, PartialEq, Eq)]
enum Agreement {
    /// Everything agrees.
    Same,
    /// Only the `s:` / `z:` flags differ: the server's own bookkeeping,
    /// which no rule reads (outcome, value, matadors, points and tricks
    /// decide).
    FlagsOnly,
    /// The settlement differs.
    Differs,
}

/// Whether a replayed result says what the record wrote (old records have
/// no `r:` field; it is compared only when present).
fn agreement(ours: &IssResult, written: &IssResult) -> Agreement {
    let rest_agrees = ours.penalties == written.penalties
        && ours.left == written.left
        && ours.timeout == written.timeout
        && (written.resigned.is_none() || ours.resigned == written.resigned);
    let flagless = |r: &IssResult| IssSettlement { schneider: false, schwarz: false, ..r.settlement };
    match (rest_agrees, ours.settlement == written.settlement) {
        (true, true) => Agreement::Same,
        (true, false) if flagless(ours) == flagless(written) => Agreement::FlagsOnly,
        _ => Agreement::Differs,
    }
}

/// The `--json` line of a game: its id and the settlement as the engine
/// gives it (`IssSettlement` through serde).
#[derive(Debug, Serialize)]
struct JsonSettlement<'a> {
    id: u64,
    #[serde(flatten)]
    settlement: &'a IssSettlement,
}

impl<'a> JsonSettlement<'a> {
    fn new(id: u64, result: &'a IssResult) -> JsonSettlement<'a> {
        JsonSettlement { id, settlement: &result.settlement }
    }
}

fn seat_name(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "forehand",
        1 => "middlehand",
        _ => "rearhand",
    }
}

/// One human line, e.g.
/// `541932: Diamonds by rearhand (foo), bid 18: loss -54, without 2, 59 points, 4 tricks`.
fn human(record: &IssRecord, replay: &IssReplay) -> String {
    let s = &replay.result.settlement;
    let who = |seat: Seat| format!("{} ({})", seat_name(seat), record.players[seat.index()]);
    let mut line = format!("{}: ", record.id);
    match (s.outcome, replay.end) {
        (IssOutcome::Passed, _) => line.push_str("passed"),
        (IssOutcome::Penalty, IssEnd::Left(seat)) => {
            line.push_str(&format!("penalty, {} left before the declaration", who(seat)));
        }
        (IssOutcome::Penalty, IssEnd::TimedOut(seat)) => {
            line.push_str(&format!("penalty, {} timed out before the declaration", who(seat)));
        }
        (IssOutcome::Penalty, _) => line.push_str("penalty"),
        (IssOutcome::Win | IssOutcome::Loss, _) => {
            if let (Some(contract), Some((declarer, bid))) = (replay.game.contract(), replay.game.declarer()) {
                line.push_str(&format!("{contract} by {}, bid {bid}: ", who(declarer)));
            }
            line.push_str(&format!("{} {:+}", s.outcome, s.value));
            if replay.game.contract().is_some_and(|c| c.kind != GameKind::Null) {
                let with = if s.matadors >= 0 { "with" } else { "without" };
                line.push_str(&format!(", {with} {}", s.matadors.unsigned_abs()));
            }
            let tricks = crate::records::count(s.declarer_tricks, "trick", "tricks");
            line.push_str(&format!(", {} points, {tricks}", s.declarer_points));
            for (flag, name) in [(s.schneider, "schneider"), (s.schwarz, "schwarz"), (s.overbid, "overbid")] {
                if flag {
                    line.push_str(", ");
                    line.push_str(name);
                }
            }
            match replay.end {
                IssEnd::DeclarerResigned => line.push_str(" (the declarer resigned)"),
                IssEnd::DefendersResigned => line.push_str(" (the defenders resigned)"),
                IssEnd::Left(seat) => line.push_str(&format!(" ({} left)", who(seat))),
                IssEnd::TimedOut(seat) => line.push_str(&format!(" ({} timed out)", who(seat))),
                IssEnd::Played | IssEnd::PassedIn => {}
            }
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORDS: &str = include_str!("../../core/tests/data/iss/records.sgf");

    fn run_text(text: &str, json: bool) -> (Summary, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let summary = replay_text(text, json, &mut out, &mut err).unwrap();
        (summary, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    }

    #[test]
    fn the_real_records_replay_as_json_lines() {
        let (summary, out, err) = run_text(RECORDS, true);
        assert_eq!(summary, Summary { records: 20, failed: 0 }, "{err}");
        assert_eq!(err, "");
        let keys = [
            "id",
            "outcome",
            "declarer",
            "value",
            "matadors",
            "declarer_points",
            "declarer_tricks",
            "schneider",
            "schwarz",
            "overbid",
        ];
        let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 20);
        for line in &lines {
            let object = line.as_object().unwrap();
            assert_eq!(object.len(), keys.len());
            assert!(keys.iter().all(|k| object.contains_key(*k)), "{line}");
        }
        // The first record: R[d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 ...].
        assert_eq!(
            lines[0],
            serde_json::json!({
                "id": 541932, "outcome": "loss", "declarer": 2, "value": -54, "matadors": -2,
                "declarer_points": 59, "declarer_tricks": 4, "schneider": false, "schwarz": false, "overbid": false
            })
        );
        // The passed deal and the penalty have no declarer.
        let passed = lines.iter().find(|l| l["id"] == 756788).unwrap();
        assert_eq!(passed["outcome"], "passed");
        assert!(passed["declarer"].is_null());
        let penalty = lines.iter().find(|l| l["id"] == 30).unwrap();
        assert_eq!(penalty["outcome"], "penalty");
    }

    #[test]
    fn the_real_records_replay_as_human_lines() {
        let (summary, out, _) = run_text(RECORDS, false);
        assert_eq!(summary.failed, 0);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 20);
        assert_eq!(lines[0], "541932: Diamonds by rearhand (foo), bid 18: loss -54, without 2, 59 points, 4 tricks");
        assert!(out.contains("30: penalty, rearhand (foo) left before the declaration"), "{out}");
        assert!(out.contains("756788: passed"));
        assert!(out.contains("(the defenders resigned)"));
    }

    #[test]
    fn a_bad_record_is_reported_and_the_others_still_replay() {
        let good: Vec<&str> = RECORDS.lines().take(2).collect();
        let bad = good[1].replacen(" 0 DK 1 DA", " 0 DK 1 XX", 1);
        let text = format!("{}\n\n{bad}\ngarbage\n{}\n", good[0], good[1]);
        let (summary, out, err) = run_text(&text, true);
        assert_eq!(summary, Summary { records: 4, failed: 2 });
        assert_eq!(out.lines().count(), 2);
        assert!(out.lines().all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()));
        let errors: Vec<&str> = err.lines().collect();
        assert_eq!(errors.len(), 2, "{err}");
        assert!(errors[0].starts_with("error: line 3, record 684159: move "), "{err}");
        assert!(errors[0].contains("`1 XX` (column "), "{err}");
        assert!(errors[1].starts_with("error: line 4: column 1: "), "{err}");
    }

    #[test]
    fn a_settlement_the_server_disagrees_with_fails() {
        let line = RECORDS.lines().next().unwrap().replacen("v:-54", "v:-108", 1);
        let (summary, out, err) = run_text(&line, false);
        assert_eq!(summary, Summary { records: 1, failed: 1 });
        assert_eq!(out.lines().count(), 1);
        assert!(err.contains("the server wrote `d:2 loss v:-108"), "{err}");
    }

    #[test]
    fn a_last_record_that_stops_mid_deal_is_the_deal_in_progress() {
        // The first record cut after the skat pickup, its result removed,
        // as `trumpf play` saves a deal in progress.
        let full = RECORDS.lines().next().unwrap();
        let cut = full.split(" 2 s ").next().unwrap().to_owned() + " 2 s ]R[] ;)";
        let cut = cut.replace("R[] ;)", ";)");
        let text = format!("{full}\n{cut}\n");
        let (summary, out, err) = run_text(&text, false);
        assert_eq!(summary.failed, 0, "{err}");
        assert!(err.contains("note: line 2: the deal in progress"), "{err}");
        assert!(out.lines().nth(1).is_some_and(|l| l.ends_with("unfinished")), "{out}");
        // The same cut record anywhere but last is an error.
        let text = format!("{cut}\n{full}\n");
        let (summary, _, err) = run_text(&text, false);
        assert_eq!(summary.failed, 1, "{err}");
    }

    #[test]
    fn only_the_schneider_and_schwarz_flags_differing_is_a_note() {
        // The first record: a loss with 59 points, no schneider; a record
        // claiming s:1 differs in the flag only.
        let line = RECORDS.lines().next().unwrap().replacen(" s:0 ", " s:1 ", 1);
        let (summary, out, err) = run_text(&line, false);
        assert_eq!(summary, Summary { records: 1, failed: 0 });
        assert_eq!(out.lines().count(), 1);
        assert!(err.starts_with("note: line 1, record 541932:") && err.contains("only the s:/z: flags"), "{err}");
    }

    #[test]
    fn a_record_not_from_a_server_is_not_called_the_servers() {
        let line = RECORDS.lines().next().unwrap().replacen("PC[International Skat Server]", "", 1);
        let line = line.replacen("v:-54", "v:-108", 1);
        let (summary, _, err) = run_text(&line, false);
        assert_eq!(summary.failed, 1);
        assert!(err.contains("the record says `d:2 loss v:-108") && !err.contains("server"), "{err}");
    }
}
