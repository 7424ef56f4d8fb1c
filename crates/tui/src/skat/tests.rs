//! The Skat keys and screens, played through the model with bots that
//! answer at once: the auction, the skat, Kontra and Re, the Schieberamsch
//! packet, saving, a four-member table where the person sits out.

use std::collections::VecDeque;

use crossterm::event::KeyCode;
use trumpf_ai::{Bot, RandomBot, SkatBot};
use trumpf_core::iss::IssRecord;
use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::{DealSetup, SkatDeal, SkatRules};
use trumpf_table::skat::Said;
use trumpf_table::{Bots, Table};

use super::*;
use crate::ME;
use crate::model::Msg;
use crate::testing::{
    FUZZ_CODES, bots, ch, feed, key, made_up, model_saving_to, random_key, screen, started, table_of, text,
};
use crate::widgets::Status;

/// ISkO rules, an open list.
pub fn isko() -> SkatMatchRules {
    SkatMatchRules::default()
}

/// The pub preset, an open list.
pub fn pub_rules() -> SkatMatchRules {
    SkatMatchRules { table: SkatRules::PUB, deals: None }
}

/// The table `trumpf play` opens for `rules` from `seed`.
pub fn session_of(seed: u64, rules: SkatMatchRules) -> Table<SkatGame> {
    table_of(rules, seed)
}

/// A table whose first deal is `deal`, dealt by member `dealer` (later
/// deals follow from `seed`).
pub fn starting_with_dealer(seed: u64, rules: SkatMatchRules, deal: SkatDeal, dealer: Member) -> Table<SkatGame> {
    let start = SkatGame::with_setup(deal, rules.table, DealSetup::default());
    let setup = trumpf_table::TableSetup { first_dealer: dealer, ..crate::setup::<SkatGame>(rules, seed) };
    Table::with_first_deal(setup, start).expect("playable rules")
}

/// A table whose first deal is `deal` (later deals follow from `seed`).
pub fn starting_with(seed: u64, rules: SkatMatchRules, deal: SkatDeal) -> Table<SkatGame> {
    let dealer = crate::setup::<SkatGame>(rules, seed).first_dealer;
    starting_with_dealer(seed, rules, deal, dealer)
}

/// The deal numbered `number` (1-based) of the table for `seed`:
/// `SkatDeal::from_seed(seed + number − 1)`.
pub fn deal_for(seed: u64, number: u32) -> SkatDeal {
    SkatDeal::from_seed(seed.wrapping_add(u64::from(number.saturating_sub(1))))
}

/// The model `trumpf play` makes of `table`, saving ISS records to a file
/// in the temporary directory.
pub fn model(table: Table<SkatGame>) -> Model<SkatGame> {
    model_saving_to(table, "trumpf-play-test.sgf")
}

/// The table's opponents: a heuristic Skat bot for each member but the
/// person.
pub fn skat_bots(members: usize) -> Bots<SkatGame> {
    bots((1..members).map(|_| Box::new(SkatBot::new()) as Box<dyn Bot<SkatGame>>).collect())
}

/// A bot that passes wherever it may (the auction, the Grand Hand offer,
/// Kontra, Re) and otherwise takes its first legal action.
pub struct Passer;
impl Bot<SkatGame> for Passer {
    fn name(&self) -> &str {
        "passer"
    }
    fn choose(&mut self, view: &SkatView) -> SkatAction {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        if legal.contains(&SkatAction::Pass) { SkatAction::Pass } else { legal[0] }
    }
}

/// A bot that bids 18 when it can (and holds nothing higher), says
/// Kontra whenever it may, and otherwise plays like [`Passer`].
pub struct Kontrarian {
    /// Whether it bids 18.
    pub bids: bool,
}
impl Bot<SkatGame> for Kontrarian {
    fn name(&self) -> &str {
        "kontrarian"
    }
    fn choose(&mut self, view: &SkatView) -> SkatAction {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        if legal.contains(&SkatAction::Kontra) {
            SkatAction::Kontra
        } else if self.bids && legal.contains(&SkatAction::Bid(18)) {
            SkatAction::Bid(18)
        } else {
            Passer.choose(view)
        }
    }
}

pub fn passers() -> Bots<SkatGame> {
    bots(vec![Box::new(Passer), Box::new(Passer)])
}

/// The key a simple person presses now: bids up to 20, picks up the
/// skat, lays away (or passes on) the first two cards it may, declares
/// the first option, plays the first playable card; declines the Grand
/// Hand offer, Kontra and Re, takes the Schieberamsch packet.
pub fn policy_key(m: &Model<SkatGame>) -> Msg<SkatGame> {
    if m.re_turn() {
        return ch('p');
    }
    match m.view.phase {
        SkatPhase::Over => ch('n'),
        SkatPhase::Bidding => match m.bid_turn() {
            Some(BidTurn::Say(values)) if values[0] <= 20 => key(KeyCode::Enter),
            Some(BidTurn::Answer(value)) if value <= 20 => ch('y'),
            Some(BidTurn::PlayAt18) => ch('y'),
            _ => ch('p'),
        },
        SkatPhase::GrandHandOffer | SkatPhase::KontraWindow => ch('p'),
        SkatPhase::Passing => ch('s'),
        SkatPhase::Discarding if m.extra.marked.len() < 2 => {
            let hand = m.hand();
            let target = hand.iter().position(|&c| !m.extra.marked.contains(c) && m.markable(c)).expect("a legal card");
            match m.cursor.cmp(&target) {
                std::cmp::Ordering::Less => key(KeyCode::Right),
                std::cmp::Ordering::Greater => key(KeyCode::Left),
                std::cmp::Ordering::Equal => ch(' '),
            }
        }
        _ => key(KeyCode::Enter),
    }
}

/// Plays with [`policy_key`] until `deals` deals are finished or the
/// match is over, calling `check` after every message.
pub fn play_deals(
    m: &mut Model<SkatGame>,
    bots: &mut Bots<SkatGame>,
    deals: usize,
    mut check: impl FnMut(&Model<SkatGame>),
) {
    for _ in 0..20_000 {
        if m.table().record().deals().len() >= deals || m.match_over() {
            return;
        }
        assert!(m.view.is_my_turn() || m.view.phase == SkatPhase::Over, "the bots answered synchronously");
        let msg = policy_key(m);
        feed(m, bots, msg);
        check(m);
    }
    panic!("the session did not reach {deals} deals");
}

#[test]
fn the_human_in_forehand_answers_after_middlehand_bids() {
    // Deal 1: the human is forehand; middlehand (a bot) opens the auction.
    let mut bots = bots(vec![Box::new(RandomBot::new(5)), Box::new(Passer)]);
    let model = started(model(session_of(11, isko())), &mut bots);
    assert_eq!(model.view.seat, Seat::FOREHAND);
    assert!(!model.awaiting_bot());
    assert_eq!(model.view.to_act, Some(Seat::FOREHAND));
    assert!(matches!(model.bid_turn(), Some(BidTurn::Answer(_) | BidTurn::PlayAt18)));
    assert!(!model.table().talk().is_empty(), "middlehand's words are logged");
}

#[test]
fn illegal_input_is_refused_in_the_status_line_and_changes_nothing() {
    // Deal 2 of the session: the human sits in rearhand; both bots pass,
    // so the human bids to forehand.
    let mut bots = passers();
    let mut m = started(model(session_of(4, isko())), &mut bots);
    // Finish deal 1 by passing everywhere.
    while m.view.phase != SkatPhase::Over {
        feed(&mut m, &mut bots, ch('p'));
    }
    // Enter does not leave the result; n does.
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(m.table().number(), 1);
    feed(&mut m, &mut bots, ch('n'));
    assert_eq!(m.table().number(), 2);
    assert_eq!(m.view.seat, Seat::REARHAND);
    // Middlehand passed; the human (rearhand) says to forehand.
    assert_eq!(m.bid_turn(), Some(BidTurn::Say(trumpf_core::skat::BID_VALUES.to_vec())));
    let before = (m.view.clone(), m.table().ticket());
    feed(&mut m, &mut bots, ch('y'));
    assert!(matches!(&m.status, Some(Status::Error(text)) if text.contains("there is no value to hold")));
    assert_eq!((m.view.clone(), m.table().ticket()), before);
    // k is up (no Kontra in an auction): the bid goes up, as with +.
    feed(&mut m, &mut bots, ch('k'));
    assert_eq!(m.chosen_bid(), Some(20));
    feed(&mut m, &mut bots, key(KeyCode::Right));
    assert_eq!(m.chosen_bid(), Some(22));
    // Said with Enter; forehand passes.
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    assert_eq!(&m.table().talk()[1..], [(Seat::REARHAND, Said::Bid(22)), (Seat::FOREHAND, Said::Pass)]);
    assert_eq!(m.view.phase, SkatPhase::SkatDecision);
    assert_eq!(m.view.declarer, Some(Seat::REARHAND));
    assert_eq!(m.view.bid, 22);
}

#[test]
fn a_whole_session_runs_headless_against_the_heuristic_bots() {
    let mut bots = skat_bots(3);
    let mut m = started(model(session_of(2024, isko())), &mut bots);
    let mut seats = vec![m.view.seat];
    let mut phases = std::collections::HashSet::new();
    play_deals(&mut m, &mut bots, 6, |m| {
        phases.insert(format!("{:?}", m.view.phase));
        if seats.len() < m.table().number() as usize {
            seats.push(m.view.seat);
        }
    });
    let record = m.table().record();
    assert_eq!(record.deals().len(), 6);
    assert_eq!(&seats[..3], [Seat::FOREHAND, Seat::REARHAND, Seat::MIDDLEHAND]);
    let scored: i64 = record
        .deals()
        .iter()
        .filter_map(|d| match d.end.outcome() {
            Some(SkatOutcome::Played { settlement, .. }) => Some(i64::from(settlement.score)),
            _ => None,
        })
        .sum();
    assert_eq!(record.totals().iter().sum::<i64>(), scored, "classic sheet: totals are the declarers' scores");
    assert_eq!(m.view.phase, SkatPhase::Over);
    assert!(phases.contains("Playing"), "{phases:?}");
}

#[test]
fn a_pub_session_plays_ramsch_kontra_and_bock_headless() {
    // The heuristic bots under the pub rules; the human passes in every
    // auction, so every deal the bots pass too becomes a Schieberamsch.
    let mut bots = skat_bots(3);
    let mut m = started(model(session_of(3, pub_rules())), &mut bots);
    let mut phases = std::collections::HashSet::new();
    let mut human_passed = false;
    for _ in 0..20_000 {
        let deals = m.table().record().deals();
        let ramsch = deals.iter().any(|d| d.end.is_ramsch());
        if deals.len() >= 4 && ramsch && human_passed {
            break;
        }
        phases.insert(format!("{:?}", m.view.phase));
        let msg = if m.view.phase == SkatPhase::Bidding { ch('p') } else { policy_key(&m) };
        if m.view.phase == SkatPhase::Discarding && m.view.ramsch && m.extra.marked.len() == 2 {
            human_passed = true;
        }
        feed(&mut m, &mut bots, msg);
    }
    assert!(m.table().record().deals().iter().any(|d| d.end.is_ramsch()), "a Ramsch was played");
    assert!(human_passed, "the human passed two cards on");
    assert!(phases.contains("Passing") && phases.contains("Playing"), "{phases:?}");
    let record = m.table().record();
    let sum: i64 = record.deals().iter().map(|d| d.scores.iter().sum::<i64>()).sum();
    assert_eq!(record.totals().iter().sum::<i64>(), sum);
}

#[test]
fn the_same_seed_and_keys_give_the_same_session() {
    let run = || {
        let mut bots = skat_bots(3);
        let mut m = started(model(session_of(77, pub_rules())), &mut bots);
        play_deals(&mut m, &mut bots, 3, |_| {});
        m.table().record().clone()
    };
    assert_eq!(run(), run());
}

#[test]
fn an_illegal_card_is_refused_and_nothing_changes() {
    // Play deals until the human must follow suit while holding other cards.
    let mut bots = skat_bots(3);
    let mut m = started(model(session_of(5, isko())), &mut bots);
    for _ in 0..5000 {
        let legal = m.view.legal_cards();
        if m.view.phase == SkatPhase::Playing && !legal.is_empty() && legal != m.view.hand {
            let illegal = m.hand().iter().position(|&c| !legal.contains(c)).unwrap();
            feed(&mut m, &mut bots, key(KeyCode::Home));
            for _ in 0..illegal {
                feed(&mut m, &mut bots, key(KeyCode::Right));
            }
            assert_eq!(m.cursor, illegal);
            let before = (m.view.clone(), m.table().ticket());
            feed(&mut m, &mut bots, key(KeyCode::Enter));
            let Some(Status::Error(text)) = &m.status else { panic!("no refusal: {:?}", m.status) };
            assert!(text.starts_with("Not allowed:") && text.contains("does not follow"), "{text}");
            assert_eq!((m.view.clone(), m.table().ticket()), before);
            feed(&mut m, &mut bots, ch('p'));
            assert!(matches!(&m.status, Some(Status::Error(t)) if t.contains("this is the trick play phase")));
            assert_eq!((m.view.clone(), m.table().ticket()), before);
            // Tab finds a playable card, which Enter plays.
            feed(&mut m, &mut bots, key(KeyCode::Tab));
            assert!(legal.contains(m.hand()[m.cursor]));
            feed(&mut m, &mut bots, key(KeyCode::Enter));
            assert_ne!(m.table().ticket(), before.1);
            return;
        }
        let msg = policy_key(&m);
        feed(&mut m, &mut bots, msg);
    }
    panic!("the human never had to follow suit");
}

/// Deal 1 of `seed` under the pub rules with the bots passing and the
/// human passing: a Schieberamsch, the human (forehand) first to decide
/// on the packet.
pub fn pub_ramsch(seed: u64) -> (Model<SkatGame>, Bots<SkatGame>) {
    let mut bots = passers();
    let mut m = started(model(session_of(seed, pub_rules())), &mut bots);
    while m.view.phase == SkatPhase::Bidding {
        feed(&mut m, &mut bots, ch('p'));
    }
    (m, bots)
}

#[test]
fn schieberamsch_passing_refuses_a_jack_in_the_engines_words() {
    // A deal whose forehand (the human in deal 1) holds a jack.
    let seed = (1..).find(|&s| !(SkatDeal::from_seed(s).hand(Seat::FOREHAND) & CardSet::JACKS).is_empty());
    let (mut m, mut bots) = pub_ramsch(seed.unwrap());
    assert_eq!((m.view.phase, m.view.seat), (SkatPhase::Passing, Seat::FOREHAND));
    assert_eq!(m.options(), [SkatAction::TakeSkat, SkatAction::Push]);
    feed(&mut m, &mut bots, ch('s'));
    assert_eq!(m.view.phase, SkatPhase::Discarding);
    assert_eq!(m.hand().len(), 12);
    assert_eq!(m.extra.found.len(), 2, "the packet's cards are shown");
    // Grand order: jacks first. The first card is a jack (or no jack is held).
    let hand = m.hand();
    let jack = hand.iter().position(|c| c.rank() == trumpf_core::Rank::Jack).expect("forehand holds a jack");
    assert!(hand[m.cursor].rank() != trumpf_core::Rank::Jack, "the cursor starts on a card that may go");
    feed(&mut m, &mut bots, key(KeyCode::Home));
    for _ in 0..jack {
        feed(&mut m, &mut bots, key(KeyCode::Right));
    }
    feed(&mut m, &mut bots, ch(' '));
    let Some(Status::Error(text)) = &m.status else { panic!("not refused: {:?}", m.status) };
    let shown = card_text(hand[jack]);
    assert_eq!(text, &format!("Not allowed: {shown} may not be passed on: jacks stay in the hand."));
    assert!(m.extra.marked.is_empty());
    // Two non-jacks go on; the packet moves to middlehand (a bot), who
    // takes it and passes on, then rearhand; then the Ramsch is played.
    while m.view.phase == SkatPhase::Discarding {
        let msg = policy_key(&m);
        feed(&mut m, &mut bots, msg);
    }
    assert_eq!(m.view.phase, SkatPhase::Playing);
    assert!(m.view.ramsch);
    let said: Vec<Said> = m.table().talk().iter().filter(|(s, _)| *s == Seat::FOREHAND).map(|&(_, s)| s).collect();
    assert_eq!(said, [Said::Pass, Said::Took, Said::PassedOn]);
    assert_eq!(m.table().talk().iter().filter(|(_, s)| *s == Said::PassedOn).count(), 3);
}

#[test]
fn pushing_the_packet_unseen_is_counted() {
    let (mut m, mut bots) = pub_ramsch(1);
    feed(&mut m, &mut bots, ch('u'));
    assert_eq!(m.view.pushes, 1);
    assert_eq!(m.table().talk()[3], (Seat::FOREHAND, Said::Pushed), "after three passes in the auction");
    assert!(m.extra.found.is_empty(), "pushed unseen");
}

/// Deal 1 of seed 1, pub rules: the human (forehand) passes, middlehand
/// (a [`Kontrarian`]) bids 18 and plays; rearhand passes.
pub fn human_defends() -> (Model<SkatGame>, Bots<SkatGame>) {
    let mut bots = bots(vec![Box::new(Kontrarian { bids: true }), Box::new(Passer)]);
    let mut m = started(model(session_of(1, pub_rules())), &mut bots);
    while m.view.phase == SkatPhase::Bidding {
        feed(&mut m, &mut bots, ch('p'));
    }
    (m, bots)
}

#[test]
fn k_says_kontra_before_the_humans_first_card() {
    let (mut m, mut bots) = human_defends();
    assert_eq!(m.view.phase, SkatPhase::Playing);
    assert_eq!(m.view.declarer, Some(Seat::MIDDLEHAND));
    assert!(m.view.is_my_turn(), "forehand leads");
    assert!(m.legal().contains(&SkatAction::Kontra));
    assert!(m.kontra_possible());
    feed(&mut m, &mut bots, ch('k'));
    // Bot 1 declines Re (a Passer-like answer); the human leads on.
    assert_eq!(m.view.kontra.level, 1);
    assert_eq!(m.view.kontra.by, Some(Seat::FOREHAND));
    assert_eq!(
        &m.table().talk()[m.table().talk().len() - 2..],
        [(Seat::FOREHAND, Said::Kontra), (Seat::MIDDLEHAND, Said::NoRe)]
    );
    assert!(m.view.is_my_turn());
    // A second Kontra is refused in the engine's words.
    feed(&mut m, &mut bots, ch('k'));
    let Some(Status::Error(text)) = &m.status else { panic!("{:?}", m.status) };
    assert_eq!(text, "Not allowed: no Kontra now: Kontra was already said in this game.");
    while m.view.phase != SkatPhase::Over {
        let msg = policy_key(&m);
        feed(&mut m, &mut bots, msg);
    }
    let Some(SkatOutcome::Played { settlement, .. }) = m.view.outcome else { panic!("a game") };
    assert_eq!(settlement.kontra, 1);
    assert_eq!(settlement.factor(), 2);
}

#[test]
fn after_the_first_card_kontra_is_refused_with_the_reason() {
    let (mut m, mut bots) = human_defends();
    feed(&mut m, &mut bots, key(KeyCode::Enter));
    // Middlehand and rearhand played; unless forehand won... play on to
    // the human's next turn, then k.
    assert!(m.view.is_my_turn());
    assert!(!m.legal().contains(&SkatAction::Kontra));
    feed(&mut m, &mut bots, ch('k'));
    let Some(Status::Error(text)) = &m.status else { panic!("{:?}", m.status) };
    assert!(text.contains("Kontra comes before one's own first card"), "{text}");
}

#[test]
fn the_declarer_answers_a_kontra_with_r_or_p() {
    // The human (forehand) plays at 18 with Kontrarian bots who pass in
    // the auction; the first of them to play says Kontra.
    for (key_pressed, level, said) in [('r', 2, Said::Re), ('p', 1, Said::NoRe)] {
        let mut bots = bots(vec![Box::new(Kontrarian { bids: false }), Box::new(Kontrarian { bids: false })]);
        let mut m = started(model(session_of(1, pub_rules())), &mut bots);
        while !m.re_turn() {
            assert_ne!(m.view.phase, SkatPhase::Over);
            let msg = policy_key(&m);
            feed(&mut m, &mut bots, msg);
        }
        assert_eq!(m.view.declarer, Some(Seat::FOREHAND));
        assert!(m.options().is_empty(), "Enter does not answer a Kontra");
        let before = m.table().ticket();
        feed(&mut m, &mut bots, key(KeyCode::Enter));
        assert_eq!(m.table().ticket(), before);
        assert!(matches!(&m.status, Some(Status::Info(t)) if t.contains("r answers Re")), "{:?}", m.status);
        feed(&mut m, &mut bots, ch(key_pressed));
        assert_eq!(m.view.kontra.level, level);
        assert_eq!(m.table().talk().last().map(|&(_, s)| s), Some(said));
    }
}

#[test]
fn quitting_takes_two_presses_of_q() {
    let mut bots = passers();
    let mut m = started(model(session_of(1, isko())), &mut bots);
    assert!(feed(&mut m, &mut bots, ch('q')).is_empty());
    assert!(m.quit_armed && !m.should_quit());
    feed(&mut m, &mut bots, ch('x'));
    assert!(!m.quit_armed && !m.should_quit(), "any other key plays on");
    feed(&mut m, &mut bots, ch('q'));
    let cmds = feed(&mut m, &mut bots, ch('Q'));
    assert!(matches!(cmds[..], [Cmd::Quit]));
    assert!(m.should_quit());
}

/// Plays with [`policy_key`] until `deals` deals are finished,
/// returning every save command issued.
fn saves_until(m: &mut Model<SkatGame>, bots: &mut Bots<SkatGame>, deals: usize) -> Vec<Cmd<SkatGame>> {
    let mut saves = Vec::new();
    for _ in 0..2000 {
        if m.table().record().deals().len() == deals {
            break;
        }
        let msg = policy_key(m);
        for cmd in feed(m, bots, msg) {
            match cmd {
                Cmd::Save { .. } => saves.push(cmd),
                // The analysis of each deal: no test of it here.
                Cmd::Analyse(_) => {}
                other => panic!("unexpected {other:?}"),
            }
        }
    }
    saves
}

#[test]
fn every_action_is_saved_and_w_saves_at_any_time() {
    use trumpf_core::series::record::SavedMatch;
    let mut bots = passers();
    let mut m = started(model(session_of(8, isko())), &mut bots);
    // Before any deal is finished, w saves the deal so far.
    let [Cmd::Save { text, version, message: Some(message), .. }] = &feed(&mut m, &mut bots, ch('w'))[..] else {
        panic!("w saves")
    };
    assert_eq!(*version, m.table().version());
    let taken = m.table().unfinished().unwrap().actions.len();
    assert_eq!(taken, 2, "middlehand bid, the human's turn");
    assert!(message.starts_with("Saved deal 1 so far (2 actions) as ISS records to "), "{message}");
    assert!(IssRecord::parse(text.trim()).is_ok_and(|r| r.result.is_none() && r.moves.len() == taken), "{text}");
    // Saving after every action: one save per action and new deal, silent,
    // each holding the table's version.
    m.save.auto = true;
    let before = m.table().version();
    let saves = saves_until(&mut m, &mut bots, 2);
    assert_eq!(saves.len() as u64, m.table().version() - before, "one save per change");
    let versions: Vec<u64> =
        saves.iter().map(|c| if let Cmd::Save { version, .. } = c { *version } else { 0 }).collect();
    assert_eq!(versions, (before + 1..=m.table().version()).collect::<Vec<_>>());
    assert!(saves.iter().all(|c| matches!(c, Cmd::Save { message: None, .. })), "only w says it saved");
    let Some(Cmd::Save { path, text, version, .. }) = saves.last().cloned() else { panic!("saved") };
    assert_eq!(text.lines().count(), 2);
    assert_eq!(text, m.table().save(SaveFormat::Iss).unwrap().text);
    // A failed save is said, and the quit question says the game is not saved.
    feed(&mut m, &mut bots, Msg::Saved { path: path.clone(), version, result: Err("disk full".into()), message: None });
    assert!(matches!(&m.status, Some(Status::Error(t)) if t.contains("disk full") && t.contains("w tries again")));
    assert!(!m.saved() && m.save_failure() == Some("disk full"));
    feed(&mut m, &mut bots, ch('q'));
    assert!(matches!(&m.status, Some(Status::Info(t)) if t.contains("(The last save failed: w tries again.)")));
    feed(&mut m, &mut bots, ch('x'));
    // The next save that works says so once.
    feed(&mut m, &mut bots, Msg::Saved { path, version, result: Ok(()), message: None });
    assert!(matches!(&m.status, Some(Status::Info(t)) if t.contains("again: the file holds the game")));
    assert!(m.saved() && m.save_failure().is_none());
    // The trumpf record of the same moment reads back to the same match.
    let record = m.table().save(SaveFormat::Trumpf).unwrap().text;
    assert_eq!(SavedMatch::<SkatGame>::read(&record).unwrap().record.game, *m.table().record());
}

#[test]
fn a_ramsch_cannot_be_an_iss_record_and_the_status_line_says_so() {
    use trumpf_core::series::record::MatchRecord;
    let (mut m, mut bots) = pub_ramsch(2);
    m.save.auto = true;
    saves_until(&mut m, &mut bots, 1);
    let [Cmd::Save { path, text, version, message: Some(message) }] = &feed(&mut m, &mut bots, ch('w'))[..] else {
        panic!("w saves")
    };
    assert_eq!(path, &m.save.path);
    let file = path.display().to_string();
    assert_eq!(*message, format!("ISS records cannot express a Ramsch (deal 1): saved as a trumpf record to {file}."));
    let saved = Msg::Saved { path: path.clone(), version: *version, result: Ok(()), message: Some(message.clone()) };
    feed(&mut m, &mut bots, saved);
    let Some(Status::Info(status)) = &m.status else { panic!("{:?}", m.status) };
    assert!(status.starts_with("ISS records cannot express a Ramsch"), "{status}");
    let shown = crate::testing::text(&screen(&m, 80, 24));
    assert!(shown.contains("ISS records cannot express a Ramsch (deal 1): saved as a trumpf record to"), "{shown}");
    assert!(shown.contains("n next deal · a analysis · w save · q quit"), "{shown}");
    let read = MatchRecord::<SkatGame>::read(text).unwrap();
    assert_eq!(read.game, *m.table().record());
    assert!(text.contains("\nrules table_size=3 pass_out=ramsch "), "{text}");
}

#[test]
fn stale_bot_answers_are_ignored() {
    let mut bots = passers();
    let mut m = model(session_of(3, isko()));
    let Some(Cmd::AskBot(request)) = m.start().pop() else { panic!("middlehand is a bot") };
    let answer = bots.answer(request);
    m.update(Msg::Bot(answer.clone()));
    let ticket = m.table().ticket();
    // The same answer again is for a decision already taken.
    m.update(Msg::Bot(answer));
    assert_eq!(m.table().ticket(), ticket);
}

#[test]
fn a_fixed_length_list_ends_and_n_says_so() {
    let mut bots = passers();
    let rules = SkatMatchRules { deals: Some(2), ..isko() };
    let mut m = started(model(session_of(3, rules)), &mut bots);
    play_deals(&mut m, &mut bots, 5, |_| {});
    assert!(m.match_over());
    assert_eq!(m.table().record().deals().len(), 2);
    feed(&mut m, &mut bots, ch('n'));
    assert_eq!(m.table().number(), 2);
    let Some(Status::Info(status)) = &m.status else { panic!("{:?}", m.status) };
    // The human played at 18 and lost; the bots share the lead.
    assert!(m.table().record().totals()[0] < 0);
    assert_eq!(status, "The match is over: Bot 1 and Bot 2 share the win. w saves, q quits.");
}

#[test]
fn no_key_crashes_the_game() {
    use rand::RngExt as _;
    use rand::SeedableRng;
    let codes: Vec<KeyCode> = FUZZ_CODES.into_iter().chain([KeyCode::Insert, KeyCode::F(12)]).collect();
    let chars: Vec<char> = "abcdefghijklmnoprstuvwxyz YNPSWKRUG+-?0123456789é♣".chars().collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    let presets = [
        isko(),
        pub_rules(),
        SkatMatchRules { table: SkatRules::PIRAT, deals: None },
        SkatMatchRules { table: SkatRules { table_size: 4, ..SkatRules::PUB }, deals: None },
    ];
    for seed in 0..4 {
        let rules = presets[seed as usize];
        let mut bots = skat_bots(usize::from(rules.table.table_size));
        let mut m = started(model(session_of(seed, rules)), &mut bots);
        // The bots answer in their own time: keys come in between, also
        // while the human sits a deal out.
        let mut pending: VecDeque<Cmd<SkatGame>> = VecDeque::new();
        // Hints and analyses asked for, answered late (or never), out of
        // order, with made-up values.
        let mut asked: Vec<Cmd<SkatGame>> = Vec::new();
        let mut keys_watching = 0;
        for step in 0..1500 {
            let msg = match rng.random_range(0..11) {
                0..5 if !pending.is_empty() => {
                    if let Some(Cmd::AskBot(request)) = pending.pop_front() {
                        pending.extend(m.update(Msg::Bot(bots.answer(request))));
                    }
                    continue;
                }
                10 if !asked.is_empty() => {
                    let cmd = asked.swap_remove(rng.random_range(0..asked.len()));
                    match made_up(&cmd, &mut rng) {
                        Some(msg) => msg,
                        None => continue,
                    }
                }
                0..5 => policy_key(&m),
                5 => Msg::Resize { width: rng.random_range(60..120), height: rng.random_range(16..40) },
                // Ctrl-C and Ctrl-D quit like q; keep the session going.
                _ => match random_key(&mut rng, &codes, &chars) {
                    Some(key) => Msg::Key(key),
                    None => continue,
                },
            };
            keys_watching += usize::from(m.watching());
            for cmd in m.update(msg) {
                match cmd {
                    Cmd::AskBot(_) => pending.push_back(cmd),
                    Cmd::Advise(_) | Cmd::Analyse(_) => asked.push(cmd),
                    _ => {}
                }
            }
            if m.should_quit() {
                break;
            }
            if step % 7 == 0 {
                let (w, h) = (rng.random_range(0..120), rng.random_range(0..40));
                screen(&m, w, h);
            }
        }
        if rules.table.table_size == 4 {
            assert!(keys_watching > 50, "{keys_watching} keys pressed while the human sat out");
        }
    }
}

/// ISkO at a four-member table scored by Seeger–Fabian, an open list.
pub fn four_members_sf() -> SkatMatchRules {
    use trumpf_core::skat::Scoring;
    SkatMatchRules {
        table: SkatRules { table_size: 4, scoring: Scoring::SeegerFabian, ..SkatRules::ISKO },
        deals: None,
    }
}

/// Every card on `shown` (a screen's text), by its symbol and rank.
pub fn cards_shown(shown: &str) -> CardSet {
    CardSet::PIQUET_PACK.iter().filter(|&c| shown.contains(&card_text(c))).collect()
}

/// The cards a view lets its holder see: his hand, the skat he knows,
/// what was played, an open hand.
pub fn cards_seen(v: &SkatView) -> CardSet {
    let mut seen = v.hand | v.skat | v.dealt_skat | v.played | v.ouvert_hand.unwrap_or(CardSet::EMPTY);
    seen |= v.trick().iter().copied().collect::<CardSet>();
    if let Some(last) = v.last_trick {
        seen |= last.cards.iter().copied().collect::<CardSet>();
    }
    seen
}

/// The screen while the human sits a deal out: the onlooker's view, the
/// sitting-out panel, and no card the view does not show.
fn check_watching(m: &Model<SkatGame>) {
    let v = &m.view;
    assert!(v.spectator && v.hand.is_empty() && !v.is_my_turn());
    if v.phase != SkatPhase::Over {
        assert!(v.skat.is_empty(), "no skat before the end");
    }
    let shown = text(&screen(m, 80, 24));
    assert!(shown.contains("you: dealer, sitting out"), "{shown}");
    if v.phase != SkatPhase::Over {
        assert!(shown.contains("You deal and sit out this deal"), "{shown}");
        assert!(shown.contains("You deal and sit out: you watch."), "{shown}");
    }
    let leaked = cards_shown(&shown).minus(cards_seen(v));
    assert!(leaked.is_empty(), "{leaked} shown to the onlooker\n{shown}");
}

/// Keys pressed while the human watches, and what each must do.
const WATCH_KEYS: [KeyCode; 16] = [
    KeyCode::Enter,
    KeyCode::Char(' '),
    KeyCode::Char('p'),
    KeyCode::Char('y'),
    KeyCode::Char('s'),
    KeyCode::Char('k'),
    KeyCode::Char('r'),
    KeyCode::Char('u'),
    KeyCode::Char('g'),
    KeyCode::Left,
    KeyCode::Tab,
    KeyCode::Esc,
    KeyCode::Char('x'),
    KeyCode::F(1),
    KeyCode::Up,
    KeyCode::Char('n'),
];

/// Presses `code` while the human sits out: nothing is played, and the
/// status line says he sits out (n: the deal goes on; ↑: the sheet scrolls).
fn press_while_watching(m: &mut Model<SkatGame>, code: KeyCode) {
    let before = (m.view.clone(), m.table().ticket());
    // k is Kontra where Kontra can be said, elsewhere up: it scrolls.
    let scrolls = code == KeyCode::Up || (code == KeyCode::Char('k') && !m.kontra_possible());
    let back = m.extra.sheet_back;
    assert!(m.update(key(code)).is_empty(), "{code:?} asks for nothing");
    assert_eq!((m.view.clone(), m.table().ticket()), before, "{code:?} changed the deal");
    if scrolls {
        let deals = m.table().record().deals().len();
        assert_eq!(m.extra.sheet_back, (back + 1).min(deals.saturating_sub(1)), "{code:?} scrolls the sheet");
        assert_eq!(m.status, None);
        return;
    }
    let Some(Status::Info(status)) = &m.status else { panic!("{code:?}: {:?}", m.status) };
    if code == KeyCode::Char('n') {
        assert!(status.ends_with("is still being played; you sit it out."), "{status}");
    } else {
        assert_eq!(status, SITTING_OUT, "{code:?}");
    }
}

#[test]
fn a_four_member_session_seats_the_dealer_out_and_runs_headless() {
    let mut bots = skat_bots(4);
    let mut m = model(session_of(5, four_members_sf()));
    let mut pending: VecDeque<Cmd<SkatGame>> = m.start().into();
    let mut seats = vec![m.table().seat_of(ME)];
    let (mut watched, mut watched_tricks, mut keys) = (0, 0, 0);
    for _ in 0..20_000 {
        let deals = m.table().record().deals().len();
        if deals >= 5 && watched_tricks > 0 && m.view.phase == SkatPhase::Over {
            break;
        }
        match pending.pop_front() {
            Some(Cmd::AskBot(request)) => {
                if m.watching() {
                    press_while_watching(&mut m, WATCH_KEYS[keys % WATCH_KEYS.len()]);
                    keys += 1;
                }
                pending.extend(m.update(Msg::Bot(bots.answer(request))));
            }
            Some(Cmd::Analyse(_)) => {}
            Some(other) => panic!("unexpected {other:?}"),
            None => {
                assert!(m.view.is_my_turn() || m.view.phase == SkatPhase::Over, "nobody to wait for");
                let msg = policy_key(&m);
                pending.extend(m.update(msg));
                if seats.len() < m.table().number() as usize {
                    seats.push(m.table().seat_of(ME));
                }
            }
        }
        if m.sits_out() {
            check_watching(&m);
            watched += 1;
            watched_tricks += usize::from(m.view.phase == SkatPhase::Playing);
        } else if m.view.is_my_turn() {
            // With the four-column sheet the table keeps room for a
            // hand of twelve at 80 columns.
            let shown = text(&screen(&m, 80, 24));
            assert!(m.view.hand.minus(cards_shown(&shown)).is_empty(), "the whole hand is shown\n{shown}");
        }
    }
    assert!(watched_tricks > 20 && keys > WATCH_KEYS.len(), "watched {watched} screens, pressed {keys} keys");
    let record = m.table().record();
    assert!(record.deals().len() >= 5);
    assert_eq!(
        &seats[..5],
        [Some(Seat::FOREHAND), None, Some(Seat::REARHAND), Some(Seat::MIDDLEHAND), Some(Seat::FOREHAND)],
        "forehand, then dealing and sitting out, rearhand, middlehand"
    );
    // Seeger–Fabian at four (skat.md §11.2): ±50 for the declarer, 30
    // for each of the other three members, the dealer among them, for
    // every lost game.
    let seating = |dealer| <SkatGame as trumpf_core::series::MatchGame>::seating(record.rules(), dealer);
    for (i, deal) in record.deals().iter().enumerate() {
        let members = seating(deal.dealer);
        let expected: [i64; 4] = match deal.end.outcome() {
            Some(SkatOutcome::Played { declarer, settlement: s }) => {
                std::array::from_fn(|m| match (m == members[declarer.index()].index(), s.won) {
                    (true, true) => i64::from(s.score) + 50,
                    (true, false) => i64::from(s.score) - 50,
                    (false, true) => 0,
                    (false, false) => 30,
                })
            }
            _ => [0; 4],
        };
        assert_eq!(deal.scores[..4], expected, "deal {}", i + 1);
    }
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("│ # You Bot1 Bot2 Bot3 │"), "four columns\n{shown}");
    let totals = record.totals();
    assert!(shown.contains(&format!("│ Σ {} {} {} {} │", totals[0], totals[1], totals[2], totals[3])), "{shown}");
    // w saves the trumpf record of the four members, which reads back.
    m.save.format = SaveFormat::Trumpf;
    let [Cmd::Save { text, version, .. }] = &m.update(ch('w'))[..] else { panic!("w saves") };
    assert_eq!(*version, m.table().version());
    let read = trumpf_core::series::record::MatchRecord::<SkatGame>::read(text).unwrap();
    assert_eq!(read.players, ["You", "Bot_1", "Bot_2", "Bot_3"]);
    assert_eq!(read.game, *m.table().record());
}

/// skat.md §13 row 2 as dealt cards: middlehand holds `CJ SJ CA CT CK C9
/// C8 SA ST HA`, the skat `H7 D7`.
pub fn row_2_deal() -> SkatDeal {
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    SkatDeal::new(
        [
            hand("DA DK D9 HJ DJ CQ HT HK HQ H9"),
            hand("CJ SJ CA CT CK C9 C8 SA ST HA"),
            hand("DT DQ D8 C7 SK SQ S9 S8 S7 H8"),
        ],
        hand("H7 D7"),
    )
    .unwrap()
}

/// Plays the actions given for its seat, in order.
struct Script(VecDeque<SkatAction>);
impl Bot<SkatGame> for Script {
    fn name(&self) -> &str {
        "script"
    }
    fn choose(&mut self, _view: &SkatView) -> SkatAction {
        self.0.pop_front().expect("the script has an action for every turn")
    }
}

/// The bots of members 1..3 (forehand, middlehand, rearhand while the
/// human deals) playing §13 row 2: middlehand bids 30, picks up, lays
/// away `H7 D7` and plays Clubs with 2; the defenders take 62.
pub fn row_2_bots() -> Bots<SkatGame> {
    let cards = |s: &str| -> Vec<SkatAction> { s.split(' ').map(|c| SkatAction::Play(c.parse().unwrap())).collect() };
    let script = |first: Vec<SkatAction>, play: &str| {
        let mut actions: VecDeque<SkatAction> = first.into();
        actions.extend(cards(play));
        Box::new(Script(actions)) as Box<dyn Bot<SkatGame>>
    };
    let clubs = Contract::pickup(GameKind::Suit(trumpf_core::Suit::Clubs));
    let discard = SkatAction::Discard("H7 D7".parse().unwrap());
    bots(vec![
        script(vec![SkatAction::Pass], "DA DK D9 HJ HT DJ CQ HK HQ H9"),
        script(
            vec![SkatAction::Bid(30), SkatAction::TakeSkat, discard, SkatAction::Declare(clubs)],
            "ST SA HA C8 C9 CJ SJ CA CT CK",
        ),
        script(vec![SkatAction::Pass], "DT DQ D8 C7 H8 S7 S8 S9 SQ SK"),
    ])
}

#[test]
fn seeger_fabian_credits_the_dealer_sitting_out_with_30_for_a_lost_game() {
    // skat.md §13 row 17: row 2 (Clubs with 2, bid 30, D = 58, lost,
    // −72) at a four-member table under Seeger–Fabian: the declarer
    // −122, the two opponents and the dealer sitting out +30 each.
    let session = starting_with_dealer(1, four_members_sf(), row_2_deal(), ME);
    let mut bots = row_2_bots();
    let mut m = model(session);
    assert!(m.sits_out());
    let mut pending: VecDeque<Cmd<SkatGame>> = m.start().into();
    while let Some(cmd) = pending.pop_front() {
        let request = match cmd {
            Cmd::AskBot(request) => request,
            Cmd::Analyse(_) => continue,
            cmd => panic!("{cmd:?}"),
        };
        check_watching(&m);
        press_while_watching(&mut m, KeyCode::Enter);
        pending.extend(m.update(Msg::Bot(bots.answer(request))));
    }
    check_watching(&m);
    let Some(SkatOutcome::Played { declarer, settlement }) = m.view.outcome else { panic!("{:?}", m.view.outcome) };
    assert_eq!((declarer, settlement.won, settlement.value, settlement.score), (Seat::MIDDLEHAND, false, 36, -72));
    assert_eq!(settlement.tally.declarer_points, 58);
    let deal = &m.table().record().deals()[0];
    assert_eq!(deal.dealer, ME);
    assert_eq!(deal.scores[..4], [30, 30, -122, 30], "You (dealer), Bot 1 (FH), Bot 2 (declarer), Bot 3 (RH)");
    let shown = text(&screen(&m, 80, 24));
    for expected in [
        "Bot 2 (Middlehand) — LOST",
        "Clubs: base 12 × multiplier 3 = 36",
        "card points 58 62",
        "score: -72",
        "Seeger–Fabian: −50, +30 to the other three",
        "You dealt and sat this deal out.",
        "│ # You Bot1 Bot2 Bot3 │",
        "│ 1 ♣ +30 +30 -122 +30 │",
        "│ Σ 30 30 -122 30 │",
    ] {
        assert!(shown.contains(expected), "{expected:?} missing in\n{shown}");
    }
    // The result screen takes n as usual: the deal passes to Bot 1, who
    // sits out, and the human plays rearhand.
    feed(&mut m, &mut skat_bots(4), ch('n'));
    assert_eq!(m.table().number(), 2);
    assert!(!m.sits_out());
    assert_eq!(m.view.seat, Seat::REARHAND);
    assert_eq!(m.view.hand, deal_for(1, 2).hand(Seat::REARHAND));
    let shown = text(&screen(&m, 80, 24));
    assert!(shown.contains("Bot 1 deals and sits out."), "{shown}");
}

#[test]
fn in_the_schieberamsch_trick_play_shows_what_each_did_with_the_packet() {
    // The human (forehand) pushes the packet on; the two after him decide
    // after he has; trick play says what all three did.
    let (mut m, mut bots) = pub_ramsch(1);
    feed(&mut m, &mut bots, ch('u'));
    while m.view.phase != SkatPhase::Playing {
        let msg = policy_key(&m);
        feed(&mut m, &mut bots, msg);
    }
    // The engine's actions of the packet, seat by seat.
    let actions = m.table().unfinished().unwrap().actions;
    let did: Vec<String> = actions
        .iter()
        .filter_map(|&(seat, action)| {
            let who = if seat == m.view.seat { "You".to_owned() } else { m.name_at(seat).to_owned() };
            match action {
                SkatAction::TakeSkat => Some(format!("{who} took")),
                SkatAction::Push => Some(format!("{who} pushed")),
                _ => None,
            }
        })
        .collect();
    assert_eq!(did.len(), 3, "{actions:?}");
    assert!(did[0] == "You pushed");
    let shown = crate::testing::text(&screen(&m, 80, 24));
    assert!(shown.contains(&format!("The packet: {}.", did.join(" · "))), "{shown}");
}
