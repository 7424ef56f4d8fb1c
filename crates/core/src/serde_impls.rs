//! Serialize and Deserialize (the `serde` feature) for the vocabulary whose
//! text form is what people and other programs read: a card is its id
//! (`"CJ"`, `"J1"`), a card set a list of ids in the set's order, a Skat
//! contract its ISS code (`"G"`, `"CHS"`), a seat and a member their
//! number. A trick history is `{"leaders": [...], "cards": [...]}`: the
//! leader of every trick begun so far and every card in play order.
//! Everything else derives its form (externally tagged enums, structs as
//! maps).

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::seat::{Member, Seat};
use crate::skat::Contract;
use crate::trick::{MAX_TRICKS, TrickHistory};

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(de::Error::custom)
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for card in *self {
            seq.serialize_element(&card)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        struct Cards;
        impl<'de> Visitor<'de> for Cards {
            type Value = CardSet;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a list of distinct card ids such as [\"CJ\", \"SA\"]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CardSet, A::Error> {
                let mut set = CardSet::EMPTY;
                while let Some(card) = seq.next_element::<Card>()? {
                    if set.contains(card) {
                        return Err(de::Error::custom(format!("{card} appears twice")));
                    }
                    set.insert(card);
                }
                Ok(set)
            }
        }
        d.deserialize_seq(Cards)
    }
}

impl Serialize for Contract {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.iss_code())
    }
}

impl<'de> Deserialize<'de> for Contract {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Contract, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(de::Error::custom)
    }
}

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let n = u8::deserialize(d)?;
        Seat::new(usize::from(n)).ok_or_else(|| de::Error::custom(format!("no seat {n}: seats are 0 to 3")))
    }
}

impl Serialize for Member {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Member {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Member, D::Error> {
        let n = u8::deserialize(d)?;
        Member::new(usize::from(n)).ok_or_else(|| de::Error::custom(format!("no member {n}: members are 0 to 3")))
    }
}

impl<L: Copy + Serialize, const N: usize, const CARDS: usize> Serialize for TrickHistory<L, N, CARDS> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let leaders: Vec<L> = (0..=self.completed()).map(|k| self.leader_of(k)).collect();
        let mut st = s.serialize_struct("TrickHistory", 2)?;
        st.serialize_field("leaders", &leaders)?;
        st.serialize_field("cards", self.cards())?;
        st.end()
    }
}

impl<'de, L: Copy + Deserialize<'de>, const N: usize, const CARDS: usize> Deserialize<'de>
    for TrickHistory<L, N, CARDS>
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Raw<L> {
            leaders: Vec<L>,
            cards: Vec<Card>,
        }
        let raw = Raw::<L>::deserialize(d)?;
        if raw.cards.len() > CARDS {
            return Err(de::Error::custom(format!("a deal has at most {CARDS} cards")));
        }
        let completed = raw.cards.len() / N;
        if raw.leaders.len() != completed + 1 || completed > MAX_TRICKS {
            return Err(de::Error::custom(format!(
                "{} cards complete {completed} tricks: {} leaders expected, {} given",
                raw.cards.len(),
                completed + 1,
                raw.leaders.len()
            )));
        }
        let mut history = TrickHistory::new(raw.leaders[0]);
        for (i, &card) in raw.cards.iter().enumerate() {
            history.push(card);
            if (i + 1) % N == 0 {
                history.close_trick(raw.leaders[(i + 1) / N]);
            }
        }
        Ok(history)
    }
}

impl<T: Serialize, const N: usize> Serialize for crate::seat::BySeat<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(N))?;
        for (_, value) in self.iter() {
            seq.serialize_element(value)?;
        }
        seq.end()
    }
}

impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for crate::seat::BySeat<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(d)?;
        let n = values.len();
        let array: [T; N] =
            values.try_into().map_err(|_| de::Error::custom(format!("{n} values for a table of {N} seats")))?;
        Ok(crate::seat::BySeat::new(array))
    }
}

impl<L: Serialize, const N: usize> Serialize for crate::trick::Trick<L, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Trick", 3)?;
        st.serialize_field("leader", &self.leader)?;
        st.serialize_field("cards", &self.cards[..])?;
        st.serialize_field("winner", &self.winner)?;
        st.end()
    }
}

impl<'de, L: Deserialize<'de>, const N: usize> Deserialize<'de> for crate::trick::Trick<L, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Raw<L> {
            leader: L,
            cards: Vec<Card>,
            winner: L,
        }
        let raw = Raw::<L>::deserialize(d)?;
        let n = raw.cards.len();
        let cards: [Card; N] =
            raw.cards.try_into().map_err(|_| de::Error::custom(format!("{n} cards in a trick of {N}")))?;
        Ok(crate::trick::Trick { leader: raw.leader, cards, winner: raw.winner })
    }
}
