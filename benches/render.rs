//! Rendering benchmarks: boards of mid-game Europe with 5 players and USA with 5, drawn and encoded in their map's
//! palette; the parts (drawing, encoding); the first board of a map with nothing cached; a fresh `ttrbot render`
//! process; and boards per second with every core drawing. Before the figures, it prints each board's PNG size
//! beside the full-colour PNG it replaced and how different the two look (CIELAB ΔE, SSIM, at full size and at
//! 800 pixels wide).

use std::hint::black_box;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use image::RgbaImage;
use ttrbot::rules::{Game, GameRng, Map};
use ttrbot::seating::Player;
use ttrbot::text::Lang;
use ttrbot::{maps, render, sim};

#[path = "../tests/it/common/quality.rs"]
mod quality;

/// A game of `map` with `players` after 250 random actions, as the bench draws it.
fn mid_game(map: &str, players: usize) -> (Arc<Map>, Game, Vec<Player>) {
    let map = maps::builtin(map).unwrap();
    let mut game = Game::new(map.clone(), players, 3).unwrap();
    sim::play_random_actions(&mut game, 250, &mut GameRng::new(3));
    let names = Player::list(&["Ana", "Ben", "Cleo", "Dev", "Eli"][..players]);
    (map, game, names)
}

fn draw(map: &Map, game: &Game, names: &[Player]) -> RgbaImage {
    render::board(map, &game.public_view(), names)
}

/// The board as the bot sends it: drawn and encoded together.
fn board_png(map: &Map, game: &Game, names: &[Player]) -> Vec<u8> {
    render::board_in_png(Lang::En, map, &game.public_view(), names)
}

fn report(label: &str, map: &Map, game: &Game, names: &[Player]) {
    let full = draw(map, game, names);
    let indexed_png = render::board_png(map, &full);
    let indexed = image::load_from_memory(&indexed_png).unwrap().to_rgba8();
    let near = quality::difference(&full, &indexed);
    let chat = quality::difference_at_width(&full, &indexed, 800);
    eprintln!(
        "{label}, {} routes claimed: PNG {} KB (full colour: {} KB); ΔE mean {:.2}, p99 {:.2}, max {:.1}, SSIM {:.4}; \
         at 800 px: ΔE p99 {:.2}, SSIM {:.4}",
        game.public_view().owners.iter().flatten().count(),
        indexed_png.len() / 1024,
        quality::full_colour_png(&full).len() / 1024,
        near.mean,
        near.p99,
        near.max,
        near.ssim,
        chat.p99,
        chat.ssim
    );
}

fn render_bench(c: &mut Criterion) {
    let boards = [
        ("mid-game Europe, 5 players", mid_game("europe", 5)),
        ("mid-game USA, 5 players", mid_game("usa", 5)),
    ];
    for (label, (map, game, names)) in &boards {
        report(label, map, game, names);
    }
    for (label, (map, game, names)) in &boards {
        c.bench_function(&format!("draw + PNG, {label}"), |b| {
            b.iter(|| black_box(board_png(map, black_box(game), names)))
        });
    }
    let (map, game, names) = &boards[0].1;
    c.bench_function("draw only, mid-game Europe", |b| {
        b.iter(|| black_box(draw(map, black_box(game), names)))
    });
    let drawn = draw(map, game, names);
    c.bench_function(
        "PNG only of a finished picture (every pixel read), mid-game Europe",
        |b| b.iter(|| black_box(render::board_png(map, black_box(&drawn)))),
    );

    // The first board of a map in a running process: the base layer (names and palette precomputed), a board. A fresh
    // process adds its start and the page faults of its first pictures (the next group).
    let mut first = c.benchmark_group("first board of a map (base layer drawn afresh; names and palette precomputed)");
    first.sample_size(20);
    for (label, (map, game, names)) in &boards {
        first.bench_function(*label, |b| {
            b.iter(|| {
                let layer = render::BaseLayer::draw(map);
                black_box(layer.png(&draw(map, game, names)))
            })
        });
    }
    first.finish();

    // A server's own map, at an upload's limits (150 cities): nothing precomputed. Its first board searches for its
    // names' places and chooses its palette, unless the drawing kept with the map since its upload is handed back.
    let text = include_str!("../tests/fixtures/custom/grandland.toml");
    let grand = Arc::new(maps::parse("grandland.toml", text).unwrap());
    let mut game = Game::new(grand.clone(), 4, 3).unwrap();
    sim::play_random_actions(&mut game, 250, &mut GameRng::new(3));
    let names = Player::list(&["Ana", "Ben", "Cleo", "Dev"]);
    let mut server = c.benchmark_group("first board of a server's 150-city map");
    server.sample_size(10);
    server.bench_function("names searched, palette chosen", |b| {
        b.iter(|| {
            let layer = render::BaseLayer::draw(&grand);
            black_box(layer.png(&draw(&grand, &game, &names)))
        })
    });
    assert!(render::remember_drawing(&grand, &render::drawing_of(&grand)));
    server.bench_function("from the drawing kept with the map", |b| {
        b.iter(|| {
            let layer = render::BaseLayer::draw(&grand);
            black_box(layer.png(&draw(&grand, &game, &names)))
        })
    });
    server.finish();
    let layer = render::base_layer(&grand);
    println!(
        "a 150-city map's base layer: {} KiB of pixels; its drawing kept in the database: {} bytes, its text {} bytes",
        layer.image.len() / 1024,
        render::drawing_of(&grand).len(),
        text.len()
    );

    let mut process = c.benchmark_group("a fresh process");
    process.sample_size(10);
    process.bench_function("ttrbot render --map europe --players 5 --random-actions 250", |b| {
        b.iter(|| {
            let out = std::env::temp_dir().join("ttrbot-bench-board.png");
            let status = Command::new(env!("CARGO_BIN_EXE_ttrbot"))
                .args([
                    "render",
                    "--map",
                    "europe",
                    "--players",
                    "5",
                    "--random-actions",
                    "250",
                    "--out",
                ])
                .arg(&out)
                .stdout(std::process::Stdio::null())
                .status()
                .unwrap();
            assert!(status.success());
        })
    });
    process.finish();

    // Every core drawing boards (of both maps, taking turns), as under a burst: the time per board across them (its
    // inverse is boards per second).
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut busy = c.benchmark_group(format!("every core busy ({cores} threads)"));
    busy.sample_size(10);
    busy.bench_function("draw + PNG, per board", |b| {
        b.iter_custom(|boards_wanted| {
            let start = Instant::now();
            std::thread::scope(|s| {
                for t in 0..cores as u64 {
                    let boards = &boards;
                    s.spawn(move || {
                        for i in (t..boards_wanted).step_by(cores) {
                            let (_, (map, game, names)) = &boards[(i % 2) as usize];
                            black_box(board_png(map, game, names));
                        }
                    });
                }
            });
            start.elapsed()
        })
    });
    busy.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(2)).measurement_time(Duration::from_secs(6));
    targets = render_bench
}
criterion_main!(benches);
