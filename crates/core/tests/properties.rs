//! Property tests of the Skat engine: random legal playouts of whole deals
//! from random seeds, checked against invariants and against an oracle for
//! §7–§9 written here from `skat.md`, independently of `settle`.

use proptest::prelude::*;
use trumpf_core::shuffle::{deal_rng, uniform_below};
use trumpf_core::skat::{
    Contract, GameKind, Settlement, SkatAction, SkatDeal, SkatGame, SkatOutcome, SkatPhase, SkatRules,
};
use trumpf_core::{Card, CardSet, Game, Rank, Seat, Suit};

// ---------------------------------------------------------------------------
// An oracle written from the rules document

/// Card points (§2.2).
fn card_value(card: Card) -> u32 {
    match card.rank() {
        Rank::Ace => 11,
        Rank::Ten => 10,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

fn set_value(cards: CardSet) -> u32 {
    cards.iter().map(card_value).sum()
}

/// Base values (§8.1).
fn base_value(kind: GameKind) -> Option<u32> {
    match kind {
        GameKind::Suit(Suit::Diamonds) => Some(9),
        GameKind::Suit(Suit::Hearts) => Some(10),
        GameKind::Suit(Suit::Spades) => Some(11),
        GameKind::Suit(Suit::Clubs) => Some(12),
        GameKind::Grand => Some(24),
        GameKind::Null => None,
    }
}

/// Null values (§8.1).
fn null_value(c: Contract) -> u32 {
    match (c.hand, c.ouvert) {
        (false, false) => 23,
        (true, false) => 35,
        (false, true) => 46,
        (true, true) => 59,
    }
}

/// Matadors (§8.2): the trump sequence, then "with" the run from CJ or
/// "without" the trumps above the highest one held.
fn matadors(kind: GameKind, twelve: CardSet) -> u32 {
    let mut seq: Vec<Card> =
        [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds].iter().map(|&s| Card::new(s, Rank::Jack)).collect();
    if let GameKind::Suit(t) = kind {
        for r in [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Nine, Rank::Eight, Rank::Seven] {
            seq.push(Card::new(t, r));
        }
    }
    let holds_top = twelve.contains(seq[0]);
    seq.iter().take_while(|&&c| twelve.contains(c) == holds_top).count() as u32
}

/// What §7, §8, §9 and §11.1 say a game is worth: (won, V, score).
fn oracle(
    c: Contract,
    bid: u32,
    twelve: CardSet,
    d: u32,
    tricks: u32,
    defender_tricks: u32,
    rules: &SkatRules,
) -> (bool, u32, i64) {
    let (made, computed, base) = match base_value(c.kind) {
        None => (tricks == 0, null_value(c), 23),
        Some(base) => {
            let schneider = c.schneider || d >= 90 || d <= 30;
            let schwarz = c.schwarz || tricks == 0 || defender_tricks == 0;
            let levels = [c.hand, schneider, c.schneider, schwarz, c.schwarz, c.ouvert];
            let multiplier = matadors(c.kind, twelve) + 1 + levels.iter().filter(|&&l| l).count() as u32;
            let made = d >= 61 && (!c.schneider || d >= 90) && (!c.schwarz || defender_tricks == 0);
            (made, base * multiplier, base)
        }
    };
    let overbid = computed < bid;
    let value = if overbid { bid.div_ceil(base) * base } else { computed };
    let won = made && !overbid;
    let v = i64::from(value);
    let score = if won {
        v
    } else if c.hand && rules.lost_hand_games_single {
        -v
    } else {
        -2 * v
    };
    (won, value, score)
}

// ---------------------------------------------------------------------------
// Playouts

fn pick<A: Copy>(rng: &mut trumpf_core::shuffle::DealRng, actions: &[A]) -> A {
    actions[uniform_below(rng, actions.len() as u32) as usize]
}

/// A copy of a state to compare against later.
fn snapshot<T: Clone>(value: &T) -> T {
    value.clone()
}

/// Tries actions that must be refused and checks that each leaves the state
/// unchanged: another seat acting, a card not in hand, a card that does not
/// follow, an action of another phase, a non-bid value.
fn check_illegal_actions_are_refused(game: &mut SkatGame, legal: &[SkatAction]) -> Result<(), TestCaseError> {
    let before = snapshot(game);
    let refuse = |game: &mut SkatGame, seat: Seat, action: SkatAction, what: &str| -> Result<(), TestCaseError> {
        prop_assert!(game.try_apply(seat, action).is_err(), "{what}: {seat:?} {action:?} was accepted");
        prop_assert_eq!(&*game, &before, "{}: refused {:?} changed the state", what, action);
        Ok(())
    };
    let Some(to_act) = game.to_act() else {
        for seat in Seat::all(3) {
            refuse(game, seat, SkatAction::Pass, "after the end")?;
            refuse(game, seat, SkatAction::Play(Card::new(Suit::Clubs, Rank::Seven)), "after the end")?;
        }
        return Ok(());
    };
    for seat in Seat::all(3).filter(|&s| s != to_act) {
        for &action in legal.iter().take(3) {
            refuse(game, seat, action, "wrong seat")?;
        }
    }
    match game.phase() {
        SkatPhase::Bidding => {
            refuse(game, to_act, SkatAction::Bid(19), "not a bid value")?;
            refuse(game, to_act, SkatAction::Bid(265), "not a bid value")?;
            refuse(game, to_act, SkatAction::TakeSkat, "wrong phase")?;
            refuse(game, to_act, SkatAction::Play(game.hand(to_act).first().expect("a card")), "wrong phase")?;
        }
        SkatPhase::SkatDecision => {
            refuse(game, to_act, SkatAction::Pass, "wrong phase")?;
            refuse(game, to_act, SkatAction::Declare(Contract::pickup(GameKind::Grand)), "not hand")?;
        }
        SkatPhase::Discarding => {
            let hand = game.hand(to_act);
            refuse(game, to_act, SkatAction::Discard(CardSet::single(hand.first().expect("card"))), "one card")?;
            let foreign = CardSet::PIQUET_PACK.minus(hand).first().expect("a card outside the hand");
            let with_foreign = CardSet::single(foreign).with(hand.first().expect("card"));
            refuse(game, to_act, SkatAction::Discard(with_foreign), "card not held")?;
        }
        SkatPhase::Declaring => {
            refuse(game, to_act, SkatAction::TakeSkat, "wrong phase")?;
            refuse(game, to_act, SkatAction::Declare(Contract::hand(GameKind::Grand)), "hand after pickup")?;
        }
        SkatPhase::Playing => {
            let hand = game.hand(to_act);
            if let Some(foreign) = CardSet::PIQUET_PACK.minus(hand).first() {
                refuse(game, to_act, SkatAction::Play(foreign), "card not in hand")?;
            }
            let revokes = hand.minus(game.legal_cards());
            if let Some(revoke) = revokes.first() {
                refuse(game, to_act, SkatAction::Play(revoke), "does not follow")?;
            }
            refuse(game, to_act, SkatAction::Pass, "wrong phase")?;
        }
        SkatPhase::GrandHandOffer
        | SkatPhase::Passing
        | SkatPhase::KontraWindow
        | SkatPhase::Knocking
        | SkatPhase::Spitze
        | SkatPhase::Schenken => {
            // Only reached under house rules (Ramsch, Kontra, the pub
            // extras); the ISkO playouts here never get there.
            refuse(game, to_act, SkatAction::Bid(18), "wrong phase")?;
        }
        SkatPhase::Over => unreachable!("to_act is Some"),
    }
    Ok(())
}

/// Plays one deal to the end, choosing uniformly among the legal actions
/// (with `low_bids`, the auction picks between the lowest bid or "yes" and
/// a pass, so that games are often not overbid), and checks the invariants
/// at every step. Returns the finished game.
fn playout(deal_seed: u64, play_seed: u64, low_bids: bool, rules: SkatRules) -> Result<SkatGame, TestCaseError> {
    let deal = SkatDeal::from_seed(deal_seed);
    let mut game = SkatGame::new(deal, rules);
    let mut rng = deal_rng(play_seed);
    let mut legal = Vec::new();
    let mut played_so_far = CardSet::EMPTY;
    let mut trick: Vec<Card> = Vec::new();
    let mut tricks_taken = [0u32; 3];
    let mut steps = 0;
    loop {
        steps += 1;
        prop_assert!(steps < 200, "the deal does not end");
        // The pack is always partitioned by hands, skat and played cards.
        let parts = [game.hand(Seat::FOREHAND), game.hand(Seat::MIDDLEHAND), game.hand(Seat::REARHAND), game.skat()];
        let mut union = game.played();
        for part in parts {
            prop_assert!(!union.intersects(part), "a card is in two places: {:?}", game);
            union |= part;
        }
        prop_assert_eq!(union, CardSet::PIQUET_PACK);
        prop_assert_eq!(game.played(), played_so_far);

        game.legal_actions(&mut legal);
        prop_assert_eq!(legal.is_empty(), game.is_over(), "a legal action exists exactly until the end");
        check_illegal_actions_are_refused(&mut game, &legal)?;
        let Some(seat) = game.to_act() else { break };
        for &a in &legal {
            prop_assert!(game.is_legal(a), "{:?} listed but not legal", a);
        }
        let action = if low_bids && game.phase() == SkatPhase::Bidding {
            pick(&mut rng, &[legal[0], SkatAction::Pass])
        } else {
            pick(&mut rng, &legal)
        };
        if let SkatAction::Play(card) = action {
            prop_assert!(!played_so_far.contains(card), "{} played twice", card);
            played_so_far.insert(card);
            trick.push(card);
        }
        prop_assert!(game.try_apply(seat, action).is_ok(), "legal {:?} refused", action);
        if trick.len() == 3 {
            let last = game.last_trick().expect("a trick was completed");
            prop_assert_eq!(last.cards.to_vec(), trick.clone());
            tricks_taken[last.winner.index()] += 1;
            trick.clear();
        }
    }

    // The end: settlement against the oracle.
    match game.outcome().expect("over") {
        SkatOutcome::PassedIn => {
            prop_assert_eq!(game.played(), CardSet::EMPTY);
            prop_assert_eq!(game.scores(), Some([0; Seat::MAX]));
        }
        SkatOutcome::Played { declarer, settlement } => {
            check_settlement(&game, deal, declarer, &settlement, &tricks_taken, &rules)?;
        }
        SkatOutcome::Ramsch { .. } => prop_assert!(false, "a Ramsch under rules without one"),
    }
    Ok(game)
}

fn check_settlement(
    game: &SkatGame,
    deal: SkatDeal,
    declarer: Seat,
    s: &Settlement,
    tricks_taken: &[u32; 3],
    rules: &SkatRules,
) -> Result<(), TestCaseError> {
    let contract = game.contract().expect("declared");
    let (seat, bid) = game.declarer().expect("a declarer");
    prop_assert_eq!(seat, declarer);
    prop_assert_eq!(s.contract, contract);
    prop_assert_eq!(s.bid, bid);

    let d = declarer.index();
    let total_tricks: u32 = tricks_taken.iter().sum();
    prop_assert_eq!(u32::from(s.tally.declarer_tricks), tricks_taken[d]);
    prop_assert_eq!(u32::from(s.tally.defender_tricks), total_tricks - tricks_taken[d]);
    prop_assert_eq!(game.played().len() as u32, 3 * total_tricks);

    // Card points: the declarer's tricks plus the skat (§5.2, §7.1).
    let skat_points = set_value(game.skat());
    let tricks_points: u32 = game.points_won().as_array().iter().map(|&p| u32::from(p)).sum();
    prop_assert_eq!(tricks_points, set_value(game.played()));
    prop_assert_eq!(u32::from(s.tally.declarer_points), u32::from(game.points_won().as_array()[d]) + skat_points);
    if total_tricks == 10 {
        prop_assert_eq!(game.played().len(), 30);
        prop_assert_eq!(tricks_points + skat_points, 120);
    } else {
        // §6.5: only Null (declarer took a trick) or schwarz announced
        // (defenders took a trick) ends early, on the trick that did it.
        let last = game.last_trick().expect("a trick");
        let early = if contract.kind == GameKind::Null {
            last.winner == declarer && tricks_taken[d] == 1
        } else {
            contract.schwarz && last.winner != declarer && total_tricks - tricks_taken[d] == 1
        };
        prop_assert!(early, "play ended after {} tricks in {}", total_tricks, contract);
    }

    // The value (§7–§9, §11.1).
    let twelve = deal.hand(declarer) | deal.skat();
    let (won, value, score) = oracle(
        contract,
        u32::from(bid),
        twelve,
        u32::from(s.tally.declarer_points),
        u32::from(s.tally.declarer_tricks),
        u32::from(s.tally.defender_tricks),
        rules,
    );
    prop_assert_eq!((s.won, u32::from(s.value), i64::from(s.score)), (won, value, score), "{:?}", s);

    // The same facts stated directly.
    prop_assert!(u32::from(s.value) >= u32::from(bid), "V {} below the bid {}", s.value, bid);
    match base_value(contract.kind) {
        Some(base) => {
            prop_assert_eq!(u32::from(s.value) % base, 0, "V is a multiple of the base");
            prop_assert_eq!(s.matadors.unsigned_abs() as u32, matadors(contract.kind, twelve));
        }
        None if !rules.allow_null_below_bid => {
            prop_assert_eq!(u32::from(s.value), null_value(contract), "Null is never overbid (§5.5)");
        }
        None => {}
    }
    if s.overbid {
        let base = base_value(contract.kind).unwrap_or(23);
        let v = u32::from(s.value);
        prop_assert!(!s.won);
        prop_assert!(v >= u32::from(bid) && v - base < u32::from(bid), "overbid V {} for bid {}", v, bid);
    }
    let v = i64::from(s.value);
    let expected_score = match (s.won, contract.hand && rules.lost_hand_games_single) {
        (true, _) => v,
        (false, true) => -v,
        (false, false) => -2 * v,
    };
    prop_assert_eq!(i64::from(s.score), expected_score);
    let mut scores = [0i64; Seat::MAX];
    scores[d] = expected_score;
    prop_assert_eq!(game.scores(), Some(scores));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_the_invariants(deal_seed in any::<u64>(), play_seed in any::<u64>(), low_bids in any::<bool>()) {
        playout(deal_seed, play_seed, low_bids, SkatRules::default())?;
    }

    #[test]
    fn random_playouts_under_house_rules(deal_seed in any::<u64>(), play_seed in any::<u64>(), single in any::<bool>(), null_below in any::<bool>()) {
        let rules = SkatRules { lost_hand_games_single: single, allow_null_below_bid: null_below, ..SkatRules::default() };
        playout(deal_seed, play_seed, true, rules)?;
    }

    /// The same seeds give the same deal and the same playout.
    #[test]
    fn playouts_are_reproducible(deal_seed in any::<u64>(), play_seed in any::<u64>()) {
        let a = playout(deal_seed, play_seed, true, SkatRules::default())?;
        let b = playout(deal_seed, play_seed, true, SkatRules::default())?;
        prop_assert_eq!(a, b);
    }
}
