//! Equivalent cards: the legal cards of one hand that play alike.
//!
//! Every game ranks the cards of an effective suit ("class") in one order.
//! Two cards of the hand to play are equivalent when they are of the same
//! class, no card between them in that order is held by another hand or
//! lies in the current trick (cards played to earlier tricks no longer
//! separate anything), and, where card points are counted, they carry the
//! same points. Swapping two such cards changes neither a trick winner nor
//! a count, now or later, so the search tries one card of each group.

use trumpf_core::{Card, CardSet};

/// The most legal cards a hand can have (Spidge: 13).
pub(crate) const MAX_MOVES: usize = 16;

/// The ranking of a game's cards: per class, its cards highest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Order {
    /// The class of each card index (`NONE` for cards not in the pack).
    class: [u8; 64],
    seq: [[Card; 16]; 5],
    len: [u8; 5],
    classes: usize,
}

const NONE: u8 = u8::MAX;

impl Order {
    /// An order from classes given highest card first.
    pub fn new(classes: &[&[Card]]) -> Order {
        let filler = Card::JOKER_1;
        let mut order = Order { class: [NONE; 64], seq: [[filler; 16]; 5], len: [0; 5], classes: classes.len() };
        for (c, cards) in classes.iter().enumerate() {
            for (i, &card) in cards.iter().enumerate() {
                order.class[usize::from(card.index())] = c as u8;
                order.seq[c][i] = card;
            }
            order.len[c] = cards.len() as u8;
        }
        order
    }

    /// The cards of class `c`, highest first.
    #[inline]
    pub fn class_cards(&self, c: usize) -> &[Card] {
        &self.seq[c][..usize::from(self.len[c])]
    }

    /// The class of `card`.
    #[inline]
    pub fn class_of(&self, card: Card) -> usize {
        usize::from(self.class[usize::from(card.index())])
    }

    /// The number of classes.
    pub fn classes(&self) -> usize {
        self.classes
    }
}

/// The legal cards split into groups of equivalent cards (no allocation).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Groups {
    sets: [CardSet; MAX_MOVES],
    len: usize,
}

impl Groups {
    pub const fn new() -> Groups {
        Groups { sets: [CardSet::EMPTY; MAX_MOVES], len: 0 }
    }

    #[inline]
    pub fn as_slice(&self) -> &[CardSet] {
        &self.sets[..self.len]
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn push(&mut self, set: CardSet) {
        if self.len < MAX_MOVES {
            self.sets[self.len] = set;
            self.len += 1;
        }
    }

    /// Splits `legal` into groups. `separators` are the cards of the other
    /// hands and of the current trick; `points` gives a card's count where
    /// it matters (cards of different counts are never grouped); `single`
    /// cards are never grouped with another.
    pub fn build(
        &mut self,
        order: &Order,
        legal: CardSet,
        separators: CardSet,
        points: Option<fn(Card) -> u8>,
        single: CardSet,
    ) {
        self.len = 0;
        for card in legal & single {
            self.push(CardSet::single(card));
        }
        let rest = legal - single;
        if rest.is_empty() {
            return;
        }
        let mut done = CardSet::EMPTY;
        for start in rest {
            if done.contains(start) {
                continue;
            }
            let class = order.class_of(start);
            if class >= order.classes() {
                self.push(CardSet::single(start));
                done.insert(start);
                continue;
            }
            // Walk the class once, cutting runs at separators.
            let first_group = self.len;
            let mut run = 0u32;
            let mut run_of_group = [0u32; MAX_MOVES];
            let mut points_of_group = [0u8; MAX_MOVES];
            for &card in order.class_cards(class) {
                if separators.contains(card) {
                    run += 1;
                } else if rest.contains(card) {
                    let p = points.map_or(0, |f| f(card));
                    let found = (first_group..self.len)
                        .find(|&g| run_of_group[g - first_group] == run && points_of_group[g - first_group] == p);
                    match found {
                        Some(g) => self.sets[g].insert(card),
                        None => {
                            run_of_group[self.len - first_group] = run;
                            points_of_group[self.len - first_group] = p;
                            self.push(CardSet::single(card));
                        }
                    }
                    done.insert(card);
                }
            }
        }
    }
}

/// Search moves: one move code per group, best first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Moves {
    codes: [u8; MAX_MOVES],
    scores: [i16; MAX_MOVES],
    len: usize,
}

impl Moves {
    pub const fn new() -> Moves {
        Moves { codes: [0; MAX_MOVES], scores: [0; MAX_MOVES], len: 0 }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds move `m` with an ordering score (higher is tried first; equal
    /// scores keep the order they came in).
    #[inline]
    pub fn push(&mut self, m: u8, score: i16) {
        if self.len < MAX_MOVES {
            // Insertion sort: at most 16 moves.
            let mut i = self.len;
            while i > 0 && self.scores[i - 1] < score {
                self.codes[i] = self.codes[i - 1];
                self.scores[i] = self.scores[i - 1];
                i -= 1;
            }
            self.codes[i] = m;
            self.scores[i] = score;
            self.len += 1;
        }
    }

    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.codes[..self.len]
    }
}
