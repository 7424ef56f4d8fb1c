//! Duplicate tournaments between two bot configurations, A and B.
//!
//! Every deal is played once for every arrangement of A and B over the
//! seats in which both appear (Skat and Spidge: 2³ − 2 = 6 arrangements,
//! Spitzer: 2⁴ − 2 = 14), so the luck of the cards falls on both alike.
//! For each deal the statistic is A's mean score per deal-seat minus B's,
//! over all its arrangements; the deals are independent, so the mean of
//! that statistic and its 95% confidence interval (normal approximation,
//! 1.96 standard errors) say how much better A plays.
//!
//! Everything is a function of the seed: deal `k` is dealt from
//! `deal_rng(seed + k)`, and every bot gets a seed of its own derived from
//! the deal and its seat (the same in every arrangement), so a tournament
//! gives the same results on any number of threads.

use trumpf_core::series::MatchGame;
use trumpf_core::shuffle::deal_rng;
use trumpf_core::skat::{GameKind, Scoring, SkatGame, SkatOutcome, list};
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{Game, GameView, Member, Seat};

use crate::Bot;

/// A seat's player in a tournament: a bot that sees its view, or (for
/// measurement only) one that sees the whole state.
pub enum Player<G: Game> {
    /// Sees only its seat's view.
    Bot(Box<dyn Bot<G>>),
    /// Sees every card: the ceiling a bot is measured against.
    Omniscient(Box<dyn Omniscient<G>>),
}

/// A player that sees the whole state (perfect information).
pub trait Omniscient<G: Game>: Send {
    /// The action for the seat to act in `game`.
    fn choose(&mut self, game: &G) -> G::Action;
}

/// Which of the two configurations a seat is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Configuration A.
    A,
    /// Configuration B.
    B,
}

/// What a finished deal tells the statistics.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DealFacts {
    /// The game played, when one was declared: "Grand", "Null", "Hearts",
    /// "Normal", "Zola", "Spidge"...
    pub game: Option<String>,
    /// The declaring seats (one bit each).
    pub declarers: u8,
    /// Whether the declaring side made its game.
    pub made: Option<bool>,
    /// The deal was thrown in (all passed).
    pub passed_in: bool,
    /// The declarer's game was worth less than his bid (Skat: lost as an
    /// overbid, skat.md §7).
    pub overbid: bool,
}

/// A game that can be played in duplicate tournaments.
pub trait TournamentGame: MatchGame {
    /// Deal `k` of a tournament under `rules` from `seed`.
    fn tournament_deal(rules: &Self::Rules, seed: u64, k: u64) -> Self {
        Self::deal(rules, &Self::Progress::default(), &mut deal_rng(seed.wrapping_add(k)))
    }

    /// Each seat's score of a finished deal, as the tournament counts it
    /// (Skat: Seeger–Fabian list points at a three-member table; Spitzer
    /// and Spidge: game points).
    fn tournament_scores(end: &Self) -> [i64; Seat::MAX];

    /// The facts of a finished deal for the statistics.
    fn facts(end: &Self) -> DealFacts;
}

impl TournamentGame for SkatGame {
    fn tournament_scores(end: &SkatGame) -> [i64; Seat::MAX] {
        let mut out = [0; Seat::MAX];
        let Some(outcome) = end.outcome() else { return out };
        let members = [0, 1, 2].map(|i| Member::new(i).unwrap_or_else(|| unreachable!()));
        let deltas = list::list_deltas(&outcome, Scoring::SeegerFabian, 3, members);
        out[..3].copy_from_slice(&deltas[..3]);
        out
    }

    fn facts(end: &SkatGame) -> DealFacts {
        match end.outcome() {
            Some(SkatOutcome::Played { declarer, settlement }) => DealFacts {
                game: Some(kind_name(settlement.contract.kind).to_owned()),
                declarers: 1 << declarer.index(),
                made: Some(settlement.won),
                passed_in: false,
                overbid: settlement.overbid,
            },
            Some(SkatOutcome::Ramsch { .. }) => DealFacts { game: Some("Ramsch".to_owned()), ..DealFacts::default() },
            Some(SkatOutcome::PassedIn) => DealFacts { passed_in: true, ..DealFacts::default() },
            None => DealFacts::default(),
        }
    }
}

/// "Grand", "Null", "Clubs"...
pub fn kind_name(kind: GameKind) -> &'static str {
    kind.name()
}

impl TournamentGame for SpitzerGame {
    fn tournament_scores(end: &SpitzerGame) -> [i64; Seat::MAX] {
        end.scores().unwrap_or_default()
    }

    fn facts(end: &SpitzerGame) -> DealFacts {
        let Some(outcome) = end.outcome() else { return DealFacts::default() };
        DealFacts {
            game: Some(outcome.settlement.contract.name().to_owned()),
            declarers: outcome.declaring.bits(),
            // The declaring side made its game when it scores.
            made: Some(Seat::all(4).any(|s| outcome.declaring.contains(s) && outcome.scores[s.index()] > 0)),
            ..DealFacts::default()
        }
    }
}

impl TournamentGame for SpidgeGame {
    fn tournament_scores(end: &SpidgeGame) -> [i64; Seat::MAX] {
        end.scores().unwrap_or_default()
    }

    fn facts(end: &SpidgeGame) -> DealFacts {
        let Some(result) = end.result() else { return DealFacts::default() };
        let awards: Vec<String> = result.awards.iter().filter_map(|(_, a)| a.map(|a| format!("{a:?}"))).collect();
        DealFacts { game: (!awards.is_empty()).then(|| awards.join("+")), ..DealFacts::default() }
    }
}

/// The arrangements of A and B over `seats` seats in which both appear:
/// bit `s` set means seat `s` plays A.
pub fn arrangements(seats: usize) -> Vec<u8> {
    (1..(1u8 << seats) - 1).collect()
}

/// One game of a deal: who played A, and what came of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The seats that played A (one bit each).
    pub a_seats: u8,
    /// Each seat's score.
    pub scores: [i64; Seat::MAX],
    /// The facts of the deal.
    pub facts: DealFacts,
    /// An error a player made (an illegal action, replaced by the first
    /// legal one), if any.
    pub trouble: Option<String>,
}

/// A deal played in every arrangement.
#[derive(Clone, Debug, PartialEq)]
pub struct DealResult {
    /// The deal's number.
    pub deal: u64,
    /// Every arrangement's game.
    pub games: Vec<GameResult>,
    /// A's mean score per deal-seat minus B's.
    pub a_minus_b: f64,
}

/// The seed of the bot in `seat` of deal `deal`, the same in every
/// arrangement (common random numbers: a configuration playing itself
/// plays every arrangement alike, so its A − B is exactly 0).
pub fn bot_seed(seed: u64, deal: u64, seat: Seat) -> u64 {
    // SplitMix64 over the three numbers: distinct bots, reproducible.
    let mut x = seed ^ deal.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seat.index() as u64) << 56;
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Plays deal `deal` in every arrangement; `make` gives the player of a
/// side for a seat, from its seed.
pub fn play_deal<G: TournamentGame>(
    rules: &G::Rules,
    seed: u64,
    deal: u64,
    make: &(dyn Fn(Side, u64) -> Player<G> + Sync),
) -> DealResult {
    let start = G::tournament_deal(rules, seed, deal);
    let seats = start.seats();
    let mut games = Vec::new();
    let (mut a_sum, mut a_n, mut b_sum, mut b_n) = (0i64, 0i64, 0i64, 0i64);
    for a_seats in arrangements(seats) {
        let mut players: Vec<Player<G>> = Seat::all(seats)
            .map(|seat| {
                let side = if a_seats >> seat.index() & 1 == 1 { Side::A } else { Side::B };
                make(side, bot_seed(seed, deal, seat))
            })
            .collect();
        // Every game from empty solver tables: its play does not depend on
        // the games before it on this thread.
        crate::pimc::forget_tables();
        let (end, trouble) = play_out(&start, &mut players);
        let scores = G::tournament_scores(&end);
        for seat in Seat::all(seats) {
            if a_seats >> seat.index() & 1 == 1 {
                a_sum += scores[seat.index()];
                a_n += 1;
            } else {
                b_sum += scores[seat.index()];
                b_n += 1;
            }
        }
        games.push(GameResult { a_seats, scores, facts: G::facts(&end), trouble });
    }
    let a_minus_b = a_sum as f64 / a_n.max(1) as f64 - b_sum as f64 / b_n.max(1) as f64;
    DealResult { deal, games, a_minus_b }
}

/// Plays `start` to its end with `players`; an illegal answer is replaced
/// by the first legal action and reported.
pub fn play_out<G: Game>(start: &G, players: &mut [Player<G>]) -> (G, Option<String>) {
    let mut game = start.clone();
    let mut trouble = None;
    let mut legal = Vec::new();
    while let Some(seat) = game.to_act() {
        let action = match &mut players[seat.index()] {
            Player::Bot(bot) => {
                let view = game.view(seat);
                view.legal_actions(&mut legal);
                let action = bot.choose(&view);
                if legal.contains(&action) {
                    action
                } else {
                    trouble.get_or_insert_with(|| format!("{} chose the illegal {action}", bot.name()));
                    legal[0]
                }
            }
            Player::Omniscient(player) => {
                game.legal_actions(&mut legal);
                let action = player.choose(&game);
                if legal.contains(&action) { action } else { legal[0] }
            }
        };
        game.apply_unchecked(action);
    }
    (game, trouble)
}

/// What a tournament found.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Deals played (each in every arrangement).
    pub deals: u64,
    /// Games played (deals × arrangements).
    pub games: u64,
    /// The mean over deals of A's score per deal-seat minus B's.
    pub a_minus_b: f64,
    /// Half the width of the 95% confidence interval of `a_minus_b`.
    pub ci95: f64,
    /// Deals thrown in, as a share of the games.
    pub pass_in_rate: f64,
    /// Per side, the games it declared and made, by game type.
    pub declared: [Vec<(String, u64, u64)>; 2],
    /// Per side, the games it declared and lost as overbids.
    pub overbids: [u64; 2],
}

impl Summary {
    /// The summary of `results` (in any order).
    pub fn of(results: &[DealResult]) -> Summary {
        let n = results.len() as f64;
        let mean = results.iter().map(|r| r.a_minus_b).sum::<f64>() / n.max(1.0);
        let var = if results.len() > 1 {
            results.iter().map(|r| (r.a_minus_b - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let ci95 = 1.96 * (var / n.max(1.0)).sqrt();
        let games: Vec<&GameResult> = results.iter().flat_map(|r| &r.games).collect();
        let passed = games.iter().filter(|g| g.facts.passed_in).count();
        let mut declared: [Vec<(String, u64, u64)>; 2] = [Vec::new(), Vec::new()];
        let mut overbids = [0; 2];
        for g in &games {
            let (Some(kind), Some(made)) = (&g.facts.game, g.facts.made) else { continue };
            if g.facts.declarers == 0 {
                continue;
            }
            // The side of the first declaring seat.
            let side = usize::from(g.a_seats & g.facts.declarers == 0);
            overbids[side] += u64::from(g.facts.overbid);
            let row = match declared[side].iter_mut().find(|(k, _, _)| k == kind) {
                Some(row) => row,
                None => {
                    declared[side].push((kind.clone(), 0, 0));
                    declared[side].last_mut().unwrap_or_else(|| unreachable!())
                }
            };
            row.1 += 1;
            row.2 += u64::from(made);
        }
        for rows in &mut declared {
            rows.sort();
        }
        Summary {
            deals: results.len() as u64,
            games: games.len() as u64,
            a_minus_b: mean,
            ci95,
            pass_in_rate: passed as f64 / games.len().max(1) as f64,
            declared,
            overbids,
        }
    }

    /// The running mean of `a_minus_b` and its 95% band after each deal, in
    /// deal order (for a plot).
    pub fn running(results: &[DealResult]) -> Vec<(f64, f64)> {
        let (mut sum, mut sum_sq) = (0.0, 0.0);
        results
            .iter()
            .enumerate()
            .map(|(i, r)| {
                sum += r.a_minus_b;
                sum_sq += r.a_minus_b * r.a_minus_b;
                let n = (i + 1) as f64;
                let mean = sum / n;
                let var = if i > 0 { (sum_sq - n * mean * mean).max(0.0) / (n - 1.0) } else { 0.0 };
                (mean, 1.96 * (var / n).sqrt())
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomBot;
    use trumpf_core::series::SkatMatchRules;

    #[test]
    fn arrangements_put_both_sides_at_the_table() {
        assert_eq!(arrangements(3).len(), 6);
        assert_eq!(arrangements(4).len(), 14);
        assert!(arrangements(4).iter().all(|&m| m != 0 && m != 0b1111));
    }

    #[test]
    fn a_bot_against_itself_scores_zero_in_duplicate() {
        // The duplicate design's own check: the same sampling bot on both
        // sides, seeded per seat alike in every arrangement, plays every
        // arrangement the same way, so every deal's difference is 0.
        let random = |_: Side, seed: u64| Player::Bot(Box::new(RandomBot::new(seed)) as Box<dyn Bot<SkatGame>>);
        let rules = SkatMatchRules::default();
        for deal in 0..20 {
            let result = play_deal(&rules, 5, deal, &random);
            assert_eq!(result.games.len(), 6);
            assert_eq!(result.a_minus_b, 0.0, "deal {deal}");
        }
        // Against another bot the difference is not 0.
        let mixed = |side: Side, seed: u64| match side {
            Side::A => Player::Bot(Box::new(crate::SkatBot::new()) as Box<dyn Bot<SkatGame>>),
            Side::B => Player::Bot(Box::new(RandomBot::new(seed)) as Box<dyn Bot<SkatGame>>),
        };
        let total: f64 = (0..20).map(|deal| play_deal(&rules, 5, deal, &mixed).a_minus_b).sum();
        assert!(total > 0.0, "the heuristic beats random play: {total}");
    }

    #[test]
    fn a_pimc_bot_against_itself_scores_zero_whatever_was_played_before() {
        // PIMC solves share the thread's tables; every game starts from
        // empty ones, so a game plays the same after any other.
        use crate::pimc::{PimcConfig, SkatPimc};
        let pimc = |_: Side, seed: u64| {
            let config = PimcConfig { worlds: 2, rollouts: true, ..PimcConfig::EASY };
            Player::Bot(Box::new(SkatPimc::new(config, seed)) as Box<dyn Bot<SkatGame>>)
        };
        let rules = SkatMatchRules::default();
        let first = play_deal(&rules, 3, 0, &pimc);
        assert_eq!(first.a_minus_b, 0.0);
        play_deal(&rules, 3, 1, &pimc);
        assert_eq!(play_deal(&rules, 3, 0, &pimc), first);
    }

    #[test]
    fn a_spidge_pimc_bot_against_itself_scores_zero() {
        use crate::pimc::{PimcConfig, SpidgePimc};
        let pimc = |_: Side, seed: u64| {
            let config = PimcConfig { worlds: 3, ..PimcConfig::EASY };
            Player::Bot(Box::new(SpidgePimc::new(config, seed)) as Box<dyn Bot<SpidgeGame>>)
        };
        let rules = trumpf_core::spidge::SpidgeRules::default();
        for deal in 0..3 {
            let result = play_deal(&rules, 4, deal, &pimc);
            assert_eq!(result.games.len(), 6);
            assert_eq!(result.a_minus_b, 0.0, "deal {deal}");
        }
    }

    #[test]
    fn results_follow_the_seed() {
        let make = |_: Side, seed: u64| Player::Bot(Box::new(RandomBot::new(seed)) as Box<dyn Bot<SpitzerGame>>);
        let rules = trumpf_core::spitzer::SpitzerRules::default();
        let a = play_deal(&rules, 9, 3, &make);
        let b = play_deal(&rules, 9, 3, &make);
        assert_eq!(a, b);
        assert_eq!(a.games.len(), 14);
        let summary = Summary::of(&[a, b]);
        assert_eq!(summary.deals, 2);
        assert_eq!(summary.games, 28);
    }
}
