//! The words everything else is told with, in any language: cards and colours, routes, tickets, lists and
//! purchases. Each names its message in the catalog and fills the placeholders; the words, plurals and word order
//! are the catalog's (`locales/<lang>/text.ftl`).

use super::catalog::tr;
use super::{Lang, Purchase};
use crate::rules::{Card, CardCounts, Color, Map, RouteId, RouteKind, Step, TicketId, WildName};

/// The catalog key of a card kind: `card-red`, `card-locomotive`, … (attributes: `.count`, `.noun`, `.article`,
/// `.kind`).
fn card_key(map: &Map, card: Card) -> String {
    match card.color() {
        Some(c) => format!("card-{}", c.name()),
        None => wild_key(map.rules.wild),
    }
}

pub(super) fn wild_key(wild: WildName) -> String {
    format!("card-{}", wild.name())
}

/// The card of this map that `word` names in `lang`: its short name ("roja"), its colour ("rojo") or its plural
/// ("rojas"), accents and case forgiven.
pub(super) fn card_named(lang: Lang, map: &Map, word: &str) -> Option<Card> {
    let key = crate::rules::map::fold(word);
    if key.is_empty() {
        return None;
    }
    (0..crate::rules::cards::CARD_KINDS)
        .filter_map(Card::from_index)
        .filter(|c| c.color().is_none_or(|color| map.rules.deck_colors.contains(&color)))
        .find(|&card| {
            let plural = tr!(lang, &format!("{}.count", card_key(map, card)), count = 2);
            let mut names = vec![card_name(lang, map, card), plural.trim_start_matches("2 ").to_string()];
            if let Some(color) = card.color() {
                names.push(color_name(lang, Some(color)));
            }
            names.iter().any(|name| crate::rules::map::fold(name) == key)
        })
}

/// A card's short name: "red", "locomotive".
pub(super) fn card_name(lang: Lang, map: &Map, card: Card) -> String {
    tr!(lang, &card_key(map, card))
}

pub(super) fn card_attr(lang: Lang, map: &Map, card: Card, attribute: &str) -> String {
    tr!(lang, &format!("{}.{attribute}", card_key(map, card)))
}

pub(super) fn wild_attr(lang: Lang, wild: WildName, attribute: &str) -> String {
    tr!(lang, &format!("{}.{attribute}", wild_key(wild)))
}

/// A route's colour: "red", or "gray" for a route any one colour pays.
pub(super) fn color_name(lang: Lang, color: Option<Color>) -> String {
    tr!(lang, &format!("color-{}", color.map_or("gray", |c| c.name())))
}

/// The kind of card of a colour, as "… cards" says it ("red").
pub(super) fn color_kind(lang: Lang, color: Color) -> String {
    tr!(lang, &format!("card-{}.kind", color.name()))
}

pub(super) fn route(lang: Lang, map: &Map, id: RouteId) -> String {
    let r = map.route(id);
    let (a, b) = (map.city(r.a).name.as_str(), map.city(r.b).name.as_str());
    match r.kind {
        RouteKind::Metro => {
            let key = format!("card-{}.count", r.color.map_or("gray", |c| c.name()));
            tr!(
                lang,
                "route-metro",
                a = a,
                b = b,
                cost = tr!(lang, &key, count = r.cost)
            )
        }
        _ => tr!(
            lang,
            "route",
            a = a,
            b = b,
            len = r.len,
            color = color_name(lang, r.color)
        ),
    }
}

pub(super) fn ticket(map: &Map, id: TicketId) -> String {
    map.ticket_label(id)
}

pub(super) fn cards(lang: Lang, map: &Map, cards: &CardCounts) -> String {
    if cards.total() == 0 {
        return tr!(lang, "no-cards");
    }
    // The one written form of cards that players and clients read: "3 red, 1 locomotive" (a count and a name).
    cards
        .iter()
        .map(|(card, n)| tr!(lang, &format!("{}.count", card_key(map, card)), count = n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "A", "A and B", "A, B and C" (`list` = `list-and`), or with "or".
pub(super) fn listed(lang: Lang, items: &[String], list: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => tr!(lang, list, first = rest.join(", "), last = last),
    }
}

pub(super) fn and_list(lang: Lang, items: &[String]) -> String {
    listed(lang, items, "list-and")
}

pub(super) fn cannot_pay(lang: Lang, map: &Map, purchase: Purchase, step: &Step) -> String {
    tr!(lang, "cannot-pay", what = purchase_name(lang, map, purchase, step))
}

pub(super) fn purchase_name(lang: Lang, map: &Map, purchase: Purchase, step: &Step) -> String {
    match (purchase, step) {
        (Purchase::Route(id), _) => route(lang, map, id),
        (Purchase::Station(city), _) => tr!(lang, "purchase-station", city = map.city(city).name.as_str()),
        (Purchase::Tunnel, Step::Tunnel(claim)) => {
            tr!(
                lang,
                "purchase-tunnel-extra",
                count = claim.extra,
                route = route(lang, map, claim.route)
            )
        }
        (Purchase::Tunnel, _) => tr!(lang, "purchase-tunnel"),
    }
}
