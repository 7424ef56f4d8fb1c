//! The Skat search position (suit, grand and null games in trick play).

use trumpf_core::skat::{GameKind, SkatGame, card_points, points};
use trumpf_core::{Card, CardSet, Game, Rank, Seat, Suit};

use super::SolveError;
use super::groups::{Groups, Order};
use super::search::Node;
use super::tt::{TtKey, mix};

/// What the search counts for the declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    /// Card points of his tricks (the skat's points are added at the root).
    Points,
    /// His tricks.
    Tricks,
}

/// The search context of one Skat game.
pub(crate) struct SkatCtx {
    pub kind: GameKind,
    pub order: Order,
    /// Ordering strength of each card (higher ranks higher; trumps on top).
    strength: [u8; 64],
    /// The constant part of every key: game kind, declarer, count, sides.
    aux: u16,
    /// Suit or grand (class 0 of the order is the trumps).
    has_trumps: bool,
    trumps: CardSet,
    class_sets: [CardSet; 5],
    /// Runs of cards adjacent in rank with equal points (at most 4 each).
    blocks: [[Card; 4]; 8],
    block_len: [u8; 8],
    blocks_n: usize,
    /// Per block: `[0]` all its cards, `[k]` its top `k` cards (k >= 1).
    block_sets: [[CardSet; 5]; 8],
}

impl SkatCtx {
    /// The blocks of interchangeable cards.
    #[inline]
    fn blocks(&self) -> impl Iterator<Item = &[Card]> {
        (0..self.blocks_n).map(|i| &self.blocks[i][..usize::from(self.block_len[i])])
    }
}

impl SkatCtx {
    pub fn new(kind: GameKind, declarer: usize, count: Count, declarer_max: bool) -> SkatCtx {
        let order = skat_order(kind);
        let mut strength = [0u8; 64];
        for c in 0..order.classes() {
            let cards = order.class_cards(c);
            let trump = kind.trumps().contains(cards[0]);
            for (i, &card) in cards.iter().enumerate() {
                strength[usize::from(card.index())] = (if trump { 32 } else { 0 }) + (16 - i as u8);
            }
        }
        let kind_bits = match kind {
            GameKind::Suit(s) => s.index() as u16,
            GameKind::Grand => 4,
            GameKind::Null => 5,
        };
        let aux = (kind_bits << 2)
            | ((declarer as u16) << 5)
            | (u16::from(count == Count::Tricks) << 7)
            | (u16::from(declarer_max) << 8);
        let mut class_sets = [CardSet::EMPTY; 5];
        for (c, set) in class_sets.iter_mut().enumerate().take(order.classes()) {
            *set = order.class_set(c);
        }
        let mut blocks = [[Card::JOKER_1; 4]; 8];
        let mut block_len = [0u8; 8];
        let mut blocks_n = 0;
        for c in 0..order.classes() {
            let cards = order.class_cards(c);
            let mut i = 0;
            while i < cards.len() {
                let mut j = i + 1;
                while j < cards.len() && j - i < 4 && card_points(cards[j]) == card_points(cards[i]) {
                    j += 1;
                }
                if j - i >= 2 && blocks_n < 8 {
                    blocks[blocks_n][..j - i].copy_from_slice(&cards[i..j]);
                    block_len[blocks_n] = (j - i) as u8;
                    blocks_n += 1;
                }
                i = j;
            }
        }
        let mut block_sets = [[CardSet::EMPTY; 5]; 8];
        for i in 0..blocks_n {
            let cards = &blocks[i][..usize::from(block_len[i])];
            block_sets[i][0] = cards.iter().copied().collect();
            for k in 1..=cards.len() {
                block_sets[i][k] = cards[..k].iter().copied().collect();
            }
        }
        SkatCtx {
            block_sets,
            blocks,
            block_len,
            blocks_n,
            kind,
            order,
            strength,
            aux,
            has_trumps: kind != GameKind::Null,
            trumps: kind.trumps(),
            class_sets,
        }
    }
}

/// The card classes of a game kind, highest first (`skat.md` §2.3).
fn skat_order(kind: GameKind) -> Order {
    use Rank::*;
    let suit_ranks = [Ace, Ten, King, Queen, Nine, Eight, Seven];
    let null_ranks = [Ace, King, Queen, Jack, Ten, Nine, Eight, Seven];
    let jacks = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds].map(|s| Card::new(s, Jack));
    let mut classes: [[Card; 16]; 5] = [[Card::JOKER_1; 16]; 5];
    let mut lens = [0usize; 5];
    let mut n = 0;
    let mut push_class = |cards: &mut dyn Iterator<Item = Card>| {
        for card in cards {
            classes[n][lens[n]] = card;
            lens[n] += 1;
        }
        n += 1;
    };
    match kind {
        GameKind::Null => {
            for suit in Suit::ALL {
                push_class(&mut null_ranks.iter().map(|&r| Card::new(suit, r)));
            }
        }
        GameKind::Grand => {
            push_class(&mut jacks.iter().copied());
            for suit in Suit::ALL {
                push_class(&mut suit_ranks.iter().map(|&r| Card::new(suit, r)));
            }
        }
        GameKind::Suit(trump) => {
            push_class(&mut jacks.iter().copied().chain(suit_ranks.iter().map(|&r| Card::new(trump, r))));
            for suit in Suit::ALL.into_iter().filter(|&s| s != trump) {
                push_class(&mut suit_ranks.iter().map(|&r| Card::new(suit, r)));
            }
        }
    }
    let mut slices: [&[Card]; 5] = [&[]; 5];
    for (i, slice) in slices.iter_mut().enumerate().take(n) {
        *slice = &classes[i][..lens[i]];
    }
    Order::new(&slices[..n])
}

/// Positions with fewer tricks left are searched without the table: they
/// are cheaper to search again than to look up.
const MIN_TT_TRICKS: usize = 2;

/// When the play stops before the tenth trick (`skat.md` §6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EarlyEnd {
    None,
    /// Null: the declarer's first trick.
    DeclarerTrick,
    /// Schwarz announced: the defenders' first trick.
    DefenderTrick,
}

/// A Skat position in trick play.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SkatPos {
    hands: [CardSet; 3],
    trick: [Card; 3],
    trick_len: u8,
    leader: u8,
    to_move: u8,
    best_pos: u8,
    best_strength: u8,
    trick_points: u8,
    declarer: u8,
    declarer_max: bool,
    count: Count,
    early: EarlyEnd,
    over: bool,
    /// The declarer's counter so far.
    total: i16,
    /// The most the counter can still grow.
    left: i16,
}

impl SkatPos {
    /// The position of `game` (which must be a declared game in trick play
    /// or over), counting `count` for the declarer. Returns the position and
    /// the counter's offset not tracked by the search (the skat's points).
    pub fn from_game(game: &SkatGame, count: Count, declarer_max: bool) -> Result<SkatPos, SolveError> {
        let (declarer, _) = game.declarer().ok_or(SolveError::NotInTrickPlay)?;
        let contract = game.contract().ok_or(SolveError::NotInTrickPlay)?;
        if game.is_ramsch() {
            return Err(SolveError::Unsupported("Ramsch"));
        }
        let kind = contract.kind;
        let d = declarer.index();
        let early = if kind == GameKind::Null {
            EarlyEnd::DeclarerTrick
        } else if contract.ends_on_defender_trick() {
            EarlyEnd::DefenderTrick
        } else {
            EarlyEnd::None
        };
        let hands = [Seat::FOREHAND, Seat::MIDDLEHAND, Seat::REARHAND].map(|seat| game.hand(seat));
        let (leader, cards) = game.current_trick();
        let mut pos = SkatPos {
            hands,
            trick: [Card::JOKER_1; 3],
            trick_len: 0,
            leader: leader.index() as u8,
            to_move: leader.index() as u8,
            best_pos: 0,
            best_strength: 0,
            trick_points: 0,
            declarer: d as u8,
            declarer_max,
            count,
            early,
            over: game.is_over(),
            total: 0,
            left: 0,
        };
        pos.total = match count {
            Count::Points => i16::from(game.points_won()[declarer]) + i16::from(points(game.skat())),
            Count::Tricks => i16::from(game.tricks_won()[declarer]),
        };
        let in_trick: CardSet = cards.iter().copied().collect();
        pos.left = match count {
            Count::Points => i16::from(points(hands[0] | hands[1] | hands[2] | in_trick)),
            Count::Tricks => ((hands[0] | hands[1] | hands[2] | in_trick).len() / 3) as i16,
        };
        if pos.over {
            pos.left = 0;
            return Ok(pos);
        }
        // Replay the cards of the current trick from hands that hold them again.
        for &card in cards {
            let seat = usize::from(pos.to_move);
            pos.hands[seat].insert(card);
            pos.play_card(kind, card);
        }
        Ok(pos)
    }

    #[inline]
    fn play_card(&mut self, kind: GameKind, card: Card) {
        let seat = usize::from(self.to_move);
        self.hands[seat].remove(card);
        let pts = card_points(card);
        if self.trick_len == 0 {
            self.best_pos = 0;
            self.best_strength = kind.strength(card, card);
            self.trick_points = pts;
        } else {
            let s = kind.strength(card, self.trick[0]);
            if s > self.best_strength {
                self.best_strength = s;
                self.best_pos = self.trick_len;
            }
            self.trick_points += pts;
        }
        self.trick[usize::from(self.trick_len)] = card;
        self.trick_len += 1;
        if self.trick_len < 3 {
            self.to_move = (self.to_move + 1) % 3;
            return;
        }
        let winner = (self.leader + self.best_pos) % 3;
        let gain = match self.count {
            Count::Points => i16::from(self.trick_points),
            Count::Tricks => 1,
        };
        self.left -= gain;
        let declarer_took = winner == self.declarer;
        if declarer_took {
            self.total += gain;
        }
        self.trick_len = 0;
        self.leader = winner;
        self.to_move = winner;
        self.over = self.hands[0].is_empty()
            || match self.early {
                EarlyEnd::None => false,
                EarlyEnd::DeclarerTrick => declarer_took,
                EarlyEnd::DefenderTrick => !declarer_took,
            };
        if self.over {
            self.left = 0;
        }
    }
}

/// The highest card points in `hand` (by rank masks).
#[inline]
fn max_points(hand: CardSet) -> i32 {
    if hand.intersects(CardSet::rank(Rank::Ace)) {
        11
    } else if hand.intersects(CardSet::rank(Rank::Ten)) {
        10
    } else if hand.intersects(CardSet::rank(Rank::King)) {
        4
    } else if hand.intersects(CardSet::rank(Rank::Queen)) {
        3
    } else if hand.intersects(CardSet::rank(Rank::Jack)) {
        2
    } else {
        0
    }
}

/// Compresses the 32-card pack's bits into 32 bits (eight ranks per suit).
#[inline]
pub(crate) const fn compact32(set: CardSet) -> u64 {
    let b = set.bits();
    ((b >> 5) & 0xFF) | ((b >> 13) & 0xFF00) | ((b >> 21) & 0xFF_0000) | ((b >> 29) & 0xFF00_0000)
}

/// The key of a Skat trick start: two bit planes over the 32 cards (played
/// 00, forehand 01, middlehand 10, rearhand 11), the leader and the context.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SkatKey {
    /// The planes as four 16-bit words: the entry stays at 16 bytes.
    planes: [u16; 4],
    aux: u16,
}

impl TtKey for SkatKey {
    #[inline]
    fn hash(&self) -> u64 {
        let [a, b, c, d] = self.planes.map(u64::from);
        mix((a | b << 16 | c << 32 | d << 48) ^ (u64::from(self.aux) << 48).rotate_left(7))
    }
}

impl Node for SkatPos {
    type Key = SkatKey;
    type Ctx = SkatCtx;

    #[inline]
    fn is_over(&self) -> bool {
        self.over
    }

    #[inline]
    fn max_to_move(&self) -> bool {
        (self.to_move == self.declarer) == self.declarer_max
    }

    #[inline]
    fn total(&self) -> i32 {
        i32::from(self.total)
    }

    #[inline]
    fn bounds(&self, ctx: &SkatCtx) -> (i32, i32) {
        let left = i32::from(self.left);
        if self.early == EarlyEnd::DeclarerTrick {
            // Null: the declarer takes at most one more trick, and no trick
            // holds more than the trick so far plus one card of each hand.
            let one_trick = match self.count {
                Count::Tricks => 1,
                Count::Points => i32::from(self.trick_points) + self.hands.iter().map(|&h| max_points(h)).sum::<i32>(),
            };
            let hi = left.min(one_trick);
            // Leading the top remaining card of a suit takes the trick (no
            // trumps in Null), which ends the game with at least its points.
            let mut lo = 0;
            if self.trick_len == 0 && self.leader == self.declarer && self.count == Count::Points {
                let remaining = self.hands[0] | self.hands[1] | self.hands[2];
                let mine = self.hands[usize::from(self.declarer)];
                for class in 0..ctx.order.classes() {
                    let top = ctx.order.class_cards(class).iter().find(|c| remaining.contains(**c));
                    if let Some(&top) = top
                        && mine.contains(top)
                    {
                        lo = lo.max(i32::from(card_points(top)));
                    }
                }
            }
            return (lo.min(hi), hi);
        }
        if self.trick_len != 0 || self.count == Count::Tricks {
            return (0, left);
        }
        if !ctx.has_trumps {
            return (0, left);
        }
        let d = usize::from(self.declarer);
        let remaining = self.hands[0] | self.hands[1] | self.hands[2];
        let declarer_cards = self.hands[d];
        let defender_cards = remaining - declarer_cards;
        // The top run of remaining trumps held by one side goes to that side:
        // nothing beats those cards whenever they are played.
        let mut run_declarer = 0;
        let mut run_defenders = 0;
        let trumps = remaining & ctx.trumps;
        if let Some(top) = ctx.order.class_cards(0).iter().find(|c| trumps.contains(**c)) {
            let side = if declarer_cards.contains(*top) { declarer_cards } else { defender_cards };
            let mut sure = 0;
            for &card in ctx.order.class_cards(0) {
                if trumps.contains(card) {
                    if !side.contains(card) {
                        break;
                    }
                    sure += i32::from(card_points(card));
                }
            }
            if side == declarer_cards {
                run_declarer = sure;
            } else {
                run_defenders = sure;
            }
        }
        // Quick tricks: the leader cashes the top cards of plain suits that
        // no opponent can ruff (each opponent with trumps still follows).
        let leader = usize::from(self.leader);
        let leader_is_declarer = leader == d;
        let lead_hand = self.hands[leader];
        let (own_side, opponents) =
            if leader_is_declarer { (declarer_cards, defender_cards) } else { (defender_cards, declarer_cards) };
        let mut cash = 0;
        let mut quick = 0;
        for &card in ctx.order.class_cards(0) {
            if remaining.contains(card) {
                if !own_side.contains(card) {
                    break;
                }
                quick += usize::from(lead_hand.contains(card));
            }
        }
        for class in 1..ctx.order.classes() {
            let in_class = ctx.class_sets[class] & remaining;
            if !lead_hand.intersects(in_class) {
                continue;
            }
            // How many rounds every opponent who could ruff still follows.
            let mut rounds = usize::MAX;
            for (seat, &hand) in self.hands.iter().enumerate() {
                let opponent = if leader_is_declarer { seat != d } else { seat == d };
                if opponent && hand.intersects(ctx.trumps) {
                    rounds = rounds.min((hand & in_class).len());
                }
            }
            let mut taken = 0;
            for &card in ctx.order.class_cards(class) {
                if taken >= rounds || !in_class.contains(card) {
                    continue;
                }
                if opponents.contains(card) {
                    break;
                }
                if lead_hand.contains(card) {
                    cash += i32::from(card_points(card));
                    taken += 1;
                }
            }
            quick += taken;
            // The other hands follow those rounds with their cheapest cards
            // of the suit (the lowest ranks are the cheapest in suit order).
            for (seat, &hand) in self.hands.iter().enumerate() {
                if seat == leader || taken == 0 {
                    continue;
                }
                let theirs = hand & in_class;
                let mut forced = 0;
                for &card in ctx.order.class_cards(class).iter().rev() {
                    if forced == taken {
                        break;
                    }
                    if theirs.contains(card) {
                        cash += i32::from(card_points(card));
                        forced += 1;
                    }
                }
            }
        }
        if quick >= lead_hand.len() {
            // The leader wins every trick left, one after the other.
            return if leader_is_declarer { (left, left) } else { (0, 0) };
        }
        let (mut lo, mut hi) = (run_declarer, left - run_defenders);
        if leader_is_declarer {
            lo = lo.max(run_declarer + cash);
        } else {
            hi = hi.min(left - run_defenders - cash);
            if self.early == EarlyEnd::DefenderTrick && cash + run_defenders > 0 && cash > 0 {
                hi = 0;
            }
        }
        (lo.clamp(0, left), hi.clamp(0, left).max(lo.clamp(0, left)))
    }

    #[inline]
    fn key(&self, ctx: &SkatCtx) -> Option<(SkatKey, u8)> {
        if self.trick_len != 0 || self.hands[0].len() < MIN_TT_TRICKS {
            return None;
        }
        let [mut h0, mut h1, mut h2] = self.hands;
        let depth = (h0.len() * 3) as u8;
        // Cards of a block (adjacent in rank, equal points) are
        // interchangeable: the remaining ones are keyed as the block's top
        // cards, held in the same order by the same hands.
        let remaining = h0 | h1 | h2;
        for (i, block) in ctx.blocks().enumerate() {
            let here = remaining & ctx.block_sets[i][0];
            let n = here.len();
            if n == 0 || here == ctx.block_sets[i][n] {
                continue;
            }
            let mut slot = 0;
            let mut canon = [CardSet::EMPTY; 3];
            for &card in block {
                if here.contains(card) {
                    let holder = if h0.contains(card) {
                        0
                    } else if h1.contains(card) {
                        1
                    } else {
                        2
                    };
                    canon[holder].insert(block[slot]);
                    slot += 1;
                }
            }
            let all = ctx.block_sets[i][0];
            h0 = (h0 - all) | canon[0];
            h1 = (h1 - all) | canon[1];
            h2 = (h2 - all) | canon[2];
        }
        let low = compact32(h0 | h2);
        let high = compact32(h1 | h2);
        let planes = low | high << 32;
        let planes = [planes as u16, (planes >> 16) as u16, (planes >> 32) as u16, (planes >> 48) as u16];
        let key = SkatKey { planes, aux: ctx.aux | u16::from(self.leader) };
        Some((key, depth))
    }

    #[inline]
    fn legal(&self, ctx: &SkatCtx) -> CardSet {
        let led = if self.trick_len == 0 { None } else { Some(self.trick[0]) };
        ctx.kind.legal_cards(self.hands[usize::from(self.to_move)], led)
    }

    #[inline]
    fn groups(&self, ctx: &SkatCtx, legal: CardSet, out: &mut Groups) {
        let me = usize::from(self.to_move);
        let mut separators = CardSet::EMPTY;
        for (i, &h) in self.hands.iter().enumerate() {
            if i != me {
                separators |= h;
            }
        }
        for &card in &self.trick[..usize::from(self.trick_len)] {
            separators.insert(card);
        }
        let pts: Option<fn(Card) -> u8> = match self.count {
            Count::Points => Some(card_points),
            Count::Tricks => None,
        };
        out.build(&ctx.order, legal, separators, pts, CardSet::EMPTY);
    }

    #[inline]
    fn score(&self, ctx: &SkatCtx, card: Card) -> i16 {
        let me = self.to_move;
        let mover_declarer_side = me == self.declarer;
        // When the declarer maximises, both sides want their own tricks; in
        // the Null win goal both want the declarer to be the one who takes
        // them (he avoids tricks, the defenders push them on him).
        let wants_own_side_wins = self.declarer_max;
        let pts = card_points(card) as i16;
        let strength = ctx.strength[usize::from(card.index())] as i16;
        if self.trick_len == 0 {
            // Leading: the strongest cards first when tricks are wanted,
            // the weakest otherwise (measured better than subtler rules).
            return if wants_own_side_wins { strength } else { -strength };
        }
        let s = ctx.kind.strength(card, self.trick[0]);
        let would_win = s > self.best_strength;
        let winner_now = (self.leader + self.best_pos) % 3;
        let winner_is_friend = (winner_now == self.declarer) == mover_declarer_side;
        let last = self.trick_len == 2;
        if wants_own_side_wins {
            if would_win && (!winner_is_friend || !last) {
                // Win as cheaply as possible, keeping points in mind.
                100 - strength + pts
            } else if winner_is_friend {
                // Partner wins: add points.
                50 + pts
            } else {
                // Cannot win: throw the cheapest card.
                -pts * 4 - strength
            }
        } else {
            // The mover wants his own side to lose tricks (Null declarer, or
            // defenders who want the declarer to take them).
            if !would_win { 100 + strength } else { -strength }
        }
    }

    #[inline]
    fn last_cards(&self) -> bool {
        self.hands.iter().all(|h| h.len() <= 1)
    }

    #[inline]
    fn play(&mut self, ctx: &SkatCtx, card: Card) {
        self.play_card(ctx.kind, card);
    }
}
