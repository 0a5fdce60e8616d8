//! A map's rules as data: the `[rules]` table of a map file, typed.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Color, WildName};

/// Where tickets a player does not keep go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnkeptTickets {
    /// To the bottom of the ticket deck.
    Bottom,
    /// Out of the game.
    Removed,
}

/// The `unkept_tickets` field: one policy for all, or separate ones for setup and later draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum UnkeptPolicy {
    /// The same policy at setup and during play.
    Same(UnkeptTickets),
    /// One policy for the starting tickets, one for tickets drawn during play.
    Split {
        /// Starting tickets not kept.
        initial: UnkeptTickets,
        /// Tickets drawn during play and not kept.
        draw: UnkeptTickets,
    },
}

impl UnkeptPolicy {
    /// The policy for starting tickets.
    pub fn initial(self) -> UnkeptTickets {
        match self {
            UnkeptPolicy::Same(p) => p,
            UnkeptPolicy::Split { initial, .. } => initial,
        }
    }

    /// The policy for tickets drawn during play.
    pub fn draw(self) -> UnkeptTickets {
        match self {
            UnkeptPolicy::Same(p) => p,
            UnkeptPolicy::Split { draw, .. } => draw,
        }
    }
}

/// One step of a map's tie-break order, applied after total points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Most completed tickets wins.
    TicketsCompleted,
    /// Fewest stations placed on the board wins.
    FewestStations,
    /// The holder of the longest-path bonus wins.
    LongestPath,
}

/// A map's rules, checked and ready for the engine. Every number that differs between maps lives here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// Fewest and most players.
    pub min_players: u8,
    /// Most players.
    pub max_players: u8,
    /// Trains (Berlin: trams) each player starts with.
    pub trains: u8,
    /// Metro cars each player starts with (Berlin; 0 elsewhere).
    pub metros: u8,
    /// Stations each player starts with (Europe; 0 elsewhere).
    pub stations: u8,
    /// Cards the 1st, 2nd, … station costs.
    pub station_costs: Vec<u8>,
    /// Points for each station left unbuilt at the end.
    pub station_points: u16,
    /// Cards dealt to each player at setup.
    pub hand: u8,
    /// The colours in the card deck.
    pub deck_colors: Vec<Color>,
    /// Cards of each deck colour.
    pub cards_per_color: u8,
    /// Wild cards in the deck.
    pub wild_cards: u8,
    /// Regular tickets dealt at setup.
    pub tickets_dealt: u8,
    /// Long tickets dealt at setup (Europe); the rest of the long deck leaves the game.
    pub long_tickets_dealt: u8,
    /// Starting tickets a player must keep at least.
    pub tickets_keep: u8,
    /// Tickets drawn by the ticket action.
    pub tickets_draw: u8,
    /// Tickets a player must keep at least after drawing.
    pub tickets_draw_keep: u8,
    /// Where unkept tickets go.
    pub unkept_tickets: UnkeptPolicy,
    /// From this many players both tracks of a double route may be used.
    pub doubles_min_players: u8,
    /// What the wild card is called.
    pub wild: WildName,
    /// Whether a face-up wild card ends the draw (counts as two cards) and may not be taken second.
    pub wild_faceup_counts_double: bool,
    /// Whether wild cards may only pay for tunnels (Switzerland).
    pub wild_only_on_tunnels: bool,
    /// The end is triggered when a player's pieces left are at most this.
    pub end_at: u8,
    /// Bonus for the longest continuous path (0 = none).
    pub longest_path_bonus: u16,
    /// Points by route length (index = length; `None` = no such length on this map).
    pub route_points: Vec<Option<u16>>,
    /// Points of a metro route by its card count (Berlin).
    pub metro_points: Vec<Option<u16>>,
    /// Grand Tour bonus by the number of qualifying tickets (India): the n-th entry for n+1 tickets, the last for more.
    pub grand_tour: Vec<u16>,
    /// Tie-breaks after total points, in order.
    pub tie_breaks: Vec<TieBreak>,
}

impl Ruleset {
    /// Whether this face-up card may be taken as a player's second card (a wild that counts double may not).
    pub fn may_take_second(&self, card: Card) -> bool {
        !(card.is_wild() && self.wild_faceup_counts_double)
    }

    /// Total cards in the deck.
    pub fn total_cards(&self) -> u32 {
        self.deck_colors.len() as u32 * u32::from(self.cards_per_color) + u32::from(self.wild_cards)
    }

    /// Points for a train (or tram) route of this length, if the table has it.
    pub fn points_for_length(&self, len: u8) -> Option<u16> {
        self.route_points.get(usize::from(len)).copied().flatten()
    }

    /// Points for a metro route paid with this many cards, if the table has it.
    pub fn points_for_metro(&self, cards: u8) -> Option<u16> {
        self.metro_points.get(usize::from(cards)).copied().flatten()
    }

    /// Grand Tour bonus for this many qualifying tickets.
    pub fn grand_tour_points(&self, tickets: usize) -> u16 {
        match (tickets, self.grand_tour.last()) {
            (0, _) | (_, None) => 0,
            (n, Some(&most)) => self.grand_tour.get(n - 1).copied().unwrap_or(most),
        }
    }

    /// Whether both tracks of a double route may be used with this many players.
    pub fn doubles_open(&self, players: usize) -> bool {
        players >= usize::from(self.doubles_min_players)
    }
}
