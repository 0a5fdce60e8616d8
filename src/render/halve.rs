//! Halving a picture: the base layer is drawn at twice the size and halved, so every edge is smooth.

use image::RgbaImage;

/// Halves `big`, averaging each 2×2 block (drawing at twice the size and halving smooths every edge), into `out`
/// from row `top` down, as far as either goes.
pub fn halve_into(big: &RgbaImage, out: &mut RgbaImage, top: u32) {
    let w = (big.width() / 2).min(out.width()) as usize;
    if w == 0 {
        return;
    }
    let stride = big.width() as usize * 4;
    let source = big.as_raw();
    let out_stride = out.width() as usize * 4;
    let rows = out.as_mut().chunks_exact_mut(out_stride).skip(top as usize);
    // Each pair of rows summed first, channel by channel, then each pair of sums: two loops the compiler vectorises.
    let mut sums = vec![0u16; stride];
    for (y, row) in rows.take(big.height() as usize / 2).enumerate() {
        let upper = &source[2 * y * stride..][..stride];
        let lower = &source[(2 * y + 1) * stride..][..stride];
        for ((sum, &a), &b) in sums.iter_mut().zip(upper).zip(lower) {
            *sum = u16::from(a) + u16::from(b);
        }
        for (pixel, pair) in row[..w * 4].chunks_exact_mut(4).zip(sums.chunks_exact(8)) {
            for c in 0..4 {
                pixel[c] = ((pair[c] + pair[4 + c]) / 4) as u8;
            }
        }
    }
}
