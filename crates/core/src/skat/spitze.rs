//! Spitze (`skat-pub-extras.md` §2): the declarer of a suit game or Grand
//! promises to win the last trick with the lowest trump, and shows it.

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::skat::contract::{Contract, GameKind};
use crate::skat::rules::{SkatRules, SpitzeBan};

/// The lowest trump of a game, the card Spitze is played with: the trump
/// seven in a suit game, the jack of diamonds in a Grand; none in a Null.
pub const fn spitze_card(kind: GameKind) -> Option<Card> {
    match kind {
        GameKind::Suit(suit) => Some(Card::new(suit, Rank::Seven)),
        GameKind::Grand => Some(Card::new(Suit::Diamonds, Rank::Jack)),
        GameKind::Null => None,
    }
}

/// Whether the declarer of `contract` may announce Spitze (§2.2–§2.3):
/// `hand` are his ten playing cards after the discard, `known` the cards he
/// knows to be his (twelve with the discards after a pickup, his ten in a
/// hand game).
///
/// # Errors
/// Why not.
pub(crate) fn spitze_check(
    rules: &SkatRules,
    contract: Contract,
    hand: CardSet,
    known: CardSet,
) -> Result<Card, &'static str> {
    let Some(spitze) = rules.spitze else { return Err("Spitze is not played at this table") };
    let Some(card) = spitze_card(contract.kind) else { return Err("a Null game has no Spitze") };
    if !hand.contains(card) {
        return Err("the lowest trump must be one of the declarer's ten cards");
    }
    match spitze.ban {
        SpitzeBan::GrandWith4 if contract.kind == GameKind::Grand && CardSet::JACKS.is_subset(known) => {
            Err("not in a Grand with all four jacks")
        }
        SpitzeBan::AllTrumps if contract.kind.trumps().is_subset(known) => Err("not with every trump of the game"),
        _ => Ok(card),
    }
}
