//! Storage: every SQL statement of the project lives here. SQLite by default or PostgreSQL (one set of queries
//! through sqlx's `any` driver), migrations at start-up, one transaction per action, domain types out.

mod announced;
mod clock;
mod games;
mod history;
mod leases;
mod lobby;
mod maps;
mod reminders;
mod settings;
mod stalls;
mod stats;
mod web;

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{MigrateError, Migration, MigrationType, Migrator};

pub use crate::ids::GameId;
pub use crate::refusal::Refusal;
pub use clock::Clock;
pub use games::{Applied, GameSummary, Loaded, NewGame, NewSeat, STAND_IN, StoredSeat};
pub use history::SeatResult;
pub use leases::{Worker, lease_lost};
pub use lobby::{Actor, Lobby, NewLobby};
pub use maps::{MOST_SERVER_MAPS, ServerMap, Uploaded, text_hash};
pub use reminders::Due;
pub use stalls::Preference;
pub use stats::{FinishedGame, PlayerStats, StatsPlace};
pub use web::{ServerGame, WatchedGame, WebToken};

/// The encoding of stored snapshots. Raise it when `rules::State`'s JSON changes incompatibly; older snapshots
/// are then reported as unreadable (and can be rebuilt from the action log).
pub const SNAPSHOT_FORMAT: i64 = 1;

/// The migrations of one database engine, in order: (version, description, SQL). Each engine has its own folder
/// under `migrations/`, with the same versions; a test checks these list every file and that both engines end with
/// the same tables, columns and indexes.
pub type Migrations = &'static [(i64, &'static str, &'static str)];

/// Lists a migrations folder's files as [`Migrations`].
macro_rules! migrations {
    ($folder:literal) => {
        &[
            (
                1,
                "games, seats, actions, snapshots",
                include_str!(concat!("../../migrations/", $folder, "/0001_games.sql")),
            ),
            (
                2,
                "lobby host",
                include_str!(concat!("../../migrations/", $folder, "/0002_lobby_host.sql")),
            ),
            (
                3,
                "announced version",
                include_str!(concat!("../../migrations/", $folder, "/0003_announced.sql")),
            ),
            (
                4,
                "reminders",
                include_str!(concat!("../../migrations/", $folder, "/0004_reminders.sql")),
            ),
            (
                5,
                "stalled players",
                include_str!(concat!("../../migrations/", $folder, "/0005_stalls.sql")),
            ),
            (
                6,
                "dashboard",
                include_str!(concat!("../../migrations/", $folder, "/0006_dashboard.sql")),
            ),
            (
                7,
                "statistics",
                include_str!(concat!("../../migrations/", $folder, "/0007_stats.sql")),
            ),
            (
                8,
                "seat language",
                include_str!(concat!("../../migrations/", $folder, "/0008_seat_language.sql")),
            ),
            (
                9,
                "leases",
                include_str!(concat!("../../migrations/", $folder, "/0009_leases.sql")),
            ),
            (
                10,
                "hints",
                include_str!(concat!("../../migrations/", $folder, "/0010_hints.sql")),
            ),
            (
                11,
                "seed keys",
                include_str!(concat!("../../migrations/", $folder, "/0011_seed_keys.sql")),
            ),
            (
                12,
                "away host",
                include_str!(concat!("../../migrations/", $folder, "/0012_away_host.sql")),
            ),
            (
                13,
                "starting dms",
                include_str!(concat!("../../migrations/", $folder, "/0013_starting_dms.sql")),
            ),
            (
                14,
                "server maps",
                include_str!(concat!("../../migrations/", $folder, "/0014_server_maps.sql")),
            ),
            (
                15,
                "web pages",
                include_str!(concat!("../../migrations/", $folder, "/0015_web_pages.sql")),
            ),
        ]
    };
}

/// SQLite's migrations (`migrations/sqlite/`).
pub const SQLITE_MIGRATIONS: Migrations = migrations!("sqlite");

/// PostgreSQL's migrations (`migrations/postgres/`).
pub const POSTGRES_MIGRATIONS: Migrations = migrations!("postgres");

/// The database engine behind a store: chosen by the URL's scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// One file, one process: the embedded default.
    Sqlite,
    /// A server several bot processes share.
    Postgres,
}

impl Backend {
    /// The engine a database URL names, or a sentence saying why none does.
    ///
    /// # Errors
    /// A URL that is neither `sqlite:` nor `postgres://` / `postgresql://`.
    pub fn of_url(url: &str) -> Result<Backend, String> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err("DATABASE_URL must start with sqlite: (a file) or postgres:// (a server)".to_string())
        }
    }

    /// This engine's migrations.
    pub fn migrations(self) -> Migrations {
        match self {
            Backend::Sqlite => SQLITE_MIGRATIONS,
            Backend::Postgres => POSTGRES_MIGRATIONS,
        }
    }

    /// A column in a condition the planner should not answer from the column's index: SQLite's `+column` (it
    /// would otherwise pick a worse index); PostgreSQL plans by statistics and needs no hint.
    fn unindexed(self, column: &str) -> String {
        match self {
            Backend::Sqlite => format!("+{column}"),
            Backend::Postgres => column.to_string(),
        }
    }

    /// What ends a `SELECT` that is about to be changed in the same transaction: PostgreSQL locks the rows read, so
    /// two processes changing one lobby or one game's settings take turns; SQLite has one writer at a time anyway.
    fn for_update(self) -> &'static str {
        match self {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE",
        }
    }
}

/// Why a storage call did not do what was asked, in two tiers: what the user caused (answer them plainly; nothing
/// changed) and what went wrong inside (log it and apologise; nothing was half-written).
#[derive(Debug)]
pub enum StoreError {
    /// The request cannot be done, because of what was asked or who asked.
    Refused(Refusal),
    /// Something failed inside: the database, or stored data that does not read.
    Internal(Internal),
}

/// Something that went wrong inside.
#[derive(Debug)]
pub enum Internal {
    /// The database said no (I/O, constraint, busy past the timeout).
    Database(sqlx::Error),
    /// Migrations could not run (for instance, the database is from a newer version of ttrbot).
    Migrate(MigrateError),
    /// The database lost the connection while committing an action, and whether the commit landed could not be
    /// learnt: the action may have been stored.
    CommitUnknown {
        /// The game the action was for.
        game: GameId,
    },
    /// A game's snapshot does not decode or does not fit its map.
    CorruptSnapshot {
        /// The game whose snapshot does not read.
        game: GameId,
        /// What does not read, in a sentence.
        reason: String,
    },
}

impl StoreError {
    /// Whether the user caused this (a [`Refusal`]) rather than something inside.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            StoreError::Refused(r) => Some(r),
            StoreError::Internal(_) => None,
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Refused(r) => write!(f, "{r}"),
            StoreError::Internal(Internal::Database(e)) => write!(f, "database error: {e}"),
            StoreError::Internal(Internal::Migrate(MigrateError::VersionMissing(v))) => write!(
                f,
                "the database was written by a newer ttrbot (it has migration {v}, which this version does not know); \
                 refusing to touch it"
            ),
            StoreError::Internal(Internal::Migrate(e)) => write!(f, "database migration failed: {e}"),
            StoreError::Internal(Internal::CorruptSnapshot { game, reason }) => {
                write!(f, "game {}: unreadable snapshot: {reason}", game.0)
            }
            StoreError::Internal(Internal::CommitUnknown { game }) => write!(
                f,
                "game {}: the database connection was lost while an action was committed, and it could not be learnt \
                 whether it was stored",
                game.0
            ),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Internal(Internal::Database(e))
    }
}

impl StoreError {
    /// Whether what was asked may have been done all the same (a commit whose answer was lost and could not be
    /// checked): the player must not be told that nothing changed.
    pub fn maybe_done(&self) -> bool {
        matches!(self, StoreError::Internal(Internal::CommitUnknown { .. }))
    }

    /// Whether the database could not be reached (refused or dropped connections, a pool that timed out, a server
    /// still starting or shutting down): a passing state worth trying again, unlike a wrong URL, a refused password
    /// or a database from a newer version.
    pub fn unreachable(&self) -> bool {
        if matches!(self, StoreError::Internal(Internal::CommitUnknown { .. })) {
            return true;
        }
        let database = match self {
            StoreError::Internal(Internal::Database(e)) => e,
            StoreError::Internal(Internal::Migrate(MigrateError::Execute(e))) => e,
            _ => return false,
        };
        match database {
            // A server that refuses, drops or does not answer the connection (not a name that does not resolve:
            // that is a typo more often than a network not up yet, and is said at once).
            sqlx::Error::Io(e) => {
                use std::io::ErrorKind::*;
                matches!(
                    e.kind(),
                    ConnectionRefused
                        | ConnectionReset
                        | ConnectionAborted
                        | TimedOut
                        | NotConnected
                        | BrokenPipe
                        | UnexpectedEof
                )
            }
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::WorkerCrashed => true,
            // PostgreSQL's "cannot connect now" (starting up, shutting down) and "too many connections".
            sqlx::Error::Database(e) => matches!(e.code().as_deref(), Some("57P03" | "57P01" | "53300")),
            _ => false,
        }
    }
}

impl From<MigrateError> for StoreError {
    fn from(e: MigrateError) -> StoreError {
        StoreError::Internal(Internal::Migrate(e))
    }
}

impl From<Refusal> for StoreError {
    fn from(r: Refusal) -> StoreError {
        StoreError::Refused(r)
    }
}

/// The database: a pool of connections, the engine behind it, a queue for writers, and the clock its timestamps
/// come from.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    clock: Clock,
    /// SQLite has one writer at a time. Writers of this process queue here instead of in SQLite's busy handler,
    /// which sleeps and backs off and so wastes most of the time under load; reads are not queued. PostgreSQL
    /// takes many writers at once and orders them by row locks: no queue (`None`).
    writer: Option<Arc<tokio::sync::Mutex<()>>>,
    /// Most games one person may host at once, open or in play (see [`Store::with_most_hosted`]).
    most_hosted: u16,
    /// Servers' maps parsed, by their text's hash.
    maps: Arc<maps::MapCache>,
    /// Tests only: the answer of the next commit of an action is lost (and, if `true`, the database then stops
    /// answering the look that follows), as a dropped connection would.
    #[cfg(feature = "test-support")]
    lost_commit: Arc<std::sync::Mutex<Option<LostCommit>>>,
}

/// Tests only: how the next commit of an action fails, as a dropped connection makes it fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LostCommit {
    /// The commit landed and its answer was lost (and, if `then_unreachable`, the database does not answer the look
    /// that follows).
    Stored {
        /// Whether the look that follows fails too.
        then_unreachable: bool,
    },
    /// The connection dropped before the commit landed.
    NotStored,
}

impl Store {
    /// Opens the database at `url` and runs the migrations: `sqlite://ttrbot.db` (a file, created if missing) or
    /// `postgres://user:password@host/database` (a server; `?sslmode=verify-full` across a network).
    ///
    /// Durability: SQLite in WAL mode with `synchronous = FULL`, so every acknowledged action survives a process
    /// crash and a power loss (the WAL is synced at each commit); PostgreSQL as its server is configured (its
    /// default, `synchronous_commit = on`, flushes each commit).
    ///
    /// # Errors
    /// The URL names no engine, the database cannot be reached, or the migrations refuse (a newer database).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with_clock(url, Clock::system()).await
    }

    /// As [`Store::open`], with every timestamp (actions, turns, reminders) read from `clock`: tests move time on
    /// instead of waiting for it.
    ///
    /// # Errors
    /// As [`Store::open`].
    pub async fn open_with_clock(url: &str, clock: Clock) -> Result<Store, StoreError> {
        let backend = Backend::of_url(url)
            .map_err(|e| StoreError::Internal(Internal::Database(sqlx::Error::Configuration(e.into()))))?;
        sqlx::any::install_default_drivers();
        let pool = match backend {
            Backend::Sqlite => {
                // An in-memory database lives in one connection: each connection of a pool would open a database
                // of its own (the games stored through one unseen through the others), so it is one connection,
                // kept for the store's life.
                let memory = in_memory(url);
                AnyPoolOptions::new()
                    .max_connections(if memory { 1 } else { 8 })
                    .min_connections(u32::from(memory))
                    .idle_timeout((!memory).then_some(Duration::from_secs(600)))
                    .max_lifetime((!memory).then_some(Duration::from_secs(1800)))
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            // Per connection: a writer (of another process, or another of this pool's connections
                            // still finishing) waited for rather than refused, set first so that the pragmas after it
                            // wait for a lock too; WAL (readers beside the writer), a sync at every commit, foreign
                            // keys checked.
                            for pragma in [
                                "PRAGMA busy_timeout = 10000",
                                "PRAGMA journal_mode = WAL",
                                "PRAGMA synchronous = FULL",
                                "PRAGMA foreign_keys = ON",
                            ] {
                                sqlx::query(pragma).execute(&mut *conn).await?;
                            }
                            Ok(())
                        })
                    })
                    .connect(&sqlite_creating(url))
                    .await?
            }
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(16)
                    // A player's answer is due within 3 seconds: a connection that does not come in 2 is an
                    // apology (and nothing changed), not a press Discord shows as failed.
                    .acquire_timeout(Duration::from_secs(2))
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            // No statement waits for ever on a lock or a stalled server (half a minute: far more than
                            // any sweep over many games takes, so only a stuck one ends).
                            sqlx::query("SET statement_timeout = 30000").execute(&mut *conn).await?;
                            Ok(())
                        })
                    })
                    .connect(url)
                    .await?
            }
        };
        if backend == Backend::Postgres {
            // Migrations may rewrite big tables: no statement timeout while they run, on one connection, and the
            // timeout back before that connection serves anything else.
            let mut conn = pool.acquire().await?;
            sqlx::query("SET statement_timeout = 0").execute(&mut *conn).await?;
            migrator(backend.migrations()).run(&mut *conn).await?;
            sqlx::query("SET statement_timeout = 30000").execute(&mut *conn).await?;
        } else {
            migrator(backend.migrations()).run(&pool).await?;
        }
        Ok(Store {
            pool,
            backend,
            clock,
            writer: (backend == Backend::Sqlite).then(Arc::default),
            most_hosted: lobby::MOST_HOSTED_GAMES,
            maps: Arc::default(),
            #[cfg(feature = "test-support")]
            lost_commit: Arc::default(),
        })
    }

    /// The same store, where one person may host at most `most` games at once, open or in play
    /// (`TTRBOT_MOST_HOSTED_GAMES`; [`lobby::MOST_HOSTED_GAMES`] unless set).
    #[must_use]
    pub fn with_most_hosted(mut self, most: u16) -> Store {
        self.most_hosted = most.max(1);
        self
    }

    /// Tests only: the next commit of an action through this store fails as `how` says.
    #[cfg(feature = "test-support")]
    pub fn lose_next_commit(&self, how: LostCommit) {
        *self
            .lost_commit
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(how);
    }

    /// Tests only: how this commit is to fail, if it is.
    #[cfg(feature = "test-support")]
    fn take_lost_commit(&self) -> Option<LostCommit> {
        self.lost_commit
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }

    /// The engine behind this store.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Waits for this process's turn to write (SQLite), or at once (PostgreSQL).
    async fn writing(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match &self.writer {
            Some(writer) => Some(writer.lock().await),
            None => None,
        }
    }

    /// Begins a transaction that writes. On SQLite it takes the write lock at once (`BEGIN IMMEDIATE`), so a writer
    /// outside this process (another process, a backup) is waited for by the busy timeout; a transaction begun as a
    /// reader and writing later would be refused at once ("database is locked").
    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    /// Closes every connection (waiting for those in use).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Whether a SQLite URL names a database in memory (`sqlite::memory:`, `sqlite://:memory:`, `?mode=memory`).
fn in_memory(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

/// A SQLite URL that creates its file when missing (unless it already says how to open it).
fn sqlite_creating(url: &str) -> String {
    if url.contains("mode=") || url.contains(":memory:") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

/// Migrations as sqlx's migrator (built by hand to avoid compiling sqlx's macros).
fn migrator(migrations: Migrations) -> Migrator {
    Migrator {
        migrations: Cow::Owned(
            migrations
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect(),
        ),
        // A database with a migration this binary does not know is from a newer version: refuse it.
        ignore_missing: false,
        locking: true,
        no_tx: false,
    }
}

/// Discord ids are u64; SQL integers are i64. The bits are kept as they are.
fn to_db(id: u64) -> i64 {
    id as i64
}

/// A Discord id stored by [`to_db`].
fn from_db(id: i64) -> u64 {
    id as u64
}

impl Store {
    /// Milliseconds since the Unix epoch, by the store's clock.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// SQL for "now" in the times of heartbeats and leases: on PostgreSQL with a real clock, the database's own
    /// time, so hosts whose clocks disagree still agree on who is alive and whose lease ran out; else `bound`, the
    /// placeholder the caller bound [`Store::now_ms`] to (SQLite's processes share one host and its clock; a
    /// test's clock is followed everywhere).
    fn lease_now(&self, bound: &str) -> String {
        if self.backend == Backend::Postgres && self.clock.keeps_real_time() {
            "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)".to_string()
        } else {
            bound.to_string()
        }
    }

    /// Now, in ms, by the clock leases are kept by (see [`Store::lease_now`]): the database's on PostgreSQL, so the
    /// start a process's name carries orders it among processes on hosts whose clocks disagree (the newer of two
    /// runs serving the same servers is the one that stays). This store's clock if the database cannot be asked.
    pub async fn lease_clock_ms(&self) -> i64 {
        use sqlx::Row;
        let asked = sqlx::query(&format!("SELECT {} AS now", self.lease_now("$1")))
            .bind(self.now_ms())
            .fetch_one(&self.pool)
            .await;
        asked
            .ok()
            .and_then(|row| row.try_get::<i64, _>("now").ok())
            .unwrap_or_else(|| self.now_ms())
    }
}
