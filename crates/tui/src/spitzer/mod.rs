//! `trumpf play spitzer`: the person and three bots, a game to 42.
//!
//! The screen is drawn from the person's [`SpitzerView`] alone: the teams
//! are shown only as far as [`TeamKnowledge`](trumpf_core::spitzer::TeamKnowledge)
//! says the person knows them, so a partner appears once the cards have
//! revealed him, never before.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use trumpf_ai::analysis::Analysis;
use trumpf_core::spitzer::{
    Announcement, BLACK_QUEENS, Column as TariffColumn, Contract, SpitzerAction, SpitzerError, SpitzerGame,
    SpitzerPhase, SpitzerView, TRUMPS, points,
};
use trumpf_core::{Card, CardSet, GameView, Seat};
use trumpf_table::spitzer::{Said, announcement_text, contract_text, hand_order, tariff_entry};

use crate::hints::ReviewText;
use crate::model::{Model, REVIEW_HELP, REVIEW_HELP_LAST, TuiGame};
use crate::widgets::{card_row, card_text, last_trick_line, result_lines, seat_spans, title_line, trick_grid};

/// Width of a column of the trick grid.
const TRICK_COLUMN: usize = 8;

/// The spoken name of a Spitzer seat with its role: E1 (eldest) to E4 (the dealer).
fn seat_label(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "E1 eldest",
        1 => "E2",
        2 => "E3",
        _ => "E4 dealer",
    }
}

/// What an announcement means for its maker.
fn announcement_meaning(a: Announcement) -> String {
    match a {
        Announcement::CallAce(_) => "its holder is your secret partner".to_owned(),
        Announcement::CallAceVoid(suit) => format!("you hold no {}; its holder partners you", suit.symbol()),
        Announcement::CallFirstTrick => "the winner of trick 1 is your partner".to_owned(),
        Announcement::Zola => "alone against three, 61 to win".to_owned(),
        Announcement::ZolaSchneider => "alone, 90 to win".to_owned(),
        Announcement::ZolaSchneiderSchwarz => "alone, all 8 tricks to win".to_owned(),
        Announcement::Schneider => "your side, 90 to win".to_owned(),
    }
}

/// The scoring row an action of the announcement phase leads to, as far as
/// the human can tell from his own hand.
fn contract_of(action: SpitzerAction, hand: CardSet) -> Contract {
    match action {
        SpitzerAction::Announce(Announcement::Zola) => Contract::Zola,
        SpitzerAction::Announce(Announcement::ZolaSchneider) => Contract::ZolaSchneider,
        SpitzerAction::Announce(Announcement::ZolaSchneiderSchwarz) => Contract::ZolaSchneiderSchwarz,
        SpitzerAction::Announce(Announcement::Schneider) => Contract::Schneider,
        SpitzerAction::Pass if BLACK_QUEENS.is_subset(hand) => Contract::Sneaker,
        _ => Contract::Normal,
    }
}

impl TuiGame for SpitzerGame {
    type Extra = ();

    const TITLE: &'static str = "Spitzer";

    fn acting(view: &SpitzerView) -> Option<Seat> {
        view.to_act
    }

    fn cursor_cards(model: &Model<SpitzerGame>) -> Vec<Card> {
        hand_order(model.view.hand)
    }

    fn legal_cards(view: &SpitzerView) -> CardSet {
        view.legal_cards()
    }

    fn pass() -> Option<SpitzerAction> {
        Some(SpitzerAction::Pass)
    }

    fn you_sit(seat: Seat) -> &'static str {
        match seat.index() {
            0 => "you are E1 and announce and lead first",
            1 => "you are E2",
            2 => "you are E3",
            _ => "you are E4 and deal",
        }
    }

    fn summary(model: &Model<SpitzerGame>) -> String {
        let Some(outcome) = model.view.outcome else { return String::new() };
        if let Some(winner) = model.winner() {
            let name = model.name(winner);
            return format!("{name} won the game with {}.", model.table().record().totals()[winner.index()]);
        }
        let s = outcome.settlement;
        let side: Vec<&str> = outcome.declaring.iter().map(|seat| model.name_at(seat)).collect();
        let who = if s.value > 0 { "each declarer" } else { "each opponent" };
        format!(
            "{}: {} took {} ({}): {who} +{}.",
            contract_text(s.contract),
            side.join("+"),
            s.points,
            s.column,
            s.value.unsigned_abs()
        )
    }

    fn refusal(error: &SpitzerError) -> String {
        let suit = |led: Card| match led.suit() {
            _ if TRUMPS.contains(led) => "trump",
            trumpf_core::Suit::Clubs => "club",
            trumpf_core::Suit::Spades => "spade",
            _ => "heart",
        };
        let why = match *error {
            SpitzerError::MustFollow { card, led } => {
                format!("{} does not follow {}; play a {} card.", card_text(card), card_text(led), suit(led))
            }
            SpitzerError::MustTrump { card, led } => {
                format!("{} is no trump; you hold no {}, so you must trump.", card_text(card), suit(led))
            }
            SpitzerError::MustPlayCalledAce { ace, .. } => {
                format!("the called ace {} must be played the first time its suit is led.", card_text(ace))
            }
            SpitzerError::MayNotDiscardCalledAce { ace } => {
                format!("the called ace {} may not be thrown before its suit is led.", card_text(ace))
            }
            SpitzerError::MustKeepHoldCard { card } => {
                format!("{} is your last card of the called suit; keep it until it is led.", card_text(card))
            }
            SpitzerError::NotInHand(card) => format!("{} is not in your hand.", card_text(card)),
            SpitzerError::WrongPhase { action: SpitzerAction::Play(_), .. } => {
                "cards are played after the announcements.".to_owned()
            }
            SpitzerError::WrongPhase { .. } => "the announcements are over; this is trick play.".to_owned(),
            SpitzerError::NotEligible { announcement, reason } => {
                format!("{}: {reason}.", announcement_text(announcement))
            }
            ref e => format!("{e}."),
        };
        format!("Not allowed: {why}")
    }

    fn hint(view: &SpitzerView) -> &'static str {
        match view.phase {
            SpitzerPhase::Announcing => "Announcements: ↑/↓ choose, Enter says it, p passes.",
            _ => "Trick play: ←/→ (or Tab) choose a card, Enter plays it.",
        }
    }

    fn action_words(_model: &Model<SpitzerGame>, action: SpitzerAction) -> String {
        match action {
            SpitzerAction::Announce(a) => format!("announce {}", announcement_text(a)),
            SpitzerAction::Pass => "pass".to_owned(),
            SpitzerAction::Play(card) => card_text(card),
        }
    }

    fn review_text(model: &Model<SpitzerGame>, analysis: &Analysis) -> ReviewText {
        let headline = match (model.view.outcome, analysis.could_win, analysis.perfect_value) {
            (Some(outcome), Some(won), Some(points)) => {
                let side: Vec<&str> = outcome.declaring.iter().map(|seat| model.name_at(seat)).collect();
                let could = if won { "could" } else { "could not" };
                format!(
                    "With every card known, the declaring side ({}) {could} have made {}: {points} card points with best play by all.",
                    side.join("+"),
                    contract_text(outcome.settlement.contract)
                )
            }
            _ => "Every card checked with all hands known.".to_owned(),
        };
        model.seat_review(headline, analysis, "card points of the player's side")
    }

    fn render(m: &Model<SpitzerGame>, area: Rect, buf: &mut Buffer) {
        let sheet = format!(" Game to {} ", m.view.rules.target);
        let left = m.match_frame((m.title(), sheet), (m.fallback_status(), m.help()), area, buf);
        if m.review_open() {
            m.render_review(left, buf);
        } else if m.view.phase == SpitzerPhase::Over {
            m.render_result(left, buf);
        } else {
            let [table, hand] = Layout::vertical([Constraint::Fill(1), Constraint::Length(4)]).areas(left);
            m.render_table(table, buf);
            m.render_hand(hand, buf);
        }
    }
}

impl Model<SpitzerGame> {
    fn title(&self) -> Line<'static> {
        let t = self.table();
        title_line(format!(
            " trumpf · Spitzer · deal {} · seed {} · you: {}",
            t.number(),
            t.seed(),
            seat_label(self.view.seat)
        ))
    }

    /// What was announced, or how the teams stand after four passes, as far
    /// as the human can know.
    fn contract_line(&self) -> Line<'static> {
        let v = &self.view;
        let text = match (v.phase, v.announcement) {
            (SpitzerPhase::Announcing, _) => "Announce or pass, from E1; an announcement ends it.".to_owned(),
            (_, Some((seat, a))) => {
                let mine = seat == v.seat;
                let name = if mine { "You" } else { self.name_at(seat) };
                let (your, his) = if mine { ("your", "you") } else { ("his", "him") };
                match a {
                    Announcement::CallAce(suit) | Announcement::CallAceVoid(suit) => {
                        format!("{name} called {}A: its holder partners {his}.", suit.symbol())
                    }
                    Announcement::CallFirstTrick => {
                        format!("{name} called the first trick: its winner partners {his}.")
                    }
                    Announcement::Schneider => format!("{name} announced Schneider: {your} side needs 90."),
                    a => format!("{name} announced {}: alone against three.", announcement_text(a)),
                }
            }
            (_, None) => match v.teams.contract {
                Some(Contract::Sneaker) if v.teams.is_declaring(v.seat) == Some(true) => {
                    "All passed. You hold both black queens: a Sneaker.".to_owned()
                }
                Some(Contract::Sneaker) => "All passed: a Sneaker, one player alone.".to_owned(),
                _ => "All passed: the two black queens play together.".to_owned(),
            },
        };
        Line::from(text).bold()
    }

    /// The side of `seat` as the human knows it, with "partner" for a known
    /// member of the human's own side.
    fn side_span(&self, seat: Seat) -> Span<'static> {
        let teams = &self.view.teams;
        let me = self.view.seat;
        let Some(declaring) = teams.is_declaring(seat) else {
            return Span::styled(format!("{:<20}", "side unknown"), Style::new().add_modifier(Modifier::DIM));
        };
        let side = if declaring { "declaring" } else { "against" };
        let tag = match teams.is_declaring(me) {
            Some(mine) if seat != me && mine == declaring => " (partner)",
            _ => "",
        };
        let style = if declaring { Style::new().fg(Color::Cyan) } else { Style::new() };
        Span::styled(format!("{:<20}", format!("{side}{tag}")), style)
    }

    fn seat_row(&self, seat: Seat) -> Line<'static> {
        let v = &self.view;
        let mut spans = seat_spans(v.to_act == Some(seat), self.name_at(seat), seat_label(seat), 10);
        if v.phase == SpitzerPhase::Announcing {
            let said = self.table().talk().iter().rev().find(|&&(s, _)| s == seat).map(|&(_, said)| said);
            spans.push(Span::raw(match said {
                Some(Said::Announce(a)) => format!("announces {}", announcement_text(a)),
                Some(Said::Pass) => "pass".to_owned(),
                None if v.to_act == Some(seat) => "…".to_owned(),
                None => String::new(),
            }));
        } else {
            spans.push(self.side_span(seat));
            let tricks = v.tricks_won[seat.index()];
            spans.push(Span::raw(format!("{tricks} tr {:>3} pts", v.points_won[seat.index()])));
        }
        Line::from(spans)
    }

    fn render_table(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let mut lines = vec![self.contract_line()];
        lines.extend(Seat::all(4).map(|seat| self.seat_row(seat)));
        if v.phase == SpitzerPhase::Announcing {
            let room = usize::from(area.height.saturating_sub(2));
            self.announcement_lines(&mut lines, room);
        } else {
            self.trick_lines(&mut lines);
        }
        let title = match v.phase {
            SpitzerPhase::Announcing => " Announcements ".to_owned(),
            _ => format!(" Trick {} ", (v.tricks_won.iter().sum::<u8>() + 1).min(8)),
        };
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(title)).render(area, buf);
    }

    /// The human's choices in the announcement phase (every eligible one),
    /// or whom the table waits for.
    fn announcement_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let v = &self.view;
        let options = self.options();
        if options.is_empty() {
            lines.push(Line::default());
            lines.extend(self.waiting_line());
            return;
        }
        let chosen = self.option_index(options.len());
        let rows = room.saturating_sub(lines.len() + TARIFF_ROWS).max(1);
        let first = chosen.saturating_sub(rows - 1).min(options.len().saturating_sub(rows));
        for (i, &action) in options.iter().enumerate().skip(first).take(rows) {
            let label = match action {
                SpitzerAction::Announce(a) => format!("{} — {}", announcement_text(a), announcement_meaning(a)),
                _ if BLACK_QUEENS.is_subset(v.hand) => "Pass (both black queens: a silent Sneaker)".to_owned(),
                _ => "Pass".to_owned(),
            };
            let (marker, style) = if i == chosen {
                ("▶ ", Style::new().add_modifier(Modifier::REVERSED))
            } else {
                ("  ", Style::new())
            };
            lines.push(Line::from(format!("{marker}{label}")).style(style));
        }
        lines.extend(tariff_lines(contract_of(options[chosen], v.hand)));
    }

    /// The trick in progress and the last one as a grid, one column per seat.
    fn trick_lines(&self, lines: &mut Vec<Line<'static>>) {
        let v = &self.view;
        let names: Vec<&str> = Seat::all(4).map(|seat| self.name_at(seat)).collect();
        let trick_no = (v.tricks_won.iter().sum::<u8>() + 1).min(8);
        let last = v.last_trick.as_ref().map(|last| {
            let won = points(last.cards.iter().copied().collect());
            (&last.cards[..], last.leader.index(), format!("→ {} +{won}", self.name_at(last.winner)))
        });
        let to_act = v.to_act.map(Seat::index);
        lines.extend(trick_grid(TRICK_COLUMN, &names, trick_no, (v.trick(), v.leader.index()), to_act, last));
        if let Some(ace) = v.called_ace
            && !v.played.contains(ace)
        {
            lines.push(Line::from(format!("The called ace {} is not out yet.", card_text(ace))).dim());
        }
        if v.is_my_turn() {
            // Also when the turn comes in the middle of a trick.
            lines.push(Line::from("Your turn: play a card (• marks the playable ones).").bold().fg(Color::Cyan));
        }
        lines.extend(self.waiting_line());
    }

    fn render_hand(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let cards = self.cursor_cards();
        let playing = v.phase == SpitzerPhase::Playing && v.is_my_turn();
        let cursor = (v.phase == SpitzerPhase::Playing).then_some(self.cursor);
        let trumps = v.hand.intersect(TRUMPS).len();
        // Playing, the seat (in the title bar) gives way to the cue.
        let trumps = format!("{trumps} trump{}", plural(trumps));
        let title = if playing {
            format!(" Your hand · your turn · {trumps} · • playable ")
        } else {
            format!(" Your hand · {} · {trumps} ", seat_label(v.seat))
        };
        let style = if playing { Style::new().fg(Color::Cyan) } else { Style::new() };
        Paragraph::new(card_row(&cards, v.legal_cards(), playing, cursor))
            .block(Block::bordered().title(title).border_style(style))
            .render(area, buf);
    }

    fn render_result(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let mut lines = result_lines(&self.table().itemised().unwrap_or_default(), 2);
        if let (Some(_), Some(last)) = (v.outcome, v.last_trick) {
            lines.push(last_trick_line("  ", self.name_at(last.leader), last.cards, self.name_at(last.winner)));
        }
        lines.extend(self.winner_lines());
        let title = format!(" Deal {} · result ", self.table().number());
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(title)).render(area, buf);
    }

    fn fallback_status(&self) -> String {
        let v = &self.view;
        match v.to_act {
            None if self.winner().is_some() => "The game is over: w saves the match, q quits.".to_owned(),
            None => format!("Deal over. n starts deal {}.", self.table().number() + 1),
            Some(seat) if seat != v.seat => format!("{} is to act.", self.who(seat)),
            Some(_) if v.phase == SpitzerPhase::Announcing => {
                "Your turn to announce: ↑/↓ choose, Enter says it, p passes.".to_owned()
            }
            Some(_) => "Your turn: play a card (• marks the playable ones).".to_owned(),
        }
    }

    fn help(&self) -> &'static str {
        let v = &self.view;
        match v.phase {
            _ if self.review_open() && self.winner().is_some() => REVIEW_HELP_LAST,
            _ if self.review_open() => REVIEW_HELP,
            SpitzerPhase::Over if self.winner().is_some() => " a analysis · w save · q quit",
            SpitzerPhase::Over => " n next deal · a analysis · w save · q quit",
            _ if !v.is_my_turn() && v.phase == SpitzerPhase::Playing => " ←/→ choose your next card · w save · q quit",
            _ if !v.is_my_turn() => " w save · q quit",
            SpitzerPhase::Announcing => " ↑/↓ choose · Enter announce · p pass · ? hint · w save · q quit",
            _ => " ←/→ move · Tab next playable · Enter/Space play · ? hint · w save · q quit",
        }
    }
}

/// Rows of [`tariff_lines`].
const TARIFF_ROWS: usize = 3;

/// The tariff of `contract` (spitzer.md §6.2–6.3) under the announcement
/// chosen: its columns in words (the declaring side's card points, or no
/// trick, or all eight), the game points of each, and what the sign means.
fn tariff_lines(contract: Contract) -> Vec<Line<'static>> {
    let labels = ["none", "≤30", "31–60", "61–89", "≥90", "all 8"];
    let entries: Vec<String> = TariffColumn::ALL.iter().map(|&c| tariff_entry(contract, c)).collect();
    let row = |first: &str, cells: &[String]| {
        let mut text = format!("{first:<17}");
        for cell in cells {
            text.push_str(&format!("{cell:>6}"));
        }
        text
    };
    let labels: Vec<String> = labels.iter().map(|&l| l.to_owned()).collect();
    vec![
        Line::from(row("Your side takes:", &labels)),
        Line::from(row("Game points:", &entries)).bold(),
        Line::from("+: each of your side gains · -: each opponent gains").dim(),
    ]
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests;
