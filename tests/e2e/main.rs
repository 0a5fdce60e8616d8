//! The real bot binary against a fake Discord on loopback (`fake_discord`): lobbies and commands (`bot_e2e`), and
//! whole games on every map with scripted players (`bot_games`). A binary of its own, so its games (each answer
//! due within Discord's 3 seconds) never share the machine with the CPU-heavy tests of `tests/it`.

mod fake_discord;

mod bot_e2e;
mod bot_games;
mod hardening;
