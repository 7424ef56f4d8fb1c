//! `Game` and `State`: the OpenSpiel-shaped API over one deal.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyInt, PyList};
use rand::SeedableRng;
use trumpf_core::{AnyAction, AnyGame, AnyView, Card, CardSet, Codec, Game, GameId, Seat};

use crate::deal;
use crate::rules::Rules;
use crate::{IllegalActionError, TrumpfError};

/// OpenSpiel's player id of a chance node.
pub const CHANCE: i64 = -1;
/// OpenSpiel's player id once the deal is over.
pub const TERMINAL: i64 = -4;

/// What a game is: which one, its rules, how deals come about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    pub id: GameId,
    pub rules: Rules,
    /// The deal is dealt card by card at chance nodes.
    pub explicit: bool,
}

/// A game with its rules: makes states.
///
/// `Game(name, rules=None, chance="sampled")`; usually made by
/// `trumpf.load_game`. `chance="sampled"` deals each new state at once
/// (from its seed); `chance="explicit"` starts with chance nodes that deal
/// one card each (`is_chance_node`, `chance_outcomes`).
#[pyclass(module = "trumpf._trumpf", name = "Game", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyGameInfo {
    pub cfg: Config,
}

#[pymethods]
impl PyGameInfo {
    #[new]
    #[pyo3(signature = (name, rules = None, chance = "sampled"))]
    fn new(name: &str, rules: Option<&Bound<'_, PyAny>>, chance: &str) -> PyResult<PyGameInfo> {
        let id: GameId =
            name.parse().map_err(|e: trumpf_core::any::ParseGameIdError| TrumpfError::new_err(e.to_string()))?;
        let rules = Rules::from_py(id, rules)?;
        let explicit = match chance {
            "sampled" => false,
            "explicit" => true,
            other => {
                return Err(TrumpfError::new_err(format!(
                    "chance={other:?}: \"sampled\" (deals at once) or \"explicit\" (chance nodes)"
                )));
            }
        };
        Ok(PyGameInfo { cfg: Config { id, rules, explicit } })
    }

    /// The game's name: "skat", "spitzer" or "spidge".
    #[getter]
    fn name(&self) -> &'static str {
        self.cfg.id.name()
    }

    /// "sampled" or "explicit".
    #[getter]
    fn chance(&self) -> &'static str {
        if self.cfg.explicit { "explicit" } else { "sampled" }
    }

    /// The rules in force as a dict of the trumpf record's keys.
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.cfg.rules.dict(py)
    }

    /// The rules as the trumpf record's `rules` line writes them.
    fn rules_text(&self) -> String {
        self.cfg.rules.text()
    }

    /// A new deal. Sampled chance: dealt from `seed` (a random seed when
    /// None; the same seed gives the same deal on every machine). Explicit
    /// chance: the state starts at the first chance node and `seed` is not
    /// used.
    #[pyo3(signature = (seed = None))]
    fn new_initial_state(&self, seed: Option<u64>) -> PyResult<PyState> {
        PyState::fresh(self.cfg, seed)
    }

    /// Distinct action ids (OpenSpiel's `num_distinct_actions`).
    fn num_distinct_actions(&self) -> usize {
        self.cfg.id.num_actions()
    }

    /// Distinct chance outcomes: the cards of the pack by codec index.
    fn max_chance_outcomes(&self) -> usize {
        if self.cfg.explicit { deal::max_chance_outcomes(self.cfg.id) } else { 0 }
    }

    /// The observation tensor's shape: `(OBSERVATION_LEN,)`.
    fn observation_tensor_shape(&self) -> (usize,) {
        (self.cfg.id.observation_len(),)
    }

    /// The observation tensor's length.
    fn observation_tensor_size(&self) -> usize {
        self.cfg.id.observation_len()
    }

    /// Seats that act in a deal: Skat 3, Spitzer 4, Spidge 3.
    fn num_players(&self) -> usize {
        self.cfg.id.seats()
    }

    /// The lowest score of one seat in one deal.
    fn min_utility(&self) -> f64 {
        self.cfg.rules.utility_bounds().0
    }

    /// The highest score of one seat in one deal.
    fn max_utility(&self) -> f64 {
        self.cfg.rules.utility_bounds().1
    }

    /// The most actions a deal can take (chance nodes not counted).
    fn max_game_length(&self) -> usize {
        match self.cfg.id {
            // 63 bids each held, three passes, the skat, a discard, a
            // declaration, Kontra and Re, 30 cards; a Schieberamsch adds
            // three packet moves.
            GameId::Skat => 63 * 2 + 3 + 3 + 2 + 30 + 6,
            GameId::Spitzer => 4 + 32,
            GameId::Spidge => 52,
        }
    }

    /// The action with id `action` as text ("CJ", "18", "G", "Pass", ...).
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        decode(self.cfg.id, action).map(|a| a.to_string())
    }

    /// The id of the action `text` names (as `action_to_string` writes it).
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        self.cfg.id.parse_action(text.trim()).map(AnyAction::encode).map_err(|e| TrumpfError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        let rules = match self.cfg.rules {
            Rules::Skat(r) => {
                crate::rules::SKAT_PRESETS.iter().find(|(_, p)| *p == r).map_or("custom", |(n, _)| n).to_owned()
            }
            _ => "default".to_owned(),
        };
        format!("trumpf.Game({:?}, rules={rules:?}, chance={:?})", self.cfg.id.name(), self.chance())
    }
}

pub fn decode(id: GameId, action: usize) -> PyResult<AnyAction> {
    id.decode(action).ok_or_else(|| {
        IllegalActionError::new_err(format!("no {id} action has id {action} (ids are 0..{})", id.num_actions()))
    })
}

/// Where a state stands.
// Almost every state is `Playing`; boxing it would cost an allocation per
// clone, and search clones states all the time.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Stage {
    /// Explicit chance: these cards are dealt so far, in order.
    Dealing(Vec<Card>),
    /// The deal is dealt.
    Playing {
        /// The state as dealt.
        start: AnyGame,
        /// The state now.
        now: AnyGame,
        /// Every action so far with its seat.
        actions: Vec<(Seat, AnyAction)>,
    },
}

/// One deal in progress: OpenSpiel's `State`.
///
/// Players are seats in play order (Skat 0 forehand, 1 middlehand, 2
/// rearhand; Spitzer 0..3, the dealer 3; Spidge 0 L, 1 R, 2 the dealer, who
/// also plays the dummy). Actions are the codec's ids (`docs/encoding.md`).
#[pyclass(module = "trumpf._trumpf", name = "State")]
#[derive(Clone, Debug)]
pub struct PyState {
    pub cfg: Config,
    pub stage: Stage,
    /// Explicit chance: the cards in the order they were dealt.
    pub chance: Vec<Card>,
}

impl PyState {
    pub fn fresh(cfg: Config, seed: Option<u64>) -> PyResult<PyState> {
        if cfg.explicit {
            return Ok(PyState { cfg, stage: Stage::Dealing(Vec::new()), chance: Vec::new() });
        }
        let start = deal::seeded(cfg.rules, seed.unwrap_or_else(deal::fresh_seed)).map_err(TrumpfError::new_err)?;
        Ok(PyState::dealt(cfg, start))
    }

    /// A state at the start of `start`.
    pub fn dealt(cfg: Config, start: AnyGame) -> PyState {
        PyState { cfg, stage: Stage::Playing { start, now: start, actions: Vec::new() }, chance: Vec::new() }
    }

    pub fn now(&self) -> Option<&AnyGame> {
        match &self.stage {
            Stage::Playing { now, .. } => Some(now),
            Stage::Dealing(_) => None,
        }
    }

    fn seat(&self, player: Option<i64>) -> PyResult<Seat> {
        let seats = self.cfg.id.seats();
        let player = match player {
            Some(p) => p,
            None => match self.now().and_then(Game::to_act) {
                Some(seat) => seat.index() as i64,
                None => return Err(TrumpfError::new_err("no player is to act: name the player")),
            },
        };
        usize::try_from(player)
            .ok()
            .and_then(|p| (p < seats).then(|| Seat::new(p)).flatten())
            .ok_or_else(|| TrumpfError::new_err(format!("player {player}: {} has players 0..{seats}", self.cfg.id)))
    }

    /// The cards dealt so far at explicit chance nodes, by part.
    fn dealt_parts(&self, cards: &[Card]) -> Vec<CardSet> {
        let sizes = deal::parts(self.cfg.rules);
        let mut parts = vec![CardSet::EMPTY; sizes.len()];
        let mut part = 0;
        let mut left = sizes[0];
        for &card in cards {
            while left == 0 {
                part += 1;
                left = sizes[part];
            }
            parts[part].insert(card);
            left -= 1;
        }
        parts
    }

    /// Which dealt part a seat holds (Spidge: L, R, Dealer are parts 0, 2, 3).
    fn part_of(&self, seat: Seat) -> usize {
        match self.cfg.id {
            GameId::Spidge => [0, 2, 3][seat.index().min(2)],
            _ => seat.index(),
        }
    }

    pub fn view_of(&self, seat: Seat) -> Option<AnyView> {
        self.now().map(|g| g.view(seat))
    }

    /// Applies the action with this id, checked.
    pub fn apply(&mut self, action: usize) -> PyResult<()> {
        let id = self.cfg.id;
        match &mut self.stage {
            Stage::Dealing(cards) => {
                let card =
                    deal::chance_card(id, action).filter(|&c| deal::pack(self.cfg.rules).contains(c)).ok_or_else(
                        || IllegalActionError::new_err(format!("chance outcome {action} deals no card of this pack")),
                    )?;
                if cards.contains(&card) {
                    return Err(IllegalActionError::new_err(format!("{card} is dealt already")));
                }
                cards.push(card);
                if cards.len() == deal::pack(self.cfg.rules).len() {
                    let cards = std::mem::take(cards);
                    let parts = self.dealt_parts(&cards);
                    let start = deal::from_parts(self.cfg.rules, &parts).map_err(TrumpfError::new_err)?;
                    self.chance = cards;
                    self.stage = Stage::Playing { start, now: start, actions: Vec::new() };
                }
                Ok(())
            }
            Stage::Playing { now, actions, .. } => {
                let a = decode(id, action)?;
                let seat = now.to_act().ok_or_else(|| IllegalActionError::new_err("the deal is over"))?;
                if now.is_legal(a) {
                    now.apply_unchecked(a);
                } else {
                    // The engine's checked path names the reason.
                    now.try_apply(seat, a)
                        .map_err(|e| IllegalActionError::new_err(format!("{a} (id {action}): {e}")))?;
                }
                actions.push((seat, a));
                Ok(())
            }
        }
    }

    /// The legal action ids (chance outcomes at a chance node), ascending.
    pub fn legal_ids(&self, out: &mut Vec<usize>) {
        out.clear();
        match &self.stage {
            Stage::Dealing(cards) => {
                let dealt: CardSet = cards.iter().copied().collect();
                let mut ids: Vec<usize> =
                    (deal::pack(self.cfg.rules) - dealt).iter().map(|c| deal::chance_id(self.cfg.id, c)).collect();
                ids.sort_unstable();
                out.extend(ids);
            }
            Stage::Playing { now, .. } => legal_ids_of(now, out),
        }
    }
}

#[pymethods]
impl PyState {
    /// The game of this state.
    fn get_game(&self) -> PyGameInfo {
        PyGameInfo { cfg: self.cfg }
    }

    /// The seat to act; -1 (`trumpf.CHANCE`) at a chance node, -4
    /// (`trumpf.TERMINAL`) once the deal is over.
    fn current_player(&self) -> i64 {
        match &self.stage {
            Stage::Dealing(_) => CHANCE,
            Stage::Playing { now, .. } => now.to_act().map_or(TERMINAL, |s| s.index() as i64),
        }
    }

    /// Whether the next action is a chance outcome (explicit chance only).
    fn is_chance_node(&self) -> bool {
        matches!(self.stage, Stage::Dealing(_))
    }

    /// Whether the deal is over.
    fn is_terminal(&self) -> bool {
        self.now().is_some_and(Game::is_over)
    }

    /// The chance outcomes with their probabilities (the cards still to be
    /// dealt, each equally likely); empty when not a chance node.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        if !self.is_chance_node() {
            return Vec::new();
        }
        let mut ids = Vec::new();
        self.legal_ids(&mut ids);
        let p = 1.0 / ids.len().max(1) as f64;
        ids.into_iter().map(|id| (id, p)).collect()
    }

    /// The legal action ids of the seat to act, ascending (the chance
    /// outcomes at a chance node). `player`, if given, must be the seat to
    /// act, or the list is empty.
    #[pyo3(signature = (player = None))]
    fn legal_actions<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyList>> {
        if player.is_some_and(|p| p != self.current_player()) {
            return Ok(PyList::empty(py));
        }
        let mut ids = Vec::with_capacity(64);
        self.legal_ids(&mut ids);
        id_list(py, &ids)
    }

    /// The legal-action mask: `num_distinct_actions` entries, 1 at the ids
    /// of the legal actions, else 0 (`max_chance_outcomes` entries at a
    /// chance node).
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> Vec<i32> {
        let n = if self.is_chance_node() { deal::max_chance_outcomes(self.cfg.id) } else { self.cfg.id.num_actions() };
        let mut mask = vec![0i32; n];
        if player.is_none_or(|p| p == self.current_player()) {
            let mut ids = Vec::with_capacity(64);
            self.legal_ids(&mut ids);
            for id in ids {
                mask[id] = 1;
            }
        }
        mask
    }

    /// Applies an action id (a chance outcome at a chance node).
    ///
    /// Raises `IllegalActionError` with the engine's reason for an id that
    /// is not legal now; the state is then unchanged.
    fn apply_action(&mut self, action: usize) -> PyResult<()> {
        self.apply(action)
    }

    /// The action as text: `action_to_string(action)` or OpenSpiel's
    /// `action_to_string(player, action)`. Chance outcomes are the card
    /// dealt ("Deal CJ").
    #[pyo3(signature = (a, b = None))]
    fn action_to_string(&self, a: i64, b: Option<i64>) -> PyResult<String> {
        let (player, action) = match b {
            Some(action) => (a, action),
            None => (self.current_player(), a),
        };
        let action =
            usize::try_from(action).map_err(|_| IllegalActionError::new_err(format!("no action has id {action}")))?;
        if player == CHANCE {
            let card = deal::chance_card(self.cfg.id, action)
                .ok_or_else(|| IllegalActionError::new_err(format!("chance outcome {action} deals no card")))?;
            return Ok(format!("Deal {card}"));
        }
        decode(self.cfg.id, action).map(|a| a.to_string())
    }

    /// The id of the action `text` names, as `action_to_string` writes it
    /// ("Deal CJ" or "CJ" at a chance node).
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        let text = text.trim();
        if self.is_chance_node() {
            let card: Card = text
                .strip_prefix("Deal ")
                .unwrap_or(text)
                .parse()
                .map_err(|e: trumpf_core::ParseCardError| TrumpfError::new_err(e.to_string()))?;
            return Ok(deal::chance_id(self.cfg.id, card));
        }
        self.cfg.id.parse_action(text).map(AnyAction::encode).map_err(|e| TrumpfError::new_err(e.to_string()))
    }

    /// Each seat's score of the deal (as `Game::scores` gives it: Skat list
    /// points, Spitzer and Spidge game points); all 0 until the deal is over.
    fn returns(&self) -> Vec<f64> {
        let seats = self.cfg.id.seats();
        match self.now().and_then(Game::scores) {
            Some(scores) => scores[..seats].iter().map(|&s| s as f64).collect(),
            None => vec![0.0; seats],
        }
    }

    /// Rewards of the last action: the returns when it ended the deal.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// A copy of this state.
    fn clone(&self) -> PyState {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyState {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        Clone::clone(self)
    }

    /// The observation of `player`'s view (default: the seat to act) as a
    /// list of `observation_tensor_size` floats (`docs/encoding.md`); all 0
    /// at a chance node.
    #[pyo3(signature = (player = None))]
    fn observation_tensor(&self, player: Option<i64>) -> PyResult<Vec<f32>> {
        let seat = self.seat(player)?;
        let mut out = vec![0.0; self.cfg.id.observation_len()];
        if let Some(view) = self.view_of(seat) {
            view.observe(&mut out);
        }
        Ok(out)
    }

    /// Writes the observation into a writable float32 buffer (a numpy
    /// array) of `observation_tensor_size` entries, without allocating.
    #[pyo3(signature = (out, player = None))]
    fn write_observation(&self, py: Python<'_>, out: &Bound<'_, PyAny>, player: Option<i64>) -> PyResult<()> {
        let seat = self.seat(player)?;
        let buffer = pyo3::buffer::PyBuffer::<f32>::get(out)?;
        let mut obs = vec![0.0; self.cfg.id.observation_len()];
        if let Some(view) = self.view_of(seat) {
            view.observe(&mut obs);
        }
        buffer.copy_from_slice(py, &obs)
    }

    /// Everything `player` (default: the seat to act) knows, as one line
    /// of text: equal for equal views (`docs/encoding.md`).
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        let seat = self.seat(player)?;
        Ok(match &self.stage {
            Stage::Dealing(cards) => {
                let parts = self.dealt_parts(cards);
                format!("{} seat={} dealing hand={}", self.cfg.id, seat.index(), parts[self.part_of(seat)].dotted())
            }
            Stage::Playing { now, .. } => now.view(seat).information_state(),
        })
    }

    /// The observation of what everybody sees (a spectator's view: the
    /// tricks, what was said, open hands; no seat's hand) written into a
    /// float32 buffer; all 0 at a chance node.
    fn write_public_observation(&self, py: Python<'_>, out: &Bound<'_, PyAny>) -> PyResult<()> {
        let buffer = pyo3::buffer::PyBuffer::<f32>::get(out)?;
        let mut obs = vec![0.0; self.cfg.id.observation_len()];
        if let Some(now) = self.now() {
            now.spectator_view().observe(&mut obs);
        }
        buffer.copy_from_slice(py, &obs)
    }

    /// What everybody knows (a spectator's view) as one line of text.
    fn public_information_state_string(&self) -> String {
        match &self.stage {
            Stage::Dealing(cards) => format!("{} dealing cards={}", self.cfg.id, cards.len()),
            Stage::Playing { now, .. } => now.spectator_view().information_state(),
        }
    }

    /// The same as `information_state_string` (views have perfect recall).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.information_state_string(player)
    }

    /// What `player` may know, as a dict (the engine's view through serde:
    /// cards as "CJ", card sets as lists). None at a chance node.
    #[pyo3(signature = (player = None))]
    fn view<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(player)?;
        let Some(view) = self.view_of(seat) else { return Ok(py.None().into_bound(py)) };
        let text = match &view {
            AnyView::Skat(v) => serde_json::to_string(v),
            AnyView::Spitzer(v) => serde_json::to_string(v),
            AnyView::Spidge(v) => serde_json::to_string(v),
        }
        .map_err(|e| TrumpfError::new_err(e.to_string()))?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// Every action id so far, chance outcomes first (explicit chance).
    fn history(&self) -> Vec<usize> {
        let id = self.cfg.id;
        match &self.stage {
            Stage::Dealing(cards) => cards.iter().map(|&c| deal::chance_id(id, c)).collect(),
            Stage::Playing { actions, .. } => self
                .chance
                .iter()
                .map(|&c| deal::chance_id(id, c))
                .chain(actions.iter().map(|(_, a)| a.encode()))
                .collect(),
        }
    }

    /// The actions so far as `(player, action id)` pairs, chance outcomes
    /// with player -1.
    fn full_history(&self) -> Vec<(i64, usize)> {
        let id = self.cfg.id;
        let chance = match &self.stage {
            Stage::Dealing(cards) => cards.as_slice(),
            Stage::Playing { .. } => self.chance.as_slice(),
        };
        let mut out: Vec<(i64, usize)> = chance.iter().map(|&c| (CHANCE, deal::chance_id(id, c))).collect();
        if let Stage::Playing { actions, .. } = &self.stage {
            out.extend(actions.iter().map(|&(s, a)| (s.index() as i64, a.encode())));
        }
        out
    }

    /// Actions taken so far (chance outcomes included).
    fn move_number(&self) -> usize {
        self.history().len()
    }

    /// The deal's trumpf record (`docs/records.md`): a match of this one
    /// deal with member i in seat i, the deal in progress if unfinished.
    fn to_record(&self) -> PyResult<String> {
        match &self.stage {
            Stage::Dealing(_) => Err(TrumpfError::new_err("the deal is not dealt yet")),
            Stage::Playing { start, actions, .. } => {
                deal::record(self.cfg.rules, start, actions).map_err(TrumpfError::new_err)
            }
        }
    }

    /// The cards as dealt, by part: Skat [forehand, middlehand, rearhand,
    /// skat]; Spitzer the four seats; Spidge [L, Dummy, R, Dealer]; each a
    /// list of card names. None before the deal is dealt.
    fn deal(&self) -> Option<Vec<Vec<String>>> {
        match &self.stage {
            Stage::Dealing(_) => None,
            Stage::Playing { start, .. } => {
                Some(deal::parts_of(start).iter().map(|p| p.iter().map(|c| c.to_string()).collect()).collect())
            }
        }
    }

    /// A state `player` cannot tell from this one: the cards it has not
    /// seen dealt again, consistently with everything its view shows, and
    /// the same actions replayed (hidden ones, such as another seat's
    /// discard, chosen again). Uses the world sampler of trumpf-ai in trick
    /// play.
    #[pyo3(signature = (player, seed = None))]
    fn resample_from_infostate(&self, player: i64, seed: Option<u64>) -> PyResult<PyState> {
        let seat = self.seat(Some(player))?;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed.unwrap_or_else(deal::fresh_seed));
        crate::resample::resample(self, seat, &mut rng).map_err(TrumpfError::new_err)
    }

    fn __str__(&self) -> String {
        match &self.stage {
            Stage::Dealing(cards) => format!("{} dealing: {} cards dealt", self.cfg.id, cards.len()),
            Stage::Playing { start, actions, .. } => {
                let parts: Vec<String> = deal::parts_of(start).iter().map(|p| p.dotted()).collect();
                let moves: Vec<String> = actions.iter().map(|(s, a)| format!("{}:{a}", s.index())).collect();
                format!("{} deal {} actions {}", self.cfg.id, parts.join("/"), moves.join(" "))
            }
        }
    }

    fn __repr__(&self) -> String {
        let where_ = match &self.stage {
            Stage::Dealing(cards) => format!("dealing, {} cards dealt", cards.len()),
            Stage::Playing { now, actions, .. } => match now.to_act() {
                Some(seat) => format!("{} actions, player {} to act", actions.len(), seat.index()),
                None => format!("over after {} actions, returns {:?}", actions.len(), self.returns()),
            },
        };
        format!("<trumpf.State {}: {where_}>", self.cfg.id)
    }
}

/// The legal action ids of `game`, ascending, appended to `out`.
pub fn legal_ids_of(game: &AnyGame, out: &mut Vec<usize>) {
    match game {
        AnyGame::Skat(g) => {
            let mut legal = Vec::with_capacity(64);
            g.legal_actions(&mut legal);
            out.extend(legal.into_iter().map(trumpf_core::skat::SkatGame::encode));
        }
        AnyGame::Spitzer(g) => {
            let mut legal = Vec::with_capacity(16);
            g.legal_actions(&mut legal);
            out.extend(legal.into_iter().map(trumpf_core::spitzer::SpitzerGame::encode));
        }
        AnyGame::Spidge(g) => {
            out.extend(
                g.legal_cards()
                    .iter()
                    .map(|c| trumpf_core::spidge::SpidgeGame::encode(trumpf_core::spidge::SpidgeAction::Play(c))),
            );
        }
    }
}

/// Python ints for every action id, made once: a list of legal actions is
/// then references to them.
fn ints(py: Python<'_>) -> &Vec<Py<PyInt>> {
    static INTS: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();
    INTS.get_or_init(py, || (0..1024usize).map(|i| PyInt::new(py, i).unbind()).collect())
}

/// `ids` as a Python list.
pub fn id_list<'py>(py: Python<'py>, ids: &[usize]) -> PyResult<Bound<'py, PyList>> {
    let ints = ints(py);
    PyList::new(py, ids.iter().map(|&i| ints[i].bind(py)))
}
