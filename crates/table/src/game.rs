//! What the table needs to know of each game.

use std::fmt::{Debug, Display};

use trumpf_ai::Bot;
use trumpf_ai::external::Command;
use trumpf_core::series::record::RecordGame;
use trumpf_core::{Card, CardSet, Seat};

use crate::controller::BotKind;
use crate::itemised::Row;
use crate::resume::{ReadSaveError, Resumable};
use crate::save::{SaveError, SaveFormat, Saved};
use crate::table::Table;

/// A game a table can seat: a [`RecordGame`] (so a match of it is played,
/// replayed and written) with the pieces a table adds: its bots, the words
/// its actions say aloud, its seats' spoken names, the order a player
/// sorts cards in, and the itemised result of a finished deal.
pub trait TableGame: RecordGame + PartialEq {
    /// What a seat says aloud in a deal (a bid, a pass, an announcement):
    /// every public action that is not a card.
    type Said: Copy + Eq + Debug + Display + Send + Sync + 'static;

    /// A bot of `kind` (seeded with `seed` where it draws at random), or
    /// `None` if the game has none of that kind.
    fn bot(kind: BotKind, seed: u64) -> Option<Box<dyn Bot<Self>>>;

    /// A bot played by the outside program `command`
    /// (`docs/bot-protocol.md`, [`trumpf_ai::external`]), or `None` if the
    /// game cannot seat one.
    fn program(command: &Command, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        let _ = (command, seed);
        None
    }

    /// The spoken name of `seat`: "Forehand", "E1", "L".
    fn seat_name(seat: Seat) -> &'static str;

    /// What `action` says aloud, taken in the deal `before` it.
    fn said(before: &Self, action: Self::Action) -> Option<Self::Said>;

    /// `cards` in the order a player holding them sorts them, as the game
    /// stands in `view` (Skat: trumps of the declared game first).
    fn hand_order(cards: CardSet, view: &Self::View) -> Vec<Card>;

    /// The itemised result of `table`'s deal, which is over: how each
    /// score came about, row by row.
    fn itemise(table: &Table<Self>) -> Vec<Row>;

    /// The match of `table` so far, the deal in progress included, as the
    /// text of a file in the format `wanted`, if the game and its deals
    /// allow it, otherwise as a trumpf match record. The default writes the
    /// trumpf record.
    ///
    /// # Errors
    /// If a recorded deal cannot be written (a bug if it ever happens).
    fn save(table: &Table<Self>, wanted: SaveFormat) -> Result<Saved, SaveError> {
        let _ = wanted;
        Ok(Saved { text: table.record_text(), format: SaveFormat::Trumpf, not_iss: None })
    }

    /// Reads back ISS records that [`TableGame::save`] wrote, to continue
    /// the match ([`Resumable::read`]). The default refuses: only Skat has
    /// ISS records.
    ///
    /// # Errors
    /// Records that do not read or were not written by a table.
    fn read_iss(text: &str) -> Result<Resumable<Self>, ReadSaveError<Self>> {
        let _ = text;
        Err(ReadSaveError::IssNotThisGame(Self::NAME))
    }
}
