//! Random playouts and perft: the engine's speed and move-generation checks.

use rand::Rng;

use crate::game::Game;
use crate::spitzer::deal::SpitzerDeal;
use crate::spitzer::game::SpitzerGame;
use crate::spitzer::rules::{RulesError, SpitzerRules};

/// Plays one whole random deal: shuffle, random legal announcements, 32
/// random legal card plays, settlement. Returns the finished state.
/// Nothing is allocated.
///
/// # Errors
/// If the rules are not supported ([`SpitzerRules::validate`]).
#[inline]
pub fn random_playout<R: Rng + ?Sized>(rng: &mut R, rules: SpitzerRules) -> Result<SpitzerGame, RulesError> {
    let mut game = SpitzerGame::new(SpitzerDeal::random(rng), rules)?;
    while let Some(action) = game.random_action(rng) {
        game.apply_unchecked(action);
    }
    Ok(game)
}
