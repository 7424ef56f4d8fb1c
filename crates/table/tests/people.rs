//! People at a table: any number of them, each acting for himself in turn
//! through the checked `act`, which refuses everything else and then
//! changes nothing.

mod common;

use common::{Rng, controllers, member, random_action, table};
use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::{SkatAction, SkatError, SkatGame, SkatRules};
use trumpf_core::spitzer::{SpitzerGame, SpitzerRules};
use trumpf_core::{GameView, Member, Seat};
use trumpf_table::{ActError, BotKind, Bots, Controller, Event, Table};

/// Every member that is not to act is refused, with the reason, and the
/// table is unchanged; then the one to act acts.
fn everyone_tries<G: trumpf_table::TableGame>(table: &mut Table<G>, rng: &mut Rng) {
    let to_act = table.member_to_act().unwrap();
    let action = random_action(table, to_act, rng);
    for other in Member::all(table.members()).filter(|&m| m != to_act) {
        let before = table.clone();
        let error = table.act(other, action).unwrap_err();
        let person = table.controller(other).is_some_and(|c| c.is_person());
        match table.seat_of(other) {
            _ if !person => assert_eq!(error, ActError::NotAPerson(other)),
            None => assert_eq!(error, ActError::SittingOut(other)),
            Some(_) => assert_eq!(error, ActError::NotYourTurn { member: other, to_act }),
        }
        assert_eq!(*table, before, "{error} changed the table");
    }
    let acted = table.act(to_act, action).unwrap();
    assert_eq!((acted.member, acted.action, acted.trouble), (to_act, action, None));
    assert_eq!(Some(acted.seat), table.seat_of(to_act));
}

#[test]
fn three_people_play_skat_deals_each_in_turn() {
    let mut table = table::<SkatGame>(SkatMatchRules::default(), 8, controllers(3, &[0, 1, 2]));
    assert!(table.bot_request().is_none(), "no bot to ask");
    let mut rng = Rng(8);
    let mut actions = 0;
    while table.record().deals().len() < 3 {
        if table.deal_over() {
            table.next_deal().unwrap();
            continue;
        }
        everyone_tries(&mut table, &mut rng);
        actions += 1;
    }
    assert_eq!(table.events().len(), 1 + actions + 2, "the opening, every action, two new deals");
    let acted_by: Vec<Member> = table
        .events()
        .iter()
        .filter_map(|e| match e.event {
            Event::Acted { member, .. } => Some(member),
            _ => None,
        })
        .collect();
    assert!(Member::all(3).all(|m| acted_by.contains(&m)), "each of the three acted");
}

#[test]
fn at_a_four_member_table_the_dealer_sitting_out_is_refused() {
    let rules = SkatMatchRules { table: SkatRules { table_size: 4, ..SkatRules::ISKO }, deals: None };
    let mut table = table::<SkatGame>(rules, 2, controllers(4, &[0, 1, 2, 3]));
    let dealer = table.dealer();
    assert_eq!(table.seat_of(dealer), None);
    assert!(table.view_of(dealer).spectator, "he watches through the spectator's view");
    let mut rng = Rng(3);
    for _ in 0..6 {
        everyone_tries(&mut table, &mut rng);
    }
}

#[test]
fn two_people_and_two_bots_play_spitzer() {
    let mut table = table::<SpitzerGame>(SpitzerRules::default(), 4, controllers(4, &[1, 3]));
    let mut bots = Bots::for_table(&table);
    let mut rng = Rng(4);
    while table.record().deals().len() < 2 {
        if table.deal_over() {
            table.next_deal().unwrap();
        } else if let Some(request) = table.bot_request() {
            assert!(!table.controller(request.member).unwrap().is_person());
            // A person cannot act for the bot.
            let before = table.clone();
            let action = random_action(&table, request.member, &mut rng);
            assert_eq!(table.act(request.member, action), Err(ActError::NotAPerson(request.member)));
            assert_eq!(table, before);
            table.answer(bots.answer(request)).unwrap();
        } else {
            everyone_tries(&mut table, &mut rng);
        }
    }
}

#[test]
fn refused_actions_change_nothing() {
    let mut table = common::skat(SkatMatchRules::default(), 3);
    let mut bots = Bots::for_table(&table);
    let you = member(0);
    // Middlehand, a bot, bids first.
    let before = table.clone();
    assert_eq!(table.act(you, SkatAction::Pass), Err(ActError::NotYourTurn { member: you, to_act: member(1) }));
    assert_eq!(table.act(member(3), SkatAction::Pass), Err(ActError::NoSuchMember(member(3))));
    assert_eq!(table, before);
    while table.member_to_act() != Some(you) {
        table.answer(bots.answer(table.bot_request().unwrap())).unwrap();
    }
    let before = table.clone();
    let error = table.act(you, SkatAction::Play("CJ".parse().unwrap())).unwrap_err();
    assert!(matches!(error, ActError::Refused(SkatError::WrongPhase { .. })), "{error:?}");
    assert_eq!(table, before, "the refusal changed nothing, not even the log");
    // The deal over: nobody acts, until the next deal.
    let mut rng = Rng(5);
    while !table.deal_over() {
        common::step(&mut table, &mut bots, &mut rng);
    }
    let before = table.clone();
    assert_eq!(table.act(you, SkatAction::Pass), Err(ActError::DealOver));
    assert_eq!(table, before);
    table.next_deal().unwrap();
    assert_eq!(table.number(), 2);
}

#[test]
fn an_empty_seat_waits_and_is_taken_by_a_person() {
    let mut players = controllers(3, &[0]);
    players[1] = Controller::Empty;
    let mut table = table::<SkatGame>(SkatMatchRules::default(), 3, players);
    // Middlehand (member 1) is to bid: nobody is asked, nobody may act.
    assert_eq!(table.member_to_act(), Some(member(1)));
    assert!(table.bot_request().is_none());
    assert_eq!(table.act(member(1), SkatAction::Pass), Err(ActError::NotAPerson(member(1))));
    assert_eq!(table.name(member(1)), "empty seat");
    table.set_controller(member(1), Controller::person("Bea")).unwrap();
    table.act(member(1), SkatAction::Pass).unwrap();
    assert_eq!(table.talk(), [(Seat::MIDDLEHAND, trumpf_table::skat::Said::Pass)]);
    // And handed to a bot, the seat is asked for.
    table.set_controller(member(0), Controller::bot(BotKind::Heuristic, "Stand-in")).unwrap();
    let _ = table.bot_request();
    assert!(matches!(table.events().last().unwrap().event, Event::Seated { .. }));
    assert!(table.view_of(member(0)).hand().len() == 10);
}
