//! Perfect-information Monte Carlo (PIMC) bots: sample the worlds a seat's
//! view allows ([`sampler`](crate::sampler)), solve each with the
//! double-dummy [`Solver`], and take the action that does best on average.
//!
//! * **Card play** (all three games): every legal card's value is averaged
//!   over the worlds (weighted by the soft inference of
//!   [`sampler::weights`](crate::sampler::weights) when it is on). Early in
//!   a deal the solver answers "is the contract made" (fast); from
//!   [`PimcConfig::exact_tricks`] tricks before the end on it counts card
//!   points, so the bot also fights for schneider and for every point.
//!   Equal averages are broken by the game's heuristic
//!   bot, so a decided position is still played sensibly; a Skat declarer
//!   with [`PimcConfig::rollouts`] breaks them instead by playing each of
//!   the equal cards out in every world with the heuristic bot on every
//!   seat's own view ([`skat::rollouts`](crate::skat)): of the cards that
//!   win (or lose) against perfect defence, the one that does best against
//!   defenders who cannot see his cards.
//! * **Skat bidding and declaration** (with [`PimcConfig::bidding_worlds`]):
//!   the unseen cards are dealt that many times; every game type is solved
//!   as a hand game and as a pickup game (with a discard chosen by rule),
//!   its winning chance estimated, and the bot bids up to the value of the
//!   best game it wins often enough ([`BID_CHANCE`]); with
//!   [`PimcConfig::best_pickup`] a pickup counts, deal by deal, the best
//!   suit or grand game that deal's skat makes won, since the declarer
//!   chooses his game after seeing the skat. A game won in every
//!   deal is tried again over [`SURE_DEALS`] times as many with each
//!   announcement in turn (hand games: schneider, schwarz, ouvert; Null:
//!   ouvert, hand or not), which it declares only if every one of those is
//!   won too. After the auction it picks hand or pickup by the expected
//!   Seeger–Fabian score against the others' (a lost game also gives each
//!   opponent 40), and after a pickup the discard and the game the same
//!   way over [`PICKUP_DEALS`] times as many deals (or
//!   [`PimcConfig::pickup_deals`]), each suit or grand game with the
//!   rule's discard or with each of its [`PimcConfig::discards`] best; it
//!   declares the game it discarded for.
//! * **Kontra and Re**: said when the sampled worlds say the declarer's game
//!   is likely lost (Kontra) or won (Re).
//! * **Spitzer announcements**: each legal announcement and passing are
//!   solved over sampled worlds and scored with the tariff.
//! * **Spidge card play and aims**: Spidge scores thresholds (Nil, 10+
//!   tricks, all 13), not tricks, and a full deal is beyond the solver in a
//!   decision's time. So in every world each legal card is played and the
//!   rest of the deal played out by the heuristic bots on their own views,
//!   once with the mover taking what he can and once with him avoiding
//!   every trick; the card and the plan (the aim: Nil, Spidge, Slam, the
//!   dealer's Grand Slam) with the best average of his points less half of
//!   each other player's win ([`spidge_tally`]). Measured, this beats
//!   valuing cards by the awards each player can still guarantee with the
//!   solver (`BENCHMARKS.md`, Spidge).
//!
//! Everything else (Ramsch, the Grand Hand offer, Schieberamsch) is left to
//! the game's heuristic bot. The bots see nothing but their view; the
//! solver tables are one per thread and shared by the bots on it.

use std::cell::{Cell, RefCell};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trumpf_core::skat::list::seeger_fabian_bonus;
use trumpf_core::skat::{BidMove, Contract, GameKind, SkatAction, SkatDeal, SkatGame, SkatPhase, SkatRules, SkatView};
use trumpf_core::spidge::{SpidgeAction, SpidgeGame, SpidgeView};
use trumpf_core::spitzer::{
    Column, Contract as SpitzerContract, SpitzerAction, SpitzerDeal, SpitzerGame, SpitzerPhase, SpitzerView, tariff,
};
use trumpf_core::{Card, CardSet, Game, GameView, Seat, Suit};

use crate::sampler::{Deck, Sampled, Worlds, weights};
use crate::solver::{Goal, SolveError, Solver};
use crate::{Bot, SkatBot, SpidgeBot, SpitzerBot, skat, spidge};

/// The winning chance a game needs for the bot to bid on it, once
/// calibrated ([`PimcConfig::calibrated`]).
pub const BID_CHANCE: f64 = 0.6;

/// The double-dummy chance at which a suit or grand game is bid, in percent.
/// Measured against the heuristic bot (medium, 300 duplicate deals, seed
/// 2026, `BENCHMARKS.md`): 60 % gave +14.5, 45 % +17.2, 35 % +15.5; the
/// games made at 45 %: suits and grand 86.5 % (people make 81.6 %). With
/// the declarer's rollouts, 40 % gave +17.7 ± 2.0 against 45 %'s
/// +17.0 ± 1.9 over 1,000 deals; with the bid limit counting the best
/// game per skat ([`PimcConfig::best_pickup`]) 40 % gave +0.8 ± 0.8 over
/// 45 % (300 deals, paired). On fresh deals (seed 7000, 300 deals,
/// paired against 40 %) 35 % gave +1.7 ± 1.6 and 30 % +1.5 ± 1.9; over
/// 1,000 deals of seed 20000, used for no choice, 35 % gave +18.3 ± 2.0
/// against 40 %'s +17.4 ± 1.9 (paired +0.9 ± 1.1). 35 % it is; with the
/// three discards after a pickup, 30 % measured −0.03 ± 0.75 against it
/// (600 fresh deals, paired).
pub const BID_PERCENT: u8 = 35;

/// The double-dummy chance at which a Null game is bid, in percent: at 60 %
/// the bot made 9 of 24 Nulls (a declarer who sees every card never has to
/// guess a discard), at 80 % 4 of 4.
pub const NULL_PERCENT: u8 = 80;

/// The weight in percent of a Skat world, at medium, for every card another
/// player chose where the heuristic bot would have played another
/// ([`PimcConfig::policy_percent`]). Measured on fresh deals against the
/// heuristic (seed 22000, 300 duplicate deals, paired with no policy):
/// 50 % gave +0.4 ± 1.0, 20 % +1.0 ± 1.3; over the 1,000 deals of seed
/// 20000, used for no choice, 20 % gave +0.85 ± 0.77 (10 % on seed 23000:
/// +0.25 ± 0.48 against 20 %; `BENCHMARKS.md`). The model is the heuristic
/// bot itself, so the gain is largest against it.
pub const POLICY_PERCENT: u8 = 20;

/// The losing chance of the declarer at which a defender says Kontra.
pub const KONTRA_CHANCE: f64 = 0.65;

/// The winning chance at which a declarer answers a Kontra with Re.
pub const RE_CHANCE: f64 = 0.8;

/// How much a PIMC bot thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PimcConfig {
    /// Worlds per card decision.
    pub worlds: usize,
    /// Weigh worlds by what the bidding and play suggest.
    pub inference: bool,
    /// From this many tricks before the end on, card points decide (exact
    /// solves) rather than only making the contract.
    pub exact_tricks: usize,
    /// Deals sampled for bidding, declaring, Kontra and announcements; 0
    /// leaves those to the heuristic bot.
    pub bidding_worlds: usize,
    /// The double-dummy winning chance, in percent, at which a Skat suit or
    /// grand game is bid (see [`PimcConfig::calibrated`]).
    pub bid_percent: u8,
    /// The same for a Null game.
    pub null_percent: u8,
    /// With inference on, the weight in percent of a Skat world per card
    /// another player chose where the heuristic bot would have played
    /// another ([`weights::skat_policy_weight`]); 100 leaves the play to
    /// the other weights. Medium: [`POLICY_PERCENT`].
    pub policy_percent: u8,
    /// With inference on, a Skat card decision draws this many times its
    /// worlds and keeps `worlds` of them, each with a chance in proportion
    /// to its weight (systematic resampling), then counted alike: every
    /// solve goes to a likely world instead of some going to worlds the
    /// weights all but rule out. 1 (every level) solves the worlds as
    /// drawn and weighs them: 4 measured within the noise of 1 against the
    /// heuristic on fresh deals (`BENCHMARKS.md`).
    pub resample: u8,
    /// A Skat declarer's card play: cards the solved worlds value alike
    /// are told apart by rollouts, the rest of the deal played by the
    /// heuristic bot on every seat's own view ([`skat::rollouts`]). (For
    /// the defenders it was measured to gain nothing: `BENCHMARKS.md`.)
    pub rollouts: bool,
    /// Skat bidding on a pickup: the bid limit counts, deal by deal, the
    /// best suit or grand game the skat makes won (the declarer chooses his
    /// game after seeing the skat), rather than each game type alone.
    pub best_pickup: bool,
    /// After picking up: how many of the rule's discards
    /// ([`discards_for`]) each suit or grand game is solved with, the best
    /// laid away (1: the rule's first alone). Several are told apart by the
    /// same deals, so the choice is between discards, not between samples.
    pub discards: u8,
    /// After picking up: the deals that value each game and discard; 0
    /// takes three times the bidding deals (at least 4 of them).
    pub pickup_deals: usize,
    /// The search nodes of one decision, in multiples of
    /// [`DECISION_NODES`] (a Skat declarer's opening lead: of
    /// [`OPENING_LEAD_NODES`]).
    pub budget: u8,
}

impl PimcConfig {
    /// Few worlds, no inference, the heuristic's bidding: a fair opponent.
    pub const EASY: PimcConfig = PimcConfig {
        worlds: 8,
        inference: false,
        exact_tricks: 3,
        bidding_worlds: 0,
        bid_percent: BID_PERCENT,
        null_percent: NULL_PERCENT,
        policy_percent: 100,
        resample: 1,
        rollouts: false,
        best_pickup: false,
        discards: 1,
        pickup_deals: 0,
        budget: 1,
    };
    /// More worlds, inference (the play judged by the heuristic bot's
    /// policy too), bidding by a short simulation, the declarer's equal
    /// cards told apart by rollouts; after a pickup each suit or grand game
    /// solved with the rule's three best discards over 48 deals (paired
    /// with the rule's one discard over 24, on 2,000 fresh duplicate deals
    /// against the heuristic: +0.89 ± 0.72, `BENCHMARKS.md`).
    pub const MEDIUM: PimcConfig = PimcConfig {
        worlds: 24,
        inference: true,
        exact_tricks: 4,
        bidding_worlds: 8,
        bid_percent: BID_PERCENT,
        null_percent: NULL_PERCENT,
        policy_percent: POLICY_PERCENT,
        resample: 1,
        rollouts: true,
        best_pickup: true,
        discards: 3,
        pickup_deals: 48,
        budget: 1,
    };
    /// The strongest measured: for now medium's settings. More worlds per
    /// card decision with more nodes (48 worlds, `budget` 2) measured
    /// within the noise of medium on fresh deals (2026-12-06, 300
    /// duplicate deals against the heuristic, paired: −1.0 ± 2.5), more
    /// bidding deals worse (`BENCHMARKS.md`).
    pub const HARD: PimcConfig = PimcConfig::MEDIUM;

    /// A double-dummy winning chance `p` of a `kind` game made comparable
    /// across game types: shifted so that the configured chance of the kind
    /// ([`PimcConfig::bid_percent`], [`PimcConfig::null_percent`]) becomes
    /// [`BID_CHANCE`]. A solver that sees every card misjudges the kinds
    /// differently: its defenders cooperate perfectly (a suit declarer does
    /// better at the table), while its Null declarer knows where every card
    /// lies (he does worse).
    pub fn calibrated(&self, kind: GameKind, p: f64) -> f64 {
        let percent = if kind == GameKind::Null { self.null_percent } else { self.bid_percent };
        (p + BID_CHANCE - f64::from(percent) / 100.0).clamp(0.0, 1.0)
    }

    /// The search nodes of one decision whose default is `base`.
    fn nodes(&self, base: u64) -> u64 {
        base.saturating_mul(u64::from(self.budget.max(1)))
    }

    /// The deals that value the games after a pickup.
    fn pickup_deals(&self) -> usize {
        if self.pickup_deals > 0 { self.pickup_deals } else { self.auto_pickup_deals() }
    }

    /// [`PimcConfig::pickup_deals`]'s `auto`: [`PICKUP_DEALS`] times the
    /// bidding deals.
    fn auto_pickup_deals(&self) -> usize {
        PICKUP_DEALS * self.bidding_worlds.max(4)
    }

    /// How many of the rule's discards a `kind` game is valued with after
    /// a pickup: [`PimcConfig::discards`], a Null the rule's one.
    fn discards_of(&self, kind: GameKind) -> usize {
        if kind == GameKind::Null { 1 } else { usize::from(self.discards.max(1)) }
    }

    /// How many times the default's solves the choice after a pickup
    /// makes (at least 1): its decision gets as many times the nodes.
    fn pickup_scale(&self) -> u64 {
        let per_deal: usize = GameKind::ALL.into_iter().map(|kind| self.discards_of(kind)).sum();
        let solves = self.pickup_deals() * per_deal;
        let default = self.auto_pickup_deals() * GameKind::ALL.len();
        solves.div_ceil(default.max(1)).max(1) as u64
    }
}

impl Default for PimcConfig {
    fn default() -> Self {
        PimcConfig::HARD
    }
}

/// The search nodes one decision (one [`Bot::choose`]) may spend on all its
/// solves together: about a third of a second on one core of the project's
/// machine, whatever the worlds (see `BENCHMARKS.md`).
pub const DECISION_NODES: u64 = 2_500_000;

/// The least node budget of one solve while the decision's budget lasts.
const MIN_SOLVE_NODES: u64 = 20_000;

thread_local! {
    /// One solver per thread, shared by the bots on it: its tables are
    /// allocated once and reused between worlds and decisions.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
    /// The running decision's budget: nodes left, and solves still expected.
    static BUDGET: Cell<Option<(u64, usize)>> = const { Cell::new(None) };
}

/// Runs one solve. Inside a decision ([`decision_within`]) the solve gets
/// a share of the nodes left (three times the even share, at least
/// [`MIN_SOLVE_NODES`] while that many are left, never more than are left)
/// and fails with [`SolveError::Budget`] beyond it; the caller skips that
/// world.
fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|s| {
        let mut s = s.borrow_mut();
        let budget = BUDGET.get();
        if let Some((left, solves)) = budget {
            let even = left / solves.max(1) as u64;
            s.set_node_limit(Some(even.saturating_mul(3).max(MIN_SOLVE_NODES.min(left)).min(left)));
        }
        let before = s.nodes();
        let out = f(&mut s);
        if let Some((left, solves)) = budget {
            let used = s.nodes() - before;
            BUDGET.set(Some((left.saturating_sub(used), solves.saturating_sub(1).max(1))));
            s.set_node_limit(None);
        }
        out
    })
}

/// Forgets what this thread's solver tables hold (keeping their memory).
/// A solve cut by its node budget depends on what the table already knows,
/// so a tournament calls this before every game: each game is then played
/// the same whatever was played before it on the thread (a configuration
/// against itself scores exactly 0, whatever the thread count).
pub fn forget_tables() {
    SOLVER.with(|s| s.borrow_mut().clear());
}

/// The nodes of a Skat declarer's opening lead: ten cards to value in
/// every world of a full deal. Within [`DECISION_NODES`] a third of its
/// worlds (the contested ones) outran their share and went unheard.
pub const OPENING_LEAD_NODES: u64 = 4 * DECISION_NODES;

/// Runs `f` as one decision whose solves share `nodes`.
fn decision_within<T>(nodes: u64, f: impl FnOnce() -> T) -> T {
    let outer = BUDGET.replace(Some((nodes, 1)));
    let out = f();
    BUDGET.set(outer);
    out
}

/// Tells the running decision how many solves are still to come (so each
/// gets a fair share of the nodes left).
fn expect_solves(n: usize) {
    if let Some((left, _)) = BUDGET.get() {
        BUDGET.set(Some((left, n.max(1))));
    }
}

/// A PIMC bot for game `G`, falling back on the game's heuristic bot `F`.
pub struct PimcBot<F> {
    config: PimcConfig,
    rng: ChaCha8Rng,
    fallback: F,
    /// A Skat plan for the deal: the hand it was made for and what it found.
    skat_plan: Option<(CardSet, SkatPlan)>,
    /// A Skat declarer's choice after picking up: his twelve cards, the
    /// discard and the game it was made for (declared as chosen).
    skat_pickup: Option<(CardSet, CardSet, Contract)>,
    name: String,
}

impl<F> PimcBot<F> {
    /// A bot thinking as `config` says, seeded.
    pub fn with_fallback(config: PimcConfig, seed: u64, fallback: F) -> PimcBot<F> {
        PimcBot {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            fallback,
            skat_plan: None,
            skat_pickup: None,
            name: format!("pimc:worlds={}", config.worlds),
        }
    }

    /// The bot's configuration.
    pub fn config(&self) -> PimcConfig {
        self.config
    }
}

/// A Skat PIMC bot.
pub type SkatPimc = PimcBot<SkatBot>;
/// A Spitzer PIMC bot.
pub type SpitzerPimc = PimcBot<SpitzerBot>;
/// A Spidge PIMC bot.
pub type SpidgePimc = PimcBot<SpidgeBot>;

impl SkatPimc {
    /// A Skat PIMC bot.
    pub fn new(config: PimcConfig, seed: u64) -> SkatPimc {
        PimcBot::with_fallback(config, seed, SkatBot::new())
    }
}

impl SpitzerPimc {
    /// A Spitzer PIMC bot.
    pub fn new(config: PimcConfig, seed: u64) -> SpitzerPimc {
        PimcBot::with_fallback(config, seed, SpitzerBot::new())
    }
}

impl SpidgePimc {
    /// A Spidge PIMC bot.
    pub fn new(config: PimcConfig, seed: u64) -> SpidgePimc {
        PimcBot::with_fallback(config, seed, SpidgeBot::new())
    }
}

/// Sums of a value per card over weighted worlds.
pub(crate) struct Tally {
    sum: [f64; 64],
    weight: f64,
}

impl Tally {
    fn new() -> Tally {
        Tally { sum: [0.0; 64], weight: 0.0 }
    }

    fn add(&mut self, card: Card, value: f64, weight: f64) {
        self.sum[usize::from(card.index())] += value * weight;
    }

    /// The average value of `card` (0 if no world counted).
    pub(crate) fn mean(&self, card: Card) -> f64 {
        if self.weight > 0.0 { self.sum[usize::from(card.index())] / self.weight } else { 0.0 }
    }

    /// The legal cards with the best average (equal within rounding).
    fn tied(&self, legal: CardSet) -> CardSet {
        let best = legal.iter().map(|c| self.sum[usize::from(c.index())]).fold(f64::NEG_INFINITY, f64::max);
        legal.iter().filter(|c| self.sum[usize::from(c.index())] >= best - 1e-9 * self.weight.max(1.0)).collect()
    }

    /// The legal card with the best average; `prefer` wins ties.
    fn best(&self, legal: CardSet, prefer: Option<Card>) -> Option<Card> {
        let tied = self.tied(legal);
        match prefer {
            Some(p) if tied.contains(p) => Some(p),
            _ => tied.first(),
        }
    }
}

/// How many worlds in a row may run out of their node budget, none solved
/// yet, before a decision gives up on the search.
const GIVE_UP_AFTER: usize = 3;

/// Averages per-card values over `n` worlds of `view`; `value` adds one
/// world's values to the tally (with the world's weight). With `resample`
/// above 1, `resample · n` worlds are drawn and `n` kept by
/// [`systematic`] resampling on their weights, each then weighing 1. A
/// world whose solve ran out of its node budget is skipped; any other
/// error, no world solved, or the first [`GIVE_UP_AFTER`] worlds all out
/// of budget give `None`.
fn over_worlds<G: Sampled>(
    view: &G::View,
    n: usize,
    resample: usize,
    rng: &mut ChaCha8Rng,
    weight: impl Fn(&G) -> f64,
    mut value: impl FnMut(&G, f64, &mut Tally) -> Result<(), SolveError>,
) -> Option<Tally> {
    let worlds = G::worlds(view).ok()?;
    let n = n.max(1);
    let mut drawn = Vec::new();
    let mut kept = Vec::new();
    if resample > 1 {
        let mut weights = Vec::with_capacity(n * resample);
        for _ in 0..n * resample {
            let world = worlds.sample(rng).ok()?;
            weights.push(weight(&world));
            drawn.push(world);
        }
        kept = systematic(&weights, n, crate::sampler::deal::unit(rng));
    }
    let mut tally = Tally::new();
    let mut solved = 0;
    for k in 0..n {
        expect_solves(n - k);
        let sampled;
        let (world, w) = match kept.get(k) {
            Some(&i) => (&drawn[i], 1.0),
            None => {
                sampled = worlds.sample(rng).ok()?;
                (&sampled, weight(&sampled))
            }
        };
        match value(world, w, &mut tally) {
            Ok(()) => {
                tally.weight += w;
                solved += 1;
            }
            // The first worlds all too big for their share: so are the
            // others (the early tricks of a Spidge deal); give up at once.
            Err(SolveError::Budget) if solved == 0 && k + 1 >= GIVE_UP_AFTER => return None,
            Err(SolveError::Budget) => {}
            Err(_) => return None,
        }
    }
    (solved > 0).then_some(tally)
}

/// Systematic resampling: `n` indices into `weights`, index `i` taken
/// `n · weights[i] / total` times rounded down or up, from one uniform
/// `offset` in `0..1` (so the picks vary less than `n` independent draws).
/// Empty where the weights add up to nothing.
fn systematic(weights: &[f64], n: usize, offset: f64) -> Vec<usize> {
    let total: f64 = weights.iter().sum();
    let Some(last) = weights.iter().rposition(|&w| w > 0.0).filter(|_| total.is_finite()) else {
        return Vec::new();
    };
    let step = total / n as f64;
    let mut target = offset * step;
    let mut sum = 0.0;
    let mut picks = Vec::with_capacity(n);
    for (i, &w) in weights.iter().enumerate() {
        sum += w;
        while sum > target && picks.len() < n {
            picks.push(i);
            target += step;
        }
    }
    // Rounding can leave the last pick short of the total.
    while picks.len() < n {
        picks.push(last);
    }
    picks
}

// ---------------------------------------------------------------- Skat

/// What a Skat bot decided about its hand in the bidding.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SkatPlan {
    /// The most it bids or holds.
    limit: u16,
    /// The best hand game and its expected list score, if any is worth it.
    hand: Option<(Contract, f64)>,
    /// The expected list score of picking up the skat.
    pickup: f64,
}

/// How many times the bidding's deals choose the game and discard after
/// picking up: one choice per game, with the skat in hand, so it can
/// afford a steadier estimate than the bidding's (24 deals instead of 8:
/// +1.3 ± 1.3 over 300 duplicate deals, paired, `BENCHMARKS.md`): the
/// default of [`PimcConfig::pickup_deals`] (medium takes 48 deals for its
/// three discards per game).
const PICKUP_DEALS: usize = 3;

/// How many times the bidding's deals confirm an announcement or an ouvert
/// form, each of which the bot declares only when every deal is won.
const SURE_DEALS: usize = 3;

/// The forms of `contract` that announce more, each asking more than the
/// one before: after a hand game of a suit or grand, schneider, schwarz
/// and ouvert announced; after a Null, its ouvert form (hand or not).
pub(crate) fn announced_forms(contract: Contract) -> Vec<Contract> {
    let c = contract;
    match (c.kind, c.hand) {
        (GameKind::Null, _) => vec![Contract { ouvert: true, ..c }],
        (_, true) => vec![
            Contract { schneider: true, ..c },
            Contract { schneider: true, schwarz: true, ..c },
            Contract { schneider: true, schwarz: true, ouvert: true, ..c },
        ],
        (_, false) => Vec::new(),
    }
}

/// The Seeger–Fabian list score of a game worth `value`, won with chance
/// `p`, against the other players': won `value + 50`; lost `−2·value − 50`
/// and 40 for each opponent (a three-member table), so a lost game costs
/// the declarer `2·value + 90` against the others' average. (Counting the
/// opponents' 40 changed few choices: +0.05 ± 0.10 over 1,000 duplicate
/// deals, paired, `BENCHMARKS.md`.)
fn expected_score(p: f64, value: u16) -> f64 {
    let v = f64::from(value);
    let (won, _) = seeger_fabian_bonus(true, 3);
    let (lost, each_opponent) = seeger_fabian_bonus(false, 3);
    p * (v + won as f64) + (1.0 - p) * (-2.0 * v + lost as f64 - each_opponent as f64)
}

/// The share of `true` among `won` (0 for none).
fn won_share(won: impl IntoIterator<Item = bool>) -> f64 {
    let (mut yes, mut n) = (0u32, 0u32);
    for w in won {
        yes += u32::from(w);
        n += 1;
    }
    if n == 0 { 0.0 } else { f64::from(yes) / f64::from(n) }
}

/// The discard a declarer of `kind` holding `twelve` lays away: for suit
/// and grand games the two cards whose loss costs least (points count for
/// him, voids help, aces and trumps stay); for Null the two most dangerous
/// high cards.
pub(crate) fn discard_for(kind: GameKind, twelve: CardSet) -> CardSet {
    discards_for(kind, twelve, 1).first().copied().unwrap_or(CardSet::EMPTY)
}

/// The rule's `n` best discards of `twelve` for a `kind` game, best first
/// (see [`discard_for`]); of equal ones the first found.
pub(crate) fn discards_for(kind: GameKind, twelve: CardSet, n: usize) -> Vec<CardSet> {
    let trumps = kind.trumps();
    let cards: Vec<Card> = twelve.iter().collect();
    let mut scored = Vec::with_capacity(cards.len() * cards.len() / 2);
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let away = CardSet::single(a).with(b);
            let keep = twelve - away;
            let score = match kind {
                GameKind::Null => {
                    // High cards in suits where the declarer holds few low ones.
                    away.iter().map(|c| c.rank() as i32 * 3).sum::<i32>()
                        - Suit::ALL.iter().filter(|&&s| (keep & CardSet::suit(s)).len() == 1).count() as i32 * 2
                }
                _ => {
                    if away.intersects(trumps) {
                        -100
                    } else {
                        let points = i32::from(trumpf_core::skat::points(away));
                        let aces = away.iter().filter(|c| c.rank() == trumpf_core::Rank::Ace).count() as i32;
                        let voids = Suit::ALL
                            .iter()
                            .filter(|&&s| {
                                let suit = CardSet::suit(s) - trumps;
                                !suit.is_empty() && (twelve & suit).len() == (away & suit).len()
                            })
                            .count() as i32;
                        points + voids * 12 - aces * 25
                    }
                }
            };
            scored.push((score, away));
        }
    }
    // A stable sort: of equal scores the first found stays first.
    scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    scored.into_iter().take(n).map(|(_, away)| away).collect()
}

impl SkatPimc {
    /// Deals the cards `seat` does not hold, `n` times: the others' hands
    /// and the skat. `known` are the cards it holds (ten, or twelve after
    /// picking up, when the skat is not dealt).
    fn skat_deals(&mut self, seat: Seat, known: CardSet, n: usize) -> Vec<([CardSet; 3], CardSet)> {
        let with_skat = known.len() == 10;
        let mut sizes = vec![10, 10];
        if with_skat {
            sizes.push(2);
        }
        let others: Vec<Seat> = Seat::all(3).filter(|&s| s != seat).collect();
        let allowed = vec![CardSet::PIQUET_PACK; sizes.len()];
        let Ok(deck) = Deck::new(CardSet::PIQUET_PACK - known, &sizes, &allowed) else { return Vec::new() };
        (0..n)
            .map(|_| {
                let parts = deck.sample(&mut self.rng);
                let mut hands = [CardSet::EMPTY; 3];
                hands[seat.index()] = known;
                hands[others[0].index()] = parts[0];
                hands[others[1].index()] = parts[1];
                (hands, if with_skat { parts[2] } else { CardSet::EMPTY })
            })
            .collect()
    }

    /// Whether `seat` wins `contract` with `hands` and `skat` (its hand ten
    /// cards after any discard); `None` where the solve outran its nodes.
    fn wins(hands: [CardSet; 3], skat: CardSet, seat: Seat, contract: Contract, rules: &SkatRules) -> Option<bool> {
        let deal = SkatDeal::new(hands, skat).ok()?;
        let game = SkatGame::with_declaration(deal, *rules, seat, 18, contract).ok()?;
        with_solver(|s| s.skat(&game, Goal::Win)).ok().map(|v| v == 1)
    }

    /// The chance that `seat` wins `contract` holding `hand` (ten cards
    /// after any discard) with `skat` lying in the skat, in each deal.
    fn win_rate(deals: &[([CardSet; 3], CardSet)], seat: Seat, contract: Contract, rules: &SkatRules) -> f64 {
        won_share(deals.iter().filter_map(|&(hands, skat)| SkatPimc::wins(hands, skat, seat, contract, rules)))
    }

    /// The most a `kind` game may be bid to, from its solved deals (won,
    /// and the game's value with that deal's skat): the highest value the
    /// game is won *and* worth with a calibrated chance of
    /// [`BID_CHANCE`]; 0 if none. The skat's jacks count for the
    /// matadors, so a hand "without two" that finds the club jack there is
    /// worth a third less, and a bid on the value of its ten cards alone
    /// would be an overbid.
    fn bid_limit(&self, kind: GameKind, outcomes: &[(bool, u16)]) -> u16 {
        let n = outcomes.len().max(1) as f64;
        let mut limit = 0;
        for &(_, value) in outcomes {
            let reaching = outcomes.iter().filter(|&&(won, v)| won && v >= value).count();
            if self.config.calibrated(kind, reaching as f64 / n) >= BID_CHANCE {
                limit = limit.max(value);
            }
        }
        limit
    }

    /// Solves `contract` for `seat` holding `ten` over `deals`: per deal
    /// solved, whether it is won and the game's value with that deal's
    /// skat. A pickup game takes the deal's skat into the hand and lays
    /// away by rule ([`discard_for`]). With `sure`, the first deal not won
    /// ends the list.
    #[allow(clippy::too_many_arguments)]
    fn outcomes(
        deals: &[([CardSet; 3], CardSet)],
        seat: Seat,
        ten: CardSet,
        contract: Contract,
        rules: &SkatRules,
        sure: bool,
        out: &mut Vec<(bool, u16)>,
        best: &mut [u16],
    ) {
        out.clear();
        for (d, &(hands, skat)) in deals.iter().enumerate() {
            let twelve = ten | skat;
            let (mut after, lay) = (hands, skat);
            let lay = if contract.hand {
                lay
            } else {
                let away = discard_for(contract.kind, twelve);
                after[seat.index()] = twelve - away;
                away
            };
            match SkatPimc::wins(after, lay, seat, contract, rules) {
                Some(won) if won || !sure => {
                    let value = contract.plain_value(twelve);
                    if won && let Some(b) = best.get_mut(d) {
                        *b = (*b).max(value);
                    }
                    out.push((won, value))
                }
                Some(_) if sure => return,
                _ => {}
            }
        }
    }

    /// Deals for confirming an announced or ouvert form: several times the
    /// bidding's, since such a game is declared only where every one of
    /// them is won.
    fn sure_deals(&mut self, seat: Seat, known: CardSet) -> Vec<([CardSet; 3], CardSet)> {
        let n = SURE_DEALS * self.config.bidding_worlds.max(4);
        expect_solves(n);
        self.skat_deals(seat, known, n)
    }

    /// The bidding plan for `view`'s ten cards.
    fn plan(&mut self, view: &SkatView) -> SkatPlan {
        if let Some((hand, plan)) = self.skat_plan
            && hand == view.hand
        {
            return plan;
        }
        let seat = view.seat;
        let deals = self.skat_deals(seat, view.hand, self.config.bidding_worlds);
        let rules = SkatRules { kontra: None, ..view.rules };
        let mut limit = 0;
        let mut best_hand: Option<(Contract, f64)> = None;
        let mut best_pickup = f64::NEG_INFINITY;
        let mut outcomes = Vec::with_capacity(deals.len());
        let mut games_left = GameKind::ALL.len() * 2;
        // Per deal, the most a suit or grand pickup game it wins is worth.
        let mut best_pickup_value = vec![0u16; deals.len()];
        for kind in GameKind::ALL {
            // Hand game: the ten as dealt (the skat still counts for the
            // matadors). Pickup: each deal's skat joins the hand.
            for contract in [Contract::hand(kind), Contract::pickup(kind)] {
                expect_solves(games_left * deals.len());
                games_left -= 1;
                let best =
                    if contract.hand || kind == GameKind::Null { &mut [][..] } else { &mut best_pickup_value[..] };
                SkatPimc::outcomes(&deals, seat, view.hand, contract, &rules, false, &mut outcomes, best);
                limit = limit.max(self.bid_limit(kind, &outcomes));
                let won = won_share(outcomes.iter().map(|o| o.0));
                let mut forms = vec![(contract, self.config.calibrated(kind, won))];
                // Announcements and ouvert only for a game won in every deal,
                // and then in every one of more deals.
                let stronger = announced_forms(contract);
                if !stronger.is_empty() && outcomes.len() == deals.len() && won == 1.0 {
                    let sure = self.sure_deals(seat, view.hand);
                    for form in stronger {
                        SkatPimc::outcomes(&sure, seat, view.hand, form, &rules, true, &mut outcomes, &mut []);
                        if outcomes.len() < sure.len() {
                            break;
                        }
                        // A hand game's form is settled now; a pickup's is
                        // decided again on the skat found, so it raises no bid.
                        if form.hand {
                            limit = limit.max(self.bid_limit(kind, &outcomes));
                        }
                        forms.push((form, self.config.calibrated(kind, 1.0)));
                    }
                }
                for (form, p) in forms {
                    let e = expected_score(p, form.plain_value(view.hand));
                    if form.hand {
                        if best_hand.is_none_or(|(_, b)| e > b) {
                            best_hand = Some((form, e));
                        }
                    } else {
                        best_pickup = best_pickup.max(e);
                    }
                }
            }
        }
        if self.config.best_pickup {
            outcomes.clear();
            outcomes.extend(best_pickup_value.iter().map(|&v| (v > 0, v)));
            limit = limit.max(self.bid_limit(GameKind::Grand, &outcomes));
        }
        let plan = SkatPlan { limit, hand: best_hand, pickup: best_pickup };
        self.skat_plan = Some((view.hand, plan));
        plan
    }

    fn bid(&mut self, view: &SkatView) -> SkatAction {
        let limit = self.plan(view).limit;
        let auction = view.auction;
        if auction.awaiting_answer() {
            return if auction.value() <= limit { SkatAction::Hold } else { SkatAction::Pass };
        }
        match auction.nth_legal(0) {
            Some(BidMove::Bid(first)) if first <= limit => SkatAction::Bid(first),
            _ => SkatAction::Pass,
        }
    }

    fn skat_decision(&mut self, view: &SkatView, legal: &[SkatAction]) -> SkatAction {
        let plan = self.plan(view);
        if let Some((contract, e)) = plan.hand
            && e >= plan.pickup
            && contract.plain_value(view.hand) >= view.bid
            && legal.contains(&SkatAction::Declare(contract))
        {
            return SkatAction::Declare(contract);
        }
        SkatAction::TakeSkat
    }

    /// The discard and game for twelve cards: each game type's rule
    /// discard, solved over sampled deals of the other twenty cards (Null
    /// Ouvert where the Null is won in every one of them and of more).
    /// `laid_away` is the discard once it is made: then every game is
    /// valued with the ten cards the declarer kept.
    fn choose_pickup_game(&mut self, view: &SkatView, laid_away: Option<CardSet>) -> (CardSet, Contract) {
        let seat = view.seat;
        let twelve = view.hand | view.skat;
        let deals = self.skat_deals(seat, twelve, self.config.pickup_deals());
        let rules = SkatRules { kontra: None, ..view.rules };
        let mut best: Option<(f64, CardSet, Contract)> = None;
        // Each game with the discard made, or with each of the rule's best.
        let candidates: Vec<(GameKind, CardSet)> = GameKind::ALL
            .into_iter()
            .flat_map(|kind| {
                let n = self.config.discards_of(kind);
                let aways = laid_away.map_or_else(|| discards_for(kind, twelve, n), |away| vec![away]);
                aways.into_iter().map(move |away| (kind, away))
            })
            .collect();
        for (k, &(kind, away)) in candidates.iter().enumerate() {
            expect_solves((candidates.len() - k) * deals.len());
            let contract = Contract::pickup(kind);
            let kept = |deals: &[([CardSet; 3], CardSet)]| -> Vec<([CardSet; 3], CardSet)> {
                deals
                    .iter()
                    .map(|&(mut h, _)| {
                        h[seat.index()] = twelve - away;
                        (h, away)
                    })
                    .collect()
            };
            let won = SkatPimc::win_rate(&kept(&deals), seat, contract, &rules);
            let mut forms = vec![(contract, self.config.calibrated(kind, won))];
            let stronger = announced_forms(contract);
            if !stronger.is_empty() && won == 1.0 {
                let sure = kept(&self.sure_deals(seat, twelve));
                for form in stronger {
                    if SkatPimc::win_rate(&sure, seat, form, &rules) < 1.0 {
                        break;
                    }
                    forms.push((form, self.config.calibrated(kind, 1.0)));
                }
            }
            for (form, p) in forms {
                let value = form.plain_value(twelve);
                let reaches = value >= view.bid || view.rules.allow_null_below_bid && kind == GameKind::Null;
                // An overbid loses for certain: its score is the loss of the bid.
                let e = if reaches { expected_score(p, value) } else { expected_score(0.0, view.bid) };
                if best.is_none_or(|(b, _, _)| e > b) {
                    best = Some((e, away, form));
                }
            }
        }
        best.map_or((CardSet::EMPTY, Contract::pickup(GameKind::Grand)), |(_, a, c)| (a, c))
    }

    /// The discard after picking up, remembering the game it is made for.
    fn discard(&mut self, view: &SkatView) -> (CardSet, Contract) {
        let (away, contract) = self.choose_pickup_game(view, None);
        self.skat_pickup = Some((view.hand | view.skat, away, contract));
        (away, contract)
    }

    /// The game to declare after the discard: the one it was made for, or
    /// (another bot discarded) the best with the ten cards kept.
    fn declare_after_pickup(&mut self, view: &SkatView) -> Contract {
        match self.skat_pickup {
            Some((twelve, away, contract)) if twelve == view.hand | view.skat && away == view.skat => contract,
            _ => self.choose_pickup_game(view, Some(view.skat)).1,
        }
    }

    /// The declarer's chance of making his game, over `n` worlds of `view`,
    /// calibrated as the bidding's ([`PimcConfig::calibrated`]).
    fn declarer_chance(&mut self, view: &SkatView, n: usize) -> Option<f64> {
        let tally = over_worlds::<SkatGame>(
            view,
            n,
            1,
            &mut self.rng,
            |_| 1.0,
            |world, w, tally| {
                let v = with_solver(|s| s.skat(world, Goal::Win))?;
                tally.sum[0] += f64::from(v) * w;
                Ok(())
            },
        )?;
        let kind = view.contract.map_or(GameKind::Grand, |c| c.kind);
        Some(self.config.calibrated(kind, tally.sum[0] / tally.weight.max(1e-9)))
    }

    fn play(&mut self, view: &SkatView, hint: Option<Card>) -> Option<Card> {
        let contract = view.contract?;
        let declarer = view.declarer?;
        let me_declarer = declarer == view.seat;
        let tricks_left = 10 - view.history.completed();
        let exact = tricks_left <= self.config.exact_tricks && contract.kind != GameKind::Null && !contract.schwarz;
        let inference = self.config.inference;
        let policy = f64::from(self.config.policy_percent) / 100.0;
        let rollouts = self.config.rollouts && me_declarer;
        let side = if me_declarer { 1.0 } else { -1.0 };
        let mut rolled = Tally::new();
        let resample = if inference { usize::from(self.config.resample.max(1)) } else { 1 };
        let tally = over_worlds::<SkatGame>(
            view,
            self.config.worlds,
            resample,
            &mut self.rng,
            |world| {
                if inference {
                    weights::skat_weight(view, world) * weights::skat_policy_weight(view, world, policy)
                } else {
                    1.0
                }
            },
            |world, w, tally| {
                let goal = if exact { Goal::Points } else { Goal::Win };
                let values = with_solver(|s| s.skat_cards(world, goal))?;
                for (card, v) in values.iter() {
                    let declarer_utility = if exact {
                        // (No Null or schwarz here: the tricks do not count.)
                        skat::declarer_utility(contract, v, 0)
                    } else if v == 1 {
                        1.0
                    } else {
                        -1.0
                    };
                    tally.add(card, side * declarer_utility, w);
                }
                if rollouts {
                    skat::rollouts(world, |card, u| rolled.add(card, side * u, w));
                    rolled.weight += w;
                }
                Ok(())
            },
        )?;
        let legal = view.legal_cards();
        let tied = tally.tied(legal);
        if rollouts && tied.len() > 1 { rolled.best(tied, hint) } else { tally.best(legal, hint) }
    }
}

impl Bot<SkatGame> for SkatPimc {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &SkatView) -> SkatAction {
        let opening_lead =
            view.phase == SkatPhase::Playing && view.history.is_empty() && view.declarer == Some(view.seat);
        let nodes = match view.phase {
            _ if opening_lead => OPENING_LEAD_NODES,
            SkatPhase::Discarding => DECISION_NODES * self.config.pickup_scale(),
            _ => DECISION_NODES,
        };
        decision_within(self.config.nodes(nodes), || self.decide(view))
    }
}

impl SkatPimc {
    /// The choice of [`Bot::choose`], within the decision's node budget.
    fn decide(&mut self, view: &SkatView) -> SkatAction {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        let heuristic = self.fallback.choose(view);
        if view.ramsch || legal.len() == 1 {
            return heuristic;
        }
        let simulate = self.config.bidding_worlds > 0;
        // Re: the declarer answers a Kontra.
        if view.kontra.re_pending {
            if !simulate {
                return heuristic;
            }
            let n = self.config.bidding_worlds;
            return match self.declarer_chance(view, n) {
                Some(p) if p >= RE_CHANCE => SkatAction::Re,
                Some(_) => SkatAction::Pass,
                None => heuristic,
            };
        }
        // Kontra: in the window, or before the own first card in play.
        if simulate && legal.contains(&SkatAction::Kontra) {
            let n = self.config.bidding_worlds;
            if let Some(p) = self.declarer_chance(view, n)
                && 1.0 - p >= KONTRA_CHANCE
            {
                return SkatAction::Kontra;
            }
            if view.phase == SkatPhase::KontraWindow {
                return SkatAction::Pass;
            }
        }
        match view.phase {
            SkatPhase::Bidding if simulate => self.bid(view),
            SkatPhase::SkatDecision if simulate => self.skat_decision(view, &legal),
            SkatPhase::Discarding if simulate => {
                let (away, _) = self.discard(view);
                let action = SkatAction::Discard(away);
                if legal.contains(&action) { action } else { heuristic }
            }
            SkatPhase::Declaring if simulate => {
                let contract = self.declare_after_pickup(view);
                let action = SkatAction::Declare(contract);
                if legal.contains(&action) { action } else { heuristic }
            }
            // A hopeless game given away by the rules of thumb (pub extras §3).
            SkatPhase::Playing if heuristic == SkatAction::Schenken => heuristic,
            SkatPhase::Playing => {
                let hint = match heuristic {
                    SkatAction::Play(card) => Some(card),
                    _ => None,
                };
                match self.play(view, hint) {
                    // The Spitze card waits for the tenth trick (§2.6).
                    Some(card) if view.spitze == Some(card) && hint.is_some_and(|h| h != card) => heuristic,
                    Some(card) => SkatAction::Play(card),
                    None => heuristic,
                }
            }
            _ => heuristic,
        }
    }
}

// ------------------------------------------------------------- Spitzer

/// What `me` scores when the declaring side reaches `d_points` card points
/// in `tricks` tricks under `contract` (the tariff, spitzer.md §6).
fn spitzer_score(contract: SpitzerContract, in_d: bool, tricks: u8, d_points: u8) -> f64 {
    let value = tariff(contract, Column::of(tricks, d_points));
    let gains = (value > 0) == in_d;
    if gains { f64::from(value.unsigned_abs()) } else { 0.0 }
}

/// The smallest scoring and the best failing result of the declaring side,
/// for a solve that only says whether it made its contract.
pub(crate) fn spitzer_win_score(contract: SpitzerContract, in_d: bool, won: bool) -> f64 {
    let column = Column::ALL
        .iter()
        .copied()
        .filter(|&c| (tariff(contract, c) > 0) == won)
        .min_by_key(|&c| tariff(contract, c).unsigned_abs());
    let Some(column) = column else { return 0.0 };
    let value = tariff(contract, column);
    if (value > 0) == in_d { f64::from(value.unsigned_abs()) } else { 0.0 }
}

impl SpitzerPimc {
    /// The expected score of making `option` now, over sampled deals.
    fn announcement_score(&mut self, view: &SpitzerView, option: SpitzerAction, n: usize) -> Option<f64> {
        let me = view.seat;
        let others: Vec<Seat> = Seat::all(4).filter(|&s| s != me).collect();
        let deck = Deck::new(CardSet::PIQUET_PACK - view.hand, &[8, 8, 8], &[CardSet::PIQUET_PACK; 3]).ok()?;
        let mut total = 0.0;
        let mut count = 0;
        for _ in 0..n {
            let parts = deck.sample(&mut self.rng);
            let mut hands = [CardSet::EMPTY; 4];
            hands[me.index()] = view.hand;
            for (s, &p) in others.iter().zip(&parts[..3]) {
                hands[s.index()] = p;
            }
            let Ok(mut game) = SpitzerGame::new(SpitzerDeal::new(hands).ok()?, view.rules) else { continue };
            // The seats before me passed; after my option, the rest pass.
            let mut ok = true;
            while game.phase() == SpitzerPhase::Announcing {
                let seat = game.to_act()?;
                let action = if seat == me { option } else { SpitzerAction::Pass };
                if game.try_apply(seat, action).is_err() {
                    ok = false;
                    break;
                }
            }
            if !ok {
                continue;
            }
            let Ok(won) = with_solver(|s| s.spitzer(&game, Goal::Win)) else { continue };
            let (Some(contract), Some(side)) = (game.contract(), game.declaring_side()) else {
                // CallFirstTrick: the side forms in play; count it as Normal.
                total += spitzer_win_score(SpitzerContract::Normal, true, won == 1);
                count += 1;
                continue;
            };
            total += spitzer_win_score(contract, side.contains(me), won == 1);
            count += 1;
        }
        (count > 0).then(|| total / f64::from(count))
    }

    fn play(&mut self, view: &SpitzerView, hint: Option<Card>) -> Option<Card> {
        let me = view.seat;
        let tricks_left = 8 - view.history.completed();
        let exact = tricks_left <= self.config.exact_tricks;
        let tally = over_worlds::<SpitzerGame>(
            view,
            self.config.worlds,
            1,
            &mut self.rng,
            |_| 1.0,
            |world, w, tally| {
                let goal = if exact { Goal::Points } else { Goal::Win };
                let values = with_solver(|s| s.spitzer_cards(world, goal))?;
                let contract = world.contract().unwrap_or(SpitzerContract::Normal);
                let in_d = world.declaring_side().is_none_or(|d| d.contains(me));
                for (card, v) in values.iter() {
                    let u = if exact {
                        // v: the final points of my side.
                        let d_points = if in_d { v } else { 120 - v };
                        let d_points = d_points.clamp(0, 120) as u8;
                        let tricks = if d_points == 0 {
                            0
                        } else if d_points == 120 {
                            8
                        } else {
                            4
                        };
                        spitzer_score(contract, in_d, tricks, d_points) + f64::from(v) / 1200.0
                    } else {
                        spitzer_win_score(contract, in_d, v == 1)
                    };
                    tally.add(card, u, w);
                }
                Ok(())
            },
        )?;
        tally.best(view.legal_cards(), hint)
    }
}

impl Bot<SpitzerGame> for SpitzerPimc {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &SpitzerView) -> SpitzerAction {
        decision_within(self.config.nodes(DECISION_NODES), || self.decide(view))
    }
}

impl SpitzerPimc {
    /// The choice of [`Bot::choose`], within the decision's node budget.
    fn decide(&mut self, view: &SpitzerView) -> SpitzerAction {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        let heuristic = self.fallback.choose(view);
        if legal.len() == 1 {
            return heuristic;
        }
        match view.phase {
            SpitzerPhase::Announcing if self.config.bidding_worlds > 0 => {
                let n = self.config.bidding_worlds;
                expect_solves(legal.len() * n);
                let mut best: Option<(f64, SpitzerAction)> = None;
                for &option in &legal {
                    if let Some(score) = self.announcement_score(view, option, n)
                        && best.is_none_or(|(b, _)| score > b)
                    {
                        best = Some((score, option));
                    }
                }
                best.map_or(heuristic, |(_, action)| action)
            }
            SpitzerPhase::Playing => {
                let hint = match heuristic {
                    SpitzerAction::Play(card) => Some(card),
                    _ => None,
                };
                self.play(view, hint).map_or(heuristic, SpitzerAction::Play)
            }
            _ => heuristic,
        }
    }
}

// -------------------------------------------------------------- Spidge

impl SpidgePimc {
    /// The card with the best rollout value over the sampled worlds
    /// ([`spidge_tally`]); ties to `hint`.
    fn play(&mut self, view: &SpidgeView, hint: Option<Card>) -> Option<Card> {
        spidge_tally(view, self.config.worlds, &mut self.rng)?.best(view.legal_cards(), hint)
    }
}

/// Every legal card of `view` valued over `n` sampled worlds by playing
/// the rest of the deal out with the heuristic bots ([`spidge::rollouts`]),
/// once for each plan of the mover ([`spidge::PLANS`]: take what he can,
/// or avoid every trick); a card's value is the sum under the plan that
/// does better with it over all the worlds, so the aim (Nil, Spidge, Slam,
/// Grand Slam) is chosen by simulation. `None` if no world can be sampled.
pub(crate) fn spidge_tally(view: &SpidgeView, n: usize, rng: &mut ChaCha8Rng) -> Option<Tally> {
    let mut plans = [Tally::new(), Tally::new()];
    let counted = over_worlds::<SpidgeGame>(
        view,
        n,
        1,
        rng,
        |_| 1.0,
        |world, w, _| {
            for (tally, duck) in plans.iter_mut().zip(spidge::PLANS) {
                spidge::rollouts(world, duck, |card, v| tally.add(card, f64::from(v), w));
            }
            Ok(())
        },
    )?;
    let [mut best, other] = plans;
    for (b, o) in best.sum.iter_mut().zip(other.sum) {
        *b = b.max(o);
    }
    best.weight = counted.weight;
    Some(best)
}

impl Bot<SpidgeGame> for SpidgePimc {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &SpidgeView) -> SpidgeAction {
        decision_within(self.config.nodes(DECISION_NODES), || self.decide(view))
    }
}

impl SpidgePimc {
    /// The choice of [`Bot::choose`], within the decision's node budget.
    fn decide(&mut self, view: &SpidgeView) -> SpidgeAction {
        let heuristic = self.fallback.choose(view);
        if view.legal_cards().len() <= 1 {
            return heuristic;
        }
        let SpidgeAction::Play(hint) = heuristic;
        self.play(view, Some(hint)).map_or(heuristic, SpidgeAction::Play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_game_costs_the_declarer_the_opponents_bonus_too() {
        // skat.md §13, example 2: a game worth 36 lost scores −72, the
        // declarer −122 under Seeger–Fabian, each opponent at a 3-member
        // table +40: against the opponents' average, −162.
        assert_eq!(expected_score(0.0, 36), -162.0);
        // Won: the value and 50.
        assert_eq!(expected_score(1.0, 36), 86.0);
        // Even chances: the average of the two.
        assert_eq!(expected_score(0.5, 36), -38.0);
    }

    #[test]
    fn resampling_keeps_worlds_in_proportion_to_their_weights() {
        // Expected copies n·w/total = 1, 0, 3, 0.5, 1.5 (total 6, n = 6):
        // systematic resampling gives each its count rounded down or up,
        // never a weightless world, and n picks in all, whatever the offset.
        let weights = [1.0, 0.0, 3.0, 0.5, 1.5];
        for offset in [0.0, 0.25, 0.5, 0.999] {
            let picks = systematic(&weights, 6, offset);
            assert_eq!(picks.len(), 6);
            let count = |i: usize| picks.iter().filter(|&&p| p == i).count();
            assert_eq!((count(0), count(1), count(2)), (1, 0, 3), "offset {offset}: {picks:?}");
            assert!(count(3) <= 1 && (1..=2).contains(&count(4)), "offset {offset}: {picks:?}");
        }
        // Every weight zero: nothing to go by (the caller draws afresh).
        assert!(systematic(&[0.0, 0.0], 2, 0.5).is_empty());
    }

    #[test]
    fn the_discard_keeps_trumps_and_aces() {
        let twelve: CardSet = "CJ.SJ.HA.HT.H9.C7.C8.S7.SA.DA.D7.D8".parse().unwrap();
        let away = discard_for(GameKind::Suit(Suit::Hearts), twelve);
        assert!(!away.intersects(GameKind::Suit(Suit::Hearts).trumps()));
        assert!(away.iter().all(|c| c.rank() != trumpf_core::Rank::Ace), "{away}");
        assert_eq!(away.len(), 2);
    }

    #[test]
    fn the_rules_best_discards_come_in_order() {
        // Hearts: seven trumps and ♠10 ♣K ♣7 ♦Q ♦7. The rule's score (its
        // docs): the points laid away, 12 per suit made void, 25 less per
        // ace. ♠10 ♣K: 14 + 12 (spades) = 26; ♠10 ♦Q: 13 + 12 = 25; then
        // ♠10 with a seven, 22; ♣K ♣7 16; ♦Q ♦7 15.
        let twelve: CardSet = "CJ.SJ.HA.HT.H9.H8.H7.ST.CK.C7.DQ.D7".parse().unwrap();
        let hearts = GameKind::Suit(Suit::Hearts);
        let best = discards_for(hearts, twelve, 3);
        let cards = |s: &str| s.parse::<CardSet>().unwrap();
        assert_eq!(best[..2], [cards("ST.CK"), cards("ST.DQ")]);
        assert!(best[2] == cards("ST.C7") || best[2] == cards("ST.D7"), "{}", best[2]);
        assert_eq!(discard_for(hearts, twelve), best[0]);
        // As many as asked, all different, while there are pairs to give.
        let all = discards_for(hearts, twelve, 100);
        assert_eq!(all.len(), 66);
        assert!(all.iter().enumerate().all(|(i, a)| a.len() == 2 && !all[..i].contains(a)));
    }

    /// Plays `deal` until a game is declared (or it is passed in), a medium
    /// PIMC bot seeded `seed` in forehand and the others passing: the
    /// game, the laid-away cards, and forehand's twelve cards if he
    /// picked up.
    fn forehand_declares(deal: SkatDeal, seed: u64) -> (Option<Contract>, CardSet, CardSet) {
        forehand_declares_as(PimcConfig::MEDIUM, deal, seed)
    }

    /// [`forehand_declares`] with a bot of `config`.
    fn forehand_declares_as(config: PimcConfig, deal: SkatDeal, seed: u64) -> (Option<Contract>, CardSet, CardSet) {
        let mut game = SkatGame::new(deal, SkatRules::ISKO);
        let mut bot = SkatPimc::new(config, seed);
        let mut others = SkatBot::new();
        let mut twelve = CardSet::EMPTY;
        forget_tables();
        while game.contract().is_none() {
            let Some(seat) = game.to_act() else { break };
            let view = game.view(seat);
            let action = if seat == Seat::FOREHAND {
                if view.phase == SkatPhase::Discarding {
                    twelve = view.hand | view.skat;
                }
                bot.choose(&view)
            } else if view.phase == SkatPhase::Bidding {
                SkatAction::Pass
            } else {
                others.choose(&view)
            };
            game.try_apply(seat, action).unwrap();
        }
        (game.contract(), game.skat(), twelve)
    }

    /// The contract forehand holding `hand` declares when the others pass:
    /// the deal is made with the other cards in a fixed order.
    fn declared_by_forehand(hand: &str) -> Option<Contract> {
        forehand_declares(crate::testing::skat_deal_for_forehand(hand), 5).0
    }

    #[test]
    fn a_lay_down_hand_is_declared_ouvert_and_a_safe_null_hand_null_ouvert_hand() {
        // Four jacks and the aces and tens of three suits take every trick
        // whatever the others hold: Grand Ouvert (a hand game, schneider and
        // schwarz announced), worth 24 × (4 + 7) = 264.
        let grand = declared_by_forehand("CJ.SJ.HJ.DJ.CA.CT.SA.ST.HA.HT").unwrap();
        assert_eq!(grand, Contract { kind: GameKind::Grand, hand: true, schneider: true, schwarz: true, ouvert: true });
        // The three lowest cards of three suits and the diamond seven lie
        // under every card the others can lead: Null Ouvert Hand (59).
        let null = declared_by_forehand("C7.C8.C9.S7.S8.S9.H7.H8.H9.D7").unwrap();
        assert_eq!(null, Contract { kind: GameKind::Null, hand: true, schneider: false, schwarz: false, ouvert: true });
        // A good but beatable suit hand announces nothing.
        let clubs = declared_by_forehand("CJ.SJ.CA.CT.CK.C9.SA.ST.H7.D7").unwrap();
        assert!(!clubs.schneider && !clubs.ouvert, "{clubs:?}");
    }

    #[test]
    fn a_declarer_who_picked_up_declares_a_game_his_discard_was_made_for() {
        // Each game's discard is the rule's (`discard_for`), or with
        // `discards=3` one of its three best; whatever game is declared,
        // the cards laid away must be among that game's.
        let rule = PimcConfig { discards: 1, pickup_deals: 0, ..PimcConfig::MEDIUM };
        let fewer_deals = PimcConfig { pickup_deals: 12, ..PimcConfig::MEDIUM };
        for (config, n) in [(rule, 1), (fewer_deals, 3)] {
            let mut pickups = 0;
            for seed in 0..40u64 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let (contract, laid_away, twelve) = forehand_declares_as(config, SkatDeal::random(&mut rng), seed);
                let Some(contract) = contract else { continue };
                if contract.hand {
                    continue;
                }
                pickups += 1;
                let n = if contract.kind == GameKind::Null { 1 } else { n };
                let rule = discards_for(contract.kind, twelve, n);
                assert!(
                    rule.contains(&laid_away),
                    "seed {seed}: {contract:?} from {twelve}: {laid_away} not in {rule:?}"
                );
                if pickups == 4 {
                    break;
                }
            }
            assert_eq!(pickups, 4, "only {pickups} pickup games in 40 deals");
        }
    }

    #[test]
    fn a_null_declarer_lays_away_the_high_card_he_picked_up() {
        // The trial's Null declarer picked up ♦K ♦7, laid away ♣10 ♣8 and
        // kept ♦K ♦7: the ♦K fell to the second diamond lead. ♦7 alone is
        // safe, 7-8-10 of clubs is too (it always has a lower card).
        let twelve: CardSet = "C7.C8.CT.S7.S8.S9.H7.H8.H9.HT.DK.D7".parse().unwrap();
        let away = discard_for(GameKind::Null, twelve);
        assert!(away.contains("DK".parse().unwrap()), "{away}");
        assert!(!away.contains("D7".parse().unwrap()), "{away}");
    }

    #[test]
    fn pimc_takes_a_sure_last_trick_and_a_decided_position_plays_like_the_heuristic() {
        // Skat, one trick left: forehand (declarer, Grand) holds ♣J; the
        // others hold small cards. Whatever the worlds, ♣J wins the trick.
        use trumpf_core::skat::SkatDeal;
        let deal = SkatDeal::new(
            [
                "CJ.SJ.HJ.DJ.CA.CT.SA.ST.HA.HT".parse().unwrap(),
                "C7.C8.C9.S7.S8.S9.H7.H8.H9.D7".parse().unwrap(),
                "CK.CQ.SK.SQ.HK.HQ.D8.D9.DK.DQ".parse().unwrap(),
            ],
            "DA.DT".parse().unwrap(),
        )
        .unwrap();
        let grand = Contract::pickup(GameKind::Grand);
        let game = SkatGame::with_declaration(deal, SkatRules::ISKO, Seat::FOREHAND, 18, grand).unwrap();
        let mut bot = SkatPimc::new(PimcConfig { worlds: 4, ..PimcConfig::EASY }, 3);
        let action = bot.choose(&game.view(Seat::FOREHAND));
        // Every lead wins a Grand with all four jacks and both black A-10:
        // the tie goes to the heuristic's lead, which is legal.
        assert!(game.view(Seat::FOREHAND).legal_cards().contains(match action {
            SkatAction::Play(c) => c,
            other => panic!("{other}"),
        }));
    }

    #[test]
    fn the_bid_limit_counts_the_skat_for_the_matadors() {
        // Clubs "without 2" is worth 3 × 12 = 36 when the skat brings no
        // higher jack, 2 × 12 = 24 when it brings ♣J or ♠J. Bid at 45 %:
        // won in 6 of 8 deals, 36 in only 3 of them, so the bid stops at 24.
        let bot = SkatPimc::new(PimcConfig { bid_percent: 45, ..PimcConfig::MEDIUM }, 1);
        let clubs = GameKind::Suit(Suit::Clubs);
        let outcomes =
            [(true, 36), (true, 36), (true, 36), (true, 24), (true, 24), (true, 24), (false, 36), (false, 24)];
        assert_eq!(bot.bid_limit(clubs, &outcomes), 24);
        // Won at 36 in 4 of 8 (50 %): 36.
        let outcomes =
            [(true, 36), (true, 36), (true, 36), (true, 36), (true, 24), (false, 24), (false, 36), (false, 24)];
        assert_eq!(bot.bid_limit(clubs, &outcomes), 36);
        // Won in 3 of 8 (37.5 %): nothing.
        let outcomes =
            [(true, 24), (true, 24), (true, 24), (false, 24), (false, 24), (false, 24), (false, 24), (false, 24)];
        assert_eq!(bot.bid_limit(clubs, &outcomes), 0);
    }
}
