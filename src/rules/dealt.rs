//! Games one seat cannot tell apart from the real one: what it sees kept, what it cannot see (other hands and
//! tickets, the piles' order and the discard pile) dealt at random from what it has not seen. Computer players that
//! search play their ideas out on such games, so they never look at the real hidden cards.

use std::sync::Arc;

use super::action::Action;
use super::cards::{CARD_KINDS, Card, CardCounts};
use super::error::RuleError;
use super::event::Event;
use super::game::{Game, SeatState, SetupError, State};
use super::map::{Map, RouteId, TicketId};
use super::rng::GameRng;
use super::scoring::FinalScore;
use super::seat::Seat;
use super::sets::RouteSet;
use super::step::Step;
use super::view::SeatView;

/// A game dealt from one seat's view: the only game a computer player gets to hold. It can be made only from a
/// [`SeatView`], so whatever is hidden from that seat in the real game is not in it, only guessed.
#[derive(Clone, Debug)]
pub struct DealtGame {
    game: Game,
}

impl DealtGame {
    /// A game that shows `view`'s seat exactly what `view` shows (its [`DealtGame::seat_view`] equals `view`), with
    /// every part hidden from that seat dealt at random from the cards and tickets the seat has not seen: the other
    /// hands (each holding the cards everyone saw go into it and not leave), the other players' tickets and offers,
    /// the draw pile and its order, the discard pile under a pending tunnel's turned cards, and the ticket deck (but
    /// for the tickets the seat returned, at the places it saw them go).
    /// The game's own generator is seeded from `rng`.
    ///
    /// # Errors
    /// The view does not fit the map (a view of another map, or counts no game could show).
    pub fn deal(map: Arc<Map>, view: &SeatView, rng: &mut GameRng) -> Result<DealtGame, SetupError> {
        Ok(DealtGame {
            game: deal_game(map, view, &|_, _| 1, rng)?,
        })
    }

    /// As [`DealtGame::deal`], with the tickets another seat holds drawn one at a time in proportion to
    /// `likely(seat, ticket)` (at least 1 each) among the tickets a seat may still hold (no more long ones than a
    /// player is dealt, enough regular ones left for the ticket deck), instead of uniformly: a guess at what that
    /// player is after, from what everyone sees. Offers not chosen from yet are dealt at random.
    ///
    /// # Errors
    /// As [`DealtGame::deal`].
    pub fn deal_guessing(
        map: Arc<Map>,
        view: &SeatView,
        likely: &dyn Fn(Seat, TicketId) -> u32,
        rng: &mut GameRng,
    ) -> Result<DealtGame, SetupError> {
        Ok(DealtGame {
            game: deal_game(map, view, likely, rng)?,
        })
    }

    /// The tickets alone of a game [`DealtGame::deal_guessing`] would deal, so that a caller may deal several and
    /// keep one before [`DealtGame::deal_with_tickets`] deals its cards (a game is kept alike whether its tickets or
    /// the whole game were dealt first: the cards are dealt apart from the tickets).
    ///
    /// # Errors
    /// As [`DealtGame::deal`].
    pub fn deal_tickets(
        map: &Map,
        view: &SeatView,
        likely: &dyn Fn(Seat, TicketId) -> u32,
        rng: &mut GameRng,
    ) -> Result<DealtTickets, SetupError> {
        check_view_fits(map, view)?;
        deal_tickets(map, view, likely, rng)
    }

    /// The game of `tickets`, dealt from the same `view` by [`DealtGame::deal_tickets`], with its cards dealt as
    /// [`DealtGame::deal`] deals them. The game's own generator is seeded from `rng`.
    ///
    /// # Errors
    /// As [`DealtGame::deal`]. (Tickets dealt from another view make a game that is refused or does not show `view`.)
    pub fn deal_with_tickets(
        map: Arc<Map>,
        view: &SeatView,
        tickets: DealtTickets,
        rng: &mut GameRng,
    ) -> Result<DealtGame, SetupError> {
        check_view_fits(&map, view)?;
        let cards = deal_cards(&map, view, rng)?;
        Ok(DealtGame {
            game: assemble(map, view, cards, tickets, rng)?,
        })
    }

    /// The seats whose move it is: see [`Game::to_act`].
    pub fn to_act(&self) -> Vec<Seat> {
        self.game.to_act()
    }

    /// What `seat` may do: see [`Game::legal_actions`].
    pub fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.game.legal_actions(seat, out);
    }

    /// What `seat` may do, each payment in one colour with the fewest wild cards: see
    /// [`Game::legal_actions_sparing_wilds`].
    pub fn legal_actions_sparing_wilds(&self, seat: Seat, out: &mut Vec<Action>) {
        self.game.legal_actions_sparing_wilds(seat, out);
    }

    /// What `seat` may do besides building and passing: see [`Game::legal_actions_besides_building`].
    pub fn legal_actions_besides_building(&self, seat: Seat, out: &mut Vec<Action>) {
        self.game.legal_actions_besides_building(seat, out);
    }

    /// The claims `seat` may make of the routes `among`: see [`Game::each_claim_sparing_wilds`].
    pub fn each_claim_sparing_wilds(&self, seat: Seat, among: &RouteSet, f: impl FnMut(Action)) {
        self.game.each_claim_sparing_wilds(seat, among, f);
    }

    /// The stations `seat` may build: see [`Game::each_station_sparing_wilds`].
    pub fn each_station_sparing_wilds(&self, seat: Seat, f: impl FnMut(Action)) {
        self.game.each_station_sparing_wilds(seat, f);
    }

    /// Plays `action` for `seat`: see [`Game::apply_into`].
    ///
    /// # Errors
    /// The action is not legal; the game is unchanged.
    pub fn apply_into(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.game.apply_into(seat, action, events)
    }

    /// What `seat` sees of this dealt game.
    pub fn seat_view(&self, seat: Seat) -> SeatView {
        self.game.seat_view(seat)
    }

    /// The final scores once the game is over: see [`Game::final_scores`].
    pub fn final_scores(&self) -> Option<Vec<FinalScore>> {
        self.game.final_scores()
    }

    /// The final scores and each seat's rank once the game is over (1 for the winner, shared by players still tied
    /// after the map's tie-breaks), as [`super::view::FinalResult`] tells them at the game's end.
    pub fn final_standing(&self) -> Option<(Vec<FinalScore>, Vec<usize>)> {
        let scores = self.game.final_scores()?;
        let ranks = super::scoring::ranks(self.game.map(), &self.game.holdings(), &scores);
        Some((scores, ranks))
    }

    /// The dealt game as a plain game, for checks and for playing it on with anything that takes one.
    pub fn into_game(self) -> Game {
        self.game
    }
}

/// Deals the game [`DealtGame::deal`] describes.
fn deal_game(
    map: Arc<Map>,
    view: &SeatView,
    likely: &dyn Fn(Seat, TicketId) -> u32,
    rng: &mut GameRng,
) -> Result<Game, SetupError> {
    check_view_fits(&map, view)?;
    let cards = deal_cards(&map, view, rng)?;
    let tickets = deal_tickets(&map, view, likely, rng)?;
    assemble(map, view, cards, tickets, rng)
}

/// Refuses a view of another map.
fn check_view_fits(map: &Map, view: &SeatView) -> Result<(), SetupError> {
    if view.public.map != map.id || view.public.owners.len() != map.routes.len() {
        return Err(SetupError(format!("the view is not of {}", map.name)));
    }
    Ok(())
}

/// The cards of a game being dealt: the cards everyone knows in each hand, set aside, and the others shuffled.
struct DealtCards<'a> {
    dealing: Dealing<'a>,
    /// A pending tunnel's turned cards.
    turned: &'a [Card],
    /// Per seat: the cards everyone knows are in its hand.
    known: Vec<CardCounts>,
    /// The cards the seat has not seen, shuffled.
    unseen: Vec<Card>,
}

/// Shuffles the cards the seat has not seen.
fn deal_cards<'a>(map: &Map, view: &'a SeatView, rng: &mut GameRng) -> Result<DealtCards<'a>, SetupError> {
    let public = &view.public;
    let turned: &[Card] = match &public.phase {
        Step::Tunnel(tunnel) => &tunnel.turned,
        _ => &[],
    };
    // Cards laid for another player's pending tunnel lie on the table, still in that player's hand.
    let laid_by_other = match &public.phase {
        Step::Tunnel(tunnel) if public.current != view.seat => tunnel.laid,
        _ => CardCounts::EMPTY,
    };
    let dealing = Dealing { view, laid_by_other };
    // Every hand's cards known to all are set aside before the others are shuffled (taken out of a shuffled pile,
    // they would leave the rest of their kind out of order).
    let known: Vec<CardCounts> = (0..public.seats.len())
        .map(|seat| dealing.known_in_hand(Seat(seat as u8)))
        .collect();
    let unseen = unseen_cards(map, view, turned, laid_by_other, &known, rng)?;
    Ok(DealtCards {
        dealing,
        turned,
        known,
        unseen,
    })
}

/// The game of `cards` and `tickets`, dealt from `view`, its own generator seeded from `rng`.
fn assemble(
    map: Arc<Map>,
    view: &SeatView,
    cards: DealtCards<'_>,
    mut tickets: DealtTickets,
    rng: &mut GameRng,
) -> Result<Game, SetupError> {
    let public = &view.public;
    let DealtCards {
        dealing,
        turned,
        known,
        mut unseen,
    } = cards;
    if tickets.seats.len() != public.seats.len() {
        return Err(SetupError("the tickets were dealt for another number of seats".into()));
    }
    let mut seats = Vec::with_capacity(public.seats.len());
    for (seat, &known) in known.iter().enumerate() {
        let (held, offer) = std::mem::take(&mut tickets.seats[seat]);
        seats.push(dealing.seat(Seat(seat as u8), &mut unseen, known, held, offer)?);
    }
    // What is left of the unseen cards fills the draw pile, then the discard pile under the turned cards.
    if unseen.len() != public.deck_size + public.discard_size.saturating_sub(turned.len()) {
        return Err(SetupError("the view's piles do not add up to the cards unseen".into()));
    }
    let mut discard = unseen.split_off(public.deck_size);
    discard.extend_from_slice(turned);
    let state = State {
        map: map.id.clone(),
        rng: GameRng::new(rng.next_u64()),
        deck: unseen,
        discard,
        faceup: public.faceup,
        tickets: tickets.deck.into(),
        removed_tickets: tickets.removed,
        seats,
        owners: public.owners.clone(),
        current: public.current,
        step: public.phase.clone(),
        final_turns_left: public.final_turns_left,
        passes_in_a_row: public.passes_in_a_row,
        turn: public.turn,
        last_claim: public.last_claim,
        claim_order: public.claim_order.clone(),
    };
    Game::from_state(map, state)
}

/// The cards the seat has not seen, shuffled: the deck's make-up less its hand, the face-up row, a tunnel's turned
/// cards, the cards another player laid for their tunnel and the cards `known` to be in each hand.
fn unseen_cards(
    map: &Map,
    view: &SeatView,
    turned: &[Card],
    laid_by_other: CardCounts,
    known: &[CardCounts],
    rng: &mut GameRng,
) -> Result<Vec<Card>, SetupError> {
    let (rules, public) = (&map.rules, &view.public);
    let mut unseen_counts = [0i64; CARD_KINDS];
    for color in &rules.deck_colors {
        unseen_counts[color.card().index()] += i64::from(rules.cards_per_color);
    }
    unseen_counts[Card::WILD.index()] += i64::from(rules.wild_cards);
    let seen = view
        .hand
        .iter()
        .chain(laid_by_other.iter())
        .chain(known.iter().flat_map(CardCounts::iter))
        .chain(public.faceup.iter().flatten().chain(turned).map(|&card| (card, 1u8)));
    for (card, n) in seen {
        unseen_counts[card.index()] -= i64::from(n);
    }
    if unseen_counts.iter().any(|&n| n < 0) {
        return Err(SetupError("the view shows more cards than the map has".into()));
    }
    let mut unseen: Vec<Card> = unseen_counts
        .iter()
        .enumerate()
        .flat_map(|(i, &n)| std::iter::repeat_n(Card::from_index(i).expect("index in range"), n as usize))
        .collect();
    rng.shuffle(&mut unseen);
    Ok(unseen)
}

/// The tickets of a game dealt from one seat's view, before its cards (see [`DealtGame::deal_tickets`]): every seat's
/// tickets and offer, the ticket deck and the tickets out of the game.
#[derive(Clone, Debug)]
pub struct DealtTickets {
    /// Per seat: the tickets held and the tickets offered.
    seats: Vec<(Vec<TicketId>, Vec<TicketId>)>,
    /// The ticket deck, top first.
    deck: Vec<TicketId>,
    /// Out of the game.
    removed: Vec<TicketId>,
}

impl DealtTickets {
    /// The tickets `seat` holds: for another seat than the view's, as they were dealt.
    pub fn held(&self, seat: Seat) -> &[TicketId] {
        self.seats.get(seat.index()).map_or(&[], |(held, _)| held)
    }
}

/// Deals the tickets the seat has not seen (every ticket less its own, its offer and those it returned, which go
/// back where it saw them go: out of the game, or to their places in the ticket deck). The other seats' tickets come
/// first: dealt after the ticket deck, a guess would only choose among the few tickets a deck dealt at random had
/// left (on most maps the deck holds most of the unseen tickets). Each other seat's offer, not chosen from yet (so
/// nothing public tells of it), is dealt at random and of the kinds a real offer holds (a starting offer its long
/// tickets, a later one drawn from the deck regular ones only); then the tickets each holds, in proportion to
/// `likely`, no more long ones than a player is dealt, and regular ones only while enough are left for the ticket
/// deck and the seats still to be dealt. The deck takes what is left, regular tickets only as in a real game (long
/// tickets never go back into it) unless too few are left; the rest is out of the game.
fn deal_tickets(
    map: &Map,
    view: &SeatView,
    likely: &dyn Fn(Seat, TicketId) -> u32,
    rng: &mut GameRng,
) -> Result<DealtTickets, SetupError> {
    let public = &view.public;
    let mut own = vec![false; map.tickets.len()];
    let returned = view.returned.iter().map(|s| &s.ticket);
    for t in view.tickets.iter().map(|(t, _)| t).chain(&view.offer).chain(returned) {
        *own.get_mut(usize::from(t.0))
            .ok_or_else(|| SetupError("a ticket that is not on the map".into()))? = true;
    }
    let mut pool: Vec<TicketId> = (0..map.tickets.len())
        .filter(|&i| !own[i])
        .map(|i| TicketId(i as u16))
        .collect();
    rng.shuffle(&mut pool);
    let others: Vec<Seat> = (0..public.seats.len())
        .map(|s| Seat(s as u8))
        .filter(|&s| s != view.seat)
        .collect();
    let mut seats = vec![(Vec::new(), Vec::new()); public.seats.len()];
    seats[view.seat.index()] = (view.tickets.iter().map(|&(t, _)| t).collect(), view.offer.clone());
    // A later offer draws what the deck had, up to a full draw: with the deck now empty, no more than the unseen
    // tickets no seat holds.
    let held_by_others: usize = others.iter().map(|s| public.seats[s.index()].tickets_held).sum();
    let later_offer = if public.ticket_deck_size == 0 {
        usize::from(map.rules.tickets_draw).min(pool.len().saturating_sub(held_by_others))
    } else {
        usize::from(map.rules.tickets_draw)
    };
    for &seat in &others {
        if public.seats[seat.index()].choosing_tickets {
            seats[seat.index()].1 = deal_offer(map, public.phase == Step::StartingTickets, later_offer, &mut pool)?;
        }
    }
    let mut known_in_deck: Vec<(usize, TicketId)> = view
        .returned
        .iter()
        .filter_map(|s| Some((s.in_deck?, s.ticket)))
        .collect();
    known_in_deck.sort_unstable();
    let unknown_in_deck = public
        .ticket_deck_size
        .checked_sub(known_in_deck.len())
        .ok_or_else(|| SetupError("the view places more returned tickets in the deck than it holds".into()))?;
    let rules = &map.rules;
    for (i, &seat) in others.iter().enumerate() {
        // Regular tickets the seats dealt later take at least (each may hold its long ones).
        let regular_later: usize = others[i + 1..]
            .iter()
            .map(|s| {
                public.seats[s.index()]
                    .tickets_held
                    .saturating_sub(usize::from(rules.long_tickets_dealt))
            })
            .sum();
        let reserved = unknown_in_deck + regular_later;
        let weigh = |t: TicketId| u64::from(likely(seat, t).max(1));
        seats[seat.index()].0 = deal_held(
            map,
            public.seats[seat.index()].tickets_held,
            reserved,
            &weigh,
            &mut pool,
            rng,
        )?;
    }
    let (mut regular, mut long): (Vec<TicketId>, Vec<TicketId>) = pool.into_iter().partition(|&t| !map.ticket(t).long);
    let from_regular = unknown_in_deck.min(regular.len());
    let mut deck: Vec<TicketId> = regular.drain(..from_regular).collect();
    let short = unknown_in_deck - from_regular;
    if short > long.len() {
        return Err(SetupError("the view shows more tickets than the map has".into()));
    }
    deck.extend(long.drain(..short));
    rng.shuffle(&mut deck);
    // The seat's own returned tickets where it saw them go (positions in increasing order, so each lands on its own).
    for (at, ticket) in known_in_deck {
        if at > deck.len() {
            return Err(SetupError(
                "a returned ticket placed below the bottom of the deck".into(),
            ));
        }
        deck.insert(at, ticket);
    }
    regular.extend(long);
    regular.extend(view.returned.iter().filter(|s| s.in_deck.is_none()).map(|s| s.ticket));
    Ok(DealtTickets {
        seats,
        deck,
        removed: regular,
    })
}

/// An offer another seat has not chosen from yet, at random from the shuffled `pool`, of the kinds a real offer
/// holds: a starting offer its long tickets, a later one of `later_size` (drawn from the deck) regular ones only.
fn deal_offer(
    map: &Map,
    starting: bool,
    later_size: usize,
    pool: &mut Vec<TicketId>,
) -> Result<Vec<TicketId>, SetupError> {
    let rules = &map.rules;
    let (regular, long) = if starting {
        (usize::from(rules.tickets_dealt), usize::from(rules.long_tickets_dealt))
    } else {
        (later_size, 0)
    };
    let kinds = std::iter::repeat_n(false, regular).chain(std::iter::repeat_n(true, long));
    kinds
        .map(|long| {
            // The last ticket of the kind, else of any kind: the pool is shuffled, so it is one at random.
            let at = pool
                .iter()
                .rposition(|&t| map.ticket(t).long == long)
                .or_else(|| pool.len().checked_sub(1))
                .ok_or_else(|| SetupError("the view shows more tickets offered than the map has".into()))?;
            Ok(pool.swap_remove(at))
        })
        .collect()
}

/// The `count` tickets another seat holds, from `pool`, each in proportion to its weight: no more long ones than a
/// player is dealt, and regular ones only while more than `reserved` are left (the ticket deck's and the seats' to
/// be dealt later).
fn deal_held(
    map: &Map,
    count: usize,
    reserved: usize,
    weigh: &dyn Fn(TicketId) -> u64,
    pool: &mut Vec<TicketId>,
    rng: &mut GameRng,
) -> Result<Vec<TicketId>, SetupError> {
    if count > pool.len() {
        return Err(SetupError("the view shows more tickets held than the map has".into()));
    }
    let is_long = |t: TicketId| map.ticket(t).long;
    let mut weights: Vec<u64> = pool.iter().map(|&t| weigh(t)).collect();
    let mut longs_left = usize::from(map.rules.long_tickets_dealt);
    let mut regular_spare = pool.iter().filter(|&&t| !is_long(t)).count().saturating_sub(reserved);
    let mut allowed = Vec::with_capacity(pool.len());
    let mut held = Vec::with_capacity(count);
    for _ in 0..count {
        allowed.clear();
        allowed.extend((0..pool.len()).filter(|&i| {
            if is_long(pool[i]) {
                longs_left > 0
            } else {
                regular_spare > 0
            }
        }));
        if allowed.is_empty() {
            // Every ticket left is beyond those limits (the seat holds more long tickets than a player is dealt,
            // or too few regular ones are left to go round): any of them.
            allowed.extend(0..pool.len());
        }
        let total: u64 = allowed.iter().map(|&i| weights[i]).sum();
        let mut pick = rng.below(total as usize) as u64;
        let at = allowed
            .iter()
            .copied()
            .find(|&i| {
                let here = pick < weights[i];
                pick -= weights[i].min(pick);
                here
            })
            .unwrap_or(allowed[0]);
        weights.swap_remove(at);
        let ticket = pool.swap_remove(at);
        if is_long(ticket) {
            longs_left = longs_left.saturating_sub(1);
        } else {
            regular_spare = regular_spare.saturating_sub(1);
        }
        held.push(ticket);
    }
    Ok(held)
}

/// What every seat's dealing shares.
struct Dealing<'a> {
    view: &'a SeatView,
    laid_by_other: CardCounts,
}

impl Dealing<'_> {
    /// The cards of another seat's hand that everyone knows are there, but for those laid for its pending tunnel
    /// (counted apart); none for the viewing seat.
    fn known_in_hand(&self, seat: Seat) -> CardCounts {
        if seat == self.view.seat {
            return CardCounts::EMPTY;
        }
        let mut known = self.view.public.seats[seat.index()].known_cards;
        if seat == self.view.public.current {
            known.remove_what_is_there(&self.laid_by_other);
        }
        known
    }

    /// One seat as dealt, with the tickets it holds and is offered: the viewing seat as it sees itself; another
    /// with the counts everyone sees, its hand the cards known to be there (`known`, set aside for it) filled up
    /// from the unseen cards.
    fn seat(
        &self,
        seat: Seat,
        unseen: &mut Vec<Card>,
        known: CardCounts,
        tickets: Vec<TicketId>,
        offer: Vec<TicketId>,
    ) -> Result<SeatState, SetupError> {
        let (public, view) = (&self.view.public, self.view);
        let shown = &public.seats[seat.index()];
        let mut routes = RouteSet::EMPTY;
        for (r, owner) in public.owners.iter().enumerate() {
            if *owner == Some(seat) {
                routes.insert(RouteId(r as u16));
            }
        }
        let hand = if seat == view.seat {
            view.hand
        } else {
            let mut hand = if seat == public.current {
                self.laid_by_other
            } else {
                CardCounts::EMPTY
            };
            hand.add_all(&known);
            let hand_size = (shown.hand_size as usize)
                .checked_sub(hand.total() as usize)
                .filter(|&n| n <= unseen.len())
                .ok_or_else(|| SetupError("the view shows more cards in hand than are unseen".into()))?;
            for card in unseen.drain(unseen.len() - hand_size..) {
                hand.add(card, 1);
            }
            hand
        };
        Ok(SeatState {
            hand,
            tickets,
            offer,
            trains: shown.trains,
            metros: shown.metros,
            stations: shown.stations_left,
            station_cities: shown.station_cities.clone(),
            routes,
            route_points: shown.route_points,
            returned: if seat == view.seat {
                view.returned.iter().map(|s| s.ticket).collect()
            } else {
                Vec::new()
            },
            known: shown.known_cards,
        })
    }
}
