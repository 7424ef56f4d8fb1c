//! `trumpf play`: a game against bots in the terminal.

use anyhow::Result;
use clap::Args;

/// Arguments of `trumpf play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game: skat.
    #[arg(default_value = "skat")]
    pub game: String,
    /// Seed for the deals (random when absent).
    #[arg(long)]
    pub seed: Option<u64>,
}

pub fn run(_args: PlayArgs) -> Result<()> {
    anyhow::bail!("the terminal game is being built")
}
