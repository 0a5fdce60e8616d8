//! The board picture: a base layer per map (drawn once at twice the size and halved, so every edge is smooth) with
//! the routes as printed spaces, the cities and their names; and, per turn, the players' cars on top, the last claim
//! highlighted, stations, and the side panel. Drawn from a `PublicView` (and, for one player's own picture, that
//! seat's tickets) only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::{Rgba, RgbaImage};

use super::draw::{self, Point};
use super::fonts::LABEL;
use super::glyphs;
use super::halve;
use super::labels::{self, Label};
use super::palette::{self, Palette};
use super::panel;
use super::remembered;
use super::spares::{Spares, spares};
use super::stored;
use super::style::{
    BACKGROUND, CAR_OVERHANG, CITY_FILL, CITY_RADIUS, CITY_RING, CarMark, DONE, HALO, HIGHLIGHT, HIGHLIGHT_WIDTH, INK,
    METRO_BADGE, WHITE, car_quads, claimed_car, color_rgba, draw_mark, image_size, mark_rgba, player_rgba,
    printed_colors, quad_center, seat_color,
};
use crate::rules::{CityId, Color, Game, Map, Place, PublicView, RouteId, RouteKind, Seat, Step, TicketId};
use crate::seating::{Player, PlayerColor};
use crate::text::Lang;
use crate::text::catalog::tr;

fn scaled(q: &[Point], k: f32) -> Vec<Point> {
    q.iter().map(|p| (p.0 * k, p.1 * k)).collect()
}

/// A map's base layer (background, printed routes, cities, names, the panel's background), drawn once per map and
/// shared; with the palette its boards are encoded with and each base pixel's index in it.
pub struct BaseLayer {
    /// The picture every board of the map starts from.
    pub image: RgbaImage,
    /// The names as placed.
    placed: Vec<Label>,
    palette: Palette,
    /// The base's indices in the palette, laid out as a PNG's rows (see [`Palette::scanlines`]).
    scanlines: Vec<u8>,
}

/// Most maps whose base layers a process keeps: each is megabytes (a 1,700-pixel board's is 10 MB), and servers'
/// own maps are many; the five built-in maps and the servers' maps in play now fit.
const MOST_BASE_LAYERS: usize = 16;

/// The map's base layer, drawn and given its palette on the first call for a map (and again for a map not drawn
/// for a while, once [`MOST_BASE_LAYERS`] others were drawn since).
pub fn base_layer(map: &Map) -> Arc<BaseLayer> {
    /// Each layer by map id, with the map drawn and when the layer was last used (a count of calls).
    type Cache = HashMap<String, (Arc<Map>, Arc<BaseLayer>, u64)>;
    static CACHE: OnceLock<Mutex<(Cache, u64)>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    {
        let mut guard = cache.lock().expect("the cache lock is never poisoned");
        let (layers, calls) = &mut *guard;
        *calls += 1;
        // The map drawn is kept beside its layer and compared, so a map file edited in place (or two servers' maps
        // of one id) is drawn again.
        if let Some((drawn, layer, used)) = layers.get_mut(&map.id)
            && **drawn == *map
        {
            *used = *calls;
            return Arc::clone(layer);
        }
    }
    let layer = Arc::new(BaseLayer::draw(map));
    let mut guard = cache.lock().expect("the cache lock is never poisoned");
    let (layers, calls) = &mut *guard;
    if layers.len() >= MOST_BASE_LAYERS && !layers.contains_key(&map.id) {
        let least_used = layers
            .iter()
            .min_by_key(|(_, (_, _, used))| *used)
            .map(|(id, _)| id.clone());
        if let Some(id) = least_used {
            layers.remove(&id);
        }
    }
    layers.insert(map.id.clone(), (Arc::new(map.clone()), Arc::clone(&layer), *calls));
    layer
}

impl BaseLayer {
    /// Draws a map's base layer and chooses its boards' palette. A built-in map's name places and palette are
    /// precomputed into the binary: the same as searching and choosing them, without the time.
    pub fn draw(map: &Map) -> BaseLayer {
        let precomputed = stored::precomputed_for(map);
        let remembered = precomputed.is_none().then(|| remembered::remembered_for(map)).flatten();
        let placed = match (precomputed, &remembered) {
            (Some(stored), _) => stored.labels(map),
            (None, Some(remembered)) => remembered.labels(map),
            (None, None) => labels::place(map),
        };
        let image = draw_base(map, &placed);
        let palette = match (precomputed, &remembered) {
            (Some(stored), _) => stored.palette(),
            (None, Some(remembered)) => remembered.palette(),
            (None, None) => choose_palette(map, &image),
        };
        let scanlines = palette.scanlines(&image, None);
        BaseLayer {
            image,
            placed,
            palette,
            scanlines,
        }
    }

    /// The names as placed on this layer.
    pub fn placed(&self) -> &[Label] {
        &self.placed
    }

    /// A board of this map as an indexed PNG: each pixel the nearest of the map's palette colours.
    pub fn png(&self, board: &RgbaImage) -> Vec<u8> {
        self.palette.png(board, Some((&self.image, &self.scanlines)))
    }
}

/// The palette a map's boards are encoded with: the base layer's colours and those of sample boards with every
/// player colour, the flat colours kept exactly.
pub(super) fn choose_palette(map: &Map, base: &RgbaImage) -> Palette {
    let mut counts = palette::histogram(base);
    for (sample, drawn) in palette_samples(map, base) {
        for (rgb, n) in palette::histogram_added(&sample, base, &drawn) {
            *counts.entry(rgb).or_insert(0) += n;
        }
    }
    Palette::for_counts_keeping(&counts, &flat_colors())
}

/// The board of `map` with nothing on it (no player's piece, no panel's numbers): how a map looks before a game.
pub fn empty_board_png(map: &Map) -> Vec<u8> {
    // The map alone: the panel beside it would be an empty column before a game.
    let base = base_layer(map);
    let map_only = image::imageops::crop_imm(&base.image, 0, 0, map.width, map.height).to_image();
    super::png(&map_only)
}

/// `map`'s drawing (its names' places and its palette) written down, as [`super::remember_drawing`] takes it back
/// (drawing the map's base layer if this process has not).
pub fn drawing_of(map: &Map) -> String {
    let base = base_layer(map);
    remembered::written(map, &base.placed, &base.palette)
}

/// A board or a player's picture of `map` as a PNG, in the map's palette.
pub fn board_png(map: &Map, board: &RgbaImage) -> Vec<u8> {
    base_layer(map).png(board)
}

/// Draws a picture of `map` with `draw` (over the base layer it is given) and encodes it in the map's palette,
/// reading only the blocks the drawing touched: the same bytes as [`board_png`] of the same picture, in a fraction
/// of the lookups.
fn drawn_png(map: &Map, draw: impl FnOnce(&RgbaImage) -> RgbaImage) -> Vec<u8> {
    // The base layer first: drawn inside the recording, it would mark everything.
    let layer = base_layer(map);
    let (width, height) = layer.image.dimensions();
    let (picture, damage) = draw::recording(width, height, || draw(&layer.image));
    if picture.dimensions() != layer.image.dimensions() {
        return layer.png(&picture);
    }
    let scanlines = layer
        .palette
        .scanlines_over(&picture, (&layer.image, &layer.scanlines), &damage);
    let png = palette::encode(picture.width(), picture.height(), layer.palette.colors(), &scanlines);
    spares().give_back(picture);
    png
}

/// [`board_in`] as a PNG in the map's palette ([`board_png`] of it, drawn and encoded together, faster).
pub fn board_in_png(lang: Lang, map: &Map, view: &PublicView, players: &[Player]) -> Vec<u8> {
    drawn_png(map, |base| picture_over(base, lang, map, view, players, None))
}

/// [`seat_board`] as a PNG in the map's palette ([`board_png`] of it, drawn and encoded together, faster).
pub fn seat_board_png(
    lang: Lang,
    map: &Map,
    view: &PublicView,
    players: &[Player],
    seat: Seat,
    tickets: &[(TicketId, bool)],
) -> Vec<u8> {
    drawn_png(map, |base| {
        picture_over(base, lang, map, view, players, Some((seat, tickets)))
    })
}

/// Pictures with every colour a board of the map can show, for choosing its palette: every other route claimed,
/// the colours taking turns; a station on some cities; the last claim lit; a player's tickets ringed, some completed;
/// the panel with every seat. As many pictures as it takes for every player colour to be drawn, each with the blocks
/// its drawing touched.
fn palette_samples(map: &Map, base: &RgbaImage) -> Vec<(RgbaImage, draw::Damage)> {
    let Some(game) = (2..=5)
        .rev()
        .find_map(|players| Game::new(Arc::new(map.clone()), players, 0).ok())
    else {
        return Vec::new();
    };
    let mut view = game.public_view();
    view.phase = Step::Turn;
    let seats = view.seats.len();
    // Every other route is enough to meet each colour against every kind of printed space, at half the drawing.
    for (i, owner) in view.owners.iter_mut().enumerate() {
        *owner = (i % 2 == 0).then_some(Seat((i / 2 % seats) as u8));
    }
    view.last_claim = (!map.routes.is_empty()).then_some(RouteId(0));
    for (i, seat) in view.seats.iter_mut().enumerate() {
        seat.station_cities = (i..map.cities.len())
            .step_by(seats)
            .take(2)
            .map(|c| CityId(c as u16))
            .collect();
    }
    let tickets: Vec<(TicketId, bool)> = (0..map.tickets.len().min(6))
        .map(|i| (TicketId(i as u16), i % 2 == 0))
        .collect();
    let rounds = PlayerColor::ALL.len().div_ceil(seats);
    (0..rounds)
        .map(|round| {
            let players: Vec<Player> = (0..seats)
                .map(|s| Player {
                    name: tr!(Lang::En, "player-fallback", number = s + 1),
                    color: PlayerColor::for_seat(round * seats + s),
                })
                .collect();
            draw::recording(base.width(), base.height(), || {
                let mut img = pieces_over(base, map, &view, &players);
                ticket_rings(map, &players, Seat(0), &tickets, &mut img);
                panel::draw(Lang::En, map, &view, &players, Some((Seat(0), &tickets)), &mut img);
                img
            })
        })
        .collect()
}

/// A border exit's name.
const EXIT_NAME: Rgba<u8> = Rgba([150, 30, 25, 255]);
/// A border exit's square.
const EXIT_FILL: Rgba<u8> = Rgba([220, 60, 50, 255]);
/// The line under a metro line's badges.
const METRO_LINE: Rgba<u8> = Rgba([90, 90, 100, 255]);

/// Every flat colour a board is drawn with: each keeps its own palette entry, so areas of one colour stay exact.
fn flat_colors() -> Vec<palette::Rgb> {
    let mut colors = vec![
        BACKGROUND, INK, HALO, CITY_FILL, CITY_RING, HIGHLIGHT, WHITE, DONE, EXIT_NAME, EXIT_FILL, METRO_LINE,
    ];
    colors.extend(panel::FLAT_COLORS);
    for color in std::iter::once(None).chain(Color::ALL.into_iter().map(Some)) {
        let (fill, edge) = printed_colors(color);
        colors.extend([color_rgba(color), fill, edge]);
    }
    colors.extend(PlayerColor::ALL.into_iter().map(player_rgba));
    colors.into_iter().map(|c| palette::rgb_of(c.0)).collect()
}

/// Scale of the base layer's drawing: drawn at twice the size, then halved, so every edge is smooth.
const K: f32 = 2.0;

/// Rows of the base layer drawn at a time (at twice the size, a band of 4.9 MB for a 2,384-pixel-wide board).
const BAND_ROWS: u32 = 128;

/// Draws the base layer at twice the size, then halves it: band by band, through one canvas of [`BAND_ROWS`] rows
/// (twice that at twice the size), so the whole doubled picture (43 MB for Europe) never exists, and each band is
/// halved while it is still in the processor's cache.
pub(super) fn draw_base(map: &Map, placed: &[labels::Label]) -> RgbaImage {
    draw_base_in_bands(map, placed, BAND_ROWS)
}

/// [`draw_base`] with bands of `band_rows` rows.
fn draw_base_in_bands(map: &Map, placed: &[labels::Label], band_rows: u32) -> RgbaImage {
    let (w, h) = image_size(map);
    let mut out = RgbaImage::new(w, h);
    // A row of paper, copied into each row of the canvas before each band.
    let paper = BACKGROUND.0.repeat(w as usize * 2);
    let mut canvas = RgbaImage::new(w * 2, band_rows * 2);
    for top in (0..h).step_by(band_rows as usize) {
        for row in canvas.chunks_exact_mut(paper.len()) {
            row.copy_from_slice(&paper);
        }
        draw::band(top * 2, || {
            panel::draw_background(map, &mut canvas, K);
            draw_metro_lines(map, &mut canvas);
            for i in 0..map.routes.len() {
                draw_printed_route(map, RouteId(i as u16), &mut canvas);
            }
            draw_cities(map, &mut canvas);
            for label in placed {
                draw_leader(map, label, &mut canvas);
            }
            for label in placed {
                let exit = map.city(label.city).country.is_some();
                let color = if exit { EXIT_NAME } else { INK };
                labels::draw(&mut canvas, label, K, color);
            }
        });
        halve::halve_into(&canvas, &mut out, top);
    }
    out
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
        draw::line(img, (a.x * K, a.y * K), (b.x * K, b.y * K), 3.0 * K, METRO_LINE);
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
    let (tw, th) = glyphs::text_size(&LABEL, size, &label);
    let dark = color.is_some_and(|c| matches!(c, Color::Black | Color::Blue | Color::Purple));
    let ink = if dark { WHITE } else { INK };
    glyphs::text(
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
            draw::fill_convex(img, &draw::square(c, t), EXIT_FILL);
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
    picture_over(&base_layer(map).image, lang, map, view, players, None)
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
    picture_over(&base_layer(map).image, lang, map, view, players, Some((seat, tickets)))
}

/// The pieces over `base`, then `own`'s ticket rings when it is one player's picture, then the panel.
fn picture_over(
    base: &RgbaImage,
    lang: Lang,
    map: &Map,
    view: &PublicView,
    players: &[Player],
    own: Option<(Seat, &[(TicketId, bool)])>,
) -> RgbaImage {
    let mut img = pieces_over(base, map, view, players);
    if let Some((seat, tickets)) = own {
        ticket_rings(map, players, seat, tickets, &mut img);
    }
    panel::draw(lang, map, view, players, own, &mut img);
    img
}

/// A seat's ticket cities ringed in its colour (open tickets first, so a city shared with a completed ticket shows
/// the tick).
fn ticket_rings(map: &Map, players: &[Player], seat: Seat, tickets: &[(TicketId, bool)], img: &mut RgbaImage) {
    let color = seat_color(players, seat);
    let mut order: Vec<&(TicketId, bool)> = tickets.iter().collect();
    order.sort_by_key(|(_, done)| *done);
    for &&(ticket, done) in &order {
        let t = map.ticket(ticket);
        let places = std::iter::once(t.from).chain(t.targets.iter().map(|(p, _)| *p));
        for place in places {
            for city in place_cities(map, place) {
                draw_ticket_city(map, city, color, done, img);
            }
        }
    }
}

/// The players' pieces drawn over a copy of `base`: the last claim's glow, the cars, the stations.
fn pieces_over(base: &RgbaImage, map: &Map, view: &PublicView, players: &[Player]) -> RgbaImage {
    let mut img = Spares::copy_of(base);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maps::{BUILTIN, builtin};

    #[test]
    fn the_base_layer_drawn_in_bands_is_the_one_drawn_whole() {
        for (id, _) in BUILTIN {
            let map = builtin(id).unwrap();
            let (_, height) = image_size(&map);
            let placed = labels::place(&map);
            assert!(
                draw_base(&map, &placed) == draw_base_in_bands(&map, &placed, height),
                "{id}: the bands differ from the whole"
            );
        }
    }
}
