//! Spidge rules vectors from `spidge.md` §9, kept as data files under
//! `tests/data/spidge/` and embedded with `include_str!`, plus game-level
//! tests (errors, views, dummy handling) and a perft cross-check against a
//! reference move generator written here from `spidge.md` §2–§4 alone (cards
//! are strings; nothing of the engine's card logic is used).
//!
//! Every expected value in the data files is transcribed from the rules
//! document or counted by hand from it (the section is cited beside each
//! vector); none is computed by the engine.

use trumpf_core::shuffle::{deal_rng, uniform_below};
use trumpf_core::spidge::{
    Award, ByHand, DEALER, DealError, DoubleJoker, Hand, JokerSuit, LEFT, RIGHT, SpidgeAction, SpidgeDeal, SpidgeError,
    SpidgeGame, SpidgeRules, TrumpLead, game_winner, legal_cards, perft, settle, trick_winner,
};
use trumpf_core::{Card, CardSet, Game, GameView, Seat};

mod common;
use common::{card, card_set, cards, data_lines, fields};

const DEALING: &str = include_str!("data/spidge/dealing.txt");
const LEADING: &str = include_str!("data/spidge/leading.txt");
const FOLLOWING: &str = include_str!("data/spidge/following.txt");
const TRICKS: &str = include_str!("data/spidge/tricks.txt");
const SCORING: &str = include_str!("data/spidge/scoring.txt");
const GAME_END: &str = include_str!("data/spidge/game_end.txt");
const PERFT: &str = include_str!("data/spidge/perft.txt");

// ---------------------------------------------------------------------------
// Parsing helpers

fn yes_no(text: &str) -> bool {
    match text {
        "yes" => true,
        "no" => false,
        other => panic!("expected yes/no, got {other:?}"),
    }
}

fn hand_named(name: &str) -> Hand {
    match name {
        "L" => Hand::Left,
        "Dummy" => Hand::Dummy,
        "R" => Hand::Right,
        "Dealer" => Hand::Dealer,
        other => panic!("unknown hand {other:?}"),
    }
}

fn award(text: &str) -> Option<Award> {
    match text {
        "-" => None,
        "Nil" => Some(Award::Nil),
        "Spidge" => Some(Award::Spidge),
        "Slam" => Some(Award::Slam),
        "Grand Slam" => Some(Award::GrandSlam),
        other => panic!("unknown award {other:?}"),
    }
}

/// The decks of `dealing.txt` by id.
fn deck(id: &str) -> [Card; 52] {
    let (_, line) = data_lines(DEALING).find(|(_, l)| fields(l)[0] == id).unwrap_or_else(|| panic!("no deck {id}"));
    cards(fields(line)[1]).try_into().expect("52 cards")
}

// ---------------------------------------------------------------------------
// §9.1 dealing

#[test]
fn dealing_vectors() {
    let mut n = 0;
    for (line, text) in data_lines(DEALING) {
        let f = fields(text);
        assert_eq!(f.len(), 6, "line {line}: expected 6 fields");
        let deck: [Card; 52] = cards(f[1]).try_into().unwrap_or_else(|_| panic!("line {line}: 52 cards"));
        let deal = SpidgeDeal::from_deck(&deck).unwrap_or_else(|e| panic!("line {line}: {e}"));
        for (hand, expected) in Hand::ALL.into_iter().zip(&f[2..]) {
            assert_eq!(deal.hand(hand), card_set(expected), "line {line}: {hand}");
            assert_eq!(deal.hand(hand).len(), 13, "line {line}: {hand}");
        }
        n += 1;
    }
    assert_eq!(n, 4);
}

/// §2.1, §9.1: the pack has 52 cards, contains J1 J2, and neither D2 nor H2;
/// the plain pack is the 52 suit cards.
#[test]
fn dealt_packs() {
    let (d2, h2) = (card("D2"), card("H2"));
    let mut rng = deal_rng(91);
    for _ in 0..500 {
        let deal = SpidgeDeal::random(&mut rng, true);
        let all: CardSet = deal.hands().as_array().iter().fold(CardSet::EMPTY, |a, &h| a | h);
        assert_eq!(all.len(), 52);
        assert!(all.contains(Card::JOKER_1) && all.contains(Card::JOKER_2));
        assert!(!all.contains(d2) && !all.contains(h2));
        assert!(Hand::ALL.iter().all(|&h| deal.hand(h).len() == 13));
        let plain = SpidgeDeal::random(&mut rng, false);
        let all: CardSet = plain.hands().as_array().iter().fold(CardSet::EMPTY, |a, &h| a | h);
        assert_eq!(all, CardSet::FULL_PACK);
    }
    assert_eq!(SpidgeDeal::from_seed(5), SpidgeDeal::from_seed(5));
    assert_ne!(SpidgeDeal::from_seed(5), SpidgeDeal::from_seed(6));
}

#[test]
fn bad_decks_are_refused() {
    let good = deck("joker-pack-in-order");
    let mut with_d2 = good;
    with_d2[51] = card("D2");
    assert_eq!(SpidgeDeal::from_deck(&with_d2), Err(DealError::NotInPack { card: card("D2") }));
    let mut twice = good;
    twice[1] = good[0];
    assert_eq!(SpidgeDeal::from_deck(&twice), Err(DealError::Duplicate { card: good[0] }));
    let deal = SpidgeDeal::from_deck(&good).unwrap();
    let mut hands = *deal.hands().as_array();
    let moved = hands[0].first().unwrap();
    hands[0].remove(moved);
    hands[1].insert(moved);
    assert_eq!(SpidgeDeal::new(hands), Err(DealError::HandSize { hand: Hand::Left, count: 12 }));
}

// ---------------------------------------------------------------------------
// §9.2 leading, §9.3 following, §9.4 trick winners

#[test]
fn leading_vectors() {
    let mut n = 0;
    for (line, text) in data_lines(LEADING) {
        let f = fields(text);
        assert_eq!(f.len(), 4, "line {line}");
        let trump_lead = match f[0] {
            "broken" => TrumpLead::Broken,
            "never_unless_only_trumps" => TrumpLead::NeverUnlessOnlyTrumps,
            "free" => TrumpLead::Free,
            other => panic!("line {line}: option {other:?}"),
        };
        let rules = SpidgeRules { trump_lead, ..SpidgeRules::default() };
        let hand = card_set(f[2]);
        let expected = if f[3] == "any" { hand } else { card_set(f[3]) };
        assert_eq!(legal_cards(&rules, hand, &[], yes_no(f[1])), expected, "line {line}: {text}");
        n += 1;
    }
    assert_eq!(n, 10);
}

#[test]
fn following_vectors() {
    let rules = SpidgeRules::default();
    let mut n = 0;
    for (line, text) in data_lines(FOLLOWING) {
        let f = fields(text);
        assert_eq!(f.len(), 3, "line {line}");
        let trick = cards(f[0]);
        let hand = card_set(f[1]);
        let expected = if f[2] == "any" { hand } else { card_set(f[2]) };
        // Trumps broken or not makes no difference once a card is led.
        for broken in [false, true] {
            assert_eq!(legal_cards(&rules, hand, &trick, broken), expected, "line {line}: {text}");
        }
        n += 1;
    }
    assert_eq!(n, 9);
}

#[test]
fn trick_vectors() {
    let mut n = 0;
    for (line, text) in data_lines(TRICKS) {
        let f = fields(text);
        assert_eq!(f.len(), 3, "line {line}");
        let double_joker = match f[0] {
            "cancel_ignore" => DoubleJoker::CancelIgnore,
            "second_joker_wins" => DoubleJoker::SecondJokerWins,
            "first_joker_wins" => DoubleJoker::FirstJokerWins,
            other => panic!("line {line}: option {other:?}"),
        };
        let rules = SpidgeRules { double_joker, ..SpidgeRules::default() };
        let trick: [Card; 4] = cards(f[1]).try_into().expect("four cards");
        // L leads: position i is Hand::ALL[i].
        assert_eq!(Hand::ALL[trick_winner(&rules, trick)], hand_named(f[2]), "line {line}: {text}");
        n += 1;
    }
    assert_eq!(n, 15);
}

// ---------------------------------------------------------------------------
// §9.5 scoring, §9.6 game end

#[test]
fn scoring_vectors() {
    let rules = SpidgeRules::default();
    let mut n = 0;
    for (line, text) in data_lines(SCORING) {
        let f = fields(text);
        assert_eq!(f.len(), 9, "line {line}");
        let t: Vec<u8> = f[..4].iter().map(|s| s.parse().expect("trick count")).collect();
        let result = settle(ByHand::new([t[0], t[3], t[1], t[2]]), &rules);
        let awards = [award(f[4]), award(f[5]), award(f[6])];
        let points: Vec<u8> = f[7].split_whitespace().map(|p| p.parse().expect("points")).collect();
        for (i, seat) in [LEFT, RIGHT, DEALER].into_iter().enumerate() {
            assert_eq!(result.awards[seat], awards[i], "line {line}: award of seat {seat}");
            assert_eq!(result.points[seat], points[i], "line {line}: points of seat {seat}");
        }
        assert_eq!(result.counts[DEALER], t[2] + t[3], "line {line}: the dealer counts the dummy");
        assert_eq!(result.grand_slam, yes_no(f[8]), "line {line}");
        assert_eq!(result.wins_game_at_once(), yes_no(f[8]).then_some(DEALER), "line {line}");
        n += 1;
    }
    assert_eq!(n, 12);
}

/// `A2 B1 C0` → [('A', 2), ('B', 1), ('C', 0)].
fn player_points(text: &str) -> Vec<(char, u32)> {
    text.split_whitespace()
        .map(|item| {
            let mut chars = item.chars();
            let player = chars.next().expect("player letter");
            (player, chars.as_str().parse().expect("points"))
        })
        .collect()
}

#[test]
fn game_end_vectors() {
    let mut n = 0;
    for (line, text) in data_lines(GAME_END) {
        let f = fields(text);
        assert_eq!(f.len(), 5, "line {line}");
        let mut totals = player_points(f[0]);
        for (player, points) in player_points(f[1]) {
            let entry = totals.iter_mut().find(|(p, _)| *p == player).expect("known player");
            entry.1 += points;
        }
        let letter = |s: &str| (s != "-").then(|| s.chars().next().expect("letter"));
        let target: u32 = f[3].parse().expect("target");
        assert_eq!(game_winner(totals.iter().copied(), target, letter(f[2])), letter(f[4]), "line {line}: {text}");
        n += 1;
    }
    assert_eq!(n, 8);
}

// ---------------------------------------------------------------------------
// Perft: hand counts, then the reference generator

#[test]
fn perft_vectors() {
    for (line, text) in data_lines(PERFT) {
        let f = fields(text);
        let game = SpidgeGame::new(SpidgeDeal::from_deck(&deck(f[0])).expect("deck"), SpidgeRules::default());
        let depth: u32 = f[1].parse().expect("depth");
        let nodes: u64 = f[2].parse().expect("count");
        assert_eq!(perft(&game, depth), nodes, "line {line}: {text}");
    }
}

/// The rules as the reference sees them.
#[derive(Clone, Copy, Debug)]
struct RefRules {
    wild: bool,
    double: &'static str,
    lead: &'static str,
}

impl RefRules {
    fn engine(self) -> SpidgeRules {
        SpidgeRules {
            joker_suit: if self.wild { JokerSuit::Wild } else { JokerSuit::Trump },
            double_joker: match self.double {
                "cancel" => DoubleJoker::CancelIgnore,
                "second" => DoubleJoker::SecondJokerWins,
                _ => DoubleJoker::FirstJokerWins,
            },
            trump_lead: match self.lead {
                "broken" => TrumpLead::Broken,
                "never" => TrumpLead::NeverUnlessOnlyTrumps,
                _ => TrumpLead::Free,
            },
            ..SpidgeRules::default()
        }
    }
}

const REF_VARIANTS: [RefRules; 6] = [
    RefRules { wild: false, double: "cancel", lead: "broken" },
    RefRules { wild: false, double: "second", lead: "never" },
    RefRules { wild: false, double: "first", lead: "free" },
    RefRules { wild: true, double: "cancel", lead: "broken" },
    RefRules { wild: true, double: "second", lead: "never" },
    RefRules { wild: true, double: "first", lead: "free" },
];

fn is_joker(c: &str) -> bool {
    c == "J1" || c == "J2"
}

/// §2.3 (and §7 `joker_suit`): spades, and jokers unless they are wild.
fn is_trump(r: RefRules, c: &str) -> bool {
    c.starts_with('S') || (is_joker(c) && !r.wild)
}

/// §2.4: `'T'` for a trump, `'W'` for a wild joker, else the printed suit.
fn suit_of(r: RefRules, c: &str) -> char {
    if is_trump(r, c) {
        'T'
    } else if is_joker(c) {
        'W'
    } else {
        c.chars().next().unwrap()
    }
}

fn rank_of(c: &str) -> usize {
    "23456789TJQKA".find(c.chars().nth(1).unwrap()).unwrap()
}

/// §4.3 and §4.4.
fn ref_legal(r: RefRules, hand: &[String], trick: &[String], played: &[String]) -> Vec<String> {
    if trick.is_empty() {
        let broken = played.iter().any(|c| is_trump(r, c));
        let only_trumps = hand.iter().all(|c| is_trump(r, c));
        let may_lead_trump = match r.lead {
            "free" => true,
            "broken" => broken || only_trumps,
            _ => only_trumps,
        };
        return hand.iter().filter(|c| may_lead_trump || !is_trump(r, c)).cloned().collect();
    }
    // With wild jokers the first non-joker card sets the suit.
    let led = if r.wild { trick.iter().find(|c| !is_joker(c)) } else { trick.first() };
    let Some(led) = led else { return hand.to_vec() };
    let suit = suit_of(r, led);
    let follow: Vec<String> =
        hand.iter().filter(|c| suit_of(r, c) == suit || (r.wild && is_joker(c))).cloned().collect();
    if follow.iter().all(|c| is_joker(c) && r.wild) { hand.to_vec() } else { follow }
}

/// §4.5, written as the rule text reads.
fn ref_winner(r: RefRules, trick: &[String]) -> usize {
    let jokers: Vec<usize> = (0..4).filter(|&i| is_joker(&trick[i])).collect();
    match (jokers.len(), r.double) {
        (1, _) => return jokers[0],
        (2, "first") => return jokers[0],
        (2, "second") => return jokers[1],
        _ => {}
    }
    let rest: Vec<usize> = (0..4).filter(|&i| !is_joker(&trick[i])).collect();
    if rest.len() == 2 {
        // The two jokers cancel: the earlier remaining card acts as the lead.
        let (a, b) = (&trick[rest[0]], &trick[rest[1]]);
        let (sa, sb) = (a.starts_with('S'), b.starts_with('S'));
        let later_wins = match (sa, sb) {
            (false, true) => true,
            (true, false) => false,
            (true, true) => rank_of(b) > rank_of(a),
            (false, false) => a.chars().next() == b.chars().next() && rank_of(b) > rank_of(a),
        };
        return if later_wins { rest[1] } else { rest[0] };
    }
    // No joker: the highest spade, else the highest card of the led suit.
    let spades: Vec<usize> = (0..4).filter(|&i| trick[i].starts_with('S')).collect();
    let candidates = if spades.is_empty() {
        let led = trick[0].chars().next();
        (0..4).filter(|&i| trick[i].chars().next() == led).collect()
    } else {
        spades
    };
    candidates.into_iter().max_by_key(|&i| rank_of(&trick[i])).unwrap()
}

#[derive(Clone, Debug)]
struct RefPosition {
    rules: RefRules,
    /// L, Dummy, R, Dealer.
    hands: [Vec<String>; 4],
    trick: Vec<String>,
    leader: usize,
    played: Vec<String>,
}

impl RefPosition {
    fn of(game: &SpidgeGame, rules: RefRules) -> RefPosition {
        let strings = |set: CardSet| set.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let (leader, trick) = game.current_trick();
        RefPosition {
            rules,
            hands: Hand::ALL.map(|h| strings(game.cards(h))),
            trick: trick.iter().map(|c| c.to_string()).collect(),
            leader: leader.index(),
            played: strings(game.played()),
        }
    }

    fn to_play(&self) -> usize {
        (self.leader + self.trick.len()) % 4
    }

    fn legal(&self) -> Vec<String> {
        ref_legal(self.rules, &self.hands[self.to_play()], &self.trick, &self.played)
    }

    /// Plays `card`; returns the winner (0 = L … 3 = Dealer) if it completed
    /// a trick.
    fn play(&mut self, card: &str) -> Option<usize> {
        let who = self.to_play();
        self.hands[who].retain(|c| c != card);
        self.trick.push(card.to_string());
        self.played.push(card.to_string());
        if self.trick.len() < 4 {
            return None;
        }
        let winner = (self.leader + ref_winner(self.rules, &self.trick)) % 4;
        self.trick.clear();
        self.leader = winner;
        Some(winner)
    }

    fn over(&self) -> bool {
        self.hands.iter().all(Vec::is_empty)
    }
}

fn reference_perft(p: &RefPosition, depth: u32) -> u64 {
    if depth == 0 || p.over() {
        return 1;
    }
    let mut nodes = 0;
    for card in p.legal() {
        let mut next = p.clone();
        next.play(&card);
        nodes += reference_perft(&next, depth - 1);
    }
    nodes
}

fn set_of(cards: &[String]) -> CardSet {
    cards.iter().map(|c| card(c)).collect()
}

#[test]
fn perft_from_the_start_matches_the_reference() {
    for variant in REF_VARIANTS {
        for seed in [1u64, 2, 3] {
            let game = SpidgeGame::new(SpidgeDeal::from_seed(seed), variant.engine());
            let reference = RefPosition::of(&game, variant);
            for depth in [1, 2, 3, 4, 5] {
                assert_eq!(
                    perft(&game, depth),
                    reference_perft(&reference, depth),
                    "{variant:?} seed {seed} depth {depth}"
                );
            }
        }
    }
}

/// Random play to the last tricks, then perft to the end of the deal: the
/// lead rules after trumps are broken, the dummy leading, many trick winners.
#[test]
fn perft_to_the_end_matches_the_reference() {
    for variant in REF_VARIANTS {
        for seed in 0..30u64 {
            let mut game = SpidgeGame::new(SpidgeDeal::from_seed(seed), variant.engine());
            let mut rng = deal_rng(seed + 1000);
            let plays = 39 + (seed % 5) as usize;
            for _ in 0..plays {
                let action = game.random_action(&mut rng).expect("not over");
                game.apply_unchecked(action);
            }
            let reference = RefPosition::of(&game, variant);
            let depth = 52 - plays as u32;
            assert_eq!(perft(&game, depth), reference_perft(&reference, depth), "{variant:?} seed {seed}");
        }
    }
}

/// Along random deals of every variant and both packs, the reference and the
/// engine agree on every legal set and every trick winner.
#[test]
fn random_deals_agree_with_the_reference() {
    for variant in REF_VARIANTS {
        for jokers in [true, false] {
            for seed in 0..60u64 {
                let rules = SpidgeRules { jokers, ..variant.engine() };
                let mut game = SpidgeGame::new(SpidgeDeal::from_seed_with_pack(seed, jokers), rules);
                let mut reference = RefPosition::of(&game, variant);
                let mut rng = deal_rng(seed ^ 0xABCD);
                while let Some(seat) = game.to_act() {
                    let legal = game.legal_cards();
                    assert_eq!(legal, set_of(&reference.legal()), "{variant:?} seed {seed}");
                    let n = uniform_below(&mut rng, legal.len() as u32) as usize;
                    let card = legal.iter().nth(n).expect("in range");
                    game.try_apply(seat, SpidgeAction::Play(card)).expect("legal");
                    if let Some(winner) = reference.play(&card.to_string()) {
                        let trick = game.last_trick().expect("a trick was completed");
                        assert_eq!(trick.winner.index(), winner, "{variant:?} seed {seed}: {:?}", trick.cards);
                    }
                }
                assert!(reference.over());
                let result = game.result().expect("over");
                assert_eq!(result.tricks.as_array().iter().sum::<u8>(), 13);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The game: turns, the dummy, errors, views, scores

fn play(card_text: &str) -> SpidgeAction {
    SpidgeAction::Play(card(card_text))
}

/// The `joker-pack-in-order` deal (hands listed in `perft.txt`).
fn ordered_game() -> SpidgeGame {
    SpidgeGame::new(SpidgeDeal::from_deck(&deck("joker-pack-in-order")).unwrap(), SpidgeRules::default())
}

/// Refused actions leave the state unchanged.
fn refuse(game: &mut SpidgeGame, seat: Seat, action: SpidgeAction, expected: SpidgeError) {
    let before = *game;
    assert_eq!(game.try_apply(seat, action), Err(expected));
    assert_eq!(*game, before, "a refused {action} changed the state");
}

#[test]
fn the_dealer_plays_the_dummy() {
    let mut game = ordered_game();
    assert_eq!(game.to_act(), Some(LEFT));
    assert_eq!(game.public_cards(), game.cards(Hand::Dummy));
    refuse(&mut game, RIGHT, play("CA"), SpidgeError::NotYourTurn { expected: LEFT, got: RIGHT });
    refuse(&mut game, LEFT, play("SK"), SpidgeError::TrumpsNotBroken { card: card("SK"), hand: Hand::Left });
    refuse(&mut game, LEFT, play("J1"), SpidgeError::TrumpsNotBroken { card: card("J1"), hand: Hand::Left });
    refuse(&mut game, LEFT, play("CA"), SpidgeError::NotInHand { card: card("CA"), hand: Hand::Left });
    game.try_apply(LEFT, play("CQ")).unwrap();

    // The dummy's turn: the dealer acts and plays from the dummy.
    assert_eq!(game.to_act(), Some(DEALER));
    assert_eq!(game.hand_to_play(), Some(Hand::Dummy));
    let dealer_view = game.view(DEALER);
    assert_eq!(dealer_view.playing_hand(), Some(Hand::Dummy));
    assert_eq!(dealer_view.legal_cards(), card_set("CJ C7 C3"));
    assert_eq!(game.view(LEFT).to_play, Some(Hand::Dummy));
    assert_eq!(game.view(LEFT).playing_hand(), None);
    refuse(&mut game, DEALER, play("CK"), SpidgeError::NotInHand { card: card("CK"), hand: Hand::Dummy });
    refuse(
        &mut game,
        DEALER,
        play("HK"),
        SpidgeError::MustFollow { card: card("HK"), led: card("CQ"), hand: Hand::Dummy, suit: "clubs" },
    );
    game.try_apply(DEALER, play("CJ")).unwrap();
    game.try_apply(RIGHT, play("CA")).unwrap();
    assert_eq!(game.hand_to_play(), Some(Hand::Dealer));
    assert_eq!(game.view(DEALER).playing_hand(), Some(Hand::Dealer));
    game.try_apply(DEALER, play("CK")).unwrap();
    let trick = game.last_trick().unwrap();
    assert_eq!(trick.winner, Hand::Right);
    assert_eq!(trick.plays().map(|(h, _)| h).collect::<Vec<_>>(), Hand::ALL);
    assert_eq!(game.tricks()[Hand::Right], 1);
    assert_eq!(game.to_act(), Some(RIGHT));
    assert!(!game.trumps_broken());

    // Everybody plays the lowest legal card to the end.
    while let Some(seat) = game.to_act() {
        let card = game.legal_cards().first().unwrap();
        game.try_apply(seat, SpidgeAction::Play(card)).unwrap();
    }
    refuse(&mut game, LEFT, play("CQ"), SpidgeError::Over);
    let result = *game.result().unwrap();
    assert_eq!(result.counts[DEALER], game.tricks()[Hand::Dealer] + game.tricks()[Hand::Dummy]);
    let scores = game.scores().unwrap();
    for seat in Seat::all(3) {
        assert_eq!(scores[seat.index()], i64::from(result.points[seat]));
    }
    assert_eq!(scores[3], 0);
}

/// The dummy wins a trick: the dealer leads for it from the dummy (§4.2), and
/// "nothing but trumps" is judged on the dummy's cards (§4.3).
#[test]
fn the_dummy_leads_after_winning() {
    let mut game = ordered_game();
    // L HA, Dummy HK, R HQ, Dealer HJ: L wins. L D6, Dummy DK, R DQ, Dealer DJ: the dummy wins.
    for (seat, c) in [(LEFT, "HA"), (DEALER, "HK"), (RIGHT, "HQ"), (DEALER, "HJ")] {
        game.try_apply(seat, play(c)).unwrap();
    }
    for (seat, c) in [(LEFT, "D6"), (DEALER, "DK"), (RIGHT, "DQ"), (DEALER, "DJ")] {
        game.try_apply(seat, play(c)).unwrap();
    }
    assert_eq!(game.last_trick().unwrap().winner, Hand::Dummy);
    assert_eq!(game.to_act(), Some(DEALER));
    assert_eq!(game.hand_to_play(), Some(Hand::Dummy));
    // The dummy holds J2 SQ S8 S4 and non-trumps; trumps are not broken.
    refuse(&mut game, DEALER, play("SQ"), SpidgeError::TrumpsNotBroken { card: card("SQ"), hand: Hand::Dummy });
    assert_eq!(game.legal_cards(), game.cards(Hand::Dummy).minus(card_set("J2 SQ S8 S4")));
}

/// Two jokers in one trick cancel (§4.5 rule 2) inside a real deal.
#[test]
fn a_game_trick_with_both_jokers() {
    // L holds J1 and trumps are free to lead under `free`; the dummy must
    // follow a trump lead with J2 or a spade.
    let rules = SpidgeRules { trump_lead: TrumpLead::Free, ..SpidgeRules::default() };
    let mut game = SpidgeGame::new(SpidgeDeal::from_deck(&deck("joker-pack-in-order")).unwrap(), rules);
    game.try_apply(LEFT, play("J1")).unwrap();
    assert_eq!(game.legal_cards(), card_set("J2 SQ S8 S4"));
    for (seat, c) in [(DEALER, "J2"), (RIGHT, "S3"), (DEALER, "S2")] {
        game.try_apply(seat, play(c)).unwrap();
    }
    // Jokers cancel: S3 is the earlier card and beats S2.
    assert_eq!(game.last_trick().unwrap().winner, Hand::Right);
    assert!(game.trumps_broken());
}

/// No view shows a card of another player's own hand; everybody sees the
/// dummy; the view's hidden-hand accessor says so.
#[test]
fn views_leak_nothing() {
    for seed in 0..40u64 {
        let mut game = SpidgeGame::from_seed(seed);
        let mut rng = deal_rng(seed);
        loop {
            for seat in Seat::all(3) {
                let view = game.view(seat);
                let own = Hand::of_seat(seat).unwrap();
                assert_eq!(view.own_hand, game.cards(own));
                assert_eq!(view.dummy, game.cards(Hand::Dummy));
                assert_eq!(view.cards(Hand::Dummy), Some(game.cards(Hand::Dummy)));
                assert_eq!(view.to_play, game.hand_to_play());
                assert_eq!(view.trick(), game.current_trick().1);
                assert_eq!(view.tricks, game.tricks());
                assert_eq!(view.trumps_broken, game.trumps_broken());
                for other in [Hand::Left, Hand::Right, Hand::Dealer].into_iter().filter(|&h| h != own) {
                    assert_eq!(view.cards(other), None);
                    let leaked = view.visible_cards() & game.cards(other);
                    assert!(leaked.is_empty(), "seed {seed}: seat {seat} sees {leaked} of {other}");
                }
            }
            let Some(action) = game.random_action(&mut rng) else { break };
            game.apply_unchecked(action);
        }
        assert!(game.view(LEFT).result.is_some());
    }
}

/// Legal actions are listed in ascending order, and J1 and J2 are two moves.
#[test]
fn legal_actions_ascending_and_jokers_distinct() {
    let rules = SpidgeRules { trump_lead: TrumpLead::Free, ..SpidgeRules::default() };
    let mut both = 0;
    for seed in 0..200u64 {
        let mut game = SpidgeGame::new(SpidgeDeal::from_seed(seed), rules);
        let mut rng = deal_rng(seed);
        let mut actions = Vec::new();
        while game.to_act().is_some() {
            game.legal_actions(&mut actions);
            assert!(actions.windows(2).all(|w| w[0] < w[1]), "seed {seed}: {actions:?}");
            if actions.contains(&SpidgeAction::Play(Card::JOKER_1))
                && actions.contains(&SpidgeAction::Play(Card::JOKER_2))
            {
                both += 1;
            }
            let action = game.random_action(&mut rng).unwrap();
            assert!(actions.contains(&action));
            game.apply_unchecked(action);
        }
    }
    assert!(both > 0, "some hand holding both jokers may play either");
}

/// `random_playout` deals the pack of the rules and ends with a result.
#[test]
fn random_playouts_end_scored() {
    let mut rng = deal_rng(77);
    for jokers in [true, false] {
        for _ in 0..200 {
            let game = trumpf_core::spidge::random_playout(&mut rng, SpidgeRules { jokers, ..SpidgeRules::default() });
            assert!(game.is_over());
            assert_eq!(game.played(), game.pack());
            assert_eq!(game.pack().len(), 52);
            assert_eq!(game.pack().contains(Card::JOKER_1), jokers);
            let result = game.result().unwrap();
            assert_eq!(result.counts.as_array().iter().map(|&c| u32::from(c)).sum::<u32>(), 13);
        }
    }
}
