//! Store helpers for tests: a fresh database file, and a clock the test moves by hand.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use ttrbot::store::{Clock, Store};

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
