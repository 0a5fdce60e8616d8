//! The board as a picture: pure functions from a map and a `PublicView` to an image and PNG encoding, or to SVG.

mod board;
mod chart;
mod color;
mod damage;
mod draw;
mod fonts;
mod glyphs;
mod halve;
pub mod labels;
mod median_cut;
mod palette;
mod panel;
mod png;
mod remembered;
mod scene;
mod spares;
mod stored;
mod style;
mod surface;
mod svg;

pub use board::{
    BaseLayer, base_layer, board, board_in, board_in_png, board_png, drawing_of, empty_board_png, seat_board,
    seat_board_png,
};
pub use chart::{CHART_SIZE, ScoreLine, score_chart};
pub use labels::crowded_names;
pub use remembered::{needs_drawing, remember_drawing};
pub use style::{
    CarMark, PANEL_WIDTH, body_spot, car_quads, claimed_car, color_rgba, image_size, mark_rgba, mark_spot, player_rgba,
    printed_colors, quad_center,
};

use image::RgbaImage;

use crate::rules::{Map, PublicView};
use crate::seating::Player;
use crate::text::Lang;

/// The map alone (no panel) as a complete SVG document, `viewBox="0 0 {map.width} {map.height}"` in the board's
/// pixels, drawn from the same description of what goes where as the PNG: the background, the printed routes (each
/// a `<g class="route" data-route="{index}">` with its `<title>` in `lang`), the cities (each a
/// `<g class="city" data-city="{index}">` with its name as `<title>`), the names where the PNG places them (each a
/// `<g class="name" data-city="{index}">`), and last an empty `<g id="pieces"></g>` for [`pieces_svg`]'s content.
///
/// Text asks for the font family `ttrbot-label` (then `sans-serif`): the page serves the labels' font,
/// `fonts/DejaVuSansCondensed-Bold.ttf`, under that name with `@font-face`. Halos are strokes under the ink
/// (`paint-order="stroke"`). Every name is escaped; numbers have at most one decimal.
pub fn base_svg(lang: Lang, map: &Map) -> String {
    svg::base_svg(lang, map)
}

/// The players' pieces as SVG elements, for [`base_svg`]'s `<g id="pieces">`: the last claim's glow
/// (`<g class="glow" data-route="{i}">`), each claimed route's cars (`<g class="claimed" data-route="{i}"
/// data-seat="{s}">`), the stations (`<g class="station" data-city="{c}" data-seat="{s}">`), in the PNG's order and
/// shapes. `players` are the seats' names and colours in seat order; nothing but the public view reaches it.
pub fn pieces_svg(map: &Map, view: &PublicView, players: &[Player]) -> String {
    svg::pieces_svg(map, view, players)
}

/// Encodes any picture as an indexed PNG, with a palette chosen for it: its own colours when it has at most 256,
/// otherwise the 256 that stand for the rest best (the others drawn as the nearest of those).
/// A board is better encoded with [`board_png`], which uses its map's palette and skips what the base layer knows.
pub fn png(img: &RgbaImage) -> Vec<u8> {
    palette::Palette::for_counts(&palette::histogram(img)).png(img, None)
}
