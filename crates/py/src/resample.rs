//! `State.resample_from_infostate`: a state one seat cannot tell from the
//! real one, for information-set search (OpenSpiel's IS-MCTS).
//!
//! A world is a new deal of the cards the seat has not seen, the same
//! actions replayed on it, and it is kept only when the seat's view of it
//! **equals** its view of the real state. In trick play the deal comes
//! from trumpf-ai's world sampler (voids, open hands, what announcements
//! imply); before it, the unseen cards are dealt uniformly. Actions the
//! seat cannot see (another Skat declarer's discard) are chosen again in
//! the world: the discard is the world's skat, and the skat as dealt is
//! two of the declarer's twelve cards.

use rand::Rng;
use trumpf_ai::sampler::{Deck, Sampled, Worlds};
use trumpf_core::skat::{SkatAction, SkatGame, SkatPhase};
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::{SpitzerGame, SpitzerPhase};
use trumpf_core::{AnyAction, AnyGame, AnyView, Card, CardSet, Game, GameId, Seat};

use crate::deal;
use crate::state::{PyState, Stage};

/// Deals tried before giving up.
const TRIES: usize = 512;

/// A drawn deal and how to choose the hidden actions again.
struct Draw {
    parts: Vec<CardSet>,
    /// The Skat declarer's discard in the world, when known.
    discard: Option<CardSet>,
}

/// A world `seat` cannot tell from `state`.
///
/// # Errors
/// When no fitting world is found (a Schieberamsch, whose passed cards
/// this sampler does not choose again, or a very constrained position).
pub fn resample<R: Rng + ?Sized>(state: &PyState, seat: Seat, rng: &mut R) -> Result<PyState, String> {
    let (start, now, actions) = match &state.stage {
        Stage::Dealing(cards) => return Ok(redeal_partial(state, cards, seat, rng)),
        Stage::Playing { start, now, actions } => (start, now, actions),
    };
    let target = now.view(seat);
    let mut last = String::from("no world fits the view");
    for _ in 0..TRIES {
        let draw = match draw(state, start, now, actions, &target, seat, rng) {
            Ok(Some(draw)) => draw,
            Ok(None) => continue,
            Err(e) => {
                last = e;
                break;
            }
        };
        let Ok(world_start) = deal::from_parts(state.cfg.rules, &draw.parts) else { continue };
        if let Some((world, replayed)) = replay(world_start, actions, seat, draw.discard, rng)
            && world.view(seat) == target
        {
            let mut out = PyState::dealt(state.cfg, world_start);
            out.stage = Stage::Playing { start: world_start, now: world, actions: replayed };
            // The chance outcomes of the world: its parts in order.
            if state.cfg.explicit {
                out.chance = draw.parts.iter().flat_map(|p| p.iter()).collect();
            }
            return Ok(out);
        }
    }
    Err(format!("resample_from_infostate for player {}: {last}", seat.index()))
}

/// At a chance node: the cards dealt to other parts dealt again.
fn redeal_partial<R: Rng + ?Sized>(state: &PyState, cards: &[Card], seat: Seat, rng: &mut R) -> PyState {
    let sizes = deal::parts(state.cfg.rules);
    let part_of_position = |i: usize| {
        let mut end = 0;
        sizes.iter().position(|&s| {
            end += s;
            i < end
        })
    };
    let mine = known_parts(state.cfg.id, seat);
    let kept: CardSet = cards
        .iter()
        .enumerate()
        .filter(|(i, _)| part_of_position(*i).is_some_and(|p| mine.contains(&p)))
        .map(|(_, &c)| c)
        .collect();
    let mut free: Vec<Card> = (deal::pack(state.cfg.rules) - kept).iter().collect();
    let mut out = Vec::with_capacity(cards.len());
    for (i, &card) in cards.iter().enumerate() {
        if part_of_position(i).is_some_and(|p| mine.contains(&p)) {
            out.push(card);
        } else {
            let k = trumpf_core::shuffle::uniform_below(rng, free.len() as u32) as usize;
            out.push(free.swap_remove(k));
        }
    }
    PyState { cfg: state.cfg, stage: Stage::Dealing(out), chance: Vec::new() }
}

/// The dealt parts a seat sees from the start: its own, and Spidge's
/// dummy, which lies face up.
fn known_parts(id: GameId, seat: Seat) -> Vec<usize> {
    match id {
        GameId::Spidge => vec![[0, 2, 3][seat.index().min(2)], 1],
        _ => vec![seat.index()],
    }
}

/// Draws one deal, or `None` to draw again.
fn draw<R: Rng + ?Sized>(
    state: &PyState,
    start: &AnyGame,
    now: &AnyGame,
    actions: &[(Seat, AnyAction)],
    target: &AnyView,
    seat: Seat,
    rng: &mut R,
) -> Result<Option<Draw>, String> {
    let dealt = deal::parts_of(start);
    match (now, target) {
        (AnyGame::Skat(_), AnyView::Skat(view)) => {
            let trick_play = matches!(view.phase, SkatPhase::Playing | SkatPhase::KontraWindow)
                && view.contract.is_some()
                && view.declarer.is_some()
                && !view.ramsch;
            if trick_play {
                let world = <SkatGame as Sampled>::worlds(view).map_err(|e| e.to_string())?;
                let Ok(w) = world.sample(rng) else { return Ok(None) };
                let declarer = view.declarer.unwrap_or(Seat::FOREHAND);
                let mut parts: Vec<CardSet> = Seat::all(3).map(|s| w.hand(s) | played_by(actions, s)).collect();
                let skat_now = w.skat();
                let discard = if view.picked_up {
                    let twelve = parts[declarer.index()] | skat_now;
                    let dealt_skat = if seat == declarer { dealt[3] } else { random_subset(twelve, 2, rng) };
                    parts[declarer.index()] = twelve - dealt_skat;
                    parts.push(dealt_skat);
                    Some(skat_now)
                } else {
                    parts.push(skat_now);
                    None
                };
                return Ok(Some(Draw { parts, discard }));
            }
            let early = !view.ramsch
                && view.played.is_empty()
                && !matches!(view.phase, SkatPhase::Passing | SkatPhase::GrandHandOffer);
            let mut known = vec![seat.index()];
            if early && view.picked_up && view.declarer == Some(seat) {
                known.push(3);
            }
            uniform(state, &dealt, &known, if early { &[] } else { actions }, rng)
                .map(|parts| Some(Draw { parts, discard: None }))
        }
        (AnyGame::Spitzer(_), AnyView::Spitzer(view)) if view.phase == SpitzerPhase::Playing => {
            let world = <SpitzerGame as Sampled>::worlds(view).map_err(|e| e.to_string())?;
            Ok(world.sample(rng).ok().map(|w| Draw { parts: deal::parts_of(&AnyGame::Spitzer(w)), discard: None }))
        }
        (AnyGame::Spidge(g), AnyView::Spidge(view)) if !g.is_over() => {
            let world = <SpidgeGame as Sampled>::worlds(view).map_err(|e| e.to_string())?;
            Ok(world.sample(rng).ok().map(|w| Draw { parts: deal::parts_of(&AnyGame::Spidge(w)), discard: None }))
        }
        _ => uniform(state, &dealt, &known_parts(state.cfg.id, seat), actions, rng)
            .map(|parts| Some(Draw { parts, discard: None })),
    }
}

/// The cards `seat` has played so far.
fn played_by(actions: &[(Seat, AnyAction)], seat: Seat) -> CardSet {
    actions.iter().filter(|(s, _)| *s == seat).filter_map(|&(_, a)| AnyGame::card_of(a)).collect()
}

/// `n` cards of `cards`, uniformly.
fn random_subset<R: Rng + ?Sized>(cards: CardSet, n: usize, rng: &mut R) -> CardSet {
    let mut pool: Vec<Card> = cards.iter().collect();
    let mut out = CardSet::EMPTY;
    for _ in 0..n.min(pool.len()) {
        let k = trumpf_core::shuffle::uniform_below(rng, pool.len() as u32) as usize;
        out.insert(pool.swap_remove(k));
    }
    out
}

/// The parts in `known` kept, the others dealt uniformly from the rest;
/// a card a seat has played stays in that seat's part (Spidge: the dummy's
/// cards are known anyway).
fn uniform<R: Rng + ?Sized>(
    state: &PyState,
    dealt: &[CardSet],
    known: &[usize],
    actions: &[(Seat, AnyAction)],
    rng: &mut R,
) -> Result<Vec<CardSet>, String> {
    let sizes = deal::parts(state.cfg.rules);
    let mut fixed = vec![CardSet::EMPTY; sizes.len()];
    for &k in known {
        fixed[k] = dealt[k];
    }
    let known_cards = fixed.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    for &(seat, action) in actions {
        if let Some(card) = AnyGame::card_of(action)
            && !known_cards.contains(card)
        {
            let part = match state.cfg.id {
                GameId::Spidge => [0, 2, 3][seat.index().min(2)],
                _ => seat.index(),
            };
            fixed[part].insert(card);
        }
    }
    let seen = fixed.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    let unseen = deal::pack(state.cfg.rules) - seen;
    let open: Vec<usize> = (0..sizes.len()).filter(|&i| fixed[i].len() < sizes[i]).collect();
    let room: Vec<usize> = open.iter().map(|&i| sizes[i] - fixed[i].len()).collect();
    let allowed = vec![deal::pack(state.cfg.rules); open.len()];
    let deck = Deck::new(unseen, &room, &allowed).map_err(|e| e.to_string())?;
    let drawn = deck.sample(rng);
    let mut parts = fixed;
    for (k, &i) in open.iter().enumerate() {
        parts[i] |= drawn[k];
    }
    Ok(parts)
}

/// Replays `actions` on `start`, choosing the hidden ones again (another
/// seat's Skat discard); `None` when the world refuses an action.
fn replay<R: Rng + ?Sized>(
    start: AnyGame,
    actions: &[(Seat, AnyAction)],
    seat: Seat,
    discard: Option<CardSet>,
    rng: &mut R,
) -> Option<(AnyGame, Vec<(Seat, AnyAction)>)> {
    let mut game = start;
    let mut out = Vec::with_capacity(actions.len());
    for (i, &(by, action)) in actions.iter().enumerate() {
        let action = match (action, &game) {
            (AnyAction::Skat(SkatAction::Discard(_)), AnyGame::Skat(g))
                if by != seat && g.phase() != SkatPhase::Passing =>
            {
                let cards = match discard {
                    Some(cards) => cards,
                    None => {
                        // Never a card the declarer plays later.
                        let later = played_by(&actions[i..], by);
                        random_subset(g.hand(by) - later, 2, rng)
                    }
                };
                AnyAction::Skat(SkatAction::Discard(cards))
            }
            _ => action,
        };
        game.try_apply(by, action).ok()?;
        out.push((by, action));
    }
    Some((game, out))
}
