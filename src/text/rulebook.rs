//! `/ttr rules`: a map's rules in short, written from its data — setup, the turn, its own mechanics (tunnels,
//! ferries, stations, metros), the end and the scoring.

use super::catalog::tr;
use super::words::wild_attr;
use super::{Lang, map_name};
use crate::rules::Map;

/// The map's rules in short, one rule a line.
pub(super) fn rules(lang: Lang, map: &Map) -> String {
    let mut lines = opening(lang, map);
    lines.push(turn(lang, map));
    lines.push(rule(
        lang,
        "rules-heading-doubles",
        tr!(lang, "rules-doubles", players = map.rules.doubles_min_players),
    ));
    lines.extend(mechanics(lang, map));
    lines.push(rule(
        lang,
        "rules-heading-end",
        tr!(lang, "rules-end", count = map.rules.end_at),
    ));
    lines.push(scoring(lang, map));
    lines.join("\n")
}

/// A rule: its heading in bold, then the rule.
fn rule(lang: Lang, heading: &str, body: String) -> String {
    format!("**{}:** {body}", tr!(lang, heading))
}

/// The map, its players and pieces; the setup.
fn opening(lang: Lang, map: &Map) -> Vec<String> {
    let r = &map.rules;
    let pieces = if r.metros > 0 {
        tr!(lang, "rules-pieces-trams", trains = r.trains, metros = r.metros)
    } else {
        tr!(lang, "rules-pieces-trains", trains = r.trains)
    };
    let long = if r.long_tickets_dealt > 0 {
        tr!(lang, "rules-setup-long", count = r.long_tickets_dealt)
    } else {
        String::new()
    };
    let players = tr!(
        lang,
        "rules-players",
        min = r.min_players,
        max = r.max_players,
        pieces = pieces
    );
    let setup = tr!(
        lang,
        "rules-setup",
        hand = r.hand,
        dealt = r.tickets_dealt,
        long = long,
        keep = r.tickets_keep
    );
    vec![
        format!("**{}**: {players}", map_name(lang, map)),
        rule(lang, "rules-heading-setup", setup),
    ]
}

/// What a turn may be: cards (and the wild cards' own rules), a route, tickets.
fn turn(lang: Lang, map: &Map) -> String {
    let r = &map.rules;
    let faceup = if r.wild_faceup_counts_double {
        tr!(lang, "rules-faceup-double", wild = wild_attr(lang, r.wild, "noun"))
    } else {
        String::new()
    };
    let wilds = wild_attr(lang, r.wild, "plural");
    let wilds = if r.wild_only_on_tunnels {
        tr!(lang, "rules-wilds-tunnels", wilds = wilds)
    } else {
        tr!(lang, "rules-wilds-any", wilds = wilds)
    };
    let body = tr!(
        lang,
        "rules-turn",
        faceup = faceup,
        wilds = wilds,
        draw = r.tickets_draw,
        keep = r.tickets_draw_keep
    );
    rule(lang, "rules-heading-turn", body)
}

/// The map's own mechanics, each only when the map has it.
fn mechanics(lang: Lang, map: &Map) -> Vec<String> {
    let r = &map.rules;
    let wild_noun = wild_attr(lang, r.wild, "noun");
    let mut lines = Vec::new();
    if map.routes.iter().any(|route| route.tunnel) {
        let body = tr!(lang, "rules-tunnels", wild = wild_noun.as_str());
        lines.push(rule(lang, "rules-heading-tunnels", body));
    }
    if map.routes.iter().any(|route| route.ferry > 0) {
        let body = tr!(lang, "rules-ferries", wild = wild_noun.as_str());
        lines.push(rule(lang, "rules-heading-ferries", body));
    }
    if r.stations > 0 {
        let costs: Vec<String> = r
            .station_costs
            .iter()
            .take(usize::from(r.stations))
            .map(u8::to_string)
            .collect();
        let body = tr!(
            lang,
            "rules-stations",
            count = r.stations,
            costs = costs.join(" / "),
            points = r.station_points
        );
        lines.push(rule(lang, "rules-heading-stations", body));
    }
    if r.metros > 0 {
        lines.push(rule(lang, "rules-heading-metros", tr!(lang, "rules-metros")));
    }
    lines
}

/// Points per route length, and the bonuses the map has.
fn scoring(lang: Lang, map: &Map) -> String {
    let r = &map.rules;
    let table: Vec<String> = (1..=12u8)
        .filter_map(|len| r.points_for_length(len).map(|p| format!("{len}: {p}")))
        .collect();
    let mut scoring = tr!(lang, "rules-scoring", table = table.join(", "));
    if r.longest_path_bonus > 0 {
        scoring += &tr!(lang, "rules-scoring-longest", points = r.longest_path_bonus);
    }
    if !r.grand_tour.is_empty() {
        scoring += &tr!(lang, "rules-scoring-grand-tour");
    }
    rule(lang, "rules-heading-scoring", scoring + ".")
}
