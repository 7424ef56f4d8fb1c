//! `trumpf perft`: counts legal card sequences.

use anyhow::Result;
use clap::Args;

/// Arguments of `trumpf perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {}

pub fn run(_args: PerftArgs) -> Result<()> {
    anyhow::bail!("perft is being built")
}
