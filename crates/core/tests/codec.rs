//! The canonical encoding (`docs/encoding.md`) over random playouts of every
//! game: every legal action encodes to an id below `NUM_ACTIONS` and decodes
//! back; the ids of the legal actions ascend as the actions do; the legal
//! mask is exactly the legal actions; observations have the fixed length,
//! lie in 0..=1 and depend on the view alone; information-state strings are
//! equal exactly when views are.

use std::collections::HashMap;

use trumpf_core::shuffle::{deal_rng, uniform_below};
use trumpf_core::skat::{DealSetup, SkatDeal, SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame, SpitzerRules};
use trumpf_core::{AnyGame, Codec, Game, GameId, GameView, Seat};

fn check_game<G: Codec>(start: impl Fn(u64) -> G, seeds: u64) -> usize {
    let mut strings: HashMap<String, G::View> = HashMap::new();
    let mut states = 0;
    let mut buf = Vec::new();
    let mut mask = Vec::new();
    for seed in 0..seeds {
        let mut game = start(seed);
        let mut rng = deal_rng(seed);
        loop {
            states += 1;
            game.legal_actions(&mut buf);
            let ids: Vec<usize> = buf.iter().map(|&a| G::encode(a)).collect();
            for (&a, &id) in buf.iter().zip(&ids) {
                assert!(id < G::NUM_ACTIONS, "{}: {a} has id {id}", G::NAME);
                assert_eq!(G::decode(id), Some(a), "{}: id {id} of {a}", G::NAME);
            }
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "{}: ids of the legal actions ascend: {ids:?}", G::NAME);
            game.legal_mask(&mut mask);
            assert_eq!(mask.len(), G::NUM_ACTIONS);
            let set: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
            assert_eq!(set, ids, "{}: the mask is the legal actions", G::NAME);
            let views: Vec<G::View> =
                Seat::all(game.seats()).map(|s| game.view(s)).chain([game.spectator_view()]).collect();
            for view in views {
                let obs = G::observation(&view);
                assert_eq!(obs.len(), G::OBSERVATION_LEN);
                assert!(obs.iter().all(|x| (0.0..=1.0).contains(x)), "{}: {obs:?}", G::NAME);
                assert_eq!(obs, G::observation(&view.clone()));
                // The view's own legal actions are the state's for the seat to act.
                if view.is_my_turn() {
                    let mut from_view = Vec::new();
                    view.legal_actions(&mut from_view);
                    assert_eq!(from_view, buf);
                }
                let text = G::information_state(&view);
                match strings.get(&text) {
                    Some(seen) => assert_eq!(seen, &view, "{}: one string for two views: {text}", G::NAME),
                    None => {
                        strings.insert(text, view);
                    }
                }
            }
            let Some(seat) = game.to_act() else { break };
            let action = buf[uniform_below(&mut rng, buf.len() as u32) as usize];
            game.try_apply(seat, action).unwrap();
        }
    }
    states
}

#[test]
fn skat_encodes_canonically() {
    check_game(|s| SkatGame::new(SkatDeal::from_seed(s), SkatRules::ISKO), 60);
    check_game(|s| SkatGame::new(SkatDeal::from_seed(s), SkatRules::PUB), 60);
    let round = DealSetup { bock: 2, ramsch_round: true };
    check_game(|s| SkatGame::with_setup(SkatDeal::from_seed(s), SkatRules::PUB, round), 30);
}

#[test]
fn spitzer_encodes_canonically() {
    check_game(|s| SpitzerGame::new(SpitzerDeal::from_seed(s), SpitzerRules::default()).unwrap(), 80);
}

#[test]
fn spidge_encodes_canonically() {
    check_game(|s| SpidgeGame::new(SpidgeDeal::from_seed(s), SpidgeRules::default()), 40);
    let plain = SpidgeRules { jokers: false, ..SpidgeRules::default() };
    check_game(|s| SpidgeGame::new(SpidgeDeal::from_seed_with_pack(s, false), plain), 20);
}

#[test]
fn any_game_encodes_through_its_game() {
    for id in GameId::ALL {
        assert_eq!(id.name().parse::<GameId>(), Ok(id));
        assert_eq!(id.name().to_uppercase().parse::<GameId>(), Ok(id));
        let mut game = id.deal(3);
        let mut rng = deal_rng(3);
        let mut mask = Vec::new();
        while let Some(seat) = game.to_act() {
            game.legal_mask(&mut mask);
            assert_eq!(mask.len(), id.num_actions());
            let action = game.random_action(&mut rng).unwrap();
            assert!(mask[action.encode()], "{id}: {action}");
            assert_eq!(id.decode(action.encode()), Some(action));
            assert_eq!(id.parse_action(&action.to_string()), Ok(action));
            let view = game.view(seat);
            assert_eq!(view.observation().len(), id.observation_len());
            assert!(!view.information_state().is_empty());
            game.try_apply(seat, action).unwrap();
        }
    }
    assert!("chess".parse::<GameId>().is_err());
    // An action of another game is refused and changes nothing.
    let mut skat = GameId::Skat.deal(1);
    let before = skat;
    let spidge_card = GameId::Spidge.deal(1).random_action(&mut deal_rng(1)).unwrap();
    assert!(skat.try_apply(Seat::MIDDLEHAND, spidge_card).is_err());
    assert_eq!(skat, before);
    let _: &AnyGame = &skat;
}

/// The ids docs/encoding.md names.
#[test]
fn the_documented_ids() {
    use trumpf_core::skat::{Contract, GameKind, SkatAction};
    use trumpf_core::spidge::SpidgeAction;
    use trumpf_core::spitzer::{Announcement, SpitzerAction};
    use trumpf_core::{CardSet, Suit};
    let card = |s: &str| s.parse::<trumpf_core::Card>().unwrap();
    let skat = [
        (SkatAction::Bid(18), 0),
        (SkatAction::Bid(264), 62),
        (SkatAction::Hold, 63),
        (SkatAction::Pass, 64),
        (SkatAction::TakeSkat, 65),
        (SkatAction::Discard("C7.C8".parse::<CardSet>().unwrap()), 66),
        (SkatAction::Discard("C7.C9".parse::<CardSet>().unwrap()), 67),
        (SkatAction::Discard("C8.C9".parse::<CardSet>().unwrap()), 68),
        (SkatAction::Discard("DK.DA".parse::<CardSet>().unwrap()), 561),
        (SkatAction::Declare(Contract::pickup(GameKind::Suit(Suit::Clubs))), 562),
        (SkatAction::Declare(Contract::pickup(GameKind::Null)), 587),
        (SkatAction::Play(card("C7")), 591),
        (SkatAction::Play(card("DA")), 622),
        (SkatAction::Kontra, 623),
        (SkatAction::Re, 624),
        (SkatAction::Push, 625),
        (SkatAction::Spitze, 626),
        (SkatAction::Schenken, 627),
        (SkatAction::Knock, 628),
    ];
    for (action, id) in skat {
        assert_eq!(SkatGame::encode(action), id, "{action}");
    }
    assert_eq!(<SkatGame as Codec>::NUM_ACTIONS, 629);
    assert_eq!(SpitzerGame::encode(SpitzerAction::Pass), 0);
    assert_eq!(SpitzerGame::encode(SpitzerAction::Announce(Announcement::CallAce(Suit::Clubs))), 1);
    assert_eq!(SpitzerGame::encode(SpitzerAction::Announce(Announcement::Schneider)), 11);
    assert_eq!(SpitzerGame::encode(SpitzerAction::Play(card("C7"))), 12);
    assert_eq!(<SpitzerGame as Codec>::NUM_ACTIONS, 44);
    assert_eq!(SpidgeGame::encode(SpidgeAction::Play(card("C2"))), 0);
    assert_eq!(SpidgeGame::encode(SpidgeAction::Play(card("J1"))), 26);
    assert_eq!(SpidgeGame::encode(SpidgeAction::Play(card("DA"))), 53);
    assert_eq!(
        [
            <SkatGame as Codec>::OBSERVATION_LEN,
            <SpitzerGame as Codec>::OBSERVATION_LEN,
            <SpidgeGame as Codec>::OBSERVATION_LEN
        ],
        [413, 365, 576]
    );
}
