//! Where does medium's card play lose against the heuristic bot, measured
//! double-dummy? Plays seeded deals with one heuristic seat and two medium
//! seats (`defence`: the games the heuristic seat declares) or one medium
//! seat and two heuristic ones (`declarer`: the games the medium seat
//! declares), and solves every position of the trick play with all hands
//! known (the contract's win goal). A *flip* is a card of a medium seat
//! that turns a game its side wins double-dummy into one it loses; for
//! each, the medium seat's own view is valued over 400 sampled worlds (the
//! inference weights of medium), to tell a guess from a mistake. The card
//! that ends the play is not judged (no position is left to solve).
//!
//! ```sh
//! cargo run --release -p trumpf-ai --example play_audit -- [deals] [seed] [defence|declarer]
//! ```
//!
//! Prints one line per flip and a summary; `PLAY_AUDIT_TRACE=1` also
//! prints every audited game.

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trumpf_ai::pimc::{POLICY_PERCENT, PimcConfig, SkatPimc};
use trumpf_ai::sampler::weights::{skat_policy_weight, skat_weight};
use trumpf_ai::sampler::{Sampled, Worlds};
use trumpf_ai::{Bot, Goal, SkatBot, Solver};
use trumpf_core::skat::{SkatAction, SkatDeal, SkatGame, SkatOutcome, SkatPhase, SkatRules};
use trumpf_core::{Card, Game, Seat};

/// Worlds of the tally at a flip.
const TALLY_WORLDS: usize = 400;

/// One audited game.
#[derive(Default)]
struct Audit {
    /// The declarer wins double-dummy at the first card (`None` before it).
    start_won: Option<bool>,
    /// He won at the table.
    won: bool,
    /// Flips by the medium side: the position in the trick, and the
    /// tally's values of the card played and of the best card.
    flips: Vec<(usize, f64, f64)>,
    /// Cards of the heuristic side that gave the medium side a won game.
    gifts: usize,
    lines: Vec<String>,
}

/// The chance, over [`TALLY_WORLDS`] worlds of `seat`'s view weighed as
/// medium weighs them, that `seat`'s side wins after each legal card.
fn tally(solver: &mut Solver, game: &SkatGame, seat: Seat, declarer: Seat, seed: u64) -> BTreeMap<Card, f64> {
    let view = game.view(seat);
    let mut sum = BTreeMap::<Card, f64>::new();
    let mut total = 0.0;
    let Ok(worlds) = SkatGame::worlds(&view) else { return sum };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let policy = f64::from(POLICY_PERCENT) / 100.0;
    for _ in 0..TALLY_WORLDS {
        let Ok(world) = worlds.sample(&mut rng) else { break };
        let weight = skat_weight(&view, &world) * skat_policy_weight(&view, &world, policy);
        let Ok(values) = solver.skat_cards(&world, Goal::Win) else { continue };
        for (card, v) in values.iter() {
            let mine = if seat == declarer { v } else { 1 - v };
            *sum.entry(card).or_default() += weight * f64::from(mine);
        }
        total += weight;
    }
    for v in sum.values_mut() {
        *v /= total.max(f64::MIN_POSITIVE);
    }
    sum
}

/// Plays deal `d` with the heuristic bot on `heuristic` seats and medium on
/// the others; audits the game if `audited(declarer)`.
fn play(
    solver: &mut Solver,
    deal: SkatDeal,
    d: u64,
    heuristic: [bool; 3],
    audited: impl Fn(Seat) -> bool,
) -> Option<Audit> {
    let mut medium: Vec<SkatPimc> = (0..3).map(|s| SkatPimc::new(PimcConfig::MEDIUM, d * 3 + s)).collect();
    let mut rules_bot = SkatBot::new();
    let mut game = SkatGame::new(deal, SkatRules::default());
    let mut audit = Audit::default();
    while let Some(seat) = game.to_act() {
        let view = game.view(seat);
        let action = if heuristic[seat.index()] { rules_bot.choose(&view) } else { medium[seat.index()].choose(&view) };
        let declarer = game.declarer().map(|(s, _)| s);
        let (Some(declarer), SkatPhase::Playing, SkatAction::Play(card)) = (declarer, game.phase(), action) else {
            game.try_apply(seat, action).expect("the bots play legal actions");
            continue;
        };
        if !audited(declarer) {
            return None;
        }
        let before = solver.skat(&game, Goal::Win).ok()? == 1;
        audit.start_won.get_or_insert(before);
        let position = game;
        game.try_apply(seat, action).expect("the bots play legal actions");
        let after = match game.phase() {
            SkatPhase::Playing => solver.skat(&game, Goal::Win).ok()? == 1,
            _ => before,
        };
        if before == after {
            continue;
        }
        let mover_won_before = before == (seat == declarer);
        if heuristic[seat.index()] {
            audit.gifts += usize::from(mover_won_before);
            continue;
        }
        if mover_won_before {
            let values = tally(solver, &position, seat, declarer, d ^ 0x5eed);
            let played = values.get(&card).copied().unwrap_or(0.0);
            let best = values.values().copied().fold(0.0, f64::max);
            let trick = position.history().completed();
            let pos = position.current_trick().1.len();
            let shown: Vec<String> = values.iter().map(|(c, v)| format!("{c}:{v:.2}")).collect();
            audit.lines.push(format!(
                "  trick {} pos {pos} seat {} played {card}: {}",
                trick + 1,
                seat.index(),
                shown.join(" ")
            ));
            audit.flips.push((pos, played, best));
        }
    }
    if let Some(SkatOutcome::Played { settlement, .. }) = game.outcome() {
        audit.won = settlement.won;
        audit.lines.insert(
            0,
            format!(
                "deal {d} {} declared by seat {}: double-dummy {} at the first card, {} at the table",
                settlement.contract,
                game.declarer().map_or(0, |(s, _)| s.index()),
                if audit.start_won == Some(true) { "won" } else { "lost" },
                if audit.won { "won" } else { "lost" }
            ),
        );
        return Some(audit);
    }
    None
}

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(90000);
    let declarer_side = args.next().as_deref() == Some("declarer");
    let trace = std::env::var_os("PLAY_AUDIT_TRACE").is_some();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let workers: Vec<_> = (0..threads)
        .map(|t| {
            std::thread::spawn(move || {
                let mut solver = Solver::new();
                let mut audits = Vec::new();
                for d in (t..deals).step_by(threads as usize) {
                    let deal = SkatDeal::random(&mut ChaCha8Rng::seed_from_u64(seed + d));
                    for h in 0..3 {
                        let seat = Seat::new(h).expect("three seats");
                        // The odd seat: heuristic when auditing the defence, medium otherwise.
                        let heuristic = std::array::from_fn(|s| (s == h) != declarer_side);
                        if let Some(a) = play(&mut solver, deal, seed + d, heuristic, |declarer| declarer == seat) {
                            audits.push(a);
                        }
                    }
                }
                audits
            })
        })
        .collect();
    let audits: Vec<Audit> = workers.into_iter().flat_map(|w| w.join().expect("a worker panicked")).collect();
    let mut table = BTreeMap::<(bool, bool), usize>::new();
    let (mut flips, mut close, mut by_pos, mut gifts, mut missed) = (0, 0, [0; 3], 0, 0);
    for a in &audits {
        *table.entry((a.start_won == Some(true), a.won)).or_default() += 1;
        if trace || !a.flips.is_empty() {
            for l in &a.lines {
                println!("{l}");
            }
        }
        for &(pos, played, best) in &a.flips {
            flips += 1;
            by_pos[pos] += 1;
            close += usize::from(best - played <= 0.05);
        }
        gifts += a.gifts;
        // The medium side was given the game by a heuristic card and still lost it.
        let medium_won = a.won == declarer_side;
        missed += usize::from(a.gifts > 0 && !medium_won);
    }
    let side = if declarer_side {
        "medium declares against two heuristic defenders"
    } else {
        "the heuristic declares against two medium defenders"
    };
    println!("{} games ({side}), seeds {seed}..{}", audits.len(), seed + deals);
    for ((start, won), n) in table {
        println!(
            "  double-dummy {} at the first card, {} at the table: {n}",
            if start { "won" } else { "lost" },
            if won { "won" } else { "lost" }
        );
    }
    println!(
        "  medium's flips: {flips} (leading {}, second {}, third {}); the card played within 0.05 of the {TALLY_WORLDS}-world best: {close}",
        by_pos[0], by_pos[1], by_pos[2]
    );
    println!("  the heuristic side's flips (gifts): {gifts}; games the medium side was given and still lost: {missed}");
}
