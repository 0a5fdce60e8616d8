//! A map file's rows read into typed places, routes and tickets, each refused with its line and a reason.

use std::collections::HashMap;

use toml::Spanned;

use super::MapError;
use super::Reporter;
use super::rows::{Board, CityRow, RouteRow, TicketRow};
use crate::rules::names::excerpt;
use crate::rules::{
    City, CityId, Color, Country, CountryId, Link, MAX_ROUTES, MAX_TICKETS, Place, Route, RouteId, RouteKind, Ruleset,
    Ticket, fold,
};

/// The locations and countries read so far, with their names folded for look-ups.
pub(super) struct Places {
    pub(super) cities: Vec<City>,
    pub(super) countries: Vec<Country>,
    /// Folded name → location; also the duplicate check, in one pass.
    pub(super) city_keys: HashMap<String, CityId>,
    /// Folded name → country.
    pub(super) country_keys: HashMap<String, CountryId>,
}

/// A map file names places exactly as printed (aliases are for players, not files); the folded index finds the
/// candidate in one step.
impl Places {
    fn city(&self, name: &str) -> Option<CityId> {
        let id = *self.city_keys.get(&fold(name))?;
        (self.cities[usize::from(id.0)].name == name).then_some(id)
    }

    fn place(&self, name: &str) -> Option<Place> {
        self.city(name).map(Place::City).or_else(|| {
            let id = *self.country_keys.get(&fold(name))?;
            (self.countries[usize::from(id.0)].name == name).then_some(Place::Country(id))
        })
    }
}

/// The `cities` rows: unique names (also once folded: "ZURICH" beside "Zürich" would make look-ups ambiguous),
/// positions on the board, and the countries their border exits belong to.
pub(super) fn read_cities(rows: &[Spanned<CityRow>], board: &Board, report: &Reporter) -> Result<Places, MapError> {
    let mut places = Places {
        cities: Vec::with_capacity(rows.len()),
        countries: Vec::new(),
        city_keys: HashMap::with_capacity(rows.len()),
        country_keys: HashMap::new(),
    };
    if rows.len() > usize::from(u16::MAX) {
        return Err(report.whole(format!("more than {} cities", u16::MAX)));
    }
    for row in rows {
        let span = Some(row.span());
        let c = row.get_ref();
        let name = excerpt(&c.name);
        if c.name.trim().is_empty() {
            return Err(report.at(span, "a city has an empty name".into()));
        }
        if let Some(why) = unfit_name("a city", &c.name) {
            return Err(report.at(span, why));
        }
        let id = CityId(places.cities.len() as u16);
        if let Some(other) = places.city_keys.insert(fold(&c.name), id) {
            let first = &places.cities[usize::from(other.0)].name;
            return Err(report.at(
                span,
                if *first == c.name {
                    format!("city \"{name}\" is listed twice")
                } else {
                    format!(
                        "city \"{name}\" and \"{}\" differ only in case or accents",
                        excerpt(first)
                    )
                },
            ));
        }
        let inside = |v: f32, max: u32| v.is_finite() && v >= 0.0 && v <= max as f32;
        if !inside(c.x, board.width) || !inside(c.y, board.height) {
            return Err(report.at(span, format!("city \"{name}\" lies outside the board")));
        }
        let country = match &c.country {
            None => None,
            Some(country) => Some(add_exit(&mut places, country, id).map_err(|r| report.at(span.clone(), r))?),
        };
        places.cities.push(City {
            name: c.name.clone(),
            x: c.x,
            y: c.y,
            country,
        });
    }
    if let Some(k) = places
        .countries
        .iter()
        .find(|k| places.city_keys.contains_key(&fold(&k.name)))
    {
        return Err(report.whole(format!("\"{}\" is both a city and a country", excerpt(&k.name))));
    }
    Ok(places)
}

/// Most characters a city's or a country's name may have, spaces at its ends aside: a label on the board, a line of
/// an autocomplete, a word in a sentence.
pub const LONGEST_PLACE_NAME: usize = 40;

/// Why `name` cannot name a place (`what`: "a city", "a country"), if it cannot: longer than [`LONGEST_PLACE_NAME`],
/// or holding a character nobody sees (a control character, a zero-width one, a direction override), which would let
/// two names that read alike differ, or a name's letters show in another order than they are typed.
fn unfit_name(what: &str, name: &str) -> Option<String> {
    let length = name.trim().chars().count();
    if length > LONGEST_PLACE_NAME {
        return Some(format!(
            "{what}'s name is {length} characters long (at most {LONGEST_PLACE_NAME}): \"{}\"",
            excerpt(&visible(name))
        ));
    }
    let hidden = name.chars().find(|&c| invisible(c))?;
    Some(format!(
        "{what}'s name holds an invisible character (U+{:04X}): \"{}\"",
        u32::from(hidden),
        excerpt(&visible(name))
    ))
}

/// Whether a character shows nothing by itself: a control character, or one of Unicode's format characters that
/// join, break or reorder text without a glyph (soft hyphen, zero-width spaces and joiners, direction marks and
/// overrides, word joiners, the byte-order mark, interlinear annotation marks).
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// `name` without its invisible characters, to quote it in a refusal on one line.
fn visible(name: &str) -> String {
    name.chars().filter(|&c| !invisible(c)).collect()
}

/// Adds border exit `id` to its country, creating the country on its first exit.
fn add_exit(places: &mut Places, country: &str, id: CityId) -> Result<CountryId, String> {
    if country.trim().is_empty() {
        return Err("a border exit names an empty country".into());
    }
    if let Some(why) = unfit_name("a country", country) {
        return Err(why);
    }
    let next = places.countries.len();
    let key = *places
        .country_keys
        .entry(fold(country))
        .or_insert(CountryId(next as u8));
    if usize::from(key.0) == next {
        if next > usize::from(u8::MAX) {
            return Err(format!("more than {} countries", u8::MAX));
        }
        places.countries.push(Country {
            name: country.to_string(),
            exits: Vec::new(),
        });
    } else if places.countries[usize::from(key.0)].name != country {
        return Err(format!(
            "country \"{}\" is also spelled \"{}\"",
            excerpt(country),
            excerpt(&places.countries[usize::from(key.0)].name)
        ));
    }
    places.countries[usize::from(key.0)].exits.push(id);
    Ok(key)
}

/// The `routes` rows: known ends, a colour the deck has, a length and points the tables know, and at most two
/// tracks between the same pair (which become each other's twin).
pub(super) fn read_routes(
    rows: &[Spanned<RouteRow>],
    places: &Places,
    rules: &Ruleset,
    report: &Reporter,
) -> Result<Vec<Route>, MapError> {
    if rows.len() > MAX_ROUTES {
        return Err(report.whole(format!("more than {MAX_ROUTES} routes")));
    }
    let mut routes: Vec<Route> = Vec::with_capacity(rows.len());
    let mut first_track: HashMap<(CityId, CityId), RouteId> = HashMap::new();
    for row in rows {
        let span = Some(row.span());
        let r = row.get_ref();
        let mut route = read_route(r, places, rules).map_err(|reason| report.at(span.clone(), reason))?;
        let id = RouteId(routes.len() as u16);
        let pair = (route.a.min(route.b), route.a.max(route.b));
        if let Some(&twin) = first_track.get(&pair) {
            if routes[usize::from(twin.0)].twin.is_some() {
                return Err(report.at(
                    span,
                    format!("{}: more than two tracks between the same cities", route_row_label(r)),
                ));
            }
            routes[usize::from(twin.0)].twin = Some(id);
            route.twin = Some(twin);
        } else {
            first_track.insert(pair, id);
        }
        routes.push(route);
    }
    // A running score holds every route a player could own; it must fit.
    let all_points: u32 = routes.iter().map(|r| u32::from(r.points)).sum();
    if all_points > u32::from(u16::MAX) {
        return Err(report.whole(format!(
            "the routes are worth {all_points} points together; at most {}",
            u16::MAX
        )));
    }
    Ok(routes)
}

fn route_row_label(r: &RouteRow) -> String {
    format!("route {}–{}", excerpt(&r.a), excerpt(&r.b))
}

/// One route row, checked on its own (twins are found by the caller).
fn read_route(r: &RouteRow, places: &Places, rules: &Ruleset) -> Result<Route, String> {
    let label = route_row_label(r);
    let end = |name: &str| {
        places
            .city(name)
            .ok_or_else(|| format!("{label}: unknown city \"{}\"", excerpt(name)))
    };
    let (a, b) = (end(&r.a)?, end(&r.b)?);
    if a == b {
        return Err(format!("{label}: a route needs two different ends"));
    }
    let color = match r.color.as_str() {
        "gray" | "grey" => None,
        name => Some(Color::from_name(name).ok_or_else(|| format!("{label}: unknown colour \"{}\"", excerpt(name)))?),
    };
    if let Some(c) = color
        && !rules.deck_colors.contains(&c)
    {
        return Err(format!("{label}: the deck has no {c} cards"));
    }
    if r.len == 0 {
        return Err(format!("{label}: length 0"));
    }
    if r.ferry > r.len {
        return Err(format!("{label}: more ferry locomotives than spaces"));
    }
    let kind = r.kind.unwrap_or(RouteKind::Train);
    let (cost, points) = match (kind, r.cards) {
        (RouteKind::Metro, None) => return Err(format!("{label}: a metro route needs `cards`")),
        (RouteKind::Metro, Some(cards)) => (
            cards,
            rules
                .points_for_metro(cards)
                .ok_or_else(|| format!("{label}: metro_points has no value for {cards} cards"))?,
        ),
        (_, Some(_)) => return Err(format!("{label}: only metro routes have `cards`")),
        (_, None) => (
            r.len,
            rules
                .points_for_length(r.len)
                .ok_or_else(|| format!("{label}: route_points has no value for length {}", r.len))?,
        ),
    };
    if cost == 0 {
        return Err(format!("{label}: a route must cost at least one card"));
    }
    let pieces = if kind == RouteKind::Metro {
        rules.metros
    } else {
        rules.trains
    };
    if pieces == 0 {
        return Err(format!("{label}: no player has the pieces this route takes"));
    }
    Ok(Route {
        a,
        b,
        len: r.len,
        color,
        tunnel: r.tunnel,
        ferry: r.ferry,
        kind,
        cost,
        points,
        twin: None,
    })
}

/// The `tickets` rows: a plain ticket (`b` and `points`) or a country ticket (`to = { … }`), between known places.
pub(super) fn read_tickets(
    rows: &[Spanned<TicketRow>],
    places: &Places,
    report: &Reporter,
) -> Result<Vec<Ticket>, MapError> {
    if rows.len() > MAX_TICKETS {
        return Err(report.whole(format!("more than {MAX_TICKETS} tickets")));
    }
    rows.iter()
        .map(|row| read_ticket(row.get_ref(), places).map_err(|reason| report.at(Some(row.span()), reason)))
        .collect()
}

fn read_ticket(t: &TicketRow, places: &Places) -> Result<Ticket, String> {
    let from_name = excerpt(&t.a);
    let from = places
        .place(&t.a)
        .ok_or_else(|| format!("ticket from unknown place \"{from_name}\""))?;
    let targets: Vec<(&String, u16)> = match (&t.b, t.points, &t.to) {
        (Some(b), Some(points), None) => vec![(b, points)],
        (None, None, Some(to)) if !to.is_empty() => to.iter().map(|(k, v)| (k, *v)).collect(),
        _ => {
            return Err(format!(
                "ticket from \"{from_name}\": give either b and points, or to = {{ … }}"
            ));
        }
    };
    let mut typed = Vec::with_capacity(targets.len());
    for (name, points) in targets {
        let to_name = excerpt(name);
        let target = places
            .place(name)
            .ok_or_else(|| format!("ticket {from_name}–{to_name}: unknown place \"{to_name}\""))?;
        if target == from {
            return Err(format!("ticket {from_name}–{to_name} goes nowhere"));
        }
        if points == 0 {
            return Err(format!("ticket {from_name}–{to_name} is worth 0 points"));
        }
        typed.push((target, points));
    }
    Ok(Ticket {
        from,
        targets: typed,
        long: t.long,
    })
}

/// The most players the map allows must each be dealt their starting tickets.
pub(super) fn check_enough_tickets(tickets: &[Ticket], rules: &Ruleset, report: &Reporter) -> Result<(), MapError> {
    let regular = tickets.iter().filter(|t| !t.long).count();
    let long = tickets.len() - regular;
    let players = usize::from(rules.max_players);
    if regular < players * usize::from(rules.tickets_dealt) || long < players * usize::from(rules.long_tickets_dealt) {
        return Err(report.whole(format!("too few tickets to deal {} players", rules.max_players)));
    }
    Ok(())
}

/// The routes touching each location, in file order, with their other ends; every location must have one.
pub(super) fn links_of_each_city(
    cities: &[City],
    routes: &[Route],
    report: &Reporter,
) -> Result<Vec<Vec<Link>>, MapError> {
    let mut links = vec![Vec::new(); cities.len()];
    for (i, r) in routes.iter().enumerate() {
        let route = RouteId(i as u16);
        links[usize::from(r.a.0)].push(Link { route, to: r.b });
        links[usize::from(r.b.0)].push(Link { route, to: r.a });
    }
    match links.iter().position(Vec::is_empty) {
        Some(i) => Err(report.whole(format!("city \"{}\" has no route", excerpt(&cities[i].name)))),
        None => Ok(links),
    }
}
