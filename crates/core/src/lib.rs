//! trumpf-core: exact rules engines for Skat, Spitzer and Spidge.
//!
//! Pure: no I/O, no async. Vocabulary ([`Card`], [`CardSet`], [`Seat`],
//! [`BySeat`]), the [`Game`] trait every game implements, seeded portable
//! shuffling, and one module per game.
//!
//! Playing one Skat deal from deal to score:
//!
//! ```
//! use trumpf_core::{Game, Seat};
//! use trumpf_core::skat::{Contract, GameKind, SkatAction, SkatDeal, SkatGame, SkatOutcome, SkatRules};
//!
//! let mut game = SkatGame::new(SkatDeal::from_seed(42), SkatRules::default());
//! // Middlehand bids 18, forehand passes, rearhand passes: middlehand declares.
//! game.try_apply(Seat::MIDDLEHAND, SkatAction::Bid(18))?;
//! game.try_apply(Seat::FOREHAND, SkatAction::Pass)?;
//! game.try_apply(Seat::REARHAND, SkatAction::Pass)?;
//! game.try_apply(Seat::MIDDLEHAND, SkatAction::Declare(Contract::hand(GameKind::Grand)))?;
//! // Everybody plays the first legal card until the deal is over.
//! while let Some(seat) = game.to_act() {
//!     let card = game.legal_cards().first().unwrap();
//!     game.try_apply(seat, SkatAction::Play(card))?;
//! }
//! let Some(SkatOutcome::Played { settlement, .. }) = game.outcome() else { unreachable!() };
//! assert_eq!(settlement.tally.declarer_tricks + settlement.tally.defender_tricks, 10);
//! # Ok::<(), trumpf_core::skat::SkatError>(())
//! ```

pub mod any;
mod card;
mod cardset;
pub mod codec;
mod game;
pub mod iss;
mod seat;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod series;
pub mod shuffle;
pub mod skat;
pub mod spidge;
pub mod spitzer;
pub mod trick;

pub use any::{AnyAction, AnyError, AnyGame, AnyView, GameId};
pub use card::{Card, ParseCardError, ParseSuitError, Rank, Suit};
pub use cardset::{CardSet, CardSetIter, ParseCardSetError};
pub use codec::Codec;
pub use game::{Game, GameView, perft};
pub use seat::{BySeat, Member, Seat};
