//! Every test but the bot's end to end, in one binary: rules, scoring, maps, names, sentences, properties over
//! thousands of random games, computer players, the board, the store, the command line, bad input, the
//! architecture's habits, and the links of the README and the book. One binary links the crate and its dependencies
//! once instead of once per file.

mod common;

mod ai;
mod architecture;
mod bad_input;
mod cli;
mod docs;
mod editor;
mod fairness;
mod history;
mod maps;
mod names;
mod play;
mod properties;
mod reminders;
mod render;
mod replay;
mod rules_base;
mod rules_maps;
mod scoring;
mod store;
mod store_crash;
mod store_maps;
mod svg;
mod text;
mod web;
