//! The Spidge search position: four hands, tricks counted for a set of hands.

use trumpf_core::spidge::{
    DoubleJoker, Hand, JokerSuit, SpidgeGame, SpidgeRules, TrumpLead, follow_mask, legal_follows, legal_leads,
    trick_winner,
};
use trumpf_core::{Card, CardSet, Rank, Suit};

use super::groups::{Groups, Moves, Order};
use super::search::{Node, Root};
use super::tt::{TtKey, mix};

/// The search context of one Spidge deal.
pub(crate) struct SpidgeCtx {
    rules: SpidgeRules,
    order: Order,
    class_sets: [CardSet; 5],
    strength: [u8; 64],
    aux: u32,
}

impl SpidgeCtx {
    pub fn new(rules: SpidgeRules, counted: u8, max_side: u8) -> SpidgeCtx {
        let suit = |s: Suit| -> [Card; 13] { std::array::from_fn(|i| Card::new(s, Rank::ALL[12 - i])) };
        let (spades, clubs, hearts, diamonds) =
            (suit(Suit::Spades), suit(Suit::Clubs), suit(Suit::Hearts), suit(Suit::Diamonds));
        let jokers = [Card::JOKER_1, Card::JOKER_2];
        let order = Order::new(&[&spades, &jokers, &clubs, &hearts, &diamonds]);
        let mut strength = [0u8; 64];
        for c in 0..order.classes() {
            let top = match c {
                1 => 60,
                0 => 40,
                _ => 0,
            };
            for (i, &card) in order.class_cards(c).iter().enumerate() {
                strength[usize::from(card.index())] = top + (16 - i as u8);
            }
        }
        let rules_bits = u32::from(rules.joker_suit == JokerSuit::Wild)
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
            | u32::from(rules.jokers) << 5;
        let aux = (u32::from(counted) << 2) | (u32::from(max_side) << 6) | (rules_bits << 10);
        let class_sets = std::array::from_fn(|c| order.class_set(c));
        SpidgeCtx { rules, order, class_sets, strength, aux }
    }
}

/// A Spidge position: hands in play order L, Dummy, R, Dealer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SpidgePos {
    hands: [CardSet; 4],
    trick: [Card; 4],
    trick_len: u8,
    leader: u8,
    to_move: u8,
    /// The cards that follow the trick's lead (empty: no duty yet).
    follow: CardSet,
    broken: bool,
    /// Hands whose tricks are counted (bit per hand index).
    counted: u8,
    /// Hands that maximise the counter.
    max_side: u8,
    over: bool,
    total: i16,
    left: i16,
}

impl SpidgePos {
    /// The position of `game`, counting the tricks of the hands in `counted`.
    pub fn from_game(game: &SpidgeGame, counted: u8, max_side: u8) -> SpidgePos {
        let hands = Hand::ALL.map(|h| game.cards(h));
        let (leader, cards) = game.current_trick();
        let tricks = game.tricks();
        let total = Hand::ALL.iter().filter(|h| counted >> h.index() & 1 != 0).map(|&h| i16::from(tricks[h])).sum();
        let in_trick: CardSet = cards.iter().copied().collect();
        let all = hands[0] | hands[1] | hands[2] | hands[3] | in_trick;
        let played_before = game.deal().pack() - all;
        let mut pos = SpidgePos {
            hands,
            trick: [Card::JOKER_1; 4],
            trick_len: 0,
            leader: leader.index() as u8,
            to_move: leader.index() as u8,
            follow: CardSet::EMPTY,
            broken: played_before.intersects(game.rules().trumps()),
            counted,
            max_side,
            over: game.result().is_some(),
            total,
            left: all.len().div_ceil(4) as i16,
        };
        if pos.over {
            pos.left = 0;
            return pos;
        }
        let rules = *game.rules();
        for &card in cards {
            pos.hands[usize::from(pos.to_move)].insert(card);
            pos.play_card(&rules, card);
        }
        pos
    }

    #[inline]
    fn play_card(&mut self, rules: &SpidgeRules, card: Card) {
        let hand = usize::from(self.to_move);
        self.hands[hand].remove(card);
        self.trick[usize::from(self.trick_len)] = card;
        self.trick_len += 1;
        if self.follow.is_empty() {
            self.follow = follow_mask(rules, &[card]);
        }
        if rules.trumps().contains(card) {
            self.broken = true;
        }
        if self.trick_len < 4 {
            self.to_move = (self.to_move + 1) & 3;
            return;
        }
        let winner = ((usize::from(self.leader) + trick_winner(rules, self.trick)) & 3) as u8;
        self.left -= 1;
        if self.counted >> winner & 1 != 0 {
            self.total += 1;
        }
        self.trick_len = 0;
        self.follow = CardSet::EMPTY;
        self.leader = winner;
        self.to_move = winner;
        self.over = self.hands.iter().all(|h| h.is_empty());
    }

    /// Bounds from cards that win whenever they are played, whoever wants
    /// what: a joker whose twin is gone or in the same hand, and (with no joker
    /// against it) a spade above every opponent's spade. One hand's such
    /// cards fall in different tricks, so each side takes at least as many
    /// tricks as its best hand holds of them.
    #[inline]
    fn sure_winners(&self, left: i32) -> (i32, i32) {
        let mut counted_cards = CardSet::EMPTY;
        let mut other_cards = CardSet::EMPTY;
        for (i, &h) in self.hands.iter().enumerate() {
            if self.counted >> i & 1 != 0 {
                counted_cards |= h;
            } else {
                other_cards |= h;
            }
        }
        let spades = CardSet::suit(Suit::Spades);
        let remaining = counted_cards | other_cards;
        let count = |hand: CardSet, theirs: CardSet| -> i32 {
            let mut n = 0;
            for joker in hand & CardSet::JOKERS {
                // The twin must be gone or in this very hand: anywhere else,
                // even with a partner, the two may meet and cancel.
                let twin = CardSet::JOKERS - CardSet::single(joker);
                if !twin.intersects(remaining - hand) {
                    n += 1;
                }
            }
            if !theirs.intersects(CardSet::JOKERS) {
                let top = theirs & spades;
                // Our spades above the opponents' highest spade.
                let above = match top.last() {
                    Some(high) => spades - CardSet::from_bits_truncate((1u64 << (high.index() + 1)) - 1),
                    None => spades,
                };
                n += (hand & above).len() as i32;
            }
            n
        };
        let mut lo = 0;
        let mut other = 0;
        for (i, &h) in self.hands.iter().enumerate() {
            if self.counted >> i & 1 != 0 {
                lo = lo.max(count(h, other_cards));
            } else {
                other = other.max(count(h, counted_cards));
            }
        }
        let hi = (left - other).max(0);
        (lo.min(hi), hi)
    }

    /// A rough strength of `card` in the current trick, for move ordering
    /// only (the joker rules are not applied).
    #[inline]
    fn rough(&self, ctx: &SpidgeCtx, card: Card) -> u8 {
        let base = ctx.strength[usize::from(card.index())];
        if card.is_joker() || card.suit() == Suit::Spades {
            return base;
        }
        let led = self.trick[..usize::from(self.trick_len)].iter().find(|c| !c.is_joker());
        match led {
            Some(led) if led.suit() == card.suit() => base,
            _ => 0,
        }
    }
}

/// The key of a Spidge trick start: remaining cards, two bit planes for the
/// four hands, and the context with the leader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SpidgeKey {
    remaining: u64,
    planes: [u64; 2],
    aux: u32,
}

impl TtKey for SpidgeKey {
    #[inline]
    fn hash(&self) -> u64 {
        mix(self.remaining ^ self.planes[0].rotate_left(21) ^ self.planes[1].rotate_left(42) ^ u64::from(self.aux))
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
    fn max_to_move(&self, _ctx: &SpidgeCtx) -> bool {
        self.max_side >> self.to_move & 1 != 0
    }

    #[inline]
    fn total(&self) -> i32 {
        i32::from(self.total)
    }

    #[inline]
    fn bounds(&self, ctx: &SpidgeCtx) -> (i32, i32) {
        let left = i32::from(self.left);
        if self.trick_len != 0 {
            return (0, left);
        }
        let (sure_lo, sure_hi) = self.sure_winners(left);
        // Cashing winners is what a side does when it wants its tricks: the
        // bound holds only when the counted hands maximise.
        if self.max_side != self.counted {
            return (sure_lo, sure_hi);
        }
        // Quick tricks of the leader: top cards no opponent can beat, plain
        // suits while every opponent holding spades still follows, then the
        // top spades (when they may be led). Only without jokers against him.
        let leader = usize::from(self.leader);
        let leader_counted = self.counted >> leader & 1 != 0;
        let mut own = CardSet::EMPTY;
        let mut theirs = CardSet::EMPTY;
        for (i, &h) in self.hands.iter().enumerate() {
            if (self.counted >> i & 1 != 0) == leader_counted {
                own |= h;
            } else {
                theirs |= h;
            }
        }
        if theirs.intersects(CardSet::JOKERS) {
            return (0, left);
        }
        let lead_hand = self.hands[leader];
        let spades = CardSet::suit(Suit::Spades);
        let mut quick = 0;
        for class in 2..ctx.order.classes() {
            let mut rounds = usize::MAX;
            for (i, &h) in self.hands.iter().enumerate() {
                if (self.counted >> i & 1 != 0) != leader_counted && h.intersects(spades) {
                    rounds = rounds.min((h & ctx.class_sets[class]).len());
                }
            }
            let mut taken = 0;
            for &card in ctx.order.class_cards(class) {
                if taken >= rounds {
                    break;
                }
                if theirs.contains(card) {
                    break;
                }
                if lead_hand.contains(card) {
                    taken += 1;
                }
            }
            quick += taken;
        }
        if legal_leads(&ctx.rules, lead_hand, self.broken).intersects(spades) {
            for &card in ctx.order.class_cards(0) {
                if theirs.contains(card) {
                    break;
                }
                if lead_hand.contains(card) {
                    quick += 1;
                }
            }
        }
        let quick = (quick as i32).min(left);
        if leader_counted { (quick.max(sure_lo), sure_hi) } else { (sure_lo, sure_hi.min(left - quick)) }
    }

    #[inline]
    fn key(&self, ctx: &SpidgeCtx) -> Option<(SpidgeKey, u8)> {
        if self.trick_len != 0 {
            return None;
        }
        // Only tricks count, so only the order of the remaining cards within
        // each suit matters (as in bridge solvers): each suit's remaining
        // cards are keyed as its top cards, held by the same hands in the
        // same order. Whether trumps are broken is then keyed explicitly.
        let [h0, h1, h2, h3] = self.hands;
        let remaining = h0 | h1 | h2 | h3;
        let mut canon = [CardSet::EMPTY; 4];
        for class in 0..ctx.order.classes() {
            let cards = ctx.order.class_cards(class);
            let here = remaining & ctx.class_sets[class];
            if here.is_empty() {
                continue;
            }
            let mut slot = 0;
            for &card in cards {
                if here.contains(card) {
                    let owner = if h0.contains(card) {
                        0
                    } else if h1.contains(card) {
                        1
                    } else if h2.contains(card) {
                        2
                    } else {
                        3
                    };
                    canon[owner].insert(cards[slot]);
                    slot += 1;
                }
            }
        }
        let [c0, c1, c2, c3] = canon;
        let key = SpidgeKey {
            remaining: (c0 | c1 | c2 | c3).bits(),
            planes: [(c1 | c3).bits(), (c2 | c3).bits()],
            aux: ctx.aux | u32::from(self.leader) | u32::from(self.broken) << 30,
        };
        Some((key, remaining.len() as u8))
    }

    #[inline]
    fn play(&mut self, ctx: &SpidgeCtx, m: u8) {
        if let Some(card) = Card::from_index(m) {
            self.play_card_ctx(ctx, card);
        }
    }

    #[inline]
    fn moves(&self, ctx: &SpidgeCtx, skip: Option<u8>, out: &mut Moves) {
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
    fn is_legal(&self, ctx: &SpidgeCtx, m: u8) -> bool {
        Card::from_index(m).is_some_and(|c| self.legal(ctx).contains(c))
    }

    #[inline]
    fn quick_value(&self, ctx: &SpidgeCtx, _alpha: i32, _beta: i32) -> Option<i32> {
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

impl SpidgePos {
    #[inline]
    fn play_card_ctx(&mut self, ctx: &SpidgeCtx, card: Card) {
        self.play_card(&ctx.rules, card);
    }

    #[inline]
    fn legal(&self, ctx: &SpidgeCtx) -> CardSet {
        let hand = self.hands[usize::from(self.to_move)];
        if self.trick_len == 0 {
            legal_leads(&ctx.rules, hand, self.broken)
        } else {
            legal_follows(&ctx.rules, hand, self.follow)
        }
    }

    #[inline]
    fn groups(&self, ctx: &SpidgeCtx, legal: CardSet, out: &mut Groups) {
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
        out.build(&ctx.order, legal, separators, None, CardSet::EMPTY);
    }

    #[inline]
    fn score(&self, ctx: &SpidgeCtx, card: Card) -> i16 {
        let me = self.to_move;
        let wants_tricks = self.max_side >> me & 1 != 0;
        let my_team = if self.counted >> me & 1 != 0 { self.counted } else { !self.counted & 15 };
        // Wanting tricks for the counted hands when maximising, for the
        // others when minimising; both come down to "my team wins".
        let team_wants_wins = wants_tricks == (self.counted >> me & 1 != 0);
        let order = i16::from(ctx.strength[usize::from(card.index())]);
        if self.trick_len == 0 {
            return if team_wants_wins { order } else { -order };
        }
        let s = self.rough(ctx, card);
        let best = self.trick[..usize::from(self.trick_len)].iter().map(|&c| self.rough(ctx, c)).max().unwrap_or(0);
        let best_pos =
            self.trick[..usize::from(self.trick_len)].iter().position(|&c| self.rough(ctx, c) == best).unwrap_or(0);
        let winner_now = (usize::from(self.leader) + best_pos) & 3;
        let friend_wins = my_team >> winner_now & 1 != 0;
        let would_win = s > best;
        if team_wants_wins {
            if would_win && !friend_wins {
                100 - order
            } else if friend_wins {
                50 - order
            } else {
                -order
            }
        } else if !would_win {
            100 + order
        } else {
            -order
        }
    }

    #[inline]
    fn last_cards(&self) -> bool {
        self.hands.iter().all(|h| h.len() <= 1)
    }
}

impl Root for SpidgePos {
    fn root_groups(&self, ctx: &SpidgeCtx, out: &mut Groups) {
        self.groups(ctx, self.legal(ctx), out);
    }

    fn move_of(_ctx: &SpidgeCtx, card: Card) -> u8 {
        card.index()
    }
}
