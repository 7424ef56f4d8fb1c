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
use crate::skat::rules::{Scoring, SkatRules};
use crate::skat::scoring::{PlayTally, Settlement, settle};

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
        }
    }
}

/// Error for text that names no Skat action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "not a Skat action: {0:?} (expected a bid value, y, p, s, two cards like CJ.SA, a declaration like G or CHS, or a card)"
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
    /// The declarer picks up the skat or declares a hand game.
    SkatDecision,
    /// The declarer, holding twelve cards, lays away two.
    Discarding,
    /// The declarer announces a game after picking up.
    Declaring,
    /// Trick play.
    Playing,
    /// The deal is over (settled or thrown in).
    Over,
}

impl fmt::Display for SkatPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SkatPhase::Bidding => "bidding",
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
}

const PLACEHOLDER: Card = Card::new(crate::Suit::Clubs, crate::Rank::Seven);

impl SkatGame {
    /// A new deal under `rules`, starting with the auction.
    pub fn new(deal: SkatDeal, rules: SkatRules) -> SkatGame {
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

    /// The cards `seat` may play now (empty if it is not that seat's card turn).
    #[inline]
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SkatPhase::Playing {
            return CardSet::EMPTY;
        }
        let kind = self.contract.map_or(GameKind::Null, |c| c.kind);
        let led = if self.trick_len == 0 { None } else { Some(self.trick[0]) };
        kind.legal_cards(self.hands[self.to_act.index()], led)
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
        match (self.phase, action) {
            (SkatPhase::Bidding, a) => Ok(self.auction.check(a.bid_move().ok_or_else(wrong_phase)?)?),
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

    fn apply(&mut self, action: SkatAction) {
        let seat = self.to_act;
        match action {
            SkatAction::Bid(_) | SkatAction::Hold | SkatAction::Pass => {
                self.auction.apply_unchecked(action.bid_move().expect("auction move"));
                match self.auction.stage() {
                    AuctionStage::Done(AuctionResult::Declarer { seat, bid }) => {
                        self.declarer = seat;
                        self.bid = bid;
                        self.phase = SkatPhase::SkatDecision;
                        self.to_act = seat;
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
            SkatAction::Declare(contract) => {
                self.contract = Some(contract);
                self.phase = SkatPhase::Playing;
                self.to_act = Seat::FOREHAND;
                self.leader = Seat::FOREHAND;
            }
            SkatAction::Play(card) => self.play_card(card),
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
        let contract = self.contract.expect("declared before play");
        let winner = self.leader.offset(contract.kind.trick_winner(self.trick), 3);
        self.tricks_won[winner.index()] += 1;
        self.points_won[winner.index()] += points(CardSet::from_iter(self.trick));
        self.last_trick = Some(Trick { leader: self.leader, cards: self.trick, winner });
        self.trick_len = 0;
        self.leader = winner;
        self.to_act = winner;
        let declarer_took = winner == self.declarer;
        let early_end =
            (contract.kind == GameKind::Null && declarer_took) || (contract.ends_on_defender_trick() && !declarer_took);
        if early_end || self.played.len() == 30 {
            self.finish();
        }
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
        let settlement = settle(contract, self.bid, contract.kind.matadors(twelve), tally, &self.rules);
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
        use crate::shuffle::{random_card, uniform_below};
        let hand = self.hands[self.to_act.index()];
        match self.phase {
            SkatPhase::Playing => random_card(rng, self.legal_cards()).map(SkatAction::Play),
            SkatPhase::Over => None,
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

/// The public facts that decide the legal actions outside trick play.
#[derive(Clone, Copy)]
struct Stage<'a> {
    phase: SkatPhase,
    auction: &'a Auction,
    picked_up: bool,
    bid: u16,
    rules: &'a SkatRules,
}

/// Legal actions of every phase from the public stage, the acting seat's
/// hand and its legal cards; shared by state and view.
fn push_legal_actions(stage: Stage<'_>, hand: CardSet, legal_cards: CardSet, out: &mut Vec<SkatAction>) {
    let Stage { phase, auction, picked_up, bid, rules } = stage;
    out.clear();
    match phase {
        SkatPhase::Bidding => auction.for_each_legal(|m| out.push(m.into())),
        SkatPhase::SkatDecision => {
            // Bids are ascending, so TakeSkat (ordered after Pass) precedes declarations.
            out.push(SkatAction::TakeSkat);
            out.extend(legal_contracts(phase, picked_up, bid, rules).map(SkatAction::Declare));
            out.sort_unstable();
        }
        SkatPhase::Discarding => {
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
        SkatPhase::Playing => out.extend(legal_cards.iter().map(SkatAction::Play)),
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
        push_legal_actions(
            Stage {
                phase: self.phase,
                auction: &self.auction,
                picked_up: self.picked_up,
                bid: self.bid,
                rules: &self.rules,
            },
            hand,
            self.legal_cards(),
            out,
        );
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
        let is_declarer = self.phase >= SkatPhase::SkatDecision && self.declarer().is_some_and(|(d, _)| d == seat);
        let over = self.phase == SkatPhase::Over;
        SkatView {
            seat,
            rules: self.rules,
            phase: self.phase,
            to_act: self.to_act(),
            hand: self.hands[seat.index()],
            auction: self.auction,
            declarer: self.declarer().map(|(d, _)| d),
            bid: self.bid,
            picked_up: self.picked_up,
            contract: self.contract,
            skat: if (is_declarer && self.picked_up) || (over && self.contract.is_some()) {
                self.skat
            } else {
                CardSet::EMPTY
            },
            dealt_skat: if over && self.contract.is_some() { self.deal.skat() } else { CardSet::EMPTY },
            ouvert_hand: self.ouvert_hand(),
            leader: self.leader,
            trick: self.trick,
            trick_len: self.trick_len,
            last_trick: self.last_trick,
            tricks_won: self.tricks_won,
            points_won: self.points_won,
            played: self.played,
            outcome: self.outcome,
        }
    }

    fn scores(&self) -> Option<[i64; Seat::MAX]> {
        let mut scores = [0; Seat::MAX];
        if let SkatOutcome::Played { declarer, settlement } = self.outcome? {
            scores[declarer.index()] = i64::from(settlement.score);
            if self.rules.scoring == Scoring::SeegerFabian {
                // §11.2: ±50 for the declarer; 40 (3 members) or 30 (4
                // members) to each other member for a lost game. The dealer
                // sitting out at a 4-member table holds no seat here; the
                // score sheet credits him.
                let bonus = if self.rules.table_size == 4 { 30 } else { 40 };
                for seat in Seat::all(3) {
                    scores[seat.index()] += match (seat == declarer, settlement.won) {
                        (true, true) => 50,
                        (true, false) => -50,
                        (false, true) => 0,
                        (false, false) => bonus,
                    };
                }
            }
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
        let over = self.phase == SkatPhase::Over && self.contract.is_some();
        if over || (self.picked_up && seat == self.declarer) { self.deal.skat() | self.skat } else { CardSet::EMPTY }
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
}

impl SkatView {
    /// The current trick's cards in play order.
    pub fn trick(&self) -> &[Card] {
        &self.trick[..usize::from(self.trick_len)]
    }

    /// The cards this seat may play now (empty unless it is to play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SkatPhase::Playing || self.to_act != Some(self.seat) {
            return CardSet::EMPTY;
        }
        let kind = self.contract.map_or(GameKind::Null, |c| c.kind);
        kind.legal_cards(self.hand, self.trick().first().copied())
    }
}

impl GameView for SkatView {
    type Action = SkatAction;

    fn seat(&self) -> Seat {
        self.seat
    }

    fn is_my_turn(&self) -> bool {
        self.to_act == Some(self.seat)
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
        push_legal_actions(
            Stage {
                phase: self.phase,
                auction: &self.auction,
                picked_up: self.picked_up,
                bid: self.bid,
                rules: &self.rules,
            },
            self.hand,
            self.legal_cards(),
            out,
        );
    }
}
