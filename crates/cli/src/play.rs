//! `trumpf play`: a Skat session against two bots (or three at a
//! four-member table, where the dealer sits out), a game of Spitzer against
//! three, or a game of Spidge against two, in the terminal.
//!
//! This module only reads the options: it makes the table's setup (the
//! rules, the seed, the person and the bots: [`trumpf_tui::setup`]) and
//! hands it to the terminal UI, [`trumpf_tui::play`], which runs it and
//! says how it ended.

use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};
use trumpf_core::GameId;
use trumpf_core::series::{MatchGame, SkatMatchRules};
use trumpf_core::skat::{MatchFormat, Scoring, SkatGame};
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_table::SaveFormat;
use trumpf_tui::{Options, TuiGame};

/// Arguments of `trumpf play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game: skat (you and two bots, or three with --members 4), spitzer (you and three bots, a
    /// game to 42) or spidge (you and two bots, a game to 3).
    #[arg(default_value = "skat")]
    pub game: String,
    /// Seed for the deals: deal N is dealt from seed + N - 1 (for Skat
    /// `SkatDeal::from_seed(seed + N - 1)`), so the same seed gives the same
    /// deals (random when absent; the title line shows it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Save after every deal, rewriting FILE. Skat: ISS records, or a trumpf
    /// match record (see --format); without --save the `w` key saves to
    /// trumpf-session.sgf (ISS) or trumpf-skat.txt (trumpf record). Spitzer
    /// and Spidge: a trumpf match record (`w` without --save:
    /// trumpf-spitzer.txt / trumpf-spidge.txt).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Pause between bot moves, in milliseconds, so their play can be followed.
    #[arg(long, value_name = "MS", default_value_t = 400)]
    pub delay: u64,
    /// No pause between bot moves (the same as --delay 0).
    #[arg(long)]
    pub fast: bool,
    /// Skat only: the rules. isko (default): the International Skat Order.
    /// pub: a Schieberamsch when all three pass, Kontra/Re, Bock rounds.
    /// pirat: play to 100, then one Bock round and one Schieberamsch round,
    /// and the match ends. FILE.toml: a rules file (a preset and the keys of
    /// the trumpf record's rules line, docs/records.md). The title and the
    /// bottom of the table show the rules in force; saved records name them.
    #[arg(long, value_name = "isko|pub|pirat|FILE.toml")]
    pub rules: Option<String>,
    /// Skat only: a list of N deals; the match ends after the Nth and the
    /// highest total wins (not with the Pirat rules, whose match ends after
    /// its Ramsch round).
    #[arg(long, value_name = "N")]
    pub deals: Option<u32>,
    /// Skat only: how sessions are saved. iss (default): ISS records (one
    /// game per line, readable by other Skat programs) as long as every
    /// finished deal can be one; ISS cannot express a Ramsch, Kontra/Re, a
    /// Bock deal or some house rules, so from such a deal on the whole
    /// session is written as a trumpf match record instead (to the --save
    /// FILE, or trumpf-skat.txt), and the status line says why. trumpf:
    /// always the trumpf match record, which keeps the rules, every deal and
    /// the Bock and Ramsch rounds. `trumpf replay` reads both.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<Format>,
    /// Skat only: score the list by Seeger–Fabian instead of the classic
    /// sheet (on top of --rules).
    #[arg(long)]
    pub seeger_fabian: bool,
    /// Skat only: members of the table (on top of --rules, whose
    /// `table_size` it overrides). 3: you and two bots. 4: you and three
    /// bots; the dealer sits out each deal, so every fourth deal you deal
    /// and watch the three others play it.
    #[arg(long, value_name = "3|4", value_parser = clap::value_parser!(u8).range(3..=4))]
    pub members: Option<u8>,
}

/// The format asked for with `--format`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum Format {
    /// ISS records while every deal can be one; a trumpf match record once
    /// a deal cannot (a Ramsch, Kontra, a Bock deal), saying why.
    #[default]
    Iss,
    /// Always the trumpf match record.
    Trumpf,
}

impl From<Format> for SaveFormat {
    fn from(format: Format) -> SaveFormat {
        match format {
            Format::Iss => SaveFormat::Iss,
            Format::Trumpf => SaveFormat::Trumpf,
        }
    }
}

/// The games `trumpf play` knows.
const GAMES: &str = "skat, spitzer, spidge";

pub fn run(args: PlayArgs) -> Result<()> {
    let Ok(id) = args.game.parse::<GameId>() else {
        bail!("unknown game {:?}: `trumpf play` plays one of {GAMES}", args.game)
    };
    if id != GameId::Skat {
        let game = id.name();
        let skat_only = [
            ("--seeger-fabian", args.seeger_fabian),
            ("--rules", args.rules.is_some()),
            ("--deals", args.deals.is_some()),
            ("--format", args.format.is_some()),
            ("--members", args.members.is_some()),
        ];
        if let Some((flag, _)) = skat_only.iter().find(|(_, given)| *given) {
            bail!("{flag} is a Skat option; {game} has its own rules and scoring");
        }
    }
    match id {
        GameId::Skat => run_skat(&args),
        GameId::Spitzer => run_match::<SpitzerGame>(&args, Default::default()),
        GameId::Spidge => run_match::<SpidgeGame>(&args, Default::default()),
    }
}

/// The Skat rules asked for: `--rules`, with `--seeger-fabian`, `--deals`
/// and `--members` on top.
fn skat_rules(args: &PlayArgs) -> Result<SkatMatchRules> {
    let mut rules = crate::rules::skat_rules(args.rules.as_deref().unwrap_or("isko"))?;
    if args.seeger_fabian {
        rules.table.scoring = Scoring::SeegerFabian;
    }
    if let Some(deals) = args.deals {
        if deals == 0 {
            bail!("--deals: a list has at least one deal");
        }
        rules.deals = Some(deals);
    }
    if let Some(members) = args.members {
        rules.table.table_size = members;
    }
    if matches!(rules.table.format, MatchFormat::Pirat { .. }) && rules.deals.is_some() {
        bail!("a Pirat match ends after its Ramsch round; it takes no fixed number of deals");
    }
    Ok(rules)
}

/// How the terminal runs: the save file and format, the pause between bot
/// moves, and the command that plays the same table again.
fn options(args: &PlayArgs, invocation: String) -> Options {
    Options {
        save: args.save.clone(),
        format: args.format.map(SaveFormat::from).unwrap_or_default(),
        delay: Duration::from_millis(if args.fast { 0 } else { args.delay }),
        invocation,
    }
}

fn run_skat(args: &PlayArgs) -> Result<()> {
    let rules = skat_rules(args)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let spec = args.rules.as_deref().unwrap_or("isko");
    let at = args.members.map_or_else(String::new, |m| format!(" --members {m}"));
    let options = options(args, format!("trumpf play --seed {seed} --rules {spec}{at}"));
    print!("{}", trumpf_tui::play::<SkatGame>(trumpf_tui::setup::<SkatGame>(rules, seed), &options)?);
    Ok(())
}

/// `trumpf play` for a game played as a match under its own `rules`.
fn run_match<G: TuiGame>(args: &PlayArgs, rules: <G as MatchGame>::Rules) -> Result<()> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let options = options(args, format!("trumpf play {} --seed {seed}", G::NAME));
    print!("{}", trumpf_tui::play::<G>(trumpf_tui::setup::<G>(rules, seed), &options)?);
    Ok(())
}

/// A seed from the clock, for a session without `--seed`.
fn clock_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos % 1_000_000) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(game: &str) -> PlayArgs {
        PlayArgs {
            game: game.into(),
            seed: None,
            save: None,
            delay: 0,
            fast: true,
            rules: None,
            deals: None,
            format: None,
            seeger_fabian: false,
            members: None,
        }
    }

    #[test]
    fn an_unknown_game_is_refused_with_the_list_of_games() {
        let error = run(args("chess")).unwrap_err().to_string();
        assert!(error.contains("\"chess\"") && error.contains("skat, spitzer, spidge"), "{error}");
        let error = run(PlayArgs { seeger_fabian: true, ..args("Spidge") }).unwrap_err().to_string();
        assert!(error.contains("Skat option"), "{error}");
        let error = run(PlayArgs { rules: Some("pub".into()), ..args("spitzer") }).unwrap_err().to_string();
        assert!(error.starts_with("--rules is a Skat option"), "{error}");
    }

    #[test]
    fn skat_rules_come_from_the_options() {
        use trumpf_core::skat::SkatRules;
        let rules = skat_rules(&args("skat")).unwrap();
        assert_eq!(rules, SkatMatchRules::default());
        let rules =
            skat_rules(&PlayArgs { rules: Some("pub".into()), deals: Some(12), seeger_fabian: true, ..args("skat") })
                .unwrap();
        assert_eq!(rules.table, SkatRules { scoring: Scoring::SeegerFabian, ..SkatRules::PUB });
        assert_eq!(rules.deals, Some(12));
        assert!(trumpf_table::skat::summary(&rules).starts_with("pub · "), "{}", trumpf_table::skat::summary(&rules));
        for (bad, needle) in [
            (PlayArgs { rules: Some("pirat".into()), deals: Some(9), ..args("skat") }, "Pirat match ends"),
            (PlayArgs { deals: Some(0), ..args("skat") }, "at least one deal"),
            (PlayArgs { rules: Some("casino".into()), ..args("skat") }, "isko, pub, pirat"),
        ] {
            let error = skat_rules(&bad).unwrap_err().to_string();
            assert!(error.contains(needle), "{error}");
        }
    }

    #[test]
    fn members_seat_four_over_any_rules() {
        let rules = skat_rules(&PlayArgs { members: Some(4), rules: Some("pub".into()), ..args("skat") }).unwrap();
        assert_eq!(rules.table.table_size, 4);
        assert_eq!(trumpf_table::skat::summary(&rules), "pub · Ramsch when all pass · Kontra/Re · Bock · 4 members");
        // A rules file asks for four; --members 3 overrides it.
        let file = std::env::temp_dir().join(format!("trumpf-four-{}.toml", std::process::id()));
        std::fs::write(&file, "table_size = 4\n").unwrap();
        let spec = Some(file.display().to_string());
        assert_eq!(skat_rules(&PlayArgs { rules: spec.clone(), ..args("skat") }).unwrap().table.table_size, 4);
        let three = skat_rules(&PlayArgs { rules: spec, members: Some(3), ..args("skat") }).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert_eq!(three.table.table_size, 3);
        assert_eq!(trumpf_tui::names(4), ["You", "Bot 1", "Bot 2", "Bot 3"]);
        let error = run(PlayArgs { members: Some(4), ..args("spitzer") }).unwrap_err().to_string();
        assert!(error.starts_with("--members is a Skat option"), "{error}");
    }

    #[test]
    fn members_takes_three_or_four() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            play: PlayArgs,
        }
        let parse = |n: &str| Cli::try_parse_from(["play", "--members", n]).map(|cli| cli.play.members);
        assert_eq!(parse("4").unwrap(), Some(4));
        assert_eq!(parse("3").unwrap(), Some(3));
        for bad in ["2", "5", "four"] {
            assert!(parse(bad).is_err(), "--members {bad}");
        }
    }
}
