//! Map files: parse and validate `maps/*.toml` into a [`Map`] with typed ids (no strings after this point).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::rules::cards::Color;
use crate::rules::ruleset::{RulesFile, Ruleset};

/// The map files built into the binary, so it runs from any directory.
pub const BUILTIN: [(&str, &str); 5] = [
    ("usa", include_str!("../maps/usa.toml")),
    ("europe", include_str!("../maps/europe.toml")),
    ("switzerland", include_str!("../maps/switzerland.toml")),
    ("india", include_str!("../maps/india.toml")),
    ("berlin", include_str!("../maps/berlin.toml")),
];

/// Most routes a map may have (route sets are fixed-size bitsets).
pub const MAX_ROUTES: usize = 256;
/// Most ticket cards a map may have (ticket choices are bitsets).
pub const MAX_TICKETS: usize = 128;

/// Index of a location (a city, or a border exit of a country) in [`Map::cities`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CityId(pub u16);

/// Index of a route (one track) in [`Map::routes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RouteId(pub u16);

/// Index of a ticket card in [`Map::tickets`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TicketId(pub u16);

/// Index of a country in [`Map::countries`] (Switzerland's neighbours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CountryId(pub u8);

/// A location on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct City {
    /// The name as printed on the board.
    pub name: String,
    /// Position in the board frame.
    pub x: f32,
    /// Position in the board frame.
    pub y: f32,
    /// For a border exit, the country it belongs to.
    pub country: Option<CountryId>,
}

/// A country reached through border exits; the exits never connect to each other.
#[derive(Clone, Debug, PartialEq)]
pub struct Country {
    /// The name as printed on the board.
    pub name: String,
    /// Its border exits.
    pub exits: Vec<CityId>,
}

/// Which pieces a route takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RouteKind {
    /// Train spaces, one train per space.
    Train,
    /// Berlin tram spaces, one tram per space (trams come from the same supply as trains).
    Tram,
    /// A Berlin metro line: one metro car, paid with the printed number of cards.
    Metro,
}

/// One track between two locations.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// One end.
    pub a: CityId,
    /// The other end.
    pub b: CityId,
    /// Spaces (for a metro line: 1).
    pub len: u8,
    /// Colour; `None` for gray (any one colour).
    pub color: Option<Color>,
    /// Whether it is a tunnel.
    pub tunnel: bool,
    /// Wild cards a ferry requires (0 = not a ferry).
    pub ferry: u8,
    /// Which pieces it takes.
    pub kind: RouteKind,
    /// Cards it costs (the length, or a metro's printed number).
    pub cost: u8,
    /// Points it scores when claimed.
    pub points: u16,
    /// The other track of a double route.
    pub twin: Option<RouteId>,
}

impl Route {
    /// The end that is not `city`.
    pub fn other_end(&self, city: CityId) -> CityId {
        if self.a == city { self.b } else { self.a }
    }

    /// Trains (or trams) the route takes.
    pub fn trains(&self) -> u8 {
        if self.kind == RouteKind::Metro { 0 } else { self.len }
    }

    /// Metro cars the route takes.
    pub fn metros(&self) -> u8 {
        u8::from(self.kind == RouteKind::Metro)
    }
}

/// A ticket's end: a location, or a whole country (any of its exits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// One location.
    City(CityId),
    /// Any border exit of the country.
    Country(CountryId),
}

/// A destination ticket card.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticket {
    /// Where it starts.
    pub from: Place,
    /// Its targets and their values: one for a plain ticket, several for a country ticket.
    pub targets: Vec<(Place, u16)>,
    /// Whether it is a long ticket (Europe's blue cards).
    pub long: bool,
}

impl Ticket {
    /// The lowest value on the card (what is lost when nothing is completed).
    pub fn lowest(&self) -> u16 {
        self.targets.iter().map(|t| t.1).min().unwrap_or(0)
    }
}

/// A validated map: locations, routes, tickets and rules, with typed ids.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// Short id (`usa`, `europe`, …).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Width of the frame the positions are given in.
    pub width: u32,
    /// Height of the frame the positions are given in.
    pub height: u32,
    /// Every location.
    pub cities: Vec<City>,
    /// Countries reached through border exits.
    pub countries: Vec<Country>,
    /// Every track.
    pub routes: Vec<Route>,
    /// Every ticket card.
    pub tickets: Vec<Ticket>,
    /// The map's rules.
    pub rules: Ruleset,
    /// Routes touching each location.
    pub city_routes: Vec<Vec<RouteId>>,
}

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

impl Map {
    /// Parses and validates one map file's text. `file` names it in errors.
    ///
    /// # Errors
    /// The file, the line and the reason of the first problem found.
    pub fn parse(file: &str, text: &str) -> Result<Map, MapError> {
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let fail = |span: Option<std::ops::Range<usize>>, reason: String| MapError {
            file: file.to_string(),
            line: span.map(|s| line_of(s.start)),
            reason,
        };
        let raw: MapFile = toml::from_str(text).map_err(|e| {
            fail(
                e.span(),
                e.message().lines().next().unwrap_or("not valid TOML").to_string(),
            )
        })?;
        let rules = Ruleset::from_file(raw.rules).map_err(|r| fail(None, format!("[rules]: {r}")))?;
        if raw.board.width == 0 || raw.board.height == 0 {
            return Err(fail(None, "board width and height must be positive".into()));
        }

        let mut cities: Vec<City> = Vec::new();
        let mut countries: Vec<Country> = Vec::new();
        for row in &raw.cities {
            let span = Some(row.span());
            let c = row.get_ref();
            if c.name.trim().is_empty() {
                return Err(fail(span, "a city has an empty name".into()));
            }
            if cities.iter().any(|o| o.name == c.name) {
                return Err(fail(span, format!("city \"{}\" is listed twice", c.name)));
            }
            let inside = |v: f32, max: u32| v.is_finite() && v >= 0.0 && v <= max as f32;
            if !inside(c.x, raw.board.width) || !inside(c.y, raw.board.height) {
                return Err(fail(span, format!("city \"{}\" lies outside the board", c.name)));
            }
            let id = CityId(cities.len() as u16);
            let country = c.country.as_ref().map(|name| {
                let index = countries.iter().position(|k| &k.name == name).unwrap_or_else(|| {
                    countries.push(Country {
                        name: name.clone(),
                        exits: Vec::new(),
                    });
                    countries.len() - 1
                });
                countries[index].exits.push(id);
                CountryId(index as u8)
            });
            cities.push(City {
                name: c.name.clone(),
                x: c.x,
                y: c.y,
                country,
            });
        }
        if let Some(k) = countries.iter().find(|k| cities.iter().any(|c| c.name == k.name)) {
            return Err(fail(None, format!("\"{}\" is both a city and a country", k.name)));
        }
        let city_id = |name: &str| cities.iter().position(|c| c.name == name).map(|i| CityId(i as u16));
        let place = |name: &str| {
            city_id(name).map(Place::City).or_else(|| {
                countries
                    .iter()
                    .position(|k| k.name == name)
                    .map(|i| Place::Country(CountryId(i as u8)))
            })
        };

        if raw.routes.len() > MAX_ROUTES {
            return Err(fail(None, format!("more than {MAX_ROUTES} routes")));
        }
        let mut routes: Vec<Route> = Vec::new();
        for row in &raw.routes {
            let span = Some(row.span());
            let r = row.get_ref();
            let label = format!("route {}–{}", r.a, r.b);
            let a = city_id(&r.a).ok_or_else(|| fail(span.clone(), format!("{label}: unknown city \"{}\"", r.a)))?;
            let b = city_id(&r.b).ok_or_else(|| fail(span.clone(), format!("{label}: unknown city \"{}\"", r.b)))?;
            if a == b {
                return Err(fail(span, format!("{label}: a route needs two different ends")));
            }
            let color = match r.color.as_str() {
                "gray" | "grey" => None,
                name => match Color::from_name(name) {
                    Some(c) => Some(c),
                    None => return Err(fail(span, format!("{label}: unknown colour \"{name}\""))),
                },
            };
            if let Some(c) = color
                && !rules.deck_colors.contains(&c)
            {
                return Err(fail(span, format!("{label}: the deck has no {c} cards")));
            }
            if r.len == 0 {
                return Err(fail(span, format!("{label}: length 0")));
            }
            if r.ferry > r.len {
                return Err(fail(span, format!("{label}: more ferry locomotives than spaces")));
            }
            let kind = r.kind.unwrap_or(RouteKind::Train);
            let (cost, points) = if kind == RouteKind::Metro {
                let cards = r
                    .cards
                    .ok_or_else(|| fail(span.clone(), format!("{label}: a metro route needs `cards`")))?;
                let points = rules.points_for_metro(cards).ok_or_else(|| {
                    fail(
                        span.clone(),
                        format!("{label}: metro_points has no value for {cards} cards"),
                    )
                })?;
                (cards, points)
            } else {
                if r.cards.is_some() {
                    return Err(fail(span, format!("{label}: only metro routes have `cards`")));
                }
                let points = rules.points_for_length(r.len).ok_or_else(|| {
                    fail(
                        span.clone(),
                        format!("{label}: route_points has no value for length {}", r.len),
                    )
                })?;
                (r.len, points)
            };
            if kind == RouteKind::Metro && rules.metros == 0 || kind != RouteKind::Metro && rules.trains == 0 {
                return Err(fail(
                    span,
                    format!("{label}: no player has the pieces this route takes"),
                ));
            }
            let id = RouteId(routes.len() as u16);
            let same_pair = |o: &Route| (o.a == a && o.b == b) || (o.a == b && o.b == a);
            let twins: Vec<usize> = (0..routes.len()).filter(|&i| same_pair(&routes[i])).collect();
            let twin = match twins.as_slice() {
                [] => None,
                [t] => {
                    routes[*t].twin = Some(id);
                    Some(RouteId(*t as u16))
                }
                _ => {
                    return Err(fail(
                        span,
                        format!("{label}: more than two tracks between the same cities"),
                    ));
                }
            };
            routes.push(Route {
                a,
                b,
                len: r.len,
                color,
                tunnel: r.tunnel,
                ferry: r.ferry,
                kind,
                cost,
                points,
                twin,
            });
        }

        if raw.tickets.len() > MAX_TICKETS {
            return Err(fail(None, format!("more than {MAX_TICKETS} tickets")));
        }
        let mut tickets = Vec::new();
        for row in &raw.tickets {
            let span = Some(row.span());
            let t = row.get_ref();
            let from =
                place(&t.a).ok_or_else(|| fail(span.clone(), format!("ticket from unknown place \"{}\"", t.a)))?;
            let mut targets = Vec::new();
            match (&t.b, t.points, &t.to) {
                (Some(b), Some(points), None) => targets.push((b.clone(), points)),
                (None, None, Some(to)) if !to.is_empty() => {
                    targets.extend(to.iter().map(|(k, v)| (k.clone(), *v)));
                }
                _ => {
                    return Err(fail(
                        span,
                        format!("ticket from \"{}\": give either b and points, or to = {{ … }}", t.a),
                    ));
                }
            }
            let mut typed = Vec::new();
            for (name, points) in targets {
                let target = place(&name)
                    .ok_or_else(|| fail(span.clone(), format!("ticket {}–{name}: unknown place \"{name}\"", t.a)))?;
                if target == from {
                    return Err(fail(span, format!("ticket {}–{name} goes nowhere", t.a)));
                }
                if points == 0 {
                    return Err(fail(span, format!("ticket {}–{name} is worth 0 points", t.a)));
                }
                typed.push((target, points));
            }
            tickets.push(Ticket {
                from,
                targets: typed,
                long: t.long,
            });
        }
        let regular = tickets.iter().filter(|t| !t.long).count();
        let long = tickets.len() - regular;
        let players = usize::from(rules.max_players);
        if regular < players * usize::from(rules.tickets_dealt)
            || long < players * usize::from(rules.long_tickets_dealt)
        {
            return Err(fail(
                None,
                format!("too few tickets to deal {} players", rules.max_players),
            ));
        }

        let mut city_routes = vec![Vec::new(); cities.len()];
        for (i, r) in routes.iter().enumerate() {
            city_routes[usize::from(r.a.0)].push(RouteId(i as u16));
            city_routes[usize::from(r.b.0)].push(RouteId(i as u16));
        }
        if let Some(i) = city_routes.iter().position(Vec::is_empty) {
            return Err(fail(None, format!("city \"{}\" has no route", cities[i].name)));
        }
        Ok(Map {
            id: raw.id,
            name: raw.name,
            width: raw.board.width,
            height: raw.board.height,
            cities,
            countries,
            routes,
            tickets,
            rules,
            city_routes,
        })
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
        Map::parse(&file, &text)
    }

    /// A built-in map by id, parsed once and shared afterwards (parsing takes about 0.25 ms; every stored game's
    /// load needs its map).
    ///
    /// # Errors
    /// No such map, or the built-in file is broken (a test keeps that from shipping).
    pub fn builtin(id: &str) -> Result<Arc<Map>, MapError> {
        static PARSED: std::sync::OnceLock<Vec<Result<Arc<Map>, MapError>>> = std::sync::OnceLock::new();
        let parsed = PARSED.get_or_init(|| {
            BUILTIN
                .iter()
                .map(|(m, text)| Map::parse(&format!("maps/{m}.toml"), text).map(Arc::new))
                .collect()
        });
        match BUILTIN.iter().position(|(m, _)| *m == id) {
            Some(i) => parsed[i].clone(),
            None => Err(MapError {
                file: id.to_string(),
                line: None,
                reason: format!(
                    "no such map; the maps are {}",
                    BUILTIN.iter().map(|(m, _)| *m).collect::<Vec<_>>().join(", ")
                ),
            }),
        }
    }

    /// The route with this id.
    pub fn route(&self, id: RouteId) -> &Route {
        &self.routes[usize::from(id.0)]
    }

    /// The location with this id.
    pub fn city(&self, id: CityId) -> &City {
        &self.cities[usize::from(id.0)]
    }

    /// The ticket with this id.
    pub fn ticket(&self, id: TicketId) -> &Ticket {
        &self.tickets[usize::from(id.0)]
    }

    /// A place's printed name.
    pub fn place_name(&self, place: Place) -> &str {
        match place {
            Place::City(c) => &self.city(c).name,
            Place::Country(k) => &self.countries[usize::from(k.0)].name,
        }
    }

    /// A ticket as players say it: "Boston–Miami (12)" or "Bern → France 5 / Italia 8".
    pub fn ticket_label(&self, id: TicketId) -> String {
        let t = self.ticket(id);
        match t.targets.as_slice() {
            [(to, points)] => format!("{}–{} ({points})", self.place_name(t.from), self.place_name(*to)),
            many => format!(
                "{} → {}",
                self.place_name(t.from),
                many.iter()
                    .map(|(p, v)| format!("{} {v}", self.place_name(*p)))
                    .collect::<Vec<_>>()
                    .join(" / ")
            ),
        }
    }

    /// A route as players say it: "Atlanta–Miami (5 blue)".
    pub fn route_label(&self, id: RouteId) -> String {
        let r = self.route(id);
        let color = r.color.map_or("gray", Color::name);
        format!("{}–{} ({} {color})", self.city(r.a).name, self.city(r.b).name, r.len)
    }

    /// Finds a location by name, forgiving case and accents ("zurich" finds "Zürich").
    pub fn find_city(&self, name: &str) -> Option<CityId> {
        let wanted = fold(name);
        self.cities
            .iter()
            .position(|c| c.name == name || fold(&c.name) == wanted)
            .map(|i| CityId(i as u16))
    }

    /// Finds a location or a country by name, forgiving case and accents.
    pub fn find_place(&self, name: &str) -> Option<Place> {
        let wanted = fold(name);
        self.countries
            .iter()
            .position(|k| fold(&k.name) == wanted)
            .map(|i| Place::Country(CountryId(i as u8)))
            .or_else(|| self.find_city(name).map(Place::City))
    }

    /// The tracks between two locations, in file order.
    pub fn routes_between(&self, a: CityId, b: CityId) -> Vec<RouteId> {
        self.city_routes[usize::from(a.0)]
            .iter()
            .copied()
            .filter(|&r| self.route(r).other_end(a) == b)
            .collect()
    }

    /// Whether a ticket end is reached by a location.
    pub fn place_contains(&self, place: Place, city: CityId) -> bool {
        match place {
            Place::City(c) => c == city,
            Place::Country(k) => self.city(city).country == Some(k),
        }
    }
}

/// Lowercase with the common Latin accents removed, for forgiving name look-ups.
pub fn fold(name: &str) -> String {
    name.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ș' | 'ş' => 's',
            'ț' | 'ţ' => 't',
            other => other,
        })
        .collect()
}
