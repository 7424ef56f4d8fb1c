//! The table's event log: every change of a table is one numbered event,
//! and replaying the events rebuilds the table ([`Table::restore`](crate::Table::restore)).

use trumpf_core::{Member, Seat};

use crate::bots::BotTrouble;
use crate::controller::Controller;
use crate::game::TableGame;
use crate::table::TableSetup;

/// One change of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event<G: TableGame> {
    /// The table opened: rules, seed, first dealer and controllers, and the
    /// first deal when it was given rather than dealt from the seed.
    Opened {
        /// The setup.
        setup: TableSetup<G::Rules>,
        /// The first deal, when given.
        first_deal: Option<G>,
    },
    /// A member acted.
    Acted {
        /// Who.
        member: Member,
        /// From which seat of the deal.
        seat: Seat,
        /// What.
        action: G::Action,
        /// Set when a bot failed and the table took this action for it.
        trouble: Option<BotTrouble<G>>,
    },
    /// The next deal was dealt.
    Dealt {
        /// Its number (1-based).
        number: u32,
        /// Its dealer.
        dealer: Member,
    },
    /// A member's controller changed (a person replaced by a bot, an empty
    /// seat taken).
    Seated {
        /// Whose.
        member: Member,
        /// The new one.
        controller: Controller,
    },
}

/// An event with its number: the first event is 1, and a table's version
/// is the number of its last event, so a client that has seen event `n`
/// asks for [`Table::events_after`](crate::Table::events_after)`(n)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbered<G: TableGame> {
    /// 1, 2, 3, ...
    pub number: u64,
    /// The change.
    pub event: Event<G>,
}
