//! Who plays a member's cards: a person, a bot, or nobody yet.

use std::fmt;

use trumpf_ai::external::Command;
use trumpf_ai::{BotSpec, Level};

/// The player of one member of a table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Controller {
    /// A person, who acts through [`Table::act`](crate::Table::act).
    Person {
        /// The name shown to the table and written to records.
        name: String,
    },
    /// A bot, asked through [`Table::bot_request`](crate::Table::bot_request)
    /// and answering through [`Table::answer`](crate::Table::answer).
    Bot {
        /// Which bot.
        kind: BotKind,
        /// The name shown to the table and written to records.
        name: String,
    },
    /// An outside program playing as a bot (`docs/bot-protocol.md`): asked
    /// like a bot, through [`Table::bot_request`](crate::Table::bot_request).
    Program {
        /// The program and its time limit (`cmd:COMMAND`).
        command: Command,
        /// The name shown to the table and written to records.
        name: String,
    },
    /// A seat waiting for someone: nobody acts for it until a
    /// [`Table::set_controller`](crate::Table::set_controller) fills it.
    Empty,
}

impl Controller {
    /// A person named `name`.
    pub fn person(name: impl Into<String>) -> Controller {
        Controller::Person { name: name.into() }
    }

    /// A bot of `kind` named `name`.
    pub fn bot(kind: BotKind, name: impl Into<String>) -> Controller {
        Controller::Bot { kind, name: name.into() }
    }

    /// An outside program `command` named `name`.
    pub fn program(command: Command, name: impl Into<String>) -> Controller {
        Controller::Program { command, name: name.into() }
    }

    /// The member's name: the person's or the bot's; `"empty seat"` for a
    /// seat nobody holds.
    pub fn name(&self) -> &str {
        match self {
            Controller::Person { name } | Controller::Bot { name, .. } | Controller::Program { name, .. } => name,
            Controller::Empty => "empty seat",
        }
    }

    /// Whether a person plays this member.
    pub fn is_person(&self) -> bool {
        matches!(self, Controller::Person { .. })
    }

    /// Whether a bot or an outside program plays this member (it is asked
    /// through bot requests).
    pub fn is_bot(&self) -> bool {
        matches!(self, Controller::Bot { .. } | Controller::Program { .. })
    }

    /// The bot's kind, if a bot plays this member.
    pub fn bot_kind(&self) -> Option<BotKind> {
        match self {
            Controller::Bot { kind, .. } => Some(*kind),
            _ => None,
        }
    }
}

/// Which bot plays a member. New kinds join as new variants, carrying what
/// they need (a search bot its strength: `Pimc(Level)` with easy, medium
/// and hard); a game that has no bot of a kind refuses it when the table is
/// set up ([`SetupError::NoBot`](crate::SetupError::NoBot)) or a controller
/// changes ([`SeatError::NoBot`](crate::SeatError::NoBot)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum BotKind {
    /// Uniformly random legal actions ([`trumpf_ai::RandomBot`]), seeded
    /// from the table's seed and the member.
    Random,
    /// The game's rule-of-thumb player ([`trumpf_ai::SkatBot`],
    /// [`trumpf_ai::SpitzerBot`], [`trumpf_ai::SpidgeBot`]).
    Heuristic,
    /// A search bot of a strength ([`trumpf_ai::Level`]: PIMC with more
    /// worlds and bidding by simulation the harder it is).
    Level(Level),
}

impl BotKind {
    /// The bot spec this kind names.
    pub fn spec(self) -> BotSpec {
        match self {
            BotKind::Random => BotSpec::Random,
            BotKind::Heuristic => BotSpec::Heuristic,
            BotKind::Level(level) => BotSpec::Level(level),
        }
    }
}

/// Text that names no bot kind of a table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {0:?}: one of easy, medium, hard, heuristic, random")]
pub struct ParseBotKindError(pub String);

impl std::str::FromStr for BotKind {
    type Err = ParseBotKindError;
    fn from_str(s: &str) -> Result<BotKind, ParseBotKindError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            "heuristic" => Ok(BotKind::Heuristic),
            "easy" => Ok(BotKind::Level(Level::Easy)),
            "medium" => Ok(BotKind::Level(Level::Medium)),
            "hard" => Ok(BotKind::Level(Level::Hard)),
            _ => Err(ParseBotKindError(s.to_owned())),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Level(level) => level.name(),
        })
    }
}
