//! Skat in the terminal: the keys of the auction, the skat, the
//! declaration, Kontra and Re, the Schieberamsch packet and trick play;
//! at a four-member table the person deals every fourth deal and watches
//! it. The screen is drawn in [`view`].

mod view;

#[cfg(test)]
mod pub_extras_tests;
#[cfg(test)]
mod screen_tests;
#[cfg(test)]
pub(crate) mod tests;

use std::path::Path;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use trumpf_ai::analysis::Analysis;
use trumpf_core::series::MatchStatus;
use trumpf_core::skat::{
    AuctionStage, BidError, Contract, GameKind, GiftStep, MatchFormat, SkatAction, SkatError, SkatGame, SkatOutcome,
    SkatPhase, SkatView,
};
use trumpf_core::{Card, CardSet, GameView, Member, Seat};
use trumpf_table::skat::{Said, hand_order, seat_name, summary};
use trumpf_table::{SaveError, SaveFormat, Saved, Table};

use crate::hints::ReviewText;
use crate::input::Intent;
use crate::model::{Cmd, Model, TuiGame, deals_text, save_farewell, saved_contents};
use crate::widgets::card_text;

/// The person's bidding turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BidTurn {
    /// Name a value (the legal ones, ascending) or pass.
    Say(Vec<u16>),
    /// Hold the named value or pass.
    Answer(u16),
    /// Both others passed: forehand plays at 18 or throws the deal in.
    PlayAt18,
}

/// The Skat screen's own state, reset at every deal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SkatExtra {
    /// Cards marked to lay away or pass on.
    pub marked: CardSet,
    /// The two cards the person found on picking up the skat or the packet.
    pub found: CardSet,
    /// Steps above the lowest legal bid.
    pub bid_step: usize,
    /// A big jump in the bidding waiting for the second Enter that says it.
    pub confirm_bid: Option<u16>,
    /// Deals the score sheet is scrolled back from its latest line (on the
    /// result screen, ↑/↓ and PgUp/PgDn scroll it).
    pub sheet_back: usize,
    /// How much of the table talk the status line has seen.
    talk_seen: usize,
}

/// What a key without a use says while the person sits out.
pub const SITTING_OUT: &str = "You sit out this deal (you dealt): ↑/↓ scroll the sheet, w saves, q quits.";

/// A bid more values than this above the lowest the person may say (one
/// PgUp) is a big jump, said only after a second Enter.
pub const BIG_JUMP: usize = 5;

/// Grand Hand, the game offered before a Ramsch.
pub const GRAND_HAND: Contract = Contract::hand(GameKind::Grand);

impl TuiGame for SkatGame {
    type Extra = SkatExtra;

    const TITLE: &'static str = "Skat";
    // The help line says what comes next; the message may need both rows
    // of the status line.
    const HINT_AFTER_SAVE: bool = false;

    fn file_extension(format: SaveFormat) -> &'static str {
        match format {
            SaveFormat::Iss => "sgf",
            SaveFormat::Trumpf => "txt",
        }
    }

    fn acting(view: &SkatView) -> Option<Seat> {
        view.to_act
    }

    fn cursor_cards(model: &Model<SkatGame>) -> Vec<Card> {
        model.hand()
    }

    fn legal_cards(view: &SkatView) -> CardSet {
        view.legal_cards()
    }

    fn summary(model: &Model<SkatGame>) -> String {
        model.view.outcome.map(|outcome| model.skat_summary(outcome)).unwrap_or_default()
    }

    fn refusal(error: &SkatError) -> String {
        refusal(error)
    }

    fn next_hint(model: &Model<SkatGame>) -> String {
        model.skat_next_hint()
    }

    fn deal_news(model: &Model<SkatGame>) -> String {
        model.skat_deal_news()
    }

    fn opening(model: &Model<SkatGame>) -> Option<String> {
        let rules = model.table().record().rules();
        let open = rules.deals.is_none() && !matches!(rules.table.format, MatchFormat::Pirat { .. });
        let open = if open { " An open list: it goes on until you quit (q)." } else { "" };
        Some(format!("Rules: {}. {}{open}", model.rules_summary(), model.skat_deal_news()))
    }

    fn options(model: &Model<SkatGame>) -> Vec<SkatAction> {
        model.skat_options()
    }

    fn on_intent(model: &mut Model<SkatGame>, intent: Intent) -> Vec<Cmd<SkatGame>> {
        let intent = intent.kontra_or_up(model.kontra_possible());
        model.skat_intent(intent)
    }

    fn after_action(model: &mut Model<SkatGame>, seat: Seat, action: SkatAction, before: &SkatView) {
        let talk = model.table().talk();
        let said = talk.get(model.extra.talk_seen..).and_then(<[_]>::last).map(|&(_, said)| said);
        model.extra.talk_seen = talk.len();
        if let Some(said) = said
            && !model.is_me(seat)
            && matches!(
                said,
                Said::Kontra
                    | Said::Re
                    | Said::NoRe
                    | Said::GrandHand
                    | Said::Spitze
                    | Said::Knock
                    | Said::Gives
                    | Said::Agrees
                    | Said::PlaysOn
                    | Said::Accepts
                    | Said::Refuses
            )
        {
            let who = model.name_at(seat).to_owned();
            model.info(format!("{who}: {said}"));
        }
        if model.is_me(seat) {
            model.extra.marked = CardSet::EMPTY;
            model.extra.bid_step = 0;
            model.option = 0;
            if action == SkatAction::TakeSkat {
                model.extra.found = model.view.hand.minus(before.hand);
            }
        }
        if model.view.phase != before.phase {
            model.cursor = 0;
        }
    }

    fn fit_cursor(model: &mut Model<SkatGame>, _under_cursor: Option<Card>) {
        model.skat_fit_cursor();
    }

    fn idle_key(model: &Model<SkatGame>) -> Option<&'static str> {
        model.watching().then_some(SITTING_OUT)
    }

    fn save_message(saved: &Saved, table: &Table<SkatGame>, path: &Path) -> String {
        match &saved.not_iss {
            Some(why) => format!("ISS records cannot express {why}: saved as a trumpf record to {}.", path.display()),
            None => format!("Saved {} as {} to {}.", saved_contents(table), saved.format.name(), path.display()),
        }
    }

    fn render(model: &Model<SkatGame>, area: Rect, buf: &mut Buffer) {
        model.render_skat(area, buf);
    }

    fn action_words(model: &Model<SkatGame>, action: SkatAction) -> String {
        model.action_words(action)
    }

    fn point_at(model: &mut Model<SkatGame>, action: SkatAction) {
        match (model.bid_turn(), action) {
            (Some(BidTurn::Say(values)), SkatAction::Bid(value)) => {
                if let Some(step) = values.iter().position(|&v| v == value) {
                    model.extra.bid_step = step;
                }
            }
            _ => model.point_at(action),
        }
    }

    fn review_text(model: &Model<SkatGame>, analysis: &Analysis) -> ReviewText {
        let (headline, unit) = match model.view.outcome {
            Some(SkatOutcome::Played { declarer, settlement }) => {
                let who = model.name_at(declarer);
                let game = settlement.contract;
                let null = game.kind == GameKind::Null;
                let headline = match (analysis.could_win, analysis.perfect_value, null) {
                    (Some(true), _, true) => format!("With every card known, {who} could have stayed clean in {game}."),
                    (Some(false), _, true) => {
                        format!("With every card known, {who} could not have stayed clean in {game}.")
                    }
                    (Some(won), Some(points), false) => {
                        let could = if won { "could" } else { "could not" };
                        format!(
                            "With every card known, {who} {could} have made {game}: {points} card points with best play by all."
                        )
                    }
                    _ => format!("{who} played {game}."),
                };
                (headline, if null { "games (1: a Null made or lost)" } else { "card points" })
            }
            Some(SkatOutcome::PassedIn) => ("All three passed: no card was played.".to_owned(), "card points"),
            _ => (String::new(), "card points"),
        };
        model.seat_review(headline, analysis, unit)
    }

    /// The deals finished, the rules, how the match ended, each member's
    /// total, and where and how the session was saved.
    fn farewell(model: &Model<SkatGame>, invocation: &str) -> Result<String, SaveError> {
        let record = model.table().record();
        let mut text = format!("{invocation}: {} finished.\n", deals_text(record.deals().len()));
        text.push_str(&format!("Rules: {}.\n", model.rules_summary()));
        if let Some(result) = model.match_result() {
            text.push_str(&format!("{result}\n"));
        }
        let totals = record.totals();
        for (member, name) in model.names().iter().enumerate() {
            text.push_str(&format!("  {name:<6} {:>6}\n", totals[member]));
        }
        let saved = model.table().save(model.save.format)?;
        let why = saved.not_iss.map(|why| format!(" (ISS records cannot express {why})")).unwrap_or_default();
        text.push_str(&save_farewell(model, &format!(" as {}{why}", saved.format.name())));
        Ok(text)
    }
}

impl Model<SkatGame> {
    /// A recommended action in words, as the screen names it: "bid 20",
    /// "pick up the skat", "lay away ♠7 ♥8", "♣J".
    fn action_words(&self, action: SkatAction) -> String {
        let phase = self.view.phase;
        let cards = |cards: CardSet| hand_order(cards, None).into_iter().map(card_text).collect::<Vec<_>>().join(" ");
        match action {
            SkatAction::Bid(18) if self.bid_turn() == Some(BidTurn::PlayAt18) => "play at 18".to_owned(),
            SkatAction::Bid(value) => format!("bid {value}"),
            SkatAction::Hold if phase == SkatPhase::Schenken => match self.view.gift.step {
                Some(GiftStep::DeclarerAnswers) => "accept the gift".to_owned(),
                _ => "agree: give it away".to_owned(),
            },
            SkatAction::Hold => "hold".to_owned(),
            SkatAction::Pass if phase == SkatPhase::Spitze => "no Spitze".to_owned(),
            SkatAction::Pass if phase == SkatPhase::Knocking => "no knock".to_owned(),
            SkatAction::Pass if phase == SkatPhase::Schenken => "no: play on".to_owned(),
            SkatAction::Pass if self.re_turn() => "no Re: play on".to_owned(),
            SkatAction::Pass if phase == SkatPhase::KontraWindow => "no Kontra".to_owned(),
            SkatAction::Pass if phase == SkatPhase::GrandHandOffer => "pass: no Grand Hand".to_owned(),
            SkatAction::Pass => "pass".to_owned(),
            SkatAction::TakeSkat if phase == SkatPhase::Passing => "take the packet".to_owned(),
            SkatAction::TakeSkat => "pick up the skat".to_owned(),
            SkatAction::Discard(away) if self.view.ramsch => format!("pass on {}", cards(away)),
            SkatAction::Discard(away) => format!("lay away {}", cards(away)),
            SkatAction::Declare(contract) => format!("declare {contract}"),
            SkatAction::Play(card) => card_text(card),
            SkatAction::Kontra => "say Kontra".to_owned(),
            SkatAction::Re => "answer Re".to_owned(),
            SkatAction::Push => "push the packet on unseen".to_owned(),
            SkatAction::Spitze => "announce Spitze".to_owned(),
            SkatAction::Knock => "knock".to_owned(),
            SkatAction::Schenken if phase == SkatPhase::Schenken => "give it again".to_owned(),
            SkatAction::Schenken => "give the game away".to_owned(),
        }
    }

    /// The rules in force, in one line: "pub · Ramsch when all pass · ...".
    pub fn rules_summary(&self) -> String {
        summary(self.table().record().rules())
    }

    /// The person's cards in display order (trumps first for the game in
    /// play; a Ramsch as Grand).
    pub fn hand(&self) -> Vec<Card> {
        hand_order(self.view.hand, self.view.contract.map(|c| c.kind))
    }

    /// Whether the match is over (a fixed-length list played out, a Pirat
    /// match after its Ramsch round).
    pub fn match_over(&self) -> bool {
        self.table().status() != MatchStatus::Running
    }

    /// "The match is over: You win." once it is.
    pub(crate) fn match_result(&self) -> Option<String> {
        match self.table().status() {
            MatchStatus::Running => None,
            MatchStatus::Won(member) if member == self.me() => Some("The match is over: you win.".to_owned()),
            MatchStatus::Won(member) => Some(format!("The match is over: {} wins.", self.name(member))),
            MatchStatus::Drawn => {
                let totals = self.table().record().totals();
                let members = self.table().members();
                let best = totals[..members].iter().max().copied().unwrap_or(0);
                let leaders: Vec<&str> =
                    Member::all(members).filter(|m| totals[m.index()] == best).map(|m| self.name(m)).collect();
                let (last, others) = leaders.split_last().unwrap_or((&"", &[]));
                Some(format!("The match is over: {} and {last} share the win.", others.join(", ")))
            }
        }
    }

    /// "Bot 1, Bot 2 and Bot 3": the members seated in this deal.
    pub(crate) fn players(&self) -> String {
        let names: Vec<&str> = Seat::all(3).map(|s| self.name_at(s)).collect();
        let (last, others) = names.split_last().unwrap_or((&"", &[]));
        format!("{} and {last}", others.join(", "))
    }

    /// Whether Kontra is part of this deal: a declared game at a table that
    /// plays Kontra, before or in trick play. There `k` says Kontra (or
    /// explains why not); elsewhere it is the vi key for up.
    pub(crate) fn kontra_possible(&self) -> bool {
        let v = &self.view;
        v.rules.kontra.is_some()
            && !v.ramsch
            && v.contract.is_some()
            && matches!(v.phase, SkatPhase::KontraWindow | SkatPhase::Playing)
    }

    /// Whether the person, as declarer, must answer a Kontra now.
    pub(crate) fn re_turn(&self) -> bool {
        self.view.kontra.re_pending && self.view.is_my_turn()
    }

    /// The person's bidding turn, if it is one.
    pub(crate) fn bid_turn(&self) -> Option<BidTurn> {
        if self.view.phase != SkatPhase::Bidding || !self.view.is_my_turn() {
            return None;
        }
        let auction = &self.view.auction;
        Some(if auction.stage() == AuctionStage::ForehandChoice {
            BidTurn::PlayAt18
        } else if auction.awaiting_answer() {
            BidTurn::Answer(auction.value())
        } else {
            BidTurn::Say(
                self.legal()
                    .into_iter()
                    .filter_map(|a| match a {
                        SkatAction::Bid(v) => Some(v),
                        _ => None,
                    })
                    .collect(),
            )
        })
    }

    /// The value the person would say now.
    pub(crate) fn chosen_bid(&self) -> Option<u16> {
        match self.bid_turn()? {
            BidTurn::Say(values) => values.get(self.extra.bid_step.min(values.len().saturating_sub(1))).copied(),
            _ => None,
        }
    }

    /// The choices listed for the person to pick with ↑/↓ and Enter: the
    /// declarer's skat pickup and games, the Grand Hand offer, the
    /// Schieberamsch packet, the Kontra window. (Re is answered with `r` or
    /// `p` only, so that Enter pressed to play a card cannot decline it.)
    pub(crate) fn skat_options(&self) -> Vec<SkatAction> {
        if self.view.kontra.re_pending {
            return Vec::new();
        }
        match self.view.phase {
            SkatPhase::SkatDecision
            | SkatPhase::Declaring
            | SkatPhase::GrandHandOffer
            | SkatPhase::Passing
            | SkatPhase::KontraWindow
            | SkatPhase::Spitze
            | SkatPhase::Knocking
            | SkatPhase::Schenken => self.legal(),
            _ => Vec::new(),
        }
    }

    /// Whether `card` may be marked in the discarding phase: some legal
    /// discard holds it (a Schieberamsch taker keeps his jacks).
    pub(crate) fn markable(&self, card: Card) -> bool {
        self.legal().iter().any(|a| matches!(a, SkatAction::Discard(cards) if cards.contains(card)))
    }

    /// What to press after a deal: " n: next deal." (empty during a deal).
    fn skat_next_hint(&self) -> String {
        if self.view.phase != SkatPhase::Over {
            String::new()
        } else if let Some(result) = self.match_result() {
            format!(" {result} q quits.")
        } else {
            " n: next deal.".to_owned()
        }
    }

    /// Whether the person watches a deal he sits out (not its result).
    pub(crate) fn watching(&self) -> bool {
        self.sits_out() && self.view.phase != SkatPhase::Over
    }

    /// Scrolls the score sheet for ↑/↓, PgUp/PgDn, Home/End; `false` for
    /// any other intent.
    fn scroll_sheet(&mut self, intent: Intent) -> bool {
        let deals = self.table().record().deals().len();
        let back = self.extra.sheet_back;
        let scrolled = match intent {
            Intent::Up => back + 1,
            Intent::Down => back.saturating_sub(1),
            Intent::PageUp => back + 10,
            Intent::PageDown => back.saturating_sub(10),
            Intent::First => deals,
            Intent::Last => 0,
            _ => return false,
        };
        self.extra.sheet_back = scrolled.min(deals.saturating_sub(1));
        true
    }

    fn skat_intent(&mut self, intent: Intent) -> Vec<Cmd<SkatGame>> {
        // A big jump asked for confirmation: only Enter confirms it, any
        // other key goes back to choosing.
        let confirming = self.extra.confirm_bid.take();
        let phase = self.view.phase;
        if phase == SkatPhase::Over {
            // Not Enter: a player still pressing Enter to play cards would
            // skip the result of a game that ended early.
            if self.scroll_sheet(intent) {
                return Vec::new();
            }
            return match (intent, self.match_result()) {
                (_, Some(result)) => {
                    self.info(format!("{result} w saves, q quits."));
                    Vec::new()
                }
                (Intent::NextDeal, None) => self.next_deal(),
                _ => {
                    self.info("This deal is over: n starts the next one.");
                    Vec::new()
                }
            };
        }
        if self.sits_out() {
            // Nothing to decide while the others play; the sheet scrolls.
            if intent == Intent::NextDeal {
                self.info(format!("Deal {} is still being played; you sit it out.", self.table().number()));
            } else if !self.scroll_sheet(intent) {
                self.info(SITTING_OUT);
            }
            return Vec::new();
        }
        match intent {
            Intent::Cancel => {
                self.extra.marked = CardSet::EMPTY;
                return Vec::new();
            }
            Intent::NextDeal => {
                self.info(format!("Deal {} is still being played.", self.table().number()));
                return Vec::new();
            }
            _ => {}
        }
        if self.skat_move_cursor(intent) {
            return Vec::new();
        }
        if !self.view.is_my_turn() {
            if let Some(seat) = self.view.to_act {
                let who = self.who(seat);
                self.info(format!("Wait: {who} is to act."));
            }
            return Vec::new();
        }
        let primary = matches!(intent, Intent::Confirm | Intent::Select);
        match intent {
            Intent::Pass => return self.act(SkatAction::Pass),
            // y: "yes" to Spitze, to knocking (pub extras §2, §4).
            Intent::Hold if phase == SkatPhase::Spitze => return self.act(SkatAction::Spitze),
            Intent::Hold if phase == SkatPhase::Knocking => return self.act(SkatAction::Knock),
            Intent::Give if self.legal().contains(&SkatAction::Schenken) => return self.act(SkatAction::Schenken),
            Intent::Give => {
                self.info(
                    "x gives the game away: a defender, at his turn in the first trick, where the table plays Schenken.",
                );
                return Vec::new();
            }
            Intent::Hold if self.bid_turn() == Some(BidTurn::PlayAt18) => return self.act(SkatAction::Bid(18)),
            Intent::Hold => return self.act(SkatAction::Hold),
            Intent::TakeSkat => return self.act(SkatAction::TakeSkat),
            Intent::Push => return self.act(SkatAction::Push),
            Intent::Kontra => return self.act(SkatAction::Kontra),
            Intent::Re => return self.act(SkatAction::Re),
            Intent::GrandHand if phase == SkatPhase::GrandHandOffer => {
                return self.act(SkatAction::Declare(GRAND_HAND));
            }
            Intent::GrandHand => {
                self.info("g declares Grand Hand only when it is offered before a Ramsch.");
                return Vec::new();
            }
            _ => {}
        }
        let options = self.skat_options();
        if !options.is_empty() {
            return self.choose_option(intent, &options, false);
        }
        match phase {
            SkatPhase::Bidding => match (self.bid_turn(), intent) {
                (Some(BidTurn::Say(values)), _) if !primary => {
                    let last = values.len().saturating_sub(1);
                    let step = self.extra.bid_step.min(last);
                    self.extra.bid_step = match intent {
                        Intent::Up | Intent::Right => step + 1,
                        Intent::Down | Intent::Left => step.saturating_sub(1),
                        Intent::PageUp => step + 5,
                        Intent::PageDown => step.saturating_sub(5),
                        Intent::First => 0,
                        Intent::Last => last,
                        _ => step,
                    }
                    .min(last);
                    Vec::new()
                }
                (Some(BidTurn::Say(values)), _) => match self.chosen_bid() {
                    Some(value)
                        if self.extra.bid_step.min(values.len() - 1) > BIG_JUMP && confirming != Some(value) =>
                    {
                        self.extra.confirm_bid = Some(value);
                        self.info(format!(
                            "Say {value}? That is far above {}, the lowest you may say: Enter again says it, any other key goes back.",
                            values[0]
                        ));
                        Vec::new()
                    }
                    Some(value) => self.act(SkatAction::Bid(value)),
                    None => self.act(SkatAction::Pass),
                },
                (Some(BidTurn::Answer(_)), _) if primary => self.act(SkatAction::Hold),
                (Some(BidTurn::PlayAt18), _) if primary => self.act(SkatAction::Bid(18)),
                _ => {
                    self.info("Nothing to choose here: y holds (or plays at 18), p passes.");
                    Vec::new()
                }
            },
            SkatPhase::Discarding => {
                let verb = if self.view.ramsch { "passes them on" } else { "lays them away" };
                if intent == Intent::Select {
                    self.toggle_mark();
                    Vec::new()
                } else if intent == Intent::Confirm {
                    if self.extra.marked.len() == 2 {
                        self.act(SkatAction::Discard(self.extra.marked))
                    } else {
                        let n = self.extra.marked.len();
                        self.error(format!("Mark exactly two cards with Space first ({n} marked), then Enter {verb}."));
                        Vec::new()
                    }
                } else {
                    self.info(format!("←/→ move, Space marks, Enter {verb}."));
                    Vec::new()
                }
            }
            _ if self.re_turn() => {
                let by = self.view.kontra.by.map_or_else(String::new, |s| format!("{} said ", self.name_at(s)));
                self.info(format!("{by}Kontra: r answers Re (×4), p plays on without."));
                Vec::new()
            }
            SkatPhase::Playing if primary => match self.hand().get(self.cursor) {
                Some(&card) => self.act(SkatAction::Play(card)),
                None => Vec::new(),
            },
            _ => {
                self.info("Trick play: ←/→ (or Tab) choose a card, Enter plays it.");
                Vec::new()
            }
        }
    }

    /// Moves the hand cursor for the cursor keys; `false` if the key is
    /// not one (or means something else in this phase: in the auction
    /// ←/→ and Home/End choose the bid, in a list Home/End the option).
    fn skat_move_cursor(&mut self, intent: Intent) -> bool {
        let bidding_turn = self.bid_turn().is_some();
        if bidding_turn && matches!(intent, Intent::Left | Intent::Right | Intent::First | Intent::Last) {
            return false;
        }
        let ends = !bidding_turn && self.skat_options().is_empty();
        self.move_cursor(intent, ends)
    }

    fn toggle_mark(&mut self) {
        let Some(&card) = self.hand().get(self.cursor) else { return };
        if self.extra.marked.contains(card) {
            self.extra.marked.remove(card);
        } else if self.extra.marked.len() >= 2 {
            self.error("Two cards are marked already: unmark one first (Space).");
        } else if !self.markable(card) {
            // The only card no legal discard holds is a Schieberamsch
            // taker's jack; say it in the engine's words.
            self.error(refusal(&SkatError::JackInPacket(card)));
        } else {
            self.extra.marked.insert(card);
        }
    }

    /// Keeps the cursor on the hand, on a playable card when the person is
    /// to play, and on a card he may pass on when he passes two on.
    fn skat_fit_cursor(&mut self) {
        let hand = self.hand();
        self.cursor = self.cursor.min(hand.len().saturating_sub(1));
        let legal = self.view.legal_cards();
        if !legal.is_empty() && !hand.get(self.cursor).is_some_and(|&c| legal.contains(c)) {
            self.cursor = hand.iter().position(|&c| legal.contains(c)).unwrap_or(0);
        }
        if self.view.phase == SkatPhase::Discarding
            && self.view.is_my_turn()
            && !hand.get(self.cursor).is_some_and(|&c| self.markable(c))
        {
            self.cursor = hand.iter().position(|&c| self.markable(c)).unwrap_or(0);
        }
    }

    /// One sentence on how a deal ended.
    pub(crate) fn skat_summary(&self, outcome: SkatOutcome) -> String {
        match outcome {
            SkatOutcome::PassedIn => "All three passed: the deal is thrown in.".into(),
            SkatOutcome::Played { declarer, settlement } if settlement.extras.gift.is_some() => {
                let who = self.name_at(declarer);
                let verb = if settlement.won { "won" } else { "lost" };
                format!("{who} accepted the gift and {verb} {}: {:+}.", settlement.contract, settlement.score)
            }
            SkatOutcome::Played { declarer, settlement } => {
                let who = self.name_at(declarer);
                let verb = if settlement.won { "won" } else { "lost" };
                let with = match settlement.kontra {
                    0 => "",
                    1 => " with Kontra",
                    _ => " with Kontra and Re",
                };
                let bock = if settlement.bock > 1 { format!(" (Bock ×{})", settlement.bock) } else { String::new() };
                let spitze = match (settlement.levels.spitze, settlement.extras.spitze_made) {
                    (0, _) => "",
                    (_, true) => " with Spitze",
                    (_, false) => " (the Spitze failed)",
                };
                format!("{who} {verb} {}{spitze}{with}{bock}: {:+}.", settlement.contract, settlement.score)
            }
            SkatOutcome::Ramsch { result } => {
                let seats = Seat::all(3);
                if let Some(winner) = result.durchmarsch {
                    return format!(
                        "Ramsch: {} took every trick, a Durchmarsch: {:+}.",
                        self.name_at(winner),
                        result.scores[winner.index()]
                    );
                }
                let losers: Vec<Seat> = seats.filter(|s| result.losers[s.index()]).collect();
                if losers.is_empty() {
                    return "Ramsch: all three tie, and nobody loses.".to_owned();
                }
                let names: Vec<&str> = losers.iter().map(|&s| self.name_at(s)).collect();
                let scores: Vec<String> = losers.iter().map(|s| format!("{:+}", result.scores[s.index()])).collect();
                let verb = if losers.len() == 1 { "loses" } else { "lose" };
                format!("Ramsch: {} {verb} ({}).", names.join(" and "), scores.join(", "))
            }
        }
    }

    /// "Deal 4: you sit in Forehand; Bot 2 deals. A Bock deal: every score
    /// counts double." At a four-member table the dealer sits out: "Deal 2:
    /// you deal and sit out; Bot 1, Bot 2 and Bot 3 play it."
    fn skat_deal_news(&self) -> String {
        let number = self.table().number();
        let dealer = self.table().dealer();
        let four = self.table().record().members() > 3;
        let mut news = if self.sits_out() {
            format!("Deal {number}: you deal and sit out; {} play it.", self.players())
        } else {
            let deals = match (dealer == self.me(), four) {
                (true, _) => "you deal".to_owned(),
                (false, false) => format!("{} deals", self.name(dealer)),
                (false, true) => format!("{} deals and sits out", self.name(dealer)),
            };
            format!("Deal {number}: you sit in {}; {deals}.", seat_name(self.view.seat))
        };
        let setup = self.view.setup;
        if setup.bock > 1 {
            news.push_str(&format!(" A Bock deal: every score ×{}.", setup.bock));
        }
        if setup.ramsch_round {
            news.push_str(" A Ramsch round: no bidding.");
        }
        news
    }
}

/// The game's refusal, for the status line. The auction's errors name
/// seats by number and the others name cards by their ids; they are said
/// in words and suit symbols here.
fn refusal(error: &SkatError) -> String {
    match error {
        SkatError::Bid(BidError::NothingToHold(_)) => {
            "Not allowed: there is no value to hold; say a value (Enter) or pass (p).".to_owned()
        }
        SkatError::Bid(BidError::MustAnswer { value, .. }) => {
            format!("Not allowed: answer {value} first; y holds it, p passes.")
        }
        SkatError::JackInPacket(card) => {
            format!("Not allowed: {} may not be passed on: jacks stay in the hand.", card_text(*card))
        }
        SkatError::MustFollow { card, led, suit } => format!(
            "Not allowed: {} does not follow {}: a card of the led suit ({suit}) must be played.",
            card_text(*card),
            card_text(*led)
        ),
        SkatError::WrongPhase { action, phase } => {
            let what = match action {
                SkatAction::Bid(_) | SkatAction::Hold | SkatAction::Pass => "bidding",
                SkatAction::TakeSkat => "picking up the skat",
                SkatAction::Discard(_) => "laying away",
                SkatAction::Declare(_) => "declaring",
                SkatAction::Play(_) => "playing a card",
                SkatAction::Kontra | SkatAction::Re => "doubling",
                SkatAction::Push => "pushing the skat on",
                SkatAction::Spitze => "announcing Spitze",
                SkatAction::Schenken => "giving the game away",
                SkatAction::Knock => "knocking",
            };
            let hint = match phase {
                SkatPhase::Passing => " (s takes the packet, u pushes it on)",
                SkatPhase::Spitze => " (y announces Spitze, p does not)",
                SkatPhase::Knocking => " (y knocks, p does not)",
                SkatPhase::Schenken => " (y agrees or accepts, p plays on)",
                _ => "",
            };
            format!("Not allowed: {what} is over or not yet due; this is the {phase} phase{hint}.")
        }
        error => format!("Not allowed: {error}."),
    }
}
