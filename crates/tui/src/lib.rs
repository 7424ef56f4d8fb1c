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
//! with a message, keys are read on another, and the screen is drawn
//! (`impl Widget for &Model<G>`, a pure function of the model) on this one.
//! What differs between the games comes from [`TuiGame`]: Skat's marks,
//! bidding steps and score sheet ([`SkatExtra`]), the screens of each.
//!
//! Modules, each importing only those before it: `input` (keys to
//! intents), `widgets` (cards, trick grid, frame, sheet, result rows),
//! `model` (the model and [`TuiGame`]), one module per game, `terminal`
//! (the terminal, the threads, the loop).

mod input;
mod model;
mod skat;
mod spidge;
mod spitzer;
mod terminal;
mod widgets;

#[cfg(test)]
mod testing;

use std::path::PathBuf;
use std::time::Duration;

use trumpf_core::Member;
use trumpf_table::{BotKind, Controller, SaveError, SaveFormat, SetupError, Table, TableSetup};

pub use input::Intent;
pub use model::{Cmd, Model, Msg, SaveTarget, TuiGame, match_farewell};
pub use skat::{BidTurn, SkatExtra};
pub use terminal::run;
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
    let members = <G as trumpf_core::series::MatchGame>::members(&rules);
    let controllers = names(members)
        .into_iter()
        .enumerate()
        .map(|(i, name)| if i == 0 { Controller::person(name) } else { Controller::bot(BotKind::Heuristic, name) })
        .collect();
    let first_dealer = Member::new(members.saturating_sub(1)).unwrap_or(ME);
    TableSetup { rules, seed, first_dealer, controllers }
}

/// How `trumpf play` runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Save after every deal, rewriting this file; without it the `w` key
    /// saves to the game's file for the format.
    pub save: Option<PathBuf>,
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
}

/// Plays `setup` in the terminal for its member 0 until he quits; returns
/// what to print once the terminal is restored ([`TuiGame::farewell`]).
///
/// # Errors
/// Rules or controllers the table refuses, a terminal that cannot be set
/// up or drawn.
pub fn play<G: TuiGame>(setup: TableSetup<G::Rules>, options: &Options) -> Result<String, PlayError<G>> {
    let table = Table::<G>::new(setup)?;
    let save = SaveTarget { path: options.save.clone(), auto: options.save.is_some(), format: options.format };
    let model = run(Model::new(table, ME, save), options.delay)?;
    Ok(G::farewell(&model, &options.invocation)?)
}
