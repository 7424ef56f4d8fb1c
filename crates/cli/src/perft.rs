//! `trumpf perft`: counts legal card sequences from given hands.

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use trumpf_core::skat::{Contract, GameKind, SkatDeal, SkatGame, SkatRules, perft};
use trumpf_core::spidge::{SpidgeDeal, SpidgeGame, SpidgeRules};
use trumpf_core::spitzer::{SpitzerDeal, SpitzerGame, SpitzerRules};
use trumpf_core::{AnyGame, CardSet, Seat, Suit};

/// Arguments of `trumpf perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    #[command(subcommand)]
    game: PerftGame,
}

#[derive(Debug, Subcommand)]
enum PerftGame {
    /// Skat: forehand leads to the first trick.
    Skat(SkatPerft),
    /// Spitzer: eldest (P0) leads, nobody announced.
    Spitzer(HandsPerft),
    /// Spidge: L leads; hands L/DUMMY/R/DEALER; jokers are J1 and J2.
    Spidge(HandsPerft),
}

#[derive(Debug, Args)]
struct HandsPerft {
    /// The hands in seat order separated by `/`, cards joined by `.`.
    #[arg(long)]
    hands: String,
    /// How many card plays to count.
    #[arg(long)]
    depth: u32,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SkatType {
    Diamonds,
    Hearts,
    Spades,
    Clubs,
    Grand,
    Null,
}

#[derive(Debug, Args)]
struct SkatPerft {
    /// The game type.
    #[arg(long = "type", value_enum)]
    game_type: SkatType,
    /// The declarer: 0 or FH (forehand), 1 or MH (middlehand), 2 or RH
    /// (rearhand).
    #[arg(long, value_parser = crate::solve::parse_declarer)]
    declarer: u8,
    /// The three ten-card hands, forehand/middlehand/rearhand, cards joined
    /// by `.` (e.g. `CJ.SA.ST...`); the two cards left over form the skat.
    #[arg(long)]
    hands: String,
    /// How many card plays to count.
    #[arg(long)]
    depth: u32,
}

pub fn run(args: PerftArgs) -> Result<()> {
    let (position, depth) = match args.game {
        PerftGame::Skat(p) => {
            println!("skat {:?} declarer {} depth {}", p.game_type, p.declarer, p.depth);
            (AnyGame::Skat(skat_position(&p)?), p.depth)
        }
        PerftGame::Spitzer(p) => {
            let hands = parse_hands::<4>(&p.hands, &["P0", "P1", "P2", "P3"])?;
            let deal = SpitzerDeal::new(hands).context("the hands do not form a Spitzer deal")?;
            println!("spitzer depth {}", p.depth);
            (AnyGame::Spitzer(SpitzerGame::at_play(deal, SpitzerRules::default())?), p.depth)
        }
        PerftGame::Spidge(p) => {
            let hands = parse_hands::<4>(&p.hands, &["L", "DUMMY", "R", "DEALER"])?;
            let deal = SpidgeDeal::new(hands).context("the hands do not form a Spidge deal")?;
            let rules = SpidgeRules { jokers: deal.has_jokers(), ..SpidgeRules::default() };
            println!("spidge depth {}", p.depth);
            (AnyGame::Spidge(SpidgeGame::new(deal, rules)), p.depth)
        }
    };
    println!("{}", perft(&position, depth));
    Ok(())
}

/// `N` hands separated by `/`, each a `.`-joined card list.
fn parse_hands<const N: usize>(text: &str, names: &[&str; N]) -> Result<[CardSet; N]> {
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != N {
        bail!("--hands needs {N} hands ({}) separated by '/', got {}", names.join("/"), parts.len());
    }
    let mut hands = [CardSet::EMPTY; N];
    for (i, part) in parts.iter().enumerate() {
        hands[i] = part.parse().with_context(|| format!("hand {} ({})", i, names[i]))?;
    }
    Ok(hands)
}

fn skat_position(p: &SkatPerft) -> Result<SkatGame> {
    let parts: Vec<&str> = p.hands.split('/').collect();
    if parts.len() != 3 {
        bail!("--hands needs three hands separated by '/', got {}", parts.len());
    }
    let mut hands = [CardSet::EMPTY; 3];
    for (i, part) in parts.iter().enumerate() {
        hands[i] =
            part.parse().with_context(|| format!("hand {} ({})", i, ["forehand", "middlehand", "rearhand"][i]))?;
    }
    let skat = CardSet::PIQUET_PACK - hands[0] - hands[1] - hands[2];
    let deal = SkatDeal::new(hands, skat).context("the hands do not form a Skat deal")?;
    let kind = match p.game_type {
        SkatType::Diamonds => GameKind::Suit(Suit::Diamonds),
        SkatType::Hearts => GameKind::Suit(Suit::Hearts),
        SkatType::Spades => GameKind::Suit(Suit::Spades),
        SkatType::Clubs => GameKind::Suit(Suit::Clubs),
        SkatType::Grand => GameKind::Grand,
        SkatType::Null => GameKind::Null,
    };
    let declarer = Seat::new(usize::from(p.declarer)).context("declarer must be 0, 1 or 2")?;
    Ok(SkatGame::with_declaration(deal, SkatRules::default(), declarer, 18, Contract::pickup(kind))?)
}
