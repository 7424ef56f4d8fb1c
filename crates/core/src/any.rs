//! One switch over the games for programs that choose at run time (the
//! command line, a server, a Python module): [`GameId`] names a game,
//! [`AnyGame`] holds a deal of any of them and implements [`Game`] by
//! delegation, with [`AnyAction`], [`AnyView`] and [`AnyError`]. The codec
//! of each game ([`Codec`]) is reached through [`GameId`].

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use thiserror::Error;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::codec::Codec;
use crate::game::{Game, GameView};
use crate::seat::Seat;
use crate::skat::{SkatAction, SkatDeal, SkatError, SkatGame, SkatRules, SkatView};
use crate::spidge::{SpidgeAction, SpidgeDeal, SpidgeError, SpidgeGame, SpidgeRules, SpidgeView};
use crate::spitzer::{SpitzerAction, SpitzerDeal, SpitzerError, SpitzerGame, SpitzerView};

/// One of the games trumpf plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum GameId {
    /// Skat (`skat.md`, `skat-variants.md`).
    Skat,
    /// Spitzer (`spitzer.md`).
    Spitzer,
    /// Spidge (`spidge.md`).
    Spidge,
}

impl GameId {
    /// Every game, in this order.
    pub const ALL: [GameId; 3] = [GameId::Skat, GameId::Spitzer, GameId::Spidge];

    /// The game's name: `"skat"`, `"spitzer"`, `"spidge"` (its [`Game::NAME`]).
    pub const fn name(self) -> &'static str {
        match self {
            GameId::Skat => SkatGame::NAME,
            GameId::Spitzer => SpitzerGame::NAME,
            GameId::Spidge => SpidgeGame::NAME,
        }
    }

    /// Seats that take decisions in a deal (Skat 3, Spitzer 4, Spidge 3).
    pub const fn seats(self) -> usize {
        match self {
            GameId::Skat | GameId::Spidge => 3,
            GameId::Spitzer => 4,
        }
    }

    /// Distinct action ids of the game's codec.
    pub const fn num_actions(self) -> usize {
        match self {
            GameId::Skat => <SkatGame as Codec>::NUM_ACTIONS,
            GameId::Spitzer => <SpitzerGame as Codec>::NUM_ACTIONS,
            GameId::Spidge => <SpidgeGame as Codec>::NUM_ACTIONS,
        }
    }

    /// The length of the game's observation vector.
    pub const fn observation_len(self) -> usize {
        match self {
            GameId::Skat => <SkatGame as Codec>::OBSERVATION_LEN,
            GameId::Spitzer => <SpitzerGame as Codec>::OBSERVATION_LEN,
            GameId::Spidge => <SpidgeGame as Codec>::OBSERVATION_LEN,
        }
    }

    /// The action with codec id `id` (`None` for an id no action has).
    pub fn decode(self, id: usize) -> Option<AnyAction> {
        match self {
            GameId::Skat => SkatGame::decode(id).map(AnyAction::Skat),
            GameId::Spitzer => SpitzerGame::decode(id).map(AnyAction::Spitzer),
            GameId::Spidge => SpidgeGame::decode(id).map(AnyAction::Spidge),
        }
    }

    /// Reads an action of this game from its text form (as the trumpf record
    /// writes it).
    ///
    /// # Errors
    /// Text that names no action of the game.
    pub fn parse_action(self, text: &str) -> Result<AnyAction, ParseAnyActionError> {
        let bad = || ParseAnyActionError { game: self, text: text.to_owned() };
        match self {
            GameId::Skat => text.parse().map(AnyAction::Skat).map_err(|_| bad()),
            GameId::Spitzer => text.parse().map(AnyAction::Spitzer).map_err(|_| bad()),
            GameId::Spidge => text.parse::<Card>().map(|c| AnyAction::Spidge(SpidgeAction::Play(c))).map_err(|_| bad()),
        }
    }

    /// A fresh deal of this game from `seed` under its default rules (Skat:
    /// the International Skat Order).
    pub fn deal(self, seed: u64) -> AnyGame {
        match self {
            GameId::Skat => AnyGame::Skat(SkatGame::new(SkatDeal::from_seed(seed), SkatRules::ISKO)),
            GameId::Spitzer => AnyGame::Spitzer(SpitzerGame::from_seed(seed)),
            GameId::Spidge => AnyGame::Spidge(SpidgeGame::from_seed(seed)),
        }
    }

    /// A fresh deal from `rng` under the default rules.
    pub fn random_deal<R: Rng + ?Sized>(self, rng: &mut R) -> AnyGame {
        match self {
            GameId::Skat => AnyGame::Skat(SkatGame::new(SkatDeal::random(rng), SkatRules::ISKO)),
            GameId::Spitzer => AnyGame::Spitzer(SpitzerGame::from_deal(SpitzerDeal::random(rng))),
            GameId::Spidge => AnyGame::Spidge(SpidgeGame::new(
                SpidgeDeal::random(rng, SpidgeRules::default().jokers),
                SpidgeRules::default(),
            )),
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that names no game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown game {0:?}: the games are skat, spitzer and spidge")]
pub struct ParseGameIdError(pub String);

impl FromStr for GameId {
    type Err = ParseGameIdError;
    /// The name, in any case.
    fn from_str(s: &str) -> Result<GameId, ParseGameIdError> {
        GameId::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseGameIdError(s.to_owned()))
    }
}

/// Text that names no action of a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a {game} action: {text:?}")]
pub struct ParseAnyActionError {
    /// The game.
    pub game: GameId,
    /// The text.
    pub text: String,
}

/// A deal of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyGame {
    /// A Skat deal.
    Skat(SkatGame),
    /// A Spitzer deal.
    Spitzer(SpitzerGame),
    /// A Spidge deal.
    Spidge(SpidgeGame),
}

/// An action of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum AnyAction {
    /// A Skat action.
    Skat(SkatAction),
    /// A Spitzer action.
    Spitzer(SpitzerAction),
    /// A Spidge action.
    Spidge(SpidgeAction),
}

/// A view of a deal of any game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum AnyView {
    /// A Skat view.
    Skat(SkatView),
    /// A Spitzer view.
    Spitzer(SpitzerView),
    /// A Spidge view.
    Spidge(SpidgeView),
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnyError {
    /// The Skat engine's reason.
    #[error(transparent)]
    Skat(#[from] SkatError),
    /// The Spitzer engine's reason.
    #[error(transparent)]
    Spitzer(#[from] SpitzerError),
    /// The Spidge engine's reason.
    #[error(transparent)]
    Spidge(#[from] SpidgeError),
    /// An action of another game.
    #[error("a {action} action cannot be played in a {game} deal")]
    WrongGame {
        /// The action's game.
        action: GameId,
        /// The deal's game.
        game: GameId,
    },
}

impl AnyAction {
    /// The game the action belongs to.
    pub const fn game(self) -> GameId {
        match self {
            AnyAction::Skat(_) => GameId::Skat,
            AnyAction::Spitzer(_) => GameId::Spitzer,
            AnyAction::Spidge(_) => GameId::Spidge,
        }
    }

    /// The action's codec id in its game.
    pub fn encode(self) -> usize {
        match self {
            AnyAction::Skat(a) => SkatGame::encode(a),
            AnyAction::Spitzer(a) => SpitzerGame::encode(a),
            AnyAction::Spidge(a) => SpidgeGame::encode(a),
        }
    }
}

impl fmt::Display for AnyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyAction::Skat(a) => a.fmt(f),
            AnyAction::Spitzer(a) => a.fmt(f),
            AnyAction::Spidge(a) => a.fmt(f),
        }
    }
}

/// Runs `$body` with `$g` bound to the inner deal, whatever the game.
macro_rules! each {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Skat($g) => $body,
            AnyGame::Spitzer($g) => $body,
            AnyGame::Spidge($g) => $body,
        }
    };
}

impl AnyGame {
    /// The game of this deal.
    pub const fn id(&self) -> GameId {
        match self {
            AnyGame::Skat(_) => GameId::Skat,
            AnyGame::Spitzer(_) => GameId::Spitzer,
            AnyGame::Spidge(_) => GameId::Spidge,
        }
    }

    /// A uniformly random legal action, without allocating (`None` once over).
    pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<AnyAction> {
        match self {
            AnyGame::Skat(g) => g.random_action(rng).map(AnyAction::Skat),
            AnyGame::Spitzer(g) => g.random_action(rng).map(AnyAction::Spitzer),
            AnyGame::Spidge(g) => g.random_action(rng).map(AnyAction::Spidge),
        }
    }

    /// The legal-action mask of the seat to act (see [`Codec::legal_mask`]).
    pub fn legal_mask(&self, mask: &mut Vec<bool>) {
        each!(self, g => g.legal_mask(mask))
    }
}

impl AnyView {
    /// The game of this view.
    pub const fn game(&self) -> GameId {
        match self {
            AnyView::Skat(_) => GameId::Skat,
            AnyView::Spitzer(_) => GameId::Spitzer,
            AnyView::Spidge(_) => GameId::Spidge,
        }
    }

    /// Writes the observation (see [`Codec::observe`]) into `out`, whose
    /// length must be the game's [`GameId::observation_len`].
    ///
    /// # Panics
    /// If `out` has another length.
    pub fn observe(&self, out: &mut [f32]) {
        match self {
            AnyView::Skat(v) => SkatGame::observe(v, out),
            AnyView::Spitzer(v) => SpitzerGame::observe(v, out),
            AnyView::Spidge(v) => SpidgeGame::observe(v, out),
        }
    }

    /// The observation as a new vector.
    pub fn observation(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.game().observation_len()];
        self.observe(&mut out);
        out
    }

    /// The information-state string (see [`Codec::information_state`]).
    pub fn information_state(&self) -> String {
        match self {
            AnyView::Skat(v) => SkatGame::information_state(v),
            AnyView::Spitzer(v) => SpitzerGame::information_state(v),
            AnyView::Spidge(v) => SpidgeGame::information_state(v),
        }
    }
}

impl Game for AnyGame {
    type Action = AnyAction;
    type View = AnyView;
    type Error = AnyError;
    const NAME: &'static str = "any";

    fn seats(&self) -> usize {
        each!(self, g => g.seats())
    }

    fn to_act(&self) -> Option<Seat> {
        each!(self, g => g.to_act())
    }

    fn legal_actions(&self, out: &mut Vec<AnyAction>) {
        out.clear();
        match self {
            AnyGame::Skat(g) => {
                let mut inner = Vec::new();
                g.legal_actions(&mut inner);
                out.extend(inner.into_iter().map(AnyAction::Skat));
            }
            AnyGame::Spitzer(g) => {
                let mut inner = Vec::new();
                g.legal_actions(&mut inner);
                out.extend(inner.into_iter().map(AnyAction::Spitzer));
            }
            AnyGame::Spidge(g) => out.extend(g.legal_cards().iter().map(|c| AnyAction::Spidge(SpidgeAction::Play(c)))),
        }
    }

    fn is_legal(&self, action: AnyAction) -> bool {
        match (self, action) {
            (AnyGame::Skat(g), AnyAction::Skat(a)) => g.is_legal(a),
            (AnyGame::Spitzer(g), AnyAction::Spitzer(a)) => g.is_legal(a),
            (AnyGame::Spidge(g), AnyAction::Spidge(a)) => g.is_legal(a),
            _ => false,
        }
    }

    fn try_apply(&mut self, seat: Seat, action: AnyAction) -> Result<(), AnyError> {
        let game = self.id();
        match (self, action) {
            (AnyGame::Skat(g), AnyAction::Skat(a)) => Ok(g.try_apply(seat, a)?),
            (AnyGame::Spitzer(g), AnyAction::Spitzer(a)) => Ok(g.try_apply(seat, a)?),
            (AnyGame::Spidge(g), AnyAction::Spidge(a)) => Ok(g.try_apply(seat, a)?),
            (_, action) => Err(AnyError::WrongGame { action: action.game(), game }),
        }
    }

    fn apply_unchecked(&mut self, action: AnyAction) {
        match (self, action) {
            (AnyGame::Skat(g), AnyAction::Skat(a)) => g.apply_unchecked(a),
            (AnyGame::Spitzer(g), AnyAction::Spitzer(a)) => g.apply_unchecked(a),
            (AnyGame::Spidge(g), AnyAction::Spidge(a)) => g.apply_unchecked(a),
            _ => debug_assert!(false, "an action of another game"),
        }
    }

    fn view(&self, seat: Seat) -> AnyView {
        match self {
            AnyGame::Skat(g) => AnyView::Skat(g.view(seat)),
            AnyGame::Spitzer(g) => AnyView::Spitzer(g.view(seat)),
            AnyGame::Spidge(g) => AnyView::Spidge(g.view(seat)),
        }
    }

    fn spectator_view(&self) -> AnyView {
        match self {
            AnyGame::Skat(g) => AnyView::Skat(g.spectator_view()),
            AnyGame::Spitzer(g) => AnyView::Spitzer(g.spectator_view()),
            AnyGame::Spidge(g) => AnyView::Spidge(g.spectator_view()),
        }
    }

    fn scores(&self) -> Option<[i64; Seat::MAX]> {
        each!(self, g => g.scores())
    }

    fn hand(&self, seat: Seat) -> CardSet {
        each!(self, g => g.hand(seat))
    }

    fn played(&self) -> CardSet {
        each!(self, g => g.played())
    }

    fn public_cards(&self) -> CardSet {
        each!(self, g => g.public_cards())
    }

    fn private_knowledge(&self, seat: Seat) -> CardSet {
        each!(self, g => g.private_knowledge(seat))
    }

    fn pack(&self) -> CardSet {
        each!(self, g => g.pack())
    }

    /// The card an action plays (any game's).
    fn card_of(action: AnyAction) -> Option<Card> {
        match action {
            AnyAction::Skat(a) => SkatGame::card_of(a),
            AnyAction::Spitzer(a) => SpitzerGame::card_of(a),
            AnyAction::Spidge(a) => SpidgeGame::card_of(a),
        }
    }

    fn card_action(&self, card: Card) -> AnyAction {
        match self {
            AnyGame::Skat(g) => AnyAction::Skat(g.card_action(card)),
            AnyGame::Spitzer(g) => AnyAction::Spitzer(g.card_action(card)),
            AnyGame::Spidge(g) => AnyAction::Spidge(g.card_action(card)),
        }
    }

    fn playable_cards(&self) -> CardSet {
        each!(self, g => g.playable_cards())
    }
}

impl GameView for AnyView {
    type Action = AnyAction;

    fn card_action(&self, card: Card) -> AnyAction {
        match self {
            AnyView::Skat(v) => AnyAction::Skat(v.card_action(card)),
            AnyView::Spitzer(v) => AnyAction::Spitzer(v.card_action(card)),
            AnyView::Spidge(v) => AnyAction::Spidge(v.card_action(card)),
        }
    }

    fn seat(&self) -> Seat {
        match self {
            AnyView::Skat(v) => v.seat(),
            AnyView::Spitzer(v) => v.seat(),
            AnyView::Spidge(v) => v.seat(),
        }
    }

    fn is_spectator(&self) -> bool {
        match self {
            AnyView::Skat(v) => v.is_spectator(),
            AnyView::Spitzer(v) => v.is_spectator(),
            AnyView::Spidge(v) => v.is_spectator(),
        }
    }

    fn is_my_turn(&self) -> bool {
        match self {
            AnyView::Skat(v) => v.is_my_turn(),
            AnyView::Spitzer(v) => v.is_my_turn(),
            AnyView::Spidge(v) => v.is_my_turn(),
        }
    }

    fn hand(&self) -> CardSet {
        match self {
            AnyView::Skat(v) => v.hand(),
            AnyView::Spitzer(v) => v.hand(),
            AnyView::Spidge(v) => GameView::hand(v),
        }
    }

    fn visible_cards(&self) -> CardSet {
        match self {
            AnyView::Skat(v) => v.visible_cards(),
            AnyView::Spitzer(v) => v.visible_cards(),
            AnyView::Spidge(v) => v.visible_cards(),
        }
    }

    fn legal_actions(&self, out: &mut Vec<AnyAction>) {
        out.clear();
        match self {
            AnyView::Skat(v) => {
                let mut inner = Vec::new();
                v.legal_actions(&mut inner);
                out.extend(inner.into_iter().map(AnyAction::Skat));
            }
            AnyView::Spitzer(v) => {
                let mut inner = Vec::new();
                v.legal_actions(&mut inner);
                out.extend(inner.into_iter().map(AnyAction::Spitzer));
            }
            AnyView::Spidge(v) => out.extend(v.legal_cards().iter().map(|c| AnyAction::Spidge(SpidgeAction::Play(c)))),
        }
    }
}
