//! Skat under the International Skat Order (`skat.md`).

pub mod bidding;
pub mod contract;
pub mod deal;
mod game;
pub mod list;
mod playout;
pub mod ramsch;
pub mod rules;
pub mod scoring;

pub use crate::game::perft;
pub use bidding::{Auction, AuctionResult, AuctionStage, BID_VALUES, BidError, BidMove};
pub use contract::{Contract, GameKind, ParseContractError, card_points, points};
pub use deal::{DealError, SkatDeal};
pub use game::{
    DealSetup, KontraState, ParseActionError, SkatAction, SkatError, SkatGame, SkatOutcome, SkatPhase, SkatView, Trick,
};
pub use list::{ListEntry, ScoreSheet};
pub use playout::random_playout;
pub use ramsch::{RamschPlay, RamschResult, settle_ramsch};
pub use rules::{
    BockRules, BockStacking, BockTriggers, KontraRules, KontraTiming, MatchFormat, PassOut, RamschKind, RamschRules,
    RamschScoring, RamschTie, Scoring, SkatOwner, SkatRules,
};
pub use scoring::{Doubling, Levels, PlayTally, Settlement, overbid_value, settle, settle_with};
