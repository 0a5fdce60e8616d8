//! Rendering benchmarks: a mid-game Europe board with 5 players, drawn and PNG-encoded; and the floor under it,
//! copying the cached base layer and encoding it.

use std::hint::black_box;
use ttrbot::maps;
use ttrbot::seating::Player;

use criterion::{Criterion, criterion_group, criterion_main};
use ttrbot::rules::{Game, GameRng};
use ttrbot::{render, sim};

fn render_bench(c: &mut Criterion) {
    let map = maps::builtin("europe").unwrap();
    let mut game = Game::new(map.clone(), 5, 3).unwrap();
    sim::play_random_actions(&mut game, 250, &mut GameRng::new(3));
    let view = game.public_view();
    let names = Player::list(&["Ana", "Ben", "Cleo", "Dev", "Eli"]);
    let claimed = view.owners.iter().flatten().count();
    let png = render::png(&render::board(&map, &view, &names));
    eprintln!(
        "mid-game Europe, 5 players, {claimed} routes claimed: PNG {} KB",
        png.len() / 1024
    );
    render::base_layer(&map); // drawn once, outside the measurement, as in the bot
    c.bench_function("render + PNG, mid-game Europe, 5 players", |b| {
        b.iter(|| black_box(render::png(&render::board(&map, black_box(&view), &names))))
    });
    c.bench_function("copy cached base layer + PNG (the floor)", |b| {
        b.iter(|| black_box(render::png(&(*render::base_layer(&map)).clone())))
    });
    c.bench_function("render only (no PNG)", |b| {
        b.iter(|| black_box(render::board(&map, black_box(&view), &names)))
    });
}

criterion_group!(benches, render_bench);
criterion_main!(benches);
