//! Spidge at the table: the bots, the seats' names (L, R and the dealer,
//! who also plays the dummy), the order a player sorts his cards in, and
//! the itemised result (`spidge.md` §5). Nothing is said aloud in Spidge.

use std::fmt;

use trumpf_ai::Bot;
use trumpf_core::spidge::{
    Award, DEALER, Hand, LEFT, RIGHT, SpidgeAction, SpidgeGame, SpidgeResult, SpidgeRules, SpidgeView,
};
use trumpf_core::{Card, CardSet, Member, Seat, Suit};

use crate::controller::BotKind;
use crate::game::TableGame;
use crate::itemised::{Column, Grid, Row, Tone};
use crate::spitzer::gain;
use crate::table::Table;

/// Spidge has no table talk: every action plays a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Said {}

impl fmt::Display for Said {
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// The spoken name of a Spidge seat: "L", "R", "Dealer".
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        LEFT => "L",
        RIGHT => "R",
        _ => "Dealer",
    }
}

/// The cards of a hand as a player sorts them: the jokers, the spades, then
/// hearts, clubs and diamonds, each from the ace down.
pub fn hand_order(hand: CardSet) -> Vec<Card> {
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|&card| {
        if card.is_joker() {
            return (0, usize::from(card.index()));
        }
        let suit = match card.suit() {
            Suit::Spades => 1,
            Suit::Hearts => 2,
            Suit::Clubs => 3,
            Suit::Diamonds => 4,
        };
        (suit, 12 - card.rank().index())
    });
    cards
}

/// The name on a hand's row: its player, or "Dummy".
pub fn hand_name(table: &Table<SpidgeGame>, hand: Hand) -> String {
    match hand {
        Hand::Dummy => "Dummy".to_owned(),
        h => table.name_at(h.seat()).to_owned(),
    }
}

impl TableGame for SpidgeGame {
    type Said = Said;

    fn bot(kind: BotKind, seed: u64) -> Option<Box<dyn Bot<SpidgeGame>>> {
        <SpidgeGame as trumpf_ai::BotGame>::bot(&kind.spec(), seed).ok()
    }

    fn program(command: &trumpf_ai::external::Command, seed: u64) -> Option<Box<dyn Bot<SpidgeGame>>> {
        <SpidgeGame as trumpf_ai::BotGame>::bot(&trumpf_ai::BotSpec::Command(command.clone()), seed).ok()
    }

    fn seat_name(seat: Seat) -> &'static str {
        seat_name(seat)
    }

    fn said(_before: &SpidgeGame, _action: SpidgeAction) -> Option<Said> {
        None
    }

    fn hand_order(cards: CardSet, _view: &SpidgeView) -> Vec<Card> {
        hand_order(cards)
    }

    fn itemise(table: &Table<SpidgeGame>) -> Vec<Row> {
        let v = table.end_view();
        let Some(r) = v.result else { return Vec::new() };
        let players = [LEFT, RIGHT, DEALER].map(|seat| table.name_at(seat).to_owned());
        let totals = table.record().totals();
        let totals: Vec<(String, i64)> =
            Member::all(table.members()).map(|m| (table.name(m).to_owned(), totals[m.index()])).collect();
        result_rows(&r, &v.rules, &players, &totals)
    }
}

/// The itemised result of a Spidge deal: each hand's tricks, the dealer's
/// count with the dummy's, the awards and points, a Grand Slam, the awards'
/// legend, and each member's total. `players` name L, R and the dealer;
/// `totals` are each member's name and total.
pub fn result_rows(r: &SpidgeResult, rules: &SpidgeRules, players: &[String; 3], totals: &[(String, i64)]) -> Vec<Row> {
    let mut grid = Grid::new(vec![
        Column::left(7),
        Column::left(7),
        Column::right(6),
        Column::right(10),
        Column::left(11).after(2),
        Column::right(6),
    ])
    .row(Tone::Strong, ["hand", "player", "tricks", "count", "award", "points"]);
    for hand in [Hand::Left, Hand::Right, Hand::Dealer, Hand::Dummy] {
        let tricks = r.tricks[hand].to_string();
        let cells = match hand {
            Hand::Dummy => {
                ["Dummy".to_owned(), String::new(), tricks, "(dealer)".to_owned(), String::new(), String::new()]
            }
            h => {
                let seat = h.seat();
                let count = if h == Hand::Dealer {
                    format!("{}+{}={}", r.tricks[Hand::Dealer], r.tricks[Hand::Dummy], r.counts[seat])
                } else {
                    r.counts[seat].to_string()
                };
                let award = r.awards[seat].map_or_else(|| "—".to_owned(), |a| a.to_string());
                let name = players[seat.index()].clone();
                [h.name().to_owned(), name, tricks, count, award, gain(i64::from(r.points[seat]))]
            }
        };
        let scored = hand != Hand::Dummy && r.points[hand.seat()] > 0;
        grid = grid.row(if scored { Tone::Scored } else { Tone::Plain }, cells);
    }
    let mut rows = vec![Row::Grid(grid)];
    if r.grand_slam {
        let dealer = &players[DEALER.index()];
        rows.push(Row::text(
            format!("Grand Slam: {dealer} and the dummy took no trick and win the game at once!"),
            Tone::Won,
        ));
    }
    rows.push(Row::Blank);
    rows.push(Row::text(
        format!(
            "{} 1: L or R no trick · {} 1: {}–{} tricks",
            Award::Nil,
            Award::Spidge,
            rules.spidge_tricks,
            rules.slam_tricks.saturating_sub(1)
        ),
        Tone::Aside,
    ));
    rows.push(Row::text(
        format!("{} 2: {} · {} 4: dealer+dummy none, wins", Award::Slam, rules.slam_tricks, Award::GrandSlam),
        Tone::Aside,
    ));
    let each: Vec<String> = totals.iter().map(|(name, total)| format!("{name} {total}")).collect();
    rows.push(Row::text(format!("totals: {}", each.join(" · ")), Tone::Strong));
    rows
}
