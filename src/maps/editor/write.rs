//! An imported network written as our map file: the board it lies on, its id, its rows and its `[rules]` table.

use std::fmt::Write as _;

use serde_json::Value;

use super::read::{City, Network};
use super::setup::rules;
use super::{ConvertError, Notes};
use crate::maps::{BUILTIN, MAX_BOARD_SIDE};
use crate::rules::fold;

/// The editor's board is always this wide lying down (and this tall standing).
const EDITOR_SIDE: f64 = 1100.0;

/// Room left between a city and the board's edge when the board is fitted to the cities.
const MARGIN: f64 = 30.0;

/// Longest map id: ids are typed in commands.
const LONGEST_ID: usize = 32;

/// The map file's whole text.
///
/// # Errors
/// The cities lie too far apart for a board we draw, or the rules cannot deal the map's tickets.
pub(super) fn map_file(
    net: &Network,
    version: u64,
    frame: Option<(f64, f64)>,
    notes: &mut Notes,
) -> Result<String, ConvertError> {
    let (width, height, shift) = board(net, frame, notes)?;
    let rules = rules(net, notes)?;
    let id = map_id(&net.name, notes);
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        "# Converted by ttrbot from a map of the ticket-to-ride-map editor (format version {version}).\n\
         # What was read, left out and chosen: docs/map-makers-guide.md.\n\
         id = {}\nname = {}\nboard = {{ width = {width}, height = {height} }}\n\ncities = [",
        string(&id),
        string(&net.name)
    );
    for city in &net.cities {
        let (x, y) = (tenths(city.x + shift.0), tenths(city.y + shift.1));
        let _ = writeln!(out, "  {{ name = {}, x = {x}, y = {y} }},", string(&city.name));
    }
    out.push_str("]\n\nroutes = [\n");
    let name = |i: usize| string(&net.cities[i].name);
    for r in &net.routes {
        let _ = write!(
            out,
            "  {{ a = {}, b = {}, len = {}, color = \"{}\"",
            name(r.a),
            name(r.b),
            r.len,
            r.color
        );
        if r.tunnel {
            out.push_str(", tunnel = true");
        }
        if r.ferry > 0 {
            let _ = write!(out, ", ferry = {}", r.ferry);
        }
        out.push_str(" },\n");
    }
    out.push_str("]\n\ntickets = [\n");
    for t in &net.tickets {
        let long = if t.long && rules.long_deck { ", long = true" } else { "" };
        let _ = writeln!(
            out,
            "  {{ a = {}, b = {}, points = {}{long} }},",
            name(t.a),
            name(t.b),
            t.points
        );
    }
    out.push_str("]\n\n[rules]\n");
    for (key, value) in &rules.lines {
        let _ = writeln!(out, "{key} = {value}");
    }
    Ok(out)
}

/// A TOML string holding `text` exactly (quotes, backslashes and all), as the toml crate writes one.
fn string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// A coordinate to a tenth of a unit, written without a trailing ".0".
fn tenths(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// The board in editor units (its width, its height, and how far the cities move), fitted to the cities when they
/// lie off the file's board.
fn board(net: &Network, frame: Option<(f64, f64)>, notes: &mut Notes) -> Result<(u32, u32, (f64, f64)), ConvertError> {
    let frame = frame.or_else(|| editor_board(net.payload));
    let (mut low, mut high) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    for City { x, y, .. } in &net.cities {
        low = (low.0.min(*x), low.1.min(*y));
        high = (high.0.max(*x), high.1.max(*y));
    }
    let shift = (
        if low.0 < 0.0 { MARGIN - low.0 } else { 0.0 },
        if low.1 < 0.0 { MARGIN - low.1 } else { 0.0 },
    );
    let (frame_width, frame_height) = frame.unwrap_or((EDITOR_SIDE, 0.0));
    let width = frame_width.max(high.0 + shift.0 + MARGIN).ceil();
    let height = frame_height.max(high.1 + shift.1 + MARGIN).ceil();
    if width > f64::from(MAX_BOARD_SIDE) || height > f64::from(MAX_BOARD_SIDE) {
        return Err(ConvertError::new(format!(
            "the cities lie more than {MAX_BOARD_SIDE} units apart, the most a board here spans (the editor's board \
             is {EDITOR_SIDE} across)"
        )));
    }
    if frame.is_some_and(|(w, h)| width > w.ceil() || height > h.ceil()) || shift != (0.0, 0.0) {
        notes.say(format!(
            "some cities lie off the editor's board: the board is made {width} × {height} to hold them"
        ));
    }
    Ok((width as u32, height as u32, shift))
}

/// The board the payload's `format` and `orientation` name (the editor's two; lying unless it stands).
fn editor_board(payload: &serde_json::Map<String, Value>) -> Option<(f64, f64)> {
    // 790 × 525 mm and 1053 × 526 mm boards, their long side 1100 units.
    let short = match payload.get("format")?.as_str()? {
        "board-2x3" => (EDITOR_SIDE * 525.0 / 790.0).round(),
        "board-2x4" => (EDITOR_SIDE * 526.0 / 1053.0).round(),
        _ => return None,
    };
    let standing = payload.get("orientation").and_then(Value::as_str) == Some("portrait");
    Some(if standing {
        (short, EDITOR_SIDE)
    } else {
        (EDITOR_SIDE, short)
    })
}

/// The map's id: its name in lowercase letters, digits and dashes, at most 32 long, and not a built-in map's.
fn map_id(name: &str, notes: &mut Notes) -> String {
    let mut id = String::new();
    for c in fold(name).chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c);
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    id.truncate(LONGEST_ID);
    let id = id.trim_end_matches('-');
    let mut id = if id.is_empty() {
        "imported-map".to_string()
    } else {
        id.to_string()
    };
    if BUILTIN.iter().any(|(builtin, _)| *builtin == id) {
        let renamed = format!("{id}-imported");
        notes.say(format!(
            "the id \"{id}\" is a built-in map's; the map's id is \"{renamed}\""
        ));
        id = renamed;
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_maps_id_is_its_name_in_lowercase_letters_digits_and_dashes() {
        let mut notes = Notes::default();
        for (name, id) in [
            ("Ticket to Ride: Örebro!", "ticket-to-ride-orebro"),
            ("  --Zürich 2026--  ", "zurich-2026"),
            ("東京", "imported-map"),
            (
                "a very long name that goes on and on past the limit",
                "a-very-long-name-that-goes-on-an",
            ),
            ("USA", "usa-imported"),
        ] {
            assert_eq!(map_id(name, &mut notes), id, "{name}");
        }
    }

    #[test]
    fn a_toml_string_holds_quotes_backslashes_and_accents() {
        for text in ["plain", "say \"hi\"", r"back\slash", "it's \"both\" \\", "Zürich"] {
            let line = format!("s = {}", string(text));
            let read: toml::Table = toml::from_str(&line).unwrap();
            assert_eq!(read["s"].as_str(), Some(text), "{line}");
        }
    }
}
