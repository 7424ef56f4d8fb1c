//! A heuristic Skat bot: hand evaluation for bidding and declaring, and
//! rules of thumb for card play. It sees only its own [`SkatView`].

use trumpf_core::skat::{BidMove, Contract, GameKind, SkatAction, SkatGame, SkatPhase, SkatView, card_points, points};
use trumpf_core::{Card, CardSet, Game, GameView, Rank, Seat, Suit};

use crate::{Bot, pub_extras};

/// A rule-of-thumb Skat player.
#[derive(Clone, Debug, Default)]
pub struct SkatBot {
    /// Extra confidence added to every hand evaluation (0 = neutral; higher
    /// bids more boldly).
    pub boldness: f32,
}

impl SkatBot {
    /// A new heuristic bot with neutral boldness.
    pub fn new() -> SkatBot {
        SkatBot { boldness: 0.0 }
    }
}

/// Evaluation of one playable game for a hand.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    kind: GameKind,
    /// Estimated strength; about 6.5 or more is a playable pickup game.
    strength: f32,
    /// The value of the plain game (matadors + 1) × base, or the Null value.
    value: u16,
}

const THRESHOLD: f32 = 5.5;
pub(crate) const HAND_THRESHOLD: f32 = 7.5;

fn jack_weight(suit: Suit) -> f32 {
    match suit {
        Suit::Clubs => 1.5,
        Suit::Spades => 1.3,
        Suit::Hearts => 1.1,
        Suit::Diamonds => 1.0,
    }
}

/// Strength of a suit or grand game with `cards` (10 or 12 cards).
pub(crate) fn suit_or_grand_strength(kind: GameKind, cards: CardSet) -> f32 {
    let trumps = kind.trumps();
    let mut s = 0.0;
    for jack in cards & CardSet::JACKS {
        s += jack_weight(jack.suit()) * if kind == GameKind::Grand { 1.4 } else { 1.0 };
    }
    let trump_suit = match kind {
        GameKind::Suit(t) => Some(t),
        _ => None,
    };
    for suit in Suit::ALL {
        let held = cards & (CardSet::suit(suit) - CardSet::JACKS);
        if Some(suit) == trump_suit {
            for c in held {
                s += match c.rank() {
                    Rank::Ace => 1.0,
                    Rank::Ten => 0.85,
                    Rank::King => 0.7,
                    _ => 0.6,
                };
            }
            continue;
        }
        let ace = held.contains(Card::new(suit, Rank::Ace));
        let ten = held.contains(Card::new(suit, Rank::Ten));
        if ace {
            s += 1.0;
        }
        if ten && (ace || held.len() >= 3) {
            s += if ace { 0.8 } else { 0.3 };
        }
        if kind == GameKind::Grand && ace && ten && held.len() >= 4 {
            s += 0.6;
        }
        if held.is_empty() && kind != GameKind::Grand && (cards & trumps).len() >= 5 {
            s += 0.5;
        }
    }
    let trump_count = (cards & trumps).len();
    if kind != GameKind::Grand && trump_count < 5 {
        s -= 1.5 * (5 - trump_count) as f32;
    }
    if kind == GameKind::Grand {
        // A grand needs jacks and aces at once: without both it collapses.
        let jacks = (cards & CardSet::JACKS).len();
        s -= if jacks < 2 { 2.5 } else { 0.4 };
    }
    s
}

/// Whether a hand can play Null, as a strength comparable with suit games.
fn null_strength(cards: CardSet) -> f32 {
    let mut danger = 0.0;
    for suit in Suit::ALL {
        let held = cards & CardSet::suit(suit);
        if held.is_empty() {
            continue;
        }
        let low = |r: Rank| held.contains(Card::new(suit, r));
        // A suit is safe when it is ladder-protected from the bottom.
        let safe = low(Rank::Seven) && (held.len() <= 2 || low(Rank::Eight) || low(Rank::Nine));
        if !safe {
            danger += if low(Rank::Eight) && held.len() <= 2 { 0.7 } else { 1.5 };
        }
    }
    // 7.0 for a perfectly safe hand; each dangerous suit costs.
    7.0 - 1.6 * danger
}

fn candidates(cards: CardSet) -> impl Iterator<Item = Candidate> {
    GameKind::ALL.into_iter().map(move |kind| match kind {
        GameKind::Null => Candidate { kind, strength: null_strength(cards), value: 23 },
        _ => {
            let base = kind.base_value().unwrap_or(0);
            let matadors = kind.matadors(cards).unsigned_abs() as u16;
            Candidate { kind, strength: suit_or_grand_strength(kind, cards), value: base * (matadors + 1) }
        }
    })
}

fn best_candidate(cards: CardSet, min_value: u16) -> Option<Candidate> {
    candidates(cards)
        .filter(|c| c.value >= min_value || c.kind != GameKind::Null)
        .max_by(|a, b| (a.strength, a.value).partial_cmp(&(b.strength, b.value)).unwrap_or(std::cmp::Ordering::Equal))
}

impl SkatBot {
    /// The highest value this hand is worth bidding to (0 = do not bid).
    fn bid_limit(&self, hand: CardSet) -> u16 {
        candidates(hand)
            .filter(|c| c.strength + self.boldness >= THRESHOLD)
            .map(|c| if c.kind == GameKind::Null { 23 } else { c.value })
            .max()
            .unwrap_or(0)
    }

    fn bid(&self, view: &SkatView) -> SkatAction {
        let limit = self.bid_limit(view.hand);
        let auction = view.auction;
        let mut choice = SkatAction::Pass;
        if auction.awaiting_answer() {
            if auction.value() <= limit {
                choice = SkatAction::Hold;
            }
        } else if let Some(BidMove::Bid(first)) = auction.nth_legal(0)
            && first <= limit
        {
            choice = SkatAction::Bid(first);
        }
        choice
    }

    fn skat_decision(&self, view: &SkatView) -> SkatAction {
        let hand = view.hand;
        if let Some(best) = best_candidate(hand, view.bid)
            && best.strength + self.boldness >= HAND_THRESHOLD
        {
            let contract = Contract::hand(best.kind);
            let value = contract.null_value().unwrap_or(best.value + best.kind.base_value().unwrap_or(0));
            if value >= view.bid {
                return SkatAction::Declare(contract);
            }
        }
        SkatAction::TakeSkat
    }

    fn discard(&self, view: &SkatView) -> SkatAction {
        SkatAction::Discard(self.discard_from(view.hand, view.bid))
    }

    /// The two cards the bot lays away from its twelve `hand` after
    /// picking up at bid `bid`.
    pub(crate) fn discard_from(&self, hand: CardSet, bid: u16) -> CardSet {
        let mut best: Option<(f32, CardSet)> = None;
        for a in hand {
            for b in hand - CardSet::from_bits_truncate((2u64 << a.index()) - 1) {
                let away = CardSet::single(a).with(b);
                let keep = hand - away;
                for cand in candidates(keep) {
                    let reaches = if cand.kind == GameKind::Null { 23 >= bid } else { cand.value >= bid };
                    let mut score = cand.strength + if reaches { 0.0 } else { -3.0 };
                    if cand.kind == GameKind::Null {
                        score -= f32::from(0u8);
                    } else {
                        score += f32::from(points(away)) / 12.0;
                        if (away & cand.kind.trumps()).is_empty() {
                            score += 0.2;
                        }
                    }
                    if best.is_none_or(|(s, _)| score > s) {
                        best = Some((score, away));
                    }
                }
            }
        }
        best.map_or(CardSet::EMPTY, |(_, away)| away)
    }

    fn declare(&self, view: &SkatView, legal: &[SkatAction]) -> SkatAction {
        let twelve = view.hand | view.skat;
        let ranked = candidates(twelve).filter_map(|c| {
            let contract = if view.picked_up { Contract::pickup(c.kind) } else { Contract::hand(c.kind) };
            let action = SkatAction::Declare(contract);
            legal.contains(&action).then_some((c, action))
        });
        let best = ranked.max_by(|(a, _), (b, _)| {
            let key = |c: &Candidate| (c.value >= view.bid || c.kind == GameKind::Null, c.strength);
            key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal)
        });
        best.map(|(_, action)| action).unwrap_or(legal[0])
    }
}

/// Which cards of the trick so far are winning: the seat and strength.
fn current_winner(kind: GameKind, trick: &[Card], leader: Seat) -> Option<(Seat, u8)> {
    let led = *trick.first()?;
    let mut best = (leader, kind.strength(led, led));
    for (i, &c) in trick.iter().enumerate().skip(1) {
        let s = kind.strength(c, led);
        if s > best.1 {
            best = (leader.offset(i, 3), s);
        }
    }
    Some(best)
}

/// A card's "cost" when thrown away: points, with trumps costing extra.
fn cost(kind: GameKind, card: Card) -> i32 {
    let trump = if kind.trumps().contains(card) { 15 } else { 0 };
    i32::from(card_points(card)) + trump + if kind == GameKind::Null { card.rank() as i32 } else { 0 }
}

impl SkatBot {
    pub(crate) fn play(&self, view: &SkatView) -> SkatAction {
        let legal = pub_extras::keep_spitze(view, view.legal_cards());
        let contract = view.contract.unwrap_or(Contract::pickup(GameKind::Grand));
        let kind = contract.kind;
        let declarer = view.declarer.unwrap_or(Seat::FOREHAND);
        let me = view.seat;
        let i_declare = me == declarer;
        let trick = view.trick();
        let cheapest = |set: CardSet| set.iter().min_by_key(|&c| (cost(kind, c), c.index()));
        let dearest = |set: CardSet| set.iter().max_by_key(|&c| (cost(kind, c), c.index()));
        let pick = if kind == GameKind::Null {
            self.play_null(view, legal, i_declare)
        } else if trick.is_empty() {
            self.lead(view, legal, kind, i_declare)
        } else {
            let led = trick[0];
            let (winner, best) = current_winner(kind, trick, view.leader).expect("trick not empty");
            let partner_winning = !i_declare && winner != declarer;
            let last = trick.len() == 2;
            let winning: CardSet = legal.iter().filter(|&c| kind.strength(c, led) > best).collect();
            let trick_points: u8 = trick.iter().map(|&c| card_points(c)).sum();
            if partner_winning && (last || !(i_declare_next(view, declarer) && can_be_beaten(view, best, led, kind))) {
                // Partner wins: add points ("schmieren") without overtaking.
                let losing = legal - winning;
                dearest(if losing.is_empty() { legal } else { losing })
            } else if !winning.is_empty() && (last || trick_points >= 10 || kind.trumps().contains(led)) {
                cheapest(winning)
            } else if !winning.is_empty() && !last {
                // Win with a strong card only if it is likely to hold.
                let top = winning.iter().max_by_key(|&c| kind.strength(c, led));
                match top {
                    Some(c) if kind.strength(c, led) >= 20 + 20 || trick_points > 0 => Some(c),
                    _ => cheapest(legal),
                }
            } else {
                cheapest(legal)
            }
        };
        SkatAction::Play(pick.or(legal.first()).expect("a legal card"))
    }

    fn lead(&self, view: &SkatView, legal: CardSet, kind: GameKind, i_declare: bool) -> Option<Card> {
        let trumps = kind.trumps();
        let my_trumps = legal & trumps;
        let trumps_out = trumps - view.played - view.hand;
        if i_declare {
            if !my_trumps.is_empty() && !trumps_out.is_empty() {
                // Draw trumps, top down.
                return my_trumps.iter().max_by_key(|&c| kind.strength(c, c));
            }
            if let Some(ace) = (legal & (CardSet::rank(Rank::Ace) - trumps)).first() {
                return Some(ace);
            }
        } else if let Some(ace) = (legal & (CardSet::rank(Rank::Ace) - trumps)).first() {
            return Some(ace);
        }
        // Lead the lowest card of the longest side suit.
        let side = legal - trumps;
        let pool = if side.is_empty() { legal } else { side };
        let longest = Suit::ALL.into_iter().max_by_key(|&s| (pool & CardSet::suit(s)).len())?;
        let suit_cards = pool & CardSet::suit(longest);
        suit_cards.iter().min_by_key(|&c| (cost(kind, c), c.index()))
    }

    fn play_null(&self, view: &SkatView, legal: CardSet, i_declare: bool) -> Option<Card> {
        let kind = GameKind::Null;
        let trick = view.trick();
        let rank = |c: Card| c.rank() as u8;
        if i_declare {
            if let Some(&led) = trick.first() {
                let (_, best) = current_winner(kind, trick, view.leader)?;
                // Highest card that still stays under the best card.
                let under = legal.iter().filter(|&c| kind.strength(c, led) < best);
                if let Some(c) = under.max_by_key(|&c| (c.suit() == led.suit(), rank(c))) {
                    return Some(c);
                }
                return legal.iter().min_by_key(|&c| rank(c));
            }
            return legal.iter().min_by_key(|&c| rank(c));
        }
        // Defenders: lead low cards, follow low, throw high cards when void.
        match trick.first() {
            None => legal.iter().min_by_key(|&c| rank(c)),
            Some(&led) if legal.iter().any(|c| c.suit() == led.suit()) => legal.iter().min_by_key(|&c| rank(c)),
            Some(_) => legal.iter().max_by_key(|&c| rank(c)),
        }
    }
}

impl SkatBot {
    /// Grand Hand before a Ramsch only with a hand good enough to play it.
    fn grand_hand_offer(&self, view: &SkatView) -> SkatAction {
        if suit_or_grand_strength(GameKind::Grand, view.hand) + self.boldness >= HAND_THRESHOLD {
            SkatAction::Declare(Contract::hand(GameKind::Grand))
        } else {
            SkatAction::Pass
        }
    }

    /// Schieberamsch: push unseen with a hand that takes few points anyway
    /// (the doubling hurts the others), otherwise take and pass two cards on.
    fn ramsch_packet(&self, view: &SkatView) -> SkatAction {
        let dangerous = (view.hand & (CardSet::rank(Rank::Ace) | CardSet::rank(Rank::Ten) | CardSet::JACKS)).len();
        if view.rules.ramsch.unseen_push_allowed && dangerous <= 1 { SkatAction::Push } else { SkatAction::TakeSkat }
    }

    /// Passes on the two cards most likely to take points: aces and tens
    /// first, from the shortest suits.
    fn ramsch_discard(&self, view: &SkatView) -> SkatAction {
        let pool = if view.rules.ramsch.jacks_may_be_pushed { view.hand } else { view.hand - CardSet::JACKS };
        let danger = |c: Card| {
            let suit_len = (view.hand & (CardSet::suit(c.suit()) - CardSet::JACKS)).len() as i32;
            i32::from(card_points(c)) * 10 - suit_len
        };
        let mut cards: Vec<Card> = pool.iter().collect();
        cards.sort_by_key(|&c| std::cmp::Reverse((danger(c), c.index())));
        let away: CardSet = cards.iter().take(2).copied().collect();
        SkatAction::Discard(away)
    }

    /// Kontra as an opponent holding the declared game's top cards and aces.
    fn kontra(&self, view: &SkatView) -> SkatAction {
        let Some(contract) = view.contract else { return SkatAction::Pass };
        let strong = match contract.kind {
            GameKind::Null => false,
            kind => {
                let trumps = (view.hand & kind.trumps()).len();
                let aces = (view.hand & (CardSet::rank(Rank::Ace) - kind.trumps())).len();
                trumps >= 4 && aces >= 2
            }
        };
        if strong { SkatAction::Kontra } else { SkatAction::Pass }
    }

    /// Ramsch: take as few points as possible. Duck under the trick with the
    /// highest card that still loses; when void, throw the most points to
    /// whoever wins it; lead low.
    fn play_ramsch(&self, view: &SkatView) -> SkatAction {
        let kind = GameKind::Grand;
        let legal = view.legal_cards();
        let trick = view.trick();
        let fallback = legal.first().unwrap_or(Card::new(Suit::Clubs, Rank::Seven));
        let card = match trick.first() {
            None => legal.iter().min_by_key(|&c| (kind.strength(c, c), card_points(c), c.index())),
            Some(&led) => {
                let (_, best) = current_winner(kind, trick, view.leader).expect("trick not empty");
                let losing: CardSet = legal.iter().filter(|&c| kind.strength(c, led) <= best).collect();
                let follows = legal.iter().any(|c| kind.follow_mask(led).contains(c));
                if !losing.is_empty() {
                    if follows {
                        losing.iter().max_by_key(|&c| (kind.strength(c, led), c.index()))
                    } else {
                        losing.iter().max_by_key(|&c| (card_points(c), c.index()))
                    }
                } else {
                    // Must win: with the fewest points, saving the jacks.
                    legal.iter().min_by_key(|&c| (card_points(c), kind.strength(c, led)))
                }
            }
        };
        SkatAction::Play(card.unwrap_or(fallback))
    }
}

fn i_declare_next(view: &SkatView, declarer: Seat) -> bool {
    view.seat.next(3) == declarer
}

/// Whether the declarer, playing after us, may still beat `best`.
fn can_be_beaten(view: &SkatView, best: u8, led: Card, kind: GameKind) -> bool {
    let unseen = CardSet::PIQUET_PACK - view.played - view.hand - view.trick().iter().copied().collect::<CardSet>();
    unseen.iter().any(|c| kind.strength(c, led) > best)
}

impl Bot<SkatGame> for SkatBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: &SkatView) -> SkatAction {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "choose called when the seat has no legal action");
        let action = if view.kontra.re_pending {
            // Re only with a game well above what the bid needed.
            let strong = view.contract.is_some_and(|c| {
                c.kind != GameKind::Null && suit_or_grand_strength(c.kind, view.hand) >= HAND_THRESHOLD + 1.0
            });
            if strong { SkatAction::Re } else { SkatAction::Pass }
        } else {
            match view.phase {
                SkatPhase::Bidding => self.bid(view),
                SkatPhase::GrandHandOffer => self.grand_hand_offer(view),
                SkatPhase::Passing => self.ramsch_packet(view),
                SkatPhase::SkatDecision => self.skat_decision(view),
                SkatPhase::Discarding if view.ramsch => self.ramsch_discard(view),
                SkatPhase::Discarding => self.discard(view),
                SkatPhase::Declaring => self.declare(view, &legal),
                SkatPhase::KontraWindow => self.kontra(view),
                SkatPhase::Playing
                    if legal.contains(&SkatAction::Kontra) && self.kontra(view) == SkatAction::Kontra =>
                {
                    SkatAction::Kontra
                }
                SkatPhase::Playing if legal.contains(&SkatAction::Schenken) && pub_extras::offers_gift(view) => {
                    SkatAction::Schenken
                }
                SkatPhase::Spitze if pub_extras::spitze_is_safe(view) => SkatAction::Spitze,
                SkatPhase::Spitze => SkatAction::Pass,
                SkatPhase::Knocking if pub_extras::knocks(view) => SkatAction::Knock,
                SkatPhase::Knocking => SkatAction::Pass,
                SkatPhase::Schenken => pub_extras::answer_gift(view, &legal),
                SkatPhase::Playing if view.ramsch => self.play_ramsch(view),
                SkatPhase::Playing => self.play(view),
                SkatPhase::Over => legal[0],
            }
        };
        // Never answer with an illegal action, whatever the heuristics say.
        if legal.contains(&action) { action } else { legal[0] }
    }
}

/// How good a finished Skat deal is for its declarer, on the scale the PIMC
/// bot values solved cards by: ±1 for the game won or lost, ±0.3 more for
/// schneider either way (suit and grand), and a little for every card
/// point. `points` are the declarer's card points with the skat, `tricks`
/// his tricks.
pub(crate) fn declarer_utility(contract: Contract, points: i32, tricks: u8) -> f64 {
    let won = if contract.kind == GameKind::Null {
        tricks == 0
    } else if contract.schwarz {
        tricks == 10
    } else {
        points >= if contract.schneider { 90 } else { 61 }
    };
    let sign = if won { 1.0 } else { -1.0 };
    if contract.kind == GameKind::Null {
        return sign;
    }
    let level = if points >= 90 {
        0.3
    } else if points <= 30 {
        -0.3
    } else {
        0.0
    };
    sign + level + f64::from(points) / 1200.0
}

/// Plays each legal card of the seat to move in `game` (a world: every hand
/// known) and the rest of the deal by the heuristic bot on every seat's own
/// view, and calls `value(card, u)` with the [`declarer_utility`] of the
/// end. The rollout opponents do not see the cards, as at the table: it
/// tells which of the cards a solver finds equal gives a fallible player
/// the most chances to go wrong. It allocates nothing in trick play.
pub(crate) fn rollouts(game: &SkatGame, mut value: impl FnMut(Card, f64)) {
    let (Some(contract), Some((declarer, _))) = (game.contract_played(), game.declarer()) else { return };
    let mut bot = SkatBot::new();
    for card in game.legal_cards().iter() {
        let mut rest = *game;
        rest.apply_unchecked(SkatAction::Play(card));
        while let Some(seat) = rest.to_act() {
            let view = rest.view(seat);
            let action = if view.phase == SkatPhase::Playing && !view.kontra.re_pending && !view.ramsch {
                bot.play(&view)
            } else {
                bot.choose(&view)
            };
            rest.apply_unchecked(action);
        }
        let points = i32::from(rest.points_won()[declarer]) + i32::from(points(rest.skat()));
        value(card, declarer_utility(contract, points, rest.tricks_won()[declarer]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use trumpf_core::Game;
    use trumpf_core::skat::{SkatDeal, SkatOutcome, SkatRules};

    use crate::RandomBot;

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn strong_grand_hand_bids_and_weak_hand_passes() {
        let bot = SkatBot::new();
        // Four jacks and three aces: a grand with 4 is worth 5 × 24 = 120.
        assert!(bot.bid_limit(cards("CJ.SJ.HJ.DJ.CA.SA.HA.CT.ST.H7")) >= 120);
        // No jack, no ace: nothing to bid on.
        assert_eq!(bot.bid_limit(cards("C8.C9.S8.SQ.H8.HK.D8.D9.DQ.SK")), 0);
    }

    #[test]
    fn ramsch_play_loses_fewer_points_than_random_play() {
        // Ramsch-round deals (variants §4.7) with the heuristic bot in a
        // rotating seat against two random bots: its average score must be
        // clearly better (less negative) than theirs.
        use trumpf_core::skat::{DealSetup, SkatOutcome};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let setup = DealSetup { bock: 1, ramsch_round: true };
        let (mut mine, mut theirs) = (0i64, 0i64);
        for deal_no in 0..300u64 {
            let mut game = SkatGame::with_setup(SkatDeal::random(&mut rng), SkatRules::PUB, setup);
            let hero = Seat::new((deal_no % 3) as usize).unwrap();
            let (mut heuristic, mut random) = (SkatBot::new(), RandomBot::new(deal_no));
            while let Some(seat) = game.to_act() {
                let view = game.view(seat);
                let action =
                    if seat == hero { heuristic.choose(&view) } else { Bot::<SkatGame>::choose(&mut random, &view) };
                game.try_apply(seat, action).expect("bots play legal actions");
            }
            if let Some(SkatOutcome::Ramsch { result }) = game.outcome() {
                for seat in Seat::all(3) {
                    let score = i64::from(result.scores[seat.index()]);
                    if seat == hero { mine += 2 * score } else { theirs += score }
                }
            }
        }
        assert!(mine > theirs, "heuristic {mine} vs random {theirs} (both per two seats)");
    }

    #[test]
    fn heuristic_bot_beats_random_bots_as_declarer_team() {
        // Seat 0 is the heuristic bot, seats 1 and 2 random; over many deals
        // the heuristic bot's list score must be clearly above each random
        // bot's (a random bot overbids and loses).
        let mut totals = [0i64; 3];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for deal_no in 0..200u64 {
            let mut game = SkatGame::new(SkatDeal::random(&mut rng), SkatRules::default());
            let mut heuristic = SkatBot::new();
            let mut random = RandomBot::new(deal_no);
            while let Some(seat) = game.to_act() {
                let view = game.view(seat);
                let action = if seat == Seat::FOREHAND {
                    heuristic.choose(&view)
                } else {
                    Bot::<SkatGame>::choose(&mut random, &view)
                };
                game.try_apply(seat, action).expect("bots play legal actions");
            }
            if let Some(SkatOutcome::Played { declarer, settlement }) = game.outcome() {
                totals[declarer.index()] += i64::from(settlement.score);
            }
        }
        assert!(totals[0] > totals[1] && totals[0] > totals[2], "{totals:?}");
    }

    /// Deals `seed` as a pickup game of `kind` for forehand and plays every
    /// seat's first legal card until `cards` cards are down.
    fn declared(seed: u64, kind: GameKind, cards: usize) -> SkatGame {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let deal = SkatDeal::random(&mut rng);
        let mut game =
            SkatGame::with_declaration(deal, SkatRules::ISKO, Seat::FOREHAND, 18, Contract::pickup(kind)).unwrap();
        while !game.is_over() && game.played().len() < cards {
            let card = game.legal_cards().first().unwrap();
            game.apply_unchecked(SkatAction::Play(card));
        }
        game
    }

    #[test]
    fn rollouts_value_every_legal_card_once_within_the_scale() {
        let kinds = [GameKind::Suit(Suit::Clubs), GameKind::Grand, GameKind::Null, GameKind::Suit(Suit::Hearts)];
        for seed in 0..24 {
            let kind = kinds[seed as usize % 4];
            let game = declared(seed, kind, (seed as usize * 7) % 28);
            if game.is_over() {
                continue;
            }
            let mut values = Vec::new();
            rollouts(&game, |card, u| values.push((card, u)));
            // ±1 for the game, ±0.3 for schneider, at most 120/1200.
            crate::testing::assert_each_legal_card_once(
                game.legal_cards(),
                &values,
                -1.3..=1.4,
                &format!("seed {seed}"),
            );
        }
    }

    #[test]
    fn a_rollout_of_the_last_card_is_worth_what_the_deal_settles() {
        let mut checked = 0;
        for seed in 0..40 {
            let kind = if seed % 3 == 0 { GameKind::Null } else { GameKind::Suit(Suit::Spades) };
            let game = declared(seed, kind, 29);
            if game.is_over() {
                continue;
            }
            let card = game.legal_cards().first().unwrap();
            let mut end = game;
            end.apply_unchecked(SkatAction::Play(card));
            let Some(SkatOutcome::Played { settlement, .. }) = end.outcome() else { panic!("seed {seed}: not over") };
            let mut calls = 0;
            rollouts(&game, |c, u| {
                calls += 1;
                assert_eq!(c, card);
                assert_eq!(
                    u > 0.0,
                    settlement.won,
                    "seed {seed}: {u} for a game the settlement calls {}",
                    settlement.won
                );
                if kind == GameKind::Null {
                    assert_eq!(u.abs(), 1.0);
                }
            });
            assert_eq!(calls, 1);
            checked += 1;
        }
        assert!(checked > 20);
    }
}
