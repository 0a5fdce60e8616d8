//! The board picture: a base layer per map (drawn once at twice the size and halved, so every edge is smooth) with
//! the routes as printed spaces, the cities and their names; and, per turn, the players' cars on top, the last claim
//! highlighted, stations, and the side panel. Drawn from a `PublicView` (and, for one player's own picture, that
//! seat's tickets) only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::{Rgba, RgbaImage};

use super::draw::{self, Point};
use super::fonts::LABEL;
use super::labels;
use super::panel;
use crate::rules::{CityId, Color, Map, Place, PublicView, RouteId, RouteKind, Seat, TicketId};
use crate::seating::{Player, PlayerColor};
use crate::text::Lang;

/// Width of the side panel, in pixels: wide enough for text that stays legible when a chat shows the picture about
/// 800 pixels wide.
pub const PANEL_WIDTH: u32 = 640;
/// Thickness of a printed car space.
const CAR_WIDTH: f32 = 13.0;
/// Space between two cars of a route.
const CAR_GAP: f32 = 3.0;
/// Radius of a city dot.
pub(super) const CITY_RADIUS: f32 = 9.0;
/// Distance of each track of a double route from the line between the cities.
const DOUBLE_OFFSET: f32 = 8.0;
/// Side of a metro line's badge.
const METRO_BADGE: f32 = 22.0;
/// How much wider than its printed space a player's car is drawn, on each side: a plastic piece on the board.
const CAR_OVERHANG: f32 = 1.5;
/// Width of the glow under the last claimed route.
const HIGHLIGHT_WIDTH: f32 = 9.0;

pub(super) const BACKGROUND: Rgba<u8> = Rgba([236, 230, 210, 255]);
pub(super) const INK: Rgba<u8> = Rgba([40, 36, 32, 255]);
pub(super) const HALO: Rgba<u8> = Rgba([252, 250, 244, 235]);
const CITY_FILL: Rgba<u8> = Rgba([255, 250, 235, 255]);
const CITY_RING: Rgba<u8> = Rgba([150, 40, 30, 255]);
pub(super) const HIGHLIGHT: Rgba<u8> = Rgba([255, 214, 0, 255]);
const WHITE: Rgba<u8> = Rgba([255, 255, 255, 255]);
/// A completed ticket's mark on one player's own picture.
const DONE: Rgba<u8> = Rgba([30, 150, 60, 255]);

/// A player's colour as a pixel (the colours themselves are [`PlayerColor`]'s).
pub fn player_rgba(color: PlayerColor) -> Rgba<u8> {
    let [r, g, b] = color.rgb();
    Rgba([r, g, b, 255])
}

/// A seat's colour: the player's, or the seat's default when the list is short.
pub(super) fn seat_color(players: &[Player], seat: Seat) -> PlayerColor {
    players
        .get(seat.index())
        .map_or(PlayerColor::for_seat(seat.index()), |p| p.color)
}

/// `a` mixed with `b`: `t` = 0 is `a`, 1 is `b`.
fn mix(a: Rgba<u8>, b: Rgba<u8>, t: f32) -> Rgba<u8> {
    let m = |i: usize| (f32::from(a[i]) * (1.0 - t) + f32::from(b[i]) * t).round() as u8;
    Rgba([m(0), m(1), m(2), 255])
}

/// How an unclaimed space is printed: a light fill of its colour inside an edge of the full colour, so the colour
/// stays clear while a player's solid car stands out from it in kind, not only in hue.
pub fn printed_colors(color: Option<Color>) -> (Rgba<u8>, Rgba<u8>) {
    let full = color_rgba(color);
    match color {
        Some(Color::White) => (WHITE, Rgba([150, 146, 140, 255])),
        None => (Rgba([214, 210, 203, 255]), Rgba([140, 136, 130, 255])),
        _ => (mix(full, BACKGROUND, 0.55), mix(full, INK, 0.15)),
    }
}

/// The mark every car of a player carries, besides its colour, so that colours never have to be told apart alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CarMark {
    /// A round dot in the middle.
    Dot,
    /// A band across the car.
    Bar,
    /// A diamond in the middle.
    Diamond,
    /// A stripe along the car.
    Stripe,
    /// Two dots, one towards each end.
    TwoDots,
}

impl CarMark {
    /// The mark of a player colour.
    pub fn of(color: PlayerColor) -> CarMark {
        match color {
            PlayerColor::Orange => CarMark::Dot,
            PlayerColor::Navy => CarMark::Bar,
            PlayerColor::Green => CarMark::Diamond,
            PlayerColor::Sky => CarMark::Stripe,
            PlayerColor::Black => CarMark::TwoDots,
        }
    }
}

/// The colour a mark is drawn in on a car of `color`: white on dark colours, ink on light ones.
pub fn mark_rgba(color: PlayerColor) -> Rgba<u8> {
    if color.is_light() { INK } else { WHITE }
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

/// The output size for a map: the board plus the panel (tall enough for five players and the final ranking).
pub fn image_size(map: &Map) -> (u32, u32) {
    (map.width + PANEL_WIDTH, map.height.max(1040))
}

/// The map's base layer (background, printed routes, cities, names, the panel's background), drawn once per map and
/// shared.
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
    panel::draw_background(map, &mut img, K);
    draw_metro_lines(map, &mut img);
    for i in 0..map.routes.len() {
        draw_printed_route(map, RouteId(i as u16), &mut img);
    }
    draw_cities(map, &mut img);
    let placed = labels::place(map);
    for label in &placed {
        draw_leader(map, label, &mut img);
    }
    for label in &placed {
        let exit = map.city(label.city).country.is_some();
        let color = if exit { Rgba([150, 30, 25, 255]) } else { INK };
        labels::draw(&mut img, label, K, color);
    }
    draw::downsample_half(&img)
}

/// Farther from its dot than this, a name gets a thin line to the dot, so it is clear whose name it is.
const LEADER_FROM: f32 = 24.0;

/// A thin line from a city's ring to its name, when the name had to stand off.
fn draw_leader(map: &Map, label: &labels::Label, img: &mut RgbaImage) {
    let c = map.city(label.city);
    let b = label.bounds;
    let near = (c.x.clamp(b[0], b[2]), c.y.clamp(b[1], b[3]));
    let (dx, dy) = (near.0 - c.x, near.1 - c.y);
    let distance = (dx * dx + dy * dy).sqrt();
    if distance < LEADER_FROM {
        return;
    }
    let (ux, uy) = (dx / distance, dy / distance);
    let start = CITY_RADIUS + 3.0;
    let end = distance - 2.0;
    draw::line(
        img,
        ((c.x + ux * start) * K, (c.y + uy * start) * K),
        ((c.x + ux * end) * K, (c.y + uy * end) * K),
        1.6 * K,
        Rgba([60, 54, 48, 200]),
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

/// One route's printed spaces: light fills inside edges of the route's colour, tunnel teeth, ferry marks; or a
/// metro badge.
fn draw_printed_route(map: &Map, id: RouteId, img: &mut RgbaImage) {
    let route = map.route(id);
    let (fill, edge) = printed_colors(route.color);
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
        draw::fill_convex(img, &draw::grow(&q, 1.8 * K), edge);
        draw::fill_convex(img, &q, fill);
        // Ferries: a locomotive mark on the spaces that need one.
        if k < usize::from(route.ferry) {
            let c = quad_center(quad);
            draw::fill_circle(img, (c.0 * K, c.1 * K), 4.0 * K, INK);
            draw::fill_circle(img, (c.0 * K, c.1 * K), 2.0 * K, WHITE);
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
    let ink = if dark { WHITE } else { INK };
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

/// Draws a board for everyone: the map's base layer, the players' cars on their routes (the last claim glowing
/// under them), stations, and the panel. `players` are the seats' names and colours in seat order. Nothing but the
/// public view reaches this function.
pub fn board(map: &Map, view: &PublicView, players: &[Player]) -> RgbaImage {
    board_in(Lang::En, map, view, players)
}

/// [`board`] with the panel's words in `lang`.
pub fn board_in(lang: Lang, map: &Map, view: &PublicView, players: &[Player]) -> RgbaImage {
    let mut img = pieces(map, view, players);
    panel::draw(lang, map, view, players, None, &mut img);
    img
}

/// One player's own picture: the public board, plus that player's tickets — their cities ringed in the player's
/// colour, a completed ticket's cities filled with a tick — and the tickets listed in the panel. It takes the public
/// view and that seat's tickets (as `SeatView::tickets` gives them), and nothing else hidden. Its words are in `lang`.
pub fn seat_board(
    lang: Lang,
    map: &Map,
    view: &PublicView,
    players: &[Player],
    seat: Seat,
    tickets: &[(TicketId, bool)],
) -> RgbaImage {
    let mut img = pieces(map, view, players);
    let color = seat_color(players, seat);
    // Open tickets first, so a city shared with a completed ticket shows the tick.
    let mut order: Vec<&(TicketId, bool)> = tickets.iter().collect();
    order.sort_by_key(|(_, done)| *done);
    for &&(ticket, done) in &order {
        let t = map.ticket(ticket);
        let places = std::iter::once(t.from).chain(t.targets.iter().map(|(p, _)| *p));
        for place in places {
            for city in place_cities(map, place) {
                draw_ticket_city(map, city, color, done, &mut img);
            }
        }
    }
    panel::draw(lang, map, view, players, Some((seat, tickets)), &mut img);
    img
}

/// The base layer with the players' pieces on it: the last claim's glow, the cars, the stations.
fn pieces(map: &Map, view: &PublicView, players: &[Player]) -> RgbaImage {
    let mut img = (*base_layer(map)).clone();
    if let Some(last) = view.last_claim {
        // A dark rim first, so the glow shows on light paper and on light routes alike.
        let quads = car_quads(map, last);
        for q in &quads {
            draw::fill_convex(&mut img, &draw::grow(q, CAR_OVERHANG + HIGHLIGHT_WIDTH + 1.5), INK);
        }
        for q in &quads {
            draw::fill_convex(&mut img, &draw::grow(q, CAR_OVERHANG + HIGHLIGHT_WIDTH), HIGHLIGHT);
        }
    }
    for (i, owner) in view.owners.iter().enumerate() {
        if let Some(seat) = owner {
            draw_claimed_route(map, RouteId(i as u16), seat_color(players, *seat), &mut img);
        }
    }
    for seat in &view.seats {
        for &city in &seat.station_cities {
            draw_station(map, city, seat_color(players, seat.seat), &mut img);
        }
    }
    img
}

/// The locations a ticket's end stands for: a city, or every border exit of a country.
fn place_cities(map: &Map, place: Place) -> Vec<CityId> {
    match place {
        Place::City(c) => vec![c],
        Place::Country(k) => map.countries[usize::from(k.0)].exits.clone(),
    }
}

/// A ticket's city on its holder's picture: a thick ring in their colour; filled with a tick once completed.
fn draw_ticket_city(map: &Map, city: CityId, color: PlayerColor, done: bool, img: &mut RgbaImage) {
    let c = map.city(city);
    let ring = player_rgba(color);
    draw::fill_circle(img, (c.x, c.y), CITY_RADIUS + 9.0, INK);
    draw::fill_circle(img, (c.x, c.y), CITY_RADIUS + 7.5, ring);
    if done {
        draw::fill_circle(img, (c.x, c.y), CITY_RADIUS + 2.0, DONE);
        let tick = [(c.x - 5.5, c.y + 0.5), (c.x - 1.5, c.y + 4.5), (c.x + 6.0, c.y - 4.5)];
        draw::line(img, tick[0], tick[1], 3.0, WHITE);
        draw::line(img, tick[1], tick[2], 3.0, WHITE);
    } else {
        draw::fill_circle(img, (c.x, c.y), CITY_RADIUS + 2.0, CITY_FILL);
    }
}

/// A player's car on a printed space: the space grown by the overhang.
pub fn claimed_car(space: &[Point; 4]) -> Vec<Point> {
    draw::grow(space, CAR_OVERHANG)
}

/// A point inside a car (or a printed space) that no mark covers: a sixth along and a fifth across from its first
/// corner.
pub fn body_spot(car: &[Point]) -> Point {
    let along = (car[1].0 - car[0].0, car[1].1 - car[0].1);
    let across = (car[3].0 - car[0].0, car[3].1 - car[0].1);
    (
        car[0].0 + along.0 / 6.0 + across.0 / 5.0,
        car[0].1 + along.1 / 6.0 + across.1 / 5.0,
    )
}

/// A point inside a car's mark.
pub fn mark_spot(car: &[Point], mark: CarMark) -> Point {
    let c = (
        car.iter().map(|p| p.0).sum::<f32>() / car.len() as f32,
        car.iter().map(|p| p.1).sum::<f32>() / car.len() as f32,
    );
    match mark {
        CarMark::TwoDots => {
            let along = (car[1].0 - car[0].0, car[1].1 - car[0].1);
            let length = (along.0 * along.0 + along.1 * along.1).sqrt().max(1e-6);
            let width = ((car[3].0 - car[0].0).powi(2) + (car[3].1 - car[0].1).powi(2)).sqrt();
            let off = (length * 0.24).min(width * 0.9);
            (c.0 + along.0 / length * off, c.1 + along.1 / length * off)
        }
        _ => c,
    }
}

/// A claimed route: each car a solid piece in the player's colour, a little wider than its printed space, with a
/// shadow, a dark outline and the player's mark.
fn draw_claimed_route(map: &Map, id: RouteId, color: PlayerColor, img: &mut RgbaImage) {
    let fill = player_rgba(color);
    for q in car_quads(map, id) {
        let car = claimed_car(&q);
        draw::fill_convex(img, &draw::shifted(&car, 1.2, 1.6), Rgba([0, 0, 0, 90]));
        draw::fill_convex(img, &draw::grow(&car, 1.4), INK);
        draw::fill_convex(img, &car, fill);
        draw_mark(img, &car, CarMark::of(color), mark_rgba(color));
    }
}

/// A player's mark on one car (`car` is its four corners, the first two along one long side).
pub(super) fn draw_mark(img: &mut RgbaImage, car: &[Point], mark: CarMark, ink: Rgba<u8>) {
    let c = (
        car.iter().map(|p| p.0).sum::<f32>() / car.len() as f32,
        car.iter().map(|p| p.1).sum::<f32>() / car.len() as f32,
    );
    let along = (car[1].0 - car[0].0, car[1].1 - car[0].1);
    let length = (along.0 * along.0 + along.1 * along.1).sqrt().max(1e-6);
    let (ux, uy) = (along.0 / length, along.1 / length);
    let width = ((car[3].0 - car[0].0).powi(2) + (car[3].1 - car[0].1).powi(2)).sqrt();
    let (nx, ny) = (-uy, ux);
    // A rectangle centred at `at`, `l` long along the car and `w` wide across it.
    let band = |at: Point, l: f32, w: f32| {
        let (hl, hw) = (l / 2.0, w / 2.0);
        [
            (at.0 - ux * hl - nx * hw, at.1 - uy * hl - ny * hw),
            (at.0 + ux * hl - nx * hw, at.1 + uy * hl - ny * hw),
            (at.0 + ux * hl + nx * hw, at.1 + uy * hl + ny * hw),
            (at.0 - ux * hl + nx * hw, at.1 - uy * hl + ny * hw),
        ]
    };
    match mark {
        CarMark::Dot => draw::fill_circle(img, c, width * 0.27, ink),
        CarMark::Bar => draw::fill_convex(img, &band(c, width * 0.32, width * 0.78), ink),
        CarMark::Diamond => {
            let r = width * 0.36;
            let diamond = [
                (c.0 + ux * r, c.1 + uy * r),
                (c.0 + nx * r, c.1 + ny * r),
                (c.0 - ux * r, c.1 - uy * r),
                (c.0 - nx * r, c.1 - ny * r),
            ];
            draw::fill_convex(img, &diamond, ink);
        }
        CarMark::Stripe => draw::fill_convex(img, &band(c, (length - width * 0.5).max(2.0), width * 0.26), ink),
        CarMark::TwoDots => {
            let off = (length * 0.24).min(width * 0.9);
            for s in [-1.0, 1.0] {
                draw::fill_circle(img, (c.0 + ux * off * s, c.1 + uy * off * s), width * 0.2, ink);
            }
        }
    }
}

/// A station: a small house in the owner's colour, with its mark, on the city dot (so it never hides the name).
fn draw_station(map: &Map, city: CityId, color: PlayerColor, img: &mut RgbaImage) {
    let c = map.city(city);
    let (x, y) = (c.x, c.y + 1.0);
    let house = [
        (x - 8.0, y + 8.0),
        (x - 8.0, y - 2.0),
        (x, y - 10.0),
        (x + 8.0, y - 2.0),
        (x + 8.0, y + 8.0),
    ];
    draw::fill_convex(img, &draw::grow(&house, 1.6), INK);
    draw::fill_convex(img, &house, player_rgba(color));
}
