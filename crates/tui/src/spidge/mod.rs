//! `trumpf play spidge`: the person and two bots, a game to 3. The dealer
//! also plays the dummy, which lies face up for everyone; when the person
//! deals, the cursor moves to the dummy on its turn.
//!
//! The screen is drawn from the person's [`SpidgeView`] alone: his own hand,
//! the dummy, the tricks.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use trumpf_ai::analysis::Analysis;
use trumpf_core::spidge::{DEALER, Hand, LEFT, RIGHT, SpidgeError, SpidgeGame, SpidgeView};
use trumpf_core::{Card, CardSet, Game, GameView, Seat};
use trumpf_table::spidge::{hand_name, hand_order, seat_name};

use crate::hints::ReviewText;
use crate::model::{Model, REVIEW_HELP, REVIEW_HELP_LAST, TuiGame};
use crate::widgets::{card_row, card_text, last_trick_line, result_lines, title_line, trick_grid};

/// Width of a column of the trick grid.
const TRICK_COLUMN: usize = 8;

impl TuiGame for SpidgeGame {
    type Extra = ();

    const TITLE: &'static str = "Spidge";
    fn acting(view: &SpidgeView) -> Option<Seat> {
        view.to_act()
    }

    fn cursor_cards(model: &Model<SpidgeGame>) -> Vec<Card> {
        let view = &model.view;
        if view.playing_hand() == Some(Hand::Dummy) { hand_order(view.dummy) } else { hand_order(view.own_hand) }
    }

    fn legal_cards(view: &SpidgeView) -> CardSet {
        view.legal_cards()
    }

    fn you_sit(seat: Seat) -> &'static str {
        match seat {
            LEFT => "you are L and lead",
            RIGHT => "you are R",
            _ => "you deal and play the dummy too",
        }
    }

    fn summary(model: &Model<SpidgeGame>) -> String {
        let Some(result) = model.view.result else { return String::new() };
        if let Some(winner) = model.winner() {
            let name = model.name(winner);
            let how = if result.grand_slam { "by a Grand Slam" } else { "the game" };
            return format!("{name} won {how} with {} points.", model.table().record().totals()[winner.index()]);
        }
        let awards: Vec<String> = [LEFT, RIGHT, DEALER]
            .into_iter()
            .filter_map(|seat| {
                let award = result.awards[seat]?;
                Some(format!("{} {award} +{}", model.name_at(seat), result.points[seat]))
            })
            .collect();
        if awards.is_empty() { "No award this deal.".to_owned() } else { format!("{}.", awards.join(", ")) }
    }

    fn refusal(error: &SpidgeError) -> String {
        let whose = |hand: Hand| if hand == Hand::Dummy { "the dummy holds" } else { "you hold" };
        let why = match *error {
            SpidgeError::TrumpsNotBroken { card, .. } => {
                format!("{} is a trump, and trumps are not broken yet.", card_text(card))
            }
            SpidgeError::TrumpLeadForbidden { card, .. } => {
                format!("{} is a trump; trumps are led only from a hand of nothing else.", card_text(card))
            }
            SpidgeError::MustFollow { card, led, hand, suit } => {
                format!("{} does not follow {}; {} {suit}.", card_text(card), card_text(led), whose(hand))
            }
            SpidgeError::NotInHand { card, hand } => format!("{} is not in the {hand} hand.", card_text(card)),
            ref e => format!("{e}."),
        };
        format!("Not allowed: {why}")
    }

    fn hint(_view: &SpidgeView) -> &'static str {
        "Trick play: ←/→ (or Tab) choose a card, Enter plays it."
    }

    fn hint_value(value: f64) -> String {
        format!("{value:+.2}")
    }

    fn review_text(model: &Model<SpidgeGame>, analysis: &Analysis) -> ReviewText {
        let headline = "Spidge has no declarer and pays only for Nil, Spidge, Slam and the Grand Slam: each card is \
             measured in award points, the award its player could then still make sure of against both others \
             counted twice, less what each other player could."
            .to_owned();
        let table = model.table();
        // Who played each card: the seat's player, or the dummy.
        let mut players = Vec::new();
        if let Some(played) = table.finished() {
            let mut game = played.start;
            for &(seat, action) in &played.actions {
                players
                    .push(game.hand_to_play().map_or_else(|| model.name_at(seat).to_owned(), |h| model.hand_name(h)));
                if game.try_apply(seat, action).is_err() {
                    break;
                }
            }
        }
        let given = analysis.given_away();
        let totals = [LEFT, RIGHT, DEALER]
            .into_iter()
            .map(|seat| {
                let name = model.name_at(seat);
                let name = if seat == DEALER { format!("{name} (and Dummy)") } else { name.to_owned() };
                (name, given[seat.index()])
            })
            .collect();
        ReviewText { headline, players, totals, unit: "award points" }
    }

    fn render(m: &Model<SpidgeGame>, area: Rect, buf: &mut Buffer) {
        let sheet = format!(" Game to {} ", m.view.rules.target);
        let left = m.match_frame((m.title(), sheet), (m.fallback_status(), m.help()), area, buf);
        if m.review_open() {
            m.render_review(left, buf);
        } else if m.deal_over() {
            m.render_result(left, buf);
        } else {
            let [table, dummy, hand] =
                Layout::vertical([Constraint::Fill(1), Constraint::Length(4), Constraint::Length(4)]).areas(left);
            m.render_table(table, buf);
            m.render_dummy(dummy, buf);
            m.render_hand(hand, buf);
        }
    }
}

impl Model<SpidgeGame> {
    fn title(&self) -> Line<'static> {
        let t = self.table();
        let role = if self.view.seat == DEALER { "Dealer, you play the dummy" } else { self.role_name() };
        title_line(format!(" trumpf · Spidge · deal {} · seed {} · you: {role}", t.number(), t.seed()))
    }

    fn role_name(&self) -> &'static str {
        seat_name(self.view.seat)
    }

    /// Whether the human plays from the dummy now.
    fn playing_dummy(&self) -> bool {
        self.view.playing_hand() == Some(Hand::Dummy)
    }

    /// The name on a hand's row and column: the player, or "Dummy".
    fn hand_name(&self, hand: Hand) -> String {
        hand_name(self.table(), hand)
    }

    fn trumps_line(&self) -> Line<'static> {
        let broken = if self.view.trumps_broken {
            Span::styled("broken", Style::new().fg(Color::Green).add_modifier(Modifier::BOLD))
        } else {
            Span::styled("not broken", Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD))
        };
        Line::from(vec![Span::raw("Trumps: ★ jokers, then ♠ · "), broken])
    }

    fn hand_row(&self, hand: Hand) -> Line<'static> {
        let v = &self.view;
        let marker = if v.to_play == Some(hand) { "▶ " } else { "  " };
        let tricks = v.tricks[hand];
        let count = match hand {
            Hand::Dealer => {
                let dummy = v.tricks[Hand::Dummy];
                format!("{tricks} + dummy {dummy} = {}", tricks + dummy)
            }
            Hand::Dummy if v.seat == DEALER => format!("{tricks} · played by you"),
            Hand::Dummy => format!("{tricks} · played by {}", self.name_at(DEALER)),
            _ => tricks.to_string(),
        };
        Line::from(vec![
            Span::raw(marker),
            Span::styled(format!("{:<7}", self.hand_name(hand)), Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(format!("{:<8}tricks {count}", hand.name())),
        ])
    }

    fn render_table(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let mut lines = vec![self.trumps_line()];
        lines.extend(Hand::ALL.map(|h| self.hand_row(h)));
        lines.push(Line::default());
        let trick_no = (v.tricks.as_array().iter().sum::<u8>() + 1).min(13);
        let last = v
            .last_trick
            .as_ref()
            .map(|last| (&last.cards[..], last.leader.index(), format!("→ {}", self.hand_name(last.winner))));
        let names = Hand::ALL.map(|hand| self.hand_name(hand));
        let to_act = v.to_play.map(Hand::index);
        lines.extend(trick_grid(TRICK_COLUMN, &names, trick_no, (v.trick(), v.leader.index()), to_act, last));
        match v.to_play {
            Some(hand) if hand.seat() != v.seat => {
                let who = self.who(hand.seat());
                let what = if hand == Hand::Dummy { " to play from the dummy" } else { "" };
                lines.push(Line::from(format!("Waiting for {who}{what}…")).italic());
            }
            Some(Hand::Dummy) => lines.push(Line::from("Your turn to play from the dummy.").bold()),
            _ => {}
        }
        let title = format!(" Trick {trick_no} of 13 ");
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(title)).render(area, buf);
    }

    fn render_dummy(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let playing = self.playing_dummy();
        let cards = hand_order(v.dummy);
        let cursor = playing.then_some(self.cursor);
        let title = if playing {
            " Dummy · your turn to play from it · • playable ".to_owned()
        } else if v.seat == DEALER {
            " Dummy · face up · played by you ".to_owned()
        } else {
            format!(" Dummy · face up · played by {} ", self.name_at(DEALER))
        };
        let style = if playing { Style::new().fg(Color::Cyan) } else { Style::new() };
        Paragraph::new(card_row(&cards, v.legal_cards(), playing, cursor))
            .block(Block::bordered().title(title).border_style(style))
            .render(area, buf);
    }

    fn render_hand(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let playing = v.is_my_turn() && !self.playing_dummy();
        let cards = hand_order(v.own_hand);
        let cursor = (!self.playing_dummy()).then_some(self.cursor);
        let note = if playing { " · your turn · • playable" } else { "" };
        let title = format!(" Your hand · {}{note} ", self.role_name());
        let style = if playing { Style::new().fg(Color::Cyan) } else { Style::new() };
        Paragraph::new(card_row(&cards, v.legal_cards(), playing, cursor))
            .block(Block::bordered().title(title).border_style(style))
            .render(area, buf);
    }

    fn render_result(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let mut lines = Vec::new();
        if v.result.is_some() {
            lines = result_lines(&self.table().itemised().unwrap_or_default(), 1);
            if let Some(last) = v.last_trick {
                let (leader, winner) = (self.hand_name(last.leader), self.hand_name(last.winner));
                lines.push(last_trick_line(" ", &leader, last.cards, &winner));
            }
        }
        lines.extend(self.winner_lines());
        let dealer = self.name_at(DEALER);
        let title = format!(" Deal {} · {dealer} dealt · result ", self.table().number());
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(title)).render(area, buf);
    }

    fn fallback_status(&self) -> String {
        let v = &self.view;
        match v.to_play {
            None if self.winner().is_some() => "The game is over: w saves the match, q quits.".to_owned(),
            None => format!("Deal over. n starts deal {}.", self.table().number() + 1),
            Some(hand) if hand.seat() != v.seat => format!("{} is to play.", self.who(hand.seat())),
            Some(Hand::Dummy) => "Your turn: play a card from the dummy (• marks the playable ones).".to_owned(),
            Some(_) => "Your turn: play a card (• marks the playable ones).".to_owned(),
        }
    }

    fn help(&self) -> &'static str {
        let v = &self.view;
        match v.to_play {
            _ if self.review_open() && self.winner().is_some() => REVIEW_HELP_LAST,
            _ if self.review_open() => REVIEW_HELP,
            None if self.winner().is_some() => " a analysis · w save · q quit",
            None => " n next deal · a analysis · w save · q quit",
            _ if !v.is_my_turn() => " ←/→ choose your next card · w save · q quit",
            _ => " ←/→ move · Tab next playable · Enter/Space play · ? hint · w save · q quit",
        }
    }
}

#[cfg(test)]
mod tests;
