//! Helpers shared by the integration tests: positions built by moving real cards, so conservation always holds.
#![allow(dead_code)]

pub mod quality;
pub mod store;

use std::sync::Arc;
use ttrbot::maps;

use ttrbot::rules::RouteSet;
use ttrbot::rules::Step;
use ttrbot::rules::{Action, Card, CardCounts, Color, Event, Game, RuleError, Seat, TicketSet, WildName};
use ttrbot::rules::{Map, RouteId, TicketId};

/// Every `.rs` file under `dir`, recursively.
pub fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out
}

/// A built-in map.
pub fn map(id: &str) -> Arc<Map> {
    maps::builtin(id).expect("built-in map loads")
}

/// A game past setup: every player kept every starting ticket offered. The first player is seat 0.
pub fn started(map_id: &str, players: usize, seed: u64) -> Game {
    let mut game = Game::new(map(map_id), players, seed).expect("valid player count");
    for seat in 0..players {
        let seat = Seat(seat as u8);
        let offer = game.state().seats[seat.index()].offer.clone();
        game.apply(
            seat,
            Action::KeepTickets {
                tickets: TicketSet::from_ids(offer),
            },
        )
        .expect("keeping all is legal");
    }
    game.state_mut().current = Seat(0);
    game
}

/// A card by name (colours, `locomotive`, `bicycle`).
pub fn card(name: &str) -> Card {
    Card::from_name(name, WildName::Locomotive)
        .or_else(|| Card::from_name(name, WildName::Bicycle))
        .unwrap_or_else(|| panic!("no card {name}"))
}

/// Cards from a list like `[("red", 2), ("locomotive", 1)]`.
pub fn cards(spec: &[(&str, u8)]) -> CardCounts {
    let mut c = CardCounts::EMPTY;
    for (name, n) in spec {
        c.add(card(name), *n);
    }
    c
}

/// Takes one `card` out of the draw pile (else the discard pile), keeping the rest in order. The bottom-most copy
/// is taken, so cards just stacked on top stay there.
fn take_from_piles(game: &mut Game, card: Card) -> bool {
    let s = game.state_mut();
    if let Some(i) = s.deck.iter().position(|&c| c == card) {
        s.deck.remove(i);
        return true;
    }
    if let Some(i) = s.discard.iter().position(|&c| c == card) {
        s.discard.remove(i);
        return true;
    }
    false
}

/// Puts a seat's hand back under the draw pile.
pub fn clear_hand(game: &mut Game, seat: Seat) {
    game.state_mut().seats[seat.index()].known = CardCounts::EMPTY;
    let hand = std::mem::take(&mut game.state_mut().seats[seat.index()].hand);
    for (card, n) in hand.iter() {
        for _ in 0..n {
            game.state_mut().deck.insert(0, card);
        }
    }
}

/// Sets a seat's hand exactly, moving cards between the hand and the piles.
pub fn set_hand(game: &mut Game, seat: Seat, spec: &[(&str, u8)]) {
    clear_hand(game, seat);
    for (card, n) in cards(spec).iter() {
        for _ in 0..n {
            assert!(take_from_piles(game, card), "not enough {card:?} left to deal");
            game.state_mut().seats[seat.index()].hand.add(card, 1);
        }
    }
}

/// Sets the face-up row, returning the old row under the draw pile.
pub fn set_faceup(game: &mut Game, row: [Option<&str>; 5]) {
    for slot in 0..5 {
        if let Some(old) = game.state_mut().faceup[slot].take() {
            game.state_mut().deck.insert(0, old);
        }
    }
    for (slot, name) in row.iter().enumerate() {
        if let Some(name) = name {
            let c = card(name);
            assert!(take_from_piles(game, c), "no {name} left for the face-up row");
            game.state_mut().faceup[slot] = Some(c);
        }
    }
}

/// Puts these cards on top of the draw pile, in this order (the first named is drawn first).
pub fn stack_deck_top(game: &mut Game, top_first: &[&str]) {
    for name in top_first.iter().rev() {
        let c = card(name);
        assert!(take_from_piles(game, c), "no {name} left to stack");
        game.state_mut().deck.push(c);
    }
}

/// The first track between two cities (with this colour, if given).
pub fn route(game: &Game, a: &str, b: &str, color: Option<&str>) -> RouteId {
    let map = game.map();
    let (ca, cb) = (map.find_city(a).expect("city a"), map.find_city(b).expect("city b"));
    map.routes_between(ca, cb)
        .into_iter()
        .find(|&r| color.is_none_or(|c| map.route(r).color.map_or("gray", Color::name) == c))
        .unwrap_or_else(|| panic!("no route {a}-{b} {color:?}"))
}

/// Gives a route to a seat as if claimed (trains spent, points scored), without touching cards.
pub fn own(game: &mut Game, seat: Seat, route: RouteId) {
    let r = game.map().route(route).clone();
    let s = game.state_mut();
    s.owners[usize::from(route.0)] = Some(seat);
    let me = &mut s.seats[seat.index()];
    me.routes.insert(route);
    me.trains -= r.trains();
    me.metros -= r.metros();
    me.route_points += r.points;
}

/// The sentence a player reads for a refusal.
pub fn sentence(game: &Game, err: &RuleError) -> String {
    ttrbot::text::rule_error(ttrbot::text::Lang::En, game.map(), err)
}

/// Applies an action that must succeed.
pub fn ok(game: &mut Game, seat: u8, action: Action) -> Vec<Event> {
    game.apply(Seat(seat), action)
        .unwrap_or_else(|e| panic!("{action:?} by seat {seat} refused: {e}"))
}

/// Applies an action that must be refused; checks the game is unchanged and returns the error.
pub fn refused(game: &mut Game, seat: u8, action: Action) -> RuleError {
    let before = game.state().clone();
    let err = game
        .apply(Seat(seat), action)
        .expect_err("the action should be refused");
    assert_eq!(game.state(), &before, "a refused action changed the game");
    err
}

/// The step the game is in.
pub fn step(game: &Game) -> &Step {
    &game.state().step
}

/// A claim action.
pub fn claim(route: RouteId, spec: &[(&str, u8)]) -> Action {
    Action::Claim {
        route,
        cards: cards(spec),
    }
}

/// Routes by `"A-B"` names (the first track of a double).
pub fn net(map: &Map, pairs: &[&str]) -> RouteSet {
    pairs
        .iter()
        .map(|p| {
            let (a, b) = p.split_once('-').unwrap();
            let city = |n: &str| map.find_city(n).unwrap_or_else(|| panic!("no city {n}"));
            *map.routes_between(city(a), city(b))
                .first()
                .unwrap_or_else(|| panic!("no route {p}"))
        })
        .collect()
}

/// Ticket cards by `"From-To"` names: the card that starts at `From` and has `To` among its targets.
pub fn tickets(map: &Map, pairs: &[&str]) -> Vec<TicketId> {
    pairs
        .iter()
        .map(|p| {
            let (a, b) = p.split_once('-').unwrap();
            let (a, b) = (map.find_place(a).unwrap(), map.find_place(b).unwrap());
            (0..map.tickets.len() as u16)
                .map(TicketId)
                .find(|&t| map.ticket(t).from == a && map.ticket(t).targets.iter().any(|x| x.0 == b))
                .unwrap_or_else(|| panic!("no ticket {p}"))
        })
        .collect()
}

/// Moves the draw pile and the discard pile into `seat`'s hand: nothing is left to draw blind.
pub fn empty_piles_into(game: &mut Game, seat: Seat) {
    let s = game.state_mut();
    let rest: Vec<Card> = s.deck.drain(..).chain(s.discard.drain(..)).collect();
    for c in rest {
        s.seats[seat.index()].hand.add(c, 1);
    }
}

/// Leaves only the top `n` tickets in the ticket deck; the others go to `seat`'s kept tickets.
pub fn leave_tickets(game: &mut Game, n: usize, seat: Seat) {
    let s = game.state_mut();
    while s.tickets.len() > n {
        let t = s.tickets.pop_front().unwrap();
        s.seats[seat.index()].tickets.push(t);
    }
}

/// A copy of the game differing only in hidden information: a card of seat 0's hand that no one saw go there
/// swapped with a different card of the draw pile, and (when there are both) a kept ticket swapped with the ticket
/// deck's topmost ticket that no player remembers returning (such a ticket is known to its returner to lie in the
/// deck).
pub fn with_hidden_swapped(game: &Game) -> Game {
    let mut hidden = game.clone();
    let s = hidden.state_mut();
    let known = s.seats[0].known;
    let (held, _) = s.seats[0]
        .hand
        .iter()
        .find(|&(card, n)| n > known.get(card))
        .expect("seat 0 holds a card no one saw it take");
    let i = s
        .deck
        .iter()
        .position(|&c| c != held)
        .expect("the deck has another card");
    let other = std::mem::replace(&mut s.deck[i], held);
    s.seats[0].hand.remove(held, 1);
    s.seats[0].hand.add(other, 1);
    let remembered = |t: &TicketId| s.seats.iter().any(|seat| seat.returned.contains(t));
    if !s.seats[0].tickets.is_empty()
        && let Some(top) = s.tickets.iter().position(|t| !remembered(t))
    {
        let mine = std::mem::replace(&mut s.seats[0].tickets[0], s.tickets[top]);
        s.tickets[top] = mine;
    }
    hidden.check_invariants().unwrap();
    assert_ne!(hidden.state(), game.state());
    hidden
}
