//! How many trumps a Skat declarer holds: the share of declared suit games
//! by the trumps among the declarer's twelve cards (his ten and the skat),
//! and of Grands by his jacks, in self-play of a bot, beside the same
//! shares for twelve cards dealt at random. Their ratio is the likelihood
//! ratio `sampler::weights` weighs a defender's worlds by.
//!
//! ```sh
//! cargo run --release -p trumpf-ai --example declarer_shapes -- [deals] [bot]
//! ```
//!
//! `bot` is any spec of `trumpf sim` that plays from its view (default
//! `heuristic`).

use trumpf_ai::{BotGame, BotSpec};
use trumpf_core::series::MatchGame;
use trumpf_core::shuffle::deal_rng;
use trumpf_core::skat::{GameKind, SkatGame, SkatOutcome};
use trumpf_core::{CardSet, Game, Seat};

/// The chance that `drawn` cards dealt from `pack` hold exactly `k` of
/// `marked` (hypergeometric).
fn hypergeometric(pack: u64, marked: u64, drawn: u64, k: u64) -> f64 {
    let choose = |n: u64, r: u64| -> f64 {
        if r > n {
            return 0.0;
        }
        (0..r).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    };
    choose(marked, k) * choose(pack - marked, drawn - k) / choose(pack, drawn)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let spec: BotSpec = args.next().unwrap_or_else(|| "heuristic".into()).parse().expect("a bot spec");
    let rules = <SkatGame as MatchGame>::Rules::default();
    let mut suit = [0u64; 12];
    let mut grand = [0u64; 5];
    // Trumps laid away, by the trumps in the twelve cards (pickup games).
    let mut away = [[0u64; 3]; 12];
    for k in 0..deals {
        let mut game = <SkatGame as MatchGame>::deal(&rules, &Default::default(), &mut deal_rng(7_000_000 + k));
        let mut bots: Vec<_> =
            Seat::all(3).map(|s| SkatGame::bot(&spec, k * 3 + s.index() as u64).expect("a bot")).collect();
        while let Some(seat) = game.to_act() {
            let action = bots[seat.index()].choose(&game.view(seat));
            if game.try_apply(seat, action).is_err() {
                break;
            }
        }
        let Some(SkatOutcome::Played { declarer, settlement }) = game.outcome() else { continue };
        let twelve = game.deal().hand(declarer) | game.deal().skat();
        let kind = settlement.contract.kind;
        match kind {
            GameKind::Suit(_) => {
                let k = (twelve & kind.trumps()).len();
                suit[k] += 1;
                if !settlement.contract.hand {
                    away[k][(game.skat() & kind.trumps()).len()] += 1;
                }
            }
            GameKind::Grand => grand[(twelve & CardSet::JACKS).len()] += 1,
            GameKind::Null => {}
        }
    }
    let show = |name: &str, counts: &[u64], marked: u64| {
        let total: u64 = counts.iter().sum();
        println!("{name}: {total} games");
        println!("{:>3} {:>8} {:>8} {:>8}", "k", "declared", "random", "ratio");
        for (k, &c) in counts.iter().enumerate() {
            let share = c as f64 / total.max(1) as f64;
            let random = hypergeometric(32, marked, 12, k as u64);
            println!("{k:>3} {:>7.2}% {:>7.2}% {:>8.3}", 100.0 * share, 100.0 * random, share / random);
        }
    };
    show("suit games, trumps in the declarer's twelve cards", &suit, 11);
    show("grands, jacks in the declarer's twelve cards", &grand, 4);
    println!(
        "suit pickups, trumps laid away, by the trumps in the twelve cards (declared; two of the twelve at random)"
    );
    for (k, row) in away.iter().enumerate() {
        let total: u64 = row.iter().sum();
        if total == 0 {
            continue;
        }
        let shares: Vec<String> = (0..3)
            .map(|j| {
                let share = row[j] as f64 / total as f64;
                let random = hypergeometric(12, k as u64, 2, j as u64);
                format!("{j}: {:>6.2}% / {:>6.2}%", 100.0 * share, 100.0 * random)
            })
            .collect();
        println!("{k:>3} ({total:>5} games)  {}", shares.join("   "));
    }
}
