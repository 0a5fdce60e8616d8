//! ttrbot: Ticket to Ride for Discord.
//!
//! - [`rules`]: the pure rules engine — map vocabulary, one `Action` enum, `legal_actions` / `apply`, scoring,
//!   the public and per-seat views (the only doors to hidden information), names, and the replay position format.
//!   It imports nothing else of this crate and no I/O.
//! - [`maps`]: the map files' rows, read and checked into the rules' `Map`, every problem found as data
//!   ([`map_report`], worded by [`text`]).
//! - [`text`]: every sentence a player reads (rule errors, events, refusals), per language ([`lang`]).
//! - [`seating`]: who sits where as everyone sees it (names, player colours).
//! - [`refusal`], [`settings`], [`ids`]: what a user asked that cannot be, a game's typed settings, a game's id —
//!   shared by the store, the text and the bot without either importing the other.
//! - [`render`]: the board picture, from a public view.
//! - [`store`]: SQLite — games, lobbies, seats, the action log and snapshots; all SQL lives here.
//! - [`ai`]: computer players, deciding from their own seat's view only; pure like the rules.
//! - [`bot`]: the Discord bot (poise + serenity): thin handlers over the store, the rules, the text and the renderer.
//! - [`seeds`]: where a new game's seed comes from (the operating system's entropy).
//! - [`web`]: every game's web page (live board, replay) and every server's, from public views only.
//! - [`replay`], [`sim`], [`cli`], [`config`]: the command line and its offline tools.

pub mod ai;
pub mod bot;
pub mod cli;
pub mod config;
pub mod ids;
pub mod lang;
pub mod map_report;
pub mod maps;
pub mod refusal;
pub mod render;
pub mod replay;
pub mod rules;
pub mod seating;
pub mod seeds;
pub mod settings;
pub mod shards;
pub mod sim;
pub mod stats;
pub mod store;
pub mod text;
pub mod web;
