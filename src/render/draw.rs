//! Anti-aliased drawing primitives on RGBA images: convex polygons, circles, lines (text is `glyphs.rs`'s).

use std::cell::Cell;

use image::{Rgba, RgbaImage};

use super::damage::touch;
pub use super::damage::{Damage, recording};

/// A point in image pixels.
pub type Point = (f32, f32);

/// `v` (0 ≤ v < 255.5) rounded to the nearest integer, halves up: what `f32::round` gives there, without its call
/// into the maths library, which was a tenth of a board's drawing time.
fn round_channel(v: f32) -> u8 {
    let whole = v as u32;
    (whole + u32::from(v - whole as f32 >= 0.5)) as u8
}

thread_local! {
    /// How many rows of a taller picture lie above the one being drawn on this thread (see [`band`]).
    static ORIGIN: Cell<u32> = const { Cell::new(0) };
}

/// Runs `draw` onto a band of a taller picture: the picture `draw` paints on is the whole's rows from `rows` down,
/// so a large canvas need not exist at once. Strokes keep the whole picture's coordinates (each pixel is measured
/// where it lies in the whole and written `rows` higher), so a band's pixels are exactly the whole picture's. A band
/// inside a band replaces the outer origin.
pub fn band<R>(rows: u32, draw: impl FnOnce() -> R) -> R {
    /// Puts back the outer origin, even if drawing panics.
    struct Restore(u32);
    impl Drop for Restore {
        fn drop(&mut self) {
            ORIGIN.with(|o| o.set(self.0));
        }
    }
    let _restore = Restore(ORIGIN.with(|o| o.replace(rows)));
    draw()
}

/// The rows of the whole picture above the one being drawn (0 unless drawing a band).
pub(super) fn origin() -> u32 {
    ORIGIN.with(Cell::get)
}

/// Blends `color` onto the pixel at (x, y) with coverage `alpha` (0..1).
fn blend(img: &mut RgbaImage, x: u32, y: u32, color: Rgba<u8>, alpha: f32) {
    let a = alpha * f32::from(color[3]) / 255.0;
    if a <= 0.0 {
        return;
    }
    let at = (y as usize * img.width() as usize + x as usize) * 4;
    let p = &mut img.as_mut()[at..at + 4];
    for c in 0..3 {
        p[c] = round_channel(f32::from(p[c]) * (1.0 - a) + f32::from(color[c]) * a);
    }
    p[3] = p[3].max((a * 255.0) as u8);
}

/// Paints pixels `x0..x1` of row `y` fully covered: `color` itself when it is opaque (what blending with full
/// coverage gives), blended otherwise.
fn fill_span(img: &mut RgbaImage, y: u32, x0: u32, x1: u32, color: Rgba<u8>) {
    if x0 >= x1 {
        return;
    }
    if color[3] == 255 {
        let width = img.width() as usize;
        let row = &mut img.as_mut()[(y as usize * width + x0 as usize) * 4..(y as usize * width + x1 as usize) * 4];
        for pixel in row.chunks_exact_mut(4) {
            pixel.copy_from_slice(&color.0);
        }
    } else {
        // `blend` with full coverage, its products taken once for the span (the same arithmetic, so the same
        // pixels): shadows are large translucent areas.
        let a = f32::from(color[3]) / 255.0;
        if a <= 0.0 {
            return;
        }
        let keep = 1.0 - a;
        let add = [0, 1, 2].map(|c| f32::from(color[c]) * a);
        let alpha = (a * 255.0) as u8;
        let width = img.width() as usize;
        let row = &mut img.as_mut()[(y as usize * width + x0 as usize) * 4..(y as usize * width + x1 as usize) * 4];
        for p in row.chunks_exact_mut(4) {
            for c in 0..3 {
                p[c] = round_channel(f32::from(p[c]) * keep + add[c]);
            }
            p[3] = p[3].max(alpha);
        }
    }
}

/// Fills a convex polygon (any winding). Each pixel's coverage comes from its signed distance to the nearest
/// edge, which gives smooth edges at any angle without supersampling. Row by row, only the pixels near an edge are
/// measured: the span between them, found from where each edge's distance reaches ±0.5 (a fiftieth of a pixel to spare), is
/// fully covered.
pub fn fill_convex(img: &mut RgbaImage, points: &[Point], color: Rgba<u8>) {
    if points.len() < 3 {
        return;
    }
    let (x0, x1, y0, y1) = pixel_bounds(img, points);
    if y0 >= y1 || x0 >= x1 {
        return;
    }
    let edges = inward_edges(points);
    if edges.is_empty() {
        // All its points in one place: nothing to cover.
        return;
    }
    let edges = &edges[..];
    let top = origin();
    touch(x0, x1, y0 - top, y1 - top);
    for y in y0..y1 {
        let py = y as f32 + 0.5;
        // Along the row each edge's distance is linear in x: where it passes -0.5 bounds the covered pixels, where
        // it passes 0.5 the fully covered ones.
        let (mut lo, mut hi) = (x0 as f32, x1 as f32);
        let (mut full_lo, mut full_hi) = (lo, hi);
        let mut row_empty = false;
        for &(a, n) in edges {
            let at_a = (py - a.1) * n.1;
            if n.0 == 0.0 {
                // Level: the distance is the same all along the row.
                if at_a < -0.5 - 0.05 {
                    row_empty = true;
                }
                if at_a < 0.5 + 0.05 {
                    full_hi = full_lo;
                }
                continue;
            }
            let covered_from = a.0 + (-0.5 - at_a) / n.0;
            let full_from = a.0 + (0.5 - at_a) / n.0;
            if n.0 > 0.0 {
                lo = lo.max(covered_from);
                full_lo = full_lo.max(full_from);
            } else {
                hi = hi.min(covered_from);
                full_hi = full_hi.min(full_from);
            }
        }
        if row_empty || lo >= hi {
            continue;
        }
        // Pixel x's centre is x + 0.5: it is covered when x + 0.5 lies in (lo, hi), fully when in [full_lo, full_hi].
        // The bounds are rounded outwards for the measured pixels and inwards for the painted span, with a fiftieth
        // of a pixel to spare for rounding (the spans only decide which pixels are measured and which painted whole;
        // a measured pixel is exact anyway).
        let first = ((lo - 0.52).floor().max(x0 as f32) as u32).min(x1);
        let end = ((hi - 0.48).ceil().max(0.0) as u32).min(x1).max(first);
        let full_first = ((full_lo - 0.48).ceil().max(first as f32) as u32).min(end);
        let full_end = (((full_hi - 0.52).floor() + 1.0).max(0.0) as u32)
            .min(end)
            .max(full_first);
        let row = y - top;
        let measure = |img: &mut RgbaImage, from: u32, to: u32| {
            for x in from..to {
                let coverage = edge_coverage(edges, x as f32 + 0.5, py);
                if coverage > 0.0 {
                    blend(img, x, row, color, coverage);
                }
            }
        };
        measure(img, first, full_first);
        fill_span(img, row, full_first, full_end, color);
        measure(img, full_end, end);
    }
}

/// How much of the pixel centred at (px, py) a convex polygon covers, from its distance to the nearest edge
/// (`edges` as [`inward_edges`] gives them): 0 outside, 1 half a pixel or more inside, linear between.
fn edge_coverage(edges: &[(Point, Point)], px: f32, py: f32) -> f32 {
    let inside = edges
        .iter()
        .map(|&(a, n)| (px - a.0) * n.0 + (py - a.1) * n.1)
        .fold(f32::MAX, f32::min);
    (inside + 0.5).clamp(0.0, 1.0)
}

/// +1 for a polygon wound one way, -1 for the other (by its signed area).
fn winding(points: &[Point]) -> f32 {
    let n = points.len();
    let area: f32 = (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    if area >= 0.0 { 1.0 } else { -1.0 }
}

/// Each edge of a convex polygon of either winding as a point on it and its inward unit normal (edges of no length
/// left out).
fn inward_edges(points: &[Point]) -> Vec<(Point, Point)> {
    let sign = winding(points);
    (0..points.len())
        .filter_map(|i| {
            let (a, b) = (points[i], points[(i + 1) % points.len()]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = (dx * dx + dy * dy).sqrt();
            (len > 1e-6).then(|| (a, (-dy / len * sign, dx / len * sign)))
        })
        .collect()
}

/// The pixels a polygon may touch, clipped to the image: columns `x0..x1`, rows `y0..y1` of the whole picture
/// (the image holds its rows from [`origin`] down).
fn pixel_bounds(img: &RgbaImage, points: &[Point]) -> (u32, u32, u32, u32) {
    let (min_x, max_x) = points
        .iter()
        .fold((f32::MAX, f32::MIN), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
    let (min_y, max_y) = points
        .iter()
        .fold((f32::MAX, f32::MIN), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
    let top = origin();
    let x0 = (min_x - 1.0).floor().max(0.0) as u32;
    let y0 = ((min_y - 1.0).floor().max(0.0) as u32).max(top);
    let x1 = ((max_x + 1.0).ceil().max(0.0) as u32).min(img.width());
    let y1 = ((max_y + 1.0).ceil().max(0.0) as u32).min(top + img.height());
    (x0.min(x1), x1, y0.min(y1), y1)
}

/// The corners of an axis-aligned rectangle from (x0, y0) to (x1, y1).
pub fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> [Point; 4] {
    [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
}

/// The corners of a square around `center` with half-side `half`.
pub fn square(center: Point, half: f32) -> [Point; 4] {
    rect(center.0 - half, center.1 - half, center.0 + half, center.1 + half)
}

/// Fills a circle. Row by row, only the pixels near the rim are measured; the span inside them is fully covered.
pub fn fill_circle(img: &mut RgbaImage, center: Point, radius: f32, color: Rgba<u8>) {
    // Rows are the whole picture's (see `band`); this image holds them from `top` down.
    let top = origin();
    let x0 = (center.0 - radius - 1.0).floor().max(0.0) as u32;
    let y0 = ((center.1 - radius - 1.0).floor().max(0.0) as u32).max(top);
    let x1 = ((center.0 + radius + 1.0).ceil().max(0.0) as u32).min(img.width());
    let y1 = ((center.1 + radius + 1.0).ceil().max(0.0) as u32).min(top + img.height());
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    touch(x0, x1, y0 - top, y1 - top);
    for y in y0..y1 {
        let dy = y as f32 + 0.5 - center.1;
        // Fully covered where the distance from the centre is at most radius - 0.5; a pixel of margin each side.
        let inner = radius - 0.5;
        let (full_first, full_end) = if inner > 0.0 && dy.abs() < inner {
            let half = (inner * inner - dy * dy).sqrt();
            let first = ((center.0 - half + 0.5).ceil().max(x0 as f32) as u32).min(x1);
            let end = ((center.0 + half - 1.5).floor().max(0.0) as u32).min(x1).max(first);
            (first, end)
        } else {
            (x0, x0)
        };
        let measure = |img: &mut RgbaImage, from: u32, to: u32| {
            for x in from..to {
                let dx = x as f32 + 0.5 - center.0;
                let coverage = (radius - (dx * dx + dy * dy).sqrt() + 0.5).clamp(0.0, 1.0);
                if coverage > 0.0 {
                    blend(img, x, y - top, color, coverage);
                }
            }
        };
        measure(img, x0, full_first);
        fill_span(img, y - top, full_first, full_end, color);
        measure(img, full_end, x1);
    }
}

/// A straight line of the given width, as a thin rectangle.
pub fn line(img: &mut RgbaImage, a: Point, b: Point, width: f32, color: Rgba<u8>) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-6);
    let (nx, ny) = (-dy / len * width / 2.0, dx / len * width / 2.0);
    fill_convex(
        img,
        &[
            (a.0 + nx, a.1 + ny),
            (b.0 + nx, b.1 + ny),
            (b.0 - nx, b.1 - ny),
            (a.0 - nx, a.1 - ny),
        ],
        color,
    );
}

/// A convex polygon with every edge moved outwards by `by` pixels (inwards when negative): corners follow as
/// mitres, so a long thin car grows as much across as along.
pub fn grow(points: &[Point], by: f32) -> Vec<Point> {
    let n = points.len();
    let sign = winding(points);
    let outward = |a: Point, b: Point| {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-6);
        (-dy / len * -sign, dx / len * -sign)
    };
    (0..n)
        .map(|i| {
            let p = points[i];
            let n1 = outward(points[(i + n - 1) % n], p);
            let n2 = outward(p, points[(i + 1) % n]);
            // The mitre: the corner moves along the sum of the two normals, far enough to keep both edges `by` out.
            let k = by / (1.0 + n1.0 * n2.0 + n1.1 * n2.1).max(0.1);
            (p.0 + (n1.0 + n2.0) * k, p.1 + (n1.1 + n2.1) * k)
        })
        .collect()
}

/// A polygon moved by (dx, dy).
pub fn shifted(points: &[Point], dx: f32, dy: f32) -> Vec<Point> {
    points.iter().map(|p| (p.0 + dx, p.1 + dy)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::damage::RECORDING;
    use crate::render::fonts::LABEL;
    use crate::render::glyphs::haloed_text;

    /// Numbers in 0..1 from a seed, the same on every run (a linear congruential generator).
    fn seeded(mut seed: u64) -> impl FnMut() -> f32 {
        move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 40) as f32 / (1u64 << 24) as f32
        }
    }

    /// What `fill_convex` draws, by measuring every pixel of the bounding box (the way it was drawn before spans).
    fn fill_convex_measuring_all(img: &mut RgbaImage, points: &[Point], color: Rgba<u8>) {
        let edges = inward_edges(points);
        let (x0, x1, y0, y1) = pixel_bounds(img, points);
        for y in y0..y1 {
            for x in x0..x1 {
                let coverage = edge_coverage(&edges, x as f32 + 0.5, y as f32 + 0.5);
                if coverage > 0.0 {
                    blend(img, x, y, color, coverage);
                }
            }
        }
    }

    #[test]
    fn filling_by_spans_paints_what_measuring_every_pixel_paints() {
        // Seeded shapes of every kind: thin and thick, level and steep, nearly level, partly or wholly off the
        // picture, opaque and translucent, over a background that is not flat.
        let mut next = seeded(0x2545_f491_4f6c_dd1d);
        let base = RgbaImage::from_fn(120, 90, |x, y| Rgba([(x * 2) as u8, (y * 2) as u8, 200, 255]));
        for shape in 0..3000 {
            let (cx, cy) = (next() * 180.0 - 30.0, next() * 150.0 - 30.0);
            let (along, across) = (next() * 80.0 + 0.2, next() * 20.0 + 0.1);
            let angle = if shape % 5 == 0 {
                next() * 0.002
            } else {
                next() * std::f32::consts::TAU
            };
            let (ux, uy) = (angle.cos(), angle.sin());
            let quad = [
                (cx - ux * along - uy * across, cy - uy * along + ux * across),
                (cx + ux * along - uy * across, cy + uy * along + ux * across),
                (cx + ux * along + uy * across, cy + uy * along - ux * across),
                (cx - ux * along + uy * across, cy - uy * along - ux * across),
            ];
            let color = Rgba([(next() * 255.0) as u8, 40, 90, if shape % 3 == 0 { 90 } else { 255 }]);
            let (mut spans, mut measured) = (base.clone(), base.clone());
            fill_convex(&mut spans, &quad, color);
            fill_convex_measuring_all(&mut measured, &quad, color);
            let worst = spans
                .as_raw()
                .iter()
                .zip(measured.as_raw())
                .map(|(a, b)| a.abs_diff(*b))
                .max()
                .unwrap_or(0);
            assert_eq!(worst, 0, "shape {shape} {quad:?}: channels differ");
        }
    }

    #[test]
    fn every_pixel_drawing_changes_lies_in_a_block_it_recorded() {
        let mut next = seeded(0x5EED);
        let base = RgbaImage::from_fn(300, 200, |x, y| Rgba([(x % 256) as u8, (y % 256) as u8, 200, 255]));
        for round in 0..200 {
            let mut img = base.clone();
            let at = (next() * 340.0 - 20.0, next() * 240.0 - 20.0);
            let ((), damage) = recording(img.width(), img.height(), || match round % 4 {
                0 => fill_convex(&mut img, &square(at, next() * 30.0), Rgba([200, 30, 30, 255])),
                1 => fill_circle(&mut img, at, next() * 25.0, Rgba([30, 30, 200, 120])),
                2 => line(&mut img, at, (at.0 + 60.0, at.1 - 15.0), 3.0, Rgba([0, 0, 0, 255])),
                _ => haloed_text(
                    &mut img,
                    &LABEL,
                    22.0,
                    at,
                    Rgba([0, 0, 0, 255]),
                    Rgba([255; 4]),
                    "Zürich",
                ),
            });
            let mut changed = 0;
            for (x, y, p) in img.enumerate_pixels() {
                if *p != *base.get_pixel(x, y) {
                    changed += 1;
                    assert!(
                        damage.touched(y, (x / Damage::BLOCK) as usize),
                        "round {round}: ({x}, {y}) changed outside what was recorded"
                    );
                }
            }
            // A drawing that changed something recorded something; the touched blocks of a row are listed in order.
            let blocks = img.width().div_ceil(Damage::BLOCK) as usize;
            let mut touched = 0;
            for y in 0..img.height() {
                let listed: Vec<usize> = damage.touched_blocks(y).collect();
                assert_eq!(
                    listed,
                    (0..blocks).filter(|&b| damage.touched(y, b)).collect::<Vec<_>>()
                );
                touched += listed.len();
            }
            assert!(changed == 0 || touched > 0);
        }
        // Recordings nest: the outer one gets its own strokes back, and nothing is recorded after it.
        let mut img = base.clone();
        let ((), outer) = recording(300, 200, || {
            let ((), inner) = recording(300, 200, || {
                fill_circle(&mut img, (250.0, 150.0), 8.0, Rgba([0, 0, 0, 255]))
            });
            assert!(inner.touched(150, 250 / 16) && !inner.touched(20, 20 / 16));
            fill_circle(&mut img, (20.0, 20.0), 8.0, Rgba([0, 0, 0, 255]));
        });
        assert!(outer.touched(20, 20 / 16) && !outer.touched(150, 250 / 16));
        RECORDING.with(|r| assert!(r.borrow().is_none()));
    }

    #[test]
    fn a_band_holds_exactly_the_rows_of_the_whole_picture() {
        let mut next = seeded(0xBA_4D);
        let paper = Rgba([236, 230, 210, 255]);
        let mut whole = RgbaImage::from_pixel(300, 400, paper);
        let mut bands: Vec<(u32, RgbaImage)> = [0, 37, 100, 251, 390]
            .into_iter()
            .map(|top| (top, RgbaImage::from_pixel(300, 50, paper)))
            .collect();
        // Long thin lines at any angle from far above (where moving coordinates by whole rows would round), circles,
        // polygons and haloed text, each drawn on the whole and on every band.
        for round in 0..300 {
            let at = (next() * 340.0 - 20.0, next() * 440.0 - 20.0);
            let to = (next() * 340.0 - 20.0, next() * 440.0 - 20.0);
            let (r, half) = (next() * 30.0, next() * 20.0);
            let stroke = |img: &mut RgbaImage| match round % 4 {
                0 => line(img, at, to, 0.5 + r / 5.0, Rgba([40, 36, 32, 255])),
                1 => fill_circle(img, at, r, Rgba([30, 30, 200, 120])),
                2 => fill_convex(img, &square(at, half), Rgba([200, 30, 30, 200])),
                _ => haloed_text(
                    img,
                    &LABEL,
                    22.0,
                    at,
                    Rgba([0, 0, 0, 255]),
                    Rgba([255; 4]),
                    "Zürich – Łódź",
                ),
            };
            stroke(&mut whole);
            for (top, band_img) in &mut bands {
                band(*top, || stroke(band_img));
            }
        }
        for (top, band_img) in &bands {
            for (x, y, p) in band_img.enumerate_pixels() {
                if top + y < whole.height() {
                    assert_eq!(
                        p,
                        whole.get_pixel(x, top + y),
                        "band from row {top}: ({x}, {})",
                        top + y
                    );
                }
            }
        }
        ORIGIN.with(|o| assert_eq!(o.get(), 0, "the origin is put back"));
    }

    #[test]
    fn a_filled_square_is_solid_inside_and_soft_only_at_its_edge() {
        let mut img = RgbaImage::from_pixel(20, 20, Rgba([255, 255, 255, 255]));
        fill_convex(
            &mut img,
            &[(4.0, 4.0), (14.0, 4.0), (14.0, 14.0), (4.0, 14.0)],
            Rgba([0, 0, 0, 255]),
        );
        assert_eq!(img.get_pixel(9, 9)[0], 0);
        assert_eq!(img.get_pixel(1, 1)[0], 255);
        // A diagonal edge gets intermediate values (anti-aliasing).
        let mut tri = RgbaImage::from_pixel(20, 20, Rgba([255, 255, 255, 255]));
        fill_convex(&mut tri, &[(0.0, 0.0), (20.0, 0.0), (0.0, 20.0)], Rgba([0, 0, 0, 255]));
        let partial = tri.pixels().filter(|p| p[0] > 20 && p[0] < 235).count();
        assert!(partial >= 15, "{partial} edge pixels are blended");
    }
}
