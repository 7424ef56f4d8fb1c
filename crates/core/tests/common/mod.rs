//! Reading the rules test vectors: data files of `|`-separated fields with
//! `#` comments (shared by the per-game vector drivers).
#![allow(dead_code)]

use trumpf_core::{Card, CardSet};

/// The data lines of a file: comments (`#` to the end of the line) and blank
/// lines removed, with their 1-based line numbers.
pub fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.split('#').next().unwrap_or("").trim();
        (!line.is_empty()).then_some((i + 1, line))
    })
}

/// The `|`-separated fields of a line, trimmed.
pub fn fields(line: &str) -> Vec<&str> {
    line.split('|').map(str::trim).collect()
}

/// One card id.
pub fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("bad card {text:?} in a data file: {e}"))
}

/// Cards separated by whitespace, in the given order; `-` is none.
pub fn cards(text: &str) -> Vec<Card> {
    if text == "-" {
        return Vec::new();
    }
    text.split_whitespace().map(card).collect()
}

/// A set of cards separated by whitespace (no card twice); `-` is the empty set.
pub fn card_set(text: &str) -> CardSet {
    let list = cards(text);
    let set: CardSet = list.iter().copied().collect();
    assert_eq!(set.len(), list.len(), "a card repeats in {text:?}");
    set
}
