//! Servers' own maps (uploaded, listed, removed) and the text of every map a game was opened on, read back by hash.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sqlx::Row;

use super::games::rolled_back;
use super::{GameId, Refusal, Store, StoreError, from_db, to_db};
use crate::maps;
use crate::rules::{Map, fold};

/// Most maps one server may keep: each is offered in `/ttr start`'s list, and an autocomplete shows 25 at most.
pub const MOST_SERVER_MAPS: usize = 30;

/// Most parsed maps a process keeps by hash; past it the cache starts again (a map parses in about a millisecond).
const MOST_CACHED_MAPS: usize = 256;

/// A map a server uploaded, as `/ttr map list` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerMap {
    /// The id written in the file: what `/ttr start map:` takes.
    pub id: String,
    /// The name written in the file.
    pub name: String,
    /// SHA-256 of the file's text, lowercase hex: what games opened on it keep.
    pub hash: String,
    /// Who uploaded it (a Discord user).
    pub uploaded_by: u64,
    /// When, Unix milliseconds.
    pub uploaded_at: i64,
}

/// What an upload did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uploaded {
    /// A new map for the server.
    Added,
    /// The server's map of the same id now has this text; games opened on the old one keep theirs.
    Replaced,
    /// The server already had exactly this map.
    Unchanged,
}

/// Parsed maps by hash, shared by a store's clones: every load of a game on a server's map needs its map.
#[derive(Debug, Default)]
pub(super) struct MapCache(Mutex<HashMap<String, Arc<Map>>>);

impl MapCache {
    fn get(&self, hash: &str) -> Option<Arc<Map>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(hash)
            .cloned()
    }

    fn put(&self, hash: &str, map: Arc<Map>) {
        let mut cache = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if cache.len() >= MOST_CACHED_MAPS {
            cache.clear();
        }
        cache.insert(hash.to_string(), map);
    }
}

/// A map text's SHA-256, lowercase hex: the name a game keeps its map's exact text by.
pub fn text_hash(text: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn server_map(row: &sqlx::any::AnyRow) -> ServerMap {
    ServerMap {
        id: row.get("map_id"),
        name: row.get("name"),
        hash: row.get("hash"),
        uploaded_by: from_db(row.get("uploaded_by")),
        uploaded_at: row.get("uploaded_at"),
    }
}

const SERVER_MAP_COLUMNS: &str = "map_id, name, hash, uploaded_by, uploaded_at";

impl Store {
    /// The map a game is played on: a built-in map by id, or (with `hash`) the map text stored under that hash.
    ///
    /// # Errors
    /// Refused: no such map. Internal: the database, or a stored text that no longer parses.
    pub async fn map(&self, id: &str, hash: Option<&str>) -> Result<Arc<Map>, StoreError> {
        match hash {
            Some(hash) if self.maps.get(hash).is_none() => {
                let mut conn = self.pool.acquire().await?;
                self.map_in(&mut conn, id, Some(hash)).await
            }
            _ => self.map_in_cache(id, hash),
        }
    }

    /// A built-in map, or a server's map this process has parsed already (`None` when it has not).
    fn map_in_cache(&self, id: &str, hash: Option<&str>) -> Result<Arc<Map>, StoreError> {
        match hash {
            None => maps::builtin(id).map_err(|_| Refusal::UnknownMap(crate::rules::names::excerpt(id)).into()),
            Some(hash) => self
                .maps
                .get(hash)
                .ok_or_else(|| Refusal::UnknownMap(crate::rules::names::excerpt(id)).into()),
        }
    }

    /// As [`Store::map`], reading through `conn` (a transaction's, which on an in-memory database is the only one).
    pub(super) async fn map_in(
        &self,
        conn: &mut sqlx::AnyConnection,
        id: &str,
        hash: Option<&str>,
    ) -> Result<Arc<Map>, StoreError> {
        let Some(hash) = hash.filter(|h| self.maps.get(h).is_none()) else {
            return self.map_in_cache(id, hash);
        };
        let row = sqlx::query("SELECT text FROM map_texts WHERE hash = $1")
            .bind(hash)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or_else(|| Refusal::UnknownMap(crate::rules::names::excerpt(id)))?;
        // Read with the built-in maps' limits, not an upload's: a text accepted once stays playable even if a
        // later version checks uploads more strictly.
        let map = maps::parse(id, row.get("text"))
            .map_err(|e| StoreError::Internal(super::Internal::Database(sqlx::Error::Protocol(e.to_string()))))?;
        let map = Arc::new(map);
        self.maps.put(hash, Arc::clone(&map));
        Ok(map)
    }

    /// Stores `text` (an accepted map file whose id and name are `map`'s) as server `guild_id`'s map of that id,
    /// uploaded by `user_id`: added, or replacing the server's map of the same id (compared case-folded).
    ///
    /// # Errors
    /// Refused: the id is a built-in map's, or the server already keeps [`MOST_SERVER_MAPS`] maps. Internal: the
    /// database.
    pub async fn upload_map(&self, guild_id: u64, user_id: u64, map: &Map, text: &str) -> Result<Uploaded, StoreError> {
        let key = fold(map.id.trim());
        if maps::BUILTIN.iter().any(|(id, _)| fold(id) == key) {
            return Err(Refusal::BuiltInMapId(crate::rules::names::excerpt(&map.id)).into());
        }
        let hash = text_hash(text);
        let now = self.now_ms();
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let before = sqlx::query(&format!(
            "SELECT hash FROM server_maps WHERE guild_id = $1 AND map_key = $2{}",
            self.backend.for_update()
        ))
        .bind(to_db(guild_id))
        .bind(&key)
        .fetch_optional(&mut *tx)
        .await?
        .map(|r| r.get::<String, _>("hash"));
        if before.as_deref() == Some(hash.as_str()) {
            tx.rollback().await?;
            return Ok(Uploaded::Unchanged);
        }
        if before.is_none() {
            let kept: i64 = sqlx::query("SELECT COUNT(*) AS n FROM server_maps WHERE guild_id = $1")
                .bind(to_db(guild_id))
                .fetch_one(&mut *tx)
                .await?
                .get("n");
            if kept >= MOST_SERVER_MAPS as i64 {
                let refused = Refusal::TooManyMaps {
                    most: MOST_SERVER_MAPS as u8,
                }
                .into();
                return Err(rolled_back(tx, refused).await);
            }
        }
        sqlx::query("INSERT INTO map_texts (hash, text, created_at) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING")
            .bind(&hash)
            .bind(text)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO server_maps (guild_id, map_key, map_id, name, hash, uploaded_by, uploaded_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (guild_id, map_key) DO UPDATE SET map_id = excluded.map_id, name = excluded.name,
                 hash = excluded.hash, uploaded_by = excluded.uploaded_by, uploaded_at = excluded.uploaded_at",
        )
        .bind(to_db(guild_id))
        .bind(&key)
        .bind(&map.id)
        .bind(&map.name)
        .bind(&hash)
        .bind(to_db(user_id))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if let Some(old) = &before {
            forget_unused_text(&mut tx, old).await?;
        }
        tx.commit().await?;
        Ok(if before.is_some() {
            Uploaded::Replaced
        } else {
            Uploaded::Added
        })
    }

    /// Server `guild_id`'s maps, by name.
    ///
    /// # Errors
    /// The database.
    pub async fn server_maps(&self, guild_id: u64) -> Result<Vec<ServerMap>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {SERVER_MAP_COLUMNS} FROM server_maps WHERE guild_id = $1 ORDER BY map_key"
        ))
        .bind(to_db(guild_id))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(server_map).collect())
    }

    /// Server `guild_id`'s map with this id (compared case-folded), if it has one.
    ///
    /// # Errors
    /// The database.
    pub async fn server_map(&self, guild_id: u64, id: &str) -> Result<Option<ServerMap>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {SERVER_MAP_COLUMNS} FROM server_maps WHERE guild_id = $1 AND map_key = $2"
        ))
        .bind(to_db(guild_id))
        .bind(fold(id.trim()))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(server_map))
    }

    /// Removes server `guild_id`'s map with this id. Games opened on it keep their copy.
    ///
    /// # Errors
    /// Refused: the server has no such map. Internal: the database.
    pub async fn remove_server_map(&self, guild_id: u64, id: &str) -> Result<ServerMap, StoreError> {
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(&format!(
            "DELETE FROM server_maps WHERE guild_id = $1 AND map_key = $2 RETURNING {SERVER_MAP_COLUMNS}"
        ))
        .bind(to_db(guild_id))
        .bind(fold(id.trim()))
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Err(rolled_back(tx, Refusal::UnknownMap(crate::rules::names::excerpt(id)).into()).await);
        };
        let removed = server_map(&row);
        forget_unused_text(&mut tx, &removed.hash).await?;
        tx.commit().await?;
        Ok(removed)
    }

    /// The board's name places and palette stored for a map text, as [`Store::set_map_drawing`] left them.
    ///
    /// # Errors
    /// The database.
    pub async fn map_drawing(&self, hash: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT drawing FROM map_texts WHERE hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.get("drawing")))
    }

    /// For game `id` on a server's map: its text's hash and the drawing kept with it (`None` for a built-in map).
    ///
    /// # Errors
    /// The database.
    pub async fn game_map_drawing(&self, id: GameId) -> Result<Option<(String, Option<String>)>, StoreError> {
        let row = sqlx::query(
            "SELECT t.hash, t.drawing FROM games g JOIN map_texts t ON t.hash = g.map_hash WHERE g.id = $1",
        )
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (r.get("hash"), r.get("drawing"))))
    }

    /// Keeps what drawing a map's first board worked out (see [`Store::map_drawing`]).
    ///
    /// # Errors
    /// The database.
    pub async fn set_map_drawing(&self, hash: &str, drawing: &str) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query("UPDATE map_texts SET drawing = $1 WHERE hash = $2")
            .bind(drawing)
            .bind(hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The role that may upload and remove server `guild_id`'s maps besides those who manage the server.
    ///
    /// # Errors
    /// The database.
    pub async fn map_role(&self, guild_id: u64) -> Result<Option<u64>, StoreError> {
        let row = sqlx::query("SELECT map_role_id FROM server_settings WHERE guild_id = $1")
            .bind(to_db(guild_id))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.get::<Option<i64>, _>("map_role_id")).map(from_db))
    }

    /// Sets (or, with `None`, clears) the role of [`Store::map_role`].
    ///
    /// # Errors
    /// The database.
    pub async fn set_map_role(&self, guild_id: u64, role: Option<u64>) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query(
            "INSERT INTO server_settings (guild_id, map_role_id) VALUES ($1, $2)
             ON CONFLICT (guild_id) DO UPDATE SET map_role_id = excluded.map_role_id",
        )
        .bind(to_db(guild_id))
        .bind(role.map(to_db))
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// Deletes a map text nothing uses any more (no server's map, no game): a text a game was opened on stays for ever,
/// its replays need it.
async fn forget_unused_text(tx: &mut sqlx::Transaction<'_, sqlx::Any>, hash: &str) -> Result<(), StoreError> {
    // A lobby cancelled before it started never needs its map: it lets go of it, so no text is kept for it.
    sqlx::query("UPDATE games SET map_hash = NULL WHERE map_hash = $1 AND status = 'cancelled'")
        .bind(hash)
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "DELETE FROM map_texts WHERE hash = $1
             AND NOT EXISTS (SELECT 1 FROM server_maps WHERE hash = $1)
             AND NOT EXISTS (SELECT 1 FROM games WHERE map_hash = $1)",
    )
    .bind(hash)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
