//! The node budget: a solve that needs more nodes than allowed stops with
//! `SolveError::Budget`, and the tables it leaves behind give the same
//! answers as a fresh solver's.

use trumpf_ai::{Goal, Objective, SolveError, Solver};
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame, SpitzerRules};
use trumpf_core::{Game, Seat};

/// Plays the first legal card until `cards` cards are played.
fn advance<G: Game>(game: &mut G, cards: usize) {
    while game.played().len() < cards && !game.is_over() {
        let card = game.playable_cards().first().unwrap();
        let action = game.card_action(card);
        game.apply_unchecked(action);
    }
}

#[test]
fn a_skat_solve_over_budget_fails_and_leaves_the_tables_sound() {
    let deals = if cfg!(debug_assertions) { 3 } else { 12 };
    for seed in 0..deals {
        let mut game = SkatGame::with_declaration(
            SkatDeal::from_seed(500 + seed),
            SkatRules::default(),
            Seat::FOREHAND,
            18,
            Contract::pickup(GameKind::Grand),
        )
        .unwrap();
        advance(&mut game, if cfg!(debug_assertions) { 15 } else { 9 });
        let mut fresh = Solver::with_table_bits(16);
        let points = fresh.skat(&game, Goal::Points).unwrap();
        let cards = fresh.skat_cards(&game, Goal::Win).unwrap();
        let needed = fresh.nodes();
        let mut solver = Solver::with_table_bits(16);
        solver.set_node_limit(Some(3));
        assert_eq!(solver.node_limit(), Some(3));
        assert_eq!(solver.skat(&game, Goal::Points), Err(SolveError::Budget), "seed {seed}");
        assert_eq!(solver.skat_cards(&game, Goal::Win), Err(SolveError::Budget), "seed {seed}");
        // A budget that cuts the search somewhere in the middle.
        solver.set_node_limit(Some(needed / 3));
        let _ = solver.skat(&game, Goal::Points);
        solver.set_node_limit(None);
        assert_eq!(solver.skat(&game, Goal::Points), Ok(points), "seed {seed}");
        assert_eq!(solver.skat_cards(&game, Goal::Win), Ok(cards), "seed {seed}");
        // A budget large enough changes nothing.
        solver.clear();
        solver.set_node_limit(Some(needed * 4 + 100));
        assert_eq!(solver.skat(&game, Goal::Points), Ok(points), "seed {seed}");
    }
}

/// Solves `f` on a fresh solver: its answer and the nodes it took.
fn measured<T>(f: impl Fn(&mut Solver) -> T) -> (T, u64) {
    let mut fresh = Solver::with_table_bits(16);
    let v = f(&mut fresh);
    (v, fresh.nodes())
}

/// A solve over its budget fails, one within it answers as a fresh solver
/// does, also after an aborted solve on the same tables.
fn check_budget<T: PartialEq + std::fmt::Debug>(what: &str, f: impl Fn(&mut Solver) -> Result<T, SolveError>) {
    let (answer, needed) = measured(&f);
    let answer = answer.unwrap();
    let mut solver = Solver::with_table_bits(16);
    if needed > 1 {
        solver.set_node_limit(Some(needed / 2));
        assert_eq!(f(&mut solver), Err(SolveError::Budget), "{what}: half the nodes");
    }
    solver.set_node_limit(None);
    assert_eq!(f(&mut solver), Ok(answer), "{what}: after an aborted solve");
}

#[test]
fn spitzer_and_spidge_solves_over_budget_fail_and_leave_the_tables_sound() {
    for seed in 0..if cfg!(debug_assertions) { 2 } else { 8 } {
        let mut spitzer = SpitzerGame::at_play(SpitzerDeal::from_seed(70 + seed), SpitzerRules::default()).unwrap();
        advance(&mut spitzer, if cfg!(debug_assertions) { 16 } else { 8 });
        let mut spidge = SpidgeGame::new(SpidgeDeal::from_seed(80 + seed), SpidgeRules::default());
        advance(&mut spidge, if cfg!(debug_assertions) { 36 } else { 24 });
        check_budget(&format!("spitzer points {seed}"), |s| s.spitzer(&spitzer, Goal::Points));
        check_budget(&format!("spitzer cards {seed}"), |s| s.spitzer_cards(&spitzer, Goal::Win));
        check_budget(&format!("spidge max cards {seed}"), |s| s.spidge_cards(&spidge, Objective::Max));
        check_budget(&format!("spidge min {seed}"), |s| s.spidge(&spidge, Objective::Min));
    }
}

#[test]
fn spidge_awards_within_a_cap_leave_out_only_what_they_cannot_afford() {
    let mut checked = 0;
    for seed in 0..if cfg!(debug_assertions) { 3 } else { 8 } {
        let mut game = SpidgeGame::new(SpidgeDeal::from_seed(seed), SpidgeRules::default());
        advance(&mut game, 36);
        let mut fresh = Solver::with_table_bits(16);
        let exact = fresh.spidge_awards(&game).unwrap();
        // A cap above what any award needs changes nothing.
        let mut solver = Solver::with_table_bits(16);
        assert_eq!(solver.spidge_awards_within(&game, u64::MAX / 2), Ok((exact, 0)), "seed {seed}");
        // A cap of one node leaves out every award that needs a search, and
        // what is left out is counted; the answer is still an answer.
        let mut tiny = Solver::with_table_bits(16);
        let (values, left_out) = tiny.spidge_awards_within(&game, 1).unwrap();
        assert_eq!(values.cards(), exact.cards());
        checked += usize::from(left_out > 0);
        // The overall limit still holds.
        let mut limited = Solver::with_table_bits(16);
        limited.set_node_limit(Some(1));
        if fresh.nodes() > 1 {
            assert_eq!(limited.spidge_awards_within(&game, 1), Err(SolveError::Budget));
        }
    }
    assert!(checked > 0, "some award needed a search");
}
