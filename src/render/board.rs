//! The board picture: a base layer per map (drawn once at twice the size and halved, so every edge is smooth),
//! and a per-turn overlay of claimed routes, stations and a side panel, drawn from a `PublicView` only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::{Rgba, RgbaImage};

use super::draw::{self, Point};
use super::fonts::{LABEL, TEXT};
use crate::rules::{Card, Color, PublicView, Seat, Step, TunnelClaim};
use crate::rules::{Map, RouteId, RouteKind};

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

/// Player colours, told apart by colour-blind players too (Okabe–Ito palette); each car also carries the player's
/// initial.
pub const PLAYER_COLORS: [Rgba<u8>; 5] = [
    Rgba([0, 114, 178, 255]),   // blue
    Rgba([230, 159, 0, 255]),   // orange
    Rgba([0, 158, 115, 255]),   // bluish green
    Rgba([204, 121, 167, 255]), // reddish purple
    Rgba([213, 94, 0, 255]),    // vermillion
];

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

/// Draws the base layer at twice the size, then halves it.
fn draw_base(map: &Map) -> RgbaImage {
    const K: f32 = 2.0;
    let (w, h) = image_size(map);
    let mut img = RgbaImage::from_pixel(w * 2, h * 2, BACKGROUND);
    // The panel area.
    draw::fill_convex(
        &mut img,
        &draw::rect(map.width as f32 * K, 0.0, w as f32 * K, h as f32 * K),
        PANEL,
    );
    draw::line(
        &mut img,
        (map.width as f32 * K, 0.0),
        (map.width as f32 * K, h as f32 * K),
        3.0,
        Rgba([180, 170, 150, 255]),
    );
    // Metro lines first (a thin line under the badge), then every car.
    for route in map.routes.iter().filter(|r| r.kind == RouteKind::Metro) {
        let (a, b) = (map.city(route.a), map.city(route.b));
        draw::line(
            &mut img,
            (a.x * K, a.y * K),
            (b.x * K, b.y * K),
            3.0 * K,
            Rgba([90, 90, 100, 255]),
        );
    }
    for i in 0..map.routes.len() {
        let id = RouteId(i as u16);
        let route = map.route(id);
        let fill = color_rgba(route.color);
        for (k, quad) in car_quads(map, id).iter().enumerate() {
            let q = scaled(quad, K);
            if route.kind == RouteKind::Metro {
                let c = quad_center(quad);
                draw::fill_circle(&mut img, (c.0 * K, c.1 * K), METRO_BADGE * K * 0.62, INK);
                draw::fill_circle(&mut img, (c.0 * K, c.1 * K), METRO_BADGE * K * 0.52, fill);
                let label = route.cost.to_string();
                let size = 15.0 * K;
                let (tw, th) = draw::text_size(&LABEL, size, &label);
                let ink = if route
                    .color
                    .is_some_and(|c| matches!(c, Color::Black | Color::Blue | Color::Purple))
                {
                    Rgba([255, 255, 255, 255])
                } else {
                    INK
                };
                draw::text(
                    &mut img,
                    &LABEL,
                    size,
                    (c.0 * K - tw / 2.0, c.1 * K - th / 2.0 - 2.0),
                    ink,
                    &label,
                );
                continue;
            }
            // Tunnels get dark teeth along both long sides, like the printed board's jagged border.
            if route.tunnel {
                tunnel_teeth(&mut img, &q, K);
            }
            draw::fill_convex(&mut img, &draw::grow(&q, 1.1 * K), INK);
            draw::fill_convex(&mut img, &q, fill);
            // Ferries: a locomotive mark on the spaces that need one.
            if k < usize::from(route.ferry) {
                let c = quad_center(quad);
                draw::fill_circle(&mut img, (c.0 * K, c.1 * K), 4.5 * K, INK);
                draw::fill_circle(&mut img, (c.0 * K, c.1 * K), 2.2 * K, Rgba([255, 255, 255, 255]));
            }
        }
    }
    // Cities and border exits.
    for city in &map.cities {
        let c = (city.x * K, city.y * K);
        if city.country.is_some() {
            let s = 8.0 * K;
            draw::fill_convex(&mut img, &draw::square(c, s), INK);
            let t = s - 2.5 * K;
            draw::fill_convex(&mut img, &draw::square(c, t), Rgba([220, 60, 50, 255]));
        } else {
            draw::fill_circle(&mut img, c, (CITY_RADIUS + 2.5) * K, CITY_RING);
            draw::fill_circle(&mut img, c, CITY_RADIUS * K, CITY_FILL);
        }
    }
    for (i, (at, text)) in place_labels(map).into_iter().enumerate() {
        let exit = map.cities[i].country.is_some();
        let color = if exit { Rgba([150, 30, 25, 255]) } else { INK };
        draw::haloed_text(
            &mut img,
            &LABEL,
            LABEL_SIZE * K,
            (at.0 * K, at.1 * K),
            color,
            HALO,
            &text,
        );
    }
    draw::downsample_half(&img)
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
/// `names` are the players' names in seat order. Nothing but the public view reaches this function.
pub fn board(map: &Map, view: &PublicView, names: &[String]) -> RgbaImage {
    let mut img = (*base_layer(map)).clone();
    let initial = |seat: Seat| {
        names
            .get(seat.index())
            .and_then(|n| n.chars().next())
            .map_or('?', |c| c.to_ascii_uppercase())
            .to_string()
    };
    for (i, owner) in view.owners.iter().enumerate() {
        let Some(seat) = owner else { continue };
        let id = RouteId(i as u16);
        let color = PLAYER_COLORS[seat.index() % PLAYER_COLORS.len()];
        let letter = initial(*seat);
        for q in car_quads(map, id) {
            draw::fill_convex(&mut img, &draw::grow(&q, 1.2), INK);
            draw::fill_convex(&mut img, &q, color);
            let c = quad_center(&q);
            let (tw, th) = draw::text_size(&LABEL, 11.0, &letter);
            draw::text(
                &mut img,
                &LABEL,
                11.0,
                (c.0 - tw / 2.0, c.1 - th / 2.0 - 2.0),
                Rgba([255, 255, 255, 255]),
                &letter,
            );
        }
    }
    // The route claimed this turn is outlined in bright yellow.
    if let Some(last) = view.last_claim {
        for q in car_quads(map, last) {
            draw::outline(&mut img, &draw::grow(&q, 2.0), 3.0, HIGHLIGHT);
        }
    }
    for seat in &view.seats {
        let color = PLAYER_COLORS[seat.seat.index() % PLAYER_COLORS.len()];
        for &city in &seat.station_cities {
            // On the city dot, so it never hides the city's label.
            let c = map.city(city);
            let (x, y) = (c.x, c.y + 1.0);
            let house = [
                (x - 7.0, y + 7.0),
                (x - 7.0, y - 2.0),
                (x, y - 9.0),
                (x + 7.0, y - 2.0),
                (x + 7.0, y + 7.0),
            ];
            draw::fill_convex(&mut img, &draw::grow(&house, 1.5), INK);
            draw::fill_convex(&mut img, &house, color);
        }
    }
    draw_panel(map, view, names, &mut img);
    img
}

fn draw_panel(map: &Map, view: &PublicView, names: &[String], img: &mut RgbaImage) {
    let x0 = map.width as f32 + 18.0;
    let mut y = 16.0;
    draw::text(img, &LABEL, 24.0, (x0, y), INK, &map.name);
    y += 36.0;
    let name = |seat: Seat| {
        names
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| format!("Player {}", seat.0 + 1))
    };
    let status = match &view.phase {
        Step::StartingTickets => "Everyone is choosing tickets".to_string(),
        Step::Over => "Game over".to_string(),
        Step::Tunnel(TunnelClaim { extra, .. }) => format!("{}: tunnel, {extra} more card(s)?", name(view.current)),
        _ if view.final_round => format!("Final round: {} to play", name(view.current)),
        _ => format!("{} to play", name(view.current)),
    };
    draw::text(img, &TEXT, 18.0, (x0, y), Rgba([120, 30, 20, 255]), &status);
    y += 34.0;
    let pieces = if map.rules.metros > 0 { "trams" } else { "trains" };
    for seat in &view.seats {
        let color = PLAYER_COLORS[seat.seat.index() % PLAYER_COLORS.len()];
        let current = seat.seat == view.current && !matches!(view.phase, Step::Over | Step::StartingTickets);
        if current {
            draw::fill_convex(
                img,
                &draw::rect(x0 - 10.0, y - 4.0, x0 + 384.0, y + 50.0),
                Rgba([255, 236, 160, 255]),
            );
        }
        draw::fill_circle(img, (x0 + 16.0, y + 22.0), 17.0, INK);
        draw::fill_circle(img, (x0 + 16.0, y + 22.0), 15.0, color);
        let who = name(seat.seat);
        let letter: String = who
            .chars()
            .next()
            .map(|c| c.to_uppercase().to_string())
            .unwrap_or_default();
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
        y += 58.0;
    }
    y += 8.0;
    draw::text(img, &LABEL, 17.0, (x0, y), INK, "Face-up cards");
    y += 26.0;
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
    y += 72.0;
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
        draw::text(img, &LABEL, 19.0, (x0, y), INK, "Final ranking");
        y += 28.0;
        for (place, &seat) in result.ranking.iter().enumerate() {
            let s = &result.scores[seat];
            let line = format!(
                "{}. {}  {} ({} routes, {:+} tickets, {} bonus)",
                place + 1,
                name(Seat(seat as u8)),
                s.total,
                s.route_points,
                s.ticket_points,
                s.longest_bonus + s.station_points + s.grand_tour_points
            );
            draw::text(img, &TEXT, 15.0, (x0, y), INK, &line);
            y += 22.0;
        }
    }
}

fn card_short_name(card: Card, map: &Map) -> &'static str {
    card.name(map.rules.wild)
}
