//! `ttrbot score FILE.json`: the final scoring of a described end position.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Failure;
use crate::maps;
use crate::rules::position::EndSeat;
use crate::rules::{FinalScore, Game};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoreFile {
    map: String,
    players: Vec<PlayerIn>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerIn {
    name: String,
    routes: Vec<Vec<String>>,
    #[serde(default)]
    stations: Vec<String>,
    tickets: Vec<Vec<String>>,
}

#[derive(Serialize)]
struct PlayerOut<'a> {
    name: &'a str,
    #[serde(flatten)]
    score: &'a FinalScore,
}

#[derive(Serialize)]
struct ScoreOut<'a> {
    players: Vec<PlayerOut<'a>>,
    ranking: Vec<usize>,
}

/// Reads the file, builds the end position through the same validator as every other position, scores it and
/// prints the JSON result.
///
/// # Errors
/// Unreadable or invalid input (exit code 2, one line).
pub fn run(path: &Path) -> Result<(), Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    let out = score(&text).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    println!("{out}");
    Ok(())
}

/// Scores a `ttrbot score` input given as text; returns the output JSON.
///
/// # Errors
/// A one-line reason: malformed JSON, an unknown map or name, or an impossible position.
pub fn score(text: &str) -> Result<String, String> {
    let input: ScoreFile = serde_json::from_str(text).map_err(|e| crate::replay::json_error(&e))?;
    let map = maps::builtin(&input.map).map_err(|e| e.to_string())?;
    let names: Vec<String> = input.players.iter().map(|p| p.name.clone()).collect();
    let seats: Vec<EndSeat> = input
        .players
        .iter()
        .map(|p| EndSeat {
            routes: p.routes.clone(),
            stations: p.stations.clone(),
            tickets: p.tickets.clone(),
        })
        .collect();
    let game = Game::from_end_position(&map, &names, &seats)?;
    let result = game.public_view().result.expect("an end position is over");
    let out = ScoreOut {
        players: names
            .iter()
            .zip(result.scores.iter())
            .map(|(name, score)| PlayerOut { name, score })
            .collect(),
        ranking: result.ranking,
    };
    Ok(serde_json::to_string_pretty(&out).expect("plain data serialises"))
}
