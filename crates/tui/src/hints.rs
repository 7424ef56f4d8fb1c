//! Hints and the analysis after a deal: what the terminal asks of the
//! solver, and the lines it shows of the answers.
//!
//! `?` asks for a hint: a [`HintRequest`] carries the person's view of the
//! decision before him and the decision's [`Ticket`]; it is answered off
//! the UI thread by [`Advise`] (the recommended action and, in trick play,
//! each legal card's value over sampled deals of the hidden cards), and
//! the answer names the ticket, so one that arrives after the decision
//! changed is dropped. When a deal ends, an [`AnalysisRequest`] carries the
//! played deal to the solver, which checks every card with all hands
//! known; `a` shows the result ([`review_lines`]).
//!
//! Both kinds of work may take seconds; nothing here blocks: the requests
//! leave the model as commands and the answers come back as messages.

use std::panic::{AssertUnwindSafe, catch_unwind};

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use trumpf_ai::Solver;
use trumpf_ai::advice::{Advice, Advise};
use trumpf_ai::analysis::{Analysis, AnalysisError, analyse_skat, analyse_spidge, analyse_spitzer};
use trumpf_core::series::{MatchGame, PlayedDeal};
use trumpf_core::skat::SkatGame;
use trumpf_core::spidge::SpidgeGame;
use trumpf_core::spitzer::SpitzerGame;
use trumpf_core::{Game, Seat};
use trumpf_table::Ticket;

use crate::widgets::{card_text, wrap_words};

/// Sampled deals of the hidden cards behind a hint's card values.
pub const HINT_WORLDS: usize = 32;

/// A hint asked for: the person's decision, as his view shows it.
#[derive(Clone, Debug)]
pub struct HintRequest<G: Game> {
    /// The decision: an answer for another ticket is stale.
    pub ticket: Ticket,
    /// The person's view (the only thing the advice sees).
    pub view: G::View,
    /// Sampled deals of the hidden cards.
    pub worlds: usize,
    /// The sampling seed (the same decision gets the same hint).
    pub seed: u64,
}

/// A hint worked out.
#[derive(Clone, Debug)]
pub struct HintAnswer<G: Game> {
    /// The decision it is for.
    pub ticket: Ticket,
    /// The advice, or why there is none.
    pub advice: Result<Advice<G::Action>, String>,
}

impl<G: Advise> HintRequest<G> {
    /// Works the hint out (slow: up to seconds). A panic in the search is
    /// caught and answered as no hint.
    pub fn answer(self) -> HintAnswer<G> {
        let HintRequest { ticket, view, worlds, seed } = self;
        let advice = match catch_unwind(AssertUnwindSafe(|| G::advise(&view, worlds, seed))) {
            Ok(Some(advice)) => Ok(advice),
            Ok(None) => Err("none was found for this decision".to_owned()),
            Err(_) => Err("the search failed".to_owned()),
        };
        HintAnswer { ticket, advice }
    }
}

/// A game whose finished deals the solver checks card by card.
pub trait Analyse: MatchGame {
    /// The analysis of the deal played from `start` by `actions`.
    ///
    /// # Errors
    /// A game the solver does not play (a Ramsch), a broken deal.
    fn analyse(solver: &mut Solver, start: &Self, actions: &[(Seat, Self::Action)]) -> Result<Analysis, AnalysisError>;
}

impl Analyse for SkatGame {
    fn analyse(solver: &mut Solver, start: &Self, actions: &[(Seat, Self::Action)]) -> Result<Analysis, AnalysisError> {
        analyse_skat(solver, start, actions)
    }
}

impl Analyse for SpitzerGame {
    fn analyse(solver: &mut Solver, start: &Self, actions: &[(Seat, Self::Action)]) -> Result<Analysis, AnalysisError> {
        analyse_spitzer(solver, start, actions)
    }
}

impl Analyse for SpidgeGame {
    fn analyse(solver: &mut Solver, start: &Self, actions: &[(Seat, Self::Action)]) -> Result<Analysis, AnalysisError> {
        analyse_spidge(solver, start, actions)
    }
}

/// A finished deal to analyse.
#[derive(Clone, Debug)]
pub struct AnalysisRequest<G: MatchGame> {
    /// The deal's number in the match: an answer for another deal is stale.
    pub deal: u32,
    /// The deal as played.
    pub played: PlayedDeal<G>,
}

/// A deal analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisAnswer {
    /// The deal's number.
    pub deal: u32,
    /// The analysis, or why there is none ("the solver does not play a
    /// Ramsch").
    pub result: Result<Analysis, String>,
}

impl<G: Analyse> AnalysisRequest<G> {
    /// Analyses the deal with `solver` (slow: up to seconds). A panic in
    /// the search is caught and answered as no analysis.
    pub fn answer(self, solver: &mut Solver) -> AnalysisAnswer {
        let AnalysisRequest { deal, played } = self;
        let result = catch_unwind(AssertUnwindSafe(|| G::analyse(solver, &played.start, &played.actions)));
        let result = match result {
            Ok(result) => result.map_err(|e| e.to_string()),
            Err(_) => {
                // The tables may be half written.
                solver.clear();
                Err("the solver failed".to_owned())
            }
        };
        AnalysisAnswer { deal, result }
    }
}

/// The hint for the decision before the person.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint<A> {
    /// Asked for; the answer is awaited.
    Thinking,
    /// The advice.
    Ready(Advice<A>),
    /// None could be found, and why.
    Failed(String),
}

/// The analysis of the deal just finished, and its view.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The deal's number.
    pub deal: u32,
    /// The answer, once it is in.
    pub state: ReviewState,
    /// Whether the view is open (`a`).
    pub open: bool,
    /// Lines scrolled past at the top.
    pub scroll: usize,
}

/// How far the analysis of a deal is.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewState {
    /// The solver is at it.
    Pending,
    /// Its lines ([`review_lines`]).
    Ready(Vec<Line<'static>>),
    /// No analysis, and why.
    Failed(String),
}

/// What a game says around the plays of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewText {
    /// Whether the declaring side could have made its game with every card
    /// known (or why the game has no such line).
    pub headline: String,
    /// Who played each card, in the order of [`Analysis::plays`].
    pub players: Vec<String>,
    /// What each player gave away in all.
    pub totals: Vec<(String, i32)>,
    /// What a cost counts: "card points", "award points".
    pub unit: &'static str,
}

/// The width the analysis is laid out for: the narrowest panel it shows in
/// (80 columns less the widest score sheet and the borders).
pub const REVIEW_WIDTH: usize = 48;

/// The note every analysis ends with.
pub const DOUBLE_DUMMY_NOTE: &str = "Double-dummy: the solver knows every hand. A costly card may still have been \
     a fair choice on what its player could know.";

/// The lines of an analysis: the headline, one entry per card trick by
/// trick ("Bot 1 ♠10 −10, best ♠7" where a card gave something away), what
/// each player gave away in all, and the double-dummy note; laid out for
/// [`REVIEW_WIDTH`] columns, so the count of lines (and the scrolling) does
/// not depend on the terminal.
pub fn review_lines(analysis: &Analysis, text: &ReviewText) -> Vec<Line<'static>> {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines: Vec<Line<'static>> =
        wrap_words(&text.headline, REVIEW_WIDTH).into_iter().map(|l| Line::from(l).style(bold)).collect();
    if analysis.plays.is_empty() {
        lines.push(Line::from("No card was played: there is nothing to check."));
        return lines;
    }
    let legend = format!("What each card gave away against the best one, in {}:", text.unit);
    lines.extend(wrap_words(&legend, REVIEW_WIDTH).into_iter().map(Line::from));
    let costly = Style::new().fg(Color::Red).add_modifier(Modifier::BOLD);
    // A Spidge analysis may begin late in the deal (the solver's budget).
    let unchecked = analysis.unchecked();
    if unchecked > 0 {
        let note = format!("The first {unchecked} cards are beyond the solver's budget and not checked.");
        lines.extend(wrap_words(&note, REVIEW_WIDTH).into_iter().map(Line::from));
    }
    for (number, missing, trick) in analysis.tricks() {
        let mut entries = vec![vec![Span::raw(format!("Trick {number}:"))]];
        if missing > 0 {
            entries.push(vec![Span::raw("…")]);
        }
        for play in trick {
            let who = text.players.get(play.card_number).map_or("?", String::as_str);
            let mut entry = vec![Span::raw(format!("{who} {}", card_text(play.played)))];
            if play.cost > 0 {
                entry.push(Span::styled(format!(" −{}, best {}", play.cost, card_text(play.best.0)), costly));
            }
            entries.push(entry);
        }
        lines.extend(pack(entries, REVIEW_WIDTH));
    }
    let totals: Vec<Vec<Span<'static>>> = std::iter::once(vec![Span::styled("Given away in all:", bold)])
        .chain(text.totals.iter().map(|(name, amount)| vec![Span::raw(format!("{name} {amount}"))]))
        .collect();
    lines.extend(pack(totals, REVIEW_WIDTH));
    let dim = Style::new().add_modifier(Modifier::DIM);
    lines.extend(wrap_words(DOUBLE_DUMMY_NOTE, REVIEW_WIDTH).into_iter().map(|l| Line::from(l).style(dim)));
    lines
}

/// Lays `entries` out in lines of at most `width` columns: the first entry,
/// then the others after " " and joined by " · "; a line that is full goes
/// on, indented, on the next.
fn pack(entries: Vec<Vec<Span<'static>>>, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for (i, entry) in entries.into_iter().enumerate() {
        let w: usize = entry.iter().map(Span::width).sum();
        let gap = match i {
            0 => "",
            1 => " ",
            _ => " · ",
        };
        if !line.is_empty() && used + gap.chars().count() + w > width {
            lines.push(Line::from(std::mem::take(&mut line)));
            line.push(Span::raw("    "));
            used = 4;
        } else if !gap.is_empty() {
            line.push(Span::raw(gap));
            used += gap.chars().count();
        }
        used += w;
        line.extend(entry);
    }
    if !line.is_empty() {
        lines.push(Line::from(line));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use trumpf_ai::analysis::Play;
    use trumpf_core::Card;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn a_review_names_each_card_and_what_a_costly_one_gave_away() {
        let play = |n: usize, seat: usize, played: &str, best: &str, cost: i32| Play {
            card_number: n,
            seat: Seat::new(seat).unwrap(),
            played: card(played),
            best: (card(best), 0),
            value: 0,
            cost,
        };
        let analysis = Analysis {
            unit: "card points of the declarer",
            perfect_value: Some(70),
            could_win: Some(true),
            plays: vec![play(0, 0, "CJ", "CJ", 0), play(1, 1, "ST", "S7", 10), play(2, 2, "HA", "HA", 0)],
            trick_size: 3,
        };
        let text = ReviewText {
            headline: "You could have made it.".to_owned(),
            players: vec!["You".to_owned(), "Bot 1".to_owned(), "Bot 2".to_owned()],
            totals: vec![("You".to_owned(), 0), ("Bot 1".to_owned(), 10), ("Bot 2".to_owned(), 0)],
            unit: "card points",
        };
        let lines: Vec<String> = review_lines(&analysis, &text).iter().map(|l| l.to_string()).collect();
        assert_eq!(lines[0], "You could have made it.");
        assert!(lines.contains(&"Trick 1: You ♣J · Bot 1 ♠10 −10, best ♠7".to_owned()), "{lines:#?}");
        assert!(lines.iter().any(|l| l.starts_with("    Bot 2 ♥A")), "the third entry goes on: {lines:#?}");
        assert!(lines.contains(&"Given away in all: You 0 · Bot 1 10 · Bot 2 0".to_owned()), "{lines:#?}");
        assert!(lines.iter().all(|l| l.chars().count() <= REVIEW_WIDTH), "{lines:#?}");
        assert!(lines.last().unwrap().contains("what its player could know"));
    }

    /// A Spidge analysis that begins at the sixth card (the earlier ones
    /// beyond the solver's budget): its first trick is the deal's second,
    /// and each card is named by its own player.
    #[test]
    fn a_review_that_begins_late_numbers_the_tricks_of_the_deal() {
        let play = |n: usize, played: &str| Play {
            card_number: n,
            seat: Seat::new(n % 3).unwrap(),
            played: card(played),
            best: (card(played), 0),
            value: 0,
            cost: 0,
        };
        let analysis = Analysis {
            unit: "award points",
            perfect_value: None,
            could_win: None,
            plays: vec![play(5, "H2"), play(6, "H3"), play(7, "H4"), play(8, "C2"), play(9, "C3")],
            trick_size: 4,
        };
        let players = ["L", "Dummy", "R", "Dealer", "L", "Dummy", "R", "Dealer", "Dummy", "R"];
        let text = ReviewText {
            headline: "Spidge.".to_owned(),
            players: players.iter().map(|p| p.to_string()).collect(),
            totals: Vec::new(),
            unit: "award points",
        };
        let lines: Vec<String> = review_lines(&analysis, &text).iter().map(|l| l.to_string()).collect();
        assert!(lines.iter().any(|l| l.starts_with("The first 5 cards are beyond")), "{lines:#?}");
        assert!(lines.contains(&"Trick 2: … · Dummy ♥2 · R ♥3 · Dealer ♥4".to_owned()), "{lines:#?}");
        assert!(lines.contains(&"Trick 3: Dummy ♣2 · R ♣3".to_owned()), "{lines:#?}");
    }
}
