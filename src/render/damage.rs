//! Which blocks of a picture drawing touched ([`Damage`]), recorded while a picture is drawn on this thread: a
//! picture drawn over a cached base re-encodes only those.

use std::cell::RefCell;

/// Which parts of a picture drawing touched: per row, a bit for each block of [`Damage::BLOCK`] pixels. A block
/// left unmarked holds what it held before the drawing.
pub struct Damage {
    width: u32,
    height: u32,
    words_per_row: usize,
    bits: Vec<u64>,
}

impl Damage {
    /// Pixels per block.
    pub const BLOCK: u32 = 16;

    /// No block touched yet, in a picture of this size.
    pub fn new(width: u32, height: u32) -> Damage {
        let words_per_row = width.div_ceil(Damage::BLOCK).div_ceil(64) as usize;
        Damage {
            width,
            height,
            words_per_row,
            bits: vec![0; words_per_row * height as usize],
        }
    }

    /// The picture size this damage is about.
    pub fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Marks every block meeting columns `x0..x1` of rows `y0..y1` (clipped to the picture).
    fn mark(&mut self, x0: u32, x1: u32, y0: u32, y1: u32) {
        let (x1, y1) = (x1.min(self.width), y1.min(self.height));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let (first, last) = ((x0 / Damage::BLOCK) as usize, ((x1 - 1) / Damage::BLOCK) as usize);
        for row in self
            .bits
            .chunks_exact_mut(self.words_per_row)
            .take(y1 as usize)
            .skip(y0 as usize)
        {
            for block in first..=last {
                row[block / 64] |= 1 << (block % 64);
            }
        }
    }

    /// The columns of block `block` in a picture `width` pixels wide.
    pub fn columns(block: usize, width: usize) -> std::ops::Range<usize> {
        let size = Damage::BLOCK as usize;
        block * size..((block + 1) * size).min(width)
    }

    /// The blocks of row `y` drawing touched, left to right.
    pub fn touched_blocks(&self, y: u32) -> impl Iterator<Item = usize> + '_ {
        let row = &self.bits[y as usize * self.words_per_row..][..self.words_per_row];
        row.iter().enumerate().flat_map(|(i, &word)| {
            let mut left = word;
            std::iter::from_fn(move || {
                (left != 0).then(|| {
                    let bit = left.trailing_zeros() as usize;
                    left &= left - 1;
                    i * 64 + bit
                })
            })
        })
    }

    /// Whether drawing touched block `block` of row `y`.
    #[cfg(test)]
    pub fn touched(&self, y: u32, block: usize) -> bool {
        self.bits[y as usize * self.words_per_row + block / 64] & (1 << (block % 64)) != 0
    }
}

thread_local! {
    /// The damage being recorded on this thread, if any (see [`recording`]).
    pub(super) static RECORDING: RefCell<Option<Damage>> = const { RefCell::new(None) };
}

/// Runs `draw`, recording which blocks of a `width` × `height` picture the drawing primitives (draw.rs, glyphs.rs)
/// touch on this thread meanwhile. Drawing a picture is one thread's synchronous work, so a thread-local sees exactly
/// its strokes; a stroke on another picture drawn meanwhile could only mark too much, which costs time, never a pixel.
pub fn recording<R>(width: u32, height: u32, draw: impl FnOnce() -> R) -> (R, Damage) {
    /// Puts back whatever was recorded before, even if drawing panics.
    struct Restore(Option<Damage>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            RECORDING.with(|r| *r.borrow_mut() = outer);
        }
    }
    let outer = RECORDING.with(|r| r.borrow_mut().replace(Damage::new(width, height)));
    let restore = Restore(outer);
    let drawn = draw();
    let damage = RECORDING
        .with(|r| r.borrow_mut().take())
        .expect("the recording is in place until it is taken");
    drop(restore);
    (drawn, damage)
}

/// Notes that columns `x0..x1` of rows `y0..y1` may have changed, when damage is being recorded.
pub(super) fn touch(x0: u32, x1: u32, y0: u32, y1: u32) {
    RECORDING.with(|r| {
        if let Some(damage) = r.borrow_mut().as_mut() {
            damage.mark(x0, x1, y0, y1);
        }
    });
}
