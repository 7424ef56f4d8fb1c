//! The table's event log: every change of a table is one numbered event,
//! and replaying the events rebuilds the table ([`Table::restore`](crate::Table::restore)).

use trumpf_core::{Member, Seat};

use crate::bots::BotTrouble;
use crate::controller::Controller;
use crate::game::TableGame;
use crate::table::TableSetup;

/// One change of a table.
///
/// With the `serde` feature an event serialises as an internally tagged
/// map (`{"type": "acted", "member": 0, "seat": 1, "action": ...}`); a
/// given first deal is written as its [`RecordGame::write_deal`] text
/// and read back against the setup's rules. A bot's action that the deal
/// refused ([`BotTrouble::Refused`]) keeps its action and the refusal's
/// text; since the game's error types do not deserialise, it reads back
/// as [`BotTrouble::Illegal`] of that action (the table's play is the
/// same: the event's action is the stand-in that was applied).
///
/// [`RecordGame::write_deal`]: trumpf_core::series::record::RecordGame::write_deal
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event<G: TableGame> {
    /// The table opened: rules, seed, first dealer and controllers, and the
    /// first deal when it was given rather than dealt from the seed.
    Opened {
        /// The setup.
        setup: TableSetup<G::Rules>,
        /// The first deal, when given.
        first_deal: Option<G>,
    },
    /// A member acted.
    Acted {
        /// Who.
        member: Member,
        /// From which seat of the deal.
        seat: Seat,
        /// What.
        action: G::Action,
        /// Set when a bot failed and the table took this action for it.
        trouble: Option<BotTrouble<G>>,
    },
    /// The next deal was dealt.
    Dealt {
        /// Its number (1-based).
        number: u32,
        /// Its dealer.
        dealer: Member,
    },
    /// A member's controller changed (a person replaced by a bot, an empty
    /// seat taken).
    Seated {
        /// Whose.
        member: Member,
        /// The new one.
        controller: Controller,
    },
}

/// An event with its number: the first event is 1, and a table's version
/// is the number of its last event, so a client that has seen event `n`
/// asks for [`Table::events_after`](crate::Table::events_after)`(n)`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(serialize = "Event<G>: serde::Serialize", deserialize = "Event<G>: serde::Deserialize<'de>"))
)]
pub struct Numbered<G: TableGame> {
    /// 1, 2, 3, ...
    pub number: u64,
    /// The change.
    pub event: Event<G>,
}

#[cfg(feature = "serde")]
mod form {
    //! The serialised form of [`Event`]: a mirror that holds only what
    //! serialises (the first deal as text, a refusal's reason as text).

    use serde::{Deserialize, Deserializer, Serialize, Serializer, de};
    use trumpf_core::series::Match;
    use trumpf_core::series::record::RecordGame;
    use trumpf_core::{Member, Seat};

    use super::Event;
    use crate::bots::BotTrouble;
    use crate::controller::Controller;
    use crate::game::TableGame;
    use crate::table::TableSetup;

    #[derive(Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "lowercase")]
    enum Form<R, A> {
        Opened { setup: TableSetup<R>, first_deal: Option<String> },
        Acted { member: Member, seat: Seat, action: A, trouble: Option<Trouble<A>> },
        Dealt { number: u32, dealer: Member },
        Seated { member: Member, controller: Controller },
    }

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Trouble<A> {
        Missing,
        Panicked(String),
        Failed(String),
        Illegal(A),
        Refused { action: A, error: String },
    }

    impl<G: TableGame> Serialize for Event<G>
    where
        G::Action: Serialize,
        G::Rules: Serialize,
    {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let form: Form<G::Rules, G::Action> = match self {
                Event::Opened { setup, first_deal } => {
                    Form::Opened { setup: setup.clone(), first_deal: first_deal.as_ref().map(RecordGame::write_deal) }
                }
                Event::Acted { member, seat, action, trouble } => Form::Acted {
                    member: *member,
                    seat: *seat,
                    action: *action,
                    trouble: trouble.as_ref().map(|t| match t {
                        BotTrouble::Missing => Trouble::Missing,
                        BotTrouble::Panicked(message) => Trouble::Panicked(message.clone()),
                        BotTrouble::Failed(what) => Trouble::Failed(what.clone()),
                        BotTrouble::Illegal(action) => Trouble::Illegal(*action),
                        BotTrouble::Refused { action, error } => {
                            Trouble::Refused { action: *action, error: error.to_string() }
                        }
                    }),
                },
                Event::Dealt { number, dealer } => Form::Dealt { number: *number, dealer: *dealer },
                Event::Seated { member, controller } => {
                    Form::Seated { member: *member, controller: controller.clone() }
                }
            };
            form.serialize(s)
        }
    }

    impl<'de, G: TableGame> Deserialize<'de> for Event<G>
    where
        G::Action: Deserialize<'de>,
        G::Rules: Deserialize<'de>,
    {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Event<G>, D::Error> {
            Ok(match Form::<G::Rules, G::Action>::deserialize(d)? {
                Form::Opened { setup, first_deal } => {
                    let first_deal = match first_deal {
                        None => None,
                        Some(text) => {
                            let start =
                                Match::<G>::new(setup.rules.clone(), setup.first_dealer).map_err(de::Error::custom)?;
                            let deal =
                                G::read_deal(&text, start.rules(), start.progress()).map_err(de::Error::custom)?;
                            Some(deal)
                        }
                    };
                    Event::Opened { setup, first_deal }
                }
                Form::Acted { member, seat, action, trouble } => Event::Acted {
                    member,
                    seat,
                    action,
                    trouble: trouble.map(|t| match t {
                        Trouble::Missing => BotTrouble::Missing,
                        Trouble::Panicked(message) => BotTrouble::Panicked(message),
                        Trouble::Failed(what) => BotTrouble::Failed(what),
                        Trouble::Illegal(action) | Trouble::Refused { action, .. } => BotTrouble::Illegal(action),
                    }),
                },
                Form::Dealt { number, dealer } => Event::Dealt { number, dealer },
                Form::Seated { member, controller } => Event::Seated { member, controller },
            })
        }
    }
}
