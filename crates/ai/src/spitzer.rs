//! A heuristic Spitzer bot: announcements from trump and ace counts, card
//! play by what the view knows of the teams.

#[cfg(test)]
use trumpf_core::Seat;
use trumpf_core::spitzer::{
    Announcement, BIG_QUEEN, FAIL_SUITS, LITTLE_QUEEN, SPITZER, SpitzerAction, SpitzerGame, SpitzerPhase, SpitzerView,
    TRUMPS, card_points, strength, trick_winner,
};
use trumpf_core::{Card, CardSet, GameView, Rank, Suit};

use crate::Bot;
use crate::trick::winning_cards;

/// A rule-of-thumb Spitzer player.
#[derive(Clone, Debug, Default)]
pub struct SpitzerBot {}

impl SpitzerBot {
    /// A new heuristic bot.
    pub fn new() -> SpitzerBot {
        SpitzerBot {}
    }
}

/// Hand strength in rough "tricks": high trumps and fail aces.
fn strength_of(hand: CardSet) -> f32 {
    let mut s = 0.0;
    for card in hand & TRUMPS {
        s += match card {
            c if c == BIG_QUEEN || c == SPITZER || c == LITTLE_QUEEN => 1.0,
            c if c.rank() == Rank::Queen => 0.8,
            c if c.rank() == Rank::Jack => 0.6,
            _ => 0.45,
        };
    }
    for suit in FAIL_SUITS {
        if hand.contains(Card::new(suit, Rank::Ace)) {
            s += 0.8;
        }
    }
    s
}

/// A fail seven of a suit other than `led`'s: it never wins a trick led by `led`.
fn filler(led: Option<Card>) -> Card {
    let suit = match led.map(Card::suit) {
        Some(Suit::Clubs) => Suit::Hearts,
        _ => Suit::Clubs,
    };
    Card::new(suit, Rank::Seven)
}

fn cost(card: Card) -> i32 {
    i32::from(card_points(card)) + if TRUMPS.contains(card) { 8 + i32::from(strength(card, card)) / 4 } else { 0 }
}

impl SpitzerBot {
    fn announce(&self, view: &SpitzerView, legal: &[SpitzerAction]) -> SpitzerAction {
        let hand = view.hand;
        let s = strength_of(hand);
        let offered = |a: Announcement| legal.contains(&SpitzerAction::Announce(a));
        if s >= 7.0 && offered(Announcement::ZolaSchneider) {
            return SpitzerAction::Announce(Announcement::ZolaSchneider);
        }
        if s >= 5.6 && offered(Announcement::Zola) {
            return SpitzerAction::Announce(Announcement::Zola);
        }
        let both_queens = hand.contains(BIG_QUEEN) && hand.contains(LITTLE_QUEEN);
        if both_queens && s < 4.6 {
            // Too weak for a Sneaker: find a partner.
            if offered(Announcement::CallFirstTrick) {
                return SpitzerAction::Announce(Announcement::CallFirstTrick);
            }
            // Call the ace of the suit where we hold the most fail cards.
            let best = legal
                .iter()
                .copied()
                .filter(|a| {
                    matches!(a, SpitzerAction::Announce(Announcement::CallAce(_) | Announcement::CallAceVoid(_)))
                })
                .max_by_key(|a| match a {
                    SpitzerAction::Announce(Announcement::CallAce(s) | Announcement::CallAceVoid(s)) => {
                        (hand & (CardSet::suit(*s) - TRUMPS)).len()
                    }
                    _ => 0,
                });
            if let Some(call) = best {
                return call;
            }
        }
        SpitzerAction::Pass
    }

    fn play(&self, view: &SpitzerView) -> Card {
        let legal = view.legal_cards();
        let trick = view.trick();
        let me = view.seat;
        let cheapest = |set: CardSet| set.iter().min_by_key(|&c| (cost(c), c.index()));
        let dearest = |set: CardSet| set.iter().max_by_key(|&c| (card_points(c), -cost(c)));
        let fallback = legal.first().unwrap_or(BIG_QUEEN);
        let Some(&led) = trick.first() else {
            // Leading: our side draws trumps when we know we declare; else aces.
            let aces: CardSet = FAIL_SUITS.iter().map(|&s| Card::new(s, Rank::Ace)).collect();
            if view.teams.is_declaring(me) == Some(true)
                && let Some(top) = (legal & TRUMPS).iter().max_by_key(|&c| strength(c, c))
                && strength(top, top) >= strength(LITTLE_QUEEN, LITTLE_QUEEN)
            {
                return top;
            }
            if let Some(ace) = (legal & aces).first() {
                return ace;
            }
            let fails = legal - TRUMPS;
            return cheapest(if fails.is_empty() { legal } else { fails }).unwrap_or(fallback);
        };
        let fill = filler(Some(led));
        let winner_pos = crate::trick::partial_winner::<4>(trick, fill, trick_winner);
        let winner = view.leader.offset(winner_pos, 4);
        let mine = view.teams.is_declaring(me);
        let partner_winning = mine.is_some() && view.teams.is_declaring(winner) == mine;
        let winning = winning_cards::<4>(legal, trick, fill, trick_winner);
        let points: u8 = trick.iter().map(|&c| card_points(c)).sum();
        let last = trick.len() == 3;
        if partner_winning && (last || strength(trick[winner_pos], led) >= strength(LITTLE_QUEEN, LITTLE_QUEEN)) {
            let losing = legal - winning;
            return dearest(if losing.is_empty() { legal } else { losing }).unwrap_or(fallback);
        }
        if !winning.is_empty() && (last || points >= 10 || TRUMPS.contains(led)) {
            return cheapest(winning).unwrap_or(fallback);
        }
        if !winning.is_empty()
            && let Some(top) = winning.iter().max_by_key(|&c| strength(c, led))
            && strength(top, led) >= strength(BIG_QUEEN, BIG_QUEEN)
        {
            return top;
        }
        cheapest(legal).unwrap_or(fallback)
    }
}

impl Bot<SpitzerGame> for SpitzerBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: &SpitzerView) -> SpitzerAction {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "choose called when the seat has no legal action");
        let action = match view.phase {
            SpitzerPhase::Announcing => self.announce(view, &legal),
            _ => SpitzerAction::Play(self.play(view)),
        };
        if legal.contains(&action) { action } else { legal[0] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outscores_random_players() {
        let (mine, theirs) = crate::testing::heuristic_vs_random::<SpitzerGame>(SpitzerBot::new(), 400);
        assert!(mine > theirs + 3.0, "heuristic {mine:.2} vs random {theirs:.2} points per deal");
    }

    fn first_decision(eldest: &str) -> SpitzerAction {
        use trumpf_core::Game;
        use trumpf_core::spitzer::{SpitzerDeal, SpitzerRules};
        let eldest: CardSet = eldest.parse().unwrap();
        let rest: Vec<Card> = (CardSet::PIQUET_PACK - eldest).iter().collect();
        let hand = |i: usize| rest[i * 8..(i + 1) * 8].iter().copied().collect::<CardSet>();
        let deal = SpitzerDeal::new([eldest, hand(0), hand(1), hand(2)]).unwrap();
        let game = SpitzerGame::new(deal, SpitzerRules::default()).unwrap();
        SpitzerBot::new().choose(&game.view(Seat::FOREHAND))
    }

    #[test]
    fn announces_zola_with_a_monster_and_calls_when_weak() {
        // Six top trumps and an ace: a Zola.
        assert_eq!(first_decision("CQ.D7.SQ.HQ.DQ.CJ.SJ.CA"), SpitzerAction::Announce(Announcement::Zola));
        // Both black queens and nothing else: call the ace of the longest
        // suit held (§4.3 CallAce: a fail card of the suit, not its ace).
        assert_eq!(
            first_decision("CQ.SQ.C7.C8.C9.H7.H8.S7"),
            SpitzerAction::Announce(Announcement::CallAce(Suit::Clubs))
        );
        // A middling hand without black queens stays silent.
        assert_eq!(first_decision("HQ.DJ.D8.CA.C7.H9.S9.S8"), SpitzerAction::Pass);
    }
}
