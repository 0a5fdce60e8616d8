//! The one `Action` enum: everything a player can do, as data.

use serde::{Deserialize, Serialize};

use crate::maps::{CityId, RouteId};

use super::cards::CardCounts;
use super::sets::TicketSet;

/// A seat at the table, 0-based in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into per-seat lists.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Something a player does. Every action goes through [`crate::rules::Game::apply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    /// Take the top card of the draw pile.
    DrawBlind,
    /// Take the face-up card in slot 0..5.
    DrawFaceup {
        /// The slot, 0-based from the left.
        slot: u8,
    },
    /// Claim a route paying these cards (for a tunnel: the cards laid before the 3 are turned).
    Claim {
        /// The track.
        route: RouteId,
        /// The payment.
        cards: CardCounts,
    },
    /// Pay a tunnel's extra cost.
    PayTunnel {
        /// The extra cards.
        cards: CardCounts,
    },
    /// Give up a tunnel: the laid cards go back to hand, the turn ends.
    DeclineTunnel,
    /// Draw destination tickets.
    DrawTickets,
    /// Keep these of the tickets offered (the rest leave as the map says).
    KeepTickets {
        /// The tickets kept.
        tickets: TicketSet,
    },
    /// Build a station in a city paying these cards.
    BuildStation {
        /// The city.
        city: CityId,
        /// The payment.
        cards: CardCounts,
    },
    /// Do nothing: legal only when no other action is.
    Pass,
}
