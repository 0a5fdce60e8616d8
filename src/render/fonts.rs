//! The fonts, built into the binary from `fonts/` (DejaVu, licence in `fonts/DejaVu-LICENSE.txt`).

use std::sync::LazyLock;

use ab_glyph::FontRef;

/// Condensed bold, for city labels and headings: compact, legible, with every accented letter of the maps.
pub static LABEL: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../fonts/DejaVuSansCondensed-Bold.ttf"))
        .expect("the bundled font parses")
});

/// Regular, for the panel's details.
pub static TEXT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../fonts/DejaVuSans.ttf")).expect("the bundled font parses")
});
