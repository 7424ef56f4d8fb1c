//! Saving a Skat session: as ISS records while every finished deal can be
//! one, as a trumpf match record otherwise or when asked for.
//!
//! ISS records (one game per line, `docs/records.md`) are what other Skat
//! programs read, but they have no way to say Ramsch, Kontra/Re, Bock or a
//! rule like "lost hand games count single" ([`iss::unsupported`]). A
//! session with such a deal is therefore written whole as a trumpf match
//! record, which keeps the rules, every deal and the match's progress, and
//! `trumpf replay` reads both. Every saved record names the rules: the
//! trumpf record in its `rules` line, each ISS record in its comment field.
//!
//! At a four-member table each deal is still a game of three, and an ISS
//! record holds exactly that: `P0`..`P2` name the members seated in
//! forehand, middlehand and rearhand of that deal, and the comment names the
//! dealer who sat it out (with the rules, `table_size=4`, so a Seeger–Fabian
//! sheet, which also credits him, can be rebuilt). The trumpf record keeps
//! all four members and the sheet itself.

use clap::ValueEnum;
use trumpf_core::Member;
use trumpf_core::iss::{self, IssRecord};
use trumpf_core::series::{MatchGame, write_skat_rules};
use trumpf_core::skat::SkatGame;

use super::session::Session;

/// The format asked for with `--format`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum SaveFormat {
    /// ISS records while every deal can be one; a trumpf match record once
    /// a deal cannot (a Ramsch, Kontra, a Bock deal), saying why.
    #[default]
    Iss,
    /// Always the trumpf match record.
    Trumpf,
}

impl SaveFormat {
    /// The file the `w` key saves to when `--save` is not given.
    pub fn default_file(self) -> &'static str {
        match self {
            SaveFormat::Iss => "trumpf-session.sgf",
            SaveFormat::Trumpf => "trumpf-skat.txt",
        }
    }

    /// "ISS records", "a trumpf record".
    pub fn name(self) -> &'static str {
        match self {
            SaveFormat::Iss => "ISS records",
            SaveFormat::Trumpf => "a trumpf record",
        }
    }
}

/// A session's finished deals as the text of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionText {
    /// The file's text.
    pub text: String,
    /// The format written.
    pub format: SaveFormat,
    /// ISS was asked for but cannot express this deal: "a Ramsch (deal 4)".
    pub not_iss: Option<String>,
}

/// The first finished deal an ISS record cannot express: its number and why.
pub fn iss_obstacle(session: &Session) -> Option<(usize, &'static str)> {
    session
        .record()
        .deals()
        .iter()
        .enumerate()
        .find_map(|(i, deal)| iss::unsupported(&deal.end).map(|why| (i + 1, why)))
}

/// Every finished deal of `session` in the format `wanted`, or as a trumpf
/// record when ISS cannot express one of them. Players are named after the
/// members (`names` by member, one per member of the table).
///
/// # Errors
/// If the engine refuses to replay a recorded deal (which would be a bug).
pub fn session_text(session: &Session, names: &[String], wanted: SaveFormat) -> Result<SessionText, String> {
    let trumpf = || session.record_text(names);
    Ok(match (wanted, iss_obstacle(session)) {
        (SaveFormat::Iss, None) => {
            SessionText { text: iss_text(session, names)?, format: SaveFormat::Iss, not_iss: None }
        }
        (SaveFormat::Iss, Some((deal, why))) => {
            SessionText { text: trumpf(), format: SaveFormat::Trumpf, not_iss: Some(format!("{why} (deal {deal})")) }
        }
        (SaveFormat::Trumpf, _) => SessionText { text: trumpf(), format: SaveFormat::Trumpf, not_iss: None },
    })
}

/// Every finished deal as an ISS line, each ending in a line break. Player
/// names lose their spaces; the players are the members seated in the
/// deal. The comment field names the seed, the deal number, at a
/// four-member table the dealer who sat out, and the rules, so the deal can
/// be dealt again with `trumpf play --seed`.
fn iss_text(session: &Session, names: &[String]) -> Result<String, String> {
    let mut text = String::new();
    let rules = session.record().rules();
    let iss_name = |member: Member| {
        names
            .get(member.index())
            .map_or_else(|| format!("member{member}"), |n| n.to_lowercase().replace(char::is_whitespace, ""))
    };
    for (i, deal) in session.record().deals().iter().enumerate() {
        let number = i + 1;
        let seating = <SkatGame as MatchGame>::seating(rules, deal.dealer);
        let players: [String; 3] = std::array::from_fn(|seat| iss_name(seating[seat]));
        let mut record = IssRecord::from_game(number as u64, players, &deal.actions, deal.start.deal())
            .map_err(|e| format!("deal {number}: {e}"))?;
        let sat_out = if session.record().members() > 3 {
            format!(", {} dealt and sat out", iss_name(deal.dealer))
        } else {
            String::new()
        };
        let comment =
            format!("trumpf play --seed {}, deal {number}{sat_out}; rules {}", session.seed(), write_skat_rules(rules));
        record.tags.push(("CO".to_owned(), comment));
        text.push_str(&record.to_line());
        text.push('\n');
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::model::tests::names;
    use crate::play::session;
    use trumpf_core::iss::IssOutcome;
    use trumpf_core::series::record::MatchRecord;
    use trumpf_core::series::{SkatMatchRules, read_skat_rules};
    use trumpf_core::skat::{SkatAction, SkatRules};
    use trumpf_core::{GameView, Seat};

    /// Plays the deal in progress to its end, everybody taking `pick` of
    /// the legal actions.
    fn play_out(session: &mut Session, pick: impl Fn(&[SkatAction]) -> SkatAction) {
        while let Some(seat) = session.to_act() {
            let mut legal = Vec::new();
            session.view(seat).legal_actions(&mut legal);
            session.apply(seat, pick(&legal)).unwrap();
        }
    }

    fn pass_first(legal: &[SkatAction]) -> SkatAction {
        if legal.contains(&SkatAction::Pass) { SkatAction::Pass } else { legal[0] }
    }

    #[test]
    fn saved_iss_records_replay_to_the_same_settlements_and_name_the_rules() {
        let mut session = session::new(9, SkatMatchRules::default()).unwrap();
        // Deal 1: everybody passes. Deal 2: the first legal action everywhere
        // (middlehand bids 18, ...), played to the end.
        play_out(&mut session, pass_first);
        assert!(session.next_deal());
        play_out(&mut session, |legal| legal[0]);
        let saved = session_text(&session, &names(), SaveFormat::Iss).unwrap();
        assert_eq!((saved.format, saved.not_iss), (SaveFormat::Iss, None));
        let lines: Vec<&str> = saved.text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("P0[you]P1[bot1]P2[bot2]"), "{}", lines[0]);
        assert!(lines[0].contains("CO[trumpf play --seed 9, deal 1; rules table_size=3 pass_out=throw_in"));
        let comment = lines[0].split("; rules ").nth(1).unwrap().split(']').next().unwrap();
        assert_eq!(read_skat_rules(comment), Ok(SkatMatchRules::default()));
        let first = IssRecord::parse(lines[0]).unwrap().replay().unwrap();
        assert_eq!(first.result.settlement.outcome, IssOutcome::Passed);
        let (record, replay) = IssRecord::parse_and_replay(lines[1]).unwrap();
        assert_eq!(record.players, ["bot1", "bot2", "you"]);
        let deal = &session.record().deals()[1];
        assert_eq!(record.deal, *deal.start.deal());
        assert_eq!(replay.game.outcome(), deal.end.outcome());
    }

    #[test]
    fn a_ramsch_is_saved_as_a_trumpf_record_that_reads_back() {
        let rules = SkatMatchRules { table: SkatRules::PUB, deals: None };
        let mut session = session::new(9, rules).unwrap();
        // Deal 1: the pub rules make a Ramsch of three passes.
        play_out(&mut session, pass_first);
        assert!(session.view(Seat::FOREHAND).ramsch);
        let saved = session_text(&session, &names(), SaveFormat::Iss).unwrap();
        assert_eq!(saved.format, SaveFormat::Trumpf);
        assert_eq!(saved.not_iss.as_deref(), Some("a Ramsch (deal 1)"));
        let read = MatchRecord::<SkatGame>::read(&saved.text).unwrap();
        assert_eq!(read.game, *session.record());
        assert_eq!(read.players, ["You", "Bot_1", "Bot_2"]);
        assert_eq!(read.game.rules().table, SkatRules::PUB);
        // Asked for, the trumpf record is written without a word about ISS.
        let asked = session_text(&session, &names(), SaveFormat::Trumpf).unwrap();
        assert_eq!((asked.text, asked.format, asked.not_iss), (saved.text, SaveFormat::Trumpf, None));
    }

    #[test]
    fn at_four_members_iss_names_the_three_seated_and_the_trumpf_record_all_four() {
        use crate::play::model::tests::{four_members_sf, names_of};
        let mut session = session::new(9, four_members_sf()).unwrap();
        // Four deals, each member dealing once: the first legal action
        // everywhere (middlehand bids 18 and plays).
        for _ in 0..4 {
            play_out(&mut session, |legal| legal[0]);
            session.next_deal();
        }
        let names = names_of(4);
        let saved = session_text(&session, &names, SaveFormat::Iss).unwrap();
        assert_eq!((saved.format, saved.not_iss), (SaveFormat::Iss, None));
        let lines: Vec<&str> = saved.text.lines().collect();
        assert_eq!(lines.len(), 4);
        let deals = session.record().deals();
        // The last member deals first, then the deal passes left; the
        // dealer sits out and the three after him play.
        let expected = [
            (["you", "bot1", "bot2"], "bot3"),
            (["bot1", "bot2", "bot3"], "you"),
            (["bot2", "bot3", "you"], "bot1"),
            (["bot3", "you", "bot1"], "bot2"),
        ];
        for (i, (line, (players, dealer))) in lines.iter().zip(expected).enumerate() {
            let (record, replay) = IssRecord::parse_and_replay(line).unwrap();
            assert_eq!(record.players, players, "deal {}", i + 1);
            assert_eq!(names[deals[i].dealer.index()].to_lowercase().replace(' ', ""), dealer);
            let comment = format!("deal {}, {dealer} dealt and sat out; rules table_size=4 ", i + 1);
            assert!(line.contains(&comment), "{line}");
            assert_eq!(replay.game.outcome(), deals[i].end.outcome());
            let rules = line.split("; rules ").nth(1).unwrap().split(']').next().unwrap();
            assert_eq!(read_skat_rules(rules).unwrap().table, session.record().rules().table);
        }
        // The trumpf record holds the four members and reads back to the same match.
        let saved = session_text(&session, &names, SaveFormat::Trumpf).unwrap();
        let read = MatchRecord::<SkatGame>::read(&saved.text).unwrap();
        assert_eq!(read.players, ["You", "Bot_1", "Bot_2", "Bot_3"]);
        assert_eq!(read.game, *session.record());
        assert!(saved.text.contains("\nrules table_size=4 "), "{}", saved.text);
    }
}
