//! A double-dummy solver: the value of a position when every hand is known
//! and every side plays its best.
//!
//! # What is solved
//!
//! * **Skat** (suit, grand, null in trick play). [`Goal::Points`]: the
//!   declarer's final card points, the skat's points and the tricks already
//!   taken included; the declarer maximises them and the defenders minimise
//!   them, in every game kind. The early ends of `skat.md` §6.5 are the
//!   engine's: Null stops at the declarer's first trick (so in Null this is
//!   the most he can collect in the one trick he may take, a number the
//!   Null contract itself does not care about), a schwarz announcement at
//!   the defenders' first trick. [`Goal::Win`]: 1 if the declarer meets the
//!   card condition of his contract (61, 90 with schneider announced, every
//!   trick with schwarz announced, no trick in Null: there the declarer plays
//!   to stay clean), else 0; the bid (overbidding) is not looked at.
//! * **Spitzer** (trick play). [`Goal::Points`]: the final card points of
//!   the side of the seat to move. [`Goal::Win`]: 1 if the declaring side D
//!   reaches the first column of its contract's row that scores for it (61,
//!   90 for the Schneider rows, all eight tricks for Zola Schneider Schwarz).
//!   Sides are those of `spitzer.md` §4.4 with all hands known. After
//!   `CallFirstTrick`, while trick 1 is open, the partnership does not exist
//!   yet, so trick 1 is searched as a four-player game (max^n): every seat
//!   plays the card that is best for the side it will belong to once
//!   trick 1 is won, ties going to the lowest card; from trick 2 on the
//!   sides are fixed and searched as below.
//! * **Spidge**: the tricks of the seat to move (the dealer counts the
//!   dummy's tricks with his own), [`Objective::Max`]: the most it can
//!   guarantee against both others, [`Objective::Min`]: the fewest it can
//!   hold itself to while both others try to give it tricks. The awards
//!   (`spidge.md` §5.2), [`Solver::spidge_awards`]: for each legal card,
//!   which awards each player can still make sure of against both others
//!   (one null-window search per player and award still open), weighed as
//!   the mover's award against the others' — what the bots play for.
//!
//! # How
//!
//! Each game has a compact `Copy` search position, played by copy-make (a
//! position is a few dozen bytes, cheaper to copy than to undo). The search
//! is fail-soft alpha-beta on a counter (card points or tricks) of a
//! counted side, with a "max side" that maximises it; exact values come from
//! MTD(f), a sequence of null-window searches, and the win goal from a
//! single null window at the contract's threshold.
//!
//! * **Transposition table.** At every trick start (with two tricks or
//!   more to go) the table stores a lower and an upper bound on the counter
//!   *still to come* and the best card. The key is the whole position, not
//!   a hash of it: which hand holds each remaining card (two bit planes,
//!   plus the set of remaining cards where four hands are possible), the
//!   leader, and the context (game kind, declarer, counted and max sides,
//!   rules that change play, called-ace duties). Spidge counts only tricks,
//!   so as in bridge solvers only the order of the remaining cards within
//!   a suit matters: each suit's remaining cards are keyed as its top cards
//!   (with "trumps broken" in the key). In Skat, cards adjacent in
//!   rank with equal points (the jacks, 9-8-7 of a suit) are interchangeable,
//!   so the remaining ones of such a block are keyed as the block's top
//!   cards, held in the same order by the same hands. An entry is valid for
//!   any deal: the [`Solver`] allocates its tables once and keeps them
//!   between solves and between the sampled worlds of a PIMC bot (two slots
//!   per bucket, the deeper entry of the current solve kept, older solves'
//!   entries replaced first).
//! * **Bounds before search.** The counter still to come lies between 0 and
//!   what is left (points in hands and trick, or tricks). At trick starts:
//!   the top run of remaining trumps held by one side goes to that side
//!   (nothing beats those cards whenever they are played; in Spidge: a
//!   joker whose twin is gone or in the same hand, top spades with no joker
//!   against them); the leader's quick tricks (top cards of a suit that no opponent holding trumps can
//!   ruff, each opponent still following, then his top trumps) go to his
//!   side with the cheapest cards the other hands must follow with; a
//!   leader with a quick trick for every trick left takes everything; a
//!   Null declarer takes at most one more trick (the game then ends), and
//!   leading the top card of a suit gets him at least its points. A node
//!   whose bounds already decide the window returns at once (and with one
//!   card per hand left the rest is played out without search); the bounds
//!   that stand for a side cashing its winners are used only where that
//!   side maximises (in Spidge's Min objective they are off).
//! * **Equivalent cards.** Cards of one hand that are adjacent in rank
//!   within their effective suit, counting only cards still in other hands
//!   or in the current trick as separating them, play alike; when points
//!   are counted they must also carry the same points (A/10 or K/Q never
//!   merge, 9/8/7 and the jacks do). Only one card per group is searched;
//!   a called ace under its §5.4 duty is never grouped; the two jokers
//!   group only with each other.
//! * **Settled tricks (Skat).** Once the side that takes a trick is fixed
//!   whatever the later hands play (none of them holds a legal card that
//!   beats the winning card, or the mover's own card wins whatever comes
//!   after), cards adjacent in power differ only in their points: of such a
//!   group only the dearest is searched when the mover's side takes the
//!   trick and the cheapest when the other side does. Table hints for the
//!   other cards of the group are refused as illegal, so the rule stays
//!   sound with entries from earlier positions.
//! * **The last two tricks (Skat)** are searched without table or bounds:
//!   a plain three-level alpha-beta over the cards of trick nine, each
//!   followed by the forced last trick.
//! * **Move ordering.** The table's best card is searched before the other
//!   moves are even generated; then leads from the top, and in following:
//!   win the trick cheaply when the opponents hold it, add points when a
//!   partner wins, throw the cheapest card otherwise (turned round where a
//!   side wants to lose tricks).
//!
//! Nothing allocates during a search: moves and groups live in fixed
//! arrays on the stack, [`CardValues`] is a fixed array.

mod groups;
mod search;
mod skat;
mod spidge;
mod spitzer;
mod tt;

use std::fmt;

use trumpf_core::skat::{GameKind, SkatGame};
use trumpf_core::spidge::{DEALER, Hand, SpidgeGame};
use trumpf_core::spitzer::{Column, Contract as SpitzerContract, SpitzerAction, SpitzerGame, SpitzerPhase, tariff};
use trumpf_core::{Card, CardSet, Game, Seat};

use groups::{Groups, MAX_MOVES};
use search::{Node, Root, Search};
use skat::{Count, SkatCtx, SkatKey, SkatPos};
use spidge::{SpidgeCtx, SpidgeKey, SpidgePos};
use spitzer::{SpitzerCtx, SpitzerKey, SpitzerPos};
use tt::Tt;

/// What a Skat or Spitzer solve computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Exact final card points (see the [module docs](self) for whose).
    Points,
    /// Whether the contract is made: 1 (won) or 0 (lost).
    Win,
}

/// What a Spidge solve computes for the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The most tricks it can guarantee against both others.
    Max,
    /// The fewest tricks it can hold itself to against both others.
    Min,
}

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The deal is not in trick play (bidding, declaration, announcements).
    NotInTrickPlay,
    /// A game form the solver does not handle.
    Unsupported(&'static str),
    /// The deal is over: there is no seat to move.
    Over,
    /// The solve needed more search nodes than [`Solver::set_node_limit`]
    /// allows; the solver's tables stay valid.
    Budget,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotInTrickPlay => f.write_str("the deal is not in trick play"),
            SolveError::Unsupported(what) => write!(f, "the solver does not handle {what}"),
            SolveError::Over => f.write_str("the deal is over: no seat is to move"),
            SolveError::Budget => f.write_str("the solve ran out of its node budget"),
        }
    }
}

impl std::error::Error for SolveError {}

/// The value of each legal card of the seat to move, in card order.
/// A fixed array: it never allocates.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CardValues {
    cards: [Card; MAX_MOVES],
    values: [i32; MAX_MOVES],
    len: usize,
}

impl CardValues {
    const fn new() -> CardValues {
        CardValues { cards: [Card::JOKER_1; MAX_MOVES], values: [0; MAX_MOVES], len: 0 }
    }

    fn push(&mut self, card: Card, value: i32) {
        if self.len < MAX_MOVES {
            self.cards[self.len] = card;
            self.values[self.len] = value;
            self.len += 1;
        }
    }

    fn sort(&mut self) {
        for i in 1..self.len {
            let mut j = i;
            while j > 0 && self.cards[j - 1] > self.cards[j] {
                self.cards.swap(j - 1, j);
                self.values.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The number of legal cards.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no legal card (the deal is over).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of playing `card`, if it is legal.
    pub fn get(&self, card: Card) -> Option<i32> {
        self.iter().find(|&(c, _)| c == card).map(|(_, v)| v)
    }

    /// Cards and values in card order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, i32)> + '_ {
        self.cards[..self.len].iter().copied().zip(self.values[..self.len].iter().copied())
    }

    /// The legal cards.
    pub fn cards(&self) -> CardSet {
        self.cards[..self.len].iter().copied().collect()
    }
}

impl fmt::Debug for CardValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// The solver: owns the transposition tables (allocated once, on the first
/// solve of each game, and reused by every later solve).
///
/// ```
/// use trumpf_ai::{Goal, Solver};
/// use trumpf_core::skat::{Contract, GameKind, SkatAction, SkatDeal, SkatGame, SkatRules};
/// use trumpf_core::{Game, Seat};
///
/// let deal = SkatDeal::from_seed(7);
/// let grand = Contract::pickup(GameKind::Grand);
/// let mut game = SkatGame::with_declaration(deal, SkatRules::default(), Seat::MIDDLEHAND, 18, grand)?;
/// // Seven tricks with the first legal card, then solve the last three.
/// while game.played().len() < 21 {
///     let card = game.legal_cards().first().unwrap();
///     game.apply_unchecked(SkatAction::Play(card));
/// }
/// let mut solver = Solver::with_table_bits(16);
/// let points = solver.skat(&game, Goal::Points)?;
/// let cards = solver.skat_cards(&game, Goal::Points)?;
/// assert_eq!(cards.cards(), game.legal_cards());
/// // The seat to move picks its best card: the most points for the
/// // declarer, the fewest for a defender.
/// let values = cards.iter().map(|(_, v)| v);
/// let best = if game.to_act() == Some(Seat::MIDDLEHAND) { values.max() } else { values.min() };
/// assert_eq!(best, Some(points));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    bits: u32,
    skat: Option<Tt<SkatKey>>,
    spitzer: Option<Tt<SpitzerKey>>,
    spidge: Option<Tt<SpidgeKey>>,
    nodes: u64,
    limit: Option<u64>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("table_bits", &self.bits)
            .field("nodes", &self.nodes)
            .field("node_limit", &self.limit)
            .finish()
    }
}

/// The node budget of one solve.
#[derive(Clone, Copy, Debug)]
struct Budget {
    limit: u64,
    used: u64,
}

impl Budget {
    fn left(&self) -> u64 {
        self.limit.saturating_sub(self.used)
    }
}

/// The search setup of a goal: what is counted, who maximises, and what
/// the answer is made of.
#[derive(Clone, Copy, Debug)]
enum Query {
    /// The exact counter.
    Exact,
    /// 1 if the counter reaches the threshold, else 0.
    AtLeast(i32),
    /// 1 if the counter stays below the threshold, else 0.
    Below(i32),
}

impl Solver {
    /// A solver with tables of 2^20 entries per game (16 MiB for Skat, 24 MiB
    /// for Spitzer, 32 MiB for Spidge, allocated when the game is first
    /// solved).
    pub fn new() -> Solver {
        Solver::with_table_bits(20)
    }

    /// A solver with tables of `2^bits` entries per game (`bits` is clamped
    /// to 1..=30).
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver { bits: bits.clamp(1, 30), skat: None, spitzer: None, spidge: None, nodes: 0, limit: None }
    }

    /// Bounds the work of every later solve: one that would visit more
    /// than `limit` search nodes (a call of [`Solver::skat`],
    /// [`Solver::skat_cards`] and the like, all its cards and searches
    /// together) stops and returns [`SolveError::Budget`]. Whatever it
    /// stored in the tables before stopping stays valid. `None` (the
    /// default) lets every solve finish.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.limit = limit;
    }

    /// The node limit of a solve, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.limit
    }

    /// Search nodes visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets everything the tables hold (keeps their memory).
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.skat {
            tt.clear();
        }
        if let Some(tt) = &mut self.spitzer {
            tt.clear();
        }
        if let Some(tt) = &mut self.spidge {
            tt.clear();
        }
    }

    /// Runs `query` on `node` within the node budget left of `budget`
    /// (counting the nodes into it).
    fn run<N: Node>(
        tt: &mut Tt<N::Key>,
        ctx: &N::Ctx,
        node: &N,
        query: Query,
        guess: i32,
        budget: &mut Budget,
    ) -> Result<i32, SolveError> {
        let mut search = Search::new(tt, ctx, budget.left());
        let v = match query {
            Query::Exact => search.exact(node, guess),
            Query::AtLeast(t) => search.at_least(node, t).map(i32::from),
            Query::Below(t) => search.at_least(node, t).map(|reached| i32::from(!reached)),
        };
        budget.used += search.nodes;
        v.ok_or(SolveError::Budget)
    }

    fn run_cards<N: Root>(
        tt: &mut Tt<N::Key>,
        ctx: &N::Ctx,
        node: &N,
        query: Query,
        budget: &mut Budget,
    ) -> Result<CardValues, SolveError> {
        let mut out = CardValues::new();
        if node.is_over() {
            return Ok(out);
        }
        let mut groups = Groups::new();
        node.root_groups(ctx, &mut groups);
        let mut guess = if matches!(query, Query::Exact) { node.guess(ctx) } else { node.total() };
        for &group in groups.as_slice() {
            let Some(rep) = group.first() else { continue };
            let mut child = *node;
            child.play(ctx, N::move_of(ctx, rep));
            let v = Solver::run(tt, ctx, &child, query, guess, budget)?;
            if matches!(query, Query::Exact) {
                guess = v;
            }
            for card in group {
                out.push(card, v);
            }
        }
        out.sort();
        Ok(out)
    }

    fn budget(&self) -> Budget {
        Budget { limit: self.limit.unwrap_or(u64::MAX), used: 0 }
    }

    fn skat_setup(game: &SkatGame, goal: Goal) -> Result<(SkatCtx, SkatPos, Query), SolveError> {
        let contract = game.contract_played().ok_or(SolveError::NotInTrickPlay)?;
        let null = contract.kind == GameKind::Null;
        if goal == Goal::Win && game.spitze().is_some() {
            // Won only with the last trick taken by the Spitze card: not a
            // threshold of card points or tricks.
            return Err(SolveError::Unsupported("a Spitze game's win (the last trick by the lowest trump)"));
        }
        let (count, declarer_max, query) = match goal {
            Goal::Points => (Count::Points, true, Query::Exact),
            Goal::Win if null => (Count::Tricks, false, Query::Below(1)),
            Goal::Win if contract.schwarz => (Count::Tricks, true, Query::AtLeast(10)),
            Goal::Win if contract.schneider => (Count::Points, true, Query::AtLeast(90)),
            Goal::Win => (Count::Points, true, Query::AtLeast(61)),
        };
        let ctx = SkatCtx::new(game, count, declarer_max)?;
        let pos = SkatPos::from_game(game, &ctx);
        Ok((ctx, pos, query))
    }

    fn skat_table(&mut self) -> &mut Tt<SkatKey> {
        let bits = self.bits;
        let tt = self.skat.get_or_insert_with(|| Tt::new(bits));
        tt.next_generation();
        tt
    }

    /// The value of a Skat position (see the [module docs](self)).
    ///
    /// # Errors
    /// [`SolveError::NotInTrickPlay`] before the declaration;
    /// [`SolveError::Unsupported`] for a Ramsch, and for [`Goal::Win`] in a
    /// game with a Spitze announced (card points are solved as usual).
    pub fn skat(&mut self, game: &SkatGame, goal: Goal) -> Result<i32, SolveError> {
        let (ctx, pos, query) = Solver::skat_setup(game, goal)?;
        let mut budget = self.budget();
        let guess = pos.first_guess(&ctx);
        let v = Solver::run(self.skat_table(), &ctx, &pos, query, guess, &mut budget);
        self.nodes += budget.used;
        v
    }

    /// The value of each legal card of the seat to move in a Skat position.
    ///
    /// # Errors
    /// As [`Solver::skat`].
    pub fn skat_cards(&mut self, game: &SkatGame, goal: Goal) -> Result<CardValues, SolveError> {
        let (ctx, pos, query) = Solver::skat_setup(game, goal)?;
        self.skat_cards_for(&ctx, &pos, query)
    }

    /// The per-card values of `query` at `pos`, on the Skat table and budget.
    fn skat_cards_for(&mut self, ctx: &SkatCtx, pos: &SkatPos, query: Query) -> Result<CardValues, SolveError> {
        let mut budget = self.budget();
        let v = Solver::run_cards(self.skat_table(), ctx, pos, query, &mut budget);
        self.nodes += budget.used;
        v
    }

    /// For each legal card of the seat to move in a Skat suit or grand
    /// game: 1 if the declarer's final card points (the skat and the
    /// tricks taken included) reach `points` with best play, else 0: the
    /// win goal at another threshold, such as 90 (schneider) or 31 (out of
    /// schneider).
    ///
    /// # Errors
    /// As [`Solver::skat`]; [`SolveError::Unsupported`] for a Null game.
    pub fn skat_cards_reaching(&mut self, game: &SkatGame, points: u8) -> Result<CardValues, SolveError> {
        let contract = game.contract_played().ok_or(SolveError::NotInTrickPlay)?;
        if contract.kind == GameKind::Null {
            return Err(SolveError::Unsupported("a card-point threshold in a Null game"));
        }
        let ctx = SkatCtx::new(game, Count::Points, true)?;
        let pos = SkatPos::from_game(game, &ctx);
        self.skat_cards_for(&ctx, &pos, Query::AtLeast(i32::from(points)))
    }

    fn spitzer_table(&mut self) -> &mut Tt<SpitzerKey> {
        let bits = self.bits;
        let tt = self.spitzer.get_or_insert_with(|| Tt::new(bits));
        tt.next_generation();
        tt
    }

    /// The count and query of "the declaring side makes its contract": the
    /// first column of the row that scores for it, and every column above.
    fn spitzer_win_query(contract: SpitzerContract) -> (Count, Query) {
        let first = Column::ALL.iter().position(|&c| tariff(contract, c) > 0).unwrap_or(Column::C5.index());
        match Column::ALL[first] {
            Column::C0 | Column::C1 | Column::C2 => (Count::Points, Query::AtLeast(0)),
            Column::C3 => (Count::Points, Query::AtLeast(61)),
            Column::C4 => (Count::Points, Query::AtLeast(90)),
            Column::C5 => (Count::Tricks, Query::AtLeast(8)),
        }
    }

    /// Solves a Spitzer position whose sides are fixed: the counter of the
    /// `counted` seats, maximised by them.
    fn spitzer_fixed(
        &mut self,
        game: &SpitzerGame,
        goal: Goal,
        cards: bool,
        budget: &mut Budget,
    ) -> Result<(i32, CardValues), SolveError> {
        let side = game.declaring_side().map_or(0, |s| s.bits());
        let (count, counted, query) = match goal {
            Goal::Points => {
                let me = game.to_act().unwrap_or(Seat::FOREHAND).index();
                let counted = if side >> me & 1 != 0 { side } else { !side & 15 };
                (Count::Points, counted, Query::Exact)
            }
            Goal::Win => {
                let (count, query) = Solver::spitzer_win_query(game.contract().unwrap_or(SpitzerContract::Normal));
                (count, side, query)
            }
        };
        let ctx = SpitzerCtx::new(game, count, counted, counted);
        let pos = SpitzerPos::from_game(game, count, counted, counted);
        let tt = self.spitzer_table();
        let before = budget.used;
        let out = if cards {
            Solver::run_cards(tt, &ctx, &pos, query, budget).map(|v| (0, v))
        } else {
            Solver::run(tt, &ctx, &pos, query, pos.total() + 30, budget).map(|v| (v, CardValues::new()))
        };
        self.nodes += budget.used - before;
        out
    }

    /// Trick 1 after `CallFirstTrick`: every seat plays for the side it
    /// will be on (max^n); returns the declaring side and its value (final
    /// points, or 1/0 for the win goal) on the line of best play.
    fn spitzer_first_trick(
        &mut self,
        game: &SpitzerGame,
        goal: Goal,
        budget: &mut Budget,
    ) -> Result<(u8, i32), SolveError> {
        if game.contract().is_some() || game.is_over() {
            let side = game.declaring_side().map_or(0, |s| s.bits());
            let v = self.spitzer_fixed(game, goal, false, budget)?.0;
            let d_view = if side >> game.to_act().unwrap_or(Seat::FOREHAND).index() & 1 != 0 || goal == Goal::Win {
                v
            } else {
                120 - v
            };
            return Ok((side, d_view));
        }
        let mover = game.to_act().unwrap_or(Seat::FOREHAND);
        let mut best: Option<(i32, (u8, i32))> = None;
        for card in game.legal_cards() {
            let mut child = *game;
            child.apply_unchecked(SpitzerAction::Play(card));
            let outcome = self.spitzer_first_trick(&child, goal, budget)?;
            let payoff = Solver::spitzer_payoff(mover, outcome, goal);
            if best.is_none_or(|(b, _)| payoff > b) {
                best = Some((payoff, outcome));
            }
        }
        Ok(best.map_or((0, 0), |(_, o)| o))
    }

    /// What `seat` gets from a finished line: its side's points, or 1 if
    /// its side won.
    fn spitzer_payoff(seat: Seat, (side, value): (u8, i32), goal: Goal) -> i32 {
        let declaring = side >> seat.index() & 1 != 0;
        match goal {
            Goal::Points if declaring => value,
            Goal::Points => 120 - value,
            Goal::Win => i32::from(declaring == (value == 1)),
        }
    }

    fn spitzer_check(game: &SpitzerGame) -> Result<(), SolveError> {
        match game.phase() {
            SpitzerPhase::Announcing => Err(SolveError::NotInTrickPlay),
            SpitzerPhase::Over => Err(SolveError::Over),
            SpitzerPhase::Playing => Ok(()),
        }
    }

    /// The value of a Spitzer position: [`Goal::Points`], the final card
    /// points of the side of the seat to move; [`Goal::Win`], 1 if the
    /// declaring side makes its contract (see the [module docs](self)).
    ///
    /// # Errors
    /// [`SolveError::NotInTrickPlay`] in the announcement phase,
    /// [`SolveError::Over`] once the deal is over.
    pub fn spitzer(&mut self, game: &SpitzerGame, goal: Goal) -> Result<i32, SolveError> {
        Solver::spitzer_check(game)?;
        let mut budget = self.budget();
        if game.contract().is_none() {
            let me = game.to_act().unwrap_or(Seat::FOREHAND);
            let outcome = self.spitzer_first_trick(game, goal, &mut budget)?;
            return Ok(match goal {
                Goal::Points => Solver::spitzer_payoff(me, outcome, goal),
                Goal::Win => outcome.1,
            });
        }
        Ok(self.spitzer_fixed(game, goal, false, &mut budget)?.0)
    }

    /// The value of each legal card of the seat to move in a Spitzer
    /// position, as [`Solver::spitzer`].
    ///
    /// # Errors
    /// As [`Solver::spitzer`].
    pub fn spitzer_cards(&mut self, game: &SpitzerGame, goal: Goal) -> Result<CardValues, SolveError> {
        Solver::spitzer_check(game)?;
        let mut budget = self.budget();
        if game.contract().is_none() {
            let me = game.to_act().unwrap_or(Seat::FOREHAND);
            let mut out = CardValues::new();
            for card in game.legal_cards() {
                let mut child = *game;
                child.apply_unchecked(SpitzerAction::Play(card));
                let outcome = self.spitzer_first_trick(&child, goal, &mut budget)?;
                out.push(
                    card,
                    match goal {
                        Goal::Points => Solver::spitzer_payoff(me, outcome, goal),
                        Goal::Win => outcome.1,
                    },
                );
            }
            return Ok(out);
        }
        Ok(self.spitzer_fixed(game, goal, true, &mut budget)?.1)
    }

    fn spidge_setup(game: &SpidgeGame, objective: Objective) -> Result<(SpidgeCtx, SpidgePos), SolveError> {
        let hand = game.hand_to_play().ok_or(SolveError::Over)?;
        let counted: u8 = if hand.seat() == DEALER {
            1 << Hand::Dealer.index() | 1 << Hand::Dummy.index()
        } else {
            1 << hand.index()
        };
        let max_side = match objective {
            Objective::Max => counted,
            Objective::Min => !counted & 15,
        };
        let ctx = SpidgeCtx::new(*game.rules(), counted, max_side);
        let pos = SpidgePos::from_game(game, &ctx);
        Ok((ctx, pos))
    }

    fn spidge_table(&mut self) -> &mut Tt<SpidgeKey> {
        let bits = self.bits;
        let tt = self.spidge.get_or_insert_with(|| Tt::new(bits));
        tt.next_generation();
        tt
    }

    /// The tricks the seat to move takes at the end of a Spidge deal (the
    /// dealer's together with the dummy's), at most ([`Objective::Max`]) or
    /// at least ([`Objective::Min`]) against both other players.
    ///
    /// # Errors
    /// [`SolveError::Over`] once the deal is over.
    pub fn spidge(&mut self, game: &SpidgeGame, objective: Objective) -> Result<i32, SolveError> {
        let (ctx, pos) = Solver::spidge_setup(game, objective)?;
        let mut budget = self.budget();
        let guess = pos.total() + 3;
        let v = Solver::run(self.spidge_table(), &ctx, &pos, Query::Exact, guess, &mut budget);
        self.nodes += budget.used;
        v
    }

    /// The value of each legal card of the hand to play in a Spidge
    /// position, as [`Solver::spidge`].
    ///
    /// # Errors
    /// As [`Solver::spidge`].
    pub fn spidge_cards(&mut self, game: &SpidgeGame, objective: Objective) -> Result<CardValues, SolveError> {
        let (ctx, pos) = Solver::spidge_setup(game, objective)?;
        let mut budget = self.budget();
        let v = Solver::run_cards(self.spidge_table(), &ctx, &pos, Query::Exact, &mut budget);
        self.nodes += budget.used;
        v
    }

    /// The award value of each legal card of the hand to play in a Spidge
    /// position (`spidge.md` §5.2), in half points: twice the award its
    /// player can still make sure of, minus the awards each other player
    /// can still make sure of. "Sure" is against everybody else: each
    /// player's chance is solved with the two others playing against it
    /// (for the player to move as much as for the others, so a card that
    /// leaves an opponent a sure Nil or Spidge costs what the award is
    /// worth). A player's award is his best of Nil (the dealer's Grand
    /// Slam, 4 points, with the dummy) and Spidge with Slam above it; awards
    /// the tricks already taken rule out are not searched.
    /// `dealer_nil_own_hand` (the dealer's own-hand Nil) is not counted.
    ///
    /// # Errors
    /// [`SolveError::Over`] once the deal is over; [`SolveError::Budget`]
    /// beyond the node limit (for all the solves together).
    pub fn spidge_awards(&mut self, game: &SpidgeGame) -> Result<CardValues, SolveError> {
        self.awards(game, None).map(|(values, _)| values)
    }

    /// [`Solver::spidge_awards`] where each award's solve may use at most
    /// `award_nodes` nodes: an award whose solve runs out of them is left
    /// out (valued as if out of reach). Also returns how many were left
    /// out. Early in a deal the dealer's Spidge, with 26 cards against 26,
    /// is beyond a small budget while the Nils are cheap: a bot still sees
    /// those.
    ///
    /// # Errors
    /// As [`Solver::spidge_awards`] (the node limit still holds for all the
    /// solves together).
    pub fn spidge_awards_within(
        &mut self,
        game: &SpidgeGame,
        award_nodes: u64,
    ) -> Result<(CardValues, u32), SolveError> {
        self.awards(game, Some(award_nodes))
    }

    fn awards(&mut self, game: &SpidgeGame, award_nodes: Option<u64>) -> Result<(CardValues, u32), SolveError> {
        let mover = game.hand_to_play().ok_or(SolveError::Over)?;
        let rules = *game.rules();
        let tricks = game.tricks();
        let left = 13 - Hand::ALL.iter().map(|&h| i32::from(tricks[h])).sum::<i32>();
        let mut budget = self.budget();
        let tt = self.spidge_table();
        let mut total = [0i32; 64];
        let mut legal = CardSet::EMPTY;
        let mut left_out = 0;
        for player in [Hand::Left, Hand::Right, Hand::Dealer] {
            let counted: u8 = if player == Hand::Dealer {
                1 << Hand::Dealer.index() | 1 << Hand::Dummy.index()
            } else {
                1 << player.index()
            };
            let dummy = if player == Hand::Dealer { i32::from(tricks[Hand::Dummy]) } else { 0 };
            let taken = i32::from(tricks[player]) + dummy;
            let nil_points = if player == Hand::Dealer { 4 } else { 1 };
            // (objective, query, points): Nil, Spidge, and Slam's second point.
            let mut awards: [(Objective, Query, i32); 3] = [(Objective::Max, Query::Exact, 0); 3];
            let mut n = 0;
            if taken == 0 {
                awards[n] = (Objective::Min, Query::Below(1), nil_points);
                n += 1;
            }
            for threshold in [rules.spidge_tricks, rules.slam_tricks] {
                let threshold = i32::from(threshold);
                if taken + left >= threshold {
                    awards[n] = (Objective::Max, Query::AtLeast(threshold.max(1)), 1);
                    n += 1;
                }
            }
            let mut nil = [0i32; 64];
            let mut high = [0i32; 64];
            for &(objective, query, points) in &awards[..n] {
                let max_side = match objective {
                    Objective::Max => counted,
                    Objective::Min => !counted & 15,
                };
                let ctx = SpidgeCtx::new(rules, counted, max_side);
                let pos = SpidgePos::from_game(game, &ctx);
                // One award's share: the cap, within what is left overall.
                let mut share = Budget { limit: award_nodes.unwrap_or(u64::MAX).min(budget.left()), used: 0 };
                let values = Solver::decided_cards(tt, &ctx, &pos, query, &mut share);
                budget.used += share.used;
                let values = match values {
                    Ok(v) => v,
                    Err(SolveError::Budget) if award_nodes.is_some() && budget.left() > 0 => {
                        left_out += 1;
                        continue;
                    }
                    Err(e) => {
                        self.nodes += budget.used;
                        return Err(e);
                    }
                };
                for (card, v) in values.iter() {
                    legal = legal.with(card);
                    let slot = usize::from(card.index());
                    match objective {
                        Objective::Min => nil[slot] = nil[slot].max(v * points),
                        Objective::Max => high[slot] += v * points,
                    }
                }
            }
            let weight = if counted >> mover.index() & 1 != 0 { 2 } else { -1 };
            for card in legal.iter() {
                let slot = usize::from(card.index());
                total[slot] += weight * nil[slot].max(high[slot]);
            }
        }
        self.nodes += budget.used;
        let mut out = CardValues::new();
        if legal.is_empty() {
            // No award is left to anybody: every card is worth nothing.
            let (ctx, pos) = Solver::spidge_setup(game, Objective::Max)?;
            out = Solver::uniform(&ctx, &pos, 0);
        } else {
            for card in legal.iter() {
                out.push(card, total[usize::from(card.index())]);
            }
        }
        out.sort();
        Ok((out, left_out))
    }

    /// [`Solver::run_cards`] for a yes-or-no `query`, first asked of the
    /// root: where the seat to move cannot get its answer with its best
    /// card, or gets the other side's answer whatever it plays, every card
    /// has the root's value and no card is searched on its own.
    fn decided_cards<N: Root>(
        tt: &mut Tt<N::Key>,
        ctx: &N::Ctx,
        node: &N,
        query: Query,
        budget: &mut Budget,
    ) -> Result<CardValues, SolveError> {
        debug_assert!(!matches!(query, Query::Exact), "a yes-or-no query");
        let root = Solver::run(tt, ctx, node, query, node.total(), budget)?;
        // Which answer the seat to move wants: reaching the threshold (1) if
        // it maximises, for `AtLeast`; staying below it (1) if it minimises,
        // for `Below`.
        let max = node.max_to_move(ctx);
        let wants = match query {
            Query::Below(_) => i32::from(!max),
            _ => i32::from(max),
        };
        if root != wants {
            return Ok(Solver::uniform(ctx, node, root));
        }
        Solver::run_cards(tt, ctx, node, query, budget)
    }

    /// Every legal card of `node`, each worth `value`.
    fn uniform<N: Root>(ctx: &N::Ctx, node: &N, value: i32) -> CardValues {
        let mut out = CardValues::new();
        let mut groups = Groups::new();
        node.root_groups(ctx, &mut groups);
        for &group in groups.as_slice() {
            for card in group {
                out.push(card, value);
            }
        }
        out.sort();
        out
    }
}
