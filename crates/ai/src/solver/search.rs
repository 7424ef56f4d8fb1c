//! Alpha-beta over a [`Node`], with the transposition table, null windows,
//! MTD(f) and a node budget.
//!
//! Every game is searched as a two-sided zero-sum game: the seats of the
//! "max side" maximise a counter (card points or tricks of a counted side),
//! everybody else minimises it. A node knows its counter so far
//! ([`Node::total`]); the table stores bounds on what is still to come, so
//! one entry serves every history that reaches the same cards.

use super::groups::{Groups, Moves};
use super::tt::{Bounds, Tt, TtKey};

/// A search position: `Copy`, played by copy-make. Moves are small codes
/// chosen by the game (a card index, or a bit of the game's own card
/// order); the table stores them as they are.
pub(crate) trait Node: Copy {
    /// The complete table key of a trick-start position.
    type Key: TtKey;
    /// What the node needs besides itself (card orders, rules, sides).
    type Ctx;

    /// Whether the play has ended.
    fn is_over(&self) -> bool;
    /// Whether the seat to play is on the max side.
    fn max_to_move(&self, ctx: &Self::Ctx) -> bool;
    /// The counter so far (final value once over).
    fn total(&self) -> i32;
    /// Bounds on the counter still to come: `0 <= lo <= hi <= 255`.
    fn bounds(&self, ctx: &Self::Ctx) -> (i32, i32);
    /// The table key, at a trick start; with the cards left.
    fn key(&self, ctx: &Self::Ctx) -> Option<(Self::Key, u8)>;
    /// One move per group of equivalent legal cards, most promising first,
    /// leaving out the group of `skip` (already searched).
    fn moves(&self, ctx: &Self::Ctx, skip: Option<u8>, out: &mut Moves);
    /// Whether `m` (a move from the table) is legal here.
    fn is_legal(&self, ctx: &Self::Ctx, m: u8) -> bool;
    /// Plays a legal move.
    fn play(&mut self, ctx: &Self::Ctx, m: u8);
    /// Where a plain search without the table costs less (the last tricks,
    /// forced play): its fail-soft value in the window `alpha..beta`, as
    /// [`Search::alpha_beta`] returns it; `None` elsewhere.
    fn quick_value(&self, ctx: &Self::Ctx, alpha: i32, beta: i32) -> Option<i32>;
}

/// One search: the table, the context, a node counter and its limit.
pub(crate) struct Search<'a, N: Node> {
    pub tt: &'a mut Tt<N::Key>,
    pub ctx: &'a N::Ctx,
    pub nodes: u64,
    /// The search stops (and stores nothing more) once `nodes` passes this.
    limit: u64,
    aborted: bool,
}

impl<'a, N: Node> Search<'a, N> {
    pub fn new(tt: &'a mut Tt<N::Key>, ctx: &'a N::Ctx, limit: u64) -> Search<'a, N> {
        Search { tt, ctx, nodes: 0, limit, aborted: false }
    }

    /// Fail-soft alpha-beta on the final counter: the result `r` satisfies
    /// `r <= alpha` ⇒ value `<= r`; `r >= beta` ⇒ value `>= r`; otherwise
    /// `r` is the value. Once the node limit is passed it returns at once
    /// with a meaningless value and stores nothing.
    pub fn alpha_beta(&mut self, node: &N, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if node.is_over() {
            return node.total();
        }
        if let Some(v) = node.quick_value(self.ctx, alpha, beta) {
            return v;
        }
        let base = node.total();
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
        let max = node.max_to_move(self.ctx);
        let (mut a, mut b) = (alpha, beta);
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_move = None;
        // The table's best move first, before generating the other moves:
        // at most nodes it is the only one searched.
        let hint = hint.filter(|&m| node.is_legal(self.ctx, m));
        let mut first = hint;
        let mut moves = Moves::new();
        let mut generated = false;
        let mut i = 0;
        loop {
            let m = match first.take() {
                Some(m) => m,
                None => {
                    if !generated {
                        node.moves(self.ctx, hint, &mut moves);
                        generated = true;
                    }
                    let Some(&m) = moves.as_slice().get(i) else { break };
                    i += 1;
                    m
                }
            };
            let mut child = *node;
            child.play(self.ctx, m);
            let v = self.alpha_beta(&child, a, b);
            if self.aborted {
                return 0;
            }
            if max {
                if v > best {
                    best = v;
                    best_move = Some(m);
                    if v > a {
                        a = v;
                        if v >= b {
                            break;
                        }
                    }
                }
            } else if v < best {
                best = v;
                best_move = Some(m);
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
            // Where every move failed to reach the window (max side below
            // alpha, min side above beta), the "best" move says nothing:
            // keep the move an earlier search found.
            let failed = if max { best <= alpha } else { best >= beta };
            let best_move = if failed && hint.is_some() { hint } else { best_move };
            self.tt.store(key, depth, Bounds { lo: clip(new_lo), hi: clip(new_hi), best: best_move });
        }
        best
    }

    /// Whether the final counter reaches `threshold` (one null-window
    /// search); `None` if the node limit stopped it.
    pub fn at_least(&mut self, node: &N, threshold: i32) -> Option<bool> {
        let v = self.alpha_beta(node, threshold - 1, threshold);
        (!self.aborted).then_some(v >= threshold)
    }

    /// The exact final counter, by MTD(f) from `guess`; `None` if the node
    /// limit stopped it.
    pub fn exact(&mut self, node: &N, guess: i32) -> Option<i32> {
        let base = node.total();
        if node.is_over() {
            return Some(base);
        }
        let (lo, hi) = node.bounds(self.ctx);
        let (mut lower, mut upper) = (base + lo, base + hi);
        let mut g = guess.clamp(lower, upper);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.alpha_beta(node, beta - 1, beta);
            if self.aborted {
                return None;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        Some(lower)
    }
}

/// The root's legal cards in groups, for the per-card values.
pub(crate) trait Root: Node {
    /// The legal cards of the seat to play, in groups of equivalent cards.
    fn root_groups(&self, ctx: &Self::Ctx, out: &mut Groups);
    /// The move code of `card`.
    fn move_of(ctx: &Self::Ctx, card: trumpf_core::Card) -> u8;
    /// A first guess of the final counter, for MTD(f).
    fn guess(&self, _ctx: &Self::Ctx) -> i32 {
        self.total()
    }
}
