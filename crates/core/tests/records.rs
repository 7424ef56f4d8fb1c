//! The trumpf match record: written and read back identically for every
//! game, and every kind of damage to a record is refused with its line.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trumpf_core::series::record::{MatchRecord, RecordGame, SavedMatch, UnfinishedDeal, game_of};
use trumpf_core::series::{Match, MatchStatus, SkatMatchRules, read_skat_rules, write_skat_rules};
use trumpf_core::shuffle::uniform_below;
use trumpf_core::skat::SkatGame;
use trumpf_core::skat::{BockRules, BockStacking, BockTriggers, SkatAction, SkatDeal, SkatRules};
use trumpf_core::spidge::{SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerGame, SpitzerRules};
use trumpf_core::{Game, Member, Seat};

/// Plays up to `max_deals` deals with uniformly random legal actions.
fn random_match<G: RecordGame>(rules: G::Rules, seed: u64, max_deals: usize) -> Match<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut m = Match::<G>::new(rules, Member::new((seed % 3) as usize).unwrap()).unwrap();
    let mut buf = Vec::new();
    while m.status() == MatchStatus::Running && m.deals().len() < max_deals {
        let start = m.deal(&mut rng);
        let mut game = start.clone();
        let mut actions = Vec::new();
        while let Some(seat) = game.to_act() {
            game.legal_actions(&mut buf);
            let action = buf[uniform_below(&mut rng, buf.len() as u32) as usize];
            game.try_apply(seat, action).unwrap();
            actions.push((seat, action));
        }
        m.record(start, actions).unwrap();
    }
    m
}

fn round_trip<G: RecordGame + PartialEq>(m: Match<G>, players: &[&str]) {
    let names: Vec<String> = players.iter().map(|s| s.to_string()).collect();
    let record = MatchRecord::new(&names, m);
    let text = record.write();
    assert_eq!(game_of(&text).unwrap(), G::NAME);
    let read = MatchRecord::<G>::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read, record);
    assert_eq!(read.write(), text);
}

#[test]
fn skat_matches_round_trip() {
    for seed in 0..20 {
        let mut rules = SkatMatchRules { deals: Some(6), ..Default::default() };
        if seed % 2 == 1 {
            rules.table.table_size = 4;
            rules.table.scoring = trumpf_core::skat::Scoring::SeegerFabian;
        }
        let m = random_match::<SkatGame>(rules, seed, 10);
        assert_eq!(m.deals().len(), 6);
        assert_ne!(m.status(), MatchStatus::Running);
        round_trip(m, &["Ann Lee", "Bot-1", "Bot-2", "Dora"]);
    }
}

#[test]
fn skat_house_rule_matches_round_trip() {
    // Pub rules (Ramsch after three passes, Kontra/Re, Bock rounds with a
    // Ramsch round after each), overlapping Bock rounds with every trigger,
    // and the Pirat match: Bock factors, Ramsch rounds and the phases are
    // rebuilt on reading and checked against every score line.
    let mut overlap = SkatRules::PUB;
    overlap.bock = Some(BockRules {
        triggers: BockTriggers {
            lost_with_60: true,
            grand_hand_played: true,
            null_ouvert_hand_played: true,
            kontra_re: true,
            lost_after_kontra: true,
            lost_grand: true,
            score_crosses_100: true,
            grand_hand_won: true,
            score_multiple_of_100: true,
            score_three_equal_digits: true,
            won_value_72: true,
            won_value_96: true,
        },
        includes_trigger: true,
        stacking: BockStacking::Overlap,
        ramsch_round_after_bock: true,
        event_merge: Default::default(),
    });
    let mut pub_rounds = SkatRules::PUB;
    pub_rounds.bock = pub_rounds.bock.map(|b| BockRules { ramsch_round_after_bock: true, ..b });
    for (i, table) in [pub_rounds, overlap].into_iter().enumerate() {
        let mut ramsch_deals = 0;
        for seed in 0..6 {
            let rules = SkatMatchRules { table, deals: Some(40) };
            let m = random_match::<SkatGame>(rules, seed * 10 + i as u64, 40);
            let deals = m.deals();
            assert!(deals.iter().any(|d| d.start.setup().bock >= 2), "no Bock deal in {i}/{seed}");
            ramsch_deals += deals.iter().filter(|d| d.end.is_ramsch()).count();
            round_trip(m, &["Ann", "Bob", "Cid"]);
        }
        assert!(ramsch_deals > 0, "no Ramsch was played under rules {i}");
    }
}

/// Plays `game` to the end: `first` for the seats' first legal choice
/// everywhere except the given actions.
fn play_out(game: &mut SkatGame, actions: &mut Vec<(Seat, SkatAction)>) {
    let mut buf = Vec::new();
    while let Some(seat) = game.to_act() {
        game.legal_actions(&mut buf);
        let action = buf[0];
        game.try_apply(seat, action).unwrap();
        actions.push((seat, action));
    }
}

#[test]
fn pirat_match_runs_its_phases_and_ends() {
    // Variants §6.3 / P1: once a total reaches 100, one Bock round (a deal
    // per member, values doubled), then one Schieberamsch round, then the end.
    let mut m =
        Match::<SkatGame>::new(SkatMatchRules { table: SkatRules::PIRAT, deals: None }, Member::new(2).unwrap())
            .unwrap();
    // Member 0 sits in forehand and plays Grand Ouvert with all jacks and the
    // top clubs: 11 × 24 = 264 (skat.md §8.4) takes him past 100 at once.
    let hands = [
        "CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8".parse().unwrap(),
        "C7.SA.ST.SK.SQ.S9.S8.S7.HA.HT".parse().unwrap(),
        "HK.HQ.H9.H8.H7.DA.DT.DK.DQ.D9".parse().unwrap(),
    ];
    let deal = SkatDeal::new(hands, "D8.D7".parse().unwrap()).unwrap();
    let start = SkatGame::new(deal, SkatRules::PIRAT);
    let mut game = start;
    let mut actions = vec![];
    for (seat, action) in [
        (Seat::MIDDLEHAND, SkatAction::Pass),
        (Seat::REARHAND, SkatAction::Pass),
        (Seat::FOREHAND, SkatAction::Bid(18)),
        (Seat::FOREHAND, SkatAction::Declare("GO".parse().unwrap())),
    ] {
        game.try_apply(seat, action).unwrap();
        actions.push((seat, action));
    }
    play_out(&mut game, &mut actions);
    m.record(start, actions).unwrap();
    assert_eq!(m.totals()[0], 264);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut setups = vec![];
    while m.status() == MatchStatus::Running {
        let start = m.deal(&mut rng);
        setups.push(start.setup());
        let mut game = start;
        let mut actions = vec![];
        play_out(&mut game, &mut actions);
        m.record(start, actions).unwrap();
        assert!(m.deals().len() < 20, "the Pirat match must end");
    }
    assert_eq!(setups.len(), 6);
    assert!(setups[..3].iter().all(|s| s.bock == 2 && !s.ramsch_round), "{setups:?}");
    assert!(setups[3..].iter().all(|s| s.bock == 1 && s.ramsch_round), "{setups:?}");
    assert!(m.deals()[4..].iter().all(|d| d.end.is_ramsch()));
    round_trip(m, &["Ann", "Bob", "Cid"]);
}

#[test]
fn skat_rules_text_round_trips() {
    for table in [SkatRules::ISKO, SkatRules::PUB, SkatRules::PIRAT] {
        let rules = SkatMatchRules { table, deals: Some(12) };
        assert_eq!(read_skat_rules(&write_skat_rules(&rules)), Ok(rules));
    }
    assert!(read_skat_rules("bock_triggers=lost_with_61").unwrap_err().to_string().contains("unknown trigger"));
    assert!(read_skat_rules("kontra=maybe").is_err());
}

#[test]
fn spidge_matches_round_trip() {
    for seed in 0..10 {
        let rules = SpidgeRules { jokers: seed % 2 == 0, ..SpidgeRules::default() };
        let m = random_match::<SpidgeGame>(rules, seed, 40);
        round_trip(m, &["Ann", "Bob", "Cid"]);
    }
}

#[test]
fn spitzer_matches_round_trip() {
    for seed in 0..6 {
        let rules = SpitzerRules { must_trump: seed % 2 == 0, ..SpitzerRules::default() };
        let m = random_match::<SpitzerGame>(rules, seed, 30);
        round_trip(m, &["Ann", "Bob", "Cid", "Dan"]);
    }
}

#[test]
fn unplayable_rules_are_refused() {
    let rules = SpitzerRules { call_timing: trumpf_core::spitzer::CallTiming::AtFirstLead, ..SpitzerRules::default() };
    assert!(matches!(
        Match::<SpitzerGame>::new(rules, Member::new(0).unwrap()),
        Err(trumpf_core::series::MatchError::Rules(_))
    ));
    // A Spidge table has three members: member 3 cannot deal.
    assert!(matches!(
        Match::<SpidgeGame>::new(SpidgeRules::default(), Member::new(3).unwrap()),
        Err(trumpf_core::series::MatchError::NoSuchDealer { members: 3, .. })
    ));
}

#[test]
fn skat_list_ends_after_its_deals_with_the_leader() {
    // Totals decide a fixed-length list; the leader is the member with the
    // highest total (skat.md has lists of a fixed number of deals).
    let m = random_match::<SkatGame>(SkatMatchRules { deals: Some(3), ..Default::default() }, 5, 10);
    let totals = m.totals();
    match m.status() {
        MatchStatus::Won(w) => assert!((0..3).all(|o| o == w.index() || totals[o] < totals[w.index()])),
        MatchStatus::Drawn => {}
        MatchStatus::Running => panic!("a three-deal list is over after three deals"),
    }
}

fn sample_skat_record() -> String {
    let m = random_match::<SkatGame>(SkatMatchRules { deals: Some(2), ..Default::default() }, 3, 5);
    MatchRecord::new(&["a".into(), "b".into(), "c".into()], m).write()
}

/// Replaces the first line starting with `prefix` by `with`.
fn damage(text: &str, prefix: &str, with: &str) -> String {
    let mut done = false;
    text.lines()
        .map(|l| {
            if !done && l.starts_with(prefix) {
                done = true;
                with.to_owned()
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn damaged_records_are_refused_with_their_line() {
    let good = sample_skat_record();
    assert!(MatchRecord::<SkatGame>::read(&good).is_ok());
    let line_of = |prefix: &str| good.lines().position(|l| l.starts_with(prefix)).unwrap() + 1;
    let cases = [
        ("trumpf-record", "trumpf-record 9", "unsupported record version"),
        ("game", "game spitzer", "not skat"),
        ("rules", "rules table_size=5", "3 or 4 members"),
        ("rules", "rules colour=blue", "unknown rule"),
        ("players", "players a b", "2 players named"),
        ("first-dealer", "first-dealer x", "not a number"),
        ("dealer", "dealer 2", "deals deal 1"),
        ("cards", "cards FH=CJ", "hand MH is missing"),
        ("actions", "actions 1:19", "19 is not a bid value"),
        ("actions", "actions 0:18", "turn"),
        ("actions", "actions 1:zz", "not a Skat action"),
        ("actions", "actions 1:p 2:p", "not finished"),
        ("scores", "scores 1 2 3", "differ from the replay"),
        ("totals", "totals 9 9 9", "differ from the replay"),
        ("status", "status won 7", "differs from the replay"),
    ];
    for (prefix, with, message) in cases {
        let bad = damage(&good, prefix, with);
        let e = MatchRecord::<SkatGame>::read(&bad).expect_err(with);
        assert!(e.kind.to_string().contains(message), "{with}: {e}");
        assert_eq!(e.line, line_of(prefix), "{with}: {e}");
    }
    let e = MatchRecord::<SkatGame>::read(&format!("{good}\nextra")).unwrap_err();
    assert!(e.kind.to_string().contains("unexpected line"), "{e}");
    assert!(MatchRecord::<SkatGame>::read("").is_err());
    assert!(MatchRecord::<SkatGame>::read(&good[..good.len() / 2]).is_err());
    assert!(game_of("hello").is_err());
}

#[test]
fn no_prefix_of_a_record_panics_or_reads() {
    let good = sample_skat_record();
    // Every cut short of the last line's end loses something the reader needs.
    for cut in (0..good.trim_end().len()).filter(|&i| good.is_char_boundary(i)) {
        assert!(MatchRecord::<SkatGame>::read(&good[..cut]).is_err(), "prefix of {cut} bytes read");
    }
}

#[test]
fn a_deal_whose_bidding_has_begun_is_not_fresh() {
    use trumpf_core::series::{MatchError, StartError};
    let mut m = Match::<SkatGame>::new(SkatMatchRules::default(), Member::new(0).unwrap()).unwrap();
    let mut start = SkatGame::new(SkatDeal::from_seed(4), SkatRules::default());
    start.try_apply(Seat::MIDDLEHAND, SkatAction::Bid(18)).unwrap();
    assert_eq!(m.record(start, Vec::new()).err(), Some(MatchError::DoesNotFit(StartError::UnderWay)));
    let mut spitzer = Match::<SpitzerGame>::new(SpitzerRules::default(), Member::new(0).unwrap()).unwrap();
    let mut start = SpitzerGame::from_seed(4);
    start.try_apply(Seat::FOREHAND, trumpf_core::spitzer::SpitzerAction::Pass).unwrap();
    assert!(matches!(spitzer.record(start, Vec::new()), Err(MatchError::DoesNotFit(StartError::UnderWay))));
}

/// A match of `deals` random deals and then a deal broken off after
/// `actions` random actions (fewer if it ends sooner), saved with `seed`.
fn saved_mid_deal<G: RecordGame>(rules: G::Rules, seed: u64, deals: usize, actions: usize) -> SavedMatch<G> {
    let m = random_match::<G>(rules, seed, deals);
    let mut rng = ChaCha8Rng::seed_from_u64(seed + 1000);
    let start = m.deal(&mut rng);
    let mut game = start.clone();
    let mut taken = Vec::new();
    let mut buf = Vec::new();
    while let Some(seat) = game.to_act() {
        game.legal_actions(&mut buf);
        let action = buf[uniform_below(&mut rng, buf.len() as u32) as usize];
        let mut next = game.clone();
        next.try_apply(seat, action).unwrap();
        if next.is_over() || taken.len() == actions {
            break;
        }
        game = next;
        taken.push((seat, action));
    }
    let dealer = m.next_dealer();
    let players: Vec<String> = (0..m.members()).map(|i| format!("P{i}")).collect();
    SavedMatch {
        record: MatchRecord::new(&players, m),
        seed: Some(seed),
        unfinished: Some(UnfinishedDeal { dealer, start, actions: taken }),
    }
}

fn saved_round_trip<G: RecordGame + PartialEq>(saved: SavedMatch<G>) {
    let text = saved.write();
    if saved.record.game.status() != MatchStatus::Running {
        // The random deals ended the match: a deal in progress after that
        // is refused, at one of its lines.
        let e = SavedMatch::<G>::read(&text).map(|_| ()).unwrap_err();
        assert!(e.kind.to_string().contains("the match is over"), "{e}");
        let last = format!("deal {}", saved.record.game.deals().len() + 1);
        let start = text.lines().position(|l| l == last).expect("the deal in progress is written");
        assert!(e.line > start, "{e}");
        return;
    }
    assert!(text.contains(&format!(
        "\nfirst-dealer {}\nseed {}\n",
        saved.record.game.first_dealer(),
        saved.seed.unwrap()
    )));
    let unfinished = saved.unfinished.as_ref().unwrap();
    let last = format!("deal {}", saved.record.game.deals().len() + 1);
    let tail: Vec<&str> = text.lines().skip_while(|l| *l != last).collect();
    assert_eq!(
        tail[4..],
        ["", &format!("totals {}", join(&saved.record.game.totals()[..saved.record.game.members()])), "status running"],
        "{text}"
    );
    let read = SavedMatch::<G>::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read, saved);
    assert_eq!(read.write(), text);
    // The deal in progress is the deal as dealt with its actions applied.
    let mut game = unfinished.start.clone();
    for &(seat, action) in &unfinished.actions {
        game.try_apply(seat, action).unwrap();
    }
    assert_eq!(unfinished.current().unwrap(), game);
    assert!(!game.is_over());
    // The plain reader gives the finished deals.
    assert_eq!(MatchRecord::<G>::read(&text).unwrap(), saved.record);
}

fn join(values: &[i64]) -> String {
    values.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_match_saved_mid_deal_reads_back_with_its_seed_and_the_deal_in_progress() {
    // Seed 24's Spitzer match is won after its two deals (target 42).
    for seed in 0..30 {
        let actions = 3 + seed as usize * 5;
        let pub_rules = SkatMatchRules { table: SkatRules::PUB, deals: None };
        saved_round_trip(saved_mid_deal::<SkatGame>(pub_rules, seed, 1 + seed as usize, actions));
        saved_round_trip(saved_mid_deal::<SpitzerGame>(SpitzerRules::default(), seed, 2, actions));
        saved_round_trip(saved_mid_deal::<SpidgeGame>(SpidgeRules::default(), seed, 1, actions));
    }
    // A deal just dealt: no action yet.
    saved_round_trip(saved_mid_deal::<SkatGame>(SkatMatchRules::default(), 9, 0, 0));
}

#[test]
fn records_without_a_seed_or_a_deal_in_progress_still_read() {
    let text = sample_skat_record();
    assert!(!text.contains("\nseed "));
    let saved = SavedMatch::<SkatGame>::read(&text).unwrap();
    assert_eq!((saved.seed, saved.unfinished), (None, None));
    assert_eq!(saved.record, MatchRecord::<SkatGame>::read(&text).unwrap());
}

#[test]
fn a_damaged_deal_in_progress_is_refused_with_its_line() {
    let saved = saved_mid_deal::<SkatGame>(SkatMatchRules::default(), 4, 1, 6);
    let good = saved.write();
    let unfinished = saved.unfinished.as_ref().unwrap();
    let lines: Vec<&str> = good.lines().collect();
    let last_actions = lines.iter().rposition(|l| l.starts_with("actions")).unwrap() + 1;
    let replace_line = |n: usize, with: &str| {
        good.lines().enumerate().map(|(i, l)| if i + 1 == n { with } else { l }).collect::<Vec<_>>().join("\n")
    };
    // The first action taken by the wrong seat.
    let (seat, action) = unfinished.actions[0];
    let wrong = format!("actions {}:{}", seat.next(3).index(), SkatGame::write_action(action));
    let e = SavedMatch::<SkatGame>::read(&replace_line(last_actions, &wrong)).unwrap_err();
    assert_eq!(e.line, last_actions, "{e}");
    // Actions that finish the deal need a scores line.
    let passes = "actions 1:p 2:p 0:p";
    let e = SavedMatch::<SkatGame>::read(&replace_line(last_actions, passes)).unwrap_err();
    assert!(e.kind.to_string().contains("has no `scores` line"), "{e}");
    // A deal still being played means the match is running.
    let status = good.lines().count();
    let e = SavedMatch::<SkatGame>::read(&replace_line(status, "status won 0")).unwrap_err();
    assert_eq!(e.line, status, "{e}");
    // Only the last deal may be unfinished.
    let cut = good.rfind("\ntotals").unwrap();
    let deal_after = format!("{}\ndeal 3\n{}", &good[..cut], &good[cut..]);
    let e = SavedMatch::<SkatGame>::read(&deal_after).unwrap_err();
    assert!(e.kind.to_string().contains("not finished after its 6 actions"), "{e}");
    assert_eq!(e.line, last_actions);
    // The seed is a number.
    let e = SavedMatch::<SkatGame>::read(&good.replace("\nseed 4\n", "\nseed four\n")).unwrap_err();
    assert!(e.kind.to_string().contains("\"four\" is not a number"), "{e}");
    assert_eq!(e.line, 6);
}

/// The rules of the pub extras' random matches: XSkat's table with every
/// extra on, and variants of it.
fn pub_extras_tables() -> Vec<SkatRules> {
    use trumpf_core::skat::{KlopfenScope, SchenkenOverbid, SchenkenRules, SpitzeBan, SpitzeRules};
    let mut variants = vec![SkatRules::XSKAT];
    let mut all_ramsch = SkatRules::XSKAT;
    all_ramsch.klopfen = Some(KlopfenScope::AllRamsch);
    all_ramsch.ramsch.kind = trumpf_core::skat::RamschKind::Plain;
    variants.push(all_ramsch);
    let mut strict = SkatRules::XSKAT;
    strict.spitze = Some(SpitzeRules { levels: 2, ban: SpitzeBan::AllTrumps });
    strict.schenken = Some(SchenkenRules { overbid: SchenkenOverbid::Lost });
    strict.ramsch.round_grand_hand_redeal = false;
    strict.bock = strict.bock.map(|b| BockRules {
        triggers: BockTriggers {
            score_multiple_of_100: true,
            score_three_equal_digits: true,
            won_value_72: true,
            won_value_96: true,
            ..BockTriggers::NONE
        },
        event_merge: Default::default(),
        ..b
    });
    variants.push(strict);
    let mut only = SkatRules::XSKAT;
    only.ramsch_only = true;
    only.klopfen = Some(KlopfenScope::AllRamsch);
    variants.push(only);
    variants
}

/// A random match under `table`: every deal keeps its 32 cards (hands,
/// skat and played cards partition the pack, also when a gift ends it in
/// the first trick) and its 120 card points once all ten tricks are
/// played; the written record reads back to the same match. Returns the
/// record's text.
fn pub_extras_match(table: SkatRules, seed: u64) -> String {
    use trumpf_core::skat::points;
    let rules = SkatMatchRules { table, deals: Some(24) };
    let m = random_match::<SkatGame>(rules, seed, 24);
    for d in m.deals() {
        let g = &d.end;
        let mut all = g.played() | g.skat();
        let mut count = g.played().len() + g.skat().len();
        for seat in Seat::all(3) {
            all |= g.hand(seat);
            count += g.hand(seat).len();
        }
        assert_eq!((all, count), (trumpf_core::CardSet::PIQUET_PACK, 32), "the cards of a deal");
        if g.played().len() == 30 {
            let tricks: u32 = g.points_won().as_array().iter().map(|&p| u32::from(p)).sum();
            assert_eq!(tricks + u32::from(points(g.skat())), 120, "the card points of a deal");
        }
    }
    let names: Vec<String> = ["Ann", "Bob", "Cid"].iter().map(|s| s.to_string()).collect();
    let record = MatchRecord::new(&names, m);
    let text = record.write();
    let read = MatchRecord::<SkatGame>::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read, record);
    assert_eq!(read.write(), text);
    text
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]
    /// Random matches under the pub extras (skat-pub-extras.md).
    #[test]
    fn pub_extras_matches_round_trip(seed in proptest::prelude::any::<u64>(), variant in 0usize..4) {
        pub_extras_match(pub_extras_tables()[variant], seed);
    }
}

/// Seeded matches of every variant write the new tokens and rules keys.
#[test]
fn pub_extras_records_write_their_tokens() {
    let mut texts = String::new();
    for (i, table) in pub_extras_tables().into_iter().enumerate() {
        for seed in 0..3 {
            texts.push_str(&pub_extras_match(table, 1000 + seed * 10 + i as u64));
        }
    }
    for token in [":spitze", ":schenken", ":knock", "spitze=on", "klopfen=on", "schenken=on", "ramsch_only=true"] {
        assert!(texts.contains(token), "no {token} in the records");
    }
}

/// Pub extras §9: `spitze` is a token of its own right after the
/// declaration; a declarer who does not announce it writes nothing there.
#[test]
fn spitze_is_written_only_when_announced() {
    let rules = SkatRules { spitze: Some(Default::default()), ..SkatRules::ISKO };
    // FH holds ten clubs trumps (the C7 among them) and declares Clubs Hand.
    let hands = [
        "CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C7".parse().unwrap(),
        "SA.ST.SK.SQ.S9.S8.S7.HT.HK.HQ".parse().unwrap(),
        "H9.H8.H7.DA.DT.DK.DQ.D9.D8.D7".parse().unwrap(),
    ];
    let deal = SkatDeal::new(hands, "C8.HA".parse().unwrap()).unwrap();
    for (announce, written) in [(SkatAction::Spitze, "0:CH 0:spitze 0:"), (SkatAction::Pass, "0:CH 0:")] {
        let mut m =
            Match::<SkatGame>::new(SkatMatchRules { table: rules, deals: Some(1) }, Member::new(2).unwrap()).unwrap();
        let start = SkatGame::new(deal, rules);
        let mut game = start;
        let mut actions = vec![];
        for (seat, action) in [
            (Seat::MIDDLEHAND, SkatAction::Pass),
            (Seat::REARHAND, SkatAction::Pass),
            (Seat::FOREHAND, SkatAction::Bid(18)),
            (Seat::FOREHAND, SkatAction::Declare("CH".parse().unwrap())),
            (Seat::FOREHAND, announce),
        ] {
            game.try_apply(seat, action).unwrap();
            actions.push((seat, action));
        }
        play_out(&mut game, &mut actions);
        m.record(start, actions).unwrap();
        let record = MatchRecord::new(&["A".into(), "B".into(), "C".into()], m);
        let text = record.write();
        let line = text.lines().find(|l| l.starts_with("actions ")).unwrap();
        assert!(line.contains(written), "{line}");
        assert!(!line.contains("0:CH 0:p"), "{line}");
        assert_eq!(MatchRecord::<SkatGame>::read(&text).unwrap(), record);
    }
}

/// Pub extras §9: the rules line holds every flag of §1.1 and reads back.
#[test]
fn pub_extras_rules_line_round_trips() {
    let rules = SkatMatchRules { table: SkatRules::XSKAT, deals: Some(36) };
    let text = write_skat_rules(&rules);
    for key in [
        "spitze=on spitze_levels=1 spitze_ban=grand_with_4",
        "schenken=on schenken_overbid=won_at_value",
        "klopfen=on klopfen_scope=ramsch_rounds",
        "ramsch_round_grand_hand_redeal=true",
        "ramsch_three_way_tie=nobody_loses",
        "bock_event_merge=xskat",
        "bock_triggers=lost_with_60,kontra_re,lost_after_kontra,grand_hand_won",
        "ramsch_round_after_bock=true",
    ] {
        assert!(text.contains(key), "{key} in {text}");
    }
    assert_eq!(read_skat_rules(&text).unwrap(), rules);
    // The rules line of pub extras §9, read over the defaults.
    let read = read_skat_rules(
        "bock=on bock_triggers=lost_with_60,grand_hand_won,score_multiple_of_100 ramsch_round_after_bock=true \
         ramsch_round_grand_hand_redeal=true bock_event_merge=xskat klopfen=on spitze=on spitze_levels=2",
    )
    .unwrap();
    let t = read.table;
    let bock = t.bock.unwrap();
    assert!(bock.triggers.lost_with_60 && bock.triggers.grand_hand_won && bock.triggers.score_multiple_of_100);
    assert!(!bock.triggers.grand_hand_played && bock.ramsch_round_after_bock);
    assert_eq!(bock.event_merge, trumpf_core::skat::BockEventMerge::Xskat);
    assert!(t.ramsch.round_grand_hand_redeal);
    assert_eq!(t.klopfen, Some(trumpf_core::skat::KlopfenScope::RamschRounds));
    assert_eq!(t.spitze.map(|s| s.levels), Some(2));
    // Revolution (§7) is not played: refused by name, `revolution=off` read.
    let e = read_skat_rules("revolution=on").unwrap_err().to_string();
    assert!(e.contains("Revolution"), "{e}");
    assert!(read_skat_rules("revolution=off").is_ok());
    assert!(read_skat_rules("spitze_levels=3").is_err());
}
