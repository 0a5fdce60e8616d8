//! Turns and reminders as stored times: when the seats to act began their turn, when they are next pinged, and
//! who wants pings. The bot's reminder loop asks for what is due instead of keeping timers in memory.

use std::sync::{Arc, LazyLock};

use sqlx::{Any, Row, Transaction};

use super::{Backend, GameId, Refusal, Store, StoreError, Worker, from_db};
use crate::settings::{DEFAULT_DEADLINE_HOURS, DEFAULT_REMINDER_HOURS};

/// Where the store reads the time, in Unix milliseconds: the system clock, or one a test moves by hand.
#[derive(Clone)]
pub struct Clock {
    now: Arc<dyn Fn() -> i64 + Send + Sync>,
    /// Whether it keeps real time (the system's clock, however far off): then, on PostgreSQL, the times of
    /// heartbeats and leases are the database's own, so processes on hosts whose clocks disagree still agree on
    /// who is alive. A test's clock, moved by hand, is followed for them too.
    real_time: bool,
}

impl Clock {
    /// The system's clock.
    pub fn system() -> Clock {
        Clock::system_off_by(0)
    }

    /// The system's clock, `off_ms` milliseconds ahead (behind when negative): a host whose clock is wrong.
    pub fn system_off_by(off_ms: i64) -> Clock {
        Clock {
            now: Arc::new(move || {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_millis() as i64)
                    + off_ms
            }),
            real_time: true,
        }
    }

    /// A clock that reads `now` (a test's, moved by hand).
    pub fn from_fn(now: impl Fn() -> i64 + Send + Sync + 'static) -> Clock {
        Clock {
            now: Arc::new(now),
            real_time: false,
        }
    }

    /// The time now, in Unix milliseconds.
    pub fn now_ms(&self) -> i64 {
        (self.now)()
    }

    /// Whether it keeps real time (see [`Clock::system_off_by`]), rather than a test's time.
    pub fn keeps_real_time(&self) -> bool {
        self.real_time
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Clock")
    }
}

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

/// The SQL of turns and reminders for one engine, built once.
pub(super) struct TurnSql {
    /// A game's turn deadline in hours.
    pub(super) deadline_hours: String,
    /// The next reminder of a turn that began at the stored `turn_started_at`, counted from `$1`.
    next_from_stored: String,
    /// The next reminder of a turn that begins at `$1`.
    next_from_now: String,
}

impl TurnSql {
    fn new(backend: Backend) -> TurnSql {
        let reminder_hours = backend.setting_number("reminder_hours", DEFAULT_REMINDER_HOURS);
        let deadline_hours = backend.setting_number("deadline_hours", DEFAULT_DEADLINE_HOURS);
        let next = |turn_start: &str| next_reminder_sql(&reminder_hours, &deadline_hours, turn_start);
        TurnSql {
            next_from_stored: next("turn_started_at"),
            next_from_now: next("$1"),
            deadline_hours: deadline_hours.clone(),
        }
    }
}

/// The SQL of turns and reminders for `backend`.
pub(super) fn turn_sql(backend: Backend) -> &'static TurnSql {
    static SQLITE: LazyLock<TurnSql> = LazyLock::new(|| TurnSql::new(Backend::Sqlite));
    static POSTGRES: LazyLock<TurnSql> = LazyLock::new(|| TurnSql::new(Backend::Postgres));
    match backend {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    }
}

/// SQL for the next reminder of a game, counted from the time bound as `$1` for a turn that began at `turn_start`
/// (an SQL expression): an interval later, but never past the turn's deadline while that is still ahead (the
/// deadline's reminder is the one that offers to skip the turn); NULL when neither reminders nor a deadline are due.
fn next_reminder_sql(every: &str, deadline: &str, turn_start: &str) -> String {
    let deadline_at = format!("({turn_start} + CAST({deadline} * 3600000 AS BIGINT))");
    let next = format!("(CASE WHEN {every} > 0 THEN $1 + CAST({every} * 3600000 AS BIGINT) END)");
    let sooner = format!("COALESCE({next}, {deadline_at})");
    format!(
        "CASE WHEN {deadline} > 0 AND {deadline_at} > $1 \
         THEN (CASE WHEN {sooner} < {deadline_at} THEN {sooner} ELSE {deadline_at} END) \
         ELSE {next} END"
    )
}

/// Counts the next reminder of running game `id` again from now (after its settings changed).
pub(super) async fn reschedule(
    tx: &mut Transaction<'_, Any>,
    backend: Backend,
    id: GameId,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(&format!(
        "UPDATE games SET next_reminder_at = {} WHERE id = $2 AND status = 'running'",
        turn_sql(backend).next_from_stored
    ))
    .bind(now)
    .bind(id.0)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Starts a new turn of game `id` at `now`: its first reminder is one interval later.
pub(super) async fn start_turn(
    tx: &mut Transaction<'_, Any>,
    backend: Backend,
    id: GameId,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(&format!(
        "UPDATE games SET turn_started_at = $1, next_reminder_at = {} WHERE id = $2",
        turn_sql(backend).next_from_now
    ))
    .bind(now)
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
    /// on since `due` was read, or the game's lease this was sent under was lost (see [`Store::under_lease`]);
    /// nothing changes then.
    ///
    /// # Errors
    /// Database failures.
    pub async fn reminded(&self, due: &Due) -> Result<bool, StoreError> {
        let _writing = self.writing().await;
        let updated = sqlx::query(&format!(
            "UPDATE games SET next_reminder_at = {} WHERE id = $2 AND turn_started_at = $3 AND {}",
            turn_sql(self.backend).next_from_stored,
            self.fence_sql("$4", "$1")
        ))
        .bind(self.now_ms())
        .bind(due.game.0)
        .bind(due.turn_started_at)
        .bind(Store::fence_owner(due.game))
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
