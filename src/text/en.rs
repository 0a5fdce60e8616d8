//! English.

use super::{FinalBoard, Names, Purchase};
use crate::rules::names::NameError;
use crate::rules::view::FinalResult;
use crate::rules::{
    Card, CardCounts, Event, Map, PrivateEvent, PublicView, RouteId, RouteKind, RuleError, Seat, SeatView, Step,
    TicketId,
};
use crate::store::Refusal;

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

pub(super) fn route(map: &Map, id: RouteId) -> String {
    let r = map.route(id);
    let color = r.color.map_or("gray", |c| c.name());
    let (a, b) = (&map.city(r.a).name, &map.city(r.b).name);
    match r.kind {
        RouteKind::Metro => format!("{a} – {b} (metro, {} {color})", r.cost),
        _ => format!("{a} – {b} ({}, {color})", r.len),
    }
}

pub(super) fn ticket(map: &Map, id: TicketId) -> String {
    map.ticket_label(id)
}

/// One card as a noun: "blue card", or the wild card by its own name ("locomotive", "bicycle").
fn card_noun(map: &Map, card: Card) -> String {
    match card.color() {
        Some(c) => format!("{c} card"),
        None => card.name(map.rules.wild).to_string(),
    }
}

pub(super) fn cards(map: &Map, cards: &CardCounts) -> String {
    if cards.total() == 0 {
        return "no cards".to_string();
    }
    // The one written form of cards that players and clients read: "3 red, 1 locomotive" (a count and a name).
    cards
        .iter()
        .map(|(card, n)| format!("{n} {}", card.name(map.rules.wild)))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn rule_error(map: &Map, error: &RuleError) -> String {
    let wild = map.rules.wild;
    match error {
        RuleError::GameOver => "The game is over.".into(),
        RuleError::NoSuchSeat => "You are not playing in this game.".into(),
        RuleError::NotYourTurn => "It is not your turn.".into(),
        RuleError::DecisionPending(step) => match step {
            Step::StartingTickets => {
                "Everyone is still choosing starting tickets; the first turn starts when all have chosen.".into()
            }
            Step::SecondCard => "You drew one card; take your second card now.".into(),
            Step::KeepTickets => "Choose which of the drawn tickets to keep first.".into(),
            Step::Tunnel(_) => "Pay the tunnel's extra cards or give it up first.".into(),
            Step::Turn => "There is nothing to answer right now.".into(),
            Step::Over => "The game is over.".into(),
        },
        RuleError::NothingToAnswer => "There is nothing to answer right now.".into(),
        RuleError::AlreadyChoseTickets => "You already chose your tickets; waiting for the others.".into(),
        RuleError::NoSuchSlot => "There are only 5 face-up cards (slots 1 to 5).".into(),
        RuleError::EmptySlot => "That face-up slot is empty.".into(),
        RuleError::WildAsSecondCard(wild) => format!("A face-up {wild} cannot be your second card."),
        RuleError::DeckEmpty => "The draw pile and the discard pile are both empty.".into(),
        RuleError::NoSuchRoute => "There is no such route on this map.".into(),
        RuleError::RouteTaken => "That route is already taken.".into(),
        RuleError::DoubleClosed { players, needed } => format!(
            "With {players} players only one track of a double route may be used, and the other one is taken \
             (both open from {needed} players)."
        ),
        RuleError::OwnsTwin => "You already own the other track of this double route.".into(),
        RuleError::NotEnoughTrains { need, have } => {
            format!("That route takes {need} trains; you have {have} left.")
        }
        RuleError::NoMetroLeft => "You have no metro car left for a metro route.".into(),
        RuleError::WrongCardCount { need, given } => format!("That costs {need} cards; you offered {given}."),
        RuleError::MixedColors => "Pay with cards of one colour (wild cards may join them).".into(),
        RuleError::WrongColor { route, given } => format!("That route is {route}; you offered {given} cards."),
        RuleError::WildNotAllowed(wild) => format!("A {wild} can only be played on a tunnel on this map."),
        RuleError::FerryNeedsWilds { wild, need, given } => format!(
            "That ferry needs at least {}; you offered {given}.",
            plural(*need, wild.name(), &format!("{wild}s"))
        ),
        RuleError::CardsNotInHand { card, need, have } => {
            format!("You need {need} {} cards; you have {have}.", card.name(wild))
        }
        RuleError::WrongTunnelPayment { need, color, wild } => match color {
            Some(c) => format!("The tunnel needs {need} more: {c} cards or {wild}s."),
            None => format!("The tunnel needs {need} more: {wild}s, since you laid only {wild}s."),
        },
        RuleError::NoTicketsLeft => "There are no destination tickets left.".into(),
        RuleError::KeepMore { min } => format!("Keep at least {}.", plural(*min, "ticket", "tickets")),
        RuleError::TicketNotOffered => "You can only keep tickets you were offered.".into(),
        RuleError::NoStationsOnMap => "This map has no stations.".into(),
        RuleError::NoStationsLeft => "You have no station left.".into(),
        RuleError::NoSuchCity => "There is no such city on this map.".into(),
        RuleError::CityHasStation => "That city already has a station.".into(),
        RuleError::PassNotAllowed => "You can only pass when there is nothing else you can do.".into(),
    }
}

pub(super) fn event(map: &Map, names: &Names, event: &Event) -> String {
    let wild = map.rules.wild;
    match event {
        Event::GameStarted { first } => {
            format!("Everyone has chosen their tickets: {} plays first.", names.of(*first))
        }
        // Unkept tickets go back under the deck or leave the game, as the map says: name neither.
        Event::TicketsKept { seat, kept, returned } => match returned {
            0 => format!("{} kept {}.", names.of(*seat), plural(*kept, "ticket", "tickets")),
            _ => format!(
                "{} kept {kept} of {} tickets.",
                names.of(*seat),
                u16::from(*kept) + u16::from(*returned)
            ),
        },
        Event::DrewBlind { seat } => format!("{} drew a card from the deck.", names.of(*seat)),
        Event::DrewFaceup { seat, card } => format!("{} took a face-up {}.", names.of(*seat), card_noun(map, *card)),
        Event::FaceupReset => format!("Three face-up {wild}s: the face-up row was discarded and dealt again."),
        Event::DeckReshuffled => "The discard pile was shuffled into a new draw pile.".into(),
        Event::Claimed {
            seat,
            route: id,
            points,
            ..
        } => format!(
            "{} claimed {} for {}.",
            names.of(*seat),
            route(map, *id),
            plural(*points, "point", "points")
        ),
        Event::TunnelRevealed {
            seat,
            route: id,
            turned,
            extra,
        } => {
            let shown: Vec<&str> = turned.iter().map(|c| c.name(wild)).collect();
            let shown = if shown.is_empty() {
                "no card".to_string()
            } else {
                shown.join(", ")
            };
            match extra {
                0 => format!(
                    "{} digs the tunnel {}: turned {shown}, nothing more to pay.",
                    names.of(*seat),
                    route(map, *id)
                ),
                n => format!(
                    "{} digs the tunnel {}: turned {shown}, {n} more {} to pay.",
                    names.of(*seat),
                    route(map, *id),
                    if *n == 1 { "card" } else { "cards" }
                ),
            }
        }
        Event::TunnelDeclined { seat, route: id } => {
            format!("{} gave up the tunnel {}.", names.of(*seat), route(map, *id))
        }
        Event::TicketsDrawn { seat, count } => {
            format!("{} drew {}.", names.of(*seat), plural(*count, "ticket", "tickets"))
        }
        Event::StationBuilt {
            seat,
            city,
            cards: paid,
        } => format!(
            "{} built a station in {} ({}).",
            names.of(*seat),
            map.city(*city).name,
            cards(map, paid)
        ),
        Event::Passed { seat } => format!("{} passed: nothing else was possible.", names.of(*seat)),
        Event::Skipped { seat } => {
            format!(
                "{}'s turn was skipped: it waited past the game's deadline.",
                names.of(*seat)
            )
        }
        Event::FinalRoundStarted { seat } => {
            let pieces = if map.rules.metros > 0 { "pieces" } else { "trains" };
            format!(
                "{} has {} or fewer {pieces} left: the final round begins, and everyone, {} included, takes one \
                 last turn.",
                names.of(*seat),
                map.rules.end_at,
                names.of(*seat)
            )
        }
        Event::GameOver => "The game is over.".into(),
    }
}

pub(super) fn private_event(map: &Map, event: &PrivateEvent) -> String {
    let list = |tickets: &[TicketId]| tickets.iter().map(|&t| ticket(map, t)).collect::<Vec<_>>().join(", ");
    match event {
        PrivateEvent::DrewCard { card } => {
            let noun = card_noun(map, *card);
            let article = if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            format!("You drew {article} {noun}.")
        }
        PrivateEvent::TicketsOffered { tickets } => format!("You were offered {}.", list(tickets)),
        PrivateEvent::TicketsKept { tickets } if tickets.is_empty() => "You kept no ticket.".into(),
        PrivateEvent::TicketsKept { tickets } => format!("You kept {}.", list(tickets)),
    }
}

/// "A", "A and B", "A, B and C".
pub(super) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// "A", "A or B", "A, B or C".
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

pub(super) fn name_error(map: &Map, error: &NameError) -> String {
    match error {
        NameError::Empty => "Type a name first.".into(),
        NameError::UnknownCity { typed, close } if close.is_empty() => {
            format!("There is no city called “{typed}” on {}.", map.name)
        }
        NameError::UnknownCity { typed, close } => {
            let close: Vec<String> = close.iter().map(|&c| map.city(c).name.clone()).collect();
            format!(
                "There is no city called “{typed}” on {}. Did you mean {}?",
                map.name,
                either(&close)
            )
        }
        NameError::UnknownPlace { typed } => format!("There is no city or country called “{typed}” on {}.", map.name),
        NameError::NotARoute { typed } => {
            let example = map
                .routes
                .first()
                .map(|r| format!(" like “{} - {}”", map.city(r.a).name, map.city(r.b).name))
                .unwrap_or_default();
            format!("“{typed}” does not name a route: give its two cities{example}.")
        }
        NameError::NoSuchRoute { a, b, color: None } => format!("No route joins {a} and {b}."),
        NameError::NoSuchRoute { a, b, color: Some(c) } => {
            format!("No {} route joins {a} and {b}.", c.map_or("gray", |c| c.name()))
        }
        NameError::UnknownColor { typed } => format!("“{typed}” is not a colour on {}.", map.name),
        NameError::NoSuchTicket { a, b } => format!("No ticket joins {a} and {b}."),
        NameError::ListedTooOften { what, kind } => format!("The {kind} {what} is listed more often than it exists."),
        NameError::Malformed { expected, got } => format!("Expected {expected}, not {got}."),
    }
}

pub(super) fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::ChannelBusy { .. } => {
            "This channel already has a game; finish or end it first, or start one in another channel.".into()
        }
        Refusal::NoGame => "There is no game in play in this channel.".into(),
        Refusal::NoLobby => "There is no lobby open in this channel; open one with /ttr start.".into(),
        Refusal::UnknownGame(_) => "That game no longer exists.".into(),
        Refusal::AlreadySeated => "You already have a seat in this game.".into(),
        Refusal::NotSeated => "You are not playing in this game.".into(),
        Refusal::LobbyFull { max } => format!("The game is full: this map is for at most {max} players."),
        Refusal::TooFewPlayers { min, seated } => format!(
            "{} to start: this map needs at least {min}.",
            match seated {
                1 => "Only 1 player is seated".to_string(),
                n => format!("Only {n} players are seated"),
            }
        ),
        Refusal::NotHost => "Only the host (or someone who manages this channel) can do that.".into(),
        Refusal::NoDeadline => {
            "This game has no turn deadline, so no turn can be skipped. The host can set one with /ttr settings.".into()
        }
        Refusal::DeadlineAhead { hours_left: 1 } => {
            "The player to move still has time: the deadline passes within the hour.".into()
        }
        Refusal::DeadlineAhead { hours_left } => {
            format!("The player to move still has time: the deadline passes in {hours_left} hours.")
        }
        Refusal::NobodyStalled => "Nobody else is holding up the game: there is no turn to skip.".into(),
        Refusal::NotAway => "No computer is playing a seat of yours in this game.".into(),
        Refusal::UnknownMap(map) => format!("There is no map called “{map}”."),
        Refusal::PlayerCount { map, min, max, players } => {
            format!("{map} is for {min} to {max} players, not {players}.")
        }
    }
}

pub(super) fn rules(map: &Map) -> String {
    let r = &map.rules;
    let wild = r.wild;
    let pieces = if r.metros > 0 {
        format!("{} trams and {} metro cars", r.trains, r.metros)
    } else {
        format!("{} trains", r.trains)
    };
    let mut lines = vec![
        format!(
            "**{}**: {} to {} players, {pieces} each.",
            map.name, r.min_players, r.max_players
        ),
        format!(
            "**Setup:** {} cards each; {} destination tickets{}, keep at least {} (everyone chooses at once).",
            r.hand,
            r.tickets_dealt,
            if r.long_tickets_dealt > 0 {
                format!(" and {} long one", r.long_tickets_dealt)
            } else {
                String::new()
            },
            r.tickets_keep
        ),
    ];
    let faceup = if r.wild_faceup_counts_double {
        format!(" (a face-up {wild} counts as both, and cannot be the second)")
    } else {
        String::new()
    };
    let wilds = if r.wild_only_on_tunnels {
        format!("{wild}s pay only for tunnels")
    } else {
        format!("{wild}s stand in for any colour")
    };
    lines.push(format!(
        "**Your turn, one of:** draw 2 cards{faceup}; claim a route with cards of its colour (gray: any one colour; \
         {wilds}); draw {} tickets and keep at least {}.",
        r.tickets_draw, r.tickets_draw_keep
    ));
    lines.push(format!(
        "**Double routes:** both tracks are open from {} players; below that, one track only.",
        r.doubles_min_players
    ));
    if map.routes.iter().any(|route| route.tunnel) {
        lines.push(format!(
            "**Tunnels:** 3 cards are turned; each of the colour you laid, or a {wild}, costs one card more (or give up)."
        ));
    }
    if map.routes.iter().any(|route| route.ferry > 0) {
        lines.push(format!("**Ferries:** each marked space needs a {wild}."));
    }
    if r.stations > 0 {
        let costs: Vec<String> = r
            .station_costs
            .iter()
            .take(usize::from(r.stations))
            .map(u8::to_string)
            .collect();
        lines.push(format!(
            "**Stations:** {} each, costing {} cards; at the end each lets you use one route of another player into \
             its city; {} points for each station not built.",
            r.stations,
            costs.join(" / "),
            r.station_points
        ));
    }
    if r.metros > 0 {
        lines.push("**Metro lines:** a metro car each, paid with the printed number of cards.".to_string());
    }
    lines.push(format!(
        "**The end:** when someone has {} or fewer pieces left, everyone plays one last turn.",
        r.end_at
    ));
    let table: Vec<String> = (1..=12u8)
        .filter_map(|len| r.points_for_length(len).map(|p| format!("{len}: {p}")))
        .collect();
    let mut scoring = format!(
        "**Scoring:** routes by length ({}); tickets + done, − not done",
        table.join(", ")
    );
    if r.longest_path_bonus > 0 {
        scoring += &format!("; longest continuous path +{}", r.longest_path_bonus);
    }
    if !r.grand_tour.is_empty() {
        scoring += "; the Grand Tour bonus for tickets joined by two separate paths";
    }
    lines.push(scoring + ".");
    lines.join("\n")
}

pub(super) fn hand(map: &Map, view: &SeatView) -> String {
    let tickets: Vec<String> = view
        .tickets
        .iter()
        .map(|&(t, done)| format!("{} {}", if done { "✓" } else { "○" }, ticket(map, t)))
        .collect();
    let offer = if view.offer.is_empty() {
        String::new()
    } else {
        format!("\nStill to choose from: {} tickets.", view.offer.len())
    };
    format!(
        "**Your cards:** {}\n**Your tickets:**\n{}{offer}",
        cards(map, &view.hand),
        if tickets.is_empty() {
            "none yet".to_string()
        } else {
            tickets.join("\n")
        },
    )
}

pub(super) fn whose_turn(names: &Names, view: &PublicView) -> String {
    match &view.phase {
        Step::Over => "The game is over.".to_string(),
        Step::StartingTickets => "Everyone is choosing starting tickets.".to_string(),
        _ => format!("{} is to play.", names.of(view.current)),
    }
}

pub(super) fn seat_rows(map: &Map, names: &Names, view: &PublicView) -> Vec<String> {
    let pieces = if map.rules.metros > 0 { "trams" } else { "trains" };
    view.seats
        .iter()
        .map(|s| {
            let score = view
                .result
                .as_ref()
                .map_or(i32::from(s.route_points), |r| r.scores[s.seat.index()].total);
            format!(
                "**{}** {score} pts · {} {pieces} · {} · {}",
                names.of(s.seat),
                s.trains,
                plural(s.hand_size, "card", "cards"),
                plural(s.tickets_held as u64, "ticket", "tickets")
            )
        })
        .collect()
}

pub(super) fn faceup(map: &Map, view: &PublicView) -> Vec<String> {
    view.faceup
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{} · {}", i + 1, c.map_or("—", |c| c.name(map.rules.wild))))
        .collect()
}

pub(super) fn piles(view: &PublicView) -> String {
    format!(
        "Deck {}\nDiscard {}\nTickets {}",
        view.deck_size, view.discard_size, view.ticket_deck_size
    )
}

pub(super) fn final_board(map: &Map, names: &Names, result: &FinalResult) -> FinalBoard {
    let winners: Vec<String> = (0..result.ranks.len())
        .filter(|&seat| result.ranks[seat] == 1)
        .map(|seat| names.of(Seat(seat as u8)))
        .collect();
    let best = result.ranking.first().map_or(0, |&seat| result.scores[seat].total);
    let verdict = match winners.as_slice() {
        [one] => format!("**{one} wins with {best} points!**"),
        many => format!("**{} share the win with {best} points!**", many.join(" and ")),
    };
    let rows = result
        .ranking
        .iter()
        .map(|&seat| {
            let s = &result.scores[seat];
            let mut parts = vec![
                format!("routes {}", s.route_points),
                format!(
                    "tickets {:+} ({} ✓, {} ✗)",
                    s.ticket_points, s.tickets_completed, s.tickets_failed
                ),
            ];
            if s.longest_bonus != 0 {
                parts.push(format!("longest path {:+} ({} long)", s.longest_bonus, s.longest_path));
            }
            if s.station_points != 0 {
                parts.push(format!("stations kept {:+}", s.station_points));
            }
            if s.grand_tour_points != 0 {
                parts.push(format!("most tickets {:+}", s.grand_tour_points));
            }
            format!(
                "{}. **{}** {} points: {}",
                result.ranks[seat],
                names.of(Seat(seat as u8)),
                s.total,
                parts.join(" · ")
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
            (format!("{}'s tickets", names.of(Seat(seat as u8))), lines)
        })
        .collect();
    FinalBoard {
        title: format!("{}: final scores", map.name),
        verdict,
        rows,
        tickets,
    }
}

pub(super) fn cannot_pay(map: &Map, purchase: &Purchase) -> String {
    format!("Your cards cannot pay for {}.", purchase_name(map, purchase))
}

pub(super) fn purchase_name(map: &Map, purchase: &Purchase) -> String {
    match purchase {
        Purchase::Route(id) => route(map, *id),
        Purchase::Station(city) => format!("a station in {}", map.city(*city).name),
        Purchase::Tunnel { route: Some(id), extra } => format!(
            "the {extra} extra {} of {}",
            if *extra == 1 { "card" } else { "cards" },
            route(map, *id)
        ),
        Purchase::Tunnel { route: None, .. } => "the tunnel's extra cards".to_string(),
    }
}

pub(super) fn history(page: usize, pages: usize, shown: &[String]) -> String {
    let body = if shown.is_empty() {
        "Nothing has happened yet.".to_string()
    } else {
        shown.join("\n")
    };
    format!("**History, page {page} of {pages}**\n{body}")
}
