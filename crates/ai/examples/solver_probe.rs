use std::time::Instant;
use trumpf_ai::{Goal, Solver};
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatRules};
use trumpf_core::{Seat, Suit};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let kind = match args.get(2).map(String::as_str) {
        Some("grand") => GameKind::Grand,
        Some("null") => GameKind::Null,
        _ => GameKind::Suit(Suit::Clubs),
    };
    let goal = if args.get(3).map(String::as_str) == Some("win") { Goal::Win } else { Goal::Points };
    let bits: u32 = std::env::var("TTBITS").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut solver = Solver::with_table_bits(bits);
    let mut tot = 0.0;
    for seed in 0..n {
        let deal = SkatDeal::from_seed(1000 + seed);
        let game =
            SkatGame::with_declaration(deal, SkatRules::default(), Seat::FOREHAND, 18, Contract::pickup(kind)).unwrap();
        solver.clear();
        let before = solver.nodes();
        let t = Instant::now();
        let v = solver.skat(&game, goal).unwrap();
        let dt = t.elapsed().as_secs_f64() * 1e3;
        tot += dt;
        if std::env::var("QUIET").is_err() {
            println!("seed {seed} value {v} nodes {} ms {dt:.2}", solver.nodes() - before);
        }
    }
    println!("total {tot:.1} ms nodes {}", solver.nodes());
}
