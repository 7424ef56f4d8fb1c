//! Random playouts and perft: the engine's speed and move-generation checks.

use rand::Rng;

use crate::game::Game;
use crate::skat::deal::SkatDeal;
use crate::skat::game::SkatGame;
use crate::skat::rules::SkatRules;

/// Plays one whole random deal: shuffle, random legal bidding, skat
/// handling, declaration and card play, then settlement. Returns the
/// finished state. Nothing is allocated.
#[inline]
pub fn random_playout<R: Rng + ?Sized>(rng: &mut R, rules: SkatRules) -> SkatGame {
    let mut game = SkatGame::new(SkatDeal::random(rng), rules);
    while let Some(action) = game.random_action(rng) {
        game.apply_unchecked(action);
    }
    game
}
