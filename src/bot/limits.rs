//! What one person, or one channel, may ask of the bot in a while (pictures, public boards, hints at once), so that
//! nobody can slow the bot for everyone else; every limit reached is answered in words, and nothing is done.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The window the limits below count in.
pub const WINDOW: Duration = Duration::from_secs(60);

/// Pictures of their own (the Hand button, `/ttr hand`) one person may have drawn a minute: a look at every turn of
/// several games at once, and far from a flood (each costs tens of milliseconds of a core).
pub const PICTURES_A_MINUTE: usize = 10;

/// Public boards (`/ttr board`) one channel may show a minute: every turn message carries the board already, so
/// more than this is noise in the channel and drawing for nobody.
pub const PUBLIC_BOARDS_A_MINUTE: usize = 2;

/// Map uploads one server may make a minute: each new text is checked and drawn with its names searched (about a
/// second of the one drawing thread for 150 cities), and a map maker fixing a file uploads a few times at most.
pub const MAP_UPLOADS_A_MINUTE: usize = 3;

/// Most people or channels counted at once before the idle ones are forgotten, so the counts cannot grow without
/// end (each holds at most a minute of times).
const MOST_COUNTED: usize = 10_000;

/// Something asked for often, counted per person or per channel.
#[derive(Clone, Copy, Debug, Eq, Hash, PartialEq)]
pub enum Often {
    /// A private picture (counted per person).
    Picture,
    /// A board shown to the channel (counted per channel).
    PublicBoard,
    /// A map upload (counted per server).
    MapUpload,
}

impl Often {
    /// How many a [`WINDOW`] may hold.
    pub fn most(self) -> usize {
        match self {
            Often::Picture => PICTURES_A_MINUTE,
            Often::PublicBoard => PUBLIC_BOARDS_A_MINUTE,
            Often::MapUpload => MAP_UPLOADS_A_MINUTE,
        }
    }
}

/// The counts of one process (each process of a sharded bot counts its own servers' people and channels).
#[derive(Default)]
pub struct Limits {
    counted: Mutex<HashMap<(Often, u64), VecDeque<Instant>>>,
    hints: Arc<Mutex<HashSet<u64>>>,
}

impl Limits {
    /// Counts one more `what` for `who` (a person for pictures, a channel for boards) at `now`; when the last
    /// [`WINDOW`] holds as many as it may, counts nothing and says how long until the next one is allowed.
    ///
    /// # Errors
    /// The wait, when the limit is reached.
    pub fn count(&self, what: Often, who: u64, now: Instant) -> Result<(), Duration> {
        let mut counted = self.counted.lock().unwrap_or_else(PoisonError::into_inner);
        if counted.len() >= MOST_COUNTED {
            counted.retain(|_, times| times.back().is_some_and(|t| now.saturating_duration_since(*t) < WINDOW));
        }
        let times = counted.entry((what, who)).or_default();
        while times
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= WINDOW)
        {
            times.pop_front();
        }
        match times.front() {
            Some(first) if times.len() >= what.most() => {
                Err(WINDOW.saturating_sub(now.saturating_duration_since(*first)))
            }
            _ => {
                times.push_back(now);
                Ok(())
            }
        }
    }

    /// The person's turn to have a hint thought, or `None` while one of theirs is (in any game): one hint in flight
    /// per person, so asking again and again, in one game or in many, queues nothing more.
    pub fn hint(&self, user: u64) -> Option<HintInFlight> {
        let first = self.hints.lock().unwrap_or_else(PoisonError::into_inner).insert(user);
        // The guard is made only when it is kept, and after the lock is given back: a guard made and thrown away
        // while the set is held (as `then_some` would, its argument being evaluated either way) would lock it again
        // in its `Drop`, and a std mutex locked twice by one thread waits for ever, with the tokio worker under it.
        first.then(|| HintInFlight {
            hints: Arc::clone(&self.hints),
            user,
        })
    }
}

/// A person's hint being thought; dropping it lets them ask again.
pub struct HintInFlight {
    hints: Arc<Mutex<HashSet<u64>>>,
    user: u64,
}

impl Drop for HintInFlight {
    fn drop(&mut self) {
        self.hints
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.user);
    }
}

/// Whole seconds to wait, rounded up (never "0 s").
pub fn seconds(wait: Duration) -> u64 {
    wait.as_millis().div_ceil(1000).max(1) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eleventh_picture_in_a_minute_is_refused_with_the_wait_and_allowed_once_the_first_is_a_minute_old() {
        let limits = Limits::default();
        let start = Instant::now();
        for i in 0..PICTURES_A_MINUTE as u64 {
            assert_eq!(limits.count(Often::Picture, 7, start + Duration::from_secs(i)), Ok(()));
        }
        let later = start + Duration::from_secs(15);
        assert_eq!(limits.count(Often::Picture, 7, later), Err(Duration::from_secs(45)));
        assert_eq!(
            limits.count(Often::Picture, 8, later),
            Ok(()),
            "another person is not held up"
        );
        assert_eq!(
            limits.count(Often::PublicBoard, 7, later),
            Ok(()),
            "nor is a channel with that number"
        );
        assert_eq!(limits.count(Often::Picture, 7, start + WINDOW), Ok(()));
        assert!(
            limits.count(Often::Picture, 7, start + WINDOW).is_err(),
            "the second is still in the window"
        );
    }

    #[test]
    fn a_refused_ask_is_not_counted() {
        let limits = Limits::default();
        let start = Instant::now();
        for _ in 0..PUBLIC_BOARDS_A_MINUTE {
            limits.count(Often::PublicBoard, 1, start).unwrap();
        }
        for i in 1..100 {
            assert!(
                limits
                    .count(Often::PublicBoard, 1, start + Duration::from_millis(i * 100))
                    .is_err()
            );
        }
        assert_eq!(limits.count(Often::PublicBoard, 1, start + WINDOW), Ok(()));
    }

    #[test]
    fn counts_of_many_people_are_forgotten_once_idle() {
        let limits = Limits::default();
        let start = Instant::now();
        for who in 0..MOST_COUNTED as u64 * 3 {
            limits
                .count(Often::Picture, who, start + Duration::from_millis(who * 10))
                .unwrap();
        }
        let held = limits.counted.lock().unwrap().len();
        assert!(held <= MOST_COUNTED + 1, "{held} people held");
    }

    #[test]
    fn one_hint_in_flight_per_person_across_games_and_asking_again_after_it_ends() {
        let limits = Limits::default();
        let first = limits.hint(5).expect("the first hint");
        assert!(limits.hint(5).is_none(), "a second one while the first is thought");
        assert!(limits.hint(6).is_some(), "another person's");
        drop(first);
        assert!(limits.hint(5).is_some(), "after the first");
    }

    #[test]
    fn a_wait_is_said_in_whole_seconds_rounded_up() {
        assert_eq!(seconds(Duration::from_millis(1)), 1);
        assert_eq!(seconds(Duration::ZERO), 1);
        assert_eq!(seconds(Duration::from_millis(44_001)), 45);
    }
}
