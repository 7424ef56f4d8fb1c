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

use trumpf_core::Member;
use trumpf_core::iss::{self, IssRecord};
use trumpf_core::series::{MatchGame, write_skat_rules};
use trumpf_core::skat::SkatGame;

use crate::save::{SaveError, SaveFormat, Saved};
use crate::table::Table;

/// The first finished deal an ISS record cannot express: its number and why.
pub fn iss_obstacle(table: &Table<SkatGame>) -> Option<(usize, &'static str)> {
    table.record().deals().iter().enumerate().find_map(|(i, deal)| iss::unsupported(&deal.end).map(|why| (i + 1, why)))
}

/// Every finished deal of `table` in the format `wanted`, or as a trumpf
/// record when ISS cannot express one of them.
pub(super) fn save(table: &Table<SkatGame>, wanted: SaveFormat) -> Result<Saved, SaveError> {
    let trumpf = || table.record_text();
    Ok(match (wanted, iss_obstacle(table)) {
        (SaveFormat::Iss, None) => Saved { text: iss_text(table)?, format: SaveFormat::Iss, not_iss: None },
        (SaveFormat::Iss, Some((deal, why))) => {
            Saved { text: trumpf(), format: SaveFormat::Trumpf, not_iss: Some(format!("{why} (deal {deal})")) }
        }
        (SaveFormat::Trumpf, _) => Saved { text: trumpf(), format: SaveFormat::Trumpf, not_iss: None },
    })
}

/// Every finished deal as an ISS line, each ending in a line break. Player
/// names lose their spaces; the players are the members seated in the
/// deal. The comment field names the seed, the deal number, at a
/// four-member table the dealer who sat out, and the rules, so the deal can
/// be dealt again with `trumpf play --seed`.
fn iss_text(table: &Table<SkatGame>) -> Result<String, SaveError> {
    let mut text = String::new();
    let record = table.record();
    let rules = record.rules();
    let iss_name = |member: Member| table.name(member).to_lowercase().replace(char::is_whitespace, "");
    for (i, deal) in record.deals().iter().enumerate() {
        let number = i + 1;
        let seating = <SkatGame as MatchGame>::seating(rules, deal.dealer);
        let players: [String; 3] = std::array::from_fn(|seat| iss_name(seating[seat]));
        let mut iss = IssRecord::from_game(number as u64, players, &deal.actions, deal.start.deal())
            .map_err(|error| SaveError::Iss { deal: number, error })?;
        let sat_out =
            if record.members() > 3 { format!(", {} dealt and sat out", iss_name(deal.dealer)) } else { String::new() };
        let comment =
            format!("trumpf play --seed {}, deal {number}{sat_out}; rules {}", table.seed(), write_skat_rules(rules));
        iss.tags.push(("CO".to_owned(), comment));
        text.push_str(&iss.to_line());
        text.push('\n');
    }
    Ok(text)
}
