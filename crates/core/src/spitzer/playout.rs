//! Random playouts and perft: the engine's speed and move-generation checks.

use rand::Rng;

use crate::game::Game;
use crate::spitzer::deal::SpitzerDeal;
use crate::spitzer::game::{SpitzerAction, SpitzerGame, SpitzerPhase};
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

/// Counts the legal card sequences of the next `depth` card plays from a
/// state in trick play (announcements are not counted: start from
/// [`SpitzerGame::at_play`] or after the announcement phase). Depth 0, or a
/// state not in trick play, counts 1.
pub fn perft(game: &SpitzerGame, depth: u32) -> u64 {
    if depth == 0 || game.phase() != SpitzerPhase::Playing {
        return 1;
    }
    let legal = game.legal_cards();
    if depth == 1 {
        return legal.len() as u64;
    }
    let mut nodes = 0;
    for card in legal {
        let mut next = *game;
        next.apply_unchecked(SpitzerAction::Play(card));
        nodes += perft(&next, depth - 1);
    }
    nodes
}
