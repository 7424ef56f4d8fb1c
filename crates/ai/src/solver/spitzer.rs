//! The Spitzer search position (trick play with fixed sides).

use trumpf_core::spitzer::{
    Duty, FAIL_ORDER, FAIL_SUITS, SpitzerGame, TRUMP_ORDER, card_points, fail_suit, follow_mask, legal_cards, strength,
};
use trumpf_core::{Card, CardSet, Game, Seat};

use super::groups::{Groups, Moves, Order};
use super::search::{Node, Root};
use super::skat::Count;
use super::tt::{TtKey, mix};

/// Compresses the 32-card pack's bits into 32 bits (eight ranks per suit).
#[inline]
const fn compact32(set: CardSet) -> u64 {
    let b = set.bits();
    ((b >> 5) & 0xFF) | ((b >> 13) & 0xFF00) | ((b >> 21) & 0xFF_0000) | ((b >> 29) & 0xFF00_0000)
}

/// The search context of one Spitzer deal.
pub(crate) struct SpitzerCtx {
    order: Order,
    strength: [u8; 64],
    must_trump: bool,
    /// The caller bound by `caller_must_keep_hold_card`, if any.
    keep_hold: Option<u8>,
    aux: u32,
}

impl SpitzerCtx {
    pub fn new(game: &SpitzerGame, count: Count, counted: u8, max_side: u8) -> SpitzerCtx {
        let fails = FAIL_SUITS.map(|s| FAIL_ORDER.map(|r| Card::new(s, r)));
        let order = Order::new(&[&TRUMP_ORDER, &fails[0], &fails[1], &fails[2]]);
        let mut strength = [0u8; 64];
        for c in 0..order.classes() {
            for (i, &card) in order.class_cards(c).iter().enumerate() {
                strength[usize::from(card.index())] = (if c == 0 { 32 } else { 0 }) + (16 - i as u8);
            }
        }
        let rules = game.rules();
        let keep_hold = match game.announcement() {
            Some((caller, trumpf_core::spitzer::Announcement::CallAce(_))) if rules.caller_must_keep_hold_card => {
                Some(caller.index() as u8)
            }
            _ => None,
        };
        let aux = (u32::from(counted) << 2)
            | (u32::from(max_side) << 6)
            | (u32::from(count == Count::Tricks) << 10)
            | (keep_hold.map_or(0, |s| 4 | u32::from(s)) << 14)
            | (u32::from(rules.must_trump) << 17);
        SpitzerCtx { order, strength, must_trump: rules.must_trump, keep_hold, aux }
    }
}

/// A Spitzer position in trick play, the sides fixed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SpitzerPos {
    hands: [CardSet; 4],
    trick: [Card; 4],
    trick_len: u8,
    leader: u8,
    to_move: u8,
    best_pos: u8,
    best_strength: u8,
    trick_points: u8,
    /// Seats whose tricks are counted (bit per seat).
    counted: u8,
    /// Seats that maximise the counter.
    max_side: u8,
    count: Count,
    called_ace: Option<Card>,
    called_suit_led: bool,
    over: bool,
    total: i16,
    left: i16,
}

impl SpitzerPos {
    /// The position of `game` (in trick play or over), counting `count` for
    /// the seats in `counted`.
    pub fn from_game(game: &SpitzerGame, count: Count, counted: u8, max_side: u8) -> SpitzerPos {
        let hands = [0, 1, 2, 3].map(|i| Seat::new(i).map_or(CardSet::EMPTY, |s| game.hand(s)));
        let (leader, cards) = game.current_trick();
        let mut pos = SpitzerPos {
            hands,
            trick: [Card::JOKER_1; 4],
            trick_len: 0,
            leader: leader.index() as u8,
            to_move: leader.index() as u8,
            best_pos: 0,
            best_strength: 0,
            trick_points: 0,
            counted,
            max_side,
            count,
            called_ace: game.called_ace(),
            called_suit_led: game.called_suit_led(),
            over: game.is_over(),
            total: 0,
            left: 0,
        };
        let seats = Seat::all(4).filter(|s| counted >> s.index() & 1 != 0);
        pos.total = match count {
            Count::Points => seats.map(|s| i16::from(game.points_won()[s])).sum(),
            Count::Tricks => seats.map(|s| i16::from(game.tricks_won()[s])).sum(),
        };
        let in_trick: CardSet = cards.iter().copied().collect();
        let all = hands[0] | hands[1] | hands[2] | hands[3] | in_trick;
        pos.left = match count {
            Count::Points => i16::from(trumpf_core::spitzer::points(all)),
            Count::Tricks => all.len().div_ceil(4) as i16,
        };
        if pos.over {
            pos.left = 0;
            return pos;
        }
        for &card in cards {
            pos.hands[usize::from(pos.to_move)].insert(card);
            pos.play_card(card);
        }
        pos
    }

    #[inline]
    fn play_card(&mut self, card: Card) {
        let seat = usize::from(self.to_move);
        self.hands[seat].remove(card);
        let pts = card_points(card);
        if self.trick_len == 0 {
            self.best_pos = 0;
            self.best_strength = strength(card, card);
            self.trick_points = pts;
        } else {
            let s = strength(card, self.trick[0]);
            if s > self.best_strength {
                self.best_strength = s;
                self.best_pos = self.trick_len;
            }
            self.trick_points += pts;
        }
        self.trick[usize::from(self.trick_len)] = card;
        self.trick_len += 1;
        if self.trick_len < 4 {
            self.to_move = (self.to_move + 1) & 3;
            return;
        }
        let winner = (self.leader + self.best_pos) & 3;
        let gain = match self.count {
            Count::Points => i16::from(self.trick_points),
            Count::Tricks => 1,
        };
        self.left -= gain;
        if self.counted >> winner & 1 != 0 {
            self.total += gain;
        }
        if let Some(ace) = self.called_ace
            && follow_mask(self.trick[0]) == fail_suit(ace.suit())
        {
            self.called_suit_led = true;
        }
        self.trick_len = 0;
        self.leader = winner;
        self.to_move = winner;
        self.over = self.hands.iter().all(|h| h.is_empty());
    }

    /// The called ace while its §5.4 duty still binds.
    #[inline]
    fn live_ace(&self) -> Option<Card> {
        self.called_ace.filter(|_| !self.called_suit_led)
    }

    #[inline]
    fn duty(&self, ctx: &SpitzerCtx) -> Duty {
        let Some(ace) = self.live_ace() else { return Duty::NONE };
        let hand = self.hands[usize::from(self.to_move)];
        Duty {
            called_ace: hand.contains(ace).then_some(ace),
            keep_hold_suit: (ctx.keep_hold == Some(self.to_move)).then_some(ace.suit()),
        }
    }
}

/// The key of a Spitzer trick start: two bit planes for the four hands,
/// the set of remaining cards, and the context with the leader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SpitzerKey {
    planes: u64,
    remaining: u32,
    aux: u32,
}

impl TtKey for SpitzerKey {
    #[inline]
    fn hash(&self) -> u64 {
        mix(self.planes ^ (u64::from(self.remaining) << 32 | u64::from(self.aux)).rotate_left(17))
    }
}

impl Node for SpitzerPos {
    type Key = SpitzerKey;
    type Ctx = SpitzerCtx;

    #[inline]
    fn is_over(&self) -> bool {
        self.over
    }

    #[inline]
    fn max_to_move(&self, _ctx: &SpitzerCtx) -> bool {
        self.max_side >> self.to_move & 1 != 0
    }

    #[inline]
    fn total(&self) -> i32 {
        i32::from(self.total)
    }

    #[inline]
    fn bounds(&self, ctx: &SpitzerCtx) -> (i32, i32) {
        let left = i32::from(self.left);
        if self.trick_len != 0 {
            return (0, left);
        }
        let mut counted_cards = CardSet::EMPTY;
        for seat in 0..4 {
            if self.counted >> seat & 1 != 0 {
                counted_cards |= self.hands[seat];
            }
        }
        let remaining = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3];
        let leader = usize::from(self.leader);
        let leader_counted = self.counted >> leader & 1 != 0;
        let leader_side = if leader_counted { counted_cards } else { remaining - counted_cards };
        // The leader's own top trumps win one trick each when led in a row:
        // holding one for every trick left, his side takes them all.
        let mut quick = 0;
        for &card in ctx.order.class_cards(0) {
            if remaining.contains(card) {
                if !leader_side.contains(card) {
                    break;
                }
                if self.hands[leader].contains(card) {
                    quick += 1;
                }
            }
        }
        let tricks_left = self.hands[leader].len();
        let (mut lo, mut hi) = (0, left);
        let secured = match self.count {
            _ if quick >= tricks_left => left,
            Count::Tricks => quick as i32,
            Count::Points => 0,
        };
        if leader_counted {
            lo = lo.max(secured);
        } else {
            hi = hi.min(left - secured);
        }
        if self.count == Count::Tricks {
            return (lo.min(hi), hi);
        }
        // The top run of remaining trumps held by one side goes to it.
        let mut side = None;
        let mut sure = 0;
        for &card in ctx.order.class_cards(0) {
            if !remaining.contains(card) {
                continue;
            }
            let mine = counted_cards.contains(card);
            match side {
                None => side = Some(mine),
                Some(s) if s != mine => break,
                _ => {}
            }
            sure += i32::from(card_points(card));
        }
        match side {
            Some(true) => lo = lo.max(sure.min(left)),
            Some(false) => hi = hi.min((left - sure).max(0)),
            None => {}
        }
        (lo.min(hi), hi)
    }

    #[inline]
    fn key(&self, ctx: &SpitzerCtx) -> Option<(SpitzerKey, u8)> {
        if self.trick_len != 0 {
            return None;
        }
        let [h0, h1, h2, h3] = self.hands;
        let low = compact32(h1 | h3);
        let high = compact32(h2 | h3);
        let remaining = h0 | h1 | h2 | h3;
        let duty = match self.live_ace() {
            Some(ace) => 4 | ace.suit().index() as u32,
            None => 0,
        };
        let aux = ctx.aux | u32::from(self.leader) | duty << 11;
        let key = SpitzerKey { planes: low | high << 32, remaining: compact32(remaining) as u32, aux };
        Some((key, remaining.len() as u8))
    }

    #[inline]
    fn play(&mut self, ctx: &SpitzerCtx, m: u8) {
        if let Some(card) = Card::from_index(m) {
            self.play_card_ctx(ctx, card);
        }
    }

    #[inline]
    fn moves(&self, ctx: &SpitzerCtx, skip: Option<u8>, out: &mut Moves) {
        let mut groups = Groups::new();
        self.groups(ctx, self.legal(ctx), &mut groups);
        out.clear();
        for &group in groups.as_slice() {
            if skip.is_some_and(|m| Card::from_index(m).is_some_and(|c| group.contains(c))) {
                continue;
            }
            if let Some(card) = group.first() {
                out.push(card.index(), self.score(ctx, card));
            }
        }
    }

    #[inline]
    fn is_legal(&self, ctx: &SpitzerCtx, m: u8) -> bool {
        Card::from_index(m).is_some_and(|c| self.legal(ctx).contains(c))
    }

    #[inline]
    fn quick_value(&self, ctx: &SpitzerCtx, _alpha: i32, _beta: i32) -> Option<i32> {
        if !self.last_cards() {
            return None;
        }
        // One card per hand left: nothing to choose, play it out.
        let mut end = *self;
        while !end.over {
            let Some(card) = end.legal(ctx).first() else { break };
            end.play_card_ctx(ctx, card);
        }
        Some(i32::from(end.total))
    }
}

impl SpitzerPos {
    #[inline]
    fn play_card_ctx(&mut self, _ctx: &SpitzerCtx, card: Card) {
        self.play_card(card);
    }

    #[inline]
    fn legal(&self, ctx: &SpitzerCtx) -> CardSet {
        let led = if self.trick_len == 0 { None } else { Some(self.trick[0]) };
        legal_cards(self.hands[usize::from(self.to_move)], led, ctx.must_trump, self.duty(ctx))
    }

    #[inline]
    fn groups(&self, ctx: &SpitzerCtx, legal: CardSet, out: &mut Groups) {
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
        let single = self.live_ace().map_or(CardSet::EMPTY, CardSet::single);
        out.build(&ctx.order, legal, separators, pts, single);
    }

    #[inline]
    fn score(&self, ctx: &SpitzerCtx, card: Card) -> i16 {
        let me = self.to_move;
        let my_team = if self.max_side >> me & 1 != 0 { self.max_side } else { !self.max_side & 15 };
        let pts = i16::from(card_points(card));
        let strength_order = i16::from(ctx.strength[usize::from(card.index())]);
        if self.trick_len == 0 {
            return strength_order;
        }
        let s = strength(card, self.trick[0]);
        let would_win = s > self.best_strength;
        let winner_now = (self.leader + self.best_pos) & 3;
        let friend_wins = my_team >> winner_now & 1 != 0;
        let last = self.trick_len == 3;
        if would_win && (!friend_wins || !last) {
            100 - strength_order + pts
        } else if friend_wins {
            50 + pts
        } else {
            -pts * 4 - strength_order
        }
    }

    #[inline]
    fn last_cards(&self) -> bool {
        self.hands.iter().all(|h| h.len() <= 1)
    }
}

impl Root for SpitzerPos {
    fn root_groups(&self, ctx: &SpitzerCtx, out: &mut Groups) {
        self.groups(ctx, self.legal(ctx), out);
    }

    fn move_of(_ctx: &SpitzerCtx, card: Card) -> u8 {
        card.index()
    }
}
