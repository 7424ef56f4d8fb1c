//! Spitzer's dense action ids and observation (`docs/encoding.md`, "Spitzer").

use std::fmt::Write as _;

use crate::cardset::CardSet;
use crate::codec::{Codec, Obs, dense, undense};
use crate::game::GameView;
use crate::seat::Seat;
use crate::spitzer::announcement::{Announcement, Contract};
use crate::spitzer::cards::{FAIL_SUITS, TRUMPS, fail_suit};
use crate::spitzer::game::{SpitzerAction, SpitzerGame, SpitzerPhase};
use crate::spitzer::view::SpitzerView;

const PACK: CardSet = CardSet::PIQUET_PACK;
const ANNOUNCE: usize = 1;
const PLAY: usize = ANNOUNCE + Announcement::ALL.len();

/// The announcements in ascending order (the order of `Announce` actions).
fn announcements() -> [Announcement; 11] {
    let mut all = Announcement::ALL;
    all.sort_unstable();
    all
}

/// Seat `seat` as seen from `me`: 0 is `me`, 1 the next in play order.
fn rel(seat: Seat, me: Seat) -> usize {
    (seat.index() + 4 - me.index()) % 4
}

/// Whether `seat` failed to follow a lead of `suit` (an effective suit).
fn shown_out(v: &SpitzerView, seat: Seat, suit: CardSet) -> bool {
    v.history.plays_in_trick().any(|(leader, pos, card, before)| {
        pos > 0 && leader.offset(pos, 4) == seat && suit.contains(before[0]) && !suit.contains(card)
    })
}

impl Codec for SpitzerGame {
    const NUM_ACTIONS: usize = PLAY + 32;
    const OBSERVATION_LEN: usize = 365;

    fn encode(action: SpitzerAction) -> usize {
        match action {
            SpitzerAction::Pass => 0,
            SpitzerAction::Announce(a) => ANNOUNCE + announcements().iter().position(|&x| x == a).unwrap_or(0),
            SpitzerAction::Play(card) => PLAY + dense(card, PACK),
        }
    }

    fn decode(id: usize) -> Option<SpitzerAction> {
        match id {
            0 => Some(SpitzerAction::Pass),
            _ if id < PLAY => Some(SpitzerAction::Announce(announcements()[id - ANNOUNCE])),
            _ => undense(id - PLAY, PACK).map(SpitzerAction::Play),
        }
    }

    fn observe(v: &SpitzerView, out: &mut [f32]) {
        let me = v.seat;
        let seat = |r: usize| me.offset(r, 4);
        let mut o = Obs::new(out);
        o.one_hot((!v.spectator).then_some(me.index()), 4);
        o.flag(v.spectator);
        let phases = [SpitzerPhase::Announcing, SpitzerPhase::Playing, SpitzerPhase::Over];
        o.one_hot(phases.iter().position(|&p| p == v.phase), 3);
        o.one_hot(v.to_act.map(|s| rel(s, me)), 4);
        o.cards(v.hand, PACK);
        let mut by_seat = [CardSet::EMPTY; 4];
        for (leader, pos, card) in v.history.plays() {
            by_seat[rel(leader.offset(pos, 4), me)].insert(card);
        }
        for cards in by_seat {
            o.cards(cards, PACK);
        }
        let mut in_trick = [CardSet::EMPTY; 4];
        for (i, &card) in v.trick().iter().enumerate() {
            in_trick[rel(v.leader.offset(i, 4), me)].insert(card);
        }
        for cards in in_trick {
            o.cards(cards, PACK);
        }
        o.one_hot(Some(rel(v.leader, me)), 4);
        for r in 0..4 {
            o.flag(v.said(seat(r)) == Some(SpitzerAction::Pass));
        }
        o.one_hot(v.announcement.map(|(s, _)| rel(s, me)), 4);
        o.one_hot(v.announcement.and_then(|(_, a)| announcements().iter().position(|&x| x == a)), 11);
        o.one_hot(v.called_ace.and_then(|ace| FAIL_SUITS.iter().position(|&s| s == ace.suit())), 3);
        o.flag(v.called_suit_led);
        for known in [Some(true), Some(false)] {
            for r in 0..4 {
                o.flag(v.teams.is_declaring(seat(r)) == known);
            }
        }
        o.one_hot(v.teams.contract.map(Contract::index), Contract::ALL.len());
        for r in 0..4 {
            o.scaled(f32::from(v.tricks_won[seat(r).index()]), 8.0);
        }
        for r in 0..4 {
            o.scaled(f32::from(v.points_won[seat(r).index()]), 120.0);
        }
        let suits = [TRUMPS, fail_suit(FAIL_SUITS[0]), fail_suit(FAIL_SUITS[1]), fail_suit(FAIL_SUITS[2])];
        for r in 0..4 {
            for suit in suits {
                o.flag(shown_out(v, seat(r), suit));
            }
        }
        o.finish();
    }

    fn information_state(v: &SpitzerView) -> String {
        let mut s = String::new();
        let seat = if v.spectator { "spectator".to_owned() } else { v.seat.to_string() };
        let _ = write!(s, "spitzer seat={seat} phase={} hand={} passes={}", v.phase, v.hand.dotted(), v.passes);
        if let Some((who, a)) = v.announcement {
            let _ = write!(s, " announced={who}:{a}");
        }
        if let Some(ace) = v.called_ace {
            let _ = write!(s, " called={ace} led={}", v.called_suit_led);
        }
        let teams: String = Seat::all(4)
            .map(|seat| match v.teams.is_declaring(seat) {
                Some(true) => 'D',
                Some(false) => 'o',
                None => '?',
            })
            .collect();
        let _ = write!(s, " teams={teams} contract={:?}", v.teams.contract);
        let _ = write!(s, " tricks=");
        for t in v.history.tricks() {
            let cards: Vec<String> = t.cards.iter().map(|c| c.to_string()).collect();
            let _ = write!(s, "{}:{}|", t.leader, cards.join(","));
        }
        let current: Vec<String> = v.trick().iter().map(|c| c.to_string()).collect();
        let _ = write!(s, "{}:{}", v.leader, current.join(","));
        if let Some(o) = v.outcome {
            let _ = write!(s, " outcome={o:?}");
        }
        let _ = write!(s, " to_act={:?} turn={}", v.to_act.map(|s| s.index()), v.is_my_turn());
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_ascend_with_the_actions() {
        let mut prev = None;
        for id in 0..<SpitzerGame as Codec>::NUM_ACTIONS {
            let action = SpitzerGame::decode(id).expect("every id names an action");
            assert_eq!(SpitzerGame::encode(action), id, "{action}");
            assert!(prev.is_none_or(|p| p < action), "{prev:?} then {action}");
            prev = Some(action);
        }
        assert_eq!(SpitzerGame::decode(<SpitzerGame as Codec>::NUM_ACTIONS), None);
    }
}
