//! The rules of a game as the Python side names them: a preset (`"isko"`,
//! `"pub"`, `"pirat"`, `"xskat"` for Skat; `"default"` for every game) or a dict with
//! the keys of the trumpf record's `rules` line (`docs/records.md`), which
//! may start from a preset with the key `"preset"`.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};
use trumpf_core::GameId;
use trumpf_core::series::record::RecordGame;
use trumpf_core::series::{SkatMatchRules, read_skat_rules_onto};
use trumpf_core::skat::{SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerGame, SpitzerRules};

use crate::RulesError;

/// The rules of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    Skat(SkatRules),
    Spitzer(SpitzerRules),
    Spidge(SpidgeRules),
}

/// Skat's presets, by name.
pub const SKAT_PRESETS: [(&str, SkatRules); 4] = SkatRules::PRESETS;

impl Rules {
    /// The default rules of `id` (Skat: the International Skat Order).
    pub fn default_for(id: GameId) -> Rules {
        match id {
            GameId::Skat => Rules::Skat(SkatRules::ISKO),
            GameId::Spitzer => Rules::Spitzer(SpitzerRules::default()),
            GameId::Spidge => Rules::Spidge(SpidgeRules::default()),
        }
    }

    /// The rules as the record's `rules` line writes them.
    pub fn text(&self) -> String {
        match self {
            Rules::Skat(r) => SkatGame::write_rules(&SkatMatchRules { table: *r, deals: None }),
            Rules::Spitzer(r) => SpitzerGame::write_rules(r),
            Rules::Spidge(r) => SpidgeGame::write_rules(r),
        }
    }

    /// The preset of this name.
    fn preset(id: GameId, name: &str) -> Option<Rules> {
        let name = name.trim().to_ascii_lowercase();
        if name == "default" {
            return Some(Rules::default_for(id));
        }
        match id {
            GameId::Skat => SKAT_PRESETS.iter().find(|(n, _)| *n == name).map(|(_, r)| Rules::Skat(*r)),
            _ => None,
        }
    }

    /// Reads `key=value` pairs over `base`.
    fn read_pairs(id: GameId, base: Rules, text: &str) -> Result<Rules, String> {
        match (id, base) {
            (GameId::Skat, Rules::Skat(table)) => read_skat_rules_onto(SkatMatchRules { table, deals: None }, text)
                .map(|r| Rules::Skat(r.table))
                .map_err(|e| e.to_string()),
            (GameId::Spitzer, _) if text.trim().is_empty() => Ok(base),
            (GameId::Spitzer, _) => SpitzerGame::read_rules(text).map(Rules::Spitzer).map_err(|e| e.to_string()),
            (GameId::Spidge, _) if text.trim().is_empty() => Ok(base),
            (GameId::Spidge, _) => SpidgeGame::read_rules(text).map(Rules::Spidge).map_err(|e| e.to_string()),
            _ => Err("rules of another game".to_owned()),
        }
    }

    /// The rules `spec` names for `id`: `None` (the defaults), a preset's
    /// name, a `key=value ...` text, or a dict of keys.
    pub fn from_py(id: GameId, spec: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
        let Some(spec) = spec.filter(|s| !s.is_none()) else { return Ok(Rules::default_for(id)) };
        let presets = match id {
            GameId::Skat => "isko, pub, pirat, xskat or default",
            _ => "default",
        };
        if let Ok(text) = spec.cast::<PyString>() {
            let text = text.to_str()?;
            if let Some(rules) = Rules::preset(id, text) {
                return Ok(rules);
            }
            if text.contains('=') {
                return Rules::read_pairs(id, Rules::default_for(id), text)
                    .map_err(|e| RulesError::new_err(format!("{id} rules {text:?}: {e}")));
            }
            return Err(RulesError::new_err(format!("unknown {id} rules {text:?}: a preset ({presets}) or a dict")));
        }
        let dict = spec.cast::<PyDict>().map_err(|_| {
            RulesError::new_err(format!("{id} rules: a preset's name ({presets}) or a dict, not {spec}"))
        })?;
        let mut base = Rules::default_for(id);
        let mut pairs = Vec::new();
        for (key, value) in dict.iter() {
            let key: String = key.extract().map_err(|_| RulesError::new_err("rules: keys are strings"))?;
            let text = value_text(&value)
                .ok_or_else(|| RulesError::new_err(format!("rules: {key}: unsupported value {value}")))?;
            if key == "preset" {
                base = Rules::preset(id, &text)
                    .ok_or_else(|| RulesError::new_err(format!("rules: preset {text:?} is not one of {presets}")))?;
            } else {
                pairs.push(format!("{key}={text}"));
            }
        }
        Rules::read_pairs(id, base, &pairs.join(" ")).map_err(|e| RulesError::new_err(format!("{id} rules: {e}")))
    }

    /// The rules as a dict of the record's keys (every key, as text, numbers
    /// and booleans as such).
    pub fn dict<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for pair in self.text().split_whitespace() {
            let Some((key, value)) = pair.split_once('=') else { continue };
            match value {
                "true" => dict.set_item(key, true)?,
                "false" => dict.set_item(key, false)?,
                v if v.parse::<i64>().is_ok() => dict.set_item(key, v.parse::<i64>().unwrap_or_default())?,
                v => dict.set_item(key, v)?,
            }
        }
        Ok(dict)
    }

    /// The lowest and highest score one seat can get in one deal under
    /// these rules (OpenSpiel's `min_utility` / `max_utility`).
    pub fn utility_bounds(&self) -> (f64, f64) {
        match self {
            Rules::Skat(r) => {
                // The highest game: a Grand Ouvert with 4 matadors
                // (4 + 7 levels) × 24 = 264; a lost game counts twice, an
                // overbid one at least the bid (264) twice.
                let mut factor: f64 = 1.0;
                if r.kontra.is_some() {
                    factor *= 4.0;
                }
                if r.bock.is_some() {
                    factor *= 4.0;
                }
                // A Ramsch: at most 120 card points, doubled by Jungfrau and by
                // each push (three at most); a Durchmarsch is worth 120.
                let ramsch: f64 = 120.0 * 2.0 * 8.0 * factor;
                let high = (264.0 * factor).max(ramsch);
                (-(2.0 * 264.0 * factor).max(ramsch), high)
            }
            // Nobody loses points in Spitzer; the highest tariff entry is 42.
            Rules::Spitzer(_) => (0.0, 42.0),
            // A Grand Slam is worth 4.
            Rules::Spidge(_) => (0.0, 4.0),
        }
    }
}

/// A rules value as the record writes it.
fn value_text(value: &Bound<'_, PyAny>) -> Option<String> {
    if let Ok(b) = value.cast::<PyBool>() {
        return Some(b.is_true().to_string());
    }
    if let Ok(i) = value.extract::<i64>() {
        return Some(i.to_string());
    }
    if let Ok(s) = value.cast::<PyString>() {
        return s.to_str().ok().map(str::to_owned);
    }
    if value.cast::<PyList>().is_ok() || value.cast::<PyTuple>().is_ok() {
        let items: Vec<String> = value.extract().ok()?;
        return Some(if items.is_empty() { "none".to_owned() } else { items.join(",") });
    }
    None
}
