//! The screen: `impl Widget for &Model`, a pure function of the model.
//!
//! Game state comes from the human's [`SkatView`](trumpf_core::skat::SkatView)
//! in the model and nothing else (while he sits a deal out, the onlooker's:
//! no hand, no skat before the end); the score sheet (the match's finished
//! deals, totals, Bock and Ramsch rounds), the names, the rules and the
//! words said aloud are public.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use trumpf_core::series::{MatchStatus, PiratPhase, PlayedDeal, Round};
use trumpf_core::skat::{
    AuctionStage, Contract, GameKind, Levels, MatchFormat, PassOut, RamschKind, RamschResult, RamschRules,
    RamschScoring, RamschTie, Scoring, Settlement, SkatAction, SkatGame, SkatOutcome, SkatOwner, SkatPhase, points,
};
use trumpf_core::{Card, CardSet, GameView, Rank, Seat, Suit};

use super::common::{marked_card_row, short_name, too_small, trick_grid};
use super::model::{BidTurn, Model, Said, Status};
use super::session::HUMAN;

/// Width of a column of the trick grid.
const TRICK_COLUMN: usize = 9;
/// Width of the score sheet column: three members' columns of six.
const SHEET_WIDTH: u16 = 29;
/// Width of the score sheet column at a four-member table: columns of five,
/// which leaves the table 50 columns at 80, room for a hand of twelve.
const SHEET_WIDTH_4: u16 = 30;
/// Below this the screen only asks for a larger terminal.
const MIN_WIDTH: u16 = 60;
const MIN_HEIGHT: u16 = 16;

/// The spoken name of a Skat seat.
pub fn seat_name(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "Forehand",
        1 => "Middlehand",
        _ => "Rearhand",
    }
}

/// The colour of a suit (the four-colour tournament pack).
pub(super) fn suit_style(suit: Suit) -> Style {
    match suit {
        Suit::Clubs => Style::new(),
        Suit::Spades => Style::new().fg(Color::Green),
        Suit::Hearts => Style::new().fg(Color::Red),
        Suit::Diamonds => Style::new().fg(Color::Yellow),
    }
}

/// A card as a suit symbol and its rank: `♣J`, `♥10`; Spidge's jokers are
/// `★1` and `★2`.
pub fn card_text(card: Card) -> String {
    if card.is_joker() {
        return if card == Card::JOKER_1 { "★1" } else { "★2" }.to_owned();
    }
    let rank = match card.rank() {
        Rank::Ten => "10".to_owned(),
        r => r.letter().to_string(),
    };
    format!("{}{rank}", card.suit().symbol())
}

/// The colour of a card: its suit's, magenta for a joker.
pub(super) fn card_style(card: Card) -> Style {
    if card.is_joker() { Style::new().fg(Color::Magenta) } else { suit_style(card.suit()) }
}

pub(super) fn card_span(card: Card) -> Span<'static> {
    Span::styled(card_text(card), card_style(card).add_modifier(Modifier::BOLD))
}

/// Cards in the given order, separated by spaces.
pub(super) fn card_spans(cards: impl IntoIterator<Item = Card>) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for card in cards {
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.push(card_span(card));
    }
    spans
}

/// The cards of `hand` in the order a player sorts them for `kind` (before
/// the declaration: as for Grand): jacks, then the trump suit, then the
/// other suits, each A 10 K Q 9 8 7; in Null every suit A K Q J 10 9 8 7.
pub fn hand_order(hand: CardSet, kind: Option<GameKind>) -> Vec<Card> {
    let kind = kind.unwrap_or(GameKind::Grand);
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|&card| order_key(card, kind));
    cards
}

fn order_key(card: Card, kind: GameKind) -> (usize, u8) {
    let suit = card.suit().index();
    let rank = card.rank();
    if kind == GameKind::Null {
        let pos = [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten, Rank::Nine, Rank::Eight, Rank::Seven]
            .iter()
            .position(|&r| r == rank);
        return (suit, pos.unwrap_or(8) as u8);
    }
    if rank == Rank::Jack {
        return (0, suit as u8);
    }
    let pos = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Nine, Rank::Eight, Rank::Seven]
        .iter()
        .position(|&r| r == rank)
        .unwrap_or(7) as u8;
    match kind {
        GameKind::Suit(trump) if card.suit() == trump => (1, pos),
        _ => (2 + suit, pos),
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

/// The value of `contract` if won without any level beyond those announced,
/// with matadors counted from `known` (the declarer's cards he can see).
fn plain_value(contract: Contract, known: CardSet) -> u16 {
    if let Some(value) = contract.null_value() {
        return value;
    }
    let levels = Levels {
        matadors: contract.kind.matadors(known).unsigned_abs(),
        hand: contract.hand,
        schneider: contract.schneider,
        schneider_announced: contract.schneider,
        schwarz: contract.schwarz,
        schwarz_announced: contract.schwarz,
        ouvert: contract.ouvert,
    };
    contract.kind.base_value().unwrap_or(0) * levels.multiplier()
}

/// "♣ 36  ♠ 33  ♥ 30  ♦ 27  Grand 72": the plain value of each suit game and
/// Grand with matadors counted from `cards`.
fn reckoning(cards: CardSet) -> Line<'static> {
    let mut spans = Vec::new();
    for kind in [
        GameKind::Suit(Suit::Clubs),
        GameKind::Suit(Suit::Spades),
        GameKind::Suit(Suit::Hearts),
        GameKind::Suit(Suit::Diamonds),
        GameKind::Grand,
    ] {
        let value = plain_value(Contract::pickup(kind), cards);
        let label = match kind {
            GameKind::Suit(suit) => Span::styled(suit.symbol().to_string(), suit_style(suit)),
            _ => Span::raw("Grand"),
        };
        spans.extend([Span::raw("  "), label, Span::raw(format!(" {value}"))]);
    }
    Line::from(spans)
}

/// "FH", "MH", "RH".
fn seat_short(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "FH",
        1 => "MH",
        _ => "RH",
    }
}

/// `text` cut to `width` characters, with "…" when cut.
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// "1 push", "2 pushes".
fn pushes_text(pushes: u8) -> String {
    format!("{pushes} push{}", if pushes == 1 { "" } else { "es" })
}

impl Widget for &Model {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
            return;
        }
        // A long message (a save that could not be ISS, the rules at the
        // start) takes a second line rather than being cut.
        let status_line = self.status_line();
        let status_rows = if status_line.width() > usize::from(area.width) { 2 } else { 1 };
        let [title, body, status, help] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(status_rows),
            Constraint::Length(1),
        ])
        .areas(area);
        let sheet = if self.names.len() > 3 { SHEET_WIDTH_4 } else { SHEET_WIDTH };
        let [left, right] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(sheet)]).areas(body);
        self.title_line().render(title, buf);
        self.render_sheet(right, buf);
        if self.view.phase == SkatPhase::Over {
            self.render_result(left, buf);
        } else {
            let [table, hand] = Layout::vertical([Constraint::Fill(1), Constraint::Length(4)]).areas(left);
            self.render_table(table, buf);
            self.render_hand(hand, buf);
        }
        Paragraph::new(status_line).wrap(Wrap { trim: true }).render(status, buf);
        Line::from(self.help_text()).style(Style::new().add_modifier(Modifier::DIM)).render(help, buf);
    }
}

impl Model {
    fn title_line(&self) -> Line<'static> {
        let session = self.session();
        let dealer = if session.dealer() == HUMAN { ", dealer" } else { "" };
        let preset = self.rules.split(" · ").next().unwrap_or_default();
        let mut text = format!(" trumpf Skat · {preset} · deal {}", session.number());
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
        text.push_str(&format!(" · {you} · seed {}", session.seed()));
        Line::from(text).style(Style::new().fg(Color::White).bg(Color::Blue).add_modifier(Modifier::BOLD))
    }

    /// The rules in force, for the bottom border of the left panel.
    fn rules_footer(&self, area: Rect) -> Line<'static> {
        // The border's corners take two columns, the spaces around the text two.
        let room = usize::from(area.width.saturating_sub(4));
        Line::from(format!(" {} ", fit(&self.rules, room))).style(Style::new().fg(Color::Cyan))
    }

    /// What `seat` said aloud that `keep` selects, in order.
    fn words(&self, seat: Seat, keep: impl Fn(Said) -> bool) -> Vec<String> {
        self.said.iter().filter(|&&(s, w)| s == seat && keep(w)).map(|&(_, w)| w.text()).collect()
    }

    fn seat_row(&self, seat: Seat) -> Line<'static> {
        let v = &self.view;
        let marker = if v.to_act == Some(seat) { "▶ " } else { "  " };
        let mut spans = vec![
            Span::raw(marker),
            Span::styled(format!("{:<6}", self.name_at(seat)), Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(format!("{:<11}", seat_name(seat))),
        ];
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
        if self.names.len() > 3 {
            // At four the dealer sits out; his line stands where the
            // blank below the seats would be.
            let dealer = self.session().dealer();
            let text = if dealer == HUMAN {
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
            SkatPhase::Playing => self.play_lines(&mut lines),
            SkatPhase::Over => {}
        }
        let title = match v.phase {
            SkatPhase::Bidding => " Bidding ".to_owned(),
            SkatPhase::GrandHandOffer => " Grand Hand or Ramsch ".to_owned(),
            SkatPhase::Passing | SkatPhase::Discarding if v.ramsch => " Schieberamsch · the packet ".to_owned(),
            SkatPhase::KontraWindow => " Kontra? ".to_owned(),
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

    fn waiting_line(&self) -> Option<Line<'static>> {
        let seat = self.view.to_act?;
        (!self.is_me(seat)).then(|| Line::from(format!("Waiting for {}…", self.who(seat))).italic())
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
                lines.push(Line::from(vec![
                    Span::raw("Your bid:  ◀ "),
                    Span::styled(value, bold.fg(Color::Cyan)),
                    Span::raw(" ▶   Enter: say it   p: pass"),
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
            lines.push(Line::from("Your plain game values (matadors + game):"));
            lines.push(reckoning(v.hand));
        }
    }

    /// The label and value column of one choice in [`Model::options`].
    fn option_label(&self, action: SkatAction) -> (String, String) {
        let v = &self.view;
        match (v.phase, action) {
            (_, SkatAction::Declare(contract)) => {
                let value = plain_value(contract, v.hand | v.skat);
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
                found.extend(card_spans(hand_order(self.found, None)));
                found.push(Span::raw("."));
                lines.push(Line::from(found));
                lines.push(Line::from("Mark two cards to lay away (Space), then Enter."));
                lines.push(self.marked_line());
                lines.push(Line::default());
                lines.push(Line::from("Plain values of your twelve cards:"));
                lines.push(reckoning(v.hand));
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
        marked.extend(card_spans(hand_order(self.marked, None)));
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
            lines.push(Line::from("Your plain game values:"));
            lines.push(reckoning(v.hand));
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
            found.extend(card_spans(hand_order(self.found, None)));
            found.push(Span::raw("."));
            lines.push(Line::from(found));
            lines.push(Line::from(format!("Mark two cards to pass on{jacks}, then Enter.")).bold());
            lines.push(self.marked_line());
        } else {
            lines.push(Line::from("Your turn with the packet:").bold());
            self.option_lines(lines, room);
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
        lines.push(Line::default());
        let names: Vec<&str> = Seat::all(3).map(|seat| self.name_at(seat)).collect();
        let trick_no: u8 = v.tricks_won.iter().sum::<u8>() + 1;
        let last = v.last_trick.as_ref().map(|last| {
            let won = points(last.cards.iter().copied().collect());
            (&last.cards[..], last.leader.index(), format!("→ {} +{won}", self.name_at(last.winner)))
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
        Paragraph::new(marked_card_row(&hand, cursor, playable, dimmed, self.marked))
            .block(Block::bordered().title(title).title_bottom(self.rules_footer(area)))
            .render(area, buf);
    }

    fn render_sheet(&self, area: Rect, buf: &mut Buffer) {
        let record = self.session().record();
        let width = usize::from(area.width.saturating_sub(2));
        let members = self.names.len();
        let cell = sheet_cell(members);
        let short: Vec<String> = self
            .names
            .iter()
            .map(|n| if n.chars().count() <= cell { n.clone() } else { short_name(n, cell) })
            .collect();
        let mut lines = vec![Line::from(sheet_row("#", "", &short)).bold()];
        let footer = self.sheet_footer(width);
        let room = usize::from(area.height.saturating_sub(2)).saturating_sub(3 + footer.len());
        let deals = record.deals();
        let last = deals.len().saturating_sub(self.sheet_back.min(deals.len().saturating_sub(room)));
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
        let record = self.session().record();
        let rules = record.rules();
        let table = &rules.table;
        let progress = record.progress();
        let deals = record.deals();
        let pirat = matches!(table.format, MatchFormat::Pirat { .. });
        let ramsch_rounds = pirat || table.bock.is_some_and(|b| b.ramsch_round_after_bock);
        let bock = pirat || table.bock.is_some();
        let mut out = Vec::new();
        if let Some(n) = rules.deals {
            out.push(format!("Deals: {} of {n} played", deals.len()));
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
        if bock {
            let pending = progress.bock_rounds_pending();
            let played = (progress.bock_rounds_started as usize).saturating_sub(pending);
            out.push(format!("Bock: {pending} to play, {played} played"));
        }
        if ramsch_rounds {
            let pending = progress.rounds.iter().filter(|r| matches!(r, Round::Ramsch { .. })).count();
            let played = deals.iter().filter(|d| d.end.setup().ramsch_round).count() / self.names.len();
            out.push(format!("Ramsch: {pending} to play, {played} played"));
        }
        match self.session().status() {
            MatchStatus::Won(m) => out.push(format!("Winner: {}", self.name(m))),
            MatchStatus::Drawn => out.push("Over: no single winner".to_owned()),
            MatchStatus::Running if (bock || ramsch_rounds) && self.view.phase == SkatPhase::Over => {
                let setup = progress.next_setup(table);
                let next = match (setup.ramsch_round, setup.bock) {
                    (true, 1) => "Ramsch round".to_owned(),
                    (true, b) => format!("Ramsch round, Bock ×{b}"),
                    (false, 1) => "normal deal".to_owned(),
                    (false, b) => format!("Bock deal ×{b}"),
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
        let mut line = String::new();
        for item in legend {
            if !line.is_empty() && line.chars().count() + 3 + item.chars().count() > width {
                out.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push_str(" · ");
            }
            line.push_str(item);
        }
        if !line.is_empty() {
            out.push(line);
        }
        out.into_iter().map(|text| fit(&text, width)).collect()
    }

    fn render_result(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let mut lines = match v.outcome {
            Some(SkatOutcome::Played { declarer, settlement }) => {
                let mut lines = result_lines(&self.who(declarer), &settlement, v.skat, v.dealt_skat, v.picked_up);
                if settlement.kontra > 0 {
                    let by = v.kontra.by.map_or("an opponent", |s| self.name_at(s));
                    let re =
                        if settlement.kontra > 1 { format!(", Re: {}", self.name_at(declarer)) } else { String::new() };
                    lines.insert(2, Line::from(format!("  Kontra: {by}{re}")).style(Style::new().fg(Color::Yellow)));
                }
                if v.rules.scoring == Scoring::SeegerFabian {
                    let note = if settlement.won {
                        "  Seeger–Fabian: +50 for the declarer".to_owned()
                    } else {
                        if v.rules.table_size == 4 {
                            "  Seeger–Fabian: −50, +30 to the other three".to_owned()
                        } else {
                            "  Seeger–Fabian: −50, +40 to each other member".to_owned()
                        }
                    };
                    lines.push(Line::from(note));
                }
                if let Some(last) = v.last_trick {
                    let mut spans = vec![Span::raw(format!("  last trick ({} led): ", self.name_at(last.leader)))];
                    spans.extend(card_spans(last.cards));
                    spans.push(Span::raw(format!(" → {}", self.name_at(last.winner))));
                    lines.push(Line::from(spans));
                }
                lines
            }
            Some(SkatOutcome::PassedIn) => vec![
                Line::from("All three passed: the deal is thrown in.").bold(),
                Line::from("No score; the deal counts and the deal passes on."),
            ],
            Some(SkatOutcome::Ramsch { result }) => {
                let labels: [String; 3] =
                    std::array::from_fn(|i| Seat::new(i).map_or_else(String::new, |s| self.seat_label(s)));
                ramsch_lines(&result, &v.rules.ramsch, &labels, v.skat, v.dealt_skat)
            }
            None => Vec::new(),
        };
        if self.sits_out() {
            lines.push(Line::default());
            lines.push(Line::from("You dealt and sat this deal out.").italic());
        }
        if let Some(result) = self.match_result() {
            lines.push(Line::default());
            lines.push(Line::from(result).style(Style::new().fg(Color::Cyan).bold()));
        }
        let title = format!(" Deal {} · result ", self.session().number());
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title).title_bottom(self.rules_footer(area)))
            .render(area, buf);
    }

    /// "Bot 1 (MH)".
    fn seat_label(&self, seat: Seat) -> String {
        format!("{} ({})", self.name_at(seat), seat_short(seat))
    }

    fn status_line(&self) -> Line<'static> {
        if let Some(status) = &self.status {
            return match status {
                Status::Info(text) => Line::from(text.clone()).style(Style::new().fg(Color::Cyan)),
                Status::Error(text) => Line::from(text.clone()).style(Style::new().fg(Color::Red).bold()),
            };
        }
        let v = &self.view;
        let text = match v.to_act {
            None => match self.match_result() {
                Some(result) => result,
                None => format!("Deal over. n starts deal {}.", self.session().number() + 1),
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
        };
        Line::from(text)
    }

    fn help_text(&self) -> String {
        let v = &self.view;
        if v.phase == SkatPhase::Over {
            let mut keys = Vec::new();
            if !self.match_over() {
                keys.push("n next deal");
            }
            if self.session().record().deals().len() > 6 {
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
            return " r Re · p no Re (play on) · w save · q quit".to_owned();
        }
        let text = match (v.phase, self.bid_turn()) {
            (SkatPhase::Bidding, Some(BidTurn::Say(_))) => {
                " ←/→ or +/- value · PgUp/PgDn ±5 · Enter say · p pass · w save · q quit"
            }
            (SkatPhase::Bidding, Some(BidTurn::Answer(_))) => " y/Enter hold · p pass · w save · q quit",
            (SkatPhase::Bidding, _) => " y/Enter play at 18 · p pass · w save · q quit",
            (SkatPhase::GrandHandOffer, _) => " g Grand Hand · p pass · ↑/↓ Enter choose · w save · q quit",
            (SkatPhase::Passing, _) if v.rules.ramsch.unseen_push_allowed => {
                " s take the packet · u push unseen · ↑/↓ Enter choose · w save · q quit"
            }
            (SkatPhase::Passing, _) => " s/Enter take the packet · w save · q quit",
            (SkatPhase::KontraWindow, _) => " k Kontra · p no Kontra · ↑/↓ Enter choose · w save · q quit",
            (SkatPhase::SkatDecision, _) => " ↑/↓ choose · Enter take it · s pick up skat · w save · q quit",
            (SkatPhase::Declaring, _) => " ↑/↓ choose · Enter declare · w save · q quit",
            (SkatPhase::Discarding, _) if v.ramsch => {
                " ←/→ move · Space mark · Enter pass on · Esc unmark · w save · q quit"
            }
            (SkatPhase::Discarding, _) => " ←/→ move · Space mark · Enter lay away · Esc unmark · w save · q quit",
            _ if self.legal().contains(&SkatAction::Kontra) => {
                " ←/→ move · Tab next playable · Enter play · k Kontra · w save · q quit"
            }
            _ => " ←/→ move · Tab next playable · Enter/Space play · w save · q quit",
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

/// The factors of a Ramsch score in words: " × 4 (2 pushes) × 2 (Jungfrau)
/// × 2 (Bock)" (variants §2.6–§2.7).
fn ramsch_factors(r: &RamschResult, rules: &RamschRules) -> String {
    let mut out = String::new();
    let points = rules.scoring == RamschScoring::Points;
    if points && r.play.pushes > 0 {
        out.push_str(&format!(" × {} ({})", 1u32 << r.play.pushes.min(3), pushes_text(r.play.pushes)));
    }
    if points && r.durchmarsch.is_none() && rules.jungfrau_doubles && r.jungfrauen > 0 {
        out.push_str(" × 2 (Jungfrau)");
    }
    if r.play.bock > 1 {
        out.push_str(&format!(" × {} (Bock)", r.play.bock));
    }
    out
}

/// The itemised result of a Ramsch: each player's tricks and card points,
/// the skat and who was credited it, the loser(s) and the tie rule used,
/// Jungfrau, pushes, Bock, Durchmarsch, and each score worked out.
/// `labels` name the seats ("You (FH)").
pub fn ramsch_lines(
    r: &RamschResult,
    rules: &RamschRules,
    labels: &[String; 3],
    skat: CardSet,
    dealt_skat: CardSet,
) -> Vec<Line<'static>> {
    let seats = [Seat::FOREHAND, Seat::MIDDLEHAND, Seat::REARHAND];
    let name = |s: Seat| labels[s.index()].clone();
    let losers: Vec<Seat> = seats.into_iter().filter(|s| r.losers[s.index()]).collect();
    let list = |of: &[Seat]| of.iter().map(|&s| name(s)).collect::<Vec<_>>().join(" and ");
    let (heading, colour) = match r.durchmarsch {
        Some(winner) => (format!("Ramsch — Durchmarsch: {} took every trick", name(winner)), Color::Green),
        None => {
            let verb = if losers.len() == 1 { "loses" } else { "lose" };
            (format!("Ramsch — {} {verb}", list(&losers)), Color::Red)
        }
    };
    let mut kind = vec![match rules.kind {
        RamschKind::Schieberamsch => "Schieberamsch".to_owned(),
        RamschKind::Plain => "Ramsch (skat untouched)".to_owned(),
    }];
    if r.play.pushes > 0 {
        kind.push(format!("pushed unseen: {} (×2 each)", pushes_text(r.play.pushes)));
    }
    if r.play.bock > 1 {
        kind.push(format!("Bock ×{}", r.play.bock));
    }
    if rules.scoring == RamschScoring::Fixed {
        kind.push("fixed tariff".to_owned());
    }
    let mut lines = vec![
        Line::from(heading).style(Style::new().fg(colour).add_modifier(Modifier::BOLD)),
        Line::from(kind.join(" · ")).bold(),
        Line::from(format!("  {:<12}{:>6}{:>7}{:>5}{:>6}{:>7}", "", "tricks", "points", "skat", "total", "score"))
            .bold(),
    ];
    let dot = |text: String, show: bool| if show { text } else { ".".to_owned() };
    for s in seats {
        let i = s.index();
        lines.push(Line::from(format!(
            "  {:<12}{:>6}{:>7}{:>5}{:>6}{:>7}",
            name(s),
            r.play.tricks[i],
            r.play.trick_points[i],
            dot(format!("+{}", r.play.skat_points), r.skat_to[i]),
            r.totals[i],
            dot(format!("{:+}", r.scores[i]), r.scores[i] != 0),
        )));
    }
    let credited: Vec<Seat> = seats.into_iter().filter(|s| r.skat_to[s.index()]).collect();
    let mut spans = vec![Span::raw("  skat ")];
    spans.extend(card_spans(hand_order(skat, None)));
    spans.push(Span::raw(format!(" ({})", r.play.skat_points)));
    spans.push(Span::raw(match (credited.is_empty(), rules.skat_owner) {
        (true, _) => " (not counted)".to_owned(),
        (false, SkatOwner::LastTrick) => format!(" → {}, last trick", list(&credited)),
        (false, SkatOwner::Loser) if credited.len() > 1 => format!(" → {}, the losers", list(&credited)),
        (false, SkatOwner::Loser) => format!(" → {}, the loser", list(&credited)),
    }));
    lines.push(Line::from(spans));
    if !dealt_skat.is_empty() && dealt_skat != skat {
        let mut spans = vec![Span::raw("  dealt skat: ")];
        spans.extend(card_spans(hand_order(dealt_skat, None)));
        lines.push(Line::from(spans));
    }
    let factors = ramsch_factors(r, rules);
    if let Some(winner) = r.durchmarsch {
        let score = r.scores[winner.index()];
        let worked =
            if factors.is_empty() { format!("120 → {score:+}") } else { format!("120{factors} = {score:+}") };
        lines.push(Line::from(format!("  Durchmarsch: {}: {worked}", name(winner))).bold());
        return lines;
    }
    // Who had the most points when the loser was found: with the skat to
    // the last trick's winner after crediting it, with the skat to the
    // loser on trick points alone (§2.4).
    let ranked = |s: Seat| match rules.skat_owner {
        SkatOwner::LastTrick => r.totals[s.index()],
        SkatOwner::Loser => r.play.trick_points[s.index()],
    };
    let most = seats.iter().map(|&s| ranked(s)).max().unwrap_or(0);
    let tied: Vec<Seat> = seats.into_iter().filter(|&s| ranked(s) == most).collect();
    lines.push(Line::from(if tied.len() == 1 {
        format!("  loser: most points ({most})")
    } else {
        match rules.tie {
            RamschTie::AllLoseFull => format!("  tie at {most}: all tied players lose in full"),
            RamschTie::Split => format!("  tie at {most}: the tied players split the loss"),
            RamschTie::LatestTrickLoses => format!("  tie at {most}: who won the later trick loses"),
        }
    }));
    let virgins: Vec<Seat> =
        seats.into_iter().filter(|s| !r.losers[s.index()] && r.play.tricks[s.index()] == 0).collect();
    if !virgins.is_empty() {
        let verb = if virgins.len() == 1 { "took" } else { "each took" };
        lines.push(Line::from(format!("  Jungfrau: {} {verb} no trick", list(&virgins))));
    }
    let share = if rules.tie == RamschTie::Split { losers.len() } else { 1 };
    for &s in &losers {
        let i = s.index();
        let score = r.scores[i];
        let worked = match rules.scoring {
            RamschScoring::Fixed => {
                let (base, why) = match r.jungfrauen {
                    0 => (10, "no Jungfrau"),
                    1 => (15, "one Jungfrau"),
                    _ => (20, "two Jungfrauen"),
                };
                format!("fixed {base} ({why}){factors}")
            }
            RamschScoring::Points => format!("{}{factors}", r.totals[i]),
        };
        let amount = match rules.scoring {
            RamschScoring::Fixed => i64::from(r.multiplier) * [10, 15, 20][usize::from(r.jungfrauen.min(2))],
            RamschScoring::Points => i64::from(r.totals[i]) * i64::from(r.multiplier),
        };
        let text = if share > 1 && factors.is_empty() {
            format!("{worked}, split {share} ways → {score:+}")
        } else if share > 1 {
            format!("{worked} = {amount}, split {share} ways → {score:+}")
        } else if factors.is_empty() && rules.scoring == RamschScoring::Points {
            format!("{worked} → {score:+}")
        } else {
            format!("{worked} = {score:+}")
        };
        lines.push(Line::from(format!("  {}: {text}", name(s))).bold());
    }
    lines
}
/// The itemised result of a played game.
pub fn result_lines(
    declarer: &str,
    s: &Settlement,
    skat: CardSet,
    dealt_skat: CardSet,
    picked_up: bool,
) -> Vec<Line<'static>> {
    let verdict = if s.won { "WON" } else { "LOST" };
    let colour = if s.won { Color::Green } else { Color::Red };
    let mut lines = vec![
        Line::from(format!("{declarer} — {verdict}")).style(Style::new().fg(colour).add_modifier(Modifier::BOLD)),
        Line::from(format!("{}, bid {}", s.contract, s.bid)).bold(),
    ];
    let item =
        |label: &str, add: u16, total: u16| Line::from(format!("  {label:<24}{:>4} = {total:>2}", format!("+{add}")));
    if let Some(value) = s.contract.null_value() {
        lines.push(Line::from(format!("  {}: fixed value {value}", s.contract)));
    } else {
        let n = u16::from(s.levels.matadors);
        let with = if s.matadors > 0 { "with" } else { "without" };
        lines.push(item(&format!("{with} {n}"), n, n));
        let mut total = n + 1;
        lines.push(item("game", 1, total));
        let l = &s.levels;
        for (counted, label) in [
            (l.hand, "hand"),
            (l.schneider, "schneider"),
            (l.schneider_announced, "schneider announced"),
            (l.schwarz, "schwarz"),
            (l.schwarz_announced, "schwarz announced"),
            (l.ouvert, "ouvert"),
        ] {
            if counted {
                total += 1;
                lines.push(item(label, 1, total));
            }
        }
        let base = s.base();
        let multiplier = s.levels.multiplier();
        lines.push(Line::from(format!(
            "  {}: base {base} × multiplier {multiplier} = {}",
            s.contract.kind, s.computed_value
        )));
    }
    if s.overbid {
        let base = s.contract.kind.base_value().unwrap_or(23);
        lines.push(
            Line::from(format!(
                "  overbid: {} < bid {} → charged {base} × {} = {}",
                s.computed_value,
                s.bid,
                s.value / base,
                s.value
            ))
            .style(Style::new().fg(Color::Red)),
        );
    }
    if s.factor() > 1 {
        let mut worked = s.value.to_string();
        match s.kontra {
            0 => {}
            1 => worked.push_str(" × 2 (Kontra)"),
            _ => worked.push_str(" × 4 (Kontra, Re)"),
        }
        if s.bock > 1 {
            worked.push_str(&format!(" × {} (Bock)", s.bock));
        }
        lines.push(Line::from(format!("  {worked} = {}", s.doubled_value())).style(Style::new().fg(Color::Yellow)));
    }
    for reason in loss_reasons(s) {
        lines.push(Line::from(format!("  lost: {reason}")).style(Style::new().fg(Color::Red)));
    }
    let d = s.tally.declarer_points;
    lines.push(Line::from(format!("  {:<22}{:>9}{:>11}", "", "declarer", "defenders")).bold());
    if s.contract.kind != GameKind::Null {
        lines.push(Line::from(format!("  {:<22}{d:>9}{:>11}", "card points", 120 - u16::from(d))));
    }
    let t = s.tally;
    lines.push(Line::from(format!("  {:<22}{:>9}{:>11}", "tricks", t.declarer_tricks, t.defender_tricks)));
    let how = if s.won {
        String::new()
    } else if s.score == -2 * s.doubled_value() {
        " (a lost game counts double)".to_owned()
    } else {
        " (a lost hand game counts single: house rule)".to_owned()
    };
    lines.push(Line::from(format!("  score: {:+}{how}", s.score)).bold());
    let mut spans = vec![Span::raw(format!("  skat ({} points): ", points(skat)))];
    if picked_up {
        spans.extend(card_spans(hand_order(skat, None)));
        spans.push(Span::raw(" laid away"));
        lines.push(Line::from(spans));
        spans = vec![Span::raw("  found in the skat: ")];
        spans.extend(card_spans(hand_order(dealt_skat, None)));
    } else {
        spans.extend(card_spans(hand_order(skat, None)));
        spans.push(Span::raw(" (hand game: untouched)"));
    }
    lines.push(Line::from(spans));
    lines
}

/// Why a game was lost besides an overbid (`skat.md` §7), in words.
fn loss_reasons(s: &Settlement) -> Vec<String> {
    let mut reasons = Vec::new();
    if s.won {
        return reasons;
    }
    let t = s.tally;
    if s.contract.kind == GameKind::Null {
        if t.declarer_tricks > 0 {
            reasons.push("the declarer took a trick".to_owned());
        }
        return reasons;
    }
    if s.contract.schwarz && t.defender_tricks > 0 {
        // The play stopped at the defenders' first trick; the points tell nothing.
        reasons.push("schwarz announced, defenders took a trick".to_owned());
        return reasons;
    }
    let d = t.declarer_points;
    if d <= 60 {
        reasons.push(format!("{d} card points, 61 needed"));
    }
    if s.contract.schneider && d < 90 {
        reasons.push(format!("schneider announced, only {d} points"));
    }
    reasons
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use trumpf_core::Card;
    use trumpf_core::series::SkatMatchRules;
    use trumpf_core::skat::{Doubling, PlayTally, RamschPlay, SkatRules, settle, settle_ramsch, settle_with};

    /// The text of a buffer, one string per row.
    pub fn rows(buf: &Buffer) -> Vec<String> {
        let width = usize::from(buf.area.width);
        buf.content().chunks(width).map(|row| row.iter().map(|c| c.symbol()).collect()).collect()
    }

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    /// The lines rendered 49 wide and wrapped (the result panel at 80
    /// columns), with runs of spaces collapsed to one.
    fn render_lines(lines: Vec<Line<'static>>) -> String {
        let area = Rect::new(0, 0, 49, 24);
        let mut buf = Buffer::empty(area);
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(area, &mut buf);
        rows(&buf).iter().map(|row| squeeze(row)).collect::<Vec<_>>().join("\n")
    }

    pub fn squeeze(text: &str) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn hands_sort_trumps_first_for_the_game_in_play() {
        let hand = cards("CJ HJ DA DT D7 HA H7 CT SK S7");
        let text = |kind| hand_order(hand, kind).iter().map(|&c| c.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(text(None), "CJ HJ CT SK S7 HA H7 DA DT D7");
        assert_eq!(text(Some(GameKind::Suit(Suit::Diamonds))), "CJ HJ DA DT D7 CT SK S7 HA H7");
        assert_eq!(text(Some(GameKind::Null)), "CJ CT SK S7 HA HJ H7 DA DT D7");
    }

    #[test]
    fn the_result_itemises_rules_example_1() {
        // skat.md §13 row 1: Clubs with 2, picked up, D = 75: 3 × 12 = 36, +36.
        let rules = SkatRules::default();
        let tally = PlayTally { declarer_points: 75, declarer_tricks: 6, defender_tricks: 4 };
        let s = settle(Contract::pickup(GameKind::Suit(Suit::Clubs)), 30, 2, tally, &rules);
        let text = render_lines(result_lines("Bot 1 (Middlehand)", &s, cards("H7 D7"), cards("SJ HA"), true));
        for expected in [
            "Bot 1 (Middlehand) — WON",
            "Clubs, bid 30",
            "with 2",
            "+2 = 2",
            "game",
            "+1 = 3",
            "Clubs: base 12 × multiplier 3 = 36",
            "declarer defenders",
            "card points 75 45",
            "tricks 6 4",
            "score: +36",
            "skat (0 points): ♥7 ♦7 laid away",
            "found in the skat: ♠J ♥A",
        ] {
            assert!(text.contains(expected), "{expected:?} missing in\n{text}");
        }
        assert!(!text.contains("overbid") && !text.contains("lost"));
    }

    #[test]
    fn the_result_explains_an_overbid_and_a_lost_schneider() {
        // §13 row 5: bid 33, Diamonds with 1, picked up, D = 70: 18 < 33, charged 9 × 4 = 36, −72.
        let rules = SkatRules::default();
        let tally = PlayTally { declarer_points: 70, declarer_tricks: 6, defender_tricks: 4 };
        let s = settle(Contract::pickup(GameKind::Suit(Suit::Diamonds)), 33, 1, tally, &rules);
        let text = render_lines(result_lines("You (Rearhand)", &s, cards("C7 S7"), cards("C7 S7"), true));
        for expected in ["LOST", "with 1", "base 9 × multiplier 2 = 18", "overbid: 18 < bid 33 → charged 9 × 4 = 36"]
        {
            assert!(text.contains(expected), "{expected:?} missing in\n{text}");
        }
        assert!(text.contains("score: -72 (a lost game counts double)"), "{text}");
        // §13 row 10: Clubs Hand Schneider announced, with 1, D = 75: 5 × 12 = 60, −120.
        let contract = Contract { schneider: true, ..Contract::hand(GameKind::Suit(Suit::Clubs)) };
        let tally = PlayTally { declarer_points: 75, declarer_tricks: 7, defender_tricks: 3 };
        let s = settle(contract, 18, 1, tally, &rules);
        let text = render_lines(result_lines("Bot 2 (Forehand)", &s, cards("C7 S7"), cards("C7 S7"), false));
        for expected in [
            "hand",
            "schneider announced",
            "base 12 × multiplier 5 = 60",
            "lost: schneider announced, only 75 points",
            "score: -120",
            "(hand game: untouched)",
        ] {
            assert!(text.contains(expected), "{expected:?} missing in\n{text}");
        }
    }

    #[test]
    fn a_lost_grand_ouvert_fits_the_result_panel() {
        // §13 row 8: Grand Ouvert with 4 = 11 × 24 = 264; the opponents win a trick: −528.
        let contract = Contract { schneider: true, schwarz: true, ouvert: true, ..Contract::hand(GameKind::Grand) };
        let tally = PlayTally { declarer_points: 26, declarer_tricks: 1, defender_tricks: 1 };
        let s = settle(contract, 18, 4, tally, &SkatRules::default());
        let text = render_lines(result_lines("You (Forehand)", &s, cards("C7 S7"), cards("C7 S7"), false));
        for expected in [
            "with 4 +4 = 4",
            "ouvert +1 = 11",
            "Grand: base 24 × multiplier 11 = 264",
            "lost: schwarz announced, defenders took a trick",
            "score: -528 (a lost game counts double)",
            "skat (0 points): ♣7 ♠7 (hand game: untouched)",
        ] {
            assert!(text.contains(expected), "{expected:?} missing in\n{text}");
        }
        assert!(!text.contains("61 needed"), "the play stopped early; the points are no reason");
        // With the last-trick line it fits the 19 rows the panel has in 80×23.
        assert!(text.lines().filter(|l| !l.is_empty()).count() <= 18, "{text}");
    }

    #[test]
    fn a_null_result_has_its_fixed_value() {
        // §13 row 7: Null Hand lost: 35, −70.
        let tally = PlayTally { declarer_points: 0, declarer_tricks: 1, defender_tricks: 2 };
        let s = settle(Contract::hand(GameKind::Null), 23, 0, tally, &SkatRules::default());
        let text = render_lines(result_lines("You (Forehand)", &s, cards("C7 S7"), cards("C7 S7"), false));
        for expected in ["Null Hand: fixed value 35", "lost: the declarer took a trick", "score: -70"] {
            assert!(text.contains(expected), "{expected:?} missing in\n{text}");
        }
        assert!(!text.contains("with"));
    }

    /// The model drawn on a `width` × `height` buffer.
    pub fn screen(model: &Model, width: u16, height: u16) -> Buffer {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        model.render(area, &mut buf);
        buf
    }

    /// The buffer's rows with runs of spaces collapsed, one per line.
    pub fn text(buf: &Buffer) -> String {
        rows(buf).iter().map(|row| squeeze(row)).collect::<Vec<_>>().join("\n")
    }

    use crate::play::common::tests::{check_marks, panel};
    use crate::play::model::tests::{
        ch, feed, human_defends, isko, key, model, passers, play_deals, policy_key, pub_ramsch, pub_rules, session_of,
        started,
    };
    use crate::play::session;
    use crossterm::event::KeyCode;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use trumpf_core::skat::SkatDeal;

    #[test]
    fn the_bidding_screen_shows_the_bid_and_what_was_said() {
        // Deal 2: the human sits in rearhand; middlehand passed, the human says.
        let mut bots = passers();
        let mut m = started(model(session_of(4, isko())), &mut bots);
        play_deals(&mut m, &mut bots, 1, |_| {});
        feed(&mut m, &mut bots, ch('n'));
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| frame.render_widget(&m, frame.area())).unwrap();
        let shown = text(terminal.backend().buffer());
        for expected in ["deal 2", "you: Rearhand, dealer", "Bot 2 Middlehand said pass", "Your bid: ◀ 18 ▶"] {
            assert!(shown.contains(expected), "{expected:?} missing in\n{shown}");
        }
        assert!(shown.contains("Enter say · p pass"), "the help line names the keys");
        feed(&mut m, &mut bots, key(KeyCode::Right));
        assert!(text(&screen(&m, 80, 24)).contains("◀ 20 ▶"));
        // Said: the holder (a passer) passes at once, so the human declares at 20.
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        let shown = text(&screen(&m, 80, 24));
        assert!(shown.contains("▶ You Rearhand declarer, bid 20"), "{shown}");
        assert!(shown.contains("▶ Pick up the skat"), "{shown}");
    }

    #[test]
    fn the_play_screen_marks_the_playable_cards() {
        let mut bots = session::skat_bots(3);
        let mut m = started(model(session_of(5, isko())), &mut bots);
        for _ in 0..5000 {
            let legal = m.view.legal_cards();
            if m.view.phase == SkatPhase::Playing && !legal.is_empty() && legal != m.view.hand {
                let buf = screen(&m, 80, 24);
                let (top, panel_rows) = panel(&buf, "Your hand");
                assert!(panel_rows[0].contains("• playable"));
                // The cursor is on a playable card: every unplayable card has a blank mark.
                assert!(legal.contains(m.hand()[m.cursor]));
                check_marks(&buf, top, &m.hand(), Some(legal), Some(m.cursor));
                let shown = rows(&buf);
                let trick = shown.iter().find(|r| r.contains("│Trick ")).expect("the trick row");
                let led = m.view.trick()[0];
                assert!(trick.contains(&format!("▸{}", card_text(led))), "{trick}");
                return;
            }
            let msg = policy_key(&m);
            feed(&mut m, &mut bots, msg);
        }
        panic!("the human never had to follow suit");
    }

    #[test]
    fn the_result_screen_itemises_a_game_played_through_the_keys() {
        // skat.md §13 row 1's twelve cards, held by the human in forehand:
        // CJ SJ CA CT CK C9 C8 SA ST HA + skat H7 D7, Clubs: "with 2".
        let fh = cards("CJ SJ CA CT CK C9 C8 SA ST HA");
        let skat = cards("H7 D7");
        let rest: Vec<Card> = CardSet::PIQUET_PACK.minus(fh | skat).iter().collect();
        let deal =
            SkatDeal::new([fh, rest[..10].iter().copied().collect(), rest[10..].iter().copied().collect()], skat)
                .unwrap();
        let mut bots = passers();
        let mut m = started(model(session::starting_with(1, isko(), deal)), &mut bots);
        assert!(text(&screen(&m, 80, 24)).contains("Play at 18?"));
        feed(&mut m, &mut bots, ch('y'));
        feed(&mut m, &mut bots, ch('s'));
        assert!(text(&screen(&m, 80, 24)).contains("The skat held ♥7 ♦7."));
        // Grand order: CJ SJ CA CT CK C9 C8 SA ST HA H7 D7 — lay away the last two.
        for msg in [key(KeyCode::End), ch(' '), key(KeyCode::Left), ch(' '), key(KeyCode::Enter)] {
            feed(&mut m, &mut bots, msg);
        }
        assert_eq!(m.view.skat, skat);
        let clubs =
            m.options().iter().position(|a| *a == SkatAction::Declare(Contract::pickup(GameKind::Suit(Suit::Clubs))));
        for _ in 0..clubs.unwrap() {
            feed(&mut m, &mut bots, key(KeyCode::Down));
        }
        assert!(text(&screen(&m, 80, 24)).contains("▶ Clubs ≥ 36"));
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        while m.view.phase == SkatPhase::Playing {
            feed(&mut m, &mut bots, key(KeyCode::Enter));
        }
        let Some(SkatOutcome::Played { settlement, .. }) = m.view.outcome else { panic!("played") };
        let shown = text(&screen(&m, 80, 24));
        let multiplier = settlement.levels.multiplier();
        for expected in [
            "You (Forehand) —".to_owned(),
            "Clubs, bid 18".to_owned(),
            "with 2".to_owned(),
            "game".to_owned(),
            format!("Clubs: base 12 × multiplier {multiplier} = {}", 12 * multiplier),
            format!("score: {:+}", settlement.score),
            "skat (0 points): ♥7 ♦7 laid away".to_owned(),
            "found in the skat: ♥7 ♦7".to_owned(),
        ] {
            assert!(shown.contains(&expected), "{expected:?} missing in\n{shown}");
        }
        assert!(shown.contains(&format!("│ 1 ♣ {:+} . . │", settlement.score)), "{shown}");
    }

    #[test]
    fn no_screen_shows_a_card_the_human_cannot_know() {
        use trumpf_core::GameView as _;
        let mut bots = session::skat_bots(3);
        let mut m = started(model(session_of(31, isko())), &mut bots);
        play_deals(&mut m, &mut bots, 4, |m| {
            let shown = text(&screen(m, 80, 24));
            for card in CardSet::PIQUET_PACK.minus(m.view.visible_cards() | m.found) {
                assert!(!shown.contains(&card_text(card)), "{card} is hidden from the human\n{shown}");
            }
        });
    }

    #[test]
    fn small_terminals_get_a_notice_and_80_by_23_still_shows_the_hand() {
        let mut bots = passers();
        let m = started(model(session_of(4, isko())), &mut bots);
        assert!(text(&screen(&m, 40, 10)).replace('\n', " ").contains("needs a terminal of at least 80×24"));
        let shown = text(&screen(&m, 80, 23));
        assert!(shown.contains("Your hand") && shown.contains("Score sheet") && shown.contains("q quit"));
    }

    #[test]
    fn the_result_itemises_kontra_re_and_bock() {
        // Variants §7 K1 and B1: Clubs with 2 (V 36), lost with Kontra in a
        // Bock deal: 36 × 2 × 2 = 144, lost: −288.
        let rules = SkatRules::PUB;
        let tally = PlayTally { declarer_points: 50, declarer_tricks: 4, defender_tricks: 6 };
        let clubs = Contract::pickup(GameKind::Suit(Suit::Clubs));
        let s = settle_with(clubs, 18, 2, tally, &rules, Doubling { kontra: 1, bock: 2 });
        let text = render_lines(result_lines("Bot 1 (Middlehand)", &s, cards("H7 D7"), cards("H7 D7"), true));
        for expected in [
            "Clubs: base 12 × multiplier 3 = 36",
            "36 × 2 (Kontra) × 2 (Bock) = 144",
            "lost: 50 card points, 61 needed",
            "score: -288 (a lost game counts double)",
        ] {
            assert!(text.contains(expected), "{expected:?} missing in\n{text}");
        }
        // Kontra and Re, won: 36 × 4 = +144.
        let tally = PlayTally { declarer_points: 70, declarer_tricks: 6, defender_tricks: 4 };
        let s = settle_with(clubs, 18, 2, tally, &rules, Doubling { kontra: 2, bock: 1 });
        let text = render_lines(result_lines("You (Forehand)", &s, cards("H7 D7"), cards("H7 D7"), true));
        assert!(text.contains("36 × 4 (Kontra, Re) = 144") && text.contains("score: +144"), "{text}");
        // Without Kontra or Bock there is no factor line.
        let s = settle(clubs, 18, 2, tally, &rules);
        let text = render_lines(result_lines("You (Forehand)", &s, cards("H7 D7"), cards("H7 D7"), true));
        assert!(!text.contains("× 2") && text.contains("score: +36"), "{text}");
    }

    fn labels() -> [String; 3] {
        ["You (FH)".into(), "Bot 1 (MH)".into(), "Bot 2 (RH)".into()]
    }

    /// A Ramsch settled under `rules` and its result panel (skat ♠K ♦10, 14 points).
    fn ramsch_text(play: RamschPlay, rules: RamschRules) -> (RamschResult, String) {
        let r = settle_ramsch(play, &rules);
        (r, render_lines(ramsch_lines(&r, &rules, &labels(), cards("SK DT"), CardSet::EMPTY)))
    }

    fn play(trick_points: [u8; 3], tricks: [u8; 3], latest_trick: [u8; 3]) -> RamschPlay {
        RamschPlay { trick_points, tricks, latest_trick, skat_points: 14, pushes: 0, bock: 1 }
    }

    /// Each of `expected` is in `text`, where a line may wrap.
    fn assert_shows(text: &str, expected: &[&str]) {
        let flat = text.replace('\n', " ");
        for e in expected {
            assert!(flat.contains(e), "{e:?} missing in\n{text}");
        }
    }

    #[test]
    fn the_ramsch_result_itemises_variants_r3() {
        // skat-variants.md §7 R3: skat to the last trick; FH took no trick;
        // MH 55 (won trick 10), RH 51, skat 14: MH 69, Jungfrau ×2 → MH −138.
        let (r, text) = ramsch_text(play([0, 55, 51], [0, 5, 5], [0, 10, 9]), RamschRules::STANDARD);
        assert_eq!(r.scores, [0, -138, 0]);
        assert_shows(
            &text,
            &[
                "Ramsch — Bot 1 (MH) loses",
                "Schieberamsch",
                "tricks points skat total score",
                "You (FH) 0 0 . 0 .",
                "Bot 1 (MH) 5 55 +14 69 -138",
                "Bot 2 (RH) 5 51 . 51 .",
                "skat ♠K ♦10 (14) → Bot 1 (MH), last trick",
                "loser: most points (69)",
                "Jungfrau: You (FH) took no trick",
                "Bot 1 (MH): 69 × 2 (Jungfrau) = -138",
            ],
        );
        // R1 inside a Bock round (R11): RH 35 + 14 = 49, MH 51 → −102.
        let mut bock = play([20, 51, 35], [2, 4, 4], [3, 9, 10]);
        bock.bock = 2;
        let (r, text) = ramsch_text(bock, RamschRules::STANDARD);
        assert_eq!(r.scores, [0, -102, 0]);
        assert_shows(
            &text,
            &["Schieberamsch · Bock ×2", "Bot 1 (MH): 51 × 2 (Bock) = -102", "→ Bot 2 (RH), last trick"],
        );
        assert!(!text.contains("Jungfrau"), "{text}");
    }

    #[test]
    fn the_ramsch_result_names_the_tie_rule_used() {
        // R5: skat to the loser; FH 45, MH 45, RH 16, skat 14: both tied lose 59.
        let loser = RamschRules { skat_owner: SkatOwner::Loser, ..RamschRules::STANDARD };
        let tie = play([45, 45, 16], [4, 4, 2], [9, 10, 5]);
        let (r, text) = ramsch_text(tie, loser);
        assert_eq!(r.scores, [-59, -59, 0]);
        assert_shows(
            &text,
            &[
                "Ramsch — You (FH) and Bot 1 (MH) lose",
                "→ You (FH) and Bot 1 (MH), the losers",
                "tie at 45: all tied players lose in full",
                "You (FH): 59 → -59",
                "Bot 1 (MH): 59 → -59",
            ],
        );
        // R6: the later trick decides; R7: the loss is split, truncated.
        let (r, text) = ramsch_text(tie, RamschRules { tie: RamschTie::LatestTrickLoses, ..loser });
        assert_eq!(r.scores, [0, -59, 0]);
        assert_shows(
            &text,
            &["tie at 45: who won the later trick loses", "Bot 1 (MH): 59 → -59", "→ Bot 1 (MH), the loser"],
        );
        let (r, text) = ramsch_text(tie, RamschRules { tie: RamschTie::Split, ..loser });
        assert_eq!(r.scores, [-29, -29, 0]);
        assert_shows(&text, &["tie at 45: the tied players split the loss", "You (FH): 59, split 2 ways → -29"]);
    }

    #[test]
    fn the_ramsch_result_counts_pushes_durchmarsch_and_the_fixed_tariff() {
        // R8: two unseen pushes, the loser has 60 with the skat: −240.
        let mut pushed = play([46, 30, 30], [4, 3, 3], [10, 8, 9]);
        pushed.pushes = 2;
        let (r, text) = ramsch_text(pushed, RamschRules::STANDARD);
        assert_eq!(r.scores, [-240, 0, 0]);
        assert_shows(&text, &["pushed unseen: 2 pushes (×2 each)", "You (FH): 60 × 4 (2 pushes) = -240"]);
        // R4: all ten tricks win +120; with one push +240.
        let mut durch = play([106, 0, 0], [10, 0, 0], [10, 0, 0]);
        let (r, text) = ramsch_text(durch, RamschRules::STANDARD);
        assert_eq!(r.scores, [120, 0, 0]);
        assert_shows(&text, &["Ramsch — Durchmarsch: You (FH) took every trick", "Durchmarsch: You (FH): 120 → +120"]);
        durch.pushes = 1;
        let (_, text) = ramsch_text(durch, RamschRules::STANDARD);
        assert_shows(&text, &["Durchmarsch: You (FH): 120 × 2 (1 push) = +240"]);
        // R10: the fixed tariff, one Jungfrau: −15.
        let fixed = RamschRules { scoring: RamschScoring::Fixed, ..RamschRules::STANDARD };
        let (r, text) = ramsch_text(play([0, 55, 51], [0, 5, 5], [0, 10, 9]), fixed);
        assert_eq!(r.scores, [0, -15, 0]);
        assert_shows(&text, &["fixed tariff", "Bot 1 (MH): fixed 15 (one Jungfrau) = -15"]);
    }

    #[test]
    fn a_played_ramsch_shows_its_result_and_sheet_line() {
        let (mut m, mut bots) = pub_ramsch(2);
        let shown = text(&screen(&m, 80, 24));
        assert_shows(
            &shown,
            &[
                "Schieberamsch · the packet",
                "▶ Take the packet, pass two on",
                "Push it on unseen score ×2",
                "s take the packet · u push unseen",
                "pub · Ramsch when all pass · Kontra/Re · Bock",
            ],
        );
        feed(&mut m, &mut bots, ch('s'));
        let shown = text(&screen(&m, 80, 24));
        assert_shows(
            &shown,
            &["You took the packet:", "Mark two cards to pass on (no jacks), then Enter.", "× to pass on"],
        );
        while m.view.phase != SkatPhase::Over {
            if m.view.phase == SkatPhase::Playing && m.view.is_my_turn() {
                let shown = text(&screen(&m, 80, 24));
                assert_shows(&shown, &["Ramsch · trick play", "Ramsch: each for himself", "pts"]);
            }
            let msg = policy_key(&m);
            feed(&mut m, &mut bots, msg);
        }
        let Some(SkatOutcome::Ramsch { result }) = m.view.outcome else { panic!("a Ramsch") };
        let shown = text(&screen(&m, 80, 24));
        assert_shows(&shown, &["Ramsch —", "tricks points skat total score", "R Ramsch", "│ 1 R "]);
        let human = m.view.seat.index();
        let cell = |d: i32| if d == 0 { ".".to_owned() } else { format!("{d:+}") };
        assert!(shown.contains(&format!("│ 1 R {} ", cell(result.scores[human]))), "{shown}");
    }

    #[test]
    fn the_grand_hand_offer_has_its_screen_and_key() {
        let rules =
            crate::rules::parse_toml("preset = \"pub\"\nramsch_grand_hand_offer_after_pass_out = true").unwrap();
        let mut bots = passers();
        let mut m = started(model(session_of(2, rules)), &mut bots);
        while m.view.phase == SkatPhase::Bidding {
            feed(&mut m, &mut bots, ch('p'));
        }
        assert_eq!(m.view.phase, SkatPhase::GrandHandOffer);
        let shown = text(&screen(&m, 80, 24));
        assert_shows(
            &shown,
            &[
                "Grand Hand or Ramsch",
                "All three passed: a Ramsch is played unless",
                "somebody plays Grand Hand (forehand first).",
                "▶ Pass (no Grand Hand)",
                "Grand Hand ≈",
                "g Grand Hand · p pass",
                "trumpf Skat · custom · deal 1",
            ],
        );
        feed(&mut m, &mut bots, ch('g'));
        assert_eq!(m.view.contract, Some(Contract::hand(GameKind::Grand)));
        assert_eq!(m.view.declarer, Some(Seat::FOREHAND));
        let shown = text(&screen(&m, 80, 24));
        assert_shows(&shown, &["You Forehand declarer, Grand Hand offer", "You play Grand Hand"]);
    }

    #[test]
    fn the_kontra_key_is_shown_only_when_kontra_is_legal() {
        let (mut m, mut bots) = human_defends();
        let shown = text(&screen(&m, 80, 24));
        assert_shows(&shown, &["k Kontra", "Kontra? k says it before your first card (×2)."]);
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        assert!(m.view.is_my_turn());
        let shown = text(&screen(&m, 80, 24));
        assert!(!shown.contains("· k Kontra ·") && !shown.contains("Kontra?"), "{shown}");
    }

    #[test]
    fn the_kontra_window_before_the_opening_lead_has_its_screen() {
        use crate::play::model::tests::{Kontrarian, Passer};
        let rules = crate::rules::parse_toml("preset = \"pub\"\nkontra_timing = \"before_opening_lead\"").unwrap();
        // Deal 2: the human sits in rearhand; Bot 1 (forehand) plays at 18,
        // Bot 2 (middlehand) lets the window pass, then the human decides.
        let mut bots = session::bots([Box::new(Kontrarian { bids: true }), Box::new(Passer)]);
        let mut m = started(model(session_of(6, rules)), &mut bots);
        play_deals(&mut m, &mut bots, 1, |_| {});
        feed(&mut m, &mut bots, ch('n'));
        while m.view.phase == SkatPhase::Bidding {
            feed(&mut m, &mut bots, ch('p'));
        }
        assert_eq!((m.view.phase, m.view.seat), (SkatPhase::KontraWindow, Seat::REARHAND));
        assert_eq!(m.options(), [SkatAction::Pass, SkatAction::Kontra]);
        let shown = text(&screen(&m, 80, 24));
        assert_shows(
            &shown,
            &[
                "Kontra?",
                "Bot 1 plays",
                "Kontra before the opening lead? k: yes, p: no.",
                "▶ No Kontra",
                "Kontra game ×2",
                "k Kontra · p no Kontra",
            ],
        );
        // ↓ and Enter choose Kontra; Bot 1 declines Re and leads.
        feed(&mut m, &mut bots, key(KeyCode::Down));
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        assert_eq!(m.view.kontra.level, 1);
        assert_eq!(m.view.phase, SkatPhase::Playing);
        let shown = text(&screen(&m, 80, 24));
        assert_shows(&shown, &["You Rearhand defender, Kontra", "Bot 1: no Re"]);
    }

    #[test]
    fn the_declarers_re_decision_has_its_screen() {
        use crate::play::model::tests::Kontrarian;
        let mut bots = session::bots([Box::new(Kontrarian { bids: false }), Box::new(Kontrarian { bids: false })]);
        let mut m = started(model(session_of(1, pub_rules())), &mut bots);
        while !m.re_turn() {
            let msg = policy_key(&m);
            feed(&mut m, &mut bots, msg);
        }
        let by = m.name_at(m.view.kontra.by.unwrap()).to_owned();
        let shown = text(&screen(&m, 80, 24));
        assert_shows(
            &shown,
            &[
                &format!("{by} says Kontra! r: Re (×4) p: play on (×2)"),
                "r Re · p no Re",
                "· Kontra ",
                &format!("{by}: Kontra!"),
            ],
        );
        feed(&mut m, &mut bots, ch('r'));
        let shown = text(&screen(&m, 80, 24));
        assert_shows(&shown, &["declarer, bid 18, Re", "Trick play · ", "· Kontra · Re"]);
        while m.view.phase != SkatPhase::Over {
            let msg = policy_key(&m);
            feed(&mut m, &mut bots, msg);
        }
        let Some(SkatOutcome::Played { settlement, .. }) = m.view.outcome else { panic!("a game") };
        let shown = text(&screen(&m, 80, 24));
        let worked = format!("{} × 4 (Kontra, Re) = {}", settlement.value, settlement.doubled_value());
        assert_shows(&shown, &[&worked, &format!("Kontra: {by}, Re: You")]);
        let mark = if settlement.score == 0 { ".".to_owned() } else { format!("{:+}", settlement.score) };
        assert!(shown.contains(&format!("r {mark}")), "the sheet marks the Re\n{shown}");
    }

    #[test]
    fn a_pirat_match_shows_its_phases_on_the_sheet_and_ends() {
        let mut bots = session::skat_bots(3);
        let rules = SkatMatchRules { table: SkatRules::PIRAT, deals: None };
        let mut m = started(model(session_of(12, rules)), &mut bots);
        let mut seen = vec![];
        let mut note = |m: &Model| {
            let shown = text(&screen(m, 80, 24));
            for phase in ["Pirat: normal, to 100", "Pirat: Bock round", "Pirat: Ramsch round", "Pirat: ended"] {
                if shown.contains(phase) && !seen.contains(&phase) {
                    seen.push(phase);
                }
            }
        };
        note(&m);
        play_deals(&mut m, &mut bots, 500, |m| {
            if m.view.phase == SkatPhase::Over {
                note(m);
            }
        });
        assert!(m.match_over());
        assert_eq!(seen, ["Pirat: normal, to 100", "Pirat: Bock round", "Pirat: Ramsch round", "Pirat: ended"]);
        let deals = m.session().record().deals();
        let n = deals.len();
        assert!(deals[n - 6..n - 3].iter().all(|d| d.end.setup().bock == 2), "three Bock deals");
        assert!(deals[n - 3..].iter().all(|d| d.end.setup().ramsch_round && d.end.is_ramsch()), "three Ramsch deals");
        assert!(deals[..n - 6].iter().all(|d| d.end.setup() == trumpf_core::skat::DealSetup::default()));
        let shown = text(&screen(&m, 80, 24));
        assert_shows(
            &shown,
            &[&format!("│{n:>2} R "), "Bock: 0 to play, 1 played", "Ramsch: 0 to play, 1 played", "The match is over:"],
        );
        assert!(shown.lines().any(|l| l.contains(&format!("│{:>2} ", n - 4)) && l.contains('b')), "{shown}");
        assert!(shown.ends_with("\n↑/↓ PgUp/PgDn scroll the sheet · w save · q quit"), "{shown}");
        // Scrolled back to the top, the sheet shows deal 1.
        assert!(!shown.contains("│ 1 "), "{shown}");
        feed(&mut m, &mut bots, key(KeyCode::Home));
        assert!(text(&screen(&m, 80, 24)).contains("│ 1 "));
    }
}
