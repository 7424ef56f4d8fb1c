//! Bots named in text, as `trumpf play --bots`, `trumpf sim --a`, a table
//! setup or a Python call name them: `random`, `heuristic`, `pimc` with
//! options after a colon (`pimc:worlds=64,inference=off,exact=4,bidding=16,bid=60,null=60,rollouts=on`),
//! the levels `easy`, `medium`, `hard`, and `perfect` (sees every card; for
//! measurement only, never at a table; `perfect:play=BOT` sees every card
//! only until the cards are played, then plays as `BOT`), and `cmd:COMMAND` (an outside
//! program speaking `docs/bot-protocol.md`, [`crate::external`]).

use std::fmt;
use std::str::FromStr;

use trumpf_core::Game;
use trumpf_core::skat::SkatGame;
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;

use crate::external::{Command, ExternalBot, ParseCommandError};
use crate::pimc::{PimcConfig, SkatPimc, SpidgePimc, SpitzerPimc};
use crate::{Bot, RandomBot, SkatBot, SpidgeBot, SpitzerBot};

/// A playing strength of `trumpf play` and the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Level {
    /// PIMC with few worlds, no inference, rule-of-thumb bidding.
    Easy,
    /// PIMC with more worlds, inference, bidding by a short simulation.
    Medium,
    /// PIMC with the most worlds and bidding by simulation.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The PIMC configuration of the level.
    pub const fn config(self) -> PimcConfig {
        match self {
            Level::Easy => PimcConfig::EASY,
            Level::Medium => PimcConfig::MEDIUM,
            Level::Hard => PimcConfig::HARD,
        }
    }

    /// `easy`, `medium`, `hard`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A bot named in text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BotSpec {
    /// Uniformly random legal actions.
    Random,
    /// The game's rule-of-thumb bot.
    Heuristic,
    /// A PIMC bot with these settings.
    Pimc(PimcConfig),
    /// A level of `trumpf play` (a PIMC configuration).
    Level(Level),
    /// Sees every card and plays double-dummy (measurement only).
    Perfect,
    /// Sees every card in the bidding, declaring and announcing and plays
    /// the cards as the named bot from its view (`perfect:play=medium`;
    /// measurement only): what perfect bidding alone is worth.
    PerfectBidding(Box<BotSpec>),
    /// An outside program (`cmd:COMMAND`, `cmd[timeout=MS]:COMMAND`).
    Command(Command),
}

/// Text that names no bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// An unknown bot name.
    #[error(
        "unknown bot {0:?}: one of random, heuristic, pimc[:options], easy, medium, hard, perfect[:play=BOT], cmd:COMMAND"
    )]
    Unknown(String),
    /// A bad option of a PIMC bot.
    #[error(
        "pimc option {0:?}: expected worlds=N (1..=4096), inference=on|off, exact=N (0..=13), bidding=N (0..=256), bid=P, null=P, policy=P (percent, 1..=100), resample=N (1..=16), rollouts=on|off, pickup=best|kind, discards=N (1..=8), pickupdeals=auto|N (1..=512), budget=N (1..=16)"
    )]
    Option(String),
    /// A `cmd:` spec that cannot be read.
    #[error(transparent)]
    Command(#[from] ParseCommandError),
    /// A bot that cannot sit at a table (it sees every card).
    #[error("the perfect bot sees every card: it is for measurement with `trumpf sim`, not for a table")]
    NotAtATable,
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<BotSpec, SpecError> {
        let s = s.trim();
        if s.starts_with("cmd:") || s.starts_with("cmd[") {
            return Ok(BotSpec::Command(s.parse()?));
        }
        let (name, options) = s.split_once(':').unwrap_or((s, ""));
        match name.to_ascii_lowercase().as_str() {
            "random" if options.is_empty() => Ok(BotSpec::Random),
            "heuristic" if options.is_empty() => Ok(BotSpec::Heuristic),
            "perfect" if options.is_empty() => Ok(BotSpec::Perfect),
            "perfect" => match options.split_once('=') {
                Some(("play", play)) => match play.parse()? {
                    BotSpec::Perfect | BotSpec::PerfectBidding(_) => Err(SpecError::Unknown(s.to_owned())),
                    play => Ok(BotSpec::PerfectBidding(Box::new(play))),
                },
                _ => Err(SpecError::Unknown(s.to_owned())),
            },
            "easy" if options.is_empty() => Ok(BotSpec::Level(Level::Easy)),
            "medium" if options.is_empty() => Ok(BotSpec::Level(Level::Medium)),
            "hard" if options.is_empty() => Ok(BotSpec::Level(Level::Hard)),
            "pimc" => {
                let mut config = PimcConfig::HARD;
                for option in options.split(',').map(str::trim).filter(|o| !o.is_empty()) {
                    let bad = || SpecError::Option(option.to_owned());
                    let (key, value) = option.split_once('=').ok_or_else(bad)?;
                    let number = |range: std::ops::RangeInclusive<usize>| {
                        value.parse::<usize>().ok().filter(|n| range.contains(n)).ok_or_else(bad)
                    };
                    match key {
                        "worlds" => config.worlds = number(1..=4096)?,
                        "exact" => config.exact_tricks = number(0..=13)?,
                        "bidding" => config.bidding_worlds = number(0..=256)?,
                        "bid" => config.bid_percent = number(1..=100)? as u8,
                        "null" => config.null_percent = number(1..=100)? as u8,
                        "policy" => config.policy_percent = number(1..=100)? as u8,
                        "resample" => config.resample = number(1..=16)? as u8,
                        "budget" => config.budget = number(1..=16)? as u8,
                        "discards" => config.discards = number(1..=8)? as u8,
                        "pickupdeals" if value == "auto" => config.pickup_deals = 0,
                        "pickupdeals" => config.pickup_deals = number(1..=512)?,
                        "inference" => config.inference = switch(value).ok_or_else(bad)?,
                        "rollouts" => config.rollouts = switch(value).ok_or_else(bad)?,
                        "pickup" => {
                            config.best_pickup = match value {
                                "best" => true,
                                "kind" => false,
                                _ => return Err(bad()),
                            }
                        }
                        _ => return Err(bad()),
                    }
                }
                Ok(BotSpec::Pimc(config))
            }
            _ => Err(SpecError::Unknown(s.to_owned())),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Heuristic => f.write_str("heuristic"),
            BotSpec::Perfect => f.write_str("perfect"),
            BotSpec::PerfectBidding(play) => write!(f, "perfect:play={play}"),
            BotSpec::Level(level) => level.fmt(f),
            BotSpec::Command(command) => command.fmt(f),
            BotSpec::Pimc(c) => write!(
                f,
                "pimc:worlds={},inference={},exact={},bidding={},bid={},null={},policy={},resample={},rollouts={},pickup={},discards={},pickupdeals={},budget={}",
                c.worlds,
                if c.inference { "on" } else { "off" },
                c.exact_tricks,
                c.bidding_worlds,
                c.bid_percent,
                c.null_percent,
                c.policy_percent,
                c.resample,
                if c.rollouts { "on" } else { "off" },
                if c.best_pickup { "best" } else { "kind" },
                c.discards,
                PickupDeals(c.pickup_deals),
                c.budget
            ),
        }
    }
}

/// The `pickupdeals` option as written: `auto` for 0.
struct PickupDeals(usize);

impl fmt::Display for PickupDeals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 { f.write_str("auto") } else { self.0.fmt(f) }
    }
}

/// An on/off option's value.
fn switch(value: &str) -> Option<bool> {
    match value {
        "on" | "true" => Some(true),
        "off" | "false" => Some(false),
        _ => None,
    }
}

/// A game whose bots can be made from a [`BotSpec`].
pub trait BotGame: Game {
    /// The bot `spec` names, seeded.
    ///
    /// # Errors
    /// [`SpecError::NotAtATable`] for the perfect bot, which needs the state.
    fn bot(spec: &BotSpec, seed: u64) -> Result<Box<dyn Bot<Self>>, SpecError>;
}

macro_rules! bot_game {
    ($game:ty, $heuristic:expr, $pimc:ty) => {
        impl BotGame for $game {
            fn bot(spec: &BotSpec, seed: u64) -> Result<Box<dyn Bot<$game>>, SpecError> {
                Ok(match spec {
                    BotSpec::Random => Box::new(RandomBot::new(seed)),
                    BotSpec::Heuristic => Box::new($heuristic),
                    BotSpec::Pimc(config) => Box::new(<$pimc>::new(*config, seed)),
                    BotSpec::Level(level) => Box::new(<$pimc>::new(level.config(), seed)),
                    BotSpec::Command(command) => Box::new(ExternalBot::new(command.clone(), seed)),
                    BotSpec::Perfect | BotSpec::PerfectBidding(_) => return Err(SpecError::NotAtATable),
                })
            }
        }
    };
}

bot_game!(SkatGame, SkatBot::new(), SkatPimc);
bot_game!(SpitzerGame, SpitzerBot::new(), SpitzerPimc);
bot_game!(SpidgeGame, SpidgeBot::new(), SpidgePimc);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_write_back() {
        for text in [
            "random",
            "heuristic",
            "easy",
            "medium",
            "hard",
            "perfect",
            "perfect:play=medium",
            "perfect:play=pimc:worlds=8,inference=on,exact=3,bidding=0,bid=45,null=80,policy=100,resample=1,rollouts=off,pickup=kind,discards=1,pickupdeals=auto,budget=1",
            "pimc:worlds=64,inference=off,exact=4,bidding=16,bid=60,null=60,policy=40,resample=3,rollouts=on,pickup=best,discards=3,pickupdeals=48,budget=2",
            "cmd:python3 examples/bot.py",
            "cmd[timeout=300]:./bot --quick",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        let spec: BotSpec = "pimc:worlds=12".parse().unwrap();
        assert_eq!(spec, BotSpec::Pimc(PimcConfig { worlds: 12, ..PimcConfig::HARD }));
        assert!(matches!("pimc:worlds=0x".parse::<BotSpec>(), Err(SpecError::Option(_))));
        // Out of the ranges the error names: refused, not quietly moved.
        for bad in [
            "pimc:worlds=0",
            "pimc:worlds=4097",
            "pimc:exact=14",
            "pimc:bid=0",
            "pimc:null=101",
            "pimc:policy=0",
            "pimc:resample=0",
            "pimc:resample=17",
            "pimc:rollouts=maybe",
            "pimc:pickup=any",
            "pimc:budget=0",
            "pimc:budget=17",
            "pimc:discards=0",
            "pimc:discards=9",
            "pimc:pickupdeals=0",
            "pimc:pickupdeals=513",
            "pimc:pickupdeals=some",
        ] {
            assert!(matches!(bad.parse::<BotSpec>(), Err(SpecError::Option(_))), "{bad}");
        }
        assert!(matches!("pimc:colour=red".parse::<BotSpec>(), Err(SpecError::Option(_))));
        assert!(matches!("genius".parse::<BotSpec>(), Err(SpecError::Unknown(_))));
        assert!(matches!("perfect:play=perfect".parse::<BotSpec>(), Err(SpecError::Unknown(_))));
        assert!(matches!("perfect:worlds=3".parse::<BotSpec>(), Err(SpecError::Unknown(_))));
        assert!(matches!("cmd:".parse::<BotSpec>(), Err(SpecError::Command(_))));
        assert!(matches!(<SkatGame as BotGame>::bot(&BotSpec::Perfect, 1), Err(SpecError::NotAtATable)));
        assert!(<SpidgeGame as BotGame>::bot(&BotSpec::Level(Level::Hard), 1).is_ok());
    }
}
