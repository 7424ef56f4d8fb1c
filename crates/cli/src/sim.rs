//! `trumpf sim GAME --a BOT --b BOT --deals N --seed S [--rules R]
//! [--threads T] [--json] [--plot FILE.svg]`: a duplicate tournament between
//! two bot configurations (`trumpf_ai::tournament`).
//!
//! Every deal is played in every arrangement of A and B over the seats in
//! which both appear (Skat and Spidge 6, Spitzer 14), on all cores. The
//! result is A's mean score per deal-seat minus B's with its 95% confidence
//! interval (Skat in Seeger–Fabian points, the others in game points), the
//! pass-in rate and each side's declared games, successes by type and
//! (Skat) games lost as overbids. It
//! depends only on the seed: any thread count gives the same numbers. With
//! `--json` the last line is one JSON object (keys `game`, `a`, `b`,
//! `deals`, `a_minus_b`, `ci95` and more).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use trumpf_ai::perfect::{self, CardPlay, Perfect};
use trumpf_ai::tournament::{DealResult, Player, Side, Summary, TournamentGame, play_deal};
use trumpf_ai::{Bot, BotGame, BotSpec};
use trumpf_core::series::record::RecordGame;
use trumpf_core::skat::SkatGame;
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{Game, GameId};

use crate::rules::skat_rules;

/// Arguments of `trumpf sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// The game: skat, spitzer or spidge.
    pub game: GameId,
    /// Configuration A: random, heuristic, pimc[:worlds=N,inference=on|off,exact=N,bidding=N,bid=P,null=P,policy=P,resample=N,rollouts=on|off,pickup=best|kind,discards=N,pickupdeals=auto|N,budget=N], easy, medium,
    /// hard, perfect (sees every card), perfect:play=BOT (sees every card until the first card, then plays as BOT),
    /// or cmd:COMMAND (an outside program speaking the bot protocol,
    /// docs/bot-protocol.md; cmd[timeout=MS]:COMMAND sets its time per answer, 5000 ms by default).
    #[arg(long)]
    pub a: BotSpec,
    /// Configuration B (as --a).
    #[arg(long)]
    pub b: BotSpec,
    /// Deals to play (each in every arrangement).
    #[arg(long, default_value_t = 100)]
    pub deals: u64,
    /// Seed: deal k is dealt from seed + k, so runs with seeds closer than
    /// --deals share deals; runs meant to be independent need seeds further
    /// apart.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Skat: isko (default), pub, pirat, xskat or FILE.toml; Spitzer and Spidge:
    /// their rules as the record's key=value pairs (e.g. "target=3 jokers=false").
    #[arg(long)]
    pub rules: Option<String>,
    /// Worker threads (default: every core). The results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object as the last line.
    #[arg(long)]
    pub json: bool,
    /// Draw the running mean of A − B with its 95% band as an SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Write every deal's games as JSON lines: one object per deal with
    /// its A − B and, per arrangement, the seats that played A, each
    /// seat's score and the game played.
    #[arg(long, value_name = "FILE.jsonl")]
    pub games: Option<PathBuf>,
}

/// One deal of `--games` (one JSON line).
#[derive(Debug, Serialize)]
struct JsonDeal<'a> {
    deal: u64,
    a_minus_b: f64,
    games: Vec<JsonGame<'a>>,
}

/// One arrangement's game of a deal.
#[derive(Debug, Serialize)]
struct JsonGame<'a> {
    /// The seats that played A, by index.
    a_seats: Vec<usize>,
    /// Each seat's score.
    scores: Vec<i64>,
    /// The game played, if one was declared.
    game: Option<&'a str>,
    /// The declaring seats, by index.
    declarers: Vec<usize>,
    made: Option<bool>,
    passed_in: bool,
    overbid: bool,
}

/// The JSON summary (the last line with `--json`).
#[derive(Debug, Serialize)]
struct JsonSummary<'a> {
    game: &'static str,
    a: String,
    b: String,
    deals: u64,
    games: u64,
    seed: u64,
    a_minus_b: f64,
    ci95: f64,
    unit: &'static str,
    pass_in_rate: f64,
    declared: [Vec<JsonGames<'a>>; 2],
    /// Per side, the games it declared and lost as overbids.
    overbids: [u64; 2],
    /// Per side, decisions at which a bot failed (an outside program) and
    /// its first legal action was played instead.
    fallbacks: [u64; 2],
}

#[derive(Debug, Serialize)]
struct JsonGames<'a> {
    side: &'static str,
    game: &'a str,
    declared: u64,
    made: u64,
}

pub fn run(args: SimArgs) -> Result<()> {
    if args.deals == 0 {
        bail!("--deals must be at least 1");
    }
    let pool = match args.threads {
        Some(0) => bail!("--threads must be at least 1"),
        Some(n) => rayon::ThreadPoolBuilder::new().num_threads(n).build().context("could not start the threads")?,
        None => rayon::ThreadPoolBuilder::new().build().context("could not start the threads")?,
    };
    pool.install(|| match args.game {
        GameId::Skat => {
            let rules = match &args.rules {
                Some(spec) => skat_rules(spec)?,
                None => Default::default(),
            };
            tournament::<SkatGame>(&args, rules)
        }
        GameId::Spitzer => tournament::<SpitzerGame>(&args, record_rules::<SpitzerGame>(&args)?),
        GameId::Spidge => tournament::<SpidgeGame>(&args, record_rules::<SpidgeGame>(&args)?),
    })
}

/// Spitzer's and Spidge's rules as `key=value` pairs.
fn record_rules<G: RecordGame>(args: &SimArgs) -> Result<G::Rules> {
    match &args.rules {
        None => Ok(G::Rules::default()),
        Some(text) => G::read_rules(text).with_context(|| format!("--rules {text:?}")),
    }
}

/// A seat's player for a spec: a bot on its view, or the perfect player.
/// Bots are watched: a failure they recovered from (an outside program's
/// timeout, illegal answer or death) is counted in `log`.
fn player<G>(spec: &BotSpec, seed: u64, log: &Arc<Mutex<Troubles>>) -> Player<G>
where
    G: TournamentGame + BotGame + CardPlay,
    Perfect: trumpf_ai::tournament::Omniscient<G>,
{
    // Only the perfect players are no bots: they see the whole state.
    match perfect::omniscient::<G>(spec, seed) {
        Some(player) => Player::Omniscient(player),
        None => match G::bot(spec, seed) {
            Ok(bot) => Player::Bot(Box::new(Watched { bot, log: Arc::clone(log) })),
            Err(_) => Player::Omniscient(Box::new(Perfect::new())),
        },
    }
}

/// The failures one side's bots recovered from.
#[derive(Debug, Default)]
struct Troubles {
    /// Decisions that fell back to the first legal action.
    count: u64,
    /// The first failure's words.
    first: Option<String>,
}

/// A bot whose recovered failures are counted.
struct Watched<G: Game> {
    bot: Box<dyn Bot<G>>,
    log: Arc<Mutex<Troubles>>,
}

impl<G: Game> Bot<G> for Watched<G> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, view: &G::View) -> G::Action {
        let action = self.bot.choose(view);
        if let Some(trouble) = self.bot.take_trouble()
            && let Ok(mut log) = self.log.lock()
        {
            log.count += 1;
            log.first.get_or_insert(trouble);
        }
        action
    }
}

fn tournament<G>(args: &SimArgs, rules: G::Rules) -> Result<()>
where
    G: TournamentGame + BotGame + CardPlay,
    Perfect: trumpf_ai::tournament::Omniscient<G>,
{
    let bar = ProgressBar::new(args.deals);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} deals, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let logs = [Arc::new(Mutex::new(Troubles::default())), Arc::new(Mutex::new(Troubles::default()))];
    let make = |side: Side, seed: u64| match side {
        Side::A => player::<G>(&args.a, seed, &logs[0]),
        Side::B => player::<G>(&args.b, seed, &logs[1]),
    };
    let results: Vec<DealResult> = (0..args.deals)
        .into_par_iter()
        .map(|k| {
            let result = play_deal::<G>(&rules, args.seed, k, &make);
            bar.inc(1);
            result
        })
        .collect();
    bar.finish_and_clear();
    if let Some(path) = &args.games {
        write_games(path, &results).with_context(|| format!("could not write {}", path.display()))?;
    }
    let summary = Summary::of(&results);
    let unit = if G::NAME == "skat" { "Seeger–Fabian points" } else { "game points" };
    print_summary(args, G::NAME, unit, &summary);
    let fallbacks = logs.each_ref().map(|log| log.lock().map(|l| l.count).unwrap_or(0));
    for (name, log) in ["A", "B"].iter().zip(&logs) {
        if let Ok(log) = log.lock()
            && log.count > 0
        {
            let first = log.first.as_deref().unwrap_or("");
            eprintln!(
                "note: {name}'s bot failed at {} decisions and its first legal action was played instead; the first: {first}",
                log.count
            );
        }
    }
    if let Some(path) = &args.plot {
        plot(path, &Summary::running(&results), &format!("{} − {}", args.a, args.b), unit)
            .with_context(|| format!("could not draw {}", path.display()))?;
        println!("plot {}", path.display());
    }
    if args.json {
        let declared = [0, 1].map(|i| {
            summary.declared[i]
                .iter()
                .map(|(game, declared, made)| JsonGames {
                    side: if i == 0 { "a" } else { "b" },
                    game,
                    declared: *declared,
                    made: *made,
                })
                .collect()
        });
        let json = JsonSummary {
            game: G::NAME,
            a: args.a.to_string(),
            b: args.b.to_string(),
            deals: summary.deals,
            games: summary.games,
            seed: args.seed,
            a_minus_b: summary.a_minus_b,
            ci95: summary.ci95,
            unit: if G::NAME == "skat" { "seeger_fabian" } else { "game_points" },
            pass_in_rate: summary.pass_in_rate,
            declared,
            overbids: summary.overbids,
            fallbacks,
        };
        println!("{}", serde_json::to_string(&json)?);
    }
    Ok(())
}

/// Every deal's games as JSON lines (`--games`).
fn write_games(path: &Path, results: &[DealResult]) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    for result in results {
        // Every arrangement of A and B over s seats in which both appear: 2^s − 2.
        let seats = (result.games.len() + 2).trailing_zeros() as usize;
        let seat_list = |bits: u8| (0..seats).filter(|s| bits >> s & 1 == 1).collect::<Vec<_>>();
        let deal = JsonDeal {
            deal: result.deal,
            a_minus_b: result.a_minus_b,
            games: result
                .games
                .iter()
                .map(|g| JsonGame {
                    a_seats: seat_list(g.a_seats),
                    scores: g.scores[..seats].to_vec(),
                    game: g.facts.game.as_deref(),
                    declarers: seat_list(g.facts.declarers),
                    made: g.facts.made,
                    passed_in: g.facts.passed_in,
                    overbid: g.facts.overbid,
                })
                .collect(),
        };
        serde_json::to_writer(&mut out, &deal)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}

fn print_summary(args: &SimArgs, game: &str, unit: &str, s: &Summary) {
    println!("{game}: A = {}, B = {}, {} deals ({} games), seed {}", args.a, args.b, s.deals, s.games, args.seed);
    println!("A − B per deal and seat: {:+.2} ± {:.2} {unit} (95%)", s.a_minus_b, s.ci95);
    if game == "skat" {
        println!("passed in: {:.1}% of the games", 100.0 * s.pass_in_rate);
    }
    for (i, name) in ["A", "B"].iter().enumerate() {
        let rows = &s.declared[i];
        if rows.is_empty() {
            continue;
        }
        let total: u64 = rows.iter().map(|r| r.1).sum();
        let made: u64 = rows.iter().map(|r| r.2).sum();
        let by_type: Vec<String> = rows
            .iter()
            .map(|(g, d, m)| format!("{g} {d} ({:.0}% made)", 100.0 * *m as f64 / (*d).max(1) as f64))
            .collect();
        let overbids = match s.overbids[i] {
            0 => String::new(),
            n => format!(", {n} lost as overbids"),
        };
        println!(
            "{name} declared {total}, made {:.1}%{overbids}: {}",
            100.0 * made as f64 / total.max(1) as f64,
            by_type.join(", ")
        );
    }
}

/// The running mean with its band, as an SVG line chart.
fn plot(path: &Path, running: &[(f64, f64)], title: &str, unit: &str) -> Result<()> {
    use plotters::prelude::*;
    let root = SVGBackend::new(path, (800, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let lo = running.iter().map(|(m, c)| m - c).fold(f64::INFINITY, f64::min).min(0.0);
    let hi = running.iter().map(|(m, c)| m + c).fold(f64::NEG_INFINITY, f64::max).max(0.0);
    let pad = ((hi - lo) * 0.05).max(1e-6);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(1f64..(running.len().max(2) as f64), (lo - pad)..(hi + pad))?;
    chart.configure_mesh().x_desc("deals").y_desc(format!("A − B, {unit}")).draw()?;
    let band: Vec<(f64, f64)> = running
        .iter()
        .enumerate()
        .map(|(i, (m, c))| ((i + 1) as f64, m + c))
        .chain(running.iter().enumerate().rev().map(|(i, (m, c))| ((i + 1) as f64, m - c)))
        .collect();
    chart.draw_series(std::iter::once(Polygon::new(band, BLUE.mix(0.2))))?;
    chart.draw_series(LineSeries::new(running.iter().enumerate().map(|(i, (m, _))| ((i + 1) as f64, *m)), &BLUE))?;
    chart.draw_series(LineSeries::new([(1.0, 0.0), (running.len().max(2) as f64, 0.0)], &BLACK))?;
    root.present()?;
    Ok(())
}
