//! Skat as a match: a list of a fixed number of deals (or open-ended).

use rand::Rng;

use super::record::{
    RecordGame, choice_name, read_bool, read_choice, read_hands, read_number, read_pairs, write_hands,
};
use super::{MatchGame, MatchStatus, strict_leader};
use crate::game::Game;
use crate::seat::Seat;
use crate::skat::{PassOut, Scoring, SkatAction, SkatDeal, SkatGame, SkatOutcome, SkatRules, list};

/// The rules of a Skat list: the table's rules and the list's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SkatMatchRules {
    /// The table's rules.
    pub table: SkatRules,
    /// Deals in the list (`None`: open-ended, the players stop when they like).
    pub deals: Option<u32>,
}

impl MatchGame for SkatGame {
    type Rules = SkatMatchRules;

    fn members(rules: &SkatMatchRules) -> usize {
        usize::from(rules.table.table_size)
    }

    fn seating(rules: &SkatMatchRules, dealer: usize) -> [usize; Seat::MAX] {
        let members = Self::members(rules);
        let [fh, mh, rh] = list::seating(dealer, members);
        [fh, mh, rh, dealer]
    }

    fn deal<R: Rng + ?Sized>(rules: &SkatMatchRules, rng: &mut R) -> SkatGame {
        SkatGame::new(SkatDeal::random(rng), rules.table)
    }

    fn member_scores(&self, rules: &SkatMatchRules, dealer: usize) -> [i64; Seat::MAX] {
        let mut out = [0; Seat::MAX];
        let seating = Self::seating(rules, dealer);
        if let Some(scores) = self.scores() {
            for seat in Seat::all(3) {
                out[seating[seat.index()]] += scores[seat.index()];
            }
        }
        // §11.2: at a 4-member table the dealer sitting out also gets 30 for
        // every lost game under Seeger–Fabian.
        if rules.table.table_size == 4
            && rules.table.scoring == Scoring::SeegerFabian
            && let Some(SkatOutcome::Played { settlement, .. }) = self.outcome()
            && !settlement.won
        {
            out[dealer] += 30;
        }
        out
    }

    fn status(rules: &SkatMatchRules, totals: &[i64; Seat::MAX], deals: usize, _: &SkatGame, _: usize) -> MatchStatus {
        match rules.deals {
            Some(n) if deals >= n as usize => {
                strict_leader(totals, Self::members(rules)).map_or(MatchStatus::Drawn, MatchStatus::Won)
            }
            _ => MatchStatus::Running,
        }
    }
}

const SCORING: [(&str, Scoring); 2] = [("classic", Scoring::Classic), ("seeger_fabian", Scoring::SeegerFabian)];
const PASS_OUT: [(&str, PassOut); 1] = [("throw_in", PassOut::ThrowIn)];
const HANDS: [&str; 4] = ["FH", "MH", "RH", "skat"];

impl RecordGame for SkatGame {
    fn write_rules(rules: &SkatMatchRules) -> String {
        let t = &rules.table;
        format!(
            "table_size={} pass_out={} scoring={} lost_hand_games_single={} allow_null_below_bid={} deals={}",
            t.table_size,
            choice_name(&t.pass_out, &PASS_OUT),
            choice_name(&t.scoring, &SCORING),
            t.lost_hand_games_single,
            t.allow_null_below_bid,
            rules.deals.map_or("open".to_owned(), |n| n.to_string()),
        )
    }

    fn read_rules(text: &str) -> Result<SkatMatchRules, String> {
        let mut rules = SkatMatchRules::default();
        read_pairs(text, |key, value| {
            let t = &mut rules.table;
            match key {
                "table_size" => {
                    t.table_size = read_number(value)?;
                    if !(3..=4).contains(&t.table_size) {
                        return Err("a Skat table has 3 or 4 members".to_owned());
                    }
                }
                "pass_out" => t.pass_out = read_choice(value, &PASS_OUT)?,
                "scoring" => t.scoring = read_choice(value, &SCORING)?,
                "lost_hand_games_single" => t.lost_hand_games_single = read_bool(value)?,
                "allow_null_below_bid" => t.allow_null_below_bid = read_bool(value)?,
                "deals" if value == "open" => rules.deals = None,
                "deals" => rules.deals = Some(read_number(value)?),
                _ => return Err("unknown rule".to_owned()),
            }
            Ok(())
        })?;
        Ok(rules)
    }

    fn write_deal(&self) -> String {
        let d = self.deal();
        write_hands(&HANDS, &[d.hand(Seat::FOREHAND), d.hand(Seat::MIDDLEHAND), d.hand(Seat::REARHAND), d.skat()])
    }

    fn read_deal(text: &str, rules: &SkatMatchRules) -> Result<SkatGame, String> {
        let [fh, mh, rh, skat] = read_hands(text, HANDS)?;
        let deal = SkatDeal::new([fh, mh, rh], skat).map_err(|e| e.to_string())?;
        Ok(SkatGame::new(deal, rules.table))
    }

    fn write_action(action: SkatAction) -> String {
        action.to_string()
    }

    fn read_action(text: &str) -> Result<SkatAction, String> {
        text.parse().map_err(|e: crate::skat::ParseActionError| e.to_string())
    }
}
