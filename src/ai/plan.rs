//! Route planning for computer players: the cheapest connections (in pieces and claims) for a seat's tickets over the
//! routes still open to it, built from what the seat may see (the public owners and its own tickets).

use std::cell::RefCell;
use std::cmp::Reverse;

use crate::rules::map::{Place, Ticket};
use crate::rules::{CityId, Map, RouteId, RouteSet, Seat, TicketId};

/// What using a route costs a seat in a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// It owns the route: free.
    Owned,
    /// Free to claim: its pieces (a metro line one, whatever its cards: the pieces are what run out), to which a
    /// way's cost adds a claim.
    Open(u32),
    /// Someone else's, or a closed double: unusable.
    Blocked,
}

/// The board as one seat plans on it: each route's use, on the map (which routes meet at each city is the map's).
#[derive(Clone, Debug)]
pub struct Board<'a> {
    map: &'a Map,
    routes: RouteUses,
}

/// Each route's use for one seat: a [`Board`] without its map, which a memo keeps between decisions (in a profile of
/// play-outs, building the board again for every decision took about a twelfth of the time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteUses {
    uses: Vec<Use>,
    /// Whether each route is another player's (a station beside it lends it).
    others: Vec<bool>,
    /// The most pieces one open route takes: with [`RouteUses::per_claim`], the longest step of a search.
    longest_step: u32,
    /// What claiming a route adds to a way's cost, in pieces: [`PIECES_PER_CLAIM`] unless
    /// [`Board::counting_claims_as`] set another.
    per_claim: u32,
    /// The seat's pieces left, of every kind: a plan that would need more falls back to the fewest pieces.
    pieces_left: u32,
}

/// What claiming a route adds to a way's cost, in pieces: the two a turn's cards pay for, so ways take fewer, longer
/// routes (4 gained on the long maps, lost on Berlin's short routes; figures: docs/ai-lab.md, "Pieces per claim").
pub const PIECES_PER_CLAIM: u32 = 2;

impl RouteUses {
    /// The uses once another player has claimed `route` in a game of `players`: it is closed, and so is its twin
    /// where doubles close. The routes whose use changed are added to `closed`. (Where the seat has a station, the
    /// route would be lent instead: see [`Board::with_station`]. The caller builds such a board anew.)
    pub fn claimed_by_another(&mut self, map: &Map, route: RouteId, players: usize, closed: &mut Vec<RouteId>) {
        let i = usize::from(route.0);
        self.others[i] = true;
        if self.uses[i] != Use::Blocked {
            self.uses[i] = Use::Blocked;
            closed.push(route);
        }
        if let Some(twin) = map.route(route).twin
            && !map.rules.doubles_open(players)
            && matches!(self.uses[usize::from(twin.0)], Use::Open(_))
        {
            self.uses[usize::from(twin.0)] = Use::Blocked;
            closed.push(twin);
        }
    }
}

/// A search's working memory, kept between searches: computer players search thousands of times a second, and
/// allocating it each time cost about a tenth of their time.
#[derive(Default)]
struct Scratch {
    best: Vec<u32>,
    via: Vec<Option<RouteId>>,
    /// The cities waiting, by cost modulo the ring's length.
    buckets: Vec<Vec<u16>>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl<'a> Board<'a> {
    /// The board for `seat`, from the public owners of every route and the pieces the seat has left (`trains`
    /// trains or trams, `metros` metro cars): a route needing more of a kind than is left is closed to it. A claim
    /// adds [`PIECES_PER_CLAIM`] to a way's cost.
    pub fn new(map: &'a Map, owners: &[Option<Seat>], seat: Seat, players: usize, trains: u8, metros: u8) -> Board<'a> {
        let doubles_open = map.rules.doubles_open(players);
        let owner = |route: usize| owners.get(route).copied().flatten();
        let mut uses = Vec::with_capacity(map.routes.len());
        let mut others = Vec::with_capacity(map.routes.len());
        let mut longest_step = 0;
        for (i, route) in map.routes.iter().enumerate() {
            let pieces = u32::from(route.trains()) + u32::from(route.metros());
            longest_step = longest_step.max(pieces);
            others.push(owner(i).is_some_and(|o| o != seat));
            uses.push(match owner(i) {
                Some(o) if o == seat => Use::Owned,
                Some(_) => Use::Blocked,
                None if route.trains() > trains || route.metros() > metros => Use::Blocked,
                None => match route.twin.and_then(|t| owner(usize::from(t.0))) {
                    // Owning the twin already connects the two cities.
                    Some(o) if o == seat => Use::Blocked,
                    Some(_) if !doubles_open => Use::Blocked,
                    _ => Use::Open(pieces),
                },
            });
        }
        Board {
            map,
            routes: RouteUses {
                uses,
                others,
                longest_step,
                per_claim: PIECES_PER_CLAIM,
                pieces_left: u32::from(trains) + u32::from(metros),
            },
        }
    }

    /// The board with a claim adding `pieces` to a way's cost instead of [`PIECES_PER_CLAIM`] (with 0, its ways are
    /// those of the fewest pieces): for comparing plans.
    pub fn counting_claims_as(mut self, pieces: u32) -> Board<'a> {
        self.routes.per_claim = pieces;
        self
    }

    /// Each route's use, without the map: for keeping between decisions (see [`Board::on`]).
    pub fn route_uses(&self) -> &RouteUses {
        &self.routes
    }

    /// The board of `routes` (kept from [`Board::route_uses`]) on the map they were made on.
    pub fn on(map: &'a Map, routes: RouteUses) -> Board<'a> {
        debug_assert_eq!(routes.uses.len(), map.routes.len(), "route uses kept for another map");
        Board { map, routes }
    }

    /// The map the board is on.
    pub fn map(&self) -> &'a Map {
        self.map
    }

    /// The board with a station of the seat's in `city`: the other players' routes there are its to use. The rules
    /// lend one, chosen at the end; planning takes any, which only misleads where a way runs through two of them.
    pub fn with_station(&mut self, city: CityId) {
        for route in self.lendable(city) {
            self.lend(route);
        }
    }

    /// Another player's route, used as the seat's own (a station lends it).
    pub fn lend(&mut self, route: RouteId) {
        if self.routes.others[usize::from(route.0)] {
            self.routes.uses[usize::from(route.0)] = Use::Owned;
        }
    }

    /// The other players' routes at `city`: what a station there could lend.
    pub fn lendable(&self, city: CityId) -> Vec<RouteId> {
        self.map.links[usize::from(city.0)]
            .iter()
            .map(|link| link.route)
            .filter(|r| self.routes.others[usize::from(r.0)])
            .collect()
    }

    /// Whether a route is free to claim.
    pub fn is_open(&self, route: RouteId) -> bool {
        matches!(self.route_use(route), Use::Open(_))
    }

    /// The pieces claiming a route takes (a metro line's one car, whatever its cards).
    pub fn pieces(&self, route: RouteId) -> u32 {
        let route = self.map.route(route);
        u32::from(route.trains()) + u32::from(route.metros())
    }

    /// How a route may be used.
    pub fn route_use(&self, route: RouteId) -> Use {
        self.routes.uses[usize::from(route.0)]
    }

    /// The cities a place stands for: one city, or a country's border exits.
    pub fn cities<'p>(&'p self, place: &'p Place) -> &'p [CityId] {
        match place {
            Place::City(city) => std::slice::from_ref(city),
            Place::Country(country) => self
                .map
                .countries
                .get(usize::from(country.0))
                .map_or(&[], |c| &c.exits[..]),
        }
    }

    /// The cheapest way from any of `from` to any of `to`, with the routes in `free` costing nothing: its cost (its
    /// pieces and its claims, see [`PIECES_PER_CLAIM`]) and the routes still to claim on it. `None` when every way is
    /// blocked. Every route the search relied on (the one each city it settled was reached by) is added to
    /// `relied_on`: closing any other route leaves its answer, and the routes it relied on, exactly as they are. The
    /// cities settle in the same order at the same costs by the same routes, since a closed route that made a way
    /// cheaper only for a while (a better one came later) or only to a city never settled decided nothing: a search
    /// without it finds each settled city at the same cost first by the same route, and nothing cheaper.
    pub fn cheapest(
        &self,
        from: &[CityId],
        to: &[CityId],
        free: &[RouteId],
        relied_on: &mut RouteSet,
    ) -> Option<(u32, Vec<RouteId>)> {
        let per_claim = self.routes.per_claim;
        SCRATCH.with_borrow_mut(|scratch| self.cheapest_in(scratch, per_claim, from, to, free, relied_on))
    }

    /// [`Board::cheapest`], with a claim adding `per_claim` pieces to a way's cost, in `scratch`.
    ///
    /// Dijkstra's search with a bucket queue: a step costs at most a route's pieces and a claim, so every city waiting
    /// lies within one longest step of the cheapest, and a ring of buckets at least that long replaces a heap (a
    /// power of two long, so a cost finds its bucket by a mask). Of the cities at the cheapest cost, the
    /// lowest-numbered goes first, so ties resolve as a heap of (cost, city) would.
    fn cheapest_in(
        &self,
        scratch: &mut Scratch,
        per_claim: u32,
        from: &[CityId],
        to: &[CityId],
        free: &[RouteId],
        relied_on: &mut RouteSet,
    ) -> Option<(u32, Vec<RouteId>)> {
        let n = self.map.cities.len();
        let ring = ((self.routes.longest_step + per_claim) as usize + 1).next_power_of_two();
        let mask = ring - 1;
        let mut planned = RouteSet::EMPTY;
        free.iter().for_each(|&route| planned.insert(route));
        let Scratch { best, via, buckets } = scratch;
        best.clear();
        best.resize(n, u32::MAX);
        via.clear();
        via.resize(n, None);
        buckets.iter_mut().for_each(Vec::clear);
        buckets.resize_with(ring.max(buckets.len()), Vec::new);
        let mut waiting = 0usize;
        for &city in from {
            best[usize::from(city.0)] = 0;
            buckets[0].push(city.0);
            waiting += 1;
        }
        let mut cost = 0u32;
        while waiting > 0 {
            let bucket = &mut buckets[cost as usize & mask];
            // A bucket holds a handful of cities: a scan for the lowest beats keeping it sorted.
            let Some(lowest) = (0..bucket.len()).min_by_key(|&i| bucket[i]) else {
                cost += 1;
                continue;
            };
            let city = bucket.swap_remove(lowest);
            waiting -= 1;
            if cost > best[usize::from(city)] {
                continue;
            }
            // The city is settled, for good: closing the route that brought it here could change the answer.
            if let Some(route) = via[usize::from(city)] {
                relied_on.insert(route);
            }
            let here = CityId(city);
            // A country is only the set of its exits: reaching one reaches the country, and the exits are not
            // joined to each other through it.
            if to.contains(&here) {
                return Some((cost, self.path_back(here, via, &planned)));
            }
            for link in &self.map.links[usize::from(city)] {
                // (Routes in `free` are open ones planned before: only open routes need the look-up.)
                let step = match self.routes.uses[usize::from(link.route.0)] {
                    Use::Blocked => continue,
                    Use::Owned => 0,
                    Use::Open(_) if planned.contains(link.route) => 0,
                    Use::Open(pieces) => pieces + per_claim,
                };
                debug_assert!(
                    step <= self.routes.longest_step + per_claim,
                    "a step longer than the longest"
                );
                let next = usize::from(link.to.0);
                let total = cost + step;
                if total < best[next] {
                    best[next] = total;
                    via[next] = Some(link.route);
                    buckets[total as usize & mask].push(link.to.0);
                    waiting += 1;
                }
            }
        }
        None
    }

    fn path_back(&self, mut city: CityId, via: &[Option<RouteId>], free: &RouteSet) -> Vec<RouteId> {
        let mut routes = Vec::new();
        while let Some(route) = via[usize::from(city.0)] {
            if matches!(self.routes.uses[usize::from(route.0)], Use::Open(_)) && !free.contains(route) {
                routes.push(route);
            }
            city = self.map.route(route).other_end(city);
            if routes.len() > self.map.routes.len() {
                break;
            }
        }
        routes
    }
}

/// The routes to claim for a set of tickets, and what it costs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Routes still to claim, in the order they were found.
    pub routes: Vec<RouteId>,
    /// Pieces those routes take.
    pub pieces: u32,
    /// Points of the tickets the plan completes.
    pub value: u32,
    /// Tickets no open way completes any more.
    pub hopeless: Vec<TicketId>,
    /// The routes the plan's searches relied on (see [`Board::cheapest`]): closing only other routes leaves the
    /// plan exactly as it is.
    pub relied_on: RouteSet,
}

/// Plans `tickets` one after another (highest value first), each reusing the routes planned before it for free.
/// A country ticket aims at its best target for the cost.
pub fn plan(board: &Board<'_>, tickets: &[TicketId]) -> Plan {
    let mut out = Plan::default();
    for ticket in in_planning_order(board.map, tickets) {
        plan_next(board, ticket, &mut out);
    }
    out
}

/// Plans many sets of tickets on one board, each as [`plan`] would, and a beginning several sets share only once:
/// tickets are planned one after another, so two sets whose first tickets (in planning order) are the same share
/// the plan for those.
pub struct Planner<'b, 'a> {
    board: &'b Board<'a>,
    /// Each beginning planned so far, in planning order, with its plan.
    begun: Vec<(Vec<TicketId>, Plan)>,
}

impl<'b, 'a> Planner<'b, 'a> {
    /// A planner with nothing planned yet.
    pub fn new(board: &'b Board<'a>) -> Planner<'b, 'a> {
        Planner {
            board,
            begun: Vec::new(),
        }
    }

    /// The plan for `tickets`: the same as [`plan`]'s.
    pub fn plan(&mut self, tickets: &[TicketId]) -> Plan {
        let order = in_planning_order(self.board.map, tickets);
        let (from, mut out) = self
            .begun
            .iter()
            .filter(|(begun, _)| order.starts_with(begun))
            .max_by_key(|(begun, _)| begun.len())
            .map_or((0, Plan::default()), |(begun, plan)| (begun.len(), plan.clone()));
        for i in from..order.len() {
            plan_next(self.board, order[i], &mut out);
            self.begun.push((order[..=i].to_vec(), out.clone()));
        }
        out
    }
}

/// The order tickets are planned in: highest value first (of equal ones, as given).
fn in_planning_order(map: &Map, tickets: &[TicketId]) -> Vec<TicketId> {
    let mut order: Vec<TicketId> = tickets.to_vec();
    order.sort_by_key(|&t| Reverse(best_value(map.ticket(t))));
    order
}

/// Adds `ticket` to `out`: the way to its best target for the cost, with the routes planned so far free. When that
/// way would take more pieces than the seat has left, pieces are what the game is short of, not turns: the way of the
/// fewest pieces is planned instead.
fn plan_next(board: &Board<'_>, ticket: TicketId, out: &mut Plan) {
    let mut best = best_way(board, board.routes.per_claim, ticket, out);
    let over = |way: &Option<(Vec<RouteId>, u16)>| {
        way.as_ref()
            .is_some_and(|(routes, _)| out.pieces + pieces_of(board, routes) > board.routes.pieces_left)
    };
    if board.routes.per_claim > 0 && over(&best) {
        best = best_way(board, 0, ticket, out);
    }
    match best {
        Some((routes, value)) => {
            out.pieces += pieces_of(board, &routes);
            out.value += u32::from(value);
            out.routes.extend(routes);
        }
        None => out.hopeless.push(ticket),
    }
}

/// The routes to claim for `ticket`'s best target, a claim adding `per_claim` pieces to a way's cost, and that
/// target's value. A target is worth two pieces a point, so a claim (two pieces) weighs a point, as the turn it takes
/// does in a ticket choice.
fn best_way(board: &Board<'_>, per_claim: u32, ticket: TicketId, out: &mut Plan) -> Option<(Vec<RouteId>, u16)> {
    let card = board.map.ticket(ticket);
    let from = board.cities(&card.from);
    card.targets
        .iter()
        .filter_map(|(place, value)| {
            let to = board.cities(place);
            let (cost, routes) = SCRATCH.with_borrow_mut(|scratch| {
                board.cheapest_in(scratch, per_claim, from, to, &out.routes, &mut out.relied_on)
            })?;
            Some((i64::from(*value) * 2 - i64::from(cost), routes, *value))
        })
        .max_by_key(|(gain, ..)| *gain)
        .map(|(_, routes, value)| (routes, value))
}

/// The pieces claiming `routes` takes.
fn pieces_of(board: &Board<'_>, routes: &[RouteId]) -> u32 {
    routes.iter().map(|&r| board.pieces(r)).sum()
}

/// A ticket's best value (a country ticket's highest target).
fn best_value(ticket: &Ticket) -> u16 {
    ticket.targets.iter().map(|t| t.1).max().unwrap_or(0)
}
