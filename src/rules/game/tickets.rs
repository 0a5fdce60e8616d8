//! Destination tickets: drawing them, and keeping some (at the start, all at once; later, on one's turn).

use super::{Game, Step};
use crate::rules::action::Action;
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::map::TicketId;
use crate::rules::ruleset::UnkeptTickets;
use crate::rules::seat::Seat;
use crate::rules::sets::TicketSet;

impl Game {
    pub(super) fn draw_tickets(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.state.tickets.is_empty() {
            return Err(RuleError::NoTicketsLeft);
        }
        let n = usize::from(self.map.rules.tickets_draw).min(self.state.tickets.len());
        let drawn: Vec<TicketId> = self.state.tickets.drain(..n).collect();
        // Whoever returned these no longer knows where they end up.
        for other in &mut self.state.seats {
            other.returned.retain(|t| !drawn.contains(t));
        }
        self.state.seats[seat.index()].offer = drawn;
        self.state.step = Step::KeepTickets;
        self.state.passes_in_a_row = 0;
        events.push(Event::TicketsDrawn { seat, count: n as u8 });
        Ok(())
    }

    pub(super) fn keep_tickets(
        &mut self,
        seat: Seat,
        keep: TicketSet,
        starting: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let rules = &self.map.rules;
        let me = &self.state.seats[seat.index()];
        if me.offer.is_empty() {
            return Err(if starting {
                RuleError::AlreadyChoseTickets
            } else {
                RuleError::NothingToAnswer
            });
        }
        if !keep.is_subset(TicketSet::from_ids(me.offer.iter().copied())) {
            return Err(RuleError::TicketNotOffered);
        }
        let least = if starting {
            rules.tickets_keep
        } else {
            rules.tickets_draw_keep
        };
        let min = usize::from(least).min(me.offer.len());
        if keep.len() < min {
            return Err(RuleError::KeepMore { min: min as u8 });
        }
        let policy = if starting {
            rules.unkept_tickets.initial()
        } else {
            rules.unkept_tickets.draw()
        };
        let me = &mut self.state.seats[seat.index()];
        let offer = std::mem::take(&mut me.offer);
        let (kept, returned): (Vec<TicketId>, Vec<TicketId>) = offer.into_iter().partition(|&t| keep.contains(t));
        me.tickets.extend_from_slice(&kept);
        events.push(Event::TicketsKept {
            seat,
            kept: kept.len() as u8,
            returned: returned.len() as u8,
        });
        me.returned.extend_from_slice(&returned);
        match policy {
            UnkeptTickets::Bottom => self.state.tickets.extend(returned),
            UnkeptTickets::Removed => self.state.removed_tickets.extend(returned),
        }
        if !starting {
            self.end_turn(events);
        } else if self.state.seats.iter().all(|s| s.offer.is_empty()) {
            self.state.step = Step::Turn;
            events.push(Event::GameStarted {
                first: self.state.current,
            });
        }
        Ok(())
    }
}

/// Every subset of `offer` with at least `least` tickets (all of them when fewer are offered).
pub(super) fn push_ticket_choices(offer: &[TicketId], least: usize, out: &mut Vec<Action>) {
    let min = least.min(offer.len());
    for mask in 1u32..(1 << offer.len()) {
        if (mask.count_ones() as usize) < min {
            continue;
        }
        let tickets = TicketSet::from_ids(
            offer
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, &t)| t),
        );
        out.push(Action::KeepTickets { tickets });
    }
}
