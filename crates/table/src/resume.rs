//! Reading back what a table saved ([`Table::save`]), to continue the match
//! where the file ends: the rules, the seed, the first dealer and every deal
//! with its actions, the last one possibly unfinished.
//!
//! Every game reads its trumpf match record ([`SavedMatch`]); Skat also
//! reads the ISS records a table writes, whose comment field names the
//! seed, the deal and the rules ([`crate::skat`]). Reading checks what the
//! file says as far as the file alone can; [`Resumable::table`] then plays
//! every action again through the table's own checks.

use trumpf_core::iss::IssError;
use trumpf_core::series::record::{HeaderError, RecordError, SavedMatch, game_of};
use trumpf_core::{Game, GameId, Member};

use crate::controller::Controller;
use crate::game::TableGame;
use crate::save::SaveFormat;
use crate::table::{DealActions, ResumeError, Table, TableSetup};

/// A match read back from a saved file, ready to be continued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumable<G: TableGame> {
    /// The match's rules.
    pub rules: G::Rules,
    /// The seed the deals follow.
    pub seed: u64,
    /// The member who dealt first.
    pub first_dealer: Member,
    /// The players' names as the file gives them, by member (ISS records
    /// name only the players seated in a deal; there these are empty).
    pub players: Vec<String>,
    /// Every deal as dealt, with its actions; all but the last are finished.
    pub deals: Vec<DealActions<G>>,
    /// The format of the file.
    pub format: SaveFormat,
}

impl<G: TableGame> Resumable<G> {
    /// Reads a file a table of this game saved, in either of its formats.
    ///
    /// # Errors
    /// A file of neither format or of another game, a record that does not
    /// read (with its line), one without the seed its deals follow.
    pub fn read(text: &str) -> Result<Resumable<G>, ReadSaveError<G>> {
        let text = text.trim_start_matches('\u{feff}');
        match file_kind(text)? {
            FileKind::Trumpf => Resumable::from_record(text),
            FileKind::Iss => G::read_iss(text),
        }
    }

    /// Reads a trumpf match record.
    ///
    /// # Errors
    /// A record that does not read, or that has no `seed` line.
    pub fn from_record(text: &str) -> Result<Resumable<G>, ReadSaveError<G>> {
        let saved = SavedMatch::<G>::read(text).map_err(ReadSaveError::Record)?;
        let seed = saved.seed.ok_or(ReadSaveError::NoSeed)?;
        let game = &saved.record.game;
        let mut deals: Vec<DealActions<G>> =
            game.deals().iter().map(|deal| (deal.start.clone(), deal.actions.clone())).collect();
        if let Some(deal) = saved.unfinished {
            deals.push((deal.start, deal.actions));
        }
        Ok(Resumable {
            rules: game.rules().clone(),
            seed,
            first_dealer: game.first_dealer(),
            players: saved.record.players.clone(),
            deals,
            format: SaveFormat::Trumpf,
        })
    }

    /// The setup of the table that plays the match on, with `controllers`.
    pub fn setup(&self, controllers: Vec<Controller>) -> TableSetup<G::Rules> {
        TableSetup { rules: self.rules.clone(), seed: self.seed, first_dealer: self.first_dealer, controllers }
    }

    /// The table where the file ends, its members played by `controllers`:
    /// every action applied again through the table's checks.
    ///
    /// # Errors
    /// As [`Table::resume`].
    pub fn table(&self, controllers: Vec<Controller>) -> Result<Table<G>, ResumeError<G>> {
        Table::resume(self.setup(controllers), &self.deals)
    }
}

/// The two kinds of file a table saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FileKind {
    Trumpf,
    Iss,
}

fn file_kind(text: &str) -> Result<FileKind, FileError> {
    let first = text.trim_start_matches('\u{feff}').lines().map(str::trim).find(|l| !l.is_empty());
    match first {
        None => Err(FileError::Empty),
        Some(line) if line.starts_with("trumpf-record") => Ok(FileKind::Trumpf),
        Some(line) if line.starts_with("(;") => Ok(FileKind::Iss),
        Some(_) => Err(FileError::Neither),
    }
}

/// Which game a saved file holds: the game line of a trumpf record; Skat
/// for ISS records.
///
/// # Errors
/// An empty file, one of neither format, a record naming no game trumpf
/// plays.
pub fn saved_game(text: &str) -> Result<GameId, FileError> {
    match file_kind(text)? {
        FileKind::Iss => Ok(GameId::Skat),
        FileKind::Trumpf => {
            let name = game_of(text.trim_start_matches('\u{feff}')).map_err(FileError::Header)?;
            name.parse().map_err(|_| FileError::UnknownGame(name))
        }
    }
}

/// A file that holds no saved match of any game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// Nothing but white space.
    #[error("the file is empty")]
    Empty,
    /// Neither format.
    #[error(
        "the file is neither a trumpf match record (starting `trumpf-record`) nor ISS records (lines starting `(;GM[Skat]`)"
    )]
    Neither,
    /// A trumpf record whose header does not read.
    #[error(transparent)]
    Header(HeaderError),
    /// A trumpf record of a game trumpf does not play.
    #[error("the record is of the game {0:?}, which trumpf does not play")]
    UnknownGame(String),
}

/// Why a saved file cannot be continued.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadSaveError<G: Game> {
    /// The file holds no saved match.
    #[error(transparent)]
    File(#[from] FileError),
    /// The trumpf record does not read.
    #[error(transparent)]
    Record(RecordError<G>),
    /// The trumpf record does not name its seed.
    #[error("the record has no `seed` line (it was not saved while playing), so the deals that follow cannot be dealt")]
    NoSeed,
    /// ISS records hold Skat games only.
    #[error("ISS records hold Skat games, not {0}")]
    IssNotThisGame(&'static str),
    /// An ISS record that does not read.
    #[error("line {line}: {error}")]
    Iss {
        /// The line of the file.
        line: usize,
        /// What is wrong.
        error: IssError,
    },
    /// An ISS record without the comment a table writes.
    #[error(
        "line {line}: the record's comment does not say `trumpf play --seed N, deal K; rules ...`, so it was not saved by trumpf play and its seed is unknown"
    )]
    NotSaved {
        /// The line of the file.
        line: usize,
    },
    /// An ISS record's rules do not read.
    #[error("line {line}: the rules in the comment: {problem}")]
    IssRules {
        /// The line of the file.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// The ISS records are not deals 1, 2, 3, ... of one session.
    #[error("line {line}: the record is of deal {found}, expected deal {expected}")]
    IssDeal {
        /// The line of the file.
        line: usize,
        /// The deal the record should be.
        expected: usize,
        /// The deal its comment names.
        found: u64,
    },
    /// An ISS record of another session (another seed or rules).
    #[error("line {line}: the record names another {what} than the first record")]
    IssMixed {
        /// The line of the file.
        line: usize,
        /// `seed` or `rules`.
        what: &'static str,
    },
    /// A move a table never writes (a resignation, a timeout, a hidden card).
    #[error("line {line}: the move {token} is not one trumpf play makes")]
    IssMove {
        /// The line of the file.
        line: usize,
        /// The move as written.
        token: String,
    },
}
