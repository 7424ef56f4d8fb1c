//! What the table's tests share: tables of people and bots, a small
//! seeded random source, and a driver that plays whole matches.

#![allow(dead_code)]

use trumpf_core::series::{MatchStatus, SkatMatchRules};
use trumpf_core::skat::{SkatGame, SkatRules};
use trumpf_core::{GameView, Member};
use trumpf_table::{BotKind, Bots, Controller, Table, TableGame, TableSetup};

/// A member by number.
pub fn member(i: usize) -> Member {
    Member::new(i).unwrap()
}

/// splitmix64: enough randomness for choosing actions, with no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `controllers` at a table of `rules` from `seed`; the last member deals
/// first.
pub fn table<G: TableGame>(rules: G::Rules, seed: u64, controllers: Vec<Controller>) -> Table<G> {
    let first_dealer = member(controllers.len() - 1);
    Table::new(TableSetup { rules, seed, first_dealer, controllers }).unwrap()
}

/// Persons named P0, P1, ... for the members in `persons`, random bots
/// named B<i> for the others.
pub fn controllers(members: usize, persons: &[usize]) -> Vec<Controller> {
    (0..members)
        .map(|i| {
            if persons.contains(&i) {
                Controller::person(format!("P{i}"))
            } else {
                Controller::bot(BotKind::Random, format!("B{i}"))
            }
        })
        .collect()
}

/// A random legal action of the member to act, from his own view.
pub fn random_action<G: TableGame>(table: &Table<G>, member: Member, rng: &mut Rng) -> G::Action {
    let mut legal = Vec::new();
    table.view_of(member).legal_actions(&mut legal);
    legal[rng.below(legal.len())]
}

/// One step: the bot to act answers, or the person to act takes a random
/// legal action, or the next deal is dealt. `false` once the match is over
/// (or nobody can act: an empty seat is to act).
pub fn step<G: TableGame>(table: &mut Table<G>, bots: &mut Bots<G>, rng: &mut Rng) -> bool {
    if table.deal_over() {
        return table.next_deal().is_ok();
    }
    if let Some(request) = table.bot_request() {
        let answer = bots.answer(request);
        table.answer(answer).unwrap();
        return true;
    }
    let member = table.member_to_act().unwrap();
    if !table.controller(member).unwrap().is_person() {
        return false;
    }
    let action = random_action(table, member, rng);
    table.act(member, action).unwrap();
    true
}

/// Plays until the match is over or `deals` deals are finished, calling
/// `each` after every step.
pub fn play<G: TableGame>(
    table: &mut Table<G>,
    bots: &mut Bots<G>,
    rng: &mut Rng,
    deals: usize,
    mut each: impl FnMut(&mut Table<G>, &mut Bots<G>, &mut Rng),
) {
    for _ in 0..1_000_000 {
        if table.record().deals().len() >= deals && table.deal_over() {
            return;
        }
        if !step(table, bots, rng) {
            assert_ne!(table.status(), MatchStatus::Running, "the match stopped while running");
            return;
        }
        each(table, bots, rng);
    }
    panic!("the match did not end");
}

/// ISkO, an open list.
pub fn isko() -> SkatMatchRules {
    SkatMatchRules::default()
}

/// The pub preset, an open list.
pub fn pub_rules() -> SkatMatchRules {
    SkatMatchRules { table: SkatRules::PUB, deals: None }
}

/// A Skat table of one person (member 0) and random bots.
pub fn skat(rules: SkatMatchRules, seed: u64) -> Table<SkatGame> {
    let members = usize::from(rules.table.table_size);
    table(rules, seed, controllers(members, &[0]))
}
