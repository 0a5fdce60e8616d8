//! What happened: the public record of an accepted action (never a hidden card).

use serde::{Deserialize, Serialize};

use super::map::{CityId, RouteId, TicketId};

use super::cards::{Card, CardCounts};
use super::seat::Seat;

/// One thing that happened, safe to show everyone: blind-drawn cards and ticket identities are never in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Everyone has chosen starting tickets; the first turn begins.
    GameStarted {
        /// Who plays first.
        first: Seat,
    },
    /// A player kept some of the tickets offered.
    TicketsKept {
        /// The player who acted.
        seat: Seat,
        /// How many kept.
        kept: u8,
        /// How many went back or left the game.
        returned: u8,
    },
    /// A player drew a card from the pile (which card is private).
    DrewBlind {
        /// The player who acted.
        seat: Seat,
    },
    /// A player took a face-up card.
    DrewFaceup {
        /// The player who acted.
        seat: Seat,
        /// The card taken (public: it lay face up).
        card: Card,
    },
    /// Three face-up wild cards: the row was discarded and dealt again.
    FaceupReset,
    /// The discard pile was shuffled into a new draw pile.
    DeckReshuffled,
    /// A player claimed a route.
    Claimed {
        /// The player who acted.
        seat: Seat,
        /// The track claimed (one of a double's two).
        route: RouteId,
        /// What was paid, tunnel extra included.
        cards: CardCounts,
        /// Points scored.
        points: u16,
    },
    /// Cards turned for a tunnel, and the extra cost they demand.
    TunnelRevealed {
        /// The player who acted.
        seat: Seat,
        /// The tunnel being claimed.
        route: RouteId,
        /// The turned cards (discarded whatever happens).
        turned: Vec<Card>,
        /// Extra cards demanded.
        extra: u8,
    },
    /// A player gave up a tunnel.
    TunnelDeclined {
        /// The player who acted.
        seat: Seat,
        /// The tunnel given up; it stays free.
        route: RouteId,
    },
    /// A player drew tickets to choose from.
    TicketsDrawn {
        /// The player who acted.
        seat: Seat,
        /// How many were drawn (fewer than usual when the ticket deck runs low).
        count: u8,
    },
    /// A player built a station.
    StationBuilt {
        /// The player who acted.
        seat: Seat,
        /// The city the station stands in.
        city: CityId,
        /// The cards paid (they go to the discard pile).
        cards: CardCounts,
    },
    /// A player passed (nothing else was possible).
    Passed {
        /// The player who acted.
        seat: Seat,
    },
    /// The table skipped a player's turn after its deadline passed (what they were in the middle of follows).
    Skipped {
        /// The player skipped.
        seat: Seat,
    },
    /// A player is down to few pieces: everyone gets one more turn.
    FinalRoundStarted {
        /// Who triggered it.
        seat: Seat,
    },
    /// The game is over; final scores are in the views.
    GameOver,
}

/// What only the acting player may learn from their own action: never shown in a channel, only in that player's
/// private reply (built, like every private reply, for that seat alone).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum PrivateEvent {
    /// The card a blind draw gave.
    DrewCard {
        /// The card drawn.
        card: Card,
    },
    /// The tickets a ticket draw offered.
    TicketsOffered {
        /// The tickets to choose from.
        tickets: Vec<TicketId>,
    },
    /// The tickets kept from an offer.
    TicketsKept {
        /// The tickets kept.
        tickets: Vec<TicketId>,
    },
}
