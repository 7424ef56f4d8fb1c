//! Saving a Skat table: ISS records while every finished deal can be one,
//! read back by the ISS reader to the same settlements and naming the
//! rules; a trumpf match record otherwise or when asked for, read back to
//! the same match. Spitzer and Spidge save trumpf records.

mod common;

use common::member;
use trumpf_core::iss::{IssOutcome, IssRecord};
use trumpf_core::series::record::MatchRecord;
use trumpf_core::series::{SkatMatchRules, read_skat_rules};
use trumpf_core::skat::{Scoring, SkatAction, SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeGame, SpidgeRules};
use trumpf_core::{GameView, Seat};
use trumpf_table::{BotKind, Bots, Controller, SaveFormat, Table, TableGame, TableSetup};

/// "You", then "Bot 1", "Bot 2", ...: persons all, so the tests choose
/// every action.
fn named(members: usize) -> Vec<Controller> {
    (0..members).map(|i| Controller::person(if i == 0 { "You".to_owned() } else { format!("Bot {i}") })).collect()
}

fn skat_table(seed: u64, rules: SkatMatchRules) -> Table<SkatGame> {
    let members = usize::from(rules.table.table_size);
    common::table(rules, seed, named(members))
}

/// Plays the deal in progress to its end, everybody taking `pick` of the
/// legal actions.
fn play_out<G: TableGame>(table: &mut Table<G>, pick: impl Fn(&[G::Action]) -> G::Action) {
    while let Some(member) = table.member_to_act() {
        let mut legal = Vec::new();
        table.view_of(member).legal_actions(&mut legal);
        table.act(member, pick(&legal)).unwrap();
    }
}

fn pass_first(legal: &[SkatAction]) -> SkatAction {
    if legal.contains(&SkatAction::Pass) { SkatAction::Pass } else { legal[0] }
}

#[test]
fn saved_iss_records_replay_to_the_same_settlements_and_name_the_rules() {
    let mut table = skat_table(9, SkatMatchRules::default());
    // Deal 1: everybody passes. Deal 2: the first legal action everywhere
    // (middlehand bids 18, ...), played to the end.
    play_out(&mut table, pass_first);
    table.next_deal().unwrap();
    play_out(&mut table, |legal| legal[0]);
    let saved = table.save(SaveFormat::Iss).unwrap();
    assert_eq!((saved.format, saved.not_iss), (SaveFormat::Iss, None));
    let lines: Vec<&str> = saved.text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].contains("P0[you]P1[bot1]P2[bot2]"), "{}", lines[0]);
    assert!(lines[0].contains("CO[trumpf play --seed 9, deal 1; rules table_size=3 pass_out=throw_in"));
    let comment = lines[0].split("; rules ").nth(1).unwrap().split(']').next().unwrap();
    assert_eq!(read_skat_rules(comment), Ok(SkatMatchRules::default()));
    let first = IssRecord::parse(lines[0]).unwrap().replay().unwrap();
    assert_eq!(first.result.settlement.outcome, IssOutcome::Passed);
    let (record, replay) = IssRecord::parse_and_replay(lines[1]).unwrap();
    assert_eq!(record.players, ["bot1", "bot2", "you"]);
    let deal = &table.record().deals()[1];
    assert_eq!(record.deal, *deal.start.deal());
    assert_eq!(replay.game.outcome(), deal.end.outcome());
}

#[test]
fn a_ramsch_is_saved_as_a_trumpf_record_that_reads_back() {
    let mut table = skat_table(9, SkatMatchRules { table: SkatRules::PUB, deals: None });
    // Deal 1: the pub rules make a Ramsch of three passes.
    play_out(&mut table, pass_first);
    assert!(table.spectator_view().ramsch);
    let saved = table.save(SaveFormat::Iss).unwrap();
    assert_eq!(saved.format, SaveFormat::Trumpf);
    assert_eq!(saved.not_iss.as_deref(), Some("a Ramsch (deal 1)"));
    let read = MatchRecord::<SkatGame>::read(&saved.text).unwrap();
    assert_eq!(read.game, *table.record());
    assert_eq!(read.players, ["You", "Bot_1", "Bot_2"]);
    assert_eq!(read.game.rules().table, SkatRules::PUB);
    // Asked for, the trumpf record is written without a word about ISS.
    let asked = table.save(SaveFormat::Trumpf).unwrap();
    assert_eq!((asked.text, asked.format, asked.not_iss), (saved.text, SaveFormat::Trumpf, None));
}

#[test]
fn at_four_members_iss_names_the_three_seated_and_the_trumpf_record_all_four() {
    let rules = SkatMatchRules {
        table: SkatRules { table_size: 4, scoring: Scoring::SeegerFabian, ..SkatRules::ISKO },
        deals: None,
    };
    let mut table = skat_table(9, rules);
    // Four deals, each member dealing once: the first legal action
    // everywhere (middlehand bids 18 and plays).
    for _ in 0..4 {
        play_out(&mut table, |legal| legal[0]);
        let _ = table.next_deal();
    }
    let saved = table.save(SaveFormat::Iss).unwrap();
    assert_eq!((saved.format, saved.not_iss), (SaveFormat::Iss, None));
    let lines: Vec<&str> = saved.text.lines().collect();
    // Deal 5 has just been dealt: its record has the cards and no moves.
    assert_eq!(lines.len(), 5);
    let fifth = IssRecord::parse(lines[4]).unwrap();
    assert!(fifth.moves.is_empty() && fifth.result.is_none(), "{}", lines[4]);
    let deals = table.record().deals();
    // The last member deals first, then the deal passes left; the
    // dealer sits out and the three after him play.
    let expected = [
        (["you", "bot1", "bot2"], "bot3"),
        (["bot1", "bot2", "bot3"], "you"),
        (["bot2", "bot3", "you"], "bot1"),
        (["bot3", "you", "bot1"], "bot2"),
    ];
    for (i, (line, (players, dealer))) in lines.iter().zip(expected).enumerate() {
        let (record, replay) = IssRecord::parse_and_replay(line).unwrap();
        assert_eq!(record.players, players, "deal {}", i + 1);
        assert_eq!(table.name(deals[i].dealer).to_lowercase().replace(' ', ""), dealer);
        let comment = format!("deal {}, {dealer} dealt and sat out; rules table_size=4 ", i + 1);
        assert!(line.contains(&comment), "{line}");
        assert_eq!(replay.game.outcome(), deals[i].end.outcome());
        let rules = line.split("; rules ").nth(1).unwrap().split(']').next().unwrap();
        assert_eq!(read_skat_rules(rules).unwrap().table, table.record().rules().table);
    }
    // The trumpf record holds the four members and reads back to the same match.
    let saved = table.save(SaveFormat::Trumpf).unwrap();
    let read = MatchRecord::<SkatGame>::read(&saved.text).unwrap();
    assert_eq!(read.players, ["You", "Bot_1", "Bot_2", "Bot_3"]);
    assert_eq!(read.game, *table.record());
    assert!(saved.text.contains("\nrules table_size=4 "), "{}", saved.text);
}

#[test]
fn other_games_save_trumpf_records_whatever_is_asked() {
    let setup = TableSetup {
        rules: SpidgeRules::default(),
        seed: 1,
        first_dealer: member(2),
        controllers: vec![
            Controller::person("You"),
            Controller::bot(BotKind::Random, "Bot 1"),
            Controller::bot(BotKind::Random, "Bot 2"),
        ],
    };
    let mut table = Table::<SpidgeGame>::new(setup).unwrap();
    let mut bots = Bots::for_table(&table);
    let mut rng = common::Rng(1);
    common::play(&mut table, &mut bots, &mut rng, 2, |_, _, _| {});
    let saved = table.save(SaveFormat::Iss).unwrap();
    assert_eq!((saved.format, &saved.not_iss), (SaveFormat::Trumpf, &None));
    let read = MatchRecord::<SpidgeGame>::read(&saved.text).unwrap();
    assert_eq!(read.game, *table.record());
    assert_eq!(read.players, ["You", "Bot_1", "Bot_2"]);
    assert_eq!(saved.text, table.record_text());
    assert_eq!(table.seat_of(member(0)).map(Seat::index), Some(2), "deal 2: the person deals");
}
