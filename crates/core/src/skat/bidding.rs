//! The auction (`skat.md` §4): middlehand bids to forehand, then rearhand
//! bids to the survivor; forehand may play at 18 when nobody named a value.

use thiserror::Error;

use crate::seat::Seat;

/// The 63 legal bid values in ascending order (§4.1).
pub const BID_VALUES: [u16; 63] = [
    18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70, 72, 77, 80, 81, 84, 88,
    90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165,
    168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264,
];

/// Whether `value` is one of the 63 legal bids.
pub fn is_bid_value(value: u16) -> bool {
    BID_VALUES.binary_search(&value).is_ok()
}

/// The lowest legal bid above `value`, if any.
pub fn next_bid_value(value: u16) -> Option<u16> {
    BID_VALUES.iter().copied().find(|&v| v > value)
}

/// A move in the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BidMove {
    /// The bidder names a value (also forehand's "play at 18").
    Bid(u16),
    /// The holder holds the value named ("yes").
    Hold,
    /// Pass: out of the auction.
    Pass,
}

/// How an auction ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AuctionResult {
    /// `seat` won the auction at `bid`.
    Declarer {
        /// The declarer.
        seat: Seat,
        /// The highest value named or held.
        bid: u16,
    },
    /// All three passed: the deal is thrown in.
    PassedIn,
}

/// Which part of the auction is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AuctionStage {
    /// Middlehand bids to forehand.
    MiddleToFore,
    /// Rearhand bids to the survivor.
    RearToSurvivor,
    /// Nobody named a value: forehand plays at 18 or throws the deal in.
    ForehandChoice,
    /// The auction is over.
    Done(AuctionResult),
}

/// Why an auction move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BidError {
    /// The auction is over.
    #[error("the auction is over")]
    Over,
    /// Not a legal bid value.
    #[error("{0} is not a bid value (the lowest are 18, 20, 22, 23, 24, 27, ...)")]
    NotABidValue(u16),
    /// A bid must exceed the value named so far.
    #[error("a bid must be higher than {current}, {value} is not")]
    NotHigher {
        /// The bid.
        value: u16,
        /// The value to beat.
        current: u16,
    },
    /// The bidder must bid or pass, not hold.
    #[error("{0} must bid a value or pass, there is no value to hold")]
    NothingToHold(Seat),
    /// The holder must answer "yes" or pass, not bid.
    #[error("{seat} must answer {value} with yes (hold) or pass")]
    MustAnswer {
        /// The holder.
        seat: Seat,
        /// The value to answer.
        value: u16,
    },
    /// Forehand's only bid after two passes is 18.
    #[error("after two passes forehand plays at 18 or passes; {0} is not 18")]
    OnlyEighteen(u16),
}

/// The auction state machine of §4.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Auction {
    stage: AuctionStage,
    value: u16,
    bidder: Seat,
    holder: Seat,
    awaiting_answer: bool,
    passed: [bool; 3],
    spoke: [bool; 3],
    /// Per seat, the highest value it named or held (0: none).
    highest: [u16; 3],
}

impl Default for Auction {
    fn default() -> Self {
        Auction::new()
    }
}

impl Auction {
    /// A new auction: middlehand bids to forehand.
    pub const fn new() -> Auction {
        Auction {
            stage: AuctionStage::MiddleToFore,
            value: 0,
            bidder: Seat::MIDDLEHAND,
            holder: Seat::FOREHAND,
            awaiting_answer: false,
            passed: [false; 3],
            spoke: [false; 3],
            highest: [0; 3],
        }
    }

    /// An auction already won by `seat` at `bid` (for states that start later).
    pub const fn decided(seat: Seat, bid: u16) -> Auction {
        let mut a = Auction::new();
        a.value = bid;
        if seat.index() < 3 {
            a.highest[seat.index()] = bid;
        }
        a.stage = AuctionStage::Done(AuctionResult::Declarer { seat, bid });
        a
    }

    /// The running stage.
    pub const fn stage(&self) -> AuctionStage {
        self.stage
    }

    /// The highest value named so far (0 = none).
    pub const fn value(&self) -> u16 {
        self.value
    }

    /// The seat that names values in the running stage.
    pub const fn bidder(&self) -> Seat {
        self.bidder
    }

    /// The seat that answers in the running stage.
    pub const fn holder(&self) -> Seat {
        self.holder
    }

    /// Whether `seat` has passed.
    pub const fn has_passed(&self, seat: Seat) -> bool {
        self.passed[seat.index()]
    }

    /// Whether `seat` named or held a value (the pub Kontra condition,
    /// variants §5.2).
    pub const fn has_spoken(&self, seat: Seat) -> bool {
        self.spoke[seat.index()]
    }

    /// The highest value `seat` named or held so far (0: none). With who
    /// passed, this is all the auction tells the table about a hand.
    pub const fn highest(&self, seat: Seat) -> u16 {
        self.highest[seat.index()]
    }

    /// Whether the holder must answer the value just named.
    pub const fn awaiting_answer(&self) -> bool {
        self.awaiting_answer
    }

    /// The result, once the auction is over.
    pub const fn result(&self) -> Option<AuctionResult> {
        match self.stage {
            AuctionStage::Done(r) => Some(r),
            _ => None,
        }
    }

    /// The seat to move, or `None` when the auction is over.
    pub const fn to_act(&self) -> Option<Seat> {
        match self.stage {
            AuctionStage::Done(_) => None,
            AuctionStage::ForehandChoice => Some(Seat::FOREHAND),
            _ => Some(if self.awaiting_answer { self.holder } else { self.bidder }),
        }
    }

    /// Checks a move of the seat to act.
    ///
    /// # Errors
    /// Why the move is not legal now.
    pub fn check(&self, mv: BidMove) -> Result<(), BidError> {
        match (self.stage, mv) {
            (AuctionStage::Done(_), _) => Err(BidError::Over),
            (_, BidMove::Pass) => Ok(()),
            (AuctionStage::ForehandChoice, BidMove::Bid(18)) => Ok(()),
            (AuctionStage::ForehandChoice, BidMove::Bid(v)) => Err(BidError::OnlyEighteen(v)),
            (AuctionStage::ForehandChoice, BidMove::Hold) => Err(BidError::NothingToHold(Seat::FOREHAND)),
            (_, BidMove::Hold) if self.awaiting_answer => Ok(()),
            (_, BidMove::Hold) => Err(BidError::NothingToHold(self.bidder)),
            (_, BidMove::Bid(_)) if self.awaiting_answer => {
                Err(BidError::MustAnswer { seat: self.holder, value: self.value })
            }
            (_, BidMove::Bid(v)) if !is_bid_value(v) => Err(BidError::NotABidValue(v)),
            (_, BidMove::Bid(v)) if v <= self.value => Err(BidError::NotHigher { value: v, current: self.value }),
            (_, BidMove::Bid(_)) => Ok(()),
        }
    }

    /// Applies a move of the seat to act.
    ///
    /// # Errors
    /// As [`Auction::check`]; the auction is unchanged then.
    pub fn apply(&mut self, mv: BidMove) -> Result<(), BidError> {
        self.check(mv)?;
        self.apply_unchecked(mv);
        Ok(())
    }

    /// Applies a move already known to be legal.
    pub fn apply_unchecked(&mut self, mv: BidMove) {
        debug_assert_eq!(self.check(mv), Ok(()));
        match (self.stage, mv) {
            (AuctionStage::ForehandChoice, BidMove::Bid(v)) => {
                self.value = v;
                self.spoke[0] = true;
                self.highest[0] = v;
                self.stage = AuctionStage::Done(AuctionResult::Declarer { seat: Seat::FOREHAND, bid: v });
            }
            (AuctionStage::ForehandChoice, _) => {
                self.passed[0] = true;
                self.stage = AuctionStage::Done(AuctionResult::PassedIn);
            }
            (_, BidMove::Bid(v)) => {
                self.value = v;
                self.awaiting_answer = true;
                self.spoke[self.bidder.index()] = true;
                self.highest[self.bidder.index()] = v;
            }
            (_, BidMove::Hold) => {
                self.awaiting_answer = false;
                self.spoke[self.holder.index()] = true;
                self.highest[self.holder.index()] = self.value;
            }
            (stage, BidMove::Pass) => {
                let (passer, survivor) =
                    if self.awaiting_answer { (self.holder, self.bidder) } else { (self.bidder, self.holder) };
                self.passed[passer.index()] = true;
                self.awaiting_answer = false;
                if stage == AuctionStage::MiddleToFore {
                    self.stage = AuctionStage::RearToSurvivor;
                    self.bidder = Seat::REARHAND;
                    self.holder = survivor;
                } else if self.value == 0 {
                    // Only possible when middlehand and rearhand both passed at once.
                    self.stage = AuctionStage::ForehandChoice;
                } else {
                    self.stage = AuctionStage::Done(AuctionResult::Declarer { seat: survivor, bid: self.value });
                }
            }
        }
    }

    /// The number of legal moves (0 when the auction is over).
    #[inline]
    pub fn legal_count(&self) -> usize {
        match self.stage {
            AuctionStage::Done(_) => 0,
            AuctionStage::ForehandChoice => 2,
            _ if self.awaiting_answer => 2,
            _ => BID_VALUES.len() - BID_VALUES.partition_point(|&v| v <= self.value) + 1,
        }
    }

    /// The `i`th legal move in ascending order (as [`Auction::for_each_legal`]).
    #[inline]
    pub fn nth_legal(&self, i: usize) -> Option<BidMove> {
        match self.stage {
            AuctionStage::Done(_) => None,
            AuctionStage::ForehandChoice => [BidMove::Bid(18), BidMove::Pass].get(i).copied(),
            _ if self.awaiting_answer => [BidMove::Hold, BidMove::Pass].get(i).copied(),
            _ => {
                let first = BID_VALUES.partition_point(|&v| v <= self.value);
                match BID_VALUES.get(first + i) {
                    Some(&v) => Some(BidMove::Bid(v)),
                    None if first + i == BID_VALUES.len() => Some(BidMove::Pass),
                    None => None,
                }
            }
        }
    }

    /// Calls `f` for every legal move, in ascending order (bids, hold, pass).
    pub fn for_each_legal(&self, mut f: impl FnMut(BidMove)) {
        match self.stage {
            AuctionStage::Done(_) => {}
            AuctionStage::ForehandChoice => {
                f(BidMove::Bid(18));
                f(BidMove::Pass);
            }
            _ if self.awaiting_answer => {
                f(BidMove::Hold);
                f(BidMove::Pass);
            }
            _ => {
                for v in BID_VALUES.iter().copied().filter(|&v| v > self.value) {
                    f(BidMove::Bid(v));
                }
                f(BidMove::Pass);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bid_values_follow_the_derivation() {
        // §4.1: b × m for b in 9..=12, 2 ≤ m ≤ 18; 24 × m, 2 ≤ m ≤ 11; Null 23 35 46 59.
        let mut values: Vec<u16> = (9..=12u16).flat_map(|b| (2..=18).map(move |m| b * m)).collect();
        values.extend((2..=11).map(|m| 24 * m));
        values.extend([23, 35, 46, 59]);
        values.sort_unstable();
        values.dedup();
        assert_eq!(values, BID_VALUES);
        assert!(is_bid_value(170));
        assert!(!is_bid_value(19));
    }
}
