//! The real bot binary against a fake Discord on loopback (`fake_discord`): lobbies and commands (`bot_e2e`), whole
//! games on every map with scripted players (`bot_games`), what real Discord does to a bot (`hardening`), a bot that
//! never goes quietly deaf (`liveness`), one person who cannot slow everyone (`limits`), and two processes with a
//! shard each on one PostgreSQL database (`processes`); and headless Chromium for web pages (`browser`, proved by
//! `browser_harness`). A binary of its own, so its games (each answer due within Discord's 3 seconds) never share
//! the machine with the CPU-heavy tests of `tests/it`.

mod browser;
mod fake_discord;
/// The store tests' databases (a PostgreSQL one when a server is given), shared with `tests/it`.
#[path = "../it/common/store.rs"]
#[allow(dead_code)]
mod store_common;

mod bot_e2e;
mod bot_games;
mod browser_harness;
mod custom_maps;
mod hardening;
mod limits;
mod liveness;
mod processes;
mod web_pages;
