//! trumpf-ai: bots that play from their own seat's view only.
//!
//! A bot receives a [`GameView`](trumpf_core::GameView) — never the state —
//! and answers with an action. [`RandomBot`] plays any game uniformly at
//! random; [`SkatBot`] is a rule-of-thumb Skat player (hand evaluation for
//! bidding and declaring, simple card-play heuristics).

mod random;
mod skat;

pub use random::RandomBot;
pub use skat::SkatBot;

use trumpf_core::Game;

/// A player that decides from its own view.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and logs.
    fn name(&self) -> &str;
    /// The action to take. Called only when `view` says it is this seat's turn.
    fn choose(&mut self, view: &G::View) -> G::Action;
}
