//! The store's clock: where it reads the time, in Unix milliseconds (the system's, or one a test moves by hand).

use std::sync::Arc;

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
