//! Identifiers shared by the store, the text and the bot.

use serde::Serialize;

/// A stored game's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct GameId(pub i64);
