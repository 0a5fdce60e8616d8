//! Map files: the rows of `maps/*.toml` and their loading, checked into the rules' [`Map`] (typed ids from here on).

pub mod editor;
mod read;
mod rows;

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::rules::Map;

use crate::rules::names::excerpt;
use read::{check_enough_tickets, links_of_each_city, read_cities, read_routes, read_tickets};
use rows::{MapFile, ruleset};

/// The largest board side a map file may give, in pixels: the board is drawn at twice its size once per map, and
/// a side of 4,000 already needs a 300 MB canvas for that.
pub const MAX_BOARD_SIDE: u32 = 4000;

/// The map files built into the binary, so it runs from any directory.
pub const BUILTIN: [(&str, &str); 5] = [
    ("usa", include_str!("../../maps/usa.toml")),
    ("europe", include_str!("../../maps/europe.toml")),
    ("switzerland", include_str!("../../maps/switzerland.toml")),
    ("india", include_str!("../../maps/india.toml")),
    ("berlin", include_str!("../../maps/berlin.toml")),
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
    if raw.board.width > MAX_BOARD_SIDE || raw.board.height > MAX_BOARD_SIDE {
        return Err(report.whole(format!(
            "board width and height must be at most {MAX_BOARD_SIDE} pixels (the built-in boards are under 1,800)"
        )));
    }
    let rules = ruleset(raw.rules).map_err(|r| report.whole(format!("[rules]: {r}")))?;
    let places = read_cities(&raw.cities, &raw.board, &report)?;
    let routes = read_routes(&raw.routes, &places, &rules, &report)?;
    let tickets = read_tickets(&raw.tickets, &places, &report)?;
    check_enough_tickets(&tickets, &rules, &report)?;
    let links = links_of_each_city(&places.cities, &routes, &report)?;
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
        links,
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
