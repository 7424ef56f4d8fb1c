//! Spitzer at the table: the bots, the announcements said aloud, the seats'
//! names (E1 eldest to E4 the dealer), the order a player sorts his cards
//! in, and the itemised result (`spitzer.md` §6).

use std::fmt;

use trumpf_ai::Bot;
use trumpf_core::spitzer::{
    Announcement, Column as TariffColumn, Contract, FAIL_ORDER, FAIL_SUITS, Settlement, SpitzerAction, SpitzerGame,
    SpitzerView, TRUMP_ORDER, tariff,
};
use trumpf_core::{Card, CardSet, Member, Seat};

use crate::controller::BotKind;
use crate::game::TableGame;
use crate::itemised::{Column, Grid, Row, Tone};
use crate::table::Table;

/// What a seat said aloud in a Spitzer deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Said {
    /// Passed in the announcements.
    Pass,
    /// Made an announcement (which ends the announcements).
    Announce(Announcement),
}

/// In words: "pass", "Call ♥A".
impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Said::Pass => f.write_str("pass"),
            Said::Announce(a) => f.write_str(&announcement_text(a)),
        }
    }
}

/// The spoken name of a Spitzer seat: "E1" (eldest) to "E4" (the dealer).
pub fn seat_name(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "E1",
        1 => "E2",
        2 => "E3",
        _ => "E4",
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

/// A contract in words.
pub fn contract_text(contract: Contract) -> &'static str {
    match contract {
        Contract::ZolaSchneider => "Zola Schneider",
        Contract::ZolaSchneiderSchwarz => "Zola Schneider Schwarz",
        c => c.name(),
    }
}

/// One entry of the tariff (§6.3) as written: `+3`, `−9`, or `—` where the
/// column cannot happen (the declaring side holds the highest card).
pub fn tariff_entry(contract: Contract, column: TariffColumn) -> String {
    if column == TariffColumn::C0 && matches!(contract, Contract::Normal | Contract::Sneaker) {
        "—".to_owned()
    } else {
        format!("{:+}", tariff(contract, column))
    }
}

/// "c0 −15 c1 −12 [c2 −9] ...": a tariff row (§6.3), the `mark`ed column
/// in brackets.
pub fn tariff_row(contract: Contract, mark: Option<TariffColumn>) -> String {
    TariffColumn::ALL
        .iter()
        .map(|&c| {
            let entry = format!("{c} {}", tariff_entry(contract, c));
            if Some(c) == mark { format!("[{entry}]") } else { entry }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a column means (§6.2).
pub fn column_meaning(column: TariffColumn) -> &'static str {
    match column {
        TariffColumn::C0 => "no trick",
        TariffColumn::C1 => "at most 30 card points",
        TariffColumn::C2 => "31 to 60 card points",
        TariffColumn::C3 => "61 to 89 card points",
        TariffColumn::C4 => "90 or more, not every trick",
        TariffColumn::C5 => "all eight tricks",
    }
}

/// A number of game points gained: `+3`, or `.` for nothing.
pub fn gain(points: i64) -> String {
    if points == 0 { ".".to_owned() } else { format!("{points:+}") }
}

impl TableGame for SpitzerGame {
    type Said = Said;

    fn bot(kind: BotKind, seed: u64) -> Option<Box<dyn Bot<SpitzerGame>>> {
        <SpitzerGame as trumpf_ai::BotGame>::bot(&kind.spec(), seed).ok()
    }

    fn program(command: &trumpf_ai::external::Command, seed: u64) -> Option<Box<dyn Bot<SpitzerGame>>> {
        <SpitzerGame as trumpf_ai::BotGame>::bot(&trumpf_ai::BotSpec::Command(command.clone()), seed).ok()
    }

    fn seat_name(seat: Seat) -> &'static str {
        seat_name(seat)
    }

    fn said(_before: &SpitzerGame, action: SpitzerAction) -> Option<Said> {
        match action {
            SpitzerAction::Pass => Some(Said::Pass),
            SpitzerAction::Announce(a) => Some(Said::Announce(a)),
            SpitzerAction::Play(_) => None,
        }
    }

    fn hand_order(cards: CardSet, _view: &SpitzerView) -> Vec<Card> {
        hand_order(cards)
    }

    fn itemise(table: &Table<SpitzerGame>) -> Vec<Row> {
        let v = table.end_view();
        let Some(o) = v.outcome else { return Vec::new() };
        let how = match v.announcement {
            Some((seat, a)) if a.is_call() => format!("{} by {}", announcement_text(a), table.who(seat)),
            Some((seat, _)) => format!("announced by {}", table.who(seat)),
            None => "all passed".to_owned(),
        };
        let side: Vec<String> = o.declaring.iter().map(|seat| table.who(seat)).collect();
        let scores = table.finished().map(|d| d.scores).unwrap_or_default();
        let totals = table.record().totals();
        let members: Vec<(String, i64, i64)> = Member::all(table.members())
            .map(|m| (table.name(m).to_owned(), scores[m.index()], totals[m.index()]))
            .collect();
        settlement_rows(&o.settlement, &how, &side, &members)
    }
}

/// The itemised result of a Spitzer deal: the contract and `how` it came
/// about ("all passed", "Call ♥A by You (E1)"), the declaring `side` and its
/// verdict, tricks and card points per side, the column and the tariff row,
/// the gain, and each member's name, gain this deal and total.
pub fn settlement_rows(s: &Settlement, how: &str, side: &[String], members: &[(String, i64, i64)]) -> Vec<Row> {
    let points = [s.points.to_string(), (120 - u16::from(s.points)).to_string()];
    let sides = Grid::new(vec![Column::left(16), Column::right(10), Column::right(8)])
        .row(Tone::Strong, ["", "declaring", "other"])
        .row(Tone::Plain, ["tricks".to_owned(), s.tricks.to_string(), (8 - s.tricks).to_string()])
        .row(Tone::Plain, ["card points".to_owned(), points[0].clone(), points[1].clone()]);
    let gain_text = if s.value > 0 {
        format!("→ +{} to each player of the declaring side", s.value)
    } else {
        format!("→ +{} to each player of the other side", s.value.unsigned_abs())
    };
    let mut columns = vec![Column::left(12)];
    columns.extend(members.iter().map(|_| Column::right(7)));
    let cells = |label: &str, cell: &dyn Fn(&(String, i64, i64)) -> String| {
        std::iter::once(label.to_owned()).chain(members.iter().map(cell)).collect::<Vec<_>>()
    };
    let sheet = Grid::new(columns)
        .row(Tone::Strong, cells("", &|(name, _, _)| name.clone()))
        .row(Tone::Plain, cells("this deal", &|&(_, gained, _)| gain(gained)))
        .row(Tone::Strong, cells("totals", &|&(_, _, total)| total.to_string()));
    vec![
        Row::heading(format!("{} — {how}", contract_text(s.contract)), Tone::Strong),
        Row::Verdict { text: format!("Declaring side: {}", side.join(" + ")), won: s.value > 0 },
        Row::Grid(sides),
        Row::text(format!("column {}: {}", s.column, column_meaning(s.column)), Tone::Plain),
        Row::text(format!("tariff {}", tariff_row(s.contract, Some(s.column))), Tone::Plain),
        Row::text(gain_text, Tone::Strong),
        Row::Grid(sheet),
    ]
}
