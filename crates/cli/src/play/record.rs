//! The session's finished deals as ISS game records, one line per deal.

use trumpf_core::iss::IssRecord;

use super::session::Session;

/// Every finished deal of `session` as an ISS line, each ending in a line
/// break. Players are named after the members (`names` by member), without
/// spaces; the comment field names the seed and deal number, so the deal
/// can be dealt again with `trumpf play --seed`.
///
/// # Errors
/// If the engine refuses to replay a recorded deal (which would be a bug).
pub fn session_text(session: &Session, names: &[String; 3]) -> Result<String, String> {
    let mut text = String::new();
    for game in session.records() {
        let players = game.seating.map(|member| names[member].to_lowercase().replace(char::is_whitespace, ""));
        let mut record = IssRecord::from_game(u64::from(game.number), players, &game.actions, &game.deal)
            .map_err(|e| format!("deal {}: {e}", game.number))?;
        let comment = format!("trumpf play --seed {}, deal {}", session.seed(), game.number);
        record.tags.push(("CO".to_owned(), comment));
        text.push_str(&record.to_line());
        text.push('\n');
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::model::tests::names;
    use trumpf_core::iss::IssOutcome;
    use trumpf_core::skat::{SkatAction, SkatRules};
    use trumpf_core::{GameView, Seat};

    #[test]
    fn saved_records_replay_to_the_same_settlements() {
        let mut session = Session::new(9, SkatRules::default());
        // Deal 1: everybody passes. Deal 2: the first legal action everywhere
        // (middlehand bids 18, ...), played to the end.
        for (seat, action) in [(Seat::MIDDLEHAND, SkatAction::Pass), (Seat::REARHAND, SkatAction::Pass)] {
            session.apply(seat, action).unwrap();
        }
        session.apply(Seat::FOREHAND, SkatAction::Pass).unwrap();
        assert!(session.next_deal());
        while let Some(seat) = session.to_act() {
            let mut legal = Vec::new();
            session.view(seat).legal_actions(&mut legal);
            session.apply(seat, legal[0]).unwrap();
        }
        let text = session_text(&session, &names()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("P0[you]P1[bot1]P2[bot2]"), "{}", lines[0]);
        assert!(lines[0].contains("CO[trumpf play --seed 9, deal 1]"));
        let first = IssRecord::parse(lines[0]).unwrap().replay().unwrap();
        assert_eq!(first.result.settlement.outcome, IssOutcome::Passed);
        let (record, replay) = IssRecord::parse_and_replay(lines[1]).unwrap();
        assert_eq!(record.players, ["bot1", "bot2", "you"]);
        assert_eq!(record.deal, session.records()[1].deal);
        assert_eq!(replay.game.outcome(), Some(session.records()[1].outcome));
    }
}
