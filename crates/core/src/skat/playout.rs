//! Random playouts: the allocation-free random action of every phase, and
//! whole random deals (the engine's speed benchmark).

use rand::Rng;

use crate::cardset::CardSet;
use crate::game::Game;
use crate::shuffle::{random_card, uniform_below};
use crate::skat::action::SkatAction;
use crate::skat::contract::{Contract, GameKind};
use crate::skat::deal::SkatDeal;
use crate::skat::declaration::GRAND_HAND;
use crate::skat::legal::gift_actions;
use crate::skat::rules::SkatRules;
use crate::skat::state::{SkatGame, SkatPhase};

impl SkatGame {
    /// Picks a uniformly random legal action with `rng`, without listing the
    /// actions and without allocating (the playout fast path). Every legal
    /// action of the phase is equally likely, except in the skat decision,
    /// where picking up and declaring hand are equally likely and the hand
    /// declaration is then uniform.
    #[inline]
    pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<SkatAction> {
        if self.plain_card_play() {
            return random_card(rng, self.legal_cards()).map(SkatAction::Play);
        }
        self.random_other_action(rng)
    }

    fn random_other_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<SkatAction> {
        let seat = self.acting();
        let hand = self.hand(seat);
        let coin = |rng: &mut R, a: SkatAction, b: SkatAction| Some(if uniform_below(rng, 2) == 0 { a } else { b });
        if self.kontra().re_pending {
            return coin(rng, SkatAction::Pass, SkatAction::Re);
        }
        match self.phase() {
            SkatPhase::Playing => {
                // The cards, then Kontra and a gift when open to this seat.
                let legal = self.legal_cards();
                let kontra = self.rules().kontra.is_some() && self.may_kontra(seat).is_ok();
                let give = self.rules().schenken.is_some() && self.may_give(seat).is_ok();
                let n = legal.len() as u32 + u32::from(kontra) + u32::from(give);
                if n == 0 {
                    return None;
                }
                let pick = uniform_below(rng, n) as usize;
                match legal.nth(pick) {
                    Some(card) => Some(SkatAction::Play(card)),
                    None if kontra && pick == legal.len() => Some(SkatAction::Kontra),
                    None => Some(SkatAction::Schenken),
                }
            }
            SkatPhase::Knocking => coin(rng, SkatAction::Pass, SkatAction::Knock),
            SkatPhase::Spitze => coin(rng, SkatAction::Pass, SkatAction::Spitze),
            SkatPhase::Schenken => {
                let contract = self.contract()?;
                let options = gift_actions(self.gift().step, self.gift().may_refuse(contract));
                options.get(uniform_below(rng, options.len() as u32) as usize).copied()
            }
            SkatPhase::Over => None,
            SkatPhase::GrandHandOffer => coin(rng, SkatAction::Pass, SkatAction::Declare(GRAND_HAND)),
            SkatPhase::KontraWindow => coin(rng, SkatAction::Pass, SkatAction::Kontra),
            SkatPhase::Passing if self.rules().ramsch.unseen_push_allowed => {
                coin(rng, SkatAction::TakeSkat, SkatAction::Push)
            }
            SkatPhase::Passing => Some(SkatAction::TakeSkat),
            SkatPhase::Discarding if self.is_ramsch() && !self.rules().ramsch.jacks_may_be_pushed => {
                random_pair(rng, hand - CardSet::JACKS)
            }
            SkatPhase::Bidding => {
                let n = self.auction().legal_count() as u32;
                self.auction().nth_legal(uniform_below(rng, n) as usize).map(SkatAction::from)
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
            SkatPhase::Discarding => random_pair(rng, hand),
        }
    }
}

/// Two distinct random cards of `pool` as a discard.
fn random_pair<R: Rng + ?Sized>(rng: &mut R, pool: CardSet) -> Option<SkatAction> {
    let a = random_card(rng, pool)?;
    let b = random_card(rng, pool.without(a))?;
    Some(SkatAction::Discard(CardSet::single(a).with(b)))
}

/// Plays one whole random deal: shuffle, random legal bidding, skat
/// handling, declaration and card play, then settlement. Returns the
/// finished state. Nothing is allocated.
#[inline]
pub fn random_playout<R: Rng + ?Sized>(rng: &mut R, rules: SkatRules) -> SkatGame {
    let mut game = SkatGame::new(SkatDeal::random(rng), rules);
    while let Some(action) = game.random_action(rng) {
        game.apply_unchecked(action);
    }
    game
}
