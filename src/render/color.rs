//! Colours as the palette code keys and compares them: red, green and blue in one `u32`, and CIELAB, where distances
//! follow what people see.

use std::sync::LazyLock;

/// A colour as a key: red, green and blue in the low three bytes.
pub type Rgb = u32;

/// The key of a pixel (its alpha left out: pictures are opaque).
pub fn rgb_of(pixel: [u8; 4]) -> Rgb {
    u32::from(pixel[0]) | u32::from(pixel[1]) << 8 | u32::from(pixel[2]) << 16
}

/// The red, green and blue of a key.
pub(super) fn channels(rgb: Rgb) -> [u8; 3] {
    [rgb as u8, (rgb >> 8) as u8, (rgb >> 16) as u8]
}

/// sRGB channel values as linear light, for the conversion to CIELAB.
static LINEAR: LazyLock<[f32; 256]> = LazyLock::new(|| {
    std::array::from_fn(|i| {
        let c = i as f32 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    })
});

/// A colour in CIELAB (D65): distances there follow what people see (ΔE 1 is about the smallest difference seen).
pub fn lab(rgb: Rgb) -> [f32; 3] {
    let [r, g, b] = channels(rgb).map(|c| LINEAR[usize::from(c)]);
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f32| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The squared CIELAB distance (ΔE76²) between two colours.
pub fn distance2(a: [f32; 3], b: [f32; 3]) -> f32 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)
}
