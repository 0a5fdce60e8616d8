//! The `[rules]` table an imported map is played by: the USA base game's or Europe's, with the editor's setup in it.

// Europe's when the map has tunnels or ferries: only Europe-like rules give them a meaning.

use serde_json::Value;

use super::read::Network;
use super::{ConvertError, Notes};

/// Points for a route by its length, 1 to 8: the standard table, which the editor prints too (the built-in maps list
/// only the lengths they use).
const ROUTE_POINTS: &str = "{ 1 = 1, 2 = 2, 3 = 4, 4 = 7, 5 = 10, 6 = 15, 7 = 18, 8 = 21 }";

/// The deck of the base game and of Europe alike.
const DECK: &str = r#"["red", "orange", "yellow", "green", "blue", "pink", "white", "black"]"#;

/// `maps/usa.toml`'s `[rules]`, in its order (a test compares the two), but the points table.
const USA: [(&str, &str); 20] = [
    ("players", "[2, 5]"),
    ("trains", "45"),
    ("stations", "0"),
    ("hand", "4"),
    ("deck_colors", DECK),
    ("cards_per_color", "12"),
    ("wild_cards", "14"),
    ("tickets_dealt", "3"),
    ("tickets_keep", "2"),
    ("tickets_draw", "3"),
    ("tickets_draw_keep", "1"),
    ("unkept_tickets", "\"bottom\""),
    ("doubles_min_players", "4"),
    ("wild", "\"locomotive\""),
    ("wild_faceup_counts_double", "true"),
    ("wild_only_on_tunnels", "false"),
    ("end_at", "2"),
    ("longest_path_bonus", "10"),
    ("route_points", ROUTE_POINTS),
    ("tie_breaks", r#"["tickets_completed", "longest_path"]"#),
];

/// `maps/europe.toml`'s `[rules]`, in its order (a test compares the two), but the points table.
const EUROPE: [(&str, &str); 23] = [
    ("players", "[2, 5]"),
    ("trains", "45"),
    ("stations", "3"),
    ("station_costs", "[1, 2, 3]"),
    ("station_points", "4"),
    ("hand", "4"),
    ("deck_colors", DECK),
    ("cards_per_color", "12"),
    ("wild_cards", "14"),
    ("tickets_dealt", "3"),
    ("long_tickets_dealt", "1"),
    ("tickets_keep", "2"),
    ("tickets_draw", "3"),
    ("tickets_draw_keep", "1"),
    ("unkept_tickets", r#"{ initial = "removed", draw = "bottom" }"#),
    ("doubles_min_players", "4"),
    ("wild", "\"locomotive\""),
    ("wild_faceup_counts_double", "true"),
    ("wild_only_on_tunnels", "false"),
    ("end_at", "2"),
    ("longest_path_bonus", "10"),
    ("route_points", ROUTE_POINTS),
    (
        "tie_breaks",
        r#"["tickets_completed", "fewest_stations", "longest_path"]"#,
    ),
];

/// Most tickets dealt at once (the rules' own limit, `MAX_OFFER` in rows.rs).
const MOST_DEALT: u8 = 10;

/// The rules chosen: the table's lines, and whether the long tickets are a deck of their own.
pub(super) struct Rules {
    pub(super) lines: Vec<(&'static str, String)>,
    pub(super) long_deck: bool,
}

/// The numbers of a game's setup as they end up.
struct Setup {
    players: (u8, u8),
    trains: u8,
    dealt: u8,
    long_dealt: u8,
    keep: u8,
    doubles: u8,
}

/// The rules table for `net`, saying in `notes` which rules were chosen and what of the editor's setup was changed.
///
/// # Errors
/// The map's first deck is too small to deal even two players a ticket each.
pub(super) fn rules(net: &Network, notes: &mut Notes) -> Result<Rules, ConvertError> {
    let europe = net.routes.iter().any(|r| r.tunnel || r.ferry > 0);
    let base: &[(&str, &str)] = if europe { &EUROPE } else { &USA };
    let default = |key: &str| -> u8 {
        let found = base.iter().find(|(k, _)| *k == key).map_or("0", |(_, v)| v);
        found.parse().unwrap_or(0)
    };
    let long = net.tickets.iter().filter(|t| t.long).count();
    let mut setup = Setup {
        players: players(net.payload.get("players"), notes),
        trains: whole(net.payload, "wagonsPerPlayer", 1, 255, notes).unwrap_or(default("trains")),
        dealt: default("tickets_dealt"),
        long_dealt: 0,
        keep: default("tickets_keep"),
        doubles: doubles(net.payload.get("lanesUsableByPlayers"), notes),
    };
    let long_deck = europe && long > 0 && long >= usize::from(setup.players.1);
    if long_deck {
        setup.long_dealt = 1;
    } else if long > 0 {
        notes.say(format!(
            "{long} long ticket(s) join the regular deck: {}",
            if europe {
                "too few to deal one to each player"
            } else {
                "the base game's rules deal no long tickets"
            }
        ));
    }
    dealing(net, &mut setup, notes);
    let regular = if long_deck {
        net.tickets.len() - long
    } else {
        net.tickets.len()
    };
    fit_players_to_tickets(regular, &mut setup, notes)?;
    notes.say(format!(
        "played by {}: {} to {} players, {} trains each, {} ticket(s) dealt{} and {} kept",
        if europe {
            "Europe's rules (the map has tunnels or ferries), stations included"
        } else {
            "the USA base game's rules"
        },
        setup.players.0,
        setup.players.1,
        setup.trains,
        setup.dealt,
        if long_deck { " with a long one" } else { "" },
        setup.keep
    ));
    let lines = base
        .iter()
        .map(|&(key, value)| {
            let ours = match key {
                "players" => format!("[{}, {}]", setup.players.0, setup.players.1),
                "trains" => setup.trains.to_string(),
                "tickets_dealt" => setup.dealt.to_string(),
                "long_tickets_dealt" => setup.long_dealt.to_string(),
                "tickets_keep" => setup.keep.to_string(),
                "doubles_min_players" => setup.doubles.to_string(),
                _ => value.to_string(),
            };
            (key, ours)
        })
        .collect();
    Ok(Rules { lines, long_deck })
}

/// A whole number of the payload within `low..=high`, when the file gives one; one outside is noted and not used.
fn whole(payload: &serde_json::Map<String, Value>, key: &str, low: u8, high: u8, notes: &mut Notes) -> Option<u8> {
    let value = payload.get(key)?;
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (f64::from(low)..=f64::from(high)).contains(&n) => Some(n as u8),
        _ => {
            notes.say(format!(
                "`{key}` = {} is not a whole number from {low} to {high}; the rules' own is used",
                super::quoted_excerpt(&value.to_string())
            ));
            None
        }
    }
}

/// The editor's player range within ours (2 to 5), or ours.
fn players(range: Option<&Value>, notes: &mut Notes) -> (u8, u8) {
    let end = |key| range.and_then(|r| r.get(key)).and_then(Value::as_f64);
    let (Some(a), Some(b)) = (end("min"), end("max")) else {
        return (2, 5);
    };
    let (low, high) = (a.min(b).round(), a.max(b).round());
    let fit = |n: f64| n.clamp(2.0, 5.0) as u8;
    if low < 2.0 || high > 5.0 {
        notes.say(format!(
            "the map is for {low} to {high} players; a game here seats {} to {}",
            fit(low),
            fit(high)
        ));
    }
    (fit(low), fit(high))
}

/// From how many players both tracks of a double route are open, read from the editor's lane rule (a number of
/// lanes or "all" by player count, or from a count up: "4+"); the standard 4 when the map has none.
fn doubles(rule: Option<&Value>, notes: &mut Notes) -> u8 {
    let Some(rule) = rule.and_then(Value::as_object) else {
        return 4;
    };
    let both = |players: u8| -> bool {
        let opens = |value: &Value| value.as_str() == Some("all") || value.as_f64().is_some_and(|n| n >= 2.0);
        if let Some(value) = rule.get(&players.to_string()) {
            return opens(value);
        }
        let from = rule
            .iter()
            .filter_map(|(k, v)| Some((k.strip_suffix('+')?.parse::<u8>().ok()?, v)))
            .filter(|(at, _)| *at <= players)
            .max_by_key(|(at, _)| *at);
        from.map_or(players >= 4, |(_, v)| opens(v))
    };
    // Ours opens both tracks from one count up; the first count from which every larger one opens them.
    let from = (2..=5).rev().take_while(|&p| both(p)).last().unwrap_or(6);
    if (2..from).any(both) {
        notes.say(format!(
            "the map's lane rule opens both tracks for some counts below {from} players; here they open from {from}"
        ));
    } else if from != 4 {
        notes.say(format!(
            "both tracks of a double route open from {from} players, as the map's lane rule says"
        ));
    }
    from
}

/// Tickets dealt and kept from the editor's setup when it gives them and they fit ours.
fn dealing(net: &Network, setup: &mut Setup, notes: &mut Notes) {
    // The editor counts every ticket dealt; with a long deck one of them is the long one.
    if let Some(dealt) = whole(net.payload, "startingTickets", 1, MOST_DEALT, notes) {
        setup.dealt = dealt.saturating_sub(setup.long_dealt).max(1);
    }
    if let Some(keep) = whole(net.payload, "keptTickets", 1, MOST_DEALT, notes) {
        setup.keep = keep;
    }
    let offered = setup.dealt + setup.long_dealt;
    if setup.keep > offered {
        notes.say(format!(
            "keeping {} of {offered} tickets dealt cannot be: all {offered} are kept",
            setup.keep
        ));
        setup.keep = offered;
    }
}

/// Fewer players, and if need be fewer tickets dealt, when the deck cannot deal every seat its tickets.
fn fit_players_to_tickets(regular: usize, setup: &mut Setup, notes: &mut Notes) -> Result<(), ConvertError> {
    let dealt = usize::from(setup.dealt);
    let (low, high) = setup.players;
    let seats = (regular / dealt).min(usize::from(high)) as u8;
    if seats >= 2 {
        if seats < high {
            notes.say(format!(
                "{regular} ticket(s) deal {dealt} each to at most {seats} players: a game here seats {} to {seats}",
                low.min(seats)
            ));
            setup.players = (low.min(seats), seats);
        }
        return Ok(());
    }
    if regular < 2 {
        return Err(ConvertError::new(format!(
            "the map's first deck has {regular} ticket(s) between cities of the board; two players need at least two"
        )));
    }
    setup.players = (2, 2);
    setup.dealt = (regular / 2) as u8;
    setup.keep = setup.keep.min(setup.dealt + setup.long_dealt);
    notes.say(format!(
        "{regular} ticket(s) are too few to deal {dealt} to two players: 2 players, {} dealt, {} kept",
        setup.dealt, setup.keep
    ));
    Ok(())
}
