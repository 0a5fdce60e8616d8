//! The board as a picture: pure functions from a map and a `PublicView` to an image, and PNG encoding.

mod board;
mod chart;
mod draw;
mod fonts;
pub mod labels;
mod panel;
mod style;

pub use board::{base_layer, board, board_in, seat_board};
pub use chart::{CHART_SIZE, ScoreLine, score_chart};
pub use style::{
    CarMark, PANEL_WIDTH, body_spot, car_quads, claimed_car, color_rgba, image_size, mark_rgba, mark_spot, player_rgba,
    printed_colors, quad_center,
};

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbaImage};

/// Encodes a picture as PNG. The alpha channel is dropped (the board is opaque) and compression is the fast kind:
/// large flat areas compress well anyway, and a turn's picture must be ready within Discord's 3 seconds.
pub fn png(img: &RgbaImage) -> Vec<u8> {
    let rgb: Vec<u8> = img.pixels().flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(&rgb, img.width(), img.height(), image::ExtendedColorType::Rgb8)
        .expect("encoding to memory does not fail");
    out
}
