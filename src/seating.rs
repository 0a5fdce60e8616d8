//! Who sits where, as everyone sees it: each seat's name and colour. One source for the store, the board picture
//! and the bot.

use std::fmt;

/// A player's colour on the board. Chosen so that any two stay apart for people with deuteranopia or protanopia
/// too: simulated with the Machado et al. (2009) matrices at full severity, the closest pair of the five is
/// ΔE 41 apart in CIELAB (the first two seats 119, the first three 52); `tests/render.rs` keeps that true.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlayerColor {
    /// Orange, the first seat's.
    Orange,
    /// Navy blue.
    Navy,
    /// Bluish green.
    Green,
    /// Sky blue.
    Sky,
    /// Black (a near-black, so the dark outline still shows).
    Black,
}

impl PlayerColor {
    /// Every player colour, in the order seats receive them (the first ones are the farthest apart).
    pub const ALL: [PlayerColor; 5] = [
        PlayerColor::Orange,
        PlayerColor::Navy,
        PlayerColor::Green,
        PlayerColor::Sky,
        PlayerColor::Black,
    ];

    /// The lowercase name, as stored.
    pub fn name(self) -> &'static str {
        match self {
            PlayerColor::Orange => "orange",
            PlayerColor::Navy => "navy",
            PlayerColor::Green => "green",
            PlayerColor::Sky => "sky",
            PlayerColor::Black => "black",
        }
    }

    /// The colour with this stored name.
    pub fn from_name(name: &str) -> Option<PlayerColor> {
        PlayerColor::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Red, green and blue, 0–255.
    pub fn rgb(self) -> [u8; 3] {
        match self {
            PlayerColor::Orange => [230, 159, 0],
            PlayerColor::Navy => [20, 40, 110],
            PlayerColor::Green => [0, 158, 115],
            PlayerColor::Sky => [86, 180, 233],
            PlayerColor::Black => [40, 40, 40],
        }
    }

    /// Whether the colour is light: marks drawn on it are then dark, else white.
    pub fn is_light(self) -> bool {
        matches!(self, PlayerColor::Orange | PlayerColor::Sky)
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

/// The most characters of a name shown anywhere (Discord's own limit for a display name): a longer one, from a
/// stored game or a script, is cut before anything measures or draws it.
pub const NAME_MOST: usize = 32;

impl Player {
    /// A player as shown: the name cut to [`NAME_MOST`] characters (with "…" when cut).
    pub fn new(name: &str, color: PlayerColor) -> Player {
        let name = if name.chars().nth(NAME_MOST).is_some() {
            let kept: String = name.chars().take(NAME_MOST - 1).collect();
            format!("{}…", kept.trim_end())
        } else {
            name.to_string()
        };
        Player { name, color }
    }

    /// Players named in seat order, each with its seat's default colour (offline tools and tests).
    pub fn list(names: &[impl AsRef<str>]) -> Vec<Player> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| Player::new(n.as_ref(), PlayerColor::for_seat(i)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_longer_than_discord_allows_is_cut_before_anything_draws_it() {
        let long = Player::new(&"ñ".repeat(1_000_000), PlayerColor::Orange);
        assert_eq!(long.name.chars().count(), NAME_MOST);
        assert!(long.name.ends_with('…'));
        assert_eq!(Player::new("Ana", PlayerColor::Orange).name, "Ana");
        let exact = "x".repeat(NAME_MOST);
        assert_eq!(Player::new(&exact, PlayerColor::Orange).name, exact);
    }
}
