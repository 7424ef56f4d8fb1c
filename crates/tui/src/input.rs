//! Keys to intents. What an intent does depends on the game and the
//! phase; that is [`Model::update`](crate::Model::update)'s business.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trumpf_core::{Card, CardSet};

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intent {
    /// Leave the session (asks first).
    Quit,
    /// Save the finished deals.
    Save,
    /// Cancel: unmark cards, drop a quit question.
    Cancel,
    /// Cursor left / a lower bid.
    Left,
    /// Cursor right / a higher bid.
    Right,
    /// Previous option / a higher bid.
    Up,
    /// Next option / a lower bid.
    Down,
    /// The first card or option, the lowest bid.
    First,
    /// The last card or option, the highest bid.
    Last,
    /// Five bids or options up.
    PageUp,
    /// Five bids or options down.
    PageDown,
    /// Do it: say the bid, declare the option, lay away, play the card, next deal.
    Confirm,
    /// Space: mark a card to lay away; elsewhere the same as confirm.
    Select,
    /// Pass in the auction.
    Pass,
    /// Hold ("yes") in the auction; forehand's "play at 18".
    Hold,
    /// Pick up the skat.
    TakeSkat,
    /// Move the cursor to the next playable card.
    NextPlayable,
    /// Move the cursor to the previous playable card.
    PrevPlayable,
    /// Start the next deal.
    NextDeal,
    /// `k`: say Kontra (where Kontra cannot be said, the vi key for up).
    Kontra,
    /// Answer a Kontra with Re.
    Re,
    /// Schieberamsch: push the packet on unseen.
    Push,
    /// Declare Grand Hand before a Ramsch.
    GrandHand,
    /// `x`: give the game away in the first trick, or again (Schenken).
    Give,
    /// `?`: a hint for the decision before the person.
    Hint,
    /// `a`: open or close the analysis of the deal just finished.
    Analysis,
}

impl Intent {
    /// `k` is Kontra only where Kontra can be said; elsewhere it keeps its
    /// vi meaning, up.
    pub fn kontra_or_up(self, kontra_possible: bool) -> Intent {
        if self == Intent::Kontra && !kontra_possible { Intent::Up } else { self }
    }
}

/// The intent of a key, if it has one.
pub fn intent(key: KeyEvent) -> Option<Intent> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let intent = match key.code {
        KeyCode::Char('c' | 'd') if ctrl => Intent::Quit,
        KeyCode::Char('s') if ctrl => Intent::Save,
        _ if ctrl || key.modifiers.contains(KeyModifiers::ALT) => return None,
        KeyCode::Char(c) => match c.to_ascii_lowercase() {
            'q' => Intent::Quit,
            'w' => Intent::Save,
            'h' => Intent::Left,
            'l' => Intent::Right,
            'k' => Intent::Kontra,
            '+' => Intent::Up,
            'j' | '-' => Intent::Down,
            ' ' => Intent::Select,
            'p' => Intent::Pass,
            'y' => Intent::Hold,
            's' => Intent::TakeSkat,
            'n' => Intent::NextDeal,
            'r' => Intent::Re,
            'u' => Intent::Push,
            'g' => Intent::GrandHand,
            'x' => Intent::Give,
            '?' => Intent::Hint,
            'a' => Intent::Analysis,
            _ => return None,
        },
        KeyCode::Esc => Intent::Cancel,
        KeyCode::Left => Intent::Left,
        KeyCode::Right => Intent::Right,
        KeyCode::Up => Intent::Up,
        KeyCode::Down => Intent::Down,
        KeyCode::Home => Intent::First,
        KeyCode::End => Intent::Last,
        KeyCode::PageUp => Intent::PageUp,
        KeyCode::PageDown => Intent::PageDown,
        KeyCode::Enter => Intent::Confirm,
        KeyCode::Tab => Intent::NextPlayable,
        KeyCode::BackTab => Intent::PrevPlayable,
        _ => return None,
    };
    Some(intent)
}

/// What a key comes to before the game-specific handling, the same in
/// every game: key releases are ignored, quitting takes a second `q` (any
/// other key cancels it), keys without a meaning get a hint, `w` saves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyStep {
    /// Nothing happens.
    Nothing,
    /// The second `q`: quit.
    Quit,
    /// Show this message and do nothing else.
    Say(String),
    /// Save now.
    Save,
    /// The game handles this intent.
    Act(Intent),
}

/// The shared first step of key handling. `quit_armed` is the model's
/// "q was pressed once" flag; `unsaved`, said when the file does not hold
/// the game as it stands, is added to the quit question; once the match is
/// `over` the question offers no playing on.
pub fn key_step(key: KeyEvent, quit_armed: &mut bool, unsaved: Option<&str>, over: bool) -> KeyStep {
    if key.kind == crossterm::event::KeyEventKind::Release {
        return KeyStep::Nothing;
    }
    let intent = intent(key);
    if std::mem::take(quit_armed) {
        return match intent {
            Some(Intent::Quit) => KeyStep::Quit,
            _ if over => KeyStep::Say("Not quitting: the match is over; q quits.".to_owned()),
            _ => KeyStep::Say("Not quitting: the game goes on.".to_owned()),
        };
    }
    match intent {
        None => KeyStep::Say("That key does nothing here; the keys are on the bottom line.".to_owned()),
        Some(Intent::Quit) => {
            *quit_armed = true;
            let mut question = if over {
                // Nothing is left to play on.
                String::from("The match is over. Quit? Press q again to quit.")
            } else {
                String::from("Quit? Press q again to quit, any other key to play on.")
            };
            if let Some(unsaved) = unsaved {
                question.push_str(&format!(" ({unsaved})"));
            }
            KeyStep::Say(question)
        }
        Some(Intent::Save) => KeyStep::Save,
        Some(intent) => KeyStep::Act(intent),
    }
}

/// Tab / Shift-Tab: the index of the next (`forward`) or previous playable
/// card in `cards` after `cursor`, going round the end; the cursor's own card
/// comes last. `None` if no card is playable.
pub fn next_playable(cursor: usize, cards: &[Card], legal: CardSet, forward: bool) -> Option<usize> {
    let n = cards.len();
    (1..=n)
        .map(|k| if forward { (cursor + k) % n } else { (cursor + n * 2 - k) % n })
        .find(|&i| legal.contains(cards[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_ignore_case_and_control_keys_are_not_letters() {
        let key = |code, modifiers| KeyEvent::new(code, modifiers);
        assert_eq!(intent(key(KeyCode::Char('q'), KeyModifiers::NONE)), Some(Intent::Quit));
        assert_eq!(intent(key(KeyCode::Char('Q'), KeyModifiers::SHIFT)), Some(Intent::Quit));
        assert_eq!(intent(key(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Intent::Quit));
        assert_eq!(intent(key(KeyCode::Char('p'), KeyModifiers::CONTROL)), None);
        assert_eq!(intent(key(KeyCode::Char('x'), KeyModifiers::NONE)), Some(Intent::Give));
        assert_eq!(intent(key(KeyCode::Char('z'), KeyModifiers::NONE)), None);
        assert_eq!(intent(key(KeyCode::F(5), KeyModifiers::NONE)), None);
        assert_eq!(intent(key(KeyCode::Enter, KeyModifiers::NONE)), Some(Intent::Confirm));
        assert_eq!(intent(key(KeyCode::Char('?'), KeyModifiers::SHIFT)), Some(Intent::Hint));
        assert_eq!(intent(key(KeyCode::Char('A'), KeyModifiers::SHIFT)), Some(Intent::Analysis));
        let k = intent(key(KeyCode::Char('k'), KeyModifiers::NONE)).unwrap();
        assert_eq!((k.kontra_or_up(true), k.kontra_or_up(false)), (Intent::Kontra, Intent::Up));
    }

    #[test]
    fn next_playable_wraps_around_and_skips_the_cursor() {
        let cards: Vec<Card> = CardSet::PIQUET_PACK.iter().take(4).collect();
        let legal = CardSet::from_iter([cards[0], cards[2]]);
        assert_eq!(next_playable(0, &cards, legal, true), Some(2));
        assert_eq!(next_playable(2, &cards, legal, true), Some(0));
        assert_eq!(next_playable(0, &cards, legal, false), Some(2));
        assert_eq!(next_playable(3, &cards, legal, false), Some(2));
        assert_eq!(next_playable(1, &cards, CardSet::from_iter([cards[1]]), true), Some(1));
        assert_eq!(next_playable(1, &cards, CardSet::EMPTY, true), None);
        assert_eq!(next_playable(0, &[], legal, true), None);
    }
}
