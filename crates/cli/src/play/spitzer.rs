//! `trumpf play spitzer`: the human and three bots, a game to 42.
//!
//! The screen is drawn from the human's [`SpitzerView`] alone: the teams
//! are shown only as far as [`TeamKnowledge`](trumpf_core::spitzer::TeamKnowledge)
//! says the human knows them, so a partner appears once the cards have
//! revealed him, never before.

use anyhow::Result;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use trumpf_ai::{Bot, SpitzerBot};
use trumpf_core::spitzer::{
    Announcement, BLACK_QUEENS, Column, Contract, FAIL_ORDER, FAIL_SUITS, SpitzerAction, SpitzerError, SpitzerGame,
    SpitzerPhase, SpitzerRules, SpitzerView, TRUMP_ORDER, TRUMPS, points, tariff,
};
use trumpf_core::{Card, CardSet, GameView, Member, Seat};

use super::common::{
    MatchModel, TRICK_COLUMN, TuiGame, card_row, gain, play_match, render_frame, title_line, trick_grid, waiting_line,
    winner_lines,
};
use super::table::Bots;
use super::ui::{card_spans, card_text};

/// The member who deals first, so the human is eldest in deal 1.
const FIRST_DEALER: Member = match Member::new(3) {
    Some(m) => m,
    None => unreachable!(),
};

/// The names of the members: the human, then the bots.
fn names() -> Vec<String> {
    ["You", "Bot 1", "Bot 2", "Bot 3"].map(String::from).to_vec()
}

/// The three opponents.
fn bots() -> Bots<SpitzerGame> {
    Bots::new((0..3).map(|_| Box::new(SpitzerBot::new()) as Box<dyn Bot<SpitzerGame>>).collect())
}

/// `trumpf play spitzer`.
pub fn run(args: &super::PlayArgs) -> Result<()> {
    play_match(args, SpitzerRules::default(), FIRST_DEALER, names(), bots())
}

/// The spoken name of a Spitzer seat: E1 (eldest) to E4 (the dealer).
fn seat_label(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "E1 eldest",
        1 => "E2",
        2 => "E3",
        _ => "E4 dealer",
    }
}

/// The cards of `hand` as a player sorts them: trumps from the Big Queen
/// down, then clubs, spades, hearts, each A 10 K 9 8 7.
pub fn hand_order(hand: CardSet) -> Vec<Card> {
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|&card| match TRUMP_ORDER.iter().position(|&t| t == card) {
        Some(i) => (0, i),
        None => (
            1 + FAIL_SUITS.iter().position(|&s| s == card.suit()).unwrap_or(3),
            FAIL_ORDER.iter().position(|&r| r == card.rank()).unwrap_or(6),
        ),
    });
    cards
}

/// An announcement in words: `Call ♥A`, `Zola Schneider`.
pub fn announcement_text(a: Announcement) -> String {
    match a {
        Announcement::CallAce(suit) => format!("Call {}A", suit.symbol()),
        Announcement::CallAceVoid(suit) => format!("Call {}A (void)", suit.symbol()),
        Announcement::CallFirstTrick => "Call the first trick".to_owned(),
        Announcement::Zola => "Zola".to_owned(),
        Announcement::ZolaSchneider => "Zola Schneider".to_owned(),
        Announcement::ZolaSchneiderSchwarz => "Zola Schneider Schwarz".to_owned(),
        Announcement::Schneider => "Schneider".to_owned(),
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

/// A contract in words.
fn contract_text(contract: Contract) -> &'static str {
    match contract {
        Contract::ZolaSchneider => "Zola Schneider",
        Contract::ZolaSchneiderSchwarz => "Zola Schneider Schwarz",
        c => c.name(),
    }
}

/// The tariff entry as printed in the rules: `—` where Normal and Sneaker
/// cannot land (c0), signed otherwise.
fn tariff_entry(contract: Contract, column: Column) -> String {
    if column == Column::C0 && matches!(contract, Contract::Normal | Contract::Sneaker) {
        "—".to_owned()
    } else {
        format!("{:+}", tariff(contract, column))
    }
}

/// "c0 −15 c1 −12 [c2 −9] ...": a tariff row, `mark`ed column in brackets.
fn tariff_row(contract: Contract, mark: Option<Column>) -> String {
    Column::ALL
        .iter()
        .map(|&c| {
            let entry = format!("{c} {}", tariff_entry(contract, c));
            if Some(c) == mark { format!("[{entry}]") } else { entry }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a column means (§6.2).
fn column_meaning(column: Column) -> &'static str {
    match column {
        Column::C0 => "no trick",
        Column::C1 => "at most 30 card points",
        Column::C2 => "31 to 60 card points",
        Column::C3 => "61 to 89 card points",
        Column::C4 => "90 or more, not every trick",
        Column::C5 => "all eight tricks",
    }
}

impl TuiGame for SpitzerGame {
    const TITLE: &'static str = "Spitzer";
    const DEFAULT_SAVE: &'static str = "trumpf-spitzer.txt";

    fn acting(view: &SpitzerView) -> Option<Seat> {
        view.to_act
    }

    fn cursor_cards(view: &SpitzerView) -> Vec<Card> {
        hand_order(view.hand)
    }

    fn legal_cards(view: &SpitzerView) -> CardSet {
        view.legal_cards()
    }

    fn play(card: Card) -> SpitzerAction {
        SpitzerAction::Play(card)
    }

    fn pass() -> Option<SpitzerAction> {
        Some(SpitzerAction::Pass)
    }

    fn seat_name(seat: Seat) -> &'static str {
        match seat.index() {
            0 => "E1",
            1 => "E2",
            2 => "E3",
            _ => "E4",
        }
    }

    fn you_sit(seat: Seat) -> &'static str {
        match seat.index() {
            0 => "you are E1 and announce and lead first",
            1 => "you are E2",
            2 => "you are E3",
            _ => "you are E4 and deal",
        }
    }

    fn summary(model: &MatchModel<SpitzerGame>) -> String {
        let Some(outcome) = model.view.outcome else { return String::new() };
        if let Some(winner) = model.winner() {
            let name = &model.names[winner.index()];
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
        match *error {
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
        }
    }

    fn hint(view: &SpitzerView) -> &'static str {
        match view.phase {
            SpitzerPhase::Announcing => "Announcements: ↑/↓ choose, Enter says it, p passes.",
            _ => "Trick play: ←/→ (or Tab) choose a card, Enter plays it.",
        }
    }

    fn render(m: &MatchModel<SpitzerGame>, area: Rect, buf: &mut Buffer) {
        let sheet = format!(" Game to {} ", m.view.rules.target);
        let left = render_frame(m, m.title(), sheet, m.fallback_status(), m.help(), area, buf);
        if m.view.phase == SpitzerPhase::Over {
            m.render_result(left, buf);
        } else {
            let [table, hand] = Layout::vertical([Constraint::Fill(1), Constraint::Length(4)]).areas(left);
            m.render_table(table, buf);
            m.render_hand(hand, buf);
        }
    }
}

impl MatchModel<SpitzerGame> {
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
        let marker = if v.to_act == Some(seat) { "▶ " } else { "  " };
        let mut spans = vec![
            Span::raw(marker),
            Span::styled(format!("{:<6}", self.name_at(seat)), Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(format!("{:<10}", seat_label(seat))),
        ];
        if v.phase == SpitzerPhase::Announcing {
            spans.push(Span::raw(match v.said(seat) {
                Some(SpitzerAction::Announce(a)) => format!("announces {}", announcement_text(a)),
                Some(_) => "pass".to_owned(),
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
        lines.push(Line::default());
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
            lines.extend(waiting_line(self));
            return;
        }
        lines.push(Line::from("Your turn: pass or announce (↑/↓, Enter):"));
        let chosen = self.option_index(options.len());
        let rows = room.saturating_sub(lines.len() + 1).max(1);
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
        let contract = contract_of(options[chosen], v.hand);
        let row = tariff_row(contract, None);
        lines.push(Line::from(format!("Tariff {row}")).style(Style::new().add_modifier(Modifier::DIM)));
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
        lines.extend(waiting_line(self));
    }

    fn render_hand(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let cards = self.cursor_cards();
        let playing = v.phase == SpitzerPhase::Playing && v.is_my_turn();
        let cursor = (v.phase == SpitzerPhase::Playing).then_some(self.cursor);
        let trumps = v.hand.intersect(TRUMPS).len();
        let note = if playing { " · • playable" } else { "" };
        let title = format!(" Your hand · {} · {trumps} trump{}{note} ", seat_label(v.seat), plural(trumps));
        Paragraph::new(card_row(&cards, v.legal_cards(), playing, cursor))
            .block(Block::bordered().title(title))
            .render(area, buf);
    }

    fn render_result(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let mut lines = Vec::new();
        if let Some(o) = v.outcome {
            let s = o.settlement;
            let how = match v.announcement {
                Some((seat, a)) if a.is_call() => format!("{} by {}", announcement_text(a), self.who(seat)),
                Some((seat, _)) => format!("announced by {}", self.who(seat)),
                None => "all passed".to_owned(),
            };
            lines.push(Line::from(format!("{} — {how}", contract_text(s.contract))).bold());
            let side: Vec<String> = o.declaring.iter().map(|seat| self.who(seat)).collect();
            let (verdict, colour) = if s.value > 0 { ("WON", Color::Green) } else { ("LOST", Color::Red) };
            lines.push(Line::from(vec![
                Span::raw(format!("Declaring side: {} ", side.join(" + "))),
                Span::styled(verdict, Style::new().fg(colour).add_modifier(Modifier::BOLD)),
            ]));
            let other_tricks = 8 - s.tricks;
            lines.push(Line::from(format!("  {:<16}{:>10}{:>8}", "", "declaring", "other")).bold());
            lines.push(Line::from(format!("  {:<16}{:>10}{:>8}", "tricks", s.tricks, other_tricks)));
            lines.push(Line::from(format!("  {:<16}{:>10}{:>8}", "card points", s.points, 120 - u16::from(s.points))));
            lines.push(Line::from(format!("  column {}: {}", s.column, column_meaning(s.column))));
            lines.push(Line::from(format!("  tariff {}", tariff_row(s.contract, Some(s.column)))));
            let gain_text = if s.value > 0 {
                format!("  → +{} to each player of the declaring side", s.value)
            } else {
                format!("  → +{} to each player of the other side", s.value.unsigned_abs())
            };
            lines.push(Line::from(gain_text).bold());
            let deal_scores = self.table().finished().map(|d| d.scores).unwrap_or_default();
            let totals = self.table().record().totals();
            let row = |label: &str, cells: [String; 4]| {
                let cells: String = cells.iter().map(|c| format!("{c:>7}")).collect();
                format!("  {label:<12}{cells}")
            };
            lines.push(Line::from(row("", std::array::from_fn(|m| self.names[m].clone()))).bold());
            lines.push(Line::from(row("this deal", std::array::from_fn(|m| gain(deal_scores[m])))));
            lines.push(Line::from(row("totals", std::array::from_fn(|m| totals[m].to_string()))).bold());
            if let Some(last) = v.last_trick {
                let mut spans = vec![Span::raw(format!("  last trick ({} led): ", self.name_at(last.leader)))];
                spans.extend(card_spans(last.cards));
                spans.push(Span::raw(format!(" → {}", self.name_at(last.winner))));
                lines.push(Line::from(spans));
            }
        }
        lines.extend(winner_lines(self));
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
            SpitzerPhase::Over if self.winner().is_some() => " w save · q quit",
            SpitzerPhase::Over => " n next deal · w save · q quit",
            _ if !v.is_my_turn() && v.phase == SpitzerPhase::Playing => " ←/→ choose your next card · w save · q quit",
            _ if !v.is_my_turn() => " w save · q quit",
            SpitzerPhase::Announcing => " ↑/↓ choose · Enter announce · p pass · w save · q quit",
            _ => " ←/→ move · Tab next playable · Enter/Space play · w save · q quit",
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::common::tests::{ch, check_marks, feed, fuzz, key, panel, screen, started, text};
    use crate::play::common::{Cmd, Msg};
    use crate::play::model::{SaveTarget, Status};
    use crate::play::table::Table;
    use crate::play::table::tests::FirstLegal;
    use crossterm::event::KeyCode;
    use trumpf_core::series::MatchStatus;
    use trumpf_core::series::record::MatchRecord;
    use trumpf_core::spitzer::{BIG_QUEEN, LITTLE_QUEEN, SpitzerDeal};

    fn save_target() -> SaveTarget {
        SaveTarget { path: std::env::temp_dir().join("trumpf-play-spitzer-test.txt"), auto: false }
    }

    fn model(seed: u64) -> MatchModel<SpitzerGame> {
        let table = Table::new(seed, SpitzerRules::default(), FIRST_DEALER).unwrap();
        MatchModel::new(table, names(), save_target())
    }

    /// A match whose first deal gives eldest (the human) `e1` and the other
    /// cards in order to E2, E3, E4.
    fn model_with(e1: &str, rest_first: &str) -> MatchModel<SpitzerGame> {
        let e1: CardSet = e1.parse().unwrap();
        let first: Vec<Card> = rest_first.split_whitespace().map(|c| c.parse().unwrap()).collect();
        let mut rest: Vec<Card> = first.clone();
        rest.extend(CardSet::PIQUET_PACK.minus(e1).iter().filter(|c| !first.contains(c)));
        let hand = |i: usize| rest[i * 8..i * 8 + 8].iter().copied().collect::<CardSet>();
        let deal = SpitzerDeal::new([e1, hand(0), hand(1), hand(2)]).unwrap();
        let rules = SpitzerRules::default();
        let game = SpitzerGame::new(deal, rules).unwrap();
        MatchModel::new(Table::starting_with(1, rules, FIRST_DEALER, game).unwrap(), names(), save_target())
    }

    /// Bots that pass and then play their first legal card.
    fn quiet() -> Bots<SpitzerGame> {
        Bots::new((0..3).map(|_| Box::new(FirstLegal) as Box<dyn Bot<SpitzerGame>>).collect())
    }

    /// The key a simple human presses: in every third deal he takes the
    /// second option of the announcement list, otherwise he passes; he plays
    /// the card under the cursor and starts the next deal.
    fn policy(m: &MatchModel<SpitzerGame>) -> Msg<SpitzerGame> {
        if m.deal_over() {
            return ch('n');
        }
        let options = m.options();
        if options.len() > 1 && m.table().number().is_multiple_of(3) && m.option == 0 {
            return key(KeyCode::Down);
        }
        key(KeyCode::Enter)
    }

    /// Plays with [`policy`] until the match is over, calling `check` after
    /// every message.
    fn play_match(
        m: &mut MatchModel<SpitzerGame>,
        bots: &mut Bots<SpitzerGame>,
        mut check: impl FnMut(&MatchModel<SpitzerGame>),
    ) {
        for _ in 0..100_000 {
            if m.winner().is_some() {
                return;
            }
            assert!(m.view.is_my_turn() || m.deal_over(), "the bots answered synchronously");
            let msg = policy(m);
            feed(m, bots, msg);
            check(m);
        }
        panic!("the match did not end");
    }

    fn row<'a>(shown: &'a str, m: &MatchModel<SpitzerGame>, seat: Seat) -> &'a str {
        let label = format!("{} {}", m.name_at(seat), seat_label(seat));
        shown.lines().find(|l| l.contains(&label)).unwrap_or_else(|| panic!("no row {label:?} in\n{shown}"))
    }

    #[test]
    fn every_eligible_announcement_is_offered_and_the_chosen_one_is_made() {
        // spitzer.md §11.4: CQ SQ CT D9 H8 S7 DA SK may call the ace of any fail suit.
        let mut bots = quiet();
        let mut m = started(model_with("CQ SQ CT D9 H8 S7 DA SK", ""), &mut bots);
        let shown = text(&screen(&m, 80, 24));
        for expected in [
            "Your turn: pass or announce",
            "▶ Pass (both black queens: a silent Sneaker)",
            "Call ♣A — its holder is your secret partner",
            "Call ♠A — its holder is your secret partner",
            "Call ♥A — its holder is your secret partner",
            "Zola — alone against three",
            "Zola Schneider — alone, 90 to win",
            "Zola Schneider Schwarz — alone, all 8 tricks to win",
            "Tariff c0 — c1 -9 c2 -6 c3 +9 c4 +12 c5 +15",
            "↑/↓ choose · Enter announce · p pass",
        ] {
            assert!(shown.contains(expected), "{expected:?} missing in\n{shown}");
        }
        assert!(!shown.contains("(void)") && !shown.contains("first trick"), "{shown}");
        assert_eq!(m.options().len(), 7);
        // The list follows the arrows; Enter makes the highlighted announcement.
        feed(&mut m, &mut bots, key(KeyCode::Down));
        feed(&mut m, &mut bots, key(KeyCode::Down));
        let shown = text(&screen(&m, 80, 24));
        assert!(shown.contains("▶ Call ♠A"), "{shown}");
        assert!(shown.contains("Tariff c0 — c1 -9 c2 -6 c3 +3 c4 +6 c5 +9"), "{shown}");
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        assert_eq!(m.view.announcement, Some((Seat::FOREHAND, Announcement::CallAce(trumpf_core::Suit::Spades))));
        assert_eq!(m.view.phase, SpitzerPhase::Playing);
        let shown = text(&screen(&m, 80, 24));
        assert!(shown.contains("You called ♠A: its holder partners you."), "{shown}");
        assert!(shown.contains("The called ace ♠A is not out yet."), "{shown}");
    }

    #[test]
    fn p_passes_in_the_announcements_and_is_refused_in_trick_play() {
        let mut bots = quiet();
        let mut m = started(model_with("CQ CA CK ST H9 DJ D9 D8", ""), &mut bots);
        // One black queen: no calls, the Zola family only.
        assert_eq!(m.options().len(), 4);
        assert!(text(&screen(&m, 80, 24)).contains("▶ Pass"));
        feed(&mut m, &mut bots, ch('p'));
        assert_eq!(m.view.said(Seat::FOREHAND), Some(SpitzerAction::Pass));
        assert_eq!(m.view.phase, SpitzerPhase::Playing);
        let before = (m.view.clone(), m.table().ticket());
        feed(&mut m, &mut bots, ch('p'));
        assert!(
            matches!(&m.status, Some(Status::Error(t)) if t == "Not allowed: the announcements are over; this is trick play."),
            "{:?}",
            m.status
        );
        assert_eq!((m.view.clone(), m.table().ticket()), before);
        feed(&mut m, &mut bots, key(KeyCode::Up));
        assert_eq!((m.view.clone(), m.table().ticket()), before);
        assert!(matches!(&m.status, Some(Status::Info(t)) if t.starts_with("Trick play")));
    }

    #[test]
    fn a_partner_is_shown_only_once_the_view_knows_him() {
        // All pass; the human (E1) holds the Big Queen, E3 (Bot 2) the Little
        // Queen. Nobody knows the partner until the Little Queen is played.
        let mut bots = quiet();
        let mut m = started(model_with("CQ CA CK ST H9 DJ D9 D8", "C7 C8 C9 S7 S8 S9 H7 H8 SQ"), &mut bots);
        assert!(m.table().view(Seat::new(2).unwrap()).hand.contains(LITTLE_QUEEN));
        assert!(m.view.hand.contains(BIG_QUEEN));
        feed(&mut m, &mut bots, ch('p'));
        let bot2 = Seat::new(2).unwrap();
        let mut seen_unknown = false;
        while m.view.phase == SpitzerPhase::Playing {
            let shown = text(&screen(&m, 80, 24));
            let known = m.view.played.contains(LITTLE_QUEEN);
            assert_eq!(m.view.teams.is_declaring(bot2), known.then_some(true));
            assert_eq!(shown.contains("(partner)"), known, "{shown}");
            if known {
                assert!(row(&shown, &m, bot2).contains("declaring (partner)"), "{shown}");
            } else {
                seen_unknown = true;
                assert!(row(&shown, &m, bot2).contains("side unknown"), "{shown}");
                assert!(row(&shown, &m, Seat::FOREHAND).contains("declaring"), "{shown}");
            }
            feed(&mut m, &mut bots, key(KeyCode::Enter));
        }
        assert!(seen_unknown);
        let shown = text(&screen(&m, 80, 24));
        assert!(shown.contains("Declaring side: You (E1) + Bot 2 (E3)"), "{shown}");
    }

    #[test]
    fn rows_show_exactly_what_the_view_knows_of_the_teams() {
        let mut bots = bots();
        let mut m = started(model(4), &mut bots);
        let mut partners_seen = 0;
        play_match(&mut m, &mut bots, |m| {
            if m.view.phase != SpitzerPhase::Playing {
                return;
            }
            let shown = text(&screen(m, 80, 24));
            let teams = m.view.teams;
            let mine = teams.is_declaring(m.view.seat);
            for seat in Seat::all(4) {
                let line = row(&shown, m, seat);
                let partner = seat != m.view.seat && mine.is_some() && teams.is_declaring(seat) == mine;
                assert_eq!(line.contains("(partner)"), partner, "{line}");
                partners_seen += usize::from(partner);
                match teams.is_declaring(seat) {
                    None => assert!(line.contains("side unknown"), "{line}"),
                    Some(true) => assert!(line.contains("declaring"), "{line}"),
                    Some(false) => assert!(line.contains("against"), "{line}"),
                }
            }
            // Nothing the human cannot know: the only other card names on
            // the screen are the called ace.
            let known = m.view.visible_cards() | m.view.called_ace.map(CardSet::single).unwrap_or_default();
            for card in CardSet::PIQUET_PACK.minus(known) {
                assert!(!shown.contains(&card_text(card)), "{card} is hidden from the human\n{shown}");
            }
        });
        assert!(partners_seen > 0);
    }

    #[test]
    fn the_play_screen_marks_the_legal_cards_and_refuses_the_others() {
        let mut bots = bots();
        let mut m = started(model(5), &mut bots);
        for _ in 0..5000 {
            let legal = m.view.legal_cards();
            if m.view.phase == SpitzerPhase::Playing && !legal.is_empty() && legal != m.view.hand {
                feed(&mut m, &mut bots, key(KeyCode::Right));
                let buf = screen(&m, 80, 24);
                let (top, rows) = panel(&buf, "Your hand");
                assert!(rows[0].contains("• playable"));
                let cards = m.cursor_cards();
                check_marks(&buf, top, &cards, Some(legal), Some(m.cursor));
                // Enter on an unplayable card is refused; nothing changes.
                let illegal = cards.iter().position(|&c| !legal.contains(c)).unwrap();
                feed(&mut m, &mut bots, key(KeyCode::Home));
                for _ in 0..illegal {
                    feed(&mut m, &mut bots, key(KeyCode::Right));
                }
                let before = (m.view.clone(), m.table().ticket());
                feed(&mut m, &mut bots, key(KeyCode::Enter));
                let Some(Status::Error(text)) = &m.status else { panic!("no refusal: {:?}", m.status) };
                assert!(text.starts_with("Not allowed:"), "{text}");
                assert_eq!((m.view.clone(), m.table().ticket()), before);
                // Tab finds a playable card, which Enter plays.
                feed(&mut m, &mut bots, key(KeyCode::Tab));
                assert!(legal.contains(m.cursor_cards()[m.cursor]));
                feed(&mut m, &mut bots, key(KeyCode::Enter));
                assert_ne!(m.table().ticket(), before.1);
                return;
            }
            let msg = policy(&m);
            feed(&mut m, &mut bots, msg);
        }
        panic!("the human never had to follow");
    }

    #[test]
    fn a_whole_match_runs_to_42_and_reads_back_from_its_record() {
        let mut bots = bots();
        let mut m = started(model(2024), &mut bots);
        m.save.auto = true;
        let mut saves = Vec::new();
        let mut results = 0;
        for _ in 0..100_000 {
            if m.winner().is_some() {
                break;
            }
            if m.deal_over() {
                results += 1;
                let shown = text(&screen(&m, 80, 24));
                let o = m.view.outcome.unwrap();
                for expected in [
                    format!("column {}", o.settlement.column),
                    format!("card points {} {}", o.settlement.points, 120 - u16::from(o.settlement.points)),
                    "Declaring side:".to_owned(),
                    "You Bot 1 Bot 2 Bot 3".to_owned(),
                    format!(
                        "this deal {}",
                        (0..4).map(|i| gain(m.table().finished().unwrap().scores[i])).collect::<Vec<_>>().join(" ")
                    ),
                    format!(
                        "totals {}",
                        (0..4).map(|i| m.table().record().totals()[i].to_string()).collect::<Vec<_>>().join(" ")
                    ),
                ] {
                    assert!(shown.contains(&expected), "{expected:?} missing in\n{shown}");
                }
            }
            let msg = policy(&m);
            saves.extend(feed(&mut m, &mut bots, msg));
        }
        let Some(winner) = m.winner() else { panic!("the match did not end") };
        let record = m.table().record().clone();
        assert_eq!(record.status(), MatchStatus::Won(winner));
        assert!(record.totals()[winner.index()] >= 42);
        assert!(results >= record.deals().len() - 1);
        let shown = text(&screen(&m, 80, 24));
        assert!(shown.contains(&format!("GAME OVER: {} ", m.names[winner.index()])), "{shown}");
        assert!(shown.contains("w save · q quit") && !shown.contains("n next deal"), "{shown}");
        // n does not start another deal.
        let number = m.table().number();
        feed(&mut m, &mut bots, ch('n'));
        assert_eq!(m.table().number(), number);
        assert!(matches!(&m.status, Some(Status::Info(t)) if t.contains("The game is over")));
        // One save per deal, each the whole match so far; the last reads back.
        assert_eq!(saves.len(), record.deals().len());
        let Some(Cmd::Save { text, deals, .. }) = saves.last() else { panic!("saved") };
        assert_eq!(*deals, record.deals().len());
        let read = MatchRecord::<SpitzerGame>::read(text).unwrap();
        assert_eq!(read.game, record);
        assert_eq!(read.players, ["You", "Bot_1", "Bot_2", "Bot_3"]);
        // The w key writes the same text.
        let w = feed(&mut m, &mut bots, ch('w'));
        assert!(matches!(&w[..], [Cmd::Save { text: t, .. }] if t == text));
    }

    #[test]
    fn no_key_crashes_the_game() {
        for seed in 0..2 {
            let mut bots = bots();
            fuzz(model(seed), &mut bots, policy, 1500, 99 + seed);
        }
    }

    #[test]
    fn small_terminals_get_a_notice() {
        let mut bots = quiet();
        let m = started(model(1), &mut bots);
        assert!(text(&screen(&m, 40, 10)).replace('\n', " ").contains("needs a terminal of at least 80×24"));
        let shown = text(&screen(&m, 80, 24));
        assert!(shown.contains("Your hand") && shown.contains("Game to 42") && shown.contains("q quit"));
    }
}
