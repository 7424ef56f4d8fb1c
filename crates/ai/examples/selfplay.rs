//! Three heuristic bots play many deals; prints how the declarers fared.
//! `cargo run --release -p trumpf-ai --example selfplay -- 2000 [pub]`

use rand::SeedableRng;
use trumpf_ai::{Bot, SkatBot};
use trumpf_core::Game;
use trumpf_core::skat::{GameKind, SkatDeal, SkatGame, SkatOutcome, SkatRules};

fn main() {
    let deals: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let rules = if std::env::args().nth(2).as_deref() == Some("pub") { SkatRules::PUB } else { SkatRules::default() };
    let (mut ramsch, mut kontra, mut re) = (0, 0, 0);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut bots = [SkatBot::new(), SkatBot::new(), SkatBot::new()];
    let (mut passed, mut won, mut lost, mut overbid) = (0, 0, 0, 0);
    let mut kinds = std::collections::BTreeMap::<String, (u32, u32)>::new();
    for _ in 0..deals {
        let mut game = SkatGame::new(SkatDeal::random(&mut rng), rules);
        while let Some(seat) = game.to_act() {
            let action = bots[seat.index()].choose(&game.view(seat));
            game.try_apply(seat, action).expect("legal");
        }
        kontra += u32::from(game.kontra().level >= 1);
        re += u32::from(game.kontra().level == 2);
        match game.outcome() {
            Some(SkatOutcome::PassedIn) => passed += 1,
            Some(SkatOutcome::Ramsch { .. }) => ramsch += 1,
            Some(SkatOutcome::Played { settlement, .. }) => {
                let k = match settlement.contract.kind {
                    GameKind::Suit(_) => "suit".to_string(),
                    k => k.to_string(),
                };
                let e = kinds.entry(format!("{k}{}", if settlement.contract.hand { " hand" } else { "" })).or_default();
                if settlement.won {
                    won += 1;
                    e.0 += 1;
                } else {
                    lost += 1;
                    e.1 += 1;
                }
                overbid += u32::from(settlement.overbid);
            }
            None => unreachable!(),
        }
    }
    println!(
        "deals {deals} passed {passed} ramsch {ramsch} won {won} lost {lost} overbid {overbid} kontra {kontra} re {re}"
    );
    for (k, (w, l)) in kinds {
        println!("{k:>12}: won {w:5} lost {l:5}");
    }
}
