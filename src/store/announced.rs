//! What the channel was shown of a game: the last version announced (so a restart posts what it never saw) and a
//! dashboard game's status and ping messages.

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

    /// Remembers a dashboard game's status message and current ping (see [`Store::dashboard_messages`]).
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
        sqlx::query("UPDATE games SET dashboard_message_id = $1, ping_message_id = $2 WHERE id = $3")
            .bind(status.map(to_db))
            .bind(ping.map(to_db))
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Notes that the channel has been shown a game at `version` (never moving backwards).
    ///
    /// # Errors
    /// Database failures.
    pub async fn mark_announced(&self, id: GameId, version: i64) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query("UPDATE games SET announced_version = CASE WHEN announced_version > $1 THEN announced_version ELSE $1 END WHERE id = $2")
            .bind(version)
            .bind(id.0)
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
            worker.serves_sql("$1")
        ))
        .bind(self.now_ms())
        .fetch_all(&self.pool)
        .await?;
        Ok(super::games::games_and_channels(&rows))
    }
}
