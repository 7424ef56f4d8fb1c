//! Random full Skat deals per second on one thread (shuffle, deal, random
//! bidding, skat, declaration, card play, settlement), checking every
//! result; with a count, a fixed amount of work for instruction counts.
//!
//! `cargo run --release -p trumpf-core --example skat_speed [deals]`

use std::hint::black_box;
use std::time::Instant;

use trumpf_core::Game;
use trumpf_core::shuffle::deal_rng;
use trumpf_core::skat::{SkatRules, random_playout};

fn main() {
    let deals: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5_000_000);
    let mut rng = deal_rng(1);
    let mut over = 0u64;
    let start = Instant::now();
    for _ in 0..deals {
        let game = random_playout(&mut rng, SkatRules::ISKO);
        assert!(game.is_over(), "a playout ends");
        over += u64::from(black_box(game.scores()).is_some());
    }
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(over, deals);
    println!("{deals} Skat deals in {secs:.2} s: {:.0} deals/s", deals as f64 / secs);
}
