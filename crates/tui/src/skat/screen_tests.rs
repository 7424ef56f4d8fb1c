//! The Skat screens drawn on a test terminal: every phase's panel, the
//! score sheet, the itemised result as the table's rows rendered, and
//! nothing the person cannot know.

use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use trumpf_core::series::{SkatMatchRules, read_skat_rules_onto};
use trumpf_core::skat::{PlayTally, SkatDeal, SkatRules, settle};
use trumpf_core::{CardSet, Suit};
use trumpf_table::skat::result_rows;

use super::tests::{
    Kontrarian, Passer, human_defends, isko, model, passers, play_deals, policy_key, pub_ramsch, pub_rules, session_of,
    skat_bots, starting_with,
};
use super::*;
use crate::testing::{bots, ch, check_marks, feed, key, panel, rows, screen, squeeze, started, text};
use crate::widgets::result_lines;

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

/// The lines rendered 49 wide and wrapped (the result panel at 80
/// columns), with runs of spaces collapsed to one.
fn render_lines(lines: Vec<Line<'static>>) -> String {
    let area = Rect::new(0, 0, 49, 24);
    let mut buf = Buffer::empty(area);
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(area, &mut buf);
    rows(&buf).iter().map(|row| squeeze(row)).collect::<Vec<_>>().join("\n")
}

/// A deal giving forehand `fh` and the skat `skat`, the other cards in
/// order to middlehand and rearhand.
fn forehand_holds(fh: CardSet, skat: CardSet) -> SkatDeal {
    let rest: Vec<Card> = CardSet::PIQUET_PACK.minus(fh | skat).iter().collect();
    SkatDeal::new([fh, rest[..10].iter().copied().collect(), rest[10..].iter().copied().collect()], skat).unwrap()
}

/// Each of `expected` is in `text`, where a line may wrap.
fn assert_shows(text: &str, expected: &[&str]) {
    let flat = text.replace('\n', " ");
    for e in expected {
        assert!(flat.contains(e), "{e:?} missing in\n{text}");
    }
}

#[test]
fn the_bidding_screen_shows_the_bid_and_what_was_said() {
    // Deal 2: the human sits in rearhand; middlehand passed, the human says.
    let mut bots = passers();
    let mut m = started(model(session_of(4, isko())), &mut bots);
    play_deals(&mut m, &mut bots, 1, |_| {});
    feed(&mut m, &mut bots, ch('n'));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| frame.render_widget(&m, frame.area())).unwrap();
    let shown = text(terminal.backend().buffer());
    for expected in ["deal 2", "you: Rearhand, dealer", "Bot 2 Middlehand said pass", "Your bid: ◀ 18 ▶"] {
        assert!(shown.contains(expected), "{expected:?} missing in\n{shown}");
    }
    assert!(shown.contains("Enter say · p pass"), "the help line names the keys");
    feed(&mut m, &mut bots, key(KeyCode::Right));
    assert!(text(&screen(&m, 80, 24)).contains("◀ 20 ▶"));
    // Said: the holder (a passer) passes at once, so the human declares at 20.
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("▶ You Rearhand declarer, bid 20"), "{shown}");
    assert!(shown.contains("▶ Pick up the skat"), "{shown}");
}

#[test]
fn the_play_screen_marks_the_playable_cards() {
    let mut bots = skat_bots(3);
    let mut m = started(model(session_of(5, isko())), &mut bots);
    for _ in 0..5000 {
        let legal = m.view.legal_cards();
        if m.view.phase == SkatPhase::Playing && !legal.is_empty() && legal != m.view.hand {
            let buf = screen(&m, 80, 24);
            let (top, panel_rows) = panel(&buf, "Your hand");
            assert!(panel_rows[0].contains("• playable"));
            // The cursor is on a playable card: every unplayable card has a blank mark.
            assert!(legal.contains(m.hand()[m.cursor]));
            check_marks(&buf, top, &m.hand(), Some(legal), Some(m.cursor));
            let shown = rows(&buf);
            let trick = shown.iter().find(|r| r.contains("│Trick ")).expect("the trick row");
            let led = m.view.trick()[0];
            assert!(trick.contains(&format!("▸{}", card_text(led))), "{trick}");
            return;
        }
        let msg = policy_key(&m);
        feed(&mut m, &mut bots, msg);
    }
    panic!("the human never had to follow suit");
}

#[test]
fn the_result_screen_itemises_a_game_played_through_the_keys() {
    // skat.md §13 row 1's twelve cards, held by the human in forehand:
    // CJ SJ CA CT CK C9 C8 SA ST HA + skat H7 D7, Clubs: "with 2".
    let fh = cards("CJ SJ CA CT CK C9 C8 SA ST HA");
    let skat = cards("H7 D7");
    let deal = forehand_holds(fh, skat);
    let mut bots = passers();
    let mut m = started(model(starting_with(1, isko(), deal)), &mut bots);
    assert!(text(&screen(&m, 80, 24)).contains("Play at 18?"));
    feed(&mut m, &mut bots, ch('y'));
    feed(&mut m, &mut bots, ch('s'));
    assert!(text(&screen(&m, 80, 24)).contains("The skat held ♥7 ♦7."));
    // Grand order: CJ SJ CA CT CK C9 C8 SA ST HA H7 D7 — lay away the last two.
    for msg in [key(KeyCode::End), ch(' '), key(KeyCode::Left), ch(' '), key(KeyCode::Enter)] {
        feed(&mut m, &mut bots, msg);
    }
    assert_eq!(m.view.skat, skat);
    let clubs =
        m.options().iter().position(|a| *a == SkatAction::Declare(Contract::pickup(GameKind::Suit(Suit::Clubs))));
    for _ in 0..clubs.unwrap() {
        feed(&mut m, &mut bots, key(KeyCode::Down));
    }
    assert!(text(&screen(&m, 80, 24)).contains("▶ Clubs ≥ 36"));
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    while m.view.phase == SkatPhase::Playing {
        feed(&mut m, &mut bots, key(KeyCode::Enter));
    }
    let Some(SkatOutcome::Played { settlement, .. }) = m.view.outcome else { panic!("played") };
    let shown = text(&screen(&m, 80, 24));
    let multiplier = settlement.levels.multiplier();
    for expected in [
        "You (Forehand) —".to_owned(),
        "Clubs, bid 18".to_owned(),
        "with 2".to_owned(),
        "game".to_owned(),
        format!("Clubs: base 12 × multiplier {multiplier} = {}", 12 * multiplier),
        format!("score: {:+}", settlement.score),
        "skat (0 points): ♥7 ♦7 laid away".to_owned(),
        "found in the skat: ♥7 ♦7".to_owned(),
    ] {
        assert!(shown.contains(&expected), "{expected:?} missing in\n{shown}");
    }
    assert!(shown.contains(&format!("│ 1 ♣ {:+} . . │", settlement.score)), "{shown}");
}

#[test]
fn no_screen_shows_a_card_the_human_cannot_know() {
    use trumpf_core::GameView as _;
    let mut bots = skat_bots(3);
    let mut m = started(model(session_of(31, isko())), &mut bots);
    play_deals(&mut m, &mut bots, 4, |m| {
        let shown = text(&screen(m, 80, 24));
        for card in CardSet::PIQUET_PACK.minus(m.view.visible_cards() | m.extra.found) {
            assert!(!shown.contains(&card_text(card)), "{card} is hidden from the human\n{shown}");
        }
    });
}

#[test]
fn small_terminals_get_a_notice_and_80_by_24_shows_the_hand() {
    let mut bots = passers();
    let m = started(model(session_of(4, isko())), &mut bots);
    assert!(text(&screen(&m, 40, 10)).replace('\n', " ").contains("needs a terminal of at least 80×24"));
    assert!(text(&screen(&m, 80, 23)).replace('\n', " ").contains("this one is 80×23"));
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Your hand") && shown.contains("Score sheet") && shown.contains("q quit"));
}

#[test]
fn a_played_ramsch_shows_its_result_and_sheet_line() {
    let (mut m, mut bots) = pub_ramsch(2);
    let shown = text(&screen(&m, 80, 24));
    assert_shows(
        &shown,
        &[
            "Schieberamsch · the packet",
            "▶ Take the packet, pass two on",
            "Push it on unseen score ×2",
            "s take packet · u push unseen",
            "pub · Ramsch when all pass · Kontra/Re · Bock",
        ],
    );
    feed(&mut m, &mut bots, ch('s'));
    let shown = text(&screen(&m, 80, 24));
    assert_shows(
        &shown,
        &["You took the packet:", "Mark two cards to pass on (no jacks), then Enter.", "× to pass on"],
    );
    while m.view.phase != SkatPhase::Over {
        if m.view.phase == SkatPhase::Playing && m.view.is_my_turn() {
            let shown = text(&screen(&m, 80, 24));
            assert_shows(&shown, &["Ramsch · trick play", "Ramsch: each for himself", "pts"]);
        }
        let msg = policy_key(&m);
        feed(&mut m, &mut bots, msg);
    }
    let Some(SkatOutcome::Ramsch { result }) = m.view.outcome else { panic!("a Ramsch") };
    let shown = text(&screen(&m, 80, 24));
    assert_shows(&shown, &["Ramsch —", "tricks points skat total score", "R Ramsch", "│ 1 R "]);
    let human = m.view.seat.index();
    let cell = |d: i32| if d == 0 { ".".to_owned() } else { format!("{d:+}") };
    assert!(shown.contains(&format!("│ 1 R {} ", cell(result.scores[human]))), "{shown}");
}

#[test]
fn the_grand_hand_offer_has_its_screen_and_key() {
    let rules = read_skat_rules_onto(pub_rules(), "ramsch_grand_hand_offer_after_pass_out=true").unwrap();
    let mut bots = passers();
    let mut m = started(model(session_of(2, rules)), &mut bots);
    while m.view.phase == SkatPhase::Bidding {
        feed(&mut m, &mut bots, ch('p'));
    }
    assert_eq!(m.view.phase, SkatPhase::GrandHandOffer);
    let shown = text(&screen(&m, 80, 24));
    assert_shows(
        &shown,
        &[
            "Grand Hand or Ramsch",
            "All three passed: a Ramsch is played unless",
            "somebody plays Grand Hand (forehand first).",
            "▶ Pass (no Grand Hand)",
            "Grand Hand ≈",
            "g Grand Hand · p pass",
            "trumpf Skat · custom · deal 1",
        ],
    );
    feed(&mut m, &mut bots, ch('g'));
    assert_eq!(m.view.contract, Some(Contract::hand(GameKind::Grand)));
    assert_eq!(m.view.declarer, Some(Seat::FOREHAND));
    let shown = text(&screen(&m, 80, 24));
    assert_shows(&shown, &["You Forehand declarer, Grand Hand offer", "You play Grand Hand"]);
}

#[test]
fn the_kontra_key_is_shown_only_when_kontra_is_legal() {
    let (mut m, mut bots) = human_defends();
    let shown = text(&screen(&m, 80, 24));
    assert_shows(&shown, &["k Kontra", "Kontra? k says it before your first card (×2)."]);
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert!(m.view.is_my_turn());
    let shown = text(&screen(&m, 80, 24));
    assert!(!shown.contains("· k Kontra ·") && !shown.contains("Kontra?"), "{shown}");
}

#[test]
fn the_kontra_window_before_the_opening_lead_has_its_screen() {
    let rules = read_skat_rules_onto(pub_rules(), "kontra_timing=before_opening_lead").unwrap();
    // Deal 2: the human sits in rearhand; Bot 1 (forehand) plays at 18,
    // Bot 2 (middlehand) lets the window pass, then the human decides.
    let mut bots = bots(vec![Box::new(Kontrarian { bids: true }), Box::new(Passer)]);
    let mut m = started(model(session_of(6, rules)), &mut bots);
    play_deals(&mut m, &mut bots, 1, |_| {});
    feed(&mut m, &mut bots, ch('n'));
    while m.view.phase == SkatPhase::Bidding {
        feed(&mut m, &mut bots, ch('p'));
    }
    assert_eq!((m.view.phase, m.view.seat), (SkatPhase::KontraWindow, Seat::REARHAND));
    assert_eq!(m.options(), [SkatAction::Pass, SkatAction::Kontra]);
    let shown = text(&screen(&m, 80, 24));
    assert_shows(
        &shown,
        &[
            "Kontra?",
            "Bot 1 plays",
            "Kontra before the opening lead? k: yes, p: no.",
            "▶ No Kontra",
            "Kontra game ×2",
            "k Kontra · p no Kontra",
        ],
    );
    // ↓ and Enter choose Kontra; Bot 1 declines Re and leads.
    feed(&mut m, &mut bots, key(KeyCode::Down));
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(m.view.kontra.level, 1);
    assert_eq!(m.view.phase, SkatPhase::Playing);
    let shown = text(&screen(&m, 80, 24));
    assert_shows(&shown, &["You Rearhand defender, Kontra", "Bot 1: no Re"]);
}

#[test]
fn the_declarers_re_decision_has_its_screen() {
    let mut bots = bots(vec![Box::new(Kontrarian { bids: false }), Box::new(Kontrarian { bids: false })]);
    let mut m = started(model(session_of(1, pub_rules())), &mut bots);
    while !m.re_turn() {
        let msg = policy_key(&m);
        feed(&mut m, &mut bots, msg);
    }
    let by = m.name_at(m.view.kontra.by.unwrap()).to_owned();
    let shown = text(&screen(&m, 80, 24));
    assert_shows(
        &shown,
        &[
            &format!("{by} says Kontra! r: Re (×4) p: play on (×2)"),
            "r Re · p no Re",
            "· Kontra ",
            &format!("{by}: Kontra!"),
        ],
    );
    feed(&mut m, &mut bots, ch('r'));
    let shown = text(&screen(&m, 80, 24));
    assert_shows(&shown, &["declarer, bid 18, Re", "Trick play · ", "· Kontra · Re"]);
    while m.view.phase != SkatPhase::Over {
        let msg = policy_key(&m);
        feed(&mut m, &mut bots, msg);
    }
    let Some(SkatOutcome::Played { settlement, .. }) = m.view.outcome else { panic!("a game") };
    let shown = text(&screen(&m, 80, 24));
    let worked = format!("{} × 4 (Kontra, Re) = {}", settlement.value, settlement.doubled_value());
    assert_shows(&shown, &[&worked, &format!("Kontra: {by}, Re: You")]);
    let mark = if settlement.score == 0 { ".".to_owned() } else { format!("{:+}", settlement.score) };
    assert!(shown.contains(&format!("r {mark}")), "the sheet marks the Re\n{shown}");
}

#[test]
fn a_pirat_match_shows_its_phases_on_the_sheet_and_ends() {
    let mut bots = skat_bots(3);
    let rules = SkatMatchRules { table: SkatRules::PIRAT, deals: None };
    let mut m = started(model(session_of(12, rules)), &mut bots);
    let mut seen = vec![];
    let mut note = |m: &Model<SkatGame>| {
        let shown = text(&screen(m, 80, 24));
        for phase in ["Pirat: normal, to 100", "Pirat: Bock round", "Pirat: Ramsch round", "Pirat: ended"] {
            if shown.contains(phase) && !seen.contains(&phase) {
                seen.push(phase);
            }
        }
    };
    note(&m);
    // What the sheet says of the rounds during each deal, by deal number.
    let mut rounds: Vec<(u32, String)> = Vec::new();
    play_deals(&mut m, &mut bots, 500, |m| {
        if m.view.phase == SkatPhase::Over {
            note(m);
        } else if m.view.phase == SkatPhase::Playing {
            let shown = text(&screen(m, 80, 24));
            let said: Vec<&str> = shown
                .lines()
                .filter_map(|l| {
                    let at = l.find("Bock round: deal").or_else(|| l.find("Ramsch round: deal"))?;
                    l[at..].split(" │").next()
                })
                .collect();
            let entry = (m.table().number(), said.join(" "));
            if rounds.last() != Some(&entry) {
                rounds.push(entry);
            }
        }
    });
    assert!(m.match_over());
    assert_eq!(seen, ["Pirat: normal, to 100", "Pirat: Bock round", "Pirat: Ramsch round", "Pirat: ended"]);
    let deals = m.table().record().deals();
    let n = deals.len();
    assert!(deals[n - 6..n - 3].iter().all(|d| d.end.setup().bock == 2), "three Bock deals");
    assert!(deals[n - 3..].iter().all(|d| d.end.setup().ramsch_round && d.end.is_ramsch()), "three Ramsch deals");
    assert!(deals[..n - 6].iter().all(|d| d.end.setup() == trumpf_core::skat::DealSetup::default()));
    // variants §6.3: one deal per member in each round; the sheet counts
    // them as deals of the round.
    let during = |deal: usize| rounds.iter().find(|(d, _)| *d as usize == deal).map(|(_, said)| said.clone());
    for k in 1..=3 {
        assert_eq!(during(n - 6 + k), Some(format!("Bock round: deal {k} of 3")), "{rounds:?}");
        assert_eq!(during(n - 3 + k), Some(format!("Ramsch round: deal {k} of 3")), "{rounds:?}");
    }
    assert_eq!(during(n - 7).as_deref(), Some(""), "no round before the Bock round");
    let shown = text(&screen(&m, 80, 24));
    assert_shows(
        &shown,
        &[&format!("│{n:>2} R "), "Bock rounds played: 1", "Ramsch rounds played: 1", "The match is over:"],
    );
    assert!(shown.lines().any(|l| l.contains(&format!("│{:>2} ", n - 4)) && l.contains('b')), "{shown}");
    assert!(shown.ends_with("\na analysis · ↑/↓ PgUp/PgDn scroll the sheet · w save · q quit"), "{shown}");
    // Scrolled back to the top, the sheet shows deal 1.
    assert!(!shown.contains("│ 1 "), "{shown}");
    feed(&mut m, &mut bots, key(KeyCode::Home));
    assert!(text(&screen(&m, 80, 24)).contains("│ 1 "));
}

#[test]
fn the_result_itemises_rules_example_1() {
    // skat.md §13 row 1: Clubs with 2, picked up, D = 75: 3 × 12 = 36, +36.
    let rules = SkatRules::default();
    let tally = PlayTally { declarer_points: 75, declarer_tricks: 6, defender_tricks: 4 };
    let s = settle(Contract::pickup(GameKind::Suit(Suit::Clubs)), 30, 2, tally, &rules);
    let text =
        render_lines(result_lines(&result_rows("Bot 1 (Middlehand)", &s, cards("H7 D7"), cards("SJ HA"), true), 2));
    for expected in [
        "Bot 1 (Middlehand) — WON",
        "Clubs, bid 30",
        "with 2",
        "+2 = 2",
        "game",
        "+1 = 3",
        "Clubs: base 12 × multiplier 3 = 36",
        "declarer defenders",
        "card points 75 45",
        "tricks 6 4",
        "score: +36",
        "skat (0 points): ♥7 ♦7 laid away",
        "found in the skat: ♠J ♥A",
    ] {
        assert!(text.contains(expected), "{expected:?} missing in\n{text}");
    }
    assert!(!text.contains("overbid") && !text.contains("lost"));
}

#[test]
fn a_lost_grand_ouvert_fits_the_result_panel() {
    // §13 row 8: Grand Ouvert with 4 = 11 × 24 = 264; the opponents win a trick: −528.
    let contract = Contract { schneider: true, schwarz: true, ouvert: true, ..Contract::hand(GameKind::Grand) };
    let tally = PlayTally { declarer_points: 26, declarer_tricks: 1, defender_tricks: 1 };
    let s = settle(contract, 18, 4, tally, &SkatRules::default());
    let text = render_lines(result_lines(&result_rows("You (Forehand)", &s, cards("C7 S7"), cards("C7 S7"), false), 2));
    for expected in [
        "with 4 +4 = 4",
        "ouvert +1 = 11",
        "Grand: base 24 × multiplier 11 = 264",
        "lost: schwarz announced, defenders took a trick",
        "score: -528 (a lost game counts double)",
        "skat (0 points): ♣7 ♠7 (hand game: untouched)",
    ] {
        assert!(text.contains(expected), "{expected:?} missing in\n{text}");
    }
    assert!(!text.contains("61 needed"), "the play stopped early; the points are no reason");
    // With the last-trick line it fits the 19 rows the panel has in 80×23.
    assert!(text.lines().filter(|l| !l.is_empty()).count() <= 18, "{text}");
}

#[test]
fn a_big_jump_in_the_bidding_asks_for_a_second_enter() {
    // Deal 2 as in the bidding test: the human in rearhand says a value.
    let mut bots = passers();
    let mut m = started(model(session_of(4, isko())), &mut bots);
    play_deals(&mut m, &mut bots, 1, |_| {});
    feed(&mut m, &mut bots, ch('n'));
    let version = m.table().version();
    // End: the highest value there is (skat.md: 264), not said at once.
    feed(&mut m, &mut bots, key(KeyCode::End));
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(m.table().version(), version, "nothing said yet");
    let shown = text(&screen(&m, 80, 24));
    assert_shows(&shown, &["Your bid: ◀ 264 ▶ Enter again: say it", "Say 264? That is far above 18"]);
    // Any other key goes back to choosing; the next Enter asks again.
    feed(&mut m, &mut bots, key(KeyCode::Left));
    assert!(text(&screen(&m, 80, 24)).contains("Your bid: ◀ 240 ▶ Enter: say it"));
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(m.table().version(), version);
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    let said =
        |m: &Model<SkatGame>| m.table().talk().iter().rev().find(|(seat, _)| *seat == m.view.seat).map(|&(_, s)| s);
    assert_eq!(said(&m), Some(Said::Bid(240)));
    // One PgUp (five values up, skat.md: 18 20 22 23 24 27) is said with one
    // Enter.
    let mut m = started(model(session_of(4, isko())), &mut bots);
    play_deals(&mut m, &mut bots, 1, |_| {});
    feed(&mut m, &mut bots, ch('n'));
    feed(&mut m, &mut bots, key(KeyCode::PageUp));
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(said(&m), Some(Said::Bid(27)));
}

#[test]
fn the_bidding_values_say_what_they_are_with_the_trumps_held() {
    // A hand without jacks and one heart, the seven: skat.md's matadors
    // count "without" the missing top trumps, so Hearts is "without 10",
    // 10 × (10 + 1) = 110, on one trump.
    let fh = cards("CA CT CK CQ C9 SA ST SK H7 DA");
    let skat = cards("D7 D8");
    let deal = forehand_holds(fh, skat);
    let mut bots = passers();
    let m = started(model(starting_with(1, isko(), deal)), &mut bots);
    let shown = text(&screen(&m, 80, 24));
    assert_shows(
        &shown,
        &[
            "Worth if won, matadors from your ten cards:",
            "♣ 60 without 4 5 trumps",
            "♠ 55 without 4 3 trumps",
            "♥ 110 without 10 1 trump",
            "♦ 45 without 4 1 trump",
            "Grand 120 without 4 0 jacks",
        ],
    );
    assert!(!shown.contains("plain game values"), "{shown}");
}

#[test]
fn an_open_list_says_it_has_no_last_deal() {
    let mut bots = passers();
    let m = started(model(session_of(4, isko())), &mut bots);
    let shown = text(&screen(&m, 80, 24));
    assert_shows(&shown, &["An open list: it goes on until you quit (q).", "Open list: no last deal"]);
    let listed = started(model(session_of(4, SkatMatchRules { deals: Some(2), ..isko() })), &mut bots);
    let shown = text(&screen(&listed, 80, 24));
    assert_shows(&shown, &["Deals: 0 of 2 played"]);
    assert!(!shown.contains("open list") && !shown.contains("Open list"), "{shown}");
}

#[test]
fn after_the_match_q_offers_no_playing_on_and_the_person_wins_in_his_own_words() {
    // A list of one deal; the human holds skat.md §13 row 1's cards and
    // plays Clubs with them (the result test above): he wins the list.
    let fh = cards("CJ SJ CA CT CK C9 C8 SA ST HA");
    let skat = cards("H7 D7");
    let deal = forehand_holds(fh, skat);
    let mut bots = passers();
    let rules = SkatMatchRules { deals: Some(1), ..isko() };
    let mut m = started(model(starting_with(1, rules, deal)), &mut bots);
    for msg in [ch('y'), ch('s'), key(KeyCode::End), ch(' '), key(KeyCode::Left), ch(' '), key(KeyCode::Enter)] {
        feed(&mut m, &mut bots, msg);
    }
    let clubs = SkatAction::Declare(Contract::pickup(GameKind::Suit(Suit::Clubs)));
    while m.options()[m.option_index(m.options().len())] != clubs {
        feed(&mut m, &mut bots, key(KeyCode::Down));
    }
    while m.view.phase != SkatPhase::Over {
        feed(&mut m, &mut bots, key(KeyCode::Enter));
    }
    assert!(m.match_over() && m.winner() == Some(crate::ME), "the human's total is the only positive one");
    assert_shows(&text(&screen(&m, 80, 24)), &["The match is over: you win."]);
    feed(&mut m, &mut bots, ch('q'));
    let Some(crate::Status::Info(question)) = &m.status else { panic!("{:?}", m.status) };
    assert!(question.starts_with("The match is over. Quit? Press q again to quit."), "{question}");
    assert!(!question.contains("play on"), "{question}");
    let farewell = <SkatGame as TuiGame>::farewell(&m, "trumpf play --seed 1").unwrap();
    assert!(farewell.starts_with("trumpf play --seed 1: 1 deal finished.\n"), "{farewell}");
    assert!(farewell.contains("The match is over: you win.\n"), "{farewell}");
    feed(&mut m, &mut bots, ch('x'));
    assert!(matches!(&m.status, Some(crate::Status::Info(t)) if !t.contains("goes on")), "{:?}", m.status);
    assert!(!m.should_quit());
}

#[test]
fn a_passed_in_deal_lays_the_hands_open() {
    // All three pass (the human in forehand too): the deal is thrown in,
    // and the result shows what each held and the skat, as dealt.
    let mut bots = passers();
    let mut m = started(model(session_of(6, isko())), &mut bots);
    feed(&mut m, &mut bots, ch('p'));
    assert_eq!(m.view.outcome, Some(SkatOutcome::PassedIn));
    let deal = super::tests::deal_for(6, 1);
    let shown = text(&screen(&m, 80, 24));
    let spell = |cards: CardSet| hand_order(cards, None).iter().map(|&c| card_text(c)).collect::<Vec<_>>().join(" ");
    for (seat, who) in [(Seat::FOREHAND, "You (FH)"), (Seat::MIDDLEHAND, "Bot 1 (MH)"), (Seat::REARHAND, "Bot 2 (RH)")]
    {
        assert_shows(&shown, &[&format!("{who}: {}", spell(deal.hand(seat)))]);
    }
    assert_shows(&shown, &[&format!("skat: {}", spell(deal.skat()))]);
}

#[test]
fn in_a_null_game_the_last_trick_shows_who_took_it_without_points() {
    // The human plays at 18 and declares Null Hand; once a trick is taken
    // and the game goes on, the trick grid names the taker and no points.
    for seed in 1..40 {
        let mut bots = passers();
        let mut m = started(model(session_of(seed, isko())), &mut bots);
        feed(&mut m, &mut bots, ch('y'));
        let null = SkatAction::Declare(Contract::hand(GameKind::Null));
        let Some(at) = m.options().iter().position(|&a| a == null) else { continue };
        for _ in 0..at {
            feed(&mut m, &mut bots, key(KeyCode::Down));
        }
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        assert_eq!(m.view.contract, Some(Contract::hand(GameKind::Null)));
        while m.view.phase == SkatPhase::Playing && m.view.last_trick.is_none() {
            feed(&mut m, &mut bots, key(KeyCode::Enter));
        }
        if m.view.phase != SkatPhase::Playing {
            continue;
        }
        let shown = text(&screen(&m, 80, 24));
        let last = shown.lines().find(|l| l.contains("│Last ")).expect("the last trick");
        let winner = m.name_at(m.view.last_trick.unwrap().winner);
        assert!(last.contains(&format!("→ {winner} │")) && !last.contains('+'), "{last}");
        return;
    }
    panic!("no seed gave a Null game with a trick taken");
}
