//! trumpf-table: a table of people and bots playing a match of one of
//! trumpf's games, sans-I/O.
//!
//! A [`Table`] is a state machine: it takes people's actions
//! ([`Table::act`]), bots' answers to its requests ([`Table::bot_request`],
//! [`Table::answer`]), the step to the next deal and changes of who plays a
//! member ([`Controller`]), and keeps a numbered log of every change
//! ([`Table::events`]) from which an identical table is rebuilt
//! ([`Table::restore`]). It has no threads, clocks, files or sockets: the
//! terminal, a server, a tournament runner or a Python module drive it and
//! run the [`Bots`] wherever they like. Every member and bot only ever
//! receives its own seat's view ([`Table::view_of`]).
//!
//! Around the match the table keeps what front ends show: what each seat
//! said aloud this deal ([`Table::talk`]), the itemised result of a
//! finished deal as rows ([`Table::itemised`], [`Row`]), and the saved
//! text of the match so far, the deal in progress included
//! ([`Table::save`]), which [`Resumable`] reads back and [`Table::resume`]
//! continues where it ends. Each game joins through [`TableGame`] (one
//! module per game: [`skat`], [`spitzer`], [`spidge`]).
//!
//! ```
//! use trumpf_core::Member;
//! use trumpf_core::series::SkatMatchRules;
//! use trumpf_core::skat::SkatGame;
//! use trumpf_table::{BotKind, Bots, Controller, Table, TableSetup};
//!
//! // One person and two bots; the person (member 0) sits in forehand.
//! let setup = TableSetup {
//!     rules: SkatMatchRules::default(),
//!     seed: 7,
//!     first_dealer: Member::new(2).unwrap(),
//!     controllers: vec![
//!         Controller::person("Ann"),
//!         Controller::bot(BotKind::Heuristic, "Bot 1"),
//!         Controller::bot(BotKind::Random, "Bot 2"),
//!     ],
//! };
//! let mut table = Table::<SkatGame>::new(setup).unwrap();
//! let mut bots = Bots::for_table(&table);
//! let ann = Member::new(0).unwrap();
//! while !table.deal_over() {
//!     match table.bot_request() {
//!         Some(request) => {
//!             let answer = bots.answer(request);
//!             table.answer(answer).unwrap();
//!         }
//!         None => {
//!             // Ann passes whenever she may, else takes her first option.
//!             let mut legal = Vec::new();
//!             trumpf_core::GameView::legal_actions(&table.view_of(ann), &mut legal);
//!             let pass = trumpf_core::skat::SkatAction::Pass;
//!             let action = if legal.contains(&pass) { pass } else { legal[0] };
//!             table.act(ann, action).unwrap();
//!         }
//!     }
//! }
//! assert_eq!(table.record().deals().len(), 1);
//! assert!(!table.itemised().unwrap().is_empty());
//! // The log rebuilds the same table.
//! assert_eq!(Table::restore(table.events()).unwrap(), table);
//! ```

mod bots;
mod controller;
mod event;
mod game;
mod itemised;
mod resume;
mod save;
mod table;

pub mod skat;
pub mod spidge;
pub mod spitzer;

pub use bots::{BotAnswer, BotRequest, BotTrouble, Bots, Ticket, bot_seed};
pub use controller::{BotKind, Controller, ParseBotKindError};
pub use event::{Event, Numbered};
pub use game::TableGame;
pub use itemised::{Align, Column, Grid, GridRow, Row, Tone};
pub use resume::{FileError, ReadSaveError, Resumable, saved_game};
pub use save::{SaveError, SaveFormat, Saved};
pub use table::{
    ActError, Acted, AnswerError, DealActions, NextDealError, RestoreError, RestoreErrorKind, ResumeError, SeatError,
    SetupError, Table, TableSetup,
};
