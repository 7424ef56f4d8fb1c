//! `trumpf play`: a Skat session against two bots (or three at a
//! four-member table, where the dealer sits out), a game of Spitzer against
//! three, or a game of Spidge against two, in the terminal.
//!
//! This module only reads the options: it opens the table (the rules, the
//! seed, the person and the bots: [`trumpf_tui::setup`]; or the table a
//! saved file continues, [`Resumable`]), chooses the file every action is
//! saved to, and hands both to the terminal UI, [`trumpf_tui::play`], which
//! runs it and says how it ended.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use trumpf_ai::external::Command;
use trumpf_core::GameId;
use trumpf_core::series::{MatchGame, MatchStatus, SkatMatchRules};
use trumpf_core::skat::{MatchFormat, Scoring, SkatGame};
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_table::{BotKind, Controller, Resumable, SaveFormat, Table, saved_game};
use trumpf_tui::{Options, TuiGame};

/// Arguments of `trumpf play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game: skat (the default; you and two bots, or three with
    /// --members 4), spitzer (you and three bots, a game to 42) or spidge
    /// (you and two bots, a game to 3). With --resume, the file's game.
    pub game: Option<String>,
    /// Seed for the deals: deal N is dealt from seed + N - 1, so the same
    /// seed gives the same deals (random when absent; the title line shows
    /// it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The file the game is saved to, at the start and after every action
    /// (written whole each time, so a killed game leaves a readable file).
    /// Skat: ISS records, or a trumpf match record (see --format); Spitzer
    /// and Spidge: a trumpf match record. An existing FILE is refused unless
    /// --resume or --force is given. Without --save: GAME-SEED.sgf or .txt
    /// in $TRUMPF_SAVE_DIR, else $XDG_DATA_HOME/trumpf, else
    /// ~/.local/share/trumpf. The summary on quitting names the file.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Continue the game saved in FILE where it ends, mid-deal included,
    /// with its seed, rules and score sheet (a trumpf match record of any
    /// game, or ISS records saved by trumpf play). The game goes on being
    /// saved to FILE (or to --save).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Overwrite the --save FILE if it exists.
    #[arg(long)]
    pub force: bool,
    /// How strong the bots are: easy, medium (the default) or hard (PIMC
    /// bots that sample the hidden cards and solve each sample; harder
    /// thinks more and bids by simulation), or heuristic (rules of thumb)
    /// or random. With --resume too.
    #[arg(long, value_name = "LEVEL", default_value = "medium")]
    pub bots: BotKind,
    /// An outside program in a bot's seat, speaking the bot protocol
    /// (docs/bot-protocol.md): `cmd:COMMAND` or `cmd[timeout=MS]:COMMAND`,
    /// e.g. "cmd:python3 examples/random_bot.py". Give it again for the next seat;
    /// the other seats keep --bots. A program that fails, answers too late
    /// or dies is stood in for by its first legal action, and the table
    /// says so.
    #[arg(long = "bot", value_name = "cmd:COMMAND")]
    pub programs: Vec<Command>,
    /// Pause between bot moves, in milliseconds, so their play can be followed.
    #[arg(long, value_name = "MS", default_value_t = 400)]
    pub delay: u64,
    /// No pause between bot moves (the same as --delay 0).
    #[arg(long)]
    pub fast: bool,
    /// Skat only: the rules. isko (default): the International Skat Order.
    /// pub: a Schieberamsch when all three pass, Kontra/Re, Bock rounds.
    /// pirat: play to 100, then one Bock round and one Schieberamsch round,
    /// and the match ends. xskat: XSkat's pub table: Spitze, Schenken,
    /// Klopfen, Schieberamsch when all pass, Kontra/Re, Bock rounds each
    /// followed by a Ramsch round. FILE.toml: a rules file (a preset and the keys of
    /// the trumpf record's rules line, docs/records.md). The title and the
    /// bottom of the table show the rules in force; saved records name them.
    #[arg(long, value_name = "isko|pub|pirat|xskat|FILE.toml")]
    pub rules: Option<String>,
    /// Skat only: a list of N deals; the match ends after the Nth and the
    /// highest total wins (not with the Pirat rules, whose match ends after
    /// its Ramsch round).
    #[arg(long, value_name = "N")]
    pub deals: Option<u32>,
    /// Skat only: how sessions are saved. iss (default): ISS records (one
    /// game per line, readable by other Skat programs) as long as every
    /// deal can be one; ISS cannot express a Ramsch, Kontra/Re, a Bock deal
    /// or some house rules, so from such a deal on the whole session is
    /// written as a trumpf match record instead (to the same file), and `w`
    /// says why. trumpf:
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
    if let Some(file) = args.resume.clone() {
        return resume(&args, &file);
    }
    let game = args.game.as_deref().unwrap_or("skat");
    let Ok(id) = game.parse::<GameId>() else { bail!("unknown game {game:?}: `trumpf play` plays one of {GAMES}") };
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
fn options(args: &PlayArgs, save: PathBuf, format: SaveFormat, invocation: String) -> Options {
    Options { save, format, delay: Duration::from_millis(if args.fast { 0 } else { args.delay }), invocation }
}

/// The format asked for, ISS records for Skat by default.
fn format(args: &PlayArgs) -> SaveFormat {
    args.format.map(SaveFormat::from).unwrap_or_default()
}

fn run_skat(args: &PlayArgs) -> Result<()> {
    let rules = skat_rules(args)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let spec = args.rules.as_deref().unwrap_or("isko");
    let at = args.members.map_or_else(String::new, |m| format!(" --members {m}"));
    let save = save_file::<SkatGame>(args, seed, format(args))?;
    let options = options(args, save, format(args), format!("trumpf play --seed {seed} --rules {spec}{at}"));
    play(open::<SkatGame>(args, rules, seed)?, &options)
}

/// The table of a new game: the person, the bots of `--bots`, and the
/// programs of `--bot` in the first bot seats.
fn open<G: TuiGame>(args: &PlayArgs, rules: <G as MatchGame>::Rules, seed: u64) -> Result<Table<G>> {
    let mut setup = trumpf_tui::setup_with::<G>(rules, seed, args.bots);
    seat_programs(&mut setup.controllers, &args.programs)?;
    Ok(Table::new(setup)?)
}

/// Puts the `--bot` programs into the bot seats, in order, keeping the
/// seats' names.
fn seat_programs(controllers: &mut [Controller], programs: &[Command]) -> Result<()> {
    let seats: Vec<usize> = (0..controllers.len()).filter(|&i| controllers[i].bot_kind().is_some()).collect();
    if programs.len() > seats.len() {
        bail!("{} programs for {} bot seats: give --bot at most {} times", programs.len(), seats.len(), seats.len());
    }
    for (&i, command) in seats.iter().zip(programs) {
        let name = controllers[i].name().to_owned();
        controllers[i] = Controller::program(command.clone(), name);
    }
    Ok(())
}

/// `trumpf play` for a game played as a match under its own `rules`.
fn run_match<G: TuiGame>(args: &PlayArgs, rules: <G as MatchGame>::Rules) -> Result<()> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let save = save_file::<G>(args, seed, SaveFormat::Trumpf)?;
    let options = options(args, save, format(args), format!("trumpf play {} --seed {seed}", G::NAME));
    play(open::<G>(args, rules, seed)?, &options)
}

/// Plays `table` in the terminal; prints the summary, and fails when the
/// game as it ended could not be saved.
fn play<G: TuiGame>(table: Table<G>, options: &Options) -> Result<()> {
    let ending = trumpf_tui::play::<G>(table, options)?;
    print!("{}", ending.farewell);
    if let Some(unsaved) = ending.unsaved {
        bail!("{unsaved}");
    }
    Ok(())
}

/// The file a new game is saved to: `--save` (refused if it exists, unless
/// `--force`), or a new file in the save directory.
fn save_file<G: TuiGame>(args: &PlayArgs, seed: u64, format: SaveFormat) -> Result<PathBuf> {
    match &args.save {
        Some(path) => {
            refuse_existing(path, args.force)?;
            Ok(path.clone())
        }
        None => {
            let dir = save_dir();
            std::fs::create_dir_all(&dir).with_context(|| {
                format!("cannot make the save directory {} (--save FILE saves elsewhere)", dir.display())
            })?;
            Ok(unused(&dir, &trumpf_tui::file_name::<G>(seed, format)))
        }
    }
}

/// An existing file is not overwritten unless asked to.
fn refuse_existing(path: &Path, force: bool) -> Result<()> {
    if !force && path.exists() {
        bail!("{} exists: `--resume {0}` continues the game saved in it, `--force` overwrites it", path.display());
    }
    Ok(())
}

/// Where games are saved without `--save`: `$TRUMPF_SAVE_DIR`, else
/// `$XDG_DATA_HOME/trumpf`, else `~/.local/share/trumpf`, else the current
/// directory.
fn save_dir() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("TRUMPF_SAVE_DIR")
        .or_else(|| var("XDG_DATA_HOME").map(|d| d.join("trumpf")))
        .or_else(|| var("HOME").map(|d| d.join(".local/share/trumpf")))
        .unwrap_or_else(|| PathBuf::from("."))
}

/// `dir/name`, or `dir/stem-2.ext`, `-3`, ... if that is taken.
fn unused(dir: &Path, name: &str) -> PathBuf {
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    (1..)
        .map(|n| if n == 1 { dir.join(name) } else { dir.join(format!("{stem}-{n}.{ext}")) })
        .find(|path| !path.exists())
        .unwrap_or_else(|| dir.join(name))
}

/// `trumpf play --resume FILE`: the game of the file, continued where it
/// ends, saved to FILE (or `--save`).
fn resume(args: &PlayArgs, file: &Path) -> Result<()> {
    let given = [
        ("--seed", args.seed.is_some()),
        ("--rules", args.rules.is_some()),
        ("--deals", args.deals.is_some()),
        ("--members", args.members.is_some()),
        ("--seeger-fabian", args.seeger_fabian),
    ];
    if let Some((flag, _)) = given.iter().find(|(_, given)| *given) {
        bail!(
            "{flag} cannot be given with --resume: the game goes on with the seed and rules saved in {}",
            file.display()
        );
    }
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let text = String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{} is not a text file", file.display()))?;
    let id = saved_game(&text).with_context(|| format!("{} holds no saved game", file.display()))?;
    if let Some(game) = &args.game
        && game.parse::<GameId>().ok() != Some(id)
    {
        bail!("{} holds a game of {}, not {game:?}", file.display(), id.name());
    }
    match id {
        GameId::Skat => resume_game::<SkatGame>(args, file, &text),
        GameId::Spitzer => resume_game::<SpitzerGame>(args, file, &text),
        GameId::Spidge => resume_game::<SpidgeGame>(args, file, &text),
    }
}

fn resume_game<G: TuiGame>(args: &PlayArgs, file: &Path, text: &str) -> Result<()> {
    let what = || format!("{} cannot be continued", file.display());
    let saved = Resumable::<G>::read(text).with_context(what)?;
    // The person and the bots as at a new table of these rules.
    let mut controllers = trumpf_tui::setup_with::<G>(saved.rules.clone(), saved.seed, args.bots).controllers;
    seat_programs(&mut controllers, &args.programs)?;
    let table = saved.table(controllers).with_context(what)?;
    if let MatchStatus::Won(_) | MatchStatus::Drawn = table.status() {
        bail!("the match saved in {} is over: `trumpf replay {0}` shows it", file.display());
    }
    let save = match &args.save {
        Some(path) if path != file => {
            refuse_existing(path, args.force)?;
            path.clone()
        }
        _ => file.to_owned(),
    };
    let format = args.format.map_or(saved.format, SaveFormat::from);
    let options = options(args, save, format, format!("trumpf play --resume {}", file.display()));
    play(table, &options)
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
            game: Some(game.into()),
            seed: None,
            save: None,
            resume: None,
            force: false,
            bots: BotKind::Heuristic,
            programs: Vec::new(),
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
            (PlayArgs { rules: Some("casino".into()), ..args("skat") }, "isko, pub, pirat, xskat"),
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
