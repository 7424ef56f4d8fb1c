//! Replaying trumpf match records (`docs/records.md`) for `trumpf replay`.

use std::io::{self, Write};

use anyhow::{Result, anyhow};
use serde::Serialize;
use trumpf_core::series::record::{RecordGame, SavedMatch, game_of};
use trumpf_core::series::{MatchStatus, PlayedDeal};
use trumpf_core::skat::{SkatGame, SkatOutcome};
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{GameId, Member, Seat};

/// Whether `text` is a trumpf match record (rather than ISS lines).
pub fn is_match_record(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').trim_start().starts_with("trumpf-record")
}

/// Who sits where in one deal of a record: names by member and the seating.
pub struct Seating<'a> {
    /// The players' names, by member.
    pub players: &'a [String],
    /// The member in each seat.
    pub members: [Member; Seat::MAX],
    /// The seat's role in the game: "forehand", "E2", "L".
    pub role: fn(Seat) -> &'static str,
}

impl Seating<'_> {
    /// "Ann (forehand)": the member in `seat` with the seat's role.
    pub fn who(&self, seat: Seat) -> String {
        let name = self.players.get(self.members[seat.index()].index()).map_or("?", String::as_str);
        format!("{name} ({})", (self.role)(seat))
    }

    /// Values by seat put in member order (`members` members).
    fn by_member<T: Copy + Default>(&self, by_seat: &[T], members: usize) -> Vec<T> {
        let mut out = vec![T::default(); members];
        for (seat, &value) in by_seat.iter().enumerate() {
            if let Some(slot) = out.get_mut(self.members[seat].index()) {
                *slot = value;
            }
        }
        out
    }
}

/// How a game describes one finished deal in a line.
pub trait DescribeDeal: RecordGame {
    /// The role of a seat: "forehand", "E2", "L".
    fn role(seat: Seat) -> &'static str;
    /// A short human summary of the finished deal; players are named by
    /// `seating` (name and role), and per-player numbers come in member
    /// order like the scores after them.
    fn describe(end: &Self, seating: &Seating<'_>) -> String;
    /// The engine's outcome of the finished deal, as JSON (through the
    /// core's `serde` feature).
    fn outcome(end: &Self) -> serde_json::Value;
    /// The hand a seat plays from in `before` when it is not its own
    /// (Spidge: the dealer plays the dummy's cards), if any.
    fn playing_for(_before: &Self) -> Option<&'static str> {
        None
    }
}

impl DescribeDeal for SkatGame {
    fn role(seat: Seat) -> &'static str {
        ["forehand", "middlehand", "rearhand", "dealer"][seat.index().min(3)]
    }

    fn outcome(end: &SkatGame) -> serde_json::Value {
        serde_json::to_value(end.outcome()).unwrap_or_default()
    }

    fn describe(end: &SkatGame, seating: &Seating<'_>) -> String {
        let bock = if end.setup().bock > 1 { format!(" [Bock ×{}]", end.setup().bock) } else { String::new() };
        let line = match end.outcome() {
            Some(SkatOutcome::Played { declarer, settlement: s }) => {
                let kontra = ["", " [Kontra]", " [Kontra, Re]"][usize::from(s.kontra.min(2))];
                format!(
                    "{}{kontra} by {}, bid {}: {} {:+} ({} points, {})",
                    s.contract,
                    seating.who(declarer),
                    s.bid,
                    if s.won { "won" } else { "lost" },
                    s.score,
                    s.tally.declarer_points,
                    count(s.tally.declarer_tricks, "trick", "tricks")
                )
            }
            Some(SkatOutcome::PassedIn) => "passed in".to_owned(),
            Some(SkatOutcome::Ramsch { result }) => {
                let members = seating.players.len();
                let points: Vec<String> =
                    seating.by_member(&result.totals, members).iter().map(u8::to_string).collect();
                let mut line = format!("Ramsch: card points {}", points.join(" "));
                if let Some(seat) = result.durchmarsch {
                    line.push_str(&format!(", Durchmarsch by {}", seating.who(seat)));
                }
                if result.play.pushes > 0 {
                    line.push_str(&format!(", pushed {}×", result.play.pushes));
                }
                if result.jungfrauen > 0 {
                    line.push_str(", Jungfrau");
                }
                line
            }
            None => "unfinished".to_owned(),
        };
        format!("{line}{bock}")
    }
}

impl DescribeDeal for SpidgeGame {
    fn role(seat: Seat) -> &'static str {
        ["L", "R", "Dealer", "?"][seat.index().min(3)]
    }

    fn outcome(end: &SpidgeGame) -> serde_json::Value {
        serde_json::to_value(end.result()).unwrap_or_default()
    }

    fn playing_for(before: &SpidgeGame) -> Option<&'static str> {
        (before.hand_to_play() == Some(trumpf_core::spidge::Hand::Dummy)).then_some("Dummy")
    }

    fn describe(end: &SpidgeGame, seating: &Seating<'_>) -> String {
        match end.result() {
            Some(r) => {
                let t = r.tricks.as_array();
                let mut line = format!("tricks L {} Dummy {} R {} Dealer {}", t[0], t[1], t[2], t[3]);
                for (seat, award) in r.awards.iter() {
                    if let Some(award) = award {
                        line.push_str(&format!(", {} {award:?}", seating.who(seat)));
                    }
                }
                line
            }
            None => "unfinished".to_owned(),
        }
    }
}

impl DescribeDeal for SpitzerGame {
    fn role(seat: Seat) -> &'static str {
        ["E1", "E2", "E3", "E4"][seat.index().min(3)]
    }

    fn outcome(end: &SpitzerGame) -> serde_json::Value {
        serde_json::to_value(end.outcome()).unwrap_or_default()
    }

    fn describe(end: &SpitzerGame, seating: &Seating<'_>) -> String {
        match end.outcome() {
            Some(o) => {
                let s = &o.settlement;
                let side: Vec<String> = o.declaring.iter().map(|seat| seating.who(seat)).collect();
                format!(
                    "{} by {}: {} points, {}, {} ({:+})",
                    s.contract,
                    side.join(" and "),
                    s.points,
                    count(s.tricks, "trick", "tricks"),
                    s.column,
                    s.value
                )
            }
            None => "unfinished".to_owned(),
        }
    }
}

/// One deal of a match as a `--json` line: who dealt, what each member
/// gained, the totals after it, and the engine's own outcome.
#[derive(Serialize)]
struct JsonDeal<'a> {
    game: &'a str,
    deal: usize,
    dealer: Member,
    scores: &'a [i64],
    totals: Vec<i64>,
    outcome: serde_json::Value,
}

/// The last `--json` line of a match.
#[derive(Serialize)]
struct JsonEnd<'a> {
    game: &'a str,
    totals: &'a [i64],
    status: String,
    winner: Option<Member>,
}

/// A count with its noun: "1 trick", "4 tricks".
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The JSON line of a deal still being played.
#[derive(Serialize)]
struct JsonUnfinished<'a> {
    game: &'a str,
    deal: usize,
    dealer: Member,
    unfinished: bool,
    actions: usize,
}

fn print_match<G: DescribeDeal>(saved: &SavedMatch<G>, json: bool, out: &mut impl Write) -> io::Result<()> {
    let record = &saved.record;
    let m = &record.game;
    let members = m.members();
    let mut totals = vec![0i64; members];
    for (i, deal) in m.deals().iter().enumerate() {
        let PlayedDeal { dealer, scores, end, .. } = deal;
        for (t, s) in totals.iter_mut().zip(scores) {
            *t += s;
        }
        if json {
            let line = JsonDeal {
                game: G::NAME,
                deal: i + 1,
                dealer: *dealer,
                scores: &scores[..members],
                totals: totals.clone(),
                outcome: G::outcome(end),
            };
            writeln!(out, "{}", serde_json::to_string(&line)?)?;
        } else {
            let seating = Seating { players: &record.players, members: G::seating(m.rules(), *dealer), role: G::role };
            let scores: Vec<String> = scores[..members].iter().map(|s| format!("{s:+}")).collect();
            writeln!(
                out,
                "deal {}: dealer {}: {} | {}",
                i + 1,
                record.players[dealer.index()],
                G::describe(end, &seating),
                scores.join(" ")
            )?;
        }
    }
    if let Some(deal) = &saved.unfinished {
        let number = m.deals().len() + 1;
        let actions = deal.actions.len();
        if json {
            let line = JsonUnfinished { game: G::NAME, deal: number, dealer: deal.dealer, unfinished: true, actions };
            writeln!(out, "{}", serde_json::to_string(&line)?)?;
        } else {
            writeln!(
                out,
                "deal {number}: dealer {}: unfinished ({} so far)",
                record.players[deal.dealer.index()],
                count(actions as u64, "action", "actions")
            )?;
        }
    }
    let (status, winner) = match m.status() {
        MatchStatus::Running => ("running".to_owned(), None),
        MatchStatus::Won(w) => (format!("won by {}", record.players[w.index()]), Some(w)),
        MatchStatus::Drawn => ("drawn".to_owned(), None),
    };
    if json {
        let end = JsonEnd { game: G::NAME, totals: &m.totals()[..members], status, winner };
        writeln!(out, "{}", serde_json::to_string(&end)?)?;
    } else {
        let totals: Vec<String> = (0..members).map(|i| format!("{} {}", record.players[i], m.totals()[i])).collect();
        writeln!(out, "totals: {}; {status}", totals.join(", "))?;
    }
    Ok(())
}

/// Reads and replays a trumpf match record, printing each deal and the totals.
///
/// # Errors
/// A record that does not read (with its line), or an output error.
pub fn replay_match(text: &str, json: bool, out: &mut impl Write) -> Result<()> {
    let text = text.trim_start_matches('\u{feff}');
    let game = game_of(text)?;
    let id: GameId = game.parse().map_err(|_| anyhow!("unknown game {game:?} in the record"))?;
    match id {
        GameId::Skat => print_match(&SavedMatch::<SkatGame>::read(text)?, json, out)?,
        GameId::Spidge => print_match(&SavedMatch::<SpidgeGame>::read(text)?, json, out)?,
        GameId::Spitzer => print_match(&SavedMatch::<SpitzerGame>::read(text)?, json, out)?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::series::record::MatchRecord;
    use trumpf_core::series::{Match, SkatMatchRules};
    use trumpf_core::skat::{SkatAction, SkatDeal, SkatRules};
    use trumpf_core::{Game, Seat};

    /// A one-deal list: everybody passes (thrown in, §4.6), so every score is 0.
    fn passed_in_record() -> String {
        let mut m = Match::<SkatGame>::new(
            SkatMatchRules { deals: Some(1), ..Default::default() },
            trumpf_core::Member::new(0).unwrap(),
        )
        .unwrap();
        let start = SkatGame::new(SkatDeal::from_seed(1), SkatRules::default());
        let actions = vec![
            (Seat::MIDDLEHAND, SkatAction::Pass),
            (Seat::REARHAND, SkatAction::Pass),
            (Seat::FOREHAND, SkatAction::Pass),
        ];
        m.record(start, actions).unwrap();
        assert!(m.deals()[0].end.is_over());
        MatchRecord::new(&["Ann".into(), "Bob".into(), "Cid".into()], m).write()
    }

    #[test]
    fn replays_a_trumpf_record() {
        let text = passed_in_record();
        assert!(is_match_record(&text));
        let mut out = Vec::new();
        replay_match(&text, false, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out, "deal 1: dealer Ann: passed in | +0 +0 +0\ntotals: Ann 0, Bob 0, Cid 0; drawn\n");
        let mut json = Vec::new();
        replay_match(&text, true, &mut json).unwrap();
        let json = String::from_utf8(json).unwrap();
        assert_eq!(json.lines().count(), 2);
        assert!(json.contains(r#""status":"drawn""#), "{json}");
        assert!(json.contains(r#""outcome":"PassedIn""#), "{json}");
    }

    #[test]
    fn deals_name_the_members_with_their_roles_and_ramsch_points_follow_the_members() {
        use trumpf_core::GameView;
        use trumpf_core::skat::SkatRules;
        // Pub rules: three passes make a Ramsch (deal 1); then a deal in
        // which everybody takes the first legal action.
        let rules = SkatMatchRules { table: SkatRules::PUB, deals: Some(2) };
        let mut m = Match::<SkatGame>::new(rules, trumpf_core::Member::new(2).unwrap()).unwrap();
        for first_is_pass in [true, false] {
            let start = m.deal(&mut trumpf_core::shuffle::deal_rng(5));
            let mut game = start;
            let mut actions = Vec::new();
            while let Some(seat) = game.to_act() {
                let mut legal = Vec::new();
                game.view(seat).legal_actions(&mut legal);
                let action =
                    if first_is_pass && legal.contains(&SkatAction::Pass) { SkatAction::Pass } else { legal[0] };
                game.try_apply(seat, action).unwrap();
                actions.push((seat, action));
            }
            m.record(start, actions).unwrap();
        }
        let text = MatchRecord::new(&["Ann".into(), "Bob".into(), "Cid".into()], m).write();
        let mut out = Vec::new();
        replay_match(&text, false, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        // Deal 1: a Ramsch; its card points are three numbers summing to 120.
        let points: Vec<u32> = lines[0]
            .split("card points ")
            .nth(1)
            .and_then(|rest| rest.split(['|', ',']).next())
            .unwrap()
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(points.len(), 3, "{}", lines[0]);
        assert_eq!(points.iter().sum::<u32>(), 120, "{}", lines[0]);
        // Deal 2, dealt by Ann: Bob is forehand and holds every value
        // middlehand names up to 264, where middlehand must pass.
        assert!(lines[1].contains(" by Bob (forehand), bid 264: "), "{}", lines[1]);
        assert!(!out.contains("seat "), "{out}");
    }

    #[test]
    fn an_unfinished_last_deal_is_said() {
        // A record with the deal in progress (no `scores` line), as
        // `trumpf play` saves it.
        let text = passed_in_record()
            .replace("deals=1", "deals=2")
            .replace("status drawn", "status running")
            .replace("\ntotals", "\ndeal 2\ndealer 1\ncards FH=C7.C8.C9.CT.CJ.CQ.CK.CA.S7.S8 MH=S9.ST.SJ.SQ.SK.SA.H7.H8.H9.HT RH=HJ.HQ.HK.HA.D7.D8.D9.DT.DJ.DQ skat=DK.DA\nactions 1:18 0:y\n\ntotals");
        let mut out = Vec::new();
        replay_match(&text, false, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("deal 2: dealer Bob: unfinished (2 actions so far)"), "{out}");
        let mut json = Vec::new();
        replay_match(&text, true, &mut json).unwrap();
        let json = String::from_utf8(json).unwrap();
        assert!(json.contains(r#""unfinished":true"#) && json.contains(r#""actions":2"#), "{json}");
    }

    #[test]
    fn a_bad_trumpf_record_names_its_line() {
        let text = passed_in_record().replace("scores 0 0 0", "scores 0 0 1");
        let e = replay_match(&text, false, &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("line 11"), "{e}");
    }
}
