//! Saving a Skat table: as ISS records while every finished deal can be
//! one, as a trumpf match record otherwise or when asked for.
//!
//! ISS records (one game per line, `docs/records.md`) are what other Skat
//! programs read, but they have no way to say Ramsch, Kontra/Re, Bock or a
//! rule like "lost hand games count single" ([`iss::unsupported`]). A
//! table with such a deal is therefore written whole as a trumpf match
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
//!
//! The deal in progress is saved too: in the trumpf record as a last deal
//! without a `scores` line, in ISS as a last record whose moves stop where
//! the deal stands and which has no result `R[...]`. Both name the seed
//! (the trumpf record in its `seed` line, ISS in every comment), so the
//! match can be continued where the file ends ([`read_iss`]).

use trumpf_core::iss::{self, IssMove, IssRecord};
use trumpf_core::series::{MatchGame, read_skat_rules, write_skat_rules};
use trumpf_core::skat::SkatGame;
use trumpf_core::{Member, Seat};

use crate::resume::{ReadSaveError, Resumable};
use crate::save::{SaveError, SaveFormat, Saved};
use crate::table::Table;

/// The first deal an ISS record cannot express, the deal in progress
/// included: its number and why.
pub fn iss_obstacle(table: &Table<SkatGame>) -> Option<(usize, &'static str)> {
    let finished = table.record().deals().iter().map(|deal| &deal.end);
    let current = table.unfinished().is_some().then(|| table.game());
    finished.chain(current).enumerate().find_map(|(i, game)| iss::unsupported(game).map(|why| (i + 1, why)))
}

/// Every deal of `table`, the one in progress included, in the format
/// `wanted`, or as a trumpf record when ISS cannot express one of them.
pub(super) fn save(table: &Table<SkatGame>, wanted: SaveFormat) -> Result<Saved, SaveError> {
    let trumpf = |not_iss: Option<String>| Saved { text: table.record_text(), format: SaveFormat::Trumpf, not_iss };
    Ok(match (wanted, iss_obstacle(table)) {
        (SaveFormat::Iss, None) => match iss_text(table) {
            Ok(text) => Saved { text, format: SaveFormat::Iss, not_iss: None },
            // A deal the ISS reader does not replay (a house rule's phase
            // such as the Kontra window before the lead): the trumpf record
            // keeps everything.
            Err(SaveError::Iss { deal, error }) => trumpf(Some(format!("deal {deal} ({error})"))),
        },
        (SaveFormat::Iss, Some((deal, why))) => trumpf(Some(format!("{why} (deal {deal})"))),
        (SaveFormat::Trumpf, _) => trumpf(None),
    })
}

/// Every deal as an ISS line, each ending in a line break; the deal in
/// progress, if any, last, its moves so far and no result. Player names
/// lose their spaces; the players are the members seated in the deal. The
/// comment field names the seed, the deal number, at a four-member table
/// the dealer who sat out, and the rules, so the deal can be dealt again
/// with `trumpf play --seed` and the session continued.
fn iss_text(table: &Table<SkatGame>) -> Result<String, SaveError> {
    let mut text = String::new();
    let record = table.record();
    let rules = record.rules();
    let iss_name = |member: Member| table.name(member).to_lowercase().replace(char::is_whitespace, "");
    let finished = record.deals().iter().map(|deal| (deal.dealer, &deal.start, &deal.actions[..]));
    let unfinished = table.unfinished();
    let current = unfinished.as_ref().map(|deal| (deal.dealer, &deal.start, &deal.actions[..]));
    for (i, (dealer, start, actions)) in finished.chain(current).enumerate() {
        let number = i + 1;
        let seating = <SkatGame as MatchGame>::seating(rules, dealer);
        let players: [String; 3] = std::array::from_fn(|seat| iss_name(seating[seat]));
        let mut iss = IssRecord::from_game(number as u64, players, actions, start.deal())
            .map_err(|error| SaveError::Iss { deal: number, error })?;
        let sat_out =
            if record.members() > 3 { format!(", {} dealt and sat out", iss_name(dealer)) } else { String::new() };
        let comment = format!("{COMMENT}{}, deal {number}{sat_out}; rules {}", table.seed(), write_skat_rules(rules));
        iss.tags.push(("CO".to_owned(), comment));
        text.push_str(&iss.to_line());
        text.push('\n');
    }
    Ok(text)
}

/// How the comment of every ISS record a table writes begins.
const COMMENT: &str = "trumpf play --seed ";

/// The seed, the deal number and the rules a table's ISS comment names.
fn read_comment(comment: &str) -> Option<(u64, u64, &str)> {
    let rest = comment.strip_prefix(COMMENT)?;
    let (seed, rest) = rest.split_once(", deal ")?;
    let (deal, rules) = rest.split_once("; rules ")?;
    let deal = deal.split(',').next()?;
    Some((seed.parse().ok()?, deal.parse().ok()?, rules))
}

/// The session in ISS records a table wrote: every record's comment names
/// the same seed and rules and the deals 1, 2, 3, ...; the moves are the
/// engine's actions (the server's `w` showing the skat is skipped), the
/// last record's possibly unfinished. The last member dealt first, as at
/// the tables `trumpf play` opens.
///
/// # Errors
/// A record that does not read, one without a table's comment, of another
/// seed or rules or out of order, or with a move a table never writes.
pub(super) fn read_iss(text: &str) -> Result<Resumable<SkatGame>, ReadSaveError<SkatGame>> {
    let mut session: Option<(u64, String)> = None;
    let mut rules = None;
    let mut deals = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let line_no = i + 1;
        let record = IssRecord::parse(line.trim()).map_err(|error| ReadSaveError::Iss { line: line_no, error })?;
        let comment = record.tags.iter().find(|(key, _)| key == "CO").map(|(_, value)| value.as_str());
        let (seed, deal, rules_text) =
            comment.and_then(read_comment).ok_or(ReadSaveError::NotSaved { line: line_no })?;
        let expected = deals.len() + 1;
        if deal != expected as u64 {
            return Err(ReadSaveError::IssDeal { line: line_no, expected, found: deal });
        }
        match &session {
            None => {
                let read = read_skat_rules(rules_text)
                    .map_err(|e| ReadSaveError::IssRules { line: line_no, problem: e.to_string() })?;
                rules = Some(read);
                session = Some((seed, rules_text.to_owned()));
            }
            Some((first, _)) if *first != seed => return Err(ReadSaveError::IssMixed { line: line_no, what: "seed" }),
            Some((_, first)) if first != rules_text => {
                return Err(ReadSaveError::IssMixed { line: line_no, what: "rules" });
            }
            Some(_) => {}
        }
        let mut actions = Vec::new();
        for mv in &record.moves {
            match *mv {
                IssMove::Action { seat, action } => actions.push((seat, action)),
                IssMove::SkatShown(_) => {}
                other => return Err(ReadSaveError::IssMove { line: line_no, token: move_text(other) }),
            }
        }
        let table_rules = rules.as_ref().map(|r| r.table).unwrap_or_default();
        deals.push((SkatGame::new(record.deal, table_rules), actions));
    }
    let (Some((seed, _)), Some(rules)) = (session, rules) else {
        return Err(ReadSaveError::File(crate::resume::FileError::Empty));
    };
    let members = <SkatGame as MatchGame>::members(&rules);
    let first_dealer = Member::new(members - 1).unwrap_or(Member::new(0).expect("member 0"));
    Ok(Resumable { rules, seed, first_dealer, players: vec![String::new(); members], deals, format: SaveFormat::Iss })
}

/// A move a table never writes, as ISS writes it.
fn move_text(mv: IssMove) -> String {
    let seat = |s: Seat| s.index().to_string();
    match mv {
        IssMove::Resign(s) => format!("{} RE (a resignation)", seat(s)),
        IssMove::ShowCards(s) => format!("{} SC (showing the cards)", seat(s)),
        IssMove::Timeout(s) => format!("w TI.{} (a timeout)", seat(s)),
        IssMove::Left(s) => format!("w LE.{} (leaving the table)", seat(s)),
        IssMove::HiddenCard(s) => format!("{} ?? (a hidden card)", seat(s)),
        IssMove::Action { .. } | IssMove::SkatShown(_) => String::new(),
    }
}
