//! Final scoring: routes, tickets (with stations and countries), the longest path, the Grand Tour, tie-breaks.

use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use super::map::{CityId, MAX_ROUTES, Map, Place, RouteId, Ticket, TicketId};

use super::ruleset::TieBreak;
use super::sets::RouteSet;

/// What one player holds at the end: everything scoring needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holdings {
    /// Routes owned.
    pub routes: RouteSet,
    /// Cities with this player's stations.
    pub station_cities: Vec<CityId>,
    /// Stations never built.
    pub stations_left: u8,
    /// Tickets kept.
    pub tickets: Vec<TicketId>,
}

/// One player's final score, field by field (the `ttrbot score` contract).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScore {
    /// Points for routes.
    pub route_points: i32,
    /// Completed tickets minus failed ones.
    pub ticket_points: i32,
    /// Tickets completed.
    pub tickets_completed: u32,
    /// Tickets failed.
    pub tickets_failed: u32,
    /// Length of the longest continuous path, in pieces.
    pub longest_path: u32,
    /// Longest-path bonus received.
    pub longest_bonus: i32,
    /// Points for unbuilt stations.
    pub station_points: i32,
    /// Grand Tour bonus.
    pub grand_tour_points: i32,
    /// All of the above added up: what decides the ranking, before tie-breaks.
    pub total: i32,
}

/// Each ticket's outcome, in the order of the holdings' tickets: (ticket, completed, points won or lost).
pub type TicketOutcomes = Vec<(TicketId, bool, i32)>;

/// Scores every player.
pub fn final_scores(map: &Map, players: &[Holdings]) -> Vec<FinalScore> {
    let mut scores: Vec<FinalScore> = players
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let outcomes = ticket_outcomes(map, players, i);
            let route_points = h.routes.iter().map(|r| i32::from(map.route(r).points)).sum();
            let ticket_points = outcomes.iter().map(|o| o.2).sum();
            let tickets_completed = outcomes.iter().filter(|o| o.1).count() as u32;
            let grand_tour = grand_tour_tickets(map, h);
            FinalScore {
                route_points,
                ticket_points,
                tickets_completed,
                tickets_failed: outcomes.len() as u32 - tickets_completed,
                longest_path: longest_path(map, h.routes),
                longest_bonus: 0,
                station_points: i32::from(h.stations_left) * i32::from(map.rules.station_points),
                grand_tour_points: i32::from(map.rules.grand_tour_points(grand_tour)),
                total: 0,
            }
        })
        .collect();
    let best = scores.iter().map(|s| s.longest_path).max().unwrap_or(0);
    for s in &mut scores {
        // Nobody gets the bonus when nobody owns a route (RULES.md decision).
        if best > 0 && s.longest_path == best {
            s.longest_bonus = i32::from(map.rules.longest_path_bonus);
        }
        s.total = s.route_points + s.ticket_points + s.longest_bonus + s.station_points + s.grand_tour_points;
    }
    scores
}

/// Player indices from winner to last, after the map's tie-breaks; players still tied keep their order.
pub fn ranking(map: &Map, players: &[Holdings], scores: &[FinalScore]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by_key(|&i| rank_key(map, players, scores, i));
    order
}

/// Each player's rank, 1 for the winner; players tied after every tie-break share the better rank.
pub fn ranks(map: &Map, players: &[Holdings], scores: &[FinalScore]) -> Vec<usize> {
    let keys: Vec<_> = (0..scores.len()).map(|i| rank_key(map, players, scores, i)).collect();
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|other| *other < k).count())
        .collect()
}

/// Sorts best first: total points, then the map's tie-breaks.
fn rank_key(map: &Map, players: &[Holdings], scores: &[FinalScore], i: usize) -> (Reverse<i32>, Vec<i64>) {
    let s = &scores[i];
    let keys = map
        .rules
        .tie_breaks
        .iter()
        .map(|t| match t {
            TieBreak::TicketsCompleted => -i64::from(s.tickets_completed),
            TieBreak::FewestStations => players[i].station_cities.len() as i64,
            TieBreak::LongestPath => -i64::from(s.longest_bonus > 0),
        })
        .collect();
    (Reverse(s.total), keys)
}

/// The route points a set of routes scores.
pub fn route_points(map: &Map, routes: RouteSet) -> u32 {
    routes.iter().map(|r| u32::from(map.route(r).points)).sum()
}

/// Union–find over locations, for ticket connectivity.
struct Components {
    parent: Vec<u16>,
}

impl Components {
    fn new(map: &Map, routes: impl Iterator<Item = RouteId>) -> Components {
        let mut c = Components {
            parent: (0..map.cities.len() as u16).collect(),
        };
        for r in routes {
            let route = map.route(r);
            c.union(route.a.0, route.b.0);
        }
        c
    }

    fn find(&mut self, mut x: u16) -> u16 {
        while self.parent[usize::from(x)] != x {
            let grand = self.parent[usize::from(self.parent[usize::from(x)])];
            self.parent[usize::from(x)] = grand;
            x = grand;
        }
        x
    }

    fn union(&mut self, a: u16, b: u16) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[usize::from(ra)] = rb;
        }
    }

    /// Whether two places are joined. A country is reached through any of its exits; exits are dead ends on the
    /// board (one route each), so paths never pass through a country.
    fn joined(&mut self, map: &Map, a: Place, b: Place) -> bool {
        let roots = |c: &mut Components, p: Place| -> Vec<u16> {
            match p {
                Place::City(id) => vec![c.find(id.0)],
                Place::Country(k) => map.countries[usize::from(k.0)]
                    .exits
                    .iter()
                    .map(|e| c.find(e.0))
                    .collect(),
            }
        };
        let ra = roots(self, a);
        let rb = roots(self, b);
        ra.iter().any(|x| rb.contains(x))
    }
}

/// A ticket's value given the connections: the best completed target, else minus the lowest value.
fn ticket_value(map: &Map, ticket: &Ticket, comps: &mut Components) -> (bool, i32) {
    let best = ticket
        .targets
        .iter()
        .filter(|(to, _)| comps.joined(map, ticket.from, *to))
        .map(|(_, p)| *p)
        .max();
    match best {
        Some(points) => (true, i32::from(points)),
        None => (false, -i32::from(ticket.lowest())),
    }
}

/// Each ticket of player `who`: completed or not, and its points. Stations borrow, each, one opponent route into
/// their city; the assignment chosen is the one with most ticket points, then most completed tickets.
pub fn ticket_outcomes(map: &Map, players: &[Holdings], who: usize) -> TicketOutcomes {
    let me = &players[who];
    let evaluate = |borrowed: &[RouteId]| -> TicketOutcomes {
        let mut comps = Components::new(map, me.routes.iter().chain(borrowed.iter().copied()));
        me.tickets
            .iter()
            .map(|&t| {
                let (done, points) = ticket_value(map, map.ticket(t), &mut comps);
                (t, done, points)
            })
            .collect()
    };
    if me.station_cities.is_empty() || me.tickets.is_empty() {
        return evaluate(&[]);
    }
    // Candidates per station: opponent routes touching its city. Borrowing never lowers a score, so a station with
    // any candidate always borrows one.
    let candidates: Vec<Vec<RouteId>> = me
        .station_cities
        .iter()
        .map(|&city| {
            map.links[usize::from(city.0)]
                .iter()
                .map(|link| link.route)
                .filter(|&r| {
                    players
                        .iter()
                        .enumerate()
                        .any(|(j, p)| j != who && p.routes.contains(r))
                })
                .collect()
        })
        .filter(|c: &Vec<RouteId>| !c.is_empty())
        .collect();
    let mut best: Option<(i32, usize, TicketOutcomes)> = None;
    let mut chosen = Vec::with_capacity(candidates.len());
    search_stations(&candidates, &mut chosen, &mut |borrowed| {
        let outcome = evaluate(borrowed);
        let points: i32 = outcome.iter().map(|o| o.2).sum();
        let done = outcome.iter().filter(|o| o.1).count();
        if best.as_ref().is_none_or(|(p, d, _)| (points, done) > (*p, *d)) {
            best = Some((points, done, outcome));
        }
    });
    best.map(|b| b.2).unwrap_or_else(|| evaluate(&[]))
}

fn search_stations(candidates: &[Vec<RouteId>], chosen: &mut Vec<RouteId>, visit: &mut impl FnMut(&[RouteId])) {
    match candidates.split_first() {
        None => visit(chosen),
        Some((first, rest)) => {
            for &r in first {
                chosen.push(r);
                search_stations(rest, chosen, visit);
                chosen.pop();
            }
        }
    }
}

/// The longest continuous path through a set of routes, in pieces: it may revisit cities but never reuse a route.
pub fn longest_path(map: &Map, routes: RouteSet) -> u32 {
    let graph = TrailGraph::new(map, routes);
    graph.longest()
}

/// Merges the two routes at every degree-2 vertex into one longer edge. A longest trail never ends at an even-degree
/// vertex unless it is closed and uses everything, so at such a vertex it always takes both routes in a row: the
/// answer is unchanged and the search has fewer edges to branch over. A vertex left with no edge stays isolated.
fn contract_chains(ends: &mut Vec<(u16, u16)>, weights: &mut Vec<u32>, vertices: usize) {
    loop {
        let mut degree = vec![0u8; vertices];
        for &(a, b) in ends.iter() {
            degree[usize::from(a)] = degree[usize::from(a)].saturating_add(1);
            degree[usize::from(b)] = degree[usize::from(b)].saturating_add(1);
        }
        let merge = (0..vertices as u16).find_map(|v| {
            if degree[usize::from(v)] != 2 {
                return None;
            }
            let mut at_v = ends
                .iter()
                .enumerate()
                .filter(|(_, (a, b))| *a == v || *b == v)
                .map(|(e, _)| e);
            match (at_v.next(), at_v.next()) {
                (Some(e1), Some(e2)) => Some((v, e1, e2)),
                _ => None, // a single loop at v: nothing to merge
            }
        });
        let Some((v, e1, e2)) = merge else { return };
        let other = |(a, b): (u16, u16)| if a == v { b } else { a };
        ends[e1] = (other(ends[e1]), other(ends[e2]));
        weights[e1] += weights[e2];
        ends.swap_remove(e2);
        weights.swap_remove(e2);
    }
}

/// A compact graph of one player's routes for the longest-trail search: adjacency in one flat array (each vertex's
/// incident routes between `first[v]` and `first[v + 1]`), routes marked used in a bitmask.
struct TrailGraph {
    first: Vec<usize>,
    /// (edge, other vertex) pairs, grouped by vertex.
    incident: Vec<(u16, u16)>,
    weights: Vec<u32>,
}

impl TrailGraph {
    fn new(map: &Map, routes: RouteSet) -> TrailGraph {
        let mut local = vec![u16::MAX; map.cities.len()];
        let mut ends: Vec<(u16, u16)> = Vec::with_capacity(routes.len());
        let mut weights = Vec::with_capacity(routes.len());
        let mut vertices = 0u16;
        let mut vertex = |city: CityId| {
            let slot = &mut local[usize::from(city.0)];
            if *slot == u16::MAX {
                *slot = vertices;
                vertices += 1;
            }
            *slot
        };
        for r in routes.iter() {
            let route = map.route(r);
            ends.push((vertex(route.a), vertex(route.b)));
            weights.push(u32::from(route.trains().max(route.metros())));
        }
        contract_chains(&mut ends, &mut weights, usize::from(vertices));
        let n = usize::from(vertices);
        let mut first = vec![0usize; n + 1];
        for &(a, b) in &ends {
            first[usize::from(a) + 1] += 1;
            first[usize::from(b) + 1] += 1;
        }
        for v in 0..n {
            first[v + 1] += first[v];
        }
        let mut fill = first.clone();
        let mut incident = vec![(0u16, 0u16); first[n]];
        for (e, &(a, b)) in ends.iter().enumerate() {
            incident[fill[usize::from(a)]] = (e as u16, b);
            fill[usize::from(a)] += 1;
            incident[fill[usize::from(b)]] = (e as u16, a);
            fill[usize::from(b)] += 1;
        }
        TrailGraph {
            first,
            incident,
            weights,
        }
    }

    fn neighbours(&self, v: usize) -> &[(u16, u16)] {
        &self.incident[self.first[v]..self.first[v + 1]]
    }

    /// The longest trail. Both ends of a longest open trail have odd degree (at an even-degree end an unused route
    /// could extend it), and a closed one uses every route of its component. So each component is searched from
    /// its odd-degree vertices but one (a trail ending there was found from its other end), or from any one
    /// vertex when it has none.
    fn longest(&self) -> u32 {
        let n = self.first.len() - 1;
        let mut seen = vec![false; n];
        let mut search = Search {
            best: 0,
            component_weight: 0,
            used: [0; MAX_ROUTES / 64],
            lightest: 1,
            odd_unused: vec![false; n],
            odd: 0,
        };
        let mut members = Vec::with_capacity(n);
        for root in 0..n {
            if seen[root] {
                continue;
            }
            members.clear();
            members.push(root);
            seen[root] = true;
            let mut i = 0;
            while i < members.len() {
                for &(_, next) in self.neighbours(members[i]) {
                    if !seen[usize::from(next)] {
                        seen[usize::from(next)] = true;
                        members.push(usize::from(next));
                    }
                }
                i += 1;
            }
            // Each edge is seen from both ends.
            let weight: u32 = members
                .iter()
                .flat_map(|&v| self.neighbours(v))
                .map(|&(e, _)| self.weights[usize::from(e)])
                .sum::<u32>()
                / 2;
            if weight <= search.best {
                continue;
            }
            search.component_weight = weight;
            search.lightest = members
                .iter()
                .flat_map(|&v| self.neighbours(v))
                .map(|&(e, _)| self.weights[usize::from(e)])
                .min()
                .unwrap_or(1);
            search.odd = 0;
            for &v in &members {
                search.odd_unused[v] = self.neighbours(v).len() % 2 == 1;
                search.odd += u32::from(search.odd_unused[v]);
            }
            let mut odd: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&v| self.neighbours(v).len() % 2 == 1)
                .collect();
            // Any one odd vertex can be skipped; the busiest is the costliest start.
            odd.sort_by_key(|&v| self.neighbours(v).len());
            let starts = match odd.split_last() {
                Some((_, all_but_busiest)) => all_but_busiest,
                None => &members[..1],
            };
            for &start in starts {
                self.walk(start, 0, &mut search);
                if search.best == weight {
                    break;
                }
            }
        }
        search.best
    }

    /// Depth-first search over trails from `at`, cut by a parity bound. Off the trail's two ends, a trail uses an
    /// even number of each vertex's unused routes; so every other vertex with an odd number of unused routes keeps
    /// one of them unused, and one route serves at most two such vertices. Hence no trail from here can reach more
    /// than `component weight − ⌈(odd − 2) / 2⌉ × lightest route`, where `odd` counts vertices with an odd number of
    /// unused routes (kept up to date as routes are used).
    fn walk(&self, at: usize, length: u32, search: &mut Search) {
        if length > search.best {
            search.best = length;
        }
        let leftover = search.odd.saturating_sub(2).div_ceil(2) * search.lightest;
        if search.component_weight.saturating_sub(leftover) <= search.best {
            return;
        }
        for &(e, next) in self.neighbours(at) {
            let (word, bit) = (usize::from(e >> 6), 1u64 << (e & 63));
            if search.used[word] & bit == 0 {
                search.used[word] |= bit;
                let next = usize::from(next);
                let flips = search.flip(at, next);
                self.walk(next, length + self.weights[usize::from(e)], search);
                search.unflip(at, next, flips);
                search.used[word] &= !bit;
            }
        }
    }
}

/// The state of one longest-trail search.
struct Search {
    best: u32,
    component_weight: u32,
    /// The lightest route of the component.
    lightest: u32,
    /// Routes of the trail so far, by local edge index (at most one per route a player owns, so `MAX_ROUTES`).
    used: [u64; MAX_ROUTES / 64],
    /// Whether each vertex has an odd number of unused routes.
    odd_unused: Vec<bool>,
    /// How many vertices do.
    odd: u32,
}

impl Search {
    /// Using a route between `a` and `b` flips the parity of both ends (a loop flips nothing).
    fn flip(&mut self, a: usize, b: usize) -> bool {
        if a == b {
            return false;
        }
        for v in [a, b] {
            self.odd_unused[v] = !self.odd_unused[v];
            if self.odd_unused[v] {
                self.odd += 1
            } else {
                self.odd -= 1
            }
        }
        true
    }

    fn unflip(&mut self, a: usize, b: usize, flipped: bool) {
        if flipped {
            self.flip(a, b);
        }
    }
}

/// How many of a player's tickets are joined by two route-disjoint paths (India's Grand Tour).
pub fn grand_tour_tickets(map: &Map, h: &Holdings) -> usize {
    if map.rules.grand_tour.is_empty() {
        return 0;
    }
    h.tickets
        .iter()
        .filter(|&&t| {
            let ticket = map.ticket(t);
            ticket
                .targets
                .iter()
                .any(|(to, _)| edge_disjoint_paths(map, h.routes, ticket.from, *to, 2) >= 2)
        })
        .count()
}

/// Route-disjoint paths between two places through a set of routes, counted up to `limit` (unit-capacity max flow).
pub fn edge_disjoint_paths(map: &Map, routes: RouteSet, from: Place, to: Place, limit: usize) -> usize {
    let edges: Vec<(usize, usize)> = routes
        .iter()
        .map(|r| (usize::from(map.route(r).a.0), usize::from(map.route(r).b.0)))
        .collect();
    let n = map.cities.len();
    // flow[e] = +1 when used a→b, -1 when used b→a.
    let mut flow = vec![0i8; edges.len()];
    let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (e, &(a, b)) in edges.iter().enumerate() {
        incident[a].push(e);
        incident[b].push(e);
    }
    let is_source = |c: usize| map.place_contains(from, CityId(c as u16));
    let is_sink = |c: usize| map.place_contains(to, CityId(c as u16));
    let mut found = 0;
    while found < limit {
        // Breadth-first search for an augmenting path in the residual graph.
        let mut came_from: Vec<Option<(usize, usize)>> = vec![None; n];
        let mut seen = vec![false; n];
        let mut queue = std::collections::VecDeque::new();
        for c in (0..n).filter(|&c| is_source(c)) {
            seen[c] = true;
            queue.push_back(c);
        }
        let mut end = None;
        while let Some(u) = queue.pop_front() {
            if is_sink(u) {
                end = Some(u);
                break;
            }
            for &e in &incident[u] {
                let (a, b) = edges[e];
                let (v, forward) = if a == u { (b, true) } else { (a, false) };
                let residual = if forward { flow[e] < 1 } else { flow[e] > -1 };
                if residual && !seen[v] {
                    seen[v] = true;
                    came_from[v] = Some((u, e));
                    queue.push_back(v);
                }
            }
        }
        let Some(mut v) = end else { break };
        while let Some((u, e)) = came_from[v] {
            flow[e] += if edges[e].0 == u { 1 } else { -1 };
            v = u;
        }
        found += 1;
    }
    found
}
