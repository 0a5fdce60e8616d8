//! A map file's rows as TOML gives them, and its `[rules]` table checked into the rules' `Ruleset`.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::names::shown;
use crate::map_report::MapProblem;
use crate::rules::ruleset::{TieBreak, UnkeptPolicy};
use crate::rules::{Color, RouteKind, Ruleset, WildName};

/// Most tickets offered at once (dealt at the start, or drawn): a player chooses among all subsets of them.
const MAX_OFFER: u16 = 10;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Board {
    pub(super) width: u32,
    pub(super) height: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CityRow {
    pub(super) name: String,
    pub(super) x: f32,
    pub(super) y: f32,
    pub(super) country: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RouteRow {
    pub(super) a: String,
    pub(super) b: String,
    pub(super) len: u8,
    pub(super) color: String,
    #[serde(default)]
    pub(super) tunnel: bool,
    #[serde(default)]
    pub(super) ferry: u8,
    pub(super) kind: Option<RouteKind>,
    pub(super) cards: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TicketRow {
    pub(super) a: String,
    pub(super) b: Option<String>,
    pub(super) points: Option<u16>,
    pub(super) to: Option<BTreeMap<String, u16>>,
    #[serde(default)]
    pub(super) long: bool,
}

/// The `[rules]` table as written in a map file (numbers keyed by strings, as TOML requires).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RulesFile {
    pub(super) players: [u8; 2],
    #[serde(alias = "trams")]
    pub(super) trains: u8,
    #[serde(default)]
    pub(super) metros: u8,
    #[serde(default)]
    pub(super) stations: u8,
    #[serde(default)]
    pub(super) station_costs: Vec<u8>,
    #[serde(default)]
    pub(super) station_points: u16,
    pub(super) hand: u8,
    pub(super) deck_colors: Vec<Color>,
    pub(super) cards_per_color: u8,
    pub(super) wild_cards: u8,
    pub(super) tickets_dealt: u8,
    #[serde(default)]
    pub(super) long_tickets_dealt: u8,
    pub(super) tickets_keep: u8,
    pub(super) tickets_draw: u8,
    pub(super) tickets_draw_keep: u8,
    pub(super) unkept_tickets: UnkeptPolicy,
    pub(super) doubles_min_players: u8,
    pub(super) wild: WildName,
    pub(super) wild_faceup_counts_double: bool,
    pub(super) wild_only_on_tunnels: bool,
    pub(super) end_at: u8,
    pub(super) longest_path_bonus: u16,
    pub(super) route_points: BTreeMap<String, u16>,
    #[serde(default)]
    pub(super) metro_points: BTreeMap<String, u16>,
    #[serde(default)]
    pub(super) grand_tour: Vec<u16>,
    pub(super) tie_breaks: Vec<TieBreak>,
}

/// Checks the `[rules]` table and turns it into a ruleset; otherwise every problem found in it, each with the field
/// it is about (to find its line).
pub(super) fn ruleset(raw: RulesFile) -> Result<Ruleset, Vec<(&'static str, MapProblem)>> {
    let mut problems = Vec::new();
    let [min_players, max_players] = raw.players;
    if min_players < 2 || min_players > max_players || max_players > 5 {
        problems.push((
            "players",
            MapProblem::PlayerRange {
                min: min_players,
                max: max_players,
            },
        ));
    }
    if raw.trains == 0 && raw.metros == 0 {
        problems.push(("trains", MapProblem::NoTrains));
    }
    if raw.station_costs.len() < usize::from(raw.stations) {
        problems.push((
            "station_costs",
            MapProblem::StationCosts {
                costs: raw.station_costs.len(),
                stations: raw.stations,
            },
        ));
    }
    if raw.deck_colors.is_empty() || raw.cards_per_color == 0 {
        problems.push(("deck_colors", MapProblem::NoColoredCards));
    }
    let dealt = u16::from(raw.tickets_dealt) + u16::from(raw.long_tickets_dealt);
    if raw.tickets_keep == 0 || u16::from(raw.tickets_keep) > dealt {
        problems.push((
            "tickets_keep",
            MapProblem::TicketsKeep {
                keep: raw.tickets_keep,
                dealt,
            },
        ));
    }
    // Every subset of an offer is a choice the engine lists, so an offer stays small.
    if dealt > MAX_OFFER || u16::from(raw.tickets_draw) > MAX_OFFER {
        problems.push(("tickets_dealt", MapProblem::OfferTooLarge { most: MAX_OFFER }));
    }
    if raw.tickets_draw == 0 || raw.tickets_draw_keep == 0 || raw.tickets_draw_keep > raw.tickets_draw {
        problems.push((
            "tickets_draw_keep",
            MapProblem::TicketsDrawKeep {
                keep: raw.tickets_draw_keep,
                draw: raw.tickets_draw,
            },
        ));
    }
    let mut seen = Vec::new();
    for c in &raw.deck_colors {
        if seen.contains(c) {
            problems.push(("deck_colors", MapProblem::DeckColorTwice { color: *c }));
        }
        seen.push(*c);
    }
    let total_cards = raw.deck_colors.len() * usize::from(raw.cards_per_color) + usize::from(raw.wild_cards);
    if !raw.deck_colors.is_empty() && total_cards < usize::from(raw.hand) * usize::from(max_players) + 5 {
        problems.push((
            "hand",
            MapProblem::TooFewCards {
                cards: total_cards,
                hand: raw.hand,
                players: max_players,
            },
        ));
    }
    let route_points = points_table("route_points", &raw.route_points, &mut problems);
    let metro_points = points_table("metro_points", &raw.metro_points, &mut problems);
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Ruleset {
        min_players,
        max_players,
        trains: raw.trains,
        metros: raw.metros,
        stations: raw.stations,
        station_costs: raw.station_costs,
        station_points: raw.station_points,
        hand: raw.hand,
        deck_colors: raw.deck_colors,
        cards_per_color: raw.cards_per_color,
        wild_cards: raw.wild_cards,
        tickets_dealt: raw.tickets_dealt,
        long_tickets_dealt: raw.long_tickets_dealt,
        tickets_keep: raw.tickets_keep,
        tickets_draw: raw.tickets_draw,
        tickets_draw_keep: raw.tickets_draw_keep,
        unkept_tickets: raw.unkept_tickets,
        doubles_min_players: raw.doubles_min_players,
        wild: raw.wild,
        wild_faceup_counts_double: raw.wild_faceup_counts_double,
        wild_only_on_tunnels: raw.wild_only_on_tunnels,
        end_at: raw.end_at,
        longest_path_bonus: raw.longest_path_bonus,
        route_points,
        metro_points,
        grand_tour: raw.grand_tour,
        tie_breaks: raw.tie_breaks,
    })
}

/// A points table by length (index 0 unused); each key that is not a length from 1 to 12 is a problem.
fn points_table(
    field: &'static str,
    table: &BTreeMap<String, u16>,
    problems: &mut Vec<(&'static str, MapProblem)>,
) -> Vec<Option<u16>> {
    let mut points = Vec::new();
    for (key, &value) in table {
        match key.parse().ok().filter(|n: &usize| (1..=12).contains(n)) {
            Some(len) => {
                if points.len() <= len {
                    points.resize(len + 1, None);
                }
                points[len] = Some(value);
            }
            None => problems.push((
                field,
                MapProblem::PointsKey {
                    table: field.to_string(),
                    key: shown(key),
                },
            )),
        }
    }
    points
}
