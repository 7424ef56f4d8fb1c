//! Skat worlds: trick-play positions rebuilt from a seat's view.

use rand::Rng;
use trumpf_core::skat::{SkatAction, SkatDeal, SkatGame, SkatPhase, SkatRules, SkatView};
use trumpf_core::{CardSet, Game, Seat};

use super::deal::Deck;
use super::{MAX_DRAWS, SampleError, Sampled, Worlds};

/// The worlds of one Skat view in trick play (or the Kontra window).
#[derive(Clone, Debug)]
pub struct SkatWorlds {
    view: SkatView,
    deck: Deck,
    /// Who each dealt part goes to: a seat, or `None` for the skat.
    holders: Vec<Option<Seat>>,
    /// What each seat holds for certain now (the viewer's hand, an open hand).
    fixed: [CardSet; 3],
    /// The skat, when the viewer knows it.
    fixed_skat: Option<CardSet>,
}

/// The cards `seat` has shown it does not hold: for every lead it did not
/// follow, the led card's effective suit under the game in play.
pub(crate) fn skat_voids(view: &SkatView, seat: Seat) -> CardSet {
    let kind = view.play_kind();
    let mut void = CardSet::EMPTY;
    for (leader, pos, card, before) in view.history.plays_in_trick() {
        if pos > 0 && leader.offset(pos, 3) == seat {
            let suit = kind.follow_mask(before[0]);
            if !suit.contains(card) {
                void |= suit;
            }
        }
    }
    void
}

impl SkatWorlds {
    /// Prepares the worlds of `view`.
    ///
    /// # Errors
    /// Outside trick play of a declared game, or if no deal fits.
    pub fn new(view: &SkatView) -> Result<SkatWorlds, SampleError> {
        if view.ramsch {
            return Err(SampleError::Phase("a Ramsch has no declarer to solve for"));
        }
        if !matches!(view.phase, SkatPhase::Playing | SkatPhase::KontraWindow) || view.contract.is_none() {
            return Err(SampleError::Phase("worlds start at trick play"));
        }
        let declarer = view.declarer.ok_or(SampleError::Phase("no declarer yet"))?;
        let mut played_by = [CardSet::EMPTY; 3];
        for (leader, pos, card) in view.history.plays() {
            played_by[leader.offset(pos, 3).index()].insert(card);
        }
        let mut fixed = [CardSet::EMPTY; 3];
        if !view.spectator {
            fixed[view.seat.index()] = view.hand;
        }
        if let Some(open) = view.ouvert_hand {
            fixed[declarer.index()] = open;
        }
        // The Spitze card lies open in the declarer's hand (pub extras §2.4).
        if let Some(card) = view.spitze.filter(|&c| !view.played.contains(c)) {
            fixed[declarer.index()].insert(card);
        }
        // The declarer who picked up knows his discards, the skat.
        let fixed_skat = (!view.spectator && view.seat == declarer && view.picked_up).then_some(view.skat);
        let known = fixed.iter().fold(view.played, |a, &b| a | b) | fixed_skat.unwrap_or_default();
        let unseen = CardSet::PIQUET_PACK - known;
        let mut holders = Vec::new();
        let mut sizes = Vec::new();
        let mut allowed = Vec::new();
        for seat in Seat::all(3) {
            let s = seat.index();
            let holds = 10 - played_by[s].len();
            if fixed[s].len() == holds {
                continue;
            }
            holders.push(Some(seat));
            sizes.push(holds - fixed[s].len());
            allowed.push(CardSet::PIQUET_PACK - skat_voids(view, seat));
        }
        if fixed_skat.is_none() {
            holders.push(None);
            sizes.push(2);
            allowed.push(CardSet::PIQUET_PACK);
        }
        let deck = Deck::new(unseen, &sizes, &allowed)?;
        Ok(SkatWorlds { view: view.clone(), deck, holders, fixed, fixed_skat })
    }

    /// Builds the world of one deal of the unseen cards.
    fn build(&self, parts: &[CardSet]) -> Option<SkatGame> {
        let v = &self.view;
        let mut hands = self.fixed;
        let mut skat = self.fixed_skat.unwrap_or_default();
        for (holder, &cards) in self.holders.iter().zip(parts) {
            match holder {
                Some(seat) => hands[seat.index()] |= cards,
                None => skat |= cards,
            }
        }
        // As dealt: what each seat holds now and what it has played. The
        // declarer's ten are then his hand after the discard, and the skat
        // his discard (or, in a hand game, the untouched skat).
        for (leader, pos, card) in v.history.plays() {
            hands[leader.offset(pos, 3).index()].insert(card);
        }
        let deal = SkatDeal::new(hands, skat).ok()?;
        let mut game = start_of_play(v, deal)?;
        for (leader, pos, card) in v.history.plays() {
            game.try_apply(leader.offset(pos, 3), SkatAction::Play(card)).ok()?;
        }
        let fits = (v.spectator || game.hand(v.seat) == v.hand)
            && game.history() == &v.history
            && game.ouvert_hand() == v.ouvert_hand;
        fits.then_some(game)
    }
}

/// The game of `view` at its first lead, with the cards as `deal` gives
/// them (a world's deal): the declaration as the view shows it, without
/// the Kontra rules (the worlds play the cards only).
pub(crate) fn start_of_play(view: &SkatView, deal: SkatDeal) -> Option<SkatGame> {
    let rules = SkatRules { kontra: None, ..view.rules };
    SkatGame::with_declaration(deal, rules, view.declarer?, view.bid.max(18), view.contract?).ok()
}

impl Worlds<SkatGame> for SkatWorlds {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<SkatGame, SampleError> {
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

impl Sampled for SkatGame {
    type Worlds = SkatWorlds;

    fn worlds(view: &SkatView) -> Result<SkatWorlds, SampleError> {
        SkatWorlds::new(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::shuffle::{deal_rng, uniform_below};
    use trumpf_core::skat::{Contract, GameKind};

    #[test]
    fn every_world_fits_the_view_and_keeps_the_voids() {
        let mut checked = 0;
        for seed in 0..60u64 {
            let deal = SkatDeal::from_seed(seed);
            let kinds = [GameKind::Grand, GameKind::Null, GameKind::Suit(trumpf_core::Suit::Hearts)];
            let contract = Contract::pickup(kinds[seed as usize % 3]);
            let declarer = Seat::new(seed as usize % 3).unwrap();
            let mut game = SkatGame::with_declaration(deal, SkatRules::ISKO, declarer, 18, contract).unwrap();
            let mut rng = deal_rng(seed);
            let steps = uniform_below(&mut rng, 27) as usize;
            for _ in 0..steps {
                if game.is_over() {
                    break;
                }
                let legal = game.legal_cards();
                let card = legal.nth(uniform_below(&mut rng, legal.len() as u32) as usize).unwrap();
                game.apply_unchecked(SkatAction::Play(card));
            }
            if game.is_over() {
                continue;
            }
            for seat in Seat::all(3) {
                let view = game.view(seat);
                let worlds = SkatWorlds::new(&view).unwrap();
                for _ in 0..5 {
                    let world = worlds.sample(&mut rng).unwrap();
                    assert_eq!(world.hand(seat), view.hand);
                    assert_eq!(world.history(), &view.history);
                    assert_eq!(world.to_act(), game.to_act());
                    // The others' cards are the unseen ones, voids kept.
                    for other in Seat::all(3).filter(|&o| o != seat) {
                        assert!(!world.hand(other).intersects(skat_voids(&view, other)));
                        assert_eq!(world.hand(other).len(), game.hand(other).len());
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 500);
    }
}
