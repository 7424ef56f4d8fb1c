//! Spidge (`spidge.md`): three players, spades always trumps, a face-up
//! dummy played by the dealer, two jokers.
//!
//! Hands are named in play order L → Dummy → R → Dealer ([`Hand`]); the
//! three players are the [`Game`](crate::Game) seats 0 = L ([`LEFT`]),
//! 1 = R ([`RIGHT`]), 2 = Dealer ([`DEALER`]), who also plays the dummy.
//!
//! ```
//! use trumpf_core::Game;
//! use trumpf_core::spidge::{SpidgeAction, SpidgeDeal, SpidgeGame, SpidgeRules};
//!
//! let mut game = SpidgeGame::new(SpidgeDeal::from_seed(7), SpidgeRules::default());
//! while let Some(seat) = game.to_act() {
//!     let card = game.legal_cards().first().unwrap();
//!     game.try_apply(seat, SpidgeAction::Play(card))?;
//! }
//! let result = game.result().unwrap();
//! assert_eq!(result.tricks.as_array().iter().sum::<u8>(), 13);
//! # Ok::<(), trumpf_core::spidge::SpidgeError>(())
//! ```

mod codec;
pub mod deal;
mod game;
pub mod hand;
mod playout;
pub mod rules;
pub mod scoring;
pub mod trick;

pub use crate::game::perft;
pub use deal::{DealError, SpidgeDeal};
pub use game::{SpidgeAction, SpidgeError, SpidgeGame, SpidgeView};
pub use hand::{ByHand, DEALER, Hand, LEFT, RIGHT, next_deal_seat};
pub use playout::random_playout;
pub use rules::{DoubleJoker, JOKER_PACK, JokerSuit, SpidgeRules, TrumpLead};
pub use scoring::{Award, SpidgeResult, game_winner, settle};
pub use trick::{
    SpidgeHistory, SpidgeTrick, follow_mask, legal_cards, legal_follows, legal_leads, trick_winner, trumps_broken,
};
