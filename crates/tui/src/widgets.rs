//! The pieces of screen the games share: cards and rows of cards, the
//! trick grid, the frame (title, status and help lines), the match score
//! panel and the itemised result rows. Each is a pure function of plain
//! data (cards, names, a match, rows); none knows the model.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use trumpf_core::series::{Match, MatchGame, MatchStatus};
use trumpf_core::{Card, CardSet, Rank, Suit};
use trumpf_table::spitzer::gain;
use trumpf_table::{Row, Tone};

/// The colour of a suit (the four-colour tournament pack).
pub fn suit_style(suit: Suit) -> Style {
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
pub fn card_style(card: Card) -> Style {
    if card.is_joker() { Style::new().fg(Color::Magenta) } else { suit_style(card.suit()) }
}

/// A card in its colour, bold.
pub fn card_span(card: Card) -> Span<'static> {
    Span::styled(card_text(card), card_style(card).add_modifier(Modifier::BOLD))
}

/// Cards in the given order, separated by spaces.
pub fn card_spans(cards: impl IntoIterator<Item = Card>) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for card in cards {
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.push(card_span(card));
    }
    spans
}

/// The least terminal every game's screen fits: a hand of twelve cards
/// beside the score sheet, the table, the status and help lines.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// Whether a terminal of `width` × `height` shows a game's whole screen.
/// The one size guard of every game: below it the screen is only a notice
/// ([`too_small`]) and game keys do nothing.
pub fn fits(width: u16, height: u16) -> bool {
    width >= MIN_SIZE.0 && height >= MIN_SIZE.1
}

/// On a terminal smaller than [`MIN_SIZE`], draws a notice asking for a
/// larger one instead of the screen, and says so.
pub fn too_small(area: Rect, buf: &mut Buffer) -> bool {
    if fits(area.width, area.height) {
        return false;
    }
    let text = format!(
        "trumpf needs a terminal of at least {}×{}; this one is {}×{}. Enlarge it, or press q twice to quit.",
        MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
    );
    Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
    true
}

/// The title bar.
pub fn title_line(text: String) -> Line<'static> {
    Line::from(text).style(Style::new().fg(Color::White).bg(Color::Blue).add_modifier(Modifier::BOLD))
}

/// The status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// News.
    Info(String),
    /// Something was refused or failed.
    Error(String),
}

/// The status line: the model's message, or `fallback`.
pub fn status_line(status: Option<&Status>, fallback: String) -> Line<'static> {
    match status {
        Some(Status::Info(text)) => Line::from(text.clone()).style(Style::new().fg(Color::Cyan)),
        Some(Status::Error(text)) => Line::from(text.clone()).style(Style::new().fg(Color::Red).bold()),
        None => Line::from(fallback),
    }
}

/// The help line at the bottom.
pub fn help_line(text: impl Into<String>) -> Line<'static> {
    Line::from(text.into()).style(Style::new().add_modifier(Modifier::DIM))
}

/// The rows below a screen's body, full width: the hint (if any, at most
/// [`HINT_ROWS`] lines), the status line (with `status_wraps`, a second
/// row for a long one) and the help line.
pub struct Bottom {
    /// The hint's lines; empty when no hint is shown.
    pub hint: Vec<Line<'static>>,
    /// The status line.
    pub status: Line<'static>,
    /// Whether a long status takes a second row.
    pub status_wraps: bool,
    /// The help line.
    pub help: Line<'static>,
}

/// The most rows a hint takes.
pub const HINT_ROWS: usize = 3;

/// The frame of a screen: the title bar, a column of `sheet_width` on the
/// right, and the rows of `bottom`. Returns the area left for the game and
/// the sheet's column.
pub fn frame(area: Rect, buf: &mut Buffer, title: Line<'static>, sheet_width: u16, bottom: Bottom) -> (Rect, Rect) {
    let Bottom { hint, status, status_wraps, help } = bottom;
    let status_rows = if status_wraps && status.width() > usize::from(area.width) { 2 } else { 1 };
    let hint_rows = hint.len().min(HINT_ROWS) as u16;
    let [title_area, body, hint_area, status_area, help_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(hint_rows),
        Constraint::Length(status_rows),
        Constraint::Length(1),
    ])
    .areas(area);
    let [left, right] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(sheet_width)]).areas(body);
    title.render(title_area, buf);
    Paragraph::new(hint).render(hint_area, buf);
    if status_wraps {
        Paragraph::new(status).wrap(Wrap { trim: true }).render(status_area, buf);
    } else {
        status.render(status_area, buf);
    }
    help.render(help_area, buf);
    (left, right)
}

/// A row of cards with a row of marks below: the cursor `▲`, a playable card
/// `•`; with `playing`, cards that may not be played are dimmed.
pub fn card_row(cards: &[Card], legal: CardSet, playing: bool, cursor: Option<usize>) -> Vec<Line<'static>> {
    let (playable, dimmed) = if playing { (legal, !legal) } else { (CardSet::EMPTY, CardSet::EMPTY) };
    marked_card_row(cards, cursor, playable, dimmed, CardSet::EMPTY)
}

/// A row of cards with a row of marks below: the cursor `▲`, a card of
/// `marked` `×` (on a grey ground), a card of `playable` `•`; the cards of
/// `dimmed` are dimmed.
pub fn marked_card_row(
    cards: &[Card],
    cursor: Option<usize>,
    playable: CardSet,
    dimmed: CardSet,
    marked: CardSet,
) -> Vec<Line<'static>> {
    let mut row = Vec::new();
    let mut marks = Vec::new();
    for (i, &card) in cards.iter().enumerate() {
        let mut style = card_style(card).add_modifier(Modifier::BOLD);
        let at_cursor = cursor == Some(i);
        if dimmed.contains(card) {
            style = style.remove_modifier(Modifier::BOLD).add_modifier(Modifier::DIM);
        }
        if marked.contains(card) {
            style = style.bg(Color::DarkGray);
        }
        if at_cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        row.push(Span::raw(" "));
        row.push(Span::styled(format!("{:<3}", card_text(card)), style));
        let mark = if at_cursor {
            "▲"
        } else if marked.contains(card) {
            "×"
        } else if playable.contains(card) {
            "•"
        } else {
            " "
        };
        marks.push(Span::raw(format!(" {mark}  ")));
    }
    vec![Line::from(row), Line::from(marks)]
}

/// The trick grid, one column of `width` per seat (`names`, in seat order):
/// a header row of the names; the trick in progress, number `trick_no`, as
/// `trick`'s cards (in play order) led by seat `leader`, the led card marked
/// `▸`, `…` under the seat `to_act` and `·` under the others yet to play;
/// and the last trick, if any (its cards in play order, its leader and what
/// follows the cards: `→ Bot 1 +17`).
pub fn trick_grid(
    width: usize,
    names: &[impl AsRef<str>],
    trick_no: u8,
    (trick, leader): (&[Card], usize),
    to_act: Option<usize>,
    last: Option<(&[Card], usize, String)>,
) -> Vec<Line<'static>> {
    let seats = names.len();
    let cell = |text: Vec<Span<'static>>| {
        let used: usize = text.iter().map(Span::width).sum();
        let mut spans = text;
        spans.push(Span::raw(" ".repeat(width.saturating_sub(used))));
        spans
    };
    let played = |card: Card, led: bool| cell(vec![Span::raw(if led { "▸" } else { " " }), card_span(card)]);
    let mut header = vec![Span::raw(" ".repeat(width))];
    for name in names {
        header.extend(cell(vec![Span::raw(format!(" {}", name.as_ref()))]));
    }
    let mut lines = vec![Line::from(header).bold()];
    let mut now = cell(vec![Span::raw(format!("Trick {trick_no}"))]);
    for seat in 0..seats {
        let k = (seat + seats - leader) % seats;
        now.extend(match trick.get(k) {
            Some(&card) => played(card, k == 0),
            None if to_act == Some(seat) => cell(vec![Span::raw(" …")]),
            None => cell(vec![Span::raw(" ·")]),
        });
    }
    lines.push(Line::from(now));
    if let Some((cards, leader, after)) = last {
        let mut spans = cell(vec![Span::raw("Last")]);
        for seat in 0..seats {
            let k = (seat + seats - leader) % seats;
            spans.extend(played(cards[k], k == 0));
        }
        spans.push(Span::raw(after));
        lines.push(Line::from(spans));
    }
    lines
}

/// The last trick under a result: "last trick (Bot 1 led): ♣J ♠J ♥J → You",
/// after `indent`.
pub fn last_trick_line(
    indent: &str,
    leader: &str,
    cards: impl IntoIterator<Item = Card>,
    winner: &str,
) -> Line<'static> {
    let mut spans = vec![Span::raw(format!("{indent}last trick ({leader} led): "))];
    spans.extend(card_spans(cards));
    spans.push(Span::raw(format!(" → {winner}")));
    Line::from(spans)
}

/// The start of a seat's row at the table: `▶` if it is to act, the
/// member's name in bold, the seat's name padded to `seat_width`.
pub fn seat_spans(to_act: bool, name: &str, seat: &str, seat_width: usize) -> Vec<Span<'static>> {
    vec![
        Span::raw(if to_act { "▶ " } else { "  " }),
        Span::styled(format!("{name:<6}"), Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!("{seat:<seat_width$}")),
    ]
}

/// A member's name cut to `width` characters, for narrow columns.
pub fn short_name(name: &str, width: usize) -> String {
    let compact: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    compact.chars().take(width).collect()
}

/// `text` cut to `width` characters, with "…" when cut.
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// `items` joined by `separator` in lines of at most `width` characters
/// (an item longer than that stands on a line of its own).
pub fn wrap_joined<'a>(items: impl IntoIterator<Item = &'a str>, separator: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && line.chars().count() + separator.chars().count() + item.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(separator);
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` broken into lines of at most `width` characters at spaces.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    wrap_joined(text.split_whitespace(), " ", width)
}

/// The score panel of a match: the points each member gained per deal
/// (as many of the latest deals as fit), and the totals, green once the
/// match is won.
pub fn match_sheet<G: MatchGame>(record: &Match<G>, names: &[String], title: String, area: Rect, buf: &mut Buffer) {
    let members = record.members();
    let width = if members > 3 { 4 } else { 5 };
    let row = |first: &str, cells: Vec<String>| {
        let mut text = format!("{first:>3}");
        for c in cells {
            text.push_str(&format!(" {c:>width$}"));
        }
        text
    };
    let names = (0..members).map(|m| short_name(names.get(m).map_or("?", String::as_str), width)).collect();
    let mut lines = vec![Line::from(row("#", names)).bold()];
    let room = usize::from(area.height.saturating_sub(2)).saturating_sub(3);
    let deals = record.deals();
    for (i, deal) in deals.iter().enumerate().skip(deals.len().saturating_sub(room)) {
        lines.push(Line::from(row(&(i + 1).to_string(), (0..members).map(|m| gain(deal.scores[m])).collect())));
    }
    lines.push(Line::from("─".repeat(usize::from(area.width.saturating_sub(2)))));
    let totals = record.totals();
    let mut total = Line::from(row("Σ", (0..members).map(|m| totals[m].to_string()).collect())).bold();
    if matches!(record.status(), MatchStatus::Won(_)) {
        total = total.fg(Color::Green);
    }
    lines.push(total);
    Paragraph::new(lines).block(Block::bordered().title(title)).render(area, buf);
}

/// The style of a row of the given tone.
pub fn tone_style(tone: Tone) -> Style {
    match tone {
        Tone::Plain => Style::new(),
        Tone::Strong => Style::new().add_modifier(Modifier::BOLD),
        Tone::Won => Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
        Tone::Lost => Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
        Tone::Against => Style::new().fg(Color::Red),
        Tone::Doubled => Style::new().fg(Color::Yellow),
        Tone::Scored => Style::new().fg(Color::Green),
        Tone::Aside => Style::new().add_modifier(Modifier::DIM),
    }
}

/// The itemised result rows as lines: headings and verdicts at the left
/// edge, the working after `indent` spaces; a step of the value as
/// "with 2  +2 = 2" in fixed columns, grids by their columns, cards in
/// their colours.
pub fn result_lines(rows: &[Row], indent: usize) -> Vec<Line<'static>> {
    let pad = " ".repeat(indent);
    let mut lines = Vec::new();
    for row in rows {
        match row {
            Row::Heading { text, tone } => lines.push(Line::from(text.clone()).style(tone_style(*tone))),
            Row::Verdict { text, won } => {
                let (verdict, tone) = if *won { ("WON", Tone::Won) } else { ("LOST", Tone::Lost) };
                lines.push(Line::from(vec![Span::raw(format!("{text} ")), Span::styled(verdict, tone_style(tone))]));
            }
            Row::Text { text, tone } => lines.push(Line::from(format!("{pad}{text}")).style(tone_style(*tone))),
            Row::Step { label, amount, running } => {
                lines.push(Line::from(format!("{pad}{label:<24}{:>4} = {running:>2}", format!("{amount:+}"))));
            }
            Row::Cards { before, cards, after } => {
                let mut spans = vec![Span::raw(format!("{pad}{before}"))];
                spans.extend(card_spans(cards.iter().copied()));
                if !after.is_empty() {
                    spans.push(Span::raw(after.clone()));
                }
                lines.push(Line::from(spans));
            }
            Row::Grid(grid) => {
                for row in &grid.rows {
                    lines.push(Line::from(format!("{pad}{}", row.text(&grid.columns))).style(tone_style(row.tone)));
                }
            }
            Row::Blank => lines.push(Line::default()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_items_wrap_within_the_width() {
        assert_eq!(wrap_words("one two three four", 9), ["one two", "three", "four"]);
        assert_eq!(wrap_words("  ", 9), Vec::<String>::new());
        assert_eq!(wrap_words("overlongword x", 4), ["overlongword", "x"]);
        assert_eq!(
            wrap_joined(["R Ramsch", "k Kontra r Re", "b Bock"], " · ", 24),
            ["R Ramsch · k Kontra r Re", "b Bock"]
        );
    }
}
