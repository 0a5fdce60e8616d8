//! `RuleError`: why an action was refused, as data (the sentence a player reads is built by `crate::text`).

use std::fmt;

use super::cards::{Card, Color, WildName};
use super::step::Step;

/// Why an action was refused. The game is unchanged. The variant and its data say everything a sentence needs, in
/// any language; [`RuleError::code`] (also its `Display`) is a stable snake_case name for tools, logs and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The game has ended.
    GameOver,
    /// The seat is not at this table.
    NoSuchSeat,
    /// Another player is to act.
    NotYourTurn,
    /// The game is waiting for a different decision: this one.
    DecisionPending(Step),
    /// The action answers a decision that is not open.
    NothingToAnswer,
    /// The player already chose starting tickets.
    AlreadyChoseTickets,
    /// No such face-up slot.
    NoSuchSlot,
    /// The face-up slot is empty.
    EmptySlot,
    /// A face-up wild card may not be the second card.
    WildAsSecondCard(WildName),
    /// Draw pile and discard pile are both empty.
    DeckEmpty,
    /// No such route.
    NoSuchRoute,
    /// Someone owns the route.
    RouteTaken,
    /// The other track of this double is taken and doubles are closed at this player count.
    DoubleClosed {
        /// Players at the table.
        players: u8,
        /// Players needed to use both tracks.
        needed: u8,
    },
    /// The player owns the other track of this double.
    OwnsTwin,
    /// Not enough trains (or trams).
    NotEnoughTrains {
        /// Trains the route takes.
        need: u8,
        /// Trains left.
        have: u8,
    },
    /// No metro car left.
    NoMetroLeft,
    /// The payment has the wrong number of cards.
    WrongCardCount {
        /// Cards due.
        need: u8,
        /// Cards offered.
        given: u32,
    },
    /// The payment mixes colours.
    MixedColors,
    /// The payment's colour is not the route's.
    WrongColor {
        /// The route's colour.
        route: Color,
        /// The colour offered.
        given: Color,
    },
    /// Wild cards may not pay for this (Switzerland: only tunnels).
    WildNotAllowed(WildName),
    /// A ferry needs more wild cards.
    FerryNeedsWilds {
        /// The wild card's name.
        wild: WildName,
        /// Wilds required.
        need: u8,
        /// Wilds offered.
        given: u8,
    },
    /// The hand does not hold the cards offered.
    CardsNotInHand {
        /// The first kind of card short.
        card: Card,
        /// How many of it the payment needs.
        need: u8,
        /// How many of it the hand holds.
        have: u8,
    },
    /// A tunnel's extra payment must be of the laid colour or wild.
    WrongTunnelPayment {
        /// Cards demanded.
        need: u8,
        /// The colour laid, whose cards count besides wild cards; `None` when only wild cards were laid.
        color: Option<Color>,
        /// The wild card's name.
        wild: WildName,
    },
    /// The ticket deck is empty.
    NoTicketsLeft,
    /// Too few tickets kept.
    KeepMore {
        /// Least to keep.
        min: u8,
    },
    /// A ticket kept was not among those offered.
    TicketNotOffered,
    /// The map has no stations.
    NoStationsOnMap,
    /// The player has no station left.
    NoStationsLeft,
    /// No such city.
    NoSuchCity,
    /// The city already has a station.
    CityHasStation,
    /// Passing is only allowed when nothing else is.
    PassNotAllowed,
}

impl RuleError {
    /// The stable snake_case name of the variant (listed in docs/players-guide.md).
    pub fn code(&self) -> &'static str {
        match self {
            RuleError::GameOver => "game_over",
            RuleError::NoSuchSeat => "no_such_seat",
            RuleError::NotYourTurn => "not_your_turn",
            RuleError::DecisionPending(_) => "decision_pending",
            RuleError::NothingToAnswer => "nothing_to_answer",
            RuleError::AlreadyChoseTickets => "already_chose_tickets",
            RuleError::NoSuchSlot => "no_such_slot",
            RuleError::EmptySlot => "empty_slot",
            RuleError::WildAsSecondCard(_) => "wild_as_second_card",
            RuleError::DeckEmpty => "deck_empty",
            RuleError::NoSuchRoute => "no_such_route",
            RuleError::RouteTaken => "route_taken",
            RuleError::DoubleClosed { .. } => "double_closed",
            RuleError::OwnsTwin => "owns_twin",
            RuleError::NotEnoughTrains { .. } => "not_enough_trains",
            RuleError::NoMetroLeft => "no_metro_left",
            RuleError::WrongCardCount { .. } => "wrong_card_count",
            RuleError::MixedColors => "mixed_colors",
            RuleError::WrongColor { .. } => "wrong_color",
            RuleError::WildNotAllowed(_) => "wild_not_allowed",
            RuleError::FerryNeedsWilds { .. } => "ferry_needs_wilds",
            RuleError::CardsNotInHand { .. } => "cards_not_in_hand",
            RuleError::WrongTunnelPayment { .. } => "wrong_tunnel_payment",
            RuleError::NoTicketsLeft => "no_tickets_left",
            RuleError::KeepMore { .. } => "keep_more",
            RuleError::TicketNotOffered => "ticket_not_offered",
            RuleError::NoStationsOnMap => "no_stations_on_map",
            RuleError::NoStationsLeft => "no_stations_left",
            RuleError::NoSuchCity => "no_such_city",
            RuleError::CityHasStation => "city_has_station",
            RuleError::PassNotAllowed => "pass_not_allowed",
        }
    }

    /// Every code, for documentation and tests.
    pub const CODES: [&'static str; 31] = [
        "game_over",
        "no_such_seat",
        "not_your_turn",
        "decision_pending",
        "nothing_to_answer",
        "already_chose_tickets",
        "no_such_slot",
        "empty_slot",
        "wild_as_second_card",
        "deck_empty",
        "no_such_route",
        "route_taken",
        "double_closed",
        "owns_twin",
        "not_enough_trains",
        "no_metro_left",
        "wrong_card_count",
        "mixed_colors",
        "wrong_color",
        "wild_not_allowed",
        "ferry_needs_wilds",
        "cards_not_in_hand",
        "wrong_tunnel_payment",
        "no_tickets_left",
        "keep_more",
        "ticket_not_offered",
        "no_stations_on_map",
        "no_stations_left",
        "no_such_city",
        "city_has_station",
        "pass_not_allowed",
    ];
}

/// The stable code: logs and tools read it; players read `crate::text`'s sentence instead.
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl std::error::Error for RuleError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_listed_once() {
        let mut codes = RuleError::CODES.to_vec();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), RuleError::CODES.len());
    }
}
