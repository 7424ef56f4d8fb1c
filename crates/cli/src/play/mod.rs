//! `trumpf play`: a Skat session against two bots (or three at a
//! four-member table, where the dealer sits out), a game of Spitzer against
//! three, or a game of Spidge against two, in the terminal.
//!
//! Model / Msg / update / view: [`model::Model`] holds the Skat session and
//! the screen state and changes only in [`model::Model::update`]; [`ui`]
//! draws it (`impl Widget for &Model`). Spitzer and Spidge share one model
//! for any game played as a match ([`common::MatchModel`], over a
//! [`table::Table`]); [`spitzer`] and [`spidge`] draw their screens. Here live
//! the terminal and two threads that turn the outside world into messages:
//! one reads keys, one runs the bots, which see only their own seat's view
//! and answer with a message, so the screen never waits for them.

mod common;
mod input;
mod model;
mod record;
mod session;
mod spidge;
mod spitzer;
mod table;
mod ui;

use std::io::{self, Stdout};
use std::path::PathBuf;
use std::sync::Once;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};
use clap::Args;
use crossterm::event::{self, Event};
use crossterm::{cursor, execute, terminal};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::{MatchFormat, Scoring};

use model::{Cmd, Model, Msg, SkatSave};
use record::SaveFormat;
use session::BotRequest;

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
    pub format: Option<SaveFormat>,
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

/// The names of the `members` members: the human, then the bots.
fn names(members: usize) -> Vec<String> {
    ["You", "Bot 1", "Bot 2", "Bot 3"].iter().take(members).map(|&name| name.to_owned()).collect()
}

/// The games `trumpf play` knows.
const GAMES: &str = "skat, spitzer, spidge";

pub fn run(args: PlayArgs) -> Result<()> {
    let game = args.game.to_ascii_lowercase();
    if game != "skat" {
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
    match game.as_str() {
        "skat" => run_skat(args),
        "spitzer" => spitzer::run(&args),
        "spidge" => spidge::run(&args),
        _ => bail!("unknown game {:?}: `trumpf play` plays one of {GAMES}", args.game),
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

/// The pause between bot moves asked for.
fn delay(args: &PlayArgs) -> Duration {
    Duration::from_millis(if args.fast { 0 } else { args.delay })
}

fn run_skat(args: PlayArgs) -> Result<()> {
    let rules = skat_rules(&args)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let summary = crate::rules::summary(&rules);
    let save = SkatSave { path: args.save.clone(), auto: args.save.is_some(), format: args.format.unwrap_or_default() };
    let delay = delay(&args);
    let members = usize::from(rules.table.table_size);
    let names = names(members);
    let mut model = Model::new(session::new(seed, rules)?, names.clone(), save.clone(), summary.clone());

    let (tx, rx) = mpsc::channel();
    let mut skat_bots = session::skat_bots(members);
    let bots = spawn_bots(move |request| Msg::Bot(skat_bots.answer(request)), delay, tx.clone())?;
    spawn_keys(tx.clone(), |event| match event {
        Event::Key(key) => Some(Msg::Key(key)),
        Event::Resize(..) => Some(Msg::Resize),
        _ => None,
    })?;
    let mut screen = Screen::enter().context("could not set up the terminal")?;
    let result = event_loop(&mut screen.terminal, &mut model, &rx, &tx, &bots);
    drop(screen);
    result?;

    let record = model.session().record();
    let spec = args.rules.as_deref().unwrap_or("isko");
    let at = args.members.map_or_else(String::new, |m| format!(" --members {m}"));
    println!("trumpf play --seed {seed} --rules {spec}{at}: {} deal(s) finished.", record.deals().len());
    println!("Rules: {summary}.");
    if let Some(result) = model.match_result() {
        println!("{result}");
    }
    let totals = record.totals();
    for (member, name) in names.iter().enumerate() {
        println!("  {name:<6} {:>6}", totals[member]);
    }
    if save.auto && !record.deals().is_empty() {
        let saved = record::session_text(model.session(), &names, save.format).map_err(anyhow::Error::msg)?;
        let why = saved.not_iss.map(|why| format!(" (ISS records cannot express {why})")).unwrap_or_default();
        println!("Saved to {} as {}{why}.", save.path_for(saved.format).display(), saved.format.name());
    }
    Ok(())
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    model: &mut Model,
    rx: &Receiver<Msg>,
    tx: &Sender<Msg>,
    bots: &Sender<BotRequest>,
) -> Result<()> {
    let mut cmds = model.start();
    loop {
        for cmd in cmds.drain(..) {
            match cmd {
                Cmd::AskBot(request) => bots.send(request).context("the bot thread stopped")?,
                Cmd::Save { path, text, games, message } => {
                    let result = std::fs::write(&path, text).map_err(|e| e.to_string());
                    // The receiver lives in this function, so the send cannot fail.
                    let _ = tx.send(Msg::Saved { games, result, message });
                }
                Cmd::Quit => return Ok(()),
            }
        }
        terminal.draw(|frame| frame.render_widget(&*model, frame.area()))?;
        let msg = rx.recv().context("the key reader stopped")?;
        cmds = model.update(msg);
    }
}

/// A seed from the clock, for a session without `--seed`.
fn clock_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos % 1_000_000) as u64
}

/// Runs the bots on their own thread: each request is answered by `answer`
/// after at least `delay`, as a message (`Msg::Bot`).
fn spawn_bots<R: Send + 'static, M: Send + 'static>(
    mut answer: impl FnMut(R) -> M + Send + 'static,
    delay: Duration,
    tx: Sender<M>,
) -> Result<Sender<R>> {
    let (requests, incoming) = mpsc::channel::<R>();
    thread::Builder::new().name(BOT_THREAD.into()).spawn(move || {
        for request in incoming {
            let started = Instant::now();
            let answer = answer(request);
            thread::sleep(delay.saturating_sub(started.elapsed()));
            if tx.send(answer).is_err() {
                break;
            }
        }
    })?;
    Ok(requests)
}

/// Reads terminal events on their own thread and forwards those `to_msg`
/// turns into messages (keys and resizes).
fn spawn_keys<M: Send + 'static>(tx: Sender<M>, to_msg: fn(Event) -> Option<M>) -> Result<()> {
    thread::Builder::new().name("keys".into()).spawn(move || {
        while let Ok(event) = event::read() {
            let Some(msg) = to_msg(event) else { continue };
            if tx.send(msg).is_err() {
                break;
            }
        }
    })?;
    Ok(())
}

const BOT_THREAD: &str = "bots";

/// The terminal in raw mode on the alternate screen; restored when dropped,
/// and by the panic hook if the UI thread panics.
struct Screen {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl Screen {
    fn enter() -> io::Result<Screen> {
        install_panic_hook();
        terminal::enable_raw_mode()?;
        let setup = execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)
            .and_then(|()| Terminal::new(CrosstermBackend::new(io::stdout())));
        match setup {
            Ok(terminal) => Ok(Screen { terminal }),
            Err(e) => {
                restore_terminal();
                Err(e)
            }
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore_terminal();
    }
}

fn restore_terminal() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
}

/// Restores the terminal before a panic message is printed, so the message
/// is readable and the shell usable. A panic on the bot thread is caught
/// there and reported in the status line, so it neither restores the
/// terminal nor prints over the screen.
fn install_panic_hook() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if thread::current().name() == Some(BOT_THREAD) {
                return;
            }
            restore_terminal();
            previous(info);
        }));
    });
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
        assert!(crate::rules::summary(&rules).starts_with("pub · "), "{}", crate::rules::summary(&rules));
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
        assert_eq!(crate::rules::summary(&rules), "pub · Ramsch when all pass · Kontra/Re · Bock · 4 members");
        // A rules file asks for four; --members 3 overrides it.
        let file = std::env::temp_dir().join(format!("trumpf-four-{}.toml", std::process::id()));
        std::fs::write(&file, "table_size = 4\n").unwrap();
        let spec = Some(file.display().to_string());
        assert_eq!(skat_rules(&PlayArgs { rules: spec.clone(), ..args("skat") }).unwrap().table.table_size, 4);
        let three = skat_rules(&PlayArgs { rules: spec, members: Some(3), ..args("skat") }).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert_eq!(three.table.table_size, 3);
        assert_eq!(names(4), ["You", "Bot 1", "Bot 2", "Bot 3"]);
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

#[cfg(test)]
mod parity {
    //! Temporary: the old screens against the new, buffer for buffer.
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use rand::{RngExt as _, SeedableRng};
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;
    use trumpf_core::series::SkatMatchRules;
    use trumpf_core::skat::{SkatGame, SkatRules};
    use trumpf_core::spidge::{SpidgeGame, SpidgeRules};
    use trumpf_core::spitzer::{SpitzerGame, SpitzerRules};
    use trumpf_table::Bots as NewBots;

    fn draw(w: impl Widget, width: u16, height: u16) -> Buffer {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        w.render(area, &mut buf);
        buf
    }

    fn random_key(rng: &mut rand_chacha::ChaCha8Rng) -> KeyEvent {
        let codes = [
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Tab,
            KeyCode::BackTab,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::PageUp,
            KeyCode::PageDown,
            KeyCode::F(1),
        ];
        let chars: Vec<char> = "abcdefghijklmnoprstuvwxyz pysnkrugw+-?".chars().collect();
        // Mostly the keys that play, so deals get finished.
        match rng.random_range(0..10) {
            0..3 => KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
            3 => KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE),
            4 => KeyEvent::new(KeyCode::Char('p'), KeyModifiers::NONE),
            5 => KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE),
            6 | 7 => KeyEvent::new(codes[rng.random_range(0..codes.len())], KeyModifiers::NONE),
            _ => {
                let c = chars[rng.random_range(0..chars.len())];
                if c == 'q' {
                    KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE)
                } else {
                    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
                }
            }
        }
    }

    #[test]
    fn skat_screens_are_the_same() {
        let presets = [
            SkatMatchRules::default(),
            SkatMatchRules { table: SkatRules::PUB, deals: None },
            SkatMatchRules { table: SkatRules::PIRAT, deals: None },
            SkatMatchRules { table: SkatRules { table_size: 4, ..SkatRules::PUB }, deals: None },
            SkatMatchRules {
                table: SkatRules {
                    table_size: 4,
                    scoring: trumpf_core::skat::Scoring::SeegerFabian,
                    ..SkatRules::ISKO
                },
                deals: Some(9),
            },
        ];
        let mut compared = 0;
        for (i, rules) in presets.into_iter().enumerate() {
            let seed = 100 + i as u64;
            let members = usize::from(rules.table.table_size);
            let save = super::SkatSave { path: None, auto: true, format: super::SaveFormat::Iss };
            let mut old = super::Model::new(
                super::session::new(seed, rules).unwrap(),
                super::names(members),
                save,
                crate::rules::summary(&rules),
            );
            let table = trumpf_table::Table::<SkatGame>::new(trumpf_tui::setup::<SkatGame>(rules, seed)).unwrap();
            let tsave = trumpf_tui::SaveTarget { path: None, auto: true, format: trumpf_table::SaveFormat::Iss };
            let mut new = trumpf_tui::Model::new(table, trumpf_tui::ME, tsave);
            let mut old_bots = super::session::skat_bots(members);
            let mut new_bots = NewBots::for_table(new.table());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut old_cmds = old.start();
            let mut new_cmds = new.start();
            for step in 0..6000 {
                assert_eq!(old_cmds.len(), new_cmds.len(), "step {step}");
                // Answer bots, in order; compare saves.
                let mut next_old = Vec::new();
                let mut next_new = Vec::new();
                for (o, n) in old_cmds.drain(..).zip(new_cmds.drain(..)) {
                    match (o, n) {
                        (super::model::Cmd::AskBot(r), trumpf_tui::Cmd::AskBot(q)) => {
                            next_old.extend(old.update(super::model::Msg::Bot(old_bots.answer(r))));
                            next_new.extend(new.update(trumpf_tui::Msg::Bot(new_bots.answer(q))));
                        }
                        (
                            super::model::Cmd::Save { path, text, games, message },
                            trumpf_tui::Cmd::Save { path: p2, text: t2, deals, message: m2 },
                        ) => {
                            assert_eq!(
                                (path.clone(), &text, games, &message),
                                (p2.clone(), &t2, deals, &m2),
                                "step {step}"
                            );
                            next_old.extend(old.update(super::model::Msg::Saved { games, result: Ok(()), message }));
                            next_new.extend(new.update(trumpf_tui::Msg::Saved {
                                path: p2,
                                deals,
                                result: Ok(()),
                                message: m2,
                            }));
                        }
                        (o, n) => panic!("step {step}: {o:?} vs {n:?}"),
                    }
                }
                if !next_old.is_empty() || !next_new.is_empty() {
                    old_cmds = next_old;
                    new_cmds = next_new;
                } else {
                    let key = random_key(&mut rng);
                    old_cmds = old.update(super::model::Msg::Key(key));
                    new_cmds = new.update(trumpf_tui::Msg::Key(key));
                }
                for (w, h) in [(80, 24), (100, 30), (80, 23), (61, 18)] {
                    let a = draw(&old, w, h);
                    let b = draw(&new, w, h);
                    if a != b {
                        let t = |buf: &Buffer| {
                            buf.content()
                                .chunks(usize::from(w))
                                .map(|r| r.iter().map(|c| c.symbol()).collect::<String>())
                                .collect::<Vec<_>>()
                                .join("\n")
                        };
                        panic!("preset {i} step {step} at {w}×{h}:\nOLD\n{}\nNEW\n{}", t(&a), t(&b));
                    }
                    compared += 1;
                }
                if old.match_over() && step % 50 == 0 {
                    break;
                }
            }
            assert_eq!(old.session().record(), new.table().record());
            eprintln!("preset {i}: {} deals", new.table().record().deals().len());
        }
        eprintln!("{compared} screens compared");
    }

    fn match_parity<G: super::common::TuiGame + trumpf_tui::TuiGame>(
        rules: G::Rules,
        first: trumpf_core::Member,
        old_bots: impl Fn() -> super::table::Bots<G>,
        seed: u64,
    ) where
        G::Rules: Copy,
    {
        let save = super::model::SaveTarget {
            path: std::path::PathBuf::from(<G as super::common::TuiGame>::DEFAULT_SAVE),
            auto: true,
        };
        let members = <G as trumpf_core::series::MatchGame>::members(&rules);
        let mut old = super::common::MatchModel::new(
            super::table::Table::<G>::new(seed, rules, first).unwrap(),
            super::names(members),
            save,
        );
        let table = trumpf_table::Table::<G>::new(trumpf_tui::setup::<G>(rules, seed)).unwrap();
        let mut new = trumpf_tui::Model::new(
            table,
            trumpf_tui::ME,
            trumpf_tui::SaveTarget { path: None, auto: true, format: Default::default() },
        );
        let mut ob = old_bots();
        let mut nb = NewBots::for_table(new.table());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut old_cmds = old.start();
        let mut new_cmds = new.start();
        for step in 0..8000 {
            assert_eq!(old_cmds.len(), new_cmds.len(), "step {step}");
            let mut next_old = Vec::new();
            let mut next_new = Vec::new();
            for (o, n) in old_cmds.drain(..).zip(new_cmds.drain(..)) {
                match (o, n) {
                    (super::common::Cmd::AskBot(r), trumpf_tui::Cmd::AskBot(q)) => {
                        next_old.extend(old.update(super::common::Msg::Bot(ob.answer(r))));
                        next_new.extend(new.update(trumpf_tui::Msg::Bot(nb.answer(q))));
                    }
                    (
                        super::common::Cmd::Save { path, text, deals },
                        trumpf_tui::Cmd::Save { path: p2, text: t2, deals: d2, message },
                    ) => {
                        assert_eq!((&path, &text, deals), (&p2, &t2, d2));
                        next_old.extend(old.update(super::common::Msg::Saved { deals, result: Ok(()) }));
                        next_new.extend(new.update(trumpf_tui::Msg::Saved {
                            path: p2,
                            deals,
                            result: Ok(()),
                            message,
                        }));
                    }
                    (o, n) => panic!("step {step}: {o:?} vs {n:?}"),
                }
            }
            if !next_old.is_empty() || !next_new.is_empty() {
                old_cmds = next_old;
                new_cmds = next_new;
            } else {
                let key = random_key(&mut rng);
                old_cmds = old.update(super::common::Msg::Key(key));
                new_cmds = new.update(trumpf_tui::Msg::Key(key));
            }
            for (w, h) in [(80, 24), (100, 30), (80, 22), (61, 17)] {
                let a = draw(&old, w, h);
                let b = draw(&new, w, h);
                if a != b {
                    let t = |buf: &Buffer| {
                        buf.content()
                            .chunks(usize::from(w))
                            .map(|r| r.iter().map(|c| c.symbol()).collect::<String>())
                            .collect::<Vec<_>>()
                            .join("\n")
                    };
                    panic!("step {step} at {w}×{h}:\nOLD\n{}\nNEW\n{}", t(&a), t(&b));
                }
            }
            if old.winner().is_some() && step % 50 == 0 {
                break;
            }
        }
        assert_eq!(old.table().record(), new.table().record());
        eprintln!("{}: {} deals", <G as trumpf_core::Game>::NAME, new.table().record().deals().len());
        assert_eq!(
            super::common::farewell(&old),
            trumpf_tui::match_farewell(&new, &format!("trumpf play {} --seed {seed}", <G as trumpf_core::Game>::NAME))
        );
    }

    #[test]
    fn match_screens_are_the_same() {
        use trumpf_ai::Bot;
        for seed in 0..2 {
            match_parity::<SpitzerGame>(
                SpitzerRules::default(),
                trumpf_core::Member::new(3).unwrap(),
                || {
                    super::table::Bots::new(
                        (0..3).map(|_| Box::new(trumpf_ai::SpitzerBot::new()) as Box<dyn Bot<SpitzerGame>>).collect(),
                    )
                },
                seed,
            );
            match_parity::<SpidgeGame>(
                SpidgeRules::default(),
                trumpf_core::Member::new(2).unwrap(),
                || {
                    super::table::Bots::new(
                        (0..2).map(|_| Box::new(trumpf_ai::SpidgeBot::new()) as Box<dyn Bot<SpidgeGame>>).collect(),
                    )
                },
                seed,
            );
        }
    }
}
