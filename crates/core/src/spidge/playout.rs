//! Random playouts and perft: the engine's speed and move-generation checks.

use rand::Rng;

use crate::game::Game;
use crate::spidge::deal::SpidgeDeal;
use crate::spidge::game::{SpidgeAction, SpidgeGame};
use crate::spidge::rules::SpidgeRules;

/// Plays one whole random deal: shuffle and deal the pack of `rules`, then
/// 52 uniformly random legal card plays, then scoring. Returns the finished
/// state. Nothing is allocated.
#[inline]
pub fn random_playout<R: Rng + ?Sized>(rng: &mut R, rules: SpidgeRules) -> SpidgeGame {
    let mut game = SpidgeGame::new(SpidgeDeal::random(rng, rules.jokers), rules);
    while let Some(action) = game.random_action(rng) {
        game.apply_unchecked(action);
    }
    game
}

/// Counts the legal card sequences of the next `depth` card plays (from the
/// start of a deal: L leads). Depth 0 counts 1; a finished deal counts 1.
pub fn perft(game: &SpidgeGame, depth: u32) -> u64 {
    if depth == 0 || game.is_over() {
        return 1;
    }
    let legal = game.legal_cards();
    if depth == 1 {
        return legal.len() as u64;
    }
    let mut nodes = 0;
    for card in legal {
        let mut next = *game;
        next.apply_unchecked(SpidgeAction::Play(card));
        nodes += perft(&next, depth - 1);
    }
    nodes
}
