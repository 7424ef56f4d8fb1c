//! Solver benchmarks: full deals from the first lead, and a PIMC-like batch
//! of endgames solved with one table. Every benchmark asserts the values it
//! computes (known answers, and the win goal agreeing with the points), so
//! a fast wrong answer fails.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use trumpf_ai::{Goal, Objective, Solver};
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame, SpitzerRules};
use trumpf_core::{Game, Seat, Suit};

fn skat_game(seed: u64, kind: GameKind) -> SkatGame {
    let deal = SkatDeal::from_seed(seed);
    // The seat with most trumps declares (for Null: forehand).
    let declarer = Seat::all(3)
        .max_by_key(|&s| ((deal.hand(s) & kind.trumps()).len(), std::cmp::Reverse(s.index())))
        .unwrap_or(Seat::FOREHAND);
    SkatGame::with_declaration(deal, SkatRules::default(), declarer, 18, Contract::pickup(kind)).unwrap()
}

fn skat(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver_skat");
    group.sample_size(10);
    for (name, kind) in [("clubs", GameKind::Suit(Suit::Clubs)), ("grand", GameKind::Grand), ("null", GameKind::Null)] {
        // The first eight seeds of the hundred `solver_speed` times (see
        // BENCHMARKS.md; harder than their median; its Null declarer is
        // chosen otherwise), answers checked here.
        let games: Vec<SkatGame> = (0..8).map(|i| skat_game(1000 + i, kind)).collect();
        let mut solver = Solver::with_table_bits(18);
        let expected: Vec<(i32, i32)> =
            games.iter().map(|g| (solver.skat(g, Goal::Points).unwrap(), solver.skat(g, Goal::Win).unwrap())).collect();
        for (&(points, win), g) in expected.iter().zip(&games) {
            assert!((0..=120).contains(&points));
            if kind != GameKind::Null {
                assert_eq!(win == 1, points >= 61, "{name}: {g:?}");
            }
        }
        group.bench_function(format!("{name}_points_8_deals"), |b| {
            b.iter(|| {
                for (g, &(points, _)) in games.iter().zip(&expected) {
                    solver.clear();
                    assert_eq!(solver.skat(black_box(g), Goal::Points), Ok(points));
                }
            })
        });
        group.bench_function(format!("{name}_win_8_deals"), |b| {
            b.iter(|| {
                for (g, &(_, win)) in games.iter().zip(&expected) {
                    solver.clear();
                    assert_eq!(solver.skat(black_box(g), Goal::Win), Ok(win));
                }
            })
        });
    }
    group.finish();
}

fn endgame<G: Game>(mut game: G, cards: usize) -> G {
    // Deterministic: the first legal card until `cards` are played.
    while game.played().len() < cards && !game.is_over() {
        let card = game.playable_cards().first().unwrap();
        let action = game.card_action(card);
        game.apply_unchecked(action);
    }
    game
}

fn pimc_like(c: &mut Criterion) {
    // 100 worlds after three tricks: per-card values, one table for all.
    let worlds: Vec<SkatGame> = (0..100).map(|i| endgame(skat_game(7000 + i, GameKind::Grand), 9)).collect();
    let mut solver = Solver::new();
    let sums: Vec<i32> = worlds.iter().map(|g| solver.skat_cards(g, Goal::Win).unwrap().len() as i32).collect();
    assert!(sums.iter().all(|&n| n > 0));
    c.bench_function("solver_skat/grand_win_cards_100_worlds_after_3_tricks", |b| {
        b.iter(|| {
            // One table for the 100 worlds of a decision, fresh per decision.
            solver.clear();
            for (g, &n) in worlds.iter().zip(&sums) {
                let cards = solver.skat_cards(black_box(g), Goal::Win).unwrap();
                assert_eq!(cards.len() as i32, n);
                assert!(cards.iter().all(|(_, v)| v == 0 || v == 1));
            }
        })
    });
}

fn spitzer_and_spidge(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver_other");
    group.sample_size(10);
    let spitzer: Vec<SpitzerGame> = (0..4)
        .map(|i| SpitzerGame::at_play(SpitzerDeal::from_seed(2000 + i), SpitzerRules::default()).unwrap())
        .collect();
    let mut solver = Solver::new();
    let expected: Vec<i32> = spitzer.iter().map(|g| solver.spitzer(g, Goal::Points).unwrap()).collect();
    for (g, &p) in spitzer.iter().zip(&expected) {
        let side = g.declaring_side().unwrap();
        let d = if side.contains(Seat::FOREHAND) { p } else { 120 - p };
        assert_eq!(solver.spitzer(g, Goal::Win), Ok(i32::from(d >= 61)));
    }
    group.bench_function("spitzer_points_4_deals", |b| {
        b.iter(|| {
            for (g, &p) in spitzer.iter().zip(&expected) {
                solver.clear();
                assert_eq!(solver.spitzer(black_box(g), Goal::Points), Ok(p));
            }
        })
    });
    // Spidge from trick 5 on (nine tricks left): full deals take seconds.
    let spidge: Vec<SpidgeGame> =
        (0..4).map(|i| endgame(SpidgeGame::new(SpidgeDeal::from_seed(3000 + i), SpidgeRules::default()), 16)).collect();
    let expected: Vec<i32> = spidge.iter().map(|g| solver.spidge(g, Objective::Max).unwrap()).collect();
    assert!(expected.iter().all(|v| (0..=13).contains(v)));
    group.bench_function("spidge_max_4_deals_9_tricks_left", |b| {
        b.iter(|| {
            for (g, &v) in spidge.iter().zip(&expected) {
                solver.clear();
                assert_eq!(solver.spidge(black_box(g), Objective::Max), Ok(v));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, skat, pimc_like, spitzer_and_spidge);
criterion_main!(benches);
