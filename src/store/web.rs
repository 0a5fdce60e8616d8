//! What the web pages read: games and servers by their unguessable tokens, a game's version for its live page, a
//! server's games, and whether a server's messages carry links to the pages.

use std::collections::HashMap;
use std::fmt;

use sqlx::Row;

use super::{GameId, Store, StoreError, from_db, to_db};
use crate::lang::Lang;
use crate::settings::Settings;

/// An unguessable page token: 128 random bits from the operating system, as 32 lowercase hex digits.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct WebToken(String);

impl WebToken {
    /// A new random token.
    pub fn random() -> WebToken {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
        WebToken(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// `text` as a token if it has a token's shape (so nothing else reaches the database).
    pub fn parse(text: &str) -> Option<WebToken> {
        let shaped = text.len() == 32 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        shaped.then(|| WebToken(text.to_owned()))
    }

    /// The token as it appears in a page's address.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for WebToken {
    // A token is a key to a page: logs name that there is one, never which.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WebToken(…)")
    }
}

/// A game a page shows: where it is played and what it is, without its snapshot.
#[derive(Clone, Debug, PartialEq)]
pub struct WatchedGame {
    /// The game.
    pub id: GameId,
    /// Its server, if any.
    pub guild_id: Option<u64>,
    /// `lobby`, `running`, `finished` or `cancelled`.
    pub status: String,
    /// Its settings (the language of its public messages among them).
    pub settings: Settings,
    /// When the current turn started (Unix milliseconds), while it runs.
    pub turn_started_at: Option<i64>,
}

impl Store {
    /// The token of game `id`'s page, made the first time it is asked for; `None` for a game whose channel is gone
    /// (its page is not served) or that never started.
    ///
    /// # Errors
    /// The database.
    pub async fn game_web_token(&self, id: GameId) -> Result<Option<WebToken>, StoreError> {
        let current = |row: Option<sqlx::any::AnyRow>| {
            row.and_then(|r| r.get::<Option<String>, _>("web_token"))
                .map(|t| WebToken::parse(&t))
        };
        let read = "SELECT web_token FROM games WHERE id = $1 AND status <> 'lobby'";
        let Some(row) = sqlx::query(read).bind(id.0).fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        if let Some(known) = current(Some(row)) {
            return Ok(known);
        }
        let _writing = self.writing().await;
        // Two processes may make one at once: the first stored wins, both read it back.
        sqlx::query("UPDATE games SET web_token = $1 WHERE id = $2 AND web_token IS NULL AND status <> 'lobby'")
            .bind(WebToken::random().0)
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        let row = sqlx::query(read).bind(id.0).fetch_optional(&self.pool).await?;
        Ok(current(row).flatten())
    }

    /// [`Store::game_web_token`], unless game `id`'s server turned links to pages off.
    ///
    /// # Errors
    /// The database.
    pub async fn linked_web_token(&self, id: GameId) -> Result<Option<WebToken>, StoreError> {
        let row = sqlx::query(
            "SELECT COALESCE(s.web_links, 1) AS links FROM games g
             LEFT JOIN server_settings s ON s.guild_id = g.guild_id WHERE g.id = $1",
        )
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?;
        if row.is_none_or(|r| r.get::<i64, _>("links") == 0) {
            return Ok(None);
        }
        self.game_web_token(id).await
    }

    /// The game whose page `token` opens, if any (a started game whose channel is not gone).
    ///
    /// # Errors
    /// The database.
    pub async fn game_by_web_token(&self, token: &WebToken) -> Result<Option<WatchedGame>, StoreError> {
        // Written as the partial index's condition is, so SQLite and PostgreSQL use the index.
        let row = sqlx::query(&format!(
            "{WATCHED} WHERE web_token = $1 AND web_token <> '' AND status <> 'lobby'"
        ))
        .bind(token.as_str())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| watched_of(&r)))
    }

    /// Game `id` as its page needs it, if its page is served.
    ///
    /// # Errors
    /// The database.
    pub async fn watched_game(&self, id: GameId) -> Result<Option<WatchedGame>, StoreError> {
        let row = sqlx::query(&format!("{WATCHED} WHERE id = $1 AND {SERVED}"))
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| watched_of(&r)))
    }
    /// Game `id`'s stored version (actions applied) while its page is served; `None` for an unknown game or one
    /// whose page is gone. What a live page watches.
    ///
    /// # Errors
    /// The database.
    pub async fn served_version(&self, id: GameId) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query(
            "SELECT s.version FROM snapshots s JOIN games g ON g.id = s.game_id
             WHERE s.game_id = $1 AND g.status <> 'lobby' AND COALESCE(g.web_token, 'new') <> ''",
        )
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.get("version")))
    }

    /// The token of server `guild_id`'s page, made the first time it is asked for.
    ///
    /// # Errors
    /// The database.
    pub async fn server_web_token(&self, guild_id: u64) -> Result<WebToken, StoreError> {
        let read = || async {
            let row = sqlx::query("SELECT web_token FROM server_settings WHERE guild_id = $1")
                .bind(to_db(guild_id))
                .fetch_optional(&self.pool)
                .await?;
            Ok::<_, StoreError>(
                row.and_then(|r| r.get::<Option<String>, _>("web_token"))
                    .and_then(|t| WebToken::parse(&t)),
            )
        };
        if let Some(token) = read().await? {
            return Ok(token);
        }
        let _writing = self.writing().await;
        sqlx::query(
            "INSERT INTO server_settings (guild_id, web_token) VALUES ($1, $2)
             ON CONFLICT (guild_id) DO UPDATE SET web_token = COALESCE(server_settings.web_token, excluded.web_token)",
        )
        .bind(to_db(guild_id))
        .bind(WebToken::random().0)
        .execute(&self.pool)
        .await?;
        Ok(read().await?.expect("a server's token was just stored"))
    }

    /// The server whose page `token` opens, if any.
    ///
    /// # Errors
    /// The database.
    pub async fn server_by_web_token(&self, token: &WebToken) -> Result<Option<u64>, StoreError> {
        let row = sqlx::query("SELECT guild_id FROM server_settings WHERE web_token = $1")
            .bind(token.as_str())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| from_db(r.get("guild_id"))))
    }

    /// What changes whenever server `guild_id`'s page would: its links setting, how many of its games have a page,
    /// and when one last changed.
    ///
    /// # Errors
    /// The database.
    pub async fn server_page_stamp(&self, guild_id: u64) -> Result<(bool, i64, i64), StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(web_token) AS linked, COALESCE(MAX(updated_at), 0) AS changed FROM games WHERE guild_id = $1",
        )
        .bind(to_db(guild_id))
        .fetch_one(&self.pool)
        .await?;
        Ok((self.web_links(guild_id).await?, row.get("linked"), row.get("changed")))
    }

    /// Whether server `guild_id`'s game messages carry links to their pages (the default).
    ///
    /// # Errors
    /// The database.
    pub async fn web_links(&self, guild_id: u64) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT web_links FROM server_settings WHERE guild_id = $1")
            .bind(to_db(guild_id))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_none_or(|r| r.get::<i64, _>("web_links") != 0))
    }

    /// Turns server `guild_id`'s links to pages on or off.
    ///
    /// # Errors
    /// The database.
    pub async fn set_web_links(&self, guild_id: u64, on: bool) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query(
            "INSERT INTO server_settings (guild_id, web_links) VALUES ($1, $2)
             ON CONFLICT (guild_id) DO UPDATE SET web_links = excluded.web_links",
        )
        .bind(to_db(guild_id))
        .bind(i64::from(on))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The language of server `guild_id`'s latest game (its public messages' language), for its page.
    ///
    /// # Errors
    /// The database.
    pub async fn server_language(&self, guild_id: u64) -> Result<Lang, StoreError> {
        let row = sqlx::query("SELECT settings FROM games WHERE guild_id = $1 ORDER BY id DESC LIMIT 1")
            .bind(to_db(guild_id))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map_or_else(Lang::default, |r| Settings::from_json(r.get("settings")).language))
    }

    /// Each person's name at server `guild_id`'s tables: the one they sat down with last.
    ///
    /// # Errors
    /// The database.
    pub async fn people_names(&self, guild_id: u64) -> Result<HashMap<u64, String>, StoreError> {
        let rows = sqlx::query(
            "SELECT s.user_id, s.name FROM seats s JOIN games g ON g.id = s.game_id
             WHERE g.guild_id = $1 AND s.user_id IS NOT NULL ORDER BY g.id",
        )
        .bind(to_db(guild_id))
        .fetch_all(&self.pool)
        .await?;
        // Later games come later and overwrite: the latest name wins.
        Ok(rows
            .iter()
            .map(|r| (from_db(r.get("user_id")), r.get("name")))
            .collect())
    }

    /// Server `guild_id`'s latest started games whose pages were linked in their channels (newest first, at most
    /// `limit`; a game whose link was never shown, or whose channel is gone, is not listed).
    ///
    /// # Errors
    /// The database.
    pub async fn server_games(&self, guild_id: u64, limit: u32) -> Result<Vec<ServerGame>, StoreError> {
        self.games_listed(Some(guild_id), limit).await
    }

    /// The latest started games of every server, each given its page's token if it had none (what `ttrbot web
    /// --database` lists for an operator); not those whose channel is gone.
    ///
    /// # Errors
    /// The database.
    pub async fn latest_games(&self, limit: u32) -> Result<Vec<ServerGame>, StoreError> {
        self.games_listed(None, limit).await
    }

    /// The latest started games of `guild_id` (only those with a token), or of every server (tokens made).
    async fn games_listed(&self, guild_id: Option<u64>, limit: u32) -> Result<Vec<ServerGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, status, map, updated_at, web_token FROM games
             WHERE ($1 IS NULL OR (guild_id = $1 AND web_token IS NOT NULL)) AND COALESCE(web_token, 'new') <> ''
             AND status IN ('running', 'finished') ORDER BY updated_at DESC, id DESC LIMIT $2",
        )
        .bind(guild_id.map(to_db))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in rows {
            let id = GameId(row.get("id"));
            let token = match row
                .get::<Option<String>, _>("web_token")
                .and_then(|t| WebToken::parse(&t))
            {
                Some(token) => token,
                None => match self.game_web_token(id).await? {
                    Some(token) => token,
                    None => continue,
                },
            };
            games.push(ServerGame {
                id,
                running: row.get::<String, _>("status") == "running",
                map: row.get("map"),
                updated_at: row.get("updated_at"),
                players: self.seats(id).await?.into_iter().map(|s| s.player.name).collect(),
                token,
            });
        }
        Ok(games)
    }
}

/// The columns of a [`WatchedGame`].
const WATCHED: &str = "SELECT id, guild_id, status, settings, turn_started_at FROM games";

/// A game whose page is served: started, and its channel not gone.
const SERVED: &str = "status <> 'lobby' AND COALESCE(web_token, 'new') <> ''";

fn watched_of(r: &sqlx::any::AnyRow) -> WatchedGame {
    WatchedGame {
        id: GameId(r.get("id")),
        guild_id: r.get::<Option<i64>, _>("guild_id").map(from_db),
        status: r.get("status"),
        settings: Settings::from_json(r.get("settings")),
        turn_started_at: r.get("turn_started_at"),
    }
}

/// One of a server's games, as its page lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerGame {
    /// The game.
    pub id: GameId,
    /// Still being played (else finished).
    pub running: bool,
    /// Its map's id.
    pub map: String,
    /// When it last changed (Unix milliseconds).
    pub updated_at: i64,
    /// Its players' names in seat order.
    pub players: Vec<String>,
    /// Its page's token.
    pub token: WebToken,
}
