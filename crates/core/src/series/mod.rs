//! Matches: a series of deals with dealer rotation, running totals and the
//! end condition of each game, behind one [`Match`] type; and the trumpf
//! text record of a whole match ([`record`]).
//!
//! A game joins by implementing [`MatchGame`] (how members sit, how a deal
//! is dealt, what a finished deal gives each member, when the match ends)
//! and [`record::RecordGame`] (its text forms).

use std::fmt::Debug;

use rand::Rng;
use thiserror::Error;

use crate::game::Game;
use crate::seat::{Member, Seat};
use crate::skat::DealSetup;

pub mod record;
mod skat;
mod spidge;
mod spitzer;

pub use skat::{
    PiratPhase, Round, SkatMatchRules, SkatProgress, deal_bock_events, read_skat_rules, read_skat_rules_onto,
    score_bock_events, write_skat_rules,
};

/// A game that can be played as a match of deals.
pub trait MatchGame: Game {
    /// Everything that is fixed for the whole match.
    type Rules: Clone + Debug + PartialEq + Eq + Default + Send + Sync;

    /// What the match remembers between deals besides the totals (Skat's
    /// Bock and Ramsch rounds; `()` for games without such state).
    type Progress: Clone + Debug + PartialEq + Eq + Default + Send + Sync;

    /// Members of the table.
    fn members(rules: &Self::Rules) -> usize;

    /// Whether the member who dealt the last deal deals again (Skat: a
    /// Grand Hand in a Ramsch round re-dealt, pub extras §6.3); the deal
    /// passes left otherwise.
    fn deals_again(_progress: &Self::Progress) -> bool {
        false
    }

    /// The member in each seat of a deal dealt by member `dealer` (entries
    /// past [`Game::seats`] are unused).
    fn seating(rules: &Self::Rules, dealer: Member) -> [Member; Seat::MAX];

    /// Whether the rules can be played (some option values are refused).
    ///
    /// # Errors
    /// What is wrong with the rules.
    fn check_rules(_rules: &Self::Rules) -> Result<(), RulesError> {
        Ok(())
    }

    /// A new deal from `rng`, under rules that passed [`MatchGame::check_rules`],
    /// at the point `progress` of the match.
    fn deal<R: Rng + ?Sized>(rules: &Self::Rules, progress: &Self::Progress, rng: &mut R) -> Self;

    /// Whether `start` is a fresh deal that fits the match at `progress`
    /// (its rules and what it inherits from the match).
    ///
    /// # Errors
    /// What does not fit.
    fn check_start(&self, _rules: &Self::Rules, _progress: &Self::Progress) -> Result<(), StartError> {
        Ok(())
    }

    /// What each member gains (or loses) from this finished deal, dealt by
    /// `dealer`, indexed by [`Member::index`]. The default maps
    /// [`Game::scores`] (the deal's own value per seat) through the seating;
    /// a game whose list adds bonuses (Skat's Seeger–Fabian) adds them here.
    fn member_scores(&self, rules: &Self::Rules, dealer: Member) -> [i64; Member::MAX] {
        let mut out = [0; Member::MAX];
        if let Some(scores) = self.scores() {
            let seating = Self::seating(rules, dealer);
            for seat in Seat::all(self.seats()) {
                out[seating[seat.index()].index()] += scores[seat.index()];
            }
        }
        out
    }

    /// After deal number `deals` (1-based), `last`, dealt by `dealer`:
    /// updates the progress, may adjust the deal's `scores` (a Bock round
    /// that includes its trigger), and says whether the match is over.
    /// `totals` are the totals before this deal's scores are added.
    fn after_deal(
        rules: &Self::Rules,
        progress: &mut Self::Progress,
        scores: &mut [i64; Member::MAX],
        totals: &[i64; Member::MAX],
        deals: usize,
        last: &Self,
        dealer: Member,
    ) -> MatchStatus;
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MatchStatus {
    /// More deals follow.
    Running,
    /// Over, won by this member.
    Won(Member),
    /// Over without a single winner (a fixed-length list that ends level).
    Drawn,
}

/// One deal of a match: who dealt, the state at the start, the actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedDeal<G: MatchGame> {
    /// The dealing member.
    pub dealer: Member,
    /// The state as dealt.
    pub start: G,
    /// Every action in order, with the seat that took it.
    pub actions: Vec<(Seat, G::Action)>,
    /// The finished state.
    pub end: G,
    /// What each member gained, indexed by [`Member::index`].
    pub scores: [i64; Member::MAX],
}

/// Rules a match cannot be played under.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulesError {
    /// A Skat table seats three or four members.
    #[error("a Skat table has 3 or 4 members, not {0}")]
    SkatTableSize(u8),
    /// A Spitzer option the engine does not play.
    #[error(transparent)]
    Spitzer(#[from] crate::spitzer::RulesError),
}

/// Why a deal does not fit the match it is offered to.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StartError {
    /// The deal is dealt under other rules.
    #[error("it is dealt under other rules than the match's")]
    OtherRules,
    /// Actions were already taken in it.
    #[error("it is already under way")]
    UnderWay,
    /// A Skat deal whose Bock factor or Ramsch round is not the match's.
    #[error("the match's next deal is {expected:?}, this one is {found:?}")]
    Setup {
        /// What the match's next deal inherits.
        expected: DealSetup,
        /// What the deal offered inherits.
        found: DealSetup,
    },
}

/// Why a match refused a deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MatchError<G: Game> {
    /// The match is over.
    #[error("the match is over")]
    Over,
    /// The rules cannot be played.
    #[error("these rules cannot be played: {0}")]
    Rules(RulesError),
    /// The first dealer is not a member.
    #[error("member {dealer} cannot deal: the table has {members} members")]
    NoSuchDealer {
        /// The dealer given.
        dealer: Member,
        /// Members at the table.
        members: usize,
    },
    /// An action of the deal was refused by the game.
    #[error("action {} ({action}) of the deal: {error}", .index + 1)]
    IllegalAction {
        /// 0-based index in the deal's actions.
        index: usize,
        /// The action.
        action: G::Action,
        /// The game's reason.
        error: G::Error,
    },
    /// The deal does not fit the match (rules, Bock or Ramsch round).
    #[error("the deal does not fit the match: {0}")]
    DoesNotFit(StartError),
    /// The actions stop before the deal is over.
    #[error("the deal is not finished after its {0} actions")]
    Unfinished(usize),
}

/// A match: deals in order, dealer rotation, totals and the end condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<G: MatchGame> {
    rules: G::Rules,
    first_dealer: Member,
    next_dealer: Member,
    deals: Vec<PlayedDeal<G>>,
    totals: [i64; Member::MAX],
    status: MatchStatus,
    progress: G::Progress,
}

impl<G: MatchGame> Match<G> {
    /// A new match under `rules` with member `first_dealer` dealing first.
    ///
    /// # Errors
    /// If the rules cannot be played or `first_dealer` is not a member.
    pub fn new(rules: G::Rules, first_dealer: Member) -> Result<Match<G>, MatchError<G>> {
        G::check_rules(&rules).map_err(MatchError::Rules)?;
        let members = G::members(&rules);
        if first_dealer.index() >= members {
            return Err(MatchError::NoSuchDealer { dealer: first_dealer, members });
        }
        Ok(Match {
            rules,
            first_dealer,
            next_dealer: first_dealer,
            deals: Vec::new(),
            totals: [0; Member::MAX],
            status: MatchStatus::Running,
            progress: G::Progress::default(),
        })
    }

    /// The rules of the match.
    pub fn rules(&self) -> &G::Rules {
        &self.rules
    }

    /// Members of the table.
    pub fn members(&self) -> usize {
        G::members(&self.rules)
    }

    /// The member who dealt first.
    pub fn first_dealer(&self) -> Member {
        self.first_dealer
    }

    /// The deals played.
    pub fn deals(&self) -> &[PlayedDeal<G>] {
        &self.deals
    }

    /// Each member's total, indexed by [`Member::index`].
    pub fn totals(&self) -> [i64; Member::MAX] {
        self.totals
    }

    /// Where the match stands.
    pub fn status(&self) -> MatchStatus {
        self.status
    }

    /// What the match remembers between deals (Skat: Bock and Ramsch rounds).
    pub fn progress(&self) -> &G::Progress {
        &self.progress
    }

    /// The member who deals next (the deal passes left after every deal,
    /// unless the game has the same dealer deal again).
    pub fn next_dealer(&self) -> Member {
        self.next_dealer
    }

    /// The member in each seat of the next deal.
    pub fn next_seating(&self) -> [Member; Seat::MAX] {
        G::seating(&self.rules, self.next_dealer())
    }

    /// A new deal for the next dealer.
    pub fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> G {
        G::deal(&self.rules, &self.progress, rng)
    }

    /// Records the next deal: replays `actions` from `start` through
    /// [`Game::try_apply`], adds the scores and updates the status.
    ///
    /// # Errors
    /// If the match is over, an action is refused, or the deal does not
    /// finish; the match is unchanged then.
    pub fn record(&mut self, start: G, actions: Vec<(Seat, G::Action)>) -> Result<&PlayedDeal<G>, MatchError<G>> {
        if self.status != MatchStatus::Running {
            return Err(MatchError::Over);
        }
        start.check_start(&self.rules, &self.progress).map_err(MatchError::DoesNotFit)?;
        let mut end = start.clone();
        for (index, &(seat, action)) in actions.iter().enumerate() {
            end.try_apply(seat, action).map_err(|error| MatchError::IllegalAction { index, action, error })?;
        }
        if !end.is_over() {
            return Err(MatchError::Unfinished(actions.len()));
        }
        let dealer = self.next_dealer();
        let mut scores = end.member_scores(&self.rules, dealer);
        let mut progress = self.progress.clone();
        let status =
            G::after_deal(&self.rules, &mut progress, &mut scores, &self.totals, self.deals.len() + 1, &end, dealer);
        for (t, s) in self.totals.iter_mut().zip(scores) {
            *t += s;
        }
        if !G::deals_again(&progress) {
            self.next_dealer = dealer.offset(1, self.members());
        }
        self.progress = progress;
        self.status = status;
        self.deals.push(PlayedDeal { dealer, start, actions, end, scores });
        Ok(self.deals.last().expect("just pushed"))
    }
}

/// The totals after adding a deal's scores.
pub fn totals_after(totals: &[i64; Member::MAX], scores: &[i64; Member::MAX]) -> [i64; Member::MAX] {
    std::array::from_fn(|i| totals[i] + scores[i])
}

/// The [`MatchGame::check_start`] answer for a deal that must be fresh and
/// under the match's rules.
///
/// # Errors
/// Which of the two fails.
pub fn fresh_under(same_rules: bool, fresh: bool) -> Result<(), StartError> {
    match (same_rules, fresh) {
        (false, _) => Err(StartError::OtherRules),
        (_, false) => Err(StartError::UnderWay),
        _ => Ok(()),
    }
}

/// The member with the strictly highest total among the first `members`,
/// if there is one.
pub fn strict_leader(totals: &[i64; Member::MAX], members: usize) -> Option<Member> {
    let best = *totals[..members].iter().max()?;
    let mut leaders = Member::all(members).filter(|m| totals[m.index()] == best);
    let first = leaders.next()?;
    leaders.next().is_none().then_some(first)
}
