//! The Spidge deal as one state machine: thirteen tricks, then scoring
//! (`spidge.md` §4, §5).

use std::fmt;

use thiserror::Error;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{Game, GameView};
use crate::seat::Seat;
use crate::spidge::deal::SpidgeDeal;
use crate::spidge::hand::{ByHand, DEALER, Hand};
use crate::spidge::rules::{JokerSuit, SpidgeRules, TrumpLead};
use crate::spidge::scoring::{SpidgeResult, settle};
use crate::spidge::trick::{self, SpidgeHistory, SpidgeTrick, follow_mask, legal_follows, legal_leads, suit_name};

/// A move in a Spidge deal: play a card from the hand that is to play (the
/// dealer's own hand or, on the dummy's turn, the dummy). `J1` and `J2` are
/// distinct moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SpidgeAction {
    /// Play a card to the trick.
    Play(Card),
}

impl fmt::Display for SpidgeAction {
    /// The card id, e.g. `SA`, `J1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpidgeAction::Play(card) => write!(f, "{card}"),
        }
    }
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpidgeError {
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
    /// The card is not in the hand to play (the dealer's own hand or the
    /// dummy).
    #[error("{card} is not in the {hand} hand, which is to play")]
    NotInHand {
        /// The card tried.
        card: Card,
        /// The hand that is to play.
        hand: Hand,
    },
    /// The hand holds a card of the led effective suit and must play one.
    #[error("{card} does not follow {led}: the {hand} hand holds {suit} and must play one")]
    MustFollow {
        /// The card tried.
        card: Card,
        /// The led card (with wild jokers: the first non-joker card).
        led: Card,
        /// The hand that is to play.
        hand: Hand,
        /// The effective suit to follow: `trumps`, `clubs`, `hearts`, `diamonds`.
        suit: &'static str,
    },
    /// A trump may not be led before trumps are broken (§4.3).
    #[error(
        "{card} is a trump: trumps may not be led before one has been played, unless the {hand} hand holds only trumps"
    )]
    TrumpsNotBroken {
        /// The card tried.
        card: Card,
        /// The hand that leads.
        hand: Hand,
    },
    /// Under `trump_lead = never_unless_only_trumps` a trump may be led only
    /// from a hand of nothing but trumps.
    #[error(
        "{card} is a trump: trumps may be led only from a hand of nothing but trumps, and the {hand} hand holds others"
    )]
    TrumpLeadForbidden {
        /// The card tried.
        card: Card,
        /// The hand that leads.
        hand: Hand,
    },
}

/// A Spidge deal in progress.
///
/// Seats (for [`Game`]): 0 = L ([`LEFT`](super::LEFT)), 1 = R
/// ([`RIGHT`](super::RIGHT)), 2 = Dealer ([`DEALER`]), i.e. the three
/// players in play order with the dummy left out. When the dummy is to play,
/// [`Game::to_act`] is the dealer's seat and the action plays from the
/// dummy; [`SpidgeGame::hand_to_play`] says which hand. [`Game::hand`] of
/// the dealer's seat is every card he plays from (his own and the dummy's);
/// [`SpidgeGame::cards`] gives one hand alone. At the next deal the old L
/// deals (§1.3): old L → seat 2, old R → seat 0, old Dealer → seat 1
/// ([`next_deal_seat`](super::next_deal_seat)).
///
/// The state is `Copy` (under 200 bytes, the history of the thirteen
/// tricks included): search and perft copy it instead of
/// undoing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpidgeGame {
    rules: SpidgeRules,
    deal: SpidgeDeal,
    hands: [CardSet; 4],
    to_play: Hand,
    leader: Hand,
    /// Every card played, with the hand that led every trick.
    history: SpidgeHistory,
    /// The cards that follow the current trick's lead (empty: no duty yet).
    follow: CardSet,
    tricks: [u8; 4],
    played: CardSet,
    result: Option<SpidgeResult>,
}

impl SpidgeGame {
    /// A new deal under `rules`; L leads (§4.1). The deal decides the pack:
    /// `rules.jokers` is set to whether the deal holds the jokers.
    pub fn new(deal: SpidgeDeal, rules: SpidgeRules) -> SpidgeGame {
        SpidgeGame {
            rules: SpidgeRules { jokers: deal.has_jokers(), ..rules },
            deal,
            hands: *deal.hands().as_array(),
            to_play: Hand::Left,
            leader: Hand::Left,
            history: SpidgeHistory::new(Hand::Left),
            follow: CardSet::EMPTY,
            tricks: [0; 4],
            played: CardSet::EMPTY,
            result: None,
        }
    }

    /// The deal of [`SpidgeDeal::from_seed`] under the default rules.
    pub fn from_seed(seed: u64) -> SpidgeGame {
        SpidgeGame::new(SpidgeDeal::from_seed(seed), SpidgeRules::default())
    }

    /// The rules in force.
    pub fn rules(&self) -> &SpidgeRules {
        &self.rules
    }

    /// The deal as dealt.
    pub fn deal(&self) -> &SpidgeDeal {
        &self.deal
    }

    /// The cards `hand` holds now.
    #[inline]
    pub fn cards(&self, hand: Hand) -> CardSet {
        self.hands[hand.index()]
    }

    /// The dummy's remaining cards (face up for everyone, §3.2).
    #[inline]
    pub fn dummy(&self) -> CardSet {
        self.hands[Hand::Dummy.index()]
    }

    /// The hand to play next, or `None` when the deal is over.
    #[inline]
    pub fn hand_to_play(&self) -> Option<Hand> {
        self.result.is_none().then_some(self.to_play)
    }

    /// The hand that led the current trick.
    pub fn leader(&self) -> Hand {
        self.history.leader()
    }

    /// The cards of the trick in progress, in play order, and who led it.
    pub fn current_trick(&self) -> (Hand, &[Card]) {
        (self.history.leader(), self.history.current())
    }

    /// The last completed trick.
    pub fn last_trick(&self) -> Option<SpidgeTrick> {
        self.history.last()
    }

    /// Every card played so far, in order, with the hand that led every trick.
    pub fn history(&self) -> &SpidgeHistory {
        &self.history
    }

    /// Tricks won per hand.
    pub fn tricks(&self) -> ByHand<u8> {
        ByHand::new(self.tricks)
    }

    /// Whether trumps are broken (§4.3).
    #[inline]
    pub fn trumps_broken(&self) -> bool {
        trick::trumps_broken(&self.rules, self.played)
    }

    /// The scored deal, once over.
    pub fn result(&self) -> Option<&SpidgeResult> {
        self.result.as_ref()
    }

    /// The cards the hand to play may play now (empty once over).
    #[inline]
    pub fn legal_cards(&self) -> CardSet {
        if self.result.is_some() {
            return CardSet::EMPTY;
        }
        let hand = self.hands[self.to_play.index()];
        if self.history.len().is_multiple_of(4) {
            legal_leads(&self.rules, hand, self.trumps_broken())
        } else {
            legal_follows(&self.rules, hand, self.follow)
        }
    }

    fn check(&self, seat: Seat, action: SpidgeAction) -> Result<(), SpidgeError> {
        let SpidgeAction::Play(card) = action;
        if self.result.is_some() {
            return Err(SpidgeError::Over);
        }
        let expected = self.to_play.seat();
        if seat != expected {
            return Err(SpidgeError::NotYourTurn { expected, got: seat });
        }
        let hand = self.to_play;
        if !self.hands[hand.index()].contains(card) {
            return Err(SpidgeError::NotInHand { card, hand });
        }
        if self.legal_cards().contains(card) {
            return Ok(());
        }
        let trick = self.current_trick().1;
        if trick.is_empty() {
            return Err(if self.rules.trump_lead == TrumpLead::NeverUnlessOnlyTrumps {
                SpidgeError::TrumpLeadForbidden { card, hand }
            } else {
                SpidgeError::TrumpsNotBroken { card, hand }
            });
        }
        let led = match self.rules.joker_suit {
            JokerSuit::Trump => trick[0],
            JokerSuit::Wild => trick.iter().copied().find(|c| !c.is_joker()).unwrap_or(trick[0]),
        };
        Err(SpidgeError::MustFollow { card, led, hand, suit: suit_name(self.follow) })
    }

    #[inline]
    fn play_card(&mut self, card: Card) {
        let hand = self.to_play;
        self.hands[hand.index()].remove(card);
        self.played.insert(card);
        let leader = self.history.leader();
        self.history.push(card);
        if self.follow.is_empty() {
            self.follow = follow_mask(&self.rules, &[card]);
        }
        let len = self.history.len();
        if !len.is_multiple_of(4) {
            self.to_play = hand.next();
            return;
        }
        let c = self.history.cards();
        let cards = [c[len - 4], c[len - 3], c[len - 2], c[len - 1]];
        let winner = leader.offset(trick::trick_winner(&self.rules, cards));
        self.tricks[winner.index()] += 1;
        self.history.close_trick(winner);
        self.follow = CardSet::EMPTY;
        self.to_play = winner;
        if self.played.len() == 52 {
            self.result = Some(settle(ByHand::new(self.tricks), &self.rules));
        }
    }

    /// Picks a uniformly random legal card with `rng`, without listing the
    /// actions and without allocating (the playout fast path).
    #[inline]
    pub fn random_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<SpidgeAction> {
        crate::shuffle::random_card(rng, self.legal_cards()).map(SpidgeAction::Play)
    }
}

impl Game for SpidgeGame {
    type Action = SpidgeAction;
    type View = SpidgeView;
    type Error = SpidgeError;
    const NAME: &'static str = "spidge";

    fn seats(&self) -> usize {
        3
    }

    #[inline]
    fn to_act(&self) -> Option<Seat> {
        self.hand_to_play().map(Hand::seat)
    }

    fn legal_actions(&self, out: &mut Vec<SpidgeAction>) {
        out.clear();
        out.extend(self.legal_cards().iter().map(SpidgeAction::Play));
    }

    fn is_legal(&self, action: SpidgeAction) -> bool {
        let SpidgeAction::Play(card) = action;
        self.legal_cards().contains(card)
    }

    fn try_apply(&mut self, seat: Seat, action: SpidgeAction) -> Result<(), SpidgeError> {
        self.check(seat, action)?;
        let SpidgeAction::Play(card) = action;
        self.play_card(card);
        Ok(())
    }

    #[inline]
    fn apply_unchecked(&mut self, action: SpidgeAction) {
        debug_assert_eq!(self.check(self.to_play.seat(), action), Ok(()), "illegal {action}");
        let SpidgeAction::Play(card) = action;
        self.play_card(card);
    }

    fn view(&self, seat: Seat) -> SpidgeView {
        self.view_of(Some(seat))
    }

    fn spectator_view(&self) -> SpidgeView {
        self.view_of(None)
    }

    fn scores(&self) -> Option<[i64; Seat::MAX]> {
        let points = self.result?.points;
        let mut scores = [0; Seat::MAX];
        for (seat, &p) in points.iter() {
            scores[seat.index()] = i64::from(p);
        }
        Some(scores)
    }

    /// The cards `seat` plays from: its own hand, and for the dealer also the
    /// dummy.
    fn hand(&self, seat: Seat) -> CardSet {
        match Hand::of_seat(seat) {
            Some(Hand::Dealer) => self.hands[Hand::Dealer.index()] | self.dummy(),
            Some(h) => self.hands[h.index()],
            None => CardSet::EMPTY,
        }
    }

    fn played(&self) -> CardSet {
        self.played
    }

    /// The dummy's remaining cards.
    fn public_cards(&self) -> CardSet {
        self.dummy()
    }

    fn private_knowledge(&self, _seat: Seat) -> CardSet {
        CardSet::EMPTY
    }

    fn pack(&self) -> CardSet {
        self.rules.pack()
    }

    fn card_action(&self, card: Card) -> SpidgeAction {
        SpidgeAction::Play(card)
    }

    fn playable_cards(&self) -> CardSet {
        SpidgeGame::legal_cards(self)
    }

    fn card_of(action: SpidgeAction) -> Option<Card> {
        let SpidgeAction::Play(card) = action;
        Some(card)
    }
}

impl SpidgeGame {
    /// The view of `viewer`, or a spectator's (`None`: no hand but the dummy).
    fn view_of(&self, viewer: Option<Seat>) -> SpidgeView {
        let role = viewer.and_then(Hand::of_seat);
        SpidgeView {
            seat: viewer.unwrap_or(DEALER),
            rules: self.rules,
            role,
            own_hand: role.map_or(CardSet::EMPTY, |h| self.hands[h.index()]),
            dummy: self.dummy(),
            to_play: self.hand_to_play(),
            leader: self.history.leader(),
            history: self.history,
            last_trick: self.history.last(),
            tricks: self.tricks(),
            played: self.played,
            trumps_broken: self.trumps_broken(),
            result: self.result,
            spectator: viewer.is_none(),
        }
    }
}

/// What one seat may know of a Spidge deal: its own hand, the dummy (face up
/// for all), the tricks and the result. No other hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpidgeView {
    /// This seat.
    pub seat: Seat,
    /// The rules in force.
    pub rules: SpidgeRules,
    /// This seat's own hand role (L, R or Dealer); `None` for a seat not at
    /// the table.
    pub role: Option<Hand>,
    /// This seat's own cards (for the dealer: without the dummy).
    pub own_hand: CardSet,
    /// The dummy's remaining cards, face up for everyone.
    pub dummy: CardSet,
    /// The hand to play next (`None` once over). For the dealer,
    /// `Some(Hand::Dummy)` means he plays from the dummy.
    pub to_play: Option<Hand>,
    /// Who led the current trick.
    pub leader: Hand,
    /// Every card played so far, in order, with the hand that led every trick.
    pub history: SpidgeHistory,
    /// The last completed trick.
    pub last_trick: Option<SpidgeTrick>,
    /// Tricks won per hand.
    pub tricks: ByHand<u8>,
    /// All cards played so far, the current trick included.
    pub played: CardSet,
    /// Whether trumps are broken (§4.3).
    pub trumps_broken: bool,
    /// The scored deal, once over.
    pub result: Option<SpidgeResult>,
    /// A spectator's view: no own hand, never to act.
    pub spectator: bool,
}

impl SpidgeView {
    /// The current trick's cards in play order.
    pub fn trick(&self) -> &[Card] {
        self.history.current()
    }

    /// The current trick's cards with the hand that played each.
    pub fn trick_plays(&self) -> impl Iterator<Item = (Hand, Card)> + '_ {
        self.trick().iter().enumerate().map(|(i, &card)| (self.leader.offset(i), card))
    }

    /// The seat to act, if any.
    pub fn to_act(&self) -> Option<Seat> {
        self.to_play.map(Hand::seat)
    }

    /// The hand this seat plays from now (its own or the dummy), if it is to
    /// act.
    pub fn playing_hand(&self) -> Option<Hand> {
        self.to_play.filter(|h| !self.spectator && h.seat() == self.seat)
    }

    /// The cards of `hand` this seat can see: its own hand, the dummy;
    /// `None` for a hidden hand.
    pub fn cards(&self, hand: Hand) -> Option<CardSet> {
        if hand == Hand::Dummy {
            Some(self.dummy)
        } else if Some(hand) == self.role {
            Some(self.own_hand)
        } else {
            None
        }
    }

    /// The cards this seat may play now (empty unless it is to act).
    pub fn legal_cards(&self) -> CardSet {
        let Some(hand) = self.playing_hand().and_then(|h| self.cards(h)) else {
            return CardSet::EMPTY;
        };
        trick::legal_cards(&self.rules, hand, self.trick(), self.trumps_broken)
    }
}

impl GameView for SpidgeView {
    type Action = SpidgeAction;

    fn seat(&self) -> Seat {
        self.seat
    }

    fn is_my_turn(&self) -> bool {
        !self.spectator && self.to_act() == Some(self.seat)
    }

    fn is_spectator(&self) -> bool {
        self.spectator
    }

    /// The cards this seat plays from: its own hand, and for the dealer also
    /// the dummy (as [`Game::hand`]).
    fn hand(&self) -> CardSet {
        if self.role == Some(Hand::Dealer) { self.own_hand | self.dummy } else { self.own_hand }
    }

    fn visible_cards(&self) -> CardSet {
        let last: CardSet = self.last_trick.map(|t| t.cards.iter().copied().collect()).unwrap_or_default();
        self.own_hand | self.dummy | last | self.played
    }

    fn legal_actions(&self, out: &mut Vec<SpidgeAction>) {
        out.clear();
        out.extend(self.legal_cards().iter().map(SpidgeAction::Play));
    }

    fn card_action(&self, card: Card) -> SpidgeAction {
        SpidgeAction::Play(card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_small() {
        // 52 cards of history and 14 leaders are most of it.
        assert!(std::mem::size_of::<SpidgeGame>() <= 192, "{}", std::mem::size_of::<SpidgeGame>());
    }
}
