//! Live pages: one watcher per watched game looks for a new version a few times a second (in the store, so a move
//! made by any process sharing it is seen) and hands every open page of that game the same new frame.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::broadcast;

use super::Pages;
use super::source::GameKey;

/// How often a watched game's version is read: a move shows on its pages within this (and the page's drawing).
pub const WATCH_EVERY: Duration = Duration::from_millis(250);

/// Frames a slow page may fall behind before it skips to the newest (every frame holds the whole position).
const FRAMES_KEPT: usize = 4;

/// The watched games, each with the channel its pages listen to.
#[derive(Default)]
pub struct Hub {
    watched: Mutex<HashMap<GameKey, broadcast::Sender<Arc<str>>>>,
}

impl Hub {
    /// Listens to `key`'s new frames (as JSON), starting its watcher if no page watched it.
    pub fn listen(&self, pages: &Pages, key: &GameKey, stamp: Option<i64>) -> broadcast::Receiver<Arc<str>> {
        let mut watched = self.watched.lock().expect("never poisoned");
        if let Some(sender) = watched.get(key) {
            return sender.subscribe();
        }
        let (sender, receiver) = broadcast::channel(FRAMES_KEPT);
        watched.insert(key.clone(), sender.clone());
        tokio::spawn(watch(pages.clone(), key.clone(), sender, stamp));
        receiver
    }

    /// How many games are watched now.
    pub fn watched_games(&self) -> usize {
        self.watched.lock().expect("never poisoned").len()
    }
}

/// Reads `key`'s version every [`WATCH_EVERY`] and sends the newest frame when it changes, until no page listens.
async fn watch(pages: Pages, key: GameKey, sender: broadcast::Sender<Arc<str>>, mut stamp: Option<i64>) {
    let mut every = tokio::time::interval(WATCH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        {
            // Stopped under the lock, so a page that starts listening now gets a new watcher.
            let mut watched = pages.hub().watched.lock().expect("never poisoned");
            if sender.receiver_count() == 0 {
                watched.remove(&key);
                return;
            }
        }
        let now = match pages.source().stamp(&key).await {
            Ok(now) => now,
            Err(e) => {
                tracing::warn!("a live page's game could not be read: {e}");
                continue;
            }
        };
        if now == stamp {
            continue;
        }
        stamp = now;
        match pages.latest_frame(&key).await {
            Ok(Some(frame)) => {
                let _ = sender.send(frame);
            }
            Ok(None) => {}
            Err(e) => tracing::warn!("a live page's frame could not be made: {e}"),
        }
    }
}
