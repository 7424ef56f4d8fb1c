//! `trumpf replay FILE [--json]`: replays ISS records.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

/// Arguments of `trumpf replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A file of ISS records, one game per line.
    pub file: PathBuf,
    /// One JSON object per game and line.
    #[arg(long)]
    pub json: bool,
}

pub fn run(_args: ReplayArgs) -> Result<()> {
    anyhow::bail!("replay is being built")
}
