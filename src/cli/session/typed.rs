//! What a line typed in `ttrbot play` says past its verb: a page number, or a name followed by the cards to pay.

use crate::rules::CardCounts;
use crate::rules::Map;
use crate::rules::names::NameError;
use crate::text::catalog::tr;
use crate::text::{self, Lang};

/// The page number of `history`, if one was typed.
pub(super) fn parse_page(rest: &str, lang: Lang) -> Result<Option<usize>, String> {
    if rest.is_empty() {
        return Ok(None);
    }
    rest.parse::<usize>()
        .ok()
        .filter(|&p| p >= 1)
        .map(Some)
        .ok_or_else(|| tr!(lang, "play-which-page"))
}

/// Splits "Denver - Omaha 3 red + 1 locomotive" into what `name` reads and the cards after it: the whole text is
/// tried as a name first, then ever shorter starts with the rest read as cards. The error is the whole text's.
pub(super) fn split_payment<T>(
    lang: Lang,
    map: &Map,
    typed: &str,
    name: impl Fn(&str) -> Result<T, NameError>,
) -> Result<(T, Option<CardCounts>), NameError>
where
    T: Clone,
{
    let whole = name(typed);
    if let Ok(found) = whole {
        return Ok((found, None));
    }
    let cuts: Vec<usize> = typed.match_indices(char::is_whitespace).map(|(at, _)| at).collect();
    for &at in cuts.iter().rev() {
        let (head, tail) = (typed[..at].trim(), typed[at..].trim());
        if head.is_empty() || tail.is_empty() {
            continue;
        }
        if let (Ok(found), Some(cards)) = (name(head), text::parse_cards(lang, map, tail).ok()) {
            return Ok((found, Some(cards)));
        }
    }
    whole.map(|found| (found, None))
}
