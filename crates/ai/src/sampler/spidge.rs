//! Spidge worlds: the hidden hands dealt, the tricks replayed, kept only
//! when their view equals the given one.

use rand::Rng;
use trumpf_core::spidge::JokerSuit;
use trumpf_core::spidge::{
    Hand, SpidgeAction, SpidgeDeal, SpidgeGame, SpidgeView, follow_mask, legal_leads, trumps_broken,
};
use trumpf_core::{CardSet, Game};

use super::deal::Deck;
use super::{MAX_DRAWS, SampleError, Sampled, Worlds};

/// The worlds of one Spidge view.
#[derive(Clone, Debug)]
pub struct SpidgeWorlds {
    view: SpidgeView,
    deck: Deck,
    holders: Vec<Hand>,
    fixed: [CardSet; 4],
}

/// The cards `hand` has shown it does not hold: the follow mask of every
/// trick it did not follow (a wild joker shows nothing), and every card
/// but the trumps once it led a trump that only a hand of trumps may lead
/// (§4.3: before trumps are broken, or never, as the rules say).
pub(crate) fn spidge_voids(view: &SpidgeView, hand: Hand) -> CardSet {
    let wild = view.rules.joker_suit == JokerSuit::Wild;
    let pack = view.rules.pack();
    let mut void = CardSet::EMPTY;
    let mut played = CardSet::EMPTY;
    for (leader, pos, card, before) in view.history.plays_in_trick() {
        if pos == 0 && leader == hand {
            let open = legal_leads(&view.rules, pack, trumps_broken(&view.rules, played));
            if !open.contains(card) {
                void |= pack - view.rules.trumps();
            }
        } else if pos > 0 && leader.offset(pos) == hand {
            let mask = follow_mask(&view.rules, before);
            let shows_nothing = mask.is_empty() || mask.contains(card) || (wild && card.is_joker());
            if !shows_nothing {
                void |= mask;
            }
        }
        played.insert(card);
    }
    void
}

impl SpidgeWorlds {
    /// Prepares the worlds of `view`.
    ///
    /// # Errors
    /// Once the deal is over, or if no deal fits.
    pub fn new(view: &SpidgeView) -> Result<SpidgeWorlds, SampleError> {
        if view.result.is_some() {
            return Err(SampleError::Phase("the deal is over"));
        }
        let pack = view.rules.pack();
        let mut played_by = [CardSet::EMPTY; 4];
        for (leader, pos, card) in view.history.plays() {
            played_by[leader.offset(pos).index()].insert(card);
        }
        let mut fixed = [CardSet::EMPTY; 4];
        fixed[Hand::Dummy.index()] = view.dummy;
        if let Some(role) = view.role {
            fixed[role.index()] = view.own_hand;
        }
        let known = fixed.iter().fold(view.played, |a, &b| a | b);
        let (mut holders, mut sizes, mut masks) = (Vec::new(), Vec::new(), Vec::new());
        for hand in Hand::ALL {
            let holds = 13 - played_by[hand.index()].len();
            if fixed[hand.index()].len() == holds {
                continue;
            }
            holders.push(hand);
            sizes.push(holds - fixed[hand.index()].len());
            masks.push(pack - spidge_voids(view, hand));
        }
        let deck = Deck::new(pack - known, &sizes, &masks)?;
        Ok(SpidgeWorlds { view: view.clone(), deck, holders, fixed })
    }

    fn build(&self, parts: &[CardSet]) -> Option<SpidgeGame> {
        let v = &self.view;
        let mut hands = self.fixed;
        for (hand, &cards) in self.holders.iter().zip(parts) {
            hands[hand.index()] |= cards;
        }
        for (leader, pos, card) in v.history.plays() {
            hands[leader.offset(pos).index()].insert(card);
        }
        let mut game = SpidgeGame::new(SpidgeDeal::new(hands).ok()?, v.rules);
        for (leader, pos, card) in v.history.plays() {
            game.try_apply(leader.offset(pos).seat(), SpidgeAction::Play(card)).ok()?;
        }
        let view = if v.spectator { game.spectator_view() } else { game.view(v.seat) };
        (view == *v).then_some(game)
    }
}

impl Worlds<SpidgeGame> for SpidgeWorlds {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<SpidgeGame, SampleError> {
        for _ in 0..MAX_DRAWS {
            let hands = self.deck.sample(rng);
            if let Some(world) = self.build(&hands[..self.holders.len()]) {
                return Ok(world);
            }
        }
        Err(SampleError::NoFit)
    }

    fn deals(&self) -> f64 {
        self.deck.deals()
    }
}

impl Sampled for SpidgeGame {
    type Worlds = SpidgeWorlds;

    fn worlds(view: &SpidgeView) -> Result<SpidgeWorlds, SampleError> {
        SpidgeWorlds::new(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::Seat;
    use trumpf_core::shuffle::{deal_rng, uniform_below};
    use trumpf_core::spidge::{SpidgeRules, TrumpLead};

    #[test]
    fn every_world_has_the_view_it_was_drawn_for() {
        let mut checked = 0;
        let d = SpidgeRules::default();
        let variants = [
            d,
            SpidgeRules { joker_suit: JokerSuit::Wild, ..d },
            SpidgeRules { trump_lead: TrumpLead::NeverUnlessOnlyTrumps, ..d },
            SpidgeRules { trump_lead: TrumpLead::Free, ..d },
        ];
        // Rare constraints need many deals: without the voids of a hand
        // that led a trump before trumps were broken (only a hand of
        // trumps may), some of these views find no world in the draws.
        for seed in 0..800u64 {
            for jokers in [true, false] {
                let rules = SpidgeRules { jokers, ..variants[seed as usize % variants.len()] };
                let mut game = SpidgeGame::new(SpidgeDeal::from_seed_with_pack(seed, jokers), rules);
                let mut rng = deal_rng(seed);
                let steps = uniform_below(&mut rng, 50) as usize;
                for _ in 0..steps {
                    let Some(action) = game.random_action(&mut rng) else { break };
                    game.apply_unchecked(action);
                }
                if game.is_over() {
                    continue;
                }
                for seat in Seat::all(3) {
                    let view = game.view(seat);
                    let worlds = SpidgeWorlds::new(&view).unwrap();
                    for _ in 0..3 {
                        let world = worlds.sample(&mut rng).unwrap();
                        assert_eq!(world.view(seat), view, "seed {seed}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 8000, "{checked}");
    }
}
