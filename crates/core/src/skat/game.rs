//! The Skat deal as one state machine: bidding → skat → declaration → play → settlement.

use std::fmt;

use thiserror::Error;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{Game, GameView};
use crate::seat::{BySeat, Seat};
use crate::skat::bidding::{Auction, AuctionResult, AuctionStage, BidError, BidMove};
use crate::skat::contract::{Contract, GameKind, points};
use crate::skat::deal::SkatDeal;
use crate::skat::ramsch::{RamschPlay, RamschResult, settle_ramsch};
use crate::skat::rules::{KontraTiming, PassOut, RamschKind, SkatRules};
use crate::skat::scoring::{Doubling, PlayTally, Settlement, settle_with};

/// A move in a Skat deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SkatAction {
    /// Name a bid value (or forehand's "play at 18").
    Bid(u16),
    /// Hold the value named ("yes").
    Hold,
    /// Pass in the auction.
    Pass,
    /// The declarer picks up the skat.
    TakeSkat,
    /// The declarer lays away two cards after picking up.
    Discard(CardSet),
    /// The declarer announces the game.
    Declare(Contract),
    /// Play a card to the trick.
    Play(Card),
    /// An opponent doubles the game (variants §5).
    Kontra,
    /// The declarer redoubles, answering a Kontra.
    Re,
    /// Schieberamsch: hand the packet on without looking (doubles the score).
    Push,
}

impl SkatAction {
    fn bid_move(self) -> Option<BidMove> {
        match self {
            SkatAction::Bid(v) => Some(BidMove::Bid(v)),
            SkatAction::Hold => Some(BidMove::Hold),
            SkatAction::Pass => Some(BidMove::Pass),
            _ => None,
        }
    }
}

impl From<BidMove> for SkatAction {
    fn from(mv: BidMove) -> Self {
        match mv {
            BidMove::Bid(v) => SkatAction::Bid(v),
            BidMove::Hold => SkatAction::Hold,
            BidMove::Pass => SkatAction::Pass,
        }
    }
}

impl fmt::Display for SkatAction {
    /// The ISS spelling where there is one: `18`, `y`, `p`, `s`, `G`, `CJ`;
    /// discards as `CJ.SA`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkatAction::Bid(v) => write!(f, "{v}"),
            SkatAction::Hold => f.write_str("y"),
            SkatAction::Pass => f.write_str("p"),
            SkatAction::TakeSkat => f.write_str("s"),
            SkatAction::Discard(cards) => f.write_str(&cards.dotted()),
            SkatAction::Declare(c) => f.write_str(&c.iss_code()),
            SkatAction::Play(card) => write!(f, "{card}"),
            SkatAction::Kontra => f.write_str("kontra"),
            SkatAction::Re => f.write_str("re"),
            SkatAction::Push => f.write_str("push"),
        }
    }
}

/// Error for text that names no Skat action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "not a Skat action: {0:?} (expected a bid value, y, p, s, two cards like CJ.SA, a declaration like G or CHS, a card, kontra, re or push)"
)]
pub struct ParseActionError(pub String);

impl std::str::FromStr for SkatAction {
    type Err = ParseActionError;
    /// Reads the [`Display`](fmt::Display) form: `18`, `y`, `p`, `s`,
    /// `CT.DT` (discard), `G` / `CHS` / `NO` (declaration), `CJ` (card).
    /// A card id is never a declaration code (a code's second letter is one
    /// of `O H S Z`, none of which is a rank), so the forms cannot clash.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseActionError(s.to_owned());
        match s {
            "y" => return Ok(SkatAction::Hold),
            "p" => return Ok(SkatAction::Pass),
            "s" => return Ok(SkatAction::TakeSkat),
            "kontra" => return Ok(SkatAction::Kontra),
            "re" => return Ok(SkatAction::Re),
            "push" => return Ok(SkatAction::Push),
            _ => {}
        }
        if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            return s.parse().map(SkatAction::Bid).map_err(|_| err());
        }
        if s.contains('.') {
            let cards: CardSet = s.parse().map_err(|_| err())?;
            return if cards.len() == 2 { Ok(SkatAction::Discard(cards)) } else { Err(err()) };
        }
        if let Ok(card) = s.parse::<Card>() {
            return Ok(SkatAction::Play(card));
        }
        s.parse::<Contract>().map(SkatAction::Declare).map_err(|_| err())
    }
}

/// The phase of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SkatPhase {
    /// The auction.
    Bidding,
    /// Before a Ramsch: FH, MH, RH in turn may declare Grand Hand (variants §2.2).
    GrandHandOffer,
    /// Schieberamsch: the seat to act takes the packet or pushes it on (§3).
    Passing,
    /// The declarer picks up the skat or declares a hand game.
    SkatDecision,
    /// The declarer, holding twelve cards, lays away two.
    Discarding,
    /// The declarer announces a game after picking up.
    Declaring,
    /// Before the opening lead, the opponents may say Kontra (variants §5.3,
    /// `before_opening_lead`).
    KontraWindow,
    /// Trick play.
    Playing,
    /// The deal is over (settled or thrown in).
    Over,
}

impl fmt::Display for SkatPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SkatPhase::Bidding => "bidding",
            SkatPhase::GrandHandOffer => "Grand Hand offer",
            SkatPhase::Passing => "skat passing",
            SkatPhase::KontraWindow => "Kontra",
            SkatPhase::SkatDecision => "skat decision",
            SkatPhase::Discarding => "discarding",
            SkatPhase::Declaring => "declaration",
            SkatPhase::Playing => "trick play",
            SkatPhase::Over => "over",
        })
    }
}

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

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SkatOutcome {
    /// All passed: thrown in, no score.
    PassedIn,
    /// A game was played and settled.
    Played {
        /// The declarer.
        declarer: Seat,
        /// The settlement.
        settlement: Settlement,
    },
    /// A Ramsch was played and settled.
    Ramsch {
        /// The settlement.
        result: RamschResult,
    },
}

/// What a deal inherits from the match around it (variants §4, §4.7, §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealSetup {
    /// The Bock factor: 1, 2 inside a Bock round (4 for overlapping rounds).
    pub bock: u8,
    /// The deal belongs to a Ramsch round: no bidding, a Ramsch is played
    /// (after the Grand Hand offer, if the rules make one).
    pub ramsch_round: bool,
}

impl Default for DealSetup {
    fn default() -> Self {
        DealSetup { bock: 1, ramsch_round: false }
    }
}

/// The Kontra/Re state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct KontraState {
    /// 0 none, 1 Kontra, 2 Re.
    pub level: u8,
    /// The opponent who said Kontra.
    pub by: Option<Seat>,
    /// The declarer must answer a Kontra now (Re or pass).
    pub re_pending: bool,
}

/// One completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    /// The seat that led.
    pub leader: Seat,
    /// The cards in play order.
    pub cards: [Card; 3],
    /// The seat that won it.
    pub winner: Seat,
}

/// A Skat deal in progress. Seats are 0 forehand, 1 middlehand, 2 rearhand.
///
/// The state is `Copy` (about 150 bytes): search and perft copy it instead of
/// undoing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SkatGame {
    rules: SkatRules,
    deal: SkatDeal,
    phase: SkatPhase,
    auction: Auction,
    hands: [CardSet; 3],
    skat: CardSet,
    declarer: Seat,
    bid: u16,
    picked_up: bool,
    contract: Option<Contract>,
    to_act: Seat,
    trick: [Card; 3],
    trick_len: u8,
    leader: Seat,
    tricks_won: [u8; 3],
    points_won: [u8; 3],
    played: CardSet,
    last_trick: Option<Trick>,
    outcome: Option<SkatOutcome>,
    setup: DealSetup,
    ramsch: bool,
    kind: GameKind,
    pushes: u8,
    seen: [CardSet; 3],
    kontra: KontraState,
    resume: Seat,
    latest_trick: [u8; 3],
}

const PLACEHOLDER: Card = Card::new(crate::Suit::Clubs, crate::Rank::Seven);

impl SkatGame {
    /// A new deal under `rules`, starting with the auction.
    pub fn new(deal: SkatDeal, rules: SkatRules) -> SkatGame {
        SkatGame::with_setup(deal, rules, DealSetup::default())
    }

    /// A new deal of a match: with its Bock factor, and as a Ramsch-round
    /// deal when `setup` says so (then it starts with the Grand Hand offer or
    /// the Ramsch itself instead of the auction).
    pub fn with_setup(deal: SkatDeal, rules: SkatRules, setup: DealSetup) -> SkatGame {
        let mut game = SkatGame::fresh(deal, rules, setup);
        if setup.ramsch_round {
            game.to_act = Seat::FOREHAND;
            if rules.ramsch.grand_hand_offer_in_rounds {
                game.phase = SkatPhase::GrandHandOffer;
            } else {
                game.start_ramsch();
            }
        }
        game
    }

    fn fresh(deal: SkatDeal, rules: SkatRules, setup: DealSetup) -> SkatGame {
        let hands = *deal.hands().as_array();
        SkatGame {
            rules,
            deal,
            phase: SkatPhase::Bidding,
            auction: Auction::new(),
            hands,
            skat: deal.skat(),
            declarer: Seat::FOREHAND,
            bid: 0,
            picked_up: false,
            contract: None,
            to_act: Seat::MIDDLEHAND,
            trick: [PLACEHOLDER; 3],
            trick_len: 0,
            leader: Seat::FOREHAND,
            tricks_won: [0; 3],
            points_won: [0; 3],
            played: CardSet::EMPTY,
            last_trick: None,
            outcome: None,
            setup,
            ramsch: false,
            kind: GameKind::Null,
            pushes: 0,
            seen: [CardSet::EMPTY; 3],
            kontra: KontraState::default(),
            resume: Seat::FOREHAND,
            latest_trick: [0; 3],
        }
    }

    /// The rules in force.
    pub fn rules(&self) -> &SkatRules {
        &self.rules
    }

    /// The deal as dealt.
    pub fn deal(&self) -> &SkatDeal {
        &self.deal
    }

    /// The phase.
    pub fn phase(&self) -> SkatPhase {
        self.phase
    }

    /// The auction (its state stays readable after it ends).
    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The declarer and bid, once the auction has one.
    pub fn declarer(&self) -> Option<(Seat, u16)> {
        match self.auction.result() {
            Some(AuctionResult::Declarer { seat, bid }) => Some((seat, bid)),
            _ => None,
        }
    }

    /// Whether the declarer picked up the skat.
    pub fn picked_up(&self) -> bool {
        self.picked_up
    }

    /// The declared contract, once announced.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The cards in the skat now: the dealt skat, or the discards after pickup
    /// (empty while the declarer holds twelve cards).
    pub fn skat(&self) -> CardSet {
        self.skat
    }

    /// The cards of the trick in progress, in play order, and who led it.
    pub fn current_trick(&self) -> (Seat, &[Card]) {
        (self.leader, &self.trick[..usize::from(self.trick_len)])
    }

    /// The last completed trick.
    pub fn last_trick(&self) -> Option<Trick> {
        self.last_trick
    }

    /// Tricks won per seat.
    pub fn tricks_won(&self) -> BySeat<u8, 3> {
        BySeat::new(self.tricks_won)
    }

    /// Card points won in tricks per seat (the skat not included).
    pub fn points_won(&self) -> BySeat<u8, 3> {
        BySeat::new(self.points_won)
    }

    /// How the deal ended, once over.
    pub fn outcome(&self) -> Option<SkatOutcome> {
        self.outcome
    }

    /// What the deal inherited from its match.
    pub fn setup(&self) -> DealSetup {
        self.setup
    }

    /// Whether this deal is (or has become) a Ramsch.
    pub fn is_ramsch(&self) -> bool {
        self.ramsch
    }

    /// Unseen pushes of the Schieberamsch packet so far.
    pub fn pushes(&self) -> u8 {
        self.pushes
    }

    /// The Kontra/Re state.
    pub fn kontra(&self) -> KontraState {
        self.kontra
    }

    /// Whether `seat` may say Kontra now, and why not (it must also be its
    /// turn to act).
    ///
    /// # Errors
    /// The reason Kontra is not open to `seat`.
    pub fn may_kontra(&self, seat: Seat) -> Result<(), &'static str> {
        kontra_check(&KontraFacts {
            rules: &self.rules,
            phase: self.phase,
            ramsch: self.ramsch,
            declared: self.contract.is_some(),
            declarer: self.declarer,
            kontra: self.kontra,
            auction: &self.auction,
            seat,
            hand_len: self.hands[seat.index()].len(),
            nothing_played: self.played.is_empty(),
        })
    }

    /// The cards `seat` may play now (empty if it is not that seat's card turn).
    #[inline]
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SkatPhase::Playing || self.kontra.re_pending {
            return CardSet::EMPTY;
        }
        let led = if self.trick_len == 0 { None } else { Some(self.trick[0]) };
        self.kind.legal_cards(self.hands[self.to_act.index()], led)
    }

    /// The legal declarations in the declaration phases, in [`Contract::all`] order.
    pub fn legal_contracts(&self) -> impl Iterator<Item = Contract> + '_ {
        legal_contracts(self.phase, self.picked_up, self.bid, &self.rules)
    }

    fn check(&self, seat: Seat, action: SkatAction) -> Result<(), SkatError> {
        if self.phase == SkatPhase::Over {
            return Err(SkatError::Over);
        }
        if seat != self.to_act {
            return Err(SkatError::NotYourTurn { expected: self.to_act, got: seat });
        }
        let wrong_phase = || SkatError::WrongPhase { action, phase: self.phase };
        if self.kontra.re_pending {
            return match action {
                SkatAction::Re | SkatAction::Pass => Ok(()),
                _ => Err(SkatError::WrongPhase { action, phase: self.phase }),
            };
        }
        match (self.phase, action) {
            (SkatPhase::Bidding, a) => Ok(self.auction.check(a.bid_move().ok_or_else(wrong_phase)?)?),
            (SkatPhase::GrandHandOffer, SkatAction::Pass) => Ok(()),
            (SkatPhase::GrandHandOffer, SkatAction::Declare(c)) if c == GRAND_HAND => Ok(()),
            (SkatPhase::GrandHandOffer, SkatAction::Declare(contract)) => Err(SkatError::IllegalDeclaration {
                contract,
                reason: "only Grand Hand may be declared before a Ramsch",
            }),
            (SkatPhase::Passing, SkatAction::TakeSkat) => Ok(()),
            (SkatPhase::Passing, SkatAction::Push) if self.rules.ramsch.unseen_push_allowed => Ok(()),
            (SkatPhase::Passing, SkatAction::Push) => Err(SkatError::PushNotAllowed),
            (SkatPhase::Discarding, SkatAction::Discard(cards)) if self.ramsch => {
                if cards.len() != 2 || !cards.is_subset(self.hands[seat.index()]) {
                    return Err(SkatError::BadDiscard(cards));
                }
                match (cards & CardSet::JACKS).first() {
                    Some(jack) if !self.rules.ramsch.jacks_may_be_pushed => Err(SkatError::JackInPacket(jack)),
                    _ => Ok(()),
                }
            }
            (SkatPhase::KontraWindow, SkatAction::Pass) => Ok(()),
            (SkatPhase::KontraWindow | SkatPhase::Playing, SkatAction::Kontra) => {
                self.may_kontra(seat).map_err(SkatError::KontraNotAllowed)
            }
            (_, SkatAction::Re) => Err(SkatError::ReNotAllowed),
            (SkatPhase::SkatDecision, SkatAction::TakeSkat) => Ok(()),
            (SkatPhase::SkatDecision | SkatPhase::Declaring, SkatAction::Declare(contract)) => {
                check_contract(contract, self.phase, self.picked_up, self.bid, &self.rules)
            }
            (SkatPhase::Discarding, SkatAction::Discard(cards)) => {
                if cards.len() == 2 && cards.is_subset(self.hands[seat.index()]) {
                    Ok(())
                } else {
                    Err(SkatError::BadDiscard(cards))
                }
            }
            (SkatPhase::Playing, SkatAction::Play(card)) => {
                let hand = self.hands[seat.index()];
                if !hand.contains(card) {
                    return Err(SkatError::NotInHand(card));
                }
                if self.legal_cards().contains(card) {
                    Ok(())
                } else {
                    let led = self.trick[0];
                    let kind = self.contract.map_or(GameKind::Null, |c| c.kind);
                    Err(SkatError::MustFollow { card, led, suit: effective_suit_name(kind, led) })
                }
            }
            _ => Err(wrong_phase()),
        }
    }

    #[inline]
    fn apply(&mut self, action: SkatAction) {
        // Card play is most of every deal: straight there.
        if let SkatAction::Play(card) = action
            && !self.kontra.re_pending
        {
            self.play_card(card);
            return;
        }
        self.apply_other(action);
    }

    fn apply_other(&mut self, action: SkatAction) {
        let seat = self.to_act;
        if self.kontra.re_pending {
            // The declarer answers the Kontra; then play goes on where it stood.
            if action == SkatAction::Re {
                self.kontra.level = 2;
            }
            self.kontra.re_pending = false;
            if self.phase == SkatPhase::KontraWindow {
                self.begin_play();
            } else {
                self.to_act = self.resume;
            }
            return;
        }
        match (self.phase, action) {
            (SkatPhase::GrandHandOffer, SkatAction::Pass) => {
                if seat == Seat::REARHAND {
                    self.start_ramsch();
                } else {
                    self.to_act = seat.next(3);
                }
                return;
            }
            (SkatPhase::GrandHandOffer, SkatAction::Declare(contract)) => {
                self.auction = Auction::decided(seat, 0);
                self.declarer = seat;
                self.bid = 0;
                self.declare(contract);
                return;
            }
            (SkatPhase::KontraWindow, SkatAction::Pass) => {
                self.next_kontra_window_seat(seat.index() + 1);
                return;
            }
            (_, SkatAction::Kontra) => {
                self.kontra = KontraState { level: 1, by: Some(seat), re_pending: true };
                self.resume = seat;
                self.to_act = self.declarer;
                return;
            }
            (SkatPhase::Passing, SkatAction::TakeSkat) => {
                self.hands[seat.index()] |= self.skat;
                self.seen[seat.index()] |= self.skat;
                self.skat = CardSet::EMPTY;
                self.phase = SkatPhase::Discarding;
                return;
            }
            (SkatPhase::Passing, SkatAction::Push) => {
                self.pushes += 1;
                self.pass_packet_on(seat);
                return;
            }
            (SkatPhase::Discarding, SkatAction::Discard(cards)) if self.ramsch => {
                self.hands[seat.index()] = self.hands[seat.index()].minus(cards);
                self.seen[seat.index()] |= cards;
                self.skat = cards;
                self.pass_packet_on(seat);
                return;
            }
            _ => {}
        }
        match action {
            SkatAction::Kontra | SkatAction::Re | SkatAction::Push => {}
            SkatAction::Bid(_) | SkatAction::Hold | SkatAction::Pass => {
                self.auction.apply_unchecked(action.bid_move().expect("auction move"));
                match self.auction.stage() {
                    AuctionStage::Done(AuctionResult::Declarer { seat, bid }) => {
                        self.declarer = seat;
                        self.bid = bid;
                        self.phase = SkatPhase::SkatDecision;
                        self.to_act = seat;
                    }
                    AuctionStage::Done(AuctionResult::PassedIn) if self.rules.pass_out == PassOut::Ramsch => {
                        self.to_act = Seat::FOREHAND;
                        if self.rules.ramsch.grand_hand_offer_after_pass_out {
                            self.phase = SkatPhase::GrandHandOffer;
                        } else {
                            self.start_ramsch();
                        }
                    }
                    AuctionStage::Done(AuctionResult::PassedIn) => {
                        self.phase = SkatPhase::Over;
                        self.outcome = Some(SkatOutcome::PassedIn);
                    }
                    _ => self.to_act = self.auction.to_act().expect("auction running"),
                }
            }
            SkatAction::TakeSkat => {
                self.picked_up = true;
                self.hands[seat.index()] |= self.skat;
                self.skat = CardSet::EMPTY;
                self.phase = SkatPhase::Discarding;
            }
            SkatAction::Discard(cards) => {
                self.hands[seat.index()] = self.hands[seat.index()].minus(cards);
                self.skat = cards;
                self.phase = SkatPhase::Declaring;
            }
            SkatAction::Declare(contract) => self.declare(contract),
            SkatAction::Play(card) => self.play_card(card),
        }
    }

    /// The declaration is made: Kontra window or straight to play.
    fn declare(&mut self, contract: Contract) {
        self.contract = Some(contract);
        self.kind = contract.kind;
        match self.rules.kontra {
            Some(k) if k.timing == KontraTiming::BeforeOpeningLead => {
                self.phase = SkatPhase::KontraWindow;
                // Forehand, if an opponent, says Kontra at his lead instead.
                self.next_kontra_window_seat(1);
            }
            _ => self.begin_play(),
        }
    }

    /// Moves the Kontra window to the first eligible opponent from seat
    /// index `from` (middlehand, rearhand); play begins when none is left.
    fn next_kontra_window_seat(&mut self, from: usize) {
        for i in from..3 {
            let seat = Seat::new(i).expect("three seats");
            if self.may_kontra(seat).is_ok() {
                self.to_act = seat;
                return;
            }
        }
        self.begin_play();
    }

    fn begin_play(&mut self) {
        self.phase = SkatPhase::Playing;
        self.to_act = Seat::FOREHAND;
        self.leader = Seat::FOREHAND;
    }

    /// Nobody declared: the Ramsch begins (variants §2–§3).
    fn start_ramsch(&mut self) {
        self.ramsch = true;
        self.kind = GameKind::Grand;
        self.to_act = Seat::FOREHAND;
        if self.rules.ramsch.kind == RamschKind::Schieberamsch {
            self.phase = SkatPhase::Passing;
        } else {
            self.begin_play();
        }
    }

    /// The packet moves on from `seat`; after rearhand it is the final skat.
    fn pass_packet_on(&mut self, seat: Seat) {
        if seat == Seat::REARHAND {
            self.begin_play();
        } else {
            self.phase = SkatPhase::Passing;
            self.to_act = seat.next(3);
        }
    }

    #[inline]
    fn play_card(&mut self, card: Card) {
        let seat = self.to_act;
        self.hands[seat.index()].remove(card);
        self.played.insert(card);
        self.trick[usize::from(self.trick_len)] = card;
        self.trick_len += 1;
        if self.trick_len < 3 {
            self.to_act = seat.next(3);
            return;
        }
        let winner = self.leader.offset(self.kind.trick_winner(self.trick), 3);
        self.tricks_won[winner.index()] += 1;
        self.latest_trick[winner.index()] = (self.played.len() / 3) as u8;
        self.points_won[winner.index()] += points(CardSet::from_iter(self.trick));
        self.last_trick = Some(Trick { leader: self.leader, cards: self.trick, winner });
        self.trick_len = 0;
        self.leader = winner;
        self.to_act = winner;
        if self.ramsch {
            if self.played.len() == 30 {
                self.finish_ramsch();
            }
            return;
        }
        let contract = self.contract.expect("declared before play");
        let declarer_took = winner == self.declarer;
        let early_end =
            (contract.kind == GameKind::Null && declarer_took) || (contract.ends_on_defender_trick() && !declarer_took);
        if early_end || self.played.len() == 30 {
            self.finish();
        }
    }

    fn finish_ramsch(&mut self) {
        let play = RamschPlay {
            trick_points: self.points_won,
            tricks: self.tricks_won,
            latest_trick: self.latest_trick,
            skat_points: points(self.skat),
            pushes: self.pushes,
            bock: self.setup.bock,
        };
        self.outcome = Some(SkatOutcome::Ramsch { result: settle_ramsch(play, &self.rules.ramsch) });
        self.phase = SkatPhase::Over;
    }

    fn finish(&mut self) {
        let contract = self.contract.expect("declared");
        let d = self.declarer.index();
        let tricks: u8 = self.tricks_won.iter().sum();
        let tally = PlayTally {
            declarer_points: self.points_won[d] + points(self.skat),
            declarer_tricks: self.tricks_won[d],
            defender_tricks: tricks - self.tricks_won[d],
        };
        let twelve = self.deal.hand(self.declarer) | self.deal.skat();
        let doubling = Doubling { kontra: self.kontra.level, bock: self.setup.bock };
        let settlement = settle_with(contract, self.bid, contract.kind.matadors(twelve), tally, &self.rules, doubling);
        self.outcome = Some(SkatOutcome::Played { declarer: self.declarer, settlement });
        self.phase = SkatPhase::Over;
    }

    /// Picks a uniformly random legal action with `rng`, without listing the
    /// actions and without allocating (the playout fast path). Every legal
    /// action of the phase is equally likely, except in the skat decision,
    /// where picking up and declaring hand are equally likely and the hand
    /// declaration is then uniform.
    #[inline]
    pub fn random_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<SkatAction> {
        if self.phase == SkatPhase::Playing && self.rules.kontra.is_none() && !self.ramsch {
            return crate::shuffle::random_card(rng, self.legal_cards()).map(SkatAction::Play);
        }
        self.random_other_action(rng)
    }

    fn random_other_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<SkatAction> {
        use crate::shuffle::{random_card, uniform_below};
        let hand = self.hands[self.to_act.index()];
        let coin = |rng: &mut R, a: SkatAction, b: SkatAction| Some(if uniform_below(rng, 2) == 0 { a } else { b });
        if self.kontra.re_pending {
            return coin(rng, SkatAction::Pass, SkatAction::Re);
        }
        match self.phase {
            SkatPhase::Playing if self.rules.kontra.is_some() && self.may_kontra(self.to_act).is_ok() => {
                let legal = self.legal_cards();
                let pick = uniform_below(rng, legal.len() as u32 + 1) as usize;
                Some(legal.nth(pick).map_or(SkatAction::Kontra, SkatAction::Play))
            }
            SkatPhase::Playing => random_card(rng, self.legal_cards()).map(SkatAction::Play),
            SkatPhase::Over => None,
            SkatPhase::GrandHandOffer => coin(rng, SkatAction::Pass, SkatAction::Declare(GRAND_HAND)),
            SkatPhase::KontraWindow => coin(rng, SkatAction::Pass, SkatAction::Kontra),
            SkatPhase::Passing if self.rules.ramsch.unseen_push_allowed => {
                coin(rng, SkatAction::TakeSkat, SkatAction::Push)
            }
            SkatPhase::Passing => Some(SkatAction::TakeSkat),
            SkatPhase::Discarding if self.ramsch && !self.rules.ramsch.jacks_may_be_pushed => {
                let pool = hand - CardSet::JACKS;
                let a = random_card(rng, pool)?;
                let b = random_card(rng, pool.without(a))?;
                Some(SkatAction::Discard(CardSet::single(a).with(b)))
            }
            SkatPhase::Bidding => {
                let n = self.auction.legal_count() as u32;
                self.auction.nth_legal(uniform_below(rng, n) as usize).map(SkatAction::from)
            }
            SkatPhase::SkatDecision if uniform_below(rng, 2) == 0 => Some(SkatAction::TakeSkat),
            SkatPhase::SkatDecision | SkatPhase::Declaring => {
                let mut options = [Contract::pickup(GameKind::Null); 32];
                let mut n = 0;
                for c in self.legal_contracts() {
                    options[n] = c;
                    n += 1;
                }
                if n == 0 {
                    return Some(SkatAction::TakeSkat);
                }
                Some(SkatAction::Declare(options[uniform_below(rng, n as u32) as usize]))
            }
            SkatPhase::Discarding => {
                let a = random_card(rng, hand)?;
                let b = random_card(rng, hand.without(a))?;
                Some(SkatAction::Discard(CardSet::single(a).with(b)))
            }
        }
    }

    /// A deal that starts at trick play: the auction and declaration are
    /// taken as given (for perft, the solver and analysis of a position).
    /// The declarer keeps his dealt ten cards; the dealt skat is the skat.
    ///
    /// # Errors
    /// If the contract is not one of the legal forms of §5.3, or the bid is
    /// not a bid value.
    pub fn with_declaration(
        deal: SkatDeal,
        rules: SkatRules,
        declarer: Seat,
        bid: u16,
        contract: Contract,
    ) -> Result<SkatGame, SkatError> {
        if declarer.index() >= 3 {
            return Err(SkatError::NotYourTurn { expected: Seat::FOREHAND, got: declarer });
        }
        if !super::bidding::is_bid_value(bid) {
            return Err(SkatError::Bid(BidError::NotABidValue(bid)));
        }
        if !contract.is_well_formed() {
            return Err(SkatError::IllegalDeclaration { contract, reason: "not one of the legal forms" });
        }
        let mut game = SkatGame::new(deal, rules);
        game.auction = Auction::decided(declarer, bid);
        game.declarer = declarer;
        game.bid = bid;
        game.picked_up = !contract.hand;
        game.contract = Some(contract);
        game.kind = contract.kind;
        game.phase = SkatPhase::Playing;
        game.to_act = Seat::FOREHAND;
        Ok(game)
    }
}

fn effective_suit_name(kind: GameKind, led: Card) -> &'static str {
    if kind.trumps().contains(led) {
        "trump"
    } else {
        match led.suit() {
            crate::Suit::Clubs => "clubs",
            crate::Suit::Spades => "spades",
            crate::Suit::Hearts => "hearts",
            crate::Suit::Diamonds => "diamonds",
        }
    }
}

fn check_contract(
    contract: Contract,
    phase: SkatPhase,
    picked_up: bool,
    bid: u16,
    rules: &SkatRules,
) -> Result<(), SkatError> {
    let refuse = |reason| Err(SkatError::IllegalDeclaration { contract, reason });
    if !contract.is_well_formed() {
        return refuse(
            "schneider, schwarz and suit/grand ouvert need a hand game, schwarz includes schneider, ouvert includes schwarz",
        );
    }
    if phase == SkatPhase::SkatDecision && !contract.hand {
        return refuse("pick up the skat first, or declare a hand game");
    }
    if picked_up && contract.hand {
        return refuse("the skat was picked up, so it is not a hand game");
    }
    if let Some(value) = contract.null_value()
        && value < bid
        && !rules.allow_null_below_bid
    {
        return refuse("this Null form is worth less than the bid");
    }
    Ok(())
}

fn legal_contracts(
    phase: SkatPhase,
    picked_up: bool,
    bid: u16,
    rules: &SkatRules,
) -> impl Iterator<Item = Contract> + '_ {
    let open = matches!(phase, SkatPhase::SkatDecision | SkatPhase::Declaring);
    Contract::all().filter(move |&c| open && check_contract(c, phase, picked_up, bid, rules).is_ok())
}

/// Grand Hand, the only game offered before a Ramsch (variants §2.2).
const GRAND_HAND: Contract = Contract::hand(GameKind::Grand);

/// The public facts that decide the legal actions.
#[derive(Clone, Copy)]
struct Stage<'a> {
    phase: SkatPhase,
    auction: &'a Auction,
    picked_up: bool,
    bid: u16,
    rules: &'a SkatRules,
    ramsch: bool,
    re_pending: bool,
    may_kontra: bool,
}

/// What decides whether a seat may say Kontra (variants §5.2–§5.3).
struct KontraFacts<'a> {
    rules: &'a SkatRules,
    phase: SkatPhase,
    ramsch: bool,
    declared: bool,
    declarer: Seat,
    kontra: KontraState,
    auction: &'a Auction,
    seat: Seat,
    hand_len: usize,
    nothing_played: bool,
}

fn kontra_check(f: &KontraFacts<'_>) -> Result<(), &'static str> {
    let Some(k) = f.rules.kontra else { return Err("Kontra is not played at this table") };
    if f.ramsch {
        return Err("Kontra is never said in a Ramsch");
    }
    if !f.declared || !matches!(f.phase, SkatPhase::KontraWindow | SkatPhase::Playing) {
        return Err("Kontra follows the game announcement");
    }
    if f.seat == f.declarer {
        return Err("only an opponent of the declarer may say Kontra");
    }
    if f.kontra.level > 0 {
        return Err("Kontra was already said in this game");
    }
    if k.requires_bid && !f.auction.has_spoken(f.seat) {
        return Err("only an opponent who named or held a value in the auction may say Kontra");
    }
    match k.timing {
        KontraTiming::BeforeOwnFirstCard if f.hand_len < 10 => Err("Kontra comes before one's own first card"),
        KontraTiming::BeforeOpeningLead if !f.nothing_played => Err("Kontra comes before the opening lead"),
        _ => Ok(()),
    }
}

/// Legal actions of every phase from the public stage, the acting seat's
/// hand and its legal cards; shared by state and view.
fn push_legal_actions(stage: Stage<'_>, hand: CardSet, legal_cards: CardSet, out: &mut Vec<SkatAction>) {
    let Stage { phase, auction, picked_up, bid, rules, ramsch, re_pending, may_kontra } = stage;
    out.clear();
    if re_pending {
        out.extend([SkatAction::Pass, SkatAction::Re]);
        return;
    }
    match phase {
        SkatPhase::Bidding => auction.for_each_legal(|m| out.push(m.into())),
        SkatPhase::GrandHandOffer => out.extend([SkatAction::Pass, SkatAction::Declare(GRAND_HAND)]),
        SkatPhase::Passing => {
            out.push(SkatAction::TakeSkat);
            if rules.ramsch.unseen_push_allowed {
                out.push(SkatAction::Push);
            }
        }
        SkatPhase::KontraWindow => out.extend([SkatAction::Pass, SkatAction::Kontra]),
        SkatPhase::SkatDecision => {
            // Bids are ascending, so TakeSkat (ordered after Pass) precedes declarations.
            out.push(SkatAction::TakeSkat);
            out.extend(legal_contracts(phase, picked_up, bid, rules).map(SkatAction::Declare));
            out.sort_unstable();
        }
        SkatPhase::Discarding => {
            // Jacks stay in a Schieberamsch taker's hand (variants §3.3).
            let hand = if ramsch && !rules.ramsch.jacks_may_be_pushed { hand - CardSet::JACKS } else { hand };
            // Ascending as sets: by the higher card, then by the lower.
            for high in hand {
                for low in hand.intersect(CardSet::from_bits_truncate((1u64 << high.index()) - 1)) {
                    out.push(SkatAction::Discard(CardSet::single(low).with(high)));
                }
            }
        }
        SkatPhase::Declaring => {
            out.extend(legal_contracts(phase, picked_up, bid, rules).map(SkatAction::Declare));
            out.sort_unstable();
        }
        SkatPhase::Playing => {
            out.extend(legal_cards.iter().map(SkatAction::Play));
            if may_kontra {
                out.push(SkatAction::Kontra);
            }
        }
        SkatPhase::Over => {}
    }
}

impl Game for SkatGame {
    type Action = SkatAction;
    type View = SkatView;
    type Error = SkatError;
    const NAME: &'static str = "skat";

    fn seats(&self) -> usize {
        3
    }

    #[inline]
    fn to_act(&self) -> Option<Seat> {
        (self.phase != SkatPhase::Over).then_some(self.to_act)
    }

    fn legal_actions(&self, out: &mut Vec<SkatAction>) {
        let hand = self.hands[self.to_act.index()];
        let stage = Stage {
            phase: self.phase,
            auction: &self.auction,
            picked_up: self.picked_up,
            bid: self.bid,
            rules: &self.rules,
            ramsch: self.ramsch,
            re_pending: self.kontra.re_pending,
            may_kontra: self.phase == SkatPhase::Playing && self.may_kontra(self.to_act).is_ok(),
        };
        push_legal_actions(stage, hand, self.legal_cards(), out);
    }

    fn is_legal(&self, action: SkatAction) -> bool {
        self.check(self.to_act, action).is_ok()
    }

    fn try_apply(&mut self, seat: Seat, action: SkatAction) -> Result<(), SkatError> {
        self.check(seat, action)?;
        self.apply(action);
        Ok(())
    }

    #[inline]
    fn apply_unchecked(&mut self, action: SkatAction) {
        debug_assert_eq!(self.check(self.to_act, action), Ok(()), "illegal {action}");
        self.apply(action);
    }

    fn view(&self, seat: Seat) -> SkatView {
        self.view_of(seat, false)
    }

    /// The table without a hand or the skat before the end (`skat.md`
    /// §1.1): a spectator's view, and that of the dealer sitting out at a
    /// four-member table.
    fn spectator_view(&self) -> SkatView {
        self.view_of(Seat::FOREHAND, true)
    }

    /// The deal's own value per seat: the declarer's list score (the
    /// value won, or the lost value with its sign), each player's Ramsch
    /// score, nothing for a deal thrown in. List bonuses (Seeger–Fabian's
    /// ±50 and 40/30) belong to the list: see [`list::list_deltas`](crate::skat::list::list_deltas).
    fn scores(&self) -> Option<[i64; Seat::MAX]> {
        let mut scores = [0; Seat::MAX];
        match self.outcome? {
            SkatOutcome::PassedIn => {}
            SkatOutcome::Ramsch { result } => {
                for (score, &r) in scores.iter_mut().zip(&result.scores) {
                    *score = i64::from(r);
                }
            }
            SkatOutcome::Played { declarer, settlement } => scores[declarer.index()] = i64::from(settlement.score),
        }
        Some(scores)
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    fn played(&self) -> CardSet {
        self.played
    }

    fn public_cards(&self) -> CardSet {
        self.ouvert_hand().unwrap_or(CardSet::EMPTY)
    }

    fn private_knowledge(&self, seat: Seat) -> CardSet {
        let over = self.phase == SkatPhase::Over && (self.contract.is_some() || self.ramsch);
        if over || (self.picked_up && seat == self.declarer) {
            self.deal.skat() | self.skat
        } else {
            self.seen[seat.index()]
        }
    }

    fn pack(&self) -> CardSet {
        CardSet::PIQUET_PACK
    }

    fn card_action(card: Card) -> SkatAction {
        SkatAction::Play(card)
    }

    fn playable_cards(&self) -> CardSet {
        SkatGame::legal_cards(self)
    }

    fn card_of(action: SkatAction) -> Option<Card> {
        match action {
            SkatAction::Play(card) => Some(card),
            _ => None,
        }
    }
}

impl SkatGame {
    /// The view of `seat`, or with `spectator` the view of a spectator (and
    /// of the dealer sitting out at a 4-member table): no hand and no skat,
    /// only what lies on the table for everybody (`skat.md` §1.1).
    fn view_of(&self, seat: Seat, spectator: bool) -> SkatView {
        let onlooker = spectator;
        let is_declarer =
            !onlooker && self.phase >= SkatPhase::SkatDecision && self.declarer().is_some_and(|(d, _)| d == seat);
        let over = self.phase == SkatPhase::Over;
        // After a played deal everybody sees the skat; in a Ramsch a seat
        // knows the packet cards it held; the declarer knows his discards.
        let revealed = over && (self.contract.is_some() || self.ramsch);
        let skat = if revealed || (is_declarer && self.picked_up) {
            self.skat
        } else if self.ramsch && !onlooker {
            self.skat & self.seen[seat.index()]
        } else {
            CardSet::EMPTY
        };
        SkatView {
            seat,
            rules: self.rules,
            phase: self.phase,
            to_act: self.to_act(),
            hand: if onlooker { CardSet::EMPTY } else { self.hands[seat.index()] },
            auction: self.auction,
            declarer: self.declarer().map(|(d, _)| d),
            bid: self.bid,
            picked_up: self.picked_up,
            contract: self.contract,
            skat,
            dealt_skat: if revealed { self.deal.skat() } else { CardSet::EMPTY },
            ouvert_hand: self.ouvert_hand(),
            leader: self.leader,
            trick: self.trick,
            trick_len: self.trick_len,
            last_trick: self.last_trick,
            tricks_won: self.tricks_won,
            points_won: self.points_won,
            played: self.played,
            outcome: self.outcome,
            ramsch: self.ramsch,
            pushes: self.pushes,
            kontra: self.kontra,
            setup: self.setup,
            spectator,
        }
    }

    /// The declarer's hand while it lies face up (ouvert games, during play).
    pub fn ouvert_hand(&self) -> Option<CardSet> {
        match self.contract {
            Some(c) if c.ouvert && self.phase >= SkatPhase::Playing => Some(self.hands[self.declarer.index()]),
            _ => None,
        }
    }
}

impl PartialOrd for SkatPhase {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for SkatPhase {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (*self as u8).cmp(&(*other as u8))
    }
}

/// What one seat may know of a Skat deal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SkatView {
    /// This seat.
    pub seat: Seat,
    /// The rules in force.
    pub rules: SkatRules,
    /// The phase.
    pub phase: SkatPhase,
    /// Who is to act.
    pub to_act: Option<Seat>,
    /// This seat's cards.
    pub hand: CardSet,
    /// The auction so far.
    pub auction: Auction,
    /// The declarer, once known.
    pub declarer: Option<Seat>,
    /// The bid, once the auction is over (0 before).
    pub bid: u16,
    /// Whether the declarer picked up the skat.
    pub picked_up: bool,
    /// The contract, once declared.
    pub contract: Option<Contract>,
    /// The skat: for the declarer after picking up (his discards), for
    /// everybody once the deal is over; otherwise empty.
    pub skat: CardSet,
    /// The skat as dealt, shown to everybody once a played deal is over.
    pub dealt_skat: CardSet,
    /// The declarer's hand when it lies open (ouvert).
    pub ouvert_hand: Option<CardSet>,
    /// Who led the current trick.
    pub leader: Seat,
    trick: [Card; 3],
    trick_len: u8,
    /// The last completed trick.
    pub last_trick: Option<Trick>,
    /// Tricks won per seat.
    pub tricks_won: [u8; 3],
    /// Card points won in tricks per seat.
    pub points_won: [u8; 3],
    /// All cards played so far.
    pub played: CardSet,
    /// The result, once over.
    pub outcome: Option<SkatOutcome>,
    /// Whether the deal is a Ramsch.
    pub ramsch: bool,
    /// Unseen pushes of the Schieberamsch packet so far.
    pub pushes: u8,
    /// Kontra/Re said so far.
    pub kontra: KontraState,
    /// The deal's Bock factor and whether it belongs to a Ramsch round.
    pub setup: DealSetup,
    /// A spectator's view, or that of a member sitting out (no seat, no
    /// hand, never to act).
    pub spectator: bool,
}

impl SkatView {
    /// The current trick's cards in play order.
    pub fn trick(&self) -> &[Card] {
        &self.trick[..usize::from(self.trick_len)]
    }

    /// The cards this seat may play now (empty unless it is to play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SkatPhase::Playing || !self.is_my_turn() || self.kontra.re_pending {
            return CardSet::EMPTY;
        }
        let kind = if self.ramsch { GameKind::Grand } else { self.contract.map_or(GameKind::Null, |c| c.kind) };
        kind.legal_cards(self.hand, self.trick().first().copied())
    }

    /// Whether this seat may say Kontra now (it must also be its turn).
    ///
    /// # Errors
    /// The reason Kontra is not open to this seat.
    pub fn may_kontra(&self) -> Result<(), &'static str> {
        kontra_check(&KontraFacts {
            rules: &self.rules,
            phase: self.phase,
            ramsch: self.ramsch,
            declared: self.contract.is_some(),
            declarer: self.declarer.unwrap_or(self.seat),
            kontra: self.kontra,
            auction: &self.auction,
            seat: self.seat,
            hand_len: self.hand.len(),
            nothing_played: self.played.is_empty(),
        })
    }
}

impl GameView for SkatView {
    type Action = SkatAction;

    fn seat(&self) -> Seat {
        self.seat
    }

    fn is_my_turn(&self) -> bool {
        !self.spectator && self.to_act == Some(self.seat)
    }

    fn is_spectator(&self) -> bool {
        self.spectator
    }

    fn hand(&self) -> CardSet {
        self.hand
    }

    fn visible_cards(&self) -> CardSet {
        let trick: CardSet = self.trick().iter().copied().collect();
        let last: CardSet = self.last_trick.map(|t| t.cards.iter().copied().collect()).unwrap_or_default();
        self.hand | self.skat | self.dealt_skat | self.ouvert_hand.unwrap_or_default() | trick | last | self.played
    }

    fn legal_actions(&self, out: &mut Vec<SkatAction>) {
        if !self.is_my_turn() {
            out.clear();
            return;
        }
        let stage = Stage {
            phase: self.phase,
            auction: &self.auction,
            picked_up: self.picked_up,
            bid: self.bid,
            rules: &self.rules,
            ramsch: self.ramsch,
            re_pending: self.kontra.re_pending,
            may_kontra: self.phase == SkatPhase::Playing && self.may_kontra().is_ok(),
        };
        push_legal_actions(stage, self.hand, self.legal_cards(), out);
    }
}
