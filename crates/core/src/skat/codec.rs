//! Skat's dense action ids and observation (`docs/encoding.md`, "Skat").

use std::fmt::Write as _;

use crate::card::Suit;
use crate::cardset::CardSet;
use crate::codec::{Codec, Obs, dense, undense};
use crate::game::GameView;
use crate::seat::Seat;
use crate::skat::action::SkatAction;
use crate::skat::bidding::BID_VALUES;
use crate::skat::contract::{Contract, GameKind};
use crate::skat::passing::PacketMove;
use crate::skat::schenken::GiftStep;
use crate::skat::state::{SkatGame, SkatPhase};
use crate::skat::view::SkatView;

const PACK: CardSet = CardSet::PIQUET_PACK;
const CONTRACTS: usize = 29;
const HOLD: usize = BID_VALUES.len();
const PASS: usize = HOLD + 1;
const TAKE_SKAT: usize = PASS + 1;
const DISCARD: usize = TAKE_SKAT + 1;
const DISCARDS: usize = 32 * 31 / 2;
const DECLARE: usize = DISCARD + DISCARDS;
const PLAY: usize = DECLARE + CONTRACTS;
const KONTRA: usize = PLAY + 32;
const RE: usize = KONTRA + 1;
const PUSH: usize = RE + 1;
const SPITZE: usize = PUSH + 1;
const SCHENKEN: usize = SPITZE + 1;
const KNOCK: usize = SCHENKEN + 1;

const PHASES: [SkatPhase; 12] = [
    SkatPhase::Bidding,
    SkatPhase::GrandHandOffer,
    SkatPhase::Passing,
    SkatPhase::Knocking,
    SkatPhase::SkatDecision,
    SkatPhase::Discarding,
    SkatPhase::Declaring,
    SkatPhase::Spitze,
    SkatPhase::KontraWindow,
    SkatPhase::Playing,
    SkatPhase::Schenken,
    SkatPhase::Over,
];

const GIFT_STEPS: [GiftStep; 4] =
    [GiftStep::PartnerAgrees, GiftStep::DeclarerAnswers, GiftStep::Renew, GiftStep::PartnerRenews];

/// The contracts in ascending order (the order of `Declare` actions).
fn contracts() -> [Contract; CONTRACTS] {
    let mut all = [Contract::pickup(GameKind::Null); CONTRACTS];
    for (slot, c) in all.iter_mut().zip(Contract::all()) {
        *slot = c;
    }
    all.sort_unstable();
    all
}

/// Seat `seat` as seen from `me`: 0 is `me`, 1 the next in play order.
fn rel(seat: Seat, me: Seat) -> usize {
    (seat.index() + 3 - me.index()) % 3
}

impl Codec for SkatGame {
    const NUM_ACTIONS: usize = KNOCK + 1;
    const OBSERVATION_LEN: usize = 413;

    fn encode(action: SkatAction) -> usize {
        match action {
            SkatAction::Bid(v) => BID_VALUES.binary_search(&v).unwrap_or(0),
            SkatAction::Hold => HOLD,
            SkatAction::Pass => PASS,
            SkatAction::TakeSkat => TAKE_SKAT,
            SkatAction::Discard(cards) => {
                let mut it = cards.iter().map(|c| dense(c, PACK));
                let (low, high) = (it.next().unwrap_or(0), it.next().unwrap_or(1));
                DISCARD + high * (high - 1) / 2 + low
            }
            SkatAction::Declare(c) => DECLARE + contracts().iter().position(|&x| x == c).unwrap_or(0),
            SkatAction::Play(card) => PLAY + dense(card, PACK),
            SkatAction::Kontra => KONTRA,
            SkatAction::Re => RE,
            SkatAction::Push => PUSH,
            SkatAction::Spitze => SPITZE,
            SkatAction::Schenken => SCHENKEN,
            SkatAction::Knock => KNOCK,
        }
    }

    fn decode(id: usize) -> Option<SkatAction> {
        Some(match id {
            _ if id < HOLD => SkatAction::Bid(BID_VALUES[id]),
            HOLD => SkatAction::Hold,
            PASS => SkatAction::Pass,
            TAKE_SKAT => SkatAction::TakeSkat,
            _ if id < DECLARE => {
                let k = id - DISCARD;
                // The largest `high` with high·(high−1)/2 ≤ k.
                let high = (1..32).rev().find(|&h| h * (h - 1) / 2 <= k)?;
                let low = k - high * (high - 1) / 2;
                SkatAction::Discard(CardSet::single(undense(low, PACK)?).with(undense(high, PACK)?))
            }
            _ if id < PLAY => SkatAction::Declare(contracts()[id - DECLARE]),
            _ if id < KONTRA => SkatAction::Play(undense(id - PLAY, PACK)?),
            KONTRA => SkatAction::Kontra,
            RE => SkatAction::Re,
            PUSH => SkatAction::Push,
            SPITZE => SkatAction::Spitze,
            SCHENKEN => SkatAction::Schenken,
            KNOCK => SkatAction::Knock,
            _ => return None,
        })
    }

    fn observe(v: &SkatView, out: &mut [f32]) {
        let me = v.seat;
        let mut o = Obs::new(out);
        o.one_hot((!v.spectator).then_some(me.index()), 3);
        o.flag(v.spectator);
        o.one_hot(PHASES.iter().position(|&p| p == v.phase), PHASES.len());
        o.one_hot(v.to_act.map(|s| rel(s, me)), 3);
        o.cards(v.hand, PACK);
        let mut by_seat = [CardSet::EMPTY; 3];
        for (leader, pos, card) in v.history.plays() {
            by_seat[rel(leader.offset(pos, 3), me)].insert(card);
        }
        for cards in by_seat {
            o.cards(cards, PACK);
        }
        let mut in_trick = [CardSet::EMPTY; 3];
        for (i, &card) in v.trick().iter().enumerate() {
            in_trick[rel(v.leader.offset(i, 3), me)].insert(card);
        }
        for cards in in_trick {
            o.cards(cards, PACK);
        }
        o.one_hot(Some(rel(v.leader, me)), 3);
        o.cards(v.known_skat | v.found | v.passed_on, PACK);
        o.cards(v.skat, PACK);
        o.cards(v.ouvert_hand.unwrap_or_default(), PACK);
        o.one_hot(v.declarer.map(|d| rel(d, me)), 3);
        let c = v.contract;
        o.one_hot(c.and_then(|c| GameKind::ALL.iter().position(|&k| k == c.kind)), 6);
        for flag in [|c: Contract| c.hand, |c: Contract| c.schneider, |c: Contract| c.schwarz, |c: Contract| c.ouvert] {
            o.flag(c.is_some_and(flag));
        }
        o.flag(v.ramsch);
        o.scaled(f32::from(v.pushes), 3.0);
        for wanted in [PacketMove::Took, PacketMove::Pushed] {
            for r in 0..3 {
                o.flag(v.packet[me.offset(r, 3).index()] == Some(wanted));
            }
        }
        o.scaled(f32::from(v.bid), 264.0);
        for r in 0..3 {
            o.scaled(f32::from(v.auction.highest(me.offset(r, 3))), 264.0);
        }
        for r in 0..3 {
            o.flag(v.auction.has_passed(me.offset(r, 3)));
        }
        o.flag(v.kontra.level >= 1);
        o.flag(v.kontra.level >= 2);
        o.flag(v.kontra.re_pending);
        o.one_hot(v.kontra.by.map(|s| rel(s, me)), 3);
        o.scaled((v.setup.bock.max(1) as f32).log2(), 20.0);
        o.flag(v.setup.ramsch_round);
        for r in 0..3 {
            o.scaled(f32::from(v.tricks_won[me.offset(r, 3).index()]), 10.0);
        }
        for r in 0..3 {
            o.scaled(f32::from(v.points_won[me.offset(r, 3).index()]), 120.0);
        }
        let kind = v.play_kind();
        let trumps = kind.trumps();
        let suits = [trumps, suit(Suit::Clubs, trumps), suit(Suit::Spades, trumps), suit(Suit::Hearts, trumps)];
        let suits = [suits[0], suits[1], suits[2], suits[3], suit(Suit::Diamonds, trumps)];
        for r in 0..3 {
            for cards in suits {
                o.flag(!cards.is_empty() && v.has_shown_out(me.offset(r, 3), cards));
            }
        }
        // The pub extras: Spitze, knocks, gifts.
        o.flag(v.spitze.is_some());
        for r in 0..3 {
            o.flag(v.knocked[me.offset(r, 3).index()] == Some(true));
        }
        for r in 0..3 {
            o.flag(v.gift.offered[me.offset(r, 3).index()]);
        }
        o.one_hot(v.gift.step.and_then(|s| GIFT_STEPS.iter().position(|&x| x == s)), GIFT_STEPS.len());
        o.flag(v.gift.raised >= 1);
        o.flag(v.gift.raised >= 2);
        o.flag(v.gift.closed);
        o.finish();
    }

    fn information_state(v: &SkatView) -> String {
        let mut s = String::new();
        let seat = if v.spectator { "spectator".to_owned() } else { v.seat.to_string() };
        let _ = write!(s, "skat seat={seat} phase={} hand={}", v.phase, v.hand.dotted());
        let _ = write!(s, " bids=");
        for seat in Seat::all(3) {
            let passed = if v.auction.has_passed(seat) { "p" } else { "" };
            let _ = write!(s, "{}{passed},", v.auction.highest(seat));
        }
        if let Some(d) = v.declarer {
            let _ = write!(s, " declarer={d} bid={}", v.bid);
        }
        if let Some(c) = v.contract {
            let _ = write!(s, " game={}", c.iss_code());
        }
        for (name, cards) in [
            ("skat", v.skat),
            ("known", v.known_skat),
            ("found", v.found),
            ("passed", v.passed_on),
            ("dealt", v.dealt_skat),
        ] {
            if !cards.is_empty() {
                let _ = write!(s, " {name}={}", cards.dotted());
            }
        }
        if let Some(open) = v.ouvert_hand {
            let _ = write!(s, " open={}", open.dotted());
        }
        if v.ramsch {
            let _ = write!(s, " ramsch packet=");
            for m in v.packet {
                s.push(match m {
                    None => '-',
                    Some(PacketMove::Took) => 't',
                    Some(PacketMove::Pushed) => 'u',
                });
            }
        }
        if v.kontra.level > 0 || v.kontra.re_pending {
            let by = v.kontra.by.map_or("-".to_owned(), |s| s.to_string());
            let _ = write!(s, " kontra={}by{by}{}", v.kontra.level, if v.kontra.re_pending { "?" } else { "" });
        }
        if let Some(card) = v.spitze {
            let _ = write!(s, " spitze={card}");
        }
        if v.knocked.iter().any(Option::is_some) {
            let _ = write!(s, " knocks=");
            for k in v.knocked {
                s.push(match k {
                    None => '-',
                    Some(true) => 'k',
                    Some(false) => 'p',
                });
            }
        }
        if v.gift != Default::default() {
            let g = &v.gift;
            let offered: String = g.offered.iter().map(|&o| if o { 'o' } else { '-' }).collect();
            let _ = write!(s, " gift={offered} step={:?} raised={} closed={}", g.step, g.raised, g.closed);
        }
        if v.setup != Default::default() {
            let _ = write!(s, " bock={} ramsch_round={}", v.setup.bock, v.setup.ramsch_round);
        }
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

/// The cards of `suit` that are not trumps.
fn suit(suit: Suit, trumps: CardSet) -> CardSet {
    CardSet::suit(suit) - trumps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blocks_fit() {
        assert_eq!(Contract::all().count(), CONTRACTS);
        assert_eq!(<SkatGame as Codec>::NUM_ACTIONS, 63 + 3 + 496 + 29 + 32 + 3 + 3);
        let mut prev = None;
        for id in 0..<SkatGame as Codec>::NUM_ACTIONS {
            let action = SkatGame::decode(id).expect("every id names an action");
            assert_eq!(SkatGame::encode(action), id, "{action}");
            if let Some(p) = prev {
                assert!(p < action, "ids ascend with the actions: {p} then {action}");
            }
            prev = Some(action);
        }
        assert_eq!(SkatGame::decode(<SkatGame as Codec>::NUM_ACTIONS), None);
    }
}
