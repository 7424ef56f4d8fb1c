//! Random playouts and perft: the engine's speed and move-generation checks.

use rand::Rng;

use crate::game::Game;
use crate::skat::deal::SkatDeal;
use crate::skat::game::{SkatAction, SkatGame, SkatPhase};
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

/// Counts the legal card sequences of the next `depth` card plays from a
/// state in trick play. A sequence that ends the deal early counts as one
/// leaf. Depth 0 counts 1.
pub fn perft(game: &SkatGame, depth: u32) -> u64 {
    if depth == 0 || game.phase() != SkatPhase::Playing {
        return 1;
    }
    let legal = game.legal_cards();
    if depth == 1 {
        return legal.len() as u64;
    }
    let mut nodes = 0;
    for card in legal {
        let mut next = *game;
        next.apply_unchecked(SkatAction::Play(card));
        nodes += perft(&next, depth - 1);
    }
    nodes
}
