//! Outside programs as bots: a program started with a command line that
//! speaks the bot protocol (`docs/bot-protocol.md`), JSON lines over its
//! standard input and output. The engine sends the seat's view and its
//! legal actions; the program answers one action.
//!
//! Whatever the program does, the deal goes on: an answer that is not
//! JSON, names no legal action or comes too late, and a program that
//! cannot start or dies, are replaced by the seat's first legal action, and
//! [`Bot::take_trouble`] says what happened. A program that died is not
//! started again for the same bot; every later decision falls back at once.
//!
//! Programs are kept between bots of the same command: a bot takes an idle
//! process when it first acts and gives it back when it is dropped, so a
//! tournament of many deals starts a few processes, not one per deal.
//! Requests carry a number that the answer repeats, so a late answer to
//! an earlier request is never taken for the current one.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::{Value, json};
use trumpf_core::series::record::RecordGame;
use trumpf_core::{Codec, GameView};

use crate::Bot;

/// The protocol's version, sent in `hello`.
pub const PROTOCOL: u32 = 1;

/// The time a program has for each answer unless the spec says otherwise.
pub const DEFAULT_TIMEOUT_MS: u64 = 5_000;

/// The time a program has to start and answer `hello`.
pub const HELLO_TIMEOUT_MS: u64 = 10_000;

/// Lines of a program's standard error kept to say why it died.
const STDERR_LINES: usize = 8;

/// An outside program named in a bot spec: `cmd:COMMAND` or
/// `cmd[timeout=MS]:COMMAND`. The command is run by `sh -c`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Command {
    /// The command line.
    pub line: String,
    /// The time for each answer, in milliseconds.
    pub timeout_ms: u64,
}

impl Command {
    /// `line` with the default time limit.
    pub fn new(line: impl Into<String>) -> Command {
        Command { line: line.into(), timeout_ms: DEFAULT_TIMEOUT_MS }
    }
}

/// A `cmd:` spec that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}: expected cmd:COMMAND or cmd[timeout=MS]:COMMAND")]
pub struct ParseCommandError(pub String);

impl FromStr for Command {
    type Err = ParseCommandError;

    /// `cmd:python3 bot.py`, `cmd[timeout=500]:./bot`.
    fn from_str(s: &str) -> Result<Command, ParseCommandError> {
        let bad = || ParseCommandError(s.to_owned());
        let rest = s.trim().strip_prefix("cmd").ok_or_else(bad)?;
        let (timeout_ms, line) = if let Some(options) = rest.strip_prefix('[') {
            let (options, line) = options.split_once("]:").ok_or_else(bad)?;
            let mut timeout = DEFAULT_TIMEOUT_MS;
            for option in options.split(',').map(str::trim).filter(|o| !o.is_empty()) {
                match option.split_once('=') {
                    Some(("timeout", ms)) => timeout = ms.parse().ok().filter(|&ms| ms > 0).ok_or_else(bad)?,
                    _ => return Err(bad()),
                }
            }
            (timeout, line)
        } else {
            (DEFAULT_TIMEOUT_MS, rest.strip_prefix(':').ok_or_else(bad)?)
        };
        let line = line.trim();
        if line.is_empty() {
            return Err(bad());
        }
        Ok(Command { line: line.to_owned(), timeout_ms })
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.timeout_ms == DEFAULT_TIMEOUT_MS {
            write!(f, "cmd:{}", self.line)
        } else {
            write!(f, "cmd[timeout={}]:{}", self.timeout_ms, self.line)
        }
    }
}

/// A running program.
struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The name the program gave in `hello`.
    name: String,
    /// It asked for the observation vector in `hello`.
    observation: bool,
    /// The number of the next request.
    next: u64,
}

/// Idle programs by command line.
fn pool() -> &'static Mutex<HashMap<String, Vec<Running>>> {
    static POOL: OnceLock<Mutex<HashMap<String, Vec<Running>>>> = OnceLock::new();
    POOL.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Why a program is no use for this decision or any later one.
enum Failure {
    /// This decision only: the program lives on.
    Answer(String),
    /// The program is gone.
    Dead(String),
}

impl Running {
    /// Starts `command` and says hello.
    fn start(command: &Command) -> Result<Running, String> {
        let mut child = Process::new("sh")
            .arg("-c")
            .arg(&command.line)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("could not be started ({e})"))?;
        let stdin = child.stdin.take().ok_or("has no standard input")?;
        let stdout = child.stdout.take().ok_or("has no standard output")?;
        let stderr_pipe = child.stderr.take().ok_or("has no standard error")?;
        let (tx, lines) = mpsc::channel();
        thread::Builder::new()
            .name("trumpf-bot-out".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("no thread to read it ({e})"))?;
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        thread::Builder::new()
            .name("trumpf-bot-err".into())
            .spawn(move || {
                for line in BufReader::new(stderr_pipe).lines() {
                    let Ok(line) = line else { break };
                    if let Ok(mut tail) = tail.lock() {
                        if tail.len() == STDERR_LINES {
                            tail.pop_front();
                        }
                        tail.push_back(line);
                    }
                }
            })
            .map_err(|e| format!("no thread to read it ({e})"))?;
        let mut running = Running { child, stdin, lines, stderr, name: String::new(), observation: false, next: 1 };
        let hello =
            json!({"type": "hello", "protocol": PROTOCOL, "engine": concat!("trumpf ", env!("CARGO_PKG_VERSION"))});
        let answer = running.ask(&hello, 0, Duration::from_millis(HELLO_TIMEOUT_MS.max(command.timeout_ms))).map_err(
            |f| match f {
                Failure::Answer(why) | Failure::Dead(why) => format!("failed to say hello: {why}"),
            },
        )?;
        if answer.get("type").and_then(Value::as_str) != Some("hello") {
            running.kill();
            return Err(format!("answered hello with {answer}, not {{\"type\": \"hello\", ...}}"));
        }
        running.name = answer.get("name").and_then(Value::as_str).unwrap_or("").to_owned();
        running.observation = answer.get("observation").and_then(Value::as_bool).unwrap_or(false);
        Ok(running)
    }

    /// Why the program is gone: its exit status and the last line it wrote
    /// to standard error.
    fn death(&mut self) -> String {
        // Give it a moment to exit after closing its output.
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            thread::sleep(Duration::from_millis(2));
        }
        let mut why = match status {
            Some(s) => format!("exited ({s})"),
            None => "closed its output".to_owned(),
        };
        if let Some(last) = self.stderr.lock().ok().and_then(|t| t.back().cloned()) {
            why.push_str(&format!(": {last}"));
        }
        why
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends `message` (numbered `id`, 0 for none) and waits `limit` for
    /// the answer with that number (or none).
    fn ask(&mut self, message: &Value, id: u64, limit: Duration) -> Result<Value, Failure> {
        let mut line = message.to_string();
        line.push('\n');
        if self.stdin.write_all(line.as_bytes()).and_then(|()| self.stdin.flush()).is_err() {
            return Err(Failure::Dead(self.death()));
        }
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(text) if text.trim().is_empty() => {}
                Ok(text) => {
                    let Ok(answer) = serde_json::from_str::<Value>(&text) else {
                        return Err(Failure::Answer(format!("answered {:?}, which is not JSON", clip(&text))));
                    };
                    match answer.get("id").and_then(Value::as_u64) {
                        // A late answer to an earlier request.
                        Some(n) if n != id => {}
                        _ => return Ok(answer),
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Failure::Answer(format!("gave no answer within {} ms", limit.as_millis())));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Dead(self.death())),
            }
        }
    }
}

fn clip(text: &str) -> String {
    let mut t: String = text.chars().take(80).collect();
    if t.len() < text.len() {
        t.push('…');
    }
    t
}

/// A bot played by an outside program (see the module docs).
pub struct ExternalBot {
    command: Command,
    seed: u64,
    name: String,
    process: Option<Running>,
    /// The program died or never started: why.
    dead: Option<String>,
    decisions: u64,
    trouble: Option<String>,
}

impl ExternalBot {
    /// A bot that runs `command` when it first acts; `seed` is sent with
    /// every request, so a program can be reproducible.
    pub fn new(command: Command, seed: u64) -> ExternalBot {
        let name = format!("`{}`", command.line);
        ExternalBot { command, seed, name, process: None, dead: None, decisions: 0, trouble: None }
    }

    /// The running program, started or taken from the pool.
    fn process(&mut self) -> Result<&mut Running, String> {
        if let Some(why) = &self.dead {
            return Err(format!("is not running: it {why}"));
        }
        if self.process.is_none() {
            let idle = pool().lock().ok().and_then(|mut p| p.get_mut(&self.command.line).and_then(Vec::pop));
            let running = match idle {
                Some(running) => running,
                None => Running::start(&self.command).inspect_err(|why| self.dead = Some(why.clone()))?,
            };
            if !running.name.is_empty() {
                self.name = running.name.clone();
            }
            self.process = Some(running);
        }
        self.process.as_mut().ok_or_else(|| "is not running".to_owned())
    }

    /// The program's answer for `view`, or why there is none.
    fn decide<G>(&mut self, view: &G::View, legal: &[G::Action]) -> Result<G::Action, String>
    where
        G: Codec + RecordGame,
        G::View: Serialize,
    {
        let decision = self.decisions;
        self.decisions += 1;
        let seed = self.seed;
        let timeout = Duration::from_millis(self.command.timeout_ms);
        let process = self.process()?;
        let id = process.next;
        process.next += 1;
        let mut request = json!({
            "type": "act",
            "id": id,
            "game": G::NAME,
            "seat": view.seat().index(),
            "seed": seed,
            "decision": decision,
            "time_ms": timeout.as_millis() as u64,
            "view": view,
            "legal": legal.iter().map(|&a| G::encode(a)).collect::<Vec<_>>(),
            "legal_text": legal.iter().map(|&a| G::write_action(a)).collect::<Vec<_>>(),
            "information_state": G::information_state(view),
        });
        if process.observation {
            request["observation"] = json!(G::observation(view));
        }
        let answer = match process.ask(&request, id, timeout) {
            Ok(answer) => answer,
            Err(Failure::Answer(why)) => return Err(why),
            Err(Failure::Dead(why)) => {
                self.process = None;
                self.dead = Some(why.clone());
                return Err(why);
            }
        };
        if let Some(error) = answer.get("error") {
            return Err(format!("said it cannot answer: {error}"));
        }
        let action = match answer.get("action") {
            Some(Value::Number(n)) => n.as_u64().and_then(|n| G::decode(n as usize)),
            Some(Value::String(text)) => G::read_action(text).ok(),
            _ => None,
        };
        match action {
            Some(action) if legal.contains(&action) => Ok(action),
            Some(action) => Err(format!("answered {}, which is not legal here", G::write_action(action))),
            None => Err(format!("answered {}, which names no action", clip(&answer.to_string()))),
        }
    }
}

impl<G> Bot<G> for ExternalBot
where
    G: Codec + RecordGame,
    G::View: Serialize,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &G::View) -> G::Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        match self.decide::<G>(view, &legal) {
            Ok(action) => action,
            Err(why) => {
                self.trouble = Some(format!("the program {why}"));
                legal[0]
            }
        }
    }

    fn take_trouble(&mut self) -> Option<String> {
        self.trouble.take()
    }
}

impl Drop for ExternalBot {
    /// Gives a live program back to the pool for the next bot.
    fn drop(&mut self) {
        if let Some(mut running) = self.process.take() {
            if matches!(running.child.try_wait(), Ok(None))
                && let Ok(mut pool) = pool().lock()
            {
                pool.entry(self.command.line.clone()).or_default().push(running);
            } else {
                running.kill();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_and_write_back() {
        let c: Command = "cmd:python3 my bot.py".parse().unwrap();
        assert_eq!(c, Command { line: "python3 my bot.py".into(), timeout_ms: DEFAULT_TIMEOUT_MS });
        assert_eq!(c.to_string(), "cmd:python3 my bot.py");
        let c: Command = "cmd[timeout=250]:./bot --fast".parse().unwrap();
        assert_eq!(c.timeout_ms, 250);
        assert_eq!(c.to_string(), "cmd[timeout=250]:./bot --fast");
        for bad in ["cmd:", "cmd", "cmd[timeout=0]:x", "cmd[speed=1]:x", "cmd[timeout=5:x", "bot:x"] {
            assert!(bad.parse::<Command>().is_err(), "{bad}");
        }
    }
}
