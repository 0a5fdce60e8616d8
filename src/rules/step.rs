//! The decision a game waits for: one type for the engine, the public view and refusals alike.

use serde::{Deserialize, Serialize};

use super::cards::{Card, CardCounts};
use super::map::RouteId;

/// A tunnel claim waiting for the player to pay the extra or give up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TunnelClaim {
    /// The track, one of a double's two.
    pub route: RouteId,
    /// Cards laid (still in the hand until paid).
    pub laid: CardCounts,
    /// The turned cards (already in the discard pile).
    pub turned: Vec<Card>,
    /// Extra cards demanded.
    pub extra: u8,
}

/// Where in a turn the game is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Everyone with an offer chooses starting tickets, all at once.
    StartingTickets,
    /// The current seat chooses an action.
    Turn,
    /// The current seat drew one card and takes a second.
    SecondCard,
    /// The current seat chooses which drawn tickets to keep.
    KeepTickets,
    /// The current seat pays a tunnel's extra or gives up.
    Tunnel(TunnelClaim),
    /// The game has ended.
    Over,
}
