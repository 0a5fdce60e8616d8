//! What the other seats are likely to hold, from what everyone sees: a player keeps tickets their routes lead
//! towards, so a ticket whose cheapest way that player's routes already cover much of is more likely theirs. The
//! searching player deals the games it plays out with these weights.

use super::plan::{self, Board};
use crate::rules::{Map, Seat, SeatView, TicketId};

/// Weights of every ticket for every seat (1 for the viewing seat and for a seat with no route yet: nothing is
/// known).
///
/// What a better guess could be worth, and what was tried (2026-11-29; positions from 200 games of normal players,
/// every 9th action, in the decision lab; the search given 200 play-outs a decision on USA, 105 on India). Dealing
/// every seat its true tickets, which no player may see, gained +0.0052 a decision on USA (se 0.0014) and +0.0050 on
/// India (se 0.0011): the most a guess could give (on USA roughly 45% of the +0.0119 the search gained over the normal
/// player's moves at 135 play-outs), most of it in the last fifth of the game (+0.023 and +0.022 a decision there;
/// +0.006 and +0.002 in the fifth before). With these weights a holding dealt holds 33% of a seat's true tickets on
/// USA, 22% on India (10% and 7% by chance). Drawing 32 holdings so and keeping one in proportion to e^(-5 x the seat's
/// routes that its tickets' cheapest ways on the empty board leave unexplained), nearly always the one that leaves
/// fewest, held 53% and 40%, and gained about +0.0010 a decision in the lab (se 0.0006; USA +0.0017 and +0.0016, India
/// -0.0012 and +0.0021 on two sets of positions); but in whole games against three normal players at 100 ms, hard won
/// 106 (USA) and 88 (India) of 200, where the build with these weights alone had won 108 and 98 on the same deals
/// (India's fall about 1.5 standard errors): not kept. Two other weights gained nothing on USA in the lab: 2 to the
/// pieces saved (+0.0009, se 0.0011), the squared saving over the ticket's length (-0.0000, se 0.0012). Also tried:
/// holdings judged so only from 0.6 of the game on, the other seats dealt in a random order (in seat order, with fits
/// this sharp, a ticket two seats' routes both suggest goes to the seat dealt first), read +0.0025 (se 0.0012) and
/// +0.0006 (se 0.0010) a decision on USA (positions from the games of seeds 2001-2200 and 1001-1200), -0.0002 (se
/// 0.0008) on India (seeds 1-200); with ways that follow the seat's own routes (its routes costing their pieces, open
/// ones twice as much and a claim) instead of the empty board's, throughout the game, -0.0006 (se 0.0012) on USA and
/// -0.0007 (se 0.0011) on India. In whole games at 1 s on USA (seeds 7-106), judging late holdings together with early
/// turns thinking only 600 play-outs' time (the rest saved for the turns from 0.4 on, shared evenly) won 59 of 100,
/// where this guess alone had won 60: one game apart, far inside the noise (se about 7 games), not kept for want of a
/// gain.
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
