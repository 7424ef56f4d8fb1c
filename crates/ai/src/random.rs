//! A bot that picks uniformly among the legal actions.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trumpf_core::shuffle::uniform_below;
use trumpf_core::{Game, GameView};

use crate::Bot;

/// Picks a uniformly random legal action (any game).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot with its own seeded generator.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &G::View) -> G::Action {
        let mut actions = Vec::new();
        view.legal_actions(&mut actions);
        assert!(!actions.is_empty(), "choose called when the seat has no legal action");
        actions[uniform_below(&mut self.rng, actions.len() as u32) as usize]
    }
}
