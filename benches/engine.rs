//! Engine benchmarks: complete random games per second, and the longest-path search on hard networks.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use ttrbot::maps::{Map, RouteId};
use ttrbot::rules::RouteSet;
use ttrbot::rules::scoring::longest_path;
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

fn engine(c: &mut Criterion) {
    let usa = Map::builtin("usa").expect("usa loads");
    let mut seed = 0u64;
    c.bench_function("random 4-player USA game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play_random(Arc::clone(&usa), 4, seed, Checks::Off).expect("a legal game"))
        })
    });
    for id in ["europe", "switzerland", "india"] {
        let map = Map::builtin(id).expect("map loads");
        let players = usize::from(map.rules.max_players).min(4);
        let mut seed = 0u64;
        c.bench_function(&format!("random {players}-player {id} game"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(play_random(Arc::clone(&map), players, seed, Checks::Off).expect("a legal game"))
            })
        });
    }
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

criterion_group!(benches, engine);
criterion_main!(benches);
