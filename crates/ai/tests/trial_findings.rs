//! What the trial as a new user found in the old rule-of-thumb bots
//! (issue 9), played to the search bots: they must not do it again.

use trumpf_ai::Bot;
use trumpf_ai::pimc::{PimcConfig, SkatPimc, SpitzerPimc};
use trumpf_core::skat::{Contract, GameKind, KontraRules, SkatAction, SkatDeal, SkatGame, SkatRules};
use trumpf_core::spitzer::{Announcement, SpitzerAction, SpitzerDeal, SpitzerGame, SpitzerPhase, SpitzerRules};
use trumpf_core::{CardSet, Game, GameView, Seat};

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}

const SEEDS: [u64; 4] = [1, 2, 3, 4];

/// Forehand's `♠J ♥J ♠A ♠10 ♠9 ♠8 ♥10 ♣K ♦8 ♦7` is a plain Spades game
/// ("with 2", worth 3 × 11 = 33 picked up): the old bot passed it at 18.
#[test]
fn a_plain_spades_game_is_held_at_18() {
    let deal = SkatDeal::new(
        [
            set("SJ.HJ.SA.ST.S9.S8.HT.CK.D8.D7"),
            set("CJ.CA.CT.CQ.C9.HA.HK.H9.DA.DT"),
            set("DJ.SK.SQ.S7.HQ.H8.H7.DK.DQ.D9"),
        ],
        set("C8.C7"),
    )
    .unwrap();
    let mut game = SkatGame::new(deal, SkatRules::ISKO);
    game.try_apply(Seat::MIDDLEHAND, SkatAction::Bid(18)).unwrap();
    // Its double-dummy chance is about 57 % (114 of 200 random deals of the
    // other cards, the skat picked up), above the bot's threshold of 45 %,
    // so the bot holds, but its 8 sampled deals can still tip it: it holds
    // in most seeds (measured: 25 of seeds 0-39, 6 of these 8).
    let held = (0..8u64)
        .filter(|&seed| SkatPimc::new(PimcConfig::MEDIUM, seed).choose(&game.view(Seat::FOREHAND)) == SkatAction::Hold)
        .count();
    assert!(held >= 6, "held {held} of 8");
}

/// A Grand Hand with one jack against a defender holding the other three
/// jacks and guarded tens: the old bots' rule (four trumps and two aces) never
/// allowed a Kontra against a Grand.
#[test]
fn a_weak_grand_hand_gets_a_kontra() {
    let deal = SkatDeal::new(
        [
            set("CJ.CA.CT.C9.SA.S7.HA.H7.D9.D8"),
            set("SJ.HJ.DJ.ST.SK.HT.HK.DA.DT.DK"),
            set("CK.CQ.C8.C7.SQ.S9.S8.HQ.H9.H8"),
        ],
        set("DQ.D7"),
    )
    .unwrap();
    let rules = SkatRules { kontra: Some(KontraRules::default()), ..SkatRules::ISKO };
    for seed in SEEDS {
        let mut game =
            SkatGame::with_declaration(deal, rules, Seat::FOREHAND, 18, Contract::hand(GameKind::Grand)).unwrap();
        // Middlehand may say it on his turn before his own first card.
        game.try_apply(Seat::FOREHAND, SkatAction::Play("SA".parse().unwrap())).unwrap();
        let view = game.view(Seat::MIDDLEHAND);
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        assert!(legal.contains(&SkatAction::Kontra), "Kontra is open to middlehand: {legal:?}");
        let mut bot = SkatPimc::new(PimcConfig::MEDIUM, seed);
        assert_eq!(bot.choose(&view), SkatAction::Kontra, "seed {seed}");
    }
}

/// Spitzer: eldest holds both black queens, no other trump and all three
/// fail aces, and calls the first trick. The old bot then led the ♣Q
/// itself, won trick 1 alone and played one against three.
#[test]
fn a_first_trick_caller_does_not_win_trick_one_with_his_queen() {
    let deal = SpitzerDeal::new([
        set("CQ.SQ.CA.SA.HA.C7.S8.H9"),
        set("HQ.DQ.CJ.DA.DT.CT.CK.C9"),
        set("SJ.HJ.DK.D9.ST.SK.S9.S7"),
        set("DJ.D8.D7.C8.HT.HK.H8.H7"),
    ])
    .unwrap();
    let mut game = SpitzerGame::new(deal, SpitzerRules::default()).unwrap();
    while game.phase() == SpitzerPhase::Announcing {
        let seat = game.to_act().unwrap();
        let call =
            seat == Seat::new(0).unwrap() && game.legal_announcements().any(|a| a == Announcement::CallFirstTrick);
        let action = if call { SpitzerAction::Announce(Announcement::CallFirstTrick) } else { SpitzerAction::Pass };
        game.try_apply(seat, action).unwrap();
    }
    let eldest = Seat::new(0).unwrap();
    assert_eq!(game.announcement(), Some((eldest, Announcement::CallFirstTrick)));
    assert_eq!(game.to_act(), Some(eldest));
    let queens = set("CQ.SQ");
    for seed in SEEDS {
        let mut bot = SpitzerPimc::new(PimcConfig::MEDIUM, seed);
        let SpitzerAction::Play(card) = bot.choose(&game.view(eldest)) else { panic!("a card to lead") };
        assert!(!queens.contains(card), "seed {seed}: led {card}");
    }
}
