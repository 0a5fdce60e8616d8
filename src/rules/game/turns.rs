//! The end of a turn: the forced pass, the final round and the end of the game.

use super::claiming::Payments;
use super::{Game, Step};
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::map::{CityId, RouteId};
use crate::rules::seat::Seat;
use crate::rules::sets::TicketSet;

impl Game {
    /// Whether the current seat has any action besides passing (short-circuits, unlike `legal_actions`).
    pub(super) fn can_do_something(&self, seat: Seat) -> bool {
        if self.cards_left() > 0 || self.state.faceup.iter().any(Option::is_some) || !self.state.tickets.is_empty() {
            return true;
        }
        let hand = self.state.seats[seat.index()].hand;
        let can_pay = |color, cost, ferry, wild_ok| {
            let mut any = false;
            // Whether there is a way to pay, not which: the fewest ways listed answer it.
            self.for_each_payment(hand, color, cost, ferry, wild_ok, Payments::FewestWilds, |_| any = true);
            any
        };
        let claim = self.map.routes.iter().enumerate().any(|(i, r)| {
            self.claim_block(seat, RouteId(i as u16)).is_none()
                && can_pay(r.color, r.cost, r.ferry, self.wild_allowed(r))
        });
        claim
            || self.station_cost(seat).is_ok_and(|cost| {
                can_pay(None, cost, 0, !self.map.rules.wild_only_on_tunnels)
                    && self
                        .map
                        .cities
                        .iter()
                        .enumerate()
                        .any(|(i, c)| c.country.is_none() && !self.has_station(CityId(i as u16)))
            })
    }

    pub(super) fn pass(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.can_do_something(seat) {
            return Err(RuleError::PassNotAllowed);
        }
        self.state.passes_in_a_row += 1;
        events.push(Event::Passed { seat });
        self.end_turn(events);
        Ok(())
    }

    /// The table skips `seat` (see [`crate::rules::Action::Skip`]): a pending choice is settled the way that costs the seat
    /// least, and its turn ends. Skipped turns do not count as passes: only passing can end a game that is stuck.
    pub(super) fn skip(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let offer = &self.state.seats[seat.index()].offer;
        if self.state.step == Step::StartingTickets && offer.is_empty() {
            return Err(RuleError::AlreadyChoseTickets);
        }
        events.push(Event::Skipped { seat });
        match &self.state.step {
            Step::StartingTickets | Step::KeepTickets => {
                let starting = self.state.step == Step::StartingTickets;
                let rules = &self.map.rules;
                let least = usize::from(if starting {
                    rules.tickets_keep
                } else {
                    rules.tickets_draw_keep
                });
                let mut cheapest = offer.clone();
                // Stable: among tickets worth the same, the first offered.
                cheapest.sort_by_key(|&t| self.map.tickets[usize::from(t.0)].lowest());
                let keep = TicketSet::from_ids(cheapest.into_iter().take(least));
                self.keep_tickets(seat, keep, starting, events)
            }
            Step::Tunnel(_) => self.decline_tunnel(seat, events),
            Step::Turn | Step::SecondCard => {
                self.end_turn(events);
                Ok(())
            }
            Step::Over => Err(RuleError::GameOver),
        }
    }

    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let seat = self.state.current;
        // A stored turn count is not checked against anything; it must never wrap.
        self.state.turn = self.state.turn.saturating_add(1);
        let players = self.players();
        let finished = match self.state.final_turns_left {
            Some(left) => {
                self.state.final_turns_left = Some(left - 1);
                left == 1
            }
            None => {
                if self.state.seats[seat.index()].pieces() <= u16::from(self.map.rules.end_at) {
                    self.state.final_turns_left = Some(players as u8);
                    events.push(Event::FinalRoundStarted { seat });
                }
                false
            }
        };
        if finished || usize::from(self.state.passes_in_a_row) >= players {
            self.state.step = Step::Over;
            events.push(Event::GameOver);
            return;
        }
        self.state.current = Seat(((seat.index() + 1) % players) as u8);
        self.state.step = Step::Turn;
    }
}
