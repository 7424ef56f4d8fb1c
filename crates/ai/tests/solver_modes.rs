//! The solver's goals agree with each other, and the four-player first
//! trick after `CallFirstTrick` follows the max^n rule.
//!
//! * Win ⇔ exact points reach the contract's threshold, on seeded endgames
//!   and (release builds) on full deals from the first lead.
//! * The value is the best per-card value of the seat to move.
//! * Spidge values stay within the tricks there are.
//! * `CallFirstTrick` before trick 1 is complete: a max^n search written
//!   here over the engine's own game (every seat picks the card best for
//!   the side it ends up on, the lowest card on ties), whose leaves (trick 1
//!   complete, sides fixed) are valued by the fixed-side solver, which
//!   `solver_oracle.rs` checks against plain minimax.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trumpf_ai::{Goal, Objective, Solver};
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{
    Announcement, Contract as SpitzerContract, SpitzerAction, SpitzerDeal, SpitzerGame, SpitzerPhase, SpitzerRules,
};
use trumpf_core::{Game, Seat, Suit};

fn random_cards<G: Game>(game: &mut G, rng: &mut ChaCha8Rng, cards: usize) {
    for _ in 0..cards {
        if game.is_over() {
            return;
        }
        let legal = game.playable_cards();
        let card = legal.nth(rng.random_range(0..legal.len())).unwrap();
        let action = game.card_action(card);
        game.apply_unchecked(action);
    }
}

fn skat_agrees(game: &SkatGame, solver: &mut Solver, what: &str) {
    let contract = game.contract().unwrap();
    let points = solver.skat(game, Goal::Points).unwrap();
    let win = solver.skat(game, Goal::Win).unwrap();
    assert!((0..=120).contains(&points), "{what}: {points}");
    if contract.kind != GameKind::Null && !contract.schwarz {
        let threshold = if contract.schneider { 90 } else { 61 };
        assert_eq!(win == 1, points >= threshold, "{what}: win {win}, points {points}");
    }
    for goal in [Goal::Points, Goal::Win] {
        let cards = solver.skat_cards(game, goal).unwrap();
        let value = solver.skat(game, goal).unwrap();
        let declarer = game.declarer().unwrap().0;
        let best = if game.to_act() == Some(declarer) {
            cards.iter().map(|(_, v)| v).max()
        } else {
            cards.iter().map(|(_, v)| v).min()
        };
        assert_eq!(best, Some(value), "{what} {goal:?}: value is the best card's");
        assert_eq!(cards.cards(), game.legal_cards(), "{what}: a value per legal card");
    }
}

#[test]
fn skat_win_is_points_at_the_threshold() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut solver = Solver::with_table_bits(18);
    let n = if cfg!(debug_assertions) { 6 } else { 60 };
    for i in 0..n {
        let kind = GameKind::ALL[i % 6];
        let schneider = i % 7 == 3 && kind != GameKind::Null;
        let contract = Contract { kind, hand: schneider, schneider, schwarz: false, ouvert: false };
        let seed = rng.random::<u64>();
        let declarer = Seat::new(rng.random_range(0..3)).unwrap();
        let mut game =
            SkatGame::with_declaration(SkatDeal::from_seed(seed), SkatRules::default(), declarer, 18, contract)
                .unwrap();
        let played = if cfg!(debug_assertions) { 21 } else { rng.random_range(12..27) };
        random_cards(&mut game, &mut rng, played);
        if game.is_over() {
            continue;
        }
        skat_agrees(&game, &mut solver, &format!("{contract} seed {seed}"));
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "full deals: run with --release")]
fn skat_full_deals_win_is_points_at_61() {
    let mut solver = Solver::new();
    for (i, kind) in [GameKind::Suit(Suit::Hearts), GameKind::Grand, GameKind::Null, GameKind::Suit(Suit::Clubs)]
        .into_iter()
        .enumerate()
    {
        for seed in 0..3 {
            let deal = SkatDeal::from_seed(500 + seed + 10 * i as u64);
            let declarer = Seat::new((seed % 3) as usize).unwrap();
            let game =
                SkatGame::with_declaration(deal, SkatRules::default(), declarer, 18, Contract::pickup(kind)).unwrap();
            let points = solver.skat(&game, Goal::Points).unwrap();
            let win = solver.skat(&game, Goal::Win).unwrap();
            assert!((0..=120).contains(&points));
            if kind != GameKind::Null {
                assert_eq!(win == 1, points >= 61, "{kind} seed {seed}: win {win}, points {points}");
            }
        }
    }
}

/// The declaring side's points from a Points value for the seat to move.
fn d_points(game: &SpitzerGame, value: i32) -> i32 {
    let side = game.declaring_side().unwrap();
    if side.contains(game.to_act().unwrap()) { value } else { 120 - value }
}

fn spitzer_threshold(contract: SpitzerContract) -> Option<i32> {
    match contract {
        SpitzerContract::Normal | SpitzerContract::Sneaker | SpitzerContract::Zola => Some(61),
        SpitzerContract::ZolaSchneider | SpitzerContract::Schneider => Some(90),
        SpitzerContract::ZolaSchneiderSchwarz => None,
    }
}

#[test]
fn spitzer_win_is_points_at_the_threshold() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut solver = Solver::with_table_bits(18);
    let n = if cfg!(debug_assertions) { 8 } else { 60 };
    let zolas = [Announcement::Zola, Announcement::ZolaSchneider];
    for i in 0..n {
        let seed = rng.random::<u64>();
        let mut game = SpitzerGame::new(SpitzerDeal::from_seed(seed), SpitzerRules::default()).unwrap();
        // Seat i % 4 may announce a Zola (every player may), the others pass.
        while game.phase() == SpitzerPhase::Announcing {
            let seat = game.to_act().unwrap();
            let action = if seat.index() == i % 4 && i % 3 == 0 {
                SpitzerAction::Announce(zolas[i % 2])
            } else {
                SpitzerAction::Pass
            };
            game.try_apply(seat, action).unwrap();
        }
        let played = if cfg!(debug_assertions) { 20 } else { rng.random_range(8..24) };
        random_cards(&mut game, &mut rng, played);
        if game.is_over() || game.contract().is_none() {
            continue;
        }
        let points = solver.spitzer(&game, Goal::Points).unwrap();
        let win = solver.spitzer(&game, Goal::Win).unwrap();
        if let Some(t) = spitzer_threshold(game.contract().unwrap()) {
            assert_eq!(win == 1, d_points(&game, points) >= t, "seed {seed}: win {win} points {points}");
        }
        let cards = solver.spitzer_cards(&game, Goal::Points).unwrap();
        assert_eq!(cards.iter().map(|(_, v)| v).max(), Some(points), "seed {seed}");
    }
}

/// (Min may exceed Max: when the seat ducks, both others can throw tricks
/// at it that they would never give up when it tries to win them.)
#[test]
fn spidge_values_are_the_best_cards_and_in_range() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut solver = Solver::with_table_bits(18);
    let n = if cfg!(debug_assertions) { 6 } else { 40 };
    for _ in 0..n {
        let seed = rng.random::<u64>();
        let mut game = SpidgeGame::new(SpidgeDeal::from_seed(seed), SpidgeRules::default());
        random_cards(&mut game, &mut rng, 52 - 4 * if cfg!(debug_assertions) { 4 } else { 6 });
        let lo = solver.spidge(&game, Objective::Min).unwrap();
        let hi = solver.spidge(&game, Objective::Max).unwrap();
        let left = if cfg!(debug_assertions) { 4 } else { 6 }
            + game.tricks().as_array().iter().map(|&t| i32::from(t)).sum::<i32>();
        assert!((0..=left).contains(&lo) && (0..=left).contains(&hi), "seed {seed}: {lo} {hi}");
        let cards = solver.spidge_cards(&game, Objective::Max).unwrap();
        assert_eq!(cards.iter().map(|(_, v)| v).max(), Some(hi));
        let cards = solver.spidge_cards(&game, Objective::Min).unwrap();
        assert_eq!(cards.iter().map(|(_, v)| v).min(), Some(lo));
    }
}

// ------------------------------------------------------ CallFirstTrick

/// The test's own max^n over the rest of trick 1: returns the declaring
/// side's bits and its value (points, or 1/0 for the win goal).
fn first_trick_maxn(game: &SpitzerGame, goal: Goal, solver: &mut Solver) -> (u8, i32) {
    if let Some(side) = game.declaring_side().filter(|_| game.contract().is_some()) {
        let v = solver.spitzer(game, goal).unwrap();
        let value = if goal == Goal::Points { d_points(game, v) } else { v };
        return (side.bits(), value);
    }
    let mover = game.to_act().unwrap();
    let mut best: Option<(i32, (u8, i32))> = None;
    for card in game.legal_cards() {
        let mut next = *game;
        next.try_apply(mover, SpitzerAction::Play(card)).unwrap();
        let outcome = first_trick_maxn(&next, goal, solver);
        let payoff = payoff(mover, outcome, goal);
        if best.is_none_or(|(b, _)| payoff > b) {
            best = Some((payoff, outcome));
        }
    }
    best.unwrap().1
}

fn payoff(seat: Seat, (side, value): (u8, i32), goal: Goal) -> i32 {
    let declaring = side >> seat.index() & 1 != 0;
    match goal {
        Goal::Points if declaring => value,
        Goal::Points => 120 - value,
        Goal::Win => i32::from(declaring == (value == 1)),
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "solves seven-trick positions: run with --release")]
fn call_first_trick_is_max_n_over_trick_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut solver = Solver::new();
    let mut checked = 0;
    for seed in 0..20_000u64 {
        if checked == 3 {
            break;
        }
        let deal = SpitzerDeal::from_seed(seed);
        let mut game = SpitzerGame::new(deal, SpitzerRules::default()).unwrap();
        let mut called = false;
        while game.phase() == SpitzerPhase::Announcing {
            let seat = game.to_act().unwrap();
            called = game.legal_announcements().any(|a| a == Announcement::CallFirstTrick);
            let action =
                if called { SpitzerAction::Announce(Announcement::CallFirstTrick) } else { SpitzerAction::Pass };
            game.try_apply(seat, action).unwrap();
        }
        if !called {
            continue;
        }
        checked += 1;
        // Two or three cards of trick 1 already played: the sides are open.
        random_cards(&mut game, &mut rng, 2 + checked % 2);
        assert!(game.contract().is_none());
        let me = game.to_act().unwrap();
        for goal in [Goal::Points, Goal::Win] {
            let outcome = first_trick_maxn(&game, goal, &mut solver);
            let expected = if goal == Goal::Points { payoff(me, outcome, goal) } else { outcome.1 };
            assert_eq!(solver.spitzer(&game, goal), Ok(expected), "seed {seed} {goal:?}");
            let cards = solver.spitzer_cards(&game, goal).unwrap();
            for card in game.legal_cards() {
                let mut next = game;
                next.try_apply(me, SpitzerAction::Play(card)).unwrap();
                let o = first_trick_maxn(&next, goal, &mut solver);
                let v = if goal == Goal::Points { payoff(me, o, goal) } else { o.1 };
                assert_eq!(cards.get(card), Some(v), "seed {seed} {goal:?} {card}");
            }
        }
    }
    assert_eq!(checked, 3, "deals with a first-trick call found");
}

/// A Spitze game is won only with the last trick taken by the Spitze card
/// (pub extras §4), which no card-point or trick threshold expresses: the
/// win is refused by name, the card points are solved as in any suit game.
#[test]
fn a_spitze_game_refuses_the_win_and_solves_card_points() {
    use trumpf_core::skat::{SkatAction, SkatPhase};
    let mut solver = Solver::with_table_bits(16);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut found = 0;
    for seed in 0..400u64 {
        let mut game = SkatGame::new(SkatDeal::from_seed(seed), SkatRules::XSKAT);
        let mut legal = Vec::new();
        // Random actions, Spitze whenever offered, until the first lead.
        while !(game.is_over() || game.phase() == SkatPhase::Playing && game.spitze().is_some()) {
            let seat = game.to_act().unwrap();
            game.legal_actions(&mut legal);
            let action = if legal.contains(&SkatAction::Spitze) {
                SkatAction::Spitze
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            game.try_apply(seat, action).unwrap();
        }
        if game.is_over() {
            continue;
        }
        found += 1;
        random_cards(&mut game, &mut rng, 24);
        if game.is_over() || game.phase() != SkatPhase::Playing {
            continue;
        }
        let err = solver.skat(&game, Goal::Win).unwrap_err();
        assert!(err.to_string().contains("Spitze"), "{err}");
        let points = solver.skat(&game, Goal::Points).unwrap();
        assert!((0..=120).contains(&points), "seed {seed}: {points}");
        if found >= 5 {
            break;
        }
    }
    assert!(found >= 5, "Spitze games found: {found}");
}

/// Schwarz announced: the play ends at the defenders' first trick
/// (skat.md §6.5), even when the declarer holds every jack. Forehand, a
/// defender, leads the ♠A; the declarer must follow with his ♠7, so the
/// game ends at once with the declarer's card points the skat's 11 alone,
/// the least he can have. (A bound that gave him his top trumps' points
/// whether or not he ever got to play them once said 36.)
#[test]
fn skat_schwarz_announced_ends_at_the_defenders_first_trick() {
    let cards = |s: &str| s.parse::<trumpf_core::CardSet>().unwrap();
    let hands = [
        cards("SA.ST.SK.SQ.S9.S8.CA.CT.CK.CQ"),
        cards("CJ.SJ.HJ.DJ.HT.HK.HQ.H9.H8.S7"),
        cards("C9.C8.C7.DA.DT.DK.DQ.D9.D8.D7"),
    ];
    let deal = SkatDeal::new(hands, cards("HA.H7")).unwrap();
    let contract =
        Contract { kind: GameKind::Suit(Suit::Hearts), hand: true, schneider: true, schwarz: true, ouvert: false };
    let game = SkatGame::with_declaration(deal, SkatRules::default(), Seat::MIDDLEHAND, 18, contract).unwrap();
    let mut solver = Solver::new();
    assert_eq!(solver.skat(&game, Goal::Points), Ok(11));
    let cards = solver.skat_cards(&game, Goal::Points).unwrap();
    let ace: Vec<i32> = cards.iter().filter(|(c, _)| *c == "SA".parse().unwrap()).map(|(_, v)| v).collect();
    assert_eq!(ace, [11]);
    // Lost whatever forehand leads: the declarer cannot take every trick.
    assert_eq!(solver.skat(&game, Goal::Win), Ok(0));
}

/// A defender's top cards of a suit are no sure tricks when his partner
/// holds a higher one he must play: the lead passes to the partner. After
/// seven tricks that forehand (a defender) takes with his top cards, he
/// leads one of ♥7 ♥9 ♥Q; rearhand must overtake with his only heart, the
/// ♥K, and lead the clubs, and the declarer, who keeps ♣10 ♣8 and throws
/// the ♠K, takes the ♣Q with his ♣10 whichever club comes first: 13 card
/// points to the skat's 21 (◆A ◆10), 34 in all. (Counting the hearts as
/// forehand's sure tricks once gave the declarer nothing more: 21.)
#[test]
fn skat_partner_who_must_overtake_takes_the_lead() {
    let cards = |s: &str| s.parse::<trumpf_core::CardSet>().unwrap();
    let hands = [
        cards("CJ.SJ.HJ.SA.ST.CK.HA.H7.H9.HQ"),
        cards("DJ.DK.DQ.SQ.S9.C9.HT.C8.CT.SK"),
        cards("D9.D8.D7.S8.S7.C7.H8.CQ.CA.HK"),
    ];
    let deal = SkatDeal::new(hands, cards("DA.DT")).unwrap();
    let contract = Contract::pickup(GameKind::Suit(Suit::Diamonds));
    let mut game = SkatGame::with_declaration(deal, SkatRules::default(), Seat::MIDDLEHAND, 18, contract).unwrap();
    let tricks = "CJ DQ D7 SJ DK D8 HJ DJ D9 SA S9 S7 ST SQ S8 CK C9 C7 HA HT H8";
    for card in tricks.split(' ') {
        let seat = game.to_act().unwrap();
        let action = game.card_action(card.parse().unwrap());
        game.try_apply(seat, action).unwrap();
    }
    assert_eq!(game.to_act(), Some(Seat::FOREHAND));
    assert_eq!(game.points_won()[Seat::MIDDLEHAND], 0);
    let mut solver = Solver::new();
    assert_eq!(solver.skat(&game, Goal::Points), Ok(34));
    let values: Vec<(trumpf_core::Card, i32)> = solver.skat_cards(&game, Goal::Points).unwrap().iter().collect();
    assert_eq!(values.iter().map(|&(_, v)| v).collect::<Vec<_>>(), [34, 34, 34]);
}
