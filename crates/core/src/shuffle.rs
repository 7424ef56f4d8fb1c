//! Seeded, portable shuffling.
//!
//! A seed names one deal on every machine and every release: the generator is
//! ChaCha8 (`rand_chacha`, seeded with `seed_from_u64`), and the shuffle is a
//! Fisher–Yates written here, drawing each index with Lemire's multiply-and-
//! reject method on 32-bit outputs, so it does not depend on the sampling
//! algorithms of the `rand` crate, which may change between versions.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::card::Card;
use crate::cardset::CardSet;

/// The deterministic generator used for deals.
pub type DealRng = ChaCha8Rng;

/// A new deal generator for `seed`.
pub fn deal_rng(seed: u64) -> DealRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniform integer in `0..n` (`n` ≥ 1), by Lemire's method.
#[inline]
pub fn uniform_below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    let mut low = m as u32;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
            low = m as u32;
        }
    }
    (m >> 32) as u32
}

/// Shuffles `cards` in place (Fisher–Yates, from the last position down).
#[inline]
pub fn shuffle<R: Rng + ?Sized>(rng: &mut R, cards: &mut [Card]) {
    for i in (1..cards.len()).rev() {
        let j = uniform_below(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// The cards of `pack` in index order, shuffled. Position 0 is the top of the deck.
pub fn shuffled<R: Rng + ?Sized, const N: usize>(rng: &mut R, pack: CardSet) -> [Card; N] {
    assert_eq!(pack.len(), N, "pack size must match the array size");
    let mut iter = pack.iter();
    let mut cards: [Card; N] = std::array::from_fn(|_| iter.next().expect("size checked"));
    shuffle(rng, &mut cards);
    cards
}

/// A uniformly random card of a non-empty set.
#[inline]
pub fn random_card<R: Rng + ?Sized>(rng: &mut R, set: CardSet) -> Option<Card> {
    if set.is_empty() {
        return None;
    }
    set.nth(uniform_below(rng, set.len() as u32) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_deck_and_every_card_once() {
        let a: [Card; 32] = shuffled(&mut deal_rng(7), CardSet::PIQUET_PACK);
        let b: [Card; 32] = shuffled(&mut deal_rng(7), CardSet::PIQUET_PACK);
        let c: [Card; 32] = shuffled(&mut deal_rng(8), CardSet::PIQUET_PACK);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.iter().copied().collect::<CardSet>(), CardSet::PIQUET_PACK);
    }

    #[test]
    fn uniform_below_stays_in_range_and_covers_it() {
        let mut rng = deal_rng(1);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[uniform_below(&mut rng, 5) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    }
}
