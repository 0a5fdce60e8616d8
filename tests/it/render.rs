//! The board picture: every map renders, claimed routes show their owner, hidden information cannot show.

use crate::common;
use image::RgbaImage;
use ttrbot::maps::{self, BUILTIN};
use ttrbot::render::{self, CarMark, car_quads, image_size, player_rgba, quad_center};
use ttrbot::rules::{Color, Game, GameRng, PublicView, Seat, TicketId};
use ttrbot::rules::{Map, RouteId};
use ttrbot::seating::{Player, PlayerColor};
use ttrbot::text::Lang;

/// Players named Ana, Ben, Cleo… for `n` seats.
pub(crate) fn names(n: usize) -> Vec<Player> {
    Player::list(&["Ana", "Ben", "Cleo", "Dev", "Eli"][..n])
}

/// A game on a built-in map after `actions` random legal actions.
pub(crate) fn played(map: &str, players: usize, actions: usize, seed: u64) -> Game {
    let map = maps::builtin(map).unwrap();
    let mut game = Game::new(map, players, seed).unwrap();
    ttrbot::sim::play_random_actions(&mut game, actions, &mut GameRng::new(seed));
    game
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
            let png = render::board_png(&map, &img);
            // A finished game has every car on the board: the most a board ever holds.
            assert!(png.len() < 260_000, "{id} after {actions} actions: {} bytes", png.len());
            let back = image::load_from_memory(&png).unwrap();
            assert_eq!((back.width(), back.height()), image_size(&map));
        }
    }
}

#[test]
fn a_board_in_its_maps_palette_looks_like_the_full_colour_board_at_full_size_and_in_a_chat() {
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        let players = usize::from(map.rules.max_players);
        let game = played(id, players, 250, 3);
        let view = game.seat_view(Seat(0));
        let pictures = [
            render::board(game.map(), &game.public_view(), &names(players)),
            render::seat_board(
                Lang::Es,
                game.map(),
                &view.public,
                &names(players),
                Seat(0),
                &view.tickets,
            ),
        ];
        for full in &pictures {
            let png = render::board_png(&map, full);
            // The target is 200 KB for a mid-game public board; a player's own picture lists tickets besides.
            assert!(png.len() <= 220 * 1024, "{id}: {} KB", png.len() / 1024);
            let indexed = image::load_from_memory(&png).unwrap().to_rgba8();
            let near = common::quality::difference(full, &indexed);
            assert!(near.p99 < 3.0 && near.ssim > 0.999, "{id}, full size: {near:?}");
            let chat = common::quality::difference_at_width(full, &indexed, 800);
            assert!(chat.p99 < 1.5 && chat.ssim > 0.999, "{id}, 800 px wide: {chat:?}");
        }
    }
}

#[test]
fn a_position_gives_the_same_png_bytes_whatever_was_drawn_before() {
    let map = maps::builtin(BUILTIN[1].0).unwrap();
    let game = played(BUILTIN[1].0, 5, 200, 11);
    let board = render::board(game.map(), &game.public_view(), &names(5));
    let first = render::board_png(&map, &board);
    // Other boards in between teach the palette's memory new colours.
    for seed in 0..3 {
        let other = played(BUILTIN[1].0, 4, 300, seed);
        render::board_png(&map, &render::board(other.map(), &other.public_view(), &names(4)));
    }
    assert_eq!(render::board_png(&map, &board), first);
    // A base layer drawn afresh (as a new process would, from what is precomputed for a built-in map) encodes the
    // same bytes.
    assert_eq!(render::BaseLayer::draw(&map).png(&board), first);
    // A map nothing is precomputed for (a built-in one, retitled) searches its names and chooses its palette: the
    // same bytes each time, and here the same as the precomputed ones.
    let mut retitled = (*map).clone();
    retitled.name.push_str(" (a copy)");
    let searched = render::BaseLayer::draw(&retitled).png(&board);
    assert_eq!(render::BaseLayer::draw(&retitled).png(&board), searched);
    assert_eq!(searched, first);
}

#[test]
fn a_picture_drawn_and_encoded_together_is_the_png_of_the_drawn_picture() {
    // The bot and the command line draw and encode in one step, reading only the blocks the drawing touched; the
    // bytes must be those of encoding the finished picture, which reads every pixel.
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        let players = usize::from(map.rules.max_players).min(4);
        for actions in [0, 200, 100_000] {
            let game = played(id, players, actions, 21);
            let view = game.public_view();
            for lang in [Lang::En, Lang::Es] {
                assert_eq!(
                    render::board_in_png(lang, &map, &view, &names(players)),
                    render::board_png(&map, &render::board_in(lang, &map, &view, &names(players))),
                    "{id} after {actions} actions, the board in {lang:?}"
                );
            }
            for seat in [Seat(0), Seat(players as u8 - 1)] {
                let own = game.seat_view(seat);
                let picture = render::seat_board(Lang::En, &map, &view, &names(players), seat, &own.tickets);
                assert_eq!(
                    render::seat_board_png(Lang::En, &map, &view, &names(players), seat, &own.tickets),
                    render::board_png(&map, &picture),
                    "{id} after {actions} actions, seat {}'s picture",
                    seat.0
                );
            }
        }
    }
}

/// Distance between two pixels' colours (RGB, Euclidean).
fn distance(a: image::Rgba<u8>, b: image::Rgba<u8>) -> f32 {
    (0..3)
        .map(|i| (f32::from(a[i]) - f32::from(b[i])).powi(2))
        .sum::<f32>()
        .sqrt()
}

fn pixel_at(img: &RgbaImage, p: (f32, f32)) -> image::Rgba<u8> {
    *img.get_pixel(p.0 as u32, p.1 as u32)
}

#[test]
fn a_claimed_car_is_a_solid_piece_with_its_owners_mark_and_an_unclaimed_space_is_printed() {
    for (id, _) in BUILTIN {
        let players = 4.min(usize::from(maps::builtin(id).unwrap().rules.max_players));
        let game = played(id, players, 300, 11);
        let view = game.public_view();
        let img = render::board(game.map(), &view, &names(players));
        let (mut claimed, mut printed, mut covered) = (0, 0, 0);
        // Where other routes' cars lie (grown by their outline and shadow): a crossing route's car may cover a sample point.
        let cars: Vec<(RouteId, Vec<(f32, f32)>)> = view
            .owners
            .iter()
            .enumerate()
            .filter(|(_, o)| o.is_some())
            .flat_map(|(i, _)| {
                let r = RouteId(i as u16);
                car_quads(game.map(), r)
                    .into_iter()
                    .map(move |q| (r, render::labels::grown(&render::claimed_car(&q), 3.0)))
            })
            .collect();
        let under_another = |route: RouteId, p: (f32, f32)| {
            let spot = [p.0 - 0.5, p.1 - 0.5, p.0 + 0.5, p.1 + 0.5];
            cars.iter()
                .any(|(r, car)| *r != route && render::labels::box_meets_polygon(&spot, car))
        };
        for (i, owner) in view.owners.iter().enumerate() {
            let route = RouteId(i as u16);
            let label = game.map().route_label(route);
            // The middle car: near a city, other routes' cars may overlap a route's first space.
            let spaces = car_quads(game.map(), route);
            for space in [spaces[spaces.len() / 2]] {
                if under_another(route, render::body_spot(&space)) || under_another(route, quad_center(&space)) {
                    covered += 1;
                    continue;
                }
                match owner {
                    Some(seat) => {
                        let color = PlayerColor::for_seat(seat.index());
                        let car = render::claimed_car(&space);
                        let body = pixel_at(&img, render::body_spot(&car));
                        let mark = pixel_at(&img, render::mark_spot(&car, CarMark::of(color)));
                        assert_eq!(body, player_rgba(color), "{id}: {label}: the car's body");
                        assert_eq!(mark, render::mark_rgba(color), "{id}: {label}: the car's mark");
                        claimed += 1;
                    }
                    None if game.map().route(route).kind != ttrbot::rules::RouteKind::Metro => {
                        let (fill, _) = render::printed_colors(game.map().route(route).color);
                        assert_eq!(pixel_at(&img, render::body_spot(&space)), fill, "{id}: {label}");
                        // No mark on a printed space, whichever mark a player would carry (a ferry's spaces carry
                        // their printed locomotive instead).
                        let ferry = spaces.len() / 2 < usize::from(game.map().route(route).ferry);
                        for mark in [CarMark::Dot, CarMark::TwoDots].into_iter().filter(|_| !ferry) {
                            assert_eq!(pixel_at(&img, render::mark_spot(&space, mark)), fill, "{id}: {label}");
                        }
                        printed += 1;
                    }
                    None => {}
                }
            }
        }
        assert!(
            claimed > 10 && printed > 10 && covered * 10 < claimed + printed,
            "{id}: {claimed} claimed cars, {printed} printed spaces, {covered} under crossing cars"
        );
    }
}

#[test]
fn every_player_colour_stands_apart_from_every_printed_space() {
    // Claimed and unclaimed differ in kind (solid piece with a mark and an outline against a light print), and also
    // in colour: no player colour is close to any printed fill.
    let colors = [
        None,
        Some(Color::Red),
        Some(Color::Orange),
        Some(Color::Yellow),
        Some(Color::Green),
        Some(Color::Blue),
        Some(Color::Pink),
        Some(Color::White),
        Some(Color::Black),
        Some(Color::Purple),
    ];
    for player in PlayerColor::ALL {
        for route in colors {
            let (fill, _) = render::printed_colors(route);
            let d = distance(player_rgba(player), fill);
            assert!(d > 50.0, "{player} against a printed {route:?} space: {d:.0}");
        }
        assert!(
            distance(player_rgba(player), render::mark_rgba(player)) > 120.0,
            "{player}'s mark"
        );
    }
}

/// Colour-vision deficiency, simulated: Machado, Oliveira and Fernandes (2009), full severity, in linear RGB.
fn simulate(rgb: [u8; 3], matrix: &[[f64; 3]; 3]) -> [f64; 3] {
    let to_linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let l = rgb.map(to_linear);
    [0, 1, 2].map(|i| (0..3).map(|j| matrix[i][j] * l[j]).sum::<f64>().clamp(0.0, 1.0))
}

/// CIELAB of a linear-RGB colour (D65).
fn lab(l: [f64; 3]) -> [f64; 3] {
    let [r, g, b] = l;
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
}

#[test]
fn player_colours_stay_apart_for_deuteranopia_and_protanopia() {
    const IDENTITY: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    const PROTANOPIA: [[f64; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTERANOPIA: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    // The closest pair among the first n seats, over normal, deuteranopic and protanopic vision (ΔE, CIELAB).
    let closest = |n: usize| -> f64 {
        let mut worst = f64::MAX;
        for (i, a) in PlayerColor::ALL[..n].iter().enumerate() {
            for b in &PlayerColor::ALL[i + 1..n] {
                for m in [&IDENTITY, &PROTANOPIA, &DEUTERANOPIA] {
                    let (la, lb) = (lab(simulate(a.rgb(), m)), lab(simulate(b.rgb(), m)));
                    let de = (0..3).map(|k| (la[k] - lb[k]).powi(2)).sum::<f64>().sqrt();
                    worst = worst.min(de);
                }
            }
        }
        worst
    };
    assert!(closest(2) > 100.0, "two players: {:.1}", closest(2));
    assert!(closest(3) > 45.0, "three players: {:.1}", closest(3));
    assert!(closest(5) > 35.0, "five players: {:.1}", closest(5));
}

#[test]
fn every_city_name_lies_on_the_board_clear_of_routes_cities_and_other_names() {
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        let labels = render::labels::place(&map);
        assert_eq!(labels.len(), map.cities.len());
        let shapes: Vec<Vec<(f32, f32)>> = (0..map.routes.len())
            .flat_map(|r| render::labels::route_shapes(&map, RouteId(r as u16)))
            .collect();
        for (i, label) in labels.iter().enumerate() {
            let b = label.bounds;
            let what = format!("{id}: {}", label.text);
            assert!(
                b[0] >= 0.0 && b[1] >= 0.0 && b[2] <= map.width as f32 && b[3] <= map.height as f32,
                "{what}: off the board {b:?}"
            );
            for shape in &shapes {
                assert!(!render::labels::box_meets_polygon(&b, shape), "{what}: covers a route");
            }
            for city in &map.cities {
                let (cx, cy) = (city.x.clamp(b[0], b[2]), city.y.clamp(b[1], b[3]));
                let d = ((cx - city.x).powi(2) + (cy - city.y).powi(2)).sqrt();
                assert!(d >= 11.5, "{what}: covers the dot of {}", city.name);
            }
            for other in &labels[i + 1..] {
                let o = other.bounds;
                let apart = b[2] <= o[0] || o[2] <= b[0] || b[3] <= o[1] || o[3] <= b[1];
                assert!(apart, "{what}: overlaps {}", other.text);
            }
        }
    }
}

#[test]
fn a_names_ink_stays_inside_its_box() {
    // The boxes the placement checks are where the text and its halo really land.
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        for label in render::labels::place(&map) {
            let (w, h) = (label.bounds[2] - label.bounds[0], label.bounds[3] - label.bounds[1]);
            let mut canvas = RgbaImage::new((w + 40.0) as u32, (h + 40.0) as u32);
            let mut moved = label.clone();
            let (dx, dy) = (20.0 - label.bounds[0], 20.0 - label.bounds[1]);
            moved.at = (label.at.0 + dx, label.at.1 + dy);
            render::labels::draw(&mut canvas, &moved, 1.0, image::Rgba([0, 0, 0, 255]));
            for (x, y, p) in canvas.enumerate_pixels() {
                if p[3] > 0 {
                    let (x, y) = (x as f32, y as f32);
                    assert!(
                        x + 1.0 >= 20.0 && y + 1.0 >= 20.0 && x <= 20.0 + w && y <= 20.0 + h,
                        "{id}: {}: ink at ({x},{y}) outside the box of {w}x{h} at (20,20)",
                        label.text
                    );
                }
            }
        }
    }
}

#[test]
fn one_players_picture_marks_their_ticket_cities_and_nothing_of_anyone_else() {
    type SeatBoard = fn(Lang, &Map, &PublicView, &[Player], Seat, &[(TicketId, bool)]) -> RgbaImage;
    let _seat_board: SeatBoard = render::seat_board;
    let game = played("usa", 3, 200, 4);
    let view = game.seat_view(Seat(1));
    let img = render::seat_board(Lang::En, game.map(), &view.public, &names(3), view.seat, &view.tickets);
    let color = player_rgba(PlayerColor::for_seat(1));
    assert!(!view.tickets.is_empty());
    for &(ticket, done) in &view.tickets {
        let t = game.map().ticket(ticket);
        for place in std::iter::once(t.from).chain(t.targets.iter().map(|x| x.0)) {
            let ttrbot::rules::Place::City(city) = place else {
                continue;
            };
            let c = game.map().city(city);
            assert_eq!(
                *img.get_pixel((c.x + 13.5) as u32, c.y as u32),
                color,
                "{} ringed",
                c.name
            );
            // Above the tick, inside the filled dot.
            let centre = *img.get_pixel(c.x as u32, (c.y - 7.0) as u32);
            if done {
                let (red, green) = (i32::from(centre[0]), i32::from(centre[1]));
                assert!(green > red + 60, "{}: a completed ticket's city is green", c.name);
            }
        }
    }
    // Another seat's hidden cards and tickets cannot change this player's picture.
    let hidden = common::with_hidden_swapped(&game);
    let other = hidden.seat_view(Seat(1));
    let again = render::seat_board(
        Lang::En,
        hidden.map(),
        &other.public,
        &names(3),
        other.seat,
        &other.tickets,
    );
    assert!(img == again, "seat 1's picture changed with seat 0's hidden cards");
}

#[test]
fn hidden_cards_and_tickets_cannot_change_the_picture() {
    let game = played("europe", 3, 120, 2);
    let hidden = common::with_hidden_swapped(&game);
    let a = render::board(game.map(), &game.public_view(), &names(3));
    let b = render::board(hidden.map(), &hidden.public_view(), &names(3));
    assert!(a == b, "the picture changed with a hidden card");
}

#[test]
fn the_panel_speaks_the_language_asked_and_the_board_is_the_same_in_every_language() {
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        let players = 3.min(usize::from(map.rules.max_players));
        // The start (choosing tickets), mid-game, and a finished game with its ranking.
        for actions in [0, 200, 100_000] {
            let game = played(id, players, actions, 9);
            let view = game.public_view();
            let (en, es) = (
                render::board_in(Lang::En, &map, &view, &names(players)),
                render::board_in(Lang::Es, &map, &view, &names(players)),
            );
            assert_eq!(
                en,
                render::board(&map, &view, &names(players)),
                "{id}: English is the default"
            );
            let differs =
                |x0: u32, x1: u32| (x0..x1).any(|x| (0..en.height()).any(|y| en.get_pixel(x, y) != es.get_pixel(x, y)));
            assert!(
                !differs(0, map.width),
                "{id}: the map itself is the same in every language"
            );
            assert!(
                differs(map.width, en.width()),
                "{id} after {actions}: the panel's words change"
            );
            let seat = game.seat_view(Seat(0));
            let own = render::seat_board(Lang::Es, &map, &view, &names(players), Seat(0), &seat.tickets);
            assert_eq!(own.dimensions(), image_size(&map));
        }
    }
}

#[test]
fn a_servers_map_drawn_from_its_kept_drawing_is_the_board_its_name_search_draws() {
    // A map of this test's own (no other test of the binary hands a drawing back for it).
    let text = include_str!("../fixtures/custom/tinyland.toml").replacen("id = \"tinyland\"", "id = \"kept\"", 1);
    let map = maps::parse("kept.toml", &text).unwrap();
    assert!(render::needs_drawing(&map), "a new map's first board searches");
    let searched = render::BaseLayer::draw(&map);
    let drawing = render::drawing_of(&map);
    let other = maps::parse("other.toml", &text.replacen("x = 150", "x = 151", 1)).unwrap();
    assert!(
        !render::remember_drawing(&other, &drawing),
        "a drawing serves only its own map"
    );
    assert!(
        !render::remember_drawing(&map, "{\"fingerprint\": 1"),
        "a damaged drawing is ignored"
    );
    assert!(render::needs_drawing(&map));
    assert!(render::remember_drawing(&map, &drawing));
    assert!(!render::needs_drawing(&map));
    let remembered = render::BaseLayer::draw(&map);
    assert!(searched.image == remembered.image, "the same pixels");
    assert_eq!(
        searched.png(&searched.image),
        remembered.png(&remembered.image),
        "the same palette"
    );
    let empty = image::load_from_memory(&render::empty_board_png(&map)).unwrap();
    assert_eq!(
        (empty.width(), empty.height()),
        (map.width, map.height),
        "the map alone, no empty panel"
    );
}
