//! Replaying trumpf match records (`docs/records.md`) for `trumpf replay`.

use std::io::{self, Write};

use anyhow::{Result, anyhow};
use serde::Serialize;
use trumpf_core::series::record::{MatchRecord, RecordGame, game_of};
use trumpf_core::series::{MatchStatus, PlayedDeal};
use trumpf_core::skat::{SkatGame, SkatOutcome};
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{GameId, Member};

/// Whether `text` is a trumpf match record (rather than ISS lines).
pub fn is_match_record(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').trim_start().starts_with("trumpf-record")
}

/// How a game describes one finished deal in a line.
pub trait DescribeDeal: RecordGame {
    /// A short human summary of the finished deal.
    fn describe(end: &Self) -> String;
    /// The engine's outcome of the finished deal, as JSON (through the
    /// core's `serde` feature).
    fn outcome(end: &Self) -> serde_json::Value;
}

impl DescribeDeal for SkatGame {
    fn outcome(end: &SkatGame) -> serde_json::Value {
        serde_json::to_value(end.outcome()).unwrap_or_default()
    }

    fn describe(end: &SkatGame) -> String {
        match end.outcome() {
            Some(SkatOutcome::Played { declarer, settlement: s }) => {
                let doubled = match (s.kontra, s.bock) {
                    (0, 1) => String::new(),
                    (k, b) => format!(
                        " [{}{}]",
                        ["", "Kontra ", "Re "][usize::from(k.min(2))],
                        if b > 1 { "Bock" } else { "" }
                    ),
                };
                format!(
                    "{}{doubled} by seat {} bid {}: {} {:+} ({} points, {} tricks)",
                    s.contract,
                    declarer,
                    s.bid,
                    if s.won { "won" } else { "lost" },
                    s.score,
                    s.tally.declarer_points,
                    s.tally.declarer_tricks
                )
            }
            Some(SkatOutcome::PassedIn) => "passed in".to_owned(),
            Some(SkatOutcome::Ramsch { result }) => {
                let mut line = format!("Ramsch: points {:?}", result.totals);
                if let Some(seat) = result.durchmarsch {
                    line.push_str(&format!(", Durchmarsch by seat {seat}"));
                }
                if result.play.pushes > 0 {
                    line.push_str(&format!(", pushed {}×", result.play.pushes));
                }
                if result.jungfrauen > 0 {
                    line.push_str(", Jungfrau");
                }
                line
            }
            None => "unfinished".to_owned(),
        }
    }
}

impl DescribeDeal for SpidgeGame {
    fn outcome(end: &SpidgeGame) -> serde_json::Value {
        serde_json::to_value(end.result()).unwrap_or_default()
    }

    fn describe(end: &SpidgeGame) -> String {
        match end.result() {
            Some(r) => {
                let t = r.tricks.as_array();
                let mut line = format!("tricks L {} Dummy {} R {} Dealer {}", t[0], t[1], t[2], t[3]);
                for (seat, award) in r.awards.iter() {
                    if let Some(award) = award {
                        line.push_str(&format!(", seat {seat} {award:?}"));
                    }
                }
                line
            }
            None => "unfinished".to_owned(),
        }
    }
}

impl DescribeDeal for SpitzerGame {
    fn outcome(end: &SpitzerGame) -> serde_json::Value {
        serde_json::to_value(end.outcome()).unwrap_or_default()
    }

    fn describe(end: &SpitzerGame) -> String {
        match end.outcome() {
            Some(o) => {
                let s = &o.settlement;
                format!(
                    "{} by {}: {} points, {} tricks, {} ({:+})",
                    s.contract, o.declaring, s.points, s.tricks, s.column, s.value
                )
            }
            None => "unfinished".to_owned(),
        }
    }
}

/// One deal of a match as a `--json` line: who dealt, what each member
/// gained, the totals after it, and the engine's own outcome.
#[derive(Serialize)]
struct JsonDeal<'a> {
    game: &'a str,
    deal: usize,
    dealer: Member,
    scores: &'a [i64],
    totals: Vec<i64>,
    outcome: serde_json::Value,
}

/// The last `--json` line of a match.
#[derive(Serialize)]
struct JsonEnd<'a> {
    game: &'a str,
    totals: &'a [i64],
    status: String,
    winner: Option<Member>,
}

fn print_match<G: DescribeDeal>(record: &MatchRecord<G>, json: bool, out: &mut impl Write) -> io::Result<()> {
    let m = &record.game;
    let members = m.members();
    let mut totals = vec![0i64; members];
    for (i, deal) in m.deals().iter().enumerate() {
        let PlayedDeal { dealer, scores, end, .. } = deal;
        for (t, s) in totals.iter_mut().zip(scores) {
            *t += s;
        }
        if json {
            let line = JsonDeal {
                game: G::NAME,
                deal: i + 1,
                dealer: *dealer,
                scores: &scores[..members],
                totals: totals.clone(),
                outcome: G::outcome(end),
            };
            writeln!(out, "{}", serde_json::to_string(&line)?)?;
        } else {
            let scores: Vec<String> = scores[..members].iter().map(|s| format!("{s:+}")).collect();
            writeln!(
                out,
                "deal {}: dealer {}: {} | {}",
                i + 1,
                record.players[dealer.index()],
                G::describe(end),
                scores.join(" ")
            )?;
        }
    }
    let (status, winner) = match m.status() {
        MatchStatus::Running => ("running".to_owned(), None),
        MatchStatus::Won(w) => (format!("won by {}", record.players[w.index()]), Some(w)),
        MatchStatus::Drawn => ("drawn".to_owned(), None),
    };
    if json {
        let end = JsonEnd { game: G::NAME, totals: &m.totals()[..members], status, winner };
        writeln!(out, "{}", serde_json::to_string(&end)?)?;
    } else {
        let totals: Vec<String> = (0..members).map(|i| format!("{} {}", record.players[i], m.totals()[i])).collect();
        writeln!(out, "totals: {}; {status}", totals.join(", "))?;
    }
    Ok(())
}

/// Reads and replays a trumpf match record, printing each deal and the totals.
///
/// # Errors
/// A record that does not read (with its line), or an output error.
pub fn replay_match(text: &str, json: bool, out: &mut impl Write) -> Result<()> {
    let text = text.trim_start_matches('\u{feff}');
    let game = game_of(text)?;
    let id: GameId = game.parse().map_err(|_| anyhow!("unknown game {game:?} in the record"))?;
    match id {
        GameId::Skat => print_match(&MatchRecord::<SkatGame>::read(text)?, json, out)?,
        GameId::Spidge => print_match(&MatchRecord::<SpidgeGame>::read(text)?, json, out)?,
        GameId::Spitzer => print_match(&MatchRecord::<SpitzerGame>::read(text)?, json, out)?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::series::{Match, SkatMatchRules};
    use trumpf_core::skat::{SkatAction, SkatDeal, SkatRules};
    use trumpf_core::{Game, Seat};

    /// A one-deal list: everybody passes (thrown in, §4.6), so every score is 0.
    fn passed_in_record() -> String {
        let mut m = Match::<SkatGame>::new(
            SkatMatchRules { deals: Some(1), ..Default::default() },
            trumpf_core::Member::new(0).unwrap(),
        )
        .unwrap();
        let start = SkatGame::new(SkatDeal::from_seed(1), SkatRules::default());
        let actions = vec![
            (Seat::MIDDLEHAND, SkatAction::Pass),
            (Seat::REARHAND, SkatAction::Pass),
            (Seat::FOREHAND, SkatAction::Pass),
        ];
        m.record(start, actions).unwrap();
        assert!(m.deals()[0].end.is_over());
        MatchRecord::new(&["Ann".into(), "Bob".into(), "Cid".into()], m).write()
    }

    #[test]
    fn replays_a_trumpf_record() {
        let text = passed_in_record();
        assert!(is_match_record(&text));
        let mut out = Vec::new();
        replay_match(&text, false, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out, "deal 1: dealer Ann: passed in | +0 +0 +0\ntotals: Ann 0, Bob 0, Cid 0; drawn\n");
        let mut json = Vec::new();
        replay_match(&text, true, &mut json).unwrap();
        let json = String::from_utf8(json).unwrap();
        assert_eq!(json.lines().count(), 2);
        assert!(json.contains(r#""status":"drawn""#), "{json}");
        assert!(json.contains(r#""outcome":"PassedIn""#), "{json}");
    }

    #[test]
    fn a_bad_trumpf_record_names_its_line() {
        let text = passed_in_record().replace("scores 0 0 0", "scores 0 0 1");
        let e = replay_match(&text, false, &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("line 11"), "{e}");
    }
}
