//! The sentences players read: rule errors, public events and private events, in the player's language. The rules
//! hand over data ([`RuleError`], [`Event`], [`PrivateEvent`]); only this module turns it into words.

mod en;

use crate::rules::names::NameError;
use crate::rules::view::FinalResult;
use crate::rules::{
    CardCounts, CityId, Event, Map, PrivateEvent, PublicView, RouteId, RuleError, Seat, SeatView, TicketId,
};
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

/// A player's cards and tickets (✓ done, ○ open), and how many tickets they still choose from, for their eyes only.
pub fn hand(lang: Lang, map: &Map, view: &SeatView) -> String {
    match lang {
        Lang::En => en::hand(map, view),
    }
}

/// Items listed as a sentence says them: "A", "A and B", "A, B and C".
pub fn and_list(lang: Lang, items: &[String]) -> String {
    match lang {
        Lang::En => en::and_list(items),
    }
}

/// Who is to play, or that everyone chooses tickets, or that the game is over.
pub fn whose_turn(lang: Lang, names: &[String], view: &PublicView) -> String {
    match lang {
        Lang::En => en::whose_turn(&Names(names), view),
    }
}

/// One line per seat in turn order: name, score, pieces, cards and tickets held (counts only).
pub fn seat_rows(lang: Lang, map: &Map, names: &[String], view: &PublicView) -> Vec<String> {
    match lang {
        Lang::En => en::seat_rows(map, &Names(names), view),
    }
}

/// The face-up row, one line per slot: "1 · red".
pub fn faceup(lang: Lang, map: &Map, view: &PublicView) -> Vec<String> {
    match lang {
        Lang::En => en::faceup(map, view),
    }
}

/// The sizes of the draw pile, the discard pile and the ticket deck.
pub fn piles(lang: Lang, view: &PublicView) -> String {
    match lang {
        Lang::En => en::piles(view),
    }
}

/// The end of a game in words, public: who won, each player's breakdown, everyone's tickets ✓ / ✗.
pub struct FinalBoard {
    /// "USA: final scores".
    pub title: String,
    /// "Ana wins with 120 points!" (or a shared win).
    pub verdict: String,
    /// One line per player, winner first: rank, name, total and its parts.
    pub rows: Vec<String>,
    /// Per seat: a heading ("Ana's tickets") and one line per ticket.
    pub tickets: Vec<(String, Vec<String>)>,
}

/// The final scoreboard of a finished game.
pub fn final_board(lang: Lang, map: &Map, names: &[String], result: &FinalResult) -> FinalBoard {
    match lang {
        Lang::En => en::final_board(map, &Names(names), result),
    }
}

/// Something a player pays cards for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purchase {
    /// A route (one track of a double).
    Route(RouteId),
    /// A station in a city.
    Station(CityId),
    /// The extra cards of a tunnel being claimed.
    Tunnel {
        /// The tunnel (`None` when no tunnel is pending).
        route: Option<RouteId>,
        /// How many extra cards it asks.
        extra: u8,
    },
}

/// What a payment buys, as a noun: "Denver – Omaha (4, red)", "a station in Wien", "the 2 extra cards of …".
pub fn purchase(lang: Lang, map: &Map, purchase: &Purchase) -> String {
    match lang {
        Lang::En => en::purchase_name(map, purchase),
    }
}

/// The hand holds no way to pay for it.
pub fn cannot_pay(lang: Lang, map: &Map, purchase: &Purchase) -> String {
    match lang {
        Lang::En => en::cannot_pay(map, purchase),
    }
}

/// Lines of the game's record on one page of its history.
pub const HISTORY_PAGE: usize = 15;

/// One page of the game's record in readable lines, headed "History, page 2 of 5" (the latest page when `page`
/// is `None`; a page out of range is the nearest one).
pub fn history(lang: Lang, map: &Map, names: &[String], events: &[Event], page: Option<usize>) -> String {
    let lines: Vec<String> = events.iter().map(|e| event(lang, map, names, e)).collect();
    let pages = lines.len().div_ceil(HISTORY_PAGE).max(1);
    let page = page.map_or(pages, |p| p.clamp(1, pages));
    let shown = &lines[((page - 1) * HISTORY_PAGE).min(lines.len())..(page * HISTORY_PAGE).min(lines.len())];
    match lang {
        Lang::En => en::history(page, pages, shown),
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
