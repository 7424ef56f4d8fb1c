//! `trumpf bench`: engine speed, measured on one thread.

use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use trumpf_core::shuffle::deal_rng;
use trumpf_core::skat::{SkatOutcome, SkatRules, random_playout};

/// Arguments of `trumpf bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(subcommand)]
    what: BenchWhat,
}

#[derive(Debug, Subcommand)]
enum BenchWhat {
    /// Random full games (shuffle, random legal bidding, skat, declaration,
    /// play, scoring) on one thread. The last line is `games_per_second N`.
    Playouts(PlayoutArgs),
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum BenchGame {
    Skat,
}

#[derive(Debug, Args)]
struct PlayoutArgs {
    /// The game to play out.
    #[arg(long, value_enum, default_value = "skat")]
    game: BenchGame,
    /// How long to run.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Seed of the playout generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: BenchArgs) -> Result<()> {
    match args.what {
        BenchWhat::Playouts(p) => playouts(&p),
    }
}

fn playouts(p: &PlayoutArgs) -> Result<()> {
    anyhow::ensure!(p.seconds > 0.0 && p.seconds.is_finite(), "--seconds must be positive");
    let budget = Duration::from_secs_f64(p.seconds);
    let mut rng = deal_rng(p.seed);
    let rules = SkatRules::default();
    let (mut games, mut passed, mut won, mut checksum) = (0u64, 0u64, 0u64, 0i64);
    let start = Instant::now();
    loop {
        for _ in 0..4096 {
            let game = random_playout(&mut rng, rules);
            match game.outcome() {
                Some(SkatOutcome::Played { settlement, .. }) => {
                    won += u64::from(settlement.won);
                    checksum += i64::from(settlement.score);
                }
                Some(SkatOutcome::PassedIn) => passed += 1,
                None => anyhow::bail!("a playout ended without an outcome"),
            }
        }
        games += 4096;
        if start.elapsed() >= budget {
            break;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let game_name = match p.game {
        BenchGame::Skat => "skat",
    };
    println!("game {game_name}");
    println!("games {games}");
    println!("passed_in {passed}");
    println!("declarer_won {won}");
    println!("score_checksum {checksum}");
    println!("seconds {secs:.3}");
    println!("games_per_second {}", (games as f64 / secs).round() as u64);
    Ok(())
}
