//! Skat under the International Skat Order (`skat.md`), with the club and
//! pub house rules of `skat-variants.md`.
//!
//! The deal's state machine ([`SkatGame`]) reads in phase order, one
//! module per phase: [`deal`] → [`bidding`] → `passing` (Grand Hand offer
//! and Schieberamsch before a Ramsch) → `declaration` (skat pickup,
//! discard, game) → `spitze` → `kontra` → `play` (tricks, with
//! `schenken`, the gifts of the first trick) → [`scoring`] /
//! [`ramsch`] (pure settlements) → [`list`] (the score sheet). `legal`
//! lists the legal actions for the state and the views alike; `view`
//! builds what one seat may know; `playout` is the allocation-free random
//! path.

mod action;
pub mod bidding;
mod codec;
pub mod contract;
pub mod deal;
mod declaration;
mod error;
mod kontra;
mod legal;
pub mod list;
mod passing;
mod play;
mod playout;
pub mod ramsch;
pub mod rules;
mod schenken;
pub mod scoring;
mod spitze;
mod state;
mod view;

pub use crate::game::perft;
pub use action::{ParseActionError, SkatAction};
pub use bidding::{Auction, AuctionResult, AuctionStage, BID_VALUES, BidError, BidMove};
pub use contract::{Contract, GameKind, ParseContractError, card_points, points};
pub use deal::{DealError, SkatDeal};
pub use declaration::GRAND_HAND;
pub use error::SkatError;
pub use kontra::KontraState;
pub use list::{ListEntry, ScoreSheet};
pub use passing::PacketMove;
pub use play::{SkatHistory, Trick};
pub use playout::random_playout;
pub use ramsch::{RamschPlay, RamschResult, settle_ramsch};
pub use rules::{
    BockEventMerge, BockRules, BockStacking, BockTriggers, KlopfenScope, KontraRules, KontraTiming, MatchFormat,
    PassOut, RamschKind, RamschRules, RamschScoring, RamschTie, SchenkenOverbid, SchenkenRules, Scoring, SkatOwner,
    SkatRules, SpitzeBan, SpitzeRules, ThreeWayTie,
};
pub use schenken::{Gift, GiftStep};
pub use spitze::spitze_card;
/// The largest Bock factor: 2²⁰, twenty overlapping Bock rounds
/// (`skat-variants.md` §4.5 multiplies without a bound; this one keeps every
/// score within range and is far past anything a table plays).
pub const MAX_BOCK: u32 = 1 << 20;

pub use scoring::{
    Doubling, Extras, Levels, PlayTally, Settlement, overbid_value, raised_contract, settle, settle_game, settle_with,
};
pub use state::{DealSetup, SkatGame, SkatOutcome, SkatPhase};
pub use view::SkatView;
