//! A table rebuilt from its event log is identical to the table that wrote
//! it, at every point of random whole matches of the three games: in the
//! middle of a deal, between deals, after a controller change, at the end.

mod common;

use common::{Rng, controllers, member, play, table};
use trumpf_core::series::{MatchStatus, SkatMatchRules, StartError};
use trumpf_core::skat::{MatchFormat, Scoring, SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerGame, SpitzerRules};
use trumpf_table::{
    BotKind, Bots, Controller, Event, Numbered, RestoreErrorKind, SetupError, Table, TableGame, TableSetup,
};

/// Plays a whole match (at most `deals` deals) from `table`, snapshotting
/// the table at random moments and handing member 0 to a bot and back in
/// deal 2; then checks that every snapshot, and the end, is rebuilt from
/// the log's prefix up to its version.
fn check_whole_match<G: TableGame>(mut table: Table<G>, seed: u64, deals: usize) -> Table<G> {
    let mut bots = Bots::for_table(&table);
    let mut rng = Rng(seed);
    let mut snapshots = vec![table.clone()];
    let person = table.controller(member(0)).unwrap().clone();
    play(&mut table, &mut bots, &mut rng, deals, |table, bots, rng| {
        if rng.below(7) == 0 {
            snapshots.push(table.clone());
        }
        let (number, ply) = (table.ticket().deal, table.ticket().ply);
        let change = match (number, ply) {
            (2, 3) => Some(Controller::bot(BotKind::Random, "stand-in")),
            (2, 9) => Some(person.clone()),
            _ => None,
        };
        if let Some(controller) = change
            && table.controller(member(0)) != Some(&controller)
        {
            table.set_controller(member(0), controller.clone()).unwrap();
            bots.follow(table.seed(), member(0), &controller);
            snapshots.push(table.clone());
        }
    });
    snapshots.push(table.clone());
    let log = table.events();
    assert!(log.iter().any(|e| matches!(e.event, Event::Seated { .. })), "member 0 changed hands");
    assert!(log.iter().any(|e| matches!(e.event, Event::Dealt { number: 2, .. })));
    for snapshot in &snapshots {
        let version = snapshot.version() as usize;
        let rebuilt = Table::restore(&log[..version]).unwrap();
        assert_eq!(&rebuilt, snapshot, "rebuilt at version {version}");
        assert_eq!(table.events_after(snapshot.version()), &log[version..]);
    }
    assert!(snapshots.iter().any(|s| !s.deal_over() && s.ticket().ply > 0), "a snapshot mid-deal");
    table
}

#[test]
fn skat_tables_are_rebuilt_from_their_logs() {
    let presets = [
        SkatMatchRules { deals: Some(6), ..common::isko() },
        SkatMatchRules { deals: Some(8), ..common::pub_rules() },
        SkatMatchRules { table: SkatRules::PIRAT, deals: None },
        SkatMatchRules {
            table: SkatRules { table_size: 4, scoring: Scoring::SeegerFabian, ..SkatRules::PUB },
            deals: Some(8),
        },
    ];
    for (i, rules) in presets.into_iter().enumerate() {
        let members = usize::from(rules.table.table_size);
        let seed = 40 + i as u64;
        let mut players = controllers(members, &[0, 2]);
        if matches!(rules.table.format, MatchFormat::Pirat { .. }) {
            // Random play rarely reaches 100; the Pirat match needs bots that win games.
            players = vec![
                Controller::person("P0"),
                Controller::bot(BotKind::Heuristic, "B1"),
                Controller::bot(BotKind::Heuristic, "B2"),
            ];
        }
        let end = check_whole_match(table::<SkatGame>(rules, seed, players), seed, 400);
        assert_ne!(end.status(), MatchStatus::Running, "{rules:?}: the whole match was played");
    }
}

#[test]
fn spitzer_and_spidge_tables_are_rebuilt_from_their_logs() {
    for seed in 0..3 {
        let end =
            check_whole_match(table::<SpitzerGame>(SpitzerRules::default(), seed, controllers(4, &[0, 1])), seed, 500);
        assert_ne!(end.status(), MatchStatus::Running);
        let end = check_whole_match(table::<SpidgeGame>(SpidgeRules::default(), seed, controllers(3, &[0])), seed, 500);
        assert_ne!(end.status(), MatchStatus::Running);
    }
}

#[test]
fn a_given_first_deal_is_part_of_the_log() {
    let deal = trumpf_core::skat::SkatDeal::from_seed(99);
    let setup =
        TableSetup { rules: common::isko(), seed: 5, first_dealer: member(2), controllers: controllers(3, &[0]) };
    let start = SkatGame::new(deal, SkatRules::ISKO);
    let mut table = Table::with_first_deal(setup, start).unwrap();
    assert_eq!(table.view_of(member(0)).hand, deal.hand(trumpf_core::Seat::FOREHAND));
    assert_eq!(table.view_of(member(0)).to_act, Some(trumpf_core::Seat::MIDDLEHAND));
    let mut bots = Bots::for_table(&table);
    let mut rng = Rng(1);
    play(&mut table, &mut bots, &mut rng, 2, |_, _, _| {});
    assert_eq!(Table::restore(table.events()).unwrap(), table);
    // A deal under other rules does not open the table.
    let setup = table.setup().clone();
    let error = Table::with_first_deal(setup, SkatGame::new(deal, SkatRules::PUB)).unwrap_err();
    assert_eq!(error, SetupError::FirstDeal(StartError::OtherRules));
}

#[test]
fn a_log_that_does_not_fit_is_refused_with_the_event_number() {
    let mut table = common::skat(common::isko(), 3);
    let mut bots = Bots::for_table(&table);
    let mut rng = Rng(2);
    for _ in 0..10 {
        common::step(&mut table, &mut bots, &mut rng);
    }
    let log = table.events().to_vec();
    assert_eq!(Table::<SkatGame>::restore(&[]).unwrap_err().kind, RestoreErrorKind::NotOpened);
    assert_eq!(Table::restore(&log[1..]).unwrap_err().kind, RestoreErrorKind::Numbering(2));
    let mut gap = log.clone();
    gap.remove(4);
    let error = Table::restore(&gap).unwrap_err();
    assert_eq!((error.number, error.kind), (5, RestoreErrorKind::Numbering(6)));
    // An action moved to another seat is refused.
    let mut moved = log.clone();
    let Event::Acted { seat, .. } = &mut moved[3].event else { panic!("{:?}", moved[3]) };
    *seat = seat.next(3);
    let error = Table::restore(&moved).unwrap_err();
    assert_eq!(error.number, 4);
    assert!(matches!(error.kind, RestoreErrorKind::Action { .. }), "{error}");
    // A second opening.
    let mut twice = log.clone();
    twice.push(Numbered { number: log.len() as u64 + 1, event: log[0].event.clone() });
    assert_eq!(Table::restore(&twice).unwrap_err().kind, RestoreErrorKind::OpenedTwice);
    // The step to the next deal before the deal is over.
    let mut early = log;
    early.push(Numbered { number: early.len() as u64 + 1, event: Event::Dealt { number: 2, dealer: member(0) } });
    assert!(matches!(Table::restore(&early).unwrap_err().kind, RestoreErrorKind::NextDeal(_)));
}
