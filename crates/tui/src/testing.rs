//! What the terminal's tests share: keys, feeding a model with bots that
//! answer at once, bots that play a script, drawing it on a test terminal,
//! reading the screen, made-up hints and analyses answered late, and the
//! fuzz of random keys.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;
use trumpf_ai::Bot;
use trumpf_ai::advice::Advice;
use trumpf_ai::analysis::{Analysis, Play};
use trumpf_core::{Card, CardSet, Game, GameView, Member};
use trumpf_table::{Bots, Table};

use crate::hints::{AnalysisAnswer, HintAnswer};
use crate::model::{Cmd, Model, Msg, SaveTarget, TuiGame};
use crate::widgets::card_text;

pub fn key<G: TuiGame>(code: KeyCode) -> Msg<G> {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

pub fn ch<G: TuiGame>(c: char) -> Msg<G> {
    key(KeyCode::Char(c))
}

/// The table `trumpf play` opens for `rules` and `seed`: the person and
/// heuristic bots, the last member dealing first.
pub fn table_of<G: TuiGame>(rules: G::Rules, seed: u64) -> Table<G> {
    Table::new(crate::setup::<G>(rules, seed)).unwrap()
}

/// A model for `table`'s member 0, saving to a file in the temporary
/// directory named `file` when asked.
pub fn model_saving_to<G: TuiGame>(table: Table<G>, file: &str) -> Model<G> {
    let save = SaveTarget { path: std::env::temp_dir().join(file), auto: false, format: Default::default() };
    Model::new(table, crate::ME, save)
}

/// Members 1, 2, ... played by these bots.
pub fn bots<G: Game>(players: Vec<Box<dyn Bot<G>>>) -> Bots<G> {
    players.into_iter().enumerate().fold(Bots::new(), |bots, (i, bot)| bots.with(Member::new(i + 1).unwrap(), bot))
}

/// A bot for any game that takes its first legal action (in Spitzer:
/// passes, then plays its first legal card).
pub struct FirstLegal;
impl<G: Game> Bot<G> for FirstLegal {
    fn name(&self) -> &str {
        "first legal"
    }
    fn choose(&mut self, view: &G::View) -> G::Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        legal.swap_remove(0)
    }
}

/// A bot that takes the actions of its script in order (its first legal
/// action once the script is out, or where the scripted one is illegal).
pub struct Script<A>(pub std::collections::VecDeque<A>);
impl<G: Game> Bot<G> for Script<G::Action> {
    fn name(&self) -> &str {
        "script"
    }
    fn choose(&mut self, view: &G::View) -> G::Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        match self.0.pop_front() {
            Some(action) if legal.contains(&action) => action,
            _ => legal[0],
        }
    }
}

/// The person's `action` through the model, then the bots' answers until
/// the person is to act again; returns the other commands.
pub fn act<G: TuiGame>(model: &mut Model<G>, bots: &mut Bots<G>, action: G::Action) -> Vec<Cmd<G>> {
    let cmds = model.act(action);
    answer_bots(model, bots, cmds)
}

/// A made-up answer to a hint or analysis command, as the worker would
/// send it (values from `rng`, not from the solver): for testing the
/// model's handling of answers, late or not.
pub fn made_up<G: TuiGame>(cmd: &Cmd<G>, rng: &mut rand_chacha::ChaCha8Rng) -> Option<Msg<G>> {
    use rand::RngExt as _;
    match cmd {
        Cmd::Advise(request) => {
            let mut legal = Vec::new();
            request.view.legal_actions(&mut legal);
            let advice = match legal.first() {
                Some(&action) if rng.random_range(0..4) > 0 => {
                    let cards: Vec<(Card, f64)> =
                        G::legal_cards(&request.view).iter().map(|c| (c, rng.random_range(0.0..1.0))).collect();
                    Ok(Advice { action, cards, unit: "chance to win", how: "made up for a test".to_owned() })
                }
                _ => Err("none was found for this decision".to_owned()),
            };
            Some(Msg::Hint(HintAnswer { ticket: request.ticket, advice }))
        }
        Cmd::Analyse(request) => {
            let mut number = 0;
            let mut plays = Vec::new();
            for &(seat, action) in &request.played.actions {
                let Some(card) = G::card_of(action) else { continue };
                let cost = rng.random_range(0..3);
                plays.push(Play { card_number: number, seat, played: card, best: (card, 0), value: -cost, cost });
                number += 1;
            }
            let analysis = Analysis {
                unit: "made up",
                perfect_value: Some(rng.random_range(0..121)),
                could_win: Some(rng.random_range(0..2) == 0),
                plays,
                trick_size: rng.random_range(3..5),
            };
            let result = if rng.random_range(0..5) > 0 { Ok(analysis) } else { Err("made up".to_owned()) };
            Some(Msg::Analysis(AnalysisAnswer { deal: request.deal, result }))
        }
        _ => None,
    }
}

/// Feeds `msg`, then answers bot requests synchronously until the person
/// is to act; returns the other commands.
pub fn feed<G: TuiGame>(model: &mut Model<G>, bots: &mut Bots<G>, msg: Msg<G>) -> Vec<Cmd<G>> {
    let cmds = model.update(msg);
    answer_bots(model, bots, cmds)
}

/// Answers the bot requests among `cmds` and those that follow, in order,
/// as the terminal takes them; returns the other commands.
fn answer_bots<G: TuiGame>(model: &mut Model<G>, bots: &mut Bots<G>, cmds: Vec<Cmd<G>>) -> Vec<Cmd<G>> {
    let mut pending: std::collections::VecDeque<Cmd<G>> = cmds.into();
    let mut other = Vec::new();
    while let Some(cmd) = pending.pop_front() {
        match cmd {
            Cmd::AskBot(request) => pending.extend(model.update(Msg::Bot(bots.answer(request)))),
            cmd => other.push(cmd),
        }
    }
    other
}

/// Starts the model and lets the bots act until the person is to act.
pub fn started<G: TuiGame>(mut model: Model<G>, bots: &mut Bots<G>) -> Model<G> {
    let mut pending = model.start();
    while let Some(cmd) = pending.pop() {
        if let Cmd::AskBot(request) = cmd {
            pending.extend(model.update(Msg::Bot(bots.answer(request))));
        }
    }
    model
}

/// The model drawn on a `width` × `height` test terminal.
pub fn screen<G: TuiGame>(model: &Model<G>, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| frame.render_widget(model, frame.area())).unwrap();
    terminal.backend().buffer().clone()
}

/// The text of a buffer, one string per row.
pub fn rows(buf: &Buffer) -> Vec<String> {
    let width = usize::from(buf.area.width);
    buf.content().chunks(width.max(1)).map(|row| row.iter().map(|c| c.symbol()).collect()).collect()
}

/// `text` with runs of white space collapsed to one space.
pub fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The buffer's rows with runs of spaces collapsed, one per line.
pub fn text(buf: &Buffer) -> String {
    rows(buf).iter().map(|row| squeeze(row)).collect::<Vec<_>>().join("\n")
}

/// The rows of the panel whose top border holds `title`: the border and
/// the two rows below it.
pub fn panel(buf: &Buffer, title: &str) -> (u16, Vec<String>) {
    let rows = rows(buf);
    let top = rows.iter().position(|r| r.contains(title)).unwrap_or_else(|| panic!("no {title:?} panel"));
    (top as u16, rows[top..top + 3].to_vec())
}

/// Checks the row of cards in the panel whose top border is row `top`:
/// each card's suit symbol, and below it `▲` at `cursor`, `•` under the
/// other cards of `legal`, a blank under the rest. Where `legal` is given
/// (the row plays), its cards are not dimmed and the others are.
pub fn check_marks(buf: &Buffer, top: u16, cards: &[Card], legal: Option<CardSet>, cursor: Option<usize>) {
    for (i, &card) in cards.iter().enumerate() {
        let x = 2 + 4 * i as u16;
        let cell = buf.cell((x, top + 1)).unwrap();
        assert_eq!(cell.symbol(), card_text(card).chars().next().unwrap().to_string(), "card {i} is {card}");
        let playable = legal.is_some_and(|legal| legal.contains(card));
        let expected = if cursor == Some(i) {
            "▲"
        } else if playable {
            "•"
        } else {
            " "
        };
        assert_eq!(buf.cell((x, top + 2)).unwrap().symbol(), expected, "the mark under {card}");
        if legal.is_some() {
            assert_eq!(cell.modifier.contains(Modifier::DIM), !playable, "{card} is dimmed iff not playable");
        }
    }
}

/// A random key for the fuzz tests: one of `codes` or a character of
/// `chars`, with no modifier, Shift, Control or Alt; `None` for Ctrl-C and
/// Ctrl-D, which would quit.
pub fn random_key(rng: &mut rand_chacha::ChaCha8Rng, codes: &[KeyCode], chars: &[char]) -> Option<KeyEvent> {
    use rand::RngExt as _;
    let modifiers = [KeyModifiers::NONE, KeyModifiers::SHIFT, KeyModifiers::CONTROL, KeyModifiers::ALT];
    let code = if rng.random_range(0..2) == 0 {
        codes[rng.random_range(0..codes.len())]
    } else {
        KeyCode::Char(chars[rng.random_range(0..chars.len())])
    };
    let modifier = modifiers[rng.random_range(0..modifiers.len())];
    (modifier != KeyModifiers::CONTROL || !matches!(code, KeyCode::Char('c' | 'd')))
        .then(|| KeyEvent::new(code, modifier))
}

/// The keys other than characters the fuzz tests press.
pub const FUZZ_CODES: [KeyCode; 16] = [
    KeyCode::Enter,
    KeyCode::Esc,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Backspace,
    KeyCode::Delete,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::F(1),
    KeyCode::Null,
];

/// Random keys (and the odd resize and redraw, and hints and analyses
/// answered late, out of order or never) must never crash a model.
pub fn fuzz<G: TuiGame>(
    mut m: Model<G>,
    bots: &mut Bots<G>,
    mut policy: impl FnMut(&Model<G>) -> Msg<G>,
    steps: usize,
    seed: u64,
) {
    use rand::RngExt as _;
    use rand::SeedableRng;
    let codes = FUZZ_CODES;
    let chars: Vec<char> = "abcdefghijklmnoprstuvwxyz YNPSW+-?0123456789é♣".chars().collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    m = started(m, bots);
    // Hints and analyses asked for, answered late (or never), out of order.
    let mut asked: Vec<Cmd<G>> = Vec::new();
    for step in 0..steps {
        let msg = match rng.random_range(0..11) {
            10 if !asked.is_empty() => {
                let cmd = asked.swap_remove(rng.random_range(0..asked.len()));
                match made_up(&cmd, &mut rng) {
                    Some(msg) => msg,
                    None => continue,
                }
            }
            0..5 => policy(&m),
            5 => Msg::Resize { width: rng.random_range(0..120), height: rng.random_range(0..40) },
            _ => match random_key(&mut rng, &codes, &chars) {
                Some(key) => Msg::Key(key),
                None => continue,
            },
        };
        asked.extend(feed(&mut m, bots, msg).into_iter().filter(|c| matches!(c, Cmd::Advise(_) | Cmd::Analyse(_))));
        if m.should_quit() {
            break;
        }
        if step % 7 == 0 {
            let (w, h) = (rng.random_range(0..120), rng.random_range(0..40));
            screen(&m, w, h);
        }
    }
}
