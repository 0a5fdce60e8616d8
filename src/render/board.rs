//! The board picture: a base layer per map (drawn once at twice the size and halved, so every edge is smooth),
//! and a per-turn overlay of claimed routes, stations and a side panel, drawn from a `PublicView` only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::{Rgba, RgbaImage};

use super::draw::{self, Point};
use super::fonts::{LABEL, TEXT};
use crate::rules::view::{FinalResult, PublicSeat};
use crate::rules::{Card, CityId, Color, PublicView, Seat, Step, TunnelClaim};
use crate::rules::{Map, RouteId, RouteKind};
use crate::seating::{Player, PlayerColor};

/// Width of the side panel, in pixels.
pub const PANEL_WIDTH: u32 = 420;
/// Thickness of a car space.
const CAR_WIDTH: f32 = 13.0;
/// Space between two cars of a route.
const CAR_GAP: f32 = 3.0;
/// Radius of a city dot.
const CITY_RADIUS: f32 = 9.0;
/// Distance of each track of a double route from the line between the cities.
const DOUBLE_OFFSET: f32 = 8.0;
/// Side of a metro line's badge.
const METRO_BADGE: f32 = 22.0;

const BACKGROUND: Rgba<u8> = Rgba([236, 230, 210, 255]);
const PANEL: Rgba<u8> = Rgba([250, 248, 242, 255]);
const INK: Rgba<u8> = Rgba([40, 36, 32, 255]);
const HALO: Rgba<u8> = Rgba([252, 250, 244, 235]);
const CITY_FILL: Rgba<u8> = Rgba([255, 250, 235, 255]);
const CITY_RING: Rgba<u8> = Rgba([150, 40, 30, 255]);
const HIGHLIGHT: Rgba<u8> = Rgba([255, 225, 0, 255]);

/// A player's colour as a pixel (the colours themselves are [`PlayerColor`]'s).
pub fn player_rgba(color: PlayerColor) -> Rgba<u8> {
    let [r, g, b] = color.rgb();
    Rgba([r, g, b, 255])
}

/// The colour of a seat's pieces: the player's, or the seat's default when the list is short.
fn seat_rgba(players: &[Player], seat: Seat) -> Rgba<u8> {
    player_rgba(
        players
            .get(seat.index())
            .map_or(PlayerColor::for_seat(seat.index()), |p| p.color),
    )
}

/// The colour a route space or card is drawn in (`None`: gray).
pub fn color_rgba(color: Option<Color>) -> Rgba<u8> {
    match color {
        None => Rgba([168, 164, 158, 255]),
        Some(Color::Red) => Rgba([206, 42, 42, 255]),
        Some(Color::Orange) => Rgba([242, 140, 30, 255]),
        Some(Color::Yellow) => Rgba([246, 212, 40, 255]),
        Some(Color::Green) => Rgba([70, 160, 70, 255]),
        Some(Color::Blue) => Rgba([45, 105, 205, 255]),
        Some(Color::Pink) => Rgba([232, 124, 182, 255]),
        Some(Color::White) => Rgba([252, 252, 252, 255]),
        Some(Color::Black) => Rgba([45, 45, 45, 255]),
        Some(Color::Purple) => Rgba([128, 70, 170, 255]),
    }
}

/// The car spaces of a route as quadrilaterals, in board pixels (1×). A metro line has one square badge.
pub fn car_quads(map: &Map, id: RouteId) -> Vec<[Point; 4]> {
    let route = map.route(id);
    let (a, b) = (map.city(route.a), map.city(route.b));
    let (ax, ay, bx, by) = (a.x, a.y, b.x, b.y);
    let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1.0);
    let (dx, dy) = ((bx - ax) / len, (by - ay) / len);
    let (nx, ny) = (-dy, dx);
    let offset = match route.twin {
        Some(twin) if twin.0 > id.0 => -DOUBLE_OFFSET,
        Some(_) => DOUBLE_OFFSET,
        None => 0.0,
    };
    let (ox, oy) = (nx * offset, ny * offset);
    if route.kind == RouteKind::Metro {
        let center = ((ax + bx) / 2.0 + ox * 2.0, (ay + by) / 2.0 + oy * 2.0);
        return vec![draw::square(center, METRO_BADGE / 2.0)];
    }
    let start = CITY_RADIUS + 3.0;
    let usable = (len - 2.0 * start).max(4.0);
    let n = f32::from(route.len);
    let car = ((usable - CAR_GAP * (n - 1.0)) / n).max(2.0);
    let hw = CAR_WIDTH / 2.0;
    (0..route.len)
        .map(|k| {
            let s = start + f32::from(k) * (car + CAR_GAP);
            let (x0, y0) = (ax + dx * s + ox, ay + dy * s + oy);
            let (x1, y1) = (x0 + dx * car, y0 + dy * car);
            [
                (x0 + nx * hw, y0 + ny * hw),
                (x1 + nx * hw, y1 + ny * hw),
                (x1 - nx * hw, y1 - ny * hw),
                (x0 - nx * hw, y0 - ny * hw),
            ]
        })
        .collect()
}

/// The centre of a quad.
pub fn quad_center(q: &[Point; 4]) -> Point {
    (
        (q[0].0 + q[1].0 + q[2].0 + q[3].0) / 4.0,
        (q[0].1 + q[1].1 + q[2].1 + q[3].1) / 4.0,
    )
}

fn scaled(q: &[Point], k: f32) -> Vec<Point> {
    q.iter().map(|p| (p.0 * k, p.1 * k)).collect()
}

/// The output size for a map: the board plus the panel.
pub fn image_size(map: &Map) -> (u32, u32) {
    (map.width + PANEL_WIDTH, map.height.max(760))
}

/// The map's base layer (background, routes, cities, labels), drawn once per map and shared.
pub fn base_layer(map: &Map) -> Arc<RgbaImage> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<RgbaImage>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    // The key covers the map's content, not just its id, so an edited map file is drawn again.
    let key = format!("{}:{}:{}:{}", map.id, map.routes.len(), map.cities.len(), map.width);
    if let Some(image) = cache.lock().expect("the cache lock is never poisoned").get(&key) {
        return Arc::clone(image);
    }
    let image = Arc::new(draw_base(map));
    cache
        .lock()
        .expect("the cache lock is never poisoned")
        .insert(key, Arc::clone(&image));
    image
}

/// Scale of the base layer's drawing: drawn at twice the size, then halved, so every edge is smooth.
const K: f32 = 2.0;

/// Draws the base layer at twice the size, then halves it.
fn draw_base(map: &Map) -> RgbaImage {
    let (w, h) = image_size(map);
    let mut img = RgbaImage::from_pixel(w * 2, h * 2, BACKGROUND);
    draw_panel_area(map, &mut img);
    draw_metro_lines(map, &mut img);
    for i in 0..map.routes.len() {
        draw_route_spaces(map, RouteId(i as u16), &mut img);
    }
    draw_cities(map, &mut img);
    draw_city_labels(map, &mut img);
    draw::downsample_half(&img)
}

/// The panel's background and the line between it and the board.
fn draw_panel_area(map: &Map, img: &mut RgbaImage) {
    let (w, h) = image_size(map);
    draw::fill_convex(
        img,
        &draw::rect(map.width as f32 * K, 0.0, w as f32 * K, h as f32 * K),
        PANEL,
    );
    draw::line(
        img,
        (map.width as f32 * K, 0.0),
        (map.width as f32 * K, h as f32 * K),
        3.0,
        Rgba([180, 170, 150, 255]),
    );
}

/// Metro lines: a thin line under each badge, drawn before every car so cars cover it.
fn draw_metro_lines(map: &Map, img: &mut RgbaImage) {
    for route in map.routes.iter().filter(|r| r.kind == RouteKind::Metro) {
        let (a, b) = (map.city(route.a), map.city(route.b));
        draw::line(
            img,
            (a.x * K, a.y * K),
            (b.x * K, b.y * K),
            3.0 * K,
            Rgba([90, 90, 100, 255]),
        );
    }
}

/// One route's printed spaces: outlined cars in the route's colour, tunnel teeth, ferry marks; or a metro badge.
fn draw_route_spaces(map: &Map, id: RouteId, img: &mut RgbaImage) {
    let route = map.route(id);
    let fill = color_rgba(route.color);
    for (k, quad) in car_quads(map, id).iter().enumerate() {
        if route.kind == RouteKind::Metro {
            draw_metro_badge(img, quad_center(quad), route.color, route.cost);
            continue;
        }
        let q = scaled(quad, K);
        // Tunnels get dark teeth along both long sides, like the printed board's jagged border.
        if route.tunnel {
            tunnel_teeth(img, &q, K);
        }
        draw::fill_convex(img, &draw::grow(&q, 1.1 * K), INK);
        draw::fill_convex(img, &q, fill);
        // Ferries: a locomotive mark on the spaces that need one.
        if k < usize::from(route.ferry) {
            let c = quad_center(quad);
            draw::fill_circle(img, (c.0 * K, c.1 * K), 4.5 * K, INK);
            draw::fill_circle(img, (c.0 * K, c.1 * K), 2.2 * K, Rgba([255, 255, 255, 255]));
        }
    }
}

/// A metro line's round badge in its colour, showing how many cards it costs (`c` at 1×).
fn draw_metro_badge(img: &mut RgbaImage, c: Point, color: Option<Color>, cost: u8) {
    draw::fill_circle(img, (c.0 * K, c.1 * K), METRO_BADGE * K * 0.62, INK);
    draw::fill_circle(img, (c.0 * K, c.1 * K), METRO_BADGE * K * 0.52, color_rgba(color));
    let label = cost.to_string();
    let size = 15.0 * K;
    let (tw, th) = draw::text_size(&LABEL, size, &label);
    let dark = color.is_some_and(|c| matches!(c, Color::Black | Color::Blue | Color::Purple));
    let ink = if dark { Rgba([255, 255, 255, 255]) } else { INK };
    draw::text(
        img,
        &LABEL,
        size,
        (c.0 * K - tw / 2.0, c.1 * K - th / 2.0 - 2.0),
        ink,
        &label,
    );
}

/// Cities as ringed dots; border exits as red squares.
fn draw_cities(map: &Map, img: &mut RgbaImage) {
    for city in &map.cities {
        let c = (city.x * K, city.y * K);
        if city.country.is_some() {
            let s = 8.0 * K;
            draw::fill_convex(img, &draw::square(c, s), INK);
            let t = s - 2.5 * K;
            draw::fill_convex(img, &draw::square(c, t), Rgba([220, 60, 50, 255]));
        } else {
            draw::fill_circle(img, c, (CITY_RADIUS + 2.5) * K, CITY_RING);
            draw::fill_circle(img, c, CITY_RADIUS * K, CITY_FILL);
        }
    }
}

/// Every city's name where [`place_labels`] put it, on a light halo.
fn draw_city_labels(map: &Map, img: &mut RgbaImage) {
    for (i, (at, text)) in place_labels(map).into_iter().enumerate() {
        let exit = map.cities[i].country.is_some();
        let color = if exit { Rgba([150, 30, 25, 255]) } else { INK };
        draw::haloed_text(img, &LABEL, LABEL_SIZE * K, (at.0 * K, at.1 * K), color, HALO, &text);
    }
}

/// Small triangles pointing outwards along the long sides of a car (`q` in drawing pixels, `k` the scale).
fn tunnel_teeth(img: &mut RgbaImage, q: &[Point], k: f32) {
    for (a, b, c) in [(q[0], q[1], q[3]), (q[3], q[2], q[0])] {
        // Side a→b; `c` is the corner across the car, to find which way is out.
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-6);
        let (ux, uy) = (dx / len, dy / len);
        let (mut nx, mut ny) = (-uy, ux);
        if (c.0 - a.0) * nx + (c.1 - a.1) * ny > 0.0 {
            (nx, ny) = (-nx, -ny);
        }
        let step = 6.0 * k;
        let teeth = (len / step).floor().max(1.0) as usize;
        let spare = (len - teeth as f32 * step) / 2.0;
        for t in 0..teeth {
            let s0 = spare + t as f32 * step;
            let p0 = (a.0 + ux * s0, a.1 + uy * s0);
            let p1 = (a.0 + ux * (s0 + step), a.1 + uy * (s0 + step));
            let tip = (
                a.0 + ux * (s0 + step / 2.0) + nx * 3.5 * k,
                a.1 + uy * (s0 + step / 2.0) + ny * 3.5 * k,
            );
            draw::fill_convex(img, &[p0, tip, p1], INK);
        }
    }
}

/// Size of city labels at 1×.
const LABEL_SIZE: f32 = 15.0;

/// Chooses, for every city, where its label goes: of eight spots around the dot, the one that covers the least
/// of the routes and of labels already placed, and stays on the board.
fn place_labels(map: &Map) -> Vec<(Point, String)> {
    let boxes: Vec<[f32; 4]> = (0..map.routes.len())
        .flat_map(|i| car_quads(map, RouteId(i as u16)))
        .map(|q| {
            let xs = q.iter().map(|p| p.0);
            let ys = q.iter().map(|p| p.1);
            [
                xs.clone().fold(f32::MAX, f32::min),
                ys.clone().fold(f32::MAX, f32::min),
                xs.fold(f32::MIN, f32::max),
                ys.fold(f32::MIN, f32::max),
            ]
        })
        .collect();
    let dots: Vec<[f32; 4]> = map
        .cities
        .iter()
        .map(|c| {
            [
                c.x - CITY_RADIUS,
                c.y - CITY_RADIUS,
                c.x + CITY_RADIUS,
                c.y + CITY_RADIUS,
            ]
        })
        .collect();
    let overlap = |a: &[f32; 4], b: &[f32; 4]| {
        let w = (a[2].min(b[2]) - a[0].max(b[0])).max(0.0);
        let h = (a[3].min(b[3]) - a[1].max(b[1])).max(0.0);
        w * h
    };
    let mut placed: Vec<[f32; 4]> = Vec::new();
    let mut out = Vec::new();
    for city in &map.cities {
        let text = match city.country {
            Some(k) => map.countries[usize::from(k.0)].name.clone(),
            None => city.name.clone(),
        };
        let (w, h) = draw::text_size(&LABEL, LABEL_SIZE, &text);
        let (x, y, r) = (city.x, city.y, CITY_RADIUS + 4.0);
        let candidates = [
            (x + r, y - h / 2.0 - 2.0),
            (x - r - w, y - h / 2.0 - 2.0),
            (x - w / 2.0, y - r - h - 2.0),
            (x - w / 2.0, y + r - 1.0),
            (x + r * 0.7, y - r * 0.7 - h),
            (x - r * 0.7 - w, y - r * 0.7 - h),
            (x + r * 0.7, y + r * 0.7 - 2.0),
            (x - r * 0.7 - w, y + r * 0.7 - 2.0),
        ];
        let score = |&(lx, ly): &Point| {
            let rect = [lx, ly, lx + w, ly + h + 3.0];
            let off_board = lx < 2.0 || ly < 2.0 || lx + w > map.width as f32 - 2.0 || ly + h > map.height as f32 - 2.0;
            boxes.iter().map(|b| overlap(&rect, b)).sum::<f32>()
                + 4.0 * placed.iter().map(|b| overlap(&rect, b)).sum::<f32>()
                + 4.0 * dots.iter().map(|b| overlap(&rect, b)).sum::<f32>()
                + if off_board { 1e6 } else { 0.0 }
        };
        let best = candidates
            .iter()
            .copied()
            .enumerate()
            .min_by(|(i, a), (j, b)| (score(a), *i).partial_cmp(&(score(b), *j)).expect("scores are finite"))
            .map(|(_, p)| p)
            .expect("eight candidates");
        placed.push([best.0, best.1, best.0 + w, best.1 + h + 3.0]);
        out.push((best, text));
    }
    out
}

/// Draws a board for everyone: the map's base layer, the claimed routes and stations of `view`, and the panel.
/// `players` are the seats' names and colours in seat order. Nothing but the public view reaches this function.
pub fn board(map: &Map, view: &PublicView, players: &[Player]) -> RgbaImage {
    let mut img = (*base_layer(map)).clone();
    for (i, owner) in view.owners.iter().enumerate() {
        if let Some(seat) = owner {
            draw_claimed_route(map, RouteId(i as u16), players, *seat, &mut img);
        }
    }
    // The route claimed this turn is outlined in bright yellow.
    if let Some(last) = view.last_claim {
        for q in car_quads(map, last) {
            draw::outline(&mut img, &draw::grow(&q, 2.0), 3.0, HIGHLIGHT);
        }
    }
    for seat in &view.seats {
        for &city in &seat.station_cities {
            draw_station(map, city, seat_rgba(players, seat.seat), &mut img);
        }
    }
    draw_panel(map, view, players, &mut img);
    img
}

/// The name shown for a seat.
fn seat_name(players: &[Player], seat: Seat) -> String {
    players
        .get(seat.index())
        .map_or_else(|| format!("Player {}", seat.0 + 1), |p| p.name.clone())
}

/// A name's first letter, capitalised (`?` for an empty name).
fn initial(name: &str) -> String {
    name.chars()
        .next()
        .map_or_else(|| "?".to_string(), |c| c.to_uppercase().to_string())
}

/// A claimed route: every car in the owner's colour, with the owner's initial.
fn draw_claimed_route(map: &Map, id: RouteId, players: &[Player], seat: Seat, img: &mut RgbaImage) {
    let color = seat_rgba(players, seat);
    let letter = players
        .get(seat.index())
        .and_then(|p| p.name.chars().next())
        .map_or('?', |c| c.to_ascii_uppercase())
        .to_string();
    for q in car_quads(map, id) {
        draw::fill_convex(img, &draw::grow(&q, 1.2), INK);
        draw::fill_convex(img, &q, color);
        let c = quad_center(&q);
        let (tw, th) = draw::text_size(&LABEL, 11.0, &letter);
        draw::text(
            img,
            &LABEL,
            11.0,
            (c.0 - tw / 2.0, c.1 - th / 2.0 - 2.0),
            Rgba([255, 255, 255, 255]),
            &letter,
        );
    }
}

/// A station: a small house in the owner's colour on the city dot, so it never hides the city's label.
fn draw_station(map: &Map, city: CityId, color: Rgba<u8>, img: &mut RgbaImage) {
    let c = map.city(city);
    let (x, y) = (c.x, c.y + 1.0);
    let house = [
        (x - 7.0, y + 7.0),
        (x - 7.0, y - 2.0),
        (x, y - 9.0),
        (x + 7.0, y - 2.0),
        (x + 7.0, y + 7.0),
    ];
    draw::fill_convex(img, &draw::grow(&house, 1.5), INK);
    draw::fill_convex(img, &house, color);
}

/// The side panel, top to bottom: the map and whose turn it is, one row per seat, the face-up cards, the piles,
/// and the final ranking once the game is over.
fn draw_panel(map: &Map, view: &PublicView, players: &[Player], img: &mut RgbaImage) {
    let x0 = map.width as f32 + 18.0;
    let mut y = 16.0;
    y = draw_panel_heading(map, view, players, img, x0, y);
    for seat in &view.seats {
        y = draw_seat_row(map, view, players, seat, img, x0, y);
    }
    y = draw_faceup_row(map, view, img, x0, y + 8.0);
    draw::text(
        img,
        &TEXT,
        15.0,
        (x0, y),
        INK,
        &format!(
            "Deck {} · Discard {} · Tickets {}",
            view.deck_size, view.discard_size, view.ticket_deck_size
        ),
    );
    y += 30.0;
    if let Some(result) = &view.result {
        draw_final_ranking(result, players, img, x0, y);
    }
}

/// The map's name and what the game waits for; returns the next line's top.
fn draw_panel_heading(map: &Map, view: &PublicView, players: &[Player], img: &mut RgbaImage, x0: f32, y: f32) -> f32 {
    draw::text(img, &LABEL, 24.0, (x0, y), INK, &map.name);
    let name = seat_name(players, view.current);
    let status = match &view.phase {
        Step::StartingTickets => "Everyone is choosing tickets".to_string(),
        Step::Over => "Game over".to_string(),
        Step::Tunnel(TunnelClaim { extra, .. }) => format!("{name}: tunnel, {extra} more card(s)?"),
        _ if view.final_round => format!("Final round: {name} to play"),
        _ => format!("{name} to play"),
    };
    draw::text(img, &TEXT, 18.0, (x0, y + 36.0), Rgba([120, 30, 20, 255]), &status);
    y + 70.0
}

/// One seat's row: a disc in its colour with its initial, name and score, and its counts (highlighted when it is
/// that seat's turn); returns the next row's top.
fn draw_seat_row(
    map: &Map,
    view: &PublicView,
    players: &[Player],
    seat: &PublicSeat,
    img: &mut RgbaImage,
    x0: f32,
    y: f32,
) -> f32 {
    let current = seat.seat == view.current && !matches!(view.phase, Step::Over | Step::StartingTickets);
    if current {
        draw::fill_convex(
            img,
            &draw::rect(x0 - 10.0, y - 4.0, x0 + 384.0, y + 50.0),
            Rgba([255, 236, 160, 255]),
        );
    }
    draw::fill_circle(img, (x0 + 16.0, y + 22.0), 17.0, INK);
    draw::fill_circle(img, (x0 + 16.0, y + 22.0), 15.0, seat_rgba(players, seat.seat));
    let who = seat_name(players, seat.seat);
    let letter = initial(&who);
    let (tw, th) = draw::text_size(&LABEL, 18.0, &letter);
    draw::text(
        img,
        &LABEL,
        18.0,
        (x0 + 16.0 - tw / 2.0, y + 22.0 - th / 2.0 - 3.0),
        Rgba([255, 255, 255, 255]),
        &letter,
    );
    let score = view
        .result
        .as_ref()
        .map_or(i32::from(seat.route_points), |r| r.scores[seat.seat.index()].total);
    draw::text(img, &LABEL, 19.0, (x0 + 42.0, y), INK, &format!("{who}  {score} pts"));
    let pieces = if map.rules.metros > 0 { "trams" } else { "trains" };
    let mut details = format!("{} {pieces}", seat.trains);
    if map.rules.metros > 0 {
        details += &format!(" · {} metros", seat.metros);
    }
    details += &format!(" · {} cards · {} tickets", seat.hand_size, seat.tickets_held);
    if map.rules.stations > 0 {
        details += &format!(" · {} stations left", seat.stations_left);
    }
    draw::text(
        img,
        &TEXT,
        14.0,
        (x0 + 42.0, y + 26.0),
        Rgba([70, 64, 58, 255]),
        &details,
    );
    y + 58.0
}

/// The five face-up cards in their colours (the wild card striped), named underneath; returns the next line's top.
fn draw_faceup_row(map: &Map, view: &PublicView, img: &mut RgbaImage, x0: f32, y: f32) -> f32 {
    draw::text(img, &LABEL, 17.0, (x0, y), INK, "Face-up cards");
    let y = y + 26.0;
    for (slot, card) in view.faceup.iter().enumerate() {
        let x = x0 + slot as f32 * 76.0;
        let rect = draw::rect(x, y, x + 68.0, y + 44.0);
        draw::fill_convex(img, &draw::grow(&rect, 1.2), INK);
        match card {
            None => draw::fill_convex(img, &rect, Rgba([225, 220, 210, 255])),
            Some(c) if c.is_wild() => {
                // The wild card: stripes of every colour.
                let colors = [
                    Color::Red,
                    Color::Orange,
                    Color::Yellow,
                    Color::Green,
                    Color::Blue,
                    Color::Purple,
                ];
                for (i, k) in colors.iter().enumerate() {
                    let x1 = x + i as f32 * 68.0 / 6.0;
                    draw::fill_convex(img, &draw::rect(x1, y, x1 + 68.0 / 6.0, y + 44.0), color_rgba(Some(*k)));
                }
            }
            Some(c) => draw::fill_convex(img, &rect, color_rgba(c.color())),
        }
        let label = card.map_or("—", |c| card_short_name(c, map));
        let (tw, _) = draw::text_size(&TEXT, 12.0, label);
        draw::haloed_text(img, &TEXT, 12.0, (x + 34.0 - tw / 2.0, y + 48.0), INK, HALO, label);
    }
    y + 72.0
}

/// The ranking, winner first, with each player's points by kind.
fn draw_final_ranking(result: &FinalResult, players: &[Player], img: &mut RgbaImage, x0: f32, mut y: f32) {
    draw::text(img, &LABEL, 19.0, (x0, y), INK, "Final ranking");
    y += 28.0;
    for (place, &seat) in result.ranking.iter().enumerate() {
        let s = &result.scores[seat];
        let line = format!(
            "{}. {}  {} ({} routes, {:+} tickets, {} bonus)",
            place + 1,
            seat_name(players, Seat(seat as u8)),
            s.total,
            s.route_points,
            s.ticket_points,
            s.longest_bonus + s.station_points + s.grand_tour_points
        );
        draw::text(img, &TEXT, 15.0, (x0, y), INK, &line);
        y += 22.0;
    }
}

fn card_short_name(card: Card, map: &Map) -> &'static str {
    card.name(map.rules.wild)
}
