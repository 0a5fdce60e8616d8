//! What checking a map file finds, in words: each problem, its severity, and an accepted map's summary.

use super::Lang;
use super::catalog::tr;
use super::words::{color_kind, listed};
use crate::map_report::{Counted, MapProblem, Named, Problem, Severity, Summary};

pub(super) fn problem(lang: Lang, p: &Problem) -> String {
    let reason = reason(lang, &p.what);
    match p.line {
        Some(line) => tr!(lang, "mapfile-at-line", line = line, problem = reason),
        None => reason,
    }
}

pub(super) fn severity(lang: Lang, severity: Severity) -> String {
    match severity {
        Severity::Refusal => tr!(lang, "mapfile-refusal"),
        Severity::Warning => tr!(lang, "mapfile-warning"),
    }
}

/// Whose a name is, as "… name" says it ("a city's").
fn whose(lang: Lang, what: Named) -> String {
    let key = match what {
        Named::Map => "mapfile-named-map.whose",
        Named::City => "mapfile-named-city.whose",
        Named::Country => "mapfile-named-country.whose",
    };
    tr!(lang, key)
}

/// Numbers as ranges: "1–6, 8" (or "none").
fn ranges(lang: Lang, numbers: &[u8]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let start = numbers[i];
        while i + 1 < numbers.len() && numbers[i + 1] == numbers[i].saturating_add(1) {
            i += 1;
        }
        parts.push(if numbers[i] == start {
            start.to_string()
        } else {
            format!("{start}–{}", numbers[i])
        });
        i += 1;
    }
    if parts.is_empty() {
        tr!(lang, "mapfile-none")
    } else {
        parts.join(", ")
    }
}

/// A position as a problem quotes it: as written for a usual number, in scientific notation for a huge one.
fn coordinate(v: f32) -> String {
    if v.is_finite() && v.abs() >= 1e6 {
        format!("{v:e}")
    } else {
        v.to_string()
    }
}

/// One `match` arm per kind of problem, so that the compiler asks for the words of a new one.
pub(super) fn reason(lang: Lang, what: &MapProblem) -> String {
    match what {
        MapProblem::TooLarge { bytes, most } => tr!(lang, "mapfile-too-large", bytes = *bytes, most = *most),
        MapProblem::NotUtf8 { at } => tr!(lang, "mapfile-not-utf8", at = *at),
        MapProblem::Syntax { message } => tr!(lang, "mapfile-syntax", message = message),
        MapProblem::UnknownField { section, field } if section.is_empty() => {
            tr!(lang, "mapfile-unknown-field", field = field)
        }
        MapProblem::UnknownField { section, field } => {
            tr!(lang, "mapfile-unknown-field-in", field = field, section = section)
        }
        MapProblem::MissingField { section, field } if section.is_empty() => {
            tr!(lang, "mapfile-missing-field", field = field)
        }
        MapProblem::MissingField { section, field } => {
            tr!(lang, "mapfile-missing-field-in", field = field, section = section)
        }
        MapProblem::BadValue { section, message } if section.is_empty() => {
            tr!(lang, "mapfile-bad-value", message = message)
        }
        MapProblem::BadValue { section, message } => {
            tr!(lang, "mapfile-bad-value-in", message = message, section = section)
        }
        MapProblem::BadId { id, most } => tr!(lang, "mapfile-bad-id", id = id, most = *most),
        MapProblem::EmptyName { what } => tr!(lang, "mapfile-empty-name", whose = whose(lang, *what)),
        MapProblem::LongName {
            what,
            name,
            chars,
            most,
        } => tr!(
            lang,
            "mapfile-long-name",
            whose = whose(lang, *what),
            name = name,
            chars = *chars,
            most = *most
        ),
        MapProblem::MarkupInName { what, name, character } => tr!(
            lang,
            "mapfile-markup-in-name",
            whose = whose(lang, *what),
            name = name,
            character = character.to_string()
        ),
        MapProblem::InvisibleCharacter { what, name, code } => tr!(
            lang,
            "mapfile-invisible-character",
            whose = whose(lang, *what),
            name = name,
            code = format!("U+{code:04X}")
        ),
        MapProblem::EmptyBoard => tr!(lang, "mapfile-empty-board"),
        MapProblem::BoardTooLarge { width, height, most } => tr!(
            lang,
            "mapfile-board-too-large",
            width = *width,
            height = *height,
            most = *most
        ),
        MapProblem::PlayerRange { min, max } => tr!(lang, "mapfile-player-range", min = *min, max = *max),
        MapProblem::NoTrains => tr!(lang, "mapfile-no-trains"),
        MapProblem::StationCosts { costs, stations } => {
            tr!(lang, "mapfile-station-costs", costs = *costs, stations = *stations)
        }
        MapProblem::NoColoredCards => tr!(lang, "mapfile-no-colored-cards"),
        MapProblem::TicketsKeep { keep, dealt } => tr!(lang, "mapfile-tickets-keep", keep = *keep, dealt = *dealt),
        MapProblem::OfferTooLarge { most } => tr!(lang, "mapfile-offer-too-large", most = *most),
        MapProblem::TicketsDrawKeep { keep, draw } => {
            tr!(lang, "mapfile-tickets-draw-keep", keep = *keep, draw = *draw)
        }
        MapProblem::DeckColorTwice { color } => {
            tr!(lang, "mapfile-deck-color-twice", color = color_kind(lang, *color))
        }
        MapProblem::TooFewCards { cards, hand, players } => tr!(
            lang,
            "mapfile-too-few-cards",
            cards = *cards,
            hand = *hand,
            players = *players
        ),
        MapProblem::PointsKey { table, key } => tr!(lang, "mapfile-points-key", table = table, key = key),
        MapProblem::TooMany { what, count, most } => {
            let key = match what {
                Counted::Cities => "mapfile-too-many-cities",
                Counted::Routes => "mapfile-too-many-routes",
                Counted::Tickets => "mapfile-too-many-tickets",
                Counted::Countries => "mapfile-too-many-countries",
            };
            tr!(lang, key, count = *count, most = *most)
        }
        MapProblem::CityTwice { name } => tr!(lang, "mapfile-city-twice", name = name),
        MapProblem::NamesAlike { what, name, other } => {
            let key = match what {
                Named::Country => "mapfile-names-alike-country",
                Named::City | Named::Map => "mapfile-names-alike-city",
            };
            tr!(lang, key, name = name, other = other)
        }
        MapProblem::CityAndCountry { name } => tr!(lang, "mapfile-city-and-country", name = name),
        MapProblem::OutsideBoard {
            name,
            x,
            y,
            width,
            height,
        } => tr!(
            lang,
            "mapfile-outside-board",
            name = name,
            x = coordinate(*x),
            y = coordinate(*y),
            width = *width,
            height = *height
        ),
        MapProblem::NoRoute { city } => tr!(lang, "mapfile-no-route", city = city),
        MapProblem::UnknownCity { route, name } => tr!(lang, "mapfile-unknown-city", route = route, name = name),
        MapProblem::SelfRoute { route } => tr!(lang, "mapfile-self-route", route = route),
        MapProblem::UnknownColor { route, color } => {
            tr!(lang, "mapfile-unknown-color", route = route, color = color)
        }
        MapProblem::ColorNotInDeck { route, color } => tr!(
            lang,
            "mapfile-color-not-in-deck",
            route = route,
            color = color_kind(lang, *color)
        ),
        MapProblem::ZeroLength { route } => tr!(lang, "mapfile-zero-length", route = route),
        MapProblem::FerryTooLong { route, ferry, len } => {
            tr!(
                lang,
                "mapfile-ferry-too-long",
                route = route,
                ferry = *ferry,
                len = *len
            )
        }
        MapProblem::MetroNeedsCards { route } => tr!(lang, "mapfile-metro-needs-cards", route = route),
        MapProblem::CardsOnlyForMetro { route } => tr!(lang, "mapfile-cards-only-for-metro", route = route),
        MapProblem::NoScore { route, len, scored } => tr!(
            lang,
            "mapfile-no-score",
            route = route,
            len = *len,
            scored = ranges(lang, scored)
        ),
        MapProblem::NoMetroScore { route, cards, scored } => tr!(
            lang,
            "mapfile-no-metro-score",
            route = route,
            cards = *cards,
            scored = ranges(lang, scored)
        ),
        MapProblem::ZeroCost { route } => tr!(lang, "mapfile-zero-cost", route = route),
        MapProblem::NoPiecesForRoute { route } => tr!(lang, "mapfile-no-pieces", route = route),
        MapProblem::TooManyTracks { route } => tr!(lang, "mapfile-too-many-tracks", route = route),
        MapProblem::PointsOverflow { points, most } => {
            tr!(lang, "mapfile-points-overflow", points = *points, most = *most)
        }
        MapProblem::TicketShape { from } => tr!(lang, "mapfile-ticket-shape", from = from),
        MapProblem::UnknownPlace { ticket, name } => {
            tr!(lang, "mapfile-unknown-place", ticket = ticket, name = name)
        }
        MapProblem::TicketNowhere { ticket } => tr!(lang, "mapfile-ticket-nowhere", ticket = ticket),
        MapProblem::TicketWorthNothing { ticket } => tr!(lang, "mapfile-ticket-worth-nothing", ticket = ticket),
        MapProblem::TooFewTickets {
            players,
            regular,
            regular_needed,
            long,
            long_needed,
        } => {
            let mut short = Vec::new();
            if regular < regular_needed {
                short.push(tr!(
                    lang,
                    "mapfile-too-few-tickets",
                    players = *players,
                    needed = *regular_needed,
                    have = *regular
                ));
            }
            if long < long_needed {
                short.push(tr!(
                    lang,
                    "mapfile-too-few-long-tickets",
                    players = *players,
                    needed = *long_needed,
                    have = *long
                ));
            }
            short.join("; ")
        }
        MapProblem::Disconnected { parts, apart } => {
            tr!(lang, "mapfile-disconnected", parts = *parts, apart = apart)
        }
        MapProblem::Unreachable { ticket, to } => tr!(lang, "mapfile-unreachable", ticket = ticket, to = to),
        MapProblem::TicketValue {
            ticket,
            to,
            value,
            shortest,
        } => tr!(
            lang,
            "mapfile-ticket-value",
            ticket = ticket,
            to = to,
            value = *value,
            shortest = *shortest
        ),
        MapProblem::NamesCollide { a, b } => tr!(lang, "mapfile-names-collide", a = a, b = b),
        MapProblem::Unreadable { why } => tr!(lang, "mapfile-unreadable", why = why),
        MapProblem::NoMapFiles => tr!(lang, "mapfile-no-map-files"),
        MapProblem::IdTaken { id, first } => tr!(lang, "mapfile-id-taken", id = id, first = first),
        MapProblem::NoSuchMap { id: _, maps } => {
            tr!(lang, "mapfile-no-such-map", maps = listed(lang, maps, "list-and"))
        }
    }
}

pub(super) fn verdict(lang: Lang, problems: &[Problem]) -> String {
    let refusals = problems.iter().filter(|p| p.severity == Severity::Refusal).count();
    let warnings = problems.len() - refusals;
    if refusals == 0 {
        tr!(lang, "mapfile-verdict-accepted", warnings = warnings)
    } else {
        tr!(
            lang,
            "mapfile-verdict-refused",
            refusals = refusals,
            warnings = warnings
        )
    }
}

pub(super) fn summary(lang: Lang, s: &Summary) -> String {
    let board = tr!(
        lang,
        "mapfile-summary-board",
        cities = s.cities,
        routes = s.routes,
        doubles = s.doubles,
        spaces = s.spaces,
        longest = s.longest_route
    );
    let tickets = match s.ticket_values {
        Some([lowest, median, highest]) => tr!(
            lang,
            "mapfile-summary-tickets",
            regular = s.regular_tickets,
            long = s.long_tickets,
            lowest = lowest,
            median = median,
            highest = highest
        ),
        None => tr!(lang, "mapfile-summary-no-tickets"),
    };
    let rules = tr!(
        lang,
        "mapfile-summary-rules",
        min = s.min_players,
        max = s.max_players,
        trains = s.trains,
        metros = s.metros,
        stations = s.stations,
        tunnels = s.tunnels,
        ferries = s.ferries
    );
    [board, tickets, rules].join("\n")
}
