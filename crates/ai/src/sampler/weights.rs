//! Soft inference: how likely a sampled world is, given what the players'
//! choices said, as a weight for averaging over worlds (importance
//! weights; the hard constraints are in the sampler itself).
//!
//! * **Skat, the bid.** A declarer does not overbid on purpose: in a world
//!   where the declared game's value with the declarer's twelve cards
//!   (his matadors) stays below his bid, he would have bid on nothing. Such
//!   worlds weigh [`OVERBID_WEIGHT`]. Null games have fixed values and say
//!   nothing here.
//! * **Skat, the passes.** A defender who passed without naming a value
//!   rarely holds two or more jacks and a long suit: worlds giving him a
//!   hand the heuristic bidder would have bid weigh [`SILENT_STRONG_WEIGHT`].
//!
//! * **Skat, the play.** A player who follows suit to a trick he cannot
//!   win any more, which goes to the other side, gives his cheapest card:
//!   he would not play a card when he held a card of the same suit that is
//!   both lower and worth fewer points (a King on a lost trick while
//!   holding the Seven). A world in which someone did that weighs
//!   [`WASTE_WEIGHT`] for every such card. Only the last player to a trick,
//!   or the second when the third is on the winner's side, knows the trick
//!   is lost when he plays; leads, discards (which may make a void) and
//!   cards on the own side's tricks (adding points, "schmieren") say
//!   nothing here.
//!
//! * **Skat, the play, as a policy.** With the PIMC bot's `policy` option
//!   ([`skat_policy_weight`]; medium and hard weigh 0.2 per card,
//!   `pimc::POLICY_PERCENT`), every card another player chose
//!   among two or more legal cards is compared with the card the
//!   heuristic bot ([`crate::SkatBot`]) would have played in his place in
//!   that world, from his own view at the time: a world in which he played
//!   something else weighs the given factor, per card. This is policy-based
//!   inference (a model of how people play tells which hands explain their
//!   cards best), with the rules of thumb as the model: most exact for
//!   opponents who play by them, a rough guide for the others. A declarer
//!   who picked up is judged the same way by his discard: a world whose
//!   skat is not what the heuristic bot would have laid away from the
//!   declarer's twelve cards weighs the factor once more.
//!
//! Everything else weighs 1. The weights are deliberately mild: a wrong
//! guess only shifts the average, it never removes a world. The PIMC bot
//! averages its solved worlds with these weights; with its `resample`
//! option it instead draws several times the worlds and keeps as many as
//! it solves in proportion to their weights (`pimc::PimcConfig::resample`).

use trumpf_core::skat::{GameKind, SkatAction, SkatGame, SkatView, card_points};
use trumpf_core::{CardSet, Game, Seat};

use crate::SkatBot;

/// The weight of a world in which the declarer's game is worth less than
/// his bid.
pub const OVERBID_WEIGHT: f64 = 0.1;

/// The weight of a world in which a seat that named no value holds a hand
/// with two or more jacks and five or more cards of one suit.
pub const SILENT_STRONG_WEIGHT: f64 = 0.5;

/// The weight of a world, per card, in which a player gave a card on a
/// trick lost to the other side while he held a lower, cheaper card of the
/// suit.
pub const WASTE_WEIGHT: f64 = 0.4;

/// The weight of Skat world `world` for the seat of `view`.
pub fn skat_weight(view: &SkatView, world: &SkatGame) -> f64 {
    skat_bid_weight(view, world) * skat_play_weight(view, world)
}

/// What the play says (see the module docs): [`WASTE_WEIGHT`] for every
/// card given needlessly dear on a lost trick, by a player other than the
/// view's seat.
pub fn skat_play_weight(view: &SkatView, world: &SkatGame) -> f64 {
    let (Some(declarer), Some(contract)) = (view.declarer, view.contract) else { return 1.0 };
    let kind = contract.kind;
    let me = (!view.spectator).then_some(view.seat);
    let same_side = |a: Seat, b: Seat| (a == declarer) == (b == declarer);
    // Each player's cards from the start of trick play: what he holds in
    // the world and everything he has played.
    let mut held = [CardSet::EMPTY; 3];
    for seat in Seat::all(3) {
        held[seat.index()] = world.hand(seat);
    }
    for (leader, pos, card) in view.history.plays() {
        held[leader.offset(pos, 3).index()].insert(card);
    }
    let mut weight = 1.0;
    for trick in view.history.tricks() {
        let led = trick.cards[0];
        let follow = kind.follow_mask(led);
        let mut best = kind.strength(led, led);
        for (pos, &card) in trick.cards.iter().enumerate() {
            let seat = trick.leader.offset(pos, 3);
            let strength = kind.strength(card, led);
            let beaten = strength <= best;
            best = best.max(strength);
            let hand = held[seat.index()];
            held[seat.index()].remove(card);
            if pos == 0 || Some(seat) == me || !beaten || !follow.contains(card) || same_side(seat, trick.winner) {
                continue;
            }
            // Second to play: a partner still to come might have won it.
            if pos == 1 && same_side(seat, trick.leader.offset(2, 3)) {
                continue;
            }
            let points = card_points(card);
            let cheaper =
                (hand & follow).iter().any(|other| card_points(other) < points && kind.strength(other, led) < strength);
            if cheaper {
                weight *= WASTE_WEIGHT;
            }
        }
    }
    weight
}

/// What the play says about a world if the others play like the heuristic
/// bot (see the module docs): `mismatch` for every card a player other than
/// the view's seat chose, among two or more legal cards, where the
/// heuristic bot would have played another in his place. 1 when `mismatch`
/// is 1 or more.
pub fn skat_policy_weight(view: &SkatView, world: &SkatGame, mismatch: f64) -> f64 {
    if mismatch >= 1.0 {
        return 1.0;
    }
    let Some(mut game) = super::skat::start_of_play(view, *world.deal()) else { return 1.0 };
    let me = (!view.spectator).then_some(view.seat);
    let bot = SkatBot::new();
    let mut weight = 1.0;
    // The declarer who picked up laid away what his twelve cards suggest.
    if let Some(declarer) = view.declarer.filter(|&d| view.picked_up && Some(d) != me) {
        let twelve = world.deal().hand(declarer) | world.deal().skat();
        if bot.discard_from(twelve, view.bid) != world.deal().skat() {
            weight *= mismatch;
        }
    }
    for (leader, pos, card) in view.history.plays() {
        let seat = leader.offset(pos, 3);
        if Some(seat) != me && game.legal_cards().len() > 1 && bot.play(&game.view(seat)) != SkatAction::Play(card) {
            weight *= mismatch;
        }
        game.apply_unchecked(SkatAction::Play(card));
    }
    weight
}

/// What the auction says (see the module docs).
fn skat_bid_weight(view: &SkatView, world: &SkatGame) -> f64 {
    let mut weight = 1.0;
    let (Some(declarer), Some(contract)) = (view.declarer, view.contract) else { return weight };
    if Some(declarer) != (!view.spectator).then_some(view.seat) && contract.kind != GameKind::Null {
        // The declarer's twelve cards: what he holds and played, and the skat.
        let twelve = world.deal().hand(declarer) | world.deal().skat();
        let matadors = u16::from(contract.kind.matadors(twelve).unsigned_abs());
        let base = contract.kind.base_value().unwrap_or(0);
        let levels = 1 + u16::from(contract.hand) + u16::from(contract.schneider) + u16::from(contract.schwarz);
        let levels = levels + u16::from(contract.ouvert);
        if base * (matadors + levels) < view.bid {
            weight *= OVERBID_WEIGHT;
        }
    }
    for seat in Seat::all(3) {
        if seat == declarer || (!view.spectator && seat == view.seat) {
            continue;
        }
        if view.auction.highest(seat) == 0 {
            let dealt = world.deal().hand(seat);
            let jacks = (dealt & CardSet::JACKS).len();
            let long = trumpf_core::Suit::ALL.iter().any(|&s| (dealt & (CardSet::suit(s) - CardSet::JACKS)).len() >= 5);
            if jacks >= 2 && long {
                weight *= SILENT_STRONG_WEIGHT;
            }
        }
    }
    weight
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::Game;
    use trumpf_core::skat::{Contract, SkatDeal, SkatRules};

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn a_world_below_the_bid_weighs_less() {
        // Middlehand's twelve cards hold ♣J but not ♠J: a Grand "with 1",
        // worth (1 + 1) × 24 = 48 picked up (skat.md §7, §8).
        let deal = SkatDeal::new(
            [
                set("SJ.HJ.C9.C8.C7.S9.S8.S7.H9.H8"),
                set("CJ.CA.CT.CK.SA.ST.SK.HA.HT.HK"),
                set("DJ.CQ.SQ.HQ.H7.DQ.DK.D9.D8.D7"),
            ],
            set("DA.DT"),
        )
        .unwrap();
        let grand = Contract::pickup(GameKind::Grand);
        let at = |bid| SkatGame::with_declaration(deal, SkatRules::ISKO, Seat::MIDDLEHAND, bid, grand).unwrap();
        let fair = at(48);
        assert_eq!(skat_weight(&fair.view(Seat::FOREHAND), &fair), 1.0);
        let over = at(60);
        assert_eq!(skat_weight(&over.view(Seat::FOREHAND), &over), OVERBID_WEIGHT);
        // The declarer's own view weighs nothing against himself.
        assert_eq!(skat_weight(&over.view(Seat::MIDDLEHAND), &over), 1.0);
    }

    #[test]
    fn a_dear_card_on_a_lost_trick_weighs_less() {
        let deal = SkatDeal::new(
            [
                set("CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.SA"),
                set("SK.S7.HA.HT.HK.HQ.H9.H8.H7.DA"),
                set("SQ.S8.S9.DT.DK.DQ.D9.D8.D7.C8"),
            ],
            set("C7.ST"),
        )
        .unwrap();
        let clubs = Contract::pickup(GameKind::Suit(trumpf_core::Suit::Clubs));
        let trick = |third: &str| {
            let mut game = SkatGame::with_declaration(deal, SkatRules::ISKO, Seat::FOREHAND, 18, clubs).unwrap();
            for card in ["SA", "SK", third] {
                let seat = game.to_act().unwrap();
                game.try_apply(seat, game.card_action(card.parse().unwrap())).unwrap();
            }
            game
        };
        // Rearhand, last to the declarer's trick, gave the Queen (3 points)
        // holding the Eight and Nine: a world where he did weighs less.
        // Middlehand's King came second with his partner still to play.
        let dear = trick("SQ");
        assert_eq!(skat_play_weight(&dear.view(Seat::MIDDLEHAND), &dear), WASTE_WEIGHT);
        assert_eq!(skat_play_weight(&dear.view(Seat::FOREHAND), &dear), WASTE_WEIGHT);
        // His own view does not judge his own cards.
        assert_eq!(skat_play_weight(&dear.view(Seat::REARHAND), &dear), 1.0);
        // The Eight: nothing cheaper was left (the Nine is worth as little).
        let cheap = trick("S8");
        assert_eq!(skat_play_weight(&cheap.view(Seat::MIDDLEHAND), &cheap), 1.0);
    }

    #[test]
    fn a_card_the_rules_of_thumb_would_not_have_played_weighs_less() {
        let deal = SkatDeal::new(
            [
                set("CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.SA"),
                set("SK.S7.HA.HT.HK.HQ.H9.H8.H7.DA"),
                set("SQ.S8.S9.DT.DK.DQ.D9.D8.D7.C8"),
            ],
            set("C7.ST"),
        )
        .unwrap();
        // A hand game: nothing laid away to judge (that is below).
        let clubs = Contract::hand(GameKind::Suit(trumpf_core::Suit::Clubs));
        let played = |cards: &[&str]| {
            let mut game = SkatGame::with_declaration(deal, SkatRules::ISKO, Seat::FOREHAND, 18, clubs).unwrap();
            for card in cards {
                let seat = game.to_act().unwrap();
                game.try_apply(seat, game.card_action(card.parse().unwrap())).unwrap();
            }
            game
        };
        let weight = |game: &SkatGame, seat: Seat| skat_policy_weight(&game.view(seat), game, 0.5);
        // A declarer with the trumps out draws them top down: ♣J fits the
        // rules of thumb, ♠A does not.
        assert_eq!(weight(&played(&["CJ"]), Seat::MIDDLEHAND), 1.0);
        assert_eq!(weight(&played(&["SA"]), Seat::MIDDLEHAND), 0.5);
        // On a trick he cannot win a defender gives his cheapest card: the
        // ♠K (middlehand, holding the ♠7) and the ♠Q (rearhand, holding the
        // Eight and Nine) are each one more card against the world.
        let trick = played(&["SA", "SK", "SQ"]);
        assert_eq!(weight(&trick, Seat::MIDDLEHAND), 0.25);
        assert_eq!(weight(&trick, Seat::REARHAND), 0.25);
        assert_eq!(weight(&trick, Seat::FOREHAND), 0.25);
        let cheap = played(&["SA", "S7"]);
        assert_eq!(weight(&cheap, Seat::REARHAND), 0.5);
        // Switched off, nothing is weighed.
        assert_eq!(skat_policy_weight(&trick.view(Seat::MIDDLEHAND), &trick, 1.0), 1.0);
    }

    #[test]
    fn a_discard_the_rules_of_thumb_would_not_have_made_weighs_less() {
        // Forehand picked up and plays Clubs; which two of his twelve cards
        // are the skat is what a world guesses.
        let twelve = set("CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.SA.C7.ST");
        let theirs = [set("SK.S7.HA.HT.HK.HQ.H9.H8.H7.DA"), set("SQ.S8.S9.DT.DK.DQ.D9.D8.D7.C8")];
        let model = SkatBot::new().discard_from(twelve, 18);
        let other = if model == set("C7.C9") { set("C7.CQ") } else { set("C7.C9") };
        let clubs = Contract::pickup(GameKind::Suit(trumpf_core::Suit::Clubs));
        let world = |skat: CardSet| {
            let deal = SkatDeal::new([twelve - skat, theirs[0], theirs[1]], skat).unwrap();
            SkatGame::with_declaration(deal, SkatRules::ISKO, Seat::FOREHAND, 18, clubs).unwrap()
        };
        let weight = |game: &SkatGame, seat: Seat| skat_policy_weight(&game.view(seat), game, 0.5);
        assert_eq!(weight(&world(model), Seat::MIDDLEHAND), 1.0);
        assert_eq!(weight(&world(other), Seat::MIDDLEHAND), 0.5);
        assert_eq!(weight(&world(other), Seat::REARHAND), 0.5);
        // The declarer knows his own discard.
        assert_eq!(weight(&world(other), Seat::FOREHAND), 1.0);
    }

    #[test]
    fn a_silent_seat_with_two_jacks_and_a_long_suit_weighs_less() {
        let deal = SkatDeal::new(
            [
                set("SJ.HJ.C9.C8.C7.CK.CQ.S7.H9.H8"),
                set("CJ.CA.CT.SK.SA.ST.SQ.HA.HT.HK"),
                set("DJ.S9.S8.HQ.H7.DQ.DK.D9.D8.D7"),
            ],
            set("DA.DT"),
        )
        .unwrap();
        let grand = Contract::pickup(GameKind::Grand);
        let game = SkatGame::with_declaration(deal, SkatRules::ISKO, Seat::MIDDLEHAND, 48, grand).unwrap();
        // Forehand holds ♠J ♥J and five clubs, and named no value.
        assert_eq!(skat_weight(&game.view(Seat::REARHAND), &game), SILENT_STRONG_WEIGHT);
    }
}
