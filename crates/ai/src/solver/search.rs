//! Alpha-beta over a [`Node`], with the transposition table, null windows
//! and MTD(f).
//!
//! Every game is searched as a two-sided zero-sum game: the seats of the
//! "max side" maximise a counter (card points or tricks of a counted side),
//! everybody else minimises it. A node knows its counter so far
//! ([`Node::total`]); the table stores bounds on what is still to come, so
//! one entry serves every history that reaches the same cards.

use trumpf_core::{Card, CardSet};

use super::groups::{Groups, Moves};
use super::tt::{Bounds, Tt, TtKey};

/// A search position: `Copy`, played by copy-make.
pub(crate) trait Node: Copy {
    /// The complete table key of a trick-start position.
    type Key: TtKey;
    /// What the node needs besides itself (card orders, rules).
    type Ctx;

    /// Whether the play has ended.
    fn is_over(&self) -> bool;
    /// Whether the seat to play is on the max side.
    fn max_to_move(&self) -> bool;
    /// The counter so far (final value once over).
    fn total(&self) -> i32;
    /// Bounds on the counter still to come: `0 <= lo <= hi <= 255`.
    fn bounds(&self, ctx: &Self::Ctx) -> (i32, i32);
    /// The table key, at a trick start; with the cards left.
    fn key(&self, ctx: &Self::Ctx) -> Option<(Self::Key, u8)>;
    /// The legal cards of the seat to play.
    fn legal(&self, ctx: &Self::Ctx) -> CardSet;
    /// The legal cards in groups of equivalent cards.
    fn groups(&self, ctx: &Self::Ctx, legal: CardSet, out: &mut Groups);
    /// How promising `card` looks for the seat to play (higher first).
    fn score(&self, ctx: &Self::Ctx, card: Card) -> i16;
    /// Plays a legal card.
    fn play(&mut self, ctx: &Self::Ctx, card: Card);
    /// Whether no hand holds more than one card (the rest is forced).
    fn last_cards(&self) -> bool;
}

/// One search: the table, the context and a node counter.
pub(crate) struct Search<'a, N: Node> {
    pub tt: &'a mut Tt<N::Key>,
    pub ctx: &'a N::Ctx,
    pub nodes: u64,
}

impl<'a, N: Node> Search<'a, N> {
    pub fn new(tt: &'a mut Tt<N::Key>, ctx: &'a N::Ctx) -> Search<'a, N> {
        Search { tt, ctx, nodes: 0 }
    }

    /// The ordered moves of `node` except the group of `skip` (already searched).
    #[inline]
    fn moves(&self, node: &N, legal: CardSet, skip: Option<Card>, out: &mut Moves) {
        let mut groups = Groups::new();
        node.groups(self.ctx, legal, &mut groups);
        out.clear();
        for &group in groups.as_slice() {
            if skip.is_some_and(|c| group.contains(c)) {
                continue;
            }
            if let Some(card) = group.first() {
                out.push(card, node.score(self.ctx, card));
            }
        }
    }

    /// Fail-soft alpha-beta on the final counter: the result `r` satisfies
    /// `r <= alpha` ⇒ value `<= r`; `r >= beta` ⇒ value `>= r`; otherwise
    /// `r` is the value.
    pub fn alpha_beta(&mut self, node: &N, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let base = node.total();
        if node.is_over() {
            return base;
        }
        if node.last_cards() {
            // One card per hand left: nothing to choose, play it out.
            let mut end = *node;
            while !end.is_over() {
                let Some(card) = end.legal(self.ctx).first() else { break };
                end.play(self.ctx, card);
            }
            return end.total();
        }
        let key = node.key(self.ctx);
        let (mut lo, mut hi) = (0, 255);
        let mut hint = None;
        if let Some((key, _)) = &key
            && let Some(b) = self.tt.probe(key)
        {
            lo = i32::from(b.lo);
            hi = i32::from(b.hi);
            hint = b.best;
            if lo >= hi || base + lo >= beta {
                return base + lo;
            }
            if base + hi <= alpha {
                return base + hi;
            }
        }
        let (static_lo, static_hi) = node.bounds(self.ctx);
        lo = lo.max(static_lo);
        hi = hi.min(static_hi);
        if lo >= hi || base + lo >= beta {
            return base + lo;
        }
        if base + hi <= alpha {
            return base + hi;
        }
        let max = node.max_to_move();
        let (mut a, mut b) = (alpha, beta);
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_card = None;
        let legal = node.legal(self.ctx);
        // The table's best card first, before generating the other moves:
        // at most nodes it is the only one searched.
        let first = hint.filter(|&c| legal.contains(c));
        let mut moves = Moves::new();
        let mut first = first;
        let mut generated = false;
        let mut i = 0;
        loop {
            let card = match first.take() {
                Some(card) => card,
                None => {
                    if !generated {
                        self.moves(node, legal, hint.filter(|&c| legal.contains(c)), &mut moves);
                        generated = true;
                    }
                    let Some(&card) = moves.as_slice().get(i) else { break };
                    i += 1;
                    card
                }
            };
            let mut child = *node;
            child.play(self.ctx, card);
            let v = self.alpha_beta(&child, a, b);
            if max {
                if v > best {
                    best = v;
                    best_card = Some(card);
                    if v > a {
                        a = v;
                        if v >= b {
                            break;
                        }
                    }
                }
            } else if v < best {
                best = v;
                best_card = Some(card);
                if v < b {
                    b = v;
                    if v <= a {
                        break;
                    }
                }
            }
        }
        let best = best.clamp(base + lo, base + hi);
        if let Some((key, depth)) = key {
            let future = best - base;
            let (new_lo, new_hi) = if best <= alpha {
                (lo, future)
            } else if best >= beta {
                (future, hi)
            } else {
                (future, future)
            };
            let clip = |v: i32| v.clamp(0, 255) as u8;
            // Where every card failed to reach the window (max side below
            // alpha, min side above beta), the "best" card says nothing:
            // keep the card an earlier search found.
            let failed = if max { best <= alpha } else { best >= beta };
            let best_card = if failed && hint.is_some() { hint } else { best_card };
            self.tt.store(key, depth, Bounds { lo: clip(new_lo), hi: clip(new_hi), best: best_card });
        }
        best
    }

    /// Whether the final counter reaches `threshold` (one null-window search).
    pub fn at_least(&mut self, node: &N, threshold: i32) -> bool {
        self.alpha_beta(node, threshold - 1, threshold) >= threshold
    }

    /// The exact final counter, by MTD(f) from `guess`.
    pub fn exact(&mut self, node: &N, guess: i32) -> i32 {
        let base = node.total();
        if node.is_over() {
            return base;
        }
        let (lo, hi) = node.bounds(self.ctx);
        let (mut lower, mut upper) = (base + lo, base + hi);
        let mut g = guess.clamp(lower, upper);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.alpha_beta(node, beta - 1, beta);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        lower
    }
}
