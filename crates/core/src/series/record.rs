//! The trumpf match record: a readable text file holding a whole match of
//! any of the three games — rules, players, and for every deal the cards,
//! every action and the scores — written and read back identically.
//! The format is documented in `docs/records.md`.
//!
//! Reading replays every deal through the engine, so a record that reads
//! is a legal match; the `scores`, `totals` and `status` lines are checked
//! against the replay, and any difference is an error naming the line.

use std::fmt::Write as _;

use thiserror::Error;

use super::{Match, MatchGame, MatchStatus};
use crate::seat::Seat;

/// The first line of every record.
pub const HEADER: &str = "trumpf-record 1";

/// The text forms a game needs to be recorded.
pub trait RecordGame: MatchGame {
    /// The rules as space-separated `key=value` pairs.
    fn write_rules(rules: &Self::Rules) -> String;
    /// Reads [`RecordGame::write_rules`]' form; missing keys take the default.
    ///
    /// # Errors
    /// An unknown key or a bad value, named.
    fn read_rules(text: &str) -> Result<Self::Rules, String>;
    /// The cards of a freshly dealt state as space-separated `hand=cards`.
    fn write_deal(&self) -> String;
    /// Reads [`RecordGame::write_deal`]'s form into a fresh state for the
    /// match at `progress`.
    ///
    /// # Errors
    /// A malformed or impossible deal, named.
    fn read_deal(text: &str, rules: &Self::Rules, progress: &Self::Progress) -> Result<Self, String>;
    /// One action as a token without spaces.
    fn write_action(action: Self::Action) -> String;
    /// Reads [`RecordGame::write_action`]'s form.
    ///
    /// # Errors
    /// A token that names no action.
    fn read_action(text: &str) -> Result<Self::Action, String>;
}

/// A match with its players' names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord<G: MatchGame> {
    /// One name per member (no whitespace; see [`MatchRecord::new`]).
    pub players: Vec<String>,
    /// The match.
    pub game: Match<G>,
}

/// What is wrong with a record, and on which line (1-based).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, message: impl Into<String>) -> RecordError {
    RecordError { line, message: message.into() }
}

/// Player names are single tokens: whitespace becomes `_`, empty becomes `-`.
fn clean_name(name: &str) -> String {
    let cleaned: String = name.chars().map(|c| if c.is_whitespace() { '_' } else { c }).collect();
    if cleaned.is_empty() { "-".to_owned() } else { cleaned }
}

fn join_numbers(values: &[i64]) -> String {
    values.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
}

fn status_text(status: MatchStatus) -> String {
    match status {
        MatchStatus::Running => "running".to_owned(),
        MatchStatus::Won(m) => format!("won {m}"),
        MatchStatus::Drawn => "drawn".to_owned(),
    }
}

impl<G: RecordGame> MatchRecord<G> {
    /// A record of `game` with these player names (one per member; names
    /// are made single tokens).
    pub fn new(players: &[String], game: Match<G>) -> MatchRecord<G> {
        let players = (0..game.members()).map(|m| clean_name(players.get(m).map_or("", String::as_str))).collect();
        MatchRecord { players, game }
    }

    /// The record as text.
    pub fn write(&self) -> String {
        let m = &self.game;
        let members = m.members();
        let mut out = String::new();
        let _ = writeln!(out, "{HEADER}");
        let _ = writeln!(out, "game {}", G::NAME);
        let _ = writeln!(out, "rules {}", G::write_rules(m.rules()));
        let _ = writeln!(out, "players {}", self.players.join(" "));
        let _ = writeln!(out, "first-dealer {}", m.first_dealer());
        for (i, deal) in m.deals().iter().enumerate() {
            let _ = writeln!(out);
            let _ = writeln!(out, "deal {}", i + 1);
            let _ = writeln!(out, "dealer {}", deal.dealer);
            let _ = writeln!(out, "cards {}", deal.start.write_deal());
            let actions: Vec<String> =
                deal.actions.iter().map(|&(seat, a)| format!("{}:{}", seat.index(), G::write_action(a))).collect();
            let _ = writeln!(out, "actions {}", actions.join(" "));
            let _ = writeln!(out, "scores {}", join_numbers(&deal.scores[..members]));
        }
        let _ = writeln!(out);
        let _ = writeln!(out, "totals {}", join_numbers(&m.totals()[..members]));
        let _ = writeln!(out, "status {}", status_text(m.status()));
        out
    }

    /// Reads a record, replaying every deal.
    ///
    /// # Errors
    /// The first problem, with its line: a missing or unknown line, a bad
    /// deal or action, an illegal action, or scores, totals or a status that
    /// differ from the replay.
    pub fn read(text: &str) -> Result<MatchRecord<G>, RecordError> {
        let mut lines = Lines::new(text);
        let expect = |lines: &mut Lines<'_>, key: &str| lines.expect(key);
        let (n, header) = expect(&mut lines, "trumpf-record")?;
        if format!("trumpf-record {header}") != HEADER {
            return Err(err(n, format!("unsupported record version {header:?} (this reader knows {HEADER:?})")));
        }
        let (n, game) = expect(&mut lines, "game")?;
        if game != G::NAME {
            return Err(err(n, format!("this is a {game} record, not {}", G::NAME)));
        }
        let (n, rules) = expect(&mut lines, "rules")?;
        let rules = G::read_rules(&rules).map_err(|m| err(n, format!("rules: {m}")))?;
        let members = G::members(&rules);
        let (n, players) = expect(&mut lines, "players")?;
        let players: Vec<String> = players.split_whitespace().map(str::to_owned).collect();
        if players.len() != members {
            return Err(err(n, format!("{} players named, the table has {members} members", players.len())));
        }
        let (n, first) = expect(&mut lines, "first-dealer")?;
        let first: usize = first.parse().map_err(|_| err(n, format!("first dealer {first:?} is not a number")))?;
        let mut game = Match::<G>::new(rules.clone(), first).map_err(|e| err(n, e.to_string()))?;
        let mut number = 0;
        loop {
            let (n, line) = lines.next().ok_or_else(|| err(0, "the record ends before its `totals` line"))?;
            if let Some(totals) = line.strip_prefix("totals") {
                let expected = join_numbers(&game.totals()[..members]);
                if totals.trim() != expected {
                    return Err(err(n, format!("totals {} differ from the replay's {expected}", totals.trim())));
                }
                break;
            }
            number += 1;
            if line != format!("deal {number}") {
                return Err(err(n, format!("expected `deal {number}`, found {line:?}")));
            }
            let (n, dealer) = expect(&mut lines, "dealer")?;
            if dealer != game.next_dealer().to_string() {
                return Err(err(n, format!("dealer {dealer} but member {} deals deal {number}", game.next_dealer())));
            }
            let (n, cards) = expect(&mut lines, "cards")?;
            let start = G::read_deal(&cards, &rules, game.progress()).map_err(|m| err(n, format!("cards: {m}")))?;
            let (n, actions_text) = expect(&mut lines, "actions")?;
            let mut actions = Vec::new();
            for (i, token) in actions_text.split_whitespace().enumerate() {
                let bad = |m: String| err(n, format!("action {} {token:?}: {m}", i + 1));
                let (seat, action) = token.split_once(':').ok_or_else(|| bad("expected seat:action".into()))?;
                let seat = seat
                    .parse::<usize>()
                    .ok()
                    .and_then(Seat::new)
                    .filter(|s| s.index() < start.seats())
                    .ok_or_else(|| bad(format!("no seat {seat}")))?;
                actions.push((seat, G::read_action(action).map_err(bad)?));
            }
            let deal = game.record(start, actions).map_err(|e| err(n, e.to_string()))?;
            let expected = join_numbers(&deal.scores[..members]);
            let (n, scores) = expect(&mut lines, "scores")?;
            if scores != expected {
                return Err(err(n, format!("scores {scores} differ from the replay's {expected}")));
            }
        }
        let (n, status) = expect(&mut lines, "status")?;
        if status != status_text(game.status()) {
            return Err(err(
                n,
                format!("status {status:?} differs from the replay's {:?}", status_text(game.status())),
            ));
        }
        if let Some((n, line)) = lines.next() {
            return Err(err(n, format!("unexpected line after the status: {line:?}")));
        }
        Ok(MatchRecord { players, game })
    }
}

/// The non-empty, trimmed lines of a record with their 1-based numbers.
struct Lines<'a> {
    lines: Vec<(usize, &'a str)>,
    next: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
        Lines { lines, next: 0 }
    }

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let line = self.lines.get(self.next).copied();
        self.next += 1;
        line
    }

    /// The next line, which must start with `key`; returns what follows it.
    fn expect(&mut self, key: &str) -> Result<(usize, String), RecordError> {
        let (n, line) = self.next().ok_or_else(|| err(0, format!("the record ends before its `{key}` line")))?;
        let rest = if line == key {
            ""
        } else {
            line.strip_prefix(key)
                .and_then(|r| r.strip_prefix(' '))
                .ok_or_else(|| err(n, format!("expected a `{key}` line, found {line:?}")))?
        };
        Ok((n, rest.trim().to_owned()))
    }
}

/// Parses `key=value` pairs, calling `set` for each; reports unknown keys
/// and bad values with the key's name.
///
/// # Errors
/// The first pair that `set` refuses or that has no `=`.
pub fn read_pairs(text: &str, mut set: impl FnMut(&str, &str) -> Result<(), String>) -> Result<(), String> {
    for pair in text.split_whitespace() {
        let (key, value) = pair.split_once('=').ok_or_else(|| format!("{pair:?} is not key=value"))?;
        set(key, value).map_err(|m| format!("{key}: {m}"))?;
    }
    Ok(())
}

/// Reads one of the named values of an option.
///
/// # Errors
/// A value that is not one of the names.
pub fn read_choice<T: Copy>(value: &str, choices: &[(&str, T)]) -> Result<T, String> {
    choices.iter().find(|(name, _)| *name == value).map(|&(_, v)| v).ok_or_else(|| {
        let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
        format!("{value:?} is not one of {}", names.join(", "))
    })
}

/// The name of an option's value.
pub fn choice_name<T: PartialEq>(value: &T, choices: &[(&'static str, T)]) -> &'static str {
    choices.iter().find(|(_, v)| v == value).map_or("?", |(name, _)| name)
}

/// Reads space-separated `name=cards` pairs for exactly the given names,
/// in any order.
///
/// # Errors
/// A missing, repeated or unknown name, or a bad card list.
pub fn read_hands<const N: usize>(text: &str, names: [&str; N]) -> Result<[crate::CardSet; N], String> {
    let mut hands = [None; N];
    read_pairs(text, |key, value| {
        let i = names
            .iter()
            .position(|n| *n == key)
            .ok_or_else(|| format!("unknown hand (expected {})", names.join(", ")))?;
        if hands[i].is_some() {
            return Err("given twice".to_owned());
        }
        hands[i] = Some(value.parse::<crate::CardSet>().map_err(|e| e.to_string())?);
        Ok(())
    })?;
    let mut out = [crate::CardSet::EMPTY; N];
    for (i, hand) in hands.iter().enumerate() {
        out[i] = hand.ok_or_else(|| format!("hand {} is missing", names[i]))?;
    }
    Ok(out)
}

/// Writes `name=cards` pairs.
pub fn write_hands(names: &[&str], hands: &[crate::CardSet]) -> String {
    names.iter().zip(hands).map(|(n, h)| format!("{n}={}", h.dotted())).collect::<Vec<_>>().join(" ")
}

/// Reads `true` / `false`.
///
/// # Errors
/// Any other text.
pub fn read_bool(value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("{value:?} is not true or false")),
    }
}

/// Reads a number.
///
/// # Errors
/// Text that is not a number of the type.
pub fn read_number<T: std::str::FromStr>(value: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("{value:?} is not a valid number"))
}

/// Which game a record holds, from its `game` line.
///
/// # Errors
/// If the text is not a trumpf record.
pub fn game_of(text: &str) -> Result<String, RecordError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty());
    match lines.next() {
        Some((_, HEADER)) => {}
        Some((n, other)) => return Err(err(n, format!("not a trumpf record: the first line is {other:?}"))),
        None => return Err(err(0, "empty record")),
    }
    match lines.next() {
        Some((_, line)) if line.starts_with("game ") => Ok(line["game ".len()..].trim().to_owned()),
        Some((n, other)) => Err(err(n, format!("expected a `game` line, found {other:?}"))),
        None => Err(err(0, "the record ends before its `game` line")),
    }
}
