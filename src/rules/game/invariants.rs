//! The one validator of a position: conservation of cards, tickets and pieces, one owner per route, and a
//! pending decision that can be answered. New games, stored snapshots, replay positions and scored positions all
//! pass through it, so a position the engine accepts never makes it overflow, panic or hang.

use super::{Game, Step, TUNNEL_CARDS, TunnelClaim};
use crate::rules::cards::{CARD_KINDS, Card};
use crate::rules::map::{CityId, RouteId, TicketId};
use crate::rules::seat::Seat;
use crate::rules::sets::RouteSet;

impl Game {
    /// Checks that the position is one the rules could have reached: every card, ticket and piece accounted for
    /// exactly once, routes owned once and scored right, stations where they may stand, and a pending decision that
    /// makes sense. The property tests call this after every action.
    ///
    /// # Errors
    /// A sentence naming the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_table()?;
        self.check_cards()?;
        self.check_tickets()?;
        self.check_routes()?;
        for seat in 0..self.players() {
            self.check_seat(Seat(seat as u8))?;
        }
        self.check_stations()?;
        self.check_counters()?;
        self.check_pending()
    }

    /// The map, the number of players and the current seat.
    fn check_table(&self) -> Result<(), String> {
        let (map, s) = (&self.map, &self.state);
        if s.map != map.id {
            return Err(format!("the state is for map \"{}\", not \"{}\"", s.map, map.id));
        }
        let players = s.seats.len();
        let rules = &map.rules;
        if players < usize::from(rules.min_players) || players > usize::from(rules.max_players) {
            let who = if players == 1 {
                "1 player does".to_string()
            } else {
                format!("{players} players do")
            };
            return Err(format!(
                "{who} not fit {} ({} to {})",
                map.name, rules.min_players, rules.max_players
            ));
        }
        if s.owners.len() != map.routes.len() {
            return Err("the route owners do not match the map".into());
        }
        if s.current.index() >= players {
            return Err("the current seat is not at the table".into());
        }
        Ok(())
    }

    /// Per kind, the cards in the piles, the face-up row and the hands add up to the map's deck. Counted wide, so
    /// no count can wrap however many cards a position lists.
    fn check_cards(&self) -> Result<(), String> {
        let s = &self.state;
        let rules = &self.map.rules;
        let mut counts = [0u64; CARD_KINDS];
        for c in s.deck.iter().chain(&s.discard).chain(s.faceup.iter().flatten()) {
            counts[c.index()] += 1;
        }
        for seat in &s.seats {
            for (i, n) in seat.hand.0.iter().enumerate() {
                counts[i] += u64::from(*n);
            }
        }
        for (i, &n) in counts.iter().enumerate() {
            let card = Card::from_index(i).expect("index in range");
            let expected = match card.color() {
                None => u64::from(rules.wild_cards),
                Some(c) if rules.deck_colors.contains(&c) => u64::from(rules.cards_per_color),
                Some(_) => 0,
            };
            if n != expected {
                return Err(format!(
                    "there are {n} {} cards in play; the map has {expected}",
                    card.name(rules.wild)
                ));
            }
        }
        Ok(())
    }

    /// Each ticket card exactly once: in the deck, out of the game, kept or offered; a ticket a player remembers
    /// returning in the deck or out of the game, remembered by one player only.
    fn check_tickets(&self) -> Result<(), String> {
        let (map, s) = (&self.map, &self.state);
        let mut seen = vec![false; map.tickets.len()];
        let held = s.seats.iter().flat_map(|seat| seat.tickets.iter().chain(&seat.offer));
        for t in s.tickets.iter().chain(&s.removed_tickets).chain(held) {
            let slot = seen
                .get_mut(usize::from(t.0))
                .ok_or("a ticket that is not on the map")?;
            if *slot {
                return Err(format!("ticket {} appears twice", map.ticket_label(*t)));
            }
            *slot = true;
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(format!("ticket {} is missing", map.ticket_label(TicketId(i as u16))));
        }
        // A returned ticket is remembered by the one player who last returned it, once, while it is in the deck or
        // out of the game.
        let mut remembered = vec![false; map.tickets.len()];
        for t in s.seats.iter().flat_map(|seat| &seat.returned) {
            let label = || map.ticket_label(*t);
            let slot = remembered
                .get_mut(usize::from(t.0))
                .ok_or("a ticket that is not on the map")?;
            if std::mem::replace(slot, true) {
                return Err(format!("ticket {} is remembered as returned twice", label()));
            }
            if !s.tickets.contains(t) && !s.removed_tickets.contains(t) {
                return Err(format!(
                    "ticket {} is remembered as returned but is not in the deck or out of the game",
                    label()
                ));
            }
        }
        Ok(())
    }

    /// Owners are seats at the table and list the route; doubles closed at this player count have one owner.
    fn check_routes(&self) -> Result<(), String> {
        let (map, s) = (&self.map, &self.state);
        let players = s.seats.len();
        for (i, owner) in s.owners.iter().enumerate() {
            let Some(owner) = owner else { continue };
            let listed = s
                .seats
                .get(owner.index())
                .is_some_and(|seat| seat.routes.contains(RouteId(i as u16)));
            if !listed {
                return Err(format!(
                    "{} has an owner that does not list it",
                    map.route_label(RouteId(i as u16))
                ));
            }
        }
        // The order of the claims names claimed routes, each once (a snapshot from before it was kept names none of
        // the routes claimed until then).
        let mut named = RouteSet::EMPTY;
        for &r in &s.claim_order {
            if usize::from(r.0) >= map.routes.len() {
                return Err(format!("the order of the claims names route {}, not on the map", r.0));
            }
            if s.owners[usize::from(r.0)].is_none() || named.contains(r) {
                return Err(format!("the order of the claims names {} wrongly", map.route_label(r)));
            }
            named.insert(r);
        }
        if !map.rules.doubles_open(players) {
            for (i, r) in map.routes.iter().enumerate() {
                if let Some(t) = r.twin
                    && s.owners[i].is_some()
                    && s.owners[usize::from(t.0)].is_some()
                {
                    return Err(format!(
                        "with {players} players only one track of {} may be used",
                        map.route_label(RouteId(i as u16))
                    ));
                }
            }
        }
        Ok(())
    }

    /// One seat: routes it lists are its own, pieces and stations add up to the supply, the running score is right,
    /// the cards known to be in its hand are there.
    fn check_seat(&self, who: Seat) -> Result<(), String> {
        let (map, s) = (&self.map, &self.state);
        let rules = &map.rules;
        let i = who.index();
        let seat = &s.seats[i];
        let (mut trains, mut metros, mut points) = (0u32, 0u32, 0u32);
        for r in seat.routes.iter() {
            if usize::from(r.0) >= map.routes.len() || s.owners[usize::from(r.0)] != Some(who) {
                return Err(format!("seat {i} lists a route it does not own"));
            }
            let route = map.route(r);
            trains += u32::from(route.trains());
            metros += u32::from(route.metros());
            points += u32::from(route.points);
            if route.twin.is_some_and(|t| seat.routes.contains(t)) {
                return Err(format!("seat {i} owns both tracks of {}", map.route_label(r)));
            }
        }
        if trains + u32::from(seat.trains) != u32::from(rules.trains)
            || metros + u32::from(seat.metros) != u32::from(rules.metros)
        {
            return Err(format!("seat {i}'s pieces do not add up to the supply"));
        }
        if u32::from(seat.route_points) != points {
            return Err(format!(
                "seat {i}'s running score {} differs from the rescore {points}",
                seat.route_points
            ));
        }
        if seat.station_cities.len() + usize::from(seat.stations) != usize::from(rules.stations) {
            return Err(format!("seat {i}'s stations do not add up to the supply"));
        }
        if !seat.hand.contains(&seat.known) {
            return Err(format!("seat {i}'s cards known to all are not all in its hand"));
        }
        Ok(())
    }

    /// Stations stand in cities of the map (not on border exits), at most one per city.
    fn check_stations(&self) -> Result<(), String> {
        let (map, s) = (&self.map, &self.state);
        let mut cities: Vec<CityId> = s
            .seats
            .iter()
            .flat_map(|seat| seat.station_cities.iter().copied())
            .collect();
        if cities.iter().any(|c| {
            map.cities
                .get(usize::from(c.0))
                .is_none_or(|city| city.country.is_some())
        }) {
            return Err("a station stands where no city is".into());
        }
        cities.sort_unstable();
        if cities.windows(2).any(|w| w[0] == w[1]) {
            return Err("two stations stand in one city".into());
        }
        Ok(())
    }

    /// The final round and the run of forced passes stay within one round of the table.
    fn check_counters(&self) -> Result<(), String> {
        let s = &self.state;
        let players = s.seats.len();
        let over = s.step == Step::Over;
        match s.final_turns_left {
            Some(0) if !over => return Err("a final round with 0 turns left would never end".into()),
            Some(n) if usize::from(n) > players => {
                return Err(format!("a final round of {n} turns with {players} players"));
            }
            _ => {}
        }
        if usize::from(s.passes_in_a_row) > players || (!over && usize::from(s.passes_in_a_row) >= players) {
            return Err(format!(
                "{} passes in a row with {players} players would have ended the game",
                s.passes_in_a_row
            ));
        }
        Ok(())
    }

    /// The decision in progress can be answered: ticket offers only where a choice is pending, and a pending tunnel
    /// the current seat could really have started.
    fn check_pending(&self) -> Result<(), String> {
        let s = &self.state;
        let offering = |i: usize| !s.seats[i].offer.is_empty();
        let current = s.current.index();
        match &s.step {
            Step::StartingTickets if !(0..s.seats.len()).any(offering) => {
                Err("the starting ticket choice is pending but nobody has tickets to choose from".into())
            }
            Step::StartingTickets => Ok(()),
            Step::KeepTickets if !offering(current) => {
                Err("a ticket choice is pending but the current seat was offered nothing".into())
            }
            _ if (0..s.seats.len()).any(|i| offering(i) && !(s.step == Step::KeepTickets && i == current)) => {
                Err("a seat holds a ticket offer while no ticket choice is pending".into())
            }
            Step::SecondCard if !self.second_card_possible() => {
                Err("a second card is pending but none is left to draw".into())
            }
            Step::Tunnel(tunnel) => self.check_tunnel(tunnel),
            _ => Ok(()),
        }
    }

    /// A pending tunnel: a free tunnel the current seat may claim, cards laid that pay for it, and turned cards on
    /// top of the discard pile that demand the extra asked.
    fn check_tunnel(&self, tunnel: &TunnelClaim) -> Result<(), String> {
        let (map, s) = (&self.map, &self.state);
        let route = map
            .routes
            .get(usize::from(tunnel.route.0))
            .ok_or("the pending tunnel is not a route of the map")?;
        let label = map.route_label(tunnel.route);
        if !route.tunnel {
            return Err(format!("{label} is pending as a tunnel but is no tunnel"));
        }
        let seat = s.current;
        if let Err(e) = self.check_claimable(seat, tunnel.route) {
            return Err(format!(
                "the current seat could not have claimed {label} ({})",
                e.code()
            ));
        }
        let hand = s.seats[seat.index()].hand;
        if let Err(e) = self.check_payment(
            &hand,
            route.color,
            route.cost,
            route.ferry,
            self.wild_allowed(route),
            &tunnel.laid,
        ) {
            return Err(format!("the cards laid for {label} do not pay for it ({})", e.code()));
        }
        if tunnel.turned.len() > TUNNEL_CARDS || !s.discard.ends_with(&tunnel.turned) {
            return Err(format!(
                "the tunnel's turned cards must be the top {TUNNEL_CARDS} or fewer of the discard pile"
            ));
        }
        let demanded = super::claiming::tunnel_extra(&tunnel.laid, &tunnel.turned);
        if tunnel.extra == 0 || tunnel.extra != demanded {
            return Err(format!(
                "the turned cards demand {demanded} extra cards, not {}",
                tunnel.extra
            ));
        }
        Ok(())
    }
}
