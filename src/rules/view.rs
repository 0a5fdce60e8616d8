//! The one door for hidden information: `PublicView` for everyone, `SeatView` for one player.

use serde::Serialize;

use super::map::{CityId, RouteId, TicketId};

use super::cards::{Card, CardCounts};
use super::game::{FACEUP_SLOTS, Game};
use super::map::Map;
use super::scoring::{self, FinalScore};
use super::seat::Seat;
use super::step::Step;

/// What everyone may see of one seat: counts, never the cards or tickets themselves, but for the cards all saw go
/// into the hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicSeat {
    /// Which seat this row describes.
    pub seat: Seat,
    /// Route points so far.
    pub route_points: u16,
    /// Trains (trams) left.
    pub trains: u8,
    /// Metro cars left.
    pub metros: u8,
    /// Stations left.
    pub stations_left: u8,
    /// Cities with this player's stations.
    pub station_cities: Vec<CityId>,
    /// Cards in hand (a count).
    pub hand_size: u32,
    /// Tickets kept (a count).
    pub tickets_held: usize,
    /// Cards every player has seen go into this player's hand (taken face up, or laid for a tunnel and taken back)
    /// and not seen leave it (each payment takes off as many of each kind as it paid): a part of the hand known to
    /// all.
    pub known_cards: CardCounts,
    /// Whether this player is still choosing tickets.
    pub choosing_tickets: bool,
}

/// The end of the game, revealed to all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FinalResult {
    /// Scores in seat order.
    pub scores: Vec<FinalScore>,
    /// Seats from winner to last.
    pub ranking: Vec<usize>,
    /// Each seat's rank in seat order: 1 for the winner; players still tied after the tie-breaks share a rank.
    pub ranks: Vec<usize>,
    /// Each seat's tickets with whether they were completed (revealed at the end).
    pub tickets: Vec<Vec<(TicketId, bool)>>,
}

/// Everything public about a game: the board, the counts, the face-up row. The renderer and every channel message
/// are built from this, so no hand or ticket can reach them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicView {
    /// The map's id.
    pub map: String,
    /// Seats, in turn order.
    pub seats: Vec<PublicSeat>,
    /// The owner of each route.
    pub owners: Vec<Option<Seat>>,
    /// The face-up row.
    pub faceup: [Option<Card>; FACEUP_SLOTS],
    /// Cards in the draw pile.
    pub deck_size: usize,
    /// Cards in the discard pile.
    pub discard_size: usize,
    /// Tickets in the ticket deck.
    pub ticket_deck_size: usize,
    /// The seat to act (meaningless while everyone chooses starting tickets).
    pub current: Seat,
    /// What the game waits for (a pending tunnel's laid and turned cards are on the table for all to see).
    pub phase: Step,
    /// Whether the final round has started.
    pub final_round: bool,
    /// Turns left in the final round, once it has started.
    pub final_turns_left: Option<u8>,
    /// Forced passes in a row so far (a full round of them ends the game).
    pub passes_in_a_row: u8,
    /// Turns completed.
    pub turn: u32,
    /// The route claimed in the latest turn.
    pub last_claim: Option<RouteId>,
    /// The claimed routes in the order of the claims: every one, but in a game stored before this was kept, or read
    /// from a position file, only those claimed since (all after the others).
    pub claim_order: Vec<RouteId>,
    /// The result, once the game is over.
    pub result: Option<FinalResult>,
}

impl Game {
    /// The everyone-may-see view of the game.
    pub fn public_view(&self) -> PublicView {
        PublicView::of(self)
    }

    /// What one player may see: the public view plus their own hand, tickets, ticket offer and returned tickets.
    pub fn seat_view(&self, seat: Seat) -> SeatView {
        SeatView::of(self, seat)
    }
}

/// What the player to move might do, judged from what everyone sees: a move is open unless it is impossible
/// whatever that player holds. Public buttons are built from this, so they tell nothing of a hand (the player's
/// own picker then says privately what their cards allow).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenMoves {
    /// Each face-up card that may be taken now.
    pub take: [bool; FACEUP_SLOTS],
    /// A card from the draw pile.
    pub deck: bool,
    /// A route (or, during a tunnel, paying for it or giving it up).
    pub claim: bool,
    /// Destination tickets.
    pub tickets: bool,
    /// A station.
    pub station: bool,
    /// Passing: only when nothing can be drawn, so that claiming or building is all that might be left.
    pub pass: bool,
}

impl PublicView {
    /// A seat's score as everyone is shown it: its route points while the game runs, its final total once over.
    pub fn score(&self, seat: Seat) -> i32 {
        self.result.as_ref().map_or_else(
            || self.seats.get(seat.index()).map_or(0, |s| i32::from(s.route_points)),
            |r| r.scores[seat.index()].total,
        )
    }

    /// What the player to move might do (see [`OpenMoves`]); nothing once the game is over or while everyone
    /// chooses starting tickets.
    pub fn open_moves(&self, map: &Map) -> OpenMoves {
        let mut open = OpenMoves {
            take: [false; FACEUP_SLOTS],
            deck: false,
            claim: false,
            tickets: false,
            station: false,
            pass: false,
        };
        let cards_left = self.deck_size + self.discard_size > 0;
        let me = self.seats.get(self.current.index());
        match &self.phase {
            Step::Turn => {
                open.deck = cards_left;
                open.take = self.faceup.map(|card| card.is_some());
                open.tickets = self.ticket_deck_size > 0;
                open.claim = self.owners.iter().any(Option::is_none);
                open.station = map.rules.stations > 0 && me.is_some_and(|seat| seat.stations_left > 0);
                open.pass = !open.deck && !open.take.contains(&true) && !open.tickets;
            }
            Step::SecondCard => {
                open.deck = cards_left;
                open.take = self
                    .faceup
                    .map(|card| card.is_some_and(|c| map.rules.may_take_second(c)));
            }
            Step::Tunnel(_) => open.claim = true,
            Step::Over | Step::StartingTickets | Step::KeepTickets => {}
        }
        open
    }

    /// The public view of a game.
    fn of(game: &Game) -> PublicView {
        let s = &game.state;
        let result = game.final_scores().map(|scores| {
            let holdings = game.holdings();
            let ranking = scoring::ranking(game.map(), &holdings, &scores);
            let ranks = scoring::ranks(game.map(), &holdings, &scores);
            let tickets = (0..holdings.len())
                .map(|i| {
                    scoring::ticket_outcomes(game.map(), &holdings, i)
                        .into_iter()
                        .map(|(t, done, _)| (t, done))
                        .collect()
                })
                .collect();
            FinalResult {
                scores,
                ranking,
                ranks,
                tickets,
            }
        });
        PublicView {
            map: s.map.clone(),
            seats: s
                .seats
                .iter()
                .enumerate()
                .map(|(i, seat)| PublicSeat {
                    seat: Seat(i as u8),
                    route_points: seat.route_points,
                    trains: seat.trains,
                    metros: seat.metros,
                    stations_left: seat.stations,
                    station_cities: seat.station_cities.clone(),
                    hand_size: seat.hand.total(),
                    tickets_held: seat.tickets.len(),
                    known_cards: seat.known,
                    choosing_tickets: !seat.offer.is_empty(),
                })
                .collect(),
            owners: s.owners.clone(),
            faceup: s.faceup,
            deck_size: s.deck.len(),
            discard_size: s.discard.len(),
            ticket_deck_size: s.tickets.len(),
            current: s.current,
            phase: s.step.clone(),
            final_round: s.final_turns_left.is_some(),
            final_turns_left: s.final_turns_left,
            passes_in_a_row: s.passes_in_a_row,
            turn: s.turn,
            last_claim: s.last_claim,
            claim_order: s.claim_order.clone(),
            result,
        }
    }
}

/// What one player may see: the public view plus their own hand, tickets, ticket offer and returned tickets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Everything public.
    pub public: PublicView,
    /// Whose view this is.
    pub seat: Seat,
    /// Their hand.
    pub hand: CardCounts,
    /// Their tickets, each with whether it is completed by their routes now (stations not counted).
    pub tickets: Vec<(TicketId, bool)>,
    /// Tickets offered to them and not yet chosen.
    pub offer: Vec<TicketId>,
    /// Tickets they returned and know to be in the ticket deck or out of the game, in the order returned.
    pub returned: Vec<ReturnedTicket>,
}

/// A ticket a player returned, and where that player knows it to be: it saw where the ticket went, and has seen how
/// many tickets every draw since took from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ReturnedTicket {
    /// The ticket.
    pub ticket: TicketId,
    /// Its place in the ticket deck, 0 on top (every draw since took from the top); `None` when out of the game.
    pub in_deck: Option<usize>,
}

impl SeatView {
    /// The view of `seat`.
    fn of(game: &Game, seat: Seat) -> SeatView {
        let s = &game.state.seats[seat.index()];
        let mine = scoring::Holdings {
            routes: s.routes,
            tickets: s.tickets.clone(),
            ..Default::default()
        };
        let tickets = scoring::ticket_outcomes(game.map(), std::slice::from_ref(&mine), 0)
            .into_iter()
            .map(|(t, done, _)| (t, done))
            .collect();
        SeatView {
            public: PublicView::of(game),
            seat,
            hand: s.hand,
            tickets,
            offer: s.offer.clone(),
            returned: s
                .returned
                .iter()
                .map(|&ticket| ReturnedTicket {
                    ticket,
                    in_deck: game.state.tickets.iter().position(|&t| t == ticket),
                })
                .collect(),
        }
    }
}
