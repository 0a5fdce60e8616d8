//! Turns and reminders as stored times: when the seats to act began their turn, when they are next pinged, and
//! who wants pings. The bot's reminder loop asks for what is due instead of keeping timers in memory.

use sqlx::{Any, Row, Transaction};

use super::{GameId, Refusal, Store, StoreError, Worker, from_db};
use crate::settings::Settings;

/// A game whose players are due a reminder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Due {
    /// The game.
    pub game: GameId,
    /// Its channel.
    pub channel_id: u64,
    /// When the turn being reminded of began, Unix milliseconds: [`Store::reminded`] takes it back, so a move made
    /// while the reminder was being sent is not mistaken for the old turn.
    pub turn_started_at: i64,
    /// When this reminder was due, Unix milliseconds (at the latest the turn's deadline, while that was ahead).
    pub due_at: i64,
}

/// A game's settings and the start of its current turn, as read through `db` (a transaction or the pool): what its
/// next reminder and its deadline are counted from.
pub(super) async fn timing<'e>(
    db: impl sqlx::Executor<'e, Database = Any>,
    id: GameId,
) -> Result<(Settings, Option<i64>), StoreError> {
    let row = sqlx::query("SELECT settings, turn_started_at FROM games WHERE id = $1")
        .bind(id.0)
        .fetch_optional(db)
        .await?
        .ok_or(Refusal::UnknownGame(id))?;
    Ok((Settings::from_json(row.get("settings")), row.get("turn_started_at")))
}

/// Counts the next reminder of running game `id` again from now (after its settings changed).
pub(super) async fn reschedule(tx: &mut Transaction<'_, Any>, id: GameId, now: i64) -> Result<(), StoreError> {
    let (settings, turn_started_at) = timing(&mut **tx, id).await?;
    sqlx::query("UPDATE games SET next_reminder_at = $1 WHERE id = $2 AND status = 'running'")
        .bind(settings.next_reminder_at(turn_started_at, now))
        .bind(id.0)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Starts a new turn of game `id` at `now`: its first reminder is one interval later.
pub(super) async fn start_turn(tx: &mut Transaction<'_, Any>, id: GameId, now: i64) -> Result<(), StoreError> {
    let (settings, _) = timing(&mut **tx, id).await?;
    sqlx::query("UPDATE games SET turn_started_at = $1, next_reminder_at = $2 WHERE id = $3")
        .bind(now)
        .bind(settings.next_reminder_at(Some(now), now))
        .bind(id.0)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

impl Store {
    /// Running games whose reminder time has come that `worker` acts on (see [`Worker`]), earliest first, at most
    /// `limit`. Reads only those games
    /// (through the `next_reminder_at` index), however many are stored. (`+status` keeps SQLite from picking the
    /// status index instead, which would read every running game and sort them.)
    ///
    /// # Errors
    /// Database failures.
    pub async fn due_reminders(&self, limit: u32, worker: &Worker) -> Result<Vec<Due>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT id, channel_id, turn_started_at, next_reminder_at FROM games \
             WHERE next_reminder_at IS NOT NULL AND next_reminder_at <= $2 AND {} = 'running' AND {} \
             ORDER BY next_reminder_at LIMIT $1",
            self.backend.unindexed("status"),
            worker.serves_sql(&self.lease_now("$2"))
        ))
        .bind(i64::from(limit))
        .bind(self.now_ms())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Due {
                game: GameId(r.get("id")),
                channel_id: from_db(r.get("channel_id")),
                turn_started_at: r.get::<Option<i64>, _>("turn_started_at").unwrap_or(0),
                due_at: r.get("next_reminder_at"),
            })
            .collect())
    }

    /// Notes that `due`'s players were reminded now: the next reminder is one interval from now (so a bot that was
    /// down for several intervals sends one reminder, not one per interval missed). False when the turn has moved
    /// on since `due` was read, the game's lease this was sent under was lost (see [`Store::under_lease`]), or its
    /// settings changed since they were read here (their change counted the next reminder itself); nothing changes
    /// then.
    ///
    /// # Errors
    /// Database failures.
    pub async fn reminded(&self, due: &Due) -> Result<bool, StoreError> {
        let _writing = self.writing().await;
        let row = sqlx::query("SELECT settings FROM games WHERE id = $1")
            .bind(due.game.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(Refusal::UnknownGame(due.game))?;
        let stored: String = row.get("settings");
        let now = self.now_ms();
        let next = Settings::from_json(&stored).next_reminder_at(Some(due.turn_started_at), now);
        // Counted from the settings read just now: if they changed since, their change counted the reminder again.
        let updated = sqlx::query(&format!(
            "UPDATE games SET next_reminder_at = $1 WHERE id = $2 AND turn_started_at = $3 AND settings = $4 AND {}",
            self.fence_sql("$5", "$6")
        ))
        .bind(next)
        .bind(due.game.0)
        .bind(due.turn_started_at)
        .bind(stored)
        .bind(Store::fence_owner(due.game))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    /// Whether `due` is still due as it was read: no reminder was noted and no turn began since (another process may
    /// have sent it in between).
    ///
    /// # Errors
    /// Database failures.
    pub async fn reminder_still_due(&self, due: &Due) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT id FROM games WHERE id = $1 AND status = 'running' AND next_reminder_at = $2 \
             AND turn_started_at = $3",
        )
        .bind(due.game.0)
        .bind(due.due_at)
        .bind(due.turn_started_at)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// When the current turn of game `id` began and when its next reminder is due (`None`: none will be), Unix
    /// milliseconds.
    ///
    /// # Errors
    /// Refused: no such game. Internal: the database.
    pub async fn turn_times(&self, id: GameId) -> Result<(Option<i64>, Option<i64>), StoreError> {
        let row = sqlx::query("SELECT turn_started_at, next_reminder_at FROM games WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(Refusal::UnknownGame(id))?;
        Ok((row.get("turn_started_at"), row.get("next_reminder_at")))
    }
}
