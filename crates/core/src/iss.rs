//! Game records of the International Skat Server (ISS).
//!
//! The server writes one game per line: `(;GM[Skat]...MV[...]R[...] ;)`.
//! This module reads such a line into a typed [`IssRecord`], replays its
//! moves through [`SkatGame`] ([`IssRecord::replay`]), settles the game the
//! way the server does, including games that end early by a resignation, a
//! player leaving or a timeout ([`IssResult`]), and writes records back
//! ([`IssRecord::to_line`], [`IssRecord::from_game`]).
//!
//! Parsing is pure (it takes `&str`) and never panics: every problem comes
//! back as an [`IssError`] naming the record, the move and what is wrong.
//!
//! ```
//! use trumpf_core::iss::{IssOutcome, IssRecord};
//!
//! let line = "(;GM[Skat]PC[International Skat Server]CO[]SE[32407]ID[756788]\
//!     DT[2011-05-28/08:46:19/UTC]P0[xskat]P1[bonsai]P2[bernie]R0[]R1[0.0]R2[]\
//!     MV[w C8.DQ.DJ.HK.S9.SK.SQ.HQ.CK.D9.S8.DT.SJ.C9.CQ.SA.DK.HT.D7.H7.ST.HJ.C7.H8.S7.DA.CJ.CT.D8.H9.CA.HA \
//!     1 p 2 p 0 p ]R[passed] ;)";
//! let record = IssRecord::parse(line)?;
//! assert_eq!(record.id, 756788);
//! let replay = record.replay()?;
//! assert_eq!(replay.result.settlement.outcome, IssOutcome::Passed);
//! assert_eq!(Some(replay.result), record.result);
//! // Written back and read again, the record is the same.
//! assert_eq!(IssRecord::parse(&record.to_line())?, record);
//! # Ok::<(), trumpf_core::iss::IssError>(())
//! ```
//!
//! How the server settles a game that ends early (`testdata/iss/README.md`):
//! * the declarer resigns (`RE`), leaves or times out after the
//!   declaration: he loses at the simple level (matadors, game, hand and
//!   the announced levels; schneider or schwarz reached in play do not
//!   count, `s:0 z:0`), at least the overbid value, doubled. `p:` and `t:`
//!   are what he has so far (his tricks and the skat). None of the twenty
//!   test records has a declarer giving up. This follows a public server
//!   record (ID 10330141) of a declarer who timed out after declaring
//!   Clubs: charged 12 × 12, doubled, `s:0 z:0`, although he had no trick.
//!   That record itself does not replay here: his declaration came before
//!   his discards, which never came, and the server counted his matadors
//!   as "without 11" from the skat alone;
//! * both defenders resign, or a defender leaves or times out during play:
//!   the declarer is credited every card the defenders have not won,
//!   including an unfinished trick, and the game is settled from there; a
//!   Null declarer simply wins;
//! * `SC` (show cards) changes nothing;
//! * a player who leaves or times out before the declaration makes the deal
//!   a penalty: no declarer, that player's penalty flag set.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use thiserror::Error;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Game;
use crate::seat::Seat;
use crate::skat::{
    Contract, DealError, GameKind, PlayTally, Settlement, SkatAction, SkatDeal, SkatError, SkatGame, SkatOutcome,
    SkatPhase, SkatRules, points, settle,
};

/// One ISS game record.
///
/// Fields the module does not interpret (`PC`, `CO`, `SE`, `R0`..`R2`, ...)
/// are kept verbatim in [`IssRecord::tags`] and written back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IssRecord {
    /// The game number, `ID[...]`.
    pub id: u64,
    /// The players' names, `P0`..`P2`: forehand, middlehand, rearhand.
    pub players: [String; 3],
    /// The date as the server writes it, `DT[2010-12-06/18:59:24/UTC]`.
    pub date: Option<String>,
    /// The deal (ISS order: cards 0-9 forehand, 10-19 middlehand, 20-29
    /// rearhand, 30-31 skat).
    pub deal: SkatDeal,
    /// The moves after the deal, in order.
    pub moves: Vec<IssMove>,
    /// The server's result `R[...]`, if the record has one.
    pub result: Option<IssResult>,
    /// Other fields, `(name, value)`, in the order read.
    pub tags: Vec<(String, String)>,
}

/// One move of a record after the deal.
///
/// An ISS declaration with discards (`2 G.CT.DT`, or the old two-move form
/// `2 G` then `2 CT.DT`) is read as the engine's two actions: the discard,
/// then the declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IssMove {
    /// An engine action of a seat: a bid, hold, pass, skat pickup, discard,
    /// declaration or card.
    Action {
        /// Who acts.
        seat: Seat,
        /// What he does.
        action: SkatAction,
    },
    /// `w XX.YY`: the server shows the picked-up skat to the declarer.
    SkatShown(CardSet),
    /// `RE`: the seat resigns.
    Resign(Seat),
    /// `SC`: the seat shows its cards (claims the rest); changes nothing.
    ShowCards(Seat),
    /// `TI.n`: seat n ran out of time.
    Timeout(Seat),
    /// `LE.n`: seat n left the table.
    Left(Seat),
    /// `??`: the seat played a card the record does not show.
    HiddenCard(Seat),
}

/// How a game was settled, in the server's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum IssOutcome {
    /// The declarer won.
    Win,
    /// The declarer lost.
    Loss,
    /// All three passed: thrown in.
    Passed,
    /// A player left or timed out before the declaration.
    Penalty,
}

impl IssOutcome {
    /// The server's word: `win`, `loss`, `passed`, `penalty`.
    pub const fn as_str(self) -> &'static str {
        match self {
            IssOutcome::Win => "win",
            IssOutcome::Loss => "loss",
            IssOutcome::Passed => "passed",
            IssOutcome::Penalty => "penalty",
        }
    }
}

impl fmt::Display for IssOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game's settlement with the meanings of the server's `R[...]` fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IssSettlement {
    /// Won, lost, passed or penalty.
    pub outcome: IssOutcome,
    /// The declarer (`d:`), `None` for a passed or penalty deal.
    pub declarer: Option<Seat>,
    /// The declarer's list entry (`v:`): `+V`, or `-2·V` for a loss.
    pub value: i32,
    /// Matadors (`m:`): positive "with", negative "without", 0 for Null.
    pub matadors: i8,
    /// The declarer's card points including the skat (`p:`, Null too).
    pub declarer_points: u8,
    /// The declarer's tricks (`t:`).
    pub declarer_tricks: u8,
    /// `s:`: a party finished with 30 card points or fewer (reached in
    /// play, not announced; never in Null).
    pub schneider: bool,
    /// `z:`: a party took no trick (reached in play; never in Null).
    pub schwarz: bool,
    /// `overbid` rather than `bidok`.
    pub overbid: bool,
}

impl IssSettlement {
    /// The settlement of a deal without a game (passed, penalty): all zero.
    pub const fn no_game(outcome: IssOutcome) -> IssSettlement {
        IssSettlement {
            outcome,
            declarer: None,
            value: 0,
            matadors: 0,
            declarer_points: 0,
            declarer_tricks: 0,
            schneider: false,
            schwarz: false,
            overbid: false,
        }
    }

    /// The server's view of an engine settlement; `won` may override the
    /// engine (a resigning declarer loses whatever his points).
    ///
    /// `schneider` and `schwarz` are set as the server sets `s:` and `z:`:
    /// when all ten tricks are accounted for (played, or credited after a
    /// resignation) and a party has 30 card points or fewer, or no trick. A
    /// game stopped early by the rules (Null, schwarz announced) shows
    /// neither, even though announced levels are charged.
    pub fn from_settlement(declarer: Seat, settlement: &Settlement, won: bool) -> IssSettlement {
        let value = i32::from(settlement.value);
        let tally = settlement.tally;
        let complete = tally.declarer_tricks + tally.defender_tricks == 10;
        IssSettlement {
            outcome: if won { IssOutcome::Win } else { IssOutcome::Loss },
            declarer: Some(declarer),
            value: if won { value } else { -2 * value },
            matadors: settlement.matadors,
            declarer_points: tally.declarer_points,
            declarer_tricks: tally.declarer_tricks,
            schneider: complete && settlement.schneider_reached(),
            schwarz: complete && settlement.schwarz_reached(),
            overbid: settlement.overbid,
        }
    }
}

/// The whole `R[...]` field: the settlement plus the server's bookkeeping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IssResult {
    /// The settlement.
    pub settlement: IssSettlement,
    /// `p0:`..`p2:`: penalty flags per seat.
    pub penalties: [i32; 3],
    /// `l:`: who left, if anybody.
    pub left: Option<Seat>,
    /// `to:`: who timed out, if anybody.
    pub timeout: Option<Seat>,
    /// `r:`: whether the declarer or both defenders resigned (old records
    /// lack the field).
    pub resigned: Option<bool>,
}

impl IssResult {
    /// A result with no bookkeeping flags set.
    pub const fn new(settlement: IssSettlement) -> IssResult {
        IssResult { settlement, penalties: [0; 3], left: None, timeout: None, resigned: Some(false) }
    }

    /// `R[passed]`.
    pub const fn passed() -> IssResult {
        IssResult::new(IssSettlement::no_game(IssOutcome::Passed))
    }
}

impl fmt::Display for IssResult {
    /// The text inside `R[...]`: `passed`, or
    /// `d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.settlement;
        if s.outcome == IssOutcome::Passed {
            return f.write_str("passed");
        }
        let seat = |seat: Option<Seat>| seat.map_or(-1, |s| s.index() as i64);
        write!(
            f,
            "d:{} {} v:{} m:{} {} p:{} t:{} s:{} z:{} p0:{} p1:{} p2:{} l:{} to:{}",
            seat(s.declarer),
            s.outcome,
            s.value,
            s.matadors,
            if s.overbid { "overbid" } else { "bidok" },
            s.declarer_points,
            s.declarer_tricks,
            u8::from(s.schneider),
            u8::from(s.schwarz),
            self.penalties[0],
            self.penalties[1],
            self.penalties[2],
            seat(self.left),
            seat(self.timeout),
        )?;
        if let Some(resigned) = self.resigned {
            write!(f, " r:{}", u8::from(resigned))?;
        }
        Ok(())
    }
}

/// How a replayed game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IssEnd {
    /// The game was played to its end under the rules (all tricks, or an
    /// early end of Null or schwarz announced).
    Played,
    /// All three passed.
    PassedIn,
    /// The declarer resigned.
    DeclarerResigned,
    /// Both defenders resigned.
    DefendersResigned,
    /// The seat left the table.
    Left(Seat),
    /// The seat ran out of time.
    TimedOut(Seat),
}

/// A record replayed through the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IssReplay {
    /// The engine's state after the last move (over, unless the game ended
    /// early by a resignation, a player leaving or a timeout).
    pub game: SkatGame,
    /// How the game ended.
    pub end: IssEnd,
    /// The result as the server writes it.
    pub result: IssResult,
}

/// Where in a record a move is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRef {
    /// The move's place in `MV[...]`: 0 is the deal, 1 the first move
    /// after it. For a record built in code: the index in
    /// [`IssRecord::moves`] plus one.
    pub index: usize,
    /// The move as written: actor and token, e.g. `0 CJ`.
    pub token: String,
    /// The 1-based byte column of the move in the line, when read from text.
    pub column: Option<usize>,
}

impl fmt::Display for MoveRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} `{}`", self.index, self.token)?;
        if let Some(column) = self.column {
            write!(f, " (column {column})")?;
        }
        Ok(())
    }
}

/// A record that cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{kind}", record_label(.line, .id))]
pub struct IssError {
    /// The 1-based line of the record in its file, when known (the parser
    /// sees one line; callers reading a file set it).
    pub line: Option<usize>,
    /// The record's `ID[...]`, if it was read.
    pub id: Option<u64>,
    /// What is wrong.
    pub kind: IssErrorKind,
}

fn record_label(line: &Option<usize>, id: &Option<u64>) -> String {
    match (line, id) {
        (Some(line), Some(id)) => format!("line {line}, record {id}: "),
        (Some(line), None) => format!("line {line}: "),
        (None, Some(id)) => format!("record {id}: "),
        (None, None) => String::new(),
    }
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IssErrorKind {
    /// The text is not shaped like `(;GM[Skat]...;)`.
    #[error("column {column}: {reason}")]
    Syntax {
        /// 1-based byte column.
        column: usize,
        /// What was expected.
        reason: &'static str,
    },
    /// A required field is missing.
    #[error("the record has no {field}[...] field")]
    MissingField {
        /// The field's name.
        field: &'static str,
    },
    /// A field appears twice.
    #[error("column {column}: field {field}[...] appears twice")]
    DuplicateField {
        /// The field's name.
        field: String,
        /// 1-based byte column of the second one.
        column: usize,
    },
    /// A field's value is not what it must be.
    #[error("column {column}: {field}[{value}]: {reason}")]
    BadField {
        /// 1-based byte column of the value.
        column: usize,
        /// The field's name.
        field: &'static str,
        /// Its value.
        value: String,
        /// What is wrong.
        reason: Box<FieldProblem>,
    },
    /// `MV[...]` does not start with the server's deal.
    #[error("MV[...] does not start with the deal `w c1.c2. ... .c32`")]
    MissingDeal,
    /// The deal is not a Skat deal.
    #[error("{at}: not a Skat deal: {error}")]
    BadDeal {
        /// The deal move.
        at: MoveRef,
        /// What the deal check found.
        error: DealError,
    },
    /// The actor is not `w`, `0`, `1` or `2`.
    #[error("{at}: unknown actor (expected w, 0, 1 or 2)")]
    UnknownActor {
        /// The move.
        at: MoveRef,
    },
    /// The move is not an ISS move.
    #[error("{at}: unknown move")]
    UnknownToken {
        /// The move.
        at: MoveRef,
    },
    /// The move is well formed but cannot stand here.
    #[error("{at}: {reason}")]
    UnexpectedMove {
        /// The move.
        at: MoveRef,
        /// Why not.
        reason: &'static str,
    },
    /// The engine refuses the move.
    #[error("{at}: illegal for seat {seat}: {error}")]
    Illegal {
        /// The move.
        at: MoveRef,
        /// Who tried it.
        seat: Seat,
        /// The engine's reason.
        error: SkatError,
    },
    /// The server shows a skat other than the dealt one.
    #[error("{at}: the server shows the skat {shown}, but {dealt} was dealt")]
    SkatMismatch {
        /// The move.
        at: MoveRef,
        /// The cards shown.
        shown: CardSet,
        /// The skat dealt.
        dealt: CardSet,
    },
    /// The cards an ouvert declarer shows are not his hand.
    #[error("{at}: the ouvert declarer shows {shown}, but holds {hand}")]
    ShownHandMismatch {
        /// The move.
        at: MoveRef,
        /// The cards shown.
        shown: CardSet,
        /// The cards held.
        hand: CardSet,
    },
    /// The moves stop before the game is over.
    #[error("the moves end before the game is over (after {moves} moves)")]
    Unfinished {
        /// How many moves (after the deal) there are.
        moves: usize,
    },
    /// The game uses a rule the ISS format cannot express.
    #[error("ISS records cannot express {reason}: keep this game in the trumpf record format")]
    NotExpressible {
        /// What cannot be expressed.
        reason: &'static str,
    },
}

/// What is wrong with the value of a field.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FieldProblem {
    /// `ID[...]` is not a game number.
    #[error("not a game number")]
    NotAGameNumber,
    /// `GM[...]` is not `Skat`.
    #[error("not a Skat record (GM[Skat])")]
    NotSkat,
    /// `R[...]` is not a result.
    #[error(transparent)]
    Result(#[from] ResultProblem),
}

/// What is wrong with a result `R[...]`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ResultProblem {
    /// A second `win`, `loss` or `penalty`.
    #[error("`{0}`: a second outcome")]
    SecondOutcome(String),
    /// A second `bidok` or `overbid`.
    #[error("`{0}`: a second bidok/overbid")]
    SecondBidCheck(String),
    /// A token that is neither a word of the result nor `key:value`.
    #[error("`{0}` is not an entry of a result")]
    NotAnEntry(String),
    /// A `key:value` with an unknown key.
    #[error("`{0}`: unknown entry")]
    UnknownEntry(String),
    /// An entry given twice.
    #[error("`{key}:` appears twice")]
    Twice {
        /// The entry.
        key: &'static str,
    },
    /// An entry whose value is not a number.
    #[error("`{0}`: not a number")]
    NotANumber(String),
    /// A required entry is missing.
    #[error("no `{key}:` entry")]
    Missing {
        /// The entry.
        key: &'static str,
    },
    /// An entry out of its range.
    #[error("`{key}:{value}` is out of range {lo}..={hi}")]
    OutOfRange {
        /// The entry.
        key: &'static str,
        /// Its value.
        value: i64,
        /// The lowest value allowed.
        lo: i64,
        /// The highest value allowed.
        hi: i64,
    },
    /// No `win`, `loss` or `penalty`.
    #[error("no outcome (win, loss or penalty)")]
    NoOutcome,
    /// No `bidok` or `overbid`.
    #[error("no bidok/overbid")]
    NoBidCheck,
}

/// Why a game cannot be written as an ISS record, if it cannot. ISS knows
/// the International Skat Order only: no Ramsch, no Kontra/Re, no Bock, and
/// every lost game doubled.
pub fn unsupported(game: &SkatGame) -> Option<&'static str> {
    let rules = game.rules();
    if game.is_ramsch() && game.knocks() > 0 {
        Some("Klopfen (knocking in a Ramsch)")
    } else if game.is_ramsch() {
        Some("a Ramsch")
    } else if rules.spitze.is_some() && game.contract().is_some_and(|c| c.kind != crate::skat::GameKind::Null) {
        // Announced or not, the declarer's Spitze decision is a move ISS has not.
        Some("Spitze (the declarer's promise to win the last trick with the lowest trump)")
    } else if game.gift().offered.iter().any(|&o| o) {
        Some("Schenken (giving the game away in the first trick)")
    } else if game.kontra().level > 0 {
        Some("Kontra and Re")
    } else if game.setup().bock > 1 {
        Some("a Bock deal (doubled values)")
    } else if rules.lost_hand_games_single {
        Some("the house rule that lost hand games count single")
    } else if rules.allow_null_below_bid {
        Some("the house rule that allows Null below the bid")
    } else if game.contract().is_some()
        && rules.kontra.is_some_and(|k| k.timing == crate::skat::KontraTiming::BeforeOpeningLead)
    {
        // The opponents' "no Kontra" before the lead are moves ISS has not.
        Some("the Kontra window before the opening lead")
    } else {
        None
    }
}

impl IssErrorKind {
    fn at_mut(&mut self) -> Option<&mut MoveRef> {
        match self {
            IssErrorKind::BadDeal { at, .. }
            | IssErrorKind::UnknownActor { at }
            | IssErrorKind::UnknownToken { at }
            | IssErrorKind::UnexpectedMove { at, .. }
            | IssErrorKind::Illegal { at, .. }
            | IssErrorKind::SkatMismatch { at, .. }
            | IssErrorKind::ShownHandMismatch { at, .. } => Some(at),
            _ => None,
        }
    }
}

impl IssRecord {
    /// Reads one record line.
    ///
    /// Checks the shape, the fields, the deal (through [`SkatDeal::new`]),
    /// the spelling of every move and the `R[...]` field; it does not check
    /// that the moves are legal ([`IssRecord::replay`] does).
    ///
    /// # Errors
    /// An [`IssError`] naming the record's id (if read), the move and its
    /// column, and what is wrong.
    pub fn parse(line: &str) -> Result<IssRecord, IssError> {
        parse_line(line).map(|(record, _)| record)
    }

    /// Reads one record line and replays it; errors of the replay name the
    /// move's place and column in the line.
    ///
    /// # Errors
    /// As [`IssRecord::parse`] and [`IssRecord::replay`].
    pub fn parse_and_replay(line: &str) -> Result<(IssRecord, IssReplay), IssError> {
        let (record, spans) = parse_line(line)?;
        match replay_moves(&record.deal, &record.moves) {
            Ok(replay) => Ok((record, replay)),
            Err((i, mut kind)) => {
                if let (Some(at), Some(span)) = (kind.at_mut(), spans.get(i)) {
                    *at = span.clone();
                }
                Err(IssError { line: None, id: Some(record.id), kind })
            }
        }
    }

    /// Replays the moves through [`SkatGame`] (ISkO rules) and settles the
    /// game as the server does.
    ///
    /// # Errors
    /// [`IssErrorKind::Illegal`] with the engine's [`SkatError`] for a move
    /// the engine refuses; [`IssErrorKind::SkatMismatch`] when the skat
    /// shown is not the one dealt; [`IssErrorKind::UnexpectedMove`] for a
    /// move that cannot stand where it is (after the end, a card after a
    /// hidden card, ...); [`IssErrorKind::Unfinished`] when the moves stop
    /// before the game is over.
    pub fn replay(&self) -> Result<IssReplay, IssError> {
        replay_moves(&self.deal, &self.moves).map_err(|(_, kind)| IssError { line: None, id: Some(self.id), kind })
    }

    /// A record of a game played with the engine: the deal, the actions in
    /// the order they were applied, the players' names and a game number.
    /// The server's `w XX.YY` is inserted after a skat pickup, and `R[...]`
    /// is the engine's settlement when the game is over (none otherwise).
    ///
    /// # Errors
    /// When the engine refuses an action (see [`IssRecord::replay`]).
    pub fn from_game(
        id: u64,
        players: [String; 3],
        game_actions: &[(Seat, SkatAction)],
        deal: &SkatDeal,
    ) -> Result<IssRecord, IssError> {
        let mut moves = Vec::with_capacity(game_actions.len() + 1);
        for &(seat, action) in game_actions {
            moves.push(IssMove::Action { seat, action });
            if action == SkatAction::TakeSkat {
                moves.push(IssMove::SkatShown(deal.skat()));
            }
        }
        IssRecord::from_moves(id, players, *deal, moves)
    }

    /// A record from a deal and ISS moves (which may end the game early by
    /// a resignation or a player leaving); `R[...]` is computed by replaying
    /// them, if the game is over.
    ///
    /// # Errors
    /// As [`IssRecord::replay`], except that an unfinished game is allowed.
    pub fn from_moves(
        id: u64,
        players: [String; 3],
        deal: SkatDeal,
        moves: Vec<IssMove>,
    ) -> Result<IssRecord, IssError> {
        if let Some(reason) = moves.iter().find_map(|mv| match mv {
            IssMove::Action { action: SkatAction::Kontra | SkatAction::Re, .. } => Some("Kontra and Re"),
            IssMove::Action { action: SkatAction::Push, .. } => Some("a Schieberamsch"),
            _ => None,
        }) {
            return Err(IssError { line: None, id: Some(id), kind: IssErrorKind::NotExpressible { reason } });
        }
        let mut record = IssRecord {
            id,
            players,
            date: None,
            deal,
            moves,
            result: None,
            tags: vec![("PC".to_owned(), "trumpf".to_owned())],
        };
        match record.replay() {
            Ok(replay) => record.result = Some(replay.result),
            Err(IssError { kind: IssErrorKind::Unfinished { .. }, .. }) => {}
            Err(error) => return Err(error),
        }
        Ok(record)
    }

    /// The record as one ISS line (without a line break).
    ///
    /// Reading the line back gives an equal record, for every record the
    /// engine can replay (a read record, or one from [`IssRecord::from_game`]).
    /// Moves no engine would accept may not read back: a discard of other
    /// than two cards, a declaration after a pickup without its discards.
    ///
    /// Text fields are written with `\` before `]` and `\`; line breaks and
    /// other control characters in them become spaces, because a record is
    /// one line. A declaration directly after the same seat's discard is
    /// written in the server's one-move form `G.CT.DT`. The deal is written
    /// hand by hand in card order, not in the order it was read. Tags whose
    /// names are not upper-case letters and digits, or that name a typed
    /// field, are not written.
    pub fn to_line(&self) -> String {
        let mut out = String::with_capacity(1024);
        out.push_str("(;GM[Skat]");
        let writable = |key: &str| {
            !key.is_empty()
                && key.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
                && !RESERVED.contains(&key)
        };
        let tags: Vec<&(String, String)> = self.tags.iter().filter(|(key, _)| writable(key)).collect();
        // The server's layout: PC, CO, SE before ID, the rest after the
        // players; the tags keep their order either way.
        let early = tags.iter().take_while(|(key, _)| matches!(key.as_str(), "PC" | "CO" | "SE")).count();
        for (key, value) in &tags[..early] {
            push_field(&mut out, key, value);
        }
        push_field(&mut out, "ID", &self.id.to_string());
        if let Some(date) = &self.date {
            push_field(&mut out, "DT", date);
        }
        for (key, name) in ["P0", "P1", "P2"].iter().zip(&self.players) {
            push_field(&mut out, key, name);
        }
        for (key, value) in &tags[early..] {
            push_field(&mut out, key, value);
        }
        out.push_str("MV[w ");
        let hands = self.deal.hands();
        let parts = [hands[Seat::FOREHAND], hands[Seat::MIDDLEHAND], hands[Seat::REARHAND], self.deal.skat()];
        let deal: Vec<String> = parts.iter().map(|part| part.dotted()).collect();
        out.push_str(&deal.join("."));
        let mut i = 0;
        while i < self.moves.len() {
            let mv = self.moves[i];
            if let (
                IssMove::Action { seat, action: SkatAction::Discard(cards) },
                Some(IssMove::Action { seat: next, action: SkatAction::Declare(contract) }),
            ) = (mv, self.moves.get(i + 1))
                && seat == *next
            {
                let _ = write!(out, " {seat} {}.{}", contract.iss_code(), cards.dotted());
                i += 2;
                continue;
            }
            out.push(' ');
            out.push_str(&move_token(&mv));
            i += 1;
        }
        out.push_str(" ]");
        if let Some(result) = &self.result {
            let _ = write!(out, "R[{result}]");
        }
        out.push_str(" ;)");
        out
    }
}

impl FromStr for IssRecord {
    type Err = IssError;
    /// As [`IssRecord::parse`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        IssRecord::parse(s)
    }
}

impl fmt::Display for IssRecord {
    /// As [`IssRecord::to_line`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// Field names with a typed home in [`IssRecord`].
const RESERVED: [&str; 8] = ["GM", "ID", "DT", "P0", "P1", "P2", "MV", "R"];

fn push_field(out: &mut String, key: &str, value: &str) {
    out.push_str(key);
    out.push('[');
    for c in value.chars() {
        match c {
            ']' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push(']');
}

/// A move as written in `MV[...]`: actor, space, token.
fn move_token(mv: &IssMove) -> String {
    match *mv {
        IssMove::Action { seat, action } => {
            let token = match action {
                SkatAction::Bid(v) => v.to_string(),
                SkatAction::Hold => "y".to_owned(),
                SkatAction::Pass => "p".to_owned(),
                SkatAction::TakeSkat => "s".to_owned(),
                SkatAction::Discard(cards) => cards.dotted(),
                SkatAction::Declare(contract) => contract.iss_code(),
                SkatAction::Play(card) => card.to_string(),
                // Refused by `from_moves`; written in trumpf's spelling.
                SkatAction::Kontra
                | SkatAction::Re
                | SkatAction::Push
                | SkatAction::Spitze
                | SkatAction::Schenken
                | SkatAction::Knock => action.to_string(),
            };
            format!("{seat} {token}")
        }
        IssMove::SkatShown(cards) => format!("w {}", cards.dotted()),
        IssMove::Resign(seat) => format!("{seat} RE"),
        IssMove::ShowCards(seat) => format!("{seat} SC"),
        IssMove::Timeout(seat) => format!("w TI.{seat}"),
        IssMove::Left(seat) => format!("w LE.{seat}"),
        IssMove::HiddenCard(seat) => format!("{seat} ??"),
    }
}

// ---------------------------------------------------------------------------
// Reading

/// One field `KEY[value]` of a line.
struct Field<'a> {
    key: &'a str,
    value: String,
    /// 0-based byte offset of the value in the line.
    value_start: usize,
    /// 0-based byte offset of the key.
    key_start: usize,
}

fn syntax(column0: usize, reason: &'static str) -> IssErrorKind {
    IssErrorKind::Syntax { column: column0 + 1, reason }
}

fn skip_ws(line: &str, mut pos: usize) -> usize {
    let bytes = line.as_bytes();
    while pos < bytes.len() && bytes[pos].is_ascii_whitespace() {
        pos += 1;
    }
    pos
}

fn read_fields(line: &str) -> Result<Vec<Field<'_>>, IssErrorKind> {
    let bytes = line.as_bytes();
    let mut pos = skip_ws(line, 0);
    if !line[pos..].starts_with("(;") {
        return Err(syntax(pos, "a record starts with `(;`"));
    }
    pos += 2;
    let mut fields = Vec::new();
    loop {
        pos = skip_ws(line, pos);
        if pos >= bytes.len() {
            return Err(syntax(pos, "the record ends without `;)`"));
        }
        if line[pos..].starts_with(";)") {
            pos += 2;
            break;
        }
        let key_start = pos;
        while pos < bytes.len() && (bytes[pos].is_ascii_uppercase() || bytes[pos].is_ascii_digit()) {
            pos += 1;
        }
        if pos == key_start {
            return Err(syntax(pos, "expected a field name such as ID or MV"));
        }
        let key = &line[key_start..pos];
        if bytes.get(pos) != Some(&b'[') {
            return Err(syntax(pos, "expected `[` after the field name"));
        }
        pos += 1;
        let value_start = pos;
        let mut value = String::new();
        loop {
            let Some(c) = line[pos..].chars().next() else {
                return Err(syntax(value_start - 1, "the field's value has no closing `]`"));
            };
            pos += c.len_utf8();
            match c {
                ']' => break,
                '\\' => {
                    if let Some(escaped) = line[pos..].chars().next() {
                        pos += escaped.len_utf8();
                        value.push(escaped);
                    }
                }
                c => value.push(c),
            }
        }
        if fields.iter().any(|f: &Field<'_>| f.key == key) {
            return Err(IssErrorKind::DuplicateField { field: key.to_owned(), column: key_start + 1 });
        }
        fields.push(Field { key, value, value_start, key_start });
    }
    let end = skip_ws(line, pos);
    if end < bytes.len() {
        return Err(syntax(end, "text after the end of the record `;)`"));
    }
    Ok(fields)
}

fn parse_line(line: &str) -> Result<(IssRecord, Vec<MoveRef>), IssError> {
    let fields = read_fields(line).map_err(|kind| IssError { line: None, id: None, kind })?;
    let find = |key: &str| fields.iter().find(|f| f.key == key);
    let missing = |field: &'static str| IssError { line: None, id: None, kind: IssErrorKind::MissingField { field } };
    let id_field = find("ID").ok_or_else(|| missing("ID"))?;
    let id = id_field.value.trim().parse::<u64>().map_err(|_| IssError {
        line: None,
        id: None,
        kind: IssErrorKind::BadField {
            column: id_field.value_start + 1,
            field: "ID",
            value: id_field.value.clone(),
            reason: Box::new(FieldProblem::NotAGameNumber),
        },
    })?;
    let fail = |kind| IssError { line: None, id: Some(id), kind };
    let missing = |field: &'static str| fail(IssErrorKind::MissingField { field });
    let gm = find("GM").ok_or_else(|| missing("GM"))?;
    if gm.value != "Skat" {
        return Err(fail(IssErrorKind::BadField {
            column: gm.value_start + 1,
            field: "GM",
            value: gm.value.clone(),
            reason: Box::new(FieldProblem::NotSkat),
        }));
    }
    let mut players: [String; 3] = Default::default();
    for (i, key) in ["P0", "P1", "P2"].into_iter().enumerate() {
        players[i] = find(key).ok_or_else(|| missing(key))?.value.clone();
    }
    let date = find("DT").map(|f| f.value.clone());
    let mv = find("MV").ok_or_else(|| missing("MV"))?;
    let (deal, moves, spans) = parse_moves(&mv.value, mv.value_start).map_err(fail)?;
    let result = match find("R") {
        None => None,
        Some(f) => Some(parse_result(&f.value).map_err(|problem| {
            let reason = Box::new(FieldProblem::Result(problem));
            fail(IssErrorKind::BadField { column: f.value_start + 1, field: "R", value: f.value.clone(), reason })
        })?),
    };
    let mut tagged: Vec<&Field<'_>> = fields.iter().filter(|f| !RESERVED.contains(&f.key)).collect();
    tagged.sort_by_key(|f| f.key_start);
    let tags = tagged.into_iter().map(|f| (f.key.to_owned(), f.value.clone())).collect();
    Ok((IssRecord { id, players, date, deal, moves, result, tags }, spans))
}

/// A card written exactly as ISS writes it (`CJ`, `HT`, ...).
fn iss_card(token: &str) -> Option<Card> {
    let card = token.parse::<Card>().ok()?;
    (card.to_string() == token).then_some(card)
}

/// Cards joined by `.`, every one in ISS spelling.
fn iss_cards(token: &str) -> Option<Vec<Card>> {
    token.split('.').map(iss_card).collect()
}

fn iss_seat(token: &str) -> Option<Seat> {
    match token {
        "0" => Some(Seat::FOREHAND),
        "1" => Some(Seat::MIDDLEHAND),
        "2" => Some(Seat::REARHAND),
        _ => None,
    }
}

/// The cards as a set, if none repeats.
fn distinct(cards: &[Card]) -> Option<CardSet> {
    let set: CardSet = cards.iter().copied().collect();
    (set.len() == cards.len()).then_some(set)
}

/// A declaration waiting for its discards (the old two-move form).
struct Pending {
    seat: Seat,
    contract: Contract,
    shown: Option<CardSet>,
    at: MoveRef,
}

/// What the move reader tracks to put declarations and discards in order.
struct MoveReader<'d> {
    deal: &'d SkatDeal,
    moves: Vec<IssMove>,
    spans: Vec<MoveRef>,
    taken_by: Option<Seat>,
    discards: Option<CardSet>,
    pending: Option<Pending>,
}

impl MoveReader<'_> {
    fn push(&mut self, mv: IssMove, at: &MoveRef) {
        self.moves.push(mv);
        self.spans.push(at.clone());
    }

    /// Before any move but the awaited discards: a declaration still
    /// waiting for them has none.
    fn flush(&mut self) -> Result<(), IssErrorKind> {
        match self.pending.take() {
            Some(p) => Err(IssErrorKind::UnexpectedMove {
                at: p.at,
                reason: "a declaration after picking up the skat needs the two discards (`G.CT.DT`, or `G` then `CT.DT`)",
            }),
            None => Ok(()),
        }
    }

    fn declare(
        &mut self,
        seat: Seat,
        contract: Contract,
        shown: Option<CardSet>,
        at: &MoveRef,
    ) -> Result<(), IssErrorKind> {
        if let Some(shown) = shown {
            let skat = if self.taken_by == Some(seat) { self.deal.skat() } else { CardSet::EMPTY };
            let hand = (self.deal.hand(seat) | skat).minus(self.discards.unwrap_or(CardSet::EMPTY));
            if shown != hand {
                return Err(IssErrorKind::ShownHandMismatch { at: at.clone(), shown, hand });
            }
        }
        self.push(IssMove::Action { seat, action: SkatAction::Declare(contract) }, at);
        Ok(())
    }

    fn discard(&mut self, seat: Seat, cards: CardSet, at: &MoveRef) {
        self.push(IssMove::Action { seat, action: SkatAction::Discard(cards) }, at);
        self.discards = Some(cards);
    }

    /// One move of a seat (`0`, `1`, `2`).
    fn seat_move(&mut self, seat: Seat, token: &str, at: &MoveRef) -> Result<(), IssErrorKind> {
        let unknown = || IssErrorKind::UnknownToken { at: at.clone() };
        let unexpected = |reason| IssErrorKind::UnexpectedMove { at: at.clone(), reason };
        // A bare discard completes a declaration written before it.
        if token.contains('.')
            && let Some(cards) = iss_cards(token)
        {
            let set = distinct(&cards).ok_or_else(|| unexpected("the discards repeat a card"))?;
            match self.pending.take() {
                Some(p) if p.seat == seat => {
                    self.discard(seat, set, at);
                    return self.declare(p.seat, p.contract, p.shown, &p.at);
                }
                other => {
                    self.pending = other;
                    self.flush()?;
                    self.discard(seat, set, at);
                    return Ok(());
                }
            }
        }
        self.flush()?;
        let action = |action| IssMove::Action { seat, action };
        let mv = match token {
            "RE" => IssMove::Resign(seat),
            "SC" => IssMove::ShowCards(seat),
            "??" => IssMove::HiddenCard(seat),
            "y" => action(SkatAction::Hold),
            "p" => action(SkatAction::Pass),
            "s" => {
                self.taken_by = Some(seat);
                self.discards = None;
                action(SkatAction::TakeSkat)
            }
            t if t.starts_with("LE.") || t.starts_with("TI.") => server_move(t).ok_or_else(unknown)?,
            t if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
                action(SkatAction::Bid(t.parse::<u16>().map_err(|_| unknown())?))
            }
            t => {
                if let Some(card) = iss_card(t) {
                    action(SkatAction::Play(card))
                } else {
                    return self.declaration(seat, t, at);
                }
            }
        };
        self.push(mv, at);
        Ok(())
    }

    /// `G`, `CHZ`, `G.CT.DT`, `NO.HA.HQ`, an ouvert code followed by the hand.
    fn declaration(&mut self, seat: Seat, token: &str, at: &MoveRef) -> Result<(), IssErrorKind> {
        let unknown = || IssErrorKind::UnknownToken { at: at.clone() };
        let unexpected = |reason| IssErrorKind::UnexpectedMove { at: at.clone(), reason };
        let (code, rest) = token.split_once('.').unwrap_or((token, ""));
        if code.is_empty() || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(unknown());
        }
        let contract = code.parse::<Contract>().map_err(|_| unknown())?;
        let cards = if rest.is_empty() { Vec::new() } else { iss_cards(rest).ok_or_else(unknown)? };
        let (discards, shown) = match cards.len() {
            0 => (None, None),
            2 => (Some(&cards[..]), None),
            10 => (None, Some(&cards[..])),
            12 => (Some(&cards[..2]), Some(&cards[2..])),
            _ => return Err(unexpected("a declaration is followed by two discards, the ouvert hand, or both")),
        };
        let shown = match shown {
            Some(_) if !contract.ouvert => return Err(unexpected("only an ouvert declarer shows his hand")),
            Some(cards) => Some(distinct(cards).ok_or_else(|| unexpected("the shown hand repeats a card"))?),
            None => None,
        };
        if let Some(cards) = discards {
            let set = distinct(cards).ok_or_else(|| unexpected("the discards repeat a card"))?;
            self.discard(seat, set, at);
            return self.declare(seat, contract, shown, at);
        }
        if self.taken_by == Some(seat) && self.discards.is_none() {
            // Old form: the discards follow as the next move.
            self.pending = Some(Pending { seat, contract, shown, at: at.clone() });
            return Ok(());
        }
        self.declare(seat, contract, shown, at)
    }
}

/// `LE.n` or `TI.n`.
fn server_move(token: &str) -> Option<IssMove> {
    let (kind, seat) = token.split_once('.')?;
    let seat = iss_seat(seat)?;
    match kind {
        "LE" => Some(IssMove::Left(seat)),
        "TI" => Some(IssMove::Timeout(seat)),
        _ => None,
    }
}

type ParsedMoves = (SkatDeal, Vec<IssMove>, Vec<MoveRef>);

/// Reads `MV[...]`; `start` is the value's byte offset in the line.
fn parse_moves(mv: &str, start: usize) -> Result<ParsedMoves, IssErrorKind> {
    let mut tokens = Vec::new();
    let mut token_start = None;
    for (i, c) in mv.char_indices().chain(std::iter::once((mv.len(), ' '))) {
        match (c.is_whitespace(), token_start) {
            (true, Some(s)) => {
                tokens.push((s, &mv[s..i]));
                token_start = None;
            }
            (false, None) => token_start = Some(i),
            _ => {}
        }
    }
    let at = |index: usize, pair: &[(usize, &str)]| MoveRef {
        index,
        token: pair.iter().map(|&(_, t)| t).collect::<Vec<_>>().join(" "),
        column: pair.first().map(|&(offset, _)| start + offset + 1),
    };
    let mut pairs = tokens.chunks(2);
    let deal = match pairs.next() {
        Some(pair @ [(_, "w"), (_, cards)]) => parse_deal(cards, &at(0, pair))?,
        _ => return Err(IssErrorKind::MissingDeal),
    };
    let mut reader =
        MoveReader { deal: &deal, moves: Vec::new(), spans: Vec::new(), taken_by: None, discards: None, pending: None };
    for (i, pair) in pairs.enumerate() {
        let at = at(i + 1, pair);
        let [(_, actor), (_, token)] = pair else {
            return Err(IssErrorKind::UnexpectedMove { at, reason: "an actor without a move" });
        };
        if *actor == "w" {
            reader.flush()?;
            let mv = match server_move(token) {
                Some(mv) => mv,
                None => match iss_cards(token) {
                    Some(cards) if cards.len() == 2 => IssMove::SkatShown(distinct(&cards).ok_or_else(|| {
                        IssErrorKind::UnexpectedMove { at: at.clone(), reason: "the skat shown repeats a card" }
                    })?),
                    Some(cards) if cards.len() == 32 => {
                        return Err(IssErrorKind::UnexpectedMove { at, reason: "a second deal" });
                    }
                    _ => return Err(IssErrorKind::UnknownToken { at }),
                },
            };
            reader.push(mv, &at);
        } else {
            let seat = iss_seat(actor).ok_or_else(|| IssErrorKind::UnknownActor { at: at.clone() })?;
            reader.seat_move(seat, token, &at)?;
        }
    }
    reader.flush()?;
    let MoveReader { moves, spans, .. } = reader;
    Ok((deal, moves, spans))
}

/// The deal `c1.c2. ... .c32` in ISS order, checked by [`SkatDeal::new`].
fn parse_deal(token: &str, at: &MoveRef) -> Result<SkatDeal, IssErrorKind> {
    if token.split('.').any(|t| t == "??") {
        return Err(IssErrorKind::UnexpectedMove {
            at: at.clone(),
            reason: "the deal hides cards (`??`); only a full deal can be replayed",
        });
    }
    let cards = iss_cards(token).ok_or_else(|| IssErrorKind::UnknownToken { at: at.clone() })?;
    let bad = |error| IssErrorKind::BadDeal { at: at.clone(), error };
    // A repeated card inside one part would vanish in a set: name it here.
    let mut seen = CardSet::EMPTY;
    for &card in &cards {
        if seen.contains(card) {
            return Err(bad(DealError::Duplicate { card }));
        }
        seen.insert(card);
    }
    let part = |range: std::ops::Range<usize>| -> CardSet {
        cards.get(range.start.min(cards.len())..range.end.min(cards.len())).unwrap_or(&[]).iter().copied().collect()
    };
    let skat = part(30..cards.len().max(30));
    SkatDeal::new([part(0..10), part(10..20), part(20..30)], skat).map_err(bad)
}

/// The text inside `R[...]`.
fn parse_result(text: &str) -> Result<IssResult, ResultProblem> {
    let text = text.trim();
    if text == "passed" {
        return Ok(IssResult::passed());
    }
    let mut outcome = None;
    let mut overbid = None;
    let mut numbers: Vec<(&'static str, i64)> = Vec::new();
    for token in text.split_whitespace() {
        let owned = || token.to_owned();
        match token {
            "win" | "loss" | "penalty" => {
                if outcome.is_some() {
                    return Err(ResultProblem::SecondOutcome(owned()));
                }
                outcome = Some(match token {
                    "win" => IssOutcome::Win,
                    "loss" => IssOutcome::Loss,
                    _ => IssOutcome::Penalty,
                });
            }
            "bidok" | "overbid" => {
                if overbid.is_some() {
                    return Err(ResultProblem::SecondBidCheck(owned()));
                }
                overbid = Some(token == "overbid");
            }
            _ => {
                let Some((key, value)) = token.split_once(':') else {
                    return Err(ResultProblem::NotAnEntry(owned()));
                };
                let Some(&key) = RESULT_KEYS.iter().find(|&&k| k == key) else {
                    return Err(ResultProblem::UnknownEntry(owned()));
                };
                if numbers.iter().any(|&(k, _)| k == key) {
                    return Err(ResultProblem::Twice { key });
                }
                let value = value.parse::<i64>().map_err(|_| ResultProblem::NotANumber(owned()))?;
                numbers.push((key, value));
            }
        }
    }
    let get = |key: &str| numbers.iter().find(|&&(k, _)| k == key).map(|&(_, v)| v);
    let need = |key: &'static str| get(key).ok_or(ResultProblem::Missing { key });
    let ranged = |key: &'static str, lo: i64, hi: i64, default: Option<i64>| -> Result<i64, ResultProblem> {
        let v = match (get(key), default) {
            (Some(v), _) => v,
            (None, Some(d)) => d,
            (None, None) => return Err(ResultProblem::Missing { key }),
        };
        if (lo..=hi).contains(&v) { Ok(v) } else { Err(ResultProblem::OutOfRange { key, value: v, lo, hi }) }
    };
    let seat = |v: i64| usize::try_from(v).ok().and_then(Seat::new);
    let flag = |key: &'static str| ranged(key, 0, 1, None).map(|v| v == 1);
    let outcome = outcome.ok_or(ResultProblem::NoOutcome)?;
    let overbid = overbid.ok_or(ResultProblem::NoBidCheck)?;
    let value = need("v")?;
    let settlement = IssSettlement {
        outcome,
        declarer: seat(ranged("d", -1, 2, None)?),
        value: i32::try_from(value).map_err(|_| ResultProblem::OutOfRange {
            key: "v",
            value,
            lo: i64::from(i32::MIN),
            hi: i64::from(i32::MAX),
        })?,
        matadors: ranged("m", -11, 11, None)? as i8,
        declarer_points: ranged("p", 0, 120, None)? as u8,
        declarer_tricks: ranged("t", 0, 10, None)? as u8,
        schneider: flag("s")?,
        schwarz: flag("z")?,
        overbid,
    };
    let penalty = |key: &'static str| -> Result<i32, ResultProblem> {
        let value = get(key).unwrap_or(0);
        i32::try_from(value).map_err(|_| ResultProblem::OutOfRange {
            key,
            value,
            lo: i64::from(i32::MIN),
            hi: i64::from(i32::MAX),
        })
    };
    Ok(IssResult {
        settlement,
        penalties: [penalty("p0")?, penalty("p1")?, penalty("p2")?],
        left: seat(ranged("l", -1, 2, Some(-1))?),
        timeout: seat(ranged("to", -1, 2, Some(-1))?),
        resigned: match get("r") {
            None => None,
            Some(_) => Some(flag("r")?),
        },
    })
}

/// The entries a result may hold.
const RESULT_KEYS: [&str; 13] = ["d", "v", "m", "p", "t", "s", "z", "p0", "p1", "p2", "l", "to", "r"];

// ---------------------------------------------------------------------------
// Replay and the server's settlement

/// Replays `moves`; an error carries the index of the move in `moves`.
fn replay_moves(deal: &SkatDeal, moves: &[IssMove]) -> Result<IssReplay, (usize, IssErrorKind)> {
    let mut game = SkatGame::new(*deal, SkatRules::ISKO);
    let mut resigned = [false; 3];
    let mut hidden = 0usize;
    let mut skat_shown = false;
    let mut end = None;
    for (i, mv) in moves.iter().enumerate() {
        let at = || MoveRef { index: i + 1, token: move_token(mv), column: None };
        let unexpected = |reason| (i, IssErrorKind::UnexpectedMove { at: at(), reason });
        let seat = match *mv {
            IssMove::Action { seat, .. }
            | IssMove::Resign(seat)
            | IssMove::ShowCards(seat)
            | IssMove::Timeout(seat)
            | IssMove::Left(seat)
            | IssMove::HiddenCard(seat) => Some(seat),
            IssMove::SkatShown(_) => None,
        };
        if seat.is_some_and(|s| s.index() >= 3) {
            return Err(unexpected("a Skat seat is 0, 1 or 2"));
        }
        if end.is_some() || game.phase() == SkatPhase::Over {
            return Err(unexpected("a move after the end of the game"));
        }
        let playing = game.phase() == SkatPhase::Playing;
        match *mv {
            IssMove::Action { seat, action } => {
                if hidden > 0 {
                    return Err(unexpected("a move after a hidden card `??` cannot be replayed"));
                }
                game.try_apply(seat, action).map_err(|error| (i, IssErrorKind::Illegal { at: at(), seat, error }))?;
            }
            IssMove::SkatShown(shown) => {
                if skat_shown || !(game.picked_up() && game.phase() == SkatPhase::Discarding) {
                    return Err(unexpected("the server shows the skat only right after it is picked up"));
                }
                if shown != deal.skat() {
                    return Err((i, IssErrorKind::SkatMismatch { at: at(), shown, dealt: deal.skat() }));
                }
                skat_shown = true;
            }
            IssMove::Resign(seat) => {
                let Some((declarer, _)) = game.declarer().filter(|_| playing) else {
                    return Err(unexpected("a resignation outside trick play"));
                };
                if seat == declarer {
                    end = Some(IssEnd::DeclarerResigned);
                } else {
                    resigned[seat.index()] = true;
                    if Seat::all(3).filter(|&s| s != declarer).all(|s| resigned[s.index()]) {
                        end = Some(IssEnd::DefendersResigned);
                    }
                }
            }
            IssMove::ShowCards(_) => {
                if !playing {
                    return Err(unexpected("showing cards outside trick play"));
                }
            }
            IssMove::Left(seat) => end = Some(IssEnd::Left(seat)),
            IssMove::Timeout(seat) => end = Some(IssEnd::TimedOut(seat)),
            IssMove::HiddenCard(seat) => {
                let (Some(to_act), true) = (game.to_act(), playing) else {
                    return Err(unexpected("a hidden card `??` outside trick play"));
                };
                let expected = to_act.offset(hidden, 3);
                if seat != expected {
                    let error = SkatError::NotYourTurn { expected, got: seat };
                    return Err((i, IssErrorKind::Illegal { at: at(), seat, error }));
                }
                if game.current_trick().1.len() + hidden + 1 >= 3 {
                    return Err(unexpected("a hidden card `??` that completes a trick cannot be replayed"));
                }
                hidden += 1;
            }
        }
    }
    let unfinished = || (moves.len(), IssErrorKind::Unfinished { moves: moves.len() });
    let (end, result) = match end {
        Some(end) => (end, settle_early(&game, end).ok_or_else(unfinished)?),
        None => match game.outcome() {
            Some(SkatOutcome::PassedIn) => (IssEnd::PassedIn, IssResult::passed()),
            Some(SkatOutcome::Ramsch { .. }) => {
                return Err((moves.len(), IssErrorKind::NotExpressible { reason: "a Ramsch" }));
            }
            Some(SkatOutcome::Played { declarer, settlement }) => {
                (IssEnd::Played, IssResult::new(IssSettlement::from_settlement(declarer, &settlement, settlement.won)))
            }
            None => return Err(unfinished()),
        },
    };
    Ok(IssReplay { game, end, result })
}

/// The server's settlement of a game ended by a resignation, a player
/// leaving or a timeout. `None` only if `end` is not such an end.
fn settle_early(game: &SkatGame, end: IssEnd) -> Option<IssResult> {
    let (leaver, left) = match end {
        IssEnd::Left(seat) => (Some(seat), true),
        IssEnd::TimedOut(seat) => (Some(seat), false),
        _ => (None, false),
    };
    let contract = game.contract();
    let declarer = game.declarer().map(|(seat, _)| seat);
    let mut result = match (end, contract, declarer, leaver) {
        (_, None, _, Some(seat)) => {
            let mut result = IssResult::new(IssSettlement::no_game(IssOutcome::Penalty));
            result.penalties[seat.index()] = 1;
            result
        }
        (IssEnd::DeclarerResigned, ..) => IssResult { resigned: Some(true), ..declarer_loses(game)? },
        (IssEnd::DefendersResigned, ..) => IssResult { resigned: Some(true), ..defenders_give_up(game)? },
        (_, Some(_), Some(d), Some(seat)) if seat == d => declarer_loses(game)?,
        (_, Some(_), Some(_), Some(_)) => defenders_give_up(game)?,
        _ => return None,
    };
    if left {
        result.left = leaver;
    } else {
        result.timeout = leaver;
    }
    Some(result)
}

/// The declarer, bid, contract and matadors of a declared game.
fn declared(game: &SkatGame) -> Option<(Seat, u16, Contract, i8)> {
    let (declarer, bid) = game.declarer()?;
    let contract = game.contract()?;
    let deal = game.deal();
    Some((declarer, bid, contract, contract.kind.matadors(deal.hand(declarer) | deal.skat())))
}

/// The declarer gives up (resigns, leaves, times out): he loses at the
/// simple level — matadors, game, hand and what was announced, nothing
/// reached in play — and at least the overbid value.
fn declarer_loses(game: &SkatGame) -> Option<IssResult> {
    let (declarer, bid, contract, matadors) = declared(game)?;
    // A tally that reaches no level: the value comes from the announcement.
    let simple = PlayTally { declarer_points: 60, declarer_tricks: 1, defender_tricks: 9 };
    let settlement = settle(contract, bid, matadors, simple, &SkatRules::ISKO);
    let mut settlement = IssSettlement::from_settlement(declarer, &settlement, false);
    settlement.declarer_points = game.points_won()[declarer] + points(game.skat());
    settlement.declarer_tricks = game.tricks_won()[declarer];
    settlement.schneider = false;
    settlement.schwarz = false;
    Some(IssResult::new(settlement))
}

/// Both defenders give up: the declarer is credited every card they have
/// not won (a Null declarer simply wins), and the game is settled.
fn defenders_give_up(game: &SkatGame) -> Option<IssResult> {
    let (declarer, bid, contract, matadors) = declared(game)?;
    let (tricks, won) = (game.tricks_won(), game.points_won());
    let defenders = || Seat::all(3).filter(|&s| s != declarer);
    let defender_tricks: u8 = defenders().map(|s| tricks[s]).sum();
    let defender_points: u8 = defenders().map(|s| won[s]).sum();
    let tally = if contract.kind == GameKind::Null {
        PlayTally {
            declarer_points: won[declarer] + points(game.skat()),
            declarer_tricks: tricks[declarer],
            defender_tricks,
        }
    } else {
        PlayTally { declarer_points: 120 - defender_points, declarer_tricks: 10 - defender_tricks, defender_tricks }
    };
    let settlement = settle(contract, bid, matadors, tally, &SkatRules::ISKO);
    Some(IssResult::new(IssSettlement::from_settlement(declarer, &settlement, settlement.won)))
}
