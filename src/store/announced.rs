//! What the channel was shown of a game: the last version announced (so a restart posts what it never saw), a
//! dashboard game's status and ping messages, and channels that are gone (nothing is owed to them ever again).

use sqlx::Row;

use super::{GameId, Refusal, Store, StoreError, Worker, from_db, to_db};

impl Store {
    /// The messages a dashboard game keeps in its channel: its status message and the current turn's ping.
    ///
    /// # Errors
    /// Refused: no such game. Internal: the database.
    pub async fn dashboard_messages(&self, id: GameId) -> Result<(Option<u64>, Option<u64>), StoreError> {
        let row = sqlx::query("SELECT dashboard_message_id, ping_message_id FROM games WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(Refusal::UnknownGame(id))?;
        let id_of = |column: &str| row.get::<Option<i64>, _>(column).map(from_db);
        Ok((id_of("dashboard_message_id"), id_of("ping_message_id")))
    }

    /// Remembers a dashboard game's status message and current ping (see [`Store::dashboard_messages`]). Fenced:
    /// under a game's lease it has lost, nothing is written (see [`Store::under_lease`]).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_dashboard_messages(
        &self,
        id: GameId,
        status: Option<u64>,
        ping: Option<u64>,
    ) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query(&format!(
            "UPDATE games SET dashboard_message_id = $1, ping_message_id = $2 WHERE id = $3 AND {}",
            self.fence_sql("$4", "$5")
        ))
        .bind(status.map(to_db))
        .bind(ping.map(to_db))
        .bind(id.0)
        .bind(Store::fence_owner(id))
        .bind(self.now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Notes that the channel has been shown a game at `version` (never moving backwards). Fenced as
    /// [`Store::set_dashboard_messages`] is.
    ///
    /// # Errors
    /// Database failures.
    pub async fn mark_announced(&self, id: GameId, version: i64) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query(&format!(
            "UPDATE games SET announced_version = CASE WHEN announced_version > $1 THEN announced_version ELSE $1 END \
             WHERE id = $2 AND {}",
            self.fence_sql("$3", "$4")
        ))
        .bind(version)
        .bind(id.0)
        .bind(Store::fence_owner(id))
        .bind(self.now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Games in play whose starting tickets were never DMed (the process stopped before it tried), started before
    /// `started_before` (ms), among those `worker` acts on: each game and its channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn starting_dms_owed(
        &self,
        worker: &Worker,
        started_before: i64,
    ) -> Result<Vec<(GameId, u64)>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT games.id, games.channel_id FROM games \
             WHERE games.status = 'running' AND games.starting_dms_owed_since < $2 AND {} ORDER BY games.id",
            worker.serves_sql(&self.lease_now("$1"))
        ))
        .bind(self.now_ms())
        .bind(started_before)
        .fetch_all(&self.pool)
        .await?;
        Ok(super::games::games_and_channels(&rows))
    }

    /// Takes the sending of a game's owed starting tickets (see [`Store::starting_dms_owed`]) if they are still owed
    /// from before `started_before`: they are then owed from now, so no other scan sends them meanwhile, and a
    /// process that stops before they go out leaves them to the next one. False: someone took them, or they were
    /// sent. Fenced as [`Store::set_dashboard_messages`] is.
    ///
    /// # Errors
    /// Database failures.
    pub async fn take_starting_dms(&self, id: GameId, started_before: i64) -> Result<bool, StoreError> {
        let _writing = self.writing().await;
        let taken = sqlx::query(&format!(
            "UPDATE games SET starting_dms_owed_since = $1 WHERE id = $2 AND starting_dms_owed_since < $3 AND {}",
            self.fence_sql("$4", "$5")
        ))
        .bind(self.now_ms())
        .bind(id.0)
        .bind(started_before)
        .bind(Store::fence_owner(id))
        .bind(self.now_ms())
        .execute(&self.pool)
        .await?;
        Ok(taken.rows_affected() == 1)
    }

    /// Notes that a game's starting tickets were DMed (or tried: closed DMs are told in the channel). Fenced as
    /// [`Store::set_dashboard_messages`] is.
    ///
    /// # Errors
    /// Database failures.
    pub async fn starting_dms_sent(&self, id: GameId) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query(&format!(
            "UPDATE games SET starting_dms_owed_since = NULL WHERE id = $1 AND {}",
            self.fence_sql("$2", "$3")
        ))
        .bind(id.0)
        .bind(Store::fence_owner(id))
        .bind(self.now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Games in play or just finished whose latest action the channel was never shown (the bot stopped between
    /// storing it and posting it), among those `worker` acts on: each game and its channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn unannounced(&self, worker: &Worker) -> Result<Vec<(GameId, u64)>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT games.id, games.channel_id FROM games JOIN snapshots s ON s.game_id = games.id \
             WHERE games.status IN ('running', 'finished') AND s.version > games.announced_version AND {} \
             ORDER BY games.id",
            worker.serves_sql(&self.lease_now("$1"))
        ))
        .bind(self.now_ms())
        .fetch_all(&self.pool)
        .await?;
        Ok(super::games::games_and_channels(&rows))
    }

    /// A channel (or thread) is gone: its lobby and its game in play end without a winner, as `/ttr end` ends one,
    /// and nothing is owed to it any more (no post, no reminder, no computer's move). Returns the games ended.
    ///
    /// # Errors
    /// Database failures.
    pub async fn channel_gone(&self, channel_id: u64) -> Result<Vec<GameId>, StoreError> {
        self.places_gone("channel_id", channel_id).await
    }

    /// As [`Store::channel_gone`], for every channel of a server the bot was removed from (or that was deleted).
    ///
    /// # Errors
    /// Database failures.
    pub async fn guild_gone(&self, guild_id: u64) -> Result<Vec<GameId>, StoreError> {
        self.places_gone("guild_id", guild_id).await
    }

    /// [`Store::channel_gone`] for the games whose `column` (`channel_id` or `guild_id`, from this file only) is
    /// `id`.
    async fn places_gone(&self, column: &str, id: u64) -> Result<Vec<GameId>, StoreError> {
        // Most channels deleted in a server never held a game: a read (by index) answers those, with no write.
        let any = sqlx::query(&format!("SELECT id FROM games WHERE {column} = $1 LIMIT 1"))
            .bind(to_db(id))
            .fetch_optional(&self.pool)
            .await?;
        if any.is_none() {
            return Ok(Vec::new());
        }
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let now = self.now_ms();
        // A write first (SQLite's write lock is waited for, not refused, only when the transaction's first
        // statement writes).
        let ended: Vec<GameId> = sqlx::query(&format!(
            "UPDATE games SET status = 'cancelled', updated_at = $2, next_reminder_at = NULL \
             WHERE {column} = $1 AND status IN ('lobby', 'running') RETURNING id"
        ))
        .bind(to_db(id))
        .bind(now)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|row| GameId(row.get("id")))
        .collect();
        // Its games' pages are not served any more (the game and its record stay, for the players' statistics).
        sqlx::query(&format!("UPDATE games SET web_token = '' WHERE {column} = $1"))
            .bind(to_db(id))
            .execute(&mut *tx)
            .await?;
        // Whatever was stored and never shown there, finished games' last moves included, will never be.
        sqlx::query(&format!(
            "UPDATE games SET announced_version = \
             (SELECT MAX(s.version) FROM snapshots s WHERE s.game_id = games.id) \
             WHERE {column} = $1 AND EXISTS (SELECT 1 FROM snapshots s WHERE s.game_id = games.id \
             AND s.version > games.announced_version)"
        ))
        .bind(to_db(id))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(ended)
    }
}
