//! Storage benchmarks: durable actions per second (one game, and 100 games at once), loading a snapshot, and the
//! reminder scan among 10,000 running games — on SQLite, and on PostgreSQL too when `TTRBOT_TEST_POSTGRES` names a
//! server (the same benchmark on both, named `[sqlite]` / `[postgres]`).

#[path = "../tests/it/common/store.rs"]
#[allow(dead_code)]
mod store_common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use ttrbot::rules::{Action, GameRng};
use ttrbot::store::{Applied, Clock, GameId, NewGame, NewSeat, Store};

fn new_game(channel: u64, seed: u64) -> NewGame {
    NewGame {
        channel_id: channel,
        guild_id: None,
        map: "europe".into(),
        seed: seed.into(),
        seats: (0..4)
            .map(|i| NewSeat {
                user_id: Some(i),
                name: format!("P{i}"),
                color: ttrbot::seating::PlayerColor::for_seat(i as usize),
            })
            .collect(),
        settings: ttrbot::settings::Settings::default(),
    }
}

/// Applies one random legal action to a game (loading it first, as the bot does); starts a new game in the
/// channel when it has ended. Returns the game to use next.
async fn one_action(store: &Store, id: GameId, channel: u64, rng: &mut GameRng) -> GameId {
    let loaded = store.load(id).await.unwrap();
    if loaded.game.is_over() {
        return store
            .create_game(&new_game(channel, rng.next_u64() >> 1))
            .await
            .unwrap();
    }
    let seat = loaded.game.to_act()[0];
    let mut legal = Vec::new();
    loaded.game.legal_actions(seat, &mut legal);
    let action: Action = legal[rng.below(legal.len())];
    let game = loaded.game;
    let applied = store.apply_to(id, &game, loaded.version, seat, action).await.unwrap();
    assert!(matches!(applied, Applied::Accepted { .. }));
    id
}

/// The databases to measure: a SQLite file on the real disk (target/tmp, not a RAM-backed /tmp: durability costs
/// what it costs), and a fresh PostgreSQL database when a server is given; each with its name.
fn engines(runtime: &tokio::runtime::Runtime, name: &str) -> Vec<(&'static str, String)> {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("bench-{name}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let mut out = vec![("sqlite", format!("sqlite://{}", path.display()))];
    if let Some(url) = runtime.block_on(store_common::postgres_database("bench", name)) {
        out.push(("postgres", url));
    }
    out
}

fn store(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for (engine, url) in engines(&runtime, "store") {
        store_on(c, &runtime, engine, &url);
    }
}

fn store_on(c: &mut Criterion, runtime: &tokio::runtime::Runtime, engine: &str, url: &str) {
    let store = runtime.block_on(Store::open(url)).unwrap();

    let mut rng = GameRng::new(1);
    let mut id = runtime.block_on(store.create_game(&new_game(1, 1))).unwrap();
    c.bench_function(
        &format!("durable action, one game (load, apply, save) [{engine}]"),
        |b| {
            b.iter_custom(|iters| {
                let started = Instant::now();
                for _ in 0..iters {
                    id = runtime.block_on(one_action(&store, id, 1, &mut rng));
                }
                started.elapsed()
            })
        },
    );

    let games: Vec<GameId> =
        runtime.block_on(async { create_all(&store, (0..100).map(|i| new_game(1000 + i, i)).collect()).await });
    let mut batch_rngs: Vec<GameRng> = (0..100).map(|i| GameRng::new(100 + i)).collect();
    let mut ids = games.clone();
    c.bench_function(
        &format!("durable actions, 100 games at once (one action each) [{engine}]"),
        |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    let started = Instant::now();
                    let handles: Vec<_> = ids
                        .iter()
                        .zip(batch_rngs.iter_mut())
                        .enumerate()
                        .map(|(i, (&id, rng))| {
                            let store = store.clone();
                            let mut rng = rng.clone();
                            runtime.spawn(async move {
                                let next = one_action(&store, id, 1000 + i as u64, &mut rng).await;
                                (next, rng)
                            })
                        })
                        .collect();
                    let results: Vec<(GameId, GameRng)> = runtime.block_on(async { join_all(handles).await });
                    spent += started.elapsed();
                    for (i, (next, rng)) in results.into_iter().enumerate() {
                        ids[i] = next;
                        batch_rngs[i] = rng;
                    }
                }
                spent
            })
        },
    );

    // A mid-game snapshot: a Europe game 150 actions in.
    let mid = runtime.block_on(async {
        let id = store.create_game(&new_game(5000, 77)).await.unwrap();
        let mut rng = GameRng::new(77);
        let mut current = id;
        for _ in 0..150 {
            current = one_action(&store, current, 5000, &mut rng).await;
        }
        current
    });
    c.bench_function(&format!("load one mid-game snapshot [{engine}]"), |b| {
        b.iter(|| black_box(runtime.block_on(store.load(mid)).unwrap()))
    });
}

/// The reminder scan with 10,000 running games stored, their turns begun a minute apart, so that a handful are due:
/// it must read those through its index, not every game.
fn reminders(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for (engine, url) in engines(&runtime, "reminders") {
        reminders_on(c, &runtime, engine, &url);
    }
}

fn reminders_on(c: &mut Criterion, runtime: &tokio::runtime::Runtime, engine: &str, url: &str) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};
    const GAMES: u64 = 10_000;
    const START: i64 = 1_795_478_400_000;
    let now = Arc::new(AtomicI64::new(START));
    let clock = {
        let now = Arc::clone(&now);
        Clock::from_fn(move || now.load(Ordering::SeqCst))
    };
    let store = runtime.block_on(Store::open_with_clock(url, clock)).unwrap();
    let started = Instant::now();
    runtime.block_on(async {
        for i in 0..GAMES {
            now.store(START + i as i64 * 60_000, Ordering::SeqCst);
            store.create_game(&new_game(10_000 + i, i)).await.unwrap();
        }
    });
    println!(
        "{engine}: {GAMES} running games stored in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // Twelve hours and ten minutes after the first: the first ten games are due.
    now.store(START + 12 * 3_600_000 + 9 * 60_000 + 1, Ordering::SeqCst);
    assert_eq!(
        runtime
            .block_on(store.due_reminders(50, &ttrbot::store::Worker::alone(0)))
            .unwrap()
            .len(),
        10
    );
    c.bench_function(
        &format!("reminder scan, 10 due among 10,000 running games [{engine}]"),
        |b| {
            b.iter(|| {
                black_box(
                    runtime
                        .block_on(store.due_reminders(50, &ttrbot::store::Worker::alone(0)))
                        .unwrap(),
                )
            })
        },
    );
}

async fn create_all(store: &Store, games: Vec<NewGame>) -> Vec<GameId> {
    let mut ids = Vec::new();
    for g in games {
        ids.push(store.create_game(&g).await.unwrap());
    }
    ids
}

async fn join_all<T>(handles: Vec<tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::with_capacity(handles.len());
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(8));
    targets = store, reminders
}
criterion_main!(benches);
