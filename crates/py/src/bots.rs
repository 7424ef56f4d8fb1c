//! Bots and the double-dummy solver for Python states.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use trumpf_ai::perfect::Perfect;
use trumpf_ai::tournament::Omniscient;
use trumpf_ai::{Bot, BotGame, BotSpec, Goal, Objective, Solver};
use trumpf_core::skat::SkatGame;
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{AnyAction, AnyGame, Game, GameView};

use crate::TrumpfError;
use crate::state::PyState;

/// The bot of one game, made when it first plays it.
enum Inner {
    Skat(Box<dyn Bot<SkatGame>>),
    Spitzer(Box<dyn Bot<SpitzerGame>>),
    Spidge(Box<dyn Bot<SpidgeGame>>),
    /// Sees the whole state (the `perfect` spec; measurement only).
    Perfect(Perfect),
}

/// A trumpf bot: `Bot(spec, seed=0)`, usually made by `trumpf.bots.make`.
///
/// `spec` is a bot as `trumpf sim --a` names it: `random`, `heuristic`,
/// `easy`, `medium`, `hard`, `pimc:worlds=N,inference=on|off,exact=N,bidding=N,bid=P,null=P,policy=P,resample=N,rollouts=on|off,pickup=best|kind,discards=N,pickupdeals=auto|N,budget=N`,
/// `perfect` (sees every card: for measurement) or `cmd:COMMAND` (an
/// outside program speaking `docs/bot-protocol.md`). A bot sees only the
/// view of the seat to act, except `perfect`.
#[pyclass(module = "trumpf._trumpf", name = "Bot")]
pub struct PyBot {
    spec: BotSpec,
    seed: u64,
    inner: Mutex<Option<Inner>>,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (spec, seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<PyBot> {
        let spec: BotSpec = spec.parse().map_err(|e: trumpf_ai::SpecError| TrumpfError::new_err(e.to_string()))?;
        Ok(PyBot { spec, seed, inner: Mutex::new(None) })
    }

    /// The bot's spec as text.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The action id the bot chooses for the seat to act in `state`.
    fn step(&self, state: &PyState) -> PyResult<usize> {
        let mut inner = self.inner.lock().map_err(|_| TrumpfError::new_err("the bot failed earlier"))?;
        let now = *state.now().ok_or_else(|| TrumpfError::new_err("a chance node: no seat is to act"))?;
        let seat = now.to_act().ok_or_else(|| TrumpfError::new_err("the deal is over: no seat is to act"))?;
        let make = |e: trumpf_ai::SpecError| TrumpfError::new_err(e.to_string());
        let fits = matches!(
            (&*inner, &now),
            (Some(Inner::Skat(_)), AnyGame::Skat(_))
                | (Some(Inner::Spitzer(_)), AnyGame::Spitzer(_))
                | (Some(Inner::Spidge(_)), AnyGame::Spidge(_))
                | (Some(Inner::Perfect(_)), _)
        );
        if !fits {
            *inner = Some(if self.spec == BotSpec::Perfect {
                Inner::Perfect(Perfect::new())
            } else {
                match now {
                    AnyGame::Skat(_) => Inner::Skat(<SkatGame as BotGame>::bot(&self.spec, self.seed).map_err(make)?),
                    AnyGame::Spitzer(_) => {
                        Inner::Spitzer(<SpitzerGame as BotGame>::bot(&self.spec, self.seed).map_err(make)?)
                    }
                    AnyGame::Spidge(_) => {
                        Inner::Spidge(<SpidgeGame as BotGame>::bot(&self.spec, self.seed).map_err(make)?)
                    }
                }
            });
        }
        let action = match (inner.as_mut(), &now) {
            (Some(Inner::Skat(bot)), AnyGame::Skat(g)) => AnyAction::Skat(bot.choose(&g.view(seat))),
            (Some(Inner::Spitzer(bot)), AnyGame::Spitzer(g)) => AnyAction::Spitzer(bot.choose(&g.view(seat))),
            (Some(Inner::Spidge(bot)), AnyGame::Spidge(g)) => AnyAction::Spidge(bot.choose(&g.view(seat))),
            (Some(Inner::Perfect(p)), AnyGame::Skat(g)) => AnyAction::Skat(Omniscient::<SkatGame>::choose(p, g)),
            (Some(Inner::Perfect(p)), AnyGame::Spitzer(g)) => {
                AnyAction::Spitzer(Omniscient::<SpitzerGame>::choose(p, g))
            }
            (Some(Inner::Perfect(p)), AnyGame::Spidge(g)) => AnyAction::Spidge(Omniscient::<SpidgeGame>::choose(p, g)),
            _ => return Err(TrumpfError::new_err("the bot was made for another game")),
        };
        let mut legal = Vec::new();
        now.view(seat).legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(TrumpfError::new_err(format!("the {} bot chose the illegal {action}", self.spec)));
        }
        Ok(action.encode())
    }

    fn __repr__(&self) -> String {
        format!("trumpf.bots.Bot({:?}, seed={})", self.spec.to_string(), self.seed)
    }
}

/// The double-dummy value of a state in trick play, every hand known:
/// `{"value": V, "actions": {id: value, ...}}` for the seat to act.
///
/// Skat and Spitzer: `goal="points"` (Skat: the declarer's final card
/// points; Spitzer: the card points of the mover's side) or `"win"` (1 if
/// the declaring side makes its game, else 0). Spidge: the tricks the mover
/// takes, `objective="max"` (most it can guarantee) or `"min"`.
#[pyfunction]
#[pyo3(signature = (state, goal = "points", objective = "max"))]
pub fn solve<'py>(py: Python<'py>, state: &PyState, goal: &str, objective: &str) -> PyResult<Bound<'py, PyDict>> {
    let now = *state.now().ok_or_else(|| TrumpfError::new_err("a chance node: the deal is not dealt"))?;
    let goal = match goal {
        "points" => Goal::Points,
        "win" => Goal::Win,
        other => return Err(TrumpfError::new_err(format!("goal={other:?}: \"points\" or \"win\""))),
    };
    let objective = match objective {
        "max" => Objective::Max,
        "min" => Objective::Min,
        other => return Err(TrumpfError::new_err(format!("objective={other:?}: \"max\" or \"min\""))),
    };
    let err = |e: trumpf_ai::SolveError| TrumpfError::new_err(e.to_string());
    let mut solver = Solver::new();
    let (value, cards) = match &now {
        AnyGame::Skat(g) => (solver.skat(g, goal).map_err(err)?, solver.skat_cards(g, goal).map_err(err)?),
        AnyGame::Spitzer(g) => (solver.spitzer(g, goal).map_err(err)?, solver.spitzer_cards(g, goal).map_err(err)?),
        AnyGame::Spidge(g) => {
            (solver.spidge(g, objective).map_err(err)?, solver.spidge_cards(g, objective).map_err(err)?)
        }
    };
    let actions = PyDict::new(py);
    for (card, v) in cards.iter() {
        actions.set_item(now.card_action(card).encode(), v)?;
    }
    let out = PyDict::new(py);
    out.set_item("value", value)?;
    out.set_item("actions", actions)?;
    Ok(out)
}
