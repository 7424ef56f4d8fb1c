//! The transposition table: bounds on the value still to come, per position
//! at a trick start.
//!
//! A key is the complete position (which hand holds which remaining card,
//! who leads, and the search context), never a lossy hash, so an entry is
//! valid for any deal and any world: a PIMC bot keeps the table across its
//! sampled worlds without clearing it. Slots come in pairs: the first keeps
//! the deeper entry of the current generation, the second always takes the
//! newest. [`Tt::next_generation`] ages every entry at once, so entries of
//! earlier solves are the first to be replaced.

/// A complete key of a search position at a trick start.
pub(crate) trait TtKey: Copy + Eq + Default {
    /// A well-mixed 64-bit hash of the key (selects the slot).
    fn hash(&self) -> u64;
}

/// Mixes 64 bits (the finaliser of SplitMix64).
#[inline]
pub(crate) const fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// What the table knows of one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The value still to come is at least this.
    pub lo: u8,
    /// The value still to come is at most this.
    pub hi: u8,
    /// The best move found there (the game's move code), if any.
    pub best: Option<u8>,
}

#[derive(Clone, Copy, Default)]
struct Entry<K> {
    key: K,
    lo: u8,
    hi: u8,
    best: u8,
    /// Cards left in the position: deeper entries saved more work.
    depth: u8,
    generation: u8,
}

const NO_MOVE: u8 = u8::MAX;

/// A fixed-size table of [`Bounds`], allocated once.
pub(crate) struct Tt<K> {
    entries: Vec<Entry<K>>,
    mask: usize,
    generation: u8,
}

impl<K: TtKey> Tt<K> {
    /// A table of `2^bits` entries (at least 2).
    pub fn new(bits: u32) -> Tt<K> {
        let len = 1usize << bits.clamp(1, 30);
        Tt { entries: vec![Entry::default(); len], mask: len - 1, generation: 1 }
    }

    /// Forgets every entry (no reallocation).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 1;
    }

    /// Marks all present entries as older than the ones to come.
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    #[inline]
    fn slot(&self, key: &K) -> usize {
        (key.hash() as usize) & self.mask & !1
    }

    /// The bounds stored for `key`.
    #[inline]
    pub fn probe(&self, key: &K) -> Option<Bounds> {
        let i = self.slot(key);
        let pair = &self.entries[i..i + 2];
        pair.iter().find(|e| e.key == *key && e.generation != 0).map(|e| Bounds {
            lo: e.lo,
            hi: e.hi,
            best: if e.best == NO_MOVE { None } else { Some(e.best) },
        })
    }

    /// Stores bounds for `key` (a position with `depth` cards left).
    #[inline]
    pub fn store(&mut self, key: K, depth: u8, bounds: Bounds) {
        let i = self.slot(&key);
        let generation = self.generation;
        let entry =
            Entry { key, lo: bounds.lo, hi: bounds.hi, best: bounds.best.unwrap_or(NO_MOVE), depth, generation };
        let [first, second] = &mut self.entries[i..i + 2] else { return };
        if second.key == key && second.generation != 0 {
            *second = entry;
        } else if first.key == key || first.generation != generation || depth >= first.depth {
            if first.key != key && first.generation == generation {
                *second = *first;
            }
            *first = entry;
        } else {
            *second = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::skat::SkatKey;
    use crate::solver::spidge::SpidgeKey;
    use crate::solver::spitzer::SpitzerKey;

    #[test]
    fn entries_are_compact() {
        // Two Skat entries share 32 aligned bytes of a cache line.
        assert_eq!(std::mem::size_of::<Entry<SkatKey>>(), 16);
        assert_eq!(std::mem::size_of::<Entry<SpitzerKey>>(), 24);
        assert_eq!(std::mem::size_of::<Entry<SpidgeKey>>(), 32);
    }

    #[derive(Clone, Copy, Default, PartialEq, Eq)]
    struct K(u64);
    impl TtKey for K {
        fn hash(&self) -> u64 {
            mix(self.0)
        }
    }

    #[test]
    fn stores_probes_and_forgets() {
        let mut tt = Tt::<K>::new(4);
        let b = Bounds { lo: 3, hi: 9, best: Some(5) };
        tt.store(K(42), 12, b);
        assert_eq!(tt.probe(&K(42)), Some(b));
        assert_eq!(tt.probe(&K(43)), None);
        // Every key still answers with valid bounds or not at all.
        for k in 0..100 {
            tt.store(K(k), (k % 30) as u8, Bounds { lo: 1, hi: 2, best: None });
        }
        for k in 0..100 {
            if let Some(found) = tt.probe(&K(k)) {
                assert_eq!((found.lo, found.hi), (1, 2));
            }
        }
        tt.next_generation();
        tt.clear();
        assert_eq!(tt.probe(&K(42)), None);
    }
}
