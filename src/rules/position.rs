//! Positions written out by name, nothing random: the replay format (like a chess engine's FEN), read into a
//! checked game and written back. Also the end positions `ttrbot score` describes. Every position read here goes
//! through the one validator, [`Game::check_invariants`].
//!
//! Writing a position exports the hidden cards and tickets, for the replay tool and tests only. What each player
//! remembers of the tickets it returned is not written: read back, nobody remembers any (a computer player then deals
//! them to others in the games it plays out, as if it had never seen them). Nor are the cards everyone saw go into
//! each hand: read back, none are known. Nor the order of the claims: read back, it is empty (a computer player then
//! guesses the other seats' tickets from the board alone).

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::cards::{Card, CardCounts};
use super::game::{FACEUP_SLOTS, Game, SeatState, State};
use super::map::{CityId, Map, TicketId};
use super::names;
use super::rng::GameRng;
use super::seat::Seat;
use super::sets::RouteSet;
use super::step::{Step, TunnelClaim};

/// A full position: piles top first, `null` for an empty face-up slot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The draw pile, top first.
    pub deck: Vec<String>,
    /// The discard pile.
    pub discard: Vec<String>,
    /// The 5 face-up slots.
    pub faceup: Vec<Option<String>>,
    /// The ticket deck, top first.
    pub ticket_deck: Vec<Vec<String>>,
    /// The seat to act.
    pub current: u8,
    /// Every seat, in turn order.
    pub seats: Vec<SeatPosition>,
    /// A decision in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// Turns left once the final round has started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_round: Option<FinalRound>,
    /// Forced passes in a row so far (a full round of them ends the game).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub passes: u8,
    /// Whether the game has ended.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub over: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// One seat's holdings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPosition {
    /// Cards by name and count.
    pub hand: BTreeMap<String, u8>,
    /// Tickets kept, as `[a, b]`.
    pub tickets: Vec<Vec<String>>,
    /// Trains left (maps without metros).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trains: Option<u8>,
    /// Trams left (maps with metros: Berlin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trams: Option<u8>,
    /// Metro cars left (Berlin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metros: Option<u8>,
    /// Stations left.
    #[serde(default)]
    pub stations: u8,
    /// Routes owned, as `[a, b]` or `[a, b, colour]`.
    pub routes: Vec<Vec<String>>,
    /// Cities with this seat's stations.
    #[serde(default)]
    pub station_cities: Vec<String>,
}

/// A decision in progress, as the replay format spells [`Step`] (by name, not by id; its JSON is a contract).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Pending {
    /// Everyone is choosing starting tickets: each seat's offer (empty once chosen).
    StartingTickets(Vec<Vec<Vec<String>>>),
    /// The current seat drew one card and takes a second.
    SecondCard,
    /// The current seat chooses which of these tickets to keep.
    KeepTickets(Vec<Vec<String>>),
    /// The current seat pays a tunnel's extra cards or gives up.
    Tunnel {
        /// The track, one of a double's two.
        route: Vec<String>,
        /// Cards laid.
        laid: BTreeMap<String, u8>,
        /// The three turned cards.
        turned: Vec<String>,
        /// Extra cards demanded.
        extra: u8,
    },
}

/// The final round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalRound {
    /// Turns left before the game ends.
    pub turns_left: u8,
}

/// One seat of an end position, as `ttrbot score` reads it: what it built and which tickets it held.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct EndSeat {
    /// Routes owned, as `[a, b]` or `[a, b, colour]`.
    pub routes: Vec<Vec<String>>,
    /// Cities with this seat's stations.
    pub stations: Vec<String>,
    /// Tickets held, as `[a, b]`.
    pub tickets: Vec<Vec<String>>,
}

/// A card by its name in files: a colour, or the map's wild card.
///
/// # Errors
/// The sentence "unknown card …".
pub fn card(map: &Map, name: &str) -> Result<Card, String> {
    Card::from_name(&name.to_lowercase(), map.rules.wild).ok_or_else(|| {
        format!(
            "unknown card \"{}\" (the colours, or \"{}\")",
            names::excerpt(name),
            map.rules.wild
        )
    })
}

/// Cards by name and count, e.g. `{"red": 2, "locomotive": 1}`.
///
/// # Errors
/// An unknown card, or more of one kind than a hand can count.
pub fn cards(map: &Map, named: &BTreeMap<String, u8>) -> Result<CardCounts, String> {
    let mut counts = CardCounts::EMPTY;
    for (name, &n) in named {
        let c = card(map, name)?;
        let total = u16::from(counts.get(c)) + u16::from(n);
        counts.0[c.index()] = u8::try_from(total).map_err(|_| format!("too many {} cards", names::excerpt(name)))?;
    }
    Ok(counts)
}

/// Cards as names and counts (the inverse of [`cards`]).
pub fn card_names(map: &Map, counts: &CardCounts) -> BTreeMap<String, u8> {
    counts
        .iter()
        .map(|(c, n)| (c.name(map.rules.wild).to_string(), n))
        .collect()
}

/// Resolves the names of a position into ids, handing out each route and ticket card once.
struct Resolver<'a> {
    map: &'a Map,
    ticket_used: Vec<bool>,
    owners: Vec<Option<Seat>>,
}

impl<'a> Resolver<'a> {
    fn new(map: &'a Map) -> Self {
        Resolver {
            map,
            ticket_used: vec![false; map.tickets.len()],
            owners: vec![None; map.routes.len()],
        }
    }

    /// Ticket cards by name; a name listed twice takes the second copy of a card the deck holds twice.
    fn tickets(&mut self, specs: &[Vec<String>]) -> Result<Vec<TicketId>, String> {
        specs
            .iter()
            .map(|spec| {
                let used = &self.ticket_used;
                let id = names::ticket(self.map, spec, |t| !used[usize::from(t.0)]).map_err(|e| e.to_string())?;
                self.ticket_used[usize::from(id.0)] = true;
                Ok(id)
            })
            .collect()
    }

    /// A seat's routes: each track owned once.
    fn routes(&mut self, seat: Seat, specs: &[Vec<String>]) -> Result<RouteSet, String> {
        let mut routes = RouteSet::EMPTY;
        for spec in specs {
            let owners = &self.owners;
            let id = names::route(self.map, spec, |r| owners[usize::from(r.0)].is_none()).map_err(|e| e.to_string())?;
            self.owners[usize::from(id.0)] = Some(seat);
            routes.insert(id);
        }
        Ok(routes)
    }

    fn cities(&self, names_: &[String]) -> Result<Vec<CityId>, String> {
        names_
            .iter()
            .map(|c| names::city(self.map, c).map_err(|e| e.to_string()))
            .collect()
    }

    /// Tickets named nowhere are out of the game.
    fn unlisted_tickets(&self) -> Vec<TicketId> {
        (0..self.map.tickets.len())
            .filter(|&i| !self.ticket_used[i])
            .map(|i| TicketId(i as u16))
            .collect()
    }
}

/// The pieces a set of routes takes: (trains or trams, metro cars), and the points it scores.
fn route_totals(map: &Map, routes: RouteSet) -> (u32, u32, u16) {
    routes.iter().fold((0, 0, 0), |(t, m, p), r| {
        let route = map.route(r);
        (
            t + u32::from(route.trains()),
            m + u32::from(route.metros()),
            p.saturating_add(route.points),
        )
    })
}

impl Game {
    /// A game from a written position, checked by the one validator.
    ///
    /// # Errors
    /// A one-line reason when a name is unknown or the position is impossible.
    pub fn from_position(map: &Arc<Map>, players: &[String], p: &Position, seed: u64) -> Result<Game, String> {
        if players.len() != p.seats.len() {
            return Err(format!(
                "{} players but {} seats in the position",
                players.len(),
                p.seats.len()
            ));
        }
        if p.faceup.len() != FACEUP_SLOTS {
            return Err(format!(
                "the face-up row has {} slots, not {FACEUP_SLOTS}",
                p.faceup.len()
            ));
        }
        let mut names_ = Resolver::new(map);
        let tickets: VecDeque<TicketId> = names_.tickets(&p.ticket_deck)?.into();
        let mut seats = Vec::with_capacity(p.seats.len());
        for (i, s) in p.seats.iter().enumerate() {
            let who = format!("seat {i} ({})", names::excerpt(&players[i]));
            seats.push(read_seat(map, &mut names_, Seat(i as u8), s).map_err(|e| format!("{who}: {e}"))?);
        }
        let current = Seat(p.current);
        if current.index() >= seats.len() {
            return Err(format!("current seat {} is not at the table", p.current));
        }
        let step = read_pending(map, &mut names_, p, &mut seats)?;
        let named_cards = |list: &[String]| list.iter().map(|c| card(map, c)).collect::<Result<Vec<_>, _>>();
        let mut deck = named_cards(&p.deck)?;
        deck.reverse();
        let mut faceup = [None; FACEUP_SLOTS];
        for (slot, c) in p.faceup.iter().enumerate() {
            faceup[slot] = c.as_deref().map(|c| card(map, c)).transpose()?;
        }
        let state = State {
            map: map.id.clone(),
            rng: GameRng::new(seed),
            deck,
            discard: named_cards(&p.discard)?,
            faceup,
            tickets,
            removed_tickets: names_.unlisted_tickets(),
            seats,
            owners: names_.owners,
            current,
            step,
            final_turns_left: p.final_round.as_ref().map(|f| f.turns_left),
            passes_in_a_row: p.passes,
            turn: 0,
            last_claim: None,
            claim_order: Vec::new(),
        };
        Game::from_state(Arc::clone(map), state).map_err(|e| format!("the position is impossible: {e}"))
    }

    /// The game at its end as `ttrbot score` describes it: each seat's routes, stations and tickets, with pieces
    /// and stations left following from them and every card in the draw pile. Checked by the one validator.
    ///
    /// # Errors
    /// A one-line reason: an unknown name, a track owned twice, more pieces or stations than the supply, or an
    /// impossible position.
    pub fn from_end_position(map: &Arc<Map>, players: &[String], seats: &[EndSeat]) -> Result<Game, String> {
        let rules = &map.rules;
        let mut names_ = Resolver::new(map);
        let mut states = Vec::with_capacity(seats.len());
        for (i, (name, s)) in players.iter().zip(seats).enumerate() {
            let who = names::excerpt(name);
            let routes = names_
                .routes(Seat(i as u8), &s.routes)
                .map_err(|e| format!("{who}: {e}"))?;
            let (trains, metros, route_points) = route_totals(map, routes);
            let left = |used: u32, supply: u8, what: &str| {
                // What is left is at most the supply, so it fits the supply's type.
                u32::from(supply)
                    .checked_sub(used)
                    .map(|l| l as u8)
                    .ok_or_else(|| format!("{who}'s routes take {used} {what}; each player has {supply}"))
            };
            let trains = left(trains, rules.trains, "trains")?;
            let metros = left(metros, rules.metros, "metro cars")?;
            let stations = u8::try_from(s.stations.len())
                .ok()
                .and_then(|built| rules.stations.checked_sub(built))
                .ok_or_else(|| {
                    format!(
                        "{who} lists {} stations; each player has {}",
                        s.stations.len(),
                        rules.stations
                    )
                })?;
            let station_cities = names_.cities(&s.stations).map_err(|e| format!("{who}: {e}"))?;
            let tickets = names_.tickets(&s.tickets).map_err(|e| format!("{who}: {e}"))?;
            states.push(SeatState {
                hand: CardCounts::EMPTY,
                tickets,
                offer: Vec::new(),
                trains,
                metros,
                stations,
                station_cities,
                routes,
                route_points,
                returned: Vec::new(),
                known: CardCounts::EMPTY,
            });
        }
        let mut deck = Vec::with_capacity(rules.total_cards() as usize);
        for color in &rules.deck_colors {
            deck.extend(std::iter::repeat_n(color.card(), usize::from(rules.cards_per_color)));
        }
        deck.extend(std::iter::repeat_n(Card::WILD, usize::from(rules.wild_cards)));
        let state = State {
            map: map.id.clone(),
            rng: GameRng::new(0),
            deck,
            discard: Vec::new(),
            faceup: [None; FACEUP_SLOTS],
            tickets: VecDeque::new(),
            removed_tickets: names_.unlisted_tickets(),
            seats: states,
            owners: names_.owners,
            current: Seat(0),
            step: Step::Over,
            final_turns_left: None,
            passes_in_a_row: 0,
            turn: 0,
            last_claim: None,
            claim_order: Vec::new(),
        };
        Game::from_state(Arc::clone(map), state).map_err(|e| format!("the position is impossible: {e}"))
    }

    /// The position in the replay format. A full export of hidden information: for the replay tool and tests.
    pub fn to_position(&self) -> Position {
        let (map, s) = (&self.map, &self.state);
        let name = |c: &Card| c.name(map.rules.wild).to_string();
        let tickets = |ids: &[TicketId]| ids.iter().map(|&t| names::ticket_spec(map, t)).collect::<Vec<_>>();
        let uses_metros = map.rules.metros > 0;
        let pending = match &s.step {
            Step::Turn | Step::Over => None,
            Step::SecondCard => Some(Pending::SecondCard),
            Step::KeepTickets => Some(Pending::KeepTickets(tickets(&s.seats[s.current.index()].offer))),
            Step::StartingTickets => Some(Pending::StartingTickets(
                s.seats.iter().map(|seat| tickets(&seat.offer)).collect(),
            )),
            Step::Tunnel(t) => Some(Pending::Tunnel {
                route: names::route_spec(map, t.route),
                laid: card_names(map, &t.laid),
                turned: t.turned.iter().map(name).collect(),
                extra: t.extra,
            }),
        };
        Position {
            deck: s.deck.iter().rev().map(name).collect(),
            discard: s.discard.iter().map(name).collect(),
            faceup: s.faceup.iter().map(|c| c.as_ref().map(name)).collect(),
            ticket_deck: s.tickets.iter().map(|&t| names::ticket_spec(map, t)).collect(),
            current: s.current.0,
            seats: s
                .seats
                .iter()
                .map(|seat| SeatPosition {
                    hand: card_names(map, &seat.hand),
                    tickets: tickets(&seat.tickets),
                    trains: (!uses_metros).then_some(seat.trains),
                    trams: uses_metros.then_some(seat.trains),
                    metros: uses_metros.then_some(seat.metros),
                    stations: seat.stations,
                    routes: seat.routes.iter().map(|r| names::route_spec(map, r)).collect(),
                    station_cities: seat.station_cities.iter().map(|&c| map.city(c).name.clone()).collect(),
                })
                .collect(),
            pending,
            final_round: s.final_turns_left.map(|turns_left| FinalRound { turns_left }),
            passes: s.passes_in_a_row,
            over: s.step == Step::Over,
        }
    }

    /// The random generator's state: a written position given this as its seed plays on exactly. Part of the full
    /// export, like [`Game::to_position`]. `None` for a game dealt by ChaCha20, whose key is never written out.
    pub fn rng_state(&self) -> Option<u64> {
        self.state.rng.splitmix_state()
    }
}

/// One written seat: names resolved, pieces as given (the validator checks them against the routes).
fn read_seat(map: &Map, names_: &mut Resolver, seat: Seat, s: &SeatPosition) -> Result<SeatState, String> {
    let routes = names_.routes(seat, &s.routes)?;
    let (_, _, route_points) = route_totals(map, routes);
    let (trains, metros) = match (map.rules.metros > 0, s.trains, s.trams, s.metros) {
        (false, Some(t), None, None) => (t, 0),
        (true, None, Some(t), Some(m)) => (t, m),
        (false, ..) => return Err(format!("give \"trains\" (and no trams or metros) on {}", map.name)),
        (true, ..) => return Err(format!("give \"trams\" and \"metros\" on {}", map.name)),
    };
    Ok(SeatState {
        hand: cards(map, &s.hand)?,
        tickets: names_.tickets(&s.tickets)?,
        offer: Vec::new(),
        trains,
        metros,
        stations: s.stations,
        station_cities: names_.cities(&s.station_cities)?,
        routes,
        route_points,
        returned: Vec::new(),
        known: CardCounts::EMPTY,
    })
}

/// The written decision in progress as the engine's step; ticket offers go to their seats.
fn read_pending(map: &Map, names_: &mut Resolver, p: &Position, seats: &mut [SeatState]) -> Result<Step, String> {
    Ok(match &p.pending {
        _ if p.over => Step::Over,
        None => Step::Turn,
        Some(Pending::SecondCard) => Step::SecondCard,
        Some(Pending::KeepTickets(offer)) => {
            seats[usize::from(p.current)].offer = names_.tickets(offer)?;
            Step::KeepTickets
        }
        Some(Pending::StartingTickets(offers)) => {
            if offers.len() != seats.len() {
                return Err("starting_tickets needs one offer per seat".into());
            }
            for (seat, offer) in seats.iter_mut().zip(offers) {
                seat.offer = names_.tickets(offer)?;
            }
            Step::StartingTickets
        }
        Some(Pending::Tunnel {
            route,
            laid,
            turned,
            extra,
        }) => Step::Tunnel(TunnelClaim {
            route: *names::routes(map, route)
                .map_err(|e| e.to_string())?
                .first()
                .expect("routes() returns at least one"),
            laid: cards(map, laid)?,
            turned: turned.iter().map(|c| card(map, c)).collect::<Result<_, _>>()?,
            extra: *extra,
        }),
    })
}
