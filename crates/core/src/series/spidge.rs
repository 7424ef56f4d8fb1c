//! Spidge as a match: the game to the target (3 by default), a dealer's
//! Grand Slam winning at once (`spidge.md` §6).

use rand::Rng;

use super::record::{
    FieldError, KeyError, RecordGame, choice_name, read_bool, read_choice, read_hands, read_number, read_pairs,
    write_hands,
};
use super::{MatchGame, MatchStatus, StartError, fresh_under, totals_after};
use crate::card::Card;
use crate::seat::{Member, Seat};
use crate::spidge::{
    DoubleJoker, JokerSuit, SpidgeAction, SpidgeDeal, SpidgeGame, SpidgeRules, TrumpLead, game_winner,
};

impl MatchGame for SpidgeGame {
    type Rules = SpidgeRules;

    type Progress = ();

    fn members(_: &SpidgeRules) -> usize {
        3
    }

    /// Seats are L, R, Dealer: L sits to the dealer's left, R to his right.
    fn seating(_: &SpidgeRules, dealer: Member) -> [Member; Seat::MAX] {
        [dealer.offset(1, 3), dealer.offset(2, 3), dealer, dealer]
    }

    fn deal<R: Rng + ?Sized>(rules: &SpidgeRules, _: &(), rng: &mut R) -> SpidgeGame {
        SpidgeGame::new(SpidgeDeal::random(rng, rules.jokers), *rules)
    }

    fn check_start(&self, rules: &SpidgeRules, _: &()) -> Result<(), StartError> {
        fresh_under(self.rules() == rules, *self == SpidgeGame::new(*self.deal(), *self.rules()))
    }

    fn after_deal(
        rules: &SpidgeRules,
        _: &mut (),
        scores: &mut [i64; Member::MAX],
        totals: &[i64; Member::MAX],
        _: usize,
        last: &SpidgeGame,
        dealer: Member,
    ) -> MatchStatus {
        let totals = totals_after(totals, scores);
        let grand_slam = last.result().is_some_and(|r| r.grand_slam).then_some(dealer);
        let standings = Member::all(3).map(|m| (m, u32::try_from(totals[m.index()]).unwrap_or(0)));
        match game_winner(standings, rules.target, grand_slam) {
            Some(m) => MatchStatus::Won(m),
            None => MatchStatus::Running,
        }
    }
}

const JOKER_SUIT: [(&str, JokerSuit); 2] = [("trump", JokerSuit::Trump), ("wild", JokerSuit::Wild)];
const DOUBLE_JOKER: [(&str, DoubleJoker); 3] = [
    ("cancel_ignore", DoubleJoker::CancelIgnore),
    ("second_joker_wins", DoubleJoker::SecondJokerWins),
    ("first_joker_wins", DoubleJoker::FirstJokerWins),
];
const TRUMP_LEAD: [(&str, TrumpLead); 3] = [
    ("broken", TrumpLead::Broken),
    ("never_unless_only_trumps", TrumpLead::NeverUnlessOnlyTrumps),
    ("free", TrumpLead::Free),
];
const HANDS: [&str; 4] = ["L", "Dummy", "R", "Dealer"];

impl RecordGame for SpidgeGame {
    fn write_rules(r: &SpidgeRules) -> String {
        format!(
            "jokers={} joker_suit={} double_joker={} trump_lead={} spidge_tricks={} slam_tricks={} dealer_nil_own_hand={} target={}",
            r.jokers,
            choice_name(&r.joker_suit, &JOKER_SUIT),
            choice_name(&r.double_joker, &DOUBLE_JOKER),
            choice_name(&r.trump_lead, &TRUMP_LEAD),
            r.spidge_tricks,
            r.slam_tricks,
            r.dealer_nil_own_hand,
            r.target,
        )
    }

    fn read_rules(text: &str) -> Result<SpidgeRules, FieldError> {
        let mut r = SpidgeRules::default();
        read_pairs(text, |key, value| {
            match key {
                "jokers" => r.jokers = read_bool(value)?,
                "joker_suit" => r.joker_suit = read_choice(value, &JOKER_SUIT)?,
                "double_joker" => r.double_joker = read_choice(value, &DOUBLE_JOKER)?,
                "trump_lead" => r.trump_lead = read_choice(value, &TRUMP_LEAD)?,
                "spidge_tricks" => r.spidge_tricks = read_number(value)?,
                "slam_tricks" => r.slam_tricks = read_number(value)?,
                "dealer_nil_own_hand" => r.dealer_nil_own_hand = read_bool(value)?,
                "target" => r.target = read_number(value)?,
                _ => return Err(KeyError::Unknown),
            }
            Ok(())
        })?;
        Ok(r)
    }

    fn write_deal(&self) -> String {
        write_hands(&HANDS, self.deal().hands().as_array())
    }

    fn read_deal(text: &str, rules: &SpidgeRules, _: &()) -> Result<SpidgeGame, FieldError> {
        let hands = read_hands(text, HANDS)?;
        let deal = SpidgeDeal::new(hands)?;
        if deal.has_jokers() != rules.jokers {
            return Err(FieldError::Pack { jokers: rules.jokers });
        }
        Ok(SpidgeGame::new(deal, *rules))
    }

    fn write_action(action: SpidgeAction) -> String {
        action.to_string()
    }

    fn read_action(text: &str) -> Result<SpidgeAction, FieldError> {
        Ok(SpidgeAction::Play(text.parse::<Card>()?))
    }
}
