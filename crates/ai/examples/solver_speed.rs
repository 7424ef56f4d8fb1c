//! Solves fixed sets of seeded full deals from the first lead and prints the
//! median and 95th percentile time per game form and goal. Every value is
//! checked: it lies in range, and the win goal agrees with the exact value.
//!
//! ```sh
//! cargo run --release -p trumpf-ai --example solver_speed -- [deals] [skat,spitzer,spidge] [spidge tricks left] [repeats]
//! ```
//!
//! `spidge:max` or `spidge:min` in place of `spidge` times one objective
//! only (a full deal's Min takes minutes).
//!
//! Each solve starts from a cleared table. With `repeats` above 1 every
//! solve is run that many times and the fastest time counts, which filters
//! out the time the process spends waiting for a core on a loaded machine.
//! `SOLVER_SPEED_TRACE=1` prints every deal's values and times;
//! `SOLVER_SPEED_TABLE_BITS=N` gives the solver tables of `2^N` entries
//! (default 20).

use std::time::Instant;

use trumpf_ai::{Goal, Objective, Solver};
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame, SpitzerRules};
use trumpf_core::{CardSet, Game, Seat, Suit};

/// Search nodes of all solves so far.
static NODES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn report(name: &str, mut micros: Vec<f64>) {
    micros.sort_by(f64::total_cmp);
    let n = micros.len();
    let median = micros[n / 2];
    let p95 = micros[(n * 95 / 100).min(n - 1)];
    let max = micros[n - 1];
    // The search nodes of all the row's solves.
    let repeats = REPEATS.load(std::sync::atomic::Ordering::Relaxed).max(1) as u64;
    let nodes = NODES.swap(0, std::sync::atomic::Ordering::Relaxed) / repeats;
    let nodes = if nodes > 0 { format!("  nodes {nodes}") } else { String::new() };
    println!(
        "{name:<28} n={n:<4} median {:>9.3} ms  p95 {:>9.3} ms  max {:>9.3} ms{nodes}",
        median / 1e3,
        p95 / 1e3,
        max / 1e3
    );
}

/// How often each solve runs (the fastest run counts).
static REPEATS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(1);

/// Solves `repeats` times on a cleared table: the value (the same every
/// time) and the fastest time in microseconds.
fn timed<T: PartialEq + std::fmt::Debug>(solver: &mut Solver, mut f: impl FnMut(&mut Solver) -> T) -> (T, f64) {
    let mut best = f64::INFINITY;
    let mut value = None;
    for _ in 0..REPEATS.load(std::sync::atomic::Ordering::Relaxed).max(1) {
        solver.clear();
        let start = Instant::now();
        let v = f(solver);
        best = best.min(start.elapsed().as_secs_f64() * 1e6);
        if let Some(old) = &value {
            assert_eq!(old, &v, "a repeated solve changed its answer");
        }
        value = Some(v);
    }
    (value.expect("at least one run"), best)
}

fn trace() -> bool {
    std::env::var_os("SOLVER_SPEED_TRACE").is_some()
}

/// The declarer of a seeded Skat deal for `kind`: the seat with most trumps
/// (for Null: fewest high cards), forehand on ties.
fn skat_declarer(deal: &SkatDeal, kind: GameKind) -> Seat {
    let score = |hand: CardSet| -> i32 {
        match kind {
            GameKind::Null => -(hand.iter().filter(|c| c.rank() >= trumpf_core::Rank::Jack).count() as i32),
            _ => (hand & kind.trumps()).len() as i32,
        }
    };
    Seat::all(3).max_by_key(|&s| (score(deal.hand(s)), -(s.index() as i32))).unwrap_or(Seat::FOREHAND)
}

fn skat(deals: u64, solver: &mut Solver) {
    for (name, kind) in
        [("suit (clubs)", GameKind::Suit(Suit::Clubs)), ("grand", GameKind::Grand), ("null", GameKind::Null)]
    {
        let (mut exact, mut win) = (Vec::new(), Vec::new());
        let (mut exact_nodes, mut win_nodes) = (0, 0);
        for seed in 0..deals {
            let deal = SkatDeal::from_seed(1000 + seed);
            let declarer = skat_declarer(&deal, kind);
            let game =
                SkatGame::with_declaration(deal, SkatRules::default(), declarer, 18, Contract::pickup(kind)).unwrap();
            let before = solver.nodes();
            let (points, t_points) = timed(solver, |s| s.skat(&game, Goal::Points).unwrap());
            exact.push(t_points);
            exact_nodes += solver.nodes() - before;
            let before = solver.nodes();
            let (won, t_win) = timed(solver, |s| s.skat(&game, Goal::Win).unwrap());
            win.push(t_win);
            win_nodes += solver.nodes() - before;
            if trace() {
                println!(
                    "  seed {} {name}: points {points} in {:.2} ms, win {won} in {:.2} ms",
                    1000 + seed,
                    t_points / 1e3,
                    t_win / 1e3
                );
            }
            assert!((0..=120).contains(&points), "seed {seed}: {points}");
            if kind == GameKind::Null {
                // The declarer collects at least the skat (the points goal is
                // the same game of card points as in suit and grand).
                let skat = i32::from(trumpf_core::skat::points(deal.skat()));
                assert!(points >= skat && (0..=1).contains(&won), "seed {seed}: win {won} points {points}");
            } else {
                assert_eq!(won == 1, points >= 61, "seed {seed}: win {won} points {points}");
            }
        }
        NODES.store(exact_nodes, std::sync::atomic::Ordering::Relaxed);
        report(&format!("skat {name} points"), exact);
        NODES.store(win_nodes, std::sync::atomic::Ordering::Relaxed);
        report(&format!("skat {name} win"), win);
    }
}

fn spitzer(deals: u64, solver: &mut Solver) {
    let (mut exact, mut win) = (Vec::new(), Vec::new());
    let (mut exact_nodes, mut win_nodes) = (0, 0);
    for seed in 0..deals {
        let game = SpitzerGame::at_play(SpitzerDeal::from_seed(2000 + seed), SpitzerRules::default()).unwrap();
        let before = solver.nodes();
        let (points, t_points) = timed(solver, |s| s.spitzer(&game, Goal::Points).unwrap());
        exact.push(t_points);
        exact_nodes += solver.nodes() - before;
        let before = solver.nodes();
        let (won, t_win) = timed(solver, |s| s.spitzer(&game, Goal::Win).unwrap());
        win.push(t_win);
        win_nodes += solver.nodes() - before;
        if trace() {
            println!(
                "  seed {}: points {points} in {:.2} ms, win {won} in {:.2} ms",
                2000 + seed,
                t_points / 1e3,
                t_win / 1e3
            );
        }
        assert!((0..=120).contains(&points));
        let side = game.declaring_side().unwrap();
        let d_points = if side.contains(Seat::FOREHAND) { points } else { 120 - points };
        assert_eq!(won == 1, d_points >= 61, "seed {seed}");
    }
    NODES.store(exact_nodes, std::sync::atomic::Ordering::Relaxed);
    report("spitzer points", exact);
    NODES.store(win_nodes, std::sync::atomic::Ordering::Relaxed);
    report("spitzer win", win);
}

/// Spidge from `left` tricks before the end (the first card of each trick
/// played by the first legal card until then); 13 is the full deal.
fn spidge(deals: u64, left: usize, objectives: &[Objective], solver: &mut Solver) {
    let (mut max, mut min) = (Vec::new(), Vec::new());
    let (mut max_nodes, mut min_nodes) = (0, 0);
    for seed in 0..deals {
        let mut game = SpidgeGame::new(SpidgeDeal::from_seed(3000 + seed), SpidgeRules::default());
        while game.played().len() < 52 - 4 * left {
            let card = game.playable_cards().first().unwrap();
            game.apply_unchecked(trumpf_core::spidge::SpidgeAction::Play(card));
        }
        for &objective in objectives {
            let before = solver.nodes();
            let (v, t) = timed(solver, |s| s.spidge(&game, objective).unwrap());
            let (times, nodes, name) = match objective {
                Objective::Max => (&mut max, &mut max_nodes, "max"),
                Objective::Min => (&mut min, &mut min_nodes, "min"),
            };
            times.push(t);
            *nodes += solver.nodes() - before;
            if trace() {
                println!("  seed {}: {name} {v} in {:.2} ms", 3000 + seed, t / 1e3);
            }
            // Min may exceed Max (the others can throw tricks at a seat
            // that ducks); both stay within the tricks there are.
            assert!((0..=13).contains(&v), "seed {seed}: {name} {v}");
        }
    }
    for (name, times, nodes) in [("max", max, max_nodes), ("min", min, min_nodes)] {
        if !times.is_empty() {
            NODES.store(nodes, std::sync::atomic::Ordering::Relaxed);
            report(&format!("spidge {name} ({left} tricks left)"), times);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let games = args.get(2).map_or("skat,spitzer,spidge", String::as_str);
    let repeats = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    REPEATS.store(repeats, std::sync::atomic::Ordering::Relaxed);
    let mut solver = std::env::var("SOLVER_SPEED_TABLE_BITS")
        .ok()
        .and_then(|b| b.parse().ok())
        .map_or_else(Solver::new, Solver::with_table_bits);
    if games.contains("skat") {
        skat(deals, &mut solver);
    }
    if games.contains("spitzer") {
        spitzer(deals, &mut solver);
    }
    if games.contains("spidge") {
        let left = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(8);
        let objectives: &[Objective] = if games.contains("spidge:max") {
            &[Objective::Max]
        } else if games.contains("spidge:min") {
            &[Objective::Min]
        } else {
            &[Objective::Max, Objective::Min]
        };
        spidge(deals, left, objectives, &mut solver);
    }
}
