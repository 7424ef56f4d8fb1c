//! The Spitzer screen and keys, played through the model with bots that
//! answer at once.

use super::*;
use crate::model::{Cmd, Msg};
use crate::testing::{
    FirstLegal, bots, ch, check_marks, feed, fuzz, key, model_saving_to, panel, screen, started, table_of, text,
};
use crate::widgets::Status;
use crossterm::event::KeyCode;
use trumpf_ai::{Bot, SpitzerBot};
use trumpf_core::series::MatchStatus;
use trumpf_core::series::record::MatchRecord;
use trumpf_core::spitzer::{BIG_QUEEN, LITTLE_QUEEN, SpitzerDeal, SpitzerRules};
use trumpf_table::spitzer::gain;
use trumpf_table::{Bots, Table};

fn model(seed: u64) -> Model<SpitzerGame> {
    model_saving_to(table_of(SpitzerRules::default(), seed), "trumpf-play-spitzer-test.txt")
}

/// A match whose first deal gives eldest (the person) `e1` and the other
/// cards in order to E2, E3, E4.
fn model_with(e1: &str, rest_first: &str) -> Model<SpitzerGame> {
    let e1: CardSet = e1.parse().unwrap();
    let first: Vec<Card> = rest_first.split_whitespace().map(|c| c.parse().unwrap()).collect();
    let mut rest: Vec<Card> = first.clone();
    rest.extend(CardSet::PIQUET_PACK.minus(e1).iter().filter(|c| !first.contains(c)));
    let hand = |i: usize| rest[i * 8..i * 8 + 8].iter().copied().collect::<CardSet>();
    let deal = SpitzerDeal::new([e1, hand(0), hand(1), hand(2)]).unwrap();
    let rules = SpitzerRules::default();
    let game = SpitzerGame::new(deal, rules).unwrap();
    let table = Table::with_first_deal(crate::setup::<SpitzerGame>(rules, 1), game).unwrap();
    model_saving_to(table, "trumpf-play-spitzer-test.txt")
}

/// Bots that pass and then play their first legal card.
fn quiet() -> Bots<SpitzerGame> {
    bots((0..3).map(|_| Box::new(FirstLegal) as Box<dyn Bot<SpitzerGame>>).collect())
}

/// The three heuristic opponents of `trumpf play spitzer`.
fn heuristic() -> Bots<SpitzerGame> {
    bots((0..3).map(|_| Box::new(SpitzerBot::new()) as Box<dyn Bot<SpitzerGame>>).collect())
}

/// The key a simple person presses: in every third deal he takes the
/// second option of the announcement list, otherwise he passes; he plays
/// the card under the cursor and starts the next deal.
fn policy(m: &Model<SpitzerGame>) -> Msg<SpitzerGame> {
    if m.deal_over() {
        return ch('n');
    }
    let options = m.options();
    if options.len() > 1 && m.table().number().is_multiple_of(3) && m.option == 0 {
        return key(KeyCode::Down);
    }
    key(KeyCode::Enter)
}

/// Plays with [`policy`] until the match is over, calling `check` after
/// every message.
fn play_match(m: &mut Model<SpitzerGame>, bots: &mut Bots<SpitzerGame>, mut check: impl FnMut(&Model<SpitzerGame>)) {
    for _ in 0..100_000 {
        if m.winner().is_some() {
            return;
        }
        assert!(m.view.is_my_turn() || m.deal_over(), "the bots answered synchronously");
        let msg = policy(m);
        feed(m, bots, msg);
        check(m);
    }
    panic!("the match did not end");
}

fn row<'a>(shown: &'a str, m: &Model<SpitzerGame>, seat: Seat) -> &'a str {
    let label = format!("{} {}", m.name_at(seat), seat_label(seat));
    shown.lines().find(|l| l.contains(&label)).unwrap_or_else(|| panic!("no row {label:?} in\n{shown}"))
}

#[test]
fn every_eligible_announcement_is_offered_and_the_chosen_one_is_made() {
    // spitzer.md §11.4: CQ SQ CT D9 H8 S7 DA SK may call the ace of any fail suit.
    let mut bots = quiet();
    let mut m = started(model_with("CQ SQ CT D9 H8 S7 DA SK", ""), &mut bots);
    let shown = text(&screen(&m, 80, 24));
    for expected in [
        "▶ Pass (both black queens: a silent Sneaker)",
        "Call ♣A — its holder is your secret partner",
        "Call ♠A — its holder is your secret partner",
        "Call ♥A — its holder is your secret partner",
        "Zola — alone against three",
        "Zola Schneider — alone, 90 to win",
        "Zola Schneider Schwarz — alone, all 8 tricks to win",
        // spitzer.md §6.2–6.3: the columns in words, the Sneaker row.
        "Your side takes: none ≤30 31–60 61–89 ≥90 all 8",
        "Game points: — -9 -6 +9 +12 +15",
        "+: each of your side gains · -: each opponent gains",
        "↑/↓ choose · Enter announce · p pass",
    ] {
        assert!(shown.contains(expected), "{expected:?} missing in\n{shown}");
    }
    assert!(!shown.contains("(void)") && !shown.contains("first trick"), "{shown}");
    assert_eq!(m.options().len(), 7);
    // The list follows the arrows; Enter makes the highlighted announcement.
    feed(&mut m, &mut bots, key(KeyCode::Down));
    feed(&mut m, &mut bots, key(KeyCode::Down));
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("▶ Call ♠A"), "{shown}");
    assert!(shown.contains("Game points: — -9 -6 +3 +6 +9"), "the Normal row\n{shown}");
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(m.view.announcement, Some((Seat::FOREHAND, Announcement::CallAce(trumpf_core::Suit::Spades))));
    assert_eq!(m.view.phase, SpitzerPhase::Playing);
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("You called ♠A: its holder partners you."), "{shown}");
    assert!(shown.contains("The called ace ♠A is not out yet."), "{shown}");
}

#[test]
fn p_passes_in_the_announcements_and_is_refused_in_trick_play() {
    let mut bots = quiet();
    let mut m = started(model_with("CQ CA CK ST H9 DJ D9 D8", ""), &mut bots);
    // One black queen: no calls, the Zola family only.
    assert_eq!(m.options().len(), 4);
    assert!(text(&screen(&m, 80, 24)).contains("▶ Pass"));
    feed(&mut m, &mut bots, ch('p'));
    assert_eq!(m.view.said(Seat::FOREHAND), Some(SpitzerAction::Pass));
    assert_eq!(m.view.phase, SpitzerPhase::Playing);
    let before = (m.view.clone(), m.table().ticket());
    feed(&mut m, &mut bots, ch('p'));
    assert!(
        matches!(&m.status, Some(Status::Error(t)) if t == "Not allowed: the announcements are over; this is trick play."),
        "{:?}",
        m.status
    );
    assert_eq!((m.view.clone(), m.table().ticket()), before);
    feed(&mut m, &mut bots, key(KeyCode::Up));
    assert_eq!((m.view.clone(), m.table().ticket()), before);
    assert!(matches!(&m.status, Some(Status::Info(t)) if t.starts_with("Trick play")));
}

#[test]
fn a_partner_is_shown_only_once_the_view_knows_him() {
    // All pass; the human (E1) holds the Big Queen, E3 (Bot 2) the Little
    // Queen. Nobody knows the partner until the Little Queen is played.
    let mut bots = quiet();
    let mut m = started(model_with("CQ CA CK ST H9 DJ D9 D8", "C7 C8 C9 S7 S8 S9 H7 H8 SQ"), &mut bots);
    assert!(m.table().view_of(m.table().member_at(Seat::new(2).unwrap())).hand.contains(LITTLE_QUEEN));
    assert!(m.view.hand.contains(BIG_QUEEN));
    feed(&mut m, &mut bots, ch('p'));
    let bot2 = Seat::new(2).unwrap();
    let mut seen_unknown = false;
    while m.view.phase == SpitzerPhase::Playing {
        let shown = text(&screen(&m, 80, 24));
        let known = m.view.played.contains(LITTLE_QUEEN);
        assert_eq!(m.view.teams.is_declaring(bot2), known.then_some(true));
        assert_eq!(shown.contains("(partner)"), known, "{shown}");
        if known {
            assert!(row(&shown, &m, bot2).contains("declaring (partner)"), "{shown}");
        } else {
            seen_unknown = true;
            assert!(row(&shown, &m, bot2).contains("side unknown"), "{shown}");
            assert!(row(&shown, &m, Seat::FOREHAND).contains("declaring"), "{shown}");
        }
        feed(&mut m, &mut bots, key(KeyCode::Enter));
    }
    assert!(seen_unknown);
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Declaring side: You (E1) + Bot 2 (E3)"), "{shown}");
}

#[test]
fn rows_show_exactly_what_the_view_knows_of_the_teams() {
    let mut bots = heuristic();
    let mut m = started(model(4), &mut bots);
    let mut partners_seen = 0;
    play_match(&mut m, &mut bots, |m| {
        if m.view.phase != SpitzerPhase::Playing {
            return;
        }
        let shown = text(&screen(m, 80, 24));
        let teams = m.view.teams;
        let mine = teams.is_declaring(m.view.seat);
        for seat in Seat::all(4) {
            let line = row(&shown, m, seat);
            let partner = seat != m.view.seat && mine.is_some() && teams.is_declaring(seat) == mine;
            assert_eq!(line.contains("(partner)"), partner, "{line}");
            partners_seen += usize::from(partner);
            match teams.is_declaring(seat) {
                None => assert!(line.contains("side unknown"), "{line}"),
                Some(true) => assert!(line.contains("declaring"), "{line}"),
                Some(false) => assert!(line.contains("against"), "{line}"),
            }
        }
        // Nothing the human cannot know: the only other card names on
        // the screen are the called ace.
        let known = m.view.visible_cards() | m.view.called_ace.map(CardSet::single).unwrap_or_default();
        for card in CardSet::PIQUET_PACK.minus(known) {
            assert!(!shown.contains(&card_text(card)), "{card} is hidden from the human\n{shown}");
        }
    });
    assert!(partners_seen > 0);
}

#[test]
fn the_play_screen_marks_the_legal_cards_and_refuses_the_others() {
    let mut bots = heuristic();
    let mut m = started(model(5), &mut bots);
    for _ in 0..5000 {
        let legal = m.view.legal_cards();
        if m.view.phase == SpitzerPhase::Playing && !legal.is_empty() && legal != m.view.hand {
            feed(&mut m, &mut bots, key(KeyCode::Right));
            let buf = screen(&m, 80, 24);
            let (top, rows) = panel(&buf, "Your hand");
            assert!(rows[0].contains("• playable"));
            let cards = m.cursor_cards();
            check_marks(&buf, top, &cards, Some(legal), Some(m.cursor));
            // Enter on an unplayable card is refused; nothing changes.
            let illegal = cards.iter().position(|&c| !legal.contains(c)).unwrap();
            feed(&mut m, &mut bots, key(KeyCode::Home));
            for _ in 0..illegal {
                feed(&mut m, &mut bots, key(KeyCode::Right));
            }
            let before = (m.view.clone(), m.table().ticket());
            feed(&mut m, &mut bots, key(KeyCode::Enter));
            let Some(Status::Error(text)) = &m.status else { panic!("no refusal: {:?}", m.status) };
            assert!(text.starts_with("Not allowed:"), "{text}");
            assert_eq!((m.view.clone(), m.table().ticket()), before);
            // Tab finds a playable card, which Enter plays.
            feed(&mut m, &mut bots, key(KeyCode::Tab));
            assert!(legal.contains(m.cursor_cards()[m.cursor]));
            feed(&mut m, &mut bots, key(KeyCode::Enter));
            assert_ne!(m.table().ticket(), before.1);
            return;
        }
        let msg = policy(&m);
        feed(&mut m, &mut bots, msg);
    }
    panic!("the human never had to follow");
}

#[test]
fn a_whole_match_runs_to_42_and_reads_back_from_its_record() {
    let mut bots = heuristic();
    let mut m = started(model(2024), &mut bots);
    m.save.auto = true;
    let before = m.table().version();
    let mut saves = Vec::new();
    let mut results = 0;
    for _ in 0..100_000 {
        if m.winner().is_some() {
            break;
        }
        if m.deal_over() {
            results += 1;
            let shown = text(&screen(&m, 80, 24));
            let o = m.view.outcome.unwrap();
            for expected in [
                format!("column {}", o.settlement.column),
                format!("card points {} {}", o.settlement.points, 120 - u16::from(o.settlement.points)),
                "Declaring side:".to_owned(),
                "You Bot 1 Bot 2 Bot 3".to_owned(),
                format!(
                    "this deal {}",
                    (0..4).map(|i| gain(m.table().finished().unwrap().scores[i])).collect::<Vec<_>>().join(" ")
                ),
                format!(
                    "totals {}",
                    (0..4).map(|i| m.table().record().totals()[i].to_string()).collect::<Vec<_>>().join(" ")
                ),
            ] {
                assert!(shown.contains(&expected), "{expected:?} missing in\n{shown}");
            }
        }
        let msg = policy(&m);
        saves.extend(feed(&mut m, &mut bots, msg).into_iter().filter(|cmd| matches!(cmd, Cmd::Save { .. })));
    }
    let Some(winner) = m.winner() else { panic!("the match did not end") };
    let record = m.table().record().clone();
    assert_eq!(record.status(), MatchStatus::Won(winner));
    assert!(record.totals()[winner.index()] >= 42);
    assert!(results >= record.deals().len() - 1);
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains(&format!("GAME OVER: {} ", m.name(winner))), "{shown}");
    assert!(shown.contains("a analysis · w save · q quit") && !shown.contains("n next deal"), "{shown}");
    // n does not start another deal.
    let number = m.table().number();
    feed(&mut m, &mut bots, ch('n'));
    assert_eq!(m.table().number(), number);
    assert!(matches!(&m.status, Some(Status::Info(t)) if t.contains("The game is over")));
    // One save per action and new deal, each the whole match so far; the
    // last reads back.
    let versions: Vec<u64> =
        saves.iter().map(|c| if let Cmd::Save { version, .. } = c { *version } else { 0 }).collect();
    assert_eq!(versions, (before + 1..=m.table().version()).collect::<Vec<_>>());
    let Some(Cmd::Save { text, version, .. }) = saves.last() else { panic!("saved") };
    assert_eq!(*version, m.table().version());
    let read = MatchRecord::<SpitzerGame>::read(text).unwrap();
    assert_eq!(read.game, record);
    assert_eq!(read.players, ["You", "Bot_1", "Bot_2", "Bot_3"]);
    // The w key writes the same text.
    let w = feed(&mut m, &mut bots, ch('w'));
    assert!(matches!(&w[..], [Cmd::Save { text: t, .. }] if t == text));
}

#[test]
fn no_key_crashes_the_game() {
    for seed in 0..2 {
        let mut bots = heuristic();
        fuzz(model(seed), &mut bots, policy, 1500, 99 + seed);
    }
}

#[test]
fn small_terminals_get_a_notice() {
    let mut bots = quiet();
    let m = started(model(1), &mut bots);
    assert!(text(&screen(&m, 40, 10)).replace('\n', " ").contains("needs a terminal of at least 80×24"));
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Your hand") && shown.contains("Game to 42") && shown.contains("q quit"));
}

#[test]
fn the_turn_is_said_also_when_it_comes_in_the_middle_of_a_trick() {
    // Seed 4, deal 6 of the trial, and every such turn of a whole match:
    // the table and the hand say it is the person's turn, whatever the
    // status line still says.
    let mut bots = heuristic();
    let mut m = started(model(4), &mut bots);
    let mut mid_trick = 0;
    play_match(&mut m, &mut bots, |m| {
        let v = &m.view;
        if v.phase == SpitzerPhase::Playing && v.is_my_turn() && !v.trick().is_empty() {
            mid_trick += 1;
            let shown = text(&screen(m, 80, 24));
            let table: Vec<&str> = shown.lines().take_while(|l| !l.contains("Your hand")).collect();
            assert!(table.iter().any(|l| l.contains("Your turn: play a card")), "{shown}");
            assert!(shown.contains("Your hand · your turn · ") && shown.contains(" · • playable"), "{shown}");
        }
    });
    assert!(mid_trick > 10, "{mid_trick} turns in the middle of a trick");
}
