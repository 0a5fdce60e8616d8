//! Text on RGBA images: lines laid out as imageproc lays them out (so sizes measured agree with ink drawn), their
//! ink cached by font, size and text, laid with or without a halo.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{Rgba, RgbaImage};

use super::damage::touch;
use super::draw::{Point, origin};

/// Width and height of a text at a size (the width to the end of the last advance, the height of the tallest glyph).
pub fn text_size(font: &FontRef<'static>, size: f32, text: &str) -> (f32, f32) {
    let (w, h) = layout(font, size, text, |_, _| {});
    (w as f32, h as f32)
}

/// Lays out a line as imageproc's text functions do (so sizes measured and ink drawn agree with what it would
/// draw): each outlined glyph with its pixel bounds, in order; returns the width and height as whole pixels.
fn layout(
    font: &FontRef<'static>,
    size: f32,
    text: &str,
    mut each: impl FnMut(ab_glyph::OutlinedGlyph, ab_glyph::Rect),
) -> (u32, u32) {
    let scale = PxScale::from(size);
    let scaled = font.as_scaled(scale);
    let (mut w, mut h) = (0f32, 0f32);
    let mut last: Option<ab_glyph::GlyphId> = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        let glyph = id.with_scale_and_position(scale, ab_glyph::point(w, scaled.ascent()));
        w += scaled.h_advance(id);
        if let Some(outlined) = font.outline_glyph(glyph) {
            // As imageproc: the kerning comes after the advance, between outlined glyphs only.
            if let Some(last) = last {
                w += scaled.kern(id, last);
            }
            last = Some(id);
            let bounds = outlined.px_bounds();
            h = h.max(bounds.height());
            each(outlined, bounds);
        }
    }
    (w as u32, h as u32)
}

/// Height of a line of text at a size: ascent plus descent, which holds every glyph drawn from a line's top.
pub fn line_height(font: &FontRef<'static>, size: f32) -> f32 {
    let scaled = font.as_scaled(PxScale::from(size));
    scaled.ascent() - scaled.descent()
}

/// Distance from a line's top to its baseline at a size.
pub fn ascent(font: &FontRef<'static>, size: f32) -> f32 {
    font.as_scaled(PxScale::from(size)).ascent()
}

/// The em size (a font size as SVG and CSS mean it) that draws glyphs as large as `size` does here, where a size is
/// the line's ascent plus descent.
pub fn em_size(font: &FontRef<'static>, size: f32) -> f32 {
    size * font.units_per_em().unwrap_or(1.0) / font.height_unscaled()
}

/// How far a halo reaches around the ink of a text of a size.
pub fn halo_radius(size: f32) -> f32 {
    (size / 9.0).max(1.0)
}

/// A text's ink as imageproc draws it from the origin: each glyph's covered pixels (offset, coverage) in drawing
/// order (its uncovered pixels blend to what was there, so they are left out).
struct Ink {
    pixels: Vec<(i32, i32, f32)>,
    /// The rows the pixels span from the origin: `top..bottom`.
    top: i32,
    bottom: i32,
}

/// Which font a cached ink was drawn with: where its data lies (the fonts are built into the binary).
fn font_key(font: &FontRef<'static>) -> usize {
    font.font_data().as_ptr() as usize
}

/// The texts' ink kept for the next time, and how many pixels it holds in all.
#[derive(Default)]
struct InkCache {
    inks: HashMap<(usize, u32, String), Arc<Ink>>,
    pixels: usize,
}

/// Past this many pixels of ink (about 24 MB) the cache starts again; a board writes some 100,000.
const INK_CACHE_PIXELS: usize = 1 << 21;

/// The ink of `text` at `size`, laid out and rasterised as imageproc's `draw_text_mut` does (same glyph positions,
/// kerning and rounding), kept for the next time: a board's panel writes mostly the same words every turn, and a
/// name's halo is the same ink eight times.
fn ink(font: &FontRef<'static>, size: f32, text: &str) -> Arc<Ink> {
    static CACHE: LazyLock<Mutex<InkCache>> = LazyLock::new(Mutex::default);
    let key = (font_key(font), size.to_bits(), text.to_string());
    if let Some(ink) = CACHE.lock().expect("the ink cache is never poisoned").inks.get(&key) {
        return Arc::clone(ink);
    }
    let mut pixels = Vec::new();
    layout(font, size, text, |outlined, bounds| {
        let (left, top) = (bounds.min.x.round() as i32, bounds.min.y.round() as i32);
        outlined.draw(|gx, gy, coverage| {
            if coverage > 0.0 {
                pixels.push((gx as i32 + left, gy as i32 + top, coverage.min(1.0)));
            }
        });
    });
    let (top, bottom) = pixels.iter().fold((i32::MAX, i32::MIN), |(top, bottom), &(_, dy, _)| {
        (top.min(dy), bottom.max(dy + 1))
    });
    let ink = Arc::new(Ink { pixels, top, bottom });
    let mut cache = CACHE.lock().expect("the ink cache is never poisoned");
    if cache.pixels + ink.pixels.len() > INK_CACHE_PIXELS {
        *cache = InkCache::default();
    }
    cache.pixels += ink.pixels.len();
    cache.inks.insert(key, Arc::clone(&ink));
    ink
}

/// Lays ink on the image from origin (x, y), blending as imageproc does (every channel, truncated).
fn lay_ink(img: &mut RgbaImage, ink: &Ink, x: i32, y: i32, color: Rgba<u8>) {
    let (width, height) = (img.width() as i32, img.height() as i32);
    // Whole rows: the same pixels as on the whole picture (see `band`).
    let y = y - origin() as i32;
    if ink.pixels.is_empty() || y + ink.bottom <= 0 || y + ink.top >= height {
        return;
    }
    let stride = width as usize * 4;
    let buffer: &mut [u8] = img.as_mut();
    let (mut x0, mut x1, mut y0, mut y1) = (width, 0, height, 0);
    for &(dx, dy, coverage) in &ink.pixels {
        let (px, py) = (x + dx, y + dy);
        if (0..width).contains(&px) && (0..height).contains(&py) {
            (x0, x1, y0, y1) = (x0.min(px), x1.max(px + 1), y0.min(py), y1.max(py + 1));
            let at = py as usize * stride + px as usize * 4;
            for c in 0..4 {
                let v = f32::from(buffer[at + c]) * (1.0 - coverage) + f32::from(color[c]) * coverage;
                buffer[at + c] = if v < 255.0 {
                    if v > 0.0 { v as u8 } else { 0 }
                } else {
                    255
                };
            }
        }
    }
    if x0 < x1 {
        touch(x0 as u32, x1 as u32, y0 as u32, y1 as u32);
    }
}

/// Draws text with its top-left corner at `at`.
pub fn text(img: &mut RgbaImage, font: &FontRef<'static>, size: f32, at: Point, color: Rgba<u8>, text: &str) {
    let ink = ink(font, size, text);
    lay_ink(img, &ink, at.0.round() as i32, at.1.round() as i32, color);
}

/// Draws text with a halo around it, legible over routes and colours.
pub fn haloed_text(
    img: &mut RgbaImage,
    font: &FontRef<'static>,
    size: f32,
    at: Point,
    color: Rgba<u8>,
    halo: Rgba<u8>,
    content: &str,
) {
    let ink = ink(font, size, content);
    let r = halo_radius(size);
    for (dx, dy) in [
        (-r, 0.0),
        (r, 0.0),
        (0.0, -r),
        (0.0, r),
        (-r, -r),
        (r, r),
        (-r, r),
        (r, -r),
    ] {
        lay_ink(img, &ink, (at.0 + dx).round() as i32, (at.1 + dy).round() as i32, halo);
    }
    lay_ink(img, &ink, at.0.round() as i32, at.1.round() as i32, color);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fonts::{LABEL, TEXT};

    #[test]
    fn text_from_cached_ink_is_what_imageproc_draws() {
        for (font, size, line) in [
            (&*LABEL, 30.0, "AVAWAY Tokyo, Łódź – Zürich"),
            (&*TEXT, 22.0, " a leading space, e\u{301} combining, 🚂 missing"),
            (&*LABEL, 15.0, "Kobenhavn"),
            (&*TEXT, 24.0, "Deck 25 · Discard 32 · Tickets 3"),
        ] {
            for at in [(3.4, 5.6), (-10.0, 2.0), (60.0, -4.5)] {
                let mut ours = RgbaImage::from_fn(300, 50, |x, y| Rgba([(x % 256) as u8, (y * 4) as u8, 120, 235]));
                let mut theirs = ours.clone();
                for _ in 0..2 {
                    // Twice: the second draw comes from the cache.
                    text(&mut ours, font, size, at, Rgba([40, 36, 32, 255]), line);
                }
                for _ in 0..2 {
                    imageproc::drawing::draw_text_mut(
                        &mut theirs,
                        Rgba([40, 36, 32, 255]),
                        at.0.round() as i32,
                        at.1.round() as i32,
                        PxScale::from(size),
                        font,
                        line,
                    );
                }
                assert!(ours == theirs, "{line:?} at {at:?}");
                let (w, h) = imageproc::drawing::text_size(PxScale::from(size), font, line);
                assert_eq!(text_size(font, size, line), (w as f32, h as f32), "{line:?}");
            }
        }
    }
}
