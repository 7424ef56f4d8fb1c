//! `trumpf`: play Skat in the terminal, replay ISS records, count move
//! sequences (perft) and measure playout speed.

use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

mod analyse;
mod bench;
mod export;
mod loadtest;
mod perft;
mod play;
mod records;
mod replay;
mod rules;
mod serve;
mod sim;
mod solve;

/// Skat, Spitzer and Spidge: exact rules, bots, records.
#[derive(Debug, Parser)]
#[command(name = "trumpf", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game against bots in the terminal (Skat by default).
    Play(play::PlayArgs),
    /// Replay game records and print each game's settlement (or --stats).
    Replay(replay::ReplayArgs),
    /// Write every game of an ISS file as one JSON object per line.
    Export(export::ExportArgs),
    /// Count the legal card sequences of the first N card plays of a deal.
    Perft(perft::PerftArgs),
    /// Measure engine speed.
    Bench(bench::BenchArgs),
    /// A duplicate tournament between two bot configurations.
    Sim(sim::SimArgs),
    /// Check every card of saved deals with all hands known.
    Analyse(analyse::AnalyseArgs),
    /// Solve a position double dummy: the value of each legal card.
    Solve(solve::SolveArgs),
    /// Serve the browser front end and its tables.
    Serve(serve::ServeArgs),
    /// Load a server with tables of bots and simulated people.
    Loadtest(loadtest::LoadtestArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A user's mistake (a missing file, a bad option value) is said in
        // words, with its causes, and never with a backtrace, whatever
        // RUST_BACKTRACE says.
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Export(args) => export::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Sim(args) => sim::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Loadtest(args) => loadtest::run(args),
    }
}
