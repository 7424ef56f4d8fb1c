//! Random full Spitzer deals per second on one thread (shuffle, deal,
//! announcements, 32 card plays, settlement), checking every result.
//!
//! `cargo run --release -p trumpf-core --example spitzer_speed [deals]`

use std::hint::black_box;
use std::time::Instant;

use trumpf_core::Game;
use trumpf_core::shuffle::deal_rng;
use trumpf_core::spitzer::{SpitzerRules, random_playout};

fn main() {
    let deals: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5_000_000);
    let rules = SpitzerRules::default();
    let mut rng = deal_rng(1);
    let mut score_total = 0i64;
    let mut contracts = [0u64; 6];
    let start = Instant::now();
    for _ in 0..deals {
        let game = match random_playout(&mut rng, rules) {
            Ok(game) => game,
            Err(e) => panic!("{e}"),
        };
        let Some(outcome) = game.outcome() else { panic!("a playout must end with an outcome") };
        assert_eq!(game.played().len(), 32);
        assert_eq!(game.tricks_won().as_array().iter().sum::<u8>(), 8);
        assert_eq!(game.points_won().as_array().iter().map(|&p| u32::from(p)).sum::<u32>(), 120);
        assert!(outcome.scores.iter().all(|&s| s >= 0));
        contracts[outcome.settlement.contract.index()] += 1;
        score_total += outcome.scores.iter().sum::<i64>();
    }
    let seconds = start.elapsed().as_secs_f64();
    black_box(score_total);
    println!(
        "{deals} deals in {seconds:.3} s: {:.0} deals/s, {:.1} M card plays/s (contracts N/Sn/Z/ZS/ZSS/S {contracts:?}, {score_total} game points)",
        deals as f64 / seconds,
        deals as f64 * 32.0 / seconds / 1e6
    );
}
