//! Duplicate tournaments one deal at a time (`trumpf_ai::tournament`), so
//! that Python can spread the deals over processes or machines (Ray) and
//! sum them as `trumpf sim` does ([`Summary::of`]).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use trumpf_ai::perfect::{self, CardPlay, Perfect};
use trumpf_ai::tournament::{
    DealFacts, DealResult, GameResult, Omniscient, Player, Side, Summary, TournamentGame, play_deal,
};
use trumpf_ai::{BotGame, BotSpec};
use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::SkatGame;
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{GameId, Seat};

use crate::TrumpfError;
use crate::rules::Rules;

fn player<G>(spec: &BotSpec, seed: u64) -> Player<G>
where
    G: TournamentGame + BotGame + CardPlay,
    Perfect: Omniscient<G>,
{
    match perfect::omniscient::<G>(spec, seed) {
        Some(player) => Player::Omniscient(player),
        None => match G::bot(spec, seed) {
            Ok(bot) => Player::Bot(bot),
            Err(_) => Player::Omniscient(Box::new(Perfect::new())),
        },
    }
}

fn deals<G>(rules: &G::Rules, a: &BotSpec, b: &BotSpec, seed: u64, ks: &[u64]) -> Vec<DealResult>
where
    G: TournamentGame + BotGame + CardPlay,
    Perfect: Omniscient<G>,
{
    let make = |side: Side, seed: u64| match side {
        Side::A => player::<G>(a, seed),
        Side::B => player::<G>(b, seed),
    };
    ks.iter().map(|&k| play_deal::<G>(rules, seed, k, &make)).collect()
}

fn spec(text: &str) -> PyResult<BotSpec> {
    text.parse().map_err(|e: trumpf_ai::SpecError| TrumpfError::new_err(format!("{text:?}: {e}")))
}

/// Plays deals `deals` (numbers k: deal k is dealt from `seed + k`) of a
/// duplicate tournament between bots `a` and `b`, each deal in every
/// arrangement, exactly as `trumpf sim` plays it; one dict per deal, to be
/// summed by `summarize`. The GIL is released while the deals are played.
#[pyfunction]
#[pyo3(signature = (game, a, b, seed, deals, rules = None))]
pub fn play_deals<'py>(
    py: Python<'py>,
    game: &str,
    a: &str,
    b: &str,
    seed: u64,
    deals: Vec<u64>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let id: GameId =
        game.parse().map_err(|e: trumpf_core::any::ParseGameIdError| TrumpfError::new_err(e.to_string()))?;
    let rules = Rules::from_py(id, rules)?;
    let (a, b) = (spec(a)?, spec(b)?);
    let results = py.detach(|| match rules {
        Rules::Skat(table) => self::deals::<SkatGame>(&SkatMatchRules { table, deals: None }, &a, &b, seed, &deals),
        Rules::Spitzer(r) => self::deals::<SpitzerGame>(&r, &a, &b, seed, &deals),
        Rules::Spidge(r) => self::deals::<SpidgeGame>(&r, &a, &b, seed, &deals),
    });
    let out = PyList::empty(py);
    for r in &results {
        out.append(to_py(py, r)?)?;
    }
    Ok(out)
}

fn to_py<'py>(py: Python<'py>, r: &DealResult) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("deal", r.deal)?;
    d.set_item("a_minus_b", r.a_minus_b)?;
    let games = PyList::empty(py);
    for g in &r.games {
        let gd = PyDict::new(py);
        gd.set_item("a_seats", g.a_seats)?;
        gd.set_item("scores", g.scores.to_vec())?;
        gd.set_item("game", g.facts.game.clone())?;
        gd.set_item("declarers", g.facts.declarers)?;
        gd.set_item("made", g.facts.made)?;
        gd.set_item("passed_in", g.facts.passed_in)?;
        gd.set_item("overbid", g.facts.overbid)?;
        gd.set_item("trouble", g.trouble.clone())?;
        games.append(gd)?;
    }
    d.set_item("games", games)?;
    Ok(d)
}

fn from_py(d: &Bound<'_, PyAny>) -> PyResult<DealResult> {
    let games: Vec<Bound<'_, PyAny>> = d.get_item("games")?.extract()?;
    let games = games
        .iter()
        .map(|g| {
            let scores: Vec<i64> = g.get_item("scores")?.extract()?;
            let mut fixed = [0; Seat::MAX];
            for (f, s) in fixed.iter_mut().zip(scores) {
                *f = s;
            }
            Ok(GameResult {
                a_seats: g.get_item("a_seats")?.extract()?,
                scores: fixed,
                facts: DealFacts {
                    game: g.get_item("game")?.extract()?,
                    declarers: g.get_item("declarers")?.extract()?,
                    made: g.get_item("made")?.extract()?,
                    passed_in: g.get_item("passed_in")?.extract()?,
                    // Results saved before overbids were counted have none.
                    overbid: match g.get_item("overbid") {
                        Ok(v) => v.extract()?,
                        Err(_) => false,
                    },
                },
                trouble: g.get_item("trouble")?.extract()?,
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(DealResult { deal: d.get_item("deal")?.extract()?, games, a_minus_b: d.get_item("a_minus_b")?.extract()? })
}

/// The summary of per-deal results (any order; they are sorted by deal
/// first) as `trumpf sim` computes it: `deals`, `games`, `a_minus_b`,
/// `ci95`, `pass_in_rate`, `declared` (per side, `(game, declared,
/// made)` rows) and `overbids` (per side, the games lost as overbids).
#[pyfunction]
pub fn summarize<'py>(py: Python<'py>, results: Vec<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyDict>> {
    let mut results = results.iter().map(from_py).collect::<PyResult<Vec<_>>>()?;
    results.sort_by_key(|r| r.deal);
    let s = Summary::of(&results);
    let d = PyDict::new(py);
    d.set_item("deals", s.deals)?;
    d.set_item("games", s.games)?;
    d.set_item("a_minus_b", s.a_minus_b)?;
    d.set_item("ci95", s.ci95)?;
    d.set_item("pass_in_rate", s.pass_in_rate)?;
    d.set_item("declared", (s.declared[0].clone(), s.declared[1].clone()))?;
    d.set_item("overbids", s.overbids.to_vec())?;
    Ok(d)
}
