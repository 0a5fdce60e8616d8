//! What the other seats are likely to hold, from what everyone sees: a player keeps tickets their routes lead
//! towards, so a ticket whose cheapest way that player's routes already cover much of is more likely theirs. The
//! searching player deals the games it plays out with these weights.

use super::plan::{self, Board};
use crate::rules::{Map, Seat, SeatView, TicketId};

/// Weights of every ticket for every seat (1 for the viewing seat and for a seat with no route yet: nothing is
/// known).
pub(super) struct TicketGuess {
    weights: Vec<Vec<u32>>,
}

impl TicketGuess {
    /// The guess from `view`: for each other seat and ticket, the pieces that seat's routes save on the ticket's
    /// cheapest way (all of them for a ticket its routes complete), squared, over a floor of 1. Ways are planned
    /// with pieces left out of account, and other players' routes closed.
    pub(super) fn new(map: &Map, view: &SeatView) -> TicketGuess {
        let public = &view.public;
        let players = public.seats.len();
        let tickets: Vec<TicketId> = (0..map.tickets.len()).map(|t| TicketId(t as u16)).collect();
        let pieces = |board: &Board<'_>, t: TicketId| {
            let plan = plan::plan(board, &[t]);
            plan.hopeless.is_empty().then_some(plan.pieces)
        };
        let nobody = vec![None; map.routes.len()];
        let empty = Board::new(map, &nobody, view.seat, players, u8::MAX, u8::MAX);
        let mut from_scratch: Option<Vec<Option<u32>>> = None;
        let weights = (0..players)
            .map(|s| {
                let seat = Seat(s as u8);
                if seat == view.seat || !public.owners.contains(&Some(seat)) {
                    return vec![1; tickets.len()];
                }
                let scratch = from_scratch.get_or_insert_with(|| tickets.iter().map(|&t| pieces(&empty, t)).collect());
                let board = Board::new(map, &public.owners, seat, players, u8::MAX, u8::MAX);
                tickets
                    .iter()
                    .map(|&t| {
                        let saved = match (scratch[usize::from(t.0)], pieces(&board, t)) {
                            (Some(scratch), Some(now)) => scratch.saturating_sub(now),
                            _ => 0,
                        };
                        1 + saved * saved
                    })
                    .collect()
            })
            .collect();
        TicketGuess { weights }
    }

    /// How likely `seat` is to hold `ticket`, against its other tickets (at least 1).
    pub(super) fn weight(&self, seat: Seat, ticket: TicketId) -> u32 {
        self.weights
            .get(seat.index())
            .and_then(|w| w.get(usize::from(ticket.0)))
            .copied()
            .unwrap_or(1)
    }
}
