//! The pure rules of Ticket to Ride: no I/O, no async, no Discord, no database, no images, and nothing else of
//! this crate.
//!
//! One way in: [`Game::legal_actions`] lists what a seat may do, [`Game::apply`] does it (or refuses with a
//! [`RuleError`] and changes nothing), and [`PublicView`] / [`SeatView`] are the only ways out for display.

pub mod action;
pub mod cards;
pub mod dealt;
pub mod error;
pub mod event;
pub mod game;
pub mod map;
pub mod names;
pub mod position;
pub mod rng;
pub mod ruleset;
pub mod scoring;
pub mod seat;
pub mod sets;
pub mod step;
pub mod view;

pub use action::Action;
pub use cards::{Card, CardCounts, Color, WildName};
pub use dealt::{DealtGame, DealtTickets};
pub use error::RuleError;
pub use event::{Event, PrivateEvent};
pub use game::{ClaimOptions, Game, Payment, Purchase, SeatState, SetupError, State};
pub use map::{
    City, CityId, Country, CountryId, Link, MAX_ROUTES, MAX_TICKETS, Map, Place, Route, RouteId, RouteKind, Ticket,
    TicketId, fold,
};
pub use rng::{GameRng, GameSeed};
pub use ruleset::Ruleset;
pub use scoring::{FinalScore, Holdings};
pub use seat::Seat;
pub use sets::{RouteSet, TicketSet};
pub use step::{Step, TunnelClaim};
pub use view::{OpenMoves, PublicSeat, PublicView, ReturnedTicket, SeatView};
