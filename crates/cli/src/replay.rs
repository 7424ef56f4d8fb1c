//! `trumpf replay FILE [--json] [--stats]`: replays ISS records through the
//! engine and prints each game's settlement; a trumpf match record
//! (`docs/records.md`) is replayed deal by deal instead.
//!
//! ISS files are streamed: the file is read in batches of lines, each batch
//! replayed on all cores and printed in order, so memory does not grow with
//! the file and a database of millions of games replays at disk speed.
//! One record per line; blank lines are skipped. A record that cannot be
//! read or replayed is reported on stderr with its line and column, counted
//! by kind, and the others still replay. When a record carries the server's
//! `R[...]` and the replay settles differently, that is reported and counted
//! too. The exit code is non-zero if any record failed either way.
//! `--stats` prints a summary of the file instead of one line per game
//! (`stats`); `trumpf export` writes one JSON object per game (`export`).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use trumpf_core::Seat;
use trumpf_core::iss::{IssEnd, IssError, IssErrorKind, IssOutcome, IssRecord, IssReplay, IssResult, IssSettlement};
use trumpf_core::skat::GameKind;

use crate::export::Stats;

/// Arguments of `trumpf replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A file of ISS records (one game per line) or a trumpf match record.
    pub file: PathBuf,
    /// One JSON object per game and line.
    #[arg(long)]
    pub json: bool,
    /// A summary of the file instead of a line per game: games by type,
    /// the declarers' success by type, values, pass-ins, early ends, bad
    /// records by kind (with --json: one JSON object).
    #[arg(long)]
    pub stats: bool,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// What one record becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A human line per game.
    Human,
    /// A JSON settlement per game.
    Json,
    /// Nothing per game; the facts go to the statistics.
    Stats,
    /// The whole game as one JSON object (`trumpf export`).
    Export,
}

pub fn run(args: ReplayArgs) -> Result<()> {
    let mode = match (args.stats, args.json) {
        (true, _) => Mode::Stats,
        (false, true) => Mode::Json,
        (false, false) => Mode::Human,
    };
    let pool = thread_pool(args.threads)?;
    let file = open(&args.file)?;
    if let Some(text) = match_record(&args.file, file)? {
        if args.stats {
            bail!("--stats reads ISS records; {} is a trumpf match record", args.file.display());
        }
        return match crate::records::replay_match(&text, args.json, &mut io::stdout().lock()) {
            Err(e) if e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) => Ok(()),
            other => other.with_context(|| format!("{} is not a valid trumpf record", args.file.display())),
        };
    }
    let file = open(&args.file)?;
    let report = match pool.install(|| replay_stream(file, mode, &mut io::stdout().lock(), &mut io::stderr().lock())) {
        Ok(report) => report,
        // The reader went away (`trumpf replay ... | head`): nothing more to say.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        Err(error) => return Err(error.into()),
    };
    if mode == Mode::Stats {
        let mut out = io::stdout().lock();
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&report.stats.json(&report))?)?;
        } else {
            write!(out, "{}", report.stats.text(&report))?;
        }
    }
    report.verdict()
}

/// The worker threads of `--threads`.
pub fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    match threads {
        Some(0) => bail!("--threads must be at least 1"),
        Some(n) => rayon::ThreadPoolBuilder::new().num_threads(n).build().context("could not start the threads"),
        None => rayon::ThreadPoolBuilder::new().build().context("could not start the threads"),
    }
}

/// The file, opened.
pub fn open(path: &std::path::Path) -> Result<File> {
    File::open(path).with_context(|| format!("cannot read {}", path.display()))
}

/// Reads the start of the file: the whole text if it is a trumpf match
/// record (small: one match), `None` for ISS records.
///
/// # Errors
/// An empty file, or one that is neither format.
pub fn match_record(path: &std::path::Path, file: File) -> Result<Option<String>> {
    let mut reader = BufReader::new(file);
    let mut line = Vec::new();
    let first = loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).with_context(|| format!("cannot read {}", path.display()))? == 0 {
            bail!("{} holds no records (it is empty)", path.display());
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_start_matches('\u{feff}').trim();
        if !text.is_empty() {
            break text.to_owned();
        }
    };
    if first.starts_with("trumpf-record") {
        let mut rest = Vec::new();
        reader.read_to_end(&mut rest).with_context(|| format!("cannot read {}", path.display()))?;
        let mut text = String::from_utf8_lossy(&line).into_owned();
        text.push_str(&String::from_utf8_lossy(&rest));
        if crate::records::is_match_record(&text) {
            return Ok(Some(text));
        }
    }
    if !first.starts_with("(;") {
        bail!(
            "{} is neither ISS records (lines starting `(;GM[Skat]`) nor a trumpf match record (starting `trumpf-record`)",
            path.display()
        );
    }
    Ok(None)
}

/// How many records a text held and how many failed.
#[cfg(test)]
#[derive(Debug, PartialEq, Eq)]
struct Summary {
    records: usize,
    failed: usize,
}

/// What a stream of records came to.
#[derive(Debug, Default)]
pub struct Report {
    /// Non-blank lines read.
    pub records: u64,
    /// Records that failed, by kind (see [`failure_kind`]).
    pub failures: BTreeMap<&'static str, u64>,
    /// Records whose result differs from the replay in the s:/z: flags only.
    pub flag_notes: u64,
    /// A last record that is a deal in progress.
    pub unfinished_last: bool,
    /// The facts of the replayed games.
    pub stats: Stats,
}

impl Report {
    /// Records that failed, all kinds.
    pub fn failed(&self) -> u64 {
        self.failures.values().sum()
    }

    /// `Ok` when no record failed; else the counts by kind.
    ///
    /// # Errors
    /// When any record failed.
    pub fn verdict(&self) -> Result<()> {
        if self.failed() > 0 {
            let kinds: Vec<String> = self.failures.iter().map(|(k, n)| format!("{n} {k}")).collect();
            bail!("{} of {} records failed ({})", self.failed(), self.records, kinds.join(", "));
        }
        Ok(())
    }
}

/// The kind of a record's failure, for the counts.
pub fn failure_kind(kind: &IssErrorKind) -> &'static str {
    match kind {
        IssErrorKind::Syntax { .. }
        | IssErrorKind::MissingField { .. }
        | IssErrorKind::DuplicateField { .. }
        | IssErrorKind::BadField { .. }
        | IssErrorKind::MissingDeal
        | IssErrorKind::UnknownActor { .. }
        | IssErrorKind::UnknownToken { .. } => "cannot be read",
        IssErrorKind::BadDeal { .. } => "bad deal",
        IssErrorKind::UnexpectedMove { .. } => "move out of place",
        IssErrorKind::Illegal { .. } => "illegal move",
        IssErrorKind::SkatMismatch { .. } | IssErrorKind::ShownHandMismatch { .. } => "cards disagree",
        IssErrorKind::Unfinished { .. } => "unfinished",
        IssErrorKind::NotExpressible { .. } => "not expressible",
    }
}

/// What one record line comes to.
struct Item {
    /// The line for stdout.
    out: Option<String>,
    /// Lines for stderr, in order.
    err: Vec<String>,
    /// The failure's kind, if the record failed.
    failure: Option<&'static str>,
    /// Only the s:/z: flags differ from the record's result.
    flag_note: bool,
    /// The deal in progress at the end of the file.
    unfinished_last: bool,
    /// The replayed game, for the statistics.
    game: Option<(IssRecord, IssReplay)>,
}

/// Reads and replays one record: the fast reader first (most records),
/// the engine's own reader for anything it does not take and for every
/// error, so that errors name their line and column exactly.
///
/// # Errors
/// The engine's error for the record.
pub fn read_record(line: &str) -> Result<(IssRecord, IssReplay), IssError> {
    if let Some(record) = fast::parse(line)
        && let Ok(replay) = record.replay()
    {
        return Ok((record, replay));
    }
    IssRecord::parse_and_replay(line)
}

/// The item of line `number` (1-based); `last` when no record follows it.
fn process(number: usize, line: &str, last: bool, mode: Mode) -> Item {
    let mut item =
        Item { out: None, err: Vec::new(), failure: None, flag_note: false, unfinished_last: false, game: None };
    let (record, replay) = match read_record(line) {
        Ok(replayed) => replayed,
        Err(mut error) => {
            error.line = Some(number);
            // `trumpf play` saves the deal in progress as a last record
            // that stops mid-deal and has no result: not a failure.
            let in_progress = last
                && matches!(error.kind, IssErrorKind::Unfinished { .. })
                && IssRecord::parse(line).is_ok_and(|r| r.result.is_none());
            if in_progress {
                item.err
                    .push(format!("note: line {number}: the deal in progress when the file was saved (unfinished)"));
                if mode == Mode::Human {
                    item.out = Some(format!("{}: unfinished", error.id.map_or_else(String::new, |id| id.to_string())));
                }
                item.unfinished_last = true;
            } else {
                item.err.push(format!("error: {error}"));
                item.failure = Some(failure_kind(&error.kind));
            }
            return item;
        }
    };
    item.out = match mode {
        Mode::Json => serde_json::to_string(&JsonSettlement::new(record.id, &replay.result)).ok(),
        Mode::Human => Some(human(&record, &replay)),
        Mode::Export => Some(crate::export::game_json(number, &record, &replay)),
        Mode::Stats => None,
    };
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
            Agreement::FlagsOnly => {
                item.flag_note = true;
                item.err.push(format!(
                    "note: line {number}, record {}: the replay settles `{}`, {source} `{written}`: only the s:/z: flags \
                     differ (bookkeeping of the server's own; outcome, value, matadors, points and tricks agree)",
                    record.id, replay.result
                ));
            }
            Agreement::Differs => {
                item.err.push(format!(
                    "error: line {number}, record {}: the replay settles `{}`, {source} `{written}`",
                    record.id, replay.result
                ));
                item.failure = Some("settlement differs");
            }
        }
    }
    if mode == Mode::Stats && item.failure.is_none() {
        item.game = Some((record, replay));
    }
    item
}

/// Lines per batch: large enough to keep every core busy, small enough
/// that memory stays flat.
const BATCH: usize = 8192;

/// In `--stats` mode, errors beyond this many are counted, not printed.
const STATS_ERRORS: u64 = 20;

/// Replays every record read from `input` (see the module docs): the lines
/// of `mode` to `out`, problems to `err`, in the order of the records.
///
/// # Errors
/// Reading or writing fails.
pub fn replay_stream(
    input: impl Read + Send,
    mode: Mode,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Report> {
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let mut report = Report::default();
    let mut printed_errors = 0u64;
    // One thread reads batches while the others replay the one before.
    let (tx, rx) = std::sync::mpsc::sync_channel::<io::Result<Batch>>(2);
    std::thread::scope(|scope| -> io::Result<()> {
        scope.spawn(move || read_batches(input, &tx));
        for batch in rx {
            let batch = batch?;
            let items: Vec<Item> = batch
                .lines
                .par_iter()
                .enumerate()
                .map(|(i, (n, line))| process(*n, line, batch.last && i + 1 == batch.lines.len(), mode))
                .collect();
            for item in items {
                report.records += 1;
                if let Some(line) = &item.out {
                    out.write_all(line.as_bytes())?;
                    out.write_all(b"\n")?;
                }
                if let Some(kind) = item.failure {
                    *report.failures.entry(kind).or_insert(0) += 1;
                }
                let quiet = mode == Mode::Stats && item.failure.is_some() && printed_errors >= STATS_ERRORS;
                if !quiet && !item.err.is_empty() {
                    // Errors follow the lines printed before them.
                    out.flush()?;
                    for line in &item.err {
                        writeln!(err, "{line}")?;
                    }
                    printed_errors += u64::from(item.failure.is_some());
                }
                report.flag_notes += u64::from(item.flag_note);
                report.unfinished_last |= item.unfinished_last;
                if let Some((record, replay)) = &item.game {
                    report.stats.add(record, replay);
                }
            }
        }
        Ok(())
    })?;
    out.flush()?;
    if mode == Mode::Stats && printed_errors < report.failed() {
        writeln!(err, "note: {} more bad records were counted but not shown", report.failed() - printed_errors)?;
    }
    Ok(report)
}

/// Non-blank lines of the file with their 1-based numbers; `last` when
/// the file ends with this batch.
struct Batch {
    lines: Vec<(usize, String)>,
    last: bool,
}

/// Reads `input` into batches of [`BATCH`] lines. The last non-blank line
/// is held back until another is read, so the batch holding the file's
/// last record knows it.
fn read_batches(input: impl Read, tx: &std::sync::mpsc::SyncSender<io::Result<Batch>>) {
    let mut reader = BufReader::with_capacity(1 << 20, input);
    let mut number = 0usize;
    let mut held: Option<(usize, String)> = None;
    let mut lines = Vec::with_capacity(BATCH);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let eof = match reader.read_until(b'\n', &mut buf) {
            Ok(n) => n == 0,
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        if !eof {
            number += 1;
            let mut text = match String::from_utf8(std::mem::take(&mut buf)) {
                Ok(text) => text,
                Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
            };
            if number == 1 && text.starts_with('\u{feff}') {
                text.drain(..'\u{feff}'.len_utf8());
            }
            while text.ends_with('\n') || text.ends_with('\r') {
                text.pop();
            }
            if text.trim().is_empty() {
                continue;
            }
            if let Some(previous) = held.replace((number, text)) {
                lines.push(previous);
            }
        }
        if lines.len() >= BATCH || eof {
            lines.extend(if eof { held.take() } else { None });
            let batch = Batch { lines: std::mem::replace(&mut lines, Vec::with_capacity(BATCH)), last: eof };
            if tx.send(Ok(batch)).is_err() || eof {
                return;
            }
        }
    }
}

/// Replays every record of `text`: settlements to `out`, problems to `err`.
#[cfg(test)]
fn replay_text(text: &str, json: bool, out: &mut impl Write, err: &mut impl Write) -> io::Result<Summary> {
    let mode = if json { Mode::Json } else { Mode::Human };
    let report = replay_stream(text.as_bytes(), mode, out, err)?;
    Ok(Summary { records: report.records as usize, failed: report.failed() as usize })
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

/// A fast reader of well-formed ISS records: the same [`IssRecord`] the
/// engine's reader makes (the tests check it on the real records), without
/// its bookkeeping for error messages. Anything unusual (an escape, a
/// duplicate field, a non-ASCII move list, the old two-move declaration, an
/// ouvert hand shown, a hidden card in the deal, any spelling it does not
/// know) gives `None`, and the engine's reader takes the record.
mod fast {
    use trumpf_core::iss::{IssMove, IssOutcome, IssRecord, IssResult, IssSettlement};
    use trumpf_core::skat::{Contract, SkatAction, SkatDeal};
    use trumpf_core::{Card, CardSet, Rank, Seat, Suit};

    const RESERVED: [&str; 8] = ["GM", "ID", "DT", "P0", "P1", "P2", "MV", "R"];

    pub fn parse(line: &str) -> Option<IssRecord> {
        let body = line.trim().strip_prefix("(;")?.strip_suffix(";)")?;
        if body.contains('\\') {
            return None;
        }
        let (mut id, mut gm, mut dt, mut mv, mut result) = (None, None, None, None, None);
        let mut players: [Option<&str>; 3] = [None; 3];
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut rest = body;
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let key_len = rest.bytes().take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit()).count();
            if key_len == 0 || rest.as_bytes().get(key_len) != Some(&b'[') {
                return None;
            }
            let key = &rest[..key_len];
            let close = rest[key_len + 1..].find(']')?;
            let value = &rest[key_len + 1..key_len + 1 + close];
            rest = &rest[key_len + 2 + close..];
            let slot = match key {
                "ID" => &mut id,
                "GM" => &mut gm,
                "DT" => &mut dt,
                "MV" => &mut mv,
                "R" => &mut result,
                "P0" => &mut players[0],
                "P1" => &mut players[1],
                "P2" => &mut players[2],
                _ => {
                    if tags.iter().any(|(k, _)| k == key) {
                        return None;
                    }
                    tags.push((key.to_owned(), value.to_owned()));
                    continue;
                }
            };
            if slot.replace(value).is_some() {
                return None;
            }
        }
        debug_assert!(tags.iter().all(|(k, _)| !RESERVED.contains(&k.as_str())));
        if gm? != "Skat" {
            return None;
        }
        let id = id?.trim().parse::<u64>().ok()?;
        let players = [players[0]?.to_owned(), players[1]?.to_owned(), players[2]?.to_owned()];
        let (deal, moves) = moves(mv?)?;
        let result = match result {
            None => None,
            Some(text) => Some(parse_result(text)?),
        };
        Some(IssRecord { id, players, date: dt.map(str::to_owned), deal, moves, result, tags })
    }

    fn card(token: &str) -> Option<Card> {
        let &[s, r] = token.as_bytes() else { return None };
        let suit = match s {
            b'C' => Suit::Clubs,
            b'S' => Suit::Spades,
            b'H' => Suit::Hearts,
            b'D' => Suit::Diamonds,
            _ => return None,
        };
        let rank = match r {
            b'7' => Rank::Seven,
            b'8' => Rank::Eight,
            b'9' => Rank::Nine,
            b'T' => Rank::Ten,
            b'J' => Rank::Jack,
            b'Q' => Rank::Queen,
            b'K' => Rank::King,
            b'A' => Rank::Ace,
            _ => return None,
        };
        Some(Card::new(suit, rank))
    }

    /// Distinct cards joined by `.`.
    fn cards(token: &str) -> Option<(CardSet, usize)> {
        let mut set = CardSet::EMPTY;
        let mut n = 0;
        for t in token.split('.') {
            let c = card(t)?;
            if set.contains(c) {
                return None;
            }
            set.insert(c);
            n += 1;
        }
        Some((set, n))
    }

    fn seat(token: &str) -> Option<Seat> {
        match token {
            "0" => Some(Seat::FOREHAND),
            "1" => Some(Seat::MIDDLEHAND),
            "2" => Some(Seat::REARHAND),
            _ => None,
        }
    }

    fn server(token: &str) -> Option<IssMove> {
        let (kind, s) = token.split_once('.')?;
        let s = seat(s)?;
        match kind {
            "LE" => Some(IssMove::Left(s)),
            "TI" => Some(IssMove::Timeout(s)),
            _ => None,
        }
    }

    fn moves(mv: &str) -> Option<(SkatDeal, Vec<IssMove>)> {
        if !mv.is_ascii() {
            return None;
        }
        let mut tokens = mv.split_ascii_whitespace();
        if tokens.next()? != "w" {
            return None;
        }
        let dealt = tokens.next()?;
        let mut parts = [CardSet::EMPTY; 4];
        let mut n = 0;
        for t in dealt.split('.') {
            let c = card(t)?;
            let part = &mut parts[(n / 10).min(3)];
            if part.contains(c) {
                return None;
            }
            part.insert(c);
            n += 1;
        }
        if n != 32 {
            return None;
        }
        let deal = SkatDeal::new([parts[0], parts[1], parts[2]], parts[3]).ok()?;
        let mut moves = Vec::with_capacity(48);
        let mut taken_by = None;
        let mut discarded = false;
        // The old two-move form: a declaration after the pickup, waiting
        // for its discards as the same seat's next move.
        let mut pending: Option<(Seat, Contract)> = None;
        while let Some(actor) = tokens.next() {
            let token = tokens.next()?;
            if let Some((by, contract)) = pending.take() {
                let (set, 2) = (seat(actor) == Some(by)).then(|| cards(token)).flatten()? else { return None };
                moves.push(IssMove::Action { seat: by, action: SkatAction::Discard(set) });
                moves.push(IssMove::Action { seat: by, action: SkatAction::Declare(contract) });
                discarded = true;
                continue;
            }
            if actor == "w" {
                let mv = match server(token) {
                    Some(mv) => mv,
                    None => match cards(token)? {
                        (set, 2) => IssMove::SkatShown(set),
                        _ => return None,
                    },
                };
                moves.push(mv);
                continue;
            }
            let seat = seat(actor)?;
            let action = |action| IssMove::Action { seat, action };
            let mv = match token {
                "RE" => IssMove::Resign(seat),
                "SC" => IssMove::ShowCards(seat),
                "??" => IssMove::HiddenCard(seat),
                "y" => action(SkatAction::Hold),
                "p" => action(SkatAction::Pass),
                "s" => {
                    taken_by = Some(seat);
                    discarded = false;
                    action(SkatAction::TakeSkat)
                }
                t if t.starts_with("LE.") || t.starts_with("TI.") => server(t)?,
                t if t.bytes().all(|b| b.is_ascii_digit()) => action(SkatAction::Bid(t.parse().ok()?)),
                t => {
                    if let Some(c) = card(t) {
                        action(SkatAction::Play(c))
                    } else if t.contains('.')
                        && let Some((set, n)) = cards(t)
                    {
                        // A bare discard (of two cards; anything else is the
                        // engine reader's to report).
                        if n != 2 {
                            return None;
                        }
                        discarded = true;
                        action(SkatAction::Discard(set))
                    } else {
                        let (code, rest) = t.split_once('.').unwrap_or((t, ""));
                        if code.is_empty() || !code.bytes().all(|b| b.is_ascii_uppercase()) {
                            return None;
                        }
                        let contract = code.parse::<Contract>().ok()?;
                        if rest.is_empty() {
                            if taken_by == Some(seat) && !discarded {
                                pending = Some((seat, contract));
                                continue;
                            }
                        } else {
                            let (set, 2) = cards(rest)? else { return None };
                            moves.push(action(SkatAction::Discard(set)));
                            discarded = true;
                        }
                        action(SkatAction::Declare(contract))
                    }
                }
            };
            moves.push(mv);
        }
        if pending.is_some() {
            return None;
        }
        Some((deal, moves))
    }

    fn parse_result(text: &str) -> Option<IssResult> {
        let text = text.trim();
        if text == "passed" {
            return Some(IssResult::passed());
        }
        let (mut outcome, mut overbid) = (None, None);
        let mut values: [Option<i64>; 13] = [None; 13];
        const KEYS: [&str; 13] = ["d", "v", "m", "p", "t", "s", "z", "p0", "p1", "p2", "l", "to", "r"];
        for token in text.split_ascii_whitespace() {
            match token {
                "win" | "loss" | "penalty" => {
                    let o = match token {
                        "win" => IssOutcome::Win,
                        "loss" => IssOutcome::Loss,
                        _ => IssOutcome::Penalty,
                    };
                    if outcome.replace(o).is_some() {
                        return None;
                    }
                }
                "bidok" | "overbid" => {
                    if overbid.replace(token == "overbid").is_some() {
                        return None;
                    }
                }
                _ => {
                    let (key, value) = token.split_once(':')?;
                    let k = KEYS.iter().position(|&k| k == key)?;
                    if values[k].replace(value.parse().ok()?).is_some() {
                        return None;
                    }
                }
            }
        }
        let get = |key: &str| values[KEYS.iter().position(|&k| k == key).unwrap_or(0)];
        let ranged = |key: &str, lo: i64, hi: i64| get(key).filter(|v| (lo..=hi).contains(v));
        let seat_of = |v: i64| usize::try_from(v).ok().and_then(Seat::new);
        let flag = |key: &str| ranged(key, 0, 1).map(|v| v == 1);
        let small = |key: &str| i32::try_from(get(key).unwrap_or(0)).ok();
        let settlement = IssSettlement {
            outcome: outcome?,
            declarer: seat_of(ranged("d", -1, 2)?),
            value: i32::try_from(get("v")?).ok()?,
            matadors: ranged("m", -11, 11)? as i8,
            declarer_points: ranged("p", 0, 120)? as u8,
            declarer_tricks: ranged("t", 0, 10)? as u8,
            schneider: flag("s")?,
            schwarz: flag("z")?,
            overbid: overbid?,
        };
        let optional_seat = |key: &str| match get(key) {
            None => Some(None),
            Some(v) if (-1..=2).contains(&v) => Some(seat_of(v)),
            Some(_) => None,
        };
        Some(IssResult {
            settlement,
            penalties: [small("p0")?, small("p1")?, small("p2")?],
            left: optional_seat("l")?,
            timeout: optional_seat("to")?,
            resigned: match get("r") {
                None => None,
                Some(_) => Some(flag("r")?),
            },
        })
    }
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

    #[test]
    fn the_fast_reader_reads_the_real_records_as_the_engine_does() {
        let mut fast_read = 0;
        for line in RECORDS.lines() {
            let engine = IssRecord::parse(line).unwrap();
            if let Some(record) = fast::parse(line) {
                assert_eq!(record, engine, "{line}");
                fast_read += 1;
            }
            // Perturbed: other ids, names, extra tags and spacing.
            let changed =
                line.replacen("ID[", "XX[1] ID[", 1).replacen("P0[", "P0[ a name ", 1).replacen(" ;)", ";)  ", 1);
            let engine = IssRecord::parse(&changed).unwrap();
            if let Some(record) = fast::parse(&changed) {
                assert_eq!(record, engine, "{changed}");
            }
        }
        assert_eq!(fast_read, 20);
        // Whatever the fast reader refuses, read_record still reads as the engine.
        for line in RECORDS.lines() {
            assert_eq!(read_record(line).map(|(r, _)| r), IssRecord::parse_and_replay(line).map(|(r, _)| r));
        }
    }

    #[test]
    fn the_fast_reader_leaves_bad_records_to_the_engine() {
        let good = RECORDS.lines().next().unwrap();
        for bad in [
            good.replacen("(;", "(", 1),
            good.replacen("ID[541932]", "ID[x]", 1),
            good.replacen(" 0 SA ", " 0 S1 ", 1),
            good.replacen(" 2 D.ST.H8 ", " 2 D.ST.ST ", 1),
            good.replacen("R[d:2", "R[d:7", 1),
            good.replacen("P1[kermit]", "P1[ker\\]mit]", 1),
            good.replacen("MV[w ", "MV[w ??.", 1),
            good[..good.len() - 40].to_owned(),
        ] {
            let fast = fast::parse(&bad);
            let engine = IssRecord::parse(&bad);
            match (fast, engine) {
                (Some(f), Ok(e)) => assert_eq!(f, e, "{bad}"),
                (Some(f), Err(e)) => panic!("the fast reader read {f:?}, the engine refused: {e}"),
                (None, _) => {}
            }
        }
    }

    #[test]
    fn a_huge_file_streams_in_batches_with_errors_counted_by_kind() {
        // More lines than a batch, bad records among them, a truncated last line.
        let lines: Vec<&str> = RECORDS.lines().collect();
        let mut text = String::new();
        let (mut bad, mut differs) = (0, 0);
        for k in 0..(BATCH + 500) {
            let line = lines[k % lines.len()];
            match k % 1000 {
                7 => {
                    text.push_str(&lines[0].replacen(" 0 SA ", " 0 XX ", 1));
                    bad += 1;
                }
                8 => {
                    text.push_str("garbage");
                    bad += 1;
                }
                9 => {
                    text.push_str(&lines[0].replacen("v:-54", "v:-108", 1));
                    differs += 1;
                }
                _ => text.push_str(line),
            }
            text.push('\n');
        }
        text.push_str(&lines[1][..200]);
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let report = replay_stream(text.as_bytes(), Mode::Json, &mut out, &mut err).unwrap();
        assert_eq!(report.records as usize, BATCH + 501);
        // The truncated last line cannot be read: it is an error, not a deal in progress.
        assert_eq!(report.failed() as usize, bad + 1 + differs, "{:?}", report.failures);
        assert_eq!(report.failures["cannot be read"] as usize, bad + 1);
        assert_eq!(report.failures["settlement differs"] as usize, differs);
        let out = String::from_utf8(out).unwrap();
        // A record whose settlement differs still prints its line.
        assert_eq!(out.lines().count(), BATCH + 500 - bad);
        let err = String::from_utf8(err).unwrap();
        assert!(
            err.contains(&format!("error: line {}: column ", BATCH + 501)),
            "{}",
            &err[err.len().saturating_sub(300)..]
        );
        // The JSON lines come in the records' order.
        let ids: Vec<u64> = out
            .lines()
            .take(3)
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].as_u64().unwrap())
            .collect();
        assert_eq!(ids, [541932, 684159, 727]);
    }

    #[test]
    fn stats_sum_the_file() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let report = replay_stream(RECORDS.as_bytes(), Mode::Stats, &mut out, &mut err).unwrap();
        assert!(out.is_empty());
        let json = report.stats.json(&report);
        // From the records' own R[...] fields: 17 games with a declarer,
        // one passed in, one penalty; declarers won 10 (see below).
        let results: Vec<&str> = RECORDS.lines().map(|l| l.split("R[").nth(1).unwrap()).collect();
        let declared = results.iter().filter(|r| r.contains(" win ") || r.contains(" loss ")).count();
        let won = results.iter().filter(|r| r.contains(" win ")).count();
        assert_eq!(json["games"], declared);
        assert_eq!(json["declarer_won"], won);
        assert_eq!(json["passed_in"], results.iter().filter(|r| r.starts_with("passed")).count());
        assert_eq!(json["penalties"], results.iter().filter(|r| r.contains(" penalty ")).count());
        let value_sum: i64 = results
            .iter()
            .filter_map(|r| r.split_whitespace().find_map(|t| t.strip_prefix("v:")))
            .map(|v| v.parse::<i64>().unwrap())
            .sum();
        assert_eq!(json["value_sum"], value_sum);
        let grand = RECORDS.lines().filter(|l| l.contains(" G.") || l.contains(" GO ")).count();
        assert_eq!(json["by_type"]["Grand"]["games"], grand);
        let text = report.stats.text(&report);
        assert!(text.starts_with("records 20 (replayed 20, failed 0)"), "{text}");
        assert!(text.contains("early ends: "), "{text}");
    }
}
