//! The `routes` and `tickets` rows read into the rules' routes and tickets, every bad row reported on its line.

use std::collections::HashMap;

use toml::Spanned;
use toml::de::DeValue;

use super::Found;
use super::document;
use super::names::shown;
use super::places::Places;
use super::rows::{RouteRow, TicketRow};
use crate::map_report::MapProblem;
use crate::rules::{CityId, Color, Place, Route, RouteId, RouteKind, Ruleset, Ticket};

/// The `routes` rows: known ends, a colour the deck has, a length and points the tables know, and at most two
/// tracks between the same pair (which become each other's twin). Without a ruleset (its table did not read) the
/// rows are checked for what does not need one, and none is returned.
pub(super) fn read_routes(
    rows: Vec<Spanned<DeValue<'_>>>,
    places: &Places,
    rules: Option<&Ruleset>,
    found: &mut Found,
) -> Vec<Route> {
    let mut routes: Vec<Route> = Vec::with_capacity(rows.len());
    let mut first_track: HashMap<(CityId, CityId), RouteId> = HashMap::new();
    for row in rows {
        let at = Some(row.span());
        let Some(r) = document::value::<RouteRow>(row, "routes", found) else {
            continue;
        };
        let mut route = match read_route(&r, places, rules) {
            Ok(Some(route)) => route,
            Ok(None) => continue,
            Err(problems) => {
                for problem in problems {
                    found.refuse(at.clone(), problem);
                }
                continue;
            }
        };
        let id = RouteId(routes.len() as u16);
        let pair = (route.a.min(route.b), route.a.max(route.b));
        if let Some(&twin) = first_track.get(&pair) {
            if routes[usize::from(twin.0)].twin.is_some() {
                found.refuse(at, MapProblem::TooManyTracks { route: route_name(&r) });
                continue;
            }
            routes[usize::from(twin.0)].twin = Some(id);
            route.twin = Some(twin);
        } else {
            first_track.insert(pair, id);
        }
        routes.push(route);
    }
    // A running score holds every route a player could own; it must fit.
    let points: u32 = routes.iter().map(|r| u32::from(r.points)).sum();
    if points > u32::from(u16::MAX) {
        found.refuse(None, MapProblem::PointsOverflow { points, most: u16::MAX });
    }
    routes
}

/// A route as problems name it: its ends as the file writes them.
fn route_name(r: &RouteRow) -> String {
    format!("{} – {}", shown(&r.a), shown(&r.b))
}

/// One route row, checked on its own (twins are found by the caller): the route, or nothing when there is no
/// ruleset to score it, or every problem of the row. A row naming an unknown city is checked no further: its
/// other problems would be guesses.
fn read_route(r: &RouteRow, places: &Places, rules: Option<&Ruleset>) -> Result<Option<Route>, Vec<MapProblem>> {
    let route = route_name(r);
    let (a, b) = (places.city(&r.a), places.city(&r.b));
    let (Some(a), Some(b)) = (a, b) else {
        let mut unknown: Vec<&String> = [(&r.a, a), (&r.b, b)]
            .into_iter()
            .filter(|(_, id)| id.is_none())
            .map(|(name, _)| name)
            .collect();
        unknown.dedup();
        return Err(unknown
            .into_iter()
            .map(|name| MapProblem::UnknownCity {
                route: route.clone(),
                name: shown(name),
            })
            .collect());
    };
    let mut problems = Vec::new();
    if a == b {
        problems.push(MapProblem::SelfRoute { route: route.clone() });
    }
    let color = match r.color.as_str() {
        "gray" | "grey" => None,
        name => Color::from_name(name).or_else(|| {
            problems.push(MapProblem::UnknownColor {
                route: route.clone(),
                color: shown(name),
            });
            None
        }),
    };
    if let (Some(c), Some(rules)) = (color, rules)
        && !rules.deck_colors.contains(&c)
    {
        problems.push(MapProblem::ColorNotInDeck {
            route: route.clone(),
            color: c,
        });
    }
    if r.len == 0 {
        problems.push(MapProblem::ZeroLength { route: route.clone() });
    }
    if r.ferry > r.len {
        problems.push(MapProblem::FerryTooLong {
            route: route.clone(),
            ferry: r.ferry,
            len: r.len,
        });
    }
    let kind = r.kind.unwrap_or(RouteKind::Train);
    let priced = price(r, kind, &route, rules)
        .map_err(|p| problems.push(p))
        .ok()
        .flatten();
    if !problems.is_empty() {
        return Err(problems);
    }
    let Some((cost, points)) = priced else {
        return Ok(None);
    };
    Ok(Some(Route {
        a,
        b,
        len: r.len,
        color,
        tunnel: r.tunnel,
        ferry: r.ferry,
        kind,
        cost,
        points,
        twin: None,
    }))
}

/// What a route costs in cards and scores, from the ruleset's tables (nothing without a ruleset, or for a length of
/// 0, which the caller reports).
fn price(r: &RouteRow, kind: RouteKind, route: &str, rules: Option<&Ruleset>) -> Result<Option<(u8, u16)>, MapProblem> {
    let route = route.to_string();
    match (kind, r.cards) {
        (RouteKind::Metro, None) => return Err(MapProblem::MetroNeedsCards { route }),
        (RouteKind::Train | RouteKind::Tram, Some(_)) => return Err(MapProblem::CardsOnlyForMetro { route }),
        _ => {}
    }
    let Some(rules) = rules else {
        return Ok(None);
    };
    let scored = |table: &[Option<u16>]| -> Vec<u8> {
        (0..table.len())
            .filter(|&n| table[n].is_some())
            .map(|n| n as u8)
            .collect()
    };
    // From here `cards` is given exactly when the route is a metro line.
    let (cost, points) = match r.cards {
        Some(cards) => match rules.points_for_metro(cards) {
            Some(points) => (cards, points),
            None => {
                let scored = scored(&rules.metro_points);
                return Err(MapProblem::NoMetroScore { route, cards, scored });
            }
        },
        None if r.len == 0 => return Ok(None),
        None => match rules.points_for_length(r.len) {
            Some(points) => (r.len, points),
            None => {
                let scored = scored(&rules.route_points);
                return Err(MapProblem::NoScore {
                    route,
                    len: r.len,
                    scored,
                });
            }
        },
    };
    if cost == 0 {
        return Err(MapProblem::ZeroCost { route });
    }
    let pieces = if kind == RouteKind::Metro {
        rules.metros
    } else {
        rules.trains
    };
    if pieces == 0 {
        return Err(MapProblem::NoPiecesForRoute { route });
    }
    Ok(Some((cost, points)))
}

/// The `tickets` rows: a plain ticket (`b` and `points`) or a country ticket (`to = { … }`), between known places;
/// the tickets that read, each with its row's line, and whether every row read.
pub(super) fn read_tickets(
    rows: Vec<Spanned<DeValue<'_>>>,
    places: &Places,
    found: &mut Found,
) -> (Vec<Ticket>, Vec<usize>, bool) {
    let mut tickets = Vec::with_capacity(rows.len());
    let mut lines = Vec::with_capacity(rows.len());
    let mut all_read = true;
    for row in rows {
        let span = row.span();
        let read = document::value::<TicketRow>(row, "tickets", found)
            .map(|t| read_ticket(&t, places).map_err(|problems| found.refuse_all(Some(span.clone()), problems)));
        match read {
            Some(Ok(ticket)) => {
                tickets.push(ticket);
                lines.push(found.line(&span));
            }
            _ => all_read = false,
        }
    }
    (tickets, lines, all_read)
}

/// One ticket row: the ticket, or its problems (every unknown name once; a row with one is checked no further).
fn read_ticket(t: &TicketRow, places: &Places) -> Result<Ticket, Vec<MapProblem>> {
    let targets: Vec<(&String, u16)> = match (&t.b, t.points, &t.to) {
        (Some(b), Some(points), None) => vec![(b, points)],
        (None, None, Some(to)) if !to.is_empty() => to.iter().map(|(k, v)| (k, *v)).collect(),
        _ => return Err(vec![MapProblem::TicketShape { from: shown(&t.a) }]),
    };
    let ticket = format!(
        "{} – {}",
        shown(&t.a),
        targets
            .iter()
            .map(|(name, _)| shown(name))
            .collect::<Vec<_>>()
            .join(" / ")
    );
    let from = places.place(&t.a);
    let places: Vec<(Option<Place>, u16)> = targets.iter().map(|(name, v)| (places.place(name), *v)).collect();
    let (Some(from), true) = (from, places.iter().all(|(p, _)| p.is_some())) else {
        let mut unknown: Vec<&String> = std::iter::once((&t.a, from))
            .chain(targets.iter().zip(&places).map(|((name, _), (p, _))| (*name, *p)))
            .filter(|(_, p)| p.is_none())
            .map(|(name, _)| name)
            .collect();
        unknown.sort();
        unknown.dedup();
        return Err(unknown
            .into_iter()
            .map(|name| MapProblem::UnknownPlace {
                ticket: ticket.clone(),
                name: shown(name),
            })
            .collect());
    };
    let typed: Vec<(Place, u16)> = places.into_iter().filter_map(|(p, v)| Some((p?, v))).collect();
    let mut problems = Vec::new();
    if typed.iter().any(|(p, _)| *p == from) {
        problems.push(MapProblem::TicketNowhere { ticket: ticket.clone() });
    }
    if typed.iter().any(|(_, v)| *v == 0) {
        problems.push(MapProblem::TicketWorthNothing { ticket });
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Ticket {
        from,
        targets: typed,
        long: t.long,
    })
}

/// The most players the map allows must each be dealt their starting tickets (regular and long).
pub(super) fn check_enough_tickets(tickets: &[Ticket], rules: &Ruleset, found: &mut Found) {
    let regular = tickets.iter().filter(|t| !t.long).count();
    let long = tickets.len() - regular;
    let players = usize::from(rules.max_players);
    let (regular_needed, long_needed) = (
        players * usize::from(rules.tickets_dealt),
        players * usize::from(rules.long_tickets_dealt),
    );
    if regular < regular_needed || long < long_needed {
        let problem = MapProblem::TooFewTickets {
            players: rules.max_players,
            regular,
            regular_needed,
            long,
            long_needed,
        };
        found.refuse(None, problem);
    }
}
