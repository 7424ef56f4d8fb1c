//! Random full Spidge deals per second on one thread (shuffle, deal, 52 card
//! plays, scoring), checking every result.
//!
//! `cargo run --release -p trumpf-core --example spidge_speed [deals]`

use std::hint::black_box;
use std::time::Instant;

use trumpf_core::Game;
use trumpf_core::shuffle::deal_rng;
use trumpf_core::spidge::{SpidgeRules, random_playout};

fn main() {
    let deals: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2_000_000);
    let rules = SpidgeRules::default();
    let mut rng = deal_rng(1);
    let mut points = 0u64;
    let start = Instant::now();
    for _ in 0..deals {
        let game = random_playout(&mut rng, rules);
        let Some(result) = game.result() else { panic!("a playout must end with a result") };
        assert_eq!(result.tricks.as_array().iter().sum::<u8>(), 13);
        assert_eq!(game.played().len(), 52);
        points += result.points.as_array().iter().map(|&p| u64::from(p)).sum::<u64>();
    }
    let seconds = start.elapsed().as_secs_f64();
    black_box(points);
    println!(
        "{deals} deals in {seconds:.3} s: {:.0} deals/s, {:.1} M card plays/s ({points} points scored)",
        deals as f64 / seconds,
        deals as f64 * 52.0 / seconds / 1e6
    );
}
