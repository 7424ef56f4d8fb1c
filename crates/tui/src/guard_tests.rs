//! The one size guard of the three games: below 80×24 the screen is only a
//! notice and game keys do nothing, whatever the phase; at 80×24 every card
//! the person holds (and Spidge's dummy) is on the screen, at every step of
//! whole matches.

use crossterm::event::KeyCode;
use trumpf_ai::{Bot, SkatBot, SpidgeBot, SpitzerBot};
use trumpf_core::series::SkatMatchRules;
use trumpf_core::skat::{SkatGame, SkatRules};
use trumpf_core::spidge::{SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerGame, SpitzerRules};
use trumpf_core::{Card, GameView};
use trumpf_table::Bots;

use crate::model::{Model, Msg, TuiGame};
use crate::testing::{bots, ch, feed, key, model_saving_to, rows, screen, started, table_of};
use crate::widgets::card_text;

const NOTICE: &str = "needs a terminal of at least 80×24";

/// Every key a game reads, in an order that acts in any phase.
fn game_keys<G: TuiGame>() -> Vec<Msg<G>> {
    let mut keys: Vec<Msg<G>> = [
        KeyCode::End,
        KeyCode::Home,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::PageUp,
        KeyCode::Tab,
        KeyCode::Esc,
        KeyCode::Enter,
    ]
    .into_iter()
    .map(key)
    .collect();
    keys.extend("pysngkru?a ".chars().map(ch));
    keys.push(key(KeyCode::Enter));
    keys
}

/// With the person to act: while the terminal is too small the keys change
/// nothing and the screen is the notice; `q` twice still quits. Once it is
/// large enough, the same keys act again.
fn keys_do_nothing_while_the_notice_shows<G: TuiGame>(mut m: Model<G>, bots: &mut Bots<G>) {
    assert!(m.view().is_my_turn(), "the person is to act");
    for (width, height) in [(79, 24), (80, 23), (60, 20), (0, 0)] {
        feed(&mut m, bots, Msg::Resize { width, height });
        assert!(!m.fits());
        let (version, view) = (m.table().version(), m.view().clone());
        for msg in game_keys::<G>() {
            assert!(feed(&mut m, bots, msg).is_empty(), "no command at {width}×{height}");
        }
        assert_eq!(m.table().version(), version, "no action at {width}×{height}");
        assert_eq!(m.view(), &view);
        if width > 0 {
            let shown = rows(&screen(&m, width, height)).join(" ");
            assert!(shown.contains(NOTICE) || width < 40, "{shown}");
        }
    }
    feed(&mut m, bots, Msg::Resize { width: 80, height: 24 });
    assert!(m.fits());
    let version = m.table().version();
    for msg in game_keys::<G>() {
        feed(&mut m, bots, msg);
    }
    assert!(m.table().version() > version, "the keys act at 80×24");
    feed(&mut m, bots, Msg::Resize { width: 50, height: 10 });
    feed(&mut m, bots, ch('q'));
    feed(&mut m, bots, ch('q'));
    assert!(m.should_quit(), "q quits while the notice shows");
}

/// The row of the panel titled `title`, where its cards are.
fn panel_cards(shown: &[String], title: &str) -> String {
    let top = shown.iter().position(|row| row.contains(title)).unwrap_or_else(|| panic!("no {title:?} panel"));
    shown[top + 1].clone()
}

/// Whether every card of `cards` is on the row, in order.
fn all_shown(row: &str, cards: &[Card]) -> bool {
    let mut rest = row;
    cards.iter().all(|&card| match rest.find(&card_text(card)) {
        Some(at) => {
            rest = &rest[at + card_text(card).len()..];
            true
        }
        None => false,
    })
}

/// Plays `deals` deals at 80×24 with `policy`, checking after every step
/// that the person's cards (`cards`, as the screen orders them, with the
/// panel's title) are all shown.
fn every_card_is_shown<G: TuiGame>(
    mut m: Model<G>,
    bots: &mut Bots<G>,
    deals: usize,
    policy: impl Fn(&Model<G>) -> Msg<G>,
    cards: impl Fn(&Model<G>) -> Vec<(&'static str, Vec<Card>)>,
) {
    feed(&mut m, bots, Msg::Resize { width: 80, height: 24 });
    let mut checked = 0;
    for _ in 0..20_000 {
        if m.table().record().deals().len() >= deals || m.winner().is_some() {
            break;
        }
        let shown = rows(&screen(&m, 80, 24));
        if !m.deal_over() {
            for (title, held) in cards(&m) {
                let row = panel_cards(&shown, title);
                assert!(all_shown(&row, &held), "{title}: {held:?} not all in {row:?}\n{}", shown.join("\n"));
                checked += 1;
            }
        }
        let msg = policy(&m);
        feed(&mut m, bots, msg);
    }
    assert!(checked >= 3 * deals && m.table().record().deals().len() >= deals.min(2), "{checked} screens");
}

fn skat(members: usize, seed: u64) -> (Model<SkatGame>, Bots<SkatGame>) {
    let rules = SkatMatchRules { table: SkatRules { table_size: members as u8, ..SkatRules::PUB }, deals: None };
    let mut bots = bots((1..members).map(|_| Box::new(SkatBot::new()) as Box<dyn Bot<SkatGame>>).collect::<Vec<_>>());
    let m = started(model_saving_to(table_of::<SkatGame>(rules, seed), "trumpf-guard.sgf"), &mut bots);
    (m, bots)
}

fn spitzer(seed: u64) -> (Model<SpitzerGame>, Bots<SpitzerGame>) {
    let mut bots = bots((0..3).map(|_| Box::new(SpitzerBot::new()) as Box<dyn Bot<SpitzerGame>>).collect());
    let m = started(model_saving_to(table_of(SpitzerRules::default(), seed), "trumpf-guard.txt"), &mut bots);
    (m, bots)
}

fn spidge(seed: u64) -> (Model<SpidgeGame>, Bots<SpidgeGame>) {
    let mut bots = bots((0..2).map(|_| Box::new(SpidgeBot::new()) as Box<dyn Bot<SpidgeGame>>).collect());
    let m = started(model_saving_to(table_of(SpidgeRules::default(), seed), "trumpf-guard.txt"), &mut bots);
    (m, bots)
}

#[test]
fn below_80_by_24_game_keys_do_nothing_in_every_game() {
    let (m, mut b) = skat(3, 4);
    keys_do_nothing_while_the_notice_shows(m, &mut b);
    let (m, mut b) = spitzer(1);
    keys_do_nothing_while_the_notice_shows(m, &mut b);
    let (m, mut b) = spidge(1);
    keys_do_nothing_while_the_notice_shows(m, &mut b);
}

#[test]
fn at_80_by_24_every_card_in_hand_is_on_the_screen() {
    for (members, seed) in [(3, 5), (4, 6)] {
        let (m, mut b) = skat(members, seed);
        let hand = |m: &Model<SkatGame>| {
            if m.sits_out() { Vec::new() } else { vec![("Your hand", m.hand())] }
        };
        every_card_is_shown(m, &mut b, 8, crate::skat::tests::policy_key, hand);
    }
    let (m, mut b) = spitzer(3);
    let enter = |m: &Model<SpitzerGame>| if m.deal_over() { ch('n') } else { key(KeyCode::Enter) };
    let hand = |m: &Model<SpitzerGame>| vec![("Your hand", trumpf_table::spitzer::hand_order(m.view().hand))];
    every_card_is_shown(m, &mut b, 4, enter, hand);
    let (m, mut b) = spidge(3);
    let enter = |m: &Model<SpidgeGame>| if m.deal_over() { ch('n') } else { key(KeyCode::Enter) };
    let hands = |m: &Model<SpidgeGame>| {
        let v = m.view();
        vec![
            ("Your hand", trumpf_table::spidge::hand_order(v.own_hand)),
            ("Dummy ·", trumpf_table::spidge::hand_order(v.dummy)),
        ]
    };
    every_card_is_shown(m, &mut b, 3, enter, hands);
}
