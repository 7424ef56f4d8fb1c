//! `trumpf loadtest --tables N --seconds S [--url URL]`: N Skat tables,
//! each of two simulated people, a bot and a spectator (three sockets a
//! table), played on loopback for S seconds against a running server or
//! one started for the test (`trumpf serve` on a fresh SQLite file, whose
//! memory is then measured). The people think about a second a move, the
//! bots pause a second. Every acknowledged action is then looked up in the
//! store through `/api/acked`. The last line:
//! `tables N actions A p50_ms X p99_ms Y errors E lost L`.

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Args;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Mutex;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

#[derive(Debug, Args)]
pub struct LoadtestArgs {
    /// Concurrent tables.
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// A running server (http://HOST:PORT); without it one is started.
    #[arg(long)]
    url: Option<String>,
    /// A simulated person's mean time to think, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
}

#[derive(Default)]
struct Stats {
    latencies: Mutex<Vec<f64>>,
    actions: AtomicU64,
    errors: AtomicU64,
    acked: Mutex<Vec<(String, HashSet<u64>)>>,
}

struct Server {
    child: Option<Child>,
    addr: String,
}

fn start_server() -> Result<Server> {
    let db = std::env::temp_dir().join(format!("trumpf-loadtest-{}.db", std::process::id()));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", db.display()));
    }
    let mut child = Command::new(std::env::current_exe()?)
        .args(["serve", "--port", "0", "--bot-pause-ms", "1000", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .spawn()
        .context("starting trumpf serve")?;
    let mut line = String::new();
    BufReader::new(child.stdout.take().context("the server's output")?).read_line(&mut line)?;
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).context("the server printed no URL")?;
    Ok(Server { addr: host_port(url), child: Some(child) })
}

fn host_port(url: &str) -> String {
    url.trim_start_matches("http://").trim_end_matches('/').to_owned()
}

fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

async fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Result<Value> {
    let mut stream = TcpStream::connect(addr).await?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let text = String::from_utf8_lossy(&response);
    let (head, body) = text.split_once("\r\n\r\n").context("an HTTP answer")?;
    if !head.starts_with("HTTP/1.1 200") {
        bail!("{method} {path}: {head}: {body}");
    }
    Ok(serde_json::from_str(body)?)
}

/// A simulated person (or, without a token, a spectator) at `table` until
/// `end`.
async fn person(
    addr: String,
    table: String,
    token: Option<String>,
    deals_on: bool,
    think: Duration,
    end: Instant,
    stats: Arc<Stats>,
) -> Result<()> {
    let (mut ws, _) = connect_async(format!("ws://{addr}/ws")).await?;
    let hello = json!({"t": "hello", "table": table, "token": token, "seen": 0});
    ws.send(Message::Text(hello.to_string().into())).await?;
    let mut next_id = 1;
    let mut sent: Option<(u64, Instant)> = None;
    let mut acted_at: Option<Value> = None;
    let mut acked = HashSet::new();
    let mut rng = table
        .bytes()
        .fold(token.as_deref().unwrap_or("").len() as u64 + 1, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    let mut due: Option<(Instant, Value)> = None;
    loop {
        let now = Instant::now();
        if now >= end {
            break;
        }
        let wait = due.as_ref().map_or(end, |(at, _)| (*at).min(end));
        let frame = tokio::select! {
            frame = ws.next() => frame,
            () = tokio::time::sleep_until(wait.into()) => {
                if let Some((_, message)) = due.take() {
                    if message["t"] == "act" {
                        sent = Some((message["id"].as_u64().unwrap_or(0), Instant::now()));
                    }
                    ws.send(Message::Text(message.to_string().into())).await?;
                }
                continue;
            }
        };
        let Some(frame) = frame else { break };
        let Message::Text(text) = frame? else { continue };
        let value: Value = serde_json::from_str(text.as_str())?;
        match value["t"].as_str() {
            Some("welcome") => next_id = value["lastId"].as_u64().unwrap_or(0) + 1,
            Some("ack") => {
                if let Some((id, at)) = sent.take()
                    && value["id"] == json!(id)
                {
                    stats.latencies.lock().await.push(at.elapsed().as_secs_f64() * 1000.0);
                    stats.actions.fetch_add(1, Ordering::Relaxed);
                    acked.insert(id);
                }
            }
            Some("error") => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("error at {table}: {value}");
                sent = None;
            }
            Some("state") if token.is_some() => {
                let legal = value["legal"].as_array().cloned().unwrap_or_default();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let pause = think.mul_f64(0.5 + (rng % 1000) as f64 / 1000.0);
                if !legal.is_empty() && acted_at.as_ref() != Some(&value["ticket"]) && sent.is_none() {
                    acted_at = Some(value["ticket"].clone());
                    let action = legal[(rng % legal.len() as u64) as usize]["action"].clone();
                    let message = json!({"t": "act", "id": next_id, "action": action, "ticket": value["ticket"]});
                    next_id += 1;
                    due = Some((Instant::now() + pause, message));
                } else if deals_on && value["canNext"] == true && due.is_none() {
                    due = Some((Instant::now() + pause * 2, json!({"t": "next"})));
                }
            }
            _ => {}
        }
    }
    let _ = ws.close(None).await;
    if let Some(token) = token {
        stats.acked.lock().await.push((token, acked));
    }
    Ok(())
}

pub fn run(args: LoadtestArgs) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(load(args))
}

async fn load(args: LoadtestArgs) -> Result<()> {
    let mut server = match &args.url {
        Some(url) => Server { child: None, addr: host_port(url) },
        None => start_server()?,
    };
    let pid = server.child.as_ref().map(Child::id);
    let before = pid.and_then(rss_kb);
    let stats = Arc::new(Stats::default());
    let mut seats = Vec::new();
    for i in 0..args.tables {
        let request = json!({
            "game": "skat",
            "seats": [{"kind": "me", "name": format!("load{i}a")}, {"kind": "person"}, {"kind": "bot", "level": "heuristic"}],
        });
        let made = http(&server.addr, "POST", "/api/tables", Some(&request)).await?;
        let id = made["id"].as_str().context("a table id")?.to_owned();
        let taken =
            http(&server.addr, "POST", &format!("/api/tables/{id}/seat"), Some(&json!({"name": format!("load{i}b")})))
                .await?;
        let second = taken["token"].as_str().context("a seat token")?.to_owned();
        seats.push((id, made["token"].as_str().context("a seat token")?.to_owned(), second));
    }
    let start = Instant::now();
    let end = start + Duration::from_secs(args.seconds);
    let think = Duration::from_millis(args.think_ms);
    let mut tasks = Vec::new();
    for (id, a, b) in &seats {
        for (token, deals_on) in [(Some(a.clone()), true), (Some(b.clone()), false), (None, false)] {
            let task = person(server.addr.clone(), id.clone(), token, deals_on, think, end, stats.clone());
            tasks.push(tokio::spawn(task));
        }
    }
    let mut peak = None;
    while Instant::now() < end {
        tokio::time::sleep(Duration::from_secs(1)).await;
        peak = peak.max(pid.and_then(rss_kb));
    }
    for task in tasks {
        match task.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("a client failed: {e}");
            }
            Err(e) => bail!("a client panicked: {e}"),
        }
    }
    // Every acknowledged action must be in the store.
    let mut lost = 0;
    for (token, acked) in stats.acked.lock().await.iter() {
        let stored = http(&server.addr, "GET", &format!("/api/acked?token={token}"), None).await?;
        let stored: HashSet<u64> =
            stored["ids"].as_array().map(|a| a.iter().filter_map(Value::as_u64).collect()).unwrap_or_default();
        lost += acked.difference(&stored).count();
    }
    if let Some(child) = server.child.as_mut() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let mut latencies = std::mem::take(&mut *stats.latencies.lock().await);
    latencies.sort_by(f64::total_cmp);
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    if let (Some(before), Some(peak)) = (before, peak) {
        let per_table = (peak.saturating_sub(before)) as f64 / args.tables.max(1) as f64;
        println!(
            "server rss_mb_start {:.1} rss_mb_peak {:.1} kb_per_table {per_table:.1} sockets {}",
            before as f64 / 1024.0,
            peak as f64 / 1024.0,
            seats.len() * 3
        );
    }
    println!(
        "tables {} actions {} p50_ms {:.2} p99_ms {:.2} errors {} lost {lost}",
        args.tables,
        stats.actions.load(Ordering::Relaxed),
        pct(0.50),
        pct(0.99),
        stats.errors.load(Ordering::Relaxed),
    );
    Ok(())
}
