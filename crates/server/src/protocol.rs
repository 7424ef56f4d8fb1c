//! The messages of the WebSocket protocol (`docs/protocol.md`): JSON
//! objects tagged by `"t"`. What clients send is [`ClientMsg`]; what the
//! server sends is built as JSON where it is sent (each seat's view
//! differs), with the shapes the document gives; errors are [`ErrorCode`]s.

use serde::Deserialize;
use serde_json::{Value, json};
use trumpf_table::Ticket;

/// The largest message a client may send, in bytes.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 500;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message: which table, with which seat token (none: watch),
    /// the last version seen (0 or none: everything), a name for an empty
    /// seat taken.
    Hello {
        /// The table's id.
        table: String,
        /// A seat token.
        #[serde(default)]
        token: Option<String>,
        /// The last event number seen.
        #[serde(default)]
        seen: Option<u64>,
        /// The person's name.
        #[serde(default)]
        name: Option<String>,
    },
    /// An action, with the client's id for it (increasing per seat) and
    /// optionally the decision it answers (a different one is stale).
    Act {
        /// The client's id: acknowledged with `ack`, a repeat is ignored.
        id: u64,
        /// The action's JSON (`{"Play": "CJ"}`, `"Pass"`, `{"Bid": 18}`).
        action: Value,
        /// The decision point it was chosen at (from the state's `ticket`).
        #[serde(default)]
        ticket: Option<Ticket>,
    },
    /// A chat line.
    Chat {
        /// What is said.
        text: String,
    },
    /// Asks for advice for the seat to act.
    Hint,
    /// Asks for the analysis of the deal just finished.
    Analysis,
    /// Deals the next deal once the deal is over.
    Next,
    /// Opens a new table with the same players and rules.
    Rematch,
    /// Asks for the events after `seen` (or a fresh state).
    Resync {
        /// The last event number seen.
        seen: u64,
    },
    /// Keeps the connection alive; answered with `pong`.
    Ping,
}

/// What went wrong with a client's message: the `code` of an `error` frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// Not JSON, or not an object of a known shape.
    Malformed,
    /// A `"t"` the server does not know.
    Unknown,
    /// Too large.
    TooLarge,
    /// Too many messages.
    RateLimited,
    /// `hello` first, once.
    Hello,
    /// No such table.
    NoTable,
    /// A token that is no seat of the table.
    BadToken,
    /// A spectator cannot act.
    Spectator,
    /// The JSON names no action of the game.
    BadAction,
    /// Another member is to act.
    NotYourTurn,
    /// The game refused the action (the message says why).
    Illegal,
    /// The action answers a decision already taken.
    Stale,
    /// The deal is over (or not over, for `next`).
    DealState,
    /// The match is over.
    MatchOver,
    /// Nothing to give: no hint or analysis now.
    Unavailable,
    /// The store failed; the action was not taken.
    Store,
}

impl ErrorCode {
    /// The code's text in the frame.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Malformed => "malformed",
            ErrorCode::Unknown => "unknown",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Hello => "hello",
            ErrorCode::NoTable => "no_table",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::Spectator => "spectator",
            ErrorCode::BadAction => "bad_action",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::Illegal => "illegal",
            ErrorCode::Stale => "stale",
            ErrorCode::DealState => "deal_state",
            ErrorCode::MatchOver => "match_over",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::Store => "store",
        }
    }
}

/// An `error` frame: `{"t":"error","code":"illegal","message":"...","id":17}`.
pub fn error_frame(code: ErrorCode, message: &str, id: Option<u64>) -> String {
    json!({"t": "error", "code": code.as_str(), "message": message, "id": id}).to_string()
}

/// Reads a client's text frame.
///
/// # Errors
/// The error frame's code and message: malformed JSON, an unknown `"t"`,
/// a known one with the wrong fields.
pub fn parse(text: &str) -> Result<ClientMsg, (ErrorCode, String)> {
    if text.len() > MAX_MESSAGE {
        return Err((ErrorCode::TooLarge, format!("messages are at most {MAX_MESSAGE} bytes")));
    }
    let value: Value = serde_json::from_str(text).map_err(|e| (ErrorCode::Malformed, format!("not JSON: {e}")))?;
    let Some(kind) = value.get("t").and_then(Value::as_str) else {
        return Err((ErrorCode::Malformed, "a message is an object with a string \"t\"".to_owned()));
    };
    const KNOWN: [&str; 9] = ["hello", "act", "chat", "hint", "analysis", "next", "rematch", "resync", "ping"];
    if !KNOWN.contains(&kind) {
        return Err((ErrorCode::Unknown, format!("unknown message {kind:?}")));
    }
    let kind = kind.to_owned();
    serde_json::from_value(value).map_err(|e| (ErrorCode::Malformed, format!("bad {kind:?} message: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_and_bad_ones_are_named() {
        assert_eq!(parse(r#"{"t":"ping"}"#), Ok(ClientMsg::Ping));
        assert_eq!(
            parse(r#"{"t":"act","id":3,"action":{"Play":"CJ"}}"#),
            Ok(ClientMsg::Act { id: 3, action: json!({"Play": "CJ"}), ticket: None })
        );
        assert_eq!(parse("{").unwrap_err().0, ErrorCode::Malformed);
        assert_eq!(parse("[1]").unwrap_err().0, ErrorCode::Malformed);
        assert_eq!(parse(r#"{"t":"fly"}"#).unwrap_err().0, ErrorCode::Unknown);
        assert_eq!(parse(r#"{"t":"act","id":-1,"action":1}"#).unwrap_err().0, ErrorCode::Malformed);
        assert_eq!(parse(&" ".repeat(MAX_MESSAGE + 1)).unwrap_err().0, ErrorCode::TooLarge);
    }
}
