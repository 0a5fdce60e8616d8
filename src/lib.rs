//! ttrbot: Ticket to Ride for Discord. A pure rules engine (`rules`), map files (`maps`), and the command line (`cli`).

pub mod cli;
pub mod config;
pub mod maps;
pub mod render;
pub mod replay;
pub mod rules;
pub mod seating;
pub mod sim;
pub mod store;
pub mod text;
