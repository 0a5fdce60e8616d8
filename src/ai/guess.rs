//! What the other seats are likely to hold, from what everyone sees: a player claims routes on the way to their
//! tickets, so a ticket whose cheapest way held a player's claims when they were made is likely theirs. The searching
//! player deals the games it plays out from this guess.

use std::sync::Arc;

use super::plan::{self, Board};
use crate::rules::{DealtGame, DealtTickets, GameRng, Map, Seat, SeatView, TicketId};

/// Weights of every ticket for every seat (1 for the viewing seat and for a seat with no route yet: nothing is known),
/// and what each seat's claims say of whole holdings.
///
/// Each claim is judged on the board as it was just before it (the public order of the claims): a ticket gains
/// [`PER_CLAIM_ON_THE_WAY`] times for each of the seat's claims that lay on its cheapest way then, over a base weight
/// from the board of now (the pieces the seat's routes save on the ticket's way, squared); of [`DEALS_TRIED`] deals of
/// the tickets, the one kept (and then its cards dealt) is chosen by how few of the other seats' claims it leaves off
/// every one of their ways (one game is dealt when no claim of theirs is in the order). Figures, and the guesses
/// tried before and not kept: docs/ai-lab.md, "Ticket guess".
pub(super) struct TicketGuess {
    weights: Vec<Vec<u32>>,
    /// For each seat, for each of its claims in order, which tickets' ways held the claimed route then (see
    /// [`claims_explained`]; nothing for the viewing seat).
    explains: Vec<Vec<Vec<bool>>>,
}

/// How much more likely a ticket is for each claim of the seat's that lay on its way when it was made.
const PER_CLAIM_ON_THE_WAY: u32 = 8;
/// Claims on a ticket's way counted at most.
const MOST_CLAIMS_COUNTED: u32 = 8;
/// Highest weight: beyond it, tickets a seat's claims followed many times weigh alike.
const MOST_WEIGHT: u32 = u32::MAX / 64;
/// Deals of the tickets drawn for each game played out, one kept by how well they explain the other seats' claims.
const DEALS_TRIED: usize = 32;
/// How sharply the kept deal is the one whose tickets leave fewest claims unexplained.
const UNEXPLAINED_STEEPNESS: f64 = 10.0;

impl TicketGuess {
    /// The guess from `view`: for each other seat and ticket, a base weight, the pieces that seat's routes save on
    /// the ticket's cheapest way now (all of them for a ticket its routes complete), squared, over a floor of 1 (ways
    /// planned with pieces left out of account, and other players' routes closed); times [`PER_CLAIM_ON_THE_WAY`]
    /// for each of the seat's claims, up to [`MOST_CLAIMS_COUNTED`], that lay on the ticket's way when it was made
    /// (see [`claims_explained`]); at most [`MOST_WEIGHT`].
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
        let mut weights: Vec<Vec<u32>> = (0..players)
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
        let explains = claims_explained(map, view, &tickets);
        for (row, claims) in weights.iter_mut().zip(&explains) {
            for (t, weight) in row.iter_mut().enumerate() {
                let on_its_way = claims.iter().filter(|explained| explained[t]).count() as u32;
                let factor = u64::from(PER_CLAIM_ON_THE_WAY).pow(on_its_way.min(MOST_CLAIMS_COUNTED));
                *weight = (u64::from(*weight) * factor).min(u64::from(MOST_WEIGHT)) as u32;
            }
        }
        TicketGuess { weights, explains }
    }

    /// Claims of the other seats that the tickets `dealt` gives them leave unexplained (on none of their ways when
    /// the claim was made).
    fn unexplained(&self, dealt: &DealtTickets, viewer: Seat) -> u32 {
        let mut out = 0;
        for (s, claims) in self.explains.iter().enumerate() {
            if s == viewer.index() || claims.is_empty() {
                continue;
            }
            let held = dealt.held(Seat(s as u8));
            out += claims
                .iter()
                .filter(|explained| !held.iter().any(|t| explained[usize::from(t.0)]))
                .count() as u32;
        }
        out
    }

    /// A game dealt from `view`, the other seats' tickets as this guess weighs them: of [`DEALS_TRIED`] deals of the
    /// tickets, one drawn in proportion to e^(-[`UNEXPLAINED_STEEPNESS`] x the claims they leave unexplained), so
    /// nearly always one that leaves fewest, then the cards; a single deal when there is no claim to judge by. `None`
    /// when no game can be dealt from the view.
    pub(super) fn deal(&self, map: &Arc<Map>, view: &SeatView, rng: &mut GameRng) -> Option<DealtGame> {
        let likely = |seat: Seat, ticket: TicketId| self.weight(seat, ticket);
        if self.explains.iter().all(Vec::is_empty) {
            // No claim to judge deals by (early in the game, or a game stored before the order was kept): every
            // deal would fit alike, and one drawn is as likely as the one kept of many.
            return DealtGame::deal_guessing(Arc::clone(map), view, &likely, rng).ok();
        }
        let mut dealt = Vec::with_capacity(DEALS_TRIED);
        for _ in 0..DEALS_TRIED {
            dealt.push(DealtGame::deal_tickets(map, view, &likely, rng).ok()?);
        }
        let left: Vec<f64> = dealt
            .iter()
            .map(|d| f64::from(self.unexplained(d, view.seat)))
            .collect();
        let fewest = left.iter().copied().fold(f64::INFINITY, f64::min);
        let odds: Vec<f64> = left
            .iter()
            .map(|l| (-(l - fewest) * UNEXPLAINED_STEEPNESS).exp())
            .collect();
        let mut pick = (rng.next_u64() as f64 / u64::MAX as f64) * odds.iter().sum::<f64>();
        let last = dealt.len() - 1;
        for (i, (tickets, odd)) in dealt.into_iter().zip(odds).enumerate() {
            if pick < odd || i == last {
                return DealtGame::deal_with_tickets(Arc::clone(map), view, tickets, rng).ok();
            }
            pick -= odd;
        }
        None
    }

    /// How likely `seat` is to hold `ticket`, against its other tickets (at least 1).
    fn weight(&self, seat: Seat, ticket: TicketId) -> u32 {
        self.weights
            .get(seat.index())
            .and_then(|w| w.get(usize::from(ticket.0)))
            .copied()
            .unwrap_or(1)
    }
}

/// For each seat (none for the viewing one), for each of its claims in the order they were made, which tickets (by
/// index) had the claimed route (or its twin) on their cheapest way for that seat, each planned alone, on the board
/// just before the claim: a claim made for a ticket lies on that ticket's way then, however the board has changed
/// since. In a game stored before the order was kept, the routes claimed until then are taken as on the board before
/// every claim in the order. An order that does not fit the board (a route past the map, unclaimed, or named twice:
/// the rules refuse such a game) gives no claim for any seat.
fn claims_explained(map: &Map, view: &SeatView, tickets: &[TicketId]) -> Vec<Vec<Vec<bool>>> {
    let public = &view.public;
    let players = public.seats.len();
    let mut explained = vec![Vec::new(); players];
    // The board before the first claim in the order, and each seat's pieces then.
    let mut owners = public.owners.clone();
    let mut trains: Vec<u8> = public.seats.iter().map(|s| s.trains).collect();
    let mut metros: Vec<u8> = public.seats.iter().map(|s| s.metros).collect();
    for &route in &public.claim_order {
        let (Some(slot), Some(r)) = (
            owners.get_mut(usize::from(route.0)),
            map.routes.get(usize::from(route.0)),
        ) else {
            return vec![Vec::new(); players];
        };
        let Some(seat) = slot.take().filter(|s| s.index() < players) else {
            return vec![Vec::new(); players];
        };
        trains[seat.index()] = trains[seat.index()].saturating_add(r.trains());
        metros[seat.index()] = metros[seat.index()].saturating_add(r.metros());
    }
    for &route in &public.claim_order {
        let Some(seat) = public.owners[usize::from(route.0)] else {
            continue;
        };
        let si = seat.index();
        let r = map.route(route);
        if seat != view.seat {
            let board = Board::new(map, &owners, seat, players, trains[si], metros[si]);
            let twin = r.twin;
            let row = tickets
                .iter()
                .map(|&t| {
                    plan::plan(&board, &[t])
                        .routes
                        .iter()
                        .any(|&p| p == route || Some(p) == twin)
                })
                .collect();
            explained[si].push(row);
        }
        owners[usize::from(route.0)] = Some(seat);
        trains[si] = trains[si].saturating_sub(r.trains());
        metros[si] = metros[si].saturating_sub(r.metros());
    }
    explained
}
