//! Stations (Europe): their rising cost, where they may stand, and building one.

use super::Game;
use super::claiming::Payments;
use crate::rules::action::Action;
use crate::rules::cards::CardCounts;
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::map::CityId;
use crate::rules::seat::Seat;

impl Game {
    pub(super) fn station_cost(&self, seat: Seat) -> Result<u8, RuleError> {
        let rules = &self.map.rules;
        if rules.stations == 0 {
            return Err(RuleError::NoStationsOnMap);
        }
        let me = &self.state.seats[seat.index()];
        if me.stations == 0 {
            return Err(RuleError::NoStationsLeft);
        }
        Ok(rules.station_costs[usize::from(rules.stations - me.stations)])
    }

    /// Every way `seat` could pay for a station in `city` now, fewest wild cards first for each colour; or why it
    /// cannot build there (not its turn, no stations left, a country, a station already there). Empty when the
    /// hand cannot pay. For that seat's eyes only.
    ///
    /// # Errors
    /// The refusal [`Game::apply`] would give for any payment.
    pub fn station_options(&self, seat: Seat, city: CityId) -> Result<Vec<CardCounts>, RuleError> {
        self.check_turn_action(seat)?;
        let cost = self.station_site(seat, city)?;
        let hand = self.state.seats[seat.index()].hand;
        let mut payments = Vec::new();
        let wild_ok = !self.map.rules.wild_only_on_tunnels;
        self.for_each_payment(hand, None, cost, 0, wild_ok, Payments::Every, |cards| {
            payments.push(cards)
        });
        Ok(payments)
    }

    /// Every way `seat` could pay the extra cards of the tunnel it is claiming; empty when it cannot pay them.
    ///
    /// # Errors
    /// `NotYourTurn`, `GameOver`, or `NothingToAnswer` when no tunnel waits for `seat`.
    pub fn tunnel_options(&self, seat: Seat) -> Result<Vec<CardCounts>, RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if seat != self.state.current {
            return Err(RuleError::NotYourTurn);
        }
        if !matches!(self.state.step, super::Step::Tunnel(_)) {
            return Err(RuleError::NothingToAnswer);
        }
        let mut legal = Vec::new();
        self.legal_actions(seat, &mut legal);
        Ok(legal
            .into_iter()
            .filter_map(|a| match a {
                Action::PayTunnel { cards } => Some(cards),
                _ => None,
            })
            .collect())
    }

    /// Whether `seat` may build in `city` (a station left, a real city, none there yet); the cost if so.
    fn station_site(&self, seat: Seat, city: CityId) -> Result<u8, RuleError> {
        let cost = self.station_cost(seat)?;
        if usize::from(city.0) >= self.map.cities.len() || self.map.city(city).country.is_some() {
            return Err(RuleError::NoSuchCity);
        }
        if self.has_station(city) {
            return Err(RuleError::CityHasStation);
        }
        Ok(cost)
    }

    pub(super) fn has_station(&self, city: CityId) -> bool {
        self.state.seats.iter().any(|s| s.station_cities.contains(&city))
    }

    /// Pushes every station `seat` may build now with `which` payments, city by city.
    pub(super) fn push_station_actions(&self, seat: Seat, which: Payments, out: &mut Vec<Action>) {
        let Ok(cost) = self.station_cost(seat) else { return };
        let hand = self.state.seats[seat.index()].hand;
        let mut payments = Vec::new();
        let wild_ok = !self.map.rules.wild_only_on_tunnels;
        self.for_each_payment(hand, None, cost, 0, wild_ok, which, |cards| payments.push(cards));
        if payments.is_empty() {
            return;
        }
        for i in 0..self.map.cities.len() {
            let city = CityId(i as u16);
            if self.map.city(city).country.is_none() && !self.has_station(city) {
                out.extend(payments.iter().map(|&cards| Action::BuildStation { city, cards }));
            }
        }
    }

    pub(super) fn build_station(
        &mut self,
        seat: Seat,
        city: CityId,
        cards: CardCounts,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let cost = self.station_site(seat, city)?;
        let hand = self.state.seats[seat.index()].hand;
        self.check_payment(&hand, None, cost, 0, !self.map.rules.wild_only_on_tunnels, &cards)?;
        let me = &mut self.state.seats[seat.index()];
        me.hand.remove_all(&cards);
        me.known.remove_what_is_there(&cards);
        me.stations -= 1;
        me.station_cities.push(city);
        for (card, n) in cards.iter() {
            self.state.discard.extend(std::iter::repeat_n(card, usize::from(n)));
        }
        self.state.passes_in_a_row = 0;
        events.push(Event::StationBuilt { seat, city, cards });
        self.end_turn(events);
        Ok(())
    }
}
