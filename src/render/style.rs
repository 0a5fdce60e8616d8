//! The board's look, shared by its parts (the board, the panel, the name placement, the score chart): sizes and
//! colours, the players' car marks, and where each route's car spaces lie.

use image::Rgba;

use super::draw::{self, Point};
use super::surface::Surface;
use crate::rules::{Color, Map, RouteId, RouteKind, Seat};
use crate::seating::{Player, PlayerColor};

/// Width of the side panel, in pixels: wide enough for text that stays legible when a chat shows the picture about
/// 800 pixels wide.
pub const PANEL_WIDTH: u32 = 640;
/// Thickness of a printed car space.
pub const CAR_WIDTH: f32 = 13.0;
/// Space between two cars of a route.
pub const CAR_GAP: f32 = 3.0;
/// Radius of a city dot.
pub const CITY_RADIUS: f32 = 9.0;
/// Distance of each track of a double route from the line between the cities.
pub const DOUBLE_OFFSET: f32 = 8.0;
/// Side of a metro line's badge.
pub const METRO_BADGE: f32 = 22.0;
/// How much wider than its printed space a player's car is drawn, on each side: a plastic piece on the board.
pub const CAR_OVERHANG: f32 = 1.5;
/// Width of the glow under the last claimed route.
pub const HIGHLIGHT_WIDTH: f32 = 9.0;

pub const BACKGROUND: Rgba<u8> = Rgba([236, 230, 210, 255]);
pub const INK: Rgba<u8> = Rgba([40, 36, 32, 255]);
pub const HALO: Rgba<u8> = Rgba([252, 250, 244, 235]);
pub const CITY_FILL: Rgba<u8> = Rgba([255, 250, 235, 255]);
pub const CITY_RING: Rgba<u8> = Rgba([150, 40, 30, 255]);
pub const HIGHLIGHT: Rgba<u8> = Rgba([255, 214, 0, 255]);
pub const WHITE: Rgba<u8> = Rgba([255, 255, 255, 255]);
/// A completed ticket's mark on one player's own picture.
pub const DONE: Rgba<u8> = Rgba([30, 150, 60, 255]);

/// A player's colour as a pixel (the colours themselves are [`PlayerColor`]'s).
pub fn player_rgba(color: PlayerColor) -> Rgba<u8> {
    let [r, g, b] = color.rgb();
    Rgba([r, g, b, 255])
}

/// A seat's colour: the player's, or the seat's default when the list is short.
pub fn seat_color(players: &[Player], seat: Seat) -> PlayerColor {
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

/// The output size for a map: the board plus the panel (tall enough for five players and the final ranking).
pub fn image_size(map: &Map) -> (u32, u32) {
    (map.width + PANEL_WIDTH, map.height.max(1040))
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

/// A player's mark on one car (`car` is its four corners, the first two along one long side).
pub fn draw_mark<S: Surface>(s: &mut S, car: &[Point], mark: CarMark, ink: Rgba<u8>) {
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
        CarMark::Dot => s.circle(c, width * 0.27, ink),
        CarMark::Bar => s.polygon(&band(c, width * 0.32, width * 0.78), ink),
        CarMark::Diamond => {
            let r = width * 0.36;
            let diamond = [
                (c.0 + ux * r, c.1 + uy * r),
                (c.0 + nx * r, c.1 + ny * r),
                (c.0 - ux * r, c.1 - uy * r),
                (c.0 - nx * r, c.1 - ny * r),
            ];
            s.polygon(&diamond, ink);
        }
        CarMark::Stripe => s.polygon(&band(c, (length - width * 0.5).max(2.0), width * 0.26), ink),
        CarMark::TwoDots => {
            let off = (length * 0.24).min(width * 0.9);
            for side in [-1.0, 1.0] {
                s.circle((c.0 + ux * off * side, c.1 + uy * off * side), width * 0.2, ink);
            }
        }
    }
}
