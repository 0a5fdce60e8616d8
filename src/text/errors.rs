//! Refusals in words: the rules' errors, names that did not read, and what the store refused.

use super::Lang;
use super::catalog::tr;
use super::words::{card_attr, color_kind, color_name, listed, wild_attr, wild_key};
use crate::refusal::Refusal;
use crate::rules::names::NameError;
use crate::rules::{Map, RuleError, Step};

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
        Refusal::BuiltInMapId(id) => tr!(lang, "refusal-built-in-map-id", id = id),
        Refusal::TooManyMaps { most } => tr!(lang, "refusal-too-many-maps", most = *most),
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
