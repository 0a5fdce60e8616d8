//! Engine benchmarks: complete random games per second, and the longest-path search on hard networks.

use std::hint::black_box;
use std::sync::Arc;
use ttrbot::maps;

use criterion::{Criterion, criterion_group, criterion_main};
use ttrbot::rules::RouteSet;
use ttrbot::rules::scoring::{Holdings, final_scores, longest_path};
use ttrbot::rules::{CityId, Map, RouteId, TicketId};
use ttrbot::sim::{Checks, play_random};

/// N45 from the performance notes: one player's USA network of exactly 45 trains whose longest trail is 43.
const N45: &[(&str, &str)] = &[
    ("Vancouver", "Seattle"),
    ("Seattle", "Portland"),
    ("Seattle", "Helena"),
    ("Portland", "Salt Lake City"),
    ("Helena", "Salt Lake City"),
    ("Helena", "Denver"),
    ("Salt Lake City", "Denver"),
    ("Denver", "Omaha"),
    ("Helena", "Omaha"),
    ("Omaha", "Kansas City"),
    ("Denver", "Kansas City"),
    ("Kansas City", "Oklahoma City"),
    ("Oklahoma City", "Santa Fe"),
    ("Santa Fe", "Denver"),
];

fn network(map: &Map, pairs: &[(&str, &str)]) -> RouteSet {
    pairs
        .iter()
        .map(|(a, b)| {
            let (a, b) = (map.find_city(a).expect("city"), map.find_city(b).expect("city"));
            map.routes_between(a, b)[0]
        })
        .collect()
}

/// The slowest network found by growing 20,000 random connected 45-train USA networks: 20 short routes in the
/// dense eastern grid (longest trail 37). The search is exponential in the worst case; this is the worst seen.
const WORST_FOUND: &[(&str, &str)] = &[
    ("Atlanta", "Charleston"),
    ("Atlanta", "Nashville"),
    ("Atlanta", "Raleigh"),
    ("Boston", "New York"),
    ("Charleston", "Raleigh"),
    ("Chicago", "Duluth"),
    ("Chicago", "Pittsburgh"),
    ("Chicago", "Saint Louis"),
    ("Kansas City", "Omaha"),
    ("Kansas City", "Saint Louis"),
    ("Little Rock", "Nashville"),
    ("Little Rock", "Saint Louis"),
    ("Nashville", "Raleigh"),
    ("Nashville", "Saint Louis"),
    ("New York", "Pittsburgh"),
    ("New York", "Washington"),
    ("Pittsburgh", "Raleigh"),
    ("Pittsburgh", "Saint Louis"),
    ("Pittsburgh", "Washington"),
    ("Raleigh", "Washington"),
];

/// The densest network one player can build on USA from 45 trains: every length-1 and length-2 route that fits,
/// one track per double, preferring short routes so the graph has as many edges and cycles as possible.
fn densest_usa_network(map: &Map) -> RouteSet {
    let mut ids: Vec<RouteId> = (0..map.routes.len() as u16).map(RouteId).collect();
    ids.sort_by_key(|&r| map.route(r).len);
    let mut set = RouteSet::EMPTY;
    let mut trains = 0;
    for r in ids {
        let route = map.route(r);
        if trains + route.len <= 45 && !route.twin.is_some_and(|t| set.contains(t)) {
            set.insert(r);
            trains += route.len;
        }
    }
    set
}

/// A hard Europe end position: 5 players share every route round-robin (45 trains each, one track per double),
/// all 15 stations stand in the 15 busiest cities, the 3 busiest for the first player, the next 3 for the second
/// (the largest station-assignment searches), and each player holds 8
/// tickets, a long one among them.
fn europe_endgame(map: &Map) -> Vec<Holdings> {
    let mut players: Vec<Holdings> = (0..5).map(|_| Holdings::default()).collect();
    let mut trains = [0u32; 5];
    for (i, route) in map.routes.iter().enumerate() {
        let id = RouteId(i as u16);
        for k in 0..5 {
            let p = (i + k) % 5;
            let twin_mine = route.twin.is_some_and(|t| players[p].routes.contains(t));
            if !twin_mine && trains[p] + u32::from(route.len) <= 45 {
                players[p].routes.insert(id);
                trains[p] += u32::from(route.len);
                break;
            }
        }
    }
    let mut busiest: Vec<usize> = (0..map.cities.len()).collect();
    busiest.sort_by_key(|&c| std::cmp::Reverse(map.links[c].len()));
    for (k, &c) in busiest.iter().take(15).enumerate() {
        players[k / 3].station_cities.push(CityId(c as u16));
    }
    let regular: Vec<_> = (0..map.tickets.len() as u16)
        .map(TicketId)
        .filter(|&t| !map.ticket(t).long)
        .collect();
    let long: Vec<_> = (0..map.tickets.len() as u16)
        .map(TicketId)
        .filter(|&t| map.ticket(t).long)
        .collect();
    for (p, h) in players.iter_mut().enumerate() {
        h.tickets = regular
            .iter()
            .skip(p * 7)
            .take(7)
            .copied()
            .chain(std::iter::once(long[p]))
            .collect();
    }
    players
}

fn engine(c: &mut Criterion) {
    let usa = maps::builtin("usa").expect("usa loads");
    let mut seed = 0u64;
    c.bench_function("random 4-player USA game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play_random(Arc::clone(&usa), 4, seed, Checks::Off).expect("a legal game"))
        })
    });
    for id in ["europe", "switzerland", "india"] {
        let map = maps::builtin(id).expect("map loads");
        let players = usize::from(map.rules.max_players).min(4);
        let mut seed = 0u64;
        c.bench_function(&format!("random {players}-player {id} game"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(play_random(Arc::clone(&map), players, seed, Checks::Off).expect("a legal game"))
            })
        });
    }
    let europe = maps::builtin("europe").expect("europe loads");
    let endgame = europe_endgame(&europe);
    c.bench_function("Europe final scoring, 5 players, 3 stations each", |b| {
        b.iter(|| final_scores(&europe, black_box(&endgame)))
    });
    let berlin = maps::builtin("berlin").expect("berlin loads");
    let mut seed = 0u64;
    c.bench_function("random 4-player berlin game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play_random(Arc::clone(&berlin), 4, seed, Checks::Off).expect("a legal game"))
        })
    });
    let n45 = network(&usa, N45);
    assert_eq!(longest_path(&usa, n45), 43);
    c.bench_function("longest path N45", |b| b.iter(|| longest_path(&usa, black_box(n45))));
    let worst = network(&usa, WORST_FOUND);
    assert_eq!(longest_path(&usa, worst), 37);
    c.bench_function("longest path, worst network found", |b| {
        b.iter(|| longest_path(&usa, black_box(worst)))
    });
    let dense = densest_usa_network(&usa);
    c.bench_function("longest path, densest 45-train USA network", |b| {
        b.iter(|| longest_path(&usa, black_box(dense)))
    });
}

/// The texts that cost the name readers most, each 6,000 characters (the longest a Discord option can hold, and
/// what a player could send before options had a `max_length`): many separators, near-miss names on both sides of
/// every cut, a colour at the end, names that are real except for one letter.
fn worst_texts(map: &Map) -> Vec<(&'static str, String)> {
    let first = map.cities[0].name.clone();
    let six_thousand = |piece: &str| piece.repeat(6_000 / piece.chars().count().max(1));
    vec![
        ("hyphens", six_thousand("a-")),
        ("near-miss names", six_thousand(&format!("{}x - ", first))),
        ("real names cut everywhere", six_thousand(&format!("{first} - "))),
        ("words then a colour", format!("{} red", six_thousand("to "))),
        ("one long word", six_thousand("q")),
        (
            "spaces around a route",
            format!("{}{first} - {first}", " ".repeat(5_990)),
        ),
    ]
}

/// Worst parse time of what a player types, per reader and text: the bot reads these under a channel's lock.
fn names(c: &mut Criterion) {
    use ttrbot::rules::names;
    for map_id in ["usa", "switzerland"] {
        let map = maps::builtin(map_id).expect("a built-in map");
        for (what, text) in worst_texts(&map) {
            c.bench_function(&format!("names/{map_id}/parse_route/{what}"), |b| {
                b.iter(|| names::parse_route(&map, black_box(&text)))
            });
            c.bench_function(&format!("names/{map_id}/find_city/{what}"), |b| {
                b.iter(|| names::find_city(&map, black_box(&text)))
            });
            c.bench_function(&format!("names/{map_id}/search_routes/{what}"), |b| {
                b.iter(|| names::search_routes(&map, black_box(&text)))
            });
            c.bench_function(&format!("names/{map_id}/parse_cards/{what}"), |b| {
                b.iter(|| ttrbot::text::parse_cards(ttrbot::lang::Lang::Es, &map, black_box(&text)))
            });
        }
    }
}

criterion_group!(benches, engine, names);
criterion_main!(benches);
