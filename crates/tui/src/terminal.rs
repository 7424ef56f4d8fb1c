//! The terminal and the threads that turn the outside world into
//! messages: one reads keys, one runs the bots, which see only their own
//! seat's view and answer with a message, so the screen never waits for
//! them; one works out hints and one analyses finished deals, the same
//! way. The model changes on this thread only, in [`Model::update`].

use std::collections::VecDeque;
use std::fs::{self, File};
use std::io::{self, Stdout, Write};
use std::path::Path;
use std::sync::Once;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event};
use crossterm::{cursor, execute, terminal};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use trumpf_ai::Solver;
use trumpf_table::{BotRequest, Bots};

use crate::PlayError;
use crate::hints::{AnalysisRequest, HintRequest};
use crate::model::{Cmd, Model, Msg, TuiGame};

/// Runs the terminal game until the person quits: the bots of the model's
/// table on their own thread, answering after at least `delay`; keys on
/// another; the model updated and drawn on this one.
///
/// # Errors
/// If the terminal cannot be set up or drawn, or a thread cannot be
/// started or stops.
pub fn run<G: TuiGame>(mut model: Model<G>, delay: Duration) -> Result<Model<G>, PlayError<G>> {
    let (tx, rx) = mpsc::channel::<Msg<G>>();
    let mut bots = Bots::for_table(model.table());
    let bot_tx = spawn_bots(move |request| Msg::Bot(bots.answer(request)), delay, tx.clone())?;
    let workers = Workers {
        bots: bot_tx,
        hints: spawn_latest(HINT_THREAD, |request: HintRequest<G>| Msg::Hint(request.answer()), tx.clone())?,
        analysis: {
            // One search table for every deal of the session.
            let mut solver = Solver::new();
            spawn_latest(
                ANALYSIS_THREAD,
                move |request: AnalysisRequest<G>| Msg::Analysis(request.answer(&mut solver)),
                tx.clone(),
            )?
        },
    };
    spawn_keys(tx.clone(), |event| match event {
        Event::Key(key) => Some(Msg::Key(key)),
        Event::Resize(width, height) => Some(Msg::Resize { width, height }),
        _ => None,
    })?;
    let mut screen = Screen::enter().map_err(PlayError::Terminal)?;
    drop(tx);
    let result = event_loop(&mut screen.terminal, &mut model, &rx, &workers);
    drop(screen);
    result?;
    Ok(model)
}

/// Where the slow work goes: each kind to its own thread.
struct Workers<G: TuiGame> {
    bots: Sender<BotRequest<G>>,
    hints: Sender<HintRequest<G>>,
    analysis: Sender<AnalysisRequest<G>>,
}

fn event_loop<G: TuiGame>(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    model: &mut Model<G>,
    rx: &Receiver<Msg<G>>,
    workers: &Workers<G>,
) -> io::Result<()> {
    let stopped = |name: &str| io::Error::other(format!("the {name} thread stopped"));
    let size = terminal.size()?;
    model.update(Msg::Resize { width: size.width, height: size.height });
    let mut cmds: VecDeque<Cmd<G>> = model.start().into();
    loop {
        // In order: a save is written, and its result known to the model,
        // before the next decision is asked of a bot or read from a key.
        while let Some(cmd) = cmds.pop_front() {
            match cmd {
                Cmd::AskBot(request) => workers.bots.send(request).map_err(|_| stopped(BOT_THREAD))?,
                Cmd::Advise(request) => workers.hints.send(request).map_err(|_| stopped(HINT_THREAD))?,
                Cmd::Analyse(request) => workers.analysis.send(request).map_err(|_| stopped(ANALYSIS_THREAD))?,
                Cmd::Save { path, text, version, message } => {
                    let result = write_file(&path, &text).map_err(|e| e.to_string());
                    cmds.extend(model.update(Msg::Saved { path, version, result, message }));
                }
                Cmd::Quit => return Ok(()),
            }
        }
        terminal.draw(|frame| frame.render_widget(&*model, frame.area()))?;
        let msg = rx.recv().map_err(|_| io::Error::other("the key reader stopped"))?;
        cmds.extend(model.update(msg));
    }
}

/// Writes `text` to `path` whole or not at all: to a temporary file in the
/// same directory, flushed to the disk, then renamed over `path`, so that a
/// kill at any moment leaves either the old file or the new one.
///
/// # Errors
/// The directory is missing or not writable, `path` is a directory, the
/// disk is full.
pub fn write_file(path: &Path, text: &str) -> io::Result<()> {
    let name = path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let temporary = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let written = File::create(&temporary)
        .and_then(|mut file| {
            file.write_all(text.as_bytes())?;
            file.sync_all()
        })
        .and_then(|()| fs::rename(&temporary, path));
    match written {
        Ok(()) => {
            // The rename itself lasts once the directory is flushed (where
            // the system lets a directory be opened).
            if let Ok(dir) = File::open(dir) {
                let _ = dir.sync_all();
            }
            Ok(())
        }
        Err(e) => {
            let _ = fs::remove_file(&temporary);
            Err(e)
        }
    }
}

/// Runs the bots on their own thread: each request is answered by `answer`
/// after at least `delay`, as a message.
fn spawn_bots<R: Send + 'static, M: Send + 'static>(
    mut answer: impl FnMut(R) -> M + Send + 'static,
    delay: Duration,
    tx: Sender<M>,
) -> io::Result<Sender<R>> {
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

/// Runs `answer` on a thread of its own, named `name`, for the latest of
/// the requests waiting: those sent while it was busy with one are dropped
/// but the last, since a newer request makes the older ones stale (a hint
/// for a decision taken meanwhile, the analysis of a deal no longer on the
/// screen). Each answer goes to `tx` as a message.
fn spawn_latest<R: Send + 'static, M: Send + 'static>(
    name: &str,
    mut answer: impl FnMut(R) -> M + Send + 'static,
    tx: Sender<M>,
) -> io::Result<Sender<R>> {
    let (requests, incoming) = mpsc::channel::<R>();
    thread::Builder::new().name(name.into()).spawn(move || {
        while let Ok(first) = incoming.recv() {
            let latest = incoming.try_iter().last().unwrap_or(first);
            if tx.send(answer(latest)).is_err() {
                break;
            }
        }
    })?;
    Ok(requests)
}

/// Reads terminal events on their own thread and forwards those `to_msg`
/// turns into messages (keys and resizes).
fn spawn_keys<M: Send + 'static>(tx: Sender<M>, to_msg: fn(Event) -> Option<M>) -> io::Result<()> {
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
const HINT_THREAD: &str = "hints";
const ANALYSIS_THREAD: &str = "analysis";

/// The threads whose panics are caught there and said on the screen.
const WORKER_THREADS: [&str; 3] = [BOT_THREAD, HINT_THREAD, ANALYSIS_THREAD];

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
/// is readable and the shell usable. A panic on the bot, hint or analysis
/// thread is caught there and said on the screen, so it neither restores
/// the terminal nor prints over the screen.
fn install_panic_hook() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if thread::current().name().is_some_and(|name| WORKER_THREADS.contains(&name)) {
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

    #[test]
    fn a_busy_worker_answers_the_latest_request_and_never_holds_up_the_sender() {
        let (started_tx, started) = mpsc::channel::<u32>();
        let (gate_tx, gate) = mpsc::channel::<()>();
        let (tx, answers) = mpsc::channel::<u32>();
        let worker = spawn_latest(
            "test-worker",
            move |n: u32| {
                started_tx.send(n).unwrap();
                if n == 1 {
                    // Busy until the test lets it go.
                    gate.recv().unwrap();
                }
                n * 10
            },
            tx,
        )
        .unwrap();
        let wait = Duration::from_secs(10);
        worker.send(1).unwrap();
        assert_eq!(started.recv_timeout(wait), Ok(1));
        // While it is busy, requests are taken at once (the UI thread goes
        // on); they wait, and the newest makes the others stale.
        for n in 2..=4 {
            worker.send(n).unwrap();
        }
        assert!(answers.try_recv().is_err(), "no answer while busy");
        gate_tx.send(()).unwrap();
        assert_eq!(answers.recv_timeout(wait), Ok(10));
        assert_eq!(answers.recv_timeout(wait), Ok(40), "2 and 3 are dropped");
        assert_eq!(started.recv_timeout(wait), Ok(4));
        drop(worker);
        assert!(answers.recv_timeout(wait).is_err(), "the worker ends with its channel");
    }
}
