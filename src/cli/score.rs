//! `ttrbot score FILE.json`: the final scoring of a described end position.

use crate::maps;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Failure;
use crate::rules::names;
use crate::rules::scoring::{self, FinalScore, Holdings};
use crate::rules::sets::RouteSet;
use crate::rules::{CityId, Map, RouteId, TicketId};

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

/// Reads, validates and scores the file; prints the JSON result.
///
/// # Errors
/// Unreadable or invalid input (exit code 2, one line).
pub fn run(path: &Path) -> Result<(), Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    let input: ScoreFile =
        serde_json::from_str(&text).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    let map = maps::builtin(&input.map).map_err(|e| Failure::input(e.to_string()))?;
    let holdings = resolve(&map, &input.players).map_err(Failure::input)?;
    let scores = scoring::final_scores(&map, &holdings);
    let ranking = scoring::ranking(&map, &holdings, &scores);
    let out = ScoreOut {
        players: input
            .players
            .iter()
            .zip(scores.iter())
            .map(|(p, score)| PlayerOut { name: &p.name, score })
            .collect(),
        ranking,
    };
    println!("{}", serde_json::to_string_pretty(&out).expect("plain data serialises"));
    Ok(())
}

/// Turns the players' named routes, stations and tickets into holdings, checking the position is possible.
fn resolve(map: &Map, players: &[PlayerIn]) -> Result<Vec<Holdings>, String> {
    if players.is_empty() {
        return Err("the file lists no players".into());
    }
    let mut owner: Vec<Option<usize>> = vec![None; map.routes.len()];
    let mut ticket_used = vec![false; map.tickets.len()];
    let mut station_used: Vec<CityId> = Vec::new();
    let rules = &map.rules;
    let mut all = Vec::new();
    for (i, p) in players.iter().enumerate() {
        let who = &p.name;
        let mut routes = RouteSet::EMPTY;
        let (mut trains, mut metros) = (0u32, 0u32);
        for spec in &p.routes {
            let id: RouteId =
                names::route(map, spec, |r| owner[usize::from(r.0)].is_none()).map_err(|e| format!("{who}: {e}"))?;
            owner[usize::from(id.0)] = Some(i);
            routes.insert(id);
            let route = map.route(id);
            trains += u32::from(route.trains());
            metros += u32::from(route.metros());
            if route.twin.is_some_and(|t| routes.contains(t)) {
                return Err(format!("{who} owns both tracks of {}", map.route_label(id)));
            }
        }
        if trains > u32::from(rules.trains) {
            return Err(format!(
                "{who}'s routes take {trains} trains; each player has {}",
                rules.trains
            ));
        }
        if metros > u32::from(rules.metros) {
            return Err(format!(
                "{who}'s routes take {metros} metro cars; each player has {}",
                rules.metros
            ));
        }
        if p.stations.len() > usize::from(rules.stations) {
            return Err(format!(
                "{who} lists {} stations; each player has {}",
                p.stations.len(),
                rules.stations
            ));
        }
        let mut station_cities = Vec::new();
        for name in &p.stations {
            let city = names::city(map, name).map_err(|e| format!("{who}: {e}"))?;
            if station_used.contains(&city) {
                return Err(format!("{who}: {} already has a station", map.city(city).name));
            }
            station_used.push(city);
            station_cities.push(city);
        }
        let mut tickets: Vec<TicketId> = Vec::new();
        for spec in &p.tickets {
            let id = names::ticket(map, spec, |t| !ticket_used[usize::from(t.0)]).map_err(|e| format!("{who}: {e}"))?;
            ticket_used[usize::from(id.0)] = true;
            tickets.push(id);
        }
        all.push(Holdings {
            routes,
            stations_left: rules.stations - station_cities.len() as u8,
            station_cities,
            tickets,
        });
    }
    if !rules.doubles_open(players.len()) {
        for (i, r) in map.routes.iter().enumerate() {
            if let Some(t) = r.twin
                && i < usize::from(t.0)
                && owner[i].is_some()
                && owner[usize::from(t.0)].is_some()
            {
                return Err(format!(
                    "with {} players only one track of {} may be used",
                    players.len(),
                    map.route_label(RouteId(i as u16))
                ));
            }
        }
    }
    Ok(all)
}
