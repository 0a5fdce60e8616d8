//! The sentences players read: rule errors, public events and private events, in the player's language. The rules
//! hand over data ([`RuleError`], [`Event`], [`PrivateEvent`]); only this module turns it into words.

pub mod catalog;
mod errors;
mod events;
mod map_file;
mod rulebook;
mod shown;
mod words;

pub use crate::lang::Lang;
use crate::map_report::{MapProblem, Problem, Severity, Summary};
use crate::refusal::Refusal;
use crate::rules::names::NameError;
use crate::rules::view::FinalResult;
use crate::rules::{
    Card, CardCounts, Event, Map, PrivateEvent, PublicView, Purchase, RouteId, RuleError, Seat, SeatView, Step,
    TicketId,
};

/// A map's name as players of `lang` know it ("Europa"); a map without a translated name keeps its file's name.
pub fn map_name(lang: Lang, map: &Map) -> String {
    catalog::lookup(lang, &format!("map-name-{}", map.id)).unwrap_or_else(|| map.name.clone())
}

/// Why an action was refused, as the player reads it.
pub fn rule_error(lang: Lang, map: &Map, error: &RuleError) -> String {
    errors::rule_error(lang, map, error)
}

/// Why a typed name did not resolve, as the player reads it (with close names to try).
pub fn name_error(lang: Lang, map: &Map, error: &NameError) -> String {
    errors::name_error(lang, map, error)
}

/// The map's rules in short, from its data: setup, the turn, its own mechanics, the end and the scoring.
pub fn rules(lang: Lang, map: &Map) -> String {
    rulebook::rules(lang, map)
}

/// A problem of a map file as its maker reads it: "line 41, route Basel – Olten: length 9 has no score (1–8)" (a
/// problem of the map as a whole has no line).
pub fn map_problem(lang: Lang, problem: &Problem) -> String {
    map_file::problem(lang, problem)
}

/// What is wrong with a map file, without its line: "route Basel – Olten: length 9 has no score (1–8)".
pub fn map_problem_reason(lang: Lang, what: &MapProblem) -> String {
    map_file::reason(lang, what)
}

/// A problem's severity in a word: "refusal", "warning".
pub fn map_severity(lang: Lang, severity: Severity) -> String {
    map_file::severity(lang, severity)
}

/// What the problems come to: "accepted, with 2 warnings", "refused: 3 refusals and 1 warning".
pub fn map_verdict(lang: Lang, problems: &[Problem]) -> String {
    map_file::verdict(lang, problems)
}

/// An accepted map in three lines: its board, its tickets, its players and pieces.
pub fn map_summary(lang: Lang, summary: &Summary) -> String {
    map_file::summary(lang, summary)
}

/// Why the store refused what a user asked (a busy channel, not seated, …), as they read it.
pub fn refusal(lang: Lang, refusal: &Refusal) -> String {
    errors::refusal(lang, refusal)
}

/// An event of the public record as one sentence for the channel ("Ana claimed Denver – Omaha (4, pink) for 7
/// points."). `names` are the players' names in seat order. It takes only public events, so nothing hidden can
/// reach a channel through it.
pub fn event(lang: Lang, map: &Map, names: &[String], event: &Event) -> String {
    events::event(lang, map, &Names(names, lang), event)
}

/// What only the acting player learns, for their private reply ("You drew a blue card.").
pub fn private_event(lang: Lang, map: &Map, event: &PrivateEvent) -> String {
    events::private_event(lang, map, event)
}

/// A route as written everywhere: "Denver – Omaha (4, pink)"; a metro line shows its card cost.
pub fn route(lang: Lang, map: &Map, id: RouteId) -> String {
    words::route(lang, map, id)
}

/// A ticket as written everywhere: "Denver – El Paso (4)", or "Bern → France 5 / Italia 8" for a country ticket.
/// The same in every language: city and country names stay as printed on the board.
pub fn ticket(_lang: Lang, map: &Map, id: TicketId) -> String {
    words::ticket(map, id)
}

/// A card's short name: "red", "locomotive" ("roja", "Locomotora").
pub fn card(lang: Lang, map: &Map, card: Card) -> String {
    words::card_name(lang, map, card)
}

/// Cards as written everywhere: "3 red, 1 locomotive" (or "no cards").
pub fn cards(lang: Lang, map: &Map, cards: &CardCounts) -> String {
    words::cards(lang, map, cards)
}

/// Reads cards as a player of `lang` types them: the one written form the bot reads everywhere ("3 red + 1
/// locomotive"), or the same in the player's language ("3 rojas + 1 Locomotora", accents and case forgiven).
///
/// # Errors
/// What [`crate::rules::names::parse_cards`] says of the English reading, when neither reading is cards.
pub fn parse_cards(lang: Lang, map: &Map, typed: &str) -> Result<CardCounts, NameError> {
    let english = crate::rules::names::parse_cards(map, typed);
    // A text too long to be cards is refused as it stands, not translated word by word first.
    if english.is_ok() || lang == Lang::En || typed.chars().count() > crate::rules::names::LONGEST_PAYMENT {
        return english;
    }
    // Each word naming a card in `lang` is put in English; the rest (counts, `+`, `,`) stays as typed.
    let translated: String = typed
        .split_inclusive(['+', ',', ' '])
        .map(|piece| {
            let word = piece.trim_end_matches(['+', ',', ' ']);
            match words::card_named(lang, map, word) {
                Some(card) => format!("{}{}", card.name(map.rules.wild), &piece[word.len()..]),
                None => piece.to_string(),
            }
        })
        .collect();
    crate::rules::names::parse_cards(map, &translated).or(english)
}

/// One way to pay, as pickers and autocomplete offer it: "3 red + 1 locomotive" (`names::parse_cards` reads it back).
pub fn payment(lang: Lang, map: &Map, cards: &CardCounts) -> String {
    words::cards(lang, map, cards).replace(", ", " + ")
}

/// A player's cards and tickets (✓ done, ○ open), and how many tickets they still choose from, for their eyes only.
pub fn hand(lang: Lang, map: &Map, view: &SeatView) -> String {
    shown::hand(lang, map, view)
}

/// A hint for a player: the move suggested and why ("Hint: claim Denver – Omaha (4, pink) with 4 pink. It is on the
/// way for your ticket Denver – Pittsburgh (11).").
pub fn hint(lang: Lang, map: &Map, view: &SeatView, hint: &crate::ai::Hint) -> String {
    shown::hint(lang, map, view, hint)
}

/// Items listed as a sentence says them: "A", "A and B", "A, B and C".
pub fn and_list(lang: Lang, items: &[String]) -> String {
    words::and_list(lang, items)
}

/// Who is to play, or that everyone chooses tickets, or that the game is over.
pub fn whose_turn(lang: Lang, names: &[String], view: &PublicView) -> String {
    shown::whose_turn(lang, &Names(names, lang), view)
}

/// One line per seat in turn order: name, score, pieces, cards and tickets held (counts only).
pub fn seat_rows(lang: Lang, map: &Map, names: &[String], view: &PublicView) -> Vec<String> {
    shown::seat_rows(lang, map, &Names(names, lang), view)
}

/// A seat's counts as the board's panel and the web page list them: "42 trains · 3 cards · 2 tickets · 2 stations"
/// (trams and metros on a map with metros, stations on a map with them).
pub fn seat_counts(lang: Lang, map: &Map, seat: &crate::rules::PublicSeat) -> String {
    shown::seat_counts(lang, map, seat)
}

/// The panel's heading lines (the board's and the web page's): what the game waits for ("Ana to play", "Game over")
/// and, after a claim, "Last claim: Ana, Essen – Kobenhavn". `name` names a seat as the panel shows it.
pub fn panel_heading(
    lang: Lang,
    map: &Map,
    view: &PublicView,
    name: impl Fn(Seat) -> String,
) -> (String, Option<String>) {
    shown::panel_heading(lang, map, view, name)
}

/// The face-up row, one line per slot: "1 · red".
pub fn faceup(lang: Lang, map: &Map, view: &PublicView) -> Vec<String> {
    shown::faceup(lang, map, view)
}

/// The sizes of the draw pile, the discard pile and the ticket deck.
pub fn piles(lang: Lang, view: &PublicView) -> String {
    shown::piles(lang, view)
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
    shown::final_board(lang, map, &Names(names, lang), result)
}

/// What a payment buys, as a noun: "Denver – Omaha (4, pink)", "a station in Wien", "the 2 extra cards of …" (the
/// tunnel pending in `step`).
pub fn purchase(lang: Lang, map: &Map, purchase: Purchase, step: &Step) -> String {
    words::purchase_name(lang, map, purchase, step)
}

/// The hand holds no way to pay for it.
pub fn cannot_pay(lang: Lang, map: &Map, purchase: Purchase, step: &Step) -> String {
    words::cannot_pay(lang, map, purchase, step)
}

/// Most lines of the game's record on one page of its history.
pub const HISTORY_PAGE: usize = 15;

/// Most characters of one page's lines: a Discord message holds 2,000, and the page's heading takes the rest.
pub const HISTORY_PAGE_CHARS: usize = 1_900;

/// One page of the game's record in readable lines, headed "History, page 2 of 5" (the latest page when `page`
/// is `None`; a page out of range is the nearest one). A page ends after [`HISTORY_PAGE`] lines or before it
/// would pass [`HISTORY_PAGE_CHARS`] (long names, escaped, make long lines), whichever comes first.
pub fn history(lang: Lang, map: &Map, names: &[String], events: &[Event], page: Option<usize>) -> String {
    let lines: Vec<String> = events
        .iter()
        .map(|e| clip(&event(lang, map, names, e), HISTORY_PAGE_CHARS))
        .collect();
    let pages = pages(&lines, HISTORY_PAGE, HISTORY_PAGE_CHARS);
    let page = page.map_or(pages.len(), |p| p.clamp(1, pages.len()));
    shown::history(lang, page, pages.len(), pages[page - 1])
}

/// Lines cut into pages of at most `most_lines` lines and `most_chars` characters (newlines included); always at
/// least one page. Each line must be no longer than `most_chars`.
fn pages(lines: &[String], most_lines: usize, most_chars: usize) -> Vec<&[String]> {
    let mut pages = Vec::new();
    let (mut start, mut chars) = (0, 0);
    for (i, line) in lines.iter().enumerate() {
        let len = line.chars().count() + 1;
        if i > start && (i - start == most_lines || chars + len > most_chars) {
            pages.push(&lines[start..i]);
            (start, chars) = (i, 0);
        }
        chars += len;
    }
    pages.push(&lines[start..]);
    pages
}

/// A text cut to at most `most` characters (at least 1), ending in "…" when cut: for names in a picture's legend
/// and lines in a message with a length limit.
pub fn clip(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(most.max(1) - 1).collect::<String>())
    }
}

/// Players' names by seat, with a stand-in for a seat without one.
struct Names<'a>(&'a [String], Lang);

impl Names<'_> {
    fn of(&self, seat: Seat) -> String {
        self.0
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| catalog::tr!(self.1, "player-fallback", number = seat.index() + 1))
    }
}
