//! Random playouts and perft: the engine's speed and move-generation checks.

use rand::Rng;

use crate::game::Game;
use crate::spidge::deal::SpidgeDeal;
use crate::spidge::game::SpidgeGame;
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
