//! A hint for a person learning the game: the move the hard player would make from that person's seat, with the
//! reason for it as data (the text layer words it). Like every computer player it sees only the seat's view.

use std::sync::Arc;

use super::search::{Overruled, SearchPlayer, Think};
use super::sight::Sight;
use crate::rules::{Action, Card, Color, GameRng, Map, RouteId, SeatView, TicketId};

/// The move suggested and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move, one of the legal actions it was given.
    pub action: Action,
    /// Why, in terms of the seat's own tickets and hand.
    pub reason: Reason,
    /// When playing games out from here chose it over the plain plan's move: that move, and on how many games.
    pub overruled: Option<Overruled>,
}

/// Why a move is suggested.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The route lies on the cheapest way still open for one of the seat's tickets (that ticket's own way).
    OnTheWay {
        /// The route claimed.
        route: RouteId,
        /// The ticket it helps complete.
        ticket: TicketId,
    },
    /// The route is claimed for its points (no ticket's own way uses it).
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
        /// A planned route the plan pays in this colour (the planned routes together lack cards of it).
        route: RouteId,
    },
    /// A face-up wild card, which pays for any colour.
    Wild,
    /// A face-up card no planned route lacks: more cards of one colour keep the longest routes in reach.
    Stock,
    /// No face-up card helps more than a card from the pile.
    Blind,
    /// Time enough to finish more tickets.
    MoreTickets,
    /// The tickets kept: what the seat can finish with the pieces and time it has.
    Keep {
        /// How many are kept.
        kept: usize,
        /// Points the kept tickets are worth.
        value: u32,
        /// Pieces the plan for all its tickets then takes.
        pieces: u32,
        /// Pieces the seat has left.
        pieces_left: u32,
    },
    /// Paying a tunnel's extra cards: the route is finished, and giving up would waste the turn.
    PayTunnel,
    /// Giving a tunnel up: the hand cannot pay the extra cards.
    CannotPayTunnel,
    /// A station, to use another player's route for a ticket.
    Station,
    /// Nothing else is possible.
    Pass,
}

/// The hard player's move for the seat whose view this is, thinking for `think`, with its reason. `legal` must be
/// the seat's legal actions (not empty). The same view, legal actions, budget in play-outs and `rng` give the same
/// hint: it depends on nothing the seat cannot see.
pub fn hint(map: &Arc<Map>, view: &SeatView, legal: &[Action], think: Think, rng: &mut GameRng) -> Hint {
    let (action, overruled) = SearchPlayer::once(think).decide(map, view, legal, rng);
    Hint {
        action,
        reason: reason_for(map, view, action),
        overruled,
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
            Some(card) if card.is_wild() => Reason::Wild,
            Some(card) => {
                // The route named is one the plan pays in this colour (a gray route only when the plan pays it so),
                // a route of the colour first.
                let lacking = sight.shortfall()[card.index()] > 0;
                let route = sight
                    .targets
                    .iter()
                    .copied()
                    .filter(|&r| sight.paid_in(r).map(Color::card) == Some(card))
                    .min_by_key(|&r| map.route(r).color.is_none());
                match route {
                    Some(route) if lacking => Reason::Collect { card, route },
                    _ => Reason::Stock,
                }
            }
            None => Reason::Blind,
        },
        Action::DrawBlind => Reason::Blind,
        Action::DrawTickets => Reason::MoreTickets,
        Action::KeepTickets { tickets } => {
            let mut all = sight.open_tickets();
            all.extend(tickets.ids());
            Reason::Keep {
                kept: tickets.len(),
                value: tickets.ids().map(|t| u32::from(map.ticket(t).lowest())).sum(),
                pieces: super::plan::plan(&sight.board, &all).pieces,
                pieces_left: sight.trains_left(),
            }
        }
        // The hard player does not search a tunnel's payment: it pays whenever it can, as the normal player does.
        Action::PayTunnel { .. } => Reason::PayTunnel,
        Action::DeclineTunnel => Reason::CannotPayTunnel,
        Action::BuildStation { .. } => Reason::Station,
        Action::Pass | Action::Skip => Reason::Pass,
    }
}

/// The open ticket whose own cheapest way uses `route` (the most valuable, when several do).
fn ticket_served_by(sight: &Sight<'_>, route: RouteId) -> Option<TicketId> {
    sight
        .open_tickets()
        .into_iter()
        .filter(|&t| super::plan::plan(&sight.board, &[t]).routes.contains(&route))
        .max_by_key(|&t| (sight.map.ticket(t).lowest(), std::cmp::Reverse(t)))
}
