//! What a table saves, the deal in progress included, is read back and
//! continued at a table equal to the one that saved it, at every point of
//! random matches of the three games and in both of Skat's formats; a file
//! that does not fit is refused with the reason.

mod common;

use common::{Rng, controllers, member, play, table};
use trumpf_core::iss::IssRecord;
use trumpf_core::series::record::SavedMatch;
use trumpf_core::series::{SkatMatchRules, read_skat_rules};
use trumpf_core::skat::{SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerGame, SpitzerRules};
use trumpf_table::{Bots, FileError, ReadSaveError, Resumable, ResumeError, SaveFormat, Table, TableGame, saved_game};

/// Plays `deals` deals at `table`, saving in `format` at random moments
/// (and at the end), and checks that each file continues at a table equal
/// to the one that saved it. Returns how many of the files were saved in
/// the middle of a deal.
fn check_saves<G: TableGame>(mut table: Table<G>, format: SaveFormat, seed: u64, deals: usize) -> usize {
    let mut bots = Bots::for_table(&table);
    let mut rng = Rng(seed);
    let mut snapshots = vec![table.clone()];
    play(&mut table, &mut bots, &mut rng, deals, |table, _, rng| {
        if rng.below(5) == 0 {
            snapshots.push(table.clone());
        }
    });
    snapshots.push(table.clone());
    let mut mid_deal = 0;
    for snapshot in &snapshots {
        let saved = snapshot.save(format).unwrap();
        let read = Resumable::<G>::read(&saved.text).unwrap_or_else(|e| panic!("{e}\n{}", saved.text));
        assert_eq!(read.format, saved.format);
        assert_eq!(saved_game(&saved.text).unwrap().name(), G::NAME);
        let resumed = read.table(snapshot.controllers().to_vec()).unwrap_or_else(|e| panic!("{e}\n{}", saved.text));
        assert_eq!(&resumed, snapshot, "resumed at version {}\n{}", snapshot.version(), saved.text);
        if let Some(unfinished) = snapshot.unfinished() {
            mid_deal += usize::from(!unfinished.actions.is_empty());
        }
    }
    mid_deal
}

#[test]
fn skat_tables_continue_from_their_iss_records_and_their_trumpf_records() {
    for seed in 0..4 {
        let isko = SkatMatchRules { deals: Some(5), ..common::isko() };
        let players = controllers(3, &[0, 1]);
        assert!(check_saves(table::<SkatGame>(isko, seed, players.clone()), SaveFormat::Iss, seed, 5) > 0);
        assert!(check_saves(table::<SkatGame>(isko, seed, players.clone()), SaveFormat::Trumpf, seed, 5) > 0);
        // Ramsch, Kontra and Bock: ISS until a deal cannot be one, then the
        // trumpf record.
        let pub_rules = SkatMatchRules { deals: Some(6), ..common::pub_rules() };
        assert!(check_saves(table::<SkatGame>(pub_rules, seed, players), SaveFormat::Iss, seed, 6) > 0);
    }
    let four = SkatMatchRules { table: SkatRules { table_size: 4, ..SkatRules::ISKO }, deals: Some(5) };
    assert!(check_saves(table::<SkatGame>(four, 7, controllers(4, &[0])), SaveFormat::Iss, 7, 5) > 0);
}

#[test]
fn spitzer_and_spidge_tables_continue_from_their_records() {
    for seed in 0..3 {
        let spitzer = table::<SpitzerGame>(SpitzerRules::default(), seed, controllers(4, &[0]));
        assert!(check_saves(spitzer, SaveFormat::Iss, seed, 4) > 0);
        let spidge = table::<SpidgeGame>(SpidgeRules::default(), seed, controllers(3, &[0]));
        assert!(check_saves(spidge, SaveFormat::Trumpf, seed, 3) > 0);
    }
}

/// A Skat table of persons in the middle of deal 2.
fn skat_mid_deal_2() -> Table<SkatGame> {
    let mut t = table::<SkatGame>(common::isko(), 11, controllers(3, &[0, 1, 2]));
    let mut bots = Bots::for_table(&t);
    let mut rng = Rng(3);
    play(&mut t, &mut bots, &mut rng, 1, |_, _, _| {});
    t.next_deal().unwrap();
    for _ in 0..4 {
        common::step(&mut t, &mut bots, &mut rng);
    }
    assert!(t.unfinished().is_some_and(|d| d.actions.len() == 4));
    t
}

#[test]
fn the_deal_in_progress_is_a_record_without_a_result_and_a_deal_without_scores() {
    let t = skat_mid_deal_2();
    let iss = t.save(SaveFormat::Iss).unwrap().text;
    let lines: Vec<&str> = iss.lines().collect();
    assert_eq!(lines.len(), 2);
    let first = IssRecord::parse(lines[0]).unwrap();
    assert!(first.result.is_some(), "deal 1 is settled");
    assert_eq!(first.result, Some(first.replay().unwrap().result));
    let last = IssRecord::parse(lines[1]).unwrap();
    assert_eq!(last.result, None, "deal 2 is not over: {}", lines[1]);
    assert!(lines[1].contains("CO[trumpf play --seed 11, deal 2; rules "), "{}", lines[1]);
    let actions: Vec<_> = t.unfinished().unwrap().actions;
    assert_eq!(last.moves.len(), actions.len());
    let record = t.save(SaveFormat::Trumpf).unwrap().text;
    let saved = SavedMatch::<SkatGame>::read(&record).unwrap();
    assert_eq!(saved.seed, Some(11));
    assert_eq!(saved.record.game, *t.record());
    assert_eq!(saved.unfinished.unwrap().actions, actions);
    assert!(record.contains("\nseed 11\n") && !record.trim_end().ends_with("status won"), "{record}");
}

#[test]
fn a_file_that_does_not_fit_is_refused_with_the_reason() {
    let t = skat_mid_deal_2();
    let people = controllers(3, &[0, 1, 2]);
    let record = t.save(SaveFormat::Trumpf).unwrap().text;
    let iss = t.save(SaveFormat::Iss).unwrap().text;
    let read = |text: &str| Resumable::<SkatGame>::read(text);
    // Another seed deals other cards.
    let other_seed = record.replace("\nseed 11\n", "\nseed 12\n");
    let error = read(&other_seed).unwrap().table(people.clone()).unwrap_err();
    assert_eq!(error, ResumeError::OtherCards { deal: 1, seed: 12 });
    let error = read(&iss.replace("--seed 11,", "--seed 12,")).unwrap().table(people.clone()).unwrap_err();
    assert_eq!(error, ResumeError::OtherCards { deal: 1, seed: 12 });
    // A record without the seed line.
    assert_eq!(read(&record.replace("\nseed 11\n", "\n")).unwrap_err(), ReadSaveError::NoSeed);
    // ISS records of a real server name no seed.
    let server = "(;GM[Skat]PC[International Skat Server]CO[]SE[32407]ID[756788]DT[2011-05-28/08:46:19/UTC]\
        P0[xskat]P1[bonsai]P2[bernie]R0[]R1[0.0]R2[]MV[w C8.DQ.DJ.HK.S9.SK.SQ.HQ.CK.D9.S8.DT.SJ.C9.CQ.SA.DK.HT.D7.H7.\
        ST.HJ.C7.H8.S7.DA.CJ.CT.D8.H9.CA.HA 1 p 2 p 0 p ]R[passed] ;)";
    assert_eq!(read(server).unwrap_err(), ReadSaveError::NotSaved { line: 1 });
    // Records out of order, of two sessions, with moves a table never writes.
    let lines: Vec<&str> = iss.lines().collect();
    let swapped = format!("{}\n{}\n", lines[1], lines[0]);
    assert_eq!(read(&swapped).unwrap_err(), ReadSaveError::IssDeal { line: 1, expected: 1, found: 2 });
    let mixed = format!("{}\n{}\n", lines[0], lines[1].replace("--seed 11,", "--seed 12,"));
    assert_eq!(read(&mixed).unwrap_err(), ReadSaveError::IssMixed { line: 2, what: "seed" });
    let resigned = format!("{}\n{}\n", lines[0], lines[1].replace(" ]", " 0 RE ]"));
    assert!(matches!(read(&resigned).unwrap_err(), ReadSaveError::IssMove { line: 2, .. }));
    let broken = format!("{}\n{}\n", lines[0], &lines[1][..40]);
    assert!(matches!(read(&broken).unwrap_err(), ReadSaveError::Iss { line: 2, .. }));
    // An action moved to another seat is refused with its place: by the
    // record's reader, and for ISS records (read without replaying) by the
    // table.
    let mut saved = SavedMatch::<SkatGame>::read(&record).unwrap();
    let deal = saved.unfinished.as_mut().unwrap();
    deal.actions[1].0 = deal.actions[1].0.next(3);
    let actions_line = record.lines().collect::<Vec<_>>().iter().rposition(|l| l.starts_with("actions")).unwrap() + 1;
    assert!(matches!(read(&saved.write()), Err(ReadSaveError::Record(e)) if e.line == actions_line));
    let mut moved = IssRecord::parse(lines[1]).unwrap();
    let trumpf_core::iss::IssMove::Action { seat, .. } = &mut moved.moves[1] else { panic!("{:?}", moved.moves) };
    *seat = seat.next(3);
    let moved = format!("{}\n{}\n", lines[0], moved.to_line());
    let error = read(&moved).unwrap().table(people.clone()).unwrap_err();
    assert!(matches!(error, ResumeError::Action { deal: 2, action: 2, .. }), "{error}");
    // Files of no game or another game.
    assert_eq!(read("").unwrap_err(), ReadSaveError::File(FileError::Empty));
    assert_eq!(read("hello\n").unwrap_err(), ReadSaveError::File(FileError::Neither));
    assert!(matches!(read(&record.replace("game skat", "game spitzer")), Err(ReadSaveError::Record(_))));
    assert_eq!(Resumable::<SpitzerGame>::read(&iss).unwrap_err(), ReadSaveError::IssNotThisGame("spitzer"));
    assert!(matches!(saved_game("trumpf-record 1\ngame chess\n"), Err(FileError::UnknownGame(_))));
    // A table opened from the file is the table that saved it.
    assert_eq!(read(&record).unwrap().table(people.clone()).unwrap(), t);
    assert_eq!(read(&iss).unwrap().table(people).unwrap(), t);
    assert_eq!(read(&iss).unwrap().first_dealer, member(2));
    let rules = iss.split("; rules ").nth(1).unwrap().split(']').next().unwrap();
    assert_eq!(read_skat_rules(rules).unwrap(), common::isko());
}
