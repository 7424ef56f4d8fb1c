//! The Skat screen: a pure function of the model.
//!
//! Game state comes from the person's [`SkatView`](trumpf_core::skat::SkatView)
//! in the model and nothing else (while he sits a deal out, the spectator's:
//! no hand, no skat before the end); the score sheet (the match's finished
//! deals, totals, Bock and Ramsch rounds), the names, the rules, the words
//! said aloud and the itemised result come from the table and are public.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use trumpf_core::series::{MatchStatus, PiratPhase, PlayedDeal, Round};
use trumpf_core::skat::{
    AuctionStage, BockStacking, Contract, GameKind, GiftStep, MatchFormat, PassOut, RamschKind, SkatAction, SkatGame,
    SkatOutcome, SkatPhase, points,
};
use trumpf_core::{CardSet, GameView, Seat, Suit};
use trumpf_table::skat::{Said, hand_order, pushes_text, seat_name};

use super::BidTurn;
use crate::model::{Model, REVIEW_HELP, REVIEW_HELP_LAST};
use crate::widgets::{
    Bottom, card_spans, card_text, fit, frame, help_line, last_trick_line, marked_card_row, result_lines, seat_spans,
    short_name, status_line, suit_style, title_line, trick_grid, wrap_joined,
};

/// Width of a column of the trick grid.
const TRICK_COLUMN: usize = 9;
/// Width of the score sheet column: three members' columns of six.
const SHEET_WIDTH: u16 = 29;
/// Width of the score sheet column at a four-member table: columns of five,
/// which leaves the table 50 columns at 80, room for a hand of twelve.
const SHEET_WIDTH_4: u16 = 30;

impl Model<SkatGame> {
    /// Draws the Skat screen.
    pub(super) fn render_skat(&self, area: Rect, buf: &mut Buffer) {
        // A long message (a save that could not be ISS, the rules at the
        // start) takes a second line rather than being cut.
        let status = status_line(self.status.as_ref(), self.fallback_status());
        let sheet = if self.table().members() > 3 { SHEET_WIDTH_4 } else { SHEET_WIDTH };
        let help = help_line(self.help_text());
        let bottom = Bottom { hint: self.hint_lines(area.width), status, status_wraps: true, help };
        let (left, right) = frame(area, buf, self.title_line(), sheet, bottom);
        self.render_sheet(right, buf);
        if self.review_open() {
            self.render_review(left, buf);
        } else if self.view.phase == SkatPhase::Over {
            self.render_result(left, buf);
        } else {
            let [table, hand] = Layout::vertical([Constraint::Fill(1), Constraint::Length(4)]).areas(left);
            self.render_table(table, buf);
            self.render_hand(hand, buf);
        }
    }
    fn title_line(&self) -> Line<'static> {
        let table = self.table();
        let dealer = if table.dealer() == self.me() { ", dealer" } else { "" };
        let rules = self.rules_summary();
        let preset = rules.split(" · ").next().unwrap_or_default();
        let mut text = format!(" trumpf Skat · {preset} · deal {}", table.number());
        let setup = self.view.setup;
        if setup.bock > 1 {
            text.push_str(&format!(" · Bock ×{}", setup.bock));
        }
        if setup.ramsch_round {
            text.push_str(" · Ramsch round");
        }
        let you = if self.sits_out() {
            "you: dealer, sitting out".to_owned()
        } else {
            format!("you: {}{dealer}", seat_name(self.view.seat))
        };
        text.push_str(&format!(" · {you} · seed {}", table.seed()));
        title_line(text)
    }

    /// The rules in force, for the bottom border of the left panel.
    fn rules_footer(&self, area: Rect) -> Line<'static> {
        // The border's corners take two columns, the spaces around the text two.
        let room = usize::from(area.width.saturating_sub(4));
        Line::from(format!(" {} ", fit(&self.rules_summary(), room))).style(Style::new().fg(Color::Cyan))
    }

    /// What `seat` said aloud that `keep` selects, in order.
    fn words(&self, seat: Seat, keep: impl Fn(Said) -> bool) -> Vec<String> {
        self.table().talk().iter().filter(|&&(s, w)| s == seat && keep(w)).map(|&(_, w)| w.to_string()).collect()
    }

    fn seat_row(&self, seat: Seat) -> Line<'static> {
        let v = &self.view;
        let mut spans = seat_spans(v.to_act == Some(seat), self.name_at(seat), seat_name(seat), 11);
        let words = match v.phase {
            SkatPhase::Bidding => self.words(seat, |w| matches!(w, Said::Bid(_) | Said::Hold | Said::Pass)),
            SkatPhase::GrandHandOffer => self.words(seat, |w| matches!(w, Said::NoGrandHand | Said::GrandHand)),
            SkatPhase::Passing | SkatPhase::Discarding if v.ramsch => {
                self.words(seat, |w| matches!(w, Said::Took | Said::Pushed | Said::PassedOn))
            }
            _ => Vec::new(),
        };
        if !words.is_empty() {
            let verb = if v.phase == SkatPhase::Bidding { "said " } else { "" };
            spans.push(Span::raw(format!("{verb}{}", words.join(", "))));
        } else if v.ramsch || matches!(v.phase, SkatPhase::Bidding | SkatPhase::GrandHandOffer) {
            // Everybody for himself, or nobody declared yet.
        } else if v.declarer == Some(seat) {
            let bid = if v.bid == 0 { "Grand Hand offer".to_owned() } else { format!("bid {}", v.bid) };
            spans.push(Span::styled(format!("declarer, {bid}"), Style::new().fg(Color::Cyan)));
            if v.kontra.level == 2 {
                spans.push(Span::styled(", Re", Style::new().fg(Color::Yellow).bold()));
            }
        } else {
            spans.push(Span::raw("defender"));
            if v.kontra.by == Some(seat) {
                spans.push(Span::styled(", Kontra", Style::new().fg(Color::Yellow).bold()));
            }
        }
        if v.phase == SkatPhase::Playing {
            let i = seat.index();
            let tricks = v.tricks_won[i];
            spans.push(Span::raw(format!("  {tricks} trick{}", if tricks == 1 { "" } else { "s" })));
            if v.ramsch {
                spans.push(Span::raw(format!(", {} pts", v.points_won[i])));
            }
        }
        Line::from(spans)
    }

    fn render_table(&self, area: Rect, buf: &mut Buffer) {
        let mut lines: Vec<Line> = Seat::all(3).map(|seat| self.seat_row(seat)).collect();
        if self.table().members() > 3 {
            // At four the dealer sits out; his line stands where the
            // blank below the seats would be.
            let dealer = self.table().dealer();
            let text = if dealer == self.me() {
                "  You deal and sit out: you watch.".to_owned()
            } else {
                format!("  {} deals and sits out.", self.name(dealer))
            };
            lines.push(Line::from(text).style(Style::new().add_modifier(Modifier::DIM | Modifier::ITALIC)));
        } else {
            lines.push(Line::default());
        }
        let v = &self.view;
        let room = usize::from(area.height.saturating_sub(2));
        match v.phase {
            SkatPhase::Bidding => self.bidding_lines(&mut lines),
            SkatPhase::GrandHandOffer => self.grand_hand_lines(&mut lines, room),
            SkatPhase::Passing => self.schieberamsch_lines(&mut lines, room),
            SkatPhase::Discarding if v.ramsch => self.schieberamsch_lines(&mut lines, room),
            SkatPhase::SkatDecision | SkatPhase::Discarding | SkatPhase::Declaring => {
                self.declaration_lines(&mut lines, room)
            }
            SkatPhase::KontraWindow => self.kontra_window_lines(&mut lines, room),
            SkatPhase::Spitze => self.spitze_lines(&mut lines, room),
            SkatPhase::Knocking => self.knocking_lines(&mut lines, room),
            SkatPhase::Schenken => self.gift_lines(&mut lines, room),
            SkatPhase::Playing => self.play_lines(&mut lines),
            SkatPhase::Over => {}
        }
        let title = match v.phase {
            SkatPhase::Bidding => " Bidding ".to_owned(),
            SkatPhase::GrandHandOffer => " Grand Hand or Ramsch ".to_owned(),
            SkatPhase::Passing | SkatPhase::Discarding if v.ramsch => " Schieberamsch · the packet ".to_owned(),
            SkatPhase::KontraWindow => " Kontra? ".to_owned(),
            SkatPhase::Spitze => " Spitze? ".to_owned(),
            SkatPhase::Knocking => " Ramsch · knocking ".to_owned(),
            SkatPhase::Schenken => " Trick play · a gift ".to_owned(),
            SkatPhase::Playing if v.ramsch => " Ramsch · trick play ".to_owned(),
            SkatPhase::Playing => {
                let mut title = format!(" Trick play · {}", v.contract.map(|c| c.to_string()).unwrap_or_default());
                match v.kontra.level {
                    0 => {}
                    1 => title.push_str(" · Kontra"),
                    _ => title.push_str(" · Kontra · Re"),
                }
                title.push(' ');
                title
            }
            _ => " Skat and declaration ".to_owned(),
        };
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(title)).render(area, buf);
    }

    fn bidding_lines(&self, lines: &mut Vec<Line<'static>>) {
        let v = &self.view;
        let auction = &v.auction;
        let highest = match auction.value() {
            0 => "none".to_owned(),
            value => value.to_string(),
        };
        lines.push(Line::from(match auction.stage() {
            AuctionStage::ForehandChoice => {
                format!("Both others passed; {} may play at 18.", self.name_at(Seat::FOREHAND))
            }
            _ => format!(
                "Bidder {} · holder {} · highest {highest}",
                self.name_at(auction.bidder()),
                self.name_at(auction.holder())
            ),
        }));
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let all_pass = if v.rules.pass_out == PassOut::Ramsch { "a Ramsch" } else { "thrown in" };
        match self.bid_turn() {
            Some(BidTurn::Say(_)) => {
                let value = self.chosen_bid().map_or_else(|| "-".to_owned(), |v| v.to_string());
                let keys = if self.extra.confirm_bid.is_some() {
                    " ▶   Enter again: say it   any other key: back"
                } else {
                    " ▶   Enter: say it   p: pass"
                };
                lines.push(Line::from(vec![
                    Span::raw("Your bid:  ◀ "),
                    Span::styled(value, bold.fg(Color::Cyan)),
                    Span::raw(keys),
                ]));
            }
            Some(BidTurn::Answer(value)) => lines.push(Line::from(vec![
                Span::raw(format!("{} says ", self.name_at(auction.bidder()))),
                Span::styled(value.to_string(), bold.fg(Color::Cyan)),
                Span::raw(". Hold it?  y: yes   p: pass"),
            ])),
            Some(BidTurn::PlayAt18) => {
                lines.push(Line::from(format!("Play at 18?  y: play   p: pass ({all_pass})")).style(bold))
            }
            None => lines.extend(self.waiting_line()),
        }
        if !self.sits_out() {
            lines.push(Line::default());
            lines.extend(game_values(v.hand, "your ten cards"));
        }
    }

    /// The label and value column of one choice in [`Model::options`].
    fn option_label(&self, action: SkatAction) -> (String, String) {
        let v = &self.view;
        match (v.phase, action) {
            (_, SkatAction::Declare(contract)) => {
                let value = contract.plain_value(v.hand | v.skat);
                let sign = if contract.null_value().is_some() {
                    "="
                } else if contract.hand {
                    "≈"
                } else {
                    "≥"
                };
                let low = if value < v.bid { " < bid" } else { "" };
                (contract.to_string(), format!("{sign} {value}{low}"))
            }
            (SkatPhase::Passing, SkatAction::TakeSkat) => ("Take the packet, pass two on".to_owned(), String::new()),
            (_, SkatAction::TakeSkat) => ("Pick up the skat".to_owned(), String::new()),
            (_, SkatAction::Push) => ("Push it on unseen".to_owned(), "score ×2".to_owned()),
            (SkatPhase::GrandHandOffer, SkatAction::Pass) => ("Pass (no Grand Hand)".to_owned(), String::new()),
            (SkatPhase::Spitze, SkatAction::Pass) => ("No Spitze".to_owned(), String::new()),
            (_, SkatAction::Spitze) => {
                let card = v.contract.and_then(|c| trumpf_core::skat::spitze_card(c.kind));
                let levels = v.rules.spitze.map_or(1, |s| s.levels);
                (
                    format!("Spitze: take trick 10 with {}", card.map_or_else(String::new, card_text)),
                    format!("+{levels} level"),
                )
            }
            (SkatPhase::Knocking, SkatAction::Pass) => ("No knock".to_owned(), String::new()),
            (_, SkatAction::Knock) => ("Knock: I won't lose".to_owned(), "score ×2".to_owned()),
            (SkatPhase::Schenken, action) => (self.gift_label(action), String::new()),
            (_, SkatAction::Pass) => ("No Kontra".to_owned(), String::new()),
            (_, SkatAction::Kontra) => ("Kontra".to_owned(), "game ×2".to_owned()),
            (_, other) => (other.to_string(), String::new()),
        }
    }

    /// The human's choices as a list, the highlighted one marked ▶.
    fn option_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let options = self.options();
        if options.is_empty() {
            return;
        }
        let rows = room.saturating_sub(lines.len()).max(1);
        let chosen = self.option.min(options.len() - 1);
        let first = chosen.saturating_sub(rows - 1).min(options.len().saturating_sub(rows));
        for (i, &action) in options.iter().enumerate().skip(first).take(rows) {
            let (label, value) = self.option_label(action);
            let style = if i == chosen { Style::new().add_modifier(Modifier::REVERSED) } else { Style::new() };
            let marker = if i == chosen { "▶ " } else { "  " };
            lines.push(Line::from(format!("{marker}{label:<33} {value}")).style(style));
        }
    }

    fn declaration_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let v = &self.view;
        let Some(declarer) = v.declarer else { return };
        if !self.is_me(declarer) {
            let doing = match v.phase {
                SkatPhase::SkatDecision => "decides: skat or hand",
                SkatPhase::Discarding => "picked up the skat and lays away two",
                _ => "declares",
            };
            lines.push(Line::from(format!("{} won at {} and {doing}…", self.name_at(declarer), v.bid)));
            return;
        }
        match v.phase {
            SkatPhase::SkatDecision => {
                lines.push(Line::from(format!("You won at {}. Pick up the skat or play hand:", v.bid)))
            }
            SkatPhase::Discarding => {
                let mut found = vec![Span::raw(format!("You won at {}. The skat held ", v.bid))];
                found.extend(card_spans(hand_order(self.extra.found, None)));
                found.push(Span::raw("."));
                lines.push(Line::from(found));
                lines.push(Line::from("Mark two cards to lay away (Space), then Enter."));
                lines.push(self.marked_line());
                lines.push(Line::default());
                lines.extend(game_values(v.hand, "your twelve cards"));
                return;
            }
            _ => {
                let mut laid = vec![Span::raw("Laid away: ")];
                laid.extend(card_spans(hand_order(v.skat, None)));
                laid.push(Span::raw(format!(". Declare (bid {}):", v.bid)));
                lines.push(Line::from(laid));
            }
        }
        self.option_lines(lines, room);
    }

    fn marked_line(&self) -> Line<'static> {
        let mut marked = vec![Span::raw("Marked: ")];
        marked.extend(card_spans(hand_order(self.extra.marked, None)));
        Line::from(marked)
    }

    /// Before a Ramsch: Grand Hand or pass (variants §2.2).
    fn grand_hand_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let v = &self.view;
        let why = if v.setup.ramsch_round { "Ramsch round" } else { "All three passed" };
        lines.push(Line::from(format!("{why}: a Ramsch is played unless")));
        lines.push(Line::from("somebody plays Grand Hand (forehand first)."));
        if v.is_my_turn() {
            lines.push(Line::from("Your choice:").bold());
            self.option_lines(lines, room);
            lines.push(Line::default());
            lines.extend(game_values(v.hand, "your ten cards"));
        } else {
            lines.extend(self.waiting_line());
        }
    }

    /// The Schieberamsch packet (variants §3).
    fn schieberamsch_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let v = &self.view;
        let rules = &v.rules.ramsch;
        let jacks = if rules.jacks_may_be_pushed { "" } else { " (no jacks)" };
        lines.push(Line::from("The skat goes Forehand → Middlehand → Rearhand."));
        if rules.unseen_push_allowed {
            lines.push(Line::from(format!("Take it and pass two on{jacks}, or push it on")));
            lines.push(Line::from("unseen: every push doubles the score."));
        } else {
            lines.push(Line::from(format!("Each takes it and passes two cards on{jacks}.")));
        }
        if v.pushes > 0 {
            let factor = 1u32 << v.pushes.min(3);
            lines.push(Line::from(format!("Pushed so far: {} (score ×{factor}).", pushes_text(v.pushes))).bold());
        }
        if !v.is_my_turn() {
            lines.extend(self.waiting_line());
            return;
        }
        if v.phase == SkatPhase::Discarding {
            let mut found = vec![Span::raw("You took the packet: ")];
            found.extend(card_spans(hand_order(self.extra.found, None)));
            found.push(Span::raw("."));
            lines.push(Line::from(found));
            lines.push(Line::from(format!("Mark two cards to pass on{jacks}, then Enter.")).bold());
            lines.push(self.marked_line());
        } else {
            lines.push(Line::from("Your turn with the packet:").bold());
            self.option_lines(lines, room);
        }
    }

    /// The words of a gift decision (pub extras §3).
    fn gift_label(&self, action: SkatAction) -> String {
        let v = &self.view;
        let next = match v.contract_played() {
            Some(c) if c.schneider => "schwarz",
            _ => "schneider",
        };
        match (v.gift.step, action) {
            (Some(GiftStep::PartnerAgrees | GiftStep::PartnerRenews), SkatAction::Hold) => {
                "Agree: give it away".to_owned()
            }
            (Some(GiftStep::DeclarerAnswers), SkatAction::Hold) => "Accept the gift (won)".to_owned(),
            (Some(GiftStep::DeclarerAnswers), SkatAction::Pass) => format!("Refuse: play on, {next} announced"),
            (Some(GiftStep::Renew), SkatAction::Schenken) => "Give it again".to_owned(),
            _ => "Play on".to_owned(),
        }
    }

    /// The declarer may announce Spitze (pub extras §2).
    fn spitze_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let v = &self.view;
        if let (Some(contract), Some(declarer)) = (v.contract, v.declarer) {
            lines.push(Line::from(format!("{} plays {contract}.", self.name_at(declarer))).bold());
        }
        if v.is_my_turn() {
            lines.push(Line::from("Spitze: you show your lowest trump and win the last trick with it;"));
            lines.push(Line::from("played earlier or beaten there, the game is lost. y: Spitze, p: no."));
            self.option_lines(lines, room);
        } else {
            lines.extend(self.waiting_line());
        }
    }

    /// Knocking before a Ramsch (pub extras §4).
    fn knocking_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let v = &self.view;
        lines.push(Line::from("Ramsch: each for himself. Every knock doubles the score.").bold());
        let knocks = v.knocked.iter().filter(|&&k| k == Some(true)).count();
        if knocks > 0 {
            lines.push(Line::from(format!("Knocked so far: {knocks} (×{}).", 1u32 << knocks)));
        }
        if v.is_my_turn() {
            lines.push(Line::from("Knock? y: knock (\"I won't lose\"), p: no."));
            self.option_lines(lines, room);
            lines.push(Line::default());
            let mut spans = vec![Span::raw("Your cards: ")];
            spans.extend(card_spans(hand_order(v.hand, None)));
            lines.push(Line::from(spans));
        } else {
            lines.extend(self.waiting_line());
        }
    }

    /// A gift in the first trick (pub extras §3).
    fn gift_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let v = &self.view;
        if let (Some(contract), Some(declarer)) = (v.contract_played(), v.declarer) {
            lines.push(Line::from(format!("{} plays {contract}.", self.name_at(declarer))).bold());
        }
        let offerer = v.gift.offerer.map_or("A defender", |s| self.name_at(s));
        let text = match v.gift.step {
            Some(GiftStep::PartnerAgrees) => format!("{offerer} wants to give the game away. Agree?"),
            Some(GiftStep::DeclarerAnswers) => "The defenders give the game away. Accept?".to_owned(),
            Some(GiftStep::Renew) => format!("The gift was refused. {offerer}: give it again?"),
            Some(GiftStep::PartnerRenews) => format!("{offerer} gives it again. Agree?"),
            None => String::new(),
        };
        lines.push(Line::from(text));
        if v.is_my_turn() {
            self.option_lines(lines, room);
        } else {
            lines.extend(self.waiting_line());
        }
    }

    /// Kontra before the opening lead (variants §5.3, `before_opening_lead`).
    fn kontra_window_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let v = &self.view;
        if let (Some(contract), Some(declarer)) = (v.contract, v.declarer) {
            lines.push(Line::from(format!("{} plays {contract}.", self.name_at(declarer))).bold());
        }
        if v.is_my_turn() {
            lines.push(Line::from("Kontra before the opening lead? k: yes, p: no."));
            self.option_lines(lines, room);
        } else {
            lines.extend(self.waiting_line());
        }
    }

    fn play_lines(&self, lines: &mut Vec<Line<'static>>) {
        let v = &self.view;
        if v.ramsch {
            let mut factors = vec![match v.rules.ramsch.kind {
                RamschKind::Schieberamsch => "Schieberamsch".to_owned(),
                RamschKind::Plain => "Ramsch, skat untouched".to_owned(),
            }];
            if v.pushes > 0 {
                factors.push(format!("{} (×{})", pushes_text(v.pushes), 1u32 << v.pushes.min(3)));
            }
            if v.setup.bock > 1 {
                factors.push(format!("Bock ×{}", v.setup.bock));
            }
            lines.insert(0, Line::from(factors.join(" · ")));
            lines.insert(0, Line::from("Ramsch: each for himself; take few card points!").bold());
            // What each did with the packet, the players after the person
            // included (their choice came after his).
            let packet: Vec<String> = self
                .table()
                .talk()
                .iter()
                .filter_map(|&(seat, said)| {
                    let did = match said {
                        Said::Took => "took",
                        Said::Pushed => "pushed",
                        _ => return None,
                    };
                    let who = if self.is_me(seat) { "You" } else { self.name_at(seat) };
                    Some(format!("{who} {did}"))
                })
                .collect();
            if !packet.is_empty() {
                lines.push(Line::from(format!("The packet: {}.", packet.join(" · "))));
            }
            if !v.skat.is_empty() {
                let mut spans = vec![Span::raw("In the skat (you passed them): ")];
                spans.extend(card_spans(hand_order(v.skat, None)));
                lines.push(Line::from(spans));
            }
        } else if let (Some(contract), Some(declarer)) = (v.contract, v.declarer) {
            let name = self.name_at(declarer);
            let verb = if self.is_me(declarer) { "play" } else { "plays" };
            let how = if v.picked_up { " after picking up the skat" } else { "" };
            let bock = if v.setup.bock > 1 { format!(" · Bock ×{}", v.setup.bock) } else { String::new() };
            lines.insert(0, Line::from(format!("{name} {verb} {contract}{how}{bock}")).bold());
        }
        if let (Some(open), Some(declarer)) = (v.ouvert_hand, v.declarer)
            && !self.is_me(declarer)
        {
            let mut spans = vec![Span::raw(format!("{}'s open hand: ", self.name_at(declarer)))];
            spans.extend(card_spans(hand_order(open, v.contract.map(|c| c.kind))));
            lines.push(Line::from(spans));
        }
        if !v.ramsch && v.declarer.is_some_and(|d| self.is_me(d)) {
            let mut spans = vec![Span::raw("Skat: ")];
            if v.picked_up {
                spans.extend(card_spans(hand_order(v.skat, None)));
                spans.push(Span::raw(" (laid away, yours)"));
            } else {
                spans.push(Span::raw("unseen (hand game), yours at the end"));
            }
            lines.push(Line::from(spans));
        }
        let alert = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
        if self.re_turn() {
            let by = v.kontra.by.map_or("An opponent", |s| self.name_at(s));
            lines.push(Line::from(format!("{by} says Kontra! r: Re (×4)   p: play on (×2)")).style(alert));
        } else if self.legal().contains(&SkatAction::Kontra) {
            lines.push(Line::from("Kontra? k says it before your first card (×2).").style(alert));
        }
        if self.legal().contains(&SkatAction::Schenken) {
            lines.push(Line::from("Hopeless? x gives the game away (your partner must agree).").style(alert));
        }
        if let (Some(card), Some(declarer)) = (v.spitze, v.declarer) {
            let who = if self.is_me(declarer) { "You".to_owned() } else { self.name_at(declarer).to_owned() };
            let fate = if v.played.contains(card) { "played" } else { "shown" };
            lines.push(Line::from(format!("Spitze: {who} must take trick 10 with {} ({fate}).", card_text(card))));
        }
        lines.push(Line::default());
        let names: Vec<&str> = Seat::all(3).map(|seat| self.name_at(seat)).collect();
        let trick_no: u8 = v.tricks_won.iter().sum::<u8>() + 1;
        let null = v.contract.is_some_and(|c| c.kind == GameKind::Null);
        let last = v.last_trick.as_ref().map(|last| {
            let won = points(last.cards.iter().copied().collect());
            // In Null only who took the trick counts, not its points.
            let after = if null { String::new() } else { format!(" +{won}") };
            (&last.cards[..], last.leader.index(), format!("→ {}{after}", self.name_at(last.winner)))
        });
        let to_act = v.to_act.map(Seat::index);
        lines.extend(trick_grid(TRICK_COLUMN, &names, trick_no, (v.trick(), v.leader.index()), to_act, last));
        lines.extend(self.waiting_line());
    }

    fn render_hand(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        if self.sits_out() {
            let lines = vec![
                Line::from(format!(" No cards for you: {} play.", self.players())),
                Line::from(" You watch; n after it starts the next deal.").dim(),
            ];
            Paragraph::new(lines)
                .block(
                    Block::bordered().title(" You deal and sit out this deal ").title_bottom(self.rules_footer(area)),
                )
                .render(area, buf);
            return;
        }
        let hand = self.hand();
        let playing = v.phase == SkatPhase::Playing && v.is_my_turn() && !v.kontra.re_pending;
        let marking = v.phase == SkatPhase::Discarding && v.is_my_turn();
        let legal = v.legal_cards();
        let cursor = matches!(v.phase, SkatPhase::Playing | SkatPhase::Discarding).then_some(self.cursor);
        let playable = if playing { legal } else { CardSet::EMPTY };
        let dimmed: CardSet = hand
            .iter()
            .copied()
            .filter(|&card| (playing && !legal.contains(card)) || (marking && !self.markable(card)))
            .collect();
        let note = if playing {
            " · • playable"
        } else if marking && v.ramsch {
            " · × to pass on"
        } else if marking {
            " · × to lay away"
        } else {
            ""
        };
        let title = format!(" Your hand · {}{note} ", seat_name(v.seat));
        Paragraph::new(marked_card_row(&hand, cursor, playable, dimmed, self.extra.marked))
            .block(Block::bordered().title(title).title_bottom(self.rules_footer(area)))
            .render(area, buf);
    }

    fn render_sheet(&self, area: Rect, buf: &mut Buffer) {
        let record = self.table().record();
        let width = usize::from(area.width.saturating_sub(2));
        let members = self.table().members();
        let cell = sheet_cell(members);
        let short: Vec<String> = self
            .names()
            .iter()
            .map(|n| if n.chars().count() <= cell { n.clone() } else { short_name(n, cell) })
            .collect();
        let mut lines = vec![Line::from(sheet_row("#", "", &short)).bold()];
        let footer = self.sheet_footer(width);
        let room = usize::from(area.height.saturating_sub(2)).saturating_sub(3 + footer.len());
        let deals = record.deals();
        let last = deals.len().saturating_sub(self.extra.sheet_back.min(deals.len().saturating_sub(room)));
        for (i, deal) in deals.iter().enumerate().take(last).skip(last.saturating_sub(room)) {
            lines.push(Line::from(deal_row(i + 1, deal, members)));
        }
        lines.push(Line::from("─".repeat(width)));
        let totals = record.totals();
        let totals: Vec<String> = totals[..members].iter().map(i64::to_string).collect();
        lines.push(Line::from(sheet_row("Σ", "", &totals)).bold());
        lines.extend(footer.into_iter().map(|text| Line::from(text).style(Style::new().fg(Color::Cyan))));
        Paragraph::new(lines).block(Block::bordered().title(" Score sheet ")).render(area, buf);
    }

    /// Below the totals: the list's length, the Pirat phase, the Bock and
    /// Ramsch rounds, what the next deal is, and the sheet's marks.
    fn sheet_footer(&self, width: usize) -> Vec<String> {
        let record = self.table().record();
        let rules = record.rules();
        let table = &rules.table;
        let progress = record.progress();
        let deals = record.deals();
        let pirat = matches!(table.format, MatchFormat::Pirat { .. });
        let ramsch_rounds = pirat || table.bock.is_some_and(|b| b.ramsch_round_after_bock);
        let bock = pirat || table.bock.is_some();
        let mut out = Vec::new();
        match rules.deals {
            Some(n) => out.push(format!("Deals: {} of {n} played", deals.len())),
            // The list goes on until the players stop.
            None if !pirat => out.push("Open list: no last deal".to_owned()),
            None => {}
        }
        if pirat {
            let phase = if self.match_over() {
                "ended".to_owned()
            } else {
                match progress.pirat {
                    PiratPhase::Normal => format!("normal, to {}", 100 * (1 + progress.bock_rounds_started)),
                    PiratPhase::Bock => "Bock round".to_owned(),
                    PiratPhase::Ramsch => "Ramsch round".to_owned(),
                }
            };
            out.push(format!("Pirat: {phase}"));
        }
        let over = self.view.phase == SkatPhase::Over;
        let members = self.table().members() as u32;
        let overlap = table.bock.is_some_and(|b| b.stacking == BockStacking::Overlap);
        // The rounds the deal in progress belongs to (once it is over: the
        // next deal), counted in deals: every member deals once a round.
        let mut ramsch_seen = false;
        let mut running = Vec::new();
        let mut waiting = (0usize, 0usize);
        for (i, round) in progress.rounds.iter().enumerate() {
            let runs = match round {
                _ if !overlap => i == 0,
                Round::Bock { .. } => true,
                Round::Ramsch { .. } => !std::mem::replace(&mut ramsch_seen, true),
            };
            let (kind, left) = match *round {
                Round::Bock { left } => ("Bock", left),
                Round::Ramsch { left } => ("Ramsch", left),
            };
            if runs {
                running.push(format!("{kind} round: deal {} of {members}", members.saturating_sub(left) + 1));
            } else if kind == "Bock" {
                waiting.0 += 1;
            } else {
                waiting.1 += 1;
            }
        }
        if !over && self.table().status() == MatchStatus::Running {
            out.extend(running.iter().cloned());
        }
        if waiting.0 > 0 {
            out.push(format!("Bock rounds to come: {}", waiting.0));
        }
        if waiting.1 > 0 {
            out.push(format!("Ramsch rounds to come: {}", waiting.1));
        }
        let played_bock = (progress.bock_rounds_started as usize).saturating_sub(progress.bock_rounds_pending());
        if bock && played_bock > 0 {
            out.push(format!("Bock rounds played: {played_bock}"));
        }
        let played_ramsch = deals.iter().filter(|d| d.end.setup().ramsch_round).count() / self.table().members();
        if ramsch_rounds && played_ramsch > 0 {
            out.push(format!("Ramsch rounds played: {played_ramsch}"));
        }
        match self.table().status() {
            MatchStatus::Won(m) => out.push(format!("Winner: {}", self.name(m))),
            MatchStatus::Drawn => out.push("Over: no single winner".to_owned()),
            MatchStatus::Running if (bock || ramsch_rounds) && over => {
                let setup = progress.next_setup(table);
                let position = running.first().and_then(|r| r.split_once(": ")).map(|(_, at)| at);
                let next = match (setup.ramsch_round, setup.bock, position) {
                    (true, 1, Some(at)) => format!("Ramsch, {at}"),
                    (true, 1, None) => "Ramsch round".to_owned(),
                    (true, b, _) => format!("Ramsch, Bock ×{b}"),
                    (false, 1, _) => "normal deal".to_owned(),
                    (false, b, Some(at)) if running.len() == 1 => format!("Bock ×{b}, {at}"),
                    (false, b, _) => format!("Bock deal ×{b}"),
                };
                out.push(format!("Next: {next}"));
            }
            MatchStatus::Running => {}
        }
        let mut legend = Vec::new();
        if ramsch_rounds || table.pass_out == PassOut::Ramsch {
            legend.push("R Ramsch");
        }
        if table.kontra.is_some() {
            legend.push("k Kontra r Re");
        }
        if bock {
            legend.push("b Bock");
        }
        out.extend(wrap_joined(legend, " · ", width));
        out.into_iter().map(|text| fit(&text, width)).collect()
    }

    fn render_result(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let mut lines = result_lines(&self.table().itemised().unwrap_or_default(), 2);
        if let (Some(SkatOutcome::Played { .. }), Some(last)) = (v.outcome, v.last_trick) {
            lines.push(last_trick_line("  ", self.name_at(last.leader), last.cards, self.name_at(last.winner)));
        }
        if self.sits_out() {
            lines.push(Line::default());
            lines.push(Line::from("You dealt and sat this deal out.").italic());
        }
        if let Some(result) = self.match_result() {
            lines.push(Line::default());
            lines.push(Line::from(result).style(Style::new().fg(Color::Cyan).bold()));
        }
        let title = format!(" Deal {} · result ", self.table().number());
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title).title_bottom(self.rules_footer(area)))
            .render(area, buf);
    }

    /// What the status line says when the model has nothing to say.
    fn fallback_status(&self) -> String {
        let v = &self.view;
        match v.to_act {
            None => match self.match_result() {
                Some(result) => result,
                None => format!("Deal over. n starts deal {}.", self.table().number() + 1),
            },
            Some(_) if self.re_turn() => {
                let by = v.kontra.by.map_or("An opponent", |s| self.name_at(s));
                format!("{by} said Kontra: answer Re (r) or play on (p).")
            }
            Some(seat) if !self.is_me(seat) => format!("{} is to act.", self.who(seat)),
            Some(_) => match v.phase {
                SkatPhase::Bidding => "Your turn to bid.".into(),
                SkatPhase::GrandHandOffer => "Your turn: play Grand Hand, or pass for the Ramsch.".into(),
                SkatPhase::Passing if v.rules.ramsch.unseen_push_allowed => {
                    "Your turn: take the packet or push it on unseen.".into()
                }
                SkatPhase::Passing => "Your turn: take the packet.".into(),
                SkatPhase::Discarding if v.ramsch => "Your turn: pass two cards on.".into(),
                SkatPhase::KontraWindow => "Your turn: Kontra or not.".into(),
                SkatPhase::SkatDecision => "Your turn: pick up the skat or declare a hand game.".into(),
                SkatPhase::Discarding => "Your turn: lay away two cards.".into(),
                SkatPhase::Declaring => "Your turn: declare your game.".into(),
                _ => "Your turn: play a card (• marks the playable ones).".into(),
            },
        }
    }

    fn help_text(&self) -> String {
        let v = &self.view;
        if self.review_open() {
            return if self.match_over() { REVIEW_HELP_LAST } else { REVIEW_HELP }.to_owned();
        }
        if v.phase == SkatPhase::Over {
            let mut keys = Vec::new();
            if !self.match_over() {
                keys.push("n next deal");
            }
            keys.push("a analysis");
            if self.table().record().deals().len() > 6 {
                keys.push("↑/↓ PgUp/PgDn scroll the sheet");
            }
            keys.extend(["w save", "q quit"]);
            return format!(" {}", keys.join(" · "));
        }
        if self.sits_out() {
            return " you sit out this deal · ↑/↓ PgUp/PgDn scroll the sheet · w save · q quit".to_owned();
        }
        if !v.is_my_turn() {
            return if v.phase == SkatPhase::Playing {
                " ←/→ choose your next card · w save · q quit"
            } else {
                " w save · q quit"
            }
            .to_owned();
        }
        if self.re_turn() {
            return " r Re · p no Re (play on) · ? hint · w save · q quit".to_owned();
        }
        let text = match (v.phase, self.bid_turn()) {
            (SkatPhase::Bidding, Some(BidTurn::Say(_))) => {
                " ←/→ +/- value · PgUp/PgDn ±5 · Enter say · p pass · ? hint · w save · q quit"
            }
            (SkatPhase::Bidding, Some(BidTurn::Answer(_))) => " y/Enter hold · p pass · ? hint · w save · q quit",
            (SkatPhase::Bidding, _) => " y/Enter play at 18 · p pass · ? hint · w save · q quit",
            (SkatPhase::GrandHandOffer, _) => " g Grand Hand · p pass · ↑/↓ Enter choose · ? hint · w save · q quit",
            (SkatPhase::Passing, _) if v.rules.ramsch.unseen_push_allowed => {
                " s take packet · u push unseen · ↑/↓ Enter choose · ? hint · w save · q quit"
            }
            (SkatPhase::Passing, _) => " s/Enter take the packet · ? hint · w save · q quit",
            (SkatPhase::KontraWindow, _) => " k Kontra · p no Kontra · ↑/↓ Enter choose · ? hint · w save · q quit",
            (SkatPhase::SkatDecision, _) => " ↑/↓ choose · Enter take it · s pick up skat · ? hint · w save · q quit",
            (SkatPhase::Declaring, _) => " ↑/↓ choose · Enter declare · ? hint · w save · q quit",
            (SkatPhase::Discarding, _) if v.ramsch => {
                " ←/→ move · Space mark · Enter pass on · Esc unmark · ? hint · w save · q quit"
            }
            (SkatPhase::Discarding, _) => {
                " ←/→ move · Space mark · Enter lay away · Esc unmark · ? hint · w save · q quit"
            }
            (SkatPhase::Spitze, _) => " y Spitze · p no Spitze · ↑/↓ Enter choose · ? hint · w save · q quit",
            (SkatPhase::Knocking, _) => " y knock · p no knock · ↑/↓ Enter choose · ? hint · w save · q quit",
            (SkatPhase::Schenken, _) if v.gift.step == Some(trumpf_core::skat::GiftStep::Renew) => {
                " x give it again · p play on · ↑/↓ Enter choose · ? hint · w save · q quit"
            }
            (SkatPhase::Schenken, _) => " y yes · p no (play on) · ↑/↓ Enter choose · ? hint · w save · q quit",
            _ if self.legal().contains(&SkatAction::Schenken) => {
                " ←/→ move · Enter play · x give the game away · ? hint · w save · q quit"
            }
            _ if self.legal().contains(&SkatAction::Kontra) => {
                " ←/→ move · Tab next playable · Enter play · k Kontra · ? hint · w save · q quit"
            }
            _ => " ←/→ move · Tab next playable · Enter/Space play · ? hint · w save · q quit",
        };
        text.to_owned()
    }
}

/// Width of a member's cell on the score sheet, not counting the space
/// before it: 5 for three members, 4 for four (names are cut to it).
fn sheet_cell(members: usize) -> usize {
    if members > 3 { 4 } else { 5 }
}

/// One line of the score sheet: number, marks, one cell per member.
fn sheet_row(first: &str, tag: &str, cells: &[String]) -> String {
    let width = sheet_cell(cells.len());
    let mut row = format!("{first:>2} {tag:<3}");
    for cell in cells {
        row.push_str(&format!(" {cell:>width$}"));
    }
    row
}

/// A finished deal on the score sheet: the game's symbol (`R` for a
/// Ramsch), `k` Kontra or `r` Re, `b` a Bock deal (`B` ×4), and what each
/// member gained.
fn deal_row(number: usize, deal: &PlayedDeal<SkatGame>, members: usize) -> String {
    let end = &deal.end;
    let bock = match end.setup().bock {
        0 | 1 => ' ',
        2 => 'b',
        _ => 'B',
    };
    let cell = |d: i64| if d == 0 { ".".to_owned() } else { format!("{d:+}") };
    let cells: Vec<String> = deal.scores[..members].iter().map(|&d| cell(d)).collect();
    let number = number.to_string();
    match end.outcome() {
        Some(SkatOutcome::Played { settlement, .. }) => {
            let kontra = match settlement.kontra {
                0 => ' ',
                1 => 'k',
                _ => 'r',
            };
            sheet_row(&number, &format!("{}{kontra}{bock}", kind_symbol(settlement.contract.kind)), &cells)
        }
        Some(SkatOutcome::Ramsch { .. }) => sheet_row(&number, &format!("R {bock}"), &cells),
        Some(SkatOutcome::PassedIn) | None => format!("{number:>2} {:<3} passed in", format!("  {bock}")),
    }
}

/// The symbol of a game type for the score sheet.
fn kind_symbol(kind: GameKind) -> char {
    match kind {
        GameKind::Suit(suit) => suit.symbol(),
        GameKind::Grand => 'G',
        GameKind::Null => 'N',
    }
}

/// What each suit game and Grand is worth if won with no level beyond the
/// game (matadors counted from `cards`, "with" or "without", both raising
/// the value), and how many trumps `cards` hold for it: values, not advice.
/// A heading naming `whose` cards, then one row per game:
/// `  ♥     110  without 10  1 trump`.
fn game_values(cards: CardSet, whose: &str) -> Vec<Line<'static>> {
    let mut lines = vec![Line::from(format!("Worth if won, matadors from {whose}:"))];
    for kind in [
        GameKind::Suit(Suit::Clubs),
        GameKind::Suit(Suit::Spades),
        GameKind::Suit(Suit::Hearts),
        GameKind::Suit(Suit::Diamonds),
        GameKind::Grand,
    ] {
        let value = Contract::pickup(kind).plain_value(cards);
        let matadors = kind.matadors(cards);
        let with = if matadors >= 0 { "with" } else { "without" };
        let held = cards.intersect(kind.trumps()).len();
        let (label, cue) = match kind {
            GameKind::Suit(suit) => (
                Span::styled(format!("{:<6}", suit.symbol()), suit_style(suit)),
                format!("{held} trump{}", if held == 1 { "" } else { "s" }),
            ),
            _ => (Span::raw(format!("{:<6}", "Grand")), format!("{held} jack{}", if held == 1 { "" } else { "s" })),
        };
        let matadors = format!("{with} {}", matadors.unsigned_abs());
        lines.push(Line::from(vec![Span::raw("  "), label, Span::raw(format!("{value:>4}  {matadors:<11} {cue}"))]));
    }
    lines
}
