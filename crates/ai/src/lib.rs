//! trumpf-ai: bots that play from their own seat's view only.
//!
//! A bot receives a [`GameView`](trumpf_core::GameView) — never the state —
//! and answers with an action. [`RandomBot`] plays any game uniformly at
//! random; [`SkatBot`] is a rule-of-thumb Skat player (hand evaluation for
//! bidding and declaring, simple card-play heuristics); [`SpitzerBot`] and
//! [`SpidgeBot`] play Spitzer and Spidge by rules of thumb.

pub mod perfect;
pub mod pimc;
mod random;
pub mod sampler;
mod skat;
pub mod solver;
mod spec;
mod spidge;
mod spitzer;
pub mod tournament;
mod trick;

pub use random::RandomBot;
pub use skat::SkatBot;
pub use solver::{CardValues, Goal, Objective, SolveError, Solver};
pub use spec::{BotGame, BotSpec, Level, SpecError};
pub use spidge::SpidgeBot;
pub use spitzer::SpitzerBot;

use trumpf_core::Game;

/// A player that decides from its own view.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and logs.
    fn name(&self) -> &str;
    /// The action to take. Called only when `view` says it is this seat's turn.
    fn choose(&mut self, view: &G::View) -> G::Action;
}

#[cfg(test)]
pub(crate) mod testing {
    use rand::SeedableRng;
    use trumpf_core::Seat;
    use trumpf_core::series::MatchGame;

    use crate::{Bot, RandomBot};

