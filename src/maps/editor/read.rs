//! An editor map's payload read into cities, routes and tickets by index: what a game can use kept, the rest noted.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::{ConvertError, MAX_ITEMS, Notes};
use crate::rules::fold;
use crate::rules::names::excerpt;

type Object = serde_json::Map<String, Value>;

/// The fields of a stop the editor writes.
const STOP_KEYS: [&str; 12] = [
    "id",
    "name",
    "type",
    "x",
    "y",
    "size",
    "symbol",
    "letter",
    "labelAngle",
    "endGapMm",
    "locked",
    "labelLocked",
];

/// The fields of a route the editor writes (`tunnel` and `wagonStyle` only before format version 3, read anyway).
const ROUTE_KEYS: [&str; 12] = [
    "id",
    "a",
    "b",
    "length",
    "type",
    "color",
    "points",
    "locomotiveSlots",
    "lineStyle",
    "curved",
    "wagonStyle",
    "tunnel",
];

/// The fields of a ticket the editor writes (`aName` and `bName` in a deck moved between maps).
const TICKET_KEYS: [&str; 9] = ["id", "a", "b", "points", "long", "set", "adjust", "aName", "bName"];

/// The longest route scored: the standard table, which the editor also uses, stops at 8 spaces.
pub(super) const LONGEST_ROUTE: u8 = 8;

/// A city as our map file writes it, in editor units.
pub(super) struct City {
    pub(super) name: String,
    pub(super) x: f64,
    pub(super) y: f64,
}

/// A route between two cities (indices into the cities), with our colour name.
pub(super) struct Route {
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) len: u8,
    pub(super) color: &'static str,
    pub(super) tunnel: bool,
    pub(super) ferry: u8,
}

/// A ticket between two cities (indices into the cities).
pub(super) struct Ticket {
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) points: u16,
    pub(super) long: bool,
}

/// The network a game is played on, and the payload it came from (for the setup).
pub(super) struct Network<'a> {
    pub(super) name: String,
    pub(super) cities: Vec<City>,
    pub(super) routes: Vec<Route>,
    pub(super) tickets: Vec<Ticket>,
    pub(super) payload: &'a Object,
}

/// A stop as the file gives it, before it is known whether a route reaches it.
struct Stop<'a> {
    id: &'a str,
    name: &'a str,
    x: f64,
    y: f64,
}

/// How a route type plays, from the map's `routeTypeStyles`.
struct RouteType<'a> {
    label: &'a str,
    tunnel: bool,
    boat: bool,
    infrastructure: bool,
    /// A shape or letter of the map's own: a rule we do not know.
    own_rule: bool,
}

/// Reads the payload's stops, routes and tickets.
///
/// # Errors
/// A list or a field a game needs is missing or misshapen, a route names a stop the file lacks, a length cannot be
/// scored, or nothing playable is left.
pub(super) fn payload<'a>(payload: &'a Object, notes: &mut Notes) -> Result<Network<'a>, ConvertError> {
    notes.unknown_fields("payload", payload, &super::PAYLOAD_KEYS);
    let name = match payload.get("name").and_then(Value::as_str).map(str::trim) {
        Some(name) if !name.is_empty() => name.to_string(),
        _ => "Imported map".to_string(),
    };
    let drawn: Vec<&str> = [
        ("background", "the background"),
        ("backgroundImage", "the background image"),
        ("notes", "the notes"),
        ("rules", "the rules text"),
    ]
    .into_iter()
    .filter(|(key, _)| {
        payload
            .get(*key)
            .is_some_and(|v| !(v.is_null() || v == "" || v == &Value::Array(vec![])))
    })
    .map(|(_, what)| what)
    .collect();
    if !drawn.is_empty() {
        notes.say(format!(
            "the editor's drawing and texts ({}) are not part of a game here",
            drawn.join(", ")
        ));
    }
    let stops = read_stops(list(payload, "stops", "payload")?.unwrap_or(&[]), notes)?;
    let types = route_types(payload);
    let (mut routes, used) = read_routes(
        list(payload, "routes", "payload")?.unwrap_or(&[]),
        &stops,
        &types,
        notes,
    )?;
    if routes.is_empty() {
        return Err(ConvertError::new("the map has no route a player can claim"));
    }
    // Our maps hold only cities some route reaches; `index` takes a stop's position to its city's.
    let mut index = vec![None; stops.len()];
    let mut cities = Vec::new();
    let mut lone = Vec::new();
    for (i, stop) in stops.iter().enumerate() {
        if used.contains(&i) {
            index[i] = Some(cities.len());
            cities.push(City {
                name: stop.name.trim().to_string(),
                x: stop.x,
                y: stop.y,
            });
        } else {
            lone.push(stop.name);
        }
    }
    if !lone.is_empty() {
        notes.say(format!("{} left out: no route reaches them", listed("stop", &lone)));
    }
    for route in &mut routes {
        route.a = index[route.a].unwrap_or_default();
        route.b = index[route.b].unwrap_or_default();
    }
    name_cities(&mut cities, notes);
    let tickets = read_tickets(payload, &stops, &index, &cities, notes)?;
    Ok(Network {
        name,
        cities,
        routes,
        tickets,
        payload,
    })
}

/// A list of the payload, capped before anything in it is read.
fn list<'a>(object: &'a Object, key: &str, path: &str) -> Result<Option<&'a [Value]>, ConvertError> {
    let Some(value) = object.get(key) else {
        return Ok(None);
    };
    let items = value
        .as_array()
        .ok_or_else(|| ConvertError::new(format!("`{path}.{key}` is not a list")))?;
    if items.len() > MAX_ITEMS {
        return Err(ConvertError::new(format!(
            "`{path}.{key}` holds {} entries; at most {MAX_ITEMS} are read",
            items.len()
        )));
    }
    Ok(Some(items))
}

fn object<'a>(value: &'a Value, path: &str) -> Result<&'a Object, ConvertError> {
    value
        .as_object()
        .ok_or_else(|| ConvertError::new(format!("`{path}` is not an object")))
}

fn field<'a>(object: &'a Object, key: &str, path: &str) -> Result<&'a Value, ConvertError> {
    object
        .get(key)
        .ok_or_else(|| ConvertError::new(format!("`{path}.{key}` is missing")))
}

fn text<'a>(object: &'a Object, key: &str, path: &str) -> Result<&'a str, ConvertError> {
    field(object, key, path)?
        .as_str()
        .ok_or_else(|| ConvertError::new(format!("`{path}.{key}` is not text")))
}

fn number(object: &Object, key: &str, path: &str) -> Result<f64, ConvertError> {
    field(object, key, path)?
        .as_f64()
        .ok_or_else(|| ConvertError::new(format!("`{path}.{key}` is not a number")))
}

/// "stop \"A\"", "2 stops (\"A\", \"B\")", "7 stops (\"A\", \"B\", \"C\", …)".
fn listed(what: &str, names: &[&str]) -> String {
    let shown: Vec<String> = names.iter().take(3).map(|n| format!("\"{}\"", excerpt(n))).collect();
    match names.len() {
        1 => format!("{what} {}", shown[0]),
        n if n <= 3 => format!("{n} {what}s ({})", shown.join(", ")),
        n => format!("{n} {what}s ({}, …)", shown.join(", ")),
    }
}

fn read_stops<'a>(items: &'a [Value], notes: &mut Notes) -> Result<Vec<Stop<'a>>, ConvertError> {
    let mut stops = Vec::with_capacity(items.len());
    let mut ids = HashSet::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let path = format!("payload.stops[{i}]");
        let stop = object(item, &path)?;
        notes.unknown_fields("stop", stop, &STOP_KEYS);
        let id = text(stop, "id", &path)?;
        if !ids.insert(id) {
            return Err(ConvertError::new(format!(
                "two stops have the id \"{}\"; a stop's id is its own",
                excerpt(id)
            )));
        }
        stops.push(Stop {
            id,
            name: text(stop, "name", &path)?,
            x: number(stop, "x", &path)?,
            y: number(stop, "y", &path)?,
        });
    }
    Ok(stops)
}

/// The map's route types by id; the editor's three first ones when the file lists none.
fn route_types(payload: &Object) -> HashMap<&str, RouteType<'_>> {
    let mut types = HashMap::new();
    for style in payload
        .get("routeTypeStyles")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .take(MAX_ITEMS)
    {
        let Some(id) = style.get("id").and_then(Value::as_str) else {
            continue;
        };
        let shape = style.get("shape").and_then(Value::as_str).unwrap_or("plain");
        let glyph = style
            .get("glyph")
            .and_then(Value::as_str)
            .is_some_and(|g| !g.trim().is_empty());
        types.insert(
            id,
            RouteType {
                label: style.get("label").and_then(Value::as_str).unwrap_or(id),
                tunnel: shape == "serrated",
                boat: shape == "oval",
                infrastructure: style.get("infrastructure").and_then(Value::as_bool) == Some(true),
                own_rule: glyph || matches!(shape, "notched" | "heavy"),
            },
        );
    }
    if types.is_empty() {
        for (id, tunnel, boat) in [("city", false, false), ("tunnel", true, false), ("boat", false, true)] {
            let (label, infrastructure, own_rule) = (id, false, false);
            types.insert(
                id,
                RouteType {
                    label,
                    tunnel,
                    boat,
                    infrastructure,
                    own_rule,
                },
            );
        }
    }
    types
}

/// Our colour for the editor's: its nine are the standard deck's, `neutral` being gray and `purple` our pink.
fn our_color(name: &str) -> Option<&'static str> {
    Some(match name.trim().to_lowercase().as_str() {
        "neutral" | "gray" | "grey" | "" => "gray",
        "purple" | "pink" | "violet" => "pink",
        "red" => "red",
        "orange" => "orange",
        "yellow" => "yellow",
        "green" => "green",
        "blue" => "blue",
        "white" => "white",
        "black" => "black",
        _ => return None,
    })
}

/// The routes a player can claim, and the stops they reach (by position in `stops`).
fn read_routes(
    items: &[Value],
    stops: &[Stop],
    types: &HashMap<&str, RouteType>,
    notes: &mut Notes,
) -> Result<(Vec<Route>, HashSet<usize>), ConvertError> {
    let by_id: HashMap<&str, usize> = stops.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
    let mut routes = Vec::with_capacity(items.len());
    let mut used = HashSet::new();
    let mut lanes: HashMap<(usize, usize), usize> = HashMap::new();
    let (mut built, mut extra_lanes, mut own_rules, mut plain_boats) = (Vec::new(), 0, Vec::new(), Vec::new());
    for (i, item) in items.iter().enumerate() {
        let path = format!("payload.routes[{i}]");
        let route = object(item, &path)?;
        notes.unknown_fields("route", route, &ROUTE_KEYS);
        let end = |key: &str| -> Result<usize, ConvertError> {
            let id = text(route, key, &path)?;
            by_id.get(id).copied().ok_or_else(|| {
                ConvertError::new(format!(
                    "`{path}.{key}` names stop \"{}\", which the file does not have",
                    excerpt(id)
                ))
            })
        };
        let (a, b) = (end("a")?, end("b")?);
        let label = format!("route {}–{}", excerpt(stops[a].name), excerpt(stops[b].name));
        let length = number(route, "length", &path)?;
        let colour = text(route, "color", &path)?;
        let type_id = route.get("type").and_then(Value::as_str).unwrap_or("city");
        let kind = types.get(type_id);
        if kind.is_some_and(|k| k.infrastructure) {
            built.push(kind.map_or(type_id, |k| k.label));
            continue;
        }
        if a == b {
            notes.say(format!("{label} left out: it starts and ends at one stop"));
            continue;
        }
        if length.fract() != 0.0 || !(1.0..=f64::from(LONGEST_ROUTE)).contains(&length) {
            return Err(ConvertError::new(format!(
                "{label} is {length} spaces long; routes here are whole lengths from 1 to {LONGEST_ROUTE}"
            )));
        }
        let len = length as u8;
        let lane = lanes.entry((a.min(b), a.max(b))).or_default();
        *lane += 1;
        if *lane > 2 {
            extra_lanes += 1;
            continue;
        }
        let color = our_color(colour).unwrap_or_else(|| {
            notes.say(format!(
                "{label}: colour \"{}\" is not one of the deck's; played as gray",
                excerpt(colour)
            ));
            "gray"
        });
        let ferry = locomotives(route, len, &label, notes);
        let legacy_tunnel = route.get("tunnel").and_then(Value::as_bool) == Some(true)
            || route.get("wagonStyle").and_then(Value::as_str) == Some("tunnel");
        let tunnel = kind.map_or(type_id == "tunnel", |k| k.tunnel) || legacy_tunnel;
        if let Some(k) = kind.filter(|k| k.own_rule && !k.tunnel) {
            own_rules.push(k.label);
        }
        if let Some(k) = kind.filter(|k| k.boat && ferry == 0) {
            plain_boats.push(k.label);
        }
        used.extend([a, b]);
        routes.push(Route {
            a,
            b,
            len,
            color,
            tunnel,
            ferry,
        });
    }
    note_left_out(notes, &built, extra_lanes, &own_rules, &plain_boats);
    Ok((routes, used))
}

/// How many of a route's spaces need a locomotive: the distinct slots of `locomotiveSlots` within its length.
fn locomotives(route: &Object, len: u8, label: &str, notes: &mut Notes) -> u8 {
    let Some(slots) = route.get("locomotiveSlots").and_then(Value::as_array) else {
        return 0;
    };
    let valid: HashSet<u64> = slots
        .iter()
        .filter_map(Value::as_u64)
        .filter(|&s| s < u64::from(len))
        .collect();
    if valid.len() < slots.len() {
        notes.say(format!(
            "{label}: {} of its locomotive spaces are not spaces of the route, or repeat one, and are left out",
            slots.len() - valid.len()
        ));
    }
    valid.len() as u8
}

fn note_left_out(notes: &mut Notes, built: &[&str], extra_lanes: usize, own_rules: &[&str], plain_boats: &[&str]) {
    let kinds = |labels: &[&str]| {
        let mut kinds: Vec<String> = labels.iter().map(|l| format!("\"{}\"", excerpt(l))).collect();
        kinds.sort();
        kinds.dedup();
        kinds.join(", ")
    };
    if !built.is_empty() {
        notes.say(format!(
            "{} pre-built route(s) of type {} left out: no one claims them",
            built.len(),
            kinds(built)
        ));
    }
    if extra_lanes > 0 {
        notes.say(format!(
            "{extra_lanes} lane(s) past the second between the same two stops left out: a route here has at most two \
             tracks"
        ));
    }
    if !own_rules.is_empty() {
        notes.say(format!(
            "routes of type {} play as ordinary routes: their mark is a rule of the map's own",
            kinds(own_rules)
        ));
    }
    if !plain_boats.is_empty() {
        notes.say(format!(
            "routes of type {} without locomotive spaces play as ordinary routes",
            kinds(plain_boats)
        ));
    }
}

/// Every city named, each name once (also once folded: our look-ups ignore case and accents).
fn name_cities(cities: &mut [City], notes: &mut Notes) {
    let mut seen = HashSet::new();
    for (i, city) in cities.iter_mut().enumerate() {
        if city.name.is_empty() {
            city.name = format!("Stop {}", i + 1);
            notes.say(format!("a stop without a name is called \"{}\"", city.name));
        }
        if !seen.insert(fold(&city.name)) {
            let renamed = (2..)
                .map(|n| format!("{} ({n})", city.name))
                .find(|n| !seen.contains(&fold(n)))
                .unwrap_or_default();
            notes.say(format!(
                "a second stop named \"{}\" is called \"{}\"",
                excerpt(&city.name),
                excerpt(&renamed)
            ));
            seen.insert(fold(&renamed));
            city.name = renamed;
        }
    }
}

/// The tickets of the map's first deck (the one the editor starts with) between cities of the game, each pair once.
fn read_tickets(
    payload: &Object,
    stops: &[Stop],
    index: &[Option<usize>],
    cities: &[City],
    notes: &mut Notes,
) -> Result<Vec<Ticket>, ConvertError> {
    let first_deck = payload
        .get("ticketSets")
        .and_then(Value::as_array)
        .and_then(|sets| sets.first())
        .and_then(|set| set.get("id"))
        .and_then(Value::as_str);
    let by_id: HashMap<&str, usize> = stops.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
    let by_name: HashMap<String, usize> = stops.iter().enumerate().map(|(i, s)| (fold(s.name), i)).collect();
    let mut tickets = Vec::new();
    let mut pairs = HashSet::new();
    let (mut other_decks, mut merged, mut dropped) = (0, 0, Vec::new());
    for (i, item) in list(payload, "tickets", "payload")?.unwrap_or(&[]).iter().enumerate() {
        let path = format!("payload.tickets[{i}]");
        let ticket = object(item, &path)?;
        notes.unknown_fields("ticket", ticket, &TICKET_KEYS);
        let deck = ticket.get("set").and_then(Value::as_str);
        if deck.is_some() && first_deck.is_some() && deck != first_deck {
            other_decks += 1;
            continue;
        }
        // A stop by its id, or by its name when the deck came from another copy of the map.
        let end = |id: &str, name: &str| -> Result<Option<usize>, ConvertError> {
            let stop = match ticket.get(id).and_then(Value::as_str).and_then(|k| by_id.get(k)) {
                Some(&stop) => Some(stop),
                None if ticket.contains_key(id) || ticket.contains_key(name) => ticket
                    .get(name)
                    .and_then(Value::as_str)
                    .and_then(|n| by_name.get(&fold(n)))
                    .copied(),
                None => return Err(ConvertError::new(format!("`{path}.{id}` is missing"))),
            };
            Ok(stop.and_then(|s| index[s]))
        };
        let (a, b) = (end("a", "aName")?, end("b", "bName")?);
        let points = number(ticket, "points", &path)?;
        let (Some(a), Some(b)) = (a, b) else {
            let which = ticket
                .get("id")
                .and_then(Value::as_str)
                .map_or_else(|| (i + 1).to_string(), excerpt);
            dropped.push(format!(
                "ticket {which} names a stop not on the board (the file lacks it, or no route reaches it)"
            ));
            continue;
        };
        let label = format!("ticket {}–{}", excerpt(&cities[a].name), excerpt(&cities[b].name));
        if a == b {
            dropped.push(format!("{label} goes nowhere"));
        } else if points.fract() != 0.0 || !(1.0..=1000.0).contains(&points) {
            dropped.push(format!(
                "{label} is worth {points} points, not a whole number from 1 to 1000"
            ));
        } else if !pairs.insert((a.min(b), a.max(b))) {
            merged += 1;
        } else {
            let long = ticket.get("long").and_then(Value::as_bool) == Some(true);
            tickets.push(Ticket {
                a,
                b,
                points: points as u16,
                long,
            });
        }
    }
    for why in dropped {
        notes.say(format!("{why}: left out"));
    }
    if merged > 0 {
        notes.say(format!(
            "{merged} ticket(s) between the same cities as an earlier ticket merged into it"
        ));
    }
    if other_decks > 0 {
        notes.say(format!(
            "{other_decks} ticket(s) of the map's other decks left out: the first deck is played"
        ));
    }
    Ok(tickets)
}
