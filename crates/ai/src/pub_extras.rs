//! Rules of thumb for the pub extras (`skat-pub-extras.md`): when to
//! announce Spitze, give a game away or accept a gift, and knock. Used by
//! the heuristic bot and, for these decisions, by the search bots.

use trumpf_core::skat::{Contract, GameKind, GiftStep, SchenkenOverbid, SkatAction, SkatView, points, spitze_card};
use trumpf_core::{Card, CardSet, Rank};

/// Whether the declarer can announce Spitze safely (§2): he can draw every
/// trump he does not hold with trumps from the top, and keep the lowest
/// trump back for the tenth trick.
pub(crate) fn spitze_is_safe(view: &SkatView) -> bool {
    let Some(contract) = view.contract else { return false };
    let kind = contract.kind;
    let Some(card) = spitze_card(kind) else { return false };
    if !view.hand.contains(card) {
        return false;
    }
    let trumps = kind.trumps();
    let mine = view.hand & trumps;
    // His discards are out of play; everything else may be the defenders'
    // (an unseen skat counts against him).
    let gone = view.skat & trumps;
    let outside = trumps - mine - gone;
    let mut by_strength: Vec<Card> = trumps.iter().collect();
    by_strength.sort_unstable_by_key(|&c| std::cmp::Reverse(kind.strength(c, c)));
    let sure = by_strength.iter().filter(|&&c| !gone.contains(c)).take_while(|&&c| mine.contains(c)).count();
    sure >= outside.len() && mine.len() > outside.len()
}

/// How much a defender's hand can do against the game: a trump counts 1,
/// an ace outside the trumps 1.5, a ten 0.5; and its card points.
fn fight(view: &SkatView, contract: Contract) -> (f32, u8) {
    let trumps = contract.kind.trumps();
    let side = view.hand - trumps;
    let aces = (side & CardSet::rank(Rank::Ace)).len() as f32;
    let tens = (side & CardSet::rank(Rank::Ten)).len() as f32;
    ((view.hand & trumps).len() as f32 + 1.5 * aces + 0.5 * tens, points(view.hand))
}

/// Whether a defender offers the game at his turn in the first trick
/// (§3.3): only a suit or Grand game, with a hand that can do next to
/// nothing against it. The defenders play a Null to the end.
pub(crate) fn offers_gift(view: &SkatView) -> bool {
    let Some(contract) = view.contract_played() else { return false };
    if contract.kind == GameKind::Null {
        return false;
    }
    let (fight, points) = fight(view, contract);
    fight <= 1.5 && points <= 20
}

/// The answer to the gift decision due (§3.3–§3.5).
pub(crate) fn answer_gift(view: &SkatView, legal: &[SkatAction]) -> SkatAction {
    let Some(contract) = view.contract_played() else { return legal[0] };
    let yes_if = |give: bool| if give { SkatAction::Hold } else { SkatAction::Pass };
    let (fight, points) = fight(view, contract);
    let action = match view.gift.step {
        // The partner joins unless his hand can fight.
        Some(GiftStep::PartnerAgrees) => yes_if(contract.kind != GameKind::Null && fight <= 3.0 && points <= 30),
        // Again only with nothing at all: the refused game now needs more.
        Some(GiftStep::Renew) => {
            if fight <= 0.5 && points <= 10 {
                SkatAction::Schenken
            } else {
                SkatAction::Pass
            }
        }
        Some(GiftStep::PartnerRenews) => yes_if(fight <= 1.5 && points <= 20),
        Some(GiftStep::DeclarerAnswers) => yes_if(accepts_gift(view, contract)),
        None => legal[0],
    };
    if legal.contains(&action) { action } else { legal[0] }
}

/// Whether the declarer accepts (§3.4, §3.7): a gift that would be scored
/// as an overbid is refused where he may refuse; otherwise he accepts
/// unless his hand is strong enough for the next announcement.
fn accepts_gift(view: &SkatView, played: Contract) -> bool {
    if played.kind == GameKind::Null {
        return true;
    }
    let overbid_rule = view.rules.schenken.map_or(SchenkenOverbid::Lost, |s| s.overbid);
    let matadors = u16::from(played.kind.matadors(view.hand | view.skat).unsigned_abs());
    let announced = if played.schwarz {
        4
    } else if played.schneider {
        2
    } else {
        0
    };
    let spitze = match (view.spitze, view.rules.spitze) {
        (Some(_), Some(s)) => u16::from(s.levels),
        _ => 0,
    };
    let base = played.kind.base_value().unwrap_or(0);
    let value = base * (matadors + 1 + u16::from(played.hand) + announced + u16::from(played.ouvert) + spitze);
    if value < view.bid && overbid_rule == SchenkenOverbid::Lost {
        return false;
    }
    // Refused only with a hand far stronger than a hand game needs: one
    // that expects the next announcement's level too.
    // His ten cards as dealt: the hand and what he played to the trick.
    let mut ten = view.hand;
    for (leader, pos, card) in view.history.plays() {
        if leader.offset(pos, 3) == view.seat {
            ten.insert(card);
        }
    }
    crate::skat::suit_or_grand_strength(played.kind, ten | view.skat) < crate::skat::HAND_THRESHOLD + 3.0
}

/// Whether to knock in a Ramsch (§4): a hand that will not take the most
/// points: no jack, no ace, few points.
pub(crate) fn knocks(view: &SkatView) -> bool {
    let jacks = (view.hand & CardSet::JACKS).len();
    let aces = (view.hand & CardSet::rank(Rank::Ace)).len();
    jacks == 0 && (aces == 0 && points(view.hand) <= 20 || points(view.hand) <= 10)
}

/// The cards to choose from in trick play: a declarer who announced Spitze
/// keeps the Spitze card for the tenth trick while he can.
pub(crate) fn keep_spitze(view: &SkatView, legal: CardSet) -> CardSet {
    match view.spitze {
        Some(card) if view.declarer == Some(view.seat) && legal.len() > 1 => legal.without(card),
        _ => legal,
    }
}

#[cfg(test)]
mod tests {
    use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatPhase, SkatRules};
    use trumpf_core::{Game, GameView, Seat, Suit};

    use super::*;

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    /// Spitze and Schenken on, no Kontra window in the way.
    fn pub_rules() -> SkatRules {
        SkatRules { spitze: SkatRules::XSKAT.spitze, schenken: SkatRules::XSKAT.schenken, ..SkatRules::ISKO }
    }

    /// FH declares `contract` (hand) at 18 on the deal; returns the game.
    fn declared(hands: [&str; 3], skat: &str, contract: Contract, rules: SkatRules) -> SkatGame {
        let deal = SkatDeal::new(hands.map(cards), cards(skat)).unwrap();
        let mut game = SkatGame::new(deal, rules);
        for (seat, action) in [
            (Seat::MIDDLEHAND, SkatAction::Pass),
            (Seat::REARHAND, SkatAction::Pass),
            (Seat::FOREHAND, SkatAction::Bid(18)),
            (Seat::FOREHAND, SkatAction::Declare(contract)),
        ] {
            game.try_apply(seat, action).unwrap();
        }
        game
    }

    /// The declarer declines Spitze, if asked, and leads `card`.
    fn lead(game: &mut SkatGame, card: &str) {
        if game.phase() == SkatPhase::Spitze {
            game.try_apply(Seat::FOREHAND, SkatAction::Pass).unwrap();
        }
        game.try_apply(Seat::FOREHAND, SkatAction::Play(cards(card).first().unwrap())).unwrap();
    }

    const TEN_CLUBS: [&str; 3] =
        ["CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C7", "SA.ST.SK.SQ.S9.S8.S7.HT.HK.HQ", "H9.H8.H7.DA.DT.DK.DQ.D9.D8.D7"];

    #[test]
    fn spitze_only_when_every_other_trump_can_be_drawn() {
        let clubs_hand = Contract::hand(GameKind::Suit(Suit::Clubs));
        let game = declared(TEN_CLUBS, "C8.HA", clubs_hand, pub_rules());
        assert_eq!(game.phase(), SkatPhase::Spitze);
        assert!(spitze_is_safe(&game.view(Seat::FOREHAND)), "ten of eleven trumps, the top nine");
        // Four trumps with the seven, the others' seven trumps out: not safe.
        let weak = ["CJ.CA.C8.C7.SA.ST.HA.HT.DA.DT", "SJ.HJ.DJ.CT.CK.CQ.SK.SQ.S9.S8", "C9.S7.HK.HQ.H9.H8.H7.DK.DQ.D9"];
        let game = declared(weak, "D8.D7", clubs_hand, pub_rules());
        assert_eq!(game.phase(), SkatPhase::Spitze);
        assert!(!spitze_is_safe(&game.view(Seat::FOREHAND)));
    }

    #[test]
    fn the_spitze_card_waits_for_the_last_trick() {
        let mut game = declared(TEN_CLUBS, "C8.HA", Contract::hand(GameKind::Suit(Suit::Clubs)), pub_rules());
        game.try_apply(Seat::FOREHAND, SkatAction::Spitze).unwrap();
        let view = game.view(Seat::FOREHAND);
        let seven = cards("C7").first().unwrap();
        assert!(!keep_spitze(&view, view.legal_cards()).contains(seven));
        assert!(keep_spitze(&view, CardSet::single(seven)).contains(seven), "unless it is the only card");
        let mut bot = crate::SkatBot::new();
        while let Some(seat) = game.to_act() {
            let action = crate::Bot::<SkatGame>::choose(&mut bot, &game.view(seat));
            game.try_apply(seat, action).unwrap();
            if game.history().len() < 27 {
                assert!(!game.played().contains(seven), "the seven is kept back");
            }
        }
    }

    #[test]
    fn a_hopeless_defender_gives_a_strong_game_away_and_a_strong_one_plays_on() {
        // FH plays Grand Hand with four jacks; MH holds no trump, no ace.
        let hands = ["CJ.SJ.HJ.DJ.CA.CT.SA.ST.HA.HT", "C7.C8.C9.CQ.CK.S7.S8.S9.SQ.SK", "H7.H8.H9.HQ.HK.D7.D8.D9.DQ.DK"];
        let mut game = declared(hands, "DA.DT", Contract::hand(GameKind::Grand), pub_rules());
        lead(&mut game, "CA");
        let mh = game.view(Seat::MIDDLEHAND);
        assert!(offers_gift(&mh), "no trump, no ace, {} points", points(mh.hand));
        // RH, with DA DT out of sight and no trump either, agrees.
        game.try_apply(Seat::MIDDLEHAND, SkatAction::Schenken).unwrap();
        let mut legal = Vec::new();
        game.view(Seat::REARHAND).legal_actions(&mut legal);
        assert_eq!(answer_gift(&game.view(Seat::REARHAND), &legal), SkatAction::Hold);
        // A defender with two jacks and an ace does not give it away.
        let strong =
            ["CJ.SJ.CA.CT.SA.ST.HA.HT.DT.DK", "HJ.DJ.DA.C7.C8.C9.S7.S8.S9.SQ", "CQ.CK.SK.H7.H8.H9.HQ.HK.D7.D8"];
        let mut game = declared(strong, "DQ.D9", Contract::hand(GameKind::Grand), pub_rules());
        lead(&mut game, "CA");
        assert!(!offers_gift(&game.view(Seat::MIDDLEHAND)));
    }

    #[test]
    fn the_declarer_accepts_only_a_gift_that_pays() {
        let hands = ["CJ.SJ.HJ.DJ.CA.CT.SA.ST.HA.HT", "C7.C8.C9.CQ.CK.S7.S8.S9.SQ.SK", "H7.H8.H9.HQ.HK.D7.D8.D9.DQ.DK"];
        let gift_to = |game: &mut SkatGame| {
            game.try_apply(Seat::MIDDLEHAND, SkatAction::Schenken).unwrap();
            game.try_apply(Seat::REARHAND, SkatAction::Hold).unwrap();
        };
        // A Grand Hand with four jacks, three aces and their tens expects
        // schneider: it plays on.
        let mut game = declared(hands, "DA.DT", Contract::hand(GameKind::Grand), pub_rules());
        lead(&mut game, "CA");
        gift_to(&mut game);
        let mut legal = Vec::new();
        game.view(Seat::FOREHAND).legal_actions(&mut legal);
        assert_eq!(answer_gift(&game.view(Seat::FOREHAND), &legal), SkatAction::Pass);
        // Clubs Hand "with 1" (12 × 3 = 36) bid 18 with a middling hand: accepted.
        let middling =
            ["CJ.CA.CT.CK.C9.SA.HA.D7.D8.S7", "SJ.HJ.DJ.CQ.C8.ST.SK.SQ.S9.S8", "C7.HT.HK.HQ.H9.H8.H7.DA.DT.DK"];
        let mut game = declared(middling, "DQ.D9", Contract::hand(GameKind::Suit(Suit::Clubs)), pub_rules());
        lead(&mut game, "SA");
        gift_to(&mut game);
        game.view(Seat::FOREHAND).legal_actions(&mut legal);
        assert_eq!(answer_gift(&game.view(Seat::FOREHAND), &legal), SkatAction::Hold);
        // The same gift worth less than a bid of 60 under `lost`: an overbid,
        // so the declarer refuses and plays on.
        let deal = SkatDeal::new(middling.map(cards), cards("DQ.D9")).unwrap();
        let rules = SkatRules { schenken: Some(Default::default()), ..pub_rules() };
        assert_eq!(rules.schenken.map(|s| s.overbid), Some(SchenkenOverbid::Lost));
        let mut game = SkatGame::new(deal, rules);
        for (seat, action) in [
            (Seat::MIDDLEHAND, SkatAction::Bid(60)),
            (Seat::FOREHAND, SkatAction::Hold),
            (Seat::MIDDLEHAND, SkatAction::Pass),
            (Seat::REARHAND, SkatAction::Pass),
            (Seat::FOREHAND, SkatAction::Declare(Contract::hand(GameKind::Suit(Suit::Clubs)))),
        ] {
            game.try_apply(seat, action).unwrap();
        }
        lead(&mut game, "SA");
        gift_to(&mut game);
        game.view(Seat::FOREHAND).legal_actions(&mut legal);
        assert_eq!(answer_gift(&game.view(Seat::FOREHAND), &legal), SkatAction::Pass);
    }

    #[test]
    fn knocks_only_with_a_safe_ramsch_hand() {
        // A plain Ramsch-only deal whose FH holds `hand`, at his knock.
        let safe = |hand: &str| {
            let rest: Vec<_> = (CardSet::PIQUET_PACK - cards(hand)).iter().collect();
            let mh: CardSet = rest[..10].iter().copied().collect();
            let rh: CardSet = rest[10..20].iter().copied().collect();
            let skat: CardSet = rest[20..].iter().copied().collect();
            let deal = SkatDeal::new([cards(hand), mh, rh], skat).unwrap();
            let ramsch = trumpf_core::skat::RamschRules {
                kind: trumpf_core::skat::RamschKind::Plain,
                ..SkatRules::XSKAT.ramsch
            };
            let klopfen = Some(trumpf_core::skat::KlopfenScope::AllRamsch);
            let rules = SkatRules { ramsch_only: true, ramsch, klopfen, ..SkatRules::XSKAT };
            let game = SkatGame::new(deal, rules);
            assert_eq!(game.phase(), SkatPhase::Knocking);
            knocks(&game.view(Seat::FOREHAND))
        };
        assert!(safe("C7.C8.C9.S7.S8.S9.H7.H8.D7.D8"), "sevens, eights and nines");
        assert!(!safe("CJ.SJ.C9.S7.S8.S9.H7.H8.D7.D8"), "two jacks");
        assert!(!safe("CA.SA.HA.CT.S8.S9.H7.H8.D7.D8"), "aces and a ten");
    }
}
