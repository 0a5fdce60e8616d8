//! Who sits where, as everyone sees it: each seat's name and colour. One source for the store, the board picture
//! and the bot.

use std::fmt;

/// A player's colour on the board. Told apart by colour-blind players too (the Okabe–Ito palette). Each variant
/// is the colour it names.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlayerColor {
    Blue,
    Orange,
    /// Bluish green (not a card colour's green).
    Green,
    /// Reddish purple.
    Purple,
    Vermillion,
}

impl PlayerColor {
    /// Every player colour, in the order seats receive them.
    pub const ALL: [PlayerColor; 5] = [
        PlayerColor::Blue,
        PlayerColor::Orange,
        PlayerColor::Green,
        PlayerColor::Purple,
        PlayerColor::Vermillion,
    ];

    /// The lowercase name, as stored.
    pub fn name(self) -> &'static str {
        match self {
            PlayerColor::Blue => "blue",
            PlayerColor::Orange => "orange",
            PlayerColor::Green => "green",
            PlayerColor::Purple => "purple",
            PlayerColor::Vermillion => "vermillion",
        }
    }

    /// The colour with this stored name.
    pub fn from_name(name: &str) -> Option<PlayerColor> {
        PlayerColor::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Red, green and blue, 0–255.
    pub fn rgb(self) -> [u8; 3] {
        match self {
            PlayerColor::Blue => [0, 114, 178],
            PlayerColor::Orange => [230, 159, 0],
            PlayerColor::Green => [0, 158, 115],
            PlayerColor::Purple => [204, 121, 167],
            PlayerColor::Vermillion => [213, 94, 0],
        }
    }

    /// The colour a seat gets when nothing else was chosen: the seat's place in [`PlayerColor::ALL`].
    pub fn for_seat(seat: usize) -> PlayerColor {
        PlayerColor::ALL[seat % PlayerColor::ALL.len()]
    }

    /// The first colour nobody in `taken` has.
    pub fn first_free(taken: impl IntoIterator<Item = PlayerColor>) -> Option<PlayerColor> {
        let taken: Vec<PlayerColor> = taken.into_iter().collect();
        PlayerColor::ALL.into_iter().find(|c| !taken.contains(c))
    }
}

impl fmt::Display for PlayerColor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name shown.
    pub name: String,
    /// The colour of their trains.
    pub color: PlayerColor,
}

impl Player {
    /// Players named in seat order, each with its seat's default colour (offline tools and tests).
    pub fn list(names: &[impl AsRef<str>]) -> Vec<Player> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| Player {
                name: n.as_ref().to_string(),
                color: PlayerColor::for_seat(i),
            })
            .collect()
    }
}
