//! Names as a map file gives them: how long they may be, which characters nobody sees, and how problems quote them.

use crate::map_report::{MapProblem, Named};
use crate::rules::names::excerpt;

/// Most characters of a city's, a country's or a map's name, spaces at its ends aside: a label on the board, a line
/// of an autocomplete, a word in a sentence.
pub const LONGEST_PLACE_NAME: usize = 40;

/// Why `name` cannot name a place or a map, if it cannot: longer than [`LONGEST_PLACE_NAME`], or holding a character
/// nobody sees (a control character, a zero-width one, a direction override), which would let two names that read
/// alike differ, or a name's letters show in another order than they are typed.
pub(super) fn unfit_name(what: Named, name: &str) -> Option<MapProblem> {
    let chars = name.trim().chars().count();
    if chars > LONGEST_PLACE_NAME {
        return Some(MapProblem::LongName {
            what,
            name: shown(name),
            chars,
            most: LONGEST_PLACE_NAME,
        });
    }
    let hidden = name.chars().find(|&c| invisible(c))?;
    Some(MapProblem::InvisibleCharacter {
        what,
        name: shown(name),
        code: u32::from(hidden),
    })
}

/// Whether a character shows nothing by itself: a control character, or one of Unicode's format characters that
/// join, break or reorder text without a glyph (soft hyphen, zero-width spaces and joiners, direction marks and
/// overrides, word joiners, the byte-order mark, interlinear annotation marks).
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// `name` without its invisible characters, to quote it in a problem on one line.
fn visible(name: &str) -> String {
    name.chars().filter(|&c| !invisible(c)).collect()
}

/// Text of the file as a problem quotes it: without invisible characters (so on one line, in its order), and cut to
/// an excerpt.
pub(super) fn shown(text: &str) -> String {
    excerpt(&visible(text))
}
