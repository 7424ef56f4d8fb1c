//! Bots at a table: asked by ticket with their own seat's view, their
//! answers applied while current, and a bot that fails replaced by its
//! first legal action with the table saying so. Deals follow the seed and
//! the deal passes left.

mod common;

use std::panic;

use common::{Rng, controllers, member, table};
use trumpf_ai::{Bot, RandomBot};
use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::{SkatAction, SkatDeal, SkatGame, SkatRules, SkatView};
use trumpf_core::spidge::{DEALER, Hand, SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerAction, SpitzerDeal, SpitzerGame, SpitzerRules};
use trumpf_core::{Game, GameView, Seat};
use trumpf_table::{AnswerError, BotAnswer, BotKind, BotTrouble, Bots, Controller, Event, Table, TableGame};

/// A bot for any game that takes its first legal action (in Spitzer:
/// passes, then plays its first legal card).
struct FirstLegal;
impl<G: Game> Bot<G> for FirstLegal {
    fn name(&self) -> &str {
        "first legal"
    }
    fn choose(&mut self, view: &G::View) -> G::Action {
        first_legal(view)
    }
}

fn first_legal<V: GameView>(view: &V) -> V::Action {
    let mut legal = Vec::new();
    view.legal_actions(&mut legal);
    legal.swap_remove(0)
}

/// Plays the deal in progress to its end: the bots answer, person member 0
/// takes its first legal action.
fn play_out<G: TableGame>(table: &mut Table<G>, bots: &mut Bots<G>) {
    while let Some(member) = table.member_to_act() {
        match table.bot_request() {
            Some(request) => {
                table.answer(bots.answer(request)).unwrap();
            }
            None => {
                let action = first_legal(&table.view_of(member));
                table.act(member, action).unwrap();
            }
        }
    }
}

fn quiet<G: Game>(members: usize) -> Bots<G> {
    (1..members).fold(Bots::new(), |bots, i| bots.with(member(i), Box::new(FirstLegal)))
}

#[test]
fn spitzer_deals_follow_the_seed_and_the_deal_passes_left() {
    let mut table = table::<SpitzerGame>(SpitzerRules::default(), 5, controllers(4, &[0]));
    // Bots that pass and play their first card: Normal games, 3 to 9
    // points a deal, so the match lasts more than four deals.
    let mut bots = quiet(4);
    let mut seats = Vec::new();
    for number in 1..=5u32 {
        assert_eq!(table.number(), number);
        let seat = table.seat_of(member(0)).unwrap();
        seats.push(seat.index());
        assert_eq!(table.view_of(member(0)).hand, SpitzerDeal::from_seed(5 + u64::from(number) - 1).hand(seat));
        assert!(table.finished().is_none());
        assert!(table.next_deal().is_err(), "the deal is not over yet");
        play_out(&mut table, &mut bots);
        assert_eq!(table.finished().map(|d| d.dealer), Some(table.dealer()));
        assert!(table.record_error().is_none());
        if table.next_deal().is_err() {
            break;
        }
    }
    assert_eq!(&seats[..4], [0, 3, 2, 1], "eldest first, then dealer, E3, E2");
}

#[test]
fn skat_deals_follow_the_seed_and_the_deal_passes_left() {
    let mut table = common::skat(SkatMatchRules::default(), 7);
    assert_eq!(table.view_of(member(0)).hand, SkatDeal::from_seed(7).hand(Seat::FOREHAND));
    let mut bots =
        Bots::new().with(member(1), Box::new(RandomBot::new(1))).with(member(2), Box::new(RandomBot::new(2)));
    let mut seats = Vec::new();
    for number in 1..=4u32 {
        assert_eq!(table.number(), number);
        seats.push(table.seat_of(member(0)).unwrap());
        let middlehand = table.member_at(Seat::MIDDLEHAND);
        let deal = SkatDeal::from_seed(7 + u64::from(number) - 1);
        assert_eq!(table.view_of(middlehand).hand, deal.hand(Seat::MIDDLEHAND));
        play_out(&mut table, &mut bots);
        table.next_deal().unwrap();
    }
    assert_eq!(seats, [Seat::FOREHAND, Seat::REARHAND, Seat::MIDDLEHAND, Seat::FOREHAND]);
    let deals = table.record().deals();
    let dealers: Vec<usize> = deals.iter().map(|d| d.dealer.index()).collect();
    assert_eq!(dealers, [2, 0, 1, 2]);
    let sum: i64 = deals.iter().map(|d| d.scores.iter().sum::<i64>()).sum();
    assert_eq!(table.record().totals().iter().sum::<i64>(), sum);
}

#[test]
fn pub_deals_are_set_up_by_the_match() {
    // Under the pub rules a deal all three pass becomes a Ramsch, and
    // every deal is dealt from the seed as under the ISkO.
    struct Passer;
    impl Bot<SkatGame> for Passer {
        fn name(&self) -> &str {
            "passer"
        }
        fn choose(&mut self, view: &SkatView) -> SkatAction {
            let legal = {
                let mut l = Vec::new();
                view.legal_actions(&mut l);
                l
            };
            if legal.contains(&SkatAction::Pass) { SkatAction::Pass } else { legal[0] }
        }
    }
    let rules = SkatMatchRules { table: SkatRules::PUB, deals: Some(2) };
    let mut table = table::<SkatGame>(rules, 11, controllers(3, &[]));
    assert_eq!(table.view_of(member(2)).hand, SkatDeal::from_seed(11).hand(Seat::REARHAND));
    let mut bots = Bots::new()
        .with(member(0), Box::new(Passer))
        .with(member(1), Box::new(Passer))
        .with(member(2), Box::new(Passer));
    play_out(&mut table, &mut bots);
    assert!(table.spectator_view().ramsch, "all passed: a Ramsch was played");
    table.next_deal().unwrap();
    let mut random = Bots::for_table(&table);
    play_out(&mut table, &mut random);
    assert!(table.next_deal().is_err(), "a list of two deals ends after the second");
}

struct Panicky;
impl Bot<SkatGame> for Panicky {
    fn name(&self) -> &str {
        "panicky"
    }
    fn choose(&mut self, _view: &SkatView) -> SkatAction {
        panic!("no idea")
    }
}

struct Illegal;
impl Bot<SkatGame> for Illegal {
    fn name(&self) -> &str {
        "illegal"
    }
    fn choose(&mut self, _view: &SkatView) -> SkatAction {
        SkatAction::Bid(19)
    }
}

#[test]
fn a_failing_bot_is_replaced_by_its_first_legal_action_and_the_table_says_so() {
    let mut table = common::skat(SkatMatchRules::default(), 3);
    let request = table.bot_request().expect("middlehand, a bot, bids first");
    assert_eq!(request.view, table.view_of(request.member), "the bot's own view");
    let answer = Bots::new().with(member(1), Box::new(Illegal)).answer(request.clone());
    assert_eq!(answer.action, SkatAction::Bid(18));
    assert_eq!(answer.trouble, Some(BotTrouble::Illegal(SkatAction::Bid(19))));
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let panicked = Bots::new().with(member(1), Box::new(Panicky)).answer(request.clone());
    panic::set_hook(hook);
    assert_eq!(panicked.action, SkatAction::Bid(18));
    let trouble = panicked.trouble.clone().unwrap();
    assert_eq!(trouble.sentence("Bot 1"), "Bot 1 failed: no idea; it took its first legal action instead.");
    let missing = Bots::new().answer(request);
    assert_eq!(
        missing.trouble.as_ref().unwrap().sentence("Bot 1"),
        "Bot 1 has no bot; it took its first legal action instead."
    );
    // The table takes the stand-in action and its log says why.
    let acted = table.answer(panicked).unwrap();
    assert_eq!(acted.trouble, Some(trouble.clone()));
    let Event::Acted { trouble: logged, .. } = &table.events().last().unwrap().event else { panic!() };
    assert_eq!(logged.as_ref(), Some(&trouble));
}

#[test]
fn a_refused_answer_is_replaced_by_the_first_legal_action() {
    let mut table = table::<SpitzerGame>(SpitzerRules::default(), 5, controllers(4, &[0]));
    // The person (E1) announces first; then the bots.
    table.act(member(0), first_legal(&table.view_of(member(0)))).unwrap();
    let request = table.bot_request().expect("E2 is a bot");
    let action = first_legal(&request.view);
    let trouble = Some(BotTrouble::Panicked("boom".into()));
    let answer = BotAnswer { ticket: request.ticket, member: request.member, seat: request.seat, action, trouble };
    let acted = table.answer(answer).unwrap();
    assert_eq!(acted.action, action);
    assert_eq!(acted.trouble.unwrap().sentence("Bot 1"), "Bot 1 failed: boom; it took its first legal action instead.");
    // A card during the announcements: the deal refuses it and takes the
    // seat's first legal action instead.
    let request = table.bot_request().expect("E3 is a bot");
    let card = request.view.hand.first().unwrap();
    let answer = BotAnswer {
        ticket: request.ticket,
        member: request.member,
        seat: request.seat,
        action: SpitzerAction::Play(card),
        trouble: None,
    };
    let ticket = table.ticket();
    let acted = table.answer(answer).unwrap();
    assert_eq!(acted.action, first_legal(&request.view));
    let said = acted.trouble.unwrap().sentence("Bot 2");
    assert!(said.starts_with(&format!("Bot 2's {} was refused: ", SpitzerAction::Play(card))), "{said}");
    assert_ne!(table.ticket(), ticket);
    assert_eq!(table.view_of(request.member).said(request.seat), Some(acted.action));
}

#[test]
fn stale_answers_and_answers_of_a_replaced_bot_are_refused_and_change_nothing() {
    let mut table = table::<SkatGame>(SkatMatchRules::default(), 3, controllers(3, &[]));
    let mut bots = Bots::for_table(&table);
    let request = table.bot_request().unwrap();
    let answer = bots.answer(request.clone());
    table.answer(answer.clone()).unwrap();
    // The same answer again is for a decision already taken.
    let before = table.clone();
    let error = table.answer(answer).unwrap_err();
    assert!(matches!(error, AnswerError::Stale { .. }), "{error}");
    assert_eq!(table, before);
    // The next bot is asked; before it answers, a person takes the seat.
    let request = table.bot_request().unwrap();
    let answer = bots.answer(request.clone());
    table.set_controller(request.member, Controller::person("Cid")).unwrap();
    let before = table.clone();
    assert_eq!(table.answer(answer), Err(AnswerError::NotTheBot(request.member)));
    assert_eq!(table, before);
    assert!(table.bot_request().is_none(), "a person is to act");
}

#[test]
fn the_spidge_dealer_is_asked_for_the_dummy_too() {
    let mut table = table::<SpidgeGame>(SpidgeRules::default(), 9, controllers(3, &[0]));
    assert_eq!(table.view_of(member(0)).own_hand, SpidgeDeal::from_seed(9).hands()[Hand::Left]);
    let mut bots = Bots::for_table(&table);
    let mut asked_for_dummy = false;
    while let Some(request) = table.bot_request().or_else(|| {
        let member = table.member_to_act()?;
        table.act(member, first_legal(&table.view_of(member))).unwrap();
        table.bot_request()
    }) {
        asked_for_dummy |= request.view.playing_hand() == Some(Hand::Dummy);
        table.answer(bots.answer(request)).unwrap();
    }
    play_out(&mut table, &mut bots);
    assert!(asked_for_dummy);
    assert!(table.finished().is_some());
    table.next_deal().unwrap();
    assert_eq!(table.dealer().index(), 0);
    assert_eq!(table.seat_of(member(0)), Some(DEALER));
}

#[test]
fn bots_follow_controller_changes_and_every_kind_exists_for_every_game() {
    use trumpf_ai::Level;
    let kinds = [BotKind::Random, BotKind::Heuristic].into_iter().chain(Level::ALL.map(BotKind::Level));
    for kind in kinds {
        assert!(SkatGame::bot(kind, 1).is_some() && SpitzerGame::bot(kind, 1).is_some());
        assert!(SpidgeGame::bot(kind, 1).is_some());
        assert_eq!(kind.to_string().parse::<BotKind>(), Ok(kind));
    }
    assert!("genius".parse::<BotKind>().is_err());
    let mut table = common::skat(SkatMatchRules::default(), 4);
    let mut bots = Bots::for_table(&table);
    let mut rng = Rng(4);
    table.set_controller(member(0), Controller::bot(BotKind::Heuristic, "Stand-in")).unwrap();
    bots.follow(table.seed(), member(0), table.controller(member(0)).unwrap());
    common::play(&mut table, &mut bots, &mut rng, 1, |_, _, _| {});
    let person_acted = table.events().iter().any(|e| matches!(e.event, Event::Acted { trouble: Some(_), .. }));
    assert!(!person_acted, "every member was a bot that answered");
}

#[test]
fn search_bots_play_a_whole_deal_at_a_table() {
    // Three easy PIMC bots (sampled worlds, double-dummy solves) play a
    // Skat deal and a Spitzer deal to the end: every answer is legal, no
    // bot needs standing in for.
    use trumpf_ai::Level;
    let easy = |i: usize| Controller::bot(BotKind::Level(Level::Easy), format!("E{i}"));
    let mut skat: Table<SkatGame> = common::table(SkatMatchRules::default(), 8, (0..3).map(easy).collect());
    let mut bots = Bots::for_table(&skat);
    let mut rng = Rng(8);
    common::play(&mut skat, &mut bots, &mut rng, 1, |_, _, _| {});
    assert!(skat.finished().is_some());
    let mut spitzer: Table<SpitzerGame> =
        common::table(trumpf_core::spitzer::SpitzerRules::default(), 8, (0..4).map(easy).collect());
    let mut bots = Bots::for_table(&spitzer);
    common::play(&mut spitzer, &mut bots, &mut rng, 1, |_, _, _| {});
    assert!(spitzer.finished().is_some());
    for events in [skat.events().len(), spitzer.events().len()] {
        assert!(events > 10);
    }
    let stood_in = skat.events().iter().any(|e| matches!(e.event, Event::Acted { trouble: Some(_), .. }))
        || spitzer.events().iter().any(|e| matches!(e.event, Event::Acted { trouble: Some(_), .. }));
    assert!(!stood_in, "every search bot answered legally");
}
