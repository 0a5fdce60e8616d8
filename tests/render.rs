//! The board picture: every map renders, claimed routes show their owner, hidden information cannot show.

mod common;

use image::RgbaImage;
use ttrbot::maps::{self, BUILTIN};
use ttrbot::render::{self, car_quads, color_rgba, image_size, player_rgba};
use ttrbot::rules::{Game, GameRng, PublicView};
use ttrbot::rules::{Map, RouteId};
use ttrbot::seating::{Player, PlayerColor};

fn names(n: usize) -> Vec<Player> {
    Player::list(&["Ana", "Ben", "Cleo", "Dev", "Eli"][..n])
}

fn played(map: &str, players: usize, actions: usize, seed: u64) -> Game {
    let map = maps::builtin(map).unwrap();
    let mut game = Game::new(map, players, seed).unwrap();
    ttrbot::sim::play_random_actions(&mut game, actions, &mut GameRng::new(seed));
    game
}

/// A point inside a car, a fifth of the way along it (away from the owner's initial at the centre).
fn inside(q: &[(f32, f32); 4]) -> (u32, u32) {
    let start = ((q[0].0 + q[3].0) / 2.0, (q[0].1 + q[3].1) / 2.0);
    let end = ((q[1].0 + q[2].0) / 2.0, (q[1].1 + q[2].1) / 2.0);
    (
        (start.0 + (end.0 - start.0) * 0.2) as u32,
        (start.1 + (end.1 - start.1) * 0.2) as u32,
    )
}

#[test]
fn the_renderer_takes_only_the_public_view() {
    // A compile-time fact, written down: there is no way to pass a hand or a ticket to the renderer.
    let _board: fn(&Map, &PublicView, &[Player]) -> RgbaImage = render::board;
}

#[test]
fn every_map_renders_empty_and_mid_game_at_its_size() {
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        let players = usize::from(map.rules.max_players);
        for actions in [0, 150, 100_000] {
            let game = played(id, players, actions, 5);
            let img = render::board(game.map(), &game.public_view(), &names(players));
            assert_eq!(img.dimensions(), image_size(&map), "{id}");
            let png = render::png(&img);
            assert!(png.len() < 1_500_000, "{id}: {} bytes", png.len());
            let back = image::load_from_memory(&png).unwrap();
            assert_eq!((back.width(), back.height()), image_size(&map));
        }
    }
}

#[test]
fn claimed_routes_show_their_owners_colour_and_unclaimed_routes_keep_theirs() {
    for (id, _) in BUILTIN {
        let game = played(
            id,
            4.min(usize::from(maps::builtin(id).unwrap().rules.max_players)),
            300,
            11,
        );
        let view = game.public_view();
        let img = render::board(game.map(), &view, &names(view.seats.len()));
        let (mut claimed, mut kept, mut unclaimed) = (0, 0, 0);
        for (i, owner) in view.owners.iter().enumerate() {
            let route = RouteId(i as u16);
            for q in car_quads(game.map(), route) {
                let (x, y) = inside(&q);
                let pixel = *img.get_pixel(x, y);
                match owner {
                    Some(seat) => {
                        assert_eq!(
                            pixel,
                            player_rgba(PlayerColor::for_seat(seat.index())),
                            "{id}: route {} at ({x},{y})",
                            game.map().route_label(route)
                        );
                        claimed += 1;
                    }
                    None => {
                        let route = game.map().route(route);
                        if route.color.is_some() && route.kind != ttrbot::rules::RouteKind::Metro {
                            unclaimed += 1;
                            kept += usize::from(pixel == color_rgba(route.color));
                        }
                    }
                }
            }
        }
        assert!(claimed > 10, "{id}: only {claimed} claimed cars");
        // A city label may lie over a few unclaimed cars; nearly all must show their colour.
        assert!(
            kept * 100 >= unclaimed * 95,
            "{id}: {kept} of {unclaimed} unclaimed coloured cars keep their colour"
        );
    }
}

#[test]
fn hidden_cards_and_tickets_cannot_change_the_picture() {
    let game = played("europe", 3, 120, 2);
    let hidden = common::with_hidden_swapped(&game);
    let a = render::board(game.map(), &game.public_view(), &names(3));
    let b = render::board(hidden.map(), &hidden.public_view(), &names(3));
    assert!(a == b, "the picture changed with a hidden card");
}
