//! The pub extras in the terminal (`skat-pub-extras.md`): Spitze announced
//! with `y`, a game given away with `x`, knocking with `y`, and what the
//! screens say about them.

use crossterm::event::KeyCode;
use trumpf_ai::Bot;
use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::{KlopfenScope, RamschKind, SkatDeal, SkatRules};
use trumpf_table::skat::Said;

use super::tests::{Passer, model, starting_with};
use super::*;
use crate::testing::{bots, ch, feed, key, screen, started, text};

fn deal(hands: [&str; 3], skat: &str) -> SkatDeal {
    SkatDeal::new(hands.map(|h| h.parse().unwrap()), skat.parse().unwrap()).unwrap()
}

/// Ten clubs trumps in forehand's hand (the seven among them).
fn eleven() -> SkatDeal {
    deal(["CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C7", "SA.ST.SK.SQ.S9.S8.S7.HT.HK.HQ", "H9.H8.H7.DA.DT.DK.DQ.D9.D8.D7"], "C8.HA")
}

/// Bids 18 when it may, declares Grand Hand, agrees to and accepts every
/// gift, and otherwise passes or takes its first legal action.
struct Generous;
impl Bot<SkatGame> for Generous {
    fn name(&self) -> &str {
        "generous"
    }
    fn choose(&mut self, view: &SkatView) -> SkatAction {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        let grand_hand = SkatAction::Declare(GRAND_HAND);
        if legal.contains(&SkatAction::Bid(18)) {
            SkatAction::Bid(18)
        } else if legal.contains(&grand_hand) {
            grand_hand
        } else if view.phase == SkatPhase::Schenken {
            SkatAction::Hold
        } else {
            Passer.choose(view)
        }
    }
}

#[test]
fn the_declarer_announces_spitze_with_y_and_the_screen_shows_it() {
    let rules =
        SkatMatchRules { table: SkatRules { spitze: Some(Default::default()), ..SkatRules::ISKO }, deals: None };
    let mut bots = bots(vec![Box::new(Passer), Box::new(Passer)]);
    let mut m = started(model(starting_with(11, rules, eleven())), &mut bots);
    assert_eq!(m.view.seat, Seat::FOREHAND);
    feed(&mut m, &mut bots, ch('y')); // play at 18
    let clubs_hand = SkatAction::Declare("CH".parse().unwrap());
    let at = m.skat_options().iter().position(|&a| a == clubs_hand).expect("Clubs Hand offered");
    for _ in 0..at {
        feed(&mut m, &mut bots, key(KeyCode::Down));
    }
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(m.view.phase, SkatPhase::Spitze);
    let shown = text(&screen(&m, 100, 34));
    assert!(shown.contains("Spitze?") && shown.contains("take trick 10 with ♣7"), "{shown}");
    feed(&mut m, &mut bots, ch('y'));
    assert_eq!(m.view.spitze, Some("C7".parse().unwrap()));
    assert_eq!(m.view.phase, SkatPhase::Playing);
    let shown = text(&screen(&m, 100, 34));
    assert!(shown.contains("Spitze: You must take trick 10 with ♣7 (shown)"), "{shown}");
}

#[test]
fn a_defender_gives_the_game_away_with_x() {
    // Middlehand (a bot) declares Grand Hand; the person in forehand leads
    // and gives it away; rearhand agrees, the declarer accepts.
    let rules =
        SkatMatchRules { table: SkatRules { schenken: Some(Default::default()), ..SkatRules::ISKO }, deals: None };
    let mut bots = bots(vec![Box::new(Generous), Box::new(Generous)]);
    let mut m = started(model(starting_with(11, rules, eleven())), &mut bots);
    assert_eq!(m.view.seat, Seat::FOREHAND);
    // Middlehand bid 18: the person passes; rearhand (Generous) bids on … so
    // pass until the auction is decided.
    while m.view.phase == SkatPhase::Bidding {
        feed(&mut m, &mut bots, ch('p'));
    }
    let declarer = m.view.declarer.expect("a declarer");
    assert_ne!(declarer, Seat::FOREHAND);
    assert_eq!(m.view.contract, Some(GRAND_HAND));
    let shown = text(&screen(&m, 100, 34));
    assert!(shown.contains("x gives the game away"), "{shown}");
    feed(&mut m, &mut bots, ch('x'));
    assert_eq!(m.view.phase, SkatPhase::Over, "the partner agreed, the declarer accepted");
    let talk: Vec<Said> = m.table().talk().iter().map(|&(_, said)| said).collect();
    assert!(talk.ends_with(&[Said::Gives, Said::Agrees, Said::Accepts]), "{talk:?}");
    let Some(SkatOutcome::Played { settlement, .. }) = m.view.outcome else { panic!("a played game") };
    assert!(settlement.won && settlement.extras.gift.is_some());
    let shown = text(&screen(&m, 100, 34));
    assert!(shown.contains("accepted the gift"), "{shown}");
    // x out of place says what it is for.
    let mut m = started(model(starting_with(11, rules, eleven())), &mut bots);
    feed(&mut m, &mut bots, ch('x'));
    assert!(matches!(&m.status, Some(crate::widgets::Status::Info(t)) if t.contains("x gives the game away")));
}

#[test]
fn knocking_with_y_before_a_plain_ramsch() {
    let mut table = SkatRules { pass_out: trumpf_core::skat::PassOut::Ramsch, ..SkatRules::ISKO };
    table.ramsch.kind = RamschKind::Plain;
    table.klopfen = Some(KlopfenScope::AllRamsch);
    let rules = SkatMatchRules { table, deals: None };
    let mut bots = bots(vec![Box::new(Passer), Box::new(Passer)]);
    let mut m = started(model(starting_with(11, rules, eleven())), &mut bots);
    feed(&mut m, &mut bots, ch('p')); // the person passes too: a Ramsch
    assert_eq!(m.view.phase, SkatPhase::Knocking);
    let shown = text(&screen(&m, 100, 34));
    assert!(shown.contains("Every knock doubles the score"), "{shown}");
    feed(&mut m, &mut bots, ch('y'));
    assert_eq!(m.view.knocked[Seat::FOREHAND.index()], Some(true));
    assert_eq!(m.view.phase, SkatPhase::Playing, "the passers did not knock");
}
