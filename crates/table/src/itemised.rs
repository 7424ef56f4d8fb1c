//! The itemised result of a finished deal as rows any front end renders:
//! how the value was built (label, amount, running value), the table of
//! points and tricks, the cards that counted, the verdict.
//!
//! Rows hold words and numbers, never a screen's styling; a [`Tone`] says
//! what a row means (won, lost, a doubling) and each front end picks its
//! colours. [`Column`] widths are characters, for fixed-width screens; a
//! web page may lay the cells out its own way.

use trumpf_core::Card;

/// What a row means, for its colour and weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Tone {
    /// An ordinary row.
    #[default]
    Plain,
    /// A row that matters most: a heading, the score.
    Strong,
    /// The verdict of a game won (or of a Durchmarsch).
    Won,
    /// The verdict of a game lost.
    Lost,
    /// What counts against the declarer: an overbid, a reason for the loss.
    Against,
    /// A doubling: Kontra, Re, Bock.
    Doubled,
    /// A row of someone who scored.
    Scored,
    /// An aside: a legend, a reminder of the tariff.
    Aside,
}

/// One row of an itemised result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "row", rename_all = "lowercase")
)]
pub enum Row {
    /// A heading line: "Bot 1 (Middlehand) — WON".
    Heading {
        /// Its words.
        text: String,
        /// Its meaning.
        tone: Tone,
    },
    /// A heading with the verdict after it: "Declaring side: You (E1) + Bot
    /// 2 (E3)" and WON.
    Verdict {
        /// The words before the verdict.
        text: String,
        /// Won or lost.
        won: bool,
    },
    /// A line of the working: "Clubs: base 12 × multiplier 3 = 36".
    Text {
        /// Its words.
        text: String,
        /// Its meaning.
        tone: Tone,
    },
    /// One step of a value: "with 2" adds 2 and the value stands at 2.
    Step {
        /// What counts.
        label: String,
        /// What it adds.
        amount: i64,
        /// The value after it.
        running: i64,
    },
    /// Cards between words: "skat (0 points): " ♥7 ♦7 " laid away".
    Cards {
        /// The words before the cards.
        before: String,
        /// The cards, in the order to show them.
        cards: Vec<Card>,
        /// The words after them.
        after: String,
    },
    /// A table of cells: card points and tricks per side, each member's
    /// gain and total.
    Grid(Grid),
    /// An empty line between parts.
    Blank,
}

/// A table of cells, one [`GridRow`] a line, laid out by its columns.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Grid {
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// The rows, the header (if any) first.
    pub rows: Vec<GridRow>,
}

/// One line of a [`Grid`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GridRow {
    /// One cell per column.
    pub cells: Vec<String>,
    /// Its meaning ([`Tone::Strong`] for a header or the totals).
    pub tone: Tone,
}

/// A column of a [`Grid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Column {
    /// Spaces before the column.
    pub gap: u8,
    /// Its width in characters.
    pub width: u8,
    /// Whether its cells stand on the right (numbers) or on the left.
    pub align: Align,
}

/// Where a cell stands in its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Align {
    /// Words.
    Left,
    /// Numbers.
    Right,
}

impl Column {
    /// A column of words, `width` wide.
    pub const fn left(width: u8) -> Column {
        Column { gap: 0, width, align: Align::Left }
    }

    /// A column of numbers, `width` wide.
    pub const fn right(width: u8) -> Column {
        Column { gap: 0, width, align: Align::Right }
    }

    /// The same column after `gap` spaces.
    pub const fn after(self, gap: u8) -> Column {
        Column { gap, ..self }
    }
}

impl Grid {
    /// A grid of `columns` without rows yet.
    pub fn new(columns: Vec<Column>) -> Grid {
        Grid { columns, rows: Vec::new() }
    }

    /// Adds a row of `cells` with `tone`.
    pub fn row(mut self, tone: Tone, cells: impl IntoIterator<Item = impl Into<String>>) -> Grid {
        self.rows.push(GridRow { cells: cells.into_iter().map(Into::into).collect(), tone });
        self
    }
}

impl GridRow {
    /// The row as fixed-width text: each cell padded to its column.
    pub fn text(&self, columns: &[Column]) -> String {
        let mut out = String::new();
        for (cell, column) in self.cells.iter().zip(columns) {
            out.push_str(&" ".repeat(usize::from(column.gap)));
            let width = usize::from(column.width);
            match column.align {
                Align::Left => out.push_str(&format!("{cell:<width$}")),
                Align::Right => out.push_str(&format!("{cell:>width$}")),
            }
        }
        out
    }
}

impl Row {
    /// A [`Row::Text`] of `text` with `tone`.
    pub fn text(text: impl Into<String>, tone: Tone) -> Row {
        Row::Text { text: text.into(), tone }
    }

    /// A [`Row::Heading`] of `text` with `tone`.
    pub fn heading(text: impl Into<String>, tone: Tone) -> Row {
        Row::Heading { text: text.into(), tone }
    }

    /// A [`Row::Cards`].
    pub fn cards(before: impl Into<String>, cards: Vec<Card>, after: impl Into<String>) -> Row {
        Row::Cards { before: before.into(), cards, after: after.into() }
    }

    /// The row's words, cards as their codes (`CJ`), grid rows on lines of
    /// their own: for logs and tests.
    pub fn plain(&self) -> String {
        match self {
            Row::Heading { text, .. } | Row::Text { text, .. } => text.clone(),
            Row::Verdict { text, won } => format!("{text} {}", if *won { "WON" } else { "LOST" }),
            Row::Step { label, amount, running } => format!("{label} {amount:+} = {running}"),
            Row::Cards { before, cards, after } => {
                let cards: Vec<String> = cards.iter().map(Card::to_string).collect();
                format!("{before}{}{after}", cards.join(" "))
            }
            Row::Grid(grid) => grid.rows.iter().map(|row| row.text(&grid.columns)).collect::<Vec<_>>().join("\n"),
            Row::Blank => String::new(),
        }
    }
}
