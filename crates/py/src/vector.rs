//! Many deals stepped in one Python call, for reinforcement learning.

use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use trumpf_core::{AnyAction, AnyGame, Game, GameId};

use crate::state::{Config, PyGameInfo, decode};
use crate::{IllegalActionError, TrumpfError, deal};

/// `VectorEnv(game, num_envs, seed=0)`: `num_envs` deals side by side,
/// each dealt again as soon as it ends (usually made by
/// `trumpf.vector.VectorEnv`, which allocates the numpy buffers).
///
/// Deal `k` (counting over all envs in the order they are dealt) is dealt
/// from `seed + k`, so a run is a function of its seed.
#[pyclass(module = "trumpf._trumpf", name = "VectorEnv")]
pub struct PyVectorEnv {
    cfg: Config,
    games: Vec<AnyGame>,
    next_seed: u64,
    rng: ChaCha8Rng,
    obs: Vec<f32>,
    mask: Vec<u8>,
    rewards: Vec<f32>,
    done: Vec<u8>,
    players: Vec<i64>,
    finished: u64,
    actions: u64,
}

impl PyVectorEnv {
    fn deal(&mut self) -> PyResult<AnyGame> {
        let game = deal::seeded(self.cfg.rules, self.next_seed).map_err(TrumpfError::new_err)?;
        self.next_seed = self.next_seed.wrapping_add(1);
        Ok(game)
    }

    /// Writes every env's observation, mask and player to the scratch
    /// buffers, the envs shared out over the cores.
    fn observe_all(&mut self) {
        let id = self.cfg.id;
        let (len, n) = (id.observation_len(), id.num_actions());
        let games = &self.games;
        self.obs
            .par_chunks_mut(len)
            .zip(self.mask.par_chunks_mut(n))
            .zip(self.players.par_iter_mut())
            .zip(games.par_iter())
            .with_min_len(64)
            .for_each(|(((obs, mask), player), game)| observe_one(game, obs, mask, player));
    }

    /// Applies `action` to env `i`; a finished deal writes its returns and
    /// is dealt again.
    fn act(&mut self, i: usize, action: AnyAction) -> PyResult<()> {
        let seats = self.cfg.id.seats();
        let game = &mut self.games[i];
        let seat = game.to_act().ok_or_else(|| TrumpfError::new_err(format!("env {i}: the deal is over")))?;
        if !game.is_legal(action) {
            return Err(IllegalActionError::new_err(format!(
                "env {i}: {action} (id {}) is not legal",
                action.encode()
            )));
        }
        game.apply_unchecked(action);
        let _ = seat;
        self.actions += 1;
        let rewards = &mut self.rewards[i * seats..(i + 1) * seats];
        rewards.fill(0.0);
        self.done[i] = 0;
        if let Some(scores) = game.scores() {
            for (r, s) in rewards.iter_mut().zip(scores) {
                *r = s as f32;
            }
            self.done[i] = 1;
            self.finished += 1;
            self.games[i] = self.deal()?;
        }
        Ok(())
    }

    fn write(
        &self,
        py: Python<'_>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        players: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        PyBuffer::<f32>::get(obs)?.copy_from_slice(py, &self.obs)?;
        PyBuffer::<u8>::get(mask)?.copy_from_slice(py, &self.mask)?;
        PyBuffer::<i64>::get(players)?.copy_from_slice(py, &self.players)
    }
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, seed = 0))]
    fn new(game: &PyGameInfo, num_envs: usize, seed: u64) -> PyResult<PyVectorEnv> {
        if num_envs == 0 {
            return Err(TrumpfError::new_err("num_envs must be at least 1"));
        }
        let cfg = game.cfg;
        let id: GameId = cfg.id;
        let mut env = PyVectorEnv {
            cfg,
            games: Vec::with_capacity(num_envs),
            next_seed: seed,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5DEE_CE66_D1CE_5EED),
            obs: vec![0.0; num_envs * id.observation_len()],
            mask: vec![0; num_envs * id.num_actions()],
            rewards: vec![0.0; num_envs * id.seats()],
            done: vec![0; num_envs],
            players: vec![0; num_envs],
            finished: 0,
            actions: 0,
        };
        for _ in 0..num_envs {
            let game = env.deal()?;
            env.games.push(game);
        }
        Ok(env)
    }

    /// Deals every env anew and writes the observations of the seats to
    /// act, their legal masks and the players into the buffers.
    fn reset(
        &mut self,
        py: Python<'_>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        players: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        for i in 0..self.games.len() {
            self.games[i] = self.deal()?;
        }
        py.detach(|| self.observe_all());
        self.write(py, obs, mask, players)
    }

    /// Writes the current observations, masks and players (no step).
    fn observe_into(
        &mut self,
        py: Python<'_>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        players: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        py.detach(|| self.observe_all());
        self.write(py, obs, mask, players)
    }

    /// One action per env (int64 ids); then the rewards (the returns of
    /// envs whose deal just ended, else 0), the done flags, and the next
    /// observations, masks and players (of the new deal where one ended).
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyAny>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        rewards: &Bound<'_, PyAny>,
        done: &Bound<'_, PyAny>,
        players: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let ids = PyBuffer::<i64>::get(actions)?.to_vec(py)?;
        if ids.len() != self.games.len() {
            return Err(TrumpfError::new_err(format!("{} actions for {} envs", ids.len(), self.games.len())));
        }
        for (i, &id) in ids.iter().enumerate() {
            let action = decode(self.cfg.id, usize::try_from(id).unwrap_or(usize::MAX))?;
            self.act(i, action)?;
        }
        py.detach(|| self.observe_all());
        PyBuffer::<f32>::get(rewards)?.copy_from_slice(py, &self.rewards)?;
        PyBuffer::<u8>::get(done)?.copy_from_slice(py, &self.done)?;
        self.write(py, obs, mask, players)
    }

    /// Plays `steps` uniformly random legal actions in every env (no
    /// observations written): a throughput loop and a self-play source.
    /// Returns `(actions, deals_finished)` over the call.
    fn step_random(&mut self, py: Python<'_>, steps: usize) -> PyResult<(u64, u64)> {
        let (a0, f0) = (self.actions, self.finished);
        let mut result = Ok(());
        py.detach(|| {
            for _ in 0..steps {
                for i in 0..self.games.len() {
                    let Some(action) = self.games[i].random_action(&mut self.rng) else { continue };
                    if let Err(e) = self.act_plain(i, action) {
                        result = Err(e);
                        return;
                    }
                }
            }
        });
        result.map_err(TrumpfError::new_err)?;
        Ok((self.actions - a0, self.finished - f0))
    }

    /// Writes one uniformly random legal action per env (int64 ids) into
    /// `out`, drawn from the env's own seeded generator.
    fn sample_actions(&mut self, py: Python<'_>, out: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut ids = Vec::with_capacity(self.games.len());
        for game in &self.games {
            let action = game.random_action(&mut self.rng).ok_or_else(|| TrumpfError::new_err("a deal is over"))?;
            ids.push(action.encode() as i64);
        }
        PyBuffer::<i64>::get(out)?.copy_from_slice(py, &ids)
    }

    /// The number of envs.
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// Actions applied and deals finished since the env was made.
    fn counters(&self) -> (u64, u64) {
        (self.actions, self.finished)
    }
}

impl PyVectorEnv {
    /// [`PyVectorEnv::act`] without Python errors (for the detached loop).
    fn act_plain(&mut self, i: usize, action: AnyAction) -> Result<(), String> {
        let game = &mut self.games[i];
        game.apply_unchecked(action);
        self.actions += 1;
        if game.is_over() {
            self.finished += 1;
            self.games[i] = deal::seeded(self.cfg.rules, self.next_seed)?;
            self.next_seed = self.next_seed.wrapping_add(1);
        }
        Ok(())
    }
}

/// One env's observation of the seat to act, its legal mask and the seat
/// (-4 once over: then all 0).
fn observe_one(game: &AnyGame, obs: &mut [f32], mask: &mut [u8], player: &mut i64) {
    mask.fill(0);
    match game.to_act() {
        Some(seat) => {
            *player = seat.index() as i64;
            game.view(seat).observe(obs);
            let mut ids = Vec::with_capacity(64);
            crate::state::legal_ids_of(game, &mut ids);
            for id in ids {
                mask[id] = 1;
            }
        }
        None => {
            *player = -4;
            obs.fill(0.0);
        }
    }
}
