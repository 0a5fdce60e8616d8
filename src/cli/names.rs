//! Names in files to ids: routes as `[a, b]` or `[a, b, colour]`, tickets as `[a, b]`, cities by name.

use crate::maps::{CityId, Map, RouteId, TicketId};

/// A location by name (case and accents forgiven).
///
/// # Errors
/// The sentence "unknown city …".
pub fn city(map: &Map, name: &str) -> Result<CityId, String> {
    map.find_city(name)
        .ok_or_else(|| format!("unknown city \"{name}\" on {}", map.name))
}

/// A track named `[a, b]` or `[a, b, colour]` that `free` accepts (the first such track in file order).
///
/// # Errors
/// A sentence: malformed, unknown city, no such route, or every matching track refused by `free`.
pub fn route(map: &Map, spec: &[String], free: impl Fn(RouteId) -> bool) -> Result<RouteId, String> {
    let (a, b, color) = match spec {
        [a, b] => (a, b, None),
        [a, b, c] => (a, b, Some(c.to_lowercase())),
        _ => return Err(format!("a route is [a, b] or [a, b, colour], not {spec:?}")),
    };
    let (ca, cb) = (city(map, a)?, city(map, b)?);
    let tracks: Vec<RouteId> = map
        .routes_between(ca, cb)
        .into_iter()
        .filter(|&r| {
            color.as_deref().is_none_or(|c| {
                let route_color = map.route(r).color.map_or("gray", |k| k.name());
                route_color == c || (c == "grey" && route_color == "gray")
            })
        })
        .collect();
    let label = match &color {
        Some(c) => format!("{a}–{b} ({c})"),
        None => format!("{a}–{b}"),
    };
    if tracks.is_empty() {
        return Err(format!("no route {label} on {}", map.name));
    }
    tracks
        .into_iter()
        .find(|&r| free(r))
        .ok_or_else(|| format!("route {label} is owned twice"))
}

/// A ticket card named `[a, b]` (either order; `b` may be any one target of a country ticket) that `free` accepts.
///
/// # Errors
/// A sentence: malformed, unknown place, no such ticket, or every copy refused by `free`.
pub fn ticket(map: &Map, spec: &[String], free: impl Fn(TicketId) -> bool) -> Result<TicketId, String> {
    let [a, b] = spec else {
        return Err(format!("a ticket is [a, b], not {spec:?}"));
    };
    let pa = map
        .find_place(a)
        .ok_or_else(|| format!("unknown place \"{a}\" on {}", map.name))?;
    let pb = map
        .find_place(b)
        .ok_or_else(|| format!("unknown place \"{b}\" on {}", map.name))?;
    let matching: Vec<TicketId> = (0..map.tickets.len())
        .map(|i| TicketId(i as u16))
        .filter(|&t| {
            let card = map.ticket(t);
            let has = |from, to| card.from == from && card.targets.iter().any(|(p, _)| *p == to);
            has(pa, pb) || has(pb, pa)
        })
        .collect();
    if matching.is_empty() {
        return Err(format!("no ticket {a}–{b} on {}", map.name));
    }
    matching
        .into_iter()
        .find(|&t| free(t))
        .ok_or_else(|| format!("ticket {a}–{b} is listed more times than the deck has it"))
}
