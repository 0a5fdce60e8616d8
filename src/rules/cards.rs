//! Train cards: colours, the wild card, and counted hands.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A colour of a card or a route space. Gray routes have no colour (`None` where a colour is optional). Each
/// variant is the colour it names.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    /// Pink (some editions call it purple or violet; USA, Europe, Switzerland, India).
    Pink,
    White,
    Black,
    /// Purple (Berlin's own colour).
    Purple,
}

impl Color {
    /// Every colour, in card-index order.
    pub const ALL: [Color; 9] = [
        Color::Red,
        Color::Orange,
        Color::Yellow,
        Color::Green,
        Color::Blue,
        Color::Pink,
        Color::White,
        Color::Black,
        Color::Purple,
    ];

    /// The lowercase name used in map files and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Orange => "orange",
            Color::Yellow => "yellow",
            Color::Green => "green",
            Color::Blue => "blue",
            Color::Pink => "pink",
            Color::White => "white",
            Color::Black => "black",
            Color::Purple => "purple",
        }
    }

    /// Parses a lowercase colour name.
    pub fn from_name(name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The card of this colour.
    pub fn card(self) -> Card {
        Card(self as u8)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the wild card is called on a map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WildName {
    /// Locomotive (every train map).
    Locomotive,
    /// Bicycle (Berlin).
    Bicycle,
}

impl WildName {
    /// The lowercase name, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            WildName::Locomotive => "locomotive",
            WildName::Bicycle => "bicycle",
        }
    }
}

impl fmt::Display for WildName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Number of distinct card kinds: the nine colours plus the wild card.
pub const CARD_KINDS: usize = 10;

/// One train card: a colour or the wild card. A small index, so hands are plain arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card(u8);

impl Card {
    /// The wild card (locomotive or bicycle).
    pub const WILD: Card = Card(9);

    /// The card's index in a [`CardCounts`] (0..10).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The card with this index, if it is one.
    pub fn from_index(index: usize) -> Option<Card> {
        (index < CARD_KINDS).then_some(Card(index as u8))
    }

    /// Whether this is the wild card.
    pub fn is_wild(self) -> bool {
        self == Card::WILD
    }

    /// The card's colour, `None` for the wild card.
    pub fn color(self) -> Option<Color> {
        Color::ALL.get(self.index()).copied()
    }

    /// The card's name, with the map's name for the wild card.
    pub fn name(self, wild: WildName) -> &'static str {
        match self.color() {
            Some(color) => color.name(),
            None => wild.name(),
        }
    }

    /// Parses a card name: a colour, or the map's wild card name.
    pub fn from_name(name: &str, wild: WildName) -> Option<Card> {
        if name == wild.name() {
            Some(Card::WILD)
        } else {
            Color::from_name(name).map(Color::card)
        }
    }
}

/// A multiset of cards: how many of each kind. Used for hands and for payments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardCounts(pub [u8; CARD_KINDS]);

impl CardCounts {
    /// No cards.
    pub const EMPTY: CardCounts = CardCounts([0; CARD_KINDS]);

    /// How many of this card.
    pub fn get(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    /// Adds `n` of this card.
    pub fn add(&mut self, card: Card, n: u8) {
        self.0[card.index()] += n;
    }

    /// Removes `n` of this card. Callers check first; underflow is a bug.
    pub fn remove(&mut self, card: Card, n: u8) {
        self.0[card.index()] -= n;
    }

    /// Total number of cards.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Whether every card of `other` is in `self`.
    pub fn contains(&self, other: &CardCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(have, need)| have >= need)
    }

    /// Adds every card of `other`.
    pub fn add_all(&mut self, other: &CardCounts) {
        for (have, more) in self.0.iter_mut().zip(other.0.iter()) {
            *have += more;
        }
    }

    /// Removes every card of `other`. Callers check [`CardCounts::contains`] first.
    pub fn remove_all(&mut self, other: &CardCounts) {
        for (have, less) in self.0.iter_mut().zip(other.0.iter()) {
            *have -= less;
        }
    }

    /// Whether there are no cards.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Removes as many of each kind of `other` as there are (none go below zero).
    pub fn remove_what_is_there(&mut self, other: &CardCounts) {
        for (have, less) in self.0.iter_mut().zip(other.0.iter()) {
            *have = have.saturating_sub(*less);
        }
    }

    /// Raises each kind's count to `other`'s where that is more.
    pub fn raise_to(&mut self, other: &CardCounts) {
        for (have, floor) in self.0.iter_mut().zip(other.0.iter()) {
            *have = (*have).max(*floor);
        }
    }

    /// The kinds present, with their counts, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| (Card(i as u8), *n))
    }

    /// The colours present (the wild card left out).
    pub fn colors(&self) -> impl Iterator<Item = Color> + '_ {
        self.iter().filter_map(|(card, _)| card.color())
    }

    /// A payment of `n` cards of one colour plus `wild` wild cards.
    pub fn of(color: Option<Color>, n: u8, wild: u8) -> CardCounts {
        // Built in a register rather than byte by byte in memory: the legal actions hold a payment per way to pay,
        // and copying one just written byte by byte showed in profiles as a stall on every payment listed.
        const { assert!(CARD_KINDS <= 16, "a payment's counts fit in a u128") };
        let at = |card: Card, count: u8| u128::from(count) << (8 * card.index());
        let bits = at(Card::WILD, wild) | color.map_or(0, |c| at(c.card(), n));
        let bytes = bits.to_le_bytes();
        let mut counts = [0; CARD_KINDS];
        counts.copy_from_slice(&bytes[..CARD_KINDS]);
        CardCounts(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_names_round_trip_with_the_maps_wild_name() {
        for index in 0..CARD_KINDS {
            let card = Card::from_index(index).unwrap();
            for wild in [WildName::Locomotive, WildName::Bicycle] {
                assert_eq!(Card::from_name(card.name(wild), wild), Some(card));
            }
        }
        assert_eq!(Card::from_name("locomotive", WildName::Bicycle), None);
    }

    #[test]
    fn a_payment_counts_and_contains_its_cards() {
        let pay = CardCounts::of(Some(Color::Red), 2, 1);
        assert_eq!(pay.total(), 3);
        assert!(pay.contains(&CardCounts::of(Some(Color::Red), 1, 1)));
        assert!(!pay.contains(&CardCounts::of(Some(Color::Blue), 1, 0)));
    }
}
