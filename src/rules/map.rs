//! The board's vocabulary: locations, routes, tickets and the map that holds them, with typed ids.
//! Built by `crate::maps` from a map file; after that no code handles names except for display and look-ups.

use serde::{Deserialize, Serialize};

use super::cards::Color;
use super::ruleset::Ruleset;

/// Most routes a map may have (route sets are fixed-size bitsets, of 64-bit words: keep it a multiple of 64).
pub const MAX_ROUTES: usize = 448;
/// Most ticket cards a map may have (ticket choices are bitsets, of 64-bit words: keep it a multiple of 64).
pub const MAX_TICKETS: usize = 256;

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
    /// The routes touching each location, each with the location at its other end, in file order (the planners'
    /// ties depend on it).
    pub links: Vec<Vec<Link>>,
}

/// A route as seen from one of its ends: the route and the location at its other end. The planners walk the board
/// this way thousands of times a decision, so the far end is kept beside the route rather than looked up in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// The route.
    pub route: RouteId,
    /// The location at the route's other end.
    pub to: CityId,
}

impl Map {
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

    /// A ticket as written everywhere: "Boston – Miami (12)" or "Bern → France 5 / Italia 8" (names and numbers
    /// only, so it reads the same in every language).
    pub fn ticket_label(&self, id: TicketId) -> String {
        let t = self.ticket(id);
        match t.targets.as_slice() {
            [(to, points)] => format!("{} – {} ({points})", self.place_name(t.from), self.place_name(*to)),
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
        self.links[usize::from(a.0)]
            .iter()
            .filter(|link| link.to == b)
            .map(|link| link.route)
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

/// A name as players may type it: lowercase, the common Latin accents removed, dots and runs of spaces made one
/// space, and "saint" written "st" ("ST GALLEN", "St. Gallen" and "Saint Gallen" are one key). Map files may not
/// hold two names with one key.
pub fn fold(name: &str) -> String {
    let plain: String = name
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
            '.' => ' ',
            other => other,
        })
        .collect();
    let words: Vec<&str> = plain
        .split_whitespace()
        .map(|w| if w == "saint" { "st" } else { w })
        .collect();
    words.join(" ")
}
