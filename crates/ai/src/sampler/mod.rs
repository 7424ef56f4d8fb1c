//! World sampling: deals the cards a seat has not seen, consistently with
//! everything its view shows, into full game states ("worlds") that a
//! double-dummy solver can play out. This is the heart of perfect-
//! information Monte Carlo (PIMC) play.
//!
//! What a world respects, per game:
//!
//! * **Every game**: the seat's own hand, every card played by whom, the
//!   face-up cards (an ouvert declarer's hand, the Spidge dummy), and the
//!   **voids shown**: a player who did not follow a lead holds no card of
//!   the led effective suit (in Spitzer, under must-trump, a fail card on a
//!   fail lead shows he holds no trump either). Each holder gets exactly as
//!   many cards as it still holds.
//! * **Skat**: the skat a declarer knows (his discards) stays where it is;
//!   otherwise the two skat cards are dealt among the unseen cards.
//! * **Spitzer**: what the announcement implies (a caller holds both black
//!   queens and, for `CallAce`, not the called ace; for `CallAceVoid` no
//!   card of the called suit), and whatever the teams the view knows imply.
//! * **Spidge**: the dummy is face up; only the hidden hands are dealt. A
//!   hand that led a trump where only a hand of trumps may (before trumps
//!   are broken, or under `NeverUnlessOnlyTrumps`) holds nothing else.
//!
//! The deal is drawn uniformly among the deals that fit the hard
//! constraints ([`deal::Deck`]); a world is then rebuilt by replaying the
//! public actions, and kept only if its view of the seat **equals** the
//! given view (Spitzer, Spidge) or reproduces its hand, tricks and game
//! (Skat, whose views also carry the auction's bookkeeping; worlds start
//! at trick play). Constraints that are not a simple "may hold" (a caller
//! holds some card of the called suit) are met by that final check, by
//! drawing again.
//!
//! Soft information (what a bid says about a hand, what a dear card given
//! on a trick already lost suggests about the cheaper ones) is not a
//! constraint but a weight: see [`weights`].

pub mod deal;
mod skat;
mod spidge;
mod spitzer;
pub mod weights;

use rand::Rng;
use trumpf_core::Game;

pub use deal::{DealError, Deck};

/// How many times a world is drawn again when the drawn one does not fit
/// the view before sampling gives up.
pub const MAX_DRAWS: usize = 256;

/// Why no world can be sampled for a view.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SampleError {
    /// The view's phase has no worlds to play out (bidding, a Ramsch, the
    /// deal is over).
    #[error("no worlds to sample in this phase: {0}")]
    Phase(&'static str),
    /// The unseen cards cannot be dealt as the view requires.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// Draws kept producing worlds whose view differs from the given one.
    #[error("no world fitting the view was found in {MAX_DRAWS} draws")]
    NoFit,
}

/// A game whose worlds can be sampled from a seat's view.
pub trait Sampled: Game {
    /// The prepared sampler for one view.
    type Worlds: Worlds<Self>;

    /// Prepares sampling for `view` (the counting is done once; each world
    /// is then cheap).
    ///
    /// # Errors
    /// If the phase has no worlds or no deal fits the view.
    fn worlds(view: &Self::View) -> Result<Self::Worlds, SampleError>;
}

/// The worlds of one view.
pub trait Worlds<G: Game> {
    /// One world, drawn uniformly among the fitting deals.
    ///
    /// # Errors
    /// [`SampleError::NoFit`] if [`MAX_DRAWS`] draws find no fitting world.
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<G, SampleError>;

    /// How many deals of the unseen cards fit the hard constraints.
    fn deals(&self) -> f64;
}

pub use skat::SkatWorlds;
pub use spidge::SpidgeWorlds;
pub use spitzer::SpitzerWorlds;
