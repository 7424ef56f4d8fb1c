//! What one seat may know of a Skat deal: the only thing a bot or a client
//! receives. Built from the state's public accessors, with perfect recall:
//! the auction (each seat's highest value), every trick with its leader,
//! the declarer's own discard, and in a Schieberamsch what each seat did
//! with the packet and the cards this seat passed on.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{Game, GameView};
use crate::seat::Seat;
use crate::skat::action::SkatAction;
use crate::skat::bidding::Auction;
use crate::skat::contract::{Contract, GameKind};
use crate::skat::kontra::{KontraFacts, KontraState, kontra_check};
use crate::skat::legal::{Stage, push_legal_actions};
use crate::skat::passing::PacketMove;
use crate::skat::play::{SkatHistory, Trick};
use crate::skat::rules::SkatRules;
use crate::skat::schenken::{Gift, GiveFacts, give_check};
use crate::skat::scoring::raised_contract;
use crate::skat::state::{DealSetup, SkatGame, SkatOutcome, SkatPhase};

/// What one seat may know of a Skat deal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// The auction so far (each seat's highest value: [`Auction::highest`]).
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
    /// everybody once the deal is over; in a Ramsch the packet cards this
    /// seat has seen; otherwise empty.
    pub skat: CardSet,
    /// The skat as dealt, shown to everybody once a played deal is over.
    pub dealt_skat: CardSet,
    /// The cards of the dealt skat this seat has seen: the declarer who
    /// picked it up knows it from then on; everybody once the deal is over.
    pub known_skat: CardSet,
    /// The declarer's hand when it lies open (ouvert).
    pub ouvert_hand: Option<CardSet>,
    /// Who led the current trick.
    pub leader: Seat,
    /// Every card played so far, in order, with the leader of every trick.
    pub history: SkatHistory,
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
    /// What each seat did with the Schieberamsch packet so far.
    pub packet: [Option<PacketMove>; 3],
    /// The two cards this seat found on taking the Schieberamsch packet.
    pub found: CardSet,
    /// The two cards this seat passed on in a Schieberamsch.
    pub passed_on: CardSet,
    /// Kontra/Re said so far.
    pub kontra: KontraState,
    /// The deal's Bock factor and whether it belongs to a Ramsch round.
    pub setup: DealSetup,
    /// A spectator's view, or that of a member sitting out (no seat, no
    /// hand, never to act).
    pub spectator: bool,
    /// The Spitze card, once announced: public, in the declarer's hand
    /// until he plays it (pub extras §2.4).
    pub spitze: Option<Card>,
    /// Per seat, whether it knocked in the Ramsch (pub extras §4).
    pub knocked: [Option<bool>; 3],
    /// The gifts of the first trick (pub extras §3).
    pub gift: Gift,
}

impl SkatView {
    /// The view of `viewer`, or with `None` a spectator's (also the dealer
    /// sitting out at a 4-member table): no hand and no skat, only what
    /// lies on the table for everybody (`skat.md` §1.1).
    pub(crate) fn of(game: &SkatGame, viewer: Option<Seat>) -> SkatView {
        let seat = viewer.unwrap_or(Seat::FOREHAND);
        let phase = game.phase();
        let declarer = game.declarer().map(|(d, _)| d);
        let is_declarer = viewer.is_some() && phase >= SkatPhase::SkatDecision && declarer == Some(seat);
        let over = phase == SkatPhase::Over;
        // After a played deal everybody sees the skat; in a Ramsch a seat
        // knows the packet cards it held; the declarer knows his discards.
        let revealed = over && (game.contract().is_some() || game.is_ramsch());
        let skat = if revealed || (is_declarer && game.picked_up()) {
            game.skat()
        } else if game.is_ramsch() && viewer.is_some() {
            game.skat() & game.packet_seen(seat)
        } else {
            CardSet::EMPTY
        };
        let dealt = game.deal().skat();
        let known_skat = if revealed || (is_declarer && game.picked_up()) {
            dealt
        } else if viewer.is_some() && game.is_ramsch() {
            dealt & game.packet_seen(seat)
        } else {
            CardSet::EMPTY
        };
        let own = |cards: CardSet| if viewer.is_some() { cards } else { CardSet::EMPTY };
        let (leader, _) = game.current_trick();
        SkatView {
            seat,
            rules: *game.rules(),
            phase,
            to_act: game.to_act(),
            hand: own(game.hand(seat)),
            auction: *game.auction(),
            declarer,
            bid: game.declarer().map_or(0, |(_, bid)| bid),
            picked_up: game.picked_up(),
            contract: game.contract(),
            skat,
            dealt_skat: if revealed { dealt } else { CardSet::EMPTY },
            known_skat,
            ouvert_hand: game.ouvert_hand(),
            leader,
            history: *game.history(),
            last_trick: game.last_trick(),
            tricks_won: *game.tricks_won().as_array(),
            points_won: *game.points_won().as_array(),
            played: game.played(),
            outcome: game.outcome(),
            ramsch: game.is_ramsch(),
            pushes: game.pushes(),
            packet: game.packet_moves(),
            found: own(game.found_in_packet(seat)),
            passed_on: own(game.passed_on(seat)),
            kontra: game.kontra(),
            setup: game.setup(),
            spectator: viewer.is_none(),
            spitze: game.spitze(),
            knocked: game.knocked(),
            gift: game.gift(),
        }
    }

    /// The contract as played: with the announcements refused gifts added.
    pub fn contract_played(&self) -> Option<Contract> {
        self.contract.map(|c| raised_contract(c, self.gift.raised))
    }

    /// Whether this seat may give the game away now (it must also be its
    /// turn).
    ///
    /// # Errors
    /// The reason it may not.
    pub fn may_give(&self) -> Result<(), &'static str> {
        give_check(&GiveFacts {
            rules: &self.rules,
            phase: self.phase,
            ramsch: self.ramsch,
            declarer: self.contract.and(self.declarer),
            gift: &self.gift,
            seat: self.seat,
            first_trick: self.history.len() < 3,
            re_pending: self.kontra.re_pending,
        })
    }

    /// The current trick's cards in play order.
    pub fn trick(&self) -> &[Card] {
        self.history.current()
    }

    /// The game kind of trick play (Grand in a Ramsch; Null before a declaration).
    pub fn play_kind(&self) -> GameKind {
        if self.ramsch { GameKind::Grand } else { self.contract.map_or(GameKind::Null, |c| c.kind) }
    }

    /// The cards this seat may play now (empty unless it is to play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SkatPhase::Playing || !self.is_my_turn() || self.kontra.re_pending {
            return CardSet::EMPTY;
        }
        self.play_kind().legal_cards(self.hand, self.history.led())
    }

    /// Whether `seat` has shown out of `suit`'s effective suit (under the
    /// game in play): it did not follow a lead of it. `suit_cards` is the
    /// effective suit as a set ([`GameKind::follow_mask`] of a card of it).
    pub fn has_shown_out(&self, seat: Seat, suit_cards: CardSet) -> bool {
        shown_out(&self.history, seat, suit_cards)
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

/// Whether `seat` failed to follow a lead of the effective suit
/// `suit_cards` in `history`.
fn shown_out(history: &SkatHistory, seat: Seat, suit_cards: CardSet) -> bool {
    history.plays_in_trick().any(|(leader, pos, card, before)| {
        pos > 0 && leader.offset(pos, 3) == seat && suit_cards.contains(before[0]) && !suit_cards.contains(card)
    })
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
        let last: CardSet = self.last_trick.map(|t| t.cards.iter().copied().collect()).unwrap_or_default();
        self.hand
            | self.skat
            | self.dealt_skat
            | self.known_skat
            | self.found
            | self.passed_on
            | self.ouvert_hand.unwrap_or_default()
            | self.spitze.map_or(CardSet::EMPTY, CardSet::single)
            | last
            | self.played
    }

    fn card_action(&self, card: Card) -> SkatAction {
        SkatAction::Play(card)
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
            may_give: self.phase == SkatPhase::Playing && self.may_give().is_ok(),
            gift_step: self.gift.step,
            may_refuse: self.contract.is_some_and(|c| self.gift.may_refuse(c)),
        };
        push_legal_actions(stage, self.hand, self.legal_cards(), out);
    }
}
