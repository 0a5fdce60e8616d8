//! The `cities` rows read into locations and the countries their border exits belong to, every name checked.

use std::collections::HashMap;

use toml::Spanned;
use toml::de::DeValue;

use super::Found;
use super::document::{self, row_name};
use super::names::{shown, unfit_name};
use super::rows::{Board, CityRow};
use crate::map_report::{Counted, MapProblem, Named};
use crate::rules::{City, CityId, Country, CountryId, Place, fold};

/// The locations and countries read so far, with their names folded for look-ups.
pub(super) struct Places {
    pub(super) cities: Vec<City>,
    pub(super) countries: Vec<Country>,
    /// Folded name → location; also the duplicate check, in one pass.
    city_keys: HashMap<String, CityId>,
    /// Folded name → country.
    country_keys: HashMap<String, CountryId>,
    /// The line of each location's row.
    pub(super) lines: Vec<usize>,
}

/// A map file names places exactly as printed (aliases are for players, not files); the folded index finds the
/// candidate in one step.
impl Places {
    pub(super) fn city(&self, name: &str) -> Option<CityId> {
        let id = *self.city_keys.get(&fold(name))?;
        (self.cities[usize::from(id.0)].name == name).then_some(id)
    }

    pub(super) fn place(&self, name: &str) -> Option<Place> {
        self.city(name).map(Place::City).or_else(|| {
            let id = *self.country_keys.get(&fold(name))?;
            (self.countries[usize::from(id.0)].name == name).then_some(Place::Country(id))
        })
    }

    /// Adds a location under a name no location has yet (folded), with the line of its row.
    fn add(&mut self, city: City, line: usize) -> CityId {
        let id = CityId(self.cities.len() as u16);
        self.city_keys.insert(fold(&city.name), id);
        self.cities.push(city);
        self.lines.push(line);
        id
    }
}

/// The `cities` rows: unique names (also once folded: "ZURICH" beside "Zürich" would make look-ups ambiguous),
/// positions on the board (when the board reads), and the countries their border exits belong to. The caller keeps
/// the rows within 16-bit ids.
pub(super) fn read_cities(rows: Vec<Spanned<DeValue<'_>>>, board: Option<&Board>, found: &mut Found) -> Places {
    let mut places = Places {
        cities: Vec::with_capacity(rows.len()),
        countries: Vec::new(),
        city_keys: HashMap::with_capacity(rows.len()),
        country_keys: HashMap::new(),
        lines: Vec::with_capacity(rows.len()),
    };
    for row in rows {
        let span = row.span();
        let line = found.line(&span);
        let named = row_name(&row).map(str::to_string);
        match document::value::<CityRow>(row, "cities", found) {
            Some(c) => read_city(&mut places, c, (span, line), board, found),
            // A row refused as it stands but with a name still names a place for routes and tickets, so that
            // one bad row is one problem, not one more per route that reaches it (the map is refused anyway).
            None => {
                if let Some(name) = named.filter(|n| !places.city_keys.contains_key(&fold(n))) {
                    let city = City {
                        name,
                        x: 0.0,
                        y: 0.0,
                        country: None,
                    };
                    places.add(city, line);
                }
            }
        }
    }
    if let Some(k) = places
        .countries
        .iter()
        .find(|k| places.city_keys.contains_key(&fold(&k.name)))
    {
        found.refuse(None, MapProblem::CityAndCountry { name: shown(&k.name) });
    }
    places
}

/// One city row: its name, its position and its country, each problem reported on the row's line.
fn read_city(
    places: &mut Places,
    c: CityRow,
    (span, line): (std::ops::Range<usize>, usize),
    board: Option<&Board>,
    found: &mut Found,
) {
    let at = Some(span);
    let name = shown(&c.name);
    if c.name.trim().is_empty() {
        found.refuse(at, MapProblem::EmptyName { what: Named::City });
        return;
    }
    if let Some(problem) = unfit_name(Named::City, &c.name) {
        found.refuse(at.clone(), problem);
    }
    if let Some(&other) = places.city_keys.get(&fold(&c.name)) {
        let first = &places.cities[usize::from(other.0)].name;
        let problem = if *first == c.name {
            MapProblem::CityTwice { name }
        } else {
            MapProblem::NamesAlike {
                what: Named::City,
                name,
                other: shown(first),
            }
        };
        found.refuse(at, problem);
        return;
    }
    if let Some(board) = board {
        let inside = |v: f32, max: u32| v.is_finite() && v >= 0.0 && v <= max as f32;
        if !inside(c.x, board.width) || !inside(c.y, board.height) {
            let problem = MapProblem::OutsideBoard {
                name: name.clone(),
                x: c.x,
                y: c.y,
                width: board.width,
                height: board.height,
            };
            found.refuse(at.clone(), problem);
        }
    }
    let id = CityId(places.cities.len() as u16);
    let country = match &c.country {
        None => None,
        Some(country) => add_exit(places, country, id).map_err(|p| found.refuse(at, p)).ok(),
    };
    let city = City {
        name: c.name,
        x: c.x,
        y: c.y,
        country,
    };
    places.add(city, line);
}

/// Adds border exit `id` to its country, creating the country on its first exit.
fn add_exit(places: &mut Places, country: &str, id: CityId) -> Result<CountryId, MapProblem> {
    if country.trim().is_empty() {
        return Err(MapProblem::EmptyName { what: Named::Country });
    }
    if let Some(problem) = unfit_name(Named::Country, country) {
        return Err(problem);
    }
    let next = places.countries.len();
    let key = fold(country);
    let known = places.country_keys.get(&key).copied();
    let key = match known {
        Some(known) => known,
        None if next > usize::from(u8::MAX) => {
            return Err(MapProblem::TooMany {
                what: Counted::Countries,
                count: next + 1,
                most: usize::from(u8::MAX) + 1,
            });
        }
        None => {
            places.country_keys.insert(key, CountryId(next as u8));
            places.countries.push(Country {
                name: country.to_string(),
                exits: Vec::new(),
            });
            CountryId(next as u8)
        }
    };
    if places.countries[usize::from(key.0)].name != country {
        return Err(MapProblem::NamesAlike {
            what: Named::Country,
            name: shown(country),
            other: shown(&places.countries[usize::from(key.0)].name),
        });
    }
    places.countries[usize::from(key.0)].exits.push(id);
    Ok(key)
}
