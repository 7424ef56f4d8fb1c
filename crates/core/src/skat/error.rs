//! Why a Skat action was refused.

use thiserror::Error;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::seat::Seat;
use crate::skat::action::SkatAction;
use crate::skat::bidding::BidError;
use crate::skat::contract::Contract;
use crate::skat::state::SkatPhase;

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SkatError {
    /// The deal is over.
    #[error("the deal is over")]
    Over,
    /// Another seat is to act.
    #[error("it is seat {expected}'s turn, not seat {got}'s")]
    NotYourTurn {
        /// Who is to act.
        expected: Seat,
        /// Who tried.
        got: Seat,
    },
    /// The action does not belong to this phase.
    #[error("{action} is not an action of the {phase} phase")]
    WrongPhase {
        /// The action.
        action: SkatAction,
        /// The phase.
        phase: SkatPhase,
    },
    /// An illegal auction move.
    #[error(transparent)]
    Bid(#[from] BidError),
    /// The discard is not two cards of the declarer's hand.
    #[error("the declarer must lay away exactly two cards of his twelve, not {0}")]
    BadDiscard(CardSet),
    /// The declaration is not allowed here.
    #[error("cannot declare {contract}: {reason}")]
    IllegalDeclaration {
        /// The declaration.
        contract: Contract,
        /// Why not.
        reason: &'static str,
    },
    /// The card is not in the player's hand.
    #[error("{0} is not in the hand")]
    NotInHand(Card),
    /// Kontra may not be said now.
    #[error("no Kontra now: {0}")]
    KontraNotAllowed(&'static str),
    /// Re may not be said now.
    #[error("no Re now: only the declarer may say Re, right after a Kontra")]
    ReNotAllowed,
    /// A jack may not be put into the Schieberamsch packet.
    #[error("{0} may not be passed on: jacks stay in the hand")]
    JackInPacket(Card),
    /// Pushing the packet unseen is not allowed under these rules.
    #[error("the packet may not be pushed on unseen under these rules: take it and pass two cards")]
    PushNotAllowed,
    /// Spitze may not be announced (pub extras §2).
    #[error("no Spitze: {0}")]
    SpitzeNotAllowed(&'static str),
    /// The game may not be given away now (pub extras §3).
    #[error("no gift now: {0}")]
    GiftNotAllowed(&'static str),
    /// Knocking is not open now (pub extras §4).
    #[error("no knocking now: {0}")]
    KnockNotAllowed(&'static str),
    /// The player must follow the led card's effective suit.
    #[error("{card} does not follow {led}: a card of the led suit ({suit}) must be played")]
    MustFollow {
        /// The card tried.
        card: Card,
        /// The led card.
        led: Card,
        /// The effective suit to follow.
        suit: &'static str,
    },
}
