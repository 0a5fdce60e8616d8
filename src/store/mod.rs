//! Storage: every SQL statement of the project lives here. SQLite by default, migrations at start-up, one
//! transaction per action, domain types out.

mod games;

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::{MigrateError, Migration, MigrationType, Migrator};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};

pub use games::{Applied, GameId, GameSummary, Loaded, NewGame, NewSeat, SeatResult};

/// The encoding of stored snapshots. Raise it when `rules::State`'s JSON changes incompatibly; older snapshots
/// are then reported as unreadable (and can be rebuilt from the action log).
pub const SNAPSHOT_FORMAT: i64 = 1;

/// The migrations, in order: (version, description, SQL). A test checks this lists every file in `migrations/`.
pub const MIGRATIONS: &[(i64, &str, &str)] = &[(
    1,
    "games, seats, actions, snapshots",
    include_str!("../../migrations/0001_games.sql"),
)];

/// Why a storage call failed.
#[derive(Debug)]
pub enum StoreError {
    /// The database said no (I/O, constraint, busy past the timeout).
    Database(sqlx::Error),
    /// Migrations could not run (for instance, the database is from a newer version of ttrbot).
    Migrate(MigrateError),
    /// A game's snapshot does not decode or does not fit its map.
    CorruptSnapshot {
        /// The game.
        game: GameId,
        /// Why.
        reason: String,
    },
    /// No such game.
    UnknownGame(GameId),
    /// The channel already has an open game.
    ChannelBusy,
    /// The game could not be set up (map or player count).
    Setup(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Migrate(MigrateError::VersionMissing(v)) => write!(
                f,
                "the database was written by a newer ttrbot (it has migration {v}, which this version does not know); \
                 refusing to touch it"
            ),
            StoreError::Migrate(e) => write!(f, "database migration failed: {e}"),
            StoreError::CorruptSnapshot { game, reason } => write!(f, "game {}: unreadable snapshot: {reason}", game.0),
            StoreError::UnknownGame(game) => write!(f, "no game {}", game.0),
            StoreError::ChannelBusy => write!(f, "a game is already open in this channel"),
            StoreError::Setup(reason) => write!(f, "{reason}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Database(e)
    }
}

impl From<MigrateError> for StoreError {
    fn from(e: MigrateError) -> StoreError {
        StoreError::Migrate(e)
    }
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
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

/// Milliseconds since the Unix epoch, for timestamps.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
