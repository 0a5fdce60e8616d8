//! The board as a picture: pure functions from a map and a `PublicView` to an image, and PNG encoding.

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

/// Encodes any picture as an indexed PNG, with a palette chosen for it: its own colours when it has at most 256,
/// otherwise the 256 that stand for the rest best (the others drawn as the nearest of those).
/// A board is better encoded with [`board_png`], which uses its map's palette and skips what the base layer knows.
pub fn png(img: &RgbaImage) -> Vec<u8> {
    palette::Palette::for_counts(&palette::histogram(img)).png(img, None)
}
