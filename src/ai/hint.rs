//! A hint for a person learning the game: the move the hard player would make from that person's seat, with the
//! reason for it as data (the text layer words it). Like every computer player it sees only the seat's view.

use std::sync::Arc;

use super::search::{SearchPlayer, Think};
use super::{Player, Sight};
use crate::rules::{Action, Card, GameRng, Map, RouteId, SeatView, TicketId};

/// The move suggested and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move, one of the legal actions it was given.
    pub action: Action,
    /// Why, in terms of the seat's own tickets and hand.
    pub reason: Reason,
}

/// Why a move is suggested.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The route lies on the cheapest way still open for one of the seat's tickets.
    OnTheWay {
        /// The route claimed.
        route: RouteId,
        /// The ticket it helps complete.
        ticket: TicketId,
    },
    /// The seat's tickets are done or out of reach: the route is for its points.
    Points {
        /// The route claimed.
        route: RouteId,
        /// What it scores.
        points: u16,
    },
    /// A face-up card of a colour the seat's planned routes still lack.
    Collect {
        /// The card taken.
        card: Card,
        /// A planned route that needs it.
        route: Option<RouteId>,
    },
    /// No face-up card helps more than a card from the pile.
    Blind,
    /// Time enough to finish more tickets.
    MoreTickets,
    /// The tickets kept: what the seat can finish with the pieces and time it has.
    Keep {
        /// How many are kept.
        kept: usize,
        /// Pieces the plan for all its tickets then takes.
        pieces: u32,
        /// Pieces the seat has left.
        pieces_left: u32,
    },
    /// Paying for a tunnel, or giving it up.
    Tunnel {
        /// Whether to pay.
        pay: bool,
    },
    /// A station, to use another player's route for a ticket.
    Station,
    /// Nothing else is possible.
    Pass,
}

/// The hard player's move for the seat whose view this is, thinking for `think`, with its reason. `legal` must be
/// the seat's legal actions (not empty). The same view, legal actions, budget in play-outs and `rng` give the same
/// hint: it depends on nothing the seat cannot see.
pub fn hint(map: &Arc<Map>, view: &SeatView, legal: &[Action], think: Think, rng: &mut GameRng) -> Hint {
    let action = SearchPlayer { think }.choose(map, view, legal, rng);
    Hint {
        action,
        reason: reason_for(map, view, action),
    }
}

/// Why `action` is a good move from this view, as far as the seat's plan tells.
fn reason_for(map: &Map, view: &SeatView, action: Action) -> Reason {
    let sight = Sight::new(map, view);
    match action {
        Action::Claim { route, .. } => match ticket_served_by(&sight, route) {
            Some(ticket) => Reason::OnTheWay { route, ticket },
            None => Reason::Points {
                route,
                points: map.route(route).points,
            },
        },
        Action::DrawFaceup { slot } => match view.public.faceup[usize::from(slot)] {
            Some(card) => Reason::Collect {
                card,
                route: sight.targets.iter().copied().find(|&r| route_takes(map, r, card)),
            },
            None => Reason::Blind,
        },
        Action::DrawBlind => Reason::Blind,
        Action::DrawTickets => Reason::MoreTickets,
        Action::KeepTickets { tickets } => {
            let mut all: Vec<TicketId> = view.tickets.iter().filter(|(_, done)| !done).map(|&(t, _)| t).collect();
            all.extend(tickets.ids());
            Reason::Keep {
                kept: tickets.len(),
                pieces: super::plan::plan(&sight.board, &all).pieces,
                pieces_left: sight.trains_left(),
            }
        }
        Action::PayTunnel { .. } => Reason::Tunnel { pay: true },
        Action::DeclineTunnel => Reason::Tunnel { pay: false },
        Action::BuildStation { .. } => Reason::Station,
        Action::Pass | Action::Skip => Reason::Pass,
    }
}

/// The open ticket whose own cheapest way uses `route` (the most valuable, when several do).
fn ticket_served_by(sight: &Sight<'_>, route: RouteId) -> Option<TicketId> {
    sight
        .view
        .tickets
        .iter()
        .filter(|(_, done)| !done)
        .map(|&(t, _)| t)
        .filter(|&t| super::plan::plan(&sight.board, &[t]).routes.contains(&route))
        .max_by_key(|&t| (sight.map.ticket(t).lowest(), std::cmp::Reverse(t)))
        .or_else(|| {
            // A route of the combined plan that no ticket's own way takes still serves the plan as a whole: name
            // the most valuable open ticket.
            sight.plan.routes.contains(&route).then(|| {
                sight
                    .view
                    .tickets
                    .iter()
                    .filter(|(_, done)| !done)
                    .map(|&(t, _)| t)
                    .max_by_key(|&t| (sight.map.ticket(t).lowest(), std::cmp::Reverse(t)))
            })?
        })
}

/// Whether `card` pays for `route` (its colour, or any colour on a gray route; a wild card for any).
fn route_takes(map: &Map, route: RouteId, card: Card) -> bool {
    card.is_wild() || map.route(route).color.is_none_or(|c| c.card() == card)
}
