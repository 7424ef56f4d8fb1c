//! The trumpf match record: a readable text file holding a whole match of
//! any of the three games — rules, players, and for every deal the cards,
//! every action and the scores — written and read back identically.
//! The format is documented in `docs/records.md`.
//!
//! Reading replays every deal through the engine, so a record that reads
//! is a legal match; the `scores`, `totals` and `status` lines are checked
//! against the replay, and any difference is an error naming the line.
//!
//! A record written while the match is played ([`SavedMatch`]) also names
//! the seed its deals follow (`seed N`) and ends with the deal being played:
//! its cards and the actions so far, and no `scores` line. Such a record
//! can be continued where it stops.

use std::fmt::Write as _;

use thiserror::Error;

use crate::game::Game;

use super::{Match, MatchError, MatchGame, MatchStatus};
use crate::cardset::{CardSet, ParseCardSetError};
use crate::seat::{Member, Seat};

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
    fn read_rules(text: &str) -> Result<Self::Rules, FieldError>;
    /// The cards of a freshly dealt state as space-separated `hand=cards`.
    fn write_deal(&self) -> String;
    /// Reads [`RecordGame::write_deal`]'s form into a fresh state for the
    /// match at `progress`.
    ///
    /// # Errors
    /// A malformed or impossible deal, named.
    fn read_deal(text: &str, rules: &Self::Rules, progress: &Self::Progress) -> Result<Self, FieldError>;
    /// One action as a token without spaces.
    fn write_action(action: Self::Action) -> String;
    /// Reads [`RecordGame::write_action`]'s form.
    ///
    /// # Errors
    /// A token that names no action.
    fn read_action(text: &str) -> Result<Self::Action, FieldError>;

    /// An action the record leaves out: due at `state` when the action
    /// recorded next is `next` (Skat: the declarer's "no Spitze", which a
    /// record shows by going on without `spitze`). The writer leaves an
    /// action out exactly when this gives it back.
    fn implied(_state: &Self, _next: (Seat, Self::Action)) -> Option<(Seat, Self::Action)> {
        None
    }
}

/// A match with its players' names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord<G: MatchGame> {
    /// One name per member (no whitespace; see [`MatchRecord::new`]).
    pub players: Vec<String>,
    /// The match.
    pub game: Match<G>,
}

/// A match as it is saved while it is played: the record of the finished
/// deals, the seed the deals follow, and the deal in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedMatch<G: MatchGame> {
    /// The players and the finished deals.
    pub record: MatchRecord<G>,
    /// The seed deal `k` is dealt from (`seed + k − 1`), when the record
    /// names it (its `seed` line).
    pub seed: Option<u64>,
    /// The deal being played when the record was written, if one was.
    pub unfinished: Option<UnfinishedDeal<G>>,
}

/// The deal in progress at the end of a [`SavedMatch`]: its cards and the
/// actions taken so far, which do not finish it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnfinishedDeal<G: MatchGame> {
    /// The member dealing it.
    pub dealer: Member,
    /// The state as dealt.
    pub start: G,
    /// The actions so far, with the seat that took each.
    pub actions: Vec<(Seat, G::Action)>,
}

impl<G: MatchGame> UnfinishedDeal<G> {
    /// The deal as it stands after its actions.
    ///
    /// # Errors
    /// The first action the game refuses (never for a deal read from a
    /// record, whose actions were replayed).
    pub fn current(&self) -> Result<G, MatchError<G>> {
        let mut game = self.start.clone();
        for (index, &(seat, action)) in self.actions.iter().enumerate() {
            game.try_apply(seat, action).map_err(|error| MatchError::IllegalAction { index, action, error })?;
        }
        Ok(game)
    }
}

/// What is wrong with a record, and on which line (1-based; 0 when the
/// record ends too early).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct RecordError<G: Game> {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub kind: RecordErrorKind<G>,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordErrorKind<G: Game> {
    /// The record is not a trumpf record, or of another game.
    #[error(transparent)]
    Header(#[from] HeaderError),
    /// The record ends before a line it must have.
    #[error("the record ends before its `{key}` line")]
    Missing {
        /// The line's key.
        key: &'static str,
    },
    /// Another line stands where this one must.
    #[error("expected a `{key}` line, found {found:?}")]
    Expected {
        /// The line's key.
        key: &'static str,
        /// The line found.
        found: String,
    },
    /// The rules line does not read.
    #[error("rules: {0}")]
    Rules(FieldError),
    /// Not one player name per member.
    #[error("{named} players named, the table has {members} members")]
    Players {
        /// Names given.
        named: usize,
        /// Members of the table.
        members: usize,
    },
    /// The first dealer is not a number.
    #[error("first dealer {0:?} is not a number")]
    FirstDealer(String),
    /// The deal number is not the next one.
    #[error("expected `deal {expected}`, found {found:?}")]
    DealNumber {
        /// The number the next deal has.
        expected: usize,
        /// The line found.
        found: String,
    },
    /// The dealer named is not the one whose turn it is.
    #[error("dealer {found} but member {expected} deals deal {deal}")]
    Dealer {
        /// The dealer named.
        found: String,
        /// The member who deals.
        expected: Member,
        /// The deal's number.
        deal: usize,
    },
    /// The cards line does not read.
    #[error("cards: {0}")]
    Cards(FieldError),
    /// An action token does not read.
    #[error("action {number} {token:?}: {error}")]
    Action {
        /// 1-based position in the line.
        number: usize,
        /// The token.
        token: String,
        /// What is wrong.
        error: FieldError,
    },
    /// The match refuses the deal (an illegal action, an unfinished deal).
    #[error(transparent)]
    Match(MatchError<G>),
    /// A line's numbers differ from the replay's.
    #[error("{key} {found} differ from the replay's {expected}")]
    Differs {
        /// `scores` or `totals`.
        key: &'static str,
        /// What the record says.
        found: String,
        /// What the replay gives.
        expected: String,
    },
    /// The status line differs from the replay's.
    #[error("status {found:?} differs from the replay's {expected:?}")]
    Status {
        /// What the record says.
        found: String,
        /// What the replay gives.
        expected: String,
    },
    /// The seed line does not read.
    #[error("seed {0:?} is not a number")]
    Seed(String),
    /// The last deal is not finished, yet the status says the match is over.
    #[error("the last deal is still being played, so the status must be `running`, not {0:?}")]
    UnfinishedStatus(String),
    /// The actions of a deal without a `scores` line finish it.
    #[error("deal {0} is over after its actions but has no `scores` line")]
    NoScores(usize),
    /// Something follows the status line.
    #[error("unexpected line after the status: {0:?}")]
    Trailing(String),
}

/// A text that is not a trumpf record, or one of another game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HeaderError {
    /// The text is empty.
    #[error("empty record")]
    Empty,
    /// The first line is not the header.
    #[error("not a trumpf record: the first line is {0:?}")]
    NotARecord(String),
    /// A version this reader does not know.
    #[error("unsupported record version {0:?} (this reader knows {HEADER:?})")]
    Version(String),
    /// The `game` line is missing.
    #[error("expected a `game` line, found {0:?}")]
    NoGame(String),
    /// A record of another game.
    #[error("this is a {found} record, not {expected}")]
    OtherGame {
        /// The game the record names.
        found: String,
        /// The game read.
        expected: &'static str,
    },
}

/// What is wrong with a field of a record line: a `key=value` pair of the
/// rules, a hand of the cards line, an action token.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FieldError {
    /// A token without `=`.
    #[error("{0:?} is not key=value")]
    NotKeyValue(String),
    /// A rule the game does not know.
    #[error("{0}: unknown rule")]
    UnknownKey(String),
    /// A value that does not read.
    #[error("{key}: {problem}")]
    Value {
        /// The key.
        key: String,
        /// What is wrong with its value.
        problem: ValueProblem,
    },
    /// A hand of the cards line is missing.
    #[error("hand {0} is missing")]
    MissingHand(&'static str),
    /// The cards do not form a Skat deal.
    #[error(transparent)]
    SkatDeal(#[from] crate::skat::DealError),
    /// The cards do not form a Spitzer deal.
    #[error(transparent)]
    SpitzerDeal(#[from] crate::spitzer::DealError),
    /// The cards do not form a Spidge deal.
    #[error(transparent)]
    SpidgeDeal(#[from] crate::spidge::DealError),
    /// Spitzer rules the engine does not play.
    #[error(transparent)]
    SpitzerRules(#[from] crate::spitzer::RulesError),
    /// The deal's pack (with or without jokers) is not the rules'.
    #[error("the deal's pack does not match the rule jokers={jokers}")]
    Pack {
        /// The rules' `jokers`.
        jokers: bool,
    },
    /// A token that names no Skat action.
    #[error(transparent)]
    SkatAction(#[from] crate::skat::ParseActionError),
    /// A token that names no Spitzer action.
    #[error(transparent)]
    SpitzerAction(#[from] crate::spitzer::ParseActionError),
    /// A token that names no card.
    #[error(transparent)]
    Card(#[from] crate::card::ParseCardError),
    /// An action's seat is not a seat of the deal.
    #[error("no seat {0}")]
    NoSeat(String),
    /// An action token without `seat:`.
    #[error("expected seat:action")]
    NoSeatPrefix,
}

/// What is wrong with a value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ValueProblem {
    /// Not one of the option's names.
    #[error("{value:?} is not one of {}", .choices.join(", "))]
    NotOneOf {
        /// The value.
        value: String,
        /// The names allowed.
        choices: Vec<&'static str>,
    },
    /// Not `true` or `false`.
    #[error("{0:?} is not true or false")]
    NotBool(String),
    /// Not a number of the option's range.
    #[error("{0:?} is not a valid number")]
    NotNumber(String),
    /// Out of the option's range.
    #[error("{0}")]
    OutOfRange(&'static str),
    /// A Bock trigger the rules do not know.
    #[error("unknown trigger {0:?}")]
    UnknownTrigger(String),
    /// A hand name the game does not know.
    #[error("unknown hand (expected {})", .0.join(", "))]
    UnknownHand(Vec<&'static str>),
    /// A hand given twice.
    #[error("given twice")]
    Twice,
    /// Not a list of cards.
    #[error(transparent)]
    Cards(#[from] ParseCardSetError),
}

fn err<G: Game>(line: usize, kind: impl Into<RecordErrorKind<G>>) -> RecordError<G> {
    RecordError { line, kind: kind.into() }
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
        write_record(self, None, None)
    }

    /// Reads a record, replaying every deal. A last deal still being played
    /// (no `scores` line, see [`SavedMatch`]) is checked and left out; the
    /// `seed` line is read and left out.
    ///
    /// # Errors
    /// The first problem, with its line: a missing or unknown line, a bad
    /// deal or action, an illegal action, or scores, totals or a status that
    /// differ from the replay.
    pub fn read(text: &str) -> Result<MatchRecord<G>, RecordError<G>> {
        SavedMatch::read(text).map(|saved| saved.record)
    }
}

impl<G: RecordGame> SavedMatch<G> {
    /// The record as text: the `seed` line after `first-dealer` when the
    /// seed is known, and the unfinished deal after the finished ones.
    pub fn write(&self) -> String {
        write_record(&self.record, self.seed, self.unfinished.as_ref())
    }

    /// Reads a record with its seed and its unfinished last deal, if it has
    /// them (a record without them reads too), replaying every deal.
    ///
    /// # Errors
    /// As [`MatchRecord::read`]; an unfinished deal whose actions are
    /// refused or finish it, or a status other than `running` after it.
    pub fn read(text: &str) -> Result<SavedMatch<G>, RecordError<G>> {
        read_record(text)
    }
}

fn write_deal_lines<G: RecordGame>(
    out: &mut String,
    number: usize,
    dealer: Member,
    start: &G,
    actions: &[(Seat, G::Action)],
) {
    let _ = writeln!(out);
    let _ = writeln!(out, "deal {number}");
    let _ = writeln!(out, "dealer {dealer}");
    let _ = writeln!(out, "cards {}", start.write_deal());
    // Replayed to leave out the actions the reader puts back.
    let mut state = start.clone();
    let mut tokens = Vec::with_capacity(actions.len());
    for (i, &(seat, a)) in actions.iter().enumerate() {
        let implied = actions.get(i + 1).is_some_and(|&next| G::implied(&state, next) == Some((seat, a)));
        if !implied {
            tokens.push(format!("{}:{}", seat.index(), G::write_action(a)));
        }
        let _ = state.try_apply(seat, a);
    }
    let _ = writeln!(out, "actions {}", tokens.join(" "));
}

fn write_record<G: RecordGame>(
    record: &MatchRecord<G>,
    seed: Option<u64>,
    unfinished: Option<&UnfinishedDeal<G>>,
) -> String {
    let m = &record.game;
    let members = m.members();
    let mut out = String::new();
    let _ = writeln!(out, "{HEADER}");
    let _ = writeln!(out, "game {}", G::NAME);
    let _ = writeln!(out, "rules {}", G::write_rules(m.rules()));
    let _ = writeln!(out, "players {}", record.players.join(" "));
    let _ = writeln!(out, "first-dealer {}", m.first_dealer());
    if let Some(seed) = seed {
        let _ = writeln!(out, "seed {seed}");
    }
    for (i, deal) in m.deals().iter().enumerate() {
        write_deal_lines(&mut out, i + 1, deal.dealer, &deal.start, &deal.actions);
        let _ = writeln!(out, "scores {}", join_numbers(&deal.scores[..members]));
    }
    if let Some(deal) = unfinished {
        write_deal_lines(&mut out, m.deals().len() + 1, deal.dealer, &deal.start, &deal.actions);
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "totals {}", join_numbers(&m.totals()[..members]));
    let _ = writeln!(out, "status {}", status_text(m.status()));
    out
}

fn read_record<G: RecordGame>(text: &str) -> Result<SavedMatch<G>, RecordError<G>> {
    let mut lines = Lines::new(text);
    let (n, header) = lines.expect("trumpf-record")?;
    if format!("trumpf-record {header}") != HEADER {
        return Err(err(n, HeaderError::Version(header)));
    }
    let (n, game) = lines.expect("game")?;
    if game != G::NAME {
        return Err(err(n, HeaderError::OtherGame { found: game, expected: G::NAME }));
    }
    let (n, rules) = lines.expect("rules")?;
    let rules = G::read_rules(&rules).map_err(|e| err(n, RecordErrorKind::Rules(e)))?;
    let members = G::members(&rules);
    let (n, players) = lines.expect("players")?;
    let players: Vec<String> = players.split_whitespace().map(str::to_owned).collect();
    if players.len() != members {
        return Err(err(n, RecordErrorKind::Players { named: players.len(), members }));
    }
    let (n, first) = lines.expect("first-dealer")?;
    let first = first
        .parse::<usize>()
        .ok()
        .and_then(Member::new)
        .ok_or_else(|| err(n, RecordErrorKind::FirstDealer(first.clone())))?;
    let mut game = Match::<G>::new(rules.clone(), first).map_err(|e| err(n, RecordErrorKind::Match(e)))?;
    let seed = match lines.peek() {
        Some((n, line)) if line == "seed" || line.starts_with("seed ") => {
            lines.next();
            let value = line["seed".len()..].trim();
            Some(value.parse::<u64>().map_err(|_| err(n, RecordErrorKind::Seed(value.to_owned())))?)
        }
        _ => None,
    };
    let mut unfinished = None;
    let mut number = 0;
    loop {
        let (n, line) = lines.next().ok_or_else(|| err(0, RecordErrorKind::Missing { key: "totals" }))?;
        if let Some(totals) = line.strip_prefix("totals") {
            let expected = join_numbers(&game.totals()[..members]);
            if totals.trim() != expected {
                let found = totals.trim().to_owned();
                return Err(err(n, RecordErrorKind::Differs { key: "totals", found, expected }));
            }
            break;
        }
        number += 1;
        if line != format!("deal {number}") {
            return Err(err(n, RecordErrorKind::DealNumber { expected: number, found: line.to_owned() }));
        }
        let (n, dealer) = lines.expect("dealer")?;
        if dealer != game.next_dealer().to_string() {
            let expected = game.next_dealer();
            return Err(err(n, RecordErrorKind::Dealer { found: dealer, expected, deal: number }));
        }
        let (n, cards) = lines.expect("cards")?;
        let start = G::read_deal(&cards, &rules, game.progress()).map_err(|e| err(n, RecordErrorKind::Cards(e)))?;
        let (n, actions_text) = lines.expect("actions")?;
        let mut actions = Vec::new();
        // Replayed to put back the actions the record leaves out.
        let mut state = start.clone();
        for (i, token) in actions_text.split_whitespace().enumerate() {
            let bad =
                |error: FieldError| err(n, RecordErrorKind::Action { number: i + 1, token: token.to_owned(), error });
            let (seat, action) = token.split_once(':').ok_or_else(|| bad(FieldError::NoSeatPrefix))?;
            let seat = seat
                .parse::<usize>()
                .ok()
                .and_then(Seat::new)
                .filter(|s| s.index() < start.seats())
                .ok_or_else(|| bad(FieldError::NoSeat(seat.to_owned())))?;
            let next = (seat, G::read_action(action).map_err(bad)?);
            if let Some(implied) = G::implied(&state, next) {
                actions.push(implied);
                let _ = state.try_apply(implied.0, implied.1);
            }
            actions.push(next);
            let _ = state.try_apply(next.0, next.1);
        }
        if lines.peek().is_some_and(|(_, l)| l.starts_with("totals")) {
            // No `scores` line: the deal was still being played, and it is
            // the last (the totals follow).
            let deal = UnfinishedDeal { dealer: game.next_dealer(), start, actions };
            check_unfinished(&game, &deal).map_err(|kind| err(n, kind))?;
            let kind = match deal.current() {
                Ok(current) if current.is_over() => RecordErrorKind::NoScores(number),
                Ok(_) => {
                    unfinished = Some(deal);
                    continue;
                }
                Err(e) => RecordErrorKind::Match(e),
            };
            return Err(err(n, kind));
        }
        let deal = game.record(start, actions).map_err(|e| err(n, RecordErrorKind::Match(e)))?;
        let expected = join_numbers(&deal.scores[..members]);
        let (n, scores) = lines.expect("scores")?;
        if scores != expected {
            return Err(err(n, RecordErrorKind::Differs { key: "scores", found: scores, expected }));
        }
    }
    let (n, status) = lines.expect("status")?;
    let expected = status_text(game.status());
    if status != expected {
        return Err(err(n, RecordErrorKind::Status { found: status, expected }));
    }
    if unfinished.is_some() && game.status() != MatchStatus::Running {
        return Err(err(n, RecordErrorKind::UnfinishedStatus(status)));
    }
    if let Some((n, line)) = lines.next() {
        return Err(err(n, RecordErrorKind::Trailing(line.to_owned())));
    }
    Ok(SavedMatch { record: MatchRecord { players, game }, seed, unfinished })
}

/// Whether the deal in progress may follow the finished deals of `game`:
/// the match goes on and the deal is a fresh one that fits it.
fn check_unfinished<G: MatchGame>(game: &Match<G>, deal: &UnfinishedDeal<G>) -> Result<(), RecordErrorKind<G>> {
    if game.status() != MatchStatus::Running {
        return Err(RecordErrorKind::Match(MatchError::Over));
    }
    deal.start.check_start(game.rules(), game.progress()).map_err(|e| RecordErrorKind::Match(MatchError::DoesNotFit(e)))
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

    fn peek(&self) -> Option<(usize, &'a str)> {
        self.lines.get(self.next).copied()
    }

    /// The next line, which must start with `key`; returns what follows it.
    fn expect<G: Game>(&mut self, key: &'static str) -> Result<(usize, String), RecordError<G>> {
        let (n, line) = self.next().ok_or_else(|| err(0, RecordErrorKind::Missing { key }))?;
        let rest = if line == key {
            ""
        } else {
            line.strip_prefix(key)
                .and_then(|r| r.strip_prefix(' '))
                .ok_or_else(|| err(n, RecordErrorKind::Expected { key, found: line.to_owned() }))?
        };
        Ok((n, rest.trim().to_owned()))
    }
}

/// Parses `key=value` pairs, calling `set` for each; reports unknown keys
/// and bad values with the key's name.
///
/// # Errors
/// The first pair that `set` refuses or that has no `=`.
pub fn read_pairs(text: &str, mut set: impl FnMut(&str, &str) -> Result<(), KeyError>) -> Result<(), FieldError> {
    for pair in text.split_whitespace() {
        let (key, value) = pair.split_once('=').ok_or_else(|| FieldError::NotKeyValue(pair.to_owned()))?;
        set(key, value).map_err(|e| match e {
            KeyError::Unknown => FieldError::UnknownKey(key.to_owned()),
            KeyError::Value(problem) => FieldError::Value { key: key.to_owned(), problem },
        })?;
    }
    Ok(())
}

/// What a [`read_pairs`] setter says of one pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyError {
    /// The key is not one the reader knows.
    Unknown,
    /// The value does not read.
    Value(ValueProblem),
}

impl From<ValueProblem> for KeyError {
    fn from(problem: ValueProblem) -> KeyError {
        KeyError::Value(problem)
    }
}

/// Reads one of the named values of an option.
///
/// # Errors
/// A value that is not one of the names.
pub fn read_choice<T: Copy>(value: &str, choices: &[(&'static str, T)]) -> Result<T, ValueProblem> {
    choices.iter().find(|(name, _)| *name == value).map(|&(_, v)| v).ok_or_else(|| ValueProblem::NotOneOf {
        value: value.to_owned(),
        choices: choices.iter().map(|(n, _)| *n).collect(),
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
pub fn read_hands<const N: usize>(text: &str, names: [&'static str; N]) -> Result<[CardSet; N], FieldError> {
    let mut hands = [None; N];
    read_pairs(text, |key, value| {
        let i = names.iter().position(|n| *n == key).ok_or_else(|| ValueProblem::UnknownHand(names.to_vec()))?;
        if hands[i].is_some() {
            return Err(ValueProblem::Twice.into());
        }
        hands[i] = Some(value.parse::<CardSet>().map_err(ValueProblem::Cards)?);
        Ok(())
    })?;
    let mut out = [CardSet::EMPTY; N];
    for (i, hand) in hands.iter().enumerate() {
        out[i] = hand.ok_or(FieldError::MissingHand(names[i]))?;
    }
    Ok(out)
}

/// Writes `name=cards` pairs.
pub fn write_hands(names: &[&str], hands: &[CardSet]) -> String {
    names.iter().zip(hands).map(|(n, h)| format!("{n}={}", h.dotted())).collect::<Vec<_>>().join(" ")
}

/// Reads `true` / `false`.
///
/// # Errors
/// Any other text.
pub fn read_bool(value: &str) -> Result<bool, ValueProblem> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(ValueProblem::NotBool(value.to_owned())),
    }
}

/// Reads a number.
///
/// # Errors
/// Text that is not a number of the type.
pub fn read_number<T: std::str::FromStr>(value: &str) -> Result<T, ValueProblem> {
    value.parse().map_err(|_| ValueProblem::NotNumber(value.to_owned()))
}

/// Which game a record holds, from its `game` line.
///
/// # Errors
/// If the text is not a trumpf record.
pub fn game_of(text: &str) -> Result<String, HeaderError> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    match lines.next() {
        Some(HEADER) => {}
        Some(other) if other.starts_with("trumpf-record ") => {
            return Err(HeaderError::Version(other["trumpf-record ".len()..].to_owned()));
        }
        Some(other) => return Err(HeaderError::NotARecord(other.to_owned())),
        None => return Err(HeaderError::Empty),
    }
    match lines.next() {
        Some(line) if line.starts_with("game ") => Ok(line["game ".len()..].trim().to_owned()),
        Some(other) => Err(HeaderError::NoGame(other.to_owned())),
        None => Err(HeaderError::NoGame(String::new())),
    }
}
