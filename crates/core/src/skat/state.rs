//! The Skat deal as one state machine: bidding → (Grand Hand offer,
//! Schieberamsch and knocking before a Ramsch) → skat decision → discard →
//! declaration → Spitze → Kontra window → trick play (with gifts in the
//! first trick) → settlement.
//!
//! Each phase's rules live in their own module ([`bidding`](super::bidding),
//! [`passing`](super::passing), [`declaration`](super::declaration),
//! [`spitze`](super::spitze), [`kontra`](super::kontra),
//! [`schenken`](super::schenken), [`play`](super::play),
//! [`legal`](super::legal));
//! this module holds the state, grouped by phase, and moves it from one
//! phase to the next. Views are built from the public accessors only
//! ([`view`](super::view)).

use std::fmt;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Game;
use crate::seat::{BySeat, Seat};
use crate::skat::action::SkatAction;
use crate::skat::bidding::{Auction, AuctionResult, AuctionStage, BidError};
use crate::skat::contract::{Contract, GameKind, points};
use crate::skat::deal::SkatDeal;
use crate::skat::declaration::{GRAND_HAND, check_contract, legal_contracts};
use crate::skat::error::SkatError;
use crate::skat::kontra::{KontraFacts, KontraState, kontra_check};
use crate::skat::legal::{Stage, effective_suit_name, push_legal_actions};
use crate::skat::passing::{Packet, PacketMove};
use crate::skat::play::{SkatHistory, Trick, TrickPlay};
use crate::skat::ramsch::{RamschPlay, RamschResult, settle_ramsch};
use crate::skat::rules::{KlopfenScope, KontraTiming, PassOut, RamschKind, SkatRules};
use crate::skat::schenken::{Gift, GiftStep};
use crate::skat::scoring::{Extras, PlayTally, Settlement, raised_contract, settle_game};
use crate::skat::spitze::spitze_check;
use crate::skat::view::SkatView;

/// The phase of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SkatPhase {
    /// The auction.
    Bidding,
    /// Before a Ramsch: FH, MH, RH in turn may declare Grand Hand (variants §2.2).
    GrandHandOffer,
    /// Schieberamsch: the seat to act takes the packet or pushes it on (§3).
    Passing,
    /// A Ramsch round: the seat to act knocks or not (pub extras §4).
    Knocking,
    /// The declarer picks up the skat or declares a hand game.
    SkatDecision,
    /// The declarer, holding twelve cards, lays away two.
    Discarding,
    /// The declarer announces a game after picking up.
    Declaring,
    /// The declarer may announce Spitze (pub extras §2).
    Spitze,
    /// Before the opening lead, the opponents may say Kontra (variants §5.3,
    /// `before_opening_lead`).
    KontraWindow,
    /// Trick play.
    Playing,
    /// A gift in the first trick: the defenders and the declarer decide
    /// (pub extras §3).
    Schenken,
    /// The deal is over (settled or thrown in).
    Over,
}

impl fmt::Display for SkatPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SkatPhase::Bidding => "bidding",
            SkatPhase::GrandHandOffer => "Grand Hand offer",
            SkatPhase::Passing => "skat passing",
            SkatPhase::Knocking => "knocking",
            SkatPhase::Spitze => "Spitze",
            SkatPhase::Schenken => "gift",
            SkatPhase::KontraWindow => "Kontra",
            SkatPhase::SkatDecision => "skat decision",
            SkatPhase::Discarding => "discarding",
            SkatPhase::Declaring => "declaration",
            SkatPhase::Playing => "trick play",
            SkatPhase::Over => "over",
        })
    }
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DealSetup {
    /// The Bock factor: 1, 2 inside a Bock round, 2ⁿ for n overlapping
    /// rounds ([`MAX_BOCK`](crate::skat::MAX_BOCK) at most).
    pub bock: u32,
    /// The deal belongs to a Ramsch round: no bidding, a Ramsch is played
    /// (after the Grand Hand offer, if the rules make one).
    pub ramsch_round: bool,
}

impl Default for DealSetup {
    fn default() -> Self {
        DealSetup { bock: 1, ramsch_round: false }
    }
}

/// Who declared what: the outcome of the auction and the declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Declaration {
    declarer: Seat,
    bid: u16,
    picked_up: bool,
    contract: Option<Contract>,
    /// Nobody declared: the deal is (or has become) a Ramsch.
    ramsch: bool,
}

/// Kontra/Re said so far, and where play resumes after the declarer's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Kontra {
    state: KontraState,
    resume: Seat,
}

/// A Skat deal in progress. Seats are 0 forehand, 1 middlehand, 2 rearhand.
///
/// The state is `Copy` (under 200 bytes): search and perft copy it instead
/// of undoing moves. Its fields are grouped by the phase that writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SkatGame {
    rules: SkatRules,
    deal: SkatDeal,
    setup: DealSetup,
    phase: SkatPhase,
    to_act: Seat,
    /// The cards each seat holds now.
    hands: [CardSet; 3],
    /// The skat now: the dealt skat, the discards, or the Ramsch packet.
    skat: CardSet,
    auction: Auction,
    declaration: Declaration,
    packet: Packet,
    doubling: Kontra,
    play: TrickPlay,
    /// The Spitze card, once announced (pub extras §2).
    spitze: Option<Card>,
    /// Per seat: knocked, did not, or has not decided (pub extras §4).
    knocked: [Option<bool>; 3],
    /// Gifts in the first trick (pub extras §3).
    gift: Gift,
    outcome: Option<SkatOutcome>,
}

impl SkatGame {
    /// A new deal under `rules`, starting with the auction.
    pub fn new(deal: SkatDeal, rules: SkatRules) -> SkatGame {
        SkatGame::with_setup(deal, rules, DealSetup::default())
    }

    /// A new deal of a match: with its Bock factor, and as a Ramsch-round
    /// deal when `setup` says so (then it starts with the Grand Hand offer or
    /// the Ramsch itself instead of the auction).
    pub fn with_setup(deal: SkatDeal, rules: SkatRules, setup: DealSetup) -> SkatGame {
        let mut game = SkatGame {
            rules,
            deal,
            setup,
            phase: SkatPhase::Bidding,
            to_act: Seat::MIDDLEHAND,
            hands: *deal.hands().as_array(),
            skat: deal.skat(),
            auction: Auction::new(),
            declaration: Declaration {
                declarer: Seat::FOREHAND,
                bid: 0,
                picked_up: false,
                contract: None,
                ramsch: false,
            },
            packet: Packet::default(),
            doubling: Kontra { state: KontraState::default(), resume: Seat::FOREHAND },
            play: TrickPlay::new(),
            spitze: None,
            knocked: [None; 3],
            gift: Gift::default(),
            outcome: None,
        };
        if setup.ramsch_round {
            game.to_act = Seat::FOREHAND;
            if rules.ramsch.grand_hand_offer_in_rounds {
                game.phase = SkatPhase::GrandHandOffer;
            } else {
                game.start_ramsch();
            }
        } else if rules.ramsch_only {
            // Pub extras §5.1–§5.2: no auction, no Grand Hand offer.
            game.start_ramsch();
        }
        game
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
        game.declaration =
            Declaration { declarer, bid, picked_up: !contract.hand, contract: Some(contract), ramsch: false };
        game.play.kind = contract.kind;
        game.begin_play();
        Ok(game)
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
        self.declaration.picked_up
    }

    /// The declared contract, once announced.
    pub fn contract(&self) -> Option<Contract> {
        self.declaration.contract
    }

    /// The cards in the skat now: the dealt skat, or the discards after pickup
    /// (empty while the declarer holds twelve cards).
    pub fn skat(&self) -> CardSet {
        self.skat
    }

    /// The cards of the trick in progress, in play order, and who led it.
    pub fn current_trick(&self) -> (Seat, &[Card]) {
        (self.play.history.leader(), self.play.history.current())
    }

    /// Every card played so far, in order, with the leader of every trick.
    pub fn history(&self) -> &SkatHistory {
        &self.play.history
    }

    /// The last completed trick.
    pub fn last_trick(&self) -> Option<Trick> {
        self.play.history.last()
    }

    /// Tricks won per seat.
    pub fn tricks_won(&self) -> BySeat<u8, 3> {
        BySeat::new(self.play.tricks_won)
    }

    /// Card points won in tricks per seat (the skat not included).
    pub fn points_won(&self) -> BySeat<u8, 3> {
        BySeat::new(self.play.points_won)
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
        self.declaration.ramsch
    }

    /// Unseen pushes of the Schieberamsch packet so far.
    pub fn pushes(&self) -> u8 {
        self.packet.pushes
    }

    /// What each seat did with the Schieberamsch packet so far (public).
    pub fn packet_moves(&self) -> [Option<PacketMove>; 3] {
        self.packet.moves
    }

    /// The two cards `seat` passed on in a Schieberamsch (empty if none).
    pub fn passed_on(&self, seat: Seat) -> CardSet {
        self.packet.passed[seat.index()]
    }

    /// The two cards `seat` found on taking the Schieberamsch packet.
    pub fn found_in_packet(&self, seat: Seat) -> CardSet {
        self.packet.found[seat.index()]
    }

    /// The cards of the skat or packet `seat` has seen in a Ramsch.
    pub(crate) fn packet_seen(&self, seat: Seat) -> CardSet {
        self.packet.seen[seat.index()]
    }

    /// The Kontra/Re state.
    pub fn kontra(&self) -> KontraState {
        self.doubling.state
    }

    /// The Spitze card, once the declarer has announced Spitze (it is
    /// public, and stays in his hand until he plays it).
    pub fn spitze(&self) -> Option<Card> {
        self.spitze
    }

    /// Per seat, whether it knocked in the Ramsch (`None`: not decided, or
    /// no decision for it).
    pub fn knocked(&self) -> [Option<bool>; 3] {
        self.knocked
    }

    /// Knocks so far.
    pub fn knocks(&self) -> u8 {
        self.knocked.iter().filter(|&&k| k == Some(true)).count() as u8
    }

    /// The gifts of the first trick.
    pub fn gift(&self) -> Gift {
        self.gift
    }

    /// The contract as played: the declaration with the announcements the
    /// declarer's refused gifts added (pub extras §3.5).
    pub fn contract_played(&self) -> Option<Contract> {
        self.declaration.contract.map(|c| raised_contract(c, self.gift.raised))
    }

    /// Whether `seat` may give the game away now (pub extras §3.3; it must
    /// also be its turn).
    ///
    /// # Errors
    /// The reason it may not.
    pub fn may_give(&self, seat: Seat) -> Result<(), &'static str> {
        crate::skat::schenken::give_check(&crate::skat::schenken::GiveFacts {
            rules: &self.rules,
            phase: self.phase,
            ramsch: self.declaration.ramsch,
            declarer: self.declaration.contract.map(|_| self.declaration.declarer),
            gift: &self.gift,
            seat,
            first_trick: self.play.history.len() < 3,
            re_pending: self.doubling.state.re_pending,
        })
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
            ramsch: self.declaration.ramsch,
            declared: self.declaration.contract.is_some(),
            declarer: self.declaration.declarer,
            kontra: self.doubling.state,
            auction: &self.auction,
            seat,
            hand_len: self.hands[seat.index()].len(),
            nothing_played: self.play.played.is_empty(),
        })
    }

    /// The cards the seat to act may play now (empty if it is not a card turn).
    #[inline]
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SkatPhase::Playing || self.doubling.state.re_pending {
            return CardSet::EMPTY;
        }
        self.play.legal_cards(self.hands[self.to_act.index()])
    }

    /// The legal declarations in the declaration phases, in [`Contract::all`] order.
    pub fn legal_contracts(&self) -> impl Iterator<Item = Contract> + '_ {
        legal_contracts(self.phase, self.declaration.picked_up, self.declaration.bid, &self.rules)
    }

    /// The declarer's hand while it lies face up (ouvert games, during play).
    pub fn ouvert_hand(&self) -> Option<CardSet> {
        match self.declaration.contract {
            Some(c) if c.ouvert && self.phase >= SkatPhase::Playing => {
                Some(self.hands[self.declaration.declarer.index()])
            }
            _ => None,
        }
    }

    /// The seat to act while the deal runs (also the seat that would act
    /// once it is over).
    #[inline]
    pub(crate) fn acting(&self) -> Seat {
        self.to_act
    }

    /// The stage that decides the legal actions of the seat to act.
    pub(crate) fn stage(&self) -> Stage<'_> {
        Stage {
            phase: self.phase,
            auction: &self.auction,
            picked_up: self.declaration.picked_up,
            bid: self.declaration.bid,
            rules: &self.rules,
            ramsch: self.declaration.ramsch,
            re_pending: self.doubling.state.re_pending,
            may_kontra: self.phase == SkatPhase::Playing && self.may_kontra(self.to_act).is_ok(),
            may_give: self.phase == SkatPhase::Playing && self.may_give(self.to_act).is_ok(),
            gift_step: self.gift.step,
            may_refuse: self.declaration.contract.is_some_and(|c| self.gift.may_refuse(c)),
        }
    }

    fn check(&self, seat: Seat, action: SkatAction) -> Result<(), SkatError> {
        if self.phase == SkatPhase::Over {
            return Err(SkatError::Over);
        }
        if seat != self.to_act {
            return Err(SkatError::NotYourTurn { expected: self.to_act, got: seat });
        }
        let wrong_phase = || SkatError::WrongPhase { action, phase: self.phase };
        if self.doubling.state.re_pending {
            return match action {
                SkatAction::Re | SkatAction::Pass => Ok(()),
                _ => Err(wrong_phase()),
            };
        }
        let hand = self.hands[seat.index()];
        let d = &self.declaration;
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
            (SkatPhase::Discarding, SkatAction::Discard(cards)) if d.ramsch => {
                if cards.len() != 2 || !cards.is_subset(hand) {
                    return Err(SkatError::BadDiscard(cards));
                }
                match (cards & CardSet::JACKS).first() {
                    Some(jack) if !self.rules.ramsch.jacks_may_be_pushed => Err(SkatError::JackInPacket(jack)),
                    _ => Ok(()),
                }
            }
            (SkatPhase::KontraWindow | SkatPhase::Knocking | SkatPhase::Spitze, SkatAction::Pass) => Ok(()),
            (SkatPhase::Knocking, SkatAction::Knock) => Ok(()),
            (SkatPhase::Spitze, SkatAction::Spitze) => Ok(()),
            (SkatPhase::KontraWindow | SkatPhase::Playing, SkatAction::Kontra) => {
                self.may_kontra(seat).map_err(SkatError::KontraNotAllowed)
            }
            (SkatPhase::Playing, SkatAction::Schenken) => self.may_give(seat).map_err(SkatError::GiftNotAllowed),
            (SkatPhase::Schenken, action) => self.check_gift(action),
            (_, SkatAction::Knock) => Err(SkatError::KnockNotAllowed(self.knock_refusal())),
            (_, SkatAction::Spitze) => Err(SkatError::SpitzeNotAllowed(self.spitze_refusal())),
            (_, SkatAction::Schenken) => Err(SkatError::GiftNotAllowed(
                self.may_give(seat).err().unwrap_or("the game is given away at a defender's turn in the first trick"),
            )),
            (_, SkatAction::Re) => Err(SkatError::ReNotAllowed),
            (SkatPhase::SkatDecision, SkatAction::TakeSkat) => Ok(()),
            (SkatPhase::SkatDecision | SkatPhase::Declaring, SkatAction::Declare(contract)) => {
                check_contract(contract, self.phase, d.picked_up, d.bid, &self.rules)
            }
            (SkatPhase::Discarding, SkatAction::Discard(cards)) => {
                if cards.len() == 2 && cards.is_subset(hand) {
                    Ok(())
                } else {
                    Err(SkatError::BadDiscard(cards))
                }
            }
            (SkatPhase::Playing, SkatAction::Play(card)) => {
                if !hand.contains(card) {
                    return Err(SkatError::NotInHand(card));
                }
                if self.legal_cards().contains(card) {
                    Ok(())
                } else {
                    let led = self.play.history.led().unwrap_or(card);
                    Err(SkatError::MustFollow { card, led, suit: effective_suit_name(self.play.kind, led) })
                }
            }
            _ => Err(wrong_phase()),
        }
    }

    /// Whether `action` answers the gift decision due.
    fn check_gift(&self, action: SkatAction) -> Result<(), SkatError> {
        let step = self.gift.step.unwrap_or(GiftStep::PartnerAgrees);
        let ok = match (step, action) {
            (GiftStep::Renew, SkatAction::Schenken | SkatAction::Pass) => true,
            (GiftStep::DeclarerAnswers, SkatAction::Pass) => {
                if !self.declaration.contract.is_some_and(|c| self.gift.may_refuse(c)) {
                    return Err(SkatError::GiftNotAllowed(
                        "a Null game, or one with schwarz announced, can only be accepted",
                    ));
                }
                true
            }
            (GiftStep::Renew, _) => false,
            (_, SkatAction::Hold | SkatAction::Pass) => true,
            _ => false,
        };
        if ok { Ok(()) } else { Err(SkatError::WrongPhase { action, phase: self.phase }) }
    }

    /// Why nobody may knock now.
    fn knock_refusal(&self) -> &'static str {
        match self.rules.klopfen {
            None => "knocking is not played at this table",
            Some(_) if !self.knocking_in_scope() => "knocking is only in the Ramsch deals of a Ramsch round",
            Some(_) => "a player knocks before play: in a Schieberamsch right after passing two cards on",
        }
    }

    /// Why Spitze may not be announced now.
    fn spitze_refusal(&self) -> &'static str {
        match (self.rules.spitze, self.declaration.contract) {
            (None, _) => "Spitze is not played at this table",
            (Some(_), None) => "Spitze is announced with the game",
            (Some(_), Some(c)) => match spitze_check(
                &self.rules,
                c,
                self.hands[self.declaration.declarer.index()],
                self.known_to_declarer(),
            ) {
                Err(reason) => reason,
                Ok(_) => "Spitze is announced right after the declaration",
            },
        }
    }

    /// The cards the declarer knows to be his: twelve after a pickup (his
    /// discards included), his ten in a hand game.
    fn known_to_declarer(&self) -> CardSet {
        let d = self.declaration.declarer;
        if self.declaration.picked_up { self.deal.hand(d) | self.deal.skat() } else { self.hands[d.index()] }
    }

    /// Whether players knock in this deal's Ramsch (pub extras §4.2).
    fn knocking_in_scope(&self) -> bool {
        match self.rules.klopfen {
            Some(KlopfenScope::RamschRounds) => self.setup.ramsch_round,
            Some(KlopfenScope::AllRamsch) => true,
            None => false,
        }
    }

    #[inline]
    fn apply(&mut self, action: SkatAction) {
        // Card play is most of every deal: straight there.
        if let SkatAction::Play(card) = action
            && !self.doubling.state.re_pending
        {
            self.play_card(card);
            return;
        }
        self.apply_other(action);
    }

    fn apply_other(&mut self, action: SkatAction) {
        let seat = self.to_act;
        if self.doubling.state.re_pending {
            // The declarer answers the Kontra; then play goes on where it stood.
            if action == SkatAction::Re {
                self.doubling.state.level = 2;
            }
            self.doubling.state.re_pending = false;
            if self.phase == SkatPhase::KontraWindow {
                self.begin_play();
            } else {
                self.to_act = self.doubling.resume;
            }
            return;
        }
        match (self.phase, action) {
            (SkatPhase::Bidding, SkatAction::Bid(_) | SkatAction::Hold | SkatAction::Pass) => self.bid(action),
            (SkatPhase::GrandHandOffer, SkatAction::Pass) => {
                if seat == Seat::REARHAND {
                    self.start_ramsch();
                } else {
                    self.to_act = seat.next(3);
                }
            }
            (SkatPhase::GrandHandOffer, SkatAction::Declare(contract)) => {
                self.auction = Auction::decided(seat, 0);
                self.declaration.declarer = seat;
                self.declaration.bid = 0;
                self.declare(contract);
            }
            (SkatPhase::Passing, SkatAction::TakeSkat) => {
                self.packet.take(seat, self.skat);
                self.hands[seat.index()] |= self.skat;
                self.skat = CardSet::EMPTY;
                self.phase = SkatPhase::Discarding;
            }
            (SkatPhase::Passing, SkatAction::Push) => {
                self.packet.push(seat);
                self.pass_packet_on(seat);
            }
            (SkatPhase::Discarding, SkatAction::Discard(cards)) if self.declaration.ramsch => {
                self.hands[seat.index()] = self.hands[seat.index()].minus(cards);
                self.packet.pass_on(seat, cards);
                self.skat = cards;
                if self.knocking_in_scope() {
                    // §4.3: a taker decides right after passing his two cards.
                    self.phase = SkatPhase::Knocking;
                } else {
                    self.pass_packet_on(seat);
                }
            }
            (SkatPhase::Knocking, SkatAction::Knock | SkatAction::Pass) => {
                self.knocked[seat.index()] = Some(action == SkatAction::Knock);
                match self.rules.ramsch.kind {
                    RamschKind::Schieberamsch => self.pass_packet_on(seat),
                    RamschKind::Plain if seat == Seat::REARHAND => self.begin_play(),
                    RamschKind::Plain => self.to_act = seat.next(3),
                }
            }
            (SkatPhase::Spitze, SkatAction::Spitze | SkatAction::Pass) => {
                if action == SkatAction::Spitze {
                    self.spitze = self.declaration.contract.and_then(|c| crate::skat::spitze::spitze_card(c.kind));
                }
                self.after_announcement();
            }
            (SkatPhase::Schenken, _) => self.answer_gift(action),
            (SkatPhase::Playing, SkatAction::Schenken) => {
                self.gift.offered[seat.index()] = true;
                self.gift.offerer = Some(seat);
                self.gift.step = Some(GiftStep::PartnerAgrees);
                self.phase = SkatPhase::Schenken;
                self.to_act = self.partner_of(seat);
            }
            (SkatPhase::KontraWindow, SkatAction::Pass) => self.next_kontra_window_seat(seat.index() + 1),
            (_, SkatAction::Kontra) => {
                self.doubling =
                    Kontra { state: KontraState { level: 1, by: Some(seat), re_pending: true }, resume: seat };
                self.to_act = self.declaration.declarer;
            }
            (_, SkatAction::TakeSkat) => {
                self.declaration.picked_up = true;
                self.hands[seat.index()] |= self.skat;
                self.skat = CardSet::EMPTY;
                self.phase = SkatPhase::Discarding;
            }
            (_, SkatAction::Discard(cards)) => {
                self.hands[seat.index()] = self.hands[seat.index()].minus(cards);
                self.skat = cards;
                self.phase = SkatPhase::Declaring;
            }
            (_, SkatAction::Declare(contract)) => self.declare(contract),
            (_, SkatAction::Play(card)) => self.play_card(card),
            (
                _,
                SkatAction::Bid(_)
                | SkatAction::Hold
                | SkatAction::Pass
                | SkatAction::Re
                | SkatAction::Push
                | SkatAction::Spitze
                | SkatAction::Schenken
                | SkatAction::Knock,
            ) => {}
        }
    }

    /// An auction move; when the auction ends, the skat decision, a Ramsch
    /// or the end of a deal thrown in.
    fn bid(&mut self, action: SkatAction) {
        let Some(mv) = action.bid_move() else { return };
        self.auction.apply_unchecked(mv);
        match self.auction.stage() {
            AuctionStage::Done(AuctionResult::Declarer { seat, bid }) => {
                self.declaration.declarer = seat;
                self.declaration.bid = bid;
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
            _ => self.to_act = self.auction.to_act().unwrap_or(self.to_act),
        }
    }

    /// The declaration is made: the Spitze decision, the Kontra window or
    /// straight to play.
    fn declare(&mut self, contract: Contract) {
        self.declaration.contract = Some(contract);
        self.play.kind = contract.kind;
        let declarer = self.declaration.declarer;
        if spitze_check(&self.rules, contract, self.hands[declarer.index()], self.known_to_declarer()).is_ok() {
            self.phase = SkatPhase::Spitze;
            self.to_act = declarer;
            return;
        }
        self.after_announcement();
    }

    /// The game and any Spitze are announced: Kontra window or play.
    fn after_announcement(&mut self) {
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
        for seat in Seat::all(3).skip(from) {
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
    }

    /// The other defender.
    fn partner_of(&self, defender: Seat) -> Seat {
        let declarer = self.declaration.declarer;
        Seat::all(3).find(|&s| s != defender && s != declarer).unwrap_or(defender)
    }

    /// A decision of the gift under way (pub extras §3.3–§3.5).
    fn answer_gift(&mut self, action: SkatAction) {
        let Some(offerer) = self.gift.offerer else { return };
        let resume = |game: &mut SkatGame, closed: bool| {
            game.gift.step = None;
            game.gift.closed |= closed;
            game.phase = SkatPhase::Playing;
            game.to_act = offerer;
        };
        match (self.gift.step, action) {
            (Some(GiftStep::PartnerAgrees | GiftStep::PartnerRenews), SkatAction::Hold) => {
                self.gift.step = Some(GiftStep::DeclarerAnswers);
                self.to_act = self.declaration.declarer;
            }
            (Some(GiftStep::PartnerAgrees), _) => resume(self, false),
            (Some(GiftStep::DeclarerAnswers), SkatAction::Hold) => {
                self.gift.step = None;
                self.gift.accepted = true;
                self.finish();
            }
            (Some(GiftStep::DeclarerAnswers), _) => {
                self.gift.raised += 1;
                self.gift.step = Some(GiftStep::Renew);
                self.to_act = offerer;
            }
            (Some(GiftStep::Renew), SkatAction::Schenken) => {
                self.gift.step = Some(GiftStep::PartnerRenews);
                self.to_act = self.partner_of(offerer);
            }
            (Some(GiftStep::Renew | GiftStep::PartnerRenews), _) | (None, _) => resume(self, true),
        }
    }

    /// Nobody declared: the Ramsch begins (variants §2–§3).
    fn start_ramsch(&mut self) {
        self.declaration.ramsch = true;
        self.play.kind = GameKind::Grand;
        self.to_act = Seat::FOREHAND;
        if self.rules.ramsch.kind == RamschKind::Schieberamsch {
            self.phase = SkatPhase::Passing;
        } else if self.knocking_in_scope() {
            self.phase = SkatPhase::Knocking;
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
        let Some(winner) = self.play.play(card) else {
            self.to_act = seat.next(3);
            return;
        };
        self.to_act = winner;
        let played = self.play.history.len();
        if self.declaration.ramsch {
            if played == 30 {
                self.finish_ramsch();
            }
            return;
        }
        let declarer_took = winner == self.declaration.declarer;
        let early_end = match self.contract_played() {
            Some(c) => (c.kind == GameKind::Null && declarer_took) || (c.ends_on_defender_trick() && !declarer_took),
            None => false,
        };
        if early_end || played == 30 {
            self.finish();
        }
    }

    fn finish_ramsch(&mut self) {
        let play = RamschPlay {
            trick_points: self.play.points_won,
            tricks: self.play.tricks_won,
            latest_trick: self.play.latest_trick,
            skat_points: points(self.skat),
            pushes: self.packet.pushes,
            knocks: self.knocks(),
            bock: self.setup.bock,
        };
        self.outcome = Some(SkatOutcome::Ramsch { result: settle_ramsch(play, &self.rules.ramsch) });
        self.phase = SkatPhase::Over;
    }

    fn finish(&mut self) {
        let Some(contract) = self.declaration.contract else { return };
        let declarer = self.declaration.declarer;
        let d = declarer.index();
        let tricks: u8 = self.play.tricks_won.iter().sum();
        let tally = PlayTally {
            declarer_points: self.play.points_won[d] + points(self.skat),
            declarer_tricks: self.play.tricks_won[d],
            defender_tricks: tricks - self.play.tricks_won[d],
        };
        let twelve = self.deal.hand(declarer) | self.deal.skat();
        let doubling = crate::skat::scoring::Doubling { kontra: self.doubling.state.level, bock: self.setup.bock };
        let extras = Extras {
            spitze: match (self.spitze, self.rules.spitze) {
                (Some(_), Some(s)) => s.levels,
                _ => 0,
            },
            spitze_made: self.spitze.is_some_and(|card| self.won_last_trick_with(card)),
            raised: self.gift.raised,
            gift: self.gift.accepted.then(|| self.rules.schenken.unwrap_or_default().overbid),
        };
        let matadors = contract.kind.matadors(twelve);
        let settlement = settle_game(contract, self.declaration.bid, matadors, tally, &self.rules, doubling, extras);
        self.outcome = Some(SkatOutcome::Played { declarer, settlement });
        self.phase = SkatPhase::Over;
    }

    /// Whether the declarer won the tenth trick with `card` (Spitze, pub
    /// extras §2.6).
    fn won_last_trick_with(&self, card: Card) -> bool {
        let history = &self.play.history;
        history.len() == 30
            && history.last().is_some_and(|t| {
                t.winner == self.declaration.declarer
                    && t.cards.iter().enumerate().any(|(i, &c)| c == card && t.leader.offset(i, 3) == t.winner)
            })
    }

    /// Whether the fast path of [`SkatGame::random_action`] applies: card
    /// play at a table without Kontra, outside a Ramsch, past the first
    /// trick where a gift could be offered.
    #[inline]
    pub(crate) fn plain_card_play(&self) -> bool {
        self.phase == SkatPhase::Playing
            && self.rules.kontra.is_none()
            && !self.declaration.ramsch
            && (self.rules.schenken.is_none() || self.play.history.len() >= 3)
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
        push_legal_actions(self.stage(), self.hands[self.to_act.index()], self.legal_cards(), out);
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
        SkatView::of(self, Some(seat))
    }

    /// The table without a hand or the skat before the end (`skat.md`
    /// §1.1): a spectator's view, and that of the dealer sitting out at a
    /// four-member table.
    fn spectator_view(&self) -> SkatView {
        SkatView::of(self, None)
    }

    /// The deal's own value per seat: the declarer's list score (the
    /// value won, or the lost value with its sign), each player's Ramsch
    /// score, nothing for a deal thrown in. List bonuses (Seeger–Fabian's
    /// ±50 and 40/30) belong to the list: see [`list_deltas`](crate::skat::list::list_deltas).
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
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    fn played(&self) -> CardSet {
        self.play.played
    }

    /// The open hand of an ouvert game, and the Spitze card while the
    /// declarer still holds it.
    fn public_cards(&self) -> CardSet {
        let spitze =
            self.spitze.map_or(CardSet::EMPTY, |c| CardSet::single(c) & self.hands[self.declaration.declarer.index()]);
        self.ouvert_hand().unwrap_or(CardSet::EMPTY) | spitze
    }

    fn private_knowledge(&self, seat: Seat) -> CardSet {
        let d = &self.declaration;
        let over = self.phase == SkatPhase::Over && (d.contract.is_some() || d.ramsch);
        if over || (d.picked_up && seat == d.declarer) {
            self.deal.skat() | self.skat
        } else {
            self.packet.seen.get(seat.index()).copied().unwrap_or_default()
        }
    }

    fn pack(&self) -> CardSet {
        CardSet::PIQUET_PACK
    }

    fn card_action(&self, card: Card) -> SkatAction {
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
