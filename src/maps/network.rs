//! A readable map's network: every city on a route, every ticket's places joined, each value beside its shortest path.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::Found;
use crate::map_report::{MapProblem, Severity};
use crate::rules::names::excerpt;
use crate::rules::{City, CityId, Link, Map, Place, Route, RouteId, TicketId};

/// A ticket's value may differ from its shortest path's cards by this many points before it is questioned: every
/// printed ticket of the built-in maps is within 2 of its shortest path (most are exactly on it; the rest are bonuses
/// for a hard route, as Seattle – New York's 22 for a shortest path of 20).
pub const VALUE_SLACK_POINTS: u32 = 2;

/// … and by this share of the shortest path, in percent (a quarter): a value of 5 for a path of 2 stands out more
/// than one of 25 for a path of 22.
pub const VALUE_SLACK_PERCENT: u32 = 25;

/// The routes touching each location, in file order, with their other ends.
pub(super) fn links_of_each_city(cities: &[City], routes: &[Route]) -> Vec<Vec<Link>> {
    let mut links = vec![Vec::new(); cities.len()];
    for (i, r) in routes.iter().enumerate() {
        let route = RouteId(i as u16);
        links[usize::from(r.a.0)].push(Link { route, to: r.b });
        links[usize::from(r.b.0)].push(Link { route, to: r.a });
    }
    links
}

/// Checks the network of a map whose rows all read: a city without a route, and a ticket whose places no chain of
/// routes joins, are refused; a network in several parts (every ticket within one), and a ticket's value far from
/// its shortest path, are warnings. `city_lines` and `ticket_lines` give each row's line, by id.
pub(super) fn check(map: &Map, city_lines: &[usize], ticket_lines: &[usize], found: &mut Found) {
    let mut alone = false;
    for (i, links) in map.links.iter().enumerate() {
        if links.is_empty() {
            let city = excerpt(&map.cities[i].name);
            found.push(
                city_lines.get(i).copied(),
                Severity::Refusal,
                MapProblem::NoRoute { city },
            );
            alone = true;
        }
    }
    let part = parts(map);
    let mut joined = true;
    for (i, ticket) in map.tickets.iter().enumerate() {
        let line = ticket_lines.get(i).copied();
        let name = ticket_name(map, TicketId(i as u16));
        let from = cities_of(map, ticket.from);
        let from_distance = distances(map, &from);
        for &(to, value) in &ticket.targets {
            let targets = cities_of(map, to);
            let together = from
                .iter()
                .any(|f| targets.iter().any(|t| part[usize::from(f.0)] == part[usize::from(t.0)]));
            if !together {
                let to = excerpt(map.place_name(to));
                found.push(
                    line,
                    Severity::Refusal,
                    MapProblem::Unreachable {
                        ticket: name.clone(),
                        to,
                    },
                );
                joined = false;
                continue;
            }
            let shortest = targets
                .iter()
                .map(|t| from_distance[usize::from(t.0)])
                .min()
                .unwrap_or(u32::MAX);
            if far_from(u32::from(value), shortest) {
                let problem = MapProblem::TicketValue {
                    ticket: name.clone(),
                    to: excerpt(map.place_name(to)),
                    value,
                    shortest,
                };
                found.push(line, Severity::Warning, problem);
            }
        }
    }
    let count = part.iter().max().map_or(0, |&p| p + 1);
    if count > 1 && joined && !alone {
        let mut sizes = vec![0usize; count];
        for &p in &part {
            sizes[p] += 1;
        }
        let largest = (0..count).max_by_key(|&p| (sizes[p], Reverse(p))).unwrap_or(0);
        let apart = part.iter().position(|&p| p != largest).unwrap_or(0);
        let problem = MapProblem::Disconnected {
            parts: count,
            apart: excerpt(&map.cities[apart].name),
        };
        found.push(city_lines.get(apart).copied(), Severity::Warning, problem);
    }
}

/// Whether a ticket's value strays from its shortest path by more than both slacks.
fn far_from(value: u32, shortest: u32) -> bool {
    let off = value.abs_diff(shortest);
    off > VALUE_SLACK_POINTS && off * 100 > shortest * VALUE_SLACK_PERCENT
}

/// A ticket as problems name it: its places as printed, "Bern – France / Italia" for a country ticket.
fn ticket_name(map: &Map, id: TicketId) -> String {
    let t = map.ticket(id);
    let to: Vec<String> = t.targets.iter().map(|(p, _)| excerpt(map.place_name(*p))).collect();
    format!("{} – {}", excerpt(map.place_name(t.from)), to.join(" / "))
}

/// The locations a ticket's end is: a city, or each border exit of a country.
fn cities_of(map: &Map, place: Place) -> Vec<CityId> {
    match place {
        Place::City(c) => vec![c],
        Place::Country(k) => map.countries[usize::from(k.0)].exits.clone(),
    }
}

/// Which part of the network each location is in, parts numbered from 0 in the order of their first location.
fn parts(map: &Map) -> Vec<usize> {
    let mut part = vec![usize::MAX; map.cities.len()];
    let mut next = 0;
    for start in 0..map.cities.len() {
        if part[start] != usize::MAX {
            continue;
        }
        part[start] = next;
        let mut stack = vec![start];
        while let Some(at) = stack.pop() {
            for link in &map.links[at] {
                let to = usize::from(link.to.0);
                if part[to] == usize::MAX {
                    part[to] = next;
                    stack.push(to);
                }
            }
        }
        next += 1;
    }
    part
}

/// The fewest cards from any of `sources` to each location (Dijkstra over what each route costs: its length, or a
/// metro line's printed cards, which its length of 1 does not tell; `u32::MAX` where no route leads).
pub(super) fn distances(map: &Map, sources: &[CityId]) -> Vec<u32> {
    let mut best = vec![u32::MAX; map.cities.len()];
    let mut queue = BinaryHeap::new();
    for &s in sources {
        best[usize::from(s.0)] = 0;
        queue.push(Reverse((0u32, s.0)));
    }
    while let Some(Reverse((d, at))) = queue.pop() {
        if d > best[usize::from(at)] {
            continue;
        }
        for link in &map.links[usize::from(at)] {
            let next = d + u32::from(map.route(link.route).cost);
            let to = usize::from(link.to.0);
            if next < best[to] {
                best[to] = next;
                queue.push(Reverse((next, link.to.0)));
            }
        }
    }
    best
}
