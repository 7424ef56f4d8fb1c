//! The screen: `impl Widget for &Model`, a pure function of the model.
//!
//! Game state comes from the human's [`SkatView`](trumpf_core::skat::SkatView)
//! in the model and nothing else; the score sheet, names and the auction's
//! spoken words are public.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use trumpf_core::skat::{
    AuctionStage, Contract, GameKind, Levels, ListEntry, Settlement, SkatAction, SkatOutcome, SkatPhase, points,
};
use trumpf_core::{Card, CardSet, GameView, Rank, Seat, Suit};

use super::model::{BidTurn, Model, Status};

/// Width of a column of the trick grid.
const TRICK_COLUMN: usize = 9;
/// Width of the score sheet column.
const SHEET_WIDTH: u16 = 28;
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

/// What a seat said in the auction.
fn spoken(action: SkatAction) -> String {
    match action {
        SkatAction::Bid(v) => v.to_string(),
        SkatAction::Hold => "yes".into(),
        SkatAction::Pass => "pass".into(),
        other => other.to_string(),
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

impl Widget for &Model {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            let text = format!(
                "trumpf needs a terminal of at least 80×24; this one is {}×{}. Enlarge it, or press q twice to quit.",
                area.width, area.height
            );
            Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
            return;
        }
        let [title, body, status, help] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let [left, right] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(SHEET_WIDTH)]).areas(body);
        self.title_line().render(title, buf);
        self.render_sheet(right, buf);
        if self.view.phase == SkatPhase::Over {
            self.render_result(left, buf);
        } else {
            let [table, hand] = Layout::vertical([Constraint::Fill(1), Constraint::Length(4)]).areas(left);
            self.render_table(table, buf);
            self.render_hand(hand, buf);
        }
        self.status_line().render(status, buf);
        Line::from(self.help_text()).style(Style::new().add_modifier(Modifier::DIM)).render(help, buf);
    }
}

impl Model {
    fn title_line(&self) -> Line<'static> {
        let session = self.session();
        let dealer = if session.dealer() == super::session::HUMAN { ", dealer" } else { "" };
        let text = format!(
            " trumpf · Skat · deal {} · seed {} · you: {}{dealer}",
            session.number(),
            session.seed(),
            seat_name(self.view.seat),
        );
        Line::from(text).style(Style::new().fg(Color::White).bg(Color::Blue).add_modifier(Modifier::BOLD))
    }

    fn seat_row(&self, seat: Seat) -> Line<'static> {
        let v = &self.view;
        let marker = if v.to_act == Some(seat) { "▶ " } else { "  " };
        let mut spans = vec![
            Span::raw(marker),
            Span::styled(format!("{:<6}", self.name_at(seat)), Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(format!("{:<11}", seat_name(seat))),
        ];
        if v.phase == SkatPhase::Bidding {
            let said: Vec<String> =
                self.auction_log.iter().filter(|(s, _)| *s == seat).map(|&(_, action)| spoken(action)).collect();
            if !said.is_empty() {
                spans.push(Span::raw(format!("said {}", said.join(", "))));
            }
        } else if v.declarer == Some(seat) {
            spans.push(Span::styled(format!("declarer, bid {}", v.bid), Style::new().fg(Color::Cyan)));
        } else {
            spans.push(Span::raw("defender"));
        }
        if v.phase == SkatPhase::Playing {
            let tricks = v.tricks_won[seat.index()];
            spans.push(Span::raw(format!("  {tricks} trick{}", if tricks == 1 { "" } else { "s" })));
        }
        Line::from(spans)
    }

    fn render_table(&self, area: Rect, buf: &mut Buffer) {
        let mut lines: Vec<Line> = Seat::all(3).map(|seat| self.seat_row(seat)).collect();
        lines.push(Line::default());
        let v = &self.view;
        match v.phase {
            SkatPhase::Bidding => self.bidding_lines(&mut lines),
            SkatPhase::SkatDecision | SkatPhase::Discarding | SkatPhase::Declaring => {
                let room = usize::from(area.height.saturating_sub(2));
                self.declaration_lines(&mut lines, room);
            }
            SkatPhase::Playing => self.play_lines(&mut lines),
            // House-rule phases (Ramsch, Kontra) do not occur under the
            // International Skat Order the terminal game plays.
            SkatPhase::GrandHandOffer | SkatPhase::Passing | SkatPhase::KontraWindow | SkatPhase::Over => {}
        }
        let title = match v.phase {
            SkatPhase::Bidding => " Bidding ".to_owned(),
            SkatPhase::Playing => format!(" Trick play · {} ", v.contract.map(|c| c.to_string()).unwrap_or_default()),
            _ => " Skat and declaration ".to_owned(),
        };
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(title)).render(area, buf);
    }

    fn waiting_line(&self) -> Option<Line<'static>> {
        let seat = self.view.to_act?;
        (seat != self.view.seat).then(|| Line::from(format!("Waiting for {}…", self.who(seat))).italic())
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
            Some(BidTurn::PlayAt18) => lines.push(Line::from("Play at 18?  y: play   p: pass (thrown in)").style(bold)),
            None => lines.extend(self.waiting_line()),
        }
        lines.push(Line::default());
        lines.push(Line::from("Your plain game values (matadors + game):"));
        lines.push(reckoning(v.hand));
    }

    fn declaration_lines(&self, lines: &mut Vec<Line<'static>>, room: usize) {
        let v = &self.view;
        let Some(declarer) = v.declarer else { return };
        if declarer != v.seat {
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
                let mut marked = vec![Span::raw("Marked: ")];
                marked.extend(card_spans(hand_order(self.marked, None)));
                lines.push(Line::from(marked));
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
        let options = self.options();
        let rows = room.saturating_sub(lines.len()).max(1);
        let first = self.option.saturating_sub(rows - 1).min(options.len().saturating_sub(rows));
        let known = v.hand | v.skat;
        for (i, &action) in options.iter().enumerate().skip(first).take(rows) {
            let (label, value) = match action {
                SkatAction::Declare(contract) => {
                    let value = plain_value(contract, known);
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
                SkatAction::TakeSkat => ("Pick up the skat".to_owned(), String::new()),
                other => (other.to_string(), String::new()),
            };
            let chosen = i == self.option.min(options.len() - 1);
            let style = if chosen { Style::new().add_modifier(Modifier::REVERSED) } else { Style::new() };
            let marker = if chosen { "▶ " } else { "  " };
            lines.push(Line::from(format!("{marker}{label:<33} {value}")).style(style));
        }
    }

    fn play_lines(&self, lines: &mut Vec<Line<'static>>) {
        let v = &self.view;
        if let (Some(contract), Some(declarer)) = (v.contract, v.declarer) {
            let name = self.name_at(declarer);
            let verb = if declarer == v.seat { "play" } else { "plays" };
            let how = if v.picked_up { " after picking up the skat" } else { "" };
            lines.insert(0, Line::from(format!("{name} {verb} {contract}{how}")).bold());
        }
        if let (Some(open), Some(declarer)) = (v.ouvert_hand, v.declarer)
            && declarer != v.seat
        {
            let mut spans = vec![Span::raw(format!("{}'s open hand: ", self.name_at(declarer)))];
            spans.extend(card_spans(hand_order(open, v.contract.map(|c| c.kind))));
            lines.push(Line::from(spans));
        }
        if v.declarer == Some(v.seat) {
            let mut spans = vec![Span::raw("Skat: ")];
            if v.picked_up {
                spans.extend(card_spans(hand_order(v.skat, None)));
                spans.push(Span::raw(" (laid away, yours)"));
            } else {
                spans.push(Span::raw("unseen (hand game), yours at the end"));
            }
            lines.push(Line::from(spans));
        }
        // The trick as a grid: one column per seat, the led card marked ▸.
        let cell = |text: Vec<Span<'static>>| {
            let width: usize = text.iter().map(Span::width).sum();
            let mut spans = text;
            spans.push(Span::raw(" ".repeat(TRICK_COLUMN.saturating_sub(width))));
            spans
        };
        let played = |card: Card, led: bool| cell(vec![Span::raw(if led { "▸" } else { " " }), card_span(card)]);
        lines.push(Line::default());
        let mut header = vec![Span::raw(" ".repeat(TRICK_COLUMN))];
        for seat in Seat::all(3) {
            header.extend(cell(vec![Span::raw(format!(" {}", self.name_at(seat)))]));
        }
        lines.push(Line::from(header).bold());
        let trick_no: u8 = v.tricks_won.iter().sum::<u8>() + 1;
        let mut now = cell(vec![Span::raw(format!("Trick {trick_no}"))]);
        for seat in Seat::all(3) {
            let k = (seat.index() + 3 - v.leader.index()) % 3;
            now.extend(match v.trick().get(k) {
                Some(&card) => played(card, k == 0),
                None if v.to_act == Some(seat) => cell(vec![Span::raw(" …")]),
                None => cell(vec![Span::raw(" ·")]),
            });
        }
        lines.push(Line::from(now));
        if let Some(last) = v.last_trick {
            let mut spans = cell(vec![Span::raw("Last")]);
            for seat in Seat::all(3) {
                let k = (seat.index() + 3 - last.leader.index()) % 3;
                spans.extend(played(last.cards[k], k == 0));
            }
            let won = points(last.cards.iter().copied().collect());
            spans.push(Span::raw(format!("→ {} +{won}", self.name_at(last.winner))));
            lines.push(Line::from(spans));
        }
        lines.extend(self.waiting_line());
    }

    fn render_hand(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let hand = self.hand();
        let playing = v.phase == SkatPhase::Playing && v.is_my_turn();
        let legal = v.legal_cards();
        let show_cursor = matches!(v.phase, SkatPhase::Playing | SkatPhase::Discarding);
        let mut cards = Vec::new();
        let mut marks = Vec::new();
        for (i, &card) in hand.iter().enumerate() {
            let mut style = suit_style(card.suit()).add_modifier(Modifier::BOLD);
            let at_cursor = show_cursor && i == self.cursor;
            if playing && !legal.contains(card) {
                style = style.remove_modifier(Modifier::BOLD).add_modifier(Modifier::DIM);
            }
            if self.marked.contains(card) {
                style = style.bg(Color::DarkGray);
            }
            if at_cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            cards.push(Span::raw(" "));
            cards.push(Span::styled(format!("{:<3}", card_text(card)), style));
            let mark = if at_cursor {
                "▲"
            } else if self.marked.contains(card) {
                "×"
            } else if playing && legal.contains(card) {
                "•"
            } else {
                " "
            };
            marks.push(Span::raw(format!(" {mark}  ")));
        }
        let note = if playing {
            " · • playable"
        } else if v.phase == SkatPhase::Discarding && v.is_my_turn() {
            " · × to lay away"
        } else {
            ""
        };
        let title = format!(" Your hand · {}{note} ", seat_name(v.seat));
        Paragraph::new(vec![Line::from(cards), Line::from(marks)])
            .block(Block::bordered().title(title))
            .render(area, buf);
    }

    fn render_sheet(&self, area: Rect, buf: &mut Buffer) {
        let sheet = self.session().sheet();
        let row = |first: &str, tag: char, cells: [String; 3]| {
            format!("{first:>2} {tag} {:>6} {:>6} {:>6}", cells[0], cells[1], cells[2])
        };
        let mut lines = vec![Line::from(row("#", ' ', self.names.clone())).bold()];
        let room = usize::from(area.height.saturating_sub(2)).saturating_sub(3);
        let entries = sheet.entries();
        for entry in &entries[entries.len().saturating_sub(room)..] {
            lines.push(Line::from(sheet_row(entry, &row)));
        }
        lines.push(Line::from("─".repeat(usize::from(area.width.saturating_sub(2)))));
        let totals = sheet.totals();
        lines.push(Line::from(row("Σ", ' ', std::array::from_fn(|m| totals[m].to_string()))).bold());
        Paragraph::new(lines).block(Block::bordered().title(" Score sheet ")).render(area, buf);
    }

    fn render_result(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let lines = match v.outcome {
            Some(SkatOutcome::Played { declarer, settlement }) => {
                let mut lines = result_lines(&self.who(declarer), &settlement, v.skat, v.dealt_skat, v.picked_up);
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
            Some(SkatOutcome::Ramsch { .. }) => vec![Line::from("A Ramsch was played.").bold()],
            None => Vec::new(),
        };
        let title = format!(" Deal {} · result ", self.session().number());
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(title)).render(area, buf);
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
            None => format!("Deal over. n starts deal {}.", self.session().number() + 1),
            Some(seat) if seat != v.seat => format!("{} is to act.", self.who(seat)),
            Some(_) => match v.phase {
                SkatPhase::Bidding => "Your turn to bid.".into(),
                SkatPhase::SkatDecision => "Your turn: pick up the skat or declare a hand game.".into(),
                SkatPhase::Discarding => "Your turn: lay away two cards.".into(),
                SkatPhase::Declaring => "Your turn: declare your game.".into(),
                _ => "Your turn: play a card (• marks the playable ones).".into(),
            },
        };
        Line::from(text)
    }

    fn help_text(&self) -> &'static str {
        let v = &self.view;
        if v.phase == SkatPhase::Over {
            return " n next deal · w save · q quit";
        }
        if !v.is_my_turn() {
            return if v.phase == SkatPhase::Playing {
                " ←/→ choose your next card · w save · q quit"
            } else {
                " w save · q quit"
            };
        }
        match (v.phase, self.bid_turn()) {
            (SkatPhase::Bidding, Some(BidTurn::Say(_))) => {
                " ←/→ or +/- value · PgUp/PgDn ±5 · Enter say · p pass · w save · q quit"
            }
            (SkatPhase::Bidding, Some(BidTurn::Answer(_))) => " y/Enter hold · p pass · w save · q quit",
            (SkatPhase::Bidding, _) => " y/Enter play at 18 · p pass (throw in) · w save · q quit",
            (SkatPhase::SkatDecision, _) => " ↑/↓ choose · Enter take it · s pick up skat · w save · q quit",
            (SkatPhase::Declaring, _) => " ↑/↓ choose · Enter declare · w save · q quit",
            (SkatPhase::Discarding, _) => " ←/→ move · Space mark · Enter lay away · Esc unmark · w save · q quit",
            _ => " ←/→ move · Tab next playable · Enter/Space play · w save · q quit",
        }
    }
}

fn sheet_row(entry: &ListEntry, row: &impl Fn(&str, char, [String; 3]) -> String) -> String {
    let number = entry.number.to_string();
    match entry.settlement {
        None => format!("{number:>2}   passed in"),
        Some(s) => {
            let cell = |d: i64| if d == 0 { ".".to_owned() } else { format!("{d:+}") };
            row(&number, kind_symbol(s.contract.kind), std::array::from_fn(|m| cell(entry.deltas[m])))
        }
    }
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
    } else if s.score == -2 * i32::from(s.value) {
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
    use trumpf_core::skat::{PlayTally, SkatRules, settle};

    /// The text of a buffer, one string per row.
    pub fn rows(buf: &Buffer) -> Vec<String> {
        let width = usize::from(buf.area.width);
        buf.content().chunks(width).map(|row| row.iter().map(|c| c.symbol()).collect()).collect()
    }

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    /// The lines rendered 50 wide (the result panel at 80 columns), with
    /// runs of spaces collapsed to one.
    fn render_lines(lines: Vec<Line<'static>>) -> String {
        let area = Rect::new(0, 0, 50, 20);
        let mut buf = Buffer::empty(area);
        Paragraph::new(lines).render(area, &mut buf);
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
    fn text(buf: &Buffer) -> String {
        rows(buf).iter().map(|row| squeeze(row)).collect::<Vec<_>>().join("\n")
    }

    use crate::play::model::tests::{ch, feed, key, model, passers, play_deals, policy_key, started};
    use crate::play::session::{Bots, Session};
    use crossterm::event::KeyCode;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use trumpf_core::skat::SkatDeal;

    #[test]
    fn the_bidding_screen_shows_the_bid_and_what_was_said() {
        // Deal 2: the human sits in rearhand; middlehand passed, the human says.
        let mut bots = passers();
        let mut m = started(model(Session::new(4, SkatRules::default())), &mut bots);
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
        let mut bots = Bots::skat();
        let mut m = started(model(Session::new(5, SkatRules::default())), &mut bots);
        for _ in 0..5000 {
            let legal = m.view.legal_cards();
            if m.view.phase == SkatPhase::Playing && !legal.is_empty() && legal != m.view.hand {
                let buf = screen(&m, 80, 24);
                let shown = rows(&buf);
                let top = shown.iter().position(|r| r.contains("Your hand")).expect("the hand panel");
                assert!(shown[top].contains("• playable"));
                for (i, &card) in m.hand().iter().enumerate() {
                    let x = 2 + 4 * i as u16;
                    let cell = buf.cell((x, top as u16 + 1)).unwrap();
                    assert_eq!(cell.symbol(), card.suit().symbol().to_string(), "card {i} is {card}");
                    let mark = buf.cell((x, top as u16 + 2)).unwrap().symbol();
                    if legal.contains(card) {
                        assert!(mark == "•" || mark == "▲", "{card} is playable: {mark:?}");
                        assert!(!cell.modifier.contains(Modifier::DIM));
                    } else {
                        assert_eq!(mark, " ", "{card} is not playable");
                        assert!(cell.modifier.contains(Modifier::DIM));
                    }
                }
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
        let mut m = started(model(Session::starting_with(1, SkatRules::default(), deal)), &mut bots);
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
        let mut bots = Bots::skat();
        let mut m = started(model(Session::new(31, SkatRules::default())), &mut bots);
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
        let m = started(model(Session::new(4, SkatRules::default())), &mut bots);
        assert!(text(&screen(&m, 40, 10)).replace('\n', " ").contains("needs a terminal of at least 80×24"));
        let shown = text(&screen(&m, 80, 23));
        assert!(shown.contains("Your hand") && shown.contains("Score sheet") && shown.contains("q quit"));
    }
}
