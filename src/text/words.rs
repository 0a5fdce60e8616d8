//! The sentences themselves, in any language: each names its message in the catalog and fills the placeholders;
//! the words, plurals and word order are the catalog's (`locales/<lang>/text.ftl`).

use super::catalog::tr;
use super::{FinalBoard, Lang, Names, Purchase};
use crate::refusal::Refusal;
use crate::rules::names::NameError;
use crate::rules::view::FinalResult;
use crate::rules::{
    Card, CardCounts, Color, Event, Map, PrivateEvent, PublicView, RouteId, RouteKind, RuleError, Seat, SeatView, Step,
    TicketId, WildName,
};

/// The catalog key of a card kind: `card-red`, `card-locomotive`, … (attributes: `.count`, `.noun`, `.article`,
/// `.kind`).
fn card_key(map: &Map, card: Card) -> String {
    match card.color() {
        Some(c) => format!("card-{}", c.name()),
        None => wild_key(map.rules.wild),
    }
}

fn wild_key(wild: WildName) -> String {
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

fn card_attr(lang: Lang, map: &Map, card: Card, attribute: &str) -> String {
    tr!(lang, &format!("{}.{attribute}", card_key(map, card)))
}

pub(super) fn wild_attr(lang: Lang, wild: WildName, attribute: &str) -> String {
    tr!(lang, &format!("{}.{attribute}", wild_key(wild)))
}

/// A route's colour: "red", or "gray" for a route any one colour pays.
fn color_name(lang: Lang, color: Option<Color>) -> String {
    tr!(lang, &format!("color-{}", color.map_or("gray", |c| c.name())))
}

/// The kind of card of a colour, as "… cards" says it ("red").
fn color_kind(lang: Lang, color: Color) -> String {
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

pub(super) fn rule_error(lang: Lang, map: &Map, error: &RuleError) -> String {
    match error {
        RuleError::GameOver => tr!(lang, "error-game-over"),
        RuleError::NoSuchSeat => tr!(lang, "error-no-such-seat"),
        RuleError::NotYourTurn => tr!(lang, "error-not-your-turn"),
        RuleError::DecisionPending(step) => match step {
            Step::StartingTickets => tr!(lang, "error-pending-starting-tickets"),
            Step::SecondCard => tr!(lang, "error-pending-second-card"),
            Step::KeepTickets => tr!(lang, "error-pending-keep-tickets"),
            Step::Tunnel(_) => tr!(lang, "error-pending-tunnel"),
            Step::Turn => tr!(lang, "error-nothing-to-answer"),
            Step::Over => tr!(lang, "error-game-over"),
        },
        RuleError::NothingToAnswer => tr!(lang, "error-nothing-to-answer"),
        RuleError::AlreadyChoseTickets => tr!(lang, "error-already-chose-tickets"),
        RuleError::NoSuchSlot => tr!(lang, "error-no-such-slot"),
        RuleError::EmptySlot => tr!(lang, "error-empty-slot"),
        RuleError::WildAsSecondCard(wild) => {
            tr!(lang, "error-wild-as-second-card", wild = wild_attr(lang, *wild, "noun"))
        }
        RuleError::DeckEmpty => tr!(lang, "error-deck-empty"),
        RuleError::NoSuchRoute => tr!(lang, "error-no-such-route"),
        RuleError::RouteTaken => tr!(lang, "error-route-taken"),
        RuleError::DoubleClosed { players, needed } => {
            tr!(lang, "error-double-closed", players = *players, needed = *needed)
        }
        RuleError::OwnsTwin => tr!(lang, "error-owns-twin"),
        RuleError::NotEnoughTrains { need, have } => {
            tr!(lang, "error-not-enough-trains", need = *need, have = *have)
        }
        RuleError::NoMetroLeft => tr!(lang, "error-no-metro-left"),
        RuleError::WrongCardCount { need, given } => {
            tr!(lang, "error-wrong-card-count", need = *need, given = *given)
        }
        RuleError::MixedColors => tr!(lang, "error-mixed-colors"),
        RuleError::WrongColor { route, given } => tr!(
            lang,
            "error-wrong-color",
            route = color_name(lang, Some(*route)),
            given = color_kind(lang, *given)
        ),
        RuleError::WildNotAllowed(wild) => {
            tr!(lang, "error-wild-not-allowed", wild = wild_attr(lang, *wild, "noun"))
        }
        RuleError::FerryNeedsWilds { wild, need, given } => tr!(
            lang,
            "error-ferry-needs-wilds",
            wilds = tr!(lang, &format!("{}.counted", wild_key(*wild)), count = *need),
            given = *given
        ),
        RuleError::CardsNotInHand { card, need, have } => tr!(
            lang,
            "error-cards-not-in-hand",
            need = *need,
            card = card_attr(lang, map, *card, "kind"),
            have = *have
        ),
        RuleError::WrongTunnelPayment { need, color, wild } => match color {
            Some(c) => tr!(
                lang,
                "error-tunnel-payment",
                need = *need,
                color = color_kind(lang, *c),
                wilds = wild_attr(lang, *wild, "plural")
            ),
            None => tr!(
                lang,
                "error-tunnel-payment-wilds",
                need = *need,
                wilds = wild_attr(lang, *wild, "plural")
            ),
        },
        RuleError::NoTicketsLeft => tr!(lang, "error-no-tickets-left"),
        RuleError::KeepMore { min } => tr!(lang, "error-keep-more", count = *min),
        RuleError::TicketNotOffered => tr!(lang, "error-ticket-not-offered"),
        RuleError::NoStationsOnMap => tr!(lang, "error-no-stations-on-map"),
        RuleError::NoStationsLeft => tr!(lang, "error-no-stations-left"),
        RuleError::NoSuchCity => tr!(lang, "error-no-such-city"),
        RuleError::CityHasStation => tr!(lang, "error-city-has-station"),
        RuleError::PassNotAllowed => tr!(lang, "error-pass-not-allowed"),
    }
}

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

/// "A", "A and B", "A, B and C" (`list` = `list-and`), or with "or".
fn listed(lang: Lang, items: &[String], list: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => tr!(lang, list, first = rest.join(", "), last = last),
    }
}

pub(super) fn and_list(lang: Lang, items: &[String]) -> String {
    listed(lang, items, "list-and")
}

pub(super) fn name_error(lang: Lang, map: &Map, error: &NameError) -> String {
    let on = super::map_name(lang, map);
    let on = on.as_str();
    match error {
        NameError::Empty => tr!(lang, "name-empty"),
        NameError::UnknownCity { typed, close } if close.is_empty() => {
            tr!(lang, "name-unknown-city", typed = typed, map = on)
        }
        NameError::UnknownCity { typed, close } => {
            let close: Vec<String> = close.iter().map(|&c| map.city(c).name.clone()).collect();
            tr!(
                lang,
                "name-unknown-city-close",
                typed = typed,
                map = on,
                close = listed(lang, &close, "list-or")
            )
        }
        NameError::UnknownPlace { typed } => tr!(lang, "name-unknown-place", typed = typed, map = on),
        NameError::NotARoute { typed } => match map.routes.first() {
            Some(r) => tr!(
                lang,
                "name-not-a-route",
                typed = typed,
                a = map.city(r.a).name.as_str(),
                b = map.city(r.b).name.as_str()
            ),
            None => tr!(lang, "name-not-a-route-plain", typed = typed),
        },
        NameError::NoSuchRoute { a, b, color: None } => tr!(lang, "name-no-such-route", a = a, b = b),
        NameError::NoSuchRoute { a, b, color: Some(c) } => {
            tr!(
                lang,
                "name-no-such-route-color",
                a = a,
                b = b,
                color = color_name(lang, *c)
            )
        }
        NameError::UnknownColor { typed } => tr!(lang, "name-unknown-color", typed = typed, map = on),
        NameError::NoSuchTicket { a, b } => tr!(lang, "name-no-such-ticket", a = a, b = b),
        NameError::ListedTooOften { what, kind } => {
            tr!(lang, "name-listed-too-often", what = what, kind = *kind)
        }
        NameError::NotCards { got } => tr!(lang, "name-not-cards", got = got),
        NameError::Malformed { expected, got } => {
            tr!(lang, "name-malformed", expected = *expected, got = got)
        }
    }
}

pub(super) fn refusal(lang: Lang, refusal: &Refusal) -> String {
    match refusal {
        Refusal::ChannelBusy { .. } => tr!(lang, "refusal-channel-busy"),
        Refusal::NoGame => tr!(lang, "refusal-no-game"),
        Refusal::NoLobby => tr!(lang, "refusal-no-lobby"),
        Refusal::UnknownGame(_) => tr!(lang, "refusal-unknown-game"),
        Refusal::AlreadySeated => tr!(lang, "refusal-already-seated"),
        Refusal::NotSeated => tr!(lang, "refusal-not-seated"),
        Refusal::LobbyFull { max } => tr!(lang, "refusal-lobby-full", max = *max),
        Refusal::TooManyLobbies { most } => tr!(lang, "refusal-too-many-lobbies", most = *most),
        Refusal::TooManyGames { most } => tr!(lang, "refusal-too-many-games", most = *most),
        Refusal::TooFewPlayers { min, seated } => {
            tr!(lang, "refusal-too-few-players", min = *min, seated = *seated)
        }
        Refusal::NotHost => tr!(lang, "refusal-not-host"),
        Refusal::NoDeadline => tr!(lang, "refusal-no-deadline"),
        Refusal::DeadlineAhead { hours_left } => tr!(lang, "refusal-deadline-ahead", hours = *hours_left),
        Refusal::NobodyStalled => tr!(lang, "refusal-nobody-stalled"),
        Refusal::NotAway => tr!(lang, "refusal-not-away"),
        Refusal::UnknownMap(map) => tr!(lang, "refusal-unknown-map", map = map),
        Refusal::PlayerCount { map, min, max, players } => tr!(
            lang,
            "refusal-player-count",
            map = map,
            min = *min,
            max = *max,
            players = *players
        ),
    }
}

pub(super) fn hand(lang: Lang, map: &Map, view: &SeatView) -> String {
    let tickets: Vec<String> = view
        .tickets
        .iter()
        .map(|&(t, done)| format!("{} {}", if done { "✓" } else { "○" }, ticket(map, t)))
        .collect();
    let offer = if view.offer.is_empty() {
        String::new()
    } else {
        format!("\n{}", tr!(lang, "hand-offer", count = view.offer.len()))
    };
    format!(
        "**{}** {}\n**{}**\n{}{offer}",
        tr!(lang, "hand-cards"),
        cards(lang, map, &view.hand),
        tr!(lang, "hand-tickets"),
        if tickets.is_empty() {
            tr!(lang, "hand-no-tickets")
        } else {
            tickets.join("\n")
        },
    )
}

pub(super) fn whose_turn(lang: Lang, names: &Names, view: &PublicView) -> String {
    match &view.phase {
        Step::Over => tr!(lang, "whose-over"),
        Step::StartingTickets => tr!(lang, "whose-starting"),
        _ => tr!(lang, "whose-turn", name = names.of(view.current)),
    }
}

pub(super) fn seat_rows(lang: Lang, map: &Map, names: &Names, view: &PublicView) -> Vec<String> {
    let pieces = if map.rules.metros > 0 {
        "count-trams"
    } else {
        "count-trains"
    };
    view.seats
        .iter()
        .map(|s| {
            let score = view
                .result
                .as_ref()
                .map_or(i32::from(s.route_points), |r| r.scores[s.seat.index()].total);
            let row = tr!(
                lang,
                "seat-row",
                score = score,
                pieces = tr!(lang, pieces, count = s.trains),
                cards = tr!(lang, "count-cards", count = s.hand_size),
                tickets = tr!(lang, "count-tickets", count = s.tickets_held)
            );
            format!("**{}** {row}", names.of(s.seat))
        })
        .collect()
}

pub(super) fn faceup(lang: Lang, map: &Map, view: &PublicView) -> Vec<String> {
    view.faceup
        .iter()
        .enumerate()
        .map(|(i, c)| {
            format!(
                "{} · {}",
                i + 1,
                c.map_or_else(|| "—".to_string(), |c| card_name(lang, map, c))
            )
        })
        .collect()
}

pub(super) fn piles(lang: Lang, view: &PublicView) -> String {
    tr!(
        lang,
        "piles",
        deck = view.deck_size,
        discard = view.discard_size,
        tickets = view.ticket_deck_size
    )
}

pub(super) fn final_board(lang: Lang, map: &Map, names: &Names, result: &FinalResult) -> FinalBoard {
    let winners: Vec<String> = (0..result.ranks.len())
        .filter(|&seat| result.ranks[seat] == 1)
        .map(|seat| names.of(Seat(seat as u8)))
        .collect();
    let best = result.ranking.first().map_or(0, |&seat| result.scores[seat].total);
    let verdict = match winners.as_slice() {
        [one] => tr!(lang, "final-wins", name = one, points = best),
        many => tr!(lang, "final-share", names = and_list(lang, many), points = best),
    };
    let signed = |n: i32| format!("{n:+}");
    let rows = result
        .ranking
        .iter()
        .map(|&seat| {
            let s = &result.scores[seat];
            let mut parts = vec![
                tr!(lang, "final-routes", points = s.route_points),
                tr!(
                    lang,
                    "final-tickets",
                    points = signed(s.ticket_points),
                    done = s.tickets_completed,
                    failed = s.tickets_failed
                ),
            ];
            if s.longest_bonus != 0 {
                parts.push(tr!(
                    lang,
                    "final-longest",
                    points = signed(s.longest_bonus),
                    length = s.longest_path
                ));
            }
            if s.station_points != 0 {
                parts.push(tr!(lang, "final-stations", points = signed(s.station_points)));
            }
            if s.grand_tour_points != 0 {
                parts.push(tr!(lang, "final-most-tickets", points = signed(s.grand_tour_points)));
            }
            tr!(
                lang,
                "final-row",
                rank = result.ranks[seat],
                name = format!("**{}**", names.of(Seat(seat as u8))),
                points = s.total,
                parts = parts.join(" · ")
            )
        })
        .collect();
    let tickets = result
        .tickets
        .iter()
        .enumerate()
        .map(|(seat, tickets)| {
            let lines = tickets
                .iter()
                .map(|&(t, done)| format!("{} {}", if done { "✓" } else { "✗" }, ticket(map, t)))
                .collect();
            (
                tr!(lang, "final-tickets-heading", name = names.of(Seat(seat as u8))),
                lines,
            )
        })
        .collect();
    FinalBoard {
        title: tr!(lang, "final-title", map = super::map_name(lang, map)),
        verdict: format!("**{verdict}**"),
        rows,
        tickets,
    }
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

pub(super) fn history(lang: Lang, page: usize, pages: usize, shown: &[String]) -> String {
    let body = if shown.is_empty() {
        tr!(lang, "history-empty")
    } else {
        shown.join("\n")
    };
    format!("**{}**\n{body}", tr!(lang, "history-page", page = page, pages = pages))
}

pub(super) fn hint(lang: Lang, map: &Map, view: &SeatView, hint: &crate::ai::Hint) -> String {
    use crate::ai::Reason;
    let movement = hint_move(lang, map, view, hint.action);
    let reason = match &hint.reason {
        Reason::OnTheWay { ticket: t, .. } => tr!(lang, "hint-on-the-way", ticket = ticket(map, *t)),
        Reason::Points { points, .. } => tr!(lang, "hint-points", points = tr!(lang, "count-points", count = *points)),
        Reason::Collect { route: id, card } => tr!(
            lang,
            "hint-collect-for",
            route = route(lang, map, *id),
            kind = card_attr(lang, map, *card, "kind")
        ),
        Reason::Wild => tr!(lang, "hint-wild", card = card_name(lang, map, Card::WILD)),
        Reason::Stock => tr!(lang, "hint-stock"),
        Reason::Blind => tr!(lang, "hint-blind"),
        Reason::MoreTickets => tr!(lang, "hint-more-tickets"),
        Reason::Keep {
            kept,
            value,
            pieces,
            pieces_left,
        } => tr!(
            lang,
            "hint-keep",
            count = *kept,
            points = tr!(lang, "count-points", count = *value),
            pieces = *pieces,
            left = *pieces_left
        ),
        Reason::PayTunnel => tr!(lang, "hint-tunnel-pay"),
        Reason::CannotPayTunnel => tr!(lang, "hint-tunnel-give-up"),
        Reason::Station => tr!(lang, "hint-station"),
        Reason::Pass => tr!(lang, "hint-pass"),
    };
    let said = tr!(lang, "hint", action = movement, reason = reason);
    match hint.overruled {
        Some(overruled) => {
            let instead = hint_move(lang, map, view, overruled.plain);
            let searched = tr!(lang, "hint-overruled", count = overruled.deals, instead = instead);
            format!("{said} {searched}")
        }
        None => said,
    }
}

/// A move as a hint says it: "claim Denver – Omaha (4, pink) with 4 pink".
fn hint_move(lang: Lang, map: &Map, view: &SeatView, action: crate::rules::Action) -> String {
    use crate::rules::Action;
    match action {
        Action::Claim { route: id, cards: paid } => {
            tr!(
                lang,
                "hint-move-claim",
                route = route(lang, map, id),
                cards = cards(lang, map, &paid)
            )
        }
        Action::DrawFaceup { slot } => match view.public.faceup.get(usize::from(slot)).copied().flatten() {
            Some(c) => tr!(lang, "hint-move-faceup", card = card_name(lang, map, c)),
            None => tr!(lang, "hint-move-blind"),
        },
        Action::DrawBlind => tr!(lang, "hint-move-blind"),
        Action::DrawTickets => tr!(lang, "hint-move-tickets"),
        Action::KeepTickets { tickets } => {
            let kept: Vec<String> = tickets.ids().map(|t| ticket(map, t)).collect();
            tr!(lang, "hint-move-keep", tickets = and_list(lang, &kept))
        }
        Action::PayTunnel { cards: extra } => tr!(lang, "hint-move-pay-tunnel", cards = cards(lang, map, &extra)),
        Action::DeclineTunnel => tr!(lang, "hint-move-give-up-tunnel"),
        Action::BuildStation { city, cards: paid } => tr!(
            lang,
            "hint-move-station",
            city = map.city(city).name.clone(),
            cards = cards(lang, map, &paid)
        ),
        Action::Pass | Action::Skip => tr!(lang, "hint-move-pass"),
    }
}
