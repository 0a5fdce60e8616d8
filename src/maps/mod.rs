//! Map files, built-in or uploaded, checked into the rules' [`Map`], with every problem found as data.

mod document;
pub mod editor;
mod names;
mod network;
mod places;
mod read;
mod rows;
mod summary;

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use toml::Spanned;
use toml::de::DeValue;

pub use crate::map_report::{Counted, MapProblem, Named, Problem, Severity, Summary};
use crate::rules::{MAX_ROUTES, MAX_TICKETS, Map, Ruleset};
use crate::text::{self, Lang};
pub use names::LONGEST_PLACE_NAME;
pub use network::{VALUE_SLACK_PERCENT, VALUE_SLACK_POINTS};
use rows::{Board, RulesFile, ruleset};
pub use summary::summary;

/// The largest board side a map file may give, in pixels: the board is drawn at twice its size once per map, and
/// a side of 4,000 already needs a 300 MB canvas for that.
pub const MAX_BOARD_SIDE: u32 = 4000;

/// The longest map file an upload may be, in bytes: the built-in ones are under 13 KB, and a file is refused before
/// it is read, so a huge one costs nothing.
pub const MAX_MAP_BYTES: usize = 512 * 1024;

/// Most characters of a map's `id` (a slug of `a`–`z`, `0`–`9`, `-` and `_`): it is stored with every game and
/// typed in commands.
pub const LONGEST_MAP_ID: usize = 32;

/// The map files built into the binary, so it runs from any directory.
pub const BUILTIN: [(&str, &str); 5] = [
    ("usa", include_str!("../../maps/usa.toml")),
    ("europe", include_str!("../../maps/europe.toml")),
    ("switzerland", include_str!("../../maps/switzerland.toml")),
    ("india", include_str!("../../maps/india.toml")),
    ("berlin", include_str!("../../maps/berlin.toml")),
];

/// How much a map file may hold. The engine's own limits (16-bit city ids, [`MAX_ROUTES`] routes, [`MAX_TICKETS`]
/// tickets) hold whatever these say: a count past either is refused, naming the lower.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most bytes of the file's text, refused before it is read.
    pub bytes: usize,
    /// Most `cities` rows.
    pub cities: usize,
    /// Most `routes` rows.
    pub routes: usize,
    /// Most `tickets` rows.
    pub tickets: usize,
    /// The longest board side, in pixels: every board of the map is drawn at this size.
    pub board_side: u32,
    /// Whether names must be plain words: no character Discord reads as markdown (a link, a heading, bold), since
    /// names are written into the bot's public messages.
    pub plain_names: bool,
}

impl Limits {
    /// For a file a stranger uploads: small enough to check, store and draw at once for any server.
    pub const UPLOAD: Limits = Limits {
        bytes: MAX_MAP_BYTES,
        cities: 150,
        routes: 400,
        tickets: 250,
        // Twice the area of the largest built-in board: each board of a map is copied, drawn and encoded whole.
        board_side: 2400,
        plain_names: true,
    };

    /// For the operator's own files (the built-in maps, `ttrbot maps --dir`), and a stored map read back: only the
    /// engine's limits. A rule added for uploads goes into [`Limits::UPLOAD`] only, never here: a map accepted once
    /// is read back with these, and a game on it must load whatever later versions refuse in new uploads.
    pub const FILE: Limits = Limits {
        bytes: usize::MAX,
        cities: u16::MAX as usize,
        routes: MAX_ROUTES,
        tickets: MAX_TICKETS,
        board_side: MAX_BOARD_SIDE,
        plain_names: false,
    };
}

/// What checking a map file found: the map when nothing refuses it, and every problem, ordered by line (problems of
/// the map as a whole first).
#[derive(Clone, Debug)]
pub struct Checked {
    /// The file's name, as given to [`check`].
    pub file: String,
    /// The map, exactly when no problem is a refusal.
    pub map: Option<Map>,
    /// Every refusal and warning.
    pub problems: Vec<Problem>,
    /// With a map, the line of each location's row, by [`crate::rules::CityId`]: where a problem found later (names
    /// that collide on the board) points.
    pub city_lines: Vec<usize>,
}

impl Checked {
    /// Whether the file is refused.
    pub fn refused(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Refusal)
    }
}

/// Why a map file was refused: the file, the line (when known) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    /// The file's name or path.
    pub file: String,
    /// 1-based line of the offending row, when known.
    pub line: Option<usize>,
    /// What is wrong, in an English sentence.
    pub reason: String,
}

impl MapError {
    fn of(file: &str, line: Option<usize>, what: &MapProblem) -> MapError {
        MapError {
            file: file.to_string(),
            line,
            reason: text::map_problem_reason(Lang::En, what),
        }
    }
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

/// The problems found so far in one text, and where its lines start.
struct Found {
    /// The byte offset of each newline of the text.
    newlines: Vec<usize>,
    problems: Vec<Problem>,
}

impl Found {
    fn new(text: &str) -> Found {
        Found {
            newlines: text.match_indices('\n').map(|(at, _)| at).collect(),
            problems: Vec::new(),
        }
    }

    /// The 1-based line a span starts on.
    fn line(&self, span: &Range<usize>) -> usize {
        self.newlines.partition_point(|&n| n < span.start) + 1
    }

    fn push(&mut self, line: Option<usize>, severity: Severity, what: MapProblem) {
        self.problems.push(Problem { line, severity, what });
    }

    /// A refusal at a span's line (or of the map as a whole).
    fn refuse(&mut self, span: Option<Range<usize>>, what: MapProblem) {
        let line = span.map(|s| self.line(&s));
        self.push(line, Severity::Refusal, what);
    }

    fn refuse_all(&mut self, span: Option<Range<usize>>, whats: Vec<MapProblem>) {
        for what in whats {
            self.refuse(span.clone(), what);
        }
    }

    fn refused(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Refusal)
    }
}

/// The warning for two cities whose names collide on the board (as the renderer's name placement finds them), on
/// the first one's line of the file (`city_lines`, as [`Checked::city_lines`] gives them).
pub fn names_collide(map: &Map, city_lines: &[usize], (a, b): (crate::rules::CityId, crate::rules::CityId)) -> Problem {
    let name = |c: crate::rules::CityId| crate::rules::names::excerpt(&map.city(c).name);
    Problem {
        line: city_lines.get(usize::from(a.0)).copied(),
        severity: Severity::Warning,
        what: MapProblem::NamesCollide { a: name(a), b: name(b) },
    }
}

/// Checks one map file's text, a stranger's or our own, and finds every problem: each bad row, field and value, the
/// limits, and a map that reads but cannot be played well (its network, its tickets' values). `file` names it.
pub fn check(file: &str, text: &str, limits: &Limits) -> Checked {
    if text.len() > limits.bytes {
        return refused_unread(file, text.len(), limits);
    }
    let mut found = Found::new(text);
    let built = build(text, limits, &mut found);
    if let Some((map, lines)) = &built {
        upload_rules(map, lines, limits, &mut found);
    }
    let refused = found.refused();
    let mut problems = found.problems;
    problems.sort_by_key(|p| p.line);
    let (map, city_lines) = match built {
        Some((map, lines)) if !refused => (Some(map), lines),
        _ => (None, Vec::new()),
    };
    Checked {
        file: file.to_string(),
        map,
        problems,
        city_lines,
    }
}

/// What only [`Limits::UPLOAD`] asks of a map that reads: a board no larger than its side, and plain names.
fn upload_rules(map: &Map, city_lines: &[usize], limits: &Limits, found: &mut Found) {
    if map.width > limits.board_side || map.height > limits.board_side {
        found.push(
            None,
            Severity::Refusal,
            MapProblem::BoardTooLarge {
                width: map.width,
                height: map.height,
                most: limits.board_side,
            },
        );
    }
    if !limits.plain_names {
        return;
    }
    // Brackets make a masked link, `<` `>` a mention or a channel, the others bold, italics, strikes, code,
    // spoilers and escapes; parentheses alone do nothing ("Berlin (provisional board)").
    let markup = |name: &str| name.chars().find(|c| "[]<>*_~`|\\@".contains(*c));
    let mut names: Vec<(Named, &str, Option<usize>)> = vec![(Named::Map, map.name.as_str(), None)];
    names.extend(
        map.cities
            .iter()
            .enumerate()
            .map(|(i, c)| (Named::City, c.name.as_str(), city_lines.get(i).copied())),
    );
    names.extend(map.countries.iter().map(|k| (Named::Country, k.name.as_str(), None)));
    for (what, name, line) in names {
        if let Some(character) = markup(name) {
            found.push(
                line,
                Severity::Refusal,
                MapProblem::MarkupInName {
                    what,
                    name: crate::rules::names::excerpt(name),
                    character,
                },
            );
        }
    }
}

/// [`check`] for a file as it arrives, in bytes: refused by its size before anything else, then if it is not UTF-8.
pub fn check_bytes(file: &str, bytes: &[u8], limits: &Limits) -> Checked {
    if bytes.len() > limits.bytes {
        return refused_unread(file, bytes.len(), limits);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => check(file, text, limits),
        Err(e) => Checked {
            file: file.to_string(),
            map: None,
            problems: vec![Problem {
                line: None,
                severity: Severity::Refusal,
                what: MapProblem::NotUtf8 { at: e.valid_up_to() },
            }],
            city_lines: Vec::new(),
        },
    }
}

/// A file refused by its size alone, before it is read.
fn refused_unread(file: &str, bytes: usize, limits: &Limits) -> Checked {
    Checked {
        file: file.to_string(),
        map: None,
        problems: vec![Problem {
            line: None,
            severity: Severity::Refusal,
            what: MapProblem::TooLarge {
                bytes,
                most: limits.bytes,
            },
        }],
        city_lines: Vec::new(),
    }
}

/// Reads and checks a document: the map and its cities' lines once every field and row reads (its network may still
/// refuse it), else nothing.
fn build(text: &str, limits: &Limits, found: &mut Found) -> Option<(Map, Vec<usize>)> {
    let mut doc = document::read(text, found)?;
    let id = read_id(doc.take("id"), found);
    let name = read_name(doc.take("name"), found);
    let board = read_board(doc.take("board"), found);
    let rules = read_rules(doc.take("rules"), found);
    let mut rows = |field: &str, counted: Counted, most: usize| {
        let rows = doc
            .take(field)
            .map(|v| document::rows(v, field, found))
            .unwrap_or_default();
        if rows.len() > most {
            let problem = MapProblem::TooMany {
                what: counted,
                count: rows.len(),
                most,
            };
            found.refuse(None, problem);
        }
        rows
    };
    let ids = usize::from(u16::MAX);
    let cities = rows("cities", Counted::Cities, limits.cities.min(ids));
    let routes = rows("routes", Counted::Routes, limits.routes.min(MAX_ROUTES));
    let tickets = rows("tickets", Counted::Tickets, limits.tickets.min(MAX_TICKETS));
    // Ids are 16 bits: past that, rows are not even read.
    if cities.len() > ids || routes.len() > ids || tickets.len() > ids {
        return None;
    }
    let places = places::read_cities(cities, board.as_ref(), found);
    let routes = read::read_routes(routes, &places, rules.as_ref(), found);
    let (tickets, ticket_lines, all_read) = read::read_tickets(tickets, &places, found);
    if let (Some(rules), true) = (&rules, all_read) {
        read::check_enough_tickets(&tickets, rules, found);
    }
    let (Some(id), Some(name), Some(board), Some(rules)) = (id, name, board, rules) else {
        return None;
    };
    if found.refused() {
        return None;
    }
    let map = Map {
        id,
        name,
        width: board.width,
        height: board.height,
        links: network::links_of_each_city(&places.cities, &routes),
        cities: places.cities,
        countries: places.countries,
        routes,
        tickets,
        rules,
    };
    network::check(&map, &places.lines, &ticket_lines, found);
    Some((map, places.lines))
}

/// The map's `id`: a slug short enough to store and type.
fn read_id(value: Option<Spanned<DeValue<'_>>>, found: &mut Found) -> Option<String> {
    let span = value.as_ref()?.span();
    let id: String = document::value(value?, "", found)?;
    let slug = id
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if id.is_empty() || id.chars().count() > LONGEST_MAP_ID || !slug {
        let problem = MapProblem::BadId {
            id: names::shown(&id),
            most: LONGEST_MAP_ID,
        };
        found.refuse(Some(span), problem);
        return None;
    }
    Some(id)
}

/// The map's `name`: held to the same rules as a city's.
fn read_name(value: Option<Spanned<DeValue<'_>>>, found: &mut Found) -> Option<String> {
    let span = value.as_ref()?.span();
    let name: String = document::value(value?, "", found)?;
    let problem = if name.trim().is_empty() {
        Some(MapProblem::EmptyName { what: Named::Map })
    } else {
        names::unfit_name(Named::Map, &name)
    };
    match problem {
        Some(problem) => {
            found.refuse(Some(span), problem);
            None
        }
        None => Some(name),
    }
}

/// The `board` table: a size that can be drawn.
fn read_board(value: Option<Spanned<DeValue<'_>>>, found: &mut Found) -> Option<Board> {
    let span = value.as_ref()?.span();
    let board: Board = document::value(value?, "board", found)?;
    let problem = if board.width == 0 || board.height == 0 {
        MapProblem::EmptyBoard
    } else if board.width > MAX_BOARD_SIDE || board.height > MAX_BOARD_SIDE {
        MapProblem::BoardTooLarge {
            width: board.width,
            height: board.height,
            most: MAX_BOARD_SIDE,
        }
    } else {
        return Some(board);
    };
    found.refuse(Some(span), problem);
    None
}

/// The `[rules]` table, each problem on the line of the field it is about.
fn read_rules(value: Option<Spanned<DeValue<'_>>>, found: &mut Found) -> Option<Ruleset> {
    let value = value?;
    let span = value.span();
    let keys = document::key_spans(&value);
    let raw: RulesFile = document::value(value, "rules", found)?;
    match ruleset(raw) {
        Ok(rules) => Some(rules),
        Err(problems) => {
            for (field, problem) in problems {
                let at = keys.iter().find(|(k, _)| k == field).map_or(&span, |(_, s)| s);
                found.refuse(Some(at.clone()), problem);
            }
            None
        }
    }
}

/// Parses and validates one map file's text with the operator's limits ([`Limits::FILE`]). `file` names it in
/// errors.
///
/// # Errors
/// The file, the line and the reason of the first refusal [`check`] finds (in line order).
pub fn parse(file: &str, text: &str) -> Result<Map, MapError> {
    let checked = check(file, text, &Limits::FILE);
    if let Some(map) = checked.map {
        return Ok(map);
    }
    let refusal = checked.problems.iter().find(|p| p.severity == Severity::Refusal);
    // `check` gives a map exactly when nothing refuses it, so a refusal is there.
    debug_assert!(refusal.is_some(), "{file}: no map and no refusal");
    Err(match refusal {
        Some(p) => MapError::of(file, p.line, &p.what),
        None => MapError::of(file, None, &MapProblem::Syntax { message: String::new() }),
    })
}

/// Reads and validates a map file from disk.
///
/// # Errors
/// The file cannot be read, or is not a valid map.
pub fn load(path: &Path) -> Result<Map, MapError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| MapError::of(&file, None, &MapProblem::Unreadable { why: e.to_string() }))?;
    parse(&file, &text)
}

/// Reads every `.toml` file of a folder (in name order) and checks them as one set: each file valid, and no two
/// maps with one id. Returns the valid maps and one line per refusal (an unreadable or empty folder is one).
pub fn load_dir(dir: &Path) -> (Vec<Map>, Vec<String>) {
    let folder = dir.display().to_string();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            let problem = MapProblem::Unreadable { why: e.to_string() };
            return (Vec::new(), vec![MapError::of(&folder, None, &problem).to_string()]);
        }
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    if files.is_empty() {
        return (
            Vec::new(),
            vec![MapError::of(&folder, None, &MapProblem::NoMapFiles).to_string()],
        );
    }
    let mut maps = Vec::new();
    let mut failed = Vec::new();
    let mut ids: HashMap<String, String> = HashMap::new();
    for path in &files {
        match load(path) {
            Ok(map) => match ids.insert(map.id.clone(), path.display().to_string()) {
                Some(first) => {
                    let problem = MapProblem::IdTaken {
                        id: names::shown(&map.id),
                        first,
                    };
                    failed.push(MapError::of(&path.display().to_string(), None, &problem).to_string());
                }
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
        None => {
            let problem = MapProblem::NoSuchMap {
                id: names::shown(id),
                maps: BUILTIN.iter().map(|(m, _)| m.to_string()).collect(),
            };
            Err(MapError::of(&names::shown(id), None, &problem))
        }
    }
}
