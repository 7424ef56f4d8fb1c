//! The one game trait every trumpf game implements.
//!
//! It follows the shape research engines use (OpenSpiel's `State`): one
//! player to act at a time, legal actions listed without allocation,
//! checked and unchecked application, and a per-seat view that is the only
//! thing a bot or a client ever receives. Chance (the deal) happens when a
//! state is built, from a seed or an explicit deal.

use std::fmt::{Debug, Display};

use crate::cardset::CardSet;
use crate::seat::Seat;

/// A card game's state machine for one deal.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move: a bid, a declaration, a card, ...
    type Action: Copy + Eq + Debug + Display + Send + Sync;
    /// What one seat may know.
    type View: GameView<Action = Self::Action>;
    /// Why an action was refused.
    type Error: std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static;

    /// The game's name, e.g. `"skat"`.
    const NAME: &'static str;

    /// How many seats take decisions in a deal (Skat 3, Spitzer 4, Spidge 3).
    fn seats(&self) -> usize;

    /// The seat to act, or `None` when the deal is over.
    fn to_act(&self) -> Option<Seat>;

    /// Whether the deal is over (then [`Game::scores`] is `Some`).
    fn is_over(&self) -> bool {
        self.to_act().is_none()
    }

    /// Appends the legal actions, in ascending order, to `out` (which is
    /// cleared first). Empty exactly when the deal is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Whether `action` is legal for the seat to act.
    fn is_legal(&self, action: Self::Action) -> bool;

    /// Applies `action` for `seat` after checking turn and legality.
    ///
    /// # Errors
    /// A typed error naming the problem; the state is unchanged.
    fn try_apply(&mut self, seat: Seat, action: Self::Action) -> Result<(), Self::Error>;

    /// Applies a legal action of the seat to act, without checks (solver,
    /// perft, playouts). Debug builds assert legality.
    fn apply_unchecked(&mut self, action: Self::Action);

    /// What `seat` may know of the state.
    fn view(&self, seat: Seat) -> Self::View;

    /// What a spectator may know: what lies on the table for everybody (the
    /// tricks, public hands, what was said), no seat's hand. Also the view
    /// of a member sitting a deal out (Skat's dealer at a four-member
    /// table). Its [`GameView::is_my_turn`] is always false.
    fn spectator_view(&self) -> Self::View;

    /// The score of each seat for this deal, once it is over (list points,
    /// positive is good), in seat order; entries past [`Game::seats`] are 0.
    fn scores(&self) -> Option<[i64; Seat::MAX]>;

    /// The cards a seat holds now.
    fn hand(&self, seat: Seat) -> CardSet;

    /// Every card played to a trick so far, including the current trick.
    fn played(&self) -> CardSet;

    /// Cards lying face up for everyone (an ouvert declarer's hand, a dummy).
    fn public_cards(&self) -> CardSet;

    /// Cards `seat` may know besides its hand, the played cards and the public
    /// cards (Skat: the skat for a declarer who picked it up or discarded).
    fn private_knowledge(&self, seat: Seat) -> CardSet;

    /// The whole pack the game is played with.
    fn pack(&self) -> CardSet;

    /// The card an action plays, if it is a card play.
    fn card_of(action: Self::Action) -> Option<crate::Card>;

    /// The action that plays `card` in this deal.
    fn card_action(&self, card: crate::Card) -> Self::Action;

    /// The cards the seat to act may play now, as one mask; empty outside
    /// trick play and once the deal is over.
    fn playable_cards(&self) -> CardSet;
}

/// Counts the legal card sequences of the next `depth` card plays from a
/// state in trick play (perft). A sequence that ends the deal early counts
/// as one leaf; depth 0, or a state outside trick play, counts 1. The state
/// is copied per move instead of undone.
pub fn perft<G: Game + Copy>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal = game.playable_cards();
    if legal.is_empty() {
        return 1;
    }
    if depth == 1 {
        return legal.len() as u64;
    }
    let mut nodes = 0;
    for card in legal {
        let mut next = *game;
        next.apply_unchecked(game.card_action(card));
        nodes += perft(&next, depth - 1);
    }
    nodes
}

/// A seat's view of a game.
pub trait GameView: Clone + Debug + PartialEq + Eq + Send + Sync {
    /// The action type of the game.
    type Action;
    /// The seat this view belongs to (for a spectator's view, a seat that
    /// means nothing: see [`GameView::is_spectator`]).
    fn seat(&self) -> Seat;
    /// Whether this is a spectator's view ([`Game::spectator_view`]): no
    /// hand, never to act.
    fn is_spectator(&self) -> bool;
    /// Whether this seat is to act.
    fn is_my_turn(&self) -> bool;
    /// The cards this seat holds.
    fn hand(&self) -> CardSet;
    /// Every card the view shows, in any role (hand, tricks, public hands, skat).
    fn visible_cards(&self) -> CardSet;
    /// The legal actions of this seat, when it is to act (a view knows them).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);
    /// The action that plays `card` in this view's game.
    fn card_action(&self, card: crate::Card) -> Self::Action;
}
