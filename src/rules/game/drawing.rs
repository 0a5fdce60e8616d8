//! Drawing train cards: blind and face up, the second card, refilling the row and the 3-wild reset.

use super::{FACEUP_SLOTS, Game, MAX_RESETS, Step, WILDS_FOR_RESET};
use crate::rules::cards::Card;
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::seat::Seat;

impl Game {
    pub(super) fn cards_left(&self) -> usize {
        self.state.deck.len() + self.state.discard.len()
    }

    pub(super) fn may_take_second(&self, card: Card) -> bool {
        self.map.rules.may_take_second(card)
    }

    pub(super) fn second_card_possible(&self) -> bool {
        self.cards_left() > 0 || self.state.faceup.iter().flatten().any(|&c| self.may_take_second(c))
    }

    pub(super) fn draw_blind(&mut self, seat: Seat, second: bool, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.cards_left() == 0 {
            return Err(RuleError::DeckEmpty);
        }
        let card = self.draw_from_deck(events).expect("checked: a card is left");
        self.state.seats[seat.index()].hand.add(card, 1);
        events.push(Event::DrewBlind { seat });
        self.after_card(second, events);
        Ok(())
    }

    pub(super) fn draw_faceup(
        &mut self,
        seat: Seat,
        slot: u8,
        second: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let slot = usize::from(slot);
        if slot >= FACEUP_SLOTS {
            return Err(RuleError::NoSuchSlot);
        }
        let card = self.state.faceup[slot].ok_or(RuleError::EmptySlot)?;
        let counts_double = card.is_wild() && self.map.rules.wild_faceup_counts_double;
        if second && counts_double {
            return Err(RuleError::WildAsSecondCard(self.map.rules.wild));
        }
        self.state.faceup[slot] = None;
        let me = &mut self.state.seats[seat.index()];
        me.hand.add(card, 1);
        me.known.add(card, 1);
        events.push(Event::DrewFaceup { seat, card });
        self.refill_faceup(events);
        self.after_card(second || counts_double, events);
        Ok(())
    }

    /// After a card is taken: either the turn ends, or the second card is due (when one can be had).
    pub(super) fn after_card(&mut self, turn_done: bool, events: &mut Vec<Event>) {
        self.state.passes_in_a_row = 0;
        if turn_done || !self.second_card_possible() {
            self.end_turn(events);
        } else {
            self.state.step = Step::SecondCard;
        }
    }

    /// The top card of the draw pile, shuffling the discard pile into a new pile when it is empty.
    pub(super) fn draw_from_deck(&mut self, events: &mut Vec<Event>) -> Option<Card> {
        if self.state.deck.is_empty() && !self.state.discard.is_empty() {
            self.state.deck.append(&mut self.state.discard);
            self.state.rng.shuffle(&mut self.state.deck);
            events.push(Event::DeckReshuffled);
        }
        self.state.deck.pop()
    }

    /// Fills empty face-up slots, then resets the row while it shows 3 wild cards and a reset can change that.
    pub(super) fn refill_faceup(&mut self, events: &mut Vec<Event>) {
        for slot in 0..FACEUP_SLOTS {
            if self.state.faceup[slot].is_none() {
                self.state.faceup[slot] = self.draw_from_deck(events);
            }
        }
        for _ in 0..MAX_RESETS {
            let wilds = self.state.faceup.iter().flatten().filter(|c| c.is_wild()).count();
            if wilds < WILDS_FOR_RESET || !self.reset_can_help() {
                return;
            }
            for slot in 0..FACEUP_SLOTS {
                if let Some(card) = self.state.faceup[slot].take() {
                    self.state.discard.push(card);
                }
            }
            events.push(Event::FaceupReset);
            for slot in 0..FACEUP_SLOTS {
                self.state.faceup[slot] = self.draw_from_deck(events);
            }
        }
    }

    /// Whether the cards in play outside the hands could make a row with fewer than 3 wild cards.
    pub(super) fn reset_can_help(&self) -> bool {
        let s = &self.state;
        let pool = s.deck.iter().chain(s.discard.iter()).chain(s.faceup.iter().flatten());
        let (mut total, mut plain) = (0usize, 0usize);
        for c in pool {
            total += 1;
            plain += usize::from(!c.is_wild());
        }
        let row = total.min(FACEUP_SLOTS);
        row.saturating_sub(plain) < WILDS_FOR_RESET
    }
}
