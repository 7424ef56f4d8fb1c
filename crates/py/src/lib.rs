//! trumpf-py: the `trumpf._trumpf` extension module, a thin layer over the
//! engines (`trumpf-core`) and the bots (`trumpf-ai`). The Python package
//! `trumpf` (`crates/py/python/trumpf`) wraps it with conveniences:
//! `load_game`, numpy observations, OpenSpiel and PettingZoo adapters,
//! Ray tournaments.
//!
//! Errors are Python exceptions carrying the engine's message:
//! `TrumpfError` for a bad argument or a state that cannot do what is
//! asked, `IllegalActionError` (also a `ValueError`) for an action the deal
//! refuses, `RulesError` (also a `ValueError`) for rules that cannot be read.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

mod bots;
mod deal;
mod resample;
mod rules;
mod state;
mod tournament;
mod vector;

create_exception!(_trumpf, TrumpfError, PyException, "A trumpf call that cannot be done, with the engine's reason.");
create_exception!(
    _trumpf,
    IllegalActionError,
    PyValueError,
    "An action the deal refuses now, with the engine's reason."
);
create_exception!(_trumpf, RulesError, PyValueError, "Rules that cannot be read: an unknown preset, key or value.");

#[pymodule]
fn _trumpf(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TrumpfError", py.get_type::<TrumpfError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("CHANCE", state::CHANCE)?;
    m.add("TERMINAL", state::TERMINAL)?;
    m.add_class::<state::PyGameInfo>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<bots::PyBot>()?;
    m.add_class::<vector::PyVectorEnv>()?;
    m.add_function(wrap_pyfunction!(bots::solve, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::play_deals, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::summarize, m)?)?;
    Ok(())
}
