//! Storage: every SQL statement of the project lives here. SQLite by default, migrations at start-up, one
//! transaction per action, domain types out.

mod announced;
mod games;
mod history;
mod lobby;
mod reminders;
mod settings;
mod stalls;
mod stats;

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::{MigrateError, Migration, MigrationType, Migrator};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};

pub use crate::ids::GameId;
pub use crate::refusal::Refusal;
pub use games::{Applied, GameSummary, Loaded, NewGame, NewSeat, STAND_IN, StoredSeat};
pub use history::SeatResult;
pub use lobby::{Actor, Lobby, NewLobby};
pub use reminders::{Clock, Due};
pub use stalls::Preference;
pub use stats::{FinishedGame, PlayerStats, StatsPlace};

/// The encoding of stored snapshots. Raise it when `rules::State`'s JSON changes incompatibly; older snapshots
/// are then reported as unreadable (and can be rebuilt from the action log).
pub const SNAPSHOT_FORMAT: i64 = 1;

/// The migrations, in order: (version, description, SQL). A test checks this lists every file in `migrations/`.
pub const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "games, seats, actions, snapshots",
        include_str!("../../migrations/0001_games.sql"),
    ),
    (2, "lobby host", include_str!("../../migrations/0002_lobby_host.sql")),
    (
        3,
        "announced version",
        include_str!("../../migrations/0003_announced.sql"),
    ),
    (4, "reminders", include_str!("../../migrations/0004_reminders.sql")),
    (5, "stalled players", include_str!("../../migrations/0005_stalls.sql")),
    (6, "dashboard", include_str!("../../migrations/0006_dashboard.sql")),
    (7, "statistics", include_str!("../../migrations/0007_stats.sql")),
    (
        8,
        "seat language",
        include_str!("../../migrations/0008_seat_language.sql"),
    ),
];

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
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Internal(Internal::Database(e))
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

/// The database: a pool of connections, a queue for writers, and the clock its timestamps come from.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    clock: Clock,
    /// SQLite has one writer at a time. Writers of this process queue here instead of in SQLite's busy handler,
    /// which sleeps and backs off and so wastes most of the time under load; reads are not queued.
    writer: std::sync::Arc<tokio::sync::Mutex<()>>,
}

impl Store {
    /// Opens (creating it if missing) the database at `url`, e.g. `sqlite://ttrbot.db`, and runs the migrations.
    ///
    /// Durability: WAL journal with `synchronous = FULL`, so every acknowledged action survives a process crash
    /// and a power loss (the WAL is synced at each commit).
    ///
    /// # Errors
    /// The URL is not SQLite, the file cannot be opened, or the migrations refuse (a newer database).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with_clock(url, Clock::system()).await
    }

    /// As [`Store::open`], with every timestamp (actions, turns, reminders) read from `clock`: tests move time on
    /// instead of waiting for it.
    ///
    /// # Errors
    /// As [`Store::open`].
    pub async fn open_with_clock(url: &str, clock: Clock) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        migrator().run(&pool).await?;
        Ok(Store {
            pool,
            clock,
            writer: std::sync::Arc::default(),
        })
    }

    /// Closes every connection (waiting for those in use).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// The embedded migrations as sqlx's migrator (built by hand to avoid compiling sqlx's macros).
fn migrator() -> Migrator {
    Migrator {
        migrations: Cow::Owned(
            MIGRATIONS
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

/// Discord ids are u64; SQLite integers are i64. The bits are kept as they are.
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
}
