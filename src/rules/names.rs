//! Names in files to ids: routes as `[a, b]` or `[a, b, colour]`, tickets as `[a, b]`, cities by name.

use super::map::{CityId, Map, RouteId, TicketId};

/// Longest piece of user input quoted in an error: enough to recognise it, never the whole input echoed back.
const EXCERPT_CHARS: usize = 48;

/// A piece of user input as an error quotes it: at most a short excerpt, with "…" where it was cut.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// A location by name (case and accents forgiven).
///
/// # Errors
/// The sentence "unknown city …".
pub fn city(map: &Map, name: &str) -> Result<CityId, String> {
    map.find_city(name)
        .ok_or_else(|| format!("unknown city \"{name}\" on {}", map.name))
}

/// Every track matching `[a, b]` or `[a, b, colour]`, in file order.
///
/// # Errors
/// A sentence: malformed, unknown city, or no such route.
pub fn routes(map: &Map, spec: &[String]) -> Result<Vec<RouteId>, String> {
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
    if tracks.is_empty() {
        let label = match &color {
            Some(c) => format!("{a}–{b} ({c})"),
            None => format!("{a}–{b}"),
        };
        return Err(format!("no route {label} on {}", map.name));
    }
    Ok(tracks)
}

/// A route as it is written in files: `[a, b, colour]`, which names the exact track.
pub fn route_spec(map: &Map, id: RouteId) -> Vec<String> {
    let r = map.route(id);
    vec![
        map.city(r.a).name.clone(),
        map.city(r.b).name.clone(),
        r.color.map_or("gray", |c| c.name()).to_string(),
    ]
}

/// A ticket as it is written in files: `[from, first target]`.
pub fn ticket_spec(map: &Map, id: TicketId) -> Vec<String> {
    let t = map.ticket(id);
    vec![
        map.place_name(t.from).to_string(),
        map.place_name(t.targets[0].0).to_string(),
    ]
}

/// A track named `[a, b]` or `[a, b, colour]` that `free` accepts (the first such track in file order).
///
/// # Errors
/// A sentence: malformed, unknown city, no such route, or every matching track refused by `free`.
pub fn route(map: &Map, spec: &[String], free: impl Fn(RouteId) -> bool) -> Result<RouteId, String> {
    routes(map, spec)?
        .into_iter()
        .find(|&r| free(r))
        .ok_or_else(|| format!("route {} is owned twice", spec.join("–")))
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
    let matching_from = |from, to| -> Vec<TicketId> {
        (0..map.tickets.len() as u16)
            .map(TicketId)
            .filter(|&t| map.ticket(t).from == from && map.ticket(t).targets.iter().any(|(p, _)| *p == to))
            .collect()
    };
    // A card is named from its origin; the reverse order is accepted only when no card starts at `a` (a plain
    // ticket written backwards). Otherwise `[Italia, Deutschland]` could take a Deutschland → Italia card.
    let mut matching = matching_from(pa, pb);
    if matching.is_empty() {
        matching = matching_from(pb, pa);
    }
    if matching.is_empty() {
        return Err(format!("no ticket {a}–{b} on {}", map.name));
    }
    matching
        .into_iter()
        .find(|&t| free(t))
        .ok_or_else(|| format!("ticket {a}–{b} is listed more times than the deck has it"))
}
