//! Random playouts and perft: the engine's speed and move-generation checks.

use rand::Rng;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Game;
use crate::shuffle::uniform_below;
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

/// `SELECT_IN_BYTE[b * 8 + k]`: the position of the `k`th set bit of byte `b`
/// (8 where there is none).
static SELECT_IN_BYTE: [u8; 2048] = {
    let mut table = [8u8; 2048];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 != 0 {
                table[b * 8 + k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// The index of the `k`th (0-based) set bit of `x`, without a loop (broadword
/// select: byte-wise prefix counts, then a byte table); `None` if `x` has no
/// more than `k` bits.
#[inline]
fn select(x: u64, k: u32) -> Option<u8> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    if k >= x.count_ones() {
        return None;
    }
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i holds the number of set bits in bytes 0..=i (at most 64).
    let prefix = s.wrapping_mul(ONES);
    // The target byte is the number of bytes whose inclusive prefix is <= k.
    let at_most_k = (((u64::from(k) * ONES) | HIGHS) - prefix) & HIGHS;
    let place = at_most_k.count_ones() * 8;
    let before = ((prefix << 8) >> place) & 0xFF;
    let byte = (x >> place) & 0xFF;
    let rank = u64::from(k) - before;
    Some(place as u8 + SELECT_IN_BYTE[(byte * 8 + rank) as usize])
}

/// A uniformly random card of `set` (`None` if empty): the same draw and the
/// same answer as [`crate::shuffle::random_card`], with a loop-free select in
/// place of [`CardSet::nth`].
#[inline]
pub(crate) fn random_card<R: Rng + ?Sized>(rng: &mut R, set: CardSet) -> Option<Card> {
    if set.is_empty() {
        return None;
    }
    let k = uniform_below(rng, set.len() as u32);
    select(set.bits(), k).and_then(Card::from_index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::deal_rng;

    #[test]
    fn select_matches_nth() {
        let mut rng = deal_rng(5);
        for _ in 0..2000 {
            let bits = rng.next_u64() & rng.next_u64();
            let set = CardSet::from_bits_truncate(bits);
            for k in 0..=set.len() {
                assert_eq!(select(set.bits(), k as u32).and_then(Card::from_index), set.nth(k), "{set} {k}");
            }
        }
        assert_eq!(select(u64::MAX, 63), Some(63));
        assert_eq!(select(1 << 63, 0), Some(63));
        assert_eq!(select(0, 0), None);
    }

    #[test]
    fn random_card_matches_the_shuffle_module() {
        let (mut a, mut b) = (deal_rng(9), deal_rng(9));
        for bits in [0u64, 1 << 29, 0x1FFF_0000, 0x1FFF_1FFF_1FFF_1FFF, 0x0003_1000_0808_0001] {
            let set = CardSet::from_bits_truncate(bits);
            for _ in 0..50 {
                assert_eq!(random_card(&mut a, set), crate::shuffle::random_card(&mut b, set));
            }
        }
    }
}
