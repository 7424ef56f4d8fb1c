//! The Skat search position (suit, grand and null games in trick play).
//!
//! The search does not work on [`CardSet`]s but in a 32-bit *rank space*
//! of its own for the game kind: every effective suit ("class") takes
//! adjacent bits, its highest card on the highest bit, and in suit and
//! grand games the trumps take the top bits. A card's strength in a trick
//! is then its bit index when it is a trump or of the led class and nothing
//! otherwise, a class is a mask, and equivalent cards, top cards and
//! cheapest cards are bit operations.

use trumpf_core::skat::{GameKind, SkatGame, card_points, points};
use trumpf_core::{Card, CardSet, Game, Rank, Seat, Suit};

use super::SolveError;
use super::groups::{Groups, Moves};
use super::search::{Node, Root};
use super::tt::{TtKey, mix};

/// What the search counts for the declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    /// Card points of his tricks (the skat's points are added at the root).
    Points,
    /// His tricks.
    Tricks,
}

/// When the play stops before the tenth trick (`skat.md` §6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EarlyEnd {
    None,
    /// Null: the declarer's first trick.
    DeclarerTrick,
    /// Schwarz announced: the defenders' first trick.
    DefenderTrick,
}

/// Which side takes the current trick whatever the rest of it brings,
/// once the mover has played a card of a given power.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Settled {
    /// The mover's side.
    Mine,
    /// The other side.
    Theirs,
    /// Not settled yet.
    Open,
}

#[inline]
const fn high_bit(x: u32) -> u32 {
    31 - x.leading_zeros()
}

/// The bits of `mask` above bit `b`.
#[inline]
const fn above(mask: u32, b: u32) -> u32 {
    if b >= 31 { 0 } else { mask & (!0u32 << (b + 1)) }
}

/// The `k` highest bits of `x`.
#[inline]
fn top_bits(mut x: u32, k: u32) -> u32 {
    let mut out = 0;
    for _ in 0..k {
        if x == 0 {
            break;
        }
        let b = 1 << high_bit(x);
        out |= b;
        x ^= b;
    }
    out
}

/// The `k` lowest bits of `x`.
#[inline]
fn low_bits(mut x: u32, k: u32) -> u32 {
    let mut out = 0;
    for _ in 0..k {
        if x == 0 {
            break;
        }
        let b = x & x.wrapping_neg();
        out |= b;
        x ^= b;
    }
    out
}

/// Whether `x` has at least three bits.
#[inline]
const fn three_or_more(x: u32) -> bool {
    let y = x & x.wrapping_sub(1);
    y & y.wrapping_sub(1) != 0
}

/// Whether `x` has at most two bits.
#[inline]
const fn two_or_fewer(x: u32) -> bool {
    !three_or_more(x)
}

/// The search context of one Skat game: the rank space, the sides and
/// the rules that change play.
pub(crate) struct SkatCtx {
    declarer: u8,
    declarer_max: bool,
    count: Count,
    early: EarlyEnd,
    /// The card on each bit.
    card_at: [Card; 32],
    /// The bit of each card index (`NO_BIT` outside the pack).
    bit_of: [u8; 64],
    /// The class mask of each bit's card.
    class_of: [u32; 32],
    /// The cards each bit's card is interchangeable with when no other
    /// hand's card lies between them: its class, and where points count,
    /// the run of equal points within it.
    segment: [u32; 32],
    /// Move-ordering strength of each bit (trumps on top, then by rank).
    strength: [u8; 32],
    points_at: [u8; 32],
    /// Card points of each byte of a rank-space set.
    byte_points: [[u8; 256]; 4],
    trumps: u32,
    /// The classes that are not trumps (all four in Null).
    plain: [u32; 4],
    plain_n: usize,
    /// Segments of two or more cards, keyed canonically in the table.
    blocks: [u32; 8],
    blocks_n: usize,
    /// Cards by points, highest first: for the most a hand can add.
    by_points: [(u32, u8); 5],
    /// The cards that carry points.
    counted: u32,
    /// The constant part of every key: game kind, declarer, count, sides.
    aux: u16,
}

const NO_BIT: u8 = u8::MAX;

impl SkatCtx {
    /// The context of `game` (a declared game), counting `count` for the
    /// declarer, who maximises it if `declarer_max`.
    pub fn new(game: &SkatGame, count: Count, declarer_max: bool) -> Result<SkatCtx, SolveError> {
        let (declarer, _) = game.declarer().ok_or(SolveError::NotInTrickPlay)?;
        let contract = game.contract_played().ok_or(SolveError::NotInTrickPlay)?;
        if game.is_ramsch() {
            return Err(SolveError::Unsupported("Ramsch"));
        }
        let kind = contract.kind;
        let early = if kind == GameKind::Null {
            EarlyEnd::DeclarerTrick
        } else if contract.ends_on_defender_trick() {
            EarlyEnd::DefenderTrick
        } else {
            EarlyEnd::None
        };
        Ok(SkatCtx::build(kind, declarer.index() as u8, count, declarer_max, early))
    }

    fn build(kind: GameKind, declarer: u8, count: Count, declarer_max: bool, early: EarlyEnd) -> SkatCtx {
        let classes = skat_classes(kind);
        let mut ctx = SkatCtx {
            declarer,
            declarer_max,
            count,
            early,
            card_at: [Card::JOKER_1; 32],
            bit_of: [NO_BIT; 64],
            class_of: [0; 32],
            segment: [0; 32],
            strength: [0; 32],
            points_at: [0; 32],
            byte_points: [[0; 256]; 4],
            trumps: 0,
            plain: [0; 4],
            plain_n: 0,
            blocks: [0; 8],
            blocks_n: 0,
            by_points: [(0, 11), (0, 10), (0, 4), (0, 3), (0, 2)],
            counted: 0,
            aux: 0,
        };
        let has_trumps = kind != GameKind::Null;
        let mut next = 32u32;
        for (c, cards) in classes.iter().enumerate() {
            let trump = has_trumps && c == 0;
            let top = next;
            next -= cards.len() as u32;
            let mask = (((1u64 << cards.len()) - 1) << next) as u32;
            for (i, &card) in cards.iter().enumerate() {
                let b = (top - 1 - i as u32) as usize;
                ctx.card_at[b] = card;
                ctx.bit_of[usize::from(card.index())] = b as u8;
                ctx.class_of[b] = mask;
                ctx.strength[b] = (if trump { 32 } else { 0 }) + (16 - i as u8);
                ctx.points_at[b] = card_points(card);
            }
            if trump {
                ctx.trumps = mask;
            } else {
                ctx.plain[ctx.plain_n] = mask;
                ctx.plain_n += 1;
            }
        }
        for b in 0..32 {
            ctx.segment[b] = match count {
                Count::Tricks => ctx.class_of[b],
                Count::Points => {
                    // The run of equal points around `b` within its class.
                    let class = ctx.class_of[b];
                    let mut seg = 1u32 << b;
                    let same = |o: usize| class >> o & 1 == 1 && ctx.points_at[o] == ctx.points_at[b];
                    let mut o = b;
                    while o < 31 && same(o + 1) {
                        o += 1;
                        seg |= 1 << o;
                    }
                    let mut o = b;
                    while o > 0 && same(o - 1) {
                        o -= 1;
                        seg |= 1 << o;
                    }
                    seg
                }
            };
        }
        for b in 0..32 {
            let seg = ctx.segment[b];
            if seg.count_ones() >= 2 && high_bit(seg) == b as u32 && ctx.blocks_n < 8 {
                ctx.blocks[ctx.blocks_n] = seg;
                ctx.blocks_n += 1;
            }
        }
        for (byte, table) in ctx.byte_points.iter_mut().enumerate() {
            for (v, p) in table.iter_mut().enumerate() {
                *p = (0..8).filter(|j| v >> j & 1 == 1).map(|j| ctx.points_at[byte * 8 + j]).sum();
            }
        }
        for (mask, pts) in &mut ctx.by_points {
            *mask = (0..32).filter(|&b| ctx.points_at[b] == *pts).fold(0, |m, b| m | 1 << b);
            ctx.counted |= *mask;
        }
        let kind_bits = match kind {
            GameKind::Suit(s) => s.index() as u16,
            GameKind::Grand => 4,
            GameKind::Null => 5,
        };
        ctx.aux = (kind_bits << 2)
            | (u16::from(declarer) << 5)
            | (u16::from(count == Count::Tricks) << 7)
            | (u16::from(declarer_max) << 8)
            | (u16::from(early == EarlyEnd::DefenderTrick) << 9);
        ctx
    }

    /// The rank-space set of `cards`.
    fn bits(&self, cards: CardSet) -> u32 {
        cards.iter().map(|c| self.bit_of[usize::from(c.index())]).filter(|&b| b != NO_BIT).fold(0, |m, b| m | 1 << b)
    }

    /// The card set of rank-space `bits`.
    fn cards(&self, mut bits: u32) -> CardSet {
        let mut out = CardSet::EMPTY;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            out.insert(self.card_at[b as usize]);
        }
        out
    }

    /// Card points of a rank-space set.
    #[inline]
    fn pts(&self, set: u32) -> i32 {
        let t = &self.byte_points;
        i32::from(t[0][(set & 255) as usize])
            + i32::from(t[1][(set >> 8 & 255) as usize])
            + i32::from(t[2][(set >> 16 & 255) as usize])
            + i32::from(t[3][(set >> 24) as usize])
    }

    /// The fewest points `k` cards of `cards` can carry (all of them if
    /// fewer). In suit games the jacks make the trumps' points not follow
    /// their ranks.
    #[inline]
    fn cheapest(&self, cards: u32, mut k: u32) -> i32 {
        let zero = cards & !self.counted;
        let mut sum = 0;
        let take = zero.count_ones().min(k);
        k -= take;
        for &(mask, p) in self.by_points.iter().rev() {
            if k == 0 {
                break;
            }
            let take = (cards & mask).count_ones().min(k);
            sum += take as i32 * i32::from(p);
            k -= take;
        }
        sum
    }

    /// The card of `cards` (not empty) with the most points.
    #[inline]
    fn dearest(&self, cards: u32) -> u32 {
        for &(mask, _) in &self.by_points {
            if cards & mask != 0 {
                return high_bit(cards & mask);
            }
        }
        high_bit(cards)
    }

    /// The card of `cards` (not empty) with the fewest points.
    #[inline]
    fn cheapest_card(&self, cards: u32) -> u32 {
        let zero = cards & !self.counted;
        if zero != 0 {
            return high_bit(zero);
        }
        for &(mask, _) in self.by_points.iter().rev() {
            if cards & mask != 0 {
                return high_bit(cards & mask);
            }
        }
        high_bit(cards)
    }

    /// The most points one card of `hand` carries.
    #[inline]
    fn max_points(&self, hand: u32) -> i32 {
        for &(mask, p) in &self.by_points {
            if hand & mask != 0 {
                return i32::from(p);
            }
        }
        0
    }
}

/// The card classes of a game kind, highest class and card first (`skat.md` §2.3).
fn skat_classes(kind: GameKind) -> Vec<Vec<Card>> {
    use Rank::*;
    let suit_ranks = [Ace, Ten, King, Queen, Nine, Eight, Seven];
    let null_ranks = [Ace, King, Queen, Jack, Ten, Nine, Eight, Seven];
    let jacks: Vec<Card> =
        [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds].map(|s| Card::new(s, Jack)).to_vec();
    let plain = |suit: Suit| suit_ranks.iter().map(|&r| Card::new(suit, r)).collect::<Vec<_>>();
    match kind {
        GameKind::Null => Suit::ALL.iter().map(|&s| null_ranks.iter().map(|&r| Card::new(s, r)).collect()).collect(),
        GameKind::Grand => std::iter::once(jacks).chain(Suit::ALL.iter().map(|&s| plain(s))).collect(),
        GameKind::Suit(trump) => {
            let trumps = jacks.into_iter().chain(plain(trump)).collect();
            std::iter::once(trumps).chain(Suit::ALL.iter().filter(|&&s| s != trump).map(|&s| plain(s))).collect()
        }
    }
}

/// A Skat position in trick play (rank-space sets).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SkatPos {
    hands: [u32; 3],
    /// The class of the led card (0 at a trick start).
    led: u32,
    /// The cards of the current trick.
    in_trick: u32,
    trick_len: u8,
    leader: u8,
    to_move: u8,
    /// Position in the trick of the card winning it so far.
    win_pos: u8,
    /// Its strength (bit + 1).
    win_strength: u8,
    trick_points: u8,
    over: bool,
    /// The declarer's counter so far.
    total: i16,
    /// The most the counter can still grow.
    left: i16,
}

const NEXT: [u8; 3] = [1, 2, 0];

impl SkatPos {
    /// The position of `game` (a declared game in trick play, or over).
    pub fn from_game(game: &SkatGame, ctx: &SkatCtx) -> SkatPos {
        let hands = [Seat::FOREHAND, Seat::MIDDLEHAND, Seat::REARHAND].map(|seat| ctx.bits(game.hand(seat)));
        let (leader, cards) = game.current_trick();
        let declarer = Seat::new(usize::from(ctx.declarer)).unwrap_or(Seat::FOREHAND);
        let mut pos = SkatPos {
            hands,
            led: 0,
            in_trick: 0,
            trick_len: 0,
            leader: leader.index() as u8,
            to_move: leader.index() as u8,
            win_pos: 0,
            win_strength: 0,
            trick_points: 0,
            over: game.is_over(),
            total: 0,
            left: 0,
        };
        pos.total = match ctx.count {
            Count::Points => i16::from(game.points_won()[declarer]) + i16::from(points(game.skat())),
            Count::Tricks => i16::from(game.tricks_won()[declarer]),
        };
        let in_trick: CardSet = cards.iter().copied().collect();
        let all = game.hand(Seat::FOREHAND) | game.hand(Seat::MIDDLEHAND) | game.hand(Seat::REARHAND) | in_trick;
        pos.left = match ctx.count {
            Count::Points => i16::from(points(all)),
            Count::Tricks => (all.len() / 3) as i16,
        };
        if pos.over {
            pos.left = 0;
            return pos;
        }
        // Replay the cards of the current trick from hands that hold them again.
        for &card in cards {
            let b = ctx.bit_of[usize::from(card.index())];
            pos.hands[usize::from(pos.to_move)] |= 1 << b;
            pos.play_bit(ctx, b);
        }
        pos
    }

    #[inline]
    fn play_bit(&mut self, ctx: &SkatCtx, b: u8) {
        let bit = 1u32 << b;
        let seat = usize::from(self.to_move);
        self.hands[seat] &= !bit;
        let pts = ctx.points_at[usize::from(b)];
        if self.trick_len == 0 {
            self.led = ctx.class_of[usize::from(b)];
            self.win_pos = 0;
            self.win_strength = b + 1;
            self.trick_points = pts;
            self.in_trick = bit;
        } else {
            if bit & (self.led | ctx.trumps) != 0 && b + 1 > self.win_strength {
                self.win_strength = b + 1;
                self.win_pos = self.trick_len;
            }
            self.trick_points += pts;
            self.in_trick |= bit;
        }
        self.trick_len += 1;
        if self.trick_len < 3 {
            self.to_move = NEXT[usize::from(self.to_move)];
            return;
        }
        let mut winner = self.leader + self.win_pos;
        if winner >= 3 {
            winner -= 3;
        }
        let gain = match ctx.count {
            Count::Points => i16::from(self.trick_points),
            Count::Tricks => 1,
        };
        self.left -= gain;
        let declarer_took = winner == ctx.declarer;
        if declarer_took {
            self.total += gain;
        }
        self.trick_len = 0;
        self.led = 0;
        self.in_trick = 0;
        self.leader = winner;
        self.to_move = winner;
        self.over = self.hands[0] == 0
            || match ctx.early {
                EarlyEnd::None => false,
                EarlyEnd::DeclarerTrick => declarer_took,
                EarlyEnd::DefenderTrick => !declarer_took,
            };
        if self.over {
            self.left = 0;
        }
    }

    /// A first guess of the final counter for MTD(f): the end of a playout
    /// by the move ordering's first choices, in suit and grand games
    /// averaged with "half of what is left" (measured: 9-12 % fewer nodes
    /// than a fixed guess).
    pub fn first_guess(&self, ctx: &SkatCtx) -> i32 {
        let mut p = *self;
        let mut moves = Moves::new();
        while !p.over {
            p.moves(ctx, None, &mut moves);
            let Some(&m) = moves.as_slice().first() else { break };
            p.play_bit(ctx, m);
        }
        let playout = i32::from(p.total);
        if ctx.early == EarlyEnd::DeclarerTrick {
            playout
        } else {
            (playout + i32::from(self.total) + i32::from(self.left) / 2) / 2
        }
    }

    #[inline]
    fn legal_bits(&self) -> u32 {
        let hand = self.hands[usize::from(self.to_move)];
        let follow = hand & self.led;
        if follow != 0 { follow } else { hand }
    }

    /// The cards of the other hands and of the current trick: they
    /// separate cards of the hand to play that would otherwise be equivalent.
    #[inline]
    fn separators(&self) -> u32 {
        let me = usize::from(self.to_move);
        (self.hands[0] | self.hands[1] | self.hands[2]) & !self.hands[me] | self.in_trick
    }

    /// The cards of `rest` within `mask` from bit `top` down to the first
    /// separator below it.
    #[inline]
    fn run_below(mask: u32, top: u32, rest: u32, separators: u32) -> u32 {
        let at_or_below = if top == 31 { !0 } else { (1u32 << (top + 1)) - 1 };
        let seps = separators & mask & at_or_below;
        let floor = if seps == 0 { !0 } else { !0u32 << (high_bit(seps) + 1) };
        rest & mask & at_or_below & floor
    }

    /// The group of equivalent cards of `rest` topped by bit `top`.
    #[inline]
    fn group(ctx: &SkatCtx, top: u32, rest: u32, separators: u32) -> u32 {
        SkatPos::run_below(ctx.segment[top as usize], top, rest, separators)
    }

    /// The cards of `rest` that play exactly like bit `top` for winning
    /// tricks, now and later: its class, no separator between them
    /// (their points may differ).
    #[inline]
    fn power_group(ctx: &SkatCtx, top: u32, rest: u32, separators: u32) -> u32 {
        SkatPos::run_below(ctx.class_of[top as usize], top, rest, separators)
    }

    /// The power group of `rest` that holds bit `b`.
    #[inline]
    fn power_group_of(ctx: &SkatCtx, b: u32, rest: u32, separators: u32) -> u32 {
        let class = ctx.class_of[b as usize];
        // The nearest separator above `b` in its class caps the group.
        let seps_above = above(separators & class, b);
        let cap = if seps_above == 0 { class } else { class & ((1u32 << seps_above.trailing_zeros()) - 1) };
        let top = high_bit(rest & cap & !((1u32 << b) - 1));
        SkatPos::power_group(ctx, top, rest, separators)
    }

    /// Whether the current trick's side is settled once the mover plays a
    /// card of bit `b`'s power: the winner after it is of side S and no
    /// later hand of the other side can beat that card.
    #[inline]
    fn settled(&self, ctx: &SkatCtx, b: u32) -> Settled {
        let me = self.to_move;
        let declarer = ctx.declarer;
        let mine = |seat: u8| (seat == declarer) == (me == declarer);
        let bit = 1u32 << b;
        let leads_or_beats =
            self.trick_len == 0 || bit & (self.led | ctx.trumps) != 0 && b as u8 + 1 > self.win_strength;
        let (winning, winner_mine) = if leads_or_beats {
            (b, true)
        } else {
            let mut winner = self.leader + self.win_pos;
            if winner >= 3 {
                winner -= 3;
            }
            (u32::from(self.win_strength - 1), mine(winner))
        };
        let led = if self.trick_len == 0 { ctx.class_of[b as usize] } else { self.led };
        // In rank space every trump lies above every plain card.
        let stronger = above(led | ctx.trumps, winning);
        let mut seat = me;
        for _ in self.trick_len + 1..3 {
            seat = NEXT[usize::from(seat)];
            let hand = self.hands[usize::from(seat)];
            let follow = hand & led;
            let legal = if follow != 0 { follow } else { hand };
            if legal & stronger != 0 && mine(seat) != winner_mine {
                return Settled::Open;
            }
        }
        if winner_mine { Settled::Mine } else { Settled::Theirs }
    }

    /// The one card of a power group worth searching where the trick's
    /// side is settled: the dearest when the mover's side takes it, the
    /// cheapest when the other side does. (Cards of one power group differ
    /// only in points; swapping which of them goes into this trick moves
    /// their difference to a later trick, which the mover's side takes at
    /// best and the other side at worst.) `None` while the trick is open.
    #[inline]
    fn settled_card(&self, ctx: &SkatCtx, power: u32) -> Option<u32> {
        let top = high_bit(power);
        // One run of equal points (always so where only tricks count):
        // the cards are equivalent anyway.
        if power & !ctx.segment[top as usize] == 0 {
            return None;
        }
        match self.settled(ctx, top) {
            Settled::Mine => Some(ctx.dearest(power)),
            Settled::Theirs => Some(ctx.cheapest_card(power)),
            Settled::Open => None,
        }
    }

    #[inline]
    fn score(&self, ctx: &SkatCtx, b: u32) -> i16 {
        let me = self.to_move;
        let mover_declarer_side = me == ctx.declarer;
        // When the declarer maximises, both sides want their own tricks; in
        // the Null win goal both want the declarer to be the one who takes
        // them (he avoids tricks, the defenders push them on him).
        let wants_own_side_wins = ctx.declarer_max;
        let pts = i16::from(ctx.points_at[b as usize]);
        let strength = i16::from(ctx.strength[b as usize]);
        if self.trick_len == 0 {
            // Leading, where tricks are wanted: see `lead_score`; the weakest
            // cards first otherwise.
            return if wants_own_side_wins { self.lead_score(ctx, b) } else { -strength };
        }
        let bit = 1u32 << b;
        let would_win = bit & (self.led | ctx.trumps) != 0 && b as u8 + 1 > self.win_strength;
        let mut winner_now = self.leader + self.win_pos;
        if winner_now >= 3 {
            winner_now -= 3;
        }
        let winner_is_friend = (winner_now == ctx.declarer) == mover_declarer_side;
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
        } else if !would_win {
            // The mover wants his own side to lose tricks (Null declarer,
            // or defenders who want the declarer to take them).
            100 + strength
        } else {
            -strength
        }
    }

    /// The ordering score of leading bit `b` where the mover's side wants
    /// tricks: sure winners first, the dearest first (plain before trumps
    /// at equal points); a defender then leads towards his partner's
    /// winner, low; everything else strongest first. (Measured on node
    /// counts; leading low otherwise, or drawing trumps first, did worse.)
    fn lead_score(&self, ctx: &SkatCtx, b: u32) -> i16 {
        let me = usize::from(self.to_move);
        let d = usize::from(ctx.declarer);
        let pts = i16::from(ctx.points_at[b as usize]);
        let strength = i16::from(ctx.strength[b as usize]);
        let class = ctx.class_of[b as usize];
        let trump_lead = class == ctx.trumps;
        let (opponents, partner) = if me == d {
            (self.hands[(d + 1) % 3] | self.hands[(d + 2) % 3], 0)
        } else {
            (self.hands[d], self.hands[3 - me - d])
        };
        let theirs = opponents & class;
        // An opponent void in the class with trumps would ruff a plain lead.
        let ruff = !trump_lead
            && self.hands.iter().any(|&h| h != 0 && h & opponents == h && h & class == 0 && h & ctx.trumps != 0);
        if (theirs == 0 || b > high_bit(theirs)) && !ruff {
            return 200 + pts - if trump_lead { 5 } else { 0 };
        }
        let partners = partner & class;
        if partners != 0 && (theirs == 0 || high_bit(partners) > high_bit(theirs)) {
            return 150 - strength;
        }
        strength
    }

    /// Fail-soft alpha-beta without the table, for the last tricks.
    fn small(&self, ctx: &SkatCtx, mut alpha: i32, mut beta: i32) -> i32 {
        if self.over {
            return i32::from(self.total);
        }
        if self.hands.iter().all(|&h| h & h.wrapping_sub(1) == 0) {
            return self.play_out(ctx);
        }
        if self.trick_len == 0 && two_or_fewer(self.hands[usize::from(self.leader)]) {
            return self.two_tricks(ctx, alpha, beta);
        }
        let max = self.max_to_move(ctx);
        let mut best = if max { i32::MIN } else { i32::MAX };
        // Every legal card: a hand holds two or three here, too few for
        // grouping or ordering to pay.
        let mut rest = self.legal_bits();
        while rest != 0 {
            let m = high_bit(rest);
            rest ^= 1 << m;
            let mut child = *self;
            child.play_bit(ctx, m as u8);
            let v = child.small(ctx, alpha, beta);
            if max {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The winner's position in a trick of bits `cards` (in playing
    /// order; the first led).
    #[inline]
    fn trick_winner(ctx: &SkatCtx, cards: [u32; 3]) -> usize {
        let strong = ctx.class_of[cards[0] as usize] | ctx.trumps;
        let mut win = 0;
        for k in 1..3 {
            if strong >> cards[k] & 1 == 1 && cards[k] > cards[win] {
                win = k;
            }
        }
        win
    }

    /// The final counter at the start of the last two tricks (two cards in
    /// every hand), fail-soft in `alpha..beta` as [`SkatPos::small`]:
    /// every card of trick nine, best for the side of each hand in turn;
    /// trick ten is forced.
    fn two_tricks(&self, ctx: &SkatCtx, alpha: i32, beta: i32) -> i32 {
        let declarer = usize::from(ctx.declarer);
        let l = usize::from(self.leader);
        let m = usize::from(NEXT[l]);
        let r = usize::from(NEXT[m]);
        let base = i32::from(self.total);
        let points = ctx.count == Count::Points;
        let gain = |x: u32, y: u32, z: u32| {
            if points {
                i32::from(ctx.points_at[x as usize] + ctx.points_at[y as usize] + ctx.points_at[z as usize])
            } else {
                1
            }
        };
        // The value after trick nine of (a, b, c) played by (l, m, r).
        let leaf = |a: u32, b: u32, c: u32| -> i32 {
            let w = [l, m, r][SkatPos::trick_winner(ctx, [a, b, c])];
            let took = w == declarer;
            let mut v = base + if took { gain(a, b, c) } else { 0 };
            let ends = match ctx.early {
                EarlyEnd::None => false,
                EarlyEnd::DeclarerTrick => took,
                EarlyEnd::DefenderTrick => !took,
            };
            if !ends {
                let last = [self.hands[l] ^ 1 << a, self.hands[m] ^ 1 << b, self.hands[r] ^ 1 << c];
                let k = if w == l {
                    0
                } else if w == m {
                    1
                } else {
                    2
                };
                let cards =
                    [last[k].trailing_zeros(), last[(k + 1) % 3].trailing_zeros(), last[(k + 2) % 3].trailing_zeros()];
                if [l, m, r][(k + SkatPos::trick_winner(ctx, cards)) % 3] == declarer {
                    v += gain(cards[0], cards[1], cards[2]);
                }
            }
            v
        };
        let max_l = (l == declarer) == ctx.declarer_max;
        let max_m = (m == declarer) == ctx.declarer_max;
        let max_r = (r == declarer) == ctx.declarer_max;
        let (mut alpha_a, mut beta_a) = (alpha, beta);
        let mut best_a = if max_l { i32::MIN } else { i32::MAX };
        let mut lead = self.hands[l];
        while lead != 0 {
            let a = high_bit(lead);
            lead ^= 1 << a;
            let class = ctx.class_of[a as usize];
            let follow = |hand: u32| if hand & class != 0 { hand & class } else { hand };
            let (mut alpha_b, mut beta_b) = (alpha_a, beta_a);
            let mut best_b = if max_m { i32::MIN } else { i32::MAX };
            let mut second = follow(self.hands[m]);
            while second != 0 {
                let b = high_bit(second);
                second ^= 1 << b;
                let mut best_c = if max_r { i32::MIN } else { i32::MAX };
                let mut third = follow(self.hands[r]);
                while third != 0 {
                    let c = high_bit(third);
                    third ^= 1 << c;
                    let v = leaf(a, b, c);
                    if max_r {
                        best_c = best_c.max(v);
                        if best_c >= beta_b {
                            break;
                        }
                    } else {
                        best_c = best_c.min(v);
                        if best_c <= alpha_b {
                            break;
                        }
                    }
                }
                if max_m {
                    best_b = best_b.max(best_c);
                    alpha_b = alpha_b.max(best_c);
                } else {
                    best_b = best_b.min(best_c);
                    beta_b = beta_b.min(best_c);
                }
                if alpha_b >= beta_b {
                    break;
                }
            }
            if max_l {
                best_a = best_a.max(best_b);
                alpha_a = alpha_a.max(best_b);
            } else {
                best_a = best_a.min(best_b);
                beta_a = beta_a.min(best_b);
            }
            if alpha_a >= beta_a {
                break;
            }
        }
        best_a
    }

    /// The final counter with one card per hand left.
    #[inline]
    fn play_out(&self, ctx: &SkatCtx) -> i32 {
        let mut end = *self;
        while !end.over {
            let b = end.legal_bits().trailing_zeros();
            end.play_bit(ctx, b as u8);
        }
        i32::from(end.total)
    }

    /// Bounds of the Null game: the declarer takes at most one more trick.
    fn null_bounds(&self, ctx: &SkatCtx) -> (i32, i32) {
        let left = i32::from(self.left);
        // No trick holds more than the trick so far plus one card of each hand.
        let one_trick = match ctx.count {
            Count::Tricks => 1,
            Count::Points => i32::from(self.trick_points) + self.hands.iter().map(|&h| ctx.max_points(h)).sum::<i32>(),
        };
        let hi = left.min(one_trick);
        // Leading the top remaining card of a suit takes the trick (no
        // trumps in Null), which ends the game with at least its points.
        let mut lo = 0;
        if self.trick_len == 0 && self.leader == ctx.declarer && ctx.count == Count::Points {
            let remaining = self.hands[0] | self.hands[1] | self.hands[2];
            let mine = self.hands[usize::from(ctx.declarer)];
            for &class in &ctx.plain[..ctx.plain_n] {
                let here = remaining & class;
                if here != 0 {
                    let top = 1u32 << high_bit(here);
                    if mine & top != 0 {
                        lo = lo.max(ctx.pts(top));
                    }
                }
            }
        }
        (lo.min(hi), hi)
    }
}

/// The key of a Skat trick start: two bit planes over the rank space
/// (played 00, forehand 01, middlehand 10, rearhand 11), the leader and the
/// context.
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
    fn max_to_move(&self, ctx: &SkatCtx) -> bool {
        (self.to_move == ctx.declarer) == ctx.declarer_max
    }

    #[inline]
    fn total(&self) -> i32 {
        i32::from(self.total)
    }

    fn bounds(&self, ctx: &SkatCtx) -> (i32, i32) {
        let left = i32::from(self.left);
        if ctx.early == EarlyEnd::DeclarerTrick {
            return self.null_bounds(ctx);
        }
        if self.trick_len != 0 || ctx.count == Count::Tricks {
            return (0, left);
        }
        let d = usize::from(ctx.declarer);
        let remaining = self.hands[0] | self.hands[1] | self.hands[2];
        let declarer_cards = self.hands[d];
        let defender_cards = remaining & !declarer_cards;
        // The top run of remaining trumps held by one side goes to that side:
        // nothing beats those cards whenever they are played.
        let mut run_declarer = 0;
        let mut run_declarer_tricks = 0;
        let mut run_defenders = 0;
        let mut run_defenders_tricks = 0;
        let trumps = remaining & ctx.trumps;
        if trumps != 0 {
            let declarer_top = declarer_cards & (1 << high_bit(trumps)) != 0;
            let (side, other) =
                if declarer_top { (declarer_cards, defender_cards) } else { (defender_cards, declarer_cards) };
            let other_trumps = other & ctx.trumps;
            let run = if other_trumps == 0 { side & trumps } else { above(side & trumps, high_bit(other_trumps)) };
            if declarer_top {
                run_declarer = ctx.pts(run);
                // Each of those tricks holds a card of each defender.
                let k = run.count_ones();
                run_declarer_tricks =
                    run_declarer + (0..3).filter(|&s| s != d).map(|s| ctx.cheapest(self.hands[s], k)).sum::<i32>();
            } else {
                run_defenders = ctx.pts(run);
                // The run takes at least as many tricks as one defender
                // holds of it, each with a card of the declarer's.
                let k = (0..3).filter(|&s| s != d).map(|s| (self.hands[s] & run).count_ones()).max().unwrap_or(0);
                run_defenders_tricks = run_defenders + ctx.cheapest(declarer_cards, k);
            }
        }
        // Quick tricks: the leader cashes his top trumps, and the top cards
        // of plain suits that no opponent can ruff (each opponent with
        // trumps still follows).
        let leader = usize::from(self.leader);
        let leader_is_declarer = leader == d;
        let lead_hand = self.hands[leader];
        let opponents = if leader_is_declarer { defender_cards } else { declarer_cards };
        // A sure winner keeps the lead: it must beat the partner's cards
        // too, or a partner left with only higher cards of the suit would
        // have to overtake it and lead next himself.
        let others = remaining & !lead_hand;
        let other_trumps = others & ctx.trumps;
        let top_trumps = if other_trumps == 0 { ctx.trumps } else { above(ctx.trumps, high_bit(other_trumps)) };
        let mut quick = (lead_hand & top_trumps).count_ones();
        let mut cash = 0;
        if quick > 0 {
            // Opponents holding trumps follow those leads with their
            // cheapest trumps (never cards of the leader's run).
            for &hand in &self.hands {
                if hand & opponents == hand {
                    cash += ctx.cheapest(hand & ctx.trumps, quick);
                }
            }
        }
        for &class in &ctx.plain[..ctx.plain_n] {
            if lead_hand & class == 0 {
                continue;
            }
            // How many rounds every opponent who could ruff still follows
            // (none where the partner, void in the suit, holds nothing but
            // trumps: he would have to ruff and lead next).
            let mut rounds = u32::MAX;
            for (seat, &hand) in self.hands.iter().enumerate() {
                let opponent = if leader_is_declarer { seat != d } else { seat == d };
                if opponent && hand & ctx.trumps != 0 {
                    rounds = rounds.min((hand & class).count_ones());
                } else if !opponent && seat != leader && hand != 0 && hand & !ctx.trumps == 0 {
                    rounds = 0;
                }
            }
            let theirs = others & class;
            let winners = if theirs == 0 { lead_hand & class } else { above(lead_hand & class, high_bit(theirs)) };
            let taken = winners.count_ones().min(rounds);
            if taken == 0 {
                continue;
            }
            cash += ctx.pts(top_bits(winners, taken));
            quick += taken;
            // The other hands follow those rounds with their cheapest cards
            // of the suit (the lowest ranks are the cheapest in suit order).
            for (seat, &hand) in self.hands.iter().enumerate() {
                if seat != leader {
                    cash += ctx.pts(low_bits(hand & class, taken));
                }
            }
        }
        if quick >= lead_hand.count_ones() {
            // The leader wins every trick left, one after the other.
            return if leader_is_declarer { (left, left) } else { (0, 0) };
        }
        // With schwarz announced the play ends at the defenders' first
        // trick: a declarer who does not lead may never play his run.
        let (run_declarer, run_declarer_tricks) = if ctx.early == EarlyEnd::DefenderTrick && !leader_is_declarer {
            (0, 0)
        } else {
            (run_declarer, run_declarer_tricks)
        };
        let (mut lo, mut hi) = (run_declarer_tricks, left - run_defenders_tricks);
        if leader_is_declarer {
            lo = lo.max(run_declarer + cash);
        } else {
            hi = hi.min(left - run_defenders - cash);
            if ctx.early == EarlyEnd::DefenderTrick && quick > 0 {
                // The defender on lead takes the next trick, which ends the game.
                hi = 0;
            }
        }
        let lo = lo.clamp(0, left);
        (lo, hi.clamp(0, left).max(lo))
    }

    #[inline]
    fn key(&self, ctx: &SkatCtx) -> Option<(SkatKey, u8)> {
        let [mut h0, mut h1, mut h2] = self.hands;
        if self.trick_len != 0 || !three_or_more(h0) {
            return None;
        }
        let depth = (h0.count_ones() * 3) as u8;
        // Cards of a block (adjacent in rank, equal points, or the whole
        // class where only tricks count) are interchangeable: the
        // remaining ones are keyed as the block's top cards, held in the
        // same order by the same hands.
        let remaining = h0 | h1 | h2;
        for &block in &ctx.blocks[..ctx.blocks_n] {
            let here = remaining & block;
            // Already the block's top cards (or none of them)?
            if here.wrapping_add(here & here.wrapping_neg()) & block == 0 {
                continue;
            }
            let mut canon = [0u32; 3];
            let mut slot = high_bit(block);
            let mut rest = here;
            while rest != 0 {
                let b = 1u32 << high_bit(rest);
                rest ^= b;
                let holder = if h0 & b != 0 {
                    0
                } else if h1 & b != 0 {
                    1
                } else {
                    2
                };
                canon[holder] |= 1 << slot;
                slot = slot.wrapping_sub(1);
            }
            h0 = (h0 & !block) | canon[0];
            h1 = (h1 & !block) | canon[1];
            h2 = (h2 & !block) | canon[2];
        }
        let low = u64::from(h0 | h2);
        let high = u64::from(h1 | h2);
        let planes = low | high << 32;
        let planes = [planes as u16, (planes >> 16) as u16, (planes >> 32) as u16, (planes >> 48) as u16];
        let key = SkatKey { planes, aux: ctx.aux | u16::from(self.leader) };
        Some((key, depth))
    }

    #[inline]
    fn moves(&self, ctx: &SkatCtx, skip: Option<u8>, out: &mut Moves) {
        out.clear();
        let separators = self.separators();
        let mut rest = self.legal_bits();
        let skip = skip.map_or(0, |s| 1u32 << (s & 31));
        while rest != 0 {
            let power = SkatPos::power_group(ctx, high_bit(rest), rest, separators);
            rest &= !power;
            if let Some(card) = self.settled_card(ctx, power) {
                if power & skip == 0 {
                    out.push(card as u8, self.score(ctx, card));
                }
                continue;
            }
            let mut cards = power;
            while cards != 0 {
                let top = high_bit(cards);
                let group = SkatPos::group(ctx, top, cards, separators);
                cards &= !group;
                if group & skip == 0 {
                    out.push(top as u8, self.score(ctx, top));
                }
            }
        }
    }

    /// Whether `m` is legal and one of the cards [`Node::moves`] searches
    /// (a card that a settled trick makes no better than another of its
    /// power group is not).
    #[inline]
    fn is_legal(&self, ctx: &SkatCtx, m: u8) -> bool {
        let legal = self.legal_bits();
        if m >= 32 || legal & (1 << m) == 0 {
            return false;
        }
        let power = SkatPos::power_group_of(ctx, u32::from(m), legal, self.separators());
        self.settled_card(ctx, power).is_none_or(|card| ctx.points_at[card as usize] == ctx.points_at[usize::from(m)])
    }

    #[inline]
    fn play(&mut self, ctx: &SkatCtx, m: u8) {
        self.play_bit(ctx, m);
    }

    #[inline]
    fn quick_value(&self, ctx: &SkatCtx, alpha: i32, beta: i32) -> Option<i32> {
        // The last tricks, counting the current one: a plain search is
        // cheaper than the table. (At a trick start the leader holds a card
        // per trick left; once he has led, one fewer.)
        let leader_hand = self.hands[usize::from(self.leader)];
        if two_or_fewer(leader_hand) {
            return Some(self.small(ctx, alpha, beta));
        }
        None
    }
}

impl Root for SkatPos {
    fn root_groups(&self, ctx: &SkatCtx, out: &mut Groups) {
        out.clear();
        let separators = self.separators();
        let mut rest = self.legal_bits();
        while rest != 0 {
            let group = SkatPos::group(ctx, high_bit(rest), rest, separators);
            rest &= !group;
            out.push(ctx.cards(group));
        }
    }

    fn move_of(ctx: &SkatCtx, card: Card) -> u8 {
        ctx.bit_of[usize::from(card.index())]
    }

    fn guess(&self, ctx: &SkatCtx) -> i32 {
        self.first_guess(ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_space_orders_trumps_above_the_led_suit() {
        let ctx = SkatCtx::build(GameKind::Suit(Suit::Hearts), 0, Count::Points, true, EarlyEnd::None);
        let bit = |s: &str| ctx.bit_of[usize::from(s.parse::<Card>().unwrap().index())];
        assert_eq!(bit("CJ"), 31);
        assert!(bit("DJ") > bit("HA") && bit("HA") > bit("H7"));
        assert!(bit("H7") > bit("CA"), "the lowest trump sits above every plain card");
        assert_eq!(ctx.class_of[usize::from(bit("HA"))], ctx.trumps);
        assert_eq!(ctx.pts(ctx.bits("CJ.HA.HT.S7".parse().unwrap())), 23);
        // 9-8-7 of a suit form one block, the jacks another; A and 10 not.
        let seg = ctx.segment[usize::from(bit("S9"))];
        assert_eq!(ctx.cards(seg), "S9.S8.S7".parse().unwrap());
        assert_eq!(ctx.cards(ctx.segment[usize::from(bit("SA"))]), "SA".parse().unwrap());
        assert_eq!(ctx.blocks_n, 5);
        for b in 0..32 {
            assert_eq!(ctx.bit_of[usize::from(ctx.card_at[b].index())] as usize, b);
        }
    }

    #[test]
    fn null_keeps_the_ten_below_the_jack() {
        let ctx = SkatCtx::build(GameKind::Null, 0, Count::Tricks, false, EarlyEnd::DeclarerTrick);
        let bit = |s: &str| ctx.bit_of[usize::from(s.parse::<Card>().unwrap().index())];
        assert!(bit("CJ") > bit("CT") && bit("CT") > bit("C9"));
        assert_eq!(ctx.trumps, 0);
        assert_eq!(ctx.plain_n, 4);
        // Only tricks count: each suit is one block.
        assert_eq!(ctx.blocks_n, 4);
    }
}
