//! What the board shows and where, said once for the PNG and the SVG: the map (printed routes, cities, names) and
//! the players' pieces (the last claim's glow, cars, stations), drawn on any [`Surface`].

use image::Rgba;

use super::draw::{self, Point};
use super::labels::Label;
use super::style::{
    CAR_OVERHANG, CITY_FILL, CITY_RADIUS, CITY_RING, CarMark, HALO, HIGHLIGHT, HIGHLIGHT_WIDTH, INK, METRO_BADGE,
    WHITE, car_quads, claimed_car, color_rgba, draw_mark, mark_rgba, player_rgba, printed_colors, quad_center,
    seat_color,
};
use super::surface::{Anchor, Group, Surface, Text};
use crate::rules::{CityId, Color, Map, PublicView, RouteId, RouteKind};
use crate::seating::{Player, PlayerColor};

/// A border exit's name.
pub const EXIT_NAME: Rgba<u8> = Rgba([150, 30, 25, 255]);
/// A border exit's square.
pub const EXIT_FILL: Rgba<u8> = Rgba([220, 60, 50, 255]);
/// The line under a metro line's badges.
pub const METRO_LINE: Rgba<u8> = Rgba([90, 90, 100, 255]);
/// A leader line from a city to its name.
const LEADER: Rgba<u8> = Rgba([60, 54, 48, 200]);
/// A claimed car's shadow.
const SHADOW: Rgba<u8> = Rgba([0, 0, 0, 90]);

/// Farther from its dot than this, a name gets a thin line to the dot, so it is clear whose name it is.
const LEADER_FROM: f32 = 24.0;

/// The map as printed: metro lines, each route's spaces, the cities, the names' leader lines, the names.
pub fn draw_map<S: Surface>(map: &Map, placed: &[Label], s: &mut S) {
    draw_metro_lines(map, s);
    for i in 0..map.routes.len() {
        let id = RouteId(i as u16);
        s.begin(Group::Route(id));
        draw_printed_route(map, id, s);
        s.end();
    }
    for i in 0..map.cities.len() {
        let id = CityId(i as u16);
        s.begin(Group::City(id));
        draw_city(map, id, s);
        s.end();
    }
    // Every leader under every name: a leader may pass near another city's name.
    for label in placed {
        draw_leader(map, label, s);
    }
    for label in placed {
        s.begin(Group::Name(label.city));
        let exit = map.city(label.city).country.is_some();
        s.text(&Text {
            content: &label.text,
            size: label.size,
            at: Anchor::TopLeft(label.at),
            color: if exit { EXIT_NAME } else { INK },
            halo: Some(HALO),
        });
        s.end();
    }
}

/// A thin line from a city's ring to its name, when the name had to stand off.
fn draw_leader<S: Surface>(map: &Map, label: &Label, s: &mut S) {
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
    s.line(
        (c.x + ux * start, c.y + uy * start),
        (c.x + ux * end, c.y + uy * end),
        1.6,
        LEADER,
    );
}

/// Metro lines: a thin line under each badge, drawn before every car so cars cover it.
fn draw_metro_lines<S: Surface>(map: &Map, s: &mut S) {
    for route in map.routes.iter().filter(|r| r.kind == RouteKind::Metro) {
        let (a, b) = (map.city(route.a), map.city(route.b));
        s.line((a.x, a.y), (b.x, b.y), 3.0, METRO_LINE);
    }
}

/// One route's printed spaces: light fills inside edges of the route's colour, tunnel teeth, ferry marks; or a
/// metro badge.
fn draw_printed_route<S: Surface>(map: &Map, id: RouteId, s: &mut S) {
    let route = map.route(id);
    let (fill, edge) = printed_colors(route.color);
    for (k, quad) in car_quads(map, id).iter().enumerate() {
        if route.kind == RouteKind::Metro {
            draw_metro_badge(s, quad_center(quad), route.color, route.cost);
            continue;
        }
        // Tunnels get dark teeth along both long sides, like the printed board's jagged border.
        if route.tunnel {
            tunnel_teeth(s, quad);
        }
        s.polygon(&draw::grow(quad, 1.8), edge);
        s.polygon(quad, fill);
        // Ferries: a locomotive mark on the spaces that need one.
        if k < usize::from(route.ferry) {
            let c = quad_center(quad);
            s.circle(c, 4.0, INK);
            s.circle(c, 2.0, WHITE);
        }
    }
}

/// A metro line's round badge in its colour, showing how many cards it costs.
fn draw_metro_badge<S: Surface>(s: &mut S, c: Point, color: Option<Color>, cost: u8) {
    s.circle(c, METRO_BADGE * 0.62, INK);
    s.circle(c, METRO_BADGE * 0.52, color_rgba(color));
    let dark = color.is_some_and(|c| matches!(c, Color::Black | Color::Blue | Color::Purple));
    s.text(&Text {
        content: &cost.to_string(),
        size: 15.0,
        at: Anchor::Centre(c),
        color: if dark { WHITE } else { INK },
        halo: None,
    });
}

/// A city as a ringed dot; a border exit as a red square.
fn draw_city<S: Surface>(map: &Map, id: CityId, s: &mut S) {
    let city = map.city(id);
    let c = (city.x, city.y);
    if city.country.is_some() {
        let half = 8.0;
        s.polygon(&draw::square(c, half), INK);
        s.polygon(&draw::square(c, half - 2.5), EXIT_FILL);
    } else {
        s.circle(c, CITY_RADIUS + 2.5, CITY_RING);
        s.circle(c, CITY_RADIUS, CITY_FILL);
    }
}

/// Small triangles pointing outwards along the long sides of a car's space.
fn tunnel_teeth<S: Surface>(s: &mut S, q: &[Point; 4]) {
    for (a, b, c) in [(q[0], q[1], q[3]), (q[3], q[2], q[0])] {
        // Side a→b; `c` is the corner across the car, to find which way is out.
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-6);
        let (ux, uy) = (dx / len, dy / len);
        let (mut nx, mut ny) = (-uy, ux);
        if (c.0 - a.0) * nx + (c.1 - a.1) * ny > 0.0 {
            (nx, ny) = (-nx, -ny);
        }
        let step = 6.0;
        let teeth = (len / step).floor().max(1.0) as usize;
        let spare = (len - teeth as f32 * step) / 2.0;
        for t in 0..teeth {
            let s0 = spare + t as f32 * step;
            let p0 = (a.0 + ux * s0, a.1 + uy * s0);
            let p1 = (a.0 + ux * (s0 + step), a.1 + uy * (s0 + step));
            let tip = (
                a.0 + ux * (s0 + step / 2.0) + nx * 3.5,
                a.1 + uy * (s0 + step / 2.0) + ny * 3.5,
            );
            s.polygon(&[p0, tip, p1], INK);
        }
    }
}

/// The players' pieces: the last claim's glow, the claimed cars, the stations.
pub fn draw_pieces<S: Surface>(map: &Map, view: &PublicView, players: &[Player], s: &mut S) {
    if let Some(last) = view.last_claim {
        s.begin(Group::Glow(last));
        // A dark rim first, so the glow shows on light paper and on light routes alike.
        let quads = car_quads(map, last);
        for q in &quads {
            s.polygon(&draw::grow(q, CAR_OVERHANG + HIGHLIGHT_WIDTH + 1.5), INK);
        }
        for q in &quads {
            s.polygon(&draw::grow(q, CAR_OVERHANG + HIGHLIGHT_WIDTH), HIGHLIGHT);
        }
        s.end();
    }
    for (i, owner) in view.owners.iter().enumerate() {
        if let Some(seat) = *owner {
            let id = RouteId(i as u16);
            s.begin(Group::Claimed(id, seat));
            draw_claimed_route(map, id, seat_color(players, seat), s);
            s.end();
        }
    }
    for seat in &view.seats {
        for &city in &seat.station_cities {
            s.begin(Group::Station(city, seat.seat));
            draw_station(map, city, seat_color(players, seat.seat), s);
            s.end();
        }
    }
}

/// A claimed route: each car a solid piece in the player's colour, a little wider than its printed space, with a
/// shadow, a dark outline and the player's mark.
fn draw_claimed_route<S: Surface>(map: &Map, id: RouteId, color: PlayerColor, s: &mut S) {
    let fill = player_rgba(color);
    for q in car_quads(map, id) {
        let car = claimed_car(&q);
        s.polygon(&draw::shifted(&car, 1.2, 1.6), SHADOW);
        s.polygon(&draw::grow(&car, 1.4), INK);
        s.polygon(&car, fill);
        draw_mark(s, &car, CarMark::of(color), mark_rgba(color));
    }
}

/// A station: a small house in the owner's colour, with its mark, on the city dot (so it never hides the name).
fn draw_station<S: Surface>(map: &Map, city: CityId, color: PlayerColor, s: &mut S) {
    let c = map.city(city);
    let (x, y) = (c.x, c.y + 1.0);
    let house = [
        (x - 8.0, y + 8.0),
        (x - 8.0, y - 2.0),
        (x, y - 10.0),
        (x + 8.0, y - 2.0),
        (x + 8.0, y + 8.0),
    ];
    s.polygon(&draw::grow(&house, 1.6), INK);
    s.polygon(&house, player_rgba(color));
}
