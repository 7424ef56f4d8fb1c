//! Conformance of every game to the [`Game`] trait, written once and
//! instantiated per game with a one-line constructor (see the bottom of the
//! file), plus Skat-specific hidden-information tests.
//!
//! The generic checks play random legal playouts from many seeds and assert,
//! at every step: the turn and end bookkeeping agree (`to_act`, `is_over`,
//! `legal_actions`, `scores`); every listed action is legal and applies; the
//! checked and unchecked paths agree; each seat's view matches the state and
//! shows no card the seat cannot know; the cards are conserved.

use trumpf_core::shuffle::{DealRng, deal_rng, uniform_below};
use trumpf_core::skat::{Contract, GameKind, SkatAction, SkatDeal, SkatGame, SkatPhase, SkatRules};
use trumpf_core::{CardSet, Game, GameView, Seat};

/// Seeds per game for the generic suite.
const SEEDS: std::ops::Range<u64> = 0..300;

/// States compare through `Debug`: the trait guarantees it, not `PartialEq`.
fn same<G: Game>(a: &G, b: &G) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

fn pick<A: Copy>(rng: &mut DealRng, actions: &[A]) -> A {
    actions[uniform_below(rng, actions.len() as u32) as usize]
}

fn legal<G: Game>(game: &G) -> Vec<G::Action> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

fn seats<G: Game>(game: &G) -> impl Iterator<Item = Seat> {
    Seat::all(game.seats())
}

/// Turn, end and score bookkeeping.
fn check_turn_and_end<G: Game>(game: &G, ctx: &str) {
    let actions = legal(game);
    assert!((1..=Seat::MAX).contains(&game.seats()), "{ctx}: seats() = {}", game.seats());
    assert_eq!(game.is_over(), game.to_act().is_none(), "{ctx}: is_over vs to_act");
    assert_eq!(actions.is_empty(), game.is_over(), "{ctx}: legal_actions is empty exactly when over");
    assert_eq!(game.scores().is_some(), game.is_over(), "{ctx}: scores() is Some exactly when over");
    if let Some(to_act) = game.to_act() {
        assert!(to_act.index() < game.seats(), "{ctx}: seat to act {to_act:?} is not at the table");
    }
    if let Some(scores) = game.scores() {
        assert!(scores[game.seats()..].iter().all(|&s| s == 0), "{ctx}: scores past seats() must be 0");
    }
    // The output vector is cleared first.
    let mut reused = actions.clone();
    reused.extend(actions.iter().copied());
    game.legal_actions(&mut reused);
    assert_eq!(reused, actions, "{ctx}: legal_actions must clear its output first");
    for (i, a) in actions.iter().enumerate() {
        assert!(!actions[..i].contains(a), "{ctx}: {a} listed twice");
    }
}

/// Every listed action is legal and applies, checked and unchecked alike;
/// applying to a clone leaves the original alone.
fn check_actions_apply<G: Game>(game: &G, ctx: &str) {
    let Some(seat) = game.to_act() else { return };
    let before = format!("{game:?}");
    for action in legal(game) {
        assert!(game.is_legal(action), "{ctx}: listed {action} is not legal");
        let mut checked = game.clone();
        checked.try_apply(seat, action).unwrap_or_else(|e| panic!("{ctx}: listed {action} refused: {e}"));
        let mut unchecked = game.clone();
        unchecked.apply_unchecked(action);
        assert!(same(&checked, &unchecked), "{ctx}: try_apply and apply_unchecked differ on {action}");
    }
    assert_eq!(format!("{game:?}"), before, "{ctx}: applying to clones changed the original");
}

/// Hands, played cards, public and private cards lie inside the pack; hands
/// are disjoint from each other and from the played cards.
fn check_cards<G: Game>(game: &G, ctx: &str) {
    let pack = game.pack();
    let played = game.played();
    assert!(played.is_subset(pack), "{ctx}: played cards outside the pack");
    assert!(game.public_cards().is_subset(pack), "{ctx}: public cards outside the pack");
    let mut seen = played;
    for seat in seats(game) {
        let hand = game.hand(seat);
        assert!(hand.is_subset(pack), "{ctx}: seat {seat} holds cards outside the pack");
        assert!(!hand.intersects(seen), "{ctx}: seat {seat} holds a card held or played elsewhere");
        seen |= hand;
        assert!(game.private_knowledge(seat).is_subset(pack), "{ctx}: private knowledge outside the pack");
    }
}

/// Each seat's view agrees with the state and shows only what the seat may
/// know: its hand, the played cards, the public cards, its private knowledge,
/// and cards it saw played earlier (`known`).
fn check_views<G: Game>(game: &G, known: &[CardSet], ctx: &str) {
    let actions = legal(game);
    for seat in seats(game) {
        let view = game.view(seat);
        assert_eq!(view.seat(), seat, "{ctx}");
        assert_eq!(view.hand(), game.hand(seat), "{ctx}: view hand of seat {seat}");
        let my_turn = game.to_act() == Some(seat);
        assert_eq!(view.is_my_turn(), my_turn, "{ctx}: is_my_turn of seat {seat}");
        let mut view_actions = Vec::new();
        view.legal_actions(&mut view_actions);
        if my_turn {
            assert_eq!(view_actions, actions, "{ctx}: the view of seat {seat} lists other actions");
        } else {
            assert!(view_actions.is_empty(), "{ctx}: seat {seat} is not to act but its view lists actions");
        }
        let allowed =
            game.hand(seat) | game.played() | game.public_cards() | game.private_knowledge(seat) | known[seat.index()];
        let leaked = view.visible_cards().minus(allowed);
        assert!(leaked.is_empty(), "{ctx}: the view of seat {seat} shows {leaked} it cannot know");
    }
}

/// How a playout chooses among the legal actions. Biasing towards the first
/// or the last action reaches states a uniform choice rarely does (in Skat
/// the lowest bid, or passing everything out).
#[derive(Clone, Copy, Debug)]
enum Policy {
    Uniform,
    FirstBiased,
    LastBiased,
}

impl Policy {
    fn of_seed(seed: u64) -> Policy {
        match seed % 4 {
            2 => Policy::FirstBiased,
            3 => Policy::LastBiased,
            _ => Policy::Uniform,
        }
    }
}

/// One random playout from `seed`, checking everything at every step.
/// Returns the final state.
pub fn random_playout<G: Game>(new: &impl Fn(u64) -> G, seed: u64) -> G {
    let policy = Policy::of_seed(seed);
    let mut game = new(seed);
    let mut rng = deal_rng(seed ^ 0x005E_ED0F_C0DE);
    let mut known = vec![CardSet::EMPTY; game.seats()];
    for step in 0.. {
        let ctx = format!("{} seed {seed} step {step}", G::NAME);
        assert!(step < 10_000, "{ctx}: the deal does not end");
        check_turn_and_end(&game, &ctx);
        check_cards(&game, &ctx);
        check_views(&game, &known, &ctx);
        check_actions_apply(&game, &ctx);
        let Some(seat) = game.to_act() else { break };
        let actions = legal(&game);
        let action = match (policy, uniform_below(&mut rng, 2)) {
            (Policy::FirstBiased, 0) => actions[0],
            (Policy::LastBiased, 0) => actions[actions.len() - 1],
            _ => pick(&mut rng, &actions),
        };
        let hand_before = game.hand(seat);
        let played_before = game.played();
        game.try_apply(seat, action).unwrap_or_else(|e| panic!("{ctx}: {action} refused: {e}"));
        assert!(played_before.is_subset(game.played()), "{ctx}: played cards disappeared");
        if let Some(card) = G::card_of(action) {
            assert!(hand_before.contains(card), "{ctx}: {card} played from outside the hand");
            assert!(!played_before.contains(card), "{ctx}: {card} played twice");
            assert!(game.played().contains(card), "{ctx}: {card} not recorded as played");
            assert!(!game.hand(seat).contains(card), "{ctx}: {card} still in the hand");
            for k in &mut known {
                k.insert(card);
            }
        }
    }
    game
}

/// The generic suite: random playouts from every seed, and determinism.
pub fn conformance<G: Game>(new: impl Fn(u64) -> G, seeds: std::ops::Range<u64>) {
    // Every seed runs even when one fails, so that one failure does not hide
    // the others; the failures are reported together.
    let mut failures = Vec::new();
    for seed in seeds.clone() {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| random_playout(&new, seed)));
        if let Err(panic) = result {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(message);
        }
    }
    assert!(
        failures.is_empty(),
        "{}: {} of {} playouts failed, e.g.\n{}",
        G::NAME,
        failures.len(),
        seeds.end - seeds.start,
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
    // The same seed gives the same deal and, with the same choices, the same end.
    for seed in seeds.take(10) {
        let a = random_playout(&new, seed);
        let b = random_playout(&new, seed);
        assert!(same(&a, &b), "{} seed {seed}: playouts differ", G::NAME);
        assert_eq!(a.scores(), b.scores());
    }
}

/// The trait promises the legal actions in ascending order, for games whose
/// actions are ordered.
pub fn legal_actions_ascending<G: Game>(new: impl Fn(u64) -> G, seeds: std::ops::Range<u64>)
where
    G::Action: Ord,
{
    let mut unordered = Vec::new();
    for seed in seeds {
        let mut game = new(seed);
        let mut rng = deal_rng(seed);
        while let Some(seat) = game.to_act() {
            let actions = legal(&game);
            if let Some(i) = actions.windows(2).position(|w| w[0] >= w[1]) {
                unordered.push(format!("seed {seed}: {} before {}", actions[i], actions[i + 1]));
            }
            let action = pick(&mut rng, &actions);
            game.try_apply(seat, action).expect("legal");
        }
    }
    assert!(
        unordered.is_empty(),
        "{} lists legal actions out of ascending order ({} states), e.g.\n{}",
        G::NAME,
        unordered.len(),
        unordered.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Instantiates the generic suite for one game: name, state type, constructor.
macro_rules! conformance_suite {
    ($name:ident, $game:ty, $new:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[test]
            fn random_playouts_conform() {
                let new: fn(u64) -> $game = $new;
                super::conformance(new, super::SEEDS);
            }
        }
    };
}

conformance_suite!(skat, SkatGame, |seed| SkatGame::new(SkatDeal::from_seed(seed), SkatRules::default()));
conformance_suite!(spitzer, trumpf_core::spitzer::SpitzerGame, trumpf_core::spitzer::SpitzerGame::from_seed);
conformance_suite!(spidge, trumpf_core::spidge::SpidgeGame, trumpf_core::spidge::SpidgeGame::from_seed);
// The runtime switch over the games delegates every call: it conforms too.
conformance_suite!(any_skat, trumpf_core::AnyGame, |seed| trumpf_core::GameId::Skat.deal(seed));
conformance_suite!(any_spitzer, trumpf_core::AnyGame, |seed| trumpf_core::GameId::Spitzer.deal(seed));
conformance_suite!(any_spidge, trumpf_core::AnyGame, |seed| trumpf_core::GameId::Spidge.deal(seed));
// The house rules of skat-variants.md: Ramsch after three passes, Kontra/Re
// (both timings), Bock deals, Ramsch rounds with the Grand Hand offer, and
// the Pirat Schieberamsch.
conformance_suite!(skat_pub, SkatGame, |seed| SkatGame::new(SkatDeal::from_seed(seed), SkatRules::PUB));
conformance_suite!(skat_kontra_before_lead, SkatGame, |seed| {
    let mut rules = SkatRules::PUB;
    rules.kontra = Some(trumpf_core::skat::KontraRules {
        requires_bid: seed % 2 == 0,
        timing: trumpf_core::skat::KontraTiming::BeforeOpeningLead,
    });
    SkatGame::new(SkatDeal::from_seed(seed), rules)
});
conformance_suite!(skat_ramsch_round, SkatGame, |seed| {
    let setup = trumpf_core::skat::DealSetup { bock: 2, ramsch_round: true };
    SkatGame::with_setup(SkatDeal::from_seed(seed), SkatRules::PUB, setup)
});
conformance_suite!(skat_pirat_ramsch, SkatGame, |seed| {
    let setup = trumpf_core::skat::DealSetup { bock: 1, ramsch_round: true };
    SkatGame::with_setup(SkatDeal::from_seed(seed), SkatRules::PIRAT, setup)
});

#[test]
fn skat_legal_actions_are_ascending() {
    legal_actions_ascending(|seed| SkatGame::new(SkatDeal::from_seed(seed), SkatRules::default()), 0..100);
    legal_actions_ascending(|seed| SkatGame::new(SkatDeal::from_seed(seed), SkatRules::PUB), 0..100);
}

// ---------------------------------------------------------------------------
// Skat: hidden information (§3.3, §5, §6.4)

const DEFENDERS_OF_MH: [Seat; 2] = [Seat::FOREHAND, Seat::REARHAND];

/// Middlehand bids 18, the others pass; middlehand declares `contract`
/// (picking up and laying away two random cards first unless it is a hand
/// game); then random play. `check` runs on every state.
fn declared_playout(seed: u64, contract: Contract, mut check: impl FnMut(&SkatGame)) -> SkatGame {
    let mut game = SkatGame::new(SkatDeal::from_seed(seed), SkatRules::default());
    let mut rng = deal_rng(seed.wrapping_mul(31).wrapping_add(7));
    let mut script = vec![
        (Seat::MIDDLEHAND, SkatAction::Bid(18)),
        (Seat::FOREHAND, SkatAction::Pass),
        (Seat::REARHAND, SkatAction::Pass),
    ];
    if contract.hand {
        script.push((Seat::MIDDLEHAND, SkatAction::Declare(contract)));
    } else {
        script.push((Seat::MIDDLEHAND, SkatAction::TakeSkat));
    }
    for (seat, action) in script {
        check(&game);
        game.try_apply(seat, action).unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    if !contract.hand {
        check(&game);
        let discard = pick(&mut rng, &legal(&game));
        game.try_apply(Seat::MIDDLEHAND, discard).expect("legal discard");
        check(&game);
        game.try_apply(Seat::MIDDLEHAND, SkatAction::Declare(contract)).expect("legal declaration");
    }
    while let Some(seat) = game.to_act() {
        check(&game);
        let action = pick(&mut rng, &legal(&game));
        game.try_apply(seat, action).expect("legal");
    }
    check(&game);
    game
}

/// Before the declarer picks up, no view shows the skat; the defenders never
/// see the discards (or an untouched skat) before the end; only the
/// declarer's hand in an ouvert game is public; nobody sees another seat's
/// hand otherwise.
#[test]
fn skat_views_leak_nothing() {
    for contract in Contract::all() {
        for seed in 0..25 {
            let deal = SkatDeal::from_seed(seed);
            let declarer = Seat::MIDDLEHAND;
            declared_playout(seed, contract, |game| {
                let ctx = format!("{contract} seed {seed} {:?}", game.phase());
                let over = game.is_over();
                let skat_taken = game.picked_up();
                let laid_away =
                    if skat_taken && game.phase() > SkatPhase::Discarding { game.skat() } else { CardSet::EMPTY };
                for seat in Seat::all(3) {
                    let visible = game.view(seat).visible_cards();
                    if !skat_taken && !over {
                        assert!(!visible.intersects(deal.skat()), "{ctx}: seat {seat} sees the skat before pickup");
                    }
                    if seat != declarer && !over {
                        let hidden = (deal.skat() | laid_away).minus(game.played()).minus(game.public_cards());
                        let leaked = visible & hidden;
                        assert!(leaked.is_empty(), "{ctx}: defender {seat} sees {leaked} of the skat or the discards");
                    }
                    // Once a played deal is over the engine shows the skat as dealt
                    // (it may still lie in an early-ended declarer's hand): only
                    // check the hands during the deal.
                    for other in Seat::all(3).filter(|&o| o != seat && !over) {
                        let leaked = visible & game.hand(other) & !game.public_cards();
                        assert!(leaked.is_empty(), "{ctx}: seat {seat} sees {leaked} of seat {other}'s hand");
                    }
                }
                let public = game.public_cards();
                let open = contract.ouvert && game.contract().is_some();
                if open {
                    assert_eq!(public, game.hand(declarer), "{ctx}: the ouvert hand lies open");
                    for seat in DEFENDERS_OF_MH {
                        let shown = game.view(seat).visible_cards();
                        assert!(game.hand(declarer).is_subset(shown), "{ctx}: defender {seat} sees the open hand");
                    }
                } else {
                    assert_eq!(public, CardSet::EMPTY, "{ctx}: nothing is public");
                }
            });
        }
    }
}

/// §6.4: in Null Ouvert after a pickup the two discards stay hidden, and the
/// dealt skat stays hidden in every hand game, ouvert included.
#[test]
fn skat_ouvert_keeps_the_skat_hidden() {
    let null_ouvert = Contract { ouvert: true, ..Contract::pickup(GameKind::Null) };
    let grand_ouvert =
        Contract { hand: true, schneider: true, schwarz: true, ouvert: true, ..Contract::pickup(GameKind::Grand) };
    for contract in [null_ouvert, grand_ouvert] {
        for seed in 0..50 {
            declared_playout(seed, contract, |game| {
                if game.contract().is_none() || game.is_over() {
                    return;
                }
                assert!(!game.public_cards().intersects(game.skat()), "{contract} seed {seed}: the skat is public");
                for seat in DEFENDERS_OF_MH {
                    let visible = game.view(seat).visible_cards();
                    assert!(!visible.intersects(game.skat()), "{contract} seed {seed}: defender {seat} sees the skat");
                }
            });
        }
    }
}

/// §3.3, §4.6: a deal passed in is thrown in without anybody taking the skat,
/// so no view shows it, consistent with `private_knowledge`.
#[test]
fn skat_passed_in_deal_shows_nobody_the_skat() {
    for seed in 0..20 {
        let deal = SkatDeal::from_seed(seed);
        let mut game = SkatGame::new(deal, SkatRules::default());
        for (seat, action) in [
            (Seat::MIDDLEHAND, SkatAction::Pass),
            (Seat::REARHAND, SkatAction::Pass),
            (Seat::FOREHAND, SkatAction::Pass),
        ] {
            game.try_apply(seat, action).expect("legal pass");
        }
        assert!(game.is_over());
        for seat in Seat::all(3) {
            assert!(!game.private_knowledge(seat).intersects(deal.skat()));
            let visible = game.view(seat).visible_cards();
            assert!(
                !visible.intersects(deal.skat()),
                "seed {seed}: seat {seat} sees the skat {} of a passed-in deal",
                deal.skat()
            );
        }
    }
}

#[test]
fn skat_onlooker_sees_only_the_table() {
    // skat.md §1.1: at a 4-member table the dealer sits out; he sees no hand
    // and no skat before the end, only the cards played and an ouvert hand.
    let mut rules = SkatRules::PUB;
    rules.table_size = 4;
    for seed in 0..200u64 {
        let mut game = SkatGame::new(SkatDeal::from_seed(seed), rules);
        let mut rng = trumpf_core::shuffle::deal_rng(seed);
        loop {
            let view = game.spectator_view();
            assert!(!view.is_my_turn());
            assert!(view.hand().is_empty());
            let mut allowed = game.played() | game.public_cards();
            if game.is_over() {
                allowed |= game.deal().skat() | game.skat();
            }
            assert!(view.visible_cards().is_subset(allowed), "seed {seed}: {}", view.visible_cards() - allowed);
            let mut buf = Vec::new();
            view.legal_actions(&mut buf);
            assert!(buf.is_empty());
            let Some(action) = game.random_action(&mut rng) else { break };
            game.apply_unchecked(action);
        }
    }
}
