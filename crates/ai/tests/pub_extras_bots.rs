//! The bots at a pub table (`skat-pub-extras.md`): under XSkat's rules they
//! answer every new decision legally and use every extra now and then:
//! Spitze, gifts (offered, accepted and refused) and knocks.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trumpf_ai::{Bot, SkatBot};
use trumpf_core::Game;
use trumpf_core::skat::{DealSetup, SkatAction, SkatDeal, SkatGame, SkatPhase, SkatRules};

#[test]
fn heuristic_bots_play_the_pub_extras() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let (mut spitze, mut gifts, mut accepted, mut knocks, mut spitze_phases) = (0, 0, 0, 0, 0);
    for deal_no in 0..400u32 {
        // Every third deal a Ramsch round's, where knocking is open.
        let setup = DealSetup { bock: 1, ramsch_round: deal_no % 3 == 0 };
        let mut game = SkatGame::with_setup(SkatDeal::random(&mut rng), SkatRules::XSKAT, setup);
        let mut bots = [SkatBot::new(), SkatBot::new(), SkatBot::new()];
        while let Some(seat) = game.to_act() {
            let view = game.view(seat);
            let action = Bot::<SkatGame>::choose(&mut bots[seat.index()], &view);
            spitze_phases += usize::from(game.phase() == SkatPhase::Spitze);
            match action {
                SkatAction::Spitze => spitze += 1,
                SkatAction::Schenken => gifts += 1,
                SkatAction::Knock => knocks += 1,
                SkatAction::Hold if game.phase() == SkatPhase::Schenken && game.gift().step.is_some() => {
                    accepted += usize::from(seat == game.declarer().map(|(d, _)| d).unwrap_or(seat));
                }
                _ => {}
            }
            game.try_apply(seat, action).unwrap_or_else(|e| panic!("deal {deal_no}: {action} refused: {e}"));
        }
    }
    eprintln!("spitze {spitze}/{spitze_phases} gifts {gifts} accepted {accepted} knocks {knocks}");
    assert!(spitze_phases > 20, "{spitze_phases} Spitze decisions");
    assert!(spitze > 0 && spitze < spitze_phases, "{spitze} of {spitze_phases} announced");
    assert!(gifts > 0, "no gift offered");
    assert!(accepted > 0, "no gift accepted");
    assert!(knocks > 0, "nobody knocked");
}
