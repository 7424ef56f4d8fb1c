//! The itemised results against the worked examples of the rules
//! documents: `skat.md` §13, `skat-variants.md` §7, `spitzer.md` §9 and
//! `spidge.md` §9.5. The expected numbers are the documents', not the
//! engine's.

use trumpf_core::skat::{
    Contract, Doubling, GameKind, PlayTally, RamschPlay, RamschResult, RamschRules, RamschScoring, RamschTie,
    SkatOwner, SkatRules, settle, settle_ramsch, settle_with,
};
use trumpf_core::spidge::{ByHand, SpidgeRules};
use trumpf_core::spitzer::{self, Contract as SpitzerContract};
use trumpf_core::{CardSet, Suit};
use trumpf_table::skat::{ramsch_rows, result_rows};
use trumpf_table::{Row, Tone, spidge, spitzer as table_spitzer};

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

/// The rows' words, one row (or grid row) a line, runs of spaces made one.
fn shown(rows: &[Row]) -> String {
    let squeeze = |line: &str| line.split_whitespace().collect::<Vec<_>>().join(" ");
    rows.iter().flat_map(|row| row.plain().lines().map(squeeze).collect::<Vec<_>>()).collect::<Vec<_>>().join("\n")
}

fn assert_shows(rows: &[Row], expected: &[&str]) {
    let text = shown(rows);
    for e in expected {
        assert!(text.contains(e), "{e:?} missing in\n{text}");
    }
}

#[test]
fn the_result_itemises_rules_example_1() {
    // skat.md §13 row 1: Clubs with 2, picked up, D = 75: 3 × 12 = 36, +36.
    let tally = PlayTally { declarer_points: 75, declarer_tricks: 6, defender_tricks: 4 };
    let s = settle(Contract::pickup(GameKind::Suit(Suit::Clubs)), 30, 2, tally, &SkatRules::default());
    let rows = result_rows("Bot 1 (Middlehand)", &s, cards("H7 D7"), cards("SJ HA"), true);
    assert_eq!(rows[0], Row::heading("Bot 1 (Middlehand) — WON", Tone::Won));
    assert_eq!(rows[2], Row::Step { label: "with 2".into(), amount: 2, running: 2 });
    assert_eq!(rows[3], Row::Step { label: "game".into(), amount: 1, running: 3 });
    assert_shows(
        &rows,
        &[
            "Clubs, bid 30",
            "Clubs: base 12 × multiplier 3 = 36",
            "declarer defenders",
            "card points 75 45",
            "tricks 6 4",
            "score: +36",
            "skat (0 points): H7 D7 laid away",
            "found in the skat: SJ HA",
        ],
    );
    let text = shown(&rows);
    assert!(!text.contains("overbid") && !text.contains("lost"), "{text}");
}

#[test]
fn the_result_explains_an_overbid_and_a_lost_schneider() {
    // §13 row 5: bid 33, Diamonds with 1, picked up, D = 70: 18 < 33, charged 9 × 4 = 36, −72.
    let rules = SkatRules::default();
    let tally = PlayTally { declarer_points: 70, declarer_tricks: 6, defender_tricks: 4 };
    let s = settle(Contract::pickup(GameKind::Suit(Suit::Diamonds)), 33, 1, tally, &rules);
    let rows = result_rows("You (Rearhand)", &s, cards("C7 S7"), cards("C7 S7"), true);
    assert_shows(
        &rows,
        &[
            "LOST",
            "with 1 +1 = 1",
            "base 9 × multiplier 2 = 18",
            "overbid: 18 < bid 33 → charged 9 × 4 = 36",
            "score: -72 (a lost game counts double)",
        ],
    );
    assert!(rows.contains(&Row::text("overbid: 18 < bid 33 → charged 9 × 4 = 36", Tone::Against)));
    // §13 row 10: Clubs Hand Schneider announced, with 1, D = 75: 5 × 12 = 60, −120.
    let contract = Contract { schneider: true, ..Contract::hand(GameKind::Suit(Suit::Clubs)) };
    let tally = PlayTally { declarer_points: 75, declarer_tricks: 7, defender_tricks: 3 };
    let s = settle(contract, 18, 1, tally, &rules);
    let rows = result_rows("Bot 2 (Forehand)", &s, cards("C7 S7"), cards("C7 S7"), false);
    assert_shows(
        &rows,
        &[
            "hand +1 = 3",
            "schneider announced +1 = 5",
            "base 12 × multiplier 5 = 60",
            "lost: schneider announced, only 75 points",
            "score: -120",
            "(hand game: untouched)",
        ],
    );
}

#[test]
fn a_lost_grand_ouvert_counts_every_level() {
    // §13 row 8: Grand Ouvert with 4 = 11 × 24 = 264; the opponents win a trick: −528.
    let contract = Contract { schneider: true, schwarz: true, ouvert: true, ..Contract::hand(GameKind::Grand) };
    let tally = PlayTally { declarer_points: 26, declarer_tricks: 1, defender_tricks: 1 };
    let s = settle(contract, 18, 4, tally, &SkatRules::default());
    let rows = result_rows("You (Forehand)", &s, cards("C7 S7"), cards("C7 S7"), false);
    assert_shows(
        &rows,
        &[
            "with 4 +4 = 4",
            "ouvert +1 = 11",
            "Grand: base 24 × multiplier 11 = 264",
            "lost: schwarz announced, defenders took a trick",
            "score: -528 (a lost game counts double)",
            "skat (0 points): C7 S7 (hand game: untouched)",
        ],
    );
    assert!(!shown(&rows).contains("61 needed"), "the play stopped early; the points are no reason");
    let steps: Vec<i64> =
        rows.iter().filter_map(|r| if let Row::Step { running, .. } = r { Some(*running) } else { None }).collect();
    assert_eq!(steps, [4, 5, 6, 7, 8, 9, 10, 11], "with 4, game, hand, schneider (+ann.), schwarz (+ann.), ouvert");
}

#[test]
fn a_null_result_has_its_fixed_value() {
    // §13 row 7: Null Hand lost: 35, −70.
    let tally = PlayTally { declarer_points: 0, declarer_tricks: 1, defender_tricks: 2 };
    let s = settle(Contract::hand(GameKind::Null), 23, 0, tally, &SkatRules::default());
    let rows = result_rows("You (Forehand)", &s, cards("C7 S7"), cards("C7 S7"), false);
    assert_shows(&rows, &["Null Hand: fixed value 35", "lost: the declarer took a trick", "score: -70"]);
    assert!(!shown(&rows).contains("with") && !shown(&rows).contains("card points"));
}

#[test]
fn the_result_itemises_kontra_re_and_bock() {
    // Variants §7 K1 and B1: Clubs with 2 (V 36), lost with Kontra in a
    // Bock deal: 36 × 2 × 2 = 144, lost: −288.
    let rules = SkatRules::PUB;
    let tally = PlayTally { declarer_points: 50, declarer_tricks: 4, defender_tricks: 6 };
    let clubs = Contract::pickup(GameKind::Suit(Suit::Clubs));
    let s = settle_with(clubs, 18, 2, tally, &rules, Doubling { kontra: 1, bock: 2 });
    let rows = result_rows("Bot 1 (Middlehand)", &s, cards("H7 D7"), cards("H7 D7"), true);
    assert_shows(
        &rows,
        &[
            "Clubs: base 12 × multiplier 3 = 36",
            "36 × 2 (Kontra) × 2 (Bock) = 144",
            "lost: 50 card points, 61 needed",
            "score: -288 (a lost game counts double)",
        ],
    );
    assert!(rows.contains(&Row::text("36 × 2 (Kontra) × 2 (Bock) = 144", Tone::Doubled)));
    // §13 row 14: Kontra and Re, won: 36 × 4 = +144.
    let tally = PlayTally { declarer_points: 70, declarer_tricks: 6, defender_tricks: 4 };
    let s = settle_with(clubs, 18, 2, tally, &rules, Doubling { kontra: 2, bock: 1 });
    let rows = result_rows("You (Forehand)", &s, cards("H7 D7"), cards("H7 D7"), true);
    assert_shows(&rows, &["36 × 4 (Kontra, Re) = 144", "score: +144"]);
    // Without Kontra or Bock there is no factor line.
    let s = settle(clubs, 18, 2, tally, &rules);
    let rows = result_rows("You (Forehand)", &s, cards("H7 D7"), cards("H7 D7"), true);
    assert!(!shown(&rows).contains("× 2") && shown(&rows).contains("score: +36"), "{}", shown(&rows));
}

fn labels() -> [String; 3] {
    ["You (FH)".into(), "Bot 1 (MH)".into(), "Bot 2 (RH)".into()]
}

/// A Ramsch settled under `rules` and its rows (skat ♠K ♦10, 14 points).
fn ramsch(play: RamschPlay, rules: RamschRules) -> (RamschResult, Vec<Row>) {
    let r = settle_ramsch(play, &rules);
    (r, ramsch_rows(&r, &rules, &labels(), cards("SK DT"), CardSet::EMPTY))
}

fn play(trick_points: [u8; 3], tricks: [u8; 3], latest_trick: [u8; 3]) -> RamschPlay {
    RamschPlay { trick_points, tricks, latest_trick, skat_points: 14, pushes: 0, knocks: 0, bock: 1 }
}

#[test]
fn the_ramsch_result_itemises_variants_r3() {
    // skat-variants.md §7 R3: skat to the last trick; FH took no trick;
    // MH 55 (won trick 10), RH 51, skat 14: MH 69, Jungfrau ×2 → MH −138.
    let (r, rows) = ramsch(play([0, 55, 51], [0, 5, 5], [0, 10, 9]), RamschRules::STANDARD);
    assert_eq!(r.scores, [0, -138, 0]);
    assert_shows(
        &rows,
        &[
            "Ramsch — Bot 1 (MH) loses",
            "Schieberamsch",
            "tricks points skat total score",
            "You (FH) 0 0 . 0 .",
            "Bot 1 (MH) 5 55 +14 69 -138",
            "Bot 2 (RH) 5 51 . 51 .",
            "skat SK DT (14) → Bot 1 (MH), last trick",
            "loser: most points (69)",
            "Jungfrau: You (FH) took no trick",
            "Bot 1 (MH): 69 × 2 (Jungfrau) = -138",
        ],
    );
    // R1 inside a Bock round (R11): RH 35 + 14 = 49, MH 51 → −102.
    let mut bock = play([20, 51, 35], [2, 4, 4], [3, 9, 10]);
    bock.bock = 2;
    let (r, rows) = ramsch(bock, RamschRules::STANDARD);
    assert_eq!(r.scores, [0, -102, 0]);
    assert_shows(&rows, &["Schieberamsch · Bock ×2", "Bot 1 (MH): 51 × 2 (Bock) = -102", "→ Bot 2 (RH), last trick"]);
    assert!(!shown(&rows).contains("Jungfrau"));
}

#[test]
fn the_ramsch_result_names_the_tie_rule_used() {
    // R5: skat to the loser; FH 45, MH 45, RH 16, skat 14: both tied lose 59.
    let loser = RamschRules { skat_owner: SkatOwner::Loser, ..RamschRules::STANDARD };
    let tie = play([45, 45, 16], [4, 4, 2], [9, 10, 5]);
    let (r, rows) = ramsch(tie, loser);
    assert_eq!(r.scores, [-59, -59, 0]);
    assert_shows(
        &rows,
        &[
            "Ramsch — You (FH) and Bot 1 (MH) lose",
            "→ You (FH) and Bot 1 (MH), the losers",
            "tie at 45: all tied players lose in full",
            "You (FH): 59 → -59",
            "Bot 1 (MH): 59 → -59",
        ],
    );
    // R6: the later trick decides; R7: the loss is split, truncated.
    let (r, rows) = ramsch(tie, RamschRules { tie: RamschTie::LatestTrickLoses, ..loser });
    assert_eq!(r.scores, [0, -59, 0]);
    assert_shows(
        &rows,
        &["tie at 45: who won the later trick loses", "Bot 1 (MH): 59 → -59", "→ Bot 1 (MH), the loser"],
    );
    let (r, rows) = ramsch(tie, RamschRules { tie: RamschTie::Split, ..loser });
    assert_eq!(r.scores, [-29, -29, 0]);
    assert_shows(&rows, &["tie at 45: the tied players split the loss", "You (FH): 59, split 2 ways → -29"]);
}

#[test]
fn the_ramsch_result_counts_pushes_durchmarsch_and_the_fixed_tariff() {
    // R8: two unseen pushes, the loser has 60 with the skat: −240.
    let mut pushed = play([46, 30, 30], [4, 3, 3], [10, 8, 9]);
    pushed.pushes = 2;
    let (r, rows) = ramsch(pushed, RamschRules::STANDARD);
    assert_eq!(r.scores, [-240, 0, 0]);
    assert_shows(&rows, &["pushed unseen: 2 pushes (×2 each)", "You (FH): 60 × 4 (2 pushes) = -240"]);
    // R4: all ten tricks win +120; with one push +240.
    let mut durch = play([106, 0, 0], [10, 0, 0], [10, 0, 0]);
    let (r, rows) = ramsch(durch, RamschRules::STANDARD);
    assert_eq!(r.scores, [120, 0, 0]);
    assert_eq!(rows[0], Row::heading("Ramsch — Durchmarsch: You (FH) took every trick", Tone::Won));
    assert_shows(&rows, &["Durchmarsch: You (FH): 120 → +120"]);
    durch.pushes = 1;
    let (_, rows) = ramsch(durch, RamschRules::STANDARD);
    assert_shows(&rows, &["Durchmarsch: You (FH): 120 × 2 (1 push) = +240"]);
    // R10: the fixed tariff, one Jungfrau: −15.
    let fixed = RamschRules { scoring: RamschScoring::Fixed, ..RamschRules::STANDARD };
    let (r, rows) = ramsch(play([0, 55, 51], [0, 5, 5], [0, 10, 9]), fixed);
    assert_eq!(r.scores, [0, -15, 0]);
    assert_shows(&rows, &["fixed tariff", "Bot 1 (MH): fixed 15 (one Jungfrau) = -15"]);
}

/// The four members of spitzer.md §9's examples with their totals before
/// and after the deal.
fn members(gains: [i64; 4], totals: [i64; 4]) -> Vec<(String, i64, i64)> {
    (0..4).map(|i| (format!("P{}", i + 1), gains[i], totals[i])).collect()
}

#[test]
fn spitzer_results_follow_the_worked_examples() {
    let side = |seats: &[&str]| seats.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // §9 #1: Normal; the black-queen partners take 75 → each partner +3.
    let s = spitzer::settle(SpitzerContract::Normal, 5, 75);
    let rows = table_spitzer::settlement_rows(
        &s,
        "all passed",
        &side(&["P2 (E2)", "P4 (E4)"]),
        &members([0, 3, 0, 3], [0, 3, 0, 3]),
    );
    assert_eq!(rows[1], Row::Verdict { text: "Declaring side: P2 (E2) + P4 (E4)".into(), won: true });
    assert_shows(
        &rows,
        &[
            "Normal — all passed",
            "declaring other",
            "tricks 5 3",
            "card points 75 45",
            "column c3: 61 to 89 card points",
            "tariff c0 — c1 -9 c2 -6 [c3 +3] c4 +6 c5 +9",
            "→ +3 to each player of the declaring side",
            "P1 P2 P3 P4",
            "this deal . +3 . +3",
            "totals 0 3 0 3",
        ],
    );
    // #7: a Sneaker takes 50 → each of the three opponents +6.
    let s = spitzer::settle(SpitzerContract::Sneaker, 3, 50);
    let rows =
        table_spitzer::settlement_rows(&s, "all passed", &side(&["P3 (E3)"]), &members([6, 6, 0, 6], [6, 6, 0, 6]));
    assert_eq!(rows[1], Row::Verdict { text: "Declaring side: P3 (E3)".into(), won: false });
    assert_shows(
        &rows,
        &["Sneaker — all passed", "column c2: 31 to 60 card points", "→ +6 to each player of the other side"],
    );
    // #9: a Zola takes no trick → each opponent +15.
    let s = spitzer::settle(SpitzerContract::Zola, 0, 0);
    let rows = table_spitzer::settlement_rows(
        &s,
        "announced by P1 (E1)",
        &side(&["P1 (E1)"]),
        &members([0, 15, 15, 15], [0, 15, 15, 15]),
    );
    assert_shows(
        &rows,
        &["Zola — announced by P1 (E1)", "column c0: no trick", "[c0 -15]", "→ +15 to each player of the other side"],
    );
    // #11: Zola Schneider takes 95 → +36; #14: ZSS takes 115 in 7 tricks → each opponent +27.
    let s = spitzer::settle(SpitzerContract::ZolaSchneider, 7, 95);
    let rows = table_spitzer::settlement_rows(
        &s,
        "announced by P1 (E1)",
        &side(&["P1 (E1)"]),
        &members([36, 0, 0, 0], [36, 0, 0, 0]),
    );
    assert_shows(
        &rows,
        &["Zola Schneider — announced by P1 (E1)", "column c4", "→ +36 to each player of the declaring side"],
    );
    let s = spitzer::settle(SpitzerContract::ZolaSchneiderSchwarz, 7, 115);
    let rows = table_spitzer::settlement_rows(
        &s,
        "announced by P1 (E1)",
        &side(&["P1 (E1)"]),
        &members([0, 27, 27, 27], [0, 27, 27, 27]),
    );
    assert_shows(&rows, &["Zola Schneider Schwarz — announced by P1 (E1)", "→ +27 to each player of the other side"]);
    // #15: a called-ace side takes exactly 60 → each opponent +6.
    let s = spitzer::settle(SpitzerContract::Normal, 4, 60);
    let rows = table_spitzer::settlement_rows(
        &s,
        "Call ♥A by P1 (E1)",
        &side(&["P1 (E1)", "P3 (E3)"]),
        &members([0, 6, 0, 6], [0, 6, 0, 6]),
    );
    assert_shows(&rows, &["Normal — Call ♥A by P1 (E1)", "column c2", "→ +6 to each player of the other side"]);
}

#[test]
fn spidge_results_follow_the_worked_examples() {
    let rules = SpidgeRules::default();
    let players = ["Lea".to_owned(), "Ron".to_owned(), "Dan".to_owned()];
    let totals = |t: [i64; 3]| players.iter().cloned().zip(t).collect::<Vec<_>>();
    // §9.5 row 1: L 0, R 10, dealer 2 + dummy 1: L +1 (Nil), R +1 (Spidge), dealer 0.
    let tricks = |l, r, dealer, dummy| ByHand::new([l, dummy, r, dealer]);
    let result = trumpf_core::spidge::settle(tricks(0, 10, 2, 1), &rules);
    let rows = spidge::result_rows(&result, &rules, &players, &totals([1, 1, 0]));
    assert_shows(
        &rows,
        &[
            "hand player tricks count award points",
            "L Lea 0 0 Nil +1",
            "R Ron 10 10 Spidge +1",
            "Dealer Dan 2 2+1=3 — .",
            "Dummy 1 (dealer)",
            "Nil 1: L or R no trick · Spidge 1: 10–12 tricks",
            "Slam 2: 13 · Grand Slam 4: dealer+dummy none, wins",
            "totals: Lea 1 · Ron 1 · Dan 0",
        ],
    );
    let Row::Grid(grid) = &rows[0] else { panic!("{:?}", rows[0]) };
    let tones: Vec<Tone> = grid.rows.iter().map(|r| r.tone).collect();
    assert_eq!(tones, [Tone::Strong, Tone::Scored, Tone::Scored, Tone::Plain, Tone::Plain]);
    // Row 3: L 0, R 0, dealer 7 + dummy 6 = 13: dealer +2 (Slam), L +1, R +1.
    let result = trumpf_core::spidge::settle(tricks(0, 0, 7, 6), &rules);
    let rows = spidge::result_rows(&result, &rules, &players, &totals([1, 1, 2]));
    assert_shows(&rows, &["Dealer Dan 7 7+6=13 Slam +2", "L Lea 0 0 Nil +1", "R Ron 0 0 Nil +1"]);
    // Row 4: L 7, R 6, dealer and dummy none: a Grand Slam, +4, the game at once.
    let result = trumpf_core::spidge::settle(tricks(7, 6, 0, 0), &rules);
    let rows = spidge::result_rows(&result, &rules, &players, &totals([0, 0, 4]));
    assert_shows(&rows, &["Dealer Dan 0 0+0=0 Grand Slam +4"]);
    assert!(
        rows.contains(&Row::text("Grand Slam: Dan and the dummy took no trick and win the game at once!", Tone::Won))
    );
    // Row 6: L 3, R 4, dealer 4 + 2: nobody scores.
    let result = trumpf_core::spidge::settle(tricks(3, 4, 4, 2), &rules);
    let rows = spidge::result_rows(&result, &rules, &players, &totals([0, 0, 0]));
    assert_shows(&rows, &["L Lea 3 3 — .", "R Ron 4 4 — .", "Dealer Dan 4 4+2=6 — ."]);
}

#[test]
fn a_null_result_names_no_card_points_and_a_grand_hand_before_a_ramsch_no_bid() {
    // skat.md §13 row 7 again: in Null only tricks count, so the skat is
    // shown without its points.
    let tally = PlayTally { declarer_points: 0, declarer_tricks: 1, defender_tricks: 2 };
    let s = settle(Contract::hand(GameKind::Null), 23, 0, tally, &SkatRules::default());
    let rows = result_rows("You (Forehand)", &s, cards("CA ST"), cards("CA ST"), false);
    assert!(!shown(&rows).contains("points"), "{}", shown(&rows));
    assert_shows(&rows, &["skat: CA ST (hand game: untouched)"]);
    // variants §2.2: Grand Hand declared instead of a Ramsch, without a bid.
    let tally = PlayTally { declarer_points: 70, declarer_tricks: 7, defender_tricks: 3 };
    let s = settle(Contract::hand(GameKind::Grand), 0, 1, tally, &SkatRules::PUB);
    let rows = result_rows("Bot 1 (Middlehand)", &s, cards("C7 S7"), cards("C7 S7"), false);
    assert_shows(&rows, &["Grand Hand, played instead of the Ramsch (no bidding)"]);
    assert!(!shown(&rows).contains("bid 0"), "{}", shown(&rows));
}

#[test]
fn the_result_itemises_spitze_and_gifts() {
    use trumpf_core::skat::{Extras, SchenkenOverbid, settle_game};
    // skat-pub-extras.md §10 SP1: Hearts, picked up, without 2, Spitze,
    // D = 73, the H7 wins trick 10: 10 × (2 + 1 + 1) = +40.
    let hearts = Contract::pickup(GameKind::Suit(Suit::Hearts));
    let tally = PlayTally { declarer_points: 73, declarer_tricks: 6, defender_tricks: 4 };
    let spitze = Extras { spitze: 1, spitze_made: true, ..Extras::NONE };
    let s = settle_game(hearts, 18, -2, tally, &SkatRules::default(), Doubling::NONE, spitze);
    let rows = result_rows("You (FH)", &s, cards("C7 C8"), cards("C7 C8"), true);
    assert_shows(&rows, &["without 2", "Spitze", "Hearts: base 10 × multiplier 4 = 40", "score: +40"]);
    // SP2: beaten in trick 10: lost at 40, −80, and why.
    let failed = Extras { spitze_made: false, ..spitze };
    let s = settle_game(hearts, 18, -2, tally, &SkatRules::default(), Doubling::NONE, failed);
    let rows = result_rows("You (FH)", &s, cards("C7 C8"), cards("C7 C8"), true);
    assert_shows(&rows, &["You (FH) — LOST", "lost: the Spitze card did not win the last trick", "score: -80"]);
    // SC2: Grand Hand with 4, refused once, given again and accepted: 24 × 8.
    let gift = Extras { raised: 1, gift: Some(SchenkenOverbid::Lost), ..Extras::NONE };
    let grand_hand = Contract::hand(GameKind::Grand);
    let s = settle_game(grand_hand, 18, 4, PlayTally::default(), &SkatRules::default(), Doubling::NONE, gift);
    let rows = result_rows("Bot 1 (MH)", &s, cards("DA DT"), cards("DA DT"), false);
    assert_shows(
        &rows,
        &[
            "Bot 1 (MH) — WON: the defenders gave the game away",
            "schneider (given)",
            "schneider announced (gift refused)",
            "Grand: base 24 × multiplier 8 = 192",
            "gift accepted in the first trick: 61 card points and one trick a side",
            "score: +192",
        ],
    );
}

#[test]
fn the_ramsch_result_itemises_knocks_and_the_three_way_tie() {
    use trumpf_core::skat::ThreeWayTie;
    // skat-pub-extras.md §10 KL1: loser 51 (37 + the skat's 14), two
    // knocks: −204.
    let mut knocked = play([30, 37, 39], [3, 4, 3], [8, 10, 9]);
    knocked.knocks = 2;
    let (r, rows) = ramsch(knocked, RamschRules::STANDARD);
    assert_eq!(r.scores, [0, -204, 0]);
    assert_shows(&rows, &["knocked: 2 (×2 each)", "Bot 1 (MH): 51 × 4 (2 knocks) = -204"]);
    // T1 with nobody_loses: 40 / 40 / 40 (RH 26 + 14).
    let tie = play([40, 40, 26], [3, 3, 4], [8, 9, 10]);
    let rules = RamschRules { three_way_tie: ThreeWayTie::NobodyLoses, ..RamschRules::STANDARD };
    let (r, rows) = ramsch(tie, rules);
    assert_eq!(r.scores, [0, 0, 0]);
    assert_shows(&rows, &["Ramsch — nobody loses", "all three tie at 40: nobody loses (house rule)"]);
}
