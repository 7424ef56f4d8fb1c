//! Deals for the Python states: dealt from a seed, or card by card at
//! explicit chance nodes; and the trumpf record of one deal.

use trumpf_core::series::record::{MatchRecord, RecordGame, SavedMatch, UnfinishedDeal};
use trumpf_core::series::{Match, SkatMatchRules};
use trumpf_core::shuffle::deal_rng;
use trumpf_core::skat::{SkatDeal, SkatGame};
use trumpf_core::spidge::{SpidgeDeal, SpidgeGame};
use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame};
use trumpf_core::{AnyAction, AnyGame, Card, CardSet, Codec, Game, GameId, Member, Seat};

use crate::rules::Rules;

/// The pack a deal under `rules` is dealt from.
pub fn pack(rules: Rules) -> CardSet {
    match rules {
        Rules::Skat(_) | Rules::Spitzer(_) => CardSet::PIQUET_PACK,
        Rules::Spidge(r) => r.pack(),
    }
}

/// The sizes of the dealt parts, in the order explicit chance nodes fill
/// them: Skat forehand, middlehand, rearhand, the skat; Spitzer seats 0 to
/// 3; Spidge L, Dummy, R, Dealer.
pub fn parts(rules: Rules) -> &'static [usize] {
    match rules {
        Rules::Skat(_) => &[10, 10, 10, 2],
        Rules::Spitzer(_) => &[8, 8, 8, 8],
        Rules::Spidge(_) => &[13, 13, 13, 13],
    }
}

/// The id of the codec's card play of `card` less the first card play's,
/// so that chance outcomes (the card dealt next) are `0 .. max_chance_outcomes`.
pub fn card_offset(id: GameId) -> usize {
    match id {
        GameId::Skat => 591,
        GameId::Spitzer => 12,
        GameId::Spidge => 0,
    }
}

/// How many distinct chance outcomes there are (cards of the codec).
pub fn max_chance_outcomes(id: GameId) -> usize {
    match id {
        GameId::Skat | GameId::Spitzer => 32,
        GameId::Spidge => 54,
    }
}

/// The chance outcome that deals `card`.
pub fn chance_id(id: GameId, card: Card) -> usize {
    let action = match id {
        GameId::Skat => AnyAction::Skat(trumpf_core::skat::SkatAction::Play(card)),
        GameId::Spitzer => AnyAction::Spitzer(trumpf_core::spitzer::SpitzerAction::Play(card)),
        GameId::Spidge => AnyAction::Spidge(trumpf_core::spidge::SpidgeAction::Play(card)),
    };
    action.encode() - card_offset(id)
}

/// The card chance outcome `outcome` deals.
pub fn chance_card(id: GameId, outcome: usize) -> Option<Card> {
    let action = id.decode(outcome.checked_add(card_offset(id))?)?;
    AnyGame::card_of(action)
}

/// A fresh deal from `seed` under `rules`.
pub fn seeded(rules: Rules, seed: u64) -> Result<AnyGame, String> {
    Ok(match rules {
        Rules::Skat(r) => AnyGame::Skat(SkatGame::new(SkatDeal::from_seed(seed), r)),
        Rules::Spitzer(r) => {
            AnyGame::Spitzer(SpitzerGame::new(SpitzerDeal::from_seed(seed), r).map_err(|e| e.to_string())?)
        }
        Rules::Spidge(r) => AnyGame::Spidge(SpidgeGame::new(SpidgeDeal::from_seed_with_pack(seed, r.jokers), r)),
    })
}

/// A fresh deal of these parts (see [`parts`]).
pub fn from_parts(rules: Rules, hands: &[CardSet]) -> Result<AnyGame, String> {
    let hand = |i: usize| hands.get(i).copied().unwrap_or_default();
    Ok(match rules {
        Rules::Skat(r) => AnyGame::Skat(SkatGame::new(
            SkatDeal::new([hand(0), hand(1), hand(2)], hand(3)).map_err(|e| e.to_string())?,
            r,
        )),
        Rules::Spitzer(r) => AnyGame::Spitzer(
            SpitzerGame::new(SpitzerDeal::new([hand(0), hand(1), hand(2), hand(3)]).map_err(|e| e.to_string())?, r)
                .map_err(|e| e.to_string())?,
        ),
        Rules::Spidge(r) => AnyGame::Spidge(SpidgeGame::new(
            SpidgeDeal::new([hand(0), hand(1), hand(2), hand(3)]).map_err(|e| e.to_string())?,
            r,
        )),
    })
}

/// The dealt parts of a fresh deal (see [`parts`]).
pub fn parts_of(game: &AnyGame) -> Vec<CardSet> {
    match game {
        AnyGame::Skat(g) => {
            let hands = g.deal().hands();
            vec![hands[Seat::FOREHAND], hands[Seat::MIDDLEHAND], hands[Seat::REARHAND], g.deal().skat()]
        }
        AnyGame::Spitzer(g) => {
            let hands = g.deal().hands();
            Seat::all(4).map(|s| hands[s]).collect()
        }
        AnyGame::Spidge(g) => {
            let hands = g.deal().hands();
            trumpf_core::spidge::Hand::ALL.iter().map(|&h| hands[h]).collect()
        }
    }
}

/// The trumpf record (`docs/records.md`) of one deal: a match of this one
/// deal, member `i` in seat `i`; a deal still being played is written as
/// the match's deal in progress.
pub fn record(rules: Rules, start: &AnyGame, actions: &[(Seat, AnyAction)]) -> Result<String, String> {
    match (rules, start) {
        (Rules::Skat(r), AnyGame::Skat(g)) => {
            record_of::<SkatGame>(SkatMatchRules { table: r, deals: None }, *g, actions, |a| match a {
                AnyAction::Skat(a) => Some(a),
                _ => None,
            })
        }
        (Rules::Spitzer(r), AnyGame::Spitzer(g)) => record_of::<SpitzerGame>(r, *g, actions, |a| match a {
            AnyAction::Spitzer(a) => Some(a),
            _ => None,
        }),
        (Rules::Spidge(r), AnyGame::Spidge(g)) => record_of::<SpidgeGame>(r, *g, actions, |a| match a {
            AnyAction::Spidge(a) => Some(a),
            _ => None,
        }),
        _ => Err("the rules and the deal are of different games".to_owned()),
    }
}

fn record_of<G: RecordGame + Codec>(
    rules: G::Rules,
    start: G,
    actions: &[(Seat, AnyAction)],
    inner: impl Fn(AnyAction) -> Option<G::Action>,
) -> Result<String, String> {
    let members = G::members(&rules);
    // The dealer is the last member, so that member i sits in seat i.
    let dealer = Member::new(members - 1).ok_or("a table without members")?;
    let mut game = Match::<G>::new(rules, dealer).map_err(|e| e.to_string())?;
    let actions: Vec<(Seat, G::Action)> = actions
        .iter()
        .map(|&(s, a)| inner(a).map(|a| (s, a)))
        .collect::<Option<_>>()
        .ok_or("an action of another game")?;
    let mut end = start.clone();
    for &(seat, action) in &actions {
        end.try_apply(seat, action).map_err(|e| e.to_string())?;
    }
    let players: Vec<String> = (0..members).map(|m| format!("player{m}")).collect();
    if end.is_over() {
        game.record(start, actions).map_err(|e| e.to_string())?;
        Ok(MatchRecord::new(&players, game).write())
    } else {
        let record = MatchRecord::new(&players, game);
        Ok(SavedMatch { record, seed: None, unfinished: Some(UnfinishedDeal { dealer, start, actions }) }.write())
    }
}

/// A seed for a state made without one.
pub fn fresh_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{SystemTime, UNIX_EPOCH};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut rng = deal_rng(nanos ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rand::Rng::next_u64(&mut rng)
}
