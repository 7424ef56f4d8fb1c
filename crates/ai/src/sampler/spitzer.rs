//! Spitzer worlds: whole states rebuilt from a seat's view, the
//! announcement phase replayed, kept only when their view equals the given one.

use rand::Rng;
use trumpf_core::spitzer::{
    Announcement, BLACK_QUEENS, SpitzerAction, SpitzerDeal, SpitzerGame, SpitzerPhase, SpitzerView, TRUMPS, fail_suit,
    follow_mask, is_trump,
};
use trumpf_core::{CardSet, Game, Seat};

use super::deal::Deck;
use super::{MAX_DRAWS, SampleError, Sampled, Worlds};

/// The worlds of one Spitzer view in trick play.
#[derive(Clone, Debug)]
pub struct SpitzerWorlds {
    view: SpitzerView,
    deck: Deck,
    holders: Vec<Seat>,
    fixed: [CardSet; 4],
}

/// The cards `seat` has shown it does not hold: the led effective suit of
/// every lead it did not follow, and under must-trump all trumps when it
/// threw a fail card on a fail lead it could not follow.
pub(crate) fn spitzer_voids(view: &SpitzerView, seat: Seat) -> CardSet {
    let mut void = CardSet::EMPTY;
    for (leader, pos, card, before) in view.history.plays_in_trick() {
        if pos > 0 && leader.offset(pos, 4) == seat {
            let suit = follow_mask(before[0]);
            if !suit.contains(card) {
                void |= suit;
                if view.rules.must_trump && !is_trump(before[0]) && !is_trump(card) {
                    void |= TRUMPS;
                }
            }
        }
    }
    void
}

impl SpitzerWorlds {
    /// Prepares the worlds of `view`.
    ///
    /// # Errors
    /// Outside trick play, or if no deal fits.
    pub fn new(view: &SpitzerView) -> Result<SpitzerWorlds, SampleError> {
        if view.phase != SpitzerPhase::Playing {
            return Err(SampleError::Phase("worlds start at trick play"));
        }
        let mut played_by = [CardSet::EMPTY; 4];
        for (leader, pos, card) in view.history.plays() {
            played_by[leader.offset(pos, 4).index()].insert(card);
        }
        let mut fixed = [CardSet::EMPTY; 4];
        let mut allowed = [CardSet::PIQUET_PACK; 4];
        if !view.spectator {
            fixed[view.seat.index()] = view.hand;
        }
        for seat in Seat::all(4) {
            allowed[seat.index()] = allowed[seat.index()] - spitzer_voids(view, seat);
        }
        // What the announcement says about the caller's hand (§4.3).
        if let Some((caller, a)) = view.announcement {
            let c = caller.index();
            if matches!(a, Announcement::CallAce(_) | Announcement::CallAceVoid(_) | Announcement::CallFirstTrick) {
                // Both black queens: the unplayed ones are still his.
                fixed[c] |= BLACK_QUEENS - view.played;
            }
            match a {
                Announcement::CallAce(_) => {
                    if let Some(ace) = a.called_ace() {
                        allowed[c] = allowed[c].without(ace);
                    }
                }
                Announcement::CallAceVoid(suit) => allowed[c] = allowed[c] - fail_suit(suit),
                _ => {}
            }
        }
        let known = fixed.iter().fold(view.played, |a, &b| a | b);
        let unseen = CardSet::PIQUET_PACK - known;
        let (mut holders, mut sizes, mut masks) = (Vec::new(), Vec::new(), Vec::new());
        for seat in Seat::all(4) {
            let s = seat.index();
            let holds = 8 - played_by[s].len();
            if fixed[s].len() >= holds {
                continue;
            }
            holders.push(seat);
            sizes.push(holds - fixed[s].len());
            masks.push(allowed[s]);
        }
        let deck = Deck::new(unseen, &sizes, &masks)?;
        Ok(SpitzerWorlds { view: view.clone(), deck, holders, fixed })
    }

    fn build(&self, parts: &[CardSet]) -> Option<SpitzerGame> {
        let v = &self.view;
        let mut hands = self.fixed;
        for (seat, &cards) in self.holders.iter().zip(parts) {
            hands[seat.index()] |= cards;
        }
        for (leader, pos, card) in v.history.plays() {
            hands[leader.offset(pos, 4).index()].insert(card);
        }
        let mut game = SpitzerGame::new(SpitzerDeal::new(hands).ok()?, v.rules).ok()?;
        for seat in Seat::all(4).take(usize::from(v.passes)) {
            game.try_apply(seat, SpitzerAction::Pass).ok()?;
        }
        if let Some((seat, a)) = v.announcement {
            game.try_apply(seat, SpitzerAction::Announce(a)).ok()?;
        }
        for (leader, pos, card) in v.history.plays() {
            game.try_apply(leader.offset(pos, 4), SpitzerAction::Play(card)).ok()?;
        }
        let view = if v.spectator { game.spectator_view() } else { game.view(v.seat) };
        (view == *v).then_some(game)
    }
}

impl Worlds<SpitzerGame> for SpitzerWorlds {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<SpitzerGame, SampleError> {
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

impl Sampled for SpitzerGame {
    type Worlds = SpitzerWorlds;

    fn worlds(view: &SpitzerView) -> Result<SpitzerWorlds, SampleError> {
        SpitzerWorlds::new(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::shuffle::{deal_rng, uniform_below};

    #[test]
    fn every_world_has_the_view_it_was_drawn_for() {
        let mut checked = 0;
        for seed in 0..80u64 {
            let mut game = SpitzerGame::from_seed(seed);
            let mut rng = deal_rng(seed);
            let mut buf = Vec::new();
            let steps = 1 + uniform_below(&mut rng, 30) as usize;
            for _ in 0..steps {
                let Some(seat) = game.to_act() else { break };
                game.legal_actions(&mut buf);
                // Pass half the time, so hidden partnerships come up.
                let action = if uniform_below(&mut rng, 2) == 0 {
                    buf[0]
                } else {
                    buf[uniform_below(&mut rng, buf.len() as u32) as usize]
                };
                game.try_apply(seat, action).unwrap();
            }
            if game.phase() != SpitzerPhase::Playing {
                continue;
            }
            for seat in Seat::all(4) {
                let view = game.view(seat);
                let worlds = SpitzerWorlds::new(&view).unwrap();
                for _ in 0..4 {
                    let world = worlds.sample(&mut rng).unwrap();
                    assert_eq!(world.view(seat), view, "seed {seed}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }
}
