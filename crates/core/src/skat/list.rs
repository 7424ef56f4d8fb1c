//! The score sheet of a Skat list: dealer rotation, 3- or 4-member tables,
//! classic and Seeger–Fabian totals (`skat.md` §1, §11).

use crate::seat::Seat;
use crate::skat::game::SkatOutcome;
use crate::skat::rules::{Scoring, SkatRules};
use crate::skat::scoring::Settlement;

/// One line of the sheet: one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListEntry {
    /// 1-based deal number.
    pub number: u32,
    /// The member who dealt.
    pub dealer: usize,
    /// The declaring member, if a game was played.
    pub declarer: Option<usize>,
    /// The settlement, if a game was played.
    pub settlement: Option<Settlement>,
    /// What each member's total changed by, under the sheet's scoring.
    pub deltas: [i64; 4],
    /// Each member's total after this deal.
    pub totals: [i64; 4],
}

/// A running Skat list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreSheet {
    members: usize,
    scoring: Scoring,
    first_dealer: usize,
    entries: Vec<ListEntry>,
}

impl ScoreSheet {
    /// An empty sheet for the table of `rules` (3 or 4 members), with member
    /// `first_dealer` dealing first.
    ///
    /// # Panics
    /// If the table size is not 3 or 4 or `first_dealer` is not a member.
    pub fn new(rules: &SkatRules, first_dealer: usize) -> ScoreSheet {
        let members = usize::from(rules.table_size);
        assert!(members == 3 || members == 4, "a Skat table has 3 or 4 members");
        assert!(first_dealer < members, "the dealer must be a member");
        ScoreSheet { members, scoring: rules.scoring, first_dealer, entries: Vec::new() }
    }

    /// Members at the table.
    pub fn members(&self) -> usize {
        self.members
    }

    /// The lines so far.
    pub fn entries(&self) -> &[ListEntry] {
        &self.entries
    }

    /// The member who deals next (the deal passes left after every deal, §1.3).
    pub fn next_dealer(&self) -> usize {
        (self.first_dealer + self.entries.len()) % self.members
    }

    /// The member sitting in each seat (forehand, middlehand, rearhand) of the
    /// next deal. At a 4-member table the dealer sits out.
    pub fn next_seating(&self) -> [usize; 3] {
        seating(self.next_dealer(), self.members)
    }

    /// Each member's total.
    pub fn totals(&self) -> [i64; 4] {
        self.entries.last().map_or([0; 4], |e| e.totals)
    }

    /// Enters a finished deal dealt by [`ScoreSheet::next_dealer`].
    pub fn record(&mut self, outcome: &SkatOutcome) {
        let dealer = self.next_dealer();
        let seats = seating(dealer, self.members);
        let mut deltas = [0i64; 4];
        let (declarer, settlement) = match *outcome {
            SkatOutcome::PassedIn => (None, None),
            SkatOutcome::Ramsch { result } => {
                // Variants §2.9: the Ramsch scores as computed, no ±50 / 40 / 30.
                for (seat, &score) in result.scores.iter().enumerate() {
                    deltas[seats[seat]] += i64::from(score);
                }
                (None, None)
            }
            SkatOutcome::Played { declarer, settlement } => {
                let member = seats[declarer.index()];
                deltas[member] = i64::from(settlement.score);
                if self.scoring == Scoring::SeegerFabian {
                    if settlement.won {
                        deltas[member] += 50;
                    } else {
                        deltas[member] -= 50;
                        let bonus = if self.members == 3 { 40 } else { 30 };
                        for (m, d) in deltas.iter_mut().enumerate().take(self.members) {
                            if m != member {
                                *d += bonus;
                            }
                        }
                    }
                }
                (Some(member), Some(settlement))
            }
        };
        let mut totals = self.totals();
        for (t, d) in totals.iter_mut().zip(deltas) {
            *t += d;
        }
        self.entries.push(ListEntry {
            number: self.entries.len() as u32 + 1,
            dealer,
            declarer,
            settlement,
            deltas,
            totals,
        });
    }

    /// Games won and lost per member.
    pub fn won_lost(&self) -> [(u32, u32); 4] {
        let mut out = [(0, 0); 4];
        for e in &self.entries {
            if let (Some(m), Some(s)) = (e.declarer, e.settlement) {
                if s.won {
                    out[m].0 += 1;
                } else {
                    out[m].1 += 1;
                }
            }
        }
        out
    }
}

/// Members in forehand, middlehand, rearhand for a deal dealt by `dealer`.
pub fn seating(dealer: usize, members: usize) -> [usize; 3] {
    [1, 2, 3].map(|k| (dealer + k) % members)
}

/// The seat a member holds in a deal, if any (`None`: the dealer sitting out).
pub fn seat_of(member: usize, dealer: usize, members: usize) -> Option<Seat> {
    seating(dealer, members).iter().position(|&m| m == member).and_then(Seat::new)
}
