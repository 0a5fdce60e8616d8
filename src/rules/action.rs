//! The one `Action` enum: everything a player can do, as data.

use serde::{Deserialize, Serialize};

use super::cards::CardCounts;
use super::map::{CityId, RouteId};
use super::sets::TicketSet;

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
        /// The track (one of a double's two).
        route: RouteId,
        /// The cards laid: one colour (the route's, if it has one) plus wild cards.
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
        /// The city; it must have no station yet.
        city: CityId,
        /// The cards paid: the station's cost in one colour plus wild cards.
        cards: CardCounts,
    },
    /// Do nothing: legal only when no other action is.
    Pass,
    /// The table moves past a seat that let its turn's deadline pass. Whatever the seat was in the middle of ends
    /// the way that costs it least (a tunnel given up, a second card forgone, offered tickets: the fewest it may
    /// keep, those worth least), and the turn passes. Never among a seat's legal actions: the people at the table
    /// choose it, not the seat's player.
    Skip,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::TicketId;
    use crate::rules::cards::Color;

    #[test]
    fn every_action_survives_a_json_round_trip() {
        let cards = CardCounts::of(Some(Color::Red), 2, 1);
        let actions = [
            Action::DrawBlind,
            Action::DrawFaceup { slot: 4 },
            Action::Claim {
                route: RouteId(77),
                cards,
            },
            Action::PayTunnel { cards },
            Action::DeclineTunnel,
            Action::DrawTickets,
            Action::KeepTickets {
                tickets: TicketSet::from_ids([TicketId(0), TicketId(45), TicketId(127), TicketId(255)]),
            },
            Action::BuildStation { city: CityId(3), cards },
            Action::Pass,
            Action::Skip,
        ];
        for action in actions {
            let json = serde_json::to_string(&action).unwrap();
            assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action, "{json}");
        }
        let keep = serde_json::to_string(&actions[6]).unwrap();
        assert_eq!(keep, r#"{"do":"keep_tickets","tickets":[0,45,127,255]}"#);
        assert!(serde_json::from_str::<Action>(r#"{"do":"keep_tickets","tickets":[256]}"#).is_err());
    }
}
