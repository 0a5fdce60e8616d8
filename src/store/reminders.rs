//! Turns and reminders as stored times: when the seats to act began their turn, when they are next pinged, and
//! who wants pings. The bot's reminder loop asks for what is due instead of keeping timers in memory.

use std::sync::Arc;

use sqlx::{Row, Sqlite, Transaction};

use super::games::{GameId, from_db, to_db};
use super::{Actor, Refusal, Store, StoreError};
use crate::rules::Seat;

/// Where the store reads the time, in Unix milliseconds: the system clock, or one a test moves by hand.
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> i64 + Send + Sync>);

impl Clock {
    /// The system's clock.
    pub fn system() -> Clock {
        Clock(Arc::new(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64)
        }))
    }

    /// A clock that reads `now`.
    pub fn from_fn(now: impl Fn() -> i64 + Send + Sync + 'static) -> Clock {
        Clock(Arc::new(now))
    }

    /// The time now, in Unix milliseconds.
    pub fn now_ms(&self) -> i64 {
        (self.0)()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Clock")
    }
}

/// Hours between reminders when a game's settings do not say ([`REMINDER_HOURS`]; 0 turns reminders off).
pub const DEFAULT_REMINDER_HOURS: u32 = 12;

/// The key of a game's settings holding the hours between reminders.
pub const REMINDER_HOURS: &str = "reminder_hours";

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
}

/// SQL for the next reminder of a game counted from the bound time: its interval later, or NULL when reminders
/// are off.
fn next_reminder_sql() -> String {
    let hours = format!("COALESCE(json_extract(settings, '$.{REMINDER_HOURS}'), {DEFAULT_REMINDER_HOURS})");
    format!("CASE WHEN {hours} > 0 THEN ? + CAST({hours} * 3600000 AS INTEGER) END")
}

/// Starts a new turn of game `id` at `now`: its first reminder is one interval later.
pub(super) async fn start_turn(tx: &mut Transaction<'_, Sqlite>, id: GameId, now: i64) -> Result<(), StoreError> {
    sqlx::query(&format!(
        "UPDATE games SET turn_started_at = ?, next_reminder_at = {} WHERE id = ?",
        next_reminder_sql()
    ))
    .bind(now)
    .bind(now)
    .bind(id.0)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Running games whose reminder time has come, earliest first, at most `limit`. Reads only those games
    /// (through the `next_reminder_at` index), however many are stored. (`+status` keeps SQLite from picking the
    /// status index instead, which would read every running game and sort them.)
    ///
    /// # Errors
    /// Database failures.
    pub async fn due_reminders(&self, limit: u32) -> Result<Vec<Due>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, channel_id, turn_started_at FROM games \
             WHERE next_reminder_at IS NOT NULL AND next_reminder_at <= ? AND +status = 'running' \
             ORDER BY next_reminder_at LIMIT ?",
        )
        .bind(self.now_ms())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Due {
                game: GameId(r.get("id")),
                channel_id: from_db(r.get("channel_id")),
                turn_started_at: r.get::<Option<i64>, _>("turn_started_at").unwrap_or(0),
            })
            .collect())
    }

    /// Notes that `due`'s players were reminded now: the next reminder is one interval from now (so a bot that was
    /// down for several intervals sends one reminder, not one per interval missed). False when the turn has moved
    /// on since `due` was read; nothing changes then.
    ///
    /// # Errors
    /// Database failures.
    pub async fn reminded(&self, due: &Due) -> Result<bool, StoreError> {
        let _writing = self.writer.lock().await;
        let updated = sqlx::query(&format!(
            "UPDATE games SET next_reminder_at = {} WHERE id = ? AND turn_started_at = ?",
            next_reminder_sql()
        ))
        .bind(self.now_ms())
        .bind(due.game.0)
        .bind(due.turn_started_at)
        .execute(&self.pool)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    /// When the current turn of game `id` began and when its next reminder is due (`None`: none will be), Unix
    /// milliseconds.
    ///
    /// # Errors
    /// Refused: no such game. Internal: the database.
    pub async fn turn_times(&self, id: GameId) -> Result<(Option<i64>, Option<i64>), StoreError> {
        let row = sqlx::query("SELECT turn_started_at, next_reminder_at FROM games WHERE id = ?")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(Refusal::UnknownGame(id))?;
        Ok((row.get("turn_started_at"), row.get("next_reminder_at")))
    }

    /// The host (or someone who manages the channel) sets the hours between reminders of game `id` (0: none);
    /// the next reminder is counted from now.
    ///
    /// # Errors
    /// Refused: no such game, or not the host. Internal: the database.
    pub async fn set_reminder_hours(&self, id: GameId, actor: Actor, hours: u32) -> Result<(), StoreError> {
        let _writing = self.writer.lock().await;
        let mut tx = self.pool.begin().await?;
        let host: Option<i64> = sqlx::query("SELECT host_id FROM games WHERE id = ?")
            .bind(id.0)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(Refusal::UnknownGame(id))?
            .get("host_id");
        if host != Some(to_db(actor.user_id)) && !actor.manages_channel {
            return Err(Refusal::NotHost.into());
        }
        sqlx::query(&format!(
            "UPDATE games SET settings = json_set(settings, '$.{REMINDER_HOURS}', ?) WHERE id = ?"
        ))
        .bind(i64::from(hours))
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
        sqlx::query(&format!(
            "UPDATE games SET next_reminder_at = {} WHERE id = ? AND status = 'running'",
            next_reminder_sql()
        ))
        .bind(self.now_ms())
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Turns reminder pings on or off for `user`'s seat in game `id`.
    ///
    /// # Errors
    /// Refused: the user has no seat there. Internal: the database.
    pub async fn set_pings(&self, id: GameId, user_id: u64, on: bool) -> Result<(), StoreError> {
        let _writing = self.writer.lock().await;
        let updated = sqlx::query("UPDATE seats SET pings = ? WHERE game_id = ? AND user_id = ?")
            .bind(on)
            .bind(id.0)
            .bind(to_db(user_id))
            .execute(&self.pool)
            .await?;
        if updated.rows_affected() == 0 {
            return Err(Refusal::NotSeated.into());
        }
        Ok(())
    }

    /// The seats of game `id` played by people who want reminder pings, with their users.
    ///
    /// # Errors
    /// Database failures.
    pub async fn pinged_seats(&self, id: GameId) -> Result<Vec<(Seat, u64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, user_id FROM seats WHERE game_id = ? AND user_id IS NOT NULL AND pings = 1 ORDER BY seat",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (Seat(r.get::<i64, _>("seat") as u8), from_db(r.get("user_id"))))
            .collect())
    }
}
