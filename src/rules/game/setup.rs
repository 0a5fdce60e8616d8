//! Setting up a game: shuffling, dealing cards and starting tickets, picking the first player.

use std::collections::VecDeque;
use std::sync::Arc;

use super::{FACEUP_SLOTS, Game, SeatState, SetupError, State, Step};
use crate::rules::cards::{Card, CardCounts};
use crate::rules::map::{Map, TicketId};
use crate::rules::rng::{GameRng, GameSeed};
use crate::rules::seat::Seat;
use crate::rules::sets::RouteSet;

impl Game {
    /// Sets up a new game: shuffles, deals cards and starting tickets, and picks the first player at random.
    ///
    /// # Errors
    /// The map does not allow this many players.
    pub fn new(map: Arc<Map>, players: usize, seed: impl Into<GameSeed>) -> Result<Game, SetupError> {
        let rules = &map.rules;
        if players < usize::from(rules.min_players) || players > usize::from(rules.max_players) {
            return Err(SetupError(format!(
                "{} is for {} to {} players, not {players}.",
                map.name, rules.min_players, rules.max_players
            )));
        }
        let mut rng = GameRng::from_seed(&seed.into());
        let mut deck = Vec::with_capacity(rules.total_cards() as usize);
        for color in &rules.deck_colors {
            deck.extend(std::iter::repeat_n(color.card(), usize::from(rules.cards_per_color)));
        }
        deck.extend(std::iter::repeat_n(Card::WILD, usize::from(rules.wild_cards)));
        rng.shuffle(&mut deck);

        let mut regular: Vec<TicketId> = Vec::new();
        let mut long: Vec<TicketId> = Vec::new();
        for (i, t) in map.tickets.iter().enumerate() {
            let id = TicketId(i as u16);
            if t.long { long.push(id) } else { regular.push(id) }
        }
        rng.shuffle(&mut regular);
        rng.shuffle(&mut long);
        let mut tickets: VecDeque<TicketId> = regular.into();

        let mut seats = Vec::with_capacity(players);
        for _ in 0..players {
            let mut hand = CardCounts::EMPTY;
            for _ in 0..rules.hand {
                hand.add(deck.pop().expect("validated: the deck covers the deal"), 1);
            }
            let mut offer: Vec<TicketId> = tickets.drain(..usize::from(rules.tickets_dealt)).collect();
            offer.extend(long.drain(..usize::from(rules.long_tickets_dealt)));
            seats.push(SeatState {
                hand,
                tickets: Vec::new(),
                offer,
                trains: rules.trains,
                metros: rules.metros,
                stations: rules.stations,
                station_cities: Vec::new(),
                routes: RouteSet::EMPTY,
                route_points: 0,
                returned: Vec::new(),
                known: CardCounts::EMPTY,
            });
        }
        let current = Seat(rng.below(players) as u8);
        let mut game = Game {
            state: State {
                map: map.id.clone(),
                rng,
                deck,
                discard: Vec::new(),
                faceup: [None; FACEUP_SLOTS],
                tickets,
                removed_tickets: long,
                seats,
                owners: vec![None; map.routes.len()],
                current,
                step: Step::StartingTickets,
                final_turns_left: None,
                passes_in_a_row: 0,
                turn: 0,
                last_claim: None,
                claim_order: Vec::new(),
            },
            map,
        };
        game.refill_faceup(&mut Vec::new());
        Ok(game)
    }

    /// A game from a stored or described state, checked for conservation of cards, tickets and pieces.
    ///
    /// # Errors
    /// The state does not fit the map or breaks conservation; the message says how.
    pub fn from_state(map: Arc<Map>, state: State) -> Result<Game, SetupError> {
        let game = Game { map, state };
        game.check_invariants().map_err(SetupError)?;
        Ok(game)
    }
}
