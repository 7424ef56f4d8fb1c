//! What a view may hold, checked from outside the view.
//!
//! * **No leak.** Two cards that a seat cannot know (held by other seats or
//!   lying in the skat, not yet played, not face up) are swapped in the
//!   deal and the same actions are replayed; where the replay is legal,
//!   the seat's view must be *equal* to the original one. What a seat may
//!   know is taken from the state (`hand`, `played`, `public_cards`,
//!   `private_knowledge`), not from the view's own `visible_cards`. The
//!   spectator's view must not change when any two cards that are not
//!   face up, played or known to every seat are swapped.
//! * **Perfect recall.** Every view's trick history is the sequence of
//!   cards actually played, each with the seat that played it, as the test
//!   recorded the actions.

use trumpf_core::shuffle::{DealRng, deal_rng, uniform_below};
use trumpf_core::skat::{SkatDeal, SkatGame, SkatRules};
use trumpf_core::spidge::{Hand, SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame, SpitzerRules};
use trumpf_core::{Card, CardSet, Game, Seat};

/// A game whose deal can be dealt again with two cards exchanged.
trait Redeal: Game {
    /// The dealt parts (hands, skat), in a fixed order.
    fn parts(&self) -> Vec<CardSet>;
    /// The fresh state of the same rules from these parts.
    fn redeal(&self, parts: &[CardSet]) -> Option<Self>;
    /// Who played each card of the history, in order (seat of the player,
    /// or for Spidge the seat that plays the hand).
    fn history(view: &Self::View) -> Vec<(Seat, Card)>;
    /// Cards whose place the settlement makes public once the deal is over
    /// (Skat: the declarer's twelve cards decide the matadors, which the
    /// settlement states, also after an early end).
    fn revealed_at_end(&self) -> CardSet {
        CardSet::EMPTY
    }
}

impl Redeal for SkatGame {
    fn parts(&self) -> Vec<CardSet> {
        let d = self.deal();
        vec![d.hand(Seat::FOREHAND), d.hand(Seat::MIDDLEHAND), d.hand(Seat::REARHAND), d.skat()]
    }
    fn redeal(&self, p: &[CardSet]) -> Option<Self> {
        let deal = SkatDeal::new([p[0], p[1], p[2]], p[3]).ok()?;
        Some(SkatGame::with_setup(deal, *self.rules(), self.setup()))
    }
    fn history(view: &Self::View) -> Vec<(Seat, Card)> {
        view.history.plays().map(|(leader, pos, card)| (leader.offset(pos, 3), card)).collect()
    }
    fn revealed_at_end(&self) -> CardSet {
        match (self.is_over(), self.declarer()) {
            (true, Some((declarer, _))) => self.deal().hand(declarer) | self.deal().skat(),
            _ => CardSet::EMPTY,
        }
    }
}

impl Redeal for SpitzerGame {
    fn parts(&self) -> Vec<CardSet> {
        self.deal().hands().as_array().to_vec()
    }
    fn redeal(&self, p: &[CardSet]) -> Option<Self> {
        let deal = SpitzerDeal::new([p[0], p[1], p[2], p[3]]).ok()?;
        SpitzerGame::new(deal, *self.rules()).ok()
    }
    fn history(view: &Self::View) -> Vec<(Seat, Card)> {
        view.history.plays().map(|(leader, pos, card)| (leader.offset(pos, 4), card)).collect()
    }
}

impl Redeal for SpidgeGame {
    fn parts(&self) -> Vec<CardSet> {
        self.deal().hands().as_array().to_vec()
    }
    fn redeal(&self, p: &[CardSet]) -> Option<Self> {
        let deal = SpidgeDeal::new([p[0], p[1], p[2], p[3]]).ok()?;
        Some(SpidgeGame::new(deal, *self.rules()))
    }
    fn history(view: &Self::View) -> Vec<(Seat, Card)> {
        view.history.plays().map(|(leader, pos, card)| (leader.offset(pos).seat(), card)).collect()
    }
}

fn pick<A: Copy>(rng: &mut DealRng, actions: &[A]) -> A {
    actions[uniform_below(rng, actions.len() as u32) as usize]
}

/// Plays `steps` random actions from `start`; returns the state and the
/// actions with their seats.
fn play<G: Game>(start: &G, steps: usize, rng: &mut DealRng) -> (G, Vec<(Seat, G::Action)>) {
    let mut game = start.clone();
    let mut log = Vec::new();
    let mut buf = Vec::new();
    for _ in 0..steps {
        let Some(seat) = game.to_act() else { break };
        game.legal_actions(&mut buf);
        // Half the time the first legal action (Spitzer: pass, so Normal
        // and Sneaker deals with hidden partners come up; Skat: the lowest bid).
        let action = if uniform_below(rng, 2) == 0 { buf[0] } else { pick(rng, &buf) };
        game.try_apply(seat, action).expect("a listed action applies");
        log.push((seat, action));
    }
    (game, log)
}

/// The state after replaying `log` from `start`, if every action is legal.
fn replay<G: Game>(start: &G, log: &[(Seat, G::Action)]) -> Option<G> {
    let mut game = start.clone();
    for &(seat, action) in log {
        game.try_apply(seat, action).ok()?;
    }
    Some(game)
}

/// The parts with cards `a` and `b` exchanged.
fn swapped(parts: &[CardSet], a: Card, b: Card) -> Vec<CardSet> {
    parts
        .iter()
        .map(|&p| match (p.contains(a), p.contains(b)) {
            (true, false) => p.without(a).with(b),
            (false, true) => p.without(b).with(a),
            _ => p,
        })
        .collect()
}

/// Two distinct random cards of `pool` lying in different parts, if any.
fn two_in_different_parts(parts: &[CardSet], pool: CardSet, rng: &mut DealRng) -> Option<(Card, Card)> {
    let cards: Vec<Card> = pool.iter().collect();
    for _ in 0..20 {
        if cards.len() < 2 {
            return None;
        }
        let a = pick(rng, &cards);
        let b = pick(rng, &cards);
        let part = |c: Card| parts.iter().position(|p| p.contains(c));
        if a != b && part(a) != part(b) {
            return Some((a, b));
        }
    }
    None
}

/// Returns how many swaps were checked (legal replays).
fn check_no_leak<G: Redeal>(start: &G, seed: u64) -> usize {
    let mut rng = deal_rng(seed);
    let mut checked = 0;
    for round in 0..6 {
        let steps = uniform_below(&mut rng, 45) as usize;
        let (game, log) = play(start, steps, &mut rng);
        let parts = start.parts();
        let pack = parts.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        for seat in Seat::all(game.seats()) {
            // What the seat knows by the state: its hand (as dealt too:
            // it saw its own cards), the played cards, the face-up cards,
            // its private knowledge.
            let dealt_own: CardSet = match seat_part(start, seat) {
                Some(i) => parts[i],
                None => CardSet::EMPTY,
            } | extra_own(start, seat);
            let known = game.hand(seat)
                | dealt_own
                | game.played()
                | game.public_cards()
                | start.public_cards()
                | game.private_knowledge(seat)
                | game.revealed_at_end();
            let hidden = pack - known;
            let Some((a, b)) = two_in_different_parts(&parts, hidden, &mut rng) else { continue };
            let Some(other_start) = start.redeal(&swapped(&parts, a, b)) else { continue };
            let Some(other) = replay(&other_start, &log) else { continue };
            assert_eq!(
                game.view(seat),
                other.view(seat),
                "seed {seed} round {round}: seat {seat:?}'s view changed when {a} and {b} were exchanged"
            );
            checked += 1;
        }
        // The spectator knows only what was played, lies face up, or what
        // every seat knows (Skat: the skat, once a game is over).
        let common = Seat::all(game.seats()).map(|s| game.private_knowledge(s)).fold(pack, |a, b| a & b);
        let hidden =
            pack - game.played() - game.public_cards() - start.public_cards() - common - game.revealed_at_end();
        if let Some((a, b)) = two_in_different_parts(&parts, hidden, &mut rng)
            && let Some(other_start) = start.redeal(&swapped(&parts, a, b))
            && let Some(other) = replay(&other_start, &log)
        {
            assert_eq!(game.spectator_view(), other.spectator_view(), "seed {seed}: spectator, {a} ⇄ {b}");
            checked += 1;
        }
        // Perfect recall: the history is what was played, by whom.
        let played: Vec<(Seat, Card)> =
            log.iter().filter_map(|&(seat, action)| G::card_of(action).map(|card| (seat, card))).collect();
        for seat in Seat::all(game.seats()) {
            assert_eq!(G::history(&game.view(seat)), played, "seed {seed}: seat {seat:?}'s history");
        }
        assert_eq!(G::history(&game.spectator_view()), played, "seed {seed}: the spectator's history");
    }
    checked
}

/// The part of the deal a seat was dealt (Skat, Spitzer: its hand; Spidge:
/// its own hand).
fn seat_part<G: Game>(start: &G, seat: Seat) -> Option<usize> {
    match G::NAME {
        "spidge" => Hand::of_seat(seat).map(Hand::index),
        _ => (seat.index() < start.seats()).then_some(seat.index()),
    }
}

/// Cards a seat saw at the deal besides its hand (none in these games; the
/// Spidge dummy is face up).
fn extra_own<G: Game>(_start: &G, _seat: Seat) -> CardSet {
    CardSet::EMPTY
}

#[test]
fn skat_views_do_not_leak_and_remember_every_trick() {
    let mut checked = 0;
    for (i, rules) in [SkatRules::ISKO, SkatRules::PUB, SkatRules::PIRAT].into_iter().enumerate() {
        for seed in 0..150u64 {
            let start = SkatGame::new(SkatDeal::from_seed(seed), rules);
            checked += check_no_leak(&start, seed * 3 + i as u64);
        }
    }
    assert!(checked > 500, "only {checked} swaps could be replayed");
}

#[test]
fn skat_ramsch_round_views_do_not_leak() {
    let setup = trumpf_core::skat::DealSetup { bock: 1, ramsch_round: true };
    let mut checked = 0;
    for seed in 0..150u64 {
        let start = SkatGame::with_setup(SkatDeal::from_seed(seed), SkatRules::PUB, setup);
        checked += check_no_leak(&start, seed);
    }
    assert!(checked > 200, "only {checked} swaps could be replayed");
}

#[test]
fn spitzer_views_do_not_leak_and_remember_every_trick() {
    let mut checked = 0;
    for seed in 0..200u64 {
        let start = SpitzerGame::new(SpitzerDeal::from_seed(seed), SpitzerRules::default()).unwrap();
        checked += check_no_leak(&start, seed);
    }
    assert!(checked > 500, "only {checked} swaps could be replayed");
}

#[test]
fn spidge_views_do_not_leak_and_remember_every_trick() {
    let mut checked = 0;
    for seed in 0..150u64 {
        for jokers in [false, true] {
            let rules = SpidgeRules { jokers, ..SpidgeRules::default() };
            let start = SpidgeGame::new(SpidgeDeal::from_seed_with_pack(seed, jokers), rules);
            checked += check_no_leak(&start, seed);
        }
    }
    assert!(checked > 500, "only {checked} swaps could be replayed");
}
