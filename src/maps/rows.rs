//! A map file's rows as TOML gives them (checked for unknown fields), and the `[rules]` table turned into the
//! rules' `Ruleset`.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::rules::names::excerpt;
use crate::rules::ruleset::{TieBreak, UnkeptPolicy};
use crate::rules::{Color, RouteKind, Ruleset, WildName};

/// Most tickets offered at once (dealt at the start, or drawn): a player chooses among all subsets of them.
const MAX_OFFER: u16 = 10;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MapFile {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) board: Board,
    pub(super) cities: Vec<Spanned<CityRow>>,
    pub(super) routes: Vec<Spanned<RouteRow>>,
    pub(super) tickets: Vec<Spanned<TicketRow>>,
    pub(super) rules: RulesFile,
}

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

/// Checks the `[rules]` table and turns it into a ruleset.
pub(super) fn ruleset(raw: RulesFile) -> Result<Ruleset, String> {
    let [min_players, max_players] = raw.players;
    if min_players < 2 || min_players > max_players || max_players > 5 {
        return Err(format!(
            "players = [{min_players}, {max_players}] must be a range within 2..5"
        ));
    }
    if raw.trains == 0 && raw.metros == 0 {
        return Err("a player needs some trains (or trams) or metros".into());
    }
    if raw.station_costs.len() < usize::from(raw.stations) {
        return Err(format!(
            "station_costs lists {} costs for {} stations",
            raw.station_costs.len(),
            raw.stations
        ));
    }
    if raw.deck_colors.is_empty() || raw.cards_per_color == 0 {
        return Err("the card deck has no coloured cards".into());
    }
    if raw.tickets_keep == 0 || raw.tickets_keep > raw.tickets_dealt.saturating_add(raw.long_tickets_dealt) {
        return Err("tickets_keep must be between 1 and the number of tickets dealt".into());
    }
    // Every subset of an offer is a choice the engine lists, so an offer stays small.
    let dealt = u16::from(raw.tickets_dealt) + u16::from(raw.long_tickets_dealt);
    if dealt > MAX_OFFER || u16::from(raw.tickets_draw) > MAX_OFFER {
        return Err(format!("at most {MAX_OFFER} tickets may be dealt or drawn at once"));
    }
    if raw.tickets_draw == 0 || raw.tickets_draw_keep == 0 || raw.tickets_draw_keep > raw.tickets_draw {
        return Err("tickets_draw_keep must be between 1 and tickets_draw".into());
    }
    let mut seen = Vec::new();
    for c in &raw.deck_colors {
        if seen.contains(c) {
            return Err(format!("deck_colors lists {c} twice"));
        }
        seen.push(*c);
    }
    let total_cards = raw.deck_colors.len() * usize::from(raw.cards_per_color) + usize::from(raw.wild_cards);
    let dealt = usize::from(raw.hand) * usize::from(max_players) + 5;
    if total_cards < dealt {
        return Err(format!(
            "{total_cards} cards are too few to deal {} to {max_players} players and turn 5 face up",
            raw.hand
        ));
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
        route_points: points_table("route_points", &raw.route_points)?,
        metro_points: points_table("metro_points", &raw.metro_points)?,
        grand_tour: raw.grand_tour,
        tie_breaks: raw.tie_breaks,
    })
}

fn points_table(field: &str, table: &BTreeMap<String, u16>) -> Result<Vec<Option<u16>>, String> {
    let mut points = Vec::new();
    for (key, &value) in table {
        let len: usize = key
            .parse()
            .ok()
            .filter(|&n: &usize| (1..=12).contains(&n))
            .ok_or_else(|| {
                format!(
                    "{field} has a key \"{}\" that is not a length from 1 to 12",
                    excerpt(key)
                )
            })?;
        if points.len() <= len {
            points.resize(len + 1, None);
        }
        points[len] = Some(value);
    }
    Ok(points)
}
