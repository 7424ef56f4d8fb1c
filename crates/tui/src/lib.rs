//! trumpf-tui: Skat, Spitzer and Spidge in the terminal, over the trumpf
//! table.
//!
//! One [`Model`] serves every game: Model / Msg / update / view. The model
//! drives a [`Table`] for its person (member 0 at the
//! tables [`setup`] makes; the table itself seats any mix of people and
//! bots) and keeps his view of the deal, the only game state the screen
//! reads. Keys, bot answers and save results arrive as [`Msg`]s; what the
//! model wants done (ask a bot, write a file, quit) leaves as [`Cmd`]s.
//! [`run`] is the event loop: the bots think on their own thread and answer
//! with a message, keys are read on another, hints (`?`) and the analysis
//! of each finished deal (`a`) are worked out on two more, and the screen
//! is drawn (`impl Widget for &Model<G>`, a pure function of the model) on
//! this one.
//! [`play`] saves the match before the first key and after every action
//! ([`write_file`]: whole or not at all), so a killed terminal loses
//! nothing. Below 80×24 every game shows only a notice, and game keys do
//! nothing. What differs between the games comes from [`TuiGame`]: Skat's marks,
//! bidding steps and score sheet ([`SkatExtra`]), the screens of each.
//!
//! Modules, each importing only those before it: `input` (keys to
//! intents), `widgets` (cards, trick grid, frame, sheet, result rows),
//! `hints` (the hint and analysis requests, their answers, the analysis's
//! lines), `model` (the model and [`TuiGame`]), one module per game,
//! `terminal` (the terminal, the threads, the loop).

mod hints;
mod input;
mod model;
mod skat;
mod spidge;
mod spitzer;
mod terminal;
mod widgets;

#[cfg(test)]
mod guard_tests;
#[cfg(test)]
mod hint_tests;
#[cfg(test)]
mod testing;

use std::path::{Path, PathBuf};
use std::time::Duration;

use trumpf_core::Member;
use trumpf_table::{BotKind, Controller, SaveError, SaveFormat, SetupError, Table, TableSetup};

pub use hints::{
    Analyse, AnalysisAnswer, AnalysisRequest, HINT_WORLDS, Hint, HintAnswer, HintRequest, Review, ReviewState,
    ReviewText,
};
pub use input::Intent;
pub use model::{Cmd, Model, Msg, SaveTarget, TuiGame, deals_text, match_farewell, save_farewell, saved_contents};
pub use skat::{BidTurn, SkatExtra};
pub use terminal::{run, write_file};
pub use widgets::Status;

/// The member the terminal plays for at the tables [`setup`] makes.
pub const ME: Member = match Member::new(0) {
    Some(m) => m,
    None => unreachable!(),
};

/// The names of `members` members as the terminal seats them: "You", then
/// "Bot 1", "Bot 2", ...
pub fn names(members: usize) -> Vec<String> {
    ["You", "Bot 1", "Bot 2", "Bot 3"].iter().take(members).map(|&name| name.to_owned()).collect()
}

/// A table of the person ("You", member 0) and heuristic bots for the
/// other members of `rules`' table, its deals following `seed`. The last
/// member deals first, so the person leads (or bids first) in deal 1.
pub fn setup<G: TuiGame>(rules: G::Rules, seed: u64) -> TableSetup<G::Rules> {
    setup_with::<G>(rules, seed, BotKind::Heuristic)
}

/// As [`setup`], with bots of `bots` (`trumpf play --bots`).
pub fn setup_with<G: TuiGame>(rules: G::Rules, seed: u64, bots: BotKind) -> TableSetup<G::Rules> {
    let members = <G as trumpf_core::series::MatchGame>::members(&rules);
    let controllers = names(members)
        .into_iter()
        .enumerate()
        .map(|(i, name)| if i == 0 { Controller::person(name) } else { Controller::bot(bots, name) })
        .collect();
    let first_dealer = Member::new(members.saturating_sub(1)).unwrap_or(ME);
    TableSetup { rules, seed, first_dealer, controllers }
}

/// The name of the file a session of `G` dealt from `seed` is saved to when
/// no file is named: `skat-7.sgf` (ISS records), `spitzer-7.txt`.
pub fn file_name<G: TuiGame>(seed: u64, format: SaveFormat) -> String {
    format!("{}-{seed}.{}", G::NAME, G::file_extension(format))
}

/// How `trumpf play` runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The file the match is saved to: at the start, after every action and
    /// every new deal, and whenever `w` is pressed.
    pub save: PathBuf,
    /// The format asked for (Skat: ISS records while possible).
    pub format: SaveFormat,
    /// The least time a bot takes to answer, so its play can be followed.
    pub delay: Duration,
    /// The command that plays the same table again, for the farewell:
    /// `trumpf play spitzer --seed 7`.
    pub invocation: String,
}

/// Why `trumpf play` stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum PlayError<G: trumpf_core::Game> {
    /// The table could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError<G>),
    /// The terminal could not be set up.
    #[error("could not set up the terminal")]
    Terminal(#[source] std::io::Error),
    /// Drawing, a thread or a channel failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The finished deals could not be written.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// The save file cannot be written (checked before the game starts).
    #[error("cannot save to {}", .path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// Why not.
        #[source]
        source: std::io::Error,
    },
}

/// How a session ended: what to print, and whether the file holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// What to print once the terminal is restored ([`TuiGame::farewell`]).
    pub farewell: String,
    /// Why the file does not hold the game as it ended, if it does not
    /// (the last save failed, and so did the try at the end).
    pub unsaved: Option<String>,
}

/// A table of [`setup_with`] for `rules`, `seed` and bots of `bots`.
///
/// # Errors
/// Rules the table refuses.
pub fn open<G: TuiGame>(rules: G::Rules, seed: u64, bots: BotKind) -> Result<Table<G>, SetupError<G>> {
    Table::new(setup_with::<G>(rules, seed, bots))
}

/// Plays `table` in the terminal for its member 0 until he quits. The
/// match is saved to `options.save` first (so a file that cannot be
/// written stops the game before it starts), then after every action; a
/// save that fails is said on the screen and tried again at the end.
///
/// # Errors
/// A file that cannot be written at the start, a terminal that cannot be
/// set up or drawn.
pub fn play<G: TuiGame>(table: Table<G>, options: &Options) -> Result<Ending, PlayError<G>> {
    let path = options.save.clone();
    let first = table.save(options.format)?;
    write_file(&path, &first.text).map_err(|source| PlayError::File { path: path.clone(), source })?;
    let version = table.version();
    let save = SaveTarget { path: path.clone(), auto: true, format: options.format };
    let mut model = Model::new(table, ME, save);
    model.update(Msg::Saved { path: path.clone(), version, result: Ok(()), message: None });
    let mut model = run(model, options.delay)?;
    if !model.saved() {
        save_again(&mut model, &path);
    }
    let unsaved = (!model.saved()).then(|| {
        let why = model.save_failure().unwrap_or("not written");
        format!("the game as it ended is not saved in {}: {why}", path.display())
    });
    Ok(Ending { farewell: G::farewell(&model, &options.invocation)?, unsaved })
}

/// One more try at writing the match to `path`.
fn save_again<G: TuiGame>(model: &mut Model<G>, path: &Path) {
    let table = model.table();
    let (version, result) = match table.save(model.save.format) {
        Ok(saved) => (table.version(), write_file(path, &saved.text).map_err(|e| e.to_string())),
        Err(e) => (table.version(), Err(e.to_string())),
    };
    model.update(Msg::Saved { path: path.to_owned(), version, result, message: None });
}
