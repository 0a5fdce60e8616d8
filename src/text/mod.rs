//! The sentences players read: rule errors, public events and private events, in the player's language. The rules
//! hand over data ([`RuleError`], [`Event`], [`PrivateEvent`]); only this module turns it into words.

mod en;

use crate::rules::names::NameError;
use crate::rules::{CardCounts, Event, Map, PrivateEvent, RouteId, RuleError, Seat, TicketId};
use crate::store::Refusal;

/// A language the bot writes in. English is the only one so far; every function takes one so that adding another
/// changes no caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Lang {
    /// English, the default and the fallback for any other locale.
    #[default]
    En,
}

impl Lang {
    /// The language for a Discord locale such as `en-US` or `es-ES`; English for any locale not written yet.
    pub fn from_locale(_locale: &str) -> Lang {
        Lang::En
    }
}

/// Why an action was refused, as the player reads it.
pub fn rule_error(lang: Lang, map: &Map, error: &RuleError) -> String {
    match lang {
        Lang::En => en::rule_error(map, error),
    }
}

/// Why a typed name did not resolve, as the player reads it (with close names to try).
pub fn name_error(lang: Lang, map: &Map, error: &NameError) -> String {
    match lang {
        Lang::En => en::name_error(map, error),
    }
}

/// The map's rules in short, from its data: setup, the turn, its own mechanics, the end and the scoring.
pub fn rules(lang: Lang, map: &Map) -> String {
    match lang {
        Lang::En => en::rules(map),
    }
}

/// Why the store refused what a user asked (a busy channel, not seated, …), as they read it.
pub fn refusal(lang: Lang, refusal: &Refusal) -> String {
    match lang {
        Lang::En => en::refusal(refusal),
    }
}

/// An event of the public record as one sentence for the channel ("Ana claimed Denver – Omaha (4, red) for 7
/// points."). `names` are the players' names in seat order. It takes only public events, so nothing hidden can
/// reach a channel through it.
pub fn event(lang: Lang, map: &Map, names: &[String], event: &Event) -> String {
    match lang {
        Lang::En => en::event(map, &Names(names), event),
    }
}

/// What only the acting player learns, for their private reply ("You drew a blue card.").
pub fn private_event(lang: Lang, map: &Map, event: &PrivateEvent) -> String {
    match lang {
        Lang::En => en::private_event(map, event),
    }
}

/// A route as written everywhere: "Denver – Omaha (4, red)"; a metro line shows its card cost.
pub fn route(lang: Lang, map: &Map, id: RouteId) -> String {
    match lang {
        Lang::En => en::route(map, id),
    }
}

/// A ticket as written everywhere: "Denver – El Paso (4)", or "Bern → France 5 / Italia 8" for a country ticket.
pub fn ticket(lang: Lang, map: &Map, id: TicketId) -> String {
    match lang {
        Lang::En => en::ticket(map, id),
    }
}

/// Cards as written everywhere: "3 red, 1 locomotive" (or "no cards").
pub fn cards(lang: Lang, map: &Map, cards: &CardCounts) -> String {
    match lang {
        Lang::En => en::cards(map, cards),
    }
}

/// One way to pay, as pickers and autocomplete offer it: "3 red + 1 locomotive" (`names::parse_cards` reads it back).
pub fn payment(lang: Lang, map: &Map, cards: &CardCounts) -> String {
    match lang {
        Lang::En => en::cards(map, cards).replace(", ", " + "),
    }
}

/// Players' names by seat, with a stand-in for a seat without one.
struct Names<'a>(&'a [String]);

impl Names<'_> {
    fn of(&self, seat: Seat) -> String {
        self.0
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| format!("Player {}", seat.index() + 1))
    }
}
