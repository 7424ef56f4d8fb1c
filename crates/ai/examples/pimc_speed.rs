//! Times PIMC card decisions: for seeded deals of each game, the decision of
//! the seat to move after `tricks` tricks of random play, with `worlds`
//! sampled worlds, and prints the median and 95th percentile.
//!
//! ```sh
//! cargo run --release -p trumpf-ai --example pimc_speed -- [deals] [worlds] [tricks played] [skat,spitzer,spidge]
//! ```
//!
//! `worlds` = `hard` uses [`PimcConfig::HARD`] as it is. Every decision
//! runs within the PIMC bots' node budget ([`trumpf_ai::pimc::DECISION_NODES`]);
//! `PIMC_SPEED_TRACE=1` prints each decision's time; `PIMC_SPEED_ROLLOUTS=off`
//! times the Skat declarer without rollouts, `PIMC_SPEED_POLICY=100` the
//! Skat bots without the policy weights.

use std::time::Instant;

use trumpf_ai::Bot;
use trumpf_ai::pimc::{PimcConfig, SkatPimc, SpidgePimc, SpitzerPimc};
use trumpf_core::shuffle::{deal_rng, uniform_below};
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatRules};
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame, SpitzerRules};
use trumpf_core::{Game, Seat};

fn report(name: &str, mut ms: Vec<f64>) {
    ms.sort_by(f64::total_cmp);
    let n = ms.len();
    if n == 0 {
        return;
    }
    println!(
        "{name:<10} n={n:<4} median {:>9.2} ms  p95 {:>9.2} ms  max {:>9.2} ms",
        ms[n / 2],
        ms[(n * 95 / 100).min(n - 1)],
        ms[n - 1]
    );
}

/// Plays `tricks` tricks of random cards.
fn advance<G: Game>(game: &mut G, tricks: usize, seats: usize, seed: u64) {
    let mut rng = deal_rng(seed ^ 0xabc);
    while game.played().len() < tricks * seats && !game.is_over() {
        let legal = game.playable_cards();
        let card = legal.nth(uniform_below(&mut rng, legal.len() as u32) as usize).unwrap();
        let action = game.card_action(card);
        game.apply_unchecked(action);
    }
}

fn time<G: Game>(game: &G, bot: &mut dyn Bot<G>, seed: u64) -> f64 {
    let seat = game.to_act().unwrap();
    let view = game.view(seat);
    let start = Instant::now();
    let _ = bot.choose(&view);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    if std::env::var_os("PIMC_SPEED_TRACE").is_some() {
        println!("  seed {seed}: {ms:.2} ms");
    }
    ms
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let hard = args.get(2).is_some_and(|a| a == "hard");
    let worlds: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100);
    let tricks: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0);
    let games = args.get(4).cloned().unwrap_or_else(|| "skat,spitzer,spidge".into());
    let config = if hard {
        PimcConfig::HARD
    } else {
        PimcConfig { worlds, inference: true, exact_tricks: 5, bidding_worlds: 0, ..PimcConfig::HARD }
    };
    // `PIMC_SPEED_ROLLOUTS=off`: the Skat declarer without rollouts.
    let rollouts = std::env::var("PIMC_SPEED_ROLLOUTS").map_or(config.rollouts, |v| v != "off");
    // `PIMC_SPEED_POLICY=P`: the Skat policy weight in percent (100: off).
    let policy_percent =
        std::env::var("PIMC_SPEED_POLICY").ok().and_then(|v| v.parse().ok()).unwrap_or(config.policy_percent);
    let config = PimcConfig { rollouts, policy_percent, ..config };
    if games.contains("skat") {
        let mut ms = Vec::new();
        let mut bot = SkatPimc::new(config, 1);
        for seed in 0..deals {
            let kinds = [GameKind::Grand, GameKind::Suit(trumpf_core::Suit::Clubs), GameKind::Null];
            let contract = Contract::pickup(kinds[seed as usize % 3]);
            let mut game =
                SkatGame::with_declaration(SkatDeal::from_seed(seed), SkatRules::ISKO, Seat::FOREHAND, 18, contract)
                    .unwrap();
            advance(&mut game, tricks, 3, seed);
            if !game.is_over() {
                ms.push(time(&game, &mut bot, seed));
            }
        }
        report("skat", ms);
    }
    if games.contains("spitzer") {
        let mut ms = Vec::new();
        let mut bot = SpitzerPimc::new(config, 1);
        for seed in 0..deals {
            let mut game = SpitzerGame::at_play(SpitzerDeal::from_seed(seed), SpitzerRules::default()).unwrap();
            advance(&mut game, tricks, 4, seed);
            if !game.is_over() {
                ms.push(time(&game, &mut bot, seed));
            }
        }
        report("spitzer", ms);
    }
    if games.contains("spidge") {
        let mut ms = Vec::new();
        let mut bot = SpidgePimc::new(config, 1);
        for seed in 0..deals {
            let mut game = SpidgeGame::from_seed(seed);
            advance(&mut game, tricks, 4, seed);
            if !game.is_over() {
                ms.push(time(&game, &mut bot, seed));
            }
        }
        report("spidge", ms);
    }
}
