//! Pictures a board was drawn on, kept for the next board (a fresh picture costs its page faults each time).

use std::sync::{Mutex, OnceLock};

use image::RgbaImage;

/// Pictures a board was drawn on, kept for the next board: a fresh 10 MB buffer costs its page faults each time,
/// which with both cores drawing were about a tenth of a board's time. A few at most, of any size.
#[derive(Default)]
pub(super) struct Spares(Vec<RgbaImage>);

/// How many pictures are kept (about 11 MB each for Europe): one per core drawing, on this machine.
const SPARES: usize = 2;

/// The process's kept pictures.
pub(super) fn spares() -> std::sync::MutexGuard<'static, Spares> {
    static SPARES_KEPT: OnceLock<Mutex<Spares>> = OnceLock::new();
    SPARES_KEPT
        .get_or_init(Mutex::default)
        .lock()
        .expect("the spare pictures are never poisoned")
}

impl Spares {
    /// A copy of `base`, in a kept picture of its size when there is one.
    pub(super) fn copy_of(base: &RgbaImage) -> RgbaImage {
        let kept = {
            let mut spares = spares();
            let at = spares.0.iter().position(|p| p.dimensions() == base.dimensions());
            at.map(|i| spares.0.swap_remove(i))
        };
        match kept {
            Some(mut picture) => {
                picture.copy_from_slice(base);
                picture
            }
            None => base.clone(),
        }
    }

    /// Keeps a picture no longer needed, if there is room.
    pub(super) fn give_back(&mut self, picture: RgbaImage) {
        if self.0.len() < SPARES {
            self.0.push(picture);
        }
    }
}
