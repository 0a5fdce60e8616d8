//! The game: the state (sealed: only the rules touch it), `apply`, the one way a game changes, and
//! `legal_actions`. Each kind of action lives in its own file beside this one.

mod claiming;
mod drawing;
mod invariants;
mod purchase;
mod setup;
mod stations;
mod tickets;
mod turns;

use std::collections::VecDeque;
use std::sync::Arc;

use claiming::Payments;

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::cards::{Card, CardCounts};
use super::error::RuleError;
use super::event::{Event, PrivateEvent};
use super::map::{CityId, Map, RouteId, TicketId};
use super::rng::GameRng;
use super::scoring::{self, FinalScore, Holdings};
use super::seat::Seat;
use super::sets::RouteSet;
use super::step::{Step, TunnelClaim};
use tickets::push_ticket_choices;

pub use claiming::ClaimOptions;
pub use purchase::{Payment, Purchase};

/// Declares a struct whose fields only the rules may touch. With the `test-support` feature, which only the tests
/// enable, the fields are public so tests can set up positions by hand; a normal build cannot see them.
macro_rules! sealed_struct {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$field_meta:meta])* $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        #[cfg(feature = "test-support")]
        $(#[$meta])*
        pub struct $name { $( $(#[$field_meta])* pub $field: $ty, )* }

        #[cfg(not(feature = "test-support"))]
        $(#[$meta])*
        pub struct $name { $( $(#[$field_meta])* pub(in crate::rules) $field: $ty, )* }
    };
}

/// Face-up slots.
pub const FACEUP_SLOTS: usize = 5;
/// Cards turned for a tunnel.
pub const TUNNEL_CARDS: usize = 3;
/// Face-up wild cards that make the row reset.
const WILDS_FOR_RESET: usize = 3;
/// Resets in a row after which the row stays as it is (a reshuffle loop could otherwise spin for a long time).
const MAX_RESETS: usize = 20;

sealed_struct! {
    /// One player's holdings.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    // A field this version does not know (a newer version wrote it) refuses the snapshot rather than being dropped
    // when the game is saved again.
    #[serde(deny_unknown_fields)]
    pub struct SeatState {
        /// Cards in hand.
        hand: CardCounts,
        /// Tickets kept, in the order kept.
        tickets: Vec<TicketId>,
        /// Tickets drawn and not yet chosen from.
        offer: Vec<TicketId>,
        /// Trains (Berlin: trams) left.
        trains: u8,
        /// Metro cars left.
        metros: u8,
        /// Stations left.
        stations: u8,
        /// Cities with this player's stations, in the order built.
        station_cities: Vec<CityId>,
        /// Routes owned.
        routes: RouteSet,
        /// Points scored by routes so far.
        route_points: u16,
        /// Tickets this player returned and still knows the place of: out of the game, or in the ticket deck and not
        /// drawn since (once drawn, the player who drew it may keep it, so its place is no longer known). Snapshots
        /// from before this was kept read as none.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        returned: Vec<TicketId>,
        /// Cards every player has seen go into this hand (taken face up, or laid for a tunnel and taken back) and
        /// not seen leave it: each payment shows its cards, and takes off as many of each kind as it paid. A part
        /// of the hand known to all. Snapshots from before this was kept read as none.
        #[serde(default, skip_serializing_if = "CardCounts::is_empty")]
        known: CardCounts,
    }
}

impl SeatState {
    /// Pieces left, trains and metros together (the end trigger counts both).
    pub fn pieces(&self) -> u16 {
        u16::from(self.trains) + u16::from(self.metros)
    }
}

sealed_struct! {
    /// Everything about a game in progress, hidden parts included. Serialisable as the stored snapshot.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    // A field this version does not know (a newer version wrote it) refuses the snapshot rather than being dropped
    // when the game is saved again.
    #[serde(deny_unknown_fields)]
    pub struct State {
        /// The map's id.
        map: String,
        /// The random generator, advanced by every shuffle.
        rng: GameRng,
        /// The draw pile; the top card is the **last** element.
        deck: Vec<Card>,
        /// The discard pile.
        discard: Vec<Card>,
        /// The face-up row; `None` is an empty slot.
        faceup: [Option<Card>; FACEUP_SLOTS],
        /// The ticket deck; the top ticket is the **first** element.
        tickets: VecDeque<TicketId>,
        /// Tickets out of the game (unkept where the map removes them, long tickets never dealt).
        removed_tickets: Vec<TicketId>,
        /// One entry per player, in turn order.
        seats: Vec<SeatState>,
        /// The owner of each route.
        owners: Vec<Option<Seat>>,
        /// The seat to act (after setup).
        current: Seat,
        /// The step of the turn.
        step: Step,
        /// Turns left in the final round, once it has started.
        final_turns_left: Option<u8>,
        /// Forced passes in a row; a full round of them ends the game (nobody can ever act again).
        passes_in_a_row: u8,
        /// Turns completed.
        turn: u32,
        /// The route claimed in the latest turn, for highlighting.
        last_claim: Option<RouteId>,
        /// The claimed routes in the order of the claims: every one, but in a game stored before this was kept, or
        /// read from a position file (see `position.rs`), only those claimed since (all after the others).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        claim_order: Vec<RouteId>,
    }
}

/// Why a game could not be set up or restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

/// A game on a map: the state plus the map it is played on. Hidden information leaves it only through
/// [`crate::rules::PublicView`], [`crate::rules::SeatView`], and two deliberate full exports: the stored snapshot
/// ([`Game::snapshot`]) and the replay position ([`crate::rules::position`]).
#[derive(Clone, Debug)]
pub struct Game {
    pub(in crate::rules) map: Arc<Map>,
    pub(in crate::rules) state: State,
}

/// Two games are equal when their states are (hidden parts included); a state names its map, and the validator
/// keeps that name and the map together.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.state == other.state
    }
}

impl Eq for Game {}

impl Game {
    /// The map the game is played on.
    pub fn map(&self) -> &Arc<Map> {
        &self.map
    }

    /// The whole state, hidden parts included: only for tests that set up or inspect positions by hand.
    #[cfg(feature = "test-support")]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Mutable access to the state, for tests that build positions by hand. The caller keeps it consistent
    /// ([`Game::check_invariants`] says whether it did).
    #[cfg(feature = "test-support")]
    pub fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// The whole state as the store keeps it (JSON; its shape is pinned by a golden test). A full export of hidden
    /// information: for the database only, never for display.
    pub fn snapshot(&self) -> String {
        serde_json::to_string(&self.state).expect("the state is plain data and serialises")
    }

    /// A game from a stored snapshot, checked like every other position ([`Game::from_state`]).
    ///
    /// # Errors
    /// The JSON does not decode, or the position does not fit the map or breaks conservation.
    pub fn restore(map: Arc<Map>, snapshot: &str) -> Result<Game, SetupError> {
        let state: State = serde_json::from_str(snapshot).map_err(|e| SetupError(e.to_string()))?;
        Game::from_state(map, state)
    }

    /// The decision the game waits for (public: it names no hidden card).
    pub fn step(&self) -> &Step {
        &self.state.step
    }

    /// Who owns a route, if anyone (public).
    pub fn owner(&self, route: RouteId) -> Option<Seat> {
        self.state.owners.get(usize::from(route.0)).copied().flatten()
    }

    /// The seat whose turn it is (during the starting-ticket choice: the seat that will play first).
    pub fn current(&self) -> Seat {
        self.state.current
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.state.seats.len()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.state.step == Step::Over
    }

    /// The seats that may act now: everyone still choosing starting tickets, else the current seat.
    pub fn to_act(&self) -> Vec<Seat> {
        match self.state.step {
            Step::Over => Vec::new(),
            Step::StartingTickets => (0..self.players())
                .filter(|&i| !self.state.seats[i].offer.is_empty())
                .map(|i| Seat(i as u8))
                .collect(),
            _ => vec![self.state.current],
        }
    }

    /// Final scores in seat order, once the game is over.
    pub fn final_scores(&self) -> Option<Vec<FinalScore>> {
        self.is_over()
            .then(|| scoring::final_scores(&self.map, &self.holdings()))
    }

    /// Every seat's holdings, tickets included: for scoring inside the rules.
    pub(in crate::rules) fn holdings(&self) -> Vec<Holdings> {
        self.state
            .seats
            .iter()
            .map(|s| Holdings {
                routes: s.routes,
                station_cities: s.station_cities.clone(),
                stations_left: s.stations,
                tickets: s.tickets.clone(),
            })
            .collect()
    }

    /// Whether `seat` may start a turn's action now (draw, claim, tickets, station, pass): the refusal
    /// [`Game::apply`] would give before looking at the action itself.
    ///
    /// # Errors
    /// `GameOver`, `NoSuchSeat`, `AlreadyChoseTickets`, `NotYourTurn`, or `DecisionPending`.
    pub fn check_turn_action(&self, seat: Seat) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        let me = self.state.seats.get(seat.index()).ok_or(RuleError::NoSuchSeat)?;
        match &self.state.step {
            Step::StartingTickets if me.offer.is_empty() => Err(RuleError::AlreadyChoseTickets),
            Step::StartingTickets => Err(RuleError::DecisionPending(Step::StartingTickets)),
            _ if seat != self.state.current => Err(RuleError::NotYourTurn),
            Step::Turn => Ok(()),
            pending => Err(RuleError::DecisionPending(pending.clone())),
        }
    }

    /// Whether `action` by `seat` would be accepted. Clones the game: for tests and tools, not hot paths.
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.clone().apply(seat, action).is_ok()
    }

    /// Applies an action and returns what happened.
    ///
    /// # Errors
    /// The action is not allowed now; the game is unchanged and the error's text says why.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(seat, action, &mut events)?;
        Ok(events)
    }

    /// [`Game::apply`], also returning what only `seat` may learn: the card a blind draw gave, the tickets offered
    /// or kept. The private part is for that seat's own reply, never for a channel.
    ///
    /// # Errors
    /// As [`Game::apply`].
    pub fn apply_seen_by(&mut self, seat: Seat, action: Action) -> Result<(Vec<Event>, Vec<PrivateEvent>), RuleError> {
        let before = self.state.seats.get(seat.index()).cloned();
        let events = self.apply(seat, action)?;
        let (Some(before), Some(after)) = (before, self.state.seats.get(seat.index())) else {
            return Ok((events, Vec::new()));
        };
        let mut private = Vec::new();
        for event in &events {
            match event {
                // One blind draw per action: the hand grew by exactly that card.
                Event::DrewBlind { seat: who } if *who == seat => {
                    if let Some((card, _)) = after.hand.iter().find(|&(c, n)| n > before.hand.get(c)) {
                        private.push(PrivateEvent::DrewCard { card });
                    }
                }
                Event::TicketsDrawn { seat: who, .. } if *who == seat => {
                    private.push(PrivateEvent::TicketsOffered {
                        tickets: after.offer.clone(),
                    });
                }
                Event::TicketsKept { seat: who, .. } if *who == seat => {
                    private.push(PrivateEvent::TicketsKept {
                        tickets: after.tickets[before.tickets.len()..].to_vec(),
                    });
                }
                _ => {}
            }
        }
        Ok((events, private))
    }

    /// [`Game::apply`] writing events into a buffer the caller reuses (the simulator's hot path).
    ///
    /// # Errors
    /// As [`Game::apply`]; nothing is changed and nothing is pushed.
    pub fn apply_into(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if seat.index() >= self.players() {
            return Err(RuleError::NoSuchSeat);
        }
        if self.state.step == Step::StartingTickets {
            return match action {
                Action::KeepTickets { tickets } => self.keep_tickets(seat, tickets, true, events),
                Action::Skip => self.skip(seat, events),
                _ if self.state.seats[seat.index()].offer.is_empty() => Err(RuleError::AlreadyChoseTickets),
                _ => Err(RuleError::DecisionPending(Step::StartingTickets)),
            };
        }
        if seat != self.state.current {
            return Err(RuleError::NotYourTurn);
        }
        match (&self.state.step, action) {
            (Step::Turn, Action::DrawBlind) => self.draw_blind(seat, false, events),
            (Step::Turn, Action::DrawFaceup { slot }) => self.draw_faceup(seat, slot, false, events),
            (Step::Turn, Action::Claim { route, cards }) => self.claim(seat, route, cards, events),
            (Step::Turn, Action::DrawTickets) => self.draw_tickets(seat, events),
            (Step::Turn, Action::BuildStation { city, cards }) => self.build_station(seat, city, cards, events),
            (Step::Turn, Action::Pass) => self.pass(seat, events),
            (_, Action::Skip) => self.skip(seat, events),
            (Step::SecondCard, Action::DrawBlind) => self.draw_blind(seat, true, events),
            (Step::SecondCard, Action::DrawFaceup { slot }) => self.draw_faceup(seat, slot, true, events),
            (Step::KeepTickets, Action::KeepTickets { tickets }) => self.keep_tickets(seat, tickets, false, events),
            (Step::Tunnel(_), Action::PayTunnel { cards }) => self.pay_tunnel(seat, cards, events),
            (Step::Tunnel(_), Action::DeclineTunnel) => self.decline_tunnel(seat, events),
            (Step::Turn, _) => Err(RuleError::NothingToAnswer),
            (pending, _) => Err(RuleError::DecisionPending(pending.clone())),
        }
    }

    /// Every action `seat` may take now, written into `out` (cleared first). Empty when the seat may not act.
    pub fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_actions_paying(seat, Some(Payments::Every), out);
    }

    /// As [`Game::legal_actions`], but of the ways to pay for a claim or a station with one colour, only the one
    /// with the fewest wild cards (wild cards alone still once): every action, up to how many wild cards pay for it.
    pub fn legal_actions_sparing_wilds(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_actions_paying(seat, Some(Payments::FewestWilds), out);
    }

    /// As [`Game::legal_actions_sparing_wilds`] without the moves that build (claims and stations) and without a
    /// pass (legal only when nothing else is, which this list cannot tell), for a player that asks for claims and
    /// stations apart ([`Game::each_claim_sparing_wilds`], [`Game::each_station_sparing_wilds`]) only when its
    /// choice comes to them: listing them all, every turn, is most of the work of listing legal actions.
    pub fn legal_actions_besides_building(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_actions_paying(seat, None, out);
    }

    /// Calls `f` with every claim [`Game::legal_actions_sparing_wilds`] lists for `seat` of a route `among` (an id
    /// past the map's last route gives no claim), in the list's order.
    pub fn each_claim_sparing_wilds(&self, seat: Seat, among: &RouteSet, f: impl FnMut(Action)) {
        if self.is_taking_turn(seat) {
            let hand = self.state.seats[seat.index()].hand;
            self.each_claim(seat, hand, Payments::FewestWilds, Some(among), f);
        }
    }

    /// Calls `f` with every station [`Game::legal_actions_sparing_wilds`] lists for `seat`, in the list's order.
    pub fn each_station_sparing_wilds(&self, seat: Seat, f: impl FnMut(Action)) {
        if self.is_taking_turn(seat) {
            // Asked for only when a ticket is out of reach: a list of its own costs nothing that matters.
            let mut stations = Vec::new();
            self.push_station_actions(seat, Payments::FewestWilds, &mut stations);
            stations.into_iter().for_each(f);
        }
    }

    /// Whether `seat` is taking a turn (where claims and stations may be legal), as [`Game::legal_actions`] tells.
    fn is_taking_turn(&self, seat: Seat) -> bool {
        seat.index() < self.players() && self.state.step == Step::Turn && seat == self.state.current
    }

    /// Lists the legal actions, claims and stations paid as `payments` says; with `None`, no claim, station or pass.
    fn legal_actions_paying(&self, seat: Seat, payments: Option<Payments>, out: &mut Vec<Action>) {
        out.clear();
        if seat.index() >= self.players() {
            return;
        }
        let me = &self.state.seats[seat.index()];
        match &self.state.step {
            Step::Over => {}
            Step::StartingTickets => {
                push_ticket_choices(&me.offer, usize::from(self.map.rules.tickets_keep), out);
            }
            _ if seat != self.state.current => {}
            Step::Turn => {
                if self.cards_left() > 0 {
                    out.push(Action::DrawBlind);
                }
                for (slot, card) in self.state.faceup.iter().enumerate() {
                    if card.is_some() {
                        out.push(Action::DrawFaceup { slot: slot as u8 });
                    }
                }
                if !self.state.tickets.is_empty() {
                    out.push(Action::DrawTickets);
                }
                if let Some(payments) = payments {
                    self.each_claim(seat, me.hand, payments, None, |a| out.push(a));
                    self.push_station_actions(seat, payments, out);
                    if out.is_empty() {
                        out.push(Action::Pass);
                    }
                }
            }
            Step::SecondCard => {
                if self.cards_left() > 0 {
                    out.push(Action::DrawBlind);
                }
                for (slot, card) in self.state.faceup.iter().enumerate() {
                    if card.is_some_and(|c| self.may_take_second(c)) {
                        out.push(Action::DrawFaceup { slot: slot as u8 });
                    }
                }
            }
            Step::KeepTickets => {
                push_ticket_choices(&me.offer, usize::from(self.map.rules.tickets_draw_keep), out);
            }
            Step::Tunnel(tunnel) => {
                let mut rest = me.hand;
                rest.remove_all(&tunnel.laid);
                let laid_color = tunnel.laid.colors().next();
                let wild = rest.get(Card::WILD);
                let colored = laid_color.map_or(0, |c| rest.get(c.card()));
                // Pay with as many coloured cards as possible first, then every mix with more wilds.
                for n_colored in (0..=tunnel.extra.min(colored)).rev() {
                    let n_wild = tunnel.extra - n_colored;
                    if n_wild <= wild {
                        out.push(Action::PayTunnel {
                            cards: CardCounts::of(laid_color, n_colored, n_wild),
                        });
                    }
                }
                out.push(Action::DeclineTunnel);
            }
        }
    }
}
