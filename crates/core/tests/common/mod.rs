//! Reading the rules test vectors: data files of `|`-separated fields with
//! `#` comments (shared by the per-game vector drivers).
#![allow(dead_code)]

use trumpf_core::skat::{Contract, GameKind};
use trumpf_core::{Card, CardSet, Suit};

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

/// A Skat game code as the data files write it: the game letter, then the
/// flags exactly as given (`H` hand, `S` schneider announced, `Z` schwarz
/// announced, `O` ouvert). Deliberately not `Contract::from_str`, which
/// fills in implied flags.
pub fn contract(code: &str) -> Contract {
    let mut chars = code.chars();
    let kind = match chars.next().expect("empty game code") {
        'D' => GameKind::Suit(Suit::Diamonds),
        'H' => GameKind::Suit(Suit::Hearts),
        'S' => GameKind::Suit(Suit::Spades),
        'C' => GameKind::Suit(Suit::Clubs),
        'G' => GameKind::Grand,
        'N' => GameKind::Null,
        other => panic!("unknown game letter {other:?} in {code:?}"),
    };
    let mut c = Contract::pickup(kind);
    for flag in chars {
        match flag {
            'H' => c.hand = true,
            'S' => c.schneider = true,
            'Z' => c.schwarz = true,
            'O' => c.ouvert = true,
            other => panic!("unknown flag {other:?} in {code:?}"),
        }
    }
    c
}
