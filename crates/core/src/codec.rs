//! The canonical encoding of every game for programs: dense action ids
//! with a legal-action mask, a fixed-shape observation of a seat's view,
//! and an information-state string (`docs/encoding.md` documents every
//! layout).
//!
//! Action ids follow the actions' own order, so a game's legal actions,
//! which it lists ascending, have ascending ids (as OpenSpiel expects of
//! `LegalActions`). The observation is a function of the view alone: two
//! seats or states with equal views get equal observations and strings.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Game;

/// Dense action ids and a fixed-shape observation for a game.
pub trait Codec: Game {
    /// Every action's id is below this.
    const NUM_ACTIONS: usize;
    /// The length of [`Codec::observe`]'s vector.
    const OBSERVATION_LEN: usize;

    /// The action's id, below [`Codec::NUM_ACTIONS`].
    fn encode(action: Self::Action) -> usize;

    /// The action with this id (`None` for an id no action has).
    fn decode(id: usize) -> Option<Self::Action>;

    /// Writes the observation of `view` into `out`, whose length must be
    /// [`Codec::OBSERVATION_LEN`]; every entry is written (mostly 0.0 / 1.0,
    /// a few counts scaled into 0..=1).
    ///
    /// # Panics
    /// If `out` has another length.
    fn observe(view: &Self::View, out: &mut [f32]);

    /// A text that names everything `view` tells its seat: equal for equal
    /// views, different for different ones.
    fn information_state(view: &Self::View) -> String;

    /// The observation of `view` as a new vector.
    fn observation(view: &Self::View) -> Vec<f32> {
        let mut out = vec![0.0; Self::OBSERVATION_LEN];
        Self::observe(view, &mut out);
        out
    }

    /// The legal-action mask of the seat to act: `mask[id]` is true exactly
    /// for the ids of its legal actions. `mask` is resized to
    /// [`Codec::NUM_ACTIONS`].
    fn legal_mask(&self, mask: &mut Vec<bool>) {
        let mut actions = Vec::new();
        self.legal_actions(&mut actions);
        mask_of::<Self>(&actions, mask);
    }
}

/// The mask of `actions` (see [`Codec::legal_mask`]).
pub fn mask_of<G: Codec>(actions: &[G::Action], mask: &mut Vec<bool>) {
    mask.clear();
    mask.resize(G::NUM_ACTIONS, false);
    for &action in actions {
        mask[G::encode(action)] = true;
    }
}

/// The position of `card` in `pack` counted in the pack's order (the
/// dense card index of a game); `pack` must hold `card`.
#[inline]
pub(crate) fn dense(card: Card, pack: CardSet) -> usize {
    (pack & CardSet::from_bits_truncate((1u64 << card.index()) - 1)).len()
}

/// The card at dense index `i` of `pack`.
#[inline]
pub(crate) fn undense(i: usize, pack: CardSet) -> Option<Card> {
    pack.nth(i)
}

/// Writes an observation vector field by field.
pub(crate) struct Obs<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Obs<'a> {
    pub fn new(out: &'a mut [f32]) -> Obs<'a> {
        out.fill(0.0);
        Obs { out, at: 0 }
    }

    /// One flag.
    pub fn flag(&mut self, on: bool) {
        self.out[self.at] = f32::from(u8::from(on));
        self.at += 1;
    }

    /// One value scaled by `scale` (so that it lies in 0..=1).
    pub fn scaled(&mut self, value: f32, scale: f32) {
        self.out[self.at] = value / scale;
        self.at += 1;
    }

    /// `n` entries, entry `k` set.
    pub fn one_hot(&mut self, k: Option<usize>, n: usize) {
        if let Some(k) = k.filter(|&k| k < n) {
            self.out[self.at + k] = 1.0;
        }
        self.at += n;
    }

    /// One entry per card of `pack`, set for the cards of `cards`.
    pub fn cards(&mut self, cards: CardSet, pack: CardSet) {
        for card in cards & pack {
            self.out[self.at + dense(card, pack)] = 1.0;
        }
        self.at += pack.len();
    }

    /// Checks that exactly the whole vector was written.
    pub fn finish(self) {
        assert_eq!(self.at, self.out.len(), "the observation's layout and its length disagree");
    }
}
