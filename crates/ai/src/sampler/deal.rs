//! Dealing the unseen cards uniformly among the hands that may hold them.
//!
//! A seat knows where some cards are (its hand, the played cards, face-up
//! hands) and, for the rest, which holders may have each card (a holder
//! that showed out of a suit has none of it) and how many cards each holder
//! has. Among all deals that fit, [`Deck::sample`] draws one **uniformly**:
//!
//! 1. Cards with the same set of possible holders form a *class*; what
//!    matters is how many cards of each class each holder gets.
//! 2. The number of deals that complete a partial split is counted by
//!    dynamic programming over the classes and the holders' remaining room
//!    (`count(class, room)`, at most 4 holders of at most 13 cards).
//! 3. Class by class, a split is drawn with probability proportional to its
//!    multinomial times the completions of the rest; then the class's cards
//!    are shuffled among the holders by that split.
//!
//! So every fitting deal has the same probability, however the voids lie.

use rand::Rng;
use trumpf_core::shuffle::uniform_below;
use trumpf_core::{Card, CardSet};

/// The most holders of unseen cards (four hands in a spectator's Spitzer view).
pub const MAX_HOLDERS: usize = 4;

/// The most cards a holder receives (a Spidge hand).
const MAX_ROOM: usize = 13;

/// The unseen cards and who may hold them, ready to deal from.
#[derive(Clone, Debug)]
pub struct Deck {
    holders: usize,
    room: [u8; MAX_HOLDERS],
    classes: Vec<Class>,
    /// `counts[i][r]`: deals of classes `i..` into room `r` (encoded).
    counts: Vec<Vec<f64>>,
}

#[derive(Clone, Debug)]
struct Class {
    /// The holders that may take these cards, one bit each.
    holders: u8,
    cards: Vec<Card>,
}

/// Why the unseen cards cannot be dealt as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// The holders' sizes do not add up to the unseen cards.
    #[error("{cards} unseen cards for holders of {room} cards in all")]
    Count {
        /// Unseen cards.
        cards: usize,
        /// The holders' sizes together.
        room: usize,
    },
    /// No deal fits the constraints (a card nobody may hold, voids that
    /// leave a holder short).
    #[error("no deal of the unseen cards fits what the seat knows")]
    Impossible,
    /// Too many holders or too large a hand.
    #[error("at most {MAX_HOLDERS} holders of at most {MAX_ROOM} cards")]
    TooLarge,
}

impl Deck {
    /// The unseen `cards` for holders of the given sizes, holder `h` taking
    /// only cards of `allowed[h]`.
    ///
    /// # Errors
    /// If the sizes do not add up or no deal fits.
    pub fn new(cards: CardSet, sizes: &[usize], allowed: &[CardSet]) -> Result<Deck, DealError> {
        let holders = sizes.len();
        if holders > MAX_HOLDERS || allowed.len() != holders || sizes.iter().any(|&s| s > MAX_ROOM) {
            return Err(DealError::TooLarge);
        }
        let room_total: usize = sizes.iter().sum();
        if room_total != cards.len() {
            return Err(DealError::Count { cards: cards.len(), room: room_total });
        }
        let mut classes: Vec<Class> = Vec::new();
        for card in cards {
            let mask = (0..holders).filter(|&h| allowed[h].contains(card)).fold(0u8, |m, h| m | 1 << h);
            if mask == 0 {
                return Err(DealError::Impossible);
            }
            match classes.iter_mut().find(|c| c.holders == mask) {
                Some(class) => class.cards.push(card),
                None => classes.push(Class { holders: mask, cards: vec![card] }),
            }
        }
        let mut room = [0u8; MAX_HOLDERS];
        for (r, &s) in room.iter_mut().zip(sizes) {
            *r = s as u8;
        }
        let mut deck = Deck { holders, room, classes, counts: Vec::new() };
        deck.count_completions();
        if deck.counts[0][deck.encode(&room)] == 0.0 {
            return Err(DealError::Impossible);
        }
        Ok(deck)
    }

    fn states(&self) -> usize {
        (MAX_ROOM + 1).pow(self.holders as u32)
    }

    fn encode(&self, room: &[u8; MAX_HOLDERS]) -> usize {
        (0..self.holders).rev().fold(0, |acc, h| acc * (MAX_ROOM + 1) + usize::from(room[h]))
    }

    fn decode(&self, mut code: usize) -> [u8; MAX_HOLDERS] {
        let mut room = [0u8; MAX_HOLDERS];
        for r in room.iter_mut().take(self.holders) {
            *r = (code % (MAX_ROOM + 1)) as u8;
            code /= MAX_ROOM + 1;
        }
        room
    }

    /// Fills `counts` from the last class back to the first.
    fn count_completions(&mut self) {
        let states = self.states();
        let n = self.classes.len();
        let mut counts = vec![vec![0.0; states]; n + 1];
        counts[n][0] = 1.0;
        for i in (0..n).rev() {
            for code in 0..states {
                let room = self.decode(code);
                let mut total = 0.0;
                self.for_each_split(i, &room, |split, ways| {
                    let mut rest = room;
                    for h in 0..self.holders {
                        rest[h] -= split[h];
                    }
                    total += ways * counts[i + 1][self.encode(&rest)];
                });
                counts[i][code] = total;
            }
        }
        self.counts = counts;
    }

    /// Calls `f(split, multinomial)` for every way of giving class `i`'s
    /// cards to its holders within `room`.
    fn for_each_split(&self, i: usize, room: &[u8; MAX_HOLDERS], mut f: impl FnMut(&[u8; MAX_HOLDERS], f64)) {
        let class = &self.classes[i];
        let size = class.cards.len();
        let holders: Vec<usize> = (0..self.holders).filter(|&h| class.holders >> h & 1 == 1).collect();
        let mut split = [0u8; MAX_HOLDERS];
        fn go(
            k: usize,
            left: usize,
            holders: &[usize],
            room: &[u8; MAX_HOLDERS],
            split: &mut [u8; MAX_HOLDERS],
            ways: f64,
            f: &mut dyn FnMut(&[u8; MAX_HOLDERS], f64),
        ) {
            let h = holders[k];
            if k + 1 == holders.len() {
                if left <= usize::from(room[h]) {
                    split[h] = left as u8;
                    f(split, ways);
                    split[h] = 0;
                }
                return;
            }
            for take in 0..=left.min(usize::from(room[h])) {
                split[h] = take as u8;
                go(k + 1, left - take, holders, room, split, ways * binomial(left, take), f);
            }
            split[h] = 0;
        }
        go(0, size, &holders, room, &mut split, 1.0, &mut f);
    }

    /// The number of fitting deals (as a float: it can be large).
    pub fn deals(&self) -> f64 {
        self.counts[0][self.encode(&self.room)]
    }

    /// One fitting deal, uniformly at random: the cards of each holder.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> [CardSet; MAX_HOLDERS] {
        let mut hands = [CardSet::EMPTY; MAX_HOLDERS];
        let mut room = self.room;
        for i in 0..self.classes.len() {
            let total = self.counts[i][self.encode(&room)];
            let mut target = unit(rng) * total;
            let mut chosen = None;
            let mut last = None;
            self.for_each_split(i, &room, |split, ways| {
                let mut rest = room;
                for h in 0..self.holders {
                    rest[h] -= split[h];
                }
                let weight = ways * self.counts[i + 1][self.encode(&rest)];
                if weight > 0.0 {
                    last = Some(*split);
                    if chosen.is_none() {
                        if target < weight {
                            chosen = Some(*split);
                        } else {
                            target -= weight;
                        }
                    }
                }
            });
            // Rounding may leave the draw just past the last split.
            let split = chosen.or(last).unwrap_or_default();
            let mut cards = self.classes[i].cards.clone();
            for h in 0..self.holders {
                for _ in 0..split[h] {
                    let k = uniform_below(rng, cards.len() as u32) as usize;
                    hands[h].insert(cards.swap_remove(k));
                }
                room[h] -= split[h];
            }
        }
        hands
    }
}

/// A uniform float in `0..1` (53 random bits).
pub(crate) fn unit<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// `n` choose `k` as a float.
fn binomial(n: usize, k: usize) -> f64 {
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use trumpf_core::shuffle::deal_rng;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn deals_are_counted_and_drawn_uniformly() {
        // Six cards for two holders of three; holder 1 is void in hearts.
        let cards = set("CA.CK.HA.HK.SA.SK");
        let allowed = [CardSet::PIQUET_PACK, CardSet::PIQUET_PACK - CardSet::suit(trumpf_core::Suit::Hearts)];
        let deck = Deck::new(cards, &[3, 3], &allowed).unwrap();
        // Both hearts with holder 0 and one of the four others: 4 deals.
        assert_eq!(deck.deals(), 4.0);
        let mut rng = deal_rng(1);
        let mut seen: HashMap<CardSet, u32> = HashMap::new();
        for _ in 0..4000 {
            let hands = deck.sample(&mut rng);
            assert!(hands[0].contains(set("HA").first().unwrap()) && hands[0].contains(set("HK").first().unwrap()));
            assert_eq!(hands[0].len(), 3);
            assert_eq!(hands[0] | hands[1], cards);
            *seen.entry(hands[0]).or_default() += 1;
        }
        assert_eq!(seen.len(), 4);
        assert!(seen.values().all(|&n| (850..1150).contains(&n)), "{seen:?}");
    }

    #[test]
    fn impossible_and_miscounted_deals_are_refused() {
        let cards = set("HA.HK");
        let no_hearts = CardSet::PIQUET_PACK - CardSet::suit(trumpf_core::Suit::Hearts);
        assert_eq!(Deck::new(cards, &[2], &[no_hearts]).unwrap_err(), DealError::Impossible);
        assert_eq!(
            Deck::new(cards, &[1, 0], &[CardSet::PIQUET_PACK; 2]).unwrap_err(),
            DealError::Count { cards: 2, room: 1 }
        );
        assert_eq!(Deck::new(cards, &[1, 1], &[CardSet::PIQUET_PACK, no_hearts]).unwrap_err(), DealError::Impossible);
    }
}
