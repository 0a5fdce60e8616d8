//! Several processes on one database: each process says it is alive and which shards it runs, and takes a game's
//! background work (a computer's move, a late announcement, a reminder) with a lease that runs out, so two
//! processes do not start one game's work at once and a dead process's work passes to the others.

use super::{GameId, Store, StoreError};
use crate::shards::Shards;

/// One run of one bot process, as the others see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worker {
    /// Unique to this run (a restarted process is a new worker: it waits for its dead self's leases to run out).
    pub name: String,
    /// The gateway shards it runs: the games of their servers are its own.
    pub shards: Shards,
    /// Its heartbeat and lease length, in milliseconds: its heartbeat and each lease it takes run out this long
    /// after they were written, unless renewed.
    pub lease_ms: i64,
}

impl Worker {
    /// The one process of a bot that runs every shard (the default, and every test of a single process).
    pub fn alone(now_ms: i64) -> Worker {
        Worker::for_process(Shards::all(1), 180_000, now_ms)
    }

    /// A worker for this process: its name says its shards, its process id and when it started.
    pub fn for_process(shards: Shards, lease_ms: i64, now_ms: i64) -> Worker {
        Worker {
            name: format!("{shards}@{}:{now_ms}", std::process::id()),
            shards,
            lease_ms,
        }
    }

    /// How often the worker renews its heartbeat: three times per lease length, so one late write does not let
    /// its work pass to another process.
    pub fn heartbeat_every(&self) -> std::time::Duration {
        std::time::Duration::from_millis(u64::try_from(self.lease_ms / 3).unwrap_or(1).max(1))
    }

    /// SQL: game `games` (unaliased) is this worker's to act on in the background, at the time bound as `now` (a
    /// placeholder such as `$2`) — its server is on one of this worker's shards, or on a shard no living worker
    /// runs. (Numbers only, from the process's own settings, so formatting them into the statement is safe.)
    pub(super) fn serves_sql(&self, now: &str) -> String {
        let Shards { first, last, total } = self.shards;
        let shard = format!("((COALESCE(games.guild_id, 0) >> 22) % {total})");
        format!(
            "({shard} BETWEEN {first} AND {last} OR NOT EXISTS (SELECT 1 FROM workers w \
             WHERE w.alive_until > {now} AND w.shard_total = {total} AND {shard} BETWEEN w.shard_first AND w.shard_last))"
        )
    }
}

impl Store {
    /// Says this process is alive, with its shards, until one lease length from now.
    ///
    /// # Errors
    /// Database failures.
    pub async fn heartbeat(&self, worker: &Worker) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        let now = self.now_ms();
        sqlx::query(
            "INSERT INTO workers (name, shard_first, shard_last, shard_total, alive_until) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (name) DO UPDATE SET alive_until = excluded.alive_until",
        )
        .bind(&worker.name)
        .bind(i64::from(worker.shards.first))
        .bind(i64::from(worker.shards.last))
        .bind(i64::from(worker.shards.total))
        .bind(now + worker.lease_ms)
        .execute(&self.pool)
        .await?;
        // Workers dead for a day are forgotten (their leases ran out long ago).
        sqlx::query("DELETE FROM workers WHERE alive_until < $1")
            .bind(now - 86_400_000)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Says this process is stopping: its shards' work passes to the others at once, without waiting for its
    /// heartbeat to run out. Its game leases are given up.
    ///
    /// # Errors
    /// Database failures.
    pub async fn retire(&self, worker: &Worker) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query("DELETE FROM workers WHERE name = $1")
            .bind(&worker.name)
            .execute(&self.pool)
            .await?;
        sqlx::query("UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1")
            .bind(&worker.name)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Takes game `id`'s background work for `worker` for one lease length: true when the game is the worker's
    /// to act on (see [`Worker`]) and no other worker holds a lease on it that has not run out. Two claims at once
    /// take turns on the game's row (PostgreSQL re-reads the conditions once the first is committed; SQLite has one
    /// writer at a time), so exactly one of them gets it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim(&self, id: GameId, worker: &Worker) -> Result<bool, StoreError> {
        let _writing = self.writing().await;
        let now = self.now_ms();
        let claimed = sqlx::query(&format!(
            "UPDATE games SET lease_owner = $1, lease_until = $3 \
             WHERE id = $4 AND (lease_owner IS NULL OR lease_owner = $1 OR lease_until <= $2) AND {}",
            worker.serves_sql("$2"),
        ))
        .bind(&worker.name)
        .bind(now)
        .bind(now + worker.lease_ms)
        .bind(id.0)
        .execute(&self.pool)
        .await?;
        Ok(claimed.rows_affected() == 1)
    }

    /// Renews `worker`'s lease on game `id` for one more lease length, if it still holds it (false: it ran out and
    /// another worker took it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn renew(&self, id: GameId, worker: &Worker) -> Result<bool, StoreError> {
        let _writing = self.writing().await;
        let renewed = sqlx::query("UPDATE games SET lease_until = $1 WHERE id = $2 AND lease_owner = $3")
            .bind(self.now_ms() + worker.lease_ms)
            .bind(id.0)
            .bind(&worker.name)
            .execute(&self.pool)
            .await?;
        Ok(renewed.rows_affected() == 1)
    }

    /// Gives up `worker`'s lease on game `id` (its work there is done).
    ///
    /// # Errors
    /// Database failures.
    pub async fn release(&self, id: GameId, worker: &Worker) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query("UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2")
            .bind(id.0)
            .bind(&worker.name)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The other living workers whose shards overlap `worker`'s or that count another total of shards (each with
    /// its name and shards; its lease length is not stored and reads as 0).
    ///
    /// # Errors
    /// Database failures.
    pub async fn conflicting_workers(&self, worker: &Worker) -> Result<Vec<Worker>, StoreError> {
        use sqlx::Row;
        let rows = sqlx::query(
            "SELECT name, shard_first, shard_last, shard_total FROM workers \
             WHERE alive_until > $1 AND name <> $2 \
               AND (shard_total <> $3 OR (shard_first <= $5 AND shard_last >= $4)) ORDER BY name",
        )
        .bind(self.now_ms())
        .bind(&worker.name)
        .bind(i64::from(worker.shards.total))
        .bind(i64::from(worker.shards.first))
        .bind(i64::from(worker.shards.last))
        .fetch_all(&self.pool)
        .await?;
        let number = |row: &sqlx::any::AnyRow, column: &str| u32::try_from(row.get::<i64, _>(column)).unwrap_or(0);
        Ok(rows
            .iter()
            .map(|row| Worker {
                name: row.get("name"),
                shards: Shards {
                    first: number(row, "shard_first"),
                    last: number(row, "shard_last"),
                    total: number(row, "shard_total"),
                },
                lease_ms: 0,
            })
            .collect())
    }

    /// Which worker holds game `id`'s lease now, if any (for tests and the logs).
    ///
    /// # Errors
    /// Database failures.
    pub async fn lease_holder(&self, id: GameId) -> Result<Option<String>, StoreError> {
        use sqlx::Row;
        let row = sqlx::query("SELECT lease_owner FROM games WHERE id = $1 AND lease_until > $2")
            .bind(id.0)
            .bind(self.now_ms())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.get("lease_owner")))
    }
}
