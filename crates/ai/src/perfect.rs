//! The perfect-information player, for measurement only: it sees every
//! card and plays double-dummy, so it is the ceiling a bot that sees only
//! its view is measured against ([`Player::Omniscient`](crate::tournament::Player::Omniscient)).
//!
//! * Card play: the solver's best card (Skat: the declarer's points,
//!   maximised by him and minimised by the defenders; Spitzer: its side's
//!   points; Spidge: see below).
//! * Skat bidding and declaring: with every hand and the skat known it
//!   solves every game, hand and pickup (the discard chosen by rule), with
//!   the announced and ouvert forms of each game it wins, and bids to the
//!   value of the best game it wins; Kontra and Re when the game is lost
//!   or won for certain.
//! * Spitzer announcements: each legal one solved with all hands known.
//! * Spidge: every legal card is played and the deal played out from the
//!   true position by the heuristic bots, once with the mover taking what
//!   he can and once with him avoiding every trick; the card best for his
//!   points less half of each other player's under either plan, ties to the
//!   heuristic's card (as the PIMC bot does over sampled worlds,
//!   [`spidge_tally`](crate::pimc::spidge_tally), here on the one true
//!   deal). The solver's award values made a weaker ceiling: a full deal is
//!   beyond it within a decision's budget (`BENCHMARKS.md`, Spidge).
//!
//! What the solver does not play (a Ramsch, the Grand Hand offer,
//! Schieberamsch) the game's heuristic bot decides from the seat's view.
//!
//! [`PerfectBidding`] (`perfect:play=BOT`) is the perfect player until the
//! first card and a bot on its view from then on (Kontra and Re included):
//! beside `perfect` and `BOT` it splits the gap between them into what the
//! bidding and what the card play are worth.

use trumpf_core::skat::{BidMove, Contract, GameKind, SkatAction, SkatDeal, SkatGame, SkatPhase, SkatRules};
use trumpf_core::spidge::{SpidgeAction, SpidgeGame};
use trumpf_core::spitzer::{SpitzerAction, SpitzerGame, SpitzerPhase};
use trumpf_core::{Card, Game, Seat};

use crate::pimc::{announced_forms, discard_for, spitzer_win_score};
use crate::solver::{Goal, Solver};
use crate::tournament::Omniscient;
use crate::{Bot, BotGame, BotSpec, SkatBot, SpidgeBot, SpitzerBot, spidge};

/// Plays with every card in sight (see the module docs).
pub struct Perfect {
    solver: Solver,
}

impl Default for Perfect {
    fn default() -> Self {
        Perfect::new()
    }
}

impl Perfect {
    /// A perfect player with its own solver tables.
    pub fn new() -> Perfect {
        Perfect { solver: Solver::with_table_bits(18) }
    }

    /// Whether `seat` wins `contract` with all cards as in `game`'s deal
    /// (after a pickup, with the rule's discard).
    fn skat_wins(&mut self, game: &SkatGame, seat: Seat, contract: Contract) -> bool {
        let deal = game.deal();
        let mut hands = *deal.hands().as_array();
        let mut skat = deal.skat();
        if !contract.hand {
            let twelve = hands[seat.index()] | skat;
            skat = discard_for(contract.kind, twelve);
            hands[seat.index()] = twelve - skat;
        }
        let rules = SkatRules { kontra: None, ..*game.rules() };
        let Ok(d) = SkatDeal::new(hands, skat) else { return false };
        let Ok(start) = SkatGame::with_declaration(d, rules, seat, 18, contract) else { return false };
        self.solver.skat(&start, Goal::Win) == Ok(1)
    }

    /// The best game `seat` wins with this deal, and its value: every game
    /// type, hand and pickup, and the announced and ouvert forms of each
    /// game it wins (schneider, schwarz and ouvert for a hand game, Null
    /// Ouvert), each only while the one before is won.
    fn best_skat_game(&mut self, game: &SkatGame, seat: Seat) -> Option<(Contract, u16)> {
        let deal = game.deal();
        // The skat counts for the matadors, hand or not (skat.md §5.2).
        let twelve = deal.hand(seat) | deal.skat();
        let mut best: Option<(Contract, u16)> = None;
        for kind in GameKind::ALL {
            for hand in [true, false] {
                let plain = if hand { Contract::hand(kind) } else { Contract::pickup(kind) };
                // Each form is worth more than the one before it.
                let forms = announced_forms(plain);
                let strongest = forms.last().copied().unwrap_or(plain);
                if best.is_some_and(|(_, v)| v >= strongest.plain_value(twelve)) {
                    continue;
                }
                let won = std::iter::once(plain).chain(forms).take_while(|&c| self.skat_wins(game, seat, c)).last();
                if let Some(contract) = won {
                    let value = contract.plain_value(twelve);
                    if best.is_none_or(|(_, v)| value > v) {
                        best = Some((contract, value));
                    }
                }
            }
        }
        best
    }

    fn skat(&mut self, game: &SkatGame) -> Option<SkatAction> {
        let seat = game.to_act()?;
        if game.is_ramsch() {
            return None;
        }
        let kontra = game.kontra();
        if kontra.re_pending {
            let won = self.solver.skat(game, Goal::Win) == Ok(1);
            return Some(if won { SkatAction::Re } else { SkatAction::Pass });
        }
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        if legal.contains(&SkatAction::Kontra) && self.solver.skat(game, Goal::Win) == Ok(0) {
            return Some(SkatAction::Kontra);
        }
        match game.phase() {
            SkatPhase::Bidding => {
                let limit = self.best_skat_game(game, seat).map_or(0, |(_, v)| v);
                let auction = game.auction();
                Some(if auction.awaiting_answer() {
                    if auction.value() <= limit { SkatAction::Hold } else { SkatAction::Pass }
                } else {
                    match auction.nth_legal(0) {
                        Some(BidMove::Bid(first)) if first <= limit => SkatAction::Bid(first),
                        _ => SkatAction::Pass,
                    }
                })
            }
            SkatPhase::SkatDecision => {
                let best = self.best_skat_game(game, seat);
                match best {
                    Some((c, _)) if c.hand && legal.contains(&SkatAction::Declare(c)) => Some(SkatAction::Declare(c)),
                    _ => Some(SkatAction::TakeSkat),
                }
            }
            SkatPhase::Discarding => {
                let kind = self.best_skat_game(game, seat).map_or(GameKind::Grand, |(c, _)| c.kind);
                let action = SkatAction::Discard(discard_for(kind, game.hand(seat)));
                legal.contains(&action).then_some(action)
            }
            SkatPhase::Declaring => {
                // The best game, or (a hand game that could not be
                // declared) its kind picked up.
                let contract = match self.best_skat_game(game, seat) {
                    Some((c, _)) if !c.hand => c,
                    best => Contract::pickup(best.map_or(GameKind::Grand, |(c, _)| c.kind)),
                };
                let action = SkatAction::Declare(contract);
                legal.contains(&action).then_some(action)
            }
            SkatPhase::Playing => {
                let declarer = game.declarer()?.0;
                let goal = if game.contract()?.kind == GameKind::Null { Goal::Win } else { Goal::Points };
                let values = self.solver.skat_cards(game, goal).ok()?;
                let pick = if seat == declarer {
                    values.iter().max_by_key(|&(c, v)| (v, std::cmp::Reverse(c)))
                } else {
                    values.iter().min_by_key(|&(c, v)| (v, c))
                };
                pick.map(|(c, _)| SkatAction::Play(c))
            }
            _ => None,
        }
    }

    fn spitzer(&mut self, game: &SpitzerGame) -> Option<SpitzerAction> {
        match game.phase() {
            SpitzerPhase::Playing => {
                let values = self.solver.spitzer_cards(game, Goal::Points).ok()?;
                values.iter().max_by_key(|&(c, v)| (v, std::cmp::Reverse(c))).map(|(c, _)| SpitzerAction::Play(c))
            }
            SpitzerPhase::Announcing => {
                let me = game.to_act()?;
                let mut legal = Vec::new();
                game.legal_actions(&mut legal);
                let mut best: Option<(f64, SpitzerAction)> = None;
                for &option in &legal {
                    let mut g = *game;
                    g.apply_unchecked(option);
                    while g.phase() == SpitzerPhase::Announcing {
                        g.apply_unchecked(SpitzerAction::Pass);
                    }
                    // Whether the declaring side makes it, double-dummy,
                    // scored with the tariff for `me`.
                    let won = self.solver.spitzer(&g, Goal::Win).ok()? == 1;
                    let contract = g.contract().unwrap_or(trumpf_core::spitzer::Contract::Normal);
                    let in_d = g.declaring_side().is_none_or(|d| d.contains(me));
                    let score = spitzer_win_score(contract, in_d, won);
                    if best.is_none_or(|(b, _)| score > b) {
                        best = Some((score, option));
                    }
                }
                best.map(|(_, a)| a)
            }
            SpitzerPhase::Over => None,
        }
    }

    fn spidge(&mut self, game: &SpidgeGame) -> Option<SpidgeAction> {
        let seat = game.to_act()?;
        let mut values = [i32::MIN; 64];
        for duck in spidge::PLANS {
            spidge::rollouts(game, duck, |card, v| {
                let best = &mut values[usize::from(card.index())];
                *best = (*best).max(v);
            });
        }
        let view = game.view(seat);
        let SpidgeAction::Play(hint) = SpidgeBot::new().choose(&view);
        let value = |card: Card| (values[usize::from(card.index())], card == hint);
        view.legal_cards().iter().max_by_key(|&card| value(card)).map(SpidgeAction::Play)
    }
}

impl Omniscient<SkatGame> for Perfect {
    fn choose(&mut self, game: &SkatGame) -> SkatAction {
        self.skat(game).unwrap_or_else(|| {
            let seat = game.to_act().unwrap_or(Seat::FOREHAND);
            SkatBot::new().choose(&game.view(seat))
        })
    }
}

impl Omniscient<SpitzerGame> for Perfect {
    fn choose(&mut self, game: &SpitzerGame) -> SpitzerAction {
        self.spitzer(game).unwrap_or_else(|| {
            let seat = game.to_act().unwrap_or(Seat::FOREHAND);
            SpitzerBot::new().choose(&game.view(seat))
        })
    }
}

impl Omniscient<SpidgeGame> for Perfect {
    fn choose(&mut self, game: &SpidgeGame) -> SpidgeAction {
        self.spidge(game).unwrap_or_else(|| {
            let seat = game.to_act().unwrap_or(Seat::FOREHAND);
            SpidgeBot::new().choose(&game.view(seat))
        })
    }
}

/// The game's card play, where [`PerfectBidding`] hands over to its bot.
pub trait CardPlay: Game {
    /// Whether the deal is in its card play.
    fn in_card_play(&self) -> bool;
}

impl CardPlay for SkatGame {
    fn in_card_play(&self) -> bool {
        self.phase() == SkatPhase::Playing
    }
}

impl CardPlay for SpitzerGame {
    fn in_card_play(&self) -> bool {
        self.phase() == SpitzerPhase::Playing
    }
}

impl CardPlay for SpidgeGame {
    fn in_card_play(&self) -> bool {
        true
    }
}

/// Perfect bidding, a bot's card play (see the module docs).
pub struct PerfectBidding<G: Game> {
    perfect: Perfect,
    play: Box<dyn Bot<G>>,
}

impl<G: Game> PerfectBidding<G> {
    /// The perfect player's bidding with `play`'s card play.
    pub fn new(play: Box<dyn Bot<G>>) -> PerfectBidding<G> {
        PerfectBidding { perfect: Perfect::new(), play }
    }
}

impl<G: CardPlay> Omniscient<G> for PerfectBidding<G>
where
    Perfect: Omniscient<G>,
{
    fn choose(&mut self, game: &G) -> G::Action {
        match game.to_act() {
            Some(seat) if game.in_card_play() => self.play.choose(&game.view(seat)),
            _ => self.perfect.choose(game),
        }
    }
}

/// The player a spec that needs the whole state names: `perfect`, or
/// `perfect:play=BOT` (its bot seeded with `seed`); `None` for a bot that
/// plays from its view ([`BotGame::bot`]).
pub fn omniscient<G>(spec: &BotSpec, seed: u64) -> Option<Box<dyn Omniscient<G>>>
where
    G: BotGame + CardPlay + 'static,
    Perfect: Omniscient<G>,
{
    match spec {
        BotSpec::Perfect => Some(Box::new(Perfect::new())),
        BotSpec::PerfectBidding(play) => Some(Box::new(PerfectBidding::new(G::bot(play, seed).ok()?))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The contract forehand holding `hand` declares when the others pass,
    /// the other cards dealt in a fixed order.
    fn declared_by_forehand(hand: &str) -> Option<Contract> {
        let mut game = SkatGame::new(crate::testing::skat_deal_for_forehand(hand), SkatRules::ISKO);
        let mut perfect = Perfect::new();
        while game.contract().is_none() {
            let seat = game.to_act()?;
            let action =
                if seat == Seat::FOREHAND { Omniscient::choose(&mut perfect, &game) } else { SkatAction::Pass };
            game.try_apply(seat, action).unwrap();
        }
        game.contract()
    }

    #[test]
    fn the_perfect_bidder_announces_what_the_cards_make() {
        // Four jacks and the aces and tens of three suits take every trick:
        // Grand Ouvert, 24 × (4 + 7) = 264, more than any other game.
        let grand = declared_by_forehand("CJ.SJ.HJ.DJ.CA.CT.SA.ST.HA.HT").unwrap();
        assert_eq!(grand, Contract { kind: GameKind::Grand, hand: true, schneider: true, schwarz: true, ouvert: true });
        // With ♥7 for ♥10 the defenders keep a higher heart for the last
        // trick, which holds at most 21 points (a ten and an ace on the
        // seven): schneider announced is made, schwarz is not. Grand Hand
        // Schneider announced, 24 × 8 = 192, beats any Clubs game (at most
        // 12 × 10 = 120).
        let grand = declared_by_forehand("CJ.SJ.HJ.DJ.CA.CT.SA.ST.HA.H7").unwrap();
        assert_eq!(
            grand,
            Contract { kind: GameKind::Grand, hand: true, schneider: true, schwarz: false, ouvert: false }
        );
        // The three lowest cards of three suits and ♦7 lie under every card
        // the others can lead: Null Ouvert Hand (59).
        let null = declared_by_forehand("C7.C8.C9.S7.S8.S9.H7.H8.H9.D7").unwrap();
        assert_eq!(null, Contract { kind: GameKind::Null, hand: true, schneider: false, schwarz: false, ouvert: true });
    }
}
