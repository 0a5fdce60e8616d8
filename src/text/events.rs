//! What happened, in words: each public event for the channel, each private one for the player it happened to.

use super::catalog::tr;
use super::words::{card_attr, card_name, cards, route, ticket, wild_attr};
use super::{Lang, Names};
use crate::rules::{Event, Map, PrivateEvent, TicketId};

pub(super) fn event(lang: Lang, map: &Map, names: &Names, event: &Event) -> String {
    let wild = map.rules.wild;
    match event {
        Event::GameStarted { first } => tr!(lang, "event-game-started", name = names.of(*first)),
        // Unkept tickets go back under the deck or leave the game, as the map says: name neither.
        Event::TicketsKept { seat, kept, returned } => match returned {
            0 => tr!(lang, "event-tickets-kept", name = names.of(*seat), count = *kept),
            _ => tr!(
                lang,
                "event-tickets-kept-of",
                name = names.of(*seat),
                kept = *kept,
                offered = u16::from(*kept) + u16::from(*returned)
            ),
        },
        Event::DrewBlind { seat } => tr!(lang, "event-drew-blind", name = names.of(*seat)),
        Event::DrewFaceup { seat, card } => tr!(
            lang,
            "event-drew-faceup",
            name = names.of(*seat),
            card = card_attr(lang, map, *card, "noun")
        ),
        Event::FaceupReset => tr!(lang, "event-faceup-reset", wilds = wild_attr(lang, wild, "plural")),
        Event::DeckReshuffled => tr!(lang, "event-deck-reshuffled"),
        Event::Claimed {
            seat,
            route: id,
            points,
            ..
        } => tr!(
            lang,
            "event-claimed",
            name = names.of(*seat),
            route = route(lang, map, *id),
            count = *points
        ),
        Event::TunnelRevealed {
            seat,
            route: id,
            turned,
            extra,
        } => {
            let shown: Vec<String> = turned.iter().map(|&c| card_name(lang, map, c)).collect();
            let shown = if shown.is_empty() {
                tr!(lang, "no-card")
            } else {
                shown.join(", ")
            };
            let (name, route) = (names.of(*seat), route(lang, map, *id));
            match extra {
                0 => tr!(lang, "event-tunnel-free", name = name, route = route, turned = shown),
                n => tr!(
                    lang,
                    "event-tunnel-extra",
                    name = name,
                    route = route,
                    turned = shown,
                    count = *n
                ),
            }
        }
        Event::TunnelDeclined { seat, route: id } => tr!(
            lang,
            "event-tunnel-declined",
            name = names.of(*seat),
            route = route(lang, map, *id)
        ),
        Event::TicketsDrawn { seat, count } => {
            tr!(lang, "event-tickets-drawn", name = names.of(*seat), count = *count)
        }
        Event::StationBuilt {
            seat,
            city,
            cards: paid,
        } => tr!(
            lang,
            "event-station-built",
            name = names.of(*seat),
            city = map.city(*city).name.as_str(),
            cards = cards(lang, map, paid)
        ),
        Event::Passed { seat } => tr!(lang, "event-passed", name = names.of(*seat)),
        Event::Skipped { seat } => tr!(lang, "event-skipped", name = names.of(*seat)),
        Event::FinalRoundStarted { seat } => {
            let pieces = if map.rules.metros > 0 {
                "pieces-mixed"
            } else {
                "pieces-trains"
            };
            tr!(
                lang,
                "event-final-round",
                name = names.of(*seat),
                count = map.rules.end_at,
                pieces = tr!(lang, pieces)
            )
        }
        Event::GameOver => tr!(lang, "event-game-over"),
    }
}

pub(super) fn private_event(lang: Lang, map: &Map, event: &PrivateEvent) -> String {
    let list = |tickets: &[TicketId]| tickets.iter().map(|&t| ticket(map, t)).collect::<Vec<_>>().join(", ");
    match event {
        PrivateEvent::DrewCard { card } => {
            tr!(lang, "private-drew-card", card = card_attr(lang, map, *card, "article"))
        }
        PrivateEvent::TicketsOffered { tickets } => tr!(lang, "private-tickets-offered", tickets = list(tickets)),
        PrivateEvent::TicketsKept { tickets } if tickets.is_empty() => tr!(lang, "private-kept-no-ticket"),
        PrivateEvent::TicketsKept { tickets } => tr!(lang, "private-tickets-kept", tickets = list(tickets)),
    }
}
