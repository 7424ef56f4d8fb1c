//! The options of a Spitzer table (`spitzer.md` §8).
//!
//! Every DECISION of the rules document has a switch here; the default is
//! the document's default.

use thiserror::Error;

/// Which scoring row applies when the caller of `CallFirstTrick` wins the
/// first trick himself and so plays alone (§4.4, DECISION).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FirstTrickSelfRow {
    /// He plays alone on the partnership (Normal) tariff.
    #[default]
    Normal,
    /// He plays alone on the Sneaker tariff.
    Sneaker,
}

/// When the holder of both black queens makes an ace or first-trick call (§8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CallTiming {
    /// In the announcement phase before the first lead (§4.2).
    #[default]
    AnnouncementPhase,
    /// The seed's reading: the caller names the suit when he first leads and
    /// must lead it. **Not supported**: the sources do not say how it
    /// combines with the void call, the first-trick call, or a caller who
    /// never leads; [`SpitzerRules::validate`] refuses it.
    AtFirstLead,
}

/// The options in force at a Spitzer table. `SpitzerRules::default()` is
/// the rules document's default (§8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpitzerRules {
    /// A player void in a led fail suit must play a trump if he has one
    /// (§5.3, DECISION). No duty to beat a trump already in the trick.
    pub must_trump: bool,
    /// Any player may announce a Zola (§4.3, DECISION); `false`: only the
    /// holder of both black queens.
    pub zola_anyone: bool,
    /// HOUSE: the partnership `Schneider` announcement exists (§4.3, §6.3).
    pub allow_partnership_schneider: bool,
    /// The row of a `CallFirstTrick` caller who wins trick 1 himself (§4.4).
    pub first_trick_self_row: FirstTrickSelfRow,
    /// HOUSE: after `CallAce(X)` the caller may not throw away his last fail
    /// card of X on a trick of another suit before X has been led (unless it
    /// is his only playable card) (§5.4).
    pub caller_must_keep_hold_card: bool,
    /// When calls are made (§8); only the announcement phase is supported.
    pub call_timing: CallTiming,
    /// The game score that ends a game (§7.3).
    pub target: i64,
}

impl Default for SpitzerRules {
    fn default() -> Self {
        SpitzerRules::STANDARD
    }
}

/// A rules combination the engine does not implement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum RulesError {
    /// `call_timing = at_first_lead` is not implemented (see [`CallTiming::AtFirstLead`]).
    #[error(
        "call timing `at_first_lead` is not supported: the sources leave its interaction with the void and first-trick calls open; use `announcement_phase`"
    )]
    CallAtFirstLeadUnsupported,
}

impl SpitzerRules {
    /// The defaults of `spitzer.md` §8.
    pub const STANDARD: SpitzerRules = SpitzerRules {
        must_trump: true,
        zola_anyone: true,
        allow_partnership_schneider: false,
        first_trick_self_row: FirstTrickSelfRow::Normal,
        caller_must_keep_hold_card: false,
        call_timing: CallTiming::AnnouncementPhase,
        target: 42,
    };

    /// Whether the engine can play under these rules.
    ///
    /// # Errors
    /// [`RulesError::CallAtFirstLeadUnsupported`] for `call_timing = AtFirstLead`.
    pub const fn validate(&self) -> Result<(), RulesError> {
        match self.call_timing {
            CallTiming::AnnouncementPhase => Ok(()),
            CallTiming::AtFirstLead => Err(RulesError::CallAtFirstLeadUnsupported),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_documents() {
        let r = SpitzerRules::default();
        assert!(r.must_trump && r.zola_anyone && !r.allow_partnership_schneider && !r.caller_must_keep_hold_card);
        assert_eq!(r.first_trick_self_row, FirstTrickSelfRow::Normal);
        assert_eq!(r.call_timing, CallTiming::AnnouncementPhase);
        assert_eq!(r.target, 42);
        assert_eq!(r.validate(), Ok(()));
        let seed = SpitzerRules { call_timing: CallTiming::AtFirstLead, ..r };
        assert_eq!(seed.validate(), Err(RulesError::CallAtFirstLeadUnsupported));
    }
}
