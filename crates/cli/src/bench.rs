//! `trumpf bench`: engine speed.

use anyhow::Result;
use clap::Args;

/// Arguments of `trumpf bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {}

pub fn run(_args: BenchArgs) -> Result<()> {
    anyhow::bail!("bench is being built")
}
