//! `trumpf bench`: engine speed, measured on one thread.

use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, Subcommand};
use trumpf_core::GameId;
use trumpf_core::shuffle::{DealRng, deal_rng};
use trumpf_core::skat::{SkatOutcome, SkatRules, random_playout};
use trumpf_core::spidge::SpidgeRules;
use trumpf_core::spitzer::SpitzerRules;

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

#[derive(Debug, Args)]
struct PlayoutArgs {
    /// The game to play out: skat, spitzer or spidge.
    #[arg(long, default_value = "skat")]
    game: GameId,
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
    // Each game's own loop, so the measurement has no dispatch in it.
    let tally = match p.game {
        GameId::Skat => run_batches(budget, || skat_playout(&mut rng))?,
        GameId::Spitzer => run_batches(budget, || spitzer_playout(&mut rng))?,
        GameId::Spidge => run_batches(budget, || spidge_playout(&mut rng))?,
    };
    println!("game {}", p.game);
    println!("games {}", tally.games);
    println!("score_checksum {}", tally.checksum);
    println!("seconds {:.3}", tally.seconds);
    println!("games_per_second {}", (tally.games as f64 / tally.seconds).round() as u64);
    Ok(())
}

struct Tally {
    games: u64,
    checksum: i64,
    seconds: f64,
}

/// Runs `playout` in batches until `budget` is spent; each playout returns
/// a checked score (an error if the game ended wrongly).
fn run_batches(budget: Duration, mut playout: impl FnMut() -> Result<i64>) -> Result<Tally> {
    let (mut games, mut checksum) = (0u64, 0i64);
    let start = Instant::now();
    loop {
        for _ in 0..4096 {
            checksum = checksum.wrapping_add(playout()?);
        }
        games += 4096;
        if start.elapsed() >= budget {
            break;
        }
    }
    Ok(Tally { games, checksum, seconds: start.elapsed().as_secs_f64() })
}

fn skat_playout(rng: &mut DealRng) -> Result<i64> {
    match random_playout(rng, SkatRules::default()).outcome() {
        Some(SkatOutcome::Played { settlement, .. }) => Ok(i64::from(settlement.score)),
        Some(SkatOutcome::PassedIn) => Ok(0),
        Some(SkatOutcome::Ramsch { .. }) => anyhow::bail!("a Ramsch under the International Skat Order"),
        None => anyhow::bail!("a Skat playout ended without an outcome"),
    }
}

fn spitzer_playout(rng: &mut DealRng) -> Result<i64> {
    let game = trumpf_core::spitzer::random_playout(rng, SpitzerRules::default())?;
    let outcome = game.outcome().ok_or_else(|| anyhow::anyhow!("a Spitzer playout ended without an outcome"))?;
    Ok(outcome.scores.iter().sum())
}

fn spidge_playout(rng: &mut DealRng) -> Result<i64> {
    let game = trumpf_core::spidge::random_playout(rng, SpidgeRules::default());
    let result = game.result().ok_or_else(|| anyhow::anyhow!("a Spidge playout ended without a result"))?;
    anyhow::ensure!(result.tricks.as_array().iter().map(|&t| u32::from(t)).sum::<u32>() == 13, "tricks must sum to 13");
    Ok(result.points.as_array().iter().map(|&p| i64::from(p)).sum())
}
