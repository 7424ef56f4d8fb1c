//! An outside program at a table (`Controller::Program`,
//! `docs/bot-protocol.md`): asked like a bot, and when it dies the table
//! goes on with its first legal action and says so in the event.

mod common;

use common::{controllers, member, table};
use trumpf_ai::external::Command;
use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::SkatGame;
use trumpf_table::{BotTrouble, Bots, Controller, Event, TableGame};

fn script(mode: &str) -> Command {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../cli/tests/data/scripted_bot.py");
    Command { line: format!("python3 {path} {mode}"), timeout_ms: 2_000 }
}

#[test]
fn a_program_that_crashes_is_stood_in_for_and_the_table_says_so() {
    let mut seats = controllers(3, &[]);
    seats[1] = Controller::program(script("crash"), "Prog");
    let mut table = table::<SkatGame>(SkatMatchRules::default(), 3, seats);
    assert!(<SkatGame as TableGame>::program(&script("good"), 1).is_some());
    let mut bots = Bots::for_table(&table);
    let mut failed = Vec::new();
    // The scripted program answers twice, then exits at its third decision.
    for _ in 0..10 {
        while table.member_to_act().is_some() {
            let request = table.bot_request().expect("every member is a bot or a program");
            let acted = table.answer(bots.answer(request)).unwrap();
            if let Some(trouble) = acted.trouble {
                assert_eq!(acted.member, member(1));
                failed.push(trouble);
            }
        }
        if failed.len() >= 2 {
            break;
        }
        table.next_deal().unwrap();
    }
    assert!(failed.len() >= 2, "{failed:?}");
    for trouble in &failed {
        let BotTrouble::Failed(why) = trouble else { panic!("{trouble:?}") };
        assert!(why.starts_with("the program "), "{why}");
    }
    let BotTrouble::Failed(first) = &failed[0] else { unreachable!() };
    assert!(first.contains("exited") && first.contains("crashing on purpose"), "{first}");
    // Afterwards it is not started again: every decision falls back at once.
    let BotTrouble::Failed(second) = &failed[1] else { unreachable!() };
    assert!(second.contains("is not running"), "{second}");
    assert!(failed[0].sentence("Prog").ends_with("it took its first legal action instead."));
    let logged = table.events().iter().filter(|e| matches!(&e.event, Event::Acted { trouble: Some(_), .. })).count();
    assert_eq!(logged, failed.len());
}
