//! The terminal and the threads that turn the outside world into
//! messages: one reads keys, one runs the bots, which see only their own
//! seat's view and answer with a message, so the screen never waits for
//! them. The model changes on this thread only, in [`Model::update`].

use std::io::{self, Stdout};
use std::sync::Once;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event};
use crossterm::{cursor, execute, terminal};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use trumpf_table::{BotRequest, Bots};

use crate::PlayError;
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
    spawn_keys(tx.clone(), |event| match event {
        Event::Key(key) => Some(Msg::Key(key)),
        Event::Resize(..) => Some(Msg::Resize),
        _ => None,
    })?;
    let mut screen = Screen::enter().map_err(PlayError::Terminal)?;
    let result = event_loop(&mut screen.terminal, &mut model, &rx, &tx, &bot_tx);
    drop(screen);
    result?;
    Ok(model)
}

fn event_loop<G: TuiGame>(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    model: &mut Model<G>,
    rx: &Receiver<Msg<G>>,
    tx: &Sender<Msg<G>>,
    bots: &Sender<BotRequest<G>>,
) -> io::Result<()> {
    let mut cmds = model.start();
    loop {
        for cmd in cmds.drain(..) {
            match cmd {
                Cmd::AskBot(request) => bots.send(request).map_err(|_| io::Error::other("the bot thread stopped"))?,
                Cmd::Save { path, text, deals, message } => {
                    let result = std::fs::write(&path, text).map_err(|e| e.to_string());
                    // The receiver lives in this function, so the send cannot fail.
                    let _ = tx.send(Msg::Saved { path, deals, result, message });
                }
                Cmd::Quit => return Ok(()),
            }
        }
        terminal.draw(|frame| frame.render_widget(&*model, frame.area()))?;
        let msg = rx.recv().map_err(|_| io::Error::other("the key reader stopped"))?;
        cmds = model.update(msg);
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
