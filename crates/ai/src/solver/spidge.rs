//! The Spidge search position: four hands, tricks counted for a set of hands.
//!
//! The search works on the raw bits of [`CardSet`]: each suit is a block of
//! bits with the higher rank on the higher bit, and the jokers sit right
//! above the ace of spades, so a class (clubs, hearts, diamonds, spades,
//! the jokers) is a mask and top cards, cheapest cards and equivalent
//! cards are bit operations. Only the order of the remaining cards within a
//! class and who holds them matter (tricks are counted, not points), so the
//! table keys every class as its top cards.

use trumpf_core::spidge::{
    DoubleJoker, Hand, JokerSuit, SpidgeGame, SpidgeRules, TrumpLead, follow_mask, legal_follows, legal_leads,
    trick_winner,
};
use trumpf_core::{Card, CardSet, Suit};

use super::groups::{Groups, Moves};
use super::search::{Node, Root};
use super::tt::{TtKey, mix};

const CLUBS: u64 = CardSet::suit(Suit::Clubs).bits();
const SPADES: u64 = CardSet::suit(Suit::Spades).bits();
const HEARTS: u64 = CardSet::suit(Suit::Hearts).bits();
const DIAMONDS: u64 = CardSet::suit(Suit::Diamonds).bits();
const JOKERS: u64 = CardSet::JOKERS.bits();
/// Every class, each a run of adjacent bits.
const CLASSES: [u64; 5] = [CLUBS, SPADES, JOKERS, HEARTS, DIAMONDS];
/// The plain suits.
const PLAIN: [u64; 3] = [CLUBS, HEARTS, DIAMONDS];

#[inline]
const fn high_bit(x: u64) -> u32 {
    63 - x.leading_zeros()
}

/// The bits of `mask` above bit `b`.
#[inline]
const fn above(mask: u64, b: u32) -> u64 {
    if b >= 63 { 0 } else { mask & (!0u64 << (b + 1)) }
}

/// The class mask of bit `b`.
#[inline]
const fn class_of(b: u32) -> u64 {
    match b {
        0..16 => CLUBS,
        16..29 => SPADES,
        29..32 => JOKERS,
        32..48 => HEARTS,
        _ => DIAMONDS,
    }
}

/// Whether `x` has at most two bits.
#[inline]
const fn two_or_fewer(x: u64) -> bool {
    let y = x & x.wrapping_sub(1);
    y & y.wrapping_sub(1) == 0
}

#[inline]
fn card(b: u32) -> Card {
    Card::from_index(b as u8).unwrap_or(Card::JOKER_1)
}

/// The search context of one Spidge deal.
pub(crate) struct SpidgeCtx {
    rules: SpidgeRules,
    /// The trumps (spades, and the jokers unless they are wild).
    trumps: u64,
    /// Hands whose tricks are counted (bit per hand index).
    counted: u8,
    /// Hands that maximise the counter.
    max_side: u8,
    aux: u64,
    /// The counted hand when it is a single one (not dealer and dummy).
    single: Option<usize>,
}

impl SpidgeCtx {
    pub fn new(rules: SpidgeRules, counted: u8, max_side: u8) -> SpidgeCtx {
        let rules_bits = u64::from(rules.joker_suit == JokerSuit::Wild)
            | match rules.double_joker {
                DoubleJoker::CancelIgnore => 0,
                DoubleJoker::SecondJokerWins => 2,
                DoubleJoker::FirstJokerWins => 4,
            }
            | match rules.trump_lead {
                TrumpLead::Broken => 0,
                TrumpLead::NeverUnlessOnlyTrumps => 8,
                TrumpLead::Free => 16,
            }
            | u64::from(rules.jokers) << 5;
        let aux = (u64::from(counted) << 3) | (u64::from(max_side) << 7) | (rules_bits << 11);
        let single = (counted.count_ones() == 1).then(|| counted.trailing_zeros() as usize);
        SpidgeCtx { rules, trumps: rules.trumps().bits(), counted, max_side, aux, single }
    }

    #[inline]
    fn is_counted(&self, hand: usize) -> bool {
        self.counted >> hand & 1 != 0
    }

    /// Whether the side of `hand` wants its own side to take tricks: in the
    /// Max objective everybody does, in Min everybody wants the other side
    /// to take them.
    #[inline]
    fn wants_own_tricks(&self) -> bool {
        self.max_side == self.counted
    }
}

/// A Spidge position: hands in play order L, Dummy, R, Dealer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SpidgePos {
    hands: [u64; 4],
    trick: [Card; 4],
    /// The cards of the current trick.
    in_trick: u64,
    trick_len: u8,
    leader: u8,
    to_move: u8,
    /// The cards that follow the trick's lead (empty: no duty yet).
    follow: CardSet,
    broken: bool,
    over: bool,
    total: i16,
    left: i16,
}

impl SpidgePos {
    /// The position of `game`, counting the tricks of the hands in `counted`.
    pub fn from_game(game: &SpidgeGame, ctx: &SpidgeCtx) -> SpidgePos {
        let hands = Hand::ALL.map(|h| game.cards(h).bits());
        let (leader, cards) = game.current_trick();
        let tricks = game.tricks();
        let total = Hand::ALL.iter().filter(|h| ctx.is_counted(h.index())).map(|&h| i16::from(tricks[h])).sum();
        let in_trick: CardSet = cards.iter().copied().collect();
        let all = CardSet::from_bits_truncate(hands[0] | hands[1] | hands[2] | hands[3]) | in_trick;
        let played_before = game.deal().pack() - all;
        let mut pos = SpidgePos {
            hands,
            trick: [Card::JOKER_1; 4],
            in_trick: 0,
            trick_len: 0,
            leader: leader.index() as u8,
            to_move: leader.index() as u8,
            follow: CardSet::EMPTY,
            broken: played_before.intersects(game.rules().trumps()),
            over: game.result().is_some(),
            total,
            left: all.len().div_ceil(4) as i16,
        };
        if pos.over {
            pos.left = 0;
            return pos;
        }
        for &card in cards {
            pos.hands[usize::from(pos.to_move)] |= 1 << card.index();
            pos.play_card(ctx, card);
        }
        pos
    }

    #[inline]
    fn play_card(&mut self, ctx: &SpidgeCtx, card: Card) {
        let hand = usize::from(self.to_move);
        let bit = 1u64 << card.index();
        self.hands[hand] &= !bit;
        self.trick[usize::from(self.trick_len)] = card;
        self.trick_len += 1;
        self.in_trick |= bit;
        if self.follow.is_empty() {
            self.follow = follow_mask(&ctx.rules, &[card]);
        }
        if ctx.trumps & bit != 0 {
            self.broken = true;
        }
        if self.trick_len < 4 {
            self.to_move = (self.to_move + 1) & 3;
            return;
        }
        let winner = ((usize::from(self.leader) + trick_winner(&ctx.rules, self.trick)) & 3) as u8;
        self.left -= 1;
        if ctx.is_counted(usize::from(winner)) {
            self.total += 1;
        }
        self.trick_len = 0;
        self.in_trick = 0;
        self.follow = CardSet::EMPTY;
        self.leader = winner;
        self.to_move = winner;
        self.over = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3] == 0;
    }

    #[inline]
    fn legal_bits(&self, ctx: &SpidgeCtx) -> u64 {
        let hand = CardSet::from_bits_truncate(self.hands[usize::from(self.to_move)]);
        let legal = if self.trick_len == 0 {
            legal_leads(&ctx.rules, hand, self.broken)
        } else {
            legal_follows(&ctx.rules, hand, self.follow)
        };
        legal.bits()
    }

    /// The cards the other hands hold and the current trick's cards: they
    /// separate cards of the hand to play that would otherwise be equivalent.
    #[inline]
    fn separators(&self) -> u64 {
        let me = usize::from(self.to_move);
        (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) & !self.hands[me] | self.in_trick
    }

    /// The group of equivalent cards of `rest` topped by bit `top`: cards of
    /// one class with no other hand's card (or trick card) between them.
    /// The jokers are a class of their own, so they group only together.
    #[inline]
    fn group(top: u32, rest: u64, separators: u64) -> u64 {
        let class = class_of(top);
        let at_or_below = if top == 63 { !0 } else { (1u64 << (top + 1)) - 1 };
        let seps = separators & class & at_or_below;
        let floor = if seps == 0 { !0 } else { !0u64 << (high_bit(seps) + 1) };
        rest & class & at_or_below & floor
    }

    /// A card's power in the current trick (0: cannot win), jokers on top
    /// (for move ordering only: two jokers are not looked at).
    #[inline]
    fn strength_in_trick(&self, ctx: &SpidgeCtx, b: u32) -> u32 {
        let bit = 1u64 << b;
        if bit & JOKERS != 0 {
            100
        } else if bit & ctx.trumps != 0 {
            64 + b
        } else if bit & self.follow.bits() != 0 || self.follow.is_empty() {
            b
        } else {
            0
        }
    }

    #[inline]
    fn ordering_strength(b: u32) -> i16 {
        let bit = 1u64 << b;
        let rank = (b & 15) as i16;
        if bit & JOKERS != 0 {
            60
        } else if bit & SPADES != 0 {
            40 + rank
        } else {
            rank
        }
    }

    /// What move ordering needs to know of the position, once per node.
    #[inline]
    fn ordering(&self, ctx: &SpidgeCtx) -> Ordering {
        let me = usize::from(self.to_move);
        let mine = ctx.is_counted(me);
        let mut o = Ordering { opponents: 0, partners: 0, friend_wins: false, best: 0, ruffable: 0 };
        for (i, &h) in self.hands.iter().enumerate() {
            if i != me {
                if ctx.is_counted(i) == mine {
                    o.partners |= h;
                } else {
                    o.opponents |= h;
                    if h & (ctx.trumps | JOKERS) != 0 {
                        // The plain suits this opponent could ruff.
                        for class in PLAIN {
                            if h & class == 0 {
                                o.ruffable |= class;
                            }
                        }
                    }
                }
            }
        }
        if self.trick_len > 0 {
            let mut best = 0;
            let mut best_strength = 0;
            for (i, &c) in self.trick[..usize::from(self.trick_len)].iter().enumerate() {
                let s = self.strength_in_trick(ctx, c.index().into());
                if s > best_strength {
                    best = i;
                    best_strength = s;
                }
            }
            o.friend_wins = ctx.is_counted((usize::from(self.leader) + best) & 3) == mine;
            o.best = best_strength;
        }
        o
    }

    fn score(&self, ctx: &SpidgeCtx, o: &Ordering, b: u32) -> i16 {
        let wants_own = ctx.wants_own_tricks();
        let strength = SpidgePos::ordering_strength(b);
        if self.trick_len == 0 {
            return if wants_own { SpidgePos::lead_score(ctx, o, b) } else { self.shedding_lead(ctx, b) };
        }
        let would_win = self.strength_in_trick(ctx, b) > o.best;
        if wants_own {
            if would_win && !o.friend_wins {
                100 - strength
            } else if o.friend_wins {
                50 - strength
            } else {
                -strength
            }
        } else if !would_win {
            100 + strength
        } else {
            -strength
        }
    }

    /// Leading where each side wants the other to take tricks (Min): first
    /// a card that the other side must beat (a hand of theirs holds only
    /// higher cards of the suit), then the lowest.
    fn shedding_lead(&self, ctx: &SpidgeCtx, b: u32) -> i16 {
        let me = usize::from(self.to_move);
        let mine = ctx.is_counted(me);
        let strength = SpidgePos::ordering_strength(b);
        let class = class_of(b);
        let forces = self
            .hands
            .iter()
            .enumerate()
            .any(|(i, &h)| ctx.is_counted(i) != mine && h & class != 0 && (h & class).trailing_zeros() > b);
        if forces { 200 + strength } else { -strength }
    }

    /// Leading where tricks are wanted: sure winners first, then towards a
    /// partner's winner, then the strongest.
    fn lead_score(ctx: &SpidgeCtx, o: &Ordering, b: u32) -> i16 {
        let strength = SpidgePos::ordering_strength(b);
        let bit = 1u64 << b;
        if bit & JOKERS != 0 {
            return if o.opponents & JOKERS == 0 { 200 } else { strength };
        }
        let class = class_of(b);
        let theirs = o.opponents & class;
        let trump_lead = bit & ctx.trumps != 0;
        let ruff = !trump_lead && o.ruffable & bit != 0;
        if (theirs == 0 || b > high_bit(theirs)) && !ruff && o.opponents & JOKERS == 0 {
            return 200 + strength;
        }
        let ours = o.partners & class;
        if ours != 0 && (theirs == 0 || high_bit(ours) > high_bit(theirs)) {
            return 150 - strength;
        }
        strength
    }

    /// Bounds from cards that win whenever they are played, whoever wants
    /// what: a joker whose twin is gone or in the same hand, and (with no joker
    /// against it) a spade above every opponent's spade. One hand's such
    /// cards fall in different tricks, so each side takes at least as many
    /// tricks as its best hand holds of them.
    #[inline]
    fn sure_winners(&self, ctx: &SpidgeCtx, left: i32) -> (i32, i32) {
        let mut counted_cards = 0;
        let mut other_cards = 0;
        for (i, &h) in self.hands.iter().enumerate() {
            if ctx.is_counted(i) {
                counted_cards |= h;
            } else {
                other_cards |= h;
            }
        }
        let remaining = counted_cards | other_cards;
        let count = |hand: u64, theirs: u64| -> i32 {
            let mut n = 0;
            let jokers = hand & JOKERS;
            if jokers != 0 {
                // The twin must be gone or in this very hand: anywhere else,
                // even with a partner, the two may meet and cancel.
                let twin_elsewhere = remaining & !hand & JOKERS != 0;
                if !twin_elsewhere {
                    n += jokers.count_ones() as i32;
                }
            }
            if theirs & JOKERS == 0 {
                let spades = theirs & SPADES;
                let top = if spades == 0 { SPADES } else { above(SPADES, high_bit(spades)) };
                n += (hand & top).count_ones() as i32;
            }
            n
        };
        let mut lo = 0;
        let mut other = 0;
        for (i, &h) in self.hands.iter().enumerate() {
            if ctx.is_counted(i) {
                lo = lo.max(count(h, other_cards));
            } else {
                other = other.max(count(h, counted_cards));
            }
        }
        let hi = (left - other).max(0);
        (lo.min(hi), hi)
    }

    /// Bounds of the Max objective: sure winners and the leader's quick tricks.
    fn max_bounds(&self, ctx: &SpidgeCtx, left: i32, sure_lo: i32, sure_hi: i32) -> (i32, i32) {
        // Quick tricks of the leader: top cards no opponent can beat, plain
        // suits while every opponent holding spades still follows, then the
        // top spades (when they may be led). Only without jokers against him.
        let leader = usize::from(self.leader);
        let leader_counted = ctx.is_counted(leader);
        let mut theirs = 0;
        for (i, &h) in self.hands.iter().enumerate() {
            if ctx.is_counted(i) != leader_counted {
                theirs |= h;
            }
        }
        if theirs & JOKERS != 0 {
            return (sure_lo, sure_hi);
        }
        let lead_hand = self.hands[leader];
        // A sure winner keeps the lead: it must beat the partner's cards
        // too, or a partner left with only higher cards of the suit would
        // have to overtake it and lead next himself.
        let others = self.hands.iter().fold(0, |m, &h| m | h) & !lead_hand;
        let mut quick = 0;
        for class in PLAIN {
            if lead_hand & class == 0 {
                continue;
            }
            // Rounds every opponent with spades still follows; none where
            // the partner, void in the suit, holds only spades and jokers
            // (he would have to ruff and lead next).
            let mut rounds = u32::MAX;
            for (i, &h) in self.hands.iter().enumerate() {
                if ctx.is_counted(i) != leader_counted {
                    if h & SPADES != 0 {
                        rounds = rounds.min((h & class).count_ones());
                    }
                } else if i != leader && h != 0 && h & !(SPADES | JOKERS) == 0 {
                    rounds = 0;
                }
            }
            let their_class = others & class;
            let winners =
                if their_class == 0 { lead_hand & class } else { above(lead_hand & class, high_bit(their_class)) };
            quick += winners.count_ones().min(rounds);
        }
        let lead_set = CardSet::from_bits_truncate(lead_hand);
        if legal_leads(&ctx.rules, lead_set, self.broken).bits() & SPADES != 0 {
            let their_spades = others & SPADES;
            let top = if their_spades == 0 { SPADES } else { above(SPADES, high_bit(their_spades)) };
            quick += (lead_hand & top).count_ones();
        }
        if quick >= lead_hand.count_ones() {
            // The leader wins every trick left, one after the other.
            return if leader_counted { (left, left) } else { (0, 0) };
        }
        let quick = (quick as i32).min(left);
        if leader_counted {
            (quick.max(sure_lo).min(sure_hi), sure_hi)
        } else {
            (sure_lo.min(left - quick), sure_hi.min(left - quick))
        }
    }

    /// Max objective: whether the others surely take at least one more
    /// trick from the counted hands S. Either
    /// * S is a single hand and they hold a plain suit's top card T above
    ///   all of S's cards of it: to take every trick S must lead the suit
    ///   (he leads every trick once he has won one, and can throw at most
    ///   one of its cards while following now), and the holder keeps T
    ///   until then (he always has another card to throw) and wins with it;
    /// * or they are on lead, the leader holds such a suit and no S hand
    ///   can beat T: each holds the suit, or neither trumps nor jokers (and
    ///   no wild joker either way).
    fn keeps_a_trick(&self, ctx: &SpidgeCtx) -> bool {
        let mut mine = 0;
        for (i, &h) in self.hands.iter().enumerate() {
            if ctx.is_counted(i) {
                mine |= h;
            }
        }
        let theirs = (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) & !mine;
        let leader = usize::from(self.leader);
        let leads = ctx.is_counted(leader);
        let wild = ctx.rules.joker_suit == JokerSuit::Wild;
        PLAIN.iter().any(|&class| {
            let (m, t) = (mine & class, theirs & class);
            if t == 0 || m != 0 && high_bit(t) < high_bit(m) {
                return false;
            }
            if ctx.single.is_some() && m != 0 && (leads || m & m.wrapping_sub(1) != 0) {
                return true;
            }
            !leads
                && self.hands[leader] & class != 0
                && (0..4).filter(|&i| ctx.is_counted(i)).all(|i| {
                    let h = self.hands[i];
                    let ruffs = h & class == 0 && h & (ctx.trumps | JOKERS) != 0;
                    !(ruffs || wild && h & JOKERS != 0)
                })
        })
    }

    /// Min objective: whether the others surely give the counted hands S
    /// a trick. The hand on lead (not S) leads a suit in which all of S's
    /// cards are above all of theirs and some S hand holds it: it must
    /// follow and wins (unless the other S hand wins instead), provided no
    /// other hand of theirs is forced to ruff (each still holds the suit or
    /// a plain card).
    fn forced_trick(&self, ctx: &SpidgeCtx) -> bool {
        let leader = usize::from(self.leader);
        if ctx.is_counted(leader) {
            return false;
        }
        let mut mine = 0;
        for (i, &h) in self.hands.iter().enumerate() {
            if ctx.is_counted(i) {
                mine |= h;
            }
        }
        let theirs = (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) & !mine;
        let plain_cards = !(ctx.trumps | JOKERS);
        PLAIN.iter().any(|&class| {
            let (m, t) = (mine & class, theirs & class);
            m != 0
                && self.hands[leader] & class != 0
                && m.trailing_zeros() > high_bit(t)
                && (0..4).all(|h| ctx.is_counted(h) || h == leader || self.hands[h] & (class | plain_cards) != 0)
        })
    }

    /// Fail-soft alpha-beta without the table, for the last tricks.
    fn small(&self, ctx: &SpidgeCtx, mut alpha: i32, mut beta: i32) -> i32 {
        if self.over {
            return i32::from(self.total);
        }
        let max = self.max_to_move(ctx);
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut moves = Moves::new();
        self.moves(ctx, None, &mut moves);
        for &m in moves.as_slice() {
            let mut child = *self;
            child.play_card(ctx, card(u32::from(m)));
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
}

/// What move ordering knows of a node.
struct Ordering {
    opponents: u64,
    partners: u64,
    /// Whether the trick is won by the mover's side so far.
    friend_wins: bool,
    /// The power of the card winning the trick so far.
    best: u32,
    /// The plain suits some opponent holding trumps is void in.
    ruffable: u64,
}

/// The key of a Spidge trick start: the canonical hands as two bit planes
/// over the cards still out (L 00, Dummy 01, R 10, Dealer 11), and which
/// cards those are as the number left in each class (each class keyed as
/// its top cards), with the leader, "trumps broken" and the context.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SpidgeKey {
    planes: [u64; 2],
    aux: u64,
}

impl TtKey for SpidgeKey {
    #[inline]
    fn hash(&self) -> u64 {
        mix(self.planes[0] ^ self.planes[1].rotate_left(29) ^ self.aux.rotate_left(47))
    }
}

impl Node for SpidgePos {
    type Key = SpidgeKey;
    type Ctx = SpidgeCtx;

    #[inline]
    fn is_over(&self) -> bool {
        self.over
    }

    #[inline]
    fn max_to_move(&self, ctx: &SpidgeCtx) -> bool {
        ctx.max_side >> self.to_move & 1 != 0
    }

    #[inline]
    fn total(&self) -> i32 {
        i32::from(self.total)
    }

    fn bounds(&self, ctx: &SpidgeCtx) -> (i32, i32) {
        let left = i32::from(self.left);
        if self.trick_len != 0 {
            return (0, left);
        }
        let (sure_lo, sure_hi) = self.sure_winners(ctx, left);
        // Cashing winners is what a side does when it wants its tricks: the
        // bound holds only when the counted hands maximise.
        if !ctx.wants_own_tricks() {
            let lo = if sure_lo == 0 && self.forced_trick(ctx) { 1 } else { sure_lo };
            return (lo.min(sure_hi), sure_hi);
        }
        let (lo, hi) = self.max_bounds(ctx, left, sure_lo, sure_hi);
        if hi == left && lo < hi && self.keeps_a_trick(ctx) {
            return (lo.min(left - 1), left - 1);
        }
        (lo, hi)
    }

    #[inline]
    fn key(&self, ctx: &SpidgeCtx) -> Option<(SpidgeKey, u8)> {
        if self.trick_len != 0 {
            return None;
        }
        // Only tricks count, so only the order of the remaining cards within
        // each class matters (as in bridge solvers): each class's remaining
        // cards are keyed as its top cards, held by the same hands in the
        // same order. Whether trumps are broken is then keyed explicitly.
        let [h0, h1, h2, h3] = self.hands;
        let remaining = h0 | h1 | h2 | h3;
        let mut canon = [0u64; 4];
        let mut counts = 0u64;
        for (c, &class) in CLASSES.iter().enumerate() {
            let mut here = remaining & class;
            counts |= u64::from(here.count_ones()) << (4 * c);
            let mut slot = high_bit(class);
            while here != 0 {
                let b = high_bit(here);
                here &= !(1 << b);
                let owner = if h0 >> b & 1 != 0 {
                    0
                } else if h1 >> b & 1 != 0 {
                    1
                } else if h2 >> b & 1 != 0 {
                    2
                } else {
                    3
                };
                canon[owner] |= 1 << slot;
                slot = slot.wrapping_sub(1);
            }
        }
        let [_, c1, c2, c3] = canon;
        let key = SpidgeKey {
            planes: [c1 | c3, c2 | c3],
            aux: ctx.aux | u64::from(self.leader) | u64::from(self.broken) << 2 | counts << 24,
        };
        Some((key, remaining.count_ones() as u8))
    }

    #[inline]
    fn moves(&self, ctx: &SpidgeCtx, skip: Option<u8>, out: &mut Moves) {
        out.clear();
        let separators = self.separators();
        let mut rest = self.legal_bits(ctx);
        let skip = skip.map_or(0, |s| 1u64 << (s & 63));
        let ordering = self.ordering(ctx);
        while rest != 0 {
            let top = high_bit(rest);
            let group = SpidgePos::group(top, rest, separators);
            rest &= !group;
            if group & skip == 0 {
                out.push(top as u8, self.score(ctx, &ordering, top));
            }
        }
    }

    #[inline]
    fn is_legal(&self, ctx: &SpidgeCtx, m: u8) -> bool {
        m < 64 && self.legal_bits(ctx) >> m & 1 != 0
    }

    #[inline]
    fn play(&mut self, ctx: &SpidgeCtx, m: u8) {
        self.play_card(ctx, card(u32::from(m)));
    }

    #[inline]
    fn quick_value(&self, ctx: &SpidgeCtx, alpha: i32, beta: i32) -> Option<i32> {
        // The last tricks, counting the current one: a plain search is
        // cheaper than the table.
        two_or_fewer(self.hands[usize::from(self.leader)]).then(|| self.small(ctx, alpha, beta))
    }
}

impl Root for SpidgePos {
    fn root_groups(&self, ctx: &SpidgeCtx, out: &mut Groups) {
        out.clear();
        let separators = self.separators();
        let mut rest = self.legal_bits(ctx);
        while rest != 0 {
            let group = SpidgePos::group(high_bit(rest), rest, separators);
            rest &= !group;
            out.push(CardSet::from_bits_truncate(group));
        }
    }

    fn move_of(_ctx: &SpidgeCtx, card: Card) -> u8 {
        card.index()
    }
}
