//! A game killed with SIGKILL in the middle of a deal continues from its
//! file with every action: the real `trumpf` binary runs in a
//! pseudo-terminal, is driven by keys and read as a person reads the
//! screen (through a terminal emulator), killed, and resumed with
//! `--resume`. What the file holds is checked against an independent replay
//! through the core's record readers (the trumpf record's and ISS's) and
//! the game engine, and against what the screen showed before the kill.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};
use trumpf_core::iss::{IssMove, IssRecord};
use trumpf_core::series::record::SavedMatch;
use trumpf_core::skat::{SkatGame, SkatRules};
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::{Card, CardSet, Game, Rank, Seat};

/// What the terminal has shown so far.
struct Shown {
    parser: vt100::Parser,
    raw: Vec<u8>,
    last: Instant,
}

/// `trumpf` running in a pseudo-terminal of 100 × 30.
struct Session {
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    shown: Arc<Mutex<Shown>>,
}

impl Session {
    fn start(args: &[&str], dir: &Path) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize { rows: 30, cols: 100, pixel_width: 0, pixel_height: 0 })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_trumpf"));
        command.args(args);
        command.env("TERM", "xterm-256color");
        command.env("TRUMPF_SAVE_DIR", dir);
        command.cwd(dir);
        let child = pty.slave.spawn_command(command).expect("trumpf starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().unwrap();
        let writer = pty.master.take_writer().unwrap();
        let shown = Arc::new(Mutex::new(Shown {
            parser: vt100::Parser::new(30, 100, 0),
            raw: Vec::new(),
            last: Instant::now(),
        }));
        let sink = Arc::clone(&shown);
        thread::spawn(move || {
            // Keeps the master open while the child runs.
            let _master = pty.master;
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut shown = sink.lock().unwrap();
                shown.parser.process(&buf[..n]);
                shown.raw.extend_from_slice(&buf[..n]);
                shown.last = Instant::now();
            }
        });
        Session { child, writer, shown }
    }

    fn screen(&self) -> String {
        self.shown.lock().unwrap().parser.screen().contents()
    }

    fn bytes(&self) -> usize {
        self.shown.lock().unwrap().raw.len()
    }

    /// The screen once nothing has been drawn for 400 ms (the bots, which
    /// answer at once with `--fast`, wait for the person).
    fn settled(&self) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let quiet = self.shown.lock().unwrap().last.elapsed() > Duration::from_millis(400);
            if quiet || Instant::now() > deadline {
                return self.screen();
            }
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the settled screen shows `text`.
    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.settled();
            if screen.contains(text) {
                return screen;
            }
            assert!(Instant::now() < deadline, "{text:?} never shown:\n{screen}");
            thread::sleep(Duration::from_millis(100));
        }
    }

    /// Presses a key and returns the settled screen after its effect.
    fn press(&mut self, key: &str) -> String {
        let before = self.bytes();
        self.writer.write_all(key.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.bytes() == before && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(20));
        }
        self.settled()
    }

    /// SIGKILL: no handler, no last save.
    fn kill(&mut self) {
        let pid = self.child.process_id().expect("a pid");
        let status = std::process::Command::new("kill").args(["-KILL", &pid.to_string()]).status().unwrap();
        assert!(status.success());
        let exit = self.child.wait().unwrap();
        assert!(!exit.success(), "killed");
    }

    /// Waits for the program to end; its exit status and all it printed.
    fn end(mut self) -> (bool, String) {
        let exit = self.child.wait().unwrap();
        thread::sleep(Duration::from_millis(300));
        let raw = self.shown.lock().unwrap().raw.clone();
        (exit.success(), String::from_utf8_lossy(&raw).into_owned())
    }
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("trumpf-kill-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A card as the screen writes it: suit symbol and rank, `10` for a ten,
/// `★1` and `★2` for the jokers.
fn on_screen(card: Card) -> String {
    if card == Card::JOKER_1 {
        return "★1".to_owned();
    }
    if card == Card::JOKER_2 {
        return "★2".to_owned();
    }
    let rank = if card.rank() == Rank::Ten { "10".to_owned() } else { card.rank().letter().to_string() };
    format!("{}{rank}", card.suit().symbol())
}

/// The cards in the row below the panel title `title`, as written.
fn panel_cards(screen: &str, title: &str) -> Vec<String> {
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines.iter().position(|l| l.contains(title)).unwrap_or_else(|| panic!("no {title}:\n{screen}"));
    let row = lines[top + 1].split('│').nth(1).unwrap_or_default();
    row.split_whitespace().map(str::to_owned).collect()
}

/// `cards` as the screen writes them, sorted, to compare as sets.
fn written(cards: CardSet) -> Vec<String> {
    let mut out: Vec<String> = cards.iter().map(on_screen).collect();
    out.sort();
    out
}

fn sorted(mut cards: Vec<String>) -> Vec<String> {
    cards.sort();
    cards
}

/// Spidge, saved as the trumpf record: the person (L in deal 1) plays four
/// cards; the game is killed at his fifth turn, resumed, plays one more
/// card, quits.
#[test]
fn a_killed_spidge_game_resumes_with_every_action() {
    let dir = scratch("spidge");
    let file = dir.join("game.txt");
    let path = file.to_str().unwrap();
    let mut game =
        Session::start(&["play", "spidge", "--seed", "3", "--fast", "--bots", "heuristic", "--save", path], &dir);
    // Each Enter at the person's turn plays the card under the cursor: the
    // hand is one card shorter, and the bots play until his turn comes
    // again (the hand's title says so), when nothing moves until he acts.
    let mut screen = game.wait_for("· your turn · • playable");
    for played in 1..=4 {
        assert_eq!(panel_cards(&screen, "Your hand").len(), 14 - played, "{screen}");
        game.press("\r");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            screen = game.settled();
            if screen.contains("· your turn · • playable") && panel_cards(&screen, "Your hand").len() == 13 - played
            {
                break;
            }
            assert!(Instant::now() < deadline, "card {played} was not played:\n{screen}");
            thread::sleep(Duration::from_millis(100));
        }
    }
    let before_kill = screen;
    let hand_shown = panel_cards(&before_kill, "Your hand");
    assert_eq!(hand_shown.len(), 13 - 4, "{before_kill}");
    game.kill();

    // The file, read by the core's reader: deal 1 unfinished, the person's
    // four cards in it, and replayed by the engine the hand the screen showed.
    let text = std::fs::read_to_string(&file).unwrap();
    let saved = SavedMatch::<SpidgeGame>::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(saved.seed, Some(3));
    assert!(saved.record.game.deals().is_empty());
    let deal = saved.unfinished.clone().expect("deal 1 in progress");
    let person = Seat::new(0).unwrap();
    assert_eq!(deal.actions.iter().filter(|(seat, _)| *seat == person).count(), 4, "{text}");
    let mut replay = deal.start;
    for &(seat, action) in &deal.actions {
        replay.try_apply(seat, action).unwrap();
    }
    assert_eq!(replay.to_act(), Some(person), "the person's turn, as the screen said");
    let hand = replay.view(person).own_hand;
    assert_eq!(written(hand), sorted(hand_shown.clone()));

    // Resumed: the same deal, the same hand, and play goes on.
    let mut game = Session::start(&["play", "--resume", path, "--fast", "--bots", "heuristic"], &dir);
    let screen = game.wait_for("Your turn: play a card");
    assert!(screen.contains("deal 1 · seed 3"), "{screen}");
    assert_eq!(sorted(panel_cards(&screen, "Your hand")), written(hand));
    game.press("\r");
    game.wait_for("Your turn: play a card");
    game.press("q");
    game.press("q");
    let (ok, printed) = game.end();
    assert!(ok, "{printed}");
    assert!(printed.contains(&format!("Saved in {path}: deal 1 so far (")), "{printed}");
    assert!(printed.contains(&format!("`trumpf play --resume {path}` continues it.")), "{printed}");
    let after = SavedMatch::<SpidgeGame>::read(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let more = after.unfinished.expect("still deal 1").actions;
    assert_eq!(more[..deal.actions.len()], deal.actions[..], "every action kept");
    assert_eq!(more.iter().filter(|(seat, _)| *seat == person).count(), 5);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The key a person presses at this Skat screen: pass in the bidding (the
/// bots declare or the deal is thrown in), play the card under the cursor,
/// deal the next deal.
fn skat_key(screen: &str) -> Option<&'static str> {
    if screen.contains("Your turn: play a card") {
        Some("\r")
    } else if screen.contains("Your turn to bid") || screen.contains("Hold it?") || screen.contains("Play at 18?") {
        Some("p")
    } else if screen.contains("n next deal") {
        Some("n")
    } else {
        None
    }
}

/// The person's actions in an ISS record's moves, and the deal replayed by
/// the engine: the seat of `you` in the record, the state after the moves.
fn replay_iss(line: &str) -> (IssRecord, Seat, SkatGame) {
    let record = IssRecord::parse(line).unwrap_or_else(|e| panic!("{e}\n{line}"));
    let you = record.players.iter().position(|p| p == "you").expect("you play this deal");
    let mut game = SkatGame::new(record.deal, SkatRules::ISKO);
    for mv in &record.moves {
        match *mv {
            IssMove::Action { seat, action } => game.try_apply(seat, action).unwrap(),
            IssMove::SkatShown(cards) => assert_eq!(cards, record.deal.skat()),
            other => panic!("{other:?}"),
        }
    }
    (record, Seat::new(you).unwrap(), game)
}

/// Skat, saved as ISS records: the person passes and defends; the game is
/// killed at his turn after his third card of a deal, resumed, and a kill
/// in the middle of the bots' moves still leaves a file that reads.
#[test]
fn a_killed_skat_game_resumes_from_its_iss_records_with_every_action() {
    let dir = scratch("skat");
    let file = dir.join("game.sgf");
    let path = file.to_str().unwrap();
    let mut game = Session::start(&["play", "--seed", "11", "--fast", "--bots", "heuristic", "--save", path], &dir);
    let mut screen = game.settled();
    let mut played = 0;
    for _ in 0..400 {
        let hand = panel_cards(&screen, "Your hand").len();
        if screen.contains("Your turn: play a card") && hand <= 7 {
            played = 10 - hand;
            break;
        }
        let Some(key) = skat_key(&screen) else {
            screen = game.settled();
            continue;
        };
        screen = game.press(key);
    }
    assert_eq!(played, 3, "the person played three cards of a deal:\n{screen}");
    let hand_shown = panel_cards(&screen, "Your hand");
    game.kill();

    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let last = *lines.last().unwrap();
    for line in &lines[..lines.len() - 1] {
        let (record, _, game) = replay_iss(line);
        assert!(game.is_over() && record.result.is_some(), "an earlier deal is finished: {line}");
    }
    let (record, you, replay) = replay_iss(last);
    assert_eq!(record.result, None, "the deal in progress has no result: {last}");
    assert!(last.contains(&format!("CO[trumpf play --seed 11, deal {}; rules ", lines.len())), "{last}");
    assert_eq!(replay.to_act(), Some(you));
    assert_eq!(written(replay.view(you).hand), sorted(hand_shown.clone()));

    // Resumed: the same deal and hand; one more card, then a kill at once,
    // while the bots answer: the file still reads, every action kept.
    let mut game = Session::start(&["play", "--resume", path, "--fast", "--bots", "heuristic"], &dir);
    // The status line greets with the rules; the hand says it plays.
    let screen = game.wait_for("• playable");
    assert!(screen.contains(&format!("deal {}", lines.len())) && screen.contains("seed 11"), "{screen}");
    assert_eq!(sorted(panel_cards(&screen, "Your hand")), written(replay.view(you).hand));
    game.writer.write_all(b"\r").unwrap();
    game.writer.flush().unwrap();
    thread::sleep(Duration::from_millis(5));
    game.kill();
    let text = std::fs::read_to_string(&file).unwrap();
    let again: Vec<&str> = text.lines().collect();
    assert!(again.len() >= lines.len(), "{text}");
    assert_eq!(again[..lines.len() - 1], lines[..lines.len() - 1]);
    let (record_again, _, _) = replay_iss(again[lines.len() - 1]);
    assert_eq!(record_again.moves[..record.moves.len()], record.moves[..], "every action kept");

    // Resumed once more, quit at once: the summary names the file.
    let mut game = Session::start(&["play", "--resume", path, "--fast", "--bots", "heuristic"], &dir);
    game.settled();
    game.press("q");
    game.press("q");
    let (ok, printed) = game.end();
    assert!(ok, "{printed}");
    assert!(printed.contains(&format!("Saved in {path} as ISS records: ")), "{printed}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A save that fails during the game is said on the screen, tried again
/// at the end, and when the file still does not hold the game the program
/// says so and exits with an error.
#[test]
fn a_failed_save_is_said_in_the_game_and_on_exit() {
    let dir = scratch("failing");
    let sub = dir.join("saves");
    std::fs::create_dir_all(&sub).unwrap();
    let file = sub.join("game.txt");
    let path = file.to_str().unwrap();
    let mut game =
        Session::start(&["play", "spidge", "--seed", "3", "--fast", "--bots", "heuristic", "--save", path], &dir);
    game.wait_for("Your turn: play a card");
    // The directory goes away: the next save cannot be written.
    std::fs::remove_dir_all(&sub).unwrap();
    let screen = game.press("\r");
    assert!(screen.contains(&format!("Could not save to {path}")), "{screen}");
    game.press("q");
    game.press("q");
    let (ok, printed) = game.end();
    assert!(!ok, "exits with an error:\n{printed}");
    assert!(printed.contains(&format!("NOT SAVED: the last save to {path} failed")), "{printed}");
    assert!(printed.contains(&format!("error: the game as it ended is not saved in {path}")), "{printed}");
    assert!(!printed.contains("Saved in"), "{printed}");
    let _ = std::fs::remove_dir_all(&dir);
}
