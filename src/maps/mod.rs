//! Map files: the rows of `maps/*.toml` and their loading, checked into the rules' [`Map`] (typed ids from here on).

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use toml::Spanned;

use crate::rules::ruleset::{TieBreak, UnkeptPolicy};
use crate::rules::{
    City, CityId, Color, Country, CountryId, MAX_ROUTES, MAX_TICKETS, Map, Place, Route, RouteId, RouteKind, Ruleset,
    Ticket, WildName, fold,
};

use crate::rules::names::excerpt;

/// The map files built into the binary, so it runs from any directory.
pub const BUILTIN: [(&str, &str); 5] = [
    ("usa", include_str!("../maps/usa.toml")),
    ("europe", include_str!("../maps/europe.toml")),
    ("switzerland", include_str!("../maps/switzerland.toml")),
    ("india", include_str!("../maps/india.toml")),
    ("berlin", include_str!("../maps/berlin.toml")),
];

/// Why a map file was refused: the file, the line (when known) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    /// The file's name or path.
    pub file: String,
    /// 1-based line of the offending row, when known.
    pub line: Option<usize>,
    /// What is wrong, in a sentence.
    pub reason: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.reason),
            None => write!(f, "{}: {}", self.file, self.reason),
        }
    }
}

impl std::error::Error for MapError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    id: String,
    name: String,
    board: Board,
    cities: Vec<Spanned<CityRow>>,
    routes: Vec<Spanned<RouteRow>>,
    tickets: Vec<Spanned<TicketRow>>,
    rules: RulesFile,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Board {
    width: u32,
    height: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CityRow {
    name: String,
    x: f32,
    y: f32,
    country: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RouteRow {
    a: String,
    b: String,
    len: u8,
    color: String,
    #[serde(default)]
    tunnel: bool,
    #[serde(default)]
    ferry: u8,
    kind: Option<RouteKind>,
    cards: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TicketRow {
    a: String,
    b: Option<String>,
    points: Option<u16>,
    to: Option<BTreeMap<String, u16>>,
    #[serde(default)]
    long: bool,
}

/// The `[rules]` table as written in a map file (numbers keyed by strings, as TOML requires).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    players: [u8; 2],
    #[serde(alias = "trams")]
    trains: u8,
    #[serde(default)]
    metros: u8,
    #[serde(default)]
    stations: u8,
    #[serde(default)]
    station_costs: Vec<u8>,
    #[serde(default)]
    station_points: u16,
    hand: u8,
    deck_colors: Vec<Color>,
    cards_per_color: u8,
    wild_cards: u8,
    tickets_dealt: u8,
    #[serde(default)]
    long_tickets_dealt: u8,
    tickets_keep: u8,
    tickets_draw: u8,
    tickets_draw_keep: u8,
    unkept_tickets: UnkeptPolicy,
    doubles_min_players: u8,
    wild: WildName,
    wild_faceup_counts_double: bool,
    wild_only_on_tunnels: bool,
    end_at: u8,
    longest_path_bonus: u16,
    route_points: BTreeMap<String, u16>,
    #[serde(default)]
    metro_points: BTreeMap<String, u16>,
    #[serde(default)]
    grand_tour: Vec<u16>,
    tie_breaks: Vec<TieBreak>,
}

/// Most tickets offered at once (dealt at the start, or drawn): a player chooses among all subsets of them.
const MAX_OFFER: u16 = 10;

/// Builds refusals that name the file and the line of a row.
struct Reporter<'a> {
    file: &'a str,
    text: &'a str,
}

impl Reporter<'_> {
    fn at(&self, span: Option<Range<usize>>, reason: String) -> MapError {
        MapError {
            file: self.file.to_string(),
            line: span.map(|s| self.text[..s.start.min(self.text.len())].matches('\n').count() + 1),
            reason,
        }
    }

    fn whole(&self, reason: String) -> MapError {
        self.at(None, reason)
    }
}

/// Parses and validates one map file's text. `file` names it in errors.
///
/// # Errors
/// The file, the line and the reason of the first problem found.
pub fn parse(file: &str, text: &str) -> Result<Map, MapError> {
    let report = Reporter { file, text };
    let raw: MapFile = toml::from_str(text).map_err(|e| {
        report.at(
            e.span(),
            excerpt(e.message().lines().next().unwrap_or("not valid TOML")),
        )
    })?;
    if raw.id.trim().is_empty() || raw.name.trim().is_empty() {
        return Err(report.whole("the map needs a non-empty id and name".into()));
    }
    if raw.board.width == 0 || raw.board.height == 0 {
        return Err(report.whole("board width and height must be positive".into()));
    }
    let rules = ruleset(raw.rules).map_err(|r| report.whole(format!("[rules]: {r}")))?;
    let places = read_cities(&raw.cities, &raw.board, &report)?;
    let routes = read_routes(&raw.routes, &places, &rules, &report)?;
    let tickets = read_tickets(&raw.tickets, &places, &report)?;
    check_enough_tickets(&tickets, &rules, &report)?;
    let city_routes = routes_of_each_city(&places.cities, &routes, &report)?;
    Ok(Map {
        id: raw.id,
        name: raw.name,
        width: raw.board.width,
        height: raw.board.height,
        cities: places.cities,
        countries: places.countries,
        routes,
        tickets,
        rules,
        city_routes,
    })
}

/// The locations and countries read so far, with their names folded for look-ups.
struct Places {
    cities: Vec<City>,
    countries: Vec<Country>,
    /// Folded name → location; also the duplicate check, in one pass.
    city_keys: HashMap<String, CityId>,
    /// Folded name → country.
    country_keys: HashMap<String, CountryId>,
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
fn read_cities(rows: &[Spanned<CityRow>], board: &Board, report: &Reporter) -> Result<Places, MapError> {
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

/// Adds border exit `id` to its country, creating the country on its first exit.
fn add_exit(places: &mut Places, country: &str, id: CityId) -> Result<CountryId, String> {
    if country.trim().is_empty() {
        return Err("a border exit names an empty country".into());
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
fn read_routes(
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
fn read_tickets(rows: &[Spanned<TicketRow>], places: &Places, report: &Reporter) -> Result<Vec<Ticket>, MapError> {
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
fn check_enough_tickets(tickets: &[Ticket], rules: &Ruleset, report: &Reporter) -> Result<(), MapError> {
    let regular = tickets.iter().filter(|t| !t.long).count();
    let long = tickets.len() - regular;
    let players = usize::from(rules.max_players);
    if regular < players * usize::from(rules.tickets_dealt) || long < players * usize::from(rules.long_tickets_dealt) {
        return Err(report.whole(format!("too few tickets to deal {} players", rules.max_players)));
    }
    Ok(())
}

/// The routes touching each location; every location must have one.
fn routes_of_each_city(cities: &[City], routes: &[Route], report: &Reporter) -> Result<Vec<Vec<RouteId>>, MapError> {
    let mut city_routes = vec![Vec::new(); cities.len()];
    for (i, r) in routes.iter().enumerate() {
        city_routes[usize::from(r.a.0)].push(RouteId(i as u16));
        city_routes[usize::from(r.b.0)].push(RouteId(i as u16));
    }
    match city_routes.iter().position(Vec::is_empty) {
        Some(i) => Err(report.whole(format!("city \"{}\" has no route", excerpt(&cities[i].name)))),
        None => Ok(city_routes),
    }
}

/// Checks the `[rules]` table and turns it into a ruleset.
fn ruleset(raw: RulesFile) -> Result<Ruleset, String> {
    let [min_players, max_players] = raw.players;
    if min_players < 2 || min_players > max_players || max_players > 5 {
        return Err(format!(
            "players = [{min_players}, {max_players}] must be a range within 2..5"
        ));
    }
    if raw.trains == 0 && raw.metros == 0 {
        return Err("a player needs some trains (or trams) or metros".into());
    }
    if raw.station_costs.len() < usize::from(raw.stations) {
        return Err(format!(
            "station_costs lists {} costs for {} stations",
            raw.station_costs.len(),
            raw.stations
        ));
    }
    if raw.deck_colors.is_empty() || raw.cards_per_color == 0 {
        return Err("the card deck has no coloured cards".into());
    }
    if raw.tickets_keep == 0 || raw.tickets_keep > raw.tickets_dealt.saturating_add(raw.long_tickets_dealt) {
        return Err("tickets_keep must be between 1 and the number of tickets dealt".into());
    }
    // Every subset of an offer is a choice the engine lists, so an offer stays small.
    let dealt = u16::from(raw.tickets_dealt) + u16::from(raw.long_tickets_dealt);
    if dealt > MAX_OFFER || u16::from(raw.tickets_draw) > MAX_OFFER {
        return Err(format!("at most {MAX_OFFER} tickets may be dealt or drawn at once"));
    }
    if raw.tickets_draw == 0 || raw.tickets_draw_keep == 0 || raw.tickets_draw_keep > raw.tickets_draw {
        return Err("tickets_draw_keep must be between 1 and tickets_draw".into());
    }
    let mut seen = Vec::new();
    for c in &raw.deck_colors {
        if seen.contains(c) {
            return Err(format!("deck_colors lists {c} twice"));
        }
        seen.push(*c);
    }
    let total_cards = raw.deck_colors.len() * usize::from(raw.cards_per_color) + usize::from(raw.wild_cards);
    let dealt = usize::from(raw.hand) * usize::from(max_players) + 5;
    if total_cards < dealt {
        return Err(format!(
            "{total_cards} cards are too few to deal {} to {max_players} players and turn 5 face up",
            raw.hand
        ));
    }
    Ok(Ruleset {
        min_players,
        max_players,
        trains: raw.trains,
        metros: raw.metros,
        stations: raw.stations,
        station_costs: raw.station_costs,
        station_points: raw.station_points,
        hand: raw.hand,
        deck_colors: raw.deck_colors,
        cards_per_color: raw.cards_per_color,
        wild_cards: raw.wild_cards,
        tickets_dealt: raw.tickets_dealt,
        long_tickets_dealt: raw.long_tickets_dealt,
        tickets_keep: raw.tickets_keep,
        tickets_draw: raw.tickets_draw,
        tickets_draw_keep: raw.tickets_draw_keep,
        unkept_tickets: raw.unkept_tickets,
        doubles_min_players: raw.doubles_min_players,
        wild: raw.wild,
        wild_faceup_counts_double: raw.wild_faceup_counts_double,
        wild_only_on_tunnels: raw.wild_only_on_tunnels,
        end_at: raw.end_at,
        longest_path_bonus: raw.longest_path_bonus,
        route_points: points_table("route_points", &raw.route_points)?,
        metro_points: points_table("metro_points", &raw.metro_points)?,
        grand_tour: raw.grand_tour,
        tie_breaks: raw.tie_breaks,
    })
}

fn points_table(field: &str, table: &BTreeMap<String, u16>) -> Result<Vec<Option<u16>>, String> {
    let mut points = Vec::new();
    for (key, &value) in table {
        let len: usize = key
            .parse()
            .ok()
            .filter(|&n: &usize| (1..=12).contains(&n))
            .ok_or_else(|| {
                format!(
                    "{field} has a key \"{}\" that is not a length from 1 to 12",
                    excerpt(key)
                )
            })?;
        if points.len() <= len {
            points.resize(len + 1, None);
        }
        points[len] = Some(value);
    }
    Ok(points)
}

/// Reads and validates a map file from disk.
///
/// # Errors
/// The file cannot be read, or is not a valid map.
pub fn load(path: &Path) -> Result<Map, MapError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| MapError {
        file: file.clone(),
        line: None,
        reason: e.to_string(),
    })?;
    parse(&file, &text)
}

/// Reads every `.toml` file of a folder (in name order) and checks them as one set: each file valid, and no two
/// maps with one id. Returns the valid maps and one line per refusal (an unreadable or empty folder is one).
pub fn load_dir(dir: &Path) -> (Vec<Map>, Vec<String>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => return (Vec::new(), vec![format!("{}: {e}", dir.display())]),
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    if files.is_empty() {
        return (
            Vec::new(),
            vec![format!("{}: no .toml map file in this folder", dir.display())],
        );
    }
    let mut maps = Vec::new();
    let mut failed = Vec::new();
    let mut ids: HashMap<String, String> = HashMap::new();
    for path in &files {
        match load(path) {
            Ok(map) => match ids.insert(map.id.clone(), path.display().to_string()) {
                Some(first) => failed.push(format!(
                    "{}: map id \"{}\" is already used by {first}",
                    path.display(),
                    excerpt(&map.id)
                )),
                None => maps.push(map),
            },
            Err(e) => failed.push(e.to_string()),
        }
    }
    (maps, failed)
}

/// A built-in map by id, parsed once and shared afterwards (parsing takes about 0.25 ms; every stored game's
/// load needs its map).
///
/// # Errors
/// No such map, or the built-in file is broken (a test keeps that from shipping).
pub fn builtin(id: &str) -> Result<Arc<Map>, MapError> {
    static PARSED: OnceLock<Vec<Result<Arc<Map>, MapError>>> = OnceLock::new();
    let parsed = PARSED.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(m, text)| parse(&format!("maps/{m}.toml"), text).map(Arc::new))
            .collect()
    });
    match BUILTIN.iter().position(|(m, _)| *m == id) {
        Some(i) => parsed[i].clone(),
        None => Err(MapError {
            file: excerpt(id),
            line: None,
            reason: format!(
                "no such map; the maps are {}",
                BUILTIN.iter().map(|(m, _)| *m).collect::<Vec<_>>().join(", ")
            ),
        }),
    }
}
