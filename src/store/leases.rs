//! Several processes on one database: each process says it is alive and which shards it runs, and takes a game's
//! background work (a computer's move, a late announcement, a reminder) with a lease that runs out, so two
//! processes do not start one game's work at once and a dead process's work passes to the others.

use std::future::Future;

use super::{GameId, Store, StoreError};
use crate::shards::Shards;

/// Background work under a game's lease (see [`Store::under_lease`]): whose lease, on which game.
#[derive(Clone)]
struct LeasedWork {
    store: Store,
    game: GameId,
    worker: String,
}

tokio::task_local! {
    /// The lease the current task's work is done under, if any.
    static LEASED: LeasedWork;
}

/// Whether the current task works under a game's lease it no longer holds (another process took the game, or the
/// lease ran out while this one was paused or cut off): it must not act for that game any more, nor post for it.
/// False outside leased work. When the database cannot say, the lease is taken for lost: a post left undone is
/// owed and made by whoever holds the game next, a post made twice is not taken back.
pub async fn lease_lost() -> bool {
    let Ok(work) = LEASED.try_with(Clone::clone) else {
        return false;
    };
    match work.store.holds(work.game, &work.worker).await {
        Ok(held) => !held,
        Err(e) => {
            tracing::warn!(
                game = work.game.0,
                "whether a game's lease is still held could not be read: {e}"
            );
            true
        }
    }
}

/// One run of one bot process, as the others see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worker {
    /// Unique to this run: `<place>#<process id>:<start in ms>`. The place names where the process runs (its host
    /// and shards, or `TTRBOT_WORKER`): a run started in the place of a dead one takes its place at once, and a run
    /// elsewhere waits for the living.
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
        Worker::in_place(&format!("{shards}"), shards, lease_ms, now_ms)
    }

    /// A worker for this process in `place` (see [`Worker::name`]; the place holds no `#`).
    pub fn in_place(place: &str, shards: Shards, lease_ms: i64, now_ms: i64) -> Worker {
        Worker {
            name: format!("{}#{}:{now_ms}", place.replace('#', "-"), std::process::id()),
            shards,
            lease_ms,
        }
    }

    /// Where it runs, if its name says (names written before places existed do not).
    pub fn place(&self) -> Option<&str> {
        self.name.split_once('#').map(|(place, _)| place)
    }

    /// When it started, in ms, if its name says.
    fn started_ms(name: &str) -> Option<i64> {
        name.rsplit_once(':').and_then(|(_, ms)| ms.parse().ok())
    }

    /// Whether this run, of this host's place, may still be running: its process id is alive on this host (and is
    /// not this process's own, as in a container restarted with the same id). Where processes cannot be looked at,
    /// `false`: a run in the same place is taken for this process's dead self.
    fn may_be_alive(&self) -> bool {
        let pid = self
            .name
            .split_once('#')
            .and_then(|(_, rest)| rest.split_once(':'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok());
        match pid {
            Some(pid) if pid != std::process::id() => std::path::Path::new(&format!("/proc/{pid}")).exists(),
            _ => false,
        }
    }

    /// Whether the run `other` started after this one (by start time, then by name: never both ways).
    pub fn is_older_than(&self, other: &Worker) -> bool {
        (Worker::started_ms(&self.name), &self.name) < (Worker::started_ms(&other.name), &other.name)
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
        sqlx::query(&format!(
            "INSERT INTO workers (name, shard_first, shard_last, shard_total, alive_until) \
             VALUES ($1, $2, $3, $4, {} + $6) ON CONFLICT (name) DO UPDATE SET alive_until = excluded.alive_until",
            self.lease_now("$5")
        ))
        .bind(&worker.name)
        .bind(i64::from(worker.shards.first))
        .bind(i64::from(worker.shards.last))
        .bind(i64::from(worker.shards.total))
        .bind(self.now_ms())
        .bind(worker.lease_ms)
        .execute(&self.pool)
        .await?;
        // Workers dead for a day are forgotten (their leases ran out long ago).
        sqlx::query(&format!(
            "DELETE FROM workers WHERE alive_until < {} - $2",
            self.lease_now("$1")
        ))
        .bind(self.now_ms())
        .bind(86_400_000_i64)
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
        self.forget_worker(&worker.name).await
    }

    /// Deletes a worker's heartbeat and gives up its game leases (the caller holds the writer's turn).
    async fn forget_worker(&self, name: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM workers WHERE name = $1")
            .bind(name)
            .execute(&self.pool)
            .await?;
        sqlx::query("UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1")
            .bind(name)
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
        let now = self.lease_now("$2");
        let claimed = sqlx::query(&format!(
            "UPDATE games SET lease_owner = $1, lease_until = {now} + $3 \
             WHERE id = $4 AND (lease_owner IS NULL OR lease_owner = $1 OR lease_until <= {now}) AND {}",
            worker.serves_sql(&now),
        ))
        .bind(&worker.name)
        .bind(self.now_ms())
        .bind(worker.lease_ms)
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
        let renewed = sqlx::query(&format!(
            "UPDATE games SET lease_until = {} + $4 WHERE id = $2 AND lease_owner = $3",
            self.lease_now("$1")
        ))
        .bind(self.now_ms())
        .bind(id.0)
        .bind(&worker.name)
        .bind(worker.lease_ms)
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
        let rows = sqlx::query(&format!(
            "SELECT name, shard_first, shard_last, shard_total FROM workers \
             WHERE alive_until > {} AND name <> $2 \
               AND (shard_total <> $3 OR (shard_first <= $5 AND shard_last >= $4)) ORDER BY name",
            self.lease_now("$1")
        ))
        .bind(self.now_ms())
        .bind(&worker.name)
        .bind(i64::from(worker.shards.total))
        .bind(i64::from(worker.shards.first))
        .bind(i64::from(worker.shards.last))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|row| Worker {
                name: row.get("name"),
                shards: shards_of(row),
                lease_ms: 0,
            })
            .collect())
    }

    /// Takes the place of earlier runs of `worker`'s place (the same process started again after a crash, a
    /// SIGKILL, a reboot): they are forgotten and their game leases given up at once, rather than waited for until
    /// their heartbeat runs out. Returns their names. A run whose process still lives on this host (a second copy
    /// started beside it) is not taken over, nor is a run elsewhere: they are waited for while they live.
    ///
    /// # Errors
    /// Database failures.
    pub async fn take_place(&self, worker: &Worker) -> Result<Vec<String>, StoreError> {
        use sqlx::Row;
        let Some(place) = worker.place() else {
            return Ok(Vec::new());
        };
        let prefix = format!("{place}#");
        let _writing = self.writing().await;
        // A few rows, one per process: read whole, matched here (no SQL pattern to escape the place for).
        let rows = sqlx::query("SELECT name, shard_first, shard_last, shard_total FROM workers WHERE name <> $1")
            .bind(&worker.name)
            .fetch_all(&self.pool)
            .await?;
        let mut taken = Vec::new();
        for row in rows {
            let earlier = Worker {
                name: row.get("name"),
                ..worker.clone()
            };
            // The same place with other shards is another process an operator named alike, not this one's self.
            let same_shards = shards_of(&row) == worker.shards;
            if !earlier.name.starts_with(&prefix)
                || !same_shards
                || !earlier.is_older_than(worker)
                || earlier.may_be_alive()
            {
                continue;
            }
            self.forget_worker(&earlier.name).await?;
            taken.push(earlier.name);
        }
        Ok(taken)
    }

    /// The living runs that started after `worker` and serve some of its servers (its place again, shards that
    /// overlap, or another total of shards): a process that finds one was taken for dead (paused past its
    /// heartbeat, cut off from the database) and replaced, and must stop rather than work beside its replacement.
    ///
    /// # Errors
    /// Database failures.
    pub async fn replaced_by(&self, worker: &Worker) -> Result<Vec<String>, StoreError> {
        let mut rivals = self.conflicting_workers(worker).await?;
        if let Some(place) = worker.place() {
            use sqlx::Row;
            let prefix = format!("{place}#");
            let rows = sqlx::query(&format!(
                "SELECT name, shard_first, shard_last, shard_total FROM workers WHERE alive_until > {} AND name <> $2",
                self.lease_now("$1")
            ))
            .bind(self.now_ms())
            .bind(&worker.name)
            .fetch_all(&self.pool)
            .await?;
            // A later run of this place and these shards is this process started again (another with other shards
            // that do not overlap is a process an operator named alike: both go on).
            rivals.extend(
                rows.iter()
                    .filter(|row| shards_of(row) == worker.shards)
                    .map(|r| r.get::<String, _>("name"))
                    .filter(|name| name.starts_with(&prefix))
                    .map(|name| Worker { name, ..worker.clone() }),
            );
        }
        let mut newer: Vec<String> = rivals
            .into_iter()
            .filter(|rival| worker.is_older_than(rival))
            .map(|rival| rival.name)
            .collect();
        newer.sort();
        newer.dedup();
        Ok(newer)
    }

    /// Runs `work`, background work for game `id` under `worker`'s lease (taken by [`Store::claim`]). While it
    /// runs, [`lease_lost`] says whether the lease passed on, and the game's fenced writes (the dashboard's message
    /// ids, the version announced, a reminder sent) are made only while the lease is still `worker`'s: a process
    /// that lost it cannot overwrite what its successor stored.
    pub async fn under_lease<F: Future>(&self, id: GameId, worker: &Worker, work: F) -> F::Output {
        let leased = LeasedWork {
            store: self.clone(),
            game: id,
            worker: worker.name.clone(),
        };
        LEASED.scope(leased, work).await
    }

    /// Whether `worker` holds game `id`'s lease, and it has not run out.
    async fn holds(&self, id: GameId, worker: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT id FROM games WHERE id = $1 AND lease_owner = $2 AND lease_until > {}",
            self.lease_now("$3")
        ))
        .bind(id.0)
        .bind(worker)
        .bind(self.now_ms())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// For a fenced write to game `id`'s row: the worker whose lease the current task works under, when it works
    /// on that game (bind it where [`Store::fence_sql`] names it).
    pub(super) fn fence_owner(id: GameId) -> Option<String> {
        LEASED
            .try_with(|work| (work.game == id).then(|| work.worker.clone()))
            .ok()
            .flatten()
    }

    /// SQL that holds for the row of the game being written when the write is not fenced (`owner`, the placeholder
    /// bound to [`Store::fence_owner`], is NULL) or its lease is still the owner's at `now` (the placeholder bound
    /// to [`Store::now_ms`]).
    pub(super) fn fence_sql(&self, owner: &str, now: &str) -> String {
        format!(
            "({owner} IS NULL OR (lease_owner = {owner} AND lease_until > {}))",
            self.lease_now(now)
        )
    }

    /// Which worker holds game `id`'s lease now, if any (for tests and the logs).
    ///
    /// # Errors
    /// Database failures.
    pub async fn lease_holder(&self, id: GameId) -> Result<Option<String>, StoreError> {
        use sqlx::Row;
        let row = sqlx::query(&format!(
            "SELECT lease_owner FROM games WHERE id = $1 AND lease_until > {}",
            self.lease_now("$2")
        ))
        .bind(id.0)
        .bind(self.now_ms())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.and_then(|r| r.get("lease_owner")))
    }
}

/// The shards a `workers` row says its run serves.
fn shards_of(row: &sqlx::any::AnyRow) -> Shards {
    use sqlx::Row;
    let number = |column: &str| u32::try_from(row.get::<i64, _>(column)).unwrap_or(0);
    Shards {
        first: number("shard_first"),
        last: number("shard_last"),
        total: number("shard_total"),
    }
}
