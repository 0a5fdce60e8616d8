//! An accepted map in figures: counts of its board, its tickets' values and its rule set's numbers.

use crate::map_report::Summary;
use crate::rules::Map;

/// A map's figures, as `ttrbot maps` lists them, `ttrbot maps --check` ends with, and the map tests pin.
pub fn summary(map: &Map) -> Summary {
    let mut values: Vec<u16> = map
        .tickets
        .iter()
        .flat_map(|t| t.targets.iter().map(|&(_, v)| v))
        .collect();
    values.sort_unstable();
    let ticket_values = match (values.first(), values.last()) {
        (Some(&lowest), Some(&highest)) => Some([lowest, values[values.len() / 2], highest]),
        _ => None,
    };
    let long_tickets = map.tickets.iter().filter(|t| t.long).count();
    let rules = &map.rules;
    Summary {
        cities: map.cities.len(),
        routes: map.routes.len(),
        doubles: map.routes.iter().filter(|r| r.twin.is_some()).count() / 2,
        spaces: map.routes.iter().map(|r| u32::from(r.len)).sum(),
        regular_tickets: map.tickets.len() - long_tickets,
        long_tickets,
        longest_route: map.routes.iter().map(|r| r.len).max().unwrap_or(0),
        ticket_values,
        min_players: rules.min_players,
        max_players: rules.max_players,
        trains: rules.trains,
        metros: rules.metros,
        stations: rules.stations,
        tunnels: map.routes.iter().filter(|r| r.tunnel).count(),
        ferries: map.routes.iter().filter(|r| r.ferry > 0).count(),
    }
}
