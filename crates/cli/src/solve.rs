//! `trumpf solve`: the double-dummy value of a position and of each legal
//! card of the seat to move.
//!
//! Output: one line `CARD VALUE` per legal card of the seat to move, in card
//! order, then `value V`. Points are card points (Skat: the declarer's,
//! skat and tricks taken included; Spitzer: the side of the seat to move);
//! the win mode prints `win` or `loss`; Spidge prints tricks.

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Subcommand, ValueEnum};
use trumpf_ai::{CardValues, Goal, Objective, Solver};
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerAction, SpitzerDeal, SpitzerGame, SpitzerPhase, SpitzerRules};
use trumpf_core::{Card, CardSet, Game, Seat, Suit};

/// Arguments of `trumpf solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(subcommand)]
    game: SolveGame,
}

#[derive(Debug, Subcommand)]
enum SolveGame {
    /// Skat: forehand leads; the declarer plays a pickup game with the given
    /// skat. Points: the declarer's final card points with the skat, the
    /// declarer maximising them (Null ends at his first trick); win: 61 or
    /// more (Null: no trick).
    Skat(SkatSolve),
    /// Spitzer: eldest (P0) leads. Points: the final card points of the side
    /// of the seat to move; win: the declaring side reaches its contract's
    /// winning column.
    Spitzer(SpitzerSolve),
    /// Spidge: L leads, the dealer plays the dummy. The tricks the seat to
    /// move takes (dealer and dummy together): at most (max) or at least (min).
    Spidge(SpidgeSolve),
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SkatType {
    Clubs,
    Spades,
    Hearts,
    Diamonds,
    Grand,
    Null,
}

#[derive(Clone, Copy, Debug, Default, ValueEnum)]
enum Mode {
    /// Exact card points.
    #[default]
    Points,
    /// Won or lost.
    Win,
}

#[derive(Clone, Copy, Debug, Default, ValueEnum)]
enum ObjectiveArg {
    /// The most tricks the seat to move can guarantee.
    #[default]
    Max,
    /// The fewest tricks the seat to move can hold itself to.
    Min,
}

/// A Skat seat as a digit (0 forehand) or by name (FH, forehand; any case).
pub(crate) fn parse_declarer(s: &str) -> Result<u8, String> {
    match s.to_ascii_lowercase().as_str() {
        "0" | "fh" | "f" | "forehand" => Ok(0),
        "1" | "mh" | "m" | "middlehand" => Ok(1),
        "2" | "rh" | "r" | "rearhand" => Ok(2),
        _ => Err(format!("`{s}` is not a seat: 0/FH (forehand), 1/MH (middlehand) or 2/RH (rearhand)")),
    }
}

#[derive(Debug, Args)]
struct SkatSolve {
    /// The game type.
    #[arg(long = "type", value_enum)]
    game_type: SkatType,
    /// The declarer: 0 or FH (forehand), 1 or MH (middlehand), 2 or RH
    /// (rearhand).
    #[arg(long, value_parser = parse_declarer)]
    declarer: u8,
    /// The three ten-card hands as dealt, FH/MH/RH, cards joined by `.`.
    #[arg(long)]
    hands: String,
    /// The two skat cards joined by `.`.
    #[arg(long)]
    skat: String,
    /// Every card played since the first lead, in order, space separated.
    #[arg(long, default_value = "")]
    played: String,
    /// What to compute.
    #[arg(long, value_enum, default_value_t)]
    mode: Mode,
}

#[derive(Debug, Args)]
struct SpitzerSolve {
    /// The four eight-card hands as dealt, P0/P1/P2/P3, cards joined by `.`.
    #[arg(long)]
    hands: String,
    /// The announcement phase as `seat:action` pairs, e.g. `0:Pass 1:Zola`;
    /// seats that are not listed pass.
    #[arg(long, default_value = "")]
    announcements: String,
    /// Every card played since the first lead, in order, space separated.
    #[arg(long, default_value = "")]
    played: String,
    /// What to compute.
    #[arg(long, value_enum, default_value_t)]
    mode: Mode,
}

#[derive(Debug, Args)]
struct SpidgeSolve {
    /// The four thirteen-card hands as dealt, L/DUMMY/R/DEALER, cards joined
    /// by `.` (jokers `J1`, `J2`).
    #[arg(long)]
    hands: String,
    /// Every card played since the first lead, in order, space separated.
    #[arg(long, default_value = "")]
    played: String,
    /// Most or fewest tricks.
    #[arg(long, value_enum, default_value_t)]
    objective: ObjectiveArg,
}

pub fn run(args: SolveArgs) -> Result<()> {
    let mut solver = Solver::with_table_bits(20);
    let lines = match args.game {
        SolveGame::Skat(s) => solve_skat(&s, &mut solver)?,
        SolveGame::Spitzer(s) => solve_spitzer(&s, &mut solver)?,
        SolveGame::Spidge(s) => solve_spidge(&s, &mut solver)?,
    };
    print!("{lines}");
    Ok(())
}

fn goal(mode: Mode) -> Goal {
    match mode {
        Mode::Points => Goal::Points,
        Mode::Win => Goal::Win,
    }
}

/// The output: a line per card, then the value.
fn render(cards: &CardValues, value: i32, show: impl Fn(i32) -> String) -> String {
    let mut out = String::new();
    for (card, v) in cards.iter() {
        out.push_str(&format!("{card} {}\n", show(v)));
    }
    out.push_str(&format!("value {}\n", show(value)));
    out
}

fn show_for(mode: Mode) -> impl Fn(i32) -> String {
    move |v| match mode {
        Mode::Points => v.to_string(),
        Mode::Win => (if v == 1 { "win" } else { "loss" }).to_owned(),
    }
}

/// `N` hands separated by `/`, each a `.`-joined card list of `size` cards.
fn parse_hands<const N: usize>(text: &str, names: &[&str; N], size: usize) -> Result<[CardSet; N]> {
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != N {
        bail!("--hands needs {N} hands ({}) separated by '/', got {}", names.join("/"), parts.len());
    }
    let mut hands = [CardSet::EMPTY; N];
    for (i, part) in parts.iter().enumerate() {
        let hand: CardSet = part.parse().with_context(|| format!("hand {i} ({})", names[i]))?;
        let count = tokens(part);
        if count != size || hand.len() != size {
            bail!("hand {i} ({}) holds {} cards, it must hold {size}", names[i], count);
        }
        hands[i] = hand;
    }
    Ok(hands)
}

/// How many card tokens a list holds (separated as `CardSet` parses them).
fn tokens(text: &str) -> usize {
    text.split(|c: char| c == '.' || c == ',' || c.is_whitespace()).filter(|p| !p.is_empty()).count()
}

/// The cards of `--played`, in order.
fn parse_played(text: &str) -> Result<Vec<Card>> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, s)| s.parse::<Card>().with_context(|| format!("--played card {}", i + 1)))
        .collect()
}

/// Plays `cards` in order through the engine's checked apply.
fn play_all<G: Game>(game: &mut G, cards: &[Card]) -> Result<()> {
    for (i, &card) in cards.iter().enumerate() {
        let Some(seat) = game.to_act() else {
            bail!("--played card {} ({card}): the deal is already over", i + 1);
        };
        let action = game.card_action(card);
        game.try_apply(seat, action)
            .map_err(|e| anyhow!("--played card {} ({card}) by seat {seat} is not legal: {e}", i + 1))?;
    }
    if game.is_over() {
        bail!("the --played cards end the deal: there is nothing left to solve");
    }
    Ok(())
}

fn solve_skat(s: &SkatSolve, solver: &mut Solver) -> Result<String> {
    let hands = parse_hands::<3>(&s.hands, &["FH", "MH", "RH"], 10)?;
    let skat: CardSet = s.skat.parse().context("--skat")?;
    let skat_count = tokens(&s.skat);
    if skat_count != 2 || skat.len() != 2 {
        bail!("--skat holds {skat_count} cards, it must hold 2");
    }
    let deal = SkatDeal::new(hands, skat).context("the hands and the skat do not form a Skat deal")?;
    let kind = match s.game_type {
        SkatType::Diamonds => GameKind::Suit(Suit::Diamonds),
        SkatType::Hearts => GameKind::Suit(Suit::Hearts),
        SkatType::Spades => GameKind::Suit(Suit::Spades),
        SkatType::Clubs => GameKind::Suit(Suit::Clubs),
        SkatType::Grand => GameKind::Grand,
        SkatType::Null => GameKind::Null,
    };
    let declarer = Seat::new(usize::from(s.declarer)).context("--declarer must be 0, 1 or 2")?;
    let mut game = SkatGame::with_declaration(deal, SkatRules::default(), declarer, 18, Contract::pickup(kind))?;
    let played = parse_played(&s.played)?;
    play_all(&mut game, &played)?;
    let goal = goal(s.mode);
    let value = solver.skat(&game, goal)?;
    let cards = solver.skat_cards(&game, goal)?;
    Ok(render(&cards, value, show_for(s.mode)))
}

fn solve_spitzer(s: &SpitzerSolve, solver: &mut Solver) -> Result<String> {
    let hands = parse_hands::<4>(&s.hands, &["P0", "P1", "P2", "P3"], 8)?;
    let deal = SpitzerDeal::new(hands).context("the hands do not form a Spitzer deal")?;
    let mut game = SpitzerGame::new(deal, SpitzerRules::default())?;
    for (i, item) in s.announcements.split_whitespace().enumerate() {
        let (seat, action) = item
            .split_once(':')
            .with_context(|| format!("--announcements item {} ({item:?}) is not seat:action", i + 1))?;
        let seat: usize = seat
            .trim()
            .parse()
            .ok()
            .filter(|&n| n < 4)
            .with_context(|| format!("--announcements item {} ({item:?}): seat must be 0..3", i + 1))?;
        let action: SpitzerAction =
            action.parse().with_context(|| format!("--announcements item {} ({item:?})", i + 1))?;
        if matches!(action, SpitzerAction::Play(_)) {
            bail!("--announcements item {} ({item:?}) plays a card; cards go to --played", i + 1);
        }
        if game.phase() != SpitzerPhase::Announcing {
            bail!("--announcements item {} ({item:?}): the announcement phase is already over", i + 1);
        }
        let seat = Seat::new(seat).context("seat")?;
        game.try_apply(seat, action).map_err(|e| anyhow!("--announcements item {} ({item:?}): {e}", i + 1))?;
    }
    while game.phase() == SpitzerPhase::Announcing {
        let seat = game.to_act().context("a seat announces")?;
        game.try_apply(seat, SpitzerAction::Pass)?;
    }
    let played = parse_played(&s.played)?;
    play_all(&mut game, &played)?;
    let goal = goal(s.mode);
    let value = solver.spitzer(&game, goal)?;
    let cards = solver.spitzer_cards(&game, goal)?;
    Ok(render(&cards, value, show_for(s.mode)))
}

/// Up to how many tricks left a Spidge Min solve is quick on the seeded
/// deals of BENCHMARKS.md (11 tricks: 107 ms median, about a second at
/// worst; 12 tricks: 1–2 s; the full deal: minutes).
const SPIDGE_MIN_QUICK_TRICKS: usize = 11;

/// The Spidge table size with more than [`SPIDGE_MIN_QUICK_TRICKS`]
/// tricks left: 2^22 entries (128 MiB).
const SPIDGE_EARLY_TABLE_BITS: u32 = 22;

fn solve_spidge(s: &SpidgeSolve, solver: &mut Solver) -> Result<String> {
    let hands = parse_hands::<4>(&s.hands, &["L", "DUMMY", "R", "DEALER"], 13)?;
    let deal = SpidgeDeal::new(hands).context("the hands do not form a Spidge deal")?;
    let rules = SpidgeRules { jokers: deal.has_jokers(), ..SpidgeRules::default() };
    let mut game = SpidgeGame::new(deal, rules);
    let played = parse_played(&s.played)?;
    play_all(&mut game, &played)?;
    let objective = match s.objective {
        ObjectiveArg::Max => Objective::Max,
        ObjectiveArg::Min => Objective::Min,
    };
    let early = 52usize.saturating_sub(game.played().len()) > 4 * SPIDGE_MIN_QUICK_TRICKS;
    if early {
        // The searches from this early outgrow the default table: four
        // times its entries halve the slowest full deals (BENCHMARKS.md).
        *solver = Solver::with_table_bits(SPIDGE_EARLY_TABLE_BITS);
    }
    if early && objective == Objective::Min {
        // Not an error: the search is exact, only slow (BENCHMARKS.md).
        eprintln!(
            "note: the fewest tricks with more than {SPIDGE_MIN_QUICK_TRICKS} tricks left can take minutes to solve \
             (the other three may throw tricks at the seat in many ways)"
        );
    }
    let value = solver.spidge(&game, objective)?;
    let cards = solver.spidge_cards(&game, objective)?;
    Ok(render(&cards, value, |v| v.to_string()))
}
