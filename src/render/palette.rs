//! Pictures as indexed PNGs: a palette of at most 256 colours chosen from the colours a picture uses (the median cut
//! of `median_cut.rs`, in CIELAB), each pixel mapped to its nearest palette colour, and the 8-bit indices encoded
//! (by `png.rs`). A board has a few dozen colours and their anti-aliasing, so a chosen palette looks the same to a
//! player at a quarter of the bytes of full colour.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::RwLock;

use image::RgbaImage;

use super::color::lab;
pub use super::color::{Rgb, rgb_of};
use super::draw::Damage;
use super::median_cut::{Entry, cut_colours};
pub use super::png::encode;

/// A hasher for colour keys: one multiplication, folded so that the bucket bits depend on every channel (the
/// standard hasher was most of the time of counting a picture's colours).
#[derive(Default)]
pub struct ColorHasher(u64);

impl Hasher for ColorHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(u32::from(b) ^ (self.0 as u32));
        }
    }

    fn write_u32(&mut self, n: u32) {
        let h = u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map keyed by colour.
pub type ColorMap<V> = HashMap<Rgb, V, BuildHasherDefault<ColorHasher>>;

/// A colour → palette index table with open addressing: the lookup done for every changed pixel of every board,
/// a few times faster than a general map.
#[derive(Clone)]
struct ColorTable {
    /// Colours (`EMPTY` where none), at their hash's slot or the next free one after it.
    keys: Vec<Rgb>,
    indices: Vec<u8>,
    len: usize,
    /// log2 of the number of slots.
    bits: u32,
}

/// No colour: colours use the low 24 bits only.
const EMPTY: Rgb = u32::MAX;

impl ColorTable {
    fn new() -> ColorTable {
        ColorTable {
            keys: vec![EMPTY; 1 << 10],
            indices: vec![0; 1 << 10],
            len: 0,
            bits: 10,
        }
    }

    fn slot(&self, rgb: Rgb) -> usize {
        (rgb.wrapping_mul(0x9E37_79B1) >> (32 - self.bits)) as usize
    }

    fn get(&self, rgb: Rgb) -> Option<u8> {
        let mask = self.keys.len() - 1;
        let mut at = self.slot(rgb);
        loop {
            match self.keys[at] {
                k if k == rgb => return Some(self.indices[at]),
                EMPTY => return None,
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// Adds a colour (kept at most half full, so a search ends soon).
    fn insert(&mut self, rgb: Rgb, index: u8) {
        if (self.len + 1) * 2 > self.keys.len() {
            let old = std::mem::replace(
                self,
                ColorTable {
                    keys: vec![EMPTY; 1 << (self.bits + 1)],
                    indices: vec![0; 1 << (self.bits + 1)],
                    len: 0,
                    bits: self.bits + 1,
                },
            );
            for (k, i) in old.keys.into_iter().zip(old.indices) {
                if k != EMPTY {
                    self.insert(k, i);
                }
            }
        }
        let mask = self.keys.len() - 1;
        let mut at = self.slot(rgb);
        while self.keys[at] != EMPTY && self.keys[at] != rgb {
            at = (at + 1) & mask;
        }
        if self.keys[at] == EMPTY {
            self.len += 1;
        }
        self.keys[at] = rgb;
        self.indices[at] = index;
    }
}

/// How many pixels of each colour a picture has.
pub fn histogram(img: &RgbaImage) -> ColorMap<u32> {
    count_runs(std::iter::once(&img.as_raw()[..]))
}

/// How many pixels of each colour `img` has where it differs from `base`, a picture of the same size it was drawn
/// over while `damage` was recorded (only the blocks it marks are read): the colours the drawing added.
pub fn histogram_added(img: &RgbaImage, base: &RgbaImage, damage: &Damage) -> ColorMap<u32> {
    if damage.dimensions() != img.dimensions() || base.dimensions() != img.dimensions() {
        return histogram(img);
    }
    let width = img.width() as usize;
    let rows = img
        .as_raw()
        .chunks_exact(width * 4)
        .zip(base.as_raw().chunks_exact(width * 4))
        .enumerate();
    count_runs(rows.flat_map(|(y, (row, was))| {
        damage.touched_blocks(y as u32).flat_map(move |block| {
            let columns = Damage::columns(block, width);
            let (now, was) = (
                &row[columns.start * 4..columns.end * 4],
                &was[columns.start * 4..columns.end * 4],
            );
            now.chunks_exact(4)
                .zip(was.chunks_exact(4))
                .filter(|(now, was)| key(now) != key(was))
                .map(|(now, _)| now)
        })
    }))
}

/// Counts the colours of runs of pixels.
fn count_runs<'a>(runs: impl Iterator<Item = &'a [u8]>) -> ColorMap<u32> {
    let mut counts = ColorMap::default();
    // Runs of one colour are counted before they reach the map: a picture is mostly flat areas.
    let mut run: (Rgb, u32) = (u32::MAX, 0);
    for pixel in runs.flat_map(|r| r.chunks_exact(4)) {
        let rgb = rgb_of([pixel[0], pixel[1], pixel[2], 255]);
        if rgb == run.0 {
            run.1 += 1;
        } else {
            if run.1 > 0 {
                *counts.entry(run.0).or_insert(0) += run.1;
            }
            run = (rgb, 1);
        }
    }
    if run.1 > 0 {
        *counts.entry(run.0).or_insert(0) += run.1;
    }
    counts
}

/// At most 256 colours a picture is drawn with, and a memory of which one stands for each colour met so far.
pub struct Palette {
    colors: Vec<Rgb>,
    labs: Vec<[f32; 3]>,
    /// The CIELAB coordinates again, one array per axis (padded far away), for a search the compiler vectorises.
    axes: [[f32; 256]; 3],
    /// Colours already mapped. Their index is a pure function of the colour, so sharing it between pictures (and
    /// threads) never changes a picture's bytes; it only spares the search.
    known: RwLock<ColorTable>,
}

/// Past this many remembered colours the memory stops growing (a board meets a few tens of thousands).
const KNOWN_MAX: usize = 1 << 18;

impl Palette {
    /// The palette for colours counted in `counts`: the colours themselves when there are at most 256, otherwise
    /// 256 chosen by median cut.
    pub fn for_counts(counts: &ColorMap<u32>) -> Palette {
        Palette::for_counts_keeping(counts, &[])
    }

    /// As [`Palette::for_counts`], with every colour of `keep` in the palette exactly (the first 128 of them at
    /// most), and the rest of the 256 chosen among the other colours.
    pub fn for_counts_keeping(counts: &ColorMap<u32>, keep: &[Rgb]) -> Palette {
        let mut kept: Vec<Rgb> = keep.to_vec();
        kept.sort_unstable();
        kept.dedup();
        kept.truncate(128);
        let mut entries: Vec<Entry> = counts
            .iter()
            .filter(|(rgb, _)| kept.binary_search(rgb).is_err())
            .map(|(&rgb, &count)| Entry {
                lab: lab(rgb),
                rgb,
                weight: f64::from(count),
            })
            .collect();
        // A fixed order first: the map's iteration order must not reach the palette.
        entries.sort_unstable_by_key(|e| e.rgb);
        let room = 256 - kept.len();
        let mut colors = kept;
        if entries.len() <= room {
            colors.extend(entries.iter().map(|e| e.rgb));
        } else {
            colors.extend(cut_colours(&mut entries, room));
        }
        if colors.is_empty() {
            // A picture of no pixels: any one colour.
            colors.push(0);
        }
        Palette::of(colors)
    }

    /// A palette of these colours, in this order.
    pub fn of(colors: Vec<Rgb>) -> Palette {
        assert!(
            !colors.is_empty() && colors.len() <= 256,
            "a palette has 1 to 256 colours"
        );
        let labs: Vec<[f32; 3]> = colors.iter().map(|&c| lab(c)).collect();
        let mut axes = [[1e6f32; 256]; 3];
        for (i, l) in labs.iter().enumerate() {
            for (axis, &v) in axes.iter_mut().zip(l) {
                axis[i] = v;
            }
        }
        let mut known = ColorTable::new();
        for (i, &c) in colors.iter().enumerate().rev() {
            // The first of equal colours, as the search finds it: inserted last, it wins.
            known.insert(c, i as u8);
        }
        Palette {
            colors,
            labs,
            axes,
            known: RwLock::new(known),
        }
    }

    /// The palette's colours, in index order.
    pub fn colors(&self) -> &[Rgb] {
        &self.colors
    }

    /// The index of the palette colour nearest to `rgb` (the first of equals).
    fn search(&self, rgb: Rgb) -> u8 {
        let target = lab(rgb);
        // All distances first, in a loop the compiler vectorises; then the first smallest.
        let mut distances = [0f32; 256];
        for (i, d) in distances.iter_mut().enumerate() {
            let (dl, da, db) = (
                self.axes[0][i] - target[0],
                self.axes[1][i] - target[1],
                self.axes[2][i] - target[2],
            );
            *d = dl * dl + da * da + db * db;
        }
        let mut best = (f32::MAX, 0);
        for (i, &d) in distances.iter().enumerate().take(self.labs.len()) {
            if d < best.0 {
                best = (d, i);
            }
        }
        best.1 as u8
    }

    /// The index of the palette colour nearest to `rgb`.
    #[cfg(test)]
    pub fn index(&self, rgb: Rgb) -> u8 {
        if let Some(i) = self
            .known
            .read()
            .expect("the palette's memory is never poisoned")
            .get(rgb)
        {
            return i;
        }
        let i = self.search(rgb);
        self.remember(&[(rgb, i)]);
        i
    }

    fn remember(&self, found: &[(Rgb, u8)]) {
        if found.is_empty() {
            return;
        }
        let mut known = self.known.write().expect("the palette's memory is never poisoned");
        for &(rgb, i) in found {
            if known.len >= KNOWN_MAX {
                break;
            }
            known.insert(rgb, i);
        }
    }

    /// Each pixel's palette index, row after row. `base`, when given, is a picture of the same size whose pixels'
    /// indices are already known: a pixel equal to its base pixel takes the base's index without a lookup.
    #[cfg(test)]
    pub fn indices(&self, img: &RgbaImage, base: Option<(&RgbaImage, &[u8])>) -> Vec<u8> {
        self.rows(img, base, None, 0)
    }

    /// The indices as a PNG's image data: each row led by its filter byte, 0 (none). `base` as for
    /// [`Palette::indices`], its indices in this layout too.
    pub fn scanlines(&self, img: &RgbaImage, base: Option<(&RgbaImage, &[u8])>) -> Vec<u8> {
        self.rows(img, base, None, 1)
    }

    /// [`Palette::scanlines`] of a picture drawn over `base` whose strokes were recorded in `damage`: the blocks no
    /// stroke touched take the base's indices without being read.
    pub fn scanlines_over(&self, img: &RgbaImage, base: (&RgbaImage, &[u8]), damage: &Damage) -> Vec<u8> {
        let damage = (damage.dimensions() == img.dimensions()).then_some(damage);
        self.rows(img, Some(base), damage, 1)
    }

    /// The indices, each row led by `lead` zero bytes (and `base`'s indices laid out the same way); with `damage`,
    /// only the blocks it marks are read.
    fn rows(
        &self,
        img: &RgbaImage,
        base: Option<(&RgbaImage, &[u8])>,
        damage: Option<&Damage>,
        lead: usize,
    ) -> Vec<u8> {
        let width = img.width() as usize;
        let stride = width + lead;
        let size = stride * img.height() as usize;
        let mut out = vec![0u8; size];
        if width == 0 {
            return out;
        }
        let mut found: ColorMap<u8> = ColorMap::default();
        {
            let known = self.known.read().expect("the palette's memory is never poisoned");
            // The shared table is large (a map meets tens of thousands of colours), so a lookup there often misses
            // the processor's cache; a picture's changed pixels repeat a few thousand colours (a car's edges over the
            // same paper), which a small direct-mapped table of this picture's answers keeps close.
            const RECENT: usize = 1 << 12;
            let mut recent = vec![(EMPTY, 0u8); RECENT];
            let mut lookup = |rgb: Rgb| -> u8 {
                let slot = (rgb.wrapping_mul(0x9E37_79B1) >> 20) as usize % RECENT;
                if recent[slot].0 == rgb {
                    return recent[slot].1;
                }
                let i = match known.get(rgb) {
                    Some(i) => i,
                    None => *found.entry(rgb).or_insert_with(|| self.search(rgb)),
                };
                recent[slot] = (rgb, i);
                i
            };
            // Pixels come in runs of one colour: the last answer is checked here, in the loop, before the lookup.
            let mut last: (Rgb, u8) = (EMPTY, 0);
            let mut index_of = |p: &[u8]| {
                let rgb = key(p);
                if rgb != last.0 {
                    last = (rgb, lookup(rgb));
                }
                last.1
            };
            let pixels = img.as_raw().chunks_exact(width * 4);
            match base {
                Some((base, base_indices)) if base.dimensions() == img.dimensions() && base_indices.len() == size => {
                    // Most of a board is its base: its indices are the start, and only blocks of 16 pixels that a
                    // stroke touched (every block, without a record of strokes) and that differ from the base's are
                    // looked at pixel by pixel.
                    out.copy_from_slice(base_indices);
                    const BLOCK: usize = Damage::BLOCK as usize;
                    let every_block: Vec<usize> = (0..width.div_ceil(BLOCK)).collect();
                    let rows = out
                        .chunks_exact_mut(stride)
                        .zip(pixels.zip(base.as_raw().chunks_exact(width * 4)));
                    for (y, (out, (now, was))) in rows.enumerate() {
                        let out = &mut out[lead..];
                        let mut look = |block: usize| {
                            let std::ops::Range { start: x0, end: x1 } = Damage::columns(block, width);
                            let (now, was) = (&now[x0 * 4..x1 * 4], &was[x0 * 4..x1 * 4]);
                            if same_bytes(now, was) {
                                return;
                            }
                            for ((out, now), was) in
                                out[x0..x1].iter_mut().zip(now.chunks_exact(4)).zip(was.chunks_exact(4))
                            {
                                if key(now) != key(was) {
                                    *out = index_of(now);
                                }
                            }
                        };
                        match damage {
                            Some(damage) => damage.touched_blocks(y as u32).for_each(&mut look),
                            None => every_block.iter().for_each(|&block| look(block)),
                        }
                    }
                }
                _ => {
                    for (out, now) in out.chunks_exact_mut(stride).zip(pixels) {
                        for (out, p) in out[lead..].iter_mut().zip(now.chunks_exact(4)) {
                            *out = index_of(p);
                        }
                    }
                }
            }
        }
        let mut found: Vec<(Rgb, u8)> = found.into_iter().collect();
        found.sort_unstable();
        self.remember(&found);
        out
    }

    /// The picture as an indexed PNG with this palette (`base` as for [`Palette::scanlines`]).
    pub fn png(&self, img: &RgbaImage, base: Option<(&RgbaImage, &[u8])>) -> Vec<u8> {
        encode(img.width(), img.height(), &self.colors, &self.scanlines(img, base))
    }
}

/// A pixel's colour as a key (its alpha left out).
fn key(pixel: &[u8]) -> Rgb {
    rgb_of([pixel[0], pixel[1], pixel[2], 0])
}

/// Whether two short runs of pixels are equal, eight bytes at a time (a loop the compiler unrolls, where a slice
/// comparison calls `memcmp` for every block).
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let word = |w: &[u8]| u64::from_le_bytes(w.try_into().expect("eight bytes"));
    a.len() == b.len()
        && a.chunks_exact(8)
            .zip(b.chunks_exact(8))
            .fold(0, |diff, (x, y)| diff | (word(x) ^ word(y)))
            == 0
        && a.chunks_exact(8).remainder() == b.chunks_exact(8).remainder()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::color::distance2;
    use image::Rgba;

    #[test]
    fn a_picture_of_few_colours_keeps_every_one_exactly() {
        let mut img = RgbaImage::from_pixel(30, 20, Rgba([236, 230, 210, 255]));
        for x in 0..30 {
            img.put_pixel(x, 5, Rgba([40, 36, 32, 255]));
            img.put_pixel(x, 6, Rgba([138, 133, 121, 255]));
        }
        let palette = Palette::for_counts(&histogram(&img));
        assert_eq!(palette.colors().len(), 3);
        let indices = palette.indices(&img, None);
        for (i, p) in img.pixels().enumerate() {
            assert_eq!(palette.colors()[usize::from(indices[i])], rgb_of(p.0));
        }
    }

    #[test]
    fn many_colours_become_256_and_the_common_ones_stay_exact() {
        // A flat background, a flat red, and a smooth ramp of 1,000 colours between them.
        let mut img = RgbaImage::from_pixel(1000, 40, Rgba([236, 230, 210, 255]));
        for x in 0..1000u32 {
            let t = x as f32 / 999.0;
            let mix = |a: f32, b: f32| (a + (b - a) * t).round() as u8;
            img.put_pixel(x, 0, Rgba([mix(0.0, 255.0), mix(30.0, 60.0), mix(200.0, 10.0), 255]));
        }
        for y in 20..40 {
            for x in 0..500 {
                img.put_pixel(x, y, Rgba([206, 42, 42, 255]));
            }
        }
        let palette = Palette::for_counts(&histogram(&img));
        assert!(palette.colors().len() <= 256);
        assert!(palette.colors().contains(&rgb_of([236, 230, 210, 255])));
        assert!(palette.colors().contains(&rgb_of([206, 42, 42, 255])));
        // The ramp's colours are each near one of the palette's.
        for x in 0..1000 {
            let p = rgb_of(img.get_pixel(x, 0).0);
            let q = palette.colors()[usize::from(palette.index(p))];
            assert!(distance2(lab(p), lab(q)).sqrt() < 3.0, "{p:06x} drawn as {q:06x}");
        }
    }

    #[test]
    fn the_indices_with_a_base_are_the_indices_without() {
        let base = RgbaImage::from_fn(64, 64, |x, y| Rgba([(x * 4) as u8, (y * 4) as u8, 90, 255]));
        let mut img = base.clone();
        for x in 10..30 {
            img.put_pixel(x, 12, Rgba([255, 214, 0, 255]));
        }
        let palette = Palette::for_counts(&histogram(&base));
        let base_indices = palette.indices(&base, None);
        assert_eq!(
            palette.indices(&img, Some((&base, &base_indices))),
            palette.indices(&img, None)
        );
    }

    #[test]
    fn the_png_decodes_to_the_palette_colours() {
        let img = RgbaImage::from_fn(50, 30, |x, y| Rgba([(x * 5) as u8, (y * 8) as u8, 128, 255]));
        let palette = Palette::for_counts(&histogram(&img));
        let png = palette.png(&img, None);
        let back = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(back.dimensions(), (50, 30));
        let indices = palette.indices(&img, None);
        for (i, p) in back.pixels().enumerate() {
            assert_eq!(
                rgb_of([p[0], p[1], p[2], 255]),
                palette.colors()[usize::from(indices[i])]
            );
        }
    }
}
