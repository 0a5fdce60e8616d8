//! Computer players' decision time on every map: criterion's figures per level, and p50 / p99 over the decisions
//! of whole games between normal players (printed once before the criterion runs); and play-outs, the whole games
//! between normal players that a hard player's search is made of.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use ttrbot::ai::{Level, Think, play_to_the_end};
use ttrbot::maps;
use ttrbot::rules::{Action, DealtGame, Game, GameRng, Map, Seat, SeatView};

const MAPS: [&str; 5] = ["usa", "europe", "switzerland", "india", "berlin"];

/// The built-in maps, and the largest map an upload may bring (150 cities, 390 routes, 240 tickets).
fn maps_measured() -> Vec<(String, Arc<Map>)> {
    let mut all: Vec<(String, Arc<Map>)> = MAPS
        .iter()
        .map(|id| (id.to_string(), maps::builtin(id).unwrap()))
        .collect();
    let grandland = include_str!("../tests/fixtures/custom/grandland.toml");
    all.push((
        "grandland".into(),
        Arc::new(maps::parse("grandland.toml", grandland).unwrap()),
    ));
    all
}

/// Positions met in games between normal players (every decision of a few games), with the legal actions there.
fn positions(map: &Arc<Map>, games: u64) -> Vec<(SeatView, Vec<Action>)> {
    let mut out = Vec::new();
    let players = usize::from(map.rules.max_players.min(4));
    for seed in 0..games {
        let mut game = Game::new(Arc::clone(map), players, seed).unwrap();
        let mut player = Level::Normal.player_thinking(Think::Playouts(0));
        let mut rng = GameRng::new(seed);
        let mut legal = Vec::new();
        while !game.is_over() {
            let seat = game.to_act()[0];
            game.legal_actions(seat, &mut legal);
            let view = game.seat_view(seat);
            let action = player.choose(map, &view, &legal, &mut rng);
            out.push((view, legal.clone()));
            game.apply(seat, action).unwrap();
        }
    }
    out
}

fn percentiles(map: &Arc<Map>, level: Level, positions: &[(SeatView, Vec<Action>)]) -> (Duration, Duration) {
    let mut player = level.player_thinking(Think::Playouts(0));
    let mut rng = GameRng::new(1);
    let mut times: Vec<Duration> = positions
        .iter()
        .map(|(view, legal)| {
            let started = Instant::now();
            black_box(player.choose(map, view, legal, &mut rng));
            started.elapsed()
        })
        .collect();
    times.sort();
    (times[times.len() / 2], times[times.len() * 99 / 100])
}

fn decisions(c: &mut Criterion) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    println!("decision time per move over whole games between normal players ({cores} cores):");
    for (id, map) in maps_measured() {
        let seen = positions(&map, 20);
        for level in [Level::Easy, Level::Normal] {
            let (p50, p99) = percentiles(&map, level, &seen);
            println!(
                "  {id:<12} {:<7} {} positions: p50 {:.1} µs, p99 {:.1} µs",
                level.name(),
                seen.len(),
                p50.as_secs_f64() * 1e6,
                p99.as_secs_f64() * 1e6
            );
            let mut player = level.player_thinking(Think::Playouts(0));
            let mut rng = GameRng::new(2);
            let mut next = 0;
            c.bench_function(&format!("{} decision, {id}", level.name()), |b| {
                b.iter(|| {
                    let (view, legal) = &seen[next % seen.len()];
                    next += 1;
                    black_box(player.choose(&map, view, legal, &mut rng))
                })
            });
        }
    }
}

/// A whole game between normal players at every seat, from the deal to the final scores, played by the loop a hard
/// player's search plays its play-outs with (its play-outs per second are what its depth is made of): dealt from the
/// first seat's view of a new game, the hidden cards and tickets drawn anew each time (the search also guesses the
/// other seats' tickets, and starts from its own move).
fn playouts(c: &mut Criterion) {
    for (id, map) in maps_measured() {
        let players = usize::from(map.rules.max_players.min(4));
        let view = Game::new(Arc::clone(&map), players, 1).unwrap().seat_view(Seat(0));
        let mut rng = GameRng::new(7);
        let mut events = Vec::new();
        c.bench_function(&format!("search play-out, {players} normal players, {id}"), |b| {
            b.iter(|| {
                let mut game = DealtGame::deal(Arc::clone(&map), &view, &mut rng).unwrap();
                play_to_the_end(&map, &mut game, &mut rng, &mut events);
                black_box(game.final_scores().unwrap())
            })
        });
    }
}

criterion_group!(benches, decisions, playouts);
criterion_main!(benches);
