//! Hints (`?`) and the analysis after a deal (`a`), through the model and
//! on a test terminal: the work leaves as a command and its answer comes
//! back as a message, so the keys never wait for it; an answer for a
//! decision or a deal no longer on the screen is dropped.
//!
//! The set piece is a Skat deal written so that the hint has one right
//! answer: in trick 9 the person, declarer of a Grand with 53 card points,
//! leads from ♣A ♦7; the four cards he has not seen (♦8 ♥7 ♥8 ♥9) are no
//! club and no jack, so ♣A wins the trick and the game (64), while ♦7 loses
//! trick 9 to whoever holds ♦8, who leads a heart in trick 10 and takes ♣A
//! too (53: the game is lost), whichever way those four cards lie.

use std::collections::VecDeque;

use crossterm::event::KeyCode;
use trumpf_ai::Solver;
use trumpf_ai::advice::Advice;
use trumpf_ai::analysis::{Analysis, Play};
use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::{Contract, GameKind, SkatAction, SkatDeal, SkatGame, SkatPhase};
use trumpf_core::spidge::{SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerGame, SpitzerRules};
use trumpf_core::{Card, CardSet, GameView};
use trumpf_table::Bots;

use crate::hints::{AnalysisAnswer, Hint, HintAnswer, ReviewState};
use crate::model::{Cmd, Model, Msg, TuiGame};
use crate::skat::tests::{model as skat_model, policy_key, pub_ramsch, starting_with};
use crate::testing::screen;
use crate::testing::{FirstLegal, Script, act, bots, ch, feed, key, model_saving_to, started, table_of, text};

fn cards(text: &str) -> CardSet {
    text.parse().unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// The set piece: the person (forehand) plays at 18 after two passes,
/// picks up ♣8 ♣7 and lays them away, declares Grand; middlehand and
/// rearhand play the cards of their scripts.
fn set_piece() -> (Model<SkatGame>, Bots<SkatGame>) {
    let deal = SkatDeal::new(
        [
            cards("CJ.SJ.HJ.DJ.S9.S8.S7.D9.CA.D7"),
            cards("ST.SA.HA.DK.HK.CT.CK.DA.D8.H7"),
            cards("SQ.SK.HT.DQ.HQ.CQ.C9.DT.H8.H9"),
        ],
        cards("C8.C7"),
    )
    .unwrap();
    let script = |cards: &str| {
        let plays = cards.split(' ').map(|c| SkatAction::Play(card(c)));
        Box::new(Script(std::iter::once(SkatAction::Pass).chain(plays).collect::<VecDeque<_>>()))
            as Box<dyn trumpf_ai::Bot<SkatGame>>
    };
    let mut bots = bots(vec![script("CT CK DA ST SA HA DK HK D8 H7"), script("CQ C9 DT SQ SK HT DQ HQ H8 H9")]);
    let table = starting_with(1, SkatMatchRules::default(), deal);
    let m = started(skat_model(table), &mut bots);
    (m, bots)
}

/// The set piece up to the person's lead in trick 9.
fn at_trick_9() -> (Model<SkatGame>, Bots<SkatGame>) {
    let (mut m, mut bots) = set_piece();
    for action in [SkatAction::Bid(18), SkatAction::TakeSkat, SkatAction::Discard(cards("C8.C7"))] {
        act(&mut m, &mut bots, action);
    }
    act(&mut m, &mut bots, SkatAction::Declare(Contract::pickup(GameKind::Grand)));
    for c in ["CJ", "SJ", "HJ", "S7", "S8", "S9", "D9", "DJ"] {
        act(&mut m, &mut bots, SkatAction::Play(card(c)));
    }
    assert_eq!(m.view.hand, cards("CA.D7"), "the set piece reaches trick 9");
    assert!(m.view.is_my_turn() && m.view.trick().is_empty(), "the person leads");
    assert_eq!(m.view.points_won[0], 53);
    (m, bots)
}

/// The one hint command among `cmds`.
fn advise<G: TuiGame>(cmds: Vec<Cmd<G>>) -> crate::hints::HintRequest<G> {
    match <[_; 1]>::try_from(cmds) {
        Ok([Cmd::Advise(request)]) => request,
        other => panic!("one hint asked for: {other:?}"),
    }
}

/// The analysis command among `cmds`.
fn analyse<G: TuiGame>(cmds: Vec<Cmd<G>>) -> crate::hints::AnalysisRequest<G> {
    let mut found = cmds.into_iter().filter_map(|cmd| match cmd {
        Cmd::Analyse(request) => Some(request),
        _ => None,
    });
    let request = found.next().expect("the analysis is asked for");
    assert!(found.next().is_none(), "once");
    request
}

fn hand_cursor(m: &Model<SkatGame>) -> Card {
    m.hand()[m.cursor]
}

#[test]
fn the_hint_names_the_one_winning_card_with_the_values_behind_it() {
    let (mut m, mut bots) = at_trick_9();
    feed(&mut m, &mut bots, key(KeyCode::Right));
    assert_eq!(hand_cursor(&m), card("D7"));
    let version = m.table().version();
    let request = advise(feed(&mut m, &mut bots, ch('?')));
    assert_eq!(request.ticket, m.table().ticket());
    assert_eq!(request.view, m.view, "the advice sees the person's view, nothing more");
    // Thinking: said on the screen, and the answer is not in yet.
    assert_eq!(m.hint(), Some(&Hint::Thinking));
    assert!(text(&screen(&m, 80, 24)).contains("Hint: thinking… (the keys work meanwhile)"));
    // The work, as the hint thread does it.
    let answer = request.answer();
    feed(&mut m, &mut bots, Msg::Hint(answer));
    let Some(Hint::Ready(advice)) = m.hint() else { panic!("{:?}", m.hint()) };
    assert_eq!(advice.action, SkatAction::Play(card("CA")));
    assert_eq!(advice.cards, [(card("CA"), 1.0), (card("D7"), 0.0)]);
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Hint: ♣A · chance to win: ♣A 100% · ♦7 0%"), "{shown}");
    assert!(shown.replace('\n', " ").contains("estimates, not certainties."), "{shown}");
    assert!(shown.contains("Estimated over 32 sampled deals"), "{shown}");
    // The cursor moved to the card; the person still plays it himself.
    assert_eq!(hand_cursor(&m), card("CA"));
    assert_eq!(m.table().version(), version, "a hint plays nothing");
    // Asked again, the hint is shown at once, with no more work.
    feed(&mut m, &mut bots, key(KeyCode::Right));
    assert!(feed(&mut m, &mut bots, ch('?')).is_empty());
    assert_eq!(hand_cursor(&m), card("CA"));
    // Played, the decision is gone and so is its hint.
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(m.hint(), None);
    assert!(!text(&screen(&m, 80, 24)).contains("Hint:"));
}

#[test]
fn the_keys_work_while_a_hint_is_thought_about_and_a_stale_answer_is_dropped() {
    let (mut m, mut bots) = at_trick_9();
    let request = advise(feed(&mut m, &mut bots, ch('?')));
    // A second ? while thinking asks nothing more.
    assert!(feed(&mut m, &mut bots, ch('?')).is_empty());
    // Meanwhile the keys act at once: the cursor moves, a save is written,
    // and the person plays ♦7 himself.
    feed(&mut m, &mut bots, key(KeyCode::Right));
    assert_eq!(hand_cursor(&m), card("D7"));
    assert!(matches!(&feed(&mut m, &mut bots, ch('w'))[..], [Cmd::Save { .. }]));
    assert_eq!(m.hint(), Some(&Hint::Thinking));
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    // Trick 9 went to ♦8; the person follows the heart lead of trick 10
    // with his last card.
    assert_eq!(m.view.hand, cards("CA"));
    assert!(m.view.is_my_turn());
    assert_eq!(m.hint(), None);
    // A new hint is asked for the new decision...
    let newer = advise(feed(&mut m, &mut bots, ch('?')));
    assert_ne!(newer.ticket, request.ticket);
    // ...and the old answer, arriving now, is dropped.
    let stale = request.answer();
    assert_eq!(stale.advice.as_ref().map(|a| a.action), Ok(SkatAction::Play(card("CA"))));
    feed(&mut m, &mut bots, Msg::Hint(stale));
    assert_eq!(m.hint(), Some(&Hint::Thinking), "still waiting for the newer one");
    assert!(text(&screen(&m, 80, 24)).contains("Hint: thinking…"));
    // An answer for a decision already taken, with no hint awaited, leaves
    // no trace either.
    let newer_answer = newer.clone().answer();
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert!(m.deal_over());
    feed(&mut m, &mut bots, Msg::Hint(newer_answer));
    assert_eq!(m.hint(), None);
    assert!(!text(&screen(&m, 80, 24)).contains("Hint:"));
}

#[test]
fn no_hint_is_asked_for_when_the_person_has_no_decision() {
    let (mut m, mut bots) = at_trick_9();
    act(&mut m, &mut bots, SkatAction::Play(card("D7")));
    act(&mut m, &mut bots, SkatAction::Play(card("CA")));
    assert!(m.deal_over());
    assert!(feed(&mut m, &mut bots, ch('?')).is_empty());
    assert!(text(&screen(&m, 80, 24)).contains("The deal is over: a shows what the solver makes of it."));
}

#[test]
fn a_hint_without_values_says_what_to_do_and_points_at_the_option() {
    let (mut m, mut bots) = set_piece();
    // Both others passed: forehand may play at 18.
    let request = advise(feed(&mut m, &mut bots, ch('?')));
    let advice = Advice {
        action: SkatAction::Bid(18),
        cards: Vec::new(),
        unit: "",
        how: "what the hard bot would do".to_owned(),
    };
    feed(&mut m, &mut bots, Msg::Hint(HintAnswer { ticket: request.ticket, advice: Ok(advice) }));
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Hint: play at 18"), "{shown}");
    assert!(shown.contains("What the hard bot would do (no values for this decision)."), "{shown}");
    // In the declaration the recommended game is highlighted.
    for action in [SkatAction::Bid(18), SkatAction::TakeSkat, SkatAction::Discard(cards("C8.C7"))] {
        act(&mut m, &mut bots, action);
    }
    assert_eq!(m.view.phase, SkatPhase::Declaring);
    let grand = SkatAction::Declare(Contract::pickup(GameKind::Grand));
    let at = m.options().iter().position(|&a| a == grand).unwrap();
    m.option = usize::from(at == 0);
    let request = advise(feed(&mut m, &mut bots, ch('?')));
    let advice = Advice { action: grand, cards: Vec::new(), unit: "", how: "what the hard bot would do".to_owned() };
    feed(&mut m, &mut bots, Msg::Hint(HintAnswer { ticket: request.ticket, advice: Ok(advice) }));
    assert_eq!(m.option, at);
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Hint: declare Grand"), "{shown}");
    assert!(shown.contains("▶ Grand"), "{shown}");
    // A hint that could not be found says so.
    let (mut m, mut bots) = set_piece();
    let request = advise(feed(&mut m, &mut bots, ch('?')));
    let answer = HintAnswer { ticket: request.ticket, advice: Err("none was found for this decision".to_owned()) };
    feed(&mut m, &mut bots, Msg::Hint(answer));
    assert!(text(&screen(&m, 80, 24)).contains("Hint: none was found for this decision."));
}

#[test]
fn after_the_deal_a_opens_the_analysis_and_a_or_esc_closes_it() {
    let (mut m, mut bots) = at_trick_9();
    // Before the deal is over, a only says when it comes.
    feed(&mut m, &mut bots, ch('a'));
    assert!(!m.review_open());
    assert!(text(&screen(&m, 80, 24)).contains("The analysis comes when the deal is over"));
    act(&mut m, &mut bots, SkatAction::Play(card("D7")));
    let request = analyse(act(&mut m, &mut bots, SkatAction::Play(card("CA"))));
    assert!(m.deal_over());
    assert_eq!(request.deal, 1);
    let result = text(&screen(&m, 80, 24));
    assert!(result.contains("n next deal · a analysis ·"), "{result}");
    // Opened before the answer is in: it is being worked out.
    feed(&mut m, &mut bots, ch('a'));
    assert!(m.review_open());
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Deal 1 · analysis · a or Esc closes"), "{shown}");
    assert!(shown.contains("Analysing the deal with every card known…"), "{shown}");
    assert!(shown.contains("a/Esc close · n next deal"), "{shown}");
    // The work, as the analysis thread does it.
    feed(&mut m, &mut bots, Msg::Analysis(request.answer(&mut Solver::new())));
    let Some(ReviewState::Ready(lines)) = m.review().map(|r| &r.state) else { panic!("{:?}", m.review()) };
    let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    assert!(lines[0].starts_with("With every card known, You could"), "{lines:#?}");
    // Leading ♦7 in trick 9 cost the 11 of ♣A (64 against 53); in trick
    // 10 nobody had a choice.
    assert!(lines.iter().any(|l| l.starts_with("Trick 9: You ♦7 −11, best ♣A · Bot 1 ♦8")), "{lines:#?}");
    assert!(lines.iter().any(|l| l == "Trick 10: Bot 1 ♥7 · Bot 2 ♥9 · You ♣A"), "{lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with("Given away in all: You ")), "{lines:#?}");
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("With every card known, You could"), "{shown}");
    assert!(shown.contains("of card points:") || shown.contains("in card points:"), "{shown}");
    // Scrolled to the end: the last tricks, the totals and the note.
    feed(&mut m, &mut bots, key(KeyCode::End));
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Trick 9: You ♦7 −11, best ♣A"), "{shown}");
    assert!(shown.contains("Double-dummy: the solver knows every hand."), "{shown}");
    assert!(!shown.contains("With every card known"), "{shown}");
    feed(&mut m, &mut bots, key(KeyCode::Home));
    assert!(text(&screen(&m, 80, 24)).contains("With every card known"));
    // a closes it: the result is back; Esc closes it too.
    feed(&mut m, &mut bots, ch('a'));
    assert!(!m.review_open());
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Deal 1 · result") && !shown.contains("Deal 1 · analysis"), "{shown}");
    feed(&mut m, &mut bots, ch('a'));
    assert!(m.review_open());
    feed(&mut m, &mut bots, key(KeyCode::Esc));
    assert!(!m.review_open());
    // Open, n still deals the next deal, and the analysis is gone with
    // the deal; a late answer for it changes nothing.
    feed(&mut m, &mut bots, ch('a'));
    let late = AnalysisAnswer { deal: 1, result: Err("late".to_owned()) };
    feed(&mut m, &mut bots, ch('n'));
    assert_eq!(m.table().number(), 2);
    assert!(!m.review_open() && m.review().is_none());
    feed(&mut m, &mut bots, Msg::Analysis(late));
    assert!(m.review().is_none());
}

#[test]
fn a_ramsch_has_no_analysis_and_says_why() {
    let (mut m, mut bots) = pub_ramsch(2);
    let mut asked = Vec::new();
    while m.view.phase != SkatPhase::Over {
        let msg = policy_key(&m);
        asked.extend(feed(&mut m, &mut bots, msg));
    }
    let request = analyse(asked.into_iter().filter(|c| !matches!(c, Cmd::Save { .. })).collect());
    feed(&mut m, &mut bots, Msg::Analysis(request.answer(&mut Solver::new())));
    feed(&mut m, &mut bots, ch('a'));
    assert_eq!(
        m.review().map(|r| &r.state),
        Some(&ReviewState::Failed("the solver does not play a Ramsch".to_owned()))
    );
    let shown = text(&screen(&m, 80, 24));
    assert!(
        shown.contains("No analysis of this deal: the solver does not") && shown.contains("play a Ramsch."),
        "{shown}"
    );
}

/// A made-up analysis of the deal `request` carries: the first card of
/// every trick costs 1 and names another card as the best.
fn one_per_trick<G: TuiGame>(request: &crate::hints::AnalysisRequest<G>, trick_size: usize, best: Card) -> Analysis {
    let cards: Vec<_> =
        request.played.actions.iter().filter_map(|&(seat, action)| Some((seat, G::card_of(action)?))).collect();
    let plays = cards
        .iter()
        .enumerate()
        .map(|(n, &(seat, played))| {
            let cost = i32::from(n % trick_size == 0);
            Play { card_number: n, seat, played, best: (best, 0), value: -cost, cost }
        })
        .collect();
    Analysis { unit: "made up", perfect_value: None, could_win: None, plays, trick_size }
}

/// Plays `m` to the end of its first deal with the person's first legal
/// card each time; returns the analysis asked for.
fn to_the_end<G: TuiGame>(m: &mut Model<G>, bots: &mut Bots<G>) -> crate::hints::AnalysisRequest<G> {
    let mut asked = Vec::new();
    while !m.deal_over() {
        asked.extend(feed(m, bots, key(KeyCode::Enter)));
    }
    analyse(asked.into_iter().filter(|c| !matches!(c, Cmd::Save { .. })).collect())
}

#[test]
fn spitzer_hints_and_analyses_show_in_its_screens() {
    let mut bots = bots((0..3).map(|_| Box::new(FirstLegal) as Box<dyn trumpf_ai::Bot<SpitzerGame>>).collect());
    let mut m = started(model_saving_to(table_of(SpitzerRules::default(), 5), "trumpf-hints-spitzer.txt"), &mut bots);
    // The announcement: a hint without values.
    let request = advise(feed(&mut m, &mut bots, ch('?')));
    let how = "what the hard bot would do".to_owned();
    let advice = Advice { action: trumpf_core::spitzer::SpitzerAction::Pass, cards: Vec::new(), unit: "", how };
    feed(&mut m, &mut bots, Msg::Hint(HintAnswer { ticket: request.ticket, advice: Ok(advice) }));
    assert!(text(&screen(&m, 80, 24)).contains("Hint: pass"));
    // Trick play: the values of every playable card.
    feed(&mut m, &mut bots, ch('p'));
    while !m.view.is_my_turn() || m.view.phase != trumpf_core::spitzer::SpitzerPhase::Playing {
        feed(&mut m, &mut bots, ch('p'));
    }
    let request = advise(feed(&mut m, &mut bots, ch('?')));
    let legal: Vec<Card> = m.view.legal_cards().iter().collect();
    let best = *legal.last().unwrap();
    let values = std::iter::once((best, 0.75)).chain(legal.iter().filter(|&&c| c != best).map(|&c| (c, 0.25)));
    let advice = Advice {
        action: trumpf_core::spitzer::SpitzerAction::Play(best),
        cards: values.collect(),
        unit: "chance to win",
        how: "estimated over 32 sampled deals of the hidden cards, each solved with every card known".to_owned(),
    };
    feed(&mut m, &mut bots, Msg::Hint(HintAnswer { ticket: request.ticket, advice: Ok(advice) }));
    let best_text = crate::widgets::card_text(best);
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains(&format!("Hint: {best_text} · chance to win: {best_text} 75% ·")), "{shown}");
    assert!(shown.contains("? hint"), "{shown}");
    assert_eq!(m.cursor_cards()[m.cursor], best);
    // The analysis: each card by its player's name.
    let request = to_the_end(&mut m, &mut bots);
    let analysis = one_per_trick(&request, 4, best);
    let leader = m.name_at(analysis.plays[0].seat).to_owned();
    let first = crate::widgets::card_text(analysis.plays[0].played);
    feed(&mut m, &mut bots, Msg::Analysis(AnalysisAnswer { deal: 1, result: Ok(analysis) }));
    assert!(text(&screen(&m, 80, 24)).contains("n next deal · a analysis"));
    feed(&mut m, &mut bots, ch('a'));
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains(&format!("Trick 1: {leader} {first} −1, best {best_text}")), "{shown}");
    assert!(shown.contains("card points of the player's side"), "{shown}");
    feed(&mut m, &mut bots, key(KeyCode::Esc));
    assert!(text(&screen(&m, 80, 24)).contains("Deal 1 · result"));
}

#[test]
fn spidge_hints_show_award_points_and_its_analysis_names_the_dummy() {
    let mut bots = bots((0..2).map(|_| Box::new(FirstLegal) as Box<dyn trumpf_ai::Bot<SpidgeGame>>).collect());
    let mut m = started(model_saving_to(table_of(SpidgeRules::default(), 3), "trumpf-hints-spidge.txt"), &mut bots);
    assert!(m.view.is_my_turn());
    let request = advise(feed(&mut m, &mut bots, ch('?')));
    let legal: Vec<Card> = m.view.legal_cards().iter().collect();
    let advice = Advice {
        action: trumpf_core::spidge::SpidgeAction::Play(legal[0]),
        cards: legal.iter().enumerate().map(|(i, &c)| (c, 0.25 - i as f64)).collect(),
        unit: "award points",
        how: "estimated over 32 sampled deals of the hidden cards, each solved with every card known".to_owned(),
    };
    feed(&mut m, &mut bots, Msg::Hint(HintAnswer { ticket: request.ticket, advice: Ok(advice) }));
    let first = crate::widgets::card_text(legal[0]);
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains(&format!("Hint: {first} · award points: {first} +0.25")), "{shown}");
    // The analysis names the dummy's cards "Dummy".
    let request = to_the_end(&mut m, &mut bots);
    let dummy = request.played.start.dummy();
    let analysis = one_per_trick(&request, 4, legal[0]);
    let dummy_plays: Vec<String> = analysis
        .plays
        .iter()
        .filter(|p| dummy.contains(p.played))
        .map(|p| format!("Dummy {}", crate::widgets::card_text(p.played)))
        .collect();
    assert_eq!(dummy_plays.len(), 13);
    feed(&mut m, &mut bots, Msg::Analysis(AnalysisAnswer { deal: 1, result: Ok(analysis) }));
    let Some(ReviewState::Ready(lines)) = m.review().map(|r| &r.state) else { panic!("{:?}", m.review()) };
    let all: String = lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join("\n");
    for play in &dummy_plays {
        assert!(all.contains(play.as_str()), "{play} in\n{all}");
    }
    assert!(all.contains("Spidge has no declarer"), "{all}");
    assert!(all.contains("(and Dummy)"), "{all}");
    feed(&mut m, &mut bots, ch('a'));
    assert!(m.review_open());
    assert!(text(&screen(&m, 80, 24)).contains("Deal 1 · analysis"));
}
