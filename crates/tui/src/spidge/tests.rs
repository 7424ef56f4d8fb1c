//! The Spidge screen and keys, played through the model with bots that
//! answer at once.

use super::*;
use crate::model::{Cmd, Msg};
use crate::testing::{bots, ch, check_marks, feed, fuzz, key, model_saving_to, panel, screen, started, table_of, text};
use crate::widgets::Status;
use crossterm::event::KeyCode;
use trumpf_ai::{Bot, SpidgeBot};
use trumpf_core::series::MatchStatus;
use trumpf_core::series::record::MatchRecord;
use trumpf_core::spidge::SpidgeRules;
use trumpf_table::Bots;

fn model(seed: u64) -> Model<SpidgeGame> {
    model_saving_to(table_of(SpidgeRules::default(), seed), "trumpf-play-spidge-test.txt")
}

/// The two heuristic opponents of `trumpf play spidge`.
fn heuristic() -> Bots<SpidgeGame> {
    bots((0..2).map(|_| Box::new(SpidgeBot::new()) as Box<dyn Bot<SpidgeGame>>).collect())
}

/// The key a simple person presses: the card under the cursor (a playable
/// one), then the next deal.
fn policy(m: &Model<SpidgeGame>) -> Msg<SpidgeGame> {
    if m.deal_over() { ch('n') } else { key(KeyCode::Enter) }
}

#[test]
fn the_dummy_lies_face_up_and_nothing_else_hidden_is_shown() {
    let mut bots = heuristic();
    let mut m = started(model(3), &mut bots);
    let mut dealt_as = std::collections::HashSet::new();
    for _ in 0..3000 {
        if m.table().number() > 3 {
            break;
        }
        if !m.deal_over() {
            dealt_as.insert(m.view.seat);
            let buf = screen(&m, 80, 24);
            let (top, rows) = panel(&buf, "Dummy ·");
            let dummy = hand_order(m.view.dummy);
            for card in &dummy {
                assert!(rows[1].contains(&card_text(*card)), "{card} missing in the dummy: {}", rows[1]);
            }
            let playing = m.playing_dummy();
            check_marks(&buf, top, &dummy, playing.then(|| m.view.legal_cards()), playing.then_some(m.cursor));
            let shown = text(&buf);
            for card in SpidgeRules::default().pack().minus(m.view.visible_cards()) {
                assert!(!shown.contains(&card_text(card)), "{card} is hidden from the human\n{shown}");
            }
        }
        let msg = policy(&m);
        feed(&mut m, &mut bots, msg);
    }
    assert_eq!(dealt_as.len(), 3, "the human sat as L, R and dealer");
}

#[test]
fn the_dealer_plays_the_dummy_on_its_turn() {
    // Deal 2: the human deals.
    let mut bots = heuristic();
    let mut m = started(model(8), &mut bots);
    while m.table().number() < 2 {
        let msg = policy(&m);
        feed(&mut m, &mut bots, msg);
    }
    assert_eq!(m.view.seat, DEALER);
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("you: Dealer, you play the dummy"), "{shown}");
    assert!(matches!(&m.status, Some(Status::Info(t)) if t == "Deal 2: you deal and play the dummy too."));
    // L leads; the dummy follows: the human plays from the dummy.
    assert!(m.playing_dummy());
    assert_eq!(m.cursor_cards(), hand_order(m.view.dummy));
    let buf = screen(&m, 80, 24);
    let (top, rows) = panel(&buf, "Dummy · your turn to play from it · • playable");
    assert!(rows[2].contains('▲'));
    check_marks(&buf, top, &hand_order(m.view.dummy), Some(m.view.legal_cards()), Some(m.cursor));
    let (hand_top, _) = panel(&buf, "Your hand · Dealer ");
    check_marks(&buf, hand_top, &hand_order(m.view.own_hand), None, None);
    assert!(text(&buf).contains("Your turn to play from the dummy."));
    let (dummy, own) = (m.view.dummy, m.view.own_hand);
    let card = m.cursor_cards()[m.cursor];
    assert!(m.view.legal_cards().contains(card));
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(m.view.dummy, dummy.without(card));
    assert_eq!(m.view.own_hand, own);
    // Then the human's own hand plays, fourth to the trick.
    assert_eq!(m.view.playing_hand(), Some(Hand::Dealer));
    assert_eq!(m.cursor_cards(), hand_order(m.view.own_hand));
    let buf = screen(&m, 80, 24);
    let (top, _) = panel(&buf, "Your hand · Dealer · your turn");
    check_marks(&buf, top, &hand_order(m.view.own_hand), Some(m.view.legal_cards()), Some(m.cursor));
}

#[test]
fn trumps_broken_is_shown_and_an_early_trump_lead_refused() {
    let mut bots = heuristic();
    let mut m = started(model(21), &mut bots);
    assert!(text(&screen(&m, 80, 24)).contains("Trumps: ★ jokers, then ♠ · not broken"));
    let mut refused = false;
    let mut broken_seen = false;
    for _ in 0..5000 {
        if m.table().number() > 6 {
            break;
        }
        let shown = text(&screen(&m, 80, 24));
        if !m.deal_over() {
            assert_eq!(shown.contains("· broken"), m.view.trumps_broken, "{shown}");
            broken_seen |= m.view.trumps_broken;
        }
        let trumps = m.view.rules.trumps();
        let cards = m.cursor_cards();
        let leading = m.view.trick().is_empty() && m.view.is_my_turn();
        let only_trumps_left = m.view.legal_cards() == cards.iter().copied().collect();
        let trump = cards.iter().position(|&c| trumps.contains(c));
        if !refused
            && leading
            && !m.view.trumps_broken
            && !only_trumps_left
            && let Some(i) = trump
        {
            feed(&mut m, &mut bots, key(KeyCode::Home));
            for _ in 0..i {
                feed(&mut m, &mut bots, key(KeyCode::Right));
            }
            let before = (m.view.clone(), m.table().ticket());
            feed(&mut m, &mut bots, key(KeyCode::Enter));
            let Some(Status::Error(t)) = &m.status else { panic!("no refusal: {:?}", m.status) };
            assert!(t.starts_with("Not allowed:") && t.contains("is a trump, and trumps are not broken yet."), "{t}");
            assert_eq!((m.view.clone(), m.table().ticket()), before);
            feed(&mut m, &mut bots, ch('p'));
            assert!(matches!(&m.status, Some(Status::Error(t)) if t.contains("no passing in Spidge")));
            assert_eq!((m.view.clone(), m.table().ticket()), before);
            feed(&mut m, &mut bots, key(KeyCode::Tab));
            refused = true;
        }
        let msg = policy(&m);
        feed(&mut m, &mut bots, msg);
    }
    assert!(refused && broken_seen);
}

#[test]
fn a_whole_match_runs_to_the_end_and_reads_back_from_its_record() {
    let mut bots = heuristic();
    let mut m = started(model(2024), &mut bots);
    m.save.auto = true;
    let before = m.table().version();
    let mut saves = Vec::new();
    let mut awarded = 0;
    for _ in 0..1_000_000 {
        if m.winner().is_some() {
            break;
        }
        if m.deal_over() {
            let r = m.view.result.unwrap();
            let shown = text(&screen(&m, 80, 24));
            assert!(shown.contains("hand player tricks count award points"), "{shown}");
            let d = r.tricks[Hand::Dealer];
            let y = r.tricks[Hand::Dummy];
            assert!(shown.contains(&format!("{d}+{y}={}", d + y)), "{shown}");
            for seat in [LEFT, RIGHT, DEALER] {
                if let Some(award) = r.awards[seat] {
                    awarded += 1;
                    assert!(shown.contains(&format!("{award} +{}", r.points[seat])), "{shown}");
                }
            }
        }
        let msg = policy(&m);
        saves.extend(feed(&mut m, &mut bots, msg).into_iter().filter(|cmd| matches!(cmd, Cmd::Save { .. })));
    }
    let Some(winner) = m.winner() else { panic!("the match did not end") };
    assert!(awarded > 0);
    let record = m.table().record().clone();
    assert_eq!(record.status(), MatchStatus::Won(winner));
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains(&format!("GAME OVER: {} ", m.name(winner))), "{shown}");
    let number = m.table().number();
    feed(&mut m, &mut bots, ch('n'));
    assert_eq!(m.table().number(), number);
    assert_eq!(saves.len() as u64, m.table().version() - before, "one save per action and new deal");
    let Some(Cmd::Save { text, .. }) = saves.last() else { panic!("saved") };
    let read = MatchRecord::<SpidgeGame>::read(text).unwrap();
    assert_eq!(read.game, record);
    assert_eq!(read.players, ["You", "Bot_1", "Bot_2"]);
}

#[test]
fn small_terminals_get_a_notice_and_80_by_24_shows_the_hands() {
    let mut bots = heuristic();
    let m = started(model(1), &mut bots);
    let notice = "needs a terminal of at least 80×24";
    assert!(text(&screen(&m, 79, 24)).replace('\n', " ").contains(notice));
    assert!(text(&screen(&m, 80, 23)).replace('\n', " ").contains(notice));
    let shown = text(&screen(&m, 80, 24));
    assert!(!shown.contains(notice));
    for expected in ["Trumps:", "Trick 1 …", "Dummy · face up", "Your hand · L", "Game to 3", "q quit"] {
        assert!(shown.contains(expected), "{expected:?} missing in\n{shown}");
    }
}

#[test]
fn quitting_takes_two_presses_and_stale_bot_answers_are_ignored() {
    let mut bots = heuristic();
    let mut m = started(model(2), &mut bots);
    assert!(feed(&mut m, &mut bots, ch('q')).is_empty());
    assert!(m.quit_armed && !m.should_quit());
    feed(&mut m, &mut bots, ch('x'));
    assert!(!m.quit_armed && !m.should_quit(), "any other key plays on");
    // A bot's answer for a decision already taken changes nothing.
    let mut pending = m.update(key(KeyCode::Enter));
    let mut answers = Vec::new();
    while let Some(cmd) = pending.pop() {
        let Cmd::AskBot(request) = cmd else { continue };
        let answer = bots.answer(request);
        answers.push(answer.clone());
        pending.extend(m.update(Msg::Bot(answer)));
    }
    assert!(!answers.is_empty(), "the bots follow the human");
    let ticket = m.table().ticket();
    for answer in answers {
        m.update(Msg::Bot(answer));
    }
    assert_eq!(m.table().ticket(), ticket);
    feed(&mut m, &mut bots, ch('q'));
    let cmds = feed(&mut m, &mut bots, ch('Q'));
    assert!(matches!(cmds[..], [Cmd::Quit]));
    assert!(m.should_quit());
}

#[test]
fn no_key_crashes_the_game() {
    for seed in 0..2 {
        let mut bots = heuristic();
        fuzz(model(seed), &mut bots, policy, 1500, 7 + seed);
    }
}
