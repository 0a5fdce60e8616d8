//! `RuleError`: why an action was refused, as the sentence the player reads.

use std::fmt;

use super::cards::{Color, WildName};

/// Which decision the game is waiting for, when an action does not answer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// Everyone is choosing starting tickets.
    StartingTickets,
    /// The player drew one card and must take a second.
    SecondCard,
    /// The player must choose which drawn tickets to keep.
    KeepTickets,
    /// The player must pay for the tunnel or give it up.
    Tunnel,
}

/// Why an action was refused. The game is unchanged. `Display` is the sentence the player reads;
/// [`RuleError::code`] is a stable snake_case name for tools and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The game has ended.
    GameOver,
    /// The seat is not at this table.
    NoSuchSeat,
    /// Another player is to act.
    NotYourTurn,
    /// The game is waiting for a different decision.
    DecisionPending(Waiting),
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
        /// What was missing, e.g. "3 blue".
        missing: String,
        /// What the hand holds of it, e.g. "2".
        have: u8,
    },
    /// A tunnel's extra payment must be of the laid colour or wild.
    WrongTunnelPayment {
        /// Cards demanded.
        need: u8,
        /// Which cards count, e.g. "red cards or locomotives".
        allowed: String,
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
    /// The stable snake_case name of the variant (listed in the README).
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

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver => write!(f, "The game is over."),
            RuleError::NoSuchSeat => write!(f, "You are not playing in this game."),
            RuleError::NotYourTurn => write!(f, "It is not your turn."),
            RuleError::DecisionPending(Waiting::StartingTickets) => {
                write!(
                    f,
                    "Everyone is still choosing starting tickets; the first turn starts when all have chosen."
                )
            }
            RuleError::DecisionPending(Waiting::SecondCard) => {
                write!(f, "You drew one card; take your second card now.")
            }
            RuleError::DecisionPending(Waiting::KeepTickets) => {
                write!(f, "Choose which of the drawn tickets to keep first.")
            }
            RuleError::DecisionPending(Waiting::Tunnel) => {
                write!(f, "Pay the tunnel's extra cards or give it up first.")
            }
            RuleError::NothingToAnswer => write!(f, "There is nothing to answer right now."),
            RuleError::AlreadyChoseTickets => {
                write!(f, "You already chose your tickets; waiting for the others.")
            }
            RuleError::NoSuchSlot => write!(f, "There are only 5 face-up cards (slots 1 to 5)."),
            RuleError::EmptySlot => write!(f, "That face-up slot is empty."),
            RuleError::WildAsSecondCard(wild) => {
                write!(f, "A face-up {wild} cannot be your second card.")
            }
            RuleError::DeckEmpty => write!(f, "The draw pile and the discard pile are both empty."),
            RuleError::NoSuchRoute => write!(f, "There is no such route on this map."),
            RuleError::RouteTaken => write!(f, "That route is already taken."),
            RuleError::DoubleClosed { players, needed } => write!(
                f,
                "With {players} players only one track of a double route may be used, and the other one is taken (both open from {needed} players)."
            ),
            RuleError::OwnsTwin => {
                write!(f, "You already own the other track of this double route.")
            }
            RuleError::NotEnoughTrains { need, have } => {
                write!(f, "That route takes {need} trains; you have {have} left.")
            }
            RuleError::NoMetroLeft => write!(f, "You have no metro car left for a metro route."),
            RuleError::WrongCardCount { need, given } => {
                write!(f, "That costs {need} cards; you offered {given}.")
            }
            RuleError::MixedColors => {
                write!(f, "Pay with cards of one colour (wild cards may join them).")
            }
            RuleError::WrongColor { route, given } => {
                write!(f, "That route is {route}; you offered {given} cards.")
            }
            RuleError::WildNotAllowed(wild) => {
                write!(f, "A {wild} can only be played on a tunnel on this map.")
            }
            RuleError::FerryNeedsWilds { wild, need, given } => write!(
                f,
                "That ferry needs at least {need} {wild}{}; you offered {given}.",
                if *need == 1 { "" } else { "s" }
            ),
            RuleError::CardsNotInHand { missing, have } => {
                write!(f, "You need {missing} cards; you have {have}.")
            }
            RuleError::WrongTunnelPayment { need, allowed } => {
                write!(f, "The tunnel needs {need} more: {allowed}.")
            }
            RuleError::NoTicketsLeft => write!(f, "There are no destination tickets left."),
            RuleError::KeepMore { min } => write!(f, "Keep at least {min} ticket{}.", if *min == 1 { "" } else { "s" }),
            RuleError::TicketNotOffered => {
                write!(f, "You can only keep tickets you were offered.")
            }
            RuleError::NoStationsOnMap => write!(f, "This map has no stations."),
            RuleError::NoStationsLeft => write!(f, "You have no station left."),
            RuleError::NoSuchCity => write!(f, "There is no such city on this map."),
            RuleError::CityHasStation => write!(f, "That city already has a station."),
            RuleError::PassNotAllowed => {
                write!(f, "You can only pass when there is nothing else you can do.")
            }
        }
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
