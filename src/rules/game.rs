//! The game: setup, the legal actions of a seat, and `apply`, the one way a game changes.

use std::collections::VecDeque;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::map::{CityId, Map, Route, RouteId, TicketId};

use super::action::Action;
use super::cards::{Card, CardCounts, Color};
use super::error::{RuleError, Waiting};
use super::event::Event;
use super::rng::GameRng;
use super::scoring::{self, FinalScore, Holdings};
use super::seat::Seat;
use super::sets::{RouteSet, TicketSet};

/// Face-up slots.
pub const FACEUP_SLOTS: usize = 5;
/// Cards turned for a tunnel.
pub const TUNNEL_CARDS: usize = 3;
/// Face-up wild cards that make the row reset.
const WILDS_FOR_RESET: usize = 3;
/// Resets in a row after which the row stays as it is (a reshuffle loop could otherwise spin for a long time).
const MAX_RESETS: usize = 20;

/// Why a route cannot be claimed, before any card is looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ClaimBlock {
    Taken,
    OwnsTwin,
    DoubleClosed,
    Trains,
    Metros,
}

/// One player's holdings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    /// Cards in hand.
    pub hand: CardCounts,
    /// Tickets kept, in the order kept.
    pub tickets: Vec<TicketId>,
    /// Tickets drawn and not yet chosen from.
    pub offer: Vec<TicketId>,
    /// Trains (Berlin: trams) left.
    pub trains: u8,
    /// Metro cars left.
    pub metros: u8,
    /// Stations left.
    pub stations: u8,
    /// Cities with this player's stations, in the order built.
    pub station_cities: Vec<CityId>,
    /// Routes owned.
    pub routes: RouteSet,
    /// Points scored by routes so far.
    pub route_points: u16,
}

impl SeatState {
    /// Pieces left, trains and metros together (the end trigger counts both).
    pub fn pieces(&self) -> u16 {
        u16::from(self.trains) + u16::from(self.metros)
    }
}

/// A tunnel claim waiting for the player to pay the extra or give up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TunnelClaim {
    /// The track.
    pub route: RouteId,
    /// Cards laid (still in the hand until paid).
    pub laid: CardCounts,
    /// The turned cards (already in the discard pile).
    pub turned: Vec<Card>,
    /// Extra cards demanded.
    pub extra: u8,
}

/// Where in a turn the game is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Everyone with an offer chooses starting tickets, all at once.
    StartingTickets,
    /// The current seat chooses an action.
    Turn,
    /// The current seat drew one card and takes a second.
    SecondCard,
    /// The current seat chooses which drawn tickets to keep.
    KeepTickets,
    /// The current seat pays a tunnel's extra or gives up.
    Tunnel(TunnelClaim),
    /// The game has ended.
    Over,
}

/// Everything about a game in progress, hidden parts included. Serialisable as the stored snapshot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The map's id.
    pub map: String,
    /// The random generator, advanced by every shuffle.
    pub rng: GameRng,
    /// The draw pile; the top card is the **last** element.
    pub deck: Vec<Card>,
    /// The discard pile.
    pub discard: Vec<Card>,
    /// The face-up row; `None` is an empty slot.
    pub faceup: [Option<Card>; FACEUP_SLOTS],
    /// The ticket deck; the top ticket is the **first** element.
    pub tickets: VecDeque<TicketId>,
    /// Tickets out of the game (unkept where the map removes them, long tickets never dealt).
    pub removed_tickets: Vec<TicketId>,
    /// One entry per player, in turn order.
    pub seats: Vec<SeatState>,
    /// The owner of each route.
    pub owners: Vec<Option<Seat>>,
    /// The seat to act (after setup).
    pub current: Seat,
    /// The step of the turn.
    pub step: Step,
    /// Turns left in the final round, once it has started.
    pub final_turns_left: Option<u8>,
    /// Forced passes in a row; a full round of them ends the game (nobody can ever act again).
    pub passes_in_a_row: u8,
    /// Turns completed.
    pub turn: u32,
    /// The route claimed in the latest turn, for highlighting.
    pub last_claim: Option<RouteId>,
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

/// A game on a map: the state plus the map it is played on.
#[derive(Clone, Debug)]
pub struct Game {
    map: Arc<Map>,
    state: State,
}

impl Game {
    /// Sets up a new game: shuffles, deals cards and starting tickets, and picks the first player at random.
    ///
    /// # Errors
    /// The map does not allow this many players.
    pub fn new(map: Arc<Map>, players: usize, seed: u64) -> Result<Game, SetupError> {
        let rules = &map.rules;
        if players < usize::from(rules.min_players) || players > usize::from(rules.max_players) {
            return Err(SetupError(format!(
                "{} is for {} to {} players, not {players}.",
                map.name, rules.min_players, rules.max_players
            )));
        }
        let mut rng = GameRng::new(seed);
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

    /// The map.
    pub fn map(&self) -> &Arc<Map> {
        &self.map
    }

    /// The whole state, hidden parts included (for storage and tests, never for display).
    pub fn state(&self) -> &State {
        &self.state
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

    /// Every seat's holdings, for scoring.
    pub fn holdings(&self) -> Vec<Holdings> {
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
                _ if self.state.seats[seat.index()].offer.is_empty() => Err(RuleError::AlreadyChoseTickets),
                _ => Err(RuleError::DecisionPending(Waiting::StartingTickets)),
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
            (Step::SecondCard, Action::DrawBlind) => self.draw_blind(seat, true, events),
            (Step::SecondCard, Action::DrawFaceup { slot }) => self.draw_faceup(seat, slot, true, events),
            (Step::KeepTickets, Action::KeepTickets { tickets }) => self.keep_tickets(seat, tickets, false, events),
            (Step::Tunnel(_), Action::PayTunnel { cards }) => self.pay_tunnel(seat, cards, events),
            (Step::Tunnel(_), Action::DeclineTunnel) => self.decline_tunnel(seat, events),
            (Step::SecondCard, _) => Err(RuleError::DecisionPending(Waiting::SecondCard)),
            (Step::KeepTickets, _) => Err(RuleError::DecisionPending(Waiting::KeepTickets)),
            (Step::Tunnel(_), _) => Err(RuleError::DecisionPending(Waiting::Tunnel)),
            (_, _) => Err(RuleError::NothingToAnswer),
        }
    }

    /// Every action `seat` may take now, written into `out` (cleared first). Empty when the seat may not act.
    pub fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
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
                self.push_claims(seat, me.hand, out);
                self.push_station_actions(seat, out);
                if out.is_empty() {
                    out.push(Action::Pass);
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

    // ----- drawing cards -----

    fn cards_left(&self) -> usize {
        self.state.deck.len() + self.state.discard.len()
    }

    fn may_take_second(&self, card: Card) -> bool {
        !(card.is_wild() && self.map.rules.wild_faceup_counts_double)
    }

    fn second_card_possible(&self) -> bool {
        self.cards_left() > 0 || self.state.faceup.iter().flatten().any(|&c| self.may_take_second(c))
    }

    fn draw_blind(&mut self, seat: Seat, second: bool, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.cards_left() == 0 {
            return Err(RuleError::DeckEmpty);
        }
        let card = self.draw_from_deck(events).expect("checked: a card is left");
        self.state.seats[seat.index()].hand.add(card, 1);
        events.push(Event::DrewBlind { seat });
        self.after_card(second, events);
        Ok(())
    }

    fn draw_faceup(&mut self, seat: Seat, slot: u8, second: bool, events: &mut Vec<Event>) -> Result<(), RuleError> {
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
        self.state.seats[seat.index()].hand.add(card, 1);
        events.push(Event::DrewFaceup { seat, card });
        self.refill_faceup(events);
        self.after_card(second || counts_double, events);
        Ok(())
    }

    /// After a card is taken: either the turn ends, or the second card is due (when one can be had).
    fn after_card(&mut self, turn_done: bool, events: &mut Vec<Event>) {
        self.state.passes_in_a_row = 0;
        if turn_done || !self.second_card_possible() {
            self.end_turn(events);
        } else {
            self.state.step = Step::SecondCard;
        }
    }

    /// The top card of the draw pile, shuffling the discard pile into a new pile when it is empty.
    fn draw_from_deck(&mut self, events: &mut Vec<Event>) -> Option<Card> {
        if self.state.deck.is_empty() && !self.state.discard.is_empty() {
            self.state.deck.append(&mut self.state.discard);
            self.state.rng.shuffle(&mut self.state.deck);
            events.push(Event::DeckReshuffled);
        }
        self.state.deck.pop()
    }

    /// Fills empty face-up slots, then resets the row while it shows 3 wild cards and a reset can change that.
    fn refill_faceup(&mut self, events: &mut Vec<Event>) {
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
    fn reset_can_help(&self) -> bool {
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

    // ----- claiming routes -----

    fn wild_allowed(&self, route: &Route) -> bool {
        route.tunnel || !self.map.rules.wild_only_on_tunnels
    }

    /// Why `seat` may not claim `id` at all (ownership, doubles, pieces), ignoring cards; `None` if it may.
    /// A small `Copy` answer, because `legal_actions` asks it for every route on every turn.
    fn claim_block(&self, seat: Seat, id: RouteId) -> Option<ClaimBlock> {
        let i = usize::from(id.0);
        let route = self.map.routes.get(i)?;
        if self.state.owners[i].is_some() {
            return Some(ClaimBlock::Taken);
        }
        if let Some(twin) = route.twin
            && let Some(owner) = self.state.owners[usize::from(twin.0)]
        {
            if owner == seat {
                return Some(ClaimBlock::OwnsTwin);
            }
            if !self.map.rules.doubles_open(self.players()) {
                return Some(ClaimBlock::DoubleClosed);
            }
        }
        let me = &self.state.seats[seat.index()];
        if me.trains < route.trains() {
            return Some(ClaimBlock::Trains);
        }
        if me.metros < route.metros() {
            return Some(ClaimBlock::Metros);
        }
        None
    }

    /// Whether `seat` may claim `id` at all, as the player's sentence when not.
    fn check_claimable(&self, seat: Seat, id: RouteId) -> Result<(), RuleError> {
        let route = self.map.routes.get(usize::from(id.0)).ok_or(RuleError::NoSuchRoute)?;
        match self.claim_block(seat, id) {
            None => Ok(()),
            Some(ClaimBlock::Taken) => Err(RuleError::RouteTaken),
            Some(ClaimBlock::OwnsTwin) => Err(RuleError::OwnsTwin),
            Some(ClaimBlock::DoubleClosed) => Err(RuleError::DoubleClosed {
                players: self.players() as u8,
                needed: self.map.rules.doubles_min_players,
            }),
            Some(ClaimBlock::Trains) => Err(RuleError::NotEnoughTrains {
                need: route.trains(),
                have: self.state.seats[seat.index()].trains,
            }),
            Some(ClaimBlock::Metros) => Err(RuleError::NoMetroLeft),
        }
    }

    /// Routes `seat` may not claim because of ownership or double-route rules (not pieces or cards).
    fn blocked_routes(&self, seat: Seat) -> RouteSet {
        let taken = self
            .state
            .seats
            .iter()
            .fold(RouteSet::EMPTY, |all, s| all.union(&s.routes));
        // A player never owns both tracks; with few players a taken track closes its twin for everyone.
        let closing = if self.map.rules.doubles_open(self.players()) {
            self.state.seats[seat.index()].routes
        } else {
            taken
        };
        let mut blocked = taken;
        for r in closing.iter() {
            if let Some(twin) = self.map.route(r).twin {
                blocked.insert(twin);
            }
        }
        blocked
    }

    /// Pushes every claim `seat` can make with `hand`. Runs on every turn, so it rules routes out with bitsets and
    /// one comparison before enumerating payments.
    fn push_claims(&self, seat: Seat, hand: CardCounts, out: &mut Vec<Action>) {
        let me = &self.state.seats[seat.index()];
        let wilds = u16::from(hand.get(Card::WILD));
        let most_of_one_color = self
            .map
            .rules
            .deck_colors
            .iter()
            .map(|c| hand.get(c.card()))
            .max()
            .unwrap_or(0);
        for id in self.blocked_routes(seat).missing(self.map.routes.len()) {
            let route = self.map.route(id);
            if route.trains() > me.trains || route.metros() > me.metros {
                continue;
            }
            let wild_ok = self.wild_allowed(route);
            let usable_wilds = if wild_ok { wilds } else { 0 };
            let colored = u16::from(route.color.map_or(most_of_one_color, |c| hand.get(c.card())));
            if colored + usable_wilds < u16::from(route.cost) || usable_wilds < u16::from(route.ferry) {
                continue;
            }
            self.for_each_payment(hand, route.color, route.cost, route.ferry, wild_ok, |cards| {
                out.push(Action::Claim { route: id, cards });
            });
        }
    }

    /// Checks a payment of `cost` cards of one colour (the route's, if it has one) plus wild cards.
    fn check_payment(
        &self,
        hand: &CardCounts,
        color: Option<Color>,
        cost: u8,
        ferry: u8,
        wild_allowed: bool,
        cards: &CardCounts,
    ) -> Result<(), RuleError> {
        let wild = self.map.rules.wild;
        let given = cards.total();
        if given != u32::from(cost) {
            return Err(RuleError::WrongCardCount { need: cost, given });
        }
        let mut colors = cards.colors();
        let paid_color = colors.next();
        if colors.next().is_some() {
            return Err(RuleError::MixedColors);
        }
        if let (Some(route), Some(given)) = (color, paid_color)
            && route != given
        {
            return Err(RuleError::WrongColor { route, given });
        }
        let wilds = cards.get(Card::WILD);
        if wilds > 0 && !wild_allowed {
            return Err(RuleError::WildNotAllowed(wild));
        }
        if wilds < ferry {
            return Err(RuleError::FerryNeedsWilds {
                wild,
                need: ferry,
                given: wilds,
            });
        }
        missing_cards(hand, cards, self.map.rules.wild)
    }

    /// Calls `f` with every distinct way to pay: one colour plus wild cards, or wild cards alone.
    fn for_each_payment(
        &self,
        hand: CardCounts,
        color: Option<Color>,
        cost: u8,
        ferry: u8,
        wild_allowed: bool,
        mut f: impl FnMut(CardCounts),
    ) {
        let wilds = if wild_allowed { hand.get(Card::WILD) } else { 0 };
        if wilds < ferry {
            return;
        }
        let mut pay_with = |c: Color| {
            let have = hand.get(c.card());
            let least_wild = cost.saturating_sub(have).max(ferry);
            // Paying everything with wild cards is one option, added once below, not once per colour.
            for w in least_wild..=wilds.min(cost.saturating_sub(1)) {
                f(CardCounts::of(Some(c), cost - w, w));
            }
        };
        match color {
            Some(c) => pay_with(c),
            None => self.map.rules.deck_colors.iter().for_each(|&c| pay_with(c)),
        }
        if wilds >= cost {
            f(CardCounts::of(None, 0, cost));
        }
    }

    fn claim(&mut self, seat: Seat, id: RouteId, cards: CardCounts, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.check_claimable(seat, id)?;
        let route = self.map.route(id);
        let hand = self.state.seats[seat.index()].hand;
        self.check_payment(
            &hand,
            route.color,
            route.cost,
            route.ferry,
            self.wild_allowed(route),
            &cards,
        )?;
        if !route.tunnel {
            self.complete_claim(seat, id, cards, events);
            return Ok(());
        }
        let mut turned = Vec::with_capacity(TUNNEL_CARDS);
        for _ in 0..TUNNEL_CARDS {
            match self.draw_from_deck(events) {
                Some(card) => turned.push(card),
                None => break,
            }
        }
        self.state.discard.extend_from_slice(&turned);
        let laid_color = cards.colors().next();
        let extra = turned
            .iter()
            .filter(|c| c.is_wild() || (laid_color.is_some() && c.color() == laid_color))
            .count() as u8;
        events.push(Event::TunnelRevealed {
            seat,
            route: id,
            turned: turned.clone(),
            extra,
        });
        if extra == 0 {
            self.complete_claim(seat, id, cards, events);
        } else {
            self.state.step = Step::Tunnel(TunnelClaim {
                route: id,
                laid: cards,
                turned,
                extra,
            });
        }
        Ok(())
    }

    fn pay_tunnel(&mut self, seat: Seat, cards: CardCounts, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let Step::Tunnel(tunnel) = &self.state.step else {
            return Err(RuleError::NothingToAnswer);
        };
        let wild = self.map.rules.wild;
        let laid_color = tunnel.laid.colors().next();
        let allowed = |c: Card| c.is_wild() || (laid_color.is_some() && c.color() == laid_color);
        if cards.total() != u32::from(tunnel.extra) || cards.iter().any(|(c, _)| !allowed(c)) {
            return Err(RuleError::WrongTunnelPayment {
                need: tunnel.extra,
                allowed: match laid_color {
                    Some(c) => format!("{c} cards or {wild}s"),
                    None => format!("{wild}s, since you laid only {wild}s"),
                },
            });
        }
        let mut total = tunnel.laid;
        total.add_all(&cards);
        missing_cards(&self.state.seats[seat.index()].hand, &total, wild)?;
        let route = tunnel.route;
        self.complete_claim(seat, route, total, events);
        Ok(())
    }

    fn decline_tunnel(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let Step::Tunnel(tunnel) = &self.state.step else {
            return Err(RuleError::NothingToAnswer);
        };
        events.push(Event::TunnelDeclined {
            seat,
            route: tunnel.route,
        });
        self.state.passes_in_a_row = 0;
        self.end_turn(events);
        Ok(())
    }

    fn complete_claim(&mut self, seat: Seat, id: RouteId, cards: CardCounts, events: &mut Vec<Event>) {
        let route = &self.map.routes[usize::from(id.0)];
        let me = &mut self.state.seats[seat.index()];
        me.hand.remove_all(&cards);
        me.trains -= route.trains();
        me.metros -= route.metros();
        me.routes.insert(id);
        me.route_points += route.points;
        for (card, n) in cards.iter() {
            self.state.discard.extend(std::iter::repeat_n(card, usize::from(n)));
        }
        self.state.owners[usize::from(id.0)] = Some(seat);
        self.state.last_claim = Some(id);
        self.state.passes_in_a_row = 0;
        events.push(Event::Claimed {
            seat,
            route: id,
            cards,
            points: route.points,
        });
        self.end_turn(events);
    }

    // ----- tickets -----

    fn draw_tickets(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.state.tickets.is_empty() {
            return Err(RuleError::NoTicketsLeft);
        }
        let n = usize::from(self.map.rules.tickets_draw).min(self.state.tickets.len());
        let drawn: Vec<TicketId> = self.state.tickets.drain(..n).collect();
        self.state.seats[seat.index()].offer = drawn;
        self.state.step = Step::KeepTickets;
        self.state.passes_in_a_row = 0;
        events.push(Event::TicketsDrawn { seat, count: n as u8 });
        Ok(())
    }

    fn keep_tickets(
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
        match policy {
            super::ruleset::UnkeptTickets::Bottom => self.state.tickets.extend(returned),
            super::ruleset::UnkeptTickets::Removed => self.state.removed_tickets.extend(returned),
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

    // ----- stations -----

    fn station_cost(&self, seat: Seat) -> Result<u8, RuleError> {
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

    fn has_station(&self, city: CityId) -> bool {
        self.state.seats.iter().any(|s| s.station_cities.contains(&city))
    }

    fn push_station_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let Ok(cost) = self.station_cost(seat) else { return };
        let hand = self.state.seats[seat.index()].hand;
        let mut payments = Vec::new();
        self.for_each_payment(hand, None, cost, 0, !self.map.rules.wild_only_on_tunnels, |cards| {
            payments.push(cards)
        });
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

    fn build_station(
        &mut self,
        seat: Seat,
        city: CityId,
        cards: CardCounts,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let cost = self.station_cost(seat)?;
        if usize::from(city.0) >= self.map.cities.len() || self.map.city(city).country.is_some() {
            return Err(RuleError::NoSuchCity);
        }
        if self.has_station(city) {
            return Err(RuleError::CityHasStation);
        }
        let hand = self.state.seats[seat.index()].hand;
        self.check_payment(&hand, None, cost, 0, !self.map.rules.wild_only_on_tunnels, &cards)?;
        let me = &mut self.state.seats[seat.index()];
        me.hand.remove_all(&cards);
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

    // ----- passing and the end -----

    /// Whether the current seat has any action besides passing (short-circuits, unlike `legal_actions`).
    fn can_do_something(&self, seat: Seat) -> bool {
        if self.cards_left() > 0 || self.state.faceup.iter().any(Option::is_some) || !self.state.tickets.is_empty() {
            return true;
        }
        let hand = self.state.seats[seat.index()].hand;
        let can_pay = |color, cost, ferry, wild_ok| {
            let mut any = false;
            self.for_each_payment(hand, color, cost, ferry, wild_ok, |_| any = true);
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

    fn pass(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.can_do_something(seat) {
            return Err(RuleError::PassNotAllowed);
        }
        self.state.passes_in_a_row += 1;
        events.push(Event::Passed { seat });
        self.end_turn(events);
        Ok(())
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let seat = self.state.current;
        self.state.turn += 1;
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

    /// Checks conservation: every card, ticket and piece accounted for exactly once, and the running
    /// route score equal to a rescore. The property tests call this after every action.
    ///
    /// # Errors
    /// A sentence naming the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), String> {
        let map = &self.map;
        let s = &self.state;
        let rules = &map.rules;
        if s.map != map.id {
            return Err(format!("the state is for map \"{}\", not \"{}\"", s.map, map.id));
        }
        let players = s.seats.len();
        if players < usize::from(rules.min_players) || players > usize::from(rules.max_players) {
            return Err(format!("{players} players do not fit {}", map.name));
        }
        if s.owners.len() != map.routes.len() {
            return Err("the route owners do not match the map".into());
        }
        if s.current.index() >= players {
            return Err("the current seat is not at the table".into());
        }
        // Cards: per kind, everything outside the deck adds up to the deck's composition.
        let mut counts = CardCounts::EMPTY;
        let mut count_card = |c: &Card| counts.0[c.index()] += 1;
        s.deck
            .iter()
            .chain(s.discard.iter())
            .chain(s.faceup.iter().flatten())
            .for_each(&mut count_card);
        let mut wide = [0u32; super::cards::CARD_KINDS];
        for (i, n) in counts.0.iter().enumerate() {
            wide[i] += u32::from(*n);
        }
        for seat in &s.seats {
            for (i, n) in seat.hand.0.iter().enumerate() {
                wide[i] += u32::from(*n);
            }
        }
        for (i, &n) in wide.iter().enumerate() {
            let card = Card::from_index(i).expect("index in range");
            let expected = match card.color() {
                None => u32::from(rules.wild_cards),
                Some(c) if rules.deck_colors.contains(&c) => u32::from(rules.cards_per_color),
                Some(_) => 0,
            };
            if n != expected {
                return Err(format!(
                    "there are {n} {} cards in play; the map has {expected}",
                    card.name(rules.wild)
                ));
            }
        }
        // Tickets: each card exactly once.
        let mut seen = vec![false; map.tickets.len()];
        let all = s.tickets.iter().chain(s.removed_tickets.iter()).chain(
            s.seats
                .iter()
                .flat_map(|seat| seat.tickets.iter().chain(seat.offer.iter())),
        );
        for t in all {
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
        // Routes, pieces and running scores.
        for (i, seat) in s.seats.iter().enumerate() {
            let mut trains = 0u32;
            let mut metros = 0u32;
            let mut points = 0u32;
            for r in seat.routes.iter() {
                if usize::from(r.0) >= map.routes.len() || s.owners[usize::from(r.0)] != Some(Seat(i as u8)) {
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
        }
        let owned: usize = s.seats.iter().map(|seat| seat.routes.len()).sum();
        if owned != s.owners.iter().flatten().count() {
            return Err("a route has an owner that does not list it".into());
        }
        if !rules.doubles_open(players) {
            for (i, r) in map.routes.iter().enumerate() {
                if let Some(t) = r.twin
                    && s.owners[i].is_some()
                    && s.owners[usize::from(t.0)].is_some()
                {
                    return Err(format!(
                        "both tracks of {} are taken with {players} players",
                        map.route_label(RouteId(i as u16))
                    ));
                }
            }
        }
        let mut station_cities: Vec<CityId> = s
            .seats
            .iter()
            .flat_map(|seat| seat.station_cities.iter().copied())
            .collect();
        station_cities.sort_unstable();
        if station_cities.windows(2).any(|w| w[0] == w[1]) {
            return Err("two stations stand in one city".into());
        }
        Ok(())
    }
}

/// The first kind of card missing from the hand for a payment, as the player's sentence.
fn missing_cards(hand: &CardCounts, cards: &CardCounts, wild: super::cards::WildName) -> Result<(), RuleError> {
    match cards.iter().find(|&(c, n)| hand.get(c) < n) {
        Some((card, n)) => Err(RuleError::CardsNotInHand {
            missing: format!("{n} {}", card.name(wild)),
            have: hand.get(card),
        }),
        None => Ok(()),
    }
}

/// Every subset of `offer` with at least `least` tickets (all of them when fewer are offered).
fn push_ticket_choices(offer: &[TicketId], least: usize, out: &mut Vec<Action>) {
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

/// Helpers for tests and tools that set up positions by hand.
impl Game {
    /// Mutable access to the state for building test positions. The caller keeps it consistent
    /// ([`Game::check_invariants`] says whether it did).
    pub fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }
}
