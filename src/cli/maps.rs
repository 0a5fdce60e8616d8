//! `ttrbot maps`: the built-in maps or a folder's map files listed with their figures, or one file checked in full.

use std::path::{Path, PathBuf};

use clap::Args;

use super::Failure;
use crate::maps::{self, BUILTIN, Limits};
use crate::rules::Map;
use crate::text::{self, Lang};

/// Which maps.
#[derive(Args)]
pub struct MapsArgs {
    /// Validate the .toml files in this folder instead of the built-in maps.
    #[arg(long, conflicts_with = "check")]
    pub dir: Option<PathBuf>,
    /// Check one map file as an upload is checked: print every problem, then the map's figures; exits non-zero if
    /// anything refuses it.
    #[arg(long, value_name = "FILE", conflicts_with = "convert")]
    pub check: Option<PathBuf>,
    /// Convert a map editor's JSON (ticket-to-ride-map, format 3 or 4) to our TOML map file, printed (what was left
    /// out or changed goes to standard error); exits non-zero if the file cannot be converted.
    #[arg(long, value_name = "FILE.json", conflicts_with = "dir")]
    pub convert: Option<PathBuf>,
}

/// Runs `ttrbot maps`.
pub fn run(args: &MapsArgs) -> Result<(), Failure> {
    match (&args.check, &args.convert, &args.dir) {
        (Some(file), _, _) => check(file),
        (None, Some(file), _) => convert(file),
        (None, None, dir) => list(dir.as_deref()),
    }
}

/// `--convert FILE.json`: the TOML on standard output, each note on standard error.
fn convert(path: &Path) -> Result<(), Failure> {
    let (toml, notes) = maps::editor::convert_file(path).map_err(Failure::input)?;
    for note in notes {
        eprintln!("{}: note: {note}", path.display());
    }
    print!("{toml}");
    Ok(())
}

/// Lists maps (the built-in ones, or a folder's) with their figures; a file that fails is named with its reason.
fn list(dir: Option<&Path>) -> Result<(), Failure> {
    let (maps, failed): (Vec<Map>, Vec<String>) = match dir {
        Some(dir) => maps::load_dir(dir),
        None => BUILTIN
            .iter()
            .map(|(id, _)| maps::builtin(id).map(|m| (*m).clone()).map_err(|e| e.to_string()))
            .fold((Vec::new(), Vec::new()), |(mut ok, mut bad), m| {
                match m {
                    Ok(m) => ok.push(m),
                    Err(e) => bad.push(e),
                }
                (ok, bad)
            }),
    };
    if !maps.is_empty() {
        println!(
            "{:<12} {:<28} {:>7} {:>6} {:>6} {:>7} {:>6} {:>7} {:>7} {:>7}",
            "id", "name", "players", "cities", "routes", "doubles", "length", "tickets", "tunnels", "ferries"
        );
    }
    for m in maps {
        let s = maps::summary(&m);
        println!(
            "{:<12} {:<28} {:>7} {:>6} {:>6} {:>7} {:>6} {:>7} {:>7} {:>7}",
            m.id,
            m.name,
            format!("{}-{}", s.min_players, s.max_players),
            s.cities,
            s.routes,
            s.doubles,
            s.spaces,
            s.regular_tickets + s.long_tickets,
            s.tunnels,
            s.ferries
        );
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::input(failed.join("\n")))
    }
}

/// `--check FILE`: every problem as `FILE:LINE: refusal|warning: …` (names that collide on the board too), then the
/// figures of a map that passes; bad input (exit code 2) when anything refuses it.
fn check(path: &Path) -> Result<(), Failure> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Failure::input(format!("{file}: {e}")))?;
    // The map editor's JSON is converted first, as an upload is; its problems then name the converted file's lines.
    let text = String::from_utf8_lossy(&bytes);
    let converted = if bytes.len() <= maps::MAX_MAP_BYTES && maps::editor::is_editor_json(&file, &text) {
        let converted = maps::editor::convert(&text).map_err(|e| Failure::input(format!("{file}: {e}")))?;
        for note in &converted.notes {
            println!("{file}: note: {note}");
        }
        Some(converted.toml.into_bytes())
    } else {
        None
    };
    let mut checked = maps::check_bytes(&file, converted.as_deref().unwrap_or(&bytes), &Limits::UPLOAD);
    if let Some(map) = &checked.map {
        let collide = crate::render::crowded_names(map);
        checked.problems.extend(
            collide
                .into_iter()
                .map(|pair| maps::names_collide(map, &checked.city_lines, pair)),
        );
    }
    for p in &checked.problems {
        let place = match p.line {
            Some(line) => format!("{file}:{line}"),
            None => file.clone(),
        };
        let severity = text::map_severity(Lang::En, p.severity);
        println!("{place}: {severity}: {}", text::map_problem_reason(Lang::En, &p.what));
    }
    let verdict = text::map_verdict(Lang::En, &checked.problems);
    match &checked.map {
        Some(map) => {
            println!("{}", text::map_summary(Lang::En, &maps::summary(map)));
            println!("{file}: {verdict}");
            Ok(())
        }
        None => Err(Failure::input(format!("{file}: {verdict}"))),
    }
}
