//! The itemised result of a Skat deal (`skat.md` §7–§11,
//! `skat-variants.md` §2 and §5): a played game's value step by step, the
//! overbid, Kontra/Re and Bock, why it was lost, card points and tricks,
//! the score and the skat; a Ramsch's points, skat, loser(s), Jungfrau,
//! pushes and Durchmarsch.

use trumpf_core::skat::{
    GameKind, RamschKind, RamschResult, RamschRules, RamschScoring, RamschTie, Scoring, Settlement, SkatGame,
    SkatOutcome, SkatOwner, points,
};
use trumpf_core::{CardSet, Seat};

use super::{hand_order, seat_short};
use crate::itemised::{Column, Grid, Row, Tone};
use crate::table::Table;

/// The rows of `table`'s deal, which is over, from what lies open at its
/// end (the spectator's view: the skat is shown to all once a game or a
/// Ramsch is over).
pub(super) fn itemise(table: &Table<SkatGame>) -> Vec<Row> {
    let v = table.end_view();
    match v.outcome {
        Some(SkatOutcome::Played { declarer, settlement }) => {
            let mut rows = result_rows(&table.who(declarer), &settlement, v.skat, v.dealt_skat, v.picked_up);
            if settlement.kontra > 0 {
                let by = v.kontra.by.map_or("an opponent", |s| table.name_at(s));
                let re =
                    if settlement.kontra > 1 { format!(", Re: {}", table.name_at(declarer)) } else { String::new() };
                rows.insert(2, Row::text(format!("Kontra: {by}{re}"), Tone::Doubled));
            }
            if v.rules.scoring == Scoring::SeegerFabian {
                let note = if settlement.won {
                    "Seeger–Fabian: +50 for the declarer"
                } else if v.rules.table_size == 4 {
                    "Seeger–Fabian: −50, +30 to the other three"
                } else {
                    "Seeger–Fabian: −50, +40 to each other member"
                };
                rows.push(Row::text(note, Tone::Plain));
            }
            rows
        }
        Some(SkatOutcome::PassedIn) => {
            let mut rows = vec![
                Row::heading("All three passed: the deal is thrown in.", Tone::Strong),
                Row::heading("No score; the deal counts and the deal passes on.", Tone::Plain),
            ];
            // The deal is over, and its record holds every card: what each
            // held, laid open.
            if let Some(deal) = table.finished().map(|played| *played.start.deal()) {
                rows.push(Row::Blank);
                for seat in Seat::all(3) {
                    let who = format!("{} ({}): ", table.name_at(seat), seat_short(seat));
                    rows.push(Row::cards(who, hand_order(deal.hand(seat), None), ""));
                }
                rows.push(Row::cards("skat: ", hand_order(deal.skat(), None), ""));
            }
            rows
        }
        Some(SkatOutcome::Ramsch { result }) => {
            let labels: [String; 3] = std::array::from_fn(|i| {
                Seat::new(i).map_or_else(String::new, |s| format!("{} ({})", table.name_at(s), seat_short(s)))
            });
            ramsch_rows(&result, &v.rules.ramsch, &labels, v.skat, v.dealt_skat)
        }
        None => Vec::new(),
    }
}

/// "1 push", "2 pushes".
pub fn pushes_text(pushes: u8) -> String {
    format!("{pushes} push{}", if pushes == 1 { "" } else { "es" })
}

/// The itemised result of a played game, `declarer` naming the declarer
/// ("Bot 1 (Middlehand)"): the verdict, the contract and bid, the value step
/// by step, an overbid, the doublings, why it was lost, card points and
/// tricks, the score, the skat.
pub fn result_rows(declarer: &str, s: &Settlement, skat: CardSet, dealt_skat: CardSet, picked_up: bool) -> Vec<Row> {
    let (verdict, tone) = if s.won { ("WON", Tone::Won) } else { ("LOST", Tone::Lost) };
    let gift = s.extras.gift.is_some();
    let mut rows = vec![
        Row::heading(
            if gift {
                format!("{declarer} — {verdict}: the defenders gave the game away")
            } else {
                format!("{declarer} — {verdict}")
            },
            tone,
        ),
        Row::heading(
            if s.bid == 0 {
                // Grand Hand instead of a Ramsch: nobody bid.
                format!("{}, played instead of the Ramsch (no bidding)", s.contract)
            } else {
                format!("{}, bid {}", s.contract, s.bid)
            },
            Tone::Strong,
        ),
    ];
    if let Some(value) = s.contract.null_value() {
        rows.push(Row::text(format!("{}: fixed value {value}", s.contract), Tone::Plain));
    } else {
        let n = i64::from(s.levels.matadors);
        let with = if s.matadors > 0 { "with" } else { "without" };
        rows.push(Row::Step { label: format!("{with} {n}"), amount: n, running: n });
        let mut running = n + 1;
        rows.push(Row::Step { label: "game".to_owned(), amount: 1, running });
        let l = &s.levels;
        // Announced by refusing a gift (pub extras §3.5), not declared.
        let raised = s.extras.raised > 0;
        let schneider_by =
            if raised && !s.contract.schneider { "schneider announced (gift refused)" } else { "schneider announced" };
        let schwarz_by =
            if raised && !s.contract.schwarz { "schwarz announced (gift refused)" } else { "schwarz announced" };
        // A gift counts only what was announced (§3.6).
        let (schneider, schwarz) =
            if gift { ("schneider (given)", "schwarz (given)") } else { ("schneider", "schwarz") };
        for (counted, label) in [
            (l.hand, "hand"),
            (l.schneider, schneider),
            (l.schneider_announced, schneider_by),
            (l.schwarz, schwarz),
            (l.schwarz_announced, schwarz_by),
            (l.ouvert, "ouvert"),
        ] {
            if counted {
                running += 1;
                rows.push(Row::Step { label: label.to_owned(), amount: 1, running });
            }
        }
        if l.spitze > 0 {
            running += i64::from(l.spitze);
            rows.push(Row::Step { label: "Spitze".to_owned(), amount: i64::from(l.spitze), running });
        }
        let base = s.base();
        let multiplier = s.levels.multiplier();
        rows.push(Row::text(
            format!("{}: base {base} × multiplier {multiplier} = {}", s.contract.kind, s.computed_value),
            Tone::Plain,
        ));
    }
    if s.overbid {
        let base = s.contract.kind.base_value().unwrap_or(23);
        rows.push(Row::text(
            format!(
                "overbid: {} < bid {} → charged {base} × {} = {}",
                s.computed_value,
                s.bid,
                s.value / base,
                s.value
            ),
            Tone::Against,
        ));
    }
    if s.factor() > 1 {
        let mut worked = s.value.to_string();
        match s.kontra {
            0 => {}
            1 => worked.push_str(" × 2 (Kontra)"),
            _ => worked.push_str(" × 4 (Kontra, Re)"),
        }
        if s.bock > 1 {
            worked.push_str(&format!(" × {} (Bock)", s.bock));
        }
        rows.push(Row::text(format!("{worked} = {}", s.doubled_value()), Tone::Doubled));
    }
    for reason in loss_reasons(s) {
        rows.push(Row::text(format!("lost: {reason}"), Tone::Against));
    }
    if gift {
        let note = match s.extras.gift {
            Some(trumpf_core::skat::SchenkenOverbid::WonAtValue) if s.computed_value < s.bid => {
                " (below the bid, won at its value: house rule)"
            }
            _ => "",
        };
        rows.push(Row::text(
            format!("gift accepted in the first trick: 61 card points and one trick a side{note}"),
            Tone::Plain,
        ));
    }
    let d = s.tally.declarer_points;
    let t = s.tally;
    let mut grid = Grid::new(vec![Column::left(22), Column::right(9), Column::right(11)])
        .row(Tone::Strong, ["", "declarer", "defenders"]);
    if s.contract.kind != GameKind::Null {
        grid = grid.row(Tone::Plain, ["card points".to_owned(), d.to_string(), (120 - u16::from(d)).to_string()]);
    }
    grid = grid.row(Tone::Plain, ["tricks".to_owned(), t.declarer_tricks.to_string(), t.defender_tricks.to_string()]);
    rows.push(Row::Grid(grid));
    let how = if s.won {
        ""
    } else if s.score == -2 * s.doubled_value() {
        " (a lost game counts double)"
    } else {
        " (a lost hand game counts single: house rule)"
    };
    rows.push(Row::text(format!("score: {:+}{how}", s.score), Tone::Strong));
    // Card points decide nothing in Null.
    let laid = if s.contract.kind == GameKind::Null {
        "skat: ".to_owned()
    } else {
        format!("skat ({} points): ", points(skat))
    };
    if picked_up {
        rows.push(Row::cards(laid, hand_order(skat, None), " laid away"));
        rows.push(Row::cards("found in the skat: ", hand_order(dealt_skat, None), ""));
    } else {
        rows.push(Row::cards(laid, hand_order(skat, None), " (hand game: untouched)"));
    }
    rows
}

/// Why a game was lost besides an overbid (`skat.md` §7), in words.
fn loss_reasons(s: &Settlement) -> Vec<String> {
    let mut reasons = Vec::new();
    if s.won {
        return reasons;
    }
    let t = s.tally;
    if s.contract.kind == GameKind::Null {
        if t.declarer_tricks > 0 {
            reasons.push("the declarer took a trick".to_owned());
        }
        return reasons;
    }
    if s.levels.spitze > 0 && !s.extras.spitze_made {
        reasons.push("the Spitze card did not win the last trick".to_owned());
    }
    let played = trumpf_core::skat::raised_contract(s.contract, s.extras.raised);
    if played.schwarz && t.defender_tricks > 0 {
        // The play stopped at the defenders' first trick; the points tell nothing.
        reasons.push("schwarz announced, defenders took a trick".to_owned());
        return reasons;
    }
    let d = t.declarer_points;
    if d <= 60 {
        reasons.push(format!("{d} card points, 61 needed"));
    }
    if played.schneider && d < 90 {
        reasons.push(format!("schneider announced, only {d} points"));
    }
    reasons
}

/// The factors of a Ramsch score in words: " × 4 (2 pushes) × 2 (Jungfrau)
/// × 2 (Bock)" (variants §2.6–§2.7).
fn ramsch_factors(r: &RamschResult, rules: &RamschRules) -> String {
    let mut out = String::new();
    let points = rules.scoring == RamschScoring::Points;
    if points && r.play.pushes > 0 {
        out.push_str(&format!(" × {} ({})", 1u32 << r.play.pushes.min(3), pushes_text(r.play.pushes)));
    }
    if r.play.knocks > 0 {
        let k = r.play.knocks;
        out.push_str(&format!(" × {} ({k} knock{})", 1u32 << k.min(3), if k == 1 { "" } else { "s" }));
    }
    if points && r.durchmarsch.is_none() && rules.jungfrau_doubles && r.jungfrauen > 0 {
        out.push_str(" × 2 (Jungfrau)");
    }
    if r.play.bock > 1 {
        out.push_str(&format!(" × {} (Bock)", r.play.bock));
    }
    out
}

/// The itemised result of a Ramsch: each player's tricks and card points,
/// the skat and who was credited it, the loser(s) and the tie rule used,
/// Jungfrau, pushes, Bock, Durchmarsch, and each score worked out.
/// `labels` name the seats ("You (FH)").
pub fn ramsch_rows(
    r: &RamschResult,
    rules: &RamschRules,
    labels: &[String; 3],
    skat: CardSet,
    dealt_skat: CardSet,
) -> Vec<Row> {
    let seats = [Seat::FOREHAND, Seat::MIDDLEHAND, Seat::REARHAND];
    let name = |s: Seat| labels[s.index()].clone();
    let losers: Vec<Seat> = seats.into_iter().filter(|s| r.losers[s.index()]).collect();
    let list = |of: &[Seat]| of.iter().map(|&s| name(s)).collect::<Vec<_>>().join(" and ");
    let heading = match r.durchmarsch {
        Some(winner) => Row::heading(format!("Ramsch — Durchmarsch: {} took every trick", name(winner)), Tone::Won),
        None if losers.is_empty() => Row::heading("Ramsch — nobody loses", Tone::Plain),
        None => {
            let verb = if losers.len() == 1 { "loses" } else { "lose" };
            Row::heading(format!("Ramsch — {} {verb}", list(&losers)), Tone::Lost)
        }
    };
    let mut kind = vec![match rules.kind {
        RamschKind::Schieberamsch => "Schieberamsch".to_owned(),
        RamschKind::Plain => "Ramsch (skat untouched)".to_owned(),
    }];
    if r.play.pushes > 0 {
        kind.push(format!("pushed unseen: {} (×2 each)", pushes_text(r.play.pushes)));
    }
    if r.play.knocks > 0 {
        kind.push(format!("knocked: {} (×2 each)", r.play.knocks));
    }
    if r.play.bock > 1 {
        kind.push(format!("Bock ×{}", r.play.bock));
    }
    if rules.scoring == RamschScoring::Fixed {
        kind.push("fixed tariff".to_owned());
    }
    let columns = vec![
        Column::left(12),
        Column::right(6),
        Column::right(7),
        Column::right(5),
        Column::right(6),
        Column::right(7),
    ];
    let mut grid = Grid::new(columns).row(Tone::Strong, ["", "tricks", "points", "skat", "total", "score"]);
    let dot = |text: String, show: bool| if show { text } else { ".".to_owned() };
    for s in seats {
        let i = s.index();
        grid = grid.row(
            Tone::Plain,
            [
                name(s),
                r.play.tricks[i].to_string(),
                r.play.trick_points[i].to_string(),
                dot(format!("+{}", r.play.skat_points), r.skat_to[i]),
                r.totals[i].to_string(),
                dot(format!("{:+}", r.scores[i]), r.scores[i] != 0),
            ],
        );
    }
    let mut rows = vec![heading, Row::heading(kind.join(" · "), Tone::Strong), Row::Grid(grid)];
    let credited: Vec<Seat> = seats.into_iter().filter(|s| r.skat_to[s.index()]).collect();
    let credit = match (credited.is_empty(), rules.skat_owner) {
        (true, _) => " (not counted)".to_owned(),
        (false, SkatOwner::LastTrick) => format!(" → {}, last trick", list(&credited)),
        (false, SkatOwner::Loser) if credited.len() > 1 => format!(" → {}, the losers", list(&credited)),
        (false, SkatOwner::Loser) => format!(" → {}, the loser", list(&credited)),
    };
    rows.push(Row::cards("skat ", hand_order(skat, None), format!(" ({}){credit}", r.play.skat_points)));
    if !dealt_skat.is_empty() && dealt_skat != skat {
        rows.push(Row::cards("dealt skat: ", hand_order(dealt_skat, None), ""));
    }
    let factors = ramsch_factors(r, rules);
    if let Some(winner) = r.durchmarsch {
        let score = r.scores[winner.index()];
        let worked =
            if factors.is_empty() { format!("120 → {score:+}") } else { format!("120{factors} = {score:+}") };
        rows.push(Row::text(format!("Durchmarsch: {}: {worked}", name(winner)), Tone::Strong));
        return rows;
    }
    // Who had the most points when the loser was found: with the skat to
    // the last trick's winner after crediting it, with the skat to the
    // loser on trick points alone (§2.4).
    let ranked = |s: Seat| match rules.skat_owner {
        SkatOwner::LastTrick => r.totals[s.index()],
        SkatOwner::Loser => r.play.trick_points[s.index()],
    };
    let most = seats.iter().map(|&s| ranked(s)).max().unwrap_or(0);
    let tied = seats.into_iter().filter(|&s| ranked(s) == most).count();
    rows.push(Row::text(
        if tied == 1 {
            format!("loser: most points ({most})")
        } else if tied == 3 && rules.three_way_tie == trumpf_core::skat::ThreeWayTie::NobodyLoses {
            format!("all three tie at {most}: nobody loses (house rule)")
        } else {
            match rules.tie {
                RamschTie::AllLoseFull => format!("tie at {most}: all tied players lose in full"),
                RamschTie::Split => format!("tie at {most}: the tied players split the loss"),
                RamschTie::LatestTrickLoses => format!("tie at {most}: who won the later trick loses"),
            }
        },
        Tone::Plain,
    ));
    let virgins: Vec<Seat> =
        seats.into_iter().filter(|s| !r.losers[s.index()] && r.play.tricks[s.index()] == 0).collect();
    if !virgins.is_empty() {
        let verb = if virgins.len() == 1 { "took" } else { "each took" };
        rows.push(Row::text(format!("Jungfrau: {} {verb} no trick", list(&virgins)), Tone::Plain));
    }
    let share = if rules.tie == RamschTie::Split { losers.len() } else { 1 };
    for &s in &losers {
        let i = s.index();
        let score = r.scores[i];
        let worked = match rules.scoring {
            RamschScoring::Fixed => {
                let (base, why) = match r.jungfrauen {
                    0 => (10, "no Jungfrau"),
                    1 => (15, "one Jungfrau"),
                    _ => (20, "two Jungfrauen"),
                };
                format!("fixed {base} ({why}){factors}")
            }
            RamschScoring::Points => format!("{}{factors}", r.totals[i]),
        };
        let amount = match rules.scoring {
            RamschScoring::Fixed => i64::from(r.multiplier) * [10, 15, 20][usize::from(r.jungfrauen.min(2))],
            RamschScoring::Points => i64::from(r.totals[i]) * i64::from(r.multiplier),
        };
        let text = if share > 1 && factors.is_empty() {
            format!("{worked}, split {share} ways → {score:+}")
        } else if share > 1 {
            format!("{worked} = {amount}, split {share} ways → {score:+}")
        } else if factors.is_empty() && rules.scoring == RamschScoring::Points {
            format!("{worked} → {score:+}")
        } else {
            format!("{worked} = {score:+}")
        };
        rows.push(Row::text(format!("{}: {text}", name(s)), Tone::Strong));
    }
    rows
}
