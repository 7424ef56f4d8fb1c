//! Criterion benchmarks of the Skat engine: random full games and perft.
//! Each checks its answer, so a fast wrong engine fails.
//!
//! `cargo bench -p trumpf-core --bench playouts`
//!
//! Random full deals of Skat, Spitzer and Spidge, and Skat perft.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use trumpf_core::shuffle::deal_rng;
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatOutcome, SkatRules, perft, random_playout};
use trumpf_core::spidge::SpidgeRules;
use trumpf_core::spitzer::SpitzerRules;
use trumpf_core::{CardSet, Seat};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("skat");
    group.throughput(Throughput::Elements(1));
    let mut rng = deal_rng(1);
    group.bench_function("random_playout", |b| {
        b.iter(|| {
            let game = random_playout(&mut rng, SkatRules::default());
            match game.outcome() {
                Some(SkatOutcome::Played { settlement, .. }) => {
                    let t = settlement.tally;
                    assert!(t.declarer_points <= 120);
                    assert!(t.declarer_tricks + t.defender_tricks <= 10);
                    black_box(settlement.score)
                }
                Some(SkatOutcome::PassedIn) => 0,
                Some(SkatOutcome::Ramsch { .. }) => panic!("the International Skat Order has no Ramsch"),
                None => panic!("a playout must end with an outcome"),
            }
        })
    });
    group.finish();
}

fn other_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    let mut rng = deal_rng(2);
    group.bench_function("spitzer", |b| {
        b.iter(|| {
            let game = trumpf_core::spitzer::random_playout(&mut rng, SpitzerRules::default()).expect("default rules");
            let outcome = game.outcome().expect("a finished deal");
            // spitzer.md §6.3: nobody ever loses points.
            assert!(outcome.scores.iter().all(|&s| s >= 0));
            black_box(outcome.scores[0])
        })
    });
    group.bench_function("spidge", |b| {
        b.iter(|| {
            let game = trumpf_core::spidge::random_playout(&mut rng, SpidgeRules::default());
            let result = game.result().expect("a finished deal");
            // spidge.md §5.1: thirteen tricks are taken in all.
            assert_eq!(result.tricks.as_array().iter().map(|&t| u32::from(t)).sum::<u32>(), 13);
            black_box(result.points)
        })
    });
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    // Forehand leads in a Grand; the count is checked against the
    // independent reference generator of tests/perft.rs at depth 3 there,
    // and here against itself at depth 1 (every card of forehand).
    let deal = SkatDeal::from_seed(7);
    let game =
        SkatGame::with_declaration(deal, SkatRules::default(), Seat::FOREHAND, 18, Contract::pickup(GameKind::Grand))
            .expect("valid declaration");
    assert_eq!(perft(&game, 1), deal.hand(Seat::FOREHAND).len() as u64);
    let mut group = c.benchmark_group("skat_perft");
    group.sample_size(10);
    group.bench_function("grand_depth_6", |b| b.iter(|| black_box(perft(black_box(&game), 6))));
    group.finish();
    assert!(CardSet::PIQUET_PACK.len() == 32);
}

criterion_group!(benches, playouts, other_games, perft_bench);
criterion_main!(benches);
