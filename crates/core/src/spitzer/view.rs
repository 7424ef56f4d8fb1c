//! What one seat may know of a Spitzer deal, and partnership knowledge as
//! the cards reveal it (`spitzer.md` §4.1, §4.4).
//!
//! See [`TeamKnowledge`] for what a seat knows about the teams.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Game;
use crate::game::GameView;
use crate::seat::Seat;
use crate::spitzer::announcement::{Announcement, Contract, Side};
use crate::spitzer::cards::{BIG_QUEEN, LITTLE_QUEEN, legal_cards};
use crate::spitzer::game::{SpitzerAction, SpitzerGame, SpitzerHistory, SpitzerOutcome, SpitzerPhase, Trick};
use crate::spitzer::legal::{duty_of, push_legal_actions, said};
use crate::spitzer::rules::{FirstTrickSelfRow, SpitzerRules};

/// One seat's knowledge of the contract and the teams.
///
/// The engine knows the declaring side D from the end of the announcement
/// phase. A seat knows only what follows from
///
/// * its own dealt hand,
/// * every card played so far together with the seat that played it,
/// * the public announcement (who made it, what it is), and what the
///   announcement itself implies (a caller holds both black queens and not
///   the called ace; the winner of trick 1 completes a first-trick call).
///
/// A fact is known when it holds wherever the still-hidden key cards (the
/// black queens, or the called ace) might lie among the other seats. No
/// inference is drawn from how seats followed suit or from hand sizes. So:
/// the holder of a black queen knows he is on the queen side, the holder of
/// both that it is a Sneaker, the called-ace holder that he is the partner;
/// everybody else learns a Normal or Sneaker team when both black queens
/// have been played, and a called-ace partner when the ace is played. A
/// public Zola or Schneider reveals the announcer and the contract. During
/// the announcement phase nothing is known yet; once the deal is over,
/// everything is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TeamKnowledge {
    /// The scoring row, if this seat can know it (Normal vs Sneaker stays
    /// open to outsiders until the black queens are seen).
    pub contract: Option<Contract>,
    /// Per seat: `Some(true)` known to be on the declaring side D,
    /// `Some(false)` known to be against it, `None` not known.
    pub declaring: [Option<bool>; 4],
}

impl TeamKnowledge {
    /// Nothing known.
    pub const UNKNOWN: TeamKnowledge = TeamKnowledge { contract: None, declaring: [None; 4] };

    /// Whether `seat` is known to be on the declaring side (`Some(true)`),
    /// known to be against it (`Some(false)`), or not known.
    pub fn is_declaring(&self, seat: Seat) -> Option<bool> {
        self.declaring.get(seat.index()).copied().flatten()
    }

    /// The declaring side, once every seat's side is known.
    pub fn declaring_side(&self) -> Option<Side> {
        let mut side = Side::EMPTY;
        for seat in Seat::all(4) {
            if self.is_declaring(seat)? {
                side = side.with(seat);
            }
        }
        Some(side)
    }

    /// The other seats known to be on `seat`'s side (empty when `seat`'s
    /// own side is not known).
    pub fn known_partners(&self, seat: Seat) -> Side {
        let Some(mine) = self.is_declaring(seat) else { return Side::EMPTY };
        Seat::all(4).filter(|&s| s != seat && self.is_declaring(s) == Some(mine)).collect()
    }

    /// Whether everything is known: the contract and every seat's side.
    pub fn is_complete(&self) -> bool {
        self.contract.is_some() && self.declaring_side().is_some()
    }

    fn full(contract: Contract, side: Side) -> TeamKnowledge {
        TeamKnowledge { contract: Some(contract), declaring: std::array::from_fn(|i| Some(side.bits() >> i & 1 == 1)) }
    }
}

/// Where `viewer` knows `card` to lie: its own dealt hand, or the seat that
/// played it; otherwise any seat but the viewer and `excluded`. A
/// spectator (`None`) holds no card.
fn candidates(game: &SpitzerGame, viewer: Option<Seat>, card: Card, excluded: Side) -> Side {
    if let Some(viewer) = viewer
        && game.deal().hand(viewer).contains(card)
    {
        return Side::single(viewer);
    }
    if let Some(seat) = Seat::all(4).find(|&s| game.played_by(s).contains(card)) {
        return Side::single(seat);
    }
    let own = viewer.map_or(Side::EMPTY, Side::single);
    own.union(excluded).others()
}

/// What `viewer` (`None`: a spectator) knows of the contract and teams of
/// `game` (module docs).
fn team_knowledge(game: &SpitzerGame, viewer: Option<Seat>) -> TeamKnowledge {
    let phase = game.phase();
    if phase == SpitzerPhase::Announcing {
        return TeamKnowledge::UNKNOWN;
    }
    let declaring = game.declaring_side().unwrap_or(Side::EMPTY);
    if let (Some(contract), true) = (game.contract(), phase == SpitzerPhase::Over) {
        return TeamKnowledge::full(contract, declaring);
    }
    match game.announcement() {
        Some((seat, a)) if a.is_zola() => {
            TeamKnowledge::full(game.contract().unwrap_or(Contract::Zola), Side::single(seat))
        }
        Some((caller, Announcement::CallFirstTrick)) => match game.contract() {
            // Trick 1 is public: its winner completes the call.
            Some(contract) => TeamKnowledge::full(contract, declaring),
            None => {
                let mut k = TeamKnowledge::UNKNOWN;
                k.declaring[caller.index()] = Some(true);
                if game.rules().first_trick_self_row == FirstTrickSelfRow::Normal {
                    k.contract = Some(Contract::Normal);
                }
                k
            }
        },
        Some((caller, a @ (Announcement::CallAce(_) | Announcement::CallAceVoid(_)))) => {
            let Some(ace) = a.called_ace() else { return TeamKnowledge::UNKNOWN };
            let worlds = candidates(game, viewer, ace, Side::single(caller));
            over_worlds(worlds.iter().map(|holder| (Contract::Normal, Side::single(caller).with(holder))))
        }
        announcement => {
            let big = candidates(game, viewer, BIG_QUEEN, Side::EMPTY);
            let little = candidates(game, viewer, LITTLE_QUEEN, Side::EMPTY);
            over_worlds(big.iter().flat_map(|b| {
                little.iter().map(move |l| {
                    let queen_side = Side::single(b).with(l);
                    match announcement {
                        Some((seat, _)) => {
                            let side = if queen_side.contains(seat) { queen_side } else { queen_side.others() };
                            (Contract::Schneider, side)
                        }
                        None if b == l => (Contract::Sneaker, queen_side),
                        None => (Contract::Normal, queen_side),
                    }
                })
            }))
        }
    }
}

/// What holds in every possible world `(contract, declaring side)`.
fn over_worlds(worlds: impl Iterator<Item = (Contract, Side)>) -> TeamKnowledge {
    let mut contract: Option<Option<Contract>> = None;
    let mut always = Side::ALL;
    let mut ever = Side::EMPTY;
    for (c, side) in worlds {
        contract = Some(match contract {
            None => Some(c),
            Some(known) if known == Some(c) => known,
            Some(_) => None,
        });
        always = always.intersect(side);
        ever = ever.union(side);
    }
    let Some(contract) = contract else { return TeamKnowledge::UNKNOWN };
    TeamKnowledge {
        contract,
        declaring: std::array::from_fn(|i| {
            let seat = Seat::new(i).unwrap_or(Seat::FOREHAND);
            if always.contains(seat) {
                Some(true)
            } else if !ever.contains(seat) {
                Some(false)
            } else {
                None
            }
        }),
    }
}

/// What one seat may know of a Spitzer deal: the only thing a bot or client
/// receives.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpitzerView {
    /// This seat.
    pub seat: Seat,
    /// The rules in force.
    pub rules: SpitzerRules,
    /// The phase.
    pub phase: SpitzerPhase,
    /// Who is to act.
    pub to_act: Option<Seat>,
    /// This seat's cards.
    pub hand: CardSet,
    /// How many seats passed in the announcement phase (seats `0..passes`, from eldest).
    pub passes: u8,
    /// The public announcement and its maker, if any.
    pub announcement: Option<(Seat, Announcement)>,
    /// The called ace after `CallAce` / `CallAceVoid` (public).
    pub called_ace: Option<Card>,
    /// Whether the called suit has been led in a completed trick.
    pub called_suit_led: bool,
    /// The contract and teams as far as this seat can know them (module docs).
    pub teams: TeamKnowledge,
    /// Who led the current trick.
    pub leader: Seat,
    /// Every card played so far, in order, with the leader of every trick.
    pub history: SpitzerHistory,
    /// The last completed trick.
    pub last_trick: Option<Trick>,
    /// Tricks won per seat.
    pub tricks_won: [u8; 4],
    /// Card points won in tricks per seat.
    pub points_won: [u8; 4],
    /// All cards played so far.
    pub played: CardSet,
    /// The cards each seat has played.
    pub played_by: [CardSet; 4],
    /// The result, once over.
    pub outcome: Option<SpitzerOutcome>,
    /// A spectator's view: no hand, never to act.
    pub spectator: bool,
}

impl SpitzerView {
    /// The view of `viewer`, or a spectator's (`None`: no hand).
    pub(crate) fn of(game: &SpitzerGame, viewer: Option<Seat>) -> SpitzerView {
        let (leader, _) = game.current_trick();
        SpitzerView {
            seat: viewer.unwrap_or(Seat::FOREHAND),
            rules: *game.rules(),
            phase: game.phase(),
            to_act: game.to_act(),
            hand: viewer.map_or(CardSet::EMPTY, |seat| game.hand(seat)),
            passes: game.passes(),
            announcement: game.announcement(),
            called_ace: game.called_ace(),
            called_suit_led: game.called_suit_led(),
            teams: team_knowledge(game, viewer),
            leader,
            history: *game.history(),
            last_trick: game.last_trick(),
            tricks_won: *game.tricks_won().as_array(),
            points_won: *game.points_won().as_array(),
            played: game.played(),
            played_by: std::array::from_fn(|i| Seat::new(i).map_or(CardSet::EMPTY, |s| game.played_by(s))),
            outcome: game.outcome(),
            spectator: viewer.is_none(),
        }
    }

    /// The current trick's cards in play order.
    pub fn trick(&self) -> &[Card] {
        self.history.current()
    }

    /// What `seat` said in the announcement phase (`None`: no turn, or not yet).
    pub fn said(&self, seat: Seat) -> Option<SpitzerAction> {
        said(seat, self.passes, self.announcement)
    }

    /// The cards this seat may play now (empty unless it is to play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SpitzerPhase::Playing || !self.is_my_turn() {
            return CardSet::EMPTY;
        }
        let duty = duty_of(self.seat, self.hand, self.announcement, self.called_ace, self.called_suit_led, &self.rules);
        legal_cards(self.hand, self.trick().first().copied(), self.rules.must_trump, duty)
    }
}

impl GameView for SpitzerView {
    type Action = SpitzerAction;

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
        let by_seat = self.played_by.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        self.hand | trick | last | self.played | by_seat
    }

    fn card_action(&self, card: Card) -> SpitzerAction {
        SpitzerAction::Play(card)
    }

    fn legal_actions(&self, out: &mut Vec<SpitzerAction>) {
        if !self.is_my_turn() {
            out.clear();
            return;
        }
        push_legal_actions(self.phase, self.hand, &self.rules, self.legal_cards(), out);
    }
}
