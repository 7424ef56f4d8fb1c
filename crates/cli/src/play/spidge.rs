//! `trumpf play spidge`: the human and two bots, a game to 3. The dealer
//! also plays the dummy, which lies face up for everyone; when the human
//! deals, the cursor moves to the dummy on its turn.
//!
//! The screen is drawn from the human's [`SpidgeView`] alone: his own hand,
//! the dummy, the tricks.

use anyhow::Result;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use trumpf_ai::{Bot, SpidgeBot};
use trumpf_core::spidge::{
    Award, DEALER, Hand, LEFT, RIGHT, SpidgeAction, SpidgeError, SpidgeGame, SpidgeRules, SpidgeView,
};
use trumpf_core::{Card, CardSet, GameView, Member, Seat, Suit};

use super::common::{
    MatchModel, TRICK_COLUMN, TuiGame, card_row, gain, play_match, render_frame, title_line, trick_grid, winner_lines,
};
use super::table::Bots;
use super::ui::{card_spans, card_text};

/// The member who deals first, so the human is L (and leads) in deal 1.
const FIRST_DEALER: Member = match Member::new(2) {
    Some(m) => m,
    None => unreachable!(),
};

/// The names of the members: the human, then the bots.
fn names() -> Vec<String> {
    ["You", "Bot 1", "Bot 2"].map(String::from).to_vec()
}

/// The two opponents.
fn bots() -> Bots<SpidgeGame> {
    Bots::new((0..2).map(|_| Box::new(SpidgeBot::new()) as Box<dyn Bot<SpidgeGame>>).collect())
}

/// `trumpf play spidge`.
pub fn run(args: &super::PlayArgs) -> Result<()> {
    play_match(args, SpidgeRules::default(), FIRST_DEALER, names(), bots())
}

/// The cards of a hand as a player sorts them: the jokers, the spades, then
/// hearts, clubs and diamonds, each from the ace down.
pub fn hand_order(hand: CardSet) -> Vec<Card> {
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|&card| {
        if card.is_joker() {
            return (0, usize::from(card.index()));
        }
        let suit = match card.suit() {
            Suit::Spades => 1,
            Suit::Hearts => 2,
            Suit::Clubs => 3,
            Suit::Diamonds => 4,
        };
        (suit, 12 - card.rank().index())
    });
    cards
}

impl TuiGame for SpidgeGame {
    const TITLE: &'static str = "Spidge";
    const DEFAULT_SAVE: &'static str = "trumpf-spidge.txt";
    /// Thirteen cards in a row beside the score panel.
    const MIN_WIDTH: u16 = 80;
    /// The table, the dummy and the hand.
    const MIN_HEIGHT: u16 = 22;

    fn acting(view: &SpidgeView) -> Option<Seat> {
        view.to_act()
    }

    fn cursor_cards(view: &SpidgeView) -> Vec<Card> {
        if view.playing_hand() == Some(Hand::Dummy) { hand_order(view.dummy) } else { hand_order(view.own_hand) }
    }

    fn legal_cards(view: &SpidgeView) -> CardSet {
        view.legal_cards()
    }

    fn play(card: Card) -> SpidgeAction {
        SpidgeAction::Play(card)
    }

    fn pass() -> Option<SpidgeAction> {
        None
    }

    fn seat_name(seat: Seat) -> &'static str {
        match seat {
            LEFT => "L",
            RIGHT => "R",
            _ => "Dealer",
        }
    }

    fn you_sit(seat: Seat) -> &'static str {
        match seat {
            LEFT => "you are L and lead",
            RIGHT => "you are R",
            _ => "you deal and play the dummy too",
        }
    }

    fn summary(model: &MatchModel<SpidgeGame>) -> String {
        let Some(result) = model.view.result else { return String::new() };
        if let Some(winner) = model.winner() {
            let name = &model.names[winner.index()];
            let how = if result.grand_slam { "by a Grand Slam" } else { "the game" };
            return format!("{name} won {how} with {} points.", model.table().record().totals()[winner.index()]);
        }
        let awards: Vec<String> = [LEFT, RIGHT, DEALER]
            .into_iter()
            .filter_map(|seat| {
                let award = result.awards[seat]?;
                Some(format!("{} {award} +{}", model.name_at(seat), result.points[seat]))
            })
            .collect();
        if awards.is_empty() { "No award this deal.".to_owned() } else { format!("{}.", awards.join(", ")) }
    }

    fn refusal(error: &SpidgeError) -> String {
        let whose = |hand: Hand| if hand == Hand::Dummy { "the dummy holds" } else { "you hold" };
        match *error {
            SpidgeError::TrumpsNotBroken { card, .. } => {
                format!("{} is a trump, and trumps are not broken yet.", card_text(card))
            }
            SpidgeError::TrumpLeadForbidden { card, .. } => {
                format!("{} is a trump; trumps are led only from a hand of nothing else.", card_text(card))
            }
            SpidgeError::MustFollow { card, led, hand, suit } => {
                format!("{} does not follow {}; {} {suit}.", card_text(card), card_text(led), whose(hand))
            }
            SpidgeError::NotInHand { card, hand } => format!("{} is not in the {hand} hand.", card_text(card)),
            ref e => format!("{e}."),
        }
    }

    fn hint(_view: &SpidgeView) -> &'static str {
        "Trick play: ←/→ (or Tab) choose a card, Enter plays it."
    }

    fn render(m: &MatchModel<SpidgeGame>, area: Rect, buf: &mut Buffer) {
        let sheet = format!(" Game to {} ", m.view.rules.target);
        let left = render_frame(m, m.title(), sheet, m.fallback_status(), m.help(), area, buf);
        if m.deal_over() {
            m.render_result(left, buf);
        } else {
            let [table, dummy, hand] =
                Layout::vertical([Constraint::Fill(1), Constraint::Length(4), Constraint::Length(4)]).areas(left);
            m.render_table(table, buf);
            m.render_dummy(dummy, buf);
            m.render_hand(hand, buf);
        }
    }
}

impl MatchModel<SpidgeGame> {
    fn title(&self) -> Line<'static> {
        let t = self.table();
        let role = if self.view.seat == DEALER { "Dealer, you play the dummy" } else { self.role_name() };
        title_line(format!(" trumpf · Spidge · deal {} · seed {} · you: {role}", t.number(), t.seed()))
    }

    fn role_name(&self) -> &'static str {
        SpidgeGame::seat_name(self.view.seat)
    }

    /// Whether the human plays from the dummy now.
    fn playing_dummy(&self) -> bool {
        self.view.playing_hand() == Some(Hand::Dummy)
    }

    /// The name on a hand's row and column: the player, or "Dummy".
    fn hand_name(&self, hand: Hand) -> String {
        match hand {
            Hand::Dummy => "Dummy".to_owned(),
            h => self.name_at(h.seat()).to_owned(),
        }
    }

    fn trumps_line(&self) -> Line<'static> {
        let broken = if self.view.trumps_broken {
            Span::styled("broken", Style::new().fg(Color::Green).add_modifier(Modifier::BOLD))
        } else {
            Span::styled("not broken", Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD))
        };
        Line::from(vec![Span::raw("Trumps: ★ jokers, then ♠ · "), broken])
    }

    fn hand_row(&self, hand: Hand) -> Line<'static> {
        let v = &self.view;
        let marker = if v.to_play == Some(hand) { "▶ " } else { "  " };
        let tricks = v.tricks[hand];
        let count = match hand {
            Hand::Dealer => {
                let dummy = v.tricks[Hand::Dummy];
                format!("{tricks} + dummy {dummy} = {}", tricks + dummy)
            }
            Hand::Dummy if v.seat == DEALER => format!("{tricks} · played by you"),
            Hand::Dummy => format!("{tricks} · played by {}", self.name_at(DEALER)),
            _ => tricks.to_string(),
        };
        Line::from(vec![
            Span::raw(marker),
            Span::styled(format!("{:<7}", self.hand_name(hand)), Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(format!("{:<8}tricks {count}", hand.name())),
        ])
    }

    fn render_table(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let mut lines = vec![self.trumps_line()];
        lines.extend(Hand::ALL.map(|h| self.hand_row(h)));
        lines.push(Line::default());
        let trick_no = (v.tricks.as_array().iter().sum::<u8>() + 1).min(13);
        let last = v
            .last_trick
            .as_ref()
            .map(|last| (&last.cards[..], last.leader.index(), format!("→ {}", self.hand_name(last.winner))));
        let names = Hand::ALL.map(|hand| self.hand_name(hand));
        let to_act = v.to_play.map(Hand::index);
        lines.extend(trick_grid(TRICK_COLUMN, &names, trick_no, (v.trick(), v.leader.index()), to_act, last));
        match v.to_play {
            Some(hand) if hand.seat() != v.seat => {
                let who = self.who(hand.seat());
                let what = if hand == Hand::Dummy { " to play from the dummy" } else { "" };
                lines.push(Line::from(format!("Waiting for {who}{what}…")).italic());
            }
            Some(Hand::Dummy) => lines.push(Line::from("Your turn to play from the dummy.").bold()),
            _ => {}
        }
        let title = format!(" Trick {trick_no} of 13 ");
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(title)).render(area, buf);
    }

    fn render_dummy(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let playing = self.playing_dummy();
        let cards = hand_order(v.dummy);
        let cursor = playing.then_some(self.cursor);
        let title = if playing {
            " Dummy · your turn to play from it · • playable ".to_owned()
        } else if v.seat == DEALER {
            " Dummy · face up · played by you ".to_owned()
        } else {
            format!(" Dummy · face up · played by {} ", self.name_at(DEALER))
        };
        let style = if playing { Style::new().fg(Color::Cyan) } else { Style::new() };
        Paragraph::new(card_row(&cards, v.legal_cards(), playing, cursor))
            .block(Block::bordered().title(title).border_style(style))
            .render(area, buf);
    }

    fn render_hand(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let playing = v.is_my_turn() && !self.playing_dummy();
        let cards = hand_order(v.own_hand);
        let cursor = (!self.playing_dummy()).then_some(self.cursor);
        let note = if playing { " · your turn · • playable" } else { "" };
        let title = format!(" Your hand · {}{note} ", self.role_name());
        let style = if playing { Style::new().fg(Color::Cyan) } else { Style::new() };
        Paragraph::new(card_row(&cards, v.legal_cards(), playing, cursor))
            .block(Block::bordered().title(title).border_style(style))
            .render(area, buf);
    }

    fn render_result(&self, area: Rect, buf: &mut Buffer) {
        let v = &self.view;
        let mut lines = Vec::new();
        if let Some(r) = v.result {
            let row = |hand: &str, player: &str, tricks: String, count: String, award: String, points: String| {
                format!(" {hand:<7}{player:<7}{tricks:>6}{count:>10}  {award:<11}{points:>6}")
            };
            let s = |x: &str| x.to_owned();
            lines.push(Line::from(row("hand", "player", s("tricks"), s("count"), s("award"), s("points"))).bold());
            for hand in [Hand::Left, Hand::Right, Hand::Dealer, Hand::Dummy] {
                let tricks = r.tricks[hand].to_string();
                let text = match hand {
                    Hand::Dummy => row("Dummy", "", tricks, s("(dealer)"), String::new(), String::new()),
                    h => {
                        let seat = h.seat();
                        let count = if h == Hand::Dealer {
                            format!("{}+{}={}", r.tricks[Hand::Dealer], r.tricks[Hand::Dummy], r.counts[seat])
                        } else {
                            r.counts[seat].to_string()
                        };
                        let award = r.awards[seat].map_or_else(|| "—".to_owned(), |a| a.to_string());
                        row(h.name(), self.name_at(seat), tricks, count, award, gain(i64::from(r.points[seat])))
                    }
                };
                let scored = hand != Hand::Dummy && r.points[hand.seat()] > 0;
                let style = if scored { Style::new().fg(Color::Green) } else { Style::new() };
                lines.push(Line::from(text).style(style));
            }
            if r.grand_slam {
                lines.push(
                    Line::from(format!(
                        " Grand Slam: {} and the dummy took no trick and win the game at once!",
                        self.name_at(DEALER)
                    ))
                    .style(Style::new().fg(Color::Green).add_modifier(Modifier::BOLD)),
                );
            }
            let rules = &v.rules;
            lines.push(Line::default());
            let legend = [
                format!(
                    " {} 1: L or R no trick · {} 1: {}–{} tricks",
                    Award::Nil,
                    Award::Spidge,
                    rules.spidge_tricks,
                    rules.slam_tricks.saturating_sub(1)
                ),
                format!(" {} 2: {} · {} 4: dealer+dummy none, wins", Award::Slam, rules.slam_tricks, Award::GrandSlam),
            ];
            lines.extend(legend.map(|l| Line::from(l).dim()));
            let totals = self.table().record().totals();
            let each: Vec<String> = (0..3).map(|m| format!("{} {}", self.names[m], totals[m])).collect();
            lines.push(Line::from(format!(" totals: {}", each.join(" · "))).bold());
            if let Some(last) = v.last_trick {
                let mut spans = vec![Span::raw(format!(" last trick ({} led): ", self.hand_name(last.leader)))];
                spans.extend(card_spans(last.cards));
                spans.push(Span::raw(format!(" → {}", self.hand_name(last.winner))));
                lines.push(Line::from(spans));
            }
        }
        lines.extend(winner_lines(self));
        let dealer = self.name_at(DEALER);
        let title = format!(" Deal {} · {dealer} dealt · result ", self.table().number());
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(title)).render(area, buf);
    }

    fn fallback_status(&self) -> String {
        let v = &self.view;
        match v.to_play {
            None if self.winner().is_some() => "The game is over: w saves the match, q quits.".to_owned(),
            None => format!("Deal over. n starts deal {}.", self.table().number() + 1),
            Some(hand) if hand.seat() != v.seat => format!("{} is to play.", self.who(hand.seat())),
            Some(Hand::Dummy) => "Your turn: play a card from the dummy (• marks the playable ones).".to_owned(),
            Some(_) => "Your turn: play a card (• marks the playable ones).".to_owned(),
        }
    }

    fn help(&self) -> &'static str {
        let v = &self.view;
        match v.to_play {
            None if self.winner().is_some() => " w save · q quit",
            None => " n next deal · w save · q quit",
            _ if !v.is_my_turn() => " ←/→ choose your next card · w save · q quit",
            _ => " ←/→ move · Tab next playable · Enter/Space play · w save · q quit",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::common::tests::{ch, check_marks, feed, fuzz, key, panel, screen, started, text};
    use crate::play::common::{Cmd, Msg};
    use crate::play::model::{SaveTarget, Status};
    use crate::play::table::Table;
    use crossterm::event::KeyCode;
    use trumpf_core::series::MatchStatus;
    use trumpf_core::series::record::MatchRecord;

    fn save_target() -> SaveTarget {
        SaveTarget { path: std::env::temp_dir().join("trumpf-play-spidge-test.txt"), auto: false }
    }

    fn model(seed: u64) -> MatchModel<SpidgeGame> {
        let table = Table::new(seed, SpidgeRules::default(), FIRST_DEALER).unwrap();
        MatchModel::new(table, names(), save_target())
    }

    /// The key a simple human presses: the card under the cursor (a playable
    /// one), then the next deal.
    fn policy(m: &MatchModel<SpidgeGame>) -> Msg<SpidgeGame> {
        if m.deal_over() { ch('n') } else { key(KeyCode::Enter) }
    }

    #[test]
    fn the_dummy_lies_face_up_and_nothing_else_hidden_is_shown() {
        let mut bots = bots();
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
        let mut bots = bots();
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
        let mut bots = bots();
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
                assert!(
                    t.starts_with("Not allowed:") && t.contains("is a trump, and trumps are not broken yet."),
                    "{t}"
                );
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
        let mut bots = bots();
        let mut m = started(model(2024), &mut bots);
        m.save.auto = true;
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
            saves.extend(feed(&mut m, &mut bots, msg));
        }
        let Some(winner) = m.winner() else { panic!("the match did not end") };
        assert!(awarded > 0);
        let record = m.table().record().clone();
        assert_eq!(record.status(), MatchStatus::Won(winner));
        let shown = text(&screen(&m, 80, 24));
        assert!(shown.contains(&format!("GAME OVER: {} ", m.names[winner.index()])), "{shown}");
        let number = m.table().number();
        feed(&mut m, &mut bots, ch('n'));
        assert_eq!(m.table().number(), number);
        assert_eq!(saves.len(), record.deals().len());
        let Some(Cmd::Save { text, .. }) = saves.last() else { panic!("saved") };
        let read = MatchRecord::<SpidgeGame>::read(text).unwrap();
        assert_eq!(read.game, record);
        assert_eq!(read.players, ["You", "Bot_1", "Bot_2"]);
    }

    #[test]
    fn small_terminals_get_a_notice_and_80_by_22_still_shows_the_hands() {
        let mut bots = bots();
        let m = started(model(1), &mut bots);
        let notice = "needs a terminal of at least 80×24";
        assert!(text(&screen(&m, 79, 24)).replace('\n', " ").contains(notice));
        let shown = text(&screen(&m, 80, 22));
        assert!(!shown.contains(notice));
        for expected in ["Trumps:", "Trick 1 …", "Dummy · face up", "Your hand · L", "Game to 3", "q quit"] {
            assert!(shown.contains(expected), "{expected:?} missing in\n{shown}");
        }
    }

    #[test]
    fn quitting_takes_two_presses_and_stale_bot_answers_are_ignored() {
        let mut bots = bots();
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
            let mut bots = bots();
            fuzz(model(seed), &mut bots, policy, 1500, 7 + seed);
        }
    }
}
