//! What the server needs of each game beyond the table: the JSON of its
//! actions, views and events, its rules from a preset and text, hints and
//! the post-deal analysis. One impl per game (the three are concrete types
//! whose serde forms the core and the table give), so the table task is
//! generic over [`ServerGame`] and the registry holds game-agnostic
//! handles.

use serde_json::{Value, json};
use trumpf_ai::Solver;
use trumpf_ai::advice::{Advice, Advise};
use trumpf_ai::analysis::{Analysis, analyse_skat, analyse_spidge, analyse_spitzer};
use trumpf_core::series::record::RecordGame;
use trumpf_core::series::{SkatMatchRules, read_skat_rules_onto};
use trumpf_core::skat::{GiftStep, SkatAction, SkatGame, SkatPhase, SkatView, spitze_card};
use trumpf_core::spidge::{SpidgeAction, SpidgeGame, SpidgeView};
use trumpf_core::spitzer::{SpitzerAction, SpitzerGame, SpitzerView};
use trumpf_core::{Card, GameId, GameView, Seat};
use trumpf_table::{Numbered, TableGame};

/// A game the server seats.
pub trait ServerGame: TableGame + Send + Sync + 'static {
    /// Its name in URLs and messages.
    const ID: GameId;

    /// An action from its JSON form (`{"Play": "CJ"}`, `"Pass"`, `{"Bid": 18}`).
    ///
    /// # Errors
    /// JSON that names no action of this game, with serde's reason.
    fn action_from(value: &Value) -> Result<Self::Action, String>;
    /// The JSON form of an action.
    fn action_json(action: Self::Action) -> Value;
    /// The JSON form of a view.
    fn view_json(view: &Self::View) -> Value;
    /// An event as stored.
    fn event_text(event: &Numbered<Self>) -> String;
    /// A stored event read back.
    ///
    /// # Errors
    /// Text that is no event of this game.
    fn event_from(text: &str) -> Result<Numbered<Self>, String>;
    /// The rules: a preset (Skat: `isko`, `pub`, `pirat`; the others have
    /// one, `default`) with `text` (the trumpf record's `rules` line,
    /// `key=value ...`) on top.
    ///
    /// # Errors
    /// An unknown preset, key or value.
    fn rules(preset: &str, text: &str) -> Result<Self::Rules, String>;
    /// The rules as the record's `rules` line.
    fn rules_text(rules: &Self::Rules) -> String {
        Self::write_rules(rules)
    }
    /// What a button for `action` says, in `view`: "Bid 18", "Clubs (worth 48)".
    fn label(action: Self::Action, view: &Self::View) -> String {
        let _ = view;
        action.to_string()
    }
    /// Advice for a seat's view (its seat to act).
    fn advise(view: &Self::View, worlds: usize, seed: u64) -> Option<Advice<Self::Action>>;
    /// The card-by-card analysis of a finished deal.
    ///
    /// # Errors
    /// The solver's refusal, as text.
    fn analyse(start: &Self, actions: &[(Seat, Self::Action)]) -> Result<Analysis, String>;
}

fn plain_rules<G: RecordGame>(preset: &str, text: &str) -> Result<G::Rules, String> {
    if !matches!(preset, "" | "default") {
        return Err(format!("unknown rules preset {preset:?}: this game has only \"default\""));
    }
    G::read_rules(text).map_err(|e| e.to_string())
}

macro_rules! serde_forms {
    () => {
        fn action_from(value: &Value) -> Result<Self::Action, String> {
            serde_json::from_value(value.clone()).map_err(|e| format!("not an action of this game: {e}"))
        }
        fn action_json(action: Self::Action) -> Value {
            serde_json::to_value(action).unwrap_or(Value::Null)
        }
        fn view_json(view: &Self::View) -> Value {
            serde_json::to_value(view).unwrap_or(Value::Null)
        }
        fn event_text(event: &Numbered<Self>) -> String {
            serde_json::to_string(event).unwrap_or_default()
        }
        fn event_from(text: &str) -> Result<Numbered<Self>, String> {
            serde_json::from_str(text).map_err(|e| e.to_string())
        }
        fn advise(view: &Self::View, worlds: usize, seed: u64) -> Option<Advice<Self::Action>> {
            <Self as Advise>::advise(view, worlds, seed)
        }
    };
}

impl ServerGame for SkatGame {
    const ID: GameId = GameId::Skat;
    serde_forms!();

    fn rules(preset: &str, text: &str) -> Result<SkatMatchRules, String> {
        let preset = if preset.is_empty() { "isko" } else { preset };
        let (_, table) = trumpf_table::skat::PRESETS.iter().find(|(name, _)| *name == preset).ok_or_else(|| {
            let names: Vec<&str> = trumpf_table::skat::PRESETS.iter().map(|(name, _)| *name).collect();
            format!("unknown Skat rules preset {preset:?}: one of {}", names.join(", "))
        })?;
        read_skat_rules_onto(SkatMatchRules { table: *table, deals: None }, text).map_err(|e| e.to_string())
    }

    fn label(action: SkatAction, view: &SkatView) -> String {
        match action {
            SkatAction::Bid(v) => format!("Bid {v}"),
            SkatAction::Hold if view.phase == SkatPhase::Schenken => match view.gift.step {
                Some(GiftStep::DeclarerAnswers) => "Accept the gift".to_owned(),
                _ => "Agree: give it away".to_owned(),
            },
            SkatAction::Hold => format!("Hold {}", view.auction.value()),
            SkatAction::Pass => match view.phase {
                SkatPhase::Spitze => "No Spitze".to_owned(),
                SkatPhase::Knocking => "No knock".to_owned(),
                SkatPhase::Schenken => "No: play on".to_owned(),
                SkatPhase::KontraWindow => "No Kontra".to_owned(),
                _ => "Pass".to_owned(),
            },
            SkatAction::TakeSkat => "Take the skat".to_owned(),
            SkatAction::Discard(cards) => format!("Lay away {}", cards.dotted()),
            SkatAction::Declare(contract) => {
                let known = view.hand.union(view.known_skat);
                format!("{contract} (worth {})", contract.plain_value(known))
            }
            SkatAction::Play(card) => card.to_string(),
            SkatAction::Kontra => "Kontra".to_owned(),
            SkatAction::Re => "Re".to_owned(),
            SkatAction::Push => "Push the packet on".to_owned(),
            SkatAction::Spitze => match view.contract.and_then(|c| spitze_card(c.kind)) {
                Some(card) => format!("Spitze ({card} takes the last trick)"),
                None => "Spitze".to_owned(),
            },
            SkatAction::Knock => "Knock".to_owned(),
            SkatAction::Schenken if view.phase == SkatPhase::Schenken => "Give it again".to_owned(),
            SkatAction::Schenken => "Give the game away".to_owned(),
        }
    }

    fn analyse(start: &SkatGame, actions: &[(Seat, SkatAction)]) -> Result<Analysis, String> {
        analyse_skat(&mut Solver::with_table_bits(18), start, actions).map_err(|e| e.to_string())
    }
}

impl ServerGame for SpitzerGame {
    const ID: GameId = GameId::Spitzer;
    serde_forms!();

    fn rules(preset: &str, text: &str) -> Result<Self::Rules, String> {
        plain_rules::<SpitzerGame>(preset, text)
    }

    fn label(action: SpitzerAction, _view: &SpitzerView) -> String {
        action.to_string()
    }

    fn analyse(start: &SpitzerGame, actions: &[(Seat, SpitzerAction)]) -> Result<Analysis, String> {
        analyse_spitzer(&mut Solver::with_table_bits(18), start, actions).map_err(|e| e.to_string())
    }
}

impl ServerGame for SpidgeGame {
    const ID: GameId = GameId::Spidge;
    serde_forms!();

    fn rules(preset: &str, text: &str) -> Result<Self::Rules, String> {
        plain_rules::<SpidgeGame>(preset, text)
    }

    fn label(action: SpidgeAction, _view: &SpidgeView) -> String {
        action.to_string()
    }

    fn analyse(start: &SpidgeGame, actions: &[(Seat, SpidgeAction)]) -> Result<Analysis, String> {
        analyse_spidge(&mut Solver::with_table_bits(18), start, actions).map_err(|e| e.to_string())
    }
}

/// The cards of a view's own hand in the order a player sorts them.
pub fn sorted_hand<G: ServerGame>(view: &G::View) -> Vec<Card> {
    G::hand_order(view.hand(), view)
}

/// The analysis as a seat may see it: the verdict of the whole deal and
/// only the plays of `seat` (their best alternatives are cards that seat
/// held), so no hidden card of another seat is named.
pub fn analysis_json(analysis: &Analysis, seat: Option<Seat>) -> Value {
    let plays: Vec<Value> = analysis
        .plays
        .iter()
        .filter(|p| Some(p.seat) == seat)
        .map(|p| {
            json!({
                "trick": p.card_number / analysis.trick_size.max(1) + 1,
                "played": p.played,
                "best": p.best.0,
                "value": p.value,
                "bestValue": p.best.1,
                "cost": p.cost,
            })
        })
        .collect();
    json!({
        "unit": analysis.unit,
        "perfectValue": analysis.perfect_value,
        "couldWin": analysis.could_win,
        "plays": plays,
    })
}
