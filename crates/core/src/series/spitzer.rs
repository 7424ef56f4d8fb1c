//! Spitzer as a match: the game to 42 (or the rules' target), a strict
//! leader winning, ties playing on (`spitzer.md` §7).

use rand::Rng;

use super::record::{
    FieldError, KeyError, RecordGame, choice_name, read_bool, read_choice, read_hands, read_number, read_pairs,
    write_hands,
};
use super::{MatchGame, MatchStatus, RulesError, StartError, fresh_under, totals_after};
use crate::seat::{Member, Seat};
use crate::spitzer::{
    CallTiming, FirstTrickSelfRow, SpitzerAction, SpitzerDeal, SpitzerGame, SpitzerRules, game_winner,
};

impl MatchGame for SpitzerGame {
    type Rules = SpitzerRules;

    type Progress = ();

    fn members(_: &SpitzerRules) -> usize {
        4
    }

    /// Seat 0 is eldest, to the dealer's left; seat 3 is the dealer.
    fn seating(_: &SpitzerRules, dealer: Member) -> [Member; Seat::MAX] {
        [dealer.offset(1, 4), dealer.offset(2, 4), dealer.offset(3, 4), dealer]
    }

    fn check_rules(rules: &SpitzerRules) -> Result<(), RulesError> {
        Ok(rules.validate()?)
    }

    /// # Panics
    /// If the rules did not pass [`MatchGame::check_rules`].
    fn deal<R: Rng + ?Sized>(rules: &SpitzerRules, _: &(), rng: &mut R) -> SpitzerGame {
        SpitzerGame::new(SpitzerDeal::random(rng), *rules).expect("rules checked by Match::new")
    }

    fn check_start(&self, rules: &SpitzerRules, _: &()) -> Result<(), StartError> {
        let fresh = SpitzerGame::new(*self.deal(), *self.rules()).is_ok_and(|start| start == *self);
        fresh_under(self.rules() == rules, fresh)
    }

    fn after_deal(
        rules: &SpitzerRules,
        _: &mut (),
        scores: &mut [i64; Member::MAX],
        totals: &[i64; Member::MAX],
        _: usize,
        _: &SpitzerGame,
        _: Member,
    ) -> MatchStatus {
        let totals = totals_after(totals, scores);
        // `game_winner` ranks the four totals; index i is member i.
        game_winner(&totals, rules.target)
            .and_then(|seat| Member::new(seat.index()))
            .map_or(MatchStatus::Running, MatchStatus::Won)
    }
}

const FIRST_TRICK: [(&str, FirstTrickSelfRow); 2] =
    [("normal", FirstTrickSelfRow::Normal), ("sneaker", FirstTrickSelfRow::Sneaker)];
const CALL_TIMING: [(&str, CallTiming); 2] =
    [("announcement_phase", CallTiming::AnnouncementPhase), ("at_first_lead", CallTiming::AtFirstLead)];
const HANDS: [&str; 4] = ["E1", "E2", "E3", "E4"];

impl RecordGame for SpitzerGame {
    fn write_rules(r: &SpitzerRules) -> String {
        format!(
            "must_trump={} zola_anyone={} allow_partnership_schneider={} first_trick_self_row={} caller_must_keep_hold_card={} call_timing={} target={}",
            r.must_trump,
            r.zola_anyone,
            r.allow_partnership_schneider,
            choice_name(&r.first_trick_self_row, &FIRST_TRICK),
            r.caller_must_keep_hold_card,
            choice_name(&r.call_timing, &CALL_TIMING),
            r.target,
        )
    }

    fn read_rules(text: &str) -> Result<SpitzerRules, FieldError> {
        let mut r = SpitzerRules::default();
        read_pairs(text, |key, value| {
            match key {
                "must_trump" => r.must_trump = read_bool(value)?,
                "zola_anyone" => r.zola_anyone = read_bool(value)?,
                "allow_partnership_schneider" => r.allow_partnership_schneider = read_bool(value)?,
                "first_trick_self_row" => r.first_trick_self_row = read_choice(value, &FIRST_TRICK)?,
                "caller_must_keep_hold_card" => r.caller_must_keep_hold_card = read_bool(value)?,
                "call_timing" => r.call_timing = read_choice(value, &CALL_TIMING)?,
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

    fn read_deal(text: &str, rules: &SpitzerRules, _: &()) -> Result<SpitzerGame, FieldError> {
        let hands = read_hands(text, HANDS)?;
        let deal = SpitzerDeal::new(hands)?;
        Ok(SpitzerGame::new(deal, *rules)?)
    }

    fn write_action(action: SpitzerAction) -> String {
        action.to_string()
    }

    fn read_action(text: &str) -> Result<SpitzerAction, FieldError> {
        Ok(text.parse::<SpitzerAction>()?)
    }
}
