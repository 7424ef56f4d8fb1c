//! The Spitzer deal as one state machine: announcements → trick play → settlement.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::game::Game;
use crate::seat::{BySeat, Seat};
use crate::spitzer::announcement::{
    Announcement, Contract, ParseAnnouncementError, Side, resolve, resolve_first_trick,
};
use crate::spitzer::cards::{
    Duty, Refusal, TRUMPS, card_points, fail_suit, follow_mask, legal_cards, refusal, strength, strength_in_trick,
};
use crate::spitzer::deal::SpitzerDeal;
use crate::spitzer::legal::{duty_of, eligible_bits, push_legal_actions, said};
use crate::spitzer::rules::{RulesError, SpitzerRules};
use crate::spitzer::scoring::{Settlement, settle};
use crate::spitzer::view::SpitzerView;
use crate::trick::TrickHistory;

/// Eldest hand (E1), seat 0: first to announce and to lead.
pub const ELDEST: Seat = Seat::FOREHAND;
/// The dealer (E4), seat 3.
pub const DEALER: Seat = Seat::REARHAND.next(4);

/// A move in a Spitzer deal.
///
/// The derived order (pass, announcements, cards) is the order of
/// [`Game::legal_actions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SpitzerAction {
    /// Stay silent in the announcement phase.
    Pass,
    /// Make a public announcement (ends the announcement phase).
    Announce(Announcement),
    /// Play a card to the trick.
    Play(Card),
}

impl fmt::Display for SpitzerAction {
    /// `Pass`, the announcement (`CallAce(H)`, `Zola`, ...), or the card (`D7`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpitzerAction::Pass => f.write_str("Pass"),
            SpitzerAction::Announce(a) => write!(f, "{a}"),
            SpitzerAction::Play(card) => write!(f, "{card}"),
        }
    }
}

/// Error for a string that names no Spitzer action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "not a Spitzer action: {0:?} (expected Pass, an announcement such as CallAce(H) or Zola, or a card such as D7)"
)]
pub struct ParseActionError(pub String);

impl FromStr for SpitzerAction {
    type Err = ParseActionError;
    /// Parses the [`Display`](fmt::Display) spelling, case-insensitively
    /// (`p` also means pass).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") || t.eq_ignore_ascii_case("p") {
            return Ok(SpitzerAction::Pass);
        }
        if let Ok(card) = t.parse::<Card>()
            && CardSet::PIQUET_PACK.contains(card)
        {
            return Ok(SpitzerAction::Play(card));
        }
        t.parse::<Announcement>()
            .map(SpitzerAction::Announce)
            .map_err(|ParseAnnouncementError(_)| ParseActionError(s.to_owned()))
    }
}

/// The phase of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SpitzerPhase {
    /// Each seat in turn from eldest passes or announces (§4.2).
    Announcing,
    /// Trick play (§5).
    Playing,
    /// All eight tricks are played and the deal is settled.
    Over,
}

impl fmt::Display for SpitzerPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SpitzerPhase::Announcing => "announcement",
            SpitzerPhase::Playing => "trick play",
            SpitzerPhase::Over => "over",
        })
    }
}

fn suit_name(led: &Card) -> &'static str {
    if TRUMPS.contains(*led) {
        return "trump";
    }
    match led.suit() {
        Suit::Clubs => "clubs",
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
    }
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpitzerError {
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
        action: SpitzerAction,
        /// The phase.
        phase: SpitzerPhase,
    },
    /// The seat may not make this announcement (§4.3).
    #[error("{announcement} is not allowed: {reason}")]
    NotEligible {
        /// The announcement.
        announcement: Announcement,
        /// Why not.
        reason: &'static str,
    },
    /// The card is not in the player's hand.
    #[error("{0} is not in the hand")]
    NotInHand(Card),
    /// The player must follow the led card's effective suit (§5.3).
    #[error("{card} does not follow {led}: a card of the led suit ({}) must be played", suit_name(.led))]
    MustFollow {
        /// The card tried.
        card: Card,
        /// The led card.
        led: Card,
    },
    /// The player cannot follow the led fail suit and must trump (§5.3).
    #[error("{card} is not a trump: a player void in the led suit ({}) must play a trump", suit_name(.led))]
    MustTrump {
        /// The card tried.
        card: Card,
        /// The led card.
        led: Card,
    },
    /// The called ace must be played the first time its suit is led (§5.4).
    #[error("{card} may not be played: the called ace {ace} must be played the first time its suit is led")]
    MustPlayCalledAce {
        /// The card tried.
        card: Card,
        /// The called ace.
        ace: Card,
    },
    /// The called ace may not be thrown on another suit before its suit is led (§5.4).
    #[error("the called ace {ace} may not be thrown on a trick of another suit before its suit has been led")]
    MayNotDiscardCalledAce {
        /// The called ace.
        ace: Card,
    },
    /// HOUSE `caller_must_keep_hold_card`: the caller keeps his last card of the called suit.
    #[error("{card} is the caller's last card of the called suit and may not be thrown before the suit is led")]
    MustKeepHoldCard {
        /// The card tried.
        card: Card,
    },
}

/// One completed Spitzer trick.
pub type Trick = crate::trick::Trick<Seat, 4>;

/// Every card of a Spitzer deal in the order played, with the trick leaders.
pub type SpitzerHistory = TrickHistory<Seat, 4, 32>;

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpitzerOutcome {
    /// The declaring side D (§4.4).
    pub declaring: Side,
    /// The settlement (§6).
    pub settlement: Settlement,
    /// The game points each seat gains (never negative), seat order.
    pub scores: [i64; Seat::MAX],
}

/// A Spitzer deal in progress. Seats are 0 eldest (E1) to 3 dealer (E4).
///
/// The state is `Copy` (about 130 bytes): search and perft copy it instead
/// of undoing moves. The engine knows the declaring side from the end of the
/// announcement phase; [`SpitzerGame::view`] shows each seat only what the
/// cards have revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpitzerGame {
    rules: SpitzerRules,
    deal: SpitzerDeal,
    phase: SpitzerPhase,
    hands: [CardSet; 4],
    to_act: Seat,
    /// Seats 0..passes passed in the announcement phase.
    passes: u8,
    announcement: Option<(Seat, Announcement)>,
    contract: Option<Contract>,
    declaring: Side,
    called_ace: Option<Card>,
    /// Whether the called suit was led in a completed trick (§5.4 duties end).
    called_suit_led: bool,
    /// Every card played, with the trick leaders.
    history: SpitzerHistory,
    /// The card led to the trick in progress (kept beside the history:
    /// every legal-card mask of the playout path reads it).
    led: Option<Card>,
    best_pos: u8,
    best_strength: u8,
    trick_points: u8,
    tricks_won: [u8; 4],
    points_won: [u8; 4],
    played: CardSet,
    played_by: [CardSet; 4],
    outcome: Option<SpitzerOutcome>,
}

impl SpitzerGame {
    /// A new deal under `rules`, starting with the announcement phase.
    ///
    /// # Errors
    /// If the rules are not supported ([`SpitzerRules::validate`]).
    pub fn new(deal: SpitzerDeal, rules: SpitzerRules) -> Result<SpitzerGame, RulesError> {
        rules.validate()?;
        Ok(SpitzerGame::build(deal, rules))
    }

    /// The state before the first announcement, rules taken as valid.
    fn build(deal: SpitzerDeal, rules: SpitzerRules) -> SpitzerGame {
        SpitzerGame {
            rules,
            deal,
            phase: SpitzerPhase::Announcing,
            hands: *deal.hands().as_array(),
            to_act: ELDEST,
            passes: 0,
            announcement: None,
            contract: None,
            declaring: Side::EMPTY,
            called_ace: None,
            called_suit_led: false,
            history: SpitzerHistory::new(ELDEST),
            led: None,
            best_pos: 0,
            best_strength: 0,
            trick_points: 0,
            tricks_won: [0; 4],
            points_won: [0; 4],
            played: CardSet::EMPTY,
            played_by: [CardSet::EMPTY; 4],
            outcome: None,
        }
    }

    /// `deal` under the default rules, in the announcement phase.
    pub fn from_deal(deal: SpitzerDeal) -> SpitzerGame {
        SpitzerGame::build(deal, SpitzerRules::STANDARD)
    }

    /// The deal for `seed` under the default rules, in the announcement phase.
    pub fn from_seed(seed: u64) -> SpitzerGame {
        SpitzerGame::build(SpitzerDeal::from_seed(seed), SpitzerRules::STANDARD)
    }

    /// A deal that starts at trick play, everybody having passed: Normal or
    /// Sneaker by the black queens, eldest to lead (for perft, the solver and
    /// analysis).
    ///
    /// # Errors
    /// If the rules are not supported.
    pub fn at_play(deal: SpitzerDeal, rules: SpitzerRules) -> Result<SpitzerGame, RulesError> {
        let mut game = SpitzerGame::new(deal, rules)?;
        game.passes = 4;
        game.end_announcements();
        Ok(game)
    }

    /// The rules in force.
    pub fn rules(&self) -> &SpitzerRules {
        &self.rules
    }

    /// The deal as dealt.
    pub fn deal(&self) -> &SpitzerDeal {
        &self.deal
    }

    /// The phase.
    pub fn phase(&self) -> SpitzerPhase {
        self.phase
    }

    /// The public announcement and who made it, if one was made.
    pub fn announcement(&self) -> Option<(Seat, Announcement)> {
        self.announcement
    }

    /// What `seat` said in the announcement phase: `Pass`, its
    /// announcement, or `None` (no turn, or not yet).
    pub fn said(&self, seat: Seat) -> Option<SpitzerAction> {
        said(seat, self.passes, self.announcement)
    }

    /// How many seats passed in the announcement phase (seats `0..passes`,
    /// from eldest).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The scoring row, once decided: at the end of the announcement phase,
    /// or for `CallFirstTrick` when trick 1 is won.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The declaring side D, once decided (as [`SpitzerGame::contract`]).
    /// The engine knows it; seats learn it only through their views.
    pub fn declaring_side(&self) -> Option<Side> {
        self.contract.map(|_| self.declaring)
    }

    /// The called ace after `CallAce` / `CallAceVoid`.
    pub fn called_ace(&self) -> Option<Card> {
        self.called_ace
    }

    /// Whether the called suit has been led in a completed trick, which ends
    /// the §5.4 obligations.
    pub fn called_suit_led(&self) -> bool {
        self.called_suit_led
    }

    /// The cards of the trick in progress, in play order, and who led it.
    pub fn current_trick(&self) -> (Seat, &[Card]) {
        (self.history.leader(), self.history.current())
    }

    /// The last completed trick.
    pub fn last_trick(&self) -> Option<Trick> {
        self.history.last()
    }

    /// Every card played so far, in order, with the leader of every trick.
    pub fn history(&self) -> &SpitzerHistory {
        &self.history
    }

    /// Tricks won per seat.
    pub fn tricks_won(&self) -> BySeat<u8, 4> {
        BySeat::new(self.tricks_won)
    }

    /// Card points won in tricks per seat.
    pub fn points_won(&self) -> BySeat<u8, 4> {
        BySeat::new(self.points_won)
    }

    /// The cards `seat` has played so far.
    pub fn played_by(&self, seat: Seat) -> CardSet {
        self.played_by.get(seat.index()).copied().unwrap_or_default()
    }

    /// How the deal ended, once over.
    pub fn outcome(&self) -> Option<SpitzerOutcome> {
        self.outcome
    }

    /// The §5.4 obligations binding `seat` now.
    pub fn duty(&self, seat: Seat) -> Duty {
        duty_of(seat, self.hand(seat), self.announcement, self.called_ace, self.called_suit_led, &self.rules)
    }

    /// The cards the seat to act may play now (empty outside trick play).
    #[inline]
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SpitzerPhase::Playing {
            return CardSet::EMPTY;
        }
        let seat = self.to_act;
        let hand = self.hands[seat.index()];
        legal_cards(hand, self.led, self.rules.must_trump, self.duty(seat))
    }

    /// The announcements the seat to act may make now, ascending (empty
    /// outside the announcement phase).
    pub fn legal_announcements(&self) -> impl Iterator<Item = Announcement> + '_ {
        let open = self.phase == SpitzerPhase::Announcing;
        let hand = self.hands[self.to_act.index()];
        Announcement::eligible(hand, &self.rules).filter(move |_| open)
    }

    fn check(&self, seat: Seat, action: SpitzerAction) -> Result<(), SpitzerError> {
        if self.phase == SpitzerPhase::Over {
            return Err(SpitzerError::Over);
        }
        if seat != self.to_act {
            return Err(SpitzerError::NotYourTurn { expected: self.to_act, got: seat });
        }
        let hand = self.hands[seat.index()];
        match (self.phase, action) {
            (SpitzerPhase::Announcing, SpitzerAction::Pass) => Ok(()),
            (SpitzerPhase::Announcing, SpitzerAction::Announce(announcement)) => announcement
                .eligibility(hand, &self.rules)
                .map_err(|reason| SpitzerError::NotEligible { announcement, reason }),
            (SpitzerPhase::Playing, SpitzerAction::Play(card)) => {
                if !hand.contains(card) {
                    return Err(SpitzerError::NotInHand(card));
                }
                if self.legal_cards().contains(card) {
                    return Ok(());
                }
                let led = self.history.led().unwrap_or(card);
                Err(match refusal(hand, led, card, self.rules.must_trump, self.duty(seat)) {
                    Refusal::MustFollow => SpitzerError::MustFollow { card, led },
                    Refusal::MustTrump => SpitzerError::MustTrump { card, led },
                    Refusal::MustPlayCalledAce(ace) => SpitzerError::MustPlayCalledAce { card, ace },
                    Refusal::MayNotDiscardCalledAce(ace) => SpitzerError::MayNotDiscardCalledAce { ace },
                    Refusal::MustKeepHoldCard => SpitzerError::MustKeepHoldCard { card },
                })
            }
            _ => Err(SpitzerError::WrongPhase { action, phase: self.phase }),
        }
    }

    #[inline]
    fn apply(&mut self, action: SpitzerAction) {
        match action {
            SpitzerAction::Pass => {
                self.passes += 1;
                if self.passes >= 4 {
                    self.end_announcements();
                } else {
                    self.to_act = self.to_act.next(4);
                }
            }
            SpitzerAction::Announce(a) => {
                self.announcement = Some((self.to_act, a));
                self.end_announcements();
            }
            SpitzerAction::Play(card) => self.play_card(card),
        }
    }

    fn end_announcements(&mut self) {
        let r = resolve(&self.deal, self.announcement);
        self.contract = r.contract;
        self.declaring = r.declaring;
        self.called_ace = r.called_ace;
        self.phase = SpitzerPhase::Playing;
        self.to_act = ELDEST;
    }

    #[inline]
    fn play_card(&mut self, card: Card) {
        let seat = self.to_act;
        self.hands[seat.index()].remove(card);
        self.played.insert(card);
        self.played_by[seat.index()].insert(card);
        let len = self.history.len();
        let pos = len & 3;
        let leader = self.history.leader();
        let led = self.led.unwrap_or(card);
        self.history.push(card);
        if pos == 0 {
            self.led = Some(card);
            self.best_pos = 0;
            self.best_strength = strength(card, card);
            self.trick_points = card_points(card);
        } else {
            let s = strength_in_trick(card, led);
            if s > self.best_strength {
                self.best_strength = s;
                self.best_pos = pos as u8;
            }
            self.trick_points += card_points(card);
        }
        if pos != 3 {
            self.to_act = seat.next(4);
            return;
        }
        self.led = None;
        let winner = leader.offset(usize::from(self.best_pos), 4);
        self.tricks_won[winner.index()] += 1;
        self.points_won[winner.index()] += self.trick_points;
        if let Some(ace) = self.called_ace
            && follow_mask(led) == fail_suit(ace.suit())
        {
            self.called_suit_led = true;
        }
        if self.contract.is_none()
            && let Some((caller, Announcement::CallFirstTrick)) = self.announcement
        {
            let (contract, side) = resolve_first_trick(caller, winner, &self.rules);
            self.contract = Some(contract);
            self.declaring = side;
        }
        self.history.close_trick(winner);
        self.to_act = winner;
        if self.played == CardSet::PIQUET_PACK {
            self.finish();
        }
    }

    fn finish(&mut self) {
        let contract = self.contract.unwrap_or(Contract::Normal);
        let mut tricks = 0;
        let mut points = 0;
        for seat in self.declaring.iter() {
            tricks += self.tricks_won[seat.index()];
            points += self.points_won[seat.index()];
        }
        let settlement = settle(contract, tricks, points);
        let scores = settlement.award(self.declaring);
        self.outcome = Some(SpitzerOutcome { declaring: self.declaring, settlement, scores });
        self.phase = SpitzerPhase::Over;
    }

    /// Picks a uniformly random legal action with `rng`, without listing the
    /// actions and without allocating (the playout fast path).
    #[inline]
    pub fn random_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<SpitzerAction> {
        use crate::shuffle::{random_card, uniform_below};
        match self.phase {
            SpitzerPhase::Playing => random_card(rng, self.legal_cards()).map(SpitzerAction::Play),
            SpitzerPhase::Over => None,
            SpitzerPhase::Announcing => {
                let bits = eligible_bits(self.hands[self.to_act.index()], &self.rules);
                let n = 1 + bits.count_ones();
                let k = uniform_below(rng, n);
                if k == 0 {
                    return Some(SpitzerAction::Pass);
                }
                // The k-th set bit (1-based).
                let mut rest = bits;
                for _ in 1..k {
                    rest &= rest - 1;
                }
                Announcement::ALL.get(rest.trailing_zeros() as usize).map(|&a| SpitzerAction::Announce(a))
            }
        }
    }
}

impl Game for SpitzerGame {
    type Action = SpitzerAction;
    type View = SpitzerView;
    type Error = SpitzerError;
    const NAME: &'static str = "spitzer";

    fn seats(&self) -> usize {
        4
    }

    #[inline]
    fn to_act(&self) -> Option<Seat> {
        (self.phase != SpitzerPhase::Over).then_some(self.to_act)
    }

    fn legal_actions(&self, out: &mut Vec<SpitzerAction>) {
        push_legal_actions(self.phase, self.hands[self.to_act.index()], &self.rules, self.legal_cards(), out);
    }

    fn is_legal(&self, action: SpitzerAction) -> bool {
        self.check(self.to_act, action).is_ok()
    }

    fn try_apply(&mut self, seat: Seat, action: SpitzerAction) -> Result<(), SpitzerError> {
        self.check(seat, action)?;
        self.apply(action);
        Ok(())
    }

    #[inline]
    fn apply_unchecked(&mut self, action: SpitzerAction) {
        debug_assert_eq!(self.check(self.to_act, action), Ok(()), "illegal {action}");
        self.apply(action);
    }

    fn view(&self, seat: Seat) -> SpitzerView {
        SpitzerView::of(self, Some(seat))
    }

    fn spectator_view(&self) -> SpitzerView {
        SpitzerView::of(self, None)
    }

    fn scores(&self) -> Option<[i64; Seat::MAX]> {
        self.outcome.map(|o| o.scores)
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    fn played(&self) -> CardSet {
        self.played
    }

    fn public_cards(&self) -> CardSet {
        CardSet::EMPTY
    }

    fn private_knowledge(&self, _seat: Seat) -> CardSet {
        CardSet::EMPTY
    }

    fn pack(&self) -> CardSet {
        CardSet::PIQUET_PACK
    }

    fn card_action(&self, card: Card) -> SpitzerAction {
        SpitzerAction::Play(card)
    }

    fn playable_cards(&self) -> CardSet {
        SpitzerGame::legal_cards(self)
    }

    fn card_of(action: SpitzerAction) -> Option<Card> {
        match action {
            SpitzerAction::Play(card) => Some(card),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eligible_bits_agree_with_eligibility() {
        let mut rng = crate::shuffle::deal_rng(5);
        let tables = [
            SpitzerRules::default(),
            SpitzerRules { zola_anyone: false, allow_partnership_schneider: true, ..SpitzerRules::default() },
        ];
        for _ in 0..5000 {
            let deal = SpitzerDeal::random(&mut rng);
            for (_, &hand) in deal.hands().iter() {
                for rules in &tables {
                    let bits = eligible_bits(hand, rules);
                    for (i, a) in Announcement::ALL.iter().enumerate() {
                        assert_eq!(bits >> i & 1 == 1, a.eligibility(hand, rules).is_ok(), "{hand} {a}");
                    }
                }
            }
        }
    }

    #[test]
    fn actions_round_trip_through_text() {
        let mut all = vec![SpitzerAction::Pass];
        all.extend(Announcement::ALL.map(SpitzerAction::Announce));
        all.extend(CardSet::PIQUET_PACK.iter().map(SpitzerAction::Play));
        for a in all {
            assert_eq!(a.to_string().parse::<SpitzerAction>(), Ok(a));
        }
        assert!("C2".parse::<SpitzerAction>().is_err());
        assert!("x".parse::<SpitzerAction>().is_err());
    }

    #[test]
    fn seats_and_refusals_leave_the_state_alone() {
        assert_eq!(ELDEST.index(), 0);
        assert_eq!(DEALER.index(), 3);
        let mut game = SpitzerGame::from_seed(1);
        let before = game;
        let wrong = Seat::new(2).unwrap();
        assert_eq!(
            game.try_apply(wrong, SpitzerAction::Pass),
            Err(SpitzerError::NotYourTurn { expected: ELDEST, got: wrong })
        );
        let card = game.hand(ELDEST).first().unwrap();
        assert!(matches!(game.try_apply(ELDEST, SpitzerAction::Play(card)), Err(SpitzerError::WrongPhase { .. })));
        assert_eq!(game, before);
    }
}
