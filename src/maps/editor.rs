//! The JSON map files of the browser map editor "ticket-to-ride-map" (format versions 3 and 4) turned into our TOML.

// The editor's files are an envelope (`format`, `version`, `kind`, `board`, `payload`) around a map of stops, routes
// and tickets by stop id (docs/map-makers-guide.md has the whole mapping). Reading is lenient where the editor is, since
// its own rule is that a reader keeps what it does not know: unknown fields become notes, not refusals. It is strict
// where a guess would change the game (a newer version, a route to a stop the file lacks, a length we cannot score).

mod read;
mod setup;
mod write;

use std::collections::BTreeMap;
use std::fmt;
use std::io::Read as _;
use std::path::Path;

use serde_json::Value;

use crate::rules::names::excerpt;

/// The largest file read, in bytes: an editor map without its background image is a few dozen kilobytes, and the
/// limit bounds what parsing may allocate before anything is counted.
pub const MAX_JSON_BYTES: usize = 512 * 1024;

/// The most stops, routes or tickets a file's lists may hold before it is refused unread: far past any board (ours
/// hold at most 256 routes and 128 tickets), so only a broken or hostile file reaches it.
pub const MAX_ITEMS: usize = 10_000;

/// The format versions read: 3 (a board lying) and 4 (a board that may stand).
const VERSIONS: [u64; 2] = [3, 4];

/// Most notes kept: a file with thousands of odd fields is summed up, not listed.
const MAX_NOTES: usize = 40;

/// The editor's JSON turned into our TOML map file text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// A whole map file, as `maps/*.toml` are written; `crate::maps::parse` reads it.
    pub toml: String,
    /// What was left out, changed or chosen on the way, a sentence each, for the person who uploaded the file.
    pub notes: Vec<String>,
}

/// Why an editor file was refused, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvertError {
    /// Where in the text (1-based line and column), when the text is not JSON.
    pub at: Option<(usize, usize)>,
    /// What is wrong, in a sentence; a missing or misshapen field is named by its path (`payload.stops[3].name`).
    pub reason: String,
}

impl ConvertError {
    fn new(reason: impl Into<String>) -> ConvertError {
        ConvertError {
            at: None,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, column)) => write!(f, "line {line}, column {column}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for ConvertError {}

/// The notes gathered while reading: sentences in order, and unknown fields counted by where they were met, so a
/// thousand routes with one odd field make one note.
#[derive(Default)]
struct Notes {
    said: Vec<String>,
    unknown: BTreeMap<(&'static str, String), usize>,
}

impl Notes {
    fn say(&mut self, note: impl Into<String>) {
        self.said.push(note.into());
    }

    /// Counts the fields of `object` that the editor does not write (`known`), met on a `what` ("route", "stop").
    fn unknown_fields(&mut self, what: &'static str, object: &serde_json::Map<String, Value>, known: &[&str]) {
        for key in object.keys().filter(|k| !known.contains(&k.as_str())) {
            *self.unknown.entry((what, key.clone())).or_default() += 1;
        }
    }

    fn into_list(self) -> Vec<String> {
        let mut list = self.said;
        for ((what, key), count) in self.unknown {
            let key = quoted_excerpt(&key);
            list.push(match (what, count) {
                ("file", _) => format!("unknown field {key} ignored"),
                ("payload", _) => format!("unknown field {key} of the payload ignored"),
                (_, 1) => format!("unknown field {key} on a {what} ignored"),
                (_, n) => format!("unknown field {key} on {n} {what}s ignored"),
            });
        }
        if list.len() > MAX_NOTES {
            let more = list.len() - (MAX_NOTES - 1);
            list.truncate(MAX_NOTES - 1);
            list.push(format!("and {more} more notes like these"));
        }
        list
    }
}

/// Some user text quoted in a note, on one line: `foo`.
fn quoted_excerpt(text: &str) -> String {
    format!("`{}`", excerpt(&text.replace(['\n', '\r'], " ")))
}

/// Whether a map file is the editor's JSON rather than our TOML: by its name, or by its first character (a TOML map
/// file starts with a key or a comment, never a brace).
pub fn is_editor_json(file_name: &str, text: &str) -> bool {
    file_name.to_ascii_lowercase().ends_with(".json") || text.trim_start().starts_with('{')
}

/// The editor's JSON turned into our TOML map file text.
///
/// # Errors
/// The text is too long or not JSON (with its line and column), is not an editor map, is of a format version other
/// than 3 and 4 ("format version 5 is newer than this bot reads (3 and 4)"), lacks a field a game needs (named by
/// its path), or makes a map our rules refuse (the reason said).
pub fn convert(json: &str) -> Result<Converted, ConvertError> {
    if json.len() > MAX_JSON_BYTES {
        return Err(too_long(json.len()));
    }
    // serde_json stops at 128 levels of nesting, so a hostile file is an error here, not a blown stack.
    let value: Value = serde_json::from_str(json).map_err(not_json)?;
    let mut notes = Notes::default();
    let envelope = envelope(&value, &mut notes)?;
    let network = read::payload(envelope.payload, &mut notes)?;
    let toml = write::map_file(&network, envelope.version, envelope.board, &mut notes)?;
    if let Err(e) = super::parse("the converted map", &toml) {
        return Err(ConvertError::new(format!("the converted map is refused: {}", e.reason)));
    }
    Ok(Converted {
        toml,
        notes: notes.into_list(),
    })
}

/// Reads an editor file from disk and converts it: the TOML text and the notes, or why not in one line naming the
/// file (for `ttrbot maps --convert FILE.json`).
///
/// # Errors
/// The file cannot be read, is larger than [`MAX_JSON_BYTES`], or [`convert`] refuses it.
pub fn convert_file(path: &Path) -> Result<(String, Vec<String>), String> {
    let name = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?;
    // Read one byte past the limit, so a larger file is refused without being read whole.
    let mut bytes = Vec::new();
    file.take(MAX_JSON_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: {e}"))?;
    if bytes.len() > MAX_JSON_BYTES {
        let size = std::fs::metadata(path).map_or(bytes.len(), |m| m.len() as usize);
        return Err(format!("{name}: {}", too_long(size)));
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text, so not a JSON map file"))?;
    convert(&text)
        .map(|c| (c.toml, c.notes))
        .map_err(|e| format!("{name}: {e}"))
}

fn too_long(bytes: usize) -> ConvertError {
    ConvertError::new(format!(
        "the file is {} KB; an editor map is read up to {} KB (a background image makes a file large: export the \
         network alone, which leaves the picture out)",
        bytes.div_ceil(1024),
        MAX_JSON_BYTES / 1024
    ))
}

fn not_json(e: serde_json::Error) -> ConvertError {
    let message = e.to_string();
    // serde_json ends its message with the position, which the error carries on its own.
    let message = message.rsplit_once(" at line ").map_or(message.as_str(), |(m, _)| m);
    let reason = if message.contains("recursion limit") {
        "not a map file: the JSON nests more than 128 levels deep (an editor map nests about 5)".to_string()
    } else {
        format!("not JSON: {message}")
    };
    ConvertError {
        at: (e.line() > 0).then(|| (e.line(), e.column())),
        reason,
    }
}

/// The fields of a map's payload the editor writes; most are its drawing and its own tools, not the game.
const PAYLOAD_KEYS: [&str; 28] = [
    "name",
    "format",
    "orientation",
    "background",
    "backgroundImage",
    "stops",
    "routes",
    "notes",
    "lineStyles",
    "routeTypeStyles",
    "wagonStyles",
    "stopTypeStyles",
    "tickets",
    "ticketSets",
    "wagonsPerPlayer",
    "startingTickets",
    "keptTickets",
    "players",
    "ticketBands",
    "ticketMix",
    "ticketValuation",
    "lanesUsableByPlayers",
    "endGapMm",
    "deckRules",
    "deckRule",
    "rules",
    "mapVersion",
    "unknown",
];

/// The envelope's fields, which every editor file since format version 2 carries.
const ENVELOPE_KEYS: [&str; 7] = ["format", "version", "kind", "written", "app", "board", "payload"];

/// What the envelope says of the map it holds.
struct Envelope<'a> {
    version: u64,
    payload: &'a serde_json::Map<String, Value>,
    /// The board frame the coordinates are in, when the file gives one.
    board: Option<(f64, f64)>,
}

/// The envelope checked: an editor map file, of a version read here, of a kind that holds a network.
fn envelope<'a>(value: &'a Value, notes: &mut Notes) -> Result<Envelope<'a>, ConvertError> {
    let top = value
        .as_object()
        .ok_or_else(|| ConvertError::new("not a map file: the JSON is not an object"))?;
    if top.get("format").and_then(Value::as_str) != Some("ticket-to-ride-map") {
        return Err(ConvertError::new(
            "not a map file of the ticket-to-ride-map editor: it has no \"format\": \"ticket-to-ride-map\" (a file \
             from before the editor's format version 2 has none: open it in the editor and export it again)",
        ));
    }
    let version = top
        .get("version")
        .ok_or_else(|| ConvertError::new("`version` is missing"))?;
    let number = version
        .as_u64()
        .ok_or_else(|| ConvertError::new(format!("format version {version} is not one this bot reads (3 and 4)")))?;
    if number > VERSIONS[1] {
        return Err(ConvertError::new(format!(
            "format version {number} is newer than this bot reads (3 and 4)"
        )));
    }
    if number < VERSIONS[0] {
        return Err(ConvertError::new(format!(
            "format version {number} is older than this bot reads (3 and 4): open the file in the editor and export \
             it again"
        )));
    }
    notes.unknown_fields("file", top, &ENVELOPE_KEYS);
    match top.get("kind").map(|k| k.as_str().unwrap_or("")) {
        None | Some("map" | "network") => {}
        Some(kind @ ("background" | "tickets")) => {
            return Err(ConvertError::new(format!(
                "this is a {kind} file, which holds no network: export the whole map (or the network) instead"
            )));
        }
        Some(_) => notes.say("the file's `kind` is not one the editor writes; read as a map"),
    }
    let payload = match top.get("payload") {
        None => return Err(ConvertError::new("`payload` is missing")),
        Some(p) => p
            .as_object()
            .ok_or_else(|| ConvertError::new("`payload` is not an object"))?,
    };
    let board = top.get("board").and_then(|b| {
        let side = |k| b.get(k).and_then(Value::as_f64).filter(|v| *v > 0.0);
        Some((side("width")?, side("height")?))
    });
    Ok(Envelope {
        version: number,
        payload,
        board,
    })
}
