//! The `serde` feature: actions, views, rules and outcomes of every game
//! survive a JSON round trip unchanged, over random playouts; the JSON of
//! cards, sets and contracts is their text form; bad JSON is refused with
//! a reason.
#![cfg(feature = "serde")]

use serde::Serialize;
use serde::de::DeserializeOwned;
use trumpf_core::shuffle::{deal_rng, uniform_below};
use trumpf_core::skat::{Contract, SkatAction, SkatDeal, SkatGame, SkatRules, SkatView};
use trumpf_core::spidge::{SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame, SpitzerRules};
use trumpf_core::{Card, CardSet, Game, Seat};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let json = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(&back, value, "{json}");
}

fn playouts<G: Game>(start: impl Fn(u64) -> G, seeds: u64)
where
    G::Action: Serialize + DeserializeOwned,
    G::View: Serialize + DeserializeOwned,
{
    let mut buf = Vec::new();
    for seed in 0..seeds {
        let mut game = start(seed);
        let mut rng = deal_rng(seed);
        loop {
            for seat in Seat::all(game.seats()) {
                round_trip(&game.view(seat));
            }
            round_trip(&game.spectator_view());
            let Some(seat) = game.to_act() else { break };
            game.legal_actions(&mut buf);
            for action in &buf {
                round_trip(action);
            }
            let action = buf[uniform_below(&mut rng, buf.len() as u32) as usize];
            game.try_apply(seat, action).unwrap();
        }
    }
}

#[test]
fn skat_views_and_actions_round_trip() {
    playouts(|seed| SkatGame::new(SkatDeal::from_seed(seed), SkatRules::ISKO), 40);
    playouts(|seed| SkatGame::new(SkatDeal::from_seed(seed), SkatRules::PUB), 40);
}

#[test]
fn spitzer_views_and_actions_round_trip() {
    playouts(|seed| SpitzerGame::new(SpitzerDeal::from_seed(seed), SpitzerRules::default()).unwrap(), 40);
}

#[test]
fn spidge_views_and_actions_round_trip() {
    playouts(|seed| SpidgeGame::new(SpidgeDeal::from_seed(seed), SpidgeRules::default()), 30);
}

#[test]
fn the_vocabulary_is_written_as_text() {
    let card: Card = "CJ".parse().unwrap();
    assert_eq!(serde_json::to_string(&card).unwrap(), r#""CJ""#);
    let set: CardSet = "CJ.SA".parse().unwrap();
    let json = serde_json::to_string(&set).unwrap();
    assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), set);
    assert!(json.contains(r#""CJ""#) && json.contains(r#""SA""#), "{json}");
    let grand_hand: Contract = "GH".parse().unwrap();
    assert_eq!(serde_json::to_string(&SkatAction::Declare(grand_hand)).unwrap(), r#"{"Declare":"GH"}"#);
    assert_eq!(serde_json::to_string(&SkatAction::Play(card)).unwrap(), r#"{"Play":"CJ"}"#);
    assert_eq!(serde_json::to_string(&SkatAction::Pass).unwrap(), r#""Pass""#);
    round_trip(&SkatRules::PIRAT);
    round_trip(&SpitzerRules::default());
}

#[test]
fn bad_json_is_refused_with_a_reason() {
    for (json, needle) in [(r#""C1""#, "not a card"), (r#"["CJ","CJ"]"#, "twice"), ("9", "no seat")] {
        let error = match needle {
            "twice" => serde_json::from_str::<CardSet>(json).unwrap_err().to_string(),
            "no seat" => serde_json::from_str::<Seat>(json).unwrap_err().to_string(),
            _ => serde_json::from_str::<Card>(json).unwrap_err().to_string(),
        };
        assert!(error.contains(needle), "{json}: {error}");
    }
    let view = SkatGame::new(SkatDeal::from_seed(1), SkatRules::ISKO).view(Seat::FOREHAND);
    let json = serde_json::to_string(&view).unwrap();
    let broken = json.replace(r#""leaders":[0]"#, r#""leaders":[0,1]"#);
    assert_ne!(broken, json);
    assert!(serde_json::from_str::<SkatView>(&broken).is_err());
}
