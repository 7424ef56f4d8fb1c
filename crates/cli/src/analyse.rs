//! `trumpf analyse FILE [--deal N]`: every card of a saved deal checked
//! with all hands known (`trumpf_ai::analysis`): what each play gave away
//! against the best card, and what the declaring side's game was worth with
//! perfect play. Reads trumpf match records of any game and ISS records.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use trumpf_ai::Solver;
use trumpf_ai::analysis::{Analysis, analyse_skat, analyse_spidge, analyse_spitzer};
use trumpf_core::iss::{IssMove, IssRecord};
use trumpf_core::series::record::{RecordGame, SavedMatch, game_of};
use trumpf_core::skat::{SkatAction, SkatGame, SkatRules};
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{GameId, Seat};

use crate::records::{DescribeDeal, Seating, is_match_record};

/// Arguments of `trumpf analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// A trumpf match record (any game) or a file of ISS records.
    pub file: PathBuf,
    /// Only this deal (1-based; for ISS files, the record on this line of
    /// records). Without it every deal is analysed.
    #[arg(long)]
    pub deal: Option<usize>,
}

pub fn run(args: AnalyseArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let mut out = std::io::stdout().lock();
    let mut solver = Solver::new();
    if is_match_record(&text) {
        let game = game_of(text.trim_start_matches('\u{feff}'))?;
        let id: GameId = game.parse()?;
        match id {
            GameId::Skat => match_record::<SkatGame>(&text, args.deal, &mut solver, &mut out, analyse_skat),
            GameId::Spitzer => match_record::<SpitzerGame>(&text, args.deal, &mut solver, &mut out, analyse_spitzer),
            GameId::Spidge => match_record::<SpidgeGame>(&text, args.deal, &mut solver, &mut out, analyse_spidge),
        }
    } else {
        iss_records(&text, args.deal, &mut solver, &mut out)
    }
}

type Analyse<G> = fn(
    &mut Solver,
    &G,
    &[(Seat, <G as trumpf_core::Game>::Action)],
) -> Result<Analysis, trumpf_ai::analysis::AnalysisError>;

fn match_record<G: DescribeDeal + RecordGame>(
    text: &str,
    only: Option<usize>,
    solver: &mut Solver,
    out: &mut impl Write,
    analyse: Analyse<G>,
) -> Result<()> {
    let saved = SavedMatch::<G>::read(text.trim_start_matches('\u{feff}'))?;
    let m = &saved.record.game;
    let deals = m.deals();
    if let Some(n) = only
        && (n == 0 || n > deals.len())
    {
        bail!("--deal {n}: the record holds {} finished deal(s)", deals.len());
    }
    for (i, deal) in deals.iter().enumerate() {
        if only.is_some_and(|n| n != i + 1) {
            continue;
        }
        let seating =
            Seating { players: &saved.record.players, members: G::seating(m.rules(), deal.dealer), role: G::role };
        writeln!(out, "deal {}: {}", i + 1, G::describe(&deal.end, &seating))?;
        // Whose hand each card came from, where it is not the seat's own.
        let mut hands = Vec::new();
        let mut game = deal.start.clone();
        for &(seat, action) in &deal.actions {
            if G::card_of(action).is_some() {
                hands.push(G::playing_for(&game));
            }
            if game.try_apply(seat, action).is_err() {
                break;
            }
        }
        let who = |seat: Seat, card: Option<usize>| match card.and_then(|c| hands.get(c).copied().flatten()) {
            Some(hand) => hand.to_owned(),
            None => seating.who(seat),
        };
        match analyse(solver, &deal.start, &deal.actions) {
            Ok(analysis) => print_analysis(&analysis, &who, out)?,
            Err(e) => writeln!(out, "  not analysed: {e}")?,
        }
    }
    Ok(())
}

fn iss_records(text: &str, only: Option<usize>, solver: &mut Solver, out: &mut impl Write) -> Result<()> {
    let mut number = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_start_matches('\u{feff}');
        if line.trim().is_empty() {
            continue;
        }
        number += 1;
        if only.is_some_and(|n| n != number) {
            continue;
        }
        let record = IssRecord::parse(line).with_context(|| format!("line {}", i + 1))?;
        let actions: Vec<(Seat, SkatAction)> = record
            .moves
            .iter()
            .filter_map(|m| match *m {
                IssMove::Action { seat, action } => Some((seat, action)),
                _ => None,
            })
            .collect();
        let start = SkatGame::new(record.deal, SkatRules::ISKO);
        let who = |seat: Seat| {
            let role = ["forehand", "middlehand", "rearhand"][seat.index().min(2)];
            format!("{} ({role})", record.players[seat.index()])
        };
        writeln!(out, "record {} (line {}):", record.id, i + 1)?;
        match analyse_skat(solver, &start, &actions) {
            Ok(analysis) => print_analysis(&analysis, &|seat, _| who(seat), out)?,
            Err(e) => writeln!(out, "  not analysed: {e}")?,
        }
    }
    if number == 0 {
        bail!("the file holds no record: neither a trumpf match record nor ISS game records");
    }
    if only.is_some_and(|n| n > number) {
        bail!("--deal {}: the file holds {number} record(s)", only.unwrap_or(0));
    }
    Ok(())
}

fn print_analysis(
    a: &Analysis,
    who: &dyn Fn(Seat, Option<usize>) -> String,
    out: &mut impl Write,
) -> std::io::Result<()> {
    if a.plays.is_empty() {
        return writeln!(out, "  no card was played");
    }
    match (a.perfect_value, a.could_win) {
        (Some(v), Some(won)) => {
            let points =
                if a.unit.starts_with("card points") { format!(" with {v} card points") } else { String::new() };
            writeln!(
                out,
                "  with every card known and best play from the first lead the declaring side {}{points}",
                if won { "makes its game" } else { "cannot make its game" },
            )?;
            writeln!(out, "  a play's cost: what it gave away against the best card, in {}", a.unit)?;
        }
        _ => writeln!(out, "  a play's cost: what it gave away against the best card, in {}", a.unit)?,
    }
    // A Spidge analysis may begin late in the deal (the solver's budget).
    let unchecked = a.unchecked();
    if unchecked > 0 {
        writeln!(out, "  the first {unchecked} card(s) are not analysed: beyond the solver's budget")?;
    }
    for (number, missing, trick) in a.tricks() {
        let mut cards: Vec<String> = Vec::new();
        if missing > 0 {
            cards.push("…".to_owned());
        }
        for p in trick {
            let who = who(p.seat, Some(p.card_number));
            cards.push(if p.cost > 0 {
                format!("{who} {} (−{}, best {})", p.played, p.cost, p.best.0)
            } else {
                format!("{who} {}", p.played)
            });
        }
        writeln!(out, "  trick {number}: {}", cards.join(", "))?;
    }
    let given = a.given_away();
    let mut seats_seen: Vec<Seat> = a.plays.iter().map(|p| p.seat).collect();
    seats_seen.sort();
    seats_seen.dedup();
    let totals: Vec<String> = seats_seen.iter().map(|&s| format!("{} {}", who(s, None), given[s.index()])).collect();
    writeln!(out, "  given away: {}", totals.join(", "))
}
