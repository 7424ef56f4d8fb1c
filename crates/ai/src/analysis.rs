//! After the deal: every card played is checked with all hands known.
//!
//! Replaying a finished deal, at each card the double-dummy solver values
//! every legal card for the side to move; the card played is compared with
//! the best one, and the difference is what that play gave away (Skat and
//! Spitzer: card points of the mover's side; Spidge: award points, what
//! the mover can still make sure of counted twice, less what each other
//! player can, as [`Solver::spidge_awards`]: Spidge pays only for Nil,
//! Spidge, Slam and the Grand Slam, so a trick given away costs nothing
//! unless it costs an award).
//! The analysis also says what the declarer's game was worth with perfect
//! play from the first lead, and whether he could have made it. A Spidge
//! deal is checked from its end back as far as the solver gets within a
//! budget ([`SPIDGE_NODES`]): full Spidge deals are beyond it.
//!
//! The solver plays double-dummy: it "knows" every hand, which a player
//! does not. A card that costs points double-dummy may still have been a
//! fair choice on what the player could know; the analysis says what was
//! possible, not what was foreseeable.

use trumpf_core::skat::{GameKind, SkatAction, SkatGame, SkatPhase};
use trumpf_core::spidge::{SpidgeAction, SpidgeGame};
use trumpf_core::spitzer::{SpitzerAction, SpitzerGame, SpitzerPhase};
use trumpf_core::{Card, Game, Seat};

use crate::solver::{Goal, SolveError, Solver};

/// One card play, as the solver saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The number of the card in the deal (0-based).
    pub card_number: usize,
    /// Who played it.
    pub seat: Seat,
    /// The card played.
    pub played: Card,
    /// The best card (the lowest of equally good ones), and its value.
    pub best: (Card, i32),
    /// The value of the card played.
    pub value: i32,
    /// What the play gave away against the best card (0: a best card).
    pub cost: i32,
}

/// A finished deal checked card by card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// What the values count: "card points of the declarer" (Skat), "card
    /// points of the mover's side" (Spitzer), [`SPIDGE_UNIT`] (Spidge).
    pub unit: &'static str,
    /// Skat and Spitzer: the declaring side's value with perfect play from
    /// the first lead (Skat: the declarer's card points; Null: 1 if he can
    /// stay clean).
    pub perfect_value: Option<i32>,
    /// Skat and Spitzer: whether the declaring side could have made its game
    /// with perfect play from the first lead.
    pub could_win: Option<bool>,
    /// Every card play in order.
    pub plays: Vec<Play>,
    /// Cards per trick (Skat 3; Spitzer and Spidge, with the dummy, 4).
    pub trick_size: usize,
}

impl Analysis {
    /// The plays that gave something away, dearest first.
    pub fn mistakes(&self) -> Vec<&Play> {
        let mut out: Vec<&Play> = self.plays.iter().filter(|p| p.cost > 0).collect();
        out.sort_by_key(|p| (std::cmp::Reverse(p.cost), p.card_number));
        out
    }

    /// How many cards at the start of the deal were not checked (a Spidge
    /// analysis begins where the solver's budget reaches).
    pub fn unchecked(&self) -> usize {
        self.plays.first().map_or(0, |p| p.card_number)
    }

    /// The checked plays trick by trick, by their place in the deal: the
    /// trick's number (1-based), how many of its first cards were not
    /// checked, and its checked plays.
    pub fn tricks(&self) -> impl Iterator<Item = (usize, usize, &[Play])> {
        let size = self.trick_size.max(1);
        self.plays
            .chunk_by(move |a, b| a.card_number / size == b.card_number / size)
            .map(move |plays| (plays[0].card_number / size + 1, plays[0].card_number % size, plays))
    }

    /// What each seat gave away in all, by seat.
    pub fn given_away(&self) -> [i32; Seat::MAX] {
        let mut out = [0; Seat::MAX];
        for p in &self.plays {
            out[p.seat.index()] += p.cost;
        }
        out
    }
}

/// Why a deal cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// An action of the deal was refused by the engine (a broken record).
    #[error("action {0} of the deal is refused by the engine")]
    Refused(usize),
    /// A game the solver does not play (a Ramsch).
    #[error("the solver does not play {0}")]
    Unsupported(&'static str),
    /// The solver refused a position.
    #[error(transparent)]
    Solver(#[from] SolveError),
}

/// Picks the best of `values` for a side that maximises (or minimises)
/// them; the lowest card wins ties.
fn best_of(values: &crate::CardValues, maximise: bool) -> Option<(Card, i32)> {
    values.iter().fold(None, |best: Option<(Card, i32)>, (c, v)| match best {
        Some((_, b)) if (maximise && v <= b) || (!maximise && v >= b) => best,
        _ => Some((c, v)),
    })
}

/// Replays `actions` from `start`, calling `at_card(state, seat, card)`
/// before each card play.
fn replay<G: Game>(
    start: &G,
    actions: &[(Seat, G::Action)],
    mut at_card: impl FnMut(&G, Seat, Card) -> Result<(), AnalysisError>,
) -> Result<G, AnalysisError> {
    let mut game = start.clone();
    for (i, &(seat, action)) in actions.iter().enumerate() {
        if let Some(card) = G::card_of(action) {
            at_card(&game, seat, card)?;
        }
        game.try_apply(seat, action).map_err(|_| AnalysisError::Refused(i))?;
    }
    Ok(game)
}

/// Checks a Skat deal (suit, grand or null; not a Ramsch).
///
/// # Errors
/// A refused action, a Ramsch, or a position the solver refuses.
pub fn analyse_skat(
    solver: &mut Solver,
    start: &SkatGame,
    actions: &[(Seat, SkatAction)],
) -> Result<Analysis, AnalysisError> {
    let mut plays = Vec::new();
    let mut first: Option<(i32, Option<bool>)> = None;
    let mut number = 0;
    let mut null = false;
    replay(start, actions, |game, seat, card| {
        if game.is_ramsch() {
            return Err(AnalysisError::Unsupported("a Ramsch"));
        }
        if game.phase() != SkatPhase::Playing {
            return Ok(());
        }
        let (Some(contract), Some((declarer, _))) = (game.contract(), game.declarer()) else { return Ok(()) };
        null = contract.kind == GameKind::Null;
        let goal = if null { Goal::Win } else { Goal::Points };
        if first.is_none() {
            let value = solver.skat(game, goal)?;
            let win = match solver.skat(game, Goal::Win) {
                Ok(v) => Some(v == 1),
                // A Spitze game: its card points are still analysed.
                Err(SolveError::Unsupported(_)) => None,
                Err(e) => return Err(e.into()),
            };
            first = Some((value, win));
        }
        let values = solver.skat_cards(game, goal)?;
        let maximise = seat == declarer;
        if let (Some(best), Some(value)) = (best_of(&values, maximise), values.get(card)) {
            let cost = if maximise { best.1 - value } else { value - best.1 };
            plays.push(Play { card_number: number, seat, played: card, best, value, cost });
        }
        number += 1;
        Ok(())
    })?;
    Ok(Analysis {
        unit: if null { "1 if the declarer stays clean, else 0" } else { "card points of the declarer" },
        perfect_value: first.map(|(v, _)| v),
        could_win: first.and_then(|(_, w)| w),
        plays,
        trick_size: 3,
    })
}

/// Checks a Spitzer deal.
///
/// # Errors
/// A refused action, or a position the solver refuses.
pub fn analyse_spitzer(
    solver: &mut Solver,
    start: &SpitzerGame,
    actions: &[(Seat, SpitzerAction)],
) -> Result<Analysis, AnalysisError> {
    let mut plays = Vec::new();
    let mut first: Option<(i32, bool)> = None;
    let mut number = 0;
    replay(start, actions, |game, seat, card| {
        if game.phase() != SpitzerPhase::Playing {
            return Ok(());
        }
        if first.is_none() {
            // The declaring side's points: the side of the leader, turned
            // round when the leader is not on it.
            let leader_points = solver.spitzer(game, Goal::Points)?;
            let leader_in_d = game.declaring_side().is_none_or(|d| d.contains(seat));
            let value = if leader_in_d { leader_points } else { 120 - leader_points };
            first = Some((value, solver.spitzer(game, Goal::Win)? == 1));
        }
        let values = solver.spitzer_cards(game, Goal::Points)?;
        if let (Some(best), Some(value)) = (best_of(&values, true), values.get(card)) {
            plays.push(Play { card_number: number, seat, played: card, best, value, cost: best.1 - value });
        }
        number += 1;
        Ok(())
    })?;
    Ok(Analysis {
        unit: "card points of the mover's side",
        perfect_value: first.map(|(v, _)| v),
        could_win: first.map(|(_, w)| w),
        plays,
        trick_size: 4,
    })
}

/// The search nodes of one card's solve in a Spidge analysis.
pub const SPIDGE_NODES: u64 = 3_000_000;

/// What a Spidge analysis counts.
pub const SPIDGE_UNIT: &str = "award points (the mover's sure awards twice, less each other player's)";

/// Checks a Spidge deal: each card's cost in award points, as
/// [`Solver::spidge_awards`] values the cards (twice the award the mover
/// can then make sure of against both others, less the award each other
/// player can make sure of against his two opponents).
///
/// Full Spidge deals are beyond the solver, so the cards are checked from
/// the last one back, each within [`SPIDGE_NODES`]; the first that runs out
/// ends the check, and the analysis covers the cards after it (the end of
/// the deal, where the solver is exact). The plays are in play order.
///
/// # Errors
/// A refused action, or a position the solver refuses.
pub fn analyse_spidge(
    solver: &mut Solver,
    start: &SpidgeGame,
    actions: &[(Seat, SpidgeAction)],
) -> Result<Analysis, AnalysisError> {
    let mut positions = Vec::new();
    replay(start, actions, |game, seat, card| {
        positions.push((*game, seat, card));
        Ok(())
    })?;
    let limit = solver.node_limit();
    solver.set_node_limit(Some(SPIDGE_NODES));
    let mut plays = Vec::new();
    let mut failed = None;
    for (number, (game, seat, card)) in positions.iter().enumerate().rev() {
        match solver.spidge_awards(game) {
            Ok(values) => {
                if let (Some(best), Some(value)) = (best_of(&values, true), values.get(*card)) {
                    plays.push(Play {
                        card_number: number,
                        seat: *seat,
                        played: *card,
                        best,
                        value,
                        cost: best.1 - value,
                    });
                }
            }
            Err(SolveError::Budget) => break,
            Err(e) => {
                failed = Some(e);
                break;
            }
        }
    }
    solver.set_node_limit(limit);
    if let Some(e) = failed {
        return Err(e.into());
    }
    plays.reverse();
    Ok(Analysis { unit: SPIDGE_UNIT, perfect_value: None, could_win: None, plays, trick_size: 4 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::shuffle::{deal_rng, uniform_below};
    use trumpf_core::skat::{Contract, SkatDeal, SkatOutcome, SkatRules};

    /// The declarer's final card points with best play by both sides, by
    /// plain minimax over the engine (no pruning, nothing shared with the
    /// solver).
    fn minimax(game: &SkatGame, declarer: Seat) -> i32 {
        if let Some(SkatOutcome::Played { settlement, .. }) = game.outcome() {
            return i32::from(settlement.tally.declarer_points);
        }
        let seat = game.to_act().unwrap();
        let values = game.legal_cards().iter().map(|card| {
            let mut next = *game;
            next.try_apply(seat, SkatAction::Play(card)).unwrap();
            minimax(&next, declarer)
        });
        if seat == declarer { values.max().unwrap() } else { values.min().unwrap() }
    }

    #[test]
    fn each_play_costs_what_plain_minimax_says() {
        let mut checked = 0;
        for seed in 0..30u64 {
            let kind = [GameKind::Grand, GameKind::Suit(trumpf_core::Suit::Hearts)][seed as usize % 2];
            let declarer = Seat::new(seed as usize % 3).unwrap();
            let mut game = SkatGame::with_declaration(
                SkatDeal::from_seed(seed),
                SkatRules::ISKO,
                declarer,
                18,
                Contract::pickup(kind),
            )
            .unwrap();
            let mut rng = deal_rng(seed);
            let random = |game: &mut SkatGame, rng: &mut _| {
                let legal = game.legal_cards();
                let card = legal.nth(uniform_below(rng, legal.len() as u32) as usize).unwrap();
                let seat = game.to_act().unwrap();
                game.try_apply(seat, SkatAction::Play(card)).unwrap();
                (seat, SkatAction::Play(card))
            };
            // Seven random tricks, then the last three analysed.
            while game.played().len() < 21 && !game.is_over() {
                random(&mut game, &mut rng);
            }
            if game.is_over() {
                continue;
            }
            let start = game;
            let mut actions = Vec::new();
            let mut end = start;
            while !end.is_over() {
                actions.push(random(&mut end, &mut rng));
            }
            let analysis = analyse_skat(&mut Solver::with_table_bits(14), &start, &actions).unwrap();
            let mut state = start;
            for (play, &(seat, action)) in analysis.plays.iter().zip(&actions) {
                let values: Vec<(Card, i32)> = state
                    .legal_cards()
                    .iter()
                    .map(|c| {
                        let mut next = state;
                        next.try_apply(seat, SkatAction::Play(c)).unwrap();
                        (c, minimax(&next, declarer))
                    })
                    .collect();
                let played = values.iter().find(|(c, _)| SkatAction::Play(*c) == action).unwrap().1;
                let best = if seat == declarer {
                    values.iter().map(|&(_, v)| v).max().unwrap()
                } else {
                    values.iter().map(|&(_, v)| v).min().unwrap()
                };
                let cost = if seat == declarer { best - played } else { played - best };
                assert_eq!((play.value, play.best.1, play.cost), (played, best, cost), "seed {seed}");
                state.try_apply(seat, action).unwrap();
                checked += 1;
            }
            assert_eq!(analysis.perfect_value, Some(minimax(&start, declarer)));
            assert_eq!(analysis.could_win, Some(minimax(&start, declarer) >= 61));
        }
        assert!(checked > 100);
    }

    /// A whole Spidge deal is analysed within its budget: from the last
    /// card back without a gap, in play order, each play's cost what its
    /// value and the best card's say; the last trick's cards are always in.
    #[test]
    fn a_whole_spidge_deal_is_checked_from_the_end_within_the_budget() {
        for seed in 0..3u64 {
            let start = SpidgeGame::from_seed(seed);
            let mut game = start;
            let mut rng = deal_rng(seed);
            let mut actions = Vec::new();
            while !game.is_over() {
                let legal = game.legal_cards();
                let card = legal.nth(uniform_below(&mut rng, legal.len() as u32) as usize).unwrap();
                let seat = game.to_act().unwrap();
                game.try_apply(seat, SpidgeAction::Play(card)).unwrap();
                actions.push((seat, SpidgeAction::Play(card)));
            }
            let analysis = analyse_spidge(&mut Solver::with_table_bits(16), &start, &actions).unwrap();
            let n = analysis.plays.len();
            assert!(n >= 4, "seed {seed}: at least the last trick, got {n}");
            for (k, play) in analysis.plays.iter().enumerate() {
                assert_eq!(play.card_number, actions.len() - n + k, "seed {seed}: contiguous up to the end");
                assert_eq!(SpidgeAction::Play(play.played), actions[play.card_number].1);
                assert_eq!(play.cost, play.best.1 - play.value);
                assert!(play.cost >= 0 && (-6..=8).contains(&play.value), "seed {seed}: {play:?}");
            }
        }
    }
}
