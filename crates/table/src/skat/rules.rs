//! The named Skat rules presets and the one-line description of the rules
//! in force that every screen shows.

use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::{MatchFormat, PassOut, Scoring, SkatRules};

/// The named presets.
pub const PRESETS: [(&str, SkatRules); 4] = SkatRules::PRESETS;

/// A one-line description of the rules in force, for the screen: the
/// preset's name (`custom` for anything but a preset, whose scoring and
/// table size may differ: `--seeger-fabian`, `--members`), then what the
/// rules add to the ISkO.
pub fn summary(rules: &SkatMatchRules) -> String {
    let t = &rules.table;
    let name = PRESETS
        .iter()
        .find(|(_, p)| SkatRules { scoring: t.scoring, table_size: t.table_size, ..*p } == *t)
        .map_or("custom", |(n, _)| n);
    let mut parts = vec![name.to_owned()];
    if name == "xskat" {
        // XSkat's pub table has all of them: in short, to fit the border.
        parts.push("Ramsch, Kontra, Bock, Spitze, Schenken…".into());
        return finish(parts, t, rules.deals);
    }
    if t.pass_out == PassOut::Ramsch {
        parts.push("Ramsch when all pass".into());
    }
    if t.kontra.is_some() {
        parts.push("Kontra/Re".into());
    }
    if t.bock.is_some() {
        parts.push("Bock".into());
    }
    if let Some(s) = t.spitze {
        parts.push(if s.levels == 2 { "Spitze (2 levels)".into() } else { "Spitze".into() });
    }
    if t.schenken.is_some() {
        parts.push("Schenken".into());
    }
    if t.klopfen.is_some() {
        parts.push("Klopfen".into());
    }
    if t.ramsch_only {
        parts.push("Ramsch only".into());
    }
    if let MatchFormat::Pirat { .. } = t.format {
        parts.push("to 100, then a Bock and a Ramsch round".into());
    }
    finish(parts, t, rules.deals)
}

/// The scoring, table size and list length at the end of the summary.
fn finish(mut parts: Vec<String>, t: &SkatRules, deals: Option<u32>) -> String {
    if t.scoring == Scoring::SeegerFabian {
        parts.push("Seeger–Fabian".into());
    }
    if t.lost_hand_games_single {
        parts.push("lost hand games single".into());
    }
    if t.table_size == 4 {
        parts.push("4 members".into());
    }
    if let Some(deals) = deals {
        parts.push(format!("{deals} deals"));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_names_the_preset_and_what_it_adds() {
        let of = |table, deals| summary(&SkatMatchRules { table, deals });
        assert_eq!(of(SkatRules::ISKO, None), "isko");
        assert_eq!(of(SkatRules::PUB, None), "pub · Ramsch when all pass · Kontra/Re · Bock");
        assert_eq!(of(SkatRules::PIRAT, None), "pirat · to 100, then a Bock and a Ramsch round");
        let fabian = SkatRules { scoring: Scoring::SeegerFabian, ..SkatRules::ISKO };
        assert_eq!(of(fabian, Some(36)), "isko · Seeger–Fabian · 36 deals");
        let four = SkatRules { table_size: 4, ..SkatRules::PUB };
        assert_eq!(of(four, None), "pub · Ramsch when all pass · Kontra/Re · Bock · 4 members");
        let spitze = SkatRules { spitze: Some(Default::default()), ..SkatRules::ISKO };
        assert_eq!(of(spitze, None), "custom · Spitze");
        // Every summary fits the bottom border of the table at 80 columns.
        for (_, preset) in PRESETS {
            assert!(of(preset, None).chars().count() <= 47, "{}", of(preset, None));
        }
    }
}
