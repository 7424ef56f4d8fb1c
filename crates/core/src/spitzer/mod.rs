//! Spitzer, the four-player Schafkopf-family game of north-eastern Michigan
//! (`spitzer.md`).
//!
//! Seats are 0 eldest (E1) to 3 dealer (E4). A deal runs
//! [`SpitzerDeal`] → announcement phase (each seat from eldest passes or
//! makes one public [`Announcement`]; the first announcement ends it) →
//! eight tricks with following by effective suit, must-trump and the
//! called-ace obligations → [`settle`] on the tariff of §6. The game to 42
//! is not modelled here; [`game_winner`] decides its end from the totals.
//!
//! ```
//! use trumpf_core::Game;
//! use trumpf_core::spitzer::{SpitzerAction, SpitzerGame};
//!
//! let mut game = SpitzerGame::from_seed(7);
//! while let Some(seat) = game.to_act() {
//!     // Everybody passes, then plays the first legal card.
//!     let action = match game.legal_cards().first() {
//!         Some(card) => SpitzerAction::Play(card),
//!         None => SpitzerAction::Pass,
//!     };
//!     game.try_apply(seat, action)?;
//! }
//! let outcome = game.outcome().expect("the deal is over");
//! assert!(outcome.scores.iter().all(|&s| s >= 0));
//! # Ok::<(), trumpf_core::spitzer::SpitzerError>(())
//! ```

mod announcement;
mod cards;
mod codec;
mod deal;
mod game;
mod legal;
mod playout;
mod rules;
mod scoring;
mod view;

pub use crate::game::perft;
pub use announcement::{Announcement, Contract, ParseAnnouncementError, ParseContractError, Side};
pub use cards::{
    BIG_QUEEN, BLACK_QUEENS, Duty, FAIL_ORDER, FAIL_SUITS, FAILS, LITTLE_QUEEN, SPITZER, TRUMP_ORDER, TRUMPS,
    card_points, fail_suit, follow_cards, follow_mask, is_trump, legal_cards, points, strength, trick_winner,
};
pub use deal::{DealError, SpitzerDeal};
pub use game::{
    DEALER, ELDEST, ParseActionError, SpitzerAction, SpitzerError, SpitzerGame, SpitzerHistory, SpitzerOutcome,
    SpitzerPhase, Trick,
};
pub use playout::random_playout;
pub use rules::{CallTiming, FirstTrickSelfRow, RulesError, SpitzerRules};
pub use scoring::{Column, Settlement, TARIFF, game_winner, settle, tariff};
pub use view::{SpitzerView, TeamKnowledge};
