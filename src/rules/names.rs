//! Names to ids. What players type ("Denver - Kansas City red", "st gallen"), forgiving case, accents and
//! spelling of "Saint", with ranked prefix search for autocomplete; and the exact lists files use (`[a, b]` or
//! `[a, b, colour]` for a route, `[a, b]` for a ticket). Refusals are a type, [`NameError`]; the sentence a player
//! reads comes from `crate::text`.

use std::fmt;

use super::action::Action;
use super::cards::{Card, CardCounts, Color};
use super::map::{CityId, Map, RouteId, TicketId, fold};

/// Longest piece of user input quoted in an error: enough to recognise it, never the whole input echoed back.
const EXCERPT_CHARS: usize = 48;

/// Most close names suggested for an unknown one.
const SUGGESTIONS: usize = 3;

/// A piece of user input as an error quotes it: at most a short excerpt, with "…" where it was cut.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Why a name did not resolve. Typed text is kept as an excerpt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Nothing was typed.
    Empty,
    /// No location has this name; `close` holds the nearest names, best first.
    UnknownCity {
        /// What was typed.
        typed: String,
        /// Locations with a similar name.
        close: Vec<CityId>,
    },
    /// No location or country has this name.
    UnknownPlace {
        /// What was typed.
        typed: String,
    },
    /// The text does not name two locations.
    NotARoute {
        /// What was typed.
        typed: String,
    },
    /// No track joins the two locations (in this colour, when one was given).
    NoSuchRoute {
        /// One end, as typed.
        a: String,
        /// The other end, as typed.
        b: String,
        /// The colour asked for, if any (`Some(None)` is gray).
        color: Option<Option<Color>>,
    },
    /// A colour that is none of the map's.
    UnknownColor {
        /// What was typed.
        typed: String,
    },
    /// No ticket card joins these places.
    NoSuchTicket {
        /// One end, as typed.
        a: String,
        /// The other end, as typed.
        b: String,
    },
    /// Every matching track or ticket card is already listed elsewhere in the same file.
    ListedTooOften {
        /// The route or ticket, as written.
        what: String,
        /// "route" or "ticket".
        kind: &'static str,
    },
    /// What was typed as a payment is not cards of this map.
    NotCards {
        /// What was typed (cut short).
        got: String,
    },
    /// A list in a file has the wrong shape.
    Malformed {
        /// What the list should look like.
        expected: &'static str,
        /// What it was.
        got: String,
    },
}

/// For tools and files (`ttrbot replay`, `ttrbot score`): one terse line.
impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color_name = |c: &Option<Color>| c.map_or("gray", Color::name);
        match self {
            NameError::Empty => write!(f, "no name given"),
            NameError::UnknownCity { typed, .. } => write!(f, "unknown city \"{typed}\""),
            NameError::UnknownPlace { typed } => write!(f, "unknown place \"{typed}\""),
            NameError::NotARoute { typed } => write!(f, "\"{typed}\" does not name two cities"),
            NameError::NoSuchRoute { a, b, color: None } => write!(f, "no route {a}–{b}"),
            NameError::NoSuchRoute { a, b, color: Some(c) } => write!(f, "no route {a}–{b} ({})", color_name(c)),
            NameError::UnknownColor { typed } => write!(f, "unknown colour \"{typed}\""),
            NameError::NoSuchTicket { a, b } => write!(f, "no ticket {a}–{b}"),
            NameError::ListedTooOften { what, kind: "route" } => write!(f, "route {what} is owned twice"),
            NameError::ListedTooOften { what, .. } => {
                write!(f, "ticket {what} is listed more times than the deck has it")
            }
            NameError::NotCards { got } => write!(f, "cards such as “3 red + 1 locomotive”, not {got}"),
            NameError::Malformed { expected, got } => write!(f, "{expected}, not {got}"),
        }
    }
}

impl std::error::Error for NameError {}

// ----- what players type -----

/// Separators players put between the two ends of a route, tried in this order.
const SEPARATORS: [&str; 7] = [" – ", " — ", " - ", " to ", "–", "—", "-"];

/// A location by what a player typed: case, accents, dots and "Saint"/"St" forgiven.
///
/// # Errors
/// `Empty`, or `UnknownCity` with the closest names.
pub fn find_city(map: &Map, typed: &str) -> Result<CityId, NameError> {
    let names = FoldedNames::of(map);
    let key = fold(typed);
    if key.is_empty() {
        return Err(NameError::Empty);
    }
    names
        .find_folded(&key)
        .ok_or_else(|| unknown_city(map, &names, typed, &key))
}

/// Whether `text` could fold to at most `chars` characters: folding drops whitespace and dots and shortens
/// "saint" (5 letters) to "st" (2), and nothing else shortens a text, so more than 5/2 letters per character
/// cannot fit. Linear, and without folding a text that is far too long to be a name.
fn could_fold_within(text: &str, chars: usize) -> bool {
    let letters = text.chars().filter(|&c| !c.is_whitespace() && c != '.').count();
    letters * 2 <= chars * 5
}

/// A map's location names folded once, so that reading what a player typed costs one fold of the input and one
/// comparison per location, however the input is cut.
struct FoldedNames {
    /// `fold(name)` of every location, by id.
    names: Vec<String>,
    /// The longest folded name, in characters: no side of a route can be longer.
    longest: usize,
}

impl FoldedNames {
    fn of(map: &Map) -> FoldedNames {
        let names: Vec<String> = map.cities.iter().map(|c| fold(&c.name)).collect();
        let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        FoldedNames { names, longest }
    }

    /// The location with exactly this name (after folding), if any.
    fn find(&self, typed: &str) -> Option<CityId> {
        if !could_fold_within(typed, self.longest) {
            return None;
        }
        self.find_folded(&fold(typed))
    }

    fn find_folded(&self, key: &str) -> Option<CityId> {
        self.names.iter().position(|n| n == key).map(|i| CityId(i as u16))
    }

    /// Longest text (after folding) that could still name a route: two names, a separator and a colour as the
    /// bot writes it, "(4, locomotive)".
    fn longest_route(&self) -> usize {
        2 * self.longest + 24
    }
}

/// The refusal for text that is no location (`key` is its fold), with the nearest names.
fn unknown_city(map: &Map, names: &FoldedNames, typed: &str, key: &str) -> NameError {
    NameError::UnknownCity {
        typed: excerpt(typed.trim()),
        close: closest_cities(map, names, key),
    }
}

/// A route as a player names it: two ends and, if given, a colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteName {
    /// One end.
    pub a: CityId,
    /// The other end.
    pub b: CityId,
    /// The colour named, if any (`Some(None)` is gray).
    pub color: Option<Option<Color>>,
    /// The tracks it may mean, in file order (both tracks of a double when no colour tells them apart).
    pub tracks: Vec<RouteId>,
}

/// Reads a route as players type it: "Denver - Kansas City", "denver–omaha red", "Denver to Omaha", or the way
/// the bot writes routes, "Denver – Omaha (4, pink)". City names with hyphens ("La Chaux-de-Fonds") work: every
/// separator is tried until both sides are cities.
///
/// # Errors
/// `Empty`, `UnknownCity` (the side that was not found, with close names), `NotARoute`, `UnknownColor`, or
/// `NoSuchRoute`.
pub fn parse_route(map: &Map, typed: &str) -> Result<RouteName, NameError> {
    let text = typed.trim();
    if text.is_empty() {
        return Err(NameError::Empty);
    }
    let names = FoldedNames::of(map);
    let not_a_route = || NameError::NotARoute { typed: excerpt(text) };
    // Every step below is linear in the text; this bound keeps what an attacker can make them cost small too.
    if !could_fold_within(text, names.longest_route()) {
        return Err(not_a_route());
    }
    let (ends, color) = split_color(map, &names, text)?;
    let mut first_unknown = None;
    for (at, sep) in separators_in(ends) {
        let (left, right) = (ends[..at].trim(), ends[at + sep.len()..].trim());
        match (names.find(left), names.find(right)) {
            (Some(a), Some(b)) => return route_between(map, (a, left), (b, right), color),
            (Some(_), None) if !right.is_empty() => {
                first_unknown.get_or_insert(right);
            }
            (None, Some(_)) if !left.is_empty() => {
                first_unknown.get_or_insert(left);
            }
            _ => {}
        }
    }
    // Suggestions are searched once, for the first side that was not a location, not at every cut tried.
    Err(first_unknown.map_or_else(not_a_route, |side| unknown_city(map, &names, side, &fold(side))))
}

/// Every place a separator occurs, as (byte offset, separator): separators in the order players mean them, each
/// from the left.
fn separators_in(text: &str) -> impl Iterator<Item = (usize, &'static str)> + '_ {
    SEPARATORS
        .iter()
        .flat_map(move |&sep| text.match_indices(sep).map(move |(at, _)| (at, sep)))
}

/// Splits a colour off the end: "(4, red)" as the bot writes it, or a last word that is a colour.
fn split_color<'a>(
    map: &Map,
    names: &FoldedNames,
    text: &'a str,
) -> Result<(&'a str, Option<Option<Color>>), NameError> {
    if let Some(open) = text.rfind('(')
        && text.ends_with(')')
    {
        let inside = &text[open + 1..text.len() - 1];
        let color = inside
            .split([',', ' '])
            .map(str::trim)
            .find_map(|word| parse_color(map, word).ok());
        return Ok((text[..open].trim(), color));
    }
    match text.rsplit_once(char::is_whitespace) {
        Some((rest, last)) if parse_color(map, last).is_ok() && !rest.trim().is_empty() => {
            // A city could end in a colour word; prefer the reading where the whole text is two cities.
            let whole_is_route = separators_in(text)
                .any(|(at, sep)| names.find(&text[..at]).is_some() && names.find(&text[at + sep.len()..]).is_some());
            if whole_is_route {
                Ok((text, None))
            } else {
                Ok((rest.trim(), Some(parse_color(map, last)?)))
            }
        }
        _ => Ok((text, None)),
    }
}

/// Longest text that can still be a payment: every kind of card once, with counts, in any language, is far shorter.
/// A longer text is refused before any word of it is read.
pub const LONGEST_PAYMENT: usize = 200;

/// Reads cards as players type them and as the bot writes payments: "3 red + 1 locomotive", "3 red, 1 locomotive",
/// "2 locomotives", "red" (one card). Case and accents are forgiven; a plural "s" is too.
///
/// # Errors
/// `Empty`, or `NotCards` when something is not a count and a card of this map.
pub fn parse_cards(map: &Map, typed: &str) -> Result<CardCounts, NameError> {
    if typed.trim().is_empty() {
        return Err(NameError::Empty);
    }
    let malformed = || NameError::NotCards {
        got: excerpt(typed.trim()),
    };
    if typed.chars().count() > LONGEST_PAYMENT {
        return Err(malformed());
    }
    let mut cards = CardCounts::default();
    for part in typed.split(['+', ',']).map(str::trim).filter(|p| !p.is_empty()) {
        let (count, name) = match part.split_once(char::is_whitespace) {
            Some((n, rest)) if n.trim_end_matches('x').parse::<u8>().is_ok() => (
                n.trim_end_matches('x').parse::<u8>().map_err(|_| malformed())?,
                rest.trim(),
            ),
            _ => (1, part),
        };
        let key = fold(name);
        let wild = map.rules.wild;
        let card = Card::from_name(&key, wild)
            .or_else(|| key.strip_suffix('s').and_then(|k| Card::from_name(k, wild)))
            .filter(|c| c.color().is_none_or(|color| map.rules.deck_colors.contains(&color)))
            .ok_or_else(malformed)?;
        let total = cards.get(card).checked_add(count).ok_or_else(malformed)?;
        cards.0[card.index()] = total;
    }
    Ok(cards)
}

/// A colour word: one of the deck's colours, or "gray"/"grey" (`None` inside).
///
/// # Errors
/// `UnknownColor`.
pub fn parse_color(map: &Map, word: &str) -> Result<Option<Color>, NameError> {
    let key = fold(word);
    match key.as_str() {
        "gray" | "grey" => Ok(None),
        _ => Color::from_name(&key)
            .filter(|c| map.rules.deck_colors.contains(c))
            .map(Some)
            .ok_or_else(|| NameError::UnknownColor { typed: excerpt(word) }),
    }
}

fn route_between(
    map: &Map,
    (a, a_typed): (CityId, &str),
    (b, b_typed): (CityId, &str),
    color: Option<Option<Color>>,
) -> Result<RouteName, NameError> {
    let tracks: Vec<RouteId> = map
        .routes_between(a, b)
        .into_iter()
        .filter(|&r| color.is_none_or(|c| map.route(r).color == c))
        .collect();
    if tracks.is_empty() {
        return Err(NameError::NoSuchRoute {
            a: excerpt(a_typed),
            b: excerpt(b_typed),
            color,
        });
    }
    Ok(RouteName { a, b, color, tracks })
}

/// How well a name matches what was typed so far, best first: the whole name, its start, the start of one of its
/// words, anywhere inside. `None` when it does not match at all.
fn match_rank(name: &str, key: &str) -> Option<u8> {
    let name = fold(name);
    if key.is_empty() {
        Some(4)
    } else if name == key {
        Some(0)
    } else if name.starts_with(key) {
        Some(1)
    } else if name.split([' ', '-']).any(|w| w.starts_with(key)) {
        Some(2)
    } else if name.contains(key) {
        Some(3)
    } else {
        None
    }
}

/// Locations matching what was typed so far, best match first, then by name: for autocomplete.
pub fn search_cities(map: &Map, typed: &str) -> Vec<CityId> {
    let key = fold(typed);
    let mut found: Vec<(u8, &str, CityId)> = map
        .cities
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match_rank(&c.name, &key).map(|r| (r, c.name.as_str(), CityId(i as u16))))
        .collect();
    found.sort();
    found.into_iter().map(|(_, _, id)| id).collect()
}

/// Routes matching what was typed so far, best first, for autocomplete: "den" finds routes from Denver (and any
/// city with a word starting "den"); "denver - o" finds Denver – Oklahoma City and Denver – Omaha; a colour word at
/// the end keeps only that colour. Ties keep file order.
pub fn search_routes(map: &Map, typed: &str) -> Vec<RouteId> {
    let text = typed.trim();
    let (text, color) = match text.rsplit_once(char::is_whitespace) {
        Some((rest, last)) if !rest.trim().is_empty() => match parse_color(map, last) {
            Ok(c) => (rest.trim(), Some(c)),
            Err(_) => (text, None),
        },
        _ => (text, None),
    };
    let split = SEPARATORS
        .iter()
        .find_map(|sep| text.split_once(sep))
        .map(|(l, r)| (fold(l), fold(r)));
    let key = fold(text);
    let mut found: Vec<(u8, RouteId)> = Vec::new();
    for (i, r) in map.routes.iter().enumerate() {
        if color.is_some_and(|c| r.color != c) {
            continue;
        }
        let (a, b) = (&map.city(r.a).name, &map.city(r.b).name);
        let rank = match &split {
            Some((l, rt)) => {
                // With two ends typed, each must start a word of its city, not merely appear inside one.
                let starts = |name: &str, key: &str| match_rank(name, key).filter(|&r| r <= 2);
                let pair = |x: &str, y: &str| Some(starts(x, l)?.max(starts(y, rt)?));
                match (pair(a, b), pair(b, a)) {
                    (Some(p), Some(q)) => Some(p.min(q)),
                    (p, q) => p.or(q),
                }
            }
            None => match (match_rank(a, &key), match_rank(b, &key)) {
                (Some(p), Some(q)) => Some(p.min(q)),
                (p, q) => p.or(q),
            },
        };
        if let Some(rank) = rank {
            found.push((rank, RouteId(i as u16)));
        }
    }
    found.sort();
    found.into_iter().map(|(_, id)| id).collect()
}

/// The locations whose names are nearest to a key that matched none: by edit distance, at most a third of the
/// key's length away. Names whose length alone puts them past that are not compared, so a long key costs nothing.
fn closest_cities(map: &Map, names: &FoldedNames, key: &str) -> Vec<CityId> {
    let key_chars = key.chars().count();
    let limit = (key_chars / 3).max(1);
    let mut near: Vec<(usize, CityId)> = map
        .cities
        .iter()
        .zip(&names.names)
        .enumerate()
        .filter(|(_, (c, name))| c.country.is_none() && name.chars().count().abs_diff(key_chars) <= limit)
        .map(|(i, (_, name))| (edit_distance(name, key), CityId(i as u16)))
        .filter(|&(d, _)| d <= limit)
        .collect();
    near.sort();
    near.into_iter().take(SUGGESTIONS).map(|(_, id)| id).collect()
}

/// Levenshtein distance over characters (names are short).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

// ----- lists in files -----

/// A location by name in a file (case and accents forgiven).
///
/// # Errors
/// `UnknownCity`.
pub fn city(map: &Map, name: &str) -> Result<CityId, NameError> {
    map.find_city(name).ok_or_else(|| NameError::UnknownCity {
        typed: excerpt(name),
        close: Vec::new(),
    })
}

/// Every track matching `[a, b]` or `[a, b, colour]`, in file order.
///
/// # Errors
/// `Malformed`, `UnknownCity`, `UnknownColor` or `NoSuchRoute`.
pub fn routes(map: &Map, spec: &[String]) -> Result<Vec<RouteId>, NameError> {
    let (a, b, color) = match spec {
        [a, b] => (a, b, None),
        [a, b, c] => (a, b, Some(parse_color(map, c)?)),
        _ => {
            return Err(NameError::Malformed {
                expected: "a route is [a, b] or [a, b, colour]",
                got: excerpt(&format!("{spec:?}")),
            });
        }
    };
    Ok(route_between(map, (city(map, a)?, a), (city(map, b)?, b), color)?.tracks)
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
/// As [`routes`], or `ListedTooOften` when `free` refuses every matching track.
pub fn route(map: &Map, spec: &[String], free: impl Fn(RouteId) -> bool) -> Result<RouteId, NameError> {
    routes(map, spec)?
        .into_iter()
        .find(|&r| free(r))
        .ok_or_else(|| NameError::ListedTooOften {
            what: excerpt(&spec.join("–")),
            kind: "route",
        })
}

/// A ticket card named `[a, b]` (either order; `b` may be any one target of a country ticket) that `free` accepts.
///
/// # Errors
/// `Malformed`, `UnknownPlace`, `NoSuchTicket`, or `ListedTooOften` when `free` refuses every copy.
pub fn ticket(map: &Map, spec: &[String], free: impl Fn(TicketId) -> bool) -> Result<TicketId, NameError> {
    let [a, b] = spec else {
        return Err(NameError::Malformed {
            expected: "a ticket is [a, b]",
            got: excerpt(&format!("{spec:?}")),
        });
    };
    let place = |name: &String| {
        map.find_place(name)
            .ok_or_else(|| NameError::UnknownPlace { typed: excerpt(name) })
    };
    let (pa, pb) = (place(a)?, place(b)?);
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
        return Err(NameError::NoSuchTicket {
            a: excerpt(a),
            b: excerpt(b),
        });
    }
    matching
        .into_iter()
        .find(|&t| free(t))
        .ok_or_else(|| NameError::ListedTooOften {
            what: excerpt(&format!("{a}–{b}")),
            kind: "ticket",
        })
}

/// A card draw as players type it: `deck` (or `d`), or a face-up slot `1` to `5` (also as offered, "3 · red").
pub fn parse_draw(typed: &str) -> Option<Action> {
    match typed.trim().to_lowercase().as_str() {
        "deck" | "d" => Some(Action::DrawBlind),
        other => {
            let slot: u8 = other.split(['·', ' ']).next()?.trim().parse().ok()?;
            (1..=5).contains(&slot).then(|| Action::DrawFaceup { slot: slot - 1 })
        }
    }
}
