//! One WebSocket: a reader half that checks and forwards the client's
//! messages to its table's task, and a writer half that sends what the
//! task queues for it, joined with `select!` (the axum chat example). The
//! logic is generic over `Sink`/`Stream` so tests can drive it without a
//! socket.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::Message;
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use tokio::sync::mpsc;

use crate::Shared;
use crate::protocol::{ClientMsg, ErrorCode, error_frame, parse};
use crate::task::Cmd;

/// Frames queued for one socket before it counts as too slow and is dropped
/// (it then reconnects and resumes from the last event it saw).
const QUEUE: usize = 64;
/// Messages a client may send in a burst, and per second after it.
const BURST: f64 = 30.0;
const PER_SECOND: f64 = 10.0;
/// Refused messages after which the socket is closed.
const STRIKES: u32 = 200;

/// A token bucket: `BURST` messages, refilled at `PER_SECOND`.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * PER_SECOND).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Serves one connection until either side closes it.
pub async fn serve_socket<W, R, E>(shared: Arc<Shared>, mut sink: W, mut stream: R)
where
    W: Sink<Message> + Unpin + Send,
    R: Stream<Item = Result<Message, E>> + Unpin + Send,
{
    let conn = shared.conn_id();
    let (out, mut queue) = mpsc::channel::<Arc<str>>(QUEUE);
    let mut table: Option<mpsc::Sender<Cmd>> = None;
    let reader = async {
        let mut bucket = Bucket { tokens: BURST, at: Instant::now() };
        let mut strikes = 0;
        let refuse = |code: ErrorCode, message: &str, strikes: &mut u32| {
            *strikes += 1;
            let _ = out.try_send(error_frame(code, message, None).into());
        };
        while let Some(Ok(message)) = stream.next().await {
            if strikes > STRIKES {
                break;
            }
            let text = match message {
                Message::Text(text) => text,
                Message::Binary(_) => {
                    refuse(ErrorCode::Malformed, "messages are JSON text frames", &mut strikes);
                    continue;
                }
                Message::Close(_) => break,
                Message::Ping(_) | Message::Pong(_) => continue,
            };
            if !bucket.take() {
                refuse(ErrorCode::RateLimited, "too many messages: slow down", &mut strikes);
                continue;
            }
            let msg = match parse(text.as_str()) {
                Ok(msg) => msg,
                Err((code, message)) => {
                    refuse(code, &message, &mut strikes);
                    continue;
                }
            };
            match (msg, &table) {
                (ClientMsg::Hello { table: id, token, seen, name }, None) => match shared.handle(&id) {
                    Some(tx) => {
                        let join = Cmd::Join { conn, token, seen: seen.unwrap_or(0), name, out: out.clone() };
                        if tx.send(join).await.is_ok() {
                            table = Some(tx);
                        }
                    }
                    None => refuse(ErrorCode::NoTable, &format!("no table {id:?} here"), &mut strikes),
                },
                (ClientMsg::Hello { .. }, Some(_)) => refuse(ErrorCode::Hello, "hello comes once", &mut strikes),
                (_, None) => refuse(ErrorCode::Hello, "say hello first: {\"t\":\"hello\",\"table\":...}", &mut strikes),
                (msg, Some(tx)) => {
                    if tx.send(Cmd::Msg { conn, msg }).await.is_err() {
                        break;
                    }
                }
            }
        }
    };
    let writer = async {
        while let Some(frame) = queue.recv().await {
            if sink.send(Message::Text(frame.as_ref().into())).await.is_err() {
                break;
            }
        }
    };
    tokio::select! {
        () = reader => {}
        () = writer => {}
    }
    if let Some(tx) = table {
        let _ = tx.send(Cmd::Leave { conn }).await;
    }
    let _ = sink.close().await;
}
