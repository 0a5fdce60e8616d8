//! The board picture: a base layer per map (drawn once at twice the size and halved, so every edge is smooth) with
//! the routes as printed spaces, the cities and their names; and, per turn, the players' cars on top, the last claim
//! highlighted, stations, and the side panel. Drawn from a `PublicView` (and, for one player's own picture, that
//! seat's tickets) only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::RgbaImage;

use super::draw;
use super::halve;
use super::labels::{self, Label};
use super::palette::{self, Palette};
use super::panel;
use super::remembered;
use super::scene::{self, EXIT_FILL, EXIT_NAME, METRO_LINE};
use super::spares::{Spares, spares};
use super::stored;
use super::style::{
    BACKGROUND, CITY_FILL, CITY_RADIUS, CITY_RING, DONE, HALO, HIGHLIGHT, INK, WHITE, color_rgba, image_size,
    player_rgba, printed_colors, seat_color,
};
use super::surface::Canvas;
use crate::rules::{CityId, Color, Game, Map, Place, PublicView, RouteId, Seat, Step, TicketId};
use crate::seating::{Player, PlayerColor};
use crate::text::Lang;
use crate::text::catalog::tr;

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
            scene::draw_map(map, placed, &mut Canvas::new(&mut canvas, K));
        });
        halve::halve_into(&canvas, &mut out, top);
    }
    out
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
    scene::draw_pieces(map, view, players, &mut Canvas::new(&mut img, 1.0));
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
