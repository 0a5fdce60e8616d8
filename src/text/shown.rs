//! The game shown in words: a hand, whose turn it is, the seats' rows, the face-up cards and piles, the final
//! board, a page of history and a hint.

use super::catalog::tr;
use super::words::{and_list, card_attr, card_name, cards, route, ticket};
use super::{FinalBoard, Lang, Names};
use crate::rules::view::FinalResult;
use crate::rules::{Card, Map, PublicView, Seat, SeatView, Step, TunnelClaim};

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
            let score = view.score(s.seat);
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

/// A seat's counts (see [`super::seat_counts`]).
pub fn seat_counts(lang: Lang, map: &Map, seat: &crate::rules::PublicSeat) -> String {
    let key = if map.rules.metros > 0 {
        "count-trams"
    } else {
        "count-trains"
    };
    let mut counts = vec![tr!(lang, key, count = seat.trains)];
    if map.rules.metros > 0 {
        counts.push(tr!(lang, "panel-metros", count = seat.metros));
    }
    counts.push(tr!(lang, "count-cards", count = seat.hand_size));
    counts.push(tr!(lang, "count-tickets", count = seat.tickets_held));
    if map.rules.stations > 0 {
        counts.push(tr!(lang, "panel-stations", count = seat.stations_left));
    }
    counts.join(" · ")
}

/// The panel's heading lines (see [`super::panel_heading`]).
pub fn panel_heading(
    lang: Lang,
    map: &Map,
    view: &PublicView,
    name: impl Fn(Seat) -> String,
) -> (String, Option<String>) {
    let current = name(view.current);
    let status = match &view.phase {
        Step::StartingTickets => tr!(lang, "panel-choosing"),
        Step::Over => tr!(lang, "panel-over"),
        Step::Tunnel(TunnelClaim { extra, .. }) => tr!(lang, "panel-tunnel", name = current, count = *extra),
        _ if view.final_round => tr!(lang, "panel-last-round", name = current),
        _ => tr!(lang, "panel-to-play", name = current),
    };
    let last_claim = view.last_claim.map(|route| {
        let r = map.route(route);
        let who = view.owners[usize::from(route.0)].map_or_else(String::new, &name);
        tr!(
            lang,
            "panel-last-claim",
            name = who,
            a = map.city(r.a).name.as_str(),
            b = map.city(r.b).name.as_str()
        )
    });
    (status, last_claim)
}
