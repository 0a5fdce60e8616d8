//! What checking a map file finds, as data (its problems, an accepted map's summary): `maps` finds, `text` words.

use crate::rules::Color;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The map cannot be played: the file is refused.
    Refusal,
    /// The map can be played, but its maker should look: a ticket worth far from its shortest path, names that
    /// collide on the board, a network in several parts.
    Warning,
}

/// One problem of a map file: where it is, how bad, and what.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// The 1-based line of the file it is on, when it belongs to one (a row, a field); `None` for the map as a whole.
    pub line: Option<usize>,
    /// A refusal or a warning.
    pub severity: Severity,
    /// What is wrong, with the names (already cut to an excerpt) and numbers involved.
    pub what: MapProblem,
}

/// Whose name a name problem is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Named {
    /// The map's own `name`.
    Map,
    /// A city (a `cities` row's `name`).
    City,
    /// A country (a border exit's `country`).
    Country,
}

/// What a count limit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counted {
    /// `cities` rows.
    Cities,
    /// `routes` rows.
    Routes,
    /// `tickets` rows.
    Tickets,
    /// Countries named by border exits.
    Countries,
}

/// Every kind of problem a map file can have. Names are excerpts of what the file says; a route or a ticket is named
/// by its ends as the file writes them ("Basel – Olten").
#[derive(Clone, Debug, PartialEq)]
pub enum MapProblem {
    /// The file is longer than a map file may be; it was not read.
    TooLarge {
        /// Its size in bytes.
        bytes: usize,
        /// The most a map file may have.
        most: usize,
    },
    /// The file is not UTF-8 text.
    NotUtf8 {
        /// The offset of its first byte that is not.
        at: usize,
    },
    /// The text is not TOML; reading stopped there.
    Syntax {
        /// The TOML reader's own words (English whatever the language).
        message: String,
    },
    /// A field the format does not have (a misspelt one would otherwise pass unseen).
    UnknownField {
        /// Where: `map` for the top level, else the table (`board`, `rules`) or the rows (`cities`, …).
        section: String,
        /// The field as written.
        field: String,
    },
    /// A field the format needs is missing.
    MissingField {
        /// Where, as for [`MapProblem::UnknownField`].
        section: String,
        /// The field missing.
        field: String,
    },
    /// A value of the wrong type or out of its range (`x = "ten"`, `len = 300`).
    BadValue {
        /// Where, as for [`MapProblem::UnknownField`].
        section: String,
        /// The reader's own words (English whatever the language).
        message: String,
    },
    /// The map's `id` is not a short slug.
    BadId {
        /// The id as written.
        id: String,
        /// The most characters an id may have.
        most: usize,
    },
    /// A name is empty.
    EmptyName {
        /// Whose.
        what: Named,
    },
    /// A name is longer than a label, a line of a list or a word in a sentence can hold.
    LongName {
        /// Whose.
        what: Named,
        /// The name, cut short.
        name: String,
        /// Its characters, spaces at its ends aside.
        chars: usize,
        /// The most it may have.
        most: usize,
    },
    /// A name holds a character nobody sees (control, zero-width, direction override).
    InvisibleCharacter {
        /// Whose.
        what: Named,
        /// The name without its invisible characters.
        name: String,
        /// The first invisible character's code point.
        code: u32,
    },
    /// A name holds a character Discord reads as markdown (an upload's names go into public messages).
    MarkupInName {
        /// Whose.
        what: Named,
        /// The name.
        name: String,
        /// The first such character.
        character: char,
    },
    /// The board's width or height is 0.
    EmptyBoard,
    /// The board is larger than can be drawn.
    BoardTooLarge {
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
        /// The most either side may have.
        most: u32,
    },
    /// `players` is not a range within 2 to 5.
    PlayerRange {
        /// The fewest players given.
        min: u8,
        /// The most players given.
        max: u8,
    },
    /// A player would have no trains (or trams) and no metros.
    NoTrains,
    /// `station_costs` lists fewer costs than there are stations.
    StationCosts {
        /// The costs listed.
        costs: usize,
        /// The stations each player has.
        stations: u8,
    },
    /// The deck would have no coloured cards.
    NoColoredCards,
    /// `tickets_keep` is 0 or more than the tickets dealt.
    TicketsKeep {
        /// Tickets kept.
        keep: u8,
        /// Tickets dealt (long ones too).
        dealt: u16,
    },
    /// More tickets dealt or drawn at once than a player can choose among.
    OfferTooLarge {
        /// The most that may be offered at once.
        most: u16,
    },
    /// `tickets_draw_keep` is 0 or more than `tickets_draw`.
    TicketsDrawKeep {
        /// Tickets kept from a draw.
        keep: u8,
        /// Tickets drawn.
        draw: u8,
    },
    /// `deck_colors` lists a colour twice.
    DeckColorTwice {
        /// The colour.
        color: Color,
    },
    /// The deck is too small to deal every hand and turn five cards face up.
    TooFewCards {
        /// Cards in the deck.
        cards: usize,
        /// Cards in a starting hand.
        hand: u8,
        /// The most players.
        players: u8,
    },
    /// A points table (`route_points`, `metro_points`) has a key that is not a length from 1 to 12.
    PointsKey {
        /// The table.
        table: String,
        /// The key as written.
        key: String,
    },
    /// More rows (or countries) than the limits allow.
    TooMany {
        /// What is counted.
        what: Counted,
        /// How many the file has.
        count: usize,
        /// The most allowed.
        most: usize,
    },
    /// A city row names a city listed before.
    CityTwice {
        /// Its name.
        name: String,
    },
    /// Two names that differ only in case or accents ("Zürich", "ZURICH"): a player typing either could mean both.
    NamesAlike {
        /// Whose names.
        what: Named,
        /// This row's name.
        name: String,
        /// The name listed before.
        other: String,
    },
    /// A name is both a city's and a country's.
    CityAndCountry {
        /// The name.
        name: String,
    },
    /// A city lies off the board (or at a position that is not a number, such as `nan`).
    OutsideBoard {
        /// Its name.
        name: String,
        /// Its x.
        x: f32,
        /// Its y.
        y: f32,
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
    },
    /// A city no route reaches.
    NoRoute {
        /// Its name.
        city: String,
    },
    /// A route names a city no row lists.
    UnknownCity {
        /// The route.
        route: String,
        /// The name no row lists.
        name: String,
    },
    /// A route from a city to itself.
    SelfRoute {
        /// The route.
        route: String,
    },
    /// A route's colour is no colour.
    UnknownColor {
        /// The route.
        route: String,
        /// The colour as written.
        color: String,
    },
    /// A route's colour has no cards in the deck.
    ColorNotInDeck {
        /// The route.
        route: String,
        /// The colour.
        color: Color,
    },
    /// A route of length 0.
    ZeroLength {
        /// The route.
        route: String,
    },
    /// A ferry asking more locomotives than it has spaces.
    FerryTooLong {
        /// The route.
        route: String,
        /// Locomotives it asks.
        ferry: u8,
        /// Its spaces.
        len: u8,
    },
    /// A metro route without `cards`.
    MetroNeedsCards {
        /// The route.
        route: String,
    },
    /// `cards` on a route that is not a metro.
    CardsOnlyForMetro {
        /// The route.
        route: String,
    },
    /// A route's length has no score in `route_points`.
    NoScore {
        /// The route.
        route: String,
        /// Its length.
        len: u8,
        /// The lengths the table scores.
        scored: Vec<u8>,
    },
    /// A metro route's card count has no score in `metro_points`.
    NoMetroScore {
        /// The route.
        route: String,
        /// Its cards.
        cards: u8,
        /// The card counts the table scores.
        scored: Vec<u8>,
    },
    /// A route that costs no card.
    ZeroCost {
        /// The route.
        route: String,
    },
    /// A route no player has the pieces for (a metro where players have no metros, …).
    NoPiecesForRoute {
        /// The route.
        route: String,
    },
    /// A third track between the same two cities.
    TooManyTracks {
        /// The route.
        route: String,
    },
    /// All routes together are worth more points than a score can hold.
    PointsOverflow {
        /// Their points.
        points: u32,
        /// The most a score holds.
        most: u16,
    },
    /// A ticket row is neither `b` and `points` nor `to = { … }`.
    TicketShape {
        /// Where it starts.
        from: String,
    },
    /// A ticket names a place no row lists.
    UnknownPlace {
        /// The ticket.
        ticket: String,
        /// The name no row lists.
        name: String,
    },
    /// A ticket to where it starts.
    TicketNowhere {
        /// The ticket.
        ticket: String,
    },
    /// A ticket worth 0 points.
    TicketWorthNothing {
        /// The ticket.
        ticket: String,
    },
    /// Too few tickets to deal the most players their starting tickets.
    TooFewTickets {
        /// The most players.
        players: u8,
        /// Regular tickets in the file.
        regular: usize,
        /// Regular tickets needed.
        regular_needed: usize,
        /// Long tickets in the file.
        long: usize,
        /// Long tickets needed.
        long_needed: usize,
    },
    /// The routes make several networks that do not meet, though every ticket lies within one of them.
    Disconnected {
        /// How many networks.
        parts: usize,
        /// A city outside the largest one.
        apart: String,
    },
    /// A ticket whose places no chain of routes joins.
    Unreachable {
        /// The ticket.
        ticket: String,
        /// The place it cannot reach.
        to: String,
    },
    /// A ticket worth far more or less than the cards its shortest path costs (a route's length; a metro line's
    /// printed cards).
    TicketValue {
        /// The ticket.
        ticket: String,
        /// The target whose value it is (a country ticket has several).
        to: String,
        /// Its value.
        value: u16,
        /// The cards of the shortest path: the value suggested.
        shortest: u32,
    },
    /// Two cities' names, or a name and another city's marker, overlap where the board draws them.
    NamesCollide {
        /// One city.
        a: String,
        /// The other.
        b: String,
    },
    /// The file could not be read.
    Unreadable {
        /// The system's reason (English whatever the language).
        why: String,
    },
    /// A folder holds no map file.
    NoMapFiles,
    /// Two map files of a folder have one id.
    IdTaken {
        /// The id.
        id: String,
        /// The file that has it first.
        first: String,
    },
    /// No built-in map has this id.
    NoSuchMap {
        /// The id asked for.
        id: String,
        /// The built-in maps' ids.
        maps: Vec<String>,
    },
}

/// An accepted map in figures: what a maker (or a server choosing it) wants to see at a glance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Locations (cities and border exits).
    pub cities: usize,
    /// Route rows (one per track).
    pub routes: usize,
    /// Double routes (pairs of tracks).
    pub doubles: usize,
    /// Spaces over all routes.
    pub spaces: u32,
    /// Regular tickets.
    pub regular_tickets: usize,
    /// Long tickets (Europe's blue ones).
    pub long_tickets: usize,
    /// The longest route's spaces.
    pub longest_route: u8,
    /// The lowest, median (the upper of the middle two for an even count) and highest of every ticket value (each of
    /// a country ticket's targets counted), when there are tickets.
    pub ticket_values: Option<[u16; 3]>,
    /// The fewest players.
    pub min_players: u8,
    /// The most players.
    pub max_players: u8,
    /// Trains (or trams) per player.
    pub trains: u8,
    /// Metro cars per player.
    pub metros: u8,
    /// Stations per player.
    pub stations: u8,
    /// Tunnel rows.
    pub tunnels: usize,
    /// Ferry rows.
    pub ferries: usize,
}
