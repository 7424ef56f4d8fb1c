//! Perft of the Skat engine against a reference move generator written here
//! from `skat.md` §2.3, §2.4, §6.2, §6.3 and §6.5 alone: cards are strings,
//! orders are lists, nothing of the engine's card logic is used.

use trumpf_core::Seat;
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatRules, perft};

/// Game types as the reference sees them: `'D' 'H' 'S' 'C'`, `'G'`, `'N'`.
fn is_trump(game: char, card: &str) -> bool {
    let (suit, rank) = (card.as_bytes()[0] as char, card.as_bytes()[1] as char);
    match game {
        'N' => false,
        'G' => rank == 'J',
        t => rank == 'J' || suit == t,
    }
}

/// §2.4: the effective suit, `'T'` for trump.
fn effective_suit(game: char, card: &str) -> char {
    if is_trump(game, card) { 'T' } else { card.as_bytes()[0] as char }
}

/// §2.3 / §6.3: higher is stronger within trumps or within one suit.
fn order(game: char, card: &str) -> usize {
    let (suit, rank) = (card.as_bytes()[0] as char, card.as_bytes()[1] as char);
    if game == 'N' {
        return "78TJQKA9".len() - 1 - "AKQJT987".find(rank).unwrap();
    }
    if rank == 'J' {
        return 100 + 3 - "CSHD".find(suit).unwrap();
    }
    10 - "ATKQ987".find(rank).unwrap()
}

fn winner(game: char, trick: &[String]) -> usize {
    let led = effective_suit(game, &trick[0]);
    let mut best = 0;
    for i in 1..trick.len() {
        let (a, b) = (&trick[best], &trick[i]);
        let beats = match (is_trump(game, a), is_trump(game, b)) {
            (false, true) => true,
            (true, false) => false,
            (true, true) => order(game, b) > order(game, a),
            (false, false) => effective_suit(game, b) == led && order(game, b) > order(game, a),
        };
        if beats {
            best = i;
        }
    }
    best
}

fn legal(game: char, hand: &[String], trick: &[String]) -> Vec<String> {
    let Some(led) = trick.first() else { return hand.to_vec() };
    let suit = effective_suit(game, led);
    let follow: Vec<String> = hand.iter().filter(|c| effective_suit(game, c) == suit).cloned().collect();
    if follow.is_empty() { hand.to_vec() } else { follow }
}

#[derive(Clone)]
struct Position {
    game: char,
    declarer: usize,
    hands: [Vec<String>; 3],
    trick: Vec<String>,
    leader: usize,
}

fn reference_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let to_act = (p.leader + p.trick.len()) % 3;
    let mut nodes = 0;
    for card in legal(p.game, &p.hands[to_act], &p.trick) {
        let mut next = p.clone();
        next.hands[to_act].retain(|c| *c != card);
        next.trick.push(card);
        if next.trick.len() == 3 {
            let w = (next.leader + winner(next.game, &next.trick)) % 3;
            next.trick.clear();
            next.leader = w;
            // §6.5: a Null declarer who takes a trick ends the game.
            if next.game == 'N' && w == next.declarer {
                nodes += 1;
                continue;
            }
            if next.hands.iter().all(|h| h.is_empty()) {
                nodes += 1;
                continue;
            }
        }
        nodes += reference_perft(&next, depth - 1);
    }
    nodes
}

fn kind_of(game: char) -> GameKind {
    match game {
        'G' => GameKind::Grand,
        'N' => GameKind::Null,
        s => GameKind::Suit(trumpf_core::Suit::from_letter(s).unwrap()),
    }
}

#[test]
fn engine_perft_matches_the_reference_generator() {
    for seed in [1u64, 2, 3, 17, 99] {
        let deal = SkatDeal::from_seed(seed);
        for game in ['D', 'H', 'S', 'C', 'G', 'N'] {
            for declarer in 0..3 {
                let hands = [0, 1, 2]
                    .map(|i| deal.hand(Seat::new(i).unwrap()).iter().map(|c| c.to_string()).collect::<Vec<_>>());
                let position = Position { game, declarer, hands, trick: Vec::new(), leader: 0 };
                let state = SkatGame::with_declaration(
                    deal,
                    SkatRules::default(),
                    Seat::new(declarer).unwrap(),
                    18,
                    Contract::pickup(kind_of(game)),
                )
                .unwrap();
                for depth in [1, 2, 3, 4, 6] {
                    assert_eq!(
                        perft(&state, depth),
                        reference_perft(&position, depth),
                        "seed {seed} game {game} declarer {declarer} depth {depth}"
                    );
                }
            }
        }
    }
}

#[test]
fn null_early_end_counts_one_leaf() {
    // Forehand declares Null holding the three highest clubs; the others
    // hold lower clubs. Each of forehand's club leads wins the trick and
    // ends the game, so every 3-card sequence beginning with a club is a
    // leaf at depth 3 and nothing deeper follows it.
    let hands = [
        "CA.CK.CQ.S7.S8.S9.H7.H8.H9.D7".parse().unwrap(),
        "C7.C8.CJ.SA.SK.SQ.HA.HK.HQ.DA".parse().unwrap(),
        "C9.CT.SJ.ST.HJ.HT.DJ.DT.DK.DQ".parse().unwrap(),
    ];
    let skat = trumpf_core::CardSet::PIQUET_PACK - hands[0] - hands[1] - hands[2];
    let deal = SkatDeal::new(hands, skat).unwrap();
    let state =
        SkatGame::with_declaration(deal, SkatRules::default(), Seat::FOREHAND, 23, Contract::pickup(GameKind::Null))
            .unwrap();
    let position = Position {
        game: 'N',
        declarer: 0,
        hands: [0, 1, 2].map(|i| hands[i].iter().map(|c| c.to_string()).collect()),
        trick: Vec::new(),
        leader: 0,
    };
    for depth in 1..=6 {
        assert_eq!(perft(&state, depth), reference_perft(&position, depth), "depth {depth}");
    }
    // Counted by hand. Depth 3: club leads 3 × MH clubs 3 × RH clubs (C9 CT) 2
    // = 18; spades 3 × 3 × (SJ ST) 2 = 18; hearts 3 × 3 × (HJ HT) 2 = 18;
    // D7 × DA × (DJ DT DK DQ) 4 = 4; total 58.
    assert_eq!(perft(&state, 3), 58);
    // Depth 4: a club trick is won by forehand and ends the Null: 18 leaves.
    // Spade and heart tricks go to middlehand (9 cards left to lead):
    // 18 × 9 each; the diamond trick too: 4 × 9. 18 + 162 + 162 + 36 = 378.
    assert_eq!(perft(&state, 4), 378);
}
