//! `--rules isko|pub|pirat|xskat|FILE.toml`: the Skat rules of a session.
//!
//! A rules file is a TOML table with the keys of the trumpf record's
//! `rules` line (`docs/records.md`), optionally starting from a preset:
//!
//! ```toml
//! preset = "pub"              # isko (default), pub, pirat or xskat
//! scoring = "seeger_fabian"
//! kontra_timing = "before_opening_lead"
//! bock_triggers = ["lost_with_60", "grand_hand_played"]
//! deals = 36
//! ```

use std::path::Path;

use anyhow::{Context, Result, bail};
use trumpf_core::series::{SkatMatchRules, read_skat_rules_onto};
use trumpf_table::skat::PRESETS;

/// The rules named by a preset or held in a TOML file.
///
/// # Errors
/// An unknown preset, an unreadable file, bad TOML, an unknown key or value.
pub fn skat_rules(spec: &str) -> Result<SkatMatchRules> {
    if let Some((_, table)) = PRESETS.iter().find(|(name, _)| *name == spec) {
        return Ok(SkatMatchRules { table: *table, deals: None });
    }
    let path = Path::new(spec);
    if !spec.ends_with(".toml") && !path.exists() {
        bail!("unknown rules {spec:?}: use isko, pub, pirat, xskat or a .toml file");
    }
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the rules file {spec}"))?;
    parse_toml(&text).with_context(|| format!("in the rules file {spec}"))
}

/// Reads a rules table (see the module docs).
///
/// # Errors
/// Bad TOML, an unknown preset, key or value.
pub fn parse_toml(text: &str) -> Result<SkatMatchRules> {
    let table: toml::Table = text.parse().context("not valid TOML")?;
    let mut base = SkatMatchRules::default();
    let mut pairs = Vec::new();
    for (key, value) in &table {
        let text = match value {
            toml::Value::String(s) => s.clone(),
            toml::Value::Boolean(b) => b.to_string(),
            toml::Value::Integer(i) => i.to_string(),
            toml::Value::Array(items) => {
                let names: Option<Vec<&str>> = items.iter().map(toml::Value::as_str).collect();
                let names = names.with_context(|| format!("{key}: a list of names is expected"))?;
                if names.is_empty() { "none".to_owned() } else { names.join(",") }
            }
            other => bail!("{key}: unsupported value {other}"),
        };
        if key == "preset" {
            let Some((_, preset)) = PRESETS.iter().find(|(name, _)| *name == text) else {
                bail!("preset: {text:?} is not one of isko, pub, pirat, xskat");
            };
            base.table = *preset;
        } else {
            if text.contains(char::is_whitespace) {
                bail!("{key}: values have no spaces");
            }
            pairs.push(format!("{key}={text}"));
        }
    }
    read_skat_rules_onto(base, &pairs.join(" ")).map_err(anyhow::Error::msg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_core::skat::{BockStacking, KontraTiming, PassOut, Scoring, SkatRules};
    use trumpf_table::skat::summary;

    #[test]
    fn presets_by_name() {
        assert_eq!(skat_rules("isko").unwrap().table, SkatRules::ISKO);
        assert_eq!(skat_rules("pub").unwrap().table, SkatRules::PUB);
        assert_eq!(skat_rules("pirat").unwrap().table, SkatRules::PIRAT);
        assert_eq!(skat_rules("xskat").unwrap().table, SkatRules::XSKAT);
        let e = skat_rules("tournament").unwrap_err().to_string();
        assert!(e.contains("isko, pub, pirat, xskat"), "{e}");
    }

    #[test]
    fn a_toml_file_changes_a_preset() {
        let rules = parse_toml(
            r#"
            preset = "pub"
            scoring = "seeger_fabian"
            kontra_timing = "before_opening_lead"
            bock_triggers = ["lost_with_60", "lost_grand"]
            bock_stacking = "overlap"
            jacks_may_be_pushed = true
            deals = 36
            "#,
        )
        .unwrap();
        assert_eq!(rules.deals, Some(36));
        assert_eq!(rules.table.scoring, Scoring::SeegerFabian);
        assert_eq!(rules.table.pass_out, PassOut::Ramsch);
        assert_eq!(rules.table.kontra.unwrap().timing, KontraTiming::BeforeOpeningLead);
        let bock = rules.table.bock.unwrap();
        assert_eq!(bock.stacking, BockStacking::Overlap);
        assert!(bock.triggers.lost_grand && bock.triggers.lost_with_60 && !bock.triggers.grand_hand_played);
        assert!(rules.table.ramsch.jacks_may_be_pushed);
        assert!(summary(&rules).starts_with("custom"));
    }

    #[test]
    fn the_readme_rules_file_reads() {
        let readme = include_str!("../../../README.md");
        let block = readme.split("```toml\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a toml block");
        let rules = parse_toml(block).unwrap();
        assert_eq!(rules.table, SkatRules { scoring: Scoring::SeegerFabian, ..SkatRules::PUB });
        assert_eq!(rules.deals, Some(36));
    }

    #[test]
    fn a_toml_file_seats_four() {
        let rules = parse_toml("preset = \"isko\"\ntable_size = 4\nscoring = \"seeger_fabian\"").unwrap();
        assert_eq!(rules.table, SkatRules { table_size: 4, scoring: Scoring::SeegerFabian, ..SkatRules::ISKO });
        assert_eq!(summary(&rules), "isko · Seeger–Fabian · 4 members");
    }

    #[test]
    fn bad_rules_files_say_what_is_wrong() {
        for (text, needle) in [
            ("preset = \"casino\"", "not one of isko, pub, pirat, xskat"),
            ("colour = \"blue\"", "unknown rule"),
            ("pass_out = \"redeal\"", "not one of throw_in, ramsch"),
            ("table_size = 5", "3 or 4 members"),
            ("kontra = [1, 2]", "list of names"),
            ("this is not toml", "not valid TOML"),
        ] {
            let e = format!("{:#}", parse_toml(text).unwrap_err());
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
