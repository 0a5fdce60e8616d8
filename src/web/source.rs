//! Where pages read their games: the bot's store (every process sharing it serves every game), or one game saved by
//! `ttrbot play` and watched while it is played offline.

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use super::record::Record;
use crate::store::{GameId, Store, WatchedGame, WebToken};

/// Which game a page shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameKey {
    /// A stored game.
    Stored(GameId),
    /// The saved game of `ttrbot web --game`.
    Saved,
}

/// Reads a saved game's file into a record (the command line's, which knows the file's format).
pub type ReadSaved = Box<dyn Fn(&Path) -> Result<Record, String> + Send + Sync>;

/// Where the pages' games come from.
pub enum Source {
    /// The bot's store.
    Store(Store),
    /// One game saved to a file, shown at one token.
    Saved {
        /// The file, read again whenever it changes.
        path: PathBuf,
        /// The page's token (random for each run of `ttrbot web`).
        token: WebToken,
        /// How the file is read.
        read: ReadSaved,
    },
}

impl Source {
    /// The game `token` opens, if any.
    ///
    /// # Errors
    /// The store's, as a sentence for the log.
    pub async fn find(&self, token: &WebToken) -> Result<Option<GameKey>, String> {
        match self {
            Source::Store(store) => Ok(store
                .game_by_web_token(token)
                .await
                .map_err(|e| e.to_string())?
                .map(|game| GameKey::Stored(game.id))),
            // Compared in full whatever matches first: no shorter answer for a closer guess.
            Source::Saved { token: own, .. } => {
                Ok(constant_time_eq(own.as_str(), token.as_str()).then_some(GameKey::Saved))
            }
        }
    }

    /// What changes whenever `key`'s game does: its version, or the saved file's modification time and length.
    /// `None` for a game no longer served.
    ///
    /// # Errors
    /// The store's, as a sentence for the log.
    pub async fn stamp(&self, key: &GameKey) -> Result<Option<i64>, String> {
        match (self, key) {
            (Source::Store(store), GameKey::Stored(id)) => store.served_version(*id).await.map_err(|e| e.to_string()),
            (Source::Saved { path, .. }, GameKey::Saved) => Ok(std::fs::metadata(path).ok().map(|m| {
                let modified = m
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos() as i64);
                modified ^ (m.len() as i64).rotate_left(48)
            })),
            _ => Ok(None),
        }
    }

    /// `key`'s game as a record, if it is still served.
    ///
    /// # Errors
    /// The store's, or a saved file that does not read: a sentence for the log.
    pub async fn record(&self, key: &GameKey) -> Result<Option<Record>, String> {
        match (self, key) {
            (Source::Store(store), GameKey::Stored(id)) => {
                let Some(WatchedGame {
                    settings,
                    turn_started_at,
                    status,
                    ..
                }) = store.watched_game(*id).await.map_err(|e| e.to_string())?
                else {
                    return Ok(None);
                };
                let since = (status == "running").then_some(turn_started_at).flatten();
                Record::of_store(store, *id, settings.language, since)
                    .await
                    .map(Some)
                    .map_err(|e| e.to_string())
            }
            (Source::Saved { path, read, .. }, GameKey::Saved) => read(path).map(Some),
            _ => Ok(None),
        }
    }
}

/// Whether `a` and `b` are equal, in a time that depends on their lengths only.
fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
