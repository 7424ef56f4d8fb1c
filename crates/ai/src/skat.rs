//! A heuristic Skat bot.

use trumpf_core::skat::{SkatAction, SkatGame, SkatView};

use crate::Bot;

/// A rule-of-thumb Skat player.
#[derive(Clone, Debug, Default)]
pub struct SkatBot {}

impl SkatBot {
    /// A new heuristic bot.
    pub fn new() -> SkatBot {
        SkatBot {}
    }
}

impl Bot<SkatGame> for SkatBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: &SkatView) -> SkatAction {
        let mut actions = Vec::new();
        trumpf_core::GameView::legal_actions(view, &mut actions);
        *actions.last().expect("a legal action")
    }
}
