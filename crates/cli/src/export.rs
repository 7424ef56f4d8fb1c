//! `trumpf export FILE --jsonl`: every game of an ISS file as one JSON
//! object per line (the deal, the bids, the declaration, the tricks, the
//! result) for data analysis; and the statistics of `trumpf replay
//! --stats`. Both read the file as `trumpf replay` does: streamed, on all
//! cores, past bad records, which are reported and counted.

use std::collections::BTreeMap;
use std::io;
use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use serde_json::{Value, json};
use trumpf_core::iss::{IssEnd, IssMove, IssOutcome, IssRecord, IssReplay};
use trumpf_core::skat::{GameKind, SkatAction};
use trumpf_core::{CardSet, Seat};

use crate::replay::{self, Mode, Report};

/// Arguments of `trumpf export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// A file of ISS records, one game per line.
    pub file: PathBuf,
    /// One JSON object per game and line (the only format).
    #[arg(long)]
    pub jsonl: bool,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
}

pub fn run(args: ExportArgs) -> Result<()> {
    if !args.jsonl {
        bail!("trumpf export writes JSON lines: give --jsonl");
    }
    let pool = replay::thread_pool(args.threads)?;
    if replay::match_record(&args.file, replay::open(&args.file)?)?.is_some() {
        bail!(
            "trumpf export reads ISS records; {} is a trumpf match record (`trumpf replay --json` reads it)",
            args.file.display()
        );
    }
    let file = replay::open(&args.file)?;
    let report = match pool
        .install(|| replay::replay_stream(file, Mode::Export, &mut io::stdout().lock(), &mut io::stderr().lock()))
    {
        Ok(report) => report,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        Err(error) => return Err(error.into()),
    };
    report.verdict()
}

fn cards(set: CardSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

/// How a replayed game ended, in words.
fn end_name(end: IssEnd) -> &'static str {
    match end {
        IssEnd::Played => "played",
        IssEnd::PassedIn => "passed in",
        IssEnd::DeclarerResigned => "declarer resigned",
        IssEnd::DefendersResigned => "defenders resigned",
        IssEnd::Left(_) => "left",
        IssEnd::TimedOut(_) => "timed out",
    }
}

/// One game as a JSON object (one line).
pub fn game_json(line: usize, record: &IssRecord, replay: &IssReplay) -> String {
    let hands = record.deal.hands();
    let mut bids = Vec::new();
    let (mut taken, mut discard) = (false, None);
    for mv in &record.moves {
        if let IssMove::Action { seat, action } = mv {
            match action {
                SkatAction::Bid(_) | SkatAction::Hold | SkatAction::Pass => {
                    bids.push(json!({"seat": seat.index(), "action": action.to_string()}));
                }
                SkatAction::TakeSkat => taken = true,
                SkatAction::Discard(set) => discard = Some(cards(*set)),
                _ => {}
            }
        }
    }
    let game = &replay.game;
    let declaration = game.contract().map(|c| {
        json!({
            "contract": c.iss_code(),
            "kind": c.kind.name(),
            "hand": c.hand,
            "schneider": c.schneider,
            "schwarz": c.schwarz,
            "ouvert": c.ouvert,
            "skat_taken": taken,
            "discard": discard,
        })
    });
    let mut tricks: Vec<Value> = game
        .history()
        .tricks()
        .map(|t| {
            json!({
                "leader": t.leader.index(),
                "cards": t.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "winner": t.winner.index(),
            })
        })
        .collect();
    let (leader, current) = game.current_trick();
    if !current.is_empty() {
        tricks.push(
            json!({"leader": leader.index(), "cards": current.iter().map(|c| c.to_string()).collect::<Vec<_>>()}),
        );
    }
    let (declarer, bid) = game.declarer().map_or((None, None), |(s, b)| (Some(s.index()), Some(b)));
    let object = json!({
        "line": line,
        "id": record.id,
        "players": record.players,
        "date": record.date,
        "deal": {
            "forehand": cards(hands[Seat::FOREHAND]),
            "middlehand": cards(hands[Seat::MIDDLEHAND]),
            "rearhand": cards(hands[Seat::REARHAND]),
            "skat": cards(record.deal.skat()),
        },
        "bids": bids,
        "declarer": declarer,
        "bid": bid,
        "declaration": declaration,
        "tricks": tricks,
        "end": end_name(replay.end),
        "result": replay.result.settlement,
    });
    object.to_string()
}

/// One row of the statistics: games of one type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Row {
    games: u64,
    won: u64,
    hand: u64,
    ouvert: u64,
    /// The declarers' list values (`v:`) summed.
    value_sum: i64,
    overbid: u64,
}

/// The facts of the replayed games of a file (`trumpf replay --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games with a declarer, by game type (Grand, Clubs, ..., Null).
    by_type: BTreeMap<&'static str, Row>,
    passed_in: u64,
    penalties: u64,
    /// Games that ended early: declarer resigned, defenders resigned, a
    /// player left, a player timed out.
    early: BTreeMap<&'static str, u64>,
    /// Winning bids summed, and the games they count.
    bid_sum: u64,
    schneider: u64,
    schwarz: u64,
}

impl Stats {
    /// Adds one replayed game.
    pub fn add(&mut self, _record: &IssRecord, replay: &IssReplay) {
        let s = &replay.result.settlement;
        match s.outcome {
            IssOutcome::Passed => self.passed_in += 1,
            IssOutcome::Penalty => self.penalties += 1,
            IssOutcome::Win | IssOutcome::Loss => {
                let contract = replay.game.contract();
                let kind = contract.map_or("unknown", |c| kind_name(c.kind));
                let row = self.by_type.entry(kind).or_default();
                row.games += 1;
                row.won += u64::from(s.outcome == IssOutcome::Win);
                row.hand += u64::from(contract.is_some_and(|c| c.hand));
                row.ouvert += u64::from(contract.is_some_and(|c| c.ouvert));
                row.value_sum += i64::from(s.value);
                row.overbid += u64::from(s.overbid);
                self.bid_sum += u64::from(replay.game.declarer().map_or(0, |(_, b)| b));
                self.schneider += u64::from(s.schneider);
                self.schwarz += u64::from(s.schwarz);
            }
        }
        match replay.end {
            IssEnd::Played | IssEnd::PassedIn => {}
            end => *self.early.entry(end_name(end)).or_insert(0) += 1,
        }
    }

    fn declared(&self) -> (u64, u64, i64) {
        self.by_type.values().fold((0, 0, 0), |(g, w, v), r| (g + r.games, w + r.won, v + r.value_sum))
    }

    /// The summary as text.
    pub fn text(&self, report: &Report) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let replayed = self.declared().0 + self.passed_in + self.penalties;
        let _ = writeln!(out, "records {} (replayed {replayed}, failed {})", report.records, report.failed());
        for (kind, n) in &report.failures {
            let _ = writeln!(out, "  failed: {kind} {n}");
        }
        if report.unfinished_last {
            let _ = writeln!(out, "  the last record is a deal in progress");
        }
        let pct = |a: u64, b: u64| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
        let (games, won, values) = self.declared();
        let _ = writeln!(
            out,
            "games played {games}, passed in {} ({:.1}%), penalties {}",
            self.passed_in,
            pct(self.passed_in, replayed),
            self.penalties
        );
        let _ = writeln!(
            out,
            "declarers won {won} of {games} ({:.1}%), mean value {:+.1}, mean winning bid {:.1}, schneider {}, schwarz {}",
            pct(won, games),
            if games == 0 { 0.0 } else { values as f64 / games as f64 },
            if games == 0 { 0.0 } else { self.bid_sum as f64 / games as f64 },
            self.schneider,
            self.schwarz
        );
        let _ = writeln!(
            out,
            "{:<10} {:>9} {:>7} {:>9} {:>7} {:>7} {:>8} {:>11}",
            "type", "games", "share", "won", "hand", "ouvert", "overbid", "mean value"
        );
        for (kind, r) in &self.by_type {
            let _ = writeln!(
                out,
                "{kind:<10} {:>9} {:>6.1}% {:>8.1}% {:>7} {:>7} {:>8} {:>+11.1}",
                r.games,
                pct(r.games, games),
                pct(r.won, r.games),
                r.hand,
                r.ouvert,
                r.overbid,
                r.value_sum as f64 / r.games.max(1) as f64
            );
        }
        let early: Vec<String> = self.early.iter().map(|(k, n)| format!("{k} {n}")).collect();
        let _ = writeln!(out, "early ends: {}", if early.is_empty() { "none".to_owned() } else { early.join(", ") });
        out
    }

    /// The summary as one JSON object.
    pub fn json(&self, report: &Report) -> Value {
        let (games, won, values) = self.declared();
        let types: serde_json::Map<String, Value> = self
            .by_type
            .iter()
            .map(|(k, r)| {
                (
                    (*k).to_owned(),
                    json!({"games": r.games, "won": r.won, "hand": r.hand, "ouvert": r.ouvert,
                           "overbid": r.overbid, "value_sum": r.value_sum}),
                )
            })
            .collect();
        json!({
            "records": report.records,
            "failed": report.failed(),
            "failures": report.failures,
            "unfinished_last": report.unfinished_last,
            "games": games,
            "declarer_won": won,
            "value_sum": values,
            "bid_sum": self.bid_sum,
            "passed_in": self.passed_in,
            "penalties": self.penalties,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "by_type": types,
            "early_ends": self.early,
        })
    }
}

/// "Grand", "Null", "Clubs"...
fn kind_name(kind: GameKind) -> &'static str {
    kind.name()
}
