//! The solver against a plain minimax written here, independently: clone
//! the state, apply each legal action through the public `Game` trait,
//! recurse, no pruning, no table, no code shared with the solver. Positions
//! are seeded random endgames of every game form; the value and every
//! per-card value must agree exactly.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trumpf_ai::{Goal, Objective, Solver};
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatOutcome, SkatRules};
use trumpf_core::spidge::{DoubleJoker, Hand, JokerSuit, SpidgeDeal, SpidgeGame, SpidgeRules, TrumpLead};
use trumpf_core::spitzer::{Announcement, Column, SpitzerAction, SpitzerDeal, SpitzerGame, SpitzerRules, tariff};
use trumpf_core::{Card, Game, Seat, Suit};

// ---------------------------------------------------------------- oracle

/// Plain minimax: `leaf` scores a finished deal, `maximises` says whether
/// the seat to act maximises.
fn minimax<G: Game>(game: &G, leaf: &dyn Fn(&G) -> i32, maximises: &dyn Fn(&G, Seat) -> bool) -> i32 {
    let Some(seat) = game.to_act() else { return leaf(game) };
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let max = maximises(game, seat);
    let values = actions.iter().map(|&a| {
        let mut next = game.clone();
        next.apply_unchecked(a);
        minimax(&next, leaf, maximises)
    });
    if max { values.max().unwrap() } else { values.min().unwrap() }
}

/// The minimax value after each legal card of the seat to act.
fn per_card<G: Game>(game: &G, leaf: &dyn Fn(&G) -> i32, maximises: &dyn Fn(&G, Seat) -> bool) -> Vec<(Card, i32)> {
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    actions
        .iter()
        .map(|&a| {
            let mut next = game.clone();
            next.apply_unchecked(a);
            (G::card_of(a).unwrap(), minimax(&next, leaf, maximises))
        })
        .collect()
}

/// Random legal card plays until `tricks_left` tricks remain, then `extra`
/// cards into the next trick (fewer if the deal ends first).
fn random_endgame<G: Game>(game: &mut G, rng: &mut ChaCha8Rng, seats: usize, tricks_left: usize, extra: usize) {
    let target = game.pack().len() - tricks_left * seats + extra;
    while game.played().len() < target && !game.is_over() {
        let legal = game.playable_cards();
        let card = legal.nth(rng.random_range(0..legal.len())).unwrap();
        game.apply_unchecked(G::card_action(card));
    }
}

// ------------------------------------------------------------------ skat

fn skat_tally(game: &SkatGame) -> trumpf_core::skat::PlayTally {
    match game.outcome() {
        Some(SkatOutcome::Played { settlement, .. }) => settlement.tally,
        other => panic!("not a played game: {other:?}"),
    }
}

fn skat_oracle(game: &SkatGame, goal: Goal) -> (i32, Vec<(Card, i32)>) {
    let contract = game.contract().unwrap();
    let (declarer, _) = game.declarer().unwrap();
    let null = contract.kind == GameKind::Null;
    let leaf: Box<dyn Fn(&SkatGame) -> i32> = match goal {
        Goal::Points => Box::new(|g| i32::from(skat_tally(g).declarer_points)),
        Goal::Win => Box::new(move |g| {
            let t = skat_tally(g);
            let won = if null {
                t.declarer_tricks == 0
            } else if contract.schwarz {
                t.defender_tricks == 0
            } else if contract.schneider {
                t.declarer_points >= 90
            } else {
                t.declarer_points >= 61
            };
            i32::from(won)
        }),
    };
    // Suit/grand points and every win goal: the declarer maximises his
    // result; Null points: the declarer minimises his points.
    let declarer_max = !(null && goal == Goal::Points);
    let maximises = move |_: &SkatGame, seat: Seat| (seat == declarer) == declarer_max;
    let value = if game.is_over() { leaf(game) } else { minimax(game, &*leaf, &maximises) };
    (value, if game.is_over() { Vec::new() } else { per_card(game, &*leaf, &maximises) })
}

fn skat_contracts() -> Vec<Contract> {
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        out.push(Contract::pickup(kind));
    }
    let hand = |kind, schneider, schwarz| Contract { kind, hand: true, schneider, schwarz, ouvert: false };
    out.push(hand(GameKind::Grand, true, false));
    out.push(hand(GameKind::Suit(Suit::Hearts), true, true));
    out.push(hand(GameKind::Grand, true, true));
    out.push(Contract { kind: GameKind::Null, hand: true, schneider: false, schwarz: false, ouvert: true });
    out
}

fn check_skat(game: &SkatGame, solver: &mut Solver, what: &str) {
    for goal in [Goal::Points, Goal::Win] {
        let (value, cards) = skat_oracle(game, goal);
        assert_eq!(solver.skat(game, goal), Ok(value), "{what} {goal:?}: value");
        let got = solver.skat_cards(game, goal).unwrap();
        let got: Vec<(Card, i32)> = got.iter().collect();
        assert_eq!(got, cards, "{what} {goal:?}: per card");
    }
}

#[test]
fn skat_endgames_match_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut solver = Solver::with_table_bits(16);
    let contracts = skat_contracts();
    let rounds = if cfg!(debug_assertions) { 3 } else { 12 };
    for round in 0..rounds {
        for (i, &contract) in contracts.iter().enumerate() {
            let seed = rng.random::<u64>();
            let declarer = Seat::new(rng.random_range(0..3)).unwrap();
            let deal = SkatDeal::from_seed(seed);
            let mut game = SkatGame::with_declaration(deal, SkatRules::default(), declarer, 18, contract).unwrap();
            let tricks = if cfg!(debug_assertions) { 3 } else { 4 };
            let extra = rng.random_range(0..3);
            random_endgame(&mut game, &mut rng, 3, tricks, extra);
            check_skat(&game, &mut solver, &format!("round {round} contract {i} {contract} seed {seed}"));
        }
    }
}
