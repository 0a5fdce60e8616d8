//! How different two pictures look: CIELAB ΔE per pixel (its mean and percentiles) and SSIM on lightness, at full
//! size and shrunk to the width a chat shows. Used by the render tests and the render benchmark.

use image::RgbaImage;
use image::imageops::{self, FilterType};

/// How much a picture differs from a reference.
#[derive(Debug)]
pub struct Difference {
    /// Mean ΔE (CIE76) over all pixels.
    pub mean: f64,
    /// 99th percentile of ΔE.
    pub p99: f64,
    /// Largest ΔE.
    pub max: f64,
    /// Mean SSIM of lightness over 8×8 windows every 4 pixels (1 is identical).
    pub ssim: f64,
}

fn lab(p: [u8; 3]) -> [f64; 3] {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b] = p.map(linear);
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
}

/// How `picture` differs from `reference` (same size).
pub fn difference(reference: &RgbaImage, picture: &RgbaImage) -> Difference {
    assert_eq!(reference.dimensions(), picture.dimensions());
    let mut cache = std::collections::HashMap::new();
    let mut lab_of = |p: &image::Rgba<u8>| {
        *cache
            .entry([p[0], p[1], p[2]])
            .or_insert_with(|| lab([p[0], p[1], p[2]]))
    };
    let mut deltas: Vec<f64> = reference
        .pixels()
        .zip(picture.pixels())
        .map(|(a, b)| {
            if a.0[..3] == b.0[..3] {
                return 0.0;
            }
            let (a, b) = (lab_of(a), lab_of(b));
            ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
        })
        .collect();
    let mean = deltas.iter().sum::<f64>() / deltas.len() as f64;
    deltas.sort_by(f64::total_cmp);
    let p99 = deltas[(deltas.len() - 1) * 99 / 100];
    let max = *deltas.last().expect("a picture has pixels");
    Difference {
        mean,
        p99,
        max,
        ssim: ssim(reference, picture),
    }
}

/// Both pictures shrunk to `width` (as a chat shows them), then compared.
pub fn difference_at_width(reference: &RgbaImage, picture: &RgbaImage, width: u32) -> Difference {
    let height = reference.height() * width / reference.width();
    let shrink = |img: &RgbaImage| imageops::resize(img, width, height, FilterType::Triangle);
    difference(&shrink(reference), &shrink(picture))
}

fn ssim(a: &RgbaImage, b: &RgbaImage) -> f64 {
    let luma = |img: &RgbaImage| -> Vec<f64> {
        img.pixels()
            .map(|p| 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2]))
            .collect()
    };
    let (la, lb) = (luma(a), luma(b));
    let (w, h) = (a.width() as usize, a.height() as usize);
    let (c1, c2) = ((0.01f64 * 255.0).powi(2), (0.03f64 * 255.0).powi(2));
    let (mut total, mut windows) = (0.0, 0usize);
    for y in (0..h.saturating_sub(8)).step_by(4) {
        for x in (0..w.saturating_sub(8)).step_by(4) {
            let (mut sa, mut sb, mut saa, mut sbb, mut sab) = (0.0, 0.0, 0.0, 0.0, 0.0);
            for dy in 0..8 {
                for dx in 0..8 {
                    let (p, q) = (la[(y + dy) * w + x + dx], lb[(y + dy) * w + x + dx]);
                    sa += p;
                    sb += q;
                    saa += p * p;
                    sbb += q * q;
                    sab += p * q;
                }
            }
            let n = 64.0;
            let (ma, mb) = (sa / n, sb / n);
            let (va, vb, cov) = (saa / n - ma * ma, sbb / n - mb * mb, sab / n - ma * mb);
            total += ((2.0 * ma * mb + c1) * (2.0 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
            windows += 1;
        }
    }
    total / windows as f64
}

/// The full-colour PNG a board was encoded as before palettes (RGB, image's fast compressor, adaptive filters),
/// for comparing sizes.
pub fn full_colour_png(img: &RgbaImage) -> Vec<u8> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let rgb: Vec<u8> = img.pixels().flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(&rgb, img.width(), img.height(), image::ExtendedColorType::Rgb8)
        .expect("encoding to memory does not fail");
    out
}
