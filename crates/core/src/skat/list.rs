//! The score sheet of a Skat list: dealer rotation, 3- or 4-member tables,
//! classic and Seeger–Fabian totals (`skat.md` §1, §11).

use crate::seat::{Member, Seat};
use crate::skat::rules::{Scoring, SkatRules};
use crate::skat::scoring::Settlement;
use crate::skat::state::SkatOutcome;

/// One line of the sheet: one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ListEntry {
    /// 1-based deal number.
    pub number: u32,
    /// The member who dealt.
    pub dealer: Member,
    /// The declaring member, if a game was played.
    pub declarer: Option<Member>,
    /// The settlement, if a game was played.
    pub settlement: Option<Settlement>,
    /// What each member's total changed by, under the sheet's scoring
    /// (indexed by [`Member::index`]).
    pub deltas: [i64; Member::MAX],
    /// Each member's total after this deal.
    pub totals: [i64; Member::MAX],
}

/// A running Skat list.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScoreSheet {
    members: usize,
    scoring: Scoring,
    first_dealer: Member,
    entries: Vec<ListEntry>,
}

impl ScoreSheet {
    /// An empty sheet for the table of `rules` (3 or 4 members), with member
    /// `first_dealer` dealing first.
    ///
    /// # Panics
    /// If the table size is not 3 or 4 or `first_dealer` is not a member.
    pub fn new(rules: &SkatRules, first_dealer: Member) -> ScoreSheet {
        let members = usize::from(rules.table_size);
        assert!(members == 3 || members == 4, "a Skat table has 3 or 4 members");
        assert!(first_dealer.index() < members, "the dealer must be a member");
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
    pub fn next_dealer(&self) -> Member {
        self.first_dealer.offset(self.entries.len(), self.members)
    }

    /// The member sitting in each seat (forehand, middlehand, rearhand) of the
    /// next deal. At a 4-member table the dealer sits out.
    pub fn next_seating(&self) -> [Member; 3] {
        seating(self.next_dealer(), self.members)
    }

    /// Each member's total.
    pub fn totals(&self) -> [i64; Member::MAX] {
        self.entries.last().map_or([0; Member::MAX], |e| e.totals)
    }

    /// Enters a finished deal dealt by [`ScoreSheet::next_dealer`].
    pub fn record(&mut self, outcome: &SkatOutcome) {
        let dealer = self.next_dealer();
        let seats = seating(dealer, self.members);
        let deltas = list_deltas(outcome, self.scoring, self.members, seats);
        let (declarer, settlement) = match *outcome {
            SkatOutcome::Played { declarer, settlement } => (Some(seats[declarer.index()]), Some(settlement)),
            _ => (None, None),
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
    pub fn won_lost(&self) -> [(u32, u32); Member::MAX] {
        let mut out = [(0, 0); Member::MAX];
        for e in &self.entries {
            if let (Some(m), Some(s)) = (e.declarer, e.settlement) {
                if s.won {
                    out[m.index()].0 += 1;
                } else {
                    out[m.index()].1 += 1;
                }
            }
        }
        out
    }
}

/// The Seeger–Fabian points a played game adds to its value on the list
/// (`skat.md` §11.2): 50 for a won game and −50 for a lost one to the
/// declarer; for a lost game 40 at a 3-member table, 30 at a 4-member
/// table, to every other member (the dealer sitting out included).
/// Returns (the declarer's bonus, each other member's bonus).
pub const fn seeger_fabian_bonus(won: bool, members: usize) -> (i64, i64) {
    match (won, members) {
        (true, _) => (50, 0),
        (false, 4) => (-50, 30),
        (false, _) => (-50, 40),
    }
}

/// What a finished deal changes on the list, per member (indexed by
/// [`Member::index`]): the deal's own value ([`crate::Game::scores`]) for
/// the member in each seat, plus the Seeger–Fabian bonus under that
/// scoring. A Ramsch scores as settled (variants §2.9: no Seeger–Fabian
/// constants); a deal thrown in scores nothing. `seats` are the members in
/// forehand, middlehand and rearhand.
pub fn list_deltas(outcome: &SkatOutcome, scoring: Scoring, members: usize, seats: [Member; 3]) -> [i64; Member::MAX] {
    let mut deltas = [0i64; Member::MAX];
    match *outcome {
        SkatOutcome::PassedIn => {}
        SkatOutcome::Ramsch { result } => {
            for (seat, &score) in result.scores.iter().enumerate() {
                deltas[seats[seat].index()] += i64::from(score);
            }
        }
        SkatOutcome::Played { declarer, settlement } => {
            let member = seats[declarer.index()];
            deltas[member.index()] += i64::from(settlement.score);
            if scoring == Scoring::SeegerFabian {
                let (own, others) = seeger_fabian_bonus(settlement.won, members);
                for m in Member::all(members) {
                    deltas[m.index()] += if m == member { own } else { others };
                }
            }
        }
    }
    deltas
}

/// Members in forehand, middlehand, rearhand for a deal dealt by `dealer`.
pub fn seating(dealer: Member, members: usize) -> [Member; 3] {
    [1, 2, 3].map(|k| dealer.offset(k, members))
}

/// The seat a member holds in a deal, if any (`None`: the dealer sitting out).
pub fn seat_of(member: Member, dealer: Member, members: usize) -> Option<Seat> {
    seating(dealer, members).iter().position(|&m| m == member).and_then(Seat::new)
}
