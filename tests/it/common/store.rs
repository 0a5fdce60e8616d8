//! Store helpers for tests: a fresh database file, and a clock the test moves by hand.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use ttrbot::store::{Backend, Clock, Store};

/// An hour in milliseconds.
pub const HOUR: i64 = 3_600_000;
/// 2026-11-24 00:00 UTC: any fixed start will do.
pub const START: i64 = 1_795_478_400_000;

/// A fresh database file for one test, named after the test file (`suite`) and the test.
pub fn db(suite: &str, name: &str) -> (String, PathBuf) {
    let path = std::env::temp_dir().join(format!("ttrbot-{suite}-{}-{name}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    (format!("sqlite://{}", path.display()), path)
}

/// A clock the test sets.
#[derive(Clone)]
pub struct TestClock(Arc<AtomicI64>);

impl TestClock {
    /// A clock at [`START`].
    pub fn new() -> TestClock {
        TestClock(Arc::new(AtomicI64::new(START)))
    }

    /// Sets the clock `hours` after [`START`].
    pub fn at(&self, hours: f64) {
        self.0.store(START + (hours * HOUR as f64) as i64, Ordering::SeqCst);
    }

    /// The store's view of this clock.
    pub fn clock(&self) -> Clock {
        let now = Arc::clone(&self.0);
        Clock::from_fn(move || now.load(Ordering::SeqCst))
    }

    /// Opens (creating) a database reading this clock.
    pub async fn open(&self, url: &str) -> Store {
        Store::open_with_clock(url, self.clock()).await.unwrap()
    }
}

/// One test's database on one engine.
pub struct TestDb {
    /// Its URL, for [`Store::open`].
    pub url: String,
    /// The engine.
    pub backend: Backend,
    /// The file, for SQLite.
    pub path: Option<PathBuf>,
}

/// Where the PostgreSQL tests find a server: a URL of a database on it that may create others (`.ci/run` starts a
/// throwaway cluster and sets it).
pub const POSTGRES_ENV: &str = "TTRBOT_TEST_POSTGRES";

/// Fresh databases for one test, one per engine: a SQLite file always, and a PostgreSQL database when
/// [`POSTGRES_ENV`] names a server. Without one the PostgreSQL half is skipped with a printed reason, except under
/// `CI=true`, where it must run.
pub async fn databases(suite: &str, name: &str) -> Vec<TestDb> {
    let (url, path) = db(suite, name);
    let mut out = vec![TestDb {
        url,
        backend: Backend::Sqlite,
        path: Some(path),
    }];
    if let Some(url) = postgres_database(suite, name).await {
        out.push(TestDb {
            url,
            backend: Backend::Postgres,
            path: None,
        });
    }
    out
}

/// A fresh, empty PostgreSQL database for one test on the server of [`POSTGRES_ENV`], or `None` (and a printed
/// reason) when no server is given.
pub async fn postgres_database(suite: &str, name: &str) -> Option<String> {
    use sqlx::Connection;
    let Some(server) = std::env::var(POSTGRES_ENV).ok().filter(|s| !s.is_empty()) else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but {POSTGRES_ENV} is not set: the PostgreSQL tests must run in CI (.ci/run starts a server)"
        );
        static SAID: std::sync::Once = std::sync::Once::new();
        SAID.call_once(|| {
            // Straight to the terminal, past the test harness's capture of passing tests' output.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "skipping the PostgreSQL half of the store tests: set {POSTGRES_ENV}=postgres://user@host:port/db \
                 (a server where that user may create databases; .ci/run starts one)"
            );
        });
        return None;
    };
    let database: String = format!("ttrbot_{suite}_{name}_{}", std::process::id())
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .take(63)
        .collect();
    sqlx::any::install_default_drivers();
    let mut admin = sqlx::AnyConnection::connect(&server)
        .await
        .unwrap_or_else(|e| panic!("{POSTGRES_ENV}={server}: {e}"));
    sqlx::query(&format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"))
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE DATABASE {database}"))
        .execute(&mut admin)
        .await
        .unwrap();
    admin.close().await.unwrap();
    let mut url = url::Url::parse(&server).expect("a URL");
    url.set_path(&format!("/{database}"));
    Some(url.to_string())
}

/// A second fresh database on the same engine as `db`, for a test that needs two.
pub async fn another(db: &TestDb, suite: &str, name: &str) -> String {
    match db.backend {
        Backend::Sqlite => self::db(suite, name).0,
        Backend::Postgres => postgres_database(suite, name)
            .await
            .expect("a server, as for the first"),
    }
}

/// A 2-player USA game of two people (users `first` and `first + 1`) in `channel`, dealt from `seed`.
pub fn two_people(channel: u64, first: u64, seed: u64, settings: ttrbot::settings::Settings) -> ttrbot::store::NewGame {
    ttrbot::store::NewGame {
        channel_id: channel,
        guild_id: Some(7),
        map: "usa".into(),
        seed: seed.into(),
        seats: (0..2)
            .map(|i| ttrbot::store::NewSeat {
                user_id: Some(first + i as u64),
                name: format!("P{i}"),
                color: ttrbot::seating::PlayerColor::for_seat(i),
            })
            .collect(),
        settings,
    }
}
