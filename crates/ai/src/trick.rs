//! Shared card-play reasoning: who wins a partial trick, and which of the
//! legal cards win, lose or cost the least.

use trumpf_core::{Card, CardSet};

/// The position of the winning card of a trick in progress, given a
/// full-trick winner function and a filler card that can never win.
pub fn partial_winner<const N: usize>(trick: &[Card], filler: Card, winner: impl Fn([Card; N]) -> usize) -> usize {
    let mut full = [filler; N];
    full[..trick.len()].copy_from_slice(trick);
    winner(full).min(trick.len().saturating_sub(1))
}

/// The legal cards that would win the trick right now if played.
pub fn winning_cards<const N: usize>(
    legal: CardSet,
    trick: &[Card],
    filler: Card,
    winner: impl Fn([Card; N]) -> usize + Copy,
) -> CardSet {
    legal
        .iter()
        .filter(|&card| {
            let mut t = [filler; N];
            t[..trick.len()].copy_from_slice(trick);
            t[trick.len()] = card;
            partial_winner(&t[..=trick.len()], filler, winner) == trick.len()
        })
        .collect()
}
