//! Asking bots: a request names a decision point (a [`Ticket`]) and holds
//! nothing but the bot's own seat's view; the answer comes back with the
//! ticket, so an answer to a decision already taken is ignored.
//!
//! [`Bots`] lives wherever the bots think (a thread, a task, a process):
//! the table never calls a bot itself.

use std::any::Any;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};

use trumpf_ai::Bot;
use trumpf_core::{Game, GameView, Member, Seat};

use crate::controller::Controller;
use crate::game::TableGame;
use crate::table::Table;

/// Names one decision point of a table: a deal and the number of actions
/// taken in it. A bot's answer is applied only while its ticket is current.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ticket {
    /// The deal's number (1-based).
    pub deal: u32,
    /// Actions taken in the deal before this decision.
    pub ply: u32,
}

/// What a bot is asked: its own seat's view, nothing else.
#[derive(Clone, Debug)]
pub struct BotRequest<G: Game> {
    /// The decision point.
    pub ticket: Ticket,
    /// The bot's member.
    pub member: Member,
    /// The bot's seat in this deal.
    pub seat: Seat,
    /// What that seat may know.
    pub view: G::View,
}

/// A bot's answer to a [`BotRequest`].
#[derive(Clone, Debug)]
pub struct BotAnswer<G: Game> {
    /// The decision point it answers.
    pub ticket: Ticket,
    /// The member that acts.
    pub member: Member,
    /// The seat that acts.
    pub seat: Seat,
    /// The action, legal in the bot's view.
    pub action: G::Action,
    /// Set when the bot failed and `action` is its seat's first legal
    /// action instead.
    pub trouble: Option<BotTrouble<G>>,
}

/// How a bot failed at a decision. The table then takes the seat's first
/// legal action, and its event says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotTrouble<G: Game> {
    /// The member has no bot where the answer was made.
    Missing,
    /// The bot panicked, with this message.
    Panicked(String),
    /// The bot chose an action its view does not allow.
    Illegal(G::Action),
    /// The bot failed and recovered with its first legal action (an outside
    /// program that timed out, answered an illegal action or died), with
    /// what happened ([`trumpf_ai::Bot::take_trouble`]).
    Failed(String),
    /// The deal refused the bot's action (its view and the deal disagree).
    Refused {
        /// The action refused.
        action: G::Action,
        /// The deal's reason.
        error: G::Error,
    },
}

impl<G: Game> BotTrouble<G> {
    /// What to tell the table, `who` naming the bot: "Bot 1 failed: boom;
    /// it took its first legal action instead."
    pub fn sentence(&self, who: &str) -> String {
        match self {
            BotTrouble::Refused { action, error } => format!("{who}'s {action} was refused: {error}"),
            trouble => format!("{who} {trouble}; it took its first legal action instead."),
        }
    }
}

impl<G: Game> fmt::Display for BotTrouble<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotTrouble::Missing => f.write_str("has no bot"),
            BotTrouble::Panicked(message) => write!(f, "failed: {message}"),
            BotTrouble::Failed(message) => write!(f, "failed: {message}"),
            BotTrouble::Illegal(action) => write!(f, "chose the illegal action {action}"),
            BotTrouble::Refused { action, error } => write!(f, "played {action}, which was refused: {error}"),
        }
    }
}

/// The bots of a table, by member. Each sees only the view in its request.
pub struct Bots<G: Game> {
    players: Vec<Option<Box<dyn Bot<G>>>>,
}

impl<G: Game> Default for Bots<G> {
    fn default() -> Bots<G> {
        Bots { players: Vec::new() }
    }
}

impl<G: Game> fmt::Debug for Bots<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<Option<&str>> = self.players.iter().map(|p| p.as_ref().map(|b| b.name())).collect();
        f.debug_struct("Bots").field("players", &names).finish()
    }
}

impl<G: TableGame> Bots<G> {
    /// A bot for every member `table` has a bot controller for, each of its
    /// kind ([`TableGame::bot`]) and seeded from the table's seed and the
    /// member ([`bot_seed`]).
    pub fn for_table(table: &Table<G>) -> Bots<G> {
        let mut bots = Bots::default();
        for (i, controller) in table.controllers().iter().enumerate() {
            if let Some(member) = Member::new(i) {
                bots.follow(table.seed(), member, controller);
            }
        }
        bots
    }

    /// Follows a change of `member`'s controller (an
    /// [`Event::Seated`](crate::Event::Seated)): a bot controller gets a
    /// fresh bot of its kind, anything else none.
    pub fn follow(&mut self, seed: u64, member: Member, controller: &Controller) {
        let seed = bot_seed(seed, member);
        let bot = match controller {
            Controller::Bot { kind, .. } => G::bot(*kind, seed),
            Controller::Program { command, .. } => G::program(command, seed),
            Controller::Person { .. } | Controller::Empty => None,
        };
        self.set(member, bot);
    }
}

/// The seed of the random bot playing `member` at a table of `seed`.
pub fn bot_seed(seed: u64, member: Member) -> u64 {
    seed.wrapping_add(member.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<G: Game> Bots<G> {
    /// No bots.
    pub fn new() -> Bots<G> {
        Bots::default()
    }

    /// `member` played by `bot` (or by none).
    pub fn set(&mut self, member: Member, bot: Option<Box<dyn Bot<G>>>) {
        let i = member.index();
        if self.players.len() <= i {
            self.players.resize_with(i + 1, || None);
        }
        self.players[i] = bot;
    }

    /// `member` played by `bot`, for building in one expression.
    pub fn with(mut self, member: Member, bot: Box<dyn Bot<G>>) -> Bots<G> {
        self.set(member, Some(bot));
        self
    }

    /// Asks the request's bot. A bot that panics or answers an illegal action
    /// (or is missing) is replaced, for this decision, by its seat's first
    /// legal action, and the answer says so.
    ///
    /// # Panics
    /// If the request's view has no legal action (a request is made only for
    /// the seat to act, which always has one).
    pub fn answer(&mut self, request: BotRequest<G>) -> BotAnswer<G> {
        let mut legal = Vec::new();
        request.view.legal_actions(&mut legal);
        let fallback = *legal.first().expect("a bot is asked only when its seat is to act");
        let (action, trouble) = match self.players.get_mut(request.member.index()).and_then(Option::as_mut) {
            None => (fallback, Some(BotTrouble::Missing)),
            Some(bot) => match panic::catch_unwind(AssertUnwindSafe(|| bot.choose(&request.view))) {
                Ok(action) if legal.contains(&action) => (action, bot.take_trouble().map(BotTrouble::Failed)),
                Ok(action) => (fallback, Some(BotTrouble::Illegal(action))),
                Err(payload) => (fallback, Some(BotTrouble::Panicked(panic_text(payload.as_ref()).to_owned()))),
            },
        };
        BotAnswer { ticket: request.ticket, member: request.member, seat: request.seat, action, trouble }
    }
}

fn panic_text(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("panic")
}
